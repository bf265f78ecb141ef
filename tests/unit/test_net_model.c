/*
 * test_net_model: the solve -- hand-computed loads on a torus, a mesh, a
 * fat-tree and a dragonfly; the spec's invariants (conservation, SD
 * independent of bandwidth, AD = SD with one path per message, no link
 * granted more than it has, same seed same result, 1 thread = 2 threads);
 * the Ch. 8 link-usage tables (DeGeijn broadcast exactly); the qualitative
 * findings of Jain Sec. 3.2.4 on a scaled-down dragonfly; multi-job
 * attribution, steps, cancelling, errors.
 */
#include "core/net/net_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/net/net_stats.h"
#include "core/net/route.h"
#include "harness.h"
#include "support_hash.h"
#include "support_msgs.h"

#define MiB 1048576.0

static struct net *
torus2(int a, int b, int wrap)
{
    struct net_torus_params p;

    memset(&p, 0, sizeof p);
    p.nd = 2;
    p.dim[0] = a;
    p.dim[1] = b;
    p.wrap[0] = p.wrap[1] = wrap;
    p.nodes_per_router = 1;
    p.cores = 1;
    p.bw = 1e9;
    return net_torus_new(&p, NULL);
}

static struct net *
dragonfly(int groups, int chassis, int routers, int npr, int cores,
          double bw_row, double bw_col, double bw_glob)
{
    struct net_dragonfly_params p;

    memset(&p, 0, sizeof p);
    p.groups = groups;
    p.chassis = chassis;
    p.routers = routers;
    p.nodes_per_router = npr;
    p.cores = cores;
    p.global_per_pair = 1;
    p.bw_row = bw_row;
    p.bw_col = bw_col;
    p.bw_global = bw_glob;
    return net_dragonfly_new(&p, NULL);
}

/* Solve one job; NULL on error (reported). */
static struct net_result *
run(const struct net *net, const struct pattern *pat,
    const struct placement *pl, int routing, const struct net_opts *o)
{
    struct net_job job = {pat, pl, 0, routing};
    struct rho_err e;
    struct net_result *res = net_model_solve(net, &job, 1, o, &e);

    if (res == NULL)
        printf("# solve failed: %s\n", e.msg);
    return res;
}

static int
at(const struct net *net, int x, int y)
{
    int c[2] = {x, y};

    return net_torus_router(net, c);
}

static double
on(const struct net *net, const struct net_result *r, int a, int b)
{
    int l = net_find_link(net, a, b);

    return l >= 0 ? r->bytes[l] : -1;
}

static void
test_torus_hand(void)
{
    struct net *net = torus2(5, 5, 1);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, 25, 0, NULL);
    int src[2] = {0, 3}, dst[2] = {7, 21}, used = 0;
    double bytes[2] = {1 * MiB, 2 * MiB};
    struct pattern *pat = pattern_list(25, 2, src, dst, bytes, NULL, NULL);
    struct net_result *r = run(net, pat, pl, NET_DOR, NULL), *r2;
    struct net_opts o;

    /* 0 = (0,0) -> 7 = (2,1): +x twice (distance 2 < 2.5), then +y.
       3 = (3,0) -> 21 = (1,4): x: forward 3 > 2.5, so -x twice; y: 4 >
       2.5, so -y once (wrapping to 4). */
    CHECK(on(net, r, at(net, 0, 0), at(net, 1, 0)) == 1 * MiB &&
              on(net, r, at(net, 1, 0), at(net, 2, 0)) == 1 * MiB &&
              on(net, r, at(net, 2, 0), at(net, 2, 1)) == 1 * MiB,
          "flow 0->7: (0,0)->(1,0)->(2,0)->(2,1), 1 MiB each");
    CHECK(on(net, r, at(net, 3, 0), at(net, 2, 0)) == 2 * MiB &&
              on(net, r, at(net, 2, 0), at(net, 1, 0)) == 2 * MiB &&
              on(net, r, at(net, 1, 0), at(net, 1, 4)) == 2 * MiB,
          "flow 3->21: (3,0)->(2,0)->(1,0)->(1,4), 2 MiB each");
    for (int l = 0; l < net_links(net); l++)
        used += r->bytes[l] > 0;
    CHECK(used == 6 && result_link_bytes(r) == 9 * MiB,
          "exactly 6 links used, 9 MiB in all");
    CHECK(r->hop_bytes == 9 * MiB && r->hops_sum == 6 && r->hops_max == 3 &&
              r->routed == 2,
          "hop-bytes 9 MiB, 3 hops each");
    CHECK_NEAR(r->phase_time_ext, 2 * MiB / 1e9, 1e-15,
               "EXTENSION phase time = bottleneck bytes / bandwidth");
    r2 = run(net, pat, pl, NET_SD, NULL);
    CHECK(memcmp(r->bytes, r2->bytes, sizeof(double) * 100) == 0,
          "SD on a torus is DOR");
    net_result_free(r2);
    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.minimal = ROUTE_ALL;
    r2 = run(net, pat, pl, NET_SD, &o);
    CHECK_NEAR(on(net, r2, at(net, 0, 0), at(net, 1, 0)), 2 * MiB / 3, 1e-6,
               "SD over all minimal paths: (0,0)->(1,0) 2/3 MiB");
    CHECK_NEAR(on(net, r2, at(net, 1, 1), at(net, 2, 1)), 2 * MiB / 3, 1e-6,
               "(1,1)->(2,1) 2/3 MiB");
    CHECK_NEAR(on(net, r2, at(net, 0, 0), at(net, 0, 1)), 1 * MiB / 3, 1e-6,
               "(0,0)->(0,1) 1/3 MiB");
    CHECK_NEAR(result_link_bytes(r2), 9 * MiB, 1e-3,
               "still 9 MiB (minimal paths)");
    net_result_free(r2);
    net_result_free(r);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

