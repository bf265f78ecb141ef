/*
 * The interactive state driven by keys, with no terminal: views, tree
 * folding, flow selection and sorting, editing a size through the prompt
 * and seeing the end time change, undo, the quit guard, find, stepping.
 */
#include "harness.h"

#include "core/model_net.h"
#include "core/model_pcie.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/net/nview_keys.h"
#include "view/ui.h"

static int
keys(struct ui *u, struct session *ss, const char *text)
{
    int fx = 0;

    for (const char *p = text; *p; p++)
        fx |= ui_key(u, ss, *p == '\n' ? KEY_ENTER_ : (unsigned char)*p);
    return fx;
}

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
    CHECK(u.view == VIEW_TREE && u.node == 0 && u.flow == 0,
          "starts on the tree");

    /* tree: down to SA, fold it, down lands on SB */
    ui_key(&u, ss, 'j');
    CHECK_STR(pcie_node(s->pcie, u.node)->name, "SA", "j: SA");
    ui_key(&u, ss, RK_LEFT);
    CHECK(u.collapsed[u.node], "Left folds SA");
    ui_key(&u, ss, 'j');
    CHECK_STR(pcie_node(s->pcie, u.node)->name, "SB", "j skips SA's subtree");
    ui_key(&u, ss, KEY_ENTER_);
    CHECK(u.collapsed[pcie_find(s->pcie, "SB")], "Enter folds SB");
    ui_key(&u, ss, '+');
    CHECK(!u.collapsed[pcie_find(s->pcie, "SA")], "+ unfolds everything");

    /* views */
    ui_key(&u, ss, KEY_TAB_);
    CHECK(u.view == VIEW_FLOWS, "Tab: flows");
    ui_key(&u, ss, RK_BTAB);
    CHECK(u.view == VIEW_TREE, "Shift-Tab: back");
    ui_key(&u, ss, '2');
    CHECK(u.view == VIEW_FLOWS, "2: flows");

    /* sort by end: flows 3 and 4 (36 ms) first */
    for (int k = 0; k < FCOL_END; k++)
        ui_key(&u, ss, RK_F6);
    CHECK(u.sort_col == FCOL_END, "F6 to the end column");
    ui_flow_order(&u, ss, order);
    CHECK(order[0] == 2 && order[1] == 3 && order[2] == 0,
          "sorted by end: 3, 4, 1, 2");
    ui_key(&u, ss, '<');
    ui_flow_order(&u, ss, order);
    CHECK(order[0] == 0 && order[3] == 3, "reversed: 1, 2, 3, 4... (ties)");
    u.sort_col = FCOL_NUM;
    u.sort_rev = 0;

    /* select flow 3 and edit its size through the prompt */
    ui_key(&u, ss, 'j');
    ui_key(&u, ss, 'j');
    CHECK(u.flow == 2, "flow 3 selected");
    CHECK(u.field == FCOL_SIZE, "the size field is selected");
    ui_key(&u, ss, 'e');
    CHECK(u.prompt == PROMPT_EDIT && strcmp(u.line, "300 MiB") == 0,
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
    CHECK(session_scenario(ss)->nflows == 5 && u.flow == 4,
          "a adds flow 5 and selects it");
    ui_key(&u, ss, 'd');
    CHECK(session_scenario(ss)->nflows == 4 && u.flow == 3,
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
    CHECK_STR(pcie_node(session_scenario(ss)->pcie, u.node)->name, "K2",
              "/k2 finds K2 in the tree");
    ui_key(&u, ss, '2');
    keys(&u, ss, "/6->\n");
    CHECK(u.flow == 3, "/6-> finds flow 4 (6->4)");

    /* time steps and the stepper */
    ui_key(&u, ss, ']');
    CHECK(u.step == 1, "] next time step");
    ui_key(&u, ss, ']');
    CHECK(u.step == model_pcie_result(ss)->nsteps - 1, "clamped at the last");
    ui_key(&u, ss, '[');
    ui_key(&u, ss, '[');
    CHECK(u.step == 0, "[ back to the first");
    ui_key(&u, ss, '4');
    for (int k = 0; k < 30; k++)
        ui_key(&u, ss, ' ');
    CHECK(u.frame == 10, "Space steps through 11 frames (%d)", u.frame);
    ui_key(&u, ss, KEY_BACKSPACE_);
    CHECK(u.frame == 9, "Backspace goes back");

    /* help */
    ui_key(&u, ss, '?');
    CHECK(u.help, "? shows help");
    ui_key(&u, ss, 'x');
    CHECK(!u.help, "any key closes it");

    /* tabs: where a click lands, as screen.c draws them */
    CHECK(!ui_tabs_compact(ss, 100), "8 PCIe tabs fit in 100 columns");
    CHECK(ui_tab_at(ss, 100, 0) == VIEW_TREE &&
              ui_tab_at(ss, 100, 7) == VIEW_TREE &&
              ui_tab_at(ss, 100, 8) == VIEW_TREE, /* " 1 Tree " + gap */
          "the first tab covers columns 0-8");
    CHECK(ui_tab_at(ss, 100, 9) == VIEW_FLOWS, "' 2 Flows ' starts at 9");
    CHECK(ui_tab_at(ss, 100, 99) == -1, "nothing past the last tab");
    ui_fini(&u);
    session_free(ss);

    /* a tree with a routing: 13 views, compact; a network: 5 */
    ss = session_new(
        lx_run_file("scenarios/table1-both-models.lua", NULL, &err));
    ui_init(&u, ss);
    {
        int views[VIEW_COUNT];
        CHECK(ui_views(ss, views) == 13 && views[8] == VIEW_NET,
              "both models: 13 views, the link ones after the PCIe ones");
    }
    CHECK(ui_tabs_compact(ss, 100), "13 tabs are compact at 100 columns");
    CHECK(ui_tab_at(ss, 100, 5) == VIEW_TREE &&
              ui_tab_at(ss, 100, 6) == VIEW_FLOWS,
          "compact: '1Tree ' then '2Flows '");
    ui_key(&u, ss, '9');
    CHECK(u.view == VIEW_NET, "9 opens Network");
    ui_key(&u, ss, '\t');
    CHECK(u.view == VIEW_LINKS, "Tab goes on to Links");
    ui_fini(&u);
    session_free(ss);

    ss = session_new(lx_run_file("scenarios/torus-5x5.lua", NULL, &err));
    ui_init(&u, ss);
    CHECK(u.view == VIEW_NET, "a network opens on Network");
    ui_key(&u, ss, RK_BTAB);
    CHECK(u.view == VIEW_ROUNDS, "Shift-Tab wraps to Rounds");
    ui_key(&u, ss, '2');
    CHECK(u.view == VIEW_LINKS, "2 is Links on a network");
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
        const struct net_run *lr;
        CHECK(session_wait(ss, &err) == 0 && (lr = model_net_run(ss)) != NULL,
              "a run");
        CHECK(nview_ui_hier(&u, ss) != NULL && u.hier_of == lr->id,
              "rows of the first run");
        first = u.hier_of;
        ui_key(&u, ss, 'R');
        CHECK(session_wait(ss, &err) == 0 && (lr = model_net_run(ss)) != NULL &&
                  lr->id != first,
              "another run, another id");
        CHECK(nview_ui_hier(&u, ss) != NULL && u.hier_of == lr->id &&
                  u.hier_of != first,
              "the rows were made again for the new run");
    }
    /* Enter on a link says why it carries what it does */
    ui_key(&u, ss, '2');
    CHECK(u.view == VIEW_LINKS && strcmp(ui_scope(&u), "links") == 0, "Links");
    ui_key(&u, ss, KEY_ENTER_);
    CHECK(!u.status_error && strncmp(u.status, "link ", 5) == 0 &&
              strstr(u.status, "1st of 25 in its class") != NULL,
          "Enter explains the hottest link: %s", u.status);
    ui_fini(&u);
    session_free(ss);
    TEST_DONE();
}
