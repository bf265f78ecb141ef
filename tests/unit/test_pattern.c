/*
 * test_pattern: the traffic generators -- determinism per unit, the
 * thesis's partner rules (UMesh, Spread, 4D Stencil distances, M2M
 * subsets), permutations, the Ch. 8 collectives' messages and byte counts,
 * lists, the Table 3.3/3.4 presets.
 */
#include "core/net/pattern.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "support_msgs.h"

static void
unit(const struct pattern *p, long long u, struct msg_cap *c)
{
    c->n = 0;
    pattern_emit(p, u, msg_cap_push, c);
}

static void
test_near_spread(void)
{
    struct pattern *p = pattern_thesis("umesh", 1000, 0, 5, NULL);
    struct msg_cap a = {0}, b = {0};
    int ok = 1, same = 1, cnt_lo = 100, cnt_hi = 0;

    CHECK(p != NULL && pattern_units(p) == 1000 && pattern_steps(p) == 1,
          "umesh: one unit per rank");
    for (int r = 0; r < 1000; r++) {
        unit(p, r, &a);
        unit(p, r, &b);
        same &= a.n == b.n && memcmp(a.d, b.d, sizeof(int) * (size_t)a.n) == 0;
        if (r >= 30 && r < 970) {
            if (a.n < cnt_lo)
                cnt_lo = (int)a.n;
            if (a.n > cnt_hi)
                cnt_hi = (int)a.n;
        }
        for (long long i = 0; i < a.n; i++) {
            ok &= a.s[i] == r && a.d[i] != r && abs(a.d[i] - r) <= 30 &&
                  a.d[i] >= 0 && a.d[i] < 1000 && a.b[i] == 512 * 1024;
            for (long long j = 0; j < i; j++)
                ok &= a.d[j] != a.d[i];
        }
    }
    CHECK(same, "a unit is the same every time it is produced");
    CHECK(ok, "6-20 distinct partners within [r-30, r+30], never r, 512 KiB");
    CHECK(cnt_lo == 6 && cnt_hi == 20, "counts span 6..20 (%d..%d)", cnt_lo,
          cnt_hi);
    pattern_free(pattern_ref(p));
    CHECK(pattern_ranks(p) == 1000, "a reference keeps it alive");
    unit(p, 0, &a);
    CHECK(a.n >= 6 && a.n <= 20, "rank 0: clipped window still fits");
    pattern_free(p);

    /* another seed, other partners */
    p = pattern_thesis("umesh", 1000, 0, 5, NULL);
    {
        struct pattern *q = pattern_thesis("umesh", 1000, 0, 6, NULL);
        int diff = 0;
        for (int r = 0; r < 50; r++) {
            unit(p, r, &a);
            unit(q, r, &b);
            diff |=
                a.n != b.n || memcmp(a.d, b.d, sizeof(int) * (size_t)a.n) != 0;
        }
        CHECK(diff, "another seed gives other partners");
        pattern_free(q);
    }
    pattern_free(p);

    /* symmetric: q in partners(r) iff r in partners(q) */
    p = pattern_near(300, 10, 2, 5, 8, 1, 3, NULL);
    {
        char *adj = calloc(300 * 300, 1);
        for (int r = 0; r < 300; r++) {
            unit(p, r, &a);
            for (long long i = 0; i < a.n; i++)
                adj[r * 300 + a.d[i]]++;
        }
        ok = 1;
        for (int r = 0; r < 300; r++)
            for (int q = 0; q < 300; q++)
                ok &= adj[r * 300 + q] == adj[q * 300 + r] &&
                      adj[r * 300 + q] <= 1;
        CHECK(ok, "symmetric near-neighbour graph");
        free(adj);
    }
    pattern_free(p);

    p = pattern_spread(100000, 8, 6, 20, 1, NULL);
    ok = 1;
    for (int r = 0; r < 200; r++) {
        unit(p, r, &a);
        ok &= a.n >= 6 && a.n <= 20;
        for (long long i = 0; i < a.n; i++)
            ok &= a.d[i] != r && a.d[i] >= 0 && a.d[i] < 100000;
    }
    CHECK(ok, "spread: 6-20 random partners anywhere");
    pattern_free(p);
    {
        struct rho_err e;
        CHECK(pattern_near(10, 1, 5, 2, 3, 0, 1, &e) == NULL &&
                  e.code == RHO_EINPUT,
              "dmax < dmin is an error: %s", e.msg);
    }
    msg_cap_free(&a);
    msg_cap_free(&b);
}

