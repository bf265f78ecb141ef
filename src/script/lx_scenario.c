/*
 * lx_scenario: rho.scenario{...} -- a Lua table in, a scenario userdata
 * out. The userdata is made first and owns every C object as soon as it
 * exists, so any error raised while reading the table (which longjmps)
 * leaves nothing behind: the userdata's __gc frees the partial scenario.
 *
 * Every field is checked, unknown fields are refused with a suggestion,
 * and messages name the user's file and line: the line of the node's own
 * constructor for topology errors, and for the others the line where the
 * field, flow or entry at fault was written when the table was written in
 * the call (lx_src.c), else the line of the rho.scenario call.
 */
#include <lauxlib.h>
#include <lua.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/net/route.h"
#include "core/base/units.h"
#include "core/model.h"
#include "core/pcie/pcie_sim.h"
#include "script/lx_int.h"
#include "view/lview.h"
#include "view/view.h"

#define MAX_TREE_DEPTH 64

static const char *const scenario_fields[] = {
    "title",      "description", "topology", "bandwidth",     "tau",
    "flows",      "size",        "placement", "seed",         "routing",
    "paths",      "traffic",     "jobs",      "efficiency",   "via",
    "gamma",      "bgq_threshold", "lesson",  "queue",        "models",
    NULL,
};

static const char *const lesson_fields[] = {
    "text", "focus", "ask", "answer", "hide", "predict", "tolerance", NULL,
};

static const char *const focus_fields[] = {
    "view", "frame", "step", "flow", NULL,
};

static const char *const flow_fields[] = {
    "src", "dst", "size", "start", "label", "line", "via", "stream", NULL,
};

/* How a topology is being built: the tree, the efficiency that turns
   links into bandwidths, the stack slot of the pending direct links and
   fabrics, and the defaults a machine gives its sockets' links. */
struct build {
    struct pcie *p;
    double eff;
    int pending;
    int npending;
    double sock_bw;        /* 0: none */
    const char *sock_text; /* the inter-socket link's name, or NULL */
};

/* Edit distance with a swap of two neighbours as one edit (optimal
   string alignment: "stpe" is one from "step", two from "size"), small
   strings only (for suggestions). */
static int
distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b), d[32][32];

    if (la > 30 || lb > 30)
        return 99;
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c)
                c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c)
                c = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
                a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < c)
                c = d[i - 2][j - 2] + 1;
            d[i][j] = c;
        }
    return d[la][lb];
}

/* Refuse keys of table idx that are not in allowed (integer keys ok if
   ints_ok). what names the table in the message. */
void
lx_check_keys(lua_State *L, int idx, const char *const *allowed, int ints_ok,
              const char *what)
{
    idx = lua_absindex(L, idx);
    lua_pushnil(L);                 /* nil */
    while (lua_next(L, idx) != 0) { /* key, value */
        int ok = 0;
        lua_pop(L, 1); /* key */
        if (lua_type(L, -1) == LUA_TNUMBER)
            ok = ints_ok;
        else if (lua_type(L, -1) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -1);
            const char *best = NULL;
            int bd = 3;
            for (int i = 0; allowed[i] && !ok; i++) {
                int d = distance(k, allowed[i]);
                ok = d == 0;
                if (d < bd) {
                    bd = d;
                    best = allowed[i];
                }
            }
            if (!ok)
                lx_at_field(L, idx, k);
            if (!ok && best)
                lx_error(L, "%s: unknown field '%s' (did you mean '%s'?)", what,
                         k, best);
            if (!ok)
                lx_error(L, "%s: unknown field '%s'", what, k);
        }
        if (!ok)
            lx_error(L, "%s: unexpected key of type %s", what,
                     luaL_typename(L, -1));
    }
}

int
lx_control_at(lua_State *L, int idx, int text, int *byte)
{
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);

    for (size_t i = 0; s != NULL && i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && !(text && (c == '\n' || c == '\t'))) || c == 0x7f) {
            *byte = c;
            return i + 1 > 0x7fffffff ? 0x7fffffff : (int)(i + 1);
        }
    }
    return 0;
}

int
lx_integer(lua_State *L, int idx, lua_Integer *out)
{
    int ok = 0;

    *out = lua_type(L, idx) == LUA_TNUMBER ? lua_tointegerx(L, idx, &ok) : 0;
    return ok;
}

lua_Integer
lx_list_len(lua_State *L, int idx, const char *what, const char *hint)
{
    lua_Integer n = 0, max = 0;

    idx = lua_absindex(L, idx);
    lua_pushnil(L);                 /* nil */
    while (lua_next(L, idx) != 0) { /* key, value */
        lua_pop(L, 1);              /* key */
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1) {
            n++;
            if (lua_tointeger(L, -1) > max)
                max = lua_tointeger(L, -1);
            continue;
        }
        if (lua_type(L, -1) == LUA_TSTRING) {
            lx_at_field(L, idx, lua_tostring(L, -1));
            lx_error(L, "%s: unexpected key '%s'%s%s%s", what,
                     lua_tostring(L, -1), hint ? " (" : "", hint ? hint : "",
                     hint ? ")" : "");
        }
        lx_error(L,
                 "%s: unexpected key %s of type %s (a list's keys are 1, "
                 "2, 3, ...)%s%s%s",
                 what, luaL_tolstring(L, -1, NULL), luaL_typename(L, -2),
                 hint ? " (" : "", hint ? hint : "", hint ? ")" : "");
    }
    if (max != n)
        for (lua_Integer i = 1; i <= max; i++) {
            if (lua_rawgeti(L, idx, i) == LUA_TNIL) /* v */
                lx_error(L,
                         "%s: item %I is missing (nil) before item %I: a "
                         "list has no holes",
                         what, i, max);
            lua_pop(L, 1); /* - */
        }
    return n;
}

const char *
lx_made_by(lua_State *L, int idx, char *buf, size_t n)
{
    static const struct {
        const char *tag, *text, *field, *pre, *post;
    } made[] = {
        {"pattern", "a traffic pattern", "kind", " (rho.pattern.", ")"},
        {"placement", "a placement", "kind", " (rho.place.", ")"},
        {"pcie-node", "a topology node", "name", " ('", "')"},
        {"pcie-link", "a direct link", "kind", " (", ")"},
        {"pcie-fabric", "a switch fabric", "name", " ('", "')"},
        {"levels", "levels (rho.levels)", NULL, NULL, NULL},
    };
    const char *tag, *res = NULL;
    int top = lua_gettop(L);

    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE ||
        lua_getfield(L, idx, "_rho") != LUA_TSTRING) { /* tag */
        lua_settop(L, top);
        return NULL;
    }
    tag = lua_tostring(L, -1);
    for (size_t i = 0; i < sizeof made / sizeof made[0] && !res; i++) {
        if (strcmp(tag, made[i].tag) != 0)
            continue;
        snprintf(buf, n, "%s", made[i].text);
        if (made[i].field &&
            lua_getfield(L, idx, made[i].field) == LUA_TSTRING) {
            size_t len = strlen(buf);
            snprintf(buf + len, n - len, "%s%s%s", made[i].pre,
                     lua_tostring(L, -1), made[i].post);
        }
        res = buf;
    }
    if (res == NULL)
        snprintf(buf, n, "a table made by rho ('%s')", tag);
    lua_settop(L, top);
    return buf;
}

