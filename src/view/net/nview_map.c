/*
 * nview_map: the Map view -- a torus's minimap of two dimensions (with
 * the overview of every pair beside it when there is room), a
 * dragonfly's group matrix or one group's routers, or for other networks
 * their hottest links. Arrows move the selected cell (round the edges on
 * a torus); x and y choose the torus's dimensions, D the direction, v and
 * Enter the plane; on a dragonfly Enter opens the selected group and
 * Backspace goes back; a click selects a cell. Another network gets its
 * hottest links, Up and Down choosing one. The rows under the map
 * say what the selected cell is: its routers, and the links of its edges
 * (a dragonfly: the L2 links of the pair of groups, or the router's
 * out-links by class) with their class, bytes and load. Its state:
 * struct nview_map.
 */
#include "view/net/nview_ui.h"

#include <stdio.h>
#include <string.h>

#include "core/base/units.h"
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
      const struct net_run *lr, const double *bytes, const struct nview_opts *o,
      struct nview_grid *grid)
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
    if (nview_minimap(b->c, b->x, b->y, used, b->h, net, bytes, &mm, o, grid) <
        0)
        cview_text(b, 1, 0, b->w - 2, ROLE_WARNING,
                   "too small for the minimap");
}

/* ---- the selected cell, in words ---- */

/* The links of a cell: how many, their bytes, their loads, their class. */
struct linkset {
    int n, cls; /* cls: the first link's class, -1 none yet */
    int cls2;   /* another class among them (-1: none), -2 more than two */
    double bytes, load, max;
};

static void
ls_add(struct linkset *a, const struct net *net, const double *bytes,
       double peak, int l)
{
    double ld;

    if (l < 0)
        return;
    ld = nview_load(net, bytes, l, peak);
    if (a->n == 0) {
        a->cls = net_link_class(net, l);
        a->cls2 = -1;
    } else if (a->cls != net_link_class(net, l) &&
               a->cls2 != net_link_class(net, l))
        a->cls2 = a->cls2 == -1 ? net_link_class(net, l) : -2;
    a->n++;
    if (bytes[l] > 0)
        a->bytes += bytes[l];
    if (ld == ld) {
        a->load += ld;
        if (ld > a->max)
            a->max = ld;
    }
}

/* "4 links (class L2): 1.2 MiB, load 0.41 (max 0.57)" at the end of buf. */
static void
ls_fmt(const struct linkset *a, const struct net *net, char *buf, size_t n)
{
    size_t len = strlen(buf);
    char b[32], cls[96];

    if (a->n == 0) {
        snprintf(buf + len, n - len, "no links");
        return;
    }
    if (a->cls2 >= 0)
        snprintf(cls, sizeof cls, "%s and %s", net_class_name(net, a->cls),
                 net_class_name(net, a->cls2));
    else
        snprintf(cls, sizeof cls, "%s",
                 a->cls2 == -2 ? "several classes" : net_class_name(net, a->cls));
    if (a->n == 1)
        snprintf(buf + len, n - len, "1 link (%s): %s, load %.2f", cls,
                 units_fmt_size(b, sizeof b, a->bytes), a->load);
    else
        snprintf(buf + len, n - len, "%d links (%s): %s, load %.2f (max %.2f)",
                 a->n, cls, units_fmt_size(b, sizeof b, a->bytes),
                 a->load / a->n, a->max);
}

/* The torus's selected cell: its routers, then the links of its edge
   along each dimension shown, into line[0..2]. */
