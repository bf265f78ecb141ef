/*
 * search: exhaustive or sampled schedule search. See search.h.
 *
 * Workload: the paper's 3D halo exchange has 1,679,616 schedules of 24
 * flows; each is a congestion graph run to completion (~3 us with the
 * sim's memo). The workers of a pool (core/base/pool.h) take chunks of
 * consecutive ids and write each schedule's time into its slot, so the
 * output does not depend on which thread ran what.
 */
#include "core/search.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/base/pool.h"
#include "core/pcie/pcie_sim.h"
#include "core/base/rho_alloc.h"
#include "core/base/rng.h"
#include "core/base/units.h"

#define CHUNK 2048

struct search_space {
    int n; /* flows */
    int nsrc;
    int *soff;        /* nsrc + 1 */
    int *sflow;       /* flows by source, declaration order */
    long long *radix; /* k_s! per source (saturated) */
    long long total;
    double size; /* total, not saturated (exact up to 2^53) */
};

struct search_space *
search_space_new(const struct scenario *s, struct rho_err *err)
{
    struct search_space *sp;
    int *map, *fill;

    if (s->nflows == 0)
        return rho_err_set(err, RHO_EINPUT,
                           "the scenario has no flow to "
                           "order"),
               NULL;
    sp = xcalloc(1, sizeof *sp);
    sp->n = s->nflows;
    map = xcalloc((size_t)pcie_nodes(s->pcie), sizeof *map);
    for (int i = 0; i < pcie_nodes(s->pcie); i++)
        map[i] = -1;
    for (int i = 0; i < s->nflows; i++)
        if (map[s->flow[i].src] < 0)
            map[s->flow[i].src] = sp->nsrc++;
    sp->soff = xcalloc((size_t)sp->nsrc + 1, sizeof *sp->soff);
    for (int i = 0; i < s->nflows; i++)
        sp->soff[map[s->flow[i].src] + 1]++;
    for (int k = 0; k < sp->nsrc; k++)
        sp->soff[k + 1] += sp->soff[k];
    sp->sflow = xcalloc((size_t)s->nflows, sizeof *sp->sflow);
    fill = xcalloc((size_t)sp->nsrc, sizeof *fill);
    for (int i = 0; i < s->nflows; i++) {
        int k = map[s->flow[i].src];
        sp->sflow[sp->soff[k] + fill[k]++] = i;
    }
    free(fill);
    free(map);
    sp->radix = xcalloc((size_t)sp->nsrc, sizeof *sp->radix);
    sp->total = 1;
    sp->size = 1;
    for (int k = 0; k < sp->nsrc; k++) {
        long long f = 1;
        for (int j = 2; j <= sp->soff[k + 1] - sp->soff[k]; j++)
            f = f > LLONG_MAX / j ? LLONG_MAX : f * j;
        sp->radix[k] = f;
        for (int j = 2; j <= sp->soff[k + 1] - sp->soff[k]; j++)
            sp->size *= j;
        sp->total = sp->total > LLONG_MAX / f ? LLONG_MAX : sp->total * f;
    }
    return sp;
}

void
search_space_free(struct search_space *sp)
{
    if (sp == NULL)
        return;
    free(sp->soff);
    free(sp->sflow);
    free(sp->radix);
    free(sp);
}

long long
search_space_total(const struct search_space *sp)
{
    return sp->total;
}

double
search_space_size(const struct search_space *sp)
{
    return sp->size;
}

const char *
search_space_size_fmt(const struct search_space *sp, char *buf, size_t n)
{
    double l = 0, e;

    if (sp->total < LLONG_MAX)
        return units_fmt_int(buf, n, sp->total);
    if (isfinite(sp->size)) {
        snprintf(buf, n, "%.3g", sp->size);
        return buf;
    }
    for (int k = 0; k < sp->nsrc; k++) /* log10 of every source's k! */
        l += lgamma((double)(sp->soff[k + 1] - sp->soff[k]) + 1) / log(10);
    e = floor(l);
    snprintf(buf, n, "%.3ge+%.0f", pow(10, l - e), e);
    return buf;
}

int
search_space_nsrc(const struct search_space *sp)
{
    return sp->nsrc;
}

int
search_space_src_nflows(const struct search_space *sp, int k)
{
    return sp->soff[k + 1] - sp->soff[k];
}

const int *
search_space_src_flows(const struct search_space *sp, int k)
{
    return sp->sflow + sp->soff[k];
}