static void
test_mesh_fattree_dragonfly_hand(void)
{
    struct net *net = torus2(4, 4, 0);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, 16, 0, NULL);
    int src[2] = {0, 15}, dst[2] = {15, 0}, ok = 1;
    double bytes[2] = {3, 5};
    struct pattern *pat = pattern_list(16, 2, src, dst, bytes, NULL, NULL);
    struct net_result *r = run(net, pat, pl, NET_DOR, NULL);
    static const int path[7][2] = {{0, 0}, {1, 0}, {2, 0}, {3, 0},
                                   {3, 1}, {3, 2}, {3, 3}};
    static const int back[7][2] = {{3, 3}, {2, 3}, {1, 3}, {0, 3},
                                   {0, 2}, {0, 1}, {0, 0}};

    for (int i = 0; i < 6; i++) {
        ok &= on(net, r, at(net, path[i][0], path[i][1]),
                 at(net, path[i + 1][0], path[i + 1][1])) == 3;
        ok &= on(net, r, at(net, back[i][0], back[i][1]),
                 at(net, back[i + 1][0], back[i + 1][1])) == 5;
    }
    CHECK(ok && result_link_bytes(r) == 6 * 8,
          "4x4 mesh: 0->15 along x then y (3 B), 15->0 the same way back "
          "(5 B), no wrap");
    net_result_free(r);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);

    /* fat-tree k=4: node 0 (leaf 0) -> node 7 (leaf 3), 4 MiB */
    {
        struct net_fattree_params fp;
        int s1[1] = {0}, d1[1] = {7};
        double b1[1] = {4 * MiB};
        int n05 = 0, n025 = 0;
        memset(&fp, 0, sizeof fp);
        fp.k = 4;
        fp.levels = 3;
        fp.cores = 1;
        fp.bw = 1;
        net = net_fattree_new(&fp, NULL);
        pl = placement_scheme_new(net, PLACE_LINEAR, 8, 0, NULL);
        pat = pattern_list(8, 1, s1, d1, b1, NULL, NULL);
        r = run(net, pat, pl, NET_SD, NULL);
        for (int l = 0; l < net_links(net); l++) {
            n05 += r->bytes[l] == 2 * MiB;
            n025 += r->bytes[l] == 1 * MiB;
        }
        CHECK(n05 == 4 && n025 == 8,
              "fat-tree ECMP: 4 leaf links at 2 MiB, 8 L1/top links at 1 MiB");
        CHECK(on(net, r, 0, 4) == 2 * MiB && on(net, r, 0, 5) == 2 * MiB &&
                  on(net, r, 6, 3) == 2 * MiB && on(net, r, 7, 3) == 2 * MiB,
              "leaf 0 up-links and leaf 3 down-links carry half each");
        net_result_free(r);
        r = run(net, pat, pl, NET_DOR, NULL);
        CHECK(on(net, r, 0, 5) == 4 * MiB && on(net, r, 0, 4) == 0,
              "DOR (d-mod-k) takes up-port 1 for leaf 3");
        net_result_free(r);
        pattern_free(pat);
        placement_free(pl);
        net_free(net);
    }

    /* dragonfly 3 groups x 2x2: router 3 (g0 c1 s1) -> 11 (g2 c1 s1) */
    {
        int s1[1] = {3}, d1[1] = {11};
        double b1[1] = {8};
        net = dragonfly(3, 2, 2, 1, 1, 1, 1, 1);
        pl = placement_scheme_new(net, PLACE_LINEAR, 12, 0, NULL);
        pat = pattern_list(12, 1, s1, d1, b1, NULL, NULL);
        r = run(net, pat, pl, NET_SD, NULL);
        /* gateway of g0 -> g2 is router 2 mod 4 = 2 (a row hop from 3);
           L2 lands on router 0 mod 4 of g2 = 8; 8 -> 11 two ways */
        CHECK(on(net, r, 3, 2) == 8 && on(net, r, 2, 8) == 8,
              "row hop to the gateway, L2 0->2, 8 B each");
        CHECK(on(net, r, 8, 9) == 4 && on(net, r, 9, 11) == 4 &&
                  on(net, r, 8, 10) == 4 && on(net, r, 10, 11) == 4,
              "then row-first and column-first, 4 B each");
        CHECK(result_link_bytes(r) == 32, "32 B = 8 B x 4 hops");
        net_result_free(r);
        pattern_free(pat);
        placement_free(pl);
        net_free(net);
    }
}

/* Sum over messages of bytes x mean path length, by enumerating every path
   of the set (a reference independent of the solve). */
static double
reference_hop_bytes(const struct net *net, const struct pattern *pat,
                    const struct placement *pl, int mode)
{
    struct route *rt = route_new(net);
    int *links = malloc(sizeof(int) * (size_t)(route_max_hops(rt) + 1));
    double total = 0;
    struct msg_cap c = {0};

    for (long long u = 0; u < pattern_units(pat); u++)
        pattern_emit(pat, u, msg_cap_push, &c);
    for (long long i = 0; i < c.n; i++) {
        int es = placement_endpoint(pl, c.s[i]);
        int ed = placement_endpoint(pl, c.d[i]);
        double cnt = route_count(rt, es, ed, mode), len = 0;
        for (long long k = 0; k < (long long)cnt; k++)
            len += route_path(rt, es, ed, mode, k, links);
        if (cnt > 0)
            total += c.b[i] * len / cnt;
    }
    msg_cap_free(&c);
    free(links);
    route_free(rt);
    return total;
}

