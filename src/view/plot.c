/*
 * plot: box plots, histograms and sorted curves in a canvas. See plot.h.
 */
#include "view/plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/roles.h"

/* ---- numbers ---- */

/* Ascending, NaN last. */
static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    if (isnan(x) || isnan(y))
        return isnan(x) - isnan(y);
    return (x > y) - (x < y);
}

/* The p-quantile of m sorted values (R type 7). */
static double
quantile(const double *v, int m, double p)
{
    double h = (m - 1) * p;
    int lo = (int)floor(h);

    if (lo >= m - 1)
        return v[m - 1];
    return v[lo] + (h - lo) * (v[lo + 1] - v[lo]);
}

/* The summary of plot_summarize() (ranks 0) or plot_summarize_ranks(). */
static int
summarize(double *v, int n, struct plot_summary *s, int ranks)
{
    double sum = 0;
    int m = 0;

    if (n > 0) {
        qsort(v, (size_t)n, sizeof *v, cmp_double);
        while (m < n && !isnan(v[m]))
            m++;
    }
    if (m == 0) {
        s->min = s->q1 = s->median = s->mean = s->q3 = s->max = NAN;
        return 0;
    }
    for (int i = 0; i < m; i++)
        sum += v[i];
    s->min = v[0];
    s->mean = sum / m;
    s->max = v[m - 1];
    if (ranks) {
        s->q1 = v[m / 4];
        s->median = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
        s->q3 = v[(3 * m) / 4 < m ? (3 * m) / 4 : m - 1];
    } else {
        s->q1 = quantile(v, m, 0.25);
        s->median = quantile(v, m, 0.5);
        s->q3 = quantile(v, m, 0.75);
    }
    return m;
}

int
plot_summarize(double *v, int n, struct plot_summary *s)
{
    return summarize(v, n, s, 0);
}

int
plot_summarize_ranks(double *v, int n, struct plot_summary *s)
{
    return summarize(v, n, s, 1);
}

int
plot_x(double v, double lo, double hi, int w)
{
    double f;

    if (isnan(v) || w < 1)
        return -1;
    if (!(hi > lo))
        return 0;
    f = (v - lo) / (hi - lo);
    if (!(f > 0))
        f = 0;
    if (f > 1)
        f = 1;
    return (int)(f * (w - 1) + 0.5);
}

int
plot_ticks(double lo, double hi, int max, int integer, double *tick,
           double *step)
{
    static const double mult[3] = {1, 2, 5};
    double mag, st = 0;
    long long k0 = 0, k1 = -1;

    if (step)
        *step = 0;
    if (max < 1 || !isfinite(lo) || !isfinite(hi) || lo > hi)
        return 0;
    if (max > PLOT_MAX_TICKS)
        max = PLOT_MAX_TICKS;
    if (lo == hi) {
        tick[0] = lo;
        return 1;
    }
    mag = pow(10, floor(log10((hi - lo) / max)));
    for (int i = 0; i < 64; i++) {
        st = mult[i % 3] * mag * pow(10, i / 3);
        if (integer && st < 1)
            continue;
        k0 = (long long)ceil(lo / st - 1e-9);
        k1 = (long long)floor(hi / st + 1e-9);
        if (k1 - k0 + 1 <= max)
            break;
    }
    if (k1 < k0) { /* no multiple of the step inside: the low end */
        tick[0] = lo;
        if (step)
            *step = st;
        return 1;
    }
    for (long long k = k0; k <= k1; k++) {
        double t = (double)k * st;
        tick[k - k0] = fabs(t) < st * 1e-9 ? 0 : t;
    }
    if (step)
        *step = st;
    return (int)(k1 - k0 + 1);
}

