/* The model interface with a third model that exists only here: two
   entries ("bytes" runs at every edit, "slow" on a job thread, held back
   by a gate the test opens) in a table given to session_new_with(). They
   need nothing but their entries: the session runs them (at once, after
   a poll, to the end in a wait; an edit cancels a stale run; the last
   result stays while a newer one computes; errors per version), the view
   layer lists their views by name, and a sweep prints their columns.
   Also the table helpers of model.h. */
#include "harness.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/model.h"
#include "core/model_net.h"
#include "core/model_pcie.h"
#include "core/model_queue.h"
#include "core/session.h"
#include "report/report.h"
#include "script/lx.h"
#include "view/view.h"

/* ---- the third model: the bytes of the flows ---- */

struct bytes_res {
    double bytes; /* of every flow */
    unsigned long serial;
};

static atomic_int gate;      /* 0: "slow" runs on a job wait */
static atomic_int gate2;     /* 0: "later" runs on a job wait */
static atomic_int cancelled; /* runs that saw their job cancelled */
static atomic_int capped;    /* runs given a memory cap are refused */
static atomic_ulong runs;

static void
nap(void)
{
    struct timespec ts = {0, 1000000L};

    nanosleep(&ts, NULL);
}

static int
applies(const struct scenario *s)
{
    return s->pcie != NULL; /* a tree with flows */
}

/* Fails (RHO_EINPUT) when flow 1 has 13 bytes. On a job, waits for g. */
static void *
run_gated(atomic_int *g, struct scenario *s, const struct model_ctx *ctx,
          struct rho_err *err)
{
    struct bytes_res *r;
    double sum = 0;

    if (ctx->job != NULL) {
        job_progress(ctx->job, 1, 2);
        while (!atomic_load(g)) {
            if (job_cancelled(ctx->job)) {
                atomic_fetch_add(&cancelled, 1);
                scenario_free(s);
                return rho_err_set(err, RHO_ECANCEL, "cancelled"), NULL;
            }
            nap();
        }
    }
    if (ctx->max_bytes > 0 && atomic_load(&capped)) {
        scenario_free(s);
        rho_err_set(err, RHO_ELIMIT, "over the cap");
        return NULL;
    }
    for (int i = 0; i < s->nflows; i++)
        sum += s->flow[i].bytes;
    if (s->nflows > 0 && s->flow[0].bytes == 13) {
        scenario_free(s);
        rho_err_set(err, RHO_EINPUT, "13 bytes: unlucky");
        return NULL;
    }
    scenario_free(s);
    r = calloc(1, sizeof *r);
    r->bytes = sum;
    r->serial = atomic_fetch_add(&runs, 1) + 1;
    return r;
}

static void *
run(struct scenario *s, const struct model_ctx *ctx, struct rho_err *err)
{
    return run_gated(&gate, s, ctx, err);
}

static void *
run_later(struct scenario *s, const struct model_ctx *ctx, struct rho_err *err)
{
    return run_gated(&gate2, s, ctx, err);
}

static void
result_free(void *res)
{
    free(res);
}

static int
explain(void *res, int item, double t, struct strbuf *out, struct rho_err *err)
{
    (void)t;
    if (item != 0)
        return rho_err_set(err, RHO_EINPUT, "one item");
    strbuf_printf(out, "%g bytes in all\n", ((struct bytes_res *)res)->bytes);
    return 0;
}

static const struct model_col cols[] = {
    {"bytes", "bytes", MODEL_COL_BYTES},
    {"half", "half_bytes", MODEL_COL_NUMBER},
};

static int
sweep(const void *res, double *out)
{
    const struct bytes_res *r = res;

    out[0] = r->bytes;
    out[1] = r->bytes / 2;
    return 0;
}

static const struct model_entry bytes_entry = {
    .name = "bytes",
    .title = "bytes model",
    .views = "flows",
    .background = 0,
    .applies = applies,
    .run = run,
    .result_free = result_free,
    .explain = explain,
    .cols = cols,
    .ncols = 2,
    .sweep = sweep,
};
static const struct model_entry slow_entry = {
    .name = "slow",
    .title = "slow model",
    .views = "links nosuchview",
    .background = 1,
    .applies = applies,
    .run = run,
    .result_free = result_free,
    .explain = explain,
    .cols = cols,
    .ncols = 2,
    .sweep = sweep,
};
static const struct model_entry *const table[] = {&bytes_entry, &slow_entry,
                                                  NULL};

