/*
 * pview_scene_draw: the teaching layout drawn into a view. See teach.h.
 *
 * The tree panel is one row per node (and one per direct link or fabric
 * port pair), its columns: the node with its guides, the flows on its
 * link up and down (lit ones bright, the port being arbitrated reversed),
 * the flows it sends with their factors, and a gutter on the right where
 * each head-of-line chain is an arrow from the row of the shared link to
 * the row of the link that cuts the blocker. The stepper panel is the
 * stepper view's content with the port's numbers and the chains in words.
 */
#include "view/pcie/pview_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/strbuf.h"
#include "view/bigtext.h"
#include "view/pcie/pview_rows.h"
#include "view/roles.h"
#include "view/scroll.h"

/* The rows a panel's text may take (its window scrolls over them). */
#define SCENE_ROWS 512

/* One row of the tree panel: a node and its link, or a pair of channels
   (a direct link's two ways, a fabric port's). */
struct trow {
    int node;   /* the node, or -1 for a channel pair */
    int up, dn; /* its channels: up(node)/down(node), or the pair */
    char prefix[PVIEW_PREFIX_MAX];
    char label[96];
};

static const char *
nm(const struct scenario *s, int node)
{
    return pcie_node(s->pcie, node)->name;
}

/* A factor in 6 columns, or "?" when hidden. */
static void
factor_text(char *buf, size_t n, double v, int hidden)
{
    if (hidden)
        snprintf(buf, n, "%6s", "?");
    else if (isnan(v))
        snprintf(buf, n, "%6s", "");
    else
        snprintf(buf, n, "%6.4f", v);
}

static int
hidden_flow(const struct pview_look *look, int f)
{
    return look->hidden != NULL && look->hidden[f];
}

static int
nrows_of(const struct scenario *s)
{
    const struct pcie *p = s->pcie;

    return pcie_nodes(p) + (pcie_nchan(p) - 2 * pcie_nodes(p)) / 2;
}

/* The rows: the tree, then the direct links and fabric ports. */
static int
build_rows(const struct scenario *s, int ascii, struct trow *rows)
{
    const struct pcie *p = s->pcie;
    int nn = pcie_nodes(p), n, nc = pcie_nchan(p);
    struct pview_row *tr = xcalloc((size_t)nn, sizeof *tr);

    n = pview_rows(p, NULL, NULL, NULL, ascii, tr, nn);
    for (int i = 0; i < n; i++) {
        const struct pcie_node *nd = pcie_node(p, tr[i].node);
        rows[i].node = tr[i].node;
        rows[i].up = tr[i].node ? pcie_up(tr[i].node) : -1;
        rows[i].dn = tr[i].node ? pcie_down(tr[i].node) : -1;
        snprintf(rows[i].prefix, sizeof rows[i].prefix, "%s", tr[i].prefix);
        snprintf(rows[i].label, sizeof rows[i].label, "%s%s%s", nd->name,
                 nd->kind == PCIE_ENDPOINT ? " " : "",
                 nd->kind == PCIE_ENDPOINT ? nd->type : "");
    }
    free(tr);
    for (int c = 2 * nn; c + 1 < nc; c += 2, n++) {
        rows[n].node = -1;
        rows[n].up = c;
        rows[n].dn = c + 1;
        rows[n].prefix[0] = '\0';
        if (pcie_chan_kind(p, c) == PCIE_CH_DIRECT)
            snprintf(rows[n].label, sizeof rows[n].label, "%s=%s",
                     pcie_chan_tail_name(p, c), pcie_chan_head_name(p, c));
        else
            snprintf(rows[n].label, sizeof rows[n].label, "%s:%s",
                     pcie_chan_head_name(p, c), pcie_chan_tail_name(p, c));
    }
    return n;
}

/* Whether flow tf crosses channel c. */
static int
crosses(const struct pview_scene_flow *tf, int c)
{
    for (int j = 0; j < tf->npath; j++)
        if (tf->path[j] == c)
            return 1;
    return 0;
}

/* The flows on channel c as "1 2 4" in w columns from (col, row): lit
   ones in the path role, the others dim. */
