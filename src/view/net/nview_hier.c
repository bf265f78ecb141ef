/*
 * nview_hier: the hierarchy of a network and its rows. See nview_hier.h.
 *
 * One pass over the links sums the bytes crossing every router's, top
 * node's and chassis's boundary; listing rows then walks only the open
 * nodes, so a frame costs the visible rows, not the network.
 */
#include "view/net/nview_hier.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "view/net/nview_int.h"
#include "view/roles.h"

long long
nview_row_id(int kind, int index)
{
    return ((long long)kind << 32) | (long long)(unsigned)index;
}

int
nview_idset_has(void *ctx, long long id)
{
    const struct nview_idset *s = ctx;
    int lo = 0, hi = s ? s->n : 0;

    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (s->ids[mid] == id)
            return 1;
        if (s->ids[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

struct nview_hier {
    const struct net *net;
    const double *bytes;
    double peak;
    int family, nr;
    const struct net_bounds *b; /* the boundaries: own, or borrowed */
    struct net_bounds *own;     /* made here, or NULL */
    /* tree: children of v are child[coff[v] .. coff[v+1]); pos[v] is v's
       place among its siblings */
    int *coff, *child, *pos, root;
};

/* The load of the busiest link of a boundary, busy t seconds (NaN: none),
   as nview_load_bw() makes it of its bytes. */
static double
load_of(double t, double peak)
{
    if (isnan(t))
        return NAN;
    if (t == 0)
        return 0;
    if (!(peak > 0))
        return INFINITY;
    return t / peak;
}

struct nview_hier *
nview_hier_new_with(const struct net *net, const double *bytes, double peak,
                    const struct net_bounds *b)
{
    struct nview_hier *h = xcalloc(1, sizeof *h);

    h->net = net;
    h->bytes = bytes;
    h->peak = peak > 0 ? peak : nview_peak(net, bytes);
    h->family = net_family(net);
    h->nr = net_routers(net);
    h->root = -1;
    if (b == NULL)
        b = h->own = net_bounds_new(net, bytes, NULL);
    h->b = b;
    if (h->family == NET_TREE) {
        int n = h->nr;
        h->coff = xcalloc((size_t)n + 1, sizeof(int));
        h->child = xmalloc((size_t)n * sizeof(int));
        h->pos = xmalloc((size_t)n * sizeof(int));
        for (int v = 0; v < n; v++) {
            int p = net_tree_parent(net, v);
            if (p < 0)
                h->root = v;
            else
                h->coff[p + 1]++;
        }
        for (int v = 0; v < n; v++)
            h->coff[v + 1] += h->coff[v];
        {
            int *fill = xcalloc((size_t)n, sizeof(int));
            for (int v = 0; v < n; v++) { /* in id order: sorted */
                int p = net_tree_parent(net, v);
                if (p >= 0) {
                    h->pos[v] = fill[p];
                    h->child[h->coff[p] + fill[p]++] = v;
                }
            }
            free(fill);
        }
    }
    return h;
}

struct nview_hier *
nview_hier_new(const struct net *net, const double *bytes, double peak)
{
    return nview_hier_new_with(net, bytes, peak, NULL);
}

void
nview_hier_free(struct nview_hier *h)
{
    if (h == NULL)
        return;
    net_bounds_free(h->own);
    free(h->coff);
    free(h->child);
    free(h->pos);
    free(h);
}

/* The reverse of link l = a->b: the k-th b->a link for the k-th a->b. */
static int
reverse(const struct net *net, int l)
{
    const int *src = net_link_srcs(net), *dst = net_link_dsts(net);
    const int *off = net_out_offsets(net);
    int a = src[l], b = dst[l], k = 0;

    for (int i = off[a]; i < l; i++)
        k += dst[i] == b;
    for (int i = off[b]; i < off[b + 1]; i++)
        if (dst[i] == a && k-- == 0)
            return i;
    return -1;
}

struct walker {
    const struct nview_hier *h;
    struct nview_walk *wk;
    struct nview_row *rows;
    int first, max, n;
};

static int
is_open(const struct walker *w, long long id)
{
    return w->wk && w->wk->open && w->wk->open(w->wk->ctx, id);
}

/* Count a row; return it to fill if it is in the window, else NULL. */
static struct nview_row *
emit(struct walker *w, int kind, int index, int depth, int children, int open)
{
    long long id = nview_row_id(kind, index);
    int pos = w->n++;
    struct nview_row *r;

    if (w->wk && w->wk->find == id)
        w->wk->found = pos;
    if (pos < w->first || pos - w->first >= w->max || w->rows == NULL)
        return NULL;
    r = &w->rows[pos - w->first];
    memset(r, 0, sizeof *r);
    r->id = id;
    r->kind = kind;
    r->index = index;
    r->depth = depth;
    r->children = children;
    r->open = open;
    r->link = r->rev = -1;
    return r;
}

static void
fill_sums(const struct nview_hier *h, struct nview_row *r,
          const struct net_bound *s)
{
    r->out = s->out;
    r->in = s->in;
    r->load_out = load_of(s->tout, h->peak);
    r->load_in = load_of(s->tin, h->peak);
}

static void
fill_link(const struct nview_hier *h, struct nview_row *r, int l, int rev)
{
    const double *bw = net_link_bws(h->net);

    r->link = l;
    r->rev = rev;
    r->out = h->bytes[l];
    r->load_out = nview_load_bw(h->bytes[l], bw[l], h->peak);
    r->in = rev >= 0 ? h->bytes[rev] : NAN;
    r->load_in =
        rev >= 0 ? nview_load_bw(h->bytes[rev], bw[rev], h->peak) : NAN;
}

/* The out-links of v, by class then id. */
static void
walk_links(struct walker *w, int v, int depth)
{
    const struct net *net = w->h->net;
    const int *off = net_out_offsets(net);
    int last = -1;

    for (;;) {
        int next = INT_MAX;
        for (int l = off[v]; l < off[v + 1]; l++) {
            int c = net_link_class(net, l);
            if (c > last && c < next)
                next = c;
        }
        if (next == INT_MAX)
            return;
        for (int l = off[v]; l < off[v + 1]; l++) {
            struct nview_row *r;
            char name[NET_NAME_MAX];
            if (net_link_class(net, l) != next)
                continue;
            if ((r = emit(w, NVIEW_LINK, l, depth, 0, 0)) == NULL)
                continue;
            fill_link(w->h, r, l, reverse(net, l));
            net_vertex_name(net, net_link_dst(net, l), name, sizeof name);
            snprintf(r->label, sizeof r->label, "%.31s \u2192 %.56s",
                     net_class_name(net, next), name);
        }
        last = next;
    }
}

static void
walk_router(struct walker *w, int v, int depth)
{
    const struct net *net = w->h->net;
    int children = net_out_end(net, v) > net_out_begin(net, v);
    int open = children && is_open(w, nview_row_id(NVIEW_ROUTER, v));
    struct nview_row *r = emit(w, NVIEW_ROUTER, v, depth, children, open);

    if (r) {
        net_vertex_name(net, v, r->label, sizeof r->label);
        fill_sums(w->h, r, &w->h->b->router[v]);
    }
    if (open)
        walk_links(w, v, depth + 1);
}

/* A top or middle node over the routers [lo, hi). */
static void
walk_node(struct walker *w, int kind, int index, int depth,
          const struct net_bound *s, int lo, int hi, const char *label)
{
    int open = hi > lo && is_open(w, nview_row_id(kind, index));
    struct nview_row *r = emit(w, kind, index, depth, hi > lo, open);

    if (r) {
        snprintf(r->label, sizeof r->label, "%s", label);
        fill_sums(w->h, r, s);
    }
    if (!open)
        return;
    if (kind == NVIEW_GROUP && w->h->b->mid) {
        const struct net_bounds *b = w->h->b;
        for (int ci = lo / b->mid_size; ci < hi / b->mid_size; ci++) {
            char name[48];
            int g = ci / net_dragonfly(w->h->net)->chassis;
            snprintf(name, sizeof name, "g%d.c%d", g,
                     ci % net_dragonfly(w->h->net)->chassis);
            walk_node(w, NVIEW_CHASSIS, ci, depth + 1, &b->mid[ci],
                      ci * b->mid_size, (ci + 1) * b->mid_size, name);
        }
        return;
    }
    for (int v = lo; v < hi; v++)
        walk_router(w, v, depth + 1);
}

/* The tree family: preorder without recursion (a tree may be deep). */
static void
walk_tree(struct walker *w)
{
    const struct nview_hier *h = w->h;
    const struct net *net = h->net;
    int v = h->root;

    while (v >= 0) {
        int nc = h->coff[v + 1] - h->coff[v];
        int open = nc > 0 && is_open(w, nview_row_id(NVIEW_ROUTER, v));
        struct nview_row *r =
            emit(w, NVIEW_ROUTER, v, net_tree_depth(net, v), nc > 0, open);
        if (r) {
            int up = net_tree_up_link(net, v);
            net_vertex_name(net, v, r->label, sizeof r->label);
            if (up >= 0) {
                fill_link(h, r, up, net_tree_down_link(net, v));
            } else {
                r->out = r->in = NAN;
                r->load_out = r->load_in = NAN;
            }
        }
        if (open) {
            v = h->child[h->coff[v]];
            continue;
        }
        /* the next sibling of v or of its nearest ancestor */
        while (v >= 0) {
            int p = net_tree_parent(net, v);
            if (v == h->root || p < 0) {
                v = -1;
                break;
            }
            if (h->pos[v] + 1 < h->coff[p + 1] - h->coff[p]) {
                v = h->child[h->coff[p] + h->pos[v] + 1];
                break;
            }
            v = p;
        }
    }
}

int
nview_rows(const struct nview_hier *h, struct nview_walk *wk,
           struct nview_row *rows, int max)
{
    struct walker w = {h, wk, rows, 0, max > 0 ? max : 0, 0};
    const struct net *net;
    const struct net_bounds *b;
    char label[NVIEW_LABEL_MAX];

    if (h == NULL)
        return 0;
    net = h->net;
    b = h->b;
    if (wk) {
        w.first = wk->first > 0 ? wk->first : 0;
        wk->found = -1;
    }
    switch (h->family) {
    case NET_DRAGONFLY:
        for (int g = 0; g < b->ntop; g++) {
            snprintf(label, sizeof label, "group %d", g);
            walk_node(&w, NVIEW_GROUP, g, 0, &b->top[g], g * b->top_size,
                      (g + 1) * b->top_size, label);
        }
        break;
    case NET_TORUS:
        if (b->top) {
            const struct net_torus_params *p = net_torus(net);
            char dn[16];
            net_torus_dim_name(net, p->nd - 1, dn, sizeof dn);
            for (int i = 0; i < b->ntop; i++) {
                snprintf(label, sizeof label, "plane %s=%d", dn, i);
                walk_node(&w, NVIEW_PLANE, i, 0, &b->top[i], i * b->top_size,
                          (i + 1) * b->top_size, label);
            }
        } else {
            for (int v = 0; v < h->nr; v++)
                walk_router(&w, v, 0);
        }
        break;
    case NET_FATTREE: {
        int lo = 0;
        for (int l = 0; l < b->ntop; l++) {
            int hi = lo;
            while (hi < h->nr && net_ft_level(net, hi, NULL) == l)
                hi++;
            snprintf(label, sizeof label, "level %d (%d switches)", l, hi - lo);
            walk_node(&w, NVIEW_LEVEL, l, 0, &b->top[l], lo, hi, label);
            lo = hi;
        }
        break;
    }
    case NET_TREE:
        walk_tree(&w);
        break;
    default:
        for (int v = 0; v < h->nr; v++)
            walk_router(&w, v, 0);
        break;
    }
    return w.n;
}

int
nview_rows_draw(struct canvas *c, int x, int y, int w, int h,
                const struct nview_row *rows, int n, int sel,
                enum heat_scale scale)
{
    struct cview r = {c, x, y, w, h};
    int numw = 9, bw, cols, nw, outcol, incol, colw;
    char buf[32];

    if (w < 1 || h < 1)
        return -1;
    if (w < 8 || h < 2)
        return nview_too_small(&r, "too small");
    /* name, then per direction [bar] bytes; narrow: no bars, no in */
    nw = 28; /* the name's share before bars are drawn */
    bw = nview_min(12, (w - nw - 2 * (numw + 2)) / 2);
    cols = 2;
    if (bw < 4) { /* no bars; names keep at least 12 columns */
        bw = 0;
        cols = w >= 12 + 2 * (numw + 1) ? 2 : w >= 12 + numw + 1 ? 1 : 0;
    }
    colw = (bw ? bw + 1 : 0) + numw + 1;
    nw = w - cols * colw;
    outcol = nw + 1;
    incol = outcol + colw;
    cview_text(&r, 0, 0, nw, ROLE_HEADER, "name");
    for (int d = 0; d < cols; d++) { /* what the bar is, what the number */
        int c0 = d ? incol : outcol;
        if (bw)
            cview_text(&r, c0, 0, bw, ROLE_HEADER,
                       bw >= 12 ? "busiest link" : bw >= 7 ? "busiest" : "max");
        cview_text_right(&r, c0 + (bw ? bw + 1 : 0), 0, numw, ROLE_HEADER,
                         d ? "\u2190 in" : "\u2192 out");
    }
    if (rows == NULL)
        n = 0;
    for (int i = 0; i < n && i + 1 < h; i++) {
        const struct nview_row *rw = &rows[i];
        int row = i + 1, ind = 2 * rw->depth, col, role;
        if (ind > nw / 2)
            ind = nw / 2;
        col = ind;
        if (rw->children)
            cview_put(&r, col, row,
                      c->ascii ? (rw->open ? '-' : '+')
                               : (rw->open ? 0x25be : 0x25b8),
                      ROLE_TREE_GUIDE);
        col += 2;
        role = rw->kind == NVIEW_LINK      ? ROLE_DEFAULT
               : rw->kind == NVIEW_ROUTER  ? ROLE_TREE_SWITCH
               : rw->kind == NVIEW_CHASSIS ? ROLE_TREE_SWITCH
                                           : ROLE_TREE_RC;
        if (col < nw)
            cview_text(&r, col, row, nw - col, role, rw->label);
        if (i == sel)
            cview_paint(&r, 0, row, nw, 1, ROLE_SELECTED);
        for (int d = 0; d < cols; d++) {
            double ld = d ? rw->load_in : rw->load_out;
            double b = d ? rw->in : rw->out;
            int c0 = d ? incol : outcol;
            if (bw)
                cview_bar(&r, c0, row, bw, isnan(ld) ? 0 : ld,
                          isnan(ld) ? ROLE_HEAT_NONE : heat_role(ld, scale),
                          ROLE_HEAT_IDLE);
            cview_text_right(&r, c0 + (bw ? bw + 1 : 0), row, numw,
                             isnan(b) ? ROLE_DIM
                             : d      ? ROLE_LINK_DOWN
                                      : ROLE_LINK_UP,
                             nview_fmt_bytes(buf, sizeof buf, b));
        }
    }
    return n < h - 1 ? n : h - 1;
}
