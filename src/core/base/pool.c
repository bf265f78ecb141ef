/*
 * pool: a fixed set of worker threads that run index ranges. See pool.h.
 *
 * A loop is a "generation": the caller publishes fn, ctx, n and grain
 * under the lock, bumps gen and wakes the threads; every worker (the
 * caller too, unless it watches) takes chunks from an atomic counter until
 * the range or the loop is exhausted, and the last thread out signals the
 * caller. Between loops a thread first watches gen for POOL_SPIN_US (a
 * solve runs hundreds of short loops back to back, and waking a sleeping
 * thread costs tens of microseconds of system time and as much delay),
 * then sleeps on a condition variable, so an idle pool costs nothing.
 * The caller waits for the last thread the same way.
 */
#include "core/base/pool.h"

#include <pthread.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "core/base/rho_alloc.h"

struct pool_arg {
    struct pool *p;
    int worker;
};

#define POOL_SPIN_US 50

struct pool {
    pthread_mutex_t mu;
    pthread_cond_t go, idle;
    int nthreads; /* workers, the caller included */
    int started;  /* threads started (nthreads - 1) */
    pthread_t th[POOL_MAX_THREADS];
    struct pool_arg arg[POOL_MAX_THREADS];
    atomic_uint gen; /* loops started; moves under mu, after the loop is
                        published (release) */
    atomic_int busy; /* threads still in the loop */
    int sleepers;    /* threads waiting on go; guarded by mu */
    int quit;        /* guarded by mu */
    /* the loop (written under mu before gen moves) */
    pool_fn *fn;
    void *ctx;
    long long n, grain;
    atomic_llong next, done;
    atomic_int cancel;
};

/* Take chunks until none is left or the loop is cancelled. */
static void
work(struct pool *p, int w)
{
    for (;;) {
        long long lo, hi;
        if (atomic_load_explicit(&p->cancel, memory_order_relaxed))
            return;
        lo = atomic_fetch_add(&p->next, p->grain);
        if (lo >= p->n)
            return;
        hi = lo + p->grain < p->n ? lo + p->grain : p->n;
        for (long long i = lo; i < hi; i++)
            if (p->fn(p->ctx, i, w) != 0) {
                atomic_store(&p->cancel, 1);
                break;
            }
        atomic_fetch_add(&p->done, hi - lo);
    }
}

static double
now_us(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec * 1e-3;
}

static inline void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Watch *v for up to POOL_SPIN_US while it equals old; its last value. */
static unsigned
spin_while_uint(atomic_uint *v, unsigned old)
{
    double t0 = 0;
    unsigned x;

    for (int i = 0;; i++) {
        x = atomic_load_explicit(v, memory_order_acquire);
        if (x != old)
            return x;
        if ((i & 31) == 31) {
            double t = now_us();
            if (t0 == 0)
                t0 = t;
            else if (t - t0 > POOL_SPIN_US)
                return x;
        }
        cpu_relax();
    }
}

/* Watch busy for up to POOL_SPIN_US while it is not zero; nonzero if it
   is still not. */
static int
spin_while_busy(struct pool *p)
{
    double t0 = 0;

    for (int i = 0;; i++) {
        if (atomic_load_explicit(&p->busy, memory_order_acquire) == 0)
            return 0;
        if ((i & 31) == 31) {
            double t = now_us();
            if (t0 == 0)
                t0 = t;
            else if (t - t0 > POOL_SPIN_US)
                return 1;
        }
        cpu_relax();
    }
}

static void *
thread_main(void *v)
{
    struct pool_arg *a = v;
    struct pool *p = a->p;
    unsigned seen = 0;

    for (;;) {
        unsigned g = spin_while_uint(&p->gen, seen);
        if (g == seen) { /* nothing yet: sleep */
            pthread_mutex_lock(&p->mu);
            p->sleepers++;
            while ((g = atomic_load(&p->gen)) == seen && !p->quit)
                pthread_cond_wait(&p->go, &p->mu);
            p->sleepers--;
            if (p->quit) {
                pthread_mutex_unlock(&p->mu);
                break;
            }
            pthread_mutex_unlock(&p->mu);
        }
        seen = g;
        work(p, a->worker);
        if (atomic_fetch_sub_explicit(&p->busy, 1, memory_order_acq_rel) ==
            1) { /* the last one out: wake a caller that sleeps */
            pthread_mutex_lock(&p->mu);
            pthread_cond_signal(&p->idle);
            pthread_mutex_unlock(&p->mu);
        }
    }
    return NULL;
}

int
pool_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n < 1 ? 1 : n > POOL_MAX_THREADS ? POOL_MAX_THREADS : (int)n;
}

