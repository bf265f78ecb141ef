/*
 * The interactive state driven by keys, with no terminal: views, tree
 * folding, flow selection and sorting, editing a size through the prompt
 * and seeing the end time change, undo, the quit guard, find, stepping;
 * the dispatcher (a view's key reaches that view only, global keys work
 * in every view, find goes to the current view), the view table against
 * the model table and the key table, and views' states across tabs.
 */
#include "harness.h"
#include "support_canvas.h"

#include "core/model_net.h"
#include "core/model_pcie.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/lview.h"
#include "view/net/nview_ui.h"
#include "view/pcie/pview.h"
#include "view/screen.h"
#include "view/tabs.h"
#include "view/ui.h"
#include "view/view.h"

static int
keys(struct ui *u, struct session *ss, const char *text)
{
    int fx = 0;

    for (const char *p = text; *p; p++)
        fx |= ui_key(u, ss, *p == '\n' ? KEY_ENTER_ : (unsigned char)*p);
    return fx;
}

/* The PCIe family's state, and the Tree's and the Stepper's. */
static struct pview *
P(struct ui *u)
{
    return ui_family_state(u, &pview_family);
}

static struct pview_tree *
T(struct ui *u)
{
    return ui_state(u, "tree");
}

/* Is the view called name shown? */
static int
on(const struct ui *u, const char *name)
{
    return u->view >= 0 && strcmp(view_table[u->view]->name, name) == 0;
}

