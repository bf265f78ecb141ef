/*
 * lm_pattern: message generators. See lm_pattern.h.
 *
 * Collective algorithms, with p ranks, data size n and block b = n / p,
 * ranks relative to the root (as reproduced in the research digest 7.1):
 *  binomial scatter  for m = top/2 .. 1: a rank r with r % 2m == 0 sends
 *                    to r + m the blocks of [r+m, min(r+2m, p))
 *  binomial gather   the same in reverse
 *  ring allgather    r -> r+1 carries (p-1) blocks over the p-1 steps
 *  rec. doubling     step k: r -> r xor 2^k carries 2^k blocks
 *  pairwise RS       every ordered pair: one block
 *  DeGeijn bcast     binomial scatter of n, then ring allgather
 *  Rabenseifner      pairwise reduce-scatter, then binomial gather
 */
#include "core/lm_pattern.h"

#include <stdlib.h>
#include <string.h>

#include "core/rng.h"

static const char *const kind_names[] = {
    "list", "umesh", "spread", "stencil", "suba2a", "alltoall", "perm",
    "collective",
};

static const char *const coll_names[] = {
    "scatter", "gather", "bcast", "allgather", "reduce_scatter", "reduce",
};

static const char *const algo_names[] = {
    "binomial", "degeijn", "ring", "recursive_doubling", "pairwise",
    "rabenseifner",
};

#define N_OF(a) ((int)(sizeof a / sizeof a[0]))

static int
lookup(const char *const *tab, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(tab[i], name) == 0)
            return i;
    return -1;
}

const char *
lm_pattern_name(int kind)
{
    return kind >= 0 && kind < N_OF(kind_names) ? kind_names[kind] : "?";
}

int
lm_pattern_lookup(const char *name)
{
    return lookup(kind_names, N_OF(kind_names), name);
}

int
lm_coll_lookup(const char *name)
{
    return lookup(coll_names, N_OF(coll_names), name);
}

int
lm_algo_lookup(const char *name)
{
    return lookup(algo_names, N_OF(algo_names), name);
}

const char *
lm_coll_name(int c)
{
    return c >= 0 && c < N_OF(coll_names) ? coll_names[c] : "?";
}

const char *
lm_algo_name(int a)
{
    return a >= 0 && a < N_OF(algo_names) ? algo_names[a] : "?";
}

static long long
grid_size(const struct lm_pattern *p)
{
    long long n = 1;

    for (int d = 0; d < p->nd; d++)
        n *= p->dims[d];
    return n;
}

