/*
 * nview_screen: the link model's views, drawn from the session's last
 * finished run (model_net_run()) while a newer one may be computing. See
 * nview_screen.h.
 */
#include "view/net/nview_screen.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/net/route.h"
#include "core/base/units.h"
#include "core/model_net.h"
#include "view/net/nview.h"
#include "view/net/nview_keys.h"
#include "view/roles.h"

/* The first line of every link view: what ran, and what is computing. */
static int
draw_header(struct canvas *c, const struct screen_ctx *x, int ax, int ay,
            int aw)
{
    const struct net_run *lr = model_net_run(x->ss);
    const struct net_scen *l = session_scenario(x->ss)->net;
    struct session_run run;
    char a[48], line[512];
    int y = ay;

    if (l == NULL || session_run(x->ss, &model_net_entry, &run) != 0)
        return y;
    snprintf(line, sizeof line, "%s  routing %s%s  placement %s",
             l->net_desc ? l->net_desc : "network",
             net_routing_name(l->routing),
             l->minimal == ROUTE_ALL ? " (all paths)" : "",
             l->place_desc ? l->place_desc : "?");
    canvas_text(c, ax + 1, y++, aw - 2, ROLE_HEADER, line);
    if (run.busy) {
        snprintf(line, sizeof line, "computing the link model: %s %.0f%%%s",
                 run.phase, 100 * run.frac,
                 lr ? " (the last result stays until it is done)" : "");
        canvas_text(c, ax + 1, y++, aw - 2, ROLE_PROGRESS, line);
    } else if (run.error != NULL) {
        canvas_printf(c, ax + 1, y++, aw - 2, ROLE_ERROR, "%s: %s",
                      model_net_entry.title, run.error->msg);
    } else if (lr != NULL && lr->res != NULL) {
        const struct net_stats *st = lr->st;
        char b[48];
        snprintf(line, sizeof line,
                 "%lld messages, %s; hop-bytes %s; %.3g hops per message%s",
                 st->msgs, units_fmt_size(a, sizeof a, st->total_bytes),
                 units_fmt_size(b, sizeof b, st->hop_bytes), st->avg_hops,
                 lr->nrounds > 0 ? "; adaptive: see Rounds" : "");
        canvas_text(c, ax + 1, y++, aw - 2, ROLE_DIM, line);
    }
    return y + 1;
}

static void
view_network(struct canvas *c, const struct screen_ctx *x, int ax, int ay,
             int aw, int ah)
{
    struct ui *u = x->u;
    const struct nview_hier *h = nview_ui_hier(u, x->ss);
    struct nview_walk wk;
    struct nview_row rows[128];
    int n, first, vis = ah - 1 > 128 ? 128 : ah - 1;

    if (h == NULL || vis < 1)
        return;
    nview_ui_walk(u, &wk);
    n = nview_rows(h, &wk, NULL, 0);
    if (u->net_row >= n)
        u->net_row = n > 0 ? n - 1 : 0;
    first = u->scroll[VIEW_NET];
    if (u->net_row < first)
        first = u->net_row;
    if (u->net_row >= first + vis)
        first = u->net_row - vis + 1;
    u->scroll[VIEW_NET] = first;
    nview_ui_walk(u, &wk);
    wk.first = first;
    n = nview_rows(h, &wk, rows, vis);
    (void)n;
    nview_rows_draw(c, ax, ay, aw, ah, rows, vis < n - first ? vis : n - first,
                    u->net_row - first, HEAT_LINEAR);
}

