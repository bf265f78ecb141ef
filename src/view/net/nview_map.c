/*
 * nview_map: the Map view -- a torus's minimap of two dimensions (with
 * the overview of every pair beside it when there is room), a
 * dragonfly's group matrix or one group's routers, or for other networks
 * their hottest links. Arrows move the selected cell (round the edges on
 * a torus); x and y choose the torus's dimensions, D the direction, v and
 * Enter the plane; on a dragonfly Enter opens the selected group and
 * Backspace goes back. Its state: struct nview_map.
 */
#include "view/net/nview_ui.h"

#include <string.h>

#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

static void
map_init(void *st)
{
    struct nview_map *t = st;

    t->dy = 1;
    t->group = -1;
}

/* A torus's minimap, and the overview of every pair when there is
   room. */
static void
torus(const struct nview_map *t, const struct cview *b,
      const struct net_run *lr, const double *bytes, const struct nview_opts *o)
{
    const struct net *net = lr->scen->net->net;
    const struct net_torus_params *tp = net_torus(net);
    struct nview_minimap mm;
    int plane[NET_MAX_DIMS] = {0}, used = b->w;

    memset(&mm, 0, sizeof mm);
    mm.dx = t->dx < tp->nd ? t->dx : 0;
    mm.dy = tp->nd < 2 ? -1 : t->dy;
    if (mm.dy == mm.dx || mm.dy >= tp->nd)
        mm.dy = (mm.dx + 1) % tp->nd;
    mm.dir = t->dir == 1 ? NVIEW_PLUS : t->dir == 2 ? NVIEW_MINUS : NVIEW_BOTH;
    mm.sel_x = t->x;
    mm.sel_y = mm.dy >= 0 ? t->y : -1;
    if (t->plane) {
        plane[mm.dx] = t->x;
        if (mm.dy >= 0)
            plane[mm.dy] = t->y;
        mm.plane = plane;
    }
    if (tp->nd >= 3 && b->w >= 100) {
        used = b->w * 3 / 5;
        nview_minimap_all(b->c, b->x + used + 1, b->y, b->w - used - 1, b->h,
                          net, bytes, &mm, o);
    }
    if (nview_minimap(b->c, b->x, b->y, used, b->h, net, bytes, &mm, o, NULL) <
        0)
        cview_text(b, 1, 0, b->w - 2, ROLE_WARNING,
                   "too small for the minimap");
}

static void
map_draw(const void *st, const struct cview *v, const struct view_draw_ctx *dc)
{
    const struct nview_map *t = st;
    struct cview b;
    const struct net_run *lr = nview_frame(v, dc, &b);
    const struct net *net;
    const struct net_dragonfly_params *dp;
    struct nview_opts o = {HEAT_LINEAR, 0, NVIEW_MEAN};
    struct nview_show sh;
    int rc;

    if (lr == NULL)
        return;
    net = lr->scen->net->net;
    sh = nview_show(dc->fam, lr);
    o.peak = sh.peak;
    if (net_torus(net) != NULL) {
        torus(t, &b, lr, sh.bytes, &o);
        return;
    }
    if ((dp = net_dragonfly(net)) != NULL) {
        if (t->group >= 0)
            rc = nview_df_group(b.c, b.x, b.y, b.w, b.h, net, sh.bytes,
                                t->group, t->y * dp->routers + t->x, &o, NULL);
        else
            rc = nview_df_matrix(b.c, b.x, b.y, b.w, b.h, net, sh.bytes, t->y,
                                 t->x, &o, NULL);
        if (rc < 0)
            cview_text(&b, 1, 0, b.w - 2, ROLE_WARNING,
                       "too small for the group matrix");
        return;
    }
    cview_wrap(&b, 1, 0, b.w - 2, 2, ROLE_DIM,
               "no map for this kind of network (maps are for tori and "
               "dragonflies): its hottest links");
    nview_hottest(b.c, b.x, b.y + 2, b.w, b.h - 2, net, sh.bytes, sh.st, -1, -1,
                  &o);
}

