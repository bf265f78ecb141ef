/*
 * scratch: a cache of big mappings for arrays written before they are
 * read. See scratch.h.
 *
 * A block is a private anonymous mapping: a 64-byte header (its mapped
 * size and a tag), then the caller's bytes. The cache is a list of at
 * most SCRATCH_SLOTS blocks in the order they were returned, under one
 * lock; scratch_get() takes the smallest cached block of the size class
 * asked or up to four times it, else maps a new one. A cached block's
 * pages are resident whether it is used or not, so a larger one costs no
 * memory where a new mapping would fault every page in: the second
 * phase of pf3d-rubik asks for 7 MiB records where the first's left
 * 15 MiB blocks (94,000 faults instead of 37,000). A block much larger
 * would hold memory another request could use. Under 256 KiB a block is
 * malloc()'d and freed, never cached.
 */
#define _GNU_SOURCE /* MADV_DONTFORK */
#include "core/base/scratch.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/base/rho_alloc.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

#define SCRATCH_HEAD 64
#define SCRATCH_SLOTS 512
#define SCRATCH_SMALL ((size_t)256 << 10) /* below: malloc(), not cached */
#define SCRATCH_TAG 0x5c7a7c4b10c5ULL

struct head {
    size_t size; /* mapped bytes, the header included; 0: malloc()'d */
    uint64_t tag;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct head *slot[SCRATCH_SLOTS]; /* oldest first */
static int nslot;
static size_t cached, limit;
static int limit_set;

/* fork(): the child has none of the cached blocks (MADV_DONTFORK), so
   it starts with an empty list; the lock is held across the fork so that
   the list is whole on both sides. */
static void
fork_prepare(void)
{
    pthread_mutex_lock(&lock);
}

static void
fork_parent(void)
{
    pthread_mutex_unlock(&lock);
}

static void
fork_child(void)
{
    nslot = 0;
    cached = 0;
    pthread_mutex_unlock(&lock);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void
init_once(void)
{
    pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* The mapped size for n bytes: the header added, rounded up to one of
   eight steps per power of two, and to whole pages. */
static size_t
size_class(size_t n)
{
    size_t want = n + SCRATCH_HEAD, top = 1, step, page;
    long ps = sysconf(_SC_PAGESIZE);

    page = ps > 0 ? (size_t)ps : 4096;
    while (top <= want / 2)
        top <<= 1;
    step = top >= 8 ? top / 8 : 1;
    want = (want + step - 1) / step * step;
    return (want + page - 1) / page * page;
}

/* The default limit: SCRATCH_LIMIT, or an eighth of the memory. */
static size_t
default_limit(void)
{
    return rho_mem_share(SCRATCH_LIMIT, 8);
}

/* Remove slot i (the lock held). */
static struct head *
take_slot(int i)
{
    struct head *h = slot[i];

    memmove(slot + i, slot + i + 1, (size_t)(nslot - i - 1) * sizeof *slot);
    nslot--;
    cached -= h->size;
    return h;
}

static void
unmap(struct head *h)
{
    UNPOISON(h, h->size);
    munmap(h, h->size);
}

/* Take out the oldest blocks until room bytes more (and a block, with
   slot set) fit the limit (the lock held): into out[], *nout of them, for
   the caller to unmap once it has let the lock go. */
static void
evict(size_t room, int slot_too, struct head **out, int *nout)
{
    while (nslot > 0 &&
           (cached + room > limit || (slot_too && nslot == SCRATCH_SLOTS)))
        out[(*nout)++] = take_slot(0);
}

/* scratch_get(), and with zero scratch_get0(): a new mapping is zero
   already (its pages are faulted in only when touched, as calloc()'s). */
static void *
get(size_t n, int zero)
{
    size_t size = size_class(n ? n : 1);
    struct head *h = NULL;
    int best = -1;

    if (size < n) /* (overflow) */
        rho_fatal("out of memory (%zu bytes)", n);
    pthread_once(&once, init_once);
    if (n < SCRATCH_SMALL) { /* (a mapping and a slot would cost more) */
        void *p = NULL;
        if (rho_alloc_injected() ||
            posix_memalign(&p, SCRATCH_HEAD, SCRATCH_HEAD + (n ? n : 1)) != 0)
            rho_fatal("out of memory (%zu bytes)", n);
        h = p;
        h->size = 0;
        h->tag = SCRATCH_TAG;
        if (zero)
            memset((char *)h + SCRATCH_HEAD, 0, n);
        return (char *)h + SCRATCH_HEAD;
    }
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nslot; i++)
        if (slot[i]->size >= size && slot[i]->size / 4 <= size &&
            (best < 0 || slot[i]->size < slot[best]->size))
            best = i;
    if (best >= 0)
        h = take_slot(best);
    pthread_mutex_unlock(&lock);
    if (h == NULL) {
        void *p = rho_alloc_injected()
                      ? MAP_FAILED
                      : mmap(NULL, size, PROT_READ | PROT_WRITE,
                             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            rho_fatal("out of memory (%zu bytes)", n);
#ifdef MADV_DONTFORK
        (void)madvise(p, size, MADV_DONTFORK);
#endif
        UNPOISON(p, size); /* (a forked child's new mapping may sit
                              where a block of the parent's was) */
        h = p;
        h->size = size;
        h->tag = SCRATCH_TAG;
        POISON((char *)h + SCRATCH_HEAD, size - SCRATCH_HEAD);
        UNPOISON((char *)h + SCRATCH_HEAD, n);
    } else {
        UNPOISON((char *)h + SCRATCH_HEAD, n);
        if (zero)
            memset((char *)h + SCRATCH_HEAD, 0, n);
    }
    return (char *)h + SCRATCH_HEAD;
}

void *
scratch_get(size_t n)
{
    return get(n, 0);
}

void *
scratch_get0(size_t n)
{
    return get(n, 1);
}

void
scratch_put(void *p)
{
    struct head *h, *out[SCRATCH_SLOTS + 1];
    int nout = 0;

    if (p == NULL)
        return;
    h = (struct head *)(void *)((char *)p - SCRATCH_HEAD);
    if (h->tag != SCRATCH_TAG)
        rho_fatal("scratch_put: %p is not a scratch block", p);
    if (h->size == 0) {
        free(h);
        return;
    }
    POISON(p, h->size - SCRATCH_HEAD);
    pthread_mutex_lock(&lock);
    if (!limit_set) {
        limit = default_limit();
        limit_set = 1;
    }
    if (h->size > limit)
        out[nout++] = h;
    else {
        evict(h->size, 1, out, &nout);
        slot[nslot++] = h;
        cached += h->size;
    }
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < nout; i++)
        unmap(out[i]);
}

void *
scratch_grow(void *p, size_t keep, size_t n)
{
    struct head *h;
    size_t size = size_class(n ? n : 1);
    void *q;

    if (p == NULL)
        return get(n, 0);
    h = (struct head *)(void *)((char *)p - SCRATCH_HEAD);
    if (h->tag != SCRATCH_TAG)
        rho_fatal("scratch_grow: %p is not a scratch block", p);
    if (size < n) /* (overflow) */
        rho_fatal("out of memory (%zu bytes)", n);
    if (h->size >= size) {
        UNPOISON(p, n);
        return p;
    }
#ifdef MREMAP_MAYMOVE
    if (h->size > 0) {
        UNPOISON(h, h->size);
        q = rho_alloc_injected()
                ? MAP_FAILED
                : mremap(h, h->size, size, MREMAP_MAYMOVE);
        if (q == MAP_FAILED)
            rho_fatal("out of memory (%zu bytes)", n);
        h = q;
        h->size = size;
        POISON((char *)h + SCRATCH_HEAD, size - SCRATCH_HEAD);
        UNPOISON((char *)h + SCRATCH_HEAD, n);
        return (char *)h + SCRATCH_HEAD;
    }
#endif
    q = get(n, 0);
    memcpy(q, p, keep);
    scratch_release(p);
    return q;
}

void
scratch_release(void *p)
{
    struct head *h;

    if (p == NULL)
        return;
    h = (struct head *)(void *)((char *)p - SCRATCH_HEAD);
    if (h->tag != SCRATCH_TAG)
        rho_fatal("scratch_release: %p is not a scratch block", p);
    if (h->size == 0)
        free(h);
    else
        unmap(h);
}

size_t
scratch_set_limit(size_t max)
{
    struct head *out[SCRATCH_SLOTS + 1];
    int nout = 0;
    size_t old;

    pthread_mutex_lock(&lock);
    old = limit_set ? limit : default_limit();
    limit = max;
    limit_set = 1;
    evict(0, 0, out, &nout);
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < nout; i++)
        unmap(out[i]);
    return old;
}

size_t
scratch_cached(void)
{
    size_t c;

    pthread_mutex_lock(&lock);
    c = cached;
    pthread_mutex_unlock(&lock);
    return c;
}

void
scratch_drop(void)
{
    struct head *out[SCRATCH_SLOTS];
    int nout = 0;

    pthread_mutex_lock(&lock);
    while (nslot > 0)
        out[nout++] = take_slot(0);
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < nout; i++)
        unmap(out[i]);
}
