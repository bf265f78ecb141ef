/*
 * lx_queue: the queueing model's side of the Lua binding -- a scenario's
 * `queue = { ... }` options and `topology = rho.levels { ... }` (levels
 * given by hand, lua/queue.lua) read into the scenario's queue part
 * (core/queue/queue_scen.h).
 *
 * Every value is checked before anything is built. The levels are read
 * into a struct queue that the scenario's part owns at once (the scenario
 * userdata owns the scenario), so an error raised later leaves nothing
 * behind. Messages name the file and the line: the rho.levels call for
 * its levels, the rho.scenario call for the options.
 */
#include <lauxlib.h>
#include <lua.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "script/lx_int.h"

static const char *const queue_fields[] = {
    "load",  "budget",  "slim",    "split",  "packet",
    "delay", "latency", "compare", "levels", NULL,
};

static const char *const level_fields[] = {
    "v", "capacity", "links", "bandwidth", NULL,
};

static const char *const levels_fields[] = {
    "p0", "P", "exit", "_rho", "line", NULL,
};

int
lx_is_levels(lua_State *L, int idx)
{
    int ok;

    if (!lua_istable(L, idx))
        return 0;
    lua_getfield(L, idx, "_rho"); /* tag */
    ok = lua_type(L, -1) == LUA_TSTRING &&
         strcmp(lua_tostring(L, -1), "levels") == 0;
    lua_pop(L, 1);
    return ok;
}

/* A list of k numbers at field of t (absent: 0), each in [lo, hi]. */
static int
numbers(lua_State *L, int t, const char *field, double *out, int k, double lo,
        double hi, int line)
{
    if (lua_getfield(L, t, field) == LUA_TNIL) { /* list */
        lua_pop(L, 1);
        return 0;
    }
    if (!lua_istable(L, -1) || (int)lua_rawlen(L, -1) != k)
        lx_error_at(L, line, "rho.levels: %s must be a list of %d numbers",
                    field, k);
    for (int i = 0; i < k; i++) {
        lua_rawgeti(L, -1, i + 1); /* list, x */
        if (lua_type(L, -1) != LUA_TNUMBER)
            lx_error_at(L, line, "rho.levels: %s[%d] must be a number", field,
                        i + 1);
        out[i] = lua_tonumber(L, -1);
        if (!(out[i] >= lo && out[i] <= hi))
            lx_error_at(L, line, "rho.levels: %s[%d] must be from %g to %g",
                        field, i + 1, lo, hi);
        lua_pop(L, 1); /* list */
    }
    lua_pop(L, 1); /* - */
    return 1;
}

