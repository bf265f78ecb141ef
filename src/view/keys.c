/*
 * keys: the key table and what is generated from it. See keys.h.
 *
 * Keys follow what people know from htop, btop and tmux: F1 or ? for help,
 * q or F10 to quit, Tab between views, arrows or hjkl, Enter to open, / to
 * search.
 */
#include "view/keys.h"

#include <stdio.h>
#include <string.h>

#include "view/command.h"

const struct key_binding key_table[] = {
    /* global */
    {'q', NULL, ACT_QUIT, "q", "quit (asks first if there are unsaved edits)"},
    {RK_F10, NULL, ACT_QUIT, "F10", NULL},
    {'?', NULL, ACT_HELP, "?", "this help"},
    {RK_F1, NULL, ACT_HELP, "F1", NULL},
    {KEY_TAB_, NULL, ACT_NEXT_VIEW, "Tab", "next view"},
    {RK_BTAB, NULL, ACT_PREV_VIEW, "Shift-Tab", "previous view"},
    {'1', NULL, ACT_VIEW_1, "1",
     "view 1 on the tab bar: Tree (a PCIe tree) or Network (a network)"},
    {'2', NULL, ACT_VIEW_2, "2", "view 2: Flows, or Links"},
    {'3', NULL, ACT_VIEW_3, "3", "view 3: Why this number, or Map"},
    {'4', NULL, ACT_VIEW_4, "4", "view 4: algorithm Stepper, or Classes"},
    {'5', NULL, ACT_VIEW_5, "5", "view 5: Timeline, or Rounds"},
    {'6', NULL, ACT_VIEW_6, "6", "view 6: link Heat, or Metrics"},
    {'7', NULL, ACT_VIEW_7, "7",
     "view 7: Stats, or Queue, or Jobs (a scenario of several jobs)"},
    {'8', NULL, ACT_VIEW_8, "8",
     "view 8: schedule Search, or Queue after Jobs"},
    {'9', NULL, ACT_VIEW_9, "9", "view 9: Teach, the teaching layout"},
    {'0', NULL, ACT_VIEW_10, "0",
     "view 10: Lesson (a PCIe scenario with a lesson; on a network it "
     "comes after the link model's views), or Network (a PCIe tree with "
     "a routing); the tab bar shows each tab's key, and Tab reaches the "
     "tabs after the 10th"},
    {RK_UP, NULL, ACT_UP, "Up", "move up"},
    {'k', NULL, ACT_UP, "k", NULL},
    {RK_DOWN, NULL, ACT_DOWN, "Down", "move down"},
    {'j', NULL, ACT_DOWN, "j", NULL},
    {RK_LEFT, NULL, ACT_LEFT, "Left", "move left, or fold"},
    {'h', NULL, ACT_LEFT, "h", NULL},
    {RK_RIGHT, NULL, ACT_RIGHT, "Right", "move right, or unfold"},
    {'l', NULL, ACT_RIGHT, "l", NULL},
    {RK_PGUP, NULL, ACT_PAGE_UP, "PgUp", "page up"},
    {RK_PGDN, NULL, ACT_PAGE_DOWN, "PgDn", "page down"},
    {RK_HOME, NULL, ACT_TOP, "Home", "first row"},
    {'g', NULL, ACT_TOP, "g", NULL},
    {RK_END, NULL, ACT_BOTTOM, "End", "last row"},
    {'G', NULL, ACT_BOTTOM, "G", NULL},
    {KEY_ENTER_, NULL, ACT_OPEN, "Enter",
     "open: fold or unfold a node, explain a flow"},
    {'/', NULL, ACT_SEARCH, "/",
     "find a device, flow, router, link or queue level by name"},
    {RK_F3, NULL, ACT_SEARCH, "F3", NULL},
    {'n', NULL, ACT_SEARCH_NEXT, "n",
     "find the next match (after the last, on from the first: the status "
     "line says wrapped)"},
    {'N', NULL, ACT_SEARCH_PREV, "N", "find the previous match"},
    {'a', NULL, ACT_ADD, "a", "add a flow"},
    {'d', NULL, ACT_DELETE, "d", "delete the selected flow"},
    {RK_DEL, NULL, ACT_DELETE, "Delete", NULL},
    {'e', NULL, ACT_EDIT, "e",
     "edit the selected field (source, destination, size, start)"},
    {':', NULL, ACT_COMMAND, ":",
     "a command (below: tau 0.2, size 3 1 MiB, routing AD, ...)"},
    {'u', NULL, ACT_UNDO, "u", "undo"},
    {KEY_CTRL_R, NULL, ACT_REDO, "Ctrl-R", "redo"},
    {'s', NULL, ACT_SAVE, "s", "save the scenario as Lua"},
    {RK_F2, NULL, ACT_SAVE, "F2", NULL},
    {'r', NULL, ACT_RELOAD, "r", "reload the scenario file"},
    {RK_F5, NULL, ACT_RELOAD, "F5", NULL},
    {'t', NULL, ACT_THEME, "t", "next theme"},
    {KEY_CTRL_L, NULL, ACT_REDRAW, "Ctrl-L", "redraw the screen"},
    {KEY_ESC_, NULL, ACT_STOP, "Esc",
     "stop what computes: a model's run (its last result stays, drawn "
     "dimmed; the next edit runs it again) and the schedule search; in a "
     "prompt or help, Esc closes it"},
    {'X', NULL, ACT_EXPORT, "X",
     "export the screen as an SVG for a slide: rho-VIEW-01.svg, -02, ... "
     "in the current directory, in the theme's colours"},
    {'[', NULL, ACT_TIME_PREV, "[",
     "previous time step; link model: previous phase of traffic in phases"},
    {']', NULL, ACT_TIME_NEXT, "]",
     "next time step; link model: next phase (1, 2, ..., then all summed)"},
    /* tree */
    {'-', "tree", ACT_COLLAPSE_ALL, "-", "fold every switch"},
    {'+', "tree", ACT_EXPAND_ALL, "+", "unfold everything"},
    /* flows */
    {RK_F6, "flows", ACT_SORT, "F6", "sort by the next column"},
    {'>', "flows", ACT_SORT, ">", NULL},
    {'<', "flows", ACT_SORT_REVERSE, "<", "reverse the order"},
    /* explain (Why) */
    {' ', "explain", ACT_STEP_NEXT, "Space",
     "the next flow (Up and Down scroll the explanation)"},
    {KEY_BACKSPACE_, "explain", ACT_STEP_PREV, "Backspace",
     "the previous flow"},
    {RK_LEFT, "explain", ACT_LEFT, "Left",
     "scroll the text left (Right: right) when it is wider than the view"},
    {'h', "explain", ACT_LEFT, "h", NULL},
    {RK_RIGHT, "explain", ACT_RIGHT, "Right", NULL},
    {'l', "explain", ACT_RIGHT, "l", NULL},
    /* stepper */
    {' ', "stepper", ACT_STEP_NEXT, "Space", "next step of the algorithm"},
    {RK_RIGHT, "stepper", ACT_STEP_NEXT, "Right", NULL},
    {'l', "stepper", ACT_STEP_NEXT, "l", NULL},
    {KEY_BACKSPACE_, "stepper", ACT_STEP_PREV, "Backspace", "previous step"},
    {RK_LEFT, "stepper", ACT_STEP_PREV, "Left", NULL},
    {'h', "stepper", ACT_STEP_PREV, "h", NULL},
    /* lesson */
    {RK_PGDN, "lesson", ACT_LESSON_NEXT, "PgDn", "the lesson's next step"},
    {KEY_ENTER_, "lesson", ACT_LESSON_NEXT, "Enter", NULL},
    {RK_PGUP, "lesson", ACT_LESSON_PREV, "PgUp", "the lesson's step before"},
    {'=', "lesson", ACT_REVEAL, "=",
     "reveal the answer and the numbers it hides, or hide them again"},
    {'p', "lesson", ACT_PREDICT, "p",
     "type a prediction of the exercise (0.3, 3/10, 30%): rho checks it"},
    {' ', "lesson", ACT_STEP_NEXT, "Space",
     "the view below: next step of the algorithm"},
    {RK_RIGHT, "lesson", ACT_STEP_NEXT, "Right", NULL},
    {KEY_BACKSPACE_, "lesson", ACT_STEP_PREV, "Backspace",
     "the view below: previous step"},
    {RK_LEFT, "lesson", ACT_STEP_PREV, "Left", NULL},
    /* teach */
    {' ', "teach", ACT_STEP_NEXT, "Space",
     "next step of the algorithm, then on into the next time step"},
    {RK_RIGHT, "teach", ACT_STEP_NEXT, "Right", NULL},
    {'l', "teach", ACT_STEP_NEXT, "l", NULL},
    {KEY_BACKSPACE_, "teach", ACT_STEP_PREV, "Backspace",
     "previous step, back into the time step before"},
    {RK_LEFT, "teach", ACT_STEP_PREV, "Left", NULL},
    {'h', "teach", ACT_STEP_PREV, "h", NULL},
    {'o', "teach", ACT_PANEL, "o",
     "the other panel (tree or stepper) on a screen under 120 columns"},
    {'>', "teach", ACT_RIGHT, ">",
     "scroll the tree (shown alone) right when it is wider than the "
     "screen; Up, Down, PgUp, PgDn, Home and End scroll either panel"},
    {'<', "teach", ACT_LEFT, "<", "scroll the tree left"},
    {'z', "teach", ACT_BIG, "z",
     "large text for a projector on or off (on by itself from 200x55)"},
    /* timeline */
    {RK_RIGHT, "timeline", ACT_TIME_NEXT, "Right", "next time step"},
    {'l', "timeline", ACT_TIME_NEXT, "l", NULL},
    {RK_LEFT, "timeline", ACT_TIME_PREV, "Left", "previous time step"},
    {'h', "timeline", ACT_TIME_PREV, "h", NULL},
    /* search */
    {'S', "search", ACT_RUN_SEARCH, "S",
     "start (or restart) the schedule search"},
    /* the link model */
    {'R', NULL, ACT_ROUTING, "R",
     "link model: next routing (DOR, SD, SI, AD, AI, AH, BGQ); the "
     "routings round the cycle are computed ahead while the screen waits "
     "(--no-ahead: not)"},
    {'P', NULL, ACT_PLACEMENT, "P",
     "link model: next placement (linear, random, RDN, RDR, ...); it "
     "returns at once and the run builds the placement; after a placement "
     "edit the placements round the cycle are computed ahead"},
    {'c', NULL, ACT_COMPARE, "c",
     "link model: compare mode on or off -- the last result against the one "
     "before the last edit (R, P, :, u): what changed, the Links view "
     "lists the links by change, the Network view each row's change"},
    /* network */
    {'-', "network", ACT_COLLAPSE_ALL, "-", "fold everything"},
    {'+', "network", ACT_EXPAND_ALL, "+", "unfold the first level"},
    /* links */
    {KEY_ENTER_, "links", ACT_OPEN, "Enter",
     "explain the selected link in the status line: its class, bytes, load "
     "and rank in its class"},
    /* metrics */
    {KEY_ENTER_, "metrics", ACT_OPEN, "Enter",
     "compute the metrics again after Esc stopped them"},
    /* map */
    {'x', "map", ACT_MAP_X, "x", "torus: next dimension across"},
    {'y', "map", ACT_MAP_Y, "y", "torus: next dimension down"},
    {'D', "map", ACT_MAP_DIR, "D",
     "torus: show + links, - links, or their average"},
    {'v', "map", ACT_MAP_PLANE, "v",
     "torus: the projection of all planes, or the selected cell's plane"},
    {KEY_BACKSPACE_, "map", ACT_BACK, "Backspace",
     "dragonfly: back from a group to the matrix"},
    /* rounds */
    {' ', "rounds", ACT_STEP_NEXT, "Space", "next allocation round"},
    {KEY_BACKSPACE_, "rounds", ACT_STEP_PREV, "Backspace",
     "previous allocation round"},
    {RK_LEFT, "rounds", ACT_LEFT, "Left",
     "scroll the text left (Right: right) when it is wider than the view"},
    {'h', "rounds", ACT_LEFT, "h", NULL},
    {RK_RIGHT, "rounds", ACT_RIGHT, "Right", NULL},
    {'l', "rounds", ACT_RIGHT, "l", NULL},
    /* jobs */
    {RK_F6, "jobs", ACT_SORT, "F6", "sort the jobs by the next column"},
    {'>', "jobs", ACT_SORT, ">", NULL},
    {'<', "jobs", ACT_SORT_REVERSE, "<", "reverse the order"},
    {KEY_ENTER_, "jobs", ACT_OPEN, "Enter",
     "explain the selected job's busiest link in the status line"},
    /* queue */
    {'+', "queue", ACT_QUEUE_LOAD_UP, "+",
     "offered load + 0.05 of the saturation as built"},
    {'=', "queue", ACT_QUEUE_LOAD_UP, "=", NULL},
    {'-', "queue", ACT_QUEUE_LOAD_DOWN, "-", "offered load - 0.05"},
    {'>', "queue", ACT_QUEUE_SLIM_UP, ">",
     "slim every level 5 % more below the one before"},
    {'<', "queue", ACT_QUEUE_SLIM_DOWN, "<", "slim 5 % less"},
    {'x', "queue", ACT_QUEUE_SPLIT, "x",
     "the next split of the budget: built, equal, optimal, reversed, sqrt"},
    {'D', "queue", ACT_QUEUE_DELAY, "D", "delay per link or aggregate"},
    {'o', "queue", ACT_QUEUE_OPTIMISE, "o",
     "optimise: Theorem 3.3's split under every level, and its gain"},
    {0, NULL, 0, NULL, NULL},
};

