/*
 * bench_loop: what the explorer's input/draw thread spends on the full
 * thesis system (scenarios/dragonfly-thesis.lua: 92,160 routers,
 * 2,763,840 links, 8.8M ranks) -- the keys must answer at once, so every
 * figure here is held to about 10 ms:
 *  1. the first screens after a link-model result arrives (each link view
 *     in turn: the Network view's hierarchy, the family's statistics),
 *     until the Network view shows its rows;
 *     then each view's next screen (a redraw) and a key (j) with its
 *     screen: a view keeps what a pass over the links makes, per result;
 *     the Metrics view's indicators are made off the loop (the screens
 *     while they compute, and how long they take);
 *  2. P (the next placement), u and R as the key table runs them (the
 *     edit and the screen after it), while the model computes.
 * The link model itself runs on its job thread (bench_net measures it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/base/clock.h"
#include "core/model_net.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/canvas.h"
#include "view/command.h"
#include "view/screen.h"
#include "view/ui.h"
#include "view/view.h"

#define PATH "scenarios/dragonfly-thesis.lua"

/* Draw the screen of ui u into c; the seconds it took. */
static double
draw(struct canvas *c, struct screen_ctx *x)
{
    double t0 = rho_wall();

    screen_draw(c, x);
    return rho_wall() - t0;
}

static void
sleep_ms(int ms)
{
    struct timespec ts = {0, ms * 1000000L};

    nanosleep(&ts, NULL);
}

/* Does the screen hold text? */
static int
shows(const struct canvas *c, const char *text)
{
    struct strbuf sb;
    int r;

    strbuf_init(&sb);
    canvas_dump(c, &sb, 0);
    r = strstr(strbuf_str(&sb), text) != NULL;
    strbuf_fini(&sb);
    return r;
}

int
main(void)
{
    struct rho_err err;
    struct scenario *s;
    struct session *ss;
    struct session_opts so = {NULL, 0, 2, MODEL_KEEP_VIEWS, 1};
    struct command_result r;
    struct ui u;
    struct canvas c;
    struct screen_ctx x;
    double t0, worst = 0, first = 0;
    int frames = 0;
    static const char *const edits[] = {"placement next", "undo",
                                        "placement RDN",  "routing AD",
                                        "undo",           "undo"};

    setvbuf(stdout, NULL, _IONBF, 0);
    if ((s = lx_run_file(PATH, NULL, &err)) == NULL) {
        fprintf(stderr, "bench_loop: %s\n", err.msg);
        return 1;
    }
    ss = session_new_with(s, &so);
    ui_init(&u, ss); /* as the explorer: the views wait for the result */
    canvas_init(&c, 160, 50, 0);
    memset(&x, 0, sizeof x);
    x.ss = ss;
    x.u = &u;
    u.view = view_find("network");
    draw(&c, &x);
    t0 = rho_wall();
    if (session_wait(ss, &err) != 0) {
        fprintf(stderr, "bench_loop: %s\n", err.msg);
        session_free(ss);
        return 1;
    }
    printf("thesis: the link model on its job thread: %.1f s (2 threads)\n",
           rho_wall() - t0);
    /* 1. the result is in: screens until the Network view has its rows */
    t0 = rho_wall();
    for (;;) {
        double t = draw(&c, &x);
        if (frames++ == 0)
            first = t;
        worst = t > worst ? t : worst;
        if (shows(&c, "group 1 ") || rho_wall() - t0 > 60)
            break;
        session_poll(ss);
    }
    printf("result in, Network view: first screen %7.2f ms, worst %7.2f ms, "
           "rows after %d screens, %.0f ms (budget 10 ms a screen)\n",
           first * 1e3, worst * 1e3, frames, (rho_wall() - t0) * 1e3);
    {
        static const char *const others[] = {"links", "map", "classes",
                                             "metrics"};
        for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
            double t, t2, tk;
            u.view = view_find(others[i]);
            t = draw(&c, &x);
            t2 = draw(&c, &x);
            tk = rho_wall();
            ui_key(&u, ss, 'j');
            tk = rho_wall() - tk + draw(&c, &x);
            printf("first screen of %-8s %7.2f ms, the next %7.2f ms, j and "
                   "its screen %7.2f ms\n",
                   others[i], t * 1e3, t2 * 1e3, tk * 1e3);
        }
    }
    {
        /* the indicators compute off the loop: the screens meanwhile */
        double w = 0, t;
        int n = 0;
        t0 = rho_wall();
        while (!shows(&c, "Jain 4.1") && rho_wall() - t0 < 120) {
            t = draw(&c, &x);
            w = t > w ? t : w;
            n++;
            session_poll(ss);
            sleep_ms(20);
        }
        printf("metrics: in after %.2f s off the loop; %d screens meanwhile, "
               "worst %7.2f ms\n",
               rho_wall() - t0, n, w * 1e3);
    }
    /* 2. edits on the loop thread (the model runs behind them) */
    u.view = view_find("network");
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        double te, td;
        t0 = rho_wall();
        if (command_run(ss, edits[i], &r, &err) != 0) {
            printf("%-16s failed: %s\n", edits[i], err.msg);
            continue;
        }
        te = rho_wall() - t0;
        session_poll(ss);
        td = draw(&c, &x);
        printf("%-16s edit %7.2f ms, then the screen %7.2f ms: %s\n", edits[i],
               te * 1e3, td * 1e3, r.msg);
    }
    canvas_fini(&c);
    ui_fini(&u);
    session_free(ss);
    return 0;
}
