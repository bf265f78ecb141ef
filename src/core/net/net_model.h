/*
 * net_model: the functional link-utilization model of Jain's thesis
 * (Sec. 3.2.2, "DamselFly"; ../shared/spec/link-model.md): the bytes every
 * directed link carries in one phase of traffic, all of whose messages are
 * in flight together, and for the adaptive routings the bandwidth each
 * message obtains.
 *
 * Input: a net, and one or more jobs, each a pattern (streamed messages
 * over the job's ranks), a placement (job rank r runs on placement rank
 * offset + r), and a routing:
 *  - DOR: one deterministic minimal path (route.h ROUTE_ONE);
 *  - SD, static direct: the even split over the minimal paths (ROUTE_MIN,
 *    or ROUTE_ALL on tori with opts.minimal); one pass, no bandwidth used;
 *  - SI, static indirect: per packet (opts.packet bytes, default 64) a
 *    Valiant path through a random intermediate router;
 *  - AD, adaptive direct: SD's paths (up to opts.ad_max_paths of them),
 *    iterative allocation, bytes split in proportion to the bandwidth each
 *    path obtained;
 *  - AI, adaptive indirect: like AD over opts.ai_paths (4) Valiant paths
 *    drawn afresh every iteration, with bandwidth exposed incrementally
 *    (1/f of every link's bandwidth in each of the first f = opts.expose
 *    iterations, default 50);
 *  - AH, adaptive hybrid: like AI with opts.ah_direct (2) random minimal
 *    paths plus opts.ah_indirect (2) Valiant paths.
 *  - BGQ, Blue Gene/Q by message size (Jain L981): below
 *    opts.bgq_threshold bytes (64 KiB) the deterministic routing
 *    (route.h ROUTE_BGQ: longest dimension first, ties split over both
 *    directions), from it on the dynamic one, which the even split over
 *    every minimal path (ROUTE_ALL) stands for; static. Off a torus:
 *    DOR below the threshold, SD above.
 * On trees "UPDOWN" is SD (the unique path).
 *
 * The solve (thesis L709-L725, the authors' ariesModeling.C, digest 2.4):
 * remaining bandwidth Rem_l starts at 0 and each of the first f iterations
 * adds bw_l / f (f = 1 unless a job is AI or AH). Each iteration, every
 * message lists its paths; a path asks while its tightest link still has
 * opts.cutoff of its bandwidth left; an adaptive message weighs its asking
 * paths by their minimum remaining bandwidth, load_p = bytes * minRem_p /
 * sum_q minRem_q (so larger messages weigh more), a static message asks
 * bytes / |P| on each; every link sums the loads that cross it (O_l); a
 * path is granted alloc_p = min over its links of (load_p / O_l) * Rem_l;
 * then Rem_l -= the grants on l. So no link is ever granted more than it
 * has. After the exposure the loop ends when no path asks, or when a round
 * grants less than opts.cutoff of what all rounds granted ("no message
 * gains more bandwidth"), or after opts.max_iters rounds. Messages whose
 * paths change every iteration (AI, AH) are attributed after the solve:
 * the grant of each of their paths in each round is recorded (a float),
 * their paths are drawn again from the same keys, and bytes * alloc_p /
 * sum of the message's grants goes to the links of every path p; when the
 * records would not fit opts.record_budget the solve is replayed with the
 * same seed instead (the authors' "two round" trick). Static messages in
 * a run with adaptive jobs take part in the allocation (their bandwidth is
 * reported) but their bytes are split statically. Without adaptive jobs there
 * is no allocation at all: messages are streamed and never stored, which is how
 * the full 8.8M-core system runs.
 *
 * Determinism: every random choice is keyed by (seed, job, unit, message
 * index in the unit[, iteration]); the result is bit-for-bit the same for
 * any opts.threads (and, with the default engines, any number of MPI
 * ranks).
 *
 * Engines (opts.engine; net_engine.h): REFERENCE is the engine written
 * first, kept unchanged (sums in an order fixed by chunks and message
 * blocks; every message and path kept). EXACT solves the same model with
 * the same draws in exact fixed-point sums, identical messages solved
 * once, and a memory plan; it gives the reference's results up to
 * rounding. FAST (the default) is EXACT but when an AI or AH run would
 * draw more than opts.samples fresh paths during the exposure: on
 * dragonflies and fat-trees it compresses the exposure into fewer rounds,
 * on a torus it solves identical messages in runs of up to 4, one set of
 * paths a run (rho-model(7) bounds both changes).
 */
