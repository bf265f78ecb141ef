/*
 * session: edits, history and the models' runs on a scenario. See
 * session.h.
 *
 * The history is two stacks of snapshots. An edit works on a copy; only
 * when the copy checks out does it become current, with the old current
 * pushed on the undo stack, so a failed edit leaves everything as it was.
 * Each state has an id, and the session keeps a copy of the state last
 * saved: whether there are unsaved edits is a comparison of states (by id,
 * then by content), never a count of edits.
 *
 * The runs: one record per entry of the model table. A cheap model runs
 * in commit(); a background one on its record's job, which owns a copy of
 * the scenario of the version it started for. Only the thread that owns
 * the session touches a record, but for the job's output (job_res,
 * job_err), which it reads after job_join().
 */
#include "core/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/base/job.h"
#include "core/base/rho_alloc.h"
#include "core/base/strbuf.h"

/* A state of the scenario as scenario_to_lua() writes it (exact). */
struct key {
    char *s; /* owned, or NULL */
    size_t len;
};

/* A result remembered with the state it is of. */
struct memo {
    struct key key;
    void *res;
    double seconds;
    size_t bytes;
    int ahead; /* computed by a look-ahead, never shown */
};

struct run {
    const struct model_entry *m;
    int on;                /* the model runs on the current scenario */
    void *res;             /* the last finished result; owned */
    unsigned long version; /* of res */
    void *prev;            /* with session_opts.prev: the result res
                              replaced (of another version); owned */
    unsigned long prev_version;
    double seconds;        /* res's wall time */
    unsigned long serial;  /* results made */
    int failed;            /* the run of err_version failed: err says why */
    unsigned long err_version;
    struct rho_err err;

    /* a background run in progress (started: job.started): of
       job_version, or a look-ahead (job_ahead: of the state job_key,
       which no version may be yet) */
    struct job job;
    int job_ahead;
    double job_cap; /* the run's model_ctx.max_bytes (a look-ahead's:
                       set before it starts, never after) */
    struct session *ss;        /* for the job's threads and keep */
    struct scenario *job_scen; /* taken by the run on the job's thread */
    void *job_res;
    struct rho_err job_err;
    unsigned long job_version;
    double job_seconds; /* the run's wall time, on the job's thread */
    int stopped;        /* session_stop() stopped the run of stop_version:
                           none starts again for it */
    unsigned long stop_version;
    /* the run's progress as the polls saw it: when it started, and when
       its phase began and how far it was then (for the estimate) */
    double job_t0, ph_t0, ph_f0;
    char ph[32];

    /* the memory (model_entry.shelve): the state res is of, as
       scenario_to_lua() writes it (NULL: not known), the job's, results
       of other states oldest first, and whether res came from there */
    struct key key, job_key;
    struct memo memo[SESSION_MEMO];
    int nmemo;
    int recalled;
    int recalled_ahead; /* and a look-ahead computed it */
    int prev_borrowed; /* prev is a memo entry's result (not owned) */
    /* the current state as the model's keys write it (model_entry.unread
       left out), of version lua_of */
    struct strbuf lua;
    unsigned long lua_of;
    int lua_made;
};

/* A state of the scenario in the history, and its identity: every edit
   makes a new id; undo and redo bring back a state with its own. */
struct snap {
    struct scenario *s;
    unsigned long id;
};

struct session {
    const struct model_entry *focus; /* session_focus() */
    struct strbuf cur_lua;           /* cur as Lua, of version cur_lua_of */
    unsigned long cur_lua_of;
    int cur_lua_made;
    struct scenario *cur;
    unsigned long cur_id, next_id;
    struct snap undo[SESSION_HISTORY];
    int nundo;
    struct snap redo[SESSION_HISTORY];
    int nredo;
    unsigned long version;
    /* the state last saved (or loaded): its id, a copy of it, and that
       copy as Lua once a comparison needed it */
    unsigned long saved_id;
    struct scenario *saved;
    struct strbuf saved_lua;
    int saved_lua_made;
    int dirty; /* the current state differs from the saved one */
    /* session_ahead(): the state asked for (owned), until the runs start
       on it */
    struct scenario *ahead;
    /* a look-ahead asked for since session_ahead() ended without a result
       kept (refused at its cap, stopped, failed, or too large to
       remember) */
    int ahead_lost;
    struct session_opts o;
    int nruns;
    struct run run[MODEL_MAX];
};

static void
model_ctx_of(const struct session *ss, struct job *j, struct model_ctx *c)
{
    c->threads = ss->o.threads > 0 ? ss->o.threads : 1;
    c->job = j;
    c->keep = ss->o.keep;
    c->max_bytes = 0;
}

static void
key_free(struct key *k)
{
    free(k->s);
    k->s = NULL;
    k->len = 0;
}

/* The current state as Lua (made once a version). */
static const struct strbuf *
cur_lua(struct session *ss)
{
    if (!ss->cur_lua_made || ss->cur_lua_of != ss->version) {
        strbuf_reset(&ss->cur_lua);
        scenario_to_lua(ss->cur, &ss->cur_lua);
        ss->cur_lua_of = ss->version;
        ss->cur_lua_made = 1;
    }
    return &ss->cur_lua;
}