static void
view_map(struct canvas *c, const struct screen_ctx *x, int ax, int ay, int aw,
         int ah)
{
    struct ui *u = x->u;
    const struct net_run *lr = model_net_run(x->ss);
    const struct net *net = lr->scen->net->net;
    const double *bytes = lr->res->bytes;
    const struct net_torus_params *tp = net_torus(net);
    struct nview_opts o = {HEAT_LINEAR, lr->peak, NVIEW_MEAN};

    if (tp != NULL) {
        struct nview_minimap mm;
        int plane[NET_MAX_DIMS] = {0}, rc, used;
        memset(&mm, 0, sizeof mm);
        mm.dx = u->map_dx < tp->nd ? u->map_dx : 0;
        mm.dy = tp->nd < 2 ? -1 : u->map_dy;
        if (mm.dy == mm.dx || mm.dy >= tp->nd)
            mm.dy = (mm.dx + 1) % tp->nd;
        mm.dir = u->map_dir == 1   ? NVIEW_PLUS
                 : u->map_dir == 2 ? NVIEW_MINUS
                                   : NVIEW_BOTH;
        mm.sel_x = u->map_x;
        mm.sel_y = mm.dy >= 0 ? u->map_y : -1;
        if (u->map_plane) {
            plane[mm.dx] = u->map_x;
            if (mm.dy >= 0)
                plane[mm.dy] = u->map_y;
            mm.plane = plane;
        }
        /* the pairs overview on the right when there is room */
        used = aw;
        if (tp->nd >= 3 && aw >= 100) {
            used = aw * 3 / 5;
            nview_minimap_all(c, ax + used + 1, ay, aw - used - 1, ah, net,
                              bytes, &mm, &o);
        }
        rc = nview_minimap(c, ax, ay, used, ah, net, bytes, &mm, &o, NULL);
        if (rc < 0)
            canvas_text(c, ax + 1, ay, aw - 2, ROLE_WARNING,
                        "too small for the minimap");
        return;
    }
    if (net_dragonfly(net) != NULL) {
        const struct net_dragonfly_params *dp = net_dragonfly(net);
        int rc;
        if (u->map_group >= 0)
            rc = nview_df_group(c, ax, ay, aw, ah, net, bytes, u->map_group,
                                u->map_y * dp->routers + u->map_x, &o, NULL);
        else
            rc = nview_df_matrix(c, ax, ay, aw, ah, net, bytes, u->map_y,
                                 u->map_x, &o, NULL);
        if (rc < 0)
            canvas_text(c, ax + 1, ay, aw - 2, ROLE_WARNING,
                        "too small for the group matrix");
        return;
    }
    canvas_wrap(c, ax + 1, ay, aw - 2, 2, ROLE_DIM,
                "no map for this kind of network (maps are for tori and "
                "dragonflies): its hottest links");
    nview_hottest(c, ax, ay + 2, aw, ah - 2, net, bytes, lr->st, -1, -1, &o);
}

/* A sentence on what round k of the solve did. */
static void
round_text(const struct net_run *lr, int k, char *buf, size_t n)
{
    const struct net_run_round *r = &lr->round[k];
    char a[48], b[48];

    snprintf(buf, n,
             "Round %d of %d: %.0f%% of every link's bandwidth is exposed. "
             "%lld of %lld paths still ask (their tightest link has "
             "bandwidth left); each asks in proportion to its message's "
             "bytes and its tightest link, each link is shared among the "
             "paths asking it in proportion to their requests, and a path "
             "gets the least of its links' shares. This round granted %s in "
             "all; %s stays unused.",
             k + 1, lr->nrounds, 100 * r->exposed, r->asking, r->paths,
             units_fmt_rate(a, sizeof a, r->granted),
             units_fmt_rate(b, sizeof b, r->remaining));
}

