/*
 * pcie_sim: the dynamic congestion graph. See pcie_sim.h.
 *
 * Hot path (schedule search): pcie_sim_run() with res == NULL. Each source
 * keeps a queue of its flows sorted by (start, prio, index); step A is then
 * "the head of each queue, if it has started", O(sources) per step. The
 * factors of an active set come from a memo: a direct table indexed by the
 * state (which flow, if any, each source sends) when there are few states,
 * else a hash on the set's bitmask. No allocation happens in a run unless
 * the memo grows.
 *
 * Memory is linear in the flows: a recorded step keeps its active flows
 * only (a waiting flow's record is implied), and the present flows of a
 * step are found again from the run's first-come-first-served order and
 * each flow's last step (pcie_sim_step_flows()).
 */
#include "core/pcie/pcie_sim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

#define MEMO_MAX_ENTRIES (1 << 22)
#define DIRECT_MAX_CELLS (1L << 22) /* states x sources, in doubles */

/* Hash memo: active-set bitmask -> factors (n <= 64 flows). */
struct memo {
    uint64_t *key; /* 0 = empty (an active set is never empty) */
    int *off;      /* offset in pool */
    int cap, n;
    double *pool;
    size_t npool, cappool;
};

struct pcie_sim {
    struct pcie_model *m;
    int n;
    struct pcie_flowspec *f;
    double *dem; /* per flow: demand, B/s (the rate at factor 1) */
    int multi;   /* some source sends several flows at once */
    int use_memo;
    long evals, hits;

    /* sources: flows grouped by source and stream (a "lane" each), lanes
       numbered by first appearance */
    int nsrc;
    int *srcidx;    /* flow -> its lane */
    int *soff;      /* source -> offset in sflow/queue (nsrc + 1) */
    int *sflow;     /* flows by source, declaration order */
    int *slot;      /* flow -> 1 + its position in its source's list */
    int *streams;   /* source -> flows it sends at once (0: any) */
    double *starts; /* distinct start times, ascending */
    int nstarts;

    /* memo: a direct table when the active states are few, else a hash */
    long nstates;         /* prod over sources of (flows + 1), or 0: too many */
    long *stride;         /* per source */
    double *direct;       /* nstates x nsrc factors */
    unsigned char *known; /* per state */
    struct memo memo;

    /* scratch */
    int *queue; /* per run: each source's flows by (start, prio, index) */
    int *head;  /* per source: position of its next flow in queue */
    int *order; /* per run (recording only): all flows by (start, prio) */
    int *prio_tmp;
    double *left;
    char *done;
    int *present, *act, *ends, *tmp;
    double *rho;
};

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

