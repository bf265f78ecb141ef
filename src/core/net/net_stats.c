/*
 * net_stats: per-class statistics of link traffic. See net_stats.h.
 */
#include "core/net/net_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

/* Quickselect: afterwards a[k] is the k-th smallest, a[0..k) <= a[k] <=
   a[k+1..n). */
static void
select_k(double *a, long long n, long long k)
{
    long long lo = 0, hi = n - 1;

    while (hi > lo) {
        long long mid = lo + (hi - lo) / 2, i = lo, j = hi;
        double x = a[lo], y = a[mid], z = a[hi], pivot;
        pivot = x < y ? (y < z ? y : (x < z ? z : x))
                      : (x < z ? x : (y < z ? z : y));
        while (i <= j) {
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i <= j) {
                double t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

double
net_stats_quantile(double *a, long long n, double q)
{
    double h, lo, hi;
    long long k;

    if (n <= 0)
        return 0;
    if (q < 0)
        q = 0;
    if (q > 1)
        q = 1;
    h = (double)(n - 1) * q;
    k = (long long)h;
    select_k(a, n, k);
    lo = a[k];
    if (k + 1 >= n || h == (double)k)
        return lo;
    hi = a[k + 1];
    for (long long i = k + 2; i < n; i++)
        if (a[i] < hi)
            hi = a[i];
    return lo + (h - (double)k) * (hi - lo);
}

/* Min-heap of the ntop hottest (bytes, then lower id hotter). */
static int
colder(double ba, int la, double bb, int lb)
{
    return ba < bb || (ba == bb && la > lb);
}

static void
heap_push(int *id, double *b, int *n, int cap, int l, double v)
{
    int i;

    if (*n == cap) {
        if (cap == 0 || !colder(b[0], id[0], v, l))
            return;
        /* replace the root and sift down */
        i = 0;
        for (;;) {
            int c = 2 * i + 1;
            if (c >= *n)
                break;
            if (c + 1 < *n && colder(b[c + 1], id[c + 1], b[c], id[c]))
                c++;
            if (!colder(b[c], id[c], v, l))
                break;
            b[i] = b[c];
            id[i] = id[c];
            i = c;
        }
        b[i] = v;
        id[i] = l;
        return;
    }
    i = (*n)++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (!colder(v, l, b[p], id[p]))
            break;
        b[i] = b[p];
        id[i] = id[p];
        i = p;
    }
    b[i] = v;
    id[i] = l;
}

static int
halted(const atomic_int *stop)
{
    return stop != NULL && atomic_load_explicit(stop, memory_order_relaxed);
}

/* a is hotter than b: more bytes, then a lower id. */
static int
hotter(const double *bytes, int a, int b)
{
    return bytes[a] > bytes[b] || (bytes[a] == bytes[b] && a < b);
}

/* Sift down in a min-heap by hotness (the coldest at the root). */
static void
sift_down(const double *bytes, int *h, int n, int i)
{
    for (;;) {
        int c = 2 * i + 1, t;
        if (c >= n)
            return;
        if (c + 1 < n && hotter(bytes, h[c], h[c + 1]))
            c++;
        if (!hotter(bytes, h[i], h[c]))
            return;
        t = h[i];
        h[i] = h[c];
        h[c] = t;
        i = c;
    }
}

int
net_top_links(const struct net *net, const double *bytes, int cls, int n,
              int *top, const atomic_int *stop)
{
    int nl = net_links(net), k = 0;

    if (n < 1 || bytes == NULL || top == NULL)
        return 0;
    for (int l = 0; l < nl; l++) {
        if ((l & 0xffff) == 0 && halted(stop))
            return 0;
        if (!(bytes[l] > 0) || (cls >= 0 && net_link_class(net, l) != cls))
            continue;
        if (k < n) {
            int i = k++;
            top[i] = l;
            while (i > 0) { /* sift up */
                int p = (i - 1) / 2, t;
                if (!hotter(bytes, top[p], top[i]))
                    break;
                t = top[p];
                top[p] = top[i];
                top[i] = t;
                i = p;
            }
        } else if (hotter(bytes, l, top[0])) {
            top[0] = l;
            sift_down(bytes, top, k, 0);
        }
    }
    for (int m = k - 1; m > 0; m--) { /* heap sort: the coldest last */
        int t = top[0];
        top[0] = top[m];
        top[m] = t;
        sift_down(bytes, top, m, 0);
    }
    return k;
}

/* One class's statistics; -1 as soon as stop is up (st is then only
   fit for net_stats_free()). */
static int
class_stats(const struct net *net, const double *bytes, int cls, int ntop,
            double *scratch, struct net_class_stats *st,
            const atomic_int *stop)
{
    int nl = net_links(net);
    long long n = 0;
    double sum = 0, mn = 0, mx = 0, mu = 0;

    st->cls = cls;
    snprintf(st->name, sizeof st->name, "%s",
             cls < 0 ? "all" : net_class_name(net, cls));
    st->top = xmalloc((size_t)(ntop > 0 ? ntop : 1) * sizeof(int));
    st->top_bytes = xmalloc((size_t)(ntop > 0 ? ntop : 1) * sizeof(double));
    st->ntop = 0;
    st->used = 0;
    for (int l = 0; l < nl; l++) {
        double v;
        if ((l & 65535) == 65535 && halted(stop))
            return -1;
        if (cls >= 0 && net_link_class(net, l) != cls)
            continue;
        v = bytes[l];
        if (n == 0 || v < mn)
            mn = v;
        if (n == 0 || v > mx)
            mx = v;
        scratch[n++] = v;
        sum += v;
        if (v > 0 && (st->used == 0 || v < mu))
            mu = v;
        st->used += v > 0;
        heap_push(st->top, st->top_bytes, &st->ntop, ntop, l, v);
    }
    st->links = n;
    st->sum = sum;
    st->min = mn;
    st->max = mx;
    st->min_used = mu;
    st->mean = n > 0 ? sum / (double)n : 0;
    if (halted(stop))
        return -1;
    st->q1 = net_stats_quantile(scratch, n, 0.25);
    if (halted(stop))
        return -1;
    st->median = net_stats_quantile(scratch, n, 0.5);
    if (halted(stop))
        return -1;
    st->q3 = net_stats_quantile(scratch, n, 0.75);
    /* heap -> hottest first */
    for (int i = st->ntop - 1; i > 0; i--) {
        int m = 0;
        for (int k = 1; k <= i; k++)
            if (colder(st->top_bytes[k], st->top[k], st->top_bytes[m],
                       st->top[m]))
                m = k;
        /* move the coldest of [0..i] to position i */
        {
            double tb = st->top_bytes[m];
            int ti = st->top[m];
            st->top_bytes[m] = st->top_bytes[i];
            st->top[m] = st->top[i];
            st->top_bytes[i] = tb;
            st->top[i] = ti;
        }
    }
    return 0;
}

static struct net_stats *
stats_new(const struct net *net, const double *bytes, int ntop,
          const atomic_int *stop, struct rho_err *err)
{
    struct net_stats *st;
    double *scratch;
    int nl = net_links(net);

    if (bytes == NULL || ntop < 0) {
        rho_err_set(err, RHO_EINPUT, "link stats: no traffic or bad ntop");
        return NULL;
    }
    st = xcalloc(1, sizeof *st);
    st->nclasses = 1 + net_class_count(net);
    st->cls = xcalloc((size_t)st->nclasses, sizeof *st->cls);
    scratch = xmalloc((size_t)(nl > 0 ? nl : 1) * sizeof(double));
    for (int c = -1; c < net_class_count(net); c++)
        if (class_stats(net, bytes, c, ntop, scratch, &st->cls[c + 1],
                        stop) != 0) {
            free(scratch);
            net_stats_free(st);
            rho_err_set(err, RHO_ECANCEL, "link stats: cancelled");
            return NULL;
        }
    free(scratch);
    return st;
}

struct net_stats *
net_stats_new(const struct net *net, const double *bytes, int ntop,
              struct rho_err *err)
{
    return stats_new(net, bytes, ntop, NULL, err);
}

void
net_stats_mapping(struct net_stats *st, const struct net_result *res)
{
    const struct net_class_stats *all = &st->cls[0];

    st->msgs = res->msgs;
    st->routed = res->routed;
    st->total_bytes = res->total_bytes;
    st->hop_bytes = res->hop_bytes;
    st->avg_hops = res->msgs > 0 ? res->hops_sum / (double)res->msgs : 0;
    st->avg_hops_per_byte =
        res->total_bytes > 0 ? res->hop_bytes / res->total_bytes : 0;
    st->max_hops = res->hops_max;
    st->avg_bytes_per_link = all->mean;
    st->max_bytes_per_link = all->max;
    st->phase_time_ext = res->phase_time_ext;
}

struct net_stats *
net_stats_result(const struct net *net, const struct net_result *res, int ntop,
                 struct rho_err *err)
{
    return net_stats_result_stop(net, res, ntop, NULL, err);
}

struct net_stats *
net_stats_result_stop(const struct net *net, const struct net_result *res,
                      int ntop, const atomic_int *stop, struct rho_err *err)
{
    struct net_stats *st;

    if (res == NULL) {
        rho_err_set(err, RHO_EINPUT, "link stats: no result");
        return NULL;
    }
    if (res->nlinks != net_links(net)) {
        rho_err_set(err, RHO_EINPUT,
                    "link stats: the result has %d links, the network %d",
                    res->nlinks, net_links(net));
        return NULL;
    }
    if ((st = stats_new(net, res->bytes, ntop, stop, err)) == NULL)
        return NULL;
    net_stats_mapping(st, res);
    return st;
}

const struct net_class_stats *
net_stats_find(const struct net_stats *st, const char *name)
{
    for (int i = 0; name != NULL && i < st->nclasses; i++)
        if (strcmp(st->cls[i].name, name) == 0)
            return &st->cls[i];
    return NULL;
}

void
net_stats_free(struct net_stats *st)
{
    if (st == NULL)
        return;
    for (int i = 0; i < st->nclasses; i++) {
        free(st->cls[i].top);
        free(st->cls[i].top_bytes);
    }
    free(st->cls);
    free(st);
}

int
net_stats_coll(const struct net *net, const struct net_job *jobs, int njobs,
               const struct net_result *res, double gamma,
               struct net_coll_cost *out, int max)
{
    int count = 0, nl = net_links(net);

    for (int j = 0; j < njobs; j++) {
        int nph = jobs[j].pattern ? pattern_phase_count(jobs[j].pattern) : 0;
        for (int k = 0; k < nph; k++) {
            const struct pattern *p = pattern_phase(jobs[j].pattern, k);
            const struct net_result *r =
                res->nphases > 0 && k < res->nphases ? res->phase[k] : res;
            const double *b = r->job_bytes != NULL
                                  ? r->job_bytes + (size_t)j * (size_t)nl
                                  : r->bytes;
            struct net_coll_cost c;
            if (p == NULL || pattern_cost(p, &c.cost) != 0)
                continue;
            c.job = j;
            c.phase = k;
            c.link = -1;
            c.busiest = 0;
            for (int l = 0; l < nl && l < r->nlinks; l++)
                if (b[l] > c.busiest) {
                    c.busiest = b[l];
                    c.link = l;
                }
            c.beta = c.link >= 0 ? 1 / net_link_bw(net, c.link) : 0;
            c.table_time = c.cost.beta * c.cost.bytes * c.beta;
            c.link_time = c.busiest * c.beta;
            c.reduce_time = c.cost.gamma * c.cost.bytes * gamma;
            if (count < max)
                out[count] = c;
            count++;
        }
    }
    return count;
}

/* Job j's bytes per link: its own row, or all bytes when it runs alone. */
static const double *
job_row(const struct net_result *res, int njobs, int j)
{
    if (res->job_bytes != NULL)
        return res->job_bytes + (size_t)j * (size_t)res->nlinks;
    return njobs == 1 ? res->bytes : NULL;
}

/* Its ranks and the routers they are placed on. */
static void
job_place(const struct net *net, const struct net_job *job,
          struct net_job_stats *o, unsigned char *seen)
{
    int n = job->pattern != NULL ? pattern_ranks(job->pattern) : 0;
    int have = placement_ranks(job->placement) - job->offset;

    o->ranks = n < have ? n : have > 0 ? have : 0;
    memset(seen, 0, (size_t)net_vertices(net));
    for (int r = 0; r < o->ranks; r++) {
        int e = placement_endpoint(job->placement, job->offset + r);
        int v = e >= 0 ? net_endpoint_router(net, e) : -1;
        if (v >= 0 && v < net_vertices(net) && !seen[v]) {
            seen[v] = 1;
            o->routers++;
        }
    }
}

/* The bandwidths the job's routed messages obtained (adaptive runs): the
   solver's (job_bws), else from the messages kept. */
static void
job_bw(const struct net *net, const struct net_job *jobs, int njobs,
       const struct net_result *res, struct net_jobs_stats *js)
{
    struct xsum *sum;

    if (res->iterations > 0 && res->job_bws != NULL) {
        for (int j = 0; j < njobs && j < res->njobs; j++) {
            const struct net_bw_stats *b = &res->job_bws[j];
            struct net_job_stats *o = &js->job[j];
            if (b->n == 0)
                continue;
            o->bw_n = b->n;
            o->bw_starved = b->starved;
            o->bw_min = b->min;
            o->bw_max = b->max;
            o->bw_mean = xsum_value(&b->sum) / (double)b->n;
            o->worst = b->worst;
        }
        return;
    }
    if (res->iterations <= 0 || res->msg_bw == NULL || res->msg_job == NULL)
        return;
    sum = xcalloc((size_t)njobs, sizeof *sum); /* (exact: as job_bws) */
    for (long long m = 0; m < res->nmsg; m++) {
        int j = res->msg_job[m], a, b;
        struct net_job_stats *o;
        double bw = res->msg_bw[m];
        if (j < 0 || j >= njobs || !(res->msg_bytes[m] > 0))
            continue;
        a = placement_endpoint(jobs[j].placement,
                               jobs[j].offset + res->msg_src[m]);
        b = placement_endpoint(jobs[j].placement,
                               jobs[j].offset + res->msg_dst[m]);
        if (a < 0 || b < 0 ||
            net_endpoint_router(net, a) == net_endpoint_router(net, b))
            continue;
        o = &js->job[j];
        if (o->bw_n == 0 || bw < o->bw_min)
            o->bw_min = bw;
        if (o->bw_n == 0 || bw > o->bw_max)
            o->bw_max = bw;
        xsum_add(&sum[j], bw, 1);
        o->bw_n++;
        if (bw > 0) {
            if (res->msg_bytes[m] / bw > o->worst)
                o->worst = res->msg_bytes[m] / bw;
        } else {
            o->bw_starved++;
            o->worst = INFINITY;
        }
    }
    for (int j = 0; j < njobs; j++)
        if (js->job[j].bw_n > 0)
            js->job[j].bw_mean =
                xsum_value(&sum[j]) / (double)js->job[j].bw_n;
    free(sum);
}

struct net_jobs_stats *
net_stats_jobs(const struct net *net, const struct net_job *jobs, int njobs,
               const struct net_result *res, struct rho_err *err)
{
    struct net_jobs_stats *js;
    int nl = net_links(net), nc = net_class_count(net);
    int *users;
    unsigned char *seen;

    if (njobs < 1 || jobs == NULL || res == NULL) {
        rho_err_set(err, RHO_EINPUT, "jobs: no jobs");
        return NULL;
    }
    if (res->nlinks != nl) {
        rho_err_set(err, RHO_EINPUT,
                    "jobs: the result has %d links, the network %d",
                    res->nlinks, nl);
        return NULL;
    }
    if (job_row(res, njobs, 0) == NULL) {
        rho_err_set(err, RHO_EINPUT,
                    "jobs: the run kept no bytes per job (%d jobs)", njobs);
        return NULL;
    }
    js = xcalloc(1, sizeof *js);
    js->njobs = njobs;
    js->nclasses = nc;
    js->job = xcalloc((size_t)njobs, sizeof *js->job);
    js->cls = xcalloc((size_t)njobs * (size_t)(nc > 0 ? nc : 1),
                      sizeof *js->cls);
    /* how many jobs cross each link */
    users = xcalloc((size_t)(nl > 0 ? nl : 1), sizeof *users);
    for (int j = 0; j < njobs; j++) {
        const double *b = job_row(res, njobs, j);
        for (int l = 0; l < nl; l++)
            users[l] += b[l] > 0;
    }
    seen = xmalloc((size_t)(net_vertices(net) > 0 ? net_vertices(net) : 1));
    for (int j = 0; j < njobs; j++) {
        struct net_job_stats *o = &js->job[j];
        const double *b = job_row(res, njobs, j);
        double load = -1;
        o->busiest = o->other = -1;
        job_place(net, &jobs[j], o, seen);
        if (jobs[j].pattern != NULL)
            pattern_count(jobs[j].pattern, &o->msgs, &o->bytes);
        for (int l = 0; l < nl; l++) {
            double bw = net_link_bw(net, l), t;
            int c = net_link_class(net, l);
            if (!(b[l] > 0))
                continue;
            o->link_bytes += b[l];
            o->links++;
            if (c >= 0 && c < nc)
                js->cls[(size_t)j * (size_t)nc + (size_t)c] += b[l];
            if (users[l] > 1) {
                o->shared++;
                o->shared_bytes += b[l];
            }
            if (b[l] > o->own_max)
                o->own_max = b[l];
            if (b[l] / bw > o->alone)
                o->alone = b[l] / bw;
            t = res->bytes[l] / bw;
            if (t > load) {
                load = t;
                o->busiest = l;
            }
        }
        if (o->busiest < 0)
            continue;
        o->busiest_bytes = res->bytes[o->busiest];
        o->busiest_own = b[o->busiest];
        o->busiest_jobs = users[o->busiest];
        o->with = load;
        for (int k = 0; k < njobs; k++) {
            double x = job_row(res, njobs, k)[o->busiest];
            if (k != j && x > 0 && (o->other < 0 || x > o->other_bytes)) {
                o->other = k;
                o->other_bytes = x;
            }
        }
    }
    job_bw(net, jobs, njobs, res, js);
    free(seen);
    free(users);
    return js;
}

void
net_jobs_stats_free(struct net_jobs_stats *js)
{
    if (js == NULL)
        return;
    free(js->job);
    free(js->cls);
    free(js);
}

/* A changed link and by how much, to sort. */
struct change {
    double d;
    int l;
};

static int
cmp_change(const void *pa, const void *pb)
{
    const struct change *a = pa, *b = pb;

    if (a->d != b->d)
        return a->d > b->d ? -1 : 1;
    return (a->l > b->l) - (a->l < b->l);
}

struct net_diff *
net_stats_diff(const struct net *net, const double *a, const double *b,
               struct rho_err *err)
{
    struct net_diff *d;
    struct change *ch;
    int nl = net_links(net), nc = net_class_count(net);

    if (a == NULL || b == NULL) {
        rho_err_set(err, RHO_EINPUT, "link comparison: no bytes");
        return NULL;
    }
    d = xcalloc(1, sizeof *d);
    d->nclasses = 1 + nc;
    d->cls = xcalloc((size_t)d->nclasses, sizeof *d->cls);
    for (int c = 0; c < d->nclasses; c++) {
        d->cls[c].cls = c - 1;
        snprintf(d->cls[c].name, sizeof d->cls[c].name, "%s",
                 c == 0 ? "all" : net_class_name(net, c - 1));
    }
    ch = xmalloc((size_t)(nl > 0 ? nl : 1) * sizeof *ch);
    for (int l = 0; l < nl; l++) {
        double x = a[l], y = b[l], bw = net_link_bw(net, l);
        double big = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
        int c = net_link_class(net, l);
        struct net_diff_class *k[2] = {&d->cls[0], NULL};
        int moved = fabs(y - x) > 1e-9 * big;
        if (c >= 0 && c < nc)
            k[1] = &d->cls[1 + c];
        for (int i = 0; i < 2 && k[i] != NULL; i++) {
            k[i]->links++;
            k[i]->changed += moved;
            k[i]->mean_a += x; /* sums until the end */
            k[i]->mean_b += y;
            if (x > k[i]->max_a)
                k[i]->max_a = x;
            if (y > k[i]->max_b)
                k[i]->max_b = y;
        }
        if (x / bw > d->busy_a)
            d->busy_a = x / bw;
        if (y / bw > d->busy_b)
            d->busy_b = y / bw;
        if (!moved)
            continue;
        ch[d->changed].d = fabs(y - x);
        ch[d->changed].l = l;
        d->changed++;
        d->up += y > x;
        d->down += y < x;
    }
    for (int c = 0; c < d->nclasses; c++)
        if (d->cls[c].links > 0) {
            d->cls[c].mean_a /= (double)d->cls[c].links;
            d->cls[c].mean_b /= (double)d->cls[c].links;
        }
    qsort(ch, (size_t)d->changed, sizeof *ch, cmp_change);
    d->order = xmalloc((size_t)(d->changed > 0 ? d->changed : 1) *
                       sizeof *d->order);
    for (long long i = 0; i < d->changed; i++)
        d->order[i] = ch[i].l;
    free(ch);
    return d;
}

void
net_diff_free(struct net_diff *d)
{
    if (d == NULL)
        return;
    free(d->cls);
    free(d->order);
    free(d);
}
