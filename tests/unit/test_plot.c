/* Plots: summaries, ticks and their labels, scales, box plots, histograms
   and sorted curves, read back from the canvas cell by cell. */
#include "harness.h"
#include "support_canvas.h"

#include <math.h>

#include "view/plot.h"
#include "view/roles.h"

/* The filled height of column x of rows y .. y+h-1, in eighths. */
static int
height(struct canvas *c, int x, int y, int h)
{
    int e = 0;

    for (int j = 0; j < h; j++) {
        uint32_t ch = canvas_at(c, x, y + j)->ch;
        if (ch == 0x2588)
            e += 8;
        else if (ch >= 0x2581 && ch <= 0x2587)
            e += (int)(ch - 0x2580);
    }
    return e;
}

static void
test_numbers(void)
{
    double v[] = {5, 1, 4, 2, 3}, w[] = {4, NAN, 1, 3, 2}, t[PLOT_MAX_TICKS],
           step;
    struct plot_summary s;
    char buf[32];
    int n;

    CHECK(plot_summarize(v, 5, &s) == 5, "five values");
    CHECK(s.min == 1 && s.q1 == 2 && s.median == 3 && s.mean == 3 &&
              s.q3 == 4 && s.max == 5,
          "1..5: 1 2 3 3 4 5");
    CHECK(v[0] == 1 && v[4] == 5, "sorted in place");
    CHECK(plot_summarize(w, 5, &s) == 4, "NaN left out");
    CHECK_NEAR(s.q1, 1.75, 1e-12, "1..4: q1 interpolated");
    CHECK_NEAR(s.median, 2.5, 1e-12, "1..4: median");
    CHECK_NEAR(s.q3, 3.25, 1e-12, "1..4: q3");
    CHECK(isnan(w[4]), "the NaN sorted last");
    CHECK(plot_summarize(NULL, 0, &s) == 0 && isnan(s.min) && isnan(s.max),
          "no values: NaN");
    {
        double r[] = {8, 1, 7, 2, 6, 3, 5, 4};
        CHECK(plot_summarize_ranks(r, 8, &s) == 8 && s.min == 1 &&
                  s.q1 == 3 && s.median == 4.5 && s.mean == 4.5 &&
                  s.q3 == 7 && s.max == 8,
              "ranks: q1 v[2], q3 v[6], no interpolation");
    }

    CHECK(plot_x(0, 0, 10, 11) == 0 && plot_x(10, 0, 10, 11) == 10 &&
              plot_x(5, 0, 10, 11) == 5 && plot_x(4.6, 0, 10, 11) == 5,
          "values to columns, rounded");
    CHECK(plot_x(-3, 0, 10, 11) == 0 && plot_x(99, 0, 10, 11) == 10 &&
              plot_x(INFINITY, 0, 10, 11) == 10,
          "clamped");
    CHECK(plot_x(NAN, 0, 10, 11) == -1 && plot_x(1, 0, 10, 0) == -1 &&
              plot_x(1, 3, 3, 11) == 0,
          "NaN, no width, an empty range");

    n = plot_ticks(0, 1, 6, 0, t, &step);
    CHECK(n == 6 && step == 0.2 && t[0] == 0 && fabs(t[5] - 1) < 1e-12,
          "0..1, at most 6: 0 0.2 ... 1");
    n = plot_ticks(0, 100, 5, 0, t, &step);
    CHECK(n == 3 && t[1] == 50, "0..100, at most 5: 0 50 100");
    n = plot_ticks(0, 100, 6, 0, t, &step);
    CHECK(n == 6 && step == 20, "0..100, at most 6: steps of 20");
    n = plot_ticks(1, 3, 10, 1, t, &step);
    CHECK(n == 3 && step == 1, "integer: 1 2 3, not halves");
    n = plot_ticks(1, 3, 10, 0, t, &step);
    CHECK(n == 5 && step == 0.5, "not integer: halves");
    n = plot_ticks(-1, 1, 5, 0, t, &step);
    CHECK(n == 5 && t[2] == 0 && !signbit(t[2]), "-1..1: 0 is not -0");
    CHECK(plot_ticks(2, 2, 5, 0, t, &step) == 1 && t[0] == 2,
          "an empty range: one tick");
    CHECK(plot_ticks(NAN, 1, 5, 0, t, NULL) == 0 &&
              plot_ticks(2, 1, 5, 0, t, NULL) == 0 &&
              plot_ticks(0, 1, 0, 0, t, NULL) == 0,
          "NaN, reversed, max 0: no ticks");
    CHECK(plot_ticks(0, 1e9, 1000, 0, t, NULL) <= PLOT_MAX_TICKS,
          "never more than PLOT_MAX_TICKS");

    plot_format(2.5, 0.5, buf, sizeof buf);
    CHECK_STR(buf, "2.5", "2.5 on a 0.5 scale");
    plot_format(2, 0.5, buf, sizeof buf);
    CHECK_STR(buf, "2", "2 on a 0.5 scale");
    plot_format(0.25, 0.05, buf, sizeof buf);
    CHECK_STR(buf, "0.25", "0.25 on a 0.05 scale");
    plot_format(1234567, 1, buf, sizeof buf);
    CHECK_STR(buf, "1.23e+06", "large: %%.3g");
    plot_format(-0.0001, 0.1, buf, sizeof buf);
    CHECK_STR(buf, "0", "no -0");
    plot_format(3.14159, 0, buf, sizeof buf);
    CHECK_STR(buf, "3.142", "no step: four digits");
    CHECK(plot_format(NAN, 1, NULL, 0) == 3, "NaN: 'nan', length 3");
}

