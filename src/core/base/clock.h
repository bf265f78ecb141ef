/*
 * clock: monotonic wall-clock time, for progress and rates (never for
 * results: nothing a model computes depends on it).
 */
#ifndef RHO_CORE_BASE_CLOCK_H
#define RHO_CORE_BASE_CLOCK_H

/* Seconds since an arbitrary start (CLOCK_MONOTONIC). */
double rho_wall(void);

#endif
