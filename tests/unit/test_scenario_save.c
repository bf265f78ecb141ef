/*
 * Saving in place: every shipped scenario saved unedited is its own text,
 * and after each edit of a set (as typed on the ':' line) what is saved
 * loads back to the same scenario -- the same Lua from scenario_to_lua()
 * and, on a PCIe tree, the same end of every flow, bit for bit. Then the
 * golden cases in tests/save/: NAME.lua, edited as its "-- edits:" line
 * says, must save as NAME.want.lua exactly (comments, builders, layout
 * kept; a mismatch leaves NAME.got.lua to compare), saying what was
 * written anew as its "-- note:" line says (none: nothing).
 */
#include "harness.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "core/scenario_save.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/command.h"

/* The whole of a file (caller frees), or NULL. */
static char *
slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    struct strbuf sb;
    char buf[4096];
    size_t n;

    if (f == NULL)
        return NULL;
    strbuf_init(&sb);
    strbuf_add(&sb, "", 0);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        strbuf_add(&sb, buf, n);
    fclose(f);
    return sb.s;
}

static char *
to_lua(const struct scenario *s)
{
    struct strbuf sb;

    strbuf_init(&sb);
    scenario_to_lua(s, &sb);
    strbuf_add(&sb, "", 0);
    return sb.s;
}

/* The end of every flow, or NULL (not a PCIe scenario, or it failed).
   Caller frees. */
static double *
ends(const struct scenario *s)
{
    struct pcie_sim *sim;
    struct pcie_sim_result res;
    double *e;

    if (s->pcie == NULL || s->nflows == 0 ||
        (sim = scenario_sim(s, NULL)) == NULL)
        return NULL;
    e = calloc((size_t)s->nflows, sizeof *e);
    pcie_sim_result_init(&res);
    pcie_sim_run(sim, NULL, &res, NULL);
    memcpy(e, res.end, (size_t)s->nflows * sizeof *e);
    pcie_sim_result_fini(&res);
    pcie_sim_free(sim);
    return e;
}

/* Save the session's scenario and load the text back (as a script at
   path, for its relative files): the same scenario? */
static int
round_trip(const struct session *ss, const char *path, const char *edit,
           int *how)
{
    const struct scenario *s = session_scenario(ss);
    struct strbuf out, note;
    struct scenario *back;
    struct rho_err err;
    char *a, *b;
    double *ea, *eb;
    int ok;

    strbuf_init(&out);
    strbuf_init(&note);
    *how = scenario_save_lua(s, &out, &note);
    back = lx_run_string(path, strbuf_str(&out), NULL, &err);
    if (back == NULL) {
        printf("# %s after '%s': %s\n", path, edit, err.msg);
        printf("%s\n", strbuf_str(&out));
        strbuf_fini(&out);
        strbuf_fini(&note);
        return 0;
    }
    a = to_lua(s);
    b = to_lua(back);
    ok = strcmp(a, b) == 0;
    if (!ok)
        printf("# %s after '%s' (%s):\n%s\n# saved:\n%s\n# loads as:\n%s\n",
               path, edit, strbuf_str(&note), a, strbuf_str(&out), b);
    ea = ends(s);
    eb = ends(back);
    if (ea != NULL || eb != NULL)
        ok = ok && ea && eb &&
             memcmp(ea, eb, (size_t)s->nflows * sizeof *ea) == 0;
    free(ea);
    free(eb);
    free(a);
    free(b);
    scenario_free(back);
    strbuf_fini(&out);
    strbuf_fini(&note);
    return ok;
}

/* The edits tried on every shipped scenario, as typed after ':'. %a and
   %b are two of its devices. */
static const char *const pcie_edits[] = {
    "tau 0.25",
    "bandwidth 10 GiB/s",
    "size 1 3 MiB",
    "start 1 2 ms",
    "src 1 %b",
    "del 2",
    "add %a %b 1 MiB",
    "move 0 %b",
    "add %b %a 5 KiB",
    "del 1",
    "routing SI",
    "paths all",
    NULL,
};
static const char *const net_edits[] = {
    "routing SI", "seed 7", "paths all", "placement next", "routing next", NULL,
};