static void
chan_flows(const struct cview *v, int col, int row, int w,
           const struct pview_scene *t, int c, int arrow, int current)
{
    int x = col, more = 0;
    char num[16];

    if (c < 0)
        return;
    if (current)
        cview_fill(v, col, row, w, 1, ' ', ROLE_STEP_CURRENT);
    x += cview_text(v, x, row, 2, current ? ROLE_STEP_CURRENT : ROLE_DIM,
                    arrow ? "\u2191" : "\u2193");
    for (int i = 0; i < t->nflows; i++) {
        const struct pview_scene_flow *tf = &t->flow[i];
        int len;
        if (!crosses(tf, c))
            continue;
        len = snprintf(num, sizeof num, "%d", tf->flow + 1);
        if (x + len + 1 > col + w - 2 && more == 0) {
            more = 1;
            cview_text(v, x, row, col + w - x,
                       current ? ROLE_STEP_CURRENT : ROLE_DIM, "+");
            break;
        }
        x += cview_text(v, x, row, len,
                        current   ? ROLE_STEP_CURRENT
                        : tf->lit ? ROLE_PATH
                                  : ROLE_DIM,
                        num) +
             1;
    }
}

/* The flows node x sends, with their factors, from (col, row); returns
   the columns used. */
static int
sent_flows(const struct cview *v, int col, int row, int w,
           const struct scenario *s, const struct pview_scene *t, int x,
           const struct pview_look *look)
{
    int c = col;

    for (int i = 0; i < t->nflows && c < col + w; i++) {
        const struct pview_scene_flow *tf = &t->flow[i];
        const struct scen_flow *f = &s->flow[tf->flow];
        char fac[16];
        int role = tf->lit ? ROLE_PATH : ROLE_DEFAULT;
        if (f->src != x)
            continue;
        c += cview_printf(v, c, row, col + w - c,
                          tf->flow == look->sel ? ROLE_SELECTED : role,
                          "%d\u2192%s ", tf->flow + 1, nm(s, f->dst));
        factor_text(fac, sizeof fac, tf->after, hidden_flow(look, tf->flow));
        c += cview_text(v, c, row, col + w - c,
                        hidden_flow(look, tf->flow) ? ROLE_DIM
                        : tf->changed               ? ROLE_STEP_CHANGED
                                                    : ROLE_NUMBER,
                        fac);
        c += 2;
    }
    return c - col;
}

/* The row (in rows) whose link is channel c, or -1. */
static int
row_of(const struct trow *rows, int n, int c)
{
    for (int i = 0; i < n; i++)
        if (c >= 0 && (rows[i].up == c || rows[i].dn == c))
            return i;
    return -1;
}

/* The columns of the tree panel: names, flows up, flows down, sends. */
struct tcols {
    int namew, flw, colu, cold, cols, gutter;
};

static void
tree_cols(const struct trow *rows, int n, const struct pview_scene *t, int maxw,
          struct tcols *k)
{
    k->namew = 8;
    for (int i = 0; i < n; i++) {
        int w = utf8_width(rows[i].prefix) + utf8_width(rows[i].label);
        if (w > k->namew)
            k->namew = w;
    }
    if (k->namew > maxw / 3)
        k->namew = maxw / 3;
    k->flw = 12;
    if (t->nflows > 4)
        k->flw = 3 * t->nflows + 2 < 26 ? 3 * t->nflows + 2 : 26;
    k->colu = k->namew + 2;
    k->cold = k->colu + k->flw + 1;
    k->cols = k->cold + k->flw + 1;
    k->gutter = t->nhol > 0 ? 2 * (t->nhol < 4 ? t->nhol : 4) + 2 : 0;
}

int
pview_scene_tree_width(const struct scenario *s, const struct pview_scene *t,
                       int ascii)
{
    struct trow *rows = xcalloc((size_t)nrows_of(s), sizeof *rows);
    int n = build_rows(s, ascii, rows), sends = 0;
    struct tcols tc;

    tree_cols(rows, n, t, 1000, &tc);
    for (int i = 0; i < n; i++) { /* the widest row of sent flows */
        int w = 0;
        for (int j = 0; rows[i].node >= 0 && j < t->nflows; j++)
            if (s->flow[t->flow[j].flow].src == rows[i].node)
                w += 5 + utf8_width(nm(s, s->flow[t->flow[j].flow].dst)) + 8;
        if (w > sends)
            sends = w;
    }
    free(rows);
    if (sends < 26)
        sends = 26;
    return tc.cols + sends + tc.gutter;
}

