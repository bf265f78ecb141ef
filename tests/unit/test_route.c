/*
 * test_route: path sets per family -- DOR and its tie rule, every minimal
 * path of a torus (the counting recurrence against explicit enumeration),
 * dragonfly L1*-L2-L1* and Valiant paths (from tables, and left out where
 * liveness bounds rule them out), fat-tree up/down, tree and graph
 * shortest paths, injection links.
 */
#include "core/net/route.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* The vertex a message starts from / ends at. */
static int
v_of(const struct net *net, int e, int start)
{
    int l = start ? net_inj_link(net, e) : net_ej_link(net, e);

    if (l >= 0)
        return start ? net_link_src(net, l) : net_link_dst(net, l);
    return net_endpoint_router(net, e);
}

/* A path is connected, from s to d. */
static int
path_ok(const struct net *net, int s, int d, const int *l, int n)
{
    int v = v_of(net, s, 1);

    for (int i = 0; i < n; i++) {
        if (l[i] < 0 || l[i] >= net_links(net) || net_link_src(net, l[i]) != v)
            return 0;
        v = net_link_dst(net, l[i]);
    }
    return v == v_of(net, d, 0);
}

static struct net *
torus(int nd, const int *dims, int inj)
{
    struct net_torus_params p;

    memset(&p, 0, sizeof p);
    p.nd = nd;
    for (int k = 0; k < nd; k++) {
        p.dim[k] = dims[k];
        p.wrap[k] = 1;
    }
    p.nodes_per_router = inj ? 2 : 1;
    p.cores = 1;
    p.bw = 1;
    p.inj_bw = inj ? 1 : 0;
    return net_torus_new(&p, NULL);
}

static int
at(const struct net *net, int x, int y)
{
    int c[2] = {x, y};

    return net_torus_router(net, c);
}

static void
test_dor(void)
{
    int d4[1] = {4}, d44[2] = {4, 4}, links[64], n;
    struct net *net = torus(1, d4, 0);
    struct route *rt = route_new(net);

    n = route_path(rt, 0, 2, ROUTE_ONE, 0, links);
    CHECK(n == 2 && net_link_dst(net, links[0]) == 1,
          "ring of 4, 0 -> 2: a tie goes the + way (0,1,2)");
    n = route_path(rt, 0, 3, ROUTE_ONE, 0, links);
    CHECK(n == 1 && net_link_dst(net, links[0]) == 3, "0 -> 3 goes -1 way");
    CHECK(route_count(rt, 0, 2, ROUTE_ALL) == 2, "ALL: both ways at a tie");
    route_free(rt);
    net_free(net);

    net = torus(2, d44, 0);
    rt = route_new(net);
    n = route_path(rt, at(net, 0, 0), at(net, 2, 3), ROUTE_ONE, 0, links);
    CHECK(n == 3, "(0,0) -> (2,3): 3 hops (got %d)", n);
    CHECK(net_link_dst(net, links[0]) == at(net, 1, 0) &&
              net_link_dst(net, links[1]) == at(net, 2, 0) &&
              net_link_dst(net, links[2]) == at(net, 2, 3),
          "first dimension first (+ at the tie), then y the short way");
    CHECK(route_max_hops(rt) == 8, "max hops 2*(2+2)");
    route_free(rt);
    net_free(net);
}

