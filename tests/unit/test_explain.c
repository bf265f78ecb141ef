/* "Why this number": the explanation points at the right ports and flows
   and carries the numbers of Table I. */
#include "harness.h"

#include <stdlib.h>

#include "core/pcie/pcie_sim.h"
#include "script/lx.h"
#include "core/pcie_explain.h"

static const struct explain_line *
find(const struct explain *ex, int kind, const char *needle)
{
    for (int i = 0; i < ex->n; i++)
        if (ex->line[i].kind == kind &&
            (needle == NULL || strstr(ex->line[i].text, needle) != NULL))
            return &ex->line[i];
    return NULL;
}

int
main(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
    struct pcie_sim *sim = scenario_sim(s, &err);
    struct pcie_sim_result res;
    struct pcie_model *m = pcie_sim_model(sim);
    struct explain ex = {0};
    const struct explain_line *l;
    const struct pcie *p = s->pcie;

    pcie_sim_result_init(&res);
    pcie_sim_run(sim, NULL, &res, NULL);
    pcie_sim_eval_step(sim, &res, 0);

    explain_flow(&ex, s, m, 0, 0, &res);
    l = find(&ex, EXPLAIN_TITLE, NULL);
    CHECK(l && strstr(l->text, "factor 0.3 (3/10)"), "flow 1: 3/10");
    l = find(&ex, EXPLAIN_STEP_D, "head-of-line blocked");
    CHECK(l && l->flow == 1 && l->chan == pcie_up(pcie_find(p, "K0")),
          "flow 1 is blocked by flow 2 at K0->SA");
    CHECK(ex.n == 10,
          "flow 1: title, path, factors, 4 hops, D8, D9, rate "
          "(%d lines)",
          ex.n);
    explain_fini(&ex);

    explain_flow(&ex, s, m, 1, 0, &res);
    l = find(&ex, EXPLAIN_HOP, "root-complex port of RC");
    CHECK(l && strstr(l->text, "min(max(1/1 - tau 0.2, 0), R 0.5) = 0.5"),
          "flow 2 at the RC: alone, 1 - tau capped by R");
    l = find(&ex, EXPLAIN_HOP, "round robin among 2 groups");
    CHECK(l && l->chan == pcie_down(pcie_find(p, "K2")) &&
              strstr(l->text, "min(max(1/2 - tau 0.2, 0), R 0.5) = 0.3"),
          "flow 2 at SB->K2: round robin among 2, minus tau");
    l = find(&ex, EXPLAIN_LIMIT, NULL);
    CHECK(l && l->chan == pcie_down(pcie_find(p, "K2")),
          "flow 2 is limited at SB->K2");
    l = find(&ex, EXPLAIN_RESULT, NULL);
    CHECK(l && strstr(l->text, "0.3 x 11.6 GiB/s = 3.48 GiB/s"), "rate");
    explain_fini(&ex);

    explain_flow(&ex, s, m, 2, 0, &res);
    l = find(&ex, EXPLAIN_STEP_D, "blocked flows leave 0.2");
    CHECK(l && l->chan == pcie_down(pcie_find(p, "2")),
          "flow 3 gains 0.2 at K1->2 (D9)");
    explain_fini(&ex);

    /* the second time step: flow 3 has ended */
    pcie_sim_eval_step(sim, &res, 1);
    explain_flow(&ex, s, m, 2, res.step[1].t0, &res);
    CHECK(find(&ex, EXPLAIN_NOTE, "it ended at 36.08 ms") != NULL,
          "flow 3 ended at 36.08 ms");
    explain_fini(&ex);
    explain_flow(&ex, s, m, 0, res.step[1].t0, &res);
    CHECK(find(&ex, EXPLAIN_TITLE, "factor 0.5 (1/2)") != NULL,
          "flow 1 gets 1/2 in step 2");
    explain_fini(&ex);

    pcie_sim_result_fini(&res);
    pcie_sim_free(sim);
    scenario_free(s);
    TEST_DONE();
}
