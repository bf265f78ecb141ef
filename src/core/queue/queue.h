/*
 * queue: the aggregate queueing model of link levels (Chen, Denzel and
 * Luijten, "Optimization of Link Bandwidth for Parallel Communication
 * Performance"; seed 004, digest ../shared/research/seed-003-004.md Part
 * 2), rho's third model, in its corrected form (digest 2.7).
 *
 * A network's links are grouped into K levels. Level i is one queue with
 * one server whose capacity is the level's aggregate bandwidth, mu_i =
 * sum of the bandwidths of its n_i links. Routed traffic visits level i
 * v_i times per byte (the visit ratio: bytes of level-i hops / bytes
 * sent), so at an effective injection rate lambda_e (B/s) the level
 * carries x_i = lambda_e v_i. With the exact visit ratios:
 *
 *   saturation       lambda_sat = min over v_i > 0 of mu_i / v_i (the
 *                    first level attaining it is the bottleneck)
 *   Theorem 3.2      d = max(0, max_i (lambda - mu_i / v_i)) -- a max, not
 *   (corrected)      the paper's min (erratum E1) -- so lambda_e =
 *                    min(lambda, lambda_sat); throughput Theta = lambda_e
 *   utilisation      rho_i = lambda_e v_i / mu_i
 *   delay (M/M/1)    aggregate: D_i = S / (mu_i - x_i); per link (the
 *                    default): D_i = n_i S / (mu_i - x_i), one link of
 *                    mean bandwidth mu_i / n_i carrying x_i / n_i; plus a
 *                    fixed latency l_i per hop; end to end D = sum_i v_i
 *                    D_i (the Sigma of erratum E5), infinite when a level
 *                    is saturated
 *   Theorem 3.3      under a budget sum mu_i = U the saturation is largest
 *                    for mu_i = U v_i / V (V = sum v_i): lambda_sat = U / V
 *                    and every level at the same utilisation
 *
 * The visit ratios come either from routed traffic (queue_traffic.h) or
 * from routing probabilities p_0i, p_ij (queue_visits(): v = p_0 + P^T v,
 * with p_ii allowed, the generalisation the paper's -1 diagonal misses).
 *
 * Units: rates in bytes per second, the packet size S in bytes, delays in
 * seconds (1 GB/s is 1 B/ns). Everything here is O(K) or O(K^3), with no
 * allocation except queue_new().
 */
#ifndef RHO_CORE_QUEUE_QUEUE_H
#define RHO_CORE_QUEUE_QUEUE_H

#include "core/base/rho_err.h"

#define QUEUE_MAX_LEVELS 256
#define QUEUE_NAME_MAX 48

/* A level's utilisation at or above 1 - QUEUE_EPS counts as saturated. */
#define QUEUE_EPS 1e-12

enum queue_delay { QUEUE_PER_LINK, QUEUE_AGGREGATE };

/* How a budget is split over the levels (Fig. 8 of the paper, plus the
   network as built and the delay-optimal split). */
enum queue_policy {
    QUEUE_BUILT,    /* the capacities of the network (after slimming) */
    QUEUE_EQUAL,    /* the budget split equally over the used levels */
    QUEUE_OPTIMAL,  /* Theorem 3.3: mu proportional to v */
    QUEUE_REVERSED, /* the optimal shares in reverse level order (the
                       paper's policy 3, mu1 < mu2 < mu3 when v falls) */
    QUEUE_SQRT,     /* Kleinrock's square-root split: least delay at the
                       offered load (the optimal split when it is beyond
                       the budget's saturation) */
    QUEUE_POLICIES
};

/*
 * The model: K levels with their links, capacities and visit ratios, and
 * (when known) the routing probabilities they came from. Arrays have k
 * entries (P: k x k, row-major, P[i * k + j] = p_ij). Owned by the
 * struct; made by queue_new(), released by queue_free().
 */
struct queue {
    int k;
    char (*name)[QUEUE_NAME_MAX];
    long long *n;  /* links (directed channels) per level, >= 0 */
    double *mu;    /* aggregate capacity as built, B/s */
    double *v;     /* visits per byte */
    double *lat;   /* fixed latency per hop, s (0 unless given) */
    double *bmin;  /* the slowest and fastest link of the level, B/s */
    double *bmax;  /*   (mu / n when unknown) */
    int has_p;     /* p0, P and pexit below are set */
    double *p0;    /* share of the bytes whose first hop is level i */
    double *P;     /* p_ij: a level-i hop followed by a level-j hop */
    double *pexit; /* p_i0: a level-i hop is the last */
};

/* The operating point of a model under capacities mu at offered load
   lambda (B/s). */
struct queue_point {
    double lambda;   /* offered */
    double lambda_e; /* effective: the throughput Theta */
    double d;        /* throttled: lambda - lambda_e */
    double sat;      /* the saturation throughput of mu */
    int bottleneck;  /* the first level at sat, -1 if no level is used */
    int saturated;   /* lambda >= sat: the bottleneck runs at rho = 1 */
    double delay;    /* end to end mean, s; INFINITY when saturated */
};

