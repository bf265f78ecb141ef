/*
 * screen: the interactive screen, drawn into a canvas. See screen.h.
 *
 * Layout: row 0 the title bar, row 1 the view tabs, then the body, then
 * the status (or prompt) line and the key hints. Everything a view shows
 * is taken from the selected time step of the session's run: the model is
 * evaluated on that step's flows once per draw (microseconds).
 */
#include "view/screen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/pcie/pcie_model.h"
#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/model_pcie.h"
#include "core/pcie_explain.h"
#include "view/net/nview_screen.h"
#include "view/plot.h"
#include "view/roles.h"
#include "view/pcie/stepper.h"
#include "view/pcie/tree.h"

enum flow_state {
    FS_LATER,   /* not started */
    FS_WAITING, /* behind another flow of its source */
    FS_SENDING,
    FS_HOL, /* sending, head-of-line blocked */
    FS_DONE,
    FS_STARVED
};

static const char *const state_word[] = {
    "later", "waiting", "sending", "HOL-blocked", "done", "starved",
};

static const int state_role[] = {
    ROLE_DIM,      ROLE_FLOW_WAITING, ROLE_FLOW_SENDING,
    ROLE_FLOW_HOL, ROLE_FLOW_DONE,    ROLE_FLOW_STARVED,
};

/* What every view needs of the selected time step. */
struct stepdata {
    const struct scenario *s;
    const struct pcie_sim_result *res;
    struct pcie_model *m; /* evaluated on the step, or NULL */
    int k;                /* the step, -1 if none */
    double t0, t1;
    double *factor;     /* per flow */
    char *state;        /* per flow: enum flow_state */
    double *load;       /* per channel: share of its capacity */
    double *bps;        /* per channel: bytes per second */
    int *count;         /* per channel */
    char *on_path;      /* per node: on the selected flow's path */
    char *chan_on_path; /* per channel: on the selected flow's path */
};

static void
stepdata_init(struct stepdata *d, const struct screen_ctx *x)
{
    struct session *ss = x->ss;
    const struct scenario *s = session_scenario(ss);
    const struct pcie_sim_result *res = model_pcie_result(ss);
    struct pcie_sim *sim = model_pcie_sim(ss);
    int nf = s->nflows, nc = pcie_nchan(s->pcie), nn = pcie_nodes(s->pcie);

    memset(d, 0, sizeof *d);
    d->s = s;
    d->res = res;
    d->k = res->nsteps > 0 ? x->u->step : -1;
    d->factor = xcalloc((size_t)(nf ? nf : 1), sizeof *d->factor);
    d->state = xcalloc((size_t)(nf ? nf : 1), 1);
    d->load = xcalloc((size_t)nc, sizeof *d->load);
    d->bps = xcalloc((size_t)nc, sizeof *d->bps);
    d->count = xcalloc((size_t)nc, sizeof *d->count);
    d->on_path = xcalloc((size_t)nn, 1);
    d->chan_on_path = xcalloc((size_t)nc, 1);
    if (d->k >= 0 && sim != NULL) {
        const struct pcie_tstep *st = &res->step[d->k];
        d->t0 = st->t0;
        d->t1 = st->t1;
        pcie_sim_eval_step(sim, res, d->k);
        d->m = pcie_sim_model(sim);
        tree_loads(d->m, d->load, d->count);
        tree_rates(d->m, d->bps);
    }
    for (int i = 0; i < nf; i++) {
        const struct scen_flow *f = &s->flow[i];
        double end = i < res->nflows ? res->end[i] : NAN;
        if (d->k < 0 || f->start > d->t0)
            d->state[i] = FS_LATER;
        else if (!isnan(end) && end <= d->t0)
            d->state[i] = FS_DONE;
        else
            d->state[i] = FS_WAITING;
    }
    if (d->m != NULL) {
        for (int a = 0; a < pcie_model_nactive(d->m); a++) {
            int f = pcie_model_active(d->m, a);
            const struct pcie_factors *F = pcie_model_factors(d->m, f);
            d->factor[f] = F->col[STEP_D9];
            d->state[f] = F->hol ? FS_HOL : FS_SENDING;
            if (res->starved && F->col[STEP_D9] == 0)
                d->state[f] = FS_STARVED;
        }
    }
    if (x->u->flow >= 0 && x->u->flow < nf && sim != NULL &&
        x->u->flow < pcie_model_nflows(pcie_sim_model(sim))) {
        /* the flow's route as the model has it (direct links included) */
        const struct pcie_model *m = pcie_sim_model(sim);
        const struct pcie_hop *h = pcie_model_hops(m, x->u->flow);
        for (int j = 0; j < pcie_model_path_len(m, x->u->flow); j++) {
            int t = pcie_chan_tail(s->pcie, h[j].chan);
            int hd = pcie_chan_head(s->pcie, h[j].chan);
            d->chan_on_path[h[j].chan] = 1;
            if (t >= 0)
                d->on_path[t] = 1;
            if (hd >= 0)
                d->on_path[hd] = 1;
        }
    } else if (x->u->flow >= 0 && x->u->flow < nf) {
        const struct scen_flow *f = &s->flow[x->u->flow];
        int lca = pcie_lca(s->pcie, f->src, f->dst);
        for (int a = f->src; a != lca; a = pcie_node(s->pcie, a)->parent)
            d->on_path[a] = 1;
        for (int b = f->dst; b != lca; b = pcie_node(s->pcie, b)->parent)
            d->on_path[b] = 1;
        d->on_path[lca] = 1;
    }
}

static void
stepdata_fini(struct stepdata *d)
{
    free(d->factor);
    free(d->state);
    free(d->load);
    free(d->bps);
    free(d->count);
    free(d->on_path);
    free(d->chan_on_path);
}

static const char *
nm(const struct scenario *s, int node)
{
    return pcie_node(s->pcie, node)->name;
}

/* ---- the frame ---- */

