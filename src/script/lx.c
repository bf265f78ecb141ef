/*
 * lx: running scenario scripts in a sandbox. See lx.h.
 *
 * One fresh lua_State per run, made with a counting allocator (the memory
 * budget, and fault injection for tests) and an instruction-count hook
 * (the CPU budget). rho's Lua library (the files in lua/, compiled in as text)
 * runs first in the full global table, where it may use debug.getinfo to find
 * the user's line; the user's chunk runs in a separate environment built
 * from an allow list. Reading a global that does not exist is an error
 * that says so, and names what the sandbox leaves out.
 */
#include "script/lx.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "script/lx_int.h"

extern const char *const rho_lua_lib_name[]; /* build/prelude.c */
extern const char *const rho_lua_lib_text[];

const char lx_ctx_key = 0;

/* What the user's environment may see (S7). */
static const char *const allowed[] = {
    "assert",       "error",        "ipairs",   "next",     "pairs",
    "pcall",        "select",       "tonumber", "tostring", "type",
    "xpcall",       "rawequal",     "rawget",   "rawlen",   "rawset",
    "getmetatable", "setmetatable", "string",   "table",    "math",
    "utf8",         "_VERSION",     NULL,
};

/* What it may not, with the reason given when a script reaches for it. */
static const char *const refused[] = {
    "io",       "os",     "debug",      "package",        "require",   "load",
    "loadfile", "dofile", "loadstring", "collectgarbage", "coroutine", NULL,
};

struct lx_ctx *
lx_ctx(lua_State *L)
{
    struct lx_ctx *c;

    lua_rawgetp(L, LUA_REGISTRYINDEX, &lx_ctx_key); /* ctx */
    c = lua_touserdata(L, -1);
    lua_pop(L, 1); /* - */
    return c;
}

/* Is this frame the user's script (a file chunk, not rho's library)? */
static int
user_frame(lua_Debug *ar)
{
    return ar->source[0] == '@' && ar->currentline > 0;
}

int
lx_user_line(lua_State *L)
{
    lua_Debug ar;

    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar))
            break;
        if (user_frame(&ar))
            return ar.currentline;
    }
    return 0;
}