struct pcie_sim *
pcie_sim_new(struct pcie *p, int n, const struct pcie_flowspec *flows,
             double bw, double tau, struct rho_err *err)
{
    struct pcie_sim *s;
    struct pcie_model *m;
    int *src, *dst, *via, *map, *hash, hcap;
    long states = 1;

    if (!(bw > 0) || !isfinite(bw))
        return rho_err_set(err, RHO_EINPUT, "bandwidth must be > 0"), NULL;
    if (!(tau >= 0 && tau <= 1))
        return rho_err_set(err, RHO_EINPUT,
                           "tau must be between 0 and 1, got %g", tau),
               NULL;
    for (int i = 0; i < n; i++) {
        if (flows[i].stream < 0)
            return rho_err_set(err, RHO_EINPUT, "flow %d: stream must be >= 0",
                               i + 1),
                   NULL;
        if (!(flows[i].bytes >= 0) || !isfinite(flows[i].bytes))
            return rho_err_set(err, RHO_EINPUT, "flow %d: size must be >= 0",
                               i + 1),
                   NULL;
        if (!(flows[i].start >= 0) || !isfinite(flows[i].start))
            return rho_err_set(err, RHO_EINPUT, "flow %d: start must be >= 0",
                               i + 1),
                   NULL;
    }
    src = xcalloc((size_t)(n ? n : 1), sizeof *src);
    dst = xcalloc((size_t)(n ? n : 1), sizeof *dst);
    via = xcalloc((size_t)(n ? n : 1), sizeof *via);
    for (int i = 0; i < n; i++) {
        src[i] = flows[i].src;
        dst[i] = flows[i].dst;
        via[i] = flows[i].via;
    }
    m = pcie_model_new(p, n, src, dst, via, bw, tau, err);
    free(dst);
    free(via);
    if (m == NULL) {
        free(src);
        return NULL;
    }

    s = xcalloc(1, sizeof *s);
    s->m = m;
    s->n = n;
    s->f = xcalloc((size_t)(n ? n : 1), sizeof *s->f);
    if (n > 0)
        memcpy(s->f, flows, (size_t)n * sizeof *flows);
    s->dem = xcalloc((size_t)(n ? n : 1), sizeof *s->dem);
    for (int i = 0; i < n; i++)
        s->dem[i] = pcie_model_demand(m, i);

    /* group by source (stream 0) and by (source, stream) for the others:
       lanes numbered by first appearance */
    map = xcalloc((size_t)pcie_nodes(p), sizeof *map);
    for (int i = 0; i < pcie_nodes(p); i++)
        map[i] = -1;
    s->srcidx = xcalloc((size_t)(n ? n : 1), sizeof *s->srcidx);
    s->streams = xcalloc((size_t)(n ? n : 1), sizeof *s->streams);
    hcap = 16;
    while (hcap < 2 * n)
        hcap *= 2;
    hash = xcalloc((size_t)hcap, sizeof *hash); /* flow + 1 of each lane */
    for (int i = 0; i < n; i++) {
        int lane = flows[i].stream == 0 ? map[src[i]] : -1;
        unsigned h = 0;
        if (flows[i].stream != 0) { /* (source, stream) -> lane */
            h = ((unsigned)src[i] * 2654435761u ^
                 (unsigned)flows[i].stream * 40503u) &
                (unsigned)(hcap - 1);
            for (; hash[h] != 0; h = (h + 1) & (unsigned)(hcap - 1)) {
                int j = hash[h] - 1;
                if (src[j] == src[i] && flows[j].stream == flows[i].stream) {
                    lane = s->srcidx[j];
                    break;
                }
            }
        }
        if (lane < 0) {
            if (flows[i].stream != 0)
                hash[h] = i + 1;
            s->streams[s->nsrc] = pcie_node(p, src[i])->streams;
            s->multi |= s->streams[s->nsrc] != 1 || flows[i].stream != 0;
            lane = s->nsrc++;
            if (flows[i].stream == 0)
                map[src[i]] = lane;
        }
        s->srcidx[i] = lane;
    }
    free(map);
    free(hash);
    free(src);
    pcie_model_set_lanes(m, s->srcidx);
    s->soff = xcalloc((size_t)s->nsrc + 1, sizeof *s->soff);
    for (int i = 0; i < n; i++)
        s->soff[s->srcidx[i] + 1]++;
    for (int k = 0; k < s->nsrc; k++)
        s->soff[k + 1] += s->soff[k];
    s->sflow = xcalloc((size_t)(n ? n : 1), sizeof *s->sflow);
    s->slot = xcalloc((size_t)(n ? n : 1), sizeof *s->slot);
    s->head = xcalloc((size_t)(s->nsrc ? s->nsrc : 1), sizeof *s->head);
    for (int i = 0; i < n; i++) {
        int k = s->srcidx[i];
        s->slot[i] = s->head[k] + 1;
        s->sflow[s->soff[k] + s->head[k]++] = i;
    }

    /* distinct start times */
    s->starts = xcalloc((size_t)(n ? n : 1), sizeof *s->starts);
    for (int i = 0; i < n; i++)
        s->starts[i] = flows[i].start;
    qsort(s->starts, (size_t)n, sizeof *s->starts, cmp_double);
    for (int i = 0; i < n; i++)
        if (s->nstarts == 0 || s->starts[i] != s->starts[s->nstarts - 1])
            s->starts[s->nstarts++] = s->starts[i];

    /* the direct memo: state = sum over sources of slot * stride */
    s->stride = xcalloc((size_t)(s->nsrc ? s->nsrc : 1), sizeof *s->stride);
    for (int k = 0; k < s->nsrc && states > 0; k++) {
        long kk = s->soff[k + 1] - s->soff[k] + 1;
        s->stride[k] = states;
        if (states > DIRECT_MAX_CELLS / kk / (s->nsrc ? s->nsrc : 1))
            states = 0;
        else
            states *= kk;
    }
    s->nstates = s->multi ? 0 : states; /* one flow per source only */
    s->use_memo = PCIE_MEMO_HASH;

    s->queue = xcalloc((size_t)(n ? n : 1), sizeof *s->queue);
    s->order = xcalloc((size_t)(n ? n : 1), sizeof *s->order);
    s->prio_tmp = xcalloc((size_t)(n ? n : 1), sizeof *s->prio_tmp);
    s->left = xcalloc((size_t)(n ? n : 1), sizeof *s->left);
    s->done = xcalloc((size_t)(n ? n : 1), 1);
    s->present = xcalloc((size_t)(n ? n : 1), sizeof *s->present);
    s->act = xcalloc((size_t)(n ? n : 1), sizeof *s->act);
    s->ends = xcalloc((size_t)(n ? n : 1), sizeof *s->ends);
    s->tmp = xcalloc((size_t)(n ? n : 1), sizeof *s->tmp);
    s->rho = xcalloc((size_t)(n ? n : 1), sizeof *s->rho);
    return s;
}

