/*
 * net_design: the network designs of Jain's Ch. 6 -- the prototypes of
 * Table 6.1 for a node count and a radix, by the thesis's formulas -- and
 * the cost model of Sec. 6.3 (routers, links, ports, and dollars by the
 * regressions of Eqs. 6.1-6.3), for comparing designs on one workload and
 * reporting performance per dollar as Sec. 6.4 does.
 *
 * net_prototype() also gives the design radix through *radix.
 *
 * Prototypes (Table 6.1, L1657-L1679), n nodes, radix r:
 *  - torus: one node per router, (r - 1) / 2 dimensions (r = 13: a 6D
 *    torus, 12 network ports and one for the node), each of size k or
 *    k + 1, k = floor(n^(1/nd)), as many k + 1 as brings the count
 *    nearest n (6^6 = 46,656 for n = 46,656);
 *  - dragonfly: r = 6 ceil((n / 18)^(1/4)) unless given, a multiple of 6;
 *    r/6 nodes a router, r/2 routers a group (all-to-all), r/3 global
 *    ports a router (Kim et al.'s balance for indirect routing, L1645).
 *    When the full system (r/2 * r/3 + 1 groups) has more nodes than n,
 *    only h = floor(n / (r/6 * (r/2)^2)) global links a router are used,
 *    r/2 * h groups, and the global links' bandwidth grows by (r/3) / h:
 *    for n = 46,656, r = 48: 240 groups of 24 routers, 10 global links a
 *    router, +60% (46,080 nodes);
 *  - fat-tree: r = 2 ceil(n^(1/3)) unless given, rounded up to a multiple
 *    of 4; 3 levels, (r/2)^3 nodes (72: 46,656).
 * Link and injection bandwidth 12.5 GB/s unless given.
 *
 * Cost (Sec. 6.3.1): a router of x ports costs 140.11 x + 646.11 dollars
 * (QDR, Eq. 6.3), a copper cable of x m 10.743 x + 56.2 (Eq. 6.1), an
 * optical one 0.028 x^2 + 5.787 x + 340.95 (Eq. 6.2), all at 56 Gbps or
 * less; links of 100 Gbps (12.5 GB/s) and more cost 2x (routers) and 1.35x
 * (cables) as the thesis scales them. Every pair of opposite links is one
 * cable. The thesis's layouts (Sec. 6.3.2) give no cable lengths to
 * reproduce, so rho lays routers in cabinets and cabinets in a square
 * grid (1 m a cabinet along a row, 2 m a row) and prices a cable by the
 * distance between its cabinets + 2 m (copper up to 6 m, optical beyond),
 * a cable inside a cabinet as backplane (free) on a torus or dragonfly
 * and 1 m of copper on a fat-tree. Cabinets hold 128 routers on a torus
 * (the thesis's 4x2x2x2x2 block), half a group on a dragonfly (a group in
 * two cabinets), and on a fat-tree 3 leaf and 3 level-1 switches, a row
 * per group of leaves, the top switches in a sparse row in the middle,
 * each above the column it serves (Sec. 6.3.2); node links are backplane
 * except on a fat-tree (2 m of copper). Every router is priced as the
 * design's radix. A model to compare designs, not a quote: the thesis
 * gives no cable lengths, and this layout gives the fat-tree a larger
 * share of cable cost than its Fig. 6.9 shows.
 */
#ifndef RHO_CORE_NET_NET_DESIGN_H
#define RHO_CORE_NET_NET_DESIGN_H

#include "core/net/net.h"

/*
 * Fill *spec with the Table 6.1 prototype of family (NET_TORUS,
 * NET_DRAGONFLY, NET_FATTREE) for about nodes nodes, radix *radix (0: the
 * thesis's formula; the radix used is written back), cores ranks a node,
 * links of bw B/s (0: 12.5e9).
 * Returns 0, or -1 with err filled (another family, nodes < 2, a radix the
 * family cannot use: even for a torus, not a multiple of 6 for a
 * dragonfly).
 */
int net_prototype(int family, long long nodes, int *radix, int cores, double bw,
                  struct net_spec *spec, struct rho_err *err);

struct net_cost {
    long long routers; /* switches with network links */
    int radix;         /* the ports of the router model priced */
    long long ports;   /* router ports: network links out + nodes */
    long long links;   /* directed network links (not injection) */
    long long cables;  /* network cables (pairs of links) + node cables */
    long long optical; /* of which optical */
    double cable_m;    /* total length of the cables that are not
                          backplane */
    double router_usd; /* Eq. 6.3, scaled to the links' bandwidth */
    double cable_usd;  /* Eqs. 6.1, 6.2, scaled */
    double usd;        /* both */
};

/* The cost of net as the header says, every router priced as one of
   radix ports (0, or fewer than a router uses: the most any uses; a
   prototype's design radix counts the global ports it leaves idle). */
void net_cost_estimate(const struct net *net, int radix, struct net_cost *c);

/* The regressions of Sec. 6.3.1 at 56 Gbps (dollars). */
double net_cost_copper(double meters);
double net_cost_optical(double meters);
double net_cost_router(int ports);

#endif
