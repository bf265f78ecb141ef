/*
 * fuzz_args: the command line. The input is split at NUL bytes into
 * arguments after "rho" and given to main.c's parse_args() -- main.c is
 * compiled into this file, with its main() renamed, so nothing in it had
 * to be exported. parse_args() prints and exits for nothing: --help,
 * --version and --keys-man (or any abbreviation or bundle of them) stop
 * the parse with -1, and main() would print.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int rho_main_unused(int argc, char **argv);
#define main rho_main_unused
#include "../../src/main.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 64

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = malloc(size + 1), *argv[MAX_ARGS + 2];
    int argc = 0;
    struct args pa;
    struct cli_args *a = &pa.c;

    memcpy(copy, data, size);
    copy[size] = '\0';
    argv[argc++] = (char *)"rho";
    for (size_t i = 0; i <= size && argc <= MAX_ARGS;) {
        char *arg = copy + i;
        argv[argc++] = arg;
        i += strlen(arg) + 1;
    }
    argv[argc] = NULL;
    memset(&pa, 0, sizeof pa);
    sweep_init(&a->sweep);
    sweep_init(&a->compare);
    a->fmt = REPORT_TEXT;
    parse_args(argc, argv, &pa);
    sweep_fini(&a->sweep);
    sweep_fini(&a->compare);
    free(copy);
    return 0;
}
