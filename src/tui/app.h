/*
 * app: the interactive program -- the loop that draws the screen, reads
 * keys and the mouse, watches the scenario file, saves, reloads, switches
 * themes and runs the schedule search in the background.
 */
#ifndef RHO_TUI_APP_H
#define RHO_TUI_APP_H

#include "core/base/rho_err.h"
#include "core/scenario.h"
#include "core/session.h"

struct app_opts {
    int no_color; /* -C */
    int no_mouse; /* -M */
    int ascii;    /* -U */
    int readonly; /* --readonly: never write files */
    int no_ahead; /* --no-ahead: no look-ahead (session_ahead()) */
    const char *theme;   /* a theme name or path, or NULL: the default */
    const char *datadir; /* where installed themes live */
    /* loads the scenario again (main.c runs the script) on a job thread:
       returns it, or NULL with err filled; gives up soon after stop(arg)
       returns nonzero */
    /* (as: the script the file at path stands for, a recovery file's;
       its folder is where the scenario's own files are; NULL: path) */
    struct scenario *(*load)(const char *path, const char *as, void *ctx,
                             int (*stop)(void *arg), void *arg,
                             struct rho_err *err);
    void *load_ctx;
    /* how the session runs the models (the table, which of them, threads:
       < 1 one per CPU, what to keep) */
    struct session_opts session;
};

/*
 * Run the interactive program on scenario s loaded from path (takes
 * ownership of s). Returns the exit status (128 + n when killed by
 * signal n); -1 when stdin or stdout is not a terminal, or -2 with err
 * filled when the terminal cannot show the screen (TERM unset or unknown,
 * no cursor addressing): s is then not consumed, nothing was printed, and
 * the caller may fall back to batch output (-1) or say err (-2).
 */
int app_run(const char *path, struct scenario **s, const struct app_opts *o,
            struct rho_err *err);

/* What app_load() returns (or 128 + n: killed by signal n). */
#define APP_LOADED 0
#define APP_NO_TTY (-1)
#define APP_FAILED (-2)
#define APP_QUIT (-3)

/*
 * The first load of the script at path, as a reload runs (reload.h: o->load
 * on a thread): beside a screen that names the script and the time it
 * has taken, and answers at once -- q, Esc, F10 and Ctrl-C quit (the
 * script's process is killed), F1 says what is happening -- while the
 * script may take its whole wall-time budget. Returns APP_LOADED with *s
 * the scenario (caller owns it); APP_NO_TTY (nothing changed: load it
 * without a screen); APP_FAILED with err filled (the script's error, or
 * the terminal's: TERM unset or unknown, no cursor addressing); APP_QUIT
 * (a key asked: exit status 0); or 128 + n (signal n asked). The terminal
 * is restored before it returns, whatever it returns; app_run() takes the
 * screen up again.
 */
int app_load(const char *path, struct scenario **s, const struct app_opts *o,
             struct rho_err *err);

#endif
