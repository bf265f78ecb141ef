/*
 * session: edits, history and results of a scenario. See session.h.
 *
 * The history is two stacks of snapshots. An edit works on a copy; only
 * when the copy checks out does it become current, with the old current
 * pushed on the undo stack, so a failed edit leaves everything as it was.
 */
#include "core/session.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

struct session {
    struct scenario *cur;
    struct scenario *undo[SESSION_HISTORY];
    int nundo;
    struct scenario *redo[SESSION_HISTORY];
    int nredo;
    struct pcie_sim *sim;
    struct pcie_sim_result res;
    struct rho_err status;
    unsigned long version, saved_version;
};

static void
compute(struct session *ss)
{
    pcie_sim_free(ss->sim);
    ss->sim = NULL;
    rho_err_clear(&ss->status);
    if (ss->cur->pcie == NULL && ss->cur->net != NULL) {
        /* a network: the link model is the caller's to run */
        pcie_sim_result_fini(&ss->res);
        pcie_sim_result_init(&ss->res);
        return;
    }
    ss->sim = scenario_sim(ss->cur, &ss->status);
    if (ss->sim == NULL) {
        pcie_sim_result_fini(&ss->res);
        pcie_sim_result_init(&ss->res);
        return;
    }
    pcie_sim_run(ss->sim, NULL, &ss->res, &ss->status);
}

struct session *
session_new(struct scenario *s)
{
    struct session *ss = xcalloc(1, sizeof *ss);

    ss->cur = s;
    pcie_sim_result_init(&ss->res);
    compute(ss);
    return ss;
}

static void
drop_stack(struct scenario **st, int *n)
{
    for (int i = 0; i < *n; i++)
        scenario_free(st[i]);
    *n = 0;
}

void
session_free(struct session *ss)
{
    if (ss == NULL)
        return;
    drop_stack(ss->undo, &ss->nundo);
    drop_stack(ss->redo, &ss->nredo);
    scenario_free(ss->cur);
    pcie_sim_free(ss->sim);
    pcie_sim_result_fini(&ss->res);
    free(ss);
}

const struct scenario *
session_scenario(const struct session *ss)
{
    return ss->cur;
}

struct pcie_sim *
session_sim(struct session *ss)
{
    return ss->sim;
}

const struct pcie_sim_result *
session_result(const struct session *ss)
{
    return &ss->res;
}

const char *
session_status(const struct session *ss)
{
    return ss->status.msg;
}

static void
push(struct scenario **st, int *n, struct scenario *s)
{
    if (*n == SESSION_HISTORY) { /* forget the oldest */
        scenario_free(st[0]);
        memmove(st, st + 1, (size_t)(SESSION_HISTORY - 1) * sizeof *st);
        (*n)--;
    }
    st[(*n)++] = s;
}

/* Make next current; the old current goes to the undo stack. */
static void
commit(struct session *ss, struct scenario *next)
{
    push(ss->undo, &ss->nundo, ss->cur);
    drop_stack(ss->redo, &ss->nredo);
    ss->cur = next;
    ss->version++;
    compute(ss);
}

/* Check next (and bring a tree's link part in step with it); commit it
   or drop it. */
static int
try_commit(struct session *ss, struct scenario *next, struct rho_err *err)
{
    if (scenario_check(next, err) != 0 ||
        scenario_net_sync_tree(next, err) != 0) {
        scenario_free(next);
        return -1;
    }
    commit(ss, next);
    return 0;
}

/* Edits of the PCIe model's flows, tau and bandwidth need a tree. */
static int
no_tree(const struct session *ss, struct rho_err *err)
{
    if (ss->cur->pcie != NULL)
        return 0;
    return rho_err_set(err, RHO_EINPUT,
                       "the scenario is a network: flows, tau, bandwidth and "
                       "ranks are edited in its script");
}

