/*
 * test_net_fast: the default engines (EXACT and FAST) against the
 * reference -- EXACT gives the reference's traffic up to rounding on every
 * family and routing, FAST stays within its documented bounds when it
 * compresses the exposure; the same bits on any number of threads and of
 * (simulated) ranks; identical messages solved once give what each gives
 * alone; the memory plan refuses what would not fit and says on how many
 * ranks it would. RHO_TEST_QUICK=1 (make tsan) leaves out the comparisons
 * with the reference.
 */
#include "core/net/net_model.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/net/net_stats.h"
#include "core/net/route.h"
#include "harness.h"

static struct net *
dragonfly(int groups, int chassis, int routers, int npr, int cores,
          double inj_bw)
{
    struct net_dragonfly_params p;

    memset(&p, 0, sizeof p);
    p.groups = groups;
    p.chassis = chassis;
    p.routers = routers;
    p.nodes_per_router = npr;
    p.cores = cores;
    p.global_per_pair = 1;
    p.bw_row = 2e9;
    p.bw_col = 1e9;
    p.bw_global = 1.5e9;
    p.inj_bw = inj_bw;
    return net_dragonfly_new(&p, NULL);
}

static struct net_result *
solve(const struct net *net, const struct net_job *jobs, int njobs,
      int engine, int threads, const struct net_opts *base)
{
    struct net_opts o;
    struct rho_err e;
    struct net_result *r;

    if (base != NULL)
        o = *base;
    else
        net_opts_init(&o);
    o.engine = engine;
    o.threads = threads;
    r = net_model_solve(net, jobs, njobs, &o, &e);
    if (r == NULL)
        printf("# solve failed: %s\n", e.msg);
    return r;
}

/* The largest relative difference of two arrays (0 where both are 0). */
static double
reldiff(const double *a, const double *b, long long n)
{
    double w = 0;

    for (long long i = 0; i < n; i++) {
        double d = a[i] == b[i] ? 0 : fabs(a[i] - b[i]) / fabs(a[i]);
        if (d > w)
            w = d;
    }
    return w;
}

static int
same_bits(const struct net_result *a, const struct net_result *b)
{
    return a != NULL && b != NULL && a->nlinks == b->nlinks &&
           memcmp(a->bytes, b->bytes, sizeof(double) * (size_t)a->nlinks) ==
               0 &&
           a->nmsg == b->nmsg &&
           (a->nmsg == 0 || memcmp(a->msg_bw, b->msg_bw,
                                   sizeof(double) * (size_t)a->nmsg) == 0) &&
           a->hop_bytes == b->hop_bytes && a->hops_sum == b->hops_sum &&
           a->total_bytes == b->total_bytes && a->routed == b->routed &&
           a->iterations == b->iterations &&
           a->phase_time_ext == b->phase_time_ext &&
           a->have_bwq == b->have_bwq && a->bwq_n == b->bwq_n &&
           a->bwq_starved == b->bwq_starved &&
           memcmp(a->bwq, b->bwq, sizeof a->bwq) == 0 &&
           (a->job_bws == NULL) == (b->job_bws == NULL) &&
           (a->job_bws == NULL ||
            memcmp(a->job_bws, b->job_bws,
                   (size_t)a->njobs * sizeof *a->job_bws) == 0);
}

/* Rank i of k's result r[i] against one process's: the links and the
   metrics every rank holds, and on rank 0 the messages' bandwidths it
   gathers in one process's order. */
static int
rank_agrees(const struct net_result *one, struct net_result *const *r, int i)
{
    int ok = r[i] != NULL &&
             memcmp(r[i]->bytes, one->bytes,
                    sizeof(double) * (size_t)one->nlinks) == 0 &&
             r[i]->hop_bytes == one->hop_bytes &&
             r[i]->hops_sum == one->hops_sum &&
             r[i]->iterations == one->iterations &&
             r[i]->phase_time_ext == one->phase_time_ext;

    if (r[i] != NULL && i == 0)
        ok &= r[0]->nmsg == one->nmsg &&
              (one->nmsg == 0 || memcmp(r[0]->msg_bw, one->msg_bw,
                                        sizeof(double) * (size_t)one->nmsg) ==
                                     0);
    return ok;
}

/* EXACT = the reference up to rounding: sums in another order, and the
   reference keeps the grants of fresh paths as floats (1e-7). */
