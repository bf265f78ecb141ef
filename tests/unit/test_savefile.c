/* savefile: whole-file writes, the system's reason on failure (not the
   clean-up's), paths of any length, and the name "s" saves to. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/base/savefile.h"
#include "core/base/strbuf.h"

/* The whole of a file, or "" (caller frees). */
static char *
slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    struct strbuf sb;
    char buf[4096];
    size_t n;

    strbuf_init(&sb);
    strbuf_puts(&sb, "");
    if (f == NULL)
        return sb.s;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_add(&sb, buf, n);
    fclose(f);
    return sb.s;
}

/* savefile_write(path) as user nobody when run as root (who may write
   anywhere), the error message into msg. */
static int
write_as_user(const char *path, char *msg, size_t n)
{
    int fd[2], rc, st;
    pid_t pid;
    ssize_t got;

    if (pipe(fd) != 0)
        return -2;
    if ((pid = fork()) == 0) {
        struct rho_err err;
        close(fd[0]);
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(3);
        err.msg[0] = '\0';
        rc = savefile_write(path, "x", 1, &err);
        if (write(fd[1], err.msg, strlen(err.msg)) < 0)
            _exit(4);
        _exit(rc == 0 ? 0 : 1);
    }
    close(fd[1]);
    got = read(fd[0], msg, n - 1);
    msg[got > 0 ? got : 0] = '\0';
    close(fd[0]);
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int
main(void)
{
    char dir[] = "/tmp/rho-savefile-XXXXXX", path[8192], msg[8400], *s, *t;
    struct rho_err err;

    if (mkdtemp(dir) == NULL) {
        CHECK(0, "a temporary folder");
        TEST_DONE();
    }

    snprintf(path, sizeof path, "%s/a.lua", dir);
    CHECK(savefile_write(path, "return 1\n", 9, &err) == 0, "a write");
    s = slurp(path);
    CHECK_STR(s, "return 1\n", "the text is there");
    free(s);
    snprintf(msg, sizeof msg, "%s/a.lua.tmp", dir);
    CHECK(access(msg, F_OK) != 0, "no temporary file is left");
    CHECK(savefile_write(path, "", 0, &err) == 0, "an empty file");
    s = slurp(path);
    CHECK_STR(s, "", "empty");
    free(s);

    /* a missing folder: the system's reason */
    snprintf(path, sizeof path, "%s/none/a.lua", dir);
    CHECK(savefile_write(path, "x", 1, &err) == -1 && err.code == RHO_EIO,
          "a missing folder fails");
    snprintf(msg, sizeof msg, "cannot save to %s: No such file or directory",
             path);
    CHECK_STR(err.msg, msg, "message");

    /* a read-only folder: "Permission denied", not the clean-up's ENOENT */
    snprintf(path, sizeof path, "%s/ro", dir);
    mkdir(path, 0555);
    chmod(path, 0555);
    chmod(dir, 0755);
    snprintf(path, sizeof path, "%s/ro/a.edited.lua", dir);
    CHECK(write_as_user(path, msg, sizeof msg) == 1, "a read-only folder");
    {
        char want[8400];
        snprintf(want, sizeof want, "cannot save to %s: Permission denied",
                 path);
        CHECK_STR(msg, want, "the real reason");
    }

    /* a path over 1 KB: saved to its real name */
    {
        size_t len = strlen(dir);
        memcpy(path, dir, len + 1);
        for (int i = 0; i < 6; i++) {
            path[len++] = '/';
            memset(path + len, 'a' + i, 200);
            len += 200;
            path[len] = '\0';
            mkdir(path, 0755);
        }
        memcpy(path + len, "/t.lua", sizeof "/t.lua");
        CHECK(strlen(path) > 1200, "a path of %zu bytes", strlen(path));
        t = savefile_edited_name(path);
        CHECK(strlen(t) == strlen(path) + 7 &&
                  strcmp(t + strlen(t) - 13, "/t.edited.lua") == 0,
              "its edited name is whole");
        CHECK(savefile_write(t, "long", 4, &err) == 0, "a write there");
        s = slurp(t);
        CHECK_STR(s, "long", "at its real name");
        free(s);
        remove(t);
        /* a message names it shortened, with the reason whole */
        len = strlen(path);
        memcpy(path + len - 6, "/none/x.lua", sizeof "/none/x.lua");
        CHECK(savefile_write(path, "x", 1, &err) == -1, "fails");
        CHECK(strlen(err.msg) < 350 && strstr(err.msg, "...") != NULL &&
                  strstr(err.msg, "/none/x.lua: No such file or directory"),
              "shortened in the middle: %s", err.msg);
        free(t);
    }

    t = savefile_edited_name("scenarios/x.lua");
    CHECK_STR(t, "scenarios/x.edited.lua", "NAME.lua -> NAME.edited.lua");
    free(t);
    t = savefile_edited_name("x.scenario");
    CHECK_STR(t, "x.scenario.edited.lua", "another name: + .edited.lua");
    free(t);
    t = savefile_edited_name(".lua");
    CHECK_STR(t, ".lua.edited.lua", "a name that is only .lua");
    free(t);

    /* one file under another spelling, or a link to it, is the same */
    {
        char other[8300], ln[8300];
        snprintf(path, sizeof path, "%s/a.lua", dir);
        snprintf(other, sizeof other, "%s/./a.lua", dir);
        snprintf(ln, sizeof ln, "%s/ln.lua", dir);
        CHECK(symlink(path, ln) == 0, "a symbolic link");
        CHECK(savefile_same(path, other) && savefile_same(path, ln),
              "a.lua is ./a.lua and a link to it");
        snprintf(other, sizeof other, "%s/b.lua", dir);
        CHECK(savefile_write(other, "return 2\n", 9, &err) == 0 &&
                  !savefile_same(path, other),
              "b.lua is another file");
        snprintf(other, sizeof other, "%s/none.lua", dir);
        CHECK(!savefile_same(path, other) && !savefile_same(NULL, path),
              "a file that is not there, or NULL, is no file");
    }
    {
        char cmd[8300];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        CHECK(system(cmd) == 0, "clean up");
    }
    TEST_DONE();
}
