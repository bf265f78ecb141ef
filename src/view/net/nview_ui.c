/*
 * nview_ui: what the link model's views share -- the header, the family
 * and small helpers. See nview_ui.h.
 */
#include "view/net/nview_ui.h"

#include <stdio.h>

#include "core/base/units.h"
#include "core/net/route.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

const struct net_run *
nview_run(const struct session *ss)
{
    const struct net_run *lr = model_net_run(ss);

    return lr != NULL && lr->res != NULL ? lr : NULL;
}

/* The header -- what ran, and what is computing -- drawn into v if v is
   not NULL; returns the rows it takes (a blank one under it). */
static int
header(const struct cview *v, const struct session *ss)
{
    const struct net_run *lr = model_net_run(ss);
    const struct net_scen *l = session_scenario(ss)->net;
    struct session_run run;
    char a[48], b[48], line[512];
    int y = 0, role = ROLE_DIM;

    if (l == NULL || session_run(ss, &model_net_entry, &run) != 0)
        return 0;
    snprintf(line, sizeof line, "%s  routing %s%s  placement %s",
             l->net_desc ? l->net_desc : "network",
             net_routing_name(l->routing),
             l->minimal == ROUTE_ALL ? " (all paths)" : "",
             l->place_desc ? l->place_desc : "?");
    if (v != NULL)
        cview_text(v, 1, y, v->w - 2, ROLE_HEADER, line);
    y++;
    if (run.busy) {
        snprintf(line, sizeof line, "computing the link model: %s %.0f%%%s",
                 run.phase, 100 * run.frac,
                 lr ? " (the last result stays until it is done)" : "");
        role = ROLE_PROGRESS;
    } else if (run.error != NULL) {
        if (v != NULL)
            cview_printf(v, 1, y, v->w - 2, ROLE_ERROR, "%s: %s",
                         model_net_entry.title, run.error->msg);
        return y + 2;
    } else if (lr != NULL && lr->res != NULL) {
        const struct net_stats *st = lr->st;
        char ph[48] = "";
        if (lr->res->nphases > 0)
            snprintf(ph, sizeof ph, "; %d phases, summed", lr->res->nphases);
        char m[48];
        snprintf(line, sizeof line,
                 "%s, %s; hop-bytes %s; %.3g hops per message%s%s",
                 units_fmt_count(m, sizeof m, st->msgs, "message"),
                 units_fmt_size(a, sizeof a, st->total_bytes),
                 units_fmt_size(b, sizeof b, st->hop_bytes), st->avg_hops, ph,
                 lr->nrounds > 0 ? "; adaptive: see Rounds" : "");
    } else {
        return y + 1;
    }
    if (v != NULL)
        cview_text(v, 1, y, v->w - 2, role, line);
    return y + 2;
}

int
nview_header_rows(const struct session *ss)
{
    return header(NULL, ss);
}

const struct net_run *
nview_frame(const struct cview *v, const struct view_draw_ctx *dc,
            struct cview *body)
{
    const struct net_run *lr = nview_run(dc->ss);
    int y = header(v, dc->ss);
    struct session_run run;

    *body = cview_sub(v, 0, y, v->w, v->h - y);
    if (lr == NULL) {
        if (session_run(dc->ss, &model_net_entry, &run) != 0 || !run.busy)
            cview_text(v, 1, y, v->w - 2, ROLE_DIM,
                       "no result of the link model yet");
        return NULL;
    }
    return v->h - y < 3 ? NULL : lr;
}

int
nview_clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

int
nview_moved(int cur, int n, int act)
{
    switch (act) {
    case ACT_TOP:
        return 0;
    case ACT_BOTTOM:
        return n - 1;
    default:
        return keys_motion(act) == 0
                   ? -1
                   : nview_clamp(cur + keys_motion(act), 0, n - 1);
    }
}

/* ---- the family ---- */

/* While the first run computes, the moves say so. */
static int
fam_key(void *fam, struct view_ctx *vc, int act)
{
    (void)fam;
    if (nview_run(vc->ss) != NULL)
        return VIEW_NOT_MINE;
    switch (act) {
    case ACT_UP:
    case ACT_DOWN:
    case ACT_LEFT:
    case ACT_RIGHT:
    case ACT_OPEN:
        ui_status(vc->u, 0, "the link model is still computing");
        return UI_REDRAW;
    default:
        return VIEW_NOT_MINE;
    }
}

/* A view without a find of its own finds routers in the Network view. */
static int
fam_find(void *fam, struct view_ctx *vc, const char *text)
{
    (void)fam;
    return ui_find_in(vc->u, vc->ss, "network", text);
}

static const struct view_hint hints[] = {
    {"F1", "Help"},   {"Tab", "View"},    {"Enter", "Open"},
    {"R", "Routing"}, {"P", "Placement"}, {"u", "Undo"},
    {"s", "Save"},    {"q", "Quit"},      {NULL, NULL},
};

const struct view_family nview_family = {
    .name = "link",
    .key = fam_key,
    .find = fam_find,
    .hints = hints,
};