int
session_set_flow(struct session *ss, int i, const struct scen_flow *f,
                 struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    if (i < 0 || i >= ss->cur->nflows)
        return rho_err_set(err, RHO_EINPUT, "no flow %d", i + 1);
    next = scenario_clone(ss->cur);
    scenario_del_flow(next, i);
    scenario_insert_flow(next, i, f);
    return try_commit(ss, next, err);
}

int
session_add_flow(struct session *ss, const struct scen_flow *f,
                 struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    scenario_insert_flow(next, next->nflows, f);
    return try_commit(ss, next, err);
}

int
session_del_flow(struct session *ss, int i, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    if (i < 0 || i >= ss->cur->nflows)
        return rho_err_set(err, RHO_EINPUT, "no flow %d", i + 1);
    next = scenario_clone(ss->cur);
    scenario_del_flow(next, i);
    return try_commit(ss, next, err);
}

int
session_set_tau(struct session *ss, double tau, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    next->tau = tau;
    return try_commit(ss, next, err);
}

int
session_set_bandwidth(struct session *ss, double bw, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    next->bandwidth = bw;
    return try_commit(ss, next, err);
}

int
session_move_rank(struct session *ss, int r, int node, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    if (scenario_move_rank(next, r, node, err) != 0) {
        scenario_free(next);
        return -1;
    }
    return try_commit(ss, next, err);
}

/* The link model's edits: one scenario_net_set_* on a copy. */
enum { EDIT_ROUTING, EDIT_PLACEMENT, EDIT_SEED, EDIT_PATHS };

static int
link_edit(struct session *ss, int what, uint64_t v, const char *text,
          struct rho_err *err)
{
    struct scenario *next = scenario_clone(ss->cur);
    int rc = what == EDIT_ROUTING ? scenario_net_set_routing(next, (int)v, err)
             : what == EDIT_PLACEMENT
                 ? scenario_net_set_placement(next, text, err)
             : what == EDIT_SEED ? scenario_net_set_seed(next, v, err)
                                 : scenario_net_set_paths(next, (int)v, err);

    if (rc != 0) {
        scenario_free(next);
        return -1;
    }
    return try_commit(ss, next, err);
}

int
session_set_routing(struct session *ss, int routing, struct rho_err *err)
{
    return link_edit(ss, EDIT_ROUTING, (uint64_t)routing, NULL, err);
}

int
session_set_placement(struct session *ss, const char *text, struct rho_err *err)
{
    return link_edit(ss, EDIT_PLACEMENT, 0, text, err);
}

int
session_set_seed(struct session *ss, uint64_t seed, struct rho_err *err)
{
    return link_edit(ss, EDIT_SEED, seed, NULL, err);
}

int
session_set_paths(struct session *ss, int paths, struct rho_err *err)
{
    return link_edit(ss, EDIT_PATHS, (uint64_t)paths, NULL, err);
}

int
session_apply_order(struct session *ss, const int *prio, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    scenario_apply_order(next, prio);
    return try_commit(ss, next, err);
}

void
session_replace(struct session *ss, struct scenario *s)
{
    commit(ss, s);
}

int
session_undo(struct session *ss)
{
    if (ss->nundo == 0)
        return -1;
    push(ss->redo, &ss->nredo, ss->cur);
    ss->cur = ss->undo[--ss->nundo];
    ss->version++;
    compute(ss);
    return 0;
}

int
session_redo(struct session *ss)
{
    if (ss->nredo == 0)
        return -1;
    push(ss->undo, &ss->nundo, ss->cur);
    ss->cur = ss->redo[--ss->nredo];
    ss->version++;
    compute(ss);
    return 0;
}

int
session_can_undo(const struct session *ss)
{
    return ss->nundo > 0;
}

int
session_can_redo(const struct session *ss)
{
    return ss->nredo > 0;
}

int
session_dirty(const struct session *ss)
{
    return ss->version != ss->saved_version;
}

void
session_mark_saved(struct session *ss)
{
    ss->saved_version = ss->version;
}

unsigned long
session_version(const struct session *ss)
{
    return ss->version;
}
