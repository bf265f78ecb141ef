/*
 * bench_edit: what an edit costs in the interactive program, from the key
 * to a screen ready to copy to the terminal -- the snapshot for undo, the
 * check, the congestion graph run again, and the whole screen (flows view,
 * 160x50) drawn into the canvas -- on every scenario in scenarios/, by
 * changing a flow's size the way the ':size' command and the 'e' key do.
 * The budget is one frame (16 ms). (curses then copies only changed cells.)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/clock.h"
#include "core/model_net.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/canvas.h"
#include "view/command.h"
#include "view/screen.h"
#include "view/ui.h"
#include "view/view.h"

int
main(void)
{
    DIR *d = opendir("scenarios");
    struct dirent *e;
    char *names[256];
    int n = 0;

    while (d && (e = readdir(d)) != NULL && n < 256)
        if (strstr(e->d_name, ".lua") != NULL)
            names[n++] = strdup(e->d_name);
    if (d)
        closedir(d);
    for (int i = 0; i < n; i++) {
        char path[512];
        struct rho_err err;
        struct scenario *s;
        struct session *ss;
        struct command_result r;
        double t0, worst = 0, sum = 0;
        int reps = 200;

        snprintf(path, sizeof path, "scenarios/%s", names[i]);
        if ((s = lx_run_file(path, NULL, &err)) == NULL || s->nflows == 0) {
            scenario_free(s);
            continue;
        }
        ss = session_new(s);
        struct ui u;
        struct canvas c;
        struct screen_ctx x;
        int views[VIEW_MAX];
        ui_init(&u, ss);
        view_list(ss, views); /* tree flows explain ... search */
        u.view = view_find("flows");
        canvas_init(&c, 160, 50, 0);
        memset(&x, 0, sizeof x);
        x.ss = ss;
        x.u = &u;
        for (int k = 0; k < reps; k++) {
            char cmd[64];
            double t;
            snprintf(cmd, sizeof cmd, "size %d %d KiB", 1 + k % s->nflows,
                     64 + k % 7);
            t0 = rho_wall();
            command_run(ss, cmd, &r, &err);
            u.view = views[k % 7]; /* every view but Search in turn */
            screen_draw(&c, &x);
            t = rho_wall() - t0;
            sum += t;
            if (t > worst)
                worst = t;
            s = (struct scenario *)session_scenario(ss);
        }
        printf("edit + recompute + draw %-22s %3d flows: mean %7.1f us, worst "
               "%7.1f us (budget 16000 us)\n",
               names[i], session_scenario(ss)->nflows, sum / reps * 1e6,
               worst * 1e6);
        canvas_fini(&c);
        ui_fini(&u);
        session_free(ss);
    }
    /* networks: the edit and the redraw on the UI thread, and the link
       model on its job thread (timed here in line with session_wait, 2
       threads); the views redraw with the old result until the new one is
       in */
    for (int i = 0; i < n; i++) {
        static const char *const edits[] = {
            "routing SD", "routing AD", "placement RDN", "placement linear"};
        char path[512];
        struct rho_err err;
        struct scenario *s;
        struct session *ss;
        struct command_result r;
        struct session_opts so = {NULL, 0, 2, MODEL_KEEP_VIEWS, 0};
        struct ui u;
        struct canvas c;
        struct screen_ctx x;
        double ui_sum = 0, ui_worst = 0, solve_sum = 0, solve_worst = 0;
        int reps = 8, views[VIEW_MAX], nv;

        snprintf(path, sizeof path, "scenarios/%s", names[i]);
        if ((s = lx_run_file(path, NULL, &err)) == NULL || s->pcie != NULL ||
            s->net == NULL || net_slots(s->net->net) > 1000000) {
            scenario_free(s); /* PCIe trees above; the 8.8M system: make
                                 bench's bench_net */
            free(names[i]);
            continue;
        }
        ss = session_new_with(s, &so);
        {
            /* a scenario whose first solve takes seconds (the supernode
               collectives: 268 million messages, 15 GiB under AD) is not
               an edit at interactive speed: bench_net measures those */
            double t0 = rho_wall();
            if (session_wait(ss, &err) != 0 || rho_wall() - t0 > 1.0) {
                printf("network %-24s skipped: its first solve takes %.1f s "
                       "(bench_net measures it)\n",
                       names[i], rho_wall() - t0);
                session_free(ss);
                free(names[i]);
                continue;
            }
        }
        ui_init(&u, ss);
        nv = view_list(ss, views); /* network links map classes rounds */
        canvas_init(&c, 160, 50, 0);
        memset(&x, 0, sizeof x);
        x.ss = ss;
        x.u = &u;
        for (int k = 0; k < reps; k++) {
            double t0 = rho_wall(), t1, t2, t3;
            command_run(ss, edits[k % 4], &r, &err);
            t1 = rho_wall();
            if (session_wait(ss, &err) != 0)
                break;
            t2 = rho_wall();
            u.view = views[k % nv];
            screen_draw(&c, &x);
            t3 = rho_wall();
            ui_sum += (t1 - t0) + (t3 - t2);
            solve_sum += t2 - t1;
            if ((t1 - t0) + (t3 - t2) > ui_worst)
                ui_worst = (t1 - t0) + (t3 - t2);
            if (t2 - t1 > solve_worst)
                solve_worst = t2 - t1;
        }
        printf("network %-24s edit + draw: mean %8.1f us, worst %8.1f us; "
               "link model: mean %8.1f ms, worst %8.1f ms\n",
               names[i], ui_sum / reps * 1e6, ui_worst * 1e6,
               solve_sum / reps * 1e3, solve_worst * 1e3);
        canvas_fini(&c);
        ui_fini(&u);
        session_free(ss);
        free(names[i]);
    }
    return 0;
}