lua_Integer
lx_flow_list(lua_State *L, int idx, int net, const char *example)
{
    static const char *const one[] = {"src",   "dst",  "size", "start",
                                      "label", "step", NULL};
    char made[128], hint[160];

    idx = lua_absindex(L, idx);
    if (!lua_istable(L, idx))
        lx_error(L, "flows must be a list of flows such as %s, not a %s",
                 example, luaL_typename(L, idx));
    if (lx_made_by(L, idx, made, sizeof made) != NULL)
        lx_error(L, "flows must be a list of flows such as %s, not %s%s",
                 example, made,
                 strncmp(made, "a traffic pattern", 17) != 0 ? ""
                 : net ? " (give a pattern as traffic = ...)"
                       : " (patterns are for networks; rho.alltoall{} and "
                         "the others make flows)");
    for (int i = 0; one[i]; i++) {
        int t = lua_getfield(L, idx, one[i]); /* v */
        lua_pop(L, 1);
        if (t != LUA_TNIL) {
            lx_at_field(L, idx, one[i]);
            lx_error(L,
                     "flows is a list of flows: { { src = ..., ... } }, not "
                     "one flow (it has %s =; write flows = { { ... } })",
                     one[i]);
        }
    }
    snprintf(hint, sizeof hint, "flows is a list of flows such as %s", example);
    return lx_list_len(L, idx, "flows", hint);
}

/* Error at a given line of the user's file (topology nodes keep theirs). */
int
lx_error_at(lua_State *L, int line, const char *fmt, ...)
{
    struct lx_ctx *c = lx_ctx(L);
    char msg[600];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0 && c->path) {
        lua_pushfstring(L, "%s:%d: %s", c->path, line, msg);
        return lua_error(L);
    }
    return lx_error(L, "%s", msg);
}

/* A field as a quantity of a kind (number, or string with a unit). */
int
lx_get_quantity(lua_State *L, int idx, const char *field, enum unit_kind kind,
                double *out, const char *what)
{
    struct rho_err err;
    int t = lua_getfield(L, idx, field); /* v */

    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    if (t == LUA_TNUMBER) {
        *out = lua_tonumber(L, -1);
        if (!(*out >= 0) || !isfinite(*out)) {
            lx_at_field(L, idx, field);
            lx_error(L, "%s: %s must be a finite number >= 0", what, field);
        }
    } else if (t == LUA_TSTRING) {
        if (units_parse(kind, lua_tostring(L, -1), out, &err) != 0) {
            lx_at_field(L, idx, field);
            lx_error(L, "%s: %s: %s", what, field, err.msg);
        }
    } else {
        lx_at_field(L, idx, field);
        lx_error(L,
                 "%s: %s must be a %s (a number or a string with a unit), "
                 "not a %s",
                 what, field, units_kind_name(kind), luaL_typename(L, -1));
    }
    lua_pop(L, 1); /* - */
    return 1;
}

/* A field (at the top) of a node, link or fabric table of the wrong type.
   The builders check their arguments, so the table was changed after it
   was made: the error names the line of the rho.scenario call. */
static void
bad_field(lua_State *L, const char *who, const char *field, const char *expect)
{
    lx_error(L, "topology: %s: %s must be %s, not a %s", who, field, expect,
             luaL_typename(L, -1));
}

/* A string field at the top (who names its table): refuse another type
   and a control character (the reports print it). */
static const char *
string_at_top(lua_State *L, const char *who, const char *field,
              const char *expect)
{
    int at, byte;

    if (lua_type(L, -1) != LUA_TSTRING)
        bad_field(L, who, field, expect);
    if ((at = lx_control_at(L, -1, 0, &byte)) > 0)
        lx_error(L, "topology: %s: %s has a control character (byte %d at %d)",
                 who, field, byte, at);
    return lua_tostring(L, -1);
}

/* A rate at the top, > 0 and finite (or "unlimited" if unlimited_ok). */
static double
rate_at_top(lua_State *L, int line, const char *who, int unlimited_ok)
{
    struct rho_err err;
    double v;

    if (lua_type(L, -1) == LUA_TNUMBER) {
        v = lua_tonumber(L, -1);
        if (v > 0 && !isfinite(v))
            lx_error_at(L, line, "topology: %s: bandwidth must be finite%s",
                        who, unlimited_ok ? " (\"unlimited\": no limit)" : "");
        if (!(v > 0))
            lx_error_at(L, line, "topology: %s: bandwidth must be > 0", who);
        return v;
    }
    string_at_top(L, who, "bandwidth",
                  unlimited_ok ? "a rate such as \"12 GB/s\" or \"unlimited\""
                               : "a rate such as \"25 GB/s\"");
    if (unlimited_ok && strcmp(lua_tostring(L, -1), "unlimited") == 0)
        return INFINITY;
    if (units_parse(UNIT_RATE, lua_tostring(L, -1), &v, &err) != 0)
        lx_error_at(L, line, "topology: %s: bandwidth: %s", who, err.msg);
    if (!(v > 0))
        lx_error_at(L, line, "topology: %s: bandwidth must be > 0", who);
    if (!isfinite(v))
        lx_error_at(L, line, "topology: %s: bandwidth must be finite", who);
    return v;
}

/* The node's "bandwidth" field (at the top): a rate or "unlimited". */
static double
node_rate(lua_State *L, int line, const char *name)
{
    char who[96];

    snprintf(who, sizeof who, "'%s'", name);
    return rate_at_top(L, line, who, 1);
}

/* The link fields of the node table at t for node id. */
static void
node_link(lua_State *L, int t, struct build *b, int id, int kind, int line,
          const char *name)
{
    struct rho_err err;
    double bw = 0;
    const char *text = NULL;
    char who[96];
    lua_Integer streams = 0;

    snprintf(who, sizeof who, "'%s'", name);
    if (kind == PCIE_SYSTEM) /* its bandwidth is its sockets' default */
        return;
    if (lua_getfield(L, t, "bandwidth") != LUA_TNIL) /* bw */
        bw = node_rate(L, line, name);
    lua_pop(L, 1);
    if (lua_getfield(L, t, "link") != LUA_TNIL) { /* link */
        text =
            string_at_top(L, who, "link", "a string such as \"16 GT/s x16\"");
        if (bw == 0 && pcie_parse_link(text, b->eff, &bw, &err) != 0)
            lx_error_at(L, line, "topology: '%s': %s", name, err.msg);
    }
    if (id == 0 && (bw != 0 || text != NULL))
        lx_error_at(L, line,
                    "topology: '%s' is the root: it has no link (a socket's "
                    "link to the others is given in a rho.machine)",
                    name);
    if (kind == PCIE_RC && id > 0) { /* a socket's link to the others */
        if (bw == 0)
            bw = b->sock_bw;
        text = b->sock_text;
    }
    if ((bw != 0 || text != NULL) &&
        pcie_set_link(b->p, id, bw != 0 ? bw : pcie_node(b->p, id)->bw, text,
                      &err) != 0)
        lx_error_at(L, line, "topology: %s", err.msg);
    lua_pop(L, 1);
    if (lua_getfield(L, t, "streams") != LUA_TNIL) { /* streams */
        if (!lx_integer(L, -1, &streams) || streams < 0 || streams > 0x7fffffff)
            bad_field(L, who, "streams", "an integer >= 0 (0: any number)");
        if (pcie_set_streams(b->p, id, (int)streams, &err) != 0)
            lx_error_at(L, line, "topology: %s", err.msg);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, t, "bus") != LUA_TNIL) /* bus */
        pcie_set_bus(b->p, id,
                     string_at_top(L, who, "bus",
                                   "a PCI bus id such as \"0000:3b:00.0\""),
                     NULL);
    lua_pop(L, 1);
}

