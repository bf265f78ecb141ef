/*
 * nview_dfly: a dragonfly's group matrix and one group in detail. See
 * nview_dfly.h.
 *
 * The L2 links of a pair of groups come from the net's table
 * (net_df_globals), so a matrix cell costs the links per pair, and the
 * busiest cell -- the matrix's scale -- takes one pass before the draw.
 */
#include "view/net/nview_dfly.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/net/nview_int.h"
#include "view/roles.h"

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
    const double *pair; /* the pairs' sums made before, or NULL */
    int G, gpp;
};

/* Bytes from group i to group j (i != j). */
static double
l2_pair(const struct l2 *t, int i, int j)
{
    const int *e = t->gl + ((long long)i * t->G + j) * t->gpp;
    double s = 0;

    if (t->pair != NULL)
        return t->pair[(long long)i * t->G + j];
    for (int k = 0; k < t->gpp; k++)
        if (e[k] >= 0 && !isnan(t->bytes[e[k]]))
            s += t->bytes[e[k]];
    return s;
}

/* The value of the matrix cell of blocks (bi, bj) of b groups: agg of the
   pairs in it (not a group's own); NaN when it has none. The busiest of
   its pairs raises *top when above it (top may be NULL). */
static double
block_value(const struct l2 *t, int b, int bi, int bj, int agg, double *top)
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
    if (top != NULL && n > 0 && max > *top)
        *top = max;
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
    return nview_df_matrix_pairs(c, x, y, w, h, net, bytes, NULL, sel_src,
                                 sel_dst, o, grid);
}

