/*
 * route: paths through a net between two endpoints. A path is a list of
 * link ids; it starts with the source's injection link and ends with the
 * destination's ejection link when the net has them.
 *
 * Path sets (enum route_mode):
 *  - ROUTE_ONE: one canonical path. Torus and mesh: dimension-order
 *    routing (DOR), first dimension first, each dimension the shorter way
 *    around, on a tie (distance exactly half the ring) the + direction.
 *    Dragonfly: the first L2 link of the group pair, row hop before column
 *    hop in both groups. Fat-tree: d-mod-k (the up-port at level l is digit
 *    l of the destination leaf). Tree: the unique path. Graph: the first
 *    shortest path in link order (lowest link id at every vertex).
 *  - ROUTE_MIN: the minimal paths of static direct routing (SD). Torus:
 *    DOR only (one path). Dragonfly: every L1*-L2-L1* path (any of the g
 *    L2 links of the pair; inside a group one row or column hop, or the
 *    row-first and the column-first two-hop paths): at most 4g paths, at
 *    most 5 hops. Fat-tree: up to the lowest common level through any
 *    up-port, then down: h^L paths. Tree: the unique path. Graph: every
 *    shortest path (by hops).
 *  - ROUTE_ALL: as ROUTE_MIN, but a torus offers every minimal path (every
 *    interleaving of the unit steps of the dimensions to correct, and both
 *    directions of a dimension at a tie).
 *  - ROUTE_BGQ: Blue Gene/Q's deterministic routing on a torus: dimension
 *    order from the longest dimension to the shortest (the lower index
 *    first at equal lengths), each the shorter way round, and at a tie
 *    (exactly half way round, always so in a wrapped dimension of size
 *    2: BG/Q's E) both directions, so a message splits evenly over 2^ties
 *    paths and E's doubled link is used both ways. Other families: as
 *    ROUTE_ONE.
 * Paths of a set are ordered; index 0 is the ROUTE_ONE path except for the
 * fat-tree (whose index 0 takes up-port 0 everywhere). Even splits
 * (route_shares) are exact over the whole set even when it is huge (torus
 * ROUTE_ALL by a counting recurrence over the box between the endpoints;
 * graphs by shortest-path counts).
 *
 * Indirect (Valiant) paths: dragonfly as the authors' Damselfly code: an
 * intermediate group other than the source's, a random router in it, and
 * a random minimal path to it and on to the destination (just a random
 * minimal path if the drawn group is the destination's); inside one group
 * a random intermediate router of the group other than the source. At
 * most 10 hops. Torus and graph: a uniformly random intermediate router,
 * with minimal sub-paths of the given mode. Fat-tree: up through random
 * up-ports to a random top switch, then down. Tree: the unique path.
 *
 * A struct route is per-thread scratch bound to one net: functions fill
 * buffers owned by it (valid until the next call on it) or by the caller.
 * Nothing here allocates after route_new() except to grow scratch.
 */
#ifndef RHO_CORE_NET_ROUTE_H
#define RHO_CORE_NET_ROUTE_H

#include "core/net/net.h"
#include "core/base/rng.h"

enum route_mode { ROUTE_ONE, ROUTE_MIN, ROUTE_ALL, ROUTE_BGQ };

/* A link's share of a message under an even split over a path set. */
struct route_share {
    int link;
    double frac; /* the fractions of a message sum to its mean hop count */
};

/* An explicit set of paths: path i is links[off[i] .. off[i+1]). */
struct route_set {
    int n;          /* paths here */
    double count;   /* paths the mode offers (more than n when capped) */
    const int *off; /* n + 1 entries */
    const int *links;
};

struct route;

/* Scratch for routing on net, which must outlive it. Caller owns the
   result: route_free(). */
struct route *route_new(const struct net *net);

/* Release rt. NULL is a no-op. */
void route_free(struct route *rt);

/* Drop rt's lookup tables (a dragonfly's table of intra-group segments):
   every path is then computed hop by hop, the same links from the same
   random numbers. The reference the tests hold the tables to. */
void route_plain(struct route *rt);

/* An upper bound on the length of any path route_path(), route_random()
   or route_valiant() can return (the size of a caller's links buffer). */
int route_max_hops(const struct route *rt);

/*
 * The number of paths in the set of mode from endpoint s to endpoint d (a
 * double: a torus can offer more than 2^63). 0 when the message needs no
 * link (s == d, or s and d share a router and the net has no injection
 * links); -1 when d cannot be reached from s (general graphs only).
 */