static void
test_exact_vs_reference(void)
{
    struct net_spec sp;
    static const char *const presets[] = {"df-small", "torus-5x5", "bgq-128",
                                          "fattree-k4", "tca-8"};
    int worst_rt = -1;
    double worst = 0, worst_bw = 0;
    int iters_ok = 1, metrics_ok = 1, n = 0;

    for (size_t k = 0; k < sizeof presets / sizeof presets[0] + 2; k++) {
        struct net *net;
        struct placement *pl;
        struct pattern *pat;
        if (k < sizeof presets / sizeof presets[0]) {
            net_preset(presets[k], &sp, NULL);
            net = net_new(&sp, NULL);
        } else
            net = dragonfly(7, 2, 3, 2, 2, k % 2 ? 4e9 : 0);
        pl = placement_scheme_new(net, PLACE_RDN, (int)net_slots(net),
                                  (uint64_t)k + 3, NULL);
        pat = pattern_thesis("umesh", (int)net_slots(net), 1 << 16,
                             (uint64_t)k + 1, NULL);
        for (int rt = 0; rt < NET_ROUTING_COUNT; rt++) {
            struct net_job job = {pat, pl, 0, rt};
            struct net_opts o;
            struct net_result *a, *b;
            double d, dbw;
            net_opts_init(&o);
            o.si_samples = 8;
            o.seed = 11 + k;
            a = solve(net, &job, 1, NET_ENGINE_REFERENCE, 2, &o);
            b = solve(net, &job, 1, NET_ENGINE_EXACT, 2, &o);
            if (a == NULL || b == NULL) {
                CHECK(0, "%s %s solves", presets[k < 5 ? k : 0],
                      net_routing_name(rt));
                continue;
            }
            d = reldiff(a->bytes, b->bytes, a->nlinks);
            dbw = a->nmsg == b->nmsg ? reldiff(a->msg_bw, b->msg_bw, a->nmsg)
                                     : 1;
            if (d > worst) {
                worst = d;
                worst_rt = rt;
            }
            if (dbw > worst_bw)
                worst_bw = dbw;
            iters_ok &= a->iterations == b->iterations &&
                        a->converged == b->converged && a->msgs == b->msgs &&
                        a->routed == b->routed && a->hops_max == b->hops_max;
            metrics_ok &=
                fabs(a->hop_bytes - b->hop_bytes) <= 1e-6 * a->hop_bytes &&
                fabs(a->hops_sum - b->hops_sum) <= 1e-6 * a->hops_sum &&
                fabs(a->total_bytes - b->total_bytes) <=
                    1e-12 * a->total_bytes;
            n++;
            net_result_free(a);
            net_result_free(b);
        }
        pattern_free(pat);
        placement_free(pl);
        net_free(net);
    }
    CHECK(worst < 1e-5 && worst_bw < 1e-5,
          "EXACT = reference up to rounding over %d solves (links %.2g, "
          "worst under %s; bandwidths %.2g)",
          n, worst, worst_rt >= 0 ? net_routing_name(worst_rt) : "-",
          worst_bw);
    CHECK(iters_ok, "the same rounds, messages, routed messages, longest "
                    "path");
    CHECK(metrics_ok, "the same hop-bytes, hops and bytes");
}

/* The six-number summary of every class within rel of the reference's
   (max within relmax), and the message bandwidths' quartiles too. */
static int
within(const struct net *net, const struct net_result *ref,
       const struct net_result *r, double rel, double relmax, double *worst)
{
    struct net_stats *a = net_stats_result(net, ref, 0, NULL);
    struct net_stats *b = net_stats_result(net, r, 0, NULL);
    int ok = 1;

    *worst = 0;
    for (int c = 0; c < a->nclasses; c++) {
        const struct net_class_stats *x = &a->cls[c], *y = &b->cls[c];
        double v[5][2] = {{x->q1, y->q1},
                          {x->median, y->median},
                          {x->mean, y->mean},
                          {x->q3, y->q3},
                          {x->max, y->max}};
        for (int k = 0; k < 5; k++) {
            double d = fabs(v[k][0] - v[k][1]) / (fabs(v[k][0]) + 1);
            ok &= d <= (k == 4 ? relmax : rel);
            if (k < 4 && d > *worst)
                *worst = d;
        }
    }
    net_stats_free(a);
    net_stats_free(b);
    return ok;
}

/* FAST compresses the exposure when a run would draw more than
   opts.samples paths; its bound is checked here where the compression is
   forced (f = 50 -> 5), on a dragonfly and on a fat-tree, and on the
   df-40 preset and the shipped scenarios by make bench. */
static void
fast_bounds(const char *what, struct net *net, int npat)
{
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, n, 5, NULL);
    struct pattern *pat = pattern_thesis("umesh", n, npat, 3, NULL);

    for (int rt = NET_AI; rt <= NET_AH; rt++) {
        struct net_job job = {pat, pl, 0, rt};
        struct net_opts o;
        struct net_result *ref, *ex, *fa;
        double w;
        long long paths;
        int ok;
        net_opts_init(&o);
        ref = solve(net, &job, 1, NET_ENGINE_REFERENCE, 2, &o);
        ex = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
        CHECK(ex->exposure == 50 && ex->engine == NET_ENGINE_FAST,
              "%s %s: small enough, FAST does not compress (f %d)", what,
              net_routing_name(rt), ex->exposure);
        paths = 0;
        for (long long m = 0; m < ref->nmsg; m++)
            paths += ref->msg_bw[m] > 0 ? 4 : 0;
        o.samples = 5 * paths;
        fa = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
        CHECK(fa->exposure == 5,
              "%s %s: a budget of 5 rounds of paths gives f = 5 (%d)", what,
              net_routing_name(rt), fa->exposure);
        ok = within(net, ref, fa, 0.03, 0.25, &w);
        CHECK(ok,
              "%s %s with f = 5: quartiles and means of every class within "
              "3%% of the reference (worst %.2g), maxima within 25%%",
              what, net_routing_name(rt), w);
        CHECK(fabs(fa->total_bytes - ref->total_bytes) <=
                      1e-12 * ref->total_bytes &&
                  fabs(fa->hops_sum - ref->hops_sum) <= 0.01 * ref->hops_sum,
              "%s %s with f = 5: the same bytes, mean hops within 1%% "
              "(%.6g, reference %.6g)",
              what, net_routing_name(rt), fa->hops_sum, ref->hops_sum);
        net_result_free(ref);
        net_result_free(ex);
        net_result_free(fa);
    }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

/* On a torus FAST never compresses the exposure; over its budget it
   solves identical AI and AH messages in runs of up to 4, one set of paths
   a run (rho-model(7)). Its bound, checked where the runs are forced (a
   small budget) on BG/Q's 128 nodes, 16 ranks a node in order, a 4-d
   stencil: the means and quartiles of every class within 3% of the
   reference (the shipped scenarios: 2.1% at most), maxima within 15%, the
   busiest link and the mean hops within 2%. Without the runs, the
   representatives' own keys change only the noise: within 1%. */
