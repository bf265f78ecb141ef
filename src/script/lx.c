/*
 * lx: running scenario scripts in a sandbox, in this process (lx_run_text;
 * lx_proc.c runs it in a child that can be killed). See lx.h.
 *
 * One fresh lua_State per run, made with a counting allocator (the memory
 * budget, and fault injection for tests) and an instruction-count hook
 * (the CPU budget, and the wall-time budget for as long as Lua code runs).
 * Once a budget has run out the script cannot go on: the hook raises at
 * every call and the sandbox's pcall and xpcall pass the error on. rho's
 * Lua library (the files in lua/, compiled in as text) runs in the full
 * global table, where it may use debug.getinfo to find the user's line:
 * the prelude at once, the other files when a name is first missed. The
 * user's chunk runs in a separate environment built from an allow list.
 * Reading a global that does not exist is an error that says so, and
 * names what the sandbox leaves out. The few library functions that loop
 * in C over a count the script chooses are replaced or wrapped to charge
 * it first; setmetatable refuses __gc (finalizers run with hooks off).
 * A budget that runs out stops the script at the line it ran out at (for
 * memory, the line the allocator saw ask for more), and every stop
 * message names that line.
 */
#include "script/lx.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/base/rho_alloc.h"
#include "script/lx_int.h"

extern const char *const rho_lua_lib_name[]; /* build/prelude.c */
extern const char *const rho_lua_lib_text[];

const char lx_ctx_key = 0;

/*
 * A run: the context the other files of script/ see (lx_int.h), and what
 * only this file keeps. ctx comes first: the allocator's ud and the
 * registry's context are &run.ctx, and run_of() goes back to the run.
 */
struct run {
    struct lx_ctx ctx;
    lua_State *L;  /* for the allocator (NULL until lua_newstate returns) */
    int mem_line;  /* the script's line where memory first ran over (0:
                      unknown) */
    int stop_line; /* the line a budget ran out at, named by every stop
                      message from then on (0: unknown) */
};

static struct run *
run_of(struct lx_ctx *c)
{
    return (struct run *)c;
}

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

/* The line lx_push_where() names (0: none). */
static int
where_line(lua_State *L)
{
    struct lx_ctx *c = lx_ctx(L);
    lua_Debug ar;

    /* rho.scenario reading its table: the line of the part it reads */
    if (c->at_line > 0 && lua_getstack(L, 0, &ar) && lua_getinfo(L, "f", &ar)) {
        lua_CFunction f = lua_tocfunction(L, -1);
        lua_pop(L, 1);
        if (f == lx_l_scenario)
            return c->at_line;
    }
    return lx_user_line(L);
}

void
lx_push_where(lua_State *L)
{
    struct lx_ctx *c = lx_ctx(L);
    int line = c->path != NULL ? where_line(L) : 0;

    if (line > 0)
        lua_pushfstring(L, "%s:%d:", c->path, line);
    else
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

int
lx_control(const char *s, int text, int *byte)
{
    for (int i = 0; s != NULL && s[i] != '\0'; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && !(text && (c == '\n' || c == '\t'))) || c == 0x7f) {
            *byte = c;
            return i + 1;
        }
    }
    return 0;
}

/*
 * Can the allocator read the stack's frames? Lua 5.4.5 and later turn the
 * stack's pointers into offsets while they reallocate it (ldo.c
 * relstack()), and that reallocation passes the old stack; 5.4.4 and
 * earlier allocate the new stack first, every frame still in place.
 */
#if defined(LUA_VERSION_RELEASE_NUM) && LUA_VERSION_RELEASE_NUM >= 50405
#define FRAMES_READABLE(ptr) ((ptr) == NULL)
#else
#define FRAMES_READABLE(ptr) ((void)(ptr), 1)
#endif

/*
 * Memory ran over the budget: note the script's line, once. The
 * allocation fails or the hook stops the script later, after the frames
 * are gone (Lua calls no message handler for a memory error) or the
 * script has moved on. Reads the frames only, and allocates nothing.
 */
static void
mem_over(struct lx_ctx *c, void *ptr)
{
    struct run *r = run_of(c);

    if (!c->mem_over && r->L != NULL && FRAMES_READABLE(ptr))
        r->mem_line = lx_user_line(r->L);
    c->mem_over = 1;
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
        if (c->mem - osize + nsize > c->max_mem + (c->max_mem >> 3)) {
            mem_over(c, ptr);
            return NULL;
        }
        if (c->mem - osize + nsize > c->max_mem)
            mem_over(c, ptr);
    }
    ptr = realloc(ptr, nsize);
    if (ptr != NULL)
        c->mem = c->mem - osize + nsize;
    return ptr;
}

