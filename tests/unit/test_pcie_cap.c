/*
 * The PCIe model on real machines: links of their own capacity, several
 * root complexes, host memory, direct links and switch fabrics. Every
 * number here is worked out by hand in man/rho-model.7 ("Links of
 * different speeds" and the sections after it); B = 16 GB/s and
 * tau = 0.2 unless a test says otherwise. Also: a run of many flows keeps
 * a record linear in flows.
 */
#include "harness.h"

#include <stdlib.h>

#include "core/pcie/pcie.h"
#include "core/pcie/pcie_model.h"
#include "core/pcie/pcie_sim.h"
#include "support_trees.h"

#define GB 1e9
#define B16 (16 * GB)

static int
node(struct pcie *p, int parent, int kind, const char *name, const char *type,
     double bw)
{
    int id = pcie_add_node(p, parent, kind, name, type, 0, NULL);

    if (bw != 0)
        pcie_set_link(p, id, bw, NULL, NULL);
    return id;
}

/* Evaluate flows a[i] -> b[i] all at once; returns the model. */
static struct pcie_model *
eval(struct pcie *p, int n, const char *const *a, const char *const *b,
     const int *via, double tau)
{
    int src[8], dst[8], present[8];
    struct pcie_model *m;
    struct rho_err err;

    for (int i = 0; i < n; i++) {
        src[i] = tree_id(p, a[i]);
        dst[i] = tree_id(p, b[i]);
        present[i] = i;
    }
    m = pcie_model_new(p, n, src, dst, via, B16, tau, &err);
    if (m == NULL) {
        printf("# %s\n", err.msg);
        return NULL;
    }
    pcie_model_eval(m, present, n, NULL);
    return m;
}

static double
factor(const struct pcie_model *m, int f)
{
    return pcie_model_factors(m, f)->col[STEP_D9];
}

static double
rate(const struct pcie_model *m, int f)
{
    return factor(m, f) * pcie_model_demand(m, f);
}

/* A lone flow is capped by its slowest link: the rule of a capacity. */
static void
test_cap(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0);
    int s = node(p, rc, PCIE_SWITCH, "S", NULL, 0);
    struct pcie_model *m;
    char buf[32];

    node(p, s, PCIE_ENDPOINT, "g0", "gpu", 8 * GB);
    node(p, s, PCIE_ENDPOINT, "g1", "gpu", 0);
    pcie_finish(p, NULL);
    m = eval(p, 1, (const char *[]){"g1"}, (const char *[]){"g0"}, NULL, 0.2);
    CHECK_NEAR(factor(m, 0), 1, 0, "lone g1->g0: factor 1 of its demand");
    CHECK(pcie_model_demand(m, 0) == 8 * GB, "demand = the x8 link, 8 GB/s");
    CHECK(rate(m, 0) == 8 * GB, "rate exactly 8 GB/s");
    CHECK_STR(
        pcie_chan_name(p, pcie_model_factors(m, 0)->cap_chan, buf, sizeof buf),
        "S->g0", "the link that capped it");
    CHECK(pcie_model_chan_cap(m, pcie_up(tree_id(p, "g1"))) == B16,
          "a link without a capacity has the scenario's bandwidth");
    pcie_model_free(m);
    pcie_unref(p);
}

