/*
 * lview: a scenario's lesson (core/lesson.h) as a class meets it -- the
 * answer rho gives to an exercise ("predict the factor of flow k"), worked
 * out from the session's own run, and the lesson on paper: a handout with
 * every step, its question and a line for the answer, or, for the
 * lecturer, the answers. Pure: a session in, numbers and text out.
 */
#ifndef RHO_VIEW_LVIEW_H
#define RHO_VIEW_LVIEW_H

#include <stddef.h>

#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "core/lesson.h"
#include "core/session.h"
#include "view/canvas.h"
#include "view/view.h"

/*
 * The answer to the exercise of step i of the session's lesson: the factor
 * of the flow it asks to predict, in the time step and after the stepper
 * frame of the step's focus (lesson_focus(): by default time step 1 and
 * the last frame, D9), as the session's PCIe run has it (0 for a flow not
 * sending then). Writes *v and, when where is not NULL, what the number
 * is into where (n bytes): "the factor of flow 3 (3->2) after D9 in time
 * step 1". Returns 0, or -1 with err filled: no such step or no exercise
 * there, no PCIe result, no such time step or frame.
 */
int lview_truth(struct session *ss, int i, double *v, char *where, size_t n,
                struct rho_err *err);

/*
 * Check where step i (0-based) of s's lesson looks (its focus) as far as
 * s alone tells: a view is one this kind of scenario has (a view of a
 * model that applies to s; the Lesson view is not one), a frame is
 * written as frames are (a number from 1, a step A, B, C, D8 or D9, a
 * port of s's tree, or a step and a port) and the step looks at a view
 * with frames (its own view, or the one a step before chose) unless it
 * is an exercise (the frame then says after which the factor is asked),
 * and a time
 * step goes with views that show time steps. Returns 0 (also when s has
 * no step i), or -1 with err filled: "focus: frame 'Q': not a frame
 * (...)", without a location (the loader adds the step's).
 */
int lview_check_step(const struct scenario *s, int i, struct rho_err *err);

/*
 * lview_check_step() of every step of s's lesson: 0 (also without a
 * lesson), or -1 with err filled for the first that fails, located as
 * the other errors of a lesson are: "scenarios/x.lua:12: lesson step 3:
 * focus: ..." (s's path and the step's line, those known).
 */
int lview_check(const struct scenario *s, struct rho_err *err);

/*
 * lview_check(), then what the session's run tells, which must have run
 * (session_wait()): each time step a step names is one of the run's, and
 * each frame a step shows or an exercise asks after one of its time
 * step's (time step 1 when the focus names none). Evaluates nothing the views
 * show (lview_truth()'s family value works on a sim of its own). Returns 0, or
 * -1 with err filled and located as lview_check() does.
 */
int lview_check_run(struct session *ss, struct rho_err *err);

/* x as a fraction of denominator at most 60 ("3/10", "5/9") into buf, or
   "" when it is none; returns buf. */
char *lview_fraction(double x, char *buf, size_t n);

/*
 * The session's lesson as a handout, appended to out: its title and file,
 * then every step numbered, wrapped at 76 columns, with where to look, the
 * question and a line to write the answer on; with answers set, the
 * answers instead (for exercises, rho's own number with its fraction and
 * the tolerance). "no lesson" when the scenario has none.
 */
void lview_handout(struct session *ss, int answers, struct strbuf *out);

/* ---- the lesson pane ---- */

/* Where a class is in a lesson. */
struct lview_state {
    int step;        /* the step shown (0-based) */
    int revealed;    /* its answer (and the numbers it hides) is shown */
    char typed[64];  /* the last prediction typed at this step, or "" */
    int verdict;     /* its enum lesson_verdict, or -1 */
    double truth;    /* rho's answer, once revealed or predicted right */
    char where[256]; /* what that number is (lview_truth()) */
};

/* The Lesson view's state: where the class is, the view below the pane
   (the step's focus), and what sync prepared for the draw. */
struct lview_view {
    struct lview_state ls;
    int applied;      /* the step whose focus was applied; -1: none */
    int focus;        /* the view below: an index into view_table, or -1 */
    const void *fst;  /* its state and its family's, borrowed from the ui */
    const void *ffam; /* for the draw */
    char *hidden;     /* per flow: hidden by the open question; owned */
    int nhidden;
    int pane_h; /* the pane's rows at the last sync */
    int nsteps; /* the lesson's steps at the last sync */
    unsigned long checked; /* the session version + 1 the lesson's
                              focus was checked at (lview_check()); 0:
                              none yet */
    unsigned long ran;     /* and the one whose runs it was checked
                              against (lview_check_run()) */
    char bad[512];         /* what that check found wrong, or "" */
    int bad_h;             /* its rows under the pane at the last sync */
};

/* Step 0, nothing revealed or typed. */
void lview_init(struct lview_state *ls);

/* Go to step i of l (clamped): its question closed, nothing typed. */
void lview_goto(struct lview_state *ls, const struct lesson *l, int i);

/*
 * The flows whose numbers stay hidden now, as a mask of nflows bytes into
 * hidden (1: hidden): those the current step's question is about, until
 * its answer is revealed or predicted right. Returns how many are hidden
 * (0 and all zero without a lesson).
 */
int lview_hidden(const struct lesson *l, const struct lview_state *ls,
                 int nflows, char *hidden);

/*
 * Reveal the current step's answer (on = 1) or hide it again (on = 0);
 * for an exercise rho's number is worked out (lview_truth()). Returns 0,
 * or -1 with err when rho cannot work it out.
 */
int lview_reveal(struct session *ss, struct lview_state *ls, int on,
                 struct rho_err *err);

/*
 * Check text as the prediction of the current step's exercise: sets
 * typed and verdict (revealing the answer when right) and writes the
 * verdict in words into msg (n bytes): "right: 0.7 is the factor of flow
 * 3 (3->2) after D9 in time step 1", "too low: try again", "'x' is not a
 * number: write 0.3, 3/10 or 30%". Returns the verdict, or -1 with msg
 * saying why there is nothing to predict.
 */
int lview_predict(struct session *ss, struct lview_state *ls, const char *text,
                  char *msg, size_t n);

/* The rows the pane wants at width w (its text wrapped, the question,
   the answer or the prediction, a rule above), at most max. */
int lview_pane_height(const struct lesson *l, const struct lview_state *ls,
                      int w, int max);

/*
 * The pane into v: a rule naming the lesson (index of count in its
 * sequence; count 0: alone) and the step, the step's text, its question,
 * the answer when revealed (else how to reveal it), the exercise with what
 * was typed and the verdict. Draws nothing without a lesson.
 */
void lview_draw(const struct cview *v, const struct scenario *s,
                const struct lview_state *ls, int index, int count);

/* The Lesson view (view.h): the pane above the view its step looks at
   (its focus); PgDn and PgUp move through the lesson, = reveals, p
   predicts, and the other keys go to the view below. Shown on scenarios
   with a lesson, which open on it. Its frames are the lesson's steps
   (--frame 3, --frames PREFIX: a slide per step). */
extern const struct view_entry lview_entry;

#endif
