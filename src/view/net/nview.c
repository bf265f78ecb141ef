/*
 * nview: the link-utilization model's views. See nview.h.
 */
#include "view/net/nview.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "view/net/nview_int.h"
#include "view/plot.h"
#include "view/roles.h"

/* ---- loads ---- */

const struct nview_opts nview_defaults = {HEAT_LINEAR, 0, NVIEW_MEAN};

double
nview_peak(const struct net *net, const double *bytes)
{
    const double *bw = net_link_bws(net);
    int n = net_links(net);
    double peak = 0;

    for (int l = 0; l < n; l++) {
        double u = bytes[l] / bw[l];
        if (u > peak && isfinite(u)) /* NaN compares false */
            peak = u;
    }
    return peak;
}

double
nview_load(const struct net *net, const double *bytes, int l, double peak)
{
    return nview_load_bw(bytes[l], net_link_bw(net, l), peak);
}

double
nview_loads(const struct net *net, const double *bytes, double peak,
            double *load)
{
    const double *bw = net_link_bws(net);
    int n = net_links(net);

    if (!(peak > 0))
        peak = nview_peak(net, bytes);
    for (int l = 0; l < n; l++)
        load[l] = nview_load_bw(bytes[l], bw[l], peak);
    return peak;
}

struct nview_opts
nview_resolve(const struct net *net, const double *bytes,
              const struct nview_opts *o)
{
    struct nview_opts r = o ? *o : nview_defaults;

    if (!(r.peak > 0))
        r.peak = nview_peak(net, bytes);
    if (r.agg != NVIEW_MAX)
        r.agg = NVIEW_MEAN;
    if (r.scale != HEAT_LOG)
        r.scale = HEAT_LINEAR;
    return r;
}

/* ---- drawing ---- */

void
nview_legend(const struct cview *v, int row, enum heat_scale scale)
{
    if (row >= 0 && row < v->h)
        heat_legend(v->c, v->x, v->y + row, v->w, scale);
}

int
nview_too_small(const struct cview *v, const char *why)
{
    cview_text(v, 0, 0, v->w, ROLE_DIM, why);
    return -1;
}

