/*
 * savefile: whole-file writes. See savefile.h.
 */
#include "core/base/savefile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/base/rho_alloc.h"

char *
savefile_short(const char *path, char *buf, size_t n)
{
    size_t len = strlen(path), head, tail;

    if (n == 0)
        return buf;
    if (len < n || n < 16) {
        snprintf(buf, n, "%s", path);
        return buf;
    }
    /* a third of the room for the start, the rest for the file's name */
    head = (n - 4) / 3;
    tail = n - 4 - head;
    snprintf(buf, n, "%.*s...%s", (int)head, path, path + len - tail);
    return buf;
}

char *
savefile_edited_name(const char *script)
{
    size_t len = strlen(script);
    char *out = xmalloc(len + sizeof ".edited.lua");

    if (len > 4 && strcmp(script + len - 4, ".lua") == 0)
        len -= 4;
    memcpy(out, script, len);
    memcpy(out + len, ".edited.lua", sizeof ".edited.lua");
    return out;
}

int
savefile_write(const char *path, const char *text, size_t len,
               struct rho_err *err)
{
    size_t plen = strlen(path);
    char *tmp = xmalloc(plen + sizeof ".tmp");
    FILE *f;
    int e = 0;

    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp", sizeof ".tmp");
    errno = 0;
    if ((f = fopen(tmp, "w")) == NULL) {
        e = errno;
        goto out;
    }
    if (len > 0 && fwrite(text, 1, len, f) != len)
        e = errno ? errno : EIO;
    if (fclose(f) != 0 && e == 0)
        e = errno ? errno : EIO;
    if (e == 0 && rename(tmp, path) != 0)
        e = errno;
    if (e != 0)
        remove(tmp); /* its errno is not the reason */
out:
    free(tmp);
    if (e != 0) {
        char shown[300];
        return rho_err_set(err, RHO_EIO, "cannot save to %s: %s",
                           savefile_short(path, shown, sizeof shown),
                           strerror(e));
    }
    return 0;
}

int
savefile_same(const char *a, const char *b)
{
    struct stat sa, sb;

    return a != NULL && b != NULL && stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
