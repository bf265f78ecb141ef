/*
 * queue_scen: the queueing model's part of a scenario -- its options as a
 * script gives them (`queue = { load = 0.5, ... }`), and, for a scenario
 * with no network at all, the levels themselves (`topology = rho.levels
 * { ... }`: visit ratios or routing probabilities and capacities, the
 * paper's own form). Plain data with a deep copy (one per undo step) and a
 * writer back to Lua that loads to the same part.
 *
 * The operating point of a run:
 *  - the capacities are the network's (or the given levels'), each level
 *    then slimmed by `slim` relative to the one before (0: as built);
 *  - the offered load is `load` times the saturation throughput of the
 *    levels as built (before slimming), or a rate in B/s when load_rate;
 *  - the allocation policies split `budget` (0: the slimmed total);
 *    `split` names the one the operating point is reported under (the
 *    network as built, or another split of its budget).
 */
#ifndef RHO_CORE_QUEUE_QUEUE_SCEN_H
#define RHO_CORE_QUEUE_QUEUE_SCEN_H

#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "core/queue/queue.h"
#include "core/queue/queue_levels.h"

#define QUEUE_DEFAULT_LOAD 0.5

struct queue_scen {
    struct queue *levels; /* given levels (rho.levels), owned; NULL: the
                             network's */
    struct queue_group_spec group; /* how a network's links make levels */
    double load;            /* fraction of the saturation as built, or B/s */
    int load_rate;          /* load is a rate */
    double budget;          /* B/s for the policies; 0: the current total */
    double slim;            /* 0 <= slim < 1 */
    int split;              /* enum queue_policy of the operating point */
    struct queue_opts opts; /* packet, delay mode */
    int nlat;               /* 0: no fixed latency; 1: the same for every
                               level; else one per level (nlat = k) */
    double *lat;            /* s per hop; owned */
    int compare;            /* also run the link model on the same traffic (a
                               front end that runs both models compares their
                               results itself) */
    int line;               /* script line of the queue table, 0 if unknown */
};

/* A part with the defaults (load 0.5, no slimming, budget 0, the split
   as built, packet 64 B, per-link delay, default levels). Caller owns it:
   queue_scen_free(). */
struct queue_scen *queue_scen_new(void);

/* Release qs. NULL is a no-op. */
void queue_scen_free(struct queue_scen *qs);

/* A deep copy. NULL for NULL. */
struct queue_scen *queue_scen_clone(const struct queue_scen *qs);

/* Take over explicit levels (q: the caller's reference goes to qs;
   replaces any). */
void queue_scen_set_levels(struct queue_scen *qs, struct queue *q);

/* Set the latency: n values (0: none; 1: every level), copied. */
void queue_scen_set_latency(struct queue_scen *qs, int n, const double *lat);

/*
 * Check qs against a model of k levels: load >= 0, 0 <= slim < 1,
 * budget >= 0, packet > 0, a latency list of 1 or k values >= 0. Returns
 * 0, or -1 with err filled ("queue: slim must be from 0 to less than 1").
 */
int queue_scen_check(const struct queue_scen *qs, int k, struct rho_err *err);

/* Fill q->lat from qs (k levels). */
void queue_scen_apply_latency(const struct queue_scen *qs, struct queue *q);

/*
 * Append the value of the scenario field `queue` for qs to out, as a field
 * at a scenario's top level (two spaces) has it: "{\n    load = 0.75,\n
 * slim = 0.5,\n  }", every value that is not the default, exactly, and
 * return 1; nothing and 0 when all are the defaults. The given levels are
 * not written (see queue_levels_to_lua()).
 */
int queue_scen_to_lua(const struct queue_scen *qs, struct strbuf *out);

/* Append the Lua expression of given levels: "rho.levels {\n    { \"L1\",
   v = 3.5, capacity = \"3.82 GB/s\" },\n ... }" (with p0 and P when q
   has routing probabilities), exact values. */
void queue_levels_to_lua(const struct queue *q, struct strbuf *out);

#endif
