/*
 * net_ref: the reference engine of the link model (net_opts.engine
 * NET_ENGINE_REFERENCE; rho --engine reference). It is the engine rho
 * had before the default one (net_fast.c) was written, kept unchanged so
 * that the default can be tested against it: test_net_hash checks that
 * its results are still bit for bit the ones it gave then. See
 * net_model.h for the model and its invariants.
 *
 * Two solvers share the routing code:
 *  - streaming (no adaptive job): the units of every job are cut into at
 *    most LM_CHUNKS chunks; a worker routes a chunk into its private dense
 *    array (with a list of the links it touched), then merges it into the
 *    result when every earlier chunk has been merged. Memory: the result,
 *    one link array per worker, the placement; messages are never stored.
 *  - allocation (some job adaptive): messages are collected the same way
 *    (in chunk order), split into at most LM_BLOCKS blocks per job, and the
 *    iterative solve runs block by block: each block accumulates its link
 *    sums into its own array, and the arrays are reduced link by link in
 *    block order. Blocks, not threads, fix the order of every sum.
 *
 * The paths of AI and AH, drawn afresh for every message in every round
 * and again for the attribution, are most of the work (200,000 messages x
 * 4 paths x about 65 rounds on df-40). They are drawn by route_draw_pad()
 * into fixed-width slots padded with the link id nl, whose entries in the
 * per-link arrays are +infinity (remc, qf) or scratch (acc, attr), so
 * that every loop over a path has a constant trip count; the same paths
 * as route_valiant() and route_random() draw, with the same random
 * numbers, so the padding changes no sum. After the exposure phase most
 * links fall below the cutoff and most messages cannot ask any more: in
 * a round where some link is below it, a message that route_live_may()
 * shows cannot avoid those links on any path is skipped (its loads are
 * 0, as drawing would have found). The threads are a pool that lives as
 * long as the solve.
 */
#include "core/net/net_engine.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/pool.h"
#include "core/base/rho_alloc.h"
#include "core/base/rng.h"
#include "core/net/route.h"

#define LM_CHUNKS 1024                 /* chunks per job (streaming) */
#define LM_BLOCKS 4                    /* message blocks per job (allocation) */
#define LM_BLOCK_MEM (512.0 * 1048576) /* cap of the per-block link arrays */
#define LM_LINK_TASKS 64               /* link ranges of a reduction */
#define LM_LIVE_TASKS 8                /* group ranges of a route_live */

static int
fresh_paths(int routing)
{
    return routing == NET_SI || routing == NET_AI || routing == NET_AH;
}

/* ------------------------------------------------------------ solver */

/* Run tasks 0..ntasks-1 on the pool, one at a time in increasing order
   (chunk_task() relies on it: a chunk waits for every earlier one). */
static void
run_tasks(struct pool *p, int ntasks, pool_fn *fn, void *ctx)
{
    pool_for(p, ntasks, 1, fn, ctx);
}

static inline uint64_t
hmix(uint64_t h, uint64_t v)
{
    uint64_t s = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));

    return rng_splitmix64(&s);
}

/* A growable set of messages (struct of arrays). */
struct msgs {
    long long n, cap;
    int *job, *src, *dst, *es, *ed;
    double *bytes;
    uint64_t *key;
};

static void
msgs_push(struct msgs *m, int job, int src, int dst, int es, int ed,
          double bytes, uint64_t key)
{
    if (m->n == m->cap) {
        size_t c = rho_grow_cap((size_t)m->cap, (size_t)m->n + 1);
        m->job = xreallocarray(m->job, c, sizeof(int));
        m->src = xreallocarray(m->src, c, sizeof(int));
        m->dst = xreallocarray(m->dst, c, sizeof(int));
        m->es = xreallocarray(m->es, c, sizeof(int));
        m->ed = xreallocarray(m->ed, c, sizeof(int));
        m->bytes = xreallocarray(m->bytes, c, sizeof(double));
        m->key = xreallocarray(m->key, c, sizeof(uint64_t));
        m->cap = (long long)c;
    }
    m->job[m->n] = job;
    m->src[m->n] = src;
    m->dst[m->n] = dst;
    m->es[m->n] = es;
    m->ed[m->n] = ed;
    m->bytes[m->n] = bytes;
    m->key[m->n] = key;
    m->n++;
}

static void
msgs_append(struct msgs *to, const struct msgs *from)
{
    for (long long i = 0; i < from->n; i++)
        msgs_push(to, from->job[i], from->src[i], from->dst[i], from->es[i],
                  from->ed[i], from->bytes[i], from->key[i]);
}

static void
msgs_free(struct msgs *m)
{
    free(m->job);
    free(m->src);
    free(m->dst);
    free(m->es);
    free(m->ed);
    free(m->bytes);
    free(m->key);
    memset(m, 0, sizeof *m);
}

/* Per link state read together on the hot path. */
struct lk {
    double rem, cut;
};

static float
remc_of(const struct lk *k)
{
    return k->rem >= k->cut && k->rem > 0 ? (float)k->rem : -1.0f;
}

/* Mapping-metric sums of a chunk or a block. */
struct sums {
    long long msgs, routed;
    double total, rbytes, hopb, hsum, hmax;
};

static void
sums_add(struct sums *to, const struct sums *s)
{
    to->msgs += s->msgs;
    to->routed += s->routed;
    to->total += s->total;
    to->rbytes += s->rbytes;
    to->hopb += s->hopb;
    to->hsum += s->hsum;
    if (s->hmax > to->hmax)
        to->hmax = s->hmax;
}

/* Where link bytes go: a dense array, optionally with a touched list. */
struct target {
    double *acc;
    unsigned char *mark; /* NULL: no touched list */
    int *touched;
    int nt;
};

static inline void
tadd(struct target *t, int l, double v)
{
    if (t->mark != NULL && !t->mark[l]) {
        t->mark[l] = 1;
        t->touched[t->nt++] = l;
    }
    t->acc[l] += v;
}

struct solver;

struct worker {
    struct solver *sv;
    struct route *rt;
    int *buf;
    int *pbuf; /* padded paths of one message (attribution) */
    struct target tg;
    struct sums s;
    struct msgs loc;
    int job;
    long long unit;
    int idx;
    int failed;
    struct rho_err err;
};

struct solver {
    struct pool *pool;
    const struct net *net;
    const struct net_job *jobs;
    int njobs;
    struct net_opts o;
    int nl;
    double *bw;
    int nthreads;
    struct worker *w;
    int store; /* adaptive run: collect every message */
    int keep;
    int fexpose;
    struct net_result *res;

