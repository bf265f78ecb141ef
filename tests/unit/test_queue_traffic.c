/*
 * test_queue_traffic: levels of real networks and the visit ratios of
 * routed traffic. Exact values: uniform traffic on fat-trees (the digest's
 * closed form v_l = 2 (N - k^(l-1)) / (N - 1) and its highest-level
 * histogram; Example 2's routing probabilities with p_ii), a PEACH2-like
 * two-ring cluster (Example 4). Against a reference: the link model's
 * bytes per level, on every family and static routing (the two codes
 * route differently: shares vs explicit paths). Determinism over threads,
 * the groupings and their errors.
 */
#include "core/queue/queue_traffic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/net/net_model.h"
#include "core/net/net_scen.h"
#include "core/net/placement.h"
#include "core/net/route.h"
#include "harness.h"
#include "support_msgs.h"

static struct pattern *
alltoall(int n, double size)
{
    struct net_pattern_spec p;
    struct pattern *pat;

    net_pattern_spec_init(&p, NET_PAT_ALLTOALL);
    p.size = size;
    pat = net_pattern_make(&p, NULL, n, 1, NULL);
    net_pattern_spec_fini(&p);
    return pat;
}

static struct pattern *
umesh(int n, uint64_t seed)
{
    struct net_pattern_spec p;
    struct pattern *pat;

    net_pattern_spec_init(&p, NET_PAT_UMESH);
    p.size = 65536;
    pat = net_pattern_make(&p, NULL, n, seed, NULL);
    net_pattern_spec_fini(&p);
    return pat;
}

static struct net *
fattree(int k, int levels, double inj)
{
    struct net_fattree_params p;

    memset(&p, 0, sizeof p);
    p.k = k;
    p.levels = levels;
    p.cores = 1;
    p.bw = 1e9;
    p.inj_bw = inj;
    return net_fattree_new(&p, NULL);
}

/* Levels, traffic and model of one job on net. */
static struct queue *
model(const struct net *net, const struct queue_group_spec *g,
      struct pattern *pat, struct placement *pl, int routing, int threads,
      struct queue_traffic **tout, double *check)
{
    struct net_job job = {pat, pl, 0, routing};
    struct queue_traffic_opts o;
    struct queue_map *m;
    struct queue_traffic *t;
    struct queue *q;
    struct rho_err err;

    m = queue_map_new(net, g, &err);
    CHECK(m != NULL, "levels: %s", m ? "ok" : err.msg);
    if (m == NULL)
        return NULL;
    queue_traffic_opts_init(&o);
    o.threads = threads;
    t = queue_traffic_run(net, m, &job, 1, &o, &err);
    CHECK(t != NULL, "traffic: %s", t ? "ok" : err.msg);
    q = queue_from_map(m);
    queue_map_free(m);
    if (t == NULL) {
        queue_free(q);
        return NULL;
    }
    CHECK(queue_apply_traffic(q, t, check, &err) == 0, "apply: %s", err.msg);
    if (tout != NULL)
        *tout = t;
    else
        queue_traffic_free(t);
    return q;
}

/* The paper's 4-ary 4-tree (rho: radix 8, 4 levels, 256 nodes) and
   16-ary 2-tree (radix 32, 2 levels) under uniform traffic. */
