/*
 * lx: the only interface between Lua and the rest of rho (as wrk's
 * script.h). A scenario file is plain Lua 5.4 run in a sandbox: a fresh
 * state per run, text chunks only, an environment built from an allow list
 * (no io, os, require, load, debug, ...), an instruction budget and a
 * memory budget. The script returns rho.scenario{...}; lx turns that into
 * a struct scenario. Errors name the file and line of the user's code.
 */
#ifndef RHO_SCRIPT_LX_H
#define RHO_SCRIPT_LX_H

#include <stddef.h>

#include "core/base/rho_err.h"
#include "core/scenario.h"
#include "core/base/strbuf.h"

#define LX_DEFAULT_INSTRUCTIONS 200000000LL /* VM instructions */
#define LX_DEFAULT_MEMORY ((size_t)512 << 20)

struct lx_opts {
    long long max_instructions; /* 0: LX_DEFAULT_INSTRUCTIONS */
    size_t max_memory;          /* bytes; 0: LX_DEFAULT_MEMORY */
    long fail_alloc_at;         /* tests: fail the Nth allocation (1-based)
                                   and every later one; 0: never */
    struct strbuf *log;         /* print() output goes here; NULL: dropped */
    const char *const *params;  /* overrides "name=value", NULL-terminated;
                                   read by rho.param(); may be NULL */
    struct strbuf *params_read; /* the names the script passed to
                                   rho.param(), one per line; may be NULL */
};

/*
 * Run the scenario script at path and return the scenario it describes.
 * opts may be NULL (defaults). Returns the scenario (caller owns it:
 * scenario_free()), or NULL with err filled: RHO_EIO (cannot read),
 * RHO_EINPUT (a script error, "path:line: message"), RHO_ELIMIT (the
 * instruction or memory budget ran out).
 */
struct scenario *lx_run_file(const char *path, const struct lx_opts *opts,
                             struct rho_err *err);

/*
 * The same for a script held in memory; name is used as its file name in
 * messages.
 */
struct scenario *lx_run_string(const char *name, const char *text,
                               const struct lx_opts *opts, struct rho_err *err);

#endif
