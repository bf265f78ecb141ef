/* Lessons as data: numbers as a class types them, the verdict with its
   tolerance, focus that carries from step to step, and a lesson read
   from Lua, copied and written back. */
#include "harness.h"

#include <stdlib.h>
#include "support_canvas.h"

#include "core/lesson.h"
#include "core/scenario.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/canvas.h"
#include "view/lview.h"
#include "view/pcie/pview_frames.h"

static void
test_numbers(void)
{
    static const struct {
        const char *text;
        double v;
    } good[] = {
        {"0.3", 0.3},   {".3", 0.3},        {"0,3", 0.3}, {" 3/10 ", 0.3},
        {"30%", 0.3},   {"30 %", 0.3},      {"1", 1},     {"7 / 10", 0.7},
        {"-0.5", -0.5}, {"2/15", 2.0 / 15},
    };
    static const char *const bad[] = {
        "", "abc", "0.3x", "1/0", "3/", "/3", "1.2.3", "0.3 0.4", "%",
    };
    double v;

    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        CHECK(lesson_parse_number(good[i].text, &v) == 0 &&
                  fabs(v - good[i].v) < 1e-12,
              "'%s' reads as %g", good[i].text, good[i].v);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(lesson_parse_number(bad[i], &v) == -1, "'%s' is no number",
              bad[i]);
}

static void
test_check(void)
{
    double typed = 0;

    /* Table I: flow 3 (3->2) ends step D9 at 7/10 */
    CHECK(lesson_check("0.7", 0.7, LESSON_TOLERANCE, &typed) == LESSON_RIGHT &&
              typed == 0.7,
          "0.7 for 7/10: right");
    CHECK(lesson_check("7/10", 0.7, LESSON_TOLERANCE, NULL) == LESSON_RIGHT,
          "7/10: right");
    CHECK(lesson_check("0.705", 0.7, LESSON_TOLERANCE, NULL) == LESSON_RIGHT,
          "0.705 is within the tolerance of 0.005 (inclusive)");
    CHECK(lesson_check("0.71", 0.7, LESSON_TOLERANCE, NULL) == LESSON_TOO_HIGH,
          "0.71: too high");
    CHECK(lesson_check("1/2", 0.7, LESSON_TOLERANCE, NULL) == LESSON_TOO_LOW,
          "1/2 (its C factor): too low");
    CHECK(lesson_check("0.33", 1.0 / 3, LESSON_TOLERANCE, NULL) == LESSON_RIGHT,
          "0.33 for 1/3 (Example 1's flow a)");
    CHECK(lesson_check("0.3", 1.0 / 3, 0.01, NULL) == LESSON_TOO_LOW,
          "0.3 for 1/3 with a tolerance of 0.01: too low");
    CHECK(lesson_check("about 0.3", 0.3, 0.01, NULL) == LESSON_UNREADABLE,
          "words: unreadable");
    CHECK(lesson_check("0.2667", 4.0 / 15, 0.0001, NULL) == LESSON_RIGHT,
          "a tight tolerance");
}

static const char *const script =
    "return rho.scenario { title = 'x', topology = rho.t2(), size = '1 "
    "MiB',\n"
    "  flows = { { '0', '4' }, { '1', '5' } },\n"
    "  lesson = {\n"
    "    { text = 'look \"here\"', focus = { view = 'stepper', frame = 3, "
    "step = 1, flow = 2 },\n"
    "      ask = 'why?', answer = 0.3, hide = { 1, 2 } },\n"
    "    { text = 'a tree', focus = 'tree' },\n"
    "    { text = 'guess', predict = 2, tolerance = 0.01 },\n"
    "  } }\n";

