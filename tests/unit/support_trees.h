/* Test helpers: the paper's topologies built in C. */
#ifndef RHO_TESTS_SUPPORT_TREES_H
#define RHO_TESTS_SUPPORT_TREES_H

#include "core/pcie/pcie.h"

/* T2: RC - SA (K0: 0 1, K1: 2 3), SB (K2: 4 5, K3: 6 7). */
struct pcie *tree_t2(void);

/* T1: RC - one switch S - K0..K3 as in T2. */
struct pcie *tree_t1(void);

/* Node id of a name, aborting the test binary when missing. */
int tree_id(const struct pcie *p, const char *name);

#endif
