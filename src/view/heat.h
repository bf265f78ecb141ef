/*
 * heat: a link's load -- the fraction of its capacity in use -- as one of
 * a few buckets, each drawn in its own theme role (style S9: the view turns
 * numbers into roles; the theme says what a role looks like).
 *
 *   load        bucket              role
 *   NaN, < 0    HEAT_NONE           ROLE_HEAT_NONE   no value
 *   0           HEAT_IDLE           ROLE_HEAT_IDLE   unused link
 *   (0, 1]      0 .. HEAT_LEVELS-1  ROLE_HEAT_0 ..   by tenths (linear) or
 *                                   ROLE_HEAT_9      by decades (log)
 *   > 1         HEAT_OVER           ROLE_HEAT_OVER   over capacity
 *
 * Linear: bucket k holds loads in (k/10, (k+1)/10], so 10% is bucket 0 and
 * 100% bucket 9. Log: the range 10^-HEAT_LOG_DECADES .. 1 is cut into
 * HEAT_LEVELS equal steps of log10(load) (0.1%, 0.2%, 0.4%, 0.8%, 1.6%,
 * 3.2%, 6.3%, 13%, 25%, 50%, 100% for three decades); anything below the
 * floor but above 0 is bucket 0. Both scales allow a tolerance of about
 * HEAT_EPS at the bucket edges, so 0.30000000000000004 is 30% (bucket 2)
 * and 1 + 1e-12 is not over capacity. Every function here is pure and
 * total: any double, infinities and NaN included, has a bucket.
 */
#ifndef RHO_VIEW_HEAT_H
#define RHO_VIEW_HEAT_H

#include <stddef.h>
#include <stdint.h>

#include "view/canvas.h"
#include "view/roles.h"

enum heat_scale {
    HEAT_LINEAR, /* buckets of equal load */
    HEAT_LOG     /* buckets of equal ratio, HEAT_LOG_DECADES decades */
};

/* Buckets that are not a level of load. They sort: none < idle < 0 .. 9 <
   over. */
enum { HEAT_NONE = -2, HEAT_IDLE = -1, HEAT_OVER = HEAT_LEVELS };

#define HEAT_LOG_DECADES 3
#define HEAT_EPS 1e-9

/* The bucket of a load: HEAT_NONE, HEAT_IDLE, 0 .. HEAT_LEVELS - 1 or
   HEAT_OVER (see the table above). A scale out of range counts as linear. */
int heat_bucket(double load, enum heat_scale scale);

/* The role of a bucket; ROLE_HEAT_NONE for a number that is no bucket. */
int heat_bucket_role(int bucket);

/* heat_bucket_role(heat_bucket(load, scale)). */
int heat_role(double load, enum heat_scale scale);

/*
 * The loads a bucket holds, as the interval (*lo, *hi]: idle is [0, 0],
 * over (1, inf), none and numbers that are no bucket NaN, NaN. Bucket 0 of
 * the log scale starts at 0. lo and hi must not be NULL.
 */
void heat_bucket_bounds(int bucket, enum heat_scale scale, double *lo,
                        double *hi);

/*
 * A short ASCII label for a bucket into buf (n bytes, truncated, always
 * terminated when n > 0): "none", "idle", "0-10%", "90-100%", "over"; on the
 * log scale "0-0.2%", "25-50%". Returns the length it wanted, like
 * snprintf. buf may be NULL when n is 0.
 */
int heat_bucket_label(int bucket, enum heat_scale scale, char *buf, size_t n);

/*
 * The role of each of n loads into role[0 .. n-1] (for heat grids: one
 * call per frame, no allocation). load and role may be NULL when n is 0.
 */
void heat_roles(const double *load, size_t n, enum heat_scale scale,
                unsigned char *role);

/*
 * Draw a legend for the scale into one row of c at (x, y), at most w
 * columns, and return the columns used:
 *
 *   █ idle  0% ██████████ 100%  █ over          (linear, wide enough)
 *   0.1% ██████████ 100%                        (log, narrower)
 *
 * Each level's swatch is a full block in its role (1 to 3 columns wide,
 * as w allows); labels are ROLE_PLOT_LABEL. It drops the idle and over
 * swatches, then the labels, when w is too small; with w < HEAT_LEVELS it
 * draws nothing and returns 0. ASCII canvases show '#' swatches.
 */
int heat_legend(struct canvas *c, int x, int y, int w, enum heat_scale scale);

/* The glyph a picture draws a bucket with (ascii: an ASCII canvas). */
typedef uint32_t heat_glyph_fn(int bucket, int ascii);

/*
 * heat_legend() with each swatch drawn in glyph(bucket, c->ascii) (idle,
 * every level, over), so that a picture whose cells carry the load in
 * their glyph as well as their colour has a legend that reads without
 * colour. glyph NULL: full blocks, as heat_legend(). glyph must return
 * characters one column wide.
 */
int heat_legend_glyphs(struct canvas *c, int x, int y, int w,
                       enum heat_scale scale, heat_glyph_fn *glyph);

#endif
