/*
 * nview_keys: keys of the link model's views. See nview_keys.h.
 */
#include "view/net/nview_keys.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/model_net.h"

const struct nview_hier *
nview_ui_hier(struct ui *u, const struct session *ss)
{
    const struct net_run *lr = model_net_run(ss);

    if (lr == NULL || lr->res == NULL)
        return NULL;
    /* the run's id, not its address: a new run may be allocated where
       the last one was */
    if (u->hier == NULL || u->hier_of != lr->id) {
        nview_hier_free(u->hier);
        u->hier = nview_hier_new(lr->scen->net->net, lr->res->bytes, lr->peak);
        u->hier_of = lr->id;
    }
    return u->hier;
}

void
nview_ui_walk(const struct ui *u, struct nview_walk *wk)
{
    static struct nview_idset set; /* read only during the walk */

    memset(wk, 0, sizeof *wk);
    set.ids = u->net_ids;
    set.n = u->nnet_ids;
    wk->open = nview_idset_has;
    wk->ctx = &set;
    wk->find = -1;
}

static int
cmp_id(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;

    return (x > y) - (x < y);
}

/* Open or close node id in the Network view. */
static void
set_open(struct ui *u, long long id, int open)
{
    int k;

    for (k = 0; k < u->nnet_ids && u->net_ids[k] != id; k++)
        ;
    if (open && k == u->nnet_ids) {
        u->net_ids = xreallocarray(u->net_ids, (size_t)u->nnet_ids + 1,
                                   sizeof *u->net_ids);
        u->net_ids[u->nnet_ids++] = id;
        qsort(u->net_ids, (size_t)u->nnet_ids, sizeof *u->net_ids, cmp_id);
    } else if (!open && k < u->nnet_ids) {
        memmove(u->net_ids + k, u->net_ids + k + 1,
                (size_t)(u->nnet_ids - k - 1) * sizeof *u->net_ids);
        u->nnet_ids--;
    }
}

static int
clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Network view: rows, selection, folding. */
static int
net_key(struct ui *u, const struct session *ss, int act)
{
    const struct nview_hier *h = nview_ui_hier(u, ss);
    struct nview_walk wk;
    struct nview_row row;
    int n;

    if (h == NULL)
        return -1;
    nview_ui_walk(u, &wk);
    n = nview_rows(h, &wk, NULL, 0);
    u->net_row = clamp(u->net_row, 0, n > 0 ? n - 1 : 0);
    wk.first = u->net_row;
    if (n == 0 || nview_rows(h, &wk, &row, 1) < 1)
        return -1;
    switch (act) {
    case ACT_UP:
    case ACT_DOWN:
    case ACT_PAGE_UP:
    case ACT_PAGE_DOWN:
    case ACT_TOP:
    case ACT_BOTTOM: {
        int d = act == ACT_UP          ? -1
                : act == ACT_DOWN      ? 1
                : act == ACT_PAGE_UP   ? -10
                : act == ACT_PAGE_DOWN ? 10
                : act == ACT_TOP       ? -n
                                       : n;
        u->net_row = clamp(u->net_row + d, 0, n - 1);
        return UI_REDRAW;
    }
    case ACT_RIGHT:
        if (row.children && !row.open)
            set_open(u, row.id, 1);
        else if (row.children)
            u->net_row = clamp(u->net_row + 1, 0, n - 1);
        return UI_REDRAW;
    case ACT_LEFT:
        if (row.children && row.open) {
            set_open(u, row.id, 0);
        } else if (row.depth > 0) {
            /* up to the parent: the nearest row above with less depth */
            for (int r = u->net_row - 1; r >= 0; r--) {
                struct nview_row p;
                nview_ui_walk(u, &wk);
                wk.first = r;
                if (nview_rows(h, &wk, &p, 1) >= 1 && p.depth < row.depth) {
                    u->net_row = r;
                    break;
                }
            }
        }
        return UI_REDRAW;
    case ACT_OPEN:
        if (row.children)
            set_open(u, row.id, !row.open);
        return UI_REDRAW;
    case ACT_COLLAPSE_ALL:
        u->nnet_ids = 0;
        u->net_row = 0;
        return UI_REDRAW;
    case ACT_EXPAND_ALL: {
        /* the first level: every top row with children */
        struct nview_row top[256];
        int k;
        nview_ui_walk(u, &wk);
        u->nnet_ids = 0;
        k = nview_rows(h, &wk, top, 256);
        for (int i = 0; i < k && i < 256; i++)
            if (top[i].depth == 0 && top[i].children)
                set_open(u, top[i].id, 1);
        return UI_REDRAW;
    }
    default:
        return -1;
    }
}

/* A row index moved by a motion action within [0, n). */
static int
moved(int cur, int n, int act)
{
    switch (act) {
    case ACT_UP:
        return clamp(cur - 1, 0, n - 1);
    case ACT_DOWN:
        return clamp(cur + 1, 0, n - 1);
    case ACT_PAGE_UP:
        return clamp(cur - 10, 0, n - 1);
    case ACT_PAGE_DOWN:
        return clamp(cur + 10, 0, n - 1);
    case ACT_TOP:
        return 0;
    case ACT_BOTTOM:
        return n - 1;
    default:
        return -1;
    }
}