    /* chunks */
    int nchunks;
    int *ch_job;
    long long *ch_u0, *ch_u1;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int merge_next;
    atomic_int cancel, fail; /* read without the lock by the workers */
    struct rho_err ferr;
    struct sums total;
    struct msgs m; /* collected messages */

    /* allocation */
    int nblocks;
    long long *b0, *b1;
    int *bjob;
    double **acc;  /* per block: phase sums */
    double **attr; /* per block: attributed bytes */
    struct sums *bsum;
    int *bany;
    unsigned char *mrt; /* per message: its job's routing */
    int *poff;          /* per message: paths */
    long long *pstart;
    int *plen;
    int *links;
    double *pload, *palloc, *ptotal;
    double *mbw, *mhops, *mbw0;
    double *rem, *O, *G;
    struct lk *lk; /* per link: remaining bandwidth, cutoff x bandwidth */
    float *remc;   /* per link: Rem if at least the cutoff, else -1 (a
                      compact copy the load pass reads); nl + 1 entries */
    float *qf;     /* per link: Rem / O of the round, rounded down; nl + 1
                      entries */
    double *bgain; /* per block: bandwidth granted in the round */
    int iter, replay;
    /* grants of the fresh adaptive paths, per recorded round (instead of a
       replay when they fit opts.record_budget) */
    int recording, nrec, rec_cap;
    float **rec;
    double rec_bytes;
    double *mbwf; /* per message: the sum of its recorded grants */
    double exposed;
    int maxhops; /* the fresh paths are stored padded (route_draw_pad())
                    with the link id nl, whose remc and qf are +infinity and
                    whose acc and attr entries are scratch, so that the
                    loops over them have a fixed trip count: maxhops
                    entries, or wmin for AH's direct paths */
    int wmin;
    /* a bound on the paths of fresh messages: a message none of whose
       paths can avoid the links below the cutoff is skipped (its loads
       would all be 0); updated in rounds where some link is below it */
    struct route_live *live;
    int use_live;
    /* compact copies of the fresh paths for the round callback */
    long long *vstart;
    int *vlinks;
};

enum { FAIL_RANGE, FAIL_REACH };

static int
worker_fail(struct worker *w, int kind, int job, int src, int dst)
{
    if (!w->failed) {
        w->failed = 1;
        net_msg_error(&w->err, kind == FAIL_REACH, job, src, dst);
    }
    return -1;
}

/* The path set of a message of a static or direct routing (not SI). */
static int
mode_of(const struct solver *sv, int routing, double bytes)
{
    if (routing == NET_DOR)
        return ROUTE_ONE;
    if (routing == NET_BGQ)
        return bytes < sv->o.bgq_threshold ? ROUTE_BGQ : ROUTE_ALL;
    return sv->o.minimal;
}

/* Route one message statically (DOR, SD, SI or BGQ) into t; adds its
   metrics to s. Returns 0, or -1 when an endpoint cannot reach the
   other. */
static int
route_static(struct solver *sv, struct route *rt, int *buf, int routing, int es,
             int ed, double bytes, uint64_t key, struct target *t,
             struct sums *s)
{
    double mean = 0;
    int ml = 0;

    if (bytes <= 0)
        return 0;
    if (routing == NET_SI) {
        double c = route_count(rt, es, ed, sv->o.minimal), npk, b;
        long long samples;
        struct rng g;
        if (c < 0)
            return -1;
        if (c == 0)
            return 0;
        npk = ceil(bytes / sv->o.packet);
        if (npk < 1)
            npk = 1;
        samples = sv->o.si_samples > 0 && npk > (double)sv->o.si_samples
                      ? sv->o.si_samples
                      : (long long)npk;
        b = bytes / (double)samples;
        rng_init(&g, key);
        for (long long i = 0; i < samples; i++) {
            int len = route_valiant(rt, es, ed, sv->o.minimal, &g, buf);
            if (len < 0)
                return -1;
            for (int j = 0; j < len; j++)
                tadd(t, buf[j], b);
            mean += len;
            if (len > ml)
                ml = len;
        }
        mean /= (double)samples;
    } else {
        const struct route_share *sh;
        int mode = mode_of(sv, routing, bytes);
        int n = route_shares(rt, es, ed, mode, &sh, NULL, &ml);
        if (n < 0)
            return -1;
        for (int i = 0; i < n; i++) {
            tadd(t, sh[i].link, bytes * sh[i].frac);
            mean += sh[i].frac;
        }
    }
    if (mean > 0) {
        s->routed++;
        s->rbytes += bytes;
        s->hsum += mean;
        s->hopb += bytes * mean;
        if (ml > s->hmax)
            s->hmax = ml;
    }
    return 0;
}

/* ------------------------------------------------- streaming, collect */

static void
sink_msg(void *v, int src, int dst, double bytes, int step)
{
    struct worker *w = v;
    struct solver *sv = w->sv;
    const struct net_job *j = &sv->jobs[w->job];
    const int *map = placement_map(j->placement);
    int idx = w->idx++, n = pattern_ranks(j->pattern), es, ed;
    uint64_t key;

    if (w->failed || (sv->o.step >= 0 && step != sv->o.step))
        return;
    if (src < 0 || src >= n || dst < 0 || dst >= n) {
        worker_fail(w, FAIL_RANGE, w->job, src, dst);
        return;
    }
    es = map[j->offset + src];
    ed = map[j->offset + dst];
    key = hmix(hmix(hmix(sv->o.seed, (uint64_t)w->job), (uint64_t)w->unit),
               (uint64_t)idx);
    w->s.msgs++;
    w->s.total += bytes;
    if (sv->store || sv->keep)
        msgs_push(&w->loc, w->job, src, dst, es, ed, bytes, key);
    if (sv->store)
        return;
    if (route_static(sv, w->rt, w->buf, j->routing, es, ed, bytes, key, &w->tg,
                     &w->s) != 0)
        worker_fail(w, FAIL_REACH, w->job, src, dst);
}