/* The current state as r's model keys it: without the fields it never
   reads (made once a version). */
static const struct strbuf *
run_lua(struct session *ss, struct run *r)
{
    const struct strbuf *all = cur_lua(ss);

    if (r->m->unread == NULL)
        return all;
    if (!r->lua_made || r->lua_of != ss->version) {
        strbuf_reset(&r->lua);
        scenario_lua_cut(ss->cur, strbuf_str(all), all->len, r->m->unread,
                         &r->lua);
        r->lua_of = ss->version;
        r->lua_made = 1;
    }
    return &r->lua;
}

/* The current state's key for r's model (none when it is not
   remembered). */
static struct key
cur_key(struct session *ss, struct run *r)
{
    struct key k = {NULL, 0};

    if (r->m->shelve != NULL && r->m->background) {
        const struct strbuf *sb = run_lua(ss, r);
        k.len = sb->len;
        k.s = xmalloc(k.len + 1);
        memcpy(k.s, strbuf_str(sb), k.len + 1);
    }
    return k;
}

/* Is k the state of len bytes at s? */
static int
key_is(const struct key *k, const char *s, size_t len)
{
    return k->s != NULL && k->len == len && memcmp(k->s, s, len) == 0;
}

static void
drop_result(struct run *r)
{
    r->m->result_free(r->res);
    r->res = NULL;
    key_free(&r->key);
    r->recalled = 0;
}

static void
drop_prev(struct run *r)
{
    if (!r->prev_borrowed)
        r->m->result_free(r->prev);
    r->prev = NULL;
    r->prev_borrowed = 0;
}

/* Take memo entry i out of r's memory (its result and key to the caller,
   NULL: freed). */
static void
memo_take(struct run *r, int i, struct memo *out)
{
    if (r->prev_borrowed && r->prev == r->memo[i].res) {
        r->prev = NULL;
        r->prev_borrowed = 0;
    }
    if (out != NULL) {
        *out = r->memo[i];
    } else {
        r->m->result_free(r->memo[i].res);
        key_free(&r->memo[i].key);
    }
    memmove(r->memo + i, r->memo + i + 1,
            (size_t)(r->nmemo - i - 1) * sizeof *r->memo);
    r->nmemo--;
}

static void
memo_clear(struct run *r)
{
    while (r->nmemo > 0)
        memo_take(r, r->nmemo - 1, NULL);
}

/* Put res (of the state *key, that took seconds) in r's memory when the
   model allows and it fits, forgetting the oldest to make room. Returns
   1 when it went there (res and the key with it: *key is emptied), else
   0 (both still the caller's). */
static int
memo_add(struct run *r, struct key *key, void *res, double seconds, int ahead)
{
    /* (SESSION_MEMO_BYTES, or an eighth of the memory if less) */
    size_t bytes, total = 0, budget = rho_mem_share(SESSION_MEMO_BYTES, 8);

    if (res == NULL || key->s == NULL || r->m->shelve == NULL)
        return 0;
    bytes = r->m->shelve(res);
    if (bytes > budget)
        return 0;
    for (int i = 0; i < r->nmemo; i++)
        if (key_is(&r->memo[i].key, key->s, key->len))
            memo_take(r, i--, NULL); /* (an older result of it) */
    for (int i = 0; i < r->nmemo; i++)
        total += r->memo[i].bytes;
    while (r->nmemo > 0 &&
           (r->nmemo == SESSION_MEMO || total + bytes > budget)) {
        total -= r->memo[0].bytes;
        memo_take(r, 0, NULL);
    }
    r->memo[r->nmemo].key = *key;
    r->memo[r->nmemo].res = res;
    r->memo[r->nmemo].seconds = seconds;
    r->memo[r->nmemo].bytes = bytes;
    r->memo[r->nmemo].ahead = ahead;
    r->nmemo++;
    key->s = NULL;
    key->len = 0;
    return 1;
}

/* Does r's memory hold, or its result come from, the state k? */
static int
memo_has(const struct run *r, const struct key *k)
{
    if (key_is(&r->key, k->s, k->len))
        return 1;
    for (int i = 0; i < r->nmemo; i++)
        if (key_is(&r->memo[i].key, k->s, k->len))
            return 1;
    return 0;
}

/* Remember res (of another state than the one coming): memo_add(). */
static int
remember(struct run *r)
{
    if (!memo_add(r, &r->key, r->res, r->seconds, 0))
        return 0;
    r->res = NULL;
    return 1;
}

/* res goes one generation back (with session_opts.prev), else away. */
static void
retire_result(struct run *r, int keep)
{
    if (!keep || r->res == NULL) {
        drop_result(r);
        return;
    }
    drop_prev(r);
    r->prev = r->res;
    r->prev_version = r->version;
    r->res = NULL;
    key_free(&r->key);
    if (r->m->retire != NULL)
        r->m->retire(r->prev);
}

/* res (of the state key, taken; may be empty) replaces r's result: the
   last one, of another state, goes to the memory (and is then the one
   kept back with session_opts.prev), else one generation back or away. */
