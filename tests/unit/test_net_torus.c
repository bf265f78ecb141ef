/*
 * test_net_torus: torus routing gives, bit for bit, what it gave before
 * its per-router tables (coordinates, minimal-path deltas) replaced the
 * divisions of every hop: a hash of every path route.c draws or lists
 * (route_random, route_valiant, route_path, route_paths, route_shares,
 * route_draw_pad, every mode) between many endpoint pairs of tori and
 * meshes of every shape the presets use (wrapped dimensions of size 1, 2,
 * odd and even, unwrapped ones, injection links or none), and a hash of
 * the default engine's link bytes and message bandwidths on
 * scenarios/bgq-512-umesh.lua under every routing (and the exact engine's
 * under AI and AH: on a torus it is the fast engine) on two threads.
 * route_spread_pads() changes nothing but the pads of route_draw_pad();
 * route_draw_via() draws its paths, and route_via_path() and the parts
 * (route_dor_path()) walk them again from their intermediate routers;
 * route_cells_new()'s cells are the DOR paths.
 * The expected values were taken before the change; RHO_HASH_PRINT=1
 * prints them instead of checking. RHO_TEST_QUICK=1 / RHO_SANITIZED=1 leave out
 * the model solves.
 */
#include "harness.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/net/net_model.h"
#include "core/net/net_scen.h"
#include "core/net/route.h"
#include "core/scenario.h"
#include "script/lx.h"
#include "support_hash.h"

/* A torus: nd dims, wrap mask (bit k: wrapped), endpoints per router,
   injection links or not. */
struct tcase {
    int nd, dim[6], wrap, npr, inj;
};

static const struct tcase tcases[] = {
    {2, {5, 5}, 3, 1, 0},
    {2, {4, 4}, 0, 1, 0},
    {5, {4, 4, 4, 4, 2}, 31, 1, 0},
    {5, {1, 4, 4, 4, 2}, 31, 2, 1},
    {3, {3, 6, 2}, 5, 1, 1},
    {4, {2, 3, 1, 4}, 15, 1, 0},
    {6, {3, 2, 2, 3, 2, 2}, 63, 1, 0},
    {3, {7, 4, 5}, 2, 1, 0},
};

static struct net *
tnet(const struct tcase *c)
{
    struct net_torus_params p;
    struct rho_err e;
    struct net *n;

    memset(&p, 0, sizeof p);
    p.nd = c->nd;
    for (int k = 0; k < c->nd; k++) {
        p.dim[k] = c->dim[k];
        p.wrap[k] = c->wrap >> k & 1;
    }
    p.nodes_per_router = c->npr;
    p.cores = 1;
    p.bw = 1e9;
    p.inj_bw = c->inj ? 2e9 : 0;
    n = net_torus_new(&p, &e);
    if (n == NULL)
        printf("# torus: %s\n", e.msg);
    return n;
}

/* Every routing function over a sample of endpoint pairs, every mode. */
static uint64_t
route_hash(const struct net *net)
{
    struct route *rt = route_new(net);
    int ne = (int)net_endpoints(net), W = route_max_hops(rt);
    int *links = malloc(sizeof(int) * (size_t)W * 8);
    int len[8];
    uint64_t h = FNV0;
    struct rng g;

    rng_init(&g, 12345);
    for (int s = 0; s < ne; s++)
        for (int d = 0; d < ne; d += 1 + (s + d) % 3) {
            for (int mode = ROUTE_ONE; mode <= ROUTE_BGQ; mode++) {
                const struct route_set *set;
                const struct route_share *sh;
                double c = route_count(rt, s, d, mode), np;
                int n, ml;
                h = fnv(h, &c, sizeof c);
                for (long long i = 0; i < 3 && i < c; i++) {
                    n = route_path(rt, s, d, mode, i * (long long)(c / 3),
                                   links);
                    h = fnv(h, &n, sizeof n);
                    h = fnv(h, links, sizeof(int) * (size_t)(n > 0 ? n : 0));
                }
                n = route_paths(rt, s, d, mode, 5, &set);
                h = fnv(h, &n, sizeof n);
                if (n > 0)
                    h = fnv(h, set->links,
                            sizeof(int) * (size_t)set->off[set->n]);
                n = route_shares(rt, s, d, mode, &sh, &np, &ml);
                h = fnv(h, &n, sizeof n);
                h = fnv(h, &np, sizeof np);
                h = fnv(h, &ml, sizeof ml);
                for (int i = 0; i < n; i++) { /* in no particular order */
                    uint64_t x = (uint64_t)sh[i].link * 0x9E3779B97F4A7C15ULL;
                    double f = sh[i].frac;
                    uint64_t fb;
                    memcpy(&fb, &f, sizeof fb);
                    h += (x ^ fb) * 0xff51afd7ed558ccdULL;
                }
                n = route_random(rt, s, d, mode, &g, links);
                h = fnv(h, &n, sizeof n);
                h = fnv(h, links, sizeof(int) * (size_t)(n > 0 ? n : 0));
                n = route_valiant(rt, s, d, mode, &g, links);
                h = fnv(h, &n, sizeof n);
                h = fnv(h, links, sizeof(int) * (size_t)(n > 0 ? n : 0));
                n = route_draw_pad(rt, s, d, mode, 2, 6, &g, links, len, -7);
                h = fnv(h, &n, sizeof n);
                h = fnv(h, links,
                        sizeof(int) *
                            (size_t)(2 * route_max_min_hops(rt) + 4 * W));
                h = fnv(h, len, sizeof len[0] * 6);
            }
        }
    free(links);
    route_free(rt);
    return h;
}