static void
torus_report(const struct nview_map *t, const struct net *net,
             const double *bytes, double peak, char line[3][256])
{
    const struct net_torus_params *tp = net_torus(net);
    int nd = tp->nd, dx = t->dx < nd ? t->dx : 0, dy = nd < 2 ? -1 : t->dy;
    int x[NET_MAX_DIMS], nr = 0, first = -1;
    struct linkset e[2] = {{0, -1, -1, 0, 0, 0}, {0, -1, -1, 0, 0, 0}};
    char a[16], bname[16], vn[NET_NAME_MAX];

    if (dy == dx || dy >= nd)
        dy = nd < 2 ? -1 : (dx + 1) % nd;
    for (int r = 0; r < net_routers(net); r++) {
        int in = 1;
        net_torus_coords(net, r, x);
        for (int k = 0; k < nd; k++)
            if (k == dx)
                in &= x[k] == t->x;
            else if (k == dy)
                in &= x[k] == t->y;
            else if (t->plane)
                in &= x[k] == 0;
        if (!in)
            continue;
        if (first < 0)
            first = r;
        nr++;
        for (int s = 0; s < 2; s++) { /* the edge to the next cell */
            int k = s == 0 ? dx : dy, nb;
            if (k < 0)
                continue;
            if (t->dir != 2)
                ls_add(&e[s], net, bytes, peak, net_torus_link(net, r, k, +1));
            if (t->dir != 1) {
                x[k] = (x[k] + 1) % tp->dim[k];
                nb = net_torus_router(net, x);
                x[k] = (x[k] + tp->dim[k] - 1) % tp->dim[k];
                ls_add(&e[s], net, bytes, peak,
                       net_torus_link(net, nb, k, -1));
            }
        }
    }
    net_torus_dim_name(net, dx, a, sizeof a);
    if (dy >= 0)
        net_torus_dim_name(net, dy, bname, sizeof bname);
    {
        char head[64];
        if (dy >= 0)
            snprintf(head, sizeof head, "selected %s=%d %s=%d", a, t->x,
                     bname, t->y);
        else
            snprintf(head, sizeof head, "selected %s=%d", a, t->x);
        if (nr == 1)
            snprintf(line[0], 256, "%s: router %s", head,
                     net_vertex_name(net, first, vn, sizeof vn));
        else
            snprintf(line[0], 256, "%s: %d routers (%s)", head, nr,
                     t->plane ? "the plane" : "every coordinate of the others");
    }
    for (int s = 0; s < 2; s++) {
        int k = s == 0 ? dx : dy, c = s == 0 ? t->x : t->y;
        line[1 + s][0] = '\0';
        if (k < 0)
            continue;
        snprintf(line[1 + s], 256, "  %s %d\u2192%d %s: ", s == 0 ? a : bname,
                 c, (c + 1) % tp->dim[k],
                 t->dir == 1   ? "+ links"
                 : t->dir == 2 ? "- links"
                               : "both ways");
        ls_fmt(&e[s], net, line[1 + s], 256);
    }
}

/* The dragonfly's selected pair of groups, or router of the group shown,
   into line[0..2]. */
static void
dfly_report(const struct nview_map *t, const struct net *net,
            const double *bytes, double peak, char line[3][256])
{
    const struct net_dragonfly_params *dp = net_dragonfly(net);
    char vn[NET_NAME_MAX];

    line[1][0] = line[2][0] = '\0';
    if (t->group < 0) {
        struct linkset e = {0, -1, -1, 0, 0, 0}, back = {0, -1, -1, 0, 0, 0};
        if (t->x == t->y) {
            snprintf(line[0], 256,
                     "selected group %d to itself: no L2 links (Enter opens "
                     "the group)",
                     t->y);
            return;
        }
        for (int j = 0; j < dp->global_per_pair; j++) {
            ls_add(&e, net, bytes, peak, net_df_global(net, t->y, t->x, j));
            ls_add(&back, net, bytes, peak, net_df_global(net, t->x, t->y, j));
        }
        snprintf(line[0], 256, "selected group %d \u2192 group %d: ", t->y,
                 t->x);
        ls_fmt(&e, net, line[0], 256);
        snprintf(line[1], 256, "  back, group %d \u2192 group %d: ", t->x,
                 t->y);
        ls_fmt(&back, net, line[1], 256);
        return;
    }
    {
        int r = net_df_router(net, t->group, t->y, t->x), ncls = 0, row = 1;
        int cls[8];
        struct linkset e[8];
        if (r < 0) {
            snprintf(line[0], 256, "no router selected");
            return;
        }
        for (int l = net_out_begin(net, r); l < net_out_end(net, r); l++) {
            int c = net_link_class(net, l), k;
            for (k = 0; k < ncls && cls[k] != c; k++)
                ;
            if (k == ncls) {
                if (ncls == 8)
                    continue;
                cls[ncls] = c;
                e[ncls++] = (struct linkset){0, -1, -1, 0, 0, 0};
            }
            ls_add(&e[k], net, bytes, peak, l);
        }
        snprintf(line[0], 256,
                 "selected router %s (group %d, chassis %d, slot %d), its "
                 "out-links:",
                 net_vertex_name(net, r, vn, sizeof vn), t->group, t->y, t->x);
        for (int k = 0; k < ncls; k++) { /* two classes a row */
            row = 1 + k / 2;
            if (row > 2)
                break;
            snprintf(line[row] + strlen(line[row]),
                     256 - strlen(line[row]), "  ");
            ls_fmt(&e[k], net, line[row], 256);
        }
    }
}

