/*
 * bench_lx: what loading a scenario costs -- lx_run_file() from the path to
 * the struct scenario, the way a sweep loads the script once per point and
 * the explorer on every change of the file. Prints the median and the
 * worst of N loads of the small default scenario, of a network scenario and
 * of the full 8.8M-core prototype (its network is built on every load).
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/base/clock.h"
#include "script/lx.h"

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static int
bench(const char *path, int reps)
{
    double t[200];

    if (reps > 200)
        reps = 200;
    for (int k = 0; k < reps; k++) {
        struct rho_err err;
        double t0 = rho_wall();
        struct scenario *s = lx_run_file(path, NULL, &err);
        t[k] = rho_wall() - t0;
        if (s == NULL) {
            fprintf(stderr, "bench_lx: %s\n", err.msg);
            return 1;
        }
        scenario_free(s);
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_double);
    printf("lx_run_file %-34s median %8.3f ms  worst %8.3f ms  (%d loads)\n",
           path, t[reps / 2] * 1e3, t[reps - 1] * 1e3, reps);
    return 0;
}

int
main(void)
{
    int rc = 0;

    rc |= bench("scenarios/default.lua", 200);
    rc |= bench("scenarios/halo3d-t2.lua", 200);
    rc |= bench("scenarios/dragonfly-workload.lua", 50);
    rc |= bench("scenarios/bgq-512-umesh.lua", 50);
    rc |= bench("scenarios/dragonfly-thesis.lua", 10);
    return rc;
}
