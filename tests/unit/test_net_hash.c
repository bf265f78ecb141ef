/*
 * test_net_hash: the reference engine of the link model (net_opts.engine
 * NET_ENGINE_REFERENCE) still gives, bit for bit, what it gave when it was
 * the only engine: a hash of every link's bytes, every message's bandwidth
 * and the mapping metrics, over every shipped network scenario and the
 * interactive df-40 preset, under every routing, on 1, 2 and 3 threads.
 * The expected hashes were taken from the engine before the thread pool
 * moved to core/base and before the default engine was added; a mismatch
 * means the reference moved, which it must not.
 *
 * The cases that take seconds a solve run on 1 and 2 threads only, and
 * AI and AH on dragonfly-workload (half a million messages, 20 s a
 * solve) and the full 8.8M-core system (scenarios/dragonfly-thesis.lua)
 * are checked by `make bench` (bench_net), not here. RHO_TEST_QUICK=1
 * (make tsan) and RHO_SANITIZED=1 (make asan) run only the small
 * scenarios. RHO_HASH_PRINT=1 prints the table instead of checking it.
 */
#include "harness.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/net/net_model.h"
#include "core/net/net_scen.h"
#include "core/scenario.h"
#include "script/lx.h"
#include "support_hash.h"

/* A case: a scenario file, or the df-40 preset under UMesh (RDN) with
   npr ranks per router, as bench_net runs it. */
struct hcase {
    const char *name;
    int npr;      /* df-40 ranks per router; 0: the scenario file name */
    int quick;    /* small: also in the sanitizer runs, on 1-3 threads */
    int bench_ai; /* AI and AH only in make bench */
};

static const struct hcase cases[] = {
    {"scenarios/torus-5x5.lua", 0, 1, 0},
    {"scenarios/mesh-4x4-paths.lua", 0, 1, 0},
    {"scenarios/fattree-k4.lua", 0, 1, 0},
    {"scenarios/dragonfly-small.lua", 0, 1, 0},
    {"scenarios/tca-ring.lua", 0, 1, 0},
    {"scenarios/table1-both-models.lua", 0, 1, 0},
    {"scenarios/bgq-512-umesh.lua", 0, 0, 0},
    {"scenarios/supernode-degeijn.lua", 0, 1, 0},
    {"scenarios/dragonfly-workload.lua", 0, 0, 1},
    {"df-40 umesh", 1, 0, 0},
    {"df-40 umesh", 4, 0, 0},
};

/* Expected hashes: [case][routing DOR..AH]; the same for every thread
   count. Generated with RHO_HASH_PRINT=1 from the engine as it was. */
static const uint64_t want[][NET_ROUTING_COUNT] = {
#include "net_hash.inc"
};

/* The jobs of a scenario, every one with routing. */
static struct net_result *
solve_scen(const struct scenario *s, int routing, int threads,
           struct rho_err *err)
{
    const struct net_scen *l = s->net;
    struct net_job *jobs = calloc((size_t)l->njobs, sizeof *jobs);
    struct net_opts o;
    struct net_result *r;

    net_opts_init(&o);
    o.threads = threads;
    o.seed = s->seed ? s->seed : o.seed;
    o.minimal = l->minimal;
    o.si_samples = 16; /* SI per packet is slow and tested elsewhere */
    o.engine = NET_ENGINE_REFERENCE;
    for (int j = 0; j < l->njobs; j++) {
        jobs[j].pattern = l->job[j].pattern;
        jobs[j].placement = l->placement;
        jobs[j].offset = l->job[j].offset;
        jobs[j].routing = routing;
    }
    r = net_model_solve(l->net, jobs, l->njobs, &o, err);
    free(jobs);
    return r;
}

static struct net_result *
solve_df40(int npr, int routing, int threads, struct rho_err *err)
{
    struct net_spec sp;
    struct net *net;
    struct placement *pl;
    struct pattern *pat;
    struct net_result *r;
    struct net_opts o;
    struct net_job job;

    net_preset("df-40", &sp, NULL);
    sp.df.nodes_per_router = npr;
    net = net_new(&sp, NULL);
    pl = placement_scheme_new(net, PLACE_RDN, (int)net_slots(net), 3, NULL);
    pat = pattern_thesis("umesh", (int)net_slots(net), 0, 5, NULL);
    net_opts_init(&o);
    o.threads = threads;
    o.si_samples = 16;
    o.engine = NET_ENGINE_REFERENCE;
    job.pattern = pat;
    job.placement = pl;
    job.offset = 0;
    job.routing = routing;
    r = net_model_solve(net, &job, 1, &o, err);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
    return r;
}

int
main(void)
{
    int quick = getenv("RHO_TEST_QUICK") != NULL ||
                getenv("RHO_SANITIZED") != NULL;
    int print = getenv("RHO_HASH_PRINT") != NULL;
    size_t ncases = sizeof cases / sizeof cases[0];

    CHECK(sizeof want / sizeof want[0] == ncases || print,
          "a row of hashes for each of the %zu cases", ncases);
    for (size_t c = 0; c < ncases; c++) {
        struct scenario *s = NULL;
        struct rho_err err;
        if (quick && !cases[c].quick)
            continue;
        if (cases[c].npr == 0) {
            s = lx_run_file(cases[c].name, NULL, &err);
            if (s == NULL || s->net == NULL) {
                CHECK(0, "%s: %s", cases[c].name, s ? "no network" : err.msg);
                scenario_free(s);
                continue;
            }
        }
        if (print)
            printf("    {");
        for (int rt = 0; rt < NET_ROUTING_COUNT; rt++) {
            uint64_t h[3] = {0, 0, 0};
            int nt = print ? 1 : cases[c].quick ? 3 : 2;
            if (cases[c].bench_ai && !print &&
                (rt == NET_AI || rt == NET_AH))
                continue;
            for (int t = 0; t < nt; t++) {
                struct net_result *r =
                    s != NULL ? solve_scen(s, rt, t + 1, &err)
                              : solve_df40(cases[c].npr, rt, t + 1, &err);
                h[t] = r != NULL ? result_hash(r) : 0;
                if (r == NULL)
                    printf("# %s %s: %s\n", cases[c].name,
                           net_routing_name(rt), err.msg);
                net_result_free(r);
            }
            if (print) {
                printf("0x%016" PRIx64 "ULL%s", h[0],
                       rt + 1 < NET_ROUTING_COUNT ? ", " : "},\n");
                continue;
            }
            CHECK(h[0] == want[c][rt] && h[1] == h[0] &&
                      (nt < 3 || h[2] == h[0]),
                  "%s%s %s: reference hash %016" PRIx64 " on 1 to %d "
                  "threads (1: %016" PRIx64 ", 2: %016" PRIx64
                  ", 3: %016" PRIx64 ")",
                  cases[c].name,
                  cases[c].npr == 4   ? " (4 ranks/router)"
                  : cases[c].npr == 1 ? " (1 rank/router)"
                                      : "",
                  net_routing_name(rt), want[c][rt], nt, h[0], h[1], h[2]);
        }
        if (print)
            fflush(stdout);
        scenario_free(s);
    }
    TEST_DONE();
}
