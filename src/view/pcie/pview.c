/*
 * pview: the PCIe views' family -- their shared state, its sync (the
 * step evaluated), the keys every PCIe view has (time steps, adding,
 * deleting and editing flows), the flow order and find, the title bar
 * and hints, and drawing helpers. See pview.h.
 */
#include "view/pcie/pview.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/model_pcie.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "view/keys.h"
#include "view/pcie/pview_rows.h"
#include "view/roles.h"
#include "view/ui.h"

static const char *const col_names[FCOL_COUNT] = {
    "#", "src", "dst", "size", "start", "end", "elapsed", "factor",
};

const char *
pview_col_name(int col)
{
    return col >= 0 && col < FCOL_COUNT ? col_names[col] : "?";
}

/* ---- the step shown ---- */

/* Release d's arrays (the sizes stay). */
static void
step_free(struct pview_step *d)
{
    free(d->factor);
    free(d->state);
    free(d->load);
    free(d->bps);
    free(d->count);
    free(d->on_path);
    free(d->chan_on_path);
}

/* Room for nf flows, nc channels and nn nodes in d, all zero. */
static void
step_room(struct pview_step *d, int nf, int nc, int nn)
{
    nf = nf > 0 ? nf : 1;
    if (nf > d->nf || nc > d->nc || nn > d->nn) {
        step_free(d);
        d->nf = nf > d->nf ? nf : d->nf;
        d->nc = nc > d->nc ? nc : d->nc;
        d->nn = nn > d->nn ? nn : d->nn;
        d->factor = xcalloc((size_t)d->nf, sizeof *d->factor);
        d->state = xcalloc((size_t)d->nf, 1);
        d->load = xcalloc((size_t)d->nc, sizeof *d->load);
        d->bps = xcalloc((size_t)d->nc, sizeof *d->bps);
        d->count = xcalloc((size_t)d->nc, sizeof *d->count);
        d->on_path = xcalloc((size_t)d->nn, 1);
        d->chan_on_path = xcalloc((size_t)d->nc, 1);
        return;
    }
    memset(d->factor, 0, (size_t)d->nf * sizeof *d->factor);
    memset(d->state, 0, (size_t)d->nf);
    memset(d->load, 0, (size_t)d->nc * sizeof *d->load);
    memset(d->bps, 0, (size_t)d->nc * sizeof *d->bps);
    memset(d->count, 0, (size_t)d->nc * sizeof *d->count);
    memset(d->on_path, 0, (size_t)d->nn);
    memset(d->chan_on_path, 0, (size_t)d->nc);
}

/* Evaluate the session's run on p's step into p->d: the factors, states,
   loads and rates of the step, and the selected flow's path. */