static void
test_grids(void)
{
    struct msg_cap a = {0};
    struct pattern *p = pattern_thesis("stencil4d", 8847360, 0, 1, NULL);
    int r = ((10 * 48 + 7) * 48 + 20) * 48 + 30, ok = 1;
    int want[8] = {1, -1, 48, -48, 2304, -2304, 110592, -110592};

    CHECK(p != NULL && pattern_ranks(p) == 8847360, "the thesis 4D stencil");
    unit(p, r, &a);
    CHECK(a.n == 8, "8 messages (nine-point 4D stencil)");
    for (int i = 0; i < 8; i++) {
        int found = 0;
        for (long long j = 0; j < a.n; j++)
            found |= a.d[j] - r == want[i];
        ok &= found;
    }
    CHECK(ok, "neighbours at +-1, 48, 2304, 110592 (80x48x48x48)");
    CHECK(a.b[0] == 2048 * 1024.0, "2 MiB messages");
    unit(p, 0, &a);
    {
        int wrap = 0;
        for (long long j = 0; j < a.n; j++)
            wrap |= a.d[j] == 79 * 110592;
        CHECK(a.n == 8 && wrap, "periodic: rank 0 wraps to x = 79");
    }
    pattern_free(p);

    {
        int d3[3] = {4, 4, 4};
        p = pattern_stencil(3, d3, 0, 1, 5, NULL);
        unit(p, 21, &a); /* (1,1,1): interior */
        CHECK(a.n == 14, "3D halo with corners: 14 messages (%lld)", a.n);
        unit(p, 0, &a);
        CHECK(a.n == 4, "non-periodic corner rank: 3 faces + 1 corner");
        pattern_free(p);
    }
    {
        int d2[2] = {2, 5};
        p = pattern_stencil(2, d2, 1, 0, 5, NULL);
        unit(p, 0, &a);
        CHECK(a.n == 4 && a.d[0] == 5 && a.d[1] == 5,
              "a periodic size-2 dimension sends twice to its neighbour");
        pattern_free(p);
    }

    p = pattern_thesis("m2m", 8847360, 0, 1, NULL);
    unit(p, 1000, &a);
    ok = a.n == 127;
    for (long long j = 0; j < a.n; j++)
        ok &= (a.d[j] - 1000) % 384 == 0 && a.d[j] != 1000;
    CHECK(ok, "M2M: 127 partners, all multiples of 384 away");
    CHECK(a.b[0] == 100 * 1024.0, "100 KiB");
    pattern_free(p);
    p = pattern_thesis("m2m", 12288, 0, 1, NULL);
    unit(p, 5, &a);
    CHECK(a.n == 127, "rescaled M2M keeps subsets of 128");
    pattern_free(p);
    {
        int d[4];
        pattern_factor(8847360 / 2, 4, d);
        CHECK((long long)d[0] * d[1] * d[2] * d[3] == 8847360 / 2 &&
                  d[0] >= d[1] && d[1] >= d[2] && d[2] >= d[3] &&
                  d[0] <= 2 * d[3],
              "near-equal factorization %dx%dx%dx%d", d[0], d[1], d[2], d[3]);
        pattern_factor(97, 2, d);
        CHECK(d[0] == 97 && d[1] == 1, "a prime stays whole");
    }
    p = pattern_thesis("stencil2d", 36, 0, 1, NULL);
    unit(p, 0, &a);
    CHECK(a.n == 4 && a.b[0] == 64 * 1024.0, "2D stencil: 4 x 64 KiB");
    pattern_free(p);
    msg_cap_free(&a);
}

