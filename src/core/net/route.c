/*
 * route: path sets per family. See route.h.
 *
 * Every family provides, between two routers a != b: the number of paths
 * of a mode (rcount), the path of a given index (rpath), and a uniformly
 * random path (rrandom). Endpoint-level functions wrap these with the
 * injection and ejection links. Even splits enumerate the set when it is
 * small (dragonfly, fat-tree, tree) and use counting recurrences when it
 * can be huge (torus ROUTE_ALL, general graphs).
 *
 * The random paths of the adaptive indirect routings are the hot path of
 * the link model (hundreds of millions of draws): on a dragonfly with one
 * L2 link per group pair, every intra-group segment is read from a table
 * built once (pseg, per local router pair and option): route_draw_pad()
 * writes them into fixed slots, and every other path (SI's packets, the
 * queueing model's Valiant samples, the path sets) takes them from
 * df_seg(); route_live_*() bound which messages can still find a path,
 * and route_draw_live() leaves out the drawn paths they rule out.
 * test_route and test_net_model check them against the code without
 * tables (route_plain()).
 */
#include "core/net/route.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/base/imath.h"
#include "core/base/rho_alloc.h"

/* A dragonfly router: group, chassis, slot, first out-link (one cache
   line fetch per router on the hot path). */
struct dfr {
    int g, c, s, off;
};

#define TGROUP_MAX 32
#define TG_HEAD 1

/* What a torus DOR walk reads (see struct route), for the loops over
   many walks to keep in registers. */
struct twalk {
    const int *tl, *tg;
    int ng;
    int tabled; /* every group has a table */
    const int *ent[NET_MAX_DIMS];
    int wg[NET_MAX_DIMS];
};

struct route {
    const struct net *net;
    int family;
    int inj;
    int maxmin;  /* longest minimal router path */
    int maxhops; /* longest path of any function, with injection links */
    int padmask; /* route_spread_pads(): k - 1 */
    int *padrow; /* maxhops pad entries (torus_draw_dor()) for padrow_pad
                    and padmask, when padrow_ok */
    int padrow_pad, padrow_ok;

    /* route_paths */
    int *set_off, *set_links;
    int set_cap_paths, set_cap_links;
    struct route_set set;
    /* route_shares; the last call's answer is kept (memo_n >= 0) for its
       routers, as patterns often send many messages between one pair of
       routers in a row (the cores of two nodes, the nodes of two leaf
       switches): a call for other endpoints on the same routers only
       changes the injection and ejection links */
    struct route_share *sh;
    int sh_cap;
    int memo_a, memo_b, memo_mode, memo_n, memo_ml;
    double memo_c;
    /* share_merge of long lists: per link its last epoch and its entry */
    unsigned *mstamp, mepoch;
    int *mpos;
    int *tmp;  /* maxhops */
    int *tbuf; /* tree: down links of a path */

    /* torus */
    const struct net_torus_params *tp;
    int bgq_order[NET_MAX_DIMS]; /* ROUTE_BGQ: longest dimension first */
    /* borrowed tables of the net: coordinates [r * nd + k], links
       [(r * nd + k) * 2 + (0 +, 1 -)] */
    const int *tc, *tl;
    int stride[NET_MAX_DIMS]; /* router id step along each dimension */
    int nr;
    /* DOR: per dimension k, indexed by the coordinate difference f (from
       1 - dim to dim - 1), the steps to take, negative for the -
       direction (tsd[k] points at f = 0 in tsd_buf) */
    int *tsd_buf;
    const int *tsd[NET_MAX_DIMS];
    /* DOR by groups of consecutive dimensions (at most TGROUP_MAX routers
       a group): per group and (index of a, index of b), the group's part
       of the path from a to b as TG_HEAD + wg ints: its hops, then wg
       indices into tl relative to the router it starts from (0 past its
       hops). The part of group g starts from the router with the
       coordinates of b in the groups before g and of a in the others;
       per router r and group g (tg, nr * ng * 4 ints): r's index i in
       the group as the offset of its row (i * P * (TG_HEAD + wg)) in ent,
       the part of r's id of groups g.. (the sum of their indices times
       their strides) times 2 nd (a row of tl), i's column offset (i *
       (TG_HEAD + wg)) and the part of r's id of groups ..g-1 times 2 nd,
       so that the row of tl a part starts from is a sum of two lookups
       and no part waits for the one before it. A group of one dimension
       too large for a table (ent NULL) walks it with torus_run(). */
    int ng;
    int *tg;
    struct twalk tw;
    struct tgroup {
        int k0, k1; /* dimensions [k0, k1) */
        int P, wg;  /* routers in a line of the group, its longest part */
        int *ent;
    } grp[NET_MAX_DIMS];
    double *box;
    size_t box_cap;
    /* borrowed views of the net */
    const int *off, *dst, *epr;
    /* dragonfly */
    const struct net_dragonfly_params *dp;
    int R, Rr, G, gp;
    struct dfr *dfr; /* per router */
    int *gwl;        /* (g * gp + j) mod R, per g and j */
    const int *glink;
    /* padded paths (gp == 1 and R < 255; NULL otherwise): per (local
       router from, local router to, option) the two hops of the segment
       as (local router, link offset in its out-links) in four bytes, the
       router R standing for "no hop"; per group, the first out-link of
       each router and at index R the pad (R + 1 entries a group) */
    uint32_t *pseg;
    unsigned char *phops; /* per (from, to): hops of the segment */
    int *poff, ppad;
    /* fat-tree */
    int h, n, W, Wn2;
    int fpw[8];          /* h^l, l < n */
    unsigned char *fdig; /* digit l of switch w at [w * 8 + l], W <= 2^16
                            and h < 256 (NULL otherwise) */
    /* graph */
    int nv, ga, gb, gD;
    double *sig_s, *sig_d;
    int *level, *order, *stamp, epoch;
};

/* ----------------------------------------------------------- helpers */

static void
share_reserve(struct route *rt, int n)
{
    if (n <= rt->sh_cap)
        return;
    rt->sh_cap = (int)rho_grow_cap((size_t)rt->sh_cap, (size_t)n);
    rt->sh = xreallocarray(rt->sh, (size_t)rt->sh_cap, sizeof *rt->sh);
}

static int
cmp_share(const void *a, const void *b)
{
    const struct route_share *x = a, *y = b;

    return (x->link > y->link) - (x->link < y->link);
}

/* Merge entries of equal link (sums their fractions, in the order they
   come) into the order of the links; returns the count. */
static int
share_merge(struct route *rt, struct route_share *sh, int n)
{
    int m = 0;

    if (n <= 24) {
        for (int i = 0; i < n; i++) {
            int j;
            for (j = 0; j < m; j++)
                if (sh[j].link == sh[i].link) {
                    sh[j].frac += sh[i].frac;
                    break;
                }
            if (j == m)
                sh[m++] = sh[i];
        }
        return m;
    }
    /* a path set lists its links many times over (a fat-tree's 64 paths
       share their first and last hops): each link's first entry takes the
       sum, and only the distinct links are sorted */
    if (rt->mstamp == NULL) {
        int nl = net_links(rt->net) + 2; /* and the pad links */
        rt->mstamp = xcalloc((size_t)nl, sizeof *rt->mstamp);
        rt->mpos = xreallocarray(NULL, (size_t)nl, sizeof *rt->mpos);
    }
    if (++rt->mepoch == 0) {
        memset(rt->mstamp, 0,
               (size_t)(net_links(rt->net) + 2) * sizeof *rt->mstamp);
        rt->mepoch = 1;
    }
    for (int i = 0; i < n; i++) {
        int l = sh[i].link;
        if (rt->mstamp[l] == rt->mepoch) {
            sh[rt->mpos[l]].frac += sh[i].frac;
        } else {
            rt->mstamp[l] = rt->mepoch;
            rt->mpos[l] = m;
            sh[m++] = sh[i];
        }
    }
    qsort(sh, (size_t)m, sizeof *sh, cmp_share); /* distinct keys */
    return m;
}

static int
digit(int w, int l, int h)
{
    while (l-- > 0)
        w /= h;
    return w % h;
}

/* A uniform integer in [0, n), n < 2^31 (rng_below32()). */
static inline int
fbelow(struct rng *g, int n)
{
    return rng_below32(g, n);
}

static inline int
fbit(struct rng *g)
{
    return (int)(rng_next(g) >> 63);
}

/* ------------------------------------------------------------- torus */

struct tdelta {
    int dist[NET_MAX_DIMS]; /* steps to take */
    int dir[NET_MAX_DIMS];  /* +1 or -1 (+1 on a tie) */
    int tie[NET_MAX_DIMS];  /* both directions are minimal */
    int ntie, total;
};

/* One dimension of a delta: the coordinate difference f (-d < f < d) in
   a dimension of size d, wrapped or not. */
static inline void
dim_delta(int d, int wrapped, int f, int *dist, int *dir, int *tie)
{
    *tie = 0;
    if (wrapped && d > 1) {
        if (f < 0)
            f += d;
        if (2 * f < d) {
            *dist = f;
            *dir = 1;
        } else if (2 * f > d) {
            *dist = d - f;
            *dir = -1;
        } else {
            *dist = f;
            *dir = 1;
            *tie = f > 0;
        }
    } else {
        *dist = f < 0 ? -f : f;
        *dir = f < 0 ? -1 : 1;
    }
}

static void
torus_delta(const struct route *rt, int a, int b, struct tdelta *t)
{
    const struct net_torus_params *p = rt->tp;
    const int nd = p->nd;
    const int *xa = rt->tc + (size_t)a * nd, *xb = rt->tc + (size_t)b * nd;

    t->ntie = t->total = 0;
    for (int k = 0; k < nd; k++) {
        dim_delta(p->dim[k], p->wrap[k], xb[k] - xa[k], &t->dist[k],
                  &t->dir[k], &t->tie[k]);
        t->ntie += t->tie[k];
        t->total += t->dist[k];
    }
}

/* Step from router r along dimension k in direction dir: the link id, and
 *r moves on. */
static inline int
torus_step(const struct route *rt, int *r, int k, int dir)
{
    int l = rt->tl[((size_t)*r * rt->tp->nd + k) * 2 + (dir > 0 ? 0 : 1)];

    *r = rt->dst[l];
    return l;
}

/* n steps from router r, of coordinate x along dimension k, in
   direction dir (a path of the box: every link exists) into links;
   returns the router reached. The next router is computed from the
   coordinate, so that the link loads of the steps do not wait for each
   other. */
static inline int
torus_run(const struct route *rt, int r, int x, int k, int dir, int n,
          int *links)
{
    const int nd2 = rt->tp->nd * 2, d = rt->tp->dim[k], st = rt->stride[k];
    const int *tl = rt->tl + k * 2 + (dir > 0 ? 0 : 1);

    if (dir > 0)
        for (int i = 0; i < n; i++) {
            links[i] = tl[(size_t)r * nd2];
            if (++x < d)
                r += st;
            else {
                x = 0;
                r -= (d - 1) * st;
            }
        }
    else
        for (int i = 0; i < n; i++) {
            links[i] = tl[(size_t)r * nd2];
            if (x-- > 0)
                r -= st;
            else {
                x = d - 1;
                r += (d - 1) * st;
            }
        }
    return r;
}