/* later's results as the session's memory sees them */
static size_t shelve_bytes = 1000; /* what shelve() says they hold */
static atomic_int shelved;

static size_t
shelve(void *res)
{
    (void)res;
    atomic_fetch_add(&shelved, 1);
    return shelve_bytes;
}

/* a second background model, for the focus and the memory */
static const struct model_entry later_entry = {
    .name = "later",
    .title = "later model",
    .views = "heat",
    .background = 1,
    .applies = applies,
    .run = run_later,
    .result_free = result_free,
    .cols = cols,
    .ncols = 2,
    .sweep = sweep,
    .shelve = shelve,
};
static const struct model_entry *const table2[] = {&bytes_entry, &slow_entry,
                                                   &later_entry, NULL};

static struct session *
table1_prev(unsigned only, int prev)
{
    struct rho_err err;
    struct session_opts o = {table, only, 1, 0, prev};
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);

    CHECK(s != NULL, "table1.lua loads");
    return session_new_with(s, &o);
}

static struct session *
table1(unsigned only)
{
    return table1_prev(only, 0);
}

/* Set flow 1's size (an edit). */
static int
set_bytes(struct session *ss, double b)
{
    struct scen_flow f = session_scenario(ss)->flow[0];
    struct rho_err err;

    f.label = NULL;
    f.bytes = b;
    return session_set_flow(ss, 0, &f, &err);
}

static double
total(const struct session *ss)
{
    double sum = 0;

    for (int i = 0; i < session_scenario(ss)->nflows; i++)
        sum += session_scenario(ss)->flow[i].bytes;
    return sum;
}

/* report_sweep() of the test table into a string (caller frees). */
static char *
sweep_text(const struct sweep *sw, const double *data, unsigned ran,
           enum report_fmt fmt)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    struct rho_err err;

    CHECK(report_sweep(f, "T", sw, data, table, ran, fmt, &err) == 0,
          "report_sweep");
    fclose(f);
    return text;
}

/* Poll n times, a millisecond apart. */
static void
polls(struct session *ss, int n)
{
    for (int i = 0; i < n; i++) {
        session_poll(ss);
        nap();
    }
}

/* Poll until the runs made reach want, or a run sees its cancel after c0
   of them (c0 < 0: not waited for), or 2 s. */
static void
polls_until(struct session *ss, unsigned long want, int c0)
{
    for (int i = 0; i < 2000; i++) {
        if ((c0 < 0 && atomic_load(&runs) >= want) ||
            (c0 >= 0 && atomic_load(&cancelled) != c0))
            return;
        session_poll(ss);
        nap();
    }
}

/* Look ahead to the state session_set_tau(ss, t) makes (a copy with
   another tau). */
static void
ahead_tau(struct session *ss, double t)
{
    struct scenario *nx = scenario_clone(session_scenario(ss));

    nx->tau = t;
    session_ahead(ss, nx);
}

/* Look ahead to tau t, let the look-ahead start (the later model's run
   waits at gate2), then make that edit: 1 when the look-ahead was not
   busy before it and is the state's busy run after, at the first poll. */
static int
taken_over(struct session *ss, double t)
{
    struct session_run r;
    struct rho_err err;
    int hidden;

    ahead_tau(ss, t);
    polls(ss, 20);
    hidden = session_run(ss, &later_entry, &r) == 0 && !r.busy;
    return hidden && session_set_tau(ss, t, &err) == 0 &&
           session_poll(ss) == 1 && session_run(ss, &later_entry, &r) == 0 &&
           r.busy;
}

/* Poll until m's run of the current version is in (or 5 s). */
static int
poll_until(struct session *ss, const struct model_entry *m)
{
    struct session_run r;

    for (int i = 0; i < 5000; i++) {
        session_poll(ss);
        session_run(ss, m, &r);
        if (!r.busy &&
            ((r.result && r.version == session_version(ss)) || r.error))
            return 1;
        nap();
    }
    return 0;
}

