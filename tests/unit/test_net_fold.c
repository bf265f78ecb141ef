/*
 * test_net_fold: an adaptive solve that lists no messages
 * (net_opts.msgs_limit; here -1, any size) folds identical messages as it
 * collects them: the same link loads, metrics, bandwidth summary and
 * per-job bandwidths, to the bit, as the solve that lists every message;
 * net_stats_jobs() gives the same from the solver's per-job figures as
 * from the messages; a caller that asks for the messages still gets them.
 * A static solve of a collective's runs (pattern_emit_runs()) is the
 * solve of its messages one by one. AI and AH fold only where their
 * messages would not fit one by one, and are then solved in runs.
 */
#include "core/net/net_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/net/net_phases.h"
#include "core/net/net_stats.h"
#include "harness.h"
#include "support_hash.h"
#include "support_msgs.h"

static struct net *
dragonfly(int cores)
{
    struct net_dragonfly_params p;

    memset(&p, 0, sizeof p);
    p.groups = 5;
    p.chassis = 2;
    p.routers = 3;
    p.nodes_per_router = 2;
    p.cores = cores;
    p.global_per_pair = 1;
    p.bw_row = 2e9;
    p.bw_col = 1e9;
    p.bw_global = 1.5e9;
    p.inj_bw = 4e9;
    return net_dragonfly_new(&p, NULL);
}

static struct net_result *
solve(const struct net *net, const struct net_job *jobs, int njobs,
      long long limit, int keep, int engine)
{
    struct net_opts o;
    struct rho_err e;
    struct net_result *r;

    net_opts_init(&o);
    o.threads = 2;
    o.engine = engine;
    o.per_job = njobs > 1;
    o.msgs_limit = limit;
    o.keep_msgs = keep;
    r = net_phases_solve(net, jobs, njobs, &o, &e);
    if (r == NULL)
        printf("# solve failed: %s\n", e.msg);
    return r;
}

#define SAME(f) (memcmp(&a->f, &b->f, sizeof a->f) == 0)

/* Everything but the message lists, bit for bit. */
static int
same_result(const struct net_result *a, const struct net_result *b)
{
    size_t nl = (size_t)a->nlinks;

    if (a == NULL || b == NULL || a->nlinks != b->nlinks ||
        memcmp(a->bytes, b->bytes, nl * sizeof(double)) != 0 ||
        (a->job_bytes == NULL) != (b->job_bytes == NULL) ||
        (a->job_bytes != NULL &&
         memcmp(a->job_bytes, b->job_bytes,
                nl * (size_t)a->njobs * sizeof(double)) != 0))
        return 0;
    if (!SAME(msgs) || !SAME(routed) || !SAME(total_bytes) ||
        !SAME(routed_bytes) || !SAME(hop_bytes) || !SAME(hops_sum) ||
        !SAME(hops_max) || !SAME(iterations) || !SAME(converged) ||
        !SAME(phase_time_ext) || !SAME(have_bwq) || !SAME(bwq_n) ||
        !SAME(bwq_starved) || !SAME(bwq) || !SAME(nphases))
        return 0;
    if ((a->job_bws == NULL) != (b->job_bws == NULL) ||
        (a->job_bws != NULL &&
         memcmp(a->job_bws, b->job_bws,
                (size_t)a->njobs * sizeof *a->job_bws) != 0))
        return 0;
    for (int k = 0; k < a->nphases; k++)
        if (!same_result(a->phase[k], b->phase[k]))
            return 0;
    return 1;
}

static int
same_job_bw(const struct net_jobs_stats *a, const struct net_jobs_stats *b)
{
    if (a == NULL || b == NULL || a->njobs != b->njobs)
        return 0;
    for (int j = 0; j < a->njobs; j++)
        if (!SAME(job[j].bw_n) || !SAME(job[j].bw_starved) ||
            !SAME(job[j].bw_min) || !SAME(job[j].bw_mean) ||
            !SAME(job[j].bw_max) || !SAME(job[j].worst))
            return 0;
    return 1;
}

/* The per-job bandwidths of listed (from its messages, its job_bws set
   aside) and of folded (from its job_bws) are the same bits. */
static void
check_jobs(const struct net *net, const struct net_job *jobs, int njobs,
           struct net_result *listed, const struct net_result *folded,
           const char *what)
{
    struct net_bw_stats *keep = listed->job_bws;
    struct net_jobs_stats *a, *b;
    struct rho_err e;
    long long n = 0;

    listed->job_bws = NULL;
    a = net_stats_jobs(net, jobs, njobs, listed, &e);
    listed->job_bws = keep;
    b = net_stats_jobs(net, jobs, njobs, folded, &e);
    for (int j = 0; a != NULL && j < njobs; j++)
        n += a->job[j].bw_n;
    CHECK(same_job_bw(a, b) && n > 0,
          "%s: the per-job bandwidths of %lld messages, from the messages "
          "and from the folded solve's counts, are the same bits",
          what, n);
    net_jobs_stats_free(a);
    net_jobs_stats_free(b);
}