#ifdef __GNUC__
#define TWALK_INLINE __attribute__((always_inline)) inline
#else
#define TWALK_INLINE inline
#endif

/* The DOR path from router a to router b into links when every group has
   a table (w->tabled); returns its length. A group's part is copied at
   its full width wg (the entries past its hops are written and then
   overwritten or left past the end: the path and its scratch fit maxmin
   entries), with no branch on the hops. */
static TWALK_INLINE int
twalk(const struct twalk *w, int a, int b, int *links)
{
    const int *ta = w->tg + (size_t)a * w->ng * 4;
    const int *tb = w->tg + (size_t)b * w->ng * 4;
    int n = 0;

    for (int g = 0; g < w->ng; g++, ta += 4, tb += 4) {
        const int *restrict e = w->ent[g] + ta[0] + tb[2];
        const int *restrict t = w->tl + ta[1] + tb[3];
        const int *restrict x = e + TG_HEAD;
        int *restrict o = links + n;
        switch (w->wg[g]) {
        default:
            for (int i = w->wg[g] - 1; i >= 8; i--)
                o[i] = t[x[i]];
            /* fall through */
        case 8:
            o[7] = t[x[7]];
            /* fall through */
        case 7:
            o[6] = t[x[6]];
            /* fall through */
        case 6:
            o[5] = t[x[5]];
            /* fall through */
        case 5:
            o[4] = t[x[4]];
            /* fall through */
        case 4:
            o[3] = t[x[3]];
            /* fall through */
        case 3:
            o[2] = t[x[2]];
            /* fall through */
        case 2:
            o[1] = t[x[1]];
            /* fall through */
        case 1:
            o[0] = t[x[0]];
            /* fall through */
        case 0:
            break;
        }
        n += e[0];
    }
    return n;
}

/* The DOR path from router a to router b into links; returns its
   length. */
static int
torus_walk(const struct route *rt, int a, int b, int *links)
{
    const int nd = rt->tp->nd, ng = rt->ng;
    const int *ta = rt->tg + (size_t)a * ng * 4;
    const int *tb = rt->tg + (size_t)b * ng * 4;
    int n = 0;

    if (rt->tw.tabled)
        return twalk(&rt->tw, a, b, links);
    for (int g = 0; g < ng; g++, ta += 4, tb += 4) {
        const struct tgroup *G = &rt->grp[g];
        int r = (ta[1] + tb[3]) / (2 * nd); /* where the part starts */
        if (G->ent != NULL) {
            const int *e = G->ent + ta[0] + tb[2];
            for (int i = 0; i < G->wg; i++)
                links[n + i] = rt->tl[ta[1] + tb[3] + e[TG_HEAD + i]];
            n += e[0];
        } else {
            /* r's coordinate along k is still a's */
            int k = G->k0, xa = rt->tc[(size_t)a * nd + k];
            int st = rt->tsd[k][rt->tc[(size_t)b * nd + k] - xa];
            if (st > 0) {
                torus_run(rt, r, xa, k, 1, st, links + n);
                n += st;
            } else if (st < 0) {
                torus_run(rt, r, xa, k, -1, -st, links + n);
                n -= st;
            }
        }
    }
    return n;
}

/* The groups' tables (see struct route). */
static void
torus_groups_init(struct route *rt)
{
    const struct net_torus_params *p = rt->tp;
    const int nd = p->nd;
    int *buf;

    rt->ng = 0;
    for (int k = 0; k < nd;) {
        struct tgroup *G = &rt->grp[rt->ng++];
        G->k0 = k;
        G->P = p->dim[k++];
        while (k < nd && G->P * p->dim[k] <= TGROUP_MAX)
            G->P *= p->dim[k++];
        G->k1 = k;
        G->wg = 0;
        for (int j = G->k0; j < G->k1; j++)
            G->wg += p->wrap[j] ? p->dim[j] / 2 : p->dim[j] - 1;
        G->ent = NULL;
        if (G->P > TGROUP_MAX)
            continue;
        G->ent = xcalloc((size_t)G->P * G->P * (TG_HEAD + G->wg),
                         sizeof(int));
        /* from the router of group index u (the other coordinates 0) to
           group index v */
        buf = xmalloc(((size_t)G->wg + 1) * sizeof(int));
        for (int u = 0; u < G->P; u++)
            for (int v = 0; v < G->P; v++) {
                int *e = G->ent + ((size_t)u * G->P + v) * (TG_HEAD + G->wg);
                int r0 = u * rt->stride[G->k0], r = r0, n = 0;
                int xu = u, xv = v;
                for (int j = G->k0; j < G->k1; j++) {
                    int d = p->dim[j], cu = xu % d, cv = xv % d;
                    int st = rt->tsd[j][cv - cu];
                    xu /= d;
                    xv /= d;
                    if (st == 0)
                        continue;
                    r = torus_run(rt, r, cu, j, st > 0 ? 1 : -1,
                                  st > 0 ? st : -st, buf + n);
                    n += st > 0 ? st : -st;
                }
                e[0] = n;
                /* the index of each hop's entry in tl, from r0's */
                for (int i = 0, q = r0; i < n; i++) {
                    int j = 0;
                    while (rt->tl[(size_t)q * nd * 2 + j] != buf[i])
                        j++;
                    e[TG_HEAD + i] = (int)(((long long)q - r0) * nd * 2 + j);
                    q = rt->dst[buf[i]];
                }
            }
        free(buf);
    }
    rt->tg = xmalloc((size_t)rt->nr * rt->ng * 4 * sizeof(int));
    for (int r = 0; r < rt->nr; r++) {
        int *t = rt->tg + (size_t)r * rt->ng * 4, below = 0;
        for (int g = 0; g < rt->ng; g++, t += 4) {
            const struct tgroup *G = &rt->grp[g];
            int i = (r / rt->stride[G->k0]) % G->P;
            t[0] = G->ent != NULL ? i * G->P * (TG_HEAD + G->wg) : 0;
            t[1] = (r - below) * 2 * nd;
            t[2] = G->ent != NULL ? i * (TG_HEAD + G->wg) : 0;
            t[3] = below * 2 * nd;
            below += i * rt->stride[G->k0];
        }
    }
    rt->tw.tl = rt->tl;
    rt->tw.tg = rt->tg;
    rt->tw.ng = rt->ng;
    rt->tw.tabled = 1;
    for (int g = 0; g < rt->ng; g++) {
        rt->tw.ent[g] = rt->grp[g].ent;
        rt->tw.wg[g] = rt->grp[g].wg;
        rt->tw.tabled &= rt->grp[g].ent != NULL;
    }
}

static int
torus_dor(const struct route *rt, int a, int b, int *links)
{
    return torus_walk(rt, a, b, links);
}

/* Tie directions from the bits of combo (the lowest bit to the first tied
   dimension), as torus_path_all numbers them. */
static void
tie_dirs(const struct tdelta *t, int nd, double combo, int *dir)
{
    for (int k = 0, bit = 0; k < nd; k++) {
        dir[k] = t->dir[k];
        if (t->tie[k]) {
            if (fmod(floor(ldexp(combo, -bit)), 2.0) != 0)
                dir[k] = -1;
            bit++;
        }
    }
}

/* ROUTE_BGQ path idx (0 <= idx < 2^ties): dimension order by length. */
static int
torus_bgq(const struct route *rt, int a, int b, double idx, int *links)
{
    struct tdelta t;
    int n = 0, r = a, dir[NET_MAX_DIMS];

    torus_delta(rt, a, b, &t);
    tie_dirs(&t, rt->tp->nd, idx, dir);
    for (int i = 0; i < rt->tp->nd; i++) {
        int k = rt->bgq_order[i];
        if (t.dist[k] > 0) {
            r = torus_run(rt, r, rt->tc[(size_t)r * rt->tp->nd + k], k,
                          dir[k], t.dist[k], links + n);
            n += t.dist[k];
        }
    }
    return n;
}

/* multinomial (sum r)! / prod r_k! as a double */
static double
multinomial(const int *r, int nd)
{
    double v = 1;
    int s = 0;

    for (int k = 0; k < nd; k++)
        for (int i = 1; i <= r[k]; i++) {
            s++;
            v = v * s / i;
        }
    return v;
}

static double
torus_count(const struct route *rt, int a, int b, int mode)
{
    struct tdelta t;

    if (mode != ROUTE_ALL && mode != ROUTE_BGQ)
        return 1;
    torus_delta(rt, a, b, &t);
    if (mode == ROUTE_BGQ)
        return ldexp(1.0, t.ntie);
    return ldexp(multinomial(t.dist, rt->tp->nd), t.ntie);
}

/* Path idx (lexicographic: tie directions, then at each step the lowest
   dimension whose completions still cover idx) of ROUTE_ALL. */
static int
torus_path_all(const struct route *rt, int a, int b, double idx, int *links)
{
    struct tdelta t;
    int nd = rt->tp->nd, rem[NET_MAX_DIMS], dir[NET_MAX_DIMS];
    int n = 0, r = a, left;
    double N, combo;

    torus_delta(rt, a, b, &t);
    N = multinomial(t.dist, nd);
    combo = floor(idx / N);
    idx -= combo * N;
    tie_dirs(&t, nd, combo, dir);
    for (int k = 0; k < nd; k++)
        rem[k] = t.dist[k];
    left = t.total;
    while (left > 0) {
        int last = nd - 1, chosen = -1;
        while (rem[last] == 0)
            last--;
        for (int k = 0; k <= last; k++) {
            double c;
            if (rem[k] == 0)
                continue;
            c = N * rem[k] / left; /* completions that start along k */
            if (idx < c || k == last) {
                chosen = k;
                N = c;
                if (idx >= c) /* rounding */
                    idx = c - 1;
                break;
            }
            idx -= c;
        }
        links[n++] = torus_step(rt, &r, chosen, dir[chosen]);
        rem[chosen]--;
        left--;
    }
    return n;
}

static int
torus_random(const struct route *rt, int a, int b, int mode, struct rng *g,
             int *links)
{
    struct tdelta t;
    int nd = rt->tp->nd, rem[NET_MAX_DIMS], n = 0, r = a, left;

    if (mode == ROUTE_BGQ) {
        torus_delta(rt, a, b, &t);
        return torus_bgq(rt, a, b, t.ntie > 0 ? fbelow(g, 1 << t.ntie) : 0,
                         links);
    }
    if (mode != ROUTE_ALL)
        return torus_dor(rt, a, b, links);
    torus_delta(rt, a, b, &t);
    for (int k = 0; k < nd; k++) {
        rem[k] = t.dist[k];
        if (t.tie[k] && fbit(g))
            t.dir[k] = -1;
    }
    left = t.total;
    while (left > 0) {
        int u = fbelow(g, left), k;
        for (k = 0; u >= rem[k]; k++)
            u -= rem[k];
        links[n++] = torus_step(rt, &r, k, t.dir[k]);
        rem[k]--;
        left--;
    }
    return n;
}

