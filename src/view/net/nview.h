/*
 * nview: the views of the link-utilization model (core/net/net_model.h,
 * Jain's DamselFly) drawn into a canvas -- per-link bytes as heat on a
 * torus minimap (Boxfish's 2D projections) and an all-pairs overview of
 * them, a dragonfly group matrix and one group's chassis x router grid,
 * statistics per link class (box plots on one scale, a histogram), a
 * collapsible hierarchy of the network with both directions of every
 * link, and the hottest links. Pure view code: no scenario, no session.
 *
 * The drawing files of the family, one per picture, on what this header
 * and nview.c share (loads, options, grids, the hottest links):
 *   nview_torus    torus minimap and the overview of dimension pairs
 *   nview_dfly     dragonfly group matrix and one group's routers
 *   nview_stats    statistics per link class
 *   nview_hier     the hierarchy of the network (the Network view)
 * Their headers are included at the end of this one. The views of the
 * view table that show them on a session are nview_ui.h's.
 *
 * Inputs are a net and bytes[], the bytes each directed link carries,
 * indexed by link id (net_result.bytes), sometimes with a net_stats of
 * the same bytes. Nothing keeps a pointer past a call except struct
 * nview_hier, which says so.
 *
 * Load. A link's load is its utilisation relative to the busiest link's:
 * load = (bytes_l / bw_l) / peak with peak = max over links of bytes /
 * bw, so the hottest link is 1 (heat bucket 9), an unused one 0 (idle)
 * and NaN bytes NaN (heat "none"). Every view takes a struct nview_opts
 * (NULL: the defaults, all fields 0): the heat scale (linear tenths or
 * HEAT_LOG decades), the peak (0: found from the data, which costs
 * O(links) per call -- give nview_peak()'s once per result to keep
 * draws cheap, or a fixed value to put two results on one scale; loads may
 * then pass 1 and show as "over"), and how aggregated links combine (mean
 * or max).
 *
 * Drawing. Every draw function writes only inside its rectangle (x, y,
 * w, h), whatever the sizes: it draws through a struct cview of it
 * (view/canvas.h), which clips every write. What does not fit is cut (a
 * note row says what is shown) or aggregated (a note says how much per
 * cell); when nothing useful fits a function draws at most a short "too
 * small" and returns -1. Draw functions do not allocate unless their
 * comment says so, and take time linear in the cells drawn and the links
 * behind them. Heat cells
 * use shade glyphs by bucket (idle ·, then ░ ▒ ▓ █; a NaN ?) so that load
 * reads without colour too; an ASCII canvas gets . : = # @.
 *
 * Roles: heat.* for loads, minimap for grid captions and nodes,
 * minimap.selected for the selected cell's labels, matrix.label and
 * matrix.diagonal, plot.* and axis for the statistics, tree.* for
 * hierarchy rows, link.up/link.down for bytes out/in, header, number,
 * dim, selected.
 */
#ifndef RHO_VIEW_NET_NVIEW_H
#define RHO_VIEW_NET_NVIEW_H

#include "core/net/net_stats.h"
#include "core/net/net.h"
#include "view/canvas.h"
#include "view/heat.h"

/* ---- loads ---- */

/* How the links behind one cell or node combine. */
enum nview_agg {
    NVIEW_MEAN, /* the mean load (links without a value left out) */
    NVIEW_MAX   /* the hottest link */
};

struct nview_opts {
    enum heat_scale scale; /* HEAT_LINEAR or HEAT_LOG */
    double peak;           /* > 0: the bytes/bw (seconds) that is load 1;
                              0, negative or NaN: nview_peak() */
    int agg;               /* enum nview_agg */
};

/*
 * The busiest link's utilisation, max over links of bytes[l] / bw(l)
 * (seconds), over finite values >= 0; 0 when no link carries anything.
 * O(links). net and bytes must not be NULL.
 */
double nview_peak(const struct net *net, const double *bytes);

/*
 * The load of link l (0 <= l < links, not checked): bytes / bw / peak.
 * 0 bytes is 0 (idle) whatever the peak; NaN or negative bytes give NaN;
 * bytes > 0 with peak <= 0 give +infinity (over).
 */