void
lx_read_levels(lua_State *L, int idx, struct scenario *s)
{
    int t = lua_absindex(L, idx), line = 0, k, has_v = 0, has_p;
    struct queue *q;
    struct rho_err err;
    double *p0, *P, *pexit;
    int has_exit;

    if (lua_getfield(L, t, "line") == LUA_TNUMBER) /* line */
        line = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lx_check_keys(L, t, levels_fields, 1, "rho.levels");
    k = (int)lua_rawlen(L, t);
    if (k < 1 || k > QUEUE_MAX_LEVELS)
        lx_error_at(L, line,
                    "rho.levels: give 1 to %d levels such as { \"L1\", v = 1, "
                    "capacity = \"10 GB/s\" }",
                    QUEUE_MAX_LEVELS);
    if (s->queue == NULL)
        s->queue = queue_scen_new();
    q = queue_new(k);
    queue_scen_set_levels(s->queue, q); /* owned from here on */
    for (int i = 0; i < k; i++) {
        char what[80];
        double links = 1, bw = 0, cap = 0;
        int has_cap, has_bw;
        const char *name;

        lua_rawgeti(L, t, i + 1); /* lv */
        snprintf(what, sizeof what, "rho.levels: level %d", i + 1);
        if (!lua_istable(L, -1))
            lx_error_at(L, line,
                        "%s must be a table such as { \"L1\", v = 1, "
                        "capacity = \"10 GB/s\" }",
                        what);
        lx_check_keys(L, -1, level_fields, 1, what);
        lua_rawgeti(L, -1, 1); /* lv, name */
        name = lua_tostring(L, -1);
        if (lua_type(L, -1) != LUA_TSTRING || name[0] == '\0' ||
            strlen(name) >= QUEUE_NAME_MAX)
            lx_error_at(L, line, "%s needs a name (1 to %d characters) first",
                        what, QUEUE_NAME_MAX - 1);
        for (int j = 0; j < i; j++)
            if (strcmp(q->name[j], name) == 0)
                lx_error_at(L, line, "rho.levels: two levels are named '%s'",
                            name);
        snprintf(q->name[i], QUEUE_NAME_MAX, "%s", name);
        lua_pop(L, 1); /* lv */
        snprintf(what, sizeof what, "rho.levels: level '%s'", q->name[i]);
        if (lua_getfield(L, -1, "v") != LUA_TNIL) { /* lv, v */
            if (lua_type(L, -1) != LUA_TNUMBER || !(lua_tonumber(L, -1) >= 0) ||
                !isfinite(lua_tonumber(L, -1)))
                lx_error_at(L, line, "%s: v must be a number >= 0", what);
            q->v[i] = lua_tonumber(L, -1);
            has_v++;
        }
        lua_pop(L, 1);                                  /* lv */
        if (lua_getfield(L, -1, "links") != LUA_TNIL) { /* lv, links */
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1)
                lx_error_at(L, line, "%s: links must be an integer >= 1", what);
            links = (double)lua_tointeger(L, -1);
        }
        lua_pop(L, 1); /* lv */
        has_cap = lx_get_quantity(L, -1, "capacity", UNIT_RATE, &cap, what);
        has_bw = lx_get_quantity(L, -1, "bandwidth", UNIT_RATE, &bw, what);
        if (has_cap == has_bw)
            lx_error_at(L, line,
                        "%s: give its capacity (capacity = \"10 GB/s\", all "
                        "its links together) or links and bandwidth (one "
                        "link's), not %s",
                        what, has_cap ? "both" : "neither");
        q->n[i] = (long long)links;
        q->mu[i] = has_cap ? cap : links * bw;
        q->bmin[i] = q->bmax[i] = has_cap ? cap / links : bw;
        if (!(q->mu[i] > 0))
            lx_error_at(L, line, "%s: the capacity must be > 0", what);
        lua_pop(L, 1); /* - */
    }
    lua_getfield(L, t, "p0"); /* p0 */
    has_p = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (has_p && has_v > 0)
        lx_error_at(L, line,
                    "rho.levels: give either every level's v or p0 and P, "
                    "not both");
    if (!has_p && has_v != k)
        lx_error_at(L, line,
                    "rho.levels: give every level's v (visits per byte), or "
                    "the routing probabilities p0 and P");
    if (!has_p)
        return;
    /* routing probabilities: arrays the scenario owns while reading */
    p0 = lua_newuserdatauv(L, (size_t)k * (size_t)(k + 2) * sizeof(double),
                           0); /* box */
    P = p0 + k;
    pexit = P + (size_t)k * (size_t)k;
    numbers(L, t, "p0", p0, k, 0, 1, line);
    if (lua_getfield(L, t, "P") != LUA_TTABLE || /* box, P */
        (int)lua_rawlen(L, -1) != k)
        lx_error_at(L, line,
                    "rho.levels: P must be a %d x %d table: P[i][j] is the "
                    "share of level i's hops followed by a level j hop",
                    k, k);
    for (int i = 0; i < k; i++) {
        lua_rawgeti(L, -1, i + 1); /* box, P, row */
        if (!lua_istable(L, -1) || (int)lua_rawlen(L, -1) != k)
            lx_error_at(L, line,
                        "rho.levels: P[%d] must be a list of %d "
                        "numbers",
                        i + 1, k);
        for (int j = 0; j < k; j++) {
            lua_rawgeti(L, -1, j + 1); /* box, P, row, x */
            if (lua_type(L, -1) != LUA_TNUMBER)
                lx_error_at(L, line, "rho.levels: P[%d][%d] must be a number",
                            i + 1, j + 1);
            P[(size_t)i * (size_t)k + (size_t)j] = lua_tonumber(L, -1);
            lua_pop(L, 1); /* box, P, row */
        }
        lua_pop(L, 1); /* box, P */
    }
    lua_pop(L, 1); /* box */
    has_exit = numbers(L, t, "exit", pexit, k, 0, 1, line);
    if (queue_set_routing(q, p0, P, has_exit ? pexit : NULL, &err) != 0)
        lx_error_at(L, line, "rho.levels: %s", err.msg);
    lua_pop(L, 1); /* - */
}