static void
test_scale_box(struct strbuf *sb)
{
    struct canvas c;
    struct plot_summary s = {2, 5, 10, 11, 15, 18};
    struct plot_summary bad = {2, 5, NAN, 11, 15, 18};

    canvas_init(&c, 40, 8, 0);
    CHECK(plot_boxplot(&c, 0, 0, 21, &s, 0, 20) == 0, "a box plot");
    CHECK(plot_scale(&c, 0, 1, 21, 0, 20, 0) == 5, "a scale of 5 ticks");
    CHECK_STR(row_text(&c, 0),
              "  \u251c\u2500\u2500\u2588\u2588\u2588\u2588\u2588\u2503"
              "\u25c6\u2588\u2588\u2588\u2588\u2500\u2500\u2524",
              "whiskers 2..18, box 5..15, median 10, mean 11");
    CHECK(role_at(&c, 3, 0) == ROLE_PLOT_WHISKER &&
              role_at(&c, 5, 0) == ROLE_PLOT &&
              role_at(&c, 10, 0) == ROLE_PLOT_MEDIAN &&
              role_at(&c, 11, 0) == ROLE_PLOT_MEAN &&
              role_at(&c, 18, 0) == ROLE_PLOT_WHISKER,
          "each part in its role");
    CHECK_STR(row_text(&c, 1),
              "\u252c\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500"
              "\u252c\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500"
              "\u252c",
              "ticks every 5 columns");
    CHECK_STR(row_text(&c, 2), "0    5    10   15  20",
              "labels under their ticks, the last kept inside");
    CHECK(role_at(&c, 0, 1) == ROLE_AXIS &&
              role_at(&c, 5, 2) == ROLE_PLOT_LABEL,
          "axis and labels in their roles");

    /* a point summary, clamping, failures */
    {
        struct plot_summary p = {7, 7, 7, 7, 7, 7};
        struct plot_summary wide = {-50, 5, 10, 11, 15, 90};
        plot_boxplot(&c, 0, 3, 21, &p, 0, 20);
        CHECK(canvas_at(&c, 7, 3)->ch == 0x2503 && row_text(&c, 3)[0] == ' ',
              "all equal: the median alone");
        plot_boxplot(&c, 0, 4, 21, &wide, 0, 20);
        CHECK(canvas_at(&c, 0, 4)->ch == 0x251c &&
                  canvas_at(&c, 20, 4)->ch == 0x2524,
              "outside the scale: clamped to its ends");
    }
    CHECK(plot_boxplot(&c, 0, 5, 21, &bad, 0, 20) == -1 &&
              strcmp(row_text(&c, 5), "") == 0,
          "a NaN: nothing drawn");
    CHECK(plot_boxplot(&c, 0, 5, 21, &s, 20, 0) == -1, "lo > hi");
    CHECK(plot_scale(&c, 0, 5, 21, NAN, 1, 0) == 0 &&
              strcmp(row_text(&c, 5), "") == 0,
          "a NaN scale: nothing drawn");
    canvas_clear(&c, 0);
    plot_scale(&c, 0, 0, 40, 0, 1, 0);
    CHECK_STR(row_text(&c, 1), "0      0.2     0.4    0.6     0.8      1",
              "0..1 in 40 columns: labels never touch");
    plot_scale(&c, 0, 2, 40, 1, 3, 1);
    CHECK_STR(row_text(&c, 3), "1                   2                  3",
              "an integer scale");
    canvas_clear(&c, 0);
    CHECK(plot_boxplot_as(&c, 0, 0, 21, &s, 0, 20, &plot_box_plain) == 0,
          "a plain box plot");
    CHECK_STR(row_text(&c, 0),
              "  \u2500\u2500\u2500\u2588\u2588\u2588\u2588\u2588\u2502"
              "\u2588\u2588\u2588\u2588\u2588\u2500\u2500\u2500",
              "plain: no ends, no mean, the median a thin line");
    CHECK(role_at(&c, 3, 0) == ROLE_AXIS && role_at(&c, 5, 0) == ROLE_PLOT &&
              role_at(&c, 10, 0) == ROLE_EMPHASIS,
          "plain: the range an axis line, the median emphasised");
    canvas_fini(&c);

    canvas_init(&c, 21, 1, 1);
    plot_boxplot(&c, 0, 0, 21, &s, 0, 20);
    CHECK_STR(dump(&c, sb, 0), "  |--#####|*####--|\n", "ASCII box plot");
    canvas_fini(&c);
}

