/* Cancelling the models as the explorer runs them: a job's cancel is
   noticed in every phase of the link model (counting, routing, collecting,
   solving, the statistics) and of the queueing model, and the run returns
   RHO_ECANCEL within 100 ms with everything freed (ASan checks the
   freeing; under the sanitizers only the cancel is asserted, not the
   time). */
#include "harness.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/model_net.h"
#include "core/model_queue.h"
#include "core/net/net_stats.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/progress.h"

#define BOUND_MS 100.0

/* 100 groups of 6x16 routers, 4 nodes of 8 cores: 307,200 ranks of
   UMesh, about 4 million messages -- each phase lasts tens of ms. */
static struct scenario *
mid(const char *routing)
{
    char text[1024];
    struct rho_err err;
    struct scenario *s;

    snprintf(text, sizeof text,
             "return rho.scenario { title = \"mid\",\n"
             "  topology = rho.dragonfly { groups = 100, chassis = 6, "
             "routers = 16, nodes = 4, cores = 8 },\n"
             "  routing = \"%s\", placement = \"linear\", seed = 1,\n"
             "  traffic = rho.pattern.umesh { size = \"512 KiB\" } }\n",
             routing);
    s = lx_run_string("mid.lua", text, NULL, &err);
    CHECK(s != NULL, "mid scenario, %s: %s", routing, s ? "" : err.msg);
    return s;
}

/* Jain's workload 1 on 40 groups, adaptive: a solve of many rounds. */
static struct scenario *
workload(const char *routing)
{
    char text[1024];
    struct rho_err err;
    struct scenario *s;

    snprintf(text, sizeof text,
             "local net = rho.network \"df-40\"\n"
             "return rho.scenario { title = \"w1\", topology = net,\n"
             "  routing = \"%s\", placement = \"RDR\", seed = 7,\n"
             "  jobs = rho.workload(1, net:ranks()) }\n",
             routing);
    s = lx_run_string("w1.lua", text, NULL, &err);
    CHECK(s != NULL, "workload scenario, %s: %s", routing, s ? "" : err.msg);
    return s;
}

struct bg {
    const struct model_entry *m;
    struct scenario *s;
    void *res;
    struct rho_err err;
};

static int
bg_run(struct job *j, void *arg)
{
    struct bg *b = arg;
    struct model_ctx c = {2, j, MODEL_KEEP_VIEWS, 0};

    b->res = b->m->run(b->s, &c, &b->err);
    return b->res != NULL ? 0 : -1;
}

/* Start m on s (taken by the run) in job j, b its slot. Returns
   job_start()'s. */
static int
start_bg(struct bg *b, struct job *j, const struct model_entry *m,
         struct scenario *s)
{
    memset(b, 0, sizeof *b);
    b->m = m;
    b->s = s;
    job_init(j);
    return job_start(j, bg_run, b);
}

static void
nap_us(long us)
{
    struct timespec ts = {0, us * 1000L};

    nanosleep(&ts, NULL);
}

/* Run m on s in a job; once its progress says phase (and a few ms more),
   cancel it and time how long it takes to return. */
static void
cancel_in(const struct model_entry *m, struct scenario *s, const char *what,
          const char *phase)
{
    struct bg b;
    struct job j;
    double frac, t0, ms;
    const char *ph = "start";
    int seen = 0, sanitized = getenv("RHO_SANITIZED") != NULL;

    if (s == NULL)
        return;
    CHECK(start_bg(&b, &j, m, s) == 0, "%s: the job starts", what);
    /* (a phase lasts tens of ms at least: polled every 0.2 ms) */
    while (job_running(&j)) {
        ph = m->phase(&j, &frac);
        if (strcmp(ph, phase) == 0) {
            seen = 1;
            break;
        }
        nap_us(200);
    }
    nap_us(2000); /* well inside the phase */
    ph = m->phase(&j, &frac);
    t0 = rho_wall();
    job_cancel(&j);
    job_join(&j);
    ms = (rho_wall() - t0) * 1e3;
    CHECK(seen, "%s: the run reached its phase '%s' (now '%s')", what, phase,
          ph);
    CHECK(b.res == NULL && b.err.code == RHO_ECANCEL,
          "%s: cancelled in '%s' %.0f%%, it returns RHO_ECANCEL (%s)", what, ph,
          100 * frac, b.res ? "it finished" : b.err.msg);
    if (sanitized)
        CHECK(1, "%s: returned in %.1f ms (not timed under sanitizers)",
              what, ms);
    else
        CHECK(ms < BOUND_MS, "%s: returned in %.1f ms (bound %.0f ms)", what,
              ms, BOUND_MS);
    m->result_free(b.res);
}

