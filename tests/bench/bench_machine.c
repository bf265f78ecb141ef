/*
 * bench_machine: real machines. (1) Import a 100 kB hwloc XML (48
 * devices, 192 PUs), write its scenario, load it and draw the first screen
 * (the tree, 160x50): budget 50 ms. (2) Edit to redraw on every scenario
 * of scenarios/machines, as bench_edit does on scenarios/: budget 2 ms.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/base/strbuf.h"
#include "core/session.h"
#include "import/hwloc_import.h"
#include "script/lx.h"
#include "view/canvas.h"
#include "view/command.h"
#include "view/screen.h"
#include "view/ui.h"
#include "view/view.h"

#define XML "tests/lua/hwloc/big-100k.xml"

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static int
import_and_draw(double *secs)
{
    struct strbuf topo, text;
    struct import_info info;
    struct rho_err err;
    struct scenario *s;
    struct session *ss;
    struct ui u;
    struct canvas c;
    struct screen_ctx x;
    double t0 = rho_wall();

    strbuf_init(&topo);
    strbuf_init(&text);
    if (import_hwloc(XML, NULL, &info, &topo, &err) != 0) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    import_scenario(&info, strbuf_str(&topo), 0.8, &text);
    if ((s = lx_run_string("imported.lua", strbuf_str(&text), NULL, &err)) ==
        NULL) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    ss = session_new(s);
    ui_init(&u, ss);
    u.view = view_find("tree");
    canvas_init(&c, 160, 50, 0);
    memset(&x, 0, sizeof x);
    x.ss = ss;
    x.u = &u;
    screen_draw(&c, &x);
    *secs = rho_wall() - t0;
    canvas_fini(&c);
    ui_fini(&u);
    session_free(ss);
    strbuf_fini(&topo);
    strbuf_fini(&text);
    return 0;
}

int
main(void)
{
    DIR *d = opendir("scenarios/machines");
    struct dirent *e;
    double best = 1e9, worst = 0, t;
    FILE *f = fopen(XML, "rb");
    long size = 0;

    if (f) {
        fseek(f, 0, SEEK_END);
        size = ftell(f);
        fclose(f);
    }
    for (int k = 0; k < 20; k++) {
        if (import_and_draw(&t) != 0)
            return 1;
        best = t < best ? t : best;
        worst = t > worst ? t : worst;
    }
    printf("import %ld kB of hwloc XML + load + first screen: best %.1f ms, "
           "worst %.1f ms (budget 50 ms)\n",
           size / 1000, best * 1e3, worst * 1e3);

    while (d && (e = readdir(d)) != NULL) {
        char path[512];
        struct rho_err err;
        struct scenario *s;
        struct session *ss;
        struct command_result r;
        struct ui u;
        struct canvas c;
        struct screen_ctx x;
        double sum = 0, w = 0, times[200];
        int reps = 200, views[VIEW_MAX];

        if (strstr(e->d_name, ".lua") == NULL)
            continue;
        snprintf(path, sizeof path, "scenarios/machines/%s", e->d_name);
        if ((s = lx_run_file(path, NULL, &err)) == NULL || s->nflows == 0) {
            scenario_free(s);
            continue;
        }
        ss = session_new(s);
        ui_init(&u, ss);
        view_list(ss, views); /* tree flows explain ... search */
        canvas_init(&c, 160, 50, 0);
        memset(&x, 0, sizeof x);
        x.ss = ss;
        x.u = &u;
        for (int k = 0; k < reps; k++) {
            char cmd[64];
            double t0 = rho_wall();
            snprintf(cmd, sizeof cmd, "size %d %d KiB", 1 + k % s->nflows,
                     64 + k % 7);
            command_run(ss, cmd, &r, &err);
            u.view = views[k % 7]; /* every view but Search in turn */
            screen_draw(&c, &x);
            t = rho_wall() - t0;
            times[k] = t;
            sum += t;
            w = t > w ? t : w;
        }
        qsort(times, (size_t)reps, sizeof *times, cmp_double);
        printf("edit + recompute + draw %-28s %3d flows: mean %6.1f us, "
               "median %6.1f us, 95%% %6.1f us, worst %7.1f us (budget 2000 "
               "us; the worst is the machine's load)\n",
               e->d_name, session_scenario(ss)->nflows, sum / reps * 1e6,
               times[reps / 2] * 1e6, times[reps * 95 / 100] * 1e6, w * 1e6);
        canvas_fini(&c);
        ui_fini(&u);
        session_free(ss);
    }
    if (d)
        closedir(d);
    return 0;
}
