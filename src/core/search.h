/*
 * search: which schedule is fastest? (SC16 Sec. VIII.) A schedule gives
 * every source an order for its flows; the flows of a source that start
 * together are served in that order. The search runs the congestion graph
 * of every schedule to completion -- or of a seeded random sample when
 * there are too many -- and reports the fastest, median and slowest, and
 * where the scenario's own order (the baseline) ranks.
 *
 * Schedules are numbered: id = sum over sources s of d_s * prod_{t<s} k_t!
 * where k_s is the number of flows of source s and d_s in [0, k_s!) is the
 * Lehmer code of s's order (0 = declaration order). So schedule 0 is the
 * scenario as written. Sources are numbered by first appearance.
 *
 * Work is split over threads in chunks; every schedule's time is computed
 * the same way whatever thread runs it, and ties are broken by the lowest
 * id, so the result does not depend on the number of threads.
 */
#ifndef RHO_CORE_SEARCH_H
#define RHO_CORE_SEARCH_H

#include <stdint.h>

#include "core/base/rho_err.h"
#include "core/scenario.h"

#define SEARCH_DEFAULT_MAX 50000000LL /* exhaustive up to this many */
#define SEARCH_DEFAULT_SAMPLE 1000000LL

struct search_opts {
    int threads;              /* 0: one per online CPU */
    long long max_exhaustive; /* 0: SEARCH_DEFAULT_MAX */
    long long sample;         /* > 0: sample this many schedules even when
                                 enumeration would fit; 0: default sample
                                 size when it does not */
    uint64_t seed;            /* for sampling */
    long long first, count;   /* evaluate only ids [first, first + count)
                                 (count 0: all); for splitting work over
                                 machines. Statistics cover that range. */
    double max_memory;        /* bytes the result may take (0: any); past
                                 it the search is refused (RHO_ELIMIT)
                                 before anything is allocated */
    double max_seconds;       /* wall time it may take by the estimate
                                 from the baseline run (0: any); past it
                                 refused (RHO_ELIMIT) before it starts */
    /*
     * Called from the calling thread about ten times a second with the
     * schedules done so far; return nonzero to cancel (the search then
     * returns -1 with RHO_ECANCEL). May be NULL.
     */
    int (*progress)(void *ctx, long long done, long long total);
    void *ctx;
};

struct search_result {
    long long total; /* schedules in the whole space (saturates at
                        LLONG_MAX) */
    double size;     /* the same, not saturated (search_space_size) */
    long long n;     /* schedules evaluated */
    int sampled;     /* 1: n random schedules, not all */
    uint64_t seed;   /* the sampling seed */
    double *time;    /* per evaluated schedule: makespan (s); owned */
    long long *id;   /* per evaluated schedule: its id (exhaustive) or
                        sample number (sampled); NULL when id = index;
                        owned */
    double *sorted;  /* the times in ascending order; owned */
    long long fastest, median, slowest; /* indices into time[] */
    double t_fastest, t_median, t_slowest;
    int has_baseline; /* the baseline (schedule 0, the scenario's own
                         order) ran to completion: always evaluated */
    double t_baseline;
    long long baseline_rank; /* 1 + evaluated schedules strictly faster */
    int starved;             /* schedules that starved (time = -1, excluded) */
    double seconds;          /* wall time of the search */
    int threads;             /* threads in all */
    int ranks;               /* machines (MPI ranks) merged; 0 or 1: one */
};

struct search_space;

/*
 * The schedule space of s's flows. Returns it (caller owns:
 * search_space_free()) or NULL with err (no flow). Flows that start at
 * different times keep their FCFS order whatever the schedule says.
 */
struct search_space *search_space_new(const struct scenario *s,
                                      struct rho_err *err);
void search_space_free(struct search_space *sp);

/* Total schedules (saturates at LLONG_MAX), sources, flows of source k. */
long long search_space_total(const struct search_space *sp);
/* Total schedules as a double: exact up to 2^53, and past LLONG_MAX. */
double search_space_size(const struct search_space *sp);
/* The number of schedules written out: digits in groups (1,234), else
   three digits and an exponent, past a double too (7.89e+374). */
const char *search_space_size_fmt(const struct search_space *sp, char *buf,
                                  size_t n);
int search_space_nsrc(const struct search_space *sp);
int search_space_src_nflows(const struct search_space *sp, int k);

/* The flow indices of source k in declaration order. Borrowed. */
const int *search_space_src_flows(const struct search_space *sp, int k);

/*
 * Priorities of schedule id (flows of a source are served in increasing
 * prio). prio has one int per flow.
 */
void search_space_prio(const struct search_space *sp, long long id, int *prio);

/* Priorities of random sample number k for a seed. */
void search_space_sample_prio(const struct search_space *sp, uint64_t seed,
                              long long k, int *prio);

/*
 * Write schedule prio as text: "0: 1 4 | 1: 0 5 2 | ..." (each source's
 * destinations in order). Returns buf.
 */
char *search_space_describe(const struct search_space *sp,
                            const struct scenario *s, const int *prio,
                            char *buf, int n);

/*
 * Run the search on s. Returns 0 and fills res (caller's storage; release
 * with search_result_fini()), or -1 with err filled (bad scenario, every
 * schedule starved, cancelled).
 */
int search_run(const struct scenario *s, const struct search_opts *opts,
               struct search_result *res, struct rho_err *err);

/* Release res. NULL is a no-op. */
void search_result_fini(struct search_result *res);

/*
 * Merge partial results (each from search_run with first/count ranges
 * covering the space in order) into one, as if one search had run: for
 * splitting a search over machines. Takes ownership of nothing; out is
 * caller's storage. Returns 0, or -1 with err.
 */
int search_merge(const struct search_result *parts, int nparts,
                 struct search_result *out, struct rho_err *err);

/* Recompute the statistics of res from res->time (and id) in place. */
int search_stats(struct search_result *res, struct rho_err *err);

#endif