/* The options a node's builder takes, by kind (the saved scenario calls
   the builder with them: another one would not load back). */
static void
node_options(lua_State *L, int t, int kind, int host, const char *name)
{
    static const char *const fields[] = {"bandwidth", "bus",     "fabric",
                                         "link",      "streams", NULL};
    static const struct {
        const char *fname, *allowed;
    } opts[] = {
        {"rho.rc", "bandwidth"},
        {"rho.switch", "bandwidth, bus, link"},
        {"rho.device", "bandwidth, bus, link, streams"},
        {"rho.machine", "bandwidth, fabric"},
        {"rho.host", "bandwidth, bus"},
    };
    int k = kind == PCIE_RC       ? 0
            : kind == PCIE_SWITCH ? 1
            : kind == PCIE_SYSTEM ? 3
            : host                ? 4
                                  : 2;

    for (int i = 0; fields[i]; i++) {
        const char *a = strstr(opts[k].allowed, fields[i]);
        if (lua_getfield(L, t, fields[i]) != LUA_TNIL && a == NULL)
            lx_error(L, "topology: %s '%s': unknown option '%s' (expected %s)",
                     opts[k].fname, name, fields[i], opts[k].allowed);
        lua_pop(L, 1);
    }
    if (lua_getfield(L, t, "type") != LUA_TNIL && kind != PCIE_ENDPOINT)
        lx_error(L, "topology: %s '%s': only a device has a type",
                 opts[k].fname, name);
    lua_pop(L, 1);
}

/* The line field of a node, link or fabric table at t (0: none). */
static int
table_line(lua_State *L, int t)
{
    lua_Integer line = 0;

    if (lua_getfield(L, t, "line") != LUA_TNIL && /* line */
        (!lx_integer(L, -1, &line) || line < 0 || line > 0x7fffffff))
        line = 0;
    lua_pop(L, 1);
    return (int)line;
}

/* Add the node table at the top of the stack (and its subtree) to the
   tree; direct links and fabrics among the children go to b->pending. */
static void
add_node(lua_State *L, struct build *b, int parent, int depth)
{
    int t = lua_gettop(L), line = 0, kind, id;
    const char *k, *name, *type = NULL;
    int at, byte;
    struct rho_err err;
    double sock_bw = b->sock_bw;
    const char *sock_text = b->sock_text;

    /* Each level keeps a few slots (node, children, child) on the stack:
       make room before pushing, or a deep chain writes past its end. */
    luaL_checkstack(L, 8, "topology nested too deep");
    if (lua_type(L, t) == LUA_TTABLE &&
        lua_getfield(L, t, "_rho") == LUA_TSTRING &&
        (strcmp(lua_tostring(L, -1), "pcie-link") == 0 ||
         strcmp(lua_tostring(L, -1), "pcie-fabric") == 0)) {
        lua_pushvalue(L, t);                       /* ..., _rho, link */
        lua_rawseti(L, b->pending, ++b->npending); /* ..., _rho */
        lua_settop(L, t);
        return;
    }
    lua_settop(L, t);
    if (lua_type(L, t) != LUA_TTABLE ||
        lua_getfield(L, t, "_rho") != LUA_TSTRING ||
        strcmp(lua_tostring(L, -1), "pcie-node") != 0)
        lx_error(L,
                 "topology: expected a node made by rho.rc, rho.switch, "
                 "rho.gpu or rho.device, got a %s",
                 luaL_typename(L, t));
    lua_pop(L, 1);
    line = table_line(L, t);
    if (depth > MAX_TREE_DEPTH)
        lx_error_at(L, line, "topology: deeper than %d levels", MAX_TREE_DEPTH);
    if (lua_getfield(L, t, "kind") != LUA_TSTRING) /* kind */
        bad_field(L, "a node", "kind",
                  "\"rc\", \"switch\", \"device\" or \"system\"");
    k = lua_tostring(L, -1);
    kind = strcmp(k, "rc") == 0       ? PCIE_RC
           : strcmp(k, "switch") == 0 ? PCIE_SWITCH
           : strcmp(k, "device") == 0 ? PCIE_ENDPOINT
           : strcmp(k, "system") == 0 ? PCIE_SYSTEM
                                      : -1;
    if (kind < 0 || strlen(k) != lua_rawlen(L, -1))
        lx_error_at(L, line, "topology: unknown node kind '%s'", k);
    lua_getfield(L, t, "name"); /* kind, name */
    if (lua_type(L, -1) != LUA_TSTRING)
        lx_error_at(L, line, "topology: a %s's name must be a string, not a %s",
                    k, luaL_typename(L, -1));
    name = lua_tostring(L, -1);
    if ((at = lx_control_at(L, -1, 0, &byte)) > 0)
        lx_error_at(L, line,
                    "topology: a %s's name has a control character (byte "
                    "%d at %d)",
                    k, byte, at);
    if (lua_getfield(L, t, "type") != LUA_TNIL) { /* kind, name, type */
        size_t len = 0;
        if (lua_type(L, -1) == LUA_TSTRING)
            type = lua_tolstring(L, -1, &len);
        if (type == NULL || len == 0 ||
            strspn(type, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                         "0123456789_-") != len)
            lx_error(L,
                     "topology: '%s': type must be a word such as \"nic\", "
                     "got %s%s%s",
                     name, type ? "\"" : "a ",
                     type ? type : luaL_typename(L, -1), type ? "\"" : "");
    }
    node_options(L, t, kind,
                 kind == PCIE_ENDPOINT && type != NULL &&
                     strcmp(type, PCIE_HOST_TYPE) == 0,
                 name);
    if (parent >= 0 && kind == PCIE_SYSTEM)
        lx_error_at(L, line,
                    "topology: machine '%s' must be the root of the tree",
                    name);
    if (parent >= 0 && kind == PCIE_RC &&
        pcie_node(b->p, parent)->kind != PCIE_SYSTEM)
        lx_error_at(L, line,
                    "topology: root complex '%s' must be the root of the tree",
                    name);
    if (parent < 0 && kind != PCIE_RC && kind != PCIE_SYSTEM)
        lx_error_at(L, line,
                    "topology: the root must be a root complex (rho.rc) or a "
                    "machine (rho.machine), not %s '%s'",
                    kind == PCIE_SWITCH ? "switch" : "device", name);
    id = pcie_add_node(b->p, parent, kind, name, type, line, &err);
    if (id < 0)
        lx_error_at(L, line, "topology: %s", err.msg);
    lua_settop(L, t); /* node */
    node_link(L, t, b, id, kind, line, pcie_node(b->p, id)->name);
    if (kind == PCIE_SYSTEM) { /* defaults for its sockets' links */
        if (lua_getfield(L, t, "bandwidth") != LUA_TNIL) /* bw */
            b->sock_bw = node_rate(L, line, pcie_node(b->p, id)->name);
        if (lua_getfield(L, t, "fabric") != LUA_TNIL) /* bw, fabric */
            b->sock_text = string_at_top(/* the node table keeps it */
                                         L, "rho.machine", "fabric",
                                         "a name such as \"UPI\"");
        lua_settop(L, t);
    }

    if (lua_getfield(L, t, "children") != LUA_TNIL) { /* children */
        lua_Integer n;
        char what[96];
        snprintf(what, sizeof what, "topology: '%s': children",
                 pcie_node(b->p, id)->name);
        if (!lua_istable(L, -1))
            lx_error(L, "%s must be a list of nodes, not a %s", what,
                     luaL_typename(L, -1));
        n = lx_list_len(L, -1, what, NULL);
        if (kind == PCIE_ENDPOINT && n > 0)
            lx_error_at(L, line, "topology: device '%s' cannot have children",
                        pcie_node(b->p, id)->name);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, t + 1, i); /* children, child */
            add_node(L, b, id, depth + 1);
            lua_settop(L, t + 1); /* children */
        }
    }
    b->sock_bw = sock_bw;
    b->sock_text = sock_text;
    lua_settop(L, t); /* node */
}

