/*
 * test_queue: the closed forms of the aggregate queueing model against the
 * hand-computed examples of the digest (../shared/research/seed-003-004.md
 * 2.9, exact fractions) and the seed's experiments (2.6): the corrected
 * Theorem 3.2 (max, not min), the traffic equations with p_ii, delays in
 * both modes, Theorem 3.3, the square-root split, the allocation policies
 * of the GUPS network and the slimming of fat-trees.
 */
#include "core/queue/queue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* Example 1: a 3-level direct network in the paper's form (p_ii = 0). */
static struct queue *
example1(void)
{
    struct queue *q = queue_new(3);
    double p0[3] = {1, 0, 0};
    double P[9] = {0, 0.5, 0,   /* from 1: to 2 half, exit half */
                   0, 0,   0.5, /* from 2: to 3 half, exit half */
                   0, 0,   0};  /* from 3: exit */
    double mu[3] = {10, 4, 2};
    struct rho_err err;

    CHECK(queue_set_routing(q, p0, P, NULL, &err) == 0, "example 1: %s",
          err.msg);
    memcpy(q->mu, mu, sizeof mu);
    for (int i = 0; i < 3; i++)
        q->n[i] = 1;
    return q;
}

static void
test_example1(void)
{
    struct queue *q = example1();
    struct queue_opts o = {1, QUEUE_AGGREGATE}; /* S = 1 packet */
    struct queue_point pt;
    struct queue_level_point lv[3];
    double mu[3], ident = 0, dmin = INFINITY;

    CHECK_NEAR(q->v[0], 1, 1e-15, "v1 = 1");
    CHECK_NEAR(q->v[1], 0.5, 1e-15, "v2 = 1/2");
    CHECK_NEAR(q->v[2], 0.25, 1e-15, "v3 = 1/4");
    CHECK_NEAR(queue_visits_sum(q), 1.75, 1e-15, "V = 7/4");
    CHECK_NEAR(q->pexit[0], 0.5, 0, "p10 = 1/2 (the rest of the row)");
    for (int i = 0; i < 3; i++)
        ident += q->pexit[i] * q->v[i];
    CHECK_NEAR(ident, 1, 1e-15, "sum p_i0 v_i = 1: every byte leaves once");

    /* light load */
    queue_eval(q, NULL, 6, &o, &pt, lv);
    CHECK(pt.d == 0 && pt.lambda_e == 6 && !pt.saturated,
          "lambda 6: no throttle");
    CHECK_NEAR(lv[0].x, 6, 1e-12, "x1 = 6");
    CHECK_NEAR(lv[1].x, 3, 1e-12, "x2 = 3");
    CHECK_NEAR(lv[2].x, 1.5, 1e-12, "x3 = 3/2");
    CHECK_NEAR(lv[0].rho, 0.6, 1e-12, "rho1 = 0.6");
    CHECK_NEAR(lv[1].rho, 0.75, 1e-12, "rho2 = 0.75");
    CHECK_NEAR(lv[2].rho, 0.75, 1e-12, "rho3 = 0.75");
    CHECK_NEAR(lv[0].D, 0.25, 1e-12, "D1 = 1/4");
    CHECK_NEAR(lv[1].D, 1, 1e-12, "D2 = 1");
    CHECK_NEAR(lv[2].D, 2, 1e-12, "D3 = 2");
    CHECK_NEAR(pt.delay, 1.25, 1e-12, "D = 1.25 us");

    /* overload: the corrected Theorem 3.2 */
    queue_eval(q, NULL, 12, &o, &pt, lv);
    CHECK_NEAR(pt.d, 4, 1e-12, "lambda 12: d* = max(2, 4, 4) = 4");
    CHECK_NEAR(pt.lambda_e, 8, 1e-12, "Theta = 8");
    CHECK(pt.bottleneck == 1 && pt.saturated, "level 2 is the bottleneck");
    CHECK_NEAR(lv[1].rho, 1, 1e-12, "rho2 = 1");
    CHECK_NEAR(lv[2].rho, 1, 1e-12, "rho3 = 1");
    CHECK(lv[1].saturated && lv[2].saturated && !lv[0].saturated,
          "levels 2 and 3 saturated");
    CHECK(isinf(pt.delay), "a saturated network has no finite delay");
    /* erratum E1: the paper's min gives d = 2 and x2 = 5 > mu2 = 4 */
    for (int i = 0; i < 3; i++)
        if (12 - q->mu[i] / q->v[i] < dmin)
            dmin = 12 - q->mu[i] / q->v[i];
    CHECK(dmin == 2 && (12 - dmin) * q->v[1] > q->mu[1],
          "the literal min is infeasible (E1)");

    /* Theorem 3.3, U = 16 */
    CHECK_NEAR(queue_split(q, QUEUE_OPTIMAL, 16, 0, &o, mu), 64.0 / 7, 1e-12,
               "optimal: lambda_sat = U/V = 64/7");
    CHECK_NEAR(mu[0], 64.0 / 7, 1e-12, "mu1* = 64/7");
    CHECK_NEAR(mu[1], 32.0 / 7, 1e-12, "mu2* = 32/7");
    CHECK_NEAR(mu[2], 16.0 / 7, 1e-12, "mu3* = 16/7");
    queue_eval(q, mu, 12, &o, &pt, NULL);
    CHECK_NEAR(pt.d, 20.0 / 7, 1e-12, "optimal at 12: d* = 20/7");
    queue_eval(q, mu, 6, &o, &pt, lv);
    for (int i = 0; i < 3; i++)
        CHECK_NEAR(lv[i].rho, 0.65625, 1e-12,
                   "optimal at 6: every level at 0.65625 (level %d)", i + 1);
    CHECK_NEAR(lv[0].D, 7.0 / 22, 1e-12, "D1 = 7/22");
    CHECK_NEAR(lv[1].D, 7.0 / 11, 1e-12, "D2 = 7/11");
    CHECK_NEAR(lv[2].D, 14.0 / 11, 1e-12, "D3 = 14/11");
    CHECK_NEAR(pt.delay, 21.0 / 22, 1e-12, "D = 21/22 = K/(U/V - lambda)");

    /* Kleinrock's square-root split at lambda 6 */
    queue_split(q, QUEUE_SQRT, 16, 6, &o, mu);
    CHECK_NEAR(mu[0], 8.491950, 1e-6, "sqrt: mu1 = 8.491950");
    CHECK_NEAR(mu[1], 4.762075, 1e-6, "sqrt: mu2 = 4.762075");
    CHECK_NEAR(mu[2], 2.745975, 1e-6, "sqrt: mu3 = 2.745975");
    CHECK_NEAR(mu[0] + mu[1] + mu[2], 16, 1e-12, "sqrt: within the budget");
    queue_eval(q, mu, 6, &o, &pt, NULL);
    CHECK_NEAR(pt.delay, 0.885695, 1e-6, "sqrt: D = 0.885695 < 21/22");
    CHECK_NEAR(pt.delay, pow(1 + sqrt(0.5) + 0.5, 2) / 5.5, 1e-12,
               "sqrt: D = (sum sqrt v)^2 / (U - lambda V)");
    /* beyond the budget's saturation it is the optimal split */
    queue_split(q, QUEUE_SQRT, 16, 12, &o, mu);
    CHECK_NEAR(mu[0], 64.0 / 7, 1e-12, "sqrt beyond saturation: optimal");
    queue_free(q);
}

