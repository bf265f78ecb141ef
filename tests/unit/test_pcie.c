/*
 * The PCIe congestion model against the paper: Table I, Table II,
 * Examples 1-3, the lone root-complex crossing, starvation, trees.
 */
#include "harness.h"

#include <stdlib.h>

#include "core/pcie/pcie.h"
#include "core/pcie/pcie_model.h"
#include "core/pcie/pcie_sim.h"
#include "support_trees.h"

#define GiB 1073741824.0
#define MiB 1048576.0

static const char *step_name[] = {"A", "B", "C", "D8", "D9"};

static void
check_cols(struct pcie_model *m, int f, const char *label, const double *want)
{
    const struct pcie_factors *F = pcie_model_factors(m, f);

    for (int s = 0; s < STEP_COUNT; s++)
        CHECK_NEAR(F->col[s], want[s], 1e-12, "%s step %s", label,
                   step_name[s]);
}

static void
test_trees(void)
{
    struct pcie *p = tree_t2();
    struct rho_err err;
    int path[16], n;
    char buf[64];

    CHECK(pcie_nodes(p) == 15, "T2 has 15 nodes");
    CHECK(pcie_nendpoints(p) == 8, "T2 has 8 GPUs");
    CHECK(pcie_max_depth(p) == 3, "T2 depth 3");
    CHECK(pcie_lca(p, tree_id(p, "0"), tree_id(p, "4")) == 0, "LCA(0,4)=RC");
    CHECK(pcie_lca(p, tree_id(p, "0"), tree_id(p, "2")) == tree_id(p, "SA"),
          "LCA(0,2)=SA");
    n = pcie_path(p, tree_id(p, "1"), tree_id(p, "4"), path, 16);
    CHECK(n == 6, "path 1->4 has 6 channels");
    CHECK_STR(pcie_chan_name(p, path[0], buf, sizeof buf), "1->K0", "hop 1");
    CHECK_STR(pcie_chan_name(p, path[2], buf, sizeof buf), "SA->RC", "hop 3");
    CHECK_STR(pcie_chan_name(p, path[3], buf, sizeof buf), "RC->SB", "hop 4");
    CHECK_STR(pcie_chan_name(p, path[5], buf, sizeof buf), "K2->4", "hop 6");
    CHECK(pcie_path(p, tree_id(p, "3"), tree_id(p, "2"), path, 16) == 2,
          "path 3->2 has 2 channels");

    CHECK(pcie_add_node(p, 0, PCIE_SWITCH, "X", NULL, 0, &err) == -1,
          "finished tree refuses nodes");
    pcie_unref(p);

    p = pcie_new();
    CHECK(pcie_add_node(p, -1, PCIE_SWITCH, "S", NULL, 3, &err) == -1,
          "root must be a root complex");
    CHECK_STR(err.msg, "'S': the root must be a root complex, not a switch",
              "root message");
    pcie_add_node(p, -1, PCIE_RC, "RC", NULL, 1, NULL);
    pcie_add_node(p, 0, PCIE_ENDPOINT, "g", "gpu", 2, NULL);
    CHECK(pcie_add_node(p, 0, PCIE_ENDPOINT, "g", "gpu", 5, &err) == -1,
          "duplicate name");
    CHECK_STR(err.msg, "duplicate name 'g' (first declared at line 2)",
              "duplicate message");
    CHECK(pcie_add_node(p, 1, PCIE_ENDPOINT, "h", "gpu", 6, &err) == -1,
          "device with a child");
    CHECK_STR(err.msg, "'h': device 'g' cannot have children",
              "device child message");
    CHECK(pcie_add_node(p, 0, PCIE_RC, "RC2", NULL, 6, &err) == -1,
          "second root complex");
    pcie_unref(p);

    p = pcie_new();
    pcie_add_node(p, -1, PCIE_RC, "RC", NULL, 1, NULL);
    CHECK(pcie_finish(p, &err) == -1, "a tree needs a device");
    CHECK_STR(err.msg, "the tree has no device", "no device message");
    pcie_unref(p);
}

