/*
 * lm_net: networks of the link-utilization model. See lm_net.h.
 *
 * Link numbering (so that routes find links by arithmetic):
 *  torus      tlink[(r * nd + d) * 2 + s], s = 0 for +, 1 for -
 *  dragonfly  row links r*(C-1) + c'', then column links, then global
 *             links G1*(G-1) + g'' (x'' skips x itself)
 *  supernode  L1 links a*(nps-1) + b'', then L2 links S1*(sn-1) + S2''
 *  fat-tree   blocks of up and down links per level pair, 2 parallel
 *             links between a top switch and an L1 switch
 *  tree       up(x) = 2(x-1), down(x) = 2(x-1)+1
 */
#include "core/lm_net.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rho_alloc.h"

static int
add_class(struct lm_net *net, const char *name)
{
    for (int c = 0; c < net->ncls; c++)
        if (strcmp(net->cls[c], name) == 0)
            return c;
    if (net->ncls == LM_MAX_CLASSES)
        return net->ncls - 1;
    snprintf(net->cls[net->ncls], sizeof net->cls[0], "%s", name);
    return net->ncls++;
}

static struct lm_net *
alloc_net(int family, long long nr, long long nl, long long nep, int cores,
          struct rho_err *err)
{
    struct lm_net *net;

    if (nr <= 0 || nr > INT_MAX / 4 || nl < 0 || nl > INT_MAX ||
        nep <= 0 || nep > INT_MAX || cores < 1 ||
        (long long)nep * cores > (1LL << 40))
        return rho_err_set(err, RHO_EINPUT,
                           "network too large or empty (%lld routers, %lld "
                           "links, %lld nodes)",
                           nr, nl, nep),
               NULL;
    net = xcalloc(1, sizeof *net);
    net->family = family;
    net->nr = (int)nr;
    net->nl = (int)nl;
    net->lfrom = xcalloc((size_t)(nl ? nl : 1), sizeof *net->lfrom);
    net->lto = xcalloc((size_t)(nl ? nl : 1), sizeof *net->lto);
    net->lbw = xcalloc((size_t)(nl ? nl : 1), sizeof *net->lbw);
    net->lclass = xcalloc((size_t)(nl ? nl : 1), 1);
    net->nep = (int)nep;
    net->ep_router = xcalloc((size_t)nep, sizeof *net->ep_router);
    net->cores = cores;
    return net;
}

static void
set_link(struct lm_net *net, long long l, int a, int b, double bw, int cls)
{
    net->lfrom[l] = a;
    net->lto[l] = b;
    net->lbw[l] = bw;
    net->lclass[l] = (uint8_t)cls;
}

static void
build_csr(struct lm_net *net)
{
    int *fill;

    net->out_off = xcalloc((size_t)net->nr + 1, sizeof *net->out_off);
    net->out_link = xcalloc((size_t)(net->nl ? net->nl : 1),
                            sizeof *net->out_link);
    for (int l = 0; l < net->nl; l++)
        if (net->lfrom[l] >= 0)
            net->out_off[net->lfrom[l] + 1]++;
    for (int r = 0; r < net->nr; r++)
        net->out_off[r + 1] += net->out_off[r];
    fill = xcalloc((size_t)net->nr, sizeof *fill);
    for (int l = 0; l < net->nl; l++) {
        int a = net->lfrom[l];
        if (a >= 0)
            net->out_link[net->out_off[a] + fill[a]++] = l;
    }
    free(fill);
}

void
lm_net_free(struct lm_net *net)
{
    if (net == NULL)
        return;
    free(net->lfrom);
    free(net->lto);
    free(net->lbw);
    free(net->lclass);
    free(net->out_off);
    free(net->out_link);
    free(net->ep_router);
    if (net->rname)
        for (int r = 0; r < net->nr; r++)
            free(net->rname[r]);
    free(net->rname);
    free(net->parent);
    free(net->level);
    free(net->tlink);
    free(net);
}

long long
lm_net_slots(const struct lm_net *net)
{
    return (long long)net->nep * net->cores;
}

/* ---- torus and mesh ---- */

void
lm_torus_coords(const struct lm_net *net, int r, int *x)
{
    for (int d = 0; d < net->t.nd; d++) {
        x[d] = r % net->t.dim[d];
        r /= net->t.dim[d];
    }
}

int
lm_torus_router(const struct lm_net *net, const int *x)
{
    int r = 0;

    for (int d = net->t.nd - 1; d >= 0; d--)
        r = r * net->t.dim[d] + x[d];
    return r;
}

