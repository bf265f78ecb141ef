/*
 * model_net: the link-utilization model behind the model interface. See
 * model_net.h.
 */
#include "core/model_net.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/base/rho_alloc.h"
#include "core/base/units.h"

static atomic_ulong next_id;

/* The Metrics view's indicators of a run (net_run_features()): a slot per
   phase, and one job making one phase at a time. The slots are the
   caller's thread's; the job writes out and err only, which the caller
   reads after joining it. */
struct net_run_feat {
    struct job job;
    const struct net_run *lr;
    int threads;              /* the pass's (the run's) */
    int phase;                /* the phase the job makes, -1: none */
    struct net_features *out; /* what it made, or NULL: err */
    struct rho_err err;
    struct net_run_costs *costs;     /* made: the caller's */
    struct net_run_costs *out_costs; /* made by the job, not collected */
    int nslots; /* 1 + the result's phases */
    struct feat_slot {
        int state; /* enum net_feat_state */
        struct net_features *f;
        char why[200];
    } *slot;
};

static int
feat_job(struct job *j, void *arg)
{
    struct net_run_feat *q = arg;

    const struct net_scen *l = q->lr->scen->net;

    q->out = model_net_features(q->lr->scen, q->lr->res, q->phase, q->threads,
                                j, &q->err);
    if (q->out != NULL && q->costs == NULL && !job_cancelled(j)) {
        struct net_run_costs *c = xcalloc(1, sizeof *c);
        c->ncoll = model_net_costs(q->lr->scen, q->lr->res, c->coll,
                                   NET_RUN_COLL_MAX);
        net_cost_estimate(l->net,
                          l->net_spec.kind == NET_TOPO_PROTO
                              ? l->net_spec.proto.radix
                              : 0,
                          &c->design);
        q->out_costs = c;
    }
    return q->out != NULL ? 0 : -1;
}

/* Join the job if it returned (or wait: it was cancelled, and returns
   within NET_FEATURES_POLL messages) and file what it made; a cancelled
   one's phase becomes state. */
static void
feat_collect(struct net_run_feat *q, int state)
{
    struct feat_slot *s;

    if (q->phase < 0 || (job_running(&q->job) && !job_cancelled(&q->job)))
        return;
    job_join(&q->job);
    if (q->out_costs != NULL && q->costs == NULL)
        q->costs = q->out_costs;
    else
        free(q->out_costs);
    q->out_costs = NULL;
    s = &q->slot[q->phase];
    if (q->out != NULL) {
        s->state = NET_FEAT_READY;
        s->f = q->out;
    } else if (q->err.code == RHO_ECANCEL || job_cancelled(&q->job)) {
        s->state = state;
    } else {
        s->state = NET_FEAT_FAILED;
        snprintf(s->why, sizeof s->why, "%.190s", q->err.msg);
    }
    q->out = NULL;
    q->phase = -1;
}

/* Stop the job (its phase becomes state) and join it. */
static void
feat_halt(struct net_run_feat *q, int state)
{
    if (q == NULL || q->phase < 0)
        return;
    job_cancel(&q->job);
    feat_collect(q, state);
}

static struct net_run_feat *
feat_new(const struct net_run *lr, int threads)
{
    struct net_run_feat *q = xcalloc(1, sizeof *q);

    job_init(&q->job);
    q->lr = lr;
    q->threads = threads;
    q->phase = -1;
    q->nslots = lr->res->nphases + 1;
    q->slot = xcalloc((size_t)q->nslots, sizeof *q->slot);
    return q;
}

static void
feat_free(struct net_run_feat *q)
{
    if (q == NULL)
        return;
    feat_halt(q, NET_FEAT_NONE);
    for (int k = 0; k < q->nslots; k++)
        net_features_free(q->slot[k].f);
    free(q->slot);
    free(q->costs);
    free(q);
}