/* Step B in shares: g1's flow holds half of SA's uplink at factor 1. */
static void
test_rule_b(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0);
    int sa = node(p, rc, PCIE_SWITCH, "SA", NULL, 0);
    int sb = node(p, rc, PCIE_SWITCH, "SB", NULL, 0);
    struct pcie_model *m;
    const struct pcie_hop *h;

    node(p, sa, PCIE_ENDPOINT, "g0", "gpu", 0);
    node(p, sa, PCIE_ENDPOINT, "g1", "gpu", 8 * GB);
    node(p, sb, PCIE_ENDPOINT, "g2", "gpu", 0);
    node(p, sb, PCIE_ENDPOINT, "g3", "gpu", 0);
    pcie_finish(p, NULL);
    m = eval(p, 2, (const char *[]){"g0", "g1"}, (const char *[]){"g2", "g3"},
             NULL, 0.2);
    h = pcie_model_hops(m, 1);
    CHECK_NEAR(h[1].sum, 1.5, 1e-15, "SA->RC: shares 1 + 1/2 = 3/2");
    CHECK_NEAR(pcie_model_factors(m, 0)->col[STEP_B], 2.0 / 3, 1e-15,
               "g0->g2 after B: 2/3");
    CHECK_NEAR(pcie_model_factors(m, 1)->col[STEP_B], 2.0 / 3, 1e-15,
               "g1->g3 after B: 2/3");
    /* RC->SB: one group, R = 2/3 + 1/3 = 1, R' = min(1 - tau, 1) */
    CHECK_NEAR(factor(m, 0), 2.0 / 3 * 0.8, 1e-12, "g0->g2: 8/15");
    CHECK_NEAR(factor(m, 1), 2.0 / 3 * 0.8, 1e-12, "g1->g3: 8/15");
    CHECK_NEAR(rate(m, 0) + rate(m, 1), 0.8 * B16, 1,
               "together 1 - tau of RC->SB: 12.8 GB/s");
    CHECK_NEAR(rate(m, 1), 0.8 * B16 / 3, 1, "g1->g3 gets a third: 4.27 GB/s");
    pcie_model_free(m);
    pcie_unref(p);
}

/* Step C in shares: two flows into an 8 GB/s port split it. */
static void
test_rule_c(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0);
    int s = node(p, rc, PCIE_SWITCH, "S", NULL, 0);
    struct pcie_model *m;
    const struct pcie_hop *h;

    node(p, s, PCIE_ENDPOINT, "g0", "gpu", 0);
    node(p, s, PCIE_ENDPOINT, "g1", "gpu", 0);
    node(p, s, PCIE_ENDPOINT, "g2", "gpu", 8 * GB);
    pcie_finish(p, NULL);
    m = eval(p, 2, (const char *[]){"g0", "g1"}, (const char *[]){"g2", "g2"},
             NULL, 0.2);
    h = pcie_model_hops(m, 0);
    CHECK(h[1].ngroups == 2 && h[1].arb, "S->g2: two groups, arbitrated");
    CHECK_NEAR(h[1].R, 1, 0, "each group fills the 8 GB/s port: R = 1");
    CHECK_NEAR(factor(m, 0), 0.5, 0, "g0->g2: 1/2");
    CHECK_NEAR(factor(m, 1), 0.5, 0, "g1->g2: 1/2");
    CHECK(rate(m, 0) == 4 * GB && rate(m, 1) == 4 * GB, "4 GB/s each");
    pcie_model_free(m);
    pcie_unref(p);
}

/* The RC penalty caps a share of the port: a flow that needs half of it
   loses nothing; one that needs all of it gets 1 - tau. */
static void
test_rule_rc(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0);
    int sa = node(p, rc, PCIE_SWITCH, "SA", NULL, 0);
    int sb = node(p, rc, PCIE_SWITCH, "SB", NULL, 0);
    struct pcie_model *m;

    node(p, sa, PCIE_ENDPOINT, "g0", "gpu", 0);
    node(p, sb, PCIE_ENDPOINT, "g1", "gpu", 8 * GB);
    node(p, sb, PCIE_ENDPOINT, "g2", "gpu", 0);
    pcie_finish(p, NULL);
    m = eval(p, 1, (const char *[]){"g0"}, (const char *[]){"g1"}, NULL, 0.2);
    CHECK_NEAR(pcie_model_hops(m, 0)[2].R, 0.5, 0,
               "RC->SB: g0->g1 holds 1/2 of the port");
    CHECK(factor(m, 0) == 1 && rate(m, 0) == 8 * GB,
          "min(1 - tau, 1/2) = 1/2: no penalty, 8 GB/s");
    pcie_model_free(m);
    m = eval(p, 1, (const char *[]){"g0"}, (const char *[]){"g2"}, NULL, 0.2);
    CHECK_NEAR(factor(m, 0), 0.8, 1e-15, "g0->g2: 1 - tau");
    CHECK_NEAR(rate(m, 0), 12.8 * GB, 1e-3, "12.8 GB/s");
    pcie_model_free(m);
    pcie_unref(p);
}