/* The torus cases: bgq-128, linear, a 4D stencil of 64 KiB messages
   (identical messages enough for the fast engine's runs). */
static struct net *
bgq128_stencil(struct placement **pl, struct pattern **pat)
{
    struct net_spec sp;
    struct net *net;
    int n;

    net_preset("bgq-128", &sp, NULL);
    net = net_new(&sp, NULL);
    n = (int)net_slots(net);
    *pl = placement_scheme_new(net, PLACE_LINEAR, n, 5, NULL);
    *pat = pattern_thesis("stencil4d", n, 1 << 16, 3, NULL);
    return net;
}

static void
torus_bounds(void)
{
    struct placement *pl;
    struct pattern *pat;
    struct net *net = bgq128_stencil(&pl, &pat);

    for (int rt = NET_AI; rt <= NET_AH; rt++) {
        struct net_job job = {pat, pl, 0, rt};
        struct net_opts o;
        struct net_result *ref, *ex, *fa;
        struct net_stats *a, *b;
        double w, dmax, dh;
        int ok;
        net_opts_init(&o);
        ref = solve(net, &job, 1, NET_ENGINE_REFERENCE, 2, &o);
        o.samples = 0; /* no budget */
        fa = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
        ex = solve(net, &job, 1, NET_ENGINE_EXACT, 2, &o);
        CHECK(same_bits(fa, ex) && fa->reps == 0,
              "torus %s: without a budget FAST is EXACT",
              net_routing_name(rt));
        net_result_free(fa);
        o.samples = 1000;
        fa = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
        CHECK(fa->exposure == 50 && fa->reps == 4,
              "torus %s over the budget: f stays 50 (%d), runs of up to 4 "
              "messages (%d)",
              net_routing_name(rt), fa->exposure, fa->reps);
        ok = within(net, ref, fa, 0.03, 0.15, &w);
        a = net_stats_result(net, ref, 0, NULL);
        b = net_stats_result(net, fa, 0, NULL);
        dmax = fabs(b->cls[0].max / a->cls[0].max - 1);
        dh = fabs(fa->hops_sum / ref->hops_sum - 1);
        printf("# torus %s: worst %.4f busiest %.4f hops %.4f\n",
               net_routing_name(rt), w, dmax, dh);
        CHECK(ok && dmax <= 0.02 && dh <= 0.02 &&
                  fabs(fa->total_bytes - ref->total_bytes) <=
                      1e-12 * ref->total_bytes,
              "torus %s in runs of 4: quartiles and means of every class "
              "within 3%% of the reference (worst %.2g), maxima within 15%%, "
              "the busiest link (%.2g) and the mean hops (%.2g) within 2%%",
              net_routing_name(rt), w, dmax, dh);
        net_stats_free(a);
        net_stats_free(b);
        net_result_free(ref);
        net_result_free(ex);
        net_result_free(fa);
    }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

static void
test_fast_bounds(void)
{
    fast_bounds("dragonfly", dragonfly(13, 3, 4, 2, 1, 0), 1 << 19);
    {
        struct net_fattree_params p;
        memset(&p, 0, sizeof p);
        p.k = 8;
        p.levels = 3;
        p.cores = 1;
        p.bw = 1e9;
        p.inj_bw = 1e9;
        fast_bounds("fat-tree", net_fattree_new(&p, NULL), 1 << 16);
    }
    torus_bounds();
}

/* The same bits on 1, 2, 3 and 5 threads, for every routing, with jobs
   of different routings together. */
static void
test_threads(void)
{
    struct net *net = dragonfly(8, 2, 4, 2, 3, 0);
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDR, n, 9, NULL);
    struct pattern *p0 = pattern_thesis("umesh", n / 2, 4096, 6, NULL);
    struct pattern *p1 = pattern_thesis("spread", n - n / 2, 2048, 7, NULL);

    for (int rt = 0; rt < NET_ROUTING_COUNT; rt++)
        for (int eng = NET_ENGINE_FAST; eng <= NET_ENGINE_EXACT; eng++) {
            struct net_job jobs[2] = {{p0, pl, 0, rt},
                                      {p1, pl, n / 2, (rt + 3) % 6}};
            struct net_opts o;
            struct net_result *a;
            int ok = 1;
            net_opts_init(&o);
            o.si_samples = 4;
            o.per_job = 1;
            o.samples = 20000; /* FAST compresses */
            a = solve(net, jobs, 2, eng, 1, &o);
            for (int t = 2; t <= 5; t += t == 3 ? 2 : 1) {
                struct net_result *b = solve(net, jobs, 2, eng, t, &o);
                ok &= same_bits(a, b) &&
                      memcmp(a->job_bytes, b->job_bytes,
                             sizeof(double) * 2 * (size_t)a->nlinks) == 0;
                net_result_free(b);
            }
            CHECK(ok, "%s %s + %s: 1 thread = 2, 3 and 5, bit for bit",
                  net_engine_name(eng), net_routing_name(rt),
                  net_routing_name((rt + 3) % 6));
            net_result_free(a);
        }
    pattern_free(p0);
    pattern_free(p1);
    placement_free(pl);
    net_free(net);
}

/* The engine's quartiles of the routed messages' bandwidths (a radix
   selection over every rank's entities) are, to the bit, those of the
   bandwidths it lists: on a dragonfly, a torus and a fat-tree under AD,
   AI and AH (two jobs, one of them spread over identical messages), on 1
   and 2 threads; and on one message (every value the same). */
