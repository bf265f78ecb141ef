/*
 * The link-utilization model: hand-worked loads on small networks, the
 * spec's invariants, the thesis's Ch. 8 DeGeijn broadcast column, and the
 * qualitative findings of Sec. 3.2.4 on a small dragonfly.
 */
#include "harness.h"

#include <stdlib.h>

#include "core/lm_net.h"
#include "core/lm_pattern.h"
#include "core/lm_place.h"
#include "core/lm_route.h"
#include "core/lm_solve.h"
#include "core/lm_stats.h"

#define MiB 1048576.0

/* Solve one job (a message list or a pattern) with a routing. */
static int
solve1(const struct lm_net *net, const struct lm_pattern *pat, int routing,
       int threads, uint64_t seed, struct lm_result *res)
{
    struct lm_place pl;
    struct lm_job job = {pat, 0, routing, "job"};
    struct lm_opts o = {0};
    struct rho_err err;
    int rc;

    o.threads = threads;
    o.seed = seed;
    o.round_links = 10000;
    lm_place_init(&pl, net, LM_PLACE_LINEAR, 0, NULL);
    rc = lm_solve(net, &pl, &job, 1, &o, res, &err);
    if (rc != 0)
        printf("# solve: %s\n", err.msg);
    lm_place_fini(&pl);
    return rc;
}

static struct lm_pattern
list_pattern(const struct lm_msg *m, int n, long long nranks)
{
    struct lm_pattern p;

    memset(&p, 0, sizeof p);
    p.kind = LM_PAT_LIST;
    p.nranks = nranks;
    p.list = m;
    p.nlist = n;
    return p;
}

static int
link_of(const struct lm_net *net, int a, int b, const char *cls)
{
    for (int l = 0; l < net->nl; l++)
        if (net->lfrom[l] == a && net->lto[l] == b &&
            strcmp(net->cls[net->lclass[l]], cls) == 0)
            return l;
    return -1;
}