/* The device's name at the top (a string, or an integer as the builders
   take it), field of a direct link or fabric (who). */
static const char *
device_name(lua_State *L, const char *who, const char *field)
{
    if (lua_isinteger(L, -1))
        lua_tostring(L, -1); /* (the stack's copy becomes its name) */
    return string_at_top(L, who, field, "a device's name");
}

/* A node named by a direct link or fabric (who). */
static int
named_node(lua_State *L, struct build *b, const char *name, int line,
           const char *who)
{
    int id = pcie_find(b->p, name);

    if (id < 0)
        lx_error_at(L, line, "topology: %s: unknown device '%s'", who, name);
    return id;
}

/* The count field of a direct link or fabric t (who). */
static int
link_count(lua_State *L, int t, const char *who)
{
    lua_Integer n = 1;

    if (lua_getfield(L, t, "count") != LUA_TNIL && /* count */
        (!lx_integer(L, -1, &n) || n < 1 || n > 0x7fffffff))
        bad_field(L, who, "count", "an integer >= 1");
    lua_pop(L, 1);
    return (int)n;
}

/* The direct links and fabrics gathered while the tree was read. */
static void
add_pending(lua_State *L, struct build *b)
{
    for (int i = 1; i <= b->npending; i++) {
        int t, line, count, fabric;
        double bw;
        const char *kind = NULL;
        char what[160];
        struct rho_err err;

        lua_rawgeti(L, b->pending, i); /* x */
        t = lua_gettop(L);
        lua_getfield(L, t, "_rho"); /* x, _rho */
        fabric = strcmp(lua_tostring(L, -1), "pcie-fabric") == 0;
        lua_pop(L, 1); /* x */
        line = table_line(L, t);
        snprintf(what, sizeof what, "%s",
                 fabric ? "a switch fabric" : "a direct link");
        if (lua_getfield(L, t, "kind") != LUA_TNIL) /* x, kind */
            kind = string_at_top(L, what, "kind", "a string such as \"xgmi\"");
        if (kind != NULL && !fabric)
            snprintf(what, sizeof what, "a direct link (%s)", kind);
        count = link_count(L, t, what);
        if (!fabric) {
            int a, c;
            const char *na, *nb;
            lua_getfield(L, t, "a"); /* x, kind, a */
            na = device_name(L, what, "a");
            lua_getfield(L, t, "b"); /* x, kind, a, b */
            nb = device_name(L, what, "b");
            snprintf(what, sizeof what, "%s '%s'-'%s'", kind ? kind : "direct",
                     na, nb);
            a = named_node(L, b, na, line, what);
            c = named_node(L, b, nb, line, what);
            lua_getfield(L, t, "bandwidth"); /* ..., a, b, bw */
            bw = rate_at_top(L, line, what, 0);
            if (pcie_add_direct(b->p, a, c, bw, count, kind, line, &err) < 0)
                lx_error_at(L, line, "topology: %s", err.msg);
        } else {
            lua_Integer n;
            int dev[512];
            const char *name;
            lua_getfield(L, t, "name"); /* x, kind, name */
            name = string_at_top(L, what, "name", "a string");
            snprintf(what, sizeof what, "%s '%s'", kind ? kind : "nvswitch",
                     name);
            if (lua_getfield(L, t, "devices") != LUA_TTABLE) /* ..., devs */
                bad_field(L, what, "devices", "a list of device names");
            n = lx_list_len(L, -1, what, NULL);
            if (n > (lua_Integer)(sizeof dev / sizeof dev[0]))
                lx_error_at(L, line, "topology: %s: more than %d devices", what,
                            (int)(sizeof dev / sizeof dev[0]));
            for (lua_Integer j = 1; j <= n; j++) {
                lua_rawgeti(L, -1, j); /* ..., devs, d */
                char field[32];
                snprintf(field, sizeof field, "devices[%d]", (int)j);
                dev[j - 1] =
                    named_node(L, b, device_name(L, what, field), line, what);
                lua_pop(L, 1); /* ..., devs */
            }
            lua_getfield(L, t, "bandwidth"); /* ..., devs, bw */
            bw = rate_at_top(L, line, what, 0);
            if (pcie_add_xswitch(b->p, name, kind, (int)n, dev, bw, count, line,
                                 &err) < 0)
                lx_error_at(L, line, "topology: %s", err.msg);
        }
        lua_settop(L, t - 1);
    }
}

/* The efficiency of a scenario: its own field, else its topology's (from
   rho.hwloc), else PCIE_DEFAULT_EFFICIENCY. The topology is at idx. */
static double
read_efficiency(lua_State *L, int idx, int *given)
{
    double e = PCIE_DEFAULT_EFFICIENCY;

    *given = 0;
    lx_at_field(L, 1, "efficiency");
    if (lua_getfield(L, 1, "efficiency") == LUA_TNIL) { /* e */
        lua_pop(L, 1);
        if (lua_type(L, idx) == LUA_TTABLE)
            lua_getfield(L, idx, "efficiency"); /* e */
        else
            lua_pushnil(L);
    } else {
        *given = 1;
    }
    if (!lua_isnil(L, -1)) {
        if (lua_type(L, -1) != LUA_TNUMBER)
            lx_error(L,
                     "scenario: efficiency must be a number from 0 to 1, "
                     "not a %s",
                     luaL_typename(L, -1));
        e = lua_tonumber(L, -1);
        if (isnan(e))
            lx_error(L, "scenario: efficiency must be > 0 and <= 1, got not a "
                        "number");
        if (!(e > 0 && e <= 1))
            lx_error(L, "scenario: efficiency must be > 0 and <= 1, got %f", e);
    }
    lua_pop(L, 1);
    lx_at(L, 0);
    return e;
}

