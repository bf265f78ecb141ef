/*
 * test_model_queue: the queueing model on scenarios as scripts write them
 * -- given levels (the GUPS network of seed 004, with its policies), a
 * fat-tree's routed traffic (the digest's Example 2 end to end: load,
 * per-link delay, slimming, the link model's view of each level), the
 * traffic cache (an edit of the queueing options reuses the routing; an
 * edit of the traffic does not), re-evaluation under other options, and
 * the options written back as Lua loading to the same scenario.
 */
#include "core/model_queue.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/model_net.h"
#include "core/session.h"
#include "harness.h"
#include "report/report.h"
#include "script/lx.h"

static struct scenario *
load(const char *name, const char *text)
{
    struct rho_err err;
    struct scenario *s = lx_run_string(name, text, NULL, &err);

    CHECK(s != NULL, "%s loads: %s", name, s ? "ok" : err.msg);
    return s;
}

static const char gups[] =
    "return rho.scenario {\n"
    "  title = 'GUPS',\n"
    "  topology = rho.levels {\n"
    "    { 'L1', v = 3.5, capacity = '3.82 GB/s' },\n"
    "    { 'L2', v = 2, capacity = '1.02 GB/s' },\n"
    "    { 'L3', v = 1, links = 10, bandwidth = '130 MB/s' },\n"
    "  },\n"
    "  queue = { load = 0.5, packet = '24 B', delay = 'aggregate' },\n"
    "}\n";

static void
test_gups(void)
{
    struct scenario *s = load("gups", gups);
    struct queue_run r;
    struct rho_err err;
    const double *mu;

    if (s == NULL)
        return;
    CHECK(scenario_check(s, &err) == 0, "given levels make a scenario");
    CHECK(queue_run_compute(&r, s, 1, NULL, &err) == 0, "run: %s", err.msg);
    CHECK(r.t == NULL && r.map == NULL && r.links == NULL,
          "no traffic of its own");
    CHECK_NEAR(r.q->mu[2], 1.3e9, 1e-3, "L3: 10 links of 130 MB/s");
    CHECK(r.q->n[2] == 10, "L3 has 10 links");
    CHECK_NEAR(r.sat0, 0.51e9, 1e-3, "saturation 0.51 GB/s");
    CHECK_NEAR(r.lambda, 0.255e9, 1e-3, "load 0.5: 0.255 GB/s offered");
    CHECK_NEAR(r.U, 6.14e9, 1e-3, "budget: the total, 6.14 GB/s");
    CHECK(r.pt.bottleneck == 1, "L2 is the bottleneck");
    CHECK_NEAR(r.lv[1].rho, 0.5, 1e-12, "L2 at half load");
    CHECK_NEAR(r.lv[1].D, 24 / (1.02e9 - 0.51e9), 1e-20,
               "L2's delay: S / (mu - x)");
    CHECK_NEAR(r.ppt[QUEUE_EQUAL].sat / r.ppt[QUEUE_BUILT].sat, 1.146592, 1e-6,
               "equal: 1.1466");
    CHECK_NEAR(r.ppt[QUEUE_OPTIMAL].sat / r.ppt[QUEUE_BUILT].sat, 1.852187,
               1e-6, "optimal: 1.8522");
    mu = r.pmu + QUEUE_OPTIMAL * 3;
    CHECK_NEAR(mu[0] / mu[2], 3.5, 1e-12, "optimal: mu1 : mu3 = 3.5");
    CHECK(r.ppt[QUEUE_SQRT].delay < r.ppt[QUEUE_OPTIMAL].delay,
          "the square-root split has the least delay at the load");
    queue_run_fini(&r);
}

/* Example 2 end to end: 16 nodes, 4-ary 2-tree, uniform traffic. */
static const char ex2[] =
    "return rho.scenario {\n"
    "  title = 'Example 2',\n"
    "  topology = rho.fattree { k = 8, levels = 2, bandwidth = '1 GB/s',\n"
    "                           injection = '1 GB/s' },\n"
    "  routing = 'SD',\n"
    "  traffic = rho.pattern.alltoall { size = '1 KiB' },\n"
    "  queue = { load = 0.5, packet = '256 B', compare = true },\n"
    "}\n";

