/*
 * pool: one thread pool for every parallel loop of the core (the link
 * model's rounds, the schedule search, sweeps). A pool has a fixed number
 * of workers, numbered 0..pool_threads()-1; worker 0 is the thread that
 * calls pool_for(), the others are threads started by pool_new() that live
 * until pool_free(), so that a solve running hundreds of short loops
 * starts its threads once.
 *
 * pool_for() runs fn over an index range, handing out chunks of indices
 * in increasing order to whichever worker is free, and returns when every
 * index ran (or the loop was cancelled). Which worker runs an index is not
 * fixed: fn may keep per-worker scratch (indexed by its worker argument),
 * but a caller that wants results independent of the number of threads
 * must make each index's result depend on the index alone, and combine
 * per-index results in index order (or with an order-free sum). The pool
 * itself never reorders anything a caller observes.
 *
 * Cancelling: fn returns nonzero, or pool_cancel() is called (from any
 * thread), or a watch function returns nonzero; no new index is handed
 * out after that, the indices already running finish, and pool_for()
 * returns 1.
 *
 * One pool_for() at a time per pool (a pool is not reentrant); fn must
 * not call pool_for() on its own pool.
 */
#ifndef RHO_CORE_BASE_POOL_H
#define RHO_CORE_BASE_POOL_H

#define POOL_MAX_THREADS 64

struct pool;

/* Run index i on worker w. Return nonzero to cancel the loop. */
typedef int pool_fn(void *ctx, long long i, int w);

/* Called by the waiting caller of pool_for_watched() about every
   interval: done of n indices have finished. Nonzero cancels. */
typedef int pool_watch_fn(void *ctx, long long done, long long n);

/*
 * A pool of nthreads workers (0: one per online CPU; at most
 * POOL_MAX_THREADS): the caller of pool_for() and nthreads - 1 threads
 * started now. When the system refuses a thread the pool has fewer
 * (pool_threads() says how many; worker 0 is always there). Caller owns
 * the result: pool_free(). Never NULL.
 */
struct pool *pool_new(int nthreads);

/* Stop and join the threads, release p. NULL is a no-op. */
void pool_free(struct pool *p);

/* The number of workers (>= 1). */
int pool_threads(const struct pool *p);

/*
 * Run fn(ctx, i, w) for every i in [0, n), grain indices at a time (grain
 * < 1 is 1), on every worker, the caller included. Returns 0 when every
 * index ran, 1 when the loop was cancelled (see the file comment). n <= 0
 * returns 0 at once. Clears a pending pool_cancel() first.
 */
int pool_for(struct pool *p, long long n, long long grain, pool_fn *fn,
             void *ctx);

/*
 * pool_for(), but the caller (worker 0) runs no index: it calls watch
 * about every interval_ms while workers 1.. run them (and once more at the
 * end, with done == n, unless cancelled). For loops whose caller reports
 * progress or waits for a user to cancel. A pool of one worker runs the
 * indices on the caller and calls watch between chunks.
 */
int pool_for_watched(struct pool *p, long long n, long long grain,
                     pool_fn *fn, void *ctx, pool_watch_fn *watch,
                     void *wctx, int interval_ms);

/* Cancel the running loop (any thread; a no-op when none runs). */
void pool_cancel(struct pool *p);

/* Nonzero once the running loop has been cancelled: long-running fn can
   poll it to stop early. */
int pool_cancelled(const struct pool *p);

/* The number of online CPUs (at least 1). */
int pool_cpus(void);

#endif
