/*
 * session: a scenario being explored and edited -- its current state, the
 * runs of the models on it, and an undo/redo history. Every edit records
 * a snapshot (scenarios are small: a deep copy that shares the immutable
 * tree and network) and runs the models again. A failed edit changes
 * nothing. The TUI drives a session; batch, --dump and the tests drive
 * it without a terminal.
 *
 * The runs. A session has a model table (model.h) and runs every model
 * of it that applies to the current scenario (and was selected): one run
 * each, the same way for every front end. A model that is cheap runs at
 * every edit, on the calling thread, so its result is always of the
 * current scenario. A background model runs on a job thread started by
 * session_poll() (the TUI calls it every tick); its last finished result
 * stays while a newer run computes, an edit cancels a stale run, and
 * session_wait() runs everything to the end (batch, --dump, sweeps,
 * tests). A run that fails leaves its error for that version; a cheap
 * model's result is then NULL, a background one's stays the last good.
 *
 * A PCIe scenario whose link part is made from its tree keeps that part
 * in step with its flows and bandwidth after every edit.
 */
#ifndef RHO_CORE_SESSION_H
#define RHO_CORE_SESSION_H

#include <stdint.h>

#include "core/base/rho_err.h"
#include "core/model.h"
#include "core/scenario.h"

#define SESSION_HISTORY 200
/* Results a background model's run remembers of other states (with
   model_entry.shelve), and the bytes they may hold, at most (or an eighth
   of the machine's memory, if less): R goes round the seven routings and
   back to a remembered one (pf3d-rubik's take 88 to 189 MiB each). */
#define SESSION_MEMO 16
#define SESSION_MEMO_BYTES ((size_t)1 << 30)

struct session;

/* How a session runs its models. */
struct session_opts {
    const struct model_entry *const *models; /* a model table
                                                (NULL-terminated, borrowed
                                                for the session's life);
                                                NULL: model_table */
    unsigned only; /* bit k: run only entry k of the table; 0: all */
    int threads;   /* threads of a background run; < 1: 1 */
    unsigned keep; /* MODEL_KEEP_* bits of every run */
    int prev;      /* keep each model's result one generation back (what
                      a view compares the last result with: the TUI) */
};

/* A session on s (a PCIe or a network scenario); takes ownership of s.
   Runs the cheap models at once, with the default options (every model,
   one thread, MODEL_KEEP_VIEWS). Caller owns the session:
   session_free(). */
struct session *session_new(struct scenario *s);

/* The same with options o (NULL: the defaults; o is copied). */
struct session *session_new_with(struct scenario *s,
                                 const struct session_opts *o);

/* Stop its runs (cancel them all, then join each) and free everything.
   NULL is a no-op. */
void session_free(struct session *ss);

/* Ask every background run to stop, and return at once (they stop
   within about 100 ms; session_free() or session_poll() joins them): a
   front end that quits calls it first. */
void session_cancel(struct session *ss);

/* Stop the background runs of the current version (Esc): each is
   cancelled and none starts again for this version -- the last result
   stays (session_run().stopped says so) until an edit, undo or redo
   makes a new version, which runs. Returns how many were computing. */
int session_stop(struct session *ss);

/* The threads a background run uses (session_opts.threads, at least 1). */
int session_threads(const struct session *ss);

/* The scenario as edited (borrowed until the next edit). */
const struct scenario *session_scenario(const struct session *ss);

/* ---- the runs ---- */

