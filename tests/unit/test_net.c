/*
 * test_net: the network builders -- sizes, numbering, wiring rules, names,
 * classes and presets, against counts worked out by hand.
 */
#include "core/net/net.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"

static int
class_count(const struct net *net, const char *name)
{
    int c = net_class_find(net, name), n = 0;

    for (int l = 0; l < net_links(net); l++)
        n += net_link_class(net, l) == c;
    return n;
}

static int
csr_ok(const struct net *net)
{
    for (int v = 0; v < net_vertices(net); v++)
        for (int l = net_out_begin(net, v); l < net_out_end(net, v); l++)
            if (net_link_src(net, l) != v)
                return 0;
    return net_out_end(net, net_vertices(net) - 1) == net_links(net);
}

static struct net *
torus2(int a, int b, int wa, int wb)
{
    struct net_torus_params p;

    memset(&p, 0, sizeof p);
    p.nd = 2;
    p.dim[0] = a;
    p.dim[1] = b;
    p.wrap[0] = wa;
    p.wrap[1] = wb;
    p.nodes_per_router = 1;
    p.cores = 1;
    p.bw = 1e9;
    return net_torus_new(&p, NULL);
}

static void
test_torus(void)
{
    struct net_torus_params p;
    struct net *net = torus2(5, 5, 1, 1);
    char b[NET_NAME_MAX];
    int x[3];

    CHECK(net != NULL, "5x5 torus builds");
    CHECK(net_routers(net) == 25 && net_links(net) == 100,
          "5x5 torus: 25 routers, 100 links (got %d, %d)", net_routers(net),
          net_links(net));
    CHECK(csr_ok(net), "links are sorted by source (CSR)");
    net_torus_coords(net, 17, x);
    CHECK(x[0] == 2 && x[1] == 3, "router 17 = (2,3): first dim fastest");
    x[0] = 4;
    x[1] = 1;
    CHECK(net_torus_router(net, x) == 9, "(4,1) = 4 + 5*1 = 9");
    CHECK(net_link_dst(net, net_torus_link(net, 9, 0, 1)) == 5,
          "(4,1) +x wraps to (0,1) = 5");
    CHECK(net_link_dst(net, net_torus_link(net, 5, 0, -1)) == 9,
          "(0,1) -x wraps to (4,1)");
    CHECK(net_link_dst(net, net_torus_link(net, 7, 1, 1)) == 12,
          "(2,1) +y is (2,2) = 12");
    CHECK_STR(net_link_name(net, net_torus_link(net, 7, 0, 1), b, sizeof b),
              "(2,1)->(3,1)", "link name");
    CHECK_STR(
        net_class_name(net, net_link_class(net, net_torus_link(net, 7, 1, -1))),
        "dim 1 -", "class of a -y link");
    CHECK(net_class_count(net) == 4, "4 classes (dim 0 +/-, dim 1 +/-)");
    CHECK(net_ref(net) == net, "net_ref returns the net");
    net_free(net); /* drops the extra reference only */
    CHECK(net_links(net) == 100, "still alive after one of two frees");
    CHECK(net_find_link(net, 7, 8) == net_torus_link(net, 7, 0, 1),
          "find_link");
    CHECK(net_find_link(net, 7, 13) == -1, "no diagonal link");
    {
        int sign,
            k = net_torus_link_dim(net, net_torus_link(net, 3, 1, -1), &sign);
        CHECK(k == 1 && sign == -1, "link dim/sign round trip");
    }
    net_free(net);

    /* 3D numbering id = x1 + d1*(x2 + d2*x3) */
    memset(&p, 0, sizeof p);
    p.nd = 3;
    p.dim[0] = 3;
    p.dim[1] = 4;
    p.dim[2] = 5;
    p.wrap[0] = p.wrap[1] = p.wrap[2] = 1;
    p.nodes_per_router = 2;
    p.cores = 3;
    p.bw = 1;
    net = net_torus_new(&p, NULL);
    x[0] = 1;
    x[1] = 2;
    x[2] = 3;
    CHECK(net_torus_router(net, x) == 1 + 3 * (2 + 4 * 3),
          "3D numbering: (1,2,3) = 43");
    CHECK(net_endpoints(net) == 120 && net_slots(net) == 360,
          "2 nodes per router, 3 cores: 120 endpoints, 360 slots");
    CHECK(net_endpoint_router(net, 87) == 43, "endpoint 87 on router 43");
    CHECK_STR(net_endpoint_name(net, 87, (char[NET_NAME_MAX]){0}, NET_NAME_MAX),
              "(1,2,3).n1", "endpoint name");
    {
        int first, c = net_router_endpoints(net, 43, &first);
        CHECK(c == 2 && first == 86, "router 43 has endpoints 86, 87");
    }
    net_free(net);

    /* mesh: no links past the edges */
    net = torus2(4, 4, 0, 0);
    CHECK(net_links(net) == 48, "4x4 mesh: 48 links (got %d)", net_links(net));
    CHECK(net_torus_link(net, 3, 0, 1) == -1, "(3,0) has no +x link");
    CHECK(net_torus_link(net, 4, 0, -1) == -1, "(0,1) has no -x link");
    CHECK(net_torus_link(net, 3, 0, -1) >= 0, "(3,0) has a -x link");
    net_free(net);

    /* errors */
    memset(&p, 0, sizeof p);
    p.nd = 0;
    {
        struct rho_err e;
        CHECK(net_torus_new(&p, &e) == NULL && e.code == RHO_EINPUT,
              "0 dimensions is an error: %s", e.msg);
        p.nd = 1;
        p.dim[0] = 0;
        p.nodes_per_router = p.cores = 1;
        p.bw = 1;
        CHECK(net_torus_new(&p, &e) == NULL &&
                  strstr(e.msg, "dimension 0 has size 0") != NULL,
              "size 0 is an error: %s", e.msg);
    }
}

