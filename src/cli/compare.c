/*
 * compare: --compare NAME=V1,V2,..., designs compared on one workload as
 * Jain's Ch. 6 does. The scenario is loaded once per value (NAME is a
 * rho.param it reads, which chooses the network: rho.prototype's family,
 * a preset, a radix), the link model runs on each, and the report sets
 * their costs (core/net/net_design.h), link loads, phase estimates, rates
 * and rates per dollar side by side (report_compare()), and for a design
 * on the first's network (a routing or a placement compared) how many
 * links carry other bytes than in the first (net_stats_diff()).
 */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>

#include "core/net/net_design.h"
#include "core/net/net_stats.h"

static int
when(const struct cli_args *a)
{
    return a->compare.naxes > 0;
}

/* The first design's bytes per link, to compare the others with when
   they run on the same network. */
struct first {
    double *bytes; /* owned; NULL before the first design */
    int nlinks;
    char desc[200];
};

/* d against the first design (its bytes res), when on the same network;
   else the first design is res. */
static void
against_first(struct first *f, const struct net *net,
              const struct net_result *res, struct report_design *d)
{
    struct net_diff *df;

    if (f->bytes == NULL) {
        f->nlinks = res->nlinks;
        f->bytes = malloc((size_t)(res->nlinks > 0 ? res->nlinks : 1) *
                          sizeof *f->bytes);
        if (f->bytes != NULL)
            memcpy(f->bytes, res->bytes,
                   (size_t)res->nlinks * sizeof *f->bytes);
        snprintf(f->desc, sizeof f->desc, "%s", d->desc);
        return;
    }
    if (f->nlinks != res->nlinks || strcmp(f->desc, d->desc) != 0 ||
        (df = net_stats_diff(net, f->bytes, res->bytes, NULL)) == NULL)
        return;
    d->same = 1;
    d->links = res->nlinks;
    d->changed = df->changed;
    d->up = df->up;
    d->down = df->down;
    net_diff_free(df);
}

/* Load the scenario with name=value and run the link model on it into *d. */
static int
design(struct cli_args *a, const char *name, const char *value,
       struct report_design *d, char **title, struct first *first,
       struct rho_err *err)
{
    const char *params[CLI_MAX_PARAMS + 2];
    char buf[256];
    struct lx_opts o = a->lx;
    struct scenario *s;
    struct net_result *res = NULL;
    struct net_stats *st = NULL;
    struct net_opts no;
    int np = 0, rc = -1;

    snprintf(buf, sizeof buf, "%s=%s", name, value);
    params[np++] = buf; /* first match wins in rho.param */
    for (int k = 0; k < a->nparams; k++)
        params[np++] = a->params[k];
    params[np] = NULL;
    o.params = params;
    o.log = NULL;
    o.params_read = NULL;
    if ((s = lx_run_file(a->file, &o, err)) == NULL)
        return -1;
    if (s->net == NULL) {
        /* (the caller names the value) */
        rho_err_set(err, RHO_EINPUT, "not a network scenario");
        goto out;
    }
    net_opts_init(&no);
    no.threads = cli_threads(a);
    if ((res = scenario_net_solve(s, &no, err)) == NULL ||
        (st = net_stats_result(s->net->net, res, 0, err)) == NULL)
        goto out;
    memset(d, 0, sizeof *d);
    d->value = value;
    snprintf(d->desc, sizeof d->desc, "%s", s->net->net_desc);
    d->nodes = net_endpoints(s->net->net);
    net_cost_estimate(s->net->net,
                      s->net->net_spec.kind == NET_TOPO_PROTO
                          ? s->net->net_spec.proto.radix
                          : 0,
                      &d->cost);
    d->max_link = st->cls[0].max;
    d->mean_link = st->cls[0].mean;
    d->avg_hops = st->avg_hops;
    d->time = st->phase_time_ext;
    d->bytes = st->total_bytes;
    against_first(first, s->net->net, res, d);
    if (*title == NULL)
        *title = strdup(s->title);
    rc = 0;
out:
    net_stats_free(st);
    net_result_free(res);
    scenario_free(s);
    return rc;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    const struct sweep_axis *ax = &a->compare.axis[0];
    struct report_design *d;
    struct rho_err err;
    struct first first = {NULL, 0, ""};
    char *title = NULL;
    int rc = 0;

    (void)sp;
    if (!cli_param_read(a, ax->name)) {
        fprintf(stderr,
                "rho: %s: --compare takes one rho.param the scenario reads "
                "(it does not read \"%s\")\n",
                a->file, ax->name);
        return 2;
    }
    d = calloc((size_t)ax->n, sizeof *d);
    if (d == NULL) {
        fprintf(stderr, "rho: out of memory\n");
        return 70;
    }
    for (int i = 0; i < ax->n && rc == 0; i++)
        if (design(a, ax->name, ax->value[i], &d[i], &title, &first, &err) !=
            0) {
            fprintf(stderr, "rho: %s: %s=%s: %s\n", a->file, ax->name,
                    ax->value[i], err.msg);
            rc = cli_exit_code(&err);
        }
    if (rc == 0 && report_compare(stdout, title ? title : "", ax->name, d,
                                  ax->n, a->fmt, &err) != 0) {
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    }
    free(title);
    free(first.bytes);
    free(d);
    return rc;
}

const struct cli_mode cli_compare_mode = {"compare", when, run, 0, NULL};
