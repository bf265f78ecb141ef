/*
 * test_placement: every scheme on a small machine, with the maps asserted.
 * Dragonfly: 3 groups x 2 chassis x 2 routers, 2 nodes per router, 2
 * cores per node (router r = (g*2 + c)*2 + s; node e = 2r + n).
 */
#include "core/net/placement.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/net/rubik.h"
#include "harness.h"

static struct net *
small_df(void)
{
    struct net_dragonfly_params p;

    memset(&p, 0, sizeof p);
    p.groups = 3;
    p.chassis = 2;
    p.routers = 2;
    p.nodes_per_router = 2;
    p.cores = 2;
    p.global_per_pair = 1;
    p.bw_row = p.bw_col = p.bw_global = 1;
    return net_dragonfly_new(&p, NULL);
}

/* Ranks come in runs of `run` on the same unit of `per` endpoints, the
   endpoints of a unit in order; the units of the runs are a permutation. */
static int
blocked_perm(const struct placement *pl, int n, int cores, int per)
{
    int units = n / cores / per, *seen = calloc((size_t)units, sizeof(int));
    int ok = 1;

    for (int r = 0; r < n; r++) {
        int e = placement_endpoint(pl, r);
        int k = r / cores;        /* k-th node of the order */
        int u = e / per;          /* the unit it is in */
        ok &= e % per == k % per; /* nodes of a unit in order */
        ok &= placement_endpoint(pl, r - r % (cores * per)) / per == u;
        if (r % (cores * per) == 0)
            ok &= !seen[u]++;
    }
    free(seen);
    return ok;
}

static void
test_dragonfly_schemes(void)
{
    struct net *net = small_df();
    struct placement *p, *q;
    int ok = 1;

    p = placement_scheme_new(net, PLACE_LINEAR, 48, 0, NULL);
    for (int r = 0; r < 48; r++)
        ok &= placement_endpoint(p, r) == r / 2;
    CHECK(ok && placement_ranks(p) == 48, "linear: rank r on node r/2");
    placement_free(placement_ref(p));
    CHECK(placement_endpoint(p, 47) == 23, "a reference keeps it alive");
    placement_free(p);

    {
        /* a run's job thread, cancelled: every scheme stops */
        atomic_int up, down;
        struct rho_err err;
        int stops = 1;
        atomic_init(&up, 1);
        atomic_init(&down, 0);
        for (int sc = 0; sc < PLACE_COUNT; sc++) {
            rho_err_clear(&err);
            stops &= placement_scheme_new_stop(net, sc, 48, 7, &up, &err) ==
                         NULL &&
                     err.code == RHO_ECANCEL;
        }
        CHECK(stops, "every scheme with the stop flag up: RHO_ECANCEL");
        p = placement_scheme_new_stop(net, PLACE_RANDOM, 48, 7, &down, &err);
        q = placement_scheme_new(net, PLACE_RANDOM, 48, 7, NULL);
        CHECK(p != NULL && q != NULL &&
                  memcmp(placement_map(p), placement_map(q),
                         48 * sizeof(int)) == 0,
              "with the flag down: placement_scheme_new()'s");
        placement_free(p);
        placement_free(q);
    }

    p = placement_scheme_new(net, PLACE_RDN, 48, 7, NULL);
    CHECK(blocked_perm(p, 48, 2, 1), "RDN: cores of a node consecutive, "
                                     "nodes a permutation");
    q = placement_scheme_new(net, PLACE_RDN, 48, 7, NULL);
    CHECK(memcmp(placement_map(p), placement_map(q), 48 * sizeof(int)) == 0,
          "same seed, same map");
    placement_free(q);
    q = placement_scheme_new(net, PLACE_RDN, 48, 8, NULL);
    CHECK(memcmp(placement_map(p), placement_map(q), 48 * sizeof(int)) != 0,
          "another seed, another map");
    placement_free(q);
    placement_free(p);

    p = placement_scheme_new(net, PLACE_RDR, 48, 7, NULL);
    CHECK(blocked_perm(p, 48, 2, 2), "RDR: 4 ranks per router, routers "
                                     "shuffled");
    placement_free(p);
    p = placement_scheme_new(net, PLACE_RDC, 48, 7, NULL);
    CHECK(blocked_perm(p, 48, 2, 4), "RDC: 8 ranks per chassis");
    placement_free(p);
    p = placement_scheme_new(net, PLACE_RDG, 48, 7, NULL);
    CHECK(blocked_perm(p, 48, 2, 8), "RDG: 16 ranks per group");
    placement_free(p);

    p = placement_scheme_new(net, PLACE_RRN, 48, 0, NULL);
    CHECK(placement_endpoint(p, 0) == 0 && placement_endpoint(p, 1) == 0 &&
              placement_endpoint(p, 2) == 8 && placement_endpoint(p, 4) == 16 &&
              placement_endpoint(p, 6) == 1 && placement_endpoint(p, 47) == 23,
          "RRN: node i div G of group i mod G (0, 8, 16, 1, ...)");
    placement_free(p);
    p = placement_scheme_new(net, PLACE_RRR, 48, 0, NULL);
    CHECK(placement_endpoint(p, 3) == 1 && placement_endpoint(p, 4) == 8 &&
              placement_endpoint(p, 8) == 16 && placement_endpoint(p, 12) == 2,
          "RRR: router i div G of group i mod G, its nodes in order");
    placement_free(p);

    p = placement_scheme_new(net, PLACE_RANDOM, 40, 3, NULL);
    {
        int cnt[24] = {0};
        ok = 1;
        for (int r = 0; r < 40; r++)
            ok &= ++cnt[placement_endpoint(p, r)] <= 2;
        CHECK(ok, "random: no node gets more than its cores");
    }
    placement_free(p);
    /* the random map is the partial Fisher-Yates of the seed's draws, one
       swap after another (the draws made ahead change nothing): 1, 31, 32,
       33, 40 and all 48 ranks */
    {
        static const int sizes[] = {1, 31, 32, 33, 40, 48};
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            int n = sizes[k], s[48], same = 1;
            struct rng g;
            rng_init(&g, 3);
            for (int i = 0; i < 48; i++)
                s[i] = i;
            p = placement_scheme_new(net, PLACE_RANDOM, n, 3, NULL);
            for (int r = 0; r < n; r++) {
                long long j = r + (long long)rng_below(&g, (uint64_t)(48 - r));
                int t = s[r];
                s[r] = s[j];
                s[j] = t;
                same &= placement_endpoint(p, r) == s[r] / 2;
            }
            CHECK(same, "random, %d ranks: the Fisher-Yates map", n);
            placement_free(p);
        }
    }
    {
        struct rho_err e;
        int ep[3] = {5, 5, 5};
        CHECK(placement_scheme_new(net, PLACE_LINEAR, 49, 0, &e) == NULL &&
                  strstr(e.msg, "48 cores") != NULL,
              "more ranks than cores: %s", e.msg);
        CHECK(placement_new(net, 3, ep, &e) == NULL &&
                  strstr(e.msg, "only 2 cores") != NULL,
              "explicit map overfilling a node: %s", e.msg);
        ep[2] = 24;
        CHECK(placement_new(net, 3, ep, &e) == NULL, "endpoint out of range");
        ep[1] = 4;
        ep[2] = 0;
        p = placement_new(net, 3, ep, &e);
        CHECK(p != NULL && placement_endpoint(p, 1) == 4, "explicit map");
        placement_free(p);
    }
    CHECK(placement_scheme_parse("rdg") == PLACE_RDG &&
              placement_scheme_parse("in-order") == PLACE_LINEAR &&
              placement_scheme_parse("xyz") == -1 &&
              strcmp(placement_scheme_name(PLACE_RRN), "RRN") == 0,
          "scheme names");
    net_free(net);
}