static const char legend_text[] =
    "\u2191 \u2193 the flows on a node's link to its parent, up and down; "
    "bright: those this rule acts on. Reversed: the port arbitrated. "
    "\u25cf\u2504\u2510 \u25c0\u2518 head-of-line: the blocked flow's "
    "shared buffer, and the link that blocks it.";

static void
draw_tree(const struct cview *v, const struct scenario *s,
          const struct pview_scene *t, const struct pview_look *look)
{
    int n0 = nrows_of(s), n, top = 0, y0 = 1;
    struct trow *rows = xcalloc((size_t)n0, sizeof *rows);
    int namew, flw, colu, cold, cols, gutter, port_row = -1, body = v->h - y0;
    struct tcols tc;
    char head[160];

    n = build_rows(s, v->c->ascii, rows);
    tree_cols(rows, n, t, v->w, &tc);
    namew = tc.namew;
    flw = tc.flw;
    colu = tc.colu;
    cold = tc.cold;
    cols = tc.cols;
    gutter = tc.gutter;
    port_row = row_of(rows, n, t->chan);
    if (port_row >= body)
        top = port_row - body / 2;
    if (top > n - body)
        top = n - body > 0 ? n - body : 0;
    if (top < 0)
        top = 0;

    snprintf(head, sizeof head, "%-*s", namew, "tree");
    cview_text(v, 0, 0, namew, ROLE_HEADER, head);
    cview_text(v, colu, 0, flw, ROLE_HEADER, "\u2191 flows up");
    cview_text(v, cold, 0, flw, ROLE_HEADER, "\u2193 flows down");
    cview_text(v, cols, 0, v->w - cols - gutter, ROLE_HEADER,
               "sends: flow\u2192to factor");
    for (int i = top; i < n && i - top < body; i++) {
        const struct trow *r = &rows[i];
        int y = y0 + i - top, col = 0, role = ROLE_TREE_DEVICE, lit = 0;
        if (r->node >= 0) {
            const struct pcie_node *nd = pcie_node(s->pcie, r->node);
            role = nd->kind == PCIE_RC || nd->kind == PCIE_SYSTEM ? ROLE_TREE_RC
                   : nd->kind == PCIE_SWITCH ? ROLE_TREE_SWITCH
                                             : ROLE_TREE_DEVICE;
            if (r->node == t->node)
                role = ROLE_STEP_CURRENT;
        }
        for (int k = 0; k < t->nflows && !lit; k++)
            lit = t->flow[k].lit && ((r->up >= 0 && t->chan_lit[r->up] &&
                                      crosses(&t->flow[k], r->up)) ||
                                     (r->dn >= 0 && t->chan_lit[r->dn] &&
                                      crosses(&t->flow[k], r->dn)));
        if (lit && role != ROLE_STEP_CURRENT)
            role = ROLE_PATH;
        col += cview_text(v, col, y, namew, ROLE_TREE_GUIDE, r->prefix);
        cview_text(v, col, y, namew - col, role, r->label);
        chan_flows(v, colu, y, flw, t, r->up, 1, r->up == t->chan);
        chan_flows(v, cold, y, flw, t, r->dn, 0, r->dn == t->chan);
        {
            int used = 0;
            if (r->node >= 0 &&
                pcie_node(s->pcie, r->node)->kind == PCIE_ENDPOINT)
                used = sent_flows(v, cols, y, v->w - cols - gutter, s, t,
                                  r->node, look);
            if (i == port_row)
                cview_text(v, cols + used, y, v->w - cols - gutter - used,
                           ROLE_STEP_CURRENT,
                           t->step == STEP_B ? "\u25c0 B: upstream port"
                                             : "\u25c0 C: downstream port");
        }
    }
    /* a legend, whole, when there is room for it below the tree */
    {
        int lh = cview_wrap(v, 0, 0, v->w, 0, ROLE_DIM, legend_text);
        if (n - top + y0 + lh + 1 < v->h)
            cview_wrap(v, 0, v->h - lh, v->w, lh, ROLE_DIM, legend_text);
    }
    /* the head-of-line chains: from the shared link to the cutting one */
    for (int k = 0; k < t->nhol && k < 4; k++) {
        const struct pview_scene_hol *h = &t->hol[k];
        int a = row_of(rows, n, h->shared), b = row_of(rows, n, h->cut);
        int gx = v->w - gutter + 2 * k + 1, ya, yb, lo, hi;
        char lab[16];
        if (a < 0 || b < 0)
            continue;
        ya = y0 + a - top;
        yb = y0 + b - top;
        lo = ya < yb ? ya : yb;
        hi = ya < yb ? yb : ya;
        for (int y = lo; y <= hi; y++)
            cview_put(v, gx, y,
                      y == lo   ? (lo == hi ? 0x2500 : 0x2510)
                      : y == hi ? 0x2518
                                : 0x2502,
                      ROLE_FLOW_HOL);
        /* lead-ins from the link cells: a dot where the blocked flow
           shares its buffer, an arrowhead at the link that blocks */
        for (int x = cols; x < gx; x++) {
            struct cell *ca = canvas_at(v->c, v->x + x, v->y + ya);
            struct cell *cb = canvas_at(v->c, v->x + x, v->y + yb);
            if (ca && ca->ch == ' ' && ya >= 0 && ya < v->h)
                cview_put(v, x, ya, 0x2504, ROLE_FLOW_HOL);
            if (cb && cb->ch == ' ' && yb >= 0 && yb < v->h)
                cview_put(v, x, yb, 0x2504, ROLE_FLOW_HOL);
        }
        cview_put(v, cols - 1, ya, 0x25cf, ROLE_FLOW_HOL);
        cview_put(v, cols - 1, yb, 0x25c0, ROLE_FLOW_HOL);
        snprintf(lab, sizeof lab, "%d", h->blocked + 1);
        cview_text(v, gx + 1, lo, 1, ROLE_FLOW_HOL, lab);
    }
    free(rows);
}