/* Cancel m on Jain's workload 1 under routing d/2 ms after its progress
   says phase after, for d = 0, 1, ... n - 1 (after "collect": the
   messages are collected, then the entities and the path sets are made
   with no report, then the rounds): each run returns, cancelled or done,
   and rho lives. A cancel in the count of the path sets left garbage
   counts that sized them at terabytes: out of memory, exit 70, seen in
   the explorer when an edit stopped a look-ahead. */
static void
cancel_sweep(const struct model_entry *m, const char *routing,
             const char *after, int n)
{
    int ok = 1, cancelled = 0;

    for (int d = 0; d < n; d++) {
        struct scenario *s = workload(routing);
        struct bg b;
        struct job j;
        double frac;
        int seen = 0;
        if (s == NULL)
            return;
        if (start_bg(&b, &j, m, s) != 0) {
            scenario_free(s);
            ok = 0;
            break;
        }
        while (job_running(&j) && !seen) {
            seen = strcmp(m->phase(&j, &frac), after) == 0;
            nap_us(100);
        }
        nap_us(500L * d);
        job_cancel(&j);
        job_join(&j);
        ok &= b.res != NULL || b.err.code == RHO_ECANCEL;
        cancelled += b.res == NULL;
        m->result_free(b.res);
    }
    CHECK(ok && cancelled > 0,
          "%s: cancelled 0 to %.1f ms into '%s': each run returns, "
          "cancelled (%d) or done",
          routing, (n - 1) / 2.0, after, cancelled);
}

/* A session as the explorer runs it: the estimate of a phase once its
   pace is known, Esc (session_stop) and quitting (session_free) while a
   run computes. */
