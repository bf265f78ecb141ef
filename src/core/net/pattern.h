/*
 * pattern: traffic generators for the link-utilization model. A pattern
 * produces messages (source rank, destination rank, bytes, step) over the
 * ranks 0..n-1 of one job, STREAMED: its messages are split into units
 * (a rank's messages for point-to-point patterns, one algorithm step for
 * collectives) and pattern_emit() produces one unit at a time, always the
 * same messages in the same order for a given unit -- random patterns
 * seed a generator per unit from (seed, unit) -- so units can be produced
 * in any order, by several threads at once, and nothing is stored. The
 * full thesis UMesh (8,847,360 ranks, about 115 million messages) is
 * generated on the fly.
 *
 * Point-to-point patterns (grids are row-major: the LAST dimension varies
 * fastest, rank = ((x1*d2 + x2)*d3 + x3)..., as the thesis writes its 4D
 * Stencil, ((x*48 + y)*48 + z)*48 + w):
 *  - near neighbour / UMesh (Jain Table 3.3): each rank r picks a count
 *    uniformly in [dmin, dmax] and that many distinct partners uniformly in
 *    [r-window, r+window] without r, clipped to 0..n-1 (fewer when the
 *    window is smaller). symmetric: r also sends to every q that picked r.
 *    UMesh = (6, 20, 30); the Ch. 6 Near-Neighbor = (20, 30, 2000).
 *  - uniform spread: dmin..dmax distinct random partners among all ranks.
 *  - nD stencil / halo: 2 neighbours per dimension (periodic or not; a
 *    periodic dimension of size 2 sends twice to the same neighbour, a size
 *    1 dimension none), optionally the 2^n corner neighbours too (3D: 14
 *    messages, the Ch. 4 15-point 3D Halo).
 *  - sub-communicator all-to-all: all-to-all among the ranks that differ
 *    only in the dimensions of mask (M2M: grid 180x128x384, mask {1}).
 *  - permutations: reverse r -> n-1-r, shift r -> (r + n/2) mod n,
 *    transpose of a rows x cols grid, random (seeded).
 * Collectives (Jain Ch. 8, n = the total data length, p = ranks, blk =
 * n/p; root rank 0): see enum pattern_coll. Every step is a unit; the
 * steps of an algorithm are numbered from 0 in order. With aggregate set,
 * the p-1 identical steps of a ring are one step carrying p-1 blocks.
 *
 * A pattern is immutable once made, reference counted (pattern_ref /
 * pattern_free) and may be shared between threads.
 */
#ifndef RHO_CORE_NET_PATTERN_H
#define RHO_CORE_NET_PATTERN_H

#include <stdint.h>

#include "core/base/rho_err.h"

/* Receives one message. Must be safe to call from the thread that called
   pattern_emit(). */
typedef void pattern_emit_fn(void *sink, int src, int dst, double bytes,
                             int step);

enum pattern_perm {
    PERM_REVERSE,   /* r -> n-1-r */
    PERM_SHIFT,     /* r -> (r + n/2) mod n */
    PERM_TRANSPOSE, /* (i, j) of a rows x cols grid -> (j, i) */
    PERM_RANDOM     /* a seeded random permutation */
};

enum pattern_coll {
    COLL_SCATTER_BINOMIAL,    /* MPICH: for m = top/2..1, every r with
                                 r % 2m == 0 sends blocks [r+m, r+2m) */
    COLL_GATHER_BINOMIAL,     /* the reverse of the scatter */
    COLL_BCAST_BINOMIAL,      /* for m = 1, 2, 4..: r < m sends n to r+m */
    COLL_BCAST_DEGEIJN,       /* binomial scatter of blocks + ring allgather */
    COLL_ALLGATHER_RING,      /* p-1 steps: r -> r+1 one block */
    COLL_ALLGATHER_RD,        /* recursive doubling, step k: r <-> r^2^k
                                 with 2^k blocks (p a power of two) */
    COLL_RS_PAIRWISE,         /* reduce-scatter, step k = 1..p-1:
                                 r -> r+k one block */
    COLL_REDUCE_RABENSEIFNER, /* pairwise reduce-scatter + binomial
                                 gather */
    COLL_ALLREDUCE_RING,      /* ring reduce-scatter + ring allgather */
    /* two-tier (SDTA) algorithms for the supernode dragonfly (sn, nps,
       cpn; in-order ranks; p = sn*nps*cpn; L2 from supernode S1 to S2
       leaves node S2 mod nps and lands on node S1 mod nps). Node j of S
       is "connected" to the supernodes S2 = j, j + nps, ... other than S.
       Steps: scatter 4 (root to the nodes of S0, S0 to the other
       supernodes, spread inside them, intra-node), gather the reverse,
       broadcast 6, allgather 5, reduce-scatter 5, reduce 5 (intra-node to
       core 0; inside every supernode each node j sends to the owner nodes
       their part, a node owning the data of the supernodes it is
       connected to -- node S mod nps also its own supernode's; owners send
       it over L2; inside the receiving supernode every node holding part
       of its data sends 1/nps of it to each other node (the owners of the
       final reduction); the owners send their part to rank 0) */
    COLL_SCATTER_TWOTIER,
    COLL_GATHER_TWOTIER,
    COLL_BCAST_TWOTIER,
    COLL_ALLGATHER_TWOTIER,
    COLL_RS_TWOTIER,
    COLL_REDUCE_TWOTIER,
    COLL_COUNT
};