/* Table I's flows on T2 with GPU 2 on an 8 GB/s link: D8 and D9 work on
   factors and on shares of each link. */
static void
test_rule_d(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0), sa, sb, k;
    struct pcie_model *m;
    const struct pcie_factors *F;

    sa = node(p, rc, PCIE_SWITCH, "SA", NULL, 0);
    k = node(p, sa, PCIE_SWITCH, "K0", NULL, 0);
    node(p, k, PCIE_ENDPOINT, "0", "gpu", 0);
    node(p, k, PCIE_ENDPOINT, "1", "gpu", 0);
    k = node(p, sa, PCIE_SWITCH, "K1", NULL, 0);
    node(p, k, PCIE_ENDPOINT, "2", "gpu", 8 * GB);
    node(p, k, PCIE_ENDPOINT, "3", "gpu", 0);
    sb = node(p, rc, PCIE_SWITCH, "SB", NULL, 0);
    k = node(p, sb, PCIE_SWITCH, "K2", NULL, 0);
    node(p, k, PCIE_ENDPOINT, "4", "gpu", 0);
    node(p, k, PCIE_ENDPOINT, "5", "gpu", 0);
    k = node(p, sb, PCIE_SWITCH, "K3", NULL, 0);
    node(p, k, PCIE_ENDPOINT, "6", "gpu", 0);
    node(p, k, PCIE_ENDPOINT, "7", "gpu", 0);
    pcie_finish(p, NULL);
    m = eval(p, 4, (const char *[]){"0", "1", "3", "6"},
             (const char *[]){"2", "4", "2", "4"}, NULL, 0.2);
    F = pcie_model_factors(m, 0);
    CHECK_NEAR(F->col[STEP_B], 2.0 / 3, 1e-15, "0->2 after B: 2/3");
    CHECK_NEAR(F->col[STEP_C], 0.5, 1e-15, "0->2 after C: 1/2");
    CHECK(F->hol && F->hol_by == 1, "0->2 HOL-blocked by 1->4");
    CHECK_NEAR(F->col[STEP_D8], 0.3, 1e-15, "... to 1->4's factor 0.3");
    CHECK_NEAR(pcie_model_hops(m, 1)[1].delta, (2.0 / 3 - 0.3) * 0.5, 1e-15,
               "K0->SA: delta = (2/3 - 0.3) * 8/16 of the link");
    CHECK_NEAR(factor(m, 1), 0.3, 1e-15, "1->4: 0.3 (4.8 GB/s)");
    CHECK_NEAR(factor(m, 2), 0.7, 1e-15, "3->2: 0.5 + 0.2 = 0.7 (5.6 GB/s)");
    CHECK_NEAR(factor(m, 3), 0.7, 1e-15, "6->4: 0.7");
    CHECK_NEAR(rate(m, 0) + rate(m, 2), 8 * GB, 1e-3,
               "K1->2 full: 2.4 + 5.6 GB/s");
    pcie_model_free(m);
    pcie_unref(p);
}