/* The message of the budget that stopped the script (c->stopped). */
static void
stop_message(const struct lx_ctx *c, char *buf, size_t n)
{
    switch (c->stopped) {
    case LX_STOP_INSN:
        snprintf(buf, n,
                 "script stopped after %lld instructions (a runaway "
                 "loop?); raise the budget with --lua-instructions",
                 c->stop_used * c->hook_every);
        break;
    case LX_STOP_MEM:
        snprintf(buf, n,
                 "script stopped: memory budget of %zu MiB exceeded; raise "
                 "it with --lua-memory",
                 c->max_mem >> 20);
        break;
    default:
        snprintf(buf, n, LX_TIME_MESSAGE, c->max_seconds);
        break;
    }
}

/*
 * Budget why ran out: the script is stopped for good (the first budget
 * counts), at the line where it ran out -- the line memory ran over at
 * for memory, else the line running now.
 */
static void
stop(lua_State *L, struct lx_ctx *c, int why)
{
    struct run *r = run_of(c);

    if (c->stopped != 0)
        return;
    c->stopped = why;
    c->stop_used = c->used;
    if (r->stop_line == 0)
        r->stop_line = why == LX_STOP_MEM && r->mem_line > 0 ? r->mem_line
                       : c->path != NULL                     ? where_line(L)
                                                             : 0;
}

/* Raise the stop message at the line the script was stopped at (a pcall
   passing it on is at another). */
static int
raise_stop(lua_State *L, struct lx_ctx *c)
{
    int line = run_of(c)->stop_line;
    char msg[256];

    stop_message(c, msg, sizeof msg);
    if (line == 0)
        return lx_error(L, "%s", msg);
    lua_pushfstring(L, "%s:%d: %s", c->path, line, msg); /* msg */
    return lua_error(L);
}

/*
 * The instruction hook: the CPU budget, the soft memory budget and the
 * wall-time budget. Once over a budget the script is stopped for good:
 * the hook raises every time it runs and the sandbox's pcall and xpcall
 * pass the error on, so a script cannot catch its way past it;
 * lx_run_text() also checks after the fact.
 */
static void
lx_hook(lua_State *L, lua_Debug *ar)
{
    struct lx_ctx *c = lx_ctx(L);

    /* the script's line, for a memory stop whose line the allocator
       could not read (see FRAMES_READABLE) */
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0 &&
        ar->source[0] == '@' && c->path != NULL &&
        strcmp(ar->source + 1, c->path) == 0)
        c->last_line = ar->currentline;
    if (c->used == 0) /* (the first call, after one instruction) */
        lua_sethook(L, lx_hook, LUA_MASKCOUNT, c->hook_every);
    c->used++;
    if (c->stopped == 0) {
        if (c->used > c->budget)
            stop(L, c, LX_STOP_INSN);
        else if (c->mem_over)
            stop(L, c, LX_STOP_MEM);
        else if (c->deadline > 0 && rho_wall() > c->deadline)
            stop(L, c, LX_STOP_TIME);
    }
    if (c->stopped != 0)
        raise_stop(L, c);
}

/* The sandbox's pcall: as Lua's, but a budget error is passed on. */
static int
l_pcall(lua_State *L)
{
    struct lx_ctx *c = lx_ctx(L);
    int status;

    luaL_checkany(L, 1);
    lua_pushboolean(L, 1); /* f, args..., true */
    lua_insert(L, 1);      /* true, f, args... */
    status = lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 0);
    if (c->mem_over)
        stop(L, c, LX_STOP_MEM);
    if (c->stopped != 0)
        return raise_stop(L, c);
    if (status != LUA_OK) {
        lua_pushboolean(L, 0); /* true, err, false */
        lua_insert(L, -2);     /* true, false, err */
        return 2;
    }
    return lua_gettop(L); /* true, results... */
}

/*
 * xpcall's message handler, around the script's (upvalue 1). An error
 * the hook raised reaches the handler while hooks are still off (Lua
 * turns them off while a hook runs, and the error leaves from inside it):
 * a handler that loops would then never be stopped. So once a budget ran
 * out the script's handler is not called at all.
 */
static int
l_xpcall_msgh(lua_State *L)
{
    if (lx_ctx(L)->stopped != 0)
        return 1;                          /* err */
    lua_pushvalue(L, lua_upvalueindex(1)); /* err, h */
    lua_insert(L, 1);                      /* h, err */
    lua_call(L, lua_gettop(L) - 1, 1);     /* result */
    return 1;
}