static void
test_bgq(void)
{
    struct net_spec s;
    struct net *net;
    char b[NET_NAME_MAX];
    int x[5] = {0, 0, 0, 0, 0}, r0, l;

    CHECK(net_preset("bgq-512", &s, NULL) == 0, "preset bgq-512");
    net = net_new(&s, NULL);
    CHECK(net_routers(net) == 512, "512 nodes");
    CHECK(net_out_end(net, 0) - net_out_begin(net, 0) == 10,
          "each node has 10 links (two per A..E)");
    CHECK(net_links(net) == 5120, "5120 links");
    r0 = net_torus_router(net, x);
    x[4] = 1;
    l = net_torus_link(net, r0, 4, 1);
    CHECK(net_link_dst(net, l) == net_torus_router(net, x) &&
              net_link_dst(net, net_torus_link(net, r0, 4, -1)) ==
                  net_torus_router(net, x),
          "E+ and E- join the same pair of nodes");
    CHECK_STR(net_link_name(net, l, b, sizeof b),
              "(0,0,0,0,0)->(0,0,0,0,1) (E+)", "doubled E link name");
    CHECK_STR(net_link_name(net, net_torus_link(net, r0, 4, -1), b, sizeof b),
              "(0,0,0,0,0)->(0,0,0,0,1) (E-)", "the other E link");
    CHECK_STR(net_class_name(net, net_link_class(net, l)), "E +", "class E +");
    CHECK(class_count(net, "D +") == 512, "512 D+ links on a torus");
    net_free(net);

    CHECK(net_preset("bgq-1024", &s, NULL) == 0, "preset bgq-1024");
    net = net_new(&s, NULL);
    CHECK(class_count(net, "D +") == 1024 - 1024 / 8,
          "mesh in D: 896 D+ links (got %d)", class_count(net, "D +"));
    CHECK(class_count(net, "A +") == 1024, "A still wraps");
    net_free(net);

    CHECK(net_preset("bgq-256", &s, NULL) == 0 &&
              (net = net_new(&s, NULL)) != NULL,
          "bgq-256 (E of size 1)");
    CHECK(class_count(net, "E +") == 0 && net_links(net) == 256 * 8,
          "E of size 1 has no links");
    net_free(net);
}