static void
step_make(struct pview *p, struct session *ss)
{
    struct pview_step *d = &p->d;
    const struct scenario *s = session_scenario(ss);
    const struct pcie_sim_result *res = model_pcie_result(ss);
    struct pcie_sim *sim = model_pcie_sim(ss);
    int nf = s->nflows, nc = pcie_nchan(s->pcie), nn = pcie_nodes(s->pcie);
    struct pcie_model *m = NULL;

    step_room(d, nf, nc, nn);
    d->s = s;
    d->res = res;
    d->m = NULL;
    d->t0 = d->t1 = 0;
    d->k = res->nsteps > 0 ? p->step : -1;
    if (d->k >= 0 && sim != NULL) {
        const struct pcie_tstep *st = &res->step[d->k];
        d->t0 = st->t0;
        d->t1 = st->t1;
        pcie_sim_eval_step(sim, res, d->k);
        d->m = m = pcie_sim_model(sim);
        pview_loads(m, d->load, d->count);
        pview_rates(m, d->bps);
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
    if (m != NULL) {
        for (int a = 0; a < pcie_model_nactive(m); a++) {
            int f = pcie_model_active(m, a);
            const struct pcie_factors *F = pcie_model_factors(m, f);
            d->factor[f] = F->col[STEP_D9];
            d->state[f] = F->hol ? FS_HOL : FS_SENDING;
            if (res->starved && F->col[STEP_D9] == 0)
                d->state[f] = FS_STARVED;
        }
    }
    if (p->flow >= 0 && p->flow < nf && sim != NULL &&
        p->flow < pcie_model_nflows(pcie_sim_model(sim))) {
        /* the flow's route as the model has it (direct links included) */
        const struct pcie_model *pm = pcie_sim_model(sim);
        const struct pcie_hop *h = pcie_model_hops(pm, p->flow);
        for (int j = 0; j < pcie_model_path_len(pm, p->flow); j++) {
            int t = pcie_chan_tail(s->pcie, h[j].chan);
            int hd = pcie_chan_head(s->pcie, h[j].chan);
            d->chan_on_path[h[j].chan] = 1;
            if (t >= 0)
                d->on_path[t] = 1;
            if (hd >= 0)
                d->on_path[hd] = 1;
        }
    } else if (p->flow >= 0 && p->flow < nf) {
        const struct scen_flow *f = &s->flow[p->flow];
        int lca = pcie_lca(s->pcie, f->src, f->dst);
        for (int a = f->src; a != lca; a = pcie_node(s->pcie, a)->parent)
            d->on_path[a] = 1;
        for (int b = f->dst; b != lca; b = pcie_node(s->pcie, b)->parent)
            d->on_path[b] = 1;
        d->on_path[lca] = 1;
    }
    p->evals++;
}

/* ---- the family ---- */

static void
fam_init(void *fam)
{
    struct pview *p = fam;

    p->flow = -1;
    p->field = FCOL_SIZE;
    p->version = (unsigned long)-1;
}

static void
fam_fini(void *fam)
{
    struct pview *p = fam;

    step_free(&p->d);
    memset(&p->d, 0, sizeof p->d);
}

static void
fam_sync(void *fam, struct view_ctx *vc)
{
    struct pview *p = fam;
    const struct scenario *s = session_scenario(vc->ss);
    const struct pcie_sim_result *res = model_pcie_result(vc->ss);
    struct session_run r;

    /* (an edit open now: the draws, which cannot see the ui, keep its
       column) */
    p->field_kept =
        p->field_moved || (vc->u != NULL && vc->u->prompt == PROMPT_VIEW &&
                           vc->u->prompt_st == p);
    if (p->version != session_version(vc->ss)) {
        p->version = session_version(vc->ss);
        if (s->nflows == 0)
            p->flow = -1;
        else if (p->flow < 0)
            p->flow = 0;
        else if (p->flow >= s->nflows)
            p->flow = s->nflows - 1;
        if (p->step >= res->nsteps)
            p->step = res->nsteps > 0 ? res->nsteps - 1 : 0;
        if (p->step < 0)
            p->step = 0;
    }
    if (session_run(vc->ss, &model_pcie_entry, &r) != 0)
        r.serial = 0;
    if (p->d_made && p->d_version == p->version && p->d_serial == r.serial &&
        p->d_step == p->step && p->d_flow == p->flow)
        return;
    step_make(p, vc->ss);
    p->d_made = 1;
    p->d_version = p->version;
    p->d_serial = r.serial;
    p->d_step = p->step;
    p->d_flow = p->flow;
}

void
pview_set_step(struct pview *p, struct view_ctx *vc, int step)
{
    const struct pcie_sim_result *res = model_pcie_result(vc->ss);
    int n = res->nsteps;
    char a[32], b[32];

    if (n == 0)
        return;
    if (step < 0)
        step = 0;
    if (step >= n)
        step = n - 1;
    if (step != p->step)
        p->moves++;
    p->step = step;
    ui_status(vc->u, 0, "time step %d of %d: %s to %s", step + 1, n,
              units_fmt_time(a, sizeof a, res->step[step].t0),
              units_fmt_time(b, sizeof b, res->step[step].t1));
}

/* The current value of flow i's field, as editable text. */
static void
field_text(const struct scenario *s, int i, int field, char *buf, size_t n)
{
    const struct scen_flow *f = &s->flow[i];

    switch (field) {
    case FCOL_SRC:
        snprintf(buf, n, "%s", pcie_node(s->pcie, f->src)->name);
        break;
    case FCOL_DST:
        snprintf(buf, n, "%s", pcie_node(s->pcie, f->dst)->name);
        break;
    case FCOL_START:
        units_fmt_time_exact(buf, n, f->start);
        break;
    default:
        units_fmt_size_exact(buf, n, f->bytes);
    }
}

/* Enter at the 'a' prompt: add the flow, select it, show the flows in
   their order. */
static int
add_submit(void *st, struct view_ctx *vc, const char *line)
{
    struct pview *p = st;
    char cmd[UI_PROMPT_MAX + 64];
    int rc;

    snprintf(cmd, sizeof cmd, "add %s", line);
    rc = ui_command(vc->u, vc->ss, cmd);
    if (!vc->u->status_error) {
        p->flow = session_scenario(vc->ss)->nflows - 1;
        p->sort_col = FCOL_NUM;
        p->sort_rev = 0;
    }
    return rc;
}

/* Enter at the 'e' prompt: the selected flow's field. */
static int
edit_submit(void *st, struct view_ctx *vc, const char *line)
{
    static const char *const verb[FCOL_COUNT] = {NULL,    "src", "dst", "size",
                                                 "start", NULL,  NULL,  NULL};
    struct pview *p = st;
    char cmd[UI_PROMPT_MAX + 64];

    if (p->flow < 0 || verb[p->field] == NULL)
        return UI_REDRAW;
    snprintf(cmd, sizeof cmd, "%s %d %s", verb[p->field], p->flow + 1, line);
    return ui_command(vc->u, vc->ss, cmd);
}

static int
fam_key(void *fam, struct view_ctx *vc, int act)
{
    struct pview *p = fam;
    char text[UI_PROMPT_MAX], label[64];

    switch (act) {
    case ACT_LEFT:
    case ACT_TIME_PREV:
        pview_set_step(p, vc, p->step - 1);
        return UI_REDRAW;
    case ACT_RIGHT:
    case ACT_TIME_NEXT:
        pview_set_step(p, vc, p->step + 1);
        return UI_REDRAW;
    case ACT_ADD:
        ui_prompt(vc->u, "add flow (SRC DST SIZE [at TIME]): ", NULL,
                  add_submit, p);
        return UI_REDRAW;
    case ACT_DELETE:
        if (p->flow >= 0) {
            snprintf(text, sizeof text, "del %d", p->flow + 1);
            return ui_command(vc->u, vc->ss, text);
        }
        ui_status(vc->u, 1, "no flow to delete");
        return UI_REDRAW;
    case ACT_EDIT:
        if (p->flow < 0) {
            ui_status(vc->u, 1, "no flow to edit: a adds one");
            return UI_REDRAW;
        }
        if (p->field < FCOL_SRC || p->field > FCOL_START)
            p->field = FCOL_SIZE;
        field_text(session_scenario(vc->ss), p->flow, p->field, text,
                   sizeof text);
        snprintf(label, sizeof label, "flow %d %s: ", p->flow + 1,
                 pview_col_name(p->field));
        ui_prompt(vc->u, label, text, edit_submit, p);
        return UI_REDRAW;
    case ACT_UP:
    case ACT_DOWN:
    case ACT_PAGE_UP:
    case ACT_PAGE_DOWN:
    case ACT_TOP:
    case ACT_BOTTOM:
    case ACT_OPEN:
        return UI_REDRAW; /* nothing to move or open in this view */
    default:
        return VIEW_NOT_MINE;
    }
}

static int
fam_find(void *fam, struct view_ctx *vc, const char *text, int dir)
{
    return pview_find_flow(fam, vc, text, dir);
}

static int
fam_select(void *fam, struct view_ctx *vc, int item, double t,
           struct rho_err *err)
{
    struct pview *p = fam;
    const struct scenario *s = session_scenario(vc->ss);

    if (item >= 0) {
        if (item >= s->nflows)
        {
            char nf[48];
            return rho_err_set(
                err, RHO_EINPUT, "the scenario has %s",
                units_fmt_count(nf, sizeof nf, s->nflows, "flow"));
        }
        p->flow = item;
    }
    if (!isnan(t)) {
        int k = pcie_sim_step_at(model_pcie_result(vc->ss), t);
        if (k >= 0)
            p->step = k;
    }
    return 0;
}

static void
fam_title(const void *fam, const struct view_draw_ctx *dc, char *buf, size_t n)
{
    const struct pview_step *d = &((const struct pview *)fam)->d;
    char a[32], b[32];

    (void)dc;
    if (d->k >= 0)
        snprintf(buf, n, "step %d/%d  %s\u2013%s", d->k + 1, d->res->nsteps,
                 units_fmt_time(a, sizeof a, d->t0),
                 units_fmt_time(b, sizeof b, d->t1));
    else
        snprintf(buf, n, "no flows");
}

static const struct view_hint hints[] = {
    {"F1", "Help"}, {"Tab", "View"}, {"Enter", "Open"}, {"e", "Edit"},
    {"a", "Add"},   {"d", "Del"},    {"u", "Undo"},     {"s", "Save"},
    {"q", "Quit"},  {NULL, NULL},
};

/* "after C at SB->K2", "after D9" */
static void
frame_words(const struct scenario *s, const struct pview_frame *sf, char *buf,
            size_t n)
{
    char ch[96];

    if (sf->chan >= 0) {
        pcie_chan_name(s->pcie, sf->chan, ch, sizeof ch);
        snprintf(buf, n, "after %s at %s", pview_step_name(sf->step), ch);
    } else {
        snprintf(buf, n, "after %s", pview_step_name(sf->step));
    }
}

/* A flow's factor after a stepper frame: what a lesson's exercise asks.
   The frames come from a sim of its own: the session's stays evaluated
   on the step the views show (step_make()). */
static int
fam_value(struct session *ss, int item, int tstep, const char *frame,
          double *v, char *where, size_t n, struct rho_err *err)
{
    const struct scenario *s = session_scenario(ss);
    const struct pcie_sim_result *res = model_pcie_result(ss);
    struct pcie_sim *sim;
    struct pview_frames sp;
    char name[96], after[128];
    int fr = -1;

    if (model_pcie_sim(ss) == NULL)
        return rho_err_set(err, RHO_EINPUT, "no result of the PCIe model");
    if (item < 0 || item >= s->nflows) {
        char nf[48];
        return rho_err_set(err, RHO_EINPUT, "the scenario has %s",
                           units_fmt_count(nf, sizeof nf, s->nflows, "flow"));
    }
    if (tstep < 0 || tstep >= res->nsteps) {
        char ns[48];
        return rho_err_set(
            err, RHO_EINPUT,
            "the run has no time step %d (it "
            "has %s)",
            tstep + 1,
            units_fmt_count(ns, sizeof ns, res->nsteps, "time step"));
    }
    if ((sim = scenario_sim(s, err)) == NULL)
        return -1;
    memset(&sp, 0, sizeof sp);
    if (pcie_sim_eval_step(sim, res, tstep) >= 0)
        pview_frames_build(&sp, s, pcie_sim_model(sim), 0);
    pcie_sim_free(sim);
    if (sp.n == 0 && frame == NULL) { /* no flow sends then */
        *v = 0;
        snprintf(after, sizeof after, "(no flow sends then)");
    } else {
        fr = frame != NULL ? pview_frames_find(&sp, s, frame, err) : sp.n - 1;
        if (fr < 0) {
            pview_frames_fini(&sp);
            return -1;
        }
        *v = item < sp.nflows ? sp.frame[fr].factor[item] : 0;
        frame_words(s, &sp.frame[fr], after, sizeof after);
    }
    pview_frames_fini(&sp);
    if (where != NULL) {
        scenario_flow_name(s, item, name, sizeof name);
        snprintf(where, n, "the factor of flow %d (%s) %s in time step %d",
                 item + 1, name, after, tstep + 1);
    }
    return 0;
}

/* A lesson's focus: the flow and the time step to show. */
static int
fam_focus(void *fam, struct view_ctx *vc, int item, int tstep,
          struct rho_err *err)
{
    struct pview *p = fam;
    const struct pcie_sim_result *res = model_pcie_result(vc->ss);

    if (item >= session_scenario(vc->ss)->nflows)
        return rho_err_set(err, RHO_EINPUT, "the scenario has %d flows",
                           session_scenario(vc->ss)->nflows);
    if (tstep >= 0 && (res == NULL || tstep >= res->nsteps))
        return rho_err_set(err, RHO_EINPUT, "the run has %d time steps",
                           res != NULL ? res->nsteps : 0);
    if (item >= 0)
        p->flow = item;
    if (tstep >= 0)
        pview_set_step(p, vc, tstep);
    return 0;
}

const struct view_family pview_family = {
    .name = "pcie",
    .size = sizeof(struct pview),
    .init = fam_init,
    .fini = fam_fini,
    .sync = fam_sync,
    .key = fam_key,
    .find = fam_find,
    .select = fam_select,
    .title = fam_title,
    .focus = fam_focus,
    .value = fam_value,
    .hints = hints,
};

/* ---- flow order ---- */

struct sort_ctx {
    const struct scenario *s;
    const struct pcie_sim_result *res;
    const double *factor;
    int col, rev;
};

static double
key_num(const struct sort_ctx *c, int i)
{
    const struct scen_flow *f = &c->s->flow[i];

    switch (c->col) {
    case FCOL_SIZE:
        return f->bytes;
    case FCOL_START:
        return f->start;
    case FCOL_END:
        return c->res->nflows > i ? c->res->end[i] : NAN;
    case FCOL_ELAPSED:
        return c->res->nflows > i ? c->res->end[i] - f->start : NAN;
    case FCOL_FACTOR:
        return c->factor ? c->factor[i] : 0;
    default:
        return i;
    }
}

/* Is flow a shown before flow b? (NaN last, ties by number) */
static int
before(const struct sort_ctx *c, int a, int b)
{
    int cmp = 0;

    if (c->col == FCOL_SRC || c->col == FCOL_DST) {
        const struct pcie *p = c->s->pcie;
        int na = c->col == FCOL_SRC ? c->s->flow[a].src : c->s->flow[a].dst;
        int nb = c->col == FCOL_SRC ? c->s->flow[b].src : c->s->flow[b].dst;
        cmp = strcmp(pcie_node(p, na)->name, pcie_node(p, nb)->name);
    } else {
        double x = key_num(c, a), y = key_num(c, b);
        if (isnan(x) != isnan(y))
            return isnan(y);
        cmp = (x > y) - (x < y);
    }
    if (c->rev)
        cmp = -cmp;
    return cmp != 0 ? cmp < 0 : a < b;
}

/* The final factor of every flow in time step k (waiting flows have no
   record: 0). */
static void
step_factors(const struct pcie_sim_result *res, int nflows, int k,
             double *factor)
{
    for (int i = 0; i < nflows; i++)
        factor[i] = 0;
    if (res->nsteps == 0)
        return;
    for (int r = res->step[k].off; r < res->step[k].off + res->step[k].nactive;
         r++)
        factor[res->rec_flow[r]] = res->rec_rho[r];
}

void
pview_flow_order(const struct pview *p, const struct session *ss, int *order)
{
    const struct scenario *s = session_scenario(ss);
    double *factor =
        xcalloc((size_t)(s->nflows ? s->nflows : 1), sizeof *factor);
    struct sort_ctx c = {s, model_pcie_result(ss), factor, p->sort_col,
                         p->sort_rev};

    step_factors(c.res, s->nflows, p->step, factor);
    for (int i = 0; i < s->nflows; i++)
        order[i] = i;
    for (int i = 1; i < s->nflows; i++) { /* insertion sort: small */
        int x = order[i], j = i - 1;
        while (j >= 0 && before(&c, x, order[j])) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = x;
    }
    free(factor);
}

void
pview_move_flow(struct pview *p, const struct session *ss, int delta)
{
    const struct scenario *s = session_scenario(ss);
    int *order, pos = 0;

    if (s->nflows == 0)
        return;
    order = xcalloc((size_t)s->nflows, sizeof *order);
    pview_flow_order(p, ss, order);
    for (int i = 0; i < s->nflows; i++)
        if (order[i] == p->flow)
            pos = i;
    pos += delta;
    if (pos < 0)
        pos = 0;
    if (pos >= s->nflows)
        pos = s->nflows - 1;
    p->flow = order[pos];
    free(order);
}

/* ---- find ---- */

int
pview_contains(const char *hay, const char *needle)
{
    for (; *hay; hay++) {
        size_t i = 0;
        while (needle[i] && tolower((unsigned char)hay[i]) ==
                                tolower((unsigned char)needle[i]))
            i++;
        if (needle[i] == '\0')
            return 1;
    }
    return needle[0] == '\0';
}

int
pview_find_flow(struct pview *p, struct view_ctx *vc, const char *text,
                int dir)
{
    const struct scenario *s = session_scenario(vc->ss);
    int wrapped = 0;

    for (int k = 1; k <= s->nflows; k++) {
        int i = ui_find_step(p->flow, k, s->nflows, dir, &wrapped);
        char name[256], what[300];
        scenario_flow_name(s, i, name, sizeof name);
        if (pview_contains(name, text) ||
            (s->flow[i].label && pview_contains(s->flow[i].label, text))) {
            p->flow = i;
            snprintf(what, sizeof what, "flow %d (%s)", i + 1, name);
            ui_found(vc->u, wrapped, what);
            return 1;
        }
    }
    ui_status(vc->u, 1, "'%s' not found", text);
    return 0;
}

int
pview_top(int sel, int rows)
{
    int top = sel - rows + 1;

    return top < 0 ? 0 : top;
}

/* ---- drawing ---- */

struct cview
pview_area(const struct cview *v)
{
    return cview_sub(v, 0, 1, v->w, v->h - 1);
}

int
pview_text_parts(const struct cview *v, int col, int row, int w, int role,
                 const char *const *part, int np)
{
    char buf[1024];
    int len = 0, used = 0, k = 0;

    if (w < 1 || np < 1)
        return 0;
    for (int i = 0; i < np; i++)
        used += utf8_width(part[i]);
    if (used <= w) { /* all of it */
        for (int i = 0; i < np && len < (int)sizeof buf - 1; i++)
            len += snprintf(buf + len, sizeof buf - (size_t)len, "%s", part[i]);
        return cview_text(v, col, row, w, role, buf);
    }
    used = 0; /* the whole parts that fit with the "…" after them */
    while (k < np && used + utf8_width(part[k]) + 1 <= w &&
           len + strlen(part[k]) + 4 < sizeof buf) {
        used += utf8_width(part[k]);
        len += snprintf(buf + len, sizeof buf - (size_t)len, "%s", part[k]);
        k++;
    }
    if (k == 0) { /* the first part alone is too wide: its words that fit */
        int n = utf8_prefix(part[0], w - 1, NULL), cut = n;
        if (n > (int)sizeof buf - 4)
            n = cut = utf8_prefix(part[0], 255, NULL);
        while (cut > 0 && part[0][cut] != ' ')
            cut--;
        while (cut > 0 && part[0][cut - 1] == ' ')
            cut--;
        if (cut == 0) /* one word: cut inside it */
            cut = n;
        len = snprintf(buf, sizeof buf, "%.*s", cut, part[0]);
    }
    snprintf(buf + len, sizeof buf - (size_t)len, "\u2026");
    return cview_text(v, col, row, w, role, buf);
}

const char *
pview_node_name(const struct scenario *s, int node)
{
    return pcie_node(s->pcie, node)->name;
}

void
pview_load_bar(const struct cview *v, int col, int row, int w, double load,
               int n)
{
    char t[16];
    int bw = w - 6;

    if (n == 0) {
        cview_text(v, col, row, w, ROLE_HEAT_IDLE, "\u00b7");
        return;
    }
    snprintf(t, sizeof t, "%5.2f", load);
    cview_bar(v, col, row, bw, load, role_heat(load), ROLE_HEAT_IDLE);
    cview_text(v, col + bw + 1, row, 5, role_heat(load), t);
}

void
pview_load_cell(const struct cview *v, int col, int row, int w, double load,
                double bps, int n)
{
    char t[16], r[16];
    int bw = w - 12;

    if (n == 0) {
        cview_text(v, col, row, w, ROLE_HEAT_IDLE, "\u00b7");
        return;
    }
    if (load == 0 && bps > 0) {
        /* a link of unlimited capacity (a socket's memory): it carries
           bytes but no share of a capacity; "-", not a share of 0.00 */
        cview_text(v, col + bw + 1, row, 5, ROLE_DIM, "    -");
        cview_printf(v, col + bw + 7, row, 5, ROLE_NUMBER, "%5s",
                     units_fmt_rate_short(r, sizeof r, bps));
        return;
    }
    snprintf(t, sizeof t, "%5.2f", load);
    if (bw > 0)
        cview_bar(v, col, row, bw, load, role_heat(load), ROLE_HEAT_IDLE);
    cview_text(v, col + bw + 1, row, 5, role_heat(load), t);
    cview_printf(v, col + bw + 7, row, 5, ROLE_NUMBER, "%5s",
                 units_fmt_rate_short(r, sizeof r, bps));
}

void
pview_load_header(const struct cview *v, int col, int row, int w,
                  const char *arrow, const char *label)
{
    int bw = w - 12, x = col;

    x += cview_text(v, x, row, w, ROLE_HEADER, arrow);
    if (bw > 0 && label[0] != '\0' && utf8_width(label) + 1 <= bw - (x - col))
        cview_printf(v, x, row, bw - (x - col), ROLE_HEADER, " %s", label);
    cview_text(v, col + (bw > 0 ? bw : 0) + 1, row, 5, ROLE_HEADER, "share");
    cview_text(v, col + (bw > 0 ? bw : 0) + 9, row, 3, ROLE_HEADER, "B/s");
}

char *
pview_cap_text(char *buf, size_t n, const struct pview_step *d, int chan)
{
    double cap = d->m ? pcie_model_chan_cap(d->m, chan)
                 : pcie_chan_bw(d->s->pcie, chan) > 0
                     ? pcie_chan_bw(d->s->pcie, chan)
                     : d->s->bandwidth;

    if (isinf(cap))
        snprintf(buf, n, "unlimited");
    else /* as many digits as the B/s cells beside it */
        units_fmt_rate3(buf, n, cap);
    return buf;
}