/* The sandbox's xpcall(f, msgh, ...): as Lua's, but a budget error is
   passed on. */
static int
l_xpcall(lua_State *L)
{
    struct lx_ctx *c = lx_ctx(L);
    int n = lua_gettop(L), status;

    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);                   /* f, h, args..., h */
    lua_pushcclosure(L, l_xpcall_msgh, 1); /* f, h, args..., msgh */
    lua_replace(L, 2);                     /* f, msgh, args... */
    lua_pushboolean(L, 1);                 /* f, msgh, args..., true */
    lua_pushvalue(L, 1);                   /* f, msgh, args..., true, f */
    lua_rotate(L, 3, 2);                   /* f, msgh, true, f, args... */
    status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
    if (c->mem_over)
        stop(L, c, LX_STOP_MEM);
    if (c->stopped != 0)
        return raise_stop(L, c);
    if (status != LUA_OK) {
        lua_pushboolean(L, 0); /* f, msgh, true, err, false */
        lua_pushvalue(L, -2);  /* f, msgh, true, err, false, err */
        return 2;
    }
    return lua_gettop(L) - 2; /* true, results... */
}

/*
 * The sandbox's setmetatable: as Lua's, but no __gc. Finalizers run with
 * hooks off (Lua turns them off during a metamethod of the collector) and
 * at lua_close(), outside every budget; a scenario has no use for them.
 * Written out rather than calling Lua's from here: an error Lua's raised
 * would name this C function's place, with no line.
 */
static int
l_setmetatable(lua_State *L)
{
    int t = lua_type(L, 2);

    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");       /* t, mt, ..., "__gc" */
        if (lua_rawget(L, 2) != LUA_TNIL) /* t, mt, ..., gc */
            return lx_error(L, "__gc metamethods are not available in a "
                               "scenario (finalizers run outside the "
                               "budgets)");
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return lx_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);       /* t, mt */
    lua_setmetatable(L, 1); /* t */
    return 1;
}

/* Lua's largest string.rep result (lstrlib.c MAXSIZE). */
#define REP_MAX (sizeof(size_t) < sizeof(int) ? ~(size_t)0 : (size_t)INT_MAX)

/*
 * The sandbox's string.rep: as Lua's, but an empty result is made at
 * once. Lua's loops n times even then (string.rep("", 1e18) would run for
 * years in C, where no hook runs); otherwise the result, allocated before
 * the loop, is bounded by the memory budget, and so is the loop. Lua's
 * own checks are made here, where an error names the script's line.
 */
static int
l_rep(lua_State *L)
{
    size_t l, lsep = 0;
    lua_Integer n;

    luaL_checklstring(L, 1, &l);
    n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0 && l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (n > 0 && (l + lsep < l || l + lsep > REP_MAX / (lua_Unsigned)n))
        return lx_error(L, "resulting string too large");
    lua_pushvalue(L, lua_upvalueindex(1)); /* s, n, [sep], rep */
    lua_insert(L, 1);                      /* rep, s, n, [sep] */
    lua_call(L, lua_gettop(L) - 1, 1);     /* result */
    return 1;
}

/*
 * table.move, table.insert and table.remove loop in C over a count the
 * script gives (#t may come from a __len metamethod). The sandbox's are
 * Lua's (ltablib.c), but charge the elements they move to the
 * instruction budget before moving them, and take #t once. They are
 * written out rather than calling Lua's from here: an error Lua's raised
 * would name this C function's place, with no line.
 */

/* What a value that is not a table needs to be used as one (Lua's
   checktab()): metamethods to read, write, take the length. */
enum { TAB_R = 1, TAB_W = 2, TAB_L = 4 };

/* Is the field key of the metatable n places down the stack set? Pushes
   it. */
static int
has_field(lua_State *L, const char *key, int n)
{
    lua_pushstring(L, key);
    return lua_rawget(L, -n) != LUA_TNIL;
}

/* The value at arg is a table, or has the metamethods what asks for. */
static void
check_tab(lua_State *L, int arg, int what)
{
    int n = 1; /* values to pop: the metatable, the fields tested */

    if (lua_type(L, arg) == LUA_TTABLE)
        return;
    if (lua_getmetatable(L, arg) &&
        (!(what & TAB_R) || has_field(L, "__index", ++n)) &&
        (!(what & TAB_W) || has_field(L, "__newindex", ++n)) &&
        (!(what & TAB_L) || has_field(L, "__len", ++n)))
        lua_pop(L, n);
    else
        luaL_checktype(L, arg, LUA_TTABLE); /* raises */
}

