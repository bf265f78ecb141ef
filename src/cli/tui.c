/*
 * tui: the interactive program (tui/app.h) on a terminal -- the default
 * mode when nothing asks for printed output (-b, -f csv|yaml, ...). Declines (the next mode,
 * batch, prints instead) when there is no terminal, and in rho-mpi.
 */
#include "cli/cli.h"

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

static int
run(struct cli_args *a, struct scenario **s)
{
    struct app_opts o;

    memset(&o, 0, sizeof o);
    o.no_color = a->no_color;
    o.no_mouse = a->no_mouse;
    o.ascii = a->ascii;
    o.readonly = a->readonly;
    o.no_ahead = a->no_ahead;
    o.theme = a->theme;
    o.datadir = RHO_DATADIR;
    o.load = reload;
    o.load_ctx = a;
    /* -m restricts the models; otherwise every one that applies to the
       scenario loaded now or after a reload (of another kind) */
    o.session.only = a->models ? a->run : 0;
    o.session.threads = a->threads;
    o.session.keep = MODEL_KEEP_VIEWS;
    o.session.prev = 1; /* the link views compare with it (c) */
    return app_run(a->file, s, &o);
}

const struct cli_mode cli_tui_mode = {"tui", when, run, 0, NULL};
