/*
 * net: storage, accessors, names and the family builders. See net.h.
 *
 * Every builder appends links in nondecreasing source-vertex order into
 * one growing set of arrays; net_finish() then derives the CSR offsets.
 * The tables a route needs (torus link per router/dimension/sign, dragonfly
 * global link per group pair, tree up/down link per node) are filled while
 * the links are appended.
 */
#include "core/net/net.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/imath.h"
#include "core/base/rho_alloc.h"
#include "core/base/units.h"

struct net {
    atomic_int refs;
    int family;
    int nr, nep, nv, nl, cores;
    int cap;
    int *lsrc, *ldst;
    double *lbw;
    unsigned char *lcls;
    int *off; /* nv + 1 */
    int ncls;
    char *cls[NET_MAX_CLASSES];
    int *ep_router; /* per endpoint */
    int *r_first;   /* per router: first endpoint, count */
    int *r_count;
    int *ej;      /* per endpoint: ejection link, or NULL */
    int inj_base; /* link id of endpoint 0's injection link, or -1 */
    int cls_inj, cls_ej;

    struct net_torus_params tp;
    int *tlink;  /* nr * nd * 2: [r][k][0 = +, 1 = -] */
    int *tcoord; /* nr * nd: [r][k], router r's coordinates */

    struct net_dragonfly_params dp;
    int *glink; /* groups * groups * g */

    struct net_fattree_params fp;
    int ft_h, ft_W, ft_hn2; /* h, h^(n-1), h^(n-2) */

    struct net_tca_params tca;

    char **vname;         /* tree, graph: per vertex */
    int *parent, *depth;  /* tree */
    int *tup, *tdown;     /* tree: link v->parent, parent->v (-1 at root) */
    unsigned short *dist; /* graph: nv * nv hops, 0xffff unreachable */
};

/* ---------------------------------------------------------------- base */

static struct net *
net_alloc(int family)
{
    struct net *net = xcalloc(1, sizeof *net);

    atomic_init(&net->refs, 1);
    net->family = family;
    net->inj_base = -1;
    net->cls_inj = net->cls_ej = -1;
    return net;
}

struct net *
net_ref(struct net *net)
{
    atomic_fetch_add(&net->refs, 1);
    return net;
}

void
net_free(struct net *net)
{
    if (net == NULL || atomic_fetch_sub(&net->refs, 1) > 1)
        return;
    free(net->lsrc);
    free(net->ldst);
    free(net->lbw);
    free(net->lcls);
    free(net->off);
    for (int c = 0; c < net->ncls; c++)
        free(net->cls[c]);
    free(net->ep_router);
    free(net->r_first);
    free(net->r_count);
    free(net->ej);
    free(net->tlink);
    free(net->tcoord);
    free(net->glink);
    if (net->vname != NULL)
        for (int v = 0; v < net->nv; v++)
            free(net->vname[v]);
    free(net->vname);
    free(net->parent);
    free(net->depth);
    free(net->tup);
    free(net->tdown);
    free(net->dist);
    free(net);
}

static int
cls_add(struct net *net, const char *name)
{
    for (int c = 0; c < net->ncls; c++)
        if (strcmp(net->cls[c], name) == 0)
            return c;
    if (net->ncls >= NET_MAX_CLASSES)
        return -1;
    net->cls[net->ncls] = xstrdup(name);
    return net->ncls++;
}

static void
reserve(struct net *net, long long n)
{
    if (n <= net->cap)
        return;
    net->cap = (int)n;
    net->lsrc = xreallocarray(net->lsrc, (size_t)n, sizeof *net->lsrc);
    net->ldst = xreallocarray(net->ldst, (size_t)n, sizeof *net->ldst);
    net->lbw = xreallocarray(net->lbw, (size_t)n, sizeof *net->lbw);
    net->lcls = xreallocarray(net->lcls, (size_t)n, sizeof *net->lcls);
}

/* Append a link; sources must come in nondecreasing order. */
static int
add_link(struct net *net, int s, int d, double bw, int cls)
{
    int l = net->nl;

    if (l >= net->cap)
        reserve(net, (long long)rho_grow_cap((size_t)net->cap, (size_t)l + 1));
    net->lsrc[l] = s;
    net->ldst[l] = d;
    net->lbw[l] = bw;
    net->lcls[l] = (unsigned char)cls;
    net->nl++;
    return l;
}

/* Endpoints attached to routers in blocks of npr: endpoint e on router
   e / npr. */
static void
set_endpoints_blocked(struct net *net, int npr)
{
    net->ep_router = xmalloc((size_t)net->nep * sizeof(int));
    for (int e = 0; e < net->nep; e++)
        net->ep_router[e] = e / npr;
}

/* Derive offsets and the per-router endpoint ranges. */
static void
net_finish(struct net *net)
{
    net->off = xcalloc((size_t)net->nv + 1, sizeof(int));
    for (int l = 0; l < net->nl; l++)
        net->off[net->lsrc[l] + 1]++;
    for (int v = 0; v < net->nv; v++)
        net->off[v + 1] += net->off[v];
    net->r_first = xmalloc((size_t)net->nr * sizeof(int));
    net->r_count = xcalloc((size_t)net->nr, sizeof(int));
    for (int r = 0; r < net->nr; r++)
        net->r_first[r] = -1;
    for (int e = net->nep - 1; e >= 0; e--) {
        int r = net->ep_router[e];
        net->r_first[r] = e;
        net->r_count[r]++;
    }
}

/* Injection links: for every endpoint e, one link (nr + e) -> router, added
   after all router links (vertex order). Ejection links are added by the
   builders per router (they are router out-links) into net->ej. */
static void
add_injection(struct net *net, double bw)
{
    net->inj_base = net->nl;
    for (int e = 0; e < net->nep; e++)
        add_link(net, net->nr + e, net->ep_router[e], bw, net->cls_inj);
}