/* A via value at the top: "auto", "pcie" or "direct". */
static int
via_of(lua_State *L, const char *what)
{
    const char *v = lua_tostring(L, -1);

    if (lua_type(L, -1) != LUA_TSTRING)
        lx_error(L,
                 "%s: via must be \"auto\", \"pcie\" or \"direct\", not a %s",
                 what, luaL_typename(L, -1));
    if (strcmp(v, "auto") == 0)
        return PCIE_VIA_AUTO;
    if (strcmp(v, "pcie") == 0)
        return PCIE_VIA_TREE;
    if (strcmp(v, "direct") == 0)
        return PCIE_VIA_DIRECT;
    return lx_error(L,
                    "%s: via must be \"auto\", \"pcie\" or \"direct\", not "
                    "'%s'",
                    what, v);
}

/* Look up a device named by the value at idx: a name or a rank. */
static int
device_of(lua_State *L, int idx, const struct scenario *s, int fi,
          const char *role, int *rank)
{
    const struct pcie *p = s->pcie;
    int id;

    *rank = -1;
    if (lua_type(L, idx) == LUA_TNUMBER) {
        lua_Integer r;
        if (!lua_isinteger(L, idx))
            lx_error(L, "flow %d: %s rank must be an integer", fi + 1, role);
        r = lua_tointeger(L, idx);
        if (r < 0 || r >= s->nranks)
            lx_error(L, "flow %d: %s rank %I is not placed (ranks 0 to %d are)",
                     fi + 1, role, r, s->nranks - 1);
        *rank = (int)r;
        return s->rank_node[r];
    }
    if (lua_type(L, idx) != LUA_TSTRING)
        lx_error(L, "flow %d: %s must be a device name or a rank, not a %s",
                 fi + 1, role, luaL_typename(L, idx));
    id = strlen(lua_tostring(L, idx)) == lua_rawlen(L, idx)
             ? pcie_find(p, lua_tostring(L, idx))
             : -1; /* (a NUL byte: no name has one) */
    if (id < 0)
        lx_error(L, "flow %d: unknown device '%s'", fi + 1,
                 lua_tostring(L, idx));
    if (pcie_node(p, id)->kind != PCIE_ENDPOINT)
        lx_error(L, "flow %d: '%s' is a %s, not a device", fi + 1,
                 lua_tostring(L, idx),
                 pcie_node(p, id)->kind == PCIE_RC ? "root complex" : "switch");
    return id;
}

static void
read_placement(lua_State *L, int t, struct scenario *s)
{
    const struct pcie *p = s->pcie;
    int type;

    lx_at_field(L, t, "placement");
    type = lua_getfield(L, t, "placement"); /* pl */

    if (type == LUA_TNIL) {
        /* identity: rank k on the k-th device in declaration order */
        /* identity: rank k on the k-th device in declaration order (host
           memory is no place for a rank) */
        s->rank_node =
            xcalloc((size_t)pcie_nendpoints(p), sizeof *s->rank_node);
        s->nranks = 0;
        for (int k = 0; k < pcie_nendpoints(p); k++)
            if (!pcie_node(p, pcie_endpoint(p, k))->host)
                s->rank_node[s->nranks++] = pcie_endpoint(p, k);
    } else if (type == LUA_TTABLE) {
        lua_Integer n;
        char made[128];
        if (lx_made_by(L, -1, made, sizeof made) != NULL)
            lx_error(L,
                     "placement must be a list of device names, not %s (the "
                     "rho.place descriptions are for networks)",
                     made);
        n = lx_list_len(L, -1, "placement",
                        "a list of device names, rank 0 first");
        if (n == 0)
            lx_error(L, "placement: an empty list (expected device names, "
                        "rank 0 first)");
        s->rank_node = xcalloc((size_t)n, sizeof *s->rank_node);
        s->nranks = 0;
        for (lua_Integer i = 1; i <= n; i++) {
            int id;
            lx_at_item(L, -1, (int)i);
            lua_rawgeti(L, -1, i); /* pl, name */
            if (lua_type(L, -1) != LUA_TSTRING)
                lx_error(L,
                         "placement: rank %I must be given a device name, "
                         "not a %s",
                         i - 1, luaL_typename(L, -1));
            id = strlen(lua_tostring(L, -1)) == lua_rawlen(L, -1)
                     ? pcie_find(p, lua_tostring(L, -1))
                     : -1;
            if (id < 0 || pcie_node(p, id)->kind != PCIE_ENDPOINT)
                lx_error(L, "placement: rank %I: '%s' is not a device", i - 1,
                         lua_tostring(L, -1));
            s->rank_node[s->nranks++] = id;
            lua_pop(L, 1); /* pl */
        }
    } else {
        lx_error(L, "placement must be a list of device names, not a %s",
                 luaL_typename(L, -1));
    }
    lua_pop(L, 1); /* - */
    lx_at(L, 0);
}