static void
draw_title(struct canvas *c, const struct screen_ctx *x,
           const struct stepdata *d)
{
    const struct scenario *s = d->s;
    char right[160], a[32], b[32];

    canvas_fill(c, 0, 0, c->w, 1, ' ', ROLE_TITLE);
    canvas_printf(c, 1, 0, c->w - 2, ROLE_TITLE, "rho  %s%s%s", s->title,
                  s->path ? "  \u2014  " : "", s->path ? s->path : "");
    if (d->k >= 0)
        snprintf(right, sizeof right, "%sstep %d/%d  %s\u2013%s ",
                 session_dirty(x->ss) ? "\u25cf edited  " : "", d->k + 1,
                 d->res->nsteps, units_fmt_time(a, sizeof a, d->t0),
                 units_fmt_time(b, sizeof b, d->t1));
    else
        snprintf(right, sizeof right, "%sno flows ",
                 session_dirty(x->ss) ? "\u25cf edited  " : "");
    if (utf8_width(right) + 20 < c->w)
        canvas_text_right(c, 0, 0, c->w, ROLE_TITLE, right);
}

/* The title bar of a scenario without the PCIe model's time steps: the
   first model's title, or that a run computes. */
static void
draw_net_title(struct canvas *c, const struct screen_ctx *x)
{
    const struct scenario *s = session_scenario(x->ss);
    const struct model_entry *m;
    const char *what = "no model";
    char right[160];
    int busy = 0;

    for (int k = 0; (m = session_model(x->ss, k)) != NULL; k++) {
        struct session_run r;
        session_run(x->ss, m, &r);
        busy |= r.busy;
        if (k == 0)
            what = m->title;
    }
    canvas_fill(c, 0, 0, c->w, 1, ' ', ROLE_TITLE);
    canvas_printf(c, 1, 0, c->w - 2, ROLE_TITLE, "rho  %s%s%s", s->title,
                  s->path ? "  \u2014  " : "", s->path ? s->path : "");
    snprintf(right, sizeof right, "%s%s ",
             session_dirty(x->ss) ? "\u25cf edited  " : "",
             busy ? "computing\u2026" : what);
    if (utf8_width(right) + 20 < c->w)
        canvas_text_right(c, 0, 0, c->w, ROLE_TITLE, right);
}

static void
draw_tabs(struct canvas *c, const struct screen_ctx *x)
{
    const struct ui *u = x->u;
    int col = 0, views[VIEW_COUNT], nv = ui_views(x->ss, views);
    int compact = ui_tabs_compact(x->ss, c->w);

    canvas_fill(c, 0, 1, c->w, 1, ' ', ROLE_TAB);
    for (int k = 0; k < nv && col < c->w; k++) {
        char t[32];
        int v = views[k];
        int role = v == u->view ? ROLE_TAB_ACTIVE : ROLE_TAB;
        if (compact)
            snprintf(t, sizeof t, "%s ", ui_view_title(v));
        else
            snprintf(t, sizeof t, " %d %s ", k + 1, ui_view_title(v));
        if (compact && k < 9)
            col += canvas_printf(c, col, 1, c->w - col, role, "%d", k + 1);
        col += canvas_text(c, col, 1, c->w - col, role, t);
        if (!compact)
            col += canvas_text(c, col, 1, c->w - col, ROLE_TAB, " ");
    }
}

static void
draw_hints(struct canvas *c, int net)
{
    static const char *const pcie_hint[][2] = {
        {"F1", "Help"}, {"Tab", "View"}, {"Enter", "Open"},
        {"e", "Edit"},  {"a", "Add"},    {"d", "Del"},
        {"u", "Undo"},  {"s", "Save"},   {"q", "Quit"},
    };
    static const char *const net_hint[][2] = {
        {"F1", "Help"},   {"Tab", "View"},    {"Enter", "Open"},
        {"R", "Routing"}, {"P", "Placement"}, {"u", "Undo"},
        {"s", "Save"},    {"q", "Quit"},      {"", ""},
    };
    const char *const(*hint)[2] = net ? net_hint : pcie_hint;
    size_t nh = net ? 8 : 9;
    int col = 0, y = c->h - 1;

    canvas_fill(c, 0, y, c->w, 1, ' ', ROLE_KEYHINT_TEXT);
    for (size_t i = 0; i < nh && col < c->w; i++) {
        col += canvas_printf(c, col, y, c->w - col, ROLE_KEYHINT, " %s ",
                             hint[i][0]);
        col += canvas_printf(c, col, y, c->w - col, ROLE_KEYHINT_TEXT, "%s ",
                             hint[i][1]);
    }
}

static void
draw_status(struct canvas *c, const struct ui *u)
{
    int y = c->h - 2;
    static const char *const label[] = {
        "", ":", "/", "edit ", "add flow (SRC DST SIZE [at TIME]): ",
    };

    if (u->prompt != PROMPT_NONE) {
        char lab[64];
        int n;
        if (u->prompt == PROMPT_EDIT)
            snprintf(lab, sizeof lab, "flow %d %s: ", u->flow + 1,
                     ui_col_name(u->field));
        else
            snprintf(lab, sizeof lab, "%s", label[u->prompt]);
        canvas_fill(c, 0, y, c->w, 1, ' ', ROLE_PROMPT);
        n = canvas_text(c, 0, y, c->w, ROLE_PROMPT, lab);
        canvas_text(c, n, y, c->w - n, ROLE_PROMPT, u->line);
        /* the cursor: a reversed cell */
        {
            struct cell *cl = canvas_at(c, n + u->cur, y);
            if (cl)
                cl->attrs |= ATTR_REVERSE;
        }
        return;
    }
    canvas_fill(c, 0, y, c->w, 1, ' ',
                u->status_error ? ROLE_STATUS_ERROR : ROLE_STATUS);
    canvas_text(c, 1, y, c->w - 2,
                u->status_error ? ROLE_STATUS_ERROR : ROLE_STATUS, u->status);
}

