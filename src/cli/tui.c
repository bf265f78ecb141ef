/*
 * tui: the interactive program (tui/app.h) on a terminal -- the default
 * mode when nothing asks for printed output (-b, -f csv|yaml, ...). Declines (the next mode,
 * batch, prints instead) when there is no terminal, and in rho-mpi.
 */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

#include "rho_config.h"
#include "tui/app.h"

/* The interactive program's way to load the scenario again. */
static struct scenario *
reload(const char *path, const char *as, void *ctx, int (*stop)(void *arg),
       void *arg, struct rho_err *err)
{
    const struct cli_args *a = ctx;
    struct lx_opts o = a->lx;

    o.dir_of = as;
    o.log = NULL;
    o.params_read = NULL;
    o.stop = stop;
    o.stop_arg = arg;
    return lx_run_file(path, &o, err);
}

static int
when(const struct cli_args *a)
{
    /* -f csv or yaml asks for printed output too */
    return !a->batch && a->fmt == REPORT_TEXT && !a->steps && !a->timeline &&
           !a->explain && !a->stepper && !a->links && !a->messages &&
           !a->metrics && !a->handout && a->answer == NULL &&
           !cli_mpi_driver();
}

/* The first load, as main.c would run it (its log of print() and the
   names rho.param() read are main.c's to print and check), but beside the
   explorer's screen: stop() is the screen's q. */
static struct scenario *
first_load(const char *path, const char *as, void *ctx, int (*stop)(void *arg),
           void *arg, struct rho_err *err)
{
    const struct cli_args *a = ctx;
    struct lx_opts o = a->lx;

    (void)as;
    o.stop = stop;
    o.stop_arg = arg;
    return lx_run_file(path, &o, err);
}

static void
opts_of(struct cli_args *a, struct app_opts *o)
{
    memset(o, 0, sizeof *o);
    o->no_color = a->no_color;
    o->no_mouse = a->no_mouse;
    o->ascii = a->ascii;
    o->readonly = a->readonly;
    o->no_ahead = a->no_ahead;
    o->theme = a->theme;
    o->datadir = RHO_DATADIR;
    o->load = reload;
    o->load_ctx = a;
    /* -m restricts the models; otherwise every one that applies to the
       scenario loaded now or after a reload (of another kind) */
    o->session.only = a->models ? a->run : 0;
    o->session.threads = a->threads;
    o->session.keep = MODEL_KEEP_VIEWS;
    o->session.prev = 1; /* the link views compare with it (c) */
}

struct scenario *
cli_tui_load(struct cli_args *a, struct rho_err *err, int *rc)
{
    struct app_opts o;
    struct scenario *s;
    int r;

    *rc = -1;
    if (!when(a))
        return NULL;
    opts_of(a, &o);
    o.load = first_load;
    r = app_load(a->file, &s, &o, err);
    switch (r) {
    case APP_LOADED:
        return s;
    case APP_NO_TTY: /* load it as batch does */
        return NULL;
    case APP_FAILED:
        fprintf(stderr, "rho: %s\n", err->msg);
        *rc = cli_exit_code(err);
        return NULL;
    case APP_QUIT:
        *rc = 0;
        return NULL;
    default: /* a signal: 128 + its number */
        *rc = r;
        return NULL;
    }
}

static int
run(struct cli_args *a, struct scenario **s)
{
    struct app_opts o;
    struct rho_err err;
    int rc;

    opts_of(a, &o);
    rc = app_run(a->file, s, &o, &err);
    if (rc == -2) { /* the terminal cannot show it: say why, no batch */
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    }
    return rc;
}

const struct cli_mode cli_tui_mode = {"tui", when, run, 0, NULL};