static void
add_ejection(struct net *net, int r, int first, int count, double bw)
{
    for (int e = first; e < first + count; e++)
        net->ej[e] = add_link(net, r, net->nr + e, bw, net->cls_ej);
}

static int
check_size(long long n, const char *what, struct rho_err *err)
{
    if (n > INT_MAX)
        return rho_err_set(err, RHO_ELIMIT, "%s: %lld is more than %d", what, n,
                           INT_MAX);
    return 0;
}

/*
 * A generated network's memory before it is built: its links (source,
 * destination, bandwidth, class: 20 bytes; the adjacency and the routes'
 * tables take about as much again), vertices and endpoints, and extra
 * bytes of its own; refused past NET_BUILD_BUDGET.
 */
static int
check_bytes(const char *what, long long nr, long long nl, long long nv,
            long long nep, double extra, struct rho_err *err)
{
    double bytes = 40.0 * (double)nl + 16.0 * (double)nv + 12.0 * (double)nep +
                   extra;
    char a[48], b[48], c[48], d[48];

    if (bytes <= NET_BUILD_BUDGET)
        return 0;
    return rho_err_set(
        err, RHO_ELIMIT,
        "%s: %s and %s need about %s to build, more than the %s a "
        "scenario may build (fewer routers or groups, or a smaller radix)",
        what, units_fmt_count(a, sizeof a, nr, "router"),
        units_fmt_count(b, sizeof b, nl, "link"),
        units_fmt_size(c, sizeof c, bytes),
        units_fmt_size(d, sizeof d, NET_BUILD_BUDGET));
}

static int
inj_classes(struct net *net, double inj_bw)
{
    if (inj_bw > 0) {
        net->cls_inj = cls_add(net, "injection");
        net->cls_ej = cls_add(net, "ejection");
    }
    return inj_bw > 0;
}

/* ------------------------------------------------------------- torus */

static const char *
dim_name(const struct net_torus_params *p, int k, char *buf, int n)
{
    if (p->name[k][0] != '\0')
        snprintf(buf, (size_t)n, "%.7s", p->name[k]);
    else
        snprintf(buf, (size_t)n, "dim %d", k);
    return buf;
}

struct net *
net_torus_new(const struct net_torus_params *p, struct rho_err *err)
{
    struct net *net;
    long long nr = 1, nep, nl;
    int inj;
    char b[40], cname[48];

    if (p->nd < 1 || p->nd > NET_MAX_DIMS) {
        rho_err_set(err, RHO_EINPUT, "torus: %d dimensions (1 to %d)", p->nd,
                    NET_MAX_DIMS);
        return NULL;
    }
    for (int k = 0; k < p->nd; k++) {
        if (p->dim[k] < 1) {
            rho_err_set(err, RHO_EINPUT, "torus: dimension %d has size %d", k,
                        p->dim[k]);
            return NULL;
        }
        if (p->dim_bw[k] < 0 || p->dim_bw[k] != p->dim_bw[k]) {
            rho_err_set(err, RHO_EINPUT, "torus: bad bandwidth of dimension %d",
                        k);
            return NULL;
        }
        nr *= p->dim[k];
        if (nr > INT_MAX)
            break;
    }
    if (p->nodes_per_router < 1 || p->cores < 1 || !(p->bw > 0) ||
        p->inj_bw < 0) {
        rho_err_set(err, RHO_EINPUT,
                    "torus: nodes per router, cores and bandwidth must be "
                    "positive");
        return NULL;
    }
    nep = nr * p->nodes_per_router;
    nl = nr * 2 * p->nd + (p->inj_bw > 0 ? 2 * nep : 0);
    if (check_size(nr, "torus routers", err) ||
        check_size(nep * (p->inj_bw > 0 ? 2 : 1), "torus vertices", err) ||
        check_size(nep * p->cores, "torus ranks", err) ||
        check_size(nl, "torus links", err) ||
        check_bytes("the torus", nr, nl, nr + nep, nep, 12.0 * (double)nr * p->nd,
                    err))
        return NULL;

    net = net_alloc(NET_TORUS);
    net->tp = *p;
    for (int k = 0; k < p->nd; k++)
        net->tp.name[k][7] = '\0';
    net->nr = (int)nr;
    net->nep = (int)nep;
    net->cores = p->cores;
    inj = inj_classes(net, p->inj_bw);
    net->nv = net->nr + (inj ? net->nep : 0);
    /* classes: "<dim> +" then "<dim> -" per dimension */
    int cplus[NET_MAX_DIMS], cminus[NET_MAX_DIMS];
    for (int k = 0; k < p->nd; k++) {
        dim_name(p, k, b, sizeof b);
        snprintf(cname, sizeof cname, "%s +", b);
        cplus[k] = cls_add(net, cname);
        snprintf(cname, sizeof cname, "%s -", b);
        cminus[k] = cls_add(net, cname);
    }
    set_endpoints_blocked(net, p->nodes_per_router);
    if (inj)
        net->ej = xmalloc((size_t)net->nep * sizeof(int));
    reserve(net, nl);
    net->tlink = xmalloc((size_t)nr * 2 * (size_t)p->nd * sizeof(int));
    net->tcoord = xmalloc((size_t)nr * (size_t)p->nd * sizeof(int));

    int x[NET_MAX_DIMS] = {0};
    for (int r = 0; r < net->nr; r++) {
        int stride = 1;
        for (int k = 0; k < p->nd; k++) {
            int d = p->dim[k];
            double bw = p->dim_bw[k] > 0 ? p->dim_bw[k] : p->bw;
            int *t = &net->tlink[((size_t)r * p->nd + k) * 2];
            net->tcoord[(size_t)r * p->nd + k] = x[k];
            int up = x[k] + 1 < d
                         ? r + stride
                         : (p->wrap[k] && d > 1 ? r - (d - 1) * stride : -1);
            int dn = x[k] > 0
                         ? r - stride
                         : (p->wrap[k] && d > 1 ? r + (d - 1) * stride : -1);
            t[0] = up >= 0 ? add_link(net, r, up, bw, cplus[k]) : -1;
            t[1] = dn >= 0 ? add_link(net, r, dn, bw, cminus[k]) : -1;
            stride *= d;
        }
        if (inj)
            add_ejection(net, r, r * p->nodes_per_router, p->nodes_per_router,
                         p->inj_bw);
        for (int k = 0; k < p->nd; k++) { /* odometer, first dim fastest */
            if (++x[k] < p->dim[k])
                break;
            x[k] = 0;
        }
    }
    if (inj)
        add_injection(net, p->inj_bw);
    net_finish(net);
    return net;
}

