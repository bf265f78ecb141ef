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

const struct key_binding key_table[] = {
    /* global */
    {'q', SCOPE_GLOBAL, ACT_QUIT, "q",
     "quit (asks first if there are unsaved edits)"},
    {RK_F10, SCOPE_GLOBAL, ACT_QUIT, "F10", NULL},
    {'?', SCOPE_GLOBAL, ACT_HELP, "?", "this help"},
    {RK_F1, SCOPE_GLOBAL, ACT_HELP, "F1", NULL},
    {KEY_TAB_, SCOPE_GLOBAL, ACT_NEXT_VIEW, "Tab", "next view"},
    {RK_BTAB, SCOPE_GLOBAL, ACT_PREV_VIEW, "Shift-Tab", "previous view"},
    {'1', SCOPE_GLOBAL, ACT_VIEW_1, "1",
     "view 1 on the tab bar: Tree (a PCIe tree) or Network (a network)"},
    {'2', SCOPE_GLOBAL, ACT_VIEW_2, "2", "view 2: Flows, or Links"},
    {'3', SCOPE_GLOBAL, ACT_VIEW_3, "3", "view 3: Why this number, or Map"},
    {'4', SCOPE_GLOBAL, ACT_VIEW_4, "4",
     "view 4: algorithm Stepper, or Classes"},
    {'5', SCOPE_GLOBAL, ACT_VIEW_5, "5", "view 5: Timeline, or Rounds"},
    {'6', SCOPE_GLOBAL, ACT_VIEW_6, "6", "view 6: link Heat"},
    {'7', SCOPE_GLOBAL, ACT_VIEW_7, "7", "view 7: Stats"},
    {'8', SCOPE_GLOBAL, ACT_VIEW_8, "8", "view 8: schedule Search"},
    {'9', SCOPE_GLOBAL, ACT_VIEW_9, "9",
     "view 9: Network (a PCIe tree with a routing; Tab reaches the rest)"},
    {RK_UP, SCOPE_GLOBAL, ACT_UP, "Up", "move up"},
    {'k', SCOPE_GLOBAL, ACT_UP, "k", NULL},
    {RK_DOWN, SCOPE_GLOBAL, ACT_DOWN, "Down", "move down"},
    {'j', SCOPE_GLOBAL, ACT_DOWN, "j", NULL},
    {RK_LEFT, SCOPE_GLOBAL, ACT_LEFT, "Left", "move left, or fold"},
    {'h', SCOPE_GLOBAL, ACT_LEFT, "h", NULL},
    {RK_RIGHT, SCOPE_GLOBAL, ACT_RIGHT, "Right", "move right, or unfold"},
    {'l', SCOPE_GLOBAL, ACT_RIGHT, "l", NULL},
    {RK_PGUP, SCOPE_GLOBAL, ACT_PAGE_UP, "PgUp", "page up"},
    {RK_PGDN, SCOPE_GLOBAL, ACT_PAGE_DOWN, "PgDn", "page down"},
    {RK_HOME, SCOPE_GLOBAL, ACT_TOP, "Home", "first row"},
    {'g', SCOPE_GLOBAL, ACT_TOP, "g", NULL},
    {RK_END, SCOPE_GLOBAL, ACT_BOTTOM, "End", "last row"},
    {'G', SCOPE_GLOBAL, ACT_BOTTOM, "G", NULL},
    {KEY_ENTER_, SCOPE_GLOBAL, ACT_OPEN, "Enter",
     "open: fold or unfold a node, explain a flow"},
    {'/', SCOPE_GLOBAL, ACT_SEARCH, "/",
     "find a device, flow, router or link by name"},
    {RK_F3, SCOPE_GLOBAL, ACT_SEARCH, "F3", NULL},
    {'n', SCOPE_GLOBAL, ACT_SEARCH_NEXT, "n", "find the next match"},
    {'a', SCOPE_GLOBAL, ACT_ADD, "a", "add a flow"},
    {'d', SCOPE_GLOBAL, ACT_DELETE, "d", "delete the selected flow"},
    {RK_DEL, SCOPE_GLOBAL, ACT_DELETE, "Delete", NULL},
    {'e', SCOPE_GLOBAL, ACT_EDIT, "e",
     "edit the selected field (source, destination, size, start)"},
    {':', SCOPE_GLOBAL, ACT_COMMAND, ":",
     "command: tau 0.2, bandwidth 10 GiB/s, size 1 MiB, move RANK DEVICE"},
    {'u', SCOPE_GLOBAL, ACT_UNDO, "u", "undo"},
    {KEY_CTRL_R, SCOPE_GLOBAL, ACT_REDO, "Ctrl-R", "redo"},
    {'s', SCOPE_GLOBAL, ACT_SAVE, "s", "save the scenario as Lua"},
    {RK_F2, SCOPE_GLOBAL, ACT_SAVE, "F2", NULL},
    {'r', SCOPE_GLOBAL, ACT_RELOAD, "r", "reload the scenario file"},
    {RK_F5, SCOPE_GLOBAL, ACT_RELOAD, "F5", NULL},
    {'t', SCOPE_GLOBAL, ACT_THEME, "t", "next theme"},
    {KEY_CTRL_L, SCOPE_GLOBAL, ACT_REDRAW, "Ctrl-L", "redraw the screen"},
    {'[', SCOPE_GLOBAL, ACT_TIME_PREV, "[", "previous time step"},
    {']', SCOPE_GLOBAL, ACT_TIME_NEXT, "]", "next time step"},
    /* tree */
    {'-', SCOPE_TREE, ACT_COLLAPSE_ALL, "-", "fold every switch"},
    {'+', SCOPE_TREE, ACT_EXPAND_ALL, "+", "unfold everything"},
    /* flows */
    {RK_F6, SCOPE_FLOWS, ACT_SORT, "F6", "sort by the next column"},
    {'>', SCOPE_FLOWS, ACT_SORT, ">", NULL},
    {'<', SCOPE_FLOWS, ACT_SORT_REVERSE, "<", "reverse the order"},
    /* stepper */
    {' ', SCOPE_STEPPER, ACT_STEP_NEXT, "Space", "next step of the algorithm"},
    {RK_RIGHT, SCOPE_STEPPER, ACT_STEP_NEXT, "Right", NULL},
    {'l', SCOPE_STEPPER, ACT_STEP_NEXT, "l", NULL},
    {KEY_BACKSPACE_, SCOPE_STEPPER, ACT_STEP_PREV, "Backspace",
     "previous step"},
    {RK_LEFT, SCOPE_STEPPER, ACT_STEP_PREV, "Left", NULL},
    {'h', SCOPE_STEPPER, ACT_STEP_PREV, "h", NULL},
    /* timeline */
    {RK_RIGHT, SCOPE_TIMELINE, ACT_TIME_NEXT, "Right", "next time step"},
    {'l', SCOPE_TIMELINE, ACT_TIME_NEXT, "l", NULL},
    {RK_LEFT, SCOPE_TIMELINE, ACT_TIME_PREV, "Left", "previous time step"},
    {'h', SCOPE_TIMELINE, ACT_TIME_PREV, "h", NULL},
    /* search */
    {'S', SCOPE_SEARCH, ACT_RUN_SEARCH, "S",
     "start (or restart) the schedule search"},
    /* the link model */
    {'R', SCOPE_GLOBAL, ACT_ROUTING, "R",
     "link model: next routing (DOR, SD, SI, AD, AI, AH)"},
    {'P', SCOPE_GLOBAL, ACT_PLACEMENT, "P",
     "link model: next placement (linear, random, RDN, RDR, ...)"},
    /* network */
    {'-', SCOPE_NET, ACT_COLLAPSE_ALL, "-", "fold everything"},
    {'+', SCOPE_NET, ACT_EXPAND_ALL, "+", "unfold the first level"},
    /* links */
    {KEY_ENTER_, SCOPE_LINKS, ACT_OPEN, "Enter",
     "explain the selected link in the status line: its class, bytes, load "
     "and rank in its class"},
    /* map */
    {'x', SCOPE_MAP, ACT_MAP_X, "x", "torus: next dimension across"},
    {'y', SCOPE_MAP, ACT_MAP_Y, "y", "torus: next dimension down"},
    {'D', SCOPE_MAP, ACT_MAP_DIR, "D",
     "torus: show + links, - links, or their average"},
    {'v', SCOPE_MAP, ACT_MAP_PLANE, "v",
     "torus: the projection of all planes, or the selected cell's plane"},
    {KEY_BACKSPACE_, SCOPE_MAP, ACT_BACK, "Backspace",
     "dragonfly: back from a group to the matrix"},
    /* rounds */
    {' ', SCOPE_ROUNDS, ACT_STEP_NEXT, "Space", "next allocation round"},
    {RK_RIGHT, SCOPE_ROUNDS, ACT_STEP_NEXT, "Right", NULL},
    {'l', SCOPE_ROUNDS, ACT_STEP_NEXT, "l", NULL},
    {KEY_BACKSPACE_, SCOPE_ROUNDS, ACT_STEP_PREV, "Backspace",
     "previous allocation round"},
    {RK_LEFT, SCOPE_ROUNDS, ACT_STEP_PREV, "Left", NULL},
    {'h', SCOPE_ROUNDS, ACT_STEP_PREV, "h", NULL},
    {0, 0, 0, NULL, NULL},
};

