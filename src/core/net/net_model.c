/*
 * net_model: the link model's interface -- routings, options, results --
 * and the choice of engine. See net_model.h for the model and its
 * invariants, net_engine.h for the engines.
 */
#include "core/net/net_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/net/net_engine.h"
#include "core/net/route.h"

/* What net_opts_set_defaults() set (once, before any solve). */
static int default_engine = NET_ENGINE_FAST;
static double default_mem_limit;
static long long default_samples = NET_FAST_SAMPLES;
static int default_nranks, default_rank;
static net_reduce_fn *default_reduce;
static net_gather_fn *default_gather;
static void *default_reduce_ctx;

static const char *const routing_names[NET_ROUTING_COUNT] = {
    "DOR", "SD", "SI", "AD", "AI", "AH", "BGQ"};

const char *
net_routing_name(int routing)
{
    return routing >= 0 && routing < NET_ROUTING_COUNT ? routing_names[routing]
                                                       : "?";
}

int
net_routing_parse(const char *name)
{
    if (name == NULL)
        return -1;
    if (strcasecmp(name, "updown") == 0 || strcasecmp(name, "up/down") == 0)
        return NET_SD;
    for (int r = 0; r < NET_ROUTING_COUNT; r++)
        if (strcasecmp(name, routing_names[r]) == 0)
            return r;
    return -1;
}

int
net_routing_adaptive(int routing)
{
    return routing == NET_AD || routing == NET_AI || routing == NET_AH;
}


void
net_opts_init(struct net_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->threads = 1;
    o->step = -1;
    o->minimal = ROUTE_MIN;
    o->packet = 64;
    o->max_iters = 200;
    o->cutoff = 1e-2;
    o->ai_paths = 4;
    o->ah_direct = 2;
    o->ah_indirect = 2;
    o->ad_max_paths = 64;
    o->bgq_threshold = 65536;
    o->record_budget = 512.0 * 1048576;
    o->samples = default_samples;
    o->mem_limit = default_mem_limit;
    o->nranks = default_nranks;
    o->rank = default_rank;
    o->reduce = default_reduce;
    o->gather = default_gather;
    o->reduce_ctx = default_reduce_ctx;
}

void
net_bw_stats_merge(struct net_bw_stats *o, const struct net_bw_stats *s)
{
    if (s->n == 0)
        return;
    if (o->n == 0 || s->min < o->min)
        o->min = s->min;
    if (o->n == 0 || s->max > o->max)
        o->max = s->max;
    if (s->worst > o->worst)
        o->worst = s->worst;
    o->n += s->n;
    o->starved += s->starved;
    xsum_merge(&o->sum, &s->sum);
}

void
net_result_free(struct net_result *res)
{
    if (res == NULL)
        return;
    free(res->bytes);
    free(res->job_bytes);
    free(res->msg_job);
    free(res->msg_src);
    free(res->msg_dst);
    free(res->msg_bytes);
    free(res->msg_bw);
    free(res->job_bws);
    free(res->path_off);
    free(res->path_start);
    free(res->path_len);
    free(res->links);
    free(res->path_bw);
    for (int k = 0; k < res->nphases; k++)
        net_result_free(res->phase[k]);
    free(res->phase);
    free(res);
}

int
net_jobs_chunks(const struct net_job *jobs, int njobs, long long per, int **job,
                long long **u0, long long **u1)
{
    size_t cap = 0;
    int n = 0;

    *job = NULL;
    *u0 = *u1 = NULL;
    for (int j = 0; j < njobs; j++) {
        long long U = pattern_units(jobs[j].pattern);
        long long size = (U + per - 1) / per;
        if (size < 1)
            size = 1;
        for (long long u = 0; u < U; u += size) {
            if ((size_t)n == cap) {
                cap = rho_grow_cap(cap, cap + 1);
                *job = xreallocarray(*job, cap, sizeof **job);
                *u0 = xreallocarray(*u0, cap, sizeof **u0);
                *u1 = xreallocarray(*u1, cap, sizeof **u1);
            }
            (*job)[n] = j;
            (*u0)[n] = u;
            (*u1)[n] = u + size < U ? u + size : U;
            n++;
        }
    }
    return n;
}