static int
chunk_task(void *ctx, long long c_, int wi)
{
    int c = (int)c_;
    struct solver *sv = ctx;
    struct worker *w = &sv->w[wi];
    const struct net_job *j = &sv->jobs[sv->ch_job[c]];

    memset(&w->s, 0, sizeof w->s);
    w->loc.n = 0;
    w->job = sv->ch_job[c];
    if (!sv->cancel && !sv->fail)
        for (long long u = sv->ch_u0[c]; u < sv->ch_u1[c] && !w->failed; u++) {
            w->unit = u;
            w->idx = 0;
            pattern_emit(j->pattern, u, sink_msg, w);
        }
    pthread_mutex_lock(&sv->mu);
    while (sv->merge_next != c)
        pthread_cond_wait(&sv->cv, &sv->mu);
    if (w->failed && !sv->fail) {
        sv->fail = 1;
        sv->ferr = w->err;
    }
    if (!sv->cancel && !sv->fail) {
        double *jb = sv->res->job_bytes != NULL
                         ? sv->res->job_bytes + (size_t)w->job * sv->nl
                         : NULL;
        for (int i = 0; i < w->tg.nt; i++) {
            int l = w->tg.touched[i];
            sv->res->bytes[l] += w->tg.acc[l];
            if (jb != NULL)
                jb[l] += w->tg.acc[l];
        }
        sums_add(&sv->total, &w->s);
        msgs_append(&sv->m, &w->loc);
    }
    for (int i = 0; i < w->tg.nt; i++) {
        int l = w->tg.touched[i];
        w->tg.acc[l] = 0;
        w->tg.mark[l] = 0;
    }
    w->tg.nt = 0;
    w->failed = 0;
    sv->merge_next++;
    if (sv->o.progress != NULL && !sv->cancel && !sv->fail &&
        sv->o.progress(sv->o.progress_ctx, sv->store ? "collect" : "route",
                       (double)sv->merge_next / sv->nchunks) != 0)
        sv->cancel = 1;
    pthread_cond_broadcast(&sv->cv);
    pthread_mutex_unlock(&sv->mu);
    return 0;
}

static void
make_chunks(struct solver *sv)
{
    sv->nchunks = net_jobs_chunks(sv->jobs, sv->njobs, LM_CHUNKS, &sv->ch_job,
                                  &sv->ch_u0, &sv->ch_u1);
}

/* -------------------------------------------------------- allocation */

static int
routing_of(const struct solver *sv, long long m)
{
    return sv->mrt[m];
}

/* The direct paths of a fresh routing (AH's come first). */
static int
ndirect_of(const struct solver *sv, int routing)
{
    return routing == NET_AH ? sv->o.ah_direct : 0;
}

/* The padded width of path i of a fresh-path message. */
static int
pwidth(const struct solver *sv, int routing, int i)
{
    return i < ndirect_of(sv, routing) ? sv->wmin : sv->maxhops;
}

static int
npaths_fresh(const struct solver *sv, int routing)
{
    if (routing == NET_AH)
        return sv->o.ah_direct + sv->o.ah_indirect;
    return sv->o.ai_paths;
}

/* Pass 1 (count) and pass 2 (fill) of the path structure, per block. */
static int
paths_task(void *ctx, long long b_, int wi)
{
    int b = (int)b_;
    struct solver *sv = ctx;
    struct worker *w = &sv->w[wi];
    int fill = sv->links != NULL;

    for (long long m = sv->b0[b]; m < sv->b1[b] && !w->failed; m++) {
        int routing = routing_of(sv, m), n = 0;
        long long len = 0;
        const struct route_set *set;
        if (sv->m.bytes[m] <= 0)
            n = 0;
        else if (fresh_paths(routing)) {
            double c =
                route_count(w->rt, sv->m.es[m], sv->m.ed[m], sv->o.minimal);
            if (c < 0)
                n = -1;
            else if (c > 0) {
                n = npaths_fresh(sv, routing);
                for (int i = 0; i < n; i++)
                    len += pwidth(sv, routing, i);
            }
        } else {
            int mode = mode_of(sv, routing, sv->m.bytes[m]);
            n = route_paths(w->rt, sv->m.es[m], sv->m.ed[m], mode,
                            sv->o.ad_max_paths, &set);
            if (n > 0)
                len = set->off[n];
        }
        if (n < 0) {
            worker_fail(w, FAIL_REACH, sv->m.job[m], sv->m.src[m],
                        sv->m.dst[m]);
            break;
        }
        if (!fill) { /* counts: paths into poff[m+1], slots into pstart */
            sv->poff[m + 1] = n;
            sv->mhops[m] = (double)len;
            continue;
        }
        for (int i = 0, at = 0; i < n; i++) {
            int p = sv->poff[m] + i;
            if (fresh_paths(routing)) {
                sv->pstart[p] = (long long)sv->mhops[m] + at;
                at += pwidth(sv, routing, i);
                sv->plen[p] = 0;
            } else {
                sv->pstart[p] = (long long)sv->mhops[m] + set->off[i];
                sv->plen[p] = set->off[i + 1] - set->off[i];
                memcpy(sv->links + sv->pstart[p], set->links + set->off[i],
                       (size_t)sv->plen[p] * sizeof(int));
            }
        }
    }
    return 0;
}

static int
build_paths(struct solver *sv)
{
    long long N = sv->m.n, slots = 0, np = 0;

    sv->poff = xcalloc((size_t)N + 1, sizeof(int));
    sv->mhops = xcalloc((size_t)N + 1, sizeof(double));
    run_tasks(sv->pool, sv->nblocks, paths_task, sv);
    for (int i = 0; i < sv->nthreads; i++)
        if (sv->w[i].failed) {
            sv->fail = 1;
            sv->ferr = sv->w[i].err;
            return -1;
        }
    for (long long m = 0; m < N; m++) { /* prefix sums */
        long long len = (long long)sv->mhops[m];
        np += sv->poff[m + 1];
        if (np > 2147483647LL) {
            rho_err_set(&sv->ferr, RHO_ELIMIT, "more than 2^31 paths");
            sv->fail = 1;
            return -1;
        }
        sv->poff[m + 1] = (int)np;
        sv->mhops[m] = (double)slots; /* slot base of message m */
        slots += len;
    }
    sv->pstart = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(long long));
    sv->plen = xcalloc((size_t)(np > 0 ? np : 1), sizeof(int));
    sv->pload = xcalloc((size_t)(np > 0 ? np : 1), sizeof(double));
    sv->palloc = xcalloc((size_t)(np > 0 ? np : 1), sizeof(double));
    sv->ptotal = xcalloc((size_t)(np > 0 ? np : 1), sizeof(double));
    sv->links = xmalloc((size_t)(slots > 0 ? slots : 1) * sizeof(int));
    run_tasks(sv->pool, sv->nblocks, paths_task, sv);
    for (long long m = 0; m < N; m++)
        sv->mhops[m] = 0;
    return 0;
}

/* Draw iteration iter's paths of fresh-path message m into dst, padded
   (sv->maxhops entries each); their lengths into plen if with_len. */
static void
draw_paths(struct solver *sv, struct worker *w, long long m, int routing,
           int iter, int *dst, int with_len)
{
    int p0 = sv->poff[m], np = sv->poff[m + 1] - p0;
    struct rng g;

    rng_init(&g, hmix(sv->m.key[m], (uint64_t)iter + 1));
    if (route_draw_pad(w->rt, sv->m.es[m], sv->m.ed[m], sv->o.minimal,
                       ndirect_of(sv, routing), np, &g, dst,
                       with_len ? sv->plen + p0 : NULL, sv->nl) != 0)
        for (int p = p0; p < p0 + np; p++) /* (paths_task checked) */
            sv->plen[p] = 0;
}