static void
test_torus(void)
{
    struct lm_torus_params tp = {0};
    struct lm_net *net;
    struct lm_result res;
    struct lm_msg m[2] = {{0, 7, 1 * MiB}, {3, 21, 2 * MiB}};
    struct lm_pattern p;
    struct lm_stats st;
    char buf[96];
    int used = 0;

    tp.nd = 2;
    tp.dim[0] = tp.dim[1] = 5;
    tp.wrap[0] = tp.wrap[1] = 1;
    tp.nodes_per_router = tp.cores = 1;
    tp.bw = 2e9;
    net = lm_torus_new(&tp, NULL);
    CHECK(net && net->nr == 25 && net->nl == 100, "5x5 torus: 25 routers, "
                                                  "100 links");
    p = list_pattern(m, 2, 25);
    solve1(net, &p, LM_DOR, 1, 0, &res);
    /* 0 (0,0) -> 7 (2,1): x+ twice, then y+ */
    CHECK(res.traffic[link_of(net, 0, 1, "x1+")] == 1 * MiB, "0->1 x+: 1 MiB");
    CHECK(res.traffic[link_of(net, 1, 2, "x1+")] == 1 * MiB, "1->2 x+: 1 MiB");
    CHECK(res.traffic[link_of(net, 2, 7, "x2+")] == 1 * MiB, "2->7 y+: 1 MiB");
    /* 3 (3,0) -> 21 (1,4): x- twice (2 < 3 the other way), then y- once */
    CHECK(res.traffic[link_of(net, 3, 2, "x1-")] == 2 * MiB, "3->2 x-: 2 MiB");
    CHECK(res.traffic[link_of(net, 2, 1, "x1-")] == 2 * MiB, "2->1 x-: 2 MiB");
    CHECK(res.traffic[link_of(net, 1, 21, "x2-")] == 2 * MiB,
          "1->21 y- (wrap): 2 MiB");
    for (int l = 0; l < net->nl; l++)
        used += res.traffic[l] > 0;
    CHECK(used == 6, "6 links carry traffic");
    CHECK(res.hop_bytes == 9 * MiB && res.max_hops == 3,
          "hop-bytes 9 MiB, max 3 hops");
    lm_stats_compute(net, res.traffic, &res, &st);
    CHECK(st.c[0].links == 100 && st.c[0].used == 6 && st.c[0].max == 2 * MiB,
          "stats: 100 links, 6 used, max 2 MiB");
    CHECK_NEAR(st.avg_hops, 3, 1e-12, "average hops 3");
    CHECK_STR(lm_link_name(net, st.c[0].hot[0], buf, sizeof buf),
              "(1,0)->(1,4) x2-", "the hottest link by name (ties: lower "
                                  "id first)");
    /* SD on a DOR torus is DOR; bandwidth does not matter */
    {
        struct lm_result r2;
        net->lbw[0] = 1;
        solve1(net, &p, LM_SD, 1, 0, &r2);
        CHECK(memcmp(r2.traffic, res.traffic, net->nl * sizeof(double)) == 0,
              "SD == DOR here, and does not depend on bandwidth");
        lm_result_fini(&r2);
    }
    lm_result_fini(&res);
    lm_net_free(net);

    /* a 3x3 mesh: no wrap */
    tp.dim[0] = tp.dim[1] = 3;
    tp.wrap[0] = tp.wrap[1] = 0;
    net = lm_torus_new(&tp, NULL);
    m[0] = (struct lm_msg){8, 0, 1 * MiB};
    p = list_pattern(m, 1, 9);
    solve1(net, &p, LM_DOR, 1, 0, &res);
    CHECK(res.traffic[link_of(net, 8, 7, "x1-")] == MiB &&
              res.traffic[link_of(net, 7, 6, "x1-")] == MiB &&
              res.traffic[link_of(net, 6, 3, "x2-")] == MiB &&
              res.traffic[link_of(net, 3, 0, "x2-")] == MiB,
          "mesh 8 -> 0: x first, then y, 4 hops");
    CHECK(res.hop_bytes == 4 * MiB, "no wrap-around on a mesh");
    lm_result_fini(&res);
    lm_net_free(net);

    /* a tie goes the + way; all_minimal splits both ways and all orders */
    tp.nd = 1;
    tp.dim[0] = 4;
    tp.wrap[0] = 1;
    net = lm_torus_new(&tp, NULL);
    m[0] = (struct lm_msg){0, 2, 1 * MiB};
    p = list_pattern(m, 1, 4);
    solve1(net, &p, LM_DOR, 1, 0, &res);
    CHECK(res.traffic[link_of(net, 0, 1, "x1+")] == MiB &&
              res.traffic[link_of(net, 0, 3, "x1-")] == 0,
          "a tie on a ring of 4: the + direction");
    lm_result_fini(&res);
    lm_net_free(net);
    tp.nd = 2;
    tp.dim[0] = 4;
    tp.dim[1] = 2;
    tp.wrap[0] = tp.wrap[1] = 1;
    snprintf(tp.name[1], sizeof tp.name[1], "E");
    tp.all_minimal = 1;
    net = lm_torus_new(&tp, NULL);
    m[0] = (struct lm_msg){0, 5, 1 * MiB}; /* (0,0) -> (1,1) */
    p = list_pattern(m, 1, 8);
    solve1(net, &p, LM_SD, 1, 0, &res);
    CHECK_NEAR(res.traffic[link_of(net, 0, 1, "x1+")], MiB / 2, 1e-6,
               "x first (2 of the 4 minimal paths): 0->1 carries 1/2");
    CHECK_NEAR(res.traffic[link_of(net, 0, 4, "E+")] +
                   res.traffic[link_of(net, 0, 4, "E-")],
               MiB / 2, 1e-6, "E first: 1/2 over the doubled E link");
    CHECK_NEAR(res.traffic[link_of(net, 0, 4, "E+")],
               res.traffic[link_of(net, 0, 4, "E-")], 1e-6,
               "E+ and E- share evenly (the doubled link)");
    CHECK_NEAR(res.hop_bytes, 2 * MiB, 1e-3, "2 hops on every path");
    lm_result_fini(&res);
    lm_net_free(net);
}