#ifndef RHO_CORE_NET_NET_MODEL_H
#define RHO_CORE_NET_NET_MODEL_H

#include <stddef.h>
#include <stdatomic.h>
#include <stdint.h>

#include "core/base/xsum.h"
#include "core/net/net.h"
#include "core/net/pattern.h"
#include "core/net/placement.h"
#include "core/base/rho_err.h"

enum net_routing {
    NET_DOR,
    NET_SD,
    NET_SI,
    NET_AD,
    NET_AI,
    NET_AH,
    NET_BGQ,
    NET_ROUTING_COUNT
};

/* Engines (net_opts.engine; rho --engine NAME). */
enum net_engine {
    NET_ENGINE_DEFAULT,  /* FAST, unless net_opts_set_defaults() chose
                            another */
    NET_ENGINE_FAST,     /* see rho-model(7) */
    NET_ENGINE_EXACT,    /* see rho-model(7) */
    NET_ENGINE_REFERENCE, /* the engine rho had first, kept unchanged to
                             test the others against */
    NET_ENGINE_COUNT
};

struct net_job {
    const struct pattern *pattern;     /* borrowed for the solve */
    const struct placement *placement; /* borrowed for the solve */
    int offset;  /* job rank r is placement rank offset + r */
    int routing; /* enum net_routing */
};

/* What one allocation round did (a view for a teaching "stepper"). Every
   pointer is borrowed and valid only during the callback. Paths of message
   m this round are p in [path_off[m], path_off[m+1]); path p is the links
   links[path_start[p] .. path_start[p] + path_len[p]). */
struct net_round {
    int iter;       /* 0-based */
    int replay;     /* 1 during the attribution replay */
    double exposed; /* fraction of the bandwidth exposed so far */
    int nlinks;
    const double *remaining; /* per link, after the round (B/s) */
    const double *request;   /* per link: sum of the loads asking (O_l) */
    const double *granted;   /* per link: bandwidth granted this round */
    long long nmsgs;         /* messages of the solve (net_result order) */
    const double *msg_bw;    /* per message: bandwidth obtained so far */
    const int *path_off;     /* nmsgs + 1 */
    const long long *path_start;
    const int *path_len;
    const int *links;
    const double *path_load;  /* per path: its load this round, 0 if idle */
    const double *path_alloc; /* per path: granted this round */
    long long paths, asking;  /* the paths of the round, every message's,
                                 and how many of them asked (load > 0):
                                 the default engines count them; the
                                 reference leaves both 0 (count them in
                                 path_load) */
};

/* Progress: phase is "count" (the default engines count the messages
   first), "route" (static streaming), "collect" (messages of an adaptive
   run), "solve" (after every round) or "replay"; done in [0, 1] within
   the phase (route and collect: messages done, reported every few
   thousand; solve: the work of the rounds planned). Return
   nonzero to stop: the solve then returns NULL with RHO_ECANCEL. Called from
   one thread at a time (never concurrently), possibly not the caller's. */
typedef int net_progress_fn(void *ctx, const char *phase, double done);

/* The default and reference engines differ in what a round callback
   sees: the reference always fills the path arrays above (path_off ..
   path_alloc, per message); the default engines fill them only with
   net_opts.round_paths, and then per solved entity, nmsgs of them (every
   message that needs a link, in order), else leave them NULL. */

/* After every allocation round (and every round of a replay, with
   replay set). Return nonzero to stop (RHO_ECANCEL). Called from the
   solving thread. */
typedef int net_round_fn(void *ctx, const struct net_round *round);

/*
 * Distributed solves (rho-mpi): every rank calls net_model_solve() with
 * the same net, jobs and options but its own opts.rank; the default
 * engines then emit and solve only that rank's share of the messages and
 * call reduce to combine sums over the ranks: on return v[0..n) must hold,
 * on every rank, the elementwise sum (NET_REDUCE_SUM) or maximum
 * (NET_REDUCE_MAX) of every rank's v, or the sum of the ranks' before it
 * (NET_REDUCE_EXSCAN). Return 0, or nonzero to stop (the
 * solve then fails with RHO_ECANCEL on every rank). Link loads, metrics
 * and convergence are the same bits on every rank and for any number of
 * ranks; each rank's result holds only its own messages (msg_*). Called
 * from the solving thread, the same number of times in the same order on
 * every rank.
 */
enum {
    NET_REDUCE_SUM,
    NET_REDUCE_MAX,
    NET_REDUCE_EXSCAN /* on rank r, the elementwise sum of ranks 0..r-1's v
                         (zero on rank 0): where a rank's part of a count
                         kept in rank order starts */
};
typedef int net_reduce_fn(void *ctx, long long *v, long long n, int op);