void
screen_help_text(struct strbuf *out)
{
    strbuf_puts(out, "rho: keys (Esc or any other key closes; j/k "
                     "scroll)\n\n");
    keys_help(out);
    strbuf_puts(out, "\nCommands after ':'\n"
                     "  tau X, bandwidth RATE, size N SIZE, start N TIME,\n"
                     "  src N DEV, dst N DEV, add SRC DST SIZE [at TIME],\n"
                     "  del N, move RANK DEV, undo, redo, save [PATH],\n"
                     "  reload, theme [NAME], search, quit\n"
                     "  link model: routing NAME|next, placement NAME|next,\n"
                     "  seed N, paths minimal|all\n");
}

static void
draw_help(struct canvas *c, const struct ui *u)
{
    struct strbuf sb;
    int w = c->w - 8 < 76 ? c->w - 8 : 76, h = c->h - 4, x0, y0, line = 0;
    const char *p;

    x0 = (c->w - w) / 2;
    y0 = 2;
    strbuf_init(&sb);
    screen_help_text(&sb);
    canvas_fill(c, x0, y0, w, h, ' ', ROLE_HELP);
    canvas_box(c, x0, y0, w, h, ROLE_HELP, "Help");
    p = strbuf_str(&sb);
    while (*p) {
        const char *e = strchr(p, '\n');
        char buf[512];
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len >= sizeof buf)
            len = sizeof buf - 1;
        memcpy(buf, p, len);
        buf[len] = '\0';
        if (line >= u->help_scroll && line - u->help_scroll < h - 2) {
            int y = y0 + 1 + line - u->help_scroll;
            canvas_text(c, x0 + 2, y, w - 4, ROLE_HELP, buf);
            if (buf[0] == ' ' && buf[1] == ' ')
                canvas_paint(c, x0 + 4, y, 20, 1, ROLE_HELP_KEY);
        }
        line++;
        p = e ? e + 1 : p + len;
    }
    strbuf_fini(&sb);
}

/* ---- views ---- */

/* A load as a heat bar with its value: "████▌ 0.55" in w columns. */
static void
load_bar(struct canvas *c, int x, int y, int w, double load, int n)
{
    char v[16];
    int bw = w - 6;

    if (n == 0) {
        canvas_text(c, x, y, w, ROLE_HEAT_IDLE, "\u00b7");
        return;
    }
    snprintf(v, sizeof v, "%5.2f", load);
    canvas_bar(c, x, y, bw, load, role_heat(load), ROLE_HEAT_IDLE);
    canvas_text(c, x + bw + 1, y, 5, role_heat(load), v);
}

/* A rate in at most 6 columns, binary units: "3.48G", "200M", "0". */
static char *
rate_short(char *buf, size_t n, double bps)
{
    static const char *const unit[] = {"", "K", "M", "G", "T", "P"};
    int u = 0;

    while (bps >= 1000 && u < 5) { /* show at most 3 digits */
        bps /= 1024;
        u++;
    }
    snprintf(buf, n, "%.3g%s", bps, unit[u]);
    return buf;
}

/* A link's load: its share of the capacity as a bar and a number, and the
   rate ("████ 0.30 3.48G") in w columns. */
static void
load_cell(struct canvas *c, int x, int y, int w, double load, double bps, int n)
{
    char v[16], r[16];
    int bw = w - 12;

    if (n == 0) {
        canvas_text(c, x, y, w, ROLE_HEAT_IDLE, "\u00b7");
        return;
    }
    snprintf(v, sizeof v, "%5.2f", load);
    if (bw > 0)
        canvas_bar(c, x, y, bw, load, role_heat(load), ROLE_HEAT_IDLE);
    canvas_text(c, x + bw + 1, y, 5, role_heat(load), v);
    canvas_printf(c, x + bw + 7, y, 5, ROLE_NUMBER, "%5s",
                  rate_short(r, sizeof r, bps));
}

/* A channel's capacity for the tree: "11.6 GiB/s", "unlimited". */
static char *
cap_text(char *buf, size_t n, const struct stepdata *d, int chan)
{
    double cap = d->m ? pcie_model_chan_cap(d->m, chan)
                 : pcie_chan_bw(d->s->pcie, chan) > 0
                     ? pcie_chan_bw(d->s->pcie, chan)
                     : d->s->bandwidth;

    if (isinf(cap))
        snprintf(buf, n, "unlimited");
    else
        units_fmt_rate(buf, n, cap);
    return buf;
}

/* Rows for the direct links and fabric ports below the tree, from y. */
static void
tree_extras(struct canvas *c, const struct stepdata *d, struct cview a, int y,
            int namew, int cellw, int colf, int colc)
{
    const struct pcie *p = d->s->pcie;
    int base = 2 * pcie_nodes(p), nc = pcie_nchan(p);
    char label[128], cap[32];

    if (base >= nc || y >= a.y + a.h - 1)
        return;
    canvas_text(
        c, a.x + 1, y++, a.w - 2, ROLE_HEADER,
        "direct links and fabric ports (\u2191 the first way, \u2193 the "
        "other)");
    for (int ch = base; ch + 1 < nc && y < a.y + a.h - 1; ch += 2, y++) {
        int k = pcie_chan_kind(p, ch), role;
        if (k == PCIE_CH_DIRECT)
            snprintf(label, sizeof label, "%s = %s %s x%d",
                     pcie_chan_tail_name(p, ch), pcie_chan_head_name(p, ch),
                     pcie_chan_link(p, ch), pcie_chan_count(p, ch));
        else
            snprintf(label, sizeof label, "%s: %s", pcie_chan_head_name(p, ch),
                     pcie_chan_tail_name(p, ch));
        role = d->chan_on_path[ch] || d->chan_on_path[ch + 1]
                   ? ROLE_PATH
                   : ROLE_TREE_DEVICE;
        canvas_text(c, a.x + 1, y, namew, role, label);
        load_cell(c, a.x + 1 + namew, y, cellw, d->load[ch], d->bps[ch],
                  d->count[ch]);
        load_cell(c, a.x + 2 + namew + cellw, y, cellw, d->load[ch + 1],
                  d->bps[ch + 1], d->count[ch + 1]);
        if (d->count[ch] + d->count[ch + 1] > 0)
            canvas_printf(c, colf, y, 6, ROLE_NUMBER, "%d/%d", d->count[ch],
                          d->count[ch + 1]);
        canvas_text(c, colc, y, a.x + a.w - colc, ROLE_DIM,
                    cap_text(cap, sizeof cap, d, ch));
    }
}

