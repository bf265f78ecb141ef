/*
 * app: the interactive loop. See app.h.
 *
 * One thread draws and reads keys. The models' runs are the session's:
 * the loop polls them (session_poll) and draws what they have; it knows
 * no model. A schedule search runs on a job thread on its own copy of the
 * scenario and is cancelled when an edit makes it stale. The loop wakes
 * at least every 100 ms to poll the scenario file, signals and the jobs.
 */
#include "tui/app.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/base/clock.h"
#include "core/base/job.h"
#include "core/base/rho_alloc.h"
#include "core/base/savefile.h"
#include "core/model.h"
#include "core/model_net.h"
#include "core/net/net_estimate.h"
#include "core/search.h"
#include "core/scenario_save.h"
#include "core/session.h"
#include "core/base/strbuf.h"
#include "core/base/units.h"
#include "core/base/watch.h"
#include "tui/recover.h"
#include "tui/reload.h"
#include "tui/tui.h"
#include "view/command.h"
#include "view/export.h"
#include "view/screen.h"
#include "view/ui.h"

struct app {
    const char *path;
    const struct app_opts *o;
    struct session *ss;
    struct ui u;
    struct canvas c;
    struct watch w;
    char error[2048];
    struct theme theme;
    struct reload rl; /* the script, loaded again off the loop */
    char *recovering; /* the recovery file rl loads, or NULL; owned */
    int ask_disk;     /* the file changed under unsaved edits: asking */
    time_t started;   /* a save over a file older than this says so */

    /* the search */
    struct job job;
    struct scenario *job_scen; /* the copy it searches */
    struct search_result job_res;
    int job_rc;
    struct rho_err job_err;
    unsigned long job_version;
    struct search_result res; /* the last finished search */
    struct scenario *res_scen; /* the copy it searched: its schedules'
                                  numbers are of its flows' order */
    int has_res;
    unsigned long res_version;
    double job_t0;

    /* the models' runs are the session's; what the status line said of
       them: each model's last result seen (session_run().serial) */
    const struct model_entry *seen_model[MODEL_MAX];
    unsigned long seen_serial[MODEL_MAX];
    int seen_state[MODEL_MAX]; /* busy, and failed (bits 0, 1) */
    int busy;                  /* a run computes: the loop ticks faster */
    unsigned long ahead_of;    /* the version whose look-ahead was asked
                                  for, plus one (0: none yet) */
    /* the round of look-aheads of that version: the routing or the
       placement asked for last, and the first placement asked for */
    int ahead_routing;    /* -1: done, or not round the routings */
    char ahead_place[16]; /* "": done, or not round the placements */
    char ahead_first[16];
    double progress_at;        /* when a run's progress was last drawn */

    /* a run's routine word ("link model: 2.31 s") waits while the
       message of a key is fresh: STATUS_HOLD s, or until the next key */
    char routine[160];
    int has_routine;
    double key_at;     /* when the last key came (rho_wall()) */
    double routine_at; /* when the last routine word was shown */
};

#define STATUS_HOLD 1.5

/* Say a run's routine word now, or when the status line is free: never
   over an error, not over a message younger than STATUS_HOLD s that no
   key followed (a key's, the start's; another routine word is
   replaced). Returns 1 when the status line changed. */
static int
routine_status(struct app *a, const char *word)
{
    double now = rho_wall();

    if (word != NULL) {
        snprintf(a->routine, sizeof a->routine, "%s", word);
        a->has_routine = 1;
    }
    if (!a->has_routine)
        return 0;
    if (a->u.status_error) { /* an error stays */
        a->has_routine = 0;
        return 0;
    }
    if (now - a->u.status_at < STATUS_HOLD && a->key_at <= a->u.status_at &&
        a->u.status_at != a->routine_at)
        return 0; /* later */
    ui_status(&a->u, 0, "%s", a->routine);
    a->routine_at = a->u.status_at;
    a->has_routine = 0;
    return 1;
}

/* Once the link model has a state's result, look ahead round the cycle
   of the key last used, R's or P's: to the routing (or placement) it
   brings, and once that look-ahead has ended (session_ahead_ended()) to
   the one after, and so on back to the state's own. The link model
   computes them while the user reads, and each key then shows its state
   at once. Not SI (it routes every packet: minutes): R twice (SD, SI,
   AD) shows the one after it. The session refuses a look-ahead that
   would keep more than its memory of results holds (the full system
   under AI and AH): one that ends without a result ends the round. */