static void
test_script(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_string("l.lua", script, NULL, &err), *t;
    struct lesson_focus f;
    struct strbuf a, b;
    const struct lesson *l;

    CHECK(s != NULL, "a lesson loads (%s)", s ? "" : err.msg);
    if (s == NULL)
        return;
    l = s->lesson;
    CHECK(l != NULL && l->n == 3, "three steps");
    CHECK_STR(l->step[0].text, "look \"here\"", "text");
    CHECK_STR(l->step[0].view, "stepper", "focus view");
    CHECK_STR(l->step[0].frame, "3", "a frame given as a number");
    CHECK(l->step[0].tstep == 1 && l->step[0].flow == 2, "step and flow");
    CHECK_STR(l->step[0].ask, "why?", "ask");
    CHECK_STR(l->step[0].answer, "0.3", "a number as the answer");
    CHECK(l->step[0].nhide == 2 && lesson_hides(&l->step[0], 1) &&
              lesson_hides(&l->step[0], 2),
          "hides flows 1 and 2");
    CHECK(l->step[2].predict == 2 && l->step[2].tolerance == 0.01 &&
              lesson_hides(&l->step[2], 2) && !lesson_hides(&l->step[2], 1),
          "predict flow 2, which stays hidden");
    CHECK(l->step[1].tolerance == LESSON_TOLERANCE, "default tolerance");

    /* focus carries */
    lesson_focus(l, 2, &f);
    CHECK(f.view && strcmp(f.view, "tree") == 0 && f.frame &&
              strcmp(f.frame, "3") == 0 && f.tstep == 1 && f.flow == 2,
          "step 3 looks at what steps 1 and 2 chose");
    lesson_focus(l, 99, &f);
    CHECK(f.view && strcmp(f.view, "tree") == 0, "past the end: the last");

    /* copy and round trip */
    t = scenario_clone(s);
    CHECK(t->lesson != l && t->lesson->n == 3 &&
              strcmp(t->lesson->step[0].text, l->step[0].text) == 0 &&
              t->lesson->step[0].hide != l->step[0].hide,
          "a clone owns its own lesson");
    scenario_free(t);
    strbuf_init(&a);
    strbuf_init(&b);
    scenario_to_lua(s, &a);
    CHECK(strstr(strbuf_str(&a),
                 "  lesson = {\n    { text = \"look \\\"here\\\"\", focus = { "
                 "view = \"stepper\", frame = \"3\", step = 1, flow = 2 }, "
                 "ask = \"why?\", answer = \"0.3\", hide = { 1, 2 } },\n") !=
              NULL,
          "written back as Lua");
    t = lx_run_string("w.lua", strbuf_str(&a), NULL, &err);
    CHECK(t != NULL, "what was written loads (%s)", t ? "" : err.msg);
    if (t != NULL) {
        scenario_to_lua(t, &b);
        CHECK(strcmp(strbuf_str(&b), strbuf_str(&a)) == 0,
              "and writes the same again");
        scenario_free(t);
    }
    strbuf_fini(&a);
    strbuf_fini(&b);
    scenario_free(s);
}

/* The answer of the exercise of a lesson's step, as rho works it out. */
static double
truth_of(const char *path, int step, char *where, size_t n)
{
    struct rho_err err;
    struct scenario *s = lx_run_file(path, NULL, &err);
    struct session *ss;
    double v = -1;

    if (s == NULL) {
        CHECK(0, "%s loads (%s)", path, err.msg);
        return -1;
    }
    ss = session_new(s);
    session_wait(ss, &err);
    if (lview_truth(ss, step, &v, where, n, &err) != 0)
        CHECK(0, "%s: step %d: %s", path, step + 1, err.msg);
    session_free(ss);
    return v;
}