/* Two sockets: the inter-socket link and the RC penalty on each side. */
static void
test_sockets(void)
{
    struct pcie *p = pcie_new();
    int sys = node(p, -1, PCIE_SYSTEM, "node", NULL, 0);
    int r0 = node(p, sys, PCIE_RC, "CPU0", NULL, 20 * GB);
    int r1 = node(p, sys, PCIE_RC, "CPU1", NULL, 20 * GB);
    struct pcie_model *m;
    struct rho_err err;
    char buf[32];

    CHECK(pcie_add_node(p, sys, PCIE_SWITCH, "X", NULL, 0, &err) < 0,
          "a machine holds root complexes only");
    CHECK_STR(err.msg,
              "'X': a machine holds root complexes (one per socket), not a "
              "switch",
              "its message");
    node(p, r0, PCIE_ENDPOINT, "g0", "gpu", 0);
    node(p, r0, PCIE_ENDPOINT, "g1", "gpu", 0);
    node(p, r1, PCIE_ENDPOINT, "g2", "gpu", 0);
    node(p, r1, PCIE_ENDPOINT, "mem1", PCIE_HOST_TYPE, 0);
    pcie_finish(p, NULL);
    m = eval(p, 1, (const char *[]){"g0"}, (const char *[]){"g2"}, NULL, 0.2);
    CHECK(pcie_model_crosses_rc(m, 0), "g0->g2 crosses root complexes");
    CHECK(pcie_model_path_len(m, 0) == 4, "g0->CPU0->node->CPU1->g2");
    CHECK_STR(pcie_chan_name(p, pcie_model_hops(m, 0)[1].chan, buf, sizeof buf),
              "CPU0->node", "hop 2: CPU0's port to the inter-socket link");
    CHECK_NEAR(pcie_model_hops(m, 0)[1].R, 0.8, 1e-15,
               "CPU0->node: 16/20 of the link, R' = min(0.8, 0.8)");
    CHECK_NEAR(factor(m, 0), 0.8, 1e-15, "CPU1->g2: 1 - tau at the far side");
    CHECK_NEAR(rate(m, 0), 12.8 * GB, 1e-3, "12.8 GB/s");
    pcie_model_free(m);
    /* a slower inter-socket link sets the demand; no second penalty */
    pcie_unref(p);
    p = pcie_new();
    sys = node(p, -1, PCIE_SYSTEM, "node", NULL, 0);
    r0 = node(p, sys, PCIE_RC, "CPU0", NULL, 10 * GB);
    r1 = node(p, sys, PCIE_RC, "CPU1", NULL, 10 * GB);
    node(p, r0, PCIE_ENDPOINT, "g0", "gpu", 0);
    node(p, r1, PCIE_ENDPOINT, "g2", "gpu", 0);
    node(p, r1, PCIE_ENDPOINT, "mem1", PCIE_HOST_TYPE, 0);
    pcie_finish(p, NULL);
    m = eval(p, 2, (const char *[]){"g0", "g2"}, (const char *[]){"g2", "mem1"},
             NULL, 0.2);
    CHECK(pcie_model_demand(m, 0) == 10 * GB, "demand: the 10 GB/s link");
    CHECK_NEAR(factor(m, 0), 0.8, 1e-15, "g0->g2: 1 - tau at CPU0's port");
    CHECK(!pcie_model_crosses_rc(m, 1), "a copy to host memory is not P2P");
    CHECK(rate(m, 1) == B16, "g2->mem1: 16 GB/s, no penalty");
    pcie_model_free(m);
    pcie_unref(p);
}

