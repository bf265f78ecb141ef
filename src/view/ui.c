/*
 * ui: interactive state and key handling. See ui.h.
 *
 * Keys become actions through the key table (keys.c); an action changes
 * the ui, or the session (edits go through view/command.c, the same code
 * as the ':' line), or asks the loop for an effect. Everything that needs
 * the model's numbers of a time step evaluates the session's sim on that
 * step first.
 */
#include "view/ui.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/model_net.h"
#include "core/model_pcie.h"
#include "view/command.h"
#include "view/net/nview_keys.h"
#include "view/pcie/stepper.h"
#include "view/pcie/tree.h"

static const char *const view_names[VIEW_COUNT] = {
    "tree",   "flows",   "explain", "stepper", "timeline", "heat",   "stats",
    "search", "network", "links",   "map",     "classes",  "rounds",
};

static const char *const view_titles[VIEW_COUNT] = {
    "Tree",   "Flows",   "Why",   "Stepper", "Timeline", "Heat",   "Stats",
    "Search", "Network", "Links", "Map",     "Classes",  "Rounds",
};

static const char *const col_names[FCOL_COUNT] = {
    "#", "src", "dst", "size", "start", "end", "elapsed", "factor",
};

int
ui_view_find(const char *name)
{
    for (int v = 0; v < VIEW_COUNT; v++)
        if (strcmp(view_names[v], name) == 0)
            return v;
    return -1;
}

int
ui_views(const struct session *ss, int *views)
{
    const struct model_entry *m;
    int n = 0;

    /* every draw asks (the tabs, the clicks): no copies, no printf */
    for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
        const char *p = m->views;
        while (*p != '\0' && n < VIEW_COUNT) {
            size_t len = strcspn(p, " ");
            for (int v = 0; v < VIEW_COUNT; v++)
                if (view_names[v][0] == p[0] &&
                    strncmp(view_names[v], p, len) == 0 &&
                    view_names[v][len] == '\0') {
                    views[n++] = v; /* a view not bound yet has no tab */
                    break;
                }
            p += len;
            p += strspn(p, " ");
        }
    }
    return n;
}

int
ui_tabs_compact(const struct session *ss, int w)
{
    int views[VIEW_COUNT], nv = ui_views(ss, views), need = 0;

    for (int k = 0; k < nv; k++)
        need +=
            (k + 1 >= 10 ? 4 : 3) + (int)strlen(ui_view_title(views[k])) + 2;
    return need > w;
}

int
ui_tab_at(const struct session *ss, int w, int x)
{
    int views[VIEW_COUNT], nv = ui_views(ss, views), col = 0;
    int compact = ui_tabs_compact(ss, w);

    for (int k = 0; k < nv; k++) {
        int len = (int)strlen(ui_view_title(views[k]));
        len += compact ? (k < 9 ? 2 : 1) : (k + 1 >= 10 ? 2 : 1) + 4;
        if (x >= col && x < col + len)
            return views[k];
        col += len;
    }
    return -1;
}

const char *
ui_view_name(int view)
{
    return view >= 0 && view < VIEW_COUNT ? view_names[view] : "?";
}

const char *
ui_view_title(int view)
{
    return view >= 0 && view < VIEW_COUNT ? view_titles[view] : "?";
}

const char *
ui_col_name(int col)
{
    return col >= 0 && col < FCOL_COUNT ? col_names[col] : "?";
}

void
ui_status(struct ui *u, int error, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(u->status, sizeof u->status, fmt, ap);
    va_end(ap);
    u->status_error = error;
}

void
ui_init(struct ui *u, struct session *ss)
{
    memset(u, 0, sizeof *u);
    u->view = VIEW_TREE;
    u->field = FCOL_SIZE;
    u->flow = -1;
    u->version = (unsigned long)-1;
    u->map_dy = 1;
    u->map_group = -1;
    u->view = -1; /* ui_sync: the first view the session has */
    ui_sync(u, ss);
}

void
ui_fini(struct ui *u)
{
    free(u->collapsed);
    u->collapsed = NULL;
    free(u->net_ids);
    u->net_ids = NULL;
    nview_hier_free(u->hier);
    u->hier = NULL;
}

const char *
ui_scope(const struct ui *u)
{
    return ui_view_name(u->view);
}