/* The paper's numbers are the exercises' answers. */
static void
test_truth(void)
{
    char where[256], frac[32];
    struct rho_err err;
    struct scenario *s;
    struct session *ss;
    double v;

    CHECK_NEAR(
        truth_of("scenarios/lessons/01-upstream.lua", 5, where, sizeof where),
        5.0 / 9, 1e-9, "lesson 1: every copy keeps 1/1.8 (Eq. 6)");
    CHECK_NEAR(
        truth_of("scenarios/lessons/02-downstream.lua", 4, where, sizeof where),
        0.8, 1e-12, "lesson 2: a lone crossing gets 1 - tau");
    CHECK_NEAR(truth_of("scenarios/lessons/03-hol.lua", 5, where, sizeof where),
               0.7, 1e-12, "lesson 3: Table I, 3->2 after D9");
    CHECK_STR(where, "the factor of flow 3 (3->2) after D9 in time step 1",
              "what the number is");
    CHECK_NEAR(truth_of("scenarios/lessons/04-congestion-graph.lua", 4, where,
                        sizeof where),
               0.5, 1e-12, "lesson 4: Table II, 0->2 in the second step");
    CHECK_STR(where, "the factor of flow 1 (0->2) after D9 in time step 2",
              "in time step 2");

    /* a frame in the focus: the factor after that frame */
    s = lx_run_string(
        "t.lua",
        "return rho.scenario { topology = rho.t2(), tau = 0.2, size = "
        "'300 MiB',\n"
        "  flows = { { '0', '2' }, { '1', '4' }, { '3', '2' }, { '6', '4' } "
        "},\n"
        "  lesson = { { text = 'b', focus = { frame = 'B K0->SA' }, predict "
        "= 1 },\n"
        "             { text = 'c', focus = { frame = 'C SB->K2' }, predict "
        "= 2 },\n"
        "             { text = 'd8', focus = { frame = 'D8' }, predict = 1 "
        "},\n"
        "             { text = 'no', focus = { frame = 'C K0->SA' }, "
        "predict = 1 },\n"
        "             { text = 'none' } } }\n",
        NULL, &err);
    CHECK(s != NULL, "frames in a lesson load");
    if (s == NULL)
        return;
    ss = session_new(s);
    session_wait(ss, &err);
    CHECK(lview_truth(ss, 0, &v, where, sizeof where, &err) == 0 && v == 0.5,
          "Table I, 0->2 after B at K0->SA: 1/2");
    CHECK_STR(where,
              "the factor of flow 1 (0->2) after B at K0->SA in time "
              "step 1",
              "names the frame");
    CHECK(lview_truth(ss, 1, &v, NULL, 0, &err) == 0 && fabs(v - 0.3) < 1e-12,
          "1->4 after C at SB->K2: 3/10 (got %g)", v);
    CHECK(lview_truth(ss, 2, &v, NULL, 0, &err) == 0 && fabs(v - 0.3) < 1e-12,
          "0->2 after D8: 3/10, head-of-line blocked (got %g)", v);
    CHECK(lview_truth(ss, 3, &v, NULL, 0, &err) == -1 &&
              strstr(err.msg, "frame 'C K0->SA': no such frame") != NULL,
          "a frame that is not there: %s", err.msg);
    CHECK(lview_truth(ss, 4, &v, NULL, 0, &err) == -1,
          "a step without an exercise");
    session_free(ss);
    CHECK_STR(lview_fraction(0.7, frac, sizeof frac), "7/10", "7/10");
    CHECK_STR(lview_fraction(5.0 / 9, frac, sizeof frac), "5/9", "5/9");
    CHECK_STR(lview_fraction(0.5556, frac, sizeof frac), "",
              "0.5556 is no fraction");
}

/* Handouts: a line for each answer, or the answers. */
static void
test_handout(void)
{
    struct rho_err err;
    struct scenario *s =
        lx_run_file("scenarios/lessons/03-hol.lua", NULL, &err);
    struct session *ss = session_new(s);
    struct strbuf sb;

    session_wait(ss, &err);
    strbuf_init(&sb);
    lview_handout(ss, 0, &sb);
    CHECK(strstr(strbuf_str(&sb), "   Q: What do b and d get at SB->K2?\n"
                                  "   Answer: ____") != NULL,
          "a question and a line for its answer");
    CHECK(strstr(strbuf_str(&sb), "7/10") == NULL ||
              strstr(strbuf_str(&sb), "A: ") == NULL,
          "no answers on the students' copy");
    strbuf_reset(&sb);
    lview_handout(ss, 1, &sb);
    CHECK(strstr(strbuf_str(&sb), "   A: 0.7 = 7/10\n") != NULL,
          "the lecturer's copy: rho's answer to the exercise");
    CHECK(strstr(strbuf_str(&sb), " 5. Step D8.") != NULL, "steps numbered");
    strbuf_fini(&sb);
    session_free(ss);
}