int
net_run_features(const struct net_run *lr, int phase, int start,
                 const struct net_features **f, double *frac, const char **why)
{
    struct net_run_feat *q = lr != NULL ? lr->feat : NULL;
    struct feat_slot *s;

    *f = NULL;
    *why = "";
    if (frac != NULL)
        *frac = 0;
    if (q == NULL || phase < 0 || phase >= q->nslots) {
        *why = q == NULL ? "no result of the link model" : "no such phase";
        return NET_FEAT_FAILED;
    }
    feat_collect(q, NET_FEAT_NONE);
    s = &q->slot[phase];
    if ((s->state == NET_FEAT_NONE && start >= NET_FEAT_ASK) ||
        (s->state == NET_FEAT_STOPPED && start >= NET_FEAT_AGAIN)) {
        if (q->phase != phase) {
            feat_halt(q, NET_FEAT_NONE); /* another phase's: given up */
            q->phase = phase;
            q->out = NULL;
            memset(&q->err, 0, sizeof q->err);
            if (job_start(&q->job, feat_job, q) != 0) {
                q->phase = -1;
                s->state = NET_FEAT_FAILED;
                snprintf(s->why, sizeof s->why, "could not start a thread");
            }
        }
    }
    if (q->phase == phase) {
        if (frac != NULL)
            *frac = job_fraction(&q->job);
        return NET_FEAT_COMPUTING;
    }
    *f = s->f;
    *why = s->why;
    return s->state;
}

const struct net_run_costs *
net_run_costs(const struct net_run *lr)
{
    return lr != NULL && lr->feat != NULL ? lr->feat->costs : NULL;
}

int
net_run_features_stop(const struct net_run *lr)
{
    struct net_run_feat *q = lr != NULL ? lr->feat : NULL;

    if (q == NULL || q->phase < 0)
        return 0;
    feat_halt(q, NET_FEAT_STOPPED);
    return 1;
}

