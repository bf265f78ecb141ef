/*
 * rng: xoshiro256** (Blackman and Vigna), seeded with splitmix64.
 */
#include "core/rng.h"

uint64_t
rng_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void
rng_init(struct rng *r, uint64_t seed)
{
    uint64_t st = seed;

    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix64(&st);
}

static inline uint64_t
rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t
rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

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
