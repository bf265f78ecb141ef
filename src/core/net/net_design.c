/*
 * net_design: Table 6.1's prototypes and Sec. 6.3's costs. See
 * net_design.h.
 */
#include "core/net/net_design.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/imath.h"

#define PROTO_BW 12.5e9

/* The smallest c >= 1 with m * c^e >= n. */
static long long
root_up(long long n, int e, long long m)
{
    long long c = 1;

    for (;;) {
        double v = (double)m;
        for (int i = 0; i < e; i++)
            v *= (double)c;
        if (v >= (double)n)
            return c;
        c++;
    }
}

static int
proto_torus(long long n, int *rp, int cores, double bw, struct net_spec *s,
            struct rho_err *err)
{
    int nd, best = 0, r = *rp;
    long long k, bestd = -1;

    if (r == 0)
        r = *rp = 13;
    nd = (r - 1) / 2;
    if (r % 2 == 0 || nd < 1 || nd > NET_MAX_DIMS)
        return rho_err_set(err, RHO_EINPUT,
                           "torus prototype: radix %d (odd, 3 to %d: 2 ports "
                           "a dimension and one for the node)",
                           r, 2 * NET_MAX_DIMS + 1);
    k = root_up(n, nd, 1);
    if (lipow(k, nd) > n && k > 2)
        k--; /* k^nd <= n < (k+1)^nd */
    for (int a = 0; a <= nd; a++) {
        long long c = lipow(k, nd - a) * lipow(k + 1, a);
        long long d = c > n ? c - n : n - c;
        if (bestd < 0 || d < bestd) {
            bestd = d;
            best = a;
        }
    }
    s->family = NET_TORUS;
    s->torus.nd = nd;
    for (int i = 0; i < nd; i++) {
        s->torus.dim[i] = (int)(i < best ? k + 1 : k);
        s->torus.wrap[i] = 1;
    }
    s->torus.nodes_per_router = 1;
    s->torus.cores = cores;
    s->torus.bw = bw;
    return 0;
}

static int
proto_dragonfly(long long n, int *rp, int cores, double bw, struct net_spec *s,
                struct rho_err *err)
{
    long long p, a, h, g, full, hh;
    int r = *rp;

    if (r == 0)
        r = *rp = (int)(6 * root_up(n, 4, 18));
    if (r < 6 || r % 6 != 0)
        return rho_err_set(err, RHO_EINPUT,
                           "dragonfly prototype: radix %d (a multiple of 6: "
                           "r/6 nodes, r/2 local and r/3 global ports)",
                           r);
    p = r / 6;
    a = r / 2;
    h = r / 3;
    full = a * h + 1;
    if (full * a * p <= n) {
        g = full;
        hh = h;
    } else if ((hh = n / (p * a * a)) >= 1) {
        g = a * hh;
    } else {
        g = n / (a * p);
        if (g < 2)
            g = 2;
        hh = (g - 1 + a - 1) / a;
    }
    s->family = NET_DRAGONFLY;
    s->df.groups = (int)g;
    s->df.chassis = 1;
    s->df.routers = (int)a;
    s->df.nodes_per_router = (int)p;
    s->df.cores = cores;
    s->df.global_per_pair = 1;
    s->df.bw_row = s->df.bw_col = bw;
    s->df.bw_global = bw * (double)h / (double)hh;
    return 0;
}

static int
proto_fattree(long long n, int *rp, int cores, double bw, struct net_spec *s,
              struct rho_err *err)
{
    int r = *rp;

    if (r == 0)
        r = (int)(2 * root_up(n, 3, 1));
    if (r < 4)
        return rho_err_set(err, RHO_EINPUT,
                           "fat-tree prototype: radix %d (at least 4)", r);
    r = *rp = (r + 3) / 4 * 4; /* the top level needs k/2 even */
    s->family = NET_FATTREE;
    s->ft.k = r;
    s->ft.levels = 3;
    s->ft.cores = cores;
    s->ft.bw = bw;
    return 0;
}

int
net_prototype(int family, long long nodes, int *radix_io, int cores, double bw,
              struct net_spec *spec, struct rho_err *err)
{
    int radix = radix_io != NULL ? *radix_io : 0, rc;

    memset(spec, 0, sizeof *spec);
    if (nodes < 2 || nodes > 100000000)
        return rho_err_set(err, RHO_EINPUT,
                           "prototype: %lld nodes (2 to 100,000,000)", nodes);
    if (radix < 0 || radix > 1024)
        return rho_err_set(err, RHO_EINPUT,
                           "prototype: radix %d (0 for rho's choice, or up to "
                           "1024)",
                           radix);
    if (cores < 1)
        cores = 1;
    if (!(bw > 0))
        bw = PROTO_BW;
    switch (family) {
    case NET_TORUS:
        rc = proto_torus(nodes, &radix, cores, bw, spec, err);
        break;
    case NET_DRAGONFLY:
        rc = proto_dragonfly(nodes, &radix, cores, bw, spec, err);
        break;
    case NET_FATTREE:
        rc = proto_fattree(nodes, &radix, cores, bw, spec, err);
        break;
    default:
        return rho_err_set(err, RHO_EINPUT,
                           "prototype: a torus, a dragonfly or a fat-tree");
    }
    if (rc == 0 && radix_io != NULL)
        *radix_io = radix;
    return rc;
}

