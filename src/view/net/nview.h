/*
 * nview: the views of the link-utilization model (core/net/net_model.h,
 * Jain's DamselFly) drawn into a canvas -- per-link bytes as heat on a
 * torus minimap (Boxfish's 2D projections) and an all-pairs overview of
 * them, a dragonfly group matrix and one group's chassis x router grid,
 * statistics per link class (box plots on one scale, a histogram), a
 * collapsible hierarchy of the network with both directions of every
 * link, and the hottest links. Pure view code: no scenario, no session.
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
 * Drawing. Every draw function writes only inside its rectangle (x, y, w,
 * h), whatever the sizes. What does not fit is cut (a note row says what
 * is shown) or aggregated (a note says how much per cell); when nothing
 * useful fits a function draws at most a short "too small" and returns -1.
 * Draw functions do not allocate unless their comment says so, and take
 * time linear in the cells drawn and the links behind them. Heat cells
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

/* ---- torus minimap ---- */

/* Which direction of the links of a dimension a minimap shows. */
enum nview_dir {
    NVIEW_BOTH, /* + and - links together (the mean is Boxfish's avg) */
    NVIEW_PLUS, /* the edge between x and x+1 is x's + link */
    NVIEW_MINUS /* the edge between x and x+1 is x+1's - link */
};

/* Which links of the plane a minimap shows (bits). */
enum {
    NVIEW_ALONG_X = 1, /* along dx: the edge right of each cell */
    NVIEW_ALONG_Y = 2, /* along dy: the edge below each cell */
    NVIEW_ALONG_XY = 3
};

/* How a minimap draws a cell. */
enum nview_cellmode {
    NVIEW_CELL_AUTO, /* full if the whole grid fits, else compact */
    NVIEW_CELL_FULL, /* 2x2: node ●, edge ─ to the right, edge │ below */
    NVIEW_CELL_COMPACT /* 1x1: one shade glyph for the cell's edges */
};

struct nview_minimap {
    int dx, dy;       /* dimensions across and down (dx != dy); dy -1: a
                         single row (a ring, or one dimension alone) */
    int dir;          /* enum nview_dir */
    int along;        /* NVIEW_ALONG_* bits; 0 means both */
    int cell;         /* enum nview_cellmode */
    const int *plane; /* NULL: a projection, every cell aggregating all
                         coordinates of the other dimensions; else nd
                         coordinates fixing the other dimensions (those of
                         dx and dy ignored; taken modulo the sizes) */
    int sel_x, sel_y; /* the selected cell (coordinates along dx and dy),
                         -1 for none */
};

/* The loads behind one minimap cell (x, y): NaN where there is no link
   or none has a value; the n* count the links aggregated (with a value
   or not). */
struct nview_cell {
    double h;     /* the edge from x to x+1 along dx (x+1 wraps) */
    double v;     /* the edge from y to y+1 along dy */
    double other; /* the links of the cell's routers along the other
                     dimensions */
    int nh, nv, nother;
};

/*
 * The loads of the minimap cell at coordinates (cx, cy) (cy 0 when dy is
 * -1) into *out, aggregated by o->agg over the routers of the cell (every
 * coordinate of the other dimensions, or mm->plane's) and, with
 * NVIEW_BOTH, over both directions. Returns 0, or -1 when net is not a
 * torus or mm, cx or cy is out of range (*out untouched). Cost: the
 * cell's routers times the dimensions (plus O(links) if o->peak is unset).
 */
int nview_minimap_cell(const struct net *net, const double *bytes,
                       const struct nview_minimap *mm,
                       const struct nview_opts *o, int cx, int cy,
                       struct nview_cell *out);

/*
 * A torus minimap of dimensions mm->dx x mm->dy in (x, y, w, h):
 *
 *   A→ B↓  + links, mean over C       <- caption
 *     0 1 2 3 4                       <- coordinates along dx
 *   0 ●─●─●─●─●─                      <- full cells: node ● (heat of the
 *     │ │ │ │ │                          other dimensions' links, · if
 *   1 ●─●─●─●─●─                         none), edge right, edge below
 *   A 0-4/16, B 0-1/16                <- note, only when cut
 *   █ idle  0% ██████████ 100%        <- heat_legend
 *
 * Edges are ─ │ up to a load of 50%, ━ ┃ above, ═ ║ over capacity (ASCII
 * - | then = ! then #), in their heat roles; compact cells are one shade
 * glyph for the cell's edges along mm->along together. A wrapped
 * dimension's wrap edge is the last column's (row's); a mesh has none
 * there. Full cells are used (NVIEW_CELL_AUTO) when the whole grid and
 * its caption fit. When the grid does not fit it is cut to a window that
 * keeps the selected cell in view; the caption and legend go before the
 * grid's first rows do. The selected cell's node is minimap.selected
 * (compact: reversed) and so are its coordinate labels. grid (may be
 * NULL) receives the layout. Returns 0 (all shown), 1 (cut), or -1 (not
 * a torus, bad mm, too small). No allocation.
 */
