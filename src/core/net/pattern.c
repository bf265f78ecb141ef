/*
 * pattern: the traffic generators. See pattern.h.
 *
 * Decisions where the thesis is silent ([GAP] in the digest): UMesh counts
 * are uniform in [dmin, dmax], partners distinct and never r, the window
 * clipped at 0 and n-1, not symmetric unless asked; stencils are periodic
 * unless asked; the random partners of a rank come from a generator seeded
 * by (seed, rank), so a rank's partners do not depend on n beyond the
 * window. Two-tier algorithms follow Jain Sec. 8.1.2 literally; where the
 * text leaves a choice: the broadcast's step 2 sends chunk i of supernode 0
 * to its first connected supernode (node i's, e.g. SN i, SN 16 for node
 * 0); the reduce-scatter's owners are chosen so that each node owns the
 * data of the supernodes it is connected to (plus, at node S mod nps, the
 * data of its own supernode), so that owned data leaves directly.
 */
#include "core/net/pattern.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/base/rho_alloc.h"
#include "core/base/rng.h"
#include "core/base/units.h"

/* A pattern's name says sizes and counts as people read them ("512 KiB",
   "n=8,847,360"). */
struct nm {
    char size[32], n[32];
};

static struct nm *
nm_of(struct nm *m, long long n, double bytes)
{
    units_fmt_int(m->n, sizeof m->n, n);
    units_fmt_size(m->size, sizeof m->size, bytes);
    return m;
}

#define PAT_MAX_DIMS 8
#define LIST_BLOCK 4096
#define NEAR_MAX 4096

enum kind {
    K_NEAR,
    K_STENCIL,
    K_SUBA2A,
    K_PERM,
    K_COLL,
    K_LIST,
    K_CUSTOM,
    K_PHASES
};

struct pattern {
    atomic_int refs;
    int kind;
    int n;
    long long units;
    int steps;
    char name[256];
    double bytes;
    uint64_t seed;
    /* near, spread */
    int dmin, dmax, window, symmetric;
    /* grids */
    int nd, dims[PAT_MAX_DIMS], periodic, corners;
    unsigned mask;
    /* permutation */
    int perm_kind, rows;
    int *perm;
    /* collectives */
    int coll, aggregate, S, top, logp;
    struct pattern_twotier tt;
    /* list */
    long long nmsg;
    int *src, *dst, *stp;
    double *b;
    /* custom */
    pattern_unit_fn *fn;
    void *ctx;
    void (*free_ctx)(void *);
    /* phases: each one referenced; first unit and step of each */
    int nphase;
    struct pattern **phase;
    long long *unit0;
    int *step0;
};

static uint64_t
mix(uint64_t seed, uint64_t u)
{
    uint64_t s = seed ^ (u * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL);

    rng_splitmix64(&s);
    return rng_splitmix64(&s);
}

static struct pattern *
pat_alloc(int kind, int n, double bytes, struct rho_err *err)
{
    struct pattern *p;

    if (n < 1) {
        rho_err_set(err, RHO_EINPUT, "pattern: %d ranks", n);
        return NULL;
    }
    if (!(bytes >= 0) || bytes > 1e300) {
        rho_err_set(err, RHO_EINPUT, "pattern: bad message size");
        return NULL;
    }
    p = xcalloc(1, sizeof *p);
    atomic_init(&p->refs, 1);
    p->kind = kind;
    p->n = n;
    p->bytes = bytes;
    p->steps = 1;
    p->units = n;
    return p;
}

struct pattern *
pattern_ref(struct pattern *p)
{
    atomic_fetch_add(&p->refs, 1);
    return p;
}

void
pattern_free(struct pattern *p)
{
    if (p == NULL || atomic_fetch_sub(&p->refs, 1) > 1)
        return;
    free(p->perm);
    free(p->src);
    free(p->dst);
    free(p->stp);
    free(p->b);
    if (p->free_ctx != NULL)
        p->free_ctx(p->ctx);
    for (int k = 0; k < p->nphase; k++)
        pattern_free(p->phase[k]);
    free(p->phase);
    free(p->unit0);
    free(p->step0);
    free(p);
}

int
pattern_ranks(const struct pattern *p)
{
    return p->n;
}

long long
pattern_units(const struct pattern *p)
{
    return p->units;
}

int
pattern_steps(const struct pattern *p)
{
    return p->steps;
}

const char *
pattern_name(const struct pattern *p)
{
    return p->name;
}

/* ------------------------------------------------------ near, spread */

struct pattern *
pattern_near(int n, double bytes, int dmin, int dmax, int window, int symmetric,
             uint64_t seed, struct rho_err *err)
{
    struct nm m;
    struct pattern *p;

    if (dmin < 0 || dmax < dmin || dmax > NEAR_MAX || window < 1) {
        rho_err_set(err, RHO_EINPUT,
                    "near-neighbour pattern: partners %d..%d within %d "
                    "(need 0 <= min <= max <= %d, window >= 1)",
                    dmin, dmax, window, NEAR_MAX);
        return NULL;
    }
    if ((p = pat_alloc(K_NEAR, n, bytes, err)) == NULL)
        return NULL;
    p->dmin = dmin;
    p->dmax = dmax;
    p->window = window;
    p->symmetric = symmetric != 0;
    p->seed = seed;
    nm_of(&m, n, bytes);
    snprintf(p->name, sizeof p->name, "near n=%s %d..%d within %d%s, %s", m.n,
             dmin, dmax, window, p->symmetric ? " symmetric" : "", m.size);
    return p;
}

struct pattern *
pattern_spread(int n, double bytes, int dmin, int dmax, uint64_t seed,
               struct rho_err *err)
{
    struct nm m;
    struct pattern *p = pattern_near(n, bytes, dmin, dmax, n, 0, seed, err);

    if (p != NULL)
        snprintf(p->name, sizeof p->name, "spread n=%s %d..%d, %s",
                 nm_of(&m, n, bytes)->n, dmin, dmax, m.size);
    return p;
}

/* The partners rank r picks (into out, at most dmax); returns how many. */
static int
near_pick(const struct pattern *p, int r, int *out)
{
    struct rng g;
    int lo = r - p->window < 0 ? 0 : r - p->window;
    int hi = p->n - 1 - r < p->window ? p->n - 1 : r + p->window;
    int M = hi - lo, c; /* candidates: [lo, hi] without r */

    rng_init(&g, mix(p->seed, (uint64_t)r));
    c = p->dmin + (int)rng_below(&g, (uint64_t)(p->dmax - p->dmin) + 1);
    if (c > M)
        c = M;
    if (M <= 256) {
        int cand[256], k = 0;
        for (int q = lo; q <= hi; q++)
            if (q != r)
                cand[k++] = q;
        for (int i = 0; i < c; i++) {
            int j = i + (int)rng_below(&g, (uint64_t)(M - i));
            int t = cand[i];
            cand[i] = cand[j];
            cand[j] = t;
            out[i] = cand[i];
        }
        return c;
    }
    for (int i = 0; i < c;) {
        int q = lo + (int)rng_below(&g, (uint64_t)(hi - lo) + 1), dup = 0;
        if (q == r)
            continue;
        for (int j = 0; j < i && !dup; j++)
            dup = out[j] == q;
        if (!dup)
            out[i++] = q;
    }
    return c;
}

