/*
 * ui: the global state and the dispatcher. See ui.h.
 *
 * Keys become actions through the key table (keys.c), in the current
 * view's name; an action goes to the current view, its family, then the
 * global keys below -- each through the view table, so nothing here
 * names a view or a model. Edits go through view/command.c, the same
 * code as the ':' line.
 */
#include "view/ui.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/base/rho_alloc.h"
#include "core/base/strbuf.h"
#include "view/command.h"
#include "view/screen.h"
#include "view/tabs.h"

void
ui_status(struct ui *u, int error, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(u->status, sizeof u->status, fmt, ap);
    va_end(ap);
    u->status_error = error;
    u->status_at = rho_wall();
}

/* ---- the views' states ---- */

/* The index of family f in u->fam, or -1. */
static int
fam_index(const struct ui *u, const struct view_family *f)
{
    for (int i = 0; i < u->nfam; i++)
        if (u->fam[i].family == f)
            return i;
    return -1;
}

void *
ui_family_state(const struct ui *u, const struct view_family *f)
{
    int i = f != NULL ? fam_index(u, f) : -1;

    return i >= 0 ? u->fam[i].state : NULL;
}

void *
ui_state(struct ui *u, const char *name)
{
    int v = view_find(name);

    return v >= 0 ? u->state[v] : NULL;
}

/* The current view's entry, or NULL. */
static const struct view_entry *
current(const struct ui *u)
{
    return u->view >= 0 ? view_table[u->view] : NULL;
}

/* A handler's context for view v. */
static struct view_ctx
ctx_of(struct ui *u, struct session *ss, int v)
{
    struct view_ctx vc = {ss, u, NULL, u->body_w, u->body_h};

    if (v >= 0)
        vc.fam = ui_family_state(u, view_table[v]->family);
    return vc;
}

void
ui_init(struct ui *u, struct session *ss)
{
    memset(u, 0, sizeof *u);
    for (int k = 0; view_table[k] != NULL; k++) {
        const struct view_entry *e = view_table[k];
        const struct view_family *f = e->family;
        if (e->size > 0)
            u->state[k] = xcalloc(1, e->size);
        if (e->init)
            e->init(u->state[k]);
        if (f == NULL || fam_index(u, f) >= 0)
            continue;
        u->fam[u->nfam].family = f;
        if (f->size > 0)
            u->fam[u->nfam].state = xcalloc(1, f->size);
        if (f->init)
            f->init(u->fam[u->nfam].state);
        u->nfam++;
    }
    u->view = -1; /* ui_sync: the first view the session has */
    ui_sync(u, ss);
}

void
ui_fini(struct ui *u)
{
    for (int k = 0; view_table[k] != NULL; k++) {
        if (view_table[k]->fini)
            view_table[k]->fini(u->state[k]);
        free(u->state[k]);
        u->state[k] = NULL;
    }
    for (int i = 0; i < u->nfam; i++) {
        if (u->fam[i].family->fini)
            u->fam[i].family->fini(u->fam[i].state);
        free(u->fam[i].state);
    }
    u->nfam = 0;
}

const char *
ui_scope(const struct ui *u)
{
    return u->view >= 0 ? view_table[u->view]->name : NULL;
}

/* The families of the session's views (as of the last ui_sync()), in
   tab order, as indices into u->fam; returns how many. */
static int
families(const struct ui *u, int *out)
{
    int n = 0;

    for (int k = 0; k < u->ntabs; k++) {
        int i = fam_index(u, view_table[u->tabs[k]]->family), seen = 0;
        for (int j = 0; j < n; j++)
            seen |= out[j] == i;
        if (i >= 0 && !seen)
            out[n++] = i;
    }
    return n;
}