/* "C at SB->K2" or "D8" */
static void
frame_title(char *buf, size_t n, const struct scenario *s,
            const struct pview_scene *t)
{
    char ch[96];

    if (t->chan >= 0) {
        pcie_chan_name(s->pcie, t->chan, ch, sizeof ch);
        snprintf(buf, n, "%s %s", pview_step_name(t->step), ch);
    } else {
        snprintf(buf, n, "%s", pview_step_name(t->step));
    }
}

/*
 * The stepper's first line, head and then desc ("Algorithm 1  time step
 * 1/2  frame 1/11  A: " and "source arbitration"), at row y of v: a
 * description too long for v keeps the words that fit, if any, and ends
 * in "…" ("A: source…", "C K1->2: …"); a head too long for that keeps
 * its start and ends in "…" (canvas_text_right()).
 */
static void
stepper_header(const struct cview *v, int y, const char *head, const char *desc)
{
    char line[512];
    int room = v->w - utf8_width(head) - 1, n; /* 1: the "…" */

    snprintf(line, sizeof line, "%s%s", head, desc);
    if (utf8_width(line) <= v->w) {
        cview_text(v, 0, y, v->w, ROLE_HEADER, line);
        return;
    }
    if (room < 0) {
        cview_text_right(v, 0, y, v->w, ROLE_HEADER, line);
        return;
    }
    n = utf8_prefix(desc, room, NULL); /* up to the last blank in room */
    while (n > 0 && desc[n] != ' ')
        n--;
    while (n > 0 && desc[n - 1] == ' ')
        n--;
    cview_printf(v, 0, y, v->w, ROLE_HEADER, "%s%.*s\u2026", head, n, desc);
}

