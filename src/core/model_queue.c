/*
 * model_queue: the queueing model on a scenario. See model_queue.h.
 */
#include "core/model_queue.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/base/rho_alloc.h"
#include "core/base/strbuf.h"
#include "core/base/units.h"
#include "core/net/route.h"

static atomic_ulong next_id;

static const char *const phases[] = {"route", "compare"};
#define NPHASES 2

/* ---- the traffic cache ---- */

struct entry {
    char *key;
    struct queue_traffic *t;
    struct queue_link_level *links; /* the link model's view, or NULL */
    unsigned long used;
};

static pthread_mutex_t cache_mu = PTHREAD_MUTEX_INITIALIZER;
static struct entry cache[QUEUE_CACHE];
static unsigned long cache_clock;

static struct queue_traffic *
traffic_copy(const struct queue_traffic *t)
{
    struct queue_traffic *c = xmalloc(sizeof *c);
    size_t n = (size_t)t->k;

    *c = *t;
    c->H = xmalloc(n * sizeof *c->H);
    c->F = xmalloc(n * sizeof *c->F);
    c->L = xmalloc(n * sizeof *c->L);
    c->top = xmalloc(n * sizeof *c->top);
    c->T = xmalloc(n * n * sizeof *c->T);
    memcpy(c->H, t->H, n * sizeof *c->H);
    memcpy(c->F, t->F, n * sizeof *c->F);
    memcpy(c->L, t->L, n * sizeof *c->L);
    memcpy(c->top, t->top, n * sizeof *c->top);
    memcpy(c->T, t->T, n * n * sizeof *c->T);
    return c;
}

static struct queue_link_level *
links_copy(const struct queue_link_level *l, int k)
{
    struct queue_link_level *c;

    if (l == NULL)
        return NULL;
    c = xmalloc((size_t)k * sizeof *c);
    memcpy(c, l, (size_t)k * sizeof *c);
    return c;
}

/* Copies of the cached totals of key (and the link model's view, or
   NULL) into *t and *links; 0 if absent. */
static int
cache_get(const char *key, struct queue_traffic **t,
          struct queue_link_level **links)
{
    int found = 0;

    pthread_mutex_lock(&cache_mu);
    for (int i = 0; i < QUEUE_CACHE; i++)
        if (cache[i].key != NULL && strcmp(cache[i].key, key) == 0) {
            cache[i].used = ++cache_clock;
            *t = traffic_copy(cache[i].t);
            *links = links_copy(cache[i].links, cache[i].t->k);
            found = 1;
            break;
        }
    pthread_mutex_unlock(&cache_mu);
    return found;
}

/* Keep copies of t and links (may be NULL: keeps a view already there)
   under key. */
static void
cache_put(const char *key, const struct queue_traffic *t,
          const struct queue_link_level *links)
{
    int victim = 0;

    pthread_mutex_lock(&cache_mu);
    for (int i = 0; i < QUEUE_CACHE; i++) {
        if (cache[i].key != NULL && strcmp(cache[i].key, key) == 0) {
            if (links != NULL && cache[i].links == NULL)
                cache[i].links = links_copy(links, t->k);
            victim = -1;
            break;
        }
        if (cache[i].used < cache[victim].used)
            victim = i;
    }
    if (victim >= 0) {
        free(cache[victim].key);
        queue_traffic_free(cache[victim].t);
        free(cache[victim].links);
        cache[victim].key = xstrdup(key);
        cache[victim].t = traffic_copy(t);
        cache[victim].links = links_copy(links, t->k);
        cache[victim].used = ++cache_clock;
    }
    pthread_mutex_unlock(&cache_mu);
}

void
queue_run_cache_clear(void)
{
    pthread_mutex_lock(&cache_mu);
    for (int i = 0; i < QUEUE_CACHE; i++) {
        free(cache[i].key);
        queue_traffic_free(cache[i].t);
        free(cache[i].links);
        memset(&cache[i], 0, sizeof cache[i]);
    }
    pthread_mutex_unlock(&cache_mu);
}

/*
 * What makes the traffic totals, as text: the specs of the network, the
 * placement and every job (exact values, as the scenario writes them
 * back), the seed, the path mode and the levels. NULL when the network is
 * not made from a spec (a PCIe tree's): such runs are not cached.
 */