/* Table I: T2, tau = 1/5, 0->2, 1->4, 3->2, 6->4 start together. */
static void
test_table1(void)
{
    struct pcie *p = tree_t2();
    int src[4], dst[4], present[4] = {0, 1, 2, 3};
    const char *pairs[4][2] = {{"0", "2"}, {"1", "4"}, {"3", "2"}, {"6", "4"}};
    double rho[4];
    struct pcie_model *m;
    const struct pcie_factors *F;

    for (int i = 0; i < 4; i++) {
        src[i] = tree_id(p, pairs[i][0]);
        dst[i] = tree_id(p, pairs[i][1]);
    }
    m = pcie_model_new(p, 4, src, dst, NULL, 1, 0.2, NULL);
    CHECK(pcie_model_eval(m, present, 4, rho) == 4, "4 active");
    check_cols(m, 0, "0->2", (double[]){1, 0.5, 0.5, 0.3, 0.3});
    check_cols(m, 1, "1->4", (double[]){1, 0.5, 0.3, 0.3, 0.3});
    check_cols(m, 2, "3->2", (double[]){1, 1, 0.5, 0.5, 0.7});
    check_cols(m, 3, "6->4", (double[]){1, 1, 0.7, 0.7, 0.7});
    for (int i = 0; i < 4; i++)
        CHECK_NEAR(rho[i], pcie_model_factors(m, i)->col[STEP_D9], 0,
                   "rho_out %d", i);

    F = pcie_model_factors(m, 0);
    CHECK(F->hol == 1 && F->hol_by == 1, "0->2 is HOL-blocked by 1->4");
    CHECK(F->hol_at == pcie_up(tree_id(p, "K0")), "... sharing K0->SA");
    CHECK(F->hol_chan == pcie_down(tree_id(p, "K2")), "... limited at SB->K2");
    CHECK(pcie_model_factors(m, 2)->limit_chan == pcie_down(tree_id(p, "2")),
          "3->2 ends limited at K1->2");
    {
        /* provenance at the RC: 1->4 alone, crossing, n = 1 */
        const struct pcie_hop *h = pcie_model_hops(m, 1);
        CHECK(h[3].rc_tail && h[3].arb && h[3].ngroups == 1 && h[3].in_cr,
              "1->4 arbitrated at RC->SB as the only group");
        CHECK_NEAR(h[3].Rp, 0.5, 1e-12, "R' at RC->SB");
        CHECK(h[4].ngroups == 2 && h[4].cr_any, "SB->K2: 2 groups, one CR");
        CHECK_NEAR(h[4].rho, 0.3, 1e-12, "1->4 at SB->K2");
        CHECK(!h[5].arb && h[5].ngroups == 1, "K2->4: one group, pass");
    }
    pcie_model_free(m);
    pcie_unref(p);
}

/* Table II: the same graph through time, 300 MiB each, 11.6 GiB/s. */
static void
test_table2(void)
{
    struct pcie *p = tree_t2();
    const char *pairs[4][2] = {{"0", "2"}, {"1", "4"}, {"3", "2"}, {"6", "4"}};
    struct pcie_flowspec f[4];
    struct pcie_sim_result res;
    struct pcie_sim *s;
    double span;

    for (int i = 0; i < 4; i++)
        f[i] = (struct pcie_flowspec){tree_id(p, pairs[i][0]),
                                      tree_id(p, pairs[i][1]),
                                      300 * MiB,
                                      0,
                                      0,
                                      0};
    s = pcie_sim_new(p, 4, f, 11.6 * GiB, 0.2, NULL);
    pcie_sim_result_init(&res);
    span = pcie_sim_run(s, NULL, &res, NULL);
    CHECK_NEAR(res.end[2] * 1e3, 36.08, 0.005, "3->2 ends at 36.08 ms");
    CHECK_NEAR(res.end[3] * 1e3, 36.08, 0.005, "6->4 ends at 36.08 ms");
    CHECK_NEAR(res.end[0] * 1e3, 64.94, 0.005, "0->2 ends at 64.94 ms");
    CHECK_NEAR(res.end[1] * 1e3, 64.94, 0.005, "1->4 ends at 64.94 ms");
    CHECK_NEAR(span, res.end[0], 1e-15, "makespan");
    /* exact: T_ref / 0.7 and T_ref / 0.7 + (4/7 T_ref) / 0.5 */
    {
        double tref = 300 * MiB / (11.6 * GiB);
        CHECK_NEAR(res.end[2], tref / 0.7, 1e-15, "exact end of step 1");
        CHECK_NEAR(res.end[0], tref / 0.7 + tref * (4.0 / 7) / 0.5, 1e-15,
                   "exact end of step 2");
    }
    CHECK(res.nsteps == 2, "two time steps");
    if (res.nsteps == 2) {
        struct pcie_tstep *st = &res.step[1];
        CHECK(st->n == 2, "second step has two flows");
        for (int r = st->off; r < st->off + st->n; r++)
            CHECK_NEAR(res.rec_rho[r], 0.5, 1e-12, "step 2 factor 1/2");
        /* data remaining after step 1: 300 * 4/7 MiB = 171.43 MiB */
        st = &res.step[0];
        for (int r = st->off; r < st->off + st->n; r++)
            if (res.rec_flow[r] < 2)
                CHECK_NEAR(res.rec_left[r] / MiB, 300.0 * 4 / 7, 1e-6,
                           "left after step 1");
    }
    /* bytes are conserved */
    {
        double sent[4] = {0};
        for (int r = 0; r < res.nrec; r++)
            sent[res.rec_flow[r]] += res.rec_bytes[r];
        for (int i = 0; i < 4; i++)
            CHECK_NEAR(sent[i], 300 * MiB, 1e-3, "flow %d sent its bytes",
                       i + 1);
    }
    pcie_sim_result_fini(&res);
    pcie_sim_free(s);
    pcie_unref(p);
}

