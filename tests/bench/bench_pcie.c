/*
 * bench_pcie: the PCIe model's speed.
 *  - one evaluation of Algorithm 1 (Table I: 4 flows on T2);
 *  - whole 2D- and 3D-halo schedules on T2 run to completion, in random
 *    per-source orders (fixed seed), with the memo of active sets off
 *    (every step evaluates Algorithm 1) and on (as a search runs them).
 * The paper's authors report "a few milliseconds" per congestion graph in
 * Python (SC16 Sec. V-E).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/pcie/pcie_model.h"
#include "core/pcie/pcie_sim.h"
#include "core/base/rng.h"
#include "core/scenario.h"
#include "script/lx.h"

/* Random priorities: each source's flows in a random order. */
static void
random_prio(struct rng *g, int n, int *prio)
{
    for (int i = 0; i < n; i++)
        prio[i] = (int)rng_below(g, 1000000);
}

static void
bench_schedules(const char *file, int runs)
{
    struct rho_err err;
    struct scenario *s = lx_run_file(file, NULL, &err);
    struct pcie_sim *sim;
    struct rng g;
    int *prio;
    double t0, t1, sum = 0;
    long evals, hits;

    if (s == NULL) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    prio = calloc((size_t)s->nflows, sizeof *prio);
    for (int memo = 0; memo <= 2; memo++) {
        sim = scenario_sim(s, &err); /* a fresh memo */
        pcie_sim_set_memo(sim, memo);
        rng_init(&g, 42);
        t0 = rho_wall();
        for (int r = 0; r < runs; r++) {
            random_prio(&g, s->nflows, prio);
            sum += pcie_sim_run(sim, prio, NULL, NULL);
        }
        t1 = rho_wall();
        printf("%-26s %d flows, memo %-6s: %8.3f us per schedule "
               "(%d schedules)\n",
               file + 10, s->nflows,
               memo == 0 ? "off" : memo == 1 ? "hash" : "direct",
               (t1 - t0) / runs * 1e6, runs);
        if (memo) {
            pcie_sim_memo_stats(sim, &evals, &hits);
            printf("%-26s memo: %ld active sets evaluated, %ld lookups "
                   "answered from it\n",
                   file + 10, evals, hits);
        }
        pcie_sim_free(sim);
    }
    if (sum < 0)
        printf("(starved)\n");
    free(prio);
    scenario_free(s);
}

static void
bench_eval(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
    struct pcie_sim *sim = scenario_sim(s, &err);
    struct pcie_model *m = pcie_sim_model(sim);
    int present[4] = {0, 1, 2, 3}, n = 1000000;
    double rho[4], t0 = rho_wall(), acc = 0;

    for (int i = 0; i < n; i++) {
        pcie_model_eval(m, present, 4, rho);
        acc += rho[0];
    }
    printf("Algorithm 1, Table I (4 flows on T2): %.3f us per evaluation "
           "(%.0f)\n",
           (rho_wall() - t0) / n * 1e6, acc / n * 10);
    pcie_sim_free(sim);
    scenario_free(s);
}

int
main(void)
{
    bench_eval();
    bench_schedules("scenarios/halo2d-t2.lua", 200000);
    bench_schedules("scenarios/halo3d-t2.lua", 200000);
    return 0;
}
