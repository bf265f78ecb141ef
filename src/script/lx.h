/*
 * lx: the only interface between Lua and the rest of rho (as wrk's
 * script.h). A scenario file is plain Lua 5.4 run in a sandbox: a fresh
 * state per run, text chunks only, an environment built from an allow list
 * (no io, os, require, load, debug, ...), and three budgets: instructions,
 * memory and wall time. The script returns rho.scenario{...}; lx turns
 * that into a struct scenario. Errors name the file and line of the user's
 * code.
 *
 * The script runs in a child process (lx_proc.c) that is killed when the
 * wall-time budget has passed, so that nothing a script does -- a loop in
 * a finalizer, a string pattern that backtracks for years inside C, a file
 * that never ends -- keeps the caller waiting longer than that budget and
 * a small margin. The child hands back the scenario as the Lua text
 * scenario_to_lua() writes, which loads to an identical scenario.
 */
#ifndef RHO_SCRIPT_LX_H
#define RHO_SCRIPT_LX_H

#include <stddef.h>

#include "core/base/rho_err.h"
#include "core/base/strbuf.h"
#include "core/scenario.h"

#define LX_DEFAULT_INSTRUCTIONS 200000000LL /* VM instructions */
#define LX_DEFAULT_MEMORY ((size_t)512 << 20)
#define LX_DEFAULT_SECONDS 10.0 /* wall time */
#define LX_KILL_MARGIN 0.5      /* seconds past the budget before the kill */
#define LX_STDIN_NAME "<stdin>" /* a script on standard input, in messages */

struct lx_opts {
    long long max_instructions; /* 0: LX_DEFAULT_INSTRUCTIONS */
    size_t max_memory;          /* bytes; 0: LX_DEFAULT_MEMORY */
    double max_seconds;         /* wall time; 0: LX_DEFAULT_SECONDS */
    int in_process;             /* run in this process, with no child:
                                   budgets are then checked only while Lua
                                   code runs (tests, fuzzing) */
    /* polled about every 20 ms while the child runs (may be NULL): when
       it returns nonzero the child is killed and the run fails with
       RHO_ECANCEL. Called on the caller's thread. */
    int (*stop)(void *arg);
    void *stop_arg;
    long fail_alloc_at;         /* tests: fail the Nth allocation (1-based)
                                   and every later one; 0: never */
    struct strbuf *log;         /* print() output goes here, at most
                                   about 1 MiB per run; NULL: dropped */
    const char *const *params;  /* overrides "name=value", NULL-terminated;
                                   read by rho.param(); may be NULL */
    struct strbuf *params_read; /* the names the script passed to
                                   rho.param(), one per line, each once;
                                   may be NULL */
    const char *dir_of;         /* rho.hwloc() paths are relative to this
                                   file's folder, not the script's: a
                                   recovery file stands for its script
                                   (tui/recover.h); NULL: the script's */
    int from_stdin;             /* lx_run_file(): the script is standard
                                   input and path only its name in messages
                                   (LX_STDIN_NAME). Read once, by the first
                                   run (within its budgets; in this process
                                   when standard input is a terminal), and
                                   kept for the runs after it (a sweep's) */
};

/*
 * Run the scenario script at path and return the scenario it describes.
 * opts may be NULL (defaults). Returns within the wall-time budget and
 * LX_KILL_MARGIN whatever the script does. Returns the scenario (caller
 * owns it: scenario_free()), or NULL with err filled: RHO_EIO (cannot
 * read), RHO_EINPUT (a script error, "path:line: message"), RHO_ELIMIT (a
 * budget ran out, the file is too large, or the machine's memory),
 * RHO_ECANCEL (opts->stop asked), RHO_EINTERNAL (no process could be
 * made, or the child died of a crash).
 *
 * Safe to call from several threads at once (sweeps do): each call has
 * its own child. The child is a fork() of the caller and runs only the
 * interpreter, malloc and write(); it never returns into the caller's
 * code, so threads the caller had (and the locks they held) do not
 * matter to it.
 */
struct scenario *lx_run_file(const char *path, const struct lx_opts *opts,
                             struct rho_err *err);

/*
 * With opts->from_stdin, the script is standard input (see lx_opts): a
 * script resolves paths (rho.hwloc()) against the current folder then, as
 * path has no '/'.
 *
 * The same for a script held in memory; name is used as its file name in
 * messages (and becomes the scenario's path).
 */
struct scenario *lx_run_string(const char *name, const char *text,
                               const struct lx_opts *opts, struct rho_err *err);

#endif
