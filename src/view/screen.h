/*
 * screen: the frame of the interactive screen, drawn into a canvas --
 * the title bar, the view tabs (tabs.h), the current view's body through
 * the view table (view.h), a pane for the last script error, the status
 * or prompt line, the key hints and the help overlay -- from a session
 * and the ui. Pure, so `rho --dump WxH:VIEW FILE` prints exactly what the
 * terminal shows, and golden screens need no terminal.
 */
#ifndef RHO_VIEW_SCREEN_H
#define RHO_VIEW_SCREEN_H

#include "core/base/strbuf.h"
#include "core/session.h"
#include "view/canvas.h"
#include "view/ui.h"
#include "view/view.h"

#define SCREEN_MIN_W 60
#define SCREEN_MIN_H 16

/* What the screen shows besides the session and the ui. */
struct screen_ctx {
    struct session *ss;
    struct ui *u;
    const char *theme;   /* the theme's name; may be NULL */
    const char *error;   /* the last reload's script error, or NULL: shown
                            in a pane while the last good result stays */
    struct view_env env; /* the schedule search, for the views */
    /* the models' results, busy runs and errors are the session's
       (session_run()) */
};

/*
 * Bring the ui in line with the session for a screen the size of c (the
 * current view's rectangle into u->body_w, u->body_h, then ui_sync()),
 * then draw everything into c. Only the first part writes state: the
 * views draw with their state const.
 */
void screen_draw(struct canvas *c, const struct screen_ctx *x);

/* A terminal smaller than SCREEN_MIN_W x SCREEN_MIN_H: says so in as much
   of "terminal too small: 10x5, rho needs 60x16" as fits on one line
   (down to "60x16"), centred, never a word a line. */
void screen_draw_small(struct canvas *c);

/* The screen while the explorer's first load of the script runs. */
struct screen_loading {
    const char *path; /* the script */
    double seconds;   /* since the load started */
    int help;         /* the help box is up */
};

/* Draw the loading screen into c: the title bar with the script, the time
   the load has taken, the keys that answer (q, F1), and the help box when
   l->help. Needs no session. */
void screen_draw_loading(struct canvas *c, const struct screen_loading *l);

/* The help overlay's text (the key table, with a heading). */
void screen_help_text(struct strbuf *out);

/*
 * The help overlay on a screen of w x h: its text wrapped to the box
 * (a key's description goes on under itself) into out, a line per row,
 * and the rows the box shows at once into *page. Returns the rows.
 */
int screen_help_lines(int w, int h, struct strbuf *out, int *page);

#endif
