/*
 * test_scratch: the cache of big scratch blocks -- a block given back is
 * handed out again for the same size class (and not for a much smaller
 * one), small blocks are not cached, the cache keeps to its limit and
 * lets the oldest go, a fork neither copies a block nor makes the parent
 * fault on it again (what a plain mapping does, measured beside it), a
 * forked child starts with an empty cache, threads share the cache, a
 * zeroed block is zero (a new one without its pages touched), and an
 * injected failure is fatal.
 */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "core/base/scratch.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/base/rho_alloc.h"
#include "harness.h"

#define MiB ((size_t)1 << 20)

static long
minflt(void)
{
    struct rusage u;

    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

/* Write every page of p (n bytes); return the minor faults it took. */
static long
touch(char *p, size_t n, int v)
{
    long f = minflt();

    for (size_t i = 0; i < n; i += 4096)
        p[i] = (char)v;
    p[n - 1] = (char)v;
    return minflt() - f;
}

/* Faults of writing p again after a fork whose child exits at once. */
static long
after_fork(char *p, size_t n)
{
    pid_t pid = fork();
    int st;

    if (pid == 0)
        _exit(0);
    waitpid(pid, &st, 0);
    return touch(p, n, 2);
}

struct churn {
    int seed, bad;
};

static void *
churn_fn(void *arg)
{
    struct churn *c = arg;
    unsigned r = (unsigned)c->seed;

    for (int i = 0; i < 300; i++) {
        size_t n = 4096 + (r = r * 1103515245u + 12345u) % (3 * MiB);
        unsigned char *p = scratch_get(n);
        p[0] = (unsigned char)c->seed;
        p[n - 1] = (unsigned char)c->seed;
        if (p[0] != (unsigned char)c->seed || ((uintptr_t)p & 63) != 0)
            c->bad = 1;
        scratch_put(p);
    }
    return NULL;
}

int
main(void)
{
    char *a, *b, *c, *d;
    size_t n = 64 * MiB, old;
    long f, plain;

    scratch_drop();
    CHECK(scratch_cached() == 0, "empty at first");

    /* handed out again */
    a = scratch_get(10 * MiB);
    CHECK(((uintptr_t)a & 63) == 0, "aligned to 64 bytes");
    f = touch(a, 10 * MiB, 1);
    CHECK(f >= 2500, "a new block faults on every page (%ld)", f);
    scratch_put(a);
    CHECK(scratch_cached() >= 10 * MiB && scratch_cached() < 12 * MiB,
          "cached: %zu bytes", scratch_cached());
    b = scratch_get(10 * MiB + 100000); /* the same size class */
    CHECK(b == a, "a little larger: the same block");
    CHECK(scratch_cached() == 0, "taken out of the cache");
    f = touch(b, 10 * MiB, 3);
    CHECK(f < 100, "its pages are there: %ld faults", f);
    scratch_put(b);
    b = scratch_get(16 * MiB); /* (larger than the cached block) */
    c = scratch_get(1000);     /* (from malloc()) */
    scratch_release(b);
    scratch_release(c);
    CHECK(scratch_cached() >= 10 * MiB && scratch_cached() < 12 * MiB,
          "released blocks are not cached (%zu bytes)", scratch_cached());
    b = scratch_get(10 * MiB);
    CHECK(b == a, "and leave the cache as it was");
    scratch_put(b);
    /* grown as it fills: a mapped block's pages move, a small one is
       copied; the contents kept either way (the sizes such that none
       takes the cached block) */
    {
        char *g = scratch_get(2 * MiB), *h;
        int same = 1;
        for (size_t i = 0; i < 2 * MiB; i++)
            g[i] = (char)(i * 7);
        f = minflt();
        h = scratch_grow(g, 2 * MiB, 16 * MiB);
        f = minflt() - f + touch(h, 2 * MiB, 0);
        for (size_t i = 1; i < 2 * MiB; i++)
            same &= i % 4096 == 0 || i == 2 * MiB - 1 ||
                    h[i] == (char)(i * 7);
        CHECK(same && ((uintptr_t)h & 63) == 0,
              "a block grown from 2 to 16 MiB keeps its 2 MiB");
#ifdef __SANITIZE_THREAD__
        f = 0; /* (its shadow's faults are its own: see the fork below) */
#endif
        CHECK(f < 100, "whose pages moved: %ld faults growing it and "
              "writing them (a copy: 512)", f);
        touch(h + 2 * MiB, 14 * MiB, 1); /* (the rest is there) */
        scratch_release(h);
        g = scratch_get(1000);
        memset(g, 9, 1000);
        h = scratch_grow(g, 1000, 1 * MiB);
        CHECK(h[0] == 9 && h[999] == 9, "a small block grown: copied");
        h[MiB - 1] = 1;
        scratch_release(h);
        CHECK(scratch_cached() >= 10 * MiB && scratch_cached() < 12 * MiB,
              "none of them cached (%zu bytes)", scratch_cached());
    }
    c = scratch_get(2 * MiB); /* a fifth: not that block */
    CHECK(c != a, "much smaller: a block of its own");
    scratch_put(c);
    d = scratch_get(3 * MiB); /* a third: that block, its pages there */
    CHECK(d == a, "a third as large: the cached block");
    scratch_put(d);

    /* small blocks: malloc()'d, never cached */
    {
        size_t before = scratch_cached();
        a = scratch_get(1000);
        CHECK(((uintptr_t)a & 63) == 0, "small: aligned to 64 bytes");
        memset(a, 1, 1000);
        scratch_put(a);
        CHECK(scratch_cached() == before, "small: not cached");
    }

    /* zeroed: a new block untouched (its pages come when written, as
       calloc()'s), a cached one cleared, a small one too */
    {
        long f0;
        int zero = 1;
        scratch_drop();
        f0 = minflt();
        a = scratch_get0(8 * MiB);
        CHECK(minflt() - f0 < 100, "new, zeroed: no page touched (%ld faults)",
              minflt() - f0);
        for (size_t i = 0; i < 8 * MiB; i += 4096)
            zero &= a[i] == 0;
        CHECK(zero && a[8 * MiB - 1] == 0, "new: zero");
        touch(a, 8 * MiB, 7);
        scratch_put(a);
        b = scratch_get0(8 * MiB - 4096);
        CHECK(b == a, "the cached block again");
        zero = 1;
        for (size_t i = 0; i < 8 * MiB - 4096; i++)
            zero &= b[i] == 0;
        CHECK(zero, "cached: cleared");
        scratch_put(b);
        a = scratch_get(1000);
        memset(a, 5, 1000);
        scratch_put(a);
        a = scratch_get0(1000);
        zero = 1;
        for (size_t i = 0; i < 1000; i++)
            zero &= a[i] == 0;
        CHECK(zero, "small: zero");
        scratch_put(a);
    }

    /* the limit */
    old = scratch_set_limit(24 * MiB);
    {
        size_t eighth = (size_t)sysconf(_SC_PHYS_PAGES) / 8 *
                        (size_t)sysconf(_SC_PAGESIZE);
        CHECK(old == (eighth < SCRATCH_LIMIT ? eighth : SCRATCH_LIMIT),
              "default limit %zu: 1 GiB or an eighth of %zu", old,
              eighth * 8);
    }
    CHECK(scratch_cached() <= 24 * MiB, "lowered: %zu cached",
          scratch_cached());
    a = scratch_get(10 * MiB);
    b = scratch_get(10 * MiB);
    c = scratch_get(10 * MiB);
    scratch_put(a);
    scratch_put(b);
    scratch_put(c);
    CHECK(scratch_cached() <= 24 * MiB && scratch_cached() >= 20 * MiB,
          "three blocks of 10 MiB: two kept (%zu)", scratch_cached());
    d = scratch_get(10 * MiB);
    CHECK(d == b || d == c, "the oldest went first");
    scratch_put(d);
    d = scratch_get(30 * MiB);
    scratch_put(d);
    CHECK(scratch_cached() <= 24 * MiB, "a block over the limit is not kept");
    scratch_drop();
    CHECK(scratch_cached() == 0, "dropped");
    scratch_set_limit(old);

    /* a fork: no copy-on-write for a block, unlike a plain mapping
       (ThreadSanitizer writes its shadow of every access: the faults
       there are its own) */
    a = scratch_get(n);
    touch(a, n, 1);
    f = after_fork(a, n);
#ifdef __SANITIZE_THREAD__
    f = 0;
#endif
    CHECK(f < 100, "a block after a fork: %ld faults", f);
    scratch_put(a);
    d = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
    touch(d, n, 1);
    plain = after_fork(d, n);
    CHECK(plain >= (long)(n / 4096) / 2,
          "a plain mapping after a fork: %ld faults (the check can fail)",
          plain);
    munmap(d, n);

    /* a child forked with blocks cached starts without them (they are
       not mapped there) and maps its own */
    {
        pid_t pid;
        int st = 0;
        a = scratch_get(4 * MiB);
        scratch_put(a);
        pid = fork();
        if (pid == 0) {
            char *x = scratch_get(4 * MiB);
            x[0] = 1;
            x[4 * MiB - 1] = 1;
            scratch_put(x);
            _exit(scratch_cached() >= 4 * MiB ? 0 : 1); /* (no SIGSEGV) */
        }
        waitpid(pid, &st, 0);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
              "a forked child maps blocks of its own (status %d)", st);
        CHECK(scratch_get(4 * MiB) == a, "the parent keeps its block");
        scratch_put(a);
    }

    /* threads */
    {
        pthread_t t[4];
        struct churn ch[4];
        int bad = 0;
        for (int i = 0; i < 4; i++) {
            ch[i].seed = i + 1;
            ch[i].bad = 0;
            pthread_create(&t[i], NULL, churn_fn, &ch[i]);
        }
        for (int i = 0; i < 4; i++) {
            pthread_join(t[i], NULL);
            bad |= ch[i].bad;
        }
        CHECK(!bad, "4 threads, 1200 blocks");
        CHECK(scratch_cached() <= old, "within the limit");
    }

    /* an injected failure is fatal (a new block; a cached one is not an
       allocation) */
    {
        pid_t pid;
        int st = 0;
        scratch_drop();
        pid = fork();
        if (pid == 0) {
            if (freopen("/dev/null", "w", stderr) == NULL)
                _exit(1);
            rho_alloc_fail_at(1);
            (void)scratch_get(MiB);
            _exit(0);
        }
        waitpid(pid, &st, 0);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 70,
              "injected: exit 70 (got %d)", WEXITSTATUS(st));
    }
    scratch_drop();
    TEST_DONE();
}