/* Even split over every minimal path: for each combination of tie
   directions, f(p) = paths from the origin to box point p (a multinomial,
   by recurrence); the link from p along k carries f(p) f(delta-p-e_k) /
   f(delta) of the combination's weight. */
static int
torus_shares_all(struct route *rt, int a, int b, int pre, int post)
{
    struct tdelta t;
    const struct net_torus_params *p = rt->tp;
    int nd = p->nd, m = 0, dims[NET_MAX_DIMS], n = 0;
    long long vol = 1, stride[NET_MAX_DIMS];
    int xa[NET_MAX_DIMS];
    double combos;

    torus_delta(rt, a, b, &t);
    net_torus_coords(rt->net, a, xa);
    for (int k = 0; k < nd; k++)
        if (t.dist[k] > 0)
            dims[m++] = k;
    for (int i = 0; i < m; i++) {
        stride[i] = vol;
        vol *= t.dist[dims[i]] + 1;
    }
    if ((size_t)vol > rt->box_cap) {
        rt->box_cap = (size_t)vol;
        rt->box = xreallocarray(rt->box, rt->box_cap, sizeof(double));
    }
    /* f over the box */
    rt->box[0] = 1;
    for (long long q = 1; q < vol; q++) {
        double s = 0;
        long long rest = q;
        for (int i = 0; i < m; i++) {
            int c = (int)(rest % (t.dist[dims[i]] + 1));
            rest /= t.dist[dims[i]] + 1;
            if (c > 0)
                s += rt->box[q - stride[i]];
        }
        rt->box[q] = s;
    }
    combos = ldexp(1.0, t.ntie);
    share_reserve(rt, (int)(vol * m * (long long)combos) + pre + post);
    for (long long cb = 0; cb < (long long)combos; cb++) {
        int dir[NET_MAX_DIMS];
        double w = rt->box[vol - 1] * combos;
        for (int k = 0, bit = 0; k < nd; k++) {
            dir[k] = t.dir[k];
            if (t.tie[k])
                dir[k] = (cb >> bit++) & 1 ? -1 : 1;
        }
        for (long long q = 0; q < vol; q++) {
            long long rest = q;
            int x[NET_MAX_DIMS], c[NET_MAX_DIMS], r;
            memcpy(x, xa, sizeof x);
            for (int i = 0; i < m; i++) {
                c[i] = (int)(rest % (t.dist[dims[i]] + 1));
                rest /= t.dist[dims[i]] + 1;
                x[dims[i]] += dir[dims[i]] * c[i];
            }
            r = net_torus_router(rt->net, x);
            for (int i = 0; i < m; i++) {
                long long far;
                if (c[i] == t.dist[dims[i]])
                    continue;
                /* f(delta - p - e_i) by symmetry is f at the mirrored
                   point */
                far = vol - 1 - q - stride[i];
                rt->sh[pre + n].link =
                    net_torus_link(rt->net, r, dims[i], dir[dims[i]]);
                rt->sh[pre + n].frac = rt->box[q] * rt->box[far] / w;
                n++;
            }
        }
    }
    return n;
}

/* --------------------------------------------------------- dragonfly */

static inline int
df_seg_count(const struct route *rt, int a, int b)
{
    const struct dfr *x = &rt->dfr[a], *y = &rt->dfr[b];

    return a == b || x->c == y->c || x->s == y->s ? 1 : 2;
}

static inline int
df_row(const struct dfr *x, int slot_b)
{
    return x->off + (slot_b < x->s ? slot_b : slot_b - 1);
}

static inline int
df_col(const struct route *rt, const struct dfr *x, int c_b)
{
    return x->off + rt->Rr - 1 + (c_b < x->c ? c_b : c_b - 1);
}

/* Intra-group segment a -> b, option opt (0 row first, 1 column first;
   ignored when there is one way), computed; df_seg() reads it from
   rt->pseg when there is one. */
static int
df_seg_calc(const struct route *rt, int a, int b, int opt, int *links)
{
    const struct dfr *x = &rt->dfr[a], *y = &rt->dfr[b];

    if (a == b)
        return 0;
    if (x->c == y->c) {
        links[0] = df_row(x, y->s);
        return 1;
    }
    if (x->s == y->s) {
        links[0] = df_col(rt, x, y->c);
        return 1;
    }
    if (opt == 0) {
        links[0] = df_row(x, y->s);
        links[1] = df_col(rt, &rt->dfr[a - x->s + y->s], y->c);
    } else {
        links[0] = df_col(rt, x, y->c);
        links[1] = df_row(&rt->dfr[a + (y->c - x->c) * rt->Rr], y->s);
    }
    return 2;
}

/* df_seg_calc()'s segment, from the table when there is one: a load
   and no branch on the segment's shape (which mispredicts on every other
   path of a random draw). */
static inline int
df_seg(const struct route *rt, int a, int b, int opt, int *links)
{
    if (rt->pseg != NULL) {
        int R = rt->R, g = rt->dfr[a].g, la = a - g * R, lb = b - g * R;
        const int *off = rt->off + (long long)g * R;
        uint32_t e = rt->pseg[(la * R + lb) * 2 + opt];
        int n = rt->phops[la * R + lb];
        if (n > 0)
            links[0] = off[e & 0xff] + (int)(e >> 8 & 0xff);
        if (n > 1)
            links[1] = off[e >> 16 & 0xff] + (int)(e >> 24);
        return n;
    }
    return df_seg_calc(rt, a, b, opt, links);
}

static inline int
df_gw(const struct route *rt, int ga, int gb, int j)
{
    return ga * rt->R + rt->gwl[gb * rt->gp + j];
}

static inline int
df_glink(const struct route *rt, int ga, int gb, int j)
{
    return rt->glink[((long long)ga * rt->G + gb) * rt->gp + j];
}

static double
df_count(const struct route *rt, int a, int b, int mode)
{
    int ga = rt->dfr[a].g, gb = rt->dfr[b].g;
    double n = 0;

    if (mode == ROUTE_ONE)
        return 1;
    if (ga == gb)
        return df_seg_count(rt, a, b);
    for (int j = 0; j < rt->gp; j++)
        n += df_seg_count(rt, a, df_gw(rt, ga, gb, j)) *
             df_seg_count(rt, df_gw(rt, gb, ga, j), b);
    return n;
}

static int
df_path(const struct route *rt, int a, int b, long long idx, int *links)
{
    int ga = rt->dfr[a].g, gb = rt->dfr[b].g, n;

    if (ga == gb)
        return df_seg(rt, a, b, (int)idx, links);
    for (int j = 0; j < rt->gp; j++) {
        int gw = df_gw(rt, ga, gb, j), ld = df_gw(rt, gb, ga, j);
        int ca = df_seg_count(rt, a, gw), cb = df_seg_count(rt, ld, b);
        if (idx >= (long long)ca * cb) {
            idx -= (long long)ca * cb;
            continue;
        }
        n = df_seg(rt, a, gw, (int)(idx / cb), links);
        links[n++] = df_glink(rt, ga, gb, j);
        n += df_seg(rt, ld, b, (int)(idx % cb), links + n);
        return n;
    }
    return -1;
}

/* A uniformly random minimal path. */
static int
df_random(const struct route *rt, int a, int b, struct rng *g, int *links)
{
    int ga = rt->dfr[a].g, gb = rt->dfr[b].g, n;

    if (ga == gb)
        return df_seg(rt, a, b, fbit(g), links);
    if (rt->gp == 1) { /* segments chosen independently: uniform */
        n = df_seg(rt, a, df_gw(rt, ga, gb, 0), fbit(g), links);
        links[n++] = df_glink(rt, ga, gb, 0);
        return n + df_seg(rt, df_gw(rt, gb, ga, 0), b, fbit(g), links + n);
    }
    return df_path(rt, a, b, fbelow(g, (int)df_count(rt, a, b, ROUTE_MIN)),
                   links);
}

static int
df_valiant(const struct route *rt, int a, int b, struct rng *g, int *links)
{
    int R = rt->R, G = rt->G, ga = rt->dfr[a].g, gb = rt->dfr[b].g, n;

    if (ga != gb) {
        int ig = fbelow(g, G - 1), i;
        if (ig >= ga)
            ig++;
        if (ig == gb)
            return df_random(rt, a, b, g, links);
        i = ig * R + fbelow(g, R);
        n = df_random(rt, a, i, g, links);
        return n + df_random(rt, i, b, g, links + n);
    } else {
        int v = fbelow(g, R - 1) + ga * R;
        if (v >= a)
            v++;
        n = df_seg(rt, a, v, fbit(g), links);
        if (v != b)
            n += df_seg(rt, v, b, fbit(g), links + n);
        return n;
    }
}

#ifdef __GNUC__
#define DF_INLINE __attribute__((always_inline)) inline
#else
#define DF_INLINE inline
#endif

/* Padded dragonfly paths (gp == 1): the choices of df_random() and
   df_valiant() from the same random numbers, with every segment read
   from the table rt->pseg instead of computed, and no branch on the
   drawn options or on the shape of a segment (those would mispredict on
   every other path). A path is written into fixed places: segment, L2
   link, two segments, L2 link, segment. */

/* The intra-group segment from local router la to lb (R routers a
   group; seg is rt->pseg) of the group whose rt->poff entries start at
   base, option opt (0 or 1), into two entries. (The caller passes rt's
   fields: stores into links could alias them, so that the compiler would
   load them again after each.) */
static inline void
df_pseg(const uint32_t *seg, int R, const int *base, int la, int lb, int opt,
        int *links)
{
    uint32_t e = seg[(la * R + lb) * 2 + opt];

    links[0] = base[e & 0xff] + (int)(e >> 8 & 0xff);
    links[1] = base[e >> 16 & 0xff] + (int)(e >> 24);
}

/* Build rt->pseg and rt->poff when the net allows (see struct route). */
static void
df_pad_init(struct route *rt)
{
    int R = rt->R, G = rt->G, tmp[2];

    if (rt->gp != 1 || R > 254 || rt->Rr + rt->dp->chassis > 257)
        return;
    rt->pseg = xmalloc((size_t)R * R * 2 * sizeof(uint32_t));
    rt->phops = xmalloc((size_t)R * R);
    for (int a = 0; a < R; a++)
        for (int b = 0; b < R; b++)
            for (int opt = 0; opt < 2; opt++) {
                /* routers a and b of group 0 */
                int n = df_seg_calc(rt, a, b, opt, tmp);
                rt->phops[a * R + b] = (unsigned char)n;
                uint32_t h[2] = {(uint32_t)R, (uint32_t)R};
                for (int k = 0; k < n; k++) {
                    int src = net_link_src(rt->net, tmp[k]);
                    h[k] = (uint32_t)src | (uint32_t)(tmp[k] - rt->off[src])
                                               << 8;
                }
                rt->pseg[(a * R + b) * 2 + opt] = h[0] | h[1] << 16;
            }
    rt->poff = xmalloc((size_t)G * (R + 1) * sizeof(int));
    for (int g = 0; g < G; g++) {
        for (int o = 0; o < R; o++)
            rt->poff[g * (R + 1) + o] = rt->off[g * R + o];
        rt->poff[g * (R + 1) + R] = -1;
    }
    rt->ppad = -1;
}