static void
test_torus_all(void)
{
    int d5[2] = {5, 5}, d6[3] = {6, 4, 5}, links[64], ok = 1, okv = 1;
    struct net *net = torus(2, d5, 0);
    struct route *rt = route_new(net);
    const struct route_share *sh;
    double npaths, *ref;
    int n, ml;
    struct rng g;

    CHECK(route_count(rt, at(net, 0, 0), at(net, 2, 1), ROUTE_ALL) == 3,
          "3 minimal paths across a 2x1 box");
    n = route_shares(rt, at(net, 0, 0), at(net, 2, 1), ROUTE_ALL, &sh, &npaths,
                     &ml);
    {
        double f00 = 0, f01 = 0, sum = 0;
        int lx = net_find_link(net, at(net, 0, 0), at(net, 1, 0));
        int ly = net_find_link(net, at(net, 0, 0), at(net, 0, 1));
        for (int i = 0; i < n; i++) {
            sum += sh[i].frac;
            if (sh[i].link == lx)
                f00 = sh[i].frac;
            if (sh[i].link == ly)
                f01 = sh[i].frac;
        }
        CHECK_NEAR(f00, 2.0 / 3, 1e-12, "(0,0)->(1,0) carries 2/3");
        CHECK_NEAR(f01, 1.0 / 3, 1e-12, "(0,0)->(0,1) carries 1/3");
        CHECK_NEAR(sum, 3, 1e-12, "fractions sum to the hop count");
        CHECK(ml == 3 && npaths == 3, "max length 3, 3 paths");
    }
    route_free(rt);
    net_free(net);

    /* reference: the recurrence equals explicit enumeration, with ties */
    net = torus(3, d6, 0);
    rt = route_new(net);
    ref = calloc((size_t)net_links(net), sizeof(double));
    rng_init(&g, 7);
    for (int t = 0; t < 40; t++) {
        int s = (int)rng_below(&g, (uint64_t)net_routers(net));
        int d = (int)rng_below(&g, (uint64_t)net_routers(net));
        double c = route_count(rt, s, d, ROUTE_ALL);
        memset(ref, 0, (size_t)net_links(net) * sizeof(double));
        for (long long i = 0; i < (long long)c; i++) {
            int len = route_path(rt, s, d, ROUTE_ALL, i, links);
            okv &= len >= 0 && path_ok(net, s, d, links, len);
            for (int j = 0; j < len; j++)
                ref[links[j]] += 1 / c;
        }
        n = route_shares(rt, s, d, ROUTE_ALL, &sh, NULL, NULL);
        for (int i = 0; i < n; i++) {
            ok &= fabs(ref[sh[i].link] - sh[i].frac) < 1e-12;
            ref[sh[i].link] = 0;
        }
        for (int l = 0; l < net_links(net); l++)
            ok &= fabs(ref[l]) < 1e-12;
    }
    CHECK(okv, "every indexed path of a 6x4x5 torus is a valid path");
    CHECK(ok, "even split by recurrence == explicit enumeration (40 pairs)");
    free(ref);
    /* random minimal paths are minimal and valid */
    ok = 1;
    for (int t = 0; t < 200; t++) {
        int s = (int)rng_below(&g, (uint64_t)net_routers(net));
        int d = (int)rng_below(&g, (uint64_t)net_routers(net));
        int one = route_path(rt, s, d, ROUTE_ONE, 0, links);
        int len = route_random(rt, s, d, ROUTE_ALL, &g, links);
        ok &= len == one && path_ok(net, s, d, links, len);
        len = route_valiant(rt, s, d, ROUTE_ONE, &g, links);
        ok &= len <= route_max_hops(rt) && path_ok(net, s, d, links, len);
    }
    CHECK(ok, "random minimal and Valiant paths are valid");
    route_free(rt);
    net_free(net);
}

static struct net *
dragonfly(int groups, int chassis, int routers, int inj)
{
    struct net_dragonfly_params p;

    memset(&p, 0, sizeof p);
    p.groups = groups;
    p.chassis = chassis;
    p.routers = routers;
    p.nodes_per_router = 1;
    p.cores = 1;
    p.global_per_pair = 1;
    p.bw_row = p.bw_col = p.bw_global = 1;
    p.inj_bw = inj;
    return net_dragonfly_new(&p, NULL);
}

