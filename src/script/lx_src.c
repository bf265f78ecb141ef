/*
 * lx_src: where the table given to rho.scenario was written, so that an
 * error about a field, a flow, a job or a placement entry names the line
 * of that field or flow, not the line of the call.
 *
 * At each rho.scenario call the user's text is scanned (core/base/lscan)
 * for the constructor passed to the call on the caller's line, and the
 * tables the script made are paired with the constructors that made them:
 * the table given to the call with the root constructor (when its keys
 * are the constructor's names: the call is that constructor's), a field's
 * table with the constructor written as that field's value, and a list's
 * k-th table with its k-th item when the list's length is its item count.
 * A name the text makes just once as `local NAME = { ... }` and mentions
 * nowhere else (lscan's alias; also `rho.scenario(NAME)`) stands for that
 * constructor. Nothing is inferred beyond that: a table built elsewhere
 * (a loop, a local changed after) has no pairing, and its errors keep the
 * line of the call or the line its builder recorded.
 *
 * The map lives in a userdata in the registry (freed by its __gc); the
 * pairing is a Lua table (made table -> constructor index), made afresh at
 * each call. The line errors use while a table is read is the context's
 * at_line (lx_at()), used by lx_push_where() only while rho.scenario
 * itself runs.
 */
#include <lauxlib.h>
#include <lua.h>
#include <string.h>

#include "core/base/lscan.h"
#include "script/lx_int.h"

#define LX_SRCMAP "rho.srcmap"
#define MAX_PAIR_DEPTH 6

static const char box_key = 0;   /* registry: the map's userdata */
static const char pairs_key = 0; /* registry: table -> constructor */

struct srcbox {
    struct lscan_map map;
    int scanned; /* map is of line (ok says whether it was found) */
    int line;
    int ok;
};

static int
l_box_gc(lua_State *L)
{
    struct srcbox *b = luaL_checkudata(L, 1, LX_SRCMAP);

    lscan_fini(&b->map);
    b->scanned = b->ok = 0;
    return 0;
}

/* The state's box, made on first use. */
static struct srcbox *
box(lua_State *L)
{
    struct srcbox *b;

    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &box_key) == LUA_TUSERDATA) { /* b */
        b = lua_touserdata(L, -1);
        lua_pop(L, 1); /* - */
        return b;
    }
    lua_pop(L, 1);                          /* - */
    b = lua_newuserdatauv(L, sizeof *b, 0); /* b */
    memset(b, 0, sizeof *b);                /* consistent first */
    if (luaL_newmetatable(L, LX_SRCMAP)) {  /* b, mt */
        lua_pushcfunction(L, l_box_gc);     /* b, mt, gc */
        lua_setfield(L, -2, "__gc");        /* b, mt */
    }
    lua_setmetatable(L, -2);                     /* b */
    lua_rawsetp(L, LUA_REGISTRYINDEX, &box_key); /* - */
    return b;
}

/* Has constructor ct a `[key] = value` field (which may overwrite any
   other)? */
static int
has_bracket(const struct lscan_map *m, int ct)
{
    for (int i = 0; i < m->table[ct].n; i++)
        if (m->field[m->table[ct].first + i].bracket)
            return 1;
    return 0;
}

/* Are the string keys of the table at t all names written in ct? */
static int
keys_written(lua_State *L, int t, const struct lscan_map *m, int ct,
             const char *text)
{
    int ok = 1;

    lua_pushnil(L);                     /* nil */
    while (ok && lua_next(L, t) != 0) { /* key, value */
        lua_pop(L, 1);                  /* key */
        if (lua_type(L, -1) == LUA_TSTRING)
            ok = lscan_named(m, ct, text, lua_tostring(L, -1)) != NULL;
        else
            ok = lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 &&
                 lua_tointeger(L, -1) <= m->table[ct].items;
    }
    if (!ok)
        lua_pop(L, 1); /* - */
    return ok;
}

/* Pair the table at t (a table) with constructor ct, and its fields'
   tables with theirs. pairs is the index of the pairing table. */