static void
read_flows(lua_State *L, int t, struct scenario *s)
{
    double defsize = -1;
    int has_def, defvia = PCIE_VIA_AUTO;
    lua_Integer n = 0;

    lx_at_field(L, t, "via");
    if (lua_getfield(L, t, "via") != LUA_TNIL) /* via */
        defvia = via_of(L, "scenario");
    lua_pop(L, 1);
    lx_at(L, 0);
    s->via = defvia;
    has_def = lx_get_quantity(L, t, "size", UNIT_SIZE, &defsize, "scenario");
    lx_at_field(L, t, "flows");
    if (lua_getfield(L, t, "flows") == LUA_TNIL) { /* flows */
        lua_pop(L, 1);
        lx_at(L, 0);
        return;
    }
    n = lx_flow_list(L, -1, 0, "{ { \"0\", \"2\", size = \"1 MiB\" } }");
    for (lua_Integer i = 1; i <= n; i++) {
        int ft, src, dst, line = 0, src_rank, dst_rank, fi;
        int via = defvia, stream = 0;
        double bytes = defsize, start = 0;
        const char *label = NULL;
        char what[32];
        struct rho_err err;

        snprintf(what, sizeof what, "flow %d", (int)i);
        lua_rawgeti(L, -1, i); /* flows, f */
        ft = lua_gettop(L);
        /* its line: where the list's item was written, else the one its
           builder recorded (rho.halo and the other patterns) */
        line = lx_src_item(L, ft - 1, (int)i);
        if (line == 0 && lua_istable(L, ft) &&
            lua_getfield(L, ft, "line") == LUA_TNUMBER) /* flows, f, line */
            line = (int)lua_tointeger(L, -1);
        lua_settop(L, ft); /* flows, f */
        lx_at(L, line);
        if (!lua_istable(L, ft))
            lx_error(L,
                     "%s: expected a table such as { \"0\", \"2\", size = "
                     "\"1 MiB\" }, got a %s",
                     what, luaL_typename(L, ft));
        lx_check_keys(L, ft, flow_fields, 1, what);
        lx_at(L, line);
        if (lua_getfield(L, ft, "src") == LUA_TNIL) { /* flows, f, src */
            lua_pop(L, 1);
            lua_rawgeti(L, ft, 1);
            lx_at_item(L, ft, 1);
        } else {
            lx_at_field(L, ft, "src");
        }
        if (lua_isnil(L, -1))
            lx_error(L, "%s: no source (give { src, dst, size = ... })", what);
        src = device_of(L, -1, s, (int)i - 1, "source", &src_rank);
        lx_at(L, line);
        if (lua_getfield(L, ft, "dst") == LUA_TNIL) { /* ..., src, dst */
            lua_pop(L, 1);
            lua_rawgeti(L, ft, 2);
            lx_at_item(L, ft, 2);
        } else {
            lx_at_field(L, ft, "dst");
        }
        if (lua_isnil(L, -1))
            lx_error(L, "%s: no destination", what);
        dst = device_of(L, -1, s, (int)i - 1, "destination", &dst_rank);
        lx_at(L, line);
        lua_settop(L, ft); /* flows, f */
        if (!lx_get_quantity(L, ft, "size", UNIT_SIZE, &bytes, what) &&
            !has_def)
            lx_error(L,
                     "%s: no size (give size = \"1 MiB\" in the flow or "
                     "in the scenario)",
                     what);
        lx_get_quantity(L, ft, "start", UNIT_TIME, &start, what);
        lx_at_field(L, ft, "label");
        if (lua_getfield(L, ft, "label") != LUA_TNIL) { /* ..., label */
            int at, byte;
            if (lua_type(L, -1) != LUA_TSTRING)
                lx_error(L, "%s: label must be a string, not a %s", what,
                         luaL_typename(L, -1));
            label = lua_tostring(L, -1);
            if ((at = lx_control_at(L, -1, 0, &byte)) > 0)
                lx_error_at(L, line,
                            "%s: label has a control character (byte %d at "
                            "%d)",
                            what, byte, at);
        }
        lx_at(L, line);
        lx_at_field(L, ft, "via");
        if (lua_getfield(L, ft, "via") != LUA_TNIL) /* ..., via */
            via = via_of(L, what);
        lx_at(L, line);
        lx_at_field(L, ft, "stream");
        if (lua_getfield(L, ft, "stream") != LUA_TNIL) { /* ..., stream */
            lua_Integer v;
            if (!lx_integer(L, -1, &v) || v < 0 || v > 1000000)
                lx_error(L, "%s: stream must be an integer from 0 to 1000000",
                         what);
            stream = (int)v;
        }
        lx_at(L, line);
        if (line <= 0)
            line = lx_user_line(L);
        fi = scenario_add_flow(s, src, dst, bytes, start, label, line, &err);
        if (fi < 0)
            lx_error(L, "%s", err.msg);
        s->flow[fi].id = fi;
        s->flow[fi].src_rank = src_rank;
        s->flow[fi].dst_rank = dst_rank;
        s->flow[fi].via = via;
        s->flow[fi].stream = stream;
        lua_settop(L, ft - 1); /* flows */
    }
    lua_pop(L, 1); /* - */
    lx_at(L, 0);
}

/* models = { "link", "queue" }: the models the scenario asks to run. */
static void
read_models(lua_State *L, struct scenario *s)
{
    char list[256];
    size_t len = 0;
    struct rho_err err;
    lua_Integer n = 0;

    if (lua_getfield(L, 1, "models") == LUA_TNIL) { /* models */
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, -1) || (n = (lua_Integer)lua_rawlen(L, -1)) < 1)
        lx_error(L, "scenario: models must be a list of model names such as "
                    "{ \"link\", \"queue\" }");
    list[0] = '\0';
    for (lua_Integer i = 1; i <= n; i++) {
        const char *name;
        lua_rawgeti(L, -1, i); /* models, name */
        if ((name = lua_tostring(L, -1)) == NULL ||
            lua_type(L, -1) != LUA_TSTRING || strchr(name, ',') != NULL)
            lx_error(L, "scenario: models[%d] must be a model's name", (int)i);
        len += (size_t)snprintf(list + len,
                                len < sizeof list ? sizeof list - len : 0,
                                "%s%s", i > 1 ? "," : "", name);
        lua_pop(L, 1); /* models */
    }
    if (len >= sizeof list)
        lx_error(L, "scenario: models: too many names");
    if (model_parse_list(NULL, list, &s->models, &err) != 0)
        lx_error(L, "scenario: models: %s", err.msg);
    lua_pop(L, 1); /* - */
}

static void
read_seed(lua_State *L, struct scenario *s)
{
    lx_at_field(L, 1, "seed");
    if (lua_getfield(L, 1, "seed") != LUA_TNIL) { /* seed */
        lua_Integer v;
        if (!lx_integer(L, -1, &v))
            lx_error(L, "scenario: seed must be an integer");
        s->seed = (uint64_t)v;
    }
    lua_pop(L, 1);
    lx_at(L, 0);
    lx_at_field(L, 1, "models");
    read_models(L, s);
    lx_at(L, 0);
}

/*
 * A PCIe scenario with a routing also runs the link model on its tree seen
 * as a network (every node a router and an endpoint; rank = node id), with
 * the scenario's flows as one job. The routing's value is at the top.
 */
static void
tree_link(lua_State *L, struct scenario *s)
{
    const char *r = lua_tostring(L, -1);
    int routing = r ? net_routing_parse(r) : -1, minimal = ROUTE_MIN;
    struct rho_err err;

    if (routing < 0)
        lx_error(L,
                 "scenario: routing '%s' is not DOR, SD, SI, AD, AI, AH, BGQ "
                 "or UPDOWN",
                 r ? r : luaL_typename(L, -1));
    if (s->nflows == 0)
        lx_error(L, "scenario: a routing needs flows for the link model");
    lx_at_field(L, 1, "paths");
    if (lua_getfield(L, 1, "paths") == LUA_TSTRING && /* routing, paths */
        strcmp(lua_tostring(L, -1), "all") == 0)
        minimal = ROUTE_ALL;
    else if (!lua_isnil(L, -1) &&
             (!lua_isstring(L, -1) || strcmp(lua_tostring(L, -1), "minimal")))
        lx_error(L, "scenario: paths must be \"minimal\" or \"all\"");
    lua_pop(L, 1); /* routing */
    lx_at(L, 0);
    lx_at_field(L, 1, "routing");
    if (scenario_net_tree(s, routing, lx_user_line(L), &err) != 0)
        lx_error(L, "%s", err.msg);
    s->net->minimal = minimal;
}

/* A flow number (from 1) of s at the top, for a lesson step's field. */
static int
lesson_flow(lua_State *L, const struct scenario *s, const char *what,
            const char *field)
{
    lua_Integer f;

    if (!lua_isinteger(L, -1))
        lx_error(L, "%s: %s must be a flow number (1, 2, ...), not a %s", what,
                 field, luaL_typename(L, -1));
    f = lua_tointeger(L, -1);
    if (f < 1 || f > s->nflows)
        lx_error(L, "%s: %s %I: the scenario has %d flow%s", what, field, f,
                 s->nflows, s->nflows == 1 ? "" : "s");
    return (int)f;
}

