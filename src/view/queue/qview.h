/*
 * qview: the queueing model's view (core/model_queue.h) drawn into a
 * canvas -- one row per level with its capacity and its arrivals on one
 * bar (the filled part is the arrivals, coloured by utilisation; the
 * length is the capacity, on a scale shared by every level), the
 * utilisation, the delay per hop and the bottleneck marked; above them
 * the operating point (load, slimming, split, saturation, throughput,
 * throttle, delay); with "optimise" on, under each level the same bar
 * for Theorem 3.3's split of the same budget; and, when the link model's
 * bytes of the same traffic are given, each level's hottest link
 * beside its aggregate utilisation, so that a hot link hiding in a level
 * that looks idle on average stands out.
 *
 * Pure view code: no session, no curses. Drawing writes only inside the
 * view's rectangle (struct cview) and returns -1 when nothing useful
 * fits. Its actions edit the scenario's queueing options (as ':'
 * commands the caller runs: load, slim, split, delay) or the view's own
 * state; qview_ui.c binds it into the view table.
 *
 * Roles: header, number, dim, selected, emphasis, heat.* for
 * utilisation, error for a saturated level, warning for a hidden hot
 * link, help.key for the key line.
 */
#ifndef RHO_VIEW_QUEUE_QVIEW_H
#define RHO_VIEW_QUEUE_QVIEW_H

#include "core/model_queue.h"
#include "core/net/net.h"
#include "view/canvas.h"

/* The view's own state (caller's storage; qview_state_init/_fini). */
struct qview_state {
    int sel;      /* the selected level */
    int optimise; /* show the optimal split under each level */
    /* the link model's view of the levels, made by qview_sync() for one
       pair of runs */
    unsigned long qid;
    const double *bytes;
    struct queue_link_level *links; /* owned; nlinks entries, or NULL */
    int nlinks;
};

/* What the link model says of the same traffic (all NULL/0: nothing). */
struct qview_links {
    const struct net *net; /* the network the bytes are of */
    const double *bytes;   /* per link, one phase */
    double routed;         /* the bytes of the messages that cross a link */
};

void qview_state_init(struct qview_state *st);
void qview_state_fini(struct qview_state *st);

/*
 * Bring st in line with r (may be NULL) and the link model's bytes lk
 * (may be NULL): clamp the selection, and compare the levels with the
 * links when the pair of runs changed (O(links), allocates k entries;
 * nothing when r compared itself, or lk is not of r's network).
 */
void qview_sync(struct qview_state *st, const struct queue_run *r,
                const struct qview_links *lk);

/*
 * Draw r (NULL: "no result yet") into v as st says: the operating point,
 * a row (two with "optimise") per level, and under them, when rows are
 * left, why the selected level has its numbers (queue_run_explain()).
 * Writes nothing but the canvas. Returns the level rows drawn, or -1
 * when v is too small.
 */
int qview_draw(const struct cview *v, const struct queue_run *r,
               const struct qview_state *st);

/* What an action did. */
enum qview_done {
    QVIEW_IGNORED, /* not an action of this view */
    QVIEW_REDRAW,  /* the view's state changed */
    QVIEW_EDIT,    /* cmd holds a ':' command that edits the options */
    QVIEW_LIMIT    /* at a limit, no edit (an undo step that does
                      nothing): cmd holds what the status line says */
};

/* The view's own actions, besides the motions (keys.h binds them). */
enum qview_action {
    QVIEW_LOAD_UP,    /* load + 0.05 of the saturation as built */
    QVIEW_LOAD_DOWN,  /* load - 0.05 */
    QVIEW_SLIM_UP,    /* slimming + 0.05 (at most 0.95) */
    QVIEW_SLIM_DOWN,  /* slimming - 0.05 */
    QVIEW_SPLIT_NEXT, /* built, equal, optimal, reversed, sqrt */
    QVIEW_DELAY_NEXT, /* per link, aggregate */
    QVIEW_OPTIMISE,   /* show the optimal split under each level */
    QVIEW_SELECT      /* select level `arg` (motions: the caller's) */
};

/*
 * Do action a (with arg for QVIEW_SELECT) on r's view: the view's state,
 * or, for an edit, the ':' command that makes it into cmd (n bytes:
 * "load 0.55", "slim 0.3", "split equal", "delay aggregate"; see
 * view/command.h). Returns what it did.
 */
enum qview_done qview_act(int a, int arg, const struct queue_run *r,
                          struct qview_state *st, char *cmd, size_t n);

/* The key line the view shows. */
extern const char qview_keys_help[];

#endif
