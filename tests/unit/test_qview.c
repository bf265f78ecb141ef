/*
 * test_qview: the queueing model's view read back from the canvas --
 * the operating point, one bar per level with the bottleneck marked, the
 * optimal split under each level, the link model's hottest link beside
 * the aggregate utilisation, small rectangles -- and its keys: the edits
 * they make of the options, the view's own state.
 */
#include "view/queue/qview.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/net/net_model.h"
#include "harness.h"
#include "support_canvas.h"
#include "script/lx.h"
#include "view/roles.h"

static const char gups[] =
    "return rho.scenario {\n"
    "  title = 'GUPS',\n"
    "  topology = rho.levels {\n"
    "    { 'L1', v = 3.5, capacity = '3.82 GB/s' },\n"
    "    { 'L2', v = 2, capacity = '1.02 GB/s' },\n"
    "    { 'L3', v = 1, capacity = '1.30 GB/s' },\n"
    "  },\n"
    "  queue = { load = 0.5, packet = '24 B', delay = 'aggregate' },\n"
    "}\n";

/* A shift over a k=4 fat-tree: d-mod-k (DOR) puts two messages on half the
   up-links, the even split (SD) spreads them. */
static const char ft[] =
    "return rho.scenario {\n"
    "  title = 'ft',\n"
    "  topology = rho.fattree { k = 4, levels = 3, bandwidth = '1 GB/s' },\n"
    "  routing = rho.param('routing', 'DOR'),\n"
    "  traffic = rho.pattern.permutation { how = 'shift', size = '1 MiB' },\n"
    "  queue = { load = 0.9 },\n"
    "}\n";

static struct queue_run *
run(const char *text, struct scenario **keep, const char *param)
{
    struct rho_err err;
    const char *params[2] = {param, NULL};
    struct lx_opts lo = {0};
    struct scenario *s;

    lo.params = param ? params : NULL;
    s = lx_run_string("t", text, &lo, &err);
    struct queue_run *r = calloc(1, sizeof *r);

    CHECK(s != NULL, "loads: %s", s ? "ok" : err.msg);
    if (s == NULL ||
        queue_run_compute(r, scenario_clone(s), 1, NULL, &err) != 0) {
        free(r);
        scenario_free(s);
        return NULL;
    }
    *keep = s;
    return r;
}