static void
set_result(struct run *r, void *res, unsigned long version, double seconds,
           struct key key)
{
    if (r->version != version && remember(r)) {
        if (r->ss->o.prev) {
            drop_prev(r);
            r->prev = r->memo[r->nmemo - 1].res;
            r->prev_version = r->version;
            r->prev_borrowed = 1;
        }
    } else {
        retire_result(r, r->ss->o.prev && r->version != version);
    }
    r->res = res;
    r->key = key;
    r->recalled = 0;
    r->version = version;
    r->seconds = seconds;
    r->serial++;
    r->failed = 0;
}

/* The current state's result from r's memory, if it has it. */
static int
recall(struct session *ss, struct run *r)
{
    const struct strbuf *sb;

    if (r->nmemo == 0 && (r->res == NULL || r->key.s == NULL))
        return 0;
    sb = run_lua(ss, r);
    if (r->res != NULL && key_is(&r->key, strbuf_str(sb), sb->len)) {
        /* the one shown: back to its state before another's run ended
           (Esc stopped it, or it failed) */
        r->version = ss->version;
        r->recalled = 1;
        r->recalled_ahead = 0;
        r->serial++;
        r->failed = 0;
        return 1;
    }
    for (int i = r->nmemo - 1; i >= 0; i--) {
        struct memo e;
        if (!key_is(&r->memo[i].key, strbuf_str(sb), sb->len))
            continue;
        memo_take(r, i, &e);
        set_result(r, e.res, ss->version, e.seconds, e.key);
        r->recalled = 1;
        r->recalled_ahead = e.ahead;
        return 1;
    }
    return 0;
}

static void
set_error(struct run *r, const struct rho_err *err, unsigned long version)
{
    r->failed = 1;
    r->err = *err;
    r->err_version = version;
}

/* m's run on s (taken), after what a deferred edit left to it (the
   placement and the patterns: scenario_net_ready()). */
static void *
run_model(const struct model_entry *m, struct scenario *s,
          const struct model_ctx *c, struct rho_err *err)
{
    /* (100-250 ms on the thesis: it looks at the job's cancel flag) */
    if (scenario_net_ready(s, c->job != NULL ? &c->job->cancel : NULL, err) !=
        0) {
        scenario_free(s);
        return NULL;
    }
    if (c->job != NULL && job_cancelled(c->job)) {
        scenario_free(s);
        rho_err_set(err, RHO_ECANCEL, "%s: cancelled", m->title);
        return NULL;
    }
    return m->run(s, c, err);
}

/* Run r's model on a copy of the current scenario, on this thread. */
static void
run_here(struct session *ss, struct run *r)
{
    struct model_ctx c;
    struct rho_err err;
    double t0 = rho_wall();
    void *res;

    model_ctx_of(ss, NULL, &c);
    rho_err_clear(&err);
    res = run_model(r->m, scenario_clone(ss->cur), &c, &err);
    if (res != NULL)
        set_result(r, res, ss->version, rho_wall() - t0, cur_key(ss, r));
    else
        set_error(r, &err, ss->version);
}

static int current(const struct session *ss, const struct run *r);

/* Is k the current state, as r's model keys it? */
static int
key_is_cur(struct session *ss, struct run *r, const struct key *k)
{
    const struct strbuf *sb = run_lua(ss, r);

    return key_is(k, strbuf_str(sb), sb->len);
}

/* Wait for r's job and take what it made: its result replaces the last
   one (even when an edit made it stale: it is newer than the one shown),
   unless the model no longer runs; its error is kept for its version; a
   cancel leaves nothing. A look-ahead's result is the current state's
   when it has come to be, else goes to the memory; its error is left to
   the run of its state, if one comes. */
static void
take_job(struct run *r)
{
    job_join(&r->job);
    if (r->job_ahead && r->job_res != NULL) {
        struct session *ss = r->ss;
        if (r->on && key_is_cur(ss, r, &r->job_key) && !current(ss, r)) {
            set_result(r, r->job_res, ss->version, r->job_seconds, r->job_key);
            r->job_key.s = NULL;
        } else if (!r->on ||
                   !memo_add(r, &r->job_key, r->job_res, r->job_seconds, 1)) {
            r->m->result_free(r->job_res);
            ss->ahead_lost = 1;
        }
    } else if (r->job_ahead) {
        /* (refused at its cap, or stopped: the state's own run says why,
           if the state comes) */
        r->ss->ahead_lost = 1;
    } else if (r->job_res != NULL) {
        if (r->on && r->job_version >= r->version) {
            set_result(r, r->job_res, r->job_version, r->job_seconds,
                       r->job_key);
            r->job_key.s = NULL;
        } else {
            r->m->result_free(r->job_res);
        }
    } else if (r->job_err.code != RHO_ECANCEL &&
               !(r->job_cap > 0 && r->job_err.code == RHO_ELIMIT)) {
        /* (a look-ahead's limit is not the state's: its own run comes) */
        set_error(r, &r->job_err, r->job_version);
    }
    key_free(&r->job_key);
    r->job_res = NULL;
    r->job_ahead = 0;
    scenario_free(r->job_scen); /* when the job never took it */
    r->job_scen = NULL;
    job_init(&r->job);
}

static void
stop_job(struct run *r)
{
    if (!r->job.started)
        return;
    job_cancel(&r->job);
    take_job(r);
}