static void
test_perm_list(void)
{
    struct msg_cap a = {0};
    struct pattern *p = pattern_perm(10, PERM_REVERSE, 1, 3, 0, NULL);
    long long m;
    double b;

    unit(p, 2, &a);
    CHECK(a.n == 1 && a.d[0] == 7, "reverse: 2 -> 7");
    pattern_free(p);
    p = pattern_perm(9, PERM_REVERSE, 1, 3, 0, NULL);
    unit(p, 4, &a);
    CHECK(a.n == 0, "the middle rank sends nothing");
    pattern_free(p);
    p = pattern_perm(10, PERM_SHIFT, 1, 3, 0, NULL);
    unit(p, 7, &a);
    CHECK(a.d[0] == 2, "shift: 7 -> 2");
    pattern_free(p);
    p = pattern_perm(12, PERM_TRANSPOSE, 3, 3, 0, NULL);
    unit(p, 5, &a); /* (1,1) of 3x4 -> (1,1) of 4x3 = 4 */
    CHECK(a.d[0] == 1 * 3 + 1, "transpose: (1,1) -> 4");
    unit(p, 1, &a); /* (0,1) -> (1,0) = 3 */
    CHECK(a.d[0] == 3, "transpose: (0,1) -> 3");
    pattern_free(p);
    p = pattern_perm(50, PERM_RANDOM, 1, 3, 9, NULL);
    {
        char seen[50] = {0};
        int ok = 1;
        for (int r = 0; r < 50; r++) {
            unit(p, r, &a);
            if (a.n == 1)
                ok &= !seen[a.d[0]]++;
        }
        CHECK(ok, "random permutation: every rank receives at most once");
    }
    pattern_free(p);
    {
        int s[5] = {0, 1, 2, 3, 4}, d[5] = {4, 3, 2, 1, 0},
            st[5] = {0, 0, 1, 1, 3};
        double by[5] = {1, 2, 3, 4, 5};
        struct rho_err e;
        p = pattern_list(5, 5, s, d, by, st, NULL);
        pattern_count(p, &m, &b);
        CHECK(m == 5 && b == 15 && pattern_steps(p) == 4 &&
                  pattern_units(p) == 1,
              "list: 5 messages, 15 B, 4 steps");
        unit(p, 0, &a);
        CHECK(a.st[3] == 1 && a.d[4] == 0, "list keeps steps and order");
        pattern_free(p);
        d[2] = 9;
        CHECK(pattern_list(5, 5, s, d, by, NULL, &e) == NULL &&
                  strstr(e.msg, "message 2") != NULL,
              "a rank outside the list's range: %s", e.msg);
    }
    msg_cap_free(&a);
}

/* A stencil along some dimensions only: pF3D's sends between planes. */
static void
test_stencil_along(void)
{
    struct msg_cap a = {0};
    int dims[3] = {4, 2, 8};
    struct pattern *p = pattern_stencil_along(3, dims, 1, 0, 0, 7, NULL);
    struct rho_err e;

    unit(p, 16, &a); /* (1,0,0) */
    CHECK(a.n == 2 && a.d[0] == 32 && a.d[1] == 0,
          "along dimension 0 only: (1,0,0) -> (2,0,0), (0,0,0)");
    unit(p, 0, &a);
    CHECK(a.n == 1 && a.d[0] == 16, "not periodic: (0,0,0) -> (1,0,0)");
    CHECK(strstr(pattern_name(p), "along 0x1") != NULL, "named: %s",
          pattern_name(p));
    pattern_free(p);
    CHECK(pattern_stencil_along(3, dims, 8, 0, 0, 7, &e) == NULL,
          "a mask beyond the dimensions: %s", e.msg);
    msg_cap_free(&a);
}