/* A time field: one value, or a list of values (one per level). */
static void
read_latency(lua_State *L, int t, struct queue_scen *qs)
{
    double one, lat[QUEUE_MAX_LEVELS];
    int n;

    if (lua_getfield(L, t, "latency") == LUA_TNIL) { /* lat */
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lx_get_quantity(L, t, "latency", UNIT_TIME, &one, "queue");
        queue_scen_set_latency(qs, 1, &one);
        return;
    }
    n = (int)lua_rawlen(L, -1);
    if (n < 1 || n > QUEUE_MAX_LEVELS)
        lx_error(L, "queue: latency must be a time, or a list of one time per "
                    "level");
    for (int i = 0; i < n; i++) {
        struct rho_err err;
        lua_rawgeti(L, -1, i + 1); /* lat, x */
        if (lua_type(L, -1) == LUA_TNUMBER && lua_tonumber(L, -1) >= 0)
            lat[i] = lua_tonumber(L, -1);
        else if (lua_type(L, -1) != LUA_TSTRING ||
                 units_parse(UNIT_TIME, lua_tostring(L, -1), &lat[i], &err) !=
                     0)
            lx_error(L, "queue: latency[%d] must be a time such as \"782 ns\"",
                     i + 1);
        lua_pop(L, 1); /* lat */
    }
    lua_pop(L, 1); /* - */
    queue_scen_set_latency(qs, n, lat);
}

/* levels = "default" | "classes" | "all" | { { name, class... }, ... } */
static void
read_group(lua_State *L, int t, struct queue_scen *qs)
{
    int type = lua_getfield(L, t, "levels"); /* g */
    const char *classes[QUEUE_MAX_LEVELS];
    struct queue_group_spec g;
    struct rho_err err;
    int n = 0, bad = 0;

    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    if (type == LUA_TSTRING) {
        int kind = queue_group_parse(lua_tostring(L, -1));
        if (kind < 0 || kind == QUEUE_GROUP_LIST)
            lx_error(L,
                     "queue: levels must be \"default\", \"classes\", \"all\" "
                     "or a list such as { { \"local\", \"L1-row\", "
                     "\"L1-col\" }, { \"global\", \"L2\" } }, not '%s'",
                     lua_tostring(L, -1));
        queue_group_fini(&qs->group);
        qs->group.kind = kind;
        lua_pop(L, 1);
        return;
    }
    if (type != LUA_TTABLE || (n = (int)lua_rawlen(L, -1)) < 1)
        lx_error(L, "queue: levels must be a name or a non-empty list of "
                    "levels");
    /* every check first: nothing of C is live when an error is raised */
    for (int i = 0; i < n && !bad; i++) {
        int nc = 0;
        lua_rawgeti(L, -1, i + 1); /* g, lv */
        if (!lua_istable(L, -1) || (nc = (int)lua_rawlen(L, -1)) < 2 ||
            nc > QUEUE_MAX_LEVELS)
            bad = i + 1;
        for (int j = 1; j <= nc && !bad; j++) {
            if (lua_rawgeti(L, -1, j) != LUA_TSTRING) /* g, lv, s */
                bad = i + 1;
            lua_pop(L, 1); /* g, lv */
        }
        lua_pop(L, 1); /* g */
    }
    if (bad)
        lx_error(L,
                 "queue: levels[%d] must be a list of names: the level's, "
                 "then its classes ({ \"local\", \"L1-row\", \"L1-col\" })",
                 bad);
    queue_group_init(&g);
    for (int i = 0; i < n; i++) {
        int nc, rc;
        lua_rawgeti(L, -1, i + 1); /* g, lv */
        nc = (int)lua_rawlen(L, -1);
        for (int j = 0; j < nc; j++) {
            lua_rawgeti(L, -1, j + 1);        /* g, lv, s */
            classes[j] = lua_tostring(L, -1); /* kept alive by lv */
            lua_pop(L, 1);                    /* g, lv */
        }
        rc = queue_group_add(&g, classes[0], nc - 1, classes + 1, &err);
        lua_pop(L, 1); /* g */
        if (rc != 0) {
            queue_group_fini(&g); /* nothing of C left: now raise */
            lx_error(L, "queue: levels: %s", err.msg);
        }
    }
    lua_pop(L, 1); /* - */
    queue_group_fini(&qs->group);
    qs->group = g;
}

/*
 * A network's levels (s->net's links grouped as qs says) are counted here,
 * as the model will count them (O(links), a few milliseconds for millions),
 * so that a grouping the network refuses, or a latency list of the wrong
 * length, is refused at its line rather than when the model runs.
 */
static void
network_levels(lua_State *L, int qt, const struct scenario *s,
               struct queue_scen *qs)
{
    struct queue_map *m;
    struct rho_err err;
    int k;

    if (s->net == NULL || qs->levels != NULL || net_links(s->net->net) == 0)
        return;
    if ((m = queue_map_new(s->net->net, &qs->group, &err)) == NULL)
        lx_error_at(L, qs->line, "queue: levels: %s", err.msg);
    k = m->k;
    queue_map_free(m);
    if (qs->nlat > 1 && qs->nlat != k) {
        lx_at_field(L, qt, "latency");
        lx_error(L,
                 "queue: latency has %d values for the network's %d levels "
                 "(give one for all, or one per level)",
                 qs->nlat, k);
    }
}