/* The loops over the links of a path, written for a trip count n that
   the callers make a constant for the common padded widths (10 and 12 on
   a dragonfly), so that they unroll. */
static inline float
path_min(const float *v, const int *l, int n)
{
    float mr = INFINITY;

#ifdef __GNUC__
#pragma GCC unroll 12
#endif
    for (int i = 0; i < n; i++)
        mr = v[l[i]] < mr ? v[l[i]] : mr;
    return mr;
}

static inline void
path_add(double *acc, const int *l, int n, double v)
{
#ifdef __GNUC__
#pragma GCC unroll 12
#endif
    for (int i = 0; i < n; i++)
        acc[l[i]] += v;
}

#define PATH_MIN(v, l, n)                                                      \
    ((n) == 12   ? path_min(v, l, 12)                                          \
     : (n) == 10 ? path_min(v, l, 10)                                          \
     : (n) == 7  ? path_min(v, l, 7)                                           \
     : (n) == 5  ? path_min(v, l, 5)                                           \
                 : path_min(v, l, n))
#define PATH_ADD(acc, l, n, v)                                                 \
    ((n) == 12   ? path_add(acc, l, 12, v)                                     \
     : (n) == 10 ? path_add(acc, l, 10, v)                                     \
     : (n) == 7  ? path_add(acc, l, 7, v)                                      \
     : (n) == 5  ? path_add(acc, l, 5, v)                                      \
                 : path_add(acc, l, n, v))

/* Draw the fresh paths of block b's messages; their loads, and the sum of
   the loads per link into acc[b]. */
static int
load_task(void *ctx, long long b_, int wi)
{
    int b = (int)b_;
    struct solver *sv = ctx;
    double *acc = sv->acc[b];
    const float *remc = sv->remc;
    const int W = sv->maxhops, Wd = sv->wmin;
    int any = 0;
    int with_len = sv->replay || sv->o.round != NULL;

    memset(acc, 0, ((size_t)sv->nl + 1) * sizeof(double));
    for (long long m = sv->b0[b]; m < sv->b1[b]; m++) {
        int p0 = sv->poff[m], p1 = sv->poff[m + 1];
        int routing = routing_of(sv, m), fresh = fresh_paths(routing);
        int adaptive = net_routing_adaptive(routing);
        double sum = 0, bytes = sv->m.bytes[m];
        if (p1 == p0)
            continue;
        if (fresh && sv->use_live &&
            !route_live_may(sv->live, sv->m.es[m], sv->m.ed[m])) {
            for (int p = p0; p < p1; p++)
                sv->pload[p] = 0;
            continue;
        }
        if (fresh) {
            /* padded paths: the pads read +infinity; no path of a
               message that needs links is empty */
            const int *l = sv->links + sv->pstart[p0];
            int nd = p0 + ndirect_of(sv, routing);
            draw_paths(sv, &sv->w[wi], m, routing, sv->iter,
                       sv->links + sv->pstart[p0], with_len);
            for (int p = p0; p < p1; p++) {
                int n = p < nd ? Wd : W;
                float mr = PATH_MIN(remc, l, n);
                if (mr < 0 || mr == INFINITY)
                    mr = 0;
                sv->pload[p] = mr;
                sum += mr;
                l += n;
            }
        } else {
            for (int p = p0; p < p1; p++) {
                float mr =
                    path_min(remc, sv->links + sv->pstart[p], sv->plen[p]);
                if (sv->plen[p] == 0 || mr < 0)
                    mr = 0;
                sv->pload[p] = mr;
                sum += mr;
            }
        }
        for (int p = p0, nd = p0 + ndirect_of(sv, routing); p < p1; p++) {
            const int *l = sv->links + sv->pstart[p];
            double load;
            if (sv->pload[p] <= 0) {
                sv->pload[p] = 0;
                continue;
            }
            load = adaptive ? bytes * sv->pload[p] / sum
                            : bytes / (double)(p1 - p0);
            sv->pload[p] = load;
            any = 1;
            if (fresh)
                PATH_ADD(acc, l, p < nd ? Wd : W, load);
            else
                path_add(acc, l, sv->plen[p], load);
        }
    }
    sv->bany[b] = any;
    return 0;
}

/* Grants of block b's paths, their sum per link into acc[b]; in the
   replay, the attribution of the fresh adaptive messages into attr[b]. */
static int
alloc_task(void *ctx, long long b_, int wi)
{
    int b = (int)b_;
    struct solver *sv = ctx;
    double *acc = sv->acc[b], *attr = sv->attr[b], gain = 0;
    const float *qf = sv->qf;
    const int W = sv->maxhops, Wd = sv->wmin;

    (void)wi;
    memset(acc, 0, ((size_t)sv->nl + 1) * sizeof(double));
    for (long long m = sv->b0[b]; m < sv->b1[b]; m++) {
        int p0 = sv->poff[m], p1 = sv->poff[m + 1];
        int routing = routing_of(sv, m), fp = fresh_paths(routing);
        int fresh = fp && net_routing_adaptive(routing);
        int attribute = sv->replay && fresh && sv->mbw0[m] > 0;
        float *rec = sv->recording && fresh ? sv->rec[sv->iter] : NULL;
        int nd = p0 + ndirect_of(sv, routing);
        for (int p = p0; p < p1; p++) {
            const int *l = sv->links + sv->pstart[p];
            int n = fp ? (p < nd ? Wd : W) : sv->plen[p];
            double a, load = sv->pload[p];
            if (load <= 0) {
                sv->palloc[p] = 0;
                if (rec != NULL)
                    rec[p] = 0;
                continue;
            }
            a = (double)PATH_MIN(qf, l, n) * load;
            if (rec != NULL) {
                rec[p] = (float)a;
                sv->mbwf[m] += rec[p];
            }
            gain += a;
            sv->palloc[p] = a;
            if (!fp)
                sv->ptotal[p] += a;
            sv->mbw[m] += a;
            PATH_ADD(acc, l, n, a);
            if (attribute && a > 0) {
                double f = sv->m.bytes[m] * a / sv->mbw0[m];
                PATH_ADD(attr, l, n, f);
                sv->mhops[m] += f * sv->plen[p];
                if (sv->plen[p] > sv->bsum[b].hmax)
                    sv->bsum[b].hmax = sv->plen[p];
            }
        }
    }
    sv->bgain[b] = gain;
    return 0;
}