int
lm_pattern_check(const struct lm_pattern *p, struct rho_err *err)
{
    if (p->nranks < 1)
        return rho_err_set(err, RHO_EINPUT, "a pattern needs ranks");
    if (!(p->bytes >= 0))
        return rho_err_set(err, RHO_EINPUT, "message size must be >= 0");
    switch (p->kind) {
    case LM_PAT_UMESH:
    case LM_PAT_SPREAD:
        if (p->pmin < 0 || p->pmax < p->pmin)
            return rho_err_set(err, RHO_EINPUT,
                               "partners: need 0 <= min <= max, got %d..%d",
                               p->pmin, p->pmax);
        if (p->kind == LM_PAT_UMESH && p->window < 1)
            return rho_err_set(err, RHO_EINPUT, "umesh: window must be >= 1");
        break;
    case LM_PAT_STENCIL:
    case LM_PAT_SUBA2A:
        if (p->nd < 1 || p->nd > LM_PAT_MAX_DIMS)
            return rho_err_set(err, RHO_EINPUT, "a grid of 1 to %d dimensions",
                               LM_PAT_MAX_DIMS);
        for (int d = 0; d < p->nd; d++)
            if (p->dims[d] < 1)
                return rho_err_set(err, RHO_EINPUT,
                                   "grid dimension %d must be >= 1", d + 1);
        if (grid_size(p) != p->nranks)
            return rho_err_set(err, RHO_EINPUT,
                               "the grid has %lld ranks, the job %lld",
                               grid_size(p), p->nranks);
        if (p->kind == LM_PAT_SUBA2A && (p->axis < 0 || p->axis >= p->nd))
            return rho_err_set(err, RHO_EINPUT,
                               "suba2a: axis must be 1 to %d", p->nd);
        break;
    case LM_PAT_PERM:
        if (p->perm == LM_PERM_TRANSPOSE &&
            (p->nd != 2 || p->dims[0] != p->dims[1] ||
             p->dims[0] * p->dims[1] != p->nranks))
            return rho_err_set(err, RHO_EINPUT,
                               "transpose: a square 2-D grid of all ranks");
        break;
    case LM_PAT_COLLECTIVE:
        if (p->root < 0 || p->root >= p->nranks)
            return rho_err_set(err, RHO_EINPUT, "root %lld is not a rank",
                               p->root);
        if (p->algo == LM_ALGO_RECDOUBLING &&
            (p->nranks & (p->nranks - 1)) != 0)
            return rho_err_set(err, RHO_EINPUT,
                               "recursive doubling needs a power of two "
                               "ranks, not %lld",
                               p->nranks);
        {
            static const int ok[][6] = {
                /* scatter */ {LM_ALGO_BINOMIAL, -1},
                /* gather */ {LM_ALGO_BINOMIAL, -1},
                /* bcast */ {LM_ALGO_DEGEIJN, LM_ALGO_BINOMIAL, -1},
                /* allgather */ {LM_ALGO_RING, LM_ALGO_RECDOUBLING, -1},
                /* reduce_scatter */ {LM_ALGO_PAIRWISE, -1},
                /* reduce */ {LM_ALGO_RABENSEIFNER, LM_ALGO_BINOMIAL, -1},
            };
            int fine = 0;
            if (p->coll < 0 || p->coll >= N_OF(coll_names))
                return rho_err_set(err, RHO_EINPUT, "unknown collective");
            for (int i = 0; ok[p->coll][i] >= 0; i++)
                fine |= ok[p->coll][i] == p->algo;
            if (!fine)
                return rho_err_set(err, RHO_EINPUT,
                                   "%s has no '%s' algorithm here",
                                   lm_coll_name(p->coll),
                                   lm_algo_name(p->algo));
        }
        break;
    default:
        break;
    }
    return 0;
}

/* ---- generators ---- */

#define EMIT(s, d, b)                                                         \
    do {                                                                      \
        struct lm_msg m_ = {(s), (d), (b)};                                   \
        if (emit(ctx, &m_))                                                   \
            return 1;                                                         \
    } while (0)

static void
rank_rng(struct rng *g, const struct lm_pattern *p, long long r)
{
    uint64_t st = p->seed ^ ((uint64_t)r * 0x9e3779b97f4a7c15ULL);

    rng_init(g, rng_splitmix64(&st));
}

/* k distinct partners of r drawn from [lo, hi] \ {r} */
static int
partners(const struct lm_pattern *p, long long r, long long lo, long long hi,
         lm_emit_fn *emit, void *ctx)
{
    struct rng g;
    long long pick[64], span;
    int k, n = 0;

    rank_rng(&g, p, r);
    if (lo < 0)
        lo = 0;
    if (hi > p->nranks - 1)
        hi = p->nranks - 1;
    span = hi - lo; /* candidates, r excluded */
    k = p->pmin + (int)rng_below(&g, (uint64_t)(p->pmax - p->pmin + 1));
    if (k > 64)
        k = 64;
    if (k > span)
        k = (int)span;
    while (n < k) {
        long long c = lo + (long long)rng_below(&g, (uint64_t)span);
        int dup = 0;
        if (c >= r)
            c++; /* skip r itself */
        for (int i = 0; i < n; i++)
            dup |= pick[i] == c;
        if (!dup)
            pick[n++] = c;
    }
    for (int i = 0; i < n; i++)
        EMIT(r, pick[i], p->bytes);
    return 0;
}