static const char *const scope_name[SCOPE_COUNT] = {
    "global", "tree",    "flows", "stepper", "timeline",
    "search", "network", "links", "map",     "rounds",
};

const char *
keys_scope_name(int scope)
{
    return scope >= 0 && scope < SCOPE_COUNT ? scope_name[scope] : "?";
}

int
keys_action(int key, int scope)
{
    int global = ACT_NONE;

    for (const struct key_binding *b = key_table; b->key != 0; b++) {
        if (b->key != key)
            continue;
        if (b->scope == scope && scope != SCOPE_GLOBAL)
            return b->action;
        if (b->scope == SCOPE_GLOBAL && global == ACT_NONE)
            global = b->action;
    }
    return global;
}

/*
 * Each help line: the binding that carries the text, then the names of
 * every binding of the same scope and action.
 */
static void
generate(struct strbuf *out, int man)
{
    for (int sc = 0; sc < SCOPE_COUNT; sc++) {
        if (man)
            strbuf_printf(out, ".SS %s keys\n",
                          sc == SCOPE_GLOBAL ? "Global" : scope_name[sc]);
        else
            strbuf_printf(out, "%s%s\n", sc ? "\n" : "",
                          sc == SCOPE_GLOBAL ? "everywhere" : scope_name[sc]);
        for (const struct key_binding *b = key_table; b->key != 0; b++) {
            char names[96] = "";
            size_t used = 0;
            if (b->scope != sc || b->help == NULL)
                continue;
            for (const struct key_binding *c = key_table; c->key != 0; c++)
                if (c->scope == sc && c->action == b->action &&
                    used + strlen(c->name) + 3 < sizeof names)
                    used += (size_t)snprintf(names + used, sizeof names - used,
                                             "%s%s", used ? ", " : "", c->name);
            if (man)
                strbuf_printf(out, ".TP\n.B %s\n%s.\n", names, b->help);
            else
                strbuf_printf(out, "  %-20s %s\n", names, b->help);
        }
    }
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