double nview_load(const struct net *net, const double *bytes, int l,
                  double peak);

/*
 * Every link's load into load[0 .. links) (caller's array) for peak, or
 * for nview_peak() when peak is not > 0. Returns the peak used.
 */
double nview_loads(const struct net *net, const double *bytes, double peak,
                   double *load);

/*
 * The out-links of vertex v of class cls (-1: every class): returns their
 * load combined by o->agg, NaN when v has none (or none has a value);
 * *sum (may be NULL) receives their bytes (NaN left out). O(out-degree).
 */
double nview_out_load(const struct net *net, const double *bytes, int v,
                      int cls, const struct nview_opts *o, double *sum);

/* ---- grids (minimap, matrix, group) ---- */

/* Where a drawn grid is, for mouse clicks and tests. */
struct nview_grid {
    int x0, y0; /* canvas cell of the first grid cell's top left corner */
    int cw, ch; /* columns and rows per grid cell */
    int nx, ny; /* grid cells shown across and down */
    int fx, fy; /* index of the first cell shown across and down */
    int block;  /* coordinates (groups) per cell, >= 1 */
};

/*
 * The cell of a grid under canvas cell (sx, sy): returns 1 and sets *ix,
 * *iy (may be NULL) to the first coordinate (group, router slot, chassis)
 * that cell covers, or returns 0 when (sx, sy) is not on a cell.
 */
int nview_grid_hit(const struct nview_grid *g, int sx, int sy, int *ix,
                   int *iy);

/* ---- hottest links ---- */

#define NVIEW_TOP_MAX 256

/*
 * The n hottest links of class cls (-1: every link) into top[0 .. n):
 * most bytes first, ties by link id (net_stats's order); links with no
 * bytes (0 or NaN) are not listed. Returns how many were written (<= n).
 * O(links x log n) plus O(n) per link that enters the list.
 */
int nview_top(const struct net *net, const double *bytes, int cls, int n,
              int *top);

/*
 * A table of the hottest links of class cls (-1: all): rank, name
 * (net_link_name), class, bytes (units_fmt_size) and a load bar in its
 * heat role, one per row under a header; row sel (0-based, -1: none) is
 * selected. The list comes from st's (when st is not NULL and its ntop
 * covers the rows), else from nview_top() (O(links)). Narrow
 * rectangles drop the class, then the bar. Returns the links listed, 0 if
 * none carries traffic ("no traffic" is drawn), or -1 (too small).
 */
int nview_hottest(struct canvas *c, int x, int y, int w, int h,
                  const struct net *net, const double *bytes,
                  const struct net_stats *st, int cls, int sel,
                  const struct nview_opts *o);

/* The same table for the links list[0 .. n) (hottest first, as
   nview_top() gives them; at most NVIEW_TOP_MAX of them), as many as
   fit: what a view that keeps the list draws (O(rows)). */
int nview_hottest_list(struct canvas *c, int x, int y, int w, int h,
                       const struct net *net, const double *bytes,
                       const int *list, int n, int sel,
                       const struct nview_opts *o);

/* The same for the rows of list[0 .. n) (any n) from row first (0-based,
   clamped to the list; its rank first + 1) on, as many as fit: a window
   on a list longer than the rectangle, names cut with "…" when narrow.
   Returns the rows drawn, 0 (no traffic) or -1 (too small). O(rows). */
int nview_hottest_window(struct canvas *c, int x, int y, int w, int h,
                         const struct net *net, const double *bytes,
                         const int *list, int n, int first, int sel,
                         const struct nview_opts *o);

/* ---- the views ---- */

/* Each view has its own header; they are included here so that the
   family's callers need one include. */
#include "view/net/nview_dfly.h"  /* dragonfly group matrix and group */
#include "view/net/nview_hier.h"  /* the hierarchy (Network view) */
#include "view/net/nview_stats.h" /* statistics per class */
#include "view/net/nview_torus.h" /* torus minimap and overview */

#endif
