/*
 * model_queue: the aggregate queueing model of link levels (core/queue,
 * seed 004) on a scenario. A run is the scenario copy it ran on, the
 * levels with their capacities and visit ratios (from the scenario's
 * routed traffic, or given by rho.levels), and the model at the
 * scenario's operating point: the offered load, the capacities after
 * slimming, the throughput, throttle, utilisation and delay of every
 * level, and the same under every allocation policy of the budget.
 * Beside it, when the scenario asks (queue_scen.h: compare), the same
 * traffic seen by the functional link model, level by level.
 *
 * Routing the traffic is the only long part (as long as the SD link model
 * or less); its totals are kept in a small cache keyed by what makes the
 * traffic (network, placement, patterns, routing, seed, levels), so that
 * a run after an edit of the queueing options alone -- load, budget,
 * slimming, packet, delay -- and every point of a sweep over them only
 * evaluates the closed forms (microseconds).
 */
#ifndef RHO_CORE_MODEL_QUEUE_H
#define RHO_CORE_MODEL_QUEUE_H

#include "core/base/job.h"
#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "core/model.h"
#include "core/queue/queue.h"
#include "core/queue/queue_levels.h"
#include "core/queue/queue_scen.h"
#include "core/queue/queue_traffic.h"
#include "core/scenario.h"
#include "core/session.h"

/* The model's entry: "queue", view queue, explain(item = a level),
   sweep columns throughput and delay (both plotted against a numeric
   axis), throttled share, saturation, saturation vs the network as built
   and the bottleneck's level number. It applies to every scenario with a
   network (or a PCIe tree with a routing) and to given levels. */
extern const struct model_entry model_queue_entry;

/* The cache keeps the totals of this many recent traffics. */
#define QUEUE_CACHE 8

struct queue_run {
    struct scenario *scen;  /* the copy it ran on; owned */
    struct queue_scen *opt; /* its options (the scenario's, or the
                               defaults); borrowed from scen or owned
                               (own_opt) */
    int own_opt;
    struct queue *q;         /* levels: capacities as built, v, p */
    struct queue_traffic *t; /* NULL on given levels; owned */
    struct queue_map *map;   /* NULL on given levels; owned */
    double check;            /* counted v vs solved from p: relative
                                difference, NAN when unknown */
    int cached;              /* the traffic came from the cache */
    int idle;                /* no message crosses a link: nothing to
                                queue (q, mu and the points are NULL;
                                a network of one router has no map and
                                no traffic t either) */
    long long idle_msgs;     /* idle: the messages, none crossing a
                                link */

    /* the operating point (queue_run_eval) */
    double sat0;   /* saturation throughput as built (before slimming) */
    double lambda; /* the offered load, B/s */
    double U;      /* the budget of the policies, B/s */
    double *mu;    /* k: the capacities of the split (as built then
                      slimmed, or a split of the budget U) */
    struct queue_point pt;        /* at lambda under mu */
    struct queue_level_point *lv; /* k */
    double *pmu;                  /* QUEUE_POLICIES x k: each policy's mu
                                     (QUEUE_BUILT: as built, slimmed) */
    struct queue_point ppt[QUEUE_POLICIES];
    struct queue_level_point *plv; /* QUEUE_POLICIES x k */

    /* the link model's view of the same traffic (NULL: not compared) */
    struct queue_link_level *links; /* k */
    double link_sat;          /* the smallest saturation seen link by link */
    int link_routing_differs; /* an adaptive routing: the link model
                                 allocates where the aggregate model
                                 splits evenly */

    double seconds;   /* wall time of the run */
    unsigned long id; /* unique to this run in the process */
};

/*
 * Run the model on s (taken: the run owns it) into r (caller's storage)
 * with threads threads; j (may be NULL) receives the progress ("route",
 * then "compare", in thousandths of each) and stops the run when
 * cancelled. Returns 0, or -1 with err filled (no network or levels, bad
 * levels or options, no traffic, RHO_ECANCEL); r is then empty. A network
 * whose messages all stay on their routers (on-node, or of no bytes) is
 * no failure: r->idle, and nothing else is computed.
 */
int queue_run_compute(struct queue_run *r, struct scenario *s, int threads,
                      struct job *j, struct rho_err *err);

/*
 * Evaluate the operating point of r again under options o (the run's own
 * when NULL; o must have r's levels' count of latencies): the fields from
 * sat0 to plv. O(K x policies). Returns 0, or -1 with err filled (bad
 * options: r unchanged).
 */
int queue_run_eval(struct queue_run *r, const struct queue_scen *o,
                   struct rho_err *err);

/* Release what r holds (r itself is the caller's). NULL-safe. */
void queue_run_fini(struct queue_run *r);

/*
 * The utilisation of level i's hottest link at r's throughput, from the
 * link model's levels ln (r->links, or a view's own; may be NULL): the
 * link model's share of the bytes on it, over its bandwidth scaled as the
 * split scales the level (slimmed, or moved by a policy), so lambda_e /
 * (sat x mu_i / mu_i as built). NAN when the level has no link with
 * bytes, or there is no comparison.
 */
double queue_run_hot_util(const struct queue_run *r,
                          const struct queue_link_level *ln, int i);

/*
 * Why level i of r has its numbers, as lines of text appended to out: its
 * links and capacity, its visit ratio (from which hops of how many
 * bytes), its arrivals, utilisation and delay with the formulas filled
 * in, its saturation bound against the bottleneck's, where its hops come
 * from and go (p_ij), and the link model's view of it when compared.
 * Returns 0, or -1 with err filled (no such level).
 */
int queue_run_explain(const struct queue_run *r, int i, struct strbuf *out,
                      struct rho_err *err);

/* Where a computation on job j is: "route" or "compare" ("start" before
   the first report) and, in *frac, the fraction of that phase done. Safe
   from another thread. */
const char *queue_run_progress(const struct job *j, double *frac);

/* The session's last finished queueing run (borrowed until the next
   edit, session_poll() or session_wait()), or NULL. */
const struct queue_run *model_queue_run(const struct session *ss);

/* Empty the traffic cache (tests; a long-lived process never needs to:
   it holds QUEUE_CACHE small entries). */
void queue_run_cache_clear(void);

#endif
