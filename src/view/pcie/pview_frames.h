/*
 * pview_frames: Algorithm 1 one step at a time, for teaching (the Stepper
 * view, rho --stepper). The frames follow the algorithm's own order -- step A,
 * then every upstream port from the deepest switch up (B), every downstream
 * port from the root complex down (C), then D(8) and D(9) -- each with a
 * sentence on what the step does there and every flow's factor after it, so
 * that a class can watch the paper's Table I fill in. Pure: built from a model
 * after an evaluation.
 */
#ifndef RHO_VIEW_PCIE_PVIEW_FRAMES_H
#define RHO_VIEW_PCIE_PVIEW_FRAMES_H

#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "core/pcie/pcie_model.h"
#include "core/scenario.h"
#include "core/session.h"

struct pview_frame {
    int step;       /* enum pcie_step: the column it belongs to */
    int chan;       /* the port it acts at, or -1 (A, D8, D9) */
    char *text;     /* one or two sentences; owned */
    char *masked;   /* text with the factors it works out as "?", or NULL
                       when it works none out; owned. See
                       pview_frame_text(). */
    char *marked;   /* text with its numbers marked (the factors it works
                       out, and which flows the others tell of), or NULL
                       when it has none; owned. See pview_frame_show(). */
    double *factor; /* per flow of the scenario: the factor after this
                       frame (0 for flows not sending); owned */
    char *changed;  /* per flow: this frame changed it; owned */
};

struct pview_frames {
    int nflows;
    int n, cap;
    struct pview_frame *frame;
};

/*
 * Build the frames of the evaluation held by m (flows of scenario s).
 * st is caller's storage; release with pview_frames_fini(). Ports where nothing
 * changes and nothing is shared are folded into the neighbouring frames'
 * text only when fold is set.
 */
void pview_frames_build(struct pview_frames *st, const struct scenario *s,
                        const struct pcie_model *m, int fold);

/* Release st. */
void pview_frames_fini(struct pview_frames *st);

/* The text of frame fr with hide set: the factors the frame works out as
   "?" (masked), the numbers it starts from as they are; else its text.
   What a lesson shows is pview_frame_show()'s, which hides those of the
   hidden flows too. */
const char *pview_frame_text(const struct pview_frame *fr, int hide);

/*
 * A frame's sentence as it shows (its text and marked, as pview_frame
 * has them; marked may be NULL), appended to out: text, or while a lesson
 * hides some flow's numbers (hidden: nflows bytes, 1 for a hidden flow;
 * NULL: none hidden) every number that tells of a hidden flow (its
 * factor coming in, a sum of flows it is in) as "?", and the factors the
 * frame works out too, whichever flows they are of.
 */
void pview_frame_show(const char *text, const char *marked, const char *hidden,
                      int nflows, struct strbuf *out);

/*
 * The frames of time step k (0-based) of the session's PCIe run into st
 * (pview_frames_build() without folding, on the flows of that step): what
 * the Stepper view steps through. Returns the number of frames; 0 (st
 * empty but valid for pview_frames_fini()) when the session has no PCIe
 * result or k is no step of it. The session's sim is evaluated on step k.
 */
int pview_frames_of_session(struct pview_frames *st, struct session *ss,
                            int k);

/*
 * The frame spec names in st (0-based index), or -1 with err filled: a
 * number from 1 ("8"), a step ("A", "B", "C", "D8", "D9": its first
 * frame), or a port as the frames name it ("SB->K2", or "C SB->K2": the
 * frame acting there). s is the scenario st was built for. A time step
 * without frames (no flow sends) is an error whatever the spec.
 */
int pview_frames_find(const struct pview_frames *st, const struct scenario *s,
                      const char *spec, struct rho_err *err);

/* The name of a step of Algorithm 1 ("A", "B", "C", "D8", "D9"), or "?". */
const char *pview_step_name(int step);

#endif