/* table.move(a1, f, e, t [,a2]): a1[f..e] to a2[t..] (a2 = a1 by
   default); returns a2. */
static int
l_move(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3),
                t = luaL_checkinteger(L, 4), n;
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1; /* the destination */

    check_tab(L, 1, TAB_R);
    check_tab(L, tt, TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3,
                      "too many elements to move");
        n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4,
                      "destination wrap around");
        lx_charge(L, lx_ctx(L), (double)n);
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);  /* ..., a1[f + i] */
                lua_seti(L, tt, t + i); /* ... */
            }
        } else { /* overlapping, forwards: from the end */
            for (lua_Integer i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);  /* ..., a1[f + i] */
                lua_seti(L, tt, t + i); /* ... */
            }
        }
    }
    lua_pushvalue(L, tt); /* ..., a2 */
    return 1;
}

/* table.insert(t, [pos,] v): v at pos (default #t + 1), what was from
   there on one up. */
static int
l_insert(lua_State *L)
{
    lua_Integer e, pos;

    luaL_checktype(L, 1, LUA_TTABLE);
    e = (lua_Integer)((lua_Unsigned)luaL_len(L, 1) + 1u); /* first empty */
    switch (lua_gettop(L)) {
    case 2:
        pos = e;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        /* pos in [1, e] */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2,
                      "position out of bounds");
        lx_charge(L, lx_ctx(L), (double)e - (double)pos);
        for (lua_Integer i = e; i > pos; i--) {
            lua_geti(L, 1, i - 1); /* t, pos, v, t[i - 1] */
            lua_seti(L, 1, i);     /* t, pos, v */
        }
        break;
    default:
        return lx_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos); /* t[pos] = v */
    return 0;
}

/* table.remove(t [,pos]): t[pos] (default #t), what was after it one
   down. */
static int
l_remove(lua_State *L)
{
    lua_Integer size, pos;

    luaL_checktype(L, 1, LUA_TTABLE);
    size = luaL_len(L, 1);
    pos = luaL_optinteger(L, 2, size);
    if (pos != size) /* pos in [1, size + 1] */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2,
                      "position out of bounds");
    if (pos < size)
        lx_charge(L, lx_ctx(L), (double)size - (double)pos);
    lua_geti(L, 1, pos); /* ..., t[pos] */
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1); /* ..., t[pos], t[pos + 1] */
        lua_seti(L, 1, pos);     /* ..., t[pos] */
    }
    lua_pushnil(L);      /* ..., t[pos], nil */
    lua_seti(L, 1, pos); /* ..., t[pos] */
    return 1;
}

void
lx_charge(lua_State *L, struct lx_ctx *c, double work)
{
    double units = work / c->hook_every;

    if (c->stopped == 0 && units > (double)(c->budget - c->used)) {
        c->used = c->budget + 1;
        stop(L, c, LX_STOP_INSN);
    }
    if (c->stopped != 0)
        raise_stop(L, c);
    c->used += (long long)units;
}

void
lx_param_read(lua_State *L, const char *name)
{
    /* kept in the state, where the memory budget sees it, until the run
       ends (copy_reads()) */
    if (strchr(name, '\n') != NULL)
        return;
    lua_getfield(L, LUA_REGISTRYINDEX, "rho.seen");     /* seen */
    if (lua_getfield(L, -1, name) == LUA_TNIL) {        /* seen, v */
        lua_pushboolean(L, 1);                          /* seen, nil, true */
        lua_setfield(L, -3, name);                      /* seen, nil */
        lua_getfield(L, LUA_REGISTRYINDEX, "rho.read"); /* seen, nil, list */
        lua_pushstring(L, name);                        /* seen, nil, list, n */
        lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
        lua_pop(L, 1); /* seen, nil */
    }
    lua_pop(L, 2); /* - */
}

/* The names rho.param() read, into params_read (outside any pcall: only
   reads, which allocate nothing). */
static void
copy_reads(lua_State *L, struct strbuf *sb)
{
    if (sb == NULL)
        return;
    if (lua_getfield(L, LUA_REGISTRYINDEX, "rho.read") == LUA_TTABLE) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, -1); /* list */
        for (lua_Integer i = 1; i <= n; i++) {
            size_t len;
            const char *name;
            lua_rawgeti(L, -1, i); /* list, name */
            name = lua_tolstring(L, -1, &len);
            strbuf_add(sb, name, len);
            strbuf_add(sb, "\n", 1);
            lua_pop(L, 1); /* list */
        }
    }
    lua_pop(L, 1); /* - */
}