int
nview_digits(long long n)
{
    int d = 1;

    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

int
nview_window(int sel, int n, int total)
{
    int f;

    if (n >= total)
        return 0;
    f = sel >= 0 && sel < total ? sel - n / 2 : 0;
    if (f > total - n)
        f = total - n;
    return f < 0 ? 0 : f;
}

uint32_t
nview_shade(int bucket, int ascii)
{
    static const uint32_t u[] = {0x00b7, 0x2591, 0x2592, 0x2593, 0x2588};
    static const char a[] = ".:=#@";
    int k;

    if (bucket == HEAT_NONE)
        return '?';
    k = bucket == HEAT_IDLE         ? 0
        : bucket >= HEAT_LEVELS - 1 ? 4
                                    : 1 + bucket / 3;
    return ascii ? (uint32_t)a[k] : u[k];
}

/* A minimap edge: light up to 50%, heavy above, double over capacity. */
static uint32_t
edge_glyph(int bucket, int vertical, int ascii)
{
    int heavy = bucket >= HEAT_LEVELS / 2, over = bucket == HEAT_OVER;

    if (bucket == HEAT_NONE)
        return '?';
    if (ascii)
        return over ? '#' : vertical ? (heavy ? '!' : '|') : heavy ? '=' : '-';
    if (vertical)
        return over ? 0x2551 : heavy ? 0x2503 : 0x2502;
    return over ? 0x2550 : heavy ? 0x2501 : 0x2500;
}

const char *
nview_fmt_bytes(char *buf, size_t n, double b)
{
    if (isnan(b))
        snprintf(buf, n, "-");
    else
        units_fmt_size(buf, n, b);
    return buf;
}

void
nview_plan_rows(int h, int want, int note, int key, int legend_ok,
                struct nview_plan *p)
{
    int left = h, g, more;

    memset(p, 0, sizeof *p);
    g = nview_min(want > 0 ? 1 : 0, left);
    left -= g;
    if (left > 0) {
        p->coords = 1;
        left--;
    }
    if (note && left > 0) {
        p->note = 1;
        left--;
    }
    more = nview_min(nview_min(want, 4) - g, left);
    if (more > 0) {
        g += more;
        left -= more;
    }
    if (left > 0) {
        p->caption = 1;
        left--;
    }
    if (key && left > 0) {
        p->key = 1;
        left--;
    }
    if (legend_ok && left > 0) {
        p->legend = 1;
        left--;
    }
    more = nview_min(want - g, left);
    if (more > 0)
        g += more;
    p->grid = g;
}

int
nview_grid_hit(const struct nview_grid *g, int sx, int sy, int *ix, int *iy)
{
    int i, j, b;

    if (g == NULL || g->cw < 1 || g->ch < 1 || sx < g->x0 || sy < g->y0)
        return 0;
    i = (sx - g->x0) / g->cw;
    j = (sy - g->y0) / g->ch;
    if (i >= g->nx || j >= g->ny)
        return 0;
    b = g->block > 0 ? g->block : 1;
    if (ix)
        *ix = (g->fx + i) * b;
    if (iy)
        *iy = (g->fy + j) * b;
    return 1;
}

/* ---- torus minimap ---- */

struct mm {
    const struct net *net;
    const double *bytes, *bw;
    double peak;
    int agg, dir;
    int nd, dim[NET_MAX_DIMS], stride[NET_MAX_DIMS];
    int dx, dy; /* dy -1: one row */
    int nother, other[NET_MAX_DIMS];
    int plane, fixed[NET_MAX_DIMS]; /* plane: coordinates of the others */
};

static int
mm_setup(struct mm *m, const struct net *net, const double *bytes,
         const struct nview_opts *o, int dx, int dy, int dir, const int *plane)
{
    const struct net_torus_params *p = net_torus(net);
    int s = 1;

    if (p == NULL || bytes == NULL || dx < 0 || dx >= p->nd || dy < -1 ||
        dy >= p->nd || dy == dx)
        return -1;
    memset(m, 0, sizeof *m);
    m->net = net;
    m->bytes = bytes;
    m->bw = net_link_bws(net);
    m->peak = o->peak;
    m->agg = o->agg;
    m->dir = dir == NVIEW_PLUS || dir == NVIEW_MINUS ? dir : NVIEW_BOTH;
    m->nd = p->nd;
    m->dx = dx;
    m->dy = dy;
    m->plane = plane != NULL;
    for (int k = 0; k < p->nd; k++) {
        m->dim[k] = p->dim[k];
        m->stride[k] = s;
        s *= p->dim[k];
        if (k != dx && k != dy)
            m->other[m->nother++] = k;
        if (plane)
            m->fixed[k] = ((plane[k] % p->dim[k]) + p->dim[k]) % p->dim[k];
    }
    return 0;
}

static void
add_link(const struct mm *m, int l, struct nview_acc *a)
{
    if (l >= 0)
        nview_acc_add(a, nview_load_bw(m->bytes[l], m->bw[l], m->peak));
}

/* The edge between coordinates x and x+1 along k at router r (at x). */
static void
edge(const struct mm *m, int r, int k, int x, struct nview_acc *a)
{
    if (m->dir != NVIEW_MINUS)
        add_link(m, net_torus_link(m->net, r, k, +1), a);
    if (m->dir != NVIEW_PLUS) {
        int d = m->dim[k];
        int nb = x + 1 < d ? r + m->stride[k] : r - (d - 1) * m->stride[k];
        add_link(m, net_torus_link(m->net, nb, k, -1), a);
    }
}

/*
 * The loads of the cells [x0, x1) x [y0, y1) together: h along dx, v
 * along dy, ot along the other dimensions (any may be NULL), over every
 * coordinate of the other dimensions or the fixed plane's.
 */
static void
mm_cell(const struct mm *m, int x0, int x1, int y0, int y1, struct nview_acc *h,
        struct nview_acc *v, struct nview_acc *ot)
{
    int oc[NET_MAX_DIMS];

    for (int i = 0; i < m->nother; i++)
        oc[i] = m->plane ? m->fixed[m->other[i]] : 0;
    for (;;) {
        int base = 0, i;
        for (i = 0; i < m->nother; i++)
            base += oc[i] * m->stride[m->other[i]];
        for (int cy = y0; cy < y1; cy++)
            for (int cx = x0; cx < x1; cx++) {
                int r = base + cx * m->stride[m->dx] +
                        (m->dy >= 0 ? cy * m->stride[m->dy] : 0);
                if (h)
                    edge(m, r, m->dx, cx, h);
                if (v && m->dy >= 0)
                    edge(m, r, m->dy, cy, v);
                for (i = 0; ot && i < m->nother; i++) {
                    int k = m->other[i];
                    if (m->dir != NVIEW_MINUS)
                        add_link(m, net_torus_link(m->net, r, k, +1), ot);
                    if (m->dir != NVIEW_PLUS)
                        add_link(m, net_torus_link(m->net, r, k, -1), ot);
                }
            }
        if (m->plane)
            break;
        for (i = 0; i < m->nother; i++) { /* odometer */
            if (++oc[i] < m->dim[m->other[i]])
                break;
            oc[i] = 0;
        }
        if (i == m->nother)
            break;
    }
}

int
nview_minimap_cell(const struct net *net, const double *bytes,
                   const struct nview_minimap *mm, const struct nview_opts *o,
                   int cx, int cy, struct nview_cell *out)
{
    struct nview_opts op;
    struct nview_acc h = {0}, v = {0}, ot = {0};
    struct mm m;

    if (net_torus(net) == NULL || bytes == NULL || mm == NULL)
        return -1;
    op = nview_resolve(net, bytes, o);
    if (mm_setup(&m, net, bytes, &op, mm->dx, mm->dy, mm->dir, mm->plane))
        return -1;
    if (cx < 0 || cx >= m.dim[m.dx] || cy < 0 ||
        cy >= (m.dy >= 0 ? m.dim[m.dy] : 1))
        return -1;
    mm_cell(&m, cx, cx + 1, cy, cy + 1, &h, &v, &ot);
    out->h = nview_acc_get(&h, m.agg);
    out->v = nview_acc_get(&v, m.agg);
    out->other = nview_acc_get(&ot, m.agg);
    out->nh = h.n;
    out->nv = v.n;
    out->nother = ot.n;
    return 0;
}

/* "A→ B↓  + links, mean over C" and the like. */
static void
mm_caption(const struct mm *m, char *buf, size_t n)
{
    static const char *const dirs[] = {"both directions", "+ links", "- links"};
    char a[16], b[16], name[16];
    size_t len;

    net_torus_dim_name(m->net, m->dx, a, sizeof a);
    if (m->dy >= 0)
        snprintf(buf, n, "%s\u2192 %s\u2193  %s, %s", a,
                 net_torus_dim_name(m->net, m->dy, b, sizeof b), dirs[m->dir],
                 m->agg == NVIEW_MAX ? "max" : "mean");
    else
        snprintf(buf, n, "%s\u2192  %s, %s", a, dirs[m->dir],
                 m->agg == NVIEW_MAX ? "max" : "mean");
    for (int i = 0; i < m->nother; i++) {
        int k = m->other[i];
        len = strlen(buf);
        net_torus_dim_name(m->net, k, name, sizeof name);
        if (m->plane)
            snprintf(buf + len, n - len, "%s%s=%d", i ? " " : " at ", name,
                     m->fixed[k]);
        else
            snprintf(buf + len, n - len, "%s%s", i ? "," : " over ", name);
    }
}

/* The node of a full cell: the other dimensions' links, if any. */
static void
node_glyph(const struct mm *m, const struct nview_acc *ot,
           enum heat_scale scale, int ascii, uint32_t *ch, int *role)
{
    if (m->nother == 0 || ot->n == 0) {
        *ch = ascii ? '.' : 0x00b7;
        *role = ROLE_MINIMAP;
        return;
    }
    if (ot->vals == 0) {
        *ch = '?';
        *role = ROLE_HEAT_NONE;
        return;
    }
    *ch = ascii ? '*' : 0x25cf;
    *role = heat_role(nview_acc_get(ot, m->agg), scale);
}

int
nview_minimap(struct canvas *c, int x, int y, int w, int h,
              const struct net *net, const double *bytes,
              const struct nview_minimap *mm, const struct nview_opts *o,
              struct nview_grid *grid)
{
    struct cview r = {c, x, y, w, h}, gr;
    struct nview_opts op;
    struct nview_plan p;
    struct mm m;
    int X, Y, gw, gx, aw, cw, ch, nx, ny, fx, fy, along, full, cut, row;
    int sx, sy;
    char buf[200];

    if (grid)
        memset(grid, 0, sizeof *grid);
    if (w < 1 || h < 1)
        return -1;
    if (mm == NULL || net == NULL || bytes == NULL || net_torus(net) == NULL)
        return nview_too_small(&r, "not a torus");
    op = nview_resolve(net, bytes, o);
    if (mm_setup(&m, net, bytes, &op, mm->dx, mm->dy, mm->dir, mm->plane))
        return nview_too_small(&r, "bad dimensions");
    X = m.dim[m.dx];
    Y = m.dy >= 0 ? m.dim[m.dy] : 1;
    along = mm->along & NVIEW_ALONG_XY;
    if (along == 0)
        along = NVIEW_ALONG_XY;
    if (m.dy < 0)
        along = NVIEW_ALONG_X;
    gw = m.dy >= 0 ? nview_digits(Y - 1) : 0;
    gx = gw > 0 ? gw + 1 : 0;
    aw = w - gx;
    sx = mm->sel_x;
    sy = m.dy >= 0 ? mm->sel_y : (mm->sel_x >= 0 ? 0 : -1);

    /* full cells when the whole grid fits with its labels */
    ch = m.dy >= 0 && (along & NVIEW_ALONG_Y) ? 2 : 1;
    nview_plan_rows(h, Y * ch, 0, 0, w >= HEAT_LEVELS, &p);
    full = mm->cell == NVIEW_CELL_FULL ||
           (mm->cell != NVIEW_CELL_COMPACT && aw >= 2 * X && p.grid >= Y * ch &&
            p.caption);
    cw = full ? 2 : 1;
    if (!full)
        ch = 1;
    nview_plan_rows(h, Y * ch, 0, 0, w >= HEAT_LEVELS, &p);
    nx = nview_min(X, aw / cw);
    ny = nview_min(Y, nview_ceil_div(p.grid, ch));
    cut = nx < X || ny < Y || ny * ch > p.grid;
    if (cut) {
        nview_plan_rows(h, Y * ch, 1, 0, w >= HEAT_LEVELS, &p);
        ny = nview_min(Y, nview_ceil_div(p.grid, ch));
    }
    if (nx < 1 || ny < 1)
        return nview_too_small(&r, "too small");
    fx = nview_window(sx, nx, X);
    fy = nview_window(sy, ny, Y);

    row = 0;
    if (p.caption) {
        mm_caption(&m, buf, sizeof buf);
        cview_text(&r, 0, row++, w, ROLE_MINIMAP, buf);
    }
    if (p.coords) {
        int next = gx;
        for (int i = 0; i < nx; i++) {
            int col = gx + i * cw, len;
            if (col < next)
                continue;
            len = snprintf(buf, sizeof buf, "%d", fx + i);
            cview_text(&r, col, row, len,
                       fx + i == sx ? ROLE_MINIMAP_SELECTED : ROLE_MINIMAP,
                       buf);
            next = col + len + 1;
        }
        row++;
    }
    gr = cview_sub(&r, gx, row, aw, p.grid);
    for (int j = 0; j < ny; j++) {
        int cy = fy + j;
        if (gw > 0) {
            snprintf(buf, sizeof buf, "%d", cy);
            cview_text_right(&r, 0, row + j * ch, gw,
                             cy == sy ? ROLE_MINIMAP_SELECTED : ROLE_MINIMAP,
                             buf);
        }
        for (int i = 0; i < nx; i++) {
            struct nview_acc ah = {0}, av = {0}, ot = {0};
            int cx = fx + i, sel = cx == sx && cy == sy, role, b;
            uint32_t g;
            mm_cell(&m, cx, cx + 1, cy, cy + 1, &ah, &av, full ? &ot : NULL);
            if (full) {
                node_glyph(&m, &ot, op.scale, c->ascii, &g, &role);
                cview_put(&gr, i * cw, j * ch, g,
                          sel ? ROLE_MINIMAP_SELECTED : role);
                if ((along & NVIEW_ALONG_X) && ah.n > 0) {
                    b = heat_bucket(nview_acc_get(&ah, m.agg), op.scale);
                    cview_put(&gr, i * cw + 1, j * ch,
                              edge_glyph(b, 0, c->ascii), heat_bucket_role(b));
                }
                if ((along & NVIEW_ALONG_Y) && av.n > 0) {
                    b = heat_bucket(nview_acc_get(&av, m.agg), op.scale);
                    cview_put(&gr, i * cw, j * ch + 1,
                              edge_glyph(b, 1, c->ascii), heat_bucket_role(b));
                }
            } else {
                struct nview_acc a = {0};
                if (along & NVIEW_ALONG_X)
                    nview_acc_merge(&a, &ah);
                if (along & NVIEW_ALONG_Y)
                    nview_acc_merge(&a, &av);
                b = heat_bucket(nview_acc_get(&a, m.agg), op.scale);
                cview_put(&gr, i, j, a.n > 0 ? nview_shade(b, c->ascii) : ' ',
                          a.n > 0 ? heat_bucket_role(b) : ROLE_MINIMAP);
                if (sel)
                    cview_set_attrs(&gr, i, j, 1, 1, ATTR_REVERSE);
            }
        }
    }
    row += p.grid;
    if (p.note) {
        char a[16], b[16] = "";
        net_torus_dim_name(net, m.dx, a, sizeof a);
        if (m.dy >= 0)
            net_torus_dim_name(net, m.dy, b, sizeof b);
        if (nx < X && ny < Y)
            cview_printf(&r, 0, row, w, ROLE_DIM, "%s %d-%d/%d, %s %d-%d/%d", a,
                         fx, fx + nx - 1, X, b, fy, fy + ny - 1, Y);
        else if (nx < X)
            cview_printf(&r, 0, row, w, ROLE_DIM, "%s %d-%d/%d", a, fx,
                         fx + nx - 1, X);
        else
            cview_printf(&r, 0, row, w, ROLE_DIM, "%s %d-%d/%d", b, fy,
                         fy + ny - 1, Y);
        row++;
    }
    if (p.legend)
        nview_legend(&r, row, op.scale);
    if (grid) {
        grid->x0 = x + gx;
        grid->y0 = gr.y;
        grid->cw = cw;
        grid->ch = ch;
        grid->nx = nx;
        grid->ny = ny;
        grid->fx = fx;
        grid->fy = fy;
        grid->block = 1;
    }
    return cut ? 1 : 0;
}

/* The pairs of dimensions an overview shows: (a, b) with a < b, or the
   one ring (0, -1). */
static int
mm_pairs(int nd, int *pa, int *pb)
{
    int n = 0;

    if (nd == 1) {
        pa[0] = 0;
        pb[0] = -1;
        return 1;
    }
    for (int a = 0; a < nd; a++)
        for (int b = a + 1; b < nd; b++) {
            pa[n] = a;
            pb[n] = b;
            n++;
        }
    return n;
}

/* The caption of an overview tile: "A×B", or "A" for a ring. */
static int
tile_caption(const struct net *net, int a, int b, char *buf, size_t n)
{
    char na[16], nb[16];

    net_torus_dim_name(net, a, na, sizeof na);
    if (b < 0)
        snprintf(buf, n, "%s", na);
    else
        snprintf(buf, n, "%s\u00d7%s", na,
                 net_torus_dim_name(net, b, nb, sizeof nb));
    return utf8_width(buf);
}

/* Tile sizes for cells of k coordinates; how many tiles fit in w x h
   placed in order, left to right and wrapped (positions into tx, ty),
   and the rows they use. */
static int
tiles_fit(const struct net *net, const int *dim, const int *pa, const int *pb,
          int np, int k, int w, int h, int *tx, int *ty, int *used)
{
    int cx = 0, cy = 0, rowh = 0, n = 0;
    char buf[48];

    *used = 0;
    for (int i = 0; i < np; i++) {
        int tw = nview_ceil_div(dim[pa[i]], k),
            th = pb[i] >= 0 ? nview_ceil_div(dim[pb[i]], k) : 1;
        int capw = tile_caption(net, pa[i], pb[i], buf, sizeof buf);
        if (capw > tw)
            tw = capw;
        th += 1; /* the caption */
        if (cx > 0 && cx + tw > w) {
            cy += rowh + 1;
            cx = 0;
            rowh = 0;
        }
        if (cx + tw > w || cy + th > h)
            break;
        tx[i] = cx;
        ty[i] = cy;
        cx += tw + 2;
        if (th > rowh)
            rowh = th;
        n++;
        *used = cy + rowh;
    }
    return n;
}

int
nview_minimap_all(struct canvas *c, int x, int y, int w, int h,
                  const struct net *net, const double *bytes,
                  const struct nview_minimap *mm, const struct nview_opts *o)
{
    enum { MAXP = NET_MAX_DIMS * (NET_MAX_DIMS - 1) / 2 };
    struct cview r = {c, x, y, w, h};
    const struct net_torus_params *tp;
    struct nview_opts op;
    int pa[MAXP], pb[MAXP], tx[MAXP], ty[MAXP], np, k = 1, fit = 0, used = 0;
    int best = -1, bestk = 1, maxd = 1, along, row;
    char buf[64];

    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL || (tp = net_torus(net)) == NULL)
        return nview_too_small(&r, "not a torus");
    op = nview_resolve(net, bytes, o);
    np = mm_pairs(tp->nd, pa, pb);
    for (int i = 0; i < tp->nd; i++)
        if (tp->dim[i] > maxd)
            maxd = tp->dim[i];
    /* the smallest k (a power of 2) that fits every tile, else the one
       that fits the most */
    for (int kk = 1;; kk *= 2) {
        int need = kk > 1, n;
        n = tiles_fit(net, tp->dim, pa, pb, np, kk, w, h - need, tx, ty, &used);
        if (n == np) {
            best = n;
            bestk = kk;
            break;
        }
        if (n > best) {
            best = n;
            bestk = kk;
        }
        if (kk >= maxd || kk > INT_MAX / 2)
            break;
    }
    k = bestk;
    fit = tiles_fit(net, tp->dim, pa, pb, np, k, w,
                    h - (k > 1 || best < np ? 1 : 0), tx, ty, &used);
    if (fit < 1)
        return nview_too_small(&r, "too small");
    along = mm && mm->along ? mm->along & NVIEW_ALONG_XY : NVIEW_ALONG_XY;
    if (along == 0)
        along = NVIEW_ALONG_XY;
    for (int i = 0; i < fit; i++) {
        struct mm m;
        int a = pa[i], b = pb[i], X = tp->dim[a], Y = b >= 0 ? tp->dim[b] : 1;
        int selp = mm && ((mm->dx == a && mm->dy == b) ||
                          (mm->dx == b && mm->dy == a && b >= 0));
        int sx = -1, sy = -1;
        struct cview tr;
        if (mm_setup(&m, net, bytes, &op, a, b, mm ? mm->dir : NVIEW_BOTH,
                     mm ? mm->plane : NULL))
            continue;
        if (selp) {
            sx = mm->dx == a ? mm->sel_x : mm->sel_y;
            sy = mm->dx == a ? mm->sel_y : mm->sel_x;
            if (b < 0)
                sy = 0;
        }
        tile_caption(net, a, b, buf, sizeof buf);
        cview_text(&r, tx[i], ty[i], -1,
                   selp ? ROLE_MINIMAP_SELECTED : ROLE_MINIMAP, buf);
        tr = cview_sub(&r, tx[i], ty[i] + 1, nview_ceil_div(X, k),
                       nview_ceil_div(Y, k));
        for (int j = 0; j * k < Y; j++)
            for (int q = 0; q * k < X; q++) {
                struct nview_acc ah = {0}, av = {0}, acc = {0};
                int bk;
                mm_cell(&m, q * k, nview_min(q * k + k, X), j * k,
                        nview_min(j * k + k, Y), &ah, &av, NULL);
                if ((along & NVIEW_ALONG_X) || b < 0) /* a ring: x */
                    nview_acc_merge(&acc, &ah);
                if ((along & NVIEW_ALONG_Y) && b >= 0)
                    nview_acc_merge(&acc, &av);
                bk = heat_bucket(nview_acc_get(&acc, m.agg), op.scale);
                cview_put(&tr, q, j,
                          acc.n > 0 ? nview_shade(bk, c->ascii) : ' ',
                          acc.n > 0 ? heat_bucket_role(bk) : ROLE_MINIMAP);
                if (sx >= q * k && sx < q * k + k && sy >= j * k &&
                    sy < j * k + k)
                    cview_set_attrs(&tr, q, j, 1, 1, ATTR_REVERSE);
            }
    }
    row = used;
    if ((k > 1 || fit < np) && row < h) {
        char note[96] = "";
        if (fit < np)
            snprintf(note, sizeof note, "+%d hidden", np - fit);
        if (k > 1)
            snprintf(note + strlen(note), sizeof note - strlen(note),
                     "%scells of %dx%d", fit < np ? ", " : "", k, k);
        cview_text(&r, 0, row++, w, ROLE_DIM, note);
    }
    if (row < h && w >= HEAT_LEVELS)
        nview_legend(&r, row, op.scale);
    return fit;
}

