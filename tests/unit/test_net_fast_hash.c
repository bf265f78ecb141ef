/*
 * test_net_fast_hash: the default engine of the link model (NET_ENGINE_FAST)
 * gives, bit for bit, what it gave when these hashes were taken, on every
 * shipped network scenario (scenarios/ and scenarios/lessons/) and the
 * df-40 preset, under every routing whose solve takes well under a second.
 * A hash covers every link's bytes, every message's and path's bandwidth,
 * the per-job bytes, the phases, the bandwidth quantiles and the counts.
 *
 * test_net_hash pins the reference engine; this pins what a user sees.
 * The default engine is allowed to change (a faster method, a model fix),
 * but never by accident: a change that moves a hash must say so in its
 * commit, with what moved and why, and regenerate the table:
 *
 *     RHO_HASH_PRINT=1 build/tests/test_net_fast_hash > tests/unit/net_fast_hash.inc
 *
 * (run from the top of the tree, on a quiet machine: the print mode solves
 * every case, times it, and keeps those under FAST_MAX_CPU seconds of CPU;
 * the slow ones are measured by make bench). Under the sanitizers
 * (RHO_SANITIZED, RHO_TEST_QUICK) only the cases marked quick run.
 */
#include "harness.h"

#include <glob.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/net/net_model.h"
#include "core/net/net_scen.h"
#include "core/scenario.h"
#include "script/lx.h"

#define FAST_MAX_CPU 0.25   /* a case kept in the table: CPU seconds */
#define FAST_QUICK_CPU 0.02 /* also run under the sanitizers */
#define THREADS 2

struct fcase {
    const char *name; /* a scenario file, or "df-40 x1", "df-40 x4" */
    const char *routing;
    uint64_t hash;
    int quick;
};

static const struct fcase cases[] = {
#include "net_fast_hash.inc"
};

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;

    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 1099511628211ULL;
    return h;
}

static uint64_t
result_hash(const struct net_result *r)
{
    uint64_t h = 1469598103934665603ULL;

    h = fnv(h, r->bytes, sizeof(double) * (size_t)r->nlinks);
    if (r->nmsg > 0 && r->msg_bw != NULL)
        h = fnv(h, r->msg_bw, sizeof(double) * (size_t)r->nmsg);
    h = fnv(h, &r->msgs, sizeof r->msgs);
    h = fnv(h, &r->routed, sizeof r->routed);
    h = fnv(h, &r->hop_bytes, sizeof r->hop_bytes);
    h = fnv(h, &r->hops_sum, sizeof r->hops_sum);
    h = fnv(h, &r->hops_max, sizeof r->hops_max);
    h = fnv(h, &r->iterations, sizeof r->iterations);
    h = fnv(h, &r->phase_time_ext, sizeof r->phase_time_ext);
    h = fnv(h, &r->nphases, sizeof r->nphases);
    for (int i = 0; i < r->nphases; i++) {
        uint64_t x = result_hash(r->phase[i]);
        h = fnv(h, &x, sizeof x);
    }
    h = fnv(h, r->bwq, sizeof r->bwq);
    h = fnv(h, &r->bwq_n, sizeof r->bwq_n);
    h = fnv(h, &r->bwq_starved, sizeof r->bwq_starved);
    if (r->path_off != NULL && r->path_bw != NULL)
        h = fnv(h, r->path_bw, sizeof(double) * (size_t)r->path_off[r->nmsg]);
    if (r->job_bytes != NULL)
        h = fnv(h, r->job_bytes,
                sizeof(double) * (size_t)r->nlinks * (size_t)r->njobs);
    return h;
}

static double
cpu_now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int
routing_of(const char *name)
{
    for (int rt = 0; rt < NET_ROUTING_COUNT; rt++)
        if (strcmp(net_routing_name(rt), name) == 0)
            return rt;
    return -1;
}

/* One solve: a scenario with every job under routing rt, or df-40 with
   npr ranks per router under UMesh at RDN, as bench_net runs it. */
static struct net_result *
solve(struct scenario *s, int npr, int rt, struct rho_err *err)
{
    struct net_opts o;
    struct net_result *r;

    net_opts_init(&o);
    o.threads = THREADS;
    o.si_samples = 16; /* SI per packet is slow, and tested elsewhere */
    o.engine = NET_ENGINE_FAST;
    if (s != NULL) {
        for (int j = 0; j < s->net->njobs; j++)
            s->net->job[j].routing = rt;
        return scenario_net_solve(s, &o, err);
    }
    struct net_spec sp;
    net_preset("df-40", &sp, NULL);
    sp.df.nodes_per_router = npr;
    struct net *net = net_new(&sp, NULL);
    struct placement *pl =
        placement_scheme_new(net, PLACE_RDN, (int)net_slots(net), 3, NULL);
    struct pattern *pat =
        pattern_thesis("umesh", (int)net_slots(net), 0, 5, NULL);
    struct net_job job = {pat, pl, 0, rt};
    o.seed = 1;
    r = net_model_solve(net, &job, 1, &o, err);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
    return r;
}