struct lm_net *
lm_torus_new(const struct lm_torus_params *p, struct rho_err *err)
{
    long long nr = 1, nl = 0;
    struct lm_net *net;
    int nd = p->nd, cls[LM_MAX_DIMS][2];

    if (nd < 1 || nd > LM_MAX_DIMS)
        return rho_err_set(err, RHO_EINPUT,
                           "torus: 1 to %d dimensions, not %d", LM_MAX_DIMS,
                           nd),
               NULL;
    for (int d = 0; d < nd; d++) {
        if (p->dim[d] < 1)
            return rho_err_set(err, RHO_EINPUT,
                               "torus: dimension %d has size %d", d + 1,
                               p->dim[d]),
                   NULL;
        nr *= p->dim[d];
        if (nr > 100000000)
            return rho_err_set(err, RHO_EINPUT, "torus: too many routers"),
                   NULL;
    }
    if (!(p->bw > 0))
        return rho_err_set(err, RHO_EINPUT, "torus: bandwidth must be > 0"),
               NULL;
    if (p->nodes_per_router < 1)
        return rho_err_set(err, RHO_EINPUT,
                           "torus: nodes per router must be >= 1"),
               NULL;
    nl = nr * nd * 2;
    net = alloc_net(LM_TORUS, nr, nl, nr * p->nodes_per_router, p->cores,
                    err);
    if (net == NULL)
        return NULL;
    net->t = *p;
    for (int d = 0; d < nd; d++) {
        char nm[16], c[24];
        if (p->name[d][0])
            snprintf(nm, sizeof nm, "%s", p->name[d]);
        else
            snprintf(nm, sizeof nm, "x%d", d + 1);
        snprintf(net->t.name[d], sizeof net->t.name[d], "%.7s", nm);
        snprintf(c, sizeof c, "%s+", nm);
        cls[d][0] = add_class(net, c);
        snprintf(c, sizeof c, "%s-", nm);
        cls[d][1] = add_class(net, c);
    }
    net->tlink = xcalloc((size_t)nl, sizeof *net->tlink);
    /* every slot is a link; missing mesh edges get lfrom = -1 and bw 0 */
    for (int r = 0; r < net->nr; r++) {
        int x[LM_MAX_DIMS];
        lm_torus_coords(net, r, x);
        for (int d = 0; d < nd; d++)
            for (int s = 0; s < 2; s++) {
                long long l = ((long long)r * nd + d) * 2 + s;
                int y = x[d] + (s == 0 ? 1 : -1), ok = 1, nb;
                if (p->dim[d] == 1)
                    ok = 0;
                else if (y < 0 || y >= p->dim[d]) {
                    if (p->wrap[d])
                        y = (y + p->dim[d]) % p->dim[d];
                    else
                        ok = 0;
                }
                if (!ok) {
                    set_link(net, l, -1, -1, 0, cls[d][s]);
                    net->tlink[l] = -1;
                    continue;
                }
                {
                    int z[LM_MAX_DIMS];
                    memcpy(z, x, sizeof z);
                    z[d] = y;
                    nb = lm_torus_router(net, z);
                }
                set_link(net, l, r, nb, p->bw, cls[d][s]);
                net->tlink[l] = (int)l;
            }
    }
    for (int e = 0; e < net->nep; e++)
        net->ep_router[e] = e / p->nodes_per_router;
    build_csr(net);
    return net;
}

/* ---- dragonfly ---- */

void
lm_df_place(const struct lm_net *net, int r, int *g, int *row, int *col)
{
    int R = net->df.rows * net->df.cols;

    *g = r / R;
    *row = (r % R) / net->df.cols;
    *col = r % net->df.cols;
}

