/*
 * nview_links: the Links view -- every link of the run that carries
 * traffic, hottest first, a row each (nview_hottest_window()); on a
 * network of more than NVIEW_LINKS_ALL links the NVIEW_TOP_MAX hottest.
 * Enter explains the selected link in the status line (the model's
 * explain); '/' finds a link among them, or says why it is not there.
 * The rows scroll to keep the selected one in view, the header saying
 * which. Its state: the selected row and the list, made in its sync.
 */
#include "view/net/nview_ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "view/keys.h"
#include "view/net/nview_int.h"
#include "view/roles.h"
#include "view/ui.h"

static void
links_fini(void *st)
{
    struct nview_links *t = st;

    free(t->list);
    t->list = NULL;
    t->n = 0;
    t->of = 0;
}

/* A link and its bytes, for the sort. */
struct hot {
    double b;
    int l;
};

/* Most bytes first, ties by link id (nview_top()'s order). */
static int
cmp_hot(const void *pa, const void *pb)
{
    const struct hot *a = pa, *b = pb;

    if (a->b != b->b)
        return a->b < b->b ? 1 : -1;
    return (a->l > b->l) - (a->l < b->l);
}

/* Is t->list of what sh shows of lr? */
static int
list_fresh(const struct nview_links *t, const struct net_run *lr,
           const struct nview_show *sh)
{
    return t->of == lr->id && t->of_phase == sh->phase;
}

/* t->list in line with what sh shows of lr: every link with traffic on a
   network of at most NVIEW_LINKS_ALL links, else the run's hottest. */
static void
list_sync(struct nview_links *t, const struct net_run *lr,
          const struct nview_show *sh)
{
    const struct net *net = lr->scen->net->net;
    int links = net_links(net);

    if (list_fresh(t, lr, sh))
        return;
    free(t->list);
    t->list = NULL;
    t->n = 0;
    t->used = sh->st->cls[0].used;
    if (links <= NVIEW_LINKS_ALL) {
        struct hot *h = xreallocarray(NULL, (size_t)links + 1, sizeof *h);
        for (int l = 0; l < links; l++)
            if (sh->bytes[l] > 0) /* NaN and 0 left out */
                h[t->n++] = (struct hot){sh->bytes[l], l};
        qsort(h, (size_t)t->n, sizeof *h, cmp_hot);
        t->list = xreallocarray(NULL, (size_t)t->n + 1, sizeof *t->list);
        for (int i = 0; i < t->n; i++)
            t->list[i] = h[i].l;
        free(h);
        t->used = t->n;
    } else {
        static int buf[NVIEW_TOP_MAX];
        const int *top;
        t->n = nview_hot(lr, sh, buf, &top);
        t->list = xreallocarray(NULL, (size_t)t->n + 1, sizeof *t->list);
        memcpy(t->list, top, (size_t)t->n * sizeof *t->list);
    }
    t->of = lr->id;
    t->of_phase = sh->phase;
}

/* The rows the view selects from now: the changed links in compare
   mode, else the links with traffic (t->list made). */
static int
links_count(struct nview_links *t, struct view_ctx *vc,
            const struct net_run *lr)
{
    const struct net_diff *d = nview_diff(vc->fam, vc->ss, NULL);
    struct nview_show sh = nview_show(vc->fam, lr);

    if (d != NULL)
        return (int)d->changed;
    list_sync(t, lr, &sh);
    return t->n;
}

/* A new result or phase: the list again, and the selection on a row
   that is there. */
static void
links_sync(void *st, struct view_ctx *vc)
{
    struct nview_links *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    int n;

    if (lr == NULL)
        return;
    n = links_count(t, vc, lr);
    t->row = nview_clamp(t->row, 0, n > 0 ? n - 1 : 0);
}

/* Compare mode: the links that changed, the largest change first --
   before, after, the change with its sign and the word up or down, of
   the phase compared (a and b: the bytes before and after). Narrow, the
   class goes first, then the bytes before, then the names are cut: a
   number is never cut from its unit. */