static void
session_progress(void)
{
    struct scenario *s = mid("SI");
    struct session_opts so;
    struct session *ss;
    struct session_run r;
    double t0, ms, route_t0 = -1;
    char buf[160];
    int sanitized = getenv("RHO_SANITIZED") != NULL, est = 0;
    double est_at = 0;

    if (s == NULL)
        return;
    memset(&so, 0, sizeof so);
    so.threads = 2;
    so.keep = MODEL_KEEP_VIEWS;
    so.only = 1u << model_find(NULL, "link");
    ss = session_new_with(s, &so);
    /* SI routes every packet: its route phase lasts minutes */
    for (int i = 0; i < 12000; i++) { /* (2 min at most) */
        session_poll(ss);
        session_run(ss, &model_net_entry, &r);
        if (r.busy && strcmp(r.phase, "route") == 0) {
            if (route_t0 < 0)
                route_t0 = rho_wall();
            if (r.left >= 0) {
                est = 1;
                est_at = rho_wall() - route_t0;
                break;
            }
        }
        nap_us(10000);
    }
    /* (the session saw the phase begin at the same poll as this loop) */
    CHECK(est && est_at >= SESSION_ESTIMATE_AFTER - 0.02,
          "no estimate before the phase's pace is known (the first after "
          "%.2f s)",
          est_at);
    CHECK(est && r.left > 1 && r.elapsed > 0,
          "an estimate once the phase ran a while: %.1f s left, %.1f s in",
          r.left, r.elapsed);
    progress_text(&r, buf, sizeof buf);
    CHECK(strncmp(buf, "routing ", 8) == 0 &&
              strstr(buf, "left in this phase") != NULL,
          "in words: %s", buf);
    /* Esc: it stops and stays stopped until an edit */
    CHECK(session_stop(ss) == 1, "session_stop stops the run");
    for (int i = 0; i < 200; i++) {
        session_poll(ss);
        session_run(ss, &model_net_entry, &r);
        if (!r.busy)
            break;
        nap_us(1000);
    }
    session_poll(ss);
    session_run(ss, &model_net_entry, &r);
    CHECK(!r.busy && r.stopped && r.result == NULL && r.error == NULL,
          "stopped: not busy, no result, no error, and no new run");
    /* an edit runs it again; quitting while it computes does not wait */
    CHECK(session_set_seed(ss, 2, NULL) == 0, "an edit (the seed)");
    session_poll(ss);
    session_run(ss, &model_net_entry, &r);
    CHECK(r.busy && !r.stopped, "the edit runs it again");
    t0 = rho_wall();
    session_free(ss);
    ms = (rho_wall() - t0) * 1e3;
    if (sanitized)
        CHECK(1, "session_free while computing: %.1f ms (not timed)", ms);
    else
        CHECK(ms < BOUND_MS, "session_free while computing: %.1f ms", ms);

    {
        struct session_run f;
        memset(&f, 0, sizeof f);
        f.phase = "solve";
        f.frac = 0.404;
        f.left = -1;
        CHECK_STR(progress_text(&f, buf, sizeof buf),
                  "allocation rounds 40%, estimating\u2026",
                  "before the pace is known");
        f.left = 2.2;
        CHECK_STR(progress_text(&f, buf, sizeof buf),
                  "allocation rounds 40%, about 3 s left in this phase",
                  "an estimate, rounded up");
        CHECK_STR(progress_left(0.4, buf, sizeof buf), "under a second",
                  "under a second");
        CHECK_STR(progress_left(41, buf, sizeof buf), "about 45 s", "45 s");
        CHECK_STR(progress_left(400, buf, sizeof buf), "about 7 min",
                  "minutes");
        CHECK_STR(progress_left(4 * 3600.0, buf, sizeof buf), "about 4 h",
                  "hours");
        CHECK_STR(progress_phase_words("new"), "new", "an unknown phase");
    }
}

/* Until the indicators of lr's phase 0 leave COMPUTING (or the fraction
   done reaches upto, or a minute passes): their state. */
static int
feat_wait(const struct net_run *lr, double upto, double *frac)
{
    const struct net_features *f;
    const char *why;
    int st = NET_FEAT_NONE;

    for (int i = 0; i < 60000; i++) {
        st = net_run_features(lr, 0, NET_FEAT_LOOK, &f, frac, &why);
        if (st != NET_FEAT_COMPUTING || *frac >= upto)
            break;
        nap_us(1000);
    }
    return st;
}

/* The Metrics view's indicators, made on a thread of the run's
   (net_run_features()): the pass stops when its job is cancelled; the
   first ask starts them and returns at once; Esc stops them within
   100 ms and they stay stopped until asked again; freeing the run while
   they compute waits for no more than that; made, they are the batch's
   (model_net_features()). */