static void
pair(lua_State *L, int t, int ct, int pairs, const struct lscan_map *m,
     const char *text, int depth)
{
    const struct lscan_table *tb = &m->table[ct];
    int list_ok;

    if (has_bracket(m, ct) || depth > MAX_PAIR_DEPTH)
        return;
    luaL_checkstack(L, 4, "scenario nested too deep");
    lua_pushvalue(L, t);    /* t */
    lua_pushinteger(L, ct); /* t, ct */
    lua_rawset(L, pairs);   /* - */
    /* as many values as items: a call as the last item gave one */
    list_ok = (lua_Integer)lua_rawlen(L, t) == tb->items;
    for (int i = 0; i < tb->n; i++) {
        const struct lscan_field *f = &m->field[tb->first + i];
        int sub = f->kind == LSCAN_TABLE ? f->table : f->alias;
        if (sub < 0)
            continue;
        if (f->nlen > 0) {
            lua_pushlstring(L, text + f->name, f->nlen); /* name */
            lua_rawget(L, t);                            /* v */
        } else if (f->index > 0 && list_ok) {
            lua_rawgeti(L, t, f->index); /* v */
        } else {
            continue;
        }
        if (lua_type(L, -1) == LUA_TTABLE)
            pair(L, lua_gettop(L), sub, pairs, m, text, depth + 1);
        lua_pop(L, 1); /* - */
    }
}

int
lx_src_begin(lua_State *L, int t)
{
    struct lx_ctx *c = lx_ctx(L);
    struct srcbox *b = box(L);
    int line = lx_user_line(L), pairs;

    t = lua_absindex(L, t);
    c->at_line = 0;
    lua_newtable(L);                               /* pairs */
    lua_pushvalue(L, -1);                          /* pairs, pairs */
    lua_rawsetp(L, LUA_REGISTRYINDEX, &pairs_key); /* pairs */
    pairs = lua_gettop(L);
    if (c->text != NULL && line > 0 && (!b->scanned || b->line != line)) {
        lscan_fini(&b->map);
        b->ok = lscan_call(&b->map, c->text, c->len, "rho.scenario", line) == 0;
        b->scanned = 1;
        b->line = line;
    }
    if (c->text != NULL && line > 0 && b->ok &&
        keys_written(L, t, &b->map, 0, c->text))
        pair(L, t, 0, pairs, &b->map, c->text, 0);
    lua_pop(L, 1); /* - */
    return line;
}

/* The map and the constructor paired with the table at idx, or NULL. */
static const struct lscan_map *
ctor_of(lua_State *L, int idx, int *ct)
{
    struct srcbox *b;
    int found;

    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE)
        return NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &pairs_key) != LUA_TTABLE) {
        lua_pop(L, 1); /* - */
        return NULL;
    }
    lua_pushvalue(L, idx);                    /* pairs, t */
    found = lua_rawget(L, -2) == LUA_TNUMBER; /* pairs, ct */
    *ct = (int)lua_tointeger(L, -1);
    lua_pop(L, 2); /* - */
    b = box(L);
    if (!found || !b->ok || *ct < 0 || *ct >= b->map.ntable)
        return NULL;
    return &b->map;
}

int
lx_src_field(lua_State *L, int idx, const char *name)
{
    const struct lscan_map *m;
    const struct lscan_field *f;
    int ct;

    if ((m = ctor_of(L, idx, &ct)) == NULL)
        return 0;
    f = lscan_named(m, ct, lx_ctx(L)->text, name);
    return f ? f->line : 0;
}

int
lx_src_item(lua_State *L, int idx, int k)
{
    const struct lscan_map *m;
    const struct lscan_field *f;
    int ct;

    if ((m = ctor_of(L, idx, &ct)) == NULL ||
        (lua_Integer)lua_rawlen(L, idx) != m->table[ct].items)
        return 0;
    f = lscan_item(m, ct, k);
    return f ? f->line : 0;
}

int
lx_src_table(lua_State *L, int idx)
{
    const struct lscan_map *m;
    int ct;

    if ((m = ctor_of(L, idx, &ct)) == NULL)
        return 0;
    return m->table[ct].line;
}

void
lx_at(lua_State *L, int line)
{
    lx_ctx(L)->at_line = line;
}

void
lx_at_field(lua_State *L, int idx, const char *name)
{
    int line = lx_src_field(L, idx, name);

    if (line > 0)
        lx_at(L, line);
}

void
lx_at_item(lua_State *L, int idx, int k)
{
    int line = lx_src_item(L, idx, k);

    if (line > 0)
        lx_at(L, line);
}