/* The phases of a run, in order (the solve's, then the statistics). */
static const char *const phases[] = {"count", "route",  "collect",
                                     "solve", "replay", "stats"};
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
    return job_phase_progress(c->job, k, NPHASES, done);
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
    } else {
        out->paths = r->paths;
        out->asking = r->asking;
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

/* The boundaries of the network's hierarchy for the sum and each phase:
   what the Network view lists (tens of ms on the thesis system, which
   the explorer's loop thread must not spend). 0, or -1: stopped. */
static int
make_bounds(struct net_run *lr, const atomic_int *stop)
{
    const struct net *net = lr->scen->net->net;
    int n = lr->res->nphases + 1;

    lr->bounds = xcalloc((size_t)n, sizeof *lr->bounds);
    for (int k = 0; k < n; k++) {
        const struct net_result *r = k ? lr->res->phase[k - 1] : lr->res;
        if ((lr->bounds[k] = net_bounds_new(net, r->bytes, stop)) == NULL)
            return -1;
    }
    return 0;
}

/* The hottest links of the sum and each phase (net_run.hot). 0, or -1:
   stopped. */
static int
make_hot(struct net_run *lr, const atomic_int *stop)
{
    int n = lr->res->nphases + 1;

    lr->hot = xcalloc((size_t)n * NET_RUN_HOT, sizeof *lr->hot);
    lr->nhot = xcalloc((size_t)n, sizeof *lr->nhot);
    for (int k = 0; k < n; k++) {
        const struct net_result *r = k ? lr->res->phase[k - 1] : lr->res;
        lr->nhot[k] = net_top_links(lr->scen->net->net, r->bytes, -1,
                                    NET_RUN_HOT,
                                    lr->hot + (size_t)k * NET_RUN_HOT, stop);
        if (stop != NULL && atomic_load(stop))
            return -1;
    }
    return 0;
}

/* The L2 bytes of every pair of groups of a dragonfly, for the sum and
   each phase (net_run.l2pair): each pair's links summed in their order,
   as the group matrix sums them. 0, or -1: stopped. */
static int
make_l2pair(struct net_run *lr, const atomic_int *stop)
{
    const struct net *net = lr->scen->net->net;
    const struct net_dragonfly_params *p = net_dragonfly(net);
    const int *gl = net_df_globals(net);
    int n = lr->res->nphases + 1;
    long long G, gpp;

    if (p == NULL || gl == NULL)
        return 0;
    G = p->groups;
    gpp = p->global_per_pair;
    lr->l2pair = xcalloc((size_t)n, sizeof *lr->l2pair);
    for (int k = 0; k < n; k++) {
        const double *b = k ? lr->res->phase[k - 1]->bytes : lr->res->bytes;
        double *pr = xmalloc((size_t)(G * G) * sizeof *pr);
        lr->l2pair[k] = pr;
        for (long long i = 0; i < G; i++) {
            if (stop != NULL && atomic_load(stop))
                return -1;
            for (long long j = 0; j < G; j++) {
                const int *e = gl + (i * G + j) * gpp;
                double s = 0;
                for (long long q = 0; q < gpp; q++)
                    if (e[q] >= 0 && !isnan(b[e[q]]))
                        s += b[e[q]];
                pr[i * G + j] = s;
            }
        }
    }
    return 0;
}

int
net_run_compute(struct net_run *lr, struct scenario *s,
                const struct model_ctx *ctx, struct rho_err *err)
{
    struct run_ctx c = {lr, ctx->job, 0};
    struct net_opts o;
    double t0 = rho_wall();
    int views = (ctx->keep & MODEL_KEEP_VIEWS) != 0;

    memset(lr, 0, sizeof *lr);
    lr->scen = s;
    lr->recorded = views;
    net_opts_init(&o);
    o.threads = ctx->threads > 0 ? ctx->threads : 1;
    o.per_job = views && s->net && s->net->njobs > 1;
    o.keep_msgs = (ctx->keep & MODEL_KEEP_ITEMS) != 0;
    o.progress = on_progress;
    o.progress_ctx = &c;
    o.stop = ctx->job != NULL ? &ctx->job->cancel : NULL;
    /* (the automatic limit, 0, is 16 GiB or 3/4 of the memory: more; a
       capped run is refused rather than solved another way, as its result
       must be the state's, computed without the cap) */
    if (ctx->max_bytes > 0 &&
        (!(o.mem_limit > 0) || ctx->max_bytes < o.mem_limit)) {
        o.mem_limit = ctx->max_bytes;
        o.fold_runs = -1;
    }
    if (views) { /* the Rounds view steps through them */
        o.round = record_round;
        o.round_ctx = &c;
    }
    if ((lr->res = scenario_net_solve(s, &o, err)) == NULL ||
        on_progress(&c, "stats", 0) ||
        (lr->st = net_stats_result_stop(s->net->net, lr->res, 10, o.stop,
                                        err)) == NULL) {
        if (lr->res != NULL && lr->st == NULL && err != NULL &&
            ctx->job != NULL && job_cancelled(ctx->job))
            rho_err_set(err, RHO_ECANCEL, "link model: cancelled");
        net_run_fini(lr);
        return -1;
    }
    if (lr->nrounds == 0)
        lr->recorded = 0;
    if (views && (make_bounds(lr, o.stop) != 0 || make_hot(lr, o.stop) != 0 ||
                  make_l2pair(lr, o.stop) != 0)) {
        rho_err_set(err, RHO_ECANCEL, "link model: cancelled");
        net_run_fini(lr);
        return -1;
    }
    for (int l = 0; l < lr->res->nlinks; l++) {
        double t = lr->res->bytes[l] / net_link_bw(s->net->net, l);
        if (t > lr->peak)
            lr->peak = t;
    }
    lr->feat = feat_new(lr, o.threads);
    lr->seconds = rho_wall() - t0;
    lr->id = atomic_fetch_add(&next_id, 1) + 1;
    return 0;
}

void
net_run_fini(struct net_run *lr)
{
    if (lr == NULL)
        return;
    feat_free(lr->feat); /* first: its thread reads the rest */
    if (lr->bounds != NULL)
        for (int k = 0; k <= lr->res->nphases; k++)
            net_bounds_free(lr->bounds[k]);
    free(lr->bounds);
    free(lr->hot);
    free(lr->nhot);
    if (lr->l2pair != NULL)
        for (int k = 0; k <= lr->res->nphases; k++)
            free(lr->l2pair[k]);
    free(lr->l2pair);
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
    int k = job_phase(j, NPHASES, frac);

    return k < 0 ? "start" : phases[k];
}

int
net_run_explain(const struct net_run *lr, int l, struct strbuf *out,
                struct rho_err *err)
{
    return net_run_explain_phase(lr, 0, l, out, err);
}

int
net_run_explain_phase(const struct net_run *lr, int phase, int l,
                      struct strbuf *out, struct rho_err *err)
{
    const struct net *net = lr->scen->net->net;
    const double *bytes = lr->res->bytes;
    double peak = lr->peak;
    int nl = net_links(net), cls, rank = 1, n = 0;
    double bw, busy;
    char name[NET_NAME_MAX], a[48], b[48], c[48];

    if (l < 0 || l >= nl)
        return rho_err_set(err, RHO_EINPUT, "no link %d (the network has %d)",
                           l, nl);
    if (phase < 0 || phase > lr->res->nphases)
        return rho_err_set(err, RHO_EINPUT, "no phase %d (the traffic has %d)",
                           phase, lr->res->nphases > 0 ? lr->res->nphases : 1);
    if (phase > 0) { /* its own bytes, and its own busiest link */
        bytes = lr->res->phase[phase - 1]->bytes;
        peak = 0;
        for (int k = 0; k < nl; k++)
            if (bytes[k] / net_link_bw(net, k) > peak)
                peak = bytes[k] / net_link_bw(net, k);
    }
    cls = net_link_class(net, l);
    bw = net_link_bw(net, l);
    busy = bytes[l] / bw;
    /* its rank among its class: more bytes first, ties by link id, as
       the hottest lists order them */
    for (int k = 0; k < nl; k++) {
        if (net_link_class(net, k) != cls)
            continue;
        n++;
        rank += bytes[k] > bytes[l] || (bytes[k] == bytes[l] && k < l);
    }
    strbuf_printf(out, "link %s (%s)", net_link_name(net, l, name, sizeof name),
                  net_class_name(net, cls));
    if (phase > 0)
        strbuf_printf(out, " in phase %d", phase);
    strbuf_printf(out, ": ");
    if (!(bytes[l] > 0)) {
        strbuf_printf(out, "idle (one of %d links in its class)\n", n);
        return 0;
    }
    strbuf_printf(
        out,
        "%s / %s = %s busy, load %.2f of the busiest; %d%s of "
        "%d in its class\n",
        units_fmt_size(a, sizeof a, bytes[l]), units_fmt_rate(b, sizeof b, bw),
        units_fmt_time(c, sizeof c, busy), peak > 0 ? busy / peak : 0.0, rank,
        rank % 10 == 1 && rank % 100 != 11   ? "st"
        : rank % 10 == 2 && rank % 100 != 12 ? "nd"
        : rank % 10 == 3 && rank % 100 != 13 ? "rd"
                                             : "th",
        n);
    return 0;
}

/* ---- the entry ---- */

static int
applies(const struct scenario *s)
{
    return s->net != NULL;
}

static void *
run(struct scenario *s, const struct model_ctx *ctx, struct rho_err *err)
{
    struct net_run *lr = xcalloc(1, sizeof *lr);

    if (net_run_compute(lr, s, ctx, err) != 0) {
        free(lr);
        return NULL;
    }
    return lr;
}

static void
result_free(void *res)
{
    net_run_fini(res);
    free(res);
}

static int
explain(void *res, int item, double t, struct strbuf *out, struct rho_err *err)
{
    (void)t; /* one phase of traffic: no time */
    return net_run_explain(res, item, out, err);
}

/* r without its messages, their paths and its bytes per job (and so
   its phases). */
static void
shrink(struct net_result *r)
{
    free(r->msg_job);
    free(r->msg_src);
    free(r->msg_dst);
    free(r->msg_bytes);
    free(r->msg_bw);
    free(r->path_off);
    free(r->path_start);
    free(r->path_len);
    free(r->links);
    free(r->path_bw);
    free(r->job_bytes);
    r->msg_job = r->msg_src = r->msg_dst = NULL;
    r->msg_bytes = r->msg_bw = r->path_bw = r->job_bytes = NULL;
    r->path_off = r->path_len = r->links = NULL;
    r->path_start = NULL;
    r->nmsg = 0;
    for (int k = 0; k < r->nphases; k++)
        shrink(r->phase[k]);
}

/* Kept one generation back: the bytes per link, the statistics and the
   scenario stay (what compare mode reads); the messages, their paths,
   the bytes per job, the rounds' per-link records and the boundaries
   go. */
static void
retire(void *res)
{
    struct net_run *lr = res;

    feat_halt(lr->feat, NET_FEAT_NONE); /* (its thread reads the result) */
    if (lr->bounds != NULL)
        for (int k = 0; k <= lr->res->nphases; k++)
            net_bounds_free(lr->bounds[k]);
    free(lr->bounds);
    lr->bounds = NULL;
    if (lr->l2pair != NULL)
        for (int k = 0; k <= lr->res->nphases; k++)
            free(lr->l2pair[k]);
    free(lr->l2pair);
    lr->l2pair = NULL;
    shrink(lr->res);
    free(lr->granted);
    free(lr->remaining);
    lr->granted = lr->remaining = NULL;
    lr->recorded = 0;
}

/* The bytes of r's arrays (and its phases'), about. */
static size_t
result_bytes(const struct net_result *r)
{
    size_t n = (size_t)r->nlinks * sizeof(double), np;

    if (r->job_bytes != NULL)
        n += (size_t)r->njobs * (size_t)r->nlinks * sizeof(double);
    if (r->msg_job != NULL)
        n += (size_t)r->nmsg * (3 * sizeof(int) + 2 * sizeof(double));
    if (r->path_off != NULL && (np = (size_t)r->path_off[r->nmsg]) > 0)
        n += (size_t)(r->nmsg + 1) * sizeof(int) +
             np * (sizeof(long long) + sizeof(int) + sizeof(double)) +
             (size_t)(r->path_start[np - 1] + r->path_len[np - 1]) *
                 sizeof(int);
    for (int k = 0; k < r->nphases; k++)
        n += result_bytes(r->phase[k]);
    return n;
}

/* Remembered by the session: the Metrics view's indicators stop (asked
   again, they start again). */
static size_t
shelve(void *res)
{
    struct net_run *lr = res;
    size_t n = sizeof *lr + result_bytes(lr->res);

    feat_halt(lr->feat, NET_FEAT_NONE);
    if (lr->recorded)
        n += 2 * (size_t)lr->nrounds * (size_t)lr->res->nlinks *
             sizeof(double);
    return n;
}

static const struct model_col cols[] = {
    {"max link", "max_link_bytes", MODEL_COL_BYTES},
    {"mean link", "mean_link_bytes", MODEL_COL_BYTES},
    {"avg hops", "avg_hops", MODEL_COL_NUMBER},
    {"phase (est.)", "phase_estimate_s", MODEL_COL_TIME},
};

static int
sweep(const void *res, double *out)
{
    const struct net_run *lr = res;

    out[0] = lr->st->cls[0].max;
    out[1] = lr->st->cls[0].mean;
    out[2] = lr->st->avg_hops;
    out[3] = lr->st->phase_time_ext;
    return 0;
}

/* (its result keeps its scenario, whose queue options no view of it
   reads: the Queue view shows the queueing model's own) */
static const char *const unread[] = {"queue", NULL};

const struct model_entry model_net_entry = {
    .name = "link",
    .title = "link model",
    .views = "network links map classes rounds metrics jobs lesson",
    .background = 1,
    .applies = applies,
    .run = run,
    .result_free = result_free,
    .phase = net_run_progress,
    .explain = explain,
    .cols = cols,
    .ncols = (int)(sizeof cols / sizeof cols[0]),
    .failed_word = NULL,
    .sweep = sweep,
    .retire = retire,
    .shelve = shelve,
    .unread = unread,
};

const struct net_run *
model_net_run(const struct session *ss)
{
    return session_result(ss, &model_net_entry);
}

const struct net_run *
model_net_run_prev(const struct session *ss)
{
    return session_result_prev(ss, &model_net_entry, NULL);
}

struct net_features *
model_net_features(const struct scenario *s, const struct net_result *res,
                   int phase, int threads, struct job *job,
                   struct rho_err *err)
{
    const struct net_scen *l = s->net;
    struct net_job *jobs;
    struct net_features *f;
    int n = 0;

    if (l == NULL || res == NULL) {
        rho_err_set(err, RHO_EINPUT, "metrics: no result of the link model");
        return NULL;
    }
    if (phase < 0 || phase > res->nphases) {
        rho_err_set(err, RHO_EINPUT,
                    "metrics: no phase %d (the traffic has %d)", phase,
                    res->nphases > 0 ? res->nphases : 1);
        return NULL;
    }
    jobs = xcalloc((size_t)(l->njobs > 0 ? l->njobs : 1), sizeof *jobs);
    for (int j = 0; j < l->njobs; j++) {
        const struct pattern *p = l->job[j].pattern;
        if (phase > 0 && (p = pattern_phase(p, phase - 1)) == NULL)
            continue; /* idle in this phase */
        jobs[n].pattern = p;
        jobs[n].placement = l->placement;
        jobs[n].offset = l->job[j].offset;
        jobs[n].routing = l->job[j].routing;
        n++;
    }
    f = net_features_new(l->net, jobs, n,
                         phase > 0 ? res->phase[phase - 1] : res, threads, job,
                         err);
    free(jobs);
    return f;
}

int
model_net_costs(const struct scenario *s, const struct net_result *res,
                struct net_coll_cost *out, int max)
{
    const struct net_scen *l = s->net;
    struct net_job *jobs;
    int n;

    if (l == NULL || res == NULL)
        return 0;
    jobs = xcalloc((size_t)(l->njobs > 0 ? l->njobs : 1), sizeof *jobs);
    for (int j = 0; j < l->njobs; j++) {
        jobs[j].pattern = l->job[j].pattern;
        jobs[j].placement = l->placement;
        jobs[j].offset = l->job[j].offset;
        jobs[j].routing = l->job[j].routing;
    }
    n = net_stats_coll(l->net, jobs, l->njobs, res, l->gamma, out, max);
    free(jobs);
    return n;
}

struct net_jobs_stats *
model_net_jobs(const struct scenario *s, const struct net_result *res,
               int phase, struct rho_err *err)
{
    const struct net_scen *l = s->net;
    struct net_job *jobs;
    struct net_jobs_stats *js;

    if (l == NULL || res == NULL) {
        rho_err_set(err, RHO_EINPUT, "jobs: no result of the link model");
        return NULL;
    }
    if (phase < 0 || phase > res->nphases) {
        rho_err_set(err, RHO_EINPUT, "jobs: no phase %d (the traffic has %d)",
                    phase, res->nphases > 0 ? res->nphases : 1);
        return NULL;
    }
    jobs = xcalloc((size_t)(l->njobs > 0 ? l->njobs : 1), sizeof *jobs);
    for (int j = 0; j < l->njobs; j++) {
        const struct pattern *p = l->job[j].pattern;
        jobs[j].pattern = phase > 0 ? pattern_phase(p, phase - 1) : p;
        jobs[j].placement = l->placement;
        jobs[j].offset = l->job[j].offset;
        jobs[j].routing = l->job[j].routing;
    }
    js = net_stats_jobs(l->net, jobs, l->njobs,
                        phase > 0 ? res->phase[phase - 1] : res, err);
    free(jobs);
    return js;
}
