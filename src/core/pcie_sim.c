/*
 * pcie_sim: the dynamic congestion graph. See pcie_sim.h.
 *
 * Hot path (schedule search): pcie_sim_run() with res == NULL. It sorts the
 * flows by (start, prio) once, then per step picks the active set (step A),
 * finds its factors in the memo or computes them, and advances time. No
 * allocation happens in a run unless the memo grows.
 */
#include "core/pcie_sim.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rho_alloc.h"

#define MEMO_MAX_ENTRIES (1 << 22)

struct memo {
    uint64_t *key; /* 0 = empty (an active set is never empty) */
    int *off;      /* offset in pool */
    int cap, n;
    double *pool;
    size_t npool, cappool;
    long evals, hits;
};

struct pcie_sim {
    struct pcie_model *m;
    int n;
    struct pcie_flowspec *f;
    double bw;
    int use_memo;
    struct memo memo;
    /* scratch */
    int *order;   /* flows by (start, prio, index) */
    int *prio_tmp;
    double *left;
    char *done;
    int *present, *act;
    double *rho;
    int *ends;
};


struct pcie_sim *
pcie_sim_new(struct pcie *p, int n, const struct pcie_flowspec *flows,
             double bw, double tau, struct rho_err *err)
{
    struct pcie_sim *s;
    struct pcie_model *m;
    int *src, *dst;

    if (!(bw > 0) || !isfinite(bw))
        return rho_err_set(err, RHO_EINPUT, "bandwidth must be > 0"), NULL;
    if (!(tau >= 0 && tau <= 1))
        return rho_err_set(err, RHO_EINPUT,
                           "tau must be between 0 and 1, got %g", tau),
               NULL;
    for (int i = 0; i < n; i++) {
        if (!(flows[i].bytes >= 0) || !isfinite(flows[i].bytes))
            return rho_err_set(err, RHO_EINPUT,
                               "flow %d: size must be >= 0", i + 1),
                   NULL;
        if (!(flows[i].start >= 0) || !isfinite(flows[i].start))
            return rho_err_set(err, RHO_EINPUT,
                               "flow %d: start must be >= 0", i + 1),
                   NULL;
    }
    src = xcalloc((size_t)n, sizeof *src);
    dst = xcalloc((size_t)n, sizeof *dst);
    for (int i = 0; i < n; i++) {
        src[i] = flows[i].src;
        dst[i] = flows[i].dst;
    }
    m = pcie_model_new(p, n, src, dst, tau, err);
    free(src);
    free(dst);
    if (m == NULL)
        return NULL;

    s = xcalloc(1, sizeof *s);
    s->m = m;
    s->n = n;
    s->bw = bw;
    s->use_memo = n <= 64;
    s->f = xcalloc((size_t)n, sizeof *s->f);
    memcpy(s->f, flows, (size_t)n * sizeof *flows);
    s->order = xcalloc((size_t)n, sizeof *s->order);
    s->prio_tmp = xcalloc((size_t)n, sizeof *s->prio_tmp);
    s->left = xcalloc((size_t)n, sizeof *s->left);
    s->done = xcalloc((size_t)n, 1);
    s->present = xcalloc((size_t)n, sizeof *s->present);
    s->act = xcalloc((size_t)n, sizeof *s->act);
    s->rho = xcalloc((size_t)n, sizeof *s->rho);
    s->ends = xcalloc((size_t)n, sizeof *s->ends);
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
    free(s->f);
    free(s->order);
    free(s->prio_tmp);
    free(s->left);
    free(s->done);
    free(s->present);
    free(s->act);
    free(s->rho);
    free(s->ends);
    free(s);
}

struct pcie_model *
pcie_sim_model(struct pcie_sim *s)
{
    return s->m;
}

void
pcie_sim_set_memo(struct pcie_sim *s, int on)
{
    s->use_memo = on && s->n <= 64;
}