int
plot_format(double v, double step, char *buf, size_t n)
{
    char tmp[64];
    int dec = 0;

    if (buf == NULL)
        n = 0;
    if (isnan(v))
        return snprintf(buf, n, "nan");
    if (isinf(v))
        return snprintf(buf, n, v > 0 ? "inf" : "-inf");
    if (fabs(v) >= 1e6 || !(step > 0) || !isfinite(step)) {
        snprintf(tmp, sizeof tmp, fabs(v) >= 1e6 ? "%.3g" : "%.4g", v);
    } else {
        if (step < 1)
            dec = (int)-floor(log10(step) + 1e-9);
        if (dec > 6)
            dec = 6;
        snprintf(tmp, sizeof tmp, "%.*f", dec, v);
        if (dec > 0) { /* 2.50 -> 2.5, 2.00 -> 2 */
            char *e = tmp + strlen(tmp);
            while (e[-1] == '0')
                *--e = '\0';
            if (e[-1] == '.')
                e[-1] = '\0';
        }
    }
    if (tmp[0] == '-' && strspn(tmp + 1, "0.") == strlen(tmp + 1))
        memmove(tmp, tmp + 1, strlen(tmp));
    return snprintf(buf, n, "%s", tmp);
}

/* ---- scales and box plots ---- */

int
plot_scale(struct canvas *c, int x, int y, int w, double lo, double hi,
           int integer)
{
    double tick[PLOT_MAX_TICKS], step;
    char a[32];
    int n = 0, max, next = x;

    if (w < 1)
        return 0;
    /* the most ticks whose labels fit with two blanks between them */
    for (max = w / 3 > 2 ? w / 3 : 2; max >= 1; max--) {
        int widest = 0;
        n = plot_ticks(lo, hi, max, integer, tick, &step);
        for (int i = 0; i < n; i++) {
            int len = plot_format(tick[i], step, a, sizeof a);
            if (len > widest)
                widest = len;
        }
        if (n <= 1 || n * (widest + 2) <= w + 2)
            break;
    }
    if (n == 0)
        return 0;
    canvas_hline(c, x, y, w, ROLE_AXIS);
    for (int i = 0; i < n; i++) {
        int col = x + plot_x(tick[i], lo, hi, w), len, lx;
        canvas_put(c, col, y, 0x252c, ROLE_AXIS);
        len = plot_format(tick[i], step, a, sizeof a);
        lx = col - (len - 1) / 2;
        if (lx + len > x + w)
            lx = x + w - len;
        if (lx < next)
            continue; /* would touch the previous label */
        canvas_text(c, lx, y + 1, len, ROLE_PLOT_LABEL, a);
        next = lx + len + 1;
    }
    return n;
}

const struct plot_box_style plot_box_full = {
    0x251c, 0x2524,         0x2502, ROLE_PLOT_WHISKER, ROLE_PLOT,
    0x25c6, ROLE_PLOT_MEAN, 0x2503, ROLE_PLOT_MEDIAN,
};

const struct plot_box_style plot_box_plain = {
    0, 0, 0, ROLE_AXIS, ROLE_PLOT, 0, 0, 0x2502, ROLE_EMPHASIS,
};

int
plot_boxplot(struct canvas *c, int x, int y, int w,
             const struct plot_summary *s, double lo, double hi)
{
    return plot_boxplot_as(c, x, y, w, s, lo, hi, &plot_box_full);
}

int
plot_boxplot_as(struct canvas *c, int x, int y, int w,
                const struct plot_summary *s, double lo, double hi,
                const struct plot_box_style *st)
{
    int cmin, cq1, cmed, cmean, cq3, cmax;

    if (w < 1 || !(lo <= hi) || isnan(s->min) || isnan(s->q1) ||
        isnan(s->median) || isnan(s->mean) || isnan(s->q3) || isnan(s->max))
        return -1;
    cmin = plot_x(s->min, lo, hi, w);
    cq1 = plot_x(s->q1, lo, hi, w);
    cmed = plot_x(s->median, lo, hi, w);
    cmean = plot_x(s->mean, lo, hi, w);
    cq3 = plot_x(s->q3, lo, hi, w);
    cmax = plot_x(s->max, lo, hi, w);
    canvas_hline(c, x + cmin, y, cmax - cmin + 1, st->whisker);
    if (cmin < cmax) {
        if (st->lo_end)
            canvas_put(c, x + cmin, y, st->lo_end, st->whisker);
        if (st->hi_end)
            canvas_put(c, x + cmax, y, st->hi_end, st->whisker);
    } else if (st->alone) {
        canvas_put(c, x + cmin, y, st->alone, st->whisker);
    }
    if (cq1 <= cq3)
        canvas_fill(c, x + cq1, y, cq3 - cq1 + 1, 1, 0x2588, st->box);
    if (st->mean)
        canvas_put(c, x + cmean, y, st->mean, st->mean_role);
    canvas_put(c, x + cmed, y, st->median, st->median_role);
    return 0;
}