static void
compare(const struct net *net, const struct net_job *jobs, int njobs,
        const char *what)
{
    struct net_result *a = solve(net, jobs, njobs, 0, 0, NET_ENGINE_DEFAULT);
    struct net_result *b = solve(net, jobs, njobs, -1, 0, NET_ENGINE_DEFAULT);
    struct net_result *c = solve(net, jobs, njobs, -1, 1, NET_ENGINE_DEFAULT);

    CHECK(a != NULL && b != NULL && c != NULL && a->nmsg == a->msgs &&
              a->msgs > 0 && b->nmsg == 0 && b->msg_bw == NULL &&
              c->nmsg == a->nmsg,
          "%s: %lld messages listed by default, none folded, all when "
          "asked for",
          what, a != NULL ? a->msgs : -1);
    if (a == NULL || b == NULL || c == NULL)
        goto out;
    CHECK(same_result(a, b) && same_result(a, c),
          "%s: folded, the same link loads, metrics and bandwidths to the "
          "bit",
          what);
    check_jobs(net, jobs, njobs, a, b, what);
    if (a->nphases > 1)
        for (int k = 0; k < a->nphases; k++) {
            char w[128];
            snprintf(w, sizeof w, "%s, phase %d", what, k + 1);
            check_jobs(net, jobs, njobs, a->phase[k], b->phase[k], w);
        }
out:
    net_result_free(a);
    net_result_free(b);
    net_result_free(c);
}

/* A folded solve under memory limits from 64 MiB down, halved: each
   either gives the bits of the unlimited solve or is refused (RHO_ELIMIT,
   no result); once some refusal comes from the records as they are
   folded (the plan before them fits: they are not known before they are
   collected), and the unlimited solve took more than one worker's first
   room for them (4,096 records: its growth). */
static void
fold_memory(const struct net *net, const struct net_job *job, const char *what)
{
    struct net_result *all = solve(net, job, 1, -1, 0, NET_ENGINE_DEFAULT);
    int ok = all != NULL, fits = 0, grown = 0, refused = 0;

    for (double lim = 64.0 * 1048576; ok && lim >= 4096; lim /= 2) {
        struct net_opts o;
        struct rho_err e;
        struct net_result *r;
        net_opts_init(&o);
        o.threads = 2;
        o.msgs_limit = -1;
        o.mem_limit = lim;
        memset(&e, 0, sizeof e);
        r = net_phases_solve(net, job, 1, &o, &e);
        if (r != NULL) {
            ok &= same_result(all, r);
            fits++;
        } else {
            ok &= e.code == RHO_ELIMIT;
            if (strstr(e.msg, "before all were collected") != NULL) {
                grown++;
                printf("# %s\n", e.msg);
            } else
                refused++;
        }
        net_result_free(r);
    }
    CHECK(ok && fits > 0 && grown > 0 && refused > 0,
          "%s folded under a memory limit: %d limits fit (the same bits), "
          "%d refused as the records grew, %d before",
          what, fits, grown, refused);
    net_result_free(all);
}

/* A static solve of a pattern that gives its steps as runs (a stretch of
   a run's messages between the same endpoints at once, routed once a
   chunk per record) is the solve of the same messages one by one (a
   list), to the bit, on 1 and 2 threads. */
static void
static_runs(const struct net *net, const struct pattern *p,
            const struct placement *pl, int routing, const char *what)
{
    struct msg_cap x = {0};
    struct pattern *list;
    int ok = 1;

    for (long long u = 0; u < pattern_units(p); u++)
        pattern_emit(p, u, msg_cap_push, &x);
    list = pattern_list(pattern_ranks(p), x.n, x.s, x.d, x.b, x.st, NULL);
    for (int th = 1; th <= 2 && list != NULL; th++) {
        struct net_job a = {(struct pattern *)p, pl, 0, routing};
        struct net_job b = {list, pl, 0, routing};
        struct net_opts o;
        struct rho_err e;
        struct net_result *ra, *rb;
        net_opts_init(&o);
        o.threads = th;
        ra = net_phases_solve(net, &a, 1, &o, &e);
        rb = net_phases_solve(net, &b, 1, &o, &e);
        ok &= ra != NULL && rb != NULL && ra->msgs == x.n &&
              same_result(ra, rb);
        net_result_free(ra);
        net_result_free(rb);
    }
    CHECK(list != NULL && ok && pattern_has_runs(p),
          "%s: %lld messages by runs, the same bits as one by one", what,
          x.n);
    pattern_free(list);
    msg_cap_free(&x);
}