/* Distributed solves: concatenate every rank's n elements of size bytes
   (mine), rank by rank, into all on rank 0 (room for every rank's;
   NULL on the other ranks). Return 0, or nonzero on failure. With it,
   rank 0's result holds every message (msg_*) in one process's order,
   when they fit its memory; without it, or when they do not fit, no rank
   lists messages (nmsg 0). */
typedef int net_gather_fn(void *ctx, const void *mine, long long n, int size,
                          void *all);

/* Messages beyond which an adaptive solve that was not asked for its
   messages may list none (net_opts.msgs_limit). */
#define NET_MSGS_LIMIT (1LL << 22)

/* The bandwidths that one job's messages obtained in an adaptive solve,
   over those that cross from one router to another with some bytes
   (net_result.job_bws; what net_stats_jobs() reports). */
struct net_bw_stats {
    long long n;       /* such messages */
    long long starved; /* of them, how many obtained no bandwidth */
    double min, max;   /* B/s (0 when n is 0) */
    struct xsum sum;   /* of their bandwidths, exact (any order, the
                          phases merged: the same bits) */
    double worst;      /* the longest bytes / bandwidth (s); infinity
                          when one starved */
};

/* o += s: more messages of a job (exact: the sum is an xsum, the rest
   extremes and counts; in any order, the same bits). */
void net_bw_stats_merge(struct net_bw_stats *o, const struct net_bw_stats *s);

/* What a solve may use by default: 16 GiB, or 3/4 of the machine's
   memory if less. */
#define NET_MEM_LIMIT (16.0 * 1073741824.0)

/* NET_ENGINE_FAST's budget of fresh paths (AI, AH) drawn during the
   incremental exposure (see rho-model(7)). */
#define NET_FAST_SAMPLES 2500000LL

struct net_opts {
    uint64_t seed;              /* 1 */
    int threads;                /* 1 (>= 1) */
    int step;                   /* -1: every step; else only that step */
    int minimal;                /* ROUTE_MIN (default) or ROUTE_ALL */
    double packet;              /* SI packet bytes: 64 */
    long long si_samples;       /* 0: one path per packet; > 0: at most this
                                   many paths per message, each carrying an
                                   equal part of it */
    int max_iters;              /* 200 */
    int expose;                 /* f; 0 = 50 if a job is AI or AH, else 1 */
    double cutoff;              /* 1e-2: a path asks while its tightest link
                                   has this fraction of its bandwidth left;
                                   the solve stops when a round grants less
                                   than this fraction of all it granted */
    int ai_paths;               /* 4 */
    int ah_direct, ah_indirect; /* 2, 2 */
    int ad_max_paths;           /* 64 */
    double bgq_threshold;       /* BGQ: messages of at least this many
                                   bytes take the dynamic routing (65536) */
    double record_budget;       /* 512 MiB: memory (bytes) for recording the
                                   grants of AI/AH paths (4 B per path per
                                   round); beyond it, and with 0, the solve is
                                   replayed instead (same result up to the
                                   float rounding of the recorded grants) */
    int engine;                 /* enum net_engine: DEFAULT */
    long long samples;          /* FAST: NET_FAST_SAMPLES (<= 0: no cap) */
    double mem_limit;           /* bytes a solve may use; 0: NET_MEM_LIMIT
                                   (default engines; the reference
                                   estimates its need and refuses beyond
                                   it too) */
    int round_paths;            /* default engines: give the round callback
                                   every path (slower) */
    int no_cells;               /* default engines: 1 forbids the cells of a
                                   torus's DOR paths (route_cells_new())
                                   for the rounds of AI and AH: the same
                                   bits, slower (for tests) */
    int nranks, rank;           /* distributed solve (see above): 0, 0 */
    net_reduce_fn *reduce;
    net_gather_fn *gather;
    void *reduce_ctx;           /* for reduce and gather */
    int per_job;                /* keep bytes per link per job */
    int keep_msgs;              /* keep messages (always with adaptive jobs,
                                   up to msgs_limit) */
    int keep_paths;             /* list the fixed path sets of an adaptive
                                   run's messages in the result (path_off
                                   ..): 0 (no view or report reads them; on
                                   dragonfly-workload under AD they were a
                                   quarter of the solve) */
    long long msgs_limit;       /* default engines: an adaptive solve of
                                   more messages than this (all ranks; 0:
                                   NET_MSGS_LIMIT, < 0: any number) whose
                                   adaptive jobs are all AD, on one rank,
                                   without round_paths and without
                                   keep_msgs, lists none (nmsg 0, msg_*
                                   NULL): it folds runs of identical
                                   messages as it collects them (the same
                                   link loads and bandwidths, to the bit)
                                   and reports their bandwidths in bwq and
                                   job_bws */
    int fold_runs;              /* default engines: when AI or AH messages
                                   would not fit the memory one by one
                                   (too many to keep each), FAST folds
                                   them too and solves each record in runs
                                   of w identical messages (the fewest of
                                   2 .. 4 that fit; see rho-model(7)); > 0
                                   forces runs of fold_runs whenever the
                                   solve folds (msgs_limit: tests, make
                                   bench); < 0 never */
    net_progress_fn *progress;
    void *progress_ctx;
    const atomic_int *stop;     /* NULL, or a flag (a job's cancel) that
                                   every long loop of the solve polls
                                   without a lock, every few thousand
                                   steps: once nonzero the solve returns
                                   NULL with RHO_ECANCEL within about a
                                   millisecond of work per thread */
    net_round_fn *round;
    void *round_ctx;
};

