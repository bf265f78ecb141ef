#include "support_hash.h"

uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;

    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 1099511628211ULL;
    return h;
}

uint64_t
result_hash(const struct net_result *r)
{
    uint64_t h = FNV0;

    h = fnv(h, r->bytes, sizeof(double) * (size_t)r->nlinks);
    if (r->nmsg > 0 && r->msg_bw != NULL)
        h = fnv(h, r->msg_bw, sizeof(double) * (size_t)r->nmsg);
    h = fnv(h, &r->msgs, sizeof r->msgs);
    h = fnv(h, &r->routed, sizeof r->routed);
    h = fnv(h, &r->hop_bytes, sizeof r->hop_bytes);
    h = fnv(h, &r->hops_sum, sizeof r->hops_sum);
    h = fnv(h, &r->hops_max, sizeof r->hops_max);
    h = fnv(h, &r->iterations, sizeof r->iterations);
    h = fnv(h, &r->phase_time_ext, sizeof r->phase_time_ext);
    return h;
}

uint64_t
result_hash_full(const struct net_result *r)
{
    uint64_t h = result_hash(r);

    h = fnv(h, &r->nphases, sizeof r->nphases);
    for (int i = 0; i < r->nphases; i++) {
        uint64_t x = result_hash_full(r->phase[i]);
        h = fnv(h, &x, sizeof x);
    }
    h = fnv(h, r->bwq, sizeof r->bwq);
    h = fnv(h, &r->bwq_n, sizeof r->bwq_n);
    h = fnv(h, &r->bwq_starved, sizeof r->bwq_starved);
    if (r->path_off != NULL && r->path_bw != NULL)
        h = fnv(h, r->path_bw, sizeof(double) * (size_t)r->path_off[r->nmsg]);
    if (r->job_bytes != NULL)
        h = fnv(h, r->job_bytes,
                sizeof(double) * (size_t)r->nlinks * (size_t)r->njobs);
    return h;
}

double
result_link_bytes(const struct net_result *r)
{
    double s = 0;

    for (int l = 0; l < r->nlinks; l++)
        s += r->bytes[l];
    return s;
}
