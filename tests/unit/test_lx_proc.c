/*
 * The stoppable script runner (lx_proc.c): a script run in a child
 * process gives the same scenario as one run here, with its print() log,
 * the names rho.param() read and its lines; the caller gets an answer
 * within the wall-time budget and the kill margin whatever the script
 * does; stop() cancels; several threads load at once without waiting for
 * each other's children.
 */
#include "harness.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/base/strbuf.h"
#include "core/scenario.h"
#include "script/lx.h"

static const char *const files[] = {
    "scenarios/default.lua",
    "scenarios/table1.lua",
    "scenarios/halo3d-t2.lua",
    "scenarios/nic-rdma.lua",
    "scenarios/torus-5x5.lua",
    "scenarios/dragonfly-small.lua",
    "scenarios/dragonfly-workload.lua",
    "scenarios/bgq-512-umesh.lua",
    "scenarios/fattree-k4.lua",
    "scenarios/mesh-4x4-paths.lua",
    "scenarios/supernode-degeijn.lua",
    "scenarios/tca-ring.lua",
    "scenarios/table1-both-models.lua",
    "scenarios/t1-alltoall.lua",
    NULL,
};

/* The same scenario: the same text written back, the same lines. */
static int
same(const struct scenario *a, const struct scenario *b)
{
    struct strbuf x, y;
    int ok;

    strbuf_init(&x);
    strbuf_init(&y);
    scenario_to_lua(a, &x);
    scenario_to_lua(b, &y);
    ok = strcmp(strbuf_str(&x), strbuf_str(&y)) == 0 &&
         a->nflows == b->nflows && strcmp(a->path, b->path) == 0;
    for (int i = 0; ok && i < a->nflows; i++)
        ok = a->flow[i].line == b->flow[i].line;
    for (int i = 0; ok && a->pcie && i < pcie_nodes(a->pcie); i++)
        ok = pcie_node(a->pcie, i)->line == pcie_node(b->pcie, i)->line;
    for (int j = 0; ok && a->net && j < a->net->njobs; j++)
        ok = a->net->job[j].line == b->net->job[j].line;
    strbuf_fini(&x);
    strbuf_fini(&y);
    return ok;
}

static void
test_same_as_here(void)
{
    for (int k = 0; files[k]; k++) {
        struct lx_opts here, child;
        struct rho_err e1, e2;
        struct strbuf r1, r2;
        struct scenario *a, *b;

        strbuf_init(&r1);
        strbuf_init(&r2);
        memset(&here, 0, sizeof here);
        here.in_process = 1;
        here.params_read = &r1;
        memset(&child, 0, sizeof child);
        child.params_read = &r2;
        a = lx_run_file(files[k], &here, &e1);
        b = lx_run_file(files[k], &child, &e2);
        CHECK(a != NULL && b != NULL && same(a, b),
              "%s: the child's scenario is the one loaded here (%s)", files[k],
              a && b ? "" : (a ? e2.msg : e1.msg));
        CHECK(strcmp(strbuf_str(&r2), strbuf_str(&r1)) == 0,
              "%s: the same rho.param names", files[k]);
        scenario_free(a);
        scenario_free(b);
        strbuf_fini(&r1);
        strbuf_fini(&r2);
    }
}

static void
test_log_and_errors(void)
{
    struct lx_opts o;
    struct strbuf log;
    struct rho_err err;
    struct scenario *s;

    memset(&o, 0, sizeof o);
    strbuf_init(&log);
    o.log = &log;
    s = lx_run_string("p.lua",
                      "print('a', 1) print(nil)\n"
                      "return rho.scenario { topology = rho.t2(), flows = "
                      "{ { '0', '1', size = '1 MiB' } } }",
                      &o, &err);
    CHECK(s != NULL, "a script that prints loads (%s)", s ? "" : err.msg);
    CHECK(strcmp(strbuf_str(&log), "a\t1\nnil\n") == 0,
          "its print() log comes back");
    CHECK(s && s->flow[0].line == 2, "the flow's line is the script's");
    scenario_free(s);
    strbuf_reset(&log);
    s = lx_run_string("e.lua", "print('before')\nerror('boom')", &o, &err);
    CHECK(s == NULL && err.code == RHO_EINPUT, "a script error");
    CHECK_STR(err.msg, "e.lua:2: boom", "... with its line");
    CHECK(strcmp(strbuf_str(&log), "before\n") == 0,
          "... and the log before it");
    strbuf_fini(&log);
    s = lx_run_file("no/such.lua", NULL, &err);
    CHECK(s == NULL && err.code == RHO_EIO, "a missing file");
    CHECK_STR(err.msg, "no/such.lua: cannot open: No such file or directory",
              "... says so");
}

/* A script stuck in C for ever: the answer within budget + margin. */
static void
test_deadline(void)
{
    static const char *const stuck[] = {
        "local s = string.rep('a', 1e5) return s:find('.-.-.-.-.-.-b')",
        "while true do pcall(function() while true do end end) end",
        "xpcall(function() error('x') end, function() while true do end end)",
        NULL,
    };
    struct lx_opts o;
    struct rho_err err;

    memset(&o, 0, sizeof o);
    o.max_seconds = 0.2;
    o.max_instructions = 1000000000000LL;
    for (int k = 0; stuck[k]; k++) {
        double t0 = rho_wall(), el;
        struct scenario *s = lx_run_string("h.lua", stuck[k], &o, &err);
        el = rho_wall() - t0;
        CHECK(s == NULL && err.code == RHO_ELIMIT &&
                  strstr(err.msg, "script stopped after 0.2 s (wall-time "
                                  "budget; --lua-time to allow more)"),
              "stuck script %d stopped by wall time (%s)", k, err.msg);
        CHECK(el < 0.2 + LX_KILL_MARGIN + 1.0, /* slack for a loaded machine */
              "... within the budget and the margin (%.2f s)", el);
    }
}

