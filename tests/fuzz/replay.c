/*
 * replay: a fuzz target without libFuzzer, for `make test` (built with the
 * normal compiler, no clang needed). Each argument is a file or a
 * directory of files (read in name order); each file is given to the
 * target once, and a line "ok - fuzz TARGET NAME" is printed after it
 * returns -- a crash stops the run, and tests/fuzz/run.sh names the file
 * that follows the last ok.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
one(const char *target, const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0, k;
    char chunk[65536];

    if (f == NULL) {
        printf("FAIL fuzz %s %s: cannot open\n", target, path);
        return 1;
    }
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n + k > cap) {
            cap = (n + k) * 2;
            buf = realloc(buf, cap);
        }
        memcpy(buf + n, chunk, k);
        n += k;
    }
    fclose(f);
    LLVMFuzzerTestOneInput((const uint8_t *)(buf ? buf : ""), n);
    free(buf);
    printf("ok - fuzz %s %s\n", target, path);
    fflush(stdout);
    return 0;
}

static int
by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
    int bad = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: replay TARGET FILE|DIR...\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        struct stat st;
        DIR *d;
        struct dirent *e;
        char **names = NULL;
        int n = 0;

        if (stat(argv[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
            bad |= one(argv[1], argv[i]);
            continue;
        }
        if ((d = opendir(argv[i])) == NULL)
            continue;
        while ((e = readdir(d)) != NULL) {
            char path[4096];
            if (e->d_name[0] == '.' || strcmp(e->d_name, "README") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                continue;
            names = realloc(names, (size_t)(n + 1) * sizeof *names);
            names[n++] = strdup(path);
        }
        closedir(d);
        qsort(names, (size_t)n, sizeof *names, by_name);
        for (int k = 0; k < n; k++) {
            bad |= one(argv[1], names[k]);
            free(names[k]);
        }
        free(names);
    }
    return bad;
}
