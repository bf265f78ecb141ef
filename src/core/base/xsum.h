/*
 * xsum: exact sums of doubles >= 0. Every term is added to a wide
 * integer (its mantissa at its exponent), so a sum does not depend on the
 * order of its terms, k times a value adds exactly what k additions of it
 * add, and two sums merge exactly; the value is rounded once, to the
 * nearest double (ties to even) when it is a normal number.
 */
#ifndef RHO_CORE_BASE_XSUM_H
#define RHO_CORE_BASE_XSUM_H

#include <stdint.h>

#define XSUM_LIMBS 36 /* 2,304 bits: every double >= 0 times 2^32, and
                         2^64 such terms */

struct xsum {
    uint64_t limb[XSUM_LIMBS]; /* bit i is 2^(i - 1074) */
};

/* s += k * v, for v finite and >= 0 (other values add nothing) and
   k < 2^32. A zeroed struct xsum is 0. */
void xsum_add(struct xsum *s, double v, uint64_t k);

/* a += b. */
void xsum_merge(struct xsum *a, const struct xsum *b);

/* The sum, rounded once. */
double xsum_value(const struct xsum *s);

#endif