/* ---- histograms and curves ---- */

int
plot_bin(const double *v, int n, int bins, double lo, double hi, int *count)
{
    int in = 0;

    if (bins < 1 || !isfinite(lo) || !isfinite(hi) || !(lo < hi))
        return -1;
    memset(count, 0, (size_t)bins * sizeof *count);
    for (int i = 0; i < n; i++) {
        int b = plot_bin_of(v[i], bins, lo, hi);
        if (b >= 0) {
            count[b]++;
            in++;
        }
    }
    return in;
}

int
plot_bin_of(double v, int bins, double lo, double hi)
{
    int b;

    if (!(v >= lo && v <= hi)) /* NaN too */
        return -1;
    b = (int)((v - lo) / (hi - lo) * bins);
    return b >= bins ? bins - 1 : b;
}

/* The label of a y value: integers on an integer axis. */
static int
ylabel(double v, double step, int integer, char *buf, size_t n)
{
    if (integer)
        return plot_format(round(v), 1, buf, n);
    return plot_format(v, step, buf, n);
}

/* plot_frame() with whole-number y labels when yint is set. */
static int
frame(struct canvas *c, int x, int y, int w, int h, const struct plot_axes *ax,
      int yint, int *ix, int *iy, int *iw, int *ih)
{
    char top[32], bot[32], mid[32] = "";
    double tick[PLOT_MAX_TICKS], step = 0;
    int t = y, ay, ph, gw, ac;

    ay = y + h - 2 - (ax->xlabel ? 1 : 0); /* the x axis row */
    ph = ay - y - (ax->ylabel ? 1 : 0);
    if (w < 1 || ph < 1)
        return -1;
    plot_ticks(ax->ylo, ax->yhi, 5, yint, tick, &step);
    gw = ylabel(ax->yhi, step, yint, top, sizeof top);
    if (ylabel(ax->ylo, step, yint, bot, sizeof bot) > gw)
        gw = (int)strlen(bot);
    if (ph >= 7) {
        double mv = ax->yhi - ((ph - 1) / 2 + 0.5) / ph * (ax->yhi - ax->ylo);
        if (ylabel(mv, step, yint, mid, sizeof mid) > gw)
            gw = (int)strlen(mid);
    }
    gw += 1; /* the axis column */
    if (w - gw < 2)
        return -1;
    if (ax->ylabel)
        canvas_text(c, x, t++, w, ROLE_PLOT_LABEL, ax->ylabel);
    ac = x + gw - 1;
    canvas_vline(c, ac, t, ph, ROLE_AXIS);
    canvas_text_right(c, x, t, gw - 1, ROLE_PLOT_LABEL, top);
    canvas_put(c, ac, t, 0x2524, ROLE_AXIS);
    canvas_text_right(c, x, t + ph - 1, gw - 1, ROLE_PLOT_LABEL, bot);
    canvas_put(c, ac, t + ph - 1, 0x2524, ROLE_AXIS);
    if (mid[0]) {
        canvas_text_right(c, x, t + (ph - 1) / 2, gw - 1, ROLE_PLOT_LABEL, mid);
        canvas_put(c, ac, t + (ph - 1) / 2, 0x2524, ROLE_AXIS);
    }
    canvas_put(c, ac, ay, 0x2514, ROLE_AXIS);
    plot_scale(c, ac + 1, ay, w - gw, ax->xlo, ax->xhi, ax->xint);
    if (ax->xlabel)
        canvas_text_right(c, x, ay + 2, w, ROLE_PLOT_LABEL, ax->xlabel);
    *ix = ac + 1;
    *iy = t;
    *iw = w - gw;
    *ih = ph;
    return 0;
}