static void
look_ahead(struct app *a)
{
    const struct scenario *s = session_scenario(a->ss);
    unsigned long v = session_version(a->ss);
    struct session_run r;
    struct rho_err err;

    if (a->o->no_ahead || (session_run(a->ss, &model_net_entry, &r) == 0 &&
                           (r.busy || (r.error == NULL && r.version != v))))
        return; /* (asked once its result of the state is in) */
    if (a->ahead_of != v + 1) { /* a new state: from its own */
        a->ahead_of = v + 1;
        a->ahead_routing = -1;
        a->ahead_place[0] = a->ahead_first[0] = '\0';
        if (s->net == NULL || r.error != NULL || r.result == NULL)
            return;
        if (a->u.cycle == CMD_CYCLE_PLACEMENT)
            snprintf(a->ahead_place, sizeof a->ahead_place, "%s",
                     s->net->place_desc != NULL ? s->net->place_desc : "-");
        else
            a->ahead_routing = s->net->routing;
    } else if ((a->ahead_routing < 0 && a->ahead_place[0] == '\0') ||
               session_ahead_ended(a->ss) < 0) {
        return;
    } else if (session_ahead_ended(a->ss) > 0) { /* (refused, stopped or
                                                    too large) */
        a->ahead_routing = -1;
        a->ahead_place[0] = '\0';
        return;
    }
    if (a->ahead_place[0] != '\0') {
        char next[16];
        command_placement_after(s, a->ahead_place, next, sizeof next);
        if ((s->net->place_desc != NULL &&
             strcasecmp(next, s->net->place_desc) == 0) ||
            strcmp(next, a->ahead_first) == 0) { /* round the cycle */
            a->ahead_place[0] = '\0';
            return;
        }
        if (a->ahead_first[0] == '\0')
            snprintf(a->ahead_first, sizeof a->ahead_first, "%s", next);
        snprintf(a->ahead_place, sizeof a->ahead_place, "%s", next);
        if (session_ahead_placement(a->ss, next, &err) != 0)
            a->ahead_place[0] = '\0';
        return;
    }
    {
        int next = command_next_routing(a->ahead_routing);
        if (next == NET_SI)
            next = command_next_routing(next);
        if (next == s->net->routing) { /* round the cycle */
            a->ahead_routing = -1;
            return;
        }
        a->ahead_routing = next;
        if (session_ahead_routing(a->ss, next, &err) != 0)
            a->ahead_routing = -1;
    }
}

/*
 * Keep the session's runs going; say in the status line when a run that
 * took a while finished. Returns 1 when the screen changed.
 */
static int
poll_runs(struct app *a)
{
    const struct model_entry *m;
    int changed, fresh = 0;

    /* the model on screen first: the others wait until it ends */
    session_focus(a->ss, view_model(a->ss, a->u.view));
    changed = session_poll(a->ss);
    a->busy = 0;
    for (int k = 0; (m = session_model(a->ss, k)) != NULL; k++) {
        struct session_run r;
        int i, state;
        session_run(a->ss, m, &r);
        state = (r.busy ? 1 : 0) | (r.error != NULL ? 2 : 0);
        a->busy |= r.busy;
        for (i = 0;
             i < MODEL_MAX && a->seen_model[i] != NULL && a->seen_model[i] != m;
             i++)
            ;
        if (i == MODEL_MAX)
            continue;
        /* (an error or a warning stays: SI's cost, a script error; a
           key's message a while) */
        /* (a remembered result is said however quick it was: its
           numbers are from before) */
        if (a->seen_model[i] == m && a->seen_serial[i] != r.serial &&
            (r.seconds > 0.2 || r.remembered) && !a->u.status_error) {
            char word[160];
            if (r.ahead) /* (computed while the screen waited) */
                snprintf(word, sizeof word,
                         "%s: computed ahead (it took %.2f s)", m->title,
                         r.seconds);
            else if (r.remembered) /* (shown again, not computed) */
                snprintf(word, sizeof word, "%s: remembered (it took %.2f s)",
                         m->title, r.seconds);
            else
                snprintf(word, sizeof word, "%s: %.2f s", m->title,
                         r.seconds);
            changed |= routine_status(a, word);
        }
        if (a->seen_model[i] != m || a->seen_serial[i] != r.serial ||
            a->seen_state[i] != state)
            fresh = 1;
        a->seen_model[i] = m;
        a->seen_serial[i] = r.serial;
        a->seen_state[i] = state;
    }
    look_ahead(a);
    /* a result or an error at once; a run's progress ten times a second
       (the loop ticks every 10 ms while one computes) */
    if (fresh)
        return 1;
    if (changed && rho_wall() - a->progress_at >= 0.1) {
        a->progress_at = rho_wall();
        return 1;
    }
    return 0;
}