/* The pane in class: hidden numbers, reveal, predictions typed. */
static void
test_pane(void)
{
    struct rho_err err;
    struct scenario *s =
        lx_run_file("scenarios/lessons/03-hol.lua", NULL, &err);
    struct session *ss = session_new(s);
    const struct lesson *l = s->lesson;
    struct lview_state ls;
    struct canvas c;
    struct cview v;
    char hidden[4], msg[256];

    session_wait(ss, &err);
    lview_init(&ls);
    CHECK(lview_hidden(l, &ls, 4, hidden) == 0, "step 1 hides nothing");
    lview_goto(&ls, l, 2);
    CHECK(lview_hidden(l, &ls, 4, hidden) == 2 && hidden[1] && hidden[3] &&
              !hidden[0],
          "step 3's question hides flows 2 and 4");
    canvas_init(&c, 100, lview_pane_height(l, &ls, 100, 12), 0);
    v = cview_of(&c, 0, 0, c.w, c.h);
    lview_draw(&v, s, &ls, 2, 7);
    CHECK(find_row(&c, " Lesson 3 of 7 \u00b7 step 3 of 6 ") >= 0,
          "the rule says where");
    CHECK(find_row(&c, "Q: What do b and d get at SB->K2?") >= 0 &&
              find_row(&c, "= reveals the answer") >= 0 && find_row(&c, "7/10") < 0,
          "the question, its answer hidden");
    CHECK(lview_reveal(ss, &ls, 1, &err) == 0 &&
              lview_hidden(l, &ls, 4, hidden) == 0,
          "= reveals: nothing hidden any more");
    canvas_fini(&c);
    canvas_init(&c, 100, lview_pane_height(l, &ls, 100, 12), 0);
    v = cview_of(&c, 0, 0, c.w, c.h);
    lview_draw(&v, s, &ls, 2, 7);
    CHECK(find_row(&c, "A: b: 1/2 - tau = 3/10") >= 0, "and the answer shows");
    canvas_fini(&c);

    /* the exercise: predict 3->2 after D9 */
    lview_goto(&ls, l, 5);
    CHECK(!ls.revealed && ls.typed[0] == '\0', "a new step: closed again");
    CHECK(lview_hidden(l, &ls, 4, hidden) == 1 && hidden[2],
          "the exercise hides the flow to predict");
    CHECK(lview_predict(ss, &ls, "1/2", msg, sizeof msg) == LESSON_TOO_LOW,
          "1/2 (its C factor): too low");
    CHECK_STR(msg, "0.5 is too low: try again, or = reveals it", "says so");
    CHECK(lview_hidden(l, &ls, 4, hidden) == 1, "still hidden");
    canvas_init(&c, 100, lview_pane_height(l, &ls, 100, 12), 0);
    v = cview_of(&c, 0, 0, c.w, c.h);
    lview_draw(&v, s, &ls, 2, 7);
    CHECK(find_row(&c, "Predict the factor of flow 3 (3\u21922), to within "
                    "0.005: p types it") >= 0 &&
              find_row(&c, "1/2: too low, try again") >= 0,
          "the pane shows the exercise and the verdict");
    canvas_fini(&c);
    CHECK(lview_predict(ss, &ls, "seven tenths", msg, sizeof msg) ==
              LESSON_UNREADABLE,
          "words: not a number");
    CHECK(lview_predict(ss, &ls, "0.7", msg, sizeof msg) == LESSON_RIGHT &&
              ls.revealed,
          "0.7: right, and revealed");
    CHECK_STR(msg,
              "right: 0.7 is the factor of flow 3 (3->2) after D9 in "
              "time step 1",
              "says what the number is");
    canvas_init(&c, 100, lview_pane_height(l, &ls, 100, 12), 0);
    v = cview_of(&c, 0, 0, c.w, c.h);
    lview_draw(&v, s, &ls, 2, 7);
    CHECK(find_row(&c, "right, rho: 0.7 = 7/10 (the factor of flow 3") >= 0,
          "rho's number on the pane");
    canvas_fini(&c);
    lview_goto(&ls, l, 0);
    CHECK(lview_predict(ss, &ls, "1", msg, sizeof msg) == -1,
          "a step without an exercise: %s", msg);
    session_free(ss);
}

