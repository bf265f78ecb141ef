/*
 * net_stats: what the thesis reports about a link-traffic vector (Jain
 * L807-L818, Tables 8.3-8.5, Sec. 2.4): per link class and over all links,
 * the number of links, how many carry traffic, min, first quartile,
 * median, mean, third quartile and max -- zero-traffic links count -- the
 * hottest links, and the mapping metrics (hop-bytes, average and maximum
 * hops, average and maximum bytes per link).
 *
 * Quartiles interpolate linearly between order statistics (position
 * (n-1)q, numpy's default, which the authors' quantile.py uses). The
 * hottest links are ordered by bytes, then by link id. "All" means every
 * link of the net, injection and ejection links included when it has
 * them. The work is O(links) per class (selection, not sorting): the full
 * dragonfly's 2.76M links take a fraction of a second.
 */
#ifndef RHO_CORE_NET_NET_STATS_H
#define RHO_CORE_NET_NET_STATS_H

#include "core/net/net_model.h"
#include "core/net/net.h"
#include "core/base/rho_err.h"

struct net_class_stats {
    int cls;       /* net class id, -1 for all links */
    char name[48]; /* the class name, or "all" */
    long long links, used;
    double min, q1, median, mean, q3, max, sum;
    double min_used; /* min over the links that carry traffic (Jain
                        Tables 8.3-8.5 "min traffic"); 0 if none does */
    int ntop;        /* hottest links, at most the ntop asked */
    int *top;        /* link ids, hottest first */
    double *top_bytes;
};

struct net_stats {
    int nclasses; /* 1 + the net's classes: [0] is all links, [1 + c]
                     is class c */
    struct net_class_stats *cls;

    /* Mapping metrics (set by net_stats_mapping(); 0 before). */
    long long msgs, routed;
    double total_bytes;
    double hop_bytes;         /* sum of bytes x hops */
    double avg_hops;          /* mean hops over all messages (a message
                                 inside one router counts 0) */
    double avg_hops_per_byte; /* hop_bytes / total bytes */
    double max_hops;
    double avg_bytes_per_link; /* sum of link bytes / all links */
    double max_bytes_per_link;
    double phase_time_ext; /* EXTENSION (see net_model.h) */
};

/*
 * Statistics of bytes (one value per link of net) with the ntop (>= 0)
 * hottest links of every class. Returns a new record (caller owns it:
 * net_stats_free()) or NULL with err filled (bytes NULL, ntop < 0).
 */
struct net_stats *net_stats_new(const struct net *net, const double *bytes,
                                int ntop, struct rho_err *err);

/* Statistics of a result: net_stats_new() on res->bytes, then the mapping
   metrics. */
struct net_stats *net_stats_result(const struct net *net,
                                   const struct net_result *res, int ntop,
                                   struct rho_err *err);

/* net_stats_result() that polls stop (NULL: never stops; a job's cancel
   flag) and returns NULL with RHO_ECANCEL once it is up. */
struct net_stats *net_stats_result_stop(const struct net *net,
                                        const struct net_result *res,
                                        int ntop, const atomic_int *stop,
                                        struct rho_err *err);

/* Fill st's mapping metrics from res (which must be of the same net). */
void net_stats_mapping(struct net_stats *st, const struct net_result *res);

/* The entry of a class by name ("all", "L2", "dim 0 +"...), or NULL.
   Borrowed from st. */
const struct net_class_stats *net_stats_find(const struct net_stats *st,
                                             const char *name);

/* Release st. NULL is a no-op. */
void net_stats_free(struct net_stats *st);

/*
 * The bandwidth cost model of Jain Sec. 8.1.1 (Tables 8.1, 8.2) for a job
 * whose traffic is a collective: the table's closed form, and the same
 * model -- "n b when one link carries n bytes", plus g per byte reduced --
 * on the link loads the solve found, for which the time is the busiest
 * link's bytes times b. b is the seconds per byte of that busiest link
 * (1 / its bandwidth), so the two are comparable; the reduction term is
 * the table's (cost.gamma n g) in both, as the thesis gives no link-level
 * account of computation.
 */
struct net_coll_cost {
    int job, phase;           /* the job, and its phase (0 without phases) */
    struct pattern_cost cost; /* the table's formula and coefficients */
    int link;                 /* the job's busiest link in the phase */
    double busiest;           /* its bytes of it (all bytes with one job) */
    double beta;              /* 1 / that link's bandwidth (s/B) */
    double table_time;        /* cost.beta * n * beta */
    double link_time;         /* busiest * beta */
    double reduce_time;       /* cost.gamma * n * gamma (0 if gamma is 0) */
};

/*
 * The costs of the collective jobs (and collective phases of jobs) of
 * jobs[0..njobs) in res (solved for them on net; per-job bytes are used
 * when res has them, else all bytes) with gamma seconds per byte reduced
 * (0: unknown). Writes at most max entries into out, in job then phase
 * order, and returns how many there are (may exceed max).
 */
int net_stats_coll(const struct net *net, const struct net_job *jobs, int njobs,
                   const struct net_result *res, double gamma,
                   struct net_coll_cost *out, int max);

