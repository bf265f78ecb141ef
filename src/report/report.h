/*
 * report: results as text for people and as CSV and YAML for programs
 * (--batch). The text tables are the golden outputs of the scenarios; CSV
 * and YAML carry full precision (%.17g) in SI base units (bytes, seconds,
 * bytes per second). YAML goes through libyaml's emitter.
 */
#ifndef RHO_REPORT_REPORT_H
#define RHO_REPORT_REPORT_H

#include <stdio.h>

#include "core/pcie/pcie_sim.h"
#include "core/base/rho_err.h"
#include "core/net/net_stats.h"
#include "core/matrix.h"
#include "core/scenario.h"
#include "core/search.h"
#include "core/sweep.h"

enum report_fmt { REPORT_TEXT, REPORT_CSV, REPORT_YAML };

/* Parse "text", "csv" or "yaml". Returns 0, or -1 with err filled. */
int report_parse_fmt(const char *name, enum report_fmt *fmt,
                     struct rho_err *err);

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

/* Columns of a sweep point, as main.c fills them: the PCIe model's, then
   the link model's (when the scenario has a network or a routing). */
enum {
    SWEEP_MAKESPAN,
    SWEEP_MEAN,
    SWEEP_MAX,
    SWEEP_STARVED,
    SWEEP_LMAX,   /* the busiest link's bytes */
    SWEEP_LMEAN,  /* mean bytes per link */
    SWEEP_LHOPS,  /* mean hops per message */
    SWEEP_LPHASE, /* the phase time estimate */
    SWEEP_NCOLS
};

/* Which models a sweep ran (report_sweep's models). */
enum { SWEEP_PCIE = 1, SWEEP_LINK = 2 };

/*
 * A sweep: one row per point, the swept values then, for the PCIe model,
 * the makespan, the mean and the longest elapsed time of the flows
 * (NaN/"starved" when starved) and, for the link model, the busiest link's
 * bytes, the mean bytes per link, the mean hops and the phase estimate.
 */
int report_sweep(FILE *out, const char *title, const struct sweep *sw,
                 const double *data, int models, enum report_fmt fmt,
                 struct rho_err *err);

/* What report_link prints besides the statistics per class. */
enum {
    REPORT_LINK_LINKS = 1, /* every directed link (the table becomes the
                              link list in CSV) */
    REPORT_LINK_MSGS = 2,  /* every message with the bandwidth it obtained */
};

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

/* The sorted curve as CSV (rank,time_s): for --curve FILE. */
int report_search_curve(FILE *out, const struct search_result *r,
                        struct rho_err *err);

#endif