/* What a session knows of one model's run. */
struct session_run {
    const struct model_entry *model;
    void *result;                /* the last finished result, or NULL; borrowed
                                    until the next edit, session_poll() or
                                    session_wait() (the model's header says
                                    what may be done with it) */
    unsigned long version;       /* the session version result is of */
    int busy;                    /* a run of the current version computes */
    const char *phase;           /* busy: its phase ("start" before any) */
    double frac;                 /* busy: the fraction of that phase done */
    const struct rho_err *error; /* why the run of the current version
                                    failed, or NULL */
    double seconds;              /* the wall time of the run that made result */
    unsigned long serial;        /* results made so far: a new one changes it */
    int stopped;                 /* session_stop() stopped the run of the
                                    current version: result is older */
    double elapsed;              /* busy: seconds since the run started */
    int remembered;              /* result was remembered from when the
                                    scenario was in the same state before
                                    (an undo, R round to the same routing):
                                    shown again, not computed; seconds is
                                    what computing it took */
    int ahead;                   /* remembered, and computed by a
                                    look-ahead (session_ahead()) before
                                    the edit that made its state: never
                                    shown before */
    double left;                 /* busy: about how many seconds its phase
                                    needs to end, at the pace the polls
                                    saw since it began; < 0: not known
                                    yet (the first SESSION_ESTIMATE_AFTER
                                    seconds of a phase) */
};

/* Seconds of a phase before session_run() estimates what is left. */
#define SESSION_ESTIMATE_AFTER 0.3

/* The k-th model the session runs on its scenario (table order), or NULL
   past the last. The set changes with the scenario (a reload may bring
   another kind). */
const struct model_entry *session_model(const struct session *ss, int k);

/* Does the session run m on its scenario? */
int session_has_model(const struct session *ss, const struct model_entry *m);

/* The state of m's run into *out. Returns 0, or -1 (out zeroed) when the
   session does not run m. */
int session_run(const struct session *ss, const struct model_entry *m,
                struct session_run *out);

/* m's last finished result (as session_run()'s), or NULL. The model's
   accessors (model_pcie_run(), model_net_run()) give it typed. */
void *session_result(const struct session *ss, const struct model_entry *m);

/*
 * With session_opts.prev: m's result before its last one -- the last
 * finished result of another version of the scenario (the one before
 * the last edit, undo or reload whose run finished) -- and its version
 * into *version (may be NULL); NULL when there is none yet (or the
 * session does not keep it, or does not run m). Borrowed as
 * session_result()'s.
 */
void *session_result_prev(const struct session *ss,
                          const struct model_entry *m, unsigned long *version);

/*
 * Keep the background runs in step with the scenario: take what finished,
 * cancel a stale run, start one for the current version (waiting up to
 * 50 ms for it, so that a small model never shows a half state; a stale
 * run is joined once it sees its cancel, which models check often).
 * Cheap when nothing changed. Returns 1 when
 * something a screen shows changed or a run is computing (its progress
 * moves), else 0.
 */
int session_poll(struct session *ss);
/*
 * The model a front end shows (NULL: none, the default). While its run
 * of the current version computes (or is yet to start), session_poll()
 * starts no other background run: the two would share the CPUs, and the
 * one on screen would take up to twice as long (the link model on the
 * supernode machine under AD: 0.36 s alone, 0.73 s beside the queueing
 * model). The others start at the first poll after it ends; a run that
 * computes already goes on. session_wait() runs everything whatever the
 * focus.
 */
void session_focus(struct session *ss, const struct model_entry *m);

/*
 * Look ahead: s (taken; NULL: none) is the state the caller expects the
 * next edit to make -- the explorer's: the routing R brings. Once the
 * model on screen (session_focus(); with none, every model) has the
 * current state, each model that remembers its results
 * (model_entry.shelve) and has not got s computes it on a run of its
 * own, into its memory: when the edit comes, its result is there at the
 * first poll (session_run().remembered and .ahead); when the edit comes
 * while the run computes, the run goes on as the current state's (busy,
 * with its progress). Until then the run is not shown (session_run() is
 * not busy, session_poll() does not count it), and it gives way to the
 * model on screen: an edit, undo or redo that gives that model a state
 * to compute stops it (what it computed is lost), and so do
 * session_stop() and session_cancel(). Its error is not kept (the
 * state's own run says it, if the state comes). Replaces the look-ahead
 * asked before, which is forgotten if it has not started; an edit
 * forgets it too.
 */
