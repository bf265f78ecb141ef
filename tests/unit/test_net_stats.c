/*
 * test_net_stats: quartiles (numpy's linear interpolation), zero-traffic
 * links counted, links used, the hottest links by name, per-class split,
 * the mapping metrics of a solve.
 */
#include "core/net/net_stats.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"

static void
test_quantile(void)
{
    double a[4] = {4, 1, 3, 2}, b[1] = {7}, c[5] = {0, 0, 0, 10, 2};
    double big[1001];

    CHECK_NEAR(net_stats_quantile(a, 4, 0.25), 1.75, 1e-15, "q1 of 1..4");
    CHECK_NEAR(net_stats_quantile(a, 4, 0.5), 2.5, 1e-15, "median of 1..4");
    CHECK_NEAR(net_stats_quantile(a, 4, 0.75), 3.25, 1e-15, "q3 of 1..4");
    CHECK_NEAR(net_stats_quantile(a, 4, 1), 4, 0, "q = 1 is the max");
    CHECK_NEAR(net_stats_quantile(b, 1, 0.5), 7, 0, "one value");
    CHECK(net_stats_quantile(b, 0, 0.5) == 0, "no value: 0");
    CHECK_NEAR(net_stats_quantile(c, 5, 0.5), 0, 0, "zeros count: median 0");
    CHECK_NEAR(net_stats_quantile(c, 5, 0.75), 2, 0, "q3 = 2");
    for (int i = 0; i < 1001; i++)
        big[i] = (double)((i * 7919) % 1001);
    CHECK_NEAR(net_stats_quantile(big, 1001, 0.25), 250, 0,
               "q1 of a shuffled 0..1000");
    CHECK_NEAR(net_stats_quantile(big, 1001, 0.9), 900, 0, "q0.9");
}

static void
test_classes(void)
{
    struct net_torus_params p;
    struct net *net;
    struct net_stats *st;
    double *bytes;
    const struct net_class_stats *all, *xp;
    char b[NET_NAME_MAX];

    memset(&p, 0, sizeof p);
    p.nd = 2;
    p.dim[0] = p.dim[1] = 3;
    p.wrap[0] = p.wrap[1] = 1;
    p.nodes_per_router = p.cores = 1;
    p.bw = 1;
    net = net_torus_new(&p, NULL);
    bytes = calloc((size_t)net_links(net), sizeof(double));
    /* 36 links; load three +x links and one -y link */
    bytes[net_torus_link(net, 0, 0, 1)] = 8;
    bytes[net_torus_link(net, 4, 0, 1)] = 2;
    bytes[net_torus_link(net, 8, 0, 1)] = 2;
    bytes[net_torus_link(net, 1, 1, -1)] = 5;
    st = net_stats_new(net, bytes, 2, NULL);
    all = net_stats_find(st, "all");
    CHECK(st->nclasses == 5 && all == &st->cls[0], "all + 4 classes");
    CHECK(all->links == 36 && all->used == 4 && all->min == 0 &&
              all->max == 8 && all->sum == 17,
          "all: 36 links, 4 used, min 0 (zeros count), max 8");
    CHECK_NEAR(all->mean, 17.0 / 36, 1e-15, "mean over all links");
    CHECK(all->median == 0 && all->q3 == 0, "median and q3 are zero");
    CHECK(all->min_used == 2, "min over used links 2");
    CHECK(all->ntop == 2 && all->top[0] == net_torus_link(net, 0, 0, 1) &&
              all->top[1] == net_torus_link(net, 1, 1, -1) &&
              all->top_bytes[1] == 5,
          "the two hottest links, hottest first");
    CHECK_STR(net_link_name(net, all->top[0], b, sizeof b), "(0,0)->(1,0)",
              "hottest by name");
    xp = net_stats_find(st, "dim 0 +");
    CHECK(xp != NULL && xp->links == 9 && xp->used == 3 && xp->max == 8 &&
              xp->min == 0,
          "class dim 0 +: 9 links, 3 used");
    CHECK_NEAR(xp->q3, 2, 1e-15, "its q3");
    CHECK(xp->ntop == 2 && xp->top[1] == net_torus_link(net, 4, 0, 1),
          "ties broken by link id");
    CHECK(net_stats_find(st, "nope") == NULL, "unknown class");
    net_stats_free(st);
    CHECK(net_stats_new(net, NULL, 1, NULL) == NULL, "no bytes: error");
    free(bytes);
    net_free(net);
}