/* A scenario of Table I on T2 whose lesson's steps are steps (Lua, one
   per line from line 4), named path; NULL with err filled when it does
   not load. */
static struct scenario *
table1_load(const char *path, const char *steps, struct rho_err *err)
{
    struct strbuf sb;
    struct scenario *s;

    strbuf_init(&sb);
    strbuf_printf(&sb,
                  "return rho.scenario { topology = rho.t2(), tau = 0.2,\n"
                  "  size = '300 MiB', flows = { { '0', '2' }, { '1', '4' },"
                  " { '3', '2' }, { '6', '4' } },\n"
                  "  lesson = {\n%s  } }\n",
                  steps);
    s = lx_run_string(path, strbuf_str(&sb), NULL, err);
    strbuf_fini(&sb);
    return s;
}

/* The same, NULL after a failed CHECK. */
static struct scenario *
table1_with(const char *path, const char *steps)
{
    struct rho_err err;
    struct scenario *s = table1_load(path, steps, &err);

    CHECK(s != NULL, "%s loads (%s)", path, s ? "" : err.msg);
    return s;
}

/* What a step's focus names is checked: from the scenario alone, then
   against the run, with the step's line. */
static void
test_focus_check(void)
{
    static const struct {
        const char *steps, *msg;
    } bad[] = {
        {"    { text = 'x', focus = { view = 'teach', frame = 'Q' } },\n",
         "q.lua:4: lesson step 1: focus: frame 'Q': not a frame (give a "
         "number from 1, a step A, B, C, D8 or D9, or a port such as "
         "K3->7)"},
        {"    { text = 'a', focus = 'tree' },\n"
         "    { text = 'x', focus = { view = 'teach', frame = 'C SB->K9' } "
         "},\n",
         "q.lua:5: lesson step 2: focus: frame 'C SB->K9': the tree has no "
         "port SB->K9 (a port is written as the frames name it, such as "
         "K3->7)"},
        {"    { text = 'x', focus = { frame = 'D8' } },\n",
         "q.lua:4: lesson step 1: focus: frame 'D8' with no view to show "
         "it (give view = \"stepper\" or \"teach\", in this step or one "
         "before)"},
        {"    { text = 'x', focus = { view = 'tree', frame = 'D8' } },\n",
         "q.lua:4: lesson step 1: focus: frame 'D8': the tree view has no "
         "frames (give view = \"stepper\" or \"teach\")"},
        {"    { text = 'x', focus = { view = 'teach', frame = 0 } },\n",
         "q.lua:4: lesson step 1: focus: frame 0: frames count from 1"},
        {"    { text = 'x', focus = 'links' },\n",
         "q.lua:4: lesson step 1: focus: no links view for this scenario "
         "(it has: tree, flows, explain, stepper, timeline, heat, stats, "
         "search or teach)"},
        {"    { text = 'x', focus = 'lesson' },\n",
         "q.lua:4: lesson step 1: focus: the lesson view shows the lesson "
         "itself (give the view its step looks at: tree, flows, explain, "
         "stepper, timeline, heat, stats, search or teach)"},
    };
    static const struct {
        const char *steps, *msg;
    } after_run[] = {
        {"    { text = 'a', focus = { view = 'teach', frame = 'A' } },\n"
         "    { text = 'b' },\n"
         "    { text = 'z', focus = { view = 'stepper', frame = 99 } },\n",
         "q.lua:6: lesson step 3: focus: frame 99: time step has 11 "
         "frames"},
        {"    { text = 'x', focus = { step = 9 } },\n",
         "q.lua:4: lesson step 1: focus: the run has no time step 9 (it "
         "has 2 time steps)"},
        {"    { text = 'x', predict = 1, focus = { step = 3 } },\n",
         "q.lua:4: lesson step 1: focus: the run has no time step 3 (it "
         "has 2 time steps)"},
        {"    { text = 'x', focus = { view = 'teach', frame = 'C K0->SA' } "
         "},\n",
         "q.lua:4: lesson step 1: focus: frame 'C K0->SA': no such frame "
         "in this time step (give a number from 1 to 11, a step A, B, C, "
         "D8 or D9, or a port such as K0->SA)"},
    };
    struct rho_err err;
    struct scenario *s;
    struct session *ss;

    /* (refused by the loader: rho.scenario checks every step) */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        s = table1_load("q.lua", bad[i].steps, &err);
        CHECK(s == NULL, "wrong focus %zu refused at load", i);
        CHECK_STR(err.msg, bad[i].msg, "with its line");
        scenario_free(s);
    }
    for (size_t i = 0; i < sizeof after_run / sizeof after_run[0]; i++) {
        if ((s = table1_with("q.lua", after_run[i].steps)) == NULL)
            continue;
        CHECK(lview_check(s, &err) == 0, "%zu: the scenario alone is fine", i);
        ss = session_new(s);
        session_wait(ss, &err);
        CHECK(lview_check_run(ss, &err) == -1, "the run refuses %zu", i);
        CHECK_STR(err.msg, after_run[i].msg, "with its line");
        session_free(ss);
    }
    /* what is right passes; an exercise's frame needs no view */
    s = table1_with(
        "ok.lua",
        "    { text = 'a', focus = { view = 'teach', frame = 'C SB->K2' } "
        "},\n"
        "    { text = 'b', focus = { frame = 'B K0->SA' } },\n"
        "    { text = 'c', focus = { view = 'tree', step = 2 } },\n"
        "    { text = 'd', focus = { frame = 'D8' }, predict = 1 },\n");
    if (s != NULL) {
        CHECK(lview_check(s, &err) == 0, "a good lesson passes (%s)", err.msg);
        ss = session_new(s);
        session_wait(ss, &err);
        CHECK(lview_check_run(ss, &err) == 0, "and its run (%s)", err.msg);
        session_free(ss);
    }
    /* the lessons rho ships: the PCIe ones against their runs */
    {
        static const char *const lessons[] = {
            "01-upstream",   "02-downstream", "03-hol",  "04-congestion-graph",
            "05-halo-order", "06-dragonfly",  "07-torus"};
        for (size_t i = 0; i < sizeof lessons / sizeof lessons[0]; i++) {
            char path[96];
            snprintf(path, sizeof path, "scenarios/lessons/%s.lua", lessons[i]);
            s = lx_run_file(path, NULL, &err);
            CHECK(s != NULL && lview_check(s, &err) == 0, "%s: %s", path,
                  s ? "its focus is right" : err.msg);
            if (s == NULL || s->pcie == NULL) {
                scenario_free(s);
                continue;
            }
            ss = session_new(s);
            session_wait(ss, &err);
            CHECK(lview_check_run(ss, &err) == 0, "%s: and its run (%s)", path,
                  lview_check_run(ss, &err) ? err.msg : "");
            session_free(ss);
        }
    }
}

