/*
 * screen: the whole interactive screen drawn into a canvas -- title bar,
 * view tabs, the body of the current view, the status or prompt line and
 * the key hints -- from a session and the ui state. Pure, so `rho --dump
 * WxH VIEW FILE` prints exactly what the terminal shows, and golden
 * screens need no terminal.
 */
#ifndef RHO_VIEW_SCREEN_H
#define RHO_VIEW_SCREEN_H

#include "core/search.h"
#include "core/session.h"
#include "view/canvas.h"
#include "view/ui.h"

#define SCREEN_MIN_W 60
#define SCREEN_MIN_H 16

/* What the screen shows besides the session and the ui. */
struct screen_ctx {
    struct session *ss;
    struct ui *u;
    const char *theme; /* the theme's name, for the title bar; may be NULL */
    const char *error; /* the last reload's script error, or NULL: shown
                          in a pane while the last good result stays */
    /* the schedule search, for the search view */
    const struct search_result *search; /* NULL: none yet */
    int searching;                      /* running now */
    long long search_done, search_total;
    double search_rate; /* schedules per second */
    /* the models' results, busy runs and errors are the session's
       (session_run()) */
};

/* Draw everything into c (its size is the terminal's). */
void screen_draw(struct canvas *c, const struct screen_ctx *x);

/* The help overlay's text (the key table, with a heading). */
void screen_help_text(struct strbuf *out);

#endif