static void
test_dragonfly_full(void)
{
    struct net_spec s;
    struct net *net;
    char b[NET_NAME_MAX];
    int ok = 1, g, c, r, nglob[96] = {0};

    CHECK(net_preset("df-thesis", &s, NULL) == 0, "preset df-thesis");
    net = net_new(&s, NULL);
    CHECK(net != NULL, "the 8.8M-core dragonfly builds");
    CHECK(net_routers(net) == 92160, "92,160 routers");
    CHECK(net_endpoints(net) == 368640, "368,640 nodes");
    CHECK(net_slots(net) == 8847360, "8,847,360 cores");
    CHECK(net_links(net) == 2763840, "2,763,840 directed links (got %d)",
          net_links(net));
    CHECK(class_count(net, "L1-row") == 92160 * 15, "L1-row: 15 per router");
    CHECK(class_count(net, "L1-col") == 92160 * 5, "L1-col: 5 per router");
    CHECK(class_count(net, "L2") == 960 * 959, "L2: one per group pair");
    CHECK(csr_ok(net), "CSR order");
    /* wiring rule on samples */
    for (int g1 = 0; g1 < 960; g1 += 37)
        for (int g2 = 0; g2 < 960; g2 += 53) {
            int l = net_df_global(net, g1, g2, 0), a, bb;
            if (g1 == g2) {
                ok &= l == -1;
                continue;
            }
            net_df_coords(net, net_link_src(net, l), &g, &c, &r);
            a = c * 16 + r;
            ok &= g == g1 && a == g2 % 96;
            net_df_coords(net, net_link_dst(net, l), &g, &c, &r);
            bb = c * 16 + r;
            ok &= g == g2 && bb == g1 % 96;
        }
    CHECK(ok, "L2 g1->g2 leaves router g2 mod 96 of g1, lands on g1 mod 96");
    for (int o = 0; o < 96; o++) {
        int rr = 5 * 96 + o;
        for (int l = net_out_begin(net, rr); l < net_out_end(net, rr); l++)
            nglob[o] +=
                strcmp(net_class_name(net, net_link_class(net, l)), "L2") == 0;
    }
    ok = 1;
    for (int o = 0; o < 96; o++)
        ok &= nglob[o] == (o == 5 ? 9 : 10);
    CHECK(ok, "10 global ports per router, 9 on the one of its own slot");
    CHECK_STR(net_link_name(net, net_df_global(net, 3, 7, 0), b, sizeof b),
              "g3.c0.r7->g7.c0.r3", "global link name");
    CHECK_STR(net_vertex_name(net, net_df_router(net, 3, 1, 5), b, sizeof b),
              "g3.c1.r5", "router name");
    CHECK(net_df_gateway(net, 3, 100, 0) == 4 &&
              net_df_landing(net, 3, 100, 0) == 3,
          "gateway 100 mod 96, landing 3 mod 96");
    net_free(net);
}

