/*
 * lesson: a scenario's narrative for a class -- a list of short steps,
 * each with what the lecturer says, where the screen looks (a view, a time
 * step, a stepper frame, a flow), an optional question whose numbers stay
 * hidden until they are revealed, and an optional exercise: "predict the
 * factor of flow k", checked when typed. Plain data, read from the
 * script's `lesson = { ... }` (rho-lua(7)) and written back by
 * scenario_to_lua(); what the screen does with it is the view layer's.
 *
 * Focus accumulates: a step that does not say where to look keeps what
 * the steps before it chose (lesson_focus()), as a lecturer does not
 * jump the screen between two sentences.
 */
#ifndef RHO_CORE_LESSON_H
#define RHO_CORE_LESSON_H

#include "core/base/strbuf.h"

/* The tolerance of a prediction when the step gives none: a factor to
   two decimals. */
#define LESSON_TOLERANCE 0.005

struct lesson_step {
    char *text;   /* what the lecturer says; never NULL; owned */
    char *view;   /* focus: a view's name, or NULL; owned */
    char *frame;  /* focus: a stepper frame as stepper_find() takes
                     it ("D8", "C SB->K2", "7"), or NULL; owned */
    int tstep;    /* focus: a time step from 1, or 0 */
    int flow;     /* focus: the flow to select, from 1, or 0 */
    char *ask;    /* a question, or NULL; owned */
    char *answer; /* its answer, shown when revealed, or NULL; owned */
    int *hide;    /* the flows (from 1) whose numbers stay hidden until
                     the answer is revealed; owned, may be NULL */
    int nhide;
    int predict;      /* an exercise: the flow (from 1) whose factor the
                         class predicts, or 0 */
    double tolerance; /* how far a prediction may be off (absolute) */
    int line;         /* the script line of the step, 0 if unknown */
};

struct lesson {
    int n;
    struct lesson_step *step; /* n steps; owned */
};

/* Where the screen looks at a step: the focus of the steps up to it. */
struct lesson_focus {
    const char *view;  /* borrowed from the lesson, or NULL */
    const char *frame; /* borrowed, or NULL */
    int tstep, flow;   /* from 1, or 0 */
};

/* The verdict on a typed prediction. */
enum lesson_verdict {
    LESSON_RIGHT,     /* within the tolerance */
    LESSON_TOO_HIGH,  /* more than the tolerance above */
    LESSON_TOO_LOW,   /* more than the tolerance below */
    LESSON_UNREADABLE /* not a number */
};

/* A new empty lesson (caller owns it: lesson_free()). */
struct lesson *lesson_new(void);

/* Free l. NULL is a no-op. */
void lesson_free(struct lesson *l);

/* A deep copy of l (NULL gives NULL). Caller owns it. */
struct lesson *lesson_clone(const struct lesson *l);

/*
 * Append a step with its text (copied) and the defaults: no focus, no
 * question, tolerance LESSON_TOLERANCE. Returns it, borrowed until the
 * next lesson_add(); its string fields are the caller's to set (owned by
 * the step: set them to xstrdup()ed copies).
 */
struct lesson_step *lesson_add(struct lesson *l, const char *text, int line);

/*
 * Flow f (from 1) leaves the scenario: the steps' flow numbers above it
 * come down by one. Returns 0, or the number (from 1) of the first step
 * that names f itself (its focus, hidden flows or prediction), when
 * nothing is changed: a lesson's own flow is not deleted under it.
 */
int lesson_del_flow(struct lesson *l, int f);

/* The focus of step i (0-based; clamped to the lesson) into *f. */
void lesson_focus(const struct lesson *l, int i, struct lesson_focus *f);

/* Whether step i hides flow f's numbers (f from 1) while its answer is
   not revealed: f is in its hide list or is the flow it asks to predict. */
int lesson_hides(const struct lesson_step *st, int f);

/*
 * Read a typed number as a class writes one: "0.3", ".3", "0,3", "3/10",
 * "30%", with blanks around. Returns 0 with *v set, or -1.
 */
int lesson_parse_number(const char *text, double *v);

/*
 * Check a typed prediction against the truth: LESSON_RIGHT when within
 * tol (inclusive, with a 1e-9 slack for fractions typed as decimals),
 * else too high, too low, or unreadable. *typed (may be NULL) gets the
 * number read.
 */
int lesson_check(const char *text, double truth, double tol, double *typed);

/* The lesson as the value of a scenario's `lesson = ` field ("{" to
   "}", its steps one per line indented four spaces, the last line two),
   appended to out (nothing for NULL or an empty lesson). Loading it gives
   the same lesson. */
void lesson_to_lua(const struct lesson *l, struct strbuf *out);

#endif