static void
test_conservation(void)
{
    struct net *net = dragonfly(6, 2, 3, 2, 2, 1e9, 1e9, 1e9);
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, n, 5, NULL);
    struct pattern *pat = pattern_near(n, 1000, 3, 8, 20, 0, 11, NULL);
    struct net_opts o;
    double ref = reference_hop_bytes(net, pat, pl, ROUTE_MIN);
    static const int routings[6] = {NET_DOR, NET_SD, NET_SI,
                                    NET_AD,  NET_AI, NET_AH};

    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.si_samples = 16;
    for (int i = 0; i < 6; i++) {
        struct net_result *r = run(net, pat, pl, routings[i], &o);
        double s = result_link_bytes(r);
        CHECK_NEAR(s / r->hop_bytes, 1, 1e-9,
                   "%s: sum of link bytes = sum of bytes x hops",
                   net_routing_name(routings[i]));
        if (routings[i] == NET_SD)
            CHECK_NEAR(s / ref, 1, 1e-12,
                       "SD: = sum of bytes x mean length over every minimal "
                       "path (explicit enumeration)");
        if (net_routing_adaptive(routings[i])) {
            int ok = 1;
            for (long long m = 0; m < r->nmsg; m++)
                ok &= r->msg_bw[m] > 0 ||
                      placement_endpoint(pl, r->msg_src[m]) / 2 ==
                          placement_endpoint(pl, r->msg_dst[m]) / 2;
            CHECK(ok && r->iterations > 0,
                  "%s: every routed message got bandwidth (%d iterations)",
                  net_routing_name(routings[i]), r->iterations);
        }
        net_result_free(r);
    }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);

    /* torus with every minimal path, and injection links */
    {
        struct net_torus_params p;
        memset(&p, 0, sizeof p);
        p.nd = 3;
        p.dim[0] = 4;
        p.dim[1] = 3;
        p.dim[2] = 4;
        p.wrap[0] = p.wrap[1] = p.wrap[2] = 1;
        p.nodes_per_router = 2;
        p.cores = 2;
        p.bw = 1;
        p.inj_bw = 2;
        net = net_torus_new(&p, NULL);
        n = (int)net_slots(net);
        pl = placement_scheme_new(net, PLACE_RANDOM, n, 3, NULL);
        pat = pattern_spread(n, 64, 2, 5, 9, NULL);
        o.minimal = ROUTE_ALL;
        ref = reference_hop_bytes(net, pat, pl, ROUTE_ALL);
        {
            struct net_result *r = run(net, pat, pl, NET_SD, &o);
            CHECK_NEAR(result_link_bytes(r) / ref, 1, 1e-12,
                       "torus, all minimal paths, injection links: "
                       "conservation");
            CHECK_NEAR(r->hop_bytes / ref, 1, 1e-12, "hop-bytes agree");
            net_result_free(r);
        }
        pattern_free(pat);
        placement_free(pl);
        net_free(net);
    }
}

static void
test_bandwidth_independence(void)
{
    struct net *a = dragonfly(5, 2, 3, 2, 3, 1, 1, 1);
    struct net *b = dragonfly(5, 2, 3, 2, 3, 7, 0.5, 300);
    int n = (int)net_slots(a);
    struct placement *pl = placement_scheme_new(a, PLACE_RDR, n, 2, NULL);
    struct pattern *pat = pattern_thesis("umesh", n, 0, 4, NULL);
    struct net_result *ra = run(a, pat, pl, NET_SD, NULL);
    struct net_result *rb = run(b, pat, pl, NET_SD, NULL);
    struct net_opts o;

    CHECK(memcmp(ra->bytes, rb->bytes, sizeof(double) * (size_t)ra->nlinks) ==
              0,
          "SD traffic does not depend on bandwidths");
    net_result_free(ra);
    net_result_free(rb);
    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.si_samples = 8;
    ra = run(a, pat, pl, NET_SI, &o);
    rb = run(b, pat, pl, NET_SI, &o);
    CHECK(memcmp(ra->bytes, rb->bytes, sizeof(double) * (size_t)ra->nlinks) ==
              0,
          "nor does SI traffic");
    net_result_free(ra);
    net_result_free(rb);
    ra = run(a, pat, pl, NET_AD, NULL);
    rb = run(b, pat, pl, NET_AD, NULL);
    CHECK(memcmp(ra->bytes, rb->bytes, sizeof(double) * (size_t)ra->nlinks) !=
              0,
          "but AD traffic does");
    net_result_free(ra);
    net_result_free(rb);
    pattern_free(pat);
    placement_free(pl);
    net_free(a);
    net_free(b);
}

