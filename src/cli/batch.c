/*
 * batch: --batch (and what a command line without a terminal gets): the
 * report of every model that runs, in model-table order, each printed by
 * the report layer's printer for that model (report_model()); between
 * two, the next model's title. CSV and YAML print the first model only:
 * a stream holds one document.
 */
#include "cli/cli.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "core/net/net_estimate.h"
#include "core/session.h"

/* Has a model failed (not starved) after every model before it ended?
   The report stops there, so the models after it need not run on: the
   link model refuses the supernode machine under AI at once, and the
   queueing model would route its 268 million messages for half a minute
   to print nothing. */
static int
stops_here(const struct session *ss)
{
    const struct model_entry *m;

    for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
        struct session_run r;
        if (session_run(ss, m, &r) != 0 || r.busy)
            return 0;
        if (r.error != NULL && r.error->code != RHO_ESTARVED)
            return 1;
    }
    return 0;
}

/* rho-mpi: when the link model failed, on the ranks that refused (a
   budget on one rank's share) and on the others, which stopped with
   "another rank failed", the first rank that failed for itself gives its
   error to every rank (cli_mpi_agree()), so that rank 0 prints it and
   every rank exits with its status. Every rank calls it. Returns 1 with
   that error in *e when the link model failed, else 0. */
static int
link_agree(struct session *ss, struct rho_err *e)
{
    const struct model_entry *m;
    struct session_run r;
    int own;

    for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
        if (strcmp(m->name, "link") != 0)
            continue;
        session_wait_model(ss, m, NULL);
        session_run(ss, m, &r);
        own = r.error != NULL &&
              strstr(r.error->msg, "another rank failed") == NULL;
        if (own)
            *e = *r.error;
        if (cli_mpi_agree(own, e) != 0)
            return 1;
        if (r.error != NULL) { /* (no rank says why: its own words) */
            *e = *r.error;
            return 1;
        }
    }
    return 0;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    const struct scenario *s = *sp;
    const char *path = s->path ? s->path : "scenario";
    struct session_opts so = {NULL, a->run, cli_threads(a),
                              MODEL_KEEP_VIEWS, 0};
    struct report_opts ro = {a->fmt, 0, a->explain, a->has_at ? a->at : NAN};
    const struct model_entry *m;
    struct session *ss;
    struct cli_progress p;
    struct rho_err link_err;
    int rc = 0, agreed = 0;

    if (a->fmt != REPORT_TEXT) /* the first only */
        so.only = a->run & (~a->run + 1);
    ro.what =
        (a->steps ? REPORT_STEPS : 0) | (a->timeline ? REPORT_TIMELINE : 0) |
        (a->stepper ? REPORT_STEPPER : 0) | (a->links ? REPORT_LINK_LINKS : 0) |
        (a->messages ? REPORT_LINK_MSGS : 0) |
        (a->metrics ? REPORT_LINK_METRICS : 0);
    if (a->messages)
        so.keep |= MODEL_KEEP_ITEMS;
    {
        /* rho-mpi: the link model's messages split over the ranks */
        struct net_opts d = a->net;
        cli_mpi_link_opts(&d);
        net_opts_set_defaults(&d);
    }
    {
        /* SI routes every packet: say what that costs before it starts
           (a warning, not a refusal: cli_net_budget() refuses) */
        int link = model_find(NULL, "link");
        char w[160];
        if (link >= 0 && (so.only ? so.only : a->run) >> link & 1 &&
            net_si_warning(s->net, so.threads, NET_SI_WARN_S, w, sizeof w))
            fprintf(stderr, "rho: %s: note: %s (Ctrl-C stops it)\n", path, w);
    }
    ss = session_new_with(scenario_clone(s), &so);
    if (cli_progress_init(&p, a)) { /* a bar while a model runs long */
        while (session_poll(ss) && !stops_here(ss)) {
            struct timespec ts = {0, 200 * 1000 * 1000};
            struct session_run r;
            for (int k = 0; (m = session_model(ss, k)) != NULL; k++)
                if (session_run(ss, m, &r) == 0 && r.busy) {
                    cli_progress_phase(&p, r.phase, r.frac);
                    break;
                }
            nanosleep(&ts, NULL);
        }
        cli_progress_phase(&p, NULL, 1);
    }
    if (cli_mpi_size() > 1) /* before the first line is printed */
        agreed = link_agree(ss, &link_err);
    for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
        struct session_run r;
        struct rho_err err;
        if (k > 0)
            printf("\n%s\n", m->title);
        session_wait_model(ss, m, NULL);
        session_run(ss, m, &r);
        if (agreed && strcmp(m->name, "link") == 0)
            r.error = &link_err; /* the rank that failed first */
        if (r.error != NULL) {
            err = *r.error;
            fprintf(stderr, "rho: %s: %s\n", path, err.msg);
        } else if (report_model(stdout, m, r.result, &ro, &err) != 0) {
            if (err.code == RHO_EIO)
                fprintf(stderr, "rho: %s\n", err.msg);
            else
                fprintf(stderr, "rho: %s: %s\n", path, err.msg);
        } else {
            continue;
        }
        if (rc == 0)
            rc = cli_exit_code(&err);
        if (err.code != RHO_ESTARVED) /* the model's own failure: go on */
            break;
    }
    session_free(ss);
    return rc;
}

const struct cli_mode cli_batch_mode = {"batch", NULL, run, 0, NULL};