/* route_spread_pads(): the same paths, lengths and generator state as
   with one pad, entry j of a path padded with pad + j % k or pad (two
   endpoints on one router keep it). Returns the number of pads that
   moved (0 when a check failed). */
static long
spread_check(const struct net *net, int k)
{
    struct route *one = route_new(net), *spread = route_new(net);
    int ne = (int)net_endpoints(net), W = route_max_hops(one);
    int Wd = route_max_min_hops(one), pad = net_links(net);
    int *a = malloc(sizeof(int) * (size_t)W * 6);
    int *b = malloc(sizeof(int) * (size_t)W * 6);
    int la[6], lb[6], ok = 1;
    long moved = 0;

    route_spread_pads(spread, k);
    for (int s = 0; s < ne && ok; s++)
        for (int d = 0; d < ne && ok; d += 1 + (s + d) % 5) {
            struct rng ga, gb;
            rng_init(&ga, (uint64_t)s * 7919 + (uint64_t)d);
            gb = ga;
            ok &= route_draw_pad(one, s, d, ROUTE_MIN, 2, 6, &ga, a, la,
                                 pad) ==
                  route_draw_pad(spread, s, d, ROUTE_MIN, 2, 6, &gb, b, lb,
                                 pad);
            ok &= memcmp(la, lb, sizeof la) == 0 &&
                  memcmp(&ga, &gb, sizeof ga) == 0;
            for (int i = 0, at = 0; i < 6; at += i < 2 ? Wd : W, i++)
                for (int j = 0; j < (i < 2 ? Wd : W); j++) {
                    int x = a[at + j], y = b[at + j];
                    ok &= y == x || (x == pad && y == pad + j % k);
                    moved += y != x;
                }
        }
    free(a);
    free(b);
    route_free(one);
    route_free(spread);
    return ok ? moved : 0;
}

/* route_draw_via(): route_draw_pad()'s paths, lengths and generator
   state; route_via_path() from its intermediate routers writes each path
   again (without the pads), and so do its parts (route_dor_path() and
   the injection and ejection links), route_dor_hops() their lengths.
   Returns the number of indirect paths checked (0 when a check failed). */
