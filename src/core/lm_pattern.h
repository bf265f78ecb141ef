/*
 * lm_pattern: traffic of one phase as messages (source rank, destination
 * rank, bytes), generated on demand by source rank so that the thesis's
 * full system (8.8 million ranks, ~100 million messages) never has to be
 * stored. Random patterns are seeded per rank, so the messages of a rank
 * do not depend on which thread generates them.
 *
 * Patterns (Jain's thesis, Table 3.3, Sec. 4.1 and Ch. 8):
 *  UMESH      each rank talks to 6-20 distinct ranks within +-30
 *  SPREAD     each rank talks to 6-20 random ranks
 *  STENCIL    an n-D grid, each rank to its 2n face neighbours (or all
 *             3^n - 1 with corners), periodic or not per dimension
 *  SUBA2A     an n-D grid, all-to-all within lines along one dimension
 *             (the thesis's many-to-many: 180x128x384 along y)
 *  ALLTOALL   every rank to every other
 *  PERM       reverse (r -> N-1-r), shift (r -> r+k mod N), or transpose
 *             of a square 2-D grid
 *  COLLECTIVE a collective with its algorithm (binomial scatter/gather,
 *             DeGeijn broadcast, ring and recursive-doubling allgather,
 *             pairwise reduce-scatter, Rabenseifner reduce), every step's
 *             messages in one phase, as in the thesis's linkUsage
 *  LIST       explicit messages
 */
#ifndef RHO_CORE_LM_PATTERN_H
#define RHO_CORE_LM_PATTERN_H

#include <stdint.h>

#include "core/rho_err.h"

#define LM_PAT_MAX_DIMS 8

enum lm_pat_kind {
    LM_PAT_LIST,
    LM_PAT_UMESH,
    LM_PAT_SPREAD,
    LM_PAT_STENCIL,
    LM_PAT_SUBA2A,
    LM_PAT_ALLTOALL,
    LM_PAT_PERM,
    LM_PAT_COLLECTIVE
};

enum lm_perm_mode { LM_PERM_REVERSE, LM_PERM_SHIFT, LM_PERM_TRANSPOSE };

enum lm_coll {
    LM_COLL_SCATTER,
    LM_COLL_GATHER,
    LM_COLL_BCAST,
    LM_COLL_ALLGATHER,
    LM_COLL_REDUCE_SCATTER,
    LM_COLL_REDUCE
};

enum lm_algo {
    LM_ALGO_BINOMIAL,
    LM_ALGO_DEGEIJN,      /* bcast: binomial scatter + ring allgather */
    LM_ALGO_RING,
    LM_ALGO_RECDOUBLING,
    LM_ALGO_PAIRWISE,
    LM_ALGO_RABENSEIFNER  /* reduce: pairwise reduce-scatter + binomial
                             gather */
};

struct lm_msg {
    long long src, dst; /* ranks within the job */
    double bytes;
};

/* Called for every message; return nonzero to stop the generation. */
typedef int lm_emit_fn(void *ctx, const struct lm_msg *m);

struct lm_pattern {
    int kind;
    long long nranks;
    double bytes;          /* per message (collectives: the data size n) */
    uint64_t seed;
    /* UMESH, SPREAD */
    int pmin, pmax;        /* partners per rank (6, 20) */
    long long window;      /* UMESH: +- (30) */
    /* STENCIL, SUBA2A, PERM transpose */
    int nd;
    long long dims[LM_PAT_MAX_DIMS];
    int periodic[LM_PAT_MAX_DIMS];
    int corners;
    int axis;              /* SUBA2A */
    /* PERM */
    int perm;
    long long shift;
    /* COLLECTIVE */
    int coll, algo;
    long long root;
    /* LIST: owned by whoever made the pattern */
    const struct lm_msg *list;
    long long nlist;
};

/*
 * Check p (sizes, dimensions against nranks, collective and algorithm
 * fit). Returns 0, or -1 with err filled.
 */
int lm_pattern_check(const struct lm_pattern *p, struct rho_err *err);

/*
 * Emit the messages whose source rank is in [lo, hi), in a fixed order.
 * Returns 0, or 1 if emit asked to stop.
 */
int lm_pattern_gen(const struct lm_pattern *p, long long lo, long long hi,
                   lm_emit_fn *emit, void *ctx);

/* The names of the kinds, collectives and algorithms ("umesh", ...);
   lookups return -1 for unknown names. */
const char *lm_pattern_name(int kind);
int lm_pattern_lookup(const char *name);
int lm_coll_lookup(const char *name);
int lm_algo_lookup(const char *name);
const char *lm_coll_name(int coll);
const char *lm_algo_name(int algo);

#endif