static void
test_example2(void)
{
    struct scenario *s = load("ex2", ex2), *c;
    struct queue_run r, r2;
    struct queue_scen *o;
    struct rho_err err;

    if (s == NULL)
        return;
    queue_run_cache_clear();
    c = scenario_clone(s);
    CHECK(queue_run_compute(&r, s, 2, NULL, &err) == 0, "run: %s", err.msg);
    CHECK(!r.cached, "the first run routes");
    CHECK_NEAR(r.q->v[0], 2, 1e-12, "v1 = 2");
    CHECK_NEAR(r.q->v[1], 1.6, 1e-12, "v2 = 1.6");
    CHECK(r.check < 1e-12, "counted and solved v agree");
    CHECK_NEAR(r.sat0, 16e9, 1e-3, "saturation 16 GB/s");
    CHECK_NEAR(r.lambda, 8e9, 1e-3, "offered 8 GB/s");
    CHECK_NEAR(r.lv[0].D * 1e9, 512, 1e-8, "per link D1 = 512 ns");
    CHECK_NEAR(r.pt.delay * 1e9, 5120.0 / 3, 1e-8, "D = 1706.667 ns");
    CHECK(r.links != NULL, "compared with the link model");
    if (r.links != NULL) {
        CHECK_NEAR(r.links[1].v, 1.6, 1e-12, "the link model's v2 = 1.6");
        CHECK_NEAR(r.links[0].imbalance, 1, 1e-12,
                   "uniform traffic: no hot link in level 1");
        CHECK_NEAR(r.link_sat, 16e9, 1e-3,
                   "seen link by link, saturation is the same 16 GB/s");
    }
    /* another load: the traffic comes from the cache */
    c->queue->load = 0.25;
    c->queue->slim = 0.5;
    CHECK(queue_run_compute(&r2, c, 1, NULL, &err) == 0, "second run");
    CHECK(r2.cached && r2.links != NULL, "cached: routing and link view");
    CHECK(memcmp(r2.q->v, r.q->v, 2 * sizeof(double)) == 0,
          "the same v, bit for bit");
    CHECK_NEAR(r2.lambda, 4e9, 1e-3, "load 0.25 of the unslimmed 16");
    CHECK_NEAR(r2.ppt[QUEUE_BUILT].sat, 10e9, 1e-3,
               "slimmed 50%%: saturation 10 GB/s");
    CHECK(r2.pt.bottleneck == 1, "slimmed: level 2 is the bottleneck");
    queue_run_fini(&r2);

    {
        struct strbuf sb;
        strbuf_init(&sb);
        CHECK(queue_run_explain(&r, 1, &sb, &err) == 0, "explain level 2");
        CHECK(strstr(strbuf_str(&sb),
                     "visits  v = 1.6: its hops carried 384 KiB for the "
                     "240 KiB the messages sent through the network\n") != NULL,
              "v from the hops' bytes");
        CHECK(strstr(strbuf_str(&sb), "util    rho = x / mu = 0.4000\n") !=
                  NULL,
              "utilisation");
        CHECK(strstr(strbuf_str(&sb), "bound   mu / v = 18.63 GiB/s, 1.25 x "
                                      "the saturation (14.9 GiB/s, "
                                      "bottleneck nodes)\n") != NULL,
              "bound against the bottleneck");
        CHECK(strstr(strbuf_str(&sb), "routing p0 = 0.0000 first hops, exit "
                                      "0.0000; then nodes 0.5000 L0-L1 "
                                      "0.5000\n") != NULL,
              "routing probabilities");
        CHECK(queue_run_explain(&r, 2, &sb, &err) == -1 &&
                  strcmp(err.msg, "no level 3 (the model has 2)") == 0,
              "no level 3");
        strbuf_fini(&sb);
    }
    /* re-evaluation: overload */
    o = queue_scen_clone(r.opt);
    o->load = 1.5;
    o->split = QUEUE_OPTIMAL;
    CHECK(queue_run_eval(&r, o, &err) == 0, "eval");
    CHECK_NEAR(r.pt.lambda_e, 64e9 / 3.6, 1e-3,
               "optimal split at overload: Theta = 17.778 GB/s");
    CHECK_NEAR(r.pt.d, 24e9 - 64e9 / 3.6, 1e-3, "throttled the rest");
    CHECK(isinf(r.pt.delay), "saturated: no finite delay");
    o->slim = 1;
    CHECK(queue_run_eval(&r, o, &err) == -1, "slim 1 refused");
    CHECK_STR(err.msg, "queue: slim must be from 0 to less than 1, got 1",
              "with a message");
    queue_scen_free(o);
    queue_run_fini(&r);
}