/* --------------------------------------------------------- dragonfly */

struct net *
net_dragonfly_new(const struct net_dragonfly_params *p, struct rho_err *err)
{
    struct net *net;
    long long R, nr, nep, nl, G, g;
    int inj, crow, ccol, cglob;

    if (p->groups < 1 || p->chassis < 1 || p->routers < 1 ||
        p->nodes_per_router < 1 || p->cores < 1 || p->global_per_pair < 1) {
        rho_err_set(err, RHO_EINPUT,
                    "dragonfly: groups, chassis, routers, nodes per router, "
                    "cores and global links per pair must be positive");
        return NULL;
    }
    if (!(p->bw_row > 0) || !(p->bw_col > 0) || !(p->bw_global > 0) ||
        p->inj_bw < 0) {
        rho_err_set(err, RHO_EINPUT, "dragonfly: bandwidths must be positive");
        return NULL;
    }
    G = p->groups;
    g = p->global_per_pair;
    R = (long long)p->chassis * p->routers;
    nr = G * R;
    nep = nr * p->nodes_per_router;
    nl = nr * (p->routers - 1 + p->chassis - 1) + G * (G - 1) * g +
         (p->inj_bw > 0 ? 2 * nep : 0);
    if (check_size(nr, "dragonfly routers", err) ||
        check_size(nep * (p->inj_bw > 0 ? 2 : 1), "dragonfly vertices", err) ||
        check_size(nep * p->cores, "dragonfly ranks", err) ||
        check_size(nl, "dragonfly links", err) ||
        check_size(G * G * g, "dragonfly group pairs", err) ||
        check_bytes("the dragonfly", nr, nl, nr + nep, nep, 4.0 * (double)(G * G * g),
                    err))
        return NULL;

    net = net_alloc(NET_DRAGONFLY);
    net->dp = *p;
    net->nr = (int)nr;
    net->nep = (int)nep;
    net->cores = p->cores;
    crow = cls_add(net, "L1-row");
    ccol = cls_add(net, "L1-col");
    cglob = cls_add(net, "L2");
    inj = inj_classes(net, p->inj_bw);
    net->nv = net->nr + (inj ? net->nep : 0);
    set_endpoints_blocked(net, p->nodes_per_router);
    if (inj)
        net->ej = xmalloc((size_t)net->nep * sizeof(int));
    reserve(net, nl);
    net->glink = xmalloc((size_t)(G * G * g) * sizeof(int));
    for (long long i = 0; i < G * G * g; i++)
        net->glink[i] = -1;

    for (int r = 0; r < net->nr; r++) {
        int grp = (int)(r / R), o = (int)(r % R);
        int c = o / p->routers, s = o % p->routers;
        int base = (int)(grp * R);

        for (int s2 = 0; s2 < p->routers; s2++)
            if (s2 != s)
                add_link(net, r, base + c * p->routers + s2, p->bw_row, crow);
        for (int c2 = 0; c2 < p->chassis; c2++)
            if (c2 != c)
                add_link(net, r, base + c2 * p->routers + s, p->bw_col, ccol);
        for (long long slot = o; slot < G * g; slot += R) {
            int g2 = (int)(slot / g), j = (int)(slot % g);
            int land;
            if (g2 == grp)
                continue;
            land = (int)(((long long)grp * g + j) % R);
            net->glink[((long long)grp * G + g2) * g + j] =
                add_link(net, r, (int)(g2 * R + land), p->bw_global, cglob);
        }
        if (inj)
            add_ejection(net, r, r * p->nodes_per_router, p->nodes_per_router,
                         p->inj_bw);
    }
    if (inj)
        add_injection(net, p->inj_bw);
    net_finish(net);
    return net;
}

/* ---------------------------------------------------------- fat-tree */