static int
bwq_as_listed(const struct net *net, const struct placement *pl,
              const struct net_result *r, const int *off)
{
    double *v = malloc((size_t)(r->nmsg > 0 ? r->nmsg : 1) * sizeof *v);
    long long n = 0, starved = 0;
    static const double qs[5] = {0, 0.25, 0.5, 0.75, 1};
    int ok = r->have_bwq && v != NULL;

    for (long long m = 0; ok && m < r->nmsg; m++) {
        int a = placement_endpoint(pl, off[r->msg_job[m]] + r->msg_src[m]);
        int b = placement_endpoint(pl, off[r->msg_job[m]] + r->msg_dst[m]);
        if (!(r->msg_bytes[m] > 0) ||
            net_endpoint_router(net, a) == net_endpoint_router(net, b))
            continue;
        v[n++] = r->msg_bw[m];
        starved += !(r->msg_bw[m] > 0);
    }
    ok &= n > 0 && r->bwq_n == n && r->bwq_starved == starved;
    for (int q = 0; q < 5 && n > 0; q++) {
        double x = net_stats_quantile(v, n, qs[q]);
        ok &= memcmp(&x, &r->bwq[q], sizeof x) == 0;
    }
    free(v);
    return ok;
}

static void
test_bw_quantiles(void)
{
    static const char *const presets[] = {"df-small", "torus-5x5",
                                          "fattree-k4"};
    struct net_spec sp;

    for (size_t k = 0; k < sizeof presets / sizeof presets[0]; k++) {
        struct net *net;
        struct placement *pl;
        struct pattern *p0, *p1;
        int n, ok = 1, cases = 0;
        net_preset(presets[k], &sp, NULL);
        net = net_new(&sp, NULL);
        n = (int)net_slots(net);
        pl = placement_scheme_new(net, PLACE_RDN, n, 5, NULL);
        p0 = pattern_thesis("umesh", n / 2, 1 << 16, 3, NULL);
        p1 = pattern_thesis("spread", n - n / 2, 3 << 12, 4, NULL);
        for (int rt = NET_AD; rt <= NET_AH; rt++)
            for (int t = 1; t <= 2; t++) {
                struct net_job jobs[2] = {{p0, pl, 0, rt},
                                          {p1, pl, n / 2, NET_AD}};
                int off[2] = {0, n / 2};
                struct net_opts o;
                struct net_result *r;
                net_opts_init(&o);
                o.keep_msgs = 1;
                r = solve(net, jobs, 2, NET_ENGINE_FAST, t, &o);
                ok &= r != NULL && bwq_as_listed(net, pl, r, off);
                cases++;
                net_result_free(r);
            }
        CHECK(ok,
              "%s: the quartiles of the bandwidths are the listed "
              "messages', to the bit (%d solves)",
              presets[k], cases);
        if (k == 0) { /* one message: min = quartiles = max */
            int src = 0, dst = n - 1, off[1] = {0};
            double b = 1 << 20;
            struct pattern *one =
                pattern_list(n, 1, &src, &dst, &b, NULL, NULL);
            struct net_job job = {one, pl, 0, NET_AI};
            struct net_opts o;
            struct net_result *r;
            net_opts_init(&o);
            o.keep_msgs = 1;
            r = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
            CHECK(r != NULL && bwq_as_listed(net, pl, r, off) &&
                      r->bwq[0] == r->bwq[4] && r->bwq[0] > 0,
                  "one message under AI: its bandwidth is every quartile "
                  "(%.6g)",
                  r != NULL ? r->bwq[2] : 0);
            net_result_free(r);
            pattern_free(one);
        }
        pattern_free(p0);
        pattern_free(p1);
        placement_free(pl);
        net_free(net);
    }
}

/* Round callbacks that watch every path make every message its own
   entity; without, identical AD messages are solved once. */
static int
noop_round(void *ctx, const struct net_round *r)
{
    (void)ctx;
    (void)r;
    return 0;
}

static void
test_aggregation(void)
{
    struct net *net = dragonfly(5, 2, 3, 3, 4, 0);
    int n = (int)net_slots(net), nm = 3000;
    int *src = malloc(sizeof(int) * (size_t)nm);
    int *dst = malloc(sizeof(int) * (size_t)nm);
    double *b = malloc(sizeof(double) * (size_t)nm);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, n, 0, NULL);
    struct pattern *pat;
    struct rng g;

    rng_init(&g, 5);
    for (int i = 0; i < nm; i++) { /* few distinct (routers, bytes) */
        src[i] = (int)rng_below(&g, 12);
        dst[i] = n - 1 - (int)rng_below(&g, 12);
        b[i] = (double)(1 + rng_below(&g, 3)) * 65536;
    }
    pat = pattern_list(n, nm, src, dst, b, NULL, NULL);
    for (int rt = NET_DOR; rt <= NET_AD; rt++) {
        struct net_job job = {pat, pl, 0, rt == NET_DOR ? NET_AD : rt};
        struct net_job two[2] = {{pat, pl, 0, NET_AD}, {pat, pl, 0, rt}};
        struct net_opts o;
        struct net_result *a, *c;
        if (rt == NET_SI)
            continue;
        net_opts_init(&o);
        a = solve(net, rt == NET_AD ? &job : two, rt == NET_AD ? 1 : 2,
                  NET_ENGINE_EXACT, 2, &o);
        o.round = noop_round;
        o.round_paths = 1;
        c = solve(net, rt == NET_AD ? &job : two, rt == NET_AD ? 1 : 2,
                  NET_ENGINE_EXACT, 2, &o);
        CHECK(same_bits(a, c),
              "AD%s%s: %d messages solved as a few entities give the bits "
              "of every message solved alone",
              rt == NET_AD ? "" : " beside ",
              rt == NET_AD ? "" : net_routing_name(rt), nm * (rt == NET_AD ? 1 : 2));
        net_result_free(a);
        net_result_free(c);
    }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
    free(src);
    free(dst);
    free(b);
}

/* ---- ranks, simulated by threads that combine through a barrier ---- */