static void
test_cache_key(void)
{
    struct scenario *a = load("ex2", ex2), *b;
    struct queue_run r;
    struct rho_err err;

    if (a == NULL)
        return;
    b = scenario_clone(a);
    queue_run_cache_clear();
    CHECK(queue_run_compute(&r, a, 1, NULL, &err) == 0, "run a");
    queue_run_fini(&r);
    CHECK(scenario_net_set_routing(b, NET_DOR, &err) == 0, "DOR");
    CHECK(queue_run_compute(&r, b, 1, NULL, &err) == 0, "run b");
    CHECK(!r.cached, "another routing is routed again");
    queue_run_fini(&r);
}

static void
test_errors(void)
{
    struct scenario *s = load("tree", "return rho.scenario { title = 't',\n"
                                      "  topology = rho.t2(), flows = {} }\n");
    struct queue_run r;
    struct rho_err err;

    if (s != NULL) {
        CHECK(queue_run_compute(&r, s, 1, NULL, &err) == -1,
              "a PCIe tree without routing");
        CHECK(strstr(err.msg, "needs a network or levels") != NULL, "%s",
              err.msg);
    }
}

/* A network whose messages all stay on their routers: no failure, an
   idle run, whose sweep columns read "-" and whose report says so. */
static void
test_idle(void)
{
    struct scenario *s =
        load("onnode", "return rho.scenario {\n"
                       "  topology = rho.torus{ dims = {4, 4}, cores = 2 },\n"
                       "  flows = { { 0, 1, size = '1 MiB' },\n"
                       "            { 2, 3, size = '2 MiB' } },\n"
                       "}\n");
    struct queue_run r;
    struct rho_err err;
    struct strbuf sb;
    double out[8] = {0};
    FILE *f;
    char text[256] = "";

    if (s == NULL)
        return;
    CHECK(queue_run_compute(&r, s, 1, NULL, &err) == 0,
          "on-node traffic: the run does not fail (%s)", err.msg);
    CHECK(r.idle && r.q == NULL && r.t != NULL && r.t->msgs == 2 &&
              !(r.t->W > 0),
          "idle: two messages, none crossing a link, no levels solved");
    CHECK(model_queue_entry.sweep(&r, out) == 1,
          "its sweep point has nothing (its columns read -)");
    strbuf_init(&sb);
    CHECK(queue_run_explain(&r, 0, &sb, &err) == -1 &&
              strcmp(err.msg, "no message crosses a link: nothing to queue") ==
                  0,
          "explain says there is nothing to queue (%s)", err.msg);
    strbuf_fini(&sb);
    f = tmpfile();
    if (f != NULL) {
        CHECK(report_queue(f, &r, REPORT_TEXT, &err) == 0, "report");
        rewind(f);
        if (fgets(text, sizeof text, f) == NULL)
            text[0] = '\0';
        fclose(f);
    }
    CHECK_STR(text,
              "no message crosses a link (2 messages, each between ends on "
              "one router or of no bytes): nothing to queue\n",
              "the report says why");
    queue_run_fini(&r);
}

