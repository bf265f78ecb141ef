/*
 * net_features: Jain's Ch. 4 indicators from a link-model result. See
 * net_features.h.
 *
 * Dilations are small integers (hops), so the message pass keeps a
 * histogram of them, not the messages: the AO aggregates come from it.
 */
#include "core/net/net_features.h"

#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/pool.h"
#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/net/net_stats.h"
#include "core/net/route.h"

const char *const net_feature_names[NET_FEATURES] = {
    "avg dilation AO",  "max dilation",    "sum dilation AO",
    "avg bytes",        "avg bytes AO",    "avg bytes TO",
    "max bytes",        "#links AO bytes", "avg stalls",
    "avg stalls AO",    "avg stalls TO",   "max stalls",
    "#links AO stalls", "avg stallspp",    "avg stallspp AO",
    "avg stallspp TO",  "max stallspp",    "#links AO stallspp",
    "max inj FIFO",
};

int
net_feature_computed(int i)
{
    return (i >= 0 && i <= 7) || i == 18;
}

double
net_feature_value(const struct net_features *f, int i)
{
    const struct net_class_features *a = &f->cls[0];

    switch (i) {
    case 0:
        return f->avg_dilation_ao;
    case 1:
        return f->max_dilation;
    case 2:
        return f->sum_dilation_ao;
    case 3:
        return a->avg;
    case 4:
        return a->avg_ao;
    case 5:
        return a->avg_to;
    case 6:
        return a->max;
    case 7:
        return (double)a->n_ao;
    case 18:
        return (double)f->max_inj_fifo;
    default:
        return NAN;
    }
}

char *
net_feature_text(const struct net_features *f, int i, char *buf, size_t n)
{
    double v = net_feature_value(f, i);

    if (!net_feature_computed(i))
        snprintf(buf, n, "-");
    else if (strstr(net_feature_names[i], "bytes") != NULL &&
             net_feature_names[i][0] != '#')
        units_fmt_size(buf, n, v);
    else if (v == floor(v) && fabs(v) < 1e15)
        units_fmt_int(buf, n, (long long)v);
    else
        snprintf(buf, n, "%.4g", v); /* as the dilation's average beside it */
    return buf;
}

/* The features of the links of class c (-1: all) whose bytes are b. */
static void
class_features(const struct net *net, const double *b, int c, double *tmp,
               struct net_class_features *out)
{
    int nl = net_links(net);
    long long n = 0, nto = 0, nnear = 0;
    double p95, sto = 0, snear = 0, sao = 0;

    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s",
             c < 0 ? "all" : net_class_name(net, c));
    for (int l = 0; l < nl; l++)
        if (c < 0 || net_link_class(net, l) == c) {
            tmp[n++] = b[l];
            out->sum += b[l];
            if (b[l] > out->max)
                out->max = b[l];
        }
    out->links = n;
    if (n == 0)
        return;
    out->avg = out->sum / (double)n;
    for (long long i = 0; i < n; i++) {
        if (tmp[i] > out->avg) {
            sao += tmp[i];
            out->n_ao++;
        }
        if (tmp[i] >= 0.95 * out->max) {
            snear += tmp[i];
            nnear++;
        }
    }
    out->avg_ao = out->n_ao > 0 ? sao / (double)out->n_ao : 0;
    out->avg_to_nearmax = nnear > 0 ? snear / (double)nnear : 0;
    p95 = net_stats_quantile(tmp, n, 0.95); /* reorders tmp */
    for (long long i = 0; i < n; i++)
        if (tmp[i] >= p95) {
            sto += tmp[i];
            nto++;
        }
    out->avg_to = nto > 0 ? sto / (double)nto : 0;
}

/* The message pass runs on a pool over chunks of FEAT_CHUNK units (of
   one job each): what each message adds is order-free (counts, a FIFO's
   count with an atomic add) but for its bytes, which are summed per
   chunk and the chunks' sums in chunk order -- the same with any number
   of threads. */
#define FEAT_CHUNK 1024

struct fworker {
    struct pass *p;
    struct route *rt;
    int *links;      /* route_max_hops() + 1 */
    long long *hist; /* messages per dilation */
    double *hb;      /* the current chunk's bytes per dilation */
    const int *map;  /* the current job's placement */
    int offset;
    int poll; /* messages until the next look at the job */
};