/* ---- dragonfly ---- */

double
nview_df_pair(const struct net *net, const double *bytes, int g1, int g2)
{
    const struct net_dragonfly_params *p = net_dragonfly(net);
    const int *gl = net_df_globals(net);
    double s = 0;

    if (p == NULL || gl == NULL || bytes == NULL || g1 == g2 || g1 < 0 ||
        g2 < 0 || g1 >= p->groups || g2 >= p->groups)
        return 0;
    for (int j = 0; j < p->global_per_pair; j++) {
        int l = gl[((long long)g1 * p->groups + g2) * p->global_per_pair + j];
        if (l >= 0 && !isnan(bytes[l]))
            s += bytes[l];
    }
    return s;
}

/* The L2 table of a dragonfly, for tight loops over group pairs. */
struct l2 {
    const int *gl;
    const double *bytes;
    int G, gpp;
};

/* Bytes from group i to group j (i != j). */
static double
l2_pair(const struct l2 *t, int i, int j)
{
    const int *e = t->gl + ((long long)i * t->G + j) * t->gpp;
    double s = 0;

    for (int k = 0; k < t->gpp; k++)
        if (e[k] >= 0 && !isnan(t->bytes[e[k]]))
            s += t->bytes[e[k]];
    return s;
}

/* The value of the matrix cell of blocks (bi, bj) of b groups: agg of the
   pairs in it (not a group's own); NaN when it has none. */