/* alloc_task() over the blocks in reverse order: the load pass has just
   written their paths, the last ones are the likeliest to be in cache
   (each block has its own sums, so the order does not change them). */
static int
alloc_task_rev(void *ctx, long long t, int wi)
{
    const struct solver *sv = ctx;

    return alloc_task(ctx, sv->nblocks - 1 - t, wi);
}

/* Reduce the per-block arrays over link range t (of LM_LINK_TASKS). */
static int
reduce_O_task(void *ctx, long long t_, int wi)
{
    int t = (int)t_;
    struct solver *sv = ctx;
    int l0 = (int)((long long)sv->nl * t / LM_LINK_TASKS);
    int l1 = (int)((long long)sv->nl * (t + 1) / LM_LINK_TASKS);

    (void)wi;
    for (int l = l0; l < l1; l++) {
        double s = 0;
        for (int b = 0; b < sv->nblocks; b++)
            s += sv->acc[b][l];
        float qf = s > 0 ? (float)(sv->lk[l].rem / s) : 0;
        sv->O[l] = s;
        /* rounded down, so that the grants never exceed Rem */
        if (s > 0 && (double)qf > sv->lk[l].rem / s)
            qf = nextafterf(qf, 0);
        sv->qf[l] = qf;
    }
    return 0;
}

static int
reduce_G_task(void *ctx, long long t_, int wi)
{
    int t = (int)t_;
    struct solver *sv = ctx;
    int l0 = (int)((long long)sv->nl * t / LM_LINK_TASKS);
    int l1 = (int)((long long)sv->nl * (t + 1) / LM_LINK_TASKS);

    (void)wi;
    for (int l = l0; l < l1; l++) {
        double s = 0;
        for (int b = 0; b < sv->nblocks; b++)
            s += sv->acc[b][l];
        sv->G[l] = s;
        sv->lk[l].rem -= s;
        if (sv->lk[l].rem < 0)
            sv->lk[l].rem = 0;
        sv->remc[l] = remc_of(&sv->lk[l]);
    }
    return 0;
}

/* Make room to record this round's grants, or give up recording (the
   attribution then replays the solve). */
static void
record_round(struct solver *sv)
{
    long long np = sv->poff[sv->m.n];
    double need = (double)(np > 0 ? np : 1) * sizeof(float);

    if (sv->rec_bytes + need > sv->o.record_budget) {
        for (int i = 0; i < sv->nrec; i++)
            free(sv->rec[i]);
        sv->nrec = 0;
        sv->recording = 0;
        return;
    }
    if (sv->nrec == sv->rec_cap) {
        sv->rec_cap =
            (int)rho_grow_cap((size_t)sv->rec_cap, (size_t)sv->nrec + 1);
        sv->rec = xreallocarray(sv->rec, (size_t)sv->rec_cap, sizeof(float *));
    }
    sv->rec[sv->nrec++] = xmalloc((size_t)need);
    sv->rec_bytes += need;
}

/* The paths without the pads, for the round callback: vstart and vlinks
   (allocated on the first call). */
static void
compact_paths(struct solver *sv)
{
    long long np = sv->poff[sv->m.n], k = 0;

    if (sv->vstart == NULL) {
        long long slots = 0;
        for (long long m = 0; m < sv->m.n; m++)
            for (int p = sv->poff[m]; p < sv->poff[m + 1]; p++)
                slots += fresh_paths(routing_of(sv, m))
                             ? pwidth(sv, routing_of(sv, m), p - sv->poff[m])
                             : sv->plen[p];
        sv->vstart = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(long long));
        sv->vlinks = xmalloc((size_t)(slots > 0 ? slots : 1) * sizeof(int));
    }
    for (long long m = 0; m < sv->m.n; m++) {
        int fresh = fresh_paths(routing_of(sv, m));
        for (int p = sv->poff[m]; p < sv->poff[m + 1]; p++) {
            const int *l = sv->links + sv->pstart[p];
            int n = fresh ? pwidth(sv, routing_of(sv, m), p - sv->poff[m])
                          : sv->plen[p];
            sv->vstart[p] = k;
            for (int i = 0; i < n; i++)
                if (l[i] != sv->nl)
                    sv->vlinks[k++] = l[i];
        }
    }
}

static int
report_round(struct solver *sv)
{
    struct net_round r;

    if (sv->o.round == NULL)
        return 0;
    for (int l = 0; l < sv->nl; l++)
        sv->rem[l] = sv->lk[l].rem;
    r.iter = sv->iter;
    r.replay = sv->replay;
    r.exposed = sv->exposed;
    r.nlinks = sv->nl;
    r.remaining = sv->rem;
    r.request = sv->O;
    r.granted = sv->G;
    r.nmsgs = sv->m.n;
    r.msg_bw = sv->mbw;
    compact_paths(sv);
    r.path_off = sv->poff;
    r.path_start = sv->vstart;
    r.path_len = sv->plen;
    r.links = sv->vlinks;
    r.path_load = sv->pload;
    r.path_alloc = sv->palloc;
    return sv->o.round(sv->o.round_ctx, &r);
}

static int
live_task(void *ctx, long long t_, int wi)
{
    int t = (int)t_;
    struct solver *sv = ctx;

    (void)wi;
    route_live_update(sv->live, sv->remc, t, LM_LIVE_TASKS);
    return 0;
}

/* The iterative solve (one round). Returns 0, or -1 if cancelled. */
static int
iterate(struct solver *sv, int *iters, int *converged)
{
    int f = sv->fexpose;
    double bwsum = 0;

    for (int l = 0; l < sv->nl; l++)
        sv->lk[l].rem = 0;
    for (long long m = 0; m < sv->m.n; m++)
        sv->mbw[m] = 0;
    memset(sv->ptotal, 0,
           (size_t)(sv->poff[sv->m.n] > 0 ? sv->poff[sv->m.n] : 1) *
               sizeof(double));
    sv->exposed = 0;
    *converged = 0;
    for (sv->iter = 0; sv->iter < sv->o.max_iters; sv->iter++) {
        int any = 0;
        double gain = 0;
        if (sv->iter < f) {
            for (int l = 0; l < sv->nl; l++) {
                sv->lk[l].rem += sv->bw[l] / f;
                sv->remc[l] = remc_of(&sv->lk[l]);
            }
            sv->exposed = (double)(sv->iter + 1) / f;
        }
        sv->use_live = 0;
        if (sv->live != NULL && sv->o.round == NULL) {
            for (int l = 0; l < sv->nl && !sv->use_live; l++)
                sv->use_live = sv->remc[l] < 0;
            if (sv->use_live)
                run_tasks(sv->pool, LM_LIVE_TASKS, live_task, sv);
        }
        run_tasks(sv->pool, sv->nblocks, load_task, sv);
        for (int b = 0; b < sv->nblocks; b++)
            any |= sv->bany[b];
        if (!any && sv->iter >= f - 1) {
            *converged = 1;
            break;
        }
        run_tasks(sv->pool, LM_LINK_TASKS, reduce_O_task, sv);
        if (sv->recording)
            record_round(sv);
        run_tasks(sv->pool, sv->nblocks, alloc_task_rev, sv);
        run_tasks(sv->pool, LM_LINK_TASKS, reduce_G_task, sv);
        for (int b = 0; b < sv->nblocks; b++)
            gain += sv->bgain[b];
        bwsum += gain;
        if (report_round(sv) != 0)
            return -1;
        if (sv->o.progress != NULL &&
            sv->o.progress(sv->o.progress_ctx, sv->replay ? "replay" : "solve",
                           (double)(sv->iter + 1) / sv->o.max_iters) != 0)
            return -1;
        /* no message gains more than a cutoff's worth any more */
        if (sv->iter >= f - 1 && gain <= sv->o.cutoff * bwsum) {
            *converged = 1;
            sv->iter++;
            break;
        }
    }
    *iters = sv->iter;
    return 0;
}