static void
test_fattree_uniform(void)
{
    static const struct {
        int radix, levels, k;
    } tr[2] = {{8, 4, 4}, {32, 2, 16}};

    for (int c = 0; c < 2; c++) {
        struct net *net = fattree(tr[c].radix, tr[c].levels, 1e9);
        struct pattern *pat = alltoall(256, 1024);
        struct placement *pl =
            placement_scheme_new(net, PLACE_LINEAR, 256, 1, NULL);
        struct queue_traffic *t = NULL;
        double check, hist = 0;
        struct queue *q = model(net, NULL, pat, pl, NET_SD, 2, &t, &check);
        int L = tr[c].levels, kk = tr[c].k;

        CHECK(q != NULL && q->k == L, "%d-ary %d-tree: %d levels", kk, L, L);
        if (q == NULL)
            continue;
        CHECK_STR(q->name[0], "nodes", "level 1 is the nodes' links");
        CHECK_STR(q->name[1], "L0-L1", "level 2 joins leaves and level 1");
        for (int l = 0; l < L; l++) {
            double want = 2.0 * (256 - pow(kk, l)) / 255;
            CHECK_NEAR(q->v[l], want, 1e-12, "%d-ary %d-tree: v%d = %.6f", kk,
                       L, l + 1, want);
            CHECK(q->n[l] == 512 && q->mu[l] == 512e9,
                  "level %d: 512 links, 512 GB/s", l + 1);
        }
        for (int l = 0; l < L; l++) {
            double lo = 2.0 * (256 - pow(kk, l)) / 255 / 2;
            double hi = l + 1 < L ? 2.0 * (256 - pow(kk, l + 1)) / 255 / 2 : 0;
            CHECK_NEAR(t->top[l] / t->W, lo - hi, 1e-12,
                       "highest level %d: %.2f%%", l + 1, (lo - hi) * 100);
            hist += t->top[l] / t->W;
        }
        CHECK_NEAR(hist, 1, 1e-12, "the histogram sums to 1");
        if (kk == 4)
            CHECK(t->sampled > 0,
                  "the 64 paths over the top are sampled "
                  "(%lld messages), and stay exact",
                  t->sampled);
        CHECK(check < 1e-12, "v solved from P agrees (%g)", check);
        CHECK(t->msgs == 256 * 255 && t->routed == t->msgs,
              "every message crosses a link");
        queue_traffic_free(t);
        queue_free(q);
        placement_free(pl);
        pattern_free(pat);
        net_free(net);
    }
}

/* Example 2: 4-ary 2-tree (radix 8, 2 levels, 16 nodes). */
static void
test_example2(void)
{
    struct net *net = fattree(8, 2, 1e9);
    struct pattern *pat = alltoall(16, 1000);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, 16, 1, NULL);
    double check, lit[4], v[2];
    struct queue *q = model(net, NULL, pat, pl, NET_SD, 1, NULL, &check);
    struct rho_err err;

    CHECK(q->k == 2, "two levels");
    CHECK_NEAR(q->v[0], 2, 1e-12, "v1 = 2");
    CHECK_NEAR(q->v[1], 1.6, 1e-12, "v2 = 1.6");
    CHECK_NEAR(q->p0[0], 1, 1e-12, "p01 = 1");
    CHECK_NEAR(q->P[0], 0.1, 1e-12, "p11 = 0.1");
    CHECK_NEAR(q->P[1], 0.4, 1e-12, "p12 = 0.4");
    CHECK_NEAR(q->pexit[0], 0.5, 1e-12, "p10 = 0.5");
    CHECK_NEAR(q->P[3], 0.5, 1e-12, "p22 = 0.5");
    CHECK_NEAR(q->P[2], 0.5, 1e-12, "p21 = 0.5");
    CHECK_NEAR(q->pexit[1], 0, 1e-12, "p20 = 0");
    CHECK(check < 1e-12, "solved v agrees");
    memcpy(lit, q->P, sizeof lit);
    lit[0] = lit[3] = 0;
    queue_visits(2, q->p0, lit, v, &err);
    CHECK(fabs(v[0] - 1.25) < 1e-12 && fabs(v[1] - 0.5) < 1e-12,
          "the paper's -1 diagonal gives (1.25, 0.5)");
    CHECK(q->mu[0] == 32e9 && q->mu[1] == 32e9, "mu = (32, 32) GB/s");
    CHECK_NEAR(queue_saturation(q, NULL, NULL), 16e9, 1e-3, "saturation 16");
    queue_free(q);
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

/*
 * Example 4: two rings of m nodes joined by S cables, every node a host
 * behind a port N link; uniform traffic; b = 1 per channel.
 */
static struct net *
tca(int m)
{
    int n = 2 * m, nv = 2 * n, nl = 0, ep[32];
    int from[200], to[200];
    double bw[200];
    const char *cls[200];

    for (int i = 0; i < n; i++) {
        int ring = i / m, k = i % m, next = ring * m + (k + 1) % m;
        int prev = ring * m + (k + m - 1) % m, other = (1 - ring) * m + k;
        /* vertex i: the board; vertex n + i: the host */
        from[nl] = n + i, to[nl] = i, cls[nl++] = "port N";
        from[nl] = i, to[nl] = n + i, cls[nl++] = "port N";
        from[nl] = i, to[nl] = next, cls[nl++] = "ring +";
        from[nl] = i, to[nl] = prev, cls[nl++] = "ring -";
        from[nl] = i, to[nl] = other, cls[nl++] = "S";
        ep[i] = n + i;
    }
    for (int l = 0; l < nl; l++)
        bw[l] = 1;
    return net_graph_new(nv, NULL, nl, from, to, bw, cls, n, ep, 1, NULL);
}

