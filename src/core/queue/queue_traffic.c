/*
 * queue_traffic: level totals of routed traffic. See queue_traffic.h.
 *
 * Chunks of pattern units are handed out in order by the core's thread
 * pool (core/base/pool.h); a worker routes one chunk into its own sums,
 * waits for its turn and adds them to the totals (so the additions happen
 * in chunk order whatever the threads), then clears them.
 */
#include "core/queue/queue_traffic.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/pool.h"
#include "core/base/rho_alloc.h"
#include "core/base/rng.h"
#include "core/net/pattern.h"
#include "core/net/placement.h"
#include "core/net/route.h"

#define CHUNKS 1024 /* chunks per job */
#define MAX_THREADS POOL_MAX_THREADS

struct sums {
    long long msgs, routed, sampled;
    double bytes, W;
    double *H, *F, *L, *T, *top; /* one block: 4k + k^2 */
};

struct run;

struct worker {
    struct run *r;
    struct route *rt;
    int *buf;
    struct sums s;
    int job;
    long long unit;
    int idx;
    int failed;
    struct rho_err err;
};

struct run {
    const struct net *net;
    const struct queue_map *m;
    const struct net_job *jobs;
    struct queue_traffic_opts o;
    int k;
    int nchunks, *ch_job;
    long long *ch_u0, *ch_u1;
    int merge_next;
    atomic_int stop; /* failed or cancelled */
    int failed, cancelled;
    struct rho_err err;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct sums total;
    struct worker *w;
};

/* The link model's key mixing (net_model.c), so that SI's paths are the
   same paths. */
static inline uint64_t
hmix(uint64_t h, uint64_t v)
{
    uint64_t s = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));

    return rng_splitmix64(&s);
}

void
queue_traffic_opts_init(struct queue_traffic_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->threads = 1;
    o->minimal = ROUTE_MIN;
    o->paths = 16;
    o->valiant = 4;
    o->packet = 64;
}

static void
sums_init(struct sums *s, int k)
{
    size_t n = (size_t)k;

    memset(s, 0, sizeof *s);
    s->H = xcalloc(4 * n + n * n, sizeof(double));
    s->F = s->H + n;
    s->L = s->F + n;
    s->top = s->L + n;
    s->T = s->top + n;
}

static void
sums_clear(struct sums *s, int k)
{
    size_t n = (size_t)k;

    s->msgs = s->routed = s->sampled = 0;
    s->bytes = s->W = 0;
    memset(s->H, 0, (4 * n + n * n) * sizeof(double));
}

static void
sums_add(struct sums *to, const struct sums *s, int k)
{
    size_t n = (size_t)k, all = 4 * n + n * n;

    to->msgs += s->msgs;
    to->routed += s->routed;
    to->sampled += s->sampled;
    to->bytes += s->bytes;
    to->W += s->W;
    for (size_t i = 0; i < all; i++)
        to->H[i] += s->H[i];
}

/* One path of links, weight w: its levels into s (H too unless noH). */
static void
add_path(struct worker *w, const int *links, int len, double wt, int noH)
{
    const unsigned char *lv = w->r->m->of_link;
    struct sums *s = &w->s;
    int k = w->r->k, prev = -1, top = 0;

    for (int j = 0; j < len; j++) {
        int i = lv[links[j]];
        if (!noH)
            s->H[i] += wt;
        if (prev >= 0)
            s->T[prev * k + i] += wt;
        else
            s->F[i] += wt;
        if (i > top)
            top = i;
        prev = i;
    }
    s->L[prev] += wt;
    s->top[top] += wt;
}

/* The minimal (or DOR) paths of a message with weight wt. Returns 0 (no
   link needed), 1 (routed), -1 (no route). */
static int
route_min(struct worker *w, int es, int ed, int routing, double wt)
{
    struct run *r = w->r;
    const struct route_set *set;
    int n;

    if (routing == NET_DOR) {
        int len = route_path(w->rt, es, ed, ROUTE_ONE, 0, w->buf);
        if (len > 0)
            add_path(w, w->buf, len, wt, 0);
        return len > 0 ? 1 : len;
    }
    n = route_paths(w->rt, es, ed, r->o.minimal, r->o.paths, &set);
    if (n <= 0)
        return n;
    if ((double)n == set->count) {
        for (int p = 0; p < n; p++)
            add_path(w, set->links + set->off[p], set->off[p + 1] - set->off[p],
                     wt / n, 0);
    } else {
        /* a sample of a large set: transitions from it, H exactly */
        const struct route_share *sh;
        int ns;
        for (int p = 0; p < n; p++)
            add_path(w, set->links + set->off[p], set->off[p + 1] - set->off[p],
                     wt / n, 1);
        ns = route_shares(w->rt, es, ed, r->o.minimal, &sh, NULL, NULL);
        if (ns < 0)
            return -1;
        for (int i = 0; i < ns; i++)
            w->s.H[r->m->of_link[sh[i].link]] += wt * sh[i].frac;
        w->s.sampled++;
    }
    return 1;
}

