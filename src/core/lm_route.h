/*
 * lm_route: paths through an lm_net between two routers.
 *
 *  - minimal paths: what a static direct routing offers. Torus and mesh:
 *    dimension-order routing, first dimension first, each the shorter way
 *    around and on a tie the + direction (one path); with all_minimal set,
 *    every order of the dimensions to correct and both directions on a tie.
 *    Dragonfly: L1*-L2-L1* (at most one L2 hop; inside a group one row or
 *    column hop, or row-first and column-first two-hop paths). Supernode:
 *    L1 to the gateway, L2, L1 from the landing node. Fat-tree: up to the
 *    lowest common level through any up-port, then down. Tree: the unique
 *    path. Graph: every shortest path (by hops).
 *  - a random minimal path, and a random indirect (Valiant) path through an
 *    intermediate router (dragonfly: a random group, then a random router
 *    in it; the path is direct when that group is the source's or the
 *    destination's).
 * A path is a list of link ids. Functions write into caller's buffers and
 * never allocate, except lm_route_new() which sizes a route scratch.
 */
#ifndef RHO_CORE_LM_ROUTE_H
#define RHO_CORE_LM_ROUTE_H

#include "core/lm_net.h"
#include "core/rng.h"

#define LM_MAX_PATHS 256

/* A link's share of a message under an even split. */
struct lm_share {
    int link;
    double frac;
};

struct lm_route;

/* Scratch for routing on net (one per thread). Caller owns it. */
struct lm_route *lm_route_new(const struct lm_net *net);
void lm_route_free(struct lm_route *rt);

/*
 * The even split of a message from router s to router d over its minimal
 * paths: writes (link, fraction of the bytes) pairs into *out (a buffer
 * owned by rt, valid until the next call) and returns how many. The sum of
 * the fractions is the mean hop count. *npaths (may be NULL) receives the
 * number of minimal paths (saturated at LM_MAX_PATHS for tori). s == d
 * gives 0.
 */
int lm_route_split(struct lm_route *rt, int s, int d,
                   const struct lm_share **out, int *npaths);

/*
 * Up to max minimal paths from s to d: path k is links[k][0..len[k]).
 * Returns the count (at most max; the first ones in a fixed order).
 * links must hold max rows of lm_route_maxhops(rt) ints.
 */
int lm_route_paths(struct lm_route *rt, int s, int d, int *links, int *len,
                   int max);

/* One random minimal path into links; returns its length. */
int lm_route_random(struct lm_route *rt, int s, int d, struct rng *g,
                    int *links);

/* One random indirect path (Valiant) into links; returns its length. */
int lm_route_valiant(struct lm_route *rt, int s, int d, struct rng *g,
                     int *links);

/* The longest path any route may have (buffer size for the above). */
int lm_route_maxhops(const struct lm_route *rt);

#endif
