/*
 * pview: the PCIe model's views (Tree, Flows, Why, Stepper, Timeline,
 * Heat, Stats, Search, Teach) as entries of the view table (view/view.h), and
 * what they share -- the family's state, keys and drawing helpers. One
 * file per view (pview_tree.c, pview_flows.c, pview_why.c,
 * pview_stepper.c, pview_timeline.c, pview_heat.c, pview_stats.c,
 * pview_search.c, pview_teach.c) on this header and pview.c;
 * pview_rows.c, pview_frames.c and pview_scene.c make the tree's rows,
 * Algorithm 1's frames and the teaching layout's scene of a frame they
 * show (pure, also used by the reports and tests).
 *
 * The family's state (struct pview) is what several views select: the
 * flow, the time step, the field 'e' edits, the flow table's order. Its
 * sync evaluates the session's PCIe run on the selected step
 * (pcie_sim_eval_step) into struct pview_step, which every view draws
 * from: it is the only code of the views that evaluates the sim, and it
 * does so only when the run, the step or the flow changed. Between a
 * sync and a draw nothing else evaluates it, so pview_step.m describes
 * the step shown.
 *
 * Every view leaves the first row of its rectangle blank
 * (pview_area()), the PCIe screens' layout.
 */
#ifndef RHO_VIEW_PCIE_PVIEW_H
#define RHO_VIEW_PCIE_PVIEW_H

#include <stddef.h>

#include "core/pcie/pcie_model.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "core/session.h"
#include "view/canvas.h"
#include "view/pcie/pview_frames.h"
#include "view/pcie/pview_scene.h"
#include "view/scroll.h"
#include "view/view.h"

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

/* A flow in the step shown. */
enum pview_flow_state {
    FS_LATER,   /* not started */
    FS_WAITING, /* behind another flow of its source */
    FS_SENDING,
    FS_HOL, /* sending, head-of-line blocked */
    FS_DONE,
    FS_STARVED
};

/* What every view shows of the selected time step: made by the family's
   sync from the session's run. The arrays are owned. */
struct pview_step {
    const struct scenario *s;
    const struct pcie_sim_result *res; /* never NULL */
    const struct pcie_model *m;        /* evaluated on the step, or NULL */
    int k;                             /* the step, -1 if none */
    double t0, t1;
    double *factor;     /* per flow */
    char *state;        /* per flow: enum pview_flow_state */
    double *load;       /* per channel: share of its capacity */
    double *bps;        /* per channel: bytes per second */
    int *count;         /* per channel: flows on it */
    char *on_path;      /* per node: on the selected flow's path */
    char *chan_on_path; /* per channel: on the selected flow's path */
    int nf, nc, nn;     /* room in the arrays */
};

/* The family's state: the selections the PCIe views share. */
struct pview {
    int flow;               /* selected flow, -1 if none */
    int step;               /* time step shown */
    int field;              /* the flow column 'e' edits */
    int field_kept;         /* the Flows view keeps that column: Left or
                               Right chose it, or 'e' edits it now */
    int field_moved;        /* Left or Right chose it */
    int sort_col, sort_rev; /* the flow table's order */
    unsigned long moves;    /* changes of step by a key: the stepper
                               starts its frames again */
    unsigned long version;  /* the session version the selections match */
    struct pview_step d;    /* the step shown, evaluated */
    unsigned long evals;    /* d was made again (views that build on d
                               compare it) */
    unsigned long d_version, d_serial; /* what d is of */
    int d_step, d_flow, d_made;
};

extern const struct view_family pview_family;

/* The view states of the views that have one. */
struct pview_tree {
    int node;        /* selected tree node */
    int extra;       /* 1 + the selected row of the direct links and fabric
                        ports below the tree; 0: the node is */
    char *collapsed; /* per node: its children hidden; owned */
    int ncollapsed;
};