/* Attribute block b's fresh adaptive messages from the recorded grants:
   draw each round's paths again and add bytes * grant / total. */
static int
rec_attr_task(void *ctx, long long b_, int wi)
{
    int b = (int)b_;
    struct solver *sv = ctx;
    struct worker *w = &sv->w[wi];
    double *attr = sv->attr[b];
    const int W = sv->maxhops, Wd = sv->wmin;

    for (long long m = sv->b0[b]; m < sv->b1[b]; m++) {
        int routing = routing_of(sv, m), p0 = sv->poff[m];
        int p1 = sv->poff[m + 1], nd = p0 + ndirect_of(sv, routing);
        double bytes = sv->m.bytes[m];
        if (p1 == p0 || !fresh_paths(routing) ||
            !net_routing_adaptive(routing) || !(sv->mbwf[m] > 0))
            continue;
        for (int it = 0; it < sv->nrec; it++) {
            const float *rec = sv->rec[it];
            const int *l = w->pbuf;
            int any = 0;
            for (int p = p0; p < p1 && !any; p++)
                any = rec[p] > 0;
            if (!any)
                continue;
            draw_paths(sv, w, m, routing, it, w->pbuf, 1);
            for (int p = p0; p < p1; l += p < nd ? Wd : W, p++) {
                double f;
                if (!(rec[p] > 0))
                    continue;
                f = bytes * rec[p] / sv->mbwf[m];
                PATH_ADD(attr, l, p < nd ? Wd : W, f);
                sv->mhops[m] += f * sv->plen[p];
                if (sv->plen[p] > sv->bsum[b].hmax)
                    sv->bsum[b].hmax = sv->plen[p];
            }
        }
    }
    return 0;
}

/* Attribute block b's fixed-path adaptive and static messages into
   attr[b], and its mapping metrics. */
static int
attribute_task(void *ctx, long long b_, int wi)
{
    int b = (int)b_;
    struct solver *sv = ctx;
    struct worker *w = &sv->w[wi];
    struct target t = {sv->attr[b], NULL, NULL, 0};
    struct sums *s = &sv->bsum[b];

    for (long long m = sv->b0[b]; m < sv->b1[b] && !w->failed; m++) {
        int routing = routing_of(sv, m), p0 = sv->poff[m];
        int np = sv->poff[m + 1] - p0;
        double bytes = sv->m.bytes[m], mean = 0;
        if (!net_routing_adaptive(routing)) {
            if (route_static(sv, w->rt, w->buf, routing, sv->m.es[m],
                             sv->m.ed[m], bytes, sv->m.key[m], &t, s) != 0)
                worker_fail(w, FAIL_REACH, sv->m.job[m], sv->m.src[m],
                            sv->m.dst[m]);
            continue;
        }
        if (np == 0 || bytes <= 0)
            continue;
        if (fresh_paths(routing)) {
            mean = sv->mbw0[m] > 0 ? sv->mhops[m] / bytes : 0;
        } else {
            for (int p = p0; p < p0 + np; p++) {
                const int *l = sv->links + sv->pstart[p];
                double f = sv->mbw[m] > 0 ? bytes * sv->ptotal[p] / sv->mbw[m]
                                          : bytes / np;
                if (f <= 0)
                    continue;
                for (int i = 0; i < sv->plen[p]; i++)
                    sv->attr[b][l[i]] += f;
                mean += f * sv->plen[p] / bytes;
                if (sv->plen[p] > s->hmax)
                    s->hmax = sv->plen[p];
            }
        }
        if (mean > 0) {
            s->routed++;
            s->rbytes += bytes;
            s->hsum += mean;
            s->hopb += bytes * mean;
        }
    }
    return 0;
}

static int
reduce_attr_task(void *ctx, long long t_, int wi)
{
    int t = (int)t_;
    struct solver *sv = ctx;
    struct net_result *res = sv->res;
    int l0 = (int)((long long)sv->nl * t / LM_LINK_TASKS);
    int l1 = (int)((long long)sv->nl * (t + 1) / LM_LINK_TASKS);

    (void)wi;
    for (int l = l0; l < l1; l++) {
        double s = 0;
        for (int b = 0; b < sv->nblocks;) {
            int j = sv->bjob[b];
            double sj = 0;
            for (; b < sv->nblocks && sv->bjob[b] == j; b++)
                sj += sv->attr[b][l];
            if (res->job_bytes != NULL)
                res->job_bytes[(size_t)j * sv->nl + l] = sj;
            s += sj;
        }
        res->bytes[l] = s;
    }
    return 0;
}