void
lx_read_queue(lua_State *L, int t, struct scenario *s)
{
    struct queue_scen *qs;
    struct rho_err err;
    double x;
    int qt, line = lx_user_line(L);

    if (lua_getfield(L, t, "queue") == LUA_TNIL) { /* q */
        lua_pop(L, 1);
        if (s->queue != NULL && s->queue->levels != NULL &&
            queue_scen_check(s->queue, s->queue->levels->k, &err) != 0)
            lx_error(L, "%s", err.msg);
        return;
    }
    qt = lua_gettop(L);
    if (!lua_istable(L, qt))
        lx_error(L,
                 "scenario: queue must be a table of options such as { "
                 "load = 0.5 }, not a %s",
                 luaL_typename(L, qt));
    if (s->net == NULL && (s->queue == NULL || s->queue->levels == NULL))
        lx_error(L, "queue: the queueing model needs a network or levels "
                    "(give the tree a routing, use a network topology, or "
                    "topology = rho.levels { ... })");
    lx_check_keys(L, qt, queue_fields, 0, "queue");
    if (s->queue == NULL)
        s->queue = queue_scen_new();
    qs = s->queue;
    /* the line run-time errors of the levels name: their field's */
    qs->line = lx_src_field(L, qt, "levels");
    if (qs->line <= 0)
        qs->line = lx_src_field(L, t, "queue");
    if (qs->line <= 0)
        qs->line = line;
    if (lua_getfield(L, qt, "load") == LUA_TNUMBER) { /* q, load */
        qs->load = lua_tonumber(L, -1);
        if (!(qs->load >= 0) || !isfinite(qs->load))
            lx_error(L, "queue: load must be >= 0 (a fraction of the "
                        "saturation throughput) or a rate such as \"8 GB/s\"");
        lua_pop(L, 1);
    } else if (lua_isstring(L, -1)) {
        lua_pop(L, 1);
        lx_get_quantity(L, qt, "load", UNIT_RATE, &qs->load, "queue");
        qs->load_rate = 1;
    } else if (!lua_isnil(L, -1)) {
        lx_error(L, "queue: load must be a number (a fraction of the "
                    "saturation throughput) or a rate such as \"8 GB/s\"");
    } else {
        lua_pop(L, 1);
    }
    lx_get_quantity(L, qt, "budget", UNIT_RATE, &qs->budget, "queue");
    if (lua_getfield(L, qt, "slim") != LUA_TNIL) { /* q, slim */
        x = lua_tonumber(L, -1);
        if (lua_type(L, -1) != LUA_TNUMBER || !(x >= 0 && x < 1))
            lx_error(L, "queue: slim must be a number from 0 to less than 1 "
                        "(0.25: each level a quarter below the one before)");
        qs->slim = x;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, qt, "split") != LUA_TNIL) { /* q, split */
        int p = lua_type(L, -1) == LUA_TSTRING
                    ? queue_policy_parse(lua_tostring(L, -1))
                    : -1;
        if (p < 0)
            lx_error(L, "queue: split must be \"built\", \"equal\", "
                        "\"optimal\", \"reversed\" or \"sqrt\"");
        qs->split = p;
    }
    lua_pop(L, 1);
    if (lx_get_quantity(L, qt, "packet", UNIT_SIZE, &qs->opts.packet,
                        "queue") &&
        !(qs->opts.packet > 0))
        lx_error(L, "queue: packet must be > 0");
    if (lua_getfield(L, qt, "delay") != LUA_TNIL) { /* q, delay */
        int d = lua_type(L, -1) == LUA_TSTRING
                    ? queue_delay_parse(lua_tostring(L, -1))
                    : -1;
        if (d < 0)
            lx_error(L, "queue: delay must be \"per_link\" or \"aggregate\"");
        qs->opts.delay = d;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, qt, "compare") != LUA_TNIL) { /* q, compare */
        if (!lua_isboolean(L, -1))
            lx_error(L, "queue: compare must be true or false");
        qs->compare = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    read_latency(L, qt, qs);
    if (qs->levels != NULL && lua_getfield(L, qt, "levels") != LUA_TNIL)
        lx_error(L, "queue: levels group a network's links; given levels "
                    "(rho.levels) are already levels");
    lua_settop(L, qt);
    read_group(L, qt, qs);
    network_levels(L, qt, s, qs);
    if (queue_scen_check(qs,
                         qs->levels     ? qs->levels->k
                         : qs->nlat > 1 ? qs->nlat
                                        : 1,
                         &err) != 0)
        lx_error(L, "%s", err.msg);
    lua_settop(L, qt - 1);
}