static void
view_tree(struct canvas *c, const struct screen_ctx *x,
          const struct stepdata *d, struct cview a)
{
    const struct scenario *s = d->s;
    const struct pcie *p = s->pcie;
    struct ui *u = x->u;
    int n = tree_rows(p, u->collapsed, d->load, d->count, c->ascii, NULL, 0);
    struct tree_row *rows = xcalloc((size_t)n, sizeof *rows);
    int namew = a.w >= 100 ? 30 : 26, flw = 6, capw = 11;
    int cellw = (a.w - namew - flw - capw - 4) / 2, sel = 0;
    int colf, colc, top, last = a.y;

    if (cellw > 36)
        cellw = 36;
    if (cellw < 14)
        cellw = 14;
    colf = a.x + 3 + namew + 2 * cellw;
    colc = colf + flw + 1;
    tree_rows(p, u->collapsed, d->load, d->count, c->ascii, rows, n);
    for (int i = 0; i < n; i++)
        if (rows[i].node == u->node)
            sel = i;
    canvas_text(c, a.x + 1, a.y, namew, ROLE_HEADER, "device");
    canvas_text(c, a.x + 1 + namew, a.y, cellw, ROLE_HEADER,
                "\u2191 to parent  share B/s");
    canvas_text(c, a.x + 2 + namew + cellw, a.y, cellw, ROLE_HEADER,
                "\u2193 from parent");
    canvas_text(c, colf, a.y, flw, ROLE_HEADER, "flows");
    canvas_text(c, colc, a.y, a.x + a.w - colc, ROLE_HEADER, "link");
    top = sel - (a.h - 3) + 1;
    if (top < 0)
        top = 0;
    u->scroll[VIEW_TREE] = top; /* for mouse clicks */
    for (int i = top; i < n && i - top < a.h - 3; i++) {
        const struct tree_row *r = &rows[i];
        const struct pcie_node *nd = pcie_node(p, r->node);
        int y = a.y + 1 + i - top, col = a.x + 1, role;
        char label[128], cap[32];
        col += canvas_text(c, col, y, namew, ROLE_TREE_GUIDE, r->prefix);
        role = nd->kind == PCIE_RC || nd->kind == PCIE_SYSTEM ? ROLE_TREE_RC
               : nd->kind == PCIE_SWITCH                      ? ROLE_TREE_SWITCH
                                         : ROLE_TREE_DEVICE;
        if (d->on_path[r->node])
            role = ROLE_PATH;
        snprintf(label, sizeof label, "%s%s%s", r->collapsed ? "+" : "",
                 nd->name, nd->kind == PCIE_ENDPOINT ? "" : "");
        col += canvas_text(c, col, y, a.x + 1 + namew - col, role, label);
        if (nd->kind == PCIE_ENDPOINT)
            canvas_printf(c, col + 1, y, a.x + namew - col, ROLE_DIM, "%s",
                          nd->type);
        if (r->node != 0) {
            int up = pcie_up(r->node), dn = pcie_down(r->node);
            load_cell(c, a.x + 1 + namew, y, cellw, r->up, d->bps[up], r->nup);
            load_cell(c, a.x + 2 + namew + cellw, y, cellw, r->down, d->bps[dn],
                      r->ndown);
            if (r->nup + r->ndown > 0)
                canvas_printf(c, colf, y, flw, ROLE_NUMBER, "%d/%d", r->nup,
                              r->ndown);
            canvas_text(c, colc, y, a.x + a.w - colc, ROLE_DIM,
                        cap_text(cap, sizeof cap, d, up));
        }
        if (i == sel)
            canvas_paint(c, a.x, y, namew + 1, 1, ROLE_SELECTED);
        last = y;
    }
    tree_extras(c, d, a, last + 2, namew, cellw, colf, colc);
    /* the selected node in words */
    {
        const struct pcie_node *nd = pcie_node(p, u->node);
        char line[320], cap[32], ru[32], rd[32];
        if (nd->parent >= 0) {
            int up = pcie_up(u->node), dn = pcie_down(u->node);
            snprintf(line, sizeof line,
                     "%s (%s): link to %s (%s%s%s) carries %.2f of it up = "
                     "%s (%d flows) and %.2f down = %s (%d flows)",
                     nd->name, nd->type, nm(s, nd->parent),
                     cap_text(cap, sizeof cap, d, up), nd->link ? ", " : "",
                     nd->link ? nd->link : "", d->load[up],
                     units_fmt_rate(ru, sizeof ru, d->bps[up]), d->count[up],
                     d->load[dn], units_fmt_rate(rd, sizeof rd, d->bps[dn]),
                     d->count[dn]);
        } else if (nd->kind == PCIE_SYSTEM) {
            snprintf(line, sizeof line,
                     "%s: the machine, its %d root complexes joined by the "
                     "inter-socket link",
                     nd->name, nd->nchild);
        } else {
            snprintf(line, sizeof line, "%s: the root complex (%d children)",
                     nd->name, nd->nchild);
        }
        canvas_text(c, a.x + 1, a.y + a.h - 1, a.w - 2, ROLE_DIM, line);
    }
    free(rows);
}

