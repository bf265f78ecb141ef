/*
 * scenario: what a scenario script describes, as plain C data -- a title,
 * a PCIe tree, the bandwidth and tau of the congestion model, a placement
 * of ranks on devices, and the flows. Scripts build one through the Lua
 * binding; the TUI edits a copy; scenario_to_lua() writes it back as a
 * script that loads to the same result.
 *
 * A scenario owns its flows and labels and holds a reference to its tree
 * (trees are immutable once finished, so copies share them). On a network
 * it has no tree: its link part (net_scen.h) holds the network, the
 * placement and the jobs, with the specs they were made from, so that they
 * can be edited and written back without Lua. The queueing model's part
 * (queue_scen.h) holds its options, and on a scenario of given levels
 * (rho.levels: no tree, no network) the levels.
 */
#ifndef RHO_CORE_SCENARIO_H
#define RHO_CORE_SCENARIO_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/net/net_model.h"
#include "core/net/net.h"
#include "core/net/pattern.h"
#include "core/pcie/pcie.h"
#include "core/net/placement.h"
#include "core/pcie/pcie_sim.h"
#include "core/base/rho_err.h"
#include "core/lesson.h"
#include "core/net/net_scen.h"
#include "core/base/strbuf.h"
#include "core/queue/queue_scen.h"

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
    int via;                /* enum pcie_via: the route it must take */
    int stream;             /* flows of one source on different streams
                               run at once */
    int id;                 /* which flow of the script it is (its index
                               as loaded), or -1: made by an edit. Edits
                               of a flow keep it; saving finds the flow's
                               text by it */
};

/*
 * The script a scenario was loaded from, for saving it in place
 * (scenario_save.h): its text as it was read and the scenario as it was
 * loaded (the base that edits are told from). Immutable once made and
 * shared by a scenario's copies: reference counted, from any thread.
 */
struct scen_src {
    _Atomic int refs;
    char *text; /* owned, NUL-terminated */
    size_t len;
    struct scenario *base; /* owned; has no source itself */
};

