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
 * ownership of s). Returns the exit status, or -1 when the terminal cannot
 * be used (not a tty): s is then not consumed and the caller may fall back
 * to batch output.
 */
int app_run(const char *path, struct scenario **s, const struct app_opts *o);

#endif