/* Order the k flows of a source by Lehmer code d: prio = position. */
static void
lehmer(const int *flows, int k, long long d, int *prio)
{
    int left[64];
    int n = k;

    for (int i = 0; i < k; i++)
        left[i] = flows[i];
    /* the first position takes left[d / (k-1)!], and so on */
    for (int pos = 0; pos < k; pos++) {
        long long f = 1;
        int j;
        for (int t = 2; t < n; t++)
            f *= t;
        j = (int)(d / f);
        d %= f;
        prio[left[j]] = pos;
        memmove(&left[j], &left[j + 1], (size_t)(n - j - 1) * sizeof *left);
        n--;
    }
}

void
search_space_prio(const struct search_space *sp, long long id, int *prio)
{
    for (int k = 0; k < sp->nsrc; k++) {
        int nk = sp->soff[k + 1] - sp->soff[k];
        long long d = id % sp->radix[k];
        id /= sp->radix[k];
        if (nk <= 20) {
            lehmer(sp->sflow + sp->soff[k], nk, d, prio);
        } else { /* more orders than ids: keep declaration order */
            for (int j = 0; j < nk; j++)
                prio[sp->sflow[sp->soff[k] + j]] = j;
        }
    }
}

void
search_space_sample_prio(const struct search_space *sp, uint64_t seed,
                         long long k, int *prio)
{
    uint64_t st = seed ^ ((uint64_t)k * 0x9e3779b97f4a7c15ULL);
    struct rng g;
    int order[4096];

    rng_init(&g, rng_splitmix64(&st));
    for (int s = 0; s < sp->nsrc; s++) {
        int nk = sp->soff[s + 1] - sp->soff[s];
        if (nk > 4096) {
            for (int j = 0; j < nk; j++)
                prio[sp->sflow[sp->soff[s] + j]] = j;
            continue;
        }
        for (int j = 0; j < nk; j++)
            order[j] = j;
        rng_shuffle_int(&g, order, nk);
        for (int j = 0; j < nk; j++)
            prio[sp->sflow[sp->soff[s] + j]] = order[j];
    }
}

char *
search_space_describe(const struct search_space *sp, const struct scenario *s,
                      const int *prio, char *buf, int n)
{
    size_t used = 0, cap = (size_t)n;

    buf[0] = '\0';
    for (int k = 0; k < sp->nsrc && used + 8 < cap; k++) {
        int nk = sp->soff[k + 1] - sp->soff[k];
        const int *fl = sp->sflow + sp->soff[k];
        used +=
            (size_t)snprintf(buf + used, cap - used, "%s%s:", k ? " | " : "",
                             pcie_node(s->pcie, s->flow[fl[0]].src)->name);
        for (int pos = 0; pos < nk && used + 8 < cap; pos++)
            for (int j = 0; j < nk; j++)
                if (prio[fl[j]] == pos)
                    used += (size_t)snprintf(
                        buf + used, cap - used, " %s",
                        pcie_node(s->pcie, s->flow[fl[j]].dst)->name);
    }
    return buf;
}

/* ---- the parallel run ---- */

struct job {
    const struct scenario *s;
    const struct search_space *sp;
    struct search_result *res;
    long long base; /* id (or sample number) of index 0 */
    uint64_t seed;
    struct pcie_sim *sim[POOL_MAX_THREADS]; /* per worker, made on first use */
    int *prio[POOL_MAX_THREADS];
    const struct search_opts *o;
};

/* Chunk c of the schedules (CHUNK ids) on worker w. */
static int
run_chunk(void *arg, long long c, int w)
{
    struct job *j = arg;
    long long n = j->res->n, lo = c * CHUNK;
    long long hi = lo + CHUNK < n ? lo + CHUNK : n;

    if (j->sim[w] == NULL) {
        j->sim[w] = scenario_sim(j->s, NULL);
        /* many runs: worth a table */
        pcie_sim_set_memo(j->sim[w], PCIE_MEMO_DIRECT);
        j->prio[w] = xcalloc((size_t)j->s->nflows, sizeof *j->prio[w]);
    }
    for (long long i = lo; i < hi; i++) {
        if (j->res->sampled)
            search_space_sample_prio(j->sp, j->seed, j->base + i, j->prio[w]);
        else
            search_space_prio(j->sp, j->base + i, j->prio[w]);
        j->res->time[i] = pcie_sim_run(j->sim[w], j->prio[w], NULL, NULL);
    }
    return 0;
}