static void
test_dragonfly_small(void)
{
    struct net_dragonfly_params p;
    struct net *net;
    struct net_spec s;
    struct rho_err e;
    char b[NET_NAME_MAX];

    memset(&p, 0, sizeof p);
    p.groups = 5;
    p.chassis = 2;
    p.routers = 2;
    p.nodes_per_router = 1;
    p.cores = 1;
    p.global_per_pair = 2;
    p.bw_row = p.bw_col = p.bw_global = 1;
    p.inj_bw = 3;
    net = net_dragonfly_new(&p, &e);
    CHECK(net != NULL, "dragonfly with 2 L2 links per pair and injection");
    CHECK(class_count(net, "L2") == 5 * 4 * 2, "40 L2 links");
    CHECK(class_count(net, "injection") == 20 &&
              class_count(net, "ejection") == 20,
          "one injection and one ejection link per node");
    CHECK(net_vertices(net) == 40, "routers + endpoint vertices");
    /* j-th link g1->g2 from router (g2*2 + j) mod 4 */
    {
        int l = net_df_global(net, 1, 3, 1), g, c, r;
        net_df_coords(net, net_link_src(net, l), &g, &c, &r);
        CHECK(g == 1 && c * 2 + r == (3 * 2 + 1) % 4,
              "2nd link 1->3 leaves router 3");
        net_df_coords(net, net_link_dst(net, l), &g, &c, &r);
        CHECK(g == 3 && c * 2 + r == (1 * 2 + 1) % 4, "and lands on router 3");
        CHECK_STR(net_link_name(net, l, b, sizeof b), "g1.c1.r1->g3.c1.r1",
                  "name of the 2nd parallel link (different routers)");
    }
    CHECK(net_link_bw(net, net_inj_link(net, 7)) == 3 &&
              net_link_src(net, net_inj_link(net, 7)) == 20 + 7 &&
              net_link_dst(net, net_ej_link(net, 7)) == 27,
          "injection/ejection links of endpoint 7");
    CHECK_STR(net_link_name(net, net_inj_link(net, 7), b, sizeof b),
              "g1.c1.r1.n0->g1.c1.r1", "injection link name");
    CHECK(csr_ok(net), "CSR with endpoint vertices");
    net_free(net);

    CHECK(net_preset("supernode-ch8", &s, NULL) == 0, "supernode preset");
    net = net_new(&s, NULL);
    CHECK(class_count(net, "L1-row") == 15360 && class_count(net, "L2") == 4032,
          "Ch.8: 15,360 L1 and 4,032 L2 directed links");
    CHECK(class_count(net, "L1-col") == 0, "one chassis: no column links");
    net_free(net);

    p.groups = 0;
    CHECK(net_dragonfly_new(&p, &e) == NULL && e.code == RHO_EINPUT,
          "0 groups is an error");
}

static void
test_fattree(void)
{
    struct net_fattree_params p;
    struct net *net;
    struct rho_err e;
    int idx;

    memset(&p, 0, sizeof p);
    p.k = 4;
    p.levels = 3;
    p.cores = 1;
    p.bw = 1;
    net = net_fattree_new(&p, &e);
    CHECK(net != NULL, "k=4, 3 levels (Jain Fig. 5.2)");
    CHECK(net_routers(net) == 10 && net_endpoints(net) == 8,
          "4 leaves, 4 L1, 2 top switches; 8 nodes");
    CHECK(net_links(net) == 32, "32 links (got %d)", net_links(net));
    CHECK(net_ft_level(net, 9, &idx) == 2 && idx == 1, "router 9 = L2.1");
    /* complete bipartite L0 group {0,1} <-> L1 group {4,5} */
    CHECK(net_find_link(net, 0, 4) >= 0 && net_find_link(net, 0, 5) >= 0 &&
              net_find_link(net, 1, 4) >= 0 && net_find_link(net, 0, 6) < 0,
          "L0 group <-> L1 group is complete bipartite");
    /* top 0 <-> L1 switches 0 and 2 of their level, 2 links each */
    {
        int n04 = 0, n06 = 0, n05 = 0;
        for (int l = net_out_begin(net, 8); l < net_out_end(net, 8); l++) {
            n04 += net_link_dst(net, l) == 4;
            n06 += net_link_dst(net, l) == 6;
            n05 += net_link_dst(net, l) == 5;
        }
        CHECK(n04 == 2 && n06 == 2 && n05 == 0,
              "top switch: two links to one L1 switch of each pod");
    }
    CHECK(class_count(net, "up L1-L2") == 8 &&
              class_count(net, "down L2-L1") == 8,
          "8 up and 8 down top links");
    net_free(net);

    p.k = 72;
    p.levels = 3;
    net = net_fattree_new(&p, &e);
    CHECK(net != NULL && net_endpoints(net) == 46656 &&
              net_routers(net) == 1296 * 2 + 648,
          "Ch.6 fat-tree: radix 72, 46,656 nodes, 3,240 switches");
    net_free(net);

    p.k = 6;
    CHECK(net_fattree_new(&p, &e) == NULL && e.code == RHO_EINPUT,
          "radix 6 with 3 levels is an error: %s", e.msg);
}