/* The models that run on the current scenario, and the cheap ones run. */
static void
compute(struct session *ss)
{
    for (int k = 0; k < ss->nruns; k++) {
        struct run *r = &ss->run[k];
        /* -m (only) wins over the script's models = { ... }, whose bits
           name entries of model_table */
        unsigned want = ss->o.only != 0                 ? ss->o.only
                        : ss->o.models != model_table ? 0
                                                      : ss->cur->models;
        r->on = (want == 0 || (want >> k & 1u)) && r->m->applies(ss->cur);
        if (!r->on) {
            drop_result(r);
            drop_prev(r);
            memo_clear(r);
            r->failed = 0;
            if (r->job.started)
                job_cancel(&r->job); /* joined by the next poll */
            continue;
        }
        if (!r->m->background) {
            /* never shown for another version */
            retire_result(r, ss->o.prev);
            run_here(ss, r);
        } else if (r->m->unread != NULL && r->res != NULL &&
                   r->version + 1 == ss->version && r->key.s != NULL &&
                   key_is_cur(ss, r, &r->key)) {
            /* an edit of what the model never reads (the queueing
               model's options, for the link model): its result, current
               before the edit, stays current, and is not news */
            r->version = ss->version;
        } else if (r->job.started && !r->job_ahead &&
                   r->job_version != ss->version) {
            job_cancel(&r->job); /* stale: the next poll starts anew */
        }
        /* (a look-ahead goes on until the next poll: the edit may have
           made its state current) */
    }
}

struct session *
session_new_with(struct scenario *s, const struct session_opts *o)
{
    struct session *ss = xcalloc(1, sizeof *ss);

    ss->cur = s;
    ss->cur_id = 1;
    ss->next_id = 2;
    ss->saved_id = 1;
    ss->saved = scenario_clone(s);
    strbuf_init(&ss->saved_lua);
    strbuf_init(&ss->cur_lua);
    if (o != NULL)
        ss->o = *o;
    else
        ss->o.keep = MODEL_KEEP_VIEWS;
    if (ss->o.models == NULL)
        ss->o.models = model_table;
    ss->nruns = model_count(ss->o.models);
    for (int k = 0; k < ss->nruns; k++) {
        ss->run[k].m = ss->o.models[k];
        ss->run[k].ss = ss;
        strbuf_init(&ss->run[k].lua);
        job_init(&ss->run[k].job);
    }
    compute(ss);
    return ss;
}

struct session *
session_new(struct scenario *s)
{
    return session_new_with(s, NULL);
}

static void
drop_stack(struct snap *st, int *n)
{
    for (int i = 0; i < *n; i++)
        scenario_free(st[i].s);
    *n = 0;
}

void
session_free(struct session *ss)
{
    if (ss == NULL)
        return;
    session_cancel(ss); /* every run stops at once, then each is joined */
    for (int k = 0; k < ss->nruns; k++) {
        stop_job(&ss->run[k]);
        drop_result(&ss->run[k]);
        drop_prev(&ss->run[k]);
        memo_clear(&ss->run[k]);
        strbuf_fini(&ss->run[k].lua);
    }
    scenario_free(ss->ahead);
    strbuf_fini(&ss->cur_lua);
    drop_stack(ss->undo, &ss->nundo);
    drop_stack(ss->redo, &ss->nredo);
    scenario_free(ss->cur);
    scenario_free(ss->saved);
    strbuf_fini(&ss->saved_lua);
    free(ss);
}

int
session_stop(struct session *ss)
{
    int n = 0;

    if (ss->ahead != NULL) { /* (asked for, not started: forgotten) */
        session_ahead(ss, NULL);
        ss->ahead_lost = 1;
    }
    for (int k = 0; k < ss->nruns; k++) {
        struct run *r = &ss->run[k];
        if (r->job.started && r->job_ahead) { /* (not shown: not counted) */
            job_cancel(&r->job);
            continue;
        }
        if (!r->job.started || !job_running(&r->job) ||
            r->job_version != ss->version)
            continue;
        job_cancel(&r->job);
        r->stopped = 1;
        r->stop_version = ss->version;
        n++;
    }
    return n;
}

void
session_cancel(struct session *ss)
{
    for (int k = 0; k < ss->nruns; k++)
        if (ss->run[k].job.started)
            job_cancel(&ss->run[k].job);
}

int
session_threads(const struct session *ss)
{
    return ss->o.threads > 0 ? ss->o.threads : 1;
}

const struct scenario *
session_scenario(const struct session *ss)
{
    return ss->cur;
}

/* ---- the runs ---- */

static const struct run *
find_run(const struct session *ss, const struct model_entry *m)
{
    for (int k = 0; k < ss->nruns; k++)
        if (ss->run[k].m == m)
            return ss->run[k].on ? &ss->run[k] : NULL;
    return NULL;
}

const struct model_entry *
session_model(const struct session *ss, int k)
{
    for (int i = 0; i < ss->nruns; i++)
        if (ss->run[i].on && k-- == 0)
            return ss->run[i].m;
    return NULL;
}

int
session_has_model(const struct session *ss, const struct model_entry *m)
{
    return find_run(ss, m) != NULL;
}