static int
search_progress(void *ctx, long long done, long long total)
{
    struct job *j = ctx;

    job_progress(j, done, total);
    return job_cancelled(j);
}

static int
search_job(struct job *j, void *arg)
{
    struct app *a = arg;
    struct search_opts o;

    memset(&o, 0, sizeof o);
    o.progress = search_progress;
    o.ctx = j;
    o.seed = 1;
    a->job_rc = search_run(a->job_scen, &o, &a->job_res, &a->job_err);
    return a->job_rc;
}

static void
stop_search(struct app *a)
{
    if (!a->job.started)
        return;
    job_cancel(&a->job);
    job_join(&a->job);
    search_result_fini(&a->job_res);
    scenario_free(a->job_scen);
    a->job_scen = NULL;
}

static void
start_search(struct app *a)
{
    stop_search(a);
    a->job_scen = scenario_clone(session_scenario(a->ss));
    a->job_version = session_version(a->ss);
    a->job_t0 = rho_wall();
    memset(&a->job_res, 0, sizeof a->job_res);
    if (job_start(&a->job, search_job, a) != 0) {
        ui_status(&a->u, 1, "could not start the search");
        scenario_free(a->job_scen);
        a->job_scen = NULL;
        return;
    }
    ui_show(&a->u, a->ss, "search");
    ui_status(&a->u, 0, "searching the schedules in the background");
}

/* Poll the search: returns 1 when the screen should be redrawn. */
static int
poll_search(struct app *a)
{
    if (!a->job.started)
        return 0;
    if (session_version(a->ss) != a->job_version) {
        stop_search(a); /* an edit made it stale */
        ui_status(&a->u, 0, "search cancelled: the scenario changed");
        return 1;
    }
    if (job_running(&a->job))
        return 1;
    job_join(&a->job);
    if (a->job_rc == 0) {
        if (a->has_res)
            search_result_fini(&a->res);
        a->res = a->job_res;
        a->has_res = 1;
        a->res_version = a->job_version;
        scenario_free(a->res_scen);
        a->res_scen = a->job_scen; /* (kept: see open_schedule()) */
        a->job_scen = NULL;
        char n[48];
        ui_status(&a->u, 0, "search done: %s in %.2f s",
                  units_fmt_count(n, sizeof n, a->res.n, "schedule"),
                  a->res.seconds);
    } else {
        search_result_fini(&a->job_res);
        ui_status(&a->u, 1, "search: %s", a->job_err.msg);
    }
    memset(&a->job_res, 0, sizeof a->job_res);
    scenario_free(a->job_scen);
    a->job_scen = NULL;
    return 1;
}

/* Open the schedule selected in the search view. A schedule's number is
   of the searched scenario's order (its flows of a source in the order
   they had): after one was opened, the scenario's own order is another,
   so the schedule is made from the searched copy, not from it. */
static void
open_schedule(struct app *a)
{
    const struct scenario *s = a->res_scen;
    struct search_space *sp;
    long long idx;
    int *prio;
    struct rho_err err;
    static const char *const what[] = {"fastest", "median", "slowest",
                                       "baseline"};
    int sel = 0; /* the schedule the search view asks for (UI_OPEN) */

    while (sel < 3 && strcmp(what[sel], a->u.effect_arg) != 0)
        sel++;

    if (!a->has_res || a->res_version != session_version(a->ss) || s == NULL) {
        ui_status(&a->u, 1, "no search of this scenario yet: S starts one");
        return;
    }
    if ((sp = search_space_new(s, &err)) == NULL)
        return;
    prio = xcalloc((size_t)s->nflows, sizeof *prio);
    idx = sel == 0   ? a->res.fastest
          : sel == 1 ? a->res.median
          : sel == 2 ? a->res.slowest
                     : -1;
    if (idx < 0)
        search_space_prio(sp, 0, prio);
    else if (a->res.sampled)
        search_space_sample_prio(sp, a->res.seed,
                                 a->res.id ? a->res.id[idx] : idx, prio);
    else
        search_space_prio(sp, a->res.id ? a->res.id[idx] : idx, prio);
    if (session_apply_order_of(a->ss, s, prio, &err) == 0) {
        /* the search still describes this scenario: same flows */
        a->res_version = session_version(a->ss);
        ui_status(&a->u, 0, "opened the %s schedule (u undoes)", what[sel]);
    } else {
        ui_status(&a->u, 1, "%s", err.msg);
    }
    free(prio);
    search_space_free(sp);
}