struct net *
net_fattree_new(const struct net_fattree_params *p, struct rho_err *err)
{
    struct net *net;
    int h, n, W, Wn2, inj;
    long long nr, nep, nl;
    int cup[4], cdown[4];
    char cname[48];

    if (p->levels < 1 || p->levels > 4) {
        rho_err_set(err, RHO_EINPUT, "fat-tree: %d levels (1 to 4)", p->levels);
        return NULL;
    }
    if (p->k < 2 || p->k % 2 != 0 || (p->levels >= 2 && p->k % 4 != 0)) {
        rho_err_set(err, RHO_EINPUT,
                    "fat-tree: radix %d (must be even, and a multiple of 4 "
                    "with 2 or more levels)",
                    p->k);
        return NULL;
    }
    if (p->cores < 1 || !(p->bw > 0) || p->inj_bw < 0) {
        rho_err_set(err, RHO_EINPUT,
                    "fat-tree: cores and bandwidth must be positive");
        return NULL;
    }
    h = p->k / 2;
    n = p->levels;
    {
        long long w = 1;
        for (int i = 0; i < n; i++) {
            w *= h;
            if (w > INT_MAX) {
                rho_err_set(err, RHO_ELIMIT, "fat-tree: too many nodes");
                return NULL;
            }
        }
    }
    W = ipow(h, n - 1);
    Wn2 = n >= 2 ? ipow(h, n - 2) : 1;
    nr = n == 1 ? 1 : (long long)(n - 1) * W + W / 2;
    nep = (long long)W * h;
    nl = n == 1 ? 0 : 2LL * (n - 1) * W * h;
    nl += p->inj_bw > 0 ? 2 * nep : 0;
    if (check_size(nr, "fat-tree switches", err) ||
        check_size(nep * (p->inj_bw > 0 ? 2 : 1) + nr, "fat-tree vertices",
                   err) ||
        check_size(nep * p->cores, "fat-tree ranks", err) ||
        check_size(nl, "fat-tree links", err) ||
        check_bytes("the fat-tree", nr, nl, nr + nep, nep, 0, err))
        return NULL;

    net = net_alloc(NET_FATTREE);
    net->fp = *p;
    net->ft_h = h;
    net->ft_W = W;
    net->ft_hn2 = Wn2;
    net->nr = (int)nr;
    net->nep = (int)nep;
    net->cores = p->cores;
    for (int l = 0; l + 1 < n; l++) {
        snprintf(cname, sizeof cname, "up L%d-L%d", l, l + 1);
        cup[l] = cls_add(net, cname);
        snprintf(cname, sizeof cname, "down L%d-L%d", l + 1, l);
        cdown[l] = cls_add(net, cname);
    }
    inj = inj_classes(net, p->inj_bw);
    net->nv = net->nr + (inj ? net->nep : 0);
    set_endpoints_blocked(net, h); /* leaf w serves nodes w*h .. w*h+h-1 */
    if (inj)
        net->ej = xmalloc((size_t)net->nep * sizeof(int));
    reserve(net, nl);

    for (int r = 0; r < net->nr; r++) {
        int l = n == 1 ? 0 : r / W, w = n == 1 ? 0 : r % W;

        if (n >= 2 && l == n - 1) { /* top switch w: 2 links per child */
            for (int c = 0; c < h; c++)
                for (int par = 0; par < 2; par++)
                    add_link(net, r, (n - 2) * W + w % Wn2 + Wn2 * c, p->bw,
                             cdown[n - 2]);
            continue;
        }
        if (l + 1 < n) { /* up links, choice c = 0..h-1 */
            int pw = ipow(h, l), dig = (w / pw) % h;
            for (int c = 0; c < h; c++) {
                int to;
                if (l + 1 < n - 1)
                    to = (l + 1) * W + w + (c - dig) * pw;
                else
                    to = (n - 1) * W + w % Wn2 + Wn2 * (c / 2);
                add_link(net, r, to, p->bw, cup[l]);
            }
        }
        if (l >= 1) { /* down links to level l-1, choice c */
            int pw = ipow(h, l - 1), dig = (w / pw) % h;
            for (int c = 0; c < h; c++)
                add_link(net, r, (l - 1) * W + w + (c - dig) * pw, p->bw,
                         cdown[l - 1]);
        }
        if (l == 0 && inj)
            add_ejection(net, r, w * h, h, p->inj_bw);
    }
    if (inj)
        add_injection(net, p->inj_bw);
    net_finish(net);
    return net;
}

/* -------------------------------------------------------------- tree */

struct net *
net_tree_new(int n, const int *parent, const char *const *names, double bw,
             const double *link_bw, struct rho_err *err)
{
    struct net *net;
    int root = -1, cup, cdown;
    int *coff, *child;

    if (n < 1 || parent == NULL) {
        rho_err_set(err, RHO_EINPUT, "tree: no nodes");
        return NULL;
    }
    if (!(bw > 0)) {
        rho_err_set(err, RHO_EINPUT, "tree: bandwidth must be positive");
        return NULL;
    }
    for (int v = 0; v < n; v++) {
        if (parent[v] < -1 || parent[v] >= n || parent[v] == v) {
            rho_err_set(err, RHO_EINPUT, "tree: node %d: bad parent %d", v,
                        parent[v]);
            return NULL;
        }
        if (parent[v] == -1) {
            if (root >= 0) {
                rho_err_set(err, RHO_EINPUT,
                            "tree: nodes %d and %d are both roots", root, v);
                return NULL;
            }
            root = v;
        }
    }
    if (root < 0) {
        rho_err_set(err, RHO_EINPUT, "tree: no root (parent -1)");
        return NULL;
    }
    net = net_alloc(NET_TREE);
    net->nr = net->nv = net->nep = n;
    net->cores = 1;
    net->parent = xmalloc((size_t)n * sizeof(int));
    net->depth = xmalloc((size_t)n * sizeof(int));
    memcpy(net->parent, parent, (size_t)n * sizeof(int));
    for (int v = 0; v < n; v++)
        net->depth[v] = -1;
    net->depth[root] = 0;
    for (int v = 0; v < n; v++) { /* depths; a cycle never reaches root */
        int u = v, steps = 0;
        while (net->depth[u] < 0 && steps <= n) {
            u = parent[u];
            steps++;
        }
        if (net->depth[u] < 0) {
            rho_err_set(err, RHO_EINPUT, "tree: node %d is on a cycle", v);
            net_free(net);
            return NULL;
        }
        int d = net->depth[u] + steps;
        for (u = v; net->depth[u] < 0; u = parent[u])
            net->depth[u] = d--;
    }
    net->vname = xcalloc((size_t)n, sizeof(char *));
    for (int v = 0; v < n; v++) {
        char b[24];
        if (names != NULL && names[v] != NULL)
            net->vname[v] = xstrdup(names[v]);
        else {
            snprintf(b, sizeof b, "v%d", v);
            net->vname[v] = xstrdup(b);
        }
    }
    cup = cls_add(net, "up");
    cdown = cls_add(net, "down");
    net->ep_router = xmalloc((size_t)n * sizeof(int));
    for (int v = 0; v < n; v++)
        net->ep_router[v] = v;
    /* children lists */
    coff = xcalloc((size_t)n + 1, sizeof(int));
    child = xmalloc((size_t)n * sizeof(int));
    for (int v = 0; v < n; v++)
        if (parent[v] >= 0)
            coff[parent[v] + 1]++;
    for (int v = 0; v < n; v++)
        coff[v + 1] += coff[v];
    {
        int *fill = xmalloc((size_t)n * sizeof(int));
        memcpy(fill, coff, (size_t)n * sizeof(int));
        for (int v = 0; v < n; v++)
            if (parent[v] >= 0)
                child[fill[parent[v]]++] = v;
        free(fill);
    }
    net->tup = xmalloc((size_t)n * sizeof(int));
    net->tdown = xmalloc((size_t)n * sizeof(int));
    reserve(net, 2LL * (n - 1));
    for (int v = 0; v < n; v++) {
        double b = link_bw != NULL && link_bw[v] > 0 ? link_bw[v] : bw;
        net->tup[v] = parent[v] >= 0 ? add_link(net, v, parent[v], b, cup) : -1;
        for (int i = coff[v]; i < coff[v + 1]; i++) {
            int c = child[i];
            double bc = link_bw != NULL && link_bw[c] > 0 ? link_bw[c] : bw;
            net->tdown[c] = add_link(net, v, c, bc, cdown);
        }
    }
    net->tdown[root] = -1;
    free(coff);
    free(child);
    net_finish(net);
    return net;
}