/* Where r's job is: its phase and the fraction of it done. */
static void
run_phase(const struct run *r, const char **phase, double *frac)
{
    if (r->m->phase != NULL) {
        *phase = r->m->phase(&r->job, frac);
    } else {
        *phase = "running";
        *frac = job_fraction(&r->job);
    }
}

/* A poll saw r's job running: note when a new phase begins. */
static void
track_phase(struct run *r)
{
    const char *ph;
    double frac;

    run_phase(r, &ph, &frac);
    if (strcmp(ph, r->ph) != 0) {
        snprintf(r->ph, sizeof r->ph, "%s", ph);
        r->ph_t0 = rho_wall();
        r->ph_f0 = frac;
    }
}

int
session_run(const struct session *ss, const struct model_entry *m,
            struct session_run *out)
{
    const struct run *r = find_run(ss, m);

    memset(out, 0, sizeof *out);
    if (r == NULL)
        return -1;
    out->model = m;
    out->result = r->res;
    out->version = r->version;
    out->seconds = r->seconds;
    out->serial = r->serial;
    if (r->failed && r->err_version == ss->version)
        out->error = &r->err;
    out->remembered = r->recalled;
    out->ahead = r->recalled && r->recalled_ahead;
    out->stopped = r->stopped && r->stop_version == ss->version &&
                   !(r->res != NULL && r->version == ss->version);
    out->left = -1;
    if (r->job.started && !r->job_ahead && job_running(&r->job) &&
        r->job_version == ss->version) {
        double now = rho_wall(), el, df;
        out->busy = 1;
        run_phase(r, &out->phase, &out->frac);
        out->elapsed = now - r->job_t0;
        /* the phase's pace since the polls saw it begin */
        el = now - r->ph_t0;
        df = out->frac - r->ph_f0;
        if (strcmp(out->phase, r->ph) == 0 && el >= SESSION_ESTIMATE_AFTER &&
            df >= 0.001)
            out->left = el / df * (1 - out->frac);
    }
    return 0;
}

void *
session_result(const struct session *ss, const struct model_entry *m)
{
    const struct run *r = find_run(ss, m);

    return r ? r->res : NULL;
}

void *
session_result_prev(const struct session *ss, const struct model_entry *m,
                    unsigned long *version)
{
    const struct run *r = find_run(ss, m);

    if (r == NULL || r->prev == NULL)
        return NULL;
    if (version != NULL)
        *version = r->prev_version;
    return r->prev;
}

static int
job_run(struct job *j, void *arg)
{
    struct run *r = arg;
    struct scenario *s = r->job_scen;
    struct model_ctx c;
    double t0 = rho_wall();

    r->job_scen = NULL; /* the run owns it now */
    model_ctx_of(r->ss, j, &c);
    c.max_bytes = r->job_cap;
    rho_err_clear(&r->job_err);
    r->job_res = run_model(r->m, s, &c, &r->job_err);
    r->job_seconds = rho_wall() - t0;
    return r->job_res != NULL ? 0 : -1;
}

/* Is r's result (or error) the current version's? */
static int
current(const struct session *ss, const struct run *r)
{
    return (r->res != NULL && r->version == ss->version) ||
           (r->failed && r->err_version == ss->version);
}

static void
sleep_ms(int ms)
{
    struct timespec ts = {0, (long)ms * 1000000L};

    nanosleep(&ts, NULL);
}

/* Does r wait to start until the focused model's run of the current
   version has ended? (It computes, or is about to start.) */
static int
waits_for_focus(const struct session *ss, const struct run *r)
{
    if (ss->focus == NULL || ss->focus == r->m)
        return 0;
    for (int k = 0; k < ss->nruns; k++) {
        const struct run *f = &ss->run[k];
        if (f->m == ss->focus)
            return f->on && f->m->background && !current(ss, f) &&
                   !(f->stopped && f->stop_version == ss->version);
    }
    return 0;
}

void
session_focus(struct session *ss, const struct model_entry *m)
{
    ss->focus = m;
}

/* Does a model that a look-ahead gives way to have the current state to
   compute still (its run to start, or computing)? The model on screen
   (session_focus()), or with none every model. */
static int
pending(const struct session *ss)
{
    for (int k = 0; k < ss->nruns; k++) {
        const struct run *r = &ss->run[k];
        if (ss->focus != NULL && r->m != ss->focus)
            continue;
        if (r->on && r->m->background && !current(ss, r) &&
            !(r->stopped && r->stop_version == ss->version))
            return 1;
    }
    return 0;
}

/* Start r's job on scen (taken) of the state key (taken) -- of version,
   or a look-ahead. Returns 0, or -1 (both freed) when no thread starts. */
static int
start_job(struct run *r, struct scenario *scen, struct key key,
          unsigned long version, int ahead)
{
    r->job_scen = scen;
    key_free(&r->job_key);
    r->job_key = key;
    r->job_version = version;
    r->job_ahead = ahead;
    /* (what the memory holds: a look-ahead is not to take the machine;
       the full system under AI, 6.5 GB, is refused at its plan) */
    r->job_cap = ahead ? (double)rho_mem_share(SESSION_MEMO_BYTES, 8) : 0;
    r->job_res = NULL;
    r->job_t0 = r->ph_t0 = rho_wall();
    r->ph_f0 = 0;
    r->ph[0] = '\0';
    if (job_start(&r->job, job_run, r) == 0)
        return 0;
    scenario_free(r->job_scen);
    r->job_scen = NULL;
    key_free(&r->job_key);
    r->job_ahead = 0;
    return -1;
}

