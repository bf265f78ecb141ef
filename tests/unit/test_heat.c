/* Heat: loads to buckets and roles on the linear and log scales, the edges
   and their tolerance, bounds and labels that agree with the buckets, the
   legend. */
#include "harness.h"
#include "support_canvas.h"

#include <math.h>

#include "view/heat.h"

static void
test_linear(void)
{
    static const struct {
        double load;
        int bucket;
    } t[] = {
        {0, HEAT_IDLE},     {-0.0, HEAT_IDLE},
        {1e-300, 0},        {0.05, 0},
        {0.1, 0},           {0.1 + 1e-12, 0}, /* within the tolerance */
        {0.100001, 1},      {0.30000000000000004, 2},
        {0.31, 3},          {0.5, 4},
        {0.999, 9},         {1, 9},
        {1 + 1e-12, 9},     {1.01, HEAT_OVER},
        {1e300, HEAT_OVER}, {-0.1, HEAT_NONE},
    };

    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        CHECK(heat_bucket(t[i].load, HEAT_LINEAR) == t[i].bucket,
              "linear: %.17g is bucket %d (got %d)", t[i].load, t[i].bucket,
              heat_bucket(t[i].load, HEAT_LINEAR));
    CHECK(heat_bucket(INFINITY, HEAT_LINEAR) == HEAT_OVER, "inf is over");
    CHECK(heat_bucket(-INFINITY, HEAT_LINEAR) == HEAT_NONE, "-inf is none");
    CHECK(heat_bucket(NAN, HEAT_LINEAR) == HEAT_NONE, "NaN is none");
    CHECK(heat_bucket(0.55, (enum heat_scale)7) ==
              heat_bucket(0.55, HEAT_LINEAR),
          "an unknown scale counts as linear");
}

static void
test_log(void)
{
    static const struct {
        double load;
        int bucket;
    } t[] = {
        {1e-9, 0},      {0.001, 0},     {0.0019, 0},      {0.0021, 1},
        {0.01, 3},      {0.0158, 3},    {0.0159, 4},      {0.25, 7},
        {0.2513, 8},    {0.5, 8},       {0.51, 9},        {1, 9},
        {0, HEAT_IDLE}, {2, HEAT_OVER}, {NAN, HEAT_NONE},
    };

    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        CHECK(heat_bucket(t[i].load, HEAT_LOG) == t[i].bucket,
              "log: %.17g is bucket %d (got %d)", t[i].load, t[i].bucket,
              heat_bucket(t[i].load, HEAT_LOG));
}

static void
test_consistency(void)
{
    for (int s = HEAT_LINEAR; s <= HEAT_LOG; s++) {
        int prev = HEAT_NONE, mono = 1, agree = 1, roles = 1;
        for (int i = 0; i <= 12000; i++) {
            double load = i / 10000.0;
            int b = heat_bucket(load, (enum heat_scale)s);
            mono &= b >= prev;
            prev = b;
            roles &= heat_role(load, (enum heat_scale)s) == heat_bucket_role(b);
        }
        CHECK(mono, "scale %d: buckets never fall as the load rises", s);
        CHECK(roles, "scale %d: heat_role is the bucket's role", s);
        for (int b = 0; b < HEAT_LEVELS; b++) {
            double lo, hi;
            heat_bucket_bounds(b, (enum heat_scale)s, &lo, &hi);
            agree &= lo < hi && heat_bucket(hi, (enum heat_scale)s) == b &&
                     heat_bucket(hi * (1 + 1e-6), (enum heat_scale)s) ==
                         (b + 1 < HEAT_LEVELS ? b + 1 : HEAT_OVER) &&
                     (b == 0 ||
                      heat_bucket(lo * (1 + 1e-6), (enum heat_scale)s) == b);
        }
        CHECK(agree, "scale %d: the bounds (lo, hi] are the buckets' edges", s);
    }
    {
        double lo, hi;
        heat_bucket_bounds(HEAT_IDLE, HEAT_LINEAR, &lo, &hi);
        CHECK(lo == 0 && hi == 0, "idle is [0, 0]");
        heat_bucket_bounds(HEAT_OVER, HEAT_LINEAR, &lo, &hi);
        CHECK(lo == 1 && isinf(hi), "over is (1, inf)");
        heat_bucket_bounds(HEAT_NONE, HEAT_LINEAR, &lo, &hi);
        CHECK(isnan(lo) && isnan(hi), "none has no bounds");
        heat_bucket_bounds(3, HEAT_LINEAR, &lo, &hi);
        CHECK_NEAR(lo, 0.3, 1e-12, "bucket 3 starts at 30%%");
        CHECK_NEAR(hi, 0.4, 1e-12, "bucket 3 ends at 40%%");
        heat_bucket_bounds(0, HEAT_LOG, &lo, &hi);
        CHECK(lo == 0, "log bucket 0 starts at 0");
        CHECK_NEAR(hi, pow(10, -2.7), 1e-15, "log bucket 0 ends at 10^-2.7");
    }
}