static struct net *
torus(int nd, const int *dims, const char *names, int cores)
{
    struct net_torus_params p;

    memset(&p, 0, sizeof p);
    p.nd = nd;
    for (int k = 0; k < nd; k++) {
        p.dim[k] = dims[k];
        p.wrap[k] = 1;
        if (names != NULL)
            p.name[k][0] = names[k];
    }
    p.nodes_per_router = 1;
    p.cores = cores;
    p.bw = 1;
    return net_torus_new(&p, NULL);
}

static void
test_torus_schemes(void)
{
    int d5[5] = {2, 2, 2, 2, 2}, d44[2] = {4, 4};
    struct net *net = torus(5, d5, "ABCDE", 2);
    struct placement *p;
    struct rho_err e;

    p = placement_torus_order(net, "ABCDET", 64, &e);
    CHECK(p != NULL && placement_endpoint(p, 1) == 0 &&
              placement_endpoint(p, 2) == 16 && placement_endpoint(p, 4) == 8 &&
              placement_endpoint(p, 32) == 1,
          "ABCDET: T fastest, then E (router 16), D (8) ... A slowest (1)");
    placement_free(p);
    p = placement_torus_order(net, "TABCDE", 64, &e);
    CHECK(p != NULL && placement_endpoint(p, 1) == 16 &&
              placement_endpoint(p, 2) == 8 && placement_endpoint(p, 32) == 0 &&
              placement_endpoint(p, 33) == 16,
          "TABCDE: one rank per node first (rank 32 back on node 0)");
    placement_free(p);
    CHECK(placement_torus_order(net, "ABCDEX", 64, &e) == NULL &&
              strstr(e.msg, "'X'") != NULL,
          "unknown letter: %s", e.msg);
    CHECK(placement_torus_order(net, "ABCDT", 64, &e) == NULL,
          "a missing dimension is an error");
    net_free(net);

    /* blocked: a 4x4 application grid in 2x2 blocks on nodes of 4 cores */
    net = torus(2, d44, NULL, 4);
    {
        int app[2] = {4, 4}, blk[2] = {2, 2};
        p = placement_blocked(net, 2, app, blk, &e);
        CHECK(p != NULL && placement_endpoint(p, 0) == 0 &&
                  placement_endpoint(p, 5) == 0 &&
                  placement_endpoint(p, 2) == 1 &&
                  placement_endpoint(p, 7) == 1 &&
                  placement_endpoint(p, 8) == 2 &&
                  placement_endpoint(p, 15) == 3,
              "blocked: 2x2 blocks on nodes 0, 1, 2, 3");
        placement_free(p);
        blk[0] = 3;
        CHECK(placement_blocked(net, 2, app, blk, &e) == NULL,
              "a block that does not divide: %s", e.msg);
    }
    /* default order names: A, B for unnamed dimensions */
    p = placement_torus_order(net, "BAT", 64, &e);
    CHECK(p != NULL && placement_endpoint(p, 4) == 1 &&
              placement_endpoint(p, 16) == 4,
          "unnamed dimensions are A, B, ...: BAT puts B slowest");
    placement_free(p);
    net_free(net);

    /* Rubik: rows of a 4x4 application onto 2x2 squares of a 4x4 torus */
    net = torus(2, d44, NULL, 1);
    {
        int app[2] = {4, 4}, at[2] = {1, 4}, nt[3] = {2, 2, 1};
        p = placement_rubik(net, 2, app, at, nt, &e);
        CHECK(p != NULL && placement_endpoint(p, 0) == 0 &&
                  placement_endpoint(p, 1) == 4 &&
                  placement_endpoint(p, 2) == 1 &&
                  placement_endpoint(p, 3) == 5 &&
                  placement_endpoint(p, 4) == 8,
              "rubik: row 0 -> square (0..1, 0..1), row 1 -> the next square");
        placement_free(p);
        nt[0] = 4;
        CHECK(placement_rubik(net, 2, app, at, nt, &e) == NULL &&
                  strstr(e.msg, "tiles") != NULL,
              "tile volumes must match: %s", e.msg);
    }
    net_free(net);
}