int
plot_frame(struct canvas *c, int x, int y, int w, int h,
           const struct plot_axes *ax, int *ix, int *iy, int *iw, int *ih)
{
    return frame(c, x, y, w, h, ax, 0, ix, iy, iw, ih);
}

/* The smallest and largest finite values of v; 0 if there are none. */
static int
extent(const double *v, int n, double *lo, double *hi)
{
    int found = 0;

    for (int i = 0; i < n; i++) {
        if (!isfinite(v[i]))
            continue;
        if (!found || v[i] < *lo)
            *lo = v[i];
        if (!found || v[i] > *hi)
            *hi = v[i];
        found = 1;
    }
    return found;
}

int
plot_histogram(struct canvas *c, int x, int y, int w, int h, const double *v,
               int n, int bins, const struct plot_axes *ax)
{
    int count[PLOT_MAX_BINS];
    struct plot_axes a = *ax;

    if (v == NULL || n < 1 || bins < 1)
        return -1;
    if (!(a.xlo < a.xhi)) {
        if (!extent(v, n, &a.xlo, &a.xhi))
            return -1;
        if (a.xlo == a.xhi) {
            a.xlo -= 0.5;
            a.xhi += 0.5;
        }
    }
    bins = plot_histogram_bins(n, bins, w);
    if (bins < 1 || plot_bin(v, n, bins, a.xlo, a.xhi, count) < 0)
        return -1;
    return plot_histogram_counts(c, x, y, w, h, count, bins, &a);
}

int
plot_histogram_bins(int n, int bins, int w)
{
    int digits = 1;

    /* the gutter holds at most the digits of n, so this many bins fit */
    for (int k = n; k >= 10; k /= 10)
        digits++;
    if (bins > w - digits - 1)
        bins = w - digits - 1;
    return bins > PLOT_MAX_BINS ? PLOT_MAX_BINS : bins;
}

int
plot_histogram_counts(struct canvas *c, int x, int y, int w, int h,
                      const int *count, int bins, const struct plot_axes *ax)
{
    struct plot_axes a = *ax;
    int max = 0, ix, iy, iw, ih;

    if (bins < 1 || bins > PLOT_MAX_BINS || !(a.xlo < a.xhi))
        return -1;
    for (int b = 0; b < bins; b++)
        if (count[b] > max)
            max = count[b];
    a.ylo = 0;
    a.yhi = max;
    if (frame(c, x, y, w, h, &a, 1, &ix, &iy, &iw, &ih) != 0)
        return -1;
    for (int b = 0; b < bins && max > 0; b++) {
        int c0 = (int)((long)b * iw / bins),
            c1 = (int)((long)(b + 1) * iw / bins);
        for (int k = c0; k < c1; k++)
            canvas_vbar(c, ix + k, iy, ih, (double)count[b] / max, ROLE_PLOT,
                        ROLE_DEFAULT);
    }
    return max;
}