/* Append to the log, up to LX_LOG_MAX bytes in all. */
static void
log_add(struct lx_ctx *c, const char *s, size_t n)
{
    if (c->log == NULL || c->log_cut)
        return;
    if (c->log_len + n > LX_LOG_MAX) {
        c->log_cut = 1;
        strbuf_printf(c->log,
                      "\n[%s: print output cut at %d KiB; the rest is "
                      "dropped]\n",
                      c->path, LX_LOG_MAX >> 10);
        return;
    }
    c->log_len += n;
    strbuf_add(c->log, s, n);
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

/* print(...): to the run's log, tab-separated, one line per call. The
   log is kept to LX_LOG_MAX bytes; what passes it is dropped, with a note. */
static int
l_print(lua_State *L)
{
    struct lx_ctx *c = lx_ctx(L);
    int n = lua_gettop(L);

    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len); /* ..., s */
        if (i > 1)
            log_add(c, "\t", 1);
        log_add(c, s, len);
        lua_pop(L, 1); /* ... */
    }
    log_add(c, "\n", 1);
    return 0;
}

/* The message handler: keep the message; add the user's location to
   non-string error objects, and to Lua's errors that come without one. */
static int
l_msgh(lua_State *L)
{
    if (lua_type(L, 1) == LUA_TSTRING) {
        /* Lua's own messages without a place, raised while a C function
           runs: nested too deep (a __tostring or __index calling itself
           through one), or a value misused (table.concat over a table
           whose __index is a number); in Lua code they have one */
        const char *msg = lua_tostring(L, 1);
        if (strcmp(msg, "C stack overflow") == 0 ||
            strncmp(msg, "attempt to ", 11) == 0) {
            lx_push_where(L);             /* msg, where */
            if (lua_rawlen(L, -1) == 0) { /* the parser's: see l_run */
                lua_pop(L, 1);            /* msg */
                return 1;
            }
            lua_pushliteral(L, " "); /* msg, where, " " */
            lua_pushvalue(L, 1);     /* msg, where, " ", msg */
            lua_concat(L, 3);        /* msg, "where msg" */
        }
        return 1;
    }
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
        return 1;
    lx_push_where(L);
    lua_pushfstring(L, " error object is a %s value", luaL_typename(L, 1));
    lua_concat(L, 2);
    return 1;
}

/* Replace field name of the table on top by f, which gets the old value
   as its upvalue. */
static void
wrap(lua_State *L, const char *name, lua_CFunction f)
{
    lua_getfield(L, -1, name); /* t, old */
    lua_pushcclosure(L, f, 1); /* t, f */
    lua_setfield(L, -2, name); /* t */
}

/* Run file i of rho's Lua library with the rho and lib tables at the
   given stack indices (absolute). */
static void
load_lib(lua_State *L, int i, int rho, int lib)
{
    const char *text = rho_lua_lib_text[i];
    const char *base = strrchr(rho_lua_lib_name[i], '/');
    char chunk[128];

    snprintf(chunk, sizeof chunk, "=rho/%s",
             base ? base + 1 : rho_lua_lib_name[i]);
    if (luaL_loadbufferx(L, text, strlen(text), chunk, "t") != LUA_OK)
        lua_error(L);      /* ..., err */
    lua_pushvalue(L, rho); /* ..., f, rho */
    lua_pushvalue(L, lib); /* ..., f, rho, lib */
    lua_call(L, 2, 0);     /* ... */
}

/*
 * rho.__index(rho, key): a name rho does not have yet may be in a file of
 * the library not loaded yet. Files are loaded in order until the name
 * appears (parsing the whole library is most of what a fresh state costs,
 * and most scripts -- and every scenario rho writes -- need only part).
 */
static int
l_rho_index(lua_State *L)
{
    lua_settop(L, 2);                                  /* rho, key */
    lua_getfield(L, LUA_REGISTRYINDEX, "rho.pending"); /* rho, key, pending */
    lua_getglobal(L, "_rholib");                       /* rho, key, p, lib */
    for (;;) {
        lua_Integer n = (lua_Integer)lua_rawlen(L, 3), next;
        if (n == 0)
            return 0;
        lua_rawgeti(L, 3, 1); /* rho, key, p, lib, i */
        next = lua_tointeger(L, -1);
        lua_pop(L, 1); /* rho, key, p, lib */
        for (lua_Integer k = 1; k < n; k++) {
            lua_rawgeti(L, 3, k + 1); /* rho, key, p, lib, i */
            lua_rawseti(L, 3, k);     /* rho, key, p, lib */
        }
        lua_pushnil(L);       /* rho, key, p, lib, nil */
        lua_rawseti(L, 3, n); /* rho, key, p, lib */
        load_lib(L, (int)next, 1, 4);
        lua_pushvalue(L, 2); /* rho, key, p, lib, key */
        if (lua_rawget(L, 1) != LUA_TNIL)
            return 1;  /* rho, key, p, lib, v */
        lua_pop(L, 1); /* rho, key, p, lib */
    }
}