void
pcie_sim_memo_stats(const struct pcie_sim *s, long *evals, long *hits)
{
    *evals = s->memo.evals;
    *hits = s->memo.hits;
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
        mo->key = xcalloc((size_t)mo->cap, sizeof *mo->key);
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

/* Factors of the active set act[0..na) into s->rho[flow]. */
static void
factors(struct pcie_sim *s, const int *act, int na)
{
    uint64_t key = 0;
    const double *hit;
    double packed[64];
    int k = 0;

    if (!s->use_memo) {
        pcie_model_eval_active(s->m, act, na, s->rho);
        return;
    }
    for (int i = 0; i < na; i++)
        key |= 1ULL << act[i];
    if ((hit = memo_get(&s->memo, key)) != NULL) {
        s->memo.hits++;
        for (uint64_t b = key; b; b &= b - 1)
            s->rho[__builtin_ctzll(b)] = hit[k++];
        return;
    }
    s->memo.evals++;
    pcie_model_eval_active(s->m, act, na, s->rho);
    for (uint64_t b = key; b; b &= b - 1)
        packed[k++] = s->rho[__builtin_ctzll(b)];
    memo_put(&s->memo, key, packed, k);
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

/* Stable bottom-up merge sort of a[0..n) using tmp; for large flow sets. */
static void
merge_sort(const struct pcie_flowspec *f, const int *prio, int *a, int *tmp,
           int n)
{
    for (int w = 1; w < n; w *= 2) {
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

/* Flows by (start, prio, index); insertion sort: n is small, often sorted. */
static void
sort_flows(struct pcie_sim *s, const int *prio)
{
    int n = s->n;

    if (prio == NULL) {
        for (int i = 0; i < n; i++)
            s->prio_tmp[i] = i;
        prio = s->prio_tmp;
    }
    for (int i = 0; i < n; i++)
        s->order[i] = i;
    if (n > 64) {
        merge_sort(s->f, prio, s->order, s->ends, n);
        return;
    }
    for (int i = 1; i < n; i++) {
        int x = s->order[i], j = i - 1;
        while (j >= 0 && before(s->f, prio, x, s->order[j])) {
            s->order[j + 1] = s->order[j];
            j--;
        }
        s->order[j + 1] = x;
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
    free(res->step);
    free(res->rec_flow);
    free(res->rec_rho);
    free(res->rec_bytes);
    free(res->rec_left);
    free(res->starved_flows);
    memset(res, 0, sizeof *res);
}

static void
res_reset(struct pcie_sim_result *res, int n)
{
    if (res->nflows != n) {
        res->end = xreallocarray(res->end, (size_t)n, sizeof *res->end);
        res->begin = xreallocarray(res->begin, (size_t)n, sizeof *res->begin);
        res->starved_flows = xreallocarray(res->starved_flows, (size_t)n,
                                           sizeof *res->starved_flows);
        res->nflows = n;
    }
    for (int i = 0; i < n; i++)
        res->end[i] = res->begin[i] = NAN;
    res->nsteps = res->nrec = 0;
    res->starved = 0;
    res->starved_at = 0;
    res->nstarved = 0;
    res->makespan = 0;
}

static void
res_step(struct pcie_sim_result *res, struct pcie_sim *s, double t0,
         double t1, int np, int na)
{
    struct pcie_tstep *st;

    if (res->nsteps == res->capsteps) {
        res->capsteps = (int)rho_grow_cap((size_t)res->capsteps,
                                          (size_t)res->nsteps + 1);
        res->step = xreallocarray(res->step, (size_t)res->capsteps,
                                  sizeof *res->step);
    }
    if (res->nrec + np > res->caprec) {
        res->caprec = (int)rho_grow_cap((size_t)res->caprec,
                                        (size_t)(res->nrec + np));
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
    for (int i = 0; i < np; i++) {
        int f = s->present[i], r = res->nrec++;
        res->rec_flow[r] = f;
        res->rec_rho[r] = s->rho[f];
        res->rec_bytes[r] = 0;
        res->rec_left[r] = s->left[f];
    }
}

/* Present flows at time now, in FCFS order; and step A. */
static int
present_at(struct pcie_sim *s, double now, int *na)
{
    int np = 0, a = 0;
    uint64_t srcmask_small = 0;

    for (int i = 0; i < s->n; i++) {
        int f = s->order[i];
        if (s->f[f].start > now)
            break;
        if (s->done[f])
            continue;
        s->present[np++] = f;
    }
    /* step A: the first present flow of each source is active */
    for (int i = 0; i < np; i++) {
        int f = s->present[i], src = s->f[f].src, dup = 0;
        if (src < 64) {
            dup = (srcmask_small >> src) & 1;
            srcmask_small |= 1ULL << src;
        } else {
            for (int k = 0; k < a && !dup; k++)
                dup = s->f[s->act[k]].src == src;
        }
        if (dup)
            s->rho[f] = 0;
        else
            s->act[a++] = f;
    }
    *na = a;
    return np;
}

double
pcie_sim_run(struct pcie_sim *s, const int *prio, struct pcie_sim_result *res,
             struct rho_err *err)
{
    int n = s->n, left_n = n, oi = 0;
    double now, first;

    if (n == 0) {
        if (res)
            res_reset(res, 0);
        return 0;
    }
    sort_flows(s, prio);
    for (int i = 0; i < n; i++) {
        s->left[i] = s->f[i].bytes;
        s->done[i] = 0;
    }
    if (res)
        res_reset(res, n);
    first = now = s->f[s->order[0]].start;

    while (left_n > 0) {
        int na, np, nend = 0;
        double next_start = INFINITY, dt = INFINITY;

        while (oi < n && s->f[s->order[oi]].start <= now)
            oi++;
        if (oi < n)
            next_start = s->f[s->order[oi]].start;
        np = present_at(s, now, &na);
        if (np == 0) { /* idle until the next start */
            now = next_start;
            continue;
        }
        factors(s, s->act, na);

        /* the first end among the active flows */
        for (int k = 0; k < na; k++) {
            int f = s->act[k];
            double t;
            if (s->left[f] <= 0)
                t = 0;
            else if (s->rho[f] > 0)
                t = s->left[f] / (s->rho[f] * s->bw);
            else
                continue;
            if (t < dt)
                dt = t;
        }
        if (dt == INFINITY && next_start == INFINITY) {
            /* starved: nothing can move and nothing will arrive */
            char list[256];
            size_t used = 0;
            list[0] = '\0';
            for (int i = 0; i < np && used < sizeof list - 16; i++)
                used += (size_t)snprintf(list + used, sizeof list - used,
                                         "%s%d", i ? ", " : "",
                                         s->present[i] + 1);
            if (res) {
                res->starved = 1;
                res->starved_at = now;
                res->nstarved = np;
                memcpy(res->starved_flows, s->present,
                       (size_t)np * sizeof *s->present);
                res_step(res, s, now, now, np, na);
                res->makespan = -1;
            }
            rho_err_set(err, RHO_ESTARVED,
                        "starved at t = %.9g s: the flows left (%s) all get "
                        "factor 0 and no flow is about to start",
                        now, list);
            return -1;
        }
        if (next_start - now < dt) {
            dt = next_start - now;
        } else {
            /* flows ending now (within rounding) */
            for (int k = 0; k < na; k++) {
                int f = s->act[k];
                double t = s->left[f] <= 0 ? 0
                           : s->rho[f] > 0 ? s->left[f] / (s->rho[f] * s->bw)
                                           : INFINITY;
                if (t <= dt * (1 + 1e-12))
                    s->ends[nend++] = f;
            }
        }
        if (res)
            res_step(res, s, now, now + dt, np, na);
        for (int k = 0; k < na; k++) {
            int f = s->act[k];
            double sent = s->rho[f] * s->bw * dt;
            if (sent > s->left[f])
                sent = s->left[f];
            s->left[f] -= sent;
            if (res) {
                struct pcie_tstep *st = &res->step[res->nsteps - 1];
                for (int r = st->off; r < st->off + st->n; r++)
                    if (res->rec_flow[r] == f) {
                        res->rec_bytes[r] = sent;
                        res->rec_left[r] = s->left[f];
                    }
                if (isnan(res->begin[f]))
                    res->begin[f] = now;
            }
        }
        now += dt;
        for (int k = 0; k < nend; k++) {
            int f = s->ends[k];
            s->left[f] = 0;
            s->done[f] = 1;
            left_n--;
            if (res) {
                struct pcie_tstep *st = &res->step[res->nsteps - 1];
                res->end[f] = now;
                for (int r = st->off; r < st->off + st->n; r++)
                    if (res->rec_flow[r] == f)
                        res->rec_left[r] = 0;
            }
        }
    }
    if (res)
        res->makespan = now - first;
    return now - first;
}

int
pcie_sim_eval_at(struct pcie_sim *s, double t, int *present)
{
    int na, np;

    sort_flows(s, NULL);
    for (int i = 0; i < s->n; i++) {
        s->left[i] = s->f[i].bytes;
        s->done[i] = 0;
    }
    np = present_at(s, t, &na);
    pcie_model_eval(s->m, s->present, np, s->rho);
    memcpy(present, s->present, (size_t)np * sizeof *present);
    return np;
}
