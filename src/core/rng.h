/*
 * rng: a small, seeded, deterministic random generator (xoshiro256**
 * seeded through splitmix64). The same seed gives the same stream on every
 * machine; nothing here reads the clock.
 */
#ifndef RHO_CORE_RNG_H
#define RHO_CORE_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

/* Seed r from a 64-bit seed. r is caller's storage. */
void rng_init(struct rng *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t rng_next(struct rng *r);

/* A uniform integer in [0, n). n must be > 0. Unbiased. */
uint64_t rng_below(struct rng *r, uint64_t n);

/* A uniform double in [0, 1). */
double rng_double(struct rng *r);

/* Shuffle the n ints at a (Fisher-Yates). */
void rng_shuffle_int(struct rng *r, int *a, int n);

/* splitmix64 step: mixes *state and advances it; handy for hashing seeds. */
uint64_t rng_splitmix64(uint64_t *state);

#endif
