/*
 * progress: a model's run in progress as a person reads it -- the phase
 * in words, the percent done and an estimate of the time left ("routing
 * 40%, about 2 s left in this phase"; "estimating…" until the pace of the
 * phase is known). For the views' headers, whatever the model.
 */
#ifndef RHO_VIEW_PROGRESS_H
#define RHO_VIEW_PROGRESS_H

#include <stddef.h>

#include "core/session.h"

/* A phase's name as a model reports it ("route") in words ("routing");
   a name it does not know comes back as it is. */
const char *progress_phase_words(const char *phase);

/* The progress of the busy run r into buf (n bytes): "routing 40%, about
   2 s left in this phase", "counting messages 10%, estimating…".
   Returns buf. */
char *progress_text(const struct session_run *r, char *buf, size_t n);

/* t seconds rounded as an estimate reads: "about 2 s", "about 40 s",
   "about 5 min", "about 3 h"; "under a second". Returns buf. */
char *progress_left(double t, char *buf, size_t n);

#endif