static void
test_histogram(struct strbuf *sb)
{
    static const double v[] = {1, 1, 1, 2, 2, 3, 1.5, 2.5, 2.7, 2.9, 1.1};
    static const double out[] = {0, 0.5, 1, 1, 2, NAN};
    struct plot_axes ax = {0};
    struct canvas c;
    int count[4];

    CHECK(plot_bin(out, 6, 2, 0, 1, count) == 4 && count[0] == 1 &&
              count[1] == 3,
          "binning: the top value in the last bin, outside and NaN left out");
    CHECK(plot_bin(out, 6, 0, 0, 1, count) == -1 &&
              plot_bin(out, 6, 2, 1, 1, count) == -1 &&
              plot_bin(out, 6, 2, 0, INFINITY, count) == -1,
          "no bins, an empty or infinite range: -1");

    ax.xlabel = "load";
    ax.ylabel = "links";
    canvas_init(&c, 40, 12, 0);
    CHECK(plot_histogram(&c, 0, 0, 40, 12, v, 11, 8, &ax) == 4,
          "the largest bin holds 4");
    CHECK_STR(
        dump(&c, sb, 0),
        "links\n"
        "4\u2524\u2588\u2588\u2588\u2588\n"
        " \u2502\u2588\u2588\u2588\u2588\n"
        " \u2502\u2588\u2588\u2588\u2588\n"
        "2\u2524\u2588\u2588\u2588\u2588\n"
        " \u2502\u2588\u2588\u2588\u2588               \u2588\u2588\u2588"
        "\u2588     \u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
        "\u2588\n"
        " \u2502\u2588\u2588\u2588\u2588               \u2588\u2588\u2588"
        "\u2588     \u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
        "\u2588\n"
        " \u2502\u2588\u2588\u2588\u2588     \u2588\u2588\u2588\u2588"
        "\u2588     \u2588\u2588\u2588\u2588     \u2588\u2588\u2588\u2588"
        "\u2588\u2588\u2588\u2588\u2588\u2588\n"
        "0\u2524\u2588\u2588\u2588\u2588     \u2588\u2588\u2588\u2588"
        "\u2588     \u2588\u2588\u2588\u2588     \u2588\u2588\u2588\u2588"
        "\u2588\u2588\u2588\u2588\u2588\u2588\n"
        " \u2514\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500"
        "\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500"
        "\u252c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c"
        "\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\n"
        "  1       1.5        2       2.5       3\n"
        "                                    load\n",
        "a framed histogram");
    /* 8 bins of 1..3 over 38 columns: bin 0 = columns 2..5 holds 4 */
    CHECK(height(&c, 2, 1, 8) == 64 && height(&c, 7, 1, 8) == 0 &&
              height(&c, 11, 1, 8) == 16 && height(&c, 30, 1, 8) == 32,
          "bar heights: 4/4, 0, 1/4, 2/4 of 8 rows");
    CHECK(role_at(&c, 2, 1) == ROLE_PLOT && role_at(&c, 1, 1) == ROLE_AXIS &&
              role_at(&c, 0, 1) == ROLE_PLOT_LABEL &&
              role_at(&c, 0, 0) == ROLE_PLOT_LABEL,
          "bars, axis and labels in their roles");
    canvas_clear(&c, 0);
    CHECK(plot_histogram(&c, 0, 0, 40, 3, v, 11, 8, &ax) == -1 &&
              strcmp(dump(&c, sb, 0), "\n\n\n\n\n\n\n\n\n\n\n\n") == 0,
          "too small: -1, nothing drawn");
    {
        double same[3] = {2, 2, 2};
        struct plot_axes none = {0};
        CHECK(plot_histogram(&c, 0, 0, 20, 6, same, 3, 5, &none) == 3,
              "all values equal: one full bin");
        CHECK(plot_histogram(&c, 0, 0, 20, 6, out + 5, 1, 5, &none) == -1,
              "no finite values: -1");
    }
    canvas_fini(&c);

    canvas_init(&c, 40, 12, 1);
    plot_histogram(&c, 0, 0, 40, 12, v, 11, 8, &ax);
    {
        const char *d = dump(&c, sb, 0);
        int ascii = 1;
        for (const char *p = d; *p; p++)
            ascii &= (unsigned char)*p < 128;
        CHECK(ascii && strstr(d, "0|####     #####") != NULL &&
                  strstr(d, " ++--------+") != NULL,
              "an ASCII histogram");
    }
    canvas_fini(&c);

    /* counted by the caller: the same picture from counts */
    {
        struct canvas a, b;
        struct plot_axes r = ax;
        int n = 0, bins, cnt[PLOT_MAX_BINS] = {0}, ok = 1;
        r.xlo = 1;
        r.xhi = 3;
        CHECK(plot_histogram_bins(11, 8, 40) == 8 &&
                  plot_histogram_bins(11, 8, 10) == 7 &&
                  plot_histogram_bins(11, 900, 400) == PLOT_MAX_BINS &&
                  plot_histogram_bins(11, 8, 3) < 1,
              "bins: as asked, fewer when narrow, at most PLOT_MAX_BINS");
        CHECK(plot_bin_of(3, 4, 1, 3) == 3 && plot_bin_of(1, 4, 1, 3) == 0 &&
                  plot_bin_of(0.5, 4, 1, 3) == -1 &&
                  plot_bin_of(NAN, 4, 1, 3) == -1,
              "one value's bin: the top in the last, outside and NaN -1");
        for (int w = 4; w <= 40; w += 3) {
            canvas_init(&a, 40, 12, 0);
            canvas_init(&b, 40, 12, 0);
            bins = plot_histogram_bins(11, 8, w);
            memset(cnt, 0, sizeof cnt);
            for (int i = 0; i < 11 && bins >= 1; i++) {
                int k = plot_bin_of(v[i], bins, r.xlo, r.xhi);
                if (k >= 0)
                    cnt[k]++;
            }
            n = plot_histogram(&a, 0, 0, w, 12, v, 11, 8, &r);
            ok &= (bins < 1 ? -1
                            : plot_histogram_counts(&b, 0, 0, w, 12, cnt, bins,
                                                    &r)) == n;
            ok &= canvas_diff(&a, &b, NULL, 0) == 0;
            canvas_fini(&a);
            canvas_fini(&b);
        }
        CHECK(ok, "plot_histogram_counts() of plot_bin_of() counts draws "
                  "what plot_histogram() does, at every width");
        r.xhi = r.xlo;
        canvas_init(&a, 40, 12, 0);
        CHECK(plot_histogram_counts(&a, 0, 0, 40, 12, cnt, 4, &r) == -1 &&
                  plot_histogram_counts(&a, 0, 0, 40, 12, cnt, 0, &ax) == -1 &&
                  strcmp(dump(&a, sb, 0), "\n\n\n\n\n\n\n\n\n\n\n\n") == 0,
              "an unresolved range or no bins: -1, nothing drawn");
        canvas_fini(&a);
    }
}