/* The focus of a lesson step (its table at st): a view's name, or a table
   { view =, frame =, step =, flow = }. The value is at the top. */
static void
read_focus(lua_State *L, const struct scenario *s, struct lesson_step *ls,
           const char *what)
{
    int t = lua_gettop(L);
    char names[256] = "";

    if (lua_type(L, t) == LUA_TSTRING) {
        lua_newtable(L);             /* focus, {} */
        lua_pushvalue(L, t);         /* focus, {}, view */
        lua_setfield(L, -2, "view"); /* focus, { view = focus } */
        lua_replace(L, t);           /* the table */
    }
    if (lua_type(L, t) != LUA_TTABLE)
        lx_error(L,
                 "%s: focus must be a view's name or a table such as { view "
                 "= \"stepper\", frame = \"D8\" }, not a %s",
                 what, luaL_typename(L, t));
    lx_check_keys(L, t, focus_fields, 0, what);
    if (lua_getfield(L, t, "view") != LUA_TNIL) { /* view */
        const char *v = lua_tostring(L, -1);
        if (lua_type(L, -1) != LUA_TSTRING || view_find(v) < 0) {
            for (int k = 0; k < view_count(); k++)
                snprintf(names + strlen(names), sizeof names - strlen(names),
                         "%s%s", k ? ", " : "", view_name(k));
            lx_error(L, "%s: focus: unknown view '%s' (the views are %s)", what,
                     v ? v : luaL_typename(L, -1), names);
        }
        ls->view = xstrdup(v);
    }
    lua_settop(L, t);
    if (lua_getfield(L, t, "frame") != LUA_TNIL) { /* frame */
        if (lua_type(L, -1) != LUA_TSTRING && !lua_isinteger(L, -1))
            lx_error(L,
                     "%s: focus: frame must be a number, a step (\"D8\") or "
                     "a port (\"C SB->K2\"), not a %s",
                     what, luaL_typename(L, -1));
        ls->frame = xstrdup(lua_tostring(L, -1));
    }
    lua_settop(L, t);
    if (lua_getfield(L, t, "step") != LUA_TNIL) { /* step */
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 ||
            lua_tointeger(L, -1) > 1000000)
            lx_error(L, "%s: focus: step must be a time step (1, 2, ...)",
                     what);
        ls->tstep = (int)lua_tointeger(L, -1);
    }
    lua_settop(L, t);
    if (lua_getfield(L, t, "flow") != LUA_TNIL) /* flow */
        ls->flow = lesson_flow(L, s, what, "focus: flow");
    lua_settop(L, t);
}

/* A string field of a lesson step (the value at the top) copied, or
   NULL for nil. */
static char *
lesson_string(lua_State *L, const char *what, const char *field)
{
    if (lua_isnil(L, -1))
        return NULL;
    if (!lua_isstring(L, -1))
        lx_error(L, "%s: %s must be a string, not a %s", what, field,
                 luaL_typename(L, -1));
    return xstrdup(lua_tostring(L, -1));
}

/*
 * lesson = { { text = ..., focus = ..., ask = ..., answer = ..., hide =
 * { flows }, predict = flow, tolerance = x }, ... }. The lesson belongs to
 * s as soon as it exists, so an error half way leaves nothing behind.
 */
static void
read_lesson(lua_State *L, struct scenario *s)
{
    lua_Integer n;
    int top = lua_gettop(L);

    if (lua_getfield(L, 1, "lesson") == LUA_TNIL) { /* lesson */
        lua_settop(L, top);
        return;
    }
    lx_at_field(L, 1, "lesson");
    if (!lua_istable(L, -1))
        lx_error(L,
                 "lesson must be a list of steps such as { text = \"...\" "
                 "}, not a %s",
                 luaL_typename(L, -1));
    n = lx_list_len(L, -1, "lesson", "a list of steps");
    if (n == 0)
        lx_error(L, "lesson: an empty list (give at least one step)");
    s->lesson = lesson_new();
    for (lua_Integer i = 1; i <= n; i++) {
        struct lesson_step *ls;
        struct rho_err err;
        char what[32];
        int st;

        snprintf(what, sizeof what, "lesson step %d", (int)i);
        lx_at_item(L, top + 1, (int)i);
        lua_rawgeti(L, top + 1, i); /* lesson, step */
        st = lua_gettop(L);
        if (!lua_istable(L, st))
            lx_error(L,
                     "%s: expected a table such as { text = \"...\" }, "
                     "got a %s",
                     what, luaL_typename(L, st));
        lx_check_keys(L, st, lesson_fields, 0, what);
        switch (lua_getfield(L, st, "text")) { /* ..., text */
        case LUA_TSTRING:
            break;
        case LUA_TNIL:
            lx_error(L, "%s: no text (give text = \"...\")", what);
            break;
        default:
            lx_error(L, "%s: text must be a string, not a %s", what,
                     luaL_typename(L, -1));
        }
        {
            int line = lx_src_item(L, top + 1, (int)i), at, byte;
            if ((at = lx_control_at(L, -1, 1, &byte)) > 0)
                lx_error(L, "%s: text has a control character (byte %d at %d)",
                         what, byte, at);
            ls = lesson_add(s->lesson, lua_tostring(L, -1),
                            line > 0 ? line : lx_user_line(L));
        }
        lua_settop(L, st);
        if (lua_getfield(L, st, "focus") != LUA_TNIL) /* ..., focus */
            read_focus(L, s, ls, what);
        lua_settop(L, st);
        lua_getfield(L, st, "ask"); /* ..., ask */
        ls->ask = lesson_string(L, what, "ask");
        lua_getfield(L, st, "answer"); /* ..., ask, answer */
        ls->answer = lesson_string(L, what, "answer");
        lua_settop(L, st);
        if (lua_getfield(L, st, "hide") != LUA_TNIL) { /* ..., hide */
            int h = lua_gettop(L), nh;
            if (!lua_istable(L, h))
                lx_error(L, "%s: hide must be a list of flow numbers", what);
            nh = (int)lx_list_len(L, h, "hide", "a list of flow numbers");
            ls->hide = xcalloc((size_t)(nh ? nh : 1), sizeof *ls->hide);
            for (int k = 1; k <= nh; k++) {
                lua_rawgeti(L, h, k); /* ..., hide, f */
                ls->hide[ls->nhide++] = lesson_flow(L, s, what, "hide");
                lua_pop(L, 1); /* ..., hide */
            }
        }
        lua_settop(L, st);
        if (lua_getfield(L, st, "predict") != LUA_TNIL) { /* ..., predict */
            if (s->pcie == NULL)
                lx_error(L,
                         "%s: predict asks for a flow's factor, which only "
                         "a PCIe scenario has",
                         what);
            ls->predict = lesson_flow(L, s, what, "predict");
        }
        lua_settop(L, st);
        if (lua_getfield(L, st, "tolerance") != LUA_TNIL) { /* ..., tol */
            if (lua_type(L, -1) != LUA_TNUMBER || !(lua_tonumber(L, -1) >= 0))
                lx_error(L, "%s: tolerance must be a number >= 0", what);
            ls->tolerance = lua_tonumber(L, -1);
        }
        lua_settop(L, top + 1); /* lesson */
        /* where it looks, as far as the scenario alone tells (the run's
           time steps and frames are checked once it has run) */
        lx_at_item(L, top + 1, (int)i);
        if (lview_check_step(s, (int)i - 1, &err) != 0)
            lx_error(L, "%s: %s", what, err.msg);
    }
    lua_settop(L, top);
}

