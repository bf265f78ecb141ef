/*
 * pview_tree: the Tree view -- the PCIe tree with the load of every link
 * in both directions in the step shown, the selected flow's path marked,
 * then the direct links and fabric ports, and the selected node (or
 * direct link) in words on the last row. The rows, the direct links'
 * too, follow the selection; when they do not fit, the row above the
 * last says which show ("lines 1-12 of 13"). Its state: the selection
 * and the folds (struct pview_tree).
 */
#include "view/pcie/pview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "view/keys.h"
#include "view/pcie/pview_rows.h"
#include "view/roles.h"
#include "view/ui.h"

#define FLOWS_W 6 /* the flows column: "12/3" */

static void
tree_fini(void *st)
{
    struct pview_tree *t = st;

    free(t->collapsed);
    t->collapsed = NULL;
}

/* The rows of direct links and fabric ports below the tree. */
static int
nextras(const struct pcie *p)
{
    int k = pcie_nchan(p) - 2 * pcie_nodes(p);

    return k > 1 ? k / 2 : 0;
}

/* A new tree forgets the folds. */
static void
tree_sync(void *st, struct view_ctx *vc)
{
    struct pview_tree *t = st;
    int nn = pcie_nodes(session_scenario(vc->ss)->pcie);

    if (t->collapsed == NULL || t->ncollapsed != nn) {
        free(t->collapsed);
        t->collapsed = xcalloc((size_t)nn, 1);
        t->ncollapsed = nn;
        t->node = 0;
        t->extra = 0;
    }
    if (t->node >= nn)
        t->node = 0;
    if (t->extra > nextras(session_scenario(vc->ss)->pcie))
        t->extra = 0;
}

/* The visible rows (folds left out) into a new array (caller frees);
   their number into *n, the selected node's row into *sel. */
static struct pview_row *
rows_of(const struct pview_tree *t, const struct pcie *p,
        const struct pview_step *d, int ascii, int *n, int *sel)
{
    const double *load = d ? d->load : NULL;
    const int *count = d ? d->count : NULL;
    int k = pview_rows(p, t->collapsed, load, count, ascii, NULL, 0);
    struct pview_row *rows = xcalloc((size_t)k, sizeof *rows);

    pview_rows(p, t->collapsed, load, count, ascii, rows, k);
    *n = k;
    *sel = 0;
    for (int i = 0; i < k; i++)
        if (rows[i].node == t->node)
            *sel = i;
    return rows;
}

/* Does a link of the tree carry a share above 1 (the note that says
   why takes the row above the last)? */
static int
share_above_1(const struct pview_step *d, const struct pview_row *rows, int n)
{
    const struct pcie *p = d->s->pcie;

    for (int i = 0; i < n; i++) {
        const struct pcie_node *nd = pcie_node(p, rows[i].node);
        if (nd->parent >= 0 && (d->load[pcie_up(rows[i].node)] > 1 + 1e-9 ||
                                d->load[pcie_down(rows[i].node)] > 1 + 1e-9))
            return 1;
    }
    return 0;
}

/* The tree's rows shown in an area h tall (its header first, the node
   line last): the row above the last too when nothing else needs it and
   the tree then fits; else that row says which show. */
static int
tree_room(int n, int h, int note)
{
    return !note && n <= h - 2 ? h - 2 : h - 3;
}

/* The lines of the tree's window: its n rows, then (when there are any)
   a blank, the header and the m direct links and fabric ports. */
static int
nlines(int n, int m)
{
    return m > 0 ? n + 2 + m : n;
}

/* The line of the selection among nlines(): the node's row sel, or the
   selected direct link's. */
static int
sel_line(const struct pview_tree *t, int n, int sel)
{
    return t->extra > 0 ? n + 1 + t->extra : sel;
}

/* The first channel of direct link or fabric port e (0-based). */
static int
extra_chan(const struct pcie *p, int e)
{
    return 2 * pcie_nodes(p) + 2 * e;
}

/* The name of the direct link or fabric port of channels ch, ch + 1:
   "gpu0 = gpu1 nvlink x2", "nvsw0: gpu3". */
static char *
extra_label(char *buf, size_t n, const struct pcie *p, int ch)
{
    if (pcie_chan_kind(p, ch) == PCIE_CH_DIRECT)
        snprintf(buf, n, "%s = %s %s x%d", pcie_chan_tail_name(p, ch),
                 pcie_chan_head_name(p, ch), pcie_chan_link(p, ch),
                 pcie_chan_count(p, ch));
    else
        snprintf(buf, n, "%s: %s", pcie_chan_head_name(p, ch),
                 pcie_chan_tail_name(p, ch));
    return buf;
}

/* The row of the direct link or fabric port of channels ch, ch + 1 at
   row y of a. */