static void
view_flows(struct canvas *c, const struct screen_ctx *x,
           const struct stepdata *d, struct cview a)
{
    const struct scenario *s = d->s;
    struct ui *u = x->u;
    int nf = s->nflows, *order, sel = 0, top;
    static const int width[FCOL_COUNT] = {4, 8, 8, 10, 10, 10, 10, 8};
    int colx[FCOL_COUNT + 1], col = a.x + 1;

    for (int k = 0; k < FCOL_COUNT; k++) {
        colx[k] = col;
        col += width[k] + 1;
    }
    colx[FCOL_COUNT] = col;
    for (int k = 0; k < FCOL_COUNT; k++) {
        char h[32];
        snprintf(h, sizeof h, "%s%s", ui_col_name(k),
                 k == u->sort_col ? (u->sort_rev ? "\u2193" : "\u2191") : "");
        if (k == FCOL_NUM || k == FCOL_SRC || k == FCOL_DST)
            canvas_text(c, colx[k], a.y, width[k], ROLE_HEADER, h);
        else
            canvas_text_right(c, colx[k], a.y, width[k], ROLE_HEADER, h);
    }
    canvas_text(c, colx[FCOL_COUNT], a.y, a.w, ROLE_HEADER, "state");
    if (nf == 0) {
        canvas_text(c, a.x + 1, a.y + 2, a.w - 2, ROLE_DIM,
                    "no flows: a adds one (SRC DST SIZE)");
        return;
    }
    order = xcalloc((size_t)nf, sizeof *order);
    ui_flow_order(u, x->ss, order);
    for (int i = 0; i < nf; i++)
        if (order[i] == u->flow)
            sel = i;
    top = sel - (a.h - 2) + 1;
    if (top < 0)
        top = 0;
    u->scroll[VIEW_FLOWS] = top; /* for mouse clicks */
    for (int r = top; r < nf && r - top < a.h - 2; r++) {
        int i = order[r], y = a.y + 1 + r - top;
        const struct scen_flow *f = &s->flow[i];
        double end = i < d->res->nflows ? d->res->end[i] : NAN;
        char v[FCOL_COUNT][48];
        snprintf(v[FCOL_NUM], 48, "%d", i + 1);
        snprintf(v[FCOL_SRC], 48, "%s", nm(s, f->src));
        snprintf(v[FCOL_DST], 48, "%s", nm(s, f->dst));
        units_fmt_size(v[FCOL_SIZE], 48, f->bytes);
        units_fmt_time(v[FCOL_START], 48, f->start);
        if (isnan(end)) {
            snprintf(v[FCOL_END], 48, "-");
            snprintf(v[FCOL_ELAPSED], 48, "-");
        } else {
            units_fmt_time(v[FCOL_END], 48, end);
            units_fmt_time(v[FCOL_ELAPSED], 48, end - f->start);
        }
        snprintf(v[FCOL_FACTOR], 48, "%.4f", d->factor[i]);
        for (int k = 0; k < FCOL_COUNT; k++) {
            int role =
                k == FCOL_FACTOR ? role_heat(d->factor[i]) : ROLE_DEFAULT;
            if (k == FCOL_NUM || k == FCOL_SRC || k == FCOL_DST)
                canvas_text(c, colx[k], y, width[k], role, v[k]);
            else
                canvas_text_right(c, colx[k], y, width[k], role, v[k]);
        }
        canvas_text(c, colx[FCOL_COUNT], y, a.w - colx[FCOL_COUNT],
                    state_role[(int)d->state[i]], state_word[(int)d->state[i]]);
        if (f->label)
            canvas_printf(c, colx[FCOL_COUNT] + 12, y,
                          a.x + a.w - colx[FCOL_COUNT] - 12, ROLE_DIM, "%s",
                          f->label);
        if (r == sel) {
            canvas_paint(c, a.x, y, a.w, 1, ROLE_SELECTED);
            canvas_paint(c, colx[u->field], y, width[u->field], 1, ROLE_FIELD);
        }
    }
    free(order);
}

static int
explain_role(int kind)
{
    switch (kind) {
    case EXPLAIN_TITLE:
        return ROLE_EMPHASIS;
    case EXPLAIN_PATH:
        return ROLE_PATH;
    case EXPLAIN_LIMIT:
        return ROLE_WARNING;
    case EXPLAIN_RESULT:
        return ROLE_EMPHASIS;
    case EXPLAIN_NOTE:
        return ROLE_DIM;
    default:
        return ROLE_DEFAULT;
    }
}

static void
view_explain(struct canvas *c, const struct screen_ctx *x,
             const struct stepdata *d, struct cview a)
{
    struct explain ex = {0};
    int y = a.y, skip = x->u->scroll[VIEW_EXPLAIN];

    if (x->u->flow < 0 || d->m == NULL) {
        canvas_text(c, a.x + 1, a.y, a.w - 2, ROLE_DIM,
                    "no flow selected: pick one in the flow view (2)");
        return;
    }
    explain_flow(&ex, d->s, d->m, x->u->flow, d->t0, d->res);
    /* each line wrapped, continuation lines indented, scrolled */
    for (int i = 0; i < ex.n && y < a.y + a.h; i++) {
        struct canvas tmp;
        int need;
        canvas_init(&tmp, a.w - 2, 32, c->ascii);
        need = canvas_wrap(&tmp, 0, 0, a.w - 6, 32,
                           explain_role(ex.line[i].kind), ex.line[i].text);
        for (int l = 0; l < need && l < 32 && y < a.y + a.h; l++) {
            if (skip > 0) {
                skip--;
                continue;
            }
            for (int k = 0; k < tmp.w; k++) {
                const struct cell *cl = &tmp.cell[l * tmp.w + k];
                canvas_put(c, a.x + 1 + (l > 0 ? 4 : 0) + k, y, cl->ch,
                           cl->role);
            }
            y++;
        }
        canvas_fini(&tmp);
    }
    explain_fini(&ex);
}