void session_ahead(struct session *ss, struct scenario *s);
/* session_ahead() of the state session_set_routing(ss, routing) would
   make (the same state, to the byte). Returns 0, or -1 with err filled
   (the edit would fail: nothing is asked). */
int session_ahead_routing(struct session *ss, int routing,
                          struct rho_err *err);
/* The same for session_set_placement(ss, text). */
int session_ahead_placement(struct session *ss, const char *text,
                            struct rho_err *err);
/* Where the look-ahead last asked for stands: -1 asked for or computing;
   0 ended with its result remembered (or none was asked, or every model
   remembered the state already); 1 ended without one (refused at the
   memory of results, stopped, failed, or too large to remember). */
int session_ahead_ended(const struct session *ss);

/*
 * Run every model of the current version to the end on the calling
 * thread (joining a run that computes it already). Returns 0, or -1 with
 * err filled with the first failed model's error (table order); each
 * run's own error stays in session_run().
 */
int session_wait(struct session *ss, struct rho_err *err);
/* The same for model m alone (the others go on as they were): a batch
   that stops at a failed model does not wait for the ones after it.
   Returns 0 (also when the session does not run m), or -1 with err filled
   (may be NULL). */
int session_wait_model(struct session *ss, const struct model_entry *m,
                       struct rho_err *err);

/* Edits: each returns 0, or -1 with err filled and nothing changed.
   session_set_flow() keeps flow i's id (it is the same flow, edited);
   session_add_flow() appends f with id -1 (no flow of the script). */
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
 * routing). Routing and paths are O(jobs). Placement and seed check the
 * edit and leave the placement and the patterns to be made again by the
 * models' runs, on their job threads (scenario_net_defer_placement()):
 * O(endpoints) at most here, where making them is O(ranks) (the thesis
 * system's 8.8M ranks: 100-250 ms). None runs the link model.
 */
int session_set_routing(struct session *ss, int routing, struct rho_err *err);
int session_set_placement(struct session *ss, const char *text,
                          struct rho_err *err);
int session_set_seed(struct session *ss, uint64_t seed, struct rho_err *err);
int session_set_paths(struct session *ss, int paths, struct rho_err *err);

/*
 * The queueing model's options (queue_scen.h: load, budget, slimming,
 * split, packet, delay, latency, levels, compare) from o, copied; given
 * levels stay. Returns 0, or -1 with err filled and nothing changed (no
 * network and no levels; a bad option). The model's run after such an
 * edit takes the routed traffic from its cache: milliseconds.
 */
int session_set_queue(struct session *ss, const struct queue_scen *o,
                      struct rho_err *err);

/* Reorder the flows to a schedule (see scenario_apply_order()). */
int session_apply_order(struct session *ss, const int *prio,
                        struct rho_err *err);

/* The same on a copy of base, the scenario a search ran on (its flows,
   in the order they had then: a schedule's prio is of that order), as one
   edit of the session's current scenario, which must have the same flows
   in some order. */
int session_apply_order_of(struct session *ss, const struct scenario *base,
                           const int *prio, struct rho_err *err);

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

/*
 * Does the scenario differ from the saved state -- the one the session
 * started with, or the one current at the last session_mark_saved()? A
 * state, not a count of edits: undoing back to the saved state makes the
 * session clean, redoing makes it dirty again, and an edit undone by
 * another edit (tau 0.2 -> 0.3 -> 0.2) is clean. Saved and current are
 * compared by scenario_to_lua() when they are not the same state. O(1);
 * the comparison is made at each change, O(scenario).
 */
int session_dirty(const struct session *ss);

/* The current state is what the file holds now (a copy is kept). */
void session_mark_saved(struct session *ss);

/* Bump on every change of the scenario (edit, undo, redo, replace). */
unsigned long session_version(const struct session *ss);

#endif