/* Supernode geometry for the two-tier collectives. */
struct pattern_twotier {
    int sn, nps, cpn;
};

struct pattern;

/* Every constructor returns a new pattern (caller owns it: pattern_free())
   or NULL with err filled (RHO_EINPUT, naming the bad parameter). bytes
   must be >= 0 and n >= 1. */

struct pattern *pattern_near(int n, double bytes, int dmin, int dmax,
                             int window, int symmetric, uint64_t seed,
                             struct rho_err *err);
struct pattern *pattern_spread(int n, double bytes, int dmin, int dmax,
                               uint64_t seed, struct rho_err *err);
/* nd <= 8 dimensions, product = the ranks. */
struct pattern *pattern_stencil(int nd, const int *dims, int periodic,
                                int corners, double bytes, struct rho_err *err);
/* The same with neighbours only along the dimensions in mask (bit k =
   dimension k; corners then combine those dimensions only): pF3D's sends
   between adjacent planes are a stencil along Z alone. */
struct pattern *pattern_stencil_along(int nd, const int *dims, unsigned mask,
                                      int periodic, int corners, double bytes,
                                      struct rho_err *err);
/* mask: bit k set = dimension k varies inside a subset. */
struct pattern *pattern_subcomm_a2a(int nd, const int *dims, unsigned mask,
                                    double bytes, struct rho_err *err);
/* rows only for PERM_TRANSPOSE (n must be a multiple of it). */
struct pattern *pattern_perm(int n, int kind, int rows, double bytes,
                             uint64_t seed, struct rho_err *err);
/* tt only for the two-tier algorithms. aggregate: see the file header.
   A two-tier algorithm whose tt does not multiply to n is refused with a
   message that gives the product ("scatter-twotier: 4 supernodes x 4
   nodes x 4 cores = 64 ranks, the job has 63"). */
struct pattern *pattern_collective(int coll, int n, double bytes, int aggregate,
                                   const struct pattern_twotier *tt,
                                   struct rho_err *err);

/*
 * The bandwidth cost model of Jain Sec. 8.1.1 (Tables 8.1 and 8.2): a
 * collective moving n bytes takes beta * n * b + gamma * n * g seconds,
 * b = seconds per byte on one link, g = seconds per byte reduced (startup
 * and latency ignored). Table 8.1 gives the topology-oblivious algorithms
 * ((p-1)/p n b for a scatter, ...), Table 8.2 the two-tier ones in terms
 * of sn and nps. bcast-binomial (log2 p n b) and allreduce-ring (2(p-1)/p
 * n b + (p-1)/p n g) are in neither table: their textbook costs, marked
 * so in source.
 */
struct pattern_cost {
    double bytes;        /* n: the collective's data length */
    double beta, gamma;  /* the coefficients of n b and n g */
    const char *formula; /* "(p-1)/p n b", "n b (1/nps + 2/sn) + 2 n g" */
    const char *source;  /* "Jain Table 8.1", "Jain Table 8.2", "textbook" */
};

/* Fill *c for the collective p. Returns 0, or -1 (c zeroed) when p is not
   a collective. */
int pattern_cost(const struct pattern *p, struct pattern_cost *c);

/* The collective algorithm of p (enum pattern_coll), or -1. */
int pattern_coll_of(const struct pattern *p);

/* An explicit list of nmsg messages (copied; step may be NULL = all 0)
   over n ranks. Units are blocks of 4096 messages. */
struct pattern *pattern_list(int n, long long nmsg, const int *src,
                             const int *dst, const double *bytes,
                             const int *step, struct rho_err *err);

/* A caller-defined generator: emit(ctx, unit, fn, sink) must produce
   unit's messages deterministically and be callable from several threads
   at once. free_ctx (may be NULL) is called on ctx by pattern_free(). */
typedef void pattern_unit_fn(void *ctx, long long unit, pattern_emit_fn *fn,
                             void *sink);
struct pattern *pattern_custom(int n, long long units, int steps,
                               pattern_unit_fn *emit, void *ctx,
                               void (*free_ctx)(void *), struct rho_err *err);

/*
 * A job's traffic in phases (pF3D's all-to-alls, then its sends): count
 * patterns (1 <= count <= PATTERN_MAX_PHASES) over the same ranks, one
 * after the other. Takes a reference to each. As a pattern it emits every
 * phase, its units and steps after the previous phases' (so a static
 * routing, whose bytes add up, can solve it at once); a solve that must
 * keep the phases apart (adaptive routings; a report per phase) takes
 * pattern_phase(p, k) and solves each alone. Returns a new pattern or NULL
 * with err filled (no phase, different rank counts, a phase that is
 * itself phased).
 */
