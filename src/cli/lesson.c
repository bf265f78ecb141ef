/*
 * lesson: lessons from the command line. A folder of scenarios is a
 * sequence of lessons, taken in the order of their file names
 * (01-upstream.lua, 02-...); `rho --lesson N` opens lesson N of
 * scenarios/lessons (or of the folder given), `rho FOLDER` its first.
 * --handout prints the lesson on paper, --answers the lecturer's copy,
 * and --answer VALUE checks a student's prediction of the lesson's
 * exercise as the interactive screen does.
 */
#include "cli/cli.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rho_config.h"

#include "core/base/rho_alloc.h"
#include "core/lesson.h"
#include "core/session.h"
#include "view/lview.h"

static int
is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int
cli_lessons_list(const char *dir, char ***paths)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **p = NULL;
    int n = 0;

    *paths = NULL;
    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        char path[4096];
        /* (not rho's own: a save, NAME.edited.lua, or the unsaved edits
           kept beside a script, NAME.recover.lua) */
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 ||
            e->d_name[0] == '.' ||
            (len > 11 && strcmp(e->d_name + len - 11, ".edited.lua") == 0) ||
            (len > 12 && strcmp(e->d_name + len - 12, ".recover.lua") == 0))
            continue;
        snprintf(path, sizeof path, "%s%s%s", dir,
                 dir[strlen(dir) - 1] == '/' ? "" : "/", e->d_name);
        p = xreallocarray(p, (size_t)n + 1, sizeof *p);
        p[n++] = xstrdup(path);
    }
    closedir(d);
    if (n > 1)
        qsort(p, (size_t)n, sizeof *p, cmp_str);
    *paths = p;
    return n;
}

int
cli_lesson_resolve(struct cli_args *a)
{
    const char *dir = a->file;

    if (dir == NULL && a->lesson > 0)
        dir = access("scenarios/lessons", R_OK) == 0 ? "scenarios/lessons"
                                                     : RHO_DATADIR
                  "/scenarios/lessons";
    if (dir == NULL || !is_dir(dir)) {
        if (a->lesson > 0) {
            fprintf(stderr, "rho: --lesson %d: %s is not a folder of lessons\n",
                    a->lesson, dir);
            return 2;
        }
        return 0;
    }
    a->nlessons = cli_lessons_list(dir, &a->lessons);
    if (a->nlessons < 0) {
        fprintf(stderr, "rho: %s: cannot read the folder\n", dir);
        return 2;
    }
    if (a->nlessons == 0) {
        fprintf(stderr, "rho: %s: no lessons (*.lua) in the folder\n", dir);
        return 2;
    }
    a->lesson_index = a->lesson > 0 ? a->lesson - 1 : 0;
    if (a->lesson_index >= a->nlessons) {
        fprintf(stderr, "rho: %s: no lesson %d (there are %d)\n", dir,
                a->lesson, a->nlessons);
        return 2;
    }
    a->file = a->lessons[a->lesson_index];
    return 0;
}

void
cli_lesson_fini(struct cli_args *a)
{
    for (int i = 0; i < a->nlessons; i++)
        free(a->lessons[i]);
    free(a->lessons);
    a->lessons = NULL;
    a->nlessons = 0;
}

static int
when(const struct cli_args *a)
{
    return a->handout || a->answer != NULL;
}

/* --answer: the last exercise of the lesson, checked. */
static int
check(struct session *ss, const struct cli_args *a)
{
    const struct lesson *l = session_scenario(ss)->lesson;
    static const char *const verdict[] = {"right", "too high", "too low"};
    struct rho_err err;
    char where[256], frac[32];
    double truth, typed;
    int i, v;

    for (i = l ? l->n - 1 : -1; i >= 0 && l->step[i].predict == 0; i--)
        ;
    if (i < 0) {
        fprintf(stderr,
                "rho: %s: --answer: the scenario's lesson has no "
                "exercise (predict = FLOW)\n",
                a->file);
        return 2;
    }
    if (lview_truth(ss, i, &truth, where, sizeof where, &err) != 0) {
        fprintf(stderr, "rho: %s: --answer: %s\n", a->file, err.msg);
        return 2;
    }
    v = lesson_check(a->answer, truth, l->step[i].tolerance, &typed);
    if (v == LESSON_UNREADABLE) {
        fprintf(stderr,
                "rho: --answer: '%s' is not a number (write 0.3, 3/10 or "
                "30%%)\n",
                a->answer);
        return 2;
    }
    printf("step %d: %s: %g for %s", i + 1, verdict[v], typed, where);
    if (v == LESSON_RIGHT)
        printf(" (rho: %.4g%s%s)", truth,
               lview_fraction(truth, frac, sizeof frac)[0] ? " = " : "", frac);
    printf("\n");
    return v == LESSON_RIGHT ? 0 : 4;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    struct session_opts so = {NULL, a->run, a->threads, MODEL_KEEP_VIEWS,
                              0};
    struct session *ss = session_new_with(scenario_clone(*sp), &so);
    struct rho_err err;
    struct strbuf sb;
    int rc = 0;

    if ((*sp)->lesson == NULL) {
        fprintf(stderr, "rho: %s: --%s: the scenario has no lesson\n", a->file,
                a->handout ? "handout" : "answer");
        rc = 2;
    } else if (lview_check(*sp, &err) != 0) { /* (before the run) */
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    } else if (cli_wait(ss, &err) != 0) {
        fprintf(stderr, "rho: %s: %s\n", a->file, err.msg);
        rc = cli_exit_code(&err);
    } else if (lview_check_run(ss, &err) != 0) { /* "file:line: ..." */
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    } else if (a->answer != NULL) {
        rc = check(ss, a);
    } else {
        strbuf_init(&sb);
        lview_handout(ss, a->answers, &sb);
        fputs(strbuf_str(&sb), stdout);
        strbuf_fini(&sb);
    }
    session_free(ss);
    return rc;
}

const struct cli_mode cli_handout_mode = {"handout", when, run, 0,
                                           "--handout and --answer print text"};
