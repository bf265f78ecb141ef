/*
 * rho_alloc: the only allocator the core uses.
 *
 * Every function here either succeeds or calls rho_fatal(), which runs the
 * cleanup hook registered by the front end (the TUI restores the terminal)
 * and exits. Zero-size requests are a caller bug and are rounded up to one
 * byte so that they never return NULL.
 */
#ifndef RHO_CORE_BASE_RHO_ALLOC_H
#define RHO_CORE_BASE_RHO_ALLOC_H

#include <stddef.h>

/* Allocate n bytes. Caller owns the result; release with free(). */
void *xmalloc(size_t n);

/* Allocate n * size zeroed bytes, checking the product for overflow. */
void *xcalloc(size_t n, size_t size);

/*
 * Resize p to n * size bytes, checking the product for overflow. Returns the
 * new pointer; the old one is dead. p may be NULL.
 */
void *xreallocarray(void *p, size_t n, size_t size);

/* Copy a NUL-terminated string. s must not be NULL. Caller owns the copy. */
char *xstrdup(const char *s);

/* Copy at most n bytes of s and terminate the copy. Caller owns it. */
char *xstrndup(const char *s, size_t n);

/*
 * Print "rho: fatal: MSG" to stderr after running the cleanup hook, then
 * exit with status 70. Used on out-of-memory and broken invariants only.
 */
_Noreturn void rho_fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/*
 * Register the function rho_fatal() runs before it prints (at most one; a
 * later call replaces it; NULL removes it). The hook must not allocate.
 */
void rho_set_fatal_hook(void (*hook)(void));

/*
 * Fault injection, for tests: from now on the nth allocation through
 * xmalloc, xcalloc, xreallocarray or xstrdup/xstrndup (1-based), and every
 * later one, fails as if the machine had no memory left, so rho_fatal()
 * runs. 0 turns it off. Safe to call while other threads allocate.
 */
void rho_alloc_fail_at(long n);

/* For the core's other allocators (scratch.c): 1 if the allocation about
   to be made is to fail, as rho_alloc_fail_at() asked. */
int rho_alloc_injected(void);

/* Grow *cap (doubling, at least min) so that it holds need items. */
size_t rho_grow_cap(size_t cap, size_t need);

/* cap bytes, or 1/share of the machine's memory when that is less (cap
   when it is not known): the caches' budgets. */
size_t rho_mem_share(size_t cap, unsigned share);

#endif
