/* The teaching layout's data, frame by frame, against the paper: Table I
   (B at K0->SA, C at SB->K2, the D8 chain 0->2 behind 1->4, D9's gain of
   3->2), Example 1's shares at an upstream port, Example 2's at a
   downstream port, and Example 3's chains (hol.lua). */
#include "harness.h"

#include "core/pcie/pcie_sim.h"
#include "script/lx.h"
#include "view/pcie/teach.h"

struct fixture {
    struct scenario *s;
    struct pcie_sim *sim;
    struct stepper st;
};

static int
open_fx(struct fixture *fx, const char *path)
{
    struct rho_err err;
    int present[64];

    fx->s = lx_run_file(path, NULL, &err);
    if (fx->s == NULL) {
        CHECK(0, "%s loads: %s", path, err.msg);
        return -1;
    }
    fx->sim = scenario_sim(fx->s, &err);
    pcie_sim_eval_at(fx->sim, 0, present);
    stepper_build(&fx->st, fx->s, pcie_sim_model(fx->sim), 0);
    return 0;
}

static void
close_fx(struct fixture *fx)
{
    stepper_fini(&fx->st);
    pcie_sim_free(fx->sim);
    scenario_free(fx->s);
}

/* The layout at the frame spec names. */
static void
at(struct teach *t, struct fixture *fx, const char *spec)
{
    struct rho_err err;
    int f = stepper_find(&fx->st, fx->s, spec, &err);

    CHECK(f >= 0, "frame %s exists", spec);
    teach_build(t, fx->s, pcie_sim_model(fx->sim), &fx->st, f);
}