void
lx_push_where(lua_State *L)
{
    struct lx_ctx *c = lx_ctx(L);
    lua_Debug ar;

    /* rho.scenario reading its table: the line of the part it reads */
    if (c->at_line > 0 && c->path != NULL && lua_getstack(L, 0, &ar) &&
        lua_getinfo(L, "f", &ar)) {
        lua_CFunction f = lua_tocfunction(L, -1);
        lua_pop(L, 1);
        if (f == lx_l_scenario) {
            lua_pushfstring(L, "%s:%d:", c->path, c->at_line);
            return;
        }
    }
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar))
            break;
        if (user_frame(&ar)) {
            lua_pushfstring(L, "%s:%d:", ar.source + 1, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

int
lx_error(lua_State *L, const char *fmt, ...)
{
    va_list ap;

    lx_push_where(L); /* where */
    va_start(ap, fmt);
    lua_pushvfstring(L, fmt, ap); /* where, msg */
    va_end(ap);
    if (lua_rawlen(L, -2) > 0) {
        lua_pushliteral(L, " "); /* where, msg, " " */
        lua_rotate(L, -2, 1);    /* where, " ", msg */
        lua_concat(L, 3);        /* "where msg" */
    } else {
        lua_remove(L, -2); /* msg */
    }
    return lua_error(L);
}

/* The counting allocator: the memory budget and fault injection. */
static void *
lx_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct lx_ctx *c = ud;

    if (ptr == NULL)
        osize = 0;
    if (nsize == 0) {
        free(ptr);
        c->mem -= osize;
        return NULL;
    }
    if (nsize > osize) {
        /* fault injection: the Nth allocation and every later one fail
           (a single failure would be absorbed by Lua's emergency GC) */
        if (c->fail_at > 0 && ++c->nalloc >= c->fail_at)
            return NULL;
        /* hard limit: a little above the budget; the hook enforces the
           budget itself with the user's line */
        if (c->mem - osize + nsize > c->max_mem + (c->max_mem >> 3))
            return NULL;
        if (c->mem - osize + nsize > c->max_mem)
            c->mem_over = 1;
    }
    ptr = realloc(ptr, nsize);
    if (ptr != NULL)
        c->mem = c->mem - osize + nsize;
    return ptr;
}

/* The instruction hook: the CPU budget, and the soft memory budget. */
static void
lx_hook(lua_State *L, lua_Debug *ar)
{
    struct lx_ctx *c = lx_ctx(L);

    (void)ar;
    c->used++;
    /*
     * Once over a budget the hook raises every time it runs, so a script
     * cannot pcall its way past it; run() also checks after the fact.
     */
    if (c->used > c->budget) {
        lx_error(L,
                 "script stopped after %I instructions (a runaway loop?); "
                 "raise the budget with --lua-instructions",
                 (lua_Integer)(c->used * c->hook_every));
    }
    if (c->mem_over) {
        lx_error(L,
                 "script stopped: memory budget of %I MiB exceeded; raise "
                 "it with --lua-memory",
                 (lua_Integer)(c->max_mem >> 20));
    }
}

/* env.__index: unknown globals are errors that say why. */
static int
l_env_index(lua_State *L)
{
    const char *name = lua_tostring(L, 2);

    if (name == NULL)
        return 0;
    for (int i = 0; refused[i]; i++)
        if (strcmp(name, refused[i]) == 0)
            return lx_error(L,
                            "'%s' is not available in a scenario (scripts "
                            "run in a sandbox: no files, no system, no "
                            "loading code)",
                            name);
    return lx_error(L, "undeclared global '%s'", name);
}

/* print(...): to the run's log, tab-separated, one line per call. */
static int
l_print(lua_State *L)
{
    struct lx_ctx *c = lx_ctx(L);
    int n = lua_gettop(L);

    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len); /* ..., s */
        if (c->log) {
            if (i > 1)
                strbuf_add(c->log, "\t", 1);
            strbuf_add(c->log, s, len);
        }
        lua_pop(L, 1); /* ... */
    }
    if (c->log)
        strbuf_add(c->log, "\n", 1);
    return 0;
}

/* The message handler: keep the message; add the user's location to
   non-string error objects. */
static int
l_msgh(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING)
        return 1;
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
        return 1;
    lx_push_where(L);
    lua_pushfstring(L, " error object is a %s value", luaL_typename(L, 1));
    lua_concat(L, 2);
    return 1;
}

/* Build the state's library: rho table, Lua parts, and the sandbox env. */
static int
l_setup(lua_State *L)
{
    lua_rawsetp(L, LUA_REGISTRYINDEX, &lx_ctx_key); /* the context: arg 1 */
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    luaL_requiref(L, LUA_DBLIBNAME, luaopen_debug, 1);
    lua_settop(L, 0);

    /* string.dump gives bytecode: nothing here needs it */
    lua_getglobal(L, "string");  /* string */
    lua_pushnil(L);              /* string, nil */
    lua_setfield(L, -2, "dump"); /* string */
    lua_pop(L, 1);               /* - */
    /* deterministic math.random: seed 0 unless the script says otherwise */
    lua_getglobal(L, "math");          /* math */
    lua_getfield(L, -1, "randomseed"); /* math, randomseed */
    lua_pushinteger(L, 0);             /* math, randomseed, 0 */
    lua_call(L, 1, 0);                 /* math */
    lua_pop(L, 1);                     /* - */

    lx_register_types(L);
    lua_newtable(L); /* rho */
    lx_open_rho(L);
    lua_pushvalue(L, -1);        /* rho, rho */
    lua_setglobal(L, "rho");     /* rho */
    lua_newtable(L);             /* rho, lib */
    lua_pushvalue(L, -1);        /* rho, lib, lib */
    lua_setglobal(L, "_rholib"); /* rho, lib */
    for (int i = 0; rho_lua_lib_name[i] != NULL; i++) {
        const char *text = rho_lua_lib_text[i];
        char chunk[128];
        snprintf(chunk, sizeof chunk, "=rho/%s",
                 strrchr(rho_lua_lib_name[i], '/')
                     ? strrchr(rho_lua_lib_name[i], '/') + 1
                     : rho_lua_lib_name[i]);
        if (luaL_loadbufferx(L, text, strlen(text), chunk, "t") != LUA_OK)
            return lua_error(L); /* rho, lib, err */
        lua_pushvalue(L, 1);     /* rho, lib, f, rho */
        lua_pushvalue(L, 2);     /* rho, lib, f, rho, lib */
        lua_call(L, 2, 0);       /* rho, lib */
    }
    lua_settop(L, 1); /* rho */

    /* the sandbox environment */
    lua_newtable(L); /* rho, env */
    for (int i = 0; allowed[i]; i++) {
        lua_getglobal(L, allowed[i]);    /* rho, env, v */
        lua_setfield(L, -2, allowed[i]); /* rho, env */
    }
    lua_pushvalue(L, 1);                           /* rho, env, rho */
    lua_setfield(L, -2, "rho");                    /* rho, env */
    lua_pushcfunction(L, l_print);                 /* rho, env, print */
    lua_setfield(L, -2, "print");                  /* rho, env */
    lua_newtable(L);                               /* rho, env, mt */
    lua_pushcfunction(L, l_env_index);             /* rho, env, mt, f */
    lua_setfield(L, -2, "__index");                /* rho, env, mt */
    lua_setmetatable(L, -2);                       /* rho, env */
    lua_setfield(L, LUA_REGISTRYINDEX, "rho.env"); /* rho */
    lua_pop(L, 1);                                 /* - */
    return 0;
}

