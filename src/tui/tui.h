/*
 * tui: the terminal. Start and stop curses (the terminal is restored on
 * every way out: a normal exit, a fatal error, every signal that would end
 * the process, a crash), map the theme's roles to colour pairs for the
 * colours the terminal has (256, 16, 8, or none under NO_COLOR), copy a
 * canvas to the screen, and read keys as rho's key codes (keys.h). Nothing
 * else in rho calls curses.
 */
#ifndef RHO_TUI_TUI_H
#define RHO_TUI_TUI_H

#include "core/base/rho_err.h"
#include "theme/theme.h"
#include "view/canvas.h"
#include "view/roles.h"

struct tui_caps {
    int colors; /* 0 (none), 8, 16 or 256 */
    int utf8;   /* the locale is UTF-8 */
    int mouse;  /* mouse events on */
};

/*
 * Start the terminal. no_color forces monochrome (NO_COLOR is also
 * honoured); mouse asks for mouse events. Returns 0; -1 when stdin or
 * stdout is not a terminal; -2 with err filled when the terminal cannot
 * show the screen (TERM unset, no terminfo entry for it, no cursor
 * addressing: "dumb"). On -1 and -2 nothing was changed (no curses
 * message, no exit). Catches every signal that would end the process:
 * see tui_signals(). After tui_fini() it may start the terminal again.
 */
int tui_init(int no_color, int mouse, struct tui_caps *caps,
             struct rho_err *err);

/* Restore the terminal. Safe to call twice and from a signal handler's
   aftermath. */
void tui_fini(void);

/* Use theme t (colours degraded to what the terminal has; none at all
   without colour). */
void tui_set_theme(const struct theme *t);

/* The terminal's size now. */
void tui_size(int *w, int *h);

/* Copy a canvas (of the terminal's size) to the screen and refresh. */
void tui_blit(const struct canvas *c);

/* A mouse event, when tui_key() returned RK_MOUSE. */
struct tui_mouse {
    int x, y;
    int button; /* 1 left, 4 wheel up, 5 wheel down, 0 other */
};

/*
 * Wait up to timeout_ms for a key (-1: forever). Returns a key code
 * (keys.h), RK_RESIZE, RK_MOUSE (with *m filled), or -1 on timeout.
 */
int tui_key(int timeout_ms, struct tui_mouse *m);

/* Signals seen since the last call: bit 1 a request to quit (every
   signal whose default action ends the process but a crash's: SIGINT,
   SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, SIGXCPU, SIGXFSZ,
   SIGVTALRM, SIGPROF, SIGIO, SIGPWR, the real-time ones; and a terminal
   that hung up, as SIGHUP, when tui_key() saw it), bit 2 a request to
   reload (SIGUSR2). SIGPIPE is ignored (a write to a closed pipe fails
   with EPIPE instead). A crash (SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGILL,
   SIGSYS, SIGTRAP) restores the terminal and dies of the signal. */
int tui_signals(void);

/* The number of the last signal that asked to quit (0: none). */
int tui_quit_signal(void);

#endif
