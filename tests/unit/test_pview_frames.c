/* The stepper replays Algorithm 1: its frames end on the model's D9
   column and pass through its B and C columns. */
#include "harness.h"

#include <string.h>

#include "core/pcie/pcie_sim.h"
#include "script/lx.h"
#include "view/pcie/pview_frames.h"

static void
check_file(const char *path, int want_frames)
{
    struct rho_err err;
    struct scenario *s = lx_run_file(path, NULL, &err);
    struct pcie_sim *sim = scenario_sim(s, &err);
    struct pcie_model *m = pcie_sim_model(sim);
    struct pview_frames st;
    int present[64], np = pcie_sim_eval_at(sim, 0, present), ok = 1;
    int last_b = -1, last_c = -1;

    pview_frames_build(&st, s, m, 0);
    CHECK(st.n == want_frames, "%s: %d frames (%d)", path, want_frames, st.n);
    CHECK(st.frame[0].step == STEP_A && st.frame[st.n - 1].step == STEP_D9 &&
              st.frame[st.n - 2].step == STEP_D8,
          "%s: A first, D8 and D9 last", path);
    for (int i = 0; i < st.n; i++) {
        if (st.frame[i].step == STEP_B)
            last_b = i;
        if (st.frame[i].step == STEP_C)
            last_c = i;
        ok &= i == 0 || st.frame[i].step >= st.frame[i - 1].step;
    }
    CHECK(ok, "%s: frames in step order", path);
    for (int k = 0; k < np; k++) {
        int f = present[k];
        const struct pcie_factors *F = pcie_model_factors(m, f);
        if (!F->active)
            continue;
        /* after the last C frame every flow has its C factor, after the
           last frame its D9 factor */
        ok &= st.frame[last_c].factor[f] == F->col[STEP_C];
        ok &= st.frame[st.n - 1].factor[f] == F->col[STEP_D9];
        ok &= st.frame[st.n - 2].factor[f] == F->col[STEP_D8];
        (void)last_b;
    }
    CHECK(ok, "%s: frames end on the model's C, D8 and D9 columns", path);
    pview_frames_fini(&st);
    pcie_sim_free(sim);
    scenario_free(s);
}

/* Frames named by number, step and port, and through a session. */
static void
test_find(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
    struct session *ss = session_new(scenario_clone(s));
    struct pview_frames st;

    session_wait(ss, &err);
    CHECK(pview_frames_of_session(&st, ss, 0) == 11,
          "time step 1 of Table I: 11 frames");
    CHECK(pview_frames_find(&st, s, "1", &err) == 0, "frame 1");
    CHECK(pview_frames_find(&st, s, "D8", &err) == 9, "D8: frame 10");
    CHECK(pview_frames_find(&st, s, "C", &err) == 4, "C: its first frame, 5");
    CHECK(pview_frames_find(&st, s, "SB->K2", &err) == 6, "port SB->K2: frame 7");
    CHECK(pview_frames_find(&st, s, "C SB->K2", &err) == 6, "C at SB->K2");
    CHECK(pview_frames_find(&st, s, "B SB->K2", &err) == -1,
          "no B frame at a down port");
    CHECK(pview_frames_find(&st, s, "12", &err) == -1, "frame 12 of 11");
    CHECK_STR(err.msg, "frame 12: time step has 11 frames", "says how many");
    CHECK_STR(pview_step_name(STEP_D9), "D9", "step names");
    pview_frames_fini(&st);
    CHECK(pview_frames_of_session(&st, ss, 1) == 10,
          "time step 2 (0->2 and 1->4 alone): 10 frames");
    pview_frames_fini(&st);
    CHECK(pview_frames_of_session(&st, ss, 2) == 0 && st.n == 0,
          "no third time step: no frames");
    pview_frames_fini(&st);
    session_free(ss);
    scenario_free(s);
}

/* A lesson's open question hides what a frame works out, and only that. */
static void
test_masked(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
    struct pcie_sim *sim = scenario_sim(s, &err);
    struct pview_frames st;
    int present[64], c, d8, d9, a;

    pcie_sim_eval_at(sim, 0, present);
    pview_frames_build(&st, s, pcie_sim_model(sim), 0);
    c = pview_frames_find(&st, s, "C SB->K2", &err);
    d8 = pview_frames_find(&st, s, "D8", &err);
    d9 = pview_frames_find(&st, s, "D9", &err);
    a = pview_frames_find(&st, s, "A", &err);
    CHECK(c >= 0 && d8 >= 0 && d9 >= 0 && a >= 0, "frames C, D8, D9, A");
    if (c >= 0 && d8 >= 0 && d9 >= 0 && a >= 0) {
        const struct pview_frame *fc = &st.frame[c], *f8 = &st.frame[d8];
        CHECK(strstr(pview_frame_text(fc, 0),
                     "1/n - tau = 0.3 and the others 1/n + tau = 0.7") &&
                  !strchr(fc->text, '\x01'),
              "C SB->K2 works out 0.3 and 0.7, no marks left: %s", fc->text);
        CHECK(strstr(pview_frame_text(fc, 1),
                     "1/n - tau = ? and the others 1/n + tau = ?") &&
                  !strstr(pview_frame_text(fc, 1), "0.3") &&
                  !strstr(pview_frame_text(fc, 1), "0.7"),
              "hidden: both as ?: %s", pview_frame_text(fc, 1));
        CHECK(strstr(pview_frame_text(fc, 1), "R 0.5") != NULL,
              "what the flows bring stays: %s", pview_frame_text(fc, 1));
        CHECK(strstr(pview_frame_text(f8, 1), "drops to ?.") &&
                  !strstr(pview_frame_text(f8, 1), "0.3"),
              "D8 hidden: %s", pview_frame_text(f8, 1));
        CHECK(strstr(pview_frame_text(&st.frame[d9], 1), "0.5 -> ?."),
              "D9: the factor before stays, after is ?: %s",
              pview_frame_text(&st.frame[d9], 1));
        CHECK(st.frame[a].masked == NULL &&
                  pview_frame_text(&st.frame[a], 1) == st.frame[a].text,
              "A works nothing out: the same text");
    }
    pview_frames_fini(&st);
    pcie_sim_free(sim);
    scenario_free(s);
}

int
main(void)
{
    test_find();
    test_masked();
    check_file("scenarios/table1.lua", 11);
    check_file("scenarios/hol.lua", 9);        /* A + 6 ports + D8 + D9 */
    check_file("scenarios/halo3d-t2.lua", 11); /* 8 GPU down ports */
    TEST_DONE();
}