struct world {
    int n;
    pthread_barrier_t bar;
    long long *slot[8];
    long long *out;
    long long cap;
    const void *gslot[8];
    long long gn[8];
};

struct rank_arg {
    struct world *w;
    int rank;
    const struct net *net;
    const struct net_job *jobs;
    int njobs;
    struct net_opts o;
    struct net_result *res;
    struct rho_err err;
};

struct rank_ctx {
    struct world *w;
    int rank;
};

static int
world_reduce(void *ctx, long long *v, long long n, int op)
{
    struct rank_ctx *c = ctx;
    struct world *w = c->w;

    w->slot[c->rank] = v;
    pthread_barrier_wait(&w->bar);
    if (op == NET_REDUCE_EXSCAN) { /* each rank its own: the ranks before */
        long long *mine = calloc((size_t)(n > 0 ? n : 1), sizeof *mine);
        for (int r = 0; r < c->rank; r++)
            for (long long i = 0; i < n; i++)
                mine[i] += w->slot[r][i];
        pthread_barrier_wait(&w->bar);
        memcpy(v, mine, sizeof(long long) * (size_t)n);
        free(mine);
        pthread_barrier_wait(&w->bar);
        return 0;
    }
    if (c->rank == 0) {
        if (n > w->cap) {
            free(w->out);
            w->out = malloc(sizeof(long long) * (size_t)n);
            w->cap = n;
        }
        for (long long i = 0; i < n; i++) {
            long long s = w->slot[0][i];
            for (int r = 1; r < w->n; r++)
                s = op == NET_REDUCE_SUM ? s + w->slot[r][i]
                    : w->slot[r][i] > s  ? w->slot[r][i]
                                         : s;
            w->out[i] = s;
        }
    }
    pthread_barrier_wait(&w->bar);
    memcpy(v, w->out, sizeof(long long) * (size_t)n);
    pthread_barrier_wait(&w->bar);
    return 0;
}

static int
world_gather(void *ctx, const void *mine, long long n, int size, void *all)
{
    struct rank_ctx *c = ctx;
    struct world *w = c->w;

    w->gslot[c->rank] = mine;
    w->gn[c->rank] = n;
    pthread_barrier_wait(&w->bar);
    if (c->rank == 0) {
        char *at = all;
        for (int r = 0; r < w->n; r++) {
            memcpy(at, w->gslot[r], (size_t)(w->gn[r] * size));
            at += w->gn[r] * size;
        }
    }
    pthread_barrier_wait(&w->bar);
    return 0;
}

static void *
rank_main(void *v)
{
    struct rank_arg *a = v;
    struct rank_ctx c = {a->w, a->rank};

    a->o.nranks = a->w->n;
    a->o.rank = a->rank;
    a->o.reduce = world_reduce;
    a->o.gather = world_gather;
    a->o.reduce_ctx = &c;
    a->res = net_model_solve(a->net, a->jobs, a->njobs, &a->o, &a->err);
    return NULL;
}

/* Solve on k simulated ranks; results in res[0..k). */
static void
solve_ranks(int k, const struct net *net, const struct net_job *jobs,
            int njobs, const struct net_opts *o, struct net_result **res,
            struct rho_err *err)
{
    struct world w;
    struct rank_arg a[8];
    pthread_t th[8];

    memset(&w, 0, sizeof w);
    w.n = k;
    pthread_barrier_init(&w.bar, NULL, (unsigned)k);
    for (int r = 0; r < k; r++) {
        a[r].w = &w;
        a[r].rank = r;
        a[r].net = net;
        a[r].jobs = jobs;
        a[r].njobs = njobs;
        a[r].o = *o;
        pthread_create(&th[r], NULL, rank_main, &a[r]);
    }
    for (int r = 0; r < k; r++) {
        pthread_join(th[r], NULL);
        res[r] = a[r].res;
        if (err != NULL && a[r].res == NULL)
            err[r] = a[r].err;
    }
    pthread_barrier_destroy(&w.bar);
    free(w.out);
}

