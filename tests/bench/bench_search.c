/*
 * bench_search: the paper's schedule searches on T2 (SC16 Sec. VIII):
 * every schedule of the 2D (20,736) and 3D (1,679,616) halo exchanges run
 * to completion, on 1 thread and on all CPUs. The paper evaluated each
 * congestion graph in "a few milliseconds" in Python.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/search.h"
#include "script/lx.h"

static void
run(const char *file, int threads)
{
    struct rho_err err;
    struct scenario *s = lx_run_file(file, NULL, &err);
    struct search_opts o = {0};
    struct search_result r;

    if (s == NULL) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    o.threads = threads;
    if (search_run(s, &o, &r, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    printf("%-26s %9lld schedules, %d thread%s: %7.3f s, %9.0f schedules/s "
           "(%7.0f per s per thread, %.2f us each); slowest/fastest %.3f\n",
           file + 10, r.n, r.threads, r.threads > 1 ? "s" : " ", r.seconds,
           (double)r.n / r.seconds, (double)r.n / r.seconds / r.threads,
           r.seconds * r.threads / (double)r.n * 1e6,
           r.t_slowest / r.t_fastest);
    search_result_fini(&r);
    scenario_free(s);
}

int
main(void)
{
    int cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);

    run("scenarios/halo2d-t2.lua", 1);
    run("scenarios/halo2d-t2.lua", cpus);
    run("scenarios/halo3d-t2.lua", 1);
    run("scenarios/halo3d-t2.lua", cpus);
    return 0;
}