static void
test_example4(void)
{
    static const struct {
        int m;
        double v2, v3, sat, opt, link_sat;
    } ex[2] = {{4, 8.0 / 7, 4.0 / 7, 8, 280.0 / 26, 1.75},
               {8, 32.0 / 15, 8.0 / 15, 15, 80.0 / (2 + 32.0 / 15 + 8.0 / 15),
                15.0 / 16}};

    for (int c = 0; c < 2; c++) {
        int N = 2 * ex[c].m;
        struct net *net = tca(ex[c].m);
        struct pattern *pat = alltoall(N, 1);
        struct placement *pl =
            placement_scheme_new(net, PLACE_LINEAR, N, 1, NULL);
        struct queue_group_spec g;
        const char *port[1] = {"port N"}, *ring[2] = {"ring +", "ring -"},
                   *s[1] = {"S"};
        struct net_job job = {pat, pl, 0, NET_SD};
        struct net_result *res;
        struct queue *q;
        double mu[3], U, worst = 0;
        int b;

        queue_group_init(&g);
        queue_group_add(&g, "port N", 1, port, NULL);
        queue_group_add(&g, "ring", 2, ring, NULL);
        queue_group_add(&g, "S", 1, s, NULL);
        q = model(net, &g, pat, pl, NET_SD, 1, NULL, NULL);
        CHECK_NEAR(q->v[0], 2, 1e-12, "N = %d: v1 = 2 (in and out)", N);
        CHECK_NEAR(q->v[1], ex[c].v2, 1e-12, "N = %d: v2 (ring)", N);
        CHECK_NEAR(q->v[2], ex[c].v3, 1e-12, "N = %d: v3 (S)", N);
        CHECK(q->mu[0] == 2 * N && q->mu[1] == 2 * N && q->mu[2] == N,
              "mu = (2N, 2N, N) b");
        CHECK_NEAR(queue_saturation(q, NULL, &b), ex[c].sat, 1e-12,
                   "N = %d: lambda_sat = %g b", N, ex[c].sat);
        CHECK(b == (c == 0 ? 0 : 1), "N = %d: bottleneck %s", N,
              c == 0 ? "port N" : "the ring");
        U = q->mu[0] + q->mu[1] + q->mu[2];
        CHECK_NEAR(queue_split(q, QUEUE_OPTIMAL, U, 0, NULL, mu), ex[c].opt,
                   1e-12, "N = %d: optimal lambda_sat = %.4g b", N, ex[c].opt);

        /* the link model, SD: the busiest cable bounds the per-link
           saturation, never above the aggregate level bound */
        res = net_model_solve(net, &job, 1, NULL, NULL);
        for (int l = 0; l < net_links(net); l++) {
            const char *cn = net_class_name(net, net_link_class(net, l));
            if (strcmp(cn, "port N") != 0 && res->bytes[l] > worst)
                worst = res->bytes[l];
        }
        /* per node: W = N (N - 1) messages of 1 byte; a rate r per node
           over N - 1 partners saturates the link at r = (N - 1) / max */
        CHECK_NEAR((N - 1) / worst, ex[c].link_sat, 1e-12,
                   "N = %d: per-link cable saturation %.4g b per node", N,
                   ex[c].link_sat);
        CHECK((N - 1) / worst <=
                  fmin(q->mu[1] / q->v[1], q->mu[2] / q->v[2]) / N + 1e-12,
              "the per-link bound is never above the aggregate one");
        net_result_free(res);
        queue_group_fini(&g);
        queue_free(q);
        placement_free(pl);
        pattern_free(pat);
        net_free(net);
    }
}

/* The link model's bytes summed per level, over its routed bytes. */
static void
link_levels(const struct net *net, const struct queue_map *m,
            const struct net_result *res, double *v)
{
    memset(v, 0, (size_t)m->k * sizeof *v);
    for (int l = 0; l < res->nlinks; l++)
        v[m->of_link[l]] += res->bytes[l];
    for (int i = 0; i < m->k; i++)
        v[i] /= res->routed_bytes;
    (void)net;
}