void
ui_sync(struct ui *u, struct session *ss)
{
    const struct scenario *s = session_scenario(ss);
    const struct pcie_sim_result *res = model_pcie_result(ss);
    int nn, views[VIEW_COUNT], nv = ui_views(ss, views), ok = 0;

    for (int k = 0; k < nv; k++)
        ok |= views[k] == u->view;
    if (!ok) /* a reload changed the kind of scenario */
        u->view = nv > 0 ? views[0] : VIEW_TREE;
    if (!session_has_model(ss, &model_pcie_entry)) {
        u->version = session_version(ss);
        return;
    }
    nn = pcie_nodes(s->pcie);
    if (u->version == session_version(ss) && u->collapsed != NULL)
        return;
    u->version = session_version(ss);
    if (u->ncollapsed != nn) { /* a new tree: forget the folds */
        free(u->collapsed);
        u->collapsed = xcalloc((size_t)nn, 1);
        u->ncollapsed = nn;
        u->node = 0;
    }
    if (u->node >= nn)
        u->node = 0;
    if (s->nflows == 0)
        u->flow = -1;
    else if (u->flow < 0)
        u->flow = 0;
    else if (u->flow >= s->nflows)
        u->flow = s->nflows - 1;
    if (u->step >= res->nsteps)
        u->step = res->nsteps > 0 ? res->nsteps - 1 : 0;
    if (u->step < 0)
        u->step = 0;
}

int
ui_goto(struct ui *u, struct session *ss, int item, double t,
        struct rho_err *err)
{
    const struct scenario *s = session_scenario(ss);

    if (item >= 0) {
        if (item >= s->nflows)
            return rho_err_set(err, RHO_EINPUT, "the scenario has %d flows",
                               s->nflows);
        u->flow = item;
    }
    if (!isnan(t)) {
        int k = pcie_sim_step_at(model_pcie_result(ss), t);
        if (k >= 0)
            u->step = k;
    }
    return 0;
}

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

/* The final factor of every flow in the selected time step. */
static void
step_factors(const struct ui *u, struct session *ss, double *factor)
{
    const struct scenario *s = session_scenario(ss);
    const struct pcie_sim_result *res = model_pcie_result(ss);

    for (int i = 0; i < s->nflows; i++)
        factor[i] = 0;
    if (res->nsteps == 0)
        return;
    {
        const struct pcie_tstep *st = &res->step[u->step];
        /* waiting flows have no record: factor 0 */
        for (int r = st->off; r < st->off + st->nactive; r++)
            factor[res->rec_flow[r]] = res->rec_rho[r];
    }
}

