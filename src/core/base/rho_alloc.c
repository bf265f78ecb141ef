/*
 * rho_alloc: checked allocation for the core. See rho_alloc.h.
 */
#include "core/base/rho_alloc.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void (*fatal_hook)(void);

void
rho_set_fatal_hook(void (*hook)(void))
{
    fatal_hook = hook;
}

_Noreturn void
rho_fatal(const char *fmt, ...)
{
    static atomic_flag entered = ATOMIC_FLAG_INIT;
    static _Thread_local int mine; /* this thread is the one exiting */
    va_list ap;

    /* one thread says it and exits; another that fails at the same time
       (after an injected failure every allocation fails, on every thread)
       waits for that exit, so the message is written once, whole. The
       exiting thread itself may come back (its hook failed): it goes on */
    if (!mine) {
        if (atomic_flag_test_and_set(&entered))
            for (;;)
                pause();
        mine = 1;
    }
    if (fatal_hook != NULL) {
        void (*hook)(void) = fatal_hook;
        fatal_hook = NULL; /* a failing hook must not recurse */
        hook();
    }
    fputs("rho: fatal: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(70);
}

/* Fault injection: allocations counted, and the one that fails first. */
static atomic_long nalloc, fail_at;

void
rho_alloc_fail_at(long n)
{
    atomic_store(&nalloc, 0);
    atomic_store(&fail_at, n);
}

/* 1 if this allocation is to fail (fault injection). */
static int
injected(void)
{
    long at = atomic_load_explicit(&fail_at, memory_order_relaxed);

    return at > 0 && atomic_fetch_add(&nalloc, 1) + 1 >= at;
}

int
rho_alloc_injected(void)
{
    return injected();
}

void *
xmalloc(size_t n)
{
    void *p = injected() ? NULL : malloc(n ? n : 1);

    if (p == NULL)
        rho_fatal("out of memory (%zu bytes)", n);
    return p;
}

void *
xcalloc(size_t n, size_t size)
{
    void *p;

    if (n == 0 || size == 0)
        n = size = 1;
    p = injected() ? NULL : calloc(n, size);
    if (p == NULL)
        rho_fatal("out of memory (%zu x %zu bytes)", n, size);
    return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
    void *q;

    if (size != 0 && n > SIZE_MAX / size)
        rho_fatal("allocation overflow (%zu x %zu bytes)", n, size);
    q = injected() ? NULL : realloc(p, (n != 0 && size != 0) ? n * size : 1);
    if (q == NULL)
        rho_fatal("out of memory (%zu x %zu bytes)", n, size);
    return q;
}

char *
xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *c = xmalloc(len + 1);

    memcpy(c, s, len);
    c[len] = '\0';
    return c;
}

size_t
rho_grow_cap(size_t cap, size_t need)
{
    if (cap >= need)
        return cap;
    if (cap < 8)
        cap = 8;
    while (cap < need) {
        if (cap > SIZE_MAX / 2)
            rho_fatal("allocation overflow (%zu items)", need);
        cap *= 2;
    }
    return cap;
}

size_t
rho_mem_share(size_t cap, unsigned share)
{
    long pages = sysconf(_SC_PHYS_PAGES), ps = sysconf(_SC_PAGESIZE);

    if (pages > 0 && ps > 0 && share > 0 &&
        (size_t)pages / share < cap / (size_t)ps)
        return (size_t)pages / share * (size_t)ps;
    return cap;
}