/* Example 2: a 4-ary 2-tree, p_ii != 0 needed. */
static void
test_example2(void)
{
    struct queue *q = queue_new(2);
    double p0[2] = {1, 0};
    double P[4] = {0.1, 0.4, 0.5, 0.5};
    double lit[4] = {0, 0.4, 0.5, 0};
    double v[2], mu[2];
    struct queue_opts o = {256, QUEUE_AGGREGATE};
    struct queue_point pt;
    struct queue_level_point lv[2];
    struct rho_err err;

    CHECK(queue_set_routing(q, p0, P, NULL, &err) == 0, "example 2");
    CHECK_NEAR(q->v[0], 2, 1e-12, "v1 = 2");
    CHECK_NEAR(q->v[1], 1.6, 1e-12, "v2 = 1.6 = 2(16 - 4)/15");
    CHECK(queue_visits(2, p0, lit, v, &err) == 0, "the paper's literal A");
    CHECK(fabs(v[0] - 1.25) < 1e-12 && fabs(v[1] - 0.5) < 1e-12,
          "dropping p_ii gives the wrong v = (1.25, 0.5)");
    for (int i = 0; i < 2; i++) {
        q->n[i] = 32;
        q->mu[i] = 32e9;
    }
    queue_eval(q, NULL, 8e9, &o, &pt, lv);
    CHECK_NEAR(lv[0].x, 16e9, 1e-3, "x1 = 16 GB/s");
    CHECK_NEAR(lv[1].x, 12.8e9, 1e-3, "x2 = 12.8 GB/s");
    CHECK_NEAR(lv[0].rho, 0.5, 1e-12, "rho1 = 0.5");
    CHECK_NEAR(lv[1].rho, 0.4, 1e-12, "rho2 = 0.4");
    CHECK_NEAR(lv[0].D * 1e9, 16, 1e-9, "aggregate D1 = 16 ns");
    CHECK_NEAR(lv[1].D * 1e9, 40.0 / 3, 1e-9, "aggregate D2 = 13.333 ns");
    CHECK_NEAR(pt.delay * 1e9, 160.0 / 3, 1e-9, "aggregate D = 53.333 ns");
    o.delay = QUEUE_PER_LINK;
    queue_eval(q, NULL, 8e9, &o, &pt, lv);
    CHECK_NEAR(lv[0].D * 1e9, 512, 1e-8, "per link D1 = 512 ns");
    CHECK_NEAR(lv[1].D * 1e9, 1280.0 / 3, 1e-8, "per link D2 = 426.667 ns");
    CHECK_NEAR(pt.delay * 1e9, 5120.0 / 3, 1e-8, "per link D = 1706.667 ns");
    CHECK_NEAR(lv[0].rho, 0.5, 1e-12, "utilisation is the same in both");

    CHECK_NEAR(queue_saturation(q, NULL, &pt.bottleneck), 16e9, 1e-3,
               "saturation 16 GB/s");
    CHECK(pt.bottleneck == 0, "level 1 (injection) is the bottleneck");
    queue_slim(q, q->mu, 0.5, mu);
    CHECK(mu[0] == 32e9 && mu[1] == 16e9, "slim 50%%: (32, 16)");
    CHECK_NEAR(queue_saturation(q, mu, &pt.bottleneck), 10e9, 1e-3,
               "slimmed: saturation 10 GB/s");
    CHECK(pt.bottleneck == 1, "slimmed: level 2 is the bottleneck");
    queue_eval(q, mu, 12e9, &o, &pt, NULL);
    CHECK_NEAR(pt.d, 2e9, 1e-3, "slimmed at 12: d* = 2");
    CHECK_NEAR(pt.lambda_e, 10e9, 1e-3, "slimmed at 12: Theta = 10");

    CHECK_NEAR(queue_split(q, QUEUE_OPTIMAL, 64e9, 0, &o, mu), 64e9 / 3.6, 1e-3,
               "U = 64: lambda_sat = 17.778 (+11.1%%)");
    CHECK_NEAR(mu[0] / q->n[0], 1e9 / 0.9, 1e-3, "b1* = 1.111 GB/s");
    CHECK_NEAR(mu[1] / q->n[1], 0.8e9 / 0.9, 1e-3, "b2* = 0.889 GB/s");
    CHECK_NEAR(queue_split(q, QUEUE_OPTIMAL, 48e9, 0, &o, mu), 48e9 / 3.6, 1e-3,
               "U = 48: 13.333, +33%% over the slimmed tree's 10");
    queue_free(q);
}

