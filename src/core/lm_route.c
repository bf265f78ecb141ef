/*
 * lm_route: paths in lm_net networks. See lm_route.h.
 *
 * Structured families compute their paths by arithmetic on the link
 * numbering of lm_net.c. Trees climb to the lowest common ancestor.
 * Graphs run two breadth-first searches per pair and count paths, so the
 * even split of a message over its shortest paths needs no enumeration
 * (the share of link a->b is paths(s, a) * paths(b, d) / paths(s, d)).
 */
#include "core/lm_route.h"

#include <stdlib.h>
#include <string.h>

#include "core/rho_alloc.h"

struct lm_route {
    const struct lm_net *net;
    int maxhops;
    int *pbuf, *plen;        /* LM_MAX_PATHS paths of maxhops links */
    struct lm_share *share;
    int capshare;
    int *tmp;                /* a path of maxhops */
    /* trees */
    int *depth;
    /* graphs */
    int *in_off, *in_link;   /* reverse CSR */
    int *dist_s, *dist_d, *queue;
    double *cnt_s, *cnt_d;
};

static int
torus_maxhops(const struct lm_net *net)
{
    int h = 0;

    for (int d = 0; d < net->t.nd; d++)
        h += net->t.wrap[d] ? net->t.dim[d] / 2 : net->t.dim[d] - 1;
    return h;
}

struct lm_route *
lm_route_new(const struct lm_net *net)
{
    struct lm_route *rt = xcalloc(1, sizeof *rt);
    int mh;

    rt->net = net;
    switch (net->family) {
    case LM_TORUS:
        mh = torus_maxhops(net);
        break;
    case LM_DRAGONFLY:
        mh = 5;
        break;
    case LM_SUPERNODE:
        mh = 3;
        break;
    case LM_FATTREE:
        mh = 2 * (net->ft.levels - 1) + 2;
        break;
    case LM_TREE:
        rt->depth = xcalloc((size_t)net->nr, sizeof *rt->depth);
        mh = 0;
        for (int x = 1; x < net->nr; x++) {
            rt->depth[x] = rt->depth[net->parent[x]] + 1;
            if (rt->depth[x] > mh)
                mh = rt->depth[x];
        }
        mh *= 2;
        break;
    default: {
        int *fill;
        mh = net->nr;
        rt->in_off = xcalloc((size_t)net->nr + 1, sizeof *rt->in_off);
        rt->in_link = xcalloc((size_t)(net->nl ? net->nl : 1),
                              sizeof *rt->in_link);
        for (int l = 0; l < net->nl; l++)
            rt->in_off[net->lto[l] + 1]++;
        for (int r = 0; r < net->nr; r++)
            rt->in_off[r + 1] += rt->in_off[r];
        fill = xcalloc((size_t)net->nr, sizeof *fill);
        for (int l = 0; l < net->nl; l++)
            rt->in_link[rt->in_off[net->lto[l]] + fill[net->lto[l]]++] = l;
        free(fill);
        rt->dist_s = xcalloc((size_t)net->nr, sizeof *rt->dist_s);
        rt->dist_d = xcalloc((size_t)net->nr, sizeof *rt->dist_d);
        rt->queue = xcalloc((size_t)net->nr, sizeof *rt->queue);
        rt->cnt_s = xcalloc((size_t)net->nr, sizeof *rt->cnt_s);
        rt->cnt_d = xcalloc((size_t)net->nr, sizeof *rt->cnt_d);
    }
    }
    rt->maxhops = 2 * mh + 2; /* room for indirect paths */
    rt->pbuf = xcalloc((size_t)LM_MAX_PATHS * (size_t)rt->maxhops,
                       sizeof *rt->pbuf);
    rt->plen = xcalloc(LM_MAX_PATHS, sizeof *rt->plen);
    rt->tmp = xcalloc((size_t)rt->maxhops, sizeof *rt->tmp);
    rt->capshare = 1024;
    rt->share = xcalloc((size_t)rt->capshare, sizeof *rt->share);
    return rt;
}

