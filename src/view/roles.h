/*
 * roles: what each cell on screen is -- a title, a selected row, a switch
 * in the tree, a heat level -- so that colours live in themes, not in the
 * drawing code. One X-macro gives the enum, the dotted key a theme file
 * uses for it, and its built-in style, so they cannot drift apart (style
 * S8; ncdu UI_COLORS, htop ColorElements).
 *
 * Colours: -1 is the terminal's default, 0-7 the ANSI colours, 8-15 their
 * bright forms, 16-255 the xterm 256-colour cube and greys.
 */
#ifndef RHO_VIEW_ROLES_H
#define RHO_VIEW_ROLES_H

enum {
    ATTR_BOLD = 1,
    ATTR_DIM = 2,
    ATTR_UNDERLINE = 4,
    ATTR_REVERSE = 8,
    ATTR_ITALIC = 16
};

/* X(ID, "key", fg, bg, attrs, "what it is") */
#define THEME_ROLES(X)                                                        \
    X(DEFAULT, "default", -1, -1, 0, "ordinary text")                         \
    X(TITLE, "title", 15, 24, ATTR_BOLD, "the title bar")                     \
    X(TAB, "tab", 250, 236, 0, "a view's name in the tab bar")                \
    X(TAB_ACTIVE, "tab.active", 16, 39, ATTR_BOLD, "the view shown")          \
    X(STATUS, "status", 252, 236, 0, "the status line")                       \
    X(STATUS_ERROR, "status.error", 15, 124, ATTR_BOLD,                       \
      "a status message about an error")                                      \
    X(KEYHINT, "keyhint", 16, 39, 0, "a key in the hint line")                \
    X(KEYHINT_TEXT, "keyhint.text", 250, 236, 0, "what a hinted key does")    \
    X(HEADER, "header", 39, -1, ATTR_BOLD, "table headers and headings")      \
    X(BORDER, "border", 240, -1, 0, "panel borders")                          \
    X(SELECTED, "selected", 16, 39, 0, "the selected row")                    \
    X(FIELD, "field", 16, 214, ATTR_BOLD, "the selected field of a row")      \
    X(TREE_RC, "tree.rc", 213, -1, ATTR_BOLD, "the root complex")             \
    X(TREE_SWITCH, "tree.switch", 81, -1, ATTR_BOLD, "a switch")              \
    X(TREE_DEVICE, "tree.device", 156, -1, 0, "a device (GPU, NIC, ...)")     \
    X(TREE_GUIDE, "tree.guide", 240, -1, 0, "the tree's guide lines")         \
    X(PATH, "path", 214, -1, ATTR_BOLD,                                       \
      "a node or link on the selected flow's path")                           \
    X(NUMBER, "number", 252, -1, 0, "numbers")                                \
    X(DIM, "dim", 244, -1, 0, "secondary text")                               \
    X(EMPHASIS, "emphasis", 15, -1, ATTR_BOLD, "emphasised text")             \
    X(HEAT_IDLE, "heat.idle", 238, -1, 0, "a link that carries nothing")      \
    X(HEAT_0, "heat.0", 22, -1, 0, "load up to 10%")                          \
    X(HEAT_1, "heat.1", 28, -1, 0, "load up to 20%")                          \
    X(HEAT_2, "heat.2", 34, -1, 0, "load up to 30%")                          \
    X(HEAT_3, "heat.3", 70, -1, 0, "load up to 40%")                          \
    X(HEAT_4, "heat.4", 106, -1, 0, "load up to 50%")                         \
    X(HEAT_5, "heat.5", 142, -1, 0, "load up to 60%")                         \
    X(HEAT_6, "heat.6", 178, -1, 0, "load up to 70%")                         \
    X(HEAT_7, "heat.7", 172, -1, 0, "load up to 80%")                         \
    X(HEAT_8, "heat.8", 166, -1, ATTR_BOLD, "load up to 90%")                 \
    X(HEAT_9, "heat.9", 196, -1, ATTR_BOLD, "load up to 100%")                \
    X(HEAT_OVER, "heat.over", 15, 196, ATTR_BOLD, "load over capacity")       \
    X(FLOW_SENDING, "flow.sending", 156, -1, 0, "a flow that is sending")     \
    X(FLOW_WAITING, "flow.waiting", 244, -1, 0,                               \
      "a flow waiting behind its source")                                     \
    X(FLOW_HOL, "flow.hol", 214, -1, 0, "a head-of-line blocked flow")        \
    X(FLOW_DONE, "flow.done", 240, -1, 0, "a flow that has ended")            \
    X(FLOW_STARVED, "flow.starved", 15, 124, ATTR_BOLD, "a starved flow")     \
    X(STEP_CHANGED, "step.changed", 214, -1, ATTR_BOLD,                       \
      "a factor the current algorithm step changed")                          \
    X(CURSOR, "cursor", 16, 214, 0, "the selected time in a timeline")        \
    X(PLOT, "plot", 81, -1, 0, "points and bars of a plot")                   \
    X(AXIS, "axis", 244, -1, 0, "the axes of a plot")                         \
    X(ERROR, "error", 203, -1, ATTR_BOLD, "an error in the error pane")       \
    X(WARNING, "warning", 214, -1, 0, "a warning")                            \
    X(PROMPT, "prompt", 15, 236, ATTR_BOLD, "the prompt being typed")         \
    X(PROGRESS, "progress", 16, 39, 0, "the done part of a progress bar")     \
    X(HELP, "help", 252, 235, 0, "the help overlay")                          \
    X(HELP_KEY, "help.key", 214, 235, ATTR_BOLD, "a key in the help overlay")

enum theme_role {
#define X(id, key, fg, bg, attrs, doc) ROLE_##id,
    THEME_ROLES(X)
#undef X
        ROLE_COUNT
};

#define HEAT_LEVELS 10

/* The dotted key of a role ("heat.3"), or NULL if out of range. */
const char *role_key(int role);

/* A one-line description of a role. */
const char *role_doc(int role);

/* The role of a dotted key, or -1. */
int role_lookup(const char *key);

/* The built-in style of a role. */
void role_default(int role, int *fg, int *bg, int *attrs);

/*
 * The heat role of a load (0..1; more is over capacity): ROLE_HEAT_IDLE for
 * exactly 0, ROLE_HEAT_0..9 by tenths, ROLE_HEAT_OVER above 1 (with a small
 * tolerance), ROLE_DIM for NaN.
 */
int role_heat(double load);

#endif
