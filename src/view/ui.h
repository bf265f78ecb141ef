/*
 * ui: the state of the interactive program that belongs to no view --
 * which view is shown, the help overlay, the prompt being typed, the
 * status line, the effects asked of the loop -- and the dispatcher that
 * hands keys, clicks and finds to the views through the view table
 * (view.h). The views' own state is theirs: the ui holds one per entry
 * of the table and one per family, and knows nothing of what is in them.
 *
 * The terminal loop (tui/) reads a key, calls ui_key(), carries out the
 * effects it returns (save, reload, theme, search, open) and redraws
 * (screen.h). Tests drive a ui with key codes and no terminal at all.
 */
#ifndef RHO_VIEW_UI_H
#define RHO_VIEW_UI_H

#include "core/base/rho_err.h"
#include "core/session.h"
#include "view/keys.h"
#include "view/view.h"

/* The screen's rows, as screen.c draws them: the title bar, the tabs,
   from UI_ROW_BODY to h - 3 the current view, then the status line (or
   the prompt) and the key hints. */
enum { UI_ROW_TITLE = 0, UI_ROW_TABS = 1, UI_ROW_BODY = 2 };

enum prompt_mode {
    PROMPT_NONE,
    PROMPT_COMMAND, /* ':' */
    PROMPT_FIND,    /* '/' */
    PROMPT_VIEW     /* a view's own (ui_prompt()): 'e' edits a flow */
};

/* What the loop must do after a key (bits). */
enum {
    UI_REDRAW = 1,
    UI_QUIT = 2,
    UI_SAVE = 4, /* path in ui->effect_arg ("" = the scenario's file) */
    UI_RELOAD = 8,
    UI_THEME = 16,  /* name in ui->effect_arg ("" = the next theme) */
    UI_SEARCH = 32, /* start the schedule search */
    UI_OPEN = 64,   /* open the schedule named in ui->effect_arg
                       ("fastest", "median", "slowest", "baseline") */
    UI_EXPORT = 128, /* write the screen as an SVG (rho-VIEW-NN.svg, the
                        first number free) for a slide */
    UI_STOP = 256    /* Esc: stop the schedule search if it runs (the
                        models' runs are stopped already) */
};

#define UI_PROMPT_MAX 256

/* What a view's prompt does with the line typed (Enter): UI_* effects.
   st is what the view gave ui_prompt(). */
typedef int ui_prompt_fn(void *st, struct view_ctx *vc, const char *line);

struct ui {
    int view; /* the current view: an index into view_table, -1: none */
    int tabs[VIEW_MAX]; /* the session's views in tab order (view_list()),
                           as of the last ui_sync() */
    int ntabs;
    int help; /* the help overlay is up */
    int help_scroll;
    int quit_armed; /* 'q' with unsaved edits: a second 'q' quits */
    struct view_env env; /* the loop's, as of the last screen_draw(): what
                            a key acts on is what the screen showed */
    int cycle; /* the last of a routing and a placement edit (enum
                  command_cycle; 0: neither yet): what the explorer looks
                  ahead to */

    /* the prompt */
    int prompt;                /* enum prompt_mode */
    char label[UI_PROMPT_MAX]; /* what the prompt line starts with */
    char line[UI_PROMPT_MAX];
    int len, cur;
    char find[UI_PROMPT_MAX]; /* the last '/' text */
    ui_prompt_fn *prompt_fn;  /* PROMPT_VIEW: its view's */
    void *prompt_st;
    int prompt_view;

    /* messages */
    char status[256];
    int status_error;
    double status_at; /* when it was set (rho_wall()): a run's routine
                         word waits while a key's message is fresh */
    char effect_arg[1024];

    /* the current view's rectangle at the last draw (screen_draw() sets
       it): the views' scroll windows and clicks */
    int body_w, body_h;
    int screen_w, screen_h; /* the whole screen at the last draw */

    int pending; /* the current view waits for something computing off
                    the loop (the Metrics view's indicators): the loop
                    redraws every tick, ui_settle() waits; each ui_sync()
                    clears it and the view's sync sets it again
                    (ui_pending()) */

    /* the views' states (owned): one per entry of view_table, by index,
       and one per family of the table */
    void *state[VIEW_MAX];
    struct ui_family {
        const struct view_family *family;
        void *state;
    } fam[VIEW_MAX];
    int nfam;
};

/* Set up u (caller's storage) for ss: every view's and family's state,
   then ui_sync() (the session's first view is shown). Release with
   ui_fini(). */