/* Another network (no map): the selected row of its hottest links. */
static void
other_report(const struct nview_map *t, const struct net_run *lr,
             const struct nview_show *sh, double peak, char line[3][256])
{
    static int buf[NVIEW_TOP_MAX];
    const struct net *net = lr->scen->net->net;
    const double *bytes = sh->bytes;
    const int *top;
    int n = nview_hot(lr, sh, buf, &top);
    struct linkset e = {0, -1, -1, 0, 0, 0};
    char name[NET_NAME_MAX];

    if (t->y < 0 || t->y >= n) {
        snprintf(line[0], 256, "no link selected");
        return;
    }
    ls_add(&e, net, bytes, peak, top[t->y]);
    snprintf(line[0], 256, "selected link %s, the %d%s hottest: ",
             net_link_name(net, top[t->y], name, sizeof name), t->y + 1,
             t->y % 10 == 0 && t->y % 100 != 10   ? "st"
             : t->y % 10 == 1 && t->y % 100 != 11 ? "nd"
             : t->y % 10 == 2 && t->y % 100 != 12 ? "rd"
                                                  : "th");
    ls_fmt(&e, net, line[0], 256);
}

/* Another network: the rows of its hottest links the list shows under
   the note, in body b with rep rows of report under it. */
static int
other_rows(int bh, int rep)
{
    return bh - 2 - rep - 1;
}

/* The first row shown of n when first was and sel is selected, in rows
   rows: the window that keeps sel in view and moves least. */
static int
other_first(int first, int sel, int rows, int n)
{
    if (rows < 1)
        return nview_clamp(sel, 0, n > 0 ? n - 1 : 0);
    if (sel < first)
        first = sel;
    if (sel >= first + rows)
        first = sel - rows + 1;
    return nview_clamp(first, 0, n - rows > 0 ? n - rows : 0);
}

/* Another network (no map): a window of its hottest links from t->first
   (moved to keep the selected one in view), the rows shown said on the
   list's header as in the Links view. */
static void
other_list(const struct nview_map *t, const struct cview *b,
           const struct net_run *lr, const struct nview_show *sh, int rep,
           const struct nview_opts *o)
{
    static int buf[NVIEW_TOP_MAX];
    const int *top;
    int n = nview_hot(lr, sh, buf, &top), rows = other_rows(b->h, rep);
    int first = other_first(t->first, t->y, rows, n), k;
    long long used = sh->st->cls[0].used;

    k = nview_hottest_window(b->c, b->x, b->y + 2, b->w, b->h - 2 - rep,
                             lr->scen->net->net, sh->bytes, top, n, first, t->y,
                             o);
    if (k > 0 && (n > rows || used > n))
        nview_rows_note(b, 2, first, k, n, used);
}

#define MAP_REPORT 3 /* rows under the map for the selected cell */

/* The map into v, and where its grid is (grid may be NULL). */
static void
map_paint(const struct nview_map *t, const struct cview *v,
          const struct view_draw_ctx *dc, struct nview_grid *grid)
{
    struct cview b, m;
    const struct net_run *lr = nview_frame(v, dc, &b);
    const struct net *net;
    const struct net_dragonfly_params *dp;
    struct nview_opts o = {HEAT_LINEAR, 0, NVIEW_MEAN};
    struct nview_show sh;
    char line[3][256] = {"", "", ""};
    int rc, rep;

    if (grid)
        memset(grid, 0, sizeof *grid);
    if (lr == NULL)
        return;
    net = lr->scen->net->net;
    sh = nview_show(dc->fam, lr);
    o.peak = sh.peak;
    dp = net_dragonfly(net);
    rep = (net_torus(net) != NULL || dp != NULL) && b.h >= 12 ? MAP_REPORT : 0;
    m = cview_sub(&b, 0, 0, b.w, b.h - rep);
    if (net_torus(net) != NULL) {
        torus(t, &m, lr, sh.bytes, &o, grid);
        torus_report(t, net, sh.bytes,
                     o.peak > 0 ? o.peak : nview_peak(net, sh.bytes), line);
    } else if (dp != NULL) {
        if (t->group >= 0)
            rc = nview_df_group(m.c, m.x, m.y, m.w, m.h, net, sh.bytes,
                                t->group, t->y * dp->routers + t->x, &o, grid);
        else
            rc = nview_df_matrix_pairs(
                m.c, m.x, m.y, m.w, m.h, net, sh.bytes,
                lr->l2pair != NULL ? lr->l2pair[sh.phase] : NULL, t->y, t->x,
                &o, grid);
        if (rc < 0)
            cview_text(&m, 1, 0, m.w - 2, ROLE_WARNING,
                       "too small for the group matrix");
        dfly_report(t, net, sh.bytes,
                    o.peak > 0 ? o.peak : nview_peak(net, sh.bytes), line);
    } else {
        cview_wrap(&b, 1, 0, b.w - 2, 2, ROLE_DIM,
                   "no map for this kind of network (maps are for tori and "
                   "dragonflies): its hottest links");
        rep = b.h >= 8 ? 2 : 0;
        other_list(t, &b, lr, &sh, rep, &o);
        other_report(t, lr, &sh,
                     o.peak > 0 ? o.peak : nview_peak(net, sh.bytes), line);
    }
    for (int i = 0; i < rep; i++)
        cview_text(&b, 0, b.h - rep + i, b.w,
                   i == 0 ? ROLE_MINIMAP_SELECTED : ROLE_DEFAULT, line[i]);
}