static void
test_ranks(void)
{
    struct net *net = dragonfly(7, 2, 3, 2, 2, 0);
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, n, 2, NULL);
    struct pattern *pat = pattern_thesis("umesh", n, 1 << 15, 4, NULL);

    for (int rt = 0; rt < NET_ROUTING_COUNT; rt++) {
        struct net_job job = {pat, pl, 0, rt};
        struct net_opts o;
        struct net_result *one;
        int ok = 1;
        net_opts_init(&o);
        o.si_samples = 4;
        o.threads = 2;
        o.samples = 3000; /* FAST compresses */
        one = net_model_solve(net, &job, 1, &o, NULL);
        for (int k = 2; k <= 4; k++) {
            struct net_result *r[8];
            solve_ranks(k, net, &job, 1, &o, r, NULL);
            for (int i = 0; i < k; i++) {
                ok &= rank_agrees(one, r, i) && r[i]->msgs == one->msgs;
                /* rank 0 gathers the messages in one process's order */
                if (r[i] != NULL && i == 0)
                    ok &= one->nmsg == 0 ||
                          (memcmp(r[0]->msg_src, one->msg_src,
                                  sizeof(int) * (size_t)one->nmsg) == 0 &&
                           memcmp(r[0]->msg_bytes, one->msg_bytes,
                                  sizeof(double) * (size_t)one->nmsg) == 0);
                else if (r[i] != NULL)
                    ok &= r[i]->nmsg == 0;
            }
            for (int i = 0; i < k; i++)
                net_result_free(r[i]);
        }
        CHECK(ok, "%s: 2, 3 and 4 ranks give one process's links, metrics, "
                  "rounds and messages (gathered on rank 0), bit for bit",
              net_routing_name(rt));
        net_result_free(one);
    }
    /* a torus over the budget (runs of identical messages, some cut by
       the ranks' shares) */
    {
        struct placement *tpl;
        struct pattern *tpat;
        struct net *tn = bgq128_stencil(&tpl, &tpat);
        for (int rt = NET_AI; rt <= NET_AH; rt++) {
            struct net_job job = {tpat, tpl, 0, rt};
            struct net_opts o;
            struct net_result *one, *t1;
            int ok = 1;
            net_opts_init(&o);
            o.threads = 2;
            o.samples = 1000;
            one = net_model_solve(tn, &job, 1, &o, NULL);
            o.threads = 1;
            t1 = net_model_solve(tn, &job, 1, &o, NULL);
            ok &= one != NULL && one->reps == 4 && same_bits(one, t1);
            o.threads = 2;
            for (int k = 2; k <= 4 && one != NULL; k++) {
                struct net_result *r[8];
                solve_ranks(k, tn, &job, 1, &o, r, NULL);
                for (int i = 0; i < k; i++)
                    ok &= rank_agrees(one, r, i);
                for (int i = 0; i < k; i++)
                    net_result_free(r[i]);
            }
            CHECK(ok, "torus %s in runs of 4: 1 and 2 threads, 2, 3 and 4 "
                      "ranks, bit for bit",
                  net_routing_name(rt));
            net_result_free(one);
            net_result_free(t1);
        }
        pattern_free(tpat);
        placement_free(tpl);
        net_free(tn);
    }
    /* the reference runs in one process only */
    {
        struct net_job job = {pat, pl, 0, NET_AD};
        struct net_opts o;
        struct net_result *r[2];
        struct rho_err e[2];
        net_opts_init(&o);
        o.engine = NET_ENGINE_REFERENCE;
        solve_ranks(2, net, &job, 1, &o, r, e);
        CHECK(r[0] == NULL && strstr(e[0].msg, "one process") != NULL,
              "the reference engine refuses ranks: %s", e[0].msg);
        net_result_free(r[1]);
    }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

/* The memory plan: a solve over the limit is refused with what it needs
   and on how many ranks it would fit; on that many ranks it runs. */
static void
test_memory(void)
{
    struct net *net = dragonfly(9, 2, 4, 4, 8, 0);
    int n = (int)net_slots(net), k = 0;
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, n, 2, NULL);
    struct pattern *pat = pattern_thesis("umesh", n, 1 << 15, 4, NULL);
    struct net_job job = {pat, pl, 0, NET_AH};
    struct net_opts o;
    struct rho_err e;
    struct net_result *r, *full;
    const char *at;

    net_opts_init(&o);
    o.threads = 1;
    full = net_model_solve(net, &job, 1, &o, NULL);
    o.mem_limit = 2.5 * 1048576.0;
    r = net_model_solve(net, &job, 1, &o, &e);
    CHECK(r == NULL && e.code == RHO_ELIMIT &&
              (at = strstr(e.msg, "would fit on ")) != NULL &&
              sscanf(at, "would fit on %d", &k) == 1 && k > 1,
          "over 2.5 MiB: refused, naming the ranks that would do: %s",
          r == NULL ? e.msg : "(it ran)");
    if (k > 1 && k <= 8) {
        struct net_result *rr[8];
        int ok = 1;
        solve_ranks(k, net, &job, 1, &o, rr, NULL);
        for (int i = 0; i < k; i++) {
            ok &= rr[i] != NULL &&
                  memcmp(rr[i]->bytes, full->bytes,
                         sizeof(double) * (size_t)full->nlinks) == 0;
            net_result_free(rr[i]);
        }
        CHECK(ok, "on %d ranks of 2.5 MiB it runs, and gives the bits of one "
                  "process without a limit",
              k);
    }
    net_result_free(full);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

/* The rounds of fresh paths are kept whole, or their grants only (the
   paths drawn again), or not at all (grants recomputed): the same bits. */
static void
test_records(void)
{
    struct net *net = dragonfly(9, 2, 4, 2, 2, 0);
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, n, 3, NULL);
    struct pattern *pat = pattern_thesis("umesh", n, 1 << 16, 2, NULL);

    for (int rt = NET_AI; rt <= NET_AH; rt++) {
        struct net_job job = {pat, pl, 0, rt};
        struct net_opts o;
        struct net_result *a, *b, *c;
        net_opts_init(&o);
        o.record_budget = 1e12;
        a = solve(net, &job, 1, NET_ENGINE_EXACT, 2, &o);
        /* about 16 bytes a path a round: grants, not links */
        o.record_budget = 16.0 * 4 * (double)a->nmsg * a->iterations;
        b = solve(net, &job, 1, NET_ENGINE_EXACT, 2, &o);
        o.record_budget = 0;
        c = solve(net, &job, 1, NET_ENGINE_EXACT, 2, &o);
        CHECK(same_bits(a, b) && same_bits(a, c),
              "%s: rounds kept whole, as grants, or not at all: the same "
              "bits",
              net_routing_name(rt));
        net_result_free(a);
        net_result_free(b);
        net_result_free(c);
    }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
    /* the representatives of a torus draw their paths again alike */
    {
        net = bgq128_stencil(&pl, &pat);
        for (int rt = NET_AI; rt <= NET_AH; rt++) {
            struct net_job job = {pat, pl, 0, rt};
            struct net_opts o;
            struct net_result *a, *b, *c;
            net_opts_init(&o);
            o.samples = 1000;
            o.record_budget = 1e12;
            a = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
            o.record_budget = 16.0 * 4 * (double)a->nmsg * a->iterations / 4;
            b = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
            o.record_budget = 0;
            c = solve(net, &job, 1, NET_ENGINE_FAST, 2, &o);
            CHECK(a->reps == 4 && same_bits(a, b) && same_bits(a, c),
                  "torus %s in runs of 4: rounds kept whole, as grants, or "
                  "not at all: the same bits",
                  net_routing_name(rt));
            net_result_free(a);
            net_result_free(b);
            net_result_free(c);
        }
        pattern_free(pat);
        placement_free(pl);
        net_free(net);
    }
}