/* ---------------------------------------------------------- fat-tree */

/* Digit l (base h) of switch index w. */
static inline int
ft_digit(const struct route *rt, int w, int l)
{
    return rt->fdig != NULL ? rt->fdig[w * 8 + l] : digit(w, l, rt->h);
}

static int
ft_top_level(const struct route *rt, int a, int b)
{
    int L = 0;

    for (int l = 0; l < rt->n - 1; l++)
        if (ft_digit(rt, a, l) != ft_digit(rt, b, l))
            L = l + 1;
    return L;
}

/* The path from leaf a to leaf b going up to level L with up-port choices
   c[0..L). */
static int
ft_path(const struct route *rt, int a, int b, int L, const int *c, int *links)
{
    int h = rt->h, n = 0, w = a, l;
    const int *off = rt->off;

    for (l = 0; l < L; l++) {
        links[n++] = off[l * rt->W + w] + c[l];
        if (l + 1 < rt->n - 1)
            w += (c[l] - ft_digit(rt, w, l)) * rt->fpw[l];
    }
    if (L == 0)
        return 0;
    l = L;
    if (L == rt->n - 1) { /* at a top switch */
        int t = w % rt->Wn2 + rt->Wn2 * (c[L - 1] / 2);
        int db = ft_digit(rt, b, L - 1);
        links[n++] = off[(rt->n - 1) * rt->W + t] + 2 * db + (c[L - 1] & 1);
        w = w % rt->Wn2 + rt->Wn2 * db;
        l = L - 1;
    }
    for (; l >= 1; l--) { /* down from level l (which has up links) */
        int db = ft_digit(rt, b, l - 1);
        links[n++] = off[l * rt->W + w] + h + db;
        w += (db - ft_digit(rt, w, l - 1)) * rt->fpw[l - 1];
    }
    return n;
}

static double
ft_count(const struct route *rt, int a, int b, int mode)
{
    return mode == ROUTE_ONE ? 1 : pow(rt->h, ft_top_level(rt, a, b));
}

static int
ft_path_idx(const struct route *rt, int a, int b, int mode, long long idx,
            int *links)
{
    int L = ft_top_level(rt, a, b), c[4];

    for (int l = 0; l < L; l++) {
        if (mode == ROUTE_ONE)
            c[l] = ft_digit(rt, b, l);
        else {
            c[l] = (int)(idx % rt->h);
            idx /= rt->h;
        }
    }
    return ft_path(rt, a, b, L, c, links);
}

static int
ft_random(const struct route *rt, int a, int b, int mode, struct rng *g,
          int *links, int valiant)
{
    int L = valiant ? rt->n - 1 : ft_top_level(rt, a, b), c[4];

    for (int l = 0; l < L; l++)
        c[l] = mode == ROUTE_ONE && !valiant ? ft_digit(rt, b, l)
                                             : fbelow(g, rt->h);
    return ft_path(rt, a, b, L, c, links);
}

/* route_draw_pad() on a fat-tree, leaves a != b (mode already through
   fam_mode()): ft_random()'s draws and paths, np of them, wrapped and
   padded. The switch at level l on the way up is the up-port choices
   below l (C_l) over a's digits from l on; on the way down, over b's:
   those, and b's digits, are worked out once for the np paths, and
   ft_path()'s digit lookups and divisions go. */
static void
ft_draw(const struct route *rt, int s, int d, int a, int b, int mode,
        int ndirect, int np, struct rng *gen, int *links, int *len, int pad)
{
    struct rng st = *gen, *g = &st; /* (in registers) */
    const int h = rt->h, n1 = rt->n - 1, SW = rt->W, inj = rt->inj;
    const int Wd = rt->maxmin + 2 * inj, Wv = rt->maxhops;
    const int *off = rt->off, *fpw = rt->fpw;
    int hiA[8], hiB[8], db[8], Lmin = ft_top_level(rt, a, b);
    int ea = inj ? net_inj_link(rt->net, s) : 0;
    int ez = inj ? net_ej_link(rt->net, d) : 0;

    for (int l = 0; l < n1; l++) {
        hiA[l] = a - a % fpw[l];
        hiB[l] = b - b % fpw[l];
        db[l] = ft_digit(rt, b, l);
    }
    for (int i = 0; i < np; i++) {
        int valiant = i >= ndirect, w = valiant ? Wv : Wd;
        int L = valiant ? n1 : Lmin, k = 0, C[9], c = 0, l;
        int *o = links + inj;
        C[0] = 0;
        for (l = 0; l < L; l++) {
            c = mode == ROUTE_ONE && !valiant ? db[l] : fbelow(g, h);
            o[k++] = off[l * SW + C[l] + hiA[l]] + c;
            C[l + 1] = C[l] + c * fpw[l];
        }
        l = L;
        if (L > 0 && L == n1) { /* at a top switch (c: the last up) */
            int t = C[L - 1] + rt->Wn2 * (c / 2);
            o[k++] = off[n1 * SW + t] + 2 * db[L - 1] + (c & 1);
            l = L - 1;
        }
        for (; l >= 1; l--) /* down from level l */
            o[k++] = off[l * SW + C[l] + hiB[l]] + h + db[l - 1];
        if (inj) {
            links[0] = ea;
            links[k + 1] = ez;
            k += 2;
        }
        for (int j = k; j < w; j++)
            links[j] = pad;
        if (len != NULL)
            len[i] = k;
        links += w;
    }
    *gen = st;
}

/* -------------------------------------------------------------- tree */

static int
tree_path(struct route *rt, int a, int b, int *links)
{
    const struct net *net = rt->net;
    int n = 0, m = 0, *dn = rt->tbuf;

    while (net_tree_depth(net, b) > net_tree_depth(net, a)) {
        dn[m++] = net_tree_down_link(net, b);
        b = net_tree_parent(net, b);
    }
    while (net_tree_depth(net, a) > net_tree_depth(net, b)) {
        links[n++] = net_tree_up_link(net, a);
        a = net_tree_parent(net, a);
    }
    while (a != b) {
        links[n++] = net_tree_up_link(net, a);
        dn[m++] = net_tree_down_link(net, b);
        a = net_tree_parent(net, a);
        b = net_tree_parent(net, b);
    }
    while (m > 0)
        links[n++] = dn[--m];
    return n;
}

/* ------------------------------------------------------------- graph */

/* Shortest-path DAG from a to b: levels, order, path counts. Returns the
   distance, or -1 when b is unreachable. Cached for the last pair. */
static int
graph_prepare(struct route *rt, int a, int b)
{
    const struct net *net = rt->net;
    int D, nord = 0;

    if (rt->ga == a && rt->gb == b)
        return rt->gD;
    rt->ga = a;
    rt->gb = b;
    D = rt->gD = net_graph_hops(net, a, b);
    if (D < 0)
        return -1;
    rt->epoch++;
    /* DAG vertices by level (bucket sort through a counting pass) */
    {
        int *cnt = xcalloc((size_t)D + 2, sizeof(int));
        for (int v = 0; v < rt->nv; v++) {
            int da = net_graph_hops(net, a, v), db;
            if (da < 0 || da > D)
                continue;
            db = net_graph_hops(net, v, b);
            if (db < 0 || da + db != D)
                continue;
            rt->stamp[v] = rt->epoch;
            rt->level[v] = da;
            cnt[da + 1]++;
        }
        for (int i = 0; i <= D; i++)
            cnt[i + 1] += cnt[i];
        for (int v = 0; v < rt->nv; v++)
            if (rt->stamp[v] == rt->epoch)
                rt->order[cnt[rt->level[v]]++] = v;
        nord = cnt[D];
        free(cnt);
    }
    for (int i = 0; i < nord; i++) {
        rt->sig_s[rt->order[i]] = 0;
        rt->sig_d[rt->order[i]] = 0;
    }
    rt->sig_s[a] = 1;
    for (int i = 0; i < nord; i++) {
        int v = rt->order[i];
        for (int l = net_out_begin(net, v); l < net_out_end(net, v); l++) {
            int u = net_link_dst(net, l);
            if (rt->stamp[u] == rt->epoch && rt->level[u] == rt->level[v] + 1)
                rt->sig_s[u] += rt->sig_s[v];
        }
    }
    rt->sig_d[b] = 1;
    for (int i = nord - 1; i >= 0; i--) {
        int v = rt->order[i];
        if (v == b)
            continue;
        for (int l = net_out_begin(net, v); l < net_out_end(net, v); l++) {
            int u = net_link_dst(net, l);
            if (rt->stamp[u] == rt->epoch && rt->level[u] == rt->level[v] + 1)
                rt->sig_d[v] += rt->sig_d[u];
        }
    }
    rt->order[nord] = -1;
    return D;
}

static int
graph_on_dag(const struct route *rt, int v, int u)
{
    return rt->stamp[u] == rt->epoch && rt->level[u] == rt->level[v] + 1;
}

static int
graph_path(struct route *rt, int a, int b, double idx, struct rng *g,
           int *links)
{
    const struct net *net = rt->net;
    int n = 0, v = a;

    if (graph_prepare(rt, a, b) < 0)
        return -1;
    if (g != NULL)
        idx = floor(rng_double(g) * rt->sig_d[a]);
    while (v != b) {
        int take = -1;
        for (int l = net_out_begin(net, v); l < net_out_end(net, v); l++) {
            int u = net_link_dst(net, l);
            if (!graph_on_dag(rt, v, u))
                continue;
            take = l;
            if (idx < rt->sig_d[u])
                break;
            idx -= rt->sig_d[u];
        }
        if (take < 0)
            return -1;
        links[n++] = take;
        v = net_link_dst(net, take);
        if (idx >= rt->sig_d[v])
            idx = rt->sig_d[v] - 1;
    }
    return n;
}

static int
graph_shares(struct route *rt, int a, int b, int pre)
{
    const struct net *net = rt->net;
    int n = 0;
    double total;

    if (graph_prepare(rt, a, b) < 0)
        return -1;
    total = rt->sig_s[b];
    for (int i = 0; rt->order[i] >= 0; i++) {
        int v = rt->order[i];
        for (int l = net_out_begin(net, v); l < net_out_end(net, v); l++) {
            int u = net_link_dst(net, l);
            if (!graph_on_dag(rt, v, u))
                continue;
            share_reserve(rt, pre + n + 3);
            rt->sh[pre + n].link = l;
            rt->sh[pre + n].frac = rt->sig_s[v] * rt->sig_d[u] / total;
            n++;
        }
    }
    return n;
}

/* ------------------------------------------------- router-level glue */

/* ROUTE_BGQ is a torus routing: elsewhere it is ROUTE_ONE. */
static inline int
fam_mode(const struct route *rt, int mode)
{
    return mode == ROUTE_BGQ && rt->family != NET_TORUS ? ROUTE_ONE : mode;
}

