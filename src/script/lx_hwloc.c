/*
 * lx_hwloc: rho.hwloc(path [, { efficiency =, intersocket = }]) -- a real
 * machine read from hwloc XML, as a topology table.
 *
 * This is the one file a scenario may read. The path is relative to the
 * scenario's own folder, ends in ".xml", and may not be absolute or climb
 * out with "..". The importer (import/) writes the topology as a Lua
 * expression -- the same text `rho --import hwloc` prints -- and it is
 * loaded here as a text chunk whose only global is rho, so both give the
 * same topology. The text is held by a userdata while Lua runs, so that
 * an error (which longjmps) leaves nothing behind.
 */
#include <lauxlib.h>
#include <lua.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/base/strbuf.h"
#include "core/base/units.h"
#include "import/hwloc_import.h"
#include "script/lx_int.h"

#define LX_TEXT "rho.text" /* a strbuf owned by a userdata */

static const char *const hwloc_fields[] = {"efficiency", "intersocket", NULL};

static int
l_text_gc(lua_State *L)
{
    strbuf_fini(luaL_checkudata(L, 1, LX_TEXT));
    return 0;
}

/* A new empty strbuf owned by a userdata pushed on the stack. */
static struct strbuf *
push_text(lua_State *L)
{
    struct strbuf *sb = lua_newuserdatauv(L, sizeof *sb, 0); /* ud */

    strbuf_init(sb);                     /* consistent before anything throws */
    if (luaL_newmetatable(L, LX_TEXT)) { /* ud, mt */
        lua_pushcfunction(L, l_text_gc); /* ud, mt, gc */
        lua_setfield(L, -2, "__gc");     /* ud, mt */
        lua_pushliteral(L, "rho.text");  /* ud, mt, name */
        lua_setfield(L, -2, "__metatable"); /* ud, mt */
    }
    lua_setmetatable(L, -2); /* ud */
    return sb;
}

/* Is the path safe: relative, no "..", ends in ".xml"? */
static void
check_path(lua_State *L, const char *p)
{
    size_t n = strlen(p);
    const char *s = p;

    if (n == 0)
        lx_error(L, "rho.hwloc: the path is empty");
    if (p[0] == '/' || p[0] == '~' || strchr(p, '\\') != NULL)
        lx_error(L,
                 "rho.hwloc: '%s': give a path relative to the scenario's "
                 "folder, not an absolute one",
                 p);
    for (;;) { /* every component: no ".." */
        size_t k = strcspn(s, "/");
        if (k == 2 && s[0] == '.' && s[1] == '.')
            lx_error(L,
                     "rho.hwloc: '%s': the path may not leave the scenario's "
                     "folder (no '..')",
                     p);
        if (s[k] == '\0')
            break;
        s += k + 1;
    }
    if (n < 4 || strcmp(p + n - 4, ".xml") != 0)
        lx_error(L, "rho.hwloc: '%s': an hwloc XML file ends in .xml", p);
}

static int
l_hwloc(lua_State *L)
{
    const char *file = luaL_checkstring(L, 1), *script, *slash;
    struct import_opts o;
    struct strbuf *path, *text;
    struct rho_err err;
    double eff = -1;

    import_opts_init(&o);
    if (!lua_isnoneornil(L, 2)) { /* every check before any work */
        luaL_checktype(L, 2, LUA_TTABLE);
        lx_check_keys(L, 2, hwloc_fields, 0, "rho.hwloc");
        if (lua_getfield(L, 2, "efficiency") != LUA_TNIL) { /* .., e */
            if (lua_type(L, -1) != LUA_TNUMBER)
                lx_error(L, "rho.hwloc: efficiency must be a number");
            eff = lua_tonumber(L, -1);
            if (!(eff > 0 && eff <= 1))
                lx_error(L,
                         "rho.hwloc: efficiency must be > 0 and <= 1, got "
                         "%f",
                         eff);
        }
        lua_pop(L, 1); /* .. */
        lx_get_quantity(L, 2, "intersocket", UNIT_RATE, &o.socket_bw,
                        "rho.hwloc");
        if (!(o.socket_bw > 0))
            lx_error(L, "rho.hwloc: intersocket must be > 0");
    }
    lua_settop(L, 1);
    check_path(L, file);

    path = push_text(L); /* file, path */
    script = lx_ctx(L)->dir_of ? lx_ctx(L)->dir_of
             : lx_ctx(L)->path ? lx_ctx(L)->path
                               : "";
    slash = strrchr(script, '/');
    if (slash != NULL)
        strbuf_add(path, script, (size_t)(slash - script + 1));
    strbuf_puts(path, file);
    text = push_text(L); /* file, path, text */
    strbuf_puts(text, "return ");
    if (import_hwloc(strbuf_str(path), &o, NULL, text, &err) != 0)
        return lx_error(L, "rho.hwloc: %s", err.msg);

    lua_pushfstring(L, "=%s", strbuf_str(path)); /* file, path, text, name */
    if (luaL_loadbufferx(L, strbuf_str(text), text->len, lua_tostring(L, -1),
                         "t") != LUA_OK) /* ..., name, chunk */
        return lx_error(L, "rho.hwloc: %s", lua_tostring(L, -1));
    lua_createtable(L, 0, 1);   /* ..., chunk, env */
    lua_getglobal(L, "rho");    /* ..., chunk, env, rho */
    lua_setfield(L, -2, "rho"); /* ..., chunk, env */
    lua_setupvalue(L, -2, 1);   /* ..., chunk */
    lua_call(L, 0, 1);          /* ..., topology */
    if (eff > 0) {
        lua_pushnumber(L, eff);            /* ..., topology, e */
        lua_setfield(L, -2, "efficiency"); /* ..., topology */
    }
    return 1;
}

static const luaL_Reg hwloc_funcs[] = {
    {"hwloc", l_hwloc},
    {NULL, NULL},
};

void
lx_open_hwloc(lua_State *L)
{
    luaL_setfuncs(L, hwloc_funcs, 0); /* rho */
}