static void
test_collectives(void)
{
    struct msg_cap a = {0};
    struct pattern *p;
    long long m;
    double b, n = 1 << 20;

    p = pattern_collective(COLL_SCATTER_BINOMIAL, 16, n, 1, NULL, NULL);
    CHECK(pattern_steps(p) == 4, "binomial scatter on 16: 4 steps");
    unit(p, 0, &a);
    CHECK(a.n == 1 && a.s[0] == 0 && a.d[0] == 8 && a.b[0] == n / 2,
          "step 0: 0 -> 8 half the data");
    unit(p, 3, &a);
    CHECK(a.n == 8 && a.b[0] == n / 16, "step 3: 8 messages of one block");
    pattern_count(p, &m, &b);
    CHECK(m == 15 && b == 2 * n, "15 messages, n/2 per step, 2 MiB in all");
    pattern_free(p);
    p = pattern_collective(COLL_SCATTER_BINOMIAL, 10, 10, 1, NULL, NULL);
    pattern_count(p, &m, &b);
    CHECK(m == 9 && pattern_steps(p) == 4, "p = 10: 9 messages over 4 steps");
    unit(p, 0, &a);
    CHECK(a.d[0] == 8 && a.b[0] == 2, "0 -> 8 carries blocks 8, 9");
    pattern_free(p);
    p = pattern_collective(COLL_GATHER_BINOMIAL, 16, n, 1, NULL, NULL);
    unit(p, 3, &a);
    CHECK(a.n == 1 && a.s[0] == 8 && a.d[0] == 0 && a.b[0] == n / 2,
          "gather ends with 8 -> 0");
    pattern_free(p);
    p = pattern_collective(COLL_BCAST_BINOMIAL, 16, n, 1, NULL, NULL);
    pattern_count(p, &m, &b);
    CHECK(m == 15 && b == 15 * n, "binomial broadcast: 15 full copies");
    pattern_free(p);
    p = pattern_collective(COLL_BCAST_DEGEIJN, 16, n, 0, NULL, NULL);
    CHECK(pattern_steps(p) == 4 + 15, "DeGeijn, every step: 4 + 15 steps");
    pattern_count(p, &m, &b);
    CHECK(m == 15 + 15 * 16 && b == n * 2 + 15 * n,
          "scatter (2 MiB) + ring (15 MiB)");
    pattern_free(p);
    p = pattern_collective(COLL_BCAST_DEGEIJN, 16, n, 1, NULL, NULL);
    unit(p, 4, &a);
    CHECK(pattern_steps(p) == 5 && a.n == 16 && a.b[0] == 15 * n / 16,
          "aggregated ring: one step of 15 blocks per pair");
    pattern_free(p);
    p = pattern_collective(COLL_ALLGATHER_RD, 8, n, 1, NULL, NULL);
    unit(p, 2, &a);
    CHECK(a.n == 8 && a.d[1] == 5 && a.b[0] == 4 * n / 8,
          "recursive doubling step 2: 1 <-> 5, 4 blocks");
    pattern_free(p);
    {
        struct rho_err e;
        CHECK(pattern_collective(COLL_ALLGATHER_RD, 12, n, 1, NULL, &e) == NULL,
              "recursive doubling needs a power of two: %s", e.msg);
    }
    p = pattern_collective(COLL_RS_PAIRWISE, 8, n, 1, NULL, NULL);
    pattern_count(p, &m, &b);
    CHECK(pattern_steps(p) == 7 && m == 56 && b == 7 * n,
          "pairwise reduce-scatter: every ordered pair, one block");
    pattern_free(p);
    p = pattern_collective(COLL_REDUCE_RABENSEIFNER, 8, n, 1, NULL, NULL);
    pattern_count(p, &m, &b);
    CHECK(pattern_steps(p) == 10 && m == 56 + 7, "RS + binomial gather");
    pattern_free(p);
    {
        struct pattern_twotier tt = {8, 4, 2};
        p = pattern_collective(COLL_SCATTER_TWOTIER, 64, 64, 1, &tt, NULL);
        unit(p, 0, &a);
        /* node j of SN0 feeds SN j and j + 4: 2 supernodes x 8 cores */
        CHECK(a.n == 3 && a.d[0] == 2 && a.b[0] == 16,
              "two-tier scatter step 0: root -> node 1: 2 SNs of data");
        unit(p, 1, &a);
        CHECK(a.n == 7, "step 1: one L2 send per other supernode");
        pattern_free(p);
        p = pattern_collective(COLL_GATHER_TWOTIER, 64, 64, 1, &tt, NULL);
        unit(p, 3, &a);
        CHECK(a.n == 3 && a.s[0] == 2 && a.d[0] == 0,
              "two-tier gather is the reverse");
        pattern_free(p);
        {
            struct rho_err e;
            CHECK(pattern_collective(COLL_BCAST_TWOTIER, 63, 64, 1, &tt, &e) ==
                          NULL &&
                      strcmp(e.msg, "bcast-twotier: 8 supernodes x 4 nodes x 2 "
                                    "cores = 64 ranks, the job has 63") == 0,
                  "two-tier needs sn x nps x cpn ranks: %s", e.msg);
        }
        /* reduce on 8 supernodes x 4 nodes x 2 cores, 64 B (1 B a rank):
           step 0: 32 cores -> core 0 of their node, 64 B each; step 1:
           node j owns the data of supernodes j, j + 4 (16 B; node S mod 4
           of S has its own S among them), each of the 3 others sends it:
           8 x 4 x 3 messages of 16 B; step 2: one 8 B message per
           ordered supernode pair (56); step 3: in each supernode every
           node holds partials (it is connected to 2 supernodes, or its
           own), sends 8/4 = 2 B to the 3 others: 8 x 4 x 3 of 2 B; step 4:
           the 31 owners other than rank 0 send their 2 B to rank 0 */
        p = pattern_collective(COLL_REDUCE_TWOTIER, 64, 64, 1, &tt, NULL);
        CHECK(pattern_steps(p) == 5, "two-tier reduce: 5 steps");
        unit(p, 0, &a);
        CHECK(a.n == 32 && a.b[0] == 64 && a.d[0] == 0 && a.s[0] == 1,
              "step 0: core 1 -> core 0, the whole 64 B");
        unit(p, 1, &a);
        CHECK(a.n == 96 && a.b[0] == 16, "step 1: 96 messages of 16 B");
        unit(p, 2, &a);
        CHECK(a.n == 56 && a.b[0] == 8, "step 2: 56 L2 messages of 8 B");
        unit(p, 3, &a);
        CHECK(a.n == 96 && a.b[0] == 2, "step 3: 96 messages of 2 B");
        unit(p, 4, &a);
        CHECK(a.n == 31 && a.d[0] == 0 && a.d[30] == 0 && a.b[0] == 2 &&
                  a.s[0] == 2 && a.s[30] == 62,
              "step 4: 31 owners -> rank 0, 2 B each");
        pattern_count(p, &m, &b);
        CHECK(b == 32 * 64 + 96 * 16 + 56 * 8 + 96 * 2 + 31 * 2,
              "reduce: %g B in all", b);
        pattern_free(p);
    }
    CHECK(pattern_coll_parse("reduce-twotier") == COLL_REDUCE_TWOTIER &&
              pattern_coll_parse("bcast-degeijn") == COLL_BCAST_DEGEIJN &&
              strcmp(pattern_coll_name(COLL_RS_TWOTIER), "rs-twotier") == 0,
          "collective names");
    msg_cap_free(&a);
}