static double
rcount(struct route *rt, int a, int b, int mode)
{
    mode = fam_mode(rt, mode);
    switch (rt->family) {
    case NET_TORUS:
        return torus_count(rt, a, b, mode);
    case NET_DRAGONFLY:
        return df_count(rt, a, b, mode);
    case NET_FATTREE:
        return ft_count(rt, a, b, mode);
    case NET_TREE:
        return 1;
    default:
        if (graph_prepare(rt, a, b) < 0)
            return -1;
        return mode == ROUTE_ONE ? 1 : rt->sig_d[a];
    }
}

static int
rpath(struct route *rt, int a, int b, int mode, double idx, int *links)
{
    mode = fam_mode(rt, mode);
    switch (rt->family) {
    case NET_TORUS:
        if (mode == ROUTE_BGQ)
            return torus_bgq(rt, a, b, idx, links);
        return mode == ROUTE_ALL ? torus_path_all(rt, a, b, idx, links)
                                 : torus_dor(rt, a, b, links);
    case NET_DRAGONFLY:
        return df_path(rt, a, b, mode == ROUTE_ONE ? 0 : (long long)idx, links);
    case NET_FATTREE:
        return ft_path_idx(rt, a, b, mode, (long long)idx, links);
    case NET_TREE:
        return tree_path(rt, a, b, links);
    default:
        return graph_path(rt, a, b, mode == ROUTE_ONE ? 0 : idx, NULL, links);
    }
}

static int
rrandom(struct route *rt, int a, int b, int mode, struct rng *g, int *links)
{
    mode = fam_mode(rt, mode);
    switch (rt->family) {
    case NET_TORUS:
        return torus_random(rt, a, b, mode, g, links);
    case NET_DRAGONFLY:
        if (mode == ROUTE_ONE)
            return df_path(rt, a, b, 0, links);
        return df_random(rt, a, b, g, links);
    case NET_FATTREE:
        return ft_random(rt, a, b, mode, g, links, 0);
    case NET_TREE:
        return tree_path(rt, a, b, links);
    default:
        if (mode == ROUTE_ONE)
            return graph_path(rt, a, b, 0, NULL, links);
        return graph_path(rt, a, b, 0, g, links);
    }
}

static int
rvaliant(struct route *rt, int a, int b, int mode, struct rng *g, int *links)
{
    int i, n, m;

    mode = fam_mode(rt, mode);
    switch (rt->family) {
    case NET_DRAGONFLY:
        return df_valiant(rt, a, b, g, links);
    case NET_FATTREE:
        return ft_random(rt, a, b, mode, g, links, 1);
    case NET_TREE:
        return tree_path(rt, a, b, links);
    case NET_TORUS:
        i = fbelow(g, rt->nr);
        n = i == a ? 0 : rrandom(rt, a, i, mode, g, links);
        return n + (i == b ? 0 : rrandom(rt, i, b, mode, g, links + n));
    default:
        for (int tries = 0; tries < 64; tries++) {
            i = fbelow(g, rt->nv);
            if (net_graph_hops(rt->net, a, i) < 0 ||
                net_graph_hops(rt->net, i, b) < 0)
                continue;
            n = i == a ? 0 : rrandom(rt, a, i, mode, g, links);
            if (n < 0)
                return -1;
            m = i == b ? 0 : rrandom(rt, i, b, mode, g, links + n);
            return m < 0 ? -1 : n + m;
        }
        return rrandom(rt, a, b, mode, g, links);
    }
}

/* ----------------------------------------------------------- public */

struct route *
route_new(const struct net *net)
{
    struct route *rt = xcalloc(1, sizeof *rt);

    rt->net = net;
    rt->family = net_family(net);
    rt->memo_n = -1;
    rt->inj = net_inj_link(net, 0) >= 0;
    rt->off = net_out_offsets(net);
    rt->dst = net_link_dsts(net);
    rt->epr = net_endpoint_routers(net);
    switch (rt->family) {
    case NET_TORUS:
        rt->tp = net_torus(net);
        rt->tc = net_torus_coord_table(net);
        rt->tl = net_torus_link_table(net);
        rt->nr = net_routers(net);
        {
            size_t len = 0;
            int *t;
            for (int k = 0; k < rt->tp->nd; k++)
                len += 2 * (size_t)rt->tp->dim[k] - 1;
            rt->tsd_buf = t = xmalloc(len * sizeof(int));
            for (int k = 0, st = 1; k < rt->tp->nd; k++) {
                int d = rt->tp->dim[k];
                rt->stride[k] = st;
                st *= d;
                rt->tsd[k] = t + d - 1;
                for (int f = 1 - d; f < d; f++) {
                    int dist, dir, tie;
                    dim_delta(d, rt->tp->wrap[k], f, &dist, &dir, &tie);
                    t[d - 1 + f] = dir * dist;
                }
                t += 2 * d - 1;
            }
        }
        torus_groups_init(rt);
        for (int k = 0; k < rt->tp->nd; k++) { /* stable: by length */
            int i = k;
            while (i > 0 &&
                   rt->tp->dim[rt->bgq_order[i - 1]] < rt->tp->dim[k]) {
                rt->bgq_order[i] = rt->bgq_order[i - 1];
                i--;
            }
            rt->bgq_order[i] = k;
        }
        for (int k = 0; k < rt->tp->nd; k++)
            rt->maxmin +=
                rt->tp->wrap[k] ? rt->tp->dim[k] / 2 : rt->tp->dim[k] - 1;
        rt->maxhops = 2 * rt->maxmin;
        break;
    case NET_DRAGONFLY: {
        int nr = net_routers(net);
        rt->dp = net_dragonfly(net);
        rt->Rr = rt->dp->routers;
        rt->R = rt->dp->chassis * rt->dp->routers;
        rt->G = rt->dp->groups;
        rt->gp = rt->dp->global_per_pair;
        rt->glink = net_df_globals(net);
        rt->dfr = xmalloc((size_t)nr * sizeof *rt->dfr);
        for (int r = 0; r < nr; r++) {
            net_df_coords(net, r, &rt->dfr[r].g, &rt->dfr[r].c, &rt->dfr[r].s);
            rt->dfr[r].off = rt->off[r];
        }
        rt->gwl = xmalloc((size_t)rt->G * rt->gp * sizeof(int));
        for (int g = 0; g < rt->G; g++)
            for (int j = 0; j < rt->gp; j++)
                rt->gwl[g * rt->gp + j] =
                    (int)(((long long)g * rt->gp + j) % rt->R);
        rt->maxmin = rt->dp->groups > 1 ? 5 : 2;
        rt->maxhops = rt->dp->groups > 1 ? 10 : 4;
        df_pad_init(rt);
        break;
    }
    case NET_FATTREE: {
        const struct net_fattree_params *p = net_fattree(net);
        rt->h = p->k / 2;
        rt->n = p->levels;
        rt->W = ipow(rt->h, rt->n - 1);
        rt->Wn2 = rt->n >= 2 ? ipow(rt->h, rt->n - 2) : 1;
        rt->maxmin = rt->maxhops = 2 * (rt->n - 1);
        for (int l = 0; l < 8 && l < rt->n; l++)
            rt->fpw[l] = ipow(rt->h, l);
        if (rt->W <= 65536 && rt->h < 256 && rt->n - 1 <= 8) {
            rt->fdig = xmalloc((size_t)rt->W * 8);
            for (int w = 0; w < rt->W; w++)
                for (int l = 0; l < 8; l++)
                    rt->fdig[w * 8 + l] =
                        (unsigned char)(l < rt->n - 1 ? digit(w, l, rt->h)
                                                      : 0);
        }
        break;
    }
    case NET_TREE:
        for (int v = 0; v < net_routers(net); v++)
            if (net_tree_depth(net, v) > rt->maxmin)
                rt->maxmin = net_tree_depth(net, v);
        rt->tbuf = xmalloc(((size_t)rt->maxmin + 1) * sizeof(int));
        rt->maxmin *= 2;
        rt->maxhops = rt->maxmin;
        break;
    default:
        rt->nv = net_vertices(net);
        for (int a = 0; a < rt->nv; a++)
            for (int b = 0; b < rt->nv; b++)
                if (net_graph_hops(net, a, b) > rt->maxmin)
                    rt->maxmin = net_graph_hops(net, a, b);
        rt->maxhops = 2 * rt->maxmin;
        rt->sig_s = xcalloc((size_t)rt->nv, sizeof(double));
        rt->sig_d = xcalloc((size_t)rt->nv, sizeof(double));
        rt->level = xcalloc((size_t)rt->nv, sizeof(int));
        rt->order = xcalloc((size_t)rt->nv + 1, sizeof(int));
        rt->stamp = xcalloc((size_t)rt->nv, sizeof(int));
        rt->ga = rt->gb = -1;
        break;
    }
    if (rt->inj)
        rt->maxhops += 2;
    rt->tmp = xmalloc(((size_t)rt->maxhops + 1) * sizeof(int));
    rt->padrow = xmalloc(((size_t)rt->maxhops + 1) * sizeof(int));
    return rt;
}

void
route_plain(struct route *rt)
{
    free(rt->pseg);
    free(rt->phops);
    free(rt->poff);
    rt->pseg = NULL;
    rt->phops = NULL;
    rt->poff = NULL;
}

void
route_free(struct route *rt)
{
    if (rt == NULL)
        return;
    free(rt->set_off);
    free(rt->set_links);
    free(rt->sh);
    free(rt->mstamp);
    free(rt->mpos);
    free(rt->tmp);
    free(rt->padrow);
    free(rt->tbuf);
    free(rt->dfr);
    free(rt->gwl);
    free(rt->pseg);
    free(rt->phops);
    free(rt->poff);
    free(rt->box);
    free(rt->tsd_buf);
    free(rt->tg);
    free(rt->fdig);
    for (int g = 0; g < rt->ng; g++)
        free(rt->grp[g].ent);
    free(rt->sig_s);
    free(rt->sig_d);
    free(rt->level);
    free(rt->order);
    free(rt->stamp);
    free(rt);
}

int
route_max_hops(const struct route *rt)
{
    return rt->maxhops;
}

int
route_max_min_hops(const struct route *rt)
{
    return rt->maxmin + 2 * rt->inj;
}

/* Sort out the trivial cases: returns 1 when the message needs links and
   sets the routers, 0 when it needs none, 2 when it needs only the
   injection and ejection links (same router). */
static int
ends(const struct route *rt, int s, int d, int *a, int *b)
{
    if (s == d)
        return 0;
    *a = rt->epr[s];
    *b = rt->epr[d];
    if (*a == *b)
        return rt->inj ? 2 : 0;
    return 1;
}

/* Wrap a router path (written at links + inj) with injection/ejection. */
static int
wrap(const struct route *rt, int s, int d, int *links, int n)
{
    if (n < 0)
        return -1;
    if (!rt->inj)
        return n;
    links[0] = net_inj_link(rt->net, s);
    links[n + 1] = net_ej_link(rt->net, d);
    return n + 2;
}

