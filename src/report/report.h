/*
 * report: the models' results as text for people and as CSV and YAML for
 * programs (--batch, --search, --sweep). The text tables are the golden
 * outputs of the scenarios; CSV and YAML carry full precision (%.17g) in
 * SI base units (bytes, seconds, bytes per second). YAML goes through
 * libyaml's emitter.
 *
 * Each model has a batch printer, found by the model's name in a table
 * (report.c; report_pcie.c and report_net.c are the printers): the front
 * ends print any model's result with report_model(). Sweeps print the
 * columns each model declares in its entry (model.h).
 */
#ifndef RHO_REPORT_REPORT_H
#define RHO_REPORT_REPORT_H

#include <stdio.h>

#include "core/base/rho_err.h"
#include "core/model.h"
#include "core/net/net_stats.h"
#include "core/matrix.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "core/search.h"
#include "core/net/net_design.h"
#include "core/sweep.h"

enum report_fmt { REPORT_TEXT, REPORT_CSV, REPORT_YAML };

/* Parse "text", "csv" or "yaml". Returns 0, or -1 with err filled. */
int report_parse_fmt(const char *name, enum report_fmt *fmt,
                     struct rho_err *err);

/* What a model's batch printer is asked for besides its default table
   (bits of report_opts.what). */
enum {
    REPORT_STEPS = 1,        /* PCIe: Algorithm 1's steps (Table I) */
    REPORT_TIMELINE = 2,     /* PCIe: the time steps (Table II) */
    REPORT_STEPPER = 4,      /* PCIe: Algorithm 1 one port at a time */
    REPORT_LINK_LINKS = 8,   /* link: every directed link (the table becomes
                                the link list in CSV) */
    REPORT_LINK_MSGS = 16,   /* link: every message with the bandwidth it
                                obtained */
    REPORT_LINK_METRICS = 32 /* link: Jain's Ch. 4 indicators (Tables 4.1,
                                4.2; net_features.h) -- in CSV the list,
                                one row per scope and feature */
};

struct report_opts {
    enum report_fmt fmt;
    int what;    /* REPORT_* bits; a printer ignores other models' */
    int explain; /* > 0: explain item explain - 1 (a flow) instead */
    double at;   /* explain, stepper: the moment; NaN: the first start */
};

/*
 * Print res, a result of model m, as o asks, with the printer the table
 * has for m's name. Returns 0, or -1 with err filled: RHO_EIO (writing
 * failed), RHO_ESTARVED (printed, but the run starved: err says where),
 * RHO_EINPUT (an item that is not there; a model without a printer).
 */
int report_model(FILE *out, const struct model_entry *m, void *res,
                 const struct report_opts *o, struct rho_err *err);

/*
 * The flows of s after a congestion-graph run res: source, destination,
 * size, start, end, elapsed, average bandwidth (bytes / elapsed). A
 * starved run prints what finished and marks the rest. Returns 0, or -1
 * with err filled (RHO_EIO when writing fails).
 */
int report_flows(FILE *out, const struct scenario *s,
                 const struct pcie_sim_result *res, enum report_fmt fmt,
                 struct rho_err *err);

/*
 * The factor after each step of Algorithm 1 (A, B, C, D8, D9) of the
 * flows present at the first start, as in the paper's Table I. sim is the
 * scenario's sim (its model is evaluated here).
 */
/*
 * The bandwidth matrix m of s (core/matrix.h): as text, two tables of
 * GB/s (source rows, destination columns: each copy alone, then every
 * copy at once); as CSV, src,dst,alone_Bps,together_Bps; as YAML, a list
 * of pairs. Returns 0, or -1 with err filled (RHO_EIO) when writing fails.
 */
int report_matrix(FILE *out, const struct scenario *s, const struct matrix *m,
                  enum report_fmt f, struct rho_err *err);

int report_steps(FILE *out, const struct scenario *s, struct pcie_sim *sim,
                 enum report_fmt fmt, struct rho_err *err);

/*
 * The time steps of the congestion graph (Table II): per step its start,
 * end and every present flow's factor, bytes sent and bytes left.
 */
int report_timeline(FILE *out, const struct scenario *s,
                    const struct pcie_sim_result *res, enum report_fmt fmt,
                    struct rho_err *err);

