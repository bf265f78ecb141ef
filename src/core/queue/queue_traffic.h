/*
 * queue_traffic: the level totals of routed traffic, from which the
 * queueing model takes its visit ratios and routing probabilities exactly
 * (digest 2.5). Every message of the jobs is routed, as the link model
 * routes it, and its paths are read as sequences of levels; over all
 * messages m of bytes w_m:
 *
 *   W    = sum w_m over messages that cross a link (the rest is "local")
 *   H_i  = sum w_m x (hops of m on level i)          v_i  = H_i / W
 *   F_i  = sum w_m [first hop of m on level i]        p_0i = F_i / W
 *   L_i  = sum w_m [last hop of m on level i]         p_i0 = L_i / H_i
 *   T_ij = sum w_m x (level-i hops followed by a level-j hop, i = j
 *          allowed)                                   p_ij = T_ij / H_i
 *   top_i = sum w_m [the highest level m reaches is i] (the paper's
 *          PMCoN histogram, Fig. 3; "highest" in level order)
 *
 * A message split over several paths counts each with its share. The
 * path sets (fixed weights: the aggregate model has no bandwidth
 * allocation):
 *  - DOR: the one deterministic path;
 *  - SD and AD: the even split over the minimal paths (ROUTE_MIN, or
 *    ROUTE_ALL with opts.minimal). H is exact for any set (route_shares());
 *    F, L, T and top are exact when the set has at most opts.paths paths,
 *    else taken from opts.paths of them spread evenly over the set (a
 *    fat-tree's paths all have the same levels, so it stays exact there);
 *    such messages are counted in `sampled`;
 *  - SI and AI: Valiant paths drawn as the link model draws SI's, one per
 *    packet of opts.packet bytes up to opts.valiant per message, with the
 *    link model's keys (seed, job, unit, message): with si_samples =
 *    opts.valiant the link model lays the same paths;
 *  - AH: half the message on SD's paths, half on SI's.
 *
 * Streamed like the link model: messages are generated, routed and
 * forgotten, and only K + K^2 + 3K sums are kept per thread, so the full
 * 8.8M-core dragonfly fits. Sums are merged in an order fixed by the
 * problem (chunks of units in order), so the result is bit-for-bit the
 * same for any number of threads.
 */
#ifndef RHO_CORE_QUEUE_QUEUE_TRAFFIC_H
#define RHO_CORE_QUEUE_QUEUE_TRAFFIC_H

#include <stdint.h>

#include "core/base/rho_err.h"
#include "core/net/net.h"
#include "core/net/net_model.h"
#include "core/queue/queue.h"
#include "core/queue/queue_levels.h"

struct queue_traffic_opts {
    uint64_t seed;             /* 1: the Valiant paths' keys */
    int threads;               /* 1 */
    int minimal;               /* ROUTE_MIN (default) or ROUTE_ALL */
    int paths;                 /* 16: paths of a set read for F, L, T, top */
    int valiant;               /* 4: Valiant paths per message at most */
    double packet;             /* 64: bytes per Valiant packet */
    net_progress_fn *progress; /* phase "route"; nonzero stops */
    void *progress_ctx;
};

/* The totals. Arrays are owned (queue_traffic_free()); T is k x k. */
struct queue_traffic {
    int k;
    long long msgs;    /* messages */
    long long routed;  /* that cross a link */
    long long sampled; /* whose F, L, T came from part of their paths */
    double bytes;      /* all messages */
    double W;          /* routed bytes */
    double *H, *F, *L, *T, *top;
};

/* Fill o with the defaults above. */
void queue_traffic_opts_init(struct queue_traffic_opts *o);

/*
 * Route the messages of jobs[0..njobs) (as net_model_solve() takes them;
 * borrowed, only read) over net grouped by m. o may be NULL (defaults).
 * Returns the totals (caller owns them: queue_traffic_free()) or NULL with
 * err filled: RHO_EINPUT (no jobs, a job without pattern or placement, a
 * message outside the job's ranks, "job 0: rank 0 cannot reach rank 2"),
 * RHO_ECANCEL (progress asked to stop).
 */
struct queue_traffic *queue_traffic_run(const struct net *net,
                                        const struct queue_map *m,
                                        const struct net_job *jobs, int njobs,
                                        const struct queue_traffic_opts *o,
                                        struct rho_err *err);

/* Release t. NULL is a no-op. */
void queue_traffic_free(struct queue_traffic *t);

/*
 * Set q's visit ratios (H / W) and routing probabilities from t (same
 * levels). *check (may be NULL) receives the largest difference between
 * the counted v and the v solved from the probabilities (queue_visits()),
 * relative to the largest v: 0 up to rounding when no message was
 * sampled; NAN when there is no traffic or the solve failed. Returns 0, or
 * -1 with err filled (k differs, no routed traffic).
 */
int queue_apply_traffic(struct queue *q, const struct queue_traffic *t,
                        double *check, struct rho_err *err);

#endif