void
ui_sync(struct ui *u, struct session *ss)
{
    int ok = 0, fam[VIEW_MAX], nf;
    const struct view_entry *e;

    u->pending = 0;
    u->ntabs = view_list(ss, u->tabs);
    for (int k = 0; k < u->ntabs; k++)
        ok |= u->tabs[k] == u->view;
    if (!ok) { /* the first time, or a reload changed the kind of
                  scenario: the view that opens, else the first */
        u->view = u->ntabs > 0 ? u->tabs[0] : -1;
        for (int k = u->ntabs - 1; k >= 0; k--)
            if (view_table[u->tabs[k]]->opens)
                u->view = u->tabs[k];
    }
    nf = families(u, fam);
    for (int i = 0; i < nf; i++) {
        const struct ui_family *f = &u->fam[fam[i]];
        struct view_ctx vc = {ss, u, f->state, u->body_w, u->body_h};
        if (f->family->sync)
            f->family->sync(f->state, &vc);
    }
    if ((e = current(u)) != NULL && e->sync) {
        struct view_ctx vc = ctx_of(u, ss, u->view);
        e->sync(u->state[u->view], &vc);
    }
}

void
ui_settle(struct ui *u, struct session *ss)
{
    const struct timespec tick = {0, 5 * 1000 * 1000};

    for (ui_sync(u, ss); u->pending; ui_sync(u, ss))
        nanosleep(&tick, NULL);
}

void
ui_pending(struct ui *u)
{
    u->pending = 1;
}

int
ui_goto(struct ui *u, struct session *ss, int item, double t,
        struct rho_err *err)
{
    int fam[VIEW_MAX], nf, selects = 0;

    ui_sync(u, ss);
    nf = families(u, fam);

    for (int i = 0; i < nf; i++) {
        const struct ui_family *f = &u->fam[fam[i]];
        struct view_ctx vc = {ss, u, f->state, u->body_w, u->body_h};
        if (f->family->select == NULL)
            continue;
        selects = 1;
        if (f->family->select(f->state, &vc, item, t, err) != 0)
            return -1;
    }
    if (item >= 0 && !selects)
        return rho_err_set(err, RHO_EINPUT, "no view here selects an item");
    return 0;
}

int
ui_frames(struct ui *u, struct session *ss)
{
    const struct view_entry *e;

    ui_sync(u, ss);
    e = current(u);
    return e != NULL && e->frames ? e->frames(u->state[u->view]) : 0;
}

int
ui_frame(struct ui *u, struct session *ss, const char *spec,
         struct rho_err *err)
{
    const struct view_entry *e;
    struct view_ctx vc;

    ui_sync(u, ss);
    if ((e = current(u)) == NULL || e->frame == NULL)
        return rho_err_set(err, RHO_EINPUT,
                           "the %s view has no frames (the stepper has)",
                           e != NULL ? e->name : "current");
    vc = ctx_of(u, ss, u->view);
    return e->frame(u->state[u->view], &vc, spec, err);
}

int
ui_show(struct ui *u, const struct session *ss, const char *name)
{
    int views[VIEW_MAX], nv = view_list(ss, views), v = view_find(name);

    for (int k = 0; k < nv; k++)
        if (views[k] == v) {
            u->view = v;
            return 0;
        }
    return -1;
}

/* ---- find ---- */

int
ui_find_step(int from, int k, int n, int dir, int *wrapped)
{
    int i;

    if (n <= 0)
        return 0;
    if (from < 0 || from >= n)
        from = dir < 0 ? n : -1;
    i = from + (dir < 0 ? -k : k);
    if (i < 0 || i >= n)
        *wrapped = 1;
    return ((i % n) + n) % n;
}

void
ui_found(struct ui *u, int wrapped, const char *what)
{
    ui_status(u, 0, "found %s%s", what, wrapped ? ", wrapped" : "");
}

/* The find of view v (its own, else its family's) on text: 1 found. */
static int
find_in(struct ui *u, struct session *ss, int v, const char *text, int dir)
{
    const struct view_entry *e = view_table[v];
    struct view_ctx vc = ctx_of(u, ss, v);

    if (e->find)
        return e->find(u->state[v], &vc, text, dir);
    if (e->family && e->family->find)
        return e->family->find(vc.fam, &vc, text, dir);
    ui_status(u, 1, "'%s': the %s view finds nothing", text, e->title);
    return 0;
}