static char *
traffic_key(const struct scenario *s)
{
    const struct net_scen *l = s->net;
    const struct queue_group_spec *g = s->queue ? &s->queue->group : NULL;
    struct strbuf k;
    char *key;

    if (l->net_spec.kind == NET_TOPO_TREE)
        return NULL;
    strbuf_init(&k);
    net_topo_to_lua(&l->net_spec, &k);
    strbuf_puts(&k, "\nplace ");
    net_place_to_lua(&l->place, &k);
    strbuf_printf(&k, "\nseed %llu paths %d ranks %d\n",
                  (unsigned long long)s->seed, l->minimal, l->nranks);
    for (int j = 0; j < l->njobs; j++) {
        const struct net_scen_job *jb = &l->job[j];
        strbuf_printf(&k, "job %d %d %d %s ", jb->ranks, jb->offset,
                      jb->routing, jb->rest ? "rest" : "");
        net_pattern_to_lua(&jb->spec, &k);
        strbuf_puts(&k, "\n");
    }
    if (g != NULL) {
        strbuf_printf(&k, "levels %d", g->kind);
        for (int i = 0; i < g->n; i++) {
            strbuf_puts(&k, " {");
            strbuf_lua_quote(&k, g->lv[i].name);
            for (int c = 0; c < g->lv[i].nclasses; c++) {
                strbuf_puts(&k, ",");
                strbuf_lua_quote(&k, g->lv[i].classes[c]);
            }
            strbuf_puts(&k, "}");
        }
    }
    key = xstrdup(strbuf_str(&k));
    strbuf_fini(&k);
    return key;
}

/* ---- progress ---- */

struct prog {
    struct job *job;
    int phase;
};

static int
on_progress(void *vctx, const char *phase, double done)
{
    struct prog *p = vctx;

    (void)phase;
    return job_phase_progress(p->job, p->phase, NPHASES, done);
}

const char *
queue_run_progress(const struct job *j, double *frac)
{
    int k = job_phase(j, NPHASES, frac);

    return k < 0 ? "start" : phases[k];
}

/* ---- the run ---- */

void
queue_run_fini(struct queue_run *r)
{
    if (r == NULL)
        return;
    if (r->own_opt)
        queue_scen_free(r->opt);
    queue_free(r->q);
    queue_traffic_free(r->t);
    queue_map_free(r->map);
    free(r->mu);
    free(r->lv);
    free(r->pmu);
    free(r->plv);
    free(r->links);
    scenario_free(r->scen);
    memset(r, 0, sizeof *r);
}

int
queue_run_eval(struct queue_run *r, const struct queue_scen *o,
               struct rho_err *err)
{
    struct queue *q = r->q;
    size_t k = (size_t)q->k;
    double total = 0, V = queue_visits_sum(q), le;

    if (o == NULL)
        o = r->opt;
    if (queue_scen_check(o, q->k, err) != 0)
        return -1;
    queue_scen_apply_latency(o, q);
    r->sat0 = queue_saturation(q, NULL, NULL);
    r->lambda = o->load_rate        ? o->load
                : isfinite(r->sat0) ? o->load * r->sat0
                                    : 0;
    queue_slim(q, q->mu, o->slim, r->pmu);
    for (size_t i = 0; i < k; i++)
        total += r->pmu[i];
    r->U = o->budget > 0 ? o->budget : total;
    /* the square-root split is made for the offered load, at most the
       budget's saturation */
    le = V > 0 && r->lambda < r->U / V ? r->lambda : r->U / (V > 0 ? V : 1);
    for (int p = 0; p < QUEUE_POLICIES; p++) {
        double *mu = r->pmu + (size_t)p * k;
        if (p != QUEUE_BUILT)
            queue_split(q, p, r->U, le, &o->opts, mu);
        queue_eval(q, mu, r->lambda, &o->opts, &r->ppt[p],
                   r->plv + (size_t)p * k);
    }
    memcpy(r->mu, r->pmu + (size_t)o->split * k, k * sizeof *r->mu);
    memcpy(r->lv, r->plv + (size_t)o->split * k, k * sizeof *r->lv);
    r->pt = r->ppt[o->split];
    return 0;
}

/* The link model on the same traffic, per level (from the cache when it
   has it). */
static int
compare(struct queue_run *r, int threads, struct prog *pg, const char *key,
        struct rho_err *err)
{
    const struct scenario *s = r->scen;
    struct net_opts o;
    struct net_result *res;