static void
test_tree(void)
{
    int parent[5] = {-1, 0, 0, 1, 1};
    const char *names[5] = {"rc", "sw", "gpu0", "gpu1", "gpu2"};
    double lbw[5] = {0, 8, 0, 4, 0};
    struct net *net;
    struct rho_err e;
    char b[NET_NAME_MAX];

    net = net_tree_new(5, parent, names, 16, lbw, &e);
    CHECK(net != NULL, "tree builds");
    CHECK(net_links(net) == 8 && net_endpoints(net) == 5, "8 links");
    CHECK(net_tree_depth(net, 3) == 2 && net_tree_parent(net, 3) == 1,
          "depth and parent");
    CHECK_STR(net_link_name(net, net_tree_up_link(net, 3), b, sizeof b),
              "gpu1->sw", "up link name");
    CHECK(net_link_bw(net, net_tree_down_link(net, 3)) == 4 &&
              net_link_bw(net, net_tree_up_link(net, 2)) == 16,
          "per-node bandwidth, else the default");
    CHECK_STR(
        net_class_name(net, net_link_class(net, net_tree_down_link(net, 4))),
        "down", "class down");
    net_free(net);
    {
        int cyc[3] = {-1, 2, 1}, two[3] = {-1, -1, 0};
        CHECK(net_tree_new(3, cyc, NULL, 1, NULL, &e) == NULL &&
                  strstr(e.msg, "cycle") != NULL,
              "a cycle is an error: %s", e.msg);
        CHECK(net_tree_new(3, two, NULL, 1, NULL, &e) == NULL &&
                  strstr(e.msg, "both roots") != NULL,
              "two roots is an error: %s", e.msg);
    }
}

static void
test_tca(void)
{
    struct net_spec s;
    struct net *net;
    char b[NET_NAME_MAX];
    int p0, p1, p3, p4;

    CHECK(net_preset("tca-8", &s, NULL) == 0, "preset tca-8");
    net = net_new(&s, NULL);
    CHECK(net != NULL && net_vertices(net) == 56 && net_endpoints(net) == 40,
          "8 nodes x 7 vertices, 5 endpoints each");
    p0 = 0 * 7;
    p1 = 1 * 7;
    p3 = 3 * 7;
    p4 = 4 * 7;
    CHECK(net_find_link(net, p0, p1) >= 0 && net_find_link(net, p0, p3) >= 0 &&
              net_find_link(net, p0, p4) >= 0,
          "PEACH2 of node 0: ring E to 1, ring W to 3, S to node 4");
    CHECK(net_out_end(net, p0) - net_out_begin(net, p0) == 4,
          "PEACH2 has 4 out links (N, E, W, S)");
    CHECK(net_graph_hops(net, p0, 2 * 7) == 2 &&
              net_graph_hops(net, p0, 6 * 7) == 3,
          "a 3-cube: 2 hops to the opposite ring node, 3 across");
    CHECK_STR(net_endpoint_name(net, 5 * 1 + 0, b, sizeof b), "n1.gpu0",
              "endpoint name");
    CHECK_STR(
        net_class_name(net, net_link_class(net, net_find_link(net, p0, p1))),
        "ring +", "ring class");
    net_free(net);
}

static void
test_presets(void)
{
    int ok = 1;
    struct net_spec s;
    struct rho_err e;

    for (int i = 0; i < net_preset_count(); i++) {
        struct net *net;
        if (strcmp(net_preset_name(i), "df-thesis") == 0)
            continue; /* built above */
        if (net_preset(net_preset_name(i), &s, &e) != 0 ||
            (net = net_new(&s, &e)) == NULL) {
            ok = 0;
            printf("# preset %s: %s\n", net_preset_name(i), e.msg);
            continue;
        }
        ok &= csr_ok(net) && net_preset_desc(i)[0] != '\0';
        net_free(net);
    }
    CHECK(ok, "every preset builds (%d presets)", net_preset_count());
    CHECK(net_preset("nope", &s, &e) == -1 &&
              strstr(e.msg, "unknown network preset 'nope'") != NULL &&
              strstr(e.msg, "df-thesis") != NULL,
          "unknown preset lists the names");
}

int
main(void)
{
    test_torus();
    test_bgq();
    test_dragonfly_full();
    test_dragonfly_small();
    test_fattree();
    test_tree();
    test_tca();
    test_presets();
    TEST_DONE();
}
