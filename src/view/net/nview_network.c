/*
 * nview_network: the Network view -- the hierarchy of the network
 * (nview_hier.h) with the bytes and loads crossing every node, folded
 * and unfolded by hand, a window of rows that follows the selection. Its
 * state (struct nview_network): the rows of the run (made again by its
 * sync when another run comes in), the open nodes, the selection and the
 * window. '/' finds a group, chassis, plane or level, a router or a link
 * by name and unfolds what is above it; the other link views find them
 * here too.
 */
#include "view/net/nview_ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

#define VIS_MAX 128 /* rows drawn at most */

static void
network_init(void *st)
{
    struct nview_network *t = st;

    t->find = -1; /* the first find starts at the first node */
}

static void
network_fini(void *st)
{
    struct nview_network *t = st;

    free(t->ids);
    nview_hier_free(t->hier);
    nview_hier_free(t->was);
    t->ids = NULL;
    t->hier = NULL;
    t->was = NULL;
}

/* A walk over t's open nodes (set: the caller's, read during the walk). */
static void
walk_of(const struct nview_network *t, struct nview_idset *set,
        struct nview_walk *wk)
{
    memset(wk, 0, sizeof *wk);
    set->ids = t->ids;
    set->n = t->nids;
    wk->open = nview_idset_has;
    wk->ctx = set;
    wk->find = -1;
}

/* The visible rows. */
static int
count_rows(const struct nview_network *t)
{
    struct nview_idset set;
    struct nview_walk wk;

    walk_of(t, &set, &wk);
    return nview_rows(t->hier, &wk, NULL, 0);
}

/* Compare mode: the rows on the bytes of the run before lr (its phase
   sh->phase, if it has it), made again when either run or the phase
   changes; none while compare mode shows no comparison. */
static void
was_sync(struct nview_network *t, struct view_ctx *vc,
         const struct net_run *lr, const struct nview_show *sh)
{
    const struct net_run *prev = model_net_run_prev(vc->ss);
    const double *bytes = NULL;

    if (nview_diff(vc->fam, vc->ss, NULL) == NULL || prev == NULL) {
        nview_hier_free(t->was);
        t->was = NULL;
        return;
    }
    if (t->was != NULL && t->was_of == prev->id && t->was_for == lr->id &&
        t->was_phase == sh->phase)
        return;
    nview_hier_free(t->was);
    t->was = NULL;
    if (sh->phase == 0)
        bytes = prev->res->bytes;
    else if (sh->phase <= prev->res->nphases)
        bytes = prev->res->phase[sh->phase - 1]->bytes;
    if (bytes != NULL) /* the same network, link for link (nview_diff) */
        t->was = nview_hier_new(lr->scen->net->net, bytes, prev->peak);
    t->was_of = prev->id;
    t->was_for = lr->id;
    t->was_phase = sh->phase;
}

/* The rows of the run (made again for a new run: its id, not its
   address, which a new run may share), the selection in range, and the
   window that shows it in the rows the view has. */
static void
network_sync(void *st, struct view_ctx *vc)
{
    struct nview_network *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    struct nview_show sh;
    int n, rows, vis;

    if (lr == NULL)
        return;
    sh = nview_show(vc->fam, lr);
    if (t->hier == NULL || t->hier_of != lr->id || t->hier_phase != sh.phase) {
        nview_hier_free(t->hier);
        /* the boundaries come made with the run (its job thread): the
           loop thread does O(1) here, not O(links) */
        t->hier = nview_hier_new_with(lr->scen->net->net, sh.bytes, sh.peak,
                                      lr->bounds != NULL ? lr->bounds[sh.phase]
                                                         : NULL);
        t->hier_of = lr->id;
        t->hier_phase = sh.phase;
    }
    was_sync(t, vc, lr, &sh);
    n = count_rows(t);
    t->row = nview_clamp(t->row, 0, n > 0 ? n - 1 : 0);
    rows = vc->h - nview_header_rows(vc->ss, vc->fam);
    vis = rows - 1 > VIS_MAX ? VIS_MAX : rows - 1;
    if (rows < 3 || vis < 1)
        return;
    if (t->row < t->first)
        t->first = t->row;
    if (t->row >= t->first + vis)
        t->first = t->row - vis + 1;
}

