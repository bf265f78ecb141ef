/*
 * nview: what the link model's views share -- loads relative to the
 * peak, options, grids, the out-load of a vertex, the hottest links and
 * their table, and the helpers of nview_int.h. The views themselves are
 * nview_torus.c, nview_dfly.c, nview_stats.c and nview_hier.c. See
 * nview.h.
 */
#include "view/net/nview.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/base/units.h"
#include "view/net/nview_int.h"
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

/* ---- grids ---- */

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
    /* idle, the levels by thirds, the top level, over: over is '!' in
       both, so that it is not the top level's block without colour */
    static const uint32_t u[] = {0x00b7, 0x2591, 0x2592, 0x2593, 0x2588, '!'};
    static const char a[] = ".:=#@!";
    int k;

    if (bucket == HEAT_NONE || bucket < HEAT_IDLE || bucket > HEAT_OVER)
        return '?';
    k = bucket == HEAT_IDLE          ? 0
        : bucket == HEAT_OVER        ? 5
        : bucket == HEAT_LEVELS - 1  ? 4
                                     : 1 + bucket / 3;
    return ascii ? (uint32_t)a[k] : u[k];
}

/* ---- drawing ---- */

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
nview_coords(const struct cview *v, int row, int gx, int cw, int n, int first,
             int step, int sel, int role)
{
    static const int nice[] = {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500};
    char buf[16];
    int widest = snprintf(buf, sizeof buf, "%d", first + (n - 1) * step), k;

    /* every k-th cell (of indices a multiple of k * step), k the first
       nice number whose labels are a column apart at least */
    k = nice[sizeof nice / sizeof nice[0] - 1];
    for (size_t j = 0; j < sizeof nice / sizeof nice[0]; j++)
        if (nice[j] * cw >= widest + 1) {
            k = nice[j];
            break;
        }
    for (int i = 0; i < n; i++) {
        int col = gx + i * cw, len, s = first + i * step;
        if ((s / (step > 0 ? step : 1)) % k != 0)
            continue;
        len = snprintf(buf, sizeof buf, "%d", s);
        cview_text(v, col, row, len,
                   sel >= s && sel < s + step ? ROLE_MINIMAP_SELECTED : role,
                   buf);
    }
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

void
nview_legend(const struct cview *v, int row, enum heat_scale scale)
{
    if (row >= 0 && row < v->h)
        heat_legend_glyphs(v->c, v->x, v->y + row, v->w, scale, nview_shade);
}

int
nview_too_small(const struct cview *v, const char *why)
{
    cview_text(v, 0, 0, v->w, ROLE_DIM, why);
    return -1;
}

/* ---- hottest links ---- */

int
nview_top(const struct net *net, const double *bytes, int cls, int n, int *top)
{
    return net_top_links(net, bytes, cls, n, top, NULL);
}

int
nview_hottest(struct canvas *c, int x, int y, int w, int h,
              const struct net *net, const double *bytes,
              const struct net_stats *st, int cls, int sel,
              const struct nview_opts *o)
{
    struct cview r = {c, x, y, w, h};
    int mine[NVIEW_TOP_MAX];
    const int *list = mine;
    int rows, n = 0;

    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL)
        return nview_too_small(&r, "no data");
    if (h < 2 || w < 12)
        return nview_too_small(&r, "too small");
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
    return nview_hottest_list(c, x, y, w, h, net, bytes, list, n, sel, o);
}

int
nview_hottest_list(struct canvas *c, int x, int y, int w, int h,
                   const struct net *net, const double *bytes,
                   const int *list, int n, int sel, const struct nview_opts *o)
{
    return nview_hottest_window(c, x, y, w, h, net, bytes, list,
                                nview_min(n, NVIEW_TOP_MAX), 0, sel, o);
}

int
nview_hottest_window(struct canvas *c, int x, int y, int w, int h,
                     const struct net *net, const double *bytes,
                     const int *list, int n, int first, int sel,
                     const struct nview_opts *o)
{
    struct cview r = {c, x, y, w, h};
    struct nview_opts op;
    int rw, cwid = 0, bw, nw, bytecol, barcol, clscol, shown;
    int need = 4, avail;
    char name[NET_NAME_MAX], buf[32];

    if (w < 1 || h < 1)
        return -1;
    if (net == NULL || bytes == NULL)
        return nview_too_small(&r, "no data");
    if (h < 2 || w < 12)
        return nview_too_small(&r, "too small");
    op = nview_resolve(net, bytes, o);
    if (n <= 0) {
        cview_text(&r, 0, 0, w, ROLE_DIM, "no traffic");
        return 0;
    }
    first = first < 0 ? 0 : nview_min(first, n - 1);
    shown = nview_min(n - first, h - 1);
    rw = nview_digits(first + shown);
    for (int i = first; i < first + shown; i++) {
        int len = utf8_width(net_class_name(net, net_link_class(net, list[i])));
        if (len > cwid)
            cwid = len;
        len = utf8_width(net_link_name(net, list[i], name, sizeof name));
        if (len > need)
            need = len;
    }
    if (cwid > 12)
        cwid = 12;
    if (cwid < 5) /* (the header, whole: "class") */
        cwid = 5;
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
    for (int i = first; i < first + shown; i++) {
        int l = list[i], row = i - first + 1;
        double ld = nview_load(net, bytes, l, op.peak);
        snprintf(buf, sizeof buf, "%d", i + 1);
        cview_text_right(&r, 0, row, rw, ROLE_NUMBER, buf);
        net_link_name(net, l, name, sizeof name);
        cview_text_cut(&r, rw + 1, row, nw, ROLE_DEFAULT, name);
        if (cwid)
            cview_text_cut(&r, clscol, row, cwid, ROLE_DIM,
                           net_class_name(net, net_link_class(net, l)));
        cview_text_right(&r, bytecol, row, 9, ROLE_NUMBER,
                         nview_fmt_bytes(buf, sizeof buf, bytes[l]));
        if (bw)
            cview_bar(&r, barcol, row, bw, ld, heat_role(ld, op.scale),
                      ROLE_HEAT_IDLE);
        if (i == sel)
            cview_paint(&r, 0, row, rw + 1 + nw, 1, ROLE_SELECTED);
    }
    return shown;
}