/*
 * A schedule search: the fastest, median, slowest and baseline schedules
 * with their orders and times, the ratios, and the sorted curve (text: a
 * plot; YAML: the summary; CSV: rank,time_s,schedule for every schedule).
 */
int report_search(FILE *out, const struct scenario *s,
                  const struct search_result *r, enum report_fmt fmt,
                  struct rho_err *err);

/*
 * A sweep: one row per point, the swept values, then the columns
 * (model_entry.cols) of each model of table (NULL: model_table) whose bit
 * is set in ran, in table order. data holds model_sweep_layout(table)
 * numbers per point: a model's columns, then nonzero when its run failed
 * in its own way (its columns then read failed_word and "-", and a
 * status column says so in CSV and YAML). The header names the models
 * unless only the table's first ran.
 */
int report_sweep(FILE *out, const char *title, const struct sweep *sw,
                 const double *data, const struct model_entry *const *table,
                 unsigned ran, enum report_fmt fmt, struct rho_err *err);

/*
 * A sweep's numbers as terminal plots (--plot), after report_sweep()'s
 * table: one bar chart per column of each model that ran, a row per
 * point labelled with its swept values, bars scaled to the largest value
 * (a failed run's row says so). Text only. Returns 0, or -1 with err
 * filled (RHO_EIO).
 */
int report_sweep_plot(FILE *out, const struct sweep *sw, const double *data,
                      const struct model_entry *const *table, unsigned ran,
                      struct rho_err *err);

/*
 * The link-utilization model's result res on s->net, with its statistics
 * st (net_stats_result with the mapping metrics): a header (network,
 * routing, placement, jobs), per link class the links used and the
 * six-number summary of bytes, the ten hottest links by name, hop-bytes and
 * hops, the adaptive solve's rounds and the messages' bandwidths. what
 * adds the REPORT_LINK_* lists; CSV prints one list (messages, else
 * links, else the classes).
 */
int report_link(FILE *out, const struct scenario *s,
                const struct net_result *res, const struct net_stats *st,
                enum report_fmt fmt, int what, struct rho_err *err);

/* One design of a comparison (--compare): the value that made it, the
   network and its cost, and the link model's numbers on the workload. */
struct report_design {
    const char *value; /* the swept value, borrowed */
    char desc[200];    /* what the network is */
    long long nodes;
    struct net_cost cost;
    double max_link, mean_link; /* bytes */
    double avg_hops;
    double time;  /* the phase estimate (s) */
    double bytes; /* the workload's bytes */
    /* against the first design when both run on the same network (a
       routing or placement compared; net_stats_diff()): same set, the
       links, and those whose bytes changed, rose, fell */
    int same;
    long long links, changed, up, down;
};

/*
 * Designs compared on one workload, as Jain's Ch. 6 does: per design the
 * network, nodes, routers, cables and cost (net_design.h), the busiest and
 * mean link, the mean hops, the phase estimate, the rate (bytes / time)
 * and the rate per dollar, and the rate per dollar relative to the first
 * design (the thesis normalizes to its fat-tree); as text, below them,
 * how many links changed against the first design for a design on the
 * same network (report_design.same). name is the swept parameter. Returns 0, or -1 with err filled (RHO_EIO).
 */
int report_compare(FILE *out, const char *title, const char *name,
                   const struct report_design *d, int n, enum report_fmt fmt,
                   struct rho_err *err);

/*
 * The queueing model's run r: what was modelled (network, traffic, load),
 * the levels at the operating point (links, capacity, visits, arrivals,
 * utilisation, delay, the bottleneck), saturation, throughput, throttle
 * and delay, every split of the budget with its relative throughput, the
 * routing probabilities and highest-level shares (up to 8 levels), the
 * link model's view of each level (when compared), and the throughput and
 * delay curves against the load. CSV: one row per split and level. YAML:
 * all of it.
 */
struct queue_run;
int report_queue(FILE *out, const struct queue_run *r, enum report_fmt fmt,
                 struct rho_err *err);

/* The sorted curve as CSV (rank,time_s): for --curve FILE. */
int report_search_curve(FILE *out, const struct search_result *r,
                        struct rho_err *err);

#endif