/* ------------------------------------------------------------- graph */

static void
graph_dist(struct net *net)
{
    int nv = net->nv;
    int *queue = xmalloc((size_t)nv * sizeof(int));

    net->dist = xmalloc((size_t)nv * (size_t)nv * sizeof(unsigned short));
    for (int s = 0; s < nv; s++) {
        unsigned short *d = &net->dist[(size_t)s * nv];
        int qh = 0, qt = 0;
        for (int v = 0; v < nv; v++)
            d[v] = 0xffff;
        d[s] = 0;
        queue[qt++] = s;
        while (qh < qt) {
            int u = queue[qh++];
            for (int l = net->off[u]; l < net->off[u + 1]; l++) {
                int v = net->ldst[l];
                if (d[v] == 0xffff) {
                    d[v] = (unsigned short)(d[u] + 1);
                    queue[qt++] = v;
                }
            }
        }
    }
    free(queue);
}

struct net *
net_graph_new(int nv, const char *const *names, int nl, const int *from,
              const int *to, const double *bw, const char *const *cls, int nep,
              const int *ep, int cores, struct rho_err *err)
{
    struct net *net;
    int *order, *cnt, *lc;

    if (nv < 1 || nv > NET_GRAPH_MAX) {
        rho_err_set(err, RHO_EINPUT, "graph: %d vertices (1 to %d)", nv,
                    NET_GRAPH_MAX);
        return NULL;
    }
    if (nl < 0 || (nl > 0 && (from == NULL || to == NULL || bw == NULL))) {
        rho_err_set(err, RHO_EINPUT, "graph: bad link arrays");
        return NULL;
    }
    if (nep < 1 || ep == NULL || cores < 1) {
        rho_err_set(err, RHO_EINPUT, "graph: no endpoints");
        return NULL;
    }
    for (int i = 0; i < nl; i++) {
        if (from[i] < 0 || from[i] >= nv || to[i] < 0 || to[i] >= nv ||
            from[i] == to[i]) {
            rho_err_set(err, RHO_EINPUT, "graph: link %d: bad vertices %d->%d",
                        i, from[i], to[i]);
            return NULL;
        }
        if (!(bw[i] > 0)) {
            rho_err_set(err, RHO_EINPUT,
                        "graph: link %d: bandwidth must be positive", i);
            return NULL;
        }
    }
    {
        char *seen = xcalloc((size_t)nv, 1);
        for (int e = 0; e < nep; e++) {
            if (ep[e] < 0 || ep[e] >= nv) {
                rho_err_set(err, RHO_EINPUT,
                            "graph: endpoint %d: bad vertex %d", e, ep[e]);
                free(seen);
                return NULL;
            }
            if (seen[ep[e]] && ep[e - 1] != ep[e]) {
                rho_err_set(err, RHO_EINPUT,
                            "graph: endpoints of vertex %d are not "
                            "consecutive",
                            ep[e]);
                free(seen);
                return NULL;
            }
            seen[ep[e]] = 1;
        }
        free(seen);
    }
    if (check_size((long long)nep * cores, "graph ranks", err))
        return NULL;

    net = net_alloc(NET_GRAPH);
    net->nr = net->nv = nv;
    net->nep = nep;
    net->cores = cores;
    net->vname = xcalloc((size_t)nv, sizeof(char *));
    for (int v = 0; v < nv; v++) {
        char b[24];
        if (names != NULL && names[v] != NULL)
            net->vname[v] = xstrdup(names[v]);
        else {
            snprintf(b, sizeof b, "v%d", v);
            net->vname[v] = xstrdup(b);
        }
    }
    lc = xmalloc((size_t)(nl > 0 ? nl : 1) * sizeof(int));
    for (int i = 0; i < nl; i++) {
        lc[i] = cls_add(net, cls != NULL && cls[i] != NULL ? cls[i] : "link");
        if (lc[i] < 0) {
            rho_err_set(err, RHO_ELIMIT, "graph: more than %d link classes",
                        NET_MAX_CLASSES);
            free(lc);
            net_free(net);
            return NULL;
        }
    }
    /* stable counting sort by source */
    cnt = xcalloc((size_t)nv + 1, sizeof(int));
    order = xmalloc((size_t)(nl > 0 ? nl : 1) * sizeof(int));
    for (int i = 0; i < nl; i++)
        cnt[from[i] + 1]++;
    for (int v = 0; v < nv; v++)
        cnt[v + 1] += cnt[v];
    for (int i = 0; i < nl; i++)
        order[cnt[from[i]]++] = i;
    reserve(net, nl > 0 ? nl : 1);
    for (int k = 0; k < nl; k++) {
        int i = order[k];
        add_link(net, from[i], to[i], bw[i], lc[i]);
    }
    free(cnt);
    free(order);
    free(lc);
    net->ep_router = xmalloc((size_t)nep * sizeof(int));
    memcpy(net->ep_router, ep, (size_t)nep * sizeof(int));
    net_finish(net);
    graph_dist(net);
    return net;
}

