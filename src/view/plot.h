/*
 * plot: small terminal plots drawn into a canvas -- box plots from a
 * six-number summary, histograms, and sorted curves like the paper's
 * Fig. 9 (x = schedule rank, y = time) -- with scales and axis labels.
 * Pure view code: it reads numbers and writes cells; nothing allocates
 * (histograms count into a stack array of PLOT_MAX_BINS).
 *
 * Roles: bars and boxes ROLE_PLOT, whiskers ROLE_PLOT_WHISKER, median
 * ROLE_PLOT_MEDIAN, mean ROLE_PLOT_MEAN, a marked column ROLE_PLOT_MARK,
 * axis lines ROLE_AXIS, numbers and axis names ROLE_PLOT_LABEL. On an
 * ASCII canvas the glyphs fall back as canvas.h says (█ #, ─ -, │ |,
 * ┬ +, ◆ *, eighth blocks _ or #).
 *
 * Values map to columns by plot_x(): lo at the first column, hi at the
 * last, rounded to the nearest; values outside [lo, hi] are clamped to the
 * ends (box plots) or left out (histograms).
 */
#ifndef RHO_VIEW_PLOT_H
#define RHO_VIEW_PLOT_H

#include <stddef.h>
#include <stdint.h>

#include "view/canvas.h"

#define PLOT_MAX_BINS 256
#define PLOT_MAX_TICKS 32
#define PLOT_MAX_SERIES 8

/* The six-number summary a box plot shows (core/net/net_stats.h has the same
 * fields). */
struct plot_summary {
    double min, q1, median, mean, q3, max;
};

/* The axes of a framed plot (plot_frame, plot_histogram, plot_curve). */
struct plot_axes {
    double xlo, xhi;    /* the x range; xlo == xhi: from the data */
    double ylo, yhi;    /* the y range; ylo == yhi: from the data */
    const char *xlabel; /* under the x axis, or NULL */
    const char *ylabel; /* above the y axis, or NULL */
    int xint;           /* x ticks at whole numbers only (ranks, counts) */
};

/*
 * Summarise n values: sorts v in place (NaNs are left out: they go to the
 * end and are not counted), then min, quartiles by linear interpolation
 * between order statistics (R's type 7), median, mean and max into *s.
 * Returns the number of values used; with none, *s is all NaN. v may be
 * NULL when n is 0.
 */
int plot_summarize(double *v, int n, struct plot_summary *s);

/*
 * The same summary with the quartiles taken as order statistics, no
 * interpolation: q1 = v[m/4], q3 = v[3m/4] (m the values used, indices
 * rounded down), the median the middle value or the mean of the middle
 * two. For tables whose quartiles must be values of the data (the PCIe
 * Stats view). Sorts v in place; NaN and the return as plot_summarize().
 */
int plot_summarize_ranks(double *v, int n, struct plot_summary *s);

/* The column (0 .. w-1) of value v on a scale lo .. hi of w columns,
   clamped; -1 for NaN or w < 1. lo == hi puts everything in column 0. */
int plot_x(double v, double lo, double hi, int w);

/*
 * "Nice" tick values (multiples of 1, 2 or 5 times a power of ten) inside
 * [lo, hi], at most max (<= PLOT_MAX_TICKS) of them, into tick[]; integer
 * set: steps of at least 1. Returns the count (0 for NaN, infinite or
 * reversed ranges, or max < 1); lo == hi gives the one tick lo. The step
 * into *step if step is not NULL.
 */
int plot_ticks(double lo, double hi, int max, int integer, double *tick,
               double *step);

/*
 * Format v for a scale whose ticks are step apart: as many decimals as the
 * step needs (at most 6), trailing zeros dropped, "-0" as "0"; %.3g for
 * |v| >= 1e6. Returns the length, like snprintf (buf may be NULL when n is
 * 0).
 */
int plot_format(double v, double step, char *buf, size_t n);

/*
 * A horizontal scale of w columns from (x, y) for lo .. hi: at row y an
 * axis line ─ with ┬ at each tick (ROLE_AXIS), at row y + 1 the tick values
 * centred under their ticks (ROLE_PLOT_LABEL), skipping those that would
 * overlap the previous one or leave the scale. integer as plot_ticks().
 * Returns the number of ticks drawn (0: range unusable, nothing drawn).
 */
int plot_scale(struct canvas *c, int x, int y, int w, double lo, double hi,
               int integer);

/*
 * One row of a horizontal box plot of s on the scale lo .. hi, w columns
 * from (x, y):   ├────███┃██◆██──────┤
 * whiskers min..max, box q1..q3, mean ◆, median ┃ (drawn last, so it shows
 * when they share a column). Returns 0, or -1 when a summary value is NaN,
 * lo > hi or w < 1 (nothing drawn). s must not be NULL.
 */
int plot_boxplot(struct canvas *c, int x, int y, int w,
                 const struct plot_summary *s, double lo, double hi);

/* How a box plot is drawn: glyphs and roles of its parts. */
struct plot_box_style {
    uint32_t lo_end, hi_end; /* the whiskers' ends, 0: none (the line) */
    uint32_t alone;          /* min and max in one column, 0: the line */
    int whisker, box;        /* roles of the whisker line and the box */
    uint32_t mean;           /* the mean's glyph, 0: not marked */
    int mean_role;
    uint32_t median; /* the median's glyph (drawn last) */
    int median_role;
};

/* plot_boxplot()'s: ├────███┃██◆██──────┤ in the plot.* roles. */
extern const struct plot_box_style plot_box_full;