    if (r->links == NULL) {
        net_opts_init(&o);
        o.threads = threads;
        o.progress = on_progress;
        o.progress_ctx = pg;
        o.stop = pg->job != NULL ? &pg->job->cancel : NULL;
        if ((res = scenario_net_solve(s, &o, err)) == NULL)
            return -1;
        r->links = xcalloc((size_t)r->q->k, sizeof *r->links);
        queue_map_links(r->map, s->net->net, res->bytes, res->routed_bytes,
                        r->links);
        net_result_free(res);
        if (key != NULL)
            cache_put(key, r->t, r->links);
    }
    r->link_sat = INFINITY;
    for (int i = 0; i < r->q->k; i++)
        if (r->links[i].sat < r->link_sat)
            r->link_sat = r->links[i].sat;
    for (int j = 0; j < s->net->njobs; j++)
        r->link_routing_differs |= net_routing_adaptive(s->net->job[j].routing);
    return 0;
}

/* Levels and traffic of a scenario on a network (key: its cache key, or
   NULL). */
static int
from_network(struct queue_run *r, int threads, struct prog *pg, const char *key,
             struct rho_err *err)
{
    const struct scenario *s = r->scen;
    const struct net_scen *l = s->net;
    struct queue_traffic_opts o;
    struct net_job *jobs;

    if (l->placement == NULL || l->njobs == 0)
        return rho_err_set(err, RHO_EINPUT,
                           "the queueing model: the network has no traffic");
    if (net_links(l->net) == 0) { /* one router: no message crosses one */
        r->idle = 1;
        r->idle_msgs = 0;
        for (int j = 0; j < l->njobs; j++) {
            long long n;
            double b;
            pattern_count(l->job[j].pattern, &n, &b);
            r->idle_msgs += n;
        }
        return 0;
    }
    if ((r->map = queue_map_new(l->net, &r->opt->group, err)) == NULL) {
        /* the levels the script gave: say where */
        if (r->opt->line > 0)
            rho_err_prefix(err, "line %d: queue: levels", r->opt->line);
        else
            rho_err_prefix(err, "queue: levels");
        return -1;
    }
    if (pg->job != NULL && job_cancelled(pg->job)) /* (levels of 2.7M links
                                                      took a while) */
        return rho_err_set(err, RHO_ECANCEL, "queueing model: cancelled");
    if (key != NULL && cache_get(key, &r->t, &r->links) &&
        r->t->k == r->map->k) {
        r->cached = 1;
    } else {
        queue_traffic_free(r->t);
        free(r->links);
        r->t = NULL;
        r->links = NULL;
        queue_traffic_opts_init(&o);
        o.seed = s->seed ? s->seed : 1;
        o.threads = threads;
        o.minimal = l->minimal;
        o.progress = on_progress;
        o.progress_ctx = pg;
        jobs = xcalloc((size_t)l->njobs, sizeof *jobs);
        for (int j = 0; j < l->njobs; j++) {
            jobs[j].pattern = l->job[j].pattern;
            jobs[j].placement = l->placement;
            jobs[j].offset = l->job[j].offset;
            jobs[j].routing = l->job[j].routing;
        }
        r->t = queue_traffic_run(l->net, r->map, jobs, l->njobs, &o, err);
        free(jobs);
        if (r->t != NULL && key != NULL)
            cache_put(key, r->t, NULL);
    }
    if (r->t == NULL)
        return -1;
    if (!(r->t->W > 0)) { /* (a sweep of sizes from 0 B, on-node traffic:
                             the other models' results stand) */
        r->idle = 1;
        r->idle_msgs = r->t->msgs;
        return 0;
    }
    r->q = queue_from_map(r->map);
    return queue_apply_traffic(r->q, r->t, &r->check, err);
}

int
queue_run_compute(struct queue_run *r, struct scenario *s, int threads,
                  struct job *j, struct rho_err *err)
{
    struct prog pg = {j, 0};
    double t0 = rho_wall();
    char *key = NULL;
    size_t k;