/* A torus's recorded rounds keep their paths' intermediate routers; the
   attribution walks each path again (per job) or sums the paths' values
   per pair of routers and walks each pair once (one sum): the same bits,
   on 1 and 2 threads. */
static void
test_torus_via(void)
{
    struct net_spec sp;
    struct net *net;
    struct placement *pl;
    struct pattern *p0, *p1;
    int n;

    net_preset("bgq-128", &sp, NULL);
    net = net_new(&sp, NULL);
    n = (int)net_slots(net);
    pl = placement_scheme_new(net, PLACE_RDN, n, 5, NULL);
    p0 = pattern_thesis("umesh", n / 2, 1 << 16, 3, NULL);
    p1 = pattern_thesis("umesh", n - n / 2, 1 << 12, 4, NULL);
    for (int rt = NET_AI; rt <= NET_AH; rt++)
        for (int eng = NET_ENGINE_FAST; eng <= NET_ENGINE_EXACT; eng++) {
            struct net_job jobs[2] = {{p0, pl, 0, rt}, {p1, pl, n / 2, rt}};
            struct net_opts o;
            struct net_result *a, *b, *c;
            int ok;
            net_opts_init(&o);
            a = solve(net, jobs, 2, eng, 1, &o);
            o.per_job = 1;
            b = solve(net, jobs, 2, eng, 2, &o);
            c = solve(net, jobs, 2, eng, 1, &o);
            ok = same_bits(a, b) && same_bits(a, c) &&
                 memcmp(b->job_bytes, c->job_bytes,
                        sizeof(double) * 2 * (size_t)b->nlinks) == 0;
            for (int l = 0; ok && l < a->nlinks; l++)
                ok = b->job_bytes[l] + b->job_bytes[a->nlinks + l] > 0 ||
                     a->bytes[l] == 0;
            CHECK(ok && a->hops_max > 0,
                  "torus %s %s, two jobs: the paths walked per job or summed "
                  "per pair of routers, the same bits",
                  net_engine_name(eng), net_routing_name(rt));
            net_result_free(a);
            net_result_free(b);
            net_result_free(c);
        }
    pattern_free(p0);
    pattern_free(p1);
    placement_free(pl);
    net_free(net);
}

/* The rounds of AI and AH on a torus by the cells of its DOR paths
   (route_cells_new()), which also skip, and after the exposure drop, the
   entities none of whose paths crosses only links above the cutoff, give
   what they give by the paths' links, bit for bit: tori and meshes with
   and without injection links (two nodes a router: messages between them
   cross those links alone), one job or two (per job: the attribution
   walks the paths), every round recorded or none (the grant pass draws
   the paths again, the attribution sweeps), 1 and 2 threads, both default
   engines. */
static struct net *
torus_net(int nd, const int *dim, int wrap, int npr, int inj)
{
    struct net_torus_params p;

    memset(&p, 0, sizeof p);
    p.nd = nd;
    for (int k = 0; k < nd; k++) {
        p.dim[k] = dim[k];
        p.wrap[k] = wrap >> k & 1;
    }
    p.nodes_per_router = npr;
    p.cores = 2;
    p.bw = 1e9;
    p.inj_bw = inj ? 2e9 : 0;
    return net_torus_new(&p, NULL);
}

static void
test_torus_cells(void)
{
    static const struct {
        int nd, dim[5], wrap, npr, inj;
    } tc[] = {
        {3, {3, 6, 2}, 5, 2, 1},
        {3, {3, 11, 3}, 5, 1, 1}, /* three groups, a mesh in the second */
        {2, {5, 5}, 3, 1, 0},
    };
    /* (make tsan: the first alone, on 1 and 2 threads) */
    int quick = getenv("RHO_TEST_QUICK") != NULL;
    size_t n_tc = quick ? 1 : sizeof tc / sizeof tc[0];
    for (size_t i = 0; i < n_tc; i++) {
        struct net *net =
            torus_net(tc[i].nd, tc[i].dim, tc[i].wrap, tc[i].npr, tc[i].inj);
        int n = (int)net_slots(net), ok = 1, used = 1;
        struct placement *pl =
            placement_scheme_new(net, PLACE_RANDOM, n, (int)i + 3, NULL);
        struct pattern *p0 = pattern_thesis("umesh", n / 2, 1 << 16, 3, NULL);
        struct pattern *p1 = pattern_thesis("spread", n - n / 2, 4096, 4, NULL);
        for (int rt = NET_AI; rt <= NET_AH; rt++)
            for (int eng = NET_ENGINE_FAST; eng <= NET_ENGINE_EXACT; eng++)
                for (int v = 0; v < 8; v++) {
                    if (v != 0 && v != 5 && (quick || (v != 3 && v != 6)))
                        continue; /* (each option on and off) */
                    struct net_job jobs[2] = {{p0, pl, 0, rt},
                                              {p1, pl, n / 2, rt}};
                    struct net_opts o;
                    struct net_result *a, *b;
                    net_opts_init(&o);
                    o.per_job = v & 1;
                    o.record_budget = v & 2 ? 0 : o.record_budget;
                    o.samples = 4000; /* FAST: runs of identical messages */
                    b = solve(net, jobs, 2, eng, 1 + (v >> 2), &o);
                    o.no_cells = 1;
                    a = solve(net, jobs, 2, eng, 1 + (v >> 2), &o);
                    ok &= same_bits(a, b) && a->cells == 0 &&
                          (!o.per_job ||
                           memcmp(a->job_bytes, b->job_bytes,
                                  sizeof(double) * 2 * (size_t)a->nlinks) == 0);
                    used &= b != NULL && b->cells == 1;
                    net_result_free(a);
                    net_result_free(b);
                }
        CHECK(ok && used,
              "torus %dd, %d nodes a router%s: AI and AH by the cells of "
              "the DOR paths (%s) the same bits as by their links",
              tc[i].nd, tc[i].npr, tc[i].inj ? ", injection links" : "",
              used ? "used" : "NOT USED");
        pattern_free(p0);
        pattern_free(p1);
        placement_free(pl);
        net_free(net);
    }
}