static void
make_blocks(struct solver *sv)
{
    long long m = 0;
    int per = LM_BLOCKS;

    if ((double)sv->nl * 8.0 * 2 * LM_BLOCKS * sv->njobs > LM_BLOCK_MEM)
        per = 1;
    sv->b0 = xmalloc((size_t)(per * sv->njobs + 1) * sizeof(long long));
    sv->b1 = xmalloc((size_t)(per * sv->njobs + 1) * sizeof(long long));
    sv->bjob = xmalloc((size_t)(per * sv->njobs + 1) * sizeof(int));
    sv->nblocks = 0;
    for (int j = 0; j < sv->njobs; j++) {
        long long s = m, e, n;
        while (m < sv->m.n && sv->m.job[m] == j)
            m++;
        e = m;
        n = e - s;
        for (int k = 0; k < per && n > 0; k++) {
            long long a = s + n * k / per, z = s + n * (k + 1) / per;
            if (a == z)
                continue;
            sv->b0[sv->nblocks] = a;
            sv->b1[sv->nblocks] = z;
            sv->bjob[sv->nblocks] = j;
            sv->nblocks++;
        }
    }
    sv->acc = xcalloc((size_t)sv->nblocks + 1, sizeof(double *));
    sv->attr = xcalloc((size_t)sv->nblocks + 1, sizeof(double *));
    for (int b = 0; b < sv->nblocks; b++) {
        sv->acc[b] = xcalloc((size_t)sv->nl + 1, sizeof(double));
        sv->attr[b] = xcalloc((size_t)sv->nl + 1, sizeof(double));
    }
    sv->bsum = xcalloc((size_t)sv->nblocks + 1, sizeof(struct sums));
    sv->bany = xcalloc((size_t)sv->nblocks + 1, sizeof(int));
    sv->bgain = xcalloc((size_t)sv->nblocks + 1, sizeof(double));
}

static int
solve_adaptive(struct solver *sv)
{
    struct net_result *res = sv->res;
    long long N = sv->m.n;
    int iters = 0, conv = 0, any_fresh_adaptive = 0;

    sv->mrt = xmalloc((size_t)N + 1);
    for (long long m = 0; m < N; m++)
        sv->mrt[m] = (unsigned char)sv->jobs[sv->m.job[m]].routing;
    make_blocks(sv);
    if (build_paths(sv) != 0)
        return -1;
    sv->mbw = xcalloc((size_t)N + 1, sizeof(double));
    sv->mbw0 = xcalloc((size_t)N + 1, sizeof(double));
    sv->rem = xcalloc((size_t)sv->nl, sizeof(double));
    sv->O = xcalloc((size_t)sv->nl, sizeof(double));
    sv->G = xcalloc((size_t)sv->nl, sizeof(double));
    sv->qf = xcalloc((size_t)sv->nl + 1, sizeof(float));
    sv->remc = xcalloc((size_t)sv->nl + 1, sizeof(float));
    sv->qf[sv->nl] = sv->remc[sv->nl] = INFINITY; /* the pad link */
    sv->lk = xcalloc((size_t)sv->nl, sizeof *sv->lk);
    for (int l = 0; l < sv->nl; l++)
        sv->lk[l].cut = sv->o.cutoff * sv->bw[l];
    for (long long m = 0; m < N; m++) {
        int r = routing_of(sv, m);
        if (fresh_paths(r) && sv->live == NULL && sv->poff[m + 1] > sv->poff[m])
            sv->live = route_live_new(sv->net);
        any_fresh_adaptive |= fresh_paths(r) && net_routing_adaptive(r);
    }
    sv->replay = 0;
    sv->recording = any_fresh_adaptive && sv->o.record_budget > 0;
    sv->mbwf = xcalloc((size_t)N + 1, sizeof(double));
    for (int i = 0; i < sv->nthreads; i++)
        sv->w[i].pbuf =
            xmalloc((size_t)(npaths_fresh(sv, NET_AH) > sv->o.ai_paths
                                 ? npaths_fresh(sv, NET_AH)
                                 : sv->o.ai_paths) *
                    (size_t)sv->maxhops * sizeof(int));
    if (iterate(sv, &iters, &conv) != 0)
        return -1;
    res->iterations = iters;
    res->converged = conv;
    memcpy(sv->mbw0, sv->mbw, (size_t)N * sizeof(double));
    if (sv->recording) {
        run_tasks(sv->pool, sv->nblocks, rec_attr_task, sv);
    } else if (any_fresh_adaptive) {
        sv->replay = 1;
        if (iterate(sv, &iters, &conv) != 0)
            return -1;
    }
    run_tasks(sv->pool, sv->nblocks, attribute_task, sv);
    for (int i = 0; i < sv->nthreads; i++)
        if (sv->w[i].failed) {
            sv->fail = 1;
            sv->ferr = sv->w[i].err;
            return -1;
        }
    run_tasks(sv->pool, LM_LINK_TASKS, reduce_attr_task, sv);
    sv->total.routed = 0;
    sv->total.rbytes = sv->total.hopb = sv->total.hsum = sv->total.hmax = 0;
    for (int b = 0; b < sv->nblocks; b++)
        sums_add(&sv->total, &sv->bsum[b]);
    return 0;
}

/* ---------------------------------------------------------------- API */

static void
solver_free(struct solver *sv)
{
    for (int i = 0; i < sv->nthreads && sv->w != NULL; i++) {
        route_free(sv->w[i].rt);
        free(sv->w[i].buf);
        free(sv->w[i].pbuf);
        free(sv->w[i].tg.acc);
        free(sv->w[i].tg.mark);
        free(sv->w[i].tg.touched);
        msgs_free(&sv->w[i].loc);
    }
    free(sv->w);
    free(sv->bw);
    free(sv->ch_job);
    free(sv->ch_u0);
    free(sv->ch_u1);
    msgs_free(&sv->m);
    for (int b = 0; b < sv->nblocks; b++) {
        free(sv->acc[b]);
        free(sv->attr[b]);
    }
    free(sv->acc);
    free(sv->attr);
    free(sv->b0);
    free(sv->b1);
    free(sv->bjob);
    free(sv->bsum);
    free(sv->bany);
    free(sv->mrt);
    route_live_free(sv->live);
    free(sv->vstart);
    free(sv->vlinks);
    free(sv->poff);
    free(sv->pstart);
    free(sv->plen);
    free(sv->links);
    free(sv->pload);
    free(sv->palloc);
    free(sv->ptotal);
    free(sv->mbw);
    free(sv->mhops);
    free(sv->mbw0);
    free(sv->rem);
    free(sv->O);
    free(sv->G);
    free(sv->qf);
    free(sv->remc);
    for (int i = 0; i < sv->nrec; i++)
        free(sv->rec[i]);
    free(sv->rec);
    free(sv->mbwf);
    free(sv->lk);
    free(sv->bgain);
}

