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

#endif
