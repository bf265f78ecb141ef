/*
 * reload: loading the scenario again on a job thread. A script may take
 * its whole wall-time budget (a hostile file saved over the scenario, a
 * FIFO), so the interactive loop must not wait for it: it starts the load,
 * keeps drawing and reading keys, and takes the result when it is there.
 * A newer change, or quitting, cancels a load in progress (the load's
 * child process is killed within about 20 ms).
 */
#ifndef RHO_TUI_RELOAD_H
#define RHO_TUI_RELOAD_H

#include "core/base/job.h"
#include "core/base/rho_err.h"
#include "core/scenario.h"
#include "tui/app.h"

struct reload {
    struct job job;
    const struct app_opts *o; /* borrowed: o->load runs the script */
    const char *path;         /* borrowed */
    const char *as;           /* borrowed: the script path stands for, or
                                 NULL (app_opts.load) */
    struct scenario *s;       /* the job's result, or NULL with err */
    struct rho_err err;
    char why[160]; /* what asked for it, for the status line */
};

/* Set r (caller's storage) idle. */
void reload_init(struct reload *r);

/*
 * Start loading path with o->load on a new thread; a load in progress is
 * cancelled and waited for first. as (may be NULL) is the script path
 * stands for (a recovery file's), kept while it loads. why (copied,
 * truncated) is kept for the caller. Returns 0, or -1 with err filled (no
 * thread could be made).
 */
int reload_start(struct reload *r, const struct app_opts *o, const char *path,
                 const char *as, const char *why, struct rho_err *err);

/* 1 while a load runs. */
int reload_busy(const struct reload *r);

/* Wait up to ms milliseconds for the load to finish (a quick one is then
   taken at once, without a "reloading" flash). */
void reload_wait(struct reload *r, int ms);

/*
 * If a load has finished: returns 1 with *s the scenario (caller owns it)
 * or NULL with *err filled, and *why what asked for it (valid until the
 * next reload_start). Otherwise returns 0 and changes nothing.
 */
int reload_take(struct reload *r, struct scenario **s, struct rho_err *err,
                const char **why);

/* Cancel a load in progress and wait for it (its result is dropped). */
void reload_stop(struct reload *r);

#endif
