/*
 * lm_stats: what the thesis reports of a link-utilization run (Jain
 * L807-L818; research digest 2.6 and 6.1): per link class and for all
 * links, the number of links, how many carry traffic, the minimum, first
 * quartile, median, mean, third quartile and maximum of the bytes per link
 * (links without traffic count), and the hottest links; the mapping
 * metrics hop-bytes, average and maximum hops, average and maximum bytes
 * per link. Quartiles interpolate linearly between order statistics
 * (position (n-1)p), as numpy's default.
 */
#ifndef RHO_CORE_LM_STATS_H
#define RHO_CORE_LM_STATS_H

#include "core/lm_net.h"
#include "core/lm_solve.h"

#define LM_HOT 10

struct lm_cstats {
    char name[32];   /* a class name, or "all" */
    long long links; /* existing links of the class */
    long long used;  /* with traffic */
    double min, q1, median, mean, q3, max, sum;
    int hot[LM_HOT]; /* link ids, hottest first (-1 past the end) */
};

struct lm_stats {
    int n;                               /* classes + 1 ("all" first) */
    struct lm_cstats c[LM_MAX_CLASSES + 1];
    double hop_bytes, avg_hops;
    int max_hops;
    double avg_bytes_link, max_bytes_link;
};

/*
 * Statistics of traffic (one value per link of net; e.g. res->traffic or
 * one job's row of res->job_traffic). res gives the byte and hop counts
 * (may be NULL: then hop metrics are 0). Links that do not exist (the
 * missing edges of a mesh) are left out. st is caller's storage.
 */
void lm_stats_compute(const struct lm_net *net, const double *traffic,
                      const struct lm_result *res, struct lm_stats *st);

/* The six numbers of sorted values v[0..n) (n > 0) into out. */
void lm_six(const double *v, long long n, double *min, double *q1,
            double *med, double *q3, double *max);

#endif
