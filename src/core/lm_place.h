/*
 * lm_place: where ranks run -- a map from a global rank to a node
 * (endpoint) of an lm_net. Ranks fill a unit's cores consecutively; the
 * scheme chooses the order of the units (Jain Sec. 3.2.3, 3.1.2):
 *
 *  LINEAR   nodes in id order (for tori: the first dimension fastest)
 *  RANDOM   nodes in a random order (= RDN)
 *  RDN RDR RDC RDG   random nodes, routers, chassis, groups (dragonfly)
 *  RRN RRR  nodes or routers round-robin over the groups: the i-th node
 *           is node i div G of group i mod G
 *  ABCDET   BG/Q default: T (cores) fastest, then E, D, C, B, A -- the
 *           last named dimension fastest
 *  TABCDE   T slowest: one rank per node before the next core
 *  TILE     Rubik-style: the job's ranks form a grid (box), cut into tiles;
 *           tile k goes to the k-th tile of the torus, whose shape is
 *           given; inside, ranks fill nodes in order
 *  LIST     an explicit node per rank
 *
 * Random schemes are seeded. A placement is a permutation of the machine's
 * units, so it costs memory in units, not ranks.
 */
#ifndef RHO_CORE_LM_PLACE_H
#define RHO_CORE_LM_PLACE_H

#include "core/lm_net.h"
#include "core/rho_err.h"

enum lm_place_kind {
    LM_PLACE_LINEAR,
    LM_PLACE_RANDOM,
    LM_PLACE_RDN,
    LM_PLACE_RDR,
    LM_PLACE_RDC,
    LM_PLACE_RDG,
    LM_PLACE_RRN,
    LM_PLACE_RRR,
    LM_PLACE_ABCDET,
    LM_PLACE_TABCDE,
    LM_PLACE_TILE,
    LM_PLACE_LIST
};

struct lm_place {
    int kind;
    const struct lm_net *net;
    long long slots;     /* nep * cores */
    int unit;            /* endpoints per unit */
    int nunits;
    int *perm;           /* unit order (owned), or NULL for LINEAR */
    long long *list;     /* LIST: node per rank (owned) */
    long long nlist;
    /* TILE */
    int nd;
    long long box[8], tile[8], ntile[8];
};

/*
 * Build a placement of a kind on net (seed for the random ones). For TILE,
 * box is the job's grid, tile the shape of its tiles, ntile the shape of
 * the torus tiles (same number of nodes as ranks in a tile divided by the
 * cores). Returns 0, or -1 with err (a scheme that does not fit the
 * family, shapes that do not match). pl is caller's storage; release with
 * lm_place_fini().
 */
int lm_place_init(struct lm_place *pl, const struct lm_net *net, int kind,
                  uint64_t seed, struct rho_err *err);
int lm_place_init_tile(struct lm_place *pl, const struct lm_net *net, int nd,
                       const long long *box, const long long *tile,
                       const long long *ntile, struct rho_err *err);
int lm_place_init_list(struct lm_place *pl, const struct lm_net *net,
                       const long long *node, long long n,
                       struct rho_err *err);
void lm_place_fini(struct lm_place *pl);

/* The node (endpoint) of a global rank, or -1 beyond the machine. */
long long lm_place_node(const struct lm_place *pl, long long rank);

/* Names: "linear", "random", "RDN", ...; lookup -1 if unknown. */
const char *lm_place_name(int kind);
int lm_place_lookup(const char *name);

#endif