int
ui_find_in(struct ui *u, struct session *ss, const char *name, const char *text,
           int dir)
{
    int v = view_find(name);
    struct view_ctx vc;

    if (v < 0)
        return 0;
    vc = ctx_of(u, ss, v);
    if (view_table[v]->sync)
        view_table[v]->sync(u->state[v], &vc);
    if (find_in(u, ss, v, text, dir) != 1)
        return 0;
    ui_show(u, ss, name);
    return 1;
}

static void
find_next(struct ui *u, struct session *ss, int dir)
{
    if (u->find[0] == '\0')
        ui_status(u, 1, "no find yet: / first");
    else if (u->view >= 0)
        find_in(u, ss, u->view, u->find, dir);
}

/* ---- the help overlay ---- */

/* A key while help is up: scroll and page it (as the screen lays it
   out at the last draw), or close it. */
static int
help_key(struct ui *u, int key)
{
    struct strbuf sb;
    int page, n, last;

    strbuf_init(&sb);
    n = screen_help_lines(u->screen_w > 0 ? u->screen_w : 80,
                          u->screen_h > 0 ? u->screen_h : 24, &sb, &page);
    strbuf_fini(&sb);
    last = n - page > 0 ? n - page : 0;
    if (u->help_scroll > last)
        u->help_scroll = last;
    switch (key) {
    case RK_DOWN:
    case 'j':
        u->help_scroll++;
        break;
    case RK_UP:
    case 'k':
        u->help_scroll--;
        break;
    case ' ':
    case RK_PGDN:
    case 'f':
        u->help_scroll += page - 1 > 1 ? page - 1 : 1;
        break;
    case RK_PGUP:
    case 'b':
        u->help_scroll -= page - 1 > 1 ? page - 1 : 1;
        break;
    case RK_HOME:
    case 'g':
        u->help_scroll = 0;
        break;
    case RK_END:
    case 'G':
        u->help_scroll = last;
        break;
    default:
        u->help = 0;
        return UI_REDRAW;
    }
    if (u->help_scroll > last)
        u->help_scroll = last;
    if (u->help_scroll < 0)
        u->help_scroll = 0;
    return UI_REDRAW;
}

/* ---- the prompt ---- */

static void
open_prompt(struct ui *u, int mode, const char *label, const char *text)
{
    u->prompt = mode;
    snprintf(u->label, sizeof u->label, "%s", label);
    snprintf(u->line, sizeof u->line, "%s", text ? text : "");
    u->len = u->cur = (int)strlen(u->line);
}

void
ui_prompt(struct ui *u, const char *label, const char *text, ui_prompt_fn *fn,
          void *st)
{
    open_prompt(u, PROMPT_VIEW, label, text);
    u->prompt_fn = fn;
    u->prompt_st = st;
    u->prompt_view = u->view;
}

int
ui_command(struct ui *u, struct session *ss, const char *line)
{
    struct command_result r;
    struct rho_err err;
    int armed = u->quit_armed;

    u->quit_armed = 0;
    if (command_run(ss, line, &r, &err) != 0) {
        ui_status(u, 1, "%s", err.msg);
        return UI_REDRAW;
    }
    snprintf(u->effect_arg, sizeof u->effect_arg, "%s", r.arg);
    if (r.cycle != 0)
        u->cycle = r.cycle;
    switch (r.kind) {
    case CMD_SAVE:
        return UI_REDRAW | UI_SAVE;
    case CMD_RELOAD:
        return UI_REDRAW | UI_RELOAD;
    case CMD_THEME:
        return UI_REDRAW | UI_THEME;
    case CMD_QUIT: /* as q: unsaved edits are asked about first */
        if (session_dirty(ss) && !armed) {
            u->quit_armed = 1;
            ui_status(u, 1,
                      "unsaved edits: :q (or q) again quits without saving, "
                      "s saves");
            return UI_REDRAW;
        }
        return UI_QUIT;
    case CMD_SEARCH:
        return UI_REDRAW | UI_SEARCH;
    case CMD_EDIT:
        ui_status(u, r.warn, "%s", r.msg);
        ui_sync(u, ss);
        return UI_REDRAW;
    default:
        return UI_REDRAW;
    }
}