int
plot_curve(struct canvas *c, int x, int y, int w, int h, const double *v, int n,
           const struct plot_axes *ax, int mark)
{
    struct plot_axes a = *ax;
    int ix, iy, iw, ih;

    if (v == NULL || n < 1)
        return -1;
    if (!(a.ylo < a.yhi)) {
        double mn = 0, mx = 0;
        if (!extent(v, n, &mn, &mx))
            return -1;
        a.ylo = mn < 0 ? mn : 0;
        a.yhi = mx > 0 ? mx : 0;
        if (a.ylo == a.yhi)
            a.yhi = a.ylo + 1;
    }
    a.xlo = 1;
    a.xhi = n;
    a.xint = 1;
    if (frame(c, x, y, w, h, &a, 0, &ix, &iy, &iw, &ih) != 0)
        return -1;
    for (int k = 0; k < iw; k++) {
        int i = n > 1 ? (int)((double)k * (n - 1) / (iw - 1) + 0.5) : 0;
        if (isnan(v[i]))
            continue;
        canvas_vbar(c, ix + k, iy, ih, (v[i] - a.ylo) / (a.yhi - a.ylo),
                    ROLE_PLOT, ROLE_DEFAULT);
    }
    if (mark >= 0 && mark < n) {
        int k = n > 1 ? (int)((double)mark * (iw - 1) / (n - 1) + 0.5) : 0;
        canvas_vbar(c, ix + k, iy, ih, (v[mark] - a.ylo) / (a.yhi - a.ylo),
                    ROLE_PLOT_MARK, ROLE_PLOT_MARK);
    }
    return 0;
}

/* The row of value v in a data area of ih rows from iy, lo .. hi. */
static int
yrow(double v, double lo, double hi, int iy, int ih)
{
    double f = hi > lo ? (v - lo) / (hi - lo) : 0;

    if (f < 0)
        f = 0;
    if (f > 1)
        f = 1;
    return iy + ih - 1 - (int)(f * (ih - 1) + 0.5);
}

int
plot_lines(struct canvas *c, int x, int y, int w, int h, const double *xs,
           const double *ys, int n, int ns, const uint32_t *glyph,
           const struct plot_axes *ax)
{
    static const int roles[] = {ROLE_PLOT, ROLE_PLOT_MEAN, ROLE_PLOT_MEDIAN,
                                ROLE_PLOT_WHISKER};
    struct plot_axes a = *ax;
    int ix, iy, iw, ih;

    if (xs == NULL || ys == NULL || n < 1 || ns < 1 || ns > PLOT_MAX_SERIES)
        return -1;
    if (!(a.xlo < a.xhi)) {
        if (!extent(xs, n, &a.xlo, &a.xhi))
            return -1;
        if (a.xlo == a.xhi)
            a.xhi = a.xlo + 1;
    }
    if (!(a.ylo < a.yhi)) {
        double mn = 0, mx = 0;
        if (!extent(ys, n * ns, &mn, &mx))
            return -1;
        a.ylo = mn < 0 ? mn : 0;
        a.yhi = mx > 0 ? mx : 0;
        if (a.ylo == a.yhi)
            a.yhi = a.ylo + 1;
    }
    if (frame(c, x, y, w, h, &a, 0, &ix, &iy, &iw, &ih) != 0)
        return -1;
    /* the joins first, so that no '.' covers a data point */
    for (int s = 0; s < ns; s++) {
        const double *v = ys + (size_t)s * (size_t)n;
        for (int i = 0; i + 1 < n; i++) {
            int c0 = plot_x(xs[i], a.xlo, a.xhi, iw);
            int c1 = plot_x(xs[i + 1], a.xlo, a.xhi, iw);
            if (!isfinite(v[i]) || !isfinite(v[i + 1]) || c1 - c0 < 2)
                continue;
            for (int k = c0 + 1; k < c1; k++) {
                double f = (double)(k - c0) / (c1 - c0);
                double yv = v[i] + f * (v[i + 1] - v[i]);
                canvas_put(c, ix + k, yrow(yv, a.ylo, a.yhi, iy, ih), '.',
                           roles[s % 4]);
            }
        }
    }
    for (int s = 0; s < ns; s++) {
        const double *v = ys + (size_t)s * (size_t)n;
        for (int i = 0; i < n; i++) {
            int k = plot_x(xs[i], a.xlo, a.xhi, iw);
            if (k < 0 || isnan(v[i]))
                continue;
            if (v[i] == INFINITY)
                canvas_put(c, ix + k, iy, '^', roles[s % 4]);
            else if (isfinite(v[i]))
                canvas_put(c, ix + k, yrow(v[i], a.ylo, a.yhi, iy, ih),
                           glyph[s], roles[s % 4]);
        }
    }
    return 0;
}
