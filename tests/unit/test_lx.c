/*
 * The Lua binding: scenarios from scripts, the sandbox, budgets, fault
 * injection, and save -> load round trips.
 */
#include "harness.h"

#include <stdlib.h>

#include "core/pcie/pcie_model.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "core/base/strbuf.h"
#include "script/lx.h"

static const char table1[] =
    "local function k80(name, a, b)\n"
    "  return rho.switch(name, { rho.gpu(a), rho.gpu(b) })\n"
    "end\n"
    "return rho.scenario {\n"
    "  title = \"Table I\",\n"
    "  topology = rho.rc(\"RC\", {\n"
    "    rho.switch(\"SA\", { k80(\"K0\", \"0\", \"1\"), k80(\"K1\", \"2\", "
    "\"3\") }),\n"
    "    rho.switch(\"SB\", { k80(\"K2\", \"4\", \"5\"), k80(\"K3\", \"6\", "
    "\"7\") }),\n"
    "  }),\n"
    "  bandwidth = \"11.6 GiB/s\",\n"
    "  tau = 0.2,\n"
    "  flows = {\n"
    "    { \"0\", \"2\", size = \"300 MiB\" },\n"
    "    { \"1\", \"4\", size = \"300 MiB\" },\n"
    "    { \"3\", \"2\", size = \"300 MiB\" },\n"
    "    { \"6\", \"4\", size = \"300 MiB\", start = \"0 ms\" },\n"
    "  },\n"
    "}\n";

static struct scenario *
run(const char *text, struct rho_err *err)
{
    return lx_run_string("test.lua", text, NULL, err);
}

static double
makespan(const struct scenario *s)
{
    struct pcie_sim *sim = scenario_sim(s, NULL);
    double t = sim ? pcie_sim_run(sim, NULL, NULL, NULL) : -1;

    pcie_sim_free(sim);
    return t;
}

static void
test_table1(void)
{
    struct rho_err err;
    struct scenario *s = run(table1, &err);

    CHECK(s != NULL, "the issue's example loads (%s)", s ? "" : err.msg);
    if (s == NULL)
        return;
    CHECK_STR(s->title, "Table I", "title");
    CHECK(pcie_nodes(s->pcie) == 15, "15 nodes");
    CHECK(s->nflows == 4, "4 flows");
    CHECK_NEAR(s->bandwidth, 11.6 * 1073741824.0, 1e-3, "bandwidth");
    CHECK_NEAR(s->tau, 0.2, 0, "tau");
    CHECK_NEAR(s->flow[1].bytes, 300 * 1048576.0, 0, "size");
    CHECK(s->flow[0].line == 13 && s->flow[3].line == 16 && s->line == 4,
          "flow line = where the flow is written (%d), the scenario's its "
          "call's",
          s->flow[0].line);
    CHECK(pcie_node(s->pcie, pcie_find(s->pcie, "K1"))->line == 7,
          "node line = its constructor's line");
    CHECK_NEAR(makespan(s) * 1e3, 64.94, 0.005, "Table II from Lua");
    scenario_free(s);
}