static void
coords(const struct lm_pattern *p, long long r, long long *x)
{
    for (int d = 0; d < p->nd; d++) {
        x[d] = r % p->dims[d];
        r /= p->dims[d];
    }
}

static long long
rank_of(const struct lm_pattern *p, const long long *x)
{
    long long r = 0;

    for (int d = p->nd - 1; d >= 0; d--)
        r = r * p->dims[d] + x[d];
    return r;
}

static int
stencil(const struct lm_pattern *p, long long r, lm_emit_fn *emit, void *ctx)
{
    long long x[LM_PAT_MAX_DIMS], y[LM_PAT_MAX_DIMS];
    int nd = p->nd;

    coords(p, r, x);
    if (!p->corners) {
        for (int d = 0; d < nd; d++)
            for (int s = -1; s <= 1; s += 2) {
                long long v = x[d] + s;
                if (p->dims[d] == 1)
                    continue;
                if (v < 0 || v >= p->dims[d]) {
                    if (!p->periodic[d])
                        continue;
                    v = (v + p->dims[d]) % p->dims[d];
                }
                if (p->dims[d] == 2 && s < 0 && p->periodic[d])
                    continue; /* the same neighbour both ways: once */
                memcpy(y, x, sizeof y);
                y[d] = v;
                EMIT(r, rank_of(p, y), p->bytes);
            }
        return 0;
    }
    {
        long long total = 1;
        for (int d = 0; d < nd; d++)
            total *= 3;
        for (long long k = 0; k < total; k++) {
            long long t = k;
            int ok = 1, moved = 0;
            for (int d = 0; d < nd; d++) {
                int s = (int)(t % 3) - 1;
                long long v = x[d] + s;
                t /= 3;
                moved |= s != 0;
                if (v < 0 || v >= p->dims[d]) {
                    if (!p->periodic[d])
                        ok = 0;
                    v = (v + p->dims[d]) % p->dims[d];
                }
                y[d] = v;
            }
            if (ok && moved && rank_of(p, y) != r)
                EMIT(r, rank_of(p, y), p->bytes);
        }
    }
    return 0;
}

/* relative rank <-> rank */
#define REL(r) (((r) - p->root + p->nranks) % p->nranks)
#define ABS(v) (((v) + p->root) % p->nranks)

static int
binomial(const struct lm_pattern *p, long long r, double blk, int gather,
         lm_emit_fn *emit, void *ctx)
{
    long long n = p->nranks, top = 1, v = REL(r);

    while (top < n)
        top <<= 1;
    for (long long m = top / 2; m >= 1; m /= 2) {
        if (!gather) {
            if (v % (2 * m) == 0 && v + m < n) {
                long long hi = v + 2 * m < n ? v + 2 * m : n;
                EMIT(r, ABS(v + m), blk * (double)(hi - v - m));
            }
        } else {
            /* v sends when v % 2m == m: to v - m, the blocks [v, v+m) */
            if (v % (2 * m) == m) {
                long long hi = v + m < n ? v + m : n;
                EMIT(r, ABS(v - m), blk * (double)(hi - v));
            }
        }
    }
    return 0;
}