static void
test_dragonfly(void)
{
    struct net *net = dragonfly(7, 3, 4, 0);
    struct route *rt = route_new(net);
    const struct route_set *set;
    int links[64], n, ok = 1;
    struct rng g;
    int R = 12;

    /* inside a group */
    CHECK(route_count(rt, 0, 3, ROUTE_MIN) == 1 &&
              route_path(rt, 0, 3, ROUTE_MIN, 0, links) == 1,
          "same chassis: one row hop");
    CHECK(strcmp(net_class_name(net, net_link_class(net, links[0])),
                 "L1-row") == 0,
          "it is a row link");
    CHECK(route_path(rt, 1, 9, ROUTE_MIN, 0, links) == 1 &&
              strcmp(net_class_name(net, net_link_class(net, links[0])),
                     "L1-col") == 0,
          "same slot: one column hop");
    n = route_paths(rt, 0, 9, ROUTE_MIN, 64, &set);
    CHECK(n == 2 && set->off[1] == 2 && set->off[2] == 4,
          "otherwise two 2-hop paths");
    CHECK(net_link_dst(net, set->links[0]) == 1 &&
              net_link_dst(net, set->links[2]) == 8,
          "row first, then column first");
    /* across groups: router 0 of g0 to router 5 of g2 */
    n = route_paths(rt, 0, 2 * R + 5, ROUTE_MIN, 64, &set);
    {
        int l2 = net_df_global(net, 0, 2, 0), has = 1;
        for (int i = 0; i < n; i++) {
            int f = 0;
            for (int k = set->off[i]; k < set->off[i + 1]; k++)
                f |= set->links[k] == l2;
            has &= f && path_ok(net, 0, 2 * R + 5, set->links + set->off[i],
                                set->off[i + 1] - set->off[i]);
        }
        /* gateway 2 (chassis 0, slot 2): one row hop; landing 0 of g2 to
           5 (chassis 1, slot 1): two ways */
        CHECK(n == 2 && has, "0 -> g2.r5: 2 paths through L2 0->2 (got %d)", n);
        CHECK(set->off[1] == 4, "1 row + L2 + 2 hops");
    }
    rng_init(&g, 3);
    for (int t = 0; t < 500; t++) {
        int s = (int)rng_below(&g, 84), d = (int)rng_below(&g, 84), len;
        len = route_random(rt, s, d, ROUTE_MIN, &g, links);
        ok &= len <= 5 && path_ok(net, s, d, links, len);
        len = route_valiant(rt, s, d, ROUTE_MIN, &g, links);
        ok &= len <= 10 && path_ok(net, s, d, links, len);
    }
    CHECK(ok, "random minimal paths <= 5 hops, Valiant <= 10, all valid");
    route_free(rt);
    net_free(net);

    /* with injection links: +2, and same-router pairs use inj+ej */
    net = dragonfly(3, 2, 2, 5);
    rt = route_new(net);
    n = route_path(rt, 0, 5, ROUTE_ONE, 0, links);
    CHECK(n >= 3 && links[0] == net_inj_link(net, 0) &&
              links[n - 1] == net_ej_link(net, 5) &&
              path_ok(net, 0, 5, links, n),
          "injection and ejection links wrap the path");
    CHECK(route_max_hops(rt) == 12, "max hops 10 + 2");
    route_free(rt);
    net_free(net);
}

/* A dragonfly's table of intra-group segments gives what is computed hop
   by hop (route_plain()): every path by index, every random minimal and
   Valiant path from the same numbers (the generator left alike), on
   groups of 1x4, 3x4 (Jain Sec. 3.2.4's) and 6x16 routers (the thesis's),
   with and without injection links. */
/* The same path (or the same failure) twice. */
static int
same_path(int na, const int *a, int nb, const int *b)
{
    return na == nb && (na <= 0 || memcmp(a, b, sizeof(int) * (size_t)na) == 0);
}

static int
table_matches(struct net *net, int trials)
{
    struct route *rt = route_new(net), *plain = route_new(net);
    int ne = net_endpoints(net), W = route_max_hops(rt), ok = 1;
    int *a = malloc(sizeof(int) * (size_t)W),
        *b = malloc(sizeof(int) * (size_t)W);
    static const int modes[3] = {ROUTE_MIN, ROUTE_ALL, ROUTE_ONE};
    struct rng r;

    route_plain(plain);
    rng_init(&r, 5);
    for (int t = 0; t < trials && ok; t++) {
        int s = (int)rng_below(&r, (uint64_t)ne);
        int d = (int)rng_below(&r, (uint64_t)ne);
        int mode = modes[t % 3], na, nb;
        double c = route_count(rt, s, d, mode);
        struct rng g1, g2;
        ok &= c == route_count(plain, s, d, mode);
        for (long long i = 0; i < (long long)c && ok; i++) {
            na = route_path(rt, s, d, mode, i, a);
            nb = route_path(plain, s, d, mode, i, b);
            ok &= same_path(na, a, nb, b);
        }
        rng_init(&g1, (uint64_t)t + 1);
        g2 = g1;
        na = route_random(rt, s, d, mode, &g1, a);
        nb = route_random(plain, s, d, mode, &g2, b);
        ok &= same_path(na, a, nb, b);
        na = route_valiant(rt, s, d, mode, &g1, a);
        nb = route_valiant(plain, s, d, mode, &g2, b);
        ok &= same_path(na, a, nb, b) &&
              path_ok(net, s, d, a, na > 0 ? na : 0) &&
              memcmp(&g1, &g2, sizeof g1) == 0;
    }
    free(a);
    free(b);
    route_free(rt);
    route_free(plain);
    return ok;
}