int
lx_l_scenario(lua_State *L)
{
    struct scenario **u, *s;
    const struct net_topo_spec *spec;
    struct rho_err err;
    struct net *net;
    const char *title = "untitled";
    double tau;
    int line;

    if (lua_type(L, 1) != LUA_TTABLE)
        return lx_error(L, "rho.scenario expects a table, got a %s",
                        luaL_typename(L, 1));
    lua_settop(L, 1); /* t */
    line = lx_src_begin(L, 1);
    lx_check_keys(L, 1, scenario_fields, 0, "scenario");
    lx_at(L, 0);

    u = lua_newuserdatauv(L, sizeof *u, 0); /* t, u */
    *u = NULL;                              /* consistent first */
    luaL_setmetatable(L, LX_SCENARIO);

    if (lua_getfield(L, 1, "title") != LUA_TNIL) { /* t, u, title */
        lx_at_field(L, 1, "title");
        int at, byte;
        if (lua_type(L, -1) != LUA_TSTRING)
            return lx_error(L, "scenario: title must be a string");
        title = lua_tostring(L, -1);
        if ((at = lx_control_at(L, -1, 0, &byte)) > 0)
            return lx_error(L,
                            "scenario: title has a control character (byte "
                            "%d at %d)",
                            byte, at);
    }
    *u = s = scenario_new(title);
    s->line = line;
    lx_at(L, 0);
    lua_settop(L, 2); /* t, u */

    if (lua_getfield(L, 1, "topology") == LUA_TNIL) /* t, u, topo */
        return lx_error(L, "scenario: no topology (give topology = rho.rc(...) "
                           "or a preset such as rho.t2(), or a network "
                           "such as rho.torus{ dims = { 4, 4 } })");
    if ((net = lx_test_net(L, 3, &spec)) != NULL) {
        /* a network: the link-utilization model only */
        static const char *const pcie_only[] = {"tau", "bandwidth", NULL};
        for (int i = 0; pcie_only[i]; i++)
            if (lua_getfield(L, 1, pcie_only[i]) != LUA_TNIL) {
                lx_at_field(L, 1, pcie_only[i]);
                return lx_error(L,
                                "scenario: %s is for PCIe trees; a "
                                "network's bandwidth is given to its "
                                "builder (rho.torus{ bandwidth = ... })",
                                pcie_only[i]);
            }
        lua_settop(L, 2); /* t, u */
        read_seed(L, s);
        lx_read_link(L, 1, s, net, spec);
        lua_settop(L, 2);
        lx_at_field(L, 1, "queue");
        lx_read_queue(L, 1, s);
        lua_settop(L, 2);
        lx_at(L, 0);
        read_lesson(L, s);
        lx_at(L, 0);
        return 1;
    }
    if (lx_is_levels(L, 3)) {
        /* given levels: the queueing model only */
        static const char *const net_only[] = {
            "tau",   "bandwidth", "flows", "size",       "placement", "routing",
            "paths", "traffic",   "jobs",  "efficiency", "via",       NULL};
        for (int i = 0; net_only[i]; i++)
            if (lua_getfield(L, 1, net_only[i]) != LUA_TNIL) {
                lx_at_field(L, 1, net_only[i]);
                return lx_error(L,
                                "scenario: %s is for trees and networks; "
                                "given levels (rho.levels) have no traffic "
                                "of their own",
                                net_only[i]);
            }
        lua_settop(L, 3); /* t, u, levels */
        lx_at_field(L, 1, "topology");
        lx_read_levels(L, 3, s);
        lx_at(L, 0);
        lua_settop(L, 2); /* t, u */
        read_seed(L, s);
        lx_at_field(L, 1, "queue");
        lx_read_queue(L, 1, s);
        lua_settop(L, 2);
        lx_at(L, 0);
        read_lesson(L, s);
        lx_at(L, 0);
        return 1;
    }
    s->pcie = pcie_new();
    {
        struct build b = {s->pcie, 0, 0, 0, 0, NULL};
        b.eff = read_efficiency(L, 3, &s->efficiency_given);
        s->efficiency = b.eff;
        lua_newtable(L); /* t, u, topo, pending */
        b.pending = lua_gettop(L);
        lua_pushvalue(L, 3); /* t, u, topo, pending, topo */
        lx_at_field(L, 1, "topology");
        add_node(L, &b, -1, 0);
        add_pending(L, &b);
    }
    if (pcie_finish(s->pcie, &err) != 0)
        return lx_error(L, "topology: %s", err.msg);
    lx_at(L, 0);
    lua_settop(L, 2); /* t, u */

    lx_get_quantity(L, 1, "bandwidth", UNIT_RATE, &s->bandwidth, "scenario");
    lx_at_field(L, 1, "bandwidth");
    if (!(s->bandwidth > 0))
        return lx_error(L, "scenario: bandwidth must be > 0");
    lx_at(L, 0);
    lx_at_field(L, 1, "tau");
    if (lua_getfield(L, 1, "tau") != LUA_TNIL) { /* t, u, tau */
        if (lua_type(L, -1) != LUA_TNUMBER)
            return lx_error(L,
                            "scenario: tau must be a number between 0 and "
                            "1, not a %s",
                            luaL_typename(L, -1));
        tau = lua_tonumber(L, -1);
        if (isnan(tau))
            return lx_error(L, "scenario: tau must be between 0 and 1, got "
                               "not a number");
        if (!(tau >= 0 && tau <= 1))
            return lx_error(L, "scenario: tau must be between 0 and 1, got %f",
                            tau);
        s->tau = tau;
    }
    lx_at(L, 0);
    lua_settop(L, 2);
    read_seed(L, s);
    read_placement(L, 1, s);
    read_flows(L, 1, s);
    lua_settop(L, 2); /* t, u */
    { /* every flow has a path with a capacity (the model's checks, at
         the flow's line rather than when the model runs) */
        struct pcie_sim *sim = scenario_sim(s, &err);
        int k;
        if (sim == NULL) {
            if (sscanf(err.msg, "flow %d:", &k) == 1 && k >= 1 &&
                k <= s->nflows && s->flow[k - 1].line > 0)
                return lx_error_at(L, s->flow[k - 1].line, "%s", err.msg);
            return lx_error(L, "%s", err.msg);
        }
        pcie_sim_free(sim);
    }
    lx_at_field(L, 1, "routing");
    if (lua_getfield(L, 1, "routing") != LUA_TNIL) /* t, u, routing */
        tree_link(L, s);
    lx_at(L, 0);
    lua_settop(L, 2); /* t, u */
    lx_at_field(L, 1, "queue");
    lx_read_queue(L, 1, s);
    lua_settop(L, 2);
    lx_at(L, 0);
    read_lesson(L, s);
    lx_at(L, 0);
    return 1;
}