static void
draw_stepper(const struct cview *v, const struct scenario *s,
             const struct pview_frames *st, const struct pview_scene *t,
             const struct pview_look *look)
{
    static const char *const what[] = {
        "source arbitration",    "upstream port",  "downstream port",
        "head-of-line blocking", "redistribution",
    };
    /* the keys beside the steps, longest first: the first that fits
       whole shows ('o' swaps the panels when one shows) */
    static const char *const hint_both[] = {
        "Space/Backspace: a rule  [ ]: a time step",
        "Space/Bksp: a rule  [ ]: a time step",
        "Space/Bksp: a rule",
        NULL,
    };
    static const char *const hint_one[] = {
        "Space/Bksp: a rule  [ ]: a time step  o: the tree",
        "Space/Bksp: a rule  [ ]: a time step",
        "Space/Bksp: a rule  o: the tree",
        "Space/Bksp: a rule",
        NULL,
    };
    const char *const *hint = look->panel == TEACH_BOTH ? hint_both : hint_one;
    int y = 0, cx = 0;
    char buf[512], ft[128];

    frame_title(ft, sizeof ft, s, t);
    snprintf(buf, sizeof buf,
             "Algorithm 1  time step %d/%d  frame %d/%d  %s: ", look->tstep + 1,
             look->ntsteps, t->frame + 1, t->nframes, ft);
    stepper_header(v, y++, buf,
                   t->step >= 0 && t->step < 5 ? what[t->step] : "");
    for (int k = 0; k < 5; k++) {
        cview_printf(v, cx, y, 4, k == t->step ? ROLE_STEP_CURRENT : ROLE_TAB,
                     " %-2s ", pview_step_name(k));
        cx += 5;
    }
    while (*hint != NULL && utf8_width(*hint) > v->w - cx - 1)
        hint++;
    if (*hint != NULL)
        cview_text(v, cx + 1, y, v->w - cx - 1, ROLE_DIM, *hint);
    y += 2;
    if (look->big && v->h >= 30) {
        int bx = 0;
        bigtext_draw(v, 0, y, ROLE_STEP_CURRENT, ft);
        y += BIGTEXT_ROWS + 1;
        for (int i = 0; i < t->nflows; i++) {
            const struct pview_scene_flow *tf = &t->flow[i];
            char num[48];
            if (!tf->lit)
                continue;
            if (hidden_flow(look, tf->flow))
                snprintf(num, sizeof num, "%d:?", tf->flow + 1);
            else
                snprintf(num, sizeof num, "%d:%.2f", tf->flow + 1, tf->after);
            if (bx + bigtext_width(num) > v->w)
                break;
            bx += bigtext_draw(v, bx, y,
                               tf->changed ? ROLE_STEP_CHANGED : ROLE_NUMBER,
                               num) +
                  3;
        }
        y += BIGTEXT_ROWS + 1;
    }
    { /* a hidden flow's numbers as "?", and the results */
        struct strbuf sb;
        strbuf_init(&sb);
        pview_frame_show(t->text, t->marked, look->hidden, s->nflows, &sb);
        y += cview_wrap(v, 0, y, v->w, 64, ROLE_EMPHASIS, strbuf_str(&sb));
        strbuf_fini(&sb);
    }
    y++;
    /* every flow's factor after each step so far */
    cview_text(v, 0, y, 14, ROLE_HEADER, "flow");
    for (int k = 0; k < 5; k++)
        cview_text_right(v, 14 + 8 * k, y, 7, ROLE_HEADER, pview_step_name(k));
    y++;
    for (int i = 0; i < t->nflows && y < v->h; i++, y++) {
        const struct pview_scene_flow *tf = &t->flow[i];
        const struct scen_flow *f = &s->flow[tf->flow];
        snprintf(buf, sizeof buf, "%d %s\u2192%s", tf->flow + 1, nm(s, f->src),
                 nm(s, f->dst));
        cview_text(v, 0, y, 13,
                   tf->flow == look->sel ? ROLE_SELECTED
                   : tf->lit             ? ROLE_PATH
                                         : ROLE_DEFAULT,
                   buf);
        for (int k = 0; k <= t->step; k++) {
            double val = NAN;
            int changed = 0;
            for (int fi = 0; fi <= t->frame && fi < st->n; fi++)
                if (st->frame[fi].step == k) {
                    val = st->frame[fi].factor[tf->flow];
                    changed = fi == t->frame && st->frame[fi].changed[tf->flow];
                }
            if (isnan(val))
                continue;
            factor_text(buf, sizeof buf, val, hidden_flow(look, tf->flow));
            cview_text_right(v, 14 + 8 * k, y, 7,
                             hidden_flow(look, tf->flow) ? ROLE_DIM
                             : changed                   ? ROLE_STEP_CHANGED
                                                         : role_factor(val),
                             buf);
        }
    }
    y++;
    /* the numbers at the port */
    if (t->chan >= 0 && y < v->h) {
        cview_text(v, 0, y++, v->w, ROLE_HEADER,
                   t->step == STEP_B
                       ? "at the port: factor in, share of the link in -> out"
                       : "at the port: group R, share of the link in -> out");
        for (int i = 0; i < t->nflows && y < v->h; i++) {
            const struct pview_scene_flow *tf = &t->flow[i];
            int hid = hidden_flow(look, tf->flow);
            if (!tf->lit || isnan(tf->share_in))
                continue;
            if (hid)
                snprintf(buf, sizeof buf, "  flow %d: ?", tf->flow + 1);
            else if (t->step == STEP_B)
                snprintf(buf, sizeof buf,
                         "  flow %d: in %.4g, share %.4g -> %.4g", tf->flow + 1,
                         tf->in, tf->share_in, tf->share_out);
            else
                snprintf(
                    buf, sizeof buf, "  flow %d: R %.4g%s, share %.4g -> %.4g",
                    tf->flow + 1, tf->R, tf->crossed ? " (crossed the RC)" : "",
                    tf->share_in, tf->share_out);
            cview_text(v, 0, y++, v->w,
                       tf->changed ? ROLE_STEP_CHANGED : ROLE_DEFAULT, buf);
        }
    }
    /* the chains in words */
    for (int k = 0; k < t->nhol && y < v->h; k++) {
        const struct pview_scene_hol *h = &t->hol[k];
        char a[96], b[96], to[16];
        pcie_chan_name(s->pcie, h->shared, a, sizeof a);
        pcie_chan_name(s->pcie, h->cut, b, sizeof b);
        if (hidden_flow(look, h->blocked))
            snprintf(to, sizeof to, "?");
        else
            snprintf(to, sizeof to, "%.4g", h->to);
        snprintf(buf, sizeof buf,
                 "\u25cf flow %d shares %s with flow %d, which %s cuts: "
                 "head-of-line blocked, %s",
                 h->blocked + 1, a, h->by + 1, b, to);
        y += cview_wrap(v, 0, y, v->w, 4, ROLE_FLOW_HOL, buf);
    }
    if (t->step == STEP_D9)
        for (int i = 0; i < t->nflows && y < v->h; i++) {
            const struct pview_scene_flow *tf = &t->flow[i];
            char g[96];
            if (tf->gain_chan < 0 || !tf->changed)
                continue;
            pcie_chan_name(s->pcie, tf->gain_chan, g, sizeof g);
            if (hidden_flow(look, tf->flow))
                snprintf(buf, sizeof buf,
                         "\u25b2 flow %d takes what the "
                         "blocked leave at %s",
                         tf->flow + 1, g);
            else
                snprintf(buf, sizeof buf,
                         "\u25b2 flow %d takes what the blocked leave at %s: "
                         "%.4g -> %.4g",
                         tf->flow + 1, g, tf->before, tf->after);
            y += cview_wrap(v, 0, y, v->w, 4, ROLE_STEP_CHANGED, buf);
        }
}