/* Valiant paths as the link model's SI draws them, weight wt in all. */
static int
route_indirect(struct worker *w, int es, int ed, double bytes, uint64_t key,
               double wt)
{
    struct run *r = w->r;
    double c = route_count(w->rt, es, ed, r->o.minimal), npk;
    long long samples;
    struct rng g;

    if (c <= 0)
        return c < 0 ? -1 : 0;
    npk = ceil(bytes / r->o.packet);
    if (npk < 1)
        npk = 1;
    samples = npk > (double)r->o.valiant ? r->o.valiant : (long long)npk;
    rng_init(&g, key);
    for (long long i = 0; i < samples; i++) {
        int len = route_valiant(w->rt, es, ed, r->o.minimal, &g, w->buf);
        if (len < 0)
            return -1;
        if (len > 0)
            add_path(w, w->buf, len, wt / (double)samples, 0);
    }
    return 1;
}

enum { FAIL_RANGE, FAIL_REACH };

static void
fail(struct worker *w, int kind, int job, int src, int dst)
{
    if (w->failed)
        return;
    w->failed = 1;
    net_msg_error(&w->err, kind == FAIL_REACH, job, src, dst);
}

static void
sink(void *v, int src, int dst, double bytes, int step)
{
    struct worker *w = v;
    struct run *r = w->r;
    const struct net_job *j = &r->jobs[w->job];
    const int *map = placement_map(j->placement);
    int idx = w->idx++, n = pattern_ranks(j->pattern), es, ed, rc;
    uint64_t key;

    (void)step;
    if (w->failed)
        return;
    if (src < 0 || src >= n || dst < 0 || dst >= n) {
        fail(w, FAIL_RANGE, w->job, src, dst);
        return;
    }
    w->s.msgs++;
    w->s.bytes += bytes;
    if (!(bytes > 0))
        return;
    es = map[j->offset + src];
    ed = map[j->offset + dst];
    key = hmix(hmix(hmix(r->o.seed, (uint64_t)w->job), (uint64_t)w->unit),
               (uint64_t)idx);
    switch (j->routing) {
    case NET_SI:
    case NET_AI:
        rc = route_indirect(w, es, ed, bytes, key, bytes);
        break;
    case NET_AH:
        rc = route_min(w, es, ed, NET_SD, bytes / 2);
        if (rc > 0)
            rc = route_indirect(w, es, ed, bytes, key, bytes / 2);
        break;
    default:
        rc = route_min(w, es, ed, j->routing, bytes);
        break;
    }
    if (rc < 0)
        fail(w, FAIL_REACH, w->job, src, dst);
    else if (rc > 0) {
        w->s.routed++;
        w->s.W += bytes;
    }
}

/* sink() for a run of k messages (pattern_emit_runs()): where their
   paths do not depend on the message (DOR, SD, AD, BGQ: route_min()), a
   stretch of the run between the same two endpoints at once, weighted by
   its bytes; else message by message. A pairwise reduce-scatter's 268
   million messages on the supernode machine are 33 million stretches
   of 8 (16 cores a node): 5.8 s message by message. */