/* The user's chunk, passed to l_run as a light userdata. */
struct chunk {
    const char *text;
    size_t len;
    const char *name; /* "@path" */
};

/* Load and run the user's chunk (arg 1: struct chunk). */
static int
l_run(lua_State *L)
{
    const struct chunk *c = lua_touserdata(L, 1);
    struct scenario *s;

    if (luaL_loadbufferx(L, c->text, c->len, c->name, "t") != LUA_OK)
        return lua_error(L);                       /* c, err */
    lua_getfield(L, LUA_REGISTRYINDEX, "rho.env"); /* c, f, env */
    lua_setupvalue(L, -2, 1);                      /* c, f */
    lua_call(L, 0, 1);                             /* c, result */
    s = lx_take_scenario(L, -1);
    if (s == NULL) {
        lua_pushfstring(L,
                        "%s: the script must return rho.scenario{...}, "
                        "not a %s value",
                        c->name + 1, luaL_typename(L, -1));
        return lua_error(L);
    }
    lua_pushlightuserdata(L, s); /* c, result, s */
    return 1;
}

static struct scenario *run_text(const char *name, const char *text, size_t len,
                                 const struct lx_opts *o, struct rho_err *err);

/* Run a script; a leading "#!" line is allowed, as in lua(1): a copy
   with it blanked out runs (the same length: lines and offsets hold). */
static struct scenario *
run(const char *name, const char *text, size_t len, const struct lx_opts *o,
    struct rho_err *err)
{
    struct strbuf copy;
    struct scenario *s;
    size_t i = 0;

    if (len == 0 || text[0] != '#')
        return run_text(name, text, len, o, err);
    strbuf_init(&copy);
    strbuf_add(&copy, text, len);
    while (i < copy.len && copy.s[i] != '\n')
        copy.s[i++] = ' ';
    s = run_text(name, copy.s, copy.len, o, err);
    strbuf_fini(&copy);
    return s;
}