/* Jain Tables 8.1 and 8.2 evaluated for the Ch. 8 machine (sn = 64, nps
   = 16, p = 16384): digest 7.1 works them out by hand. */
static void
test_cost(void)
{
    struct pattern_twotier tt = {64, 16, 16};
    struct pattern_cost c;
    struct pattern *p;
    static const struct {
        int coll;
        double beta, gamma;
        const char *source;
    } want[] = {
        {COLL_SCATTER_BINOMIAL, 16383.0 / 16384, 0, "Jain Table 8.1"},
        {COLL_ALLGATHER_RING, 16383.0 / 16384, 0, "Jain Table 8.1"},
        {COLL_BCAST_DEGEIJN, 2 * 16383.0 / 16384, 0, "Jain Table 8.1"},
        {COLL_RS_PAIRWISE, 16383.0 / 16384, 16383.0 / 16384, "Jain Table 8.1"},
        {COLL_REDUCE_RABENSEIFNER, 2 * 16383.0 / 16384, 16383.0 / 16384,
         "Jain Table 8.1"},
        {COLL_SCATTER_TWOTIER, 1.0 / 16, 0, "Jain Table 8.2"},
        /* 1/16 + 1/64 + 1/1024 = 0.0791... */
        {COLL_ALLGATHER_TWOTIER, 81.0 / 1024, 0, "Jain Table 8.2"},
        {COLL_BCAST_TWOTIER, 3.0 / 16, 0, "Jain Table 8.2"},
        {COLL_RS_TWOTIER, 81.0 / 1024, 2, "Jain Table 8.2"},
        /* 1/16 + 2/64 = 0.09375 */
        {COLL_REDUCE_TWOTIER, 0.09375, 2, "Jain Table 8.2"},
        {COLL_BCAST_BINOMIAL, 14, 0, "textbook"},
    };

    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int rc;
        p = pattern_collective(want[i].coll, 16384, 1 << 30, 1, &tt, NULL);
        /* (first: CHECK's arguments, c's fields among them, are
           evaluated in no set order) */
        rc = pattern_cost(p, &c);
        CHECK(rc == 0 && c.source != NULL && c.formula != NULL &&
                  c.bytes == 1 << 30 && fabs(c.beta - want[i].beta) < 1e-15 &&
                  fabs(c.gamma - want[i].gamma) < 1e-15 &&
                  strcmp(c.source, want[i].source) == 0,
              "%s: %.6g n b + %.6g n g (%s: %s)",
              pattern_coll_name(want[i].coll), c.beta, c.gamma,
              c.source != NULL ? c.source : "-",
              c.formula != NULL ? c.formula : "-");
        CHECK(pattern_coll_of(p) == want[i].coll, "the algorithm of %s",
              pattern_coll_name(want[i].coll));
        pattern_free(p);
    }
    p = pattern_perm(8, PERM_REVERSE, 1, 1, 0, NULL);
    CHECK(pattern_cost(p, &c) == -1 && c.beta == 0 && pattern_coll_of(p) == -1,
          "a permutation has no collective cost");
    pattern_free(p);
}

