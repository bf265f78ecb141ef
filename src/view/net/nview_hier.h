/*
 * nview_hier: the Network view -- a collapsible hierarchy of the network
 * (groups, chassis, planes or levels, then routers, then their links)
 * with the bytes and loads crossing every node's boundary and both
 * directions of every link, listed a window of rows at a time and drawn
 * as rows. Loads, drawing and roles are as nview.h says.
 */
#ifndef RHO_VIEW_NET_NVIEW_HIER_H
#define RHO_VIEW_NET_NVIEW_HIER_H

#include "core/net/net.h"
#include "core/net/net_bounds.h"
#include "view/canvas.h"
#include "view/heat.h"

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
 * nview_hier_free(). O(links) time (net_bounds_new()), O(routers)
 * memory; out of memory is fatal.
 */
struct nview_hier *nview_hier_new(const struct net *net, const double *bytes,
                                  double peak);

/*
 * The same on the boundaries b of net under bytes, made before
 * (net_bounds_new(): the link model makes them on its job thread), which
 * the result borrows: b must outlive it. b NULL: nview_hier_new(). O(1)
 * but for a tree (O(routers)): what the explorer's loop thread does when a
 * result arrives.
 */
struct nview_hier *nview_hier_new_with(const struct net *net,
                                       const double *bytes, double peak,
                                       const struct net_bounds *b);

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
 * Draw n rows from (x, y) under a header (name, then for each direction
 * "busiest link" over the bars and → out or ← in over the bytes): indent
 * by depth, ▸/▾ (ASCII +/-) before a node with children, the label in a
 * tree.* role by kind, then for each direction a load bar (canvas_bar in
 * the load's heat role: the load of the row's busiest link, a link's own
 * for a link row, which a node's bytes need not follow) and the bytes
 * (link.up out, link.down in). Rows
 * past h - 1 are not drawn; narrow rectangles drop the bars, then the in
 * column. Row sel (an index into rows, -1: none) is selected. Returns the
 * rows drawn, or -1 (too small).
 */
int nview_rows_draw(struct canvas *c, int x, int y, int w, int h,
                    const struct nview_row *rows, int n, int sel,
                    enum heat_scale scale);

#endif