static struct net_result *
solve_runs(const struct net *net, const struct net_job *job, int threads,
           int runs, double mem_limit, struct rho_err *e)
{
    struct net_opts o;

    net_opts_init(&o);
    o.threads = threads;
    o.msgs_limit = -1;
    o.fold_runs = runs;
    o.mem_limit = mem_limit;
    memset(e, 0, sizeof *e);
    return net_phases_solve(net, job, 1, &o, e);
}

static double
link_max(const struct net_result *r)
{
    double m = 0;

    for (int l = 0; l < r->nlinks; l++)
        m = r->bytes[l] > m ? r->bytes[l] : m;
    return m;
}

/* AI and AH folded in runs of w identical messages (net_opts.fold_runs,
   forced): the same bits on 1 and 2 threads; every message and byte
   routed once (the runs' multiplicities add up); the link loads' sum is
   the hop-bytes; the busiest link within 5% of the solve message by
   message, the mean hops within 2%. Then the choice by memory: a limit
   the messages fit one by one gives the unfolded solve's bits, a lower
   one runs of 2 to 4 (more the lower; saying what one by one would have
   needed), a lower still a refusal. */
static void
fold_runs(const struct net *net, const struct net_job *job, const char *what)
{
    struct net_result *a = solve(net, job, 1, 0, 0, NET_ENGINE_DEFAULT);
    struct rho_err e;
    int exact = 0, runs = 0, refused = 0, order = 1, last = 0;

    for (int w = 2; w <= 4 && a != NULL; w += 2) {
        struct net_result *r1 = solve_runs(net, job, 1, w, 0, &e);
        struct net_result *r2 = solve_runs(net, job, 2, w, 0, &e);
        double hops = a->hops_sum / a->routed;
        CHECK(r1 != NULL && r2 != NULL && same_result(r1, r2) &&
                  r1->reps == w && r1->nmsg == 0,
              "%s in runs of %d: the same bits on 1 and 2 threads", what, w);
        if (r1 == NULL || r2 == NULL)
            goto next;
        CHECK(r1->msgs == a->msgs && r1->routed == a->routed &&
                  r1->total_bytes == a->total_bytes &&
                  r1->routed_bytes == a->routed_bytes &&
                  r1->bwq_n == a->bwq_n &&
                  fabs(result_link_bytes(r1) - r1->hop_bytes) <=
                      1e-9 * r1->hop_bytes,
              "%s in runs of %d: %lld messages, %.0f bytes routed once each; "
              "the links carry the hop-bytes",
              what, w, r1->msgs, r1->routed_bytes);
        printf("# %s, runs of %d: busiest link %+.2f%%, mean hops %+.2f%%\n",
               what, w, 100 * (link_max(r1) / link_max(a) - 1),
               100 * (r1->hops_sum / r1->routed / hops - 1));
        CHECK(fabs(link_max(r1) / link_max(a) - 1) < 0.05 &&
                  fabs(r1->hops_sum / r1->routed / hops - 1) < 0.02,
              "%s in runs of %d: near the solve message by message", what, w);
    next:
        net_result_free(r1);
        net_result_free(r2);
    }
    for (double lim = 64.0 * 1048576; a != NULL && lim >= 262144; lim /= 1.25) {
        struct net_result *r = solve_runs(net, job, 2, 0, lim, &e);
        if (r == NULL) {
            refused += e.code == RHO_ELIMIT;
            last = 5;
        } else if (r->reps == 0) {
            exact += same_result(a, r) && r->nmsg == a->nmsg;
            order &= last == 0;
        } else {
            runs++;
            order &= r->reps >= 2 && r->reps <= 4 && r->reps >= last &&
                     r->nmsg == 0 && r->reps_need > lim;
            last = r->reps;
        }
        net_result_free(r);
    }
    CHECK(exact > 0 && runs > 0 && refused > 0 && order,
          "%s by memory: %d limits one by one (the same bits), %d in runs "
          "(more the lower), %d refused",
          what, exact, runs, refused);
    net_result_free(a);
}

