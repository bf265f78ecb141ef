/*
 * net_estimate: about how long a link model run routes. See
 * net_estimate.h.
 */
#include "core/net/net_estimate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/base/rho_alloc.h"
#include "core/base/rng.h"
#include "core/net/net_model.h"
#include "core/net/route.h"

/* Messages sampled a job: at most about SAMPLE_MSGS, or what SAMPLE_S
   seconds give. Their paths: ROUNDS rounds of DRAWS, timed. */
#define SAMPLE_MSGS 2000
#define SAMPLE_S 0.002
#define ROUNDS 8
#define DRAWS 250

/* The sampled messages of one job: their endpoints and packets. */
struct sample {
    const struct placement *pl;
    int offset, n, cap;
    int *es, *ed;
    double *pk;
};

static void
take(void *sink, int src, int dst, double bytes, int step)
{
    struct sample *s = sink;
    double pk;

    (void)step;
    if (!(bytes > 0))
        return; /* the model routes nothing */
    pk = ceil(bytes / NET_SI_PACKET);
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->es = xreallocarray(s->es, (size_t)s->cap, sizeof *s->es);
        s->ed = xreallocarray(s->ed, (size_t)s->cap, sizeof *s->ed);
        s->pk = xreallocarray(s->pk, (size_t)s->cap, sizeof *s->pk);
    }
    s->es[s->n] = placement_endpoint(s->pl, s->offset + src);
    s->ed[s->n] = placement_endpoint(s->pl, s->offset + dst);
    s->pk[s->n] = pk < 1 ? 1 : pk;
    s->n++;
}

int
net_si_estimate(const struct net_scen *l, int threads,
                struct net_si_estimate *out)
{
    struct route *rt = NULL;
    int *buf = NULL, any = 0;
    double paths = 0, links = 0, secs = 0;
    const double *bw;
    double sum = 0;

    memset(out, 0, sizeof *out);
    if (l == NULL || l->placement == NULL)
        return 0;
    bw = net_link_bws(l->net);
    for (int j = 0; j < l->njobs; j++) {
        const struct net_scen_job *jb = &l->job[j];
        const struct pattern *p = jb->pattern;
        struct sample s = {l->placement, jb->offset, 0, 0, NULL, NULL, NULL};
        long long n, walked = 0, step;
        double pk = 0, scale, t0, best = -1;
        struct rng g;

        if (jb->routing != NET_SI || p == NULL || (n = pattern_units(p)) <= 0)
            continue;
        if (rt == NULL) {
            rt = route_new(l->net);
            buf = xmalloc((size_t)route_max_hops(rt) * sizeof *buf);
        }
        any = 1;
        /* units spread over the pattern, as pattern_estimate() walks
           them, until SAMPLE_MSGS messages or SAMPLE_S seconds (a unit of
           the thesis's UMesh takes about 0.1 ms) */
        step = n % 7919 != 0 ? 7919 : 7907;
        t0 = rho_wall();
        while (walked < n && (walked == 0 || (s.n < SAMPLE_MSGS &&
                                              rho_wall() - t0 < SAMPLE_S))) {
            unsigned long long u = (unsigned long long)walked *
                                   (unsigned long long)step %
                                   (unsigned long long)n;
            pattern_emit(p, (long long)u, take, &s);
            walked++;
        }
        scale = (double)n / (double)walked;
        for (int i = 0; i < s.n; i++)
            if (s.es[i] != s.ed[i]) /* on one node: no link, no packet */
                pk += s.pk[i];
        /* paths of the sampled messages in turn, ROUNDS rounds of DRAWS
           of them, timed, as the model routes a packet: the path, and a
           per-link array read at each of its links where the model adds
           to its sums (the net's bandwidths: as large as the model's
           sums, and made already: cache misses alike, no page faults);
           the fastest round counts (a round the scheduler took the
           thread from would count its wait) */
        rng_init(&g, (uint64_t)j + 1);
        for (int round = 0, i = 0; round < ROUNDS && s.n > 0; round++) {
            double rp = 0, dt;
            t0 = rho_wall();
            for (int d = 0; d < DRAWS; d++, i = (i + 1) % s.n) {
                int len;
                if (s.es[i] == s.ed[i])
                    continue;
                len = route_valiant(rt, s.es[i], s.ed[i], l->minimal, &g, buf);
                if (len <= 0)
                    continue;
                for (int k = 0; k < len; k++)
                    sum += bw[buf[k]];
                rp++;
                links += len;
            }
            dt = rho_wall() - t0;
            paths += rp;
            if (rp > 0 && (best < 0 || dt / rp < best))
                best = dt / rp;
        }
        if (best > 0)
            secs += best * pk * scale;
        out->msgs += s.n * scale;
        out->packets += pk * scale;
        free(s.es);
        free(s.ed);
        free(s.pk);
    }
    free(buf);
    route_free(rt);
    {
        volatile double sink = sum; /* read: the loads are made */
        (void)sink;
    }
    out->hops = paths > 0 ? links / paths : 0;
    out->seconds = secs / (threads > 1 ? threads : 1);
    return any;
}

/* t seconds as an estimate reads: two digits at most, in s, min, h or
   days ("3.2 min", "45 min", "16 h"). */
static void
about(char *buf, size_t n, double t)
{
    static const struct {
        const char *name;
        double scale;
    } u[] = {{"days", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}};
    int k = 0;

    while (k < 3 && t < u[k].scale)
        k++;
    t /= u[k].scale;
    snprintf(buf, n, t < 9.95 ? "%.1f %s" : "%.0f %s", t, u[k].name);
}

int
net_si_warning(const struct net_scen *l, int threads, double secs, char *buf,
               size_t n)
{
    struct net_si_estimate e;
    char t[48];

    if (n > 0)
        buf[0] = '\0';
    if (!net_si_estimate(l, threads, &e) || !(e.seconds > secs))
        return 0;
    snprintf(buf, n, "SI routes every packet: about %s on this scenario",
             (about(t, sizeof t, e.seconds), t));
    return 1;
}
