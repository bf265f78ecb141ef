/*
 * keys: the key table -- one declaration of every key the interactive
 * program knows, which drives the dispatch, the help screen (F1, ?) and
 * the key list of rho(1), so they cannot drift apart (style S9; htop,
 * tmux). Key codes are rho's own (the TUI maps curses codes to them), so
 * the table can be tested without a terminal.
 */
#ifndef RHO_VIEW_KEYS_H
#define RHO_VIEW_KEYS_H

#include "core/base/strbuf.h"

/* Key codes: printable characters are themselves; the rest are here. */
enum {
    KEY_CTRL_A = 1,
    KEY_CTRL_L = 12,
    KEY_CTRL_R = 18,
    KEY_TAB_ = 9,
    KEY_ENTER_ = 13,
    KEY_ESC_ = 27,
    KEY_BACKSPACE_ = 127,
    RK_BASE = 0x110000, /* beyond Unicode */
    RK_UP,
    RK_DOWN,
    RK_LEFT,
    RK_RIGHT,
    RK_PGUP,
    RK_PGDN,
    RK_HOME,
    RK_END,
    RK_BTAB, /* shift-tab */
    RK_DEL,
    RK_F1,
    RK_F2,
    RK_F3,
    RK_F4,
    RK_F5,
    RK_F6,
    RK_F7,
    RK_F8,
    RK_F9,
    RK_F10,
    RK_F11,
    RK_F12,
    RK_RESIZE,
    RK_MOUSE
};

/* What a key does. */
enum key_action {
    ACT_NONE,
    ACT_QUIT,
    ACT_HELP,
    ACT_NEXT_VIEW,
    ACT_PREV_VIEW,
    ACT_VIEW_1, /* ACT_VIEW_1 + k: view k + 1 */
    ACT_VIEW_2,
    ACT_VIEW_3,
    ACT_VIEW_4,
    ACT_VIEW_5,
    ACT_VIEW_6,
    ACT_VIEW_7,
    ACT_VIEW_8,
    ACT_VIEW_9,
    ACT_VIEW_10, /* key 0 */
    ACT_UP,
    ACT_DOWN,
    ACT_LEFT,
    ACT_RIGHT,
    ACT_PAGE_UP,
    ACT_PAGE_DOWN,
    ACT_TOP,
    ACT_BOTTOM,
    ACT_OPEN,
    ACT_COLLAPSE_ALL,
    ACT_EXPAND_ALL,
    ACT_SEARCH,
    ACT_SEARCH_NEXT,
    ACT_SEARCH_PREV,
    ACT_ADD,
    ACT_DELETE,
    ACT_EDIT,
    ACT_COMMAND,
    ACT_UNDO,
    ACT_REDO,
    ACT_SAVE,
    ACT_RELOAD,
    ACT_THEME,
    ACT_SORT,
    ACT_SORT_REVERSE,
    ACT_STEP_NEXT,
    ACT_STEP_PREV,
    ACT_TIME_NEXT,
    ACT_TIME_PREV,
    ACT_RUN_SEARCH,
    ACT_REDRAW,
    ACT_ROUTING,   /* cycle the link model's routing */
    ACT_PLACEMENT, /* cycle the placement scheme */
    ACT_MAP_X,     /* Map: next dimension across */
    ACT_MAP_Y,     /* Map: next dimension down */
    ACT_MAP_DIR,   /* Map: + links, - links, both */
    ACT_MAP_PLANE, /* Map: projection or the selected plane */
    ACT_BACK,      /* Map: from a group back to the matrix */
    ACT_PANEL,     /* Teach: the other panel on a narrow screen */
    ACT_BIG,       /* Teach: large text on or off */
    ACT_LESSON_NEXT, /* Lesson: the next step */
    ACT_LESSON_PREV, /* Lesson: the step before */
    ACT_REVEAL,      /* Lesson: show or hide the answer */
    ACT_PREDICT,     /* Lesson: type a prediction */
    ACT_EXPORT,      /* the screen as an SVG file */
    ACT_COMPARE,     /* link views: the last result against the one before */
    ACT_QUEUE_LOAD_UP,   /* Queue: load + 0.05 of the saturation */
    ACT_QUEUE_LOAD_DOWN, /* Queue: load - 0.05 */
    ACT_QUEUE_SLIM_UP,   /* Queue: slimming + 0.05 */
    ACT_QUEUE_SLIM_DOWN, /* Queue: slimming - 0.05 */
    ACT_QUEUE_SPLIT,     /* Queue: the next split of the budget */
    ACT_QUEUE_DELAY,     /* Queue: per-link or aggregate delay */
    ACT_QUEUE_OPTIMISE,  /* Queue: the optimal split beside the current */
    ACT_STOP,      /* Esc: stop what computes */
    ACT_COUNT
};

struct key_binding {
    int key;          /* a key code */
    const char *view; /* where it applies: a view's name in the view
                         table (view/view.h), or NULL: everywhere */
    int action;       /* enum key_action */
    const char *name; /* how help writes the key: "q", "F10", "Ctrl-R" */
    const char *help; /* what it does, for the help screen and rho(1) */
};

/* The table, terminated by an entry with key 0. */
extern const struct key_binding key_table[];

/*
 * The action of key in the view called view (NULL: none): a binding of
 * that view first, else one that applies everywhere; ACT_NONE if none.
 */
int keys_action(int key, const char *view);

/* The rows a motion action moves a selection: ACT_UP -1, ACT_DOWN 1,
   ACT_PAGE_UP -10, ACT_PAGE_DOWN 10, ACT_TOP and ACT_BOTTOM a million
   (to the end, once clamped); 0 for any other action. */
int keys_motion(int act);

/*
 * The help text: one line per action and view, its keys joined with
 * ", " ("q, F10  quit"), grouped under a heading per view ("everywhere"
 * first, then the views in the order the table first names them),
 * appended to out.
 */
void keys_help(struct strbuf *out);

/* The same as troff .TP paragraphs for rho(1), appended to out. */
void keys_man(struct strbuf *out);

#endif