void
pcie_sim_free(struct pcie_sim *s)
{
    if (s == NULL)
        return;
    pcie_model_free(s->m);
    free(s->memo.key);
    free(s->memo.off);
    free(s->memo.pool);
    free(s->direct);
    free(s->known);
    free(s->stride);
    free(s->f);
    free(s->dem);
    free(s->streams);
    free(s->srcidx);
    free(s->soff);
    free(s->sflow);
    free(s->slot);
    free(s->starts);
    free(s->queue);
    free(s->head);
    free(s->order);
    free(s->prio_tmp);
    free(s->left);
    free(s->done);
    free(s->present);
    free(s->act);
    free(s->ends);
    free(s->tmp);
    free(s->rho);
    free(s);
}

struct pcie_model *
pcie_sim_model(struct pcie_sim *s)
{
    return s->m;
}

void
pcie_sim_set_memo(struct pcie_sim *s, int mode)
{
    s->use_memo = mode;
}

void
pcie_sim_memo_stats(const struct pcie_sim *s, long *evals, long *hits)
{
    *evals = s->evals;
    *hits = s->hits;
}

/* ---- memo: active-set bitmask -> factors of its flows, by flow index ---- */

static inline uint64_t
mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return k;
}

static const double *
memo_get(struct memo *mo, uint64_t key)
{
    if (mo->cap == 0)
        return NULL;
    for (uint64_t i = mix(key) & (uint64_t)(mo->cap - 1);;
         i = (i + 1) & (uint64_t)(mo->cap - 1)) {
        if (mo->key[i] == key)
            return mo->pool + mo->off[i];
        if (mo->key[i] == 0)
            return NULL;
    }
}

static void
memo_put(struct memo *mo, uint64_t key, const double *rho, int n)
{
    uint64_t i;

    if (mo->n >= MEMO_MAX_ENTRIES)
        return;
    if (2 * (mo->n + 1) > mo->cap) {
        int ocap = mo->cap;
        uint64_t *okey = mo->key;
        int *ooff = mo->off;

        mo->cap = mo->cap ? mo->cap * 2 : 1024;
        /* (probed before written: its pages written now, see factors()) */
        mo->key = xreallocarray(NULL, (size_t)mo->cap, sizeof *mo->key);
        memset(mo->key, 0, (size_t)mo->cap * sizeof *mo->key);
        mo->off = xcalloc((size_t)mo->cap, sizeof *mo->off);
        for (int j = 0; j < ocap; j++) {
            if (okey[j] == 0)
                continue;
            i = mix(okey[j]) & (uint64_t)(mo->cap - 1);
            while (mo->key[i] != 0)
                i = (i + 1) & (uint64_t)(mo->cap - 1);
            mo->key[i] = okey[j];
            mo->off[i] = ooff[j];
        }
        free(okey);
        free(ooff);
    }
    if (mo->npool + (size_t)n > mo->cappool) {
        mo->cappool = rho_grow_cap(mo->cappool, mo->npool + (size_t)n);
        mo->pool = xreallocarray(mo->pool, mo->cappool, sizeof *mo->pool);
    }
    i = mix(key) & (uint64_t)(mo->cap - 1);
    while (mo->key[i] != 0)
        i = (i + 1) & (uint64_t)(mo->cap - 1);
    mo->key[i] = key;
    mo->off[i] = (int)mo->npool;
    memcpy(mo->pool + mo->npool, rho, (size_t)n * sizeof *rho);
    mo->npool += (size_t)n;
    mo->n++;
}

