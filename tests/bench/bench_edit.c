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

#include "core/clock.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/canvas.h"
#include "view/command.h"
#include "view/screen.h"
#include "view/ui.h"

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
        ui_init(&u, ss);
        u.view = VIEW_FLOWS;
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
            u.view = k % VIEW_SEARCH; /* every view in turn */
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
        free(names[i]);
    }
    return 0;
}