static int
submit(struct ui *u, struct session *ss)
{
    int mode = u->prompt;

    u->prompt = PROMPT_NONE;
    switch (mode) {
    case PROMPT_COMMAND:
        return ui_command(u, ss, u->line);
    case PROMPT_FIND:
        snprintf(u->find, sizeof u->find, "%s", u->line);
        find_next(u, ss, 1);
        return UI_REDRAW;
    case PROMPT_VIEW:
        if (u->prompt_fn != NULL && u->prompt_view == u->view) {
            struct view_ctx vc = ctx_of(u, ss, u->view);
            return u->prompt_fn(u->prompt_st, &vc, u->line);
        }
        return UI_REDRAW;
    }
    return UI_REDRAW;
}

int
ui_prompt_full(const struct ui *u)
{
    return u->prompt != PROMPT_NONE && u->len + 1 >= UI_PROMPT_MAX;
}

int
ui_prompt_drop(struct ui *u)
{
    if (u->prompt != PROMPT_VIEW)
        return 0;
    u->prompt = PROMPT_NONE;
    return 1;
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
        if (key < 32 || key >= 127)
            return UI_REDRAW;
        if (ui_prompt_full(u))
            return UI_REDRAW; /* refused: the prompt line says it is full
                                 (screen.c), a paste is not cut unseen */
        memmove(u->line + u->cur + 1, u->line + u->cur,
                (size_t)(u->len - u->cur + 1));
        u->line[u->cur++] = (char)key;
        u->len++;
        return UI_REDRAW;
    }
}

/* ---- keys ---- */

/* The global keys that run a command line, and those that ask the loop
   for an effect (effect_arg cleared: the defaults). */
static const struct {
    int act;
    const char *line;
} act_command[] = {
    {ACT_UNDO, "undo"},
    {ACT_REDO, "redo"},
    {ACT_ROUTING, "routing next"},
    {ACT_PLACEMENT, "placement next"},
};

static const struct {
    int act, fx;
} act_effect[] = {
    {ACT_SAVE, UI_REDRAW | UI_SAVE},
    {ACT_RELOAD, UI_REDRAW | UI_RELOAD},
    {ACT_THEME, UI_REDRAW | UI_THEME},
    {ACT_REDRAW, UI_REDRAW},
    {ACT_EXPORT, UI_REDRAW | UI_EXPORT},
};

/* 1-9 and 0, Tab and Shift-Tab: the session's views in tab order. Returns UI_*
   effects, or VIEW_NOT_MINE for another action. */
static int
switch_view(struct ui *u, int act)
{
    const int *views = u->tabs;
    int nv = u->ntabs, cur;

    for (cur = 0; cur < nv && views[cur] != u->view; cur++)
        ;
    if (act >= ACT_VIEW_1 && act <= ACT_VIEW_10) {
        if (act - ACT_VIEW_1 < nv)
            u->view = views[act - ACT_VIEW_1];
        return UI_REDRAW;
    }
    if (act != ACT_NEXT_VIEW && act != ACT_PREV_VIEW)
        return VIEW_NOT_MINE;
    if (nv > 0) {
        cur = cur >= nv ? 0 : cur;
        u->view = views[(cur + (act == ACT_NEXT_VIEW ? 1 : nv - 1)) % nv];
    }
    return UI_REDRAW;
}

/* act in the current view: its handler, then its family's. */
static int
view_act(struct ui *u, struct session *ss, int act)
{
    const struct view_entry *e = current(u);
    struct view_ctx vc;
    int fx;

    if (e == NULL)
        return VIEW_NOT_MINE;
    vc = ctx_of(u, ss, u->view);
    if (e->key && (fx = e->key(u->state[u->view], &vc, act)) != VIEW_NOT_MINE)
        return fx;
    if (e->family && e->family->key)
        return e->family->key(vc.fam, &vc, act);
    return VIEW_NOT_MINE;
}