/* Host memory: an unlimited link and any number of flows at once. */
static void
test_host(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0), s, mem;
    struct pcie_model *m;
    struct rho_err err;

    mem = node(p, rc, PCIE_ENDPOINT, "mem0", PCIE_HOST_TYPE, 0);
    s = node(p, rc, PCIE_SWITCH, "S", NULL, 0);
    node(p, s, PCIE_ENDPOINT, "g0", "gpu", 0);
    node(p, s, PCIE_ENDPOINT, "g1", "gpu", 0);
    CHECK(pcie_add_node(p, s, PCIE_ENDPOINT, "mem9", PCIE_HOST_TYPE, 0, &err) <
                  0 &&
              strcmp(err.msg, "'mem9': host memory belongs to a root "
                              "complex, not to switch 'S'") == 0,
          "host memory under a switch is refused");
    CHECK(pcie_node(p, mem)->streams == 0 && pcie_node(p, mem)->bw == INFINITY,
          "host memory: any number of flows, an unlimited link");
    pcie_finish(p, NULL);
    m = eval(p, 1, (const char *[]){"mem0"}, (const char *[]){"g0"}, NULL, 0.2);
    CHECK(factor(m, 0) == 1 && rate(m, 0) == B16,
          "lone host-to-device: 16 GB/s, no RC penalty");
    pcie_model_free(m);
    m = eval(p, 2, (const char *[]){"mem0", "mem0"},
             (const char *[]){"g0", "g1"}, NULL, 0.2);
    CHECK(pcie_model_nactive(m) == 2, "host memory sends both at once");
    CHECK(factor(m, 0) == 0.5 && factor(m, 1) == 0.5,
          "they share RC->S: 1/2 each");
    pcie_model_free(m);
    m = eval(p, 2, (const char *[]){"g0", "g1"},
             (const char *[]){"mem0", "mem0"}, NULL, 0.2);
    CHECK(factor(m, 0) == 0.5 && factor(m, 1) == 0.5,
          "device-to-host, both: they share S->RC");
    pcie_model_free(m);
    pcie_unref(p);

    /* host memory with its own bandwidth: its link is shared first */
    p = pcie_new();
    rc = node(p, -1, PCIE_RC, "RC", NULL, 0);
    node(p, rc, PCIE_ENDPOINT, "mem0", PCIE_HOST_TYPE, 20 * GB);
    node(p, rc, PCIE_ENDPOINT, "g0", "gpu", 0);
    node(p, rc, PCIE_ENDPOINT, "g1", "gpu", 0);
    pcie_finish(p, NULL);
    m = eval(p, 2, (const char *[]){"mem0", "mem0"},
             (const char *[]){"g0", "g1"}, NULL, 0.2);
    CHECK_NEAR(pcie_model_factors(m, 0)->col[STEP_A], 1 / 1.6, 1e-15,
               "mem0's 20 GB/s link: shares 0.8 + 0.8, 1/1.6 each");
    CHECK_NEAR(rate(m, 0), 10 * GB, 1e-3, "10 GB/s each");
    pcie_model_free(m);
    pcie_unref(p);
}

/* NVLink: a direct link is used instead of the tree, unless told. */
static void
test_direct(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0), s, g0, g1, g2;
    struct pcie_model *m;
    struct rho_err err;
    int via_tree = PCIE_VIA_TREE,
        via_direct[2] = {PCIE_VIA_DIRECT, PCIE_VIA_DIRECT};

    node(p, rc, PCIE_ENDPOINT, "mem0", PCIE_HOST_TYPE, 0);
    s = node(p, rc, PCIE_SWITCH, "S", NULL, 0);
    g0 = node(p, s, PCIE_ENDPOINT, "g0", "gpu", 0);
    g1 = node(p, s, PCIE_ENDPOINT, "g1", "gpu", 0);
    g2 = node(p, s, PCIE_ENDPOINT, "g2", "gpu", 0);
    CHECK(pcie_add_direct(p, g0, g1, 25 * GB, 2, "nvlink", 7, NULL) == 0,
          "g0-g1: 2 NVLinks, 50 GB/s");
    CHECK(pcie_add_direct(p, g1, g0, 50 * GB, 2, "nvlink", 8, &err) < 0,
          "the same pair twice");
    CHECK_STR(err.msg,
              "direct link 'g1'-'g0' given twice (first at line 7; give "
              "one link a count instead)",
              "its message");
    CHECK(pcie_add_direct(p, g2, rc, 25 * GB, 1, "nvlink", 9, NULL) == 1,
          "g2-RC: a device to its socket");
    CHECK(pcie_add_direct(p, g2, s, 25 * GB, 1, NULL, 9, &err) < 0,
          "a switch cannot end a direct link");
    pcie_finish(p, NULL);
    m = eval(p, 1, (const char *[]){"g0"}, (const char *[]){"g1"}, NULL, 0.2);
    CHECK(pcie_model_path_len(m, 0) == 1 &&
              pcie_chan_kind(p, pcie_model_hops(m, 0)[0].chan) ==
                  PCIE_CH_DIRECT,
          "g0->g1 takes the NVLink");
    CHECK(rate(m, 0) == 50 * GB, "at 50 GB/s");
    pcie_model_free(m);
    m = eval(p, 1, (const char *[]){"g1"}, (const char *[]){"g0"}, &via_tree,
             0.2);
    CHECK(pcie_model_path_len(m, 0) == 2 && rate(m, 0) == B16,
          "via = tree: g1->g0 over PCIe, 16 GB/s");
    pcie_model_free(m);
    m = eval(p, 2, (const char *[]){"g2", "mem0"},
             (const char *[]){"mem0", "g2"}, NULL, 0.2);
    CHECK(rate(m, 0) == 25 * GB && rate(m, 1) == 25 * GB,
          "g2 <-> its socket's memory over its NVLink, 25 GB/s each way");
    pcie_model_free(m);
    CHECK(eval(p, 2, (const char *[]){"g0", "g1"}, (const char *[]){"g2", "g0"},
               via_direct, 0.2) == NULL,
          "via = direct without a direct link: refused");
    pcie_unref(p);
}

