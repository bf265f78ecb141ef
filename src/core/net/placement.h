/*
 * placement: where ranks run -- a map from rank to endpoint (the node that
 * hosts it). Several ranks share an endpoint (up to the net's cores per
 * endpoint); a placement never puts more there. Ranks fill an endpoint's
 * cores consecutively; the schemes differ in the order of the units
 * (nodes, routers, chassis, groups) they fill:
 *
 *  - PLACE_LINEAR: in order (rank r on endpoint r / cores): Jain Ch. 8's
 *    in-order mapping, Ch. 6's "linear", BG/Q ABCDET on a torus.
 *  - PLACE_RANDOM: every rank on a random free core (seeded).
 *  - PLACE_RDN, RDR, RDC, RDG (Jain Sec. 3.2.3): random nodes, routers,
 *    chassis, groups -- units in a random order (seeded), the cores of a
 *    unit consecutive. RDC and RDG need a dragonfly; RDN and RDR work on
 *    any net (RDR on routers that have endpoints).
 *  - PLACE_RRN, RRR (dragonfly): round robin over groups -- the i-th node
 *    (router) of the job is node (router) i div G of group i mod G, in the
 *    group's local order (the authors' genMapping.C).
 * Tori also have BG/Q-style orders (placement_torus_order: "ABCDET" fills
 * T = the cores of a node fastest, "TABCDE" one rank per node first),
 * blocks of an application grid per node, and Rubik-style tile maps.
 *
 * A placement is immutable once made, reference counted (placement_ref /
 * placement_free) and may be shared between threads.
 * The full thesis machine (8,847,360 ranks) takes 35 MB.
 */
#ifndef RHO_CORE_NET_PLACEMENT_H
#define RHO_CORE_NET_PLACEMENT_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/net/net.h"
#include "core/base/rho_err.h"

enum placement_scheme {
    PLACE_LINEAR,
    PLACE_RANDOM,
    PLACE_RDN,
    PLACE_RDR,
    PLACE_RDC,
    PLACE_RDG,
    PLACE_RRN,
    PLACE_RRR,
    PLACE_COUNT
};

struct placement;

/*
 * An explicit map: rank r runs on endpoint ep[r] of net (copied). Returns
 * the placement (caller owns it: placement_free()) or NULL with err filled
 * (an endpoint out of range, or more ranks on one than it has cores).
 */
struct placement *placement_new(const struct net *net, int nranks,
                                const int *ep, struct rho_err *err);

/*
 * nranks ranks (<= the net's slots) placed by scheme (seeded where random).
 * Returns a new placement or NULL with err filled (too many ranks, a scheme
 * the net's family does not support).
 */
struct placement *placement_scheme_new(const struct net *net, int scheme,
                                       int nranks, uint64_t seed,
                                       struct rho_err *err);

/* placement_scheme_new(), for a run's job thread: it looks at *stop (may
   be NULL) every 65536 ranks and returns NULL with err RHO_ECANCEL once
   it rose (a random placement of the thesis's 8.8M ranks takes 100-250
   ms). */
struct placement *placement_scheme_new_stop(const struct net *net, int scheme,
                                            int nranks, uint64_t seed,
                                            const atomic_int *stop,
                                            struct rho_err *err);

/*
 * Torus: order names every dimension once by its name (a net without names
 * uses A, B, C, ... for dimensions 0, 1, 2, ...) plus T, the slots of a
 * router (nodes per router x cores), from the slowest to the fastest:
 * "ABCDET" is BG/Q's default, "TABCDE" its round robin. Returns a new
 * placement of nranks (<= slots) ranks or NULL with err filled.
 */
struct placement *placement_torus_order(const struct net *net,
                                        const char *order, int nranks,
                                        struct rho_err *err);

/*
 * Blocks of an application grid per endpoint: the ranks of an nd-dim grid
 * app_dims (row-major, last dimension fastest) are cut into blocks of shape
 * block (each dividing its dimension; the block volume <= cores), and the
 * k-th block in row-major order of the block grid runs on endpoint k.
 */
struct placement *placement_blocked(const struct net *net, int nd,
                                    const int *app_dims, const int *block,
                                    struct rho_err *err);

/*
 * Rubik box/tile/map (Jain Sec. 3.3; LLNL Rubik): the application box
 * app_dims (nd dims, row-major) is cut into tiles of shape app_tile; the
 * network box -- the torus dimensions in order, then T = nodes per router x
 * cores, row-major with T fastest -- into tiles of shape net_tile (nd of
 * the torus + 1 entries). Tile i of the application (row-major over its
 * tile grid) maps to tile i of the network, element j of a tile
 * (row-major inside it) to element j. Tiles must have equal volumes and
 * counts, and the boxes equal volumes.
 */
struct placement *placement_rubik(const struct net *net, int nd,
                                  const int *app_dims, const int *app_tile,
                                  const int *net_tile, struct rho_err *err);

/*
 * Where the ranks of a Rubik box run (Rubik's write_map_file): box holds
 * application ranks 0..size-1 (after rubik_map()) in a box shaped like
 * the torus, its dimensions in order, then T, the slots of a router
 * (nodes per router x cores, or fewer: T ranks per router); rank r runs
 * at the position where box holds r. Returns a new placement of size
 * ranks or NULL with err filled (not a torus, another shape).
 */
struct rubik;
struct placement *placement_rubik_box(const struct net *net, struct rubik *box,
                                      struct rho_err *err);

/* Take another reference to p (thread-safe; so is placement_free()).
   Returns p. */
struct placement *placement_ref(struct placement *p);

/* Drop a reference; the last one frees p. NULL is a no-op. */
void placement_free(struct placement *p);

/* Ranks; the endpoint of rank r (0 <= r < ranks, not checked); the whole
   map (borrowed, lives with p). */
int placement_ranks(const struct placement *p);
int placement_endpoint(const struct placement *p, int r);
const int *placement_map(const struct placement *p);
/* In a run of k messages from src + i to dst + i (pattern_emit_runs()),
   the length of the stretch from i on (i < k) between the same two
   endpoints of map. */
static inline int
placement_stretch(const int *map, int src, int dst, int i, int k)
{
    int es = map[src + i], ed = map[dst + i], j = i + 1;

    while (j < k && map[src + j] == es && map[dst + j] == ed)
        j++;
    return j - i;
}

/* The largest endpoint a rank of p runs on (-1 without ranks); computed
   once, then cached (thread-safe). */
int placement_max_endpoint(const struct placement *p);

/* Scheme names "linear", "random", "RDN", "RDR", "RDC", "RDG", "RRN",
   "RRR" and the parser (any case; also "in-order"); -1 if unknown. */
const char *placement_scheme_name(int scheme);
int placement_scheme_parse(const char *name);

#endif
