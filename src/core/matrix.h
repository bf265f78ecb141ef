/*
 * matrix: the predicted bandwidth matrix of a PCIe scenario's machine, as
 * nvbandwidth and p2pBandwidthLatencyTest measure it: for every ordered
 * pair of devices, the rate of one copy from the first to the second when
 * it runs alone, and when every pair copies at once (each copy on a
 * stream of its own). The devices are the machine's host memories and
 * GPUs (GPUs in PCI bus order when they all have a bus id), or all its
 * devices when it has no GPU. Computed by Algorithm 1 at the first
 * instant: no sizes, no time.
 */
#ifndef RHO_CORE_MATRIX_H
#define RHO_CORE_MATRIX_H

#include "core/base/rho_err.h"
#include "core/scenario.h"

struct matrix {
    int n;            /* devices */
    int *node;        /* their node ids in the scenario's tree */
    double *alone;    /* n x n, B/s, row = source; NAN on the diagonal
                         and where no copy is possible */
    double *together; /* n x n, the same with every pair at once */
};

/*
 * Compute the matrix of s (a PCIe scenario: its tree, bandwidth, tau,
 * efficiency as loaded). Returns 0 and fills m (caller's storage; release
 * with matrix_fini()), or -1 with err filled (no tree, fewer than two
 * devices). O(n^2) flows, each evaluated alone, then once all together.
 */
int matrix_compute(const struct scenario *s, struct matrix *m,
                   struct rho_err *err);

/* Release what m holds. NULL is a no-op. */
void matrix_fini(struct matrix *m);

#endif