double route_count(struct route *rt, int s, int d, int mode);

/*
 * Path idx (0 <= idx < count) of the set into links (route_max_hops()
 * ints). Returns its length, 0 if the message needs no link, or -1 (no
 * route, or idx out of range).
 */
int route_path(struct route *rt, int s, int d, int mode, long long idx,
               int *links);

/*
 * The set of mode, at most max paths (max >= 1): all of them if there are
 * no more than max, else max paths spread evenly over the set by index
 * (path floor(i * count / max) for i < max). *out points into rt. Returns
 * the number of paths (0: no link needed) or -1 (no route).
 */
int route_paths(struct route *rt, int s, int d, int mode, int max,
                const struct route_set **out);

/*
 * The even split of one message over the whole set of mode: (link,
 * fraction) pairs into *out (owned by rt), one per link used, in no
 * particular order. Returns their number (0: no link needed) or -1 (no
 * route). *npaths (may be NULL) receives route_count(), *maxlen (may be
 * NULL) the length of the longest path of the set.
 */
int route_shares(struct route *rt, int s, int d, int mode,
                 const struct route_share **out, double *npaths, int *maxlen);

/* One path drawn uniformly from the set of mode into links; returns its
   length, 0, or -1 as route_path(). */
int route_random(struct route *rt, int s, int d, int mode, struct rng *g,
                 int *links);

/* One indirect (Valiant) path into links, its sub-paths drawn from the
   set of mode; returns its length, 0, or -1. */
int route_valiant(struct route *rt, int s, int d, int mode, struct rng *g,
                  int *links);

/* An upper bound on the length of any path route_random() can return
   (at most route_max_hops()). */
int route_max_min_hops(const struct route *rt);

/*
 * Padded paths, for loops that run over many paths. Draws np paths from
 * s to d with g: the first ndirect as route_random(), the others as
 * route_valiant(), in that order, exactly the paths those calls would
 * draw (and g ends in the same state). Each path is written into a fixed
 * number of entries of links, one after the other: route_max_min_hops()
 * entries for each of the first ndirect paths, route_max_hops() for each
 * of the others; a path's links in order, with pad in every other entry
 * (anywhere, not only at the end; see route_spread_pads()). pad must not
 * be a link of the net.
 * The length of path i goes into len[i] (0 if it needs no link) unless
 * len is NULL. Returns 0, or -1 when d cannot be reached from s. On a
 * dragonfly with one L2 link per group pair (and fewer than 255 routers a
 * group) the paths are built from tables, without branches on the drawn
 * options; elsewhere through route_random() and route_valiant().
 */
int route_draw_pad(struct route *rt, int s, int d, int mode, int ndirect,
                   int np, struct rng *g, int *links, int *len, int pad);

/*
 * Paths by their intermediate routers. route_by_via() is 1 when every
 * path route_draw_pad() draws under mode is fixed by its endpoints and,
 * for an indirect one, its intermediate router (a torus under ROUTE_ONE
 * or ROUTE_MIN: DOR walks, the direct paths all the same), else 0.
 * route_draw_via() is route_draw_pad() that also writes, when
 * route_by_via(), the intermediate router of each indirect path i (i >=
 * ndirect) into via[i - ndirect] (-1 when s and d share a router).
 * route_via_path() writes the path from s to d through router via (-1: the
 * direct path) into links (route_max_hops() + 1 ints; entries past its
 * length are scratch) and returns its length: the links, in order, that
 * route_draw_via() wrote for it. Drawing the paths again from their
 * intermediate routers needs no generator.
 */
int route_by_via(const struct route *rt, int mode);
int route_draw_via(struct route *rt, int s, int d, int mode, int ndirect,
                   int np, struct rng *g, int *links, int *len, int pad,
                   int *via);
int route_via_path(const struct route *rt, int s, int d, int via, int *links);

/*
 * The parts of such a path: route_via_path() from s to d through via is
 * the injection link of s (net_inj_link(), when the net has them), the
 * DOR path from router a = the router of s to via (none when via is -1 or
 * a), the DOR path from via (a when -1) to router b = the router of d
 * (none when the same), and the ejection link of d; no link at all when s
 * == d. route_dor_path() writes the DOR path between routers a and b into
 * links (as route_via_path()) and returns its length, route_dor_hops() its
 * length alone (0 when a == b). Torus (route_by_via()) only.
 */
int route_dor_path(const struct route *rt, int a, int b, int *links);
int route_dor_hops(const struct route *rt, int a, int b);