/* The sandbox's table functions, in place of Lua's. */
static const luaL_Reg table_funcs[] = {
    {"move", l_move},
    {"insert", l_insert},
    {"remove", l_remove},
    {NULL, NULL},
};

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
    wrap(L, "rep", l_rep);       /* string */
    lua_pop(L, 1);               /* - */
    /* the table functions that loop in C over a count the script gives */
    lua_getglobal(L, "table");        /* table */
    luaL_setfuncs(L, table_funcs, 0); /* table */
    lua_pop(L, 1);                    /* - */
    /* deterministic math.random: seed 0 unless the script says otherwise */
    lua_getglobal(L, "math");          /* math */
    lua_getfield(L, -1, "randomseed"); /* math, randomseed */
    lua_pushinteger(L, 0);             /* math, randomseed, 0 */
    lua_call(L, 1, 0);                 /* math */
    lua_pop(L, 1);                     /* - */

    lua_newtable(L);                                /* seen */
    lua_setfield(L, LUA_REGISTRYINDEX, "rho.seen"); /* - */
    lua_newtable(L);                                /* list */
    lua_setfield(L, LUA_REGISTRYINDEX, "rho.read"); /* - */
    lx_register_types(L);
    lua_newtable(L); /* rho */
    lx_open_rho(L);
    lua_pushvalue(L, -1);        /* rho, rho */
    lua_setglobal(L, "rho");     /* rho */
    lua_newtable(L);             /* rho, lib */
    lua_pushvalue(L, -1);        /* rho, lib, lib */
    lua_setglobal(L, "_rholib"); /* rho, lib */
    /* the prelude now, the other files when a name is first missed */
    lua_newtable(L); /* rho, lib, pending */
    for (int i = 0; rho_lua_lib_name[i] != NULL; i++) {
        if (strcmp(rho_lua_lib_name[i], "lua/prelude.lua") == 0) {
            load_lib(L, i, 1, 2); /* rho, lib, pending */
        } else {
            lua_pushinteger(L, i); /* rho, lib, pending, i */
            lua_rawseti(L, 3, (lua_Integer)lua_rawlen(L, 3) + 1);
        }
    }
    lua_setfield(L, LUA_REGISTRYINDEX, "rho.pending"); /* rho, lib */
    lua_newtable(L);                                   /* rho, lib, mt */
    lua_pushcfunction(L, l_rho_index);                 /* rho, lib, mt, f */
    lua_setfield(L, -2, "__index");                    /* rho, lib, mt */
    lua_pushliteral(L, "rho");                         /* rho, lib, mt, s */
    lua_setfield(L, -2, "__metatable");                /* rho, lib, mt */
    lua_setmetatable(L, 1);                            /* rho, lib */
    lua_settop(L, 1);                                  /* rho */

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
    lua_pushcfunction(L, l_pcall);                 /* rho, env, pcall */
    lua_setfield(L, -2, "pcall");                  /* rho, env */
    lua_pushcfunction(L, l_xpcall);                /* rho, env, xpcall */
    lua_setfield(L, -2, "xpcall");                 /* rho, env */
    lua_pushcfunction(L, l_setmetatable);          /* rho, env, f */
    lua_setfield(L, -2, "setmetatable");           /* rho, env */
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

/* The end of line k (1-based) of c's text, newline included. */
static size_t
line_end(const struct chunk *c, int k)
{
    size_t i = 0;

    for (int line = 1; i < c->len; i++)
        if (c->text[i] == '\n' && ++line > k)
            return i + 1;
    return c->len;
}

/*
 * Lua's parser stops nesting at a fixed depth with "C stack overflow" and
 * no position. Find the line: the shortest prefix of whole lines whose
 * parse still overflows (parsing goes left to right, so a prefix
 * overflows exactly when it holds the token where the depth ran out).
 */