static void
test_examples(void)
{
    /* Example 1: upstream, 0.6 0.4 from one port, 0.3 0.5 from another */
    double in[4] = {0.6, 0.4, 0.3, 0.5}, out[4];
    double R[2] = {0.7, 0.9}, Rp[2];
    char cr[2] = {1, 0};

    CHECK(pcie_arb_up(4, in, out) == 1, "example 1 arbitrates");
    CHECK_NEAR(out[0], 1.0 / 3, 1e-12, "example 1 a");
    CHECK_NEAR(out[1], 2.0 / 9, 1e-12, "example 1 b");
    CHECK_NEAR(out[2], 1.0 / 6, 1e-12, "example 1 c");
    CHECK_NEAR(out[3], 5.0 / 18, 1e-12, "example 1 d");
    in[0] = 0.3;
    in[1] = 0.7; /* sums to 1 within rounding: no arbitration */
    CHECK(pcie_arb_up(2, in, out) == 0 && out[0] == 0.3, "0.3 + 0.7 is 1");

    /* Example 2: downstream, R = 0.7 (crossed RC) and 0.9, tau = 0.2 */
    CHECK(pcie_arb_down(2, R, cr, 0, 0.2, Rp) == 1, "example 2 arbitrates");
    CHECK_NEAR(Rp[0], 0.3, 1e-12, "example 2 a");
    CHECK_NEAR(Rp[1], 0.7, 1e-12, "example 2 b");
    cr[0] = 0;
    pcie_arb_down(2, R, cr, 0, 0.2, Rp);
    CHECK_NEAR(Rp[0], 0.5, 1e-12, "no crossing: fair 1/2");
    R[0] = 0.3;
    R[1] = 0.4;
    CHECK(pcie_arb_down(2, R, cr, 0, 0.2, Rp) == 0, "under 1: pass");
    CHECK(pcie_arb_down(2, R, cr, 1, 0.2, Rp) == 1, "RC tail: forced");
}

/*
 * Example 3, HOL blocking (Fig. 5c reading): a, b, c leave SA together
 * (a0, a1, a2 -> SB); a goes on to K where it meets d and e at k0 and is
 * cut to 1/3 - tau; b and c, which share SA's up port and RC->SB with a,
 * are HOL-blocked to a's factor; a gains what they no longer use but stays
 * limited at k0. Worked by hand with tau = 1/5:
 *   a: 1, 1/3, 2/15, 2/15, 2/15   b, c: 1, 1/3, 4/15, 2/15, 2/15
 *   d, e: 1, 1, 8/15, 8/15, 8/15
 */
