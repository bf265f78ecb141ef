/*
 * lm_solve: the functional link-utilization model (DamselFly, Jain's
 * thesis Sec. 3.2.2; ../shared/spec/link-model.md): how the traffic of one
 * phase spreads over the links of a network under a routing and a
 * placement. All messages of a phase are in flight together; the output is
 * the bytes on every directed link and, for the adaptive routings, the
 * bandwidth each message obtained.
 *
 * Routings:
 *  DOR, SD   the minimal paths the topology offers, bytes split evenly; one
 *            pass, no bandwidth needed (on tori DOR is one path; SD is DOR
 *            too unless the torus was built with all_minimal). UPDOWN is
 *            SD on trees and fat-trees.
 *  SI        per packet (default 64 B), a Valiant path through a random
 *            intermediate router.
 *  AD        SD's paths; requests weighted by each path's minimum remaining
 *            bandwidth and by message size; links share their remaining
 *            bandwidth in proportion; iterate until no message gains (or
 *            200 rounds); bytes split by allocated bandwidth.
 *  AI        like AD over 4 indirect paths drawn afresh every round, with
 *            the bandwidth exposed 1/f per round for the first f = 50.
 *  AH        like AI with up to 2 direct and 2 indirect paths per round.
 *
 * Static routings stream messages from the generators on several threads
 * and add bytes in fixed point (2^-16 byte), so the result is exact and
 * does not depend on the number of threads. Adaptive ones keep the
 * messages in memory and run single-threaded and seeded.
 */
#ifndef RHO_CORE_LM_SOLVE_H
#define RHO_CORE_LM_SOLVE_H

#include <stdint.h>

#include "core/lm_net.h"
#include "core/lm_pattern.h"
#include "core/lm_place.h"
#include "core/rho_err.h"

enum lm_routing {
    LM_DOR,
    LM_SD,
    LM_SI,
    LM_AD,
    LM_AI,
    LM_AH,
    LM_UPDOWN,
    LM_NROUTINGS
};

/* A job: a pattern on a contiguous range of global ranks, with a routing. */
struct lm_job {
    const struct lm_pattern *pat; /* ranks 0 .. pat->nranks-1 of the job */
    long long first;              /* its rank 0 is global rank first */
    int routing;
    char name[32];
};

struct lm_opts {
    int threads;        /* static routings; 0: one per CPU */
    uint64_t seed;
    int packet;         /* SI packet size in bytes; 0: 64 */
    int max_rounds;     /* adaptive; 0: 200 */
    int expose;         /* AI/AH incremental exposure f; 0: 50 */
    int round_links;    /* record every round's per-link allocation when
                           the net has at most this many links (stepper) */
    /* progress: called from the calling thread; nonzero cancels */
    int (*progress)(void *ctx, double fraction);
    void *ctx;
};

/* One allocation round of an adaptive routing (for the stepper view). */
struct lm_round {
    double allocated;   /* B/s allocated this round */
    int active;         /* messages still gaining */
    int saturated;      /* links with no bandwidth left */
};

struct lm_result {
    int nl, njobs;
    double *traffic;      /* per link: bytes */
    double *job_traffic;  /* njobs x nl, when njobs > 1; else NULL */
    long long messages;   /* all messages */
    long long local;      /* messages between ranks of one router */
    double bytes;         /* all bytes */
    double local_bytes;
    double hop_bytes;     /* = sum of traffic */
    int max_hops;
    /* adaptive routings */
    long long nmsg;       /* messages kept */
    double *msg_bw;       /* per kept message: B/s obtained */
    double *msg_bytes;
    long long *msg_src, *msg_dst; /* global ranks */
    int *msg_job;
    int nrounds;
    struct lm_round *round;
    double *round_link;   /* nrounds x nl, or NULL */
    double phase_time;    /* extension: see lm_solve() */
    double seconds;
};

/*
 * Solve jobs on net with placement pl. A job's global ranks must be
 * placed (pl covers them). Returns 0 and fills res (caller's; release with
 * lm_result_fini()), or -1 with err: a rank not placed, a bad pattern,
 * cancelled (RHO_ECANCEL). phase_time is an extension, not the thesis's
 * model: the most loaded link's bytes over its bandwidth for static
 * routings, the slowest message's bytes over its bandwidth for adaptive
 * ones.
 */
int lm_solve(const struct lm_net *net, const struct lm_place *pl,
             const struct lm_job *jobs, int njobs, const struct lm_opts *o,
             struct lm_result *res, struct rho_err *err);

void lm_result_fini(struct lm_result *res);

/* "DOR", "SD", ...; lookup -1 if unknown. */
const char *lm_routing_name(int r);
int lm_routing_lookup(const char *name);

#endif
