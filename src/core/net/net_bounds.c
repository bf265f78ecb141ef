/*
 * net_bounds: the boundaries of a network's hierarchy. See net_bounds.h.
 */
#include "core/net/net_bounds.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/rho_alloc.h"

static struct net_bound *
bounds_alloc(int n)
{
    struct net_bound *s = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *s);

    for (int i = 0; i < n; i++) {
        s[i].out = s[i].in = 0;
        s[i].tout = s[i].tin = NAN;
    }
    return s;
}

static void
bound_add(struct net_bound *from, struct net_bound *to, double b, double t)
{
    if (!isnan(b)) {
        from->out += b;
        to->in += b;
    }
    if (!isnan(t)) {
        if (isnan(from->tout) || t > from->tout)
            from->tout = t;
        if (isnan(to->tin) || t > to->tin)
            to->tin = t;
    }
}

int
net_bounds_top(const struct net_bounds *b, const struct net *net, int r)
{
    if (b->top == NULL)
        return -1;
    if (b->family == NET_FATTREE)
        return net_ft_level(net, r, NULL);
    return r / b->top_size;
}

struct net_bounds *
net_bounds_new(const struct net *net, const double *bytes,
               const atomic_int *stop)
{
    struct net_bounds *h = xcalloc(1, sizeof *h);
    const int *src = net_link_srcs(net), *dst = net_link_dsts(net);
    const int *epr = net_endpoint_routers(net);
    const double *bw = net_link_bws(net);
    int nl = net_links(net), *top = NULL, *mid = NULL;

    h->family = net_family(net);
    h->nr = net_routers(net);
    h->router = bounds_alloc(h->nr);
    switch (h->family) {
    case NET_DRAGONFLY: {
        const struct net_dragonfly_params *p = net_dragonfly(net);
        h->ntop = p->groups;
        h->top_size = p->chassis * p->routers;
        if (p->chassis > 1) {
            h->nmid = p->groups * p->chassis;
            h->mid_size = p->routers;
        }
        break;
    }
    case NET_TORUS: {
        const struct net_torus_params *p = net_torus(net);
        if (p->nd > 1) {
            h->ntop = p->dim[p->nd - 1];
            h->top_size = h->nr / h->ntop;
        }
        break;
    }
    case NET_FATTREE:
        h->ntop = net_fattree(net)->levels;
        break;
    default:
        break;
    }
    if (h->ntop > 0) {
        h->top = bounds_alloc(h->ntop);
        top = xmalloc((size_t)h->nr * sizeof *top);
        for (int r = 0; r < h->nr; r++)
            top[r] = net_bounds_top(h, net, r);
    }
    if (h->nmid > 0) {
        h->mid = bounds_alloc(h->nmid);
        mid = xmalloc((size_t)h->nr * sizeof *mid);
        for (int r = 0; r < h->nr; r++)
            mid[r] = r / h->mid_size;
    }
    for (int l = 0; l < nl; l++) {
        int a = src[l], b = dst[l];
        double t;
        if ((l & ((1 << 18) - 1)) == 0 && l > 0 && stop != NULL &&
            atomic_load_explicit(stop, memory_order_relaxed)) {
            free(top);
            free(mid);
            net_bounds_free(h);
            return NULL;
        }
        if (a >= h->nr)
            a = epr[a - h->nr];
        if (b >= h->nr)
            b = epr[b - h->nr];
        if (a == b)
            continue; /* between a router and its endpoints */
        t = bytes[l] >= 0 ? bytes[l] / bw[l] : NAN;
        bound_add(&h->router[a], &h->router[b], bytes[l], t);
        if (top != NULL && top[a] != top[b] && top[a] >= 0 && top[b] >= 0)
            bound_add(&h->top[top[a]], &h->top[top[b]], bytes[l], t);
        if (mid != NULL && mid[a] != mid[b])
            bound_add(&h->mid[mid[a]], &h->mid[mid[b]], bytes[l], t);
    }
    free(top);
    free(mid);
    return h;
}

void
net_bounds_free(struct net_bounds *b)
{
    if (b == NULL)
        return;
    free(b->router);
    free(b->top);
    free(b->mid);
    free(b);
}
