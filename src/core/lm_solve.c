/*
 * lm_solve: the link-utilization model. See lm_solve.h.
 *
 * Static routings: the jobs' source ranks are cut into chunks of CHUNK
 * ranks; threads take chunks from a counter and add each message's bytes to
 * their own per-link accumulators in fixed point; the accumulators are
 * summed at the end. Integer sums are exact and associative, so the result
 * is the same for any number of threads. An SI message draws its packets'
 * paths from a generator seeded by (seed, source rank, its number among
 * that source's messages).
 *
 * Adaptive routings follow the thesis (L709-L725) with the reference
 * code's weighting (research digest 2.4): each round every message asks
 * for bandwidth on its paths with a load proportional to the path's
 * minimum remaining bandwidth (times the message's bytes); a link gives its
 * remaining bandwidth to the loads through it in proportion; a path gets
 * the least it is given on any of its links. AI and AH draw fresh paths
 * every round, so the bytes are split in a second, identical pass (same
 * seeds, same draws) once each message's total bandwidth is known.
 */
#include "core/lm_solve.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/lm_route.h"
#include "core/rho_alloc.h"
#include "core/rng.h"

#define FIX 65536.0
#define CHUNK 2048
#define AD_MAX_PATHS 16

static const char *const rnames[LM_NROUTINGS] = {"DOR", "SD", "SI", "AD",
                                                 "AI",  "AH", "UPDOWN"};

const char *
lm_routing_name(int r)
{
    return r >= 0 && r < LM_NROUTINGS ? rnames[r] : "?";
}

int
lm_routing_lookup(const char *name)
{
    for (int r = 0; r < LM_NROUTINGS; r++)
        if (strcasecmp(rnames[r], name) == 0)
            return r;
    return -1;
}

static int
adaptive(int r)
{
    return r == LM_AD || r == LM_AI || r == LM_AH;
}

void
lm_result_fini(struct lm_result *res)
{
    if (res == NULL)
        return;
    free(res->traffic);
    free(res->job_traffic);
    free(res->msg_bw);
    free(res->msg_bytes);
    free(res->msg_src);
    free(res->msg_dst);
    free(res->msg_job);
    free(res->round);
    free(res->round_link);
    memset(res, 0, sizeof *res);
}

/* ---- static routings ---- */

struct chunk {
    int job;
    long long lo, hi;
};

struct sjob {
    const struct lm_net *net;
    const struct lm_place *pl;
    const struct lm_job *jobs;
    int njobs, jtraffic;
    const struct lm_opts *o;
    struct chunk *chunks;
    long long nchunks;
    atomic_llong next, done;
    atomic_int stop;
    atomic_llong unplaced; /* first global rank not placed, + 1 */
};

struct sthread {
    struct sjob *sj;
    struct lm_route *rt;
    uint64_t *acc;      /* nl, or njobs x nl */
    int job;
    uint64_t bytes, local_bytes;
    long long messages, local;
    int max_hops;
    long long last_src, seq;
    int *path;
};

static int
emit_static(void *vctx, const struct lm_msg *m)
{
    struct sthread *t = vctx;
    struct sjob *sj = t->sj;
    const struct lm_net *net = sj->net;
    const struct lm_job *job = &sj->jobs[t->job];
    long long gs = job->first + m->src, gd = job->first + m->dst;
    long long ns = lm_place_node(sj->pl, gs), nd = lm_place_node(sj->pl, gd);
    uint64_t *acc = t->acc + (sj->jtraffic ? (size_t)t->job * net->nl : 0);
    int rs, rd;

    if (ns < 0 || nd < 0) {
        long long bad = (ns < 0 ? gs : gd) + 1, cur = atomic_load(&sj->unplaced);
        while ((cur == 0 || bad < cur) &&
               !atomic_compare_exchange_weak(&sj->unplaced, &cur, bad))
            ;
        atomic_store(&sj->stop, 1);
        return 1;
    }
    rs = net->ep_router[ns];
    rd = net->ep_router[nd];
    if (m->src != t->last_src) {
        t->last_src = m->src;
        t->seq = 0;
    }
    t->seq++;
    if (rs == rd) {
        t->local++;
        t->local_bytes += (uint64_t)(m->bytes * FIX + 0.5);
        return 0;
    }
    t->messages++;
    t->bytes += (uint64_t)(m->bytes * FIX + 0.5);
    if (job->routing == LM_SI) {
        struct rng g;
        uint64_t st = sj->o->seed ^ ((uint64_t)gs * 0x9e3779b97f4a7c15ULL) ^
                      ((uint64_t)t->seq * 0xbf58476d1ce4e5b9ULL);
        double left = m->bytes, pk = sj->o->packet > 0 ? sj->o->packet : 64;
        rng_init(&g, rng_splitmix64(&st));
        while (left > 0) {
            double b = left < pk ? left : pk;
            int n = lm_route_valiant(t->rt, rs, rd, &g, t->path);
            uint64_t add = (uint64_t)(b * FIX + 0.5);
            for (int k = 0; k < n; k++)
                acc[t->path[k]] += add;
            if (n > t->max_hops)
                t->max_hops = n;
            left -= b;
        }
        return 0;
    }
    {
        const struct lm_share *sh;
        int n = lm_route_split(t->rt, rs, rd, &sh, NULL);
        double hops = 0;
        for (int k = 0; k < n; k++) {
            acc[sh[k].link] += (uint64_t)(m->bytes * sh[k].frac * FIX + 0.5);
            hops += sh[k].frac;
        }
        if ((int)llround(hops) > t->max_hops)
            t->max_hops = (int)llround(hops);
    }
    return 0;
}