int
nview_df_matrix_pairs(struct canvas *c, int x, int y, int w, int h,
                      const struct net *net, const double *bytes,
                      const double *pair, int sel_src, int sel_dst,
                      const struct nview_opts *o, struct nview_grid *grid)
{
    struct cview r = {c, x, y, w, h}, gr;
    const struct net_dragonfly_params *p;
    struct nview_opts op = o ? *o : nview_defaults;
    enum { MATRIX_CACHE = 64 }; /* cells a side kept on the stack */
    double cache[MATRIX_CACHE * MATRIX_CACHE];
    struct nview_plan pl;
    struct l2 t;
    int G, gw, gx, aw, b, nb, cw, chh, row;
    double maxv = 0, top = 0;
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
    t.pair = pair;
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
    cw = aw >= 2 * nb ? 2 : 1;
    chh = 1;
    for (int sc = NVIEW_SCALE_MAX; b == 1 && sc > 1; sc--) { /* room to
                                                        spare: larger */
        struct nview_plan big;
        nview_plan_rows(h, G * sc, 0, 0, w >= HEAT_LEVELS, &big);
        if (aw >= 2 * sc * nb && big.grid >= nb * sc && big.caption) {
            pl = big;
            cw = 2 * sc;
            chh = sc;
            break;
        }
    }
    if (pl.grid > nb * chh)
        pl.grid = nb * chh; /* spare rows go below the legend */

    /* pass 1: the busiest cell, the scale (the values kept when they
       fit), and the busiest pair of groups, whatever a cell holds */
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nb; j++) {
            double v = block_value(&t, b, i, j, op.agg, &top);
            if (nb <= MATRIX_CACHE)
                cache[i * nb + j] = v;
            if (v > maxv)
                maxv = v;
        }
    row = 0;
    if (pl.caption) {
        nview_fmt_bytes(sz, sizeof sz, top);
        if (b == 1) {
            snprintf(buf, sizeof buf,
                     "L2 bytes from group (row) to group (column), busiest %s",
                     sz);
        } else { /* the longest that fits: cells of b x b groups */
            const char *what = op.agg == NVIEW_MAX ? "maxima" : "means";
            snprintf(buf, sizeof buf,
                     "L2 bytes from group (row) to group (column), busiest "
                     "%s, cells: %dx%d %s",
                     sz, b, b, what);
            if (utf8_width(buf) > w)
                snprintf(buf, sizeof buf,
                         "L2 bytes, row group to column group: busiest %s, "
                         "cells %dx%d %s",
                         sz, b, b, what);
            if (utf8_width(buf) > w)
                snprintf(buf, sizeof buf,
                         "L2 bytes: busiest %s, cells %dx%d %s", sz, b, b,
                         what);
        }
        cview_text(&r, 0, row++, w, ROLE_MINIMAP, buf);
    }
    if (pl.coords)
        nview_coords(&r, row++, gx, cw, nb, 0, b, sel_dst, ROLE_MATRIX_LABEL);
    gr = cview_sub(&r, gx, row, aw, pl.grid);
    for (int i = 0; i < nb; i++) {
        int g0 = i * b;
        snprintf(buf, sizeof buf, "%d", g0);
        if (i * chh < pl.grid)
            cview_text_right(&r, 0, row + i * chh, gw,
                             sel_src >= g0 && sel_src < g0 + b
                                 ? ROLE_MINIMAP_SELECTED
                                 : ROLE_MATRIX_LABEL,
                             buf);
        for (int j = 0; j < nb; j++) {
            uint32_t ch;
            int role;
            double v = b == 1 && i == j ? NAN
                       : nb <= MATRIX_CACHE
                           ? cache[i * nb + j]
                           : block_value(&t, b, i, j, op.agg, NULL);
            if (i == j && isnan(v)) { /* only a group's own pair */
                ch = c->ascii ? '\\' : 0x2572;
                role = ROLE_MATRIX_DIAGONAL;
            } else {
                int bk = heat_bucket(v > 0 ? v / maxv : v, op.scale);
                ch = nview_shade(bk, c->ascii);
                role = heat_bucket_role(bk);
            }
            for (int l = 0; l < chh; l++)
                for (int k = 0; k < cw; k++)
                    cview_put(&gr, j * cw + k, i * chh + l, ch, role);
            if (sel_src >= g0 && sel_src < g0 + b && sel_dst >= j * b &&
                sel_dst < j * b + b)
                cview_set_attrs(&gr, j * cw, i * chh, cw, chh, ATTR_REVERSE);
        }
    }
    row += pl.grid;
    if (pl.note) {
        cview_printf(&r, 0, row++, w, ROLE_DIM, "cell = %dx%d groups (%s)", b,
                     b, op.agg == NVIEW_MAX ? "max" : "mean");
    }
    if (pl.legend)
        nview_legend(&r, row, op.scale);
    if (grid)
        *grid = (struct nview_grid){x + gx, gr.y, cw, chh, nb,
                                    nview_min(nb, pl.grid / chh), 0, 0, b};
    return b;
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
    int gs, rh; /* columns a glyph and rows a router take (1 to 3) */
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
    gs = rh = 1;
    for (int sc = NVIEW_SCALE_MAX; !cut && sc > 1; sc--) { /* room to
                                                       spare: larger */
        struct nview_plan big;
        nview_plan_rows(h, C * sc, 0, 1, w >= HEAT_LEVELS, &big);
        if (aw + 1 >= (3 * sc + 1) * R && big.grid >= C * sc && big.caption &&
            big.key) {
            pl = big;
            gs = rh = sc;
            cw = 3 * sc + 1;
            break;
        }
    }
    if (rh > 1 && pl.grid > ny * rh)
        pl.grid = ny * rh;
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
    if (pl.coords)
        nview_coords(&r, row++, gx, cw, nx, fx, 1, ssel, ROLE_MATRIX_LABEL);
    gr = cview_sub(&r, gx, row, aw, pl.grid);
    for (int j = 0; j < ny; j++) {
        int cc = fy + j;
        snprintf(buf, sizeof buf, "c%d", cc);
        cview_text_right(&r, 0, row + j * rh, gw,
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
                for (int dy = 0; dy < rh; dy++)
                    for (int dx = 0; dx < gs; dx++)
                        cview_put(&gr, i * cw + k * gs + dx, j * rh + dy,
                                  a.n > 0 ? nview_shade(bk, c->ascii) : ' ',
                                  a.n > 0 ? heat_bucket_role(bk)
                                          : ROLE_DEFAULT);
            }
            if (cc == csel && fx + i == ssel)
                cview_set_attrs(&gr, i * cw, j * rh, 3 * gs, rh, ATTR_REVERSE);
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
    if (grid)
        *grid = (struct nview_grid){x + gx, gr.y, cw, rh, nx, ny, fx, fy, 1};
    return cut ? 1 : 0;
}
