/*
 * teach: what the teaching layout shows at one frame of the stepper --
 * the port being arbitrated and the node it belongs to, the flows the
 * frame acts on (to be lit along their whole paths on the tree), every
 * sending flow's factor before and after the frame with what it brings to
 * the port and takes from it, and the head-of-line chains of step D8:
 * each blocked flow, the port it shares with the flow that blocks it, and
 * the link further down where that flow is cut. Pure: built from the
 * model's evaluation of the time step and the stepper's frames; the view
 * draws it, tests read it against the paper's Table I and Examples 1-3.
 */
#ifndef RHO_VIEW_PCIE_PVIEW_SCENE_H
#define RHO_VIEW_PCIE_PVIEW_SCENE_H

#include "core/pcie/pcie_model.h"
#include "core/scenario.h"
#include "view/canvas.h"
#include "view/pcie/pview_frames.h"
#include "view/scroll.h"

struct pview_scene_flow {
    int flow;      /* its index in the scenario */
    int lit;       /* the frame acts on it: through the port (B, C), every
                      flow (A), blocked or blocking (D8), changed (D9) */
    int changed;   /* the frame changed its factor */
    double before; /* its factor before the frame (0 before A) */
    double after;  /* and after it */
    /* at the port of a B or C frame, for the flows through it (else NaN):
       the factor it brings, and the shares of the port's capacity it
       brings and keeps (factor x demand / capacity: the paper's numbers
       on trees of one link speed) */
    double in, share_in, share_out;
    double R;      /* step C: its super communication's R, else NaN */
    int crossed;   /* step C: its group holds a flow across the RC */
    int gain_chan; /* D9: the channel whose share set its raised factor,
                      or -1 */
    int npath;
    int *path; /* its channels, source first; owned */
};

struct pview_scene_hol {
    int blocked; /* the flow that is head-of-line blocked */
    int by;      /* the flow that blocks it */
    int shared;  /* the channel both enter (the shared buffer's) */
    int cut;     /* the channel further down where `by` is cut */
    double to;   /* the factor `blocked` drops to */
};

struct pview_scene {
    int frame, nframes;
    int step;   /* enum pcie_step of the frame: A, B, C, D8, D9 */
    int chan;   /* the port it acts at, or -1 (A, D8, D9) */
    int node;   /* the node whose output port that is, or -1 */
    char *text; /* the frame's sentences; owned */
    char *marked; /* the same with its numbers marked (pview_frame.marked),
                     or NULL; owned */
    int nflows;
    struct pview_scene_flow *flow; /* the sending flows, in scenario order;
                                owned */
    int nhol;
    struct pview_scene_hol *hol; /* from D8 on: every blocked flow; owned */
    char *chan_lit;              /* per channel: carries a lit flow; owned */
    int nchan;
};

/*
 * The layout's data for frame (0-based, clamped to st's frames) of st,
 * the stepper built from the model m evaluated on a time step of s. t is
 * caller's storage; release with pview_scene_fini(). A stepper without frames
 * gives an empty t (nframes 0).
 */
void pview_scene_build(struct pview_scene *t, const struct scenario *s,
                       const struct pcie_model *m,
                       const struct pview_frames *st, int frame);

/* Release t. */
void pview_scene_fini(struct pview_scene *t);

/* The entry of flow f (scenario index) in t, or NULL when it is not
   sending. Borrowed from t. */
const struct pview_scene_flow *pview_scene_find(const struct pview_scene *t,
                                                int f);

/* ---- drawing ---- */

/* Which panels the layout shows. */
enum {
    TEACH_BOTH,   /* the tree left, the stepper right */
    TEACH_TREE,   /* one at a time (narrow screens): the tree */
    TEACH_STEPPER /* or the stepper */
};

/* The narrowest view that shows both panels side by side. */
#define TEACH_BOTH_MIN_W 120

struct pview_look {
    int panel;          /* TEACH_BOTH, TEACH_TREE or TEACH_STEPPER */
    int big;            /* large text: the frame's port and numbers three
                           rows tall (bigtext.h), for a projector */
    const char *hidden; /* per flow of the scenario: its numbers show as
                           "?" (a question about them is open); may be
                           NULL */
    int sel;            /* the selected flow, or -1 */
    int tstep, ntsteps; /* the time step shown (0-based), of how many */
    struct scroll scroll; /* the window on the panel that scrolls: the
                             stepper's, or the tree's when it shows alone */
    int follow;           /* the tree alone: its window goes where the
                             port arbitrated shows (scroll.y unused) */
};

/* The window of the panel that scrolls, as pview_scene_window() finds it. */
struct pview_scene_win {
    int cw, ch;   /* the size of its text */
    int w, h;     /* of the window */
    int port_top; /* the tree's: a first row that shows the port */
};

/*
 * The window of the panel that scrolls in a view w x h (as
 * pview_scene_draw() lays it out for look) into *win, for scroll_key():
 * all 0 when t has no frames.
 */
void pview_scene_window(int w, int h, int ascii, const struct scenario *s,
                        const struct pview_frames *st,
                        const struct pview_scene *t,
                        const struct pview_look *look,
                        struct pview_scene_win *win);

/*
 * Draw the layout for t (pview_scene_build() of frame t->frame of st, built
 * from the model m evaluated on a time step of s) into v: the tree with
 * the port being arbitrated marked, the flows through it lit on every
 * link of their paths, each sending flow's factor beside its source, and
 * from D8 on the head-of-line chains as arrows from the link where the
 * blocked flow shares a buffer to the link that blocks it; and the
 * stepper: the frame's step and port, its sentences, every flow's factor
 * after each step so far, the numbers at the port, the chains in words.
 * The stepper, and the tree when it shows alone, scroll (look->scroll):
 * where they go on past the window, the window's last row says which
 * lines it shows (view/scroll.h). Draws nothing outside v.
 */
void pview_scene_draw(const struct cview *v, const struct scenario *s,
                      const struct pview_frames *st,
                      const struct pview_scene *t,
                      const struct pview_look *look);

/* The columns the tree panel of t wants (names, the flows on each link,
   the flows each device sends, the chains' gutter). */
int pview_scene_tree_width(const struct scenario *s,
                           const struct pview_scene *t, int ascii);

#endif