double
route_count(struct route *rt, int s, int d, int mode)
{
    int a, b, k = ends(rt, s, d, &a, &b);

    if (k != 1)
        return k == 2 ? 1 : 0;
    return rcount(rt, a, b, mode);
}

int
route_path(struct route *rt, int s, int d, int mode, long long idx, int *links)
{
    int a, b, k = ends(rt, s, d, &a, &b);
    double c;

    if (k == 0)
        return 0;
    if (k == 2)
        return idx == 0 ? wrap(rt, s, d, links, 0) : -1;
    c = rcount(rt, a, b, mode);
    if (c < 0 || idx < 0 || (double)idx >= c)
        return -1;
    return wrap(rt, s, d, links,
                rpath(rt, a, b, mode, (double)idx, links + rt->inj));
}

int
route_random(struct route *rt, int s, int d, int mode, struct rng *g,
             int *links)
{
    int a, b, k = ends(rt, s, d, &a, &b);

    if (k != 1)
        return k == 2 ? wrap(rt, s, d, links, 0) : 0;
    return wrap(rt, s, d, links, rrandom(rt, a, b, mode, g, links + rt->inj));
}

int
route_valiant(struct route *rt, int s, int d, int mode, struct rng *g,
              int *links)
{
    int a, b, k = ends(rt, s, d, &a, &b);

    if (k != 1)
        return k == 2 ? wrap(rt, s, d, links, 0) : 0;
    if (rt->family == NET_TORUS && (mode == ROUTE_ONE || mode == ROUTE_MIN)) {
        int x = fbelow(g, rt->nr), n = 0, *l = links + rt->inj;
        n = x == a ? 0 : torus_walk(rt, a, x, l);
        n += x == b ? 0 : torus_walk(rt, x, b, l + n);
        return wrap(rt, s, d, links, n);
    }
    return wrap(rt, s, d, links, rvaliant(rt, a, b, mode, g, links + rt->inj));
}

/* Pad entries n (or 0) .. w of links. */
static void
pad_from(int *links, int n, int w, int pad)
{
    for (int i = n > 0 ? n : 0; i < w; i++)
        links[i] = pad;
}

/* route_draw_pad() on a dragonfly with rt->pseg, routers a != b, for
   groups ga != gb. The generator state is kept in a local copy, so that
   it can stay in registers. With out and in (route_live's sets of groups
   for a and b; else NULL), a path whose intermediate group (or, minimal,
   whose destination and source groups) is not in both is marked in
   dead[] and not written: it crosses a link that is not usable (its
   numbers are drawn all the same). */
static DF_INLINE void
df_draw_apart(struct route *rt, int a, int b, int ndirect, int np,
              struct rng *gen, int *links, int *len, int pad,
              const uint64_t *out, const uint64_t *in, unsigned char *dead)
{
    const int R = rt->R, G = rt->G, inj = rt->inj;
    const int Wd = rt->maxmin + 2 * inj, W = rt->maxhops;
    const uint32_t *seg = rt->pseg;
    const unsigned char *hops = rt->phops;
    const int *poff = rt->poff, *gwl = rt->gwl, *glink = rt->glink;
    int ga = rt->dfr[a].g, gb = rt->dfr[b].g, la = a - ga * R, lb = b - gb * R;
    int lja = gwl[ga], ljb = gwl[gb]; /* ga's and gb's L2 ports */
    const int *bA = poff + (long long)ga * (R + 1);
    const int *bB = poff + (long long)gb * (R + 1);
    const int *glA = glink + (long long)ga * G;
    struct rng st = *gen, *g = &st;
    int min_dead = out != NULL && !((out[gb >> 6] >> (gb & 63)) &
                                    (in[ga >> 6] >> (ga & 63)) & 1);

    links += inj;
    for (int i = 0; i < np; links += i < ndirect ? Wd : W, i++) {
        int ig = gb;
        if (i >= ndirect) {
            ig = fbelow(g, G - 1);
            ig += ig >= ga;
        }
        if (ig == gb) { /* minimal */
            if (out != NULL) {
                dead[i] = (unsigned char)min_dead;
                if (min_dead) {
                    (void)fbit(g);
                    (void)fbit(g);
                    continue;
                }
            }
            df_pseg(seg, R, bA, la, ljb, fbit(g), links);
            links[2] = glA[gb];
            df_pseg(seg, R, bB, lja, lb, fbit(g), links + 3);
            for (int k = 5; k < (i < ndirect ? Wd : W) - 2 * inj; k++)
                links[k] = pad;
            if (len != NULL)
                len[i] = hops[la * R + ljb] + 1 + hops[lja * R + lb];
        } else { /* through router il of group ig */
            int il = fbelow(g, R), lji = gwl[ig];
            const int *bI = poff + (long long)ig * (R + 1);
            if (out != NULL) {
                int x = !((out[ig >> 6] >> (ig & 63)) &
                          (in[ig >> 6] >> (ig & 63)) & 1);
                dead[i] = (unsigned char)x;
                if (x) {
                    (void)fbit(g);
                    (void)fbit(g);
                    (void)fbit(g);
                    (void)fbit(g);
                    continue;
                }
            }
            df_pseg(seg, R, bA, la, lji, fbit(g), links);
            links[2] = glA[ig];
            df_pseg(seg, R, bI, lja, il, fbit(g), links + 3);
            df_pseg(seg, R, bI, il, ljb, fbit(g), links + 5);
            links[7] = glink[(long long)ig * G + gb];
            df_pseg(seg, R, bB, lji, lb, fbit(g), links + 8);
            if (len != NULL)
                len[i] = hops[la * R + lji] + hops[lja * R + il] +
                         hops[il * R + ljb] + hops[lji * R + lb] + 2;
        }
    }
    *gen = st;
}

/* The same for a and b in one group. */
static DF_INLINE void
df_draw_group(struct route *rt, int a, int b, int ndirect, int np,
              struct rng *g, int *links, int *len, int pad)
{
    const int R = rt->R, inj = rt->inj;
    const int Wd = rt->maxmin + 2 * inj, W = rt->maxhops;
    int ga = rt->dfr[a].g, la = a - ga * R, lb = b - ga * R;
    const int *bA = rt->poff + (long long)ga * (R + 1);

    links += inj;
    for (int i = 0; i < np; links += i < ndirect ? Wd : W, i++) {
        int k = 2, n;
        if (i >= ndirect) { /* Valiant inside the group */
            int lv = fbelow(g, R - 1);
            lv += lv >= la;
            df_pseg(rt->pseg, R, bA, la, lv, fbit(g), links);
            n = rt->phops[la * R + lv];
            if (lv != lb) {
                df_pseg(rt->pseg, R, bA, lv, lb, fbit(g), links + 2);
                n += rt->phops[lv * R + lb];
            } else
                links[2] = links[3] = pad;
            k = 4;
        } else {
            df_pseg(rt->pseg, R, bA, la, lb, fbit(g), links);
            n = rt->phops[la * R + lb];
        }
        for (; k < (i < ndirect ? Wd : W) - 2 * inj; k++)
            links[k] = pad;
        if (len != NULL)
            len[i] = n;
    }
}

/* route_draw_pad() on a torus under DOR (ROUTE_ONE, ROUTE_MIN) for
   routers a != b: the paths route_random() and route_valiant() draw (the
   direct ones all the same), without their calls. The generator state is
   kept in a local copy. */
static void
torus_draw_dor(struct route *rt, int s, int d, int a, int b, int ndirect,
               int np, struct rng *gen, int *links, int *len, int pad,
               int *via)
{
    const int inj = rt->inj, Wd = rt->maxmin + 2 * inj, W = rt->maxhops;
    const int nr = rt->nr;
    const int li = inj ? net_inj_link(rt->net, s) : -1;
    const int le = inj ? net_ej_link(rt->net, d) : -1;
    const int *p0 = NULL;
    int n0 = 0;
    struct rng st = *gen, *g = &st;
    const struct twalk tw = rt->tw; /* (links may alias rt's fields) */
    const int *pr;

    if (!rt->padrow_ok || rt->padrow_pad != pad) {
        for (int j = 0; j < W; j++)
            rt->padrow[j] = pad + (j & rt->padmask);
        rt->padrow_pad = pad;
        rt->padrow_ok = 1;
    }
    pr = rt->padrow;
    for (int i = 0; i < np; i++) {
        int w = i < ndirect ? Wd : W, *l = links + inj, n;
        if (i >= ndirect) {
            int x = fbelow(g, nr);
            if (via != NULL)
                via[i - ndirect] = x;
            if (tw.tabled) {
                n = x == a ? 0 : twalk(&tw, a, x, l);
                n += x == b ? 0 : twalk(&tw, x, b, l + n);
            } else {
                n = x == a ? 0 : torus_walk(rt, a, x, l);
                n += x == b ? 0 : torus_walk(rt, x, b, l + n);
            }
        } else if (p0 == NULL) {
            n = n0 = torus_walk(rt, a, b, l);
            p0 = l;
        } else {
            memcpy(l, p0, (size_t)n0 * sizeof *l);
            n = n0;
        }
        if (inj) {
            links[0] = li;
            links[n + 1] = le;
            n += 2;
        }
        memcpy(links + n, pr + n, (size_t)(w - n) * sizeof *links);
        if (len != NULL)
            len[i] = n;
        links += w;
    }
    *gen = st;
}

void
route_spread_pads(struct route *rt, int k)
{
    rt->padmask = k > 1 && k <= ROUTE_PADS && (k & (k - 1)) == 0 ? k - 1 : 0;
    rt->padrow_ok = 0;
}

int
route_by_via(const struct route *rt, int mode)
{
    return rt->family == NET_TORUS && (mode == ROUTE_ONE || mode == ROUTE_MIN);
}

int
route_draw_via(struct route *rt, int s, int d, int mode, int ndirect, int np,
               struct rng *g, int *links, int *len, int pad, int *via)
{
    int a, b, k = ends(rt, s, d, &a, &b);

    if (k == 1 && route_by_via(rt, mode)) {
        torus_draw_dor(rt, s, d, a, b, ndirect, np, g, links, len, pad, via);
        return 0;
    }
    for (int i = ndirect; i < np; i++) /* (no link between routers) */
        via[i - ndirect] = -1;
    return route_draw_pad(rt, s, d, mode, ndirect, np, g, links, len, pad);
}

int
route_via_path(const struct route *rt, int s, int d, int via, int *links)
{
    int a, b, k = ends(rt, s, d, &a, &b), n, *l = links + rt->inj;

    if (k != 1)
        return k == 2 ? wrap(rt, s, d, links, 0) : 0;
    if (via < 0)
        n = torus_walk(rt, a, b, l);
    else {
        n = via == a ? 0 : torus_walk(rt, a, via, l);
        n += via == b ? 0 : torus_walk(rt, via, b, l + n);
    }
    return wrap(rt, s, d, links, n);
}

