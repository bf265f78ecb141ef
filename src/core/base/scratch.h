/*
 * scratch: big arrays a computation writes before it reads, kept warm
 * from one computation to the next.
 *
 * A link-model solve fills a few hundred MiB of records that it throws
 * away at its end. Taken fresh from the system each time, every page of
 * them costs a fault in which the kernel zeroes it: on a dragonfly under
 * AI, a fifth of the solve's CPU. The explorer runs the same solve again
 * on every edit, so scratch_get() hands back a block that scratch_put()
 * returned, its pages still mapped. Each block is a mapping of its own,
 * marked MADV_DONTFORK: the fork that runs a scenario script (lx_proc.c)
 * neither copies it nor makes its pages copy-on-write, which would cost
 * a fault per page again on the next write. A forked child must not touch
 * a block (it is not mapped there).
 *
 * The contents of a block are undefined (zero from scratch_get0()).
 * Blocks under 256 KiB come from malloc() and go back to it. Sizes are
 * rounded up to one of eight steps per power of two, so that a solve that
 * needs a little more than the last time still finds its blocks. The cache keeps at most
 * scratch_set_limit() bytes, the blocks returned first leave first; a block
 * that does not fit goes back to the system at once. Under
 * AddressSanitizer a cached block, and the part of a block beyond what
 * was asked, are poisoned. Thread-safe. Out of memory is fatal
 * (rho_alloc.h); a scratch_get() that maps a new block counts as an
 * allocation for rho_alloc_fail_at().
 */
#ifndef RHO_CORE_BASE_SCRATCH_H
#define RHO_CORE_BASE_SCRATCH_H

#include <stddef.h>

/* The default of scratch_set_limit(): 1 GiB, or an eighth of the machine's
   memory if less. */
#define SCRATCH_LIMIT ((size_t)1 << 30)

/* A block of at least n bytes (n 0 is 1), aligned to 64 bytes, contents
   undefined. Release it with scratch_put(), never free(). */
void *scratch_get(size_t n);

/* As scratch_get(), zeroed: a new block is zero as mapped (a page is
   faulted in when first touched, as calloc()'s), a cached one is
   cleared. */
void *scratch_get0(size_t n);

/* Give back p (from scratch_get(); NULL is a no-op): it is cached, or
   unmapped when the cache would pass its limit. */
void scratch_put(void *p);

/* A block of at least n bytes whose first keep bytes are p's (from
   scratch_get(), or NULL), which it replaces: a mapped block is
   remapped, its pages moved rather than copied (none is faulted in
   again), a small one copied. For an array that grows as it fills. */
void *scratch_grow(void *p, size_t keep, size_t n);

/* Give back p (from scratch_get(); NULL is a no-op) to the system at
   once, not to the cache: a block a computation has grown out of, whose
   pages the cache would only keep resident. */
void scratch_release(void *p);

/* Cache at most max bytes from now on (blocks beyond it are unmapped);
   returns the limit before. */
size_t scratch_set_limit(size_t max);

/* The bytes the cache holds now. */
size_t scratch_cached(void);

/* Unmap every cached block. */
void scratch_drop(void);

#endif