/* Example 3 and Fig. 8: the GUPS network's allocation policies. */
static void
test_gups(void)
{
    struct queue *q = queue_new(3);
    double v[3] = {3.5, 2, 1}, mu0[3] = {3.82, 1.02, 1.30}, mu[3];
    double U = 6.14, built, eq, opt, rev;
    struct queue_level_point lv[3];
    struct queue_point pt;
    int b;

    memcpy(q->v, v, sizeof v);
    memcpy(q->mu, mu0, sizeof mu0);
    built = queue_split(q, QUEUE_BUILT, U, 0, NULL, mu);
    CHECK_NEAR(built, 0.51, 1e-12, "as built: 0.51");
    queue_saturation(q, NULL, &b);
    CHECK(b == 1, "as built: level 2 is the bottleneck (L204)");
    eq = queue_split(q, QUEUE_EQUAL, U, 0, NULL, mu);
    CHECK_NEAR(mu[0], U / 3, 1e-12, "equal: 2.0467 each");
    CHECK_NEAR(eq, 0.58476190476, 1e-10, "equal: 0.58476 (level 1)");
    opt = queue_split(q, QUEUE_OPTIMAL, U, 0, NULL, mu);
    CHECK_NEAR(mu[0], 3.30615384615, 1e-10, "optimal mu1 = 3.3062");
    CHECK_NEAR(mu[1], 1.88923076923, 1e-10, "optimal mu2 = 1.8892");
    CHECK_NEAR(mu[2], 0.94461538462, 1e-10, "optimal mu3 = 0.9446");
    CHECK_NEAR(opt, 6.14 / 6.5, 1e-12, "optimal: 0.944615 = 6.14/6.5");
    CHECK_NEAR(eq / built, 1.1466, 1e-4, "equal / built = 1.1466");
    CHECK_NEAR(opt / built, 1.8522, 1e-4, "optimal / built = 1.8522");
    rev = queue_split(q, QUEUE_REVERSED, U, 0, NULL, mu);
    CHECK(mu[0] < mu[1] && mu[1] < mu[2], "policy 3: mu1 < mu2 < mu3");
    CHECK_NEAR(rev, 6.14 / 6.5 / 3.5, 1e-12, "policy 3: level 1 at 100%%");
    /* relative utilisations as built: 0.916 : 1.961 : 0.769 (E8) */
    queue_eval(q, NULL, 0.25, NULL, &pt, lv);
    CHECK_NEAR(lv[0].rho / 0.25, 0.91623, 1e-5, "rho1 as built");
    CHECK_NEAR(lv[1].rho / 0.25, 1.96078, 1e-5, "rho2 as built");
    CHECK_NEAR(lv[2].rho / 0.25, 0.76923, 1e-5,
               "rho3 as built: the lowest (E8)");
    /* policy 3 saturates level 1 first, whatever the load */
    queue_split(q, QUEUE_REVERSED, U, 0, NULL, mu);
    queue_eval(q, mu, 10, NULL, &pt, lv);
    CHECK(pt.bottleneck == 0 && lv[0].saturated && lv[1].rho < 0.3 &&
              lv[2].rho < 0.1,
          "policy 3: level 1 saturated, levels 2 and 3 idle");
    queue_free(q);
}

