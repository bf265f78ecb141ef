/*
 * net_phases: traffic in phases, solved one phase at a time and summed.
 * See net_phases.h.
 */
#include "core/net/net_phases.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

int
net_phases_count(const struct net_job *jobs, int njobs)
{
    int k = 1;

    for (int j = 0; j < njobs; j++)
        if (jobs[j].pattern != NULL && pattern_phase_count(jobs[j].pattern) > k)
            k = pattern_phase_count(jobs[j].pattern);
    return k;
}

/* The paths of a result (0 without path sets) and their links. */
static long long
npaths(const struct net_result *r)
{
    return r->path_off != NULL ? r->path_off[r->nmsg] : 0;
}

static long long
npath_links(const struct net_result *r)
{
    long long p = npaths(r);

    return p > 0 ? r->path_start[p - 1] + r->path_len[p - 1] : 0;
}

static int
has_messages(const struct net_result *r)
{
    return r->nmsg > 0 || r->path_off != NULL;
}

/* The kept messages of r[0..k), with their paths, one after the other,
   as a's (a may be r[0]; its arrays are replaced). Each array is made
   once at its full size and every message copied once: appending phase
   by phase copied the first phase's messages once per later phase, into
   new pages each time (a third of pf3d-rubik's AD solve). */
static void
gather_messages(struct net_result *a, const struct net_result *const *r, int k)
{
    long long n = 0, np = 0, nl = 0, m0 = 0, p0 = 0, l0 = 0;
    int paths = 0, *job, *src, *dst, *off = NULL, *len = NULL, *links = NULL;
    double *bytes, *bw, *pbw = NULL;
    long long *start = NULL;

    for (int i = 0; i < k; i++) {
        n += r[i]->nmsg;
        np += npaths(r[i]);
        nl += npath_links(r[i]);
        paths |= r[i]->path_off != NULL;
    }
    job = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *job);
    src = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *src);
    dst = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *dst);
    bytes = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *bytes);
    bw = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *bw);
    if (paths) {
        off = xmalloc(((size_t)n + 1) * sizeof *off);
        start = xmalloc((size_t)(np > 0 ? np : 1) * sizeof *start);
        len = xmalloc((size_t)(np > 0 ? np : 1) * sizeof *len);
        pbw = xmalloc((size_t)(np > 0 ? np : 1) * sizeof *pbw);
        links = xmalloc((size_t)(nl > 0 ? nl : 1) * sizeof *links);
        off[0] = 0;
    }
    for (int i = 0; i < k; i++) {
        const struct net_result *b = r[i];
        size_t nb = (size_t)b->nmsg, pb = (size_t)npaths(b);
        if (nb > 0) {
            memcpy(job + m0, b->msg_job, nb * sizeof *job);
            memcpy(src + m0, b->msg_src, nb * sizeof *src);
            memcpy(dst + m0, b->msg_dst, nb * sizeof *dst);
            memcpy(bytes + m0, b->msg_bytes, nb * sizeof *bytes);
            if (b->msg_bw != NULL)
                memcpy(bw + m0, b->msg_bw, nb * sizeof *bw);
            else
                memset(bw + m0, 0, nb * sizeof *bw);
        }
        if (paths) {
            for (size_t m = 1; m <= nb; m++)
                off[m0 + (long long)m] =
                    (int)p0 + (b->path_off != NULL ? b->path_off[m] : 0);
            if (pb > 0) {
                for (size_t p = 0; p < pb; p++)
                    start[p0 + (long long)p] = b->path_start[p] + l0;
                memcpy(len + p0, b->path_len, pb * sizeof *len);
                memcpy(pbw + p0, b->path_bw, pb * sizeof *pbw);
                memcpy(links + l0, b->links,
                       (size_t)npath_links(b) * sizeof *links);
            }
        }
        m0 += b->nmsg;
        p0 += npaths(b);
        l0 += npath_links(b);
    }
    free(a->msg_job);
    free(a->msg_src);
    free(a->msg_dst);
    free(a->msg_bytes);
    free(a->msg_bw);
    free(a->path_off);
    free(a->path_start);
    free(a->path_len);
    free(a->path_bw);
    free(a->links);
    a->nmsg = n;
    a->msg_job = job;
    a->msg_src = src;
    a->msg_dst = dst;
    a->msg_bytes = bytes;
    a->msg_bw = bw;
    a->path_off = off;
    a->path_start = start;
    a->path_len = len;
    a->path_bw = pbw;
    a->links = links;
}

/* The per-job bandwidths of the adaptive phases, merged while every
   adaptive phase has them (call before a's iterations count b's). */