/* What works everywhere, after the view and its family passed. */
static int
global_key(struct ui *u, struct session *ss, int act, int armed)
{
    for (size_t i = 0; i < sizeof act_command / sizeof act_command[0]; i++)
        if (act_command[i].act == act)
            return ui_command(u, ss, act_command[i].line);
    for (size_t i = 0; i < sizeof act_effect / sizeof act_effect[0]; i++)
        if (act_effect[i].act == act) {
            u->effect_arg[0] = '\0';
            return act_effect[i].fx;
        }
    switch (act) {
    case ACT_NONE:
        return 0;
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
    case ACT_SEARCH:
        open_prompt(u, PROMPT_FIND, "/", NULL);
        return UI_REDRAW;
    case ACT_SEARCH_NEXT:
    case ACT_SEARCH_PREV:
        find_next(u, ss, act == ACT_SEARCH_NEXT ? 1 : -1);
        return UI_REDRAW;
    case ACT_COMMAND:
        u->quit_armed = armed; /* (q, then :q, quits) */
        open_prompt(u, PROMPT_COMMAND, ":", NULL);
        return UI_REDRAW;
    case ACT_STOP: {
        const struct model_entry *m;
        char what[160] = "";
        size_t len = 0;
        for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
            struct session_run r;
            if (session_run(ss, m, &r) == 0 && r.busy && len < sizeof what)
                len += (size_t)snprintf(what + len, sizeof what - len,
                                        "%sthe %s", len ? " and " : "",
                                        m->title);
        }
        if (session_stop(ss) > 0)
            ui_status(u, 0,
                      "stopped %s: the last result stays, dimmed, until "
                      "the next edit runs it again",
                      what);
        else
            ui_status(u, 0, "nothing is computing");
        return UI_REDRAW | UI_STOP;
    }
    default: /* another view's action: nothing here */
        return UI_REDRAW;
    }
}

int
ui_key(struct ui *u, struct session *ss, int key)
{
    int act, armed = u->quit_armed, fx;

    ui_sync(u, ss);
    if (key == RK_RESIZE)
        return UI_REDRAW;
    if (u->prompt != PROMPT_NONE)
        return prompt_key(u, ss, key);
    if (u->help)
        return help_key(u, key);
    u->quit_armed = 0;
    act = keys_action(key, ui_scope(u));
    if ((fx = switch_view(u, act)) != VIEW_NOT_MINE)
        return fx;
    if ((fx = view_act(u, ss, act)) != VIEW_NOT_MINE)
        return fx;
    return global_key(u, ss, act, armed);
}

int
ui_click(struct ui *u, struct session *ss, int x, int y, int button, int w,
         int h)
{
    const struct view_entry *e;
    int fx = VIEW_NOT_MINE;

    (void)h;
    ui_sync(u, ss);
    if (u->help || u->prompt != PROMPT_NONE)
        return 0;
    if (y == UI_ROW_TABS) { /* the tab bar is the frame's */
        int v = button == 1 ? tabs_at(u->tabs, u->ntabs, w, u->view, x) : -1;
        if (v < 0)
            return 0;
        u->view = v;
        return UI_REDRAW;
    }
    if ((e = current(u)) == NULL)
        return 0;
    if (e->click) {
        struct view_ctx vc = ctx_of(u, ss, u->view);
        fx = e->click(u->state[u->view], &vc, x, y - UI_ROW_BODY, button);
    }
    if (fx != VIEW_NOT_MINE)
        return fx;
    if (button == 4 || button == 5) {
        for (int i = 0; i < 3; i++)
            view_act(u, ss, button == 4 ? ACT_UP : ACT_DOWN);
        return UI_REDRAW;
    }
    return 0;
}