static void *
sworker(void *arg)
{
    struct sthread *t = arg;
    struct sjob *sj = t->sj;

    for (;;) {
        long long c = atomic_fetch_add(&sj->next, 1);
        if (c >= sj->nchunks || atomic_load(&sj->stop))
            break;
        t->job = sj->chunks[c].job;
        t->last_src = -1;
        lm_pattern_gen(sj->jobs[t->job].pat, sj->chunks[c].lo,
                       sj->chunks[c].hi, emit_static, t);
        atomic_fetch_add(&sj->done, 1);
    }
    return NULL;
}

static int
solve_static(const struct lm_net *net, const struct lm_place *pl,
             const struct lm_job *jobs, int njobs, const struct lm_opts *o,
             struct lm_result *res, struct rho_err *err)
{
    struct sjob sj;
    struct sthread th[64];
    pthread_t tid[64];
    int nt = o->threads > 0 ? o->threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
    size_t accn;
    long long nch = 0;
    int rc = 0;

    memset(&sj, 0, sizeof sj);
    sj.net = net;
    sj.pl = pl;
    sj.jobs = jobs;
    sj.njobs = njobs;
    sj.jtraffic = res->job_traffic != NULL;
    sj.o = o;
    for (int j = 0; j < njobs; j++)
        if (!adaptive(jobs[j].routing))
            nch += (jobs[j].pat->nranks + CHUNK - 1) / CHUNK;
    if (nch == 0)
        return 0;
    sj.chunks = xcalloc((size_t)nch, sizeof *sj.chunks);
    for (int j = 0; j < njobs; j++) {
        if (adaptive(jobs[j].routing))
            continue;
        for (long long lo = 0; lo < jobs[j].pat->nranks; lo += CHUNK)
            sj.chunks[sj.nchunks++] = (struct chunk){
                j, lo, lo + CHUNK < jobs[j].pat->nranks ? lo + CHUNK
                                                        : jobs[j].pat->nranks};
    }
    atomic_init(&sj.next, 0);
    atomic_init(&sj.done, 0);
    atomic_init(&sj.stop, 0);
    atomic_init(&sj.unplaced, 0);
    if (nt < 1)
        nt = 1;
    if (nt > 64)
        nt = 64;
    if (nt > sj.nchunks)
        nt = (int)sj.nchunks;
    accn = (size_t)net->nl * (sj.jtraffic ? (size_t)njobs : 1);
    for (int i = 0; i < nt; i++) {
        memset(&th[i], 0, sizeof th[i]);
        th[i].sj = &sj;
        th[i].rt = lm_route_new(net);
        th[i].acc = xcalloc(accn ? accn : 1, sizeof *th[i].acc);
        th[i].path = xcalloc((size_t)lm_route_maxhops(th[i].rt),
                             sizeof *th[i].path);
    }
    for (int i = 0; i < nt; i++)
        if (pthread_create(&tid[i], NULL, sworker, &th[i]) != 0) {
            for (int k = i; k < nt; k++)
                tid[k] = 0;
            if (i == 0)
                sworker(&th[0]);
            nt = i == 0 ? 1 : i;
            break;
        }
    while (o->progress) {
        struct timespec ts = {0, 50 * 1000 * 1000};
        long long d = atomic_load(&sj.done);
        if (o->progress(o->ctx, (double)d / (double)sj.nchunks)) {
            atomic_store(&sj.stop, 1);
            rc = rho_err_set(err, RHO_ECANCEL, "cancelled");
            break;
        }
        if (d >= sj.nchunks || atomic_load(&sj.stop))
            break;
        nanosleep(&ts, NULL);
    }
    for (int i = 0; i < nt; i++)
        if (tid[i] != 0)
            pthread_join(tid[i], NULL);
    if (rc == 0 && atomic_load(&sj.unplaced) != 0)
        rc = rho_err_set(err, RHO_EINPUT,
                         "rank %lld is not placed: the placement covers "
                         "%lld ranks",
                         atomic_load(&sj.unplaced) - 1, pl->slots);
    if (rc == 0) {
        uint64_t bytes = 0, lbytes = 0;
        for (size_t l = 0; l < (size_t)net->nl; l++) {
            uint64_t sum = 0;
            for (int i = 0; i < nt; i++) {
                if (sj.jtraffic)
                    for (int j = 0; j < njobs; j++)
                        sum += th[i].acc[(size_t)j * net->nl + l];
                else
                    sum += th[i].acc[l];
            }
            res->traffic[l] += (double)sum / FIX;
        }
        if (sj.jtraffic)
            for (int j = 0; j < njobs; j++)
                for (size_t l = 0; l < (size_t)net->nl; l++) {
                    uint64_t sum = 0;
                    for (int i = 0; i < nt; i++)
                        sum += th[i].acc[(size_t)j * net->nl + l];
                    res->job_traffic[(size_t)j * net->nl + l] +=
                        (double)sum / FIX;
                }
        for (int i = 0; i < nt; i++) {
            bytes += th[i].bytes;
            lbytes += th[i].local_bytes;
            res->messages += th[i].messages + th[i].local;
            res->local += th[i].local;
            if (th[i].max_hops > res->max_hops)
                res->max_hops = th[i].max_hops;
        }
        res->bytes += (double)(bytes + lbytes) / FIX;
        res->local_bytes += (double)lbytes / FIX;
    }
    for (int i = 0; i < nt; i++) {
        lm_route_free(th[i].rt);
        free(th[i].acc);
        free(th[i].path);
    }
    free(sj.chunks);
    return rc;
}

