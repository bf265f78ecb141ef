/*
 * lx_rubik: Rubik's boxes in Lua (core/net/rubik.h), so that a scenario
 * states a torus mapping as the thesis's Rubik scripts do (Jain Fig.
 * 3.4):
 *
 *   local torus = rho.rubik.autobox(net, 32)     -- A x B x C x D x E x T
 *   local app = rho.rubik.box { mp_r, 16, 32 }
 *   torus:tile { 4, 4, 4, 4, 2, 1 }
 *   app:tile { 8, 8, 8 }
 *   torus:map(app)
 *   return rho.scenario { ..., placement = torus }
 *
 * A "rho.rubik" userdata is a partition of a box: the box (one reference)
 * and a node index; the partitions of a cut are new userdata on the same
 * box. Axes count from 1 (Rubik's from 0); coordinates from 0, as the
 * torus's.
 */
#include <lauxlib.h>
#include <lua.h>
#include <stdio.h>
#include <string.h>

#include "core/net/rubik.h"
#include "script/lx_int.h"

struct lx_rubik {
    struct rubik *b; /* one reference; NULL only while being made */
    int node;
};

static struct lx_rubik *
check_box(lua_State *L, int idx)
{
    struct lx_rubik *u = luaL_checkudata(L, idx, LX_RUBIK);

    luaL_argcheck(L, u->b != NULL, idx, "the box is gone");
    return u;
}

struct rubik *
lx_test_rubik(lua_State *L, int idx)
{
    struct lx_rubik *u = luaL_testudata(L, idx, LX_RUBIK);

    return u != NULL && u->node == 0 ? u->b : NULL;
}

/* Push a partition of b (takes a new reference). */
static void
push_part(lua_State *L, struct rubik *b, int node)
{
    struct lx_rubik *u = lua_newuserdatauv(L, sizeof *u, 0); /* part */

    u->b = NULL; /* consistent before anything throws */
    luaL_setmetatable(L, LX_RUBIK);
    u->b = rubik_ref(b);
    u->node = node;
}

/* A list of n (or, if n < 0, 1..RUBIK_MAX_DIMS) integers >= lo at idx. */
static int
int_list(lua_State *L, int idx, int *out, int n, int lo, const char *what)
{
    int len;

    luaL_checktype(L, idx, LUA_TTABLE);
    len = (int)lua_rawlen(L, idx);
    if (n >= 0 && len != n)
        return lx_error(L, "%s: give %d numbers, one per dimension, not %d",
                        what, n, len);
    if (len < 1 || len > RUBIK_MAX_DIMS)
        return lx_error(L, "%s: 1 to %d dimensions, not %d", what,
                        RUBIK_MAX_DIMS, len);
    for (int k = 0; k < len; k++) {
        lua_Integer v;
        lua_rawgeti(L, idx, k + 1); /* ..., v */
        if (!lua_isinteger(L, -1) || (v = lua_tointeger(L, -1)) < lo ||
            v > 1 << 30)
            return lx_error(L, "%s: entry %d must be an integer >= %d", what,
                            k + 1, lo);
        out[k] = (int)v;
        lua_pop(L, 1);
    }
    return len;
}

/* rho.rubik.box{ d1, d2, ... }: elements 0..n-1 in row-major order */
static int
l_box(lua_State *L)
{
    int shape[RUBIK_MAX_DIMS],
        nd = int_list(L, 1, shape, -1, 1, "rho.rubik.box");
    struct lx_rubik *u = lua_newuserdatauv(L, sizeof *u, 0); /* box */
    struct rho_err err;

    u->b = NULL;
    u->node = 0;
    luaL_setmetatable(L, LX_RUBIK);
    if ((u->b = rubik_new(nd, shape, &err)) == NULL)
        return lx_error(L, "rho.rubik.box: %s", err.msg);
    return 1;
}

/* rho.rubik.autobox(net [, tasks_per_node]): the torus's dimensions, then
   T (default: the slots of a router) */
static int
l_autobox(lua_State *L)
{
    const struct net *net = lx_test_net(L, 1, NULL);
    const struct net_torus_params *tp = net ? net_torus(net) : NULL;
    int shape[RUBIK_MAX_DIMS], slots;
    lua_Integer t;
    struct lx_rubik *u;
    struct rho_err err;

    if (tp == NULL)
        return lx_error(L, "rho.rubik.autobox: give a torus (rho.torus{} or "
                           "a BG/Q preset)");
    slots = tp->nodes_per_router * tp->cores;
    t = luaL_optinteger(L, 2, slots);
    if (t < 1 || t > slots)
        return lx_error(L,
                        "rho.rubik.autobox: %I tasks per node, the torus "
                        "has %d slots a router",
                        t, slots);
    for (int k = 0; k < tp->nd; k++)
        shape[k] = tp->dim[k];
    shape[tp->nd] = (int)t;
    u = lua_newuserdatauv(L, sizeof *u, 0); /* box */
    u->b = NULL;
    u->node = 0;
    luaL_setmetatable(L, LX_RUBIK);
    if ((u->b = rubik_new(tp->nd + 1, shape, &err)) == NULL)
        return lx_error(L, "rho.rubik.autobox: %s", err.msg);
    return 1;
}

