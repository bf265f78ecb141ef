/*
 * net_run: one run of the link-utilization model on a scenario, with what
 * the interactive views need besides the bytes -- the statistics per class
 * and, for the allocation stepper, a record of every round of an adaptive
 * solve (per-link grants and remaining bandwidth while they fit a memory
 * budget, a summary of every round always). The TUI runs it on a job
 * thread (job.h: progress, cancel when a newer edit arrives); --dump and
 * the tests run it directly.
 */
#ifndef RHO_CORE_NET_RUN_H
#define RHO_CORE_NET_RUN_H

#include "core/base/job.h"
#include "core/net/net_model.h"
#include "core/net/net_stats.h"
#include "core/scenario.h"

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
    struct scenario *scen;   /* the copy it ran on; owned */
    struct net_result *res;  /* owned */
    struct net_stats *st;    /* 10 hottest per class; owned */
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
};

/*
 * Run the model on s (taken: the run owns it) into lr (caller's storage),
 * with threads threads; j (may be NULL) receives the progress (in
 * thousandths of each phase) and stops the run when cancelled. Returns 0,
 * or -1 with err filled (bad scenario, RHO_ECANCEL); lr is then empty.
 */
int net_run_compute(struct net_run *lr, struct scenario *s, int threads,
                    struct job *j, struct rho_err *err);

/* Release what lr holds (lr itself is the caller's). NULL-safe. */
void net_run_fini(struct net_run *lr);

/* Where a computation on job j is: its phase ("route", "collect",
   "solve", "replay"; "start" before the first report) and, in *frac, the
   fraction of that phase done. Safe from another thread. */
const char *net_run_progress(const struct job *j, double *frac);

#endif
