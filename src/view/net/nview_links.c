/*
 * nview_links: the Links view -- the hottest links of the run, a row
 * each (nview_hottest()). Enter explains the selected link in the status
 * line (the model's explain); '/' finds a link among them. The rows
 * scroll to keep the selected one in view (up to NVIEW_TOP_MAX links),
 * the header saying which. Its state: the selected row.
 */
#include "view/net/nview_ui.h"

#include <stdio.h>
#include <string.h>

#include "core/base/units.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

/* Compare mode: the links that changed, the largest change first --
   before, after, the change with its sign and the word up or down. */
static void
draw_changes(const struct nview_links *t, const struct cview *b,
             const struct net_run *lr, const struct net_run *prev,
             const struct net_diff *d)
{
    const struct net *net = lr->scen->net->net;
    int rows = b->h - 1, first, namew = 24;
    char x[48], y[48], z[48], name[NET_NAME_MAX];

    if (rows < 1)
        return;
    if (d->changed == 0) {
        cview_text(b, 1, 0, b->w - 2, ROLE_DIM,
                   "no link carries other bytes than before");
        return;
    }
    if (b->w < 80)
        namew = b->w - 56 > 12 ? b->w - 56 : 12;
    cview_printf(b, 1, 0, b->w - 2, ROLE_HEADER, "%5s  %-*s %-8s %10s %10s %11s",
                 "#", namew, "link", "class", "before", "after", "change");
    first = t->row - rows / 2;
    if (first > d->changed - rows)
        first = (int)d->changed - rows;
    if (first < 0)
        first = 0;
    for (int r = first; r < d->changed && r - first < rows; r++) {
        int l = d->order[r], row = 1 + r - first, role;
        double a = prev->res->bytes[l], c = lr->res->bytes[l];
        int up = c > a;
        units_fmt_size(x, sizeof x, a);
        units_fmt_size(y, sizeof y, c);
        units_fmt_size(z + 1, sizeof z - 1, up ? c - a : a - c);
        z[0] = up ? '+' : '-';
        cview_printf(b, 1, row, b->w - 2, ROLE_DEFAULT,
                     "%5d  %-*.*s %-8.8s %10s %10s", r + 1, namew, namew,
                     net_link_name(net, l, name, sizeof name),
                     net_class_name(net, net_link_class(net, l)), x, y);
        nview_change(x, sizeof x, a, c, &role); /* the role of the change */
        cview_printf(b, 1 + 5 + 2 + namew + 1 + 8 + 1 + 10 + 1 + 10 + 1, row,
                     11 + 1 + 4, role, "%11s %s", z, up ? "up" : "down");
        if (r == t->row)
            cview_paint(b, 0, row, b->w, 1, ROLE_SELECTED);
    }
}

/* The hottest links with traffic (at most NVIEW_TOP_MAX): the rows the
   view can select (the run's list: no pass over the links). */
static int
links_rows(const struct net_run *lr, const struct nview_show *sh)
{
    static int top[NVIEW_TOP_MAX];
    const int *list;

    return nview_hot(lr, sh, top, &list);
}

/* The table of the hottest links down to the selected row, drawn whole
   into a canvas of its own, shown through a window that keeps the
   selected row in view under the header; the header says which rows. */
static void
links_draw(const void *st, const struct cview *v,
           const struct view_draw_ctx *dc)
{
    const struct nview_links *t = st;
    struct cview b;
    const struct net_run *lr = nview_frame(v, dc, &b);
    struct nview_opts o = {HEAT_LINEAR, 0, NVIEW_MEAN};
    struct nview_show sh;
    const struct net_diff *d;
    struct canvas all;
    int rows, top, n, H, nhot;
    static int buf[NVIEW_TOP_MAX];
    const int *list;

    if (lr == NULL || b.h < 2)
        return;
    if ((d = nview_diff(dc->fam, dc->ss)) != NULL) {
        draw_changes(t, &b, lr, model_net_run_prev(dc->ss), d);
        return;
    }
    sh = nview_show(dc->fam, lr);
    o.peak = sh.peak;
    rows = b.h - 1;
    top = t->row - rows + 1 > 0 ? t->row - rows + 1 : 0;
    H = 1 + (top + rows < NVIEW_TOP_MAX ? top + rows : NVIEW_TOP_MAX);
    canvas_init(&all, b.w, H, v->c->ascii);
    nhot = nview_hot(lr, &sh, buf, &list);
    n = nview_hottest_list(&all, 0, 0, b.w, H, lr->scen->net->net, sh.bytes,
                           list, nhot, t->row, &o);
    for (int y = 0; y < b.h; y++) {
        int from = y == 0 ? 0 : top + y;
        if (from >= H)
            break;
        for (int x = 0; x < b.w; x++) {
            const struct cell *cl = &all.cell[from * all.w + x];
            cview_put(&b, x, y, cl->ch, cl->role);
            if (cl->attrs)
                cview_set_attrs(&b, x, y, 1, 1, cl->attrs);
        }
    }
    canvas_fini(&all);
    if (n > 0 && (top > 0 || n >= rows)) { /* where the window is */
        int total = nhot;
        char where[48];
        if (total <= rows)
            return;
        snprintf(where, sizeof where, " rows %d-%d of %d", top + 1,
                 top + rows < total ? top + rows : total, total);
        cview_text_right(&b, 0, 0, b.w, ROLE_DIM, where);
    }
}