static void
test_dragonfly(void)
{
    struct lm_dragonfly_params dp = {3, 2, 3, 1, 1, 1e9, 1e9, 1e9};
    struct lm_net *net = lm_dragonfly_new(&dp, NULL);
    struct lm_result res;
    struct lm_msg m[1] = {{0, 11, 1 * MiB}};
    struct lm_pattern p = list_pattern(m, 1, 18);
    char buf[96];
    int g, row, col;

    CHECK(net && net->nr == 18 && net->nl == 18 * 2 + 18 * 1 + 3 * 2,
          "3 groups x 2 chassis x 3 routers: 18 routers, 60 links");
    lm_df_place(net, 11, &g, &row, &col);
    CHECK(g == 1 && row == 1 && col == 2, "router 11 is g1.c1.r2");
    /* the L2 link g0 -> g1 leaves router 1 of g0, lands on router 0 of g1 */
    CHECK(link_of(net, 1, 6, "L2") >= 0, "global wiring: g0.r(1) -> g1.r(0)");
    CHECK_STR(lm_link_name(net, link_of(net, 1, 6, "L2"), buf, sizeof buf),
              "g0.c0.r1->g1.c0.r0", "a link's name");
    solve1(net, &p, LM_SD, 1, 0, &res);
    CHECK(res.traffic[link_of(net, 0, 1, "L1-row")] == MiB, "row hop to the "
                                                            "gateway: all");
    CHECK(res.traffic[link_of(net, 1, 6, "L2")] == MiB, "the L2 link: all");
    CHECK(res.traffic[link_of(net, 6, 8, "L1-row")] == MiB / 2 &&
              res.traffic[link_of(net, 8, 11, "L1-col")] == MiB / 2 &&
              res.traffic[link_of(net, 6, 9, "L1-col")] == MiB / 2 &&
              res.traffic[link_of(net, 9, 11, "L1-row")] == MiB / 2,
          "row-first and column-first split evenly in the last group");
    CHECK(res.max_hops == 4 && res.hop_bytes == 4 * MiB, "4 hops");
    lm_result_fini(&res);
    /* AD with one message gets the sum of its paths' capacity */
    solve1(net, &p, LM_AD, 1, 0, &res);
    CHECK_NEAR(res.msg_bw[0], 1e9, 1e3,
               "AD: one message gets the gateway link's bandwidth");
    lm_result_fini(&res);
    lm_net_free(net);
}

static void
test_fattree(void)
{
    struct lm_fattree_params fp = {4, 3, 1, 1e9};
    struct lm_net *net = lm_fattree_new(&fp, NULL);
    struct lm_result res;
    struct lm_msg m[1] = {{0, 4, 1 * MiB}}; /* leaf 0 -> leaf 2 */
    struct lm_pattern p = list_pattern(m, 1, 8);
    int tops = 0;

    CHECK(net && net->nr == 10 && net->nep == 8,
          "k=4, 3 levels: 4 leaves + 4 L1 + 2 tops, 8 nodes (Fig. 5.2)");
    for (int r = 0; r < net->nr; r++)
        tops += net->level[r] == 2;
    CHECK(tops == 2, "the top level has half as many switches");
    CHECK(net->ep_router[4] == 2, "node 4 is on leaf 2");
    solve1(net, &p, LM_UPDOWN, 1, 0, &res);
    {
        double up0 = 0, up1 = 0, dn1 = 0, dn0 = 0;
        int n_up1 = 0;
        for (int l = 0; l < net->nl; l++) {
            const char *c = net->cls[net->lclass[l]];
            if (res.traffic[l] == 0)
                continue;
            if (!strcmp(c, "L0-L1 up"))
                up0 += res.traffic[l];
            if (!strcmp(c, "L1-L2 up")) {
                up1 += res.traffic[l];
                n_up1++;
                CHECK_NEAR(res.traffic[l], MiB / 4, 1e-6,
                           "each L1-L2 up link: 1/4");
            }
            if (!strcmp(c, "L2-L1 down"))
                dn1 += res.traffic[l];
            if (!strcmp(c, "L1-L0 down"))
                dn0 += res.traffic[l];
        }
        CHECK(up0 == MiB && up1 == MiB && dn1 == MiB && dn0 == MiB,
              "every level carries the whole message once");
        CHECK(n_up1 == 4, "over both up links of both L1 switches");
    }
    lm_result_fini(&res);
    lm_net_free(net);
}