static double
block_value(const struct l2 *t, int b, int bi, int bj, int agg)
{
    double sum = 0, max = 0;
    int n = 0, i1 = nview_min((bi + 1) * b, t->G),
        j1 = nview_min((bj + 1) * b, t->G);

    for (int i = bi * b; i < i1; i++)
        for (int j = bj * b; j < j1; j++) {
            double v;
            if (i == j)
                continue;
            v = l2_pair(t, i, j);
            sum += v;
            if (n == 0 || v > max)
                max = v;
            n++;
        }
    if (n == 0)
        return NAN;
    return agg == NVIEW_MAX ? max : sum / n;
}

int
nview_df_matrix(struct canvas *c, int x, int y, int w, int h,
                const struct net *net, const double *bytes, int sel_src,
                int sel_dst, const struct nview_opts *o,
                struct nview_grid *grid)
{
    struct cview r = {c, x, y, w, h}, gr;
    const struct net_dragonfly_params *p;
    struct nview_opts op = o ? *o : nview_defaults;
    enum { MATRIX_CACHE = 64 }; /* cells a side kept on the stack */
    double cache[MATRIX_CACHE * MATRIX_CACHE];
    struct nview_plan pl;
    struct l2 t;
    int G, gw, gx, aw, b, nb, cw, row, next;
    double maxv = 0;
    char buf[160], sz[32];