/*
 * Factors of the active set act[0..na) (one flow per source, in source
 * order: the same set always comes in the same order, so it always gives
 * the same doubles) into s->rho[flow].
 */
static void
factors(struct pcie_sim *s, const int *act, int na, long state)
{
    if (s->use_memo == PCIE_MEMO_DIRECT && s->nstates > 0) {
        double *cell;
        if (s->direct == NULL) {
            /* (known is read before it is written: its pages are
               written now, else each would map the zero page on the
               read and be copied on the write, and the copy flushes it
               from the CPU of every other searching thread: a fifth
               of t1-alltoall's search went there. A cell is written
               before it is read.) */
            s->direct = xcalloc((size_t)s->nstates * (size_t)s->nsrc,
                                sizeof *s->direct);
            s->known = xmalloc((size_t)s->nstates);
            memset(s->known, 0, (size_t)s->nstates);
        }
        cell = s->direct + state * s->nsrc;
        if (s->known[state]) {
            s->hits++;
            for (int k = 0; k < na; k++)
                s->rho[act[k]] = cell[s->srcidx[act[k]]];
            return;
        }
        s->evals++;
        pcie_model_eval_active(s->m, act, na, s->rho);
        for (int k = 0; k < na; k++)
            cell[s->srcidx[act[k]]] = s->rho[act[k]];
        s->known[state] = 1;
        return;
    }
    if (s->use_memo != PCIE_MEMO_OFF && s->n <= 64) {
        uint64_t key = 0;
        const double *hit;
        double packed[64];
        int k = 0;
        for (int i = 0; i < na; i++)
            key |= 1ULL << act[i];
        if ((hit = memo_get(&s->memo, key)) != NULL) {
            s->hits++;
            for (uint64_t b = key; b; b &= b - 1)
                s->rho[__builtin_ctzll(b)] = hit[k++];
            return;
        }
        s->evals++;
        pcie_model_eval_active(s->m, act, na, s->rho);
        for (uint64_t b = key; b; b &= b - 1)
            packed[k++] = s->rho[__builtin_ctzll(b)];
        memo_put(&s->memo, key, packed, k);
        return;
    }
    s->evals++;
    pcie_model_eval_active(s->m, act, na, s->rho);
}

/* ---- runs ---- */

/* Does flow x come before flow y: (start, prio, index)? */
static inline int
before(const struct pcie_flowspec *f, const int *prio, int x, int y)
{
    if (f[x].start != f[y].start)
        return f[x].start < f[y].start;
    if (prio[x] != prio[y])
        return prio[x] < prio[y];
    return x < y;
}