static int
collective(const struct lm_pattern *p, long long r, lm_emit_fn *emit,
           void *ctx)
{
    long long n = p->nranks;
    double blk = p->bytes / (double)n;

    switch (p->coll) {
    case LM_COLL_SCATTER:
        return binomial(p, r, blk, 0, emit, ctx);
    case LM_COLL_GATHER:
        return binomial(p, r, blk, 1, emit, ctx);
    case LM_COLL_BCAST:
        if (p->algo == LM_ALGO_BINOMIAL) { /* the whole data down a tree */
            long long top = 1, v = REL(r);
            while (top < n)
                top <<= 1;
            for (long long m = top / 2; m >= 1; m /= 2)
                if (v % (2 * m) == 0 && v + m < n)
                    EMIT(r, ABS(v + m), p->bytes);
            return 0;
        }
        if (binomial(p, r, blk, 0, emit, ctx))
            return 1;
        if (n > 1)
            EMIT(r, (r + 1) % n, blk * (double)(n - 1));
        return 0;
    case LM_COLL_ALLGATHER:
        /* p->bytes is the size per rank */
        if (p->algo == LM_ALGO_RING) {
            if (n > 1)
                EMIT(r, (r + 1) % n, p->bytes * (double)(n - 1));
            return 0;
        }
        for (long long k = 1; k < n; k <<= 1)
            EMIT(r, r ^ k, p->bytes * (double)k);
        return 0;
    case LM_COLL_REDUCE_SCATTER:
        for (long long k = 1; k < n; k++)
            EMIT(r, (r + k) % n, blk);
        return 0;
    case LM_COLL_REDUCE:
        if (p->algo == LM_ALGO_BINOMIAL) {
            long long top = 1, v = REL(r);
            while (top < n)
                top <<= 1;
            for (long long m = 1; m < top; m *= 2)
                if (v % (2 * m) == m)
                    EMIT(r, ABS(v - m), p->bytes);
            return 0;
        }
        for (long long k = 1; k < n; k++)
            EMIT(r, (r + k) % n, blk);
        return binomial(p, r, blk, 1, emit, ctx);
    }
    return 0;
}

int
lm_pattern_gen(const struct lm_pattern *p, long long lo, long long hi,
               lm_emit_fn *emit, void *ctx)
{
    if (lo < 0)
        lo = 0;
    if (hi > p->nranks)
        hi = p->nranks;
    if (p->kind == LM_PAT_LIST) {
        for (long long i = 0; i < p->nlist; i++)
            if (p->list[i].src >= lo && p->list[i].src < hi &&
                emit(ctx, &p->list[i]))
                return 1;
        return 0;
    }
    for (long long r = lo; r < hi; r++) {
        int stop = 0;
        switch (p->kind) {
        case LM_PAT_UMESH:
            stop = partners(p, r, r - p->window, r + p->window, emit, ctx);
            break;
        case LM_PAT_SPREAD:
            stop = partners(p, r, 0, p->nranks - 1, emit, ctx);
            break;
        case LM_PAT_STENCIL:
            stop = stencil(p, r, emit, ctx);
            break;
        case LM_PAT_SUBA2A: {
            long long x[LM_PAT_MAX_DIMS];
            coords(p, r, x);
            for (long long v = 0; v < p->dims[p->axis] && !stop; v++) {
                long long y[LM_PAT_MAX_DIMS];
                if (v == x[p->axis])
                    continue;
                memcpy(y, x, sizeof y);
                y[p->axis] = v;
                {
                    struct lm_msg m = {r, rank_of(p, y), p->bytes};
                    stop = emit(ctx, &m);
                }
            }
            break;
        }
        case LM_PAT_ALLTOALL:
            for (long long k = 1; k < p->nranks && !stop; k++) {
                struct lm_msg m = {r, (r + k) % p->nranks, p->bytes};
                stop = emit(ctx, &m);
            }
            break;
        case LM_PAT_PERM: {
            long long d;
            if (p->perm == LM_PERM_REVERSE)
                d = p->nranks - 1 - r;
            else if (p->perm == LM_PERM_SHIFT)
                d = ((r + p->shift) % p->nranks + p->nranks) % p->nranks;
            else
                d = (r % p->dims[0]) * p->dims[0] + r / p->dims[0];
            if (d != r) {
                struct lm_msg m = {r, d, p->bytes};
                stop = emit(ctx, &m);
            }
            break;
        }
        case LM_PAT_COLLECTIVE:
            stop = collective(p, r, emit, ctx);
            break;
        }
        if (stop)
            return 1;
    }
    return 0;
}