/* 2.6 B: slimming 4-ary 4-tree and 16-ary 2-tree fat-trees. */
static void
test_slimming(void)
{
    struct queue *q = queue_new(4), *q2 = queue_new(2);
    double ones[4] = {1, 1, 1, 1}, mu[4], base, r[3] = {0.25, 0.5, 0.75};
    double want4[3] = {0.560302734375, 0.166015625, 0.020751953125};
    double want2[3] = {51.0 / 64, 17.0 / 32, 17.0 / 64};
    double seq[4] = {29.5, 4, 1.2, 1};
    int b;

    /* uniform traffic, N = 256: v_l = 2 (N - 4^(l-1)) / (N - 1) */
    for (int l = 0; l < 4; l++)
        q->v[l] = 2.0 * (256 - pow(4, l)) / 255;
    CHECK_NEAR(q->v[1], 168.0 / 85, 1e-15, "v2 = 168/85 = 1.976");
    CHECK_NEAR(q->v[2], 32.0 / 17, 1e-15, "v3 = 32/17 = 1.882");
    CHECK_NEAR(q->v[3], 128.0 / 85, 1e-15, "v4 = 128/85 = 1.506");
    memcpy(q->mu, ones, sizeof ones);
    base = queue_saturation(q, NULL, &b);
    CHECK(base == 0.5 && b == 0, "unslimmed: injection-bound");
    for (int i = 0; i < 3; i++) {
        queue_slim(q, ones, r[i], mu);
        CHECK_NEAR(queue_saturation(q, mu, &b) / base, want4[i], 1e-12,
                   "4-ary 4-tree uniform, %g%% slimming", r[i] * 100);
        CHECK(b == 3, "the top level is the bottleneck");
    }
    CHECK_NEAR(queue_split(q, QUEUE_OPTIMAL, 4, 0, NULL, mu) /
                   queue_split(q, QUEUE_EQUAL, 4, 0, NULL, mu),
               1.0862619808, 1e-9, "optimal over equal: +8.6%%");

    for (int l = 0; l < 2; l++) {
        q2->v[l] = 2.0 * (256 - pow(16, l)) / 255;
        q2->mu[l] = 1;
    }
    for (int i = 0; i < 3; i++) {
        queue_slim(q2, ones, r[i], mu);
        CHECK_NEAR(queue_saturation(q2, mu, NULL) / 0.5, want2[i], 1e-12,
                   "16-ary 2-tree uniform, %g%% slimming", r[i] * 100);
    }

    /* the paper's sequential ratios, swapped (E6): 4-ary 4-tree */
    for (int l = 0; l < 4; l++)
        q->v[l] = 2 * seq[l] / seq[0];
    queue_slim(q, ones, 0.5, mu);
    CHECK_NEAR(queue_saturation(q, mu, &b), 0.5, 1e-15,
               "sequential, 50%%: saturation unchanged");
    CHECK(b == 0, "sequential, 50%%: still injection-bound");
    queue_slim(q, ones, 0.75, mu);
    CHECK_NEAR(queue_saturation(q, mu, &b) / 0.5, 0.4609375, 1e-12,
               "sequential, 75%%: saturation falls to 46%%");
    CHECK(b == 3, "sequential, 75%%: level 4 is the bottleneck");
    /* 16-ary 2-tree, v = (2, 2/17) */
    q2->v[1] = 2.0 / 17;
    queue_slim(q2, ones, 0.75, mu);
    CHECK_NEAR(queue_saturation(q2, mu, &b), 0.5, 1e-15,
               "16-ary 2-tree sequential, 75%%: unchanged");
    CHECK_NEAR(mu[1] / q2->v[1], 2.125, 1e-12, "mu2/v2 = 2.125");
    queue_free(q);
    queue_free(q2);
}