/* A frame's sentence under a hidden flow: its numbers "?" too. */
static void
test_frame_show(void)
{
    struct rho_err err;
    struct scenario *s =
        lx_run_file("scenarios/lessons/03-hol.lua", NULL, &err);
    struct session *ss = session_new(s);
    struct pview_frames sp;
    struct strbuf sb;
    char hidden[4] = {0, 0, 1, 0};
    int n;

    session_wait(ss, &err);
    strbuf_init(&sb);
    n = pview_frames_of_session(&sp, ss, 0);
    CHECK(n == 11, "Table I: 11 frames");
    if (n == 11) {
        const struct pview_frame *d9 = &sp.frame[10], *c = &sp.frame[6];
        CHECK(strstr(d9->text, "Flow 3: 0.5 -> 0.7.") != NULL,
              "D9 as it is: %s", d9->text);
        pview_frame_show(d9->text, d9->marked, hidden, 4, &sb);
        CHECK(strstr(strbuf_str(&sb), "Flow 3: ? -> ?.") != NULL,
              "flow 3 hidden: its factor after D8 too (%s)", strbuf_str(&sb));
        strbuf_reset(&sb);
        pview_frame_show(d9->text, d9->marked, NULL, 4, &sb);
        CHECK_STR(strbuf_str(&sb), d9->text, "nothing hidden: the text");
        strbuf_reset(&sb);
        memcpy(hidden, "\1\0\0\0", 4); /* flow 1: not at SB->K2 */
        pview_frame_show(c->text, c->marked, hidden, 4, &sb);
        CHECK(strstr(strbuf_str(&sb), "{2} in by RC->SB, R 0.5, crosses the "
                                      "RC; {4} in by K3->SB, R 1.") != NULL,
              "another flow's groups show (%s)", strbuf_str(&sb));
        CHECK(strstr(strbuf_str(&sb), "1/n - tau = ?") != NULL,
              "the results do not, while a flow is hidden");
        strbuf_reset(&sb);
        memcpy(hidden, "\0\1\0\0", 4);
        pview_frame_show(c->text, c->marked, hidden, 4, &sb);
        CHECK(strstr(strbuf_str(&sb), "{2} in by RC->SB, R ?, crosses the "
                                      "RC; {4} in by K3->SB, R 1.") != NULL,
              "flow 2's group: ? (%s)", strbuf_str(&sb));
    }
    pview_frames_fini(&sp);
    strbuf_fini(&sb);
    session_free(ss);
}

