/*
 * lx_rho: the C primitives of the rho module -- units, a seeded random
 * generator, parameters -- and the userdata types. Policy (builders,
 * traffic, placements, presets) lives in the files in lua/.
 */
#include <lauxlib.h>
#include <lua.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rng.h"
#include "core/base/units.h"
#include "script/lx_int.h"

/* Convert the value at idx (number or string with unit) or raise. */
static double
check_quantity(lua_State *L, int idx, enum unit_kind kind)
{
    struct rho_err err;
    double v;

    if (lua_type(L, idx) == LUA_TNUMBER) {
        v = lua_tonumber(L, idx);
        if (!(v >= 0))
            lx_error(L, "%s must be >= 0, got %f", units_kind_name(kind), v);
        return v;
    }
    if (lua_type(L, idx) != LUA_TSTRING)
        lx_error(L, "expected a %s (a number or a string such as %s), got %s",
                 units_kind_name(kind),
                 kind == UNIT_SIZE   ? "'300 MiB'"
                 : kind == UNIT_RATE ? "'11.6 GiB/s'"
                                     : "'2 ms'",
                 luaL_typename(L, idx));
    if (units_parse(kind, lua_tostring(L, idx), &v, &err) != 0)
        lx_error(L, "%s", err.msg);
    return v;
}

static int
l_bytes(lua_State *L)
{
    lua_pushnumber(L, check_quantity(L, 1, UNIT_SIZE));
    return 1;
}

static int
l_rate(lua_State *L)
{
    lua_pushnumber(L, check_quantity(L, 1, UNIT_RATE));
    return 1;
}

static int
l_time(lua_State *L)
{
    lua_pushnumber(L, check_quantity(L, 1, UNIT_TIME));
    return 1;
}

/* rho.param(name, default): an override from the command line, or default */
static int
l_param(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    struct lx_ctx *c = lx_ctx(L);
    size_t n = strlen(name);

    luaL_checkany(L, 2);
    lx_param_read(L, name);
    for (int i = 0; c->params && c->params[i]; i++) {
        const char *p = c->params[i];
        if (strncmp(p, name, n) == 0 && p[n] == '=') {
            if (lua_type(L, 2) == LUA_TNUMBER) {
                /* "2" is an integer, "2.5" a float, as Lua reads them */
                if (lua_stringtonumber(L, p + n + 1) == 0) /* v */
                    return lx_error(L,
                                    "parameter %s: expected a number, got "
                                    "'%s'",
                                    name, p + n + 1);
            } else if (lua_type(L, 2) == LUA_TBOOLEAN) {
                const char *v = p + n + 1;
                int yes = strcmp(v, "true") == 0 || strcmp(v, "1") == 0;
                if (!yes && strcmp(v, "false") != 0 && strcmp(v, "0") != 0)
                    return lx_error(L,
                                    "parameter %s: expected true, false, 1 "
                                    "or 0, got '%s'",
                                    name, v);
                lua_pushboolean(L, yes);
            } else {
                lua_pushstring(L, p + n + 1);
            }
            return 1;
        }
    }
    lua_settop(L, 2);
    return 1;
}

/* ---- rho.rng(seed): the core's xoshiro256**, for reproducible scripts ---- */

static struct rng *
check_rng(lua_State *L, int idx)
{
    return luaL_checkudata(L, idx, LX_RNG);
}

static int
l_rng_new(lua_State *L)
{
    lua_Integer seed = luaL_checkinteger(L, 1);
    struct rng *r = lua_newuserdatauv(L, sizeof *r, 0); /* seed, r */

    rng_init(r, (uint64_t)seed);
    luaL_setmetatable(L, LX_RNG);
    return 1;
}

/* r:random() -> [0, 1) */
static int
l_rng_random(lua_State *L)
{
    lua_pushnumber(L, rng_double(check_rng(L, 1)));
    return 1;
}

