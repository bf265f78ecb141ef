/*
 * sweep: parameter studies. A sweep has axes, each a name and a list of
 * values given as text ("tau=0.1,0.2,0.3", "size=40KiB:160KiB:40KiB",
 * "size=1KiB:1MiB:*4"); its points are every combination, the first axis
 * varying slowest. Points are evaluated by a caller's function on several
 * threads; results land in a table indexed by point, so the output does
 * not depend on the number of threads. The core knows nothing about what a
 * name means: the caller's function does (main.c runs the scenario with
 * the values as rho.param overrides).
 */
#ifndef RHO_CORE_SWEEP_H
#define RHO_CORE_SWEEP_H

#include "core/base/rho_err.h"

#define SWEEP_MAX_AXES 8
#define SWEEP_MAX_VALUES 10000

struct sweep_axis {
    char *name;
    int n;
    char **value; /* as text, units included: "40 KiB" */
};

struct sweep {
    int naxes;
    struct sweep_axis axis[SWEEP_MAX_AXES];
};

/* Evaluate point i with values[k] for axis k; write ncols numbers to out.
   Return 0, or -1 with err filled (stops the sweep). Called from worker
   threads: must be thread-safe. */
typedef int sweep_eval_fn(void *ctx, long i, const char *const *values,
                          double *out, struct rho_err *err);

/* Set up sw (caller's storage) with no axis. */
void sweep_init(struct sweep *sw);

/* Release sw's axes. */
void sweep_fini(struct sweep *sw);

/*
 * Add an axis from "name=values". Values: a comma list ("0.1,0.2"), or a
 * range lo:hi:step, or lo:hi:*factor (geometric), where lo, hi and step
 * are numbers with an optional unit that must be the same for all three.
 * Returns 0, or -1 with err filled (no '=', empty list, bad range, too many
 * values, too many axes, a name given twice).
 */
int sweep_add_axis(struct sweep *sw, const char *spec, struct rho_err *err);

/* Number of points (product of the axis sizes). */
long sweep_count(const struct sweep *sw);

/* The values of point i: values[k] for axis k (borrowed). */
void sweep_point(const struct sweep *sw, long i, const char **values);

/* What an axis's values are as numbers. */
enum sweep_kind {
    SWEEP_TEXT,    /* names, as "BGQ": not numbers */
    SWEEP_NUMBER,  /* bare numbers, as "0.25" */
    SWEEP_BYTES,   /* sizes, as "40KiB" (bare numbers among them: bytes) */
    SWEEP_BPS,     /* rates, as "11.6GiB/s" */
    SWEEP_SECONDS, /* times, as "2ms" */
};

/*
 * The kind of the values of axis ax: every value a bare number, or every
 * value a quantity of one kind (units.h; a bare number among sizes is
 * bytes), else SWEEP_TEXT. Unless text, v (ax->n doubles, or NULL)
 * receives the values in base units: bytes, bytes per second, seconds.
 */
enum sweep_kind sweep_axis_kind(const struct sweep_axis *ax, double *v);

/* The unit of a kind in a column name: "bytes", "Bps", "s", or "" for
   bare numbers and text. */
const char *sweep_kind_unit(enum sweep_kind kind);

/*
 * Evaluate every point with fn on threads (0: one per CPU) into out
 * (count x ncols doubles, caller's). progress as in search.h (may be NULL).
 * Returns 0, or -1 with err of the lowest failing point ("point 3
 * (tau=0.5): ..."), or RHO_ECANCEL.
 */
int sweep_run(const struct sweep *sw, int threads, int ncols, sweep_eval_fn *fn,
              void *ctx, double *out,
              int (*progress)(void *, long long, long long), void *pctx,
              struct rho_err *err);

#endif