static void
fill_messages(struct solver *sv)
{
    struct net_result *res = sv->res;
    long long N = sv->m.n;

    res->nmsg = N;
    res->msg_job = xmalloc((size_t)(N > 0 ? N : 1) * sizeof(int));
    res->msg_src = xmalloc((size_t)(N > 0 ? N : 1) * sizeof(int));
    res->msg_dst = xmalloc((size_t)(N > 0 ? N : 1) * sizeof(int));
    res->msg_bytes = xmalloc((size_t)(N > 0 ? N : 1) * sizeof(double));
    res->msg_bw = xcalloc((size_t)(N > 0 ? N : 1), sizeof(double));
    if (N > 0) {
        memcpy(res->msg_job, sv->m.job, (size_t)N * sizeof(int));
        memcpy(res->msg_src, sv->m.src, (size_t)N * sizeof(int));
        memcpy(res->msg_dst, sv->m.dst, (size_t)N * sizeof(int));
        memcpy(res->msg_bytes, sv->m.bytes, (size_t)N * sizeof(double));
    }
    if (sv->mbw == NULL)
        return;
    memcpy(res->msg_bw, sv->mbw0, (size_t)N * sizeof(double));
    /* fixed path sets with their total bandwidth */
    if (sv->o.keep_paths) {
        long long np = 0, nlinks = 0;
        res->path_off = xmalloc(((size_t)N + 1) * sizeof(int));
        res->path_off[0] = 0;
        for (long long m = 0; m < N; m++) {
            if (!fresh_paths(routing_of(sv, m)))
                for (int p = sv->poff[m]; p < sv->poff[m + 1]; p++) {
                    np++;
                    nlinks += sv->plen[p];
                }
            res->path_off[m + 1] = (int)np;
        }
        res->path_start =
            xmalloc((size_t)(np > 0 ? np : 1) * sizeof(long long));
        res->path_len = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(int));
        res->path_bw = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(double));
        res->links = xmalloc((size_t)(nlinks > 0 ? nlinks : 1) * sizeof(int));
        np = nlinks = 0;
        for (long long m = 0; m < N; m++) {
            if (fresh_paths(routing_of(sv, m)))
                continue;
            for (int p = sv->poff[m]; p < sv->poff[m + 1]; p++) {
                res->path_start[np] = nlinks;
                res->path_len[np] = sv->plen[p];
                res->path_bw[np] = sv->ptotal[p];
                memcpy(res->links + nlinks, sv->links + sv->pstart[p],
                       (size_t)sv->plen[p] * sizeof(int));
                nlinks += sv->plen[p];
                np++;
            }
        }
    }
}

struct net_result *
net_ref_solve(const struct net *net, const struct net_job *jobs, int njobs,
              const struct net_opts *opts, struct rho_err *err)
{
    struct solver sv;
    struct net_result *res;
    int any_fresh_adaptive = 0;

    memset(&sv, 0, sizeof sv);
    atomic_init(&sv.cancel, 0);
    atomic_init(&sv.fail, 0);
    sv.o = *opts;
    sv.net = net;
    sv.jobs = jobs;
    sv.njobs = njobs;
    sv.nl = net_links(net);
    sv.nthreads = sv.o.threads > 64 ? 64 : sv.o.threads;
    for (int j = 0; j < njobs; j++) {
        if (net_routing_adaptive(jobs[j].routing))
            sv.store = 1;
        if (jobs[j].routing == NET_AI || jobs[j].routing == NET_AH)
            any_fresh_adaptive = 1;
    }
    sv.keep = sv.o.keep_msgs || sv.store;
    sv.fexpose = sv.o.expose > 0 ? sv.o.expose : any_fresh_adaptive ? 50 : 1;
    if (sv.fexpose > sv.o.max_iters)
        sv.fexpose = sv.o.max_iters;
    sv.bw = xmalloc((size_t)(sv.nl > 0 ? sv.nl : 1) * sizeof(double));
    for (int l = 0; l < sv.nl; l++)
        sv.bw[l] = net_link_bw(net, l);

    res = xcalloc(1, sizeof *res);
    sv.res = res;
    res->nlinks = sv.nl;
    res->njobs = njobs;
    res->bytes = xcalloc((size_t)(sv.nl > 0 ? sv.nl : 1), sizeof(double));
    if (sv.o.per_job)
        res->job_bytes = xcalloc(
            (size_t)njobs * (size_t)(sv.nl > 0 ? sv.nl : 1), sizeof(double));

    sv.w = xcalloc((size_t)sv.nthreads, sizeof *sv.w);
    for (int i = 0; i < sv.nthreads; i++) {
        struct worker *w = &sv.w[i];
        w->sv = &sv;
        w->rt = route_new(net);
        w->buf = xmalloc(((size_t)route_max_hops(w->rt) + 1) * sizeof(int));
        if (!sv.store) {
            w->tg.acc =
                xcalloc((size_t)(sv.nl > 0 ? sv.nl : 1), sizeof(double));
            w->tg.mark = xcalloc((size_t)(sv.nl > 0 ? sv.nl : 1), 1);
            w->tg.touched =
                xmalloc((size_t)(sv.nl > 0 ? sv.nl : 1) * sizeof(int));
        }
    }
    sv.maxhops = route_max_hops(sv.w[0].rt);
    sv.wmin = route_max_min_hops(sv.w[0].rt);
    pthread_mutex_init(&sv.mu, NULL);
    pthread_cond_init(&sv.cv, NULL);
    sv.pool = pool_new(sv.nthreads);

    make_chunks(&sv);
    run_tasks(sv.pool, sv.nchunks, chunk_task, &sv);
    if (!sv.cancel && !sv.fail && sv.store && solve_adaptive(&sv) != 0 &&
        !sv.fail)
        sv.cancel = 1;

    pool_free(sv.pool);
    pthread_mutex_destroy(&sv.mu);
    pthread_cond_destroy(&sv.cv);
    if (sv.cancel || sv.fail) {
        if (sv.fail) {
            if (err != NULL)
                *err = sv.ferr;
        } else
            rho_err_set(err, RHO_ECANCEL, "link model: cancelled");
        solver_free(&sv);
        net_result_free(res);
        return NULL;
    }
    res->msgs = sv.total.msgs;
    res->total_bytes = sv.total.total;
    res->routed = sv.total.routed;
    res->routed_bytes = sv.total.rbytes;
    res->hop_bytes = sv.total.hopb;
    res->hops_sum = sv.total.hsum;
    res->hops_max = sv.total.hmax;
    if (sv.keep)
        fill_messages(&sv);
    /* EXTENSION: phase time */
    res->phase_time_ext = 0;
    if (sv.store) {
        for (long long m = 0; m < sv.m.n; m++) {
            double t;
            if (sv.poff[m + 1] == sv.poff[m] || sv.m.bytes[m] <= 0)
                continue;
            t = sv.mbw0[m] > 0 ? sv.m.bytes[m] / sv.mbw0[m] : INFINITY;
            if (t > res->phase_time_ext)
                res->phase_time_ext = t;
        }
    } else {
        for (int l = 0; l < sv.nl; l++)
            if (res->bytes[l] / sv.bw[l] > res->phase_time_ext)
                res->phase_time_ext = res->bytes[l] / sv.bw[l];
    }
    solver_free(&sv);
    return res;
}