static void
near_emit(const struct pattern *p, int r, pattern_emit_fn *fn, void *sink)
{
    int mine[NEAR_MAX], theirs[NEAR_MAX], c = near_pick(p, r, mine);

    for (int i = 0; i < c; i++)
        fn(sink, r, mine[i], p->bytes, 0);
    if (!p->symmetric)
        return;
    for (int q = r - p->window; q <= r + p->window; q++) {
        int cq, picked = 0, have = 0;
        if (q < 0 || q >= p->n || q == r)
            continue;
        cq = near_pick(p, q, theirs);
        for (int i = 0; i < cq && !picked; i++)
            picked = theirs[i] == r;
        for (int i = 0; i < c && !have; i++)
            have = mine[i] == q;
        if (picked && !have)
            fn(sink, r, q, p->bytes, 0);
    }
}

/* ------------------------------------------------------------- grids */

static int
grid_check(int nd, const int *dims, int *n, const char *what,
           struct rho_err *err)
{
    long long prod = 1;

    if (nd < 1 || nd > PAT_MAX_DIMS)
        return rho_err_set(err, RHO_EINPUT, "%s: %d dimensions (1 to %d)", what,
                           nd, PAT_MAX_DIMS);
    for (int k = 0; k < nd; k++) {
        if (dims[k] < 1)
            return rho_err_set(err, RHO_EINPUT, "%s: dimension %d has size %d",
                               what, k, dims[k]);
        prod *= dims[k];
        if (prod > INT_MAX)
            return rho_err_set(err, RHO_ELIMIT, "%s: more than %d ranks", what,
                               INT_MAX);
    }
    *n = (int)prod;
    return 0;
}

static int
grid_name(char *buf, size_t n, int nd, const int *dims)
{
    int len = 0;

    for (int k = 0; k < nd && (size_t)len < n; k++)
        len +=
            snprintf(buf + len, n - (size_t)len, "%s%d", k ? "x" : "", dims[k]);
    return len;
}

struct pattern *
pattern_stencil_along(int nd, const int *dims, unsigned mask, int periodic,
                      int corners, double bytes, struct rho_err *err)
{
    struct nm m;
    struct pattern *p;
    int n, len;

    if (grid_check(nd, dims, &n, "stencil", err) != 0)
        return NULL;
    if (mask == 0 || mask >> nd != 0) {
        rho_err_set(err, RHO_EINPUT,
                    "stencil: mask 0x%x selects no dimension of %d", mask, nd);
        return NULL;
    }
    if ((p = pat_alloc(K_STENCIL, n, bytes, err)) == NULL)
        return NULL;
    p->nd = nd;
    memcpy(p->dims, dims, (size_t)nd * sizeof(int));
    p->periodic = periodic != 0;
    p->corners = corners != 0;
    p->mask = mask;
    len = snprintf(p->name, sizeof p->name, "stencil%dd ", nd);
    len += grid_name(p->name + len, sizeof p->name - (size_t)len, nd, dims);
    if (mask != (1u << nd) - 1)
        len += snprintf(p->name + len, sizeof p->name - (size_t)len,
                        " along 0x%x", mask);
    snprintf(p->name + len, sizeof p->name - (size_t)len, "%s%s, %s",
             p->periodic ? " periodic" : "", p->corners ? " +corners" : "",
             nm_of(&m, n, bytes)->size);
    return p;
}

struct pattern *
pattern_stencil(int nd, const int *dims, int periodic, int corners,
                double bytes, struct rho_err *err)
{
    return pattern_stencil_along(
        nd, dims, nd >= 1 && nd <= PAT_MAX_DIMS ? (1u << nd) - 1 : 1, periodic,
        corners, bytes, err);
}

static void
coords_of(const int *dims, int nd, int r, int *x)
{
    for (int k = nd - 1; k >= 0; k--) {
        x[k] = r % dims[k];
        r /= dims[k];
    }
}

static int
rank_of(const int *dims, int nd, const int *x)
{
    int r = 0;

    for (int k = 0; k < nd; k++)
        r = r * dims[k] + x[k];
    return r;
}

static void
stencil_emit(const struct pattern *p, int r, pattern_emit_fn *fn, void *sink)
{
    int x[PAT_MAX_DIMS], y[PAT_MAX_DIMS], nd = p->nd;

    coords_of(p->dims, nd, r, x);
    for (int k = 0; k < nd; k++) {
        if (p->dims[k] < 2 || !(p->mask >> k & 1))
            continue;
        for (int s = 1; s >= -1; s -= 2) {
            int v = x[k] + s;
            if (v < 0 || v >= p->dims[k]) {
                if (!p->periodic)
                    continue;
                v = (v + p->dims[k]) % p->dims[k];
            }
            memcpy(y, x, sizeof y);
            y[k] = v;
            fn(sink, r, rank_of(p->dims, nd, y), p->bytes, 0);
        }
    }
    if (!p->corners)
        return;
    for (int m = 0; m < 1 << nd; m++) {
        int ok = 1, q;
        for (int k = 0; k < nd && ok; k++) {
            int v = x[k] + ((m >> k) & 1 ? -1 : 1);
            if (!(p->mask >> k & 1)) { /* not a stencil dimension */
                y[k] = x[k];
                ok = (m >> k & 1) == 0; /* count each corner once */
                continue;
            }
            if (v < 0 || v >= p->dims[k]) {
                if (!p->periodic)
                    ok = 0;
                v = (v + p->dims[k]) % p->dims[k];
            }
            y[k] = v;
        }
        if (ok && (q = rank_of(p->dims, nd, y)) != r)
            fn(sink, r, q, p->bytes, 0);
    }
}

struct pattern *
pattern_subcomm_a2a(int nd, const int *dims, unsigned mask, double bytes,
                    struct rho_err *err)
{
    struct nm m;
    struct pattern *p;
    int n, len;

