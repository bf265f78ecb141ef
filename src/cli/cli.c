/*
 * cli: what the modes share. See cli.h.
 */
#include "cli/cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/base/clock.h"
#include "core/base/units.h"
#include "core/net/pattern.h"
#include "core/session.h"
#include "view/lview.h"
#include "view/screen.h"
#include "view/ui.h"
#include "view/view.h"

int
cli_wait(struct session *ss, struct rho_err *err)
{
    const struct model_entry *m;

    for (int k = 0; (m = session_model(ss, k)) != NULL; k++)
        if (session_wait_model(ss, m, err) != 0)
            return -1;
    return 0;
}

int
cli_exit_code(const struct rho_err *err)
{
    switch (err->code) {
    case RHO_ESTARVED:
        return 1;
    case RHO_ELIMIT:
        return 3;
    case RHO_EINTERNAL:
        return 70;
    default:
        return 2;
    }
}

int
cli_threads(const struct cli_args *a)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    return a->threads > 0 ? a->threads : cpus > 0 ? (int)cpus : 1;
}

double
cli_max_memory(const struct cli_args *a)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

    if (a->max_memory > 0)
        return a->max_memory;
    if (pages <= 0 || size <= 0)
        return 4.0 * (1 << 30);
    return CLI_MEMORY_SHARE * (double)pages * (double)size;
}

int
cli_param_read(const struct cli_args *a, const char *name)
{
    const char *p = a->params_read ? strbuf_str(a->params_read) : "";
    size_t n = strlen(name);

    while (*p != '\0') {
        const char *nl = strchr(p, '\n');
        if (strncmp(p, name, n) == 0 && (p[n] == '\n' || p[n] == '\0'))
            return 1;
        if (nl == NULL)
            break;
        p = nl + 1;
    }
    return 0;
}

int
cli_params_check(const struct cli_args *a)
{
    for (int k = 0; k < a->nparams; k++) {
        const char *p = a->params[k];
        size_t n = strcspn(p, "=");
        char name[128];

        snprintf(name, sizeof name, "%.*s", (int)(n < 127 ? n : 127), p);
        if (cli_param_read(a, name))
            continue;
        fprintf(stderr,
                "rho: %s: -p %s: the scenario does not read "
                "rho.param(\"%s\", ...)",
                a->file, p, name);
        if (a->params_read != NULL && a->params_read->len > 0) {
            const char *r = strbuf_str(a->params_read);
            fputs(" (it reads: ", stderr);
            for (; *r != '\0'; r++)
                if (*r != '\n')
                    fputc(*r, stderr);
                else if (r[1] != '\0')
                    fputs(", ", stderr);
            fputs(")\n", stderr);
        } else {
            fputs(": it reads no rho.param\n", stderr);
        }
        return 2;
    }
    return 0;
}

void
cli_progress_phase(struct cli_progress *p, const char *phase, double frac)
{
    int width = 30, fill;
    double el;
    char bar[64];

    if (phase == NULL || !(frac < 1)) {
        if (p->drawn)
            fputs("\r\033[K", stderr);
        p->drawn = 0;
        return;
    }
    if (strncmp(p->phase, phase, sizeof p->phase - 1) != 0) {
        snprintf(p->phase, sizeof p->phase, "%s", phase);
        p->t0 = rho_wall();
    }
    if (!(frac > 0))
        frac = 0;
    el = rho_wall() - p->t0;
    fill = (int)(frac * width);
    memset(bar, '#', (size_t)fill);
    memset(bar + fill, '.', (size_t)(width - fill));
    bar[width] = '\0';
    if (frac > 0.01 && el > 1)
        fprintf(stderr, "\r[%s] %-8s %3d%%  %.0f s left\033[K", bar, phase,
                (int)(100 * frac), el * (1 - frac) / frac);
    else
        fprintf(stderr, "\r[%s] %-8s %3d%%\033[K", bar, phase,
                (int)(100 * frac));
    p->drawn = 1;
}

int
cli_net_budget(const struct cli_args *a, const struct scenario *s)
{
    double msgs = 0, secs,
           limit = a->max_time > 0 ? a->max_time : CLI_MAX_TIME;
    char mb[32], tb[32], lb[32];

    if (s->net == NULL)
        return 0;
    for (int j = 0; j < s->net->njobs; j++)
        if (s->net->job[j].pattern != NULL)
            msgs += pattern_estimate(s->net->job[j].pattern, 1000000);
    secs = msgs / CLI_NET_RATE;
    if (secs <= limit)
        return 0;
    units_fmt_int(mb, sizeof mb, (long long)msgs);
    units_fmt_time(tb, sizeof tb, secs);
    units_fmt_time(lb, sizeof lb, limit);
    fprintf(stderr,
            "rho: %s: the link model would route about %s message%s, about "
            "%s at %.0f million a second: more than the time budget of %s "
            "(--max-time SECONDS to allow more)\n",
            s->path ? s->path : s->title, mb, msgs == 1 ? "" : "s", tb,
            CLI_NET_RATE / 1e6, lb);
    return 3;
}