static void
one_scenario(const char *path)
{
    struct rho_err err;
    struct scenario *s = lx_run_file(path, NULL, &err);
    struct session *ss;
    struct strbuf out;
    char *text = slurp(path);
    int how, edits = 0, inplace = 0;

    if (s == NULL || text == NULL) {
        CHECK(0, "%s loads (%s)", path, s ? "" : err.msg);
        free(text);
        return;
    }
    strbuf_init(&out);
    how = scenario_save_lua(s, &out, NULL);
    CHECK(how == SAVE_INPLACE && strcmp(strbuf_str(&out), text) == 0,
          "%s saved unedited is its own text", path);
    strbuf_fini(&out);
    /* a model's key cut from the whole text is the text written without
       the fields it skips (the session keys the link model so) */
    {
        static const char *const skips[][3] = {
            {"queue", NULL}, {"queue", "lesson", NULL}, {"title", NULL}};
        struct strbuf all, cut, but;
        strbuf_init(&all);
        scenario_to_lua(s, &all);
        for (size_t k = 0; k < sizeof skips / sizeof skips[0]; k++) {
            strbuf_init(&cut);
            strbuf_init(&but);
            scenario_lua_cut(s, strbuf_str(&all), all.len, skips[k], &cut);
            scenario_to_lua_but(s, skips[k], &but);
            CHECK(cut.len == but.len &&
                      memcmp(strbuf_str(&cut), strbuf_str(&but), cut.len) == 0,
                  "%s: cut without %s%s%s is written without them", path,
                  skips[k][0], skips[k][1] ? " and " : "",
                  skips[k][1] ? skips[k][1] : "");
            strbuf_fini(&cut);
            strbuf_fini(&but);
        }
        strbuf_fini(&all);
    }
    ss = session_new(s);
    for (const char *const *e = s->pcie ? pcie_edits : net_edits; *e; e++) {
        const struct scenario *c = session_scenario(ss);
        struct command_result res;
        char line[128], a[64] = "", b[64] = "";
        if (c->pcie != NULL && pcie_nendpoints(c->pcie) >= 2) {
            snprintf(a, sizeof a, "%s",
                     pcie_node(c->pcie, pcie_endpoint(c->pcie, 0))->name);
            snprintf(b, sizeof b, "%s",
                     pcie_node(c->pcie, pcie_endpoint(c->pcie, 1))->name);
        }
        snprintf(line, sizeof line, "%s", *e);
        {
            char *p;
            while ((p = strstr(line, "%a")) != NULL ||
                   (p = strstr(line, "%b"))) {
                char rest[128];
                snprintf(rest, sizeof rest, "%s", p + 2);
                snprintf(p, sizeof line - (size_t)(p - line), "%s%s",
                         p[1] == 'a' ? a : b, rest);
            }
        }
        if (command_run(ss, line, &res, &err) != 0)
            continue; /* refused here (no such flow, no link model) */
        edits++;
        CHECK(round_trip(ss, path, line, &how),
              "%s after '%s': what is saved loads back the same", path, line);
        inplace += how != SAVE_WHOLE;
    }
    CHECK(edits == 0 || inplace == edits,
          "%s: %d of %d edits saved into the script", path, inplace, edits);
    /* a schedule: each source's flows in the reverse order */
    if (session_scenario(ss)->pcie != NULL &&
        session_scenario(ss)->nflows > 1) {
        int n = session_scenario(ss)->nflows,
            *prio = calloc((size_t)n, sizeof *prio);
        for (int i = 0; i < n; i++)
            prio[i] = n - i;
        if (session_apply_order(ss, prio, &err) == 0)
            CHECK(round_trip(ss, path, "a schedule", &how) && how != SAVE_WHOLE,
                  "%s reordered: saved into the script, loads back the same",
                  path);
        free(prio);
    }
    session_free(ss);
    free(text);
}

static void
each_scenario(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[512];
    char *names[128];
    int n = 0;

    if (d == NULL) {
        CHECK(0, "%s can be read", dir);
        return;
    }
    while ((e = readdir(d)) != NULL && n < 128) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".lua") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        one_scenario(path);
        free(names[i]);
    }
}

/* A golden case: tests/save/NAME.lua and NAME.want.lua. */
static void
golden(const char *name)
{
    char path[256], want_path[256], got_path[256], *text, *want, *p, *q;
    struct rho_err err;
    struct scenario *s;
    struct session *ss;
    struct strbuf out, note;
    int how, ok = 1;

    snprintf(path, sizeof path, "tests/save/%s.lua", name);
    snprintf(want_path, sizeof want_path, "tests/save/%s.want.lua", name);
    snprintf(got_path, sizeof got_path, "tests/save/%s.got.lua", name);
    text = slurp(path);
    want = slurp(want_path);
    if (text == NULL || (s = lx_run_file(path, NULL, &err)) == NULL) {
        CHECK(0, "%s loads", path);
        free(text);
        free(want);
        return;
    }
    ss = session_new(s);
    /* "-- edits: a; b; c" */
    if ((p = strstr(text, "-- edits: ")) != NULL) {
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(p + 10, "\n"), p + 10);
        for (p = line; p != NULL; p = q) {
            struct command_result res;
            if ((q = strchr(p, ';')) != NULL)
                *q++ = '\0';
            while (*p == ' ')
                p++;
            if (command_run(ss, p, &res, &err) != 0) {
                CHECK(0, "%s: '%s': %s", name, p, err.msg);
                ok = 0;
            }
        }
    }
    strbuf_init(&out);
    strbuf_init(&note);
    how = scenario_save_lua(session_scenario(ss), &out, &note);
    ok = ok && want != NULL && strcmp(strbuf_str(&out), want) == 0;
    CHECK(ok, "%s: saved as %s (%s)", name, want_path, strbuf_str(&note));
    if (!ok) {
        FILE *f = fopen(got_path, "w");
        if (f != NULL) {
            fputs(strbuf_str(&out), f);
            fclose(f);
        }
    } else {
        remove(got_path);
    }
    CHECK(round_trip(ss, path, name, &how), "%s: loads back the same", name);
    {
        /* what was written anew: the "-- note:" line of the script */
        char *n = strstr(text, "-- note: ");
        char line[512] = "";
        if (n != NULL)
            snprintf(line, sizeof line, "%.*s", (int)strcspn(n + 9, "\n"),
                     n + 9);
        CHECK_STR(strbuf_str(&note), line, "%s: what was written anew", name);
    }
    strbuf_fini(&out);
    strbuf_fini(&note);
    session_free(ss);
    free(text);
    free(want);
}

int
main(void)
{
    DIR *d;
    struct dirent *e;

    each_scenario("scenarios");
    each_scenario("scenarios/machines");
    each_scenario("scenarios/lessons");
    if ((d = opendir("tests/save")) != NULL) {
        while ((e = readdir(d)) != NULL) {
            size_t len = strlen(e->d_name);
            char name[256];
            if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 ||
                strstr(e->d_name, ".want.") || strstr(e->d_name, ".got."))
                continue;
            snprintf(name, sizeof name, "%.*s", (int)(len - 4), e->d_name);
            golden(name);
        }
        closedir(d);
    }
    TEST_DONE();
}