/* The largest relative difference of the exact engine's link loads and
   message bandwidths from the reference's, solving jobs on threads (-1
   when either fails or they count other messages). */
static double
vs_reference(const struct net *net, const struct net_job *jobs, int njobs,
             int threads, const struct net_opts *o)
{
    struct net_result *a = solve(net, jobs, njobs, NET_ENGINE_REFERENCE,
                                 threads, o);
    struct net_result *c = solve(net, jobs, njobs, NET_ENGINE_EXACT, threads,
                                 o);
    double d = -1;

    if (a != NULL && c != NULL && a->nmsg == c->nmsg) {
        d = reldiff(a->bytes, c->bytes, a->nlinks);
        if (reldiff(a->msg_bw, c->msg_bw, a->nmsg) > d)
            d = reldiff(a->msg_bw, c->msg_bw, a->nmsg);
    }
    net_result_free(a);
    net_result_free(c);
    return d;
}

/* The fixed path sets are found by router pair and mode in a table
   indexed by the pair when the routers are few (16 here, for 480
   entities): the pairs whose messages take another mode too (BGQ's
   small and large messages; a DOR job beside an AD one) fall back to
   the hash table. A set given to the wrong mode would route a message
   on the other's paths. */
static void
test_sets_direct(void)
{
    int dim[2] = {4, 4}, nm = 0, ok = 1;
    struct net *net = torus_net(2, dim, 3, 1, 0);
    int n = (int)net_slots(net);
    int *src = malloc(sizeof(int) * (size_t)n * (size_t)n);
    int *dst = malloc(sizeof(int) * (size_t)n * (size_t)n);
    double *b = malloc(sizeof(double) * (size_t)n * (size_t)n);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, n, 0, NULL);
    struct pattern *pat;
    double worst = 0;

    for (int i = 0; i < n; i++) /* (every pair, small and large) */
        for (int j = 0; j < n; j++)
            if (i != j) {
                src[nm] = i;
                dst[nm] = j;
                b[nm] = (i + j) % 2 ? 4096 : 1 << 20;
                nm++;
            }
    pat = pattern_list(n, nm, src, dst, b, NULL, NULL);
    for (int k = 0; k < 2; k++) {
        struct net_job one = {pat, pl, 0, NET_BGQ};
        struct net_job two[2] = {{pat, pl, 0, NET_DOR}, {pat, pl, 0, NET_AD}};
        double d = vs_reference(net, k == 0 ? &one : two, k + 1, 2, NULL);
        ok &= d >= 0;
        worst = d > worst ? d : worst;
    }
    CHECK(ok && worst < 1e-9,
          "a 4x4 torus's path sets by router pair: BGQ's two modes, DOR "
          "beside AD: the reference's links and bandwidths (%.2g)", worst);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
    free(src);
    free(dst);
    free(b);
}

/* Entities found by their ends (ent_part_task()'s table a pair of
   ends, when there are few pairs): every pair carries two sizes in each
   of two jobs, so that three of a pair's four entities find the pair's
   slot taken and go to the hash table. */
static void
test_ents_direct(void)
{
    int dim[2] = {4, 4}, nm = 0, ok = 1;
    struct net *net = torus_net(2, dim, 3, 1, 0);
    int n = (int)net_slots(net);
    int *src = malloc(sizeof(int) * 2 * (size_t)n * (size_t)n);
    int *dst = malloc(sizeof(int) * 2 * (size_t)n * (size_t)n);
    double *b = malloc(sizeof(double) * 2 * (size_t)n * (size_t)n);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, n, 0, NULL);
    struct pattern *pat;
    double worst = 0;

    for (int k = 0; k < 2; k++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j) {
                    src[nm] = i;
                    dst[nm] = j;
                    b[nm] = (i + j + k) % 2 ? 4096 : 1 << 20;
                    nm++;
                }
    pat = pattern_list(n, nm, src, dst, b, NULL, NULL);
    for (int t = 1; t <= 2; t++) {
        struct net_job jobs[2] = {{pat, pl, 0, NET_AD}, {pat, pl, 0, NET_AD}};
        double d = vs_reference(net, jobs, 2, t, NULL);
        ok &= d >= 0;
        worst = d > worst ? d : worst;
    }
    CHECK(ok && worst < 1e-9,
          "a 4x4 torus's entities by their ends, two sizes and two jobs a "
          "pair, 1 and 2 threads: the reference's links and bandwidths "
          "(%.2g)", worst);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
    free(src);
    free(dst);
    free(b);
}

int
main(void)
{
    /* make tsan: the threads, ranks and records; not the comparisons */
    int quick = getenv("RHO_TEST_QUICK") != NULL;

    if (!quick) {
        test_exact_vs_reference();
        test_fast_bounds();
    }
    test_threads();
    test_bw_quantiles();
    test_aggregation();
    test_sets_direct();
    test_ents_direct();
    test_records();
    test_torus_via();
    test_torus_cells();
    test_ranks();
    test_memory();
    TEST_DONE();
}