static int
stop_soon(void *arg)
{
    return rho_wall() > *(double *)arg;
}

static void
test_stop(void)
{
    struct lx_opts o;
    struct rho_err err;
    double when = rho_wall() + 0.1, t0 = rho_wall();
    struct scenario *s;

    memset(&o, 0, sizeof o);
    o.stop = stop_soon;
    o.stop_arg = &when;
    s = lx_run_string("h.lua", "while true do end", &o, &err);
    CHECK(s == NULL && err.code == RHO_ECANCEL, "stop() cancels (%s)", err.msg);
    CHECK(rho_wall() - t0 < 1.0, "... at once (%.2f s)", rho_wall() - t0);
}

/* Lua's allocator failing in the child is reported as it is here. */
static void
test_child_faults(void)
{
    for (long n = 1; n < 400; n += 37) {
        struct lx_opts o;
        struct rho_err err;
        struct scenario *s;
        memset(&o, 0, sizeof o);
        o.fail_alloc_at = n;
        s = lx_run_file("scenarios/table1.lua", &o, &err);
        CHECK(s == NULL && err.code == RHO_ELIMIT &&
                  strstr(err.msg, "failed on purpose") != NULL,
              "allocation %ld failing in the child: %s", n, err.msg);
        scenario_free(s);
    }
}

/* The Lua allocator failing at N = 1, 2, ... (then every 7th) while a
   network scenario loads here, where ASan sees leaks: every failure is
   reported cleanly, and the scenario loads in the end. */
static void
test_faults_net(void)
{
    static const char *const net_files[] = {
        "scenarios/torus-5x5.lua",  "scenarios/dragonfly-small.lua",
        "scenarios/fattree-k4.lua", "scenarios/mesh-4x4-paths.lua",
        "scenarios/tca-ring.lua",   NULL};

    for (int k = 0; net_files[k]; k++) {
        long n;
        int failures = 0, bad = 0;
        for (n = 1; n < 200000; n += n < 300 ? 1 : 7) {
            struct lx_opts o;
            struct rho_err err;
            struct scenario *s;
            memset(&o, 0, sizeof o);
            o.in_process = 1;
            o.fail_alloc_at = n;
            s = lx_run_file(net_files[k], &o, &err);
            if (s != NULL) {
                scenario_free(s);
                break;
            }
            failures++;
            bad |= err.code != RHO_ELIMIT && err.code != RHO_EINPUT;
        }
        CHECK(n < 200000 && !bad,
              "%s: %d injected Lua allocation failures, each reported "
              "cleanly, then it loads",
              net_files[k], failures);
    }
}

/* One thread waits for a stuck script while another loads many: the
   second must not wait for the first's child (which holds no copy of its
   pipe). The stuck one is stopped when the loads are done, so that its
   wake-up (which allocates) never meets a fork: under AddressSanitizer
   (GCC 12) the allocator's lock taken by another thread at fork() stays
   taken in the child, which then hangs to its wall-time budget; glibc's
   malloc, which rho's child relies on (lx_proc.c), is safe after fork. */
static atomic_int loads_done, stuck_waits;

/* The stuck run's stop hook: polled from its wait loop, once its child
   runs (the loads start then: its own set-up allocates too). */
static int
loads_over(void *arg)
{
    (void)arg;
    atomic_store(&stuck_waits, 1);
    return atomic_load(&loads_done);
}

static void *
stuck_thread(void *arg)
{
    struct lx_opts o;
    struct rho_err err;

    (void)arg;
    memset(&o, 0, sizeof o);
    o.max_seconds = 30;
    o.stop = loads_over;
    lx_run_string("stuck.lua",
                  "local s = string.rep('a', 1e5) return "
                  "s:find('.-.-.-.-.-.-b')",
                  &o, &err);
    return NULL;
}

static void
test_threads(void)
{
    pthread_t th;
    double worst = 0;
    int bad = 0;

    atomic_store(&loads_done, 0);
    atomic_store(&stuck_waits, 0);
    pthread_create(&th, NULL, stuck_thread, NULL);
    while (!atomic_load(&stuck_waits))
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    for (int i = 0; i < 20; i++) {
        struct rho_err err;
        double t0 = rho_wall();
        struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
        double el = rho_wall() - t0;
        bad |= s == NULL;
        worst = el > worst ? el : worst;
        scenario_free(s);
    }
    atomic_store(&loads_done, 1);
    pthread_join(th, NULL);
    CHECK(!bad && worst < 1.0, /* the stuck child lives to the end */
          "loads on another thread do not wait for a stuck child (worst "
          "%.3f s)",
          worst);
}

int
main(void)
{
    test_same_as_here();
    test_log_and_errors();
    test_deadline();
    test_stop();
    test_child_faults();
    test_faults_net();
    test_threads();
    TEST_DONE();
}
