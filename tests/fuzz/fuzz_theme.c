/*
 * fuzz_theme: the theme loader (libyaml events -> struct theme) on an
 * arbitrary file, read through a memory file so nothing touches the disk.
 * "inherits:" lines may name the themes in ./themes (run from the
 * repository) or other files. A loaded theme must format every role.
 */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "theme/theme.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct theme t;
    struct rho_err err;
    char path[64], buf[256];
    int fd = memfd_create("theme.yaml", MFD_CLOEXEC);

    if (fd < 0)
        return 0;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    theme_default(&t);
    if (theme_load(&t, path, NULL, &err) == 0) {
        for (int r = 0; r < ROLE_COUNT; r++)
            theme_style_format(&t.role[r], buf, sizeof buf);
    } else if (err.msg[0] == '\0') {
        abort(); /* a failure must say why */
    }
    close(fd);
    return 0;
}