static void
test_example3(void)
{
    struct pcie *p = pcie_new();
    int rc = pcie_add_node(p, -1, PCIE_RC, "RC", NULL, 0, NULL);
    int sa = pcie_add_node(p, rc, PCIE_SWITCH, "SA", NULL, 0, NULL);
    int sb = pcie_add_node(p, rc, PCIE_SWITCH, "SB", NULL, 0, NULL);
    int k, src[5], dst[5], present[5] = {0, 1, 2, 3, 4};
    struct pcie_model *m;
    const char *names[] = {"a0", "a1", "a2"};
    const struct pcie_factors *F;

    for (int i = 0; i < 3; i++)
        pcie_add_node(p, sa, PCIE_ENDPOINT, names[i], "gpu", 0, NULL);
    pcie_add_node(p, sb, PCIE_ENDPOINT, "b1", "gpu", 0, NULL);
    pcie_add_node(p, sb, PCIE_ENDPOINT, "b2", "gpu", 0, NULL);
    k = pcie_add_node(p, sb, PCIE_SWITCH, "K", NULL, 0, NULL);
    pcie_add_node(p, k, PCIE_ENDPOINT, "k0", "gpu", 0, NULL);
    pcie_add_node(p, k, PCIE_ENDPOINT, "k1", "gpu", 0, NULL);
    pcie_add_node(p, k, PCIE_ENDPOINT, "k2", "gpu", 0, NULL);
    pcie_finish(p, NULL);
    const char *pairs[5][2] = {
        {"a0", "k0"}, {"a1", "b1"}, {"a2", "b2"}, {"k1", "k0"}, {"k2", "k0"}};
    for (int i = 0; i < 5; i++) {
        src[i] = tree_id(p, pairs[i][0]);
        dst[i] = tree_id(p, pairs[i][1]);
    }
    m = pcie_model_new(p, 5, src, dst, NULL, 1, 0.2, NULL);
    pcie_model_eval(m, present, 5, NULL);
    check_cols(m, 0, "a", (double[]){1, 1. / 3, 2. / 15, 2. / 15, 2. / 15});
    check_cols(m, 1, "b", (double[]){1, 1. / 3, 4. / 15, 2. / 15, 2. / 15});
    check_cols(m, 2, "c", (double[]){1, 1. / 3, 4. / 15, 2. / 15, 2. / 15});
    check_cols(m, 3, "d", (double[]){1, 1, 8. / 15, 8. / 15, 8. / 15});
    check_cols(m, 4, "e", (double[]){1, 1, 8. / 15, 8. / 15, 8. / 15});
    F = pcie_model_factors(m, 1);
    CHECK(F->hol && F->hol_by == 0 &&
              F->hol_chan == pcie_down(tree_id(p, "k0")),
          "b blocked by a, limited at K->k0");
    CHECK(!pcie_model_factors(m, 0)->hol, "a is not blocked");
    {
        const struct pcie_hop *h = pcie_model_hops(m, 0);
        /* a at SA->RC: blocked b and c leave 2 x (1/3 - 2/15) */
        CHECK_NEAR(h[1].delta, 0.4, 1e-12, "delta at SA->RC");
        CHECK_NEAR(h[2].delta, 2 * (4. / 15 - 2. / 15), 1e-12,
                   "delta at RC->SB");
        CHECK(pcie_model_factors(m, 0)->limit_chan ==
                  pcie_down(tree_id(p, "k0")),
              "a limited at K->k0");
    }
    pcie_model_free(m);
    pcie_unref(p);
}

/* A lone 0 -> 4 on T2 crosses the RC: 1 - tau; tau = 1 - 1/1.21. */
static void
test_lone(void)
{
    struct pcie *p = tree_t2();
    int src = tree_id(p, "0"), dst = tree_id(p, "4"), present = 0;
    double rho;
    struct pcie_model *m =
        pcie_model_new(p, 1, &src, &dst, NULL, 1, 0.17355, NULL);

    pcie_model_eval(m, &present, 1, &rho);
    CHECK_NEAR(rho, 0.82645, 1e-12, "lone crossing gets 1 - tau");
    pcie_model_set_tau(m, 1 - 1 / 1.21);
    pcie_model_eval(m, &present, 1, &rho);
    CHECK_NEAR(rho, 1 / 1.21, 1e-12, "= 1/1.21");
    pcie_model_free(m);

    /* not crossing: full bandwidth */
    dst = tree_id(p, "1");
    m = pcie_model_new(p, 1, &src, &dst, NULL, 1, 0.2, NULL);
    pcie_model_eval(m, &present, 1, &rho);
    CHECK_NEAR(rho, 1, 0, "lone flow inside a K80 gets 1");
    pcie_model_free(m);
    pcie_unref(p);
}

/* Source arbitration: one source, FCFS; the second waits. */
static void
test_source(void)
{
    struct pcie *p = tree_t2();
    struct pcie_flowspec f[3] = {
        {tree_id(p, "0"), tree_id(p, "1"), 100 * MiB, 0.001, 0, 0},
        {tree_id(p, "0"), tree_id(p, "2"), 100 * MiB, 0, 0, 0},
        {tree_id(p, "0"), tree_id(p, "3"), 100 * MiB, 0, 0, 0},
    };
    struct pcie_sim *s = pcie_sim_new(p, 3, f, 10 * GiB, 0.2, NULL);
    struct pcie_sim_result res;
    double t = 100 * MiB / (10 * GiB);
    int prio[3] = {0, 2, 1};

    pcie_sim_result_init(&res);
    pcie_sim_run(s, NULL, &res, NULL);
    CHECK_NEAR(res.end[1], t, 1e-15, "0->2 first (earliest, then order)");
    CHECK_NEAR(res.end[2], 2 * t, 1e-15, "0->3 second");
    CHECK_NEAR(res.end[0], 3 * t, 1e-15, "0->1 last (started later)");
    CHECK_NEAR(res.begin[0], 2 * t, 1e-15, "0->1 waited");
    pcie_sim_run(s, prio, &res, NULL);
    CHECK_NEAR(res.end[2], t, 1e-15, "with prio, 0->3 goes first");
    CHECK_NEAR(res.end[1], 2 * t, 1e-15, "then 0->2");
    {
        int present[3];
        int np = pcie_sim_eval_at(s, 0, present);
        const struct pcie_factors *F = pcie_model_factors(pcie_sim_model(s), 2);
        CHECK(np == 2 && present[0] == 1 && present[1] == 2,
              "two present at 0");
        CHECK(F->active == 0 && F->col[STEP_A] == 0, "0->3 waits: A = 0");
    }
    pcie_sim_result_fini(&res);
    pcie_sim_free(s);
    pcie_unref(p);
}