/* What one job of a multi-job run did on the links (net_stats_jobs()). */
struct net_job_stats {
    int ranks;          /* its pattern's ranks (0 for a job idle here) */
    int routers;        /* the routers its ranks are placed on */
    long long msgs;     /* its messages and their bytes (a whole pass */
    double bytes;       /* over its pattern, as pattern_count()) */
    double link_bytes;  /* its bytes summed over the links: its hop-bytes */
    long long links;    /* links that carry some of its bytes */
    long long shared;   /* of them, links another job's bytes cross too */
    double shared_bytes; /* its bytes on those */
    double own_max;     /* the most of its bytes on one link */
    double alone;       /* EXTENSION: max over links of its bytes /
                           bandwidth (s), its phase if it ran alone */
    int busiest;        /* the link it uses with the most bytes of every job
                           per bandwidth (ties: the lowest id); -1: none */
    double busiest_bytes; /* every job's bytes on it */
    double busiest_own;   /* its own bytes on it */
    int busiest_jobs;     /* jobs whose bytes cross it, itself included */
    int other;            /* the other job with the most bytes on it (ties:
                             the lowest index); -1: none */
    double other_bytes;   /* that job's bytes on it */
    double with;          /* EXTENSION: busiest_bytes / its bandwidth (s),
                             its phase among the others */
    /* Adaptive runs whose messages were kept, or whose engine counted
       them (net_result.job_bws): the bandwidths its routed messages
       (different routers, some bytes) obtained; bw_n 0 otherwise. */
    long long bw_n, bw_starved; /* how many, and how many got none */
    double bw_min, bw_mean, bw_max; /* B/s */
    double worst; /* max of their bytes / bandwidth (s); infinity if one
                     obtained none */
};

/* The jobs of a run, each on its own and against the others. */
struct net_jobs_stats {
    int njobs;
    int nclasses;               /* net_class_count() */
    struct net_job_stats *job;  /* njobs */
    double *cls;                /* job j's bytes on the links of class c at
                                   [j * nclasses + c] */
};

/*
 * The jobs[0..njobs) of res (solved for them on net) one by one: their
 * ranks, routers, messages and bytes, their bytes on the links per class
 * and in all, the links they share with another job, their busiest link
 * and who else crosses it, and for an adaptive run (its job_bws, else
 * its kept messages) the bandwidths they obtained. A job whose pattern is NULL (idle in the
 * phase res is of) counts no ranks and no messages. res must hold bytes
 * per job (net_opts.per_job) when njobs > 1. O(jobs x links + messages +
 * ranks) and a pass over every pattern. Returns a new record (caller
 * owns it: net_jobs_stats_free()) or NULL with err filled (no jobs, no
 * bytes per job, a result of another net).
 */
struct net_jobs_stats *net_stats_jobs(const struct net *net,
                                      const struct net_job *jobs, int njobs,
                                      const struct net_result *res,
                                      struct rho_err *err);

/* Release js. NULL is a no-op. */
void net_jobs_stats_free(struct net_jobs_stats *js);

/* One class's links in two traffic vectors a (before) and b (after). */
struct net_diff_class {
    int cls;       /* net class id, -1 for all links */
    char name[48]; /* the class name, or "all" */
    long long links, changed; /* its links, and those whose bytes changed */
    double max_a, max_b;      /* the most bytes on one of its links */
    double mean_a, mean_b;    /* bytes per link, idle links counted */
};

/* Two traffic vectors of one net compared, link by link. */
struct net_diff {
    int nclasses; /* 1 + the net's classes: [0] is all links, [1 + c]
                     class c */
    struct net_diff_class *cls;
    long long changed, up, down; /* links whose bytes changed (by more than
                                    1e-9 of the larger), rose, fell */
    double busy_a, busy_b; /* EXTENSION: max over links of bytes /
                              bandwidth (s), the phase estimate of a
                              static run */
    int *order; /* the changed links, largest change (|b - a|) first,
                   ties by link id; `changed` of them */
};

/*
 * Compare the bytes per link a (before) with b (after), one value per
 * link of net each. Returns a new record (caller owns it:
 * net_diff_free()) or NULL with err filled (a or b NULL). O(links +
 * changed log changed).
 */
struct net_diff *net_stats_diff(const struct net *net, const double *a,
                                const double *b, struct rho_err *err);

/* Release d. NULL is a no-op. */
void net_diff_free(struct net_diff *d);

/* The q-quantile (0 <= q <= 1) of the n values of a (reordered in place),
   by linear interpolation; 0 for n == 0. Exposed for tests and views. */
double net_stats_quantile(double *a, long long n, double q);

/* The (at most) n hottest links of class cls (-1: every link) that carry
   bytes, hottest first (more bytes, then the lower id), into top; how
   many. O(links); 0 when stop (may be NULL) rises, checked every 64Ki
   links. */
int net_top_links(const struct net *net, const double *bytes, int cls, int n,
                  int *top, const atomic_int *stop);

#endif
