/*
 * lx_net: the link-utilization model's side of the Lua binding.
 *
 *  - Networks are built at once, in C, by rho.torus{}, rho.mesh{},
 *    rho.dragonfly{}, rho.fattree{}, rho.tca{} and rho.network(preset);
 *    each returns a "rho.net" userdata that holds a reference to the net
 *    (so a script can ask net:ranks() while it builds its traffic).
 *  - Traffic patterns and placements are descriptions (plain tables made
 *    by lua/pattern.lua) that rho.scenario reads into specs (net_scen.h),
 *    once the number of ranks of each job is known, and makes with the
 *    core's makers -- the same code that rebuilds them after an edit.
 *    Networks keep their spec in the userdata, for the scenario to write
 *    back.
 *
 * Every error names the user's file and line: the line of the description
 * that is wrong, or the rho.scenario call.
 */
#include <lauxlib.h>
#include <limits.h>
#include <lua.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/net/net_design.h"
#include "core/net/route.h"
#include "core/base/units.h"
#include "script/lx_int.h"

#define MAX_JOBS 64

/* ---- small readers of option tables ---- */

/* Integer field (def if absent), checked against [lo, hi]. */
static int
opt_int(lua_State *L, int t, const char *field, int def, int lo, int hi,
        const char *what)
{
    lua_Integer v;

    if (lua_getfield(L, t, field) == LUA_TNIL) { /* v */
        lua_pop(L, 1);
        return def;
    }
    lx_at_field(L, t, field); /* errors: at the field, in a scenario */
    if (!lx_integer(L, -1, &v))
        lx_error(L, "%s: %s must be an integer, not %s", what, field,
                 lua_type(L, -1) == LUA_TNUMBER ? "a fraction"
                                                : luaL_typename(L, -1));
    if (v < lo || v > hi)
        lx_error(L, "%s: %s must be between %d and %d, got %I", what, field, lo,
                 hi, v);
    lua_pop(L, 1);
    return (int)v;
}

/* Boolean field (def if absent). */
static int
opt_bool(lua_State *L, int t, const char *field, int def, const char *what)
{
    int v = def;

    if (lua_getfield(L, t, field) != LUA_TNIL) { /* v */
        lx_at_field(L, t, field);
        if (!lua_isboolean(L, -1))
            lx_error(L, "%s: %s must be true or false, not a %s", what, field,
                     luaL_typename(L, -1));
        v = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    return v;
}

/* A rate field in B/s (def if absent); > 0 unless zero_ok. */
static double
opt_rate(lua_State *L, int t, const char *field, double def, int zero_ok,
         const char *what)
{
    double v = def;

    if (lx_get_quantity(L, t, field, UNIT_RATE, &v, what) && !(v > 0) &&
        !zero_ok)
        lx_error(L, "%s: %s must be > 0", what, field);
    return v;
}

/* A list of integers in [lo, hi] (at most max) into out; returns the
   count, 0 if the field is absent. */
static int
opt_ints(lua_State *L, int t, const char *field, int *out, int max, int lo,
         int hi, const char *what)
{
    lua_Integer n;

    if (lua_getfield(L, t, field) == LUA_TNIL) { /* list */
        lua_pop(L, 1);
        return 0;
    }
    lx_at_field(L, t, field);
    if (!lua_istable(L, -1))
        lx_error(L, "%s: %s must be a list of integers such as { 4, 4 }", what,
                 field);
    {
        char list[96];
        snprintf(list, sizeof list, "%s: %s", what, field);
        n = lx_list_len(L, -1, list, "a list of integers such as { 4, 4 }");
    }
    if (n < 1 || n > max)
        lx_error(L, "%s: %s must have 1 to %d entries, has %I", what, field,
                 max, n);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_Integer v;
        lua_rawgeti(L, -1, i); /* list, v */
        if (!lx_integer(L, -1, &v))
            lx_error(L, "%s: %s[%I] must be an integer", what, field, i);
        if (v < lo || v > hi)
            lx_error(L, "%s: %s[%I] must be between %d and %d, got %I", what,
                     field, i, lo, hi, v);
        out[i - 1] = (int)v;
        lua_pop(L, 1); /* list */
    }
    lua_pop(L, 1);
    return (int)n;
}

/* ---- the rho.net userdata ---- */

static int l_spec_gc(lua_State *L);

struct lx_net {
    struct net *net;
    char desc[160];
    struct net_topo_spec spec; /* how it was built, for rho.scenario */
};

static struct lx_net *
check_net(lua_State *L, int idx)
{
    return luaL_checkudata(L, idx, LX_NET);
}

struct net *
lx_test_net(lua_State *L, int idx, const struct net_topo_spec **spec)
{
    struct lx_net *u = luaL_testudata(L, idx, LX_NET);

    if (u == NULL)
        return NULL;
    if (spec)
        *spec = &u->spec;
    return u->net;
}

/* Build the network of spec and push a userdata owning it (or raise with
   the builder's message). */
static int
push_net(lua_State *L, const struct net_topo_spec *spec, const char *what)
{
    struct lx_net *u;
    struct rho_err err;
    struct net *net;

    u = lua_newuserdatauv(L, sizeof *u, 0); /* net */
    u->net = NULL;                          /* consistent before the build */
    luaL_setmetatable(L, LX_NET);
    if ((net = net_topo_make(spec, &err)) == NULL) {
        if (err.code == RHO_ELIMIT) /* too big to build: exit 3 */
            lx_ctx(L)->refused = 1;
        return lx_error(L, "%s: %s", what, err.msg);
    }
    u->net = net;
    u->spec = *spec;
    net_topo_describe(spec, u->desc, sizeof u->desc);
    return 1;
}

static const char *const torus_fields[] = {
    "dims",      "wrap",          "names",     "nodes", "cores",
    "bandwidth", "dim_bandwidth", "injection", NULL,
};