#define CHANGE_W 7 /* compare mode: a change column ("-100%") */

/* Compare mode: right of the rows, the change of each drawn row (now[0
   .. shown), from t->first) in bytes out and in from the run before
   (t->was, the same rows), in columns CHANGE_W wide from column x of b,
   under a header in row 0. */
static void
draw_changes(const struct nview_network *t, const struct cview *b, int x,
             const struct nview_row *now, int shown)
{
    struct nview_idset set;
    struct nview_walk wk;
    struct nview_row was[VIS_MAX];
    char buf[16];
    int role;

    walk_of(t, &set, &wk);
    wk.first = t->first;
    nview_rows(t->was, &wk, was, shown);
    cview_text_right(b, x, 0, CHANGE_W, ROLE_HEADER, "chg out");
    cview_text_right(b, x + CHANGE_W + 1, 0, CHANGE_W, ROLE_HEADER, "chg in");
    for (int i = 0; i < shown; i++) {
        nview_change(buf, sizeof buf, was[i].out, now[i].out, &role);
        cview_text_right(b, x, 1 + i, CHANGE_W, role, buf);
        nview_change(buf, sizeof buf, was[i].in, now[i].in, &role);
        cview_text_right(b, x + CHANGE_W + 1, 1 + i, CHANGE_W, role, buf);
    }
}

static void
network_draw(const void *st, const struct cview *v,
             const struct view_draw_ctx *dc)
{
    const struct nview_network *t = st;
    struct cview b;
    struct nview_idset set;
    struct nview_walk wk;
    struct nview_row rows[VIS_MAX];
    int n, vis, shown, cw = 0;

    if (nview_frame(v, dc, &b) == NULL || t->hier == NULL)
        return;
    vis = b.h - 1 > VIS_MAX ? VIS_MAX : b.h - 1;
    if (vis < 1)
        return;
    walk_of(t, &set, &wk);
    wk.first = t->first;
    n = nview_rows(t->hier, &wk, rows, vis);
    shown = vis < n - t->first ? vis : n - t->first;
    /* compare mode: the change columns take the right, if the rows keep
       40 columns */
    if (t->was != NULL && nview_diff(dc->fam, dc->ss, NULL) != NULL &&
        b.w - 2 * (CHANGE_W + 1) >= 40)
        cw = 2 * (CHANGE_W + 1);
    nview_rows_draw(b.c, b.x, b.y, b.w - cw, b.h, rows, shown,
                    t->row - t->first, HEAT_LINEAR);
    if (cw > 0 && shown > 0)
        draw_changes(t, &b, b.w - cw + 1, rows, shown);
}

static int
cmp_id(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;

    return (x > y) - (x < y);
}

/* Open or close node id. */
static void
set_open(struct nview_network *t, long long id, int open)
{
    int k;

    for (k = 0; k < t->nids && t->ids[k] != id; k++)
        ;
    if (open && k == t->nids) {
        t->ids = xreallocarray(t->ids, (size_t)t->nids + 1, sizeof *t->ids);
        t->ids[t->nids++] = id;
        qsort(t->ids, (size_t)t->nids, sizeof *t->ids, cmp_id);
    } else if (!open && k < t->nids) {
        memmove(t->ids + k, t->ids + k + 1,
                (size_t)(t->nids - k - 1) * sizeof *t->ids);
        t->nids--;
    }
}

/* Row r of the visible rows into *row: 1, or 0 past the last. */
static int
row_at(const struct nview_network *t, int r, struct nview_row *row)
{
    struct nview_idset set;
    struct nview_walk wk;

    walk_of(t, &set, &wk);
    wk.first = r;
    return nview_rows(t->hier, &wk, row, 1) >= 1;
}