struct lm_net *
lm_dragonfly_new(const struct lm_dragonfly_params *p, struct rho_err *err)
{
    long long G = p->groups, K = p->rows, C = p->cols, R = K * C, nr = G * R;
    long long base_col, base_l2, nl;
    struct lm_net *net;
    int crow, ccol, cglob;

    if (G < 1 || K < 1 || C < 1 || p->nodes_per_router < 1 || p->cores < 1)
        return rho_err_set(err, RHO_EINPUT,
                           "dragonfly: groups, chassis, routers, nodes and "
                           "cores must be >= 1"),
               NULL;
    if (!(p->bw_row > 0 && p->bw_col > 0 && p->bw_global > 0))
        return rho_err_set(err, RHO_EINPUT,
                           "dragonfly: bandwidths must be > 0"),
               NULL;
    base_col = nr * (C - 1);
    base_l2 = base_col + nr * (K - 1);
    nl = base_l2 + G * (G - 1);
    net = alloc_net(LM_DRAGONFLY, nr, nl, nr * p->nodes_per_router, p->cores,
                    err);
    if (net == NULL)
        return NULL;
    net->df = *p;
    crow = add_class(net, "L1-row");
    ccol = add_class(net, "L1-col");
    cglob = add_class(net, "L2");
    for (long long r = 0; r < nr; r++) {
        long long g = r / R, k = (r % R) / C, c = r % C;
        for (long long c2 = 0; c2 < C; c2++) {
            if (c2 == c)
                continue;
            set_link(net, r * (C - 1) + (c2 < c ? c2 : c2 - 1), (int)r,
                     (int)(g * R + k * C + c2), p->bw_row, crow);
        }
        for (long long k2 = 0; k2 < K; k2++) {
            if (k2 == k)
                continue;
            set_link(net, base_col + r * (K - 1) + (k2 < k ? k2 : k2 - 1),
                     (int)r, (int)(g * R + k2 * C + c), p->bw_col, ccol);
        }
    }
    for (long long g1 = 0; g1 < G; g1++)
        for (long long g2 = 0; g2 < G; g2++) {
            if (g1 == g2)
                continue;
            set_link(net, base_l2 + g1 * (G - 1) + (g2 < g1 ? g2 : g2 - 1),
                     (int)(g1 * R + g2 % R), (int)(g2 * R + g1 % R),
                     p->bw_global, cglob);
        }
    for (int e = 0; e < net->nep; e++)
        net->ep_router[e] = e / p->nodes_per_router;
    build_csr(net);
    return net;
}

/* ---- supernode dragonfly (Ch. 8) ---- */

struct lm_net *
lm_supernode_new(const struct lm_supernode_params *p, struct rho_err *err)
{
    long long S = p->sn, N = p->nps, nr = S * N, base = nr * (N - 1);
    struct lm_net *net;
    int c1, c2;

    if (S < 1 || N < 1 || p->cpn < 1)
        return rho_err_set(err, RHO_EINPUT,
                           "supernode: sn, nps and cpn must be >= 1"),
               NULL;
    if (!(p->bw_l1 > 0 && p->bw_l2 > 0))
        return rho_err_set(err, RHO_EINPUT,
                           "supernode: bandwidths must be > 0"),
               NULL;
    net = alloc_net(LM_SUPERNODE, nr, base + S * (S - 1), nr, p->cpn, err);
    if (net == NULL)
        return NULL;
    net->sn = *p;
    c1 = add_class(net, "L1");
    c2 = add_class(net, "L2");
    for (long long a = 0; a < nr; a++) {
        long long s = a / N, i = a % N;
        for (long long j = 0; j < N; j++)
            if (j != i)
                set_link(net, a * (N - 1) + (j < i ? j : j - 1), (int)a,
                         (int)(s * N + j), p->bw_l1, c1);
    }
    for (long long s1 = 0; s1 < S; s1++)
        for (long long s2 = 0; s2 < S; s2++)
            if (s1 != s2)
                set_link(net, base + s1 * (S - 1) + (s2 < s1 ? s2 : s2 - 1),
                         (int)(s1 * N + s2 % N), (int)(s2 * N + s1 % N),
                         p->bw_l2, c2);
    for (int e = 0; e < net->nep; e++)
        net->ep_router[e] = e;
    build_csr(net);
    return net;
}

/* ---- fat-tree (Jain Sec. 5) ---- */

