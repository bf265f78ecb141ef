/*
 * readfile: a file the user named, read whole. See readfile.h.
 */
#include "core/base/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/rho_alloc.h"

/* limit as "64 MiB" or "1024 KiB" (whole units), else in bytes. */
static void
limit_text(size_t limit, char *buf, size_t n)
{
    if (limit >= (1u << 20) && limit % (1u << 20) == 0)
        snprintf(buf, n, "%zu MiB", limit >> 20);
    else if (limit >= 1024 && limit % 1024 == 0)
        snprintf(buf, n, "%zu KiB", limit >> 10);
    else
        snprintf(buf, n, "%zu bytes", limit);
}

static char *
too_large(const char *path, size_t limit, const char *what, struct rho_err *err)
{
    char lim[32];

    limit_text(limit, lim, sizeof lim);
    rho_err_set(err, RHO_ELIMIT, "%s: larger than %s: too large for %s", path,
                lim, what);
    return NULL;
}

char *
readfile(const char *path, size_t limit, const char *what, size_t *len,
         struct rho_err *err)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    size_t n = 0, cap;
    char *text;

    if (fd < 0) {
        rho_err_set(err, RHO_EIO, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        rho_err_set(err, RHO_EINPUT, "%s: not a regular file", path);
        return NULL;
    }
    if ((unsigned long long)st.st_size > limit) {
        close(fd);
        return too_large(path, limit, what, err);
    }
    if (fcntl(fd, F_SETFL, 0) != 0) {
        rho_err_set(err, RHO_EIO, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    cap = (size_t)st.st_size + 1; /* one more: to see it end, or grow */
    text = xmalloc(cap + 1);
    for (;;) {
        ssize_t got = read(fd, text + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            rho_err_set(err, RHO_EIO, "%s: cannot read: %s", path,
                        strerror(errno));
            break;
        }
        if (got == 0) {
            close(fd);
            text[n] = '\0';
            *len = n;
            return text;
        }
        n += (size_t)got;
        if (n > limit) { /* it grew since fstat() */
            too_large(path, limit, what, err);
            break;
        }
        if (n == cap) {
            cap *= 2;
            text = xreallocarray(text, cap + 1, 1);
        }
    }
    close(fd);
    free(text);
    return NULL;
}