static void
test_ad_equals_sd(void)
{
    struct net *net = torus2(6, 5, 1);
    struct placement *pl = placement_scheme_new(net, PLACE_RANDOM, 30, 8, NULL);
    struct pattern *pat = pattern_spread(30, 4096, 3, 9, 1, NULL);
    struct net_opts o;
    struct net_result *sd, *ad, *bare;
    double worst = 0;

    net_opts_init(&o);
    o.keep_paths = 1;
    sd = run(net, pat, pl, NET_SD, &o);
    ad = run(net, pat, pl, NET_AD, &o);
    bare = run(net, pat, pl, NET_AD, NULL);

    for (int l = 0; l < sd->nlinks; l++) {
        double d = fabs(sd->bytes[l] - ad->bytes[l]);
        if (d > worst)
            worst = d;
    }
    CHECK(worst < 1e-9, "AD = SD when every message has one path (%g)", worst);
    CHECK(ad->path_off != NULL && ad->path_off[ad->nmsg] <= ad->nmsg,
          "one path per message at most");
    CHECK(bare != NULL && bare->path_off == NULL && bare->path_bw == NULL &&
              bare->links == NULL && bare->nmsg == ad->nmsg &&
              memcmp(bare->bytes, ad->bytes,
                     sizeof(double) * (size_t)ad->nlinks) == 0 &&
              memcmp(bare->msg_bw, ad->msg_bw,
                     sizeof(double) * (size_t)ad->nmsg) == 0,
          "without keep_paths: no path sets, the same bytes and bandwidths");
    net_result_free(sd);
    net_result_free(ad);
    net_result_free(bare);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

struct capcheck {
    const struct net *net;
    double *cum;
    int rounds, ok, sum_ok, last_iter, replay_seen;
    double exposed;
};

static int
round_cb(void *v, const struct net_round *r)
{
    struct capcheck *c = v;

    c->rounds++;
    c->replay_seen |= r->replay;
    c->exposed = r->exposed;
    if (r->replay)
        return 0;
    c->ok &= r->iter == c->last_iter + 1;
    c->last_iter = r->iter;
    for (int l = 0; l < r->nlinks; l++) {
        double bw = net_link_bw(c->net, l);
        c->cum[l] += r->granted[l];
        c->ok &= r->remaining[l] >= 0 &&
                 c->cum[l] <= bw * r->exposed * (1 + 1e-9) + 1e-6;
    }
    /* the grants of the paths crossing a link add up to the link's */
    {
        double *g =
            calloc((size_t)(r->nlinks > 0 ? r->nlinks : 1), sizeof(double));
        for (long long m = 0; m < r->nmsgs; m++)
            for (int p = r->path_off[m]; p < r->path_off[m + 1]; p++)
                for (int i = 0; i < r->path_len[p]; i++)
                    g[r->links[r->path_start[p] + i]] += r->path_alloc[p];
        for (int l = 0; l < r->nlinks; l++)
            c->sum_ok &=
                fabs(g[l] - r->granted[l]) <= 1e-9 * (1 + r->granted[l]);
        free(g);
    }
    return 0;
}

static void
test_capacity(void)
{
    struct net *net = dragonfly(5, 2, 3, 2, 2, 3e9, 1e9, 2e9);
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, n, 1, NULL);
    struct pattern *pat = pattern_spread(n, 1 << 20, 4, 10, 2, NULL);
    static const int rt[3] = {NET_AD, NET_AI, NET_AH};

    for (int ref = 0; ref < 2; ref++)
        for (int i = 0; i < 3; i++) {
            struct capcheck c = {net, NULL, 0, 1, 1, -1, 0, 0};
            struct net_opts o;
            struct net_result *r;
            const char *eng = ref ? "reference" : "default";
            c.cum = calloc((size_t)net_links(net), sizeof(double));
            net_opts_init(&o);
            o.keep_paths = 1; /* (the fixed path sets, checked here) */
            o.engine = ref ? NET_ENGINE_REFERENCE : NET_ENGINE_DEFAULT;
            o.round = round_cb;
            o.round_ctx = &c;
            o.round_paths = 1;
            r = run(net, pat, pl, rt[i], &o);
            CHECK(c.ok && c.rounds > 0,
                  "%s engine, %s: no link is ever granted more than its "
                  "bandwidth (%d rounds)",
                  eng, net_routing_name(rt[i]), c.rounds);
            CHECK(c.sum_ok, "%s engine, %s: path grants add up to link grants",
                  eng, net_routing_name(rt[i]));
            if (rt[i] != NET_AD) {
                struct capcheck c2 = {net, NULL, 0, 1, 1, -1, 0, 0};
                struct net_result *r2;
                double worst = 0;
                CHECK(!c.replay_seen && c.exposed == 1 &&
                          r->iterations >= 50,
                      "%s engine, %s: bandwidth exposed over 50 iterations "
                      "(%d), grants recorded",
                      eng, net_routing_name(rt[i]), r->iterations);
                c2.cum = calloc((size_t)net_links(net), sizeof(double));
                o.round_ctx = &c2;
                o.record_budget = 0;
                o.round_paths = 0; /* (the default engine records none
                                      with every path watched) */
                r2 = run(net, pat, pl, rt[i], &o);
                for (int l = 0; l < r->nlinks; l++) {
                    double d =
                        fabs(r->bytes[l] - r2->bytes[l]) / (1 + r2->bytes[l]);
                    if (d > worst)
                        worst = d;
                }
                if (ref)
                    CHECK(c2.replay_seen && worst < 1e-6 &&
                              memcmp(r->msg_bw, r2->msg_bw,
                                     sizeof(double) * (size_t)r->nmsg) == 0,
                          "reference engine, %s: without room to record, a "
                          "replay gives the same traffic (%.2g) and "
                          "bandwidths",
                          net_routing_name(rt[i]), worst);
                else
                    CHECK(!c2.replay_seen && worst == 0 &&
                              memcmp(r->msg_bw, r2->msg_bw,
                                     sizeof(double) * (size_t)r->nmsg) == 0,
                          "default engine, %s: without room to record the "
                          "paths, drawing them again gives the same bits",
                          net_routing_name(rt[i]));
                free(c2.cum);
                net_result_free(r2);
            } else
                CHECK(!c.replay_seen, "%s engine: AD needs no replay", eng);
            /* per-message bandwidth equals the sum of its paths' */
            if (rt[i] == NET_AD) {
                int ok = 1;
                for (long long m = 0; m < r->nmsg; m++) {
                    double s = 0;
                    for (int p = r->path_off[m]; p < r->path_off[m + 1]; p++)
                        s += r->path_bw[p];
                    ok &= fabs(s - r->msg_bw[m]) <= 1e-9 * (1 + s);
                }
                CHECK(ok, "%s engine, AD: message bandwidth = sum over its "
                          "paths",
                      eng);
            }
            free(c.cum);
            net_result_free(r);
        }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

static void
test_determinism(void)
{
    struct net *net = dragonfly(8, 2, 4, 2, 3, 1e9, 1e9, 2e9);
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, n, 9, NULL);
    struct pattern *pat = pattern_thesis("umesh", n, 4096, 6, NULL);
    static const int rt[5] = {NET_SD, NET_SI, NET_AD, NET_AI, NET_AH};

    for (int i = 0; i < 5; i++) {
        struct net_opts o;
        struct net_result *a, *b, *c;
        size_t sz;
        net_opts_init(&o);
        o.keep_paths = 1; /* (the fixed path sets, checked here) */
        o.si_samples = 4;
        o.seed = 42;
        a = run(net, pat, pl, rt[i], &o);
        b = run(net, pat, pl, rt[i], &o);
        o.threads = 2;
        c = run(net, pat, pl, rt[i], &o);
        sz = sizeof(double) * (size_t)a->nlinks;
        CHECK(memcmp(a->bytes, b->bytes, sz) == 0, "%s: same seed, same result",
              net_routing_name(rt[i]));
        CHECK(memcmp(a->bytes, c->bytes, sz) == 0 &&
                  a->hop_bytes == c->hop_bytes && a->hops_sum == c->hops_sum,
              "%s: 1 thread = 2 threads, bit for bit", net_routing_name(rt[i]));
        if (net_routing_adaptive(rt[i]))
            CHECK(a->nmsg == c->nmsg &&
                      memcmp(a->msg_bw, c->msg_bw,
                             sizeof(double) * (size_t)a->nmsg) == 0 &&
                      a->iterations == c->iterations,
                  "%s: message bandwidths too", net_routing_name(rt[i]));
        if (rt[i] == NET_AI || rt[i] == NET_AH) {
            struct net_result *e5;
            o.threads = 5; /* more threads than message blocks */
            e5 = run(net, pat, pl, rt[i], &o);
            CHECK(memcmp(a->bytes, e5->bytes, sz) == 0 &&
                      memcmp(a->msg_bw, e5->msg_bw,
                             sizeof(double) * (size_t)a->nmsg) == 0,
                  "%s: 1 thread = 5 threads, bit for bit",
                  net_routing_name(rt[i]));
            net_result_free(e5);
            o.threads = 2;
        }
        if (rt[i] == NET_SI || rt[i] == NET_AH) {
            struct net_result *d;
            o.seed = 43;
            d = run(net, pat, pl, rt[i], &o);
            CHECK(memcmp(a->bytes, d->bytes, sz) != 0,
                  "%s: another seed, another result", net_routing_name(rt[i]));
            net_result_free(d);
        }
        net_result_free(a);
        net_result_free(b);
        net_result_free(c);
    }
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

static int
stop_at_half(void *ctx, const char *phase, double done)
{
    int *calls = ctx;

    (void)phase;
    (*calls)++;
    return done >= 0.5;
}

static int
stop_round(void *ctx, const struct net_round *r)
{
    (void)ctx;
    return r->iter == 3;
}

static void
test_cancel_errors(void)
{
    struct net *net = dragonfly(4, 2, 2, 2, 2, 1, 1, 1);
    int n = (int)net_slots(net), calls = 0;
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, n, 0, NULL);
    struct pattern *pat = pattern_spread(n, 100, 3, 5, 1, NULL);
    struct net_opts o;
    struct net_job job = {pat, pl, 0, NET_SD};
    struct rho_err e;

    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.progress = stop_at_half;
    o.progress_ctx = &calls;
    o.threads = 2;
    CHECK(net_model_solve(net, &job, 1, &o, &e) == NULL &&
              e.code == RHO_ECANCEL && calls > 0,
          "progress returning nonzero cancels a streaming solve (%s)", e.msg);
    job.routing = NET_AH;
    CHECK(net_model_solve(net, &job, 1, &o, &e) == NULL &&
              e.code == RHO_ECANCEL,
          "and an adaptive one");
    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.round = stop_round;
    CHECK(net_model_solve(net, &job, 1, &o, &e) == NULL &&
              e.code == RHO_ECANCEL,
          "the round callback can stop too");
    job.routing = 99;
    CHECK(net_model_solve(net, &job, 1, NULL, &e) == NULL &&
              e.code == RHO_EINPUT && strstr(e.msg, "routing") != NULL,
          "unknown routing: %s", e.msg);
    job.routing = NET_SD;
    job.offset = 1;
    CHECK(net_model_solve(net, &job, 1, NULL, &e) == NULL &&
              strstr(e.msg, "placement has") != NULL,
          "placement too small: %s", e.msg);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);

    /* a graph with two islands */
    {
        int from[2] = {0, 1}, to[2] = {1, 0}, ep[3] = {0, 1, 2};
        double bw[2] = {1, 1};
        int s[2] = {0, 0}, d[2] = {1, 2};
        double b[2] = {1, 1};
        net = net_graph_new(3, NULL, 2, from, to, bw, NULL, 3, ep, 1, NULL);
        pl = placement_scheme_new(net, PLACE_LINEAR, 3, 0, NULL);
        pat = pattern_list(3, 2, s, d, b, NULL, NULL);
        job.pattern = pat;
        job.placement = pl;
        job.offset = 0;
        job.routing = NET_SD;
        CHECK(net_model_solve(net, &job, 1, NULL, &e) == NULL &&
                  e.code == RHO_EINPUT &&
                  strcmp(e.msg, "job 1: rank 0 cannot reach rank 2") == 0,
              "unreachable endpoint: %s", e.msg);
        job.routing = NET_AD;
        CHECK(net_model_solve(net, &job, 1, NULL, &e) == NULL &&
                  strcmp(e.msg, "job 1: rank 0 cannot reach rank 2") == 0,
              "also in an adaptive solve: %s", e.msg);
        pattern_free(pat);
        placement_free(pl);
        net_free(net);
    }
}