static int
cut(lua_State *L, int how, const char *what)
{
    struct lx_rubik *u = check_box(L, 1);
    int shape[RUBIK_MAX_DIMS], arg[RUBIK_MAX_DIMS];
    int nd = rubik_shape(u->b, u->node, shape);
    struct rho_err err;

    int_list(L, 2, arg, nd, 1, what);
    if (rubik_cut(u->b, u->node, how, arg, &err) != 0)
        return lx_error(L, "%s", err.msg);
    lua_settop(L, 1); /* self */
    return 1;
}

/* box:tile{...}, box:div{...}, box:mod{...} */
static int
l_tile(lua_State *L)
{
    return cut(L, RUBIK_TILE, "rubik tile");
}

static int
l_div(lua_State *L)
{
    return cut(L, RUBIK_DIV, "rubik div");
}

static int
l_mod(lua_State *L)
{
    return cut(L, RUBIK_MOD, "rubik mod");
}

/* The axis and direction arguments at 2 and 3 (from 1) as Rubik's
   (from 0), checked against the partition u. */
static void
axes_args(lua_State *L, const struct lx_rubik *u, const char *what, int *axis,
          int *dir)
{
    int shape[RUBIK_MAX_DIMS], nd = rubik_shape(u->b, u->node, shape);
    lua_Integer a = luaL_checkinteger(L, 2), d = luaL_checkinteger(L, 3);

    if (a < 1 || a > nd || d < 1 || d > nd)
        lx_error(L,
                 "rubik %s: axes %I and %I of a box of %d dimensions "
                 "(they count from 1)",
                 what, a, d, nd);
    if (a == d)
        lx_error(L, "rubik %s: the axis and the direction are both %I", what,
                 a);
    *axis = (int)a - 1;
    *dir = (int)d - 1;
}

/* box:tilt(axis, dir [, slope = 1]) */
static int
l_tilt(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int axis, dir, slope = (int)luaL_optinteger(L, 4, 1);
    struct rho_err err;

    axes_args(L, u, "tilt", &axis, &dir);
    if (rubik_tilt(u->b, u->node, axis, dir, slope, &err) != 0)
        return lx_error(L, "%s", err.msg);
    lua_settop(L, 1);
    return 1;
}

/* box:shear(axis, dir [, slope = 1]) */
static int
l_shear(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int axis, dir, slope = (int)luaL_optinteger(L, 4, 1);
    struct rho_err err;

    axes_args(L, u, "shear", &axis, &dir);
    if (rubik_shear(u->b, u->node, axis, dir, slope, &err) != 0)
        return lx_error(L, "%s", err.msg);
    lua_settop(L, 1);
    return 1;
}

/* box:zigzag(axis, dir [, depth = 1 [, stride = 1]]) */
static int
l_zigzag(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int axis, dir, depth = (int)luaL_optinteger(L, 4, 1);
    int stride = (int)luaL_optinteger(L, 5, 1);
    struct rho_err err;

    axes_args(L, u, "zigzag", &axis, &dir);
    if (rubik_zigzag(u->b, u->node, axis, dir, depth, stride, &err) != 0)
        return lx_error(L, "%s", err.msg);
    lua_settop(L, 1);
    return 1;
}

/* box:transpose{ axes... } (a permutation of 1..nd) */
static int
l_transpose(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int shape[RUBIK_MAX_DIMS], axes[RUBIK_MAX_DIMS];
    int nd = rubik_shape(u->b, u->node, shape);
    struct rho_err err;

    int_list(L, 2, axes, nd, 1, "rubik transpose");
    for (int k = 0; k < nd; k++)
        axes[k]--;
    if (rubik_transpose(u->b, u->node, axes, &err) != 0)
        return lx_error(L,
                        "rubik transpose: the axes must be a permutation "
                        "of 1..%d",
                        nd);
    lua_settop(L, 1);
    return 1;
}

/* box:map(other): other's elements onto this box, partition by partition */
static int
l_map(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1), *o = check_box(L, 2);
    struct rho_err err;

    if (rubik_map(u->b, u->node, o->b, o->node, &err) != 0)
        return lx_error(L, "%s", err.msg);
    lua_settop(L, 1);
    return 1;
}

/* box:children(): the partitions of the last cut, in order ({} if none) */
static int
l_children(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int first, n = rubik_children(u->b, u->node, &first);

    lua_createtable(L, n, 0); /* self, list */
    for (int i = 0; i < n; i++) {
        push_part(L, u->b, first + i); /* self, list, part */
        lua_rawseti(L, -2, i + 1);     /* self, list */
    }
    return 1;
}