void
ui_flow_order(const struct ui *u, struct session *ss, int *order)
{
    const struct scenario *s = session_scenario(ss);
    double *factor =
        xcalloc((size_t)(s->nflows ? s->nflows : 1), sizeof *factor);
    struct sort_ctx c = {s, model_pcie_result(ss), factor, u->sort_col,
                         u->sort_rev};

    step_factors(u, ss, factor);
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

/* ---- moves ---- */

static void
move_flow(struct ui *u, struct session *ss, int delta)
{
    const struct scenario *s = session_scenario(ss);
    int *order, pos = 0;

    if (s->nflows == 0)
        return;
    order = xcalloc((size_t)s->nflows, sizeof *order);
    ui_flow_order(u, ss, order);
    for (int i = 0; i < s->nflows; i++)
        if (order[i] == u->flow)
            pos = i;
    pos += delta;
    if (pos < 0)
        pos = 0;
    if (pos >= s->nflows)
        pos = s->nflows - 1;
    u->flow = order[pos];
    free(order);
}

static void
move_node(struct ui *u, struct session *ss, int delta)
{
    const struct pcie *p = session_scenario(ss)->pcie;
    int n = tree_rows(p, u->collapsed, NULL, NULL, 1, NULL, 0), pos = 0;
    struct tree_row *rows = xcalloc((size_t)n, sizeof *rows);

    tree_rows(p, u->collapsed, NULL, NULL, 1, rows, n);
    for (int i = 0; i < n; i++)
        if (rows[i].node == u->node)
            pos = i;
    pos += delta;
    if (pos < 0)
        pos = 0;
    if (pos >= n)
        pos = n - 1;
    u->node = rows[pos].node;
    free(rows);
}

static int
nframes(const struct ui *u, struct session *ss)
{
    struct pcie_sim *sim = model_pcie_sim(ss);
    struct stepper st;
    int n;

    if (sim == NULL || model_pcie_result(ss)->nsteps == 0)
        return 0;
    pcie_sim_eval_step(sim, model_pcie_result(ss), u->step);
    stepper_build(&st, session_scenario(ss), pcie_sim_model(sim), 0);
    n = st.n;
    stepper_fini(&st);
    return n;
}

static void
move(struct ui *u, struct session *ss, int delta)
{
    switch (u->view) {
    case VIEW_TREE:
        move_node(u, ss, delta);
        break;
    case VIEW_FLOWS:
    case VIEW_EXPLAIN:
    case VIEW_TIMELINE:
        move_flow(u, ss, delta);
        break;
    case VIEW_SEARCH:
        u->search_sel += delta > 0 ? 1 : -1;
        if (u->search_sel < 0)
            u->search_sel = 0;
        if (u->search_sel > 3)
            u->search_sel = 3;
        break;
    default:
        u->scroll[u->view] += delta;
        if (u->scroll[u->view] < 0)
            u->scroll[u->view] = 0;
        break;
    }
}

static void
set_step(struct ui *u, struct session *ss, int step)
{
    int n = model_pcie_result(ss)->nsteps;

    if (n == 0)
        return;
    if (step < 0)
        step = 0;
    if (step >= n)
        step = n - 1;
    if (step != u->step)
        u->frame = 0;
    u->step = step;
    {
        char a[32], b[32];
        const struct pcie_tstep *st = &model_pcie_result(ss)->step[step];
        ui_status(u, 0, "time step %d of %d: %s to %s", step + 1, n,
                  units_fmt_time(a, sizeof a, st->t0),
                  units_fmt_time(b, sizeof b, st->t1));
    }
}

/* ---- find ---- */

static int
contains(const char *hay, const char *needle)
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

static void
find_next(struct ui *u, struct session *ss)
{
    const struct scenario *s = session_scenario(ss);
    const struct pcie *p = s->pcie;

    if (u->find[0] == '\0')
        return;
    if (u->view >= VIEW_FIRST_LINK) {
        nview_find(u, ss, u->find);
        return;
    }
    if (u->view == VIEW_TREE) {
        int nn = pcie_nodes(p);
        for (int k = 1; k <= nn; k++) {
            int x = (u->node + k) % nn;
            if (contains(pcie_node(p, x)->name, u->find)) {
                /* unfold its ancestors so it can be seen */
                for (int a = pcie_node(p, x)->parent; a >= 0;
                     a = pcie_node(p, a)->parent)
                    u->collapsed[a] = 0;
                u->node = x;
                ui_status(u, 0, "found '%s'", pcie_node(p, x)->name);
                return;
            }
        }
    } else {
        for (int k = 1; k <= s->nflows; k++) {
            int i = (u->flow + k) % s->nflows;
            char name[256];
            scenario_flow_name(s, i, name, sizeof name);
            if (contains(name, u->find) ||
                (s->flow[i].label && contains(s->flow[i].label, u->find))) {
                u->flow = i;
                ui_status(u, 0, "found flow %d (%s)", i + 1, name);
                return;
            }
        }
    }
    ui_status(u, 1, "'%s' not found", u->find);
}

/* ---- the prompt ---- */

static void
open_prompt(struct ui *u, int mode, const char *text)
{
    u->prompt = mode;
    snprintf(u->line, sizeof u->line, "%s", text ? text : "");
    u->len = u->cur = (int)strlen(u->line);
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

static int
run_command(struct ui *u, struct session *ss, const char *line)
{
    struct command_result r;
    struct rho_err err;

    if (command_run(ss, line, &r, &err) != 0) {
        ui_status(u, 1, "%s", err.msg);
        return UI_REDRAW;
    }
    snprintf(u->effect_arg, sizeof u->effect_arg, "%s", r.arg);
    switch (r.kind) {
    case CMD_SAVE:
        return UI_REDRAW | UI_SAVE;
    case CMD_RELOAD:
        return UI_REDRAW | UI_RELOAD;
    case CMD_THEME:
        return UI_REDRAW | UI_THEME;
    case CMD_QUIT:
        return UI_QUIT;
    case CMD_SEARCH:
        return UI_REDRAW | UI_SEARCH;
    case CMD_EDIT:
        ui_status(u, 0, "%s", r.msg);
        ui_sync(u, ss);
        return UI_REDRAW;
    default:
        return UI_REDRAW;
    }
}

static int
submit(struct ui *u, struct session *ss)
{
    char cmd[UI_PROMPT_MAX + 64];
    int mode = u->prompt;

    u->prompt = PROMPT_NONE;
    switch (mode) {
    case PROMPT_COMMAND:
        return run_command(u, ss, u->line);
    case PROMPT_FIND:
        snprintf(u->find, sizeof u->find, "%s", u->line);
        find_next(u, ss);
        return UI_REDRAW;
    case PROMPT_ADD:
        snprintf(cmd, sizeof cmd, "add %s", u->line);
        {
            int rc = run_command(u, ss, cmd);
            if (!u->status_error) {
                u->flow = session_scenario(ss)->nflows - 1;
                u->sort_col = FCOL_NUM;
                u->sort_rev = 0;
            }
            return rc;
        }
    case PROMPT_EDIT: {
        static const char *const verb[FCOL_COUNT] = {
            NULL, "src", "dst", "size", "start", NULL, NULL, NULL};
        if (u->flow < 0 || verb[u->field] == NULL)
            return UI_REDRAW;
        snprintf(cmd, sizeof cmd, "%s %d %s", verb[u->field], u->flow + 1,
                 u->line);
        return run_command(u, ss, cmd);
    }
    }
    return UI_REDRAW;
}

static int
prompt_key(struct ui *u, struct session *ss, int key)
{
    switch (key) {
    case KEY_ENTER_:
    case '\n':
        return submit(u, ss);
    case KEY_ESC_:
        u->prompt = PROMPT_NONE;
        ui_status(u, 0, "cancelled");
        return UI_REDRAW;
    case KEY_BACKSPACE_:
    case 8:
        if (u->cur > 0) {
            memmove(u->line + u->cur - 1, u->line + u->cur,
                    (size_t)(u->len - u->cur + 1));
            u->cur--;
            u->len--;
        } else if (u->len == 0) {
            u->prompt = PROMPT_NONE;
        }
        return UI_REDRAW;
    case RK_DEL:
        if (u->cur < u->len) {
            memmove(u->line + u->cur, u->line + u->cur + 1,
                    (size_t)(u->len - u->cur));
            u->len--;
        }
        return UI_REDRAW;
    case RK_LEFT:
        if (u->cur > 0)
            u->cur--;
        return UI_REDRAW;
    case RK_RIGHT:
        if (u->cur < u->len)
            u->cur++;
        return UI_REDRAW;
    case RK_HOME:
    case KEY_CTRL_A:
        u->cur = 0;
        return UI_REDRAW;
    case RK_END:
    case 5: /* Ctrl-E */
        u->cur = u->len;
        return UI_REDRAW;
    case 21: /* Ctrl-U */
        u->line[0] = '\0';
        u->len = u->cur = 0;
        return UI_REDRAW;
    default:
        if (key >= 32 && key < 127 && u->len + 1 < UI_PROMPT_MAX) {
            memmove(u->line + u->cur + 1, u->line + u->cur,
                    (size_t)(u->len - u->cur + 1));
            u->line[u->cur++] = (char)key;
            u->len++;
        }
        return UI_REDRAW;
    }
}

/* ---- keys ---- */

int
ui_key(struct ui *u, struct session *ss, int key)
{
    const struct scenario *s;
    int act, armed = u->quit_armed, views[VIEW_COUNT], nv, cur;

    ui_sync(u, ss);
    s = session_scenario(ss);
    if (key == RK_RESIZE)
        return UI_REDRAW;
    if (u->prompt != PROMPT_NONE)
        return prompt_key(u, ss, key);
    if (u->help) {
        if (key == RK_DOWN || key == 'j')
            u->help_scroll++;
        else if (key == RK_UP || key == 'k') {
            if (u->help_scroll > 0)
                u->help_scroll--;
        } else
            u->help = 0;
        return UI_REDRAW;
    }
    u->quit_armed = 0;
    act = keys_action(key, ui_scope(u));
    nv = ui_views(ss, views);
    for (cur = 0; cur < nv && views[cur] != u->view; cur++)
        ;
    if (act >= ACT_VIEW_1 && act <= ACT_VIEW_9) {
        if (act - ACT_VIEW_1 < nv)
            u->view = views[act - ACT_VIEW_1];
        return UI_REDRAW;
    }
    if (act == ACT_NEXT_VIEW || act == ACT_PREV_VIEW) {
        cur = cur >= nv ? 0 : cur;
        u->view = views[(cur + (act == ACT_NEXT_VIEW ? 1 : nv - 1)) % nv];
        return UI_REDRAW;
    }
    if (act == ACT_ROUTING || act == ACT_PLACEMENT) {
        if (!model_net_entry.applies(s)) {
            ui_status(u, 1,
                      "%s: this scenario has no link model (give it a "
                      "network, or a routing)",
                      act == ACT_ROUTING ? "routing" : "placement");
            return UI_REDRAW;
        }
        return run_command(
            u, ss, act == ACT_ROUTING ? "routing next" : "placement next");
    }
    if (u->view >= VIEW_FIRST_LINK) {
        int fx = nview_key(u, ss, act);
        if (fx >= 0)
            return fx;
        /* in a link view only what needs no PCIe tree goes on */
        switch (act) {
        case ACT_QUIT:
        case ACT_HELP:
        case ACT_COMMAND:
        case ACT_UNDO:
        case ACT_REDO:
        case ACT_SAVE:
        case ACT_RELOAD:
        case ACT_THEME:
        case ACT_REDRAW:
        case ACT_SEARCH:
        case ACT_SEARCH_NEXT:
            break;
        default:
            return act == ACT_NONE ? 0 : UI_REDRAW;
        }
    }
    switch (act) {
    case ACT_QUIT:
        if (session_dirty(ss) && !armed) {
            u->quit_armed = 1;
            ui_status(u, 1,
                      "unsaved edits: q again quits without saving, s "
                      "saves");
            return UI_REDRAW;
        }
        return UI_QUIT;
    case ACT_HELP:
        u->help = 1;
        u->help_scroll = 0;
        return UI_REDRAW;
    case ACT_UP:
        move(u, ss, -1);
        return UI_REDRAW;
    case ACT_DOWN:
        move(u, ss, 1);
        return UI_REDRAW;
    case ACT_PAGE_UP:
        move(u, ss, -10);
        return UI_REDRAW;
    case ACT_PAGE_DOWN:
        move(u, ss, 10);
        return UI_REDRAW;
    case ACT_TOP:
        move(u, ss, -1000000);
        return UI_REDRAW;
    case ACT_BOTTOM:
        move(u, ss, 1000000);
        return UI_REDRAW;
    case ACT_LEFT:
        if (u->view == VIEW_TREE) {
            const struct pcie_node *nd = pcie_node(s->pcie, u->node);
            if (nd->nchild > 0 && !u->collapsed[u->node])
                u->collapsed[u->node] = 1;
            else if (nd->parent >= 0)
                u->node = nd->parent;
        } else if (u->view == VIEW_FLOWS) {
            if (u->field > FCOL_SRC)
                u->field--;
        } else {
            set_step(u, ss, u->step - 1);
        }
        return UI_REDRAW;
    case ACT_RIGHT:
        if (u->view == VIEW_TREE) {
            const struct pcie_node *nd = pcie_node(s->pcie, u->node);
            if (u->collapsed[u->node])
                u->collapsed[u->node] = 0;
            else if (nd->nchild > 0)
                u->node = nd->child[0];
        } else if (u->view == VIEW_FLOWS) {
            if (u->field < FCOL_START)
                u->field++;
        } else {
            set_step(u, ss, u->step + 1);
        }
        return UI_REDRAW;
    case ACT_OPEN:
        if (u->view == VIEW_TREE) {
            if (pcie_node(s->pcie, u->node)->nchild > 0)
                u->collapsed[u->node] = !u->collapsed[u->node];
        } else if (u->view == VIEW_FLOWS || u->view == VIEW_TIMELINE) {
            u->view = VIEW_EXPLAIN;
        } else if (u->view == VIEW_SEARCH) {
            return UI_REDRAW | UI_OPEN; /* the loop opens the schedule */
        }
        return UI_REDRAW;
    case ACT_COLLAPSE_ALL:
        for (int x = 1; x < pcie_nodes(s->pcie); x++)
            u->collapsed[x] = pcie_node(s->pcie, x)->nchild > 0;
        u->node = 0;
        return UI_REDRAW;
    case ACT_EXPAND_ALL:
        memset(u->collapsed, 0, (size_t)u->ncollapsed);
        return UI_REDRAW;
    case ACT_SEARCH:
        open_prompt(u, PROMPT_FIND, NULL);
        return UI_REDRAW;
    case ACT_SEARCH_NEXT:
        find_next(u, ss);
        return UI_REDRAW;
    case ACT_ADD:
        open_prompt(u, PROMPT_ADD, NULL);
        return UI_REDRAW;
    case ACT_DELETE:
        if (u->flow >= 0) {
            char cmd[32];
            snprintf(cmd, sizeof cmd, "del %d", u->flow + 1);
            return run_command(u, ss, cmd);
        }
        ui_status(u, 1, "no flow to delete");
        return UI_REDRAW;
    case ACT_EDIT:
        if (u->flow < 0) {
            ui_status(u, 1, "no flow to edit: a adds one");
            return UI_REDRAW;
        }
        {
            char text[UI_PROMPT_MAX];
            if (u->field < FCOL_SRC || u->field > FCOL_START)
                u->field = FCOL_SIZE;
            field_text(s, u->flow, u->field, text, sizeof text);
            open_prompt(u, PROMPT_EDIT, text);
        }
        return UI_REDRAW;
    case ACT_COMMAND:
        open_prompt(u, PROMPT_COMMAND, NULL);
        return UI_REDRAW;
    case ACT_UNDO:
        return run_command(u, ss, "undo");
    case ACT_REDO:
        return run_command(u, ss, "redo");
    case ACT_SAVE:
        u->effect_arg[0] = '\0';
        return UI_REDRAW | UI_SAVE;
    case ACT_RELOAD:
        return UI_REDRAW | UI_RELOAD;
    case ACT_THEME:
        u->effect_arg[0] = '\0';
        return UI_REDRAW | UI_THEME;
    case ACT_SORT:
        u->sort_col = (u->sort_col + 1) % FCOL_COUNT;
        ui_status(u, 0, "sorted by %s", col_names[u->sort_col]);
        return UI_REDRAW;
    case ACT_SORT_REVERSE:
        u->sort_rev = !u->sort_rev;
        ui_status(u, 0, "sorted by %s, %s", col_names[u->sort_col],
                  u->sort_rev ? "descending" : "ascending");
        return UI_REDRAW;
    case ACT_STEP_NEXT: {
        int n = nframes(u, ss);
        if (u->frame + 1 < n)
            u->frame++;
        return UI_REDRAW;
    }
    case ACT_STEP_PREV:
        if (u->frame > 0)
            u->frame--;
        return UI_REDRAW;
    case ACT_TIME_NEXT:
        set_step(u, ss, u->step + 1);
        return UI_REDRAW;
    case ACT_TIME_PREV:
        set_step(u, ss, u->step - 1);
        return UI_REDRAW;
    case ACT_RUN_SEARCH:
        u->effect_arg[0] = '\0';
        return UI_REDRAW | UI_SEARCH;
    case ACT_REDRAW:
        return UI_REDRAW;
    default:
        return 0;
    }
}

int
ui_click(struct ui *u, struct session *ss, int x, int y, int button, int w,
         int h)
{
    ui_sync(u, ss);
    if (u->help || u->prompt != PROMPT_NONE)
        return 0;
    if ((button == 4 || button == 5) && u->view < VIEW_FIRST_LINK) {
        move(u, ss, button == 4 ? -3 : 3);
        return UI_REDRAW;
    }
    if (button != 1 && !(u->view >= VIEW_FIRST_LINK && y != 1))
        return 0;
    if (y == 1) { /* the tabs */
        int v = ui_tab_at(ss, w, x);
        if (v < 0)
            return 0;
        u->view = v;
        return UI_REDRAW;
    }
    if (u->view >= VIEW_FIRST_LINK) {
        if (button == 4 || button == 5) {
            for (int i = 0; i < 3; i++)
                nview_key(u, ss, button == 4 ? ACT_UP : ACT_DOWN);
            return UI_REDRAW;
        }
        return 0;
    }
    if (y < 4 || y >= h - 2)
        return 0;
    if (u->view == VIEW_TREE) {
        const struct pcie *p = session_scenario(ss)->pcie;
        int n = tree_rows(p, u->collapsed, NULL, NULL, 1, NULL, 0);
        int row = y - 4 + u->scroll[VIEW_TREE];
        struct tree_row *rows;
        if (row < 0 || row >= n)
            return 0;
        rows = xcalloc((size_t)n, sizeof *rows);
        tree_rows(p, u->collapsed, NULL, NULL, 1, rows, n);
        u->node = rows[row].node;
        free(rows);
        return UI_REDRAW;
    }
    if (u->view == VIEW_FLOWS) {
        const struct scenario *s = session_scenario(ss);
        int row = y - 4 + u->scroll[VIEW_FLOWS], *order;
        if (row < 0 || row >= s->nflows)
            return 0;
        order = xcalloc((size_t)s->nflows, sizeof *order);
        ui_flow_order(u, ss, order);
        u->flow = order[row];
        free(order);
        return UI_REDRAW;
    }
    return 0;
}