/* The look-ahead asked for: its runs start, for every model that
   remembers and has not got that state, once none pending() computes and
   the model's own run (a stale one being stopped) has ended. */
static void
start_ahead(struct session *ss)
{
    if (pending(ss))
        return;
    for (int k = 0; k < ss->nruns; k++) {
        const struct run *r = &ss->run[k];
        if (r->on && r->m->background && r->m->shelve != NULL && r->job.started)
            return;
    }
    for (int k = 0; k < ss->nruns; k++) {
        struct run *r = &ss->run[k];
        struct strbuf sb;
        struct key key;
        if (!r->on || !r->m->background || r->m->shelve == NULL)
            continue;
        strbuf_init(&sb);
        scenario_to_lua_but(ss->ahead, r->m->unread, &sb);
        key.len = sb.len;
        key.s = xmalloc(key.len + 1);
        memcpy(key.s, strbuf_str(&sb), key.len + 1);
        strbuf_fini(&sb);
        if (memo_has(r, &key))
            key_free(&key);
        else
            (void)start_job(r, scenario_clone(ss->ahead), key, 0, 1);
    }
    scenario_free(ss->ahead);
    ss->ahead = NULL;
}

void
session_ahead(struct session *ss, struct scenario *s)
{
    scenario_free(ss->ahead);
    ss->ahead = NULL;
    ss->ahead_lost = 0;
    ss->ahead = s;
}

int
session_poll(struct session *ss)
{
    int changed = 0, wait_ms = 30; /* for quick runs, all runs together:
                                      the caller's keys wait as long */

    for (int k = 0; k < ss->nruns; k++) {
        struct run *r = &ss->run[k];
        if (r->job.started && r->job_ahead && job_running(&r->job)) {
            /* the edit it looked ahead to came: it goes on as the
               current state's run; another state's runs it gives way
               to (what it computed is lost) */
            if (r->on && !current(ss, r) && key_is_cur(ss, r, &r->job_key)) {
                r->job_ahead = 0;
                r->job_version = ss->version;
                track_phase(r);
                changed = 1;
                continue;
            }
            if (r->on && !current(ss, r) && recall(ss, r))
                changed = 1;
            if (pending(ss))
                job_cancel(&r->job);
            continue;
        }
        if (r->job.started) {
            if (job_running(&r->job)) {
                changed = 1; /* progress to draw */
                if (r->on && r->job_version == ss->version) {
                    track_phase(r);
                    continue;
                }
                /* an edit made it stale: it stops within a tick, and a
                   later poll joins it and starts anew (an edit never
                   waits for a run to stop) -- unless the state is one
                   the memory has: its result now (what the stale run
                   makes, if it ends first, is older: thrown away) */
                job_cancel(&r->job);
                if (r->on && !current(ss, r) && recall(ss, r))
                    changed = 1;
                continue;
            }
            take_job(r);
            changed = 1;
        }
        if (!r->on || !r->m->background || current(ss, r) ||
            (r->stopped && r->stop_version == ss->version))
            continue;
        if (recall(ss, r)) { /* a state seen before: its result at once */
            changed = 1;
            continue;
        }
        if (waits_for_focus(ss, r))
            continue;
        if (start_job(r, scenario_clone(ss->cur), cur_key(ss, r), ss->version,
                      0) != 0) {
            struct rho_err err;
            rho_err_set(&err, RHO_EINPUT, "could not start a thread");
            set_error(r, &err, ss->version);
            changed = 1;
            continue;
        }
        for (; wait_ms > 0 && job_running(&r->job); wait_ms--)
            sleep_ms(1);
        if (!job_running(&r->job))
            take_job(r);
        changed = 1;
    }
    if (ss->ahead != NULL)
        start_ahead(ss);
    return changed;
}

/* Run r to the end for the current version (joining its job). Returns
   0, or -1 with err filled (may be NULL) when it failed. */
static int
wait_run(struct session *ss, struct run *r, struct rho_err *err)
{
    if (r->job.started) {
        /* (a look-ahead of the current state is its run) */
        if (!r->on || (r->job_ahead ? !key_is_cur(ss, r, &r->job_key)
                                    : r->job_version != ss->version))
            job_cancel(&r->job);
        take_job(r);
    }
    if (!r->on)
        return 0;
    if (!current(ss, r) && !recall(ss, r))
        run_here(ss, r);
    if (r->failed && r->err_version == ss->version) {
        if (err != NULL)
            *err = r->err;
        return -1;
    }
    return 0;
}

int
session_wait(struct session *ss, struct rho_err *err)
{
    int rc = 0;

    for (int k = 0; k < ss->nruns; k++)
        if (wait_run(ss, &ss->run[k], rc == 0 ? err : NULL) != 0)
            rc = -1;
    return rc;
}