static void ask_disk_status(struct app *a);

/* Whether the script on disk is the text the scenario was loaded from
   (and nothing else is on its way): a touch, or a save of the same text,
   changes nothing to reload or to ask about. */
static int
same_text(const struct app *a)
{
    const struct scen_src *src = session_scenario(a->ss)->src;
    FILE *f;
    char *buf;
    size_t n;
    int same;

    /* (after a failed reload, or during one, the text loaded is not
       what the screen is about to show: the file is taken again) */
    if (src == NULL || a->error[0] != '\0' || reload_busy(&a->rl) ||
        (f = fopen(a->path, "rb")) == NULL)
        return 0;
    buf = xmalloc(src->len + 1);
    n = fread(buf, 1, src->len + 1, f); /* one more: a longer file */
    same = n == src->len && memcmp(buf, src->text, n) == 0;
    free(buf);
    fclose(f);
    return same;
}

/* Whether the file at a was changed after the one at b was written
   (either missing: no). */
static int
newer(const char *a, const char *b)
{
    struct stat sa, sb;

    return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
           (sa.st_mtim.tv_sec > sb.st_mtim.tv_sec ||
            (sa.st_mtim.tv_sec == sb.st_mtim.tv_sec &&
             sa.st_mtim.tv_nsec > sb.st_mtim.tv_nsec));
}

/* Take a finished reload: the new scenario, or its error shown while the
   last good result stays. Returns 1 when the screen changed. */
static int
poll_reload(struct app *a)
{
    struct rho_err err;
    struct scenario *s;
    const char *why, *dropped;

    if (!reload_take(&a->rl, &s, &err, &why))
        return 0;
    if (a->recovering != NULL) {
        /* the edits a killed rho kept: unsaved edits on top of the
           script, one u away from it */
        if (s == NULL) {
            ui_status(&a->u, 1, "cannot take the unsaved edits kept in %s: %s",
                      a->recovering, err.msg);
        } else {
            int changed = newer(a->path, a->recovering);
            scenario_set_path(s, a->path);
            session_replace(a->ss, s);
            ui_status(&a->u, 1,
                      "unsaved edits from a killed rho, kept in %s, are "
                      "back: u undoes them, s saves them",
                      a->recovering);
            remove(a->recovering);
            /* the script changed after they were kept: they are edits of
               an older text, and the question of a change under unsaved
               edits is asked (r takes the new text) */
            if (changed) {
                a->ask_disk = 1;
                ask_disk_status(a);
            }
        }
        free(a->recovering);
        a->recovering = NULL;
        return 1;
    }
    if (s == NULL) {
        snprintf(a->error, sizeof a->error, "%s", err.msg);
        ui_status(&a->u, 1, "%s: script error; the last good result stays",
                  a->path);
        return 1;
    }
    a->error[0] = '\0';
    /* an open edit names a flow of the old text: dropped, and said */
    dropped = ui_prompt_drop(&a->u) ? "; the edit you were typing was "
                                      "dropped (its flow may have moved)"
                                    : "";
    if (session_dirty(a->ss)) {
        /* edits not saved yet: the reload is one more undo step, and q
           still asks before they are lost */
        session_replace(a->ss, s);
        ui_status(&a->u, 0, "reloaded %s%s; u brings back your unsaved edits%s",
                  a->path, why, dropped);
        return 1;
    }
    session_replace(a->ss, s);
    session_mark_saved(a->ss);
    ui_status(&a->u, dropped[0] != '\0', "reloaded %s%s%s", a->path, why,
              dropped);
    return 1;
}

static void do_reload(struct app *a, const char *why);
static int save_to(struct app *a, const char *path);

/* The question asked when the file changed under unsaved edits. */
static void
ask_disk_status(struct app *a)
{
    const char *base = strrchr(a->path, '/');

    /* (the three answers first: at 80 columns the rest may not fit) */
    ui_status(&a->u, 1,
              "%s changed on disk: r reloads it, k keeps your edits, b both "
              "(u undoes a reload)",
              base != NULL ? base + 1 : a->path);
}