/* What scenario_to_lua writes loads back to the same model. */
static void
test_roundtrip(void)
{
    static const char text[] =
        "return rho.scenario {\n"
        "  title = 'rt',\n"
        "  topology = rho.levels {\n"
        "    { 'a', capacity = '10 GB/s' },\n"
        "    { 'b', links = 4, bandwidth = '1 GB/s' },\n"
        "    p0 = { 1, 0 },\n"
        "    P = { { 0.1, 0.4 }, { 0.5, 0.5 } },\n"
        "  },\n"
        "  models = { 'queue' },\n"
        "  queue = { load = '3 GB/s', budget = '20 GB/s', slim = 0.25,\n"
        "            split = 'sqrt', packet = '24 B', delay = 'aggregate',\n"
        "            latency = { '1 us', '2 us' } },\n"
        "}\n";
    struct scenario *s = load("rt", text), *t;
    struct strbuf a, b;

    if (s == NULL)
        return;
    strbuf_init(&a);
    strbuf_init(&b);
    scenario_to_lua(s, &a);
    t = load("rt2", strbuf_str(&a));
    if (t != NULL) {
        scenario_to_lua(t, &b);
        CHECK(strcmp(strbuf_str(&b), strbuf_str(&a)) == 0,
              "written back the same");
        CHECK(t->queue->levels->has_p &&
                  fabs(t->queue->levels->v[1] - 1.6) < 1e-12,
              "p0 and P kept: v2 = 1.6");
        CHECK(t->models == 1u << model_find(NULL, "queue"),
              "models = { 'queue' } kept");
        CHECK(t->queue->load_rate && t->queue->load == 3e9 &&
                  t->queue->split == QUEUE_SQRT && t->queue->nlat == 2 &&
                  t->queue->lat[1] == 2e-6,
              "options kept");
        scenario_free(t);
    }
    CHECK(strstr(strbuf_str(&a),
                 "  queue = {\n    load = \"3 GB/s\",\n    budget = "
                 "\"20 GB/s\",\n    slim = 0.25,\n    split = \"sqrt\",\n"
                 "    packet = \"24 B\",\n    delay = \"aggregate\",\n"
                 "    latency = { \"1 us\", \"2 us\" },\n  },\n") != NULL,
          "the queue options, one a line");
    strbuf_fini(&a);
    strbuf_fini(&b);
    scenario_free(s);
}

/* Through the model table: a session runs it, the report prints it. */
static void
test_session(void)
{
    struct scenario *s = load("gups", gups);
    const struct queue_run *r;
    struct session *ss;
    struct rho_err err;
    char *buf = NULL;
    size_t len = 0;
    FILE *f;

    if (s == NULL)
        return;
    ss = session_new(s);
    CHECK(session_wait(ss, &err) == 0, "session_wait");
    CHECK(session_model(ss, 0) == &model_queue_entry &&
              session_model(ss, 1) == NULL,
          "given levels: the queueing model alone");
    r = model_queue_run(ss);
    CHECK(r != NULL && fabs(r->sat0 - 0.51e9) < 1e-3, "its run");
    f = open_memstream(&buf, &len);
    CHECK(r != NULL && report_queue(f, r, REPORT_TEXT, &err) == 0,
          "report_queue");
    fclose(f);
    CHECK(buf != NULL && strstr(buf, "saturation 486.4 MiB/s (bottleneck: "
                                     "L2)\n") != NULL,
          "the text names the bottleneck");
    CHECK(buf != NULL && strstr(buf, "optimal   3.079 GiB/s 1.759 GiB/s "
                                     "900.9 MiB/s") != NULL,
          "the optimal split's capacities");
    free(buf);
    session_free(ss);

    /* an edit of the options: undoable, recomputed from the cache */
    if ((s = load("ex2", ex2)) == NULL)
        return;
    ss = session_new(s);
    session_wait(ss, &err);
    {
        struct queue_scen *o = queue_scen_clone(session_scenario(ss)->queue);
        struct session_run l0, l1;
        int ran =
            session_run(ss, &model_net_entry, &l0) == 0 && l0.result != NULL;
        o->slim = 0.5;
        CHECK(session_set_queue(ss, o, &err) == 0, "slim 50%% as an edit");
        /* the link model reads none of it: its result stays, current,
           not made again nor announced (a new serial would say
           "remembered") */
        CHECK(ran && session_run(ss, &model_net_entry, &l1) == 0 &&
                  l1.result == l0.result && l1.serial == l0.serial &&
                  l1.version == session_version(ss) && !l1.busy,
              "the link model's result stays current after a queue edit");
        session_wait(ss, &err);
        r = model_queue_run(ss);
        CHECK(r != NULL && r->cached &&
                  fabs(r->ppt[QUEUE_BUILT].sat - 10e9) < 1e-3,
              "recomputed from the cache: saturation 10 GB/s");
        o->slim = 1;
        CHECK(session_set_queue(ss, o, &err) == -1 &&
                  session_scenario(ss)->queue->slim == 0.5,
              "a bad option changes nothing");
        CHECK(session_undo(ss) == 0 && session_scenario(ss)->queue->slim == 0,
              "undo");
        queue_scen_free(o);
    }
    session_free(ss);
}

int
main(void)
{
    test_gups();
    test_example2();
    test_cache_key();
    test_errors();
    test_idle();
    test_roundtrip();
    test_session();
    queue_run_cache_clear();
    TEST_DONE();
}
