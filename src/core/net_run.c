/*
 * net_run: a link-model run with what the views need. See net_run.h.
 */
#include "core/net_run.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/base/rho_alloc.h"

static atomic_ulong next_id;

static const char *const phases[] = {"route", "collect", "solve", "replay"};
#define NPHASES ((int)(sizeof phases / sizeof phases[0]))

struct run_ctx {
    struct net_run *lr;
    struct job *job;
    int cap; /* rounds allocated */
};

static int
on_progress(void *vctx, const char *phase, double done)
{
    struct run_ctx *c = vctx;
    int k = 0;

    if (c->job == NULL)
        return 0;
    for (int i = 0; i < NPHASES; i++)
        if (strcmp(phase, phases[i]) == 0)
            k = i;
    if (!(done >= 0))
        done = 0;
    if (done > 1)
        done = 1;
    job_progress(c->job, (long long)k * 1000 + (long long)(done * 999),
                 NPHASES * 1000);
    return job_cancelled(c->job);
}

/* The model's per-round callback: keep a summary, and the per-link arrays
   while they fit. The replay of an attribution repeats the rounds: it is
   not recorded again. */
static int
record_round(void *vctx, const struct net_round *r)
{
    struct run_ctx *c = vctx;
    struct net_run *lr = c->lr;
    struct net_run_round *out;
    double best = 0;
    int n = r->nlinks;

    if (r->replay)
        return c->job ? job_cancelled(c->job) : 0;
    if (lr->nrounds == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        lr->round = xreallocarray(lr->round, (size_t)c->cap, sizeof *lr->round);
        if (lr->recorded) {
            if ((long long)c->cap * n > NET_RUN_RECORD_MAX) {
                free(lr->granted);
                free(lr->remaining);
                lr->granted = lr->remaining = NULL;
                lr->recorded = 0;
            } else {
                lr->granted =
                    xreallocarray(lr->granted, (size_t)c->cap * (size_t)n,
                                  sizeof *lr->granted);
                lr->remaining =
                    xreallocarray(lr->remaining, (size_t)c->cap * (size_t)n,
                                  sizeof *lr->remaining);
            }
        }
    }
    out = &lr->round[lr->nrounds];
    memset(out, 0, sizeof *out);
    out->iter = r->iter;
    out->exposed = r->exposed;
    out->busiest = -1;
    for (int l = 0; l < n; l++) {
        out->granted += r->granted[l];
        out->remaining += r->remaining[l];
        if (r->granted[l] > best) {
            best = r->granted[l];
            out->busiest = l;
        }
    }
    if (r->path_off != NULL && r->path_load != NULL && r->nmsgs > 0) {
        out->paths = r->path_off[r->nmsgs];
        for (long long p = 0; p < out->paths; p++)
            out->asking += r->path_load[p] > 0;
    }
    if (lr->recorded) {
        memcpy(lr->granted + (size_t)lr->nrounds * (size_t)n, r->granted,
               (size_t)n * sizeof *lr->granted);
        memcpy(lr->remaining + (size_t)lr->nrounds * (size_t)n, r->remaining,
               (size_t)n * sizeof *lr->remaining);
    }
    lr->nrounds++;
    return c->job ? job_cancelled(c->job) : 0;
}

int
net_run_compute(struct net_run *lr, struct scenario *s, int threads,
                struct job *j, struct rho_err *err)
{
    struct run_ctx c = {lr, j, 0};
    struct net_opts o;
    double t0 = rho_wall();

    memset(lr, 0, sizeof *lr);
    lr->scen = s;
    lr->recorded = 1;
    net_opts_init(&o);
    o.threads = threads > 0 ? threads : 1;
    o.per_job = s->net && s->net->njobs > 1;
    o.progress = on_progress;
    o.progress_ctx = &c;
    o.round = record_round;
    o.round_ctx = &c;
    if ((lr->res = scenario_net_solve(s, &o, err)) == NULL ||
        (lr->st = net_stats_result(s->net->net, lr->res, 10, err)) == NULL) {
        net_run_fini(lr);
        return -1;
    }
    if (lr->nrounds == 0)
        lr->recorded = 0;
    for (int l = 0; l < lr->res->nlinks; l++) {
        double t = lr->res->bytes[l] / net_link_bw(s->net->net, l);
        if (t > lr->peak)
            lr->peak = t;
    }
    lr->seconds = rho_wall() - t0;
    lr->id = atomic_fetch_add(&next_id, 1) + 1;
    return 0;
}

void
net_run_fini(struct net_run *lr)
{
    if (lr == NULL)
        return;
    net_stats_free(lr->st);
    net_result_free(lr->res);
    scenario_free(lr->scen);
    free(lr->round);
    free(lr->granted);
    free(lr->remaining);
    memset(lr, 0, sizeof *lr);
}

const char *
net_run_progress(const struct job *j, double *frac)
{
    long long done = atomic_load(&j->done), total = atomic_load(&j->total);
    int k;

    *frac = 0;
    if (total <= 0)
        return "start";
    k = (int)(done / 1000);
    if (k >= NPHASES)
        k = NPHASES - 1;
    *frac = (double)(done % 1000) / 999.0;
    return phases[k];
}