/*
 * DOR paths as cells, for sums and minima over many paths at once. On a
 * torus whose every group of dimensions has a table (route.c: groups of
 * consecutive dimensions of at most 32 routers), the DOR path from router
 * a to router b is, group by group, ng parts: part g is the cell
 * ft[2 ng a + g] + ft[2 ng b + ng + g] (the cell of no hop when a and b
 * agree in group g): per router, where its parts start, then where they
 * end. A cell of h >= 1 hops crosses the links of its parent cell
 * par[] (the same part one hop shorter, in the same row) and then its
 * last link last[]; the cell of no hop has par and last -1. Cells come in
 * rows (a group and a start router): row r's cells are ord[rfirst[r] ..
 * rfirst[r + 1]), its cell of no hop first, then by increasing hops, so
 * that a value per cell over a row is a minimum over its links in one
 * step a cell (in ord's order), and sums per cell go onto the links in
 * one step a cell (in reverse). hops[] is each cell's length.
 * route_cells_new() returns NULL but on such a torus, or when it would
 * have more than max_cells cells; else the caller owns the result
 * (route_cells_free(), NULL-safe). It holds 13 bytes a cell and 8 ng a
 * router, and does not borrow rt.
 */
struct route_cells {
    int ng;
    long long n; /* cells */
    int nrows;
    int *ft; /* routers x 2 ng */
    int *last, *par;
    unsigned char *hops;
    int *ord;          /* n */
    long long *rfirst; /* nrows + 1 */
};
struct route_cells *route_cells_new(const struct route *rt,
                                    long long max_cells);
void route_cells_free(struct route_cells *c);

/*
 * Let route_draw_pad() write a pad entry as any of pad .. pad + k - 1
 * (k a power of two up to ROUTE_PADS; 1, the default, is pad alone;
 * other values count as 1), none of which may be a link: entry j of a
 * path (from its first) may get pad + j % k. A loop that adds to an
 * array at every entry of many paths then does not wait on one element
 * (each addition to it on the one before): on a torus, where about half
 * a Valiant path's entries are pads, such a loop takes about half the
 * time. The torus's DOR paths spread their pads; the others keep pad.
 */
#define ROUTE_PADS 8
void route_spread_pads(struct route *rt, int k);

/*
 * Liveness bounds for route_draw_pad(): after route_live_update(lv, v, i,
 * n) for every i in 0..n-1 (the parts may run on different threads at
 * once), a link l is usable when v[l] >= 0, and route_live_may(lv, s, d)
 * returns 0 only if every path route_draw_pad() could draw from s to d
 * (direct or indirect, any number of them) crosses a link that is not
 * usable; 1 otherwise (which proves nothing). route_live_new() returns
 * NULL when it has no bound for net (anything but a dragonfly with one L2
 * link per group pair, of at most 2^27 router-group pairs: the full
 * 8.8M-core system has 88 million, 22 MiB of bounds); else the
 * caller owns the result (route_live_free(), NULL-safe). net must outlive
 * it. v is borrowed until the next update; route_live_may() only reads,
 * so threads may share lv between updates. An update costs O(routers x
 * groups) in all; after route_live_mark(lv, v) (before the parts, on one
 * thread: O(links)), it makes again only the groups that a link whose
 * usability changed since the last mark touches (its own, or the two an
 * L2 link joins), every group at the first mark (a run of rounds after
 * the exposure on the full system: a few groups a round).
 */
struct route_live;
struct route_live *route_live_new(const struct net *net);
void route_live_free(struct route_live *lv);
void route_live_mark(struct route_live *lv, const float *v);
void route_live_update(struct route_live *lv, const float *v, int part,
                       int nparts);
int route_live_may(const struct route_live *lv, int s, int d);

/*
 * route_draw_pad() with lv (NULL: route_draw_pad() itself, dead[] all 0):
 * the same numbers drawn (g ends in the same state) and the same paths
 * written, but for those between groups that lv rules out (as
 * route_live_may() would if they were the only ones drawn): their
 * entries of links and len are not written, and dead[i] is 1 (else 0;
 * np bytes). Such a path crosses a link that is not usable. lv must have
 * been updated for the v the caller tests the paths against.
 */
int route_draw_live(struct route *rt, const struct route_live *lv, int s, int d,
                    int mode, int ndirect, int np, struct rng *g, int *links,
                    int *len, int pad, unsigned char *dead);

/* Parse "one"/"dor", "min", "all", "bgq" (any case) into a mode; -1 if
   unknown. */
int route_mode_parse(const char *name);

#endif