static void
draw_changes(const struct nview_links *t, const struct cview *b,
             const struct net *net, const double *a, const double *c,
             const struct net_diff *d)
{
    int rows = b->h - 1, first, namew, cls = 1, bef = 1, w = b->w - 2;
    int rw = 5, xn, xc, xb, xa, xz;
    char x[48], y[48], z[48], name[NET_NAME_MAX];

    if (rows < 1)
        return;
    if (d->changed == 0) {
        cview_text(b, 1, 0, w, ROLE_DIM,
                   "no link carries other bytes than before");
        return;
    }
    /* "    #  link  class  before  after  change down" */
    namew = w - (7 + 9 + 11 + 11 + 12 + 5);
    if (namew < 12) {
        cls = 0;
        namew += 9;
    }
    if (namew < 12) {
        bef = 0;
        namew += 11;
    }
    if (namew < 18) { /* the rank as wide as the last one's */
        rw = nview_digits(d->changed);
        namew += 5 - rw;
    }
    namew = nview_clamp(namew, 4, 24);
    xn = 1 + rw + 2;
    xc = xn + namew + 1;
    xb = xc + (cls ? 9 : 0);
    xa = xb + (bef ? 11 : 0);
    xz = xa + 11;
    cview_text_right(b, 1, 0, rw, ROLE_HEADER, "#");
    cview_text(b, xn, 0, namew, ROLE_HEADER, "link");
    if (cls)
        cview_text(b, xc, 0, 8, ROLE_HEADER, "class");
    if (bef)
        cview_text_right(b, xb, 0, 10, ROLE_HEADER, "before");
    cview_text_right(b, xa, 0, 10, ROLE_HEADER, "after");
    cview_text_right(b, xz, 0, 11, ROLE_HEADER, "change");
    first = t->row - rows / 2;
    if (first > d->changed - rows)
        first = (int)d->changed - rows;
    if (first < 0)
        first = 0;
    for (int r = first; r < d->changed && r - first < rows; r++) {
        int l = d->order[r], row = 1 + r - first, role;
        int up = c[l] > a[l];
        snprintf(x, sizeof x, "%d", r + 1);
        cview_text_right(b, 1, row, rw, ROLE_DEFAULT, x);
        cview_text_cut(b, xn, row, namew, ROLE_DEFAULT,
                       net_link_name(net, l, name, sizeof name));
        if (cls)
            cview_text_cut(b, xc, row, 8, ROLE_DEFAULT,
                           net_class_name(net, net_link_class(net, l)));
        if (bef)
            cview_text_right(b, xb, row, 10, ROLE_DEFAULT,
                             units_fmt_size(x, sizeof x, a[l]));
        cview_text_right(b, xa, row, 10, ROLE_DEFAULT,
                         units_fmt_size(y, sizeof y, c[l]));
        units_fmt_size(z + 1, sizeof z - 1, up ? c[l] - a[l] : a[l] - c[l]);
        z[0] = up ? '+' : '-';
        nview_change(x, sizeof x, a[l], c[l], &role); /* the change's role */
        cview_printf(b, xz, row, 11 + 1 + 4, role, "%11s %s", z,
                     up ? "up" : "down");
        if (r == t->row)
            cview_paint(b, 0, row, b->w, 1, ROLE_SELECTED);
    }
}

/* The links with traffic, hottest first, a window of them that keeps the
   selected row in view under the header; the header says which rows
   (and, on a network too large to list every link, of how many). */
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
    int rows, top, n, nhot, phase = 0;
    long long used;
    static int buf[NVIEW_TOP_MAX];
    const int *list;

    if (lr == NULL || b.h < 2)
        return;
    if ((d = nview_diff(dc->fam, dc->ss, &phase)) != NULL) {
        draw_changes(t, &b, lr->scen->net->net,
                     nview_phase_res(model_net_run_prev(dc->ss), phase)->bytes,
                     nview_phase_res(lr, phase)->bytes, d);
        return;
    }
    sh = nview_show(dc->fam, lr);
    o.peak = sh.peak;
    if (list_fresh(t, lr, &sh)) {
        list = t->list;
        nhot = t->n;
        used = t->used;
    } else { /* before the sync: the run's hottest */
        nhot = nview_hot(lr, &sh, buf, &list);
        used = sh.st->cls[0].used;
    }
    rows = b.h - 1;
    top = t->row - rows + 1 > 0 ? t->row - rows + 1 : 0;
    n = nview_hottest_window(b.c, b.x, b.y, b.w, b.h, lr->scen->net->net,
                             sh.bytes, list, nhot, top, t->row, &o);
    if (n > 0 && (nhot > rows || used > nhot)) /* where the window is */
        nview_rows_note(&b, 0, top, n, nhot, used);
}

/* The selected link explained in the status line. */
static int
explain_link(struct nview_links *t, struct view_ctx *vc,
             const struct net_run *lr)
{
    struct nview_show sh = nview_show(vc->fam, lr);

    list_sync(t, lr, &sh);
    if (t->n == 0) {
        ui_status(vc->u, 1, "no link carries traffic");
        return UI_REDRAW;
    }
    t->row = nview_clamp(t->row, 0, t->n - 1);
    return nview_explain_status(vc, lr, sh.phase, t->list[t->row]);
}

/* Compare mode: the selected changed link, before and after (of the
   phase compared). */