static void
test_mapping(void)
{
    struct net_torus_params p;
    struct net *net;
    struct placement *pl;
    struct pattern *pat;
    struct net_result *r;
    struct net_stats *st;
    struct net_job job;
    int src[3] = {0, 1, 2}, dst[3] = {2, 1, 3};
    double by[3] = {10, 7, 30};

    memset(&p, 0, sizeof p);
    p.nd = 1;
    p.dim[0] = 8;
    p.wrap[0] = 0;
    p.nodes_per_router = p.cores = 1;
    p.bw = 10;
    net = net_torus_new(&p, NULL);
    pl = placement_scheme_new(net, PLACE_LINEAR, 8, 0, NULL);
    pat = pattern_list(8, 3, src, dst, by, NULL, NULL);
    job.pattern = pat;
    job.placement = pl;
    job.offset = 0;
    job.routing = NET_SD;
    r = net_model_solve(net, &job, 1, NULL, NULL);
    st = net_stats_result(net, r, 1, NULL);
    /* 0->2: 2 hops x 10 B; 1->1: none; 2->3: 1 hop x 30 B */
    CHECK(st->msgs == 3 && st->routed == 2, "3 messages, 2 routed");
    CHECK(st->hop_bytes == 50 && st->max_hops == 2, "hop-bytes 50, max 2");
    CHECK_NEAR(st->avg_hops, 1.0, 1e-15, "mean hops over all messages");
    CHECK_NEAR(st->avg_hops_per_byte, 50.0 / 47, 1e-15, "hops per byte");
    CHECK_NEAR(st->avg_bytes_per_link, 50.0 / 14, 1e-15,
               "bytes per link over all 14 links");
    CHECK(st->max_bytes_per_link == 30, "max bytes per link");
    CHECK_NEAR(st->phase_time_ext, 3, 1e-15, "EXTENSION: 30 B over 10 B/s");
    net_stats_free(st);
    net_result_free(r);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

/* Jain's cost model on a ring of 4 routers (links of 1 GB/s): a ring
   allgather of n = 4 MiB sends 3 MiB over every + link, so the busiest
   link gives 3 MiB b, exactly Table 8.1's (p-1)/p n b; a pairwise
   reduce-scatter adds (p-1)/p n g of reduction. */
static void
test_coll_cost(void)
{
    struct net_torus_params p;
    struct net *net;
    struct pattern *ring, *rs, *perm;
    struct placement *pl;
    struct net_job jobs[2];
    struct net_result *res;
    struct net_coll_cost c[4];
    double n = 4 * 1048576.0, g = 1e-9;

    memset(&p, 0, sizeof p);
    p.nd = 1;
    p.dim[0] = 4;
    p.wrap[0] = 1;
    p.nodes_per_router = p.cores = 1;
    p.bw = 1e9;
    net = net_torus_new(&p, NULL);
    pl = placement_scheme_new(net, PLACE_LINEAR, 4, 0, NULL);
    ring = pattern_collective(COLL_ALLGATHER_RING, 4, n, 1, NULL, NULL);
    jobs[0] = (struct net_job){ring, pl, 0, NET_DOR};
    res = net_model_solve(net, jobs, 1, NULL, NULL);
    CHECK(net_stats_coll(net, jobs, 1, res, g, c, 4) == 1, "one collective");
    CHECK(c[0].job == 0 && c[0].phase == 0 && c[0].busiest == 3 * 1048576.0 &&
              c[0].beta == 1e-9 && c[0].link >= 0,
          "the busiest link carries 3 MiB at 1 ns/B");
    CHECK_NEAR(c[0].link_time, 3 * 1048576.0 * 1e-9, 1e-18,
               "3 MiB b on the links");
    CHECK_NEAR(c[0].table_time, 0.75 * n * 1e-9, 1e-18,
               "Table 8.1: (p-1)/p n b, the same here");
    CHECK(c[0].reduce_time == 0, "no reduction in an allgather");
    net_result_free(res);
    rs = pattern_collective(COLL_RS_PAIRWISE, 4, n, 1, NULL, NULL);
    perm = pattern_perm(4, PERM_REVERSE, 1, 1, 0, NULL);
    jobs[0].pattern = perm;
    jobs[1] = (struct net_job){rs, pl, 0, NET_DOR};
    res = net_model_solve(net, jobs, 2, NULL, NULL);
    CHECK(net_stats_coll(net, jobs, 2, res, g, c, 4) == 1 && c[0].job == 1,
          "only the collective job has a cost");
    CHECK_NEAR(c[0].reduce_time, 0.75 * n * g, 1e-18,
               "pairwise: (p-1)/p n g reduced");
    CHECK(net_stats_coll(net, jobs, 2, res, g, c, 0) == 1,
          "counted even with no room");
    net_result_free(res);
    pattern_free(ring);
    pattern_free(rs);
    pattern_free(perm);
    placement_free(pl);
    net_free(net);
}

/* Two jobs on a line of 8 routers (10 B/s links), worked by hand. Job A
   (ranks 0-3 on routers 0-3): 0->2 10 B, 3->1 20 B. Job B (ranks 0-3 on
   routers 2-5): 0->2 30 B, 1->0 6 B. A's bytes: 0->1 10, 1->2 10, 3->2
   20, 2->1 20; B's: 2->3 30, 3->4 30, 3->2 6. They share 3->2 (26 B). */
static void
test_jobs(void)
{
    struct net_torus_params p;
    struct net *net;
    struct placement *pl;
    struct pattern *a, *b;
    struct net_job jobs[2];
    struct net_opts o;
    struct net_result *res;
    struct net_jobs_stats *js;
    const struct net_job_stats *ja, *jb;
    struct rho_err err;
    int sa[2] = {0, 3}, da[2] = {2, 1}, sb[2] = {0, 1}, db[2] = {2, 0};
    double ya[2] = {10, 20}, yb[2] = {30, 6}, sum = 0, links = 0;
    int plus, minus;
    char name[NET_NAME_MAX];

    memset(&p, 0, sizeof p);
    p.nd = 1;
    p.dim[0] = 8;
    p.nodes_per_router = p.cores = 1;
    p.bw = 10;
    net = net_torus_new(&p, NULL);
    pl = placement_scheme_new(net, PLACE_LINEAR, 8, 0, NULL);
    a = pattern_list(4, 2, sa, da, ya, NULL, NULL);
    b = pattern_list(4, 2, sb, db, yb, NULL, NULL);
    jobs[0] = (struct net_job){a, pl, 0, NET_SD};
    jobs[1] = (struct net_job){b, pl, 2, NET_SD};
    net_opts_init(&o);
    res = net_model_solve(net, jobs, 2, &o, NULL);
    CHECK(net_stats_jobs(net, jobs, 2, res, &err) == NULL &&
              strstr(err.msg, "no bytes per job") != NULL,
          "two jobs need bytes per job: %s", err.msg);
    net_result_free(res);
    o.per_job = 1;
    res = net_model_solve(net, jobs, 2, &o, NULL);
    js = net_stats_jobs(net, jobs, 2, res, &err);
    CHECK(js != NULL && js->njobs == 2 && js->nclasses == 2, "2 jobs, 2 classes");
    ja = &js->job[0];
    jb = &js->job[1];
    CHECK(ja->ranks == 4 && ja->routers == 4 && ja->msgs == 2 &&
              ja->bytes == 30,
          "A: 4 ranks on 4 routers, 2 messages of 30 B");
    CHECK(jb->ranks == 4 && jb->routers == 4 && jb->msgs == 2 &&
              jb->bytes == 36,
          "B: 4 ranks on 4 routers, 2 messages of 36 B");
    CHECK(ja->link_bytes == 60 && ja->links == 4 && ja->own_max == 20,
          "A: 60 B over 4 links, 20 at most (got %g, %lld, %g)",
          ja->link_bytes, ja->links, ja->own_max);
    CHECK(jb->link_bytes == 66 && jb->links == 3 && jb->own_max == 30,
          "B: 66 B over 3 links, 30 at most");
    CHECK(ja->shared == 1 && ja->shared_bytes == 20 && jb->shared == 1 &&
              jb->shared_bytes == 6,
          "one shared link: A's 20 B, B's 6 B on it");
    CHECK_NEAR(ja->alone, 2, 1e-15, "A alone: 20 B / 10 B/s");
    CHECK_NEAR(jb->alone, 3, 1e-15, "B alone: 30 B / 10 B/s");
    CHECK(ja->busiest == net_torus_link(net, 3, 0, -1) &&
              ja->busiest_bytes == 26 && ja->busiest_own == 20 &&
              ja->busiest_jobs == 2 && ja->other == 1 &&
              ja->other_bytes == 6,
          "A's busiest link is 3->2 (%s), 26 B, 6 of them B's",
          ja->busiest >= 0 ? net_link_name(net, ja->busiest, name, sizeof name)
                           : "none");
    CHECK_NEAR(ja->with, 2.6, 1e-15, "A among the others: 26 B / 10 B/s");
    CHECK(jb->busiest == net_torus_link(net, 2, 0, 1) &&
              jb->busiest_jobs == 1 && jb->other == -1 && jb->with == 3,
          "B's busiest: 2->3 (the lower id of two 30 B links), its alone");
    plus = net_link_class(net, net_torus_link(net, 0, 0, 1));
    minus = net_link_class(net, net_torus_link(net, 1, 0, -1));
    CHECK(js->cls[0 * 2 + plus] == 20 && js->cls[0 * 2 + minus] == 40 &&
              js->cls[1 * 2 + plus] == 60 && js->cls[1 * 2 + minus] == 6,
          "per class: A 20 + / 40 -, B 60 + / 6 -");
    CHECK(ja->bw_n == 0 && jb->bw_n == 0, "a static run: no bandwidths");
    /* conservation: the jobs' bytes add up to the run's */
    for (int l = 0; l < res->nlinks; l++)
        links += res->bytes[l];
    sum = ja->link_bytes + jb->link_bytes;
    CHECK(sum == links && sum == res->hop_bytes,
          "the jobs' link bytes sum to every link's (%g, %g)", sum, links);
    CHECK(ja->bytes + jb->bytes == res->total_bytes,
          "the jobs' bytes sum to the run's");
    net_jobs_stats_free(js);
    net_result_free(res);
    /* adaptive: each routed message's bandwidth, per job */
    jobs[0].routing = jobs[1].routing = NET_AD;
    res = net_model_solve(net, jobs, 2, &o, NULL);
    js = net_stats_jobs(net, jobs, 2, res, &err);
    CHECK(js != NULL && js->job[0].bw_n == 2 && js->job[1].bw_n == 2,
          "adaptive: 2 routed messages a job");
    if (js != NULL) {
        double worst = 0, mean = 0;
        for (long long m = 0; m < res->nmsg; m++)
            if (res->msg_job[m] == 1) {
                mean += res->msg_bw[m] / 2;
                if (res->msg_bytes[m] / res->msg_bw[m] > worst)
                    worst = res->msg_bytes[m] / res->msg_bw[m];
            }
        CHECK(js->job[1].bw_min > 0 && js->job[1].bw_min <= js->job[1].bw_max &&
                  js->job[1].bw_starved == 0,
              "B's messages all obtained bandwidth");
        CHECK_NEAR(js->job[1].bw_mean, mean, 1e-9, "B's mean bandwidth");
        CHECK_NEAR(js->job[1].worst, worst, 1e-12, "B's slowest message");
    }
    net_jobs_stats_free(js);
    net_jobs_stats_free(NULL);
    net_result_free(res);
    pattern_free(a);
    pattern_free(b);
    placement_free(pl);
    net_free(net);
}

/* Two traffic vectors of a 3x3 torus (36 links of 2 B/s) compared by
   hand: +x of router 0 8 -> 2 B, +x of 4 2 -> 2 (unchanged), -y of 1
   0 -> 6, +y of 2 5 -> 0. */
static void
test_diff(void)
{
    struct net_torus_params p;
    struct net *net;
    struct net_diff *d;
    double *a, *b;
    int x0, x4, y1, y2;
    const struct net_diff_class *xp = NULL, *ym = NULL;

    memset(&p, 0, sizeof p);
    p.nd = 2;
    p.dim[0] = p.dim[1] = 3;
    p.wrap[0] = p.wrap[1] = 1;
    p.nodes_per_router = p.cores = 1;
    p.bw = 2;
    net = net_torus_new(&p, NULL);
    a = calloc((size_t)net_links(net), sizeof(double));
    b = calloc((size_t)net_links(net), sizeof(double));
    x0 = net_torus_link(net, 0, 0, 1);
    x4 = net_torus_link(net, 4, 0, 1);
    y1 = net_torus_link(net, 1, 1, -1);
    y2 = net_torus_link(net, 2, 1, 1);
    a[x0] = 8, b[x0] = 2;
    a[x4] = b[x4] = 2;
    b[y1] = 6;
    a[y2] = 5;
    CHECK(net_stats_diff(net, a, NULL, NULL) == NULL, "no bytes: NULL");
    d = net_stats_diff(net, a, b, NULL);
    CHECK(d->changed == 3 && d->up == 1 && d->down == 2,
          "3 links changed: 1 up, 2 down");
    CHECK(d->order[0] == x0 && d->order[1] == y1 && d->order[2] == y2,
          "by change: 6 (x0), then 6 (y1, a higher id) and 5 (y2)");
    CHECK(d->cls[0].links == 36 && d->cls[0].changed == 3 &&
              d->cls[0].max_a == 8 && d->cls[0].max_b == 6,
          "all: max 8 -> 6");
    CHECK_NEAR(d->cls[0].mean_a, 15.0 / 36, 1e-15, "mean before 15/36");
    CHECK_NEAR(d->cls[0].mean_b, 10.0 / 36, 1e-15, "mean after 10/36");
    CHECK_NEAR(d->busy_a, 4, 0, "busiest before: 8 B / 2 B/s");
    CHECK_NEAR(d->busy_b, 3, 0, "busiest after: 6 B / 2 B/s");
    for (int c = 1; c < d->nclasses; c++) {
        if (d->cls[c].cls == net_link_class(net, x0))
            xp = &d->cls[c];
        if (d->cls[c].cls == net_link_class(net, y1))
            ym = &d->cls[c];
    }
    CHECK(xp != NULL && xp->links == 9 && xp->changed == 1 &&
              xp->max_a == 8 && xp->max_b == 2,
          "the +x class: 1 of 9 changed, max 8 -> 2");
    CHECK(ym != NULL && ym->changed == 1 && ym->max_a == 0 && ym->max_b == 6,
          "the -y class: max 0 -> 6");
    net_diff_free(d);
    d = net_stats_diff(net, a, a, NULL);
    CHECK(d->changed == 0 && d->up == 0 && d->busy_a == d->busy_b,
          "a vector against itself: nothing changed");
    net_diff_free(d);
    net_diff_free(NULL);
    free(a);
    free(b);
    net_free(net);
}

int
main(void)
{
    test_quantile();
    test_classes();
    test_mapping();
    test_coll_cost();
    test_jobs();
    test_diff();
    TEST_DONE();
}