static void
test_presets(void)
{
    int pct[5];
    struct rho_err e;
    struct pattern *p;

    CHECK(pattern_workload(1, pct, NULL) == 0 && pct[2] == 40 &&
              pct[0] + pct[1] + pct[2] + pct[3] + pct[4] == 100,
          "Table 3.4 W1: 40%% 4D stencil");
    CHECK(pattern_workload(4, pct, NULL) == 0 && pct[0] == 40,
          "W4: 40%% UMesh");
    CHECK(pattern_workload(5, pct, &e) == -1, "no W5: %s", e.msg);
    {
        int sz[5];
        CHECK(pattern_workload_sizes(2, 1001, sz, NULL) == 0 && sz[0] == 100 &&
                  sz[3] == 400 && sz[0] + sz[1] + sz[2] + sz[3] + sz[4] == 1001,
              "W2 on 1001 ranks: 100, 100, 200, 400, 201");
    }
    CHECK(strcmp(pattern_workload_names[3], "m2m") == 0, "names");
    p = pattern_thesis("nope", 10, 0, 1, &e);
    CHECK(p == NULL && strstr(e.msg, "umesh") != NULL,
          "unknown preset lists names");
    p = pattern_thesis("nn", 5000, 0, 1, NULL);
    {
        struct msg_cap a = {0};
        unit(p, 2500, &a);
        CHECK(a.n >= 20 && a.n <= 30, "Ch.6 near neighbour: 20-30");
        msg_cap_free(&a);
    }
    pattern_free(p);
}

