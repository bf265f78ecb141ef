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
 * fits. The keys edit the scenario's queueing options (the caller makes
 * the edit, session_set_queue()) or the view's own state.
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
    /* the link model's view of the levels, kept for one pair of runs */
    unsigned long qid;
    const double *bytes;
    struct queue_link_level *links; /* owned; r->q->k entries */
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
 * Draw r (NULL: "no result yet") into v. lk (may be NULL) gives the link
 * model's bytes of the same scenario; its comparison is computed once per
 * pair of runs and kept in st (O(links) then, allocates k entries).
 * Returns the level rows drawn, or -1 when v is too small.
 */
int qview_draw(const struct cview *v, const struct queue_run *r,
               const struct qview_links *lk, struct qview_state *st);

/* What a key did. */
enum qview_done {
    QVIEW_IGNORED, /* not a key of this view */
    QVIEW_REDRAW,  /* the view's state changed */
    QVIEW_EDIT,    /* *o holds new options: make the edit */
    QVIEW_EXPLAIN  /* explain the selected level (st->sel) */
};

/*
 * Handle key (view/keys.h codes) on r's view: + and - move the load by
 * 0.05 of the saturation as built (a rate load becomes a fraction), ]
 * and [ the slimming by 0.05 (0 .. 0.95), s cycles the split (built,
 * equal, optimal, reversed, sqrt), d the delay mode; o toggles
 * "optimise", up and down select a level, Enter explains it. For an edit
 * *o (caller's storage, released by the caller with queue_scen_free())
 * is set to a new copy of r's options. Returns what it did.
 */
enum qview_done qview_key(int key, const struct queue_run *r,
                          struct qview_state *st, struct queue_scen **o);

/* The key line the view shows (for the help screen too). */
extern const char qview_keys_help[];

#endif