struct lm_net *
lm_fattree_new(const struct lm_fattree_params *p, struct rho_err *err)
{
    long long h = p->k / 2, q = p->k / 4, N, nr, nl;
    struct lm_net *net;

    if (p->k < 4 || p->k % 4 != 0)
        return rho_err_set(err, RHO_EINPUT,
                           "fattree: k must be a multiple of 4, not %d",
                           p->k),
               NULL;
    if (p->levels != 2 && p->levels != 3)
        return rho_err_set(err, RHO_EINPUT,
                           "fattree: 2 or 3 levels, not %d", p->levels),
               NULL;
    if (!(p->bw > 0))
        return rho_err_set(err, RHO_EINPUT, "fattree: bandwidth must be > 0"),
               NULL;
    N = p->levels == 2 ? h : h * h; /* switches per level below the top */
    if (p->levels == 2) {
        nr = N + q;
        nl = 2 * N * h; /* each leaf: 2 links to each of q tops, up and down */
    } else {
        nr = 2 * N + N / 2;
        nl = 2 * N * h + 2 * N * h;
    }
    net = alloc_net(LM_FATTREE, nr, nl, N * h, p->cores, err);
    if (net == NULL)
        return NULL;
    net->ft = *p;
    net->ft_per_level = (int)N;
    net->ft_groups = p->levels == 2 ? 1 : (int)h;
    net->level = xcalloc((size_t)nr, sizeof *net->level);
    if (p->levels == 2) {
        int up = add_class(net, "L0-L1 up"), dn = add_class(net, "L1-L0 down");
        for (long long i = 0; i < N; i++)
            for (long long t = 0; t < q; t++)
                for (int k = 0; k < 2; k++) {
                    set_link(net, i * h + t * 2 + k, (int)i, (int)(N + t),
                             p->bw, up);
                    set_link(net, N * h + t * p->k + i * 2 + k, (int)(N + t),
                             (int)i, p->bw, dn);
                }
        for (long long t = 0; t < q; t++)
            net->level[N + t] = 1;
    } else {
        int u0 = add_class(net, "L0-L1 up"), d0 = add_class(net, "L1-L0 down");
        int u1 = add_class(net, "L1-L2 up"), d1 = add_class(net, "L2-L1 down");
        long long b1 = N * h, b2 = 2 * N * h, b3 = b2 + N * h;
        for (long long i = 0; i < N; i++) { /* leaf (g, j) <-> L1 (g, j2) */
            long long g = i / h, j = i % h;
            for (long long j2 = 0; j2 < h; j2++) {
                set_link(net, i * h + j2, (int)i, (int)(N + g * h + j2), p->bw,
                         u0);
                set_link(net, b1 + (g * h + j2) * h + j, (int)(N + g * h + j2),
                         (int)i, p->bw, d0);
            }
        }
        for (long long l1 = 0; l1 < N; l1++) { /* L1 (g, j) <-> tops */
            long long g = l1 / h, j = l1 % h;
            for (long long m = 0; m < q; m++)
                for (int k = 0; k < 2; k++) {
                    long long t = j * q + m;
                    set_link(net, b2 + l1 * h + m * 2 + k, (int)(N + l1),
                             (int)(2 * N + t), p->bw, u1);
                    set_link(net, b3 + t * p->k + g * 2 + k, (int)(2 * N + t),
                             (int)(N + l1), p->bw, d1);
                }
        }
        for (long long x = N; x < 2 * N; x++)
            net->level[x] = 1;
        for (long long x = 2 * N; x < nr; x++)
            net->level[x] = 2;
    }
    for (int e = 0; e < net->nep; e++)
        net->ep_router[e] = e / (int)h;
    build_csr(net);
    return net;
}

/* ---- trees and graphs ---- */

static char **
copy_names(int n, const char *const *names)
{
    char **out = xcalloc((size_t)n, sizeof *out);

    for (int i = 0; i < n; i++) {
        char buf[32];
        if (names && names[i]) {
            out[i] = xstrdup(names[i]);
        } else {
            snprintf(buf, sizeof buf, "n%d", i);
            out[i] = xstrdup(buf);
        }
    }
    return out;
}

static int
set_endpoints(struct lm_net *net, int nep, const int *ep, struct rho_err *err)
{
    for (int e = 0; e < nep; e++) {
        if (ep[e] < 0 || ep[e] >= net->nr)
            return rho_err_set(err, RHO_EINPUT, "endpoint %d: no router %d", e,
                               ep[e]);
        net->ep_router[e] = ep[e];
    }
    return 0;
}