int nview_minimap(struct canvas *c, int x, int y, int w, int h,
                  const struct net *net, const double *bytes,
                  const struct nview_minimap *mm, const struct nview_opts *o,
                  struct nview_grid *grid);

/*
 * Every pair of dimensions as a small compact minimap (a 3D torus: A×B,
 * A×C, B×C), tiled left to right and wrapped, each under a caption; the
 * pair (mm->dx, mm->dy) in either order is minimap.selected. Uses mm's
 * dir, along and plane. When the tiles do not fit, each cell covers k x k
 * coordinates (k a power of 2, the smallest that fits them all) and a
 * note says so ("cells of 2x2"); tiles that still do not fit are left out
 * ("+N hidden"). Each cell is one shade glyph: the mean (or max) load of
 * its edges along mm->along.
 * A net of one dimension gets its ring. Returns the tiles drawn, or -1.
 */
int nview_minimap_all(struct canvas *c, int x, int y, int w, int h,
                      const struct net *net, const double *bytes,
                      const struct nview_minimap *mm,
                      const struct nview_opts *o);

/* ---- dragonfly ---- */

/* Bytes on the L2 links from group g1 to group g2 (0 for g1 == g2, a
   group out of range or another family; NaN bytes left out). O(links per
   pair). */
double nview_df_pair(const struct net *net, const double *bytes, int g1,
                     int g2);

/*
 * The group matrix: cell (i, j) the L2 bytes from group i (row) to group
 * j (column), coloured relative to the busiest cell, the diagonal ╲ in
 * matrix.diagonal, group numbers in matrix.label (the selected groups'
 * minimap.selected), the selected pair (sel_src, sel_dst; -1 for none)
 * reversed. When the groups do not fit one per cell, each cell covers a
 * block of b x b groups holding o->agg (mean or max) of the pairs in it
 * (a block on the diagonal leaves out the groups' own pairs) and a note
 * says so. Cells are 2 columns wide when that fits. grid (may be NULL)
 * receives the layout (block = b). Returns b (>= 1), or -1 (not a
 * dragonfly, too small). O(groups^2 x L2 links per pair); no allocation.
 */
int nview_df_matrix(struct canvas *c, int x, int y, int w, int h,
                    const struct net *net, const double *bytes, int sel_src,
                    int sel_dst, const struct nview_opts *o,
                    struct nview_grid *grid);

/* A dragonfly group's traffic in bytes. */
struct nview_df_totals {
    double l2_out, l2_in; /* on L2 links leaving and entering the group */
    double row, col;      /* on its L1-row and L1-col links */
};

/* Totals of group g into *t (all 0 for a bad g or another family).
   O(L2 links of g + links of its routers). */
void nview_df_totals(const struct net *net, const double *bytes, int g,
                     struct nview_df_totals *t);

/*
 * The out-links of vertex v of class cls (-1: every class): returns their
 * load combined by o->agg, NaN when v has none (or none has a value);
 * *sum (may be NULL) receives their bytes (NaN left out). O(out-degree).
 */
double nview_out_load(const struct net *net, const double *bytes, int v,
                      int cls, const struct nview_opts *o, double *sum);

/*
 * Group g of a dragonfly in detail: a caption with its size and totals
 * (nview_df_totals), router slot numbers across, chassis down, and per
 * router three shade glyphs -- its L1-row, L1-col and L2 out-links' load
 * (o->agg of them; blank where it has none) -- then a key and the heat
 * legend. sel (-1: none) is a router of the group by local index (c *
 * routers + slot): reversed, its labels minimap.selected. Cut (with a
 * note) when the chassis or the routers do not fit. grid (may be NULL)
 * receives the layout. Returns 0 (all shown), 1 (cut) or -1 (not a
 * dragonfly, bad g, too small). No allocation.
 */
int nview_df_group(struct canvas *c, int x, int y, int w, int h,
                   const struct net *net, const double *bytes, int g, int sel,
                   const struct nview_opts *o, struct nview_grid *grid);

/* ---- statistics per class ---- */

/*
 * One row per link class of st that has links ("all" first): the class
 * name, links used / links, a box plot (plot_boxplot) on a scale shared
 * by every row (0 .. the largest max, in the IEC unit that suits it,
 * named in the header), and the max; then the scale, and a histogram
 * (plot_histogram, bins by Rice's rule) of the bytes of the used links of
 * class st->cls[sel] (sel an index into st->cls, 0 = all; -1: none) in
 * the rows left, if there are at least 6 (a blank, then the plot). The
 * selected class's name is selected. Class rows that do not fit are left
 * out with a note; narrow rectangles drop the max, then used/links. st
 * NULL: computed here (allocates; pass one to avoid it). The histogram
 * counts the links into bins on the stack, in two passes over them, so
 * with st given nothing is allocated; work is no longer used (it may be
 * NULL) and stays only so that callers need not change. Returns the
 * class rows drawn, or -1 (too small).
 */