    if (grid)
        memset(grid, 0, sizeof *grid);
    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL || (p = net_dragonfly(net)) == NULL)
        return nview_too_small(&r, "not a dragonfly");
    if (op.agg != NVIEW_MAX)
        op.agg = NVIEW_MEAN;
    G = p->groups;
    t.gl = net_df_globals(net);
    t.bytes = bytes;
    t.G = G;
    t.gpp = p->global_per_pair;
    gw = nview_digits(G - 1);
    gx = gw + 1;
    aw = w - gx;
    nview_plan_rows(h, G, 0, 0, w >= HEAT_LEVELS, &pl);
    if (aw < 1 || pl.grid < 1)
        return nview_too_small(&r, "too small");
    b = nview_ceil_div(G, nview_min(pl.grid, aw));
    if (b > 1) {
        nview_plan_rows(h, G, 1, 0, w >= HEAT_LEVELS, &pl);
        if (pl.grid < 1)
            return nview_too_small(&r, "too small");
        b = nview_ceil_div(G, nview_min(pl.grid, aw));
    }
    nb = nview_ceil_div(G, b);
    if (pl.grid > nb)
        pl.grid = nb; /* spare rows go below the legend */
    cw = aw >= 2 * nb ? 2 : 1;

    /* pass 1: the busiest cell (the values kept when they fit) */
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nb; j++) {
            double v = block_value(&t, b, i, j, op.agg);
            if (nb <= MATRIX_CACHE)
                cache[i * nb + j] = v;
            if (v > maxv)
                maxv = v;
        }
    row = 0;
    if (pl.caption) {
        snprintf(buf, sizeof buf,
                 "L2 bytes from group (row) to group (column), busiest %s",
                 nview_fmt_bytes(sz, sizeof sz, maxv));
        cview_text(&r, 0, row++, w, ROLE_MINIMAP, buf);
    }
    if (pl.coords) {
        next = gx;
        for (int j = 0; j < nb; j++) {
            int col = gx + j * cw, len, g0 = j * b;
            int sel = sel_dst >= g0 && sel_dst < g0 + b;
            if (col < next)
                continue;
            len = snprintf(buf, sizeof buf, "%d", g0);
            cview_text(&r, col, row, len,
                       sel ? ROLE_MINIMAP_SELECTED : ROLE_MATRIX_LABEL, buf);
            next = col + len + 1;
        }
        row++;
    }
    gr = cview_sub(&r, gx, row, aw, pl.grid);
    for (int i = 0; i < nb; i++) {
        int g0 = i * b;
        snprintf(buf, sizeof buf, "%d", g0);
        if (i < pl.grid)
            cview_text_right(&r, 0, row + i, gw,
                             sel_src >= g0 && sel_src < g0 + b
                                 ? ROLE_MINIMAP_SELECTED
                                 : ROLE_MATRIX_LABEL,
                             buf);
        for (int j = 0; j < nb; j++) {
            uint32_t ch;
            int role;
            double v = b == 1 && i == j     ? NAN
                       : nb <= MATRIX_CACHE ? cache[i * nb + j]
                                            : block_value(&t, b, i, j, op.agg);
            if (i == j && isnan(v)) { /* only a group's own pair */
                ch = c->ascii ? '\\' : 0x2572;
                role = ROLE_MATRIX_DIAGONAL;
            } else {
                int bk = heat_bucket(v > 0 ? v / maxv : v, op.scale);
                ch = nview_shade(bk, c->ascii);
                role = heat_bucket_role(bk);
            }
            for (int k = 0; k < cw; k++)
                cview_put(&gr, j * cw + k, i, ch, role);
            if (sel_src >= g0 && sel_src < g0 + b && sel_dst >= j * b &&
                sel_dst < j * b + b)
                cview_set_attrs(&gr, j * cw, i, cw, 1, ATTR_REVERSE);
        }
    }
    row += pl.grid;
    if (pl.note) {
        cview_printf(&r, 0, row++, w, ROLE_DIM, "cell = %dx%d groups (%s)", b,
                     b, op.agg == NVIEW_MAX ? "max" : "mean");
    }
    if (pl.legend)
        nview_legend(&r, row, op.scale);
    if (grid) {
        grid->x0 = x + gx;
        grid->y0 = gr.y;
        grid->cw = cw;
        grid->ch = 1;
        grid->nx = nb;
        grid->ny = nview_min(nb, pl.grid);
        grid->block = b;
    }
    return b;
}

void
nview_out_acc(const struct net *net, const double *bytes, int v, int cls,
              double peak, struct nview_acc *a, double *sum)
{
    const int *off = net_out_offsets(net);
    const double *bw = net_link_bws(net);

    for (int l = off[v]; l < off[v + 1]; l++) {
        if (cls >= 0 && net_link_class(net, l) != cls)
            continue;
        nview_acc_add(a, nview_load_bw(bytes[l], bw[l], peak));
        if (sum && !isnan(bytes[l]))
            *sum += bytes[l];
    }
}

double
nview_out_load(const struct net *net, const double *bytes, int v, int cls,
               const struct nview_opts *o, double *sum)
{
    struct nview_opts op = nview_resolve(net, bytes, o);
    struct nview_acc a = {0};

    if (sum)
        *sum = 0;
    if (v < 0 || v >= net_vertices(net))
        return NAN;
    nview_out_acc(net, bytes, v, cls, op.peak, &a, sum);
    return nview_acc_get(&a, op.agg);
}

void
nview_df_totals(const struct net *net, const double *bytes, int g,
                struct nview_df_totals *t)
{
    const struct net_dragonfly_params *p = net_dragonfly(net);
    int crow, ccol, R;

    memset(t, 0, sizeof *t);
    if (p == NULL || bytes == NULL || g < 0 || g >= p->groups)
        return;
    for (int g2 = 0; g2 < p->groups; g2++) {
        t->l2_out += nview_df_pair(net, bytes, g, g2);
        t->l2_in += nview_df_pair(net, bytes, g2, g);
    }
    crow = net_class_find(net, "L1-row");
    ccol = net_class_find(net, "L1-col");
    R = p->chassis * p->routers;
    for (int r = g * R; r < (g + 1) * R; r++) {
        struct nview_acc a = {0};
        if (crow >= 0)
            nview_out_acc(net, bytes, r, crow, 1, &a, &t->row);
        if (ccol >= 0)
            nview_out_acc(net, bytes, r, ccol, 1, &a, &t->col);
    }
}

int
nview_df_group(struct canvas *c, int x, int y, int w, int h,
               const struct net *net, const double *bytes, int g, int sel,
               const struct nview_opts *o, struct nview_grid *grid)
{
    struct cview r = {c, x, y, w, h}, gr;
    const struct net_dragonfly_params *p;
    struct nview_opts op;
    struct nview_df_totals t;
    struct nview_plan pl;
    int C, R, cls[3], gw, gx, aw, cw, nx, ny, fx, fy, cut, row, ssel, csel;
    char buf[200], s1[32], s2[32], s3[32], s4[32];

    if (grid)
        memset(grid, 0, sizeof *grid);
    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL || (p = net_dragonfly(net)) == NULL)
        return nview_too_small(&r, "not a dragonfly");
    if (g < 0 || g >= p->groups)
        return nview_too_small(&r, "no such group");
    op = nview_resolve(net, bytes, o);
    C = p->chassis;
    R = p->routers;
    cls[0] = net_class_find(net, "L1-row");
    cls[1] = net_class_find(net, "L1-col");
    cls[2] = net_class_find(net, "L2");
    ssel = sel >= 0 && sel < C * R ? sel % R : -1;
    csel = sel >= 0 && sel < C * R ? sel / R : -1;
    gw = 1 + nview_digits(C - 1);
    gx = gw + 1;
    aw = w - gx;
    cw = (aw + 1) / 4 >= R ? 4 : 3;
    nx = nview_min(R, cw == 4 ? (aw + 1) / 4 : aw / 3);
    nview_plan_rows(h, C, 0, 1, w >= HEAT_LEVELS, &pl);
    ny = nview_min(C, pl.grid);
    cut = nx < R || ny < C;
    if (cut) {
        nview_plan_rows(h, C, 1, 1, w >= HEAT_LEVELS, &pl);
        ny = nview_min(C, pl.grid);
    }
    if (nx < 1 || ny < 1)
        return nview_too_small(&r, "too small");
    fx = nview_window(ssel, nx, R);
    fy = nview_window(csel, ny, C);

    row = 0;
    nview_df_totals(net, bytes, g, &t);
    if (pl.caption) {
        snprintf(buf, sizeof buf, "group %d (%dx%d): L2 out %s, in %s", g, C, R,
                 nview_fmt_bytes(s1, sizeof s1, t.l2_out),
                 nview_fmt_bytes(s2, sizeof s2, t.l2_in));
        cview_text(&r, 0, row++, w, ROLE_HEADER, buf);
    }
    if (pl.coords) {
        int next = gx;
        for (int i = 0; i < nx; i++) {
            int col = gx + i * cw, len, s = fx + i;
            if (col < next)
                continue;
            len = snprintf(buf, sizeof buf, "%d", s);
            cview_text(&r, col, row, len,
                       s == ssel ? ROLE_MINIMAP_SELECTED : ROLE_MATRIX_LABEL,
                       buf);
            next = col + len + 1;
        }
        row++;
    }
    gr = cview_sub(&r, gx, row, aw, pl.grid);
    for (int j = 0; j < ny; j++) {
        int cc = fy + j;
        snprintf(buf, sizeof buf, "c%d", cc);
        cview_text_right(&r, 0, row + j, gw,
                         cc == csel ? ROLE_MINIMAP_SELECTED : ROLE_MATRIX_LABEL,
                         buf);
        for (int i = 0; i < nx; i++) {
            int rt = net_df_router(net, g, cc, fx + i);
            for (int k = 0; k < 3; k++) {
                struct nview_acc a = {0};
                int bk;
                if (cls[k] >= 0)
                    nview_out_acc(net, bytes, rt, cls[k], op.peak, &a, NULL);
                bk = heat_bucket(nview_acc_get(&a, op.agg), op.scale);
                cview_put(&gr, i * cw + k, j,
                          a.n > 0 ? nview_shade(bk, c->ascii) : ' ',
                          a.n > 0 ? heat_bucket_role(bk) : ROLE_DEFAULT);
            }
            if (cc == csel && fx + i == ssel)
                cview_set_attrs(&gr, i * cw, j, 3, 1, ATTR_REVERSE);
        }
    }
    row += pl.grid;
    if (pl.note) {
        cview_printf(&r, 0, row++, w, ROLE_DIM,
                     "routers %d-%d of %d, chassis %d-%d of %d", fx,
                     fx + nx - 1, R, fy, fy + ny - 1, C);
    }
    if (pl.key) {
        cview_printf(&r, 0, row++, w, ROLE_DIM,
                     "cells: L1-row (%s) L1-col (%s) L2, %s",
                     nview_fmt_bytes(s3, sizeof s3, t.row),
                     nview_fmt_bytes(s4, sizeof s4, t.col),
                     op.agg == NVIEW_MAX ? "max" : "mean");
    }
    if (pl.legend)
        nview_legend(&r, row, op.scale);
    if (grid) {
        grid->x0 = x + gx;
        grid->y0 = gr.y;
        grid->cw = cw;
        grid->ch = 1;
        grid->nx = nx;
        grid->ny = ny;
        grid->fx = fx;
        grid->fy = fy;
        grid->block = 1;
    }
    return cut ? 1 : 0;
}

