/*
 * reload: loading the scenario again on a job thread. See reload.h.
 */
#include "tui/reload.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static int
cancelled(void *arg)
{
    return job_cancelled(arg);
}

static int
load_job(struct job *j, void *arg)
{
    struct reload *r = arg;

    r->s = r->o->load(r->path, r->as, r->o->load_ctx, cancelled, j, &r->err);
    return r->s != NULL ? 0 : -1;
}

void
reload_init(struct reload *r)
{
    memset(r, 0, sizeof *r);
    job_init(&r->job);
}

int
reload_start(struct reload *r, const struct app_opts *o, const char *path,
             const char *as, const char *why, struct rho_err *err)
{
    reload_stop(r);
    r->o = o;
    r->path = path;
    r->as = as;
    r->s = NULL;
    rho_err_clear(&r->err);
    snprintf(r->why, sizeof r->why, "%s", why);
    if (job_start(&r->job, load_job, r) != 0)
        return rho_err_set(err, RHO_EINTERNAL,
                           "%s: could not start a thread to load it", path);
    return 0;
}

int
reload_busy(const struct reload *r)
{
    return r->job.started && job_running(&r->job);
}

void
reload_wait(struct reload *r, int ms)
{
    struct timespec ts = {0, 1000000L};

    for (int i = 0; i < ms && reload_busy(r); i++)
        nanosleep(&ts, NULL);
}

int
reload_take(struct reload *r, struct scenario **s, struct rho_err *err,
            const char **why)
{
    if (!r->job.started || job_running(&r->job))
        return 0;
    job_join(&r->job);
    job_init(&r->job);
    *s = r->s;
    r->s = NULL;
    *err = r->err;
    *why = r->why;
    return 1;
}

void
reload_stop(struct reload *r)
{
    if (!r->job.started)
        return;
    job_cancel(&r->job);
    job_join(&r->job);
    job_init(&r->job);
    scenario_free(r->s);
    r->s = NULL;
}