/* An arrow on a w x h map grid moves the selected cell (map_x, map_y),
   round the edges on a torus (wrap), else stopping at them. Returns 1 if
   act was an arrow. */
static int
grid_move(struct ui *u, int act, int w, int h, int wrap)
{
    int dx = act == ACT_LEFT ? -1 : act == ACT_RIGHT ? 1 : 0;
    int dy = act == ACT_UP ? -1 : act == ACT_DOWN ? 1 : 0;

    if (dx == 0 && dy == 0)
        return 0;
    if (wrap) {
        u->map_x = (u->map_x + dx + w) % w;
        u->map_y = (u->map_y + dy + h) % h;
    } else {
        u->map_x = clamp(u->map_x + dx, 0, w - 1);
        u->map_y = clamp(u->map_y + dy, 0, h - 1);
    }
    return 1;
}

static int
map_key(struct ui *u, const struct net_run *lr, int act)
{
    const struct net *net = lr->scen->net->net;
    const struct net_torus_params *tp = net_torus(net);
    const struct net_dragonfly_params *dp = net_dragonfly(net);

    if (tp != NULL) {
        int nd = tp->nd, w, h;
        u->map_dx = clamp(u->map_dx, 0, nd - 1);
        if (nd < 2)
            u->map_dy = -1;
        else if (u->map_dy < 0 || u->map_dy >= nd || u->map_dy == u->map_dx)
            u->map_dy = (u->map_dx + 1) % nd;
        w = tp->dim[u->map_dx];
        h = u->map_dy >= 0 ? tp->dim[u->map_dy] : 1;
        if (grid_move(u, act, w, h, 1))
            return UI_REDRAW;
        switch (act) {
        case ACT_MAP_X:
        case ACT_MAP_Y:
            if (nd < 2)
                return UI_REDRAW;
            do {
                if (act == ACT_MAP_X)
                    u->map_dx = (u->map_dx + 1) % nd;
                else
                    u->map_dy = (u->map_dy + 1) % nd;
            } while (u->map_dx == u->map_dy);
            u->map_x = u->map_y = 0;
            return UI_REDRAW;
        case ACT_MAP_DIR:
            u->map_dir = (u->map_dir + 1) % 3;
            ui_status(u, 0, "showing %s",
                      u->map_dir == 0   ? "the mean of + and - links"
                      : u->map_dir == 1 ? "+ links"
                                        : "- links");
            return UI_REDRAW;
        case ACT_MAP_PLANE:
        case ACT_OPEN:
            u->map_plane = !u->map_plane;
            ui_status(u, 0, "%s",
                      u->map_plane ? "the plane through the selected cell"
                                   : "the projection of all planes");
            return UI_REDRAW;
        default:
            return -1;
        }
    }
    if (dp != NULL) {
        int g = dp->groups;
        if (u->map_group >= 0) { /* a group: chassis x routers */
            if (grid_move(u, act, dp->routers, dp->chassis, 0))
                return UI_REDRAW;
            switch (act) {
            case ACT_BACK:
            case ACT_OPEN:
                u->map_x = u->map_y = u->map_group;
                u->map_group = -1;
                return UI_REDRAW;
            default:
                return -1;
            }
        }
        if (grid_move(u, act, g, g, 0))
            return UI_REDRAW;
        switch (act) {
        case ACT_OPEN:
            u->map_group = u->map_y; /* the row's group: its own links */
            u->map_x = u->map_y = 0;
            return UI_REDRAW;
        default:
            return -1;
        }
    }
    return -1;
}

/* Unfold the nodes above router v in the Network view; returns v's row
   id. */
static long long
open_router(struct ui *u, const struct net *net, int v)
{
    const struct net_torus_params *tp = net_torus(net);
    const struct net_dragonfly_params *dp = net_dragonfly(net);

    switch (net_family(net)) {
    case NET_DRAGONFLY: {
        int g, c, slot;
        net_df_coords(net, v, &g, &c, &slot);
        set_open(u, nview_row_id(NVIEW_GROUP, g), 1);
        if (dp->chassis > 1)
            set_open(u, nview_row_id(NVIEW_CHASSIS, g * dp->chassis + c), 1);
        break;
    }
    case NET_TORUS:
        if (tp->nd > 1) {
            int x[NET_MAX_DIMS];
            net_torus_coords(net, v, x);
            set_open(u, nview_row_id(NVIEW_PLANE, x[tp->nd - 1]), 1);
        }
        break;
    case NET_FATTREE: {
        int idx;
        set_open(u, nview_row_id(NVIEW_LEVEL, net_ft_level(net, v, &idx)), 1);
        break;
    }
    case NET_TREE:
        for (int a = net_tree_parent(net, v); a >= 0;
             a = net_tree_parent(net, a))
            set_open(u, nview_row_id(NVIEW_ROUTER, a), 1);
        break;
    default:
        break;
    }
    return nview_row_id(NVIEW_ROUTER, v);
}

