/*
 * test_net_design: Jain's Table 6.1 prototypes by his formulas (the Ch. 6
 * systems of about 46,656 nodes: a 6^6 torus, 240 groups of 24 routers
 * with 8 nodes and global links 60% faster, a radix-72 fat-tree), other
 * sizes, and the cost model of Sec. 6.3 on small networks by hand.
 */
#include "core/net/net_design.h"

#include <math.h>
#include <string.h>

#include "harness.h"

static void
test_prototypes(void)
{
    struct net_spec s;
    struct rho_err e;
    int r = 0, ok = 1;

    CHECK(net_prototype(NET_TORUS, 46656, &r, 64, 0, &s, &e) == 0 && r == 13 &&
              s.torus.nd == 6 && s.torus.nodes_per_router == 1 &&
              s.torus.cores == 64 && s.torus.bw == 12.5e9,
          "torus: radix 13, 6 dimensions, one node a router, 12.5 GB/s");
    for (int k = 0; k < 6; k++)
        ok &= s.torus.dim[k] == 6 && s.torus.wrap[k];
    CHECK(ok, "46,656 nodes: 6x6x6x6x6x6");
    r = 0;
    net_prototype(NET_TORUS, 1000, &r, 1, 0, &s, &e);
    CHECK(s.torus.dim[0] == 4 && s.torus.dim[1] == 3 && s.torus.dim[5] == 3,
          "1,000 nodes: 4x3x3x3x3x3 = 972, the nearest");
    r = 7;
    CHECK(net_prototype(NET_TORUS, 4096, &r, 1, 0, &s, &e) == 0 &&
              s.torus.nd == 3 && s.torus.dim[2] == 16,
          "radix 7: a 3D torus, 16^3");
    r = 12;
    CHECK(net_prototype(NET_TORUS, 4096, &r, 1, 0, &s, &e) == -1,
          "an even torus radix: %s", e.msg);
    r = 0;
    CHECK(net_prototype(NET_DRAGONFLY, 46656, &r, 64, 0, &s, &e) == 0 &&
              r == 48 && s.df.groups == 240 && s.df.routers == 24 &&
              s.df.chassis == 1 && s.df.nodes_per_router == 8 &&
              s.df.global_per_pair == 1,
          "dragonfly: radix 6 ceil((46656/18)^(1/4)) = 48, 240 groups x 24 "
          "routers x 8 nodes");
    CHECK(fabs(s.df.bw_global - 1.6 * 12.5e9) < 1 && s.df.bw_row == 12.5e9,
          "10 global links of 16: 60%% faster");
    r = 42;
    net_prototype(NET_DRAGONFLY, 1000000, &r, 1, 0, &s, &e);
    CHECK(s.df.groups == 21 * 14 + 1 && s.df.routers == 21 &&
              s.df.nodes_per_router == 7 && s.df.bw_global == 12.5e9,
          "radix 42, more nodes than it holds: the full 295 groups (43,365 "
          "nodes, the thesis's ~43K)");
    r = 50;
    CHECK(net_prototype(NET_DRAGONFLY, 1000, &r, 1, 0, &s, &e) == -1,
          "a dragonfly radix not a multiple of 6: %s", e.msg);
    r = 0;
    CHECK(net_prototype(NET_FATTREE, 46656, &r, 64, 0, &s, &e) == 0 &&
              r == 72 && s.ft.k == 72 && s.ft.levels == 3,
          "fat-tree: radix 2 ceil(46656^(1/3)) = 72, 3 levels");
    r = 0;
    net_prototype(NET_FATTREE, 10000, &r, 1, 0, &s, &e);
    CHECK(r == 44 && s.ft.k == 44, "10,000 nodes: 2 x 22 = 44");
    CHECK(net_prototype(NET_GRAPH, 100, NULL, 1, 0, &s, &e) == -1,
          "not a family with a prototype: %s", e.msg);
}