/* The result of a solve. Every array is owned by it (net_result_free()). */
struct net_result {
    int nlinks;
    double *bytes; /* per link: bytes of the phase */
    int njobs;
    double *job_bytes; /* per_job: job j's bytes of link l at
                          [j * nlinks + l]; else NULL */

    /* Mapping metrics (Jain Sec. 2.4). Hops count every link of a path,
       injection links included; a split message counts its mean hops. */
    long long msgs;     /* messages (after the step filter) */
    long long routed;   /* messages that crossed at least one link */
    double total_bytes; /* all messages */
    double routed_bytes;
    double hop_bytes; /* sum of bytes x hops = sum of link bytes */
    double hops_sum;  /* sum of (mean) hops over all messages */
    double hops_max;  /* the longest path a message used */

    /* Adaptive solve (0 without adaptive jobs). */
    int iterations;
    int converged; /* no path asked any more before the cap */
    int exposure;  /* rounds of incremental exposure used (FAST may
                      compress the model's, see rho-model(7)) */
    int exposure_model; /* the model's: opts.expose, or 50 with AI or AH,
                           or 1 */
    int reps;      /* FAST: > 0 when identical AI/AH messages were solved
                      as at most this many representatives a group (see
                      rho-model(7)) */
    double reps_need; /* > 0 when that was for the memory (folded AI and
                         AH, net_opts.fold_runs): the bytes the messages
                         one by one would have needed */
    int cells;     /* default engines: 1 when the rounds' fresh paths went
                      by the cells of a torus's DOR paths (a way to
                      compute, not a change: net_opts.no_cells) */
    int engine;    /* enum net_engine that solved it */

    /* Kept messages, in emission order (jobs in order, units in order);
       none (nmsg 0, NULL) beyond net_opts.msgs_limit when the caller did
       not ask for them (keep_msgs). */
    long long nmsg;
    int *msg_job, *msg_src, *msg_dst; /* job-local ranks */
    double *msg_bytes;
    double *msg_bw; /* bandwidth obtained (0 without adaptive jobs) */
    /* Adaptive runs of the default engines: over the messages that cross
       from one router to another with some bytes (all ranks'), how many,
       how many obtained no bandwidth, and the min, quartiles and max of
       their bandwidths (net_stats_quantile()'s); have_bwq 0 otherwise. */
    int have_bwq;
    long long bwq_n, bwq_starved;
    double bwq[5];
    /* Adaptive runs of the default engines on one rank: per job (njobs),
       the bandwidths its messages obtained, whether the messages are
       listed or not (net_stats_jobs() reads them from here); NULL
       otherwise (then from msg_*). The same numbers as the messages give,
       to the bit; for traffic in phases the sum's are the phases'
       merged. */
    struct net_bw_stats *job_bws;
    /* With net_opts.keep_paths, fixed path sets (DOR, SD, AD in an
       adaptive run) with the bandwidth each path obtained in total;
       fresh-path messages (SI, AI, AH) and static-only runs have none:
       path_off[m] == path_off[m+1]. NULL without keep_paths, and from
       the default engines beyond 2^22 messages. */
    int *path_off; /* nmsg + 1, or NULL */
    long long *path_start;
    int *path_len, *links;
    double *path_bw;

    /* EXTENSION, not part of the thesis's model: a phase time estimate
       (seconds). Static runs: the bottleneck, max over links of bytes /
       bandwidth; adaptive runs: the slowest message, max of bytes /
       bandwidth obtained (infinity if a routed message obtained none). */
    double phase_time_ext;