/* --------------------------------------------------------------- TCA */

enum { TV_P2, TV_CPU0, TV_CPU1, TV_GPU0, TV_GPU1, TV_GPU2, TV_GPU3, TV_N };

struct net *
net_tca_new(const struct net_tca_params *p, struct rho_err *err)
{
    static const char *const vn[TV_N] = {"peach2", "cpu0", "cpu1", "gpu0",
                                         "gpu1",   "gpu2", "gpu3"};
    int nn, nv, nl = 0, cap, nep;
    int *from, *to, *ep;
    double *bw;
    const char **cls;
    char **names;
    struct net *net;
    double gread;

    if (p->rings < 1 || p->rings > 2 || p->ring_nodes < 1) {
        rho_err_set(err, RHO_EINPUT,
                    "tca: %d rings of %d nodes (1 or 2 rings of 1 or more)",
                    p->rings, p->ring_nodes);
        return NULL;
    }
    if (!(p->port_bw > 0) || !(p->gpu_bw > 0) || !(p->qpi_bw > 0) ||
        p->gpu_read_bw < 0) {
        rho_err_set(err, RHO_EINPUT, "tca: bandwidths must be positive");
        return NULL;
    }
    if (p->rings * p->ring_nodes * TV_N > NET_GRAPH_MAX) {
        rho_err_set(err, RHO_EINPUT, "tca: too many nodes");
        return NULL;
    }
    gread = p->gpu_read_bw > 0 ? p->gpu_read_bw : p->gpu_bw;
    nn = p->rings * p->ring_nodes;
    nv = nn * TV_N;
    cap = nn * 24;
    from = xmalloc((size_t)cap * sizeof(int));
    to = xmalloc((size_t)cap * sizeof(int));
    bw = xmalloc((size_t)cap * sizeof(double));
    cls = xmalloc((size_t)cap * sizeof(char *));
    names = xmalloc((size_t)nv * sizeof(char *));
    nep = nn * 5;
    ep = xmalloc((size_t)nep * sizeof(int));

#define V(node, k) ((node)*TV_N + (k))
#define LINK(a, b, w, c)                                                       \
    do {                                                                       \
        from[nl] = (a);                                                        \
        to[nl] = (b);                                                          \
        bw[nl] = (w);                                                          \
        cls[nl] = (c);                                                         \
        nl++;                                                                  \
    } while (0)
    for (int i = 0; i < nn; i++) {
        int r = i / p->ring_nodes, k = i % p->ring_nodes, m = p->ring_nodes;
        int next = r * m + (k + 1) % m, prev = r * m + (k + m - 1) % m;
        char b[48];

        for (int t = 0; t < TV_N; t++) {
            snprintf(b, sizeof b, "n%d.%s", i, vn[t]);
            names[V(i, t)] = xstrdup(b);
        }
        /* PEACH2: port N up to cpu0, ring E (+) and W (-), S */
        LINK(V(i, TV_P2), V(i, TV_CPU0), p->port_bw, "pcie up");
        if (m >= 2) {
            LINK(V(i, TV_P2), V(next, TV_P2), p->port_bw, "ring +");
            LINK(V(i, TV_P2), V(prev, TV_P2), p->port_bw, "ring -");
        }
        if (p->rings == 2)
            LINK(V(i, TV_P2), V((1 - r) * m + k, TV_P2), p->port_bw, "S");
        LINK(V(i, TV_CPU0), V(i, TV_P2), p->port_bw, "pcie down");
        LINK(V(i, TV_CPU0), V(i, TV_GPU0), p->gpu_bw, "pcie down");
        LINK(V(i, TV_CPU0), V(i, TV_GPU1), p->gpu_bw, "pcie down");
        LINK(V(i, TV_CPU0), V(i, TV_CPU1), p->qpi_bw, "qpi");
        LINK(V(i, TV_CPU1), V(i, TV_GPU2), p->gpu_bw, "pcie down");
        LINK(V(i, TV_CPU1), V(i, TV_GPU3), p->gpu_bw, "pcie down");
        LINK(V(i, TV_CPU1), V(i, TV_CPU0), p->qpi_bw, "qpi");
        LINK(V(i, TV_GPU0), V(i, TV_CPU0), gread, "pcie up");
        LINK(V(i, TV_GPU1), V(i, TV_CPU0), gread, "pcie up");
        LINK(V(i, TV_GPU2), V(i, TV_CPU1), gread, "pcie up");
        LINK(V(i, TV_GPU3), V(i, TV_CPU1), gread, "pcie up");
        ep[i * 5 + 0] = V(i, TV_GPU0);
        ep[i * 5 + 1] = V(i, TV_GPU1);
        ep[i * 5 + 2] = V(i, TV_GPU2);
        ep[i * 5 + 3] = V(i, TV_GPU3);
        ep[i * 5 + 4] = V(i, TV_CPU0);
    }
#undef LINK
#undef V
    net = net_graph_new(nv, (const char *const *)names, nl, from, to, bw, cls,
                        nep, ep, 1, err);
    if (net != NULL)
        net->tca = *p;
    for (int v = 0; v < nv; v++)
        free(names[v]);
    free(names);
    free(from);
    free(to);
    free(bw);
    free(cls);
    free(ep);
    return net;
}