static void
view_stepper(struct canvas *c, const struct screen_ctx *x,
             const struct stepdata *d, struct cview a)
{
    struct stepper st;
    const struct step_frame *fr;
    struct ui *u = x->u;
    static const char *const col[] = {"A", "B", "C", "D8", "D9"};
    int y, nf = d->s->nflows;

    if (d->m == NULL) {
        canvas_text(c, a.x + 1, a.y, a.w - 2, ROLE_DIM, "nothing to step");
        return;
    }
    stepper_build(&st, d->s, d->m, 0);
    if (u->frame >= st.n)
        u->frame = st.n - 1;
    fr = &st.frame[u->frame];
    canvas_printf(c, a.x + 1, a.y, a.w - 2, ROLE_HEADER,
                  "Algorithm 1, time step %d: frame %d of %d (Space next, "
                  "Backspace back)",
                  d->k + 1, u->frame + 1, st.n);
    /* the columns so far */
    {
        int cx = a.x + 1;
        for (int k = 0; k < 5; k++) {
            canvas_text(c, cx, a.y + 1, 4,
                        k == fr->step ? ROLE_TAB_ACTIVE : ROLE_TAB, col[k]);
            cx += 5;
        }
    }
    y = a.y + 3;
    y += canvas_wrap(c, a.x + 1, y, a.w - 2, 5, ROLE_EMPHASIS, fr->text);
    y++;
    canvas_text(c, a.x + 1, y, 16, ROLE_HEADER, "flow");
    for (int k = 0; k < 5; k++)
        canvas_text_right(c, a.x + 16 + 8 * k, y, 7, ROLE_HEADER, col[k]);
    y++;
    for (int i = 0; i < nf && y < a.y + a.h; i++) {
        char name[64];
        int present = d->state[i] != FS_LATER && d->state[i] != FS_DONE;
        if (!present)
            continue;
        snprintf(name, sizeof name, "%d %s\u2192%s", i + 1,
                 nm(d->s, d->s->flow[i].src), nm(d->s, d->s->flow[i].dst));
        canvas_text(c, a.x + 1, y, 15, i == u->flow ? ROLE_PATH : ROLE_DEFAULT,
                    name);
        for (int k = 0; k <= fr->step; k++) {
            /* the value after the last frame of column k up to now */
            double v = NAN;
            int changed = 0;
            for (int f = 0; f <= u->frame; f++)
                if (st.frame[f].step == k) {
                    v = st.frame[f].factor[i];
                    changed = f == u->frame && st.frame[f].changed[i];
                }
            if (!isnan(v))
                canvas_printf(c, a.x + 16 + 8 * k, y, 7,
                              changed ? ROLE_STEP_CHANGED : role_heat(v),
                              "%7.4f", v);
        }
        y++;
    }
    if (fr->chan >= 0 && y + 1 < a.y + a.h) {
        char ch[96];
        pcie_chan_name(d->s->pcie, fr->chan, ch, sizeof ch);
        canvas_printf(c, a.x + 1, a.y + a.h - 1, a.w - 2, ROLE_PATH,
                      "at port %s", ch);
    }
    stepper_fini(&st);
}

static void
view_timeline(struct canvas *c, const struct screen_ctx *x,
              const struct stepdata *d, struct cview a)
{
    const struct pcie_sim_result *res = d->res;
    const struct scenario *s = d->s;
    int labw = 16, gw = a.w - labw - 10, nf = s->nflows, top, sel = 0;
    double t0, t1;
    char lo[32], hi[32];

    if (res->nsteps == 0 || gw < 10) {
        canvas_text(c, a.x + 1, a.y, a.w - 2, ROLE_DIM, "no time steps");
        return;
    }
    t0 = res->step[0].t0;
    t1 = res->step[res->nsteps - 1].t1;
    if (!(t1 > t0))
        t1 = t0 + 1e-9;
    canvas_text(c, a.x + 1, a.y, labw, ROLE_HEADER, "flow");
    canvas_text(c, a.x + labw + gw + 2, a.y, 8, ROLE_HEADER, "factor");
    for (int i = 0; i < nf; i++)
        if (i == x->u->flow)
            sel = i;
    top = sel - (a.h - 4) + 1;
    if (top < 0)
        top = 0;
    for (int i = top; i < nf && i - top < a.h - 3; i++) {
        int y = a.y + 1 + i - top;
        char name[64];
        snprintf(name, sizeof name, "%d %s\u2192%s", i + 1,
                 nm(s, s->flow[i].src), nm(s, s->flow[i].dst));
        canvas_text(c, a.x + 1, y, labw - 1,
                    i == x->u->flow ? ROLE_SELECTED : ROLE_DEFAULT, name);
        for (int col = 0; col < gw; col++) {
            double t = t0 + (t1 - t0) * (col + 0.5) / gw;
            int k = pcie_sim_step_at(res, t);
            double rho;
            if (pcie_sim_step_rec(res, k, i, &rho, NULL, NULL) < 0)
                continue;
            if (rho > 0)
                canvas_put(c, a.x + labw + 1 + col, y, 0x2588, role_heat(rho));
            else
                canvas_put(c, a.x + labw + 1 + col, y, 0x00b7,
                           ROLE_FLOW_WAITING);
        }
        canvas_printf(c, a.x + labw + gw + 2, y, 8, role_heat(d->factor[i]),
                      "%.4f", d->factor[i]);
    }
    /* the axis, with the selected step marked */
    {
        int y = a.y + a.h - 2;
        int c0 = (int)((d->t0 - t0) / (t1 - t0) * gw);
        int c1 = (int)((d->t1 - t0) / (t1 - t0) * gw + 0.999);
        canvas_hline(c, a.x + labw + 1, y, gw, ROLE_AXIS);
        if (c1 <= c0)
            c1 = c0 + 1;
        canvas_fill(c, a.x + labw + 1 + c0, y, c1 - c0, 1, 0x2580, ROLE_CURSOR);
        units_fmt_time(lo, sizeof lo, t0);
        units_fmt_time(hi, sizeof hi, t1);
        canvas_text(c, a.x + labw + 1, y + 1, gw / 2, ROLE_AXIS, lo);
        canvas_text_right(c, a.x + labw + 1, y + 1, gw, ROLE_AXIS, hi);
        canvas_text(c, a.x + 1, y, labw - 1, ROLE_DIM, "[ ] step");
    }
}

