/*
 * nview_torus: the torus minimap -- per-link bytes as heat on a grid of two
 * dimensions of a torus or mesh, projected over the others or cut at one
 * plane (Boxfish's 2D projections) -- and the overview of every pair of
 * dimensions as small minimaps. Loads, options, grids, drawing and roles
 * are as nview.h says.
 */
#ifndef RHO_VIEW_NET_NVIEW_TORUS_H
#define RHO_VIEW_NET_NVIEW_TORUS_H

#include "core/net/net.h"
#include "view/canvas.h"

struct nview_grid; /* nview.h */
struct nview_opts;

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
#define NVIEW_SCALE_MAX 3 /* AUTO: full cells up to 6x4 with room to spare */
enum nview_cellmode {
    NVIEW_CELL_AUTO, /* full if the whole grid fits (larger when it fits
                        larger: node and edges 2s x (s + 1), s up to
                        NVIEW_SCALE_MAX), else compact */
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
 * its caption fit, and grow (an edge 3 or 5 columns long, 2 or 3 rows
 * tall) while the grid still fits. When the grid does not fit it is cut to a window that
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

#endif