double
net_cost_copper(double m)
{
    return 10.743 * m + 56.2;
}

double
net_cost_optical(double m)
{
    return 0.028 * m * m + 5.787 * m + 340.95;
}

double
net_cost_router(int ports)
{
    return 140.11 * ports + 646.11;
}

/* Where router v stands: its cabinet and the cabinet's place (meters, x
   along a row, y across rows), in the layouts of net_design.h. */
struct place {
    long long cab;
    double x, y;
};

static void
place_of(const struct net *net, int v, long long row, struct place *p)
{
    const struct net_dragonfly_params *df = net_dragonfly(net);
    const struct net_fattree_params *ft = net_fattree(net);
    long long col;

    switch (net_family(net)) {
    case NET_DRAGONFLY: {
        int R = df->chassis * df->routers, half = (R + 1) / 2;
        p->cab = (long long)(v / R) * 2 + (v % R >= half);
        break;
    }
    case NET_FATTREE: {
        /* a row per group of h leaves (with their h level-1 switches),
           3 of each in a cabinet; the top switches in a sparse row in the
           middle, each above the column of the level-1 switches it links
           to (Sec. 6.3.2) */
        int h = ft->k / 2, W = 1, index, level = net_ft_level(net, v, &index);
        for (int l = 0; l < ft->levels - 1; l++)
            W *= h;
        if (level < ft->levels - 1 || ft->levels < 2) {
            long long group = index / h;
            p->cab = group * 1000000 + (index % h) / 3;
            p->x = (double)((index % h) / 3);
            p->y = 2.0 * (double)(group + (group >= W / h / 2));
        } else { /* above the level-1 switches it serves: a column */
            p->cab = -1 - index;
            p->x = (double)((index % h) / 3);
            p->y = 2.0 * (double)(W / h / 2);
        }
        return;
    }
    default:
        p->cab = v / 128;
        break;
    }
    col = p->cab % row;
    p->x = (double)col;
    p->y = 2.0 * (double)(p->cab / row);
}

void
net_cost_estimate(const struct net *net, int radix, struct net_cost *c)
{
    int fam = net_family(net), nr = net_routers(net), maxports = 0;
    long long ncab = 0, row;
    double rscale = 1, cscale = 1, half_usd = 0;

    memset(c, 0, sizeof *c);
    for (int l = 0; l < net_links(net); l++)
        if (net_link_src(net, l) < nr && net_link_dst(net, l) < nr &&
            net_link_bw(net, l) >= PROTO_BW) {
            rscale = 2; /* 100 Gbps */
            cscale = 1.35;
            break;
        }
    for (int v = 0; v < nr; v++) {
        int ports = net_router_endpoints(net, v, NULL);
        for (int l = net_out_begin(net, v); l < net_out_end(net, v); l++)
            ports += net_link_dst(net, l) < nr;
        if (ports == 0)
            continue;
        c->routers++;
        c->ports += ports;
        if (ports > maxports)
            maxports = ports;
    }
    c->radix = radix > maxports ? radix : maxports;
    c->router_usd = (double)c->routers * net_cost_router(c->radix) * rscale;
    if (fam == NET_DRAGONFLY)
        ncab = 2LL * net_dragonfly(net)->groups;
    else
        ncab = (nr + 127) / 128;
    row = (long long)ceil(sqrt((double)(ncab > 0 ? ncab : 1)));
    for (int l = 0; l < net_links(net); l++) {
        int u = net_link_src(net, l), v = net_link_dst(net, l);
        struct place pu, pv;
        double m, usd;
        if (u >= nr || v >= nr)
            continue; /* an injection link */
        c->links++;
        place_of(net, u, row, &pu);
        place_of(net, v, row, &pv);
        if (pu.cab == pv.cab) {
            if (fam != NET_FATTREE)
                continue; /* backplane */
            m = 1;
        } else {
            m = fabs(pu.x - pv.x) + fabs(pu.y - pv.y) + 2;
        }
        usd = m <= 6 ? net_cost_copper(m) : net_cost_optical(m);
        half_usd += usd * cscale / 2; /* each cable carries two links */
        c->cable_m += m / 2;
        if (m > 6 && u < v)
            c->optical++;
    }
    c->cables = c->links / 2 + net_endpoints(net);
    c->cable_usd = half_usd;
    if (fam == NET_FATTREE) { /* nodes on rack-mounted switches: copper */
        c->cable_m += 2.0 * net_endpoints(net);
        c->cable_usd += net_cost_copper(2) * cscale * net_endpoints(net);
    }
    c->usd = c->router_usd + c->cable_usd;
}