static void
add_job_bws(struct net_result *a, const struct net_result *b)
{
    if (b->iterations <= 0)
        return;
    if (b->job_bws == NULL || (a->iterations > 0 && a->job_bws == NULL)) {
        free(a->job_bws);
        a->job_bws = NULL;
        return;
    }
    if (a->job_bws == NULL) {
        a->job_bws = xcalloc((size_t)(a->njobs > 0 ? a->njobs : 1),
                             sizeof *a->job_bws);
        for (int j = 0; j < a->njobs && j < b->njobs; j++)
            a->job_bws[j] = b->job_bws[j];
        return;
    }
    for (int j = 0; j < a->njobs && j < b->njobs; j++) {
        struct net_bw_stats *o = &a->job_bws[j];
        const struct net_bw_stats *s = &b->job_bws[j];
        if (s->n == 0)
            continue;
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
}

/* net_result_add() but for the messages. */
static void
add_sums(struct net_result *a, const struct net_result *b)
{
    for (int l = 0; l < a->nlinks && l < b->nlinks; l++)
        a->bytes[l] += b->bytes[l];
    if (b->job_bytes != NULL) {
        size_t n = (size_t)a->njobs * (size_t)a->nlinks;
        if (a->job_bytes == NULL)
            a->job_bytes = xcalloc(n > 0 ? n : 1, sizeof *a->job_bytes);
        for (size_t i = 0; i < n; i++)
            a->job_bytes[i] += b->job_bytes[i];
    }
    add_job_bws(a, b);
    a->msgs += b->msgs;
    a->routed += b->routed;
    a->total_bytes += b->total_bytes;
    a->routed_bytes += b->routed_bytes;
    a->hop_bytes += b->hop_bytes;
    a->hops_sum += b->hops_sum;
    if (b->hops_max > a->hops_max)
        a->hops_max = b->hops_max;
    if (b->iterations > 0)
        a->converged =
            a->iterations > 0 ? a->converged && b->converged : b->converged;
    a->iterations += b->iterations;
    /* the exposure: a compressed phase's (the most compressed), else the
       longest the model asked for */
    if (b->exposure < b->exposure_model) {
        if (a->exposure >= a->exposure_model || b->exposure < a->exposure) {
            a->exposure = b->exposure;
            a->exposure_model = b->exposure_model;
        }
    } else if (a->exposure >= a->exposure_model &&
               b->exposure_model > a->exposure_model)
        a->exposure = a->exposure_model = b->exposure_model;
    if (b->reps > a->reps) /* (the most messages a representative) */
        a->reps = b->reps;
    a->cells |= b->cells;
    a->engine = b->engine;
    a->phase_time_ext += b->phase_time_ext;
}

void
net_result_add(struct net_result *a, const struct net_result *b)
{
    add_sums(a, b);
    if (has_messages(b)) {
        const struct net_result *r[2] = {a, b};
        gather_messages(a, r, 2);
    }
}

struct net_result *
net_phases_solve(const struct net *net, const struct net_job *jobs, int njobs,
                 const struct net_opts *opts, struct rho_err *err)
{
    int K = net_phases_count(jobs, njobs);
    struct net_job *pj;
    struct pattern **empty;
    struct net_result *sum;

    if (K <= 1)
        return net_model_solve(net, jobs, njobs, opts, err);
    pj = xcalloc((size_t)njobs, sizeof *pj);
    empty = xcalloc((size_t)njobs, sizeof *empty);
    sum = xcalloc(1, sizeof *sum);
    sum->nlinks = net_links(net);
    sum->njobs = njobs;
    sum->bytes = xcalloc((size_t)(sum->nlinks > 0 ? sum->nlinks : 1),
                         sizeof *sum->bytes);
    sum->phase = xcalloc((size_t)K, sizeof *sum->phase);
    for (int k = 0; k < K; k++) {
        struct net_result *r;
        for (int j = 0; j < njobs; j++) {
            const struct pattern *p = jobs[j].pattern;
            pj[j] = jobs[j];
            if (p == NULL)
                continue;
            if ((pj[j].pattern = pattern_phase(p, k)) != NULL)
                continue;
            if (empty[j] == NULL) /* idle in this phase */
                empty[j] = pattern_list(pattern_ranks(p), 0, NULL, NULL, NULL,
                                        NULL, NULL);
            pj[j].pattern = empty[j];
        }
        if ((r = net_model_solve(net, pj, njobs, opts, err)) == NULL) {
            rho_err_prefix(err, "phase %d", k + 1);
            net_result_free(sum);
            sum = NULL;
            break;
        }
        add_sums(sum, r);
        sum->phase[sum->nphases++] = r;
    }
    if (sum != NULL) { /* the messages, once all are there */
        const struct net_result **with = xcalloc((size_t)K, sizeof *with);
        int k = 0;
        for (int i = 0; i < sum->nphases; i++)
            if (has_messages(sum->phase[i]))
                with[k++] = sum->phase[i];
        if (k > 0)
            gather_messages(sum, with, k);
        free(with);
    }
    for (int j = 0; j < njobs; j++)
        pattern_free(empty[j]);
    free(empty);
    free(pj);
    return sum;
}
