/*
 * rng: a small, seeded, deterministic random generator (xoshiro256**
 * seeded through splitmix64). The same seed gives the same stream on every
 * machine; nothing here reads the clock.
 */
#ifndef RHO_CORE_BASE_RNG_H
#define RHO_CORE_BASE_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

/* splitmix64 step: mixes *state and advances it; handy for hashing seeds. */
static inline uint64_t
rng_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Seed r from a 64-bit seed. r is caller's storage. Inline, with
   rng_next(), because the link model's hot loops seed and draw for every
   message of every round. */
static inline void
rng_init(struct rng *r, uint64_t seed)
{
    uint64_t st = seed;

    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix64(&st);
}

static inline uint64_t
rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* The next 64 random bits. */
static inline uint64_t
rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, n), 0 < n < 2^31, by multiply-shift of the
   next 32 high bits (no division; a bias below n / 2^32): the draws of
   the link model's random paths (route.c), inline for its hot loops. */
static inline int
rng_below32(struct rng *r, int n)
{
    return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* A uniform integer in [0, n). n must be > 0. Unbiased. */
uint64_t rng_below(struct rng *r, uint64_t n);

/* A uniform double in [0, 1). */
double rng_double(struct rng *r);

/* Shuffle the n ints at a (Fisher-Yates). */
void rng_shuffle_int(struct rng *r, int *a, int n);

#endif