static void
test_tree_graph(void)
{
    int parent[5] = {-1, 0, 0, 1, 2}, ep[2] = {3, 4};
    const char *names[5] = {"RC", "S0", "S1", "g0", "g1"};
    struct lm_net *net = lm_tree_new(5, parent, names, 2, ep, 1, 1e9, NULL);
    struct lm_result res;
    struct lm_msg m[1] = {{0, 1, 1 * MiB}};
    struct lm_pattern p = list_pattern(m, 1, 2);

    solve1(net, &p, LM_UPDOWN, 1, 0, &res);
    CHECK(res.hop_bytes == 4 * MiB && res.traffic[2 * (3 - 1)] == MiB &&
              res.traffic[2 * (4 - 1) + 1] == MiB,
          "tree: g0 up to RC and down to g1, 4 links");
    lm_result_fini(&res);
    lm_net_free(net);

    {
        /* a 4-cycle a-b-c-d-a, both ways: a -> c has two shortest paths */
        int from[8] = {0, 1, 2, 3, 1, 2, 3, 0}, to[8] = {1, 2, 3, 0, 0, 1, 2, 3};
        double bw[8] = {1, 1, 1, 1, 1, 1, 1, 1};
        int eps[4] = {0, 1, 2, 3};
        struct lm_msg mm[1] = {{0, 2, 1 * MiB}};
        struct lm_pattern pp = list_pattern(mm, 1, 4);
        net = lm_graph_new(4, NULL, 8, from, to, bw, NULL, 4, eps, 1, NULL);
        solve1(net, &pp, LM_SD, 1, 0, &res);
        CHECK(res.traffic[0] == MiB / 2 && res.traffic[1] == MiB / 2 &&
                  res.traffic[6] == MiB / 2 && res.traffic[7] == MiB / 2,
              "graph: two shortest paths, half each");
        lm_result_fini(&res);
        lm_net_free(net);
    }
}

