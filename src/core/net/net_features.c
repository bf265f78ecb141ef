/*
 * net_features: Jain's Ch. 4 indicators from a link-model result. See
 * net_features.h.
 *
 * Dilations are small integers (hops), so the message pass keeps a
 * histogram of them, not the messages: the AO aggregates come from it.
 */
#include "core/net/net_features.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

struct pass {
    const struct net *net;
    struct route *rt;
    const int *map; /* the job's placement */
    int offset, failed;
    int *links;      /* route_max_hops() */
    long long *hist; /* messages per dilation */
    double *hbytes;  /* bytes per dilation */
    int maxdeg;      /* out-links of a vertex, at most */
    int *fifo;       /* per (endpoint, out-link index of its first hop) */
    long long maxfifo;
    struct job *job; /* NULL: none */
    int stopped;     /* the job was cancelled */
    int poll;        /* messages until the next look at the job */
};

static void
visit(void *v, int src, int dst, double bytes, int step)
{
    struct pass *p = v;
    int es, ed, n, first;

    (void)step;
    if (p->failed || p->stopped)
        return;
    if (p->job != NULL && --p->poll <= 0) {
        p->poll = NET_FEATURES_POLL;
        if (job_cancelled(p->job)) {
            p->stopped = 1;
            return;
        }
    }
    es = p->map[p->offset + src];
    ed = p->map[p->offset + dst];
    n = route_path(p->rt, es, ed, ROUTE_ONE, 0, p->links);
    if (n < 0) {
        p->failed = 1;
        return;
    }
    p->hist[n]++;
    p->hbytes[n] += bytes;
    if (n == 0)
        return;
    /* the FIFO: the first link after the injection link, if any */
    first = net_inj_link(p->net, es) >= 0 && n > 1 ? p->links[1] : p->links[0];
    {
        int v0 = net_link_src(p->net, first);
        long long k =
            (long long)es * p->maxdeg + (first - net_out_begin(p->net, v0));
        if (++p->fifo[k] > p->maxfifo)
            p->maxfifo = p->fifo[k];
    }
}

struct net_features *
net_features_new(const struct net *net, const struct net_job *jobs, int njobs,
                 const struct net_result *res, struct job *job,
                 struct rho_err *err)
{
    struct net_features *f;
    struct pass p;
    double *tmp, sum = 0, sumao = 0;
    int nl = net_links(net), maxh;
    long long units = 0, done = 0;

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
    p.poll = NET_FEATURES_POLL;
    p.net = net;
    p.rt = route_new(net);
    maxh = route_max_hops(p.rt);
    p.links = xmalloc((size_t)(maxh + 1) * sizeof *p.links);
    p.hist = xcalloc((size_t)maxh + 1, sizeof *p.hist);
    p.hbytes = xcalloc((size_t)maxh + 1, sizeof *p.hbytes);
    for (int v = 0; v < net_vertices(net); v++)
        if (net_out_end(net, v) - net_out_begin(net, v) > p.maxdeg)
            p.maxdeg = net_out_end(net, v) - net_out_begin(net, v);
    p.fifo = xcalloc((size_t)net_endpoints(net) * (size_t)(p.maxdeg + 1),
                     sizeof *p.fifo);
    for (int j = 0; j < njobs; j++)
        units += pattern_units(jobs[j].pattern);
    for (int j = 0; j < njobs && !p.failed && !p.stopped; j++) {
        p.map = placement_map(jobs[j].placement);
        p.offset = jobs[j].offset;
        for (long long u = 0; u < pattern_units(jobs[j].pattern) &&
                              !p.failed && !p.stopped;
             u++) {
            pattern_emit(jobs[j].pattern, u, visit, &p);
            /* (a unit of many messages looks inside visit too) */
            if (job != NULL && (++done & 255) == 0) {
                job_progress(job, done, units);
                p.stopped |= job_cancelled(job);
            }
        }
    }
    if (job != NULL && job_cancelled(job))
        p.stopped = 1;
    if (p.stopped) {
        rho_err_set(err, RHO_ECANCEL, "features: stopped");
        net_features_free(f);
        f = NULL;
        goto out;
    }
    if (p.failed) {
        rho_err_set(err, RHO_EINPUT, "features: a message cannot be routed");
        net_features_free(f);
        f = NULL;
        goto out;
    }
    for (int h = 0; h <= maxh; h++) {
        f->msgs += p.hist[h];
        sum += (double)h * (double)p.hist[h];
        f->hop_bytes += h * p.hbytes[h];
        if (p.hist[h] > 0)
            f->max_dilation = h;
    }
    f->avg_dilation = f->msgs > 0 ? sum / (double)f->msgs : 0;
    for (int h = 0; h <= maxh; h++)
        if (h > f->avg_dilation) {
            f->n_dilation_ao += p.hist[h];
            sumao += (double)h * (double)p.hist[h];
        }
    f->sum_dilation_ao = sumao;
    f->avg_dilation_ao =
        f->n_dilation_ao > 0 ? sumao / (double)f->n_dilation_ao : 0;
    f->max_inj_fifo = p.maxfifo;
out:
    free(p.links);
    free(p.hist);
    free(p.hbytes);
    free(p.fifo);
    route_free(p.rt);
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