/* An arrow on a w x h grid moves the selected cell, round the edges on a
   torus (wrap), else stopping at them. Returns 1 if act was an arrow. */
static int
grid_move(struct nview_map *t, int act, int w, int h, int wrap)
{
    int dx = act == ACT_LEFT ? -1 : act == ACT_RIGHT ? 1 : 0;
    int dy = act == ACT_UP ? -1 : act == ACT_DOWN ? 1 : 0;

    if (dx == 0 && dy == 0)
        return 0;
    if (wrap) {
        t->x = (t->x + dx + w) % w;
        t->y = (t->y + dy + h) % h;
    } else {
        t->x = nview_clamp(t->x + dx, 0, w - 1);
        t->y = nview_clamp(t->y + dy, 0, h - 1);
    }
    return 1;
}

static int
torus_key(struct nview_map *t, struct view_ctx *vc,
          const struct net_torus_params *tp, int act)
{
    int nd = tp->nd, w, h;

    t->dx = nview_clamp(t->dx, 0, nd - 1);
    if (nd < 2)
        t->dy = -1;
    else if (t->dy < 0 || t->dy >= nd || t->dy == t->dx)
        t->dy = (t->dx + 1) % nd;
    w = tp->dim[t->dx];
    h = t->dy >= 0 ? tp->dim[t->dy] : 1;
    if (grid_move(t, act, w, h, 1))
        return UI_REDRAW;
    switch (act) {
    case ACT_MAP_X:
    case ACT_MAP_Y:
        if (nd < 2)
            return UI_REDRAW;
        do {
            if (act == ACT_MAP_X)
                t->dx = (t->dx + 1) % nd;
            else
                t->dy = (t->dy + 1) % nd;
        } while (t->dx == t->dy);
        t->x = t->y = 0;
        return UI_REDRAW;
    case ACT_MAP_DIR:
        t->dir = (t->dir + 1) % 3;
        ui_status(vc->u, 0, "showing %s",
                  t->dir == 0   ? "the mean of + and - links"
                  : t->dir == 1 ? "+ links"
                                : "- links");
        return UI_REDRAW;
    case ACT_MAP_PLANE:
    case ACT_OPEN:
        t->plane = !t->plane;
        ui_status(vc->u, 0, "%s",
                  t->plane ? "the plane through the selected cell"
                           : "the projection of all planes");
        return UI_REDRAW;
    default:
        return VIEW_NOT_MINE;
    }
}

static int
dragonfly_key(struct nview_map *t, const struct net_dragonfly_params *dp,
              int act)
{
    if (t->group >= 0) { /* a group: chassis x routers */
        if (grid_move(t, act, dp->routers, dp->chassis, 0))
            return UI_REDRAW;
        if (act != ACT_BACK && act != ACT_OPEN)
            return VIEW_NOT_MINE;
        t->x = t->y = t->group;
        t->group = -1;
        return UI_REDRAW;
    }
    if (grid_move(t, act, dp->groups, dp->groups, 0))
        return UI_REDRAW;
    if (act != ACT_OPEN)
        return VIEW_NOT_MINE;
    t->group = t->y; /* the row's group: its own links */
    t->x = t->y = 0;
    return UI_REDRAW;
}

static int
map_key(void *st, struct view_ctx *vc, int act)
{
    const struct net_run *lr = nview_run(vc->ss);
    const struct net *net;

    if (lr == NULL)
        return VIEW_NOT_MINE;
    net = lr->scen->net->net;
    if (net_torus(net) != NULL)
        return torus_key(st, vc, net_torus(net), act);
    if (net_dragonfly(net) != NULL)
        return dragonfly_key(st, net_dragonfly(net), act);
    return VIEW_NOT_MINE;
}

const struct view_entry nview_map_entry = {
    .name = "map",
    .title = "Map",
    .family = &nview_family,
    .size = sizeof(struct nview_map),
    .init = map_init,
    .draw = map_draw,
    .key = map_key,
};