static int
overflow_line(lua_State *L, const struct chunk *c)
{
    int lo = 1, hi = 1;

    for (size_t i = 0; i < c->len; i++)
        hi += c->text[i] == '\n';
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2, over;
        over = luaL_loadbufferx(L, c->text, line_end(c, mid), c->name, "t") !=
                   LUA_OK &&
               strcmp(lua_tostring(L, -1), "C stack overflow") == 0;
        lua_pop(L, 1); /* c, err */
        if (over)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* Load and run the user's chunk (arg 1: struct chunk). */
static int
l_run(lua_State *L)
{
    const struct chunk *c = lua_touserdata(L, 1);
    struct scenario *s;

    if (c->len > 0 && c->text[0] == LUA_SIGNATURE[0]) {
        lua_pushfstring(L,
                        "%s: is a compiled Lua chunk; rho reads scenario "
                        "scripts as text",
                        c->name + 1); /* c, msg */
        return lua_error(L);
    }
    if (luaL_loadbufferx(L, c->text, c->len, c->name, "t") != LUA_OK) {
        const char *msg = lua_tostring(L, -1); /* c, err */
        if (msg != NULL && strcmp(msg, "C stack overflow") == 0)
            lua_pushfstring(L, "%s:%d: nested too deeply (C stack overflow)",
                            c->name + 1, overflow_line(L, c)); /* c, err, msg */
        return lua_error(L);
    }
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

/* Does msg start with "name:"? */
static int
names_file(const char *msg, const char *name)
{
    size_t n = strlen(name);

    return strncmp(msg, name, n) == 0 && msg[n] == ':';
}

/* The error message at the top of L into buf (n bytes), cut to fit, with
   its NULs written '?' as rho_err_set() writes other control characters
   (error("a\0b") would end at the "a"); NULL if there is none. */
static const char *
message(lua_State *L, char *buf, size_t n)
{
    size_t len;
    const char *msg = lua_tolstring(L, -1, &len);

    if (msg == NULL)
        return NULL;
    if (len >= n)
        len = n - 1;
    for (size_t i = 0; i < len; i++)
        buf[i] = msg[i] == '\0' ? '?' : msg[i];
    buf[len] = '\0';
    return buf;
}

/* The outcome of a run, into err (the run failed with status rc). */
static void
report(lua_State *L, struct lx_ctx *ctx, int rc, struct rho_err *err)
{
    const char *name = ctx->path;
    char text[2048];
    const char *msg = rc == LUA_OK ? NULL : message(L, text, sizeof text);

    if (rc == LUA_ERRMEM && ctx->fail_at > 0 && ctx->nalloc >= ctx->fail_at) {
        rho_err_set(err, RHO_ELIMIT,
                    "%s: out of memory (allocation %ld failed on purpose)",
                    name, ctx->fail_at);
        return;
    }
    if (ctx->mem_over)
        stop(L, ctx, LX_STOP_MEM);
    if (ctx->stopped != 0) {
        char what[256];
        int line = run_of(ctx)->stop_line;
        /* the line it was stopped at, which the stop messages name; else
           a message raised later with one; else where the hook last saw
           the script (the frames could not be read) */
        stop_message(ctx, what, sizeof what);
        if (line == 0 && msg != NULL && strstr(msg, "script stopped") != NULL &&
            names_file(msg, name)) {
            rho_err_set(err, RHO_ELIMIT, "%s", msg);
            return;
        }
        if (line == 0)
            line = ctx->last_line;
        if (line > 0)
            rho_err_set(err, RHO_ELIMIT, "%s:%d: %s", name, line, what);
        else
            rho_err_set(err, RHO_ELIMIT, "%s: %s", name, what);
    } else if (rc == LUA_ERRMEM) {
        rho_err_set(err, RHO_ELIMIT, "%s: out of memory", name);
    } else if (msg == NULL) {
        rho_err_set(err, RHO_EINPUT, "%s: error in the script", name);
    } else if (names_file(msg, name)) {
        rho_err_set(err, ctx->refused ? RHO_ELIMIT : RHO_EINPUT, "%s", msg);
    } else {
        /* every message names the file ("error in error handling" comes
           without) */
        rho_err_set(err, ctx->refused ? RHO_ELIMIT : RHO_EINPUT, "%s: %s",
                    name, msg);
    }
}

/* Run a script in this process; a UTF-8 byte order mark and a leading
   "#!" line after it are allowed, as in lua(1): the text after the mark
   runs (it is on line 1: lines hold), or a copy with that line blanked
   out (the same length: lines and offsets hold). */
struct scenario *
lx_run_text(const char *name, const char *text, size_t len,
            const struct lx_opts *o, struct rho_err *err)
{
    struct strbuf copy;
    struct scenario *s;
    size_t i = 0;

    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
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
    struct run run;
    struct lx_ctx *ctx = &run.ctx;
    struct scenario *s = NULL;
    lua_State *L;
    char chunkname[1024];
    int rc;

    memset(&run, 0, sizeof run);
    ctx->path = name;
    ctx->dir_of = o ? o->dir_of : NULL;
    ctx->hook_every = 1000;
    ctx->budget = ((o && o->max_instructions) ? o->max_instructions
                                              : LX_DEFAULT_INSTRUCTIONS) /
                  ctx->hook_every;
    if (ctx->budget < 1)
        ctx->budget = 1;
    ctx->max_mem = (o && o->max_memory) ? o->max_memory : LX_DEFAULT_MEMORY;
    ctx->max_seconds = lx_seconds(o);
    ctx->deadline = rho_wall() + ctx->max_seconds;
    ctx->fail_at = o ? o->fail_alloc_at : 0;
    ctx->log = o ? o->log : NULL;
    ctx->params = o ? o->params : NULL;
    ctx->params_read = o ? o->params_read : NULL;
    ctx->text = text;
    ctx->len = len;

    L = lua_newstate(lx_alloc, ctx);
    if (L == NULL) {
        if (ctx->fail_at > 0)
            rho_err_set(err, RHO_ELIMIT,
                        "%s: out of memory (allocation %ld failed on purpose)",
                        name, ctx->fail_at);
        else
            rho_err_set(err, RHO_ELIMIT, "%s: not enough memory for Lua", name);
        return NULL;
    }
    run.L = L;
    lua_setwarnf(L, NULL, NULL);

    /* nothing that allocates may run outside lua_pcall: no panics */
    lua_pushcfunction(L, l_msgh);  /* msgh */
    lua_pushcfunction(L, l_setup); /* msgh, setup */
    lua_pushlightuserdata(L, ctx); /* msgh, setup, ctx */
    rc = lua_pcall(L, 1, 0, 1);
    if (rc == LUA_OK) {
        struct chunk c = {text, len, chunkname};
        snprintf(chunkname, sizeof chunkname, "@%s", name);
        /* the first call after one instruction, then every hook_every:
           the script's first line is known at once (see lx_hook) */
        lua_sethook(L, lx_hook, LUA_MASKCOUNT, 1);
        lua_pushcfunction(L, l_run);  /* msgh, run */
        lua_pushlightuserdata(L, &c); /* msgh, run, c */
        rc = lua_pcall(L, 1, 1, 1);   /* msgh, s | err */
    }
    if (rc == LUA_OK && ctx->stopped == 0 && !ctx->mem_over) {
        s = lua_touserdata(L, -1);
    } else {
        if (rc == LUA_OK) /* the script caught a budget error, went on */
            scenario_free(lua_touserdata(L, -1));
        report(L, ctx, rc, err);
    }
    copy_reads(L, ctx->params_read);
    lua_close(L);
    return s;
}

double
lx_seconds(const struct lx_opts *o)
{
    return (o && o->max_seconds > 0) ? o->max_seconds : LX_DEFAULT_SECONDS;
}

/* f to its end into sb: at most LX_MAX_SCRIPT bytes. */
static int
read_stream(FILE *f, const char *name, struct strbuf *sb, struct rho_err *err)
{
    char buf[8192];
    size_t n;

    /* a short count is the end (or an error): on a terminal, the
       Ctrl-D that ended it must not be asked for a second time */
    do {
        n = fread(buf, 1, sizeof buf, f);
        if (sb->len + n > LX_MAX_SCRIPT)
            return rho_err_set(err, RHO_ELIMIT,
                               "%s: larger than %d MiB: too large for a "
                               "scenario script",
                               name, LX_MAX_SCRIPT >> 20);
        strbuf_add(sb, buf, n);
    } while (n == sizeof buf);
    if (ferror(f))
        return rho_err_set(err, RHO_EIO, "%s: cannot read: %s", name,
                           strerror(errno));
    return 0;
}

int
lx_read_script(const char *path, struct strbuf *sb, struct rho_err *err)
{
    FILE *f = fopen(path, "rb");
    int rc;

    if (f == NULL)
        return rho_err_set(err, RHO_EIO, "%s: cannot open: %s", path,
                           strerror(errno));
    rc = read_stream(f, path, sb, err);
    fclose(f);
    return rc;
}

int
lx_read_stdin(const char *name, struct strbuf *sb, struct rho_err *err)
{
    return read_stream(stdin, name, sb, err);
}