static int
torus_common(lua_State *L, int wrap_def, const char *what)
{
    struct net_topo_spec spec;
    struct net_torus_params p;
    double dimbw[NET_MAX_DIMS];
    int nbw;

    memset(&p, 0, sizeof p);
    luaL_checktype(L, 1, LUA_TTABLE);
    lx_check_keys(L, 1, torus_fields, 0, what);
    p.nd = opt_ints(L, 1, "dims", p.dim, NET_MAX_DIMS, 1, 1 << 20, what);
    if (p.nd == 0)
        return lx_error(L, "%s: no dims (give dims = { 5, 5 })", what);
    for (int k = 0; k < p.nd; k++)
        p.wrap[k] = wrap_def;
    if (lua_getfield(L, 1, "wrap") == LUA_TBOOLEAN) { /* wrap */
        for (int k = 0; k < p.nd; k++)
            p.wrap[k] = lua_toboolean(L, -1);
    } else if (lua_istable(L, -1)) {
        if ((int)lua_rawlen(L, -1) != p.nd)
            return lx_error(L,
                            "%s: wrap must have one entry per dimension "
                            "(%d), or be true or false",
                            what, p.nd);
        for (int k = 0; k < p.nd; k++) {
            lua_rawgeti(L, -1, k + 1); /* wrap, w */
            if (!lua_isboolean(L, -1))
                return lx_error(L, "%s: wrap[%d] must be true or false", what,
                                k + 1);
            p.wrap[k] = lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        return lx_error(L, "%s: wrap must be true, false or a list of them",
                        what);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "names") == LUA_TSTRING) { /* names */
        const char *nm = lua_tostring(L, -1);
        int at, byte;
        if ((at = lx_control_at(L, -1, 0, &byte)) > 0)
            return lx_error(L,
                            "%s: names has a control character (byte %d at "
                            "%d)",
                            what, byte, at);
        if ((int)strlen(nm) != p.nd)
            return lx_error(L,
                            "%s: names \"%s\" must give one letter per "
                            "dimension (%d)",
                            what, nm, p.nd);
        for (int k = 0; k < p.nd; k++)
            p.name[k][0] = nm[k];
    } else if (lua_istable(L, -1)) {
        if ((int)lua_rawlen(L, -1) != p.nd)
            return lx_error(L, "%s: names must have one entry per dimension",
                            what);
        for (int k = 0; k < p.nd; k++) {
            const char *nm;
            int byte;
            lua_rawgeti(L, -1, k + 1);
            nm = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
            if (nm == NULL || nm[0] == '\0' || strlen(nm) >= sizeof p.name[k])
                return lx_error(L, "%s: names[%d] must be a short string", what,
                                k + 1);
            if (lx_control_at(L, -1, 0, &byte) > 0)
                return lx_error(L,
                                "%s: names[%d] has a control character "
                                "(byte %d)",
                                what, k + 1, byte);
            snprintf(p.name[k], sizeof p.name[k], "%s", nm);
            lua_pop(L, 1);
        }
    } else if (!lua_isnil(L, -1)) {
        return lx_error(L,
                        "%s: names must be a string such as \"ABCDE\" or "
                        "a list",
                        what);
    }
    if (!lua_isnil(L, -1)) /* (a class and a placement order a name) */
        for (int k = 0; k < p.nd; k++)
            for (int j = k + 1; j < p.nd; j++)
                if (strcmp(p.name[k], p.name[j]) == 0)
                    return lx_error(L,
                                    "%s: dimensions %d and %d are both "
                                    "named '%s' (each needs its own name)",
                                    what, k + 1, j + 1, p.name[k]);
    lua_pop(L, 1);
    p.nodes_per_router = opt_int(L, 1, "nodes", 1, 1, 1 << 16, what);
    p.cores = opt_int(L, 1, "cores", 1, 1, 1 << 16, what);
    p.bw = opt_rate(L, 1, "bandwidth", 2e9, 0, what);
    p.inj_bw = opt_rate(L, 1, "injection", 0, 1, what);
    nbw = 0;
    if (lua_getfield(L, 1, "dim_bandwidth") == LUA_TTABLE) { /* list */
        nbw = (int)lua_rawlen(L, -1);
        if (nbw != p.nd)
            return lx_error(L,
                            "%s: dim_bandwidth must have one rate per "
                            "dimension",
                            what);
        for (int k = 0; k < nbw; k++) {
            char field[32];
            /* read from a table of its own, under its own name: the
               script's list is not written to */
            snprintf(field, sizeof field, "dim_bandwidth[%d]", k + 1);
            lua_createtable(L, 0, 1);   /* list, tmp */
            lua_rawgeti(L, -2, k + 1);  /* list, tmp, v */
            lua_setfield(L, -2, field); /* list, tmp */
            /* (0: the bandwidth, as a saved scenario writes it) */
            lx_get_quantity(L, lua_gettop(L), field, UNIT_RATE, &dimbw[k],
                            what);
            lua_pop(L, 1); /* list */
            p.dim_bw[k] = dimbw[k];
        }
    } else if (!lua_isnil(L, -1)) {
        return lx_error(L, "%s: dim_bandwidth must be a list of rates", what);
    }
    lua_pop(L, 1);
    memset(&spec, 0, sizeof spec);
    spec.kind = NET_TOPO_PARAMS;
    spec.net.family = NET_TORUS;
    spec.net.torus = p;
    return push_net(L, &spec, what);
}

/* rho.torus{dims=, wrap=true, names=, nodes=1, cores=1, bandwidth=2 GB/s} */
static int
l_torus(lua_State *L)
{
    return torus_common(L, 1, "rho.torus");
}

/* rho.mesh{...}: rho.torus without wrap-around links */
static int
l_mesh(lua_State *L)
{
    return torus_common(L, 0, "rho.mesh");
}

static const char *const df_fields[] = {
    "groups",
    "chassis",
    "routers",
    "nodes",
    "cores",
    "global",
    "bandwidth",
    "row_bandwidth",
    "column_bandwidth",
    "global_bandwidth",
    "injection",
    NULL,
};

/* rho.dragonfly{groups=, chassis=6, routers=16, nodes=4, cores=1, ...} */
static int
l_dragonfly(lua_State *L)
{
    const char *what = "rho.dragonfly";
    struct net_dragonfly_params p;
    struct net_topo_spec spec;
    double bw;

    memset(&p, 0, sizeof p);
    luaL_checktype(L, 1, LUA_TTABLE);
    lx_check_keys(L, 1, df_fields, 0, what);
    p.groups = opt_int(L, 1, "groups", 0, 1, 1 << 20, what);
    if (p.groups == 0)
        return lx_error(L, "%s: no groups (give groups = 9)", what);
    p.chassis = opt_int(L, 1, "chassis", 6, 1, 1 << 10, what);
    p.routers = opt_int(L, 1, "routers", 16, 1, 1 << 10, what);
    p.nodes_per_router = opt_int(L, 1, "nodes", 4, 1, 1 << 16, what);
    p.cores = opt_int(L, 1, "cores", 1, 1, 1 << 16, what);
    p.global_per_pair = opt_int(L, 1, "global", 1, 1, 1 << 10, what);
    bw = opt_rate(L, 1, "bandwidth", 5120 * 1048576.0, 0, what);
    p.bw_row = opt_rate(L, 1, "row_bandwidth", bw, 0, what);
    p.bw_col = opt_rate(L, 1, "column_bandwidth", bw, 0, what);
    p.bw_global = opt_rate(L, 1, "global_bandwidth", bw, 0, what);
    p.inj_bw = opt_rate(L, 1, "injection", 0, 1, what);
    memset(&spec, 0, sizeof spec);
    spec.kind = NET_TOPO_PARAMS;
    spec.net.family = NET_DRAGONFLY;
    spec.net.df = p;
    return push_net(L, &spec, what);
}