static void
test_library(void)
{
    struct rho_err err;
    struct scenario *s;

    s = run("return rho.scenario { topology = rho.t2(), flows = rho.halo { "
            "dims = {4, 2}, size = 1 } }",
            &err);
    CHECK(s && s->nflows == 20, "2D halo on 2x4: 20 flows");
    if (s) {
        /* rank 5 = (1,1): neighbours 4, 6, 1 in dims order (-x, +x, -y) */
        int k = 0;
        const char *want[] = {"4", "6", "1"};
        for (int i = 0; i < s->nflows; i++)
            if (strcmp(pcie_node(s->pcie, s->flow[i].src)->name, "5") == 0) {
                CHECK_STR(pcie_node(s->pcie, s->flow[i].dst)->name, want[k],
                          "rank 5 send %d", k + 1);
                k++;
            }
        CHECK(k == 3, "rank 5 has 3 neighbours");
        scenario_free(s);
    }
    s = run("return rho.scenario { topology = rho.t2(), flows = rho.halo { "
            "dims = {2, 2, 2}, size = 1 } }",
            &err);
    CHECK(s && s->nflows == 24, "3D halo on 2x2x2: 24 flows");
    if (s) {
        int ok = 1;
        for (int i = 0; i < s->nflows; i++) {
            int a = atoi(pcie_node(s->pcie, s->flow[i].src)->name);
            int b = atoi(pcie_node(s->pcie, s->flow[i].dst)->name);
            int x = a ^ b;
            ok &= x == 1 || x == 2 || x == 4;
        }
        CHECK(ok, "3D halo neighbours are g^1, g^2, g^4");
        scenario_free(s);
    }
    s = run("return rho.scenario { topology = rho.t2(), flows = rho.halo { "
            "dims = {4, 2}, periodic = true, size = 1 } }",
            &err);
    CHECK(s && s->nflows == 24, "periodic 4x2: 8 x 3 distinct neighbours");
    scenario_free(s);
    s = run("return rho.scenario { topology = rho.t1(), flows = "
            "rho.alltoall { ranks = 8, size = 1 } }",
            &err);
    CHECK(s && s->nflows == 56, "all-to-all of 8: 56 flows");
    scenario_free(s);
    s = run("return rho.scenario { topology = rho.t2(), flows = rho.concat("
            "rho.scatter { ranks = 8, size = 1, root = 3 }, rho.gather { "
            "ranks = 8, size = 1 }, rho.ring { ranks = 8, size = 1, "
            "bidirectional = true }, rho.permutation { perm = 'reverse', "
            "ranks = 8, size = 1 }) }",
            &err);
    CHECK(s && s->nflows == 7 + 7 + 16 + 8, "scatter+gather+ring+perm");
    if (s) {
        CHECK_STR(pcie_node(s->pcie, s->flow[0].src)->name, "3",
                  "scatter root 3");
        CHECK_STR(pcie_node(s->pcie, s->flow[7].dst)->name, "0", "gather to 0");
    }
    scenario_free(s);

    /* placements */
    s = run("local d = rho.devices(rho.t2())\n"
            "return rho.scenario { topology = rho.t2(), placement = "
            "rho.place.random(d, 7), flows = { { 0, 1, size = 1 } } }",
            &err);
    CHECK(s && s->nranks == 8, "random placement of 8");
    if (s) {
        int seen[16] = {0}, ok = 1;
        for (int r = 0; r < 8; r++)
            ok &= !seen[s->rank_node[r]]++;
        CHECK(ok, "random placement is a permutation");
        CHECK(s->flow[0].src == s->rank_node[0], "rank 0 through placement");
    }
    {
        struct scenario *s2 =
            run("local d = rho.devices(rho.t2())\n"
                "return rho.scenario { topology = rho.t2(), placement = "
                "rho.place.random(d, 7), flows = { { 0, 1, size = 1 } } }",
                &err);
        CHECK(s && s2 &&
                  memcmp(s->rank_node, s2->rank_node,
                         8 * sizeof *s->rank_node) == 0,
              "same seed, same placement");
        scenario_free(s2);
    }
    scenario_free(s);
    s = run("return rho.scenario { topology = rho.t2(), placement = "
            "rho.place.round_robin(4, { '0', '4' }), flows = { { 0, 1, size "
            "= 1 }, { 2, 3, size = 1 } } }",
            &err);
    CHECK(s && s->nranks == 4 &&
              strcmp(pcie_node(s->pcie, s->rank_node[2])->name, "0") == 0,
          "round robin");
    scenario_free(s);
    s = run("return rho.scenario { topology = rho.t2(), flows = "
            "rho.random_pairs { ranks = 8, count = 50, seed = 3, size = 1 } }",
            &err);
    CHECK(s && s->nflows == 50, "random pairs");
    if (s) {
        int ok = 1;
        for (int i = 0; i < s->nflows; i++)
            ok &= s->flow[i].src != s->flow[i].dst;
        CHECK(ok, "random pairs never send to themselves");
    }
    scenario_free(s);
}