/* The spec's invariants on a dragonfly with UMesh traffic. */
static void
test_invariants(void)
{
    struct lm_dragonfly_params dp = {6, 2, 4, 2, 4, 4e9, 4e9, 4e9};
    struct lm_net *net = lm_dragonfly_new(&dp, NULL);
    struct lm_pattern p;
    struct lm_result a, b, c;
    double sum = 0;

    memset(&p, 0, sizeof p);
    p.kind = LM_PAT_UMESH;
    p.nranks = lm_net_slots(net);
    p.bytes = 64 * 1024;
    p.pmin = 6;
    p.pmax = 20;
    p.window = 30;
    p.seed = 5;
    solve1(net, &p, LM_SD, 1, 1, &a);
    solve1(net, &p, LM_SD, 2, 1, &b);
    CHECK(memcmp(a.traffic, b.traffic, net->nl * sizeof(double)) == 0,
          "SD: 1 and 2 threads give the same traffic");
    for (int l = 0; l < net->nl; l++)
        sum += a.traffic[l];
    CHECK_NEAR(sum, a.hop_bytes, 1e-3,
               "conservation: the links carry bytes x hops");
    CHECK(a.messages > 1000 && a.local > 0, "%lld messages, %lld within a "
                                            "router",
          a.messages, a.local);
    lm_result_fini(&b);
    for (int l = 0; l < net->nl; l++)
        net->lbw[l] *= 3;
    solve1(net, &p, LM_SD, 2, 1, &b);
    CHECK(memcmp(a.traffic, b.traffic, net->nl * sizeof(double)) == 0,
          "SD does not depend on bandwidth");
    lm_result_fini(&b);
    solve1(net, &p, LM_SI, 1, 7, &b);
    solve1(net, &p, LM_SI, 2, 7, &c);
    CHECK(memcmp(b.traffic, c.traffic, net->nl * sizeof(double)) == 0,
          "SI: same seed, same result, any thread count");
    {
        double s2 = 0;
        for (int l = 0; l < net->nl; l++)
            s2 += b.traffic[l];
        CHECK(s2 > sum, "SI's detours carry more bytes x hops than SD");
    }
    lm_result_fini(&b);
    lm_result_fini(&c);
    for (int rt = LM_AD; rt <= LM_AH; rt++) {
        int over = 0;
        double tsum = 0, routed;
        solve1(net, &p, rt, 1, 3, &b);
        solve1(net, &p, rt, 1, 3, &c);
        CHECK(memcmp(b.traffic, c.traffic, net->nl * sizeof(double)) == 0 &&
                  memcmp(b.msg_bw, c.msg_bw, b.nmsg * sizeof(double)) == 0,
              "%s: same seed, same result", lm_routing_name(rt));
        for (int l = 0; l < net->nl; l++) {
            double alloc = 0;
            for (int r = 0; r < b.nrounds; r++)
                alloc += b.round_link[(size_t)r * net->nl + l];
            over += alloc > net->lbw[l] * (1 + 1e-9);
            tsum += b.traffic[l];
        }
        CHECK(over == 0, "%s: no link is allocated more than its bandwidth",
              lm_routing_name(rt));
        routed = b.bytes - b.local_bytes;
        CHECK(tsum >= routed * 0.999, "%s: every byte crosses a link",
              lm_routing_name(rt));
        CHECK(b.nrounds > 1 && b.nmsg == b.messages - b.local,
              "%s: %d rounds, a bandwidth per message", lm_routing_name(rt),
              b.nrounds);
        lm_result_fini(&b);
        lm_result_fini(&c);
    }
    lm_result_fini(&a);
    lm_net_free(net);

    /* AD == SD when every message has one path (a DOR torus) */
    {
        struct lm_torus_params tp = {0};
        struct lm_pattern q;
        int worst = 0;
        tp.nd = 2;
        tp.dim[0] = 6;
        tp.dim[1] = 4;
        tp.wrap[0] = tp.wrap[1] = 1;
        tp.nodes_per_router = 1;
        tp.cores = 2;
        tp.bw = 1e9;
        net = lm_torus_new(&tp, NULL);
        memset(&q, 0, sizeof q);
        q.kind = LM_PAT_SPREAD;
        q.nranks = lm_net_slots(net);
        q.bytes = 1e6;
        q.pmin = 3;
        q.pmax = 5;
        q.seed = 2;
        solve1(net, &q, LM_SD, 1, 0, &a);
        solve1(net, &q, LM_AD, 1, 0, &b);
        for (int l = 0; l < net->nl; l++)
            worst |= fabs(a.traffic[l] - b.traffic[l]) > 1e-6 * (1 + a.traffic[l]);
        CHECK(!worst, "AD == SD when every message has one path");
        lm_result_fini(&a);
        lm_result_fini(&b);
        lm_net_free(net);
    }
}

/*
 * Ch. 8, Table 8.3: DeGeijn broadcast of 1 GiB on sn = 64, nps = 16,
 * cpn = 16 (16,384 ranks), in-order mapping, intra-node sharing ignored:
 * L1 1588 links used, min 2 MiB, max 1.09 GB; L2 95 used, min 32 MiB,
 * max 1.09 GB (research digest 7.1: reproduced exactly in MiB).
 */