    if (grid_check(nd, dims, &n, "sub all-to-all", err) != 0)
        return NULL;
    if (mask == 0 || mask >> nd != 0) {
        rho_err_set(err, RHO_EINPUT,
                    "sub all-to-all: mask 0x%x selects no dimension of %d",
                    mask, nd);
        return NULL;
    }
    if ((p = pat_alloc(K_SUBA2A, n, bytes, err)) == NULL)
        return NULL;
    p->nd = nd;
    memcpy(p->dims, dims, (size_t)nd * sizeof(int));
    p->mask = mask;
    len = snprintf(p->name, sizeof p->name, "sub-a2a ");
    len += grid_name(p->name + len, sizeof p->name - (size_t)len, nd, dims);
    snprintf(p->name + len, sizeof p->name - (size_t)len, " mask 0x%x, %s",
             mask, nm_of(&m, n, bytes)->size);
    return p;
}

/* r's all-to-all: every q that differs from r only in the dimensions of
   mask, the last such dimension varying fastest, r itself left out. The
   masked coordinates are counted up like an odometer, q kept as they
   move (a division and a rank a message, once, were most of its time). */
static void
suba2a_emit(const struct pattern *p, int r, pattern_emit_fn *fn, void *sink)
{
    int x[PAT_MAX_DIMS], y[PAT_MAX_DIMS], km[PAT_MAX_DIMS], nd = p->nd;
    int st[PAT_MAX_DIMS], nm = 0, q = r, s = 1;

    coords_of(p->dims, nd, r, x);
    for (int k = nd - 1; k >= 0; k--) {
        st[k] = s;
        s *= p->dims[k];
        if (p->mask >> k & 1) { /* from the last dimension on */
            km[nm++] = k;
            q -= x[k] * st[k];
            y[k] = 0;
        }
    }
    for (;;) {
        int i = 0;
        if (q != r)
            fn(sink, r, q, p->bytes, 0);
        for (; i < nm; i++) {
            int k = km[i];
            if (++y[k] < p->dims[k]) {
                q += st[k];
                break;
            }
            q -= (p->dims[k] - 1) * st[k];
            y[k] = 0;
        }
        if (i == nm)
            break;
    }
}

/* ------------------------------------------------------- permutation */

struct pattern *
pattern_perm(int n, int kind, int rows, double bytes, uint64_t seed,
             struct rho_err *err)
{
    struct nm m;
    static const char *const kn[] = {"reverse", "shift", "transpose", "random"};
    struct pattern *p;

    if (kind < PERM_REVERSE || kind > PERM_RANDOM) {
        rho_err_set(err, RHO_EINPUT, "permutation: unknown kind %d", kind);
        return NULL;
    }
    if (kind == PERM_TRANSPOSE && (rows < 1 || n % rows != 0)) {
        rho_err_set(err, RHO_EINPUT,
                    "permutation: transpose of %d ranks with %d rows (rows "
                    "must divide the ranks)",
                    n, rows);
        return NULL;
    }
    if ((p = pat_alloc(K_PERM, n, bytes, err)) == NULL)
        return NULL;
    p->perm_kind = kind;
    p->rows = rows;
    p->seed = seed;
    if (kind == PERM_RANDOM) {
        struct rng g;
        p->perm = xmalloc((size_t)n * sizeof(int));
        for (int i = 0; i < n; i++)
            p->perm[i] = i;
        rng_init(&g, seed);
        rng_shuffle_int(&g, p->perm, n);
    }
    nm_of(&m, n, bytes);
    snprintf(p->name, sizeof p->name, "perm %s n=%s, %s", kn[kind], m.n,
             m.size);
    return p;
}

static int
perm_of(const struct pattern *p, int r)
{
    switch (p->perm_kind) {
    case PERM_REVERSE:
        return p->n - 1 - r;
    case PERM_SHIFT:
        return (int)(((long long)r + p->n / 2) % p->n);
    case PERM_TRANSPOSE: {
        int cols = p->n / p->rows, i = r / cols, j = r % cols;
        return j * p->rows + i;
    }
    default:
        return p->perm[r];
    }
}

/* ------------------------------------------------------- collectives */

static const char *const coll_names[COLL_COUNT] = {
    "scatter-binomial",  "gather-binomial",     "bcast-binomial",
    "bcast-degeijn",     "allgather-ring",      "allgather-rd",
    "rs-pairwise",       "reduce-rabenseifner", "allreduce-ring",
    "scatter-twotier",   "gather-twotier",      "bcast-twotier",
    "allgather-twotier", "rs-twotier",          "reduce-twotier"};

const char *
pattern_coll_name(int coll)
{
    return coll >= 0 && coll < COLL_COUNT ? coll_names[coll] : "?";
}

int
pattern_coll_parse(const char *name)
{
    for (int c = 0; name != NULL && c < COLL_COUNT; c++)
        if (strcasecmp(name, coll_names[c]) == 0)
            return c;
    return -1;
}

static int
is_twotier(int coll)
{
    return coll >= COLL_SCATTER_TWOTIER && coll <= COLL_REDUCE_TWOTIER;
}

struct pattern *
pattern_collective(int coll, int n, double bytes, int aggregate,
                   const struct pattern_twotier *tt, struct rho_err *err)
{
    struct nm m;
    struct pattern *p;
    long long steps = 0;
    int S = 0, top = 1, logp = 0;

    if (coll < 0 || coll >= COLL_COUNT) {
        rho_err_set(err, RHO_EINPUT, "collective: unknown algorithm %d", coll);
        return NULL;
    }
    while (top < n) {
        top *= 2;
        S++;
    }
    logp = S;
    if (coll == COLL_ALLGATHER_RD && top != n) {
        rho_err_set(err, RHO_EINPUT,
                    "allgather-rd: %d ranks is not a power of two", n);
        return NULL;
    }
    if (is_twotier(coll)) {
        if (tt == NULL || tt->sn < 1 || tt->nps < 1 || tt->cpn < 1) {
            rho_err_set(err, RHO_EINPUT,
                        "%s needs the supernode geometry (supernodes, nodes "
                        "and cores)",
                        coll_names[coll]);
            return NULL;
        }
        if ((long long)tt->sn * tt->nps * tt->cpn != n) {
            rho_err_set(err, RHO_EINPUT,
                        "%s: %d supernodes x %d nodes x %d cores = %lld "
                        "ranks, the job has %d",
                        coll_names[coll], tt->sn, tt->nps, tt->cpn,
                        (long long)tt->sn * tt->nps * tt->cpn, n);
            return NULL;
        }
    }
    if ((p = pat_alloc(K_COLL, n, bytes, err)) == NULL)
        return NULL;
    p->coll = coll;
    p->aggregate = aggregate != 0;
    p->S = S;
    p->top = top;
    p->logp = logp;
    if (tt != NULL)
        p->tt = *tt;
    switch (coll) {
    case COLL_SCATTER_BINOMIAL:
    case COLL_GATHER_BINOMIAL:
    case COLL_BCAST_BINOMIAL:
        steps = S;
        break;
    case COLL_BCAST_DEGEIJN:
        steps = S + (n < 2 ? 0 : p->aggregate ? 1 : n - 1);
        break;
    case COLL_ALLGATHER_RING:
        steps = n < 2 ? 0 : p->aggregate ? 1 : n - 1;
        break;
    case COLL_ALLGATHER_RD:
        steps = logp;
        break;
    case COLL_RS_PAIRWISE:
        steps = n - 1;
        break;
    case COLL_REDUCE_RABENSEIFNER:
        steps = n - 1 + S;
        break;
    case COLL_ALLREDUCE_RING:
        steps = n < 2 ? 0 : p->aggregate ? 1 : 2LL * (n - 1);
        break;
    case COLL_SCATTER_TWOTIER:
    case COLL_GATHER_TWOTIER:
        steps = 4;
        break;
    case COLL_BCAST_TWOTIER:
        steps = 6;
        break;
    default: /* allgather, reduce-scatter, reduce */
        steps = 5;
        break;
    }
    p->units = steps;
    p->steps = (int)steps;
    nm_of(&m, n, bytes);
    snprintf(p->name, sizeof p->name, "%s p=%s, %s%s", coll_names[coll], m.n,
             m.size, p->aggregate ? "" : " (every step)");
    return p;
}