static int
explain_change(struct nview_links *t, struct view_ctx *vc,
               const struct net_run *lr, const struct net_diff *d, int phase)
{
    const struct net_run *prev = model_net_run_prev(vc->ss);
    const struct net *net = lr->scen->net->net;
    const double *pa, *pb;
    char name[NET_NAME_MAX], a[48], b[48], c[48], e[48];
    int l;

    if (d->changed == 0 || prev == NULL) {
        ui_status(vc->u, 0, "no link changed");
        return UI_REDRAW;
    }
    pa = nview_phase_res(prev, phase)->bytes;
    pb = nview_phase_res(lr, phase)->bytes;
    t->row = nview_clamp(t->row, 0, (int)d->changed - 1);
    l = d->order[t->row];
    ui_status(vc->u, 0, "link %s (%s): %s -> %s, busy %s -> %s",
              net_link_name(net, l, name, sizeof name),
              net_class_name(net, net_link_class(net, l)),
              units_fmt_size(a, sizeof a, pa[l]),
              units_fmt_size(b, sizeof b, pb[l]),
              units_fmt_time(c, sizeof c, pa[l] / net_link_bw(net, l)),
              units_fmt_time(e, sizeof e, pb[l] / net_link_bw(net, l)));
    return UI_REDRAW;
}

static int
links_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_links *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net_diff *d;
    int r, n, phase = 0;

    if (lr == NULL)
        return VIEW_NOT_MINE;
    if ((d = nview_diff(vc->fam, vc->ss, &phase)) != NULL) {
        if (act == ACT_OPEN)
            return explain_change(t, vc, lr, d, phase);
        if ((r = nview_moved(t->row, (int)d->changed, act)) < 0)
            return VIEW_NOT_MINE;
        t->row = r;
        return UI_REDRAW;
    }
    if (act == ACT_OPEN)
        return explain_link(t, vc, lr);
    n = links_count(t, vc, lr);
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

/* The English ordinal suffix of n >= 1. */
static const char *
ordinal(int n)
{
    return n % 10 == 1 && n % 100 != 11   ? "st"
           : n % 10 == 2 && n % 100 != 12 ? "nd"
           : n % 10 == 3 && n % 100 != 13 ? "rd"
                                          : "th";
}

/* Not among the rows: why -- no link of the net has such a name, or the
   first that has carries no traffic, or it is not among the hottest a
   network too large to list every link shows. */
static void
not_listed(const struct nview_links *t, struct view_ctx *vc,
           const struct net *net, const double *bytes, const char *text)
{
    char name[NET_NAME_MAX];
    int links = net_links(net);

    for (int l = 0; l < links; l++) {
        if (strstr(net_link_name(net, l, name, sizeof name), text) == NULL)
            continue;
        if (!(bytes[l] > 0))
            ui_status(vc->u, 1,
                      "'%s': link %s carries no traffic (the list shows the "
                      "%lld links that do)",
                      text, name, t->used);
        else
            ui_status(vc->u, 1,
                      "'%s': link %s is not among the %d hottest shown (of "
                      "%lld with traffic)",
                      text, name, t->n, t->used);
        return;
    }
    ui_status(vc->u, 1, "'%s' is not in the name of a link", text);
}

/* The next (dir -1: previous) of the listed links whose name holds text
   (in compare mode: of the changed links). */
static int
links_find(void *st, struct view_ctx *vc, const char *text, int dir)
{
    struct nview_links *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net_diff *d;
    const struct net *net;
    const int *list;
    struct nview_show sh;
    char name[NET_NAME_MAX], what[NET_NAME_MAX + 40];
    int n, wrapped = 0;

    if (lr == NULL)
        return 0;
    net = lr->scen->net->net;
    sh = nview_show(vc->fam, lr);
    if ((d = nview_diff(vc->fam, vc->ss, NULL)) != NULL) {
        list = d->order;
        n = (int)d->changed;
    } else {
        list_sync(t, lr, &sh);
        list = t->list;
        n = t->n;
    }
    for (int k = 1; k <= n; k++) {
        int i = ui_find_step(t->row, k, n, dir, &wrapped);
        if (strstr(net_link_name(net, list[i], name, sizeof name), text)) {
            t->row = i;
            snprintf(what, sizeof what, "%s, the %d%s %s link", name, i + 1,
                     ordinal(i + 1), d != NULL ? "most changed" : "hottest");
            ui_found(vc->u, wrapped, what);
            return 1;
        }
    }
    if (d != NULL)
        ui_status(vc->u, 1, "'%s' is not among the %d changed links", text, n);
    else
        not_listed(t, vc, net, sh.bytes, text);
    return 0;
}

const struct view_entry nview_links_entry = {
    .name = "links",
    .title = "Links",
    .family = &nview_family,
    .size = sizeof(struct nview_links),
    .fini = links_fini,
    .sync = links_sync,
    .draw = links_draw,
    .key = links_key,
    .find = links_find,
};