static int
network_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_network *t = st;
    struct nview_row row;
    int n;

    if (nview_run(vc->ss) == NULL || t->hier == NULL)
        return VIEW_NOT_MINE;
    n = count_rows(t);
    t->row = nview_clamp(t->row, 0, n > 0 ? n - 1 : 0);
    if (n == 0 || !row_at(t, t->row, &row))
        return VIEW_NOT_MINE;
    if (keys_motion(act) != 0) {
        t->row = nview_moved(t->row, n, act);
        return UI_REDRAW;
    }
    switch (act) {
    case ACT_RIGHT:
        if (row.children && !row.open)
            set_open(t, row.id, 1);
        else if (row.children)
            t->row = nview_clamp(t->row + 1, 0, n - 1);
        return UI_REDRAW;
    case ACT_LEFT:
        if (row.children && row.open) {
            set_open(t, row.id, 0);
        } else if (row.depth > 0) {
            /* up to the parent: the nearest row above with less depth */
            for (int r = t->row - 1; r >= 0; r--) {
                struct nview_row p;
                if (row_at(t, r, &p) && p.depth < row.depth) {
                    t->row = r;
                    break;
                }
            }
        }
        return UI_REDRAW;
    case ACT_OPEN:
        if (row.children)
            set_open(t, row.id, !row.open);
        return UI_REDRAW;
    case ACT_COLLAPSE_ALL:
        t->nids = 0;
        t->row = 0;
        return UI_REDRAW;
    case ACT_EXPAND_ALL: {
        /* the first level: every top row with children */
        struct nview_row top[256];
        struct nview_idset set;
        struct nview_walk wk;
        int k;
        t->nids = 0;
        walk_of(t, &set, &wk);
        k = nview_rows(t->hier, &wk, top, 256);
        for (int i = 0; i < k && i < 256; i++)
            if (top[i].depth == 0 && top[i].children)
                set_open(t, top[i].id, 1);
        return UI_REDRAW;
    }
    default:
        return VIEW_NOT_MINE;
    }
}

/* Unfold the nodes above router v; returns v's row id. */
static long long
open_router(struct nview_network *t, const struct net *net, int v)
{
    const struct net_torus_params *tp = net_torus(net);
    const struct net_dragonfly_params *dp = net_dragonfly(net);

    switch (net_family(net)) {
    case NET_DRAGONFLY: {
        int g, c, slot;
        net_df_coords(net, v, &g, &c, &slot);
        set_open(t, nview_row_id(NVIEW_GROUP, g), 1);
        if (dp->chassis > 1)
            set_open(t, nview_row_id(NVIEW_CHASSIS, g * dp->chassis + c), 1);
        break;
    }
    case NET_TORUS:
        if (tp->nd > 1) {
            int x[NET_MAX_DIMS];
            net_torus_coords(net, v, x);
            set_open(t, nview_row_id(NVIEW_PLANE, x[tp->nd - 1]), 1);
        }
        break;
    case NET_FATTREE: {
        int idx;
        set_open(t, nview_row_id(NVIEW_LEVEL, net_ft_level(net, v, &idx)), 1);
        break;
    }
    case NET_TREE:
        for (int a = net_tree_parent(net, v); a >= 0;
             a = net_tree_parent(net, a))
            set_open(t, nview_row_id(NVIEW_ROUTER, a), 1);
        break;
    default:
        break;
    }
    return nview_row_id(NVIEW_ROUTER, v);
}

/* The nodes above the routers a find looks at: the groups' (to list
   their chassis). */
static int
open_groups(void *ctx, long long id)
{
    (void)ctx;
    return (id >> 32) == NVIEW_GROUP;
}

/* The rows of the nodes above the routers (groups, chassis, planes,
   levels), in the order the view lists them, into a new array (caller
   frees) of *n; NULL and 0 when the routers are the top rows. */