#define EMIT(s, d, b) fn(sink, (s), (d), (b), step)

static void
scatter_step(const struct pattern *p, int i, int step, int reverse,
             pattern_emit_fn *fn, void *sink)
{
    int n = p->n;
    double blk = p->bytes / n;
    int m = reverse ? 1 << i : p->top >> (i + 1);

    for (long long r = 0; r < n; r += 2LL * m) {
        long long to = r + m, end = r + 2LL * m < n ? r + 2LL * m : n;
        if (to >= n)
            continue;
        if (reverse)
            EMIT((int)to, (int)r, (double)(end - to) * blk);
        else
            EMIT((int)r, (int)to, (double)(end - to) * blk);
    }
}

static void
ring_step(const struct pattern *p, double b, int step, pattern_emit_fn *fn,
          void *sink)
{
    for (int r = 0; r < p->n; r++)
        EMIT(r, (r + 1) % p->n, b);
}

/* two-tier helpers */
static int
tt_rank(const struct pattern *p, int S, int node, int core)
{
    return (S * p->tt.nps + node) * p->tt.cpn + core;
}

/* Supernodes connected to node j of S: S2 = j, j + nps, ... != S. */
static int
tt_conn(const struct pattern *p, int S, int j, int *out)
{
    int k = 0;

    for (int S2 = j; S2 < p->tt.sn; S2 += p->tt.nps)
        if (S2 != S)
            out[k++] = S2;
    return k;
}

static void
intra(const struct pattern *p, int to_core0, double b, int step,
      pattern_emit_fn *fn, void *sink)
{
    for (int S = 0; S < p->tt.sn; S++)
        for (int j = 0; j < p->tt.nps; j++)
            for (int c = 1; c < p->tt.cpn; c++) {
                if (to_core0)
                    EMIT(tt_rank(p, S, j, c), tt_rank(p, S, j, 0), b);
                else
                    EMIT(tt_rank(p, S, j, 0), tt_rank(p, S, j, c), b);
            }
}

struct swap_sink {
    pattern_emit_fn *fn;
    void *sink;
    int step;
};

static void
swapped(void *v, int src, int dst, double bytes, int step)
{
    struct swap_sink *w = v;

    (void)step;
    w->fn(w->sink, dst, src, bytes, w->step);
}

static void
twotier_scatter(const struct pattern *p, int step, pattern_emit_fn *fn,
                void *sink)
{
    int nps = p->tt.nps, sn = p->tt.sn, cpn = p->tt.cpn;
    double blk = p->bytes / p->n, node = cpn * blk, snd = nps * node;
    int *conn = xmalloc(((size_t)sn + 1) * sizeof(int)), k;

    switch (step) {
    case 0:
        for (int j = 1; j < nps; j++)
            if ((k = tt_conn(p, 0, j, conn)) > 0)
                EMIT(0, tt_rank(p, 0, j, 0), k * snd);
        break;
    case 1:
        for (int j = 0; j < nps; j++) {
            k = tt_conn(p, 0, j, conn);
            for (int i = 0; i < k; i++)
                EMIT(tt_rank(p, 0, j, 0), tt_rank(p, conn[i], 0, 0), snd);
        }
        break;
    case 2:
        for (int S = 0; S < sn; S++)
            for (int j = 1; j < nps; j++)
                EMIT(tt_rank(p, S, 0, 0), tt_rank(p, S, j, 0), node);
        break;
    default:
        intra(p, 0, blk, step, fn, sink);
        break;
    }
    free(conn);
}

static void
twotier_bcast(const struct pattern *p, int step, pattern_emit_fn *fn,
              void *sink)
{
    int nps = p->tt.nps, sn = p->tt.sn;
    double chunk = p->bytes / nps;
    int *conn = xmalloc(((size_t)sn + 1) * sizeof(int));
    int *T = xmalloc((size_t)nps * sizeof(int));

    for (int i = 0; i < nps; i++) /* the one supernode node i feeds */
        T[i] = tt_conn(p, 0, i, conn) > 0 ? conn[0] : -1;
    switch (step) {
    case 0:
        for (int i = 1; i < nps; i++)
            EMIT(0, tt_rank(p, 0, i, 0), chunk);
        break;
    case 1:
        for (int i = 0; i < nps; i++)
            if (T[i] >= 0)
                EMIT(tt_rank(p, 0, i, 0), tt_rank(p, T[i], 0, 0), chunk);
        break;
    case 2:
        for (int i = 0; i < nps; i++)
            for (int j = 1; T[i] >= 0 && j < nps; j++)
                EMIT(tt_rank(p, T[i], 0, 0), tt_rank(p, T[i], j, 0), chunk);
        break;
    case 3:
    case 4:
        for (int i = 0; i < nps; i++) {
            if (T[i] < 0)
                continue;
            for (int j = 0; j < nps; j++) {
                int k = tt_conn(p, T[i], j, conn), land = T[i] % nps;
                for (int c = 0; c < k; c++) {
                    if (step == 3)
                        EMIT(tt_rank(p, T[i], j, 0),
                             tt_rank(p, conn[c], land, 0), chunk);
                    else
                        for (int m = 0; m < nps; m++)
                            if (m != land)
                                EMIT(tt_rank(p, conn[c], land, 0),
                                     tt_rank(p, conn[c], m, 0), chunk);
                }
            }
        }
        break;
    default:
        intra(p, 0, p->bytes, step, fn, sink);
        break;
    }
    free(conn);
    free(T);
}