int
cli_progress_init(struct cli_progress *p, const struct cli_args *a)
{
    p->t0 = rho_wall();
    p->drawn = 0;
    p->phase[0] = '\0';
    return !a->quiet && isatty(STDERR_FILENO) && cli_mpi_rank() == 0;
}

int
cli_progress_draw(void *ctx, long long done, long long total)
{
    struct cli_progress *p = ctx;
    double el = rho_wall() - p->t0, rate = el > 0 ? (double)done / el : 0;
    int width = 30, fill = total ? (int)((double)done / total * width) : 0;
    char bar[64];

    if (done >= total) {
        if (p->drawn)
            fputs("\r\033[K", stderr);
        return 0;
    }
    memset(bar, '#', (size_t)fill);
    memset(bar + fill, '.', (size_t)(width - fill));
    bar[width] = '\0';
    fprintf(stderr, "\r[%s] %3d%%  %lld/%lld  %.0f/s  %.1f s left\033[K", bar,
            (int)(100.0 * (double)done / (double)total), done, total, rate,
            rate > 0 ? (double)(total - done) / rate : 0.0);
    p->drawn = 1;
    return 0;
}

int
cli_screen_open(struct cli_screen *cs, const struct cli_args *a,
                const struct scenario *s)
{
    struct session_opts so = {NULL, a->run, a->threads, MODEL_KEEP_VIEWS,
                              0};
    struct rho_err err;
    int views[VIEW_MAX], nv, ok = 0, rc = 0;

    cs->ss = session_new_with(scenario_clone(s), &so);
    ui_init(&cs->u, cs->ss);
    nv = view_list(cs->ss, views);
    for (int i = 0; i < a->ndump; i++) {
        ok = 0;
        for (int k = 0; k < nv; k++)
            ok |= views[k] == a->dump_views[i];
        if (ok)
            continue;
        fprintf(stderr,
                "rho: %s: no %s view for this scenario (it has:", a->file,
                view_name(a->dump_views[i]));
        for (int k = 0; k < nv; k++)
            fprintf(stderr, " %s", view_name(views[k]));
        fprintf(stderr, ")\n");
        rc = 2;
        goto out;
    }
    if (a->frame != NULL && a->dump_list) {
        fprintf(stderr,
                "rho: %s: --frame names a frame of one view; --dump shows "
                "several here\n",
                a->file);
        rc = 2;
        goto out;
    }
    if (a->dump_view >= 0)
        cs->u.view = a->dump_view;
    if (cli_wait(cs->ss, &err) != 0) {
        fprintf(stderr, "rho: %s: %s\n", a->file, err.msg);
        rc = cli_exit_code(&err);
        goto out;
    }
    /* a lesson's steps against the run (their time steps and frames):
       a slide of a step that cannot be shown is no slide */
    if (s->lesson != NULL && lview_check_run(cs->ss, &err) != 0) {
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
        goto out;
    }
    if (ui_goto(&cs->u, cs->ss, a->explain - 1, a->has_at ? a->at : NAN,
                &err) != 0) {
        fprintf(stderr, "rho: %s: --explain %d: %s\n", a->file, a->explain,
                err.msg);
        rc = 2;
        goto out;
    }
    if (a->frame != NULL && ui_frame(&cs->u, cs->ss, a->frame, &err) != 0) {
        fprintf(stderr, "rho: %s: --frame: %s\n", a->file, err.msg);
        rc = 2;
        goto out;
    }
    return 0;
out:
    cli_screen_close(cs);
    return rc;
}

void
cli_screen_draw(struct cli_screen *cs, struct canvas *c)
{
    struct screen_ctx x;

    memset(&x, 0, sizeof x);
    x.ss = cs->ss;
    x.u = &cs->u;
    ui_settle(&cs->u, cs->ss); /* the Metrics view's indicators: made */
    screen_draw(c, &x);
}

int
cli_screen_frames(struct cli_screen *cs)
{
    return ui_frames(&cs->u, cs->ss);
}

int
cli_screen_frame(struct cli_screen *cs, int f)
{
    struct rho_err err;
    char spec[16];

    snprintf(spec, sizeof spec, "%d", f + 1);
    return ui_frame(&cs->u, cs->ss, spec, &err);
}

void
cli_screen_close(struct cli_screen *cs)
{
    ui_fini(&cs->u);
    session_free(cs->ss);
    cs->ss = NULL;
}