int
route_dor_hops(const struct route *rt, int a, int b)
{
    const int nd = rt->tp->nd, ng = rt->ng;
    const int *ta = rt->tg + (size_t)a * ng * 4;
    const int *tb = rt->tg + (size_t)b * ng * 4;
    int n = 0;

    for (int g = 0; g < ng; g++, ta += 4, tb += 4) {
        const struct tgroup *G = &rt->grp[g];
        if (G->ent != NULL)
            n += G->ent[ta[0] + tb[2]];
        else {
            int k = G->k0;
            int st = rt->tsd[k][rt->tc[(size_t)b * nd + k] -
                                rt->tc[(size_t)a * nd + k]];
            n += st < 0 ? -st : st;
        }
    }
    return n;
}

int
route_dor_path(const struct route *rt, int a, int b, int *links)
{
    return torus_walk(rt, a, b, links);
}

/* The cells of group g (see route_cells_new()), from cell off on: a row
   of P cells a start router s, cell v of it the part from s to index v
   of group g (s's other coordinates kept), its parent the same part one
   hop shorter; the rows' order into c->ord from *o on. Returns 0, or -1
   when some part is not its parent and a hop (a DOR path's prefix is
   the DOR path to where it ends, so this does not happen). */
static int
cells_group(const struct route *rt, int g, struct route_cells *c, long long off,
            long long *o)
{
    const struct tgroup *G = &rt->grp[g];
    const int nd2 = 2 * rt->tp->nd, P = G->P, wg = G->wg;
    const int st = rt->stride[G->k0];

    for (int s = 0; s < rt->nr; s++) {
        long long base = off + (long long)s * P;
        int u = (s / st) % P, r0 = u * st;
        const int *row = G->ent + (size_t)u * P * (TG_HEAD + wg);
        /* the row's cells by hops (a stable counting sort: hops <= wg) */
        c->rfirst[c->nrows++] = *o;
        for (int h = 0; h <= wg; h++)
            for (int v = 0; v < P; v++)
                if (row[(size_t)v * (TG_HEAD + wg)] == h)
                    c->ord[(*o)++] = (int)(base + v);
        for (int v = 0; v < P; v++) {
            const int *e = row + (size_t)v * (TG_HEAD + wg), n = e[0];
            long long cv = base + v;
            c->hops[cv] = (unsigned char)n;
            c->last[cv] = -1;
            c->par[cv] = -1;
            if (n == 0)
                continue;
            c->last[cv] = rt->tl[(size_t)s * nd2 + e[TG_HEAD + n - 1]];
            /* the router before the last hop, relative to r0 */
            {
                int x = e[TG_HEAD + n - 1];
                int q = r0 + (x >= 0 ? x / nd2 : -((-x + nd2 - 1) / nd2));
                int pv = (q / st) % P;
                const int *pe = row + (size_t)pv * (TG_HEAD + wg);
                if (pe[0] != n - 1 ||
                    memcmp(pe + TG_HEAD, e + TG_HEAD,
                           (size_t)(n - 1) * sizeof(int)) != 0)
                    return -1;
                c->par[cv] = (int)(base + pv);
            }
        }
    }
    return 0;
}

struct route_cells *
route_cells_new(const struct route *rt, long long max_cells)
{
    struct route_cells *c;
    long long n = 0, off[NET_MAX_DIMS], o = 0;
    int *ft;

    if (rt->family != NET_TORUS || !rt->tw.tabled || rt->ng < 1)
        return NULL;
    for (int g = 0; g < rt->ng; g++) {
        off[g] = n;
        n += (long long)rt->nr * rt->grp[g].P;
    }
    if (n > max_cells || n >= INT_MAX)
        return NULL;
    c = xcalloc(1, sizeof *c);
    c->ng = rt->ng;
    c->n = n;
    c->ft = ft = xmalloc((size_t)rt->nr * rt->ng * 2 * sizeof(int));
    c->last = xmalloc((size_t)n * sizeof(int));
    c->par = xmalloc((size_t)n * sizeof(int));
    c->hops = xmalloc((size_t)n);
    c->ord = xmalloc((size_t)n * sizeof(int));
    c->rfirst = xmalloc(((size_t)rt->nr * rt->ng + 1) * sizeof(long long));
    for (int r = 0; r < rt->nr; r++) {
        int below = 0;
        for (int g = 0; g < rt->ng; g++) {
            const struct tgroup *G = &rt->grp[g];
            int i = (r / rt->stride[G->k0]) % G->P;
            ft[(size_t)r * rt->ng * 2 + g] =
                (int)(off[g] + (long long)(r - below) * G->P);
            ft[(size_t)r * rt->ng * 2 + rt->ng + g] = below * G->P + i;
            below += i * rt->stride[G->k0];
        }
    }
    for (int g = 0; g < rt->ng; g++)
        if (cells_group(rt, g, c, off[g], &o) != 0) {
            route_cells_free(c);
            return NULL;
        }
    c->rfirst[c->nrows] = o;
    return c;
}

void
route_cells_free(struct route_cells *c)
{
    if (c == NULL)
        return;
    free(c->ft);
    free(c->last);
    free(c->par);
    free(c->hops);
    free(c->ord);
    free(c->rfirst);
    free(c);
}

/* route_draw_pad(), and with out and in (route_live's, else NULL) its
   paths between groups that they rule out marked in dead[] and not
   written (inlined in both callers, so that route_draw_pad() tests
   nothing). */
static DF_INLINE int
draw_pad(struct route *rt, int s, int d, int mode, int ndirect, int np,
         struct rng *g, int *links, int *len, int pad, const uint64_t *out,
         const uint64_t *in, unsigned char *dead)
{
    int a, b, k = ends(rt, s, d, &a, &b);
    int Wd = rt->maxmin + 2 * rt->inj, W = rt->maxhops;

    if (k == 1 && route_by_via(rt, mode)) {
        torus_draw_dor(rt, s, d, a, b, ndirect, np, g, links, len, pad, NULL);
        return 0;
    }
    if (k == 1 && rt->pseg != NULL && (mode != ROUTE_ONE || ndirect == 0)) {
        if (rt->ppad != pad) {
            for (int j = 0; j < rt->G; j++)
                rt->poff[(long long)j * (rt->R + 1) + rt->R] = pad;
            rt->ppad = pad;
        }
        if (rt->dfr[a].g != rt->dfr[b].g)
            df_draw_apart(rt, a, b, ndirect, np, g, links, len, pad, out, in,
                          dead);
        else
            df_draw_group(rt, a, b, ndirect, np, g, links, len, pad);
        if (rt->inj)
            for (int i = 0; i < np; links += i < ndirect ? Wd : W, i++) {
                links[0] = net_inj_link(rt->net, s);
                links[(i < ndirect ? Wd : W) - 1] = net_ej_link(rt->net, d);
                if (len != NULL)
                    len[i] += 2;
            }
        return 0;
    }
    if (k == 1 && rt->family == NET_FATTREE) { /* (route_random()'s and
                                                   route_valiant()'s) */
        ft_draw(rt, s, d, a, b, fam_mode(rt, mode), ndirect, np, g, links,
                len, pad);
        return 0;
    }
    for (int i = 0; i < np; links += i < ndirect ? Wd : W, i++) {
        int n = i < ndirect ? route_random(rt, s, d, mode, g, links)
                            : route_valiant(rt, s, d, mode, g, links);
        if (n < 0)
            return -1;
        pad_from(links, n, i < ndirect ? Wd : W, pad);
        if (len != NULL)
            len[i] = n;
    }
    return 0;
}

int
route_draw_pad(struct route *rt, int s, int d, int mode, int ndirect, int np,
               struct rng *g, int *links, int *len, int pad)
{
    return draw_pad(rt, s, d, mode, ndirect, np, g, links, len, pad, NULL, NULL,
                    NULL);
}

int
route_paths(struct route *rt, int s, int d, int mode, int max,
            const struct route_set **out)
{
    int a, b, k = ends(rt, s, d, &a, &b), n, hops = rt->maxhops;
    double c;

    if (max < 1)
        max = 1;
    rt->set.n = 0;
    rt->set.count = 0;
    *out = &rt->set;
    if (k == 0)
        return 0;
    c = k == 2 ? 1 : rcount(rt, a, b, mode);
    if (c < 0)
        return -1;
    n = c <= max ? (int)c : max;
    if (n + 1 > rt->set_cap_paths) {
        rt->set_cap_paths = n + 1;
        rt->set_off = xreallocarray(rt->set_off, (size_t)n + 1, sizeof(int));
    }
    if ((long long)n * hops > rt->set_cap_links) {
        rt->set_cap_links = n * hops;
        rt->set_links =
            xreallocarray(rt->set_links, (size_t)n * hops, sizeof(int));
    }
    rt->set_off[0] = 0;
    for (int i = 0; i < n; i++) {
        double idx = n == c ? i : floor((double)i * c / n);
        int *l = rt->set_links + rt->set_off[i], len;
        len = k == 2 ? 0 : rpath(rt, a, b, mode, idx, l + rt->inj);
        if (len < 0)
            return -1;
        len = wrap(rt, s, d, l, len);
        rt->set_off[i + 1] = rt->set_off[i] + len;
    }
    rt->set.n = n;
    rt->set.count = c;
    rt->set.off = rt->set_off;
    rt->set.links = rt->set_links;
    return n;
}

int
route_shares(struct route *rt, int s, int d, int mode,
             const struct route_share **out, double *npaths, int *maxlen)
{
    int a, b, k, n = 0, pre = rt->inj, ml = 0;
    double c = 1;

    *out = rt->sh;
    k = ends(rt, s, d, &a, &b);
    if (k != 0 && rt->memo_n >= 0 && a == rt->memo_a && b == rt->memo_b &&
        mode == rt->memo_mode) {
        if (rt->inj) {
            rt->sh[0].link = net_inj_link(rt->net, s);
            rt->sh[rt->memo_n - 1].link = net_ej_link(rt->net, d);
        }
        if (npaths != NULL)
            *npaths = rt->memo_c;
        if (maxlen != NULL)
            *maxlen = rt->memo_ml;
        return rt->memo_n;
    }
    rt->memo_n = -1;
    if (npaths != NULL)
        *npaths = k == 0 ? 0 : 1;
    if (maxlen != NULL)
        *maxlen = 0;
    if (k == 0)
        return 0;
    share_reserve(rt, 2 + rt->maxhops);
    if (k == 2)
        goto wrapup;
    c = rcount(rt, a, b, mode);
    if (npaths != NULL)
        *npaths = c;
    if (c < 0)
        return -1;
    if ((rt->family == NET_TORUS && mode == ROUTE_ALL && c > 1) ||
        (rt->family == NET_GRAPH && mode != ROUTE_ONE && c > 1)) {
        /* every path of the set has the same (minimal) length */
        ml = rpath(rt, a, b, mode, 0, rt->tmp);
        if (ml < 0)
            return -1;
        if (rt->family == NET_TORUS) {
            /* torus_shares_all() may move rt->sh: read it after the call
               (as one expression the order was the compiler's choice) */
            n = torus_shares_all(rt, a, b, pre, 0);
            n = share_merge(rt, rt->sh + pre, n);
        } else if ((n = graph_shares(rt, a, b, pre)) < 0) {
            return -1;
        }
    } else {
        long long np = (long long)c;
        double f = 1.0 / (double)np;
        for (long long i = 0; i < np; i++) {
            int len = rpath(rt, a, b, mode, (double)i, rt->tmp);
            if (len < 0)
                return -1;
            if (len > ml)
                ml = len;
            share_reserve(rt, pre + n + len + 2);
            for (int j = 0; j < len; j++) {
                rt->sh[pre + n].link = rt->tmp[j];
                rt->sh[pre + n].frac = f;
                n++;
            }
        }
        n = share_merge(rt, rt->sh + pre, n);
    }
wrapup:
    share_reserve(rt, pre + n + 2);
    if (rt->inj) {
        rt->sh[0].link = net_inj_link(rt->net, s);
        rt->sh[0].frac = 1;
        rt->sh[n + 1].link = net_ej_link(rt->net, d);
        rt->sh[n + 1].frac = 1;
        n += 2;
        ml += 2;
    }
    if (maxlen != NULL)
        *maxlen = ml;
    *out = rt->sh;
    rt->memo_a = a;
    rt->memo_b = b;
    rt->memo_mode = mode;
    rt->memo_n = n;
    rt->memo_ml = ml;
    rt->memo_c = c;
    return n;
}