/* A key while that question is open: r and k answer it, q and Ctrl-C
   pass (q asks about the edits itself), the rest repeat the question.
   Returns the key to hand on, or -1. */
static int
ask_disk_key(struct app *a, int key)
{
    if (key == 'r') {
        do_reload(a, " after a change on disk");
        return -1;
    }
    if (key == 'b') { /* both: yours to NAME.edited.lua, then the file */
        char *mine = savefile_edited_name(a->path), why[160];
        const char *base = strrchr(mine, '/');
        if (a->o->readonly) {
            ui_status(&a->u, 1, "read-only: cannot save yours beside it "
                                "(r reloads, k keeps yours)");
        } else if (save_to(a, mine) == 0) {
            snprintf(why, sizeof why, "; yours are in %s, u brings them back",
                     base != NULL ? base + 1 : mine);
            do_reload(a, why);
        }
        free(mine);
        return -1;
    }
    if (key == 'k' || key == KEY_ESC_) {
        a->ask_disk = 0;
        ui_status(&a->u, 0,
                  "kept your edits; %s on disk differs (r reloads it)",
                  a->path);
        return -1;
    }
    /* quitting asks about the edits itself; help and a save (to
       NAME.edited.lua, the script is not touched) leave the question */
    if (key == 'q' || key == 3 || key == '?' || key == RK_F1 || key == 's')
        return key;
    ask_disk_status(a);
    return -1;
}

/* Load the script again, off the loop (a script may take its whole time
   budget); a quick one is taken at once, so that nothing flickers. */
static void
do_reload(struct app *a, const char *why)
{
    struct rho_err err;

    a->ask_disk = 0;
    free(a->recovering);
    a->recovering = NULL;
    if (reload_start(&a->rl, a->o, a->path, NULL, why, &err) != 0) {
        ui_status(&a->u, 1, "%s", err.msg);
        return;
    }
    reload_wait(&a->rl, 100);
    if (!poll_reload(a))
        ui_status(&a->u, 0, "reloading %s%s ...", a->path, why);
}

/* The file to save to: :save's, or next to the script. Caller frees. */
static char *
save_path(const struct app *a)
{
    if (a->u.effect_arg[0] != '\0')
        return xstrdup(a->u.effect_arg);
    return savefile_edited_name(a->path);
}

/* X: the screen as shown, as an SVG in the theme's colours, in the first
   free rho-VIEW-NN.svg of the current directory. */
static void
do_export(struct app *a)
{
    struct export_palette p;
    struct strbuf sb;
    struct rho_err err;
    char path[96], title[256];
    const char *view = ui_scope(&a->u) != NULL ? ui_scope(&a->u) : "screen";
    int k;

    if (a->o->readonly) {
        ui_status(&a->u, 1, "read-only: not exporting");
        return;
    }
    for (k = 1; k < 100; k++) {
        snprintf(path, sizeof path, "rho-%s-%02d.svg", view, k);
        if (access(path, F_OK) != 0)
            break;
    }
    if (k == 100) {
        ui_status(&a->u, 1, "rho-%s-01.svg to -99.svg exist: not exporting",
                  view);
        return;
    }
    theme_export_palette(&a->theme, a->o->no_color ? THEME_MONO : EXPORT_256,
                         &p);
    snprintf(title, sizeof title, "rho: %s (%s)",
             session_scenario(a->ss)->title, view);
    strbuf_init(&sb);
    export_canvas(&a->c, EXPORT_SVG, &p, a->o->ascii, title, &sb);
    if (savefile_write(path, strbuf_str(&sb), sb.len, &err) == 0)
        ui_status(&a->u, 0, "exported the screen to %s", path);
    else
        ui_status(&a->u, 1, "%s", err.msg);
    strbuf_fini(&sb);
}

/* Write the scenario with its edits to path (not the script itself);
   0, or -1 with the status line saying why. */