/* The panel shown alone or beside the tree, in a view w wide. */
static int
panel_of(const struct pview_look *look, int w)
{
    if (look->panel == TEACH_BOTH && w < TEACH_BOTH_MIN_W)
        return TEACH_STEPPER;
    return look->panel;
}

/* The width of the tree panel beside the stepper in a view w wide. */
static int
left_width(const struct scenario *s, const struct pview_scene *t, int w,
           int ascii)
{
    int lw = pview_scene_tree_width(s, t, ascii) + 3;

    if (lw > w * 11 / 20)
        lw = w * 11 / 20;
    if (lw < w * 2 / 5)
        lw = w * 2 / 5;
    return lw;
}

/*
 * The text of the panel that scrolls, whole, into out (made here:
 * canvas_fini() it) and its size into *cw, *ch; its window in a view of
 * w x h into *ww, *wh, and the first row that shows the port arbitrated
 * into *port_top (the tree's; 0 for the stepper's).
 */
static void
scrolled(const struct scenario *s, const struct pview_frames *st,
         const struct pview_scene *t, const struct pview_look *look, int w,
         int h, int ascii, struct canvas *out, int *cw, int *ch, int *ww,
         int *wh, int *port_top)
{
    int panel = panel_of(look, w);
    struct cview cv;

    *port_top = 0;
    if (panel == TEACH_TREE) {
        int tw = pview_scene_tree_width(s, t, ascii), n, port, rows;
        struct trow *r = xcalloc((size_t)nrows_of(s), sizeof *r);
        n = build_rows(s, ascii, r);
        port = row_of(r, n, t->chan);
        free(r);
        *ww = w - 2;
        *wh = h - 1; /* the last row says what 'o' does */
        if (tw < *ww)
            tw = *ww;
        canvas_init(out, tw, n + 1 + 1 + SCENE_ROWS / 8, ascii);
        cv = cview_of(out, 0, 0, tw, n + 1);
        draw_tree(&cv, s, t, look);
        /* the legend under the tree, wrapped to the window */
        cv = cview_of(out, 0, 0, out->w, out->h);
        cview_wrap(&cv, 0, n + 2,
                   *ww < tw ? *ww : tw, SCENE_ROWS / 8 - 1, ROLE_DIM,
                   legend_text);
        rows = scroll_rows(tw, out->h, *ww, *wh);
        if (port >= 0 && port + 1 >= rows)
            *port_top = port + 1 - rows / 2;
    } else {
        *ww = panel == TEACH_BOTH
                  ? w - left_width(s, t, w, ascii) - 2
                  : w - 2;
        *wh = h;
        canvas_init(out, *ww > 1 ? *ww : 1, SCENE_ROWS, ascii);
        cv = cview_of(out, 0, 0, out->w, out->h);
        draw_stepper(&cv, s, st, t, look);
    }
    scroll_extent(out, cw, ch);
}