struct lm_net *
lm_tree_new(int n, const int *parent, const char *const *names, int nep,
            const int *ep, int cores, double bw, struct rho_err *err)
{
    struct lm_net *net;
    int up, dn;

    if (n < 2 || parent[0] != -1)
        return rho_err_set(err, RHO_EINPUT,
                           "tree: needs a root (parent -1) and a child"),
               NULL;
    for (int x = 1; x < n; x++)
        if (parent[x] < 0 || parent[x] >= x)
            return rho_err_set(err, RHO_EINPUT,
                               "tree: node %d must come after its parent", x),
                   NULL;
    if (!(bw > 0))
        return rho_err_set(err, RHO_EINPUT, "tree: bandwidth must be > 0"),
               NULL;
    net = alloc_net(LM_TREE, n, 2LL * (n - 1), nep, cores, err);
    if (net == NULL)
        return NULL;
    up = add_class(net, "up");
    dn = add_class(net, "down");
    net->rname = copy_names(n, names);
    net->parent = xcalloc((size_t)n, sizeof *net->parent);
    memcpy(net->parent, parent, (size_t)n * sizeof *parent);
    for (int x = 1; x < n; x++) {
        set_link(net, 2 * (x - 1), x, parent[x], bw, up);
        set_link(net, 2 * (x - 1) + 1, parent[x], x, bw, dn);
    }
    if (set_endpoints(net, nep, ep, err) != 0) {
        lm_net_free(net);
        return NULL;
    }
    build_csr(net);
    return net;
}

struct lm_net *
lm_graph_new(int n, const char *const *names, int nl, const int *from,
             const int *to, const double *bw, const char *const *cls, int nep,
             const int *ep, int cores, struct rho_err *err)
{
    struct lm_net *net = alloc_net(LM_GRAPH, n, nl, nep, cores, err);

    if (net == NULL)
        return NULL;
    net->rname = copy_names(n, names);
    for (int l = 0; l < nl; l++) {
        if (from[l] < 0 || from[l] >= n || to[l] < 0 || to[l] >= n ||
            from[l] == to[l] || !(bw[l] > 0)) {
            rho_err_set(err, RHO_EINPUT,
                        "link %d: needs two different routers and a "
                        "bandwidth > 0",
                        l + 1);
            lm_net_free(net);
            return NULL;
        }
        set_link(net, l, from[l], to[l], bw[l],
                 add_class(net, cls && cls[l] ? cls[l] : "link"));
    }
    if (set_endpoints(net, nep, ep, err) != 0) {
        lm_net_free(net);
        return NULL;
    }
    build_csr(net);
    return net;
}

/* ---- names and lookups ---- */

char *
lm_router_name(const struct lm_net *net, int r, char *buf, int n)
{
    size_t cap = (size_t)n;

    switch (net->family) {
    case LM_TORUS: {
        int x[LM_MAX_DIMS];
        size_t used = 1;
        lm_torus_coords(net, r, x);
        buf[0] = '(';
        for (int d = 0; d < net->t.nd && used + 12 < cap; d++)
            used += (size_t)snprintf(buf + used, cap - used, "%s%d",
                                     d ? "," : "", x[d]);
        snprintf(buf + used, cap - used, ")");
        break;
    }
    case LM_DRAGONFLY: {
        int g, row, col;
        lm_df_place(net, r, &g, &row, &col);
        snprintf(buf, cap, "g%d.c%d.r%d", g, row, col);
        break;
    }
    case LM_SUPERNODE:
        snprintf(buf, cap, "s%d.n%d", r / net->sn.nps, r % net->sn.nps);
        break;
    case LM_FATTREE: {
        int lv = net->level[r];
        snprintf(buf, cap, "L%d.%d", lv,
                 lv == 0 ? r : r - net->ft_per_level * lv);
        break;
    }
    default:
        snprintf(buf, cap, "%s", net->rname[r]);
    }
    return buf;
}

char *
lm_link_name(const struct lm_net *net, int l, char *buf, int n)
{
    char a[96], b[96];

    if (net->lfrom[l] < 0) {
        snprintf(buf, (size_t)n, "(none)");
        return buf;
    }
    lm_router_name(net, net->lfrom[l], a, sizeof a);
    lm_router_name(net, net->lto[l], b, sizeof b);
    if (net->family == LM_TORUS)
        snprintf(buf, (size_t)n, "%s->%s %s", a, b, net->cls[net->lclass[l]]);
    else if (net->family == LM_FATTREE &&
             (net->level[net->lfrom[l]] + net->level[net->lto[l]]) >= 1 &&
             ((net->ft.levels == 2) ||
              net->level[net->lfrom[l]] + net->level[net->lto[l]] == 3))
        snprintf(buf, (size_t)n, "%s->%s #%d", a, b, l % 2);
    else
        snprintf(buf, (size_t)n, "%s->%s", a, b);
    return buf;
}

int
lm_link_between(const struct lm_net *net, int a, int b)
{
    for (int i = net->out_off[a]; i < net->out_off[a + 1]; i++)
        if (net->lto[net->out_link[i]] == b)
            return net->out_link[i];
    return -1;
}