static int
save_to(struct app *a, const char *path)
{
    char shown[72]; /* the status line: "saved to " and this */
    struct strbuf sb, note;
    struct rho_err err;
    int how, rc = 0;

    strbuf_init(&sb);
    strbuf_init(&note);
    /* the script with the edits in place, or what it cannot say anew */
    struct stat st;
    /* a file saved before this session (another day's edits): replaced,
       as a save does, but said */
    int older = stat(path, &st) == 0 && st.st_mtime < a->started;

    how = scenario_save_lua(session_scenario(a->ss), &sb, &note);
    if (savefile_write(path, strbuf_str(&sb), sb.len, &err) == 0) {
        session_mark_saved(a->ss);
        ui_status(&a->u, older, "saved to %s%s%s%s",
                  savefile_short(path, shown, sizeof shown),
                  older ? ", over the one saved before this session" : "",
                  how == SAVE_PARTS   ? "; written anew: "
                  : how == SAVE_WHOLE ? "; all written anew: "
                                      : "",
                  strbuf_str(&note));
    } else {
        ui_status(&a->u, 1, "%s", err.msg);
        rc = -1;
    }
    strbuf_fini(&sb);
    strbuf_fini(&note);
    return rc;
}

static void
do_save(struct app *a)
{
    char *path;

    if (a->o->readonly) {
        ui_status(&a->u, 1, "read-only: not saving");
        return;
    }
    path = save_path(a);
    if (strcmp(path, a->path) == 0 || savefile_same(path, a->path))
        ui_status(&a->u, 1,
                  "not over the script itself (its code would be "
                  "lost): :save ANOTHER.lua");
    else
        save_to(a, path);
    free(path);
}

/* Use the theme called name (or at path); on any error say so and use
   the default. "default" needs no file: it is built in. */
static void
use_theme(struct app *a, const char *name)
{
    char path[1024];
    struct rho_err err;
    struct theme t;

    theme_default(&t);
    if (theme_find(name, a->o->datadir, path, sizeof path, &err) == 0) {
        if (theme_load(&t, path, a->o->datadir, &err) != 0) {
            theme_default(&t);
            ui_status(&a->u, 1, "%s; using the default theme", err.msg);
        } else {
            ui_status(&a->u, 0, "theme %s from %s", t.name, t.path);
        }
    } else if (strcmp(name, "default") != 0) {
        ui_status(&a->u, 1, "%s; using the default theme", err.msg);
    } else {
        ui_status(&a->u, 0, "theme default (built in)");
    }
    a->theme = t;
    tui_set_theme(&a->theme);
}

/* The theme after the current one among those found. */
static void
next_theme(struct app *a)
{
    char names[64][64];
    int n = theme_list(a->o->datadir, names, 64), k = 0;

    if (n > 64)
        n = 64;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], a->theme.name) == 0)
            k = i + 1;
    use_theme(a, n > 0 ? names[k % n] : "default");
}

static void
draw(struct app *a)
{
    struct screen_ctx x;
    int w, h;

    tui_size(&w, &h);
    if (w != a->c.w || h != a->c.h)
        canvas_resize(&a->c, w, h);
    memset(&x, 0, sizeof x);
    x.ss = a->ss;
    x.u = &a->u;
    x.theme = a->theme.name;
    x.error = a->error[0] ? a->error : NULL;
    if (a->job.started) {
        double el = rho_wall() - a->job_t0;
        x.env.searching = 1;
        x.env.search_done = atomic_load(&a->job.done);
        x.env.search_total = atomic_load(&a->job.total);
        x.env.search_rate = el > 0 ? (double)x.env.search_done / el : 0;
    }
    if (a->has_res && a->res_version == session_version(a->ss))
        x.env.search = &a->res;
    screen_draw(&a->c, &x);
    tui_blit(&a->c);
}

/* The theme asked for (-t), quietly: app_run() says what went wrong. */
static void
quiet_theme(const struct app_opts *o)
{
    char path[1024];
    struct rho_err err;
    struct theme t;

    theme_default(&t);
    if (o->theme != NULL &&
        (theme_find(o->theme, o->datadir, path, sizeof path, &err) != 0 ||
         theme_load(&t, path, o->datadir, &err) != 0))
        theme_default(&t);
    tui_set_theme(&t);
}

int
app_load(const char *path, struct scenario **sp, const struct app_opts *o,
         struct rho_err *err)
{
    struct tui_caps caps;
    struct reload rl;
    struct canvas c;
    struct screen_loading l;
    const char *why;
    double t0, drawn = -1;
    int rc, help = 0;

