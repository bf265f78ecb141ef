/*
 * roles: what each cell on screen is -- a title, a selected row, a switch
 * in the tree, a heat level -- so that colours live in themes, not in the
 * drawing code. One X-macro gives the enum, the dotted key a theme file
 * uses for it, its built-in style, the attributes that replace its colours
 * on a terminal without colour, and its one-line description, so they
 * cannot drift apart (style S8; ncdu UI_COLORS, htop ColorElements). The
 * description is what rho-theme(5) prints for the role; test_theme checks
 * that the page, themes/default.yaml and themes/mono.yaml agree with the
 * table.
 *
 * Colours in the table: -1 is the terminal's default, 0-7 the ANSI colours,
 * 8-15 their bright forms, 16-255 the xterm 256-colour cube and greys.
 * Themes may also give 24-bit colours (theme/theme.h).
 *
 * Adding a role: add an X() line here (heat roles stay consecutive), its
 * lines in themes/default.yaml and themes/mono.yaml and its entry in
 * man/rho-theme.5; test_theme fails until they agree. Roles may be added
 * anywhere: nothing stores their numbers.
 */
#ifndef RHO_VIEW_ROLES_H
#define RHO_VIEW_ROLES_H

/* Attribute bits of a style (and of a canvas cell's override). */
enum {
    ATTR_BOLD = 1,
    ATTR_DIM = 2,
    ATTR_UNDERLINE = 4,
    ATTR_REVERSE = 8,
    ATTR_ITALIC = 16,
    ATTR_MASK = 31
};

/*
 * X(ID, "key", fg, bg, attrs, mono, "what it is"): mono are the attributes
 * that stand in for the role's colours on a terminal without colour
 * (theme_degrade(); themes/mono.yaml spells them out).
 */