void
lm_route_free(struct lm_route *rt)
{
    if (rt == NULL)
        return;
    free(rt->pbuf);
    free(rt->plen);
    free(rt->share);
    free(rt->tmp);
    free(rt->depth);
    free(rt->in_off);
    free(rt->in_link);
    free(rt->dist_s);
    free(rt->dist_d);
    free(rt->queue);
    free(rt->cnt_s);
    free(rt->cnt_d);
    free(rt);
}

int
lm_route_maxhops(const struct lm_route *rt)
{
    return rt->maxhops;
}

/* ---- torus ---- */

/* Walk dimension dim from router *r to coordinate y: + if sign > 0. */
static int
torus_walk(const struct lm_net *net, int *r, int dim, int y, int sign,
           int *out, int n)
{
    int nd = net->t.nd, x[LM_MAX_DIMS];

    lm_torus_coords(net, *r, x);
    while (x[dim] != y) {
        int l = net->tlink[((long long)*r * nd + dim) * 2 + (sign > 0 ? 0 : 1)];
        out[n++] = l;
        *r = net->lto[l];
        x[dim] = (x[dim] + sign + net->t.dim[dim]) % net->t.dim[dim];
    }
    return n;
}

/* The sign to correct dimension dim from a to b: +1, -1, or 0 on a tie
   of a torus (both ways are as short). */
static int
torus_sign(const struct lm_net *net, int dim, int a, int b)
{
    int D = net->t.dim[dim], fwd, bwd;

    if (!net->t.wrap[dim])
        return b > a ? 1 : -1;
    fwd = ((b - a) % D + D) % D;
    bwd = D - fwd;
    return fwd < bwd ? 1 : bwd < fwd ? -1 : 0;
}

/* One path in a given order of dimensions and tie directions. */
static int
torus_path(const struct lm_net *net, int s, int d, const int *order, int nord,
           const int *tie_sign, int *out)
{
    int x[LM_MAX_DIMS], y[LM_MAX_DIMS], n = 0, r = s;

    lm_torus_coords(net, s, x);
    lm_torus_coords(net, d, y);
    for (int k = 0; k < nord; k++) {
        int dim = order[k], sg;
        if (x[dim] == y[dim])
            continue;
        sg = torus_sign(net, dim, x[dim], y[dim]);
        if (sg == 0)
            sg = tie_sign ? tie_sign[dim] : 1;
        n = torus_walk(net, &r, dim, y[dim], sg, out, n);
    }
    return n;
}