/* ---- adaptive routings ---- */

struct amsg {
    int rs, rd, job;
    double bytes;
    long long gs, gd;
};

struct ajob {
    const struct lm_net *net;
    const struct lm_job *jobs;
    const struct lm_opts *o;
    struct lm_route *rt;
    struct amsg *m;
    long long nm, capm;
    int bad;
    long long unplaced;
    const struct lm_place *pl;
    int cur_job;
};

static int
emit_adaptive(void *vctx, const struct lm_msg *msg)
{
    struct ajob *a = vctx;
    const struct lm_job *job = &a->jobs[a->cur_job];
    long long gs = job->first + msg->src, gd = job->first + msg->dst;
    long long ns = lm_place_node(a->pl, gs), nd = lm_place_node(a->pl, gd);

    if (ns < 0 || nd < 0) {
        a->bad = 1;
        a->unplaced = ns < 0 ? gs : gd;
        return 1;
    }
    if (a->nm == a->capm) {
        a->capm = (long long)rho_grow_cap((size_t)a->capm, (size_t)a->nm + 1);
        a->m = xreallocarray(a->m, (size_t)a->capm, sizeof *a->m);
    }
    a->m[a->nm++] = (struct amsg){a->net->ep_router[ns], a->net->ep_router[nd],
                                  a->cur_job, msg->bytes, gs, gd};
    return 0;
}

/* The paths of message m in round r into paths (P rows of H). */
static int
draw_paths(struct ajob *a, long long m, int r, int routing, int *paths,
           int *len, int H)
{
    struct amsg *msg = &a->m[m];
    struct rng g;
    uint64_t st = a->o->seed ^ ((uint64_t)msg->gs * 0x9e3779b97f4a7c15ULL) ^
                  ((uint64_t)m * 0xbf58476d1ce4e5b9ULL) ^
                  ((uint64_t)(r + 1) * 0x94d049bb133111ebULL);
    int np = 0;

    rng_init(&g, rng_splitmix64(&st));
    if (routing == LM_AD) {
        np = lm_route_paths(a->rt, msg->rs, msg->rd, paths, len, AD_MAX_PATHS);
        return np;
    }
    if (routing == LM_AH) { /* up to two direct paths, two indirect */
        for (; np < 2; np++)
            len[np] = lm_route_random(a->rt, msg->rs, msg->rd, &g,
                                      paths + (size_t)np * H);
    }
    for (; np < 4; np++)
        len[np] = lm_route_valiant(a->rt, msg->rs, msg->rd, &g,
                                   paths + (size_t)np * H);
    return np;
}