/* The leaves under node into the list at the top. */
static void
push_leaves(lua_State *L, struct rubik *b, int node)
{
    int first, n = rubik_children(b, node, &first);

    if (n == 0) {
        push_part(L, b, node);                                  /* list, part */
        lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1); /* list */
        return;
    }
    for (int i = 0; i < n; i++)
        push_leaves(L, b, first + i);
}

/* box:leaves(): the partitions that are not cut, depth first */
static int
l_leaves(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);

    lua_newtable(L); /* self, list */
    push_leaves(L, u->b, u->node);
    return 1;
}

/* box:size() */
static int
l_size(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);

    lua_pushinteger(L, (lua_Integer)rubik_size(u->b, u->node));
    return 1;
}

/* box:shape() */
static int
l_shape(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int shape[RUBIK_MAX_DIMS], nd = rubik_shape(u->b, u->node, shape);

    lua_createtable(L, nd, 0); /* self, list */
    for (int k = 0; k < nd; k++) {
        lua_pushinteger(L, shape[k]); /* self, list, v */
        lua_rawseti(L, -2, k + 1);    /* self, list */
    }
    return 1;
}

/* box:where(e): the coordinates (from 0) of element e in the whole box --
   after torus:map(app), where rank e runs (Rubik's map file line) */
static int
l_where(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    lua_Integer e = luaL_checkinteger(L, 2);
    int shape[RUBIK_MAX_DIMS], nd = rubik_shape(u->b, 0, shape);
    long long pos;

    if (e < 0 || e >= rubik_size(u->b, 0) ||
        (pos = rubik_where(u->b, (int)e)) < 0)
        return lx_error(L, "rubik where: no element %I", e);
    lua_createtable(L, nd, 0); /* self, e, list */
    for (int k = nd - 1; k >= 0; k--) {
        lua_pushinteger(L, (lua_Integer)(pos % shape[k])); /* ..., list, v */
        lua_rawseti(L, -2, k + 1);                         /* ..., list */
        pos /= shape[k];
    }
    return 1;
}

/* box:at{ coordinates }: the element there */
static int
l_at(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int shape[RUBIK_MAX_DIMS], x[RUBIK_MAX_DIMS];
    int nd = rubik_shape(u->b, 0, shape);
    long long pos = 0;

    int_list(L, 2, x, nd, 0, "rubik at");
    for (int k = 0; k < nd; k++) {
        if (x[k] >= shape[k])
            return lx_error(L, "rubik at: coordinate %d is %d, the box has %d",
                            k + 1, x[k], shape[k]);
        pos = pos * shape[k] + x[k];
    }
    lua_pushinteger(L, rubik_at(u->b, pos));
    return 1;
}

static int
l_rubik_gc(lua_State *L)
{
    struct lx_rubik *u = luaL_checkudata(L, 1, LX_RUBIK);

    rubik_free(u->b); /* NULL-safe */
    u->b = NULL;
    return 0;
}

static int
l_rubik_tostring(lua_State *L)
{
    struct lx_rubik *u = check_box(L, 1);
    int shape[RUBIK_MAX_DIMS], nd = rubik_shape(u->b, u->node, shape);
    luaL_Buffer buf;

    luaL_buffinit(L, &buf);
    luaL_addstring(&buf, "rho.rubik ");
    for (int k = 0; k < nd; k++) {
        char d[16];
        snprintf(d, sizeof d, "%s%d", k ? "x" : "", shape[k]);
        luaL_addstring(&buf, d);
    }
    luaL_pushresult(&buf); /* self, s */
    return 1;
}

static const luaL_Reg rubik_meth[] = {
    {"tile", l_tile},           {"div", l_div},     {"mod", l_mod},
    {"tilt", l_tilt},           {"shear", l_shear}, {"zigzag", l_zigzag},
    {"transpose", l_transpose}, {"map", l_map},     {"children", l_children},
    {"leaves", l_leaves},       {"size", l_size},   {"shape", l_shape},
    {"where", l_where},         {"at", l_at},       {NULL, NULL},
};

static const luaL_Reg rubik_funcs[] = {
    {"box", l_box},
    {"autobox", l_autobox},
    {NULL, NULL},
};

void
lx_open_rubik(lua_State *L)
{
    luaL_newmetatable(L, LX_RUBIK);         /* rho, mt */
    luaL_newlib(L, rubik_meth);             /* rho, mt, methods */
    lua_setfield(L, -2, "__index");         /* rho, mt */
    lua_pushcfunction(L, l_rubik_gc);       /* rho, mt, gc */
    lua_setfield(L, -2, "__gc");            /* rho, mt */
    lua_pushcfunction(L, l_rubik_tostring); /* rho, mt, f */
    lua_setfield(L, -2, "__tostring");      /* rho, mt */
    lua_pushliteral(L, "rho.rubik");        /* rho, mt, name */
    lua_setfield(L, -2, "__metatable");     /* rho, mt */
    lua_pop(L, 1);                          /* rho */
    luaL_newlib(L, rubik_funcs);            /* rho, rubik */
    lua_setfield(L, -2, "rubik");           /* rho */
}
