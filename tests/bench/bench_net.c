/*
 * bench_net: the link-utilization model at the sizes that matter.
 *
 *  1. interactive: the df-40 preset (3,840 routers; UMesh over 15,360
 *     ranks, about 200,000 messages, and over one rank per router) with
 *     SD, AD, AI and AH, 1 and 2 threads, under the default (fast) engine,
 *     the exact one and the reference -- time, CPU and peak memory;
 *  2. every shipped network scenario's adaptive solves (AD, AI, AH) with
 *     the default engine, 2 threads, as rho solves them (phase by phase);
 *     a solve over 200 ms says so; one under 2 s runs twice more, each
 *     in a new thread of the same process, as the explorer's next runs
 *     of it do (the scratch blocks, core/base/scratch.h, and the
 *     threads' heaps warm), and the last of them is shown;
 *  3. the fast engine against the reference where it departs from the
 *     exact one (df-40 at 1 and 4 ranks per router, part 4's 31x3x4
 *     dragonfly at RDC and RDG, and every shipped scenario whose AI or AH
 *     exposure it compresses or, on a torus, whose identical messages it
 *     solves in runs):
 *     the change of every class's six numbers, of the message bandwidths
 *     and of the phase estimate (for the presets also with the exposure
 *     in one round, as the full system's, and so folded in runs of 2
 *     and 4, as the supernode machine's collectives under AI and AH),
 *     and whether the routings keep their
 *     order and ratios (the thesis's conclusions); the reference's hashes
 *     of dragonfly-workload's AI and AH (test_net_hash leaves them here);
 *  4. Jain Sec. 3.2.4 on a small balanced dragonfly: UMesh under every
 *     routing for RDC and RDG (AI lowers SI's maximum, AH best);
 *  5. batch: the full 8.8M-core thesis system (92,160 routers, 8,847,360
 *     ranks, UMesh, about 115 million messages), in order and RDN, 2
 *     threads: SD, AD -- and AI and AH with RHO_BENCH_FULL=1 (half a minute
 *     in order, four to six minutes at RDN, on two cores);
 *  6. the explorer's path on four large scenarios: a session on two
 *     threads, as the TUI runs it, with the focus on the link model
 *     ("link first") and without (the queueing model beside it): the time
 *     to the link model's first result, then from an edit of the routing
 *     (AD, AI, AH, then the three again) to its result, computed, then
 *     remembered; and ("read 1 s") as a reader who reads each result for
 *     a second before the edit while the explorer looks ahead to it
 *     (session_ahead_routing(), once every model's run has ended); and
 *     ("round") as a reader who reads the first result while the
 *     explorer looks ahead round the routings (AD, AI, AH, each once the
 *     one before has ended: session_ahead_ended()), then presses R three
 *     times in a row.
 * Every solve runs in a child process of its own, so that the peak memory
 * printed (getrusage ru_maxrss of the child: network, placement, pattern
 * and solve together) is that solve's. Wall times on a shared machine
 * vary: the CPU time (all threads) is printed beside them. --quick runs
 * parts 1 and 5 (SD, AD) only, --part N part N only, --part N NAME
 * (parts 2, 3 and 6) only the scenarios whose file name contains NAME (and
 * in part 3 the presets whose name does: df-40, 31x3x4).
 * RHO_BENCH_SEED=1 adds to part 3 the reference's own change from the
 * scenario's seed (a preset's: 1) to the next, for scale; RHO_BENCH_EXACT=1
 * runs part 2 under the exact engine (the fast one's "before").
 */
#include <glob.h>
#include <pthread.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/base/clock.h"
#include "core/model.h"
#include "core/net/net_model.h"
#include "core/net/net_scen.h"
#include "core/net/net_stats.h"
#include "core/scenario.h"
#include "core/session.h"
#include "script/lx.h"
#include "unit/support_hash.h"

#define MiB 1048576.0