/* A Rubik box shaped like the torus places rank r where the box holds
   it: the untouched box is the ABT order; a tilt moves ranks. */
static void
test_rubik_box(void)
{
    struct net_torus_params tp;
    struct net *net;
    struct rubik *box;
    struct placement *p, *q;
    struct rho_err e;
    int shape[3] = {4, 4, 2}, ok = 1;

    memset(&tp, 0, sizeof tp);
    tp.nd = 2;
    tp.dim[0] = tp.dim[1] = 4;
    tp.wrap[0] = tp.wrap[1] = 1;
    tp.nodes_per_router = 1;
    tp.cores = 2;
    tp.bw = 1;
    net = net_torus_new(&tp, NULL);
    box = rubik_new(3, shape, NULL);
    p = placement_rubik_box(net, box, &e);
    q = placement_torus_order(net, "ABT", 32, NULL);
    CHECK(p != NULL && placement_ranks(p) == 32 &&
              memcmp(placement_map(p), placement_map(q), 32 * sizeof(int)) == 0,
          "the box as built: the ABT order");
    placement_free(p);
    /* tilt(axis 0 = A, dir 1 = B): (a, b, t) -> (a + b, b, t) */
    rubik_tilt(box, 0, 0, 1, 1, NULL);
    p = placement_rubik_box(net, box, &e);
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++)
            ok &= placement_endpoint(p, (a * 4 + b) * 2) ==
                  net_torus_router(net, (int[]){(a + b) % 4, b});
    CHECK(ok, "tilted: rank (a, b) runs on router (a + b, b)");
    placement_free(p);
    rubik_free(box);
    box = rubik_new(3, (int[]){4, 4, 3}, NULL);
    CHECK(placement_rubik_box(net, box, &e) == NULL &&
              strcmp(e.msg, "rubik placement: the box must be shaped like "
                            "the torus, 4 x 4 x T (T <= 2)") == 0,
          "%s", e.msg);
    rubik_free(box);
    box = rubik_new(3, (int[]){4, 4, 1}, NULL);
    p = placement_rubik_box(net, box, &e);
    CHECK(p != NULL && placement_endpoint(p, 5) == 5,
          "T = 1: one rank per node");
    placement_free(p);
    rubik_free(box);
    placement_free(q);
    net_free(net);
}

int
main(void)
{
    test_dragonfly_schemes();
    test_torus_schemes();
    test_rubik_box();
    TEST_DONE();
}