struct pool *
pool_new(int nthreads)
{
    struct pool *p = xcalloc(1, sizeof *p);

    if (nthreads < 1)
        nthreads = pool_cpus();
    if (nthreads > POOL_MAX_THREADS)
        nthreads = POOL_MAX_THREADS;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->idle, NULL);
    atomic_init(&p->next, 0);
    atomic_init(&p->done, 0);
    atomic_init(&p->cancel, 0);
    atomic_init(&p->gen, 0);
    atomic_init(&p->busy, 0);
    for (int i = 1; i < nthreads; i++) {
        p->arg[p->started].p = p;
        p->arg[p->started].worker = i;
        if (pthread_create(&p->th[p->started], NULL, thread_main,
                           &p->arg[p->started]) != 0)
            break;
        p->started++;
    }
    p->nthreads = p->started + 1;
    return p;
}

void
pool_free(struct pool *p)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->started; i++)
        pthread_join(p->th[i], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->go);
    pthread_cond_destroy(&p->idle);
    free(p);
}

int
pool_threads(const struct pool *p)
{
    return p->nthreads;
}

void
pool_cancel(struct pool *p)
{
    atomic_store(&p->cancel, 1);
}

int
pool_cancelled(const struct pool *p)
{
    return atomic_load_explicit(&p->cancel, memory_order_relaxed);
}

/* Publish a loop and wake the threads. */
static void
start(struct pool *p, long long n, long long grain, pool_fn *fn, void *ctx)
{
    pthread_mutex_lock(&p->mu);
    p->fn = fn;
    p->ctx = ctx;
    p->n = n;
    p->grain = grain < 1 ? 1 : grain;
    atomic_store(&p->next, 0);
    atomic_store(&p->done, 0);
    atomic_store(&p->cancel, 0);
    atomic_store(&p->busy, p->started);
    /* (release: a thread that sees the new gen sees the loop) */
    atomic_fetch_add_explicit(&p->gen, 1, memory_order_release);
    if (p->sleepers > 0)
        pthread_cond_broadcast(&p->go);
    pthread_mutex_unlock(&p->mu);
}

/* Wait until every thread has left the loop. */
static void
wait_idle(struct pool *p)
{
    if (!spin_while_busy(p))
        return;
    pthread_mutex_lock(&p->mu);
    while (atomic_load(&p->busy) > 0)
        pthread_cond_wait(&p->idle, &p->mu);
    pthread_mutex_unlock(&p->mu);
}

int
pool_for(struct pool *p, long long n, long long grain, pool_fn *fn, void *ctx)
{
    if (n <= 0)
        return 0;
    if (p->started == 0 || n <= (grain < 1 ? 1 : grain)) {
        /* one chunk, or no threads: run here, no hand-off */
        p->fn = fn;
        p->ctx = ctx;
        p->n = n;
        p->grain = grain < 1 ? 1 : grain;
        atomic_store(&p->next, 0);
        atomic_store(&p->done, 0);
        atomic_store(&p->cancel, 0);
        work(p, 0);
        return atomic_load(&p->cancel) ? 1 : 0;
    }
    start(p, n, grain, fn, ctx);
    work(p, 0);
    wait_idle(p);
    return atomic_load(&p->cancel) ? 1 : 0;
}

static double
now_ms(void)
{
    return now_us() * 1e-3;
}

int
pool_for_watched(struct pool *p, long long n, long long grain, pool_fn *fn,
                 void *ctx, pool_watch_fn *watch, void *wctx, int interval_ms)
{
    int cancelled;

    if (n <= 0)
        return 0;
    if (interval_ms < 1)
        interval_ms = 1;
    if (p->started == 0) { /* the caller works, watching between chunks */
        double last = now_ms();
        p->fn = fn;
        p->ctx = ctx;
        p->n = n;
        p->grain = grain < 1 ? 1 : grain;
        atomic_store(&p->next, 0);
        atomic_store(&p->done, 0);
        atomic_store(&p->cancel, 0);
        for (long long lo = 0; lo < n && !atomic_load(&p->cancel);
             lo += p->grain) {
            long long hi = lo + p->grain < n ? lo + p->grain : n;
            for (long long i = lo; i < hi; i++)
                if (fn(ctx, i, 0) != 0) {
                    atomic_store(&p->cancel, 1);
                    break;
                }
            atomic_store(&p->done, hi);
            if (watch != NULL && now_ms() - last >= interval_ms) {
                last = now_ms();
                if (watch(wctx, hi, n) != 0)
                    atomic_store(&p->cancel, 1);
            }
        }
    } else {
        start(p, n, grain, fn, ctx);
        pthread_mutex_lock(&p->mu);
        while (atomic_load(&p->busy) > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += (long)interval_ms * 1000000L;
            ts.tv_sec += ts.tv_nsec / 1000000000L;
            ts.tv_nsec %= 1000000000L;
            pthread_cond_timedwait(&p->idle, &p->mu, &ts);
            if (atomic_load(&p->busy) > 0 && watch != NULL) {
                long long d = atomic_load(&p->done);
                pthread_mutex_unlock(&p->mu);
                if (watch(wctx, d, n) != 0)
                    atomic_store(&p->cancel, 1);
                pthread_mutex_lock(&p->mu);
            }
        }
        pthread_mutex_unlock(&p->mu);
    }
    cancelled = atomic_load(&p->cancel) != 0;
    if (!cancelled && watch != NULL)
        watch(wctx, n, n);
    return cancelled;
}