/* The sub-communicator all-to-all against the definition (every q that
   differs from r only in the masked dimensions, r left out, the masked
   coordinates in row-major order), on grids of 1 to 5 dimensions under
   every mask: the same messages in the same order. */
static void
test_suba2a(void)
{
    static const int dims[5] = {3, 1, 4, 2, 5};
    struct msg_cap a = {0};
    int ok = 1, cases = 0;

    for (int nd = 1; nd <= 5; nd++)
        for (unsigned mask = 1; mask < 1u << nd; mask++) {
            struct pattern *p = pattern_subcomm_a2a(nd, dims, mask, 64, NULL);
            int n = 1, combos = 1;
            for (int k = 0; k < nd; k++) {
                n *= dims[k];
                if (mask >> k & 1)
                    combos *= dims[k];
            }
            ok &= p != NULL && pattern_units(p) == n;
            for (int r = 0; r < n && ok; r++) {
                long long i = 0;
                unit(p, r, &a);
                for (int c = 0; c < combos; c++) {
                    int x[5], rest = c, q = 0, t = r;
                    for (int k = nd - 1; k >= 0; k--) {
                        x[k] = t % dims[k];
                        t /= dims[k];
                    }
                    for (int k = nd - 1; k >= 0; k--)
                        if (mask >> k & 1) {
                            x[k] = rest % dims[k];
                            rest /= dims[k];
                        }
                    for (int k = 0; k < nd; k++)
                        q = q * dims[k] + x[k];
                    if (q == r)
                        continue;
                    ok &= i < a.n && a.s[i] == r && a.d[i] == q &&
                          a.b[i] == 64 && a.st[i] == 0;
                    i++;
                }
                ok &= i == a.n;
            }
            cases++;
            pattern_free(p);
        }
    CHECK(ok,
          "sub all-to-all: the definition's messages, in its order "
          "(%d grids and masks)",
          cases);
    msg_cap_free(&a);
}

/* pattern_units_msgs() against emitting: stencils without corners
   (periodic or not, along some dimensions, of sizes 1, 2 and more) and
   sub all-to-alls over ranges of units, -1 for what must be emitted. */
static void
test_units_msgs(void)
{
    static const int dims[4] = {3, 1, 2, 5};
    struct msg_cap a = {0};
    int ok = 1, cases = 0;
    double mb;

    for (int kind = 0; kind < 3; kind++)
        for (unsigned mask = 1; mask < 16; mask++) {
            struct pattern *p =
                kind < 2
                    ? pattern_stencil_along(4, dims, mask, kind, 0, 96, NULL)
                    : pattern_subcomm_a2a(4, dims, mask, 96, NULL);
            for (long long u0 = 0; u0 <= 30; u0 += 7)
                for (long long u1 = u0; u1 <= 31; u1 += 5) {
                    long long n = 0;
                    for (long long u = u0; u < u1 && u < 30; u++) {
                        unit(p, u, &a);
                        n += a.n;
                    }
                    ok &= pattern_units_msgs(p, u0, u1, &mb) == n &&
                          mb == (n > 0 ? 96 : 0);
                    cases++;
                }
            pattern_free(p);
        }
    CHECK(ok, "units' messages without emitting: as emitted (%d ranges)",
          cases);
    {
        struct pattern *c = pattern_stencil(4, dims, 1, 1, 8, NULL);
        struct pattern *u = pattern_thesis("umesh", 1000, 0, 5, NULL);
        CHECK(pattern_units_msgs(c, 0, 30, NULL) == -1 &&
                  pattern_units_msgs(u, 0, 10, NULL) == -1,
              "corners, near neighbours: -1 (emit them)");
        pattern_free(c);
        pattern_free(u);
    }
    msg_cap_free(&a);
}