/* Channels of the tree sorted by load (descending). */
static void
view_heat(struct canvas *c, const struct screen_ctx *x,
          const struct stepdata *d, struct cview a)
{
    const struct pcie *p = d->s->pcie;
    int nc = pcie_nchan(p), n = 0, y = a.y + 1, barw = a.w - 40;
    int *ch = xcalloc((size_t)nc, sizeof *ch);

    (void)x;
    if (barw > 40)
        barw = 40;
    for (int k = 2; k < nc; k++)
        ch[n++] = k;
    for (int i = 1; i < n; i++) { /* by load, then channel id */
        int v = ch[i], j = i - 1;
        while (j >= 0 && (d->load[ch[j]] < d->load[v] ||
                          (d->load[ch[j]] == d->load[v] && ch[j] > v))) {
            ch[j + 1] = ch[j];
            j--;
        }
        ch[j + 1] = v;
    }
    canvas_printf(c, a.x + 1, a.y, a.w - 2, ROLE_HEADER,
                  "link loads in time step %d (share of the bandwidth; "
                  "hottest first)",
                  d->k + 1);
    for (int i = 0; i < n && y < a.y + a.h; i++, y++) {
        char name[96];
        int k = ch[i];
        pcie_chan_name(p, k, name, sizeof name);
        canvas_text(c, a.x + 1, y, 22,
                    d->chan_on_path[k] ? ROLE_PATH : ROLE_DEFAULT, name);
        canvas_text(c, a.x + 24, y, 2, ROLE_DIM,
                    pcie_chan_kind(p, k) == PCIE_CH_DIRECT ? "\u2192"
                    : pcie_chan_kind(p, k) == PCIE_CH_UP ||
                            pcie_chan_kind(p, k) == PCIE_CH_XUP
                        ? "\u2191"
                        : "\u2193");
        if (d->count[k] == 0)
            canvas_text(c, a.x + 27, y, 6, ROLE_HEAT_IDLE, "idle");
        else
            load_bar(c, a.x + 27, y, barw + 6, d->load[k], d->count[k]);
        if (d->count[k] > 0)
            canvas_printf(c, a.x + 34 + barw, y, a.w - barw - 35, ROLE_NUMBER,
                          "%d flow%s", d->count[k], d->count[k] > 1 ? "s" : "");
    }
    free(ch);
}

static void
view_stats(struct canvas *c, const struct screen_ctx *x,
           const struct stepdata *d, struct cview a)
{
    const struct pcie *p = d->s->pcie;
    int nc = pcie_nchan(p), y = a.y, pw = a.w - 58;
    double *v = xcalloc((size_t)nc, sizeof *v);
    static const char *const cls[] = {"all links", "up", "down"};
    int hist[10] = {0}, nall = 0, hmax = 1;

    (void)x;
    if (pw > 50)
        pw = 50;
    canvas_printf(c, a.x + 1, y++, a.w - 2, ROLE_HEADER,
                  "link loads in time step %d, per direction (idle links "
                  "count)",
                  d->k + 1);
    canvas_text(c, a.x + 1, ++y, a.w, ROLE_HEADER,
                "class        links   min    q1   med  mean    q3   max");
    y++;
    for (int k = 0; k < 3; k++, y++) {
        struct plot_summary sm;
        int n = 0;
        for (int ch = 2; ch < nc; ch++)
            if (k == 0 || (k == 1 && pcie_chan_kind(p, ch) == PCIE_CH_UP) ||
                (k == 2 && pcie_chan_kind(p, ch) == PCIE_CH_DOWN))
                v[n++] = d->load[ch];
        if (n == 0)
            continue;
        plot_summarize_ranks(v, n, &sm);
        canvas_printf(c, a.x + 1, y, a.w - 2, ROLE_DEFAULT,
                      "%-11s %6d %5.2f %5.2f %5.2f %5.2f %5.2f %5.2f", cls[k],
                      n, sm.min, sm.q1, sm.median, sm.mean, sm.q3, sm.max);
        /* a box plot on a 0..1 scale */
        if (pw >= 10)
            plot_boxplot_as(c, a.x + 57, y, pw, &sm, 0, 1, &plot_box_plain);
    }
    for (int ch = 2; ch < nc; ch++) {
        int b = (int)(d->load[ch] * 10);
        if (b > 9)
            b = 9;
        if (b < 0)
            b = 0;
        hist[b]++;
        nall++;
    }
    for (int b = 0; b < 10; b++)
        if (hist[b] > hmax)
            hmax = hist[b];
    y += 1;
    canvas_text(c, a.x + 1, y++, a.w - 2, ROLE_HEADER,
                "histogram of link loads (all links)");
    for (int b = 0; b < 10 && y < a.y + a.h; b++, y++) {
        canvas_printf(c, a.x + 1, y, 12, ROLE_AXIS, "%.1f-%.1f", b / 10.0,
                      (b + 1) / 10.0);
        canvas_bar(c, a.x + 11, y, 30, (double)hist[b] / hmax, ROLE_HEAT_0 + b,
                   ROLE_DEFAULT);
        canvas_printf(c, a.x + 42, y, 8, ROLE_NUMBER, "%d", hist[b]);
    }
    (void)nall;
    free(v);
}