/* A device that sends two flows at once over one NVLink shares it. */
static void
test_streams(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0), g0, g1, g2;
    struct pcie_model *m;

    g0 = node(p, rc, PCIE_ENDPOINT, "g0", "gpu", 0);
    g1 = node(p, rc, PCIE_ENDPOINT, "g1", "gpu", 0);
    g2 = node(p, rc, PCIE_ENDPOINT, "g2", "gpu", 0);
    pcie_set_streams(p, g0, 2, NULL);
    pcie_add_direct(p, g0, g1, 25 * GB, 2, "nvlink", 1, NULL);
    pcie_add_direct(p, g0, g2, 25 * GB, 1, "nvlink", 2, NULL);
    pcie_finish(p, NULL);
    m = eval(p, 3, (const char *[]){"g0", "g0", "g0"},
             (const char *[]){"g1", "g2", "g1"}, NULL, 0.2);
    CHECK(pcie_model_nactive(m) == 2, "streams = 2: the third waits");
    CHECK(rate(m, 0) == 50 * GB && rate(m, 1) == 25 * GB,
          "two links, no sharing: 50 and 25 GB/s");
    CHECK(factor(m, 2) == 0, "the third waits: 0");
    pcie_model_free(m);
    pcie_set_streams(p, g0, 0, NULL); /* finished: refused, no change */
    m = eval(p, 2, (const char *[]){"g0", "g0"}, (const char *[]){"g1", "g1"},
             NULL, 0.2);
    CHECK(factor(m, 0) == 0.5 && factor(m, 1) == 0.5,
          "two flows on one NVLink share it (step A at the source)");
    pcie_model_free(m);
    pcie_unref(p);
}

/* NVSwitch: per-port capacity, round robin at the port to a device. */
static void
test_xswitch(void)
{
    struct pcie *p = pcie_new();
    int rc = node(p, -1, PCIE_RC, "RC", NULL, 0), d[3];
    struct pcie_model *m;
    struct rho_err err;
    char buf[32];

    d[0] = node(p, rc, PCIE_ENDPOINT, "g0", "gpu", 0);
    d[1] = node(p, rc, PCIE_ENDPOINT, "g1", "gpu", 0);
    d[2] = node(p, rc, PCIE_ENDPOINT, "g2", "gpu", 0);
    CHECK(pcie_add_xswitch(p, "nvs", NULL, 3, d, 25 * GB, 6, 3, NULL) == 0,
          "an NVSwitch joining three GPUs");
    CHECK(pcie_add_xswitch(p, "g1", NULL, 3, d, 150 * GB, 6, 3, &err) < 0 &&
              strcmp(err.msg, "duplicate name 'g1'") == 0,
          "a fabric's name is a node name too");
    pcie_finish(p, NULL);
    m = eval(p, 2, (const char *[]){"g0", "g1"}, (const char *[]){"g2", "g2"},
             NULL, 0.2);
    CHECK_STR(pcie_chan_name(p, pcie_model_hops(m, 0)[1].chan, buf, sizeof buf),
              "nvs->g2", "g0->g2 through the NVSwitch");
    CHECK(rate(m, 0) == 75 * GB && rate(m, 1) == 75 * GB,
          "the port to g2 is shared: 75 GB/s each");
    pcie_model_free(m);
    pcie_unref(p);
}