    memset(r, 0, sizeof *r);
    r->scen = s;
    r->check = NAN;
    if (threads < 1)
        threads = 1;
    if (s->queue != NULL) {
        r->opt = s->queue;
    } else {
        r->opt = queue_scen_new();
        r->own_opt = 1;
    }
    if (r->opt->levels != NULL) {
        r->q = queue_clone(r->opt->levels);
    } else if (s->net == NULL) {
        rho_err_set(err, RHO_EINPUT,
                    "the queueing model needs a network or levels (give "
                    "the tree a routing, use a network topology, or "
                    "topology = rho.levels { ... })");
        goto fail;
    } else {
        key = traffic_key(s);
        if (from_network(r, threads, &pg, key, err) != 0)
            goto fail;
        if (r->idle)
            goto done;
    }
    k = (size_t)r->q->k;
    r->mu = xcalloc(k, sizeof *r->mu);
    r->lv = xcalloc(k, sizeof *r->lv);
    r->pmu = xcalloc(k * QUEUE_POLICIES, sizeof *r->pmu);
    r->plv = xcalloc(k * QUEUE_POLICIES, sizeof *r->plv);
    if (queue_run_eval(r, NULL, err) != 0)
        goto fail;
    if (r->map != NULL && r->opt->compare) {
        pg.phase = 1;
        if (compare(r, threads, &pg, key, err) != 0)
            goto fail;
    } else {
        free(r->links); /* a cached view not asked for */
        r->links = NULL;
    }
done:
    free(key);
    r->seconds = rho_wall() - t0;
    r->id = atomic_fetch_add(&next_id, 1) + 1;
    return 0;
fail:
    free(key);
    queue_run_fini(r);
    return -1;
}

/* ---- explain ---- */

static const char *
rate_or(char *b, size_t n, double v)
{
    if (!isfinite(v))
        snprintf(b, n, "unlimited");
    else
        units_fmt_rate(b, n, v);
    return b;
}

double
queue_run_hot_util(const struct queue_run *r, const struct queue_link_level *ln,
                   int i)
{
    const struct queue_link_level *l;

    if (ln == NULL || r->q == NULL || r->mu == NULL || i < 0 || i >= r->q->k)
        return NAN;
    l = &ln[i];
    if (l->hot < 0 || !isfinite(l->sat) || !(l->sat > 0) ||
        !(r->q->mu[i] > 0) || !(r->mu[i] > 0))
        return NAN;
    return r->pt.lambda_e / (l->sat * (r->mu[i] / r->q->mu[i]));
}

int
queue_run_explain(const struct queue_run *r, int i, struct strbuf *out,
                  struct rho_err *err)
{
    const struct queue *q = r->q;
    const struct queue_level_point *lv;
    char a[64], b[64], c[64];
    size_t k;
    double bound;

