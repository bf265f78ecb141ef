/*
 * clock: monotonic time. See clock.h.
 */
#include "core/base/clock.h"

#include <time.h>

double
rho_wall(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
