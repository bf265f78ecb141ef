/*
 * model_net: the link-utilization model (core/net, Jain's DamselFly)
 * behind the model interface (model.h). A run (struct net_run) is the
 * scenario copy it ran on, the bytes of every link, what the views and
 * reports need besides -- the statistics per class and, for the
 * allocation stepper, a record of every round of an adaptive solve
 * (per-link grants and remaining bandwidth while they fit a memory
 * budget, a summary of every round always). It may take long (seconds on
 * a large dragonfly): the session runs it on a job thread (job.h:
 * progress, cancel when a newer edit arrives) and keeps the last result
 * on screen meanwhile; batch, --dump and the tests wait for it.
 */
#ifndef RHO_CORE_MODEL_NET_H
#define RHO_CORE_MODEL_NET_H

#include "core/base/job.h"
#include "core/base/rho_err.h"
#include "core/model.h"
#include "core/net/net_bounds.h"
#include "core/net/net_design.h"
#include "core/net/net_features.h"
#include "core/net/net_model.h"
#include "core/net/net_stats.h"
#include "core/scenario.h"
#include "core/session.h"

/* The hottest links a run keeps for the views (net_run.hot). */
#define NET_RUN_HOT 256

/* Per-link arrays of all rounds are kept while rounds x links stays under
   this many values (two arrays of doubles: 16 bytes per value). */
#define NET_RUN_RECORD_MAX (1 << 21)

/* What one allocation round did, summed over the links. */
struct net_run_round {
    int iter;
    double exposed;   /* fraction of the bandwidth exposed so far */
    double granted;   /* bandwidth granted this round, summed (B/s) */
    double remaining; /* bandwidth left after it, summed (B/s) */
    long long asking; /* paths that asked */
    long long paths;  /* paths of the round */
    int busiest;      /* the link granted most this round, -1 if none */
};

struct net_run {
    struct scenario *scen;  /* the copy it ran on; owned */
    struct net_result *res; /* owned */
    struct net_stats *st;   /* 10 hottest per class; owned */
    int nrounds;
    struct net_run_round *round; /* nrounds; owned */
    int recorded;                /* per-link arrays below are kept */
    double *granted;             /* nrounds x nlinks: granted in the round */
    double *remaining;           /* nrounds x nlinks: left after the round */
    double seconds;              /* wall time of the solve */
    double peak;      /* the busiest link's bytes / bandwidth (s): what
                         the views colour as load 1 */
    unsigned long id; /* unique to this run in the process (a view that
                         caches something of a run compares it) */
    struct net_bounds **bounds; /* with MODEL_KEEP_VIEWS: what crosses
                                   every node of the network's hierarchy,
                                   for the sum ([0]) and each phase alone
                                   ([k], 1..res->nphases), made on the
                                   run's thread for the Network view;
                                   else NULL; owned */
    int *hot;                   /* with MODEL_KEEP_VIEWS: the NET_RUN_HOT
                                   hottest links of the sum (hot[0 ..
                                   nhot[0])) and of each phase k alone
                                   (hot + k * NET_RUN_HOT, nhot[k] of
                                   them): most bytes first, ties by id,
                                   none without bytes; made on the run's
                                   thread for the Links and Map views
                                   (O(links) each); else NULL; owned */
    int *nhot;                  /* 1 + res->nphases counts; owned */
    double **l2pair;            /* with MODEL_KEEP_VIEWS on a dragonfly:
                                   the L2 bytes from group i to group j
                                   ([k][i * groups + j], NaN bytes left
                                   out) of the sum ([0]) and each phase,
                                   made on the run's thread for the Map
                                   view's group matrix (O(L2 links));
                                   else NULL; owned */
    struct net_run_feat *feat;  /* the Metrics view's indicators, made
                                   off the loop on first ask
                                   (net_run_features()); owned */
};

/* The model's entry: "link", views network links map classes rounds metrics
   jobs (a scenario of several jobs),
   explain(item = a link id), sweep columns max link, mean link, avg hops,
   phase (est.). */
extern const struct model_entry model_net_entry;

/*
 * Run the model on s (taken: the run owns it) into lr (caller's storage)
 * as ctx says: its threads; its job (may be NULL) receives the progress
 * (in thousandths of each phase) and stops the run when cancelled;
 * MODEL_KEEP_VIEWS keeps bytes per job and the rounds, MODEL_KEEP_ITEMS
 * every message. Returns 0, or -1 with err filled (bad scenario,
 * RHO_ECANCEL, RHO_ELIMIT); lr is then empty.
 */
int net_run_compute(struct net_run *lr, struct scenario *s,
                    const struct model_ctx *ctx, struct rho_err *err);

/* Release what lr holds (lr itself is the caller's). NULL-safe. */
void net_run_fini(struct net_run *lr);

/* Where a computation on job j is: its phase ("route", "collect",
   "solve", "replay"; "start" before the first report) and, in *frac, the
   fraction of that phase done. Safe from another thread. */
const char *net_run_progress(const struct job *j, double *frac);

/*
 * Why link l of lr carries what it does, as one line of text appended to
 * out: its name and class, its bytes over its bandwidth (the time it is
 * busy), its load (relative to the busiest link's) and its rank among the
 * links of its class (most bytes first, ties by id, as the hottest lists
 * order them):
 *   link (2,0)->(1,0) (dim 0 -): 2 MiB / 1.863 GiB/s = 1.049 ms
 *   busy, load 1.00 of the busiest; 1st of 25 in its class
 * Returns 0, or -1 with err filled (no such link). O(links).
 */