static void
features_off_loop(void)
{
    struct net_run lr;
    struct rho_err err;
    struct job j;
    const struct net_features *f;
    struct net_features *ref;
    const char *why;
    double frac = 0, t0, ms, ms_ask;
    int st, n, sanitized = getenv("RHO_SANITIZED") != NULL;
    struct model_ctx c = {2, NULL, MODEL_KEEP_VIEWS, 0};

    /* freeing the run while they compute */
    if (net_run_compute(&lr, mid("SD"), &c, &err) != 0) {
        CHECK(0, "mid SD runs: %s", err.msg);
        return;
    }
    /* the pass itself, its job cancelled */
    job_init(&j);
    job_cancel(&j);
    rho_err_clear(&err);
    CHECK(model_net_features(lr.scen, lr.res, 0, 2, &j, &err) == NULL &&
              err.code == RHO_ECANCEL,
          "the features' pass with its job cancelled: RHO_ECANCEL (%s)",
          err.msg);
    st = net_run_features(&lr, 0, NET_FEAT_LOOK, &f, &frac, &why);
    CHECK(st == NET_FEAT_NONE && f == NULL && net_run_costs(&lr) == NULL,
          "not asked: not started (%d)", st);
    t0 = rho_wall();
    st = net_run_features(&lr, 0, NET_FEAT_ASK, &f, &frac, &why);
    ms_ask = (rho_wall() - t0) * 1e3;
    CHECK(st == NET_FEAT_COMPUTING && f == NULL,
          "the first ask starts them (%d)", st);
    st = feat_wait(&lr, 0.1, &frac);
    t0 = rho_wall();
    net_run_fini(&lr);
    ms = (rho_wall() - t0) * 1e3;
    CHECK(st == NET_FEAT_COMPUTING && frac > 0,
          "they compute, with progress: %.0f%%", 100 * frac);
    if (sanitized)
        CHECK(1, "an ask in %.1f ms, the run freed in %.1f ms (not timed)",
              ms_ask, ms);
    else
        CHECK(ms_ask < 10 && ms < BOUND_MS,
              "an ask returns in %.1f ms; the run freed while they compute "
              "in %.1f ms (bound %.0f ms)",
              ms_ask, ms, BOUND_MS);

    /* Esc, then asked again */
    if (net_run_compute(&lr, mid("SD"), &c, &err) != 0) {
        CHECK(0, "mid SD runs: %s", err.msg);
        return;
    }
    net_run_features(&lr, 0, NET_FEAT_ASK, &f, &frac, &why);
    feat_wait(&lr, 0.1, &frac);
    t0 = rho_wall();
    n = net_run_features_stop(&lr);
    ms = (rho_wall() - t0) * 1e3;
    st = net_run_features(&lr, 0, NET_FEAT_LOOK, &f, &frac, &why);
    CHECK(n == 1 && st == NET_FEAT_STOPPED && f == NULL,
          "Esc stops them (%d, state %d)", n, st);
    CHECK(sanitized || ms < BOUND_MS, "stopped in %.1f ms (bound %.0f ms%s)",
          ms, BOUND_MS, sanitized ? ", not timed" : "");
    CHECK(net_run_features_stop(&lr) == 0, "nothing more to stop");
    st = net_run_features(&lr, 0, NET_FEAT_ASK, &f, &frac, &why);
    CHECK(st == NET_FEAT_STOPPED, "an ask leaves them stopped (%d)", st);
    st = net_run_features(&lr, 0, NET_FEAT_AGAIN, &f, &frac, &why);
    CHECK(st == NET_FEAT_COMPUTING, "asked again, they compute (%d)", st);
    st = feat_wait(&lr, 2, &frac);
    net_run_features(&lr, 0, NET_FEAT_LOOK, &f, &frac, &why);
    ref = model_net_features(lr.scen, lr.res, 0, 1, NULL, &err);
    CHECK(st == NET_FEAT_READY && f != NULL && ref != NULL &&
              f->msgs == ref->msgs && f->msgs > 1000000 &&
              f->avg_dilation == ref->avg_dilation &&
              f->sum_dilation_ao == ref->sum_dilation_ao &&
              f->max_inj_fifo == ref->max_inj_fifo &&
              f->hop_bytes == ref->hop_bytes &&
              f->cls[0].avg_to == ref->cls[0].avg_to,
          "made on the run's 2 threads, they are the batch's on one: %lld "
          "messages, %g hops on average",
          f ? f->msgs : -1LL, f ? f->avg_dilation : -1.0);
    {
        /* three threads: the same again, bit for bit */
        struct net_features *g =
            model_net_features(lr.scen, lr.res, 0, 3, NULL, &err);
        CHECK(g != NULL && ref != NULL && g->msgs == ref->msgs &&
                  g->hop_bytes == ref->hop_bytes &&
                  g->avg_dilation == ref->avg_dilation &&
                  g->n_dilation_ao == ref->n_dilation_ao &&
                  g->max_inj_fifo == ref->max_inj_fifo,
              "on three threads, the same bit for bit");
        net_features_free(g);
    }
    {
        /* the costs beside them come with them */
        const struct net_run_costs *rc = net_run_costs(&lr);
        struct net_coll_cost cc[4];
        struct net_cost design;
        const struct net_scen *l = lr.scen->net;
        net_cost_estimate(l->net, 0, &design);
        CHECK(rc != NULL &&
                  rc->ncoll == model_net_costs(lr.scen, lr.res, cc, 4) &&
                  rc->design.usd == design.usd && design.usd > 0 &&
                  rc->design.cables == design.cables,
              "the costs come with them: %d collectives, $%.3gM",
              rc ? rc->ncoll : -1, rc ? rc->design.usd / 1e6 : -1.0);
    }
    st = net_run_features(&lr, 1, NET_FEAT_ASK, &f, &frac, &why);
    CHECK(st == NET_FEAT_FAILED && strcmp(why, "no such phase") == 0,
          "a phase the run does not have: %s", why);
    net_features_free(ref);
    net_run_fini(&lr);
}

