/*
 * net_features: the congestion indicators of Jain's Ch. 4 (Tables 4.1 and
 * 4.2), computed from a link-model result, so that a user can feed them to
 * a predictor as the thesis did. The thesis aggregates every raw
 * indicator per link (or message) as:
 *  - avg and max;
 *  - AO, "average outliers": the values above the mean of the data set
 *    (L1194), their mean and their number (#links AO);
 *  - TO, "top outliers": the top 5% of the distribution (L1026), here the
 *    mean of the values at or above the 95th percentile; L1196 reads "within
 *    5% of the maximum" instead, given as TOmax (the mean of the
 *    values >= 0.95 max; more links than the top 5% may be that near the
 *    max, so TOmax may be below TO).
 * From the link model come the bytes on links (per class and over all
 * links, zero-traffic links included, as net_stats), the dilation (hops on
 * the path the topology's minimal routing takes between the two nodes,
 * Table 4.1 "analytical", every message, intra-node ones 0) and an
 * approximation of the injection FIFO length. The stall indicators (9 of
 * the 19 features) need buffers and packets: a packet-level model, which
 * rho does not have; they are absent, not zero.
 *
 * The injection FIFO approximation: a BG/Q task picks an injection FIFO
 * by the coordinate difference to the destination (L985); rho takes one
 * FIFO per outgoing link of a node and puts a message in the FIFO of the
 * first link of its dimension-order path; max inj FIFO is the most
 * messages any FIFO holds. An approximation, labelled so.
 */
#ifndef RHO_CORE_NET_NET_FEATURES_H
#define RHO_CORE_NET_NET_FEATURES_H

#include <stddef.h>

#include "core/base/job.h"
#include "core/base/rho_err.h"
#include "core/net/net_model.h"

/* The link-load features of one class ("all" or a net class). */
struct net_class_features {
    char name[48];
    long long links;
    double sum, avg, max;  /* bytes */
    double avg_ao;         /* mean of the links above avg */
    long long n_ao;        /* #links AO */
    double avg_to;         /* mean of the links >= the 95th percentile */
    double avg_to_nearmax; /* mean of the links >= 0.95 max */
};

struct net_features {
    int nclasses; /* 1 + the net's classes: [0] is all links */
    struct net_class_features *cls;
    /* dilation over the messages */
    long long msgs;
    double avg_dilation, max_dilation;
    double avg_dilation_ao, sum_dilation_ao; /* over messages above avg */
    long long n_dilation_ao;
    double hop_bytes; /* sum of bytes x dilation */
    /* the injection FIFO approximation (messages) */
    long long max_inj_fifo;
};

/*
 * The features of res, the result of solving jobs[0..njobs) on net: link
 * features from res->bytes, message features from a pass over the jobs'
 * patterns (every message, every phase; O(messages): 115 million
 * messages route for seconds) on a pool of threads workers (< 1: one),
 * the same with any number. job (may be NULL) receives the progress in
 * units (job_progress()) and stops the pass when cancelled: each worker
 * looks every NET_FEATURES_POLL messages.
 * Returns a new record (caller owns it: net_features_free()) or NULL with
 * err filled (no result, a message between unreachable nodes,
 * RHO_ECANCEL).
 */
#define NET_FEATURES_POLL 4096
struct net_features *net_features_new(const struct net *net,
                                      const struct net_job *jobs, int njobs,
                                      const struct net_result *res,
                                      int threads, struct job *job,
                                      struct rho_err *err);

/* Release f. NULL is a no-op. */
void net_features_free(struct net_features *f);

/* The names of the 19 features of Jain Table 4.2, in its order, and
   whether rho computes feature i (the stall ones it does not). */
#define NET_FEATURES 19
extern const char *const net_feature_names[NET_FEATURES];
int net_feature_computed(int i);

/* Feature i of Table 4.2 over all links (the value, or NaN when rho does
   not compute it). */
double net_feature_value(const struct net_features *f, int i);

/* Feature i of Table 4.2 for people, into buf: bytes as sizes ("1.281
   MiB"), whole numbers with their thousands separated ("282,902"), other
   ratios to 6 digits, "-" for what rho does not compute. What the batch
   report and the Metrics view print. Returns buf. */
char *net_feature_text(const struct net_features *f, int i, char *buf,
                       size_t n);

#endif