/* ---- statistics per class ---- */

/* The IEC unit for values up to hi: its size, its name into *name. */
static double
unit_pick(double hi, const char **name)
{
    static const char *const u[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double d = 1;
    int i = 0;

    while (i < 5 && hi >= 1024 * d) {
        d *= 1024;
        i++;
    }
    *name = u[i];
    return d;
}

/* Does link l carry traffic (finite bytes > 0) in class cls (-1: any)? */
static int
used_in(const struct net *net, const double *bytes, int l, int cls)
{
    double v = bytes[l];

    return v > 0 && isfinite(v) && (cls < 0 || net_link_class(net, l) == cls);
}

/*
 * From row of r down: the histogram of the bytes of the used links of
 * class cs, in the IEC unit that suits the largest, or "no traffic". The
 * links are counted into bins in two passes over them, so nothing is
 * copied or allocated.
 */
static void
histogram(const struct cview *r, int row, const struct net *net,
          const double *bytes, const struct net_class_stats *cs)
{
    struct cview hr = cview_sub(r, 0, row, r->w, r->h - row);
    struct plot_axes ax;
    int nl = net_links(net), n = 0, bins, count[PLOT_MAX_BINS];
    double hi = 0, unit;
    const char *uname;
    char xl[96];

    for (int l = 0; l < nl; l++)
        if (used_in(net, bytes, l, cs->cls)) {
            n++;
            if (bytes[l] > hi)
                hi = bytes[l];
        }
    if (n == 0) {
        cview_printf(r, 0, row, r->w, ROLE_DIM, "%s: no traffic", cs->name);
        return;
    }
    unit = unit_pick(hi, &uname);
    snprintf(xl, sizeof xl, "%s: bytes per used link (%s)", cs->name, uname);
    memset(&ax, 0, sizeof ax);
    ax.xlo = 0;
    ax.xhi = hi / unit;
    ax.xlabel = xl;
    ax.ylabel = "links";
    /* Rice's rule, at least 5 bins */
    bins = plot_histogram_bins(n, 5 + (int)ceil(2 * cbrt((double)n)), hr.w);
    if (hr.w < 1 || hr.h < 1 || bins < 1)
        return;
    memset(count, 0, sizeof count);
    for (int l = 0; l < nl; l++) {
        int b;
        if (used_in(net, bytes, l, cs->cls) &&
            (b = plot_bin_of(bytes[l] / unit, bins, 0, ax.xhi)) >= 0)
            count[b]++;
    }
    plot_histogram_counts(hr.c, hr.x, hr.y, hr.w, hr.h, count, bins, &ax);
}

int
nview_stats(struct canvas *c, int x, int y, int w, int h, const struct net *net,
            const double *bytes, const struct net_stats *st, int sel,
            double *work)
{
    struct cview r = {c, x, y, w, h};
    struct net_stats *own = NULL;
    double hi = 0, unit;
    const char *uname;
    int show[NET_MAX_CLASSES + 1], ns = 0, nw = 5, uw = 10, mw = 9, bw;
    int k, row, usedcol, maxcol, boxcol, left, drawn;
    char buf[96];

    (void)work; /* the histogram is counted, not copied */
    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL)
        return nview_too_small(&r, "no data");
    if (st == NULL)
        st = own = net_stats_new(net, bytes, 0, NULL);
    if (st == NULL)
        return nview_too_small(&r, "no statistics");
    for (int i = 0; i < st->nclasses && ns < NET_MAX_CLASSES + 1; i++) {
        const struct net_class_stats *cs = &st->cls[i];
        int len;
        if (cs->links == 0)
            continue;
        show[ns++] = i;
        if (cs->max > hi)
            hi = cs->max;
        if ((len = utf8_width(cs->name)) > nw)
            nw = len;
        len = snprintf(buf, sizeof buf, "%lld/%lld", cs->used, cs->links);
        if (len > uw)
            uw = len;
    }
    if (nw > 16)
        nw = 16;
    unit = unit_pick(hi, &uname);
    /* columns: name used box max; narrow: drop max, then used */
    bw = w - nw - uw - mw - 3;
    if (bw < 10) {
        mw = 0;
        bw = w - nw - uw - 2;
    }
    if (bw < 10) {
        uw = 0;
        bw = w - nw - 1;
    }
    if (bw < 5)
        bw = 0;
    if (w < 4 || h < 2) {
        net_stats_free(own);
        return nview_too_small(&r, "too small");
    }
    usedcol = nw + 1;
    boxcol = usedcol + (uw ? uw + 1 : 0);
    maxcol = boxcol + bw + 1;

    row = 0;
    cview_text(&r, 0, row, nw, ROLE_HEADER, "class");
    if (uw)
        cview_text_right(&r, usedcol, row, uw, ROLE_HEADER, "used/links");
    if (bw) {
        snprintf(buf, sizeof buf, "bytes per link (%s)", uname);
        cview_text(&r, boxcol, row, bw, ROLE_HEADER, buf);
    }
    if (mw)
        cview_text_right(&r, maxcol, row, mw, ROLE_HEADER, "max");
    row++;
    left = h - 1;
    k = ns;
    if (k > left) {
        k = left - 1; /* the last row says how many more */
        if (k < 0)
            k = 0;
    }
    for (int i = 0; i < k; i++) {
        const struct net_class_stats *cs = &st->cls[show[i]];
        struct plot_summary s;
        cview_text(&r, 0, row, nw, ROLE_DEFAULT, cs->name);
        if (show[i] == sel)
            cview_paint(&r, 0, row, nw, 1, ROLE_SELECTED);
        if (uw) {
            snprintf(buf, sizeof buf, "%lld/%lld", cs->used, cs->links);
            cview_text_right(&r, usedcol, row, uw, ROLE_NUMBER, buf);
        }
        if (bw) {
            struct cview br = cview_sub(&r, boxcol, row, bw, 1);
            s.min = cs->min / unit;
            s.q1 = cs->q1 / unit;
            s.median = cs->median / unit;
            s.mean = cs->mean / unit;
            s.q3 = cs->q3 / unit;
            s.max = cs->max / unit;
            if (br.w > 0 && br.h > 0)
                plot_boxplot(c, br.x, br.y, br.w, &s, 0, hi / unit);
        }
        if (mw)
            cview_text_right(&r, maxcol, row, mw, ROLE_NUMBER,
                             nview_fmt_bytes(buf, sizeof buf, cs->max));
        row++;
    }
    drawn = k;
    if (k < ns) {
        if (row < h)
            cview_printf(&r, 0, row++, w, ROLE_DIM, "+%d more classes", ns - k);
        net_stats_free(own);
        return drawn;
    }
    /* the shared scale */
    if (bw && h - row >= 2) {
        struct cview sr = cview_sub(&r, boxcol, row, bw, 2);
        if (sr.w > 0 && sr.h == 2)
            plot_scale(c, sr.x, sr.y, sr.w, 0, hi / unit, 0);
        row += 2;
    }
    /* the histogram of the selected class's used links */
    if (sel >= 0 && sel < st->nclasses && h - row >= 6)
        histogram(&r, row + 1, net, bytes, &st->cls[sel]); /* a blank row */
    net_stats_free(own);
    return drawn;
}