static void
test_dragonfly_table(void)
{
    static const int shape[4][4] = {
        {9, 1, 4, 0}, {31, 3, 4, 0}, {7, 3, 4, 1}, {5, 6, 16, 0}};

    for (int k = 0; k < 4; k++) {
        struct net *net =
            dragonfly(shape[k][0], shape[k][1], shape[k][2], shape[k][3]);
        CHECK(table_matches(net, 4000),
              "%dx%dx%d dragonfly%s: the segment table's paths are the "
              "computed ones",
              shape[k][0], shape[k][1], shape[k][2],
              shape[k][3] ? " with injection links" : "");
        net_free(net);
    }
}

/* route_draw_live() against route_draw_pad(): the generator left alike,
   every path it does not mark dead written entry for entry as
   route_draw_pad() writes it (with the same length), every path it marks
   dead one that crosses a link that is not usable -- on random sets of
   usable links, with and without injection links; and without bounds
   route_draw_pad() itself. Returns 0 on a mismatch; *ndead counts the
   dead paths. */
static int
live_draw_matches(struct net *net, double pdead, int trials, long long *ndead)
{
    struct route *rt = route_new(net);
    struct route_live *lv = route_live_new(net);
    int nl = net_links(net), ne = net_endpoints(net), ok = lv != NULL;
    int W = route_max_hops(rt), Wd = route_max_min_hops(rt);
    float *v = malloc(sizeof(float) * (size_t)(nl + 1));
    int *a = malloc(sizeof(int) * (size_t)(6 * W)), la[6];
    int *b = malloc(sizeof(int) * (size_t)(6 * W)), lb[6];
    unsigned char dead[6];
    struct rng r;

    rng_init(&r, 17);
    for (int l = 0; l < nl; l++)
        v[l] = rng_double(&r) < pdead ? -1.0f : 1.0f;
    v[nl] = INFINITY;
    route_live_update(lv, v, 0, 1);
    for (int t = 0; t < trials && ok; t++) {
        int s = (int)rng_below(&r, (uint64_t)ne);
        int d = (int)rng_below(&r, (uint64_t)ne);
        int nd = (int)rng_below(&r, 3), np = nd + 1 + (int)rng_below(&r, 3);
        int mode = rng_below(&r, 2) ? ROUTE_MIN : ROUTE_ALL, off = 0;
        struct rng g1, g2;
        rng_init(&g1, (uint64_t)t * 5 + 3);
        g2 = g1;
        ok &= route_draw_pad(rt, s, d, mode, nd, np, &g1, a, la, nl) == 0 &&
              route_draw_live(rt, t % 7 ? lv : NULL, s, d, mode, nd, np, &g2, b,
                              lb, nl, dead) == 0 &&
              memcmp(&g1, &g2, sizeof g1) == 0;
        for (int i = 0; i < np && ok; i++) {
            int w = i < nd ? Wd : W, usable = 1;
            for (int j = 0; j < w; j++)
                usable &= v[a[off + j]] >= 0;
            if (dead[i]) {
                ok &= !usable && t % 7 != 0;
                (*ndead)++;
            } else
                ok &= memcmp(a + off, b + off, sizeof(int) * (size_t)w) == 0 &&
                      la[i] == lb[i];
            off += w;
        }
    }
    free(v);
    free(a);
    free(b);
    route_live_free(lv);
    route_free(rt);
    return ok;
}

/* route_live_mark() then route_live_update() (only the groups a changed
   link touches made again) rules out what an update of every group does:
   rounds that make links of one or two groups unusable, and one that
   makes some usable again; every pair of endpoints after each round.
   Returns 0 on a mismatch; *out counts the pairs ruled out. */
