/*
 * lm_stats: link traffic statistics. See lm_stats.h.
 */
#include "core/lm_stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rho_alloc.h"

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double
quantile(const double *v, long long n, double p)
{
    double pos = (double)(n - 1) * p;
    long long lo = (long long)pos;
    double frac = pos - (double)lo;

    if (lo + 1 >= n)
        return v[n - 1];
    return v[lo] + (v[lo + 1] - v[lo]) * frac;
}

void
lm_six(const double *v, long long n, double *min, double *q1, double *med,
       double *q3, double *max)
{
    *min = v[0];
    *q1 = quantile(v, n, 0.25);
    *med = quantile(v, n, 0.5);
    *q3 = quantile(v, n, 0.75);
    *max = v[n - 1];
}

/* Keep the LM_HOT largest links of a class (ties: lower id first). */
static void
hot_insert(struct lm_cstats *c, const double *traffic, int l)
{
    int k = LM_HOT - 1;

    if (c->hot[k] >= 0 && !(traffic[l] > traffic[c->hot[k]]))
        return;
    while (k > 0 &&
           (c->hot[k - 1] < 0 || traffic[l] > traffic[c->hot[k - 1]])) {
        c->hot[k] = c->hot[k - 1];
        k--;
    }
    c->hot[k] = l;
}

void
lm_stats_compute(const struct lm_net *net, const double *traffic,
                 const struct lm_result *res, struct lm_stats *st)
{
    double *v = xcalloc((size_t)(net->nl ? net->nl : 1), sizeof *v);

    memset(st, 0, sizeof *st);
    st->n = net->ncls + 1;
    snprintf(st->c[0].name, sizeof st->c[0].name, "all");
    for (int c = 0; c < net->ncls; c++)
        snprintf(st->c[c + 1].name, sizeof st->c[0].name, "%s", net->cls[c]);
    for (int k = 0; k < st->n; k++) {
        struct lm_cstats *c = &st->c[k];
        long long n = 0;
        for (int h = 0; h < LM_HOT; h++)
            c->hot[h] = -1;
        for (int l = 0; l < net->nl; l++) {
            if (net->lfrom[l] < 0 || (k > 0 && net->lclass[l] != k - 1))
                continue;
            v[n++] = traffic[l];
            c->sum += traffic[l];
            c->used += traffic[l] > 0;
            if (traffic[l] > 0)
                hot_insert(c, traffic, l);
        }
        c->links = n;
        if (n == 0)
            continue;
        c->mean = c->sum / (double)n;
        qsort(v, (size_t)n, sizeof *v, cmp_double);
        lm_six(v, n, &c->min, &c->q1, &c->median, &c->q3, &c->max);
    }
    free(v);
    st->hop_bytes = st->c[0].sum;
    st->avg_bytes_link = st->c[0].mean;
    st->max_bytes_link = st->c[0].max;
    if (res != NULL) {
        double routed = res->bytes - res->local_bytes;
        st->avg_hops = routed > 0 ? st->hop_bytes / routed : 0;
        st->max_hops = res->max_hops;
    }
}