/* Progress in schedules, from the chunks done. */
static int
watch(void *arg, long long done, long long nchunks)
{
    struct job *j = arg;
    long long n = j->res->n, d = done >= nchunks ? n : done * CHUNK;

    return j->o->progress(j->o->ctx, d < n ? d : n, n);
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The id (or sample number) of result index i. */
static long long
id_of(const struct search_result *r, long long i)
{
    return r->id ? r->id[i] : i;
}

int
search_stats(struct search_result *r, struct rho_err *err)
{
    long long m = 0, nfast = 0;

    free(r->sorted);
    r->sorted = xcalloc((size_t)(r->n ? r->n : 1), sizeof *r->sorted);
    r->starved = 0;
    for (long long i = 0; i < r->n; i++) {
        if (r->time[i] < 0)
            r->starved++;
        else
            r->sorted[m++] = r->time[i];
    }
    if (m == 0)
        return rho_err_set(err, RHO_ESTARVED,
                           "every schedule starved (%lld evaluated)", r->n);
    qsort(r->sorted, (size_t)m, sizeof *r->sorted, cmp_double);
    r->t_fastest = r->sorted[0];
    r->t_slowest = r->sorted[m - 1];
    r->t_median = r->sorted[(m - 1) / 2];
    r->fastest = r->slowest = r->median = -1;
    /* the lowest id with each time: indices are in id order except when
       sampled, where ids are compared */
    for (long long i = 0; i < r->n; i++) {
        double t = r->time[i];
#define PICK(field, value)                                                     \
    if (t == value && (r->field < 0 || id_of(r, i) < id_of(r, r->field)))      \
        r->field = i;
        PICK(fastest, r->t_fastest)
        PICK(slowest, r->t_slowest)
        PICK(median, r->t_median)
#undef PICK
    }
    if (r->has_baseline) {
        for (long long i = 0; i < m; i++)
            nfast += r->sorted[i] < r->t_baseline;
        r->baseline_rank = nfast + 1;
    }
    return 0;
}

int
search_run(const struct scenario *s, const struct search_opts *o,
           struct search_result *r, struct rho_err *err)
{
    struct search_opts def;
    struct search_space *sp;
    struct job j;
    int nt, rc = 0, cancelled;
    long long max, total;
    double t0 = rho_wall(), one = 0;
    struct pcie_sim *probe;

    memset(r, 0, sizeof *r);
    memset(&j, 0, sizeof j);
    if (o == NULL) {
        memset(&def, 0, sizeof def);
        o = &def;
    }
    if ((probe = scenario_sim(s, err)) == NULL)
        return -1;
    pcie_sim_free(probe);
    if ((sp = search_space_new(s, err)) == NULL)
        return -1;
    total = sp->total;
    max = o->max_exhaustive > 0 ? o->max_exhaustive : SEARCH_DEFAULT_MAX;
    r->total = total;
    r->size = sp->size;
    r->sampled = o->sample > 0 || total > max || total == LLONG_MAX;
    {
        long long all =
            r->sampled ? (o->sample > 0 ? o->sample : SEARCH_DEFAULT_SAMPLE)
                       : total;
        long long lo = o->count > 0 ? o->first : 0;
        long long hi = o->count > 0 ? lo + o->count : all;
        if (hi > all)
            hi = all;
        if (lo < 0 || lo >= hi) {
            search_space_free(sp);
            return rho_err_set(err, RHO_EINPUT,
                               "schedule range %lld..%lld is outside 0..%lld",
                               lo, hi - 1, all - 1);
        }
        r->n = hi - lo;
        memset(&j, 0, sizeof j);
        j.base = lo;
    }
    {
        /* what keeping every schedule's time (and id) would take */
        double need = (double)r->n * (double)(sizeof *r->time +
                                              (r->sampled || j.base != 0
                                                   ? sizeof *r->id
                                                   : 0));
        char nb[32], bb[32], cb[32];
        if (o->max_memory > 0 && need > o->max_memory) {
            units_fmt_int(cb, sizeof cb, r->n);
            units_fmt_size(nb, sizeof nb, need);
            units_fmt_size(bb, sizeof bb, o->max_memory);
            search_space_free(sp);
            return rho_err_set(err, RHO_ELIMIT,
                               "a search of %s schedules would need %s "
                               "for their times, more than the memory "
                               "budget of %s (--max-memory to allow more, "
                               "or a smaller --sample)",
                               cb, nb, bb);
        }
    }
    r->time = xcalloc((size_t)r->n, sizeof *r->time);
    if (r->sampled || j.base != 0) {
        r->id = xcalloc((size_t)r->n, sizeof *r->id);
        for (long long i = 0; i < r->n; i++)
            r->id[i] = j.base + i;
    }
    j.s = s;
    j.sp = sp;
    j.res = r;
    j.seed = r->seed = o->seed;

    /* the baseline -- the scenario's own order, id 0 -- is ranked always */
    {
        struct pcie_sim *sim = scenario_sim(s, err);
        int *prio = xcalloc((size_t)s->nflows, sizeof *prio);
        double b0 = rho_wall();
        search_space_prio(sp, 0, prio);
        r->t_baseline = pcie_sim_run(sim, prio, NULL, NULL);
        one = rho_wall() - b0;
        r->has_baseline = r->t_baseline >= 0;
        free(prio);
        pcie_sim_free(sim);
    }

    nt = o->threads > 0 ? o->threads : pool_cpus();
    if (nt > POOL_MAX_THREADS - 1)
        nt = POOL_MAX_THREADS - 1;
    if ((long long)nt * CHUNK > r->n)
        nt = (int)((r->n + CHUNK - 1) / CHUNK);
    r->threads = nt;
    /* the time it would take, from the baseline's (one run per schedule,
       nt at a time) */
    if (o->max_seconds > 0 && one * (double)r->n / nt > o->max_seconds) {
        char nb[32], bb[32], cb[32];
        units_fmt_int(cb, sizeof cb, r->n);
        units_fmt_time(nb, sizeof nb, one * (double)r->n / nt);
        units_fmt_time(bb, sizeof bb, o->max_seconds);
        search_space_free(sp);
        search_result_fini(r);
        return rho_err_set(err, RHO_ELIMIT,
                           "a search of %s schedules would take about %s "
                           "on %d thread%s, more than the time budget of %s "
                           "(--max-time to allow more, or a smaller "
                           "--sample)",
                           cb, nb, nt, nt == 1 ? "" : "s", bb);
    }
    j.o = o;
    {
        /* with a progress callback the caller watches and nt threads
           work; without, the caller is one of the nt */
        long long nchunks = (r->n + CHUNK - 1) / CHUNK;
        struct pool *pool = pool_new(o->progress != NULL ? nt + 1 : nt);
        if (o->progress != NULL) {
            nt = pool_threads(pool) > 1 ? pool_threads(pool) - 1 : 1;
            cancelled = pool_for_watched(pool, nchunks, 1, run_chunk, &j,
                                         watch, &j, 100);
        } else {
            nt = pool_threads(pool);
            cancelled = pool_for(pool, nchunks, 1, run_chunk, &j);
        }
        pool_free(pool);
        for (int t = 0; t < POOL_MAX_THREADS; t++) {
            pcie_sim_free(j.sim[t]);
            free(j.prio[t]);
        }
    }
    r->threads = nt;
    search_space_free(sp);
    r->seconds = rho_wall() - t0;
    if (cancelled) {
        search_result_fini(r);
        return rho_err_set(err, RHO_ECANCEL, "search cancelled");
    }
    rc = search_stats(r, err);
    return rc;
}

void
search_result_fini(struct search_result *r)
{
    if (r == NULL)
        return;
    free(r->time);
    free(r->id);
    free(r->sorted);
    memset(r, 0, sizeof *r);
}

int
search_merge(const struct search_result *parts, int nparts,
             struct search_result *out, struct rho_err *err)
{
    long long n = 0, k = 0;
    int sampled = nparts > 0 && parts[0].sampled;

    memset(out, 0, sizeof *out);
    if (nparts > 0) {
        out->has_baseline = parts[0].has_baseline;
        out->t_baseline = parts[0].t_baseline;
    }
    for (int p = 0; p < nparts; p++)
        n += parts[p].n;
    out->total = nparts ? parts[0].total : 0;
    out->size = nparts ? parts[0].size : 0;
    out->seed = nparts ? parts[0].seed : 0;
    out->ranks = nparts;
    out->n = n;
    out->sampled = sampled;
    out->time = xcalloc((size_t)(n ? n : 1), sizeof *out->time);
    out->id = xcalloc((size_t)(n ? n : 1), sizeof *out->id);
    for (int p = 0; p < nparts; p++) {
        memcpy(out->time + k, parts[p].time,
               (size_t)parts[p].n * sizeof(double));
        for (long long i = 0; i < parts[p].n; i++)
            out->id[k + i] = parts[p].id ? parts[p].id[i] : i;
        k += parts[p].n;
        out->seconds = fmax(out->seconds, parts[p].seconds);
        out->threads += parts[p].threads;
    }
    return search_stats(out, err);
}