/* The square-root split under the per-link delay: a level of 4 links
   weighs 4 times in the delay, so its spare goes by sqrt(v n), not
   sqrt(v) (with sqrt(v) the equal split had the lesser delay here) */
static void
test_sqrt_per_link(void)
{
    struct queue *q = queue_new(2);
    struct queue_opts o = {64, QUEUE_PER_LINK};
    struct queue_point pt, eq, moved;
    double mu[2], mu2[2], lambda = 2;

    q->v[0] = 2;
    q->v[1] = 1;
    q->n[0] = 1;
    q->n[1] = 4;
    q->mu[0] = q->mu[1] = 7;
    queue_split(q, QUEUE_SQRT, 14, lambda, &o, mu);
    /* spare 14 - 2*3 = 8, over sqrt(2) and sqrt(4) */
    CHECK_NEAR(mu[0], 4 + 8 * sqrt(2) / (sqrt(2) + 2), 1e-12,
               "per link: mu1 = x1 + spare sqrt(v1 n1) / sum");
    CHECK_NEAR(mu[1], 2 + 8 * 2 / (sqrt(2) + 2), 1e-12,
               "per link: mu2 = x2 + spare sqrt(v2 n2) / sum");
    queue_eval(q, mu, lambda, &o, &pt, NULL);
    queue_split(q, QUEUE_EQUAL, 14, 0, &o, mu2);
    queue_eval(q, mu2, lambda, &o, &eq, NULL);
    CHECK(pt.delay < eq.delay, "per link: sqrt's delay %g under equal's %g",
          pt.delay, eq.delay);
    for (int k = -1; k <= 1; k += 2) { /* the least: either way is more */
        mu2[0] = mu[0] + k * 0.01;
        mu2[1] = mu[1] - k * 0.01;
        queue_eval(q, mu2, lambda, &o, &moved, NULL);
        CHECK(moved.delay > pt.delay, "per link: 0.01 moved %s: more delay",
              k < 0 ? "down" : "up");
    }
    /* the aggregate delay ignores the link counts */
    o.delay = QUEUE_AGGREGATE;
    queue_split(q, QUEUE_SQRT, 14, lambda, &o, mu);
    CHECK_NEAR(mu[0], 4 + 8 * sqrt(2) / (sqrt(2) + 1), 1e-12,
               "aggregate: mu1 = x1 + spare sqrt(v1) / sum");
    queue_free(q);
}