/* ---- hottest links ---- */

/* a is hotter than b: more bytes, then a lower id. */
static int
hotter(const double *bytes, int a, int b)
{
    return bytes[a] > bytes[b] || (bytes[a] == bytes[b] && a < b);
}

/* Sift down in a min-heap by hotness (the coldest at the root). */
static void
sift_down(const double *bytes, int *h, int n, int i)
{
    for (;;) {
        int c = 2 * i + 1, t;
        if (c >= n)
            return;
        if (c + 1 < n && hotter(bytes, h[c], h[c + 1]))
            c++;
        if (!hotter(bytes, h[i], h[c]))
            return;
        t = h[i];
        h[i] = h[c];
        h[c] = t;
        i = c;
    }
}

int
nview_top(const struct net *net, const double *bytes, int cls, int n, int *top)
{
    int nl = net_links(net), k = 0;

    if (n < 1 || bytes == NULL || top == NULL)
        return 0;
    for (int l = 0; l < nl; l++) {
        if (!(bytes[l] > 0) || (cls >= 0 && net_link_class(net, l) != cls))
            continue;
        if (k < n) {
            int i = k++;
            top[i] = l;
            while (i > 0) { /* sift up */
                int p = (i - 1) / 2, t;
                if (!hotter(bytes, top[p], top[i]))
                    break;
                t = top[p];
                top[p] = top[i];
                top[i] = t;
                i = p;
            }
        } else if (hotter(bytes, l, top[0])) {
            top[0] = l;
            sift_down(bytes, top, k, 0);
        }
    }
    /* heap sort: the coldest goes last */
    for (int m = k - 1; m > 0; m--) {
        int t = top[0];
        top[0] = top[m];
        top[m] = t;
        sift_down(bytes, top, m, 0);
    }
    return k;
}

int
nview_hottest(struct canvas *c, int x, int y, int w, int h,
              const struct net *net, const double *bytes,
              const struct net_stats *st, int cls, int sel,
              const struct nview_opts *o)
{
    struct cview r = {c, x, y, w, h};
    struct nview_opts op;
    int mine[NVIEW_TOP_MAX];
    const int *list = mine;
    int rows, n = 0, rw, cwid = 0, bw, nw, bytecol, barcol, clscol;
    int need = 4, avail;
    char name[NET_NAME_MAX], buf[32];

    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL)
        return nview_too_small(&r, "no data");
    if (h < 2 || w < 12)
        return nview_too_small(&r, "too small");
    op = nview_resolve(net, bytes, o);
    rows = nview_min(h - 1, NVIEW_TOP_MAX);
    if (st && cls >= -1 && cls + 1 < st->nclasses &&
        (st->cls[cls + 1].ntop >= rows ||
         st->cls[cls + 1].ntop >= st->cls[cls + 1].links)) {
        const struct net_class_stats *cs = &st->cls[cls + 1];
        list = cs->top;
        while (n < cs->ntop && n < rows && cs->top_bytes[n] > 0)
            n++;
    } else {
        n = nview_top(net, bytes, cls, rows, mine);
    }
    if (n == 0) {
        cview_text(&r, 0, 0, w, ROLE_DIM, "no traffic");
        return 0;
    }
    rw = nview_digits(n);
    for (int i = 0; i < n; i++) {
        int len = utf8_width(net_class_name(net, net_link_class(net, list[i])));
        if (len > cwid)
            cwid = len;
        len = utf8_width(net_link_name(net, list[i], name, sizeof name));
        if (len > need)
            need = len;
    }
    if (cwid > 12)
        cwid = 12;
    /* rank name class bytes bar: the names as wide as the longest, the
       bar up to 24; narrow: no class, then no bar, then names cut */
    avail = w - (rw + 1) - 10;
    bw = nview_min(24, avail - (need + 1) - (cwid + 1));
    if (bw < 4) {
        cwid = 0;
        bw = nview_min(24, avail - (need + 1));
    }
    if (bw < 4)
        bw = 0;
    nw = nview_min(need, avail - 1 - (cwid ? cwid + 1 : 0) - bw);
    if (nw < 3)
        return nview_too_small(&r, "too small");
    clscol = rw + 1 + nw + 1;
    bytecol = clscol + (cwid ? cwid + 1 : 0);
    barcol = bytecol + 10;
    cview_text_right(&r, 0, 0, rw, ROLE_HEADER, "#");
    cview_text(&r, rw + 1, 0, nw, ROLE_HEADER, "link");
    if (cwid)
        cview_text(&r, clscol, 0, cwid, ROLE_HEADER, "class");
    cview_text_right(&r, bytecol, 0, 9, ROLE_HEADER, "bytes");
    if (bw)
        cview_text(&r, barcol, 0, bw, ROLE_HEADER, "load");
    for (int i = 0; i < n; i++) {
        int l = list[i], row = i + 1;
        double ld = nview_load(net, bytes, l, op.peak);
        snprintf(buf, sizeof buf, "%d", i + 1);
        cview_text_right(&r, 0, row, rw, ROLE_NUMBER, buf);
        net_link_name(net, l, name, sizeof name);
        cview_text(&r, rw + 1, row, nw, ROLE_DEFAULT, name);
        if (cwid)
            cview_text(&r, clscol, row, cwid, ROLE_DIM,
                       net_class_name(net, net_link_class(net, l)));
        cview_text_right(&r, bytecol, row, 9, ROLE_NUMBER,
                         nview_fmt_bytes(buf, sizeof buf, bytes[l]));
        if (bw)
            cview_bar(&r, barcol, row, bw, ld, heat_role(ld, op.scale),
                      ROLE_HEAT_IDLE);
        if (i == sel)
            cview_paint(&r, 0, row, rw + 1 + nw, 1, ROLE_SELECTED);
    }
    return n;
}

