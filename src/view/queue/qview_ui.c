/*
 * qview_ui: the Queue view in the view table -- the queueing model's run
 * of the session drawn by qview (qview.h), beside the link model's bytes
 * when the session runs that model too, and its keys: the load and the
 * slimming, the split and the delay mode as ':' commands (undoable edits
 * of the scenario; the next run takes the routing from its cache), the
 * optimal split and the selected level as the view's own state.
 */
#include <stdio.h>
#include <string.h>

#include "core/model_net.h"
#include "core/model_queue.h"
#include "view/keys.h"
#include "view/progress.h"
#include "view/queue/qview.h"
#include "view/roles.h"
#include "view/ui.h"
#include "view/view.h"

static const struct queue_run *
run_of(const struct session *ss)
{
    const struct queue_run *r = model_queue_run(ss);

    return r != NULL && r->q != NULL ? r : NULL;
}

/* The result shown is not the current scenario's (an edit's run
   computes, was stopped or failed): its numbers are drawn dimmed under
   a first row that says so. */
static int
stale(const struct session *ss, const struct session_run *run)
{
    return run->result != NULL && run_of(ss) != NULL &&
           run->version != session_version(ss);
}

/* What computes or failed, in the first row when it does. */
static int
header(const struct cview *v, const struct session *ss)
{
    struct session_run run;
    char prog[160];

    if (session_run(ss, &model_queue_entry, &run) != 0)
        return 0;
    if (stale(ss, &run) && !run.busy && run.error == NULL) {
        cview_printf(v, 0, 0, -1, ROLE_PROGRESS,
                     "old: the numbers before the last edit; %s",
                     run.stopped ? "stopped (Esc): an edit runs the model "
                                   "again"
                                 : "the new run waits to start");
        return 1;
    }
    if (run.busy) {
        cview_printf(v, 0, 0, -1, ROLE_PROGRESS, "%s: %s",
                     stale(ss, &run) ? "old: the numbers before the last "
                                       "edit; computing"
                                     : "computing the queueing model",
                     progress_text(&run, prog, sizeof prog));
        return 1;
    }
    if (run.error != NULL) {
        cview_printf(v, 0, 0, -1, ROLE_ERROR, "%s: %s",
                     model_queue_entry.title, run.error->msg);
        return 1;
    }
    return 0;
}

static void
init(void *st)
{
    qview_state_init(st);
}

static void
fini(void *st)
{
    qview_state_fini(st);
}

static void
sync(void *st, struct view_ctx *vc)
{
    const struct net_run *lr = model_net_run(vc->ss);
    struct qview_links lk = {NULL, NULL, 0};

    if (lr != NULL && lr->res != NULL && lr->scen->net != NULL) {
        lk.net = lr->scen->net->net;
        lk.bytes = lr->res->bytes;
        lk.routed = lr->res->routed_bytes;
    }
    qview_sync(st, run_of(vc->ss), &lk);
}

static void
draw(const void *st, const struct cview *v, const struct view_draw_ctx *dc)
{
    int y = header(v, dc->ss);
    struct cview body = cview_sub(v, 0, y, v->w, v->h - y);
    const struct queue_run *r = run_of(dc->ss), *all = model_queue_run(dc->ss);

    if (r == NULL && all != NULL && all->idle)
        cview_text(&body, 0, 0, -1, ROLE_DIM,
                   "no message crosses a link (each is between ends on one "
                   "router, or of no bytes): nothing to queue");
    else if (r == NULL && y == 0)
        cview_text(v, 0, 0, -1, ROLE_DIM, "no result of the queueing model yet");
    else if (r != NULL) {
        struct session_run run;
        qview_draw(&body, r, st);
        if (session_run(dc->ss, &model_queue_entry, &run) == 0 &&
            stale(dc->ss, &run))
            cview_set_attrs(&body, 0, 0, body.w, body.h, ATTR_DIM);
    }
}

static int
key(void *st, struct view_ctx *vc, int act)
{
    static const struct {
        int act, qact;
    } map[] = {
        {ACT_QUEUE_LOAD_UP, QVIEW_LOAD_UP},
        {ACT_QUEUE_LOAD_DOWN, QVIEW_LOAD_DOWN},
        {ACT_QUEUE_SLIM_UP, QVIEW_SLIM_UP},
        {ACT_QUEUE_SLIM_DOWN, QVIEW_SLIM_DOWN},
        {ACT_QUEUE_SPLIT, QVIEW_SPLIT_NEXT},
        {ACT_QUEUE_DELAY, QVIEW_DELAY_NEXT},
        {ACT_QUEUE_OPTIMISE, QVIEW_OPTIMISE},
    };
    const struct queue_run *r = run_of(vc->ss);
    struct qview_state *q = st;
    char cmd[64];
    int moved = keys_motion(act);

    if (r == NULL)
        return VIEW_NOT_MINE;
    if (moved != 0) {
        qview_act(QVIEW_SELECT, q->sel + moved, r, q, cmd, sizeof cmd);
        return UI_REDRAW;
    }
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].act == act) {
            switch (qview_act(map[i].qact, 0, r, q, cmd, sizeof cmd)) {
            case QVIEW_EDIT:
                return ui_command(vc->u, vc->ss, cmd) | UI_REDRAW;
            case QVIEW_LIMIT:
                ui_status(vc->u, 0, "%s", cmd);
                return UI_REDRAW;
            default:
                return UI_REDRAW;
            }
        }
    return VIEW_NOT_MINE;
}

/* The next (dir -1: previous) level whose name holds text. */
static int
find(void *st, struct view_ctx *vc, const char *text, int dir)
{
    const struct queue_run *r = run_of(vc->ss);
    struct qview_state *q = st;
    int wrapped = 0;
    char what[QUEUE_NAME_MAX + 16];

    if (r == NULL) {
        ui_status(vc->u, 1, "no result of the queueing model yet");
        return 0;
    }
    for (int k = 1; k <= r->q->k; k++) {
        int i = ui_find_step(q->sel, k, r->q->k, dir, &wrapped);
        if (strstr(r->q->name[i], text) != NULL) {
            q->sel = i;
            snprintf(what, sizeof what, "level %s", r->q->name[i]);
            ui_found(vc->u, wrapped, what);
            return 1;
        }
    }
    ui_status(vc->u, 1, "'%s' not found among the levels", text);
    return 0;
}

static const struct view_hint hints[] = {
    {"F1", "Help"}, {"+/-", "Load"}, {"</>", "Slim"}, {"x", "Split"},
    {"o", "Optimise"}, {"u", "Undo"}, {"s", "Save"}, {"q", "Quit"},
    {NULL, NULL},
};

/* The queueing model's views (one), for its hints when it comes first
   (levels given by hand). */
static const struct view_family qview_family = {
    .name = "queue",
    .hints = hints,
};

const struct view_entry qview_queue_entry = {
    .name = "queue",
    .title = "Queue",
    .family = &qview_family,
    .size = sizeof(struct qview_state),
    .init = init,
    .fini = fini,
    .sync = sync,
    .draw = draw,
    .key = key,
    .find = find,
};
