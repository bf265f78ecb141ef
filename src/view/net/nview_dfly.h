/*
 * nview_dfly: a dragonfly's traffic -- the group matrix of L2 bytes
 * between every pair of groups (blocks of groups when they do not fit),
 * and one group in detail, its chassis x router grid. Loads, options,
 * grids, drawing and roles are as nview.h says.
 */
#ifndef RHO_VIEW_NET_NVIEW_DFLY_H
#define RHO_VIEW_NET_NVIEW_DFLY_H

#include "core/net/net.h"
#include "view/canvas.h"

struct nview_grid; /* nview.h */
struct nview_opts;

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
 * says so. Cells are 2 columns wide when that fits, and with room to
 * spare up to 2s x s (s up to NVIEW_SCALE_MAX, nview_torus.h). grid (may be NULL)
 * receives the layout (block = b). Returns b (>= 1), or -1 (not a
 * dragonfly, too small). O(groups^2 x L2 links per pair); no allocation.
 */
int nview_df_matrix(struct canvas *c, int x, int y, int w, int h,
                    const struct net *net, const double *bytes, int sel_src,
                    int sel_dst, const struct nview_opts *o,
                    struct nview_grid *grid);

/* The same from the pairs' L2 bytes summed before (pair[i * groups + j],
   as net_run.l2pair holds them; NULL: from the links): O(groups^2), no
   pass over the links. */
int nview_df_matrix_pairs(struct canvas *c, int x, int y, int w, int h,
                          const struct net *net, const double *bytes,
                          const double *pair, int sel_src, int sel_dst,
                          const struct nview_opts *o, struct nview_grid *grid);

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
 * Group g of a dragonfly in detail: a caption with its size and totals
 * (nview_df_totals), router slot numbers across, chassis down, and per
 * router three shade glyphs -- its L1-row, L1-col and L2 out-links' load
 * (o->agg of them; blank where it has none) -- then a key and the heat
 * legend. sel (-1: none) is a router of the group by local index (c *
 * routers + slot): reversed, its labels minimap.selected. With room to
 * spare every glyph grows to s columns and s rows (s up to
 * NVIEW_SCALE_MAX, nview_torus.h). Cut (with a
 * note) when the chassis or the routers do not fit. grid (may be NULL)
 * receives the layout. Returns 0 (all shown), 1 (cut) or -1 (not a
 * dragonfly, bad g, too small). No allocation.
 */
int nview_df_group(struct canvas *c, int x, int y, int w, int h,
                   const struct net *net, const double *bytes, int g, int sel,
                   const struct nview_opts *o, struct nview_grid *grid);

#endif