#define THEME_ROLES(X)                                                        \
    /* frame of the screen */                                                 \
    X(DEFAULT, "default", -1, -1, 0, 0, "ordinary text")                      \
    X(TITLE, "title", 15, 24, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,            \
      "the title bar")                                                        \
    X(TITLE_INFO, "title.info", 252, 24, 0, ATTR_REVERSE,                     \
      "secondary text in the title bar (scenario, theme file)")               \
    X(TAB, "tab", 250, 236, 0, 0, "a view's name in the tab bar")             \
    X(TAB_ACTIVE, "tab.active", 16, 39, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,  \
      "the view shown")                                                       \
    X(STATUS, "status", 252, 236, 0, ATTR_REVERSE, "the status line")         \
    X(STATUS_ERROR, "status.error", 15, 124, ATTR_BOLD,                       \
      ATTR_REVERSE | ATTR_BOLD, "a status message about an error")            \
    X(KEYHINT, "keyhint", 16, 39, 0, ATTR_REVERSE | ATTR_BOLD,                \
      "a key in the hint line")                                               \
    X(KEYHINT_TEXT, "keyhint.text", 250, 236, 0, ATTR_REVERSE,                \
      "what a hinted key does")                                               \
    X(HEADER, "header", 39, -1, ATTR_BOLD, ATTR_BOLD,                         \
      "table headers and headings")                                           \
    X(HEADER_SORTED, "header.sorted", 214, -1, ATTR_BOLD | ATTR_UNDERLINE,    \
      ATTR_BOLD | ATTR_UNDERLINE, "the column a table is sorted by")          \
    X(BORDER, "border", 240, -1, 0, ATTR_DIM, "panel borders")                \
    X(BORDER_FOCUS, "border.focus", 39, -1, 0, ATTR_BOLD,                     \
      "the border of the panel that has the focus")                           \
    X(SCROLLBAR, "scrollbar", 244, 236, 0, ATTR_REVERSE,                      \
      "a scroll bar's thumb")                                                 \
    X(SELECTED, "selected", 16, 39, 0, ATTR_REVERSE, "the selected row")      \
    X(FIELD, "field", 16, 214, ATTR_BOLD, ATTR_REVERSE | ATTR_UNDERLINE,      \
      "the selected field of a row")                                          \
    /* the topology tree */                                                   \
    X(TREE_RC, "tree.rc", 213, -1, ATTR_BOLD, ATTR_BOLD, "the root complex")  \
    X(TREE_SWITCH, "tree.switch", 81, -1, ATTR_BOLD, ATTR_BOLD, "a switch")   \
    X(TREE_DEVICE, "tree.device", 156, -1, 0, 0,                              \
      "a device (GPUs and NICs have roles of their own)")                     \
    X(TREE_GPU, "tree.gpu", 156, -1, 0, 0, "a GPU")                           \
    X(TREE_NIC, "tree.nic", 222, -1, 0, 0, "a NIC")                           \
    X(TREE_GUIDE, "tree.guide", 240, -1, 0, ATTR_DIM,                         \
      "the tree's guide lines")                                               \
    X(LINK_UP, "link.up", 117, -1, 0, 0,                                      \
      "a link's upstream direction (towards the root complex)")               \
    X(LINK_DOWN, "link.down", 183, -1, 0, 0,                                  \
      "a link's downstream direction (away from the root complex)")           \
    X(PATH, "path", 214, -1, ATTR_BOLD, ATTR_BOLD | ATTR_UNDERLINE,           \
      "a node or link on the selected flow's path")                           \
    X(NUMBER, "number", 252, -1, 0, 0, "numbers")                             \
    X(DIM, "dim", 244, -1, 0, ATTR_DIM, "secondary text")                     \
    X(EMPHASIS, "emphasis", 15, -1, ATTR_BOLD, ATTR_BOLD, "emphasised text")  \
    /* heat: link load in buckets (view/heat.h) */                            \
    X(HEAT_NONE, "heat.none", 240, -1, 0, ATTR_DIM,                           \
      "no value: not measured or not applicable")                             \
    X(HEAT_IDLE, "heat.idle", 238, -1, 0, ATTR_DIM,                           \
      "an unused link: it carries nothing")                                   \
    X(HEAT_0, "heat.0", 22, -1, 0, ATTR_DIM, "load up to 10%")                \
    X(HEAT_1, "heat.1", 28, -1, 0, ATTR_DIM, "load up to 20%")                \
    X(HEAT_2, "heat.2", 34, -1, 0, ATTR_DIM, "load up to 30%")                \
    X(HEAT_3, "heat.3", 70, -1, 0, 0, "load up to 40%")                       \
    X(HEAT_4, "heat.4", 106, -1, 0, 0, "load up to 50%")                      \
    X(HEAT_5, "heat.5", 142, -1, 0, 0, "load up to 60%")                      \
    X(HEAT_6, "heat.6", 178, -1, 0, 0, "load up to 70%")                      \
    X(HEAT_7, "heat.7", 172, -1, 0, ATTR_BOLD, "load up to 80%")              \
    X(HEAT_8, "heat.8", 166, -1, ATTR_BOLD, ATTR_BOLD, "load up to 90%")      \
    X(HEAT_9, "heat.9", 196, -1, ATTR_BOLD, ATTR_BOLD,                        \
      "load up to 100% (saturated)")                                          \
    X(HEAT_OVER, "heat.over", 15, 196, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,   \
      "load over capacity")                                                   \
    /* flows */                                                               \
    X(FLOW_SENDING, "flow.sending", 156, -1, 0, 0, "a flow that is sending")  \
    X(FLOW_WAITING, "flow.waiting", 244, -1, 0, ATTR_DIM,                     \
      "a flow waiting behind its source")                                     \
    X(FLOW_HOL, "flow.hol", 214, -1, 0, ATTR_BOLD,                            \
      "a head-of-line blocked flow")                                          \
    X(FLOW_DONE, "flow.done", 240, -1, 0, ATTR_DIM, "a flow that has ended")  \
    X(FLOW_STARVED, "flow.starved", 15, 124, ATTR_BOLD,                       \
      ATTR_REVERSE | ATTR_BOLD, "a starved flow")                             \
    /* why this number */                                                     \
    X(WHY_FORMULA, "why.formula", 252, -1, ATTR_ITALIC, ATTR_ITALIC,          \
      "a formula in the why-this-number view")                                \
    X(WHY_LIMIT, "why.limit", 203, -1, ATTR_BOLD, ATTR_BOLD | ATTR_UNDERLINE, \
      "the port or link that limits a flow")                                  \
    /* the algorithm stepper */                                               \
    X(STEP, "step", 244, -1, 0, ATTR_DIM,                                     \
      "an algorithm step (A, B, C, D8, D9)")                                  \
    X(STEP_CURRENT, "step.current", 16, 214, ATTR_BOLD,                       \
      ATTR_REVERSE | ATTR_BOLD, "the algorithm step being shown")             \
    X(STEP_CHANGED, "step.changed", 214, -1, ATTR_BOLD,                       \
      ATTR_BOLD | ATTR_UNDERLINE,                                             \
      "a factor the current algorithm step changed")                          \
    /* the timeline */                                                        \
    X(TIMELINE_BAR, "timeline.bar", 75, -1, 0, 0,                             \
      "a flow's bar in the timeline")                                         \
    X(TIMELINE_GRID, "timeline.grid", 237, -1, 0, ATTR_DIM,                   \
      "grid lines at the time axis's ticks")                                  \
    X(CURSOR, "cursor", 16, 214, 0, ATTR_REVERSE,                             \
      "the selected time in a timeline")                                      \
    /* network maps */                                                        \
    X(MINIMAP, "minimap", 244, -1, 0, ATTR_DIM, "a torus minimap")            \
    X(MINIMAP_SELECTED, "minimap.selected", 16, 214, 0, ATTR_REVERSE,         \
      "the plane of a minimap that the main view shows")                      \
    X(MATRIX_LABEL, "matrix.label", 39, -1, 0, ATTR_BOLD,                     \
      "the group numbers of the dragonfly group matrix")                      \
    X(MATRIX_DIAGONAL, "matrix.diagonal", 236, -1, 0, ATTR_DIM,               \
      "a group's own cell in the dragonfly group matrix")                     \
    /* plots (view/plot.h) */                                                 \
    X(PLOT, "plot", 81, -1, 0, ATTR_BOLD, "points, bars and boxes of a plot") \
    X(PLOT_WHISKER, "plot.whisker", 244, -1, 0, 0,                            \
      "a box plot's whiskers (minimum to q1, q3 to maximum)")                 \
    X(PLOT_MEDIAN, "plot.median", 15, -1, ATTR_BOLD, ATTR_BOLD,               \
      "a box plot's median")                                                  \
    X(PLOT_MEAN, "plot.mean", 214, -1, ATTR_BOLD, ATTR_BOLD,                  \
      "a box plot's mean")                                                    \
    X(PLOT_MARK, "plot.mark", 16, 214, 0, ATTR_REVERSE,                       \
      "a marked point of a plot (the current schedule)")                      \
    X(PLOT_LABEL, "plot.label", 250, -1, 0, 0,                                \
      "tick values and axis names of a plot")                                 \
    X(AXIS, "axis", 244, -1, 0, ATTR_DIM, "the axes of a plot")               \
    /* messages, prompts, overlays */                                         \
    X(ERROR, "error", 203, -1, ATTR_BOLD, ATTR_BOLD,                          \
      "an error in the error pane")                                           \
    X(ERROR_LOCATION, "error.location", 214, -1, ATTR_UNDERLINE,              \
      ATTR_UNDERLINE, "the file:line of a script error")                      \
    X(WARNING, "warning", 214, -1, 0, ATTR_BOLD, "a warning")                 \
    X(BANNER_STARVED, "banner.starved", 15, 124, ATTR_BOLD,                   \
      ATTR_REVERSE | ATTR_BOLD, "the banner that says flows are starved")     \
    X(BANNER_WARNING, "banner.warning", 16, 214, ATTR_BOLD,                   \
      ATTR_REVERSE | ATTR_BOLD, "a warning banner")                           \
    X(PROMPT, "prompt", 15, 236, ATTR_BOLD, ATTR_REVERSE | ATTR_BOLD,         \
      "the prompt being typed")                                               \
    X(SEARCH_MATCH, "search.match", 16, 226, 0,                               \
      ATTR_REVERSE | ATTR_UNDERLINE, "text that matches the search")          \
    X(PROGRESS, "progress", 16, 39, 0, ATTR_REVERSE,                          \
      "the done part of a progress bar")                                      \
    X(PROGRESS_EMPTY, "progress.empty", 244, 236, 0, ATTR_DIM,                \
      "the part of a progress bar still to do")                               \
    X(HELP, "help", 252, 235, 0, 0, "the help overlay")                       \
    X(HELP_KEY, "help.key", 214, 235, ATTR_BOLD, ATTR_BOLD,                   \
      "a key in the help overlay")