#define PATTERN_MAX_PHASES 64
struct pattern *pattern_phases(int count, struct pattern *const *phase,
                               struct rho_err *err);

/* Phases of p (1 for a pattern made otherwise), and phase k (borrowed,
   lives with p; p itself for a one-phase pattern and k == 0; NULL when k
   is out of range). */
int pattern_phase_count(const struct pattern *p);
const struct pattern *pattern_phase(const struct pattern *p, int k);

/*
 * The patterns of Jain Table 3.3 (and the Ch. 6 ones), for n ranks:
 * "umesh" (near 6..20 within 30, 512 KiB), "spread" (6..20, 512 KiB),
 * "stencil4d" (grid 80x48x48x48 when n = 8,847,360, else the most nearly
 * equal 4-factor grid of n, largest first; periodic; 2 MiB), "m2m" (grid
 * 180x128x384 for the full system, else x*128*z with the other two
 * factors as equal as possible -- a smaller subset if 128 does not divide
 * n; all-to-all along the middle dimension; 100 KiB), "stencil2d" (most
 * nearly square grid, periodic, 64 KiB), "nn" (Ch. 6 near neighbour:
 * 20..30 within 2000, 512 KiB), "perm" (reverse, 512 KiB). bytes > 0
 * replaces the message size.
 */
struct pattern *pattern_thesis(const char *name, int n, double bytes,
                               uint64_t seed, struct rho_err *err);

/* Jain Table 3.4: the percentage of cores of workload w (1..4) running
   "umesh", "stencil2d", "stencil4d", "m2m", "spread" (in that order, see
   pattern_workload_names); fills pct[5]. Returns 0, or -1 with err. */
extern const char *const pattern_workload_names[5];
int pattern_workload(int w, int pct[5], struct rho_err *err);

/* The job sizes of workload w on total ranks: floor(pct * total / 100)
   each, the remainder to the last job. A job's ranks follow the previous
   job's (its placement offset is the sum of the sizes before it). Returns
   0, or -1 with err filled (bad w, total < 1). */
int pattern_workload_sizes(int w, int total, int sizes[5], struct rho_err *err);

/* Take another reference to p (thread-safe; so is pattern_free()).
   Returns p. */
struct pattern *pattern_ref(struct pattern *p);

/* Drop a reference; the last one frees p (and calls a custom pattern's
   free_ctx). NULL is a no-op. */
void pattern_free(struct pattern *p);

/* Ranks, units and steps (1 for point-to-point patterns). */
int pattern_ranks(const struct pattern *p);
long long pattern_units(const struct pattern *p);
int pattern_steps(const struct pattern *p);

/* A short description ("umesh n=... 6..20 within 30, 524288 B"). Borrowed. */
const char *pattern_name(const struct pattern *p);

/* Produce unit u's messages (0 <= u < units) through fn. */
void pattern_emit(const struct pattern *p, long long u, pattern_emit_fn *fn,
                  void *sink);

/* Receives k >= 1 messages at once: src + i to dst + i for i = 0 .. k-1,
   in that order, each of bytes, all in step. */
typedef void pattern_run_fn(void *sink, int src, int dst, int k, double bytes,
                            int step);

/* Unit u's messages as pattern_emit() produces them, in the same order,
   but as runs, when p knows them so (a pairwise reduce-scatter's step is
   two runs of n messages in all): returns 0. Returns -1, and produces
   nothing, when p does not (the caller uses pattern_emit()). */
int pattern_emit_runs(const struct pattern *p, long long u, pattern_run_fn *fn,
                      void *sink);

/* Whether pattern_emit_runs() gives some unit of p as runs. */
int pattern_has_runs(const struct pattern *p);

/* The messages of units [u0, u1) of p (clipped to its units), when p
   can tell without producing them: a sub-communicator all-to-all, a
   stencil without corners. *maxb (may be NULL) is then set to their
   largest bytes (0 for none). -1 when p cannot tell (the caller emits
   the units). O(u1 - u0) at most. */
long long pattern_units_msgs(const struct pattern *p, long long u0,
                             long long u1, double *maxb);

/* Walk every unit and count messages and bytes (a whole pass). */
void pattern_count(const struct pattern *p, long long *msgs, double *bytes);

/*
 * The messages of p, estimated without a whole pass: units spread evenly
 * over p are walked until about max_msgs messages were seen (at least one
 * unit; every unit when that stays under max_msgs, and the count is then
 * exact), and the mean per unit scaled to all of them. O(max_msgs + one
 * unit's messages).
 */
double pattern_estimate(const struct pattern *p, long long max_msgs);

/* Names of the collectives ("scatter-binomial", "bcast-degeijn", ...) and
   the parser (-1 if unknown). */
const char *pattern_coll_name(int coll);
int pattern_coll_parse(const char *name);

/* The most nearly equal factorization of n into k factors, largest first
   (used for rescaled grids). */
void pattern_factor(int n, int k, int *dims);

#endif