static long
via_check(const struct net *net)
{
    struct route *rt = route_new(net);
    int ne = (int)net_endpoints(net), W = route_max_hops(rt);
    int Wd = route_max_min_hops(rt), pad = net_links(net);
    const int *epr = net_endpoint_routers(net);
    int *a = malloc(sizeof(int) * (size_t)W * 6);
    int *b = malloc(sizeof(int) * (size_t)W * 6);
    int *p = malloc(sizeof(int) * ((size_t)W + 1));
    int *q = malloc(sizeof(int) * ((size_t)W + 1));
    int la[6], lb[6], via[4], ok = route_by_via(rt, ROUTE_MIN) &&
                                   route_by_via(rt, ROUTE_ONE) &&
                                   !route_by_via(rt, ROUTE_ALL);
    long checked = 0;

    route_spread_pads(rt, ROUTE_PADS);
    for (int s = 0; s < ne && ok; s++)
        for (int d = 0; d < ne && ok; d += 1 + (s + d) % 3) {
            struct rng ga, gb;
            rng_init(&ga, (uint64_t)s * 7919 + (uint64_t)d + 1);
            gb = ga;
            ok &= route_draw_pad(rt, s, d, ROUTE_MIN, 2, 6, &ga, a, la,
                                 pad) ==
                  route_draw_via(rt, s, d, ROUTE_MIN, 2, 6, &gb, b, lb, pad,
                                 via);
            ok &= memcmp(la, lb, sizeof la) == 0 &&
                  memcmp(&ga, &gb, sizeof ga) == 0 &&
                  memcmp(a, b, sizeof(int) * (size_t)(2 * Wd + 4 * W)) == 0;
            for (int i = 0, at = 0; i < 6; at += i < 2 ? Wd : W, i++) {
                int x = i < 2 ? -1 : via[i - 2], n, m = 0, ra, rz;
                int k = 0;
                n = route_via_path(rt, s, d, x, p);
                ok &= n == la[i];
                for (int j = 0; j < (i < 2 ? Wd : W); j++)
                    if (a[at + j] < pad) /* the links in order */
                        ok &= k < n && p[k++] == a[at + j];
                ok &= k == n;
                if (s == d || n == 0)
                    continue;
                /* the parts */
                ra = epr[s];
                rz = epr[d];
                if (net_inj_link(net, s) >= 0)
                    q[m++] = net_inj_link(net, s);
                if (ra != rz && x >= 0 && x != ra) {
                    int h = route_dor_path(rt, ra, x, q + m);
                    ok &= h == route_dor_hops(rt, ra, x);
                    m += h;
                }
                if (ra != rz && (x < 0 ? ra : x) != rz) {
                    int h = route_dor_path(rt, x < 0 ? ra : x, rz, q + m);
                    ok &= h == route_dor_hops(rt, x < 0 ? ra : x, rz);
                    m += h;
                }
                if (net_ej_link(net, d) >= 0)
                    q[m++] = net_ej_link(net, d);
                ok &= m == n && memcmp(p, q, sizeof(int) * (size_t)n) == 0;
                checked += i >= 2 && ra != rz;
            }
        }
    free(a);
    free(b);
    free(p);
    free(q);
    route_free(rt);
    return ok ? checked : 0;
}

/* route_cells_new(): for every pair of routers the cells of the DOR path,
   each unrolled through its parents, are route_dor_path()'s links in
   order and their hops route_dor_hops(); every row starts with its cell
   of no hop and goes by hops. Returns the number of paths checked (0
   when a check failed or there are no cells). */
static long
cells_check(const struct net *net)
{
    struct route *rt = route_new(net);
    struct route_cells *c = route_cells_new(rt, 1LL << 24);
    int nr = net_routers(net), W = route_max_hops(rt), ok = c != NULL;
    int *p = malloc(sizeof(int) * ((size_t)W + 1));
    int *q = malloc(sizeof(int) * ((size_t)W + 1));
    long checked = 0;

    for (int r = 0; ok && r < c->nrows; r++) {
        long long f = c->rfirst[r], z = c->rfirst[r + 1];
        ok &= z > f && c->hops[c->ord[f]] == 0 && c->last[c->ord[f]] < 0;
        for (long long i = f + 1; i < z; i++)
            ok &= c->hops[c->ord[i]] >= c->hops[c->ord[i - 1]] &&
                  c->hops[c->ord[i]] > 0 &&
                  c->hops[c->par[c->ord[i]]] == c->hops[c->ord[i]] - 1;
    }
    ok &= c == NULL || c->rfirst[c->nrows] == c->n;
    for (int a = 0; ok && a < nr; a++)
        for (int z = 0; ok && z < nr; z++) {
            int n = route_dor_path(rt, a, z, p), m = 0;
            for (int g = 0; g < c->ng; g++) {
                int cell =
                    c->ft[a * 2 * c->ng + g] + c->ft[z * 2 * c->ng + c->ng + g];
                int h = c->hops[cell];
                for (int k = h - 1, x = cell; k >= 0; k--, x = c->par[x])
                    q[m + k] = c->last[x];
                m += h;
            }
            ok &= m == n && n == route_dor_hops(rt, a, z) &&
                  memcmp(p, q, sizeof(int) * (size_t)n) == 0;
            checked++;
        }
    free(p);
    free(q);
    route_cells_free(c);
    route_free(rt);
    return ok ? checked : 0;
}

static uint64_t
solve_hash(const struct scenario *s, int routing, int engine)
{
    const struct net_scen *l = s->net;
    struct net_job *jobs = calloc((size_t)l->njobs, sizeof *jobs);
    struct net_opts o;
    struct net_result *r;
    struct rho_err err;
    uint64_t h = 0;

    net_opts_init(&o);
    o.threads = 2;
    o.seed = s->seed ? s->seed : o.seed;
    o.minimal = l->minimal;
    o.si_samples = 16;
    o.engine = engine;
    for (int j = 0; j < l->njobs; j++) {
        jobs[j].pattern = l->job[j].pattern;
        jobs[j].placement = l->placement;
        jobs[j].offset = l->job[j].offset;
        jobs[j].routing = routing;
    }
    r = net_model_solve(l->net, jobs, l->njobs, &o, &err);
    if (r == NULL)
        printf("# %s: %s\n", net_routing_name(routing), err.msg);
    else
        h = result_hash(r);
    net_result_free(r);
    free(jobs);
    return h;
}