static const char *const ft_fields[] = {
    "k", "levels", "cores", "bandwidth", "injection", NULL,
};

/* rho.fattree{k=, levels=3, cores=1, bandwidth=} */
static int
l_fattree(lua_State *L)
{
    const char *what = "rho.fattree";
    struct net_fattree_params p;
    struct net_topo_spec spec;

    memset(&p, 0, sizeof p);
    luaL_checktype(L, 1, LUA_TTABLE);
    lx_check_keys(L, 1, ft_fields, 0, what);
    p.k = opt_int(L, 1, "k", 0, 2, 1 << 10, what);
    if (p.k == 0)
        return lx_error(L, "%s: no k (give the switch radix, k = 4)", what);
    p.levels = opt_int(L, 1, "levels", 3, 1, 4, what);
    p.cores = opt_int(L, 1, "cores", 1, 1, 1 << 16, what);
    p.bw = opt_rate(L, 1, "bandwidth", 12.5e9, 0, what);
    p.inj_bw = opt_rate(L, 1, "injection", 0, 1, what);
    memset(&spec, 0, sizeof spec);
    spec.kind = NET_TOPO_PARAMS;
    spec.net.family = NET_FATTREE;
    spec.net.ft = p;
    return push_net(L, &spec, what);
}

static const char *const tca_fields[] = {
    "rings",
    "nodes",
    "port_bandwidth",
    "gpu_bandwidth",
    "gpu_read_bandwidth",
    "qpi_bandwidth",
    NULL,
};

/* rho.tca{rings=2, nodes=8}: a PEACH2/TCA cluster */
static int
l_tca(lua_State *L)
{
    const char *what = "rho.tca";
    struct net_topo_spec ss;
    struct net_spec spec;
    struct rho_err err;

    if (lua_isnoneornil(L, 1))
        lua_newtable(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lx_check_keys(L, 1, tca_fields, 0, what);
    if (net_preset("tca-16", &spec, &err) != 0)
        return lx_error(L, "%s: %s", what, err.msg);
    spec.tca.rings = opt_int(L, 1, "rings", spec.tca.rings, 1, 2, what);
    spec.tca.ring_nodes =
        opt_int(L, 1, "nodes", spec.tca.ring_nodes, 1, 1024, what);
    spec.tca.port_bw =
        opt_rate(L, 1, "port_bandwidth", spec.tca.port_bw, 0, what);
    spec.tca.gpu_bw = opt_rate(L, 1, "gpu_bandwidth", spec.tca.gpu_bw, 0, what);
    spec.tca.gpu_read_bw =
        opt_rate(L, 1, "gpu_read_bandwidth", spec.tca.gpu_read_bw, 1, what);
    spec.tca.qpi_bw = opt_rate(L, 1, "qpi_bandwidth", spec.tca.qpi_bw, 0, what);
    memset(&ss, 0, sizeof ss);
    ss.kind = NET_TOPO_PARAMS;
    ss.net.family = NET_GRAPH;
    ss.net.tca = spec.tca;
    return push_net(L, &ss, what);
}

static const char *const proto_fields[] = {
    "family", "nodes", "radix", "cores", "bandwidth", NULL,
};

/* rho.prototype{family=, nodes=, radix=, cores=1, bandwidth="12.5 GB/s"}:
   Jain Table 6.1 */
static int
l_prototype(lua_State *L)
{
    static const char *const fams[] = {"torus", "dragonfly", "fattree", NULL};
    static const int famid[] = {NET_TORUS, NET_DRAGONFLY, NET_FATTREE};
    const char *what = "rho.prototype", *fam = NULL;
    struct net_topo_spec spec;
    struct rho_err err;
    int f = -1, radix, cores;
    lua_Integer nodes;
    double bw;

    luaL_checktype(L, 1, LUA_TTABLE);
    lx_check_keys(L, 1, proto_fields, 0, what);
    if (lua_getfield(L, 1, "family") == LUA_TSTRING) /* family */
        fam = lua_tostring(L, -1);
    for (int i = 0; fam != NULL && fams[i] != NULL; i++)
        if (strcmp(fam, fams[i]) == 0)
            f = famid[i];
    if (f < 0)
        return lx_error(L,
                        "%s: family must be \"torus\", \"dragonfly\" or "
                        "\"fattree\"",
                        what);
    lua_pop(L, 1);
    if (lua_getfield(L, 1, "nodes") != LUA_TNUMBER ||
        !lua_isinteger(L, -1)) /* nodes */
        return lx_error(L, "%s: give nodes = (an integer, e.g. 46656)", what);
    nodes = lua_tointeger(L, -1);
    lua_pop(L, 1);
    radix = opt_int(L, 1, "radix", 0, 0, 1024, what);
    cores = opt_int(L, 1, "cores", 1, 1, 1 << 16, what);
    bw = opt_rate(L, 1, "bandwidth", 12.5e9, 0, what);
    if (net_topo_prototype(f, (long long)nodes, radix, cores, bw, &spec,
                           &err) != 0)
        return lx_error(L, "%s: %s", what, err.msg);
    return push_net(L, &spec, what);
}

/* rho.network(name): a preset machine */
static int
l_network(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    struct net_topo_spec spec;
    struct rho_err err;

    if (net_topo_preset(name, &spec, &err) != 0) {
        char list[1024] = "";
        for (int i = 0; i < net_preset_count(); i++) {
            size_t n = strlen(list);
            snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
                     net_preset_name(i));
        }
        return lx_error(L, "rho.network: unknown preset '%s' (known: %s)", name,
                        list);
    }
    return push_net(L, &spec, "rho.network");
}