/* Is name a word of the space-separated list? */
static int
listed(const char *list, const char *name)
{
    size_t n = strlen(name);

    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

static void test_table(void);
static void test_dispatch(void);
static void test_teach(void);
static void test_lesson(void);
static void test_phases(void);
static void test_terminal(void);

int
main(void)
{
    struct rho_err err;
    struct session *ss =
        session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    struct ui u;
    const struct scenario *s;
    int order[8], fx;

    ui_init(&u, ss);
    s = session_scenario(ss);
    CHECK(on(&u, "tree") && T(&u)->node == 0 && P(&u)->flow == 0,
          "starts on the tree");

    /* tree: down to SA, fold it, down lands on SB */
    ui_key(&u, ss, 'j');
    CHECK_STR(pcie_node(s->pcie, T(&u)->node)->name, "SA", "j: SA");
    ui_key(&u, ss, RK_LEFT);
    CHECK(T(&u)->collapsed[T(&u)->node], "Left folds SA");
    ui_key(&u, ss, 'j');
    CHECK_STR(pcie_node(s->pcie, T(&u)->node)->name, "SB",
              "j skips SA's subtree");
    ui_key(&u, ss, KEY_ENTER_);
    CHECK(T(&u)->collapsed[pcie_find(s->pcie, "SB")], "Enter folds SB");
    ui_key(&u, ss, '+');
    CHECK(!T(&u)->collapsed[pcie_find(s->pcie, "SA")], "+ unfolds everything");

    /* views */
    ui_key(&u, ss, KEY_TAB_);
    CHECK(on(&u, "flows"), "Tab: flows");
    ui_key(&u, ss, RK_BTAB);
    CHECK(on(&u, "tree"), "Shift-Tab: back");
    ui_key(&u, ss, '2');
    CHECK(on(&u, "flows"), "2: flows");

    /* sort by end: flows 3 and 4 (36 ms) first */
    for (int k = 0; k < FCOL_END; k++)
        ui_key(&u, ss, RK_F6);
    CHECK(P(&u)->sort_col == FCOL_END, "F6 to the end column");
    pview_flow_order(P(&u), ss, order);
    CHECK(order[0] == 2 && order[1] == 3 && order[2] == 0,
          "sorted by end: 3, 4, 1, 2");
    ui_key(&u, ss, '<');
    pview_flow_order(P(&u), ss, order);
    CHECK(order[0] == 0 && order[3] == 3, "reversed: 1, 2, 3, 4... (ties)");
    P(&u)->sort_col = FCOL_NUM;
    P(&u)->sort_rev = 0;

    /* select flow 3 and edit its size through the prompt */
    ui_key(&u, ss, 'j');
    ui_key(&u, ss, 'j');
    CHECK(P(&u)->flow == 2, "flow 3 selected");
    CHECK(P(&u)->field == FCOL_SIZE, "the size field is selected");
    ui_key(&u, ss, 'e');
    CHECK(u.prompt == PROMPT_VIEW && strcmp(u.line, "300 MiB") == 0 &&
              strcmp(u.label, "flow 3 size: ") == 0,
          "e opens the prompt with the size");
    ui_key(&u, ss, 21); /* Ctrl-U */
    fx = keys(&u, ss, "150 MiB\n");
    CHECK(fx & UI_REDRAW, "redraw after the edit");
    s = session_scenario(ss);
    CHECK(s->flow[2].bytes == 150 * 1048576.0, "the size is 150 MiB");
    CHECK_NEAR(model_pcie_result(ss)->end[2] * 1e3, 36.08 / 2, 0.005,
               "and flow 3 ends at 18.04 ms");
    CHECK_STR(u.status, "flow 3: size 150 MiB", "status line");

    /* a bad edit: the status says why and nothing changes */
    ui_key(&u, ss, 'e');
    ui_key(&u, ss, 21);
    keys(&u, ss, "3 mb\n");
    CHECK(u.status_error && strstr(u.status, "unknown size unit 'mb'"),
          "bad unit reported (%s)", u.status);
    CHECK(session_scenario(ss)->flow[2].bytes == 150 * 1048576.0, "unchanged");

    /* the quit guard: unsaved edits */
    fx = ui_key(&u, ss, 'q');
    CHECK(!(fx & UI_QUIT) && u.quit_armed, "q with unsaved edits asks");
    fx = ui_key(&u, ss, 'q');
    CHECK(fx & UI_QUIT, "q again quits");

    /* undo, redo */
    ui_key(&u, ss, 'u');
    CHECK(session_scenario(ss)->flow[2].bytes == 300 * 1048576.0, "u undoes");
    ui_key(&u, ss, KEY_CTRL_R);
    CHECK(session_scenario(ss)->flow[2].bytes == 150 * 1048576.0,
          "Ctrl-R redoes");

    /* add and delete */
    ui_key(&u, ss, 'a');
    keys(&u, ss, "7 0 1 MiB\n");
    CHECK(session_scenario(ss)->nflows == 5 && P(&u)->flow == 4,
          "a adds flow 5 and selects it");
    ui_key(&u, ss, 'd');
    CHECK(session_scenario(ss)->nflows == 4 && P(&u)->flow == 3,
          "d deletes it; the selection stays in range");

    /* the command line */
    keys(&u, ss, ":tau 0.1\n");
    CHECK(session_scenario(ss)->tau == 0.1, ":tau 0.1");
    fx = keys(&u, ss, ":save /tmp/x.lua\n");
    CHECK((fx & UI_SAVE) && strcmp(u.effect_arg, "/tmp/x.lua") == 0,
          ":save asks the loop to save");
    CHECK(ui_key(&u, ss, 's') & UI_SAVE, "s saves");
    CHECK(ui_key(&u, ss, 't') & UI_THEME, "t cycles the theme");
    CHECK(ui_key(&u, ss, 'r') & UI_RELOAD, "r reloads");

    /* find */
    ui_key(&u, ss, '1');
    keys(&u, ss, "/k2\n");
    CHECK_STR(pcie_node(session_scenario(ss)->pcie, T(&u)->node)->name, "K2",
              "/k2 finds K2 in the tree");
    CHECK(P(&u)->flow == 3, "and leaves the flow");
    ui_key(&u, ss, '2');
    P(&u)->flow = 0;
    keys(&u, ss, "/6->\n");
    CHECK(P(&u)->flow == 3, "/6-> finds flow 4 (6->4) in the flows");
    CHECK_STR(pcie_node(session_scenario(ss)->pcie, T(&u)->node)->name, "K2",
              "and leaves the tree's node");

    /* time steps and the stepper */
    ui_key(&u, ss, ']');
    CHECK(P(&u)->step == 1, "] next time step");
    ui_key(&u, ss, ']');
    CHECK(P(&u)->step == model_pcie_result(ss)->nsteps - 1,
          "clamped at the last");
    ui_key(&u, ss, '[');
    ui_key(&u, ss, '[');
    CHECK(P(&u)->step == 0, "[ back to the first");
    ui_key(&u, ss, '4');
    for (int k = 0; k < 30; k++)
        ui_key(&u, ss, ' ');
    {
        struct pview_stepper *sp = ui_state(&u, "stepper");
        CHECK(sp->frame == 10, "Space steps through 11 frames (%d)", sp->frame);
        ui_key(&u, ss, KEY_BACKSPACE_);
        CHECK(sp->frame == 9, "Backspace goes back");
        ui_key(&u, ss, '5');
        ui_key(&u, ss, RK_RIGHT);
        ui_key(&u, ss, '4');
        ui_sync(&u, ss);
        CHECK(P(&u)->step == 1 && sp->frame == 0,
              "another time step starts the stepper again");
        ui_key(&u, ss, '[');
    }

    /* help */
    ui_key(&u, ss, '?');
    CHECK(u.help, "? shows help");
    ui_key(&u, ss, 'x');
    CHECK(!u.help, "any key closes it");

    /* tabs: where a click lands, as screen.c draws them */
    CHECK(!tabs_compact(u.tabs, u.ntabs, 100),
          "8 PCIe tabs fit in 100 columns");
    CHECK(tabs_at(u.tabs, u.ntabs, 100, u.view, 0) == view_find("tree") &&
              tabs_at(u.tabs, u.ntabs, 100, u.view, 7) == view_find("tree") &&
              tabs_at(u.tabs, u.ntabs, 100, u.view, 8) ==
                  view_find("tree"), /* " 1 Tree " */
          "the first tab covers columns 0-8");
    CHECK(tabs_at(u.tabs, u.ntabs, 100, u.view, 9) == view_find("flows"),
          "' 2 Flows ' starts at 9");
    CHECK(tabs_at(u.tabs, u.ntabs, 100, u.view, 99) == -1, "nothing past the last tab");
    ui_fini(&u);
    session_free(ss);

    /* a tree with a routing: 16 views, compact; a network: 7 */
    ss = session_new(
        lx_run_file("scenarios/table1-both-models.lua", NULL, &err));
    ui_init(&u, ss);
    {
        int views[VIEW_MAX];
        CHECK(view_list(ss, views) == 16 && views[9] == view_find("network") &&
                  views[14] == view_find("metrics") &&
                  views[15] == view_find("queue"),
              "three models: 16 views, the link ones after the PCIe ones, "
              "then the queueing model's");
    }
    CHECK(u.ntabs == 16 && tabs_compact(u.tabs, u.ntabs, 100),
          "16 tabs are compact at 100 columns");
    CHECK(tabs_at(u.tabs, u.ntabs, 100, u.view, 5) == view_find("tree") &&
              tabs_at(u.tabs, u.ntabs, 100, u.view, 6) == view_find("flows"),
          "compact: '1Tree ' then '2Flows '");
    {
        int q = view_find("queue"), t = view_find("tree");
        CHECK(tabs_at(u.tabs, u.ntabs, 61, q, 0) == t &&
                  tabs_at(u.tabs, u.ntabs, 61, q, 3) == t &&
                  tabs_at(u.tabs, u.ntabs, 61, q, 4) == view_find("flows"),
              "61 columns: the other titles cut to two letters, '1Tr '");
        /* 30 columns: '<', then 9Te 0Ne Li Ma Cl Ro Me Queue (the 10th
           tab shows its key 0, those after it none), the current tab
           whole at the right end */
        CHECK(tabs_at(u.tabs, u.ntabs, 30, q, 0) == -1 &&
                  tabs_at(u.tabs, u.ntabs, 30, q, 1) == view_find("teach") &&
                  tabs_at(u.tabs, u.ntabs, 30, q, 5) == view_find("network") &&
                  tabs_at(u.tabs, u.ntabs, 30, q, 8) == view_find("network") &&
                  tabs_at(u.tabs, u.ntabs, 30, q, 9) == view_find("links") &&
                  tabs_at(u.tabs, u.ntabs, 30, q, 23) == view_find("metrics") &&
                  tabs_at(u.tabs, u.ntabs, 30, q, 24) == q &&
                  tabs_at(u.tabs, u.ntabs, 30, q, 29) == q,
              "30 columns: a window of tabs around the current one");
        CHECK(tabs_at(u.tabs, u.ntabs, 30, t, 0) == t &&
                  tabs_at(u.tabs, u.ntabs, 30, t, 6) == view_find("flows"),
              "30 columns on Tree: the window starts at the first tab");
    }
    ui_key(&u, ss, '0');
    CHECK(on(&u, "network"), "0 opens the 10th tab, Network");
    ui_key(&u, ss, '9');
    CHECK(on(&u, "teach"), "9 opens Teach");
    ui_key(&u, ss, '\t');
    CHECK(on(&u, "network"), "Tab goes on to Network");
    ui_fini(&u);
    session_free(ss);

    ss = session_new(lx_run_file("scenarios/torus-5x5.lua", NULL, &err));
    ui_init(&u, ss);
    CHECK(on(&u, "network"), "a network opens on Network");
    ui_key(&u, ss, RK_BTAB);
    CHECK(on(&u, "queue"), "Shift-Tab wraps to Queue");
    ui_key(&u, ss, '2');
    CHECK(on(&u, "links"), "2 is Links on a network");
    ui_key(&u, ss, 'a');
    CHECK(u.prompt == PROMPT_NONE, "no flow prompt in a link view");
    CHECK(ui_key(&u, ss, 'R') != 0 &&
              session_scenario(ss)->net->routing == NET_SD,
          "R: DOR -> SD");
    CHECK(strstr(u.status, "routing SD") != NULL, "status says so: %s",
          u.status);
    ui_key(&u, ss, 'u');
    CHECK(session_scenario(ss)->net->routing == NET_DOR, "u undoes it");
    /* the Network rows follow the session's run, not its address */
    {
        unsigned long first;
        const struct net_run *lr = NULL;
        struct nview_network *nw = ui_state(&u, "network");
        CHECK(session_wait(ss, &err) == 0 && (lr = model_net_run(ss)) != NULL,
              "a run");
        ui_key(&u, ss, '1');
        ui_sync(&u, ss);
        CHECK(nw->hier != NULL && lr != NULL && nw->hier_of == lr->id,
              "rows of the first run");
        first = nw->hier_of;
        ui_key(&u, ss, 'R');
        CHECK(session_wait(ss, &err) == 0 && (lr = model_net_run(ss)) != NULL &&
                  lr->id != first,
              "another run, another id");
        ui_sync(&u, ss);
        CHECK(nw->hier != NULL && nw->hier_of == lr->id && nw->hier_of != first,
              "the rows were made again for the new run");
    }
    /* Enter on a link says why it carries what it does */
    ui_key(&u, ss, '2');
    CHECK(on(&u, "links") && strcmp(ui_scope(&u), "links") == 0, "Links");
    ui_key(&u, ss, KEY_ENTER_);
    CHECK(!u.status_error && strncmp(u.status, "link ", 5) == 0 &&
              strstr(u.status, "1st of 25 in its class") != NULL,
          "Enter explains the hottest link: %s", u.status);
    {   /* the family's one-line explanation (Links and Jobs share it) */
        struct view_ctx vc = {ss, &u, NULL, 80, 24};
        const struct net_run *lr = model_net_run(ss);
        CHECK(lr != NULL &&
                  nview_explain_status(&vc, lr, 0, 0) == UI_REDRAW &&
                  !u.status_error && strncmp(u.status, "link ", 5) == 0 &&
                  strchr(u.status, '\n') == NULL,
              "nview_explain_status: link 0 in one line: %s", u.status);
        CHECK(lr != NULL &&
                  nview_explain_status(&vc, lr, 0,
                                       net_links(lr->scen->net->net)) ==
                      UI_REDRAW &&
                  u.status_error && strstr(u.status, "link") != NULL,
              "no such link: the error, flagged: %s", u.status);
    }
    ui_fini(&u);
    session_free(ss);
    test_phases();
    test_table();
    test_teach();
    test_lesson();
    test_dispatch();
    test_terminal();
    TEST_DONE();
}

/* The frames of a terminal the explorer cannot use whole: too small, a
   prompt whose line is full, the screen of the first load. */
static void
test_terminal(void)
{
    static const struct {
        int w, h;
        const char *want;
    } small[] = {
        {59, 15, "terminal too small: 59x15, rho needs 60x16"},
        {30, 5, "too small: 30x5 < 60x16"},
        {12, 5, "60x16 needed"},
        {10, 5, "60x16"},
        {5, 3, "60x16"},
    };
    struct canvas c;
    struct rho_err err;
    struct session *ss =
        session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    struct ui u;
    struct screen_ctx x;
    struct screen_loading l = {"scenarios/slow.lua", 2.25, 0};
    int y, fx = 0;

    for (size_t k = 0; k < sizeof small / sizeof small[0]; k++) {
        canvas_init(&c, small[k].w, small[k].h, 0);
        screen_draw_small(&c);
        y = find_row(&c, small[k].want);
        CHECK(y == small[k].h / 2,
              "too small at %dx%d: '%s' on one line (row %d: '%s')", small[k].w,
              small[k].h, small[k].want, y, y >= 0 ? row_text(&c, y) : "");
        for (int r = 0; r < small[k].h; r++)
            CHECK(r == y || row_text(&c, r)[0] == '\0',
                  "too small at %dx%d: nothing but that line (row %d: '%s')",
                  small[k].w, small[k].h, r, row_text(&c, r));
        canvas_fini(&c);
    }

    /* a full prompt line refuses keys, and says so on the prompt line */
    ui_init(&u, ss);
    fx = ui_key(&u, ss, ':');
    for (int k = 0; k < 300; k++)
        fx |= ui_key(&u, ss, '9');
    CHECK(u.len == UI_PROMPT_MAX - 1 && ui_prompt_full(&u) && fx == UI_REDRAW,
          "300 keys in a prompt: %d taken, the line full, the rest refused",
          u.len);
    canvas_init(&c, 100, 30, 0);
    memset(&x, 0, sizeof x);
    x.ss = ss;
    x.u = &u;
    screen_draw(&c, &x);
    CHECK(strstr(row_text(&c, 28), "full: 255 characters at most") != NULL,
          "the prompt line says it is full: '%s'", row_text(&c, 28));
    ui_key(&u, ss, KEY_BACKSPACE_);
    CHECK(!ui_prompt_full(&u), "Backspace: room again");
    screen_draw(&c, &x);
    CHECK(strstr(row_text(&c, 28), "full") == NULL,
          "and the prompt line no longer says full: '%s'", row_text(&c, 28));
    ui_key(&u, ss, KEY_ESC_);
    ui_fini(&u);
    session_free(ss);

    /* the first load: the script, its time, the keys that answer */
    screen_draw_loading(&c, &l);
    CHECK(strstr(row_text(&c, 0), "rho  scenarios/slow.lua") != NULL,
          "loading: the title names the script: '%s'", row_text(&c, 0));
    CHECK(find_row(&c, "loading scenarios/slow.lua \u2026 2.2 s") > 0 ||
              find_row(&c, "loading scenarios/slow.lua \u2026 2.3 s") > 0,
          "loading: the script and the time it has taken");
    CHECK(strstr(row_text(&c, 29), "q Quit") != NULL &&
              strstr(row_text(&c, 29), "F1 Help") != NULL,
          "loading: the keys that answer: '%s'", row_text(&c, 29));
    l.help = 1;
    screen_draw_loading(&c, &l);
    CHECK(find_row(&c, "Help") > 0 && find_row(&c, "q, Esc or Ctrl-C") > 0,
          "loading: F1's help");
    canvas_fini(&c);
    canvas_init(&c, 20, 5, 0);
    screen_draw_loading(&c, &l);
    CHECK(find_row(&c, "60x16") == 2, "loading on a small terminal: too small");
    canvas_fini(&c);
}

/* Every view a model names is in the view table, every view of the table
   is some model's, and every key applies in a view of the table. */
/* The Teach view: Space through Algorithm 1's frames and on into the next
   time step, Backspace back into the step before; --frame's way in; the
   panels and the large text. */
static void
test_teach(void)
{
    struct rho_err err;
    struct session *ss =
        session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    struct pview_teach *t;
    struct ui u;

    ui_init(&u, ss);
    ui_key(&u, ss, '9');
    CHECK(on(&u, "teach"), "9: the Teach view");
    t = ui_state(&u, "teach");
    CHECK(ui_frames(&u, ss) == 11 && t->frame == 0 && t->sc.step == STEP_A,
          "time step 1: 11 frames, from A");
    CHECK(ui_frame(&u, ss, "C SB->K2", &err) == 0 && t->frame == 6 &&
              t->sc.step == STEP_C && t->sc.chan >= 0,
          "--frame 'C SB->K2': frame 7, the scene at that port");
    for (int k = 0; k < 4; k++)
        ui_key(&u, ss, ' ');
    ui_sync(&u, ss); /* as a draw does */
    CHECK(t->frame == 10 && t->sc.step == STEP_D9 && P(&u)->step == 0,
          "Space to D9, the last frame of time step 1");
    ui_key(&u, ss, ' ');
    ui_sync(&u, ss);
    CHECK(P(&u)->step == 1 && t->frame == 0 && t->sc.step == STEP_A,
          "Space past D9: time step 2, from A");
    ui_key(&u, ss, KEY_BACKSPACE_);
    ui_sync(&u, ss);
    CHECK(P(&u)->step == 0 && t->frame == 10,
          "Backspace before A: back to D9 of time step 1");
    ui_key(&u, ss, 'h');
    ui_sync(&u, ss);
    CHECK(t->frame == 9 && t->sc.step == STEP_D8 && t->sc.nhol == 1,
          "h: D8, one head-of-line chain");
    ui_key(&u, ss, 'z');
    CHECK(t->big == 1, "z: large text on");
    ui_key(&u, ss, 'z');
    CHECK(t->big == 0, "z again: off");
    ui_key(&u, ss, 'o');
    CHECK(t->other == 1, "o: the other panel");
    CHECK(ui_key(&u, ss, '1') && on(&u, "tree") &&
              ui_frame(&u, ss, "1", &err) == -1,
          "the tree has no frames");
    ui_fini(&u);
    session_free(ss);
}

/* The Lesson view: a lesson opens on it; PgDn goes where each step looks
   (the Teach view at its frame), an open question hides its flows'
   numbers until = reveals them, p checks a prediction; Space steps the
   view below. A scenario without a lesson has no Lesson tab. */
static void
test_lesson(void)
{
    struct rho_err err;
    struct session *ss = session_new(
        lx_run_file("scenarios/lessons/03-hol.lua", NULL, &err));
    struct pview_teach *t;
    struct lview_view *lv;
    struct ui u;
    int views[VIEW_MAX], nv;

    ui_init(&u, ss);
    CHECK(on(&u, "lesson"), "a lesson opens on the Lesson view");
    lv = ui_state(&u, "lesson");
    t = ui_state(&u, "teach");
    CHECK(lv->focus == view_find("teach") && t->frame == 0,
          "step 1 looks at the Teach view, frame A");
    ui_key(&u, ss, RK_PGDN);
    ui_key(&u, ss, RK_PGDN);
    ui_sync(&u, ss);
    CHECK(lv->ls.step == 2 && t->frame == 6 && P(&u)->flow == 1,
          "PgDn twice: step 3, at C SB->K2, flow 2 selected");
    CHECK(lv->hidden[1] && lv->hidden[3] && !lv->hidden[0] && !lv->hidden[2],
          "its question hides flows 2 and 4");
    ui_key(&u, ss, '=');
    ui_sync(&u, ss);
    CHECK(lv->ls.revealed && !lv->hidden[1] && !lv->hidden[3],
          "= reveals them");
    ui_key(&u, ss, ' ');
    ui_sync(&u, ss);
    CHECK(t->frame == 7 && on(&u, "lesson"),
          "Space steps the Teach view below, the pane stays");
    for (int k = 0; k < 5; k++)
        ui_key(&u, ss, RK_PGDN);
    ui_sync(&u, ss);
    CHECK(lv->ls.step == 5 && t->frame == 10, "the last step: D9");
    ui_key(&u, ss, 'p');
    keys(&u, ss, "0.6\n");
    CHECK(lv->ls.verdict == LESSON_TOO_LOW && u.status_error &&
              strstr(u.status, "too low") != NULL,
          "p 0.6: too low (%s)", u.status);
    ui_key(&u, ss, 'p');
    keys(&u, ss, "7/10\n");
    CHECK(lv->ls.verdict == LESSON_RIGHT && lv->ls.revealed &&
              strstr(u.status, "right: 0.7 is the factor of flow 3") != NULL,
          "p 7/10: right (%s)", u.status);
    ui_fini(&u);
    session_free(ss);

    ss = session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    nv = view_list(ss, views);
    CHECK(nv == 9 && views[nv - 1] == view_find("teach"),
          "no lesson: no Lesson tab");
    session_free(ss);
}

static void
test_table(void)
{
    int unknown = 0, unused = 0, nokeys = 0;

    for (int m = 0; model_table[m] != NULL; m++) {
        const char *p = model_table[m]->views;
        while (*p) {
            char name[32];
            size_t n = strcspn(p, " ");
            snprintf(name, sizeof name, "%.*s", (int)n, p);
            if (view_find(name) < 0) {
                printf("# %s lists a view '%s' the table has not\n",
                       model_table[m]->name, name);
                unknown++;
            }
            p += n;
            p += strspn(p, " ");
        }
    }
    CHECK(unknown == 0, "every view a model lists is in the view table");
    for (int v = 0; view_table[v] != NULL; v++) {
        int used = 0;
        for (int m = 0; model_table[m] != NULL; m++)
            used |= listed(model_table[m]->views, view_table[v]->name);
        if (!used)
            printf("# no model lists the view '%s'\n", view_table[v]->name);
        unused += !used;
    }
    CHECK(unused == 0, "every view of the table is some model's");
    CHECK(view_count() > 0 && view_count() < VIEW_MAX &&
              view_table[view_count()] == NULL,
          "the table fits VIEW_MAX (%d views)", view_count());
    for (const struct key_binding *b = key_table; b->key != 0; b++)
        nokeys += b->view != NULL && view_find(b->view) < 0;
    CHECK(nokeys == 0, "every key applies in a view of the table");
    for (int v = 0; view_table[v] != NULL; v++)
        CHECK(view_table[v]->draw != NULL && view_table[v]->title != NULL &&
                  (view_table[v]->size == 0 || view_table[v]->sync ||
                   view_table[v]->key || view_table[v]->find ||
                   view_table[v]->init),
              "%s: a title, a draw, and a use for its state",
              view_table[v]->name);
}

/* The dispatcher: keys, finds and clicks reach the current view only;
   global keys work in every view; a view's state survives tabs. */
static void
test_dispatch(void)
{
    struct rho_err err;
    struct session *ss = session_new(
        lx_run_file("scenarios/table1-both-models.lua", NULL, &err));
    struct ui u;
    int views[VIEW_MAX], nv, node, ok = 1;

    session_wait(ss, &err);
    ui_init(&u, ss);
    nv = view_list(ss, views);

    /* a key reaches the current view only: j moves the Tree's node in
       the Tree, the flow in Flows; Enter folds in the Tree, opens Why
       from Flows, leaves the Stepper as it is */
    ui_key(&u, ss, 'j');
    node = T(&u)->node;
    CHECK(node != 0 && P(&u)->flow == 0, "Tree: j moves the node only");
    ui_key(&u, ss, '2');
    ui_key(&u, ss, 'j');
    CHECK(P(&u)->flow == 1 && T(&u)->node == node,
          "Flows: j moves the flow only");
    ui_key(&u, ss, KEY_ENTER_);
    CHECK(on(&u, "explain"), "Flows: Enter opens Why");
    ui_key(&u, ss, '4');
    ui_key(&u, ss, KEY_ENTER_);
    CHECK(on(&u, "stepper") && !T(&u)->collapsed[node],
          "Stepper: Enter neither folds nor switches");
    ui_key(&u, ss, '1');
    ui_key(&u, ss, KEY_ENTER_);
    CHECK(T(&u)->collapsed[node], "Tree: Enter folds");

    /* the global keys work in every view */
    for (int k = 0; k < nv; k++) {
        int fx;
        u.view = views[k];
        ui_key(&u, ss, '?');
        ok &= u.help == 1;
        ui_key(&u, ss, 'x');
        ok &= u.help == 0 && u.view == views[k];
        ui_key(&u, ss, ':');
        ok &= u.prompt == PROMPT_COMMAND;
        ui_key(&u, ss, KEY_ESC_);
        ui_key(&u, ss, '/');
        ok &= u.prompt == PROMPT_FIND;
        ui_key(&u, ss, KEY_ESC_);
        ok &= (ui_key(&u, ss, 's') & UI_SAVE) != 0;
        ok &= (ui_key(&u, ss, 't') & UI_THEME) != 0;
        ok &= (ui_key(&u, ss, 'r') & UI_RELOAD) != 0;
        fx = ui_key(&u, ss, 'q');
        ok &= (fx & UI_QUIT) != 0;
        ui_key(&u, ss, '\t');
        ok &= u.view == views[(k + 1) % nv];
        if (!ok) {
            printf("# a global key failed in %s\n", view_name(views[k]));
            break;
        }
    }
    CHECK(ok, "?, :, /, s, t, r, q and Tab in all %d views", nv);

    /* find goes to the current view: the Tree's nodes, Links' links;
       Map finds routers in the Network view and shows it */
    u.view = view_find("tree");
    keys(&u, ss, "/gpu\n");
    CHECK(on(&u, "tree") && strstr(u.status, "found") != NULL,
          "Tree finds a node: %s", u.status);
    u.view = view_find("links");
    keys(&u, ss, "/->\n");
    CHECK(on(&u, "links") && strstr(u.status, "hottest link") != NULL,
          "Links finds a link: %s", u.status);
    u.view = view_find("map");
    keys(&u, ss, "/zz-nothing\n");
    CHECK(on(&u, "map") && u.status_error, "Map: not found, stays: %s",
          u.status);
    keys(&u, ss, "/0\n");
    CHECK(on(&u, "network") && strstr(u.status, "found") != NULL,
          "Map finds a router in Network and shows it: %s", u.status);
    u.view = view_find("heat");
    P(&u)->flow = 0;
    keys(&u, ss, "/6->\n");
    CHECK(on(&u, "heat") && P(&u)->flow == 3,
          "Heat finds a flow (the family's find): %s", u.status);

    /* a view's state survives switching tabs */
    {
        struct nview_network *nw = ui_state(&u, "network");
        struct nview_links *lk = ui_state(&u, "links");
        struct pview_stepper *sp = ui_state(&u, "stepper");
        int flow, net_row, row, frame;
        u.view = view_find("network");
        ui_key(&u, ss, 'g');
        ui_key(&u, ss, 'j');
        net_row = nw->row;
        u.view = view_find("links");
        ui_key(&u, ss, 'g');
        ui_key(&u, ss, 'j');
        ui_key(&u, ss, 'j');
        row = lk->row;
        u.view = view_find("stepper");
        ui_key(&u, ss, ' ');
        ui_key(&u, ss, ' ');
        frame = sp->frame;
        ui_key(&u, ss, '2');
        flow = P(&u)->flow;
        node = T(&u)->node;
        for (int k = 0; k < nv; k++)
            ui_key(&u, ss, '\t');
        ui_sync(&u, ss);
        CHECK(on(&u, "flows") && P(&u)->flow == flow && T(&u)->node == node &&
                  nw->row == net_row && net_row == 1 && lk->row == row &&
                  row == 2 && sp->frame == frame && frame == 2,
              "a round of the tabs keeps every view's selection");
    }

    /* the wheel goes to the current view; the tab row is the frame's */
    u.view = view_find("flows");
    u.body_w = 100;
    u.body_h = 26;
    P(&u)->flow = 0;
    ui_click(&u, ss, 10, 10, 5, 100, 30);
    CHECK(P(&u)->flow == 3, "the wheel moves three flows");
    ui_click(&u, ss, 10, 1, 5, 100, 30);
    CHECK(P(&u)->flow == 3, "not over the tabs");
    ui_click(&u, ss, 10, 4, 1, 100, 30);
    CHECK(P(&u)->flow == 0, "button 1 on the first row selects flow 1");
    ui_click(&u, ss, 40, 1, 1, 100, 30);
    CHECK(!on(&u, "flows"), "button 1 on a tab switches");

    ui_fini(&u);
    session_free(ss);
}

/* Traffic in phases: ] and [ pick what every link view shows, the
   header says which, the Metrics view follows. */
static void
test_phases(void)
{
    struct rho_err err;
    struct ui u;
    struct session *ss =
        session_new(lx_run_file("scenarios/milc-bgq.lua", NULL, &err));
    const struct net_run *lr = NULL;
    struct nview_fam *f;
    struct nview_metrics *m;
    struct nview_show sh;

    CHECK(session_wait(ss, &err) == 0 && (lr = model_net_run(ss)) != NULL &&
              lr->res->nphases == 2,
          "MILC: two phases");
    ui_init(&u, ss);
    f = ui_family_state(&u, &nview_family);
    m = ui_state(&u, "metrics");
    CHECK(f != NULL && f->phase == 0, "the sum first");
    sh = nview_show(f, lr);
    CHECK(sh.phase == 0 && sh.bytes == lr->res->bytes && sh.st == lr->st,
          "the sum is the run's own result");
    ui_key(&u, ss, '6');
    CHECK(on(&u, "metrics"), "6 is Metrics on a network");
    ui_sync(&u, ss); /* the indicators start on a thread of the run's */
    CHECK(m->of == lr->id && (m->state == NET_FEAT_COMPUTING ||
                              m->state == NET_FEAT_READY),
          "the indicators are asked for: state %d", m->state);
    ui_settle(&u, ss);
    CHECK(m->f != NULL && m->of == lr->id && m->of_phase == 0 &&
              m->f->msgs == 589824,
          "the indicators of the sum: %lld messages", m->f ? m->f->msgs : -1LL);
    ui_key(&u, ss, ']');
    ui_settle(&u, ss);
    sh = nview_show(f, lr);
    CHECK(f->phase == 1 && sh.phase == 1 && sh.res == lr->res->phase[0] &&
              sh.st->msgs == 524288 && sh.st->total_bytes == 4.0 * (1 << 30),
          "] picks phase 1: 524288 messages of 8 KiB, %lld", sh.st->msgs);
    CHECK(strstr(u.status, "phase 1 of 2: stencil4d") != NULL, "status: %s",
          u.status);
    CHECK(m->f != NULL && m->of_phase == 1 && m->f->msgs == 524288,
          "the Metrics view follows the phase");
    ui_key(&u, ss, ']');
    ui_sync(&u, ss);
    sh = nview_show(f, lr);
    CHECK(sh.phase == 2 && sh.st->msgs == 65536 &&
              sh.st->total_bytes > 1000.0 * 1024 &&
              sh.st->total_bytes <= 1024.0 * 1024 && sh.peak > 0 &&
              sh.peak < lr->peak,
          "phase 2: 65536 messages, 1024 KiB (as the batch's phase table), "
          "its own busiest link: %lld, %g B",
          sh.st->msgs, sh.st->total_bytes);
    ui_key(&u, ss, ']');
    ui_sync(&u, ss);
    CHECK(f->phase == 0 && nview_show(f, lr).st == lr->st &&
              strstr(u.status, "all 2 phases, summed") != NULL,
          "] after the last phase: the sum again");
    ui_key(&u, ss, '[');
    CHECK(f->phase == 2, "[ from the sum: the last phase");
    /* an edit runs the model again; the phase stays and its statistics
       are made again for the new run */
    ui_key(&u, ss, 'R');
    CHECK(session_wait(ss, &err) == 0 && (lr = model_net_run(ss)) != NULL,
          "a new run");
    ui_sync(&u, ss);
    sh = nview_show(f, lr);
    CHECK(sh.phase == 2 && f->of == lr->id && sh.st->msgs == 65536,
          "the phase stays over an edit");
    CHECK(m->of == lr->id && m->of_phase == 2, "so do the metrics");
    ui_fini(&u);
    session_free(ss);

    /* one phase: nothing to pick */
    ss = session_new(lx_run_file("scenarios/torus-5x5.lua", NULL, &err));
    session_wait(ss, &err);
    ui_init(&u, ss);
    ui_key(&u, ss, ']');
    f = ui_family_state(&u, &nview_family);
    CHECK(f->phase == 0 && strstr(u.status, "one phase") != NULL,
          "one phase: ] says so");
    ui_fini(&u);
    session_free(ss);
}