int nview_stats(struct canvas *c, int x, int y, int w, int h,
                const struct net *net, const double *bytes,
                const struct net_stats *st, int sel, double *work);

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

/* ---- the hierarchy ---- */

/* What a hierarchy row stands for. */
enum nview_kind {
    NVIEW_GROUP,   /* a dragonfly group */
    NVIEW_CHASSIS, /* a dragonfly chassis (index g * chassis + c) */
    NVIEW_PLANE,   /* a torus plane: a coordinate of the last dimension */
    NVIEW_LEVEL,   /* a fat-tree level */
    NVIEW_ROUTER,  /* a router, switch, tree node or graph vertex */
    NVIEW_LINK     /* one link (its reverse is the row's "in") */
};

/* A row's stable id: the same node of the same net always has the same
   id, whatever is open, so a caller keeps its selection across
   recomputations. */
long long nview_row_id(int kind, int index);

#define NVIEW_LABEL_MAX 96

struct nview_row {
    long long id; /* nview_row_id(kind, index) */
    int kind;     /* enum nview_kind */
    int index;    /* group, chassis, plane, level, vertex or link id */
    int depth;    /* 0 at the top */
    int link;     /* link rows: the link; tree nodes: the link to the
                     parent; else -1 */
    int rev;      /* its reverse (the k-th parallel b->a link of the k-th
                     a->b), or -1 */
    int children; /* has rows below it */
    int open;     /* they are listed */
    /* bytes out and in: a link's and its reverse's; a node's on the
       links that cross its boundary (NaN: no link) */
    double out, in;
    double load_out, load_in; /* the hottest of those links, or the link's */
    char label[NVIEW_LABEL_MAX];
};

/* Does the node with this id show its children? ctx is the caller's. */
typedef int nview_open_fn(void *ctx, long long id);

/* A ready-made nview_open_fn: ctx points to a struct nview_idset
   whose ids are sorted ascending; a node is open when its id is there. */
struct nview_idset {
    const long long *ids;
    int n;
};
int nview_idset_has(void *ctx, long long id);

/* A listing request and its answer. */
struct nview_walk {
    nview_open_fn *open; /* NULL: every node closed */
    void *ctx;
    int first;      /* rows to skip before filling rows[] (scrolling) */
    long long find; /* a row id to locate, or -1 */
    int found;      /* set: the row number of find, or -1 */
};

struct nview_hier;

/*
 * The hierarchy of net with the boundary bytes and loads of every node,
 * from one pass over the links:
 *  - dragonfly: group -> chassis (left out with one chassis per group) ->
 *    router -> its links;
 *  - torus: plane (the last dimension's coordinate; left out with one
 *    dimension) -> router -> its links;
 *  - fat-tree: level -> switch -> its links;
 *  - tree (net_tree_new): the tree itself, each node's row showing its
 *    link to the parent (out) and back (in);
 *  - general graph: vertex -> its links.
 * A node's out and in are the bytes on the links that leave and enter the
 * set of routers under it (a router's endpoints count as inside it; NaN
 * bytes left out), its loads the hottest of those links. A router's links
 * are listed by class, then id. net and bytes (neither NULL) are borrowed
 * and must outlive the result unchanged: make a new one when the bytes
 * change. peak as nview_opts. Caller owns the result:
 * nview_hier_free(). O(links) time, O(routers) memory; out of memory
 * is fatal.
 */
struct nview_hier *nview_hier_new(const struct net *net, const double *bytes,
                                  double peak);

/* Release h. NULL is a no-op. */
void nview_hier_free(struct nview_hier *h);

/*
 * The visible rows (children of open nodes only) in order: skips
 * wk->first rows, writes at most max into rows (may be NULL when max is
 * 0), sets wk->found, and returns the number of visible rows. wk may be
 * NULL (all closed, from row 0). O(visible rows + written rows x
 * out-degree); no allocation. Cheap enough for every frame.
 */
int nview_rows(const struct nview_hier *h, struct nview_walk *wk,
               struct nview_row *rows, int max);

/*
 * Draw n rows from (x, y) under a header (name, → out, ← in): indent by
 * depth, ▸/▾ (ASCII +/-) before a node with children, the label in a
 * tree.* role by kind, then for each direction a load bar (canvas_bar in
 * the load's heat role) and the bytes (link.up out, link.down in). Rows
 * past h - 1 are not drawn; narrow rectangles drop the bars, then the in
 * column. Row sel (an index into rows, -1: none) is selected. Returns the
 * rows drawn, or -1 (too small).
 */
int nview_rows_draw(struct canvas *c, int x, int y, int w, int h,
                    const struct nview_row *rows, int n, int sel,
                    enum heat_scale scale);

#endif