static struct nview_row *
node_rows(const struct nview_hier *h, int *n)
{
    struct nview_walk wk = {open_groups, NULL, 0, -1, -1};
    struct nview_row *rows, top;
    int all, k = 0;

    *n = 0;
    if (nview_rows(h, NULL, &top, 1) < 1 || top.kind == NVIEW_ROUTER)
        return NULL;
    all = nview_rows(h, &wk, NULL, 0);
    rows = xreallocarray(NULL, (size_t)all + 1, sizeof *rows);
    nview_rows(h, &wk, rows, all);
    for (int i = 0; i < all; i++) /* (none are routers: they stay shut) */
        if (rows[i].kind != NVIEW_ROUTER)
            rows[k++] = rows[i];
    *n = k;
    return rows;
}

/* Select the row of id (its ancestors open), if it is there. */
static void
select_id(struct nview_network *t, long long id)
{
    struct nview_idset set;
    struct nview_walk wk;

    walk_of(t, &set, &wk);
    wk.find = id;
    nview_rows(t->hier, &wk, NULL, 0);
    if (wk.found >= 0)
        t->row = wk.found;
}

/* Link l's row, unfolded: its own under the router it leaves, or on a
   tree the row of the node it links to its parent. */
static long long
open_link(struct nview_network *t, const struct net *net, int l)
{
    int s = net_link_src(net, l), d = net_link_dst(net, l);

    if (net_family(net) == NET_TREE)
        return open_router(t, net, net_tree_parent(net, s) == d ? s : d);
    open_router(t, net, s);
    set_open(t, nview_row_id(NVIEW_ROUTER, s), 1);
    return nview_row_id(NVIEW_LINK, l);
}

/* The next (dir -1: previous) row whose name holds text -- a group,
   chassis, plane or level, a router, then a link by its name ("g3.c0.r2
   ->g3.c0.r0") -- unfolded and selected. */
static int
network_find(void *st, struct view_ctx *vc, const char *text, int dir)
{
    struct nview_network *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net *net;
    struct nview_row *nodes;
    char name[NET_NAME_MAX + 16];
    int nn, nr, nl, total, wrapped = 0;

    if (lr == NULL || t->hier == NULL)
        return 0;
    net = lr->scen->net->net;
    nodes = node_rows(t->hier, &nn);
    nr = net_routers(net);
    nl = net_links(net);
    total = nn + nr + nl;
    for (int k = 1; k <= total; k++) {
        int i = ui_find_step(t->find, k, total, dir, &wrapped);
        long long id;
        if (i < nn) {
            const struct nview_row *r = &nodes[i];
            if (strstr(r->label, text) == NULL)
                continue;
            if (r->kind == NVIEW_CHASSIS)
                set_open(t,
                         nview_row_id(NVIEW_GROUP,
                                      r->index / net_dragonfly(net)->chassis),
                         1);
            id = r->id;
            snprintf(name, sizeof name, "%s", r->label);
        } else if (i < nn + nr) {
            if (strstr(net_vertex_name(net, i - nn, name, sizeof name), text) ==
                NULL)
                continue;
            id = open_router(t, net, i - nn);
        } else {
            int l = i - nn - nr, len;
            if (strstr(net_link_name(net, l, name, NET_NAME_MAX), text) == NULL)
                continue;
            id = open_link(t, net, l);
            len = (int)strlen(name);
            snprintf(name + len, sizeof name - (size_t)len, " (link)");
        }
        select_id(t, id);
        t->find = i;
        free(nodes);
        ui_found(vc->u, wrapped, name);
        return 1;
    }
    free(nodes);
    ui_status(vc->u, 1, "'%s' is in the name of no row or link", text);
    return 0;
}

const struct view_entry nview_network_entry = {
    .name = "network",
    .title = "Network",
    .family = &nview_family,
    .size = sizeof(struct nview_network),
    .init = network_init,
    .fini = network_fini,
    .sync = network_sync,
    .draw = network_draw,
    .key = network_key,
    .find = network_find,
};