/* Uniform capacities declared explicitly give the paper's numbers. */
static void
test_uniform(void)
{
    struct pcie *p = tree_t2(), *q = pcie_new();
    const char *a[4] = {"0", "1", "3", "6"}, *b[4] = {"2", "4", "2", "4"};
    struct pcie_model *m, *n;
    int same = 1;

    for (int i = 0; i < pcie_nodes(p); i++) {
        const struct pcie_node *x = pcie_node(p, i);
        int id =
            pcie_add_node(q, x->parent, x->kind, x->name, x->type, 0, NULL);
        if (id > 0)
            pcie_set_link(q, id, B16, NULL, NULL);
    }
    pcie_finish(q, NULL);
    m = eval(p, 4, a, b, NULL, 0.2);
    n = eval(q, 4, a, b, NULL, 0.2);
    for (int f = 0; f < 4; f++)
        for (int s = 0; s < STEP_COUNT; s++)
            same &= pcie_model_factors(m, f)->col[s] ==
                    pcie_model_factors(n, f)->col[s];
    CHECK(same, "T2 with every link at 16 GB/s: Table I bit for bit");
    CHECK(factor(n, 2) == 0.7 && rate(n, 2) == 0.7 * B16, "3->2: 0.7");
    pcie_model_free(m);
    pcie_model_free(n);
    pcie_unref(p);
    pcie_unref(q);
}

/* 20,000 flows of 1 KiB on T2: the record of the run stays linear. */
static void
test_many_flows(void)
{
    struct pcie *p = tree_t2();
    int n = 20000;
    struct pcie_flowspec *f = calloc((size_t)n, sizeof *f);
    struct pcie_sim_result res;
    struct pcie_sim *s;
    double *sent = calloc((size_t)n, sizeof *sent);
    int *fl = calloc((size_t)n, sizeof *fl), ok = 1, present_ok = 1;

    for (int i = 0; i < n; i++) {
        int a = (i * 7) % 8, b = (a + 1 + (i * 13) % 7) % 8;
        char x[2] = {(char)('0' + a), 0}, y[2] = {(char)('0' + b), 0};
        f[i] = (struct pcie_flowspec){
            tree_id(p, x), tree_id(p, y), 1024, (i % 3) * 1e-6, 0, 0};
    }
    s = pcie_sim_new(p, n, f, 10e9, 0.2, NULL);
    pcie_sim_result_init(&res);
    CHECK(pcie_sim_run(s, NULL, &res, NULL) > 0, "20,000 flows run");
    CHECK(res.nsteps <= 2 * n, "at most 2n steps (%d)", res.nsteps);
    CHECK(res.nrec <= 8 * res.nsteps,
          "at most one record per source and step: %d records for %d "
          "steps (every present flow would be about 10^8)",
          res.nrec, res.nsteps);
    for (int r = 0; r < res.nrec; r++)
        sent[res.rec_flow[r]] += res.rec_bytes[r];
    for (int i = 0; i < n; i++)
        ok &= fabs(sent[i] - 1024) < 1e-6 && !isnan(res.end[i]);
    CHECK(ok, "every flow sent its 1 KiB and ended");
    for (int k = 0; k < res.nsteps; k += 997) {
        int np = pcie_sim_step_flows(&res, k, fl), waiting = 0;
        for (int j = 0; j < np; j++) {
            double rho, left;
            int r = pcie_sim_step_rec(&res, k, fl[j], &rho, NULL, &left);
            waiting += r == 0;
            present_ok &= r >= 0 && (r == 1 || (rho == 0 && left == 1024));
        }
        present_ok &=
            np == res.step[k].n && waiting == np - res.step[k].nactive;
    }
    CHECK(present_ok, "present flows found again from the order: waiting "
                      "ones have factor 0 and all their bytes left");
    pcie_sim_result_fini(&res);
    pcie_sim_free(s);
    free(f);
    free(sent);
    free(fl);
    pcie_unref(p);
}

int
main(void)
{
    test_cap();
    test_rule_b();
    test_rule_c();
    test_rule_rc();
    test_rule_d();
    test_sockets();
    test_host();
    test_direct();
    test_streams();
    test_xswitch();
    test_uniform();
    test_many_flows();
    TEST_DONE();
}