static int
chan(const struct fixture *fx, const char *name)
{
    char buf[96];

    for (int c = 2; c < pcie_nchan(fx->s->pcie); c++) { /* 0, 1: no link */
        pcie_chan_name(fx->s->pcie, c, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return c;
    }
    return -1;
}

static void
test_table1(void)
{
    struct fixture fx;
    struct teach t;
    const struct teach_flow *f1, *f2, *f3, *f4;

    if (open_fx(&fx, "scenarios/table1.lua") != 0)
        return;
    at(&t, &fx, "A");
    CHECK(t.step == STEP_A && t.chan == -1 && t.nflows == 4 && t.nframes == 11,
          "A: four sending flows, no port, 11 frames");
    CHECK(teach_find(&t, 0)->lit && teach_find(&t, 3)->lit &&
              teach_find(&t, 0)->after == 1 && teach_find(&t, 0)->changed,
          "A: every flow lit, at 1");
    teach_fini(&t);

    at(&t, &fx, "B K0->SA");
    f1 = teach_find(&t, 0);
    f3 = teach_find(&t, 2);
    CHECK(t.chan == chan(&fx, "K0->SA") &&
              t.node == pcie_find(fx.s->pcie, "K0"),
          "B: the port K0->SA, K0's");
    CHECK(f1->lit && teach_find(&t, 1)->lit && !f3->lit &&
              !teach_find(&t, 3)->lit,
          "B: 0->2 and 1->4 lit, the others not");
    CHECK(f1->before == 1 && f1->after == 0.5 && f1->changed && f1->in == 1 &&
              f1->share_in == 1 && f1->share_out == 0.5,
          "B: 0->2 brings 1 and leaves with 1/2 (Eq. 6)");
    CHECK(isnan(f3->in) && !f3->changed && f3->after == 1,
          "B: 3->2 not at the port: no numbers there, still 1");
    CHECK(t.chan_lit[chan(&fx, "K0->SA")] && t.chan_lit[chan(&fx, "SB->K2")] &&
              !t.chan_lit[chan(&fx, "K3->SB")],
          "B: the lit flows' whole paths are lit, 6->4's not");
    CHECK(f1->npath == 4 && f1->path[0] == chan(&fx, "0->K0") &&
              f1->path[1] == chan(&fx, "K0->SA") &&
              f1->path[2] == chan(&fx, "SA->K1") &&
              f1->path[3] == chan(&fx, "K1->2"),
          "0->2's path: 0->K0, K0->SA, SA->K1, K1->2");
    teach_fini(&t);

    at(&t, &fx, "C SB->K2");
    f2 = teach_find(&t, 1);
    f4 = teach_find(&t, 3);
    CHECK(t.step == STEP_C && t.node == pcie_find(fx.s->pcie, "SB"),
          "C at SB->K2: SB's port");
    CHECK(f2->lit && f4->lit && !teach_find(&t, 0)->lit,
          "C: 1->4 and 6->4 lit");
    CHECK(f2->R == 0.5 && f2->crossed && fabs(f2->after - 0.3) < 1e-12 &&
              f2->changed,
          "C: 1->4 brings R 1/2 across the RC, gets 1/2 - tau = 3/10");
    CHECK(f4->R == 1 && !f4->crossed && fabs(f4->after - 0.7) < 1e-12,
          "C: 6->4 brings 1, gets 1/2 + tau = 7/10");
    CHECK(t.nhol == 0, "C: no chains yet");
    teach_fini(&t);

    at(&t, &fx, "D8");
    CHECK(t.step == STEP_D8 && t.nhol == 1, "D8: one chain");
    CHECK(t.hol[0].blocked == 0 && t.hol[0].by == 1 &&
              t.hol[0].shared == chan(&fx, "K0->SA") &&
              t.hol[0].cut == chan(&fx, "SB->K2") &&
              fabs(t.hol[0].to - 0.3) < 1e-12,
          "D8: 0->2 blocked behind 1->4 at K0->SA, cut at SB->K2: 3/10");
    f1 = teach_find(&t, 0);
    CHECK(f1->lit && teach_find(&t, 1)->lit && !teach_find(&t, 2)->lit &&
              f1->before == 0.5 && fabs(f1->after - 0.3) < 1e-12 && f1->changed,
          "D8: the blocked flow and its blocker lit; 0->2 1/2 -> 3/10");
    teach_fini(&t);

    at(&t, &fx, "D9");
    f3 = teach_find(&t, 2);
    CHECK(f3->lit && f3->changed && f3->before == 0.5 &&
              fabs(f3->after - 0.7) < 1e-12 &&
              f3->gain_chan == chan(&fx, "K1->2"),
          "D9: 3->2 takes what 0->2 leaves at K1->2: 1/2 -> 7/10");
    CHECK(!teach_find(&t, 0)->lit && t.nhol == 1,
          "D9: the chain stays, 0->2 no longer changes");
    teach_fini(&t);
    teach_build(&t, fx.s, pcie_sim_model(fx.sim), &fx.st, 99);
    CHECK(t.frame == 10 && t.step == STEP_D9, "a frame past the end: D9");
    teach_fini(&t);
    close_fx(&fx);
}

/* Example 1: shares 0.6, 0.4, 0.3, 0.5 into Z's upstream port leave as
   1/3, 2/9, 1/6, 5/18. */
static void
test_example1(void)
{
    struct fixture fx;
    struct teach t;
    static const double in[4] = {0.6, 0.4, 0.3, 0.5};
    static const double out[4] = {1.0 / 3, 2.0 / 9, 1.0 / 6, 5.0 / 18};
    int ok = 1;

    if (open_fx(&fx, "scenarios/lessons/01-upstream.lua") != 0)
        return;
    at(&t, &fx, "B Z->RC");
    for (int i = 0; i < 4; i++) {
        const struct teach_flow *f = teach_find(&t, i);
        ok &= f != NULL && f->lit && fabs(f->share_in - in[i]) < 1e-9 &&
              fabs(f->share_out - out[i]) < 1e-9 &&
              fabs(f->after - 1 / 1.8) < 1e-9;
    }
    CHECK(ok, "Example 1 at Z->RC: shares in .6 .4 .3 .5, out 1/3 2/9 1/6 "
              "5/18, every factor 1/1.8");
    teach_fini(&t);
    close_fx(&fx);
}

/* Example 2: R 0.7 (across the RC) and 0.9 at SB->t leave as 0.3, 0.7. */
static void
test_example2(void)
{
    struct fixture fx;
    struct teach t;
    const struct teach_flow *a, *b;

    if (open_fx(&fx, "scenarios/lessons/02-downstream.lua") != 0)
        return;
    at(&t, &fx, "C SB->t");
    a = teach_find(&t, 1);
    b = teach_find(&t, 2);
    CHECK(a->crossed && fabs(a->R - 0.7) < 1e-9 &&
              fabs(a->share_out - 0.3) < 1e-9,
          "Example 2: a (R 0.7, across the RC) keeps 0.3");
    CHECK(!b->crossed && fabs(b->R - 0.9) < 1e-9 &&
              fabs(b->share_out - 0.7) < 1e-9,
          "Example 2: b (R 0.9) keeps 0.7");
    CHECK(!teach_find(&t, 0)->lit, "the lone crossing is not at SB->t");
    teach_fini(&t);
    at(&t, &fx, "C RC->SD");
    CHECK(fabs(teach_find(&t, 0)->after - 0.8) < 1e-12 &&
              t.node == pcie_find(fx.s->pcie, "RC"),
          "the lone crossing: the RC's port gives 1 - tau = 0.8");
    teach_fini(&t);
    close_fx(&fx);
}

/* Example 3: b and c enter SA's upstream port with a, which is cut at
   K->k0; both are blocked behind a there. */
static void
test_example3(void)
{
    struct fixture fx;
    struct teach t;
    int ok = 1;

    if (open_fx(&fx, "scenarios/hol.lua") != 0)
        return;
    at(&t, &fx, "D8");
    CHECK(t.nhol == 2, "hol.lua D8: two chains (%d)", t.nhol);
    for (int i = 0; i < t.nhol && i < 2; i++) {
        ok &= t.hol[i].blocked == i + 1 && t.hol[i].by == 0;
        ok &= t.hol[i].cut == chan(&fx, "K->k0");
        ok &= fabs(t.hol[i].to - 2.0 / 15) < 1e-9;
    }
    CHECK(ok, "b and c blocked behind a, cut at K->k0, drop to 2/15");
    CHECK(t.hol[0].shared == chan(&fx, "SA->RC"),
          "the buffer they share: SA's upstream port");
    CHECK(teach_find(&t, 0)->lit && teach_find(&t, 1)->lit &&
              !teach_find(&t, 3)->lit,
          "a, b, c lit; d not");
    teach_fini(&t);
    close_fx(&fx);
}

int
main(void)
{
    test_table1();
    test_example1();
    test_example2();
    test_example3();
    TEST_DONE();
}
