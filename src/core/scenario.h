/*
 * scenario: what a scenario script describes, as plain C data -- a title,
 * a PCIe tree, the bandwidth and tau of the congestion model, a placement
 * of ranks on devices, and the flows. Scripts build one through the Lua
 * binding; the TUI edits a copy; scenario_to_lua() writes it back as a
 * script that loads to the same result.
 *
 * A scenario owns its flows and labels and holds a reference to its tree
 * (trees are immutable once finished, so copies share them).
 */
#ifndef RHO_CORE_SCENARIO_H
#define RHO_CORE_SCENARIO_H

#include <stdint.h>

#include "core/link_model.h"
#include "core/net.h"
#include "core/pattern.h"
#include "core/pcie.h"
#include "core/placement.h"
#include "core/pcie_sim.h"
#include "core/rho_err.h"
#include "core/strbuf.h"

/* The paper's measured values (Sec. VII): B = 11.6 GiB/s, tau = 1 - 1/1.21 */
#define SCENARIO_DEFAULT_BW (11.6 * 1073741824.0)
#define SCENARIO_DEFAULT_TAU 0.17355

struct scen_flow {
    int src, dst;           /* endpoint node ids in the scenario's tree */
    double bytes;           /* >= 0 */
    double start;           /* seconds, >= 0 */
    int line;               /* script line that declared it, 0 if unknown */
    char *label;            /* optional, may be NULL; owned */
    int src_rank, dst_rank; /* the ranks they were given as, or -1 for a
                               device named directly */
};

/* A job of the link-utilization model: a pattern over its ranks, which
   run on placement ranks offset .. offset + ranks - 1. */
struct scen_job {
    char *name;              /* owned, never NULL */
    struct pattern *pattern; /* one reference */
    int offset;              /* into the scenario's placement */
    int routing;             /* enum link_routing */
    int line;                /* script line, 0 if unknown */
};

/* The link-utilization part of a scenario: a network, a placement of the
   ranks of every job on its endpoints, the jobs, and the model's options. */
struct scen_link {
    struct net *net;             /* one reference */
    struct placement *placement; /* one reference */
    int routing;                 /* the scenario's, enum link_routing */
    int minimal;                 /* ROUTE_MIN or ROUTE_ALL */
    char *place_desc;            /* how the ranks were placed ("RDN"); owned */
    char *net_desc;              /* what the network is ("5x5 torus"); owned */
    int njobs;
    struct scen_job *job; /* owned */
};

struct scenario {
    char *title;       /* owned, never NULL */
    char *path;        /* script it came from, may be NULL; owned */
    struct pcie *pcie; /* one reference, may be NULL until set */
    double bandwidth;  /* B/s */
    double tau;
    uint64_t seed;
    int nflows, capflows;
    struct scen_flow *flow;
    int nranks;
    int *rank_node;         /* rank -> endpoint node id; owned */
    struct scen_link *link; /* the link model's part, or NULL; owned. A
                               scenario on a network has no PCIe tree; one
                               on a PCIe tree may have both (its tree seen
                               as a graph). */
};

/* A new scenario with defaults and no tree. Caller owns it. */
struct scenario *scenario_new(const char *title);

/* Free s. NULL is a no-op. */
void scenario_free(struct scenario *s);

/* A deep copy (the tree is shared by reference). Caller owns it. */
struct scenario *scenario_clone(const struct scenario *s);

/* Replace the tree (takes a new reference to p; p must be finished). */
void scenario_set_tree(struct scenario *s, struct pcie *p);

/* Replace title or path (copied). */
void scenario_set_title(struct scenario *s, const char *title);
void scenario_set_path(struct scenario *s, const char *path);

/*
 * Append a flow (label may be NULL; copied). Returns its index, or -1 with
 * err filled (not endpoints, src == dst, bad size or start).
 */
int scenario_add_flow(struct scenario *s, int src, int dst, double bytes,
                      double start, const char *label, int line,
                      struct rho_err *err);

/* Insert a copy of f at index i (0 <= i <= nflows). No checks. */
void scenario_insert_flow(struct scenario *s, int i, const struct scen_flow *f);

/* Remove flow i. */
void scenario_del_flow(struct scenario *s, int i);

/*
 * Move rank r to device node: the placement changes and so do the flows
 * given as that rank. Returns 0, or -1 with err filled (no such rank, not
 * a device, a flow would send to itself); s is unchanged on error.
 */
int scenario_move_rank(struct scenario *s, int r, int node,
                       struct rho_err *err);

/*
 * Reorder the flows to schedule prio (one int per flow; a source serves its
 * flows in increasing prio): each source's flows move, sorted by prio, into
 * the list positions that source's flows held, so other sources keep their
 * places. Written back as Lua, the scenario then runs that schedule.
 */
void scenario_apply_order(struct scenario *s, const int *prio);

/*
 * Check the whole scenario (tree present, every flow valid, bandwidth > 0,
 * 0 <= tau <= 1). Returns 0, or -1 with err naming the first problem.
 */
int scenario_check(const struct scenario *s, struct rho_err *err);

/*
 * Make a congestion-graph sim of the flows. Returns it (caller owns:
 * pcie_sim_free()) or NULL with err filled.
 */
struct pcie_sim *scenario_sim(const struct scenario *s, struct rho_err *err);

/*
 * Write s as a Lua scenario script into out (appended): the tree written
 * out with rho.rc/rho.switch/rho.gpu/rho.device, every flow explicit, exact
 * units. Loading it gives an identical scenario.
 */
void scenario_to_lua(const struct scenario *s, struct strbuf *out);

/*
 * The link model's part: a new empty one taking a reference to net (the
 * caller then sets the placement and adds jobs), and its release.
 */
struct scen_link *scen_link_new(struct net *net);
void scen_link_free(struct scen_link *l);

/* Append a job (takes over the caller's reference to pattern; name is
   copied). Returns its index. */
int scen_link_add_job(struct scen_link *l, const char *name,
                      struct pattern *pattern, int offset, int routing,
                      int line);

/*
 * Run the link-utilization model on s's link part with options o (may be
 * NULL: defaults; the scenario's seed and minimal-path mode are applied).
 * Returns the result (caller owns: link_result_free()) or NULL with err.
 */
struct link_result *scenario_link_solve(const struct scenario *s,
                                        const struct link_opts *o,
                                        struct rho_err *err);

/* "src->dst" names of flow i into buf. Returns buf. */
char *scenario_flow_name(const struct scenario *s, int i, char *buf, int n);

#endif