/* rho.networks(): { {name=, description=}, ... } of the presets */
static int
l_networks(lua_State *L)
{
    lua_createtable(L, net_preset_count(), 0);
    for (int i = 0; i < net_preset_count(); i++) {
        lua_createtable(L, 0, 2);
        lua_pushstring(L, net_preset_name(i));
        lua_setfield(L, -2, "name");
        lua_pushstring(L, net_preset_desc(i));
        lua_setfield(L, -2, "description");
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* rho.workload_sizes(w, ranks): the job sizes of Jain's Table 3.4 */
static int
l_workload_sizes(lua_State *L)
{
    lua_Integer w = luaL_checkinteger(L, 1), n = luaL_checkinteger(L, 2);
    int sizes[5];
    struct rho_err err;

    if (w < 1 || w > 4) /* (not cut to an int: 2^32 + 1 is not 1) */
        return lx_error(L, "rho.workload_sizes: workload %I (1 to 4)", w);
    if (n < 1 || n > 0x7fffffff ||
        pattern_workload_sizes((int)w, (int)n, sizes, &err) != 0)
        return lx_error(L, "rho.workload_sizes: %s",
                        n < 1 || n > 0x7fffffff ? "bad number of ranks"
                                                : err.msg);
    lua_createtable(L, 5, 0);
    for (int i = 0; i < 5; i++) {
        lua_pushinteger(L, sizes[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int
l_net_gc(lua_State *L)
{
    struct lx_net *u = check_net(L, 1);

    net_free(u->net);
    u->net = NULL;
    return 0;
}

static int
l_net_tostring(lua_State *L)
{
    struct lx_net *u = check_net(L, 1);
    char r[48], l[48], e[48];

    lua_pushfstring(L, "rho.net (%s: %s, %s, %s)", u->desc,
                    units_fmt_count(r, sizeof r, net_routers(u->net), "router"),
                    units_fmt_count(l, sizeof l, net_links(u->net), "link"),
                    units_fmt_count(e, sizeof e, net_endpoints(u->net), "node"));
    return 1;
}

#define NET_INT_METHOD(fn, expr)                                               \
    static int fn(lua_State *L)                                                \
    {                                                                          \
        const struct net *net = check_net(L, 1)->net;                          \
        lua_pushinteger(L, (lua_Integer)(expr));                               \
        return 1;                                                              \
    }
NET_INT_METHOD(l_net_routers, net_routers(net))
NET_INT_METHOD(l_net_links, net_links(net))
NET_INT_METHOD(l_net_nodes, net_endpoints(net))
NET_INT_METHOD(l_net_cores, net_cores(net))
NET_INT_METHOD(l_net_ranks, net_slots(net))

/* net:dims(): a torus's sizes, or nil */
static int
l_net_dims(lua_State *L)
{
    const struct net_torus_params *t = net_torus(check_net(L, 1)->net);

    if (t == NULL)
        return 0;
    lua_createtable(L, t->nd, 0);
    for (int k = 0; k < t->nd; k++) {
        lua_pushinteger(L, t->dim[k]);
        lua_rawseti(L, -2, k + 1);
    }
    return 1;
}

/* net:family(): "torus", "dragonfly", "fattree", "tree" or "graph" */
static int
l_net_family(lua_State *L)
{
    static const char *const fam[] = {"torus", "dragonfly", "fattree", "tree",
                                      "graph"};
    int f = net_family(check_net(L, 1)->net);

    lua_pushstring(L, f >= 0 && f <= NET_GRAPH ? fam[f] : "?");
    return 1;
}

/* net:cost(): Jain Sec. 6.3's cost model: { routers, radix, ports, links,
   cables, optical, cable_m, router_usd, cable_usd, usd } */
static int
l_net_cost(lua_State *L)
{
    struct lx_net *u = check_net(L, 1);
    struct net_cost c;

    net_cost_estimate(
        u->net, u->spec.kind == NET_TOPO_PROTO ? u->spec.proto.radix : 0, &c);
    lua_createtable(L, 0, 10); /* net, t */
#define SETI(k, v)                                                             \
    lua_pushinteger(L, (lua_Integer)(v)); /* net, t, v */                      \
    lua_setfield(L, -2, k)                /* net, t */
#define SETN(k, v)                                                             \
    lua_pushnumber(L, v);  /* net, t, v */                                     \
    lua_setfield(L, -2, k) /* net, t */
    SETI("routers", c.routers);
    SETI("radix", c.radix);
    SETI("ports", c.ports);
    SETI("links", c.links);
    SETI("cables", c.cables);
    SETI("optical", c.optical);
    SETN("cable_m", c.cable_m);
    SETN("router_usd", c.router_usd);
    SETN("cable_usd", c.cable_usd);
    SETN("usd", c.usd);
#undef SETI
#undef SETN
    return 1;
}

static const luaL_Reg net_meth[] = {
    {"routers", l_net_routers}, {"links", l_net_links}, {"nodes", l_net_nodes},
    {"cores", l_net_cores},     {"ranks", l_net_ranks}, {"dims", l_net_dims},
    {"family", l_net_family},   {"cost", l_net_cost},   {NULL, NULL},
};

static const luaL_Reg net_funcs[] = {
    {"torus", l_torus},
    {"mesh", l_mesh},
    {"dragonfly", l_dragonfly},
    {"fattree", l_fattree},
    {"tca", l_tca},
    {"network", l_network},
    {"prototype", l_prototype},
    {"networks", l_networks},
    {"workload_sizes", l_workload_sizes},
    {NULL, NULL},
};

void
lx_open_net(lua_State *L)
{
    luaL_newmetatable(L, LX_NET);         /* rho, mt */
    luaL_newlib(L, net_meth);             /* rho, mt, methods */
    lua_setfield(L, -2, "__index");       /* rho, mt */
    lua_pushcfunction(L, l_net_gc);       /* rho, mt, gc */
    lua_setfield(L, -2, "__gc");          /* rho, mt */
    lua_pushcfunction(L, l_net_tostring); /* rho, mt, f */
    lua_setfield(L, -2, "__tostring");    /* rho, mt */
    lua_pushliteral(L, "rho.net");        /* rho, mt, name */
    lua_setfield(L, -2, "__metatable");   /* rho, mt */
    lua_pop(L, 1);                        /* rho */
    luaL_newmetatable(L, LX_SPEC);        /* rho, mt */
    lua_pushcfunction(L, l_spec_gc);      /* rho, mt, gc */
    lua_setfield(L, -2, "__gc");          /* rho, mt */
    lua_pushliteral(L, "rho.spec");       /* rho, mt, name */
    lua_setfield(L, -2, "__metatable");   /* rho, mt */
    lua_pop(L, 1);                        /* rho */
    luaL_setfuncs(L, net_funcs, 0);       /* rho */
}

/* ---- spec boxes ---- */

/* Specs being read from tables live in a userdata until they are copied
   into the scenario, so an error raised while reading (which longjmps)
   leaves nothing behind: the box's __gc releases what they own. */
struct lx_spec {
    struct net_pattern_spec pat;
    struct net_place_spec place;
};

static struct lx_spec *
push_spec(lua_State *L)
{
    struct lx_spec *b = lua_newuserdatauv(L, sizeof *b, 0); /* box */

    memset(b, 0, sizeof *b); /* consistent before anything throws */
    luaL_setmetatable(L, LX_SPEC);
    return b;
}

static int
l_spec_gc(lua_State *L)
{
    struct lx_spec *b = luaL_checkudata(L, 1, LX_SPEC);

    net_pattern_spec_fini(&b->pat);
    net_place_spec_fini(&b->place);
    return 0;
}

/* ---- traffic: pattern descriptions to specs ---- */

/* The description's line, for messages. */
static int
desc_line(lua_State *L, int t)
{
    int line = 0;

    if (lua_getfield(L, t, "line") == LUA_TNUMBER)
        line = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return line;
}

/* Is the value at idx a description of the given kind ("pattern")? */
static int
is_desc(lua_State *L, int idx, const char *kind)
{
    int ok;

    if (!lua_istable(L, idx))
        return 0;
    lua_getfield(L, idx, "_rho");
    ok = lua_type(L, -1) == LUA_TSTRING &&
         strcmp(lua_tostring(L, -1), kind) == 0;
    lua_pop(L, 1);
    return ok;
}

/* Is the value at idx traffic: a pattern description, or a list of them
   (phases)? Sets *line to the description's (the first phase's) line. */
static int
is_traffic(lua_State *L, int idx, int *line)
{
    lua_Integer n;
    int ok = 1;

    *line = 0;
    if (is_desc(L, idx, "pattern")) {
        *line = desc_line(L, idx);
        return 1;
    }
    if (!lua_istable(L, idx) || (n = (lua_Integer)lua_rawlen(L, idx)) < 1)
        return 0;
    for (lua_Integer i = 1; i <= n && ok; i++) {
        lua_rawgeti(L, idx, i); /* ..., phase */
        ok = is_desc(L, -1, "pattern");
        if (ok && i == 1)
            *line = desc_line(L, -1);
        lua_pop(L, 1);
    }
    return ok;
}

/* Message size of a description (size = or the scenario's default). */
static double
desc_size(lua_State *L, int t, double defsize, int line, const char *what)
{
    double bytes = defsize;

    if (!lx_get_quantity(L, t, "size", UNIT_SIZE, &bytes, what) && bytes < 0)
        lx_error_at(L, line,
                    "%s: no size (give size = \"64 KiB\" here or in the "
                    "scenario)",
                    what);
    return bytes;
}

/* The pattern description at t, read into p (in a box). The options are
   read in a fixed order, so the first bad one is the one reported. A list
   of descriptions is traffic in phases (is_traffic() said so). */
static void
read_pattern(lua_State *L, int t, double defsize, struct net_pattern_spec *p)
{
    int line = desc_line(L, t), k, seed_given;
    const char *kind;
    char what[64];

    t = lua_absindex(L, t);
    if (!is_desc(L, t, "pattern")) {
        int n = (int)lx_list_len(L, t, "traffic", "a list of patterns");
        if (n > PATTERN_MAX_PHASES)
            lx_error(L, "traffic: %d phases (at most %d)", n,
                     PATTERN_MAX_PHASES);
        /* the box owns every phase as soon as it is read */
        net_pattern_spec_init(p, NET_PAT_PHASES);
        p->phase = xcalloc((size_t)n, sizeof *p->phase);
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, t, i); /* ..., phase */
            read_pattern(L, -1, defsize, &p->phase[i - 1]);
            p->nphases = i;
            lua_pop(L, 1);
        }
        return;
    }
    lua_getfield(L, t, "kind");
    kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    lua_pop(L, 1); /* (the table keeps it alive) */
    if (kind == NULL) {
        lx_error_at(L, line, "traffic: a pattern without a kind");
        return;
    }
    snprintf(what, sizeof what, "rho.pattern.%s", kind);
    k = net_pattern_kind_parse(kind);
    if (k == NET_PAT_FLOWS || strcmp(kind, "halo") == 0)
        k = -1; /* descriptions name the kind as pattern.lua makes it */
    net_pattern_spec_init(p, k < 0 ? NET_PAT_UMESH : k);
    seed_given = lua_getfield(L, t, "seed") != LUA_TNIL; /* seed */
    lua_pop(L, 1);
    p->seed = (uint64_t)opt_int(L, t, "seed", 0, 0, 0x7fffffff, what);
    p->has_seed = seed_given;
    switch (k) {
    case NET_PAT_THESIS: {
        const char *name;
        double bytes = -1;
        lx_get_quantity(L, t, "size", UNIT_SIZE, &bytes, what);
        p->size = bytes > 0 ? bytes : 0;
        lua_getfield(L, t, "name"); /* name */
        name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (name == NULL)
            lx_error_at(L, line, "%s: name must be a string such as \"umesh\"",
                        what);
        p->name = xstrdup(name);
        lua_pop(L, 1);
        break;
    }
    case NET_PAT_UMESH:
    case NET_PAT_NEAR:
        p->min = opt_int(L, t, "min", 6, 0, 1 << 20, what);
        p->max = opt_int(L, t, "max", 20, 0, 1 << 20, what);
        p->window = opt_int(L, t, "window", 30, 1, 1 << 30, what);
        p->symmetric = opt_bool(L, t, "symmetric", 0, what);
        p->size = desc_size(
            L, t, k == NET_PAT_UMESH && defsize < 0 ? 512 * 1024.0 : defsize,
            line, what);
        break;
    case NET_PAT_SPREAD:
        p->min = opt_int(L, t, "min", 6, 0, 1 << 20, what);
        p->max = opt_int(L, t, "max", 20, 0, 1 << 20, what);
        p->size = desc_size(L, t, defsize, line, what);
        break;
    case NET_PAT_STENCIL:
    case NET_PAT_ALLTOALL:
    case NET_PAT_SUBA2A: {
        int nd;
        p->size = desc_size(L, t, defsize, line, what);
        p->ndims =
            opt_ints(L, t, "dims", p->dims, NET_MAX_DIMS, 1, 1 << 30, what);
        nd = p->ndims;
        if (nd == 0 && k == NET_PAT_ALLTOALL)
            nd = 1;
        else if (nd == 0)
            nd = p->nd = opt_int(L, t, "nd", 2, 1, NET_MAX_DIMS, what);
        if (k == NET_PAT_STENCIL) {
            p->periodic = opt_bool(L, t, "periodic", 1, what);
            p->corners = opt_bool(L, t, "corners", 0, what);
        }
        p->nalong =
            opt_ints(L, t, "along", p->along, NET_MAX_DIMS, 1, nd, what);
        break;
    }
    case NET_PAT_PERMUTATION: {
        static const char *const kinds[] = {"reverse", "shift", "transpose",
                                            "random", NULL};
        const char *how = "reverse";
        p->size = desc_size(L, t, defsize, line, what);
        switch (lua_getfield(L, t, "how")) { /* how */
        case LUA_TSTRING:
            how = lua_tostring(L, -1);
            break;
        case LUA_TNIL:
            break;
        default: /* (a number was taken for "reverse") */
            lx_error_at(L, line,
                        "%s: how must be \"reverse\", \"shift\", \"transpose\" "
                        "or \"random\", not a %s",
                        what, luaL_typename(L, -1));
        }
        p->how = -1;
        for (int i = 0; kinds[i]; i++)
            if (strcmp(how, kinds[i]) == 0)
                p->how = i;
        if (p->how < 0)
            lx_error_at(L, line,
                        "%s: how = '%s' is not reverse, shift, transpose or "
                        "random",
                        what, how);
        lua_pop(L, 1);
        p->rows = opt_int(L, t, "rows", 1, 1, 1 << 30, what);
        break;
    }
    case NET_PAT_COLLECTIVE: {
        const char *alg = NULL;
        p->size = desc_size(L, t, defsize, line, what);
        if (lua_getfield(L, t, "algorithm") == LUA_TSTRING) /* alg */
            alg = lua_tostring(L, -1);
        else if (!lua_isnil(L, -1)) /* (it said '(none)') */
            lx_error_at(L, line,
                        "%s: algorithm must be a name such as "
                        "\"allgather-ring\", not a %s",
                        what, luaL_typename(L, -1));
        p->algorithm = alg ? pattern_coll_parse(alg) : -1;
        if (p->algorithm < 0) {
            char list[512] = "";
            for (int c = 0; c < COLL_COUNT; c++) {
                size_t len = strlen(list);
                snprintf(list + len, sizeof list - len, "%s%s", c ? ", " : "",
                         pattern_coll_name(c));
            }
            lx_error_at(L, line, "%s: unknown algorithm '%s' (known: %s)", what,
                        alg ? alg : "(none)", list);
        }
        lua_pop(L, 1);
        p->tt.sn = opt_int(L, t, "supernodes", 0, 0, 1 << 20, what);
        p->tt.nps = opt_int(L, t, "nodes", 0, 0, 1 << 20, what);
        p->tt.cpn = opt_int(L, t, "cores", 0, 0, 1 << 20, what);
        p->aggregate = opt_bool(L, t, "aggregate", 0, what);
        break;
    }
    default:
        lx_error_at(L, line, "traffic: unknown pattern kind '%s'", kind);
    }
}

/* ---- placement ---- */

/* The scenario's placement field (at t) read into p (in a box); the line
   of a rho.place description into *line. */
static void
read_placement(lua_State *L, int t, const struct net *net, int nranks,
               struct net_place_spec *p, int *line)
{
    struct rho_err err;
    int type;

    lx_at_field(L, t, "placement");
    type = lua_getfield(L, t, "placement"); /* pl */
    *line = 0;
    if (type == LUA_TNIL) {
        net_place_spec_init(p);
    } else if (lx_test_rubik(L, -1) != NULL) {
        p->kind = NET_PLACE_LIST;
        p->list = placement_rubik_box(net, lx_test_rubik(L, -1), &err);
        if (p->list == NULL)
            lx_error(L, "%s", err.msg);
    } else if (type == LUA_TSTRING) {
        if (net_place_parse(lua_tostring(L, -1), net, p, &err) != 0)
            lx_error(L, "%s", err.msg);
    } else if (is_desc(L, -1, "placement")) {
        int pt = lua_gettop(L);
        const char *kind;
        *line = desc_line(L, pt);
        lua_getfield(L, pt, "kind"); /* pl, kind */
        kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
        lua_pop(L, 1); /* (the table keeps it alive) */
        if (strcmp(kind, "blocked") != 0 && strcmp(kind, "rubik") != 0)
            lx_error_at(L, *line,
                        "placement: unknown rho.place kind '%s' (blocked or "
                        "rubik)",
                        kind);
        p->nd = opt_ints(L, pt, "dims", p->dims, NET_MAX_DIMS, 1, 1 << 30,
                         "rho.place");
        if (p->nd == 0)
            lx_error_at(L, *line,
                        "rho.place.%s: no dims (the application "
                        "grid, e.g. dims = { 8, 8 })",
                        kind);
        if (strcmp(kind, "blocked") == 0) {
            p->kind = NET_PLACE_BLOCKED;
            if (opt_ints(L, pt, "block", p->tile, NET_MAX_DIMS, 1, 1 << 30,
                         "rho.place.blocked") != p->nd)
                lx_error_at(L, *line,
                            "rho.place.blocked: block needs one size per "
                            "dimension of dims (%d)",
                            p->nd);
        } else {
            const struct net_torus_params *tp = net_torus(net);
            p->kind = NET_PLACE_RUBIK;
            if (tp == NULL)
                lx_error_at(L, *line, "rho.place.rubik needs a torus");
            if (opt_ints(L, pt, "tile", p->tile, NET_MAX_DIMS, 1, 1 << 30,
                         "rho.place.rubik") != p->nd)
                lx_error_at(L, *line,
                            "rho.place.rubik: tile needs one size "
                            "per dimension of dims");
            if (opt_ints(L, pt, "net_tile", p->net_tile, NET_MAX_DIMS + 1, 1,
                         1 << 30, "rho.place.rubik") != tp->nd + 1)
                lx_error_at(L, *line,
                            "rho.place.rubik: net_tile needs one size per "
                            "torus dimension and one for the slots of a "
                            "router (%d)",
                            tp->nd + 1);
        }
    } else if (type == LUA_TTABLE) {
        lua_Integer n;
        int *ep;
        char made[128];
        if (lx_made_by(L, -1, made, sizeof made) != NULL)
            lx_error(L,
                     "placement must be a scheme name, a rho.place "
                     "description, a rho.rubik box or a list of node "
                     "numbers, not %s",
                     made);
        n = lx_list_len(L, -1, "placement",
                        "a list of node numbers, rank 0 first");
        if (n < nranks)
            lx_error(L,
                     "placement: a list of %I nodes, the traffic needs %d "
                     "ranks",
                     n, nranks);
        ep = lua_newuserdatauv(L, (size_t)n * sizeof *ep, 0); /* pl, buf */
        for (lua_Integer i = 1; i <= n; i++) {
            lx_at_item(L, -2, (int)i);
            lua_rawgeti(L, -2, i); /* pl, buf, v */
            lua_Integer v;
            if (!lx_integer(L, -1, &v) || v < INT_MIN || v > INT_MAX)
                lx_error(L, "placement: rank %I must be given a node number",
                         i - 1);
            ep[i - 1] = (int)v;
            lua_pop(L, 1); /* pl, buf */
        }
        p->kind = NET_PLACE_LIST;
        p->list = placement_new(net, (int)n, ep, &err);
        lua_pop(L, 1); /* pl */
        if (p->list == NULL)
            lx_error(L, "%s", err.msg);
    } else {
        lx_error(L,
                 "placement must be a scheme name, a rho.place "
                 "description, a rho.rubik box or a list of node numbers, "
                 "not a %s",
                 luaL_typename(L, -1));
    }
    lua_pop(L, 1); /* - */
}

/* ---- the link part of rho.scenario ---- */

static int
routing_of(lua_State *L, int idx, const char *what)
{
    const char *r = lua_tostring(L, idx);
    int k = r ? net_routing_parse(r) : -1;

    if (k < 0)
        lx_error(L,
                 "%s: routing '%s' is not DOR, SD, SI, AD, AI, AH, BGQ or "
                 "UPDOWN",
                 what, r ? r : luaL_typename(L, idx));
    return k;
}

/* A job under construction: its pattern table's stack index and ranks. */
struct pjob {
    int tidx;  /* stack index of the pattern description */
    int ranks; /* -1: what is left */
    int rest;  /* it takes what is left */
    int routing;
    int line;
    int at; /* the line of its entry in jobs = { ... } (0: unknown) */
    char name[48];
};

/* The explicit flows (the list at the top of the stack) into p (in a box):
   messages between ranks 0..n-1. */
static const char *const net_flow_fields[] = {
    "src", "dst", "size", "step", "line", NULL,
};

static void
read_flows(lua_State *L, int n, double defsize, struct net_pattern_spec *p)
{
    lua_Integer nf = lx_list_len(L, -1, "flows", NULL);
    int ft = lua_gettop(L);
    struct net_flows *fl;

    net_pattern_spec_init(p, NET_PAT_FLOWS);
    p->flows = fl = net_flows_new(nf, NULL, NULL, NULL, NULL);
    for (lua_Integer i = 1; i <= nf; i++) {
        char what[32];
        int f, line;
        lua_Integer v[2];
        snprintf(what, sizeof what, "flow %d", (int)i);
        lua_rawgeti(L, ft, i); /* flows, f */
        f = lua_gettop(L);
        /* where the item is written, else the line rho.flow recorded */
        line = lx_src_item(L, ft, (int)i);
        if (line == 0 && lua_istable(L, f) &&
            lua_getfield(L, f, "line") == LUA_TNUMBER) /* flows, f, line */
            line = (int)lua_tointeger(L, -1);
        lua_settop(L, f); /* flows, f */
        lx_at(L, line);
        if (!lua_istable(L, f))
            lx_error(L,
                     "%s: expected a table such as { 0, 7, size = \"1 "
                     "MiB\" }",
                     what);
        lx_check_keys(L, f, net_flow_fields, 1, what);
        if (lua_rawlen(L, f) > 2)
            lx_error(L,
                     "%s: %d values in a row; a flow is { src, dst, size = "
                     "..., step = ... }",
                     what, (int)lua_rawlen(L, f));
        for (int k = 0; k < 2; k++) {
            const char *key = k ? "dst" : "src";
            if (lua_getfield(L, f, key) == LUA_TNIL) { /* flows, f, v */
                lua_pop(L, 1);
                lua_rawgeti(L, f, k + 1);
                lx_at_item(L, f, k + 1);
            } else {
                lx_at_field(L, f, key);
            }
            if (!lx_integer(L, -1, &v[k]))
                lx_error(L, "%s: the %s must be a rank number (0 to %d)", what,
                         k ? "destination" : "source", n - 1);
            if (v[k] < 0 || v[k] >= n)
                lx_error(L, "%s: %s rank %I is outside 0 to %d", what,
                         k ? "destination" : "source", v[k], n - 1);
            lua_pop(L, 1); /* flows, f */
            lx_at(L, line);
        }
        if (v[0] == v[1])
            lx_error(L, "%s: rank %I sends to itself", what, v[0]);
        fl->src[i - 1] = (int)v[0];
        fl->dst[i - 1] = (int)v[1];
        fl->bytes[i - 1] = defsize;
        if (!lx_get_quantity(L, f, "size", UNIT_SIZE, &fl->bytes[i - 1],
                             what) &&
            defsize < 0)
            lx_error(L,
                     "%s: no size (give size = \"1 MiB\" in the flow or "
                     "in the scenario)",
                     what);
        if (lua_getfield(L, f, "step") != LUA_TNIL) { /* flows, f, step */
            lx_at_field(L, f, "step");
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 ||
                lua_tointeger(L, -1) >= INT_MAX)
                lx_error(L,
                         "%s: step must be a phase number (0, 1, ...), not "
                         "%s",
                         what, luaL_tolstring(L, -1, NULL));
            fl->step[i - 1] = (int)lua_tointeger(L, -1);
        }
        lua_settop(L, ft); /* flows */
    }
}

void
lx_read_link(lua_State *L, int t, struct scenario *s, struct net *net,
             const struct net_topo_spec *spec)
{
    struct net_scen *lk;
    struct pjob job[MAX_JOBS];
    struct lx_spec *box;
    struct rho_err err;
    int njobs = 0, left = -1, top, line;
    long long slots = net_slots(net), total = 0; /* (jobs of 2^31 - 1) */
    double defsize = -1;

    luaL_checkstack(L, 2 * MAX_JOBS + 16, "scenario: jobs");
    top = lua_gettop(L);

    s->net = lk = net_scen_new(net, spec);
    lx_get_quantity(L, t, "size", UNIT_SIZE, &defsize, "scenario");
    lx_get_quantity(L, t, "gamma", UNIT_TIME, &lk->gamma, "scenario");
    lx_get_quantity(L, t, "bgq_threshold", UNIT_SIZE, &lk->bgq_threshold,
                    "scenario");
    lx_at_field(L, t, "routing");
    if (lua_getfield(L, t, "routing") != LUA_TNIL) /* routing */
        lk->routing = routing_of(L, -1, "scenario");
    else
        lk->routing = net_torus(net) ? NET_DOR : NET_SD;
    lua_pop(L, 1);
    lx_at(L, 0);
    lx_at_field(L, t, "paths");
    if (lua_getfield(L, t, "paths") == LUA_TSTRING) { /* paths */
        const char *m = lua_tostring(L, -1);
        if (strcmp(m, "all") == 0)
            lk->minimal = ROUTE_ALL;
        else if (strcmp(m, "minimal") == 0)
            lk->minimal = ROUTE_MIN;
        else
            lx_error(L, "scenario: paths must be \"minimal\" or \"all\"");
    } else if (!lua_isnil(L, -1)) {
        lx_error(L, "scenario: paths must be \"minimal\" or \"all\"");
    }
    lua_pop(L, 1);
    lx_at(L, 0);

    /* the jobs: traffic = pattern, jobs = { {traffic=, ranks=}, ... } */
    lx_at_field(L, t, "traffic");
    if (lua_getfield(L, t, "traffic") != LUA_TNIL) { /* traffic */
        if (!is_traffic(L, -1, &job[0].line))
            lx_error(L, "scenario: traffic must be a pattern such as "
                        "rho.pattern.umesh{}, or a list of them (phases)");
        job[0].tidx = lua_gettop(L);
        job[0].ranks = -1;
        job[0].routing = lk->routing;
        job[0].at = lx_src_field(L, t, "traffic");
        snprintf(job[0].name, sizeof job[0].name, "traffic");
        njobs = 1;
    } else {
        lua_pop(L, 1);
    }
    lx_at(L, 0);
    lx_at_field(L, t, "jobs");
    if (lua_getfield(L, t, "jobs") != LUA_TNIL) { /* jobs */
        int jt = lua_gettop(L);
        lua_Integer n;
        char made[128];
        if (!lua_istable(L, jt))
            lx_error(L, "scenario: jobs must be a list of { traffic = ..., "
                        "ranks = N }");
        if (lx_made_by(L, jt, made, sizeof made) != NULL)
            lx_error(L,
                     "scenario: jobs must be a list of { traffic = ..., "
                     "ranks = N }, not %s",
                     made);
        if (lua_getfield(L, jt, "traffic") != LUA_TNIL) /* jobs, traffic */
            lx_error(L, "scenario: jobs is a list of jobs: { { traffic = "
                        "..., ranks = N } }, not one job");
        lua_pop(L, 1); /* jobs */
        n = lx_list_len(L, jt, "jobs",
                        "jobs is a list such as { { traffic = ..., ranks = N "
                        "} }");
        if (n + njobs > MAX_JOBS)
            lx_error(L, "scenario: more than %d jobs", MAX_JOBS);
        for (lua_Integer i = 1; i <= n; i++) {
            static const char *const job_fields[] = {"traffic", "ranks",
                                                     "routing", "name", NULL};
            struct pjob *j = &job[njobs];
            char what[32];
            int e;
            snprintf(what, sizeof what, "job %d", (int)i);
            j->at = lx_src_item(L, jt, (int)i);
            lx_at(L, j->at);
            lua_rawgeti(L, jt, i); /* job */
            e = lua_gettop(L);
            if (!lua_istable(L, e))
                lx_error(L, "%s: expected { traffic = ..., ranks = N }", what);
            lx_check_keys(L, e, job_fields, 0, what);
            j->ranks = opt_int(L, e, "ranks", -1, 1, 0x7fffffff, what);
            j->routing = lk->routing;
            lx_at(L, j->at);
            lx_at_field(L, e, "routing");
            if (lua_getfield(L, e, "routing") != LUA_TNIL)
                j->routing = routing_of(L, -1, what);
            lua_pop(L, 1);
            lx_at(L, j->at);
            snprintf(j->name, sizeof j->name, "job %d", (int)i);
            lx_at_field(L, e, "name");
            if (lua_getfield(L, e, "name") == LUA_TSTRING) {
                int at, byte;
                size_t len = lua_rawlen(L, -1);
                if ((at = lx_control_at(L, -1, 0, &byte)) > 0)
                    lx_error(L,
                             "%s: name has a control character (byte %d at "
                             "%d)",
                             what, byte, at);
                /* (cut, two names could print alike, or half a
                   character) */
                if (len == 0 || len >= sizeof j->name)
                    lx_error(L, "%s: name must be 1 to %d bytes, got %d", what,
                             (int)sizeof j->name - 1, (int)len);
                snprintf(j->name, sizeof j->name, "%s", lua_tostring(L, -1));
            } else if (!lua_isnil(L, -1)) {
                lx_error(L, "%s: name must be a string, not a %s", what,
                         luaL_typename(L, -1));
            }
            lua_pop(L, 1);
            lx_at(L, j->at);
            lua_getfield(L, e, "traffic"); /* job, traffic */
            lx_at_field(L, e, "traffic");
            if (!is_traffic(L, -1, &j->line))
                lx_error(L,
                         "%s: traffic must be a pattern such as "
                         "rho.pattern.umesh{}, or a list of them (phases)",
                         what);
            j->tidx = lua_gettop(L);
            njobs++;
        }
    } else {
        lua_pop(L, 1);
    }
    for (int j = 0; j < njobs; j++) {
        job[j].rest = job[j].ranks < 0;
        lx_at(L, job[j].at);
        if (job[j].ranks < 0) {
            if (left >= 0)
                lx_error(L,
                         "%s: only one job may take the ranks that are "
                         "left (give ranks = N)",
                         job[j].name);
            left = j;
        } else {
            total += job[j].ranks;
        }
    }
    lx_at(L, 0);
    lx_at_field(L, t, "jobs");
    if (total > slots)
        lx_error(L, "scenario: the jobs need %I ranks, the network has %I",
                 (lua_Integer)total, (lua_Integer)slots);
    if (left >= 0) {
        job[left].ranks =
            (int)(slots - total > 0x7fffffff ? 0x7fffffff : slots - total);
        lx_at(L, job[left].at);
        if (job[left].ranks < 1)
            lx_error(L, "%s: no ranks are left for it", job[left].name);
        total += job[left].ranks;
    }
    lx_at(L, 0);
    if ((njobs == 0 && slots > 0x7fffffff) || total > 0x7fffffff)
        lx_error(L, "scenario: too many ranks");
    if (total == 0)
        total = slots; /* only explicit flows */

    box = push_spec(L); /* ..., box */
    read_placement(L, t, net, (int)total, &box->place, &line);
    lx_at(L, 0);
    lx_at_field(L, t, "placement");
    {
        struct placement *pl =
            net_place_make(&box->place, net, (int)total, s->seed, &err);
        if (pl == NULL)
            lx_error_at(L, line, "%s", err.msg);
        net_scen_set_placement(lk, pl, &box->place, (int)total);
    }
    {
        int off = 0;
        for (int j = 0; j < njobs; j++) {
            struct pattern *p;
            lx_at(L, job[j].at);
            net_pattern_spec_fini(&box->pat);
            read_pattern(L, job[j].tidx, defsize, &box->pat);
            p = net_pattern_make(&box->pat, net, job[j].ranks,
                                 s->seed + (uint64_t)j, &err);
            if (p == NULL)
                lx_error_at(L, job[j].line, "%s", err.msg);
            if (pattern_ranks(p) > job[j].ranks) { /* (a grid's dims) */
                int pr = pattern_ranks(p);
                pattern_free(p);
                lx_error_at(L, job[j].line,
                            "%s: the pattern is for %d ranks, and %s %d",
                            job[j].name, pr,
                            job[j].rest && njobs == 1 ? "the network has"
                                                      : "the job has",
                            job[j].ranks);
            }
            net_scen_add_job(lk, job[j].name, &box->pat, p, job[j].ranks, off,
                             job[j].routing, job[j].line, job[j].rest);
            off += job[j].ranks;
        }
    }
    lx_at(L, 0);

    lx_at_field(L, t, "flows");
    if (lua_getfield(L, t, "flows") != LUA_TNIL) { /* ..., box, flows */
        struct pattern *p;
        int n = placement_ranks(lk->placement);
        int fline = lx_src_field(L, t, "flows");
        lx_flow_list(L, -1, 1, "{ { 0, 7, size = \"1 MiB\" } }");
        net_pattern_spec_fini(&box->pat);
        read_flows(L, n, defsize, &box->pat);
        lx_at(L, fline);
        if ((p = net_pattern_make(&box->pat, net, n, 0, &err)) == NULL)
            lx_error(L, "%s", err.msg);
        net_scen_add_job(lk, "flows", &box->pat, p, n, 0, lk->routing,
                         fline > 0 ? fline : lx_user_line(L), 0);
    }
    lx_at(L, 0);
    lua_settop(L, top);
    if (lk->njobs == 0)
        lx_error(L, "scenario: no traffic (give flows = { { 0, 7, size = "
                    "\"1 MiB\" } }, traffic = rho.pattern.umesh{} or jobs = "
                    "{ ... })");
}