int
main(void)
{
    struct net *net = dragonfly(4);
    int n = (int)net_slots(net), nm = 4000;
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, n, 0, NULL);
    struct rho_err e;
    struct pattern *rs = pattern_collective(COLL_RS_PAIRWISE, n, 1 << 20, 1,
                                            NULL, &e);
    struct pattern *rab = pattern_collective(COLL_REDUCE_RABENSEIFNER, n,
                                             1 << 20, 0, NULL, &e);
    struct pattern *ph[2], *phases, *list;
    int *src = malloc(sizeof(int) * (size_t)nm);
    int *dst = malloc(sizeof(int) * (size_t)nm);
    double *b = malloc(sizeof(double) * (size_t)nm);
    struct rng g;

    /* runs of identical messages (one core's to every core of a node),
       and repeats that are not in a run */
    rng_init(&g, 7);
    for (int i = 0; i < nm;) {
        int s = (int)rng_below(&g, 16), d = n - 4 * (1 + (int)rng_below(&g, 6));
        double by = (double)(1 + rng_below(&g, 2)) * 65536;
        int k = 1 + (int)rng_below(&g, 4);
        if (rng_below(&g, 8) == 0)
            by = 0; /* (no link) */
        for (int c = 0; c < k && i < nm; c++, i++) {
            src[i] = s;
            dst[i] = d + c;
            b[i] = by;
        }
        if (i < nm && rng_below(&g, 8) == 0) { /* within a node */
            src[i] = s;
            dst[i] = s ^ 1;
            b[i++] = by;
        }
    }
    list = pattern_list(n, nm, src, dst, b, NULL, NULL);
    ph[0] = rs;
    ph[1] = list;
    phases = pattern_phases(2, ph, &e);
    CHECK(rs != NULL && rab != NULL && list != NULL && phases != NULL,
          "patterns");
    {
        struct net_job one = {rs, pl, 0, NET_AD};
        compare(net, &one, 1, "rs-pairwise AD");
    }
    {
        struct net_job one = {rab, pl, 0, NET_AD};
        compare(net, &one, 1, "reduce-rabenseifner AD");
    }
    {
        struct net_job one = {list, pl, 0, NET_AD};
        compare(net, &one, 1, "a list AD");
    }
    {
        struct net_job two[2] = {{list, pl, 0, NET_AD}, {rs, pl, 0, NET_SD}};
        compare(net, two, 2, "a list AD beside rs-pairwise SD");
    }
    {
        struct net_job two[2] = {{rs, pl, 0, NET_DOR}, {list, pl, 0, NET_AD}};
        compare(net, two, 2, "rs-pairwise DOR beside a list AD");
    }
    {
        struct net_job one = {phases, pl, 0, NET_AD};
        compare(net, &one, 1, "two phases AD");
    }
    {
        struct placement *rnd =
            placement_scheme_new(net, PLACE_RANDOM, n, 3, NULL);
        static_runs(net, rs, pl, NET_SD, "rs-pairwise SD, in order");
        static_runs(net, rab, pl, NET_SD, "reduce-rabenseifner SD, in order");
        static_runs(net, rs, rnd, NET_SD, "rs-pairwise SD, random");
        static_runs(net, rab, pl, NET_DOR, "reduce-rabenseifner DOR, in order");
        placement_free(rnd);
    }
    {
        /* 1,080 ranks: 1,079 steps, two a chunk, so that a chunk's
           records of stretches of 18 cores take more than one stretch */
        struct net *big = dragonfly(18);
        int nb = (int)net_slots(big);
        struct placement *lin =
            placement_scheme_new(big, PLACE_LINEAR, nb, 0, NULL);
        struct pattern *brs =
            pattern_collective(COLL_RS_PAIRWISE, nb, 1 << 20, 1, NULL, &e);
        static_runs(big, brs, lin, NET_SD, "rs-pairwise SD, 1,080 ranks");
        {
            struct net_job one = {brs, lin, 0, NET_AD};
            compare(big, &one, 1, "rs-pairwise AD, 1,080 ranks");
            fold_memory(big, &one, "rs-pairwise AD, 1,080 ranks");
        }
        pattern_free(brs);
        placement_free(lin);
        net_free(big);
    }
    {
        struct net_job ai = {rs, pl, 0, NET_AI}, ah = {rs, pl, 0, NET_AH};
        fold_runs(net, &ai, "rs-pairwise AI");
        fold_runs(net, &ah, "rs-pairwise AH");
    }
    {
        /* fresh paths are not folded while they fit: AI lists its
           messages */
        struct net_job one = {list, pl, 0, NET_AI};
        struct net_result *r = solve(net, &one, 1, -1, 0, NET_ENGINE_DEFAULT);
        CHECK(r != NULL && r->nmsg == r->msgs && r->msg_bw != NULL &&
                  r->job_bws != NULL,
              "AI: not folded, every message listed");
        net_result_free(r);
    }
    pattern_free(rs);
    pattern_free(rab);
    pattern_free(list);
    pattern_free(phases);
    placement_free(pl);
    net_free(net);
    free(src);
    free(dst);
    free(b);
    TEST_DONE();
}