struct pview_stepper {
    struct pview_frames st; /* the frames of the step shown */
    unsigned long of;       /* pview.evals they were built from; 0: none */
    int frame;              /* the frame shown */
    unsigned long moves;    /* pview.moves when the frame was chosen */
    int top;                /* the first flow row shown (Up, Down, ...) */
};

struct pview_teach {
    struct pview_frames st; /* the frames of the step shown */
    struct pview_scene sc;  /* what the layout shows at the frame */
    unsigned long of;       /* pview.evals they were built from; 0: none */
    int frame;              /* the frame shown */
    unsigned long moves;    /* pview.moves when the frame was chosen */
    int to_end;             /* the next time step starts at its last frame
                               (Backspace went back into it) */
    int made;               /* sc is built */
    int other;              /* on a narrow screen: the tree panel */
    int big;                /* large text: -1 by the screen's size, 0, 1 */
    int projector;          /* the screen (not the view) is that large, as
                               of the last sync */
    struct scroll win;      /* the window on the panel that scrolls */
    int pinned;             /* the tree's window stays where the keys put
                               it (else it follows the port arbitrated) */
};

struct pview_search {
    int sel;                /* 0 fastest, 1 median, 2 slowest, 3 baseline */
    long long space;        /* schedules the search would try */
    char space_fmt[32];     /* the same written out, past LLONG_MAX too */
    unsigned long space_of; /* the session version of space, + 1 */
};

/* ---- what the views share (pview.c) ---- */

/* The title of a flow column and of the field 'e' edits. */
const char *pview_col_name(int col);

/* The flows in display order (sorted as the flow table shows them):
   writes nflows indices into order. */
void pview_flow_order(const struct pview *p, const struct session *ss,
                      int *order);

/* Move the flow selection delta rows in the flow table's order. */
void pview_move_flow(struct pview *p, const struct session *ss, int delta);

/* Show time step `step` (clamped), saying so in the status line. */
void pview_set_step(struct pview *p, struct view_ctx *vc, int step);

/* The flow find of every view but the Tree: the next flow whose name or
   label holds text (case-insensitive), after the selected one (dir -1:
   the one before it), wrapping. */
int pview_find_flow(struct pview *p, struct view_ctx *vc, const char *text,
                    int dir);

/* Does hay hold needle, ignoring case? */
int pview_contains(const char *hay, const char *needle);

/* The first row of a window of `rows` rows that shows row sel. */
int pview_top(int sel, int rows);

/* ---- drawing ---- */

/* The part of a view's rectangle a PCIe view draws in: all but its first
   row. */
struct cview pview_area(const struct cview *v);

/*
 * The parts of a line of text (np of them, each after the one before, a
 * part after the first starting with its blank) in at most w columns from
 * (col, row): as many whole parts as fit; when some are left out, the
 * line ends in "\u2026", and a first part wider than w is cut at a word
 * boundary before it. Returns the columns written.
 */
int pview_text_parts(const struct cview *v, int col, int row, int w, int role,
                     const char *const *part, int np);

/* Node node's name. */
const char *pview_node_name(const struct scenario *s, int node);

/* A load as a heat bar with its value, "████▌ 0.55", in w columns. */
void pview_load_bar(const struct cview *v, int col, int row, int w, double load,
                    int n);

/* A link's load, its share of the capacity as a bar and a number, and
   its rate ("████ 0.30 3.48G") in w columns; n flows on it (0: "·"). */
void pview_load_cell(const struct cview *v, int col, int row, int w,
                     double load, double bps, int n);

/* The header of a column of pview_load_cell()s in w columns: arrow and
   label over the bar (the arrow alone when the label does not fit),
   "share" and "B/s" over their numbers: "↑ to parent  share   B/s". */
void pview_load_header(const struct cview *v, int col, int row, int w,
                       const char *arrow, const char *label);

/* A channel's capacity to three significant digits, as the load cells'
   B/s beside it (units_fmt_rate3()): "11.2 GiB/s", "unlimited". Returns
   buf. */
char *pview_cap_text(char *buf, size_t n, const struct pview_step *d, int chan);

#endif
