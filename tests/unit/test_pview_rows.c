/* Tree rows: order, guides, collapsing, and the loads of Table I. */
#include "harness.h"

#include <stdlib.h>

#include "core/pcie/pcie_sim.h"
#include "script/lx.h"
#include "view/pcie/pview_rows.h"

int
main(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
    struct pcie_sim *sim = scenario_sim(s, &err);
    struct pcie_model *m = pcie_sim_model(sim);
    const struct pcie *p = s->pcie;
    struct pview_row rows[32];
    double load[64];
    int count[64], present[8], n;
    char collapsed[32] = {0};

    pcie_sim_eval_at(sim, 0, present);
    pview_loads(m, load, count);
    n = pview_rows(p, NULL, load, count, 1, rows, 32);
    CHECK(n == 15, "15 rows");
    CHECK(rows[0].node == 0 && rows[0].prefix[0] == '\0', "RC first");
    CHECK_STR(pcie_node(p, rows[3].node)->name, "0", "row 4 is GPU 0");
    CHECK_STR(rows[3].prefix, "| | |-", "ASCII guides of GPU 0");
    CHECK_STR(rows[8].prefix, "`-", "SB is the last child of RC");
    CHECK_STR(rows[14].prefix, "    `-", "GPU 7 guides");
    /* loads: K0's uplink carries 0->2 and 1->4 at 0.3 each */
    {
        int k0 = 2;
        CHECK_STR(pcie_node(p, rows[k0].node)->name, "K0", "row 3 is K0");
        CHECK_NEAR(rows[k0].up, 0.6, 1e-12, "K0 up: 0.3 + 0.3");
        CHECK(rows[k0].nup == 2 && rows[k0].ndown == 0, "K0: 2 flows up");
    }
    CHECK_NEAR(load[pcie_down(pcie_find(p, "4"))], 1.0, 1e-12,
               "GPU 4's port: 0.3 + 0.7 = 1");
    CHECK_NEAR(load[pcie_down(pcie_find(p, "2"))], 1.0, 1e-12,
               "GPU 2's port: 0.3 + 0.7 = 1");
    n = pview_rows(p, NULL, NULL, NULL, 0, rows, 32);
    CHECK_STR(rows[3].prefix, "\u2502 \u2502 \u251c\u2500", "UTF-8 guides");
    collapsed[pcie_find(p, "SA")] = 1;
    n = pview_rows(p, collapsed, NULL, NULL, 1, rows, 32);
    CHECK(n == 9 && rows[1].collapsed && rows[1].has_children,
          "SA collapsed hides 6 rows");
    CHECK(pview_rows(p, NULL, NULL, NULL, 1, rows, 4) == 15,
          "the count is right even when rows run out");
    pcie_sim_free(sim);
    scenario_free(s);
    TEST_DONE();
}
