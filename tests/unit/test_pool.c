/*
 * test_pool: the core's one thread pool -- every index runs exactly once
 * on any number of threads, workers are numbered inside the pool, loops
 * follow each other on the same threads, a function or pool_cancel()
 * stops a loop, the watched form reports progress from the caller, and a
 * per-index result does not depend on the number of threads.
 */
#include "core/base/pool.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "harness.h"

struct cover {
    atomic_int *hits;
    int nthreads;
    atomic_int bad_worker;
    long long stop_at; /* -1: never */
    struct pool *p;
    int sleep_us;
};

static int
cover_fn(void *ctx, long long i, int w)
{
    struct cover *c = ctx;

    if (w < 0 || w >= c->nthreads)
        atomic_store(&c->bad_worker, 1);
    atomic_fetch_add(&c->hits[i], 1);
    if (c->sleep_us > 0) {
        struct timespec ts = {0, c->sleep_us * 1000L};
        nanosleep(&ts, NULL);
    }
    if (i == c->stop_at)
        return 1;
    return 0;
}

static int
cancel_fn(void *ctx, long long i, int w)
{
    struct cover *c = ctx;

    (void)w;
    atomic_fetch_add(&c->hits[i], 1);
    if (i == c->stop_at)
        pool_cancel(c->p);
    return 0;
}

struct watch {
    int calls, final;
    long long last;
    int stop_after;
};

static int
watch_fn(void *ctx, long long done, long long n)
{
    struct watch *w = ctx;

    w->calls++;
    w->final |= done == n;
    w->last = done;
    return w->stop_after > 0 && w->calls >= w->stop_after;
}

/* A per-index result that the caller combines in index order. */
static int
square_fn(void *ctx, long long i, int w)
{
    double *out = ctx;

    (void)w;
    out[i] = (double)i * 0.1 * (double)i;
    return 0;
}

int
main(void)
{
    enum { N = 20000 };
    atomic_int *hits = calloc(N, sizeof *hits);
    double ref = 0;

    for (int nt = 1; nt <= 5; nt++) {
        struct pool *p = pool_new(nt);
        struct cover c;
        int once = 1, ok, rc;
        CHECK(pool_threads(p) == nt, "%d workers", nt);
        for (int rep = 0; rep < 3; rep++) {
            for (int i = 0; i < N; i++)
                atomic_store(&hits[i], 0);
            c.hits = hits;
            c.nthreads = nt;
            atomic_init(&c.bad_worker, 0);
            c.stop_at = -1;
            c.p = p;
            c.sleep_us = 0;
            rc = pool_for(p, N, 1 + rep * 37, cover_fn, &c);
            for (int i = 0; i < N; i++)
                once &= atomic_load(&hits[i]) == 1;
            once &= rc == 0 && !atomic_load(&c.bad_worker);
        }
        CHECK(once, "%d threads: 3 loops, every index once, workers in "
                    "0..%d",
              nt, nt - 1);
        CHECK(pool_for(p, 0, 1, cover_fn, &c) == 0, "an empty range");

        /* fn stops the loop: not every index runs, none twice */
        for (int i = 0; i < N; i++)
            atomic_store(&hits[i], 0);
        c.stop_at = 10;
        rc = pool_for(p, N, 1, cover_fn, &c);
        ok = rc == 1;
        {
            int ran = 0;
            for (int i = 0; i < N; i++) {
                ok &= atomic_load(&hits[i]) <= 1;
                ran += atomic_load(&hits[i]);
            }
            ok &= ran < N && atomic_load(&hits[10]) == 1;
        }
        CHECK(ok, "%d threads: fn returning nonzero cancels", nt);

        /* pool_cancel() from inside */
        for (int i = 0; i < N; i++)
            atomic_store(&hits[i], 0);
        c.stop_at = 5;
        rc = pool_for(p, N, 4, cancel_fn, &c);
        {
            int ran = 0;
            for (int i = 0; i < N; i++)
                ran += atomic_load(&hits[i]);
            CHECK(rc == 1 && ran < N, "%d threads: pool_cancel() stops it "
                                      "(%d of %d ran)",
                  nt, ran, N);
        }
        /* and the next loop runs in full */
        for (int i = 0; i < N; i++)
            atomic_store(&hits[i], 0);
        c.stop_at = -1;
        rc = pool_for(p, N, 16, cover_fn, &c);
        ok = rc == 0;
        for (int i = 0; i < N; i++)
            ok &= atomic_load(&hits[i]) == 1;
        CHECK(ok, "%d threads: a loop after a cancelled one runs in full",
              nt);

        /* watched: the caller only watches (with more than one worker) */
        {
            struct watch w = {0, 0, -1, 0};
            for (int i = 0; i < 400; i++)
                atomic_store(&hits[i], 0);
            c.sleep_us = 500;
            rc = pool_for_watched(p, 400, 1, cover_fn, &c, watch_fn, &w, 5);
            ok = rc == 0 && w.final && w.calls >= 2 && w.last == 400;
            for (int i = 0; i < 400; i++)
                ok &= atomic_load(&hits[i]) == 1;
            CHECK(ok, "%d threads: watched loop, %d progress calls, the last "
                      "one with everything done",
                  nt, w.calls);
            w.calls = w.final = 0;
            w.stop_after = 1;
            for (int i = 0; i < 400; i++)
                atomic_store(&hits[i], 0);
            rc = pool_for_watched(p, 400, 1, cover_fn, &c, watch_fn, &w, 1);
            CHECK(rc == 1 && !w.final, "%d threads: the watch cancels", nt);
            c.sleep_us = 0;
        }

        /* per-index results combined in order: the same bits */
        {
            double *out = calloc(N, sizeof *out), s = 0;
            pool_for(p, N, 7, square_fn, out);
            for (int i = 0; i < N; i++)
                s += out[i];
            if (nt == 1)
                ref = s;
            CHECK(s == ref, "%d threads: the same sum as one thread", nt);
            free(out);
        }
        pool_free(p);
    }
    pool_free(NULL);
    {
        struct pool *p = pool_new(0);
        CHECK(pool_threads(p) == pool_cpus() && pool_cpus() >= 1,
              "0 threads: one per CPU (%d)", pool_cpus());
        pool_free(p);
    }
    free(hits);
    TEST_DONE();
}