int
net_msg_error(struct rho_err *err, int unreachable, int job, int src, int dst)
{
    if (unreachable)
        return rho_err_set(err, RHO_EINPUT,
                           "job %d: rank %d cannot reach rank %d", job + 1, src,
                           dst);
    return rho_err_set(err, RHO_EINPUT,
                       "job %d: message %d -> %d outside the job's ranks",
                       job + 1, src, dst);
}

int
net_jobs_check(const struct net *net, const struct net_job *jobs, int njobs,
               const char *none, struct rho_err *err)
{
    if (njobs < 1 || jobs == NULL)
        return rho_err_set(err, RHO_EINPUT, "%s", none);
    for (int j = 0; j < njobs; j++) {
        const struct net_job *b = &jobs[j];
        if (b->pattern == NULL || b->placement == NULL)
            return rho_err_set(err, RHO_EINPUT,
                               "job %d: no pattern or placement", j + 1);
        if (b->routing < 0 || b->routing >= NET_ROUTING_COUNT)
            return rho_err_set(err, RHO_EINPUT, "job %d: unknown routing %d",
                               j + 1, b->routing);
        if (b->offset < 0 || (long long)b->offset + pattern_ranks(b->pattern) >
                                 placement_ranks(b->placement))
            return rho_err_set(err, RHO_EINPUT,
                               "job %d: ranks %d..%lld but the placement has "
                               "%d",
                               j + 1, b->offset,
                               (long long)b->offset +
                                   pattern_ranks(b->pattern) - 1,
                               placement_ranks(b->placement));
        if (placement_max_endpoint(b->placement) >= net_endpoints(net))
            return rho_err_set(err, RHO_EINPUT,
                               "job %d: placement is for another network",
                               j + 1);
    }
    return 0;
}

/*
 * The reference engine keeps every message of an adaptive run and its
 * paths (about 0.6 KB a message for AD, 1.5 KB for AI and AH, measured on
 * the df-40 preset): refuse a run that would pass the memory limit rather
 * than let the program be killed.
 */
static int
ref_too_big(const struct net_job *jobs, int njobs, const struct net_opts *o,
            struct rho_err *err)
{
    int adaptive = 0, fresh = 0;
    long long msgs = 0;
    double need, lim = net_mem_limit(o);
    char c[32];

    for (int j = 0; j < njobs; j++) {
        adaptive |= net_routing_adaptive(jobs[j].routing);
        fresh |= jobs[j].routing == NET_AI || jobs[j].routing == NET_AH;
    }
    if (!adaptive)
        return 0;
    for (int j = 0; j < njobs; j++) {
        long long m;
        pattern_count(jobs[j].pattern, &m, NULL);
        msgs += m;
    }
    need = (double)msgs * (fresh ? 1536 : 640);
    if (need <= lim)
        return 0;
    rho_err_set(err, RHO_ELIMIT,
                "the reference engine keeps every message of an adaptive "
                "run: %s messages would need about %.1f GiB, more than the "
                "%.1f GiB allowed (the default engine needs less)",
                units_fmt_int(c, sizeof c, msgs), need / 1073741824.0,
                lim / 1073741824.0);
    return 1;
}

double
net_mem_limit(const struct net_opts *o)
{
    double lim = o->mem_limit;

    if (!(lim > 0)) {
        long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
        lim = NET_MEM_LIMIT;
        if (pages > 0 && psize > 0 && 0.75 * (double)pages * (double)psize < lim)
            lim = 0.75 * (double)pages * (double)psize;
    }
    return lim;
}

/* The model's f: opts.expose, else 50 with AI or AH, else 1. */
static int
model_exposure(const struct net_job *jobs, int njobs, const struct net_opts *o)
{
    int f = 1;

    for (int j = 0; j < njobs; j++)
        if (jobs[j].routing == NET_AI || jobs[j].routing == NET_AH)
            f = 50;
    if (o->expose > 0)
        f = o->expose;
    return f > o->max_iters ? o->max_iters : f;
}

static const char *const engine_names[NET_ENGINE_COUNT] = {
    "default", "fast", "exact", "reference"};


int
net_engine_parse(const char *name)
{
    if (name == NULL)
        return -1;
    for (int e = 1; e < NET_ENGINE_COUNT; e++)
        if (strcasecmp(name, engine_names[e]) == 0)
            return e;
    return -1;
}