/* Starvation is reported, never a hang. */
static void
test_starved(void)
{
    struct pcie *p = tree_t2();
    struct pcie_flowspec f[2] = {
        {tree_id(p, "0"), tree_id(p, "4"), 1 * MiB, 0, 0, 0},
        {tree_id(p, "2"), tree_id(p, "3"), 1 * MiB, 0, 0, 0},
    };
    struct pcie_sim *s = pcie_sim_new(p, 2, f, 10 * GiB, 1.0, NULL);
    struct pcie_sim_result res;
    struct rho_err err;

    pcie_sim_result_init(&res);
    CHECK(pcie_sim_run(s, NULL, &res, &err) < 0, "tau = 1 starves 0->4");
    CHECK(err.code == RHO_ESTARVED && res.starved, "reported as starved");
    CHECK(res.nstarved == 1 && res.starved_flows[0] == 0,
          "the starved flow is 0->4");
    CHECK_NEAR(res.end[1], 1 * MiB / (10 * GiB), 1e-15,
               "2->3 still finished first");
    CHECK_STR(err.msg,
              "starved at t = 9.765625e-05 s: the flows left (1) all get "
              "factor 0 and no flow is about to start",
              "starvation message");
    pcie_sim_result_fini(&res);
    pcie_sim_free(s);

    {
        struct rho_err e2;
        CHECK(pcie_sim_new(p, 2, f, 0, 0.2, &e2) == NULL, "bandwidth 0");
        CHECK(pcie_sim_new(p, 2, f, 1, 1.5, &e2) == NULL, "tau 1.5");
        f[1].dst = f[1].src;
        CHECK(pcie_sim_new(p, 2, f, 1, 0.2, &e2) == NULL, "flow to itself");
        CHECK_STR(e2.msg, "flow 2: '2' sends to itself", "self message");
        f[1].dst = tree_id(p, "K1");
        CHECK(pcie_sim_new(p, 2, f, 1, 0.2, &e2) == NULL, "to a switch");
    }
    pcie_unref(p);
}

/* A flow that starts later joins the graph; idle gaps are skipped. */
static void
test_starts(void)
{
    struct pcie *p = tree_t2();
    struct pcie_flowspec f[2] = {
        {tree_id(p, "0"), tree_id(p, "1"), 10 * MiB, 0.5, 0, 0},
        {tree_id(p, "2"), tree_id(p, "1"), 10 * MiB, 0.5 + 0.0005, 0, 0},
    };
    struct pcie_sim *s = pcie_sim_new(p, 2, f, 10 * GiB, 0.2, NULL);
    struct pcie_sim_result res;
    double t = 10 * MiB / (10 * GiB);

    pcie_sim_result_init(&res);
    pcie_sim_run(s, NULL, &res, NULL);
    /* 0->1 alone for 0.5 ms, then both at 1/2 on K0->1 */
    {
        double left = 10 * MiB - 10 * GiB * 0.0005;
        double both = 2 * left / (10 * GiB); /* 0->1 finishes its rest */
        CHECK_NEAR(res.end[0], 0.5005 + both, 1e-12, "0->1 end");
        CHECK_NEAR(res.end[1], 0.5005 + both + (10 * MiB - left) / (10 * GiB),
                   1e-12, "2->1 end");
        CHECK_NEAR(res.makespan, res.end[1] - 0.5, 1e-12,
                   "makespan from the first start");
    }
    (void)t;
    pcie_sim_result_fini(&res);
    pcie_sim_free(s);
    pcie_unref(p);
}

int
main(void)
{
    test_trees();
    test_table1();
    test_table2();
    test_examples();
    test_example3();
    test_lone();
    test_source();
    test_starved();
    test_starts();
    TEST_DONE();
}