int
session_wait_model(struct session *ss, const struct model_entry *m,
                   struct rho_err *err)
{
    for (int k = 0; k < ss->nruns; k++)
        if (ss->run[k].m == m)
            return wait_run(ss, &ss->run[k], err);
    return 0;
}

static void
push(struct snap *st, int *n, struct scenario *s, unsigned long id)
{
    if (*n == SESSION_HISTORY) { /* forget the oldest */
        scenario_free(st[0].s);
        memmove(st, st + 1, (size_t)(SESSION_HISTORY - 1) * sizeof *st);
        (*n)--;
    }
    st[*n].s = s;
    st[*n].id = id;
    (*n)++;
}

/*
 * Is the current state the saved one? The same state (by id) is; another
 * is compared by what it would write (scenario_to_lua() is exact), so
 * that an edit and its inverse, or a reload of what was saved, are clean
 * too. O(scenario) when the ids differ.
 */
static void
update_dirty(struct session *ss)
{
    const struct strbuf *cur;

    if (ss->cur_id == ss->saved_id) {
        ss->dirty = 0;
        return;
    }
    if (!ss->saved_lua_made) {
        scenario_to_lua(ss->saved, &ss->saved_lua);
        ss->saved_lua_made = 1;
    }
    cur = cur_lua(ss);
    ss->dirty =
        cur->len != ss->saved_lua.len ||
        memcmp(strbuf_str(cur), strbuf_str(&ss->saved_lua), cur->len) != 0;
}

/* Make state s (with its id) current, and run the models on it. */
static void
set_current(struct session *ss, struct scenario *s, unsigned long id)
{
    ss->cur = s;
    ss->cur_id = id;
    ss->version++;
    session_ahead(ss, NULL); /* (asked for the state before) */
    update_dirty(ss);
    compute(ss);
}

/* Make next current; the old current goes to the undo stack. */
static void
commit(struct session *ss, struct scenario *next)
{
    push(ss->undo, &ss->nundo, ss->cur, ss->cur_id);
    drop_stack(ss->redo, &ss->nredo);
    set_current(ss, next, ss->next_id++);
}

/* Check next (and bring a tree's link part in step with it); commit it
   or drop it. */
static int
try_commit(struct session *ss, struct scenario *next, struct rho_err *err)
{
    struct pcie_sim *sim = NULL;

    /* a PCIe edit is refused with the model's reason (a flow whose path
       has no capacity), not committed to fail in the run unseen */
    if (scenario_check(next, err) != 0 ||
        (next->pcie != NULL && (sim = scenario_sim(next, err)) == NULL) ||
        scenario_net_sync_tree(next, err) != 0) {
        scenario_free(next);
        return -1;
    }
    pcie_sim_free(sim);
    commit(ss, next);
    return 0;
}

/* Edits of the PCIe model's flows, tau and bandwidth need a tree. */
static int
no_tree(const struct session *ss, struct rho_err *err)
{
    if (ss->cur->pcie != NULL)
        return 0;
    return rho_err_set(err, RHO_EINPUT,
                       "the scenario is a network: flows, tau, bandwidth and "
                       "ranks are edited in its script");
}

int
session_set_flow(struct session *ss, int i, const struct scen_flow *f,
                 struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    if (i < 0 || i >= ss->cur->nflows)
        return rho_err_set(err, RHO_EINPUT, "no flow %d", i + 1);
    next = scenario_clone(ss->cur);
    scenario_del_flow(next, i);
    scenario_insert_flow(next, i, f);
    next->flow[i].id = ss->cur->flow[i].id; /* the same flow, edited */
    return try_commit(ss, next, err);
}

int
session_add_flow(struct session *ss, const struct scen_flow *f,
                 struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    scenario_insert_flow(next, next->nflows, f);
    next->flow[next->nflows - 1].id = -1; /* not the script's */
    return try_commit(ss, next, err);
}

int
session_del_flow(struct session *ss, int i, struct rho_err *err)
{
    struct scenario *next;
    int step;

    if (no_tree(ss, err))
        return -1;
    if (i < 0 || i >= ss->cur->nflows)
        return rho_err_set(err, RHO_EINPUT, "no flow %d", i + 1);
    next = scenario_clone(ss->cur);
    /* (a lesson's flow numbers follow: those above come down by one) */
    if ((step = lesson_del_flow(next->lesson, i + 1)) != 0) {
        scenario_free(next);
        return rho_err_set(err, RHO_EINPUT,
                           "flow %d is in the lesson (step %d names it): "
                           "it stays while the lesson asks about it",
                           i + 1, step);
    }
    scenario_del_flow(next, i);
    return try_commit(ss, next, err);
}

int
session_set_tau(struct session *ss, double tau, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    next->tau = tau;
    return try_commit(ss, next, err);
}

int
session_set_bandwidth(struct session *ss, double bw, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    next->bandwidth = bw;
    return try_commit(ss, next, err);
}

int
session_move_rank(struct session *ss, int r, int node, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    if (scenario_move_rank(next, r, node, err) != 0) {
        scenario_free(next);
        return -1;
    }
    return try_commit(ss, next, err);
}

/* The link model's edits: one scenario_net_set_* on a copy. */
enum { EDIT_ROUTING, EDIT_PLACEMENT, EDIT_SEED, EDIT_PATHS };