static void
extra_row(const struct cview *a, const struct pview_step *d, int y, int ch,
          int namew, int cellw, int colf, int colc)
{
    const struct pcie *p = d->s->pcie;
    char label[128], cap[32];
    int role = d->chan_on_path[ch] || d->chan_on_path[ch + 1]
                   ? ROLE_PATH
                   : ROLE_TREE_DEVICE;

    cview_text_cut(a, 1, y, namew - 1, role,
                   extra_label(label, sizeof label, p, ch));
    pview_load_cell(a, 1 + namew, y, cellw, d->load[ch], d->bps[ch],
                    d->count[ch]);
    pview_load_cell(a, 2 + namew + cellw, y, cellw, d->load[ch + 1],
                    d->bps[ch + 1], d->count[ch + 1]);
    if (d->count[ch] + d->count[ch + 1] > 0)
        cview_printf(a, colf, y, 6, ROLE_NUMBER, "%d/%d", d->count[ch],
                     d->count[ch + 1]);
    cview_text(a, colc, y, a->w - colc, ROLE_DIM,
               pview_cap_text(cap, sizeof cap, d, ch));
}

/* The row of the tree r at row y of a. */
static void
node_row(const struct cview *a, const struct pview_step *d,
         const struct pview_row *r, int y, int namew, int cellw, int colf,
         int colc)
{
    const struct pcie *p = d->s->pcie;
    const struct pcie_node *nd = pcie_node(p, r->node);
    int col = 1, role;
    char label[128], cap[32];

    col += cview_text(a, col, y, namew, ROLE_TREE_GUIDE, r->prefix);
    role = nd->kind == PCIE_RC || nd->kind == PCIE_SYSTEM ? ROLE_TREE_RC
           : nd->kind == PCIE_SWITCH                      ? ROLE_TREE_SWITCH
                                                          : ROLE_TREE_DEVICE;
    if (d->on_path[r->node])
        role = ROLE_PATH;
    snprintf(label, sizeof label, "%s%s", r->collapsed ? "+" : "", nd->name);
    /* (a space before the bars) */
    col += cview_text_cut(a, col, y, namew - col, role, label);
    if (nd->kind == PCIE_ENDPOINT)
        cview_printf(a, col + 1, y, namew - col, ROLE_DIM, "%s", nd->type);
    if (r->node != 0) {
        int up = pcie_up(r->node), dn = pcie_down(r->node);
        pview_load_cell(a, 1 + namew, y, cellw, r->up, d->bps[up], r->nup);
        pview_load_cell(a, 2 + namew + cellw, y, cellw, r->down, d->bps[dn],
                        r->ndown);
        if (r->nup + r->ndown > 0)
            cview_printf(a, colf, y, FLOWS_W, ROLE_NUMBER, "%d/%d", r->nup,
                         r->ndown);
        cview_text(a, colc, y, a->w - colc, ROLE_DIM,
                   pview_cap_text(cap, sizeof cap, d, up));
    }
}

/* The selected node (or direct link) in words, its trailing parts left
   out when they do not fit. */
static void
node_line(const struct cview *a, const struct pview_step *d,
          const struct pview_tree *t)
{
    const struct scenario *s = d->s;
    const struct pcie_node *nd = pcie_node(s->pcie, t->node);
    char head[320], up_[160], dn_[160], cap[32], ru[32], rd[32], nu[32],
        nd_[32];
    const char *part[3] = {head, up_, dn_};
    int np = 1;

    if (t->extra > 0) {
        int ch = extra_chan(s->pcie, t->extra - 1);
        char label[128];
        snprintf(head, sizeof head,
                 "%s (%s):", extra_label(label, sizeof label, s->pcie, ch),
                 pview_cap_text(cap, sizeof cap, d, ch));
        snprintf(up_, sizeof up_, " carries %.2f the first way = %s (%s)",
                 d->load[ch], units_fmt_rate3(ru, sizeof ru, d->bps[ch]),
                 units_fmt_count(nu, sizeof nu, d->count[ch], "flow"));
        snprintf(dn_, sizeof dn_, " and %.2f the other = %s (%s)",
                 d->load[ch + 1],
                 units_fmt_rate3(rd, sizeof rd, d->bps[ch + 1]),
                 units_fmt_count(nd_, sizeof nd_, d->count[ch + 1], "flow"));
        np = 3;
    } else if (nd->parent >= 0) {
        int up = pcie_up(t->node), dn = pcie_down(t->node);
        snprintf(head, sizeof head, "%s (%s): link to %s (%s%s%s)", nd->name,
                 nd->type, pview_node_name(s, nd->parent),
                 pview_cap_text(cap, sizeof cap, d, up), nd->link ? ", " : "",
                 nd->link ? nd->link : "");
        snprintf(up_, sizeof up_, " carries %.2f of it up = %s (%s)",
                 d->load[up], units_fmt_rate3(ru, sizeof ru, d->bps[up]),
                 units_fmt_count(nu, sizeof nu, d->count[up], "flow"));
        snprintf(dn_, sizeof dn_, " and %.2f down = %s (%s)", d->load[dn],
                 units_fmt_rate3(rd, sizeof rd, d->bps[dn]),
                 units_fmt_count(nd_, sizeof nd_, d->count[dn], "flow"));
        np = 3;
    } else if (nd->kind == PCIE_SYSTEM) {
        snprintf(head, sizeof head,
                 "%s: the machine, its %d root complexes joined by the "
                 "inter-socket link",
                 nd->name, nd->nchild);
    } else {
        snprintf(head, sizeof head, "%s: the root complex (%d children)",
                 nd->name, nd->nchild);
    }
    pview_text_parts(a, 1, a->h - 1, a->w - 2, ROLE_DIM, part, np);
}

