/*
 * nview_int: what the files of the nview family share and no one else
 * uses -- options resolved, loads gathered behind a cell or node, the
 * rows of a grid picture, shade glyphs and small drawing helpers. Only
 * src/view/net/nview*.c include it; everyone else includes nview.h.
 *
 * The accumulators and the load of one link are inline: they run once
 * per link in the minimap's and the matrix's inner loops.
 */
#ifndef RHO_VIEW_NET_NVIEW_INT_H
#define RHO_VIEW_NET_NVIEW_INT_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/net/net.h"
#include "view/canvas.h"
#include "view/heat.h"
#include "view/net/nview.h"

/* The options of a NULL struct nview_opts: linear, peak from the data,
   mean. */
extern const struct nview_opts nview_defaults;

/* o (NULL: nview_defaults) with its fields made valid and the peak found
   (O(links) unless o->peak > 0). */
struct nview_opts nview_resolve(const struct net *net, const double *bytes,
                                const struct nview_opts *o);

/* The load of b bytes on a link of bandwidth bw, as nview_load(). */
static inline double
nview_load_bw(double b, double bw, double peak)
{
    if (!(b >= 0))
        return NAN; /* NaN or negative: no value */
    if (b == 0)
        return 0;
    if (!(peak > 0))
        return INFINITY;
    return b / bw / peak;
}

/* Loads gathered behind one cell or node: n links, vals of them with a
   value. Start from {0}. */
struct nview_acc {
    double sum, max;
    int n, vals;
};

static inline void
nview_acc_add(struct nview_acc *a, double load)
{
    a->n++;
    if (isnan(load))
        return;
    a->sum += load;
    if (a->vals == 0 || load > a->max)
        a->max = load;
    a->vals++;
}

static inline void
nview_acc_merge(struct nview_acc *a, const struct nview_acc *b)
{
    if (b->vals > 0 && (a->vals == 0 || b->max > a->max))
        a->max = b->max;
    a->sum += b->sum;
    a->n += b->n;
    a->vals += b->vals;
}

/* The combined load by agg (enum nview_agg), NaN without values. */
static inline double
nview_acc_get(const struct nview_acc *a, int agg)
{
    if (a->vals == 0)
        return NAN;
    return agg == NVIEW_MAX ? a->max : a->sum / a->vals;
}

/* The out-links of vertex v of class cls (-1: any) into a, at peak; their
   bytes (NaN left out) added to *sum if sum is not NULL. */
void nview_out_acc(const struct net *net, const double *bytes, int v, int cls,
                   double peak, struct nview_acc *a, double *sum);

/*
 * The rows of a grid picture, top to bottom: caption, coordinates, grid,
 * note, key, legend (1 each when shown; grid the rows of the grid).
 */
struct nview_plan {
    int caption, coords, grid, note, key, legend;
};

/*
 * Hand out h rows to a grid picture that wants `want` grid rows, a note
 * and a key (if set) and a legend (if legend_ok), in order of need: one
 * grid row, the coordinates, the note, up to four grid rows, the caption,
 * the key, the legend, then the rest of the grid.
 */
void nview_plan_rows(int h, int want, int note, int key, int legend_ok,
                     struct nview_plan *p);

/* The first index of a window of n of total that keeps sel in view,
   roughly centred. */
int nview_window(int sel, int n, int total);

/* A glyph of load by heat bucket (idle ·, 0-2 ░, 3-5 ▒, 6-8 ▓, 9 █, over
   !; NaN ?; ASCII . : = # @ !), so that a grid reads without colour. A
   heat_glyph_fn. */
uint32_t nview_shade(int bucket, int ascii);

/* Bytes readably into buf (n bytes), "-" for NaN; returns buf. */
const char *nview_fmt_bytes(char *buf, size_t n, double b);

/* The heat legend in row of v, as wide as v (nothing if row is outside),
   its swatches in nview_shade()'s glyphs, as the cells. */
void nview_legend(const struct cview *v, int row, enum heat_scale scale);

/* why (a "too small" note), as much of it as fits in v's first row;
   returns -1 for the caller to return. */
int nview_too_small(const struct cview *v, const char *why);

/*
 * The coordinates across a grid, in row `row` of v: over cell i of n
 * cells cw columns wide from column gx, the number first + i * step, in
 * ROLE_MINIMAP_SELECTED when sel lies in [that, that + step), else in
 * role, every k-th index only (those a multiple of k * step), k the
 * first of 1, 2, 5, 10, 20, 25, 50, ... that keeps the widest number a
 * column clear of the next: evenly spaced, never touching.
 */
void nview_coords(const struct cview *v, int row, int gx, int cw, int n,
                  int first, int step, int sel, int role);

/* The decimal digits of n >= 0. */
int nview_digits(long long n);

static inline int
nview_min(int a, int b)
{
    return a < b ? a : b;
}

/* a / b rounded up, for a >= 0 and b > 0. */
static inline int
nview_ceil_div(int a, int b)
{
    return (a + b - 1) / b;
}

#endif