struct net *
net_new(const struct net_spec *spec, struct rho_err *err)
{
    switch (spec->family) {
    case NET_TORUS:
        return net_torus_new(&spec->torus, err);
    case NET_DRAGONFLY:
        return net_dragonfly_new(&spec->df, err);
    case NET_FATTREE:
        return net_fattree_new(&spec->ft, err);
    case NET_GRAPH:
        return net_tca_new(&spec->tca, err);
    default:
        rho_err_set(err, RHO_EINPUT,
                    "net: family %d cannot be built from "
                    "parameters",
                    spec->family);
        return NULL;
    }
}

/* --------------------------------------------------------- accessors */

int
net_family(const struct net *net)
{
    return net->family;
}

int
net_routers(const struct net *net)
{
    return net->nr;
}

int
net_vertices(const struct net *net)
{
    return net->nv;
}

int
net_links(const struct net *net)
{
    return net->nl;
}

int
net_endpoints(const struct net *net)
{
    return net->nep;
}

int
net_cores(const struct net *net)
{
    return net->cores;
}

long long
net_slots(const struct net *net)
{
    return (long long)net->nep * net->cores;
}

int
net_link_src(const struct net *net, int l)
{
    return net->lsrc[l];
}

int
net_link_dst(const struct net *net, int l)
{
    return net->ldst[l];
}

double
net_link_bw(const struct net *net, int l)
{
    return net->lbw[l];
}

int
net_link_class(const struct net *net, int l)
{
    return net->lcls[l];
}

const int *
net_link_srcs(const struct net *net)
{
    return net->lsrc;
}

const int *
net_link_dsts(const struct net *net)
{
    return net->ldst;
}

const double *
net_link_bws(const struct net *net)
{
    return net->lbw;
}

const int *
net_out_offsets(const struct net *net)
{
    return net->off;
}

const int *
net_df_globals(const struct net *net)
{
    return net->family == NET_DRAGONFLY ? net->glink : NULL;
}

const int *
net_endpoint_routers(const struct net *net)
{
    return net->ep_router;
}

int
net_out_begin(const struct net *net, int v)
{
    return net->off[v];
}

int
net_out_end(const struct net *net, int v)
{
    return net->off[v + 1];
}

int
net_find_link(const struct net *net, int a, int b)
{
    if (a < 0 || a >= net->nv)
        return -1;
    for (int l = net->off[a]; l < net->off[a + 1]; l++)
        if (net->ldst[l] == b)
            return l;
    return -1;
}

int
net_class_count(const struct net *net)
{
    return net->ncls;
}

const char *
net_class_name(const struct net *net, int c)
{
    return c >= 0 && c < net->ncls ? net->cls[c] : "";
}

int
net_class_find(const struct net *net, const char *name)
{
    for (int c = 0; c < net->ncls; c++)
        if (strcmp(net->cls[c], name) == 0)
            return c;
    return -1;
}

int
net_endpoint_router(const struct net *net, int e)
{
    return net->ep_router[e];
}

int
net_inj_link(const struct net *net, int e)
{
    return net->inj_base >= 0 ? net->inj_base + e : -1;
}

int
net_ej_link(const struct net *net, int e)
{
    return net->ej != NULL ? net->ej[e] : -1;
}

int
net_router_endpoints(const struct net *net, int r, int *first)
{
    if (first != NULL)
        *first = net->r_first[r];
    return net->r_count[r];
}

const struct net_torus_params *
net_torus(const struct net *net)
{
    return net->family == NET_TORUS ? &net->tp : NULL;
}

const struct net_dragonfly_params *
net_dragonfly(const struct net *net)
{
    return net->family == NET_DRAGONFLY ? &net->dp : NULL;
}

const struct net_fattree_params *
net_fattree(const struct net *net)
{
    return net->family == NET_FATTREE ? &net->fp : NULL;
}

const struct net_tca_params *
net_tca(const struct net *net)
{
    return net->family == NET_GRAPH && net->tca.rings > 0 ? &net->tca : NULL;
}

/* ------------------------------------------------------------- torus */

const char *
net_torus_dim_name(const struct net *net, int k, char *buf, int n)
{
    return dim_name(&net->tp, k, buf, n);
}

void
net_torus_coords(const struct net *net, int r, int *x)
{
    const int *c = net->tcoord + (size_t)r * net->tp.nd;

    for (int k = 0; k < net->tp.nd; k++)
        x[k] = c[k];
}

const int *
net_torus_coord_table(const struct net *net)
{
    return net->family == NET_TORUS ? net->tcoord : NULL;
}

const int *
net_torus_link_table(const struct net *net)
{
    return net->family == NET_TORUS ? net->tlink : NULL;
}

int
net_torus_router(const struct net *net, const int *x)
{
    int r = 0;

    for (int k = net->tp.nd - 1; k >= 0; k--) {
        int d = net->tp.dim[k], v = x[k] % d;
        if (v < 0)
            v += d;
        r = r * d + v;
    }
    return r;
}

int
net_torus_link(const struct net *net, int r, int k, int sign)
{
    return net->tlink[((size_t)r * net->tp.nd + k) * 2 + (sign > 0 ? 0 : 1)];
}

int
net_torus_link_dim(const struct net *net, int l, int *sign)
{
    int r, nd = net->tp.nd;

    if (net->family != NET_TORUS || l < 0 || l >= net->nl ||
        net->lsrc[l] >= net->nr || net->ldst[l] >= net->nr)
        return -1;
    r = net->lsrc[l];
    for (int k = 0; k < nd; k++)
        for (int s = 0; s < 2; s++)
            if (net->tlink[((size_t)r * nd + k) * 2 + s] == l) {
                if (sign != NULL)
                    *sign = s == 0 ? 1 : -1;
                return k;
            }
    return -1;
}

/* --------------------------------------------------------- dragonfly */

void
net_df_coords(const struct net *net, int r, int *g, int *c, int *slot)
{
    int R = net->dp.chassis * net->dp.routers, o = r % R;

    if (g != NULL)
        *g = r / R;
    if (c != NULL)
        *c = o / net->dp.routers;
    if (slot != NULL)
        *slot = o % net->dp.routers;
}