static void
twotier_allgather(const struct pattern *p, int step, pattern_emit_fn *fn,
                  void *sink)
{
    int nps = p->tt.nps, sn = p->tt.sn, cpn = p->tt.cpn;
    double blk = p->bytes / p->n, node = cpn * blk, snd = nps * node;
    int *conn = xmalloc(((size_t)sn + 1) * sizeof(int)), k;

    switch (step) {
    case 0:
        intra(p, 1, blk, step, fn, sink);
        break;
    case 1:
        for (int S = 0; S < sn; S++)
            for (int j = 0; j < nps; j++)
                for (int m = 0; m < nps; m++)
                    if (m != j)
                        EMIT(tt_rank(p, S, j, 0), tt_rank(p, S, m, 0), node);
        break;
    case 2:
        for (int S = 0; S < sn; S++)
            for (int j = 0; j < nps; j++) {
                k = tt_conn(p, S, j, conn);
                for (int c = 0; c < k; c++)
                    EMIT(tt_rank(p, S, j, 0), tt_rank(p, conn[c], S % nps, 0),
                         snd);
            }
        break;
    case 3:
        for (int S2 = 0; S2 < sn; S2++)
            for (int S = 0; S < sn; S++) {
                int land = S % nps;
                if (S == S2)
                    continue;
                for (int m = 0; m < nps; m++)
                    if (m != land)
                        EMIT(tt_rank(p, S2, land, 0), tt_rank(p, S2, m, 0),
                             snd);
            }
        break;
    default:
        intra(p, 0, p->bytes, step, fn, sink);
        break;
    }
    free(conn);
}

/* Does node j of S2 hold part of S2's data after the L2 step of a
   reduction: the partials that land on it (from the supernodes S = j mod
   nps other than S2), or S2's own (node S2 mod nps)? */
static int
tt_holds(const struct pattern *p, int S2, int j)
{
    int holds = j == S2 % p->tt.nps;

    for (int S = j; S < p->tt.sn && !holds; S += p->tt.nps)
        holds = S != S2;
    return holds;
}

static void
twotier_rs(const struct pattern *p, int step, pattern_emit_fn *fn, void *sink)
{
    int nps = p->tt.nps, sn = p->tt.sn, cpn = p->tt.cpn;
    double blk = p->bytes / p->n, node = cpn * blk, snd = nps * node;
    int *conn = xmalloc(((size_t)sn + 1) * sizeof(int)), k;

    switch (step) {
    case 0:
        intra(p, 1, p->bytes, step, fn, sink);
        break;
    case 1:
        for (int S = 0; S < sn; S++)
            for (int j = 0; j < nps; j++) {
                double owned =
                    tt_conn(p, S, j, conn) * snd + (j == S % nps ? snd : 0);
                for (int m = 0; m < nps && owned > 0; m++)
                    if (m != j)
                        EMIT(tt_rank(p, S, m, 0), tt_rank(p, S, j, 0), owned);
            }
        break;
    case 2:
        for (int S = 0; S < sn; S++)
            for (int j = 0; j < nps; j++) {
                k = tt_conn(p, S, j, conn);
                for (int c = 0; c < k; c++)
                    EMIT(tt_rank(p, S, j, 0), tt_rank(p, conn[c], S % nps, 0),
                         snd);
            }
        break;
    case 3:
        for (int S2 = 0; S2 < sn; S2++)
            for (int j = 0; j < nps; j++)
                for (int m = 0; m < nps && tt_holds(p, S2, j); m++)
                    if (m != j)
                        EMIT(tt_rank(p, S2, j, 0), tt_rank(p, S2, m, 0), node);
        break;
    default:
        intra(p, 0, blk, step, fn, sink);
        break;
    }
    free(conn);
}

/* Reduce: steps 0-2 as the reduce-scatter's; 3: inside every supernode
   S2, each node holding partials of S2's data (1/sn of the total) sends
   1/nps of it to every other node, the owners of the final reduction; 4:
   every owner sends its reduced part to rank 0. */
static void
twotier_reduce(const struct pattern *p, int step, pattern_emit_fn *fn,
               void *sink)
{
    int nps = p->tt.nps, sn = p->tt.sn;
    double part = p->bytes / sn / nps;

    switch (step) {
    case 0:
    case 1:
    case 2:
        twotier_rs(p, step, fn, sink);
        break;
    case 3:
        for (int S2 = 0; S2 < sn; S2++)
            for (int j = 0; j < nps; j++)
                for (int m = 0; m < nps && tt_holds(p, S2, j); m++)
                    if (m != j)
                        EMIT(tt_rank(p, S2, j, 0), tt_rank(p, S2, m, 0), part);
        break;
    default:
        for (int S2 = 0; S2 < sn; S2++)
            for (int m = 0; m < nps; m++)
                if (S2 != 0 || m != 0)
                    EMIT(tt_rank(p, S2, m, 0), 0, part);
        break;
    }
}

static void
coll_emit(const struct pattern *p, int step, pattern_emit_fn *fn, void *sink)
{
    int n = p->n, S = p->S;
    double blk = p->bytes / n;

    switch (p->coll) {
    case COLL_SCATTER_BINOMIAL:
        scatter_step(p, step, step, 0, fn, sink);
        break;
    case COLL_GATHER_BINOMIAL:
        scatter_step(p, step, step, 1, fn, sink);
        break;
    case COLL_BCAST_BINOMIAL: {
        int m = 1 << step;
        for (int r = 0; r < m && r + m < n; r++)
            EMIT(r, r + m, p->bytes);
        break;
    }
    case COLL_BCAST_DEGEIJN:
        if (step < S)
            scatter_step(p, step, step, 0, fn, sink);
        else
            ring_step(p, p->aggregate ? (n - 1) * blk : blk, step, fn, sink);
        break;
    case COLL_ALLGATHER_RING:
        ring_step(p, p->aggregate ? (n - 1) * blk : blk, step, fn, sink);
        break;
    case COLL_ALLGATHER_RD:
        for (int r = 0; r < n; r++)
            EMIT(r, r ^ (1 << step), (double)(1 << step) * blk);
        break;
    case COLL_RS_PAIRWISE:
        for (int r = 0; r < n; r++)
            EMIT(r, (int)(((long long)r + step + 1) % n), blk);
        break;
    case COLL_REDUCE_RABENSEIFNER:
        if (step < n - 1) {
            for (int r = 0; r < n; r++)
                EMIT(r, (int)(((long long)r + step + 1) % n), blk);
        } else
            scatter_step(p, step - (n - 1), step, 1, fn, sink);
        break;
    case COLL_ALLREDUCE_RING:
        ring_step(p, p->aggregate ? 2.0 * (n - 1) * blk : blk, step, fn, sink);
        break;
    case COLL_SCATTER_TWOTIER:
        twotier_scatter(p, step, fn, sink);
        break;
    case COLL_GATHER_TWOTIER: {
        struct swap_sink w = {fn, sink, step};
        twotier_scatter(p, 3 - step, swapped, &w);
        break;
    }
    case COLL_BCAST_TWOTIER:
        twotier_bcast(p, step, fn, sink);
        break;
    case COLL_ALLGATHER_TWOTIER:
        twotier_allgather(p, step, fn, sink);
        break;
    case COLL_RS_TWOTIER:
        twotier_rs(p, step, fn, sink);
        break;
    default:
        twotier_reduce(p, step, fn, sink);
        break;
    }
}