void
pview_scene_window(int w, int h, int ascii, const struct scenario *s,
                   const struct pview_frames *st, const struct pview_scene *t,
                   const struct pview_look *look, struct pview_scene_win *win)
{
    struct canvas text;

    memset(win, 0, sizeof *win);
    if (t->nframes == 0)
        return;
    scrolled(s, st, t, look, w, h, ascii, &text, &win->cw, &win->ch, &win->w,
             &win->h, &win->port_top);
    canvas_fini(&text);
}

void
pview_scene_draw(const struct cview *v, const struct scenario *s,
                 const struct pview_frames *st, const struct pview_scene *t,
                 const struct pview_look *look)
{
    int panel = panel_of(look, v->w), cw, ch, ww, wh, port_top;
    struct cview left, win;
    struct canvas text;
    struct scroll at = look->scroll;

    if (t->nframes == 0) {
        cview_text(v, 1, 0, v->w - 2, ROLE_DIM,
                   "nothing to step: no flow sends in this time step");
        return;
    }
    scrolled(s, st, t, look, v->w, v->h, v->c->ascii, &text, &cw, &ch, &ww,
             &wh, &port_top);
    if (panel == TEACH_BOTH) {
        int lw = left_width(s, t, v->w, v->c->ascii);
        left = cview_sub(v, 1, 0, lw - 2, v->h);
        cview_vline(v, lw - 1, 0, v->h, ROLE_BORDER);
        draw_tree(&left, s, t, look);
        win = cview_sub(v, lw + 1, 0, ww, wh);
    } else {
        win = cview_sub(v, 1, 0, ww, wh);
    }
    if (panel == TEACH_TREE && look->follow)
        at.y = port_top; /* the port arbitrated in sight */
    /* in the Teach view h and l step, '<' and '>' scroll sideways */
    scroll_blit_keys(&win, &text, cw, ch, &at, "j/k, PgDn", "< >");
    canvas_fini(&text);
    if (panel == TEACH_TREE)
        cview_text_right(v, 1, v->h - 1, v->w - 2, ROLE_DIM,
                         "o: the stepper  Space/Backspace: a rule");
}
