/*
 * search: --search, the schedule search of the PCIe model (core/search.h),
 * split over the ranks of rho-mpi, printed by report_search().
 */
#include "cli/cli.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

static int
when(const struct cli_args *a)
{
    return a->search;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    const struct scenario *s = *sp;
    struct search_opts o;
    struct search_result r;
    struct cli_progress p;
    struct rho_err err;
    int rc = 0;

    memset(&o, 0, sizeof o);
    o.threads = a->threads;
    o.sample = a->sample;
    o.seed = (uint64_t)(a->seed ? a->seed : 1);
    o.max_memory = cli_max_memory(a);
    o.max_seconds = a->max_time > 0 ? a->max_time : CLI_MAX_TIME;
    if (cli_progress_init(&p, a)) {
        o.progress = cli_progress_draw;
        o.ctx = &p;
    }
    if (cli_mpi_search(s, &o, &r, &err) != 0) {
        fprintf(stderr, "rho: %s: %s\n", s->path ? s->path : "scenario",
                err.msg);
        return cli_exit_code(&err);
    }
    if (cli_mpi_rank() != 0) { /* rank 0 prints */
        search_result_fini(&r);
        return 0;
    }
    if (report_search(stdout, s, &r, a->fmt, &err) != 0) {
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    }
    if (rc == 0 && a->curve != NULL) {
        /* every failure names the file and the system's reason */
        FILE *f = fopen(a->curve, "w");
        if (f == NULL) {
            fprintf(stderr, "rho: %s: cannot write: %s\n", a->curve,
                    strerror(errno));
            rc = 2;
        } else {
            int bad = report_search_curve(f, &r, &err) != 0 || ferror(f);
            int e = errno;
            if (fclose(f) != 0 && !bad) {
                bad = 1;
                e = errno;
            }
            if (bad) {
                fprintf(stderr, "rho: %s: cannot write: %s\n", a->curve,
                        strerror(e));
                rc = 2;
            }
        }
    }
    search_result_fini(&r);
    return rc;
}

const struct cli_mode cli_search_mode = {"search", when, run, 0, NULL};