/*
 * The rounds of an adaptive solve. Pass 1 finds each message's bandwidth
 * (bw); pass 2 repeats exactly and adds each path's share of the bytes to
 * traffic (bw is then read, not written).
 */
static int
rounds(struct ajob *a, int pass, double *bw, double *traffic,
       double *job_traffic, struct lm_result *res, struct rho_err *err)
{
    const struct lm_net *net = a->net;
    const struct lm_opts *o = a->o;
    int H = lm_route_maxhops(a->rt), P = AD_MAX_PATHS;
    int maxr = o->max_rounds > 0 ? o->max_rounds : 200;
    int f = o->expose > 0 ? o->expose : 50;
    double *rem = xcalloc((size_t)net->nl, sizeof *rem);
    double *O = xcalloc((size_t)net->nl, sizeof *O);
    double *used = xcalloc((size_t)net->nl, sizeof *used);
    int *paths = xcalloc((size_t)P * H, sizeof *paths);
    int *len = xcalloc((size_t)P, sizeof *len);
    double *load = xcalloc((size_t)P, sizeof *load);
    int *mpaths = NULL, *mlen = NULL, *np_of = NULL;
    double *mload = NULL;
    char *active = xcalloc((size_t)(a->nm ? a->nm : 1), 1);
    double minbw = INFINITY, cutoff;
    int all_ad = 1, rc = 0, r;

    for (int l = 0; l < net->nl; l++)
        if (net->lbw[l] > 0 && net->lbw[l] < minbw)
            minbw = net->lbw[l];
    cutoff = 2e-6 * (isfinite(minbw) ? minbw : 1);
    for (long long m = 0; m < a->nm; m++) {
        active[m] = 1;
        all_ad &= a->jobs[a->m[m].job].routing == LM_AD;
    }
    /* per-message path storage for one round */
    mpaths = xcalloc((size_t)(a->nm ? a->nm : 1) * P * H, sizeof *mpaths);
    mlen = xcalloc((size_t)(a->nm ? a->nm : 1) * P, sizeof *mlen);
    np_of = xcalloc((size_t)(a->nm ? a->nm : 1), sizeof *np_of);
    mload = xcalloc((size_t)(a->nm ? a->nm : 1) * P, sizeof *mload);
    for (int l = 0; l < net->nl; l++)
        rem[l] = all_ad ? net->lbw[l] : 0;

    for (r = 0; r < maxr; r++) {
        double total = 0;
        int nact = 0, sat = 0;

        if (!all_ad && r < f)
            for (int l = 0; l < net->nl; l++)
                rem[l] += net->lbw[l] / f;
        memset(O, 0, (size_t)net->nl * sizeof *O);
        memset(used, 0, (size_t)net->nl * sizeof *used);
        /* paths and loads */
        for (long long m = 0; m < a->nm; m++) {
            int routing = a->jobs[a->m[m].job].routing, n;
            double S = 0;
            int *mp = mpaths + (size_t)m * P * H, *ml = mlen + (size_t)m * P;
            if (!active[m]) {
                np_of[m] = 0;
                continue;
            }
            if (routing == LM_AD && r > 0) {
                n = np_of[m]; /* AD keeps the paths of round 0 */
            } else {
                n = draw_paths(a, m, r, routing, paths, len, H);
                for (int p = 0; p < n; p++) {
                    memcpy(mp + (size_t)p * H, paths + (size_t)p * H,
                           (size_t)len[p] * sizeof *paths);
                    ml[p] = len[p];
                }
                np_of[m] = n;
            }
            for (int p = 0; p < n; p++) {
                double mr = INFINITY;
                for (int k = 0; k < ml[p]; k++)
                    mr = fmin(mr, rem[mp[(size_t)p * H + k]]);
                if (!(mr > cutoff))
                    mr = 0;
                load[p] = mr;
                S += mr;
            }
            for (int p = 0; p < n; p++) {
                double w = S > 0 ? a->m[m].bytes * load[p] / S : 0;
                mload[(size_t)m * P + p] = w;
                for (int k = 0; k < ml[p] && w > 0; k++)
                    O[mp[(size_t)p * H + k]] += w;
            }
            if (S > 0)
                nact++;
        }
        /* allocation */
        for (long long m = 0; m < a->nm; m++) {
            int *mp = mpaths + (size_t)m * P * H, *ml = mlen + (size_t)m * P;
            double gained = 0;
            for (int p = 0; p < np_of[m]; p++) {
                double w = mload[(size_t)m * P + p], al = INFINITY;
                if (!(w > 0))
                    continue;
                for (int k = 0; k < ml[p]; k++) {
                    int l = mp[(size_t)p * H + k];
                    al = fmin(al, rem[l] * w / O[l]);
                }
                if (!(al > 0))
                    continue;
                for (int k = 0; k < ml[p]; k++)
                    used[mp[(size_t)p * H + k]] += al;
                gained += al;
                if (pass == 1) {
                    bw[m] += al;
                } else if (bw[m] > 0) {
                    double share = a->m[m].bytes * al / bw[m];
                    for (int k = 0; k < ml[p]; k++) {
                        int l = mp[(size_t)p * H + k];
                        traffic[l] += share;
                        if (job_traffic)
                            job_traffic[(size_t)a->m[m].job * net->nl + l] +=
                                share;
                    }
                }
            }
            total += gained;
            if (a->jobs[a->m[m].job].routing == LM_AD && gained <= cutoff &&
                r > 0)
                active[m] = 0; /* AD: no more to gain */
        }
        for (int l = 0; l < net->nl; l++) {
            rem[l] -= used[l];
            if (rem[l] < 0)
                rem[l] = 0;
            sat += net->lbw[l] > 0 && rem[l] <= cutoff;
        }
        if (pass == 1 && res != NULL) {
            res->round = xreallocarray(res->round, (size_t)r + 1,
                                       sizeof *res->round);
            res->round[r] = (struct lm_round){total, nact, sat};
            if (o->round_links > 0 && net->nl <= o->round_links) {
                res->round_link = xreallocarray(
                    res->round_link, ((size_t)r + 1) * net->nl, sizeof(double));
                memcpy(res->round_link + (size_t)r * net->nl, used,
                       (size_t)net->nl * sizeof(double));
            }
            res->nrounds = r + 1;
        }
        if (o->progress && pass == 1 && o->progress(o->ctx, 0.5 * r / maxr)) {
            rc = rho_err_set(err, RHO_ECANCEL, "cancelled");
            break;
        }
        if (total <= cutoff && (all_ad || r >= f))
            break;
    }
    free(rem);
    free(O);
    free(used);
    free(paths);
    free(len);
    free(load);
    free(mpaths);
    free(mlen);
    free(np_of);
    free(mload);
    free(active);
    return rc;
}

