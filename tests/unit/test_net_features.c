/*
 * test_net_features: Jain's Table 4.2 indicators on a hand-worked 4x4
 * torus: four messages of 100 B under DOR, dilations 1, 2, 4 and 1.
 */
#include "core/net/net_features.h"

#include <math.h>
#include <string.h>

#include "harness.h"

static void
test_hand(void)
{
    struct net_torus_params tp;
    struct net *net;
    struct placement *pl;
    struct pattern *pat;
    struct net_job job;
    struct net_result *res;
    struct net_features *f;
    struct rho_err e;
    /* (0,0)->(1,0), ->(2,0) (a tie: +), ->(2,2); (1,0)->(0,0) */
    int src[4] = {0, 0, 0, 1}, dst[4] = {1, 2, 10, 0};
    double b[4] = {100, 100, 100, 100};

    memset(&tp, 0, sizeof tp);
    tp.nd = 2;
    tp.dim[0] = tp.dim[1] = 4;
    tp.wrap[0] = tp.wrap[1] = 1;
    tp.nodes_per_router = tp.cores = 1;
    tp.bw = 1e9;
    net = net_torus_new(&tp, NULL);
    pl = placement_scheme_new(net, PLACE_LINEAR, 16, 0, NULL);
    pat = pattern_list(16, 4, src, dst, b, NULL, NULL);
    job = (struct net_job){pat, pl, 0, NET_DOR};
    res = net_model_solve(net, &job, 1, NULL, NULL);
    f = net_features_new(net, &job, 1, res, 1, NULL, &e);
    CHECK(f != NULL && f->msgs == 4, "4 messages");
    /* dilations 1, 2, 4, 1: mean 2; above it only the 4 */
    CHECK(f->avg_dilation == 2 && f->max_dilation == 4 &&
              f->n_dilation_ao == 1 && f->avg_dilation_ao == 4 &&
              f->sum_dilation_ao == 4 && f->hop_bytes == 800,
          "dilation: mean 2, max 4, AO {4}; hop-bytes 800");
    /* links: (0,0)->(1,0) 300 B, (1,0)->(2,0) 200, (2,0)->(2,1) 100,
       (2,1)->(2,2) 100, (1,0)->(0,0) 100; 59 idle links of 64 */
    CHECK(f->cls[0].links == 64 && f->cls[0].sum == 800 &&
              f->cls[0].avg == 12.5 && f->cls[0].max == 300,
          "all links: 800 B over 64, max 300");
    CHECK(f->cls[0].n_ao == 5 && f->cls[0].avg_ao == 160,
          "AO: the 5 used links, 160 B on average");
    CHECK(f->cls[0].avg_to == 160 && f->cls[0].avg_to_nearmax == 300,
          "TO: the 95th percentile is 100 B (mean of >= it: 160); near the "
          "max: 300");
    CHECK(strcmp(f->cls[1].name, "dim 0 +") == 0 && f->cls[1].sum == 500 &&
              f->cls[1].n_ao == 2 && f->cls[1].max == 300,
          "dim 0 +: 500 B on 2 links");
    /* node 0's three messages leave by its +x link */
    CHECK(f->max_inj_fifo == 3, "max inj FIFO: 3 messages on node 0's +x");
    CHECK(net_feature_value(f, 0) == 4 && net_feature_value(f, 6) == 300 &&
              net_feature_value(f, 7) == 5 && net_feature_value(f, 18) == 3 &&
              isnan(net_feature_value(f, 8)) && !net_feature_computed(9) &&
              net_feature_computed(18),
          "Table 4.2's order; stalls are not computed");
    CHECK(strcmp(net_feature_names[18], "max inj FIFO") == 0 &&
              strcmp(net_feature_names[2], "sum dilation AO") == 0,
          "named as Table 4.2");
    net_features_free(f);
    CHECK(net_features_new(net, &job, 1, NULL, 1, NULL, &e) == NULL, "no result: %s",
          e.msg);
    net_result_free(res);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

/* Table 4.2 for people: sizes, counts with thousands, ratios, "-". */
static void
test_text(void)
{
    struct net_class_features all;
    struct net_features f;
    char buf[64];

    memset(&f, 0, sizeof f);
    memset(&all, 0, sizeof all);
    all.avg = 1536;
    all.max = 2.5 * 1024 * 1024;
    all.n_ao = 1600;
    f.cls = &all;
    f.nclasses = 1;
    f.avg_dilation_ao = 3.453394;
    f.sum_dilation_ao = 282902;
    f.max_dilation = 11;
    f.max_inj_fifo = 1234567;
    CHECK(strcmp(net_feature_text(&f, 0, buf, sizeof buf), "3.453") == 0,
          "avg dilation AO, 4 digits as the average dilation: %s", buf);
    CHECK(strcmp(net_feature_text(&f, 2, buf, sizeof buf), "282,902") == 0,
          "sum dilation AO, thousands: %s", buf);
    CHECK(strcmp(net_feature_text(&f, 3, buf, sizeof buf), "1.5 KiB") == 0,
          "avg bytes, a size: %s", buf);
    CHECK(strcmp(net_feature_text(&f, 6, buf, sizeof buf), "2.5 MiB") == 0,
          "max bytes, a size: %s", buf);
    CHECK(strcmp(net_feature_text(&f, 7, buf, sizeof buf), "1,600") == 0,
          "#links AO bytes, a count: %s", buf);
    CHECK(strcmp(net_feature_text(&f, 8, buf, sizeof buf), "-") == 0,
          "avg stalls: not computed");
    CHECK(strcmp(net_feature_text(&f, 18, buf, sizeof buf), "1,234,567") == 0,
          "max inj FIFO: %s", buf);
}

int
main(void)
{
    test_hand();
    test_text();
    TEST_DONE();
}