static int
live_marked_matches(struct net *net, long long *out)
{
    struct route_live *inc = route_live_new(net), *all = route_live_new(net);
    int nl = net_links(net), ne = net_endpoints(net), nr = net_routers(net);
    int G = net_dragonfly(net)->groups, R = nr / G, ok = inc && all;
    const int *src = net_link_srcs(net);
    float *v = malloc(sizeof(float) * (size_t)(nl + 1));
    struct rng r;

    rng_init(&r, 23);
    for (int l = 0; l < nl; l++)
        v[l] = 1.0f;
    v[nl] = INFINITY;
    for (int round = 0; round < 8 && ok; round++) {
        int g1 = (int)rng_below(&r, (uint64_t)G), g2 = round % 3 ? g1 : 0;
        for (int l = 0; l < nl; l++) {
            int g = src[l] < nr ? src[l] / R : -1;
            if (round == 5 && v[l] < 0 && rng_below(&r, 2))
                v[l] = 1.0f; /* (usable again) */
            else if ((g == g1 || g == g2) && rng_double(&r) < 0.3)
                v[l] = -1.0f;
        }
        route_live_mark(inc, v);
        for (int part = 0; part < 3; part++) {
            route_live_update(inc, v, part, 3);
            route_live_update(all, v, part, 3);
        }
        for (int a = 0; a < ne; a++)
            for (int b = 0; b < ne; b++) {
                int x = route_live_may(inc, a, b);
                ok &= x == route_live_may(all, a, b);
                *out += !x;
            }
    }
    free(v);
    route_live_free(inc);
    route_live_free(all);
    return ok;
}

static void
test_dragonfly_live(void)
{
    static const int shape[4][4] = {
        {9, 1, 4, 0}, {31, 3, 4, 0}, {7, 3, 4, 1}, {5, 6, 16, 0}};
    static const double pdead[3] = {0.02, 0.1, 0.3};

    for (int k = 0; k < 4; k++) {
        struct net *net =
            dragonfly(shape[k][0], shape[k][1], shape[k][2], shape[k][3]);
        for (int q = 0; q < 3; q++) {
            long long ndead = 0;
            int ok = live_draw_matches(net, pdead[q], 3000, &ndead);
            CHECK(ok && (pdead[q] < 0.1 || ndead > 0),
                  "%dx%dx%d dragonfly%s, %g of the links unusable: "
                  "route_draw_live() draws route_draw_pad()'s paths and "
                  "leaves out only blocked ones (%lld)",
                  shape[k][0], shape[k][1], shape[k][2],
                  shape[k][3] ? " with injection links" : "", pdead[q], ndead);
        }
        {
            long long out = 0;
            int ok = live_marked_matches(net, &out);
            CHECK(ok && out > 0,
                  "%dx%dx%d dragonfly%s: bounds made again for the groups "
                  "whose links changed rule out what bounds made in full "
                  "do (%lld pairs ruled out)",
                  shape[k][0], shape[k][1], shape[k][2],
                  shape[k][3] ? " with injection links" : "", out);
        }
        net_free(net);
    }
}

static void
test_fattree(void)
{
    struct net_fattree_params p;
    struct net *net;
    struct route *rt;
    const struct route_share *sh;
    int links[16], n, ok = 1;
    double np;

    memset(&p, 0, sizeof p);
    p.k = 4;
    p.levels = 3;
    p.cores = 1;
    p.bw = 1;
    net = net_fattree_new(&p, NULL);
    rt = route_new(net);
    /* nodes 0,1 on leaf 0; node 2 on leaf 1; node 7 on leaf 3 */
    CHECK(route_count(rt, 0, 1, ROUTE_MIN) == 0, "same leaf: no link");
    CHECK(route_count(rt, 0, 2, ROUTE_MIN) == 2, "leaf 0 -> 1: 2 paths");
    CHECK(route_count(rt, 0, 7, ROUTE_MIN) == 4, "leaf 0 -> 3: 4 paths");
    for (int i = 0; i < 4; i++) {
        n = route_path(rt, 0, 7, ROUTE_MIN, i, links);
        ok &= n == 4 && path_ok(net, 0, 7, links, n);
    }
    CHECK(ok, "4 paths of 4 hops, up to a top switch and down");
    n = route_path(rt, 0, 7, ROUTE_ONE, 0, links);
    CHECK(n == 4 && net_link_dst(net, links[0]) == 4 + 1,
          "d-mod-k: up-port = digit 0 of leaf 3 = 1");
    n = route_shares(rt, 0, 7, ROUTE_MIN, &sh, &np, NULL);
    {
        double sum = 0;
        int ok2 = 1;
        for (int i = 0; i < n; i++) {
            sum += sh[i].frac;
            if (net_link_src(net, sh[i].link) == 0)
                ok2 &= fabs(sh[i].frac - 0.5) < 1e-15;
            if (net_link_src(net, sh[i].link) >= 8)
                ok2 &= fabs(sh[i].frac - 0.25) < 1e-15;
        }
        CHECK(n == 12 && np == 4, "12 links used by the 4 paths");
        CHECK(ok2 && fabs(sum - 4) < 1e-12,
              "ECMP: leaf up-links 1/2, top links 1/4; sum = 4 hops");
    }
    route_free(rt);
    net_free(net);
}

