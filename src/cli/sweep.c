/*
 * sweep: --sweep NAME=VALUES, a parameter study. Every point is the
 * scenario with the swept values (tau and bandwidth set on a copy, other
 * names passed to the script as rho.param overrides) run by a session of
 * its own: every model that runs, on one thread, keeping only what the
 * models' sweep columns need; points run in parallel (core/sweep.h) and
 * over the ranks of rho-mpi. report_sweep() prints the models' columns.
 */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/units.h"
#include "core/model.h"
#include "core/session.h"

struct sweep_ctx {
    struct cli_args *a;
    const struct scenario *base; /* when only tau/bandwidth are swept */
    int lua;                     /* some axis is a rho.param */
    long lo, hi;                 /* the points this rank evaluates */
    int width;                   /* numbers per point */
    int off[MODEL_MAX];          /* each model's first one */
};

static int
builtin_axis(const char *name)
{
    return strcmp(name, "tau") == 0 || strcmp(name, "bandwidth") == 0;
}

static int
eval_point(void *vctx, long i, const char *const *values, double *out,
           struct rho_err *err)
{
    struct sweep_ctx *c = vctx;
    const struct sweep *sw = &c->a->sweep;
    struct scenario *s;
    char buf[SWEEP_MAX_AXES][256];
    const char *params[CLI_MAX_PARAMS + SWEEP_MAX_AXES + 1];
    int np = 0, rc = 0;

    for (int k = 0; k < c->width; k++)
        out[k] = 0; /* another rank's point, a model that does not run */
    if (i < c->lo || i >= c->hi)
        return 0;
    if (c->lua) {
        struct lx_opts o = c->a->lx;
        for (int k = 0; k < sw->naxes; k++)
            if (!builtin_axis(sw->axis[k].name)) {
                snprintf(buf[k], sizeof buf[k], "%s=%s", sw->axis[k].name,
                         values[k]);
                params[np++] = buf[k]; /* first match wins in rho.param */
            }
        for (int k = 0; k < c->a->nparams; k++)
            params[np++] = c->a->params[k];
        params[np] = NULL;
        o.params = params;
        o.log = NULL;
        o.params_read = NULL;
        if ((s = lx_run_file(c->a->file, &o, err)) == NULL)
            return -1;
    } else {
        s = scenario_clone(c->base);
    }
    for (int k = 0; k < sw->naxes && rc == 0; k++) {
        const char *n = sw->axis[k].name;
        if (strcmp(n, "tau") == 0) {
            char *end;
            double t = strtod(values[k], &end);
            if (*end != '\0' || !(t >= 0 && t <= 1))
                rc = rho_err_set(err, RHO_EINPUT,
                                 "tau must be a number from 0 to 1, got '%s'",
                                 values[k]);
            s->tau = t;
        } else if (strcmp(n, "bandwidth") == 0) {
            rc = units_parse(UNIT_RATE, values[k], &s->bandwidth, err);
        }
    }
    if (rc != 0) {
        scenario_free(s);
        return -1;
    }
    /* every model that runs, one thread (points run in parallel) */
    {
        struct session_opts so = {NULL, c->a->run, 1, 0, 0};
        struct session *ss = session_new_with(s, &so);
        const struct model_entry *m;
        if ((rc = cli_wait(ss, err)) == 0)
            for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
                int at = c->off[model_find(NULL, m->name)];
                out[at + m->ncols] = m->sweep(session_result(ss, m), out + at);
            }
        session_free(ss);
    }
    return rc;
}

static int
when(const struct cli_args *a)
{
    return a->sweep.naxes > 0;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    const struct scenario *s = *sp;
    struct sweep_ctx c = {a, s, 0, 0, 0, 0, {0}};
    struct cli_progress p;
    struct rho_err err;
    long n = sweep_count(&a->sweep);
    int rank = cli_mpi_rank(), size = cli_mpi_size(), rc = 0, threads;
    double *data;

    for (int k = 0; k < a->sweep.naxes; k++) {
        const char *name = a->sweep.axis[k].name;
        if (builtin_axis(name))
            continue;
        if (!cli_param_read(a, name)) {
            fprintf(stderr,
                    "rho: %s: the scenario does not read rho.param(\"%s\", "
                    "...): only tau, bandwidth and the names it reads can be "
                    "swept\n",
                    a->file, name);
            return 2;
        }
        c.lua = 1;
    }
    c.width = model_sweep_layout(NULL, c.off);
    data = calloc((size_t)n * (size_t)c.width, sizeof *data);
    if (data == NULL) {
        fprintf(stderr, "rho: out of memory for %ld sweep points\n", n);
        return 70;
    }
    c.lo = n * rank / size;
    c.hi = n * (rank + 1) / size;
    threads = a->threads;
#if defined(__SANITIZE_ADDRESS__)
    /* AddressSanitizer's allocator (GCC's) is not safe across a fork in a
       threaded process: a point that runs its script forks (lx_proc.c),
       and a child forked while another point's thread holds the
       allocator's lock waits on it for ever, until the script's 10 s
       budget stops it (3 sweeps of queue-gups in 120 here). A sanitized
       build runs the points one at a time; glibc's malloc is fork-safe. */
    if (c.lua)
        threads = 1;
#endif
    if (sweep_run(&a->sweep, threads, c.width, eval_point, &c, data,
                  cli_progress_init(&p, a) ? cli_progress_draw : NULL, &p,
                  &err) != 0)
        rc = cli_exit_code(&err);
    rc = cli_mpi_sweep_merge(&data, n, c.width, rc, &err);
    if (rank != 0) { /* rank 0 prints */
        free(data);
        return rc;
    }
    if (rc != 0)
        fprintf(stderr, "rho: %s: %s\n", a->file, err.msg);
    else if (report_sweep(stdout, s->title, &a->sweep, data, NULL, a->run,
                          a->fmt, &err) != 0 ||
             (a->plot && a->fmt == REPORT_TEXT &&
              report_sweep_plot(stdout, &a->sweep, data, NULL, a->run, &err) !=
                  0)) {
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    }
    free(data);
    return rc;
}

const struct cli_mode cli_sweep_mode = {"sweep", when, run, 0, NULL};