/* The plain one: ─────███│███──── -- the range as an axis line, the box
   in ROLE_PLOT, the median in ROLE_EMPHASIS; no ends, no mean. */
extern const struct plot_box_style plot_box_plain;

/* plot_boxplot() in style st (not NULL). */
int plot_boxplot_as(struct canvas *c, int x, int y, int w,
                    const struct plot_summary *s, double lo, double hi,
                    const struct plot_box_style *st);

/*
 * Count the values of v (n of them) in bins equal bins of [lo, hi] into
 * count[0 .. bins-1]: value == hi goes to the last bin; NaN and values
 * outside are not counted. Returns the number counted, or -1 (count
 * untouched) when bins < 1, lo >= hi or a bound is not finite.
 */
int plot_bin(const double *v, int n, int bins, double lo, double hi,
             int *count);

/* The bin of v among bins equal bins of [lo, hi], as plot_bin() counts
   it, or -1 for NaN and values outside. bins >= 1 and finite lo < hi are
   the caller's to ensure. */
int plot_bin_of(double v, int bins, double lo, double hi);

/*
 * Draw the axes of a plot in the rectangle (x, y, w, h) and return the
 * rectangle left for the data in *ix, *iy, *iw, *ih:
 *
 *   ylabel                 <- only if ax->ylabel
 *    2.5┤    ▂▄█           <- y labels at top and bottom (and the middle
 *       │  ▁▄███              row when there are at least 7), right-aligned
 *      0┤▁▂█████              in a gutter as wide as the widest
 *       └┬───┬───┬         <- x axis: plot_scale() of ax->xlo .. ax->xhi
 *        1  50  100
 *           xlabel         <- only if ax->xlabel, right-aligned
 *
 * ax's ranges must already be resolved (xlo <= xhi, ylo <= yhi). Returns 0,
 * or -1 when the rectangle is too small for at least one data row and two
 * data columns (then nothing is drawn). No pointer may be NULL.
 */
int plot_frame(struct canvas *c, int x, int y, int w, int h,
               const struct plot_axes *ax, int *ix, int *iy, int *iw, int *ih);

/*
 * A framed histogram of n values in (x, y, w, h): bins equal bins of
 * ax->xlo .. ax->xhi (xlo == xhi: the smallest to the largest value;
 * bins is clipped to the data width and PLOT_MAX_BINS), each bin a
 * vertical bar (eighth blocks, ROLE_PLOT) of the data columns
 * [b*iw/bins, (b+1)*iw/bins), the y axis 0 .. the largest count (ax's y
 * range is ignored). Returns the largest count, or -1 when nothing could
 * be drawn (no finite values, too small).
 */
int plot_histogram(struct canvas *c, int x, int y, int w, int h,
                   const double *v, int n, int bins,
                   const struct plot_axes *ax);

/*
 * The bins plot_histogram() draws when asked for bins for n values in w
 * columns: at most PLOT_MAX_BINS, and fewer when the columns left of the
 * y gutter (as wide as the digits of n) cannot hold them. Less than 1
 * when w is too narrow.
 */
int plot_histogram_bins(int n, int bins, int w);

/*
 * plot_histogram() of values already counted, for callers that count
 * them without keeping them: count[0 .. bins) (plot_bin_of() on
 * plot_histogram_bins() bins for the same w) over ax->xlo .. ax->xhi,
 * resolved (xlo < xhi). Returns the largest count, or -1 when nothing
 * could be drawn (bins outside 1 .. PLOT_MAX_BINS, an unresolved range,
 * too small). count and ax must not be NULL.
 */
int plot_histogram_counts(struct canvas *c, int x, int y, int w, int h,
                          const int *count, int bins,
                          const struct plot_axes *ax);

/*
 * A framed curve of n values in the order given -- sort them ascending
 * for a Fig. 9-like curve of sorted schedule times -- as a filled area of
 * vertical bars (ROLE_PLOT): data column k shows value
 * v[round(k * (n-1) / (iw-1))], so that the x scale runs from rank 1 to
 * rank n (ax's x range is ignored; the ticks are whole ranks). y range:
 * ax->ylo .. ax->yhi, or if they are equal min(0, smallest) .. max(0,
 * largest). mark >= 0 draws the column of v[mark] in ROLE_PLOT_MARK (the
 * current schedule). Returns 0, or -1 when nothing could be drawn.
 */
int plot_curve(struct canvas *c, int x, int y, int w, int h, const double *v,
               int n, const struct plot_axes *ax, int mark);

/*
 * A framed line plot of ns series (1 .. PLOT_MAX_SERIES) over the n x
 * values xs (ascending): series s has the value ys[s * n + i] at xs[i].
 * Each data point is its series' glyph (glyph[s], e.g. '*', 'o', '+'; in
 * ROLE_PLOT, ROLE_PLOT_MEAN, ROLE_PLOT_MEDIAN, ROLE_PLOT_WHISKER, ... by
 * series), the columns between two finite neighbours are joined by '.' at
 * the interpolated row (under every data point); NaN leaves a gap, +infinity (a
 * delay past saturation) is a '^' on the top row. Later series are drawn over
 * earlier ones. Ranges: ax's, or when equal, x from xs and y from
 * min(0, smallest) to the largest finite value. Returns 0, or -1 when
 * nothing could be drawn (no finite value, too small, bad ns or n).
 */
int plot_lines(struct canvas *c, int x, int y, int w, int h, const double *xs,
               const double *ys, int n, int ns, const uint32_t *glyph,
               const struct plot_axes *ax);

#endif