    *sp = NULL;
    rho_err_clear(err);
    if ((rc = tui_init(o->no_color, !o->no_mouse, &caps, err)) != 0)
        return rc == -1 ? APP_NO_TTY : APP_FAILED;
    quiet_theme(o);
    canvas_init(&c, 80, 24, o->ascii || !caps.utf8);
    /* the first load is a reload with nothing on screen yet: the same
       thread, the same cancel (quitting kills the script's process) */
    reload_init(&rl);
    t0 = rho_wall();
    if (reload_start(&rl, o, path, NULL, "", err) != 0) {
        rc = APP_FAILED;
        goto out;
    }
    reload_wait(&rl, 100); /* a quick script: no loading screen at all */
    for (;;) {
        struct tui_mouse m;
        int key, w, h;

        if (reload_take(&rl, sp, err, &why)) {
            rc = *sp != NULL ? APP_LOADED : APP_FAILED;
            break;
        }
        tui_size(&w, &h);
        if (drawn < 0 || rho_wall() - drawn >= 0.1 || w != c.w || h != c.h) {
            if (w != c.w || h != c.h)
                canvas_resize(&c, w, h);
            l.path = path;
            l.seconds = rho_wall() - t0;
            l.help = help;
            screen_draw_loading(&c, &l);
            tui_blit(&c);
            drawn = rho_wall();
        }
        key = tui_key(50, &m);
        if (tui_signals() & 1) { /* nothing to keep yet */
            rc = 128 + tui_quit_signal();
            break;
        }
        if (key == 'q' || key == 3 || key == RK_F10 ||
            (key == KEY_ESC_ && !help)) {
            rc = APP_QUIT;
            break;
        }
        if (key >= 0 && key != RK_RESIZE && key != RK_MOUSE) {
            help = !help && (key == RK_F1 || key == '?');
            drawn = -1;
        }
    }
out:
    reload_stop(&rl);
    canvas_fini(&c);
    /* put away until app_run() takes the screen up again: the caller may
       have something to print first (a script's print(), a refusal) */
    tui_fini();
    return rc;
}

int
app_run(const char *path, struct scenario **sp, const struct app_opts *o,
        struct rho_err *err)
{
    struct app a;
    struct tui_caps caps;
    double last_watch = 0;
    int redraw = 1, quit = 0, quit_sig = 0, rc;
    char *kept = NULL;
    struct rho_err kept_err;

    if ((rc = tui_init(o->no_color, !o->no_mouse, &caps, err)) != 0)
        return rc;
    memset(&a, 0, sizeof a);
    a.started = time(NULL);
    a.path = path;
    a.o = o;
    {
        struct session_opts so = o->session;
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        if (so.threads < 1)
            so.threads = cpus > 0 ? (int)cpus : 1;
        a.ss = session_new_with(*sp, &so);
    }
    *sp = NULL;
    ui_init(&a.u, a.ss);
    watch_init(&a.w, path);
    job_init(&a.job);
    reload_init(&a.rl);
    poll_runs(&a);
    canvas_init(&a.c, 80, 24, o->ascii || !caps.utf8);
    ui_status(&a.u, 0, "%s: F1 or ? for help, q to quit",
              session_scenario(a.ss)->title);
    {
        /* a scenario that starts under SI: what it costs, at once */
        char w[160];
        if (net_si_warning(session_scenario(a.ss)->net, session_threads(a.ss),
                           NET_SI_WARN_S, w, sizeof w))
            ui_status(&a.u, 1, "%s; Esc stops it", w);
    }
    theme_default(&a.theme);
    tui_set_theme(&a.theme);
    if (o->theme != NULL)
        use_theme(&a, o->theme);
    /* edits a killed rho kept for this script: load them as unsaved
       edits (off the loop, like any reload) */
    if (!o->readonly && (a.recovering = recover_find(path)) != NULL) {
        if (reload_start(&a.rl, o, a.recovering, path, "", err) != 0) {
            free(a.recovering);
            a.recovering = NULL;
        } else {
            ui_status(&a.u, 0, "taking the unsaved edits kept in %s\u2026",
                      a.recovering);
        }
    }