static void
test_jobs_steps(void)
{
    struct net *net = dragonfly(6, 2, 2, 2, 4, 1e9, 1e9, 1e9);
    int n = (int)net_slots(net);
    struct placement *pl = placement_scheme_new(net, PLACE_RDR, n, 3, NULL);
    struct pattern *p0 = pattern_thesis("umesh", 40, 1000, 2, NULL);
    struct pattern *p1 = pattern_thesis("stencil2d", n - 40, 500, 2, NULL);
    struct net_job jobs[2] = {{p0, pl, 0, NET_SI}, {p1, pl, 40, NET_DOR}};
    struct net_opts o;
    struct net_result *all, *a0, *a1;
    int ok = 1;

    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.per_job = 1;
    o.si_samples = 3;
    all = net_model_solve(net, jobs, 2, &o, NULL);
    a0 = net_model_solve(net, &jobs[0], 1, &o, NULL);
    a1 = net_model_solve(net, &jobs[1], 1, &o, NULL);
    for (int l = 0; l < all->nlinks; l++) {
        ok &= fabs(all->job_bytes[l] + all->job_bytes[all->nlinks + l] -
                   all->bytes[l]) <= 1e-9 * (1 + all->bytes[l]);
        /* (the default engine sums in fixed point with a scale set by all
           the jobs: a job alone may round its last bit differently) */
        ok &= fabs(all->job_bytes[l] - a0->bytes[l]) <=
              1e-12 * (1 + a0->bytes[l]);
        ok &= fabs(all->job_bytes[all->nlinks + l] - a1->bytes[l]) <=
              1e-12 * (1 + a1->bytes[l]);
    }
    CHECK(ok, "per-job bytes add up; job 0's (SI) and job 1's (DOR, offset "
              "40) equal each job alone");
    CHECK(all->msgs == a0->msgs + a1->msgs, "message counts add up");
    net_result_free(all);
    net_result_free(a0);
    net_result_free(a1);
    /* adaptive multi-job: attribution still adds up */
    jobs[0].routing = NET_AH;
    jobs[1].routing = NET_SD;
    all = net_model_solve(net, jobs, 2, &o, NULL);
    ok = 1;
    for (int l = 0; l < all->nlinks; l++)
        ok &= fabs(all->job_bytes[l] + all->job_bytes[all->nlinks + l] -
                   all->bytes[l]) <= 1e-9 * (1 + all->bytes[l]);
    CHECK(ok && all->nmsg == all->msgs, "AH + SD jobs: attribution adds up");
    net_result_free(all);
    pattern_free(p0);
    pattern_free(p1);

    /* steps: DeGeijn on 64 ranks, only the ring step */
    {
        struct pattern *bc = pattern_collective(COLL_BCAST_DEGEIJN, 64,
                                                64 * 1024, 1, NULL, NULL);
        struct placement *lin =
            placement_scheme_new(net, PLACE_LINEAR, 64, 0, NULL);
        struct net_result *r;
        CHECK(pattern_steps(bc) == 7, "6 scatter steps + 1 ring step");
        o.step = 6;
        o.per_job = 0;
        r = run(net, bc, lin, NET_SD, &o);
        CHECK(r->msgs == 64 && r->total_bytes == 64 * 63 * 1024.0,
              "step 6 alone: the 64 ring messages of 63 KiB");
        net_result_free(r);
        o.step = 0;
        r = run(net, bc, lin, NET_SD, &o);
        CHECK(r->msgs == 1 && r->total_bytes == 32 * 1024.0,
              "step 0: rank 0 sends half the blocks to rank 32");
        net_result_free(r);
        pattern_free(bc);
        placement_free(lin);
    }
    placement_free(pl);
    net_free(net);
}