#undef EMIT

int
pattern_coll_of(const struct pattern *p)
{
    return p != NULL && p->kind == K_COLL ? p->coll : -1;
}

int
pattern_cost(const struct pattern *p, struct pattern_cost *c)
{
    double n, pp, sn, nps;

    memset(c, 0, sizeof *c);
    if (p == NULL || p->kind != K_COLL)
        return -1;
    n = p->n;
    pp = (n - 1) / n; /* (p-1)/p */
    sn = p->tt.sn;
    nps = p->tt.nps;
    c->bytes = p->bytes;
    c->source = "Jain Table 8.1";
    switch (p->coll) {
    case COLL_SCATTER_BINOMIAL:
    case COLL_GATHER_BINOMIAL:
    case COLL_ALLGATHER_RING:
    case COLL_ALLGATHER_RD:
        c->beta = pp;
        c->formula = "(p-1)/p n b";
        break;
    case COLL_BCAST_DEGEIJN:
        c->beta = 2 * pp;
        c->formula = "2 (p-1)/p n b";
        break;
    case COLL_RS_PAIRWISE:
        c->beta = c->gamma = pp;
        c->formula = "(p-1)/p (n b + n g)";
        break;
    case COLL_REDUCE_RABENSEIFNER:
        c->beta = 2 * pp;
        c->gamma = pp;
        c->formula = "(p-1)/p (2 n b + n g)";
        break;
    case COLL_BCAST_BINOMIAL:
        c->beta = p->logp;
        c->formula = "log2(p) n b";
        c->source = "textbook";
        break;
    case COLL_ALLREDUCE_RING:
        c->beta = 2 * pp;
        c->gamma = pp;
        c->formula = "(p-1)/p (2 n b + n g)";
        c->source = "textbook";
        break;
    case COLL_SCATTER_TWOTIER:
    case COLL_GATHER_TWOTIER:
        c->beta = 1 / (nps < sn ? nps : sn);
        c->formula = "n b max(1/nps, 1/sn)";
        c->source = "Jain Table 8.2";
        break;
    case COLL_ALLGATHER_TWOTIER:
        c->beta = 1 / nps + 1 / sn + 1 / (sn * nps);
        c->formula = "n b (1/nps + 1/sn + 1/(sn nps))";
        c->source = "Jain Table 8.2";
        break;
    case COLL_BCAST_TWOTIER:
        c->beta = 3 / nps;
        c->formula = "n b (3/nps)";
        c->source = "Jain Table 8.2";
        break;
    case COLL_RS_TWOTIER:
        c->beta = 1 / nps + 1 / sn + 1 / (sn * nps);
        c->gamma = 2;
        c->formula = "n b (1/nps + 1/sn + 1/(sn nps)) + 2 n g";
        c->source = "Jain Table 8.2";
        break;
    default: /* COLL_REDUCE_TWOTIER */
        c->beta = 1 / nps + 2 / sn;
        c->gamma = 2;
        c->formula = "n b (1/nps + 2/sn) + 2 n g";
        c->source = "Jain Table 8.2";
        break;
    }
    return 0;
}

/* ------------------------------------------------------- list, custom */

struct pattern *
pattern_list(int n, long long nmsg, const int *src, const int *dst,
             const double *bytes, const int *step, struct rho_err *err)
{
    struct pattern *p;
    int maxstep = 0;

    if (nmsg < 0 ||
        (nmsg > 0 && (src == NULL || dst == NULL || bytes == NULL))) {
        rho_err_set(err, RHO_EINPUT, "message list: bad arrays");
        return NULL;
    }
    for (long long i = 0; i < nmsg; i++) {
        if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n) {
            rho_err_set(err, RHO_EINPUT,
                        "message %lld: rank %d -> %d outside 0..%d", i, src[i],
                        dst[i], n - 1);
            return NULL;
        }
        if (!(bytes[i] >= 0)) {
            rho_err_set(err, RHO_EINPUT, "message %lld: bad size", i);
            return NULL;
        }
        if (step != NULL && step[i] < 0) {
            rho_err_set(err, RHO_EINPUT, "message %lld: step %d", i, step[i]);
            return NULL;
        }
        if (step != NULL && step[i] > maxstep)
            maxstep = step[i];
    }
    if ((p = pat_alloc(K_LIST, n, 0, err)) == NULL)
        return NULL;
    p->nmsg = nmsg;
    p->units = (nmsg + LIST_BLOCK - 1) / LIST_BLOCK;
    p->steps = maxstep + 1;
    if (nmsg > 0) {
        p->src = xmalloc((size_t)nmsg * sizeof(int));
        p->dst = xmalloc((size_t)nmsg * sizeof(int));
        p->b = xmalloc((size_t)nmsg * sizeof(double));
        memcpy(p->src, src, (size_t)nmsg * sizeof(int));
        memcpy(p->dst, dst, (size_t)nmsg * sizeof(int));
        memcpy(p->b, bytes, (size_t)nmsg * sizeof(double));
        if (step != NULL) {
            p->stp = xmalloc((size_t)nmsg * sizeof(int));
            memcpy(p->stp, step, (size_t)nmsg * sizeof(int));
        }
    }
    {
        char a[48], b[48];
        snprintf(p->name, sizeof p->name, "list of %s over %s",
                 units_fmt_count(a, sizeof a, nmsg, "message"),
                 units_fmt_count(b, sizeof b, n, "rank"));
    }
    return p;
}

struct pattern *
pattern_custom(int n, long long units, int steps, pattern_unit_fn *emit,
               void *ctx, void (*free_ctx)(void *), struct rho_err *err)
{
    struct pattern *p;

    if (emit == NULL || units < 0 || steps < 1) {
        rho_err_set(err, RHO_EINPUT, "custom pattern: bad generator");
        return NULL;
    }
    if ((p = pat_alloc(K_CUSTOM, n, 0, err)) == NULL)
        return NULL;
    p->units = units;
    p->steps = steps;
    p->fn = emit;
    p->ctx = ctx;
    p->free_ctx = free_ctx;
    {
        char a[32], b[48];
        snprintf(p->name, sizeof p->name, "custom n=%s, %s",
                 units_fmt_int(a, sizeof a, n),
                 units_fmt_count(b, sizeof b, units, "unit"));
    }
    return p;
}