static void
test_cost(void)
{
    struct net_torus_params tp;
    struct net_fattree_params fp;
    struct net *net;
    struct net_cost c;

    CHECK(net_cost_router(48) == 140.11 * 48 + 646.11 &&
              net_cost_copper(2) == 10.743 * 2 + 56.2 &&
              fabs(net_cost_optical(10) - (2.8 + 57.87 + 340.95)) < 1e-9,
          "Eqs. 6.1-6.3");
    memset(&tp, 0, sizeof tp);
    tp.nd = 2;
    tp.dim[0] = tp.dim[1] = 4;
    tp.wrap[0] = tp.wrap[1] = 1;
    tp.nodes_per_router = tp.cores = 1;
    tp.bw = 1e9;
    net = net_torus_new(&tp, NULL);
    net_cost_estimate(net, 0, &c);
    CHECK(c.routers == 16 && c.radix == 5 && c.ports == 80 && c.links == 64 &&
              c.cables == 32 + 16,
          "a 4x4 torus: 16 routers of 5 ports, 32 cables and 16 node ones");
    CHECK(fabs(c.router_usd - 16 * (140.11 * 5 + 646.11)) < 1e-6 &&
              c.cable_usd == 0 && c.usd == c.router_usd,
          "one cabinet: backplane only; 1 GB/s links at the list price");
    net_free(net);
    tp.bw = 12.5e9;
    net = net_torus_new(&tp, NULL);
    net_cost_estimate(net, 13, &c);
    CHECK(c.radix == 13 &&
              fabs(c.router_usd - 2 * 16 * (140.11 * 13 + 646.11)) < 1e-6,
          "100 Gbps routers cost twice; priced at the design radix 13");
    net_free(net);
    memset(&fp, 0, sizeof fp);
    fp.k = 4;
    fp.levels = 3;
    fp.cores = 1;
    fp.bw = 1e9;
    net = net_fattree_new(&fp, NULL);
    net_cost_estimate(net, 0, &c);
    CHECK(c.routers == 10 && c.radix == 4 && c.links == 32 &&
              c.cables == 16 + 8,
          "k = 4: 10 switches of 4 ports, 16 cables and 8 to nodes");
    CHECK(c.cable_usd >= 8 * net_cost_copper(2) + 16 * net_cost_copper(1),
          "node cables are 2 m of copper, switch cables at least 1 m");
    net_free(net);
}

/* The three Ch. 6 designs of 46,656 nodes priced: routers by hand
   (46,656 x 2 (140.11 x 13 + 646.11), 5,760 x 2 (140.11 x 48 + 646.11),
   3,240 x 2 (140.11 x 72 + 646.11)); the shares rho-model(7) quotes. */
static void
test_ch6_costs(void)
{
    static const int fam[3] = {NET_TORUS, NET_DRAGONFLY, NET_FATTREE};
    static const double routers_usd[3] = {230251093.4, 84918412.8, 69556514.4};
    struct net_cost c[3];

    for (int i = 0; i < 3; i++) {
        struct net_spec s;
        struct net *net;
        int r = 0;
        net_prototype(fam[i], 46656, &r, 1, 0, &s, NULL);
        net = net_new(&s, NULL);
        net_cost_estimate(net, r, &c[i]);
        CHECK(fabs(c[i].router_usd - routers_usd[i]) < 1,
              "family %d: routers $%.1f", fam[i], c[i].router_usd);
        net_free(net);
    }
    CHECK(c[0].routers == 46656 && c[1].routers == 5760 && c[2].routers == 3240,
          "46,656, 5,760 and 3,240 routers");
    CHECK(fabs(c[0].router_usd / c[0].usd - 0.77) < 0.005 &&
              fabs(c[1].router_usd / c[1].usd - 0.79) < 0.005,
          "routers are 77%% of the torus, 79%% of the dragonfly (%.3f, %.3f)",
          c[0].router_usd / c[0].usd, c[1].router_usd / c[1].usd);
    CHECK(fabs(c[0].usd / c[2].usd - 2.6) < 0.05 && c[1].usd < c[2].usd,
          "the torus 2.6 times the fat-tree (%.3f); the dragonfly cheaper",
          c[0].usd / c[2].usd);
}

int
main(void)
{
    test_prototypes();
    test_cost();
    test_ch6_costs();
    TEST_DONE();
}