const char *
net_engine_name(int engine)
{
    if (engine == NET_ENGINE_DEFAULT)
        engine = default_engine;
    return engine > 0 && engine < NET_ENGINE_COUNT ? engine_names[engine]
                                                   : "?";
}

void
net_opts_set_defaults(const struct net_opts *o)
{
    if (o->engine > NET_ENGINE_DEFAULT && o->engine < NET_ENGINE_COUNT)
        default_engine = o->engine;
    if (o->mem_limit >= 0)
        default_mem_limit = o->mem_limit;
    default_samples = o->samples;
    default_nranks = o->nranks;
    default_rank = o->rank;
    default_reduce = o->reduce;
    default_gather = o->gather;
    default_reduce_ctx = o->reduce_ctx;
}

struct net_result *
net_model_solve(const struct net *net, const struct net_job *jobs, int njobs,
                const struct net_opts *opts, struct rho_err *err)
{
    struct net_opts o;

    if (net_jobs_check(net, jobs, njobs, "link model: no jobs", err) != 0)
        return NULL;
    if (opts != NULL)
        o = *opts;
    else
        net_opts_init(&o);
    if (o.threads < 1)
        o.threads = 1;
    if (o.threads > 64)
        o.threads = 64;
    if (!(o.packet > 0))
        o.packet = 64;
    if (o.max_iters < 1)
        o.max_iters = 1;
    if (!(o.cutoff >= 0))
        o.cutoff = 0;
    if (o.ai_paths < 1)
        o.ai_paths = 1;
    if (o.ah_direct < 0)
        o.ah_direct = 0;
    if (o.ah_indirect < 0)
        o.ah_indirect = 0;
    if (o.ah_direct + o.ah_indirect < 1)
        o.ah_direct = 1;
    if (o.ad_max_paths < 1)
        o.ad_max_paths = 1;
    if (o.minimal != ROUTE_ALL)
        o.minimal = ROUTE_MIN;
    if (o.engine <= NET_ENGINE_DEFAULT || o.engine >= NET_ENGINE_COUNT)
        o.engine = default_engine;
    if (o.nranks < 1 || o.reduce == NULL)
        o.nranks = 1;
    if (o.rank < 0 || o.rank >= o.nranks)
        o.rank = 0;
    if (o.engine == NET_ENGINE_REFERENCE) {
        struct net_result *r;
        if (o.nranks > 1) {
            rho_err_set(err, RHO_EINPUT,
                        "the reference engine runs in one process only");
            return NULL;
        }
        if (ref_too_big(jobs, njobs, &o, err))
            return NULL;
        r = net_ref_solve(net, jobs, njobs, &o, err);
        if (r != NULL) {
            r->engine = NET_ENGINE_REFERENCE;
            r->exposure = r->exposure_model = model_exposure(jobs, njobs, &o);
        }
        return r;
    }
    return net_fast_solve(net, jobs, njobs, &o, o.engine == NET_ENGINE_EXACT,
                          err);
}

int
net_note_exposure(const struct net_result *r, char *buf, size_t n)
{
    char a[48];

    if (r->exposure >= r->exposure_model)
        return 0;
    snprintf(buf, n,
             "over %s, not the model's %d (the fast engine's budget; "
             "--engine exact keeps it)",
             units_fmt_count(a, sizeof a, r->exposure, "round"),
             r->exposure_model);
    return 1;
}

int
net_note_sharing(const struct net_result *r, char *buf, size_t n)
{
    char a[48];

    if (r->reps <= 0)
        return 0;
    if (r->reps_need > 0)
        snprintf(buf, n,
                 "identical AI/AH messages solved in runs of up to %d, one "
                 "set of paths a run (one by one they would need about %s, "
                 "more than the memory allowed: --max-memory %.0fMiB solves "
                 "each)",
                 r->reps, units_fmt_size(a, sizeof a, r->reps_need),
                 ceil(r->reps_need / 1048576.0));
    else
        snprintf(buf, n,
                 "identical AI/AH messages solved in runs of up to %d, one "
                 "set of paths a run (the fast engine's budget; --engine "
                 "exact solves each)",
                 r->reps);
    return 1;
}
