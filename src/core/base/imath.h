/*
 * imath: small integer helpers shared by the network builders, the
 * routing code and the designs.
 */
#ifndef RHO_CORE_BASE_IMATH_H
#define RHO_CORE_BASE_IMATH_H

/* b to the power e (e >= 0) in int; the caller keeps it in range. */
static inline int
ipow(int b, int e)
{
    int r = 1;

    while (e-- > 0)
        r *= b;
    return r;
}

/* The same in long long (design sizes: node counts beyond int). */
static inline long long
lipow(long long b, int e)
{
    long long r = 1;

    while (e-- > 0)
        r *= b;
    return r;
}

#endif