/* r:below(n) -> integer in [0, n) */
static int
l_rng_below(lua_State *L)
{
    struct rng *r = check_rng(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);

    luaL_argcheck(L, n > 0, 2, "must be > 0");
    lua_pushinteger(L, (lua_Integer)rng_below(r, (uint64_t)n));
    return 1;
}

/* r:shuffle(t): shuffle the list t in place; returns t */
static int
l_rng_shuffle(lua_State *L)
{
    struct rng *r = check_rng(L, 1);
    lua_Integer n;

    luaL_checktype(L, 2, LUA_TTABLE);
    n = (lua_Integer)lua_rawlen(L, 2);
    for (lua_Integer i = n; i > 1; i--) {
        lua_Integer j = 1 + (lua_Integer)rng_below(r, (uint64_t)i);
        lua_rawgeti(L, 2, i); /* r, t, t[i] */
        lua_rawgeti(L, 2, j); /* r, t, t[i], t[j] */
        lua_rawseti(L, 2, i); /* r, t, t[i] */
        lua_rawseti(L, 2, j); /* r, t */
    }
    lua_settop(L, 2);
    return 1;
}

static const luaL_Reg rng_meth[] = {
    {"random", l_rng_random},
    {"below", l_rng_below},
    {"shuffle", l_rng_shuffle},
    {NULL, NULL},
};

static int
l_scen_gc(lua_State *L)
{
    struct scenario **u = luaL_checkudata(L, 1, LX_SCENARIO);

    scenario_free(*u); /* NULL-safe */
    *u = NULL;
    return 0;
}

static int
l_scen_tostring(lua_State *L)
{
    struct scenario **u = luaL_checkudata(L, 1, LX_SCENARIO);

    if (*u == NULL)
        lua_pushliteral(L, "rho.scenario (taken)");
    else {
        char nf[48];
        lua_pushfstring(L, "rho.scenario '%s' (%s)", (*u)->title,
                        units_fmt_count(nf, sizeof nf, (*u)->nflows, "flow"));
    }
    return 1;
}

void
lx_register_types(lua_State *L)
{
    /* every type's metatable is hidden (__metatable): a script that
       could reach one could give it a __gc, a finalizer that runs outside
       the budgets */
    luaL_newmetatable(L, LX_RNG);          /* mt */
    luaL_newlib(L, rng_meth);              /* mt, methods */
    lua_setfield(L, -2, "__index");        /* mt */
    lua_pushliteral(L, "rho.rng");         /* mt, name */
    lua_setfield(L, -2, "__metatable");    /* mt */
    lua_pop(L, 1);                         /* - */
    luaL_newmetatable(L, LX_SCENARIO);     /* mt */
    lua_pushcfunction(L, l_scen_gc);       /* mt, gc */
    lua_setfield(L, -2, "__gc");           /* mt */
    lua_pushcfunction(L, l_scen_tostring); /* mt, f */
    lua_setfield(L, -2, "__tostring");     /* mt */
    lua_pushliteral(L, "rho.scenario");    /* mt, name */
    lua_setfield(L, -2, "__metatable");    /* mt */
    lua_pop(L, 1);                         /* - */
}

struct scenario *
lx_take_scenario(lua_State *L, int idx)
{
    struct scenario **u = luaL_testudata(L, idx, LX_SCENARIO);
    struct scenario *s;

    if (u == NULL)
        return NULL;
    s = *u;
    *u = NULL;
    return s;
}

static const luaL_Reg rho_funcs[] = {
    {"bytes", l_bytes}, {"rate", l_rate},   {"time", l_time},
    {"param", l_param}, {"rng", l_rng_new}, {"scenario", lx_l_scenario},
    {NULL, NULL},
};

void
lx_open_rho(lua_State *L)
{
    luaL_setfuncs(L, rho_funcs, 0); /* rho */
    lx_open_net(L);                 /* rho */
    lx_open_hwloc(L);               /* rho */
    lx_open_rubik(L);               /* rho */
    lua_pushliteral(L, RHO_VERSION);
    lua_setfield(L, -2, "version");
}
