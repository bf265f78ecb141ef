/*
 * nview_torus: the torus minimap (Boxfish's 2D projections) and the overview
 * of every pair of dimensions. See nview_torus.h.
 *
 * A cell aggregates the links of the routers behind it -- every
 * coordinate of the other dimensions, or one plane's -- so a draw costs
 * the cells shown times the routers behind each times the dimensions.
 */
#include "view/net/nview_torus.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "view/net/nview_int.h"
#include "view/roles.h"

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
    if (full && mm->cell == NVIEW_CELL_AUTO) /* room to spare: larger */
        for (int s = NVIEW_SCALE_MAX; s > 1; s--) {
            int sh = ch > 1 ? s + 1 : 1;
            nview_plan_rows(h, Y * sh, 0, 0, w >= HEAT_LEVELS, &p);
            if (aw >= 2 * s * X && p.grid >= Y * sh && p.caption) {
                cw = 2 * s;
                ch = sh;
                break;
            }
        }
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
    if (p.coords)
        nview_coords(&r, row++, gx, cw, nx, fx, 1, sx, ROLE_MINIMAP);
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
                    for (int e = 1; e < cw; e++)
                        cview_put(&gr, i * cw + e, j * ch,
                                  edge_glyph(b, 0, c->ascii),
                                  heat_bucket_role(b));
                }
                if ((along & NVIEW_ALONG_Y) && av.n > 0) {
                    b = heat_bucket(nview_acc_get(&av, m.agg), op.scale);
                    for (int e = 1; e < ch; e++)
                        cview_put(&gr, i * cw, j * ch + e,
                                  edge_glyph(b, 1, c->ascii),
                                  heat_bucket_role(b));
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
    if (grid)
        *grid = (struct nview_grid){x + gx, gr.y, cw, ch, nx, ny, fx, fy, 1};
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
