/*
 * net_bounds: what crosses the boundary of every node of a network's
 * hierarchy -- its routers and the units above them (a dragonfly's
 * groups and chassis, a torus's planes, a fat-tree's levels) -- in bytes
 * out and in, and the busiest of those links. One pass over the links:
 * O(links), tens of ms on the full thesis system (2.7M links), so the link
 * model makes it on its job thread with its result and the Network view
 * (view/net/nview_hier.h) only reads it.
 */
#ifndef RHO_CORE_NET_NET_BOUNDS_H
#define RHO_CORE_NET_NET_BOUNDS_H

#include <stdatomic.h>

#include "core/net/net.h"

/* The links crossing one node's boundary. */
struct net_bound {
    double out, in;   /* bytes on the links leaving and entering it (NaN
                         bytes left out) */
    double tout, tin; /* the largest bytes / bandwidth (s) of those links,
                         NaN when none has bytes that count */
};

struct net_bounds {
    int family;               /* net_family() */
    int nr;                   /* routers */
    struct net_bound *router; /* nr */
    /* the top units, or ntop 0 and NULL: dragonfly groups (top_size
       routers each), torus planes (the last dimension's coordinate;
       none with one dimension; top_size routers each), fat-tree levels
       (net_ft_level(), top_size 0) */
    int ntop, top_size;
    struct net_bound *top;
    /* dragonfly chassis (index g * chassis + c, mid_size routers each),
       or nmid 0 and NULL with one chassis per group */
    int nmid, mid_size;
    struct net_bound *mid;
};

/*
 * The boundaries of net's hierarchy under bytes (net_links() entries,
 * borrowed for the call): a router's endpoints count as inside it, links
 * between a router and its own endpoints cross nothing. stop (may be
 * NULL) is looked at every 2^18 links: when it is set the work ends and
 * NULL is returned. Caller owns the result: net_bounds_free(). O(links)
 * time, O(routers) memory; out of memory is fatal.
 */
struct net_bounds *net_bounds_new(const struct net *net, const double *bytes,
                                  const atomic_int *stop);

/* Release b. NULL is a no-op. */
void net_bounds_free(struct net_bounds *b);

/* The top unit of router r in b (net is b's), or -1 when b has none. */
int net_bounds_top(const struct net_bounds *b, const struct net *net, int r);

#endif