int net_run_explain(const struct net_run *lr, int l, struct strbuf *out,
                    struct rho_err *err);

/* The same for phase k (1..lr->res->nphases) of traffic in phases alone:
   its bytes, its busiest link ("link ... (D +) in phase 2: ..."); phase
   0 is net_run_explain(). -1 with err filled for a phase it does not
   have. */
int net_run_explain_phase(const struct net_run *lr, int phase, int l,
                          struct strbuf *out, struct rho_err *err);

/*
 * Jain's Ch. 4 indicators (net_features.h) of res, the result of solving
 * s's link scenario: phase 0 the result as it is (the sum over the phases
 * of traffic in phases), phase k (1..res->nphases) phase k alone -- its
 * own bytes (res->phase[k - 1]) and the messages of phase k of the jobs
 * that have one. What `--metrics` reports and the Metrics view shows.
 * The pass runs on threads threads (< 1: one; the same result with any
 * number); job (may be NULL) gets the progress and stops the pass when
 * cancelled (within NET_FEATURES_POLL messages). Returns a new record
 * (net_features_free()) or NULL with err filled (no such phase, a message
 * that cannot be routed, RHO_ECANCEL). O(links + messages): seconds on
 * the thesis system.
 */
struct net_features *model_net_features(const struct scenario *s,
                                        const struct net_result *res, int phase,
                                        int threads, struct job *job,
                                        struct rho_err *err);

/* Where the indicators of a run's phase are (net_run_features()). */
enum net_feat_state {
    NET_FEAT_NONE,      /* not asked yet (or given up for another phase) */
    NET_FEAT_COMPUTING, /* on their thread now */
    NET_FEAT_READY,     /* made: *f */
    NET_FEAT_FAILED,    /* cannot be made: *why */
    NET_FEAT_STOPPED    /* stopped (net_run_features_stop()) before made */
};

/* What net_run_features() may start: */
enum {
    NET_FEAT_LOOK = 0,  /* nothing: say where they are */
    NET_FEAT_ASK = 1,   /* the phase's, unless made, failed or stopped */
    NET_FEAT_AGAIN = 2  /* the phase's, after a stop too */
};

/*
 * The indicators of phase (0 the sum, 1..nphases each alone) of lr, made
 * off the calling thread: the first ask (start NET_FEAT_ASK) starts a
 * thread computing them (model_net_features(); one phase at a time: a
 * phase asked while another computes cancels that one, which goes back
 * to NET_FEAT_NONE) and later calls collect them. Returns their state;
 * READY: *f (borrowed, lives as long as lr); COMPUTING: *frac (may be
 * NULL) the fraction done; FAILED: *why (borrowed) says why. The thread
 * is lr's: net_run_fini() and the model's retire stop it (within
 * NET_FEATURES_POLL messages) and join it. One thread (the explorer's
 * loop) calls these for a run; cheap (never waits, but to join a thread
 * that has returned or was cancelled).
 */
int net_run_features(const struct net_run *lr, int phase, int start,
                     const struct net_features **f, double *frac,
                     const char **why);

/* Stop the indicators computing (Esc), if any: their phase becomes
   NET_FEAT_STOPPED. Returns 1 if one was stopped, else 0. */
int net_run_features_stop(const struct net_run *lr);

/* What the Metrics view shows beside the indicators, made by their
   thread with the first of them (O(links) each: 0.1 s on the thesis
   system, which no draw may spend): the collectives' cost model of every
   phase (model_net_costs(): the first NET_RUN_COLL_MAX of ncoll) and the
   design's cost (net_cost_estimate()). */
#define NET_RUN_COLL_MAX 16
struct net_run_costs {
    int ncoll;
    struct net_coll_cost coll[NET_RUN_COLL_MAX];
    struct net_cost design;
};

/* lr's, once made (net_run_features() collects them), else NULL.
   Borrowed: lives as long as lr. */
const struct net_run_costs *net_run_costs(const struct net_run *lr);

/*
 * The cost model of Jain Sec. 8.1.1 (net_stats_coll()) for the collective
 * jobs and collective phases of s's link scenario in res (solved for it),
 * with the scenario's gamma: at most max entries into out, in job then
 * phase order; returns how many there are (may exceed max). What the
 * batch report's "cost" lines and the Metrics view show.
 */
int model_net_costs(const struct scenario *s, const struct net_result *res,
                    struct net_coll_cost *out, int max);

/*
 * The jobs of s's link scenario one by one in res (solved for it;
 * net_stats_jobs()): phase 0 the result as it is, phase k
 * (1..res->nphases) phase k alone, with the jobs idle in it counting
 * nothing. What the Jobs view shows. Returns a new record
 * (net_jobs_stats_free()) or NULL with err filled (no such phase, no
 * bytes per job kept: a run without MODEL_KEEP_VIEWS).
 */
struct net_jobs_stats *model_net_jobs(const struct scenario *s,
                                      const struct net_result *res, int phase,
                                      struct rho_err *err);

/* The session's last finished link-model run (borrowed until the next
   edit, session_poll() or session_wait()), or NULL: none yet, or the
   session does not run the model. */
const struct net_run *model_net_run(const struct session *ss);

/* The session's link-model run before that one (session_result_prev():
   a session with session_opts.prev), or NULL. Borrowed as
   model_net_run()'s. */
const struct net_run *model_net_run_prev(const struct session *ss);

#endif
