/*
 * lx_int: what the files of script/ share among themselves (not part of
 * the interface to the rest of rho, which is lx.h).
 */
#ifndef RHO_SCRIPT_LX_INT_H
#define RHO_SCRIPT_LX_INT_H

#include <lua.h>

#include "core/scenario.h"
#include "script/lx.h"

#define LX_SCENARIO "rho.scenario"
#define LX_RNG "rho.rng"

/* The run context, kept in the registry under &lx_ctx_key. */
struct lx_ctx {
    const char *path;     /* chunk name without '@' */
    long long budget;     /* instructions left, in hook units */
    long long used;       /* hook units used */
    int hook_every;       /* instructions per hook call */
    size_t mem, max_mem;  /* bytes in use, budget */
    int mem_over;         /* the soft memory budget was passed */
    long nalloc, fail_at; /* fault injection */
    struct strbuf *log;
    const char *const *params;
    struct strbuf *params_read;
};

extern const char lx_ctx_key;

/* The run context of L. */
struct lx_ctx *lx_ctx(lua_State *L);

/*
 * Push "file:line:" of the innermost frame that runs the user's script
 * (not rho's library), or "" when there is none.
 */
void lx_push_where(lua_State *L);

/* Raise an error "file:line: message" at the user's innermost frame. */
int lx_error(lua_State *L, const char *fmt, ...);

/* The line of the user's innermost frame, or 0. */
int lx_user_line(lua_State *L);

/* Open the rho module's C functions into the table at the top of L. */
void lx_open_rho(lua_State *L);

/* rho.scenario: a table in, a scenario userdata out. */
int lx_l_scenario(lua_State *L);

/* Register the metatables of the scenario and rng userdata. */
void lx_register_types(lua_State *L);

/*
 * The scenario held by the userdata at idx, taken out of it (the userdata
 * is emptied). NULL if idx is not a scenario userdata.
 */
struct scenario *lx_take_scenario(lua_State *L, int idx);

#endif