struct pass {
    const struct net *net;
    const struct net_job *jobs;
    long long nch;   /* chunks */
    int *ch_job;     /* per chunk: its job */
    long long *ch_u; /* and its first unit */
    double *hbytes;  /* nch x (maxh + 1): bytes per dilation per chunk */
    int maxh;
    int maxdeg;        /* out-links of a vertex, at most */
    atomic_int *fifo;  /* per (endpoint, out-link index of its first hop) */
    struct job *job;   /* NULL: none */
    atomic_int failed; /* a message cannot be routed */
    atomic_int stopped;
    atomic_llong done; /* units */
    long long units;
    struct fworker w[POOL_MAX_THREADS];
};

static void
visit(void *v, int src, int dst, double bytes, int step)
{
    struct fworker *w = v;
    struct pass *p = w->p;
    int es, ed, n, first;

    (void)step;
    if (atomic_load_explicit(&p->failed, memory_order_relaxed) ||
        atomic_load_explicit(&p->stopped, memory_order_relaxed))
        return;
    if (p->job != NULL && --w->poll <= 0) {
        w->poll = NET_FEATURES_POLL;
        if (job_cancelled(p->job)) {
            atomic_store(&p->stopped, 1);
            return;
        }
    }
    es = w->map[w->offset + src];
    ed = w->map[w->offset + dst];
    n = route_path(w->rt, es, ed, ROUTE_ONE, 0, w->links);
    if (n < 0) {
        atomic_store(&p->failed, 1);
        return;
    }
    w->hist[n]++;
    w->hb[n] += bytes;
    if (n == 0)
        return;
    /* the FIFO: the first link after the injection link, if any */
    first = net_inj_link(p->net, es) >= 0 && n > 1 ? w->links[1] : w->links[0];
    {
        int v0 = net_link_src(p->net, first);
        long long k =
            (long long)es * p->maxdeg + (first - net_out_begin(p->net, v0));
        atomic_fetch_add_explicit(&p->fifo[k], 1, memory_order_relaxed);
    }
}

/* Chunk i of the pass on worker wi. */
static int
chunk(void *ctx, long long i, int wi)
{
    struct pass *p = ctx;
    struct fworker *w = &p->w[wi];
    const struct net_job *jb = &p->jobs[p->ch_job[i]];
    long long u1 = p->ch_u[i] + FEAT_CHUNK, d;

    if (u1 > pattern_units(jb->pattern))
        u1 = pattern_units(jb->pattern);
    w->map = placement_map(jb->placement);
    w->offset = jb->offset;
    w->hb = p->hbytes + i * (p->maxh + 1);
    for (long long u = p->ch_u[i];
         u < u1 && !atomic_load_explicit(&p->failed, memory_order_relaxed) &&
         !atomic_load_explicit(&p->stopped, memory_order_relaxed);
         u++)
        pattern_emit(jb->pattern, u, visit, w);
    d = atomic_fetch_add(&p->done, u1 - p->ch_u[i]) + (u1 - p->ch_u[i]);
    if (p->job != NULL) {
        job_progress(p->job, d, p->units);
        if (job_cancelled(p->job))
            atomic_store(&p->stopped, 1);
    }
    return atomic_load(&p->failed) || atomic_load(&p->stopped);
}

struct net_features *
net_features_new(const struct net *net, const struct net_job *jobs, int njobs,
                 const struct net_result *res, int threads, struct job *job,
                 struct rho_err *err)
{
    struct net_features *f;
    struct pass p;
    struct pool *pl;
    double *tmp, *hbytes, sum = 0, sumao = 0;
    long long *hist, units = 0, maxfifo = 0;
    int nl = net_links(net), maxh, nw;
    size_t nfifo;

    if (res == NULL || res->nlinks != nl) {
        rho_err_set(err, RHO_EINPUT, "features: no result of this network");
        return NULL;
    }
    f = xcalloc(1, sizeof *f);
    f->nclasses = 1 + net_class_count(net);
    f->cls = xcalloc((size_t)f->nclasses, sizeof *f->cls);
    tmp = xmalloc((size_t)(nl > 0 ? nl : 1) * sizeof *tmp);
    for (int c = -1; c < net_class_count(net); c++)
        class_features(net, res->bytes, c, tmp, &f->cls[c + 1]);
    free(tmp);