enum theme_role {
#define X(id, key, fg, bg, attrs, mono, doc) ROLE_##id,
    THEME_ROLES(X)
#undef X
        ROLE_COUNT
};

/* The load buckets between idle and over capacity: ROLE_HEAT_0 +
   (0 .. HEAT_LEVELS - 1) are consecutive roles. */
#define HEAT_LEVELS 10

_Static_assert(ROLE_HEAT_9 - ROLE_HEAT_0 == HEAT_LEVELS - 1,
               "heat roles must be consecutive");
_Static_assert(ROLE_COUNT <= 255, "a canvas cell stores a role in 8 bits");

/* The dotted key of a role ("heat.3"), or NULL if role is out of range.
   The string is static. */
const char *theme_role_key(int role);

/* A one-line description of a role (lowercase, no period), or NULL if role
   is out of range. The string is static. */
const char *theme_role_doc(int role);

/* The role of a dotted key, or -1 if there is none (or key is NULL). */
int theme_role_lookup(const char *key);

/*
 * The built-in style of a role into *fg, *bg (-1 default, 0-255) and
 * *attrs (ATTR_*). A role out of range gives ROLE_DEFAULT's. No pointer may
 * be NULL.
 */
void theme_role_default(int role, int *fg, int *bg, int *attrs);

/* The attributes that stand in for a role's colours without colour (the
   mono column); 0 for a role out of range. */
int theme_role_mono(int role);

/*
 * The heat role of a load on the linear scale: the same as
 * heat_role(load, HEAT_LINEAR) of view/heat.h (kept for the views that
 * called it before heat.h existed).
 */
int role_heat(double load);

/*
 * The role of a flow's factor (its share of the rate its path allows, 0
 * to 1), which reads the other way round from a load: 1 (full rate) is
 * good, flow.sending; a smaller factor is the hotter the smaller (the
 * heat role of 1 - f: 0.13 is heat.8, 0.9 heat.0), and 0 (waiting)
 * flow.waiting.
 */
int role_factor(double f);

#endif