static const uint64_t want_route[] = {
    0x5ad1bc6cf5814815ULL, 0xfc9093ed6a5446c0ULL, 0xb5d4ce36cba432ceULL,
    0x1e8120807644b0e1ULL, 0xc6217db9942c68e0ULL, 0xb7b651009bef3e0cULL,
    0x3edb2e6ad6717248ULL, 0x3e5200bd24d9e854ULL,
};

/* bgq-512-umesh, default engine, routings DOR..BGQ; then exact AI, AH
   (the default engine's AI and AH: in runs of 4 identical messages since
   the fast engine shares paths on a torus, rho-model(7)) */
static const uint64_t want_bgq[NET_ROUTING_COUNT + 2] = {
    0xe4eb13a79be7201cULL, /* DOR */
    0xe4eb13a79be7201cULL, /* SD */
    0x904915773ec906efULL, /* SI */
    0x2d6aa577f040f057ULL, /* AD */
    0x459244321ddd1e70ULL, /* AI */
    0xd84d50298ecd970fULL, /* AH */
    0x2eea509913c57795ULL, /* BGQ */
    0xab6bc776293f59c9ULL, /* AI, exact engine */
    0x3d80742c1c5c145aULL, /* AH, exact engine */
};

int
main(void)
{
    int quick = getenv("RHO_TEST_QUICK") != NULL ||
                getenv("RHO_SANITIZED") != NULL;
    int print = getenv("RHO_HASH_PRINT") != NULL;
    size_t nt = sizeof tcases / sizeof tcases[0];
    struct scenario *s;
    struct rho_err err;

    for (size_t i = 0; i < nt; i++) {
        struct net *net = tnet(&tcases[i]);
        uint64_t h = net != NULL ? route_hash(net) : 0;
        if (print)
            printf("    0x%016" PRIx64 "ULL,\n", h);
        else
            CHECK(i < sizeof want_route / sizeof want_route[0] &&
                      h == want_route[i],
                  "torus case %zu: route hash %016" PRIx64, i, h);
        if (net != NULL)
            CHECK(spread_check(net, ROUTE_PADS) > 0,
                  "torus case %zu: spread pads, the paths of one pad", i);
        if (net != NULL)
            CHECK(via_check(net) > 0,
                  "torus case %zu: the paths drawn again from their "
                  "intermediate routers, whole and in parts",
                  i);
        if (net != NULL)
            CHECK(cells_check(net) > 0,
                  "torus case %zu: the DOR paths' cells are their links", i);
        net_free(net);
    }
    { /* a dimension too long for a table (walked hop by hop) */
        static const struct tcase big = {2, {40, 3}, 3, 1, 1};
        struct net *net = tnet(&big);
        CHECK(net != NULL && via_check(net) > 0,
              "a 40x3 torus: the paths drawn again from their intermediate "
              "routers, whole and in parts");
        {
            struct route *rt = net != NULL ? route_new(net) : NULL;
            struct route_cells *c =
                rt != NULL ? route_cells_new(rt, 1LL << 24) : NULL;
            CHECK(rt != NULL && c == NULL,
                  "a 40x3 torus: no cells (a dimension has no table)");
            route_cells_free(c);
            route_free(rt);
        }
        net_free(net);
    }
    if (quick)
        TEST_DONE();
    s = lx_run_file("scenarios/bgq-512-umesh.lua", NULL, &err);
    CHECK(s != NULL && s->net != NULL, "bgq-512-umesh: %s",
          s != NULL ? "no network" : err.msg);
    if (s == NULL || s->net == NULL) {
        scenario_free(s);
        TEST_DONE();
    }
    for (int i = 0; i < NET_ROUTING_COUNT + 2; i++) {
        int rt = i < NET_ROUTING_COUNT ? i : i == NET_ROUTING_COUNT ? NET_AI
                                                                    : NET_AH;
        uint64_t h = solve_hash(s, rt, i < NET_ROUTING_COUNT
                                           ? NET_ENGINE_DEFAULT
                                           : NET_ENGINE_EXACT);
        if (print)
            printf("    0x%016" PRIx64 "ULL, /* %s */\n", h,
                   net_routing_name(rt));
        else
            CHECK(h == want_bgq[i], "bgq-512-umesh %s (%s engine): hash "
                  "%016" PRIx64 ", want %016" PRIx64, net_routing_name(rt),
                  i < NET_ROUTING_COUNT ? "default" : "exact", h, want_bgq[i]);
    }
    scenario_free(s);
    TEST_DONE();
}
