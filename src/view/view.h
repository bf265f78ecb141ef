/*
 * view: the views of the interactive program as a table, like htop's
 * panels and tmux's cmd_entry table. Every view -- the PCIe model's Tree,
 * Flows, ..., the link model's Network, Links, ... -- is one entry of
 * data and function pointers in view_table[] (views.c, one line per
 * view): its name, its tab's title, its family, the size of its own state
 * and the functions that sync, draw, handle a key, a click and a find on
 * that state. A model's entry lists its views by name
 * (model_entry.views); the session's views are those of the models it
 * runs, in model-table order (view_list()).
 *
 * The ui (ui.h) owns one state per entry (allocated from .size, zeroed,
 * then .init) and one per family; they live as long as the ui, so a
 * view's selection survives switching tabs. ui_key() is a dispatcher:
 * the prompt and help first, then switching views, then the current
 * view's key handler, its family's, and last the keys that work
 * everywhere (quit, help, find, command, undo, save, ...).
 *
 * The rules, enforced by the types where C can:
 * - sync brings a view's state in line with the session and its runs: a
 *   time step is evaluated, rows are rebuilt, selections clamped. It
 *   runs before every key and every draw (cheap when nothing changed).
 * - draw gets its state const and the session const (struct
 *   view_draw_ctx): it draws what sync prepared into a clipped struct
 *   cview and writes no state, runs no model.
 * - key, click and find change the state and may edit the session; they
 *   return UI_* effects (ui.h), or VIEW_NOT_MINE to pass the key on.
 *
 * A family is the views of one model (view/pcie: pview_*, view/net:
 * nview_*): the state they share (the PCIe views' selected flow and
 * time step), the keys they share, the title bar's right side and the key
 * hints when the family's model comes first. A family's files include
 * their own family's headers, never the other family's (make layers).
 *
 * To add a view: its file (family/prefix_NAME.c) defining its state and
 * `const struct view_entry prefix_NAME_entry`, one line in views.c, and
 * its name in its model's entry (model_entry.views). Its keys, if any,
 * are lines of the key table (keys.c) naming the view.
 */
#ifndef RHO_VIEW_VIEW_H
#define RHO_VIEW_VIEW_H

#include <stddef.h>

#include "core/base/rho_err.h"
#include "core/search.h"
#include "core/session.h"
#include "view/canvas.h"

#define VIEW_MAX 32 /* entries in view_table, at most */

/* What a key, click or find handler returns for what is not its own: the
   dispatcher passes it on (to the family, then the global keys). */
#define VIEW_NOT_MINE (-1)

struct ui; /* view/ui.h */

/* What a view's sync, key, click and find get. */
struct view_ctx {
    struct session *ss; /* may be edited (through ui_command(), ui.h) */
    struct ui *u;       /* the global state: ui_status(), ui_show(),
                           ui_prompt(), ui_command(), effect_arg */
    void *fam;          /* the family's shared state, or NULL */
    int w, h;           /* the view's rectangle at the last draw (0 before
                           the first): scroll windows, clicks */
};

/* What the loop (tui/app.c) runs besides the session and the views show:
   the schedule search. */
struct view_env {
    const struct search_result *search; /* the last one of this scenario,
                                           or NULL */
    int searching;                      /* one runs now */
    long long search_done, search_total;
    double search_rate; /* schedules per second */
};

/* What a view's draw gets: everything read only. */
struct view_draw_ctx {
    const struct session *ss;
    const void *fam;            /* the family's shared state, or NULL */
    const struct view_env *env; /* never NULL */
    const char *hidden;         /* per item (flow) of the scenario: its
                                   numbers show as "?" while a lesson's
                                   question about them is open; NULL:
                                   none hidden */
};

/* A key and what it does, for the hint line: {"F1", "Help"}. */
struct view_hint {
    const char *key, *label;
};

/* The views of one model. Every function may be NULL. */
struct view_family {
    const char *name; /* "pcie", "link" */
    size_t size;      /* its shared state (0: none) */
    void (*init)(void *fam);
    void (*fini)(void *fam);

    /* Sync the shared state (before a view's own sync). Every family of
       the session's views is synced before every key and draw. */
    void (*sync)(void *fam, struct view_ctx *vc);

    /* The keys its views share, after a view's own handler passed: UI_*
       effects or VIEW_NOT_MINE. */
    int (*key)(void *fam, struct view_ctx *vc, int act);

    /* '/', 'n' and 'N' in a view without find of its own, as
       view_entry.find: 1 found, 0 not (the status line says which). */
    int (*find)(void *fam, struct view_ctx *vc, const char *text, int dir);

    /* Select item (0-based; -1: leave it) and the moment t (NaN: leave
       it), as `rho --dump --explain N --at T` asks: 0, or -1 with err
       filled. */
    int (*select)(void *fam, struct view_ctx *vc, int item, double t,
                  struct rho_err *err);