    memset(&p, 0, sizeof p);
    p.job = job;
    p.net = net;
    p.jobs = jobs;
    pl = pool_new(threads > 0 ? threads : 1);
    nw = pool_threads(pl);
    for (int k = 0; k < nw; k++) {
        struct fworker *w = &p.w[k];
        w->p = &p;
        w->rt = route_new(net);
        w->poll = NET_FEATURES_POLL;
    }
    maxh = route_max_hops(p.w[0].rt);
    p.maxh = maxh;
    for (int k = 0; k < nw; k++) {
        p.w[k].links = xmalloc((size_t)(maxh + 1) * sizeof *p.w[k].links);
        p.w[k].hist = xcalloc((size_t)maxh + 1, sizeof *p.w[k].hist);
    }
    hist = xcalloc((size_t)maxh + 1, sizeof *hist);
    hbytes = xcalloc((size_t)maxh + 1, sizeof *hbytes);
    for (int v = 0; v < net_vertices(net); v++)
        if (net_out_end(net, v) - net_out_begin(net, v) > p.maxdeg)
            p.maxdeg = net_out_end(net, v) - net_out_begin(net, v);
    nfifo = (size_t)net_endpoints(net) * (size_t)(p.maxdeg + 1);
    p.fifo = xmalloc(nfifo * sizeof *p.fifo);
    for (size_t k = 0; k < nfifo; k++)
        atomic_init(&p.fifo[k], 0);
    atomic_init(&p.failed, 0);
    atomic_init(&p.stopped, 0);
    atomic_init(&p.done, 0);
    for (int j = 0; j < njobs; j++) {
        units += pattern_units(jobs[j].pattern);
        p.nch += (pattern_units(jobs[j].pattern) + FEAT_CHUNK - 1) / FEAT_CHUNK;
    }
    p.units = units;
    p.ch_job = xmalloc((size_t)(p.nch > 0 ? p.nch : 1) * sizeof *p.ch_job);
    p.ch_u = xmalloc((size_t)(p.nch > 0 ? p.nch : 1) * sizeof *p.ch_u);
    p.hbytes = xcalloc((size_t)(p.nch > 0 ? p.nch : 1) * (size_t)(maxh + 1),
                       sizeof *p.hbytes);
    {
        long long c = 0;
        for (int j = 0; j < njobs; j++)
            for (long long u = 0; u < pattern_units(jobs[j].pattern);
                 u += FEAT_CHUNK) {
                p.ch_job[c] = j;
                p.ch_u[c++] = u;
            }
    }
    if (job == NULL || !job_cancelled(job))
        pool_for(pl, p.nch, 1, chunk, &p);
    if (job != NULL && job_cancelled(job))
        atomic_store(&p.stopped, 1);
    if (atomic_load(&p.stopped)) {
        rho_err_set(err, RHO_ECANCEL, "features: stopped");
        net_features_free(f);
        f = NULL;
        goto out;
    }
    if (atomic_load(&p.failed)) {
        rho_err_set(err, RHO_EINPUT, "features: a message cannot be routed");
        net_features_free(f);
        f = NULL;
        goto out;
    }
    /* the workers' counts; the chunks' bytes in chunk order */
    for (int k = 0; k < nw; k++)
        for (int h = 0; h <= maxh; h++)
            hist[h] += p.w[k].hist[h];
    for (long long c = 0; c < p.nch; c++)
        for (int h = 0; h <= maxh; h++)
            hbytes[h] += p.hbytes[c * (maxh + 1) + h];
    for (size_t k = 0; k < nfifo; k++) {
        long long n = atomic_load_explicit(&p.fifo[k], memory_order_relaxed);
        if (n > maxfifo)
            maxfifo = n;
    }
    for (int h = 0; h <= maxh; h++) {
        f->msgs += hist[h];
        sum += (double)h * (double)hist[h];
        f->hop_bytes += h * hbytes[h];
        if (hist[h] > 0)
            f->max_dilation = h;
    }
    f->avg_dilation = f->msgs > 0 ? sum / (double)f->msgs : 0;
    for (int h = 0; h <= maxh; h++)
        if (h > f->avg_dilation) {
            f->n_dilation_ao += hist[h];
            sumao += (double)h * (double)hist[h];
        }
    f->sum_dilation_ao = sumao;
    f->avg_dilation_ao =
        f->n_dilation_ao > 0 ? sumao / (double)f->n_dilation_ao : 0;
    f->max_inj_fifo = maxfifo;
out:
    for (int k = 0; k < nw; k++) {
        free(p.w[k].links);
        free(p.w[k].hist);
        route_free(p.w[k].rt);
    }
    pool_free(pl);
    free(hist);
    free(hbytes);
    free(p.hbytes);
    free(p.ch_job);
    free(p.ch_u);
    free(p.fifo);
    return f;
}

void
net_features_free(struct net_features *f)
{
    if (f == NULL)
        return;
    free(f->cls);
    free(f);
}
