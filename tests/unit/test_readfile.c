/* readfile: a file the user named, read whole -- its text and length
   (NUL bytes kept), and the refusals: none, not a regular file (a folder,
   a FIFO, which must not block), too large (as built, a sparse file). */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/readfile.h"

int
main(void)
{
    char dir[] = "/tmp/rho-readfile-XXXXXX", path[256], fifo[256];
    struct rho_err err;
    size_t len = 99;
    char *t;
    FILE *f;

    if (mkdtemp(dir) == NULL)
        return 1;
    snprintf(path, sizeof path, "%s/a.txt", dir);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    f = fopen(path, "wb");
    fwrite("ab\0cd", 1, 5, f);
    fclose(f);

    t = readfile(path, 5, "a test", &len, &err);
    CHECK(t != NULL && len == 5 && memcmp(t, "ab\0cd", 6) == 0,
          "the text whole, NUL bytes kept, terminated");
    free(t);
    rho_err_clear(&err);
    CHECK(readfile(path, 4, "a test", &len, &err) == NULL &&
              err.code == RHO_ELIMIT &&
              strstr(err.msg, ": larger than 4 "
                              "bytes: too large "
                              "for a test") != NULL,
          "one byte over the limit: refused (%s)", err.msg);
    CHECK(truncate(path, (64L << 20) + 1) == 0 &&
              readfile(path, 64L << 20, "a test", &len, &err) == NULL &&
              err.code == RHO_ELIMIT &&
              strstr(err.msg, "larger than 64 MiB: too large for a test") !=
                  NULL,
          "64 MiB and a byte: refused before it is read (%s)", err.msg);
    CHECK(readfile(dir, 100, "a test", &len, &err) == NULL &&
              err.code == RHO_EINPUT &&
              strstr(err.msg, ": not a regular file") != NULL,
          "a folder: not a regular file");
    CHECK(mkfifo(fifo, 0600) == 0 &&
              readfile(fifo, 100, "a test", &len, &err) == NULL &&
              strstr(err.msg, ": not a regular file") != NULL,
          "a FIFO nobody writes: refused at once, not waited on");
    unlink(fifo);
    unlink(path);
    CHECK(readfile(path, 100, "a test", &len, &err) == NULL &&
              err.code == RHO_EIO &&
              strstr(err.msg, "a.txt: cannot open: No such file or "
                              "directory") != NULL,
          "no such file: the system's reason");
    rmdir(dir);
    TEST_DONE();
}