static void
test_roles_labels(void)
{
    char buf[32];
    unsigned char role[5];
    const double load[5] = {0, 0.05, 0.95, 1.5, NAN};

    CHECK(heat_bucket_role(HEAT_IDLE) == ROLE_HEAT_IDLE &&
              heat_bucket_role(HEAT_OVER) == ROLE_HEAT_OVER &&
              heat_bucket_role(HEAT_NONE) == ROLE_HEAT_NONE &&
              heat_bucket_role(0) == ROLE_HEAT_0 &&
              heat_bucket_role(9) == ROLE_HEAT_9 &&
              heat_bucket_role(42) == ROLE_HEAT_NONE &&
              heat_bucket_role(-7) == ROLE_HEAT_NONE,
          "bucket roles");
    heat_roles(load, 5, HEAT_LINEAR, role);
    CHECK(role[0] == ROLE_HEAT_IDLE && role[1] == ROLE_HEAT_0 &&
              role[2] == ROLE_HEAT_9 && role[3] == ROLE_HEAT_OVER &&
              role[4] == ROLE_HEAT_NONE,
          "a grid of loads to roles");
    heat_roles(NULL, 0, HEAT_LOG, NULL); /* nothing to do */

    heat_bucket_label(0, HEAT_LINEAR, buf, sizeof buf);
    CHECK_STR(buf, "0-10%", "label of bucket 0");
    heat_bucket_label(9, HEAT_LINEAR, buf, sizeof buf);
    CHECK_STR(buf, "90-100%", "label of bucket 9");
    heat_bucket_label(3, HEAT_LINEAR, buf, sizeof buf);
    CHECK_STR(buf, "30-40%", "label of bucket 3");
    heat_bucket_label(0, HEAT_LOG, buf, sizeof buf);
    CHECK_STR(buf, "0-0.2%", "log label of bucket 0");
    heat_bucket_label(8, HEAT_LOG, buf, sizeof buf);
    CHECK_STR(buf, "25-50%", "log label of bucket 8");
    heat_bucket_label(HEAT_IDLE, HEAT_LOG, buf, sizeof buf);
    CHECK_STR(buf, "idle", "idle");
    heat_bucket_label(HEAT_OVER, HEAT_LOG, buf, sizeof buf);
    CHECK_STR(buf, "over", "over");
    heat_bucket_label(99, HEAT_LOG, buf, sizeof buf);
    CHECK_STR(buf, "none", "no bucket");
    CHECK(heat_bucket_label(9, HEAT_LINEAR, buf, 4) == 7 &&
              strcmp(buf, "90-") == 0,
          "a short buffer: cut, terminated, the wanted length returned");
    CHECK(heat_bucket_label(9, HEAT_LINEAR, NULL, 0) == 7, "NULL, 0");
}

/* A picture's glyphs: i idle, A..J the levels, o over. */
static uint32_t
glyph_of(int bucket, int ascii)
{
    (void)ascii;
    return bucket == HEAT_IDLE   ? 'i'
           : bucket == HEAT_OVER ? 'o'
                                 : (uint32_t)('A' + bucket);
}

static void
test_legend(struct strbuf *sb)
{
    struct canvas c;
    int n;

    canvas_init(&c, 60, 4, 0);
    n = heat_legend(&c, 0, 0, 60, HEAT_LINEAR);
    CHECK_STR(dump(&c, sb, 0),
              "\u2588 idle  0% "
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
              " 100%  \u2588 over\n\n\n\n",
              "a wide linear legend: three columns a level");
    CHECK(n == 8 + 3 + 30 + 5 + 8, "its width (%d)", n);
    CHECK(canvas_at(&c, 0, 0)->role == ROLE_HEAT_IDLE &&
              canvas_at(&c, 11, 0)->role == ROLE_HEAT_0 &&
              canvas_at(&c, 13, 0)->role == ROLE_HEAT_0 &&
              canvas_at(&c, 14, 0)->role == ROLE_HEAT_1 &&
              canvas_at(&c, 40, 0)->role == ROLE_HEAT_9 &&
              canvas_at(&c, 48, 0)->role == ROLE_HEAT_OVER &&
              canvas_at(&c, 2, 0)->role == ROLE_PLOT_LABEL,
          "each swatch in its role, labels in plot.label");
    n = heat_legend(&c, 0, 1, 20, HEAT_LOG);
    CHECK(n == 20 && strncmp(dump(&c, sb, 0) + strlen("\u2588 idle  0% ") +
                                 30 * 3 + strlen(" 100%  \u2588 over\n"),
                             "0.1% ", 5) == 0,
          "a narrower log legend: labels, no idle and over (%d)", n);
    n = heat_legend(&c, 0, 2, 12, HEAT_LINEAR);
    CHECK(n == 10, "narrower still: swatches only (%d)", n);
    CHECK(heat_legend(&c, 0, 3, 9, HEAT_LINEAR) == 0,
          "too narrow for the levels: nothing");
    canvas_fini(&c);

    /* a picture that draws loads in glyphs gets them in its legend */
    canvas_init(&c, 60, 1, 0);
    heat_legend_glyphs(&c, 0, 0, 60, HEAT_LINEAR, glyph_of);
    CHECK(canvas_at(&c, 0, 0)->ch == 'i' &&
              canvas_at(&c, 0, 0)->role == ROLE_HEAT_IDLE &&
              canvas_at(&c, 11, 0)->ch == 'A' &&
              canvas_at(&c, 40, 0)->ch == 'J' &&
              canvas_at(&c, 48, 0)->ch == 'o' &&
              canvas_at(&c, 48, 0)->role == ROLE_HEAT_OVER,
          "heat_legend_glyphs: idle, the levels and over in the picture's "
          "glyphs and their roles (%s)", dump(&c, sb, 0));
    canvas_fini(&c);

    canvas_init(&c, 30, 1, 1);
    heat_legend(&c, 0, 0, 30, HEAT_LINEAR);
    CHECK_STR(dump(&c, sb, 0), "0% #################### 100%\n",
              "an ASCII legend: no room for the ends at 30, two columns a "
              "level");
    canvas_fini(&c);
}

int
main(void)
{
    struct strbuf sb;

    strbuf_init(&sb);
    test_linear();
    test_log();
    test_consistency();
    test_roles_labels();
    test_legend(&sb);
    strbuf_fini(&sb);
    TEST_DONE();
}
