/*
 * rng: xoshiro256** (Blackman and Vigna), seeded with splitmix64.
 */
#include "core/base/rng.h"

uint64_t
rng_below(struct rng *r, uint64_t n)
{
    uint64_t limit = -n % n; /* 2^64 mod n: values below it are biased */
    uint64_t x;

    do
        x = rng_next(r);
    while (x < limit);
    return x % n;
}

double
rng_double(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

void
rng_shuffle_int(struct rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint64_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