static double
cpu(void)
{
    struct timespec t;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static double
peak_mib(void)
{
    struct rusage u;

    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024.0;
}

static const char *
ename(int engine)
{
    return engine == NET_ENGINE_REFERENCE ? "ref"
           : engine == NET_ENGINE_EXACT   ? "exact"
                                          : "fast";
}

/* > 0: the fast engine's budget of fresh paths (net_opts.samples) for
   the next solve_jobs() */
static long long samples_cap;
/* > 0: the next solve_jobs() folds AI and AH in runs of this many
   (net_opts.fold_runs, forced) */
static int fold_w;

static struct net_result *
solve_jobs(const struct net *net, const struct net_job *jobs, int njobs,
           int engine, int threads, uint64_t seed, double *secs,
           double *cpus)
{
    struct net_opts o;
    struct rho_err e;
    struct net_result *r;
    double t0, c0;

    net_opts_init(&o);
    o.threads = threads;
    o.seed = seed;
    o.si_samples = 16;
    o.engine = engine;
    o.per_job = njobs > 1;
    if (samples_cap > 0)
        o.samples = samples_cap;
    if (fold_w > 0) {
        o.msgs_limit = -1;
        o.fold_runs = fold_w;
    }
    t0 = rho_wall();
    c0 = cpu();
    r = net_model_solve(net, jobs, njobs, &o, &e);
    *secs = rho_wall() - t0;
    *cpus = cpu() - c0;
    if (r == NULL) {
        fprintf(stderr, "bench_net: %s\n", e.msg);
        exit(1);
    }
    return r;
}

static void
line(const struct net *net, const char *what, const char *pl, int routing,
     int engine, int threads, const struct net_result *r, double secs,
     double cpus)
{
    struct net_stats *st = net_stats_result(net, r, 0, NULL);

    printf("%-26s %-6s %-2s %-5s %dT %10lld msgs %3d it f %2d %8.3f s "
           "(cpu %7.3f) max %8.2f MiB peak %6.0f MiB\n",
           what, pl, net_routing_name(routing), ename(engine), threads,
           r->msgs, r->iterations, r->exposure, secs, cpus,
           st->cls[0].max / MiB, peak_mib());
    fflush(stdout);
    net_stats_free(st);
}

/* Run fn(a, b, c) in a child process and wait for it. */
static void
child(void (*fn)(int, int, int), int a, int b, int c)
{
    pid_t pid;

    fflush(stdout); /* (else the child writes what is buffered again) */
    pid = fork();
    if (pid == 0) {
        fn(a, b, c);
        fflush(stdout);
        _exit(0);
    }
    if (pid < 0)
        fn(a, b, c);
    else
        waitpid(pid, NULL, 0);
}

static struct net *
df40(int npr, struct placement **pl, struct pattern **pat)
{
    struct net_spec s;
    struct net *net;

    net_preset("df-40", &s, NULL);
    s.df.nodes_per_router = npr;
    net = net_new(&s, NULL);
    *pl = placement_scheme_new(net, PLACE_RDN, (int)net_slots(net), 3, NULL);
    *pat = pattern_thesis("umesh", (int)net_slots(net), 0, 5, NULL);
    return net;
}

/* Jain Sec. 3.2.4's dragonfly: 31 groups of 3x4 routers, 2 nodes of 12
   cores a router, UMesh, placed by scheme. */
static struct net *
df31(int scheme, struct placement **pl, struct pattern **pat)
{
    struct net_dragonfly_params p;
    struct net *net;

    memset(&p, 0, sizeof p);
    p.groups = 31;
    p.chassis = 3;
    p.routers = 4;
    p.nodes_per_router = 2;
    p.cores = 12;
    p.global_per_pair = 1;
    p.bw_row = p.bw_col = p.bw_global = 5120 * MiB;
    net = net_dragonfly_new(&p, NULL);
    *pat = pattern_thesis("umesh", (int)net_slots(net), 0, 17, NULL);
    *pl = placement_scheme_new(net, scheme, (int)net_slots(net), 23, NULL);
    return net;
}

/* 1. df-40 */
static void
interactive(int npr, int routing, int et)
{
    struct placement *pl;
    struct pattern *pat;
    struct net *net = df40(npr, &pl, &pat);
    struct net_job job = {pat, pl, 0, routing};
    struct net_result *r;
    char what[64];
    double secs, cpus;
    int engine = et / 10, threads = et % 10;

    snprintf(what, sizeof what, "df-40 (%d rank%s/router)", npr,
             npr > 1 ? "s" : "");
    r = solve_jobs(net, &job, 1, engine, threads, 1, &secs, &cpus);
    line(net, what, "RDN", routing, engine, threads, r, secs, cpus);
    net_result_free(r);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

/* The shipped scenarios (the .lua files of scenarios/ and
   scenarios/lessons/; those without a network are skipped), found once in
   main() and seen by every child. */
static glob_t scen;

/* A scenario's jobs, every one under routing, as rho solves them
   (scenario_net_solve(): its seed, paths, phases). */
static struct net_result *
solve_scen(struct scenario *s, int routing, int engine, double *secs,
           double *cpus)
{
    struct net_opts o;
    struct rho_err e;
    struct net_result *r;
    double t0, c0;

    for (int j = 0; j < s->net->njobs; j++)
        s->net->job[j].routing = routing;
    net_opts_init(&o);
    o.threads = 2;
    o.si_samples = 16;
    o.engine = engine;
    t0 = rho_wall();
    c0 = cpu();
    r = scenario_net_solve(s, &o, &e);
    *secs = rho_wall() - t0;
    *cpus = cpu() - c0;
    if (r == NULL) {
        fprintf(stderr, "bench_net: %s\n", e.msg);
        exit(1);
    }
    return r;
}

/* solve_scen() in a thread of its own, as the explorer runs a solve (a
   job thread per run). */
struct solve_arg {
    struct scenario *s;
    int routing, engine;
    double secs, cpus;
    struct net_result *r;
};

static void *
solve_thread(void *arg)
{
    struct solve_arg *a = arg;

    a->r = solve_scen(a->s, a->routing, a->engine, &a->secs, &a->cpus);
    return NULL;
}

/* The scenario k if it has traffic for the link model, else NULL. */
static struct scenario *
load_scen(int k, const char **name)
{
    struct rho_err e;
    struct scenario *s = lx_run_file(scen.gl_pathv[k], NULL, &e);

    if (s == NULL) {
        printf("%s: %s\n", scen.gl_pathv[k], e.msg);
        return NULL;
    }
    if (s->net == NULL || s->net->njobs == 0 || s->net->placement == NULL) {
        scenario_free(s);
        return NULL;
    }
    *name = strrchr(scen.gl_pathv[k], '/') + 1;
    return s;
}

/* 2. every shipped network scenario's adaptive solves */
static void
scenario_solves(int k, int i, int unused)
{
    static const int rts[3] = {NET_AD, NET_AI, NET_AH};
    const char *name;
    struct scenario *s = load_scen(k, &name);

    (void)unused;
    if (s == NULL)
        return;
    {
        double secs, cpus;
        int eng = getenv("RHO_BENCH_EXACT") != NULL ? NET_ENGINE_EXACT
                                                    : NET_ENGINE_FAST;
        struct net_result *r = solve_scen(s, rts[i], eng, &secs, &cpus);
        line(s->net->net, name, "", rts[i], eng, 2, r, secs, cpus);
        if (secs > 0.2)
            printf("%-26s %-2s over 200 ms\n", name,
                   net_routing_name(rts[i]));
        net_result_free(r);
        /* the explorer's runs of it after the first (an edit, R and
           back): each in a new thread, the process warm; the second such
           run is the one shown (solves under 2 s) */
        for (int again = 0; again < 2 && secs < 2; again++) {
            struct solve_arg a = {s, rts[i], eng, 0, 0, NULL};
            pthread_t t;
            if (pthread_create(&t, NULL, solve_thread, &a) != 0)
                solve_thread(&a);
            else
                pthread_join(t, NULL);
            if (again == 1)
                printf("%-26s %-2s again, in a new thread %8.3f s (cpu "
                       "%7.3f)%s\n",
                       name, net_routing_name(rts[i]), a.secs, a.cpus,
                       a.secs > 0.2 ? " over 200 ms" : "");
            net_result_free(a.r);
        }
    }
    scenario_free(s);
}

/* 3. FAST against the reference */
static double
rel(double a, double b)
{
    return a == b ? 0 : (b - a) / (fabs(a) > 0 ? fabs(a) : 1);
}

static void
compare(const struct net *net, const char *what, int routing,
        const struct net_result *a, const struct net_result *b)
{
    struct net_stats *x = net_stats_result(net, a, 0, NULL);
    struct net_stats *y = net_stats_result(net, b, 0, NULL);
    double wq = 0, wmean = 0, wmax = 0, wbw = 0;

    for (int c = 1; c < x->nclasses; c++) {
        double q[3] = {rel(x->cls[c].q1, y->cls[c].q1),
                       rel(x->cls[c].median, y->cls[c].median),
                       rel(x->cls[c].q3, y->cls[c].q3)};
        for (int k = 0; k < 3; k++)
            wq = fabs(q[k]) > fabs(wq) ? q[k] : wq;
        if (fabs(rel(x->cls[c].mean, y->cls[c].mean)) > fabs(wmean))
            wmean = rel(x->cls[c].mean, y->cls[c].mean);
        if (fabs(rel(x->cls[c].max, y->cls[c].max)) > fabs(wmax))
            wmax = rel(x->cls[c].max, y->cls[c].max);
    }
    for (int k = 0; k < 4; k++)
        if (fabs(rel(a->bwq[k], b->bwq[k])) > fabs(wbw))
            wbw = rel(a->bwq[k], b->bwq[k]);
    printf("%-26s %-2s f'=%-2d w=%d all max %+6.2f%%  class q1-q3 %+6.2f%%  "
           "mean %+6.3f%%  max %+6.2f%%  hops %+5.2f%%  msg bw q0-q3 "
           "%+5.2f%% max %+5.2f%%  phase %+5.2f%%\n",
           what, net_routing_name(routing), b->exposure,
           b->reps > 0 ? b->reps : 1,
           100 * rel(x->cls[0].max, y->cls[0].max), 100 * wq, 100 * wmean,
           100 * wmax,
           100 * rel(a->routed > 0 ? a->hops_sum / a->routed : 0,
                     b->routed > 0 ? b->hops_sum / b->routed : 0),
           100 * wbw, 100 * rel(a->bwq[4], b->bwq[4]),
           100 * rel(a->phase_time_ext, b->phase_time_ext));
    net_stats_free(x);
    net_stats_free(y);
}

/* The quartiles of the bandwidth of the messages that obtained some
   (the same for both engines' results). */
static void
ref_bwq(struct net_result *r)
{
    double *v = malloc(sizeof(double) * (size_t)(r->nmsg + 1));
    long long n = 0;

    for (long long m = 0; m < r->nmsg; m++)
        if (r->msg_bw[m] > 0)
            v[n++] = r->msg_bw[m];
    for (int q = 0; q < 5; q++)
        r->bwq[q] = net_stats_quantile(v, n, 0.25 * q);
    free(v);
}

/* Part 3's case: the scenario s, else net with pat placed by pl; routing
   and engine for all its jobs, seed (0: the scenario's own; a preset's
   is 1). */
static struct net_result *
solve_case(struct scenario *s, const struct net *net, struct pattern *pat,
           struct placement *pl, int routing, int engine, uint64_t seed,
           double *secs, double *cpus)
{
    struct net_job job = {pat, pl, 0, routing};
    struct net_result *r;
    uint64_t seed0;

    if (s == NULL)
        return solve_jobs(net, &job, 1, engine, 2, seed ? seed : 1, secs,
                          cpus);
    seed0 = s->seed;
    if (seed != 0)
        s->seed = seed;
    r = solve_scen(s, routing, engine, secs, cpus);
    s->seed = seed0;
    return r;
}

/* The thesis's conclusions, the reference's (ref) and another's (b, of
   AD, AI and AH): which routing has the least busy busiest link, and the
   ratios of the busiest links. */
static void
conclusions(const struct net *net, const char *what, const char *name,
            struct net_result *const ref[3], struct net_result *const b[3])
{
    double mr[3], mf[3];

    for (int i = 0; i < 3; i++) {
        struct net_stats *x = net_stats_result(net, ref[i], 0, NULL);
        struct net_stats *y = net_stats_result(net, b[i], 0, NULL);
        mr[i] = x->cls[0].max;
        mf[i] = y->cls[0].max;
        net_stats_free(x);
        net_stats_free(y);
    }
    printf("%-26s busiest link AD:AI:AH  reference 1:%.4f:%.4f  %s "
           "1:%.4f:%.4f  order %s\n",
           what, mr[1] / mr[0], mr[2] / mr[0], name, mf[1] / mf[0],
           mf[2] / mf[0],
           ((mr[1] > mr[2]) == (mf[1] > mf[2]) &&
            (mr[0] > mr[2]) == (mf[0] > mf[2]) &&
            (mr[0] > mr[1]) == (mf[0] > mf[1]))
               ? "kept"
               : "CHANGED");
}

/* which 0, 1: df-40 at 1 and 4 ranks per router; 2, 3: Jain Sec.
   3.2.4's 31x3x4 dragonfly at RDC and RDG; NPRESETS + k: the shipped
   scenario k, if the fast engine compresses its AI or AH exposure */
#define NPRESETS 4
static void
fast_vs_ref(int which, int unused, int unused2)
{
    static const int rts[3] = {NET_AD, NET_AI, NET_AH};
    struct net_result *ref[3], *fa[3], *one[3], *fr[2][3] = {{NULL}};
    const struct net *net;
    struct scenario *s = NULL;
    struct net *owned = NULL;
    struct placement *pl = NULL;
    struct pattern *pat = NULL;
    char what[64];
    double secs, cpus;
    int workload = 0;

    (void)unused;
    (void)unused2;
    if (which < 2) {
        owned = df40(which ? 4 : 1, &pl, &pat);
        net = owned;
        snprintf(what, sizeof what, "df-40 (%d rank%s/router)",
                 which ? 4 : 1, which ? "s" : "");
    } else if (which < NPRESETS) {
        int sc = which == 2 ? PLACE_RDC : PLACE_RDG;
        owned = df31(sc, &pl, &pat);
        net = owned;
        snprintf(what, sizeof what, "31x3x4 UMesh %s",
                 placement_scheme_name(sc));
    } else {
        const char *name;
        int squeezed = 0;
        if ((s = load_scen(which - NPRESETS, &name)) == NULL)
            return;
        for (int i = 1; i < 3; i++) {
            struct net_result *r =
                solve_scen(s, rts[i], NET_ENGINE_FAST, &secs, &cpus);
            squeezed |= r->exposure < r->exposure_model || r->reps > 0;
            net_result_free(r);
        }
        if (!squeezed) {
            scenario_free(s);
            return;
        }
        net = s->net->net;
        snprintf(what, sizeof what, "%.*s", (int)(strlen(name) - 4), name);
        workload = strcmp(name, "dragonfly-workload.lua") == 0;
    }
    if (getenv("RHO_BENCH_SEED") != NULL) { /* the reference's own change
                                               from its seed, for scale */
        uint64_t seed = s != NULL && s->seed != 0 ? s->seed : 1;
        for (int i = 1; i < 3; i++) {
            struct net_result *a, *b;
            a = solve_case(s, net, pat, pl, rts[i], NET_ENGINE_REFERENCE,
                           seed, &secs, &cpus);
            b = solve_case(s, net, pat, pl, rts[i], NET_ENGINE_REFERENCE,
                           seed + 1, &secs, &cpus);
            ref_bwq(a);
            ref_bwq(b);
            compare(net, "  reference seed+1", rts[i], a, b);
            net_result_free(a);
            net_result_free(b);
        }
    }
    for (int i = 0; i < 3; i++) {
        double rs, rc;
        ref[i] = solve_case(s, net, pat, pl, rts[i], NET_ENGINE_REFERENCE, 0,
                            &rs, &rc);
        fa[i] = solve_case(s, net, pat, pl, rts[i], NET_ENGINE_FAST, 0, &secs,
                           &cpus);
        if (s != NULL)
            printf("%-26s %-2s reference %.3f s (cpu %.3f), fast %.3f s "
                   "(cpu %.3f)\n",
                   what, net_routing_name(rts[i]), rs, rc, secs, cpus);
        ref_bwq(ref[i]);
        ref_bwq(fa[i]);
        compare(net, what, rts[i], ref[i], fa[i]);
        one[i] = NULL;
        if (s == NULL && rts[i] != NET_AD) {
            /* the exposure in one round, as on the full system */
            char w1[80];
            samples_cap = 1;
            one[i] = solve_case(s, net, pat, pl, rts[i], NET_ENGINE_FAST, 0,
                                &secs, &cpus);
            samples_cap = 0;
            ref_bwq(one[i]);
            snprintf(w1, sizeof w1, "  %s", what);
            compare(net, w1, rts[i], ref[i], one[i]);
            /* and folded in runs, as where the messages would not fit
               one by one (the supernode machine's collectives): the
               bandwidths' summary is the solve's own */
            for (int w = 2; w <= 4; w += 2) {
                struct net_result *f;
                samples_cap = 1;
                fold_w = w;
                f = solve_case(s, net, pat, pl, rts[i], NET_ENGINE_FAST, 0,
                               &secs, &cpus);
                samples_cap = 0;
                fold_w = 0;
                snprintf(w1, sizeof w1, "  %s folded", what);
                compare(net, w1, rts[i], ref[i], f);
                fr[w / 2 - 1][i] = f;
            }
        }
        if (workload && rts[i] != NET_AD)
            printf("%-26s %-2s reference hash %016llx (test_net_hash: "
                   "%s)\n",
                   what, net_routing_name(rts[i]),
                   (unsigned long long)result_hash(ref[i]),
                   result_hash(ref[i]) == (rts[i] == NET_AI
                                               ? 0x5f3404fb5c2e0322ULL
                                               : 0x6dfc0bfe567ccb08ULL)
                       ? "the same"
                       : "DIFFERS");
    }
    conclusions(net, what, "fast", ref, fa);
    if (one[1] != NULL) {
        one[0] = fa[0];
        conclusions(net, what, "1 round", ref, one);
        one[0] = NULL;
        for (int k = 0; k < 2; k++) { /* (AD is not folded in runs) */
            fr[k][0] = fa[0];
            conclusions(net, what, k == 0 ? "runs of 2" : "runs of 4", ref,
                        fr[k]);
            fr[k][0] = NULL;
        }
    }
    for (int i = 0; i < 3; i++) {
        net_result_free(ref[i]);
        net_result_free(fa[i]);
        net_result_free(one[i]);
        net_result_free(fr[0][i]);
        net_result_free(fr[1][i]);
    }
    fflush(stdout);
    pattern_free(pat);
    placement_free(pl);
    net_free(owned);
    scenario_free(s);
}

/* 4. Jain Sec. 3.2.4 */
static void
findings(int scheme, int routing, int unused)
{
    struct net *net;
    struct pattern *pat;
    struct placement *pl;
    struct net_result *res;
    struct net_job job;
    double secs, cpus;

    (void)unused;
    net = df31(scheme, &pl, &pat);
    job.pattern = pat;
    job.placement = pl;
    job.offset = 0;
    job.routing = routing;
    res = solve_jobs(net, &job, 1, NET_ENGINE_DEFAULT, 2, 1, &secs, &cpus);
    line(net, "31x3x4 dragonfly UMesh", placement_scheme_name(scheme),
         routing, NET_ENGINE_FAST, 2, res, secs, cpus);
    net_result_free(res);
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

/* 5. the full system */
static void
full_system(int scheme, int routing, int threads)
{
    struct net_spec s;
    struct net *net;
    struct pattern *pat;
    struct placement *pl;
    struct net_result *r;
    struct net_job job;
    double t0 = rho_wall(), tb, secs, cpus;

    net_preset("df-thesis", &s, NULL);
    net = net_new(&s, NULL);
    tb = rho_wall() - t0;
    pat = pattern_thesis("umesh", (int)net_slots(net), 0, 5, NULL);
    t0 = rho_wall();
    pl = placement_scheme_new(net, scheme, (int)net_slots(net), 3, NULL);
    if (routing == NET_SD)
        printf("full system: %d routers, %d links, %lld ranks; built in %.2f "
               "s, placement %s in %.2f s\n",
               net_routers(net), net_links(net), net_slots(net), tb,
               placement_scheme_name(scheme), rho_wall() - t0);
    job.pattern = pat;
    job.placement = pl;
    job.offset = 0;
    job.routing = routing;
    r = solve_jobs(net, &job, 1, NET_ENGINE_DEFAULT, threads, 1, &secs,
                   &cpus);
    line(net, "df-thesis 8.8M cores", placement_scheme_name(scheme), routing,
         NET_ENGINE_FAST, threads, r, secs, cpus);
    net_result_free(r);
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

/* 6. the explorer's path */

/* Poll ss until the link model (m) has a result or an error of the
   current version; its wall time. */
static double
until_link(struct session *ss, const struct model_entry *m, int *remembered,
           int *failed)
{
    double t0 = rho_wall();
    struct session_run r;

    for (;;) {
        struct timespec ts = {0, 1000000};
        session_poll(ss);
        session_run(ss, m, &r);
        if (!r.busy && (r.error != NULL ||
                        (r.result != NULL && r.version == session_version(ss))))
            break;
        nanosleep(&ts, NULL);
    }
    *remembered = r.ahead ? 2 : r.remembered;
    *failed = r.error != NULL;
    return rho_wall() - t0;
}

/* mode 0: both models at once; 1: the link model first; 2: first, and
   looking ahead to the next routing while a reader reads each result for
   AHEAD_READ seconds before the edit; 3: first, and looking ahead to AD,
   AI and AH one after the other while the reader reads the first result
   (until they have all ended), then the three edits in a row */
#define AHEAD_READ 1.0

static void
explorer(int k, int mode, int unused)
{
    static const int rts[3] = {NET_AD, NET_AI, NET_AH};
    static const char *const label[4] = {"both at once", "link first",
                                         "read 1 s", "round"};
    const char *name;
    struct scenario *s = load_scen(k, &name);
    struct session_opts o = {NULL, 0, 2, MODEL_KEEP_VIEWS, 1};
    const struct model_entry *link = model_table[model_find(NULL, "link")];
    struct session *ss;
    int rem, failed;
    double t;

    (void)unused;
    if (s == NULL)
        return;
    ss = session_new_with(s, &o);
    if (mode > 0)
        session_focus(ss, link);
    t = until_link(ss, link, &rem, &failed);
    printf("%-26s %-13s first %7.3f s\n", name, label[mode], t);
    if (mode == 3) { /* (as the explorer's look_ahead()) */
        double t0 = rho_wall();
        for (int i = 0; i < 3; i++) {
            struct rho_err err;
            if (session_ahead_routing(ss, rts[i], &err) != 0)
                break;
            do {
                struct timespec ts = {0, 1000000};
                session_poll(ss);
                nanosleep(&ts, NULL);
            } while (session_ahead_ended(ss) < 0);
            if (session_ahead_ended(ss) > 0)
                break; /* (the round ends) */
        }
        printf("%-26s %-13s ahead %7.3f s (AD, AI, AH, one after the "
               "other)\n",
               name, label[mode], rho_wall() - t0);
    }
    for (int i = 0; i < (mode == 3 ? 3 : 6); i++) {
        struct rho_err err;
        if (mode == 2) { /* (the explorer asks once the link model has the
                            state: the first result is in) */
            double t0 = rho_wall();
            (void)session_ahead_routing(ss, rts[i % 3], &err);
            while (rho_wall() - t0 < AHEAD_READ) {
                struct timespec ts = {0, 1000000};
                session_poll(ss);
                nanosleep(&ts, NULL);
            }
        }
        if (session_set_routing(ss, rts[i % 3], &err) != 0) {
            printf("%-26s %s: %s\n", name, net_routing_name(rts[i % 3]),
                   err.msg);
            break;
        }
        t = until_link(ss, link, &rem, &failed);
        printf("%-26s %-13s %-5s %7.3f s%s\n", name, label[mode],
               net_routing_name(rts[i % 3]), t,
               failed     ? " (refused)"
               : rem == 2 ? " (computed ahead)"
               : rem      ? " (remembered)"
                          : "");
    }
    session_free(ss);
}

int
main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    /* --part N: only part N (1-5) */
    int part = argc > 2 && strcmp(argv[1], "--part") == 0 ? atoi(argv[2])
                                                           : 0;
    /* --part N NAME: parts 2 and 3 only for the scenarios whose file name
       contains NAME (df-40, 31x3x4: part 3's presets) */
    const char *only = part > 0 && argc > 3 ? argv[3] : NULL;
    int full = getenv("RHO_BENCH_FULL") != NULL;
    static const int rt[4] = {NET_SD, NET_AD, NET_AI, NET_AH};
    static const int eng[3] = {NET_ENGINE_FAST, NET_ENGINE_EXACT,
                               NET_ENGINE_REFERENCE};

    if ((argc > 1 && !quick && part < 1) || part > 6 ||
        (quick && argc > 2) || (part > 0 && argc > 4)) {
        fprintf(stderr,
                "usage: bench_net [--quick | --part N [NAME]] (N: 1-6; "
                "NAME: parts 2, 3 and 6, scenarios whose file name has "
                "it)\n");
        return 2;
    }
    if (glob("scenarios/*.lua", 0, NULL, &scen) != 0) {
        fprintf(stderr, "bench_net: no scenarios/*.lua (run from the "
                        "source directory)\n");
        return 1;
    }
    (void)glob("scenarios/lessons/*.lua", GLOB_APPEND, NULL, &scen);
    fflush(stdout);
    if (part == 0 || part == 1) {
        printf("-- 1. df-40, UMesh, RDN\n");
        for (int npr = 1; npr <= 4; npr += 3)
            for (int i = 0; i < 4; i++)
                for (int e = 0; e < (quick || i == 0 ? 1 : 3); e++)
                    for (int th = 1; th <= 2; th++)
                        child(interactive, npr, rt[i], eng[e] * 10 + th);
    }
    if (!quick && (part == 0 || part == 2)) {
        printf("-- 2. the shipped network scenarios, default engine\n");
        for (int k = 0; k < (int)scen.gl_pathc; k++)
            if (only == NULL || strstr(scen.gl_pathv[k], only) != NULL)
                for (int i = 0; i < 3; i++) /* (a process each: its
                                                 peak its own) */
                    child(scenario_solves, k, i, 0);
    }
    if (!quick && (part == 0 || part == 3)) {
        printf("-- 3. the fast engine against the reference\n");
        for (int w = 0; w < NPRESETS + (int)scen.gl_pathc; w++)
            if (only == NULL ||
                (w >= NPRESETS &&
                 strstr(scen.gl_pathv[w - NPRESETS], only) != NULL) ||
                (w < 2 && strstr("df-40", only) != NULL) ||
                (w >= 2 && w < NPRESETS && strstr("31x3x4", only) != NULL))
                child(fast_vs_ref, w, 0, 0);
    }
    if (!quick && (part == 0 || part == 4)) {
        printf("-- 4. Jain Sec. 3.2.4, 31x3x4 dragonfly\n");
        for (int sc = PLACE_RDC; sc <= PLACE_RDG; sc++)
            for (int r = NET_SD; r <= NET_AH; r++)
                child(findings, sc, r, 0);
    }
    if (part == 0 || part == 5) {
        printf("-- 5. the full system%s\n",
               full ? "" : " (AI and AH: RHO_BENCH_FULL=1)");
        for (int sc = PLACE_LINEAR; sc <= PLACE_RDN;
             sc += PLACE_RDN - PLACE_LINEAR)
            for (int i = 0; i < (full ? 4 : 2); i++)
                child(full_system, sc, rt[i], 2);
        if (!quick)
            child(full_system, PLACE_RDN, NET_SD, 1);
    }
    if (!quick && (part == 0 || part == 6)) {
        static const char *const big[] = {"supernode-rs-pairwise",
                                          "dragonfly-workload", "milc-bgq",
                                          "pf3d-rubik"};
        printf("-- 6. the explorer: first result, then R's routings\n");
        for (int k = 0; k < (int)scen.gl_pathc; k++)
            for (int b = 0; b < 4; b++)
                if (strstr(scen.gl_pathv[k], big[b]) != NULL &&
                    (only == NULL || strstr(scen.gl_pathv[k], only) != NULL))
                    for (int mode = 0; mode <= 3; mode++)
                        child(explorer, k, mode, 0);
    }
    globfree(&scen);
    return 0;
}