static void
map_draw(const void *st, const struct cview *v, const struct view_draw_ctx *dc)
{
    map_paint(st, v, dc, NULL);
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

/* Another network: its hottest links listed (at most NVIEW_TOP_MAX). */
static int
other_count(struct view_ctx *vc, const struct net_run *lr)
{
    static int buf[NVIEW_TOP_MAX];
    const int *top;
    struct nview_show sh = nview_show(vc->fam, lr);

    return nview_hot(lr, &sh, buf, &top);
}

/* The rows the list of another network had at the last draw (the view's
   body under the header, as map_paint() lays it out). */
static int
other_view_rows(struct view_ctx *vc)
{
    int bh = vc->h - nview_header_rows(vc->ss, vc->fam);

    return other_rows(bh, bh >= 8 ? 2 : 0);
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
    { /* another network: Up and Down choose among its hottest links,
         the window following */
        struct nview_map *t = st;
        int n = other_count(vc, lr), r, rows = other_view_rows(vc);
        if (act == ACT_LEFT || act == ACT_RIGHT ||
            (r = nview_moved(t->y, n, act)) < 0)
            return VIEW_NOT_MINE;
        if (act == ACT_PAGE_UP || act == ACT_PAGE_DOWN) /* a window's worth */
            r = nview_clamp(t->y + (act == ACT_PAGE_UP ? -1 : 1) *
                                       (rows > 1 ? rows - 1 : 1),
                            0, n > 0 ? n - 1 : 0);
        t->y = r;
        t->first = other_first(t->first, t->y, rows, n);
        return UI_REDRAW;
    }
}

/* Another network: a new result or phase keeps the selection on a row
   that is there, and a resize the window on it. */
static void
map_sync(void *st, struct view_ctx *vc)
{
    struct nview_map *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net *net;
    int n;

    if (lr == NULL)
        return;
    net = lr->scen->net->net;
    if (net_torus(net) != NULL || net_dragonfly(net) != NULL)
        return;
    n = other_count(vc, lr);
    t->y = nview_clamp(t->y, 0, n > 0 ? n - 1 : 0);
    t->first = other_first(t->first, t->y, other_view_rows(vc), n);
}

/* A click on a cell of the map selects it (a dragonfly's matrix: the
   first pair of the block). */
static int
map_click(void *st, struct view_ctx *vc, int col, int row, int button)
{
    static const struct view_env env;
    struct nview_map *t = st;
    struct view_draw_ctx dc = {vc->ss, vc->fam, &env, NULL};
    struct nview_grid g;
    struct canvas scratch;
    struct cview v;
    int ix, iy, hit;

    if (button != 1 || vc->w < 1 || vc->h < 1)
        return VIEW_NOT_MINE;
    canvas_init(&scratch, vc->w, vc->h, 1);
    v = cview_of(&scratch, 0, 0, vc->w, vc->h);
    map_paint(t, &v, &dc, &g);
    canvas_fini(&scratch);
    hit = g.nx > 0 && nview_grid_hit(&g, col, row, &ix, &iy);
    if (!hit)
        return 0;
    t->x = ix;
    t->y = iy;
    return UI_REDRAW;
}

const struct view_entry nview_map_entry = {
    .name = "map",
    .title = "Map",
    .family = &nview_family,
    .size = sizeof(struct nview_map),
    .init = map_init,
    .sync = map_sync,
    .draw = map_draw,
    .key = map_key,
    .click = map_click,
};