static void
sink_run(void *v, int src, int dst, int k, double bytes, int step)
{
    struct worker *w = v;
    struct run *r = w->r;
    const struct net_job *j = &r->jobs[w->job];
    const int *map = placement_map(j->placement) + j->offset;
    int n = pattern_ranks(j->pattern);

    if (j->routing == NET_SI || j->routing == NET_AI ||
        j->routing == NET_AH || src < 0 || dst < 0 || src > n - k ||
        dst > n - k) {
        for (int i = 0; i < k; i++)
            sink(v, src + i, dst + i, bytes, step);
        return;
    }
    w->idx += k;
    for (int i = 0, m; i < k && !w->failed; i += m) {
        int es = map[src + i], ed = map[dst + i], rc;
        long long sampled = w->s.sampled;
        m = placement_stretch(map, src, dst, i, k);
        w->s.msgs += m;
        w->s.bytes += bytes * m;
        if (!(bytes > 0))
            continue;
        rc = route_min(w, es, ed, j->routing, bytes * m);
        w->s.sampled += (w->s.sampled - sampled) * (m - 1);
        if (rc < 0)
            fail(w, FAIL_REACH, w->job, src + i, dst + i);
        else if (rc > 0) {
            w->s.routed += m;
            w->s.W += bytes * m;
        }
    }
}

static void
do_chunk(struct worker *w, int c)
{
    struct run *r = w->r;
    const struct net_job *j = &r->jobs[r->ch_job[c]];

    w->job = r->ch_job[c];
    for (long long u = r->ch_u0[c];
         u < r->ch_u1[c] && !w->failed && !atomic_load(&r->stop); u++) {
        w->unit = u;
        w->idx = 0;
        if (pattern_emit_runs(j->pattern, u, sink_run, w) != 0)
            pattern_emit(j->pattern, u, sink, w);
    }
    pthread_mutex_lock(&r->mu);
    while (r->merge_next != c)
        pthread_cond_wait(&r->cv, &r->mu);
    if (w->failed && !r->failed && !r->cancelled) {
        r->failed = 1;
        r->err = w->err;
        atomic_store(&r->stop, 1);
    }
    if (!atomic_load(&r->stop))
        sums_add(&r->total, &w->s, r->k);
    r->merge_next++;
    if (r->o.progress != NULL && !atomic_load(&r->stop) &&
        r->o.progress(r->o.progress_ctx, "route",
                      (double)r->merge_next / r->nchunks) != 0) {
        r->cancelled = 1;
        atomic_store(&r->stop, 1);
    }
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
    sums_clear(&w->s, r->k);
    w->failed = 0;
}

/* pool_fn: chunk c on worker wk. The pool hands chunks out in increasing
   order, so every chunk before c has a worker and reaches its merge: the
   wait for c's turn always ends. Nonzero stops the handing out. */
static int
chunk_task(void *ctx, long long c, int wk)
{
    struct run *r = ctx;

    do_chunk(&r->w[wk], (int)c);
    return atomic_load(&r->stop);
}

static void
make_chunks(struct run *r, int njobs)
{
    r->nchunks = net_jobs_chunks(r->jobs, njobs, CHUNKS, &r->ch_job, &r->ch_u0,
                                 &r->ch_u1);
}