/* A run as the messages it stands for. */
static long long empty_runs;

static void
push_run(void *v, int s, int d, int k, double b, int st)
{
    empty_runs += k < 1;
    for (int i = 0; i < k; i++)
        msg_cap_push(v, s + i, d + i, b, st);
}

/* pattern_emit_runs(): the runs of a pairwise reduce-scatter's steps (and
   of Rabenseifner's, before its gather) are pattern_emit()'s messages in
   its order; the units it does not know as runs produce nothing. */
static void
test_runs(void)
{
    static const int ns[] = {1, 2, 3, 8, 17, 64};
    struct msg_cap a = {0}, b = {0};

    for (int c = 0; c < 3; c++)
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
            int coll = c == 0   ? COLL_RS_PAIRWISE
                       : c == 1 ? COLL_REDUCE_RABENSEIFNER
                                : COLL_ALLGATHER_RING;
            struct pattern *p =
                pattern_collective(coll, ns[i], 1 << 20, 0, NULL, NULL);
            long long runs = 0, same = 0;
            CHECK(p != NULL, "collective %d over %d ranks", coll, ns[i]);
            if (p == NULL)
                continue;
            for (long long u = 0; u < pattern_units(p); u++) {
                int rc;
                unit(p, u, &a);
                b.n = 0;
                rc = pattern_emit_runs(p, u, push_run, &b);
                if (rc != 0) {
                    CHECK(rc == -1 && b.n == 0, "no runs: nothing emitted");
                    continue;
                }
                runs++;
                same += a.n == b.n && a.n > 0 &&
                        !memcmp(a.s, b.s, sizeof(int) * (size_t)a.n) &&
                        !memcmp(a.d, b.d, sizeof(int) * (size_t)a.n) &&
                        !memcmp(a.st, b.st, sizeof(int) * (size_t)a.n) &&
                        !memcmp(a.b, b.b, sizeof(double) * (size_t)a.n);
            }
            CHECK(pattern_has_runs(p) == (runs > 0),
                  "collective %d over %d ranks: has runs %d, %lld runs",
                  coll, ns[i], pattern_has_runs(p), runs);
            if (coll == COLL_ALLGATHER_RING)
                CHECK(runs == 0, "the ring has no runs (%lld units)", runs);
            else
                CHECK(runs == ns[i] - 1 && same == runs,
                      "%s over %d ranks: %lld of %d steps as runs, %lld "
                      "the same messages",
                      coll == COLL_RS_PAIRWISE ? "pairwise RS" : "Rabenseifner",
                      ns[i], runs, ns[i] - 1, same);
            pattern_free(p);
        }
    CHECK(empty_runs == 0, "every run has a message (%lld have none)",
          empty_runs);
    {
        struct pattern *p = pattern_thesis("umesh", 1000, 0, 5, NULL);
        b.n = 0;
        CHECK(pattern_emit_runs(p, 0, push_run, &b) == -1 && b.n == 0 &&
                  !pattern_has_runs(p),
              "UMesh has no runs");
        pattern_free(p);
    }
    msg_cap_free(&a);
    msg_cap_free(&b);
}

int
main(void)
{
    test_runs();
    test_near_spread();
    test_suba2a();
    test_units_msgs();
    test_grids();
    test_perm_list();
    test_stencil_along();
    test_collectives();
    test_cost();
    test_presets();
    TEST_DONE();
}