int
main(void)
{
    features_off_loop();
    session_progress();
    /* the link model, static: counting, then routing */
    cancel_in(&model_net_entry, mid("SD"), "link SD, counting", "count");
    cancel_in(&model_net_entry, mid("SD"), "link SD, routing", "route");
    /* SI routes every packet of a message: one message is thousands of
       paths, and a chunk of messages takes seconds */
    cancel_in(&model_net_entry, mid("SI"), "link SI, routing", "route");
    /* adaptive: the messages collected, then the rounds */
    cancel_in(&model_net_entry, workload("AD"), "link AD, collecting",
              "collect");
    cancel_in(&model_net_entry, workload("AH"), "link AH, solving", "solve");
    /* and between them, where no phase is reported (fewer under the
       sanitizers: there the window is later than 40 ms anyway) */
    cancel_sweep(&model_net_entry, "AD", "collect",
                 getenv("RHO_SANITIZED") != NULL ? 16 : 80);
    /* the queueing model's routing of the traffic */
    cancel_in(&model_queue_entry, mid("SD"), "queue, routing", "route");

    /* the statistics (a phase too short to catch here): a stop flag up
       stops them, none gives net_stats_result()'s */
    {
        struct scenario *s = mid("SD");
        struct net_opts o;
        struct net_result *res;
        struct net_stats *a, *b;
        struct rho_err err;
        atomic_int stop;
        if (s != NULL) {
            net_opts_init(&o);
            o.threads = 2;
            res = scenario_net_solve(s, &o, &err);
            CHECK(res != NULL, "mid SD solves");
            atomic_init(&stop, 1);
            rho_err_clear(&err);
            CHECK(net_stats_result_stop(s->net->net, res, 10, &stop, &err) ==
                          NULL &&
                      err.code == RHO_ECANCEL,
                  "statistics with the flag up: cancelled (%s)", err.msg);
            atomic_store(&stop, 0);
            a = net_stats_result_stop(s->net->net, res, 10, &stop, &err);
            b = net_stats_result(s->net->net, res, 10, &err);
            CHECK(a != NULL && b != NULL && a->nclasses == b->nclasses &&
                      a->cls[0].max == b->cls[0].max &&
                      a->cls[0].median == b->cls[0].median &&
                      a->cls[1].q3 == b->cls[1].q3,
                  "statistics with the flag down: as net_stats_result()");
            net_stats_free(a);
            net_stats_free(b);
            /* the solve itself, with the flag up from the start */
            atomic_store(&stop, 1);
            o.stop = &stop;
            rho_err_clear(&err);
            CHECK(scenario_net_solve(s, &o, &err) == NULL &&
                      err.code == RHO_ECANCEL,
                  "a solve with the flag up returns RHO_ECANCEL (%s)",
                  err.msg);
            net_result_free(res);
            scenario_free(s);
        }
    }
    TEST_DONE();
}