/* Stable sort of a[0..n) by before(); insertion sort for short runs. */
static void
sort_by(const struct pcie_flowspec *f, const int *prio, int *a, int *tmp, int n)
{
    if (n <= 32) {
        for (int i = 1; i < n; i++) {
            int x = a[i], j = i - 1;
            while (j >= 0 && before(f, prio, x, a[j])) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
        return;
    }
    for (int w = 1; w < n; w *= 2) { /* bottom-up merge sort */
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n;
            int hi = lo + 2 * w < n ? lo + 2 * w : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = before(f, prio, a[j], a[i]) ? a[j++] : a[i++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
        }
        memcpy(a, tmp, (size_t)n * sizeof *a);
    }
}

/* Each source's queue, and (when recording) the global order. */
static void
make_queues(struct pcie_sim *s, const int *prio, int global)
{
    if (prio == NULL) {
        for (int i = 0; i < s->n; i++)
            s->prio_tmp[i] = i;
        prio = s->prio_tmp;
    }
    memcpy(s->queue, s->sflow, (size_t)s->n * sizeof *s->queue);
    for (int k = 0; k < s->nsrc; k++) {
        sort_by(s->f, prio, s->queue + s->soff[k], s->tmp,
                s->soff[k + 1] - s->soff[k]);
        s->head[k] = s->soff[k];
    }
    if (global) {
        for (int i = 0; i < s->n; i++)
            s->order[i] = i;
        sort_by(s->f, prio, s->order, s->tmp, s->n);
    }
}

void
pcie_sim_result_init(struct pcie_sim_result *res)
{
    memset(res, 0, sizeof *res);
}

void
pcie_sim_result_fini(struct pcie_sim_result *res)
{
    if (res == NULL)
        return;
    free(res->end);
    free(res->begin);
    free(res->rate);
    free(res->order);
    free(res->start);
    free(res->size);
    free(res->last);
    free(res->mixed);
    free(res->step);
    free(res->rec_flow);
    free(res->rec_rho);
    free(res->rec_bytes);
    free(res->rec_left);
    free(res->starved_flows);
    memset(res, 0, sizeof *res);
}

static void
res_reset(struct pcie_sim_result *res, const struct pcie_sim *s)
{
    int n = s->n;
    size_t m = (size_t)(n ? n : 1);

    if (res->nflows != n || res->end == NULL) {
        res->end = xreallocarray(res->end, m, sizeof *res->end);
        res->begin = xreallocarray(res->begin, m, sizeof *res->begin);
        res->rate = xreallocarray(res->rate, m, sizeof *res->rate);
        res->order = xreallocarray(res->order, m, sizeof *res->order);
        res->start = xreallocarray(res->start, m, sizeof *res->start);
        res->size = xreallocarray(res->size, m, sizeof *res->size);
        res->last = xreallocarray(res->last, m, sizeof *res->last);
        res->mixed = xreallocarray(res->mixed, m, sizeof *res->mixed);
        res->starved_flows =
            xreallocarray(res->starved_flows, m, sizeof *res->starved_flows);
        res->nflows = n;
    }
    for (int i = 0; i < n; i++) {
        res->end[i] = res->begin[i] = res->rate[i] = NAN;
        res->start[i] = s->f[i].start;
        res->size[i] = s->f[i].bytes;
        res->last[i] = -1;
        res->mixed[i] = 0;
        res->order[i] = i;
    }
    res->nsteps = res->nrec = 0;
    res->starved = 0;
    res->starved_at = 0;
    res->nstarved = 0;
    res->makespan = 0;
}

/* Record a step: [t0, t1), np flows present, the na active in act[]. */
static void
res_step(struct pcie_sim_result *res, const struct pcie_sim *s, double t0,
         double t1, int np, const int *act, int na)
{
    struct pcie_tstep *st;

    if (res->nsteps == res->capsteps) {
        res->capsteps =
            (int)rho_grow_cap((size_t)res->capsteps, (size_t)res->nsteps + 1);
        res->step =
            xreallocarray(res->step, (size_t)res->capsteps, sizeof *res->step);
    }
    if (res->nrec + na > res->caprec) {
        res->caprec =
            (int)rho_grow_cap((size_t)res->caprec, (size_t)(res->nrec + na));
        res->rec_flow = xreallocarray(res->rec_flow, (size_t)res->caprec,
                                      sizeof *res->rec_flow);
        res->rec_rho = xreallocarray(res->rec_rho, (size_t)res->caprec,
                                     sizeof *res->rec_rho);
        res->rec_bytes = xreallocarray(res->rec_bytes, (size_t)res->caprec,
                                       sizeof *res->rec_bytes);
        res->rec_left = xreallocarray(res->rec_left, (size_t)res->caprec,
                                      sizeof *res->rec_left);
    }
    st = &res->step[res->nsteps++];
    st->t0 = t0;
    st->t1 = t1;
    st->n = np;
    st->nactive = na;
    st->off = res->nrec;
    for (int i = 0; i < na; i++) {
        int f = act[i], r = res->nrec++;
        res->rec_flow[r] = f;
        res->rec_rho[r] = s->rho[f];
        res->rec_bytes[r] = 0;
        res->rec_left[r] = s->left[f];
        res->last[f] = res->nsteps - 1;
    }
}

/* Record what the k-th active flow f sent in the last step (of length dt,
   at rate r). */
static void
res_sent(struct pcie_sim_result *res, int k, int f, double sent, double left,
         double now, double dt, double r)
{
    struct pcie_tstep *st = &res->step[res->nsteps - 1];

    res->rec_bytes[st->off + k] = sent;
    res->rec_left[st->off + k] = left;
    if (isnan(res->begin[f]))
        res->begin[f] = now;
    if (dt > 0 || res->size[f] == 0) {
        if (isnan(res->rate[f]))
            res->rate[f] = r;
        else if (res->rate[f] != r)
            res->mixed[f] = 1;
    }
}

/* Record that the k-th active flow f ended at now. */
static void
res_end(struct pcie_sim_result *res, int k, int f, double now)
{
    struct pcie_tstep *st = &res->step[res->nsteps - 1];

    res->end[f] = now;
    res->rec_left[st->off + k] = 0;
    if (res->mixed[f] || isnan(res->rate[f]))
        res->rate[f] = now > res->begin[f]
                           ? res->size[f] / (now - res->begin[f])
                           : res->rate[f];
}

/* Record the present flows (started, not done) in FCFS order. */
static int
present_at(struct pcie_sim *s, double now)
{
    int np = 0;

    for (int i = 0; i < s->n; i++) {
        int f = s->order[i];
        if (s->f[f].start > now)
            break;
        if (!s->done[f])
            s->present[np++] = f;
    }
    return np;
}

/* Time flow f needs to finish at its factor (0 for nothing left). */
static inline double
time_left(const struct pcie_sim *s, int f)
{
    if (s->left[f] <= 0)
        return 0;
    if (s->rho[f] > 0)
        return s->left[f] / (s->rho[f] * s->dem[f]);
    return INFINITY;
}

double
pcie_sim_rate(const struct pcie_sim *s, int f, double rho)
{
    return rho * s->dem[f];
}

static double
starved(struct pcie_sim *s, struct pcie_sim_result *res, double now,
        const int *act, int na, struct rho_err *err)
{
    char list[256];
    size_t used = 0;
    int np = 0;

    /* everything not done and started is concerned, in index order */
    for (int i = 0; i < s->n; i++)
        if (!s->done[i] && s->f[i].start <= now)
            s->present[np++] = i;
    list[0] = '\0';
    for (int i = 0; i < np && used < sizeof list - 16; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%d",
                                 i ? ", " : "", s->present[i] + 1);
    if (res) {
        res->starved = 1;
        res->starved_at = now;
        res->nstarved = np;
        memcpy(res->starved_flows, s->present, (size_t)np * sizeof *s->present);
        res_step(res, s, now, now, np, act, na);
        res->makespan = -1;
    }
    rho_err_set(err, RHO_ESTARVED,
                "starved at t = %.9g s: the flows left (%s) all get factor 0 "
                "and no flow is about to start",
                now, list);
    return -1;
}

/* Sort a[0..n) by flow index (a source's active flows, for the memo). */
static void
sort_ints(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

/*
 * Step A at now: the flows each source sends (the first `streams` of its
 * queue that have started and are not done; one for a device) into
 * s->act, sources in order. Returns how many; *state is the direct memo's
 * state when every source sends one flow at most.
 */
static int
step_a(struct pcie_sim *s, double now, long *state)
{
    int na = 0;

    *state = 0;
    for (int k = 0; k < s->nsrc; k++) {
        int first = na, cap = s->streams[k];
        for (int q = s->head[k]; q < s->soff[k + 1]; q++) {
            int f = s->queue[q];
            if (s->f[f].start > now) /* the queue is sorted by start */
                break;
            if (s->done[f])
                continue;
            s->act[na++] = f;
            if (cap == 1)
                *state += s->slot[f] * s->stride[k];
            if (cap != 0 && na - first == cap)
                break;
        }
        if (cap != 1 && na - first > 1)
            sort_ints(s->act + first, na - first);
    }
    return na;
}

double
pcie_sim_run(struct pcie_sim *s, const int *prio, struct pcie_sim_result *res,
             struct rho_err *err)
{
    int n = s->n, left_n = n, si = 0, started = 0, ndone = 0;
    double now, first;

    if (res)
        res_reset(res, s);
    if (n == 0)
        return 0;
    make_queues(s, prio, res != NULL);
    for (int i = 0; res && i < n; i++)
        res->order[i] = s->order[i];
    for (int i = 0; i < n; i++) {
        s->left[i] = s->f[i].bytes;
        s->done[i] = 0;
    }
    first = now = s->starts[0];

    while (left_n > 0) {
        int na, nend = 0;
        long state;
        double next_start, dt = INFINITY;

        /* the next start event after now */
        while (si < s->nstarts && s->starts[si] <= now)
            si++;
        next_start = si < s->nstarts ? s->starts[si] : INFINITY;

        na = step_a(s, now, &state);
        if (na == 0) { /* idle until the next start */
            now = next_start;
            continue;
        }
        factors(s, s->act, na, state);

        for (int k = 0; k < na; k++) {
            double t = time_left(s, s->act[k]);
            if (t < dt)
                dt = t;
        }
        if (res)
            while (started < n && s->f[s->order[started]].start <= now)
                started++;
        if (dt == INFINITY && next_start == INFINITY)
            return starved(s, res, now, s->act, na, err);
        if (next_start - now < dt) {
            dt = next_start - now;
        } else {
            for (int k = 0; k < na; k++) /* ends now, within rounding */
                if (time_left(s, s->act[k]) <= dt * (1 + 1e-12))
                    s->ends[nend++] = k;
        }
        if (res)
            res_step(res, s, now, now + dt, started - ndone, s->act, na);
        for (int k = 0; k < na; k++) {
            int f = s->act[k];
            double r = s->rho[f] * s->dem[f], sent = r * dt;
            if (sent > s->left[f])
                sent = s->left[f];
            s->left[f] -= sent;
            if (res)
                res_sent(res, k, f, sent, s->left[f], now, dt, r);
        }
        now += dt;
        for (int e = 0; e < nend; e++) {
            int k = s->ends[e], f = s->act[k], src = s->srcidx[f];
            s->left[f] = 0;
            s->done[f] = 1;
            while (s->head[src] < s->soff[src + 1] &&
                   s->done[s->queue[s->head[src]]])
                s->head[src]++;
            left_n--;
            ndone++;
            if (res)
                res_end(res, k, f, now);
        }
    }
    if (res)
        res->makespan = now - first;
    return now - first;
}

int
pcie_sim_eval_at(struct pcie_sim *s, double t, int *present)
{
    int np;

    make_queues(s, NULL, 1);
    for (int i = 0; i < s->n; i++)
        s->done[i] = 0;
    np = present_at(s, t);
    pcie_model_eval(s->m, s->present, np, s->rho);
    memcpy(present, s->present, (size_t)np * sizeof *present);
    return np;
}

int
pcie_sim_step_flows(const struct pcie_sim_result *res, int k, int *flows)
{
    const struct pcie_tstep *st;
    int np = 0;

    if (k < 0 || k >= res->nsteps)
        return -1;
    st = &res->step[k];
    if (res->starved && k == res->nsteps - 1) { /* index order */
        memcpy(flows, res->starved_flows,
               (size_t)res->nstarved * sizeof *flows);
        return res->nstarved;
    }
    for (int i = 0; i < res->nflows && np < st->n; i++) {
        int f = res->order[i];
        if (res->start[f] > st->t0)
            break;
        /* ended before step k: it sent last in an earlier step */
        if (!isnan(res->end[f]) && res->last[f] < k)
            continue;
        flows[np++] = f;
    }
    return np;
}

int
pcie_sim_step_rec(const struct pcie_sim_result *res, int k, int f, double *rho,
                  double *sent, double *left)
{
    const struct pcie_tstep *st;

    if (k < 0 || k >= res->nsteps || f < 0 || f >= res->nflows)
        return -1;
    st = &res->step[k];
    for (int r = st->off; r < st->off + st->nactive; r++)
        if (res->rec_flow[r] == f) {
            if (rho)
                *rho = res->rec_rho[r];
            if (sent)
                *sent = res->rec_bytes[r];
            if (left)
                *left = res->rec_left[r];
            return 1;
        }
    if (res->start[f] > st->t0 || (!isnan(res->end[f]) && res->last[f] < k))
        return -1;
    if (rho)
        *rho = 0;
    if (sent)
        *sent = 0;
    if (left)
        *left = res->size[f];
    return 0;
}

int
pcie_sim_eval_step(struct pcie_sim *s, const struct pcie_sim_result *res, int k)
{
    int np;

    if (k < 0 || k >= res->nsteps)
        return -1;
    np = pcie_sim_step_flows(res, k, s->present);
    pcie_model_eval(s->m, s->present, np, NULL);
    return np;
}

int
pcie_sim_step_at(const struct pcie_sim_result *res, double t)
{
    int lo = 0, hi;

    if (res->nsteps == 0)
        return -1;
    hi = res->nsteps - 1;
    while (lo < hi) { /* the first step with t < t1 (t1 never decreases) */
        int mid = lo + (hi - lo) / 2;
        if (t < res->step[mid].t1)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}