static int
next_perm(int *a, int n)
{
    int i = n - 2, j = n - 1;

    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    while (a[j] <= a[i])
        j--;
    {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        int t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
    return 1;
}

static int
torus_paths(struct lm_route *rt, int s, int d, int *links, int *len, int max)
{
    const struct lm_net *net = rt->net;
    int x[LM_MAX_DIMS], y[LM_MAX_DIMS], dims[LM_MAX_DIMS], ties[LM_MAX_DIMS];
    int nd = 0, nt = 0, np = 0, order[LM_MAX_DIMS];

    if (s == d)
        return 0;
    if (!net->t.all_minimal) {
        for (int k = 0; k < net->t.nd; k++)
            order[k] = k;
        len[0] = torus_path(net, s, d, order, net->t.nd, NULL, links);
        return 1;
    }
    lm_torus_coords(net, s, x);
    lm_torus_coords(net, d, y);
    for (int k = 0; k < net->t.nd; k++)
        if (x[k] != y[k]) {
            dims[nd++] = k;
            if (torus_sign(net, k, x[k], y[k]) == 0)
                ties[nt++] = k;
        }
    do {
        for (int bits = 0; bits < (1 << nt) && np < max; bits++) {
            int sg[LM_MAX_DIMS];
            for (int k = 0; k < net->t.nd; k++)
                sg[k] = 1;
            for (int t = 0; t < nt; t++)
                sg[ties[t]] = (bits >> t) & 1 ? -1 : 1;
            len[np] = torus_path(net, s, d, dims, nd, sg,
                                 links + np * rt->maxhops);
            np++;
        }
    } while (np < max && next_perm(dims, nd));
    return np;
}

/* ---- dragonfly ---- */

static int
df_row_link(const struct lm_net *net, int r, int c2)
{
    int C = net->df.cols, c = r % C;

    return r * (C - 1) + (c2 < c ? c2 : c2 - 1);
}

static int
df_col_link(const struct lm_net *net, int r, int k2)
{
    long long C = net->df.cols, K = net->df.rows, R = K * C;
    long long nr = (long long)net->df.groups * R, k = (r % R) / C;

    return (int)(nr * (C - 1) + (long long)r * (K - 1) +
                 (k2 < k ? k2 : k2 - 1));
}

static int
df_global_link(const struct lm_net *net, int g1, int g2)
{
    long long C = net->df.cols, K = net->df.rows, R = K * C;
    long long nr = (long long)net->df.groups * R, G = net->df.groups;

    return (int)(nr * (C - 1) + nr * (K - 1) + g1 * (G - 1) +
                 (g2 < g1 ? g2 : g2 - 1));
}

/* Intra-group alternatives from s to d (same group): how many (1 or 2). */
static int
df_nalt(const struct lm_net *net, int s, int d)
{
    int C = net->df.cols, R = net->df.rows * C;

    if (s == d)
        return 1;
    if ((s % R) / C == (d % R) / C || s % C == d % C)
        return 1;
    return 2;
}

/* Intra-group path alternative alt (0 row first, 1 column first). */
static int
df_intra(const struct lm_net *net, int s, int d, int alt, int *out, int n)
{
    int C = net->df.cols, R = net->df.rows * C;
    int ks = (s % R) / C, cs = s % C, kd = (d % R) / C, cd = d % C;
    int g = s / R;

    if (s == d)
        return n;
    if (ks == kd) {
        out[n++] = df_row_link(net, s, cd);
        return n;
    }
    if (cs == cd) {
        out[n++] = df_col_link(net, s, kd);
        return n;
    }
    if (alt == 0) { /* row first: to (ks, cd), then column */
        int m = g * R + ks * C + cd;
        out[n++] = df_row_link(net, s, cd);
        out[n++] = df_col_link(net, m, kd);
    } else { /* column first: to (kd, cs), then row */
        int m = g * R + kd * C + cs;
        out[n++] = df_col_link(net, s, kd);
        out[n++] = df_row_link(net, m, cd);
    }
    return n;
}

static int
df_paths(struct lm_route *rt, int s, int d, int *links, int *len, int max)
{
    const struct lm_net *net = rt->net;
    int R = net->df.rows * net->df.cols, gs = s / R, gd = d / R, np = 0;

    if (s == d)
        return 0;
    if (gs == gd) {
        for (int a = 0; a < df_nalt(net, s, d) && np < max; a++, np++)
            len[np] = df_intra(net, s, d, a, links + np * rt->maxhops, 0);
        return np;
    }
    {
        int gw = gs * R + gd % R, land = gd * R + gs % R;
        int na = df_nalt(net, s, gw), nb = df_nalt(net, land, d);
        for (int a = 0; a < na; a++)
            for (int b = 0; b < nb && np < max; b++, np++) {
                int *p = links + np * rt->maxhops, n;
                n = df_intra(net, s, gw, a, p, 0);
                p[n++] = df_global_link(net, gs, gd);
                len[np] = df_intra(net, land, d, b, p, n);
            }
    }
    return np;
}

/* ---- supernode ---- */

static int
sn_l1(const struct lm_net *net, int a, int b)
{
    int N = net->sn.nps, i = a % N, j = b % N;

    return a * (N - 1) + (j < i ? j : j - 1);
}

static int
sn_path(const struct lm_net *net, int s, int d, int *out)
{
    int N = net->sn.nps, S = net->sn.sn, ss = s / N, sd = d / N, n = 0;

    if (s == d)
        return 0;
    if (ss == sd) {
        out[n++] = sn_l1(net, s, d);
        return n;
    }
    {
        int gw = ss * N + sd % N, land = sd * N + ss % N;
        if (s != gw)
            out[n++] = sn_l1(net, s, gw);
        out[n++] = net->sn.sn * N * (N - 1) + ss * (S - 1) +
                   (sd < ss ? sd : sd - 1);
        if (land != d)
            out[n++] = sn_l1(net, land, d);
    }
    return n;
}

/* ---- fat-tree ---- */

struct ft {
    int h, q, K, N;
    long long b1, b2, b3;
};

static struct ft
ft_of(const struct lm_net *net)
{
    struct ft f;

    f.K = net->ft.k;
    f.h = f.K / 2;
    f.q = f.K / 4;
    f.N = net->ft_per_level;
    f.b1 = (long long)f.N * f.h;
    f.b2 = 2LL * f.N * f.h;
    f.b3 = f.b2 + (long long)f.N * f.h;
    return f;
}

/* Enumerate fat-tree minimal paths; paths are leaf to leaf. */
static int
ft_paths(struct lm_route *rt, int s, int d, int *links, int *len, int max)
{
    const struct lm_net *net = rt->net;
    struct ft f = ft_of(net);
    int np = 0;

    if (s == d)
        return 0;
    if (net->ft.levels == 2) {
        for (int t = 0; t < f.q; t++)
            for (int k = 0; k < 2; k++)
                for (int k2 = 0; k2 < 2 && np < max; k2++, np++) {
                    int *p = links + np * rt->maxhops;
                    p[0] = s * f.h + t * 2 + k;
                    p[1] = (int)(f.b1 + (long long)t * f.K + d * 2 + k2);
                    len[np] = 2;
                }
        return np;
    }
    {
        int ga = s / f.h, gb = d / f.h, jb = d % f.h;
        for (int j2 = 0; j2 < f.h; j2++) {
            if (ga == gb) {
                if (np >= max)
                    break;
                links[np * rt->maxhops] = s * f.h + j2;
                links[np * rt->maxhops + 1] =
                    (int)(f.b1 + (long long)(gb * f.h + j2) * f.h + jb);
                len[np++] = 2;
                continue;
            }
            for (int m = 0; m < f.q; m++)
                for (int k = 0; k < 2; k++)
                    for (int k2 = 0; k2 < 2 && np < max; k2++, np++) {
                        int *p = links + np * rt->maxhops, t = j2 * f.q + m;
                        p[0] = s * f.h + j2;
                        p[1] = (int)(f.b2 + (long long)(ga * f.h + j2) * f.h +
                                     m * 2 + k);
                        p[2] = (int)(f.b3 + (long long)t * f.K + gb * 2 + k2);
                        p[3] = (int)(f.b1 + (long long)(gb * f.h + j2) * f.h +
                                     jb);
                        len[np] = 4;
                    }
        }
    }
    return np;
}

/* ---- trees ---- */

static int
tree_path(struct lm_route *rt, int s, int d, int *out)
{
    const struct lm_net *net = rt->net;
    int a = s, b = d, n = 0, nd = 0, down[4096];

    while (rt->depth[a] > rt->depth[b]) {
        out[n++] = 2 * (a - 1);
        a = net->parent[a];
    }
    while (rt->depth[b] > rt->depth[a]) {
        if (nd < 4096)
            down[nd++] = 2 * (b - 1) + 1;
        b = net->parent[b];
    }
    while (a != b) {
        out[n++] = 2 * (a - 1);
        a = net->parent[a];
        if (nd < 4096)
            down[nd++] = 2 * (b - 1) + 1;
        b = net->parent[b];
    }
    while (nd > 0)
        out[n++] = down[--nd];
    return n;
}

/* ---- graphs ---- */

static void
bfs(struct lm_route *rt, int src, int *dist, double *cnt, int forward)
{
    const struct lm_net *net = rt->net;
    int head = 0, tail = 0;

    for (int r = 0; r < net->nr; r++) {
        dist[r] = -1;
        cnt[r] = 0;
    }
    dist[src] = 0;
    cnt[src] = 1;
    rt->queue[tail++] = src;
    while (head < tail) {
        int v = rt->queue[head++];
        int lo = forward ? net->out_off[v] : rt->in_off[v];
        int hi = forward ? net->out_off[v + 1] : rt->in_off[v + 1];
        for (int i = lo; i < hi; i++) {
            int l = forward ? net->out_link[i] : rt->in_link[i];
            int w = forward ? net->lto[l] : net->lfrom[l];
            if (dist[w] < 0) {
                dist[w] = dist[v] + 1;
                rt->queue[tail++] = w;
            }
            if (dist[w] == dist[v] + 1)
                cnt[w] += cnt[v];
        }
    }
}

/* Is link l on a shortest s -> d path? (after both searches) */
static int
on_dag(const struct lm_route *rt, int l, int d_sd)
{
    const struct lm_net *net = rt->net;
    int a = net->lfrom[l], b = net->lto[l];

    return rt->dist_s[a] >= 0 && rt->dist_d[b] >= 0 &&
           rt->dist_s[a] + 1 + rt->dist_d[b] == d_sd;
}

static int
graph_paths(struct lm_route *rt, int s, int d, int *links, int *len, int max)
{
    const struct lm_net *net = rt->net;
    int np = 0, dsd;
    int stack_v[4096], stack_i[4096], depth = 0;

    if (s == d)
        return 0;
    bfs(rt, s, rt->dist_s, rt->cnt_s, 1);
    bfs(rt, d, rt->dist_d, rt->cnt_d, 0);
    dsd = rt->dist_s[d];
    if (dsd < 0)
        return 0;
    /* depth-first over the shortest-path DAG */
    stack_v[0] = s;
    stack_i[0] = net->out_off[s];
    while (depth >= 0 && np < max) {
        int v = stack_v[depth], found = 0;
        if (v == d) {
            memcpy(links + np * rt->maxhops, rt->tmp,
                   (size_t)depth * sizeof *rt->tmp);
            len[np++] = depth;
            depth--;
            continue;
        }
        while (stack_i[depth] < net->out_off[v + 1]) {
            int l = net->out_link[stack_i[depth]++];
            if (on_dag(rt, l, dsd) && rt->dist_s[net->lfrom[l]] == depth &&
                depth + 1 < 4096) {
                rt->tmp[depth] = l;
                depth++;
                stack_v[depth] = net->lto[l];
                stack_i[depth] = net->out_off[net->lto[l]];
                found = 1;
                break;
            }
        }
        if (!found)
            depth--;
    }
    return np;
}

/* ---- the interface ---- */

int
lm_route_paths(struct lm_route *rt, int s, int d, int *links, int *len,
               int max)
{
    const struct lm_net *net = rt->net;

    if (s == d || max <= 0)
        return 0;
    switch (net->family) {
    case LM_TORUS:
        return torus_paths(rt, s, d, links, len, max);
    case LM_DRAGONFLY:
        return df_paths(rt, s, d, links, len, max);
    case LM_SUPERNODE:
        len[0] = sn_path(net, s, d, links);
        return 1;
    case LM_FATTREE:
        return ft_paths(rt, s, d, links, len, max);
    case LM_TREE:
        len[0] = tree_path(rt, s, d, links);
        return 1;
    default:
        return graph_paths(rt, s, d, links, len, max);
    }
}

static void
share_reserve(struct lm_route *rt, int n)
{
    if (n <= rt->capshare)
        return;
    rt->capshare = (int)rho_grow_cap((size_t)rt->capshare, (size_t)n);
    rt->share = xreallocarray(rt->share, (size_t)rt->capshare,
                              sizeof *rt->share);
}

/* Fat-tree even split, by fractions (no enumeration). */
static int
ft_split(struct lm_route *rt, int s, int d, int *npaths)
{
    const struct lm_net *net = rt->net;
    struct ft f = ft_of(net);
    int n = 0;

    if (net->ft.levels == 2) {
        share_reserve(rt, 4 * f.q);
        for (int t = 0; t < f.q; t++)
            for (int k = 0; k < 2; k++) {
                rt->share[n++] =
                    (struct lm_share){s * f.h + t * 2 + k, 1.0 / f.h};
                rt->share[n++] = (struct lm_share){
                    (int)(f.b1 + (long long)t * f.K + d * 2 + k), 1.0 / f.h};
            }
        *npaths = 4 * f.q;
        return n;
    }
    {
        int ga = s / f.h, gb = d / f.h, jb = d % f.h;
        double h2 = (double)f.h * f.h;
        share_reserve(rt, 2 * f.h * f.h + 2 * f.h);
        for (int j2 = 0; j2 < f.h; j2++) {
            rt->share[n++] = (struct lm_share){s * f.h + j2, 1.0 / f.h};
            rt->share[n++] = (struct lm_share){
                (int)(f.b1 + (long long)(gb * f.h + j2) * f.h + jb), 1.0 / f.h};
            if (ga == gb)
                continue;
            for (int m = 0; m < f.q; m++)
                for (int k = 0; k < 2; k++) {
                    int t = j2 * f.q + m;
                    rt->share[n++] = (struct lm_share){
                        (int)(f.b2 + (long long)(ga * f.h + j2) * f.h + m * 2 +
                              k),
                        1.0 / h2};
                    rt->share[n++] = (struct lm_share){
                        (int)(f.b3 + (long long)t * f.K + gb * 2 + k), 1.0 / h2};
                }
        }
        *npaths = ga == gb ? f.h : 2 * f.h * f.h;
    }
    return n;
}

int
lm_route_split(struct lm_route *rt, int s, int d, const struct lm_share **out,
               int *npaths)
{
    const struct lm_net *net = rt->net;
    int n = 0, np = 0;

    *out = rt->share;
    if (s == d) {
        if (npaths)
            *npaths = 0;
        return 0;
    }
    if (net->family == LM_FATTREE) {
        n = ft_split(rt, s, d, &np);
    } else if (net->family == LM_GRAPH) {
        int dsd;
        bfs(rt, s, rt->dist_s, rt->cnt_s, 1);
        bfs(rt, d, rt->dist_d, rt->cnt_d, 0);
        dsd = rt->dist_s[d];
        if (dsd > 0) {
            for (int l = 0; l < net->nl; l++)
                if (on_dag(rt, l, dsd)) {
                    share_reserve(rt, n + 1);
                    rt->share[n++] = (struct lm_share){
                        l, rt->cnt_s[net->lfrom[l]] * rt->cnt_d[net->lto[l]] /
                               rt->cnt_s[d]};
                }
            np = (int)(rt->cnt_s[d] < LM_MAX_PATHS ? rt->cnt_s[d]
                                                   : LM_MAX_PATHS);
        }
    } else {
        np = lm_route_paths(rt, s, d, rt->pbuf, rt->plen, LM_MAX_PATHS);
        for (int p = 0; p < np; p++) {
            share_reserve(rt, n + rt->plen[p]);
            for (int k = 0; k < rt->plen[p]; k++)
                rt->share[n++] =
                    (struct lm_share){rt->pbuf[p * rt->maxhops + k], 1.0 / np};
        }
    }
    *out = rt->share;
    if (npaths)
        *npaths = np;
    return n;
}

int
lm_route_random(struct lm_route *rt, int s, int d, struct rng *g, int *links)
{
    const struct lm_net *net = rt->net;

    if (s == d)
        return 0;
    switch (net->family) {
    case LM_TORUS:
        if (net->t.all_minimal) {
            int np = torus_paths(rt, s, d, rt->pbuf, rt->plen, LM_MAX_PATHS);
            int k = (int)rng_below(g, (uint64_t)np);
            memcpy(links, rt->pbuf + k * rt->maxhops,
                   (size_t)rt->plen[k] * sizeof *links);
            return rt->plen[k];
        }
        return torus_paths(rt, s, d, links, rt->plen, 1) ? rt->plen[0] : 0;
    case LM_DRAGONFLY: {
        int R = net->df.rows * net->df.cols, gs = s / R, gd = d / R, n;
        if (gs == gd)
            return df_intra(net, s, d, (int)rng_below(g, 2), links, 0);
        {
            int gw = gs * R + gd % R, land = gd * R + gs % R;
            n = df_intra(net, s, gw, (int)rng_below(g, 2), links, 0);
            links[n++] = df_global_link(net, gs, gd);
            return df_intra(net, land, d, (int)rng_below(g, 2), links, n);
        }
    }
    case LM_SUPERNODE:
        return sn_path(net, s, d, links);
    case LM_TREE:
        return tree_path(rt, s, d, links);
    case LM_FATTREE: {
        struct ft f = ft_of(net);
        int j2 = (int)rng_below(g, (uint64_t)f.h);
        if (net->ft.levels == 2) {
            int t = (int)rng_below(g, (uint64_t)f.q);
            links[0] = s * f.h + t * 2 + (int)rng_below(g, 2);
            links[1] = (int)(f.b1 + (long long)t * f.K + d * 2 +
                             (int)rng_below(g, 2));
            return 2;
        }
        {
            int ga = s / f.h, gb = d / f.h, jb = d % f.h;
            links[0] = s * f.h + j2;
            if (ga == gb) {
                links[1] = (int)(f.b1 + (long long)(gb * f.h + j2) * f.h + jb);
                return 2;
            }
            {
                int m = (int)rng_below(g, (uint64_t)f.q), t = j2 * f.q + m;
                links[1] = (int)(f.b2 + (long long)(ga * f.h + j2) * f.h +
                                 m * 2 + (int)rng_below(g, 2));
                links[2] = (int)(f.b3 + (long long)t * f.K + gb * 2 +
                                 (int)rng_below(g, 2));
                links[3] = (int)(f.b1 + (long long)(gb * f.h + j2) * f.h + jb);
                return 4;
            }
        }
    }
    default: {
        /* a random walk down the shortest-path DAG, weighted by paths */
        int v = s, n = 0, dsd;
        bfs(rt, s, rt->dist_s, rt->cnt_s, 1);
        bfs(rt, d, rt->dist_d, rt->cnt_d, 0);
        dsd = rt->dist_s[d];
        if (dsd < 0)
            return 0;
        while (v != d) {
            double x = rng_double(g) * rt->cnt_d[v], acc = 0;
            int pick = -1;
            for (int i = net->out_off[v]; i < net->out_off[v + 1]; i++) {
                int l = net->out_link[i];
                if (!on_dag(rt, l, dsd) || rt->dist_s[v] + 1 !=
                                               rt->dist_s[net->lto[l]])
                    continue;
                pick = l;
                acc += rt->cnt_d[net->lto[l]];
                if (x < acc)
                    break;
            }
            if (pick < 0)
                break;
            links[n++] = pick;
            v = net->lto[pick];
        }
        return n;
    }
    }
}

int
lm_route_valiant(struct lm_route *rt, int s, int d, struct rng *g, int *links)
{
    const struct lm_net *net = rt->net;
    int mid, n;

    if (s == d)
        return 0;
    if (net->family == LM_DRAGONFLY) {
        int R = net->df.rows * net->df.cols, gs = s / R, gd = d / R;
        int gi = gs == gd ? gs : (int)rng_below(g, (uint64_t)net->df.groups);
        if (gs != gd && (gi == gs || gi == gd))
            return lm_route_random(rt, s, d, g, links);
        mid = gi * R + (int)rng_below(g, (uint64_t)R);
    } else if (net->family == LM_FATTREE) {
        /* through a random leaf */
        mid = (int)rng_below(g, (uint64_t)net->ft_per_level);
    } else {
        mid = (int)rng_below(g, (uint64_t)net->nr);
    }
    if (mid == s || mid == d)
        return lm_route_random(rt, s, d, g, links);
    n = lm_route_random(rt, s, mid, g, links);
    return n + lm_route_random(rt, mid, d, g, links + n);
}