void ui_init(struct ui *u, struct session *ss);
void ui_fini(struct ui *u);

/* The name of the current view (where its keys apply: keys_action()),
   or NULL when there is none. */
const char *ui_scope(const struct ui *u);

/*
 * Handle one key (a code from keys.h). Returns UI_* bits. In turn: the
 * prompt or the help overlay when up; the keys that switch views; the
 * current view's handler; its family's; the keys that work everywhere
 * (quit, help, find, command, undo, redo, save, reload, theme, routing,
 * placement). Edits go to the session; their outcome is in u->status.
 */
int ui_key(struct ui *u, struct session *ss, int key);

/*
 * A mouse click (button 1) or wheel (4 up, 5 down) at (x, y) of a w x h
 * screen drawn by screen_draw(): a tab switches views; the rest goes to
 * the current view (its click, else the wheel moves). Returns UI_* bits.
 */
int ui_click(struct ui *u, struct session *ss, int x, int y, int button, int w,
             int h);

/*
 * Bring the ui in line with the session after it changed (an edit, an
 * undo, a reload, a finished run): the current view one the session has,
 * then every family of the session's views, then the current view (their
 * sync functions). Call before drawing; ui_key() and ui_click() call it.
 * Cheap when nothing changed.
 */
void ui_sync(struct ui *u, struct session *ss);

/* ui_sync() until the current view waits for nothing (u->pending): what
   --dump and the tests draw is complete, never "computing". */
void ui_settle(struct ui *u, struct session *ss);

/*
 * Select item (0-based; -1: leave the selection) and the moment t (NaN:
 * leave it) in every family of the session that selects items, as `rho
 * --dump --explain N --at T` asks. Returns 0, or -1 with err filled ("the
 * scenario has 4 flows"; an item where no family selects any).
 */
int ui_goto(struct ui *u, struct session *ss, int item, double t,
            struct rho_err *err);

/* The frames of the current view (view_entry.frames, after ui_sync()):
   0 when it has none. */
int ui_frames(struct ui *u, struct session *ss);

/* Show frame spec of the current view (view_entry.frame): 0, or -1 with
   err filled (the view has no frames, or none such). */
int ui_frame(struct ui *u, struct session *ss, const char *spec,
             struct rho_err *err);

/* Set the status line (error: shown as an error). */
void ui_status(struct ui *u, int error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- for the views ---- */

/* From a view's sync: it waits for something computing off the loop
   (u->pending). */
void ui_pending(struct ui *u);

/* Show the view called name if the session has it: 0, or -1. */
int ui_show(struct ui *u, const struct session *ss, const char *name);

/* The state of the view called name, or of family f (borrowed for the
   ui's life); NULL when it has none. */
void *ui_state(struct ui *u, const char *name);
void *ui_family_state(const struct ui *u, const struct view_family *f);

/*
 * Open a prompt for the current view: the line starts with label, holds
 * text (NULL: empty) to edit, and Enter hands it to fn(st, ...) if the
 * view is still the current one.
 */
void ui_prompt(struct ui *u, const char *label, const char *text,
               ui_prompt_fn *fn, void *st);

/* 1 when a prompt is open and its line holds UI_PROMPT_MAX - 1
   characters: a character typed more is refused (the prompt line says
   so), not cut. */
int ui_prompt_full(const struct ui *u);

/* Close a view's open prompt (an 'e' edit names a flow by its number,
   which a reload may give another flow). Returns 1 when one was open. */
int ui_prompt_drop(struct ui *u);

/* Run a ':' command line on the session (view/command.h): its effect,
   the status line says what happened. */
int ui_command(struct ui *u, struct session *ss, const char *line);

/* Run the find of the view called name (after its sync) on its state,
   in direction dir (1 next, -1 previous); on a match show that view.
   Returns 1 found, else 0. */
int ui_find_in(struct ui *u, struct session *ss, const char *name,
               const char *text, int dir);

/*
 * A find's k-th candidate (k = 1..n) among n items from the selected one
 * (from; outside 0..n-1: none selected) in direction dir (1 next, -1
 * previous), wrapping: its index. *wrapped becomes 1 when the candidate
 * is past the last item (dir -1: before the first), for the status line
 * (ui_found()).
 */
int ui_find_step(int from, int k, int n, int dir, int *wrapped);

/* The status line of a find that selected what (a name: "found what",
   and ", wrapped" after a wrap). */
void ui_found(struct ui *u, int wrapped, const char *what);

#endif
