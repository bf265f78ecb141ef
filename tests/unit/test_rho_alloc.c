/*
 * test_rho_alloc: xmalloc_huge() -- a big block is whole and writable,
 * a small one too, and its first writes take no more faults than a plain
 * xmalloc()'s, far fewer where the system gives huge pages on request
 * (transparent_hugepage "madvise").
 */
#include "core/base/rho_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

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

/* The system's transparent huge page mode: "always", "madvise",
   "never", or "" when it has none. */
static const char *
thp_mode(char *buf, size_t size)
{
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    char line[128], *a, *z;

    buf[0] = '\0';
    if (f == NULL)
        return buf;
    if (fgets(line, sizeof line, f) != NULL && (a = strchr(line, '[')) &&
        (z = strchr(a, ']')) != NULL && (size_t)(z - a) < size) {
        memcpy(buf, a + 1, (size_t)(z - a - 1));
        buf[z - a - 1] = '\0';
    }
    fclose(f);
    return buf;
}

/* The huge page faults that fell back to small pages so far (-1: not
   known). */
static long
thp_fallbacks(void)
{
    FILE *f = fopen("/proc/vmstat", "r");
    char key[64];
    long v, n = -1;

    if (f == NULL)
        return -1;
    while (fscanf(f, "%63s %ld", key, &v) == 2)
        if (strcmp(key, "thp_fault_fallback") == 0)
            n = v;
    fclose(f);
    return n;
}

int
main(void)
{
    size_t n = 24 * MiB;
    char mode[32], *p, *q;
    long fp, fh, fb;
    int same = 1;

    thp_mode(mode, sizeof mode);
    p = xmalloc(n);
    fp = touch(p, n, 1);
    fb = thp_fallbacks();
    q = xmalloc_huge(n);
    fh = touch(q, n, 2);
    for (size_t i = 0; i < n; i += 4096)
        same &= q[i] == 2;
    CHECK(same && q[n - 1] == 2, "huge: every page written and read back");
    CHECK(fh <= fp + 64, "huge: no more faults than plain (%ld, %ld)", fh, fp);
    if (strcmp(mode, "madvise") == 0 && fb >= 0 && thp_fallbacks() == fb)
        CHECK(fh * 4 < fp,
              "huge pages on request: far fewer faults (%ld, plain %ld)", fh,
              fp);
    else /* (none asked for, or none free: the kernel fell back) */
        CHECK(1, "huge pages %s: not compared", mode[0] ? mode : "absent");
    memset(q, 3, n);
    CHECK(q[0] == 3 && q[n / 2] == 3 && q[n - 1] == 3, "huge: memset whole");
    free(p);
    free(q);

    /* small: a block as xmalloc()'s */
    q = xmalloc_huge(100);
    memset(q, 4, 100);
    CHECK(q[99] == 4, "small: writable");
    free(q);
    q = xmalloc_huge(0);
    CHECK(q != NULL, "zero bytes: a block all the same");
    free(q);
    TEST_DONE();
}
