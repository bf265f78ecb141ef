/* Test helpers: FNV-1a hashes of the link model's results, shared by the
   tests that pin an engine's results bit for bit, and their sums. */
#ifndef RHO_TESTS_SUPPORT_HASH_H
#define RHO_TESTS_SUPPORT_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "core/net/net_model.h"

#define FNV0 1469598103934665603ULL

/* h folded with n bytes at p (FNV-1a, 64 bits). */
uint64_t fnv(uint64_t h, const void *p, size_t n);

/* Every link's bytes, every message's bandwidth and the counts: what
   test_net_hash's and test_net_torus's pinned values cover. */
uint64_t result_hash(const struct net_result *r);

/* result_hash, then the phases (each hashed whole), the bandwidth
   quantiles, every path's bandwidth and the per-job bytes. */
uint64_t result_hash_full(const struct net_result *r);

/* The sum of every link's bytes, in link order. */
double result_link_bytes(const struct net_result *r);

#endif