int
net_df_router(const struct net *net, int g, int c, int slot)
{
    return (g * net->dp.chassis + c) * net->dp.routers + slot;
}

int
net_df_global(const struct net *net, int g1, int g2, int j)
{
    int G = net->dp.groups, gp = net->dp.global_per_pair;

    if (g1 < 0 || g1 >= G || g2 < 0 || g2 >= G || j < 0 || j >= gp)
        return -1;
    return net->glink[((long long)g1 * G + g2) * gp + j];
}

int
net_df_gateway(const struct net *net, int g1, int g2, int j)
{
    int R = net->dp.chassis * net->dp.routers;

    (void)g1;
    return (int)(((long long)g2 * net->dp.global_per_pair + j) % R);
}

int
net_df_landing(const struct net *net, int g1, int g2, int j)
{
    int R = net->dp.chassis * net->dp.routers;

    (void)g2;
    return (int)(((long long)g1 * net->dp.global_per_pair + j) % R);
}

/* ---------------------------------------------------- fat-tree, tree */

int
net_ft_level(const struct net *net, int r, int *index)
{
    int l;

    if (net->family != NET_FATTREE || r < 0 || r >= net->nr)
        return -1;
    l = net->fp.levels == 1 ? 0 : r / net->ft_W;
    if (index != NULL)
        *index = net->fp.levels == 1 ? 0 : r % net->ft_W;
    return l;
}

int
net_tree_parent(const struct net *net, int v)
{
    return net->family == NET_TREE ? net->parent[v] : -1;
}

int
net_tree_depth(const struct net *net, int v)
{
    return net->family == NET_TREE ? net->depth[v] : -1;
}

/* ------------------------------------------------------------- names */

static char *
router_name(const struct net *net, int r, char *buf, int n)
{
    int len = 0;

    switch (net->family) {
    case NET_TORUS: {
        int x[NET_MAX_DIMS];
        net_torus_coords(net, r, x);
        len += snprintf(buf, (size_t)n, "(");
        for (int k = 0; k < net->tp.nd && len < n; k++)
            len += snprintf(buf + len, (size_t)(n - len), "%s%d", k ? "," : "",
                            x[k]);
        if (len < n)
            snprintf(buf + len, (size_t)(n - len), ")");
        break;
    }
    case NET_DRAGONFLY: {
        int g, c, s;
        net_df_coords(net, r, &g, &c, &s);
        snprintf(buf, (size_t)n, "g%d.c%d.r%d", g, c, s);
        break;
    }
    case NET_FATTREE: {
        int idx = 0, l = net_ft_level(net, r, &idx);
        snprintf(buf, (size_t)n, "L%d.%d", l, idx);
        break;
    }
    default:
        snprintf(buf, (size_t)n, "%s", net->vname[r]);
        break;
    }
    return buf;
}

char *
net_endpoint_name(const struct net *net, int e, char *buf, int n)
{
    int r = net->ep_router[e];
    char rb[NET_NAME_MAX];

    if (n <= 0)
        return buf;
    switch (net->family) {
    case NET_TORUS:
    case NET_DRAGONFLY:
        router_name(net, r, rb, sizeof rb);
        snprintf(buf, (size_t)n, "%s.n%d", rb, e - net->r_first[r]);
        break;
    case NET_FATTREE:
        snprintf(buf, (size_t)n, "n%d", e);
        break;
    default:
        if (net->r_count[r] > 1)
            snprintf(buf, (size_t)n, "%s.%d", net->vname[r],
                     e - net->r_first[r]);
        else
            snprintf(buf, (size_t)n, "%s", net->vname[r]);
        break;
    }
    return buf;
}

char *
net_vertex_name(const struct net *net, int v, char *buf, int n)
{
    if (n <= 0)
        return buf;
    if (v < 0 || v >= net->nv) {
        snprintf(buf, (size_t)n, "?");
        return buf;
    }
    if (v >= net->nr)
        return net_endpoint_name(net, v - net->nr, buf, n);
    return router_name(net, v, buf, n);
}

char *
net_link_name(const struct net *net, int l, char *buf, int n)
{
    char a[NET_NAME_MAX], b[NET_NAME_MAX], suf[32] = "";
    int s, d, j = 0;

    if (n <= 0)
        return buf;
    if (l < 0 || l >= net->nl) {
        snprintf(buf, (size_t)n, "?");
        return buf;
    }
    s = net->lsrc[l];
    d = net->ldst[l];
    for (int m = net->off[s]; m < l; m++)
        if (net->ldst[m] == d)
            j++;
    if (net->family == NET_TORUS && s < net->nr && d < net->nr) {
        int sign, k = net_torus_link_dim(net, l, &sign);
        if (k >= 0 && net->tp.dim[k] == 2 && net->tp.wrap[k]) {
            char dn[24];
            snprintf(suf, sizeof suf, " (%s%s)",
                     dim_name(&net->tp, k, dn, sizeof dn),
                     sign > 0 ? "+" : "-");
        } else if (j > 0)
            snprintf(suf, sizeof suf, " #%d", j);
    } else if (j > 0)
        snprintf(suf, sizeof suf, " #%d", j);
    net_vertex_name(net, s, a, sizeof a);
    net_vertex_name(net, d, b, sizeof b);
    snprintf(buf, (size_t)n, "%.60s->%.60s%s", a, b, suf);
    return buf;
}

int
net_graph_hops(const struct net *net, int a, int b)
{
    unsigned short d;

    if (net->dist == NULL)
        return -1;
    d = net->dist[(size_t)a * net->nv + b];
    return d == 0xffff ? -1 : d;
}

int
net_tree_up_link(const struct net *net, int v)
{
    return net->family == NET_TREE ? net->tup[v] : -1;
}

int
net_tree_down_link(const struct net *net, int v)
{
    return net->family == NET_TREE ? net->tdown[v] : -1;
}