static void
test_curve(struct strbuf *sb)
{
    double t[50];
    struct plot_axes ax = {0};
    struct canvas c;
    int ok = 1;

    for (int i = 0; i < 50; i++)
        t[i] = 10 + i * i * 0.01;
    ax.xlabel = "schedule rank";
    ax.ylabel = "time (us)";
    canvas_init(&c, 40, 12, 0);
    CHECK(plot_curve(&c, 0, 0, 40, 12, t, 50, &ax, 20) == 0, "a curve");
    (void)sb;
    CHECK_STR(row_text(&c, 0), "time (us)", "the y label on top");
    CHECK_STR(row_text(&c, 1),
              "34\u2524                                 \u2581\u2583\u2586"
              "\u2588",
              "the top: yhi, the highest ranks");
    CHECK_STR(row_text(&c, 8),
              " 0\u2524\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588",
              "the bottom: a 0-based axis");
    CHECK_STR(row_text(&c, 10), "          10     20     30      40    50",
              "whole ranks on the x axis");
    CHECK_STR(row_text(&c, 11), "                           schedule rank",
              "the x label, right-aligned");
    for (int x = 4; x < 40; x++)
        ok &= height(&c, x, 1, 8) >= height(&c, x - 1, 1, 8);
    CHECK(ok, "sorted values: the curve never falls");
    CHECK(height(&c, 39, 1, 8) == 64, "the largest value fills the column");
    /* rank 21 of 50 over 37 columns: column 3 + round(20 * 36 / 49) */
    CHECK(role_at(&c, 3 + 15, 1) == ROLE_PLOT_MARK &&
              role_at(&c, 3 + 15, 8) == ROLE_PLOT_MARK &&
              role_at(&c, 3 + 14, 8) == ROLE_PLOT &&
              role_at(&c, 3 + 16, 1) == ROLE_DEFAULT,
          "the marked schedule: its whole column");

    canvas_clear(&c, 0);
    ax.ylo = 10;
    ax.yhi = 40;
    ax.xlabel = ax.ylabel = NULL;
    CHECK(plot_curve(&c, 0, 0, 40, 12, t, 50, &ax, -1) == 0,
          "a given y range, no labels, no mark");
    CHECK(canvas_at(&c, 2, 0)->ch == 0x2524 && row_text(&c, 0)[0] == '4',
          "the plot starts on the top row");
    CHECK(height(&c, 3, 0, 10) == 0 && height(&c, 4, 0, 10) == 1,
          "the lowest value on the axis, the next a sliver above");
    CHECK(plot_curve(&c, 0, 0, 40, 12, t, 0, &ax, -1) == -1 &&
              plot_curve(&c, 0, 0, 3, 12, t, 50, &ax, -1) == -1,
          "no values, too narrow: -1");
    canvas_clear(&c, 0);
    CHECK(plot_curve(&c, 0, 0, 20, 6, t, 1, &ax, 0) == 0 &&
              role_at(&c, 3, 0) == ROLE_PLOT_MARK,
          "one value, marked");
    canvas_fini(&c);
}