static void
test_tree_graph(void)
{
    int parent[5] = {-1, 0, 0, 1, 1}, links[16], n;
    struct net *net = net_tree_new(5, parent, NULL, 1, NULL, NULL);
    struct route *rt = route_new(net);
    const struct route_share *sh;
    struct net_spec s;
    double np;

    n = route_path(rt, 3, 2, ROUTE_MIN, 0, links);
    CHECK(n == 3 && links[0] == net_tree_up_link(net, 3) &&
              links[1] == net_tree_up_link(net, 1) &&
              links[2] == net_tree_down_link(net, 2),
          "tree: 3 up to the root, down to 2");
    n = route_path(rt, 3, 4, ROUTE_MIN, 0, links);
    CHECK(n == 2 && links[1] == net_tree_down_link(net, 4), "siblings");
    route_free(rt);
    net_free(net);

    net_preset("tca-8", &s, NULL);
    net = net_new(&s, NULL);
    rt = route_new(net);
    /* n0.gpu0 (endpoint 0) -> n2.gpu0 (endpoint 10) */
    CHECK(route_count(rt, 0, 10, ROUTE_MIN) == 2,
          "TCA ring of 4: two shortest ways to the opposite node");
    n = route_path(rt, 0, 10, ROUTE_ONE, 0, links);
    CHECK(n == 6 && path_ok(net, 0, 10, links, n) &&
              strcmp(net_class_name(net, net_link_class(net, links[2])),
                     "ring +") == 0,
          "the first path takes ring + (gpu, cpu0, peach2, 2 ring hops...)");
    n = route_shares(rt, 0, 10, ROUTE_MIN, &sh, &np, NULL);
    {
        int half = 0, full = 0;
        for (int i = 0; i < n; i++) {
            half += fabs(sh[i].frac - 0.5) < 1e-15;
            full += fabs(sh[i].frac - 1) < 1e-15;
        }
        CHECK(half == 4 && full == 4, "split: 4 ring links at 1/2, 4 PCIe "
                                      "links at 1");
    }
    CHECK(route_count(rt, 0, 1, ROUTE_MIN) == 1 &&
              route_path(rt, 0, 1, ROUTE_MIN, 0, links) == 2,
          "gpu0 -> gpu1 of a node: through cpu0");
    CHECK(route_path(rt, 0, 2, ROUTE_MIN, 0, links) == 3,
          "gpu0 -> gpu2: across QPI");
    route_free(rt);
    net_free(net);
    CHECK(route_mode_parse("DOR") == ROUTE_ONE &&
              route_mode_parse("all") == ROUTE_ALL &&
              route_mode_parse("x") == -1,
          "mode names");
}

/* Blue Gene/Q's deterministic routing: the longest dimension first, ties
   split over both directions (E's doubled link both ways). */