/* The note under the tree on a share above 1, the longest form that fits
   in w columns (the shortest ends in "…" when even it does not). */
static void
share_note(const struct cview *a, int y, int w)
{
    static const char *const why[] = {
        "a share above 1 is the model's own: its Eq. 7 and 9 give "
        "flows more than they take (rho-model(7), Loads above 1)",
        "a share above 1 is the model's own (Eq. 7, 9; rho-model(7))",
        "share > 1: the model's (rho-model(7))", "share > 1: rho-model(7)",
        "share > 1"};
    int k = 0, nk = (int)(sizeof why / sizeof why[0]);

    while (k < nk - 1 && utf8_width(why[k]) > w)
        k++;
    cview_text_cut(a, 1, y, w, ROLE_DIM, why[k]);
}

static void
tree_draw(const void *st, const struct cview *v, const struct view_draw_ctx *dc)
{
    const struct pview_tree *t = st;
    const struct pview_step *d = &((const struct pview *)dc->fam)->d;
    const struct pcie *p = d->s->pcie;
    struct cview a = pview_area(v);
    int n, sel, top, note, room, poslen = 0, m = nextras(p), total, line;
    struct pview_row *rows = rows_of(t, p, d, v->c->ascii, &n, &sel);
    char pos[64];
    int namew = a.w >= 100 ? 30 : 26, capw = 11;
    int cellw = (a.w - namew - FLOWS_W - capw - 4) / 2;
    int colf, colc;

    if (cellw > 36)
        cellw = 36;
    if (cellw < 14)
        cellw = 14;
    colf = 3 + namew + 2 * cellw;
    colc = colf + FLOWS_W + 1;
    cview_text(&a, 1, 0, namew, ROLE_HEADER, "device");
    { /* the same words over both, the longest that fits over the bar */
        int bw = cellw - 12, lng = bw >= 13, sht = bw >= 6;
        pview_load_header(&a, 1 + namew, 0, cellw, "\u2191",
                          lng ? "to parent" : sht ? "up" : "");
        pview_load_header(&a, 2 + namew + cellw, 0, cellw, "\u2193",
                          lng ? "from parent" : sht ? "down" : "");
    }
    cview_text(&a, colf, 0, FLOWS_W, ROLE_HEADER, "flows");
    cview_text(&a, colc, 0, a.w - colc, ROLE_HEADER, "link");
    note = share_above_1(d, rows, n);
    total = nlines(n, m);
    line = sel_line(t, n, sel);
    room = tree_room(total, a.h, note);
    top = pview_top(line, room);
    if (room < total) /* where the window is, as view/scroll.h writes it */
        poslen = snprintf(pos, sizeof pos, "lines %d-%d of %d (j/k)", top + 1,
                          top + room < total ? top + room : total, total);
    if (poslen > 0)
        cview_text_right(&a, 0, a.h - 2, a.w - 1, ROLE_DIM, pos);
    if (note) /* a load above 1 says why, once, clear of the position */
        share_note(&a, a.h - 2, a.w - 2 - (poslen > 0 ? poslen + 2 : 0));
    for (int i = top; i < total && i - top < room; i++) {
        int y = 1 + i - top;
        if (i < n)
            node_row(&a, d, &rows[i], y, namew, cellw, colf, colc);
        else if (i == n + 1)
            cview_text(&a, 1, y, a.w - 2, ROLE_HEADER,
                       "direct links and fabric ports (\u2191 the first way, "
                       "\u2193 the other)");
        else if (i > n + 1)
            extra_row(&a, d, y, extra_chan(p, i - n - 2), namew, cellw, colf,
                      colc);
        if (i == line)
            cview_paint(&a, 0, y, namew + 1, 1, ROLE_SELECTED);
    }
    node_line(&a, d, t);
    free(rows);
}