/* ------------------------------------------------------------ phases */

struct pattern *
pattern_phases(int count, struct pattern *const *phase, struct rho_err *err)
{
    struct pattern *p;
    long long units = 0, steps = 0;
    int len;

    if (count < 1 || count > PATTERN_MAX_PHASES || phase == NULL) {
        rho_err_set(err, RHO_EINPUT, "phases: %d phases (1 to %d)", count,
                    PATTERN_MAX_PHASES);
        return NULL;
    }
    for (int k = 0; k < count; k++) {
        if (phase[k] == NULL || phase[k]->kind == K_PHASES) {
            rho_err_set(err, RHO_EINPUT, "phase %d: %s", k + 1,
                        phase[k] == NULL ? "no pattern"
                                         : "a phase cannot have phases");
            return NULL;
        }
        if (phase[k]->n != phase[0]->n) {
            rho_err_set(err, RHO_EINPUT, "phase %d: %d ranks, phase 1 has %d",
                        k + 1, phase[k]->n, phase[0]->n);
            return NULL;
        }
        units += phase[k]->units;
        steps += phase[k]->steps;
    }
    if (steps > INT_MAX) {
        rho_err_set(err, RHO_ELIMIT, "phases: more than %d steps", INT_MAX);
        return NULL;
    }
    if ((p = pat_alloc(K_PHASES, phase[0]->n, 0, err)) == NULL)
        return NULL;
    p->nphase = count;
    p->phase = xcalloc((size_t)count, sizeof *p->phase);
    p->unit0 = xcalloc((size_t)count + 1, sizeof *p->unit0);
    p->step0 = xcalloc((size_t)count + 1, sizeof *p->step0);
    for (int k = 0; k < count; k++) {
        p->phase[k] = pattern_ref(phase[k]);
        p->unit0[k + 1] = p->unit0[k] + phase[k]->units;
        p->step0[k + 1] = p->step0[k] + phase[k]->steps;
    }
    p->units = units;
    p->steps = (int)steps;
    len = snprintf(p->name, sizeof p->name, "%d phases", count);
    for (int k = 0; k < count && len < (int)sizeof p->name; k++)
        len += snprintf(p->name + len, sizeof p->name - (size_t)len, "%s%s",
                        k ? "; " : ": ", phase[k]->name);
    return p;
}

int
pattern_phase_count(const struct pattern *p)
{
    return p->kind == K_PHASES ? p->nphase : 1;
}

const struct pattern *
pattern_phase(const struct pattern *p, int k)
{
    if (p->kind != K_PHASES)
        return k == 0 ? p : NULL;
    return k >= 0 && k < p->nphase ? p->phase[k] : NULL;
}

/* Passes a phase's messages on with its steps after the earlier phases'. */
struct step_shift {
    pattern_emit_fn *fn;
    void *sink;
    int step0;
};

static void
shifted(void *v, int src, int dst, double bytes, int step)
{
    struct step_shift *w = v;

    w->fn(w->sink, src, dst, bytes, w->step0 + step);
}

static void
phases_emit(const struct pattern *p, long long u, pattern_emit_fn *fn,
            void *sink)
{
    int lo = 0, hi = p->nphase - 1;
    struct step_shift w;

    while (lo < hi) { /* the last phase whose first unit is <= u */
        int mid = (lo + hi + 1) / 2;
        if (p->unit0[mid] <= u)
            lo = mid;
        else
            hi = mid - 1;
    }
    w.fn = fn;
    w.sink = sink;
    w.step0 = p->step0[lo];
    pattern_emit(p->phase[lo], u - p->unit0[lo], shifted, &w);
}

/* -------------------------------------------------------------- emit */

void
pattern_emit(const struct pattern *p, long long u, pattern_emit_fn *fn,
             void *sink)
{
    if (u < 0 || u >= p->units)
        return;
    switch (p->kind) {
    case K_NEAR:
        near_emit(p, (int)u, fn, sink);
        break;
    case K_STENCIL:
        stencil_emit(p, (int)u, fn, sink);
        break;
    case K_SUBA2A:
        suba2a_emit(p, (int)u, fn, sink);
        break;
    case K_PERM: {
        int q = perm_of(p, (int)u);
        if (q != (int)u)
            fn(sink, (int)u, q, p->bytes, 0);
        break;
    }
    case K_COLL:
        coll_emit(p, (int)u, fn, sink);
        break;
    case K_LIST: {
        long long end = (u + 1) * LIST_BLOCK;
        if (end > p->nmsg)
            end = p->nmsg;
        for (long long i = u * LIST_BLOCK; i < end; i++)
            fn(sink, p->src[i], p->dst[i], p->b[i],
               p->stp != NULL ? p->stp[i] : 0);
        break;
    }
    case K_PHASES:
        phases_emit(p, u, fn, sink);
        break;
    default:
        p->fn(p->ctx, u, fn, sink);
        break;
    }
}

/* r -> (r + t) mod n for every r, as runs (t in [0, n)). */
static void
shift_runs(int n, int t, pattern_run_fn *fn, void *sink, double b, int step)
{
    if (n - t > 0)
        fn(sink, 0, t, n - t, b, step);
    if (t > 0)
        fn(sink, n - t, 0, t, b, step);
}

int
pattern_emit_runs(const struct pattern *p, long long u, pattern_run_fn *fn,
                  void *sink)
{
    int n = p->n, step = (int)u;

    if (p->kind != K_COLL || u < 0 || u >= p->units || n < 1)
        return -1;
    switch (p->coll) { /* (as coll_emit()) */
    case COLL_RS_PAIRWISE:
        shift_runs(n, (int)(((long long)step + 1) % n), fn, sink,
                   p->bytes / n, step);
        return 0;
    case COLL_REDUCE_RABENSEIFNER:
        if (step >= n - 1)
            return -1;
        shift_runs(n, (int)(((long long)step + 1) % n), fn, sink,
                   p->bytes / n, step);
        return 0;
    default:
        return -1;
    }
}

int
pattern_has_runs(const struct pattern *p)
{
    return p->kind == K_COLL && p->units > 0 &&
           (p->coll == COLL_RS_PAIRWISE ||
            p->coll == COLL_REDUCE_RABENSEIFNER);
}