    if (r->idle)
        return rho_err_set(err, RHO_EINPUT,
                           "no message crosses a link: nothing to queue");
    if (r->q == NULL || i < 0 || i >= q->k)
        return rho_err_set(err, RHO_EINPUT, "no level %d (the model has %d)",
                           i + 1, r->q ? r->q->k : 0);
    k = (size_t)q->k;
    lv = &r->lv[i];
    strbuf_printf(out, "level %s: %s, capacity %s", q->name[i],
                  units_fmt_count(c, sizeof c, q->n[i], "link"),
                  units_fmt_rate(a, sizeof a, r->mu[i]));
    if (r->mu[i] != q->mu[i])
        strbuf_printf(out, " (%s as built)",
                      units_fmt_rate(b, sizeof b, q->mu[i]));
    strbuf_puts(out, "\n");
    if (r->t != NULL)
        strbuf_printf(out,
                      "visits  v = %.6g: its hops carried %s for the %s the "
                      "messages sent through the network\n",
                      q->v[i], units_fmt_size(a, sizeof a, r->t->H[i]),
                      units_fmt_size(b, sizeof b, r->t->W));
    else
        strbuf_printf(out, "visits  v = %.6g (given)\n", q->v[i]);
    if (!(q->v[i] > 0)) {
        strbuf_puts(out, "unused  no traffic crosses it: a split of the "
                         "budget gives it nothing\n");
        return 0;
    }
    strbuf_printf(out, "load    x = lambda_e v = %s x %.6g = %s\n",
                  units_fmt_rate(a, sizeof a, r->pt.lambda_e), q->v[i],
                  units_fmt_rate(b, sizeof b, lv->x));
    strbuf_printf(out, "util    rho = x / mu = %.4f%s\n", lv->rho,
                  lv->saturated ? " (saturated)" : "");
    if (isfinite(lv->D))
        strbuf_printf(out,
                      "delay   D = %s%s / (mu - x) = %s per hop (M/M/1, %s)\n",
                      r->opt->opts.delay == QUEUE_PER_LINK ? "n S" : "S",
                      q->lat[i] > 0 ? " + latency" : "",
                      units_fmt_time(a, sizeof a, lv->D),
                      queue_delay_name(r->opt->opts.delay));
    else
        strbuf_puts(out, "delay   saturated: no finite delay\n");
    bound = r->mu[i] / q->v[i];
    strbuf_printf(out, "bound   mu / v = %s", rate_or(a, sizeof a, bound));
    if (i == r->pt.bottleneck)
        strbuf_puts(out, ": the bottleneck, the saturation throughput\n");
    else
        strbuf_printf(out, ", %.3g x the saturation (%s, bottleneck %s)\n",
                      bound / r->pt.sat, rate_or(c, sizeof c, r->pt.sat),
                      q->name[r->pt.bottleneck]);
    if (q->has_p) {
        strbuf_printf(out, "routing p0 = %.4f first hops, exit %.4f; then",
                      q->p0[i], q->pexit[i]);
        for (size_t j = 0; j < k; j++)
            if (q->P[(size_t)i * k + j] > 0)
                strbuf_printf(out, " %s %.4f", q->name[j],
                              q->P[(size_t)i * k + j]);
        strbuf_puts(out, "\n");
    }
    strbuf_printf(
        out, "optimal mu* = U v / V = %s (Theorem 3.3)\n",
        units_fmt_rate(a, sizeof a,
                       r->pmu[(size_t)QUEUE_OPTIMAL * k + (size_t)i]));
    if (r->links != NULL) {
        const struct queue_link_level *l = &r->links[i];
        strbuf_printf(out,
                      "links   the link model: v %.6g, hottest link %.3f x "
                      "the mean, saturating at %s\n",
                      l->v, l->imbalance, rate_or(a, sizeof a, l->sat));
    }
    return 0;
}

/* ---- the entry ---- */

static int
applies(const struct scenario *s)
{
    return s->net != NULL || (s->queue != NULL && s->queue->levels != NULL);
}

static void *
run(struct scenario *s, const struct model_ctx *ctx, struct rho_err *err)
{
    struct queue_run *r = xcalloc(1, sizeof *r);

    if (queue_run_compute(r, s, ctx->threads, ctx->job, err) != 0) {
        free(r);
        return NULL;
    }
    return r;
}

static void
result_free(void *res)
{
    queue_run_fini(res);
    free(res);
}

static int
explain(void *res, int item, double t, struct strbuf *out, struct rho_err *err)
{
    (void)t; /* a steady state: no time */
    return queue_run_explain(res, item, out, err);
}

static const struct model_col cols[] = {
    {"throughput", "throughput_Bps", MODEL_COL_RATE | MODEL_COL_PLOT},
    {"throttled", "throttled_share", MODEL_COL_NUMBER},
    {"delay", "delay_s", MODEL_COL_TIME | MODEL_COL_PLOT},
    {"saturation", "saturation_Bps", MODEL_COL_RATE},
    {"vs built", "saturation_vs_built", MODEL_COL_NUMBER},
    {"bottleneck", "bottleneck_level", MODEL_COL_NUMBER},
};

static int
sweep(const void *res, double *out)
{
    const struct queue_run *r = res;

    if (r->idle) /* (its columns read "-") */
        return 1;
    out[0] = r->pt.lambda_e;
    out[1] = r->lambda > 0 ? r->pt.d / r->lambda : 0;
    out[2] = r->pt.delay;
    out[3] = r->pt.sat;
    out[4] = r->sat0 > 0 ? r->pt.sat / r->sat0 : NAN;
    out[5] = r->pt.bottleneck + 1;
    return 0;
}

const struct model_entry model_queue_entry = {
    .name = "queue",
    .title = "queueing model",
    .views = "queue",
    .background = 1,
    .applies = applies,
    .run = run,
    .result_free = result_free,
    .phase = queue_run_progress,
    .explain = explain,
    .cols = cols,
    .ncols = (int)(sizeof cols / sizeof cols[0]),
    .failed_word = NULL,
    .sweep = sweep,
};

const struct queue_run *
model_queue_run(const struct session *ss)
{
    return session_result(ss, &model_queue_entry);
}