/* Reference: the link model's per-level bytes (SD, DOR, SI). */
static void
test_reference(void)
{
    struct net_spec spec[5];
    const char *names[5] = {"df-small", "torus-5x5", "fattree-k4", "bgq-128",
                            "tca-8"};

    /* the tsan run (RHO_TEST_QUICK) checks the first two */
    int ncases = getenv("RHO_TEST_QUICK") != NULL ? 2 : 5;

    for (int c = 0; c < ncases; c++) {
        struct net *net;
        struct pattern *pat;
        struct placement *pl;
        struct queue_map *m;
        int n;

        net_preset(names[c], &spec[c], NULL);
        net = net_new(&spec[c], NULL);
        n = (int)net_slots(net);
        pat = umesh(n, 7);
        pl = placement_scheme_new(net, PLACE_RANDOM, n, 3, NULL);
        m = queue_map_new(net, NULL, NULL);
        for (int r = NET_DOR; r <= NET_SI; r++) {
            struct net_job job = {pat, pl, 0, r};
            struct net_opts lo;
            struct queue_traffic_opts qo;
            struct net_result *res;
            struct queue_traffic *t;
            struct queue *q = queue_from_map(m);
            double ref[QUEUE_MAX_LEVELS], worst = 0;

            net_opts_init(&lo);
            lo.si_samples = 16;
            res = net_model_solve(net, &job, 1, &lo, NULL);
            queue_traffic_opts_init(&qo);
            qo.threads = 2;
            qo.valiant = 16; /* as the link model's si_samples */
            t = queue_traffic_run(net, m, &job, 1, &qo, NULL);
            queue_apply_traffic(q, t, NULL, NULL);
            link_levels(net, m, res, ref);
            for (int i = 0; i < m->k; i++)
                if (fabs(q->v[i] - ref[i]) > worst)
                    worst = fabs(q->v[i] - ref[i]);
            CHECK(worst < 1e-12 && t->W == res->routed_bytes &&
                      t->routed == res->routed,
                  "%s %s: v equals the link model's bytes per level (%g)",
                  names[c], net_routing_name(r), worst);
            queue_traffic_free(t);
            net_result_free(res);
            queue_free(q);
        }
        queue_map_free(m);
        placement_free(pl);
        pattern_free(pat);
        net_free(net);
    }
}

