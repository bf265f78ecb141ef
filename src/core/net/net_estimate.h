/*
 * net_estimate: about how long a link model run will route, before it
 * starts -- for the routing that routes every packet on its own (SI: a
 * Valiant path per 64-byte packet), which takes minutes on a workload of
 * a large dragonfly and hours on the thesis system, so that a front end
 * can say so when the user picks it (rho(1): the explorer's status line,
 * a note on stderr in batch).
 */
#ifndef RHO_CORE_NET_NET_ESTIMATE_H
#define RHO_CORE_NET_NET_ESTIMATE_H

#include "core/net/net_scen.h"

/* The SI packets per message: ceil(bytes / packet), at least 1. */
#define NET_SI_PACKET 64.0

/* The front ends warn when SI would route for longer than this (s). */
#define NET_SI_WARN_S 10.0

struct net_si_estimate {
    double msgs;    /* messages of the jobs that route SI */
    double packets; /* their packets (a path each) */
    double hops;    /* the mean links of a path */
    double seconds; /* about how long routing them takes */
};

/*
 * Estimate the SI jobs of l (those whose routing is NET_SI) on threads
 * threads (< 1: 1): units spread over each such job's pattern are walked
 * until about 2,000 messages were seen (or 2 ms passed), their packets
 * counted (messages within a node route nothing), and Valiant paths
 * drawn for them as the model draws a packet's, reading a per-link array
 * at each link as the model adds to its sums, in 8 timed rounds of 250;
 * the fastest round's time per path scales to every packet. What the
 * time is of this machine unloaded, within a factor of about two of the
 * model's (bgq-512-umesh: 24 s for 23 s of CPU). A few ms whatever the
 * size (the explorer calls it on its loop thread). An edit whose
 * placement is not made yet (net_scen.pending) is estimated on the one
 * before it. Returns 1 with *out filled, or 0 (*out zeroed) when no job
 * routes SI.
 */
int net_si_estimate(const struct net_scen *l, int threads,
                    struct net_si_estimate *out);

/*
 * "SI routes every packet: about 5 min on this scenario" into buf (n
 * bytes) when routing SI on l on threads threads would take more than
 * secs seconds; returns 1 then, else 0 (buf empty). The front ends add
 * what stops it.
 */
int net_si_warning(const struct net_scen *l, int threads, double secs,
                   char *buf, size_t n);

#endif