struct scenario {
    char *title;       /* owned, never NULL */
    char *path;        /* script it came from, may be NULL; owned */
    int line;          /* the line of its rho.scenario call, 0 if unknown */
    struct pcie *pcie; /* one reference, may be NULL until set */
    double bandwidth;  /* B/s: every link that declares no capacity */
    double tau;
    double efficiency;    /* payload share of PCIe links written as GT/s */
    int efficiency_given; /* the script set it (written back then) */
    int via;              /* enum pcie_via: the scenario's default route */
    uint64_t seed;
    int nflows, capflows;
    struct scen_flow *flow;
    int nranks;
    int *rank_node;       /* rank -> endpoint node id; owned */
    struct net_scen *net; /* the link model's part, or NULL; owned. A
                              scenario on a network has no PCIe tree; one
                              on a PCIe tree may have both (its tree seen
                              as a graph). */
    struct scen_src *src; /* the script it was loaded from, or NULL; one
                             reference (copies share it) */
    struct lesson *lesson; /* its narrative for a class, or NULL; owned */
    unsigned models; /* `models = { ... }`: the models the script asks
                        for, bit k for model_table[k] (core/model.h); 0:
                        every one that applies */
    struct queue_scen *queue; /* the queueing model's options (NULL:
                                 defaults), and its levels on a scenario
                                 with no network (rho.levels); owned */
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
 * Record that s was loaded from a script whose text is len bytes at text
 * (copied; s->path and s->line say where it is and where its
 * rho.scenario call is): s as it is now becomes the base that later edits
 * of its copies are compared with when saving, and each flow's id is set
 * to its index. Replaces any earlier source.
 */
void scenario_set_source(struct scenario *s, const char *text, size_t len);

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
 * Check the whole scenario: a PCIe scenario (tree present, every flow
 * valid, bandwidth > 0, 0 <= tau <= 1), a network scenario (no tree, a
 * link part with a placement and at least one job), or a scenario of
 * given levels (neither, a queue part with levels). Returns 0, or -1 with
 * err naming the first problem ("the scenario has no topology" when it
 * has none of them).
 */
int scenario_check(const struct scenario *s, struct rho_err *err);

/*
 * Make a congestion-graph sim of the flows. Returns it (caller owns:
 * pcie_sim_free()) or NULL with err filled.
 */
struct pcie_sim *scenario_sim(const struct scenario *s, struct rho_err *err);

/*
 * Write s as a Lua scenario script into out (appended), exact units:
 * a PCIe scenario as its tree (rho.rc/rho.switch/rho.gpu/rho.device) and
 * every flow, plus `routing` (and `paths = "all"`) when it has a link part
 * and flows; a network scenario as its network builder (from the spec:
 * rho.torus{}, rho.mesh{}, rho.dragonfly{}, rho.fattree{}, rho.tca{},
 * rho.network "name"), routing, paths, seed, placement, `traffic =` /
 * `jobs = { ... }` with every pattern's options, and `flows = { ... }`;
 * a scenario of given levels as rho.levels{}; and the queueing model's
 * options as `queue = { ... }` when they are not the defaults.
 * Loading it gives an identical scenario (the same specs, bit-identical
 * results of every model).
 */
void scenario_to_lua(const struct scenario *s, struct strbuf *out);

/* The same without the fields named in skip (NULL-terminated; NULL:
   none): what a model that never reads them keys its results by. */
void scenario_to_lua_but(const struct scenario *s, const char *const *skip,
                         struct strbuf *out);

/* The same from text, s as scenario_to_lua() wrote it (len bytes): the
   skipped fields cut out of it, which costs a copy rather than writing
   the scenario again (milc-bgq's 335 KB take 25 ms to write). */
void scenario_lua_cut(const struct scenario *s, const char *text, size_t len,
                      const char *const *skip, struct strbuf *out);

/*
 * The names of the fields scenario_to_lua() writes for s, in its order
 * (NULL-ended; static): of a PCIe scenario "title", "topology",
 * "bandwidth", "tau", "efficiency", "via", "seed", "placement",
 * "routing", "paths", "flows", "models", "queue", "lesson"; of a network
 * "title", "topology", "routing", "paths", "seed", "gamma",
 * "bgq_threshold", "placement", "traffic", "jobs", "flows", "models",
 * "queue", "lesson"; of given levels "title", "topology", "seed",
 * "models", "queue", "lesson".
 */
const char *const *scenario_lua_fields(const struct scenario *s);

/*
 * The value of field name of s as scenario_to_lua() writes it, without
 * "name = " (lines after the first indented for a field at column 2),
 * appended to out; returns 1. Returns 0 with out unchanged when s has no
 * such field (routing of a PCIe scenario without a link part, traffic of a
 * network whose jobs are all in jobs, an unknown name), or when full is 0
 * and the value is the default scenario_to_lua() leaves out (seed 0, via
 * "auto", efficiency not given, paths "minimal" on a tree).
 */
int scenario_field_to_lua(const struct scenario *s, const char *name, int full,
                          struct strbuf *out);

/* Flow i of a PCIe scenario as scenario_to_lua() writes it in its list:
   "{ 0, 2, size = \"300 MiB\" }" (no comma), appended to out. */
void scenario_flow_to_lua(const struct scenario *s, int i, struct strbuf *out);

/*
 * Run the link-utilization model on s's link part with options o (may be
 * NULL: defaults; the scenario's seed and minimal-path mode are applied).
 * Returns the result (caller owns: net_result_free()) or NULL with err
 * (RHO_ELIMIT when the solve would need more memory than o->mem_limit:
 * see net_model_solve()).
 */
struct net_result *scenario_net_solve(const struct scenario *s,
                                      const struct net_opts *o,
                                      struct rho_err *err);

/*
 * A PCIe scenario's tree as a network, for the link model: every node a
 * router and an endpoint (rank = node id), s's bandwidth on every link.
 * Returns a new net (caller owns it: net_free()) or NULL with err filled
 * (no tree).
 */
struct net *scenario_tree_net(const struct scenario *s, struct rho_err *err);

/*
 * Give a PCIe scenario a link part on its tree (replacing any): the tree as
 * a network (scenario_tree_net()), ranks = node ids (linear), the flows as
 * one job "flows" declared at line, routing (enum net_routing) for the
 * scenario and the job, ROUTE_MIN. Returns 0, or -1 with err filled (no
 * tree, a bad routing); s is unchanged on error.
 */
int scenario_net_tree(struct scenario *s, int routing, int line,
                      struct rho_err *err);

/*
 * After an edit of a PCIe scenario whose link part is made from its tree
 * (its flows, its bandwidth), make that part again from the tree and the
 * flows, keeping routing, paths and the job's line. Does nothing (returns
 * 0) for other scenarios. Returns 0, or -1 with err filled (s unchanged).
 */
int scenario_net_sync_tree(struct scenario *s, struct rho_err *err);

/*
 * Edits of the link part. Each returns 0, or -1 with err filled and s
 * unchanged (a scenario without a link part: "the scenario has no link
 * model").
 *
 * scenario_net_set_routing: routing (enum net_routing) for the scenario
 * and every job. O(jobs).
 *
 * scenario_net_set_placement: text as the `placement` string field takes
 * it -- a scheme ("linear", "random", "RDN", "RDR", "RDC", "RDG", "RRN",
 * "RRR", any case) or on a torus an order such as "TABCDE" -- made for the
 * same number of ranks with s's seed; place_desc follows. Refused on a
 * PCIe tree's link part (its ranks are its node ids). O(ranks).
 *
 * scenario_net_set_seed: s->seed = seed, and the placement and every
 * job's pattern made again from their specs with it (job j's pattern from
 * seed + j, as a script gets them). O(ranks).
 *
 * scenario_net_set_paths: ROUTE_MIN or ROUTE_ALL (`paths = "minimal"` or
 * `"all"`). O(1).
 */
int scenario_net_set_routing(struct scenario *s, int routing,
                             struct rho_err *err);
int scenario_net_set_placement(struct scenario *s, const char *text,
                               struct rho_err *err);

/*
 * The same edits of the placement and the seed with the O(ranks) work
 * left to whoever runs a model on s (or a copy of it): the text and the
 * family are checked and place_desc, place and the seed follow at once,
 * as scenario_net_set_placement() and scenario_net_set_seed() would set
 * them, but the placement and the patterns are made by
 * scenario_net_ready() (net_scen_defer()). What the explorer's loop
 * thread calls through the session. Same returns and errors.
 */
int scenario_net_defer_placement(struct scenario *s, const char *text,
                                 struct rho_err *err);
int scenario_net_defer_seed(struct scenario *s, uint64_t seed,
                            struct rho_err *err);

/*
 * Make what a deferred edit left (net_scen_ready()) before s's link part
 * is read; stop (may be NULL: none; a run's job's cancel flag) stops it
 * within 65536 ranks. Returns 0 (also when nothing was left), or -1 with
 * err filled (RHO_ECANCEL when stopped). O(ranks) after a deferred edit,
 * else O(1).
 */
int scenario_net_ready(struct scenario *s, const atomic_int *stop,
                       struct rho_err *err);
int scenario_net_set_seed(struct scenario *s, uint64_t seed,
                          struct rho_err *err);
int scenario_net_set_paths(struct scenario *s, int paths, struct rho_err *err);

/*
 * Set the queueing model's options from o (copied; o's given levels are
 * ignored, s's stay). Returns 0, or -1 with err filled and s unchanged (a
 * scenario with neither a network nor given levels; a bad option).
 */
int scenario_queue_set(struct scenario *s, const struct queue_scen *o,
                       struct rho_err *err);

/* "src->dst" names of flow i into buf. Returns buf. */
char *scenario_flow_name(const struct scenario *s, int i, char *buf, int n);

#endif