/* BGQ: deterministic below the threshold, every minimal path from it on
   (Jain L981: 64 KB by default). */
static void
test_bgq(void)
{
    struct net *net = torus2(4, 4, 1);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, 16, 0, NULL);
    struct route *rt = route_new(net);
    const struct route_share *sh;
    struct net_opts o;
    struct net_result *r, *all;
    struct pattern *small, *big;
    int n, ok = 1;

    /* 0 -> 10 = (2,2): half way round in both dimensions */
    small = pattern_list(16, 1, (int[]){0}, (int[]){10}, (double[]){65535},
                         NULL, NULL);
    big = pattern_list(16, 1, (int[]){0}, (int[]){10}, (double[]){65536}, NULL,
                       NULL);
    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    CHECK(o.bgq_threshold == 65536, "the default threshold: 64 KiB");
    r = run(net, small, pl, NET_BGQ, &o);
    n = route_shares(rt, 0, 10, ROUTE_BGQ, &sh, NULL, NULL);
    for (int i = 0; i < n; i++)
        ok &= r->bytes[sh[i].link] == 65535 * sh[i].frac;
    CHECK(ok && n == 8 && result_link_bytes(r) == 4 * 65535.0,
          "65535 B: the deterministic routing, 4 paths over 8 links");
    net_result_free(r);
    r = run(net, big, pl, NET_BGQ, &o);
    o.minimal = ROUTE_ALL;
    all = run(net, big, pl, NET_SD, &o);
    CHECK(memcmp(r->bytes, all->bytes, sizeof(double) * (size_t)r->nlinks) ==
                  0 &&
              fabs(result_link_bytes(r) - 4 * 65536.0) < 1e-6,
          "64 KiB: every minimal path, as SD with paths = all");
    net_result_free(r);
    net_result_free(all);
    o.minimal = ROUTE_MIN;
    o.bgq_threshold = 1 << 20;
    r = run(net, big, pl, NET_BGQ, &o);
    n = route_shares(rt, 0, 10, ROUTE_BGQ, &sh, NULL, NULL);
    ok = 1;
    for (int i = 0; i < n; i++)
        ok &= r->bytes[sh[i].link] == 65536 * sh[i].frac;
    CHECK(ok, "a threshold of 1 MiB keeps 64 KiB deterministic");
    CHECK(net_routing_parse("bgq") == NET_BGQ &&
              strcmp(net_routing_name(NET_BGQ), "BGQ") == 0 &&
              !net_routing_adaptive(NET_BGQ),
          "BGQ: a static routing");
    net_result_free(r);
    pattern_free(small);
    pattern_free(big);
    route_free(rt);
    placement_free(pl);
    net_free(net);
}