static void
test_bgq(void)
{
    const int bgq[5] = {4, 4, 4, 4, 2}, odd[3] = {2, 8, 4};
    struct net *net = torus(5, bgq, 0), *o = torus(3, odd, 0);
    struct route *rt = route_new(net), *ro = route_new(o);
    const struct route_share *sh;
    int x[5] = {2, 1, 0, 0, 1}, y[3] = {1, 1, 1}, links[64], n, ok = 1;
    int d = net_torus_router(net, x), k, sign, e_plus = 0, e_minus = 0;
    double np, sum = 0;

    CHECK(route_mode_parse("BGQ") == ROUTE_BGQ, "the mode's name");
    /* (0,0,0,0,0) -> (2,1,0,0,1): A is half way round (a tie), E too */
    CHECK(route_count(rt, 0, d, ROUTE_BGQ) == 4 &&
              route_count(rt, 0, d, ROUTE_ONE) == 1,
          "2 ties: 4 paths (DOR: 1)");
    for (int i = 0; i < 4; i++) {
        n = route_path(rt, 0, d, ROUTE_BGQ, i, links);
        ok &= n == 4 && path_ok(net, 0, d, links, n) &&
              net_torus_link_dim(net, links[0], &sign) == 0 &&
              net_torus_link_dim(net, links[2], &sign) == 1 &&
              net_torus_link_dim(net, links[3], &sign) == 4;
        e_plus += sign > 0;
        e_minus += sign < 0;
    }
    CHECK(ok && e_plus == 2 && e_minus == 2,
          "A, A, B, then E: half the paths take E+, half E-");
    n = route_shares(rt, 0, d, ROUTE_BGQ, &sh, &np, NULL);
    for (int i = 0; i < n; i++) {
        sum += sh[i].frac;
        k = net_torus_link_dim(net, sh[i].link, &sign);
        ok &= (k == 1 && sh[i].frac == 1) || (k != 1 && sh[i].frac == 0.5);
    }
    CHECK(ok && n == 7 && np == 4 && fabs(sum - 4) < 1e-15,
          "shares: B 1, each A link and each E link 1/2; 4 hops in all");
    /* dimension order by length: 8 (dim 1), then 4 (dim 2), then 2 */
    n = route_path(ro, 0, net_torus_router(o, y), ROUTE_BGQ, 0, links);
    CHECK(n == 3 && net_torus_link_dim(o, links[0], &sign) == 1 &&
              net_torus_link_dim(o, links[1], &sign) == 2 &&
              net_torus_link_dim(o, links[2], &sign) == 0,
          "2x8x4: dimension 1, then 2, then 0");
    n = route_path(ro, 0, net_torus_router(o, y), ROUTE_ONE, 0, links);
    CHECK(net_torus_link_dim(o, links[0], &sign) == 0,
          "DOR keeps the first dimension first");
    route_free(rt);
    route_free(ro);
    net_free(net);
    net_free(o);
}

/* route_shares keeps its last answer: asking again, or in between for
   other pairs and modes, gives what a fresh route gives. */
static void
test_shares_memo(void)
{
    struct net_spec sp;
    struct net *net;
    struct route *rt, *fresh;
    const struct route_share *sh, *sf;
    static const int q[][3] = {{0, 100, ROUTE_MIN}, {0, 100, ROUTE_MIN},
                               {0, 100, ROUTE_ONE}, {5, 100, ROUTE_MIN},
                               {0, 100, ROUTE_MIN}, {0, 1, ROUTE_MIN},
                               {0, 1, ROUTE_MIN},   {0, 100, ROUTE_MIN}};
    int ok = 1;

    net_preset("df-small", &sp, NULL);
    net = net_new(&sp, NULL);
    rt = route_new(net);
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
        double c1, c2;
        int m1, m2, n1, n2;
        fresh = route_new(net);
        n1 = route_shares(rt, q[i][0], q[i][1], q[i][2], &sh, &c1, &m1);
        n2 = route_shares(fresh, q[i][0], q[i][1], q[i][2], &sf, &c2, &m2);
        ok &= n1 == n2 && c1 == c2 && m1 == m2;
        for (int k = 0; k < n1 && k < n2; k++)
            ok &= sh[k].link == sf[k].link && sh[k].frac == sf[k].frac;
        route_free(fresh);
    }
    CHECK(ok, "repeated and interleaved route_shares agree with fresh ones");
    route_free(rt);
    net_free(net);
}

int
main(void)
{
    test_shares_memo();
    test_bgq();
    test_dor();
    test_torus_all();
    test_dragonfly();
    test_dragonfly_table();
    test_dragonfly_live();
    test_fattree();
    test_tree_graph();
    TEST_DONE();
}