    /* Traffic in phases (net_phases.h): the result of every phase alone,
       owned; the fields above are then their sums (hops_max: the max;
       phase_time_ext: the sum, the phases running one after the other).
       0 and NULL for traffic of one phase. */
    int nphases;
    struct net_result **phase;
};

/* Fill o with the defaults above (and those net_opts_set_defaults()
   set). */
void net_opts_init(struct net_opts *o);

/*
 * Solve one phase. net and jobs[0..njobs) (with their patterns and
 * placements) are borrowed and must not change during the solve; they are
 * only read, so several solves may share them, on any threads (a front
 * end runs a solve in a background thread and cancels it through
 * opts->progress). opts may be NULL (defaults); out-of-range options are
 * clamped. Returns the result (caller owns it: net_result_free()) or NULL
 * with err (may be NULL) filled: RHO_EINPUT (no jobs, a job without
 * pattern or placement, an unknown routing, a placement too small for the
 * job's ranks or made for a smaller net, a message outside the job's
 * ranks, an endpoint that cannot reach another -- e.g. "job 1: rank 0
 * cannot reach rank 2"), RHO_ELIMIT (more than 2^31 paths), RHO_ECANCEL
 * (a callback asked to stop). Out of memory is fatal (rho_alloc.h).
 */
struct net_result *net_model_solve(const struct net *net,
                                   const struct net_job *jobs, int njobs,
                                   const struct net_opts *opts,
                                   struct rho_err *err);

/* Release res. NULL is a no-op. */
void net_result_free(struct net_result *res);

/* Where the fast engine departed from the model in r, in words for the
   batch output and the explorer (rho-model(7), The fast engine): the
   exposure over fewer rounds than the model's ("over 14 rounds, not the
   model's 50 (...)"), and identical AI/AH messages solved in runs
   ("identical AI/AH messages solved in runs of up to 4, ..."). Each
   writes into buf (n bytes) and returns 1, or returns 0 when r has no
   such departure. */
int net_note_exposure(const struct net_result *r, char *buf, size_t n);
int net_note_sharing(const struct net_result *r, char *buf, size_t n);

/* Check jobs[0..njobs) against net as net_model_solve() does before it
   solves (a job without pattern or placement, an unknown routing, a
   placement too small for the job's ranks or made for another net): 0, or
   -1 with err filled (RHO_EINPUT). none is the message when there are no
   jobs ("link model: no jobs"). For every model that routes jobs. */
int net_jobs_check(const struct net *net, const struct net_job *jobs,
                   int njobs, const char *none, struct rho_err *err);

/* The traffic of jobs[0..njobs) cut into chunks, each job into about
   per pieces of its pattern's units: chunk k is units [(*u0)[k],
   (*u1)[k]) of job (*job)[k]. Returns the number of chunks; the three
   arrays are new (caller frees). What the engines and the queueing
   model hand to the pool, in this order. */
int net_jobs_chunks(const struct net_job *jobs, int njobs, long long per,
                    int **job, long long **u0, long long **u1);

/* The error of a message of job (0-based; the message counts jobs from 1,
   as a script lists them): outside the job's ranks ("job 1: message
   3 -> 9 outside the job's ranks"), or, unreachable set, between ranks no
   route joins ("job 1: rank 0 cannot reach rank 2"). Returns -1 with err
   filled (RHO_EINPUT). */
int net_msg_error(struct rho_err *err, int unreachable, int job, int src,
                  int dst);

/* "DOR", "SD", "SI", "AD", "AI", "AH", "BGQ" (any case; "UPDOWN" is SD)
   and back; -1 if unknown. */
int net_routing_parse(const char *name);
const char *net_routing_name(int routing);

/* Adaptive routings: AD, AI, AH. */
int net_routing_adaptive(int routing);

/* "fast", "exact", "reference" (any case) and back; -1 if unknown.
   net_engine_name(NET_ENGINE_DEFAULT) names the engine it stands for. */
int net_engine_parse(const char *name);
const char *net_engine_name(int engine);

/* Process-wide defaults for net_opts_init() (the command line's --engine
   and --max-memory, rho-mpi's ranks): engine (NET_ENGINE_DEFAULT then stands
   for it when it is another), mem_limit, samples and the distributed
   solve (nranks, rank, reduce, gather, reduce_ctx) are taken from o; the
   rest keeps the built-in defaults. Call before any solve starts: it is
   not synchronised with running solves. */
void net_opts_set_defaults(const struct net_opts *o);

#endif