/* ---- the hierarchy ---- */

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

/* Boundary bytes and hottest loads of a node. */
struct sums {
    double out, in, lout, lin;
};

struct nview_hier {
    const struct net *net;
    const double *bytes;
    double peak;
    int family, nr;
    struct sums *router; /* nr */
    struct sums *top;    /* groups, planes or levels; NULL if none */
    struct sums *mid;    /* dragonfly chassis; NULL with one per group */
    int ntop, nmid;
    int top_size; /* routers per top node (not fat-tree) */
    int mid_size; /* routers per chassis */
    /* tree: children of v are child[coff[v] .. coff[v+1]); pos[v] is v's
       place among its siblings */
    int *coff, *child, *pos, root;
};

static void
sums_init(struct sums *s, int n)
{
    for (int i = 0; i < n; i++) {
        s[i].out = s[i].in = 0;
        s[i].lout = s[i].lin = NAN;
    }
}

static void
sums_add(struct sums *from, struct sums *to, double b, double ld)
{
    if (!isnan(b)) {
        from->out += b;
        to->in += b;
    }
    if (!isnan(ld)) {
        if (isnan(from->lout) || ld > from->lout)
            from->lout = ld;
        if (isnan(to->lin) || ld > to->lin)
            to->lin = ld;
    }
}

/* The top-level node of router r, or -1. */
static int
top_of(const struct nview_hier *h, int r)
{
    if (h->top == NULL)
        return -1;
    if (h->family == NET_FATTREE)
        return net_ft_level(h->net, r, NULL);
    return r / h->top_size;
}

struct nview_hier *
nview_hier_new(const struct net *net, const double *bytes, double peak)
{
    struct nview_hier *h = xcalloc(1, sizeof *h);
    const int *src = net_link_srcs(net), *dst = net_link_dsts(net);
    const int *epr = net_endpoint_routers(net);
    const double *bw = net_link_bws(net);
    int nl = net_links(net);

    h->net = net;
    h->bytes = bytes;
    h->peak = peak > 0 ? peak : nview_peak(net, bytes);
    h->family = net_family(net);
    h->nr = net_routers(net);
    h->root = -1;
    h->router = xmalloc((size_t)h->nr * sizeof *h->router);
    sums_init(h->router, h->nr);
    switch (h->family) {
    case NET_DRAGONFLY: {
        const struct net_dragonfly_params *p = net_dragonfly(net);
        h->ntop = p->groups;
        h->top_size = p->chassis * p->routers;
        if (p->chassis > 1) {
            h->nmid = p->groups * p->chassis;
            h->mid_size = p->routers;
        }
        break;
    }
    case NET_TORUS: {
        const struct net_torus_params *p = net_torus(net);
        if (p->nd > 1) {
            h->ntop = p->dim[p->nd - 1];
            h->top_size = h->nr / h->ntop;
        }
        break;
    }
    case NET_FATTREE:
        h->ntop = net_fattree(net)->levels;
        break;
    case NET_TREE: {
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
        break;
    }
    default:
        break;
    }
    if (h->ntop > 0) {
        h->top = xmalloc((size_t)h->ntop * sizeof *h->top);
        sums_init(h->top, h->ntop);
    }
    if (h->nmid > 0) {
        h->mid = xmalloc((size_t)h->nmid * sizeof *h->mid);
        sums_init(h->mid, h->nmid);
    }
    for (int l = 0; l < nl; l++) {
        int a = src[l], b = dst[l], ta, tb;
        double ld;
        if (a >= h->nr)
            a = epr[a - h->nr];
        if (b >= h->nr)
            b = epr[b - h->nr];
        if (a == b)
            continue; /* between a router and its endpoints */
        ld = nview_load_bw(bytes[l], bw[l], h->peak);
        sums_add(&h->router[a], &h->router[b], bytes[l], ld);
        if ((ta = top_of(h, a)) != (tb = top_of(h, b)) && ta >= 0 && tb >= 0)
            sums_add(&h->top[ta], &h->top[tb], bytes[l], ld);
        if (h->mid && a / h->mid_size != b / h->mid_size)
            sums_add(&h->mid[a / h->mid_size], &h->mid[b / h->mid_size],
                     bytes[l], ld);
    }
    return h;
}

void
nview_hier_free(struct nview_hier *h)
{
    if (h == NULL)
        return;
    free(h->router);
    free(h->top);
    free(h->mid);
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
fill_sums(struct nview_row *r, const struct sums *s)
{
    r->out = s->out;
    r->in = s->in;
    r->load_out = s->lout;
    r->load_in = s->lin;
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
        fill_sums(r, &w->h->router[v]);
    }
    if (open)
        walk_links(w, v, depth + 1);
}

/* A top or middle node over the routers [lo, hi). */
static void
walk_node(struct walker *w, int kind, int index, int depth,
          const struct sums *s, int lo, int hi, const char *label)
{
    int open = hi > lo && is_open(w, nview_row_id(kind, index));
    struct nview_row *r = emit(w, kind, index, depth, hi > lo, open);

    if (r) {
        snprintf(r->label, sizeof r->label, "%s", label);
        fill_sums(r, s);
    }
    if (!open)
        return;
    if (kind == NVIEW_GROUP && w->h->mid) {
        for (int ci = lo / w->h->mid_size; ci < hi / w->h->mid_size; ci++) {
            char name[48];
            int g = ci / net_dragonfly(w->h->net)->chassis;
            snprintf(name, sizeof name, "g%d.c%d", g,
                     ci % net_dragonfly(w->h->net)->chassis);
            walk_node(w, NVIEW_CHASSIS, ci, depth + 1, &w->h->mid[ci],
                      ci * w->h->mid_size, (ci + 1) * w->h->mid_size, name);
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
    char label[NVIEW_LABEL_MAX];

    if (h == NULL)
        return 0;
    net = h->net;
    if (wk) {
        w.first = wk->first > 0 ? wk->first : 0;
        wk->found = -1;
    }
    switch (h->family) {
    case NET_DRAGONFLY:
        for (int g = 0; g < h->ntop; g++) {
            snprintf(label, sizeof label, "group %d", g);
            walk_node(&w, NVIEW_GROUP, g, 0, &h->top[g], g * h->top_size,
                      (g + 1) * h->top_size, label);
        }
        break;
    case NET_TORUS:
        if (h->top) {
            const struct net_torus_params *p = net_torus(net);
            char dn[16];
            net_torus_dim_name(net, p->nd - 1, dn, sizeof dn);
            for (int i = 0; i < h->ntop; i++) {
                snprintf(label, sizeof label, "plane %s=%d", dn, i);
                walk_node(&w, NVIEW_PLANE, i, 0, &h->top[i], i * h->top_size,
                          (i + 1) * h->top_size, label);
            }
        } else {
            for (int v = 0; v < h->nr; v++)
                walk_router(&w, v, 0);
        }
        break;
    case NET_FATTREE: {
        int lo = 0;
        for (int l = 0; l < h->ntop; l++) {
            int hi = lo;
            while (hi < h->nr && net_ft_level(net, hi, NULL) == l)
                hi++;
            snprintf(label, sizeof label, "level %d (%d switches)", l, hi - lo);
            walk_node(&w, NVIEW_LEVEL, l, 0, &h->top[l], lo, hi, label);
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
    if (cols >= 1)
        cview_text_right(&r, outcol, 0, colw - 1, ROLE_HEADER, "\u2192 out");
    if (cols >= 2)
        cview_text_right(&r, incol, 0, colw - 1, ROLE_HEADER, "\u2190 in");
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