static void
test_gups(void)
{
    struct scenario *s = NULL;
    struct queue_run *r = run(gups, &s, NULL);
    struct canvas c;
    struct cview v;
    struct qview_state st;
    char cmd[64];

    if (r == NULL)
        return;
    canvas_init(&c, 100, 20, 0);
    v = cview_of(&c, 0, 0, 100, 20);
    qview_state_init(&st);
    CHECK(qview_draw(&v, r, &st) == 3, "three level rows");
    if (getenv("QVIEW_DUMP")) {
        struct strbuf sb;
        strbuf_init(&sb);
        canvas_dump(&c, &sb, 0);
        fputs(strbuf_str(&sb), stdout);
        strbuf_fini(&sb);
    }
    CHECK(strstr(row_text(&c, 0), "load 0.50 x 486.4 MiB/s = 243.2 MiB/s   slim "
                             "0.00   split built") == row_text(&c, 0),
          "the load line: %s", row_text(&c, 0));
    CHECK(strstr(row_text(&c, 1), "saturation 486.4 MiB/s (bottleneck L2)") ==
              row_text(&c, 1),
          "saturation and bottleneck");
    CHECK(strncmp(row_text(&c, 4), "L1", 2) == 0 &&
              strncmp(row_text(&c, 5), "L2", 2) == 0,
          "a row per level");
    CHECK(strstr(row_text(&c, 5), "50.0%") != NULL &&
              row_text(&c, 5)[strlen(row_text(&c, 5)) - 1] == '<',
          "L2 at 50%%, marked as the bottleneck");
    CHECK(c.cell[4 * c.w + 0].role == ROLE_SELECTED, "level 1 selected");
    CHECK(c.cell[4 * c.w + 12].ch == 0x2588 &&
              c.cell[4 * c.w + 40].ch == 0x00b7,
          "L1: arrivals filled, the rest of its capacity dotted");
    CHECK(strstr(row_text(&c, 19), "+/- load") == row_text(&c, 19), "the key line");

    /* actions */
    CHECK(qview_act(QVIEW_OPTIMISE, 0, r, &st, cmd, sizeof cmd) ==
                  QVIEW_REDRAW &&
              st.optimise,
          "optimise");
    canvas_clear(&c, 0);
    qview_draw(&v, r, &st);
    CHECK(strstr(row_text(&c, 2),
                 "optimal split of 5.718 GiB/s (mu proportional "
                 "to v): saturation 900.9 MiB/s, 1.852 x;") == row_text(&c, 2),
          "the optimal split's gain: %s", row_text(&c, 2));
    CHECK(strstr(row_text(&c, 3), "  every level at ") == row_text(&c, 3),
          "the rest of the sentence on the next row, whole: %s",
          row_text(&c, 3));
    CHECK(strstr(row_text(&c, 6), "optimal") != NULL, "under each level");
    CHECK(qview_act(QVIEW_SELECT, 1, r, &st, cmd, sizeof cmd) ==
                  QVIEW_REDRAW &&
              st.sel == 1,
          "select level 2");
    CHECK(qview_act(QVIEW_SELECT, 7, r, &st, cmd, sizeof cmd) ==
                  QVIEW_REDRAW &&
              st.sel == 2,
          "the selection stays on the levels");
    CHECK(qview_act(QVIEW_LOAD_UP, 0, r, &st, cmd, sizeof cmd) ==
                  QVIEW_EDIT &&
              strcmp(cmd, "load 0.55") == 0,
          "load up: %s", cmd);
    CHECK(qview_act(QVIEW_LOAD_DOWN, 0, r, &st, cmd, sizeof cmd) ==
                  QVIEW_EDIT &&
              strcmp(cmd, "load 0.45") == 0,
          "load down: %s", cmd);
    CHECK(qview_act(QVIEW_SLIM_UP, 0, r, &st, cmd, sizeof cmd) ==
                  QVIEW_EDIT &&
              strcmp(cmd, "slim 0.05") == 0,
          "slim up: %s", cmd);
    CHECK(qview_act(QVIEW_SLIM_DOWN, 0, r, &st, cmd, sizeof cmd) ==
                  QVIEW_LIMIT &&
              strcmp(cmd, "slimming is 0 already (it goes from 0 to "
                          "0.95)") == 0,
          "slim down at 0 is no edit (an undo step doing nothing): %s", cmd);
    CHECK(qview_act(QVIEW_SPLIT_NEXT, 0, r, &st, cmd, sizeof cmd) ==
                  QVIEW_EDIT &&
              strcmp(cmd, "split equal") == 0,
          "the next split: %s", cmd);
    CHECK(qview_act(QVIEW_DELAY_NEXT, 0, r, &st, cmd, sizeof cmd) ==
                  QVIEW_EDIT &&
              strcmp(cmd, "delay per_link") == 0,
          "the other delay mode: %s", cmd);
    CHECK(qview_act(99, 0, r, &st, cmd, sizeof cmd) == QVIEW_IGNORED,
          "another action");
    v = cview_of(&c, 0, 0, 30, 4);
    CHECK(qview_draw(&v, r, &st) == -1, "too small");
    CHECK(qview_draw(&v, NULL, &st) == -1, "too small, no result");
    qview_state_fini(&st);
    canvas_fini(&c);
    queue_run_fini(r);
    free(r);
    scenario_free(s);
}

/* The link model beside it: hot links the aggregate hides, or none. */
static void
test_links(const char *param, int hidden)
{
    struct scenario *s = NULL;
    struct queue_run *r = run(ft, &s, param);
    struct net_result *nr;
    struct qview_links lk;
    struct canvas c;
    struct cview v;
    struct qview_state st;
    int warn = 0;

    if (r == NULL)
        return;
    nr = scenario_net_solve(s, NULL, NULL);
    lk = (struct qview_links){s->net->net, nr->bytes, nr->routed_bytes};
    canvas_init(&c, 100, 12, 0);
    v = cview_of(&c, 0, 0, 100, 12);
    qview_state_init(&st);
    qview_sync(&st, r, &lk);
    CHECK(qview_draw(&v, r, &st) == 2, "two levels");
    if (getenv("QVIEW_DUMP")) {
        struct strbuf sb;
        strbuf_init(&sb);
        canvas_dump(&c, &sb, 0);
        fputs(strbuf_str(&sb), stdout);
        strbuf_fini(&sb);
    }
    CHECK(strstr(row_text(&c, 3), "hottest") != NULL, "a hottest column");
    CHECK(st.links != NULL && st.qid == r->id, "the comparison is kept");
    for (int y = 4; y < 6; y++)
        for (int x = 0; x < c.w; x++)
            warn |= c.cell[y * c.w + x].ch == '!';
    CHECK(warn == hidden, "%s: %s", param,
          hidden ? "twice the aggregate load on the hottest links, hidden"
                 : "nothing hidden");
    CHECK(strstr(row_text(&c, 4), hidden ? "180.0%!" : " 90.0%") != NULL,
          "the hottest link at %s the level's 90%%", hidden ? "twice" : "");
    qview_state_fini(&st);
    net_result_free(nr);
    canvas_fini(&c);
    queue_run_fini(r);
    free(r);
    scenario_free(s);
}

int
main(void)
{
    test_gups();
    test_links("routing=DOR", 1);
    test_links("routing=SD", 0);
    TEST_DONE();
}