static void
test_edges(void)
{
    struct queue *q = queue_new(3), *c;
    double mu[3], p0[3] = {0.5, 0.5, 0}, bad[9] = {0};
    double trap[9] = {0, 1, 0, 1, 0, 0, 0, 0, 0};
    struct queue_point pt;
    struct queue_level_point lv[3];
    struct rho_err err;

    CHECK(queue_new(0) == NULL && queue_new(QUEUE_MAX_LEVELS + 1) == NULL,
          "k out of range");
    CHECK_STR(q->name[2], "L3", "default names");
    q->v[0] = 1;
    q->v[2] = 1; /* level 2 unused */
    q->mu[0] = q->mu[1] = q->mu[2] = 3;
    CHECK(queue_used(q) == 2, "two used levels");
    queue_split(q, QUEUE_OPTIMAL, 6, 0, NULL, mu);
    CHECK(mu[1] == 0 && mu[0] == 3 && mu[2] == 3, "unused level gets 0");
    queue_split(q, QUEUE_EQUAL, 6, 0, NULL, mu);
    CHECK(mu[1] == 0 && mu[0] == 3, "equal: over the used levels");
    queue_split(q, QUEUE_REVERSED, 6, 0, NULL, mu);
    CHECK(mu[1] == 0 && mu[0] == 3 && mu[2] == 3, "reversed skips it too");
    CHECK(queue_split(q, 99, 6, 0, NULL, mu) == -1, "unknown policy");
    queue_eval(q, NULL, 1, NULL, &pt, lv);
    CHECK(lv[1].rho == 0 && !lv[1].saturated && isfinite(lv[1].D),
          "an unused level is idle");
    c = queue_clone(q);
    CHECK(c != NULL && c->v[2] == 1 && c->v != q->v, "clone is deep");
    queue_free(c);
    memset(q->v, 0, 3 * sizeof(double));
    CHECK(isinf(queue_saturation(q, NULL, &pt.bottleneck)) &&
              pt.bottleneck == -1,
          "no traffic: no saturation");
    queue_eval(q, NULL, 5, NULL, &pt, NULL);
    CHECK(pt.lambda_e == 5 && pt.delay == 0 && !pt.saturated,
          "no traffic: nothing queues");
    q->v[0] = 1;
    q->mu[0] = 0;
    CHECK(queue_saturation(q, NULL, NULL) == 0, "a used level without links");

    CHECK(queue_check_routing(3, q->name, p0, bad, NULL, &err) == 0,
          "valid: every hop leaves");
    p0[2] = 0.5;
    CHECK(queue_check_routing(3, q->name, p0, bad, NULL, &err) == -1,
          "p0 sums to 1.5");
    CHECK_STR(err.msg, "p0 (the first hops) sums to 1.5, not 1",
              "the message says so");
    p0[2] = 0;
    bad[1] = 0.7;
    bad[2] = 0.6;
    CHECK(queue_check_routing(3, q->name, p0, bad, NULL, &err) == -1,
          "row 1 sums to 1.3");
    CHECK_STR(err.msg,
              "level L1: its routing probabilities sum to 1.3, more than 1",
              "the level is named");
    CHECK(queue_set_routing(q, p0, trap, NULL, &err) == -1,
          "levels 1 and 2 bounce forever");
    CHECK(strstr(err.msg, "singular") != NULL, "singular: %s", err.msg);
    CHECK(queue_policy_parse("optimal") == QUEUE_OPTIMAL &&
              queue_policy_parse("x") == -1 &&
              strcmp(queue_policy_name(QUEUE_SQRT), "sqrt") == 0,
          "policy names");
    CHECK(queue_delay_parse("aggregate") == QUEUE_AGGREGATE &&
              queue_delay_parse("per_link") == QUEUE_PER_LINK &&
              queue_delay_parse("x") == -1,
          "delay modes");
    queue_free(q);
    queue_free(NULL);
}

int
main(void)
{
    test_example1();
    test_example2();
    test_gups();
    test_slimming();
    test_sqrt_per_link();
    test_edges();
    TEST_DONE();
}
