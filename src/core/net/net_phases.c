/*
 * net_phases: traffic in phases, solved one phase at a time and summed.
 * See net_phases.h.
 */
#include "core/net/net_phases.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/pool.h"
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

/* Gathering is copying pieces of arrays, each a task of its own (on
   several threads, the faults of the new pages and the copies of a 1.6
   million message result go together). A piece: n elements of one array
   of one phase into dst, as they are (size bytes each), or, for the
   offsets into the path arrays, ints or long longs with add added, or
   the int add n times (a phase without paths), or zeros (a phase without
   bandwidths). */
enum { PIECE_COPY, PIECE_ADD_INT, PIECE_ADD_LL, PIECE_FILL_INT, PIECE_ZERO };

#define PIECE_MAX (1LL << 18) /* elements a piece, at most */

struct piece {
    void *dst;
    const void *src;
    long long n, add;
    int kind, size;
};

struct pieces {
    struct piece *p;
    long long n, cap;
};

/* The pieces of n elements at dst (from src) from element 0 on. */
static void
add_pieces(struct pieces *ps, void *dst, const void *src, long long n, int kind,
           int size, long long add)
{
    for (long long i = 0; i < n; i += PIECE_MAX) {
        struct piece *p;
        if (ps->n == ps->cap) {
            ps->cap =
                (long long)rho_grow_cap((size_t)ps->cap, (size_t)ps->n + 1);
            ps->p = xreallocarray(ps->p, (size_t)ps->cap, sizeof *ps->p);
        }
        p = &ps->p[ps->n++];
        p->dst = (char *)dst + i * size;
        p->src = src != NULL ? (const char *)src + i * size : NULL;
        p->n = n - i < PIECE_MAX ? n - i : PIECE_MAX;
        p->kind = kind;
        p->size = size;
        p->add = add;
    }
}

static int
piece_task(void *ctx, long long i, int wi)
{
    const struct piece *p = &((const struct pieces *)ctx)->p[i];

    (void)wi;
    switch (p->kind) {
    case PIECE_COPY:
        memcpy(p->dst, p->src, (size_t)p->n * (size_t)p->size);
        break;
    case PIECE_ADD_INT:
        for (long long j = 0; j < p->n; j++)
            ((int *)p->dst)[j] = (int)(((const int *)p->src)[j] + p->add);
        break;
    case PIECE_ADD_LL:
        for (long long j = 0; j < p->n; j++)
            ((long long *)p->dst)[j] = ((const long long *)p->src)[j] + p->add;
        break;
    case PIECE_FILL_INT:
        for (long long j = 0; j < p->n; j++)
            ((int *)p->dst)[j] = (int)p->add;
        break;
    default:
        memset(p->dst, 0, (size_t)p->n * (size_t)p->size);
    }
    return 0;
}

/* The kept messages of r[0..k), with their paths, one after the other,
   as a's (a may be r[0]; its arrays are replaced), on up to threads
   threads. Each array is made once at its full size and every message
   copied once: appending phase by phase copied the first phase's
   messages once per later phase, into new pages each time (a third of
   pf3d-rubik's AD solve). */
static void
gather_messages(struct net_result *a, const struct net_result *const *r, int k,
                int threads)
{
    long long n = 0, np = 0, nl = 0, m0 = 0, p0 = 0, l0 = 0;
    int paths = 0, *job, *src, *dst, *off = NULL, *len = NULL, *links = NULL;
    double *bytes, *bw, *pbw = NULL;
    long long *start = NULL;
    struct pieces ps = {NULL, 0, 0};

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
        long long nb = b->nmsg, pb = npaths(b);
        add_pieces(&ps, job + m0, b->msg_job, nb, PIECE_COPY, sizeof *job, 0);
        add_pieces(&ps, src + m0, b->msg_src, nb, PIECE_COPY, sizeof *src, 0);
        add_pieces(&ps, dst + m0, b->msg_dst, nb, PIECE_COPY, sizeof *dst, 0);
        add_pieces(&ps, bytes + m0, b->msg_bytes, nb, PIECE_COPY, sizeof *bytes,
                   0);
        add_pieces(&ps, bw + m0, b->msg_bw, nb,
                   b->msg_bw != NULL ? PIECE_COPY : PIECE_ZERO, sizeof *bw, 0);
        if (paths) {
            if (b->path_off != NULL)
                add_pieces(&ps, off + m0 + 1, b->path_off + 1, nb,
                           PIECE_ADD_INT, sizeof *off, p0);
            else
                add_pieces(&ps, off + m0 + 1, NULL, nb, PIECE_FILL_INT,
                           sizeof *off, p0);
            add_pieces(&ps, start + p0, b->path_start, pb, PIECE_ADD_LL,
                       sizeof *start, l0);
            add_pieces(&ps, len + p0, b->path_len, pb, PIECE_COPY, sizeof *len,
                       0);
            add_pieces(&ps, pbw + p0, b->path_bw, pb, PIECE_COPY, sizeof *pbw,
                       0);
            add_pieces(&ps, links + l0, b->links, npath_links(b), PIECE_COPY,
                       sizeof *links, 0);
        }
        m0 += b->nmsg;
        p0 += npaths(b);
        l0 += npath_links(b);
    }
    if (threads > 1 && ps.n > 1) {
        struct pool *pool = pool_new(threads < ps.n ? threads : (int)ps.n);
        pool_for(pool, ps.n, 1, piece_task, &ps);
        pool_free(pool);
    } else
        for (long long i = 0; i < ps.n; i++)
            piece_task(&ps, i, 0);
    free(ps.p);
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
        net_bw_stats_merge(&a->job_bws[j], &b->job_bws[j]);
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
    if (b->reps_need > a->reps_need)
        a->reps_need = b->reps_need;
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
        gather_messages(a, r, 2, 1);
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
            gather_messages(sum, with, k, opts != NULL ? opts->threads : 1);
        free(with);
    }
    for (int j = 0; j < njobs; j++)
        pattern_free(empty[j]);
    free(empty);
    free(pj);
    return sum;
}