static void
view_search(struct canvas *c, const struct screen_ctx *x, struct cview a)
{
    const struct search_result *r = x->search;
    struct ui *u = x->u;
    char b1[32], b2[32];
    int y = a.y;
    long long space;

    if (x->searching) {
        double fr = x->search_total > 0
                        ? (double)x->search_done / (double)x->search_total
                        : 0;
        canvas_printf(c, a.x + 1, y++, a.w - 2, ROLE_HEADER,
                      "searching %lld schedules ...", x->search_total);
        canvas_bar(c, a.x + 1, ++y, a.w - 20, fr, ROLE_PROGRESS, ROLE_TAB);
        canvas_printf(c, a.x + a.w - 18, y, 18, ROLE_NUMBER, "%5.1f%%",
                      fr * 100);
        y += 2;
        canvas_printf(c, a.x + 1, y, a.w - 2, ROLE_DIM,
                      "%lld done, %.0f schedules/s, %.1f s left; an edit "
                      "cancels it",
                      x->search_done, x->search_rate,
                      x->search_rate > 0
                          ? (double)(x->search_total - x->search_done) /
                                x->search_rate
                          : 0.0);
        return;
    }
    if (r == NULL) {
        struct search_space *sp =
            search_space_new(session_scenario(x->ss), NULL);
        space = sp ? search_space_total(sp) : 0;
        search_space_free(sp);
        canvas_printf(c, a.x + 1, y++, a.w - 2, ROLE_DEFAULT,
                      "The schedule search tries every order of each "
                      "source's flows: %lld schedule%s here.",
                      space, space == 1 ? "" : "s");
        canvas_text(c, a.x + 1, ++y, a.w - 2, ROLE_EMPHASIS,
                    "Press S to start it (it runs in the background).");
        return;
    }
    {
        static const char *const what[] = {"fastest", "median", "slowest",
                                           "baseline"};
        double t[4] = {r->t_fastest, r->t_median, r->t_slowest, r->t_baseline};
        canvas_printf(c, a.x + 1, y++, a.w - 2, ROLE_HEADER,
                      "%lld %s schedules in %.2f s; slowest/fastest %.3f, "
                      "slowest/median %.3f",
                      r->n - r->starved, r->sampled ? "random" : "", r->seconds,
                      r->t_slowest / r->t_fastest, r->t_slowest / r->t_median);
        y++;
        for (int k = 0; k < 4; k++, y++) {
            if (k == 3 && !r->has_baseline)
                continue;
            canvas_printf(c, a.x + 3, y, a.w - 4, ROLE_DEFAULT, "%-9s %10s",
                          what[k], units_fmt_time(b1, sizeof b1, t[k]));
            if (k == 3)
                canvas_printf(c, a.x + 25, y, a.w - 26, ROLE_DIM,
                              "the scenario's own order: rank %lld",
                              r->baseline_rank);
            if (k == u->search_sel)
                canvas_paint(c, a.x + 1, y, 22, 1, ROLE_SELECTED);
        }
        canvas_text(c, a.x + 1, ++y, a.w - 2, ROLE_DIM,
                    "Enter opens the selected schedule in the other views "
                    "(u undoes)");
        y += 2;
        /* the sorted curve */
        {
            int h = a.y + a.h - y - 1, w = a.w - 14;
            long long m = r->n - r->starved;
            if (h >= 3 && w >= 10 && m > 0) {
                double lo = r->t_fastest, hi = r->t_slowest;
                for (int col = 0; col < w; col++) {
                    long long k =
                        (long long)((double)col / (w - 1) * (double)(m - 1));
                    double v = r->sorted[k];
                    int row = hi > lo
                                  ? (int)((v - lo) / (hi - lo) * (h - 1) + 0.5)
                                  : 0;
                    canvas_put(c, a.x + 12 + col, y + h - 1 - row, 0x2022,
                               ROLE_PLOT);
                }
                canvas_text_right(c, a.x, y, 11, ROLE_AXIS,
                                  units_fmt_time(b1, sizeof b1, hi));
                canvas_text_right(c, a.x, y + h - 1, 11, ROLE_AXIS,
                                  units_fmt_time(b2, sizeof b2, lo));
                canvas_vline(c, a.x + 11, y, h, ROLE_AXIS);
            }
        }
    }
}

static void
draw_error(struct canvas *c, const char *error, struct cview *a)
{
    int lines = canvas_wrap(c, 0, 0, a->w - 4, 0, ROLE_ERROR, error);
    int h = lines + 2;

    if (h > a->h / 2)
        h = a->h / 2;
    a->h -= h;
    canvas_fill(c, a->x, a->y + a->h, a->w, h, ' ', ROLE_DEFAULT);
    canvas_box(c, a->x, a->y + a->h, a->w, h, ROLE_ERROR,
               "script error: the last good result stays");
    canvas_wrap(c, a->x + 2, a->y + a->h + 1, a->w - 4, h - 2, ROLE_ERROR,
                error);
}

void
screen_draw(struct canvas *c, const struct screen_ctx *x)
{
    struct stepdata d;
    struct cview a;
    int net;

    ui_sync(x->u, x->ss);
    canvas_clear(c, ROLE_DEFAULT);
    if (c->w < SCREEN_MIN_W || c->h < SCREEN_MIN_H) {
        char msg[96];
        snprintf(msg, sizeof msg, "terminal too small: %dx%d, rho needs %dx%d",
                 c->w, c->h, SCREEN_MIN_W, SCREEN_MIN_H);
        canvas_wrap(c, 1, c->h / 2, c->w - 2, c->h, ROLE_WARNING, msg);
        return;
    }
    net = !session_has_model(x->ss, &model_pcie_entry);
    if (net)
        draw_net_title(c, x);
    else {
        stepdata_init(&d, x);
        draw_title(c, x, &d);
    }
    draw_tabs(c, x);
    a = cview_of(c, 0, 3, c->w, c->h - 5); /* the body */
    if (x->error != NULL && x->error[0] != '\0')
        draw_error(c, x->error, &a);
    if (x->u->view >= VIEW_FIRST_LINK)
        nview_body(c, x, x->u->view, a.x, a.y - 1, a.w, a.h + 1);
    else if (!net)
        switch (x->u->view) {
        case VIEW_TREE:
            view_tree(c, x, &d, a);
            break;
        case VIEW_FLOWS:
            view_flows(c, x, &d, a);
            break;
        case VIEW_EXPLAIN:
            view_explain(c, x, &d, a);
            break;
        case VIEW_STEPPER:
            view_stepper(c, x, &d, a);
            break;
        case VIEW_TIMELINE:
            view_timeline(c, x, &d, a);
            break;
        case VIEW_HEAT:
            view_heat(c, x, &d, a);
            break;
        case VIEW_STATS:
            view_stats(c, x, &d, a);
            break;
        case VIEW_SEARCH:
            view_search(c, x, a);
            break;
        }
    draw_status(c, x->u);
    draw_hints(c, net);
    if (x->u->help)
        draw_help(c, x->u);
    if (!net)
        stepdata_fini(&d);
}