    /* The title bar's right side when the family's model comes first
       ("step 1/2  0 s–36.08 ms"), into buf; NULL: the frame's own (the
       first model's title, or that a run computes). */
    void (*title)(const void *fam, const struct view_draw_ctx *dc, char *buf,
                  size_t n);

    /* Show time step tstep (0-based; -1: leave it) and select item
       (0-based; -1: leave it), as a lesson's step asks where to look: 0,
       or -1 with err filled. NULL: the family has neither. */
    int (*focus)(void *fam, struct view_ctx *vc, int item, int tstep,
                 struct rho_err *err);

    /* The number a lesson's exercise asks a class to predict (lview.h):
       item's (0-based) factor in time step tstep (0-based) after frame
       (a spec as view_entry.frame takes it; NULL: the last frame), into
       *v, and what that number is in words into where (n bytes; may be
       NULL): 0, or -1 with err filled. NULL: the family's model sets no
       exercises. */
    int (*value)(struct session *ss, int item, int tstep, const char *frame,
                 double *v, char *where, size_t n, struct rho_err *err);

    const struct view_hint *hints; /* the hint line when its model comes
                                      first, {NULL} terminated; NULL: the
                                      frame's */

    /* After a view of the family drew into v: what the family lays over
       what it drew (the link views dim a result that is not the current
       scenario's while the new one computes). NULL: nothing. */
    void (*overlay)(const void *fam, const struct cview *v,
                    const struct view_draw_ctx *dc);
};

struct view_entry {
    const char *name;  /* "tree": what model entries list and --dump
                          takes, and where its keys apply (keys.c) */
    const char *title; /* "Tree": its tab */
    const struct view_family *family; /* NULL: none */

    size_t size;            /* its state (0: none), zeroed, then: */
    void (*init)(void *st); /* NULL: all zero is its initial state */
    void (*fini)(void *st); /* NULL: nothing to release */

    /* Bring st in line with the session (after the family's sync). */
    void (*sync)(void *st, struct view_ctx *vc);

    /* Draw st into v (its rectangle: everything between the tabs and
       the status line), clipped. */
    void (*draw)(const void *st, const struct cview *v,
                 const struct view_draw_ctx *dc);

    /* A key's action (enum key_action): UI_* effects or VIEW_NOT_MINE. */
    int (*key)(void *st, struct view_ctx *vc, int act);

    /* Button 1, or the wheel (4 up, 5 down), at (col, row) of the view's
       rectangle (outside it for the wheel over the title or status):
       UI_* effects, or VIEW_NOT_MINE (the wheel then moves: three
       ACT_UP or ACT_DOWN). */
    int (*click)(void *st, struct view_ctx *vc, int col, int row, int button);

    /* '/' and 'n' (dir 1), 'N' (dir -1): select the next match of text
       after the selection (dir -1: the one before it), wrapping past the
       last (first); 1 found, 0 not; the status line says which, and that
       it wrapped (ui_find_step()). NULL: the family's. */
    int (*find)(void *st, struct view_ctx *vc, const char *text, int dir);

    /* Whether the session has something for the view (NULL: always):
       view_list() leaves it out otherwise -- the Lesson view, of a
       scenario with a lesson. */
    int (*shown)(const struct session *ss);
    int opens; /* the ui opens on this view when the session has it */

    /* A view that steps through frames (the Stepper): how many st holds
       after its sync (0: none now). NULL: the view has no frames. */
    int (*frames)(const void *st);

    /* Show the frame spec names -- a number from 1, a step ("D8"), a
       port ("C SB->K2") -- as --frame and a lesson's focus ask: 0, or -1
       with err filled. NULL: the view has no frames. */
    int (*frame)(void *st, struct view_ctx *vc, const char *spec,
                 struct rho_err *err);
};

/* The views, in no particular order (a model entry orders its tabs);
   NULL-terminated. One line per view (views.c). */
extern const struct view_entry *const view_table[];

/* The number of entries of view_table (< VIEW_MAX). */
int view_count(void);

/* The index in view_table of the view called name, or -1. */
int view_find(const char *name);

/* The name of view k of the table ("?" outside). */
const char *view_name(int k);

/*
 * The views of the models ss runs (model_entry.views), in model-table
 * order, as indices into view_table, into views[VIEW_MAX]; returns how
 * many. A name the table does not have gets no tab, nor does a view
 * whose shown() says no, and a view two models list appears once.
 * Cheap: no copies.
 */
int view_list(const struct session *ss, int *views);

/* The first model ss runs whose entry lists view v (the model a screen
   of v shows), or NULL. */
const struct model_entry *view_model(const struct session *ss, int v);

#endif