/* One level at an operating point. */
struct queue_level_point {
    double x;   /* arrivals = throughput, B/s */
    double rho; /* utilisation */
    double D;   /* delay of one hop, s; INFINITY when saturated; an
                   unused level shows its idle delay */
    int saturated;
};

/* Delay options. */
struct queue_opts {
    double packet; /* S, bytes: 64 */
    int delay;     /* enum queue_delay: QUEUE_PER_LINK */
};

/* Fill o with the defaults above. */
void queue_opts_init(struct queue_opts *o);

/* A model of k levels (1 <= k <= QUEUE_MAX_LEVELS), every value zero and
   names "L1", "L2"... Caller owns it: queue_free(). NULL if k is out of
   range. */
struct queue *queue_new(int k);

/* A deep copy. Caller owns it. NULL for NULL. */
struct queue *queue_clone(const struct queue *q);

/* Release q. NULL is a no-op. */
void queue_free(struct queue *q);

/* Levels that carry traffic (v_i > 0). */
int queue_used(const struct queue *q);

/* V = sum of the visit ratios. */
double queue_visits_sum(const struct queue *q);

/*
 * Saturation throughput of capacities mu (k entries; q->mu when NULL): min
 * over the levels with v_i > 0 of mu_i / v_i, INFINITY when no level is
 * used. *bottleneck (may be NULL) receives the first level attaining it,
 * or -1.
 */
double queue_saturation(const struct queue *q, const double *mu,
                        int *bottleneck);

/*
 * The operating point at offered load lambda >= 0 (B/s) under capacities
 * mu (q->mu when NULL), with the corrected Theorem 3.2: pt (required)
 * and, when lv is not NULL, every level (k entries). o may be NULL
 * (defaults).
 */
void queue_eval(const struct queue *q, const double *mu, double lambda,
                const struct queue_opts *o, struct queue_point *pt,
                struct queue_level_point *lv);

/*
 * Split the budget U > 0 by policy into mu (k entries, caller's) and
 * return the saturation throughput of the split. Unused levels (v_i = 0)
 * get 0 (QUEUE_BUILT: mu = q->mu, U ignored). QUEUE_SQRT, the least delay
 * under o's delay (NULL: the defaults) at the effective load lambda_e:
 * mu_i = lambda_e v_i + (U - lambda_e V) w_i / sum_j w_j with w_i =
 * sqrt(v_i n_i) for the per-link delay and sqrt(v_i) for the aggregate
 * one; when lambda_e >= U / V it gives the optimal split instead.
 * Returns -1 for an unknown policy.
 */
double queue_split(const struct queue *q, int policy, double U, double lambda_e,
                   const struct queue_opts *o, double *mu);

/*
 * Slim: mu_i = base_i (1 - r)^i, each level r below the one before it in
 * level order (the paper's 25, 50 and 75 % slimming of a fat-tree when
 * base is equal on every level). 0 <= r < 1; base may be q->mu.
 */
void queue_slim(const struct queue *q, const double *base, double r,
                double *mu);

/* "built", "equal", "optimal", "reversed", "sqrt" and back (-1 if
   unknown). */
const char *queue_policy_name(int policy);
int queue_policy_parse(const char *name);

/* "per_link", "aggregate" and back (-1 if unknown). */
const char *queue_delay_name(int mode);
int queue_delay_parse(const char *name);

/*
 * Check routing probabilities of k levels: p0 (k) non-negative, summing to
 * 1; P (k x k) entries in [0, 1]; each row's sum with pexit_i equal to 1
 * (pexit NULL: each row sums to at most 1 and pexit_i is the rest).
 * Tolerance 1e-9. Returns 0, or -1 with err naming the level ("level L2:
 * its routing probabilities sum to 1.2").
 */
int queue_check_routing(int k, char (*name)[QUEUE_NAME_MAX], const double *p0,
                        const double *P, const double *pexit,
                        struct rho_err *err);

/*
 * Solve the traffic equations v = p0 + P^T v, i.e. (I - P^T) v = p0, by
 * Gaussian elimination with partial pivoting, into v (k entries). Returns
 * 0, or -1 with err filled when I - P^T is singular (some messages never
 * leave the network). O(k^3).
 */
int queue_visits(int k, const double *p0, const double *P, double *v,
                 struct rho_err *err);

/*
 * Set q's routing probabilities (copied; pexit may be NULL: the rest of
 * each row) after queue_check_routing(), and its visit ratios from them
 * (queue_visits()). Returns 0, or -1 with err filled (q unchanged).
 */
int queue_set_routing(struct queue *q, const double *p0, const double *P,
                      const double *pexit, struct rho_err *err);

#endif