static void
test_sandbox(void)
{
    struct rho_err err;
    struct scenario *s;
    static const char bytecode[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n";
    struct lx_opts o;

    s = lx_run_string("bin.lua", bytecode, NULL, &err);
    CHECK(s == NULL && err.code == RHO_EINPUT, "binary chunks are refused");
    CHECK_STR(err.msg,
              "bin.lua: is a compiled Lua chunk; rho reads scenario scripts "
              "as text",
              "... saying what the file is");
    s = run("return rho.scenario { topology = rho.t2(), flows = {} } --[[",
            &err);
    CHECK(s == NULL && strstr(err.msg, "test.lua:1:") != NULL,
          "syntax errors carry the line (%s)", err.msg);
    s = run("x = 1\nreturn rho.scenario { topology = rho.t2(), title = "
            "tostring(x), flows = {} }",
            &err);
    CHECK(s != NULL, "scripts may set and read their own globals");
    scenario_free(s);
    s = run("return rho.scenario { topology = rho.t2(), title = "
            "tostring(math.random(1, 1000000)), flows = {} }",
            &err);
    {
        struct scenario *s2 = run("return rho.scenario { topology = "
                                  "rho.t2(), title = "
                                  "tostring(math.random(1, 1000000)), "
                                  "flows = {} }",
                                  &err);
        CHECK(s && s2 && strcmp(s->title, s2->title) == 0,
              "math.random is deterministic (%s)", s ? s->title : "");
        scenario_free(s2);
    }
    scenario_free(s);

    memset(&o, 0, sizeof o);
    o.max_instructions = 100000;
    s = lx_run_string("loop.lua", "while true do end", &o, &err);
    CHECK(s == NULL && err.code == RHO_ELIMIT, "runaway loop stopped");
    o.max_instructions = 0;
    o.max_memory = 8 << 20;
    s = lx_run_string("mem.lua", "local t = {} for i = 1, 1e8 do t[i] = {} end",
                      &o, &err);
    CHECK(s == NULL && err.code == RHO_ELIMIT, "memory hog stopped");
    CHECK_STR(err.msg,
              "mem.lua:1: script stopped: memory budget of 8 MiB "
              "exceeded; raise it with --lua-memory",
              "memory message");
}

/* Fail allocation N = 1, 2, ... until the script runs: never a crash or a
   leak (ASan checks the leaks). */
static void
test_faults(void)
{
    struct lx_opts o;
    struct rho_err err;
    int n, failures = 0, bad = 0;

    memset(&o, 0, sizeof o);
    o.in_process = 1; /* here, where ASan sees the leaks */
    for (n = 1; n < 100000; n++) {
        struct scenario *s;
        o.fail_alloc_at = n;
        s = lx_run_string("faults.lua", table1, &o, &err);
        if (s != NULL) {
            bad |= s->nflows != 4;
            scenario_free(s);
            break;
        }
        failures++;
        bad |= err.code != RHO_ELIMIT && err.code != RHO_EINPUT;
    }
    CHECK(n < 100000 && failures > 100,
          "fault injection: %d failed runs, then success", failures);
    CHECK(!bad, "every injected failure was reported cleanly");
}

/* A scenario written back as Lua loads to the same result. */
static void
test_roundtrip(void)
{
    static const char *const files[] = {
        "scenarios/table1.lua",
        "scenarios/hol.lua",
        "scenarios/nic-rdma.lua",
        "scenarios/halo3d-t2.lua",
        "scenarios/default.lua",
        "scenarios/machines/dgx-like.lua",
        "scenarios/machines/power8-nvlink.lua",
        "scenarios/machines/nvbw-one-to-all.lua",
        NULL};

    for (int k = 0; files[k]; k++) {
        struct rho_err err;
        struct scenario *a = lx_run_file(files[k], NULL, &err), *b;
        struct strbuf sb;
        int same;

        if (a == NULL) {
            CHECK(0, "%s loads (%s)", files[k], err.msg);
            continue;
        }
        strbuf_init(&sb);
        scenario_to_lua(a, &sb);
        b = lx_run_string("saved.lua", strbuf_str(&sb), NULL, &err);
        CHECK(b != NULL, "%s: saved text loads (%s)", files[k],
              b ? "" : err.msg);
        if (b != NULL) {
            same = a->nflows == b->nflows && a->tau == b->tau &&
                   a->bandwidth == b->bandwidth &&
                   strcmp(a->title, b->title) == 0 &&
                   pcie_nodes(a->pcie) == pcie_nodes(b->pcie);
            for (int i = 0; same && i < a->nflows; i++)
                same = a->flow[i].src == b->flow[i].src &&
                       a->flow[i].dst == b->flow[i].dst &&
                       a->flow[i].bytes == b->flow[i].bytes &&
                       a->flow[i].start == b->flow[i].start &&
                       a->flow[i].via == b->flow[i].via &&
                       a->flow[i].stream == b->flow[i].stream;
            same = same && pcie_nchan(a->pcie) == pcie_nchan(b->pcie);
            for (int c = 2; same && c < pcie_nchan(a->pcie); c++)
                same =
                    pcie_chan_bw(a->pcie, c) == pcie_chan_bw(b->pcie, c) &&
                    pcie_chan_tail(a->pcie, c) == pcie_chan_tail(b->pcie, c) &&
                    pcie_chan_head(a->pcie, c) == pcie_chan_head(b->pcie, c);
            for (int i = 0; same && i < pcie_nodes(a->pcie); i++)
                same = strcmp(pcie_node(a->pcie, i)->name,
                              pcie_node(b->pcie, i)->name) == 0 &&
                       strcmp(pcie_node(a->pcie, i)->type,
                              pcie_node(b->pcie, i)->type) == 0 &&
                       pcie_node(a->pcie, i)->parent ==
                           pcie_node(b->pcie, i)->parent;
            CHECK(same, "%s: identical after save and load", files[k]);
            CHECK(makespan(a) == makespan(b), "%s: same makespan", files[k]);
        }
        strbuf_fini(&sb);
        scenario_free(a);
        scenario_free(b);
    }
}

int
main(void)
{
    test_table1();
    test_library();
    test_sandbox();
    test_faults();
    test_roundtrip();
    TEST_DONE();
}