static int
solve_adaptive(const struct lm_net *net, const struct lm_place *pl,
               const struct lm_job *jobs, int njobs, const struct lm_opts *o,
               struct lm_result *res, struct rho_err *err)
{
    struct ajob a;
    double *bw;
    int rc = 0, any = 0;

    for (int j = 0; j < njobs; j++)
        any |= adaptive(jobs[j].routing);
    if (!any)
        return 0;
    memset(&a, 0, sizeof a);
    a.net = net;
    a.jobs = jobs;
    a.o = o;
    a.pl = pl;
    a.rt = lm_route_new(net);
    for (int j = 0; j < njobs && !a.bad; j++) {
        if (!adaptive(jobs[j].routing))
            continue;
        a.cur_job = j;
        lm_pattern_gen(jobs[j].pat, 0, jobs[j].pat->nranks, emit_adaptive, &a);
    }
    if (a.bad) {
        rc = rho_err_set(err, RHO_EINPUT,
                         "rank %lld is not placed: the placement covers %lld "
                         "ranks",
                         a.unplaced, pl->slots);
        goto out;
    }
    /* messages within a router: counted, not routed */
    {
        long long k = 0;
        for (long long m = 0; m < a.nm; m++) {
            res->messages++;
            res->bytes += a.m[m].bytes;
            if (a.m[m].rs == a.m[m].rd) {
                res->local++;
                res->local_bytes += a.m[m].bytes;
                continue;
            }
            a.m[k++] = a.m[m];
        }
        a.nm = k;
    }
    bw = xcalloc((size_t)(a.nm ? a.nm : 1), sizeof *bw);
    rc = rounds(&a, 1, bw, NULL, NULL, res, err);
    if (rc == 0)
        rc = rounds(&a, 2, bw, res->traffic, res->job_traffic, NULL, err);
    if (rc == 0) {
        /* messages that got nothing: their bytes split evenly (SD) */
        const struct lm_share *sh;
        for (long long m = 0; m < a.nm; m++) {
            int n;
            if (bw[m] > 0)
                continue;
            n = lm_route_split(a.rt, a.m[m].rs, a.m[m].rd, &sh, NULL);
            for (int k = 0; k < n; k++) {
                res->traffic[sh[k].link] += a.m[m].bytes * sh[k].frac;
                if (res->job_traffic)
                    res->job_traffic[(size_t)a.m[m].job * net->nl +
                                     sh[k].link] += a.m[m].bytes * sh[k].frac;
            }
        }
        res->nmsg = a.nm;
        res->msg_bw = bw;
        bw = NULL;
        res->msg_bytes = xcalloc((size_t)(a.nm ? a.nm : 1), sizeof(double));
        res->msg_src = xcalloc((size_t)(a.nm ? a.nm : 1), sizeof(long long));
        res->msg_dst = xcalloc((size_t)(a.nm ? a.nm : 1), sizeof(long long));
        res->msg_job = xcalloc((size_t)(a.nm ? a.nm : 1), sizeof(int));
        for (long long m = 0; m < a.nm; m++) {
            res->msg_bytes[m] = a.m[m].bytes;
            res->msg_src[m] = a.m[m].gs;
            res->msg_dst[m] = a.m[m].gd;
            res->msg_job[m] = a.m[m].job;
            {
                int H = lm_route_maxhops(a.rt), len[AD_MAX_PATHS];
                int *paths = xcalloc((size_t)AD_MAX_PATHS * H, sizeof *paths);
                int n = lm_route_paths(a.rt, a.m[m].rs, a.m[m].rd, paths, len,
                                       1);
                if (n > 0 && len[0] > res->max_hops)
                    res->max_hops = len[0];
                free(paths);
            }
        }
    }
    free(bw);
out:
    free(a.m);
    lm_route_free(a.rt);
    return rc;
}