int
keys_action(int key, const char *view)
{
    int global = ACT_NONE;

    for (const struct key_binding *b = key_table; b->key != 0; b++) {
        if (b->key != key)
            continue;
        if (b->view != NULL && view != NULL && strcmp(b->view, view) == 0)
            return b->action;
        if (b->view == NULL && global == ACT_NONE)
            global = b->action;
    }
    return global;
}

int
keys_motion(int act)
{
    switch (act) {
    case ACT_UP:
        return -1;
    case ACT_DOWN:
        return 1;
    case ACT_PAGE_UP:
        return -10;
    case ACT_PAGE_DOWN:
        return 10;
    case ACT_TOP:
        return -1000000;
    case ACT_BOTTOM:
        return 1000000;
    default:
        return 0;
    }
}

/* Do bindings a and b apply in the same place? */
static int
same_view(const char *a, const char *b)
{
    return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/*
 * Each help line: the binding that carries the text, then the names of
 * every binding of the same scope and action.
 */
/* The help lines of the bindings that apply in view (NULL: everywhere),
   under a heading. */
static void
group(struct strbuf *out, int man, const char *view)
{
    if (man)
        strbuf_printf(out, ".SS %s keys\n", view == NULL ? "Global" : view);
    else
        strbuf_printf(out, "%s%s\n", view != NULL ? "\n" : "",
                      view == NULL ? "everywhere" : view);
    for (const struct key_binding *b = key_table; b->key != 0; b++) {
        char names[96] = "";
        size_t used = 0;
        if (!same_view(b->view, view) || b->help == NULL)
            continue;
        for (const struct key_binding *c = key_table; c->key != 0; c++)
            if (same_view(c->view, view) && c->action == b->action &&
                used + strlen(c->name) + 3 < sizeof names)
                used += (size_t)snprintf(names + used, sizeof names - used,
                                         "%s%s", used ? ", " : "", c->name);
        if (man)
            strbuf_printf(out, ".TP\n.B %s\n%s.\n", names, b->help);
        else
            strbuf_printf(out, "  %-20s %s\n", names, b->help);
    }
}

/* The ':' commands (command_docs). */
static void
commands(struct strbuf *out, int man)
{
    strbuf_puts(out, man ? ".SS Commands after :\n" : "\ncommands after ':'\n");
    for (const struct command_doc *d = command_docs; d->use != NULL; d++)
        if (man)
            strbuf_printf(out, ".TP\n.B %s\n%s.\n", d->use, d->what);
        else if (strlen(d->use) <= 20)
            strbuf_printf(out, "  %-20s %s\n", d->use, d->what);
        else /* (its text under the others') */
            strbuf_printf(out, "  %s\n  %-20s %s\n", d->use, "", d->what);
}

/* Everywhere first, then each view where the table first names it, then
   the commands. */
static void
generate(struct strbuf *out, int man)
{
    group(out, man, NULL);
    for (const struct key_binding *g = key_table; g->key != 0; g++) {
        const struct key_binding *first = key_table;
        if (g->view == NULL)
            continue;
        while (!same_view(first->view, g->view))
            first++;
        if (first == g)
            group(out, man, g->view);
    }
    commands(out, man);
}

void
keys_help(struct strbuf *out)
{
    generate(out, 0);
}

void
keys_man(struct strbuf *out)
{
    generate(out, 1);
}