struct queue_traffic *
queue_traffic_run(const struct net *net, const struct queue_map *m,
                  const struct net_job *jobs, int njobs,
                  const struct queue_traffic_opts *o, struct rho_err *err)
{
    struct run r;
    struct queue_traffic *t = NULL;
    struct pool *pool;
    int nth;
    size_t n;

    if (net_jobs_check(net, jobs, njobs, "queueing model: no traffic",
                       err) != 0)
        return NULL;
    if (m->nlinks != net_links(net)) {
        rho_err_set(err, RHO_EINPUT,
                    "queueing model: levels of another "
                    "network");
        return NULL;
    }
    memset(&r, 0, sizeof r);
    if (o != NULL)
        r.o = *o;
    else
        queue_traffic_opts_init(&r.o);
    if (r.o.paths < 1)
        r.o.paths = 1;
    if (r.o.valiant < 1)
        r.o.valiant = 1;
    if (!(r.o.packet > 0))
        r.o.packet = 64;
    if (r.o.minimal != ROUTE_ALL)
        r.o.minimal = ROUTE_MIN;
    r.net = net;
    r.m = m;
    r.jobs = jobs;
    r.k = m->k;
    atomic_init(&r.stop, 0);
    make_chunks(&r, njobs);
    nth = r.o.threads < 1             ? 1
          : r.o.threads > MAX_THREADS ? MAX_THREADS
                                      : r.o.threads;
    if (nth > r.nchunks)
        nth = r.nchunks > 0 ? r.nchunks : 1;
    sums_init(&r.total, r.k);
    pool = pool_new(nth);
    nth = pool_threads(pool);
    r.w = xcalloc((size_t)nth, sizeof *r.w);
    for (int i = 0; i < nth; i++) {
        struct worker *w = &r.w[i];
        w->r = &r;
        w->rt = route_new(net);
        w->buf = xmalloc(((size_t)route_max_hops(w->rt) + 1) * sizeof(int));
        sums_init(&w->s, r.k);
    }
    pthread_mutex_init(&r.mu, NULL);
    pthread_cond_init(&r.cv, NULL);
    pool_for(pool, r.nchunks, 1, chunk_task, &r);
    pool_free(pool);
    pthread_mutex_destroy(&r.mu);
    pthread_cond_destroy(&r.cv);

    if (r.failed) {
        if (err != NULL)
            *err = r.err;
    } else if (r.cancelled) {
        rho_err_set(err, RHO_ECANCEL, "queueing model: cancelled");
    } else {
        n = (size_t)r.k;
        t = xcalloc(1, sizeof *t);
        t->k = r.k;
        t->msgs = r.total.msgs;
        t->routed = r.total.routed;
        t->sampled = r.total.sampled;
        t->bytes = r.total.bytes;
        t->W = r.total.W;
        t->H = xmalloc(n * sizeof *t->H);
        t->F = xmalloc(n * sizeof *t->F);
        t->L = xmalloc(n * sizeof *t->L);
        t->top = xmalloc(n * sizeof *t->top);
        t->T = xmalloc(n * n * sizeof *t->T);
        memcpy(t->H, r.total.H, n * sizeof *t->H);
        memcpy(t->F, r.total.F, n * sizeof *t->F);
        memcpy(t->L, r.total.L, n * sizeof *t->L);
        memcpy(t->top, r.total.top, n * sizeof *t->top);
        memcpy(t->T, r.total.T, n * n * sizeof *t->T);
    }
    for (int i = 0; i < nth; i++) {
        route_free(r.w[i].rt);
        free(r.w[i].buf);
        free(r.w[i].s.H);
    }
    free(r.w);
    free(r.total.H);
    free(r.ch_job);
    free(r.ch_u0);
    free(r.ch_u1);
    return t;
}

void
queue_traffic_free(struct queue_traffic *t)
{
    if (t == NULL)
        return;
    free(t->H);
    free(t->F);
    free(t->L);
    free(t->top);
    free(t->T);
    free(t);
}

int
queue_apply_traffic(struct queue *q, const struct queue_traffic *t,
                    double *check, struct rho_err *err)
{
    size_t n = (size_t)q->k;
    double *p0, *P, *pexit, *v, vmax = 0, diff = 0;
    struct rho_err e2;

    if (check != NULL)
        *check = NAN;
    if (t->k != q->k)
        return rho_err_set(err, RHO_EINPUT,
                           "queueing model: %d levels of traffic for %d "
                           "levels",
                           t->k, q->k);
    if (!(t->W > 0))
        return rho_err_set(err, RHO_EINPUT,
                           "queueing model: no message crosses a link");
    p0 = xcalloc(n, sizeof *p0);
    P = xcalloc(n * n, sizeof *P);
    pexit = xcalloc(n, sizeof *pexit);
    v = xcalloc(n, sizeof *v);
    for (size_t i = 0; i < n; i++) {
        q->v[i] = t->H[i] / t->W;
        if (q->v[i] > vmax)
            vmax = q->v[i];
        p0[i] = t->F[i] / t->W;
        if (t->H[i] > 0) {
            pexit[i] = t->L[i] / t->H[i];
            for (size_t j = 0; j < n; j++)
                P[i * n + j] = t->T[i * n + j] / t->H[i];
        }
    }
    if (!q->has_p) {
        q->p0 = xmalloc(n * sizeof *q->p0);
        q->P = xmalloc(n * n * sizeof *q->P);
        q->pexit = xmalloc(n * sizeof *q->pexit);
        q->has_p = 1;
    }
    memcpy(q->p0, p0, n * sizeof *p0);
    memcpy(q->P, P, n * n * sizeof *P);
    memcpy(q->pexit, pexit, n * sizeof *pexit);
    if (queue_visits(q->k, p0, P, v, &e2) == 0 && vmax > 0) {
        for (size_t i = 0; i < n; i++)
            if (fabs(v[i] - q->v[i]) > diff)
                diff = fabs(v[i] - q->v[i]);
        if (check != NULL)
            *check = diff / vmax;
    }
    free(p0);
    free(P);
    free(pexit);
    free(v);
    return 0;
}