/* The state a link-model edit makes of the current one, checked as
   try_commit() checks it: NULL, err filled, when it fails. */
static struct scenario *
link_next(struct session *ss, int what, uint64_t v, const char *text,
          struct rho_err *err)
{
    struct scenario *next = scenario_clone(ss->cur);
    /* placement and seed: the O(ranks) work is the runs' (on their job
       threads), not the caller's (the explorer's loop thread) */
    int rc = what == EDIT_ROUTING ? scenario_net_set_routing(next, (int)v, err)
             : what == EDIT_PLACEMENT
                 ? scenario_net_defer_placement(next, text, err)
             : what == EDIT_SEED ? scenario_net_defer_seed(next, v, err)
                                 : scenario_net_set_paths(next, (int)v, err);

    if (rc != 0 || scenario_check(next, err) != 0 ||
        scenario_net_sync_tree(next, err) != 0) {
        scenario_free(next);
        return NULL;
    }
    return next;
}

static int
link_edit(struct session *ss, int what, uint64_t v, const char *text,
          struct rho_err *err)
{
    struct scenario *next = link_next(ss, what, v, text, err);

    if (next == NULL)
        return -1;
    commit(ss, next);
    return 0;
}

int
session_set_routing(struct session *ss, int routing, struct rho_err *err)
{
    return link_edit(ss, EDIT_ROUTING, (uint64_t)routing, NULL, err);
}

int
session_ahead_ended(const struct session *ss)
{
    if (ss->ahead != NULL)
        return -1;
    for (int k = 0; k < ss->nruns; k++)
        if (ss->run[k].job.started && ss->run[k].job_ahead)
            return -1;
    return ss->ahead_lost;
}

int
session_ahead_routing(struct session *ss, int routing, struct rho_err *err)
{
    struct scenario *next =
        link_next(ss, EDIT_ROUTING, (uint64_t)routing, NULL, err);

    if (next == NULL)
        return -1;
    session_ahead(ss, next);
    return 0;
}

int
session_ahead_placement(struct session *ss, const char *text,
                        struct rho_err *err)
{
    struct scenario *next = link_next(ss, EDIT_PLACEMENT, 0, text, err);

    if (next == NULL)
        return -1;
    session_ahead(ss, next);
    return 0;
}

int
session_set_placement(struct session *ss, const char *text, struct rho_err *err)
{
    return link_edit(ss, EDIT_PLACEMENT, 0, text, err);
}

int
session_set_seed(struct session *ss, uint64_t seed, struct rho_err *err)
{
    return link_edit(ss, EDIT_SEED, seed, NULL, err);
}

int
session_set_paths(struct session *ss, int paths, struct rho_err *err)
{
    return link_edit(ss, EDIT_PATHS, (uint64_t)paths, NULL, err);
}

int
session_set_queue(struct session *ss, const struct queue_scen *o,
                  struct rho_err *err)
{
    struct scenario *next = scenario_clone(ss->cur);

    if (scenario_queue_set(next, o, err) != 0) {
        scenario_free(next);
        return -1;
    }
    return try_commit(ss, next, err);
}

int
session_apply_order(struct session *ss, const int *prio, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    next = scenario_clone(ss->cur);
    scenario_apply_order(next, prio);
    return try_commit(ss, next, err);
}

int
session_apply_order_of(struct session *ss, const struct scenario *base,
                       const int *prio, struct rho_err *err)
{
    struct scenario *next;

    if (no_tree(ss, err))
        return -1;
    if (base->nflows != ss->cur->nflows)
        return rho_err_set(err, RHO_EINPUT,
                           "the search ran on %d flows, the scenario has %d",
                           base->nflows, ss->cur->nflows);
    next = scenario_clone(base);
    scenario_apply_order(next, prio);
    return try_commit(ss, next, err);
}

void
session_replace(struct session *ss, struct scenario *s)
{
    commit(ss, s);
}

int
session_undo(struct session *ss)
{
    if (ss->nundo == 0)
        return -1;
    push(ss->redo, &ss->nredo, ss->cur, ss->cur_id);
    ss->nundo--;
    set_current(ss, ss->undo[ss->nundo].s, ss->undo[ss->nundo].id);
    return 0;
}

int
session_redo(struct session *ss)
{
    if (ss->nredo == 0)
        return -1;
    push(ss->undo, &ss->nundo, ss->cur, ss->cur_id);
    ss->nredo--;
    set_current(ss, ss->redo[ss->nredo].s, ss->redo[ss->nredo].id);
    return 0;
}

int
session_can_undo(const struct session *ss)
{
    return ss->nundo > 0;
}

int
session_can_redo(const struct session *ss)
{
    return ss->nredo > 0;
}

int
session_dirty(const struct session *ss)
{
    return ss->dirty;
}

void
session_mark_saved(struct session *ss)
{
    scenario_free(ss->saved);
    ss->saved = scenario_clone(ss->cur);
    ss->saved_id = ss->cur_id;
    strbuf_reset(&ss->saved_lua);
    ss->saved_lua_made = 0;
    ss->dirty = 0;
}

unsigned long
session_version(const struct session *ss)
{
    return ss->version;
}