static struct scenario *
run_text(const char *name, const char *text, size_t len,
         const struct lx_opts *o, struct rho_err *err)
{
    struct lx_ctx ctx;
    struct scenario *s = NULL;
    lua_State *L;
    char chunkname[1024];
    int rc;

    memset(&ctx, 0, sizeof ctx);
    ctx.path = name;
    ctx.hook_every = 1000;
    ctx.budget = ((o && o->max_instructions) ? o->max_instructions
                                             : LX_DEFAULT_INSTRUCTIONS) /
                 ctx.hook_every;
    if (ctx.budget < 1)
        ctx.budget = 1;
    ctx.max_mem = (o && o->max_memory) ? o->max_memory : LX_DEFAULT_MEMORY;
    ctx.fail_at = o ? o->fail_alloc_at : 0;
    ctx.log = o ? o->log : NULL;
    ctx.params = o ? o->params : NULL;
    ctx.params_read = o ? o->params_read : NULL;
    ctx.text = text;
    ctx.len = len;

    L = lua_newstate(lx_alloc, &ctx);
    if (L == NULL) {
        rho_err_set(err, RHO_ELIMIT, "%s: not enough memory for Lua", name);
        return NULL;
    }
    lua_setwarnf(L, NULL, NULL);

    /* nothing that allocates may run outside lua_pcall: no panics */
    lua_pushcfunction(L, l_msgh);   /* msgh */
    lua_pushcfunction(L, l_setup);  /* msgh, setup */
    lua_pushlightuserdata(L, &ctx); /* msgh, setup, ctx */
    rc = lua_pcall(L, 1, 0, 1);
    if (rc == LUA_OK) {
        struct chunk c = {text, len, chunkname};
        snprintf(chunkname, sizeof chunkname, "@%s", name);
        lua_sethook(L, lx_hook, LUA_MASKCOUNT, ctx.hook_every);
        lua_pushcfunction(L, l_run);  /* msgh, run */
        lua_pushlightuserdata(L, &c); /* msgh, run, c */
        rc = lua_pcall(L, 1, 1, 1);   /* msgh, s | err */
    }
    if (rc == LUA_OK && (ctx.used > ctx.budget || ctx.mem_over)) {
        /* the script caught a budget error and went on */
        scenario_free(lua_touserdata(L, -1));
        rho_err_set(err, RHO_ELIMIT,
                    "%s: script stopped: it ran past its %s budget", name,
                    ctx.mem_over ? "memory" : "instruction");
    } else if (rc == LUA_OK) {
        s = lua_touserdata(L, -1);
    } else if (rc == LUA_ERRMEM) {
        /* the message handler is not called for memory errors */
        if (ctx.fail_at > 0 && ctx.nalloc >= ctx.fail_at)
            rho_err_set(err, RHO_ELIMIT,
                        "%s: out of memory (allocation %ld "
                        "failed on purpose)",
                        name, ctx.fail_at);
        else
            rho_err_set(err, RHO_ELIMIT,
                        "%s: script stopped: memory budget of %zu MiB "
                        "exceeded; raise it with --lua-memory",
                        name, ctx.max_mem >> 20);
    } else {
        const char *msg = lua_tostring(L, -1);
        int code = RHO_EINPUT;
        if (msg && strstr(msg, "script stopped"))
            code = RHO_ELIMIT;
        rho_err_set(err, code, "%s", msg ? msg : "error in the script");
    }
    lua_close(L);
    return s;
}

struct scenario *
lx_run_string(const char *name, const char *text, const struct lx_opts *opts,
              struct rho_err *err)
{
    struct scenario *s = run(name, text, strlen(text), opts, err);

    if (s != NULL && s->path == NULL)
        scenario_set_path(s, name);
    if (s != NULL)
        scenario_set_source(s, text, strlen(text));
    return s;
}

struct scenario *
lx_run_file(const char *path, const struct lx_opts *opts, struct rho_err *err)
{
    FILE *f = fopen(path, "rb");
    struct strbuf sb;
    struct scenario *s;
    char buf[8192];
    size_t n;

    if (f == NULL) {
        rho_err_set(err, RHO_EIO, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    strbuf_init(&sb);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_add(&sb, buf, n);
    if (ferror(f)) {
        rho_err_set(err, RHO_EIO, "%s: cannot read: %s", path, strerror(errno));
        fclose(f);
        strbuf_fini(&sb);
        return NULL;
    }
    fclose(f);
    s = run(path, strbuf_str(&sb), sb.len, opts, err);
    if (s != NULL) {
        scenario_set_path(s, path);
        scenario_set_source(s, strbuf_str(&sb), sb.len);
    }
    strbuf_fini(&sb);
    return s;
}
