/*
 * session: a scenario being explored and edited -- its current state, the
 * results of the congestion graph on it, and an undo/redo history. Every
 * edit records a snapshot (scenarios are small: a deep copy that shares the
 * immutable tree) and recomputes. A failed edit changes nothing. The TUI
 * drives a session; tests drive it without a terminal.
 *
 * A session also holds a scenario on a network (no PCIe tree, a link
 * part): its edits are the link model's (routing, placement, seed, paths),
 * it has no PCIe sim (session_sim() is NULL, session_result() empty,
 * session_status() ""), and the link model itself is run by the caller on
 * session_scenario() (it may take long: see net_run.h). A PCIe scenario
 * whose link part is made from its tree keeps that part in step with its
 * flows and bandwidth after every edit.
 */
#ifndef RHO_CORE_SESSION_H
#define RHO_CORE_SESSION_H

#include <stdint.h>

#include "core/pcie/pcie_sim.h"
#include "core/base/rho_err.h"
#include "core/scenario.h"

#define SESSION_HISTORY 200

struct session;

/* A session on s (a PCIe or a network scenario); takes ownership of s.
   Computes at once. Caller owns the session: session_free(). */
struct session *session_new(struct scenario *s);
void session_free(struct session *ss);

/* The scenario as edited (borrowed until the next edit). */
const struct scenario *session_scenario(const struct session *ss);

/* The sim and its last run (borrowed until the next edit). The run may be
   starved (res->starved); the sim is NULL when the scenario is invalid or
   a network (the result is then empty: no flows). */
struct pcie_sim *session_sim(struct session *ss);
const struct pcie_sim_result *session_result(const struct session *ss);

/* The message of the last computation ("" when it went well, and always
   on a network scenario). */
const char *session_status(const struct session *ss);

/* Edits: each returns 0, or -1 with err filled and nothing changed. */
int session_set_flow(struct session *ss, int i, const struct scen_flow *f,
                     struct rho_err *err);
int session_add_flow(struct session *ss, const struct scen_flow *f,
                     struct rho_err *err);
int session_del_flow(struct session *ss, int i, struct rho_err *err);
int session_set_tau(struct session *ss, double tau, struct rho_err *err);
int session_set_bandwidth(struct session *ss, double bw, struct rho_err *err);
int session_move_rank(struct session *ss, int r, int node, struct rho_err *err);

/*
 * Edits of the link part (see scenario_net_set_routing() and the others
 * in scenario.h): each returns 0, or -1 with err filled and nothing
 * changed ("the scenario has no link model" on a PCIe scenario without a
 * routing). Routing and paths are O(jobs); placement and seed rebuild the
 * placement and the patterns, O(ranks). None runs the link model.
 */
int session_set_routing(struct session *ss, int routing, struct rho_err *err);
int session_set_placement(struct session *ss, const char *text,
                          struct rho_err *err);
int session_set_seed(struct session *ss, uint64_t seed, struct rho_err *err);
int session_set_paths(struct session *ss, int paths, struct rho_err *err);

/* Reorder the flows to a schedule (see scenario_apply_order()). */
int session_apply_order(struct session *ss, const int *prio,
                        struct rho_err *err);

/*
 * Replace the whole scenario (a reload from disk; a PCIe or a network
 * scenario); takes ownership of s. Undoable like any edit.
 */
void session_replace(struct session *ss, struct scenario *s);

/* Undo or redo the last edit; return 0, or -1 when there is none. */
int session_undo(struct session *ss);
int session_redo(struct session *ss);
int session_can_undo(const struct session *ss);
int session_can_redo(const struct session *ss);

/* Edits since the last session_mark_saved(): the scenario differs from
   the file. */
int session_dirty(const struct session *ss);
void session_mark_saved(struct session *ss);

/* Bump on every change of the scenario (edit, undo, redo, replace). */
unsigned long session_version(const struct session *ss);

#endif