int
nview_find(struct ui *u, struct session *ss, const char *text)
{
    const struct net_run *lr = model_net_run(ss);
    const struct net *net;
    char name[NET_NAME_MAX];

    if (lr == NULL || lr->res == NULL || text[0] == '\0')
        return 0;
    net = lr->scen->net->net;
    if (u->view == VIEW_LINKS) {
        static int top[NVIEW_TOP_MAX];
        int n = nview_top(net, lr->res->bytes, -1, NVIEW_TOP_MAX, top);
        for (int k = 1; k <= n; k++) {
            int i = (u->link_row + k) % n;
            if (strstr(net_link_name(net, top[i], name, sizeof name), text)) {
                u->link_row = i;
                ui_status(u, 0, "found %s, the %d%s hottest link", name, i + 1,
                          i == 0   ? "st"
                          : i == 1 ? "nd"
                          : i == 2 ? "rd"
                                   : "th");
                return 1;
            }
        }
        ui_status(u, 1, "'%s' is not among the %d hottest links", text, n);
        return 1;
    }
    {
        int nr = net_routers(net);
        for (int k = 1; k <= nr; k++) {
            int v = (u->net_find + k) % nr;
            if (strstr(net_vertex_name(net, v, name, sizeof name), text)) {
                const struct nview_hier *h = nview_ui_hier(u, ss);
                struct nview_walk wk;
                long long id = open_router(u, net, v);
                nview_ui_walk(u, &wk);
                wk.find = id;
                nview_rows(h, &wk, NULL, 0);
                if (wk.found >= 0)
                    u->net_row = wk.found;
                u->net_find = v;
                u->view = VIEW_NET;
                ui_status(u, 0, "found %s", name);
                return 1;
            }
        }
    }
    ui_status(u, 1, "'%s' not found", text);
    return 1;
}

/* Enter in Links: the selected link explained in the status line. */
static int
explain_link(struct ui *u, const struct net_run *lr)
{
    static int top[NVIEW_TOP_MAX];
    const struct net *net = lr->scen->net->net;
    int want = clamp(u->link_row + 1, 1, NVIEW_TOP_MAX);
    int n = nview_top(net, lr->res->bytes, -1, want, top);
    struct rho_err err;
    struct strbuf sb;

    if (n < want) {
        ui_status(u, 1, "no link on row %d carries traffic", u->link_row + 1);
        return UI_REDRAW;
    }
    strbuf_init(&sb);
    if (net_run_explain(lr, top[want - 1], &sb, &err) == 0) {
        size_t len = sb.len; /* one line, without its newline */
        if (len > 0 && strbuf_str(&sb)[len - 1] == '\n')
            len--;
        ui_status(u, 0, "%.*s", (int)len, strbuf_str(&sb));
    } else {
        ui_status(u, 1, "%s", err.msg);
    }
    strbuf_fini(&sb);
    return UI_REDRAW;
}

int
nview_key(struct ui *u, struct session *ss, int act)
{
    const struct net_run *lr = model_net_run(ss);
    int n, v;

    if (lr == NULL || lr->res == NULL) {
        switch (act) {
        case ACT_UP:
        case ACT_DOWN:
        case ACT_LEFT:
        case ACT_RIGHT:
        case ACT_OPEN:
            ui_status(u, 0, "the link model is still computing");
            return UI_REDRAW;
        default:
            return -1;
        }
    }
    switch (u->view) {
    case VIEW_NET:
        return net_key(u, ss, act);
    case VIEW_LINKS:
        if (act == ACT_OPEN)
            return explain_link(u, lr);
        n = net_links(lr->scen->net->net);
        if ((v = moved(u->link_row, n, act)) < 0)
            return -1;
        u->link_row = v;
        return UI_REDRAW;
    case VIEW_MAP:
        return map_key(u, lr, act);
    case VIEW_LSTATS:
        n = lr->st->nclasses;
        if ((v = moved(u->cls_row, n, act)) < 0)
            return -1;
        u->cls_row = v;
        return UI_REDRAW;
    case VIEW_ROUNDS:
        n = lr->nrounds;
        if (act == ACT_STEP_NEXT || act == ACT_STEP_PREV) {
            if (n == 0) {
                ui_status(u, 0,
                          "no allocation rounds: %s is static (R "
                          "cycles the routing; AD, AI and AH allocate)",
                          net_routing_name(lr->scen->net->routing));
                return UI_REDRAW;
            }
            u->round =
                clamp(u->round + (act == ACT_STEP_NEXT ? 1 : -1), 0, n - 1);
            return UI_REDRAW;
        }
        if (act == ACT_TOP || act == ACT_BOTTOM) {
            u->round = act == ACT_TOP ? 0 : n > 0 ? n - 1 : 0;
            return UI_REDRAW;
        }
        return -1;
    default:
        return -1;
    }
}
