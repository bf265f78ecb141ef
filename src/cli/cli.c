/*
 * cli: what the modes share. See cli.h.
 */
#include "cli/cli.h"

#include <string.h>
#include <unistd.h>

#include "core/base/clock.h"

int
cli_exit_code(const struct rho_err *err)
{
    switch (err->code) {
    case RHO_ESTARVED:
        return 1;
    case RHO_ELIMIT:
        return 3;
    default:
        return 2;
    }
}

int
cli_threads(const struct cli_args *a)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    return a->threads > 0 ? a->threads : cpus > 0 ? (int)cpus : 1;
}

int
cli_progress_init(struct cli_progress *p, const struct cli_args *a)
{
    p->t0 = rho_wall();
    p->drawn = 0;
    return !a->quiet && isatty(STDERR_FILENO) && cli_mpi_rank() == 0;
}

int
cli_progress_draw(void *ctx, long long done, long long total)
{
    struct cli_progress *p = ctx;
    double el = rho_wall() - p->t0, rate = el > 0 ? (double)done / el : 0;
    int width = 30, fill = total ? (int)((double)done / total * width) : 0;
    char bar[64];

    if (done >= total) {
        if (p->drawn)
            fputs("\r\033[K", stderr);
        return 0;
    }
    memset(bar, '#', (size_t)fill);
    memset(bar + fill, '.', (size_t)(width - fill));
    bar[width] = '\0';
    fprintf(stderr, "\r[%s] %3d%%  %lld/%lld  %.0f/s  %.1f s left\033[K", bar,
            (int)(100.0 * (double)done / (double)total), done, total, rate,
            rate > 0 ? (double)(total - done) / rate : 0.0);
    p->drawn = 1;
    return 0;
}