/* ------------------------------------------------------------ liveness */

struct route_live {
    struct route *rt; /* its tables */
    const float *v;
    int words;     /* 64-bit words of a set of groups */
    /* route_live_mark(): per link between two routers whether it was
       usable at the last mark (2: not marked yet), and per group whether
       its rows must be made again (a link of it, or an L2 link from or
       to it, changed) */
    unsigned char *was, *dirty;
    uint64_t *out; /* per router a: groups g whose L2 link from a's group
                      is usable and reachable from a by a usable segment */
    uint64_t *in;  /* per router b: groups g whose L2 link to b's group
                      is usable and lands at a router that reaches b by a
                      usable segment */
};

struct route_live *
route_live_new(const struct net *net)
{
    struct route_live *lv;
    struct route *rt;
    long long nr = net_routers(net);

    if (net_family(net) != NET_DRAGONFLY)
        return NULL;
    rt = route_new(net);
    if (rt->pseg == NULL || nr * rt->G > (1LL << 27)) {
        route_free(rt);
        return NULL;
    }
    lv = xcalloc(1, sizeof *lv);
    lv->rt = rt;
    lv->words = (rt->G + 63) / 64;
    lv->out = xcalloc((size_t)(nr * lv->words), sizeof(uint64_t));
    lv->in = xcalloc((size_t)(nr * lv->words), sizeof(uint64_t));
    lv->was = xmalloc((size_t)net_links(net) + 1);
    memset(lv->was, 2, (size_t)net_links(net) + 1);
    lv->dirty = xmalloc((size_t)rt->G);
    memset(lv->dirty, 1, (size_t)rt->G);
    return lv;
}

void
route_live_free(struct route_live *lv)
{
    if (lv == NULL)
        return;
    route_free(lv->rt);
    free(lv->out);
    free(lv->in);
    free(lv->was);
    free(lv->dirty);
    free(lv);
}

void
route_live_mark(struct route_live *lv, const float *v)
{
    const struct route *rt = lv->rt;
    const int *src = net_link_srcs(rt->net), *dst = net_link_dsts(rt->net);
    int nl = net_links(rt->net), nr = net_routers(rt->net), R = rt->R;

    memset(lv->dirty, 0, (size_t)rt->G);
    for (int l = 0; l < nl; l++) {
        unsigned char now = v[l] < 0;
        if (now == lv->was[l] || src[l] >= nr || dst[l] >= nr)
            continue; /* (an injection link: route_live_may()'s own) */
        lv->was[l] = now;
        lv->dirty[src[l] / R] = 1;
        lv->dirty[dst[l] / R] = 1;
    }
}

/* Some option of the segment from local router la to lb of group g uses
   only usable links. */
static int
live_seg(const struct route_live *lv, const float *v, int g, int la, int lb)
{
    const struct route *rt = lv->rt;
    const int *base = rt->poff + (long long)g * (rt->R + 1);

    for (int opt = 0; opt < 2; opt++) {
        uint32_t e = rt->pseg[(la * rt->R + lb) * 2 + opt];
        int s0 = (int)(e & 0xff), s1 = (int)(e >> 16 & 0xff);
        if ((s0 == rt->R || v[base[s0] + (int)(e >> 8 & 0xff)] >= 0) &&
            (s1 == rt->R || v[base[s1] + (int)(e >> 24)] >= 0))
            return 1;
    }
    return 0;
}

/* Router o of group g's rows of out and in, empty. */
static void
live_clear(struct route_live *lv, int g, int o, uint64_t **out, uint64_t **in)
{
    long long at = ((long long)g * lv->rt->R + o) * lv->words;

    *out = lv->out + at;
    *in = lv->in + at;
    memset(*out, 0, (size_t)lv->words * sizeof(uint64_t));
    memset(*in, 0, (size_t)lv->words * sizeof(uint64_t));
}

/* Group g's rows of out and in, bit by bit. */
static void
live_rows(struct route_live *lv, const float *v, int g)
{
    const struct route *rt = lv->rt;
    int R = rt->R, G = rt->G;

    for (int o = 0; o < R; o++) {
        uint64_t *out, *in;
        live_clear(lv, g, o, &out, &in);
        for (int h = 0; h < G; h++) {
            if (h == g)
                continue;
            if (v[rt->glink[(long long)g * G + h]] >= 0 &&
                live_seg(lv, v, g, o, rt->gwl[h]))
                out[h / 64] |= 1ULL << (h % 64);
            if (v[rt->glink[(long long)h * G + g]] >= 0 &&
                live_seg(lv, v, g, rt->gwl[h], o))
                in[h / 64] |= 1ULL << (h % 64);
        }
    }
}

/* The same when the groups outnumber the routers of a group (the full
   system: 960 and 96). The L2 links from g to h and from h to g both leave
   and land at its router gwl[h], so the groups h whose links are usable
   are first gathered by that router (om and im: a set of groups per
   router of g), and router o's out-set is the union of om[x] over the
   routers x it reaches by a usable segment (its in-set: im[x] over those
   reaching it) -- R x R segments a group at most, not R x G, and none
   to a router without a usable L2 link (any[x]: bit 0 out, bit 1 in). */
static void
live_group(struct route_live *lv, const float *v, int g, uint64_t *om,
           uint64_t *im, unsigned char *any)
{
    const struct route *rt = lv->rt;
    int R = rt->R, G = rt->G, w = lv->words;

    memset(om, 0, (size_t)R * w * sizeof(uint64_t));
    memset(im, 0, (size_t)R * w * sizeof(uint64_t));
    memset(any, 0, (size_t)R);
    for (int h = 0; h < G; h++) {
        int x = rt->gwl[h];
        if (h == g)
            continue;
        if (v[rt->glink[(long long)g * G + h]] >= 0) {
            om[(long long)x * w + h / 64] |= 1ULL << (h % 64);
            any[x] |= 1;
        }
        if (v[rt->glink[(long long)h * G + g]] >= 0) {
            im[(long long)x * w + h / 64] |= 1ULL << (h % 64);
            any[x] |= 2;
        }
    }
    for (int o = 0; o < R; o++) {
        uint64_t *out, *in;
        live_clear(lv, g, o, &out, &in);
        for (int x = 0; x < R; x++) {
            const uint64_t *a = om + (long long)x * w, *b = im + (long long)x * w;
            if ((any[x] & 1) && live_seg(lv, v, g, o, x))
                for (int i = 0; i < w; i++)
                    out[i] |= a[i];
            if ((any[x] & 2) && live_seg(lv, v, g, x, o))
                for (int i = 0; i < w; i++)
                    in[i] |= b[i];
        }
    }
}

void
route_live_update(struct route_live *lv, const float *v, int part, int nparts)
{
    const struct route *rt = lv->rt;
    int R = rt->R, G = rt->G, w = lv->words;
    int g0 = (int)((long long)G * part / nparts);
    int g1 = (int)((long long)G * (part + 1) / nparts);
    uint64_t *m = NULL;

    if (part == 0)
        lv->v = v;
    for (int g = g0; g < g1; g++) {
        if (!lv->dirty[g])
            continue;
        if (G <= R) { /* (fewer groups than routers: bit by bit) */
            live_rows(lv, v, g);
            continue;
        }
        if (m == NULL)
            m = xmalloc(2 * (size_t)R * w * sizeof(uint64_t) + (size_t)R);
        live_group(lv, v, g, m, m + (size_t)R * w,
                   (unsigned char *)(m + 2 * (size_t)R * w));
    }
    free(m);
}

int
route_live_may(const struct route_live *lv, int s, int d)
{
    const struct route *rt = lv->rt;
    int a, b, k = ends(rt, s, d, &a, &b), w = lv->words, ga, gb;
    const uint64_t *out, *in;

    if (k == 0)
        return 1;
    if (rt->inj && (lv->v[net_inj_link(rt->net, s)] < 0 ||
                    lv->v[net_ej_link(rt->net, d)] < 0))
        return 0;
    ga = rt->dfr[a].g;
    gb = rt->dfr[b].g;
    if (k == 2 || ga == gb)
        return 1;
    /* a path leaves ga on an L2 link to some group g reached from a and
       enters gb on an L2 link from some group landing at a router that
       reaches b: from g itself for an indirect path through g (whatever
       it does inside g), from ga for a minimal one */
    out = lv->out + (long long)a * w;
    in = lv->in + (long long)b * w;
    if ((out[gb / 64] >> (gb % 64) & 1) && (in[ga / 64] >> (ga % 64) & 1))
        return 1;
    for (int i = 0; i < w; i++)
        if (out[i] & in[i])
            return 1;
    return 0;
}

int
route_draw_live(struct route *rt, const struct route_live *lv, int s, int d,
                int mode, int ndirect, int np, struct rng *g, int *links,
                int *len, int pad, unsigned char *dead)
{
    int a, b;

    if (lv != NULL && ends(rt, s, d, &a, &b) == 1 && rt->pseg != NULL &&
        rt->dfr[a].g != rt->dfr[b].g && (mode != ROUTE_ONE || ndirect == 0))
        return draw_pad(rt, s, d, mode, ndirect, np, g, links, len, pad,
                        lv->out + (long long)a * lv->words,
                        lv->in + (long long)b * lv->words, dead);
    for (int i = 0; i < np; i++)
        dead[i] = 0;
    return draw_pad(rt, s, d, mode, ndirect, np, g, links, len, pad, NULL, NULL,
                    NULL);
}

int
route_mode_parse(const char *name)
{
    if (name == NULL)
        return -1;
    if (strcasecmp(name, "one") == 0 || strcasecmp(name, "dor") == 0)
        return ROUTE_ONE;
    if (strcasecmp(name, "min") == 0)
        return ROUTE_MIN;
    if (strcasecmp(name, "all") == 0)
        return ROUTE_ALL;
    if (strcasecmp(name, "bgq") == 0)
        return ROUTE_BGQ;
    return -1;
}