/* Jain Ch. 8: sn = 64, nps = 16, cpn = 16, in-order ranks. */
static void
ch8(int coll, double bytes, const char *what, long long l1_used, double l1_min,
    double l1_max, long long l2_used, double l2_min, double l2_max, double tol)
{
    struct net_spec s;
    struct net *net;
    struct placement *pl;
    struct pattern_twotier tt = {64, 16, 16};
    struct pattern *pat;
    struct net_result *r;
    struct net_stats *st;
    const struct net_class_stats *l1, *l2;

    net_preset("supernode-ch8", &s, NULL);
    net = net_new(&s, NULL);
    pl = placement_scheme_new(net, PLACE_LINEAR, 16384, 0, NULL);
    pat = pattern_collective(coll, 16384, bytes, 1, &tt, NULL);
    r = run(net, pat, pl, NET_SD, NULL);
    st = net_stats_result(net, r, 3, NULL);
    l1 = net_stats_find(st, "L1-row");
    l2 = net_stats_find(st, "L2");
    if (l1_used >= 0)
        CHECK(l1->used == l1_used, "%s: L1 links used %lld (want %lld)", what,
              l1->used, l1_used);
    if (l1_min >= 0)
        CHECK_NEAR(l1->min_used / MiB, l1_min, tol, "%s: L1 min (MiB)", what);
    if (l1_max >= 0)
        CHECK_NEAR(l1->max / MiB, l1_max, tol, "%s: L1 max (MiB)", what);
    if (l2_used >= 0)
        CHECK(l2->used == l2_used, "%s: L2 links used %lld (want %lld)", what,
              l2->used, l2_used);
    if (l2_min >= 0)
        CHECK_NEAR(l2->min_used / MiB, l2_min, tol, "%s: L2 min (MiB)", what);
    if (l2_max >= 0)
        CHECK_NEAR(l2->max / MiB, l2_max, tol, "%s: L2 max (MiB)", what);
    net_stats_free(st);
    net_result_free(r);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

static void
test_ch8(void)
{
    double GiB = 1024 * MiB;

    /* Table 8.3, DeGeijn broadcast of 1 GB: L1 1588 links, 2 MB .. 1.1 GB
       (1041 MiB = 1.09e9 B); L2 95 links, 32 MB .. 1.09 GB (1040 MiB) */
    ch8(COLL_BCAST_DEGEIJN, GiB, "DeGeijn broadcast", 1588, 2, 1041, 95, 32,
        1040, 0.5);
    /* binomial scatter and recursive doubling: the thesis's cells are
       inconsistent (digest 7.1); these are the digest's reproduction */
    ch8(COLL_SCATTER_BINOMIAL, GiB, "binomial scatter", 1048, 1, 136, 63, 16,
        512, 1e-9);
    ch8(COLL_ALLGATHER_RD, GiB, "recursive doubling", 10368, 16, 14464, 384,
        4096, 131072, 1e-9);
    /* Table 8.4 ring allgather: L1 1080, 1 GB; L2 64 (printed "634") */
    ch8(COLL_ALLGATHER_RING, GiB, "ring allgather", 1080, 1024, 1024, 64, 1024,
        1024, 0.5);
    /* two-tier scatter: L1 960 links, 1 MB min; L2 63 links, 16 MB max (the
       thesis prints L1 max 64 MB, L2 min 1 MB: see the digest's errata) */
    ch8(COLL_SCATTER_TWOTIER, GiB, "two-tier scatter", 960, 1, 65, 63, 16, 16,
        1e-9);
    /* two-tier reduce-scatter: every link, 65 MB on L1, 16 MB on L2 */
    ch8(COLL_RS_TWOTIER, GiB, "two-tier reduce-scatter", 15360, 65, 65, 4032,
        16, 16, 1e-9);
    /* two-tier allgather: L2 4032 x 16 MB; L1 max 65 MB (min 49 MiB: the
       thesis prints 65) */
    ch8(COLL_ALLGATHER_TWOTIER, GiB, "two-tier allgather", 15360, 49, 65, 4032,
        16, 16, 1e-9);
    /* two-tier reduce (Table 8.5's last column): L1 every link, 65 MiB (66
       MiB into node 0 of a supernode, its gateway to supernode 0) .. 130
       MiB (into node 0 of supernode 0: 64 + 1 + 1 + 64); L2 16 MiB, 32
       MiB on the 63 links into supernode 0. The thesis: L1 66 .. 130 MB,
       L2 16 .. 32 MB */
    ch8(COLL_REDUCE_TWOTIER, GiB, "two-tier reduce", 15360, 65, 130, 4032, 16,
        32, 1e-9);
    /* two-tier broadcast: L1 64 .. 128 MB, L2 64 MB (link counts differ
       from the thesis's, see the digest) */
    ch8(COLL_BCAST_TWOTIER, GiB, "two-tier broadcast", -1, 64, 128, 1024, 64,
        64, 1e-9);
}

/* The qualitative findings of Jain Sec. 3.2.4 (UMesh) on a small
   dragonfly whose L1/L2 balance is the thesis's (3x4 routers per group, 31
   groups: 5 L1 and ~2.5 L2 ports per router), 2 nodes of 12 cores per
   router: shapes, not numbers. */
static void
test_shapes(void)
{
    struct net *net = dragonfly(31, 3, 4, 2, 12, 1e9, 1e9, 1e9);
    int n = (int)net_slots(net);
    struct pattern *pat = pattern_thesis("umesh", n, 0, 17, NULL);
    static const int sch[4] = {PLACE_RDN, PLACE_RDR, PLACE_RDC, PLACE_RDG};
    double avg_sd[4], max_sd[4], avg_si[4], max_si[4];
    struct net_opts o;
    struct placement *pl;
    struct net_result *r;
    struct net_stats *st;

    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.si_samples = 8;
    o.threads = 2;
    for (int i = 0; i < 4; i++) {
        pl = placement_scheme_new(net, sch[i], n, 23, NULL);
        r = run(net, pat, pl, NET_SD, &o);
        st = net_stats_result(net, r, 0, NULL);
        avg_sd[i] = st->cls[0].mean;
        max_sd[i] = st->cls[0].max;
        net_stats_free(st);
        net_result_free(r);
        r = run(net, pat, pl, NET_SI, &o);
        st = net_stats_result(net, r, 0, NULL);
        avg_si[i] = st->cls[0].mean;
        max_si[i] = st->cls[0].max;
        net_stats_free(st);
        net_result_free(r);
        placement_free(pl);
        printf("# UMesh %s: SD avg %.4g max %.4g, SI avg %.4g max %.4g MiB\n",
               placement_scheme_name(sch[i]), avg_sd[i] / MiB, max_sd[i] / MiB,
               avg_si[i] / MiB, max_si[i] / MiB);
    }
    CHECK(avg_sd[0] > avg_sd[1] && avg_sd[1] > avg_sd[2] &&
              avg_sd[2] > avg_sd[3],
          "more blocking (RDN, RDR, RDC, RDG) lowers UMesh's average");
    CHECK(max_sd[1] > max_sd[2] && max_sd[2] > max_sd[3],
          "and its maximum (RDR, RDC, RDG)");
    {
        int up = 1;
        for (int i = 0; i < 4; i++)
            up &= avg_si[i] > avg_sd[i];
        CHECK(up, "indirect routing raises the average on every placement");
    }
    CHECK(max_si[1] < max_sd[1] && max_si[2] < max_sd[2] &&
              max_si[3] < max_sd[3],
          "and lowers the maximum (RDR, RDC, RDG)");
    /* RRN + SD: consecutive groups' L2 links are the hot ones */
    pl = placement_scheme_new(net, PLACE_RRN, n, 0, NULL);
    r = run(net, pat, pl, NET_SD, &o);
    st = net_stats_result(net, r, 1, NULL);
    {
        const struct net_class_stats *l2 = net_stats_find(st, "L2");
        int l = l2->top[0], g1, g2, dg;
        double sdmax = st->cls[0].max;
        net_df_coords(net, net_link_src(net, l), &g1, NULL, NULL);
        net_df_coords(net, net_link_dst(net, l), &g2, NULL, NULL);
        dg = abs(g1 - g2);
        CHECK(l2->max == sdmax && (dg == 1 || dg == 30),
              "RRN + SD: the hottest link is an L2 link between consecutive "
              "groups (%d -> %d)",
              g1, g2);
        net_stats_free(st);
        net_result_free(r);
        r = run(net, pat, pl, NET_SI, &o);
        st = net_stats_result(net, r, 0, NULL);
        CHECK(st->cls[0].max < sdmax / 1.5,
              "indirect routing offloads them (max %.4g -> %.4g MiB)",
              sdmax / MiB, st->cls[0].max / MiB);
    }
    net_stats_free(st);
    net_result_free(r);
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

/* route_draw_pad(), the hot path of AI and AH, against route_random() and
   route_valiant() of a route without tables (route_plain()) on every
   family: the same links in the same order (the pads aside), the same
   lengths, the generator left in the same state. */
static int
pad_matches(struct net *net, int trials, unsigned seed)
{
    struct route *rt = route_new(net), *plain = route_new(net);
    int W = route_max_hops(rt), Wd = route_max_min_hops(rt);
    int ne = net_endpoints(net), pad = net_links(net), ok = 1;

    route_plain(plain);
    int *want = malloc(sizeof(int) * (size_t)(W + 1));
    int *got = malloc(sizeof(int) * (size_t)(5 * W + 1)), len[5];
    struct rng r;

    rng_init(&r, seed);
    for (int t = 0; t < trials && ok; t++) {
        int s = (int)rng_below(&r, (uint64_t)ne);
        int d = (int)rng_below(&r, (uint64_t)ne);
        int nd = (int)rng_below(&r, 3), np = nd + 1 + (int)rng_below(&r, 3);
        int end = nd * Wd + (np - nd) * W;
        int mode = rng_below(&r, 2) ? ROUTE_MIN : ROUTE_ALL, off = 0;
        struct rng g1, g2;
        rng_init(&g1, (uint64_t)t * 7 + 1);
        g2 = g1;
        got[end] = -7;
        ok &= route_draw_pad(rt, s, d, mode, nd, np, &g2, got,
                             t % 2 ? len : NULL, pad) == 0;
        for (int i = 0; i < np && ok; i++) {
            int n = i < nd ? route_random(plain, s, d, mode, &g1, want)
                           : route_valiant(plain, s, d, mode, &g1, want);
            int w = i < nd ? Wd : W, k = 0;
            for (int j = 0; j < w; j++)
                if (got[off + j] != pad)
                    ok &= k < n && got[off + j] == want[k++];
            ok &= k == (n > 0 ? n : 0) && (t % 2 == 0 || len[i] == k);
            off += w;
        }
        ok &= memcmp(&g1, &g2, sizeof g1) == 0 && got[end] == -7;
    }
    free(want);
    free(got);
    route_free(rt);
    route_free(plain);
    return ok;
}

/* route_live_may() never rules out a message that some draw could route
   over usable links only (random usable sets, many draws). */
static int
live_sound(struct net *net, double pdead, int *flagged)
{
    struct route *rt = route_new(net);
    struct route_live *lv = route_live_new(net);
    int nl = net_links(net), ne = net_endpoints(net), ok = lv != NULL;
    int W = route_max_hops(rt), Wd = route_max_min_hops(rt);
    float *v = malloc(sizeof(float) * (size_t)(nl + 1));
    int *links = malloc(sizeof(int) * (size_t)(4 * W)), len[4];
    struct rng r;

    rng_init(&r, 11);
    *flagged = 0;
    for (int round = 0; round < 5 && ok; round++) {
        for (int l = 0; l < nl; l++)
            v[l] = rng_double(&r) < pdead ? -1.0f : 1.0f;
        v[nl] = INFINITY;
        for (int part = 0; part < 3; part++)
            route_live_update(lv, v, part, 3);
        for (int t = 0; t < 400 && ok; t++) {
            int s = (int)rng_below(&r, (uint64_t)ne);
            int d = (int)rng_below(&r, (uint64_t)ne);
            if (route_live_may(lv, s, d))
                continue;
            (*flagged)++;
            for (int k = 0; k < 100 && ok; k++) {
                struct rng g;
                int off = 0;
                rng_init(&g, (uint64_t)k * 977 + (uint64_t)t);
                route_draw_pad(rt, s, d, ROUTE_MIN, 2, 4, &g, links, len, nl);
                for (int i = 0; i < 4; i++) {
                    int w = i < 2 ? Wd : W, usable = 1;
                    for (int j = 0; j < w; j++)
                        usable &= v[links[off + j]] >= 0;
                    ok &= !(usable && len[i] > 0);
                    off += w;
                }
            }
        }
    }
    free(v);
    free(links);
    route_live_free(lv);
    route_free(rt);
    return ok;
}

static void
test_padded_paths(void)
{
    static const char *const presets[] = {
        "df-small", "df-40",      "torus-5x5", "bgq-128",
        "mesh-4x4", "fattree-k4", "tca-8",     "supernode-ch8"};
    struct net_spec spec;
    int ok = 1, flagged = 0, f;

    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        struct net *net;
        net_preset(presets[i], &spec, NULL);
        net = net_new(&spec, NULL);
        CHECK(pad_matches(net, 3000, (unsigned)i + 1),
              "%s: padded draws are route_random()/route_valiant()'s paths",
              presets[i]);
        net_free(net);
    }
    /* dragonflies off the table-driven path's usual shape */
    for (int k = 0; k < 5; k++) {
        struct net_dragonfly_params p;
        struct net *net;
        memset(&p, 0, sizeof p);
        p.groups = k == 1 ? 1 : k == 4 ? 13 : 5;
        p.chassis = k == 3 ? 1 : 2;
        p.routers = 3;
        p.nodes_per_router = 2;
        p.cores = 1;
        p.global_per_pair = k == 2 ? 2 : 1;
        p.bw_row = p.bw_col = p.bw_global = 1e9;
        p.inj_bw = k % 2 ? 2e9 : 0;
        net = net_dragonfly_new(&p, NULL);
        ok &= pad_matches(net, 3000, 40 + (unsigned)k);
        if (k != 2) { /* (no bound with two L2 links a pair) */
            ok &= live_sound(net, 0.3, &f);
            flagged += f;
        } else
            ok &= route_live_new(net) == NULL;
        net_free(net);
    }
    CHECK(ok && flagged > 0,
          "dragonfly variants (1 group, 2 L2 links a pair, 1 chassis, "
          "injection links): the same paths; the liveness bound is sound "
          "(%d messages ruled out)",
          flagged);
    {
        struct net *net;
        net_preset("torus-5x5", &spec, NULL);
        net = net_new(&spec, NULL);
        CHECK(route_live_new(net) == NULL, "no liveness bound on a torus");
        net_free(net);
    }
}

int
main(void)
{
    test_torus_hand();
    test_mesh_fattree_dragonfly_hand();
    test_conservation();
    test_bandwidth_independence();
    test_ad_equals_sd();
    test_capacity();
    test_determinism();
    test_padded_paths();
    test_cancel_errors();
    test_jobs_steps();
    test_bgq();
    test_ch8();
    test_shapes();
    TEST_DONE();
}