/* A case's scenario: NULL with *npr set for the df-40 preset. */
static struct scenario *
load(const char *name, int *npr, struct rho_err *err)
{
    *npr = 0;
    if (strncmp(name, "df-40 x", 7) == 0) {
        *npr = atoi(name + 7);
        return NULL;
    }
    return lx_run_file(name, NULL, err);
}

/* RHO_HASH_PRINT: every shipped scenario with a network, every routing,
   timed; the rows under FAST_MAX_CPU are printed as the table. */
static void
print_table(void)
{
    glob_t g;
    int ntotal;

    glob("scenarios/*.lua", 0, NULL, &g);
    glob("scenarios/lessons/*.lua", GLOB_APPEND, NULL, &g);
    ntotal = (int)g.gl_pathc + 2;
    printf("/* generated by RHO_HASH_PRINT=1 build/tests/test_net_fast_hash "
           "(see that file): name, routing, hash, quick */\n");
    for (int k = 0; k < ntotal; k++) {
        const char *name = k == 0 ? "df-40 x1" : k == 1 ? "df-40 x4"
                                                        : g.gl_pathv[k - 2];
        struct rho_err err;
        int npr;
        struct scenario *s;

        if (strstr(name, "dragonfly-thesis") != NULL)
            continue; /* 8.8M cores: make bench */
        s = load(name, &npr, &err);
        if (npr == 0 && (s == NULL || s->net == NULL || s->net->njobs == 0 ||
                         s->net->placement == NULL)) {
            scenario_free(s);
            continue;
        }
        for (int rt = 0; rt < NET_ROUTING_COUNT; rt++) {
            double c0 = cpu_now();
            struct net_result *r = solve(s, npr, rt, &err);
            double c = cpu_now() - c0;
            if (r == NULL) {
                fprintf(stderr, "%s %s: %s\n", name, net_routing_name(rt),
                        err.msg);
                continue;
            }
            uint64_t h = result_hash(r);
            net_result_free(r);
            fprintf(stderr, "%-44s %-3s %.3f s\n", name,
                    net_routing_name(rt), c);
            if (c > FAST_MAX_CPU)
                continue;
            printf("{\"%s\", \"%s\", 0x%016" PRIx64 "ULL, %d},\n", name,
                   net_routing_name(rt), h, c < FAST_QUICK_CPU);
            fflush(stdout);
        }
        scenario_free(s);
    }
    globfree(&g);
}

int
main(void)
{
    int quick = getenv("RHO_TEST_QUICK") != NULL ||
                getenv("RHO_SANITIZED") != NULL;
    size_t ncases = sizeof cases / sizeof cases[0];
    struct scenario *s = NULL;
    const char *loaded = NULL;
    int npr = 0, nrun = 0;

    if (getenv("RHO_HASH_PRINT") != NULL) {
        print_table();
        return 0;
    }
    CHECK(ncases >= 100, "the table holds the shipped cases (%zu rows)",
          ncases);
    for (size_t c = 0; c < ncases; c++) {
        struct rho_err err;
        int rt = routing_of(cases[c].routing);

        if (quick && !cases[c].quick)
            continue;
        if (loaded == NULL || strcmp(loaded, cases[c].name) != 0) {
            scenario_free(s);
            s = load(cases[c].name, &npr, &err);
            loaded = cases[c].name;
            if (npr == 0 && (s == NULL || s->net == NULL)) {
                CHECK(0, "%s: %s", cases[c].name,
                      s != NULL ? "no network" : err.msg);
                scenario_free(s);
                s = NULL;
                loaded = NULL;
                continue;
            }
        }
        CHECK(rt >= 0, "%s: a routing named %s", cases[c].name,
              cases[c].routing);
        if (rt < 0)
            continue;
        struct net_result *r = solve(s, npr, rt, &err);
        uint64_t h = r != NULL ? result_hash(r) : 0;
        CHECK(h == cases[c].hash,
              "%s %s: the default engine's hash %016" PRIx64 " (got %016" PRIx64
              "%s%s)",
              cases[c].name, cases[c].routing, cases[c].hash, h,
              r == NULL ? ": " : "", r == NULL ? err.msg : "");
        net_result_free(r);
        nrun++;
    }
    scenario_free(s);
    CHECK(nrun > 0, "some cases ran (%d)", nrun);
    TEST_DONE();
}