static void
test_degeijn(void)
{
    struct lm_supernode_params sp = {64, 16, 16, 1e9, 1e9};
    struct lm_net *net = lm_supernode_new(&sp, NULL);
    struct lm_pattern p;
    struct lm_result res;
    struct lm_stats st;

    CHECK(net->nl == 15360 + 4032, "15,360 L1 and 4,032 L2 directed links");
    memset(&p, 0, sizeof p);
    p.kind = LM_PAT_COLLECTIVE;
    p.coll = LM_COLL_BCAST;
    p.algo = LM_ALGO_DEGEIJN;
    p.nranks = 16384;
    p.bytes = 1024 * MiB;
    solve1(net, &p, LM_SD, 0, 0, &res);
    lm_stats_compute(net, res.traffic, &res, &st);
    CHECK_STR(st.c[1].name, "L1", "class L1");
    CHECK(st.c[1].used == 1588, "L1 links used: 1588 (%lld)", st.c[1].used);
    CHECK_NEAR(st.c[1].max / MiB, 1041, 0.5, "L1 max 1041 MiB (1.09 GB)");
    CHECK(st.c[2].used == 95, "L2 links used: 95 (%lld)", st.c[2].used);
    CHECK_NEAR(st.c[2].max / MiB, 1040, 0.5, "L2 max 1040 MiB (1.09 GB)");
    {
        /* the minimum over links that carry traffic */
        double mn1 = 1e300, mn2 = 1e300;
        for (int l = 0; l < net->nl; l++) {
            if (res.traffic[l] <= 0)
                continue;
            if (net->lclass[l] == 0 && res.traffic[l] < mn1)
                mn1 = res.traffic[l];
            if (net->lclass[l] == 1 && res.traffic[l] < mn2)
                mn2 = res.traffic[l];
        }
        CHECK_NEAR(mn1 / MiB, 2, 1e-9, "L1 min 2 MiB");
        CHECK_NEAR(mn2 / MiB, 32, 1e-9, "L2 min 32 MiB");
    }
    lm_result_fini(&res);
    lm_net_free(net);
}

/*
 * Sec. 3.2.4 on a scaled-down dragonfly (the thesis's group of 6 chassis x
 * 16 routers, 16 groups instead of 960; UMesh): with a blocked placement,
 * indirect routing raises the average and lowers the maximum, and direct
 * routing leaves the median at 0; blocking lowers the average. (With
 * random nodes on only 16 groups, SI's detours crowd the few L2 links and
 * raise the maximum: a scale effect, see the issue notes.)
 */
static void
test_shapes(void)
{
    struct lm_dragonfly_params dp = {16, 6, 16, 2, 4, 1e9, 1e9, 1e9};
    struct lm_net *net = lm_dragonfly_new(&dp, NULL);
    struct lm_pattern p;
    struct lm_result sd, si, bl;
    struct lm_stats a, b, c;
    struct lm_place rdn, rdg;
    struct lm_job job;
    struct lm_opts o = {0};

    memset(&p, 0, sizeof p);
    p.kind = LM_PAT_UMESH;
    p.nranks = lm_net_slots(net);
    p.bytes = 16 * 1024;
    p.pmin = 6;
    p.pmax = 20;
    p.window = 30;
    p.seed = 11;
    o.packet = 2048;
    o.seed = 4;
    lm_place_init(&rdn, net, LM_PLACE_RDN, 101429, NULL);
    lm_place_init(&rdg, net, LM_PLACE_RDG, 101429, NULL);
    job = (struct lm_job){&p, 0, LM_SD, "umesh"};
    lm_solve(net, &rdg, &job, 1, &o, &sd, NULL);
    job.routing = LM_SI;
    lm_solve(net, &rdg, &job, 1, &o, &si, NULL);
    job.routing = LM_SD;
    lm_solve(net, &rdn, &job, 1, &o, &bl, NULL);
    lm_stats_compute(net, sd.traffic, &sd, &a);
    lm_stats_compute(net, si.traffic, &si, &b);
    lm_stats_compute(net, bl.traffic, &bl, &c);
    CHECK(b.c[0].mean > a.c[0].mean, "indirect raises the average (%.0f > "
                                     "%.0f)",
          b.c[0].mean, a.c[0].mean);
    CHECK(b.c[0].max < a.c[0].max, "indirect lowers the maximum (%.0f < %.0f)",
          b.c[0].max, a.c[0].max);
    CHECK(a.c[0].mean < c.c[0].mean,
          "blocking lowers the average: RDG %.0f < RDN %.0f", a.c[0].mean,
          c.c[0].mean);
    CHECK(a.c[0].median == 0 && b.c[0].median > 0,
          "direct routing leaves the median link idle; indirect does not");
    lm_result_fini(&sd);
    lm_result_fini(&si);
    lm_result_fini(&bl);
    lm_place_fini(&rdn);
    lm_place_fini(&rdg);
    lm_net_free(net);
}

int
main(void)
{
    test_torus();
    test_dragonfly();
    test_fattree();
    test_tree_graph();
    test_invariants();
    test_degeijn();
    test_shapes();
    TEST_DONE();
}