static void
test_frame(void)
{
    struct canvas c;
    struct plot_axes ax = {0, 10, 0, 1, "x", "y", 0};
    int ix, iy, iw, ih;

    canvas_init(&c, 30, 10, 0);
    CHECK(plot_frame(&c, 2, 1, 20, 8, &ax, &ix, &iy, &iw, &ih) == 0, "a frame");
    CHECK(ix == 4 && iy == 2 && iw == 18 && ih == 4,
          "the data rectangle (%d,%d %dx%d)", ix, iy, iw, ih);
    CHECK(plot_frame(&c, 0, 0, 20, 4, &ax, &ix, &iy, &iw, &ih) == -1,
          "no room for a data row: -1");
    CHECK(plot_frame(&c, 0, 0, 3, 9, &ax, &ix, &iy, &iw, &ih) == -1,
          "no room for two data columns: -1");
    canvas_fini(&c);
}

/* Throughput and delay against load, two series (the queueing model's
   sweep plots). */
static void
test_lines(struct strbuf *sb)
{
    double xs[5] = {0, 0.25, 0.5, 0.75, 1};
    double ys[10] = {0, 1, 2, 3, 4, /* series 0: a line */
                     0, 1, 2, 2, INFINITY}; /* series 1: flat, then past
                                               saturation */
    uint32_t g[2] = {'*', 'o'};
    struct plot_axes ax = {0};
    struct canvas c;

    canvas_init(&c, 24, 8, 0);
    CHECK(plot_lines(&c, 0, 0, 24, 8, xs, ys, 5, 2, g, &ax) == 0,
          "two series");
    (void)sb;
    /* data area: gutter "4" + axis = 2 columns, 22 wide; 6 rows (0..5) */
    CHECK_STR(row_text(&c, 0), "4\u2524                   ..^",
              "the top: series 1 past saturation over series 0's 4");
    CHECK(role_at(&c, 23, 0) == ROLE_PLOT_MEAN, "series 1's role");
    CHECK_STR(row_text(&c, 1), " \u2502               .*..",
              "series 0 at 3, between dots");
    CHECK_STR(row_text(&c, 2), " \u2502           o....o",
              "series 1 at 2 twice: a flat line");
    CHECK_STR(row_text(&c, 5), "0\u2524o.", "both start at 0; o drawn over *");
    CHECK(role_at(&c, 18, 1) == ROLE_PLOT, "series 0's role");
    CHECK(plot_lines(&c, 0, 0, 24, 8, xs, ys, 5, 0, g, &ax) == -1 &&
              plot_lines(&c, 0, 0, 24, 8, xs, ys, 0, 1, g, &ax) == -1 &&
              plot_lines(&c, 0, 0, 2, 8, xs, ys, 5, 1, g, &ax) == -1,
          "no series, no values, too narrow: -1");
    canvas_fini(&c);
}

int
main(void)
{
    struct strbuf sb;

    strbuf_init(&sb);
    test_numbers();
    test_scale_box(&sb);
    test_histogram(&sb);
    test_curve(&sb);
    test_frame();
    test_lines(&sb);
    strbuf_fini(&sb);
    TEST_DONE();
}
