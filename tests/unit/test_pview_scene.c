/* The teaching layout's data, frame by frame, against the paper: Table I
   (B at K0->SA, C at SB->K2, the D8 chain 0->2 behind 1->4, D9's gain of
   3->2), Example 1's shares at an upstream port, Example 2's at a
   downstream port, and Example 3's chains (hol.lua). */
#include "harness.h"
#include "support_canvas.h"

#include "core/pcie/pcie_sim.h"
#include "script/lx.h"
#include "view/bigtext.h"
#include "view/pcie/pview_scene.h"
#include "view/roles.h"

struct fixture {
    struct scenario *s;
    struct pcie_sim *sim;
    struct pview_frames st;
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
    pview_frames_build(&fx->st, fx->s, pcie_sim_model(fx->sim), 0);
    return 0;
}

static void
close_fx(struct fixture *fx)
{
    pview_frames_fini(&fx->st);
    pcie_sim_free(fx->sim);
    scenario_free(fx->s);
}

/* The layout at the frame spec names. */
static void
at(struct pview_scene *t, struct fixture *fx, const char *spec)
{
    struct rho_err err;
    int f = pview_frames_find(&fx->st, fx->s, spec, &err);

    CHECK(f >= 0, "frame %s exists", spec);
    pview_scene_build(t, fx->s, pcie_sim_model(fx->sim), &fx->st, f);
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
    struct pview_scene t;
    const struct pview_scene_flow *f1, *f2, *f3, *f4;

    if (open_fx(&fx, "scenarios/table1.lua") != 0)
        return;
    at(&t, &fx, "A");
    CHECK(t.step == STEP_A && t.chan == -1 && t.nflows == 4 && t.nframes == 11,
          "A: four sending flows, no port, 11 frames");
    CHECK(pview_scene_find(&t, 0)->lit && pview_scene_find(&t, 3)->lit &&
              pview_scene_find(&t, 0)->after == 1 && pview_scene_find(&t, 0)->changed,
          "A: every flow lit, at 1");
    pview_scene_fini(&t);

    at(&t, &fx, "B K0->SA");
    f1 = pview_scene_find(&t, 0);
    f3 = pview_scene_find(&t, 2);
    CHECK(t.chan == chan(&fx, "K0->SA") &&
              t.node == pcie_find(fx.s->pcie, "K0"),
          "B: the port K0->SA, K0's");
    CHECK(f1->lit && pview_scene_find(&t, 1)->lit && !f3->lit &&
              !pview_scene_find(&t, 3)->lit,
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
    pview_scene_fini(&t);

    at(&t, &fx, "C SB->K2");
    f2 = pview_scene_find(&t, 1);
    f4 = pview_scene_find(&t, 3);
    CHECK(t.step == STEP_C && t.node == pcie_find(fx.s->pcie, "SB"),
          "C at SB->K2: SB's port");
    CHECK(f2->lit && f4->lit && !pview_scene_find(&t, 0)->lit,
          "C: 1->4 and 6->4 lit");
    CHECK(f2->R == 0.5 && f2->crossed && fabs(f2->after - 0.3) < 1e-12 &&
              f2->changed,
          "C: 1->4 brings R 1/2 across the RC, gets 1/2 - tau = 3/10");
    CHECK(f4->R == 1 && !f4->crossed && fabs(f4->after - 0.7) < 1e-12,
          "C: 6->4 brings 1, gets 1/2 + tau = 7/10");
    CHECK(t.nhol == 0, "C: no chains yet");
    pview_scene_fini(&t);

    at(&t, &fx, "D8");
    CHECK(t.step == STEP_D8 && t.nhol == 1, "D8: one chain");
    CHECK(t.hol[0].blocked == 0 && t.hol[0].by == 1 &&
              t.hol[0].shared == chan(&fx, "K0->SA") &&
              t.hol[0].cut == chan(&fx, "SB->K2") &&
              fabs(t.hol[0].to - 0.3) < 1e-12,
          "D8: 0->2 blocked behind 1->4 at K0->SA, cut at SB->K2: 3/10");
    f1 = pview_scene_find(&t, 0);
    CHECK(f1->lit && pview_scene_find(&t, 1)->lit && !pview_scene_find(&t, 2)->lit &&
              f1->before == 0.5 && fabs(f1->after - 0.3) < 1e-12 && f1->changed,
          "D8: the blocked flow and its blocker lit; 0->2 1/2 -> 3/10");
    pview_scene_fini(&t);

    at(&t, &fx, "D9");
    f3 = pview_scene_find(&t, 2);
    CHECK(f3->lit && f3->changed && f3->before == 0.5 &&
              fabs(f3->after - 0.7) < 1e-12 &&
              f3->gain_chan == chan(&fx, "K1->2"),
          "D9: 3->2 takes what 0->2 leaves at K1->2: 1/2 -> 7/10");
    CHECK(!pview_scene_find(&t, 0)->lit && t.nhol == 1,
          "D9: the chain stays, 0->2 no longer changes");
    pview_scene_fini(&t);
    pview_scene_build(&t, fx.s, pcie_sim_model(fx.sim), &fx.st, 99);
    CHECK(t.frame == 10 && t.step == STEP_D9, "a frame past the end: D9");
    pview_scene_fini(&t);
    close_fx(&fx);
}

/* Example 1: shares 0.6, 0.4, 0.3, 0.5 into Z's upstream port leave as
   1/3, 2/9, 1/6, 5/18. */
static void
test_example1(void)
{
    struct fixture fx;
    struct pview_scene t;
    static const double in[4] = {0.6, 0.4, 0.3, 0.5};
    static const double out[4] = {1.0 / 3, 2.0 / 9, 1.0 / 6, 5.0 / 18};
    int ok = 1;

    if (open_fx(&fx, "scenarios/lessons/01-upstream.lua") != 0)
        return;
    at(&t, &fx, "B Z->RC");
    for (int i = 0; i < 4; i++) {
        const struct pview_scene_flow *f = pview_scene_find(&t, i);
        ok &= f != NULL && f->lit && fabs(f->share_in - in[i]) < 1e-9 &&
              fabs(f->share_out - out[i]) < 1e-9 &&
              fabs(f->after - 1 / 1.8) < 1e-9;
    }
    CHECK(ok, "Example 1 at Z->RC: shares in .6 .4 .3 .5, out 1/3 2/9 1/6 "
              "5/18, every factor 1/1.8");
    pview_scene_fini(&t);
    close_fx(&fx);
}

/* Example 2: R 0.7 (across the RC) and 0.9 at SB->t leave as 0.3, 0.7. */
static void
test_example2(void)
{
    struct fixture fx;
    struct pview_scene t;
    const struct pview_scene_flow *a, *b;

    if (open_fx(&fx, "scenarios/lessons/02-downstream.lua") != 0)
        return;
    at(&t, &fx, "C SB->t");
    a = pview_scene_find(&t, 1);
    b = pview_scene_find(&t, 2);
    CHECK(a->crossed && fabs(a->R - 0.7) < 1e-9 &&
              fabs(a->share_out - 0.3) < 1e-9,
          "Example 2: a (R 0.7, across the RC) keeps 0.3");
    CHECK(!b->crossed && fabs(b->R - 0.9) < 1e-9 &&
              fabs(b->share_out - 0.7) < 1e-9,
          "Example 2: b (R 0.9) keeps 0.7");
    CHECK(!pview_scene_find(&t, 0)->lit, "the lone crossing is not at SB->t");
    pview_scene_fini(&t);
    at(&t, &fx, "C RC->SD");
    CHECK(fabs(pview_scene_find(&t, 0)->after - 0.8) < 1e-12 &&
              t.node == pcie_find(fx.s->pcie, "RC"),
          "the lone crossing: the RC's port gives 1 - tau = 0.8");
    pview_scene_fini(&t);
    close_fx(&fx);
}

/* Example 3: b and c enter SA's upstream port with a, which is cut at
   K->k0; both are blocked behind a there. */
static void
test_example3(void)
{
    struct fixture fx;
    struct pview_scene t;
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
    CHECK(pview_scene_find(&t, 0)->lit && pview_scene_find(&t, 1)->lit &&
              !pview_scene_find(&t, 3)->lit,
          "a, b, c lit; d not");
    pview_scene_fini(&t);
    close_fx(&fx);
}

/* The role of the cell where text starts on row y, or -1. */
static int
role_of_text(const struct canvas *c, int y, const char *text)
{
    const char *r = row_text(c, y), *p = strstr(r, text);
    int col = 0;

    if (p == NULL)
        return -1;
    for (const char *q = r; q < p;)
        col += utf8_cp_width(utf8_next(&q)) ? 1 : 0;
    return c->cell[y * c->w + col].role;
}

/* The layout drawn: the port marked, paths lit, factors beside the flows,
   the D8 chain as an arrow, numbers hidden when a question is open, one
   panel on a narrow screen, large text on a projector. */
static void
test_draw(void)
{
    struct fixture fx;
    struct pview_scene t;
    struct canvas c;
    struct cview v;
    struct pview_look look = {.panel = TEACH_BOTH, .sel = -1, .ntsteps = 2};
    char hidden[4] = {0, 1, 0, 1};
    int y, y2;

    if (open_fx(&fx, "scenarios/table1.lua") != 0)
        return;
    canvas_init(&c, 160, 40, 0);
    v = cview_of(&c, 0, 0, 160, 40);
    at(&t, &fx, "C SB->K2");
    pview_scene_draw(&v, fx.s, &fx.st, &t, &look);
    y = find_row(&c, "\u251c\u2500K2");
    CHECK(y > 0 && strstr(row_text(&c, y), "\u25c0 C: downstream port"),
          "C at SB->K2: the port marked on K2's row");
    CHECK(y > 0 && role_of_text(&c, y, "\u21932 4") == ROLE_STEP_CURRENT,
          "the port's cell reversed: flows 2 and 4 go down SB->K2");
    y2 = find_row(&c, "\u2514\u2500SB");
    CHECK(y2 > 0 && role_of_text(&c, y2, "SB") == ROLE_STEP_CURRENT,
          "SB, the port's node, marked");
    y2 = find_row(&c, "6 gpu");
    CHECK(y2 > 0 && role_of_text(&c, y2, "4\u21924") == ROLE_PATH &&
              strstr(row_text(&c, y2), "4\u21924 0.7000"),
          "6->4 lit at its source, its new factor 0.7 beside it");
    CHECK(y2 > 0 && role_of_text(&c, y2, "0.7000") == ROLE_STEP_CHANGED,
          "the factor this rule changed stands out");
    y2 = find_row(&c, "3 gpu");
    CHECK(y2 > 0 && role_of_text(&c, y2, "3\u21922") == ROLE_DEFAULT,
          "3->2 is not at this port: not lit");
    CHECK(find_row(&c, "flow 2: R 0.5 (crossed the RC), share 0.5 -> 0.3") > 0,
          "the numbers at the port: Example 2's rule with tau = 1/5");
    pview_scene_fini(&t);

    canvas_clear(&c, ROLE_DEFAULT);
    at(&t, &fx, "D8");
    pview_scene_draw(&v, fx.s, &fx.st, &t, &look);
    y = find_row(&c, "\u251c\u2500K0");
    y2 = find_row(&c, "\u251c\u2500K2");
    CHECK(y > 0 && strstr(row_text(&c, y), "\u25cf\u2504") != NULL &&
              strstr(row_text(&c, y), "\u2510") != NULL,
          "D8: the chain starts at K0's row (the buffer of K0->SA)");
    CHECK(y2 > 0 && strstr(row_text(&c, y2), "\u25c0\u2504") != NULL &&
              strstr(row_text(&c, y2), "\u2518") != NULL,
          "and points at K2's row (SB->K2 cuts flow 2)");
    CHECK(find_row(&c, "flow 1 shares K0->SA with flow 2, which SB->K2 cuts") >
              0,
          "the chain in words");
    pview_scene_fini(&t);

    /* a question open about flows 2 and 4 */
    canvas_clear(&c, ROLE_DEFAULT);
    look.hidden = hidden;
    at(&t, &fx, "C SB->K2");
    pview_scene_draw(&v, fx.s, &fx.st, &t, &look);
    y = find_row(&c, "6 gpu");
    CHECK(y > 0 && strstr(row_text(&c, y), "4\u21924      ?") != NULL &&
              strstr(row_text(&c, y), "0.7") == NULL,
          "hidden: 6->4's factor is a '?'");
    CHECK(find_row(&c, "flow 2: ?") > 0 && find_row(&c, "0.3000") < 0,
          "hidden: the port's numbers too, and 0.3 nowhere");
    CHECK(find_row(&c, "1\u21922 0.5000") > 0,
          "flows the question is not about keep their numbers");
    look.hidden = NULL;
    pview_scene_fini(&t);
    canvas_fini(&c);

    /* 80x24: one panel at a time */
    canvas_init(&c, 80, 22, 0);
    v = cview_of(&c, 0, 0, 80, 22);
    at(&t, &fx, "D8");
    pview_scene_draw(&v, fx.s, &fx.st, &t, &look);
    CHECK(find_row(&c, "Algorithm 1") == 0 && find_row(&c, "\u2500K0") < 0,
          "80 columns: the stepper alone");
    canvas_clear(&c, ROLE_DEFAULT);
    look.panel = TEACH_TREE;
    pview_scene_draw(&v, fx.s, &fx.st, &t, &look);
    CHECK(find_row(&c, "\u2500K0") > 0 && find_row(&c, "Algorithm 1") < 0,
          "or the tree alone");
    pview_scene_fini(&t);
    canvas_fini(&c);

    /* 200x60: large text */
    canvas_init(&c, 200, 56, 0);
    v = cview_of(&c, 0, 0, 200, 56);
    look.panel = TEACH_BOTH;
    look.big = 1;
    at(&t, &fx, "C SB->K2");
    pview_scene_draw(&v, fx.s, &fx.st, &t, &look);
    y = find_row(&c, "Algorithm 1");
    CHECK(y == 0 && strchr(row_text(&c, 3), 0) &&
              strstr(row_text(&c, 3), "\u2584\u2580\u2580") != NULL,
          "large text: the frame's step and port three rows tall");
    pview_scene_fini(&t);
    canvas_fini(&c);
    close_fx(&fx);
}

static void
test_bigtext(void)
{
    struct canvas c;
    struct cview v;

    canvas_init(&c, 20, 3, 0);
    v = cview_of(&c, 0, 0, 20, 3);
    CHECK(bigtext_width("0.3") == 9, "0.3: 3 + 1 + 1 + 1 + 3 columns");
    CHECK(bigtext_draw(&v, 0, 0, ROLE_NUMBER, "0.3") == 9, "drawn as wide");
    CHECK_STR(row_text(&c, 0),
              "\u2588\u2580\u2588   \u2580\u2580\u2588",
              "top row of 0.3");
    CHECK_STR(row_text(&c, 1),
              "\u2588 \u2588    \u2580\u2588",
              "middle row");
    CHECK_STR(row_text(&c, 2),
              "\u2580\u2580\u2580 \u2580 \u2580\u2580"
              "\u2580",
              "bottom row: the point in the last pixel row");
    canvas_fini(&c);
    canvas_init(&c, 4, 3, 1);
    v = cview_of(&c, 0, 0, 4, 3);
    bigtext_draw(&v, 0, 0, ROLE_NUMBER, "7x");
    CHECK_STR(row_text(&c, 0), "###", "ASCII: blocks are '#', cut at 4");
    canvas_fini(&c);
}

int
main(void)
{
    test_draw();
    test_bigtext();
    test_table1();
    test_example1();
    test_example2();
    test_example3();
    TEST_DONE();
}