int
lm_solve(const struct lm_net *net, const struct lm_place *pl,
         const struct lm_job *jobs, int njobs, const struct lm_opts *opts,
         struct lm_result *res, struct rho_err *err)
{
    struct lm_opts def;
    double t0 = rho_wall();
    int rc;

    memset(res, 0, sizeof *res);
    if (opts == NULL) {
        memset(&def, 0, sizeof def);
        opts = &def;
    }
    for (int j = 0; j < njobs; j++)
        if (lm_pattern_check(jobs[j].pat, err) != 0) {
            rho_err_prefix(err, "job %d (%s)", j + 1, jobs[j].name);
            return -1;
        }
    res->nl = net->nl;
    res->njobs = njobs;
    res->traffic = xcalloc((size_t)(net->nl ? net->nl : 1), sizeof(double));
    if (njobs > 1)
        res->job_traffic = xcalloc((size_t)njobs * net->nl, sizeof(double));
    rc = solve_static(net, pl, jobs, njobs, opts, res, err);
    if (rc == 0)
        rc = solve_adaptive(net, pl, jobs, njobs, opts, res, err);
    if (rc != 0) {
        lm_result_fini(res);
        return -1;
    }
    for (int l = 0; l < net->nl; l++)
        res->hop_bytes += res->traffic[l];
    /* the phase time: an extension, see the header */
    res->phase_time = 0;
    if (res->nmsg > 0) { /* adaptive: the slowest message */
        for (long long m = 0; m < res->nmsg; m++)
            if (res->msg_bw[m] > 0 &&
                res->msg_bytes[m] / res->msg_bw[m] > res->phase_time)
                res->phase_time = res->msg_bytes[m] / res->msg_bw[m];
    } else { /* static: the most loaded link */
        for (int l = 0; l < net->nl; l++)
            if (net->lbw[l] > 0 &&
                res->traffic[l] / net->lbw[l] > res->phase_time)
                res->phase_time = res->traffic[l] / net->lbw[l];
    }
    res->seconds = rho_wall() - t0;
    if (opts->progress)
        opts->progress(opts->ctx, 1.0);
    return 0;
}