static void
view_rounds(struct canvas *c, const struct screen_ctx *x, int ax, int ay,
            int aw, int ah)
{
    struct ui *u = x->u;
    const struct net_run *lr = model_net_run(x->ss);
    const struct net *net = lr->scen->net->net;
    char text[1024], a[48], b[48], name[NET_NAME_MAX];
    int k, y = ay, nl = net_links(net);

    if (lr->nrounds == 0) {
        canvas_wrap(
            c, ax + 1, y, aw - 2, ah, ROLE_DEFAULT,
            "No allocation rounds: this routing is static, so every message's "
            "bytes are split over its paths in one pass, whatever the "
            "bandwidth. Press R to cycle the routing; AD, AI and AH allocate "
            "bandwidth round by round, and this view steps through the "
            "rounds (Space next, Backspace previous).");
        return;
    }
    if (u->round >= lr->nrounds)
        u->round = lr->nrounds - 1;
    k = u->round;
    canvas_printf(c, ax + 1, y++, aw - 2, ROLE_STEP_CURRENT,
                  "round %d/%d  (Space next, Backspace previous)", k + 1,
                  lr->nrounds);
    round_text(lr, k, text, sizeof text);
    y += canvas_wrap(c, ax + 1, y, aw - 2, 5, ROLE_DEFAULT, text) + 1;
    /* granted per round: a bar per round, this one marked */
    {
        double max = 0;
        int w = aw - 14, show = lr->nrounds < ah / 3 ? lr->nrounds : ah / 3;
        int from = k - show / 2 < 0 ? 0 : k - show / 2;
        if (from + show > lr->nrounds)
            from = lr->nrounds - show;
        for (int i = 0; i < lr->nrounds; i++)
            if (lr->round[i].granted > max)
                max = lr->round[i].granted;
        canvas_text(c, ax + 1, y++, aw - 2, ROLE_HEADER, "granted per round");
        for (int i = from; i < from + show && y < ay + ah; i++, y++) {
            canvas_printf(c, ax + 1, y, 10,
                          i == k ? ROLE_STEP_CURRENT : ROLE_NUMBER, "%5d",
                          i + 1);
            canvas_bar(c, ax + 8, y, w > 10 ? w : 10,
                       max > 0 ? lr->round[i].granted / max : 0,
                       i == k ? ROLE_STEP_CURRENT : ROLE_TIMELINE_BAR,
                       ROLE_PROGRESS_EMPTY);
        }
    }
    y++;
    if (!lr->recorded || y + 2 >= ay + ah) {
        if (y < ay + ah && !lr->recorded)
            canvas_text(c, ax + 1, y, aw - 2, ROLE_DIM,
                        "(per-link grants are kept only for smaller runs)");
        return;
    }
    /* the links granted most this round */
    {
        const double *g = lr->granted + (size_t)k * (size_t)nl;
        const double *rem = lr->remaining + (size_t)k * (size_t)nl;
        int top[32], nt = 0, rows = ay + ah - y - 1;
        if (rows > 32)
            rows = 32;
        for (int l = 0; l < nl; l++) {
            int p;
            if (!(g[l] > 0))
                continue;
            if (nt < rows)
                nt++;
            else if (g[l] <= g[top[nt - 1]])
                continue;
            for (p = nt - 1; p > 0 && g[top[p - 1]] < g[l]; p--)
                top[p] = top[p - 1];
            top[p] = l;
        }
        canvas_printf(c, ax + 1, y++, aw - 2, ROLE_HEADER, "%-28s %12s %12s",
                      "links granted most", "granted", "left");
        for (int i = 0; i < nt && y < ay + ah; i++, y++)
            canvas_printf(c, ax + 1, y, aw - 2, ROLE_DEFAULT,
                          "%-28.28s %12s %12s",
                          net_link_name(net, top[i], name, sizeof name),
                          units_fmt_rate(a, sizeof a, g[top[i]]),
                          units_fmt_rate(b, sizeof b, rem[top[i]]));
        if (nt == 0)
            canvas_text(c, ax + 1, y, aw - 2, ROLE_DIM,
                        "no link granted anything this round");
    }
}

void
nview_body(struct canvas *c, const struct screen_ctx *x, int view, int ax,
           int ay, int aw, int ah)
{
    const struct net_run *lr = model_net_run(x->ss);
    struct nview_opts o = {HEAT_LINEAR, lr ? lr->peak : 0, NVIEW_MEAN};
    int y = draw_header(c, x, ax, ay, aw), h = ah - (y - ay);
    struct session_run run;

    if (lr == NULL || lr->res == NULL) {
        if (session_run(x->ss, &model_net_entry, &run) != 0 || !run.busy)
            canvas_text(c, ax + 1, y, aw - 2, ROLE_DIM,
                        "no result of the link model yet");
        return;
    }
    if (h < 3)
        return;
    switch (view) {
    case VIEW_NET:
        view_network(c, x, ax, y, aw, h);
        break;
    case VIEW_LINKS:
        nview_hottest(c, ax, y, aw, h, lr->scen->net->net, lr->res->bytes,
                      lr->st, -1, x->u->link_row, &o);
        break;
    case VIEW_MAP:
        view_map(c, x, ax, y, aw, h);
        break;
    case VIEW_LSTATS:
        nview_stats(c, ax, y, aw, h, lr->scen->net->net, lr->res->bytes, lr->st,
                    x->u->cls_row, NULL);
        break;
    case VIEW_ROUNDS:
        view_rounds(c, x, ax, y, aw, h);
        break;
    }
}