long long
pattern_units_msgs(const struct pattern *p, long long u0, long long u1,
                   double *maxb)
{
    long long n = 0;

    u0 = u0 < 0 ? 0 : u0;
    u1 = u1 > p->units ? p->units : u1;
    if (u1 <= u0)
        u0 = u1 = 0;
    if (p->kind == K_SUBA2A) { /* (every combination but r's own) */
        long long combos = 1;
        for (int k = 0; k < p->nd; k++)
            if (p->mask >> k & 1)
                combos *= p->dims[k];
        n = (u1 - u0) * (combos - 1);
    } else if (p->kind == K_STENCIL && !p->corners) {
        /* (as stencil_emit(): both neighbours of every stencil dimension
           of 2 or more, those past a border only when periodic) */
        for (long long u = u0; u < u1; u++) {
            int x[PAT_MAX_DIMS];
            coords_of(p->dims, p->nd, (int)u, x);
            for (int k = 0; k < p->nd; k++)
                if (p->dims[k] >= 2 && (p->mask >> k & 1))
                    n += p->periodic ? 2 : (x[k] > 0) + (x[k] < p->dims[k] - 1);
        }
    } else
        return -1;
    if (maxb != NULL)
        *maxb = n > 0 ? p->bytes : 0;
    return n;
}

struct counter {
    long long msgs;
    double bytes;
};

static void
count_one(void *v, int src, int dst, double bytes, int step)
{
    struct counter *c = v;

    (void)src;
    (void)dst;
    (void)step;
    c->msgs++;
    c->bytes += bytes;
}

void
pattern_count(const struct pattern *p, long long *msgs, double *bytes)
{
    struct counter c = {0, 0};

    for (long long u = 0; u < p->units; u++)
        pattern_emit(p, u, count_one, &c);
    if (msgs != NULL)
        *msgs = c.msgs;
    if (bytes != NULL)
        *bytes = c.bytes;
}

double
pattern_estimate(const struct pattern *p, long long max_msgs)
{
    struct counter c = {0, 0};
    long long n = p->units, walked = 0;
    /* units (walked * step) mod n: a step prime to n visits each once,
       spread over the units rather than the first few of them */
    long long step = n % 7919 != 0 ? 7919 : 7907;

    if (n <= 0)
        return 0;
    while (walked < n && (walked == 0 || c.msgs < max_msgs)) {
        unsigned long long u = (unsigned long long)walked *
                               (unsigned long long)step %
                               (unsigned long long)n;
        pattern_emit(p, (long long)u, count_one, &c);
        walked++;
    }
    return walked == n ? (double)c.msgs
                       : (double)c.msgs / (double)walked * (double)n;
}

/* ------------------------------------------------------------ thesis */

void
pattern_factor(int n, int k, int *dims)
{
    int primes[64], np = 0, m = n;

    for (int i = 0; i < k; i++)
        dims[i] = 1;
    for (int f = 2; (long long)f * f <= m; f++)
        while (m % f == 0 && np < 63) {
            primes[np++] = f;
            m /= f;
        }
    if (m > 1)
        primes[np++] = m;
    for (int i = np - 1; i >= 0; i--) { /* largest prime to smallest dim */
        int s = 0;
        for (int j = 1; j < k; j++)
            if (dims[j] < dims[s])
                s = j;
        dims[s] *= primes[i];
    }
    for (int i = 0; i < k; i++) /* largest first */
        for (int j = i + 1; j < k; j++)
            if (dims[j] > dims[i]) {
                int t = dims[i];
                dims[i] = dims[j];
                dims[j] = t;
            }
}

#define FULL_SYSTEM 8847360

struct pattern *
pattern_thesis(const char *name, int n, double bytes, uint64_t seed,
               struct rho_err *err)
{
    double kib = 1024;

    if (name == NULL)
        name = "";
    if (strcmp(name, "umesh") == 0)
        return pattern_near(n, bytes > 0 ? bytes : 512 * kib, 6, 20, 30, 0,
                            seed, err);
    if (strcmp(name, "spread") == 0)
        return pattern_spread(n, bytes > 0 ? bytes : 512 * kib, 6, 20, seed,
                              err);
    if (strcmp(name, "nn") == 0)
        return pattern_near(n, bytes > 0 ? bytes : 512 * kib, 20, 30, 2000, 0,
                            seed, err);
    if (strcmp(name, "perm") == 0)
        return pattern_perm(n, PERM_REVERSE, 1, bytes > 0 ? bytes : 512 * kib,
                            seed, err);
    if (strcmp(name, "stencil4d") == 0) {
        int d[4] = {80, 48, 48, 48};
        if (n != FULL_SYSTEM)
            pattern_factor(n, 4, d);
        return pattern_stencil(4, d, 1, 0, bytes > 0 ? bytes : 2048 * kib, err);
    }
    if (strcmp(name, "stencil2d") == 0) {
        int d[2];
        pattern_factor(n, 2, d);
        return pattern_stencil(2, d, 1, 0, bytes > 0 ? bytes : 64 * kib, err);
    }
    if (strcmp(name, "m2m") == 0) {
        int d[3] = {180, 128, 384}, sub = 128, rest[2];
        if (n != FULL_SYSTEM) {
            while (n % sub != 0)
                sub--;
            pattern_factor(n / sub, 2, rest);
            d[0] = rest[1];
            d[1] = sub;
            d[2] = rest[0];
        }
        return pattern_subcomm_a2a(3, d, 1u << 1, bytes > 0 ? bytes : 100 * kib,
                                   err);
    }
    rho_err_set(err, RHO_EINPUT,
                "unknown thesis pattern '%s' (umesh, stencil4d, m2m, spread, "
                "stencil2d, nn, perm)",
                name);
    return NULL;
}

const char *const pattern_workload_names[5] = {"umesh", "stencil2d",
                                               "stencil4d", "m2m", "spread"};

int
pattern_workload(int w, int pct[5], struct rho_err *err)
{
    static const int table[4][5] = {{20, 10, 40, 20, 10},
                                    {10, 10, 20, 40, 20},
                                    {20, 40, 10, 10, 20},
                                    {40, 10, 20, 20, 10}};

    if (w < 1 || w > 4)
        return rho_err_set(err, RHO_EINPUT, "workload %d (1 to 4)", w);
    memcpy(pct, table[w - 1], sizeof table[0]);
    return 0;
}

int
pattern_workload_sizes(int w, int total, int sizes[5], struct rho_err *err)
{
    int pct[5], sum = 0;

    if (pattern_workload(w, pct, err) != 0)
        return -1;
    if (total < 1)
        return rho_err_set(err, RHO_EINPUT, "workload %d: %d ranks", w, total);
    for (int i = 0; i < 5; i++) {
        sizes[i] = (int)((long long)pct[i] * total / 100);
        sum += sizes[i];
    }
    sizes[4] += total - sum;
    return 0;
}