/* Bit for bit the same for 1 and 3 threads; AD, AI and AH routed. */
static void
test_threads(void)
{
    struct net_spec s;
    struct net *net;
    struct pattern *pat;
    struct placement *pl;

    net_preset("df-small", &s, NULL);
    net = net_new(&s, NULL);
    pat = umesh((int)net_slots(net), 11);
    pl = placement_scheme_new(net, PLACE_RDN, (int)net_slots(net), 5, NULL);
    for (int r = NET_SD; r < NET_ROUTING_COUNT; r++) {
        struct queue_traffic *a = NULL, *b = NULL;
        struct queue *qa = model(net, NULL, pat, pl, r, 1, &a, NULL);
        struct queue *qb = model(net, NULL, pat, pl, r, 3, &b, NULL);
        int k = qa->k;
        CHECK(a->W == b->W &&
                  memcmp(a->H, b->H, (size_t)k * sizeof(double)) == 0 &&
                  memcmp(a->T, b->T, (size_t)k * k * sizeof(double)) == 0,
              "%s: 1 and 3 threads agree bit for bit", net_routing_name(r));
        if (r == NET_AD)
            CHECK(memcmp(qa->v, qb->v, (size_t)k * sizeof(double)) == 0,
                  "AD is routed as SD");
        queue_traffic_free(a);
        queue_traffic_free(b);
        queue_free(qa);
        queue_free(qb);
    }
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

static void
test_groupings(void)
{
    struct net_spec s;
    struct net *df, *tor, *tree;
    struct queue_group_spec g;
    struct queue_map *m;
    struct rho_err err;
    int parent[7] = {-1, 0, 0, 1, 1, 2, 2};
    const char *l1[2] = {"L1-row", "L1-col"}, *l2[1] = {"L2"}, *bad[1] = {"L3"},
               *dup[1] = {"L1-row"};

    net_preset("df-small", &s, NULL);
    df = net_new(&s, NULL);
    m = queue_map_new(df, NULL, &err);
    CHECK(m != NULL && m->k == 3, "dragonfly: 3 levels");
    CHECK_STR(m->name[0], "L1-row", "L1-row");
    CHECK_STR(m->name[2], "L2", "L2");
    queue_map_free(m);

    queue_group_init(&g);
    CHECK(queue_group_add(&g, "local", 2, l1, &err) == 0 &&
              queue_group_add(&g, "global", 1, l2, &err) == 0,
          "two levels given");
    m = queue_map_new(df, &g, &err);
    CHECK(m != NULL && m->k == 2 && strcmp(m->name[0], "local") == 0,
          "local and global");
    if (m != NULL)
        CHECK(m->n[0] + m->n[1] == net_links(df), "every link has a level");
    queue_map_free(m);
    CHECK(queue_group_add(&g, "local", 1, l2, &err) == -1, "a name twice");
    CHECK_STR(err.msg, "level 'local' is given twice", "says which");
    queue_group_fini(&g);

    queue_group_add(&g, "local", 1, dup, NULL);
    m = queue_map_new(df, &g, &err);
    CHECK(m == NULL, "L1-col and L2 left out");
    CHECK_STR(err.msg,
              "class 'L1-col' is in no level (name it, or 'L1-col', in one)",
              "the missing class is named");
    queue_group_add(&g, "more", 1, dup, NULL);
    m = queue_map_new(df, &g, &err);
    CHECK(m == NULL, "a class in two levels");
    CHECK_STR(err.msg, "class 'L1-row' is in levels 'local' and 'more'",
              "both levels named");
    queue_group_fini(&g);
    queue_group_add(&g, "x", 1, bad, NULL);
    m = queue_map_new(df, &g, &err);
    CHECK(m == NULL &&
              strstr(err.msg, "level 'x': the network has no class 'L3' "
                              "(it has 'L1-row', 'L1-col', 'L2')") == err.msg,
          "an unknown class: %s", err.msg);
    queue_group_fini(&g);

    g.kind = QUEUE_GROUP_ALL;
    m = queue_map_new(df, &g, &err);
    CHECK(m->k == 1 && m->n[0] == net_links(df), "all: one level");
    queue_map_free(m);
    g.kind = QUEUE_GROUP_CLASSES;
    net_free(df);

    net_preset("bgq-128", &s, NULL);
    tor = net_new(&s, NULL);
    m = queue_map_new(tor, &g, &err);
    CHECK(m != NULL && m->k == 8,
          "BG/Q classes with links: B+ B- ... E-: 8 (%d)", m ? m->k : -1);
    queue_map_free(m);
    m = queue_map_new(tor, NULL, &err);
    CHECK(m != NULL && m->k == 4 && strcmp(m->name[0], "B") == 0,
          "BG/Q default: a level per dimension with links (A has size 1: "
          "%d levels, first %s)",
          m ? m->k : -1, m ? m->name[0] : "?");
    queue_map_free(m);
    net_free(tor);

    tree = net_tree_new(7, parent, NULL, 1e9, NULL, NULL);
    m = queue_map_new(tree, NULL, &err);
    CHECK(m != NULL && m->k == 2 && strcmp(m->name[0], "depth 2") == 0 &&
              m->n[0] == 8 && m->n[1] == 4,
          "a tree: by depth, the deepest first (8 and 4 links)");
    queue_map_free(m);
    net_free(tree);
    CHECK(queue_group_parse("classes") == QUEUE_GROUP_CLASSES &&
              strcmp(queue_group_name(QUEUE_GROUP_ALL), "all") == 0,
          "grouping names");
}

static void
test_errors(void)
{
    struct net *net = fattree(4, 3, 0);
    struct queue_map *m = queue_map_new(net, NULL, NULL);
    struct pattern *pat = alltoall(8, 1);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, 8, 1, NULL);
    struct net_job job = {pat, pl, 0, NET_SD};
    struct rho_err err;
    struct queue *q = queue_from_map(m);
    struct queue_traffic *t;

    CHECK(queue_traffic_run(net, m, &job, 0, NULL, &err) == NULL &&
              strcmp(err.msg, "queueing model: no traffic") == 0,
          "no jobs");
    job.routing = 42;
    CHECK(queue_traffic_run(net, m, &job, 1, NULL, &err) == NULL,
          "a bad routing");
    job.routing = NET_SD;
    t = queue_traffic_run(net, m, &job, 1, NULL, &err);
    CHECK(t != NULL && t->W > 0, "the fat-tree without injection links");
    CHECK(q->k == 2 && strcmp(q->name[0], "L0-L1") == 0,
          "no nodes level without injection links");
    queue_apply_traffic(q, t, NULL, NULL);
    CHECK(q->v[0] == 2 * 1.0 && q->v[1] > 0,
          "every message leaves its leaf's pair: v1 = 2");
    queue_traffic_free(t);
    queue_free(q);
    queue_map_free(m);
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

/* The largest relative difference of two level arrays (0 where equal). */
static double
level_diff(const double *a, const double *b, int n)
{
    double w = 0;

    for (int i = 0; i < n; i++) {
        double d = a[i] == b[i] ? 0 : fabs(a[i] - b[i]) / fabs(a[i]);
        if (d > w)
            w = d;
    }
    return w;
}

/* A collective whose steps are runs (pattern_emit_runs()): under the
   routings of fixed paths its stretches are routed at once, weighted by
   their bytes; the counts are the messages', the level sums those of its
   messages one by one up to rounding (a stretch's bytes are added once,
   not once a message). Under AI, whose draws are a message's own, it is
   taken message by message: the same bits as before. A 5-group
   dragonfly, 2 nodes a router of 4 cores, in order. */
static void
test_runs(void)
{
    struct net_dragonfly_params dp;
    struct net *net;
    struct placement *pl;
    struct rho_err e;
    int n;
    static const int coll[2] = {COLL_RS_PAIRWISE, COLL_REDUCE_RABENSEIFNER};

    memset(&dp, 0, sizeof dp);
    dp.groups = 5;
    dp.chassis = 2;
    dp.routers = 3;
    dp.nodes_per_router = 2;
    dp.cores = 4;
    dp.global_per_pair = 1;
    dp.bw_row = dp.bw_col = dp.bw_global = 1e9;
    dp.inj_bw = 4e9;
    net = net_dragonfly_new(&dp, NULL);
    n = (int)net_slots(net);
    pl = placement_scheme_new(net, PLACE_LINEAR, n, 0, NULL);
    for (int c = 0; c < 2; c++) {
        struct pattern *p = pattern_collective(coll[c], n, 3e6, 0, NULL, &e);
        struct msg_cap x;
        struct pattern *list;
        memset(&x, 0, sizeof x);
        for (long long u = 0; u < pattern_units(p); u++)
            pattern_emit(p, u, msg_cap_push, &x);
        list = pattern_list(n, x.n, x.s, x.d, x.b, NULL, NULL);
        for (int r = NET_DOR; r <= NET_AI; r++) {
            struct queue_traffic *a = NULL, *b = NULL;
            struct queue *qa, *qb;
            double d;
            int k;
            if (r == NET_SI)
                continue;
            qa = model(net, NULL, p, pl, r, 2, &a, NULL);
            qb = model(net, NULL, list, pl, r, 2, &b, NULL);
            if (qa == NULL || qb == NULL)
                break;
            k = qa->k;
            d = level_diff(b->H, a->H, k);
            if (level_diff(b->F, a->F, k) > d)
                d = level_diff(b->F, a->F, k);
            if (level_diff(b->L, a->L, k) > d)
                d = level_diff(b->L, a->L, k);
            if (level_diff(b->top, a->top, k) > d)
                d = level_diff(b->top, a->top, k);
            if (level_diff(b->T, a->T, k * k) > d)
                d = level_diff(b->T, a->T, k * k);
            if (level_diff(&b->W, &a->W, 1) > d)
                d = level_diff(&b->W, &a->W, 1);
            if (level_diff(&b->bytes, &a->bytes, 1) > d)
                d = level_diff(&b->bytes, &a->bytes, 1);
            if (r == NET_AI) /* (its keys: the unit's, not the list's) */
                CHECK(a->msgs == b->msgs && a->routed == b->routed,
                      "%s AI: %lld messages one by one", pattern_name(p),
                      a->msgs);
            else
                CHECK(a->msgs == b->msgs && a->routed == b->routed &&
                          a->sampled == b->sampled && a->msgs == x.n &&
                          d < 1e-12,
                      "%s %s: %lld messages by stretches, their levels "
                      "within %.2g of one by one",
                      pattern_name(p), net_routing_name(r), a->msgs, d);
            queue_traffic_free(a);
            queue_traffic_free(b);
            queue_free(qa);
            queue_free(qb);
        }
        pattern_free(list);
        pattern_free(p);
        msg_cap_free(&x);
    }
    placement_free(pl);
    net_free(net);
}

int
main(void)
{
    test_fattree_uniform();
    test_example2();
    test_example4();
    test_reference();
    test_threads();
    test_runs();
    test_groupings();
    test_errors();
    TEST_DONE();
}
