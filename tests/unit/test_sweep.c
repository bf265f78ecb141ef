/* Sweeps: axis parsing, point order, threaded runs, errors. */
#include "harness.h"

#include <stdlib.h>

#include "core/sweep.h"

static int
square(void *ctx, long i, const char *const *values, double *out,
       struct rho_err *err)
{
    (void)ctx;
    (void)err;
    out[0] = atof(values[0]) * 100 + atof(values[1]);
    out[1] = (double)i;
    return 0;
}

static int
fail_odd(void *ctx, long i, const char *const *values, double *out,
         struct rho_err *err)
{
    (void)ctx;
    (void)values;
    out[0] = 0;
    if (i % 2 == 1)
        return rho_err_set(err, RHO_EINPUT, "odd point");
    return 0;
}

int
main(void)
{
    struct sweep sw;
    struct rho_err err;
    const char *v[SWEEP_MAX_AXES];
    double out1[2 * 40], out2[2 * 40];

    sweep_init(&sw);
    CHECK(sweep_add_axis(&sw, "tau=0.1:0.3:0.05", &err) == 0, "range");
    CHECK(sw.axis[0].n == 5, "0.1 .. 0.3 by 0.05: 5 values (%d)", sw.axis[0].n);
    CHECK_STR(sw.axis[0].value[4], "0.3", "last value");
    CHECK(sweep_add_axis(&sw, "size=40KiB:160KiB:40KiB", &err) == 0,
          "range with units");
    CHECK(sw.axis[1].n == 4, "4 sizes");
    CHECK_STR(sw.axis[1].value[1], "80 KiB", "value keeps its unit");
    CHECK(sweep_count(&sw) == 20, "5 x 4 points");
    sweep_point(&sw, 5, v);
    CHECK_STR(v[0], "0.15", "point 5: first axis slowest");
    CHECK_STR(v[1], "80 KiB", "point 5: second axis fastest");
    sweep_fini(&sw);

    sweep_init(&sw);
    CHECK(sweep_add_axis(&sw, "size=1KiB:1024KiB:*4", &err) == 0, "geometric");
    CHECK(sw.axis[0].n == 6 && strcmp(sw.axis[0].value[5], "1024 KiB") == 0,
          "1, 4, 16, 64, 256, 1024 KiB");
    CHECK(sweep_add_axis(&sw, "order= dims , reverse,plus-first", &err) == 0,
          "a list of words");
    CHECK(sw.axis[1].n == 3 && strcmp(sw.axis[1].value[0], "dims") == 0,
          "words trimmed");
    CHECK(sweep_add_axis(&sw, "order=a", &err) == -1, "twice refused");
    CHECK_STR(err.msg, "order is swept twice", "twice message");
    sweep_fini(&sw);

    sweep_init(&sw);
    CHECK(sweep_add_axis(&sw, "tau", &err) == -1, "no '='");
    sweep_fini(&sw);
    sweep_init(&sw);
    CHECK(sweep_add_axis(&sw, "size=1KiB:4MiB:1KiB", &err) == -1,
          "mixed units refused");
    CHECK_STR(err.msg,
              "size: the ends and the step of '1KiB:4MiB:1KiB' must "
              "have the same unit",
              "mixed units message");
    sweep_fini(&sw);
    sweep_init(&sw);
    CHECK(sweep_add_axis(&sw, "x=1:2:0", &err) == -1, "zero step");
    sweep_fini(&sw);
    sweep_init(&sw);
    CHECK(sweep_add_axis(&sw, "x=1,,2", &err) == -1, "empty value");
    sweep_fini(&sw);
    sweep_init(&sw);
    CHECK(sweep_add_axis(&sw, "x=0:1e9:1", &err) == -1, "too many values");
    sweep_fini(&sw);

    sweep_init(&sw);
    sweep_add_axis(&sw, "a=1:5:1", &err);
    sweep_add_axis(&sw, "b=0,1,2,3,4,5,6,7", &err);
    CHECK(sweep_run(&sw, 1, 2, square, NULL, out1, NULL, NULL, &err) == 0,
          "run on 1 thread");
    CHECK(sweep_run(&sw, 3, 2, square, NULL, out2, NULL, NULL, &err) == 0,
          "run on 3 threads");
    CHECK(memcmp(out1, out2, sizeof out1) == 0, "same table");
    CHECK(out1[2 * 21] == 3 * 100 + 5 && out1[2 * 21 + 1] == 21,
          "point 21 = (a=3, b=5)");
    CHECK(sweep_run(&sw, 2, 1, fail_odd, NULL, out1, NULL, NULL, &err) == -1,
          "errors stop the sweep");
    CHECK_STR(err.msg, "point 2 (a=1, b=1): odd point",
              "the lowest failing point is reported");
    sweep_fini(&sw);
    TEST_DONE();
}