/* A flow deleted under a lesson: the steps' numbers above it follow;
   one a step names stays (the edit is refused), and what is saved loads
   back (it named a flow that was gone). */
static void
test_del_flow(void)
{
    struct lesson *l = lesson_new();
    struct lesson_step *a, *b;
    struct rho_err err;
    struct scenario *s;
    struct session *ss;

    lesson_add(l, "a", 1);
    lesson_add(l, "b", 2);
    a = &l->step[0]; /* (after both: adding may move them) */
    b = &l->step[1];
    a->flow = 4;
    b->predict = 3;
    b->hide = malloc(2 * sizeof *b->hide);
    b->hide[0] = 1;
    b->hide[1] = 4;
    b->nhide = 2;
    CHECK(lesson_del_flow(l, 3) == 2 && b->predict == 3 && a->flow == 4,
          "flow 3, predicted in step 2: refused, nothing changed");
    CHECK(lesson_del_flow(l, 2) == 0 && a->flow == 3 && b->predict == 2 &&
              b->hide[0] == 1 && b->hide[1] == 3,
          "flow 2: the numbers above it come down");
    lesson_free(l);

    s = lx_run_file("scenarios/lessons/03-hol.lua", NULL, &err);
    if (s == NULL) {
        CHECK(0, "lesson 3 loads (%s)", err.msg);
        return;
    }
    ss = session_new(s);
    CHECK(session_del_flow(ss, 2, &err) == -1 &&
              strstr(err.msg, "flow 3 is in the lesson (step ") != NULL,
          "lesson 3: its exercise's flow is not deleted (%s)", err.msg);
    CHECK(session_scenario(ss)->nflows == 4, "four flows still");
    session_free(ss);
}

int
main(void)
{
    test_del_flow();
    test_pane();
    test_numbers();
    test_check();
    test_script();
    test_truth();
    test_handout();
    test_focus_check();
    test_frame_show();
    TEST_DONE();
}