int
main(void)
{
    struct rho_err err;
    struct session *ss;
    struct session_run r;
    char buf[128];
    unsigned mask;

    /* ---- the table helpers ---- */
    CHECK(model_count(NULL) == 3 && model_table[0] == &model_pcie_entry &&
              model_table[1] == &model_net_entry &&
              model_table[2] == &model_queue_entry,
          "model_table: pcie, link, then queue");
    CHECK(model_find(NULL, "link") == 1 && model_find(NULL, "x") == -1 &&
              model_find(table, "slow") == 1,
          "model_find");
    CHECK(model_parse_list(NULL, "link,pcie", &mask, &err) == 0 && mask == 3,
          "-m link,pcie");
    CHECK(model_parse_list(NULL, "pcie,nope", &mask, &err) == -1,
          "-m pcie,nope refused");
    CHECK_STR(err.msg,
              "unknown model 'nope' (the models are pcie, link, queue)",
              "the message lists the models");
    CHECK(model_parse_list(table, ",", &mask, &err) == -1 &&
              strcmp(err.msg, "no model named (the models are bytes, slow)") ==
                  0,
          "an empty list: %s", err.msg);
    CHECK(strcmp(model_names(table, buf, sizeof buf), "bytes, slow") == 0,
          "model_names");
    {
        int off[MODEL_MAX];
        CHECK(model_sweep_layout(NULL, off) == 3 + 1 + 4 + 1 + 6 + 1 &&
                  off[1] == 4 && off[2] == 9,
              "sweep layout: 3 PCIe columns and a status, 4 link columns "
              "and a status, 6 queueing columns and a status");
    }

    /* ---- a cheap model: a result at every edit, at once ---- */
    ss = table1(0);
    CHECK(session_model(ss, 0) == &bytes_entry &&
              session_model(ss, 1) == &slow_entry &&
              session_model(ss, 2) == NULL,
          "the session runs the test table's two models");
    CHECK(!session_has_model(ss, &model_pcie_entry), "and not the real ones");
    CHECK(session_run(ss, &bytes_entry, &r) == 0 && r.result != NULL &&
              r.version == session_version(ss) && !r.busy && r.error == NULL,
          "bytes: a result at once");
    CHECK(((struct bytes_res *)r.result)->bytes == total(ss),
          "of the scenario's flows");
    CHECK(set_bytes(ss, 1024) == 0 &&
              ((struct bytes_res *)session_result(ss, &bytes_entry))->bytes ==
                  total(ss),
          "an edit: a new result at once");
    {
        struct strbuf sb;
        strbuf_init(&sb);
        CHECK(bytes_entry.explain(session_result(ss, &bytes_entry), 0, NAN, &sb,
                                  &err) == 0 &&
                  strstr(strbuf_str(&sb), "bytes in all") != NULL,
              "its explain hook");
        strbuf_fini(&sb);
    }

    /* ---- a background model ---- */
    CHECK(session_result(ss, &slow_entry) == NULL &&
              session_run(ss, &slow_entry, &r) == 0 && !r.busy,
          "slow: nothing before a poll");
    CHECK(session_poll(ss) == 1, "a poll starts it (1: the screen changes)");
    CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy &&
              strcmp(r.phase, "running") == 0 && r.frac == 0.5 &&
              r.result == NULL,
          "held at the gate after 50 ms: busy, half done");
    atomic_store(&gate, 1);
    CHECK(poll_until(ss, &slow_entry), "the gate opens: it finishes");
    CHECK(session_run(ss, &slow_entry, &r) == 0 && r.result != NULL &&
              r.version == session_version(ss) &&
              ((struct bytes_res *)r.result)->bytes == total(ss) &&
              r.serial == 1,
          "its result, of the current version");
    CHECK(session_poll(ss) == 0, "nothing more to do: 0");

    /* the last result stays while a newer run computes; an edit cancels a
       stale run */
    atomic_store(&gate, 0);
    {
        void *last = session_result(ss, &slow_entry);
        unsigned long v0 = session_version(ss);
        int c0 = atomic_load(&cancelled);
        CHECK(set_bytes(ss, 2048) == 0, "an edit");
        session_poll(ss);
        CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy &&
                  r.result == last && r.version == v0,
              "busy with the new version, the last result stays");
        CHECK(set_bytes(ss, 4096) == 0, "another edit while it computes");
        /* the poll asks the stale run to stop and returns (an edit never
           waits for it); a later poll joins it and starts the newest */
        for (int i = 0; i < 5000; i++) {
            session_poll(ss);
            session_run(ss, &slow_entry, &r);
            if (atomic_load(&cancelled) == c0 + 1 && r.busy)
                break;
            nap();
        }
        CHECK(atomic_load(&cancelled) == c0 + 1, "the stale run was cancelled");
        CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy &&
                  r.result == last,
              "a run of the newest version computes; the last result stays");
        atomic_store(&gate, 1);
        CHECK(
            poll_until(ss, &slow_entry) &&
                ((struct bytes_res *)session_result(ss, &slow_entry))->bytes ==
                    total(ss),
            "then its result replaces the last");
    }

    /* errors belong to a version */
    {
        void *good = session_result(ss, &slow_entry);
        /* flow 1 of 13 bytes: both models fail on this version */
        {
            CHECK(set_bytes(ss, 13) == 0, "flow 1: 13 bytes");
            CHECK(session_run(ss, &bytes_entry, &r) == 0 && r.result == NULL &&
                      r.error != NULL &&
                      strcmp(r.error->msg, "13 bytes: unlucky") == 0,
                  "bytes: its error, no result");
            CHECK(poll_until(ss, &slow_entry) &&
                      session_run(ss, &slow_entry, &r) == 0 &&
                      r.error != NULL && r.result == good,
                  "slow: its error, and the last good result stays");
            CHECK(session_wait(ss, &err) == -1 &&
                      strcmp(err.msg, "13 bytes: unlucky") == 0,
                  "session_wait: -1, the first model's error");
            CHECK(session_undo(ss) == 0 &&
                      session_run(ss, &bytes_entry, &r) == 0 &&
                      r.error == NULL && r.result != NULL,
                  "undo: bytes runs again, no error");
            CHECK(session_run(ss, &slow_entry, &r) == 0 && r.error == NULL,
                  "slow: the error was of the other version");
            CHECK(session_wait(ss, &err) == 0 &&
                      session_run(ss, &slow_entry, &r) == 0 &&
                      r.version == session_version(ss),
                  "session_wait runs it to the end");
        }
    }

    /* ---- the result one generation back (session_opts.prev) ---- */
    CHECK(session_result_prev(ss, &bytes_entry, NULL) == NULL,
          "without prev: none kept");
    session_free(ss);
    atomic_store(&gate, 1);
    ss = table1_prev(0, 1);
    {
        double t0 = total(ss), t1;
        unsigned long v0 = session_version(ss), v;
        const struct bytes_res *p, *c;
        CHECK(session_result_prev(ss, &bytes_entry, NULL) == NULL,
              "no edit yet: no previous result");
        CHECK(poll_until(ss, &slow_entry) &&
                  session_result_prev(ss, &slow_entry, NULL) == NULL,
              "slow: its first result, none before it");
        CHECK(set_bytes(ss, 512) == 0, "an edit");
        t1 = total(ss);
        p = session_result_prev(ss, &bytes_entry, &v);
        c = session_result(ss, &bytes_entry);
        CHECK(p != NULL && p->bytes == t0 && v == v0 && c->bytes == t1 &&
                  t1 != t0,
              "bytes: the result before the edit, and the new one");
        p = session_result_prev(ss, &slow_entry, NULL);
        CHECK(p == NULL && ((const struct bytes_res *)session_result(
                               ss, &slow_entry))->bytes == t0,
              "slow: until its run is in, the last result is the old one");
        CHECK(poll_until(ss, &slow_entry), "slow: the new run is in");
        p = session_result_prev(ss, &slow_entry, &v);
        c = session_result(ss, &slow_entry);
        CHECK(p != NULL && p->bytes == t0 && v == v0 && c->bytes == t1,
              "slow: then the one before it goes one generation back");
        CHECK(session_undo(ss) == 0 && poll_until(ss, &slow_entry),
              "undo");
        p = session_result_prev(ss, &slow_entry, NULL);
        c = session_result(ss, &slow_entry);
        CHECK(p != NULL && p->bytes == t1 && c->bytes == t0,
              "after an undo the edited result is the previous one");
    }
    session_free(ss);

    /* session_wait with a run in the background: joins it; free cancels */
    atomic_store(&gate, 0);
    ss = table1(0);
    session_poll(ss);
    CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy, "busy");
    atomic_store(&gate, 1);
    CHECK(session_wait(ss, &err) == 0 && session_result(ss, &slow_entry),
          "wait joins the running job");
    atomic_store(&gate, 0);
    set_bytes(ss, 99);
    session_poll(ss);
    session_free(ss); /* cancels and joins the held run */
    CHECK(1, "freed with a run in the background");
    atomic_store(&gate, 1);

    /* only: one model of the table */
    ss = table1(1u << 1);
    CHECK(session_model(ss, 0) == &slow_entry && session_model(ss, 1) == NULL,
          "only the second");
    CHECK(session_result(ss, &bytes_entry) == NULL &&
              session_run(ss, &bytes_entry, &r) == -1,
          "the first does not run");

    /* ---- the view layer lists their views by name ---- */
    {
        struct session *s2 = table1(0);
        int views[VIEW_MAX], nv = view_list(s2, views);
        CHECK(nv == 2 && views[0] == view_find("flows") &&
                  views[1] == view_find("links"),
              "their views in table order (a name no view has is left out)");
        session_free(s2);
    }
    session_free(ss);

    /* ---- the focus: the model on screen runs first ---- */
    {
        struct session_opts o = {table2, 0, 1, 0, 0};
        struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
        atomic_store(&gate, 0);
        atomic_store(&gate2, 0);
        ss = session_new_with(s, &o);
        CHECK(view_model(ss, view_find("heat")) == &later_entry &&
                  view_model(ss, view_find("links")) == &slow_entry &&
                  view_model(ss, view_find("flows")) == &bytes_entry &&
                  view_model(ss, view_find("tree")) == NULL &&
                  view_model(ss, -1) == NULL,
              "view_model: the model whose entry lists the view");
        session_focus(ss, &later_entry);
        session_poll(ss);
        CHECK(session_run(ss, &later_entry, &r) == 0 && r.busy,
              "the focused model starts");
        CHECK(session_run(ss, &slow_entry, &r) == 0 && !r.busy &&
                  r.result == NULL && r.error == NULL,
              "the other background model waits for it");
        atomic_store(&gate, 1); /* slow would end at once: it never began */
        for (int i = 0; i < 20; i++)
            session_poll(ss);
        CHECK(session_run(ss, &slow_entry, &r) == 0 && !r.busy &&
                  r.result == NULL,
              "and keeps waiting while it computes");
        atomic_store(&gate, 0);
        atomic_store(&gate2, 1);
        CHECK(poll_until(ss, &later_entry), "the focused run ends");
        session_poll(ss);
        CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy,
              "then the other starts");
        /* an edit while the other computes: the focus has a new version
           to run, the other's stale run stops and waits again */
        atomic_store(&gate2, 0);
        CHECK(set_bytes(ss, 4096) == 0, "an edit");
        for (int i = 0; i < 100; i++) { /* its stale run is joined */
            session_poll(ss);
            nap();
        }
        CHECK(session_run(ss, &slow_entry, &r) == 0 && !r.busy &&
                  session_run(ss, &later_entry, &r) == 0 && r.busy,
              "after an edit the focused model runs alone");
        session_focus(ss, NULL);
        session_poll(ss);
        CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy,
              "no focus: every run starts");
        atomic_store(&gate, 1);
        atomic_store(&gate2, 1);
        CHECK(session_wait(ss, &err) == 0 &&
                  ((struct bytes_res *)session_result(ss, &slow_entry))
                          ->bytes == total(ss) &&
                  ((struct bytes_res *)session_result(ss, &later_entry))
                          ->bytes == total(ss),
              "both of the edited scenario");
        session_free(ss);
    }

    /* ---- the memory: a state seen before gets its result at once ---- */
    {
        struct session_opts o = {table2, 1u << 2, 1, 0, 1};
        struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
        const struct bytes_res *a = NULL, *b = NULL;
        unsigned long n0;
        int sh0 = atomic_load(&shelved);
        atomic_store(&gate2, 1);
        ss = session_new_with(s, &o);
        CHECK(session_wait(ss, &err) == 0 &&
                  (a = session_result(ss, &later_entry)) != NULL,
              "state A: computed");
        CHECK(set_bytes(ss, 4096) == 0 && session_wait(ss, &err) == 0 &&
                  (b = session_result(ss, &later_entry)) != NULL &&
                  b->bytes == total(ss) && atomic_load(&shelved) == sh0 + 1,
              "an edit, state B: computed; A's result shelved");
        CHECK(session_result_prev(ss, &later_entry, NULL) == a,
              "A's (whole) is the one kept back");
        n0 = atomic_load(&runs);
        CHECK(session_undo(ss) == 0 && poll_until(ss, &later_entry) &&
                  session_result(ss, &later_entry) == a &&
                  session_run(ss, &later_entry, &r) == 0 && r.remembered &&
                  !r.ahead && r.version == session_version(ss) &&
                  r.serial == 3 && atomic_load(&runs) == n0,
              "undo to A: A's result again, remembered, not computed");
        CHECK(session_result_prev(ss, &later_entry, NULL) == b,
              "and B's kept back");
        CHECK(session_redo(ss) == 0 && session_wait(ss, &err) == 0 &&
                  session_result(ss, &later_entry) == b &&
                  atomic_load(&runs) == n0,
              "redo to B: B's again (session_wait remembers too)");
        CHECK(set_bytes(ss, 8192) == 0 && session_wait(ss, &err) == 0 &&
                  atomic_load(&runs) == n0 + 1,
              "state C: computed");
        CHECK(set_bytes(ss, 4096) == 0 && session_wait(ss, &err) == 0 &&
                  session_result(ss, &later_entry) == b &&
                  atomic_load(&runs) == n0 + 1,
              "an edit back to B's sizes (a new state, the same "
              "scenario): B's");
        n0 = atomic_load(&runs);
        CHECK(set_bytes(ss, 77) == 0 && session_wait(ss, &err) == 0 &&
                  atomic_load(&runs) == n0 + 1 &&
                  session_run(ss, &later_entry, &r) == 0 && !r.remembered,
              "a state not seen: computed, not remembered");
        /* SESSION_MEMO other states remembered at most: as many new
           ones less one push out A and C */
        for (int i = 0; i < SESSION_MEMO - 1; i++)
            set_bytes(ss, 100 + i), session_wait(ss, &err);
        n0 = atomic_load(&runs);
        CHECK(set_bytes(ss, 77) == 0 && session_wait(ss, &err) == 0 &&
                  atomic_load(&runs) == n0,
              "a state SESSION_MEMO results back: remembered");
        CHECK(set_bytes(ss, 999) == 0 && session_wait(ss, &err) == 0 &&
                  set_bytes(ss, 4096) == 0 && session_wait(ss, &err) == 0 &&
                  atomic_load(&runs) == n0 + 2,
              "B, pushed out by newer ones: computed again");
        /* a result larger than the memory holds is not remembered */
        shelve_bytes = SESSION_MEMO_BYTES + 1;
        CHECK(set_bytes(ss, 5000) == 0 && session_wait(ss, &err) == 0 &&
                  session_undo(ss) == 0 && session_wait(ss, &err) == 0 &&
                  atomic_load(&runs) == n0 + 4,
              "too large: B's computed again after an undo");
        shelve_bytes = 1000;
        /* the result shown is of the state an undo comes back to: a run
           of the state after it was stopped (Esc) */
        {
            const void *shown = session_result(ss, &later_entry);
            atomic_store(&gate2, 0);
            set_bytes(ss, 31337);
            session_poll(ss);
            CHECK(session_stop(ss) == 1, "the next state's run stopped");
            n0 = atomic_load(&runs);
            CHECK(session_undo(ss) == 0 && session_poll(ss) == 1 &&
                      session_run(ss, &later_entry, &r) == 0 &&
                      r.result == shown && r.remembered && !r.busy &&
                      r.version == session_version(ss) &&
                      atomic_load(&runs) == n0,
                  "undo: the result shown is the state's, not computed");
            /* and while the next state's run still computes: at the
               first poll, without waiting for it to stop */
            set_bytes(ss, 31338);
            for (int i = 0; i < 1000; i++) { /* (the stopped run joined) */
                session_poll(ss);
                if (session_run(ss, &later_entry, &r) == 0 && r.busy)
                    break;
                nap();
            }
            CHECK(session_run(ss, &later_entry, &r) == 0 && r.busy,
                  "the next state's run computes");
            CHECK(session_undo(ss) == 0 && session_poll(ss) == 1 &&
                      session_run(ss, &later_entry, &r) == 0 &&
                      r.result == shown && r.remembered &&
                      r.version == session_version(ss) &&
                      atomic_load(&runs) == n0,
                  "undo: the state's result at the first poll");
            atomic_store(&gate2, 1);
        }
        session_free(ss);
        CHECK(1, "freed with results in the memory");
    }

    /* ---- the look-ahead: the state the next edit makes, computed while
       the model on screen waits ---- */
    {
        struct session_opts o = {table2, 0, 1, 0, 1};
        struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
        const void *got;
        unsigned long n0;
        int c0, hidden = 1;
        double tau;
        atomic_store(&gate, 1);
        atomic_store(&gate2, 1);
        ss = session_new_with(s, &o);
        CHECK(session_wait(ss, &err) == 0, "state A: computed");
        tau = session_scenario(ss)->tau;
        /* (ahead_tau(): a copy with another tau, at most 1) */
        n0 = atomic_load(&runs);
        ahead_tau(ss, 2 * tau);
        for (int i = 0; i < 2000 && atomic_load(&runs) < n0 + 1; i++) {
            session_poll(ss);
            hidden &= session_run(ss, &later_entry, &r) == 0 && !r.busy;
            nap();
        }
        session_poll(ss); /* (the look-ahead's run joined) */
        CHECK(atomic_load(&runs) == n0 + 1 && hidden,
              "the look-ahead computes once, unseen (not busy), and only "
              "the model that remembers");
        CHECK(session_set_tau(ss, 2 * tau, &err) == 0 &&
                  session_poll(ss) == 1 &&
                  session_run(ss, &later_entry, &r) == 0 && r.remembered &&
                  r.ahead && r.version == session_version(ss) &&
                  r.result != NULL &&
                  ((const struct bytes_res *)r.result)->serial == n0 + 1 &&
                  ((const struct bytes_res *)r.result)->bytes == total(ss),
              "the edit it looked ahead to: its result at the first poll, "
              "remembered and computed ahead, not computed again");
        CHECK(session_wait(ss, &err) == 0 && atomic_load(&runs) == n0 + 3,
              "(the models that do not remember compute it then)");
        CHECK(session_undo(ss) == 0 && session_redo(ss) == 0 &&
                  session_wait(ss, &err) == 0 &&
                  session_run(ss, &later_entry, &r) == 0 && r.remembered &&
                  !r.ahead,
              "undo, redo: remembered, no longer computed ahead (shown)");
        /* the edit comes while the look-ahead computes: it goes on as
           the state's run */
        atomic_store(&gate2, 0);
        c0 = atomic_load(&cancelled);
        n0 = atomic_load(&runs);
        CHECK(taken_over(ss, 3 * tau),
              "a look-ahead that computes is not busy; its edit: the run "
              "goes on as the current state's, busy");
        atomic_store(&gate2, 1);
        CHECK(poll_until(ss, &later_entry) &&
                  (got = session_result(ss, &later_entry)) != NULL &&
                  ((const struct bytes_res *)got)->serial > n0 &&
                  session_run(ss, &later_entry, &r) == 0 && !r.remembered &&
                  atomic_load(&cancelled) == c0,
              "and ends as its result, never cancelled");
        CHECK(session_wait(ss, &err) == 0 && atomic_load(&runs) == n0 + 3,
              "one run of it, not two");
        /* another edit: the look-ahead gives way */
        atomic_store(&gate2, 0);
        ahead_tau(ss, 4 * tau);
        polls(ss, 20);
        CHECK(set_bytes(ss, 4321) == 0, "an edit to another state");
        polls_until(ss, 0, c0);
        CHECK(atomic_load(&cancelled) == c0 + 1,
              "stops the look-ahead (its work is lost)");
        atomic_store(&gate2, 1);
        CHECK(session_wait(ss, &err) == 0 &&
                  ((const struct bytes_res *)session_result(ss, &later_entry))
                          ->bytes == total(ss),
              "the edited state's run computes it");
        /* a look-ahead waits while a model computes the current state */
        atomic_store(&gate, 0);
        CHECK(set_bytes(ss, 4322) == 0, "an edit");
        n0 = atomic_load(&runs);
        ahead_tau(ss, 5 * tau);
        polls(ss, 50);
        CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy &&
                  atomic_load(&runs) == n0 + 1,
              "no look-ahead while the slow model computes");
        atomic_store(&gate, 1);
        polls_until(ss, n0 + 3, -1);
        CHECK(atomic_load(&runs) == n0 + 3, "after it, the look-ahead");
        /* a state remembered already is not computed again */
        session_poll(ss);
        n0 = atomic_load(&runs);
        ahead_tau(ss, tau * 5);
        polls(ss, 50);
        CHECK(atomic_load(&runs) == n0, "a remembered state: not again");
        /* with the focus on the model that remembers, only its run */
        atomic_store(&gate, 0);
        session_focus(ss, &later_entry);
        CHECK(set_bytes(ss, 4325) == 0, "an edit, the focus on later");
        n0 = atomic_load(&runs);
        ahead_tau(ss, 8 * tau);
        polls_until(ss, n0 + 2, -1);
        polls(ss, 20); /* (the other's run starts) */
        CHECK(session_run(ss, &slow_entry, &r) == 0 && r.busy &&
                  atomic_load(&runs) == n0 + 2,
              "the look-ahead computes beside the other model's run");
        atomic_store(&gate, 1);
        session_focus(ss, NULL);
        CHECK(session_wait(ss, &err) == 0, "(that run ends)");
        /* Esc stops a look-ahead, and an edit forgets one not started */
        atomic_store(&gate2, 0);
        c0 = atomic_load(&cancelled);
        ahead_tau(ss, 6 * tau);
        polls(ss, 20);
        CHECK(session_stop(ss) == 0, "Esc: no run of the state stopped");
        polls_until(ss, 0, c0);
        CHECK(atomic_load(&cancelled) == c0 + 1, "but the look-ahead");
        atomic_store(&gate2, 1);
        atomic_store(&gate, 0);
        CHECK(set_bytes(ss, 4323) == 0, "an edit");
        ahead_tau(ss, 7 * tau);
        CHECK(set_bytes(ss, 4324) == 0, "another before it could start");
        n0 = atomic_load(&runs);
        atomic_store(&gate, 1);
        CHECK(session_wait(ss, &err) == 0, "the state computed");
        polls(ss, 50);
        CHECK(atomic_load(&runs) == n0 + 2, "the forgotten look-ahead: none");
        /* a look-ahead is given a memory cap: its refusal is not the
           state's (the edit computes it without), even after the edit
           took the look-ahead's run over */
        atomic_store(&capped, 1);
        atomic_store(&gate2, 1);
        n0 = atomic_load(&runs);
        ahead_tau(ss, 0.9 * tau);
        polls(ss, 50);
        CHECK(session_set_tau(ss, 0.9 * tau, &err) == 0 &&
                  poll_until(ss, &later_entry) &&
                  session_run(ss, &later_entry, &r) == 0 && r.error == NULL &&
                  !r.remembered && r.version == session_version(ss),
              "a look-ahead over its cap: the edit computes the state");
        atomic_store(&gate2, 0);
        CHECK(taken_over(ss, 0.8 * tau),
              "the edit takes the capped look-ahead's run over");
        atomic_store(&gate2, 1);
        CHECK(poll_until(ss, &later_entry) &&
                  session_run(ss, &later_entry, &r) == 0 && r.error == NULL &&
                  r.result != NULL && r.version == session_version(ss),
              "its refusal is not shown: the state computed without the cap");
        atomic_store(&capped, 0);
        session_free(ss);
        CHECK(1, "freed");
    }

    /* ---- a sweep prints their columns ---- */
    {
        struct sweep sw;
        double data[2 * 6] = {0};
        int off[MODEL_MAX];
        char *t;
        sweep_init(&sw);
        CHECK(sweep_add_axis(&sw, "size=1KiB,2KiB", &err) == 0, "an axis");
        CHECK(model_sweep_layout(table, off) == 6 && off[1] == 3,
              "layout: 2 + 1 and 2 + 1");
        data[0] = data[off[1]] = 1024;
        data[1] = data[off[1] + 1] = 512;
        data[6] = 2048;
        data[7] = 1024;
        t = sweep_text(&sw, data, 1, REPORT_TEXT);
        CHECK(strcmp(t, "T\nsweep: 2 points\n\n"
                        "size  bytes  half\n"
                        "1KiB  1 KiB   512\n"
                        "2KiB  2 KiB  1024\n") == 0,
              "the first model alone: its columns, no note:\n%s", t);
        free(t);
        t = sweep_text(&sw, data, 3, REPORT_CSV);
        CHECK(strcmp(t, "size,size_bytes,bytes,half_bytes,bytes,half_bytes\n"
                        "1KiB,1024,1024,512,1024,512\n"
                        "2KiB,2048,2048,1024,0,0\n") == 0,
              "the axis as typed and in bytes, then both models' columns "
              "in table order:\n%s",
              t);
        free(t);
        t = sweep_text(&sw, data, 2, REPORT_TEXT);
        CHECK(strncmp(t, "T\nsweep: 2 points (slow model)\n", 31) == 0,
              "named when it is not the table's first:\n%s", t);
        free(t);
        sweep_fini(&sw);
    }

    /* ---- and batch has no printer for it until report.c has a line ---- */
    {
        struct bytes_res br = {1, 1};
        struct report_opts ro = {REPORT_TEXT, 0, 0, NAN};
        CHECK(report_model(stdout, &bytes_entry, &br, &ro, &err) == -1 &&
                  strcmp(err.msg, "the bytes model has no batch report") == 0,
              "report_model: %s", err.msg);
    }
    TEST_DONE();
}