/* Select the row delta rows away: the tree's nodes, then the direct
   links and fabric ports below it. */
static void
move_node(struct pview_tree *t, const struct pcie *p, int delta)
{
    int n, sel, m = nextras(p), pos;
    struct pview_row *rows = rows_of(t, p, NULL, 1, &n, &sel);

    pos = (t->extra > 0 ? n + t->extra - 1 : sel) + delta;
    if (pos >= n + m)
        pos = n + m - 1;
    if (pos < 0)
        pos = 0;
    if (pos < n) {
        t->node = rows[pos].node;
        t->extra = 0;
    } else {
        t->extra = pos - n + 1;
    }
    free(rows);
}

static int
tree_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_tree *t = st;
    const struct pcie *p = session_scenario(vc->ss)->pcie;
    const struct pcie_node *nd = pcie_node(p, t->node);

    if (keys_motion(act) != 0) {
        move_node(t, p, keys_motion(act));
        return UI_REDRAW;
    }
    if (t->extra > 0 && (act == ACT_LEFT || act == ACT_RIGHT ||
                         act == ACT_OPEN)) /* a direct link: no folds */
        return UI_REDRAW;
    switch (act) {
    case ACT_LEFT:
        if (nd->nchild > 0 && !t->collapsed[t->node])
            t->collapsed[t->node] = 1;
        else if (nd->parent >= 0)
            t->node = nd->parent;
        return UI_REDRAW;
    case ACT_RIGHT:
        if (t->collapsed[t->node])
            t->collapsed[t->node] = 0;
        else if (nd->nchild > 0)
            t->node = nd->child[0];
        return UI_REDRAW;
    case ACT_OPEN:
        if (nd->nchild > 0)
            t->collapsed[t->node] = !t->collapsed[t->node];
        return UI_REDRAW;
    case ACT_COLLAPSE_ALL:
        for (int x = 1; x < pcie_nodes(p); x++)
            t->collapsed[x] = pcie_node(p, x)->nchild > 0;
        t->node = 0;
        t->extra = 0;
        return UI_REDRAW;
    case ACT_EXPAND_ALL:
        memset(t->collapsed, 0, (size_t)t->ncollapsed);
        return UI_REDRAW;
    default:
        return VIEW_NOT_MINE;
    }
}

/* Button 1 on a row selects its node (or direct link). */
static int
tree_click(void *st, struct view_ctx *vc, int col, int row, int button)
{
    struct pview_tree *t = st;
    const struct pview_step *d = &((const struct pview *)vc->fam)->d;
    const struct pcie *p = session_scenario(vc->ss)->pcie;
    int n, sel, r, room, total, hit = 0;
    struct pview_row *rows;

    (void)col;
    if (button != 1)
        return VIEW_NOT_MINE;
    if (row < 2 || row >= vc->h) /* the blank row, the header */
        return 0;
    rows = rows_of(t, p, NULL, 1, &n, &sel);
    total = nlines(n, nextras(p));
    room = tree_room(total, vc->h - 1,
                     d->s == session_scenario(vc->ss) && d->load != NULL &&
                         share_above_1(d, rows, n));
    r = row - 2 + pview_top(sel_line(t, n, sel), room);
    if (row - 2 >= room)
        r = total; /* below the window */
    if (r < n) {
        t->node = rows[r].node;
        t->extra = 0;
        hit = 1;
    } else if (r > n + 1 && r < total) {
        t->extra = r - n - 1;
        hit = 1;
    }
    free(rows);
    return hit ? UI_REDRAW : 0;
}

/* The next (dir -1: previous) node whose name holds text; its ancestors
   unfold. */
static int
tree_find(void *st, struct view_ctx *vc, const char *text, int dir)
{
    struct pview_tree *t = st;
    const struct pcie *p = session_scenario(vc->ss)->pcie;
    int nn = pcie_nodes(p), wrapped = 0;

    for (int k = 1; k <= nn; k++) {
        int x = ui_find_step(t->node, k, nn, dir, &wrapped);
        if (pview_contains(pcie_node(p, x)->name, text)) {
            for (int a = pcie_node(p, x)->parent; a >= 0;
                 a = pcie_node(p, a)->parent)
                t->collapsed[a] = 0;
            t->node = x;
            t->extra = 0;
            ui_found(vc->u, wrapped, pcie_node(p, x)->name);
            return 1;
        }
    }
    ui_status(vc->u, 1, "'%s' not found", text);
    return 0;
}

const struct view_entry pview_tree_entry = {
    .name = "tree",
    .title = "Tree",
    .family = &pview_family,
    .size = sizeof(struct pview_tree),
    .fini = tree_fini,
    .sync = tree_sync,
    .draw = tree_draw,
    .key = tree_key,
    .click = tree_click,
    .find = tree_find,
};