/* The selected link explained in the status line. */
static int
explain_link(struct nview_links *t, struct view_ctx *vc,
             const struct net_run *lr)
{
    static int buf[NVIEW_TOP_MAX];
    const int *top;
    struct nview_show sh = nview_show(vc->fam, lr);
    int want = nview_clamp(t->row + 1, 1, NVIEW_TOP_MAX);
    int n = nview_hot(lr, &sh, buf, &top);

    if (n < want) {
        ui_status(vc->u, 1, "no link on row %d carries traffic", t->row + 1);
        return UI_REDRAW;
    }
    return nview_explain_status(vc, lr, sh.phase, top[want - 1]);
}

/* Compare mode: the selected changed link, before and after. */
static int
explain_change(struct nview_links *t, struct view_ctx *vc,
               const struct net_run *lr, const struct net_diff *d)
{
    const struct net_run *prev = model_net_run_prev(vc->ss);
    const struct net *net = lr->scen->net->net;
    char name[NET_NAME_MAX], a[48], b[48], c[48], e[48];
    int l;

    if (d->changed == 0 || prev == NULL) {
        ui_status(vc->u, 0, "no link changed");
        return UI_REDRAW;
    }
    t->row = nview_clamp(t->row, 0, (int)d->changed - 1);
    l = d->order[t->row];
    ui_status(vc->u, 0, "link %s (%s): %s -> %s, busy %s -> %s",
              net_link_name(net, l, name, sizeof name),
              net_class_name(net, net_link_class(net, l)),
              units_fmt_size(a, sizeof a, prev->res->bytes[l]),
              units_fmt_size(b, sizeof b, lr->res->bytes[l]),
              units_fmt_time(c, sizeof c,
                             prev->res->bytes[l] / net_link_bw(net, l)),
              units_fmt_time(e, sizeof e,
                             lr->res->bytes[l] / net_link_bw(net, l)));
    return UI_REDRAW;
}

static int
links_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_links *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net_diff *d;
    int r, n;

    if (lr == NULL)
        return VIEW_NOT_MINE;
    if ((d = nview_diff(vc->fam, vc->ss)) != NULL) {
        if (act == ACT_OPEN)
            return explain_change(t, vc, lr, d);
        if ((r = nview_moved(t->row, (int)d->changed, act)) < 0)
            return VIEW_NOT_MINE;
        t->row = r;
        return UI_REDRAW;
    }
    if (act == ACT_OPEN)
        return explain_link(t, vc, lr);
    {
        struct nview_show sh = nview_show(vc->fam, lr);
        n = links_rows(lr, &sh);
    }
    if (act == ACT_PAGE_UP || act == ACT_PAGE_DOWN) { /* a window's worth */
        int page = vc->h - nview_header_rows(vc->ss, vc->fam) - 2;
        page = page > 1 ? page : 1;
        r = nview_clamp(t->row + (act == ACT_PAGE_UP ? -page : page), 0,
                        n > 0 ? n - 1 : 0);
    } else if ((r = nview_moved(t->row, n, act)) < 0) {
        return VIEW_NOT_MINE;
    }
    t->row = r;
    return UI_REDRAW;
}

/* The next (dir -1: previous) of the hottest links whose name holds
   text. */
static int
links_find(void *st, struct view_ctx *vc, const char *text, int dir)
{
    static int buf[NVIEW_TOP_MAX];
    const int *top;
    struct nview_links *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net *net;
    struct nview_show sh;
    char name[NET_NAME_MAX], what[NET_NAME_MAX + 40];
    int n, wrapped = 0;

    if (lr == NULL)
        return 0;
    net = lr->scen->net->net;
    sh = nview_show(vc->fam, lr);
    n = nview_hot(lr, &sh, buf, &top);
    for (int k = 1; k <= n; k++) {
        int i = ui_find_step(t->row, k, n, dir, &wrapped);
        if (strstr(net_link_name(net, top[i], name, sizeof name), text)) {
            t->row = i;
            snprintf(what, sizeof what, "%s, the %d%s hottest link", name,
                     i + 1,
                     i % 10 == 0 && i % 100 != 10   ? "st"
                     : i % 10 == 1 && i % 100 != 11 ? "nd"
                     : i % 10 == 2 && i % 100 != 12 ? "rd"
                                                    : "th");
            ui_found(vc->u, wrapped, what);
            return 1;
        }
    }
    ui_status(vc->u, 1, "'%s' is not among the %d hottest links", text, n);
    return 0;
}

const struct view_entry nview_links_entry = {
    .name = "links",
    .title = "Links",
    .family = &nview_family,
    .size = sizeof(struct nview_links),
    .draw = links_draw,
    .key = links_key,
    .find = links_find,
};
