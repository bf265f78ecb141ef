/*
 * ui: the state of the interactive program and what a key does to it --
 * which view is shown, what is selected, how the flow table is sorted,
 * which time step and which stepper frame are shown, the prompt being
 * typed -- as pure data and functions over a session. The terminal loop
 * (tui/) reads a key, calls ui_key(), carries out the effects it returns
 * (save, reload, theme, search, quit) and redraws. Tests drive a ui with
 * key codes and no terminal at all.
 */
#ifndef RHO_VIEW_UI_H
#define RHO_VIEW_UI_H

#include "core/session.h"
#include "view/keys.h"
#include "view/net/nview.h"

enum view_id {
    VIEW_TREE,
    VIEW_FLOWS,
    VIEW_EXPLAIN,
    VIEW_STEPPER,
    VIEW_TIMELINE,
    VIEW_HEAT,
    VIEW_STATS,
    VIEW_SEARCH,
    /* the link model's views (networks, and PCIe trees with a routing) */
    VIEW_NET,    /* the network's hierarchy with link loads */
    VIEW_LINKS,  /* every link, hottest first */
    VIEW_MAP,    /* torus minimap, dragonfly group matrix and detail */
    VIEW_LSTATS, /* box plots and histogram per link class */
    VIEW_ROUNDS, /* the adaptive solve's allocation rounds */
    VIEW_COUNT
};
#define VIEW_FIRST_LINK VIEW_NET

enum prompt_mode {
    PROMPT_NONE,
    PROMPT_COMMAND, /* ':' */
    PROMPT_FIND,    /* '/' */
    PROMPT_EDIT,    /* 'e' on a flow field */
    PROMPT_ADD      /* 'a': "SRC DST SIZE [at TIME]" */
};

/* Columns of the flow table (also the fields 'e' edits). */
enum flow_col {
    FCOL_NUM,
    FCOL_SRC,
    FCOL_DST,
    FCOL_SIZE,
    FCOL_START,
    FCOL_END,
    FCOL_ELAPSED,
    FCOL_FACTOR,
    FCOL_COUNT
};

/* What the loop must do after a key (bits). */
enum {
    UI_REDRAW = 1,
    UI_QUIT = 2,
    UI_SAVE = 4, /* path in ui->effect_arg ("" = the scenario's file) */
    UI_RELOAD = 8,
    UI_THEME = 16,  /* name in ui->effect_arg ("" = the next theme) */
    UI_SEARCH = 32, /* start the schedule search */
    UI_OPEN = 64    /* open the selected schedule (search view) */
};

#define UI_PROMPT_MAX 256

struct ui {
    int view;
    int help; /* the help overlay is up */
    int help_scroll;
    int quit_armed; /* 'q' with unsaved edits: a second 'q' quits */

    /* selections (indices into the session's scenario) */
    int flow;        /* selected flow, -1 if none */
    int node;        /* selected tree node */
    char *collapsed; /* per node; owned */
    int ncollapsed;
    int sort_col, sort_rev; /* flow table */
    int field;              /* flow column 'e' edits */
    int step;               /* time step of the run shown */
    int frame;              /* stepper frame */
    int scroll[VIEW_COUNT];

    /* the prompt */
    int prompt; /* enum prompt_mode */
    char line[UI_PROMPT_MAX];
    int len, cur;
    char find[UI_PROMPT_MAX]; /* the last '/' text */

    /* messages */
    char status[256];
    int status_error;

    char effect_arg[1024];
    unsigned long version; /* the session version the selections match */
    int search_sel;        /* search view: 0 fastest, 1 median, 2 slowest, 3
                              baseline */

    /* the link model's views, on its last finished run (model_net_run();
       none while the first one computes) */
    int net_row;        /* Network: selected row */
    int net_find;       /* the router / found last */
    long long *net_ids; /* Network: the unfolded nodes' row ids,
                           sorted; owned */
    int nnet_ids;
    struct nview_hier *hier;    /* Network: rows of the run; owned */
    unsigned long hier_of;      /* the run (net_run id) hier is of */
    int link_row;               /* Links: selected row (hottest first) */
    int map_dx, map_dy;         /* Map (torus): dimensions across and down */
    int map_dir;                /* Map: 0 both, 1 +, 2 - */
    int map_plane;              /* Map: 0 projection, 1 the selected plane */
    int map_x, map_y;           /* Map: selected cell (groups on a dragonfly) */
    int map_group; /* Map (dragonfly): -1 the matrix, else a group */
    int cls_row;   /* Stats: selected class (0 = all links) */
    int round;     /* Rounds: the round shown */
};

/* Set up u (caller's storage) for ss. Release with ui_fini(). */
void ui_init(struct ui *u, struct session *ss);
void ui_fini(struct ui *u);

/* The name of the current view: where its keys apply (keys_action()). */
const char *ui_scope(const struct ui *u);

/*
 * Handle one key (a code from keys.h). Returns UI_* bits. Edits go to the
 * session; their outcome is in u->status.
 */
int ui_key(struct ui *u, struct session *ss, int key);

/*
 * A mouse click (button 1) or wheel (4 up, 5 down) at (x, y) of a w x h
 * screen drawn by screen_draw(): a tab switches views, a row selects it,
 * the wheel moves. Returns UI_* bits.
 */
int ui_click(struct ui *u, struct session *ss, int x, int y, int button, int w,
             int h);

/*
 * Bring selections back in range after the session changed (an edit, an
 * undo, a reload): call before drawing. Cheap when nothing changed.
 */
void ui_sync(struct ui *u, struct session *ss);

/*
 * Select flow item (0-based; -1: leave the selection) and the time step
 * that holds t (NaN: leave it), as `rho --dump --explain N --at T` asks.
 * Returns 0, or -1 with err filled ("the scenario has 4 flows").
 */
int ui_goto(struct ui *u, struct session *ss, int item, double t,
            struct rho_err *err);

/* Set the status line (error: shown as an error). */
void ui_status(struct ui *u, int error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The flows in display order (sorted as the flow view shows them): writes
   nflows indices into order. */
void ui_flow_order(const struct ui *u, struct session *ss, int *order);

/* The views this session has, in tab order, into views[VIEW_COUNT]:
   the views of the models it runs (model_entry.views), in model-table
   order; returns how many. */
int ui_views(const struct session *ss, int *views);

/* The tab bar at width w: compact (no gaps, numbers only up to 9) when
   the full labels do not fit; and the view whose tab covers column x, or
   -1. screen.c draws what these describe. */
int ui_tabs_compact(const struct session *ss, int w);
int ui_tab_at(const struct session *ss, int w, int x);

/* The name of a view ("tree", "flows", ...), and its title; the view
   called name, or -1. */
const char *ui_view_name(int view);
int ui_view_find(const char *name);
const char *ui_view_title(int view);

/* The title of a flow column and of the field 'e' edits. */
const char *ui_col_name(int col);

#endif