    while (!quit) {
        struct tui_mouse m;
        int key, sig, fx = 0;

        if (redraw)
            draw(&a);
        redraw = 0;
        /* while a run computes, its result is drawn within 10 ms of
           its end, not at the next 100 ms tick */
        key = tui_key(a.busy ? 10 : 100, &m);
        sig = tui_signals();
        if (sig & 1) {
            quit_sig = tui_quit_signal();
            break;
        }
        if (sig & 2) {
            do_reload(&a, " (SIGUSR2)");
            redraw = 1;
        }
        if (a.ask_disk && key >= 0 && key != RK_MOUSE && key != RK_RESIZE &&
            a.u.prompt == PROMPT_NONE && !a.u.help) {
            key = ask_disk_key(&a, key);
            redraw = 1;
        }
        /* keys wait for the kept edits: an edit before them would be
           lost under them, or they under it if rho is killed meanwhile
           (Ctrl-C still ends it: the file stays for the next start) */
        if (a.recovering != NULL && key >= 0 && key != RK_RESIZE) {
            ui_status(&a.u, 0,
                      "taking the unsaved edits kept in %s\u2026: keys wait "
                      "for them",
                      a.recovering);
            key = -1;
            redraw = 1;
        }
        /* a screen too small shows nothing to act on: no key edits
           blind (q quits when there is nothing to lose; Escape, which
           only closes and cancels, always passes: the resize that makes
           the screen large again may come after it) */
        if ((a.c.w < SCREEN_MIN_W || a.c.h < SCREEN_MIN_H) && key >= 0 &&
            key != RK_RESIZE && key != KEY_ESC_ &&
            !(key == 'q' && !session_dirty(a.ss)))
            key = -1;
        if (key >= 0 && key != RK_RESIZE)
            a.key_at = rho_wall();
        if (key == RK_MOUSE)
            fx = ui_click(&a.u, a.ss, m.x, m.y, m.button, a.c.w, a.c.h);
        else if (key >= 0)
            fx = ui_key(&a.u, a.ss, key);
        if (fx & UI_QUIT)
            quit = 1;
        if (fx & UI_SAVE)
            do_save(&a);
        if (fx & UI_EXPORT)
            do_export(&a);
        if (fx & UI_RELOAD)
            do_reload(&a, "");
        if (fx & UI_THEME) {
            if (a.u.effect_arg[0] != '\0')
                use_theme(&a, a.u.effect_arg);
            else
                next_theme(&a);
        }
        if (fx & UI_SEARCH)
            start_search(&a);
        if (fx & UI_OPEN)
            open_schedule(&a);
        if ((fx & UI_STOP) && a.job.started) {
            stop_search(&a);
            ui_status(&a.u, 0, "stopped the schedule search");
        }
        if (fx || key == RK_RESIZE)
            redraw = 1;
        if (rho_wall() - last_watch > 0.25) {
            last_watch = rho_wall();
            if (watch_changed(&a.w) && !same_text(&a)) {
                /* unsaved edits are not thrown away: ask first */
                if (session_dirty(a.ss) && a.recovering == NULL) {
                    a.ask_disk = 1;
                    ask_disk_status(&a);
                } else {
                    do_reload(&a, " after a change on disk");
                }
                redraw = 1;
            }
        }
        if (poll_reload(&a))
            redraw = 1;
        if (poll_search(&a))
            redraw = 1;
        if (poll_runs(&a) || routine_status(&a, NULL))
            redraw = 1;
        if (a.u.pending) /* a view's progress, and its end */
            redraw = 1;
    }
    /* the runs stop while the rest is put away: quitting waits for none */
    session_cancel(a.ss);
    if (a.job.started)
        job_cancel(&a.job);
    reload_stop(&a.rl);
    free(a.recovering);
    stop_search(&a);
    scenario_free(a.res_scen);
    if (a.has_res)
        search_result_fini(&a.res);
    /* killed with unsaved edits: keep them for the next start */
    if (quit_sig != 0 && session_dirty(a.ss) && !o->readonly)
        kept = recover_write(a.path, session_scenario(a.ss), &kept_err);
    tui_fini();
    if (quit_sig != 0 && session_dirty(a.ss)) {
        if (kept != NULL)
            fprintf(stderr,
                    "rho: %s: your unsaved edits are kept in %s; rho offers "
                    "them at the next start on %s\n",
                    strsignal(quit_sig), kept, a.path);
        else if (o->readonly)
            fprintf(stderr,
                    "rho: %s: unsaved edits lost (--readonly writes no "
                    "files)\n",
                    strsignal(quit_sig));
        else
            fprintf(stderr, "rho: %s: unsaved edits lost: %s\n",
                    strsignal(quit_sig), kept_err.msg);
    }
    free(kept);
    canvas_fini(&a.c);
    ui_fini(&a.u);
    session_free(a.ss);
    /* killed: say so to the caller, as a shell would (128 + the signal) */
    return quit_sig != 0 ? 128 + quit_sig : 0;
}
