/*
 * dump: --dump WxH:VIEW, the interactive screen drawn into a canvas of
 * that size and printed as text: what the terminal would show once every
 * model that runs has its result (session_wait). The golden screens.
 */
#include "cli/cli.h"

#include <math.h>
#include <string.h>

#include "core/session.h"
#include "view/canvas.h"
#include "view/screen.h"
#include "view/ui.h"
#include "view/view.h"

static int
when(const struct cli_args *a)
{
    return a->dump_w > 0;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    struct session_opts so = {NULL, a->run, a->threads, MODEL_KEEP_VIEWS};
    struct session *ss = session_new_with(scenario_clone(*sp), &so);
    struct ui u;
    struct canvas c;
    struct screen_ctx x;
    struct strbuf sb;
    struct rho_err err;
    int views[VIEW_MAX], nv, ok = 0, rc = 0;

    ui_init(&u, ss);
    nv = view_list(ss, views);
    for (int k = 0; k < nv; k++)
        ok |= views[k] == a->dump_view;
    if (!ok) {
        fprintf(stderr,
                "rho: %s: no %s view for this scenario (it has:", a->file,
                view_name(a->dump_view));
        for (int k = 0; k < nv; k++)
            fprintf(stderr, " %s", view_name(views[k]));
        fprintf(stderr, ")\n");
        rc = 2;
        goto out;
    }
    u.view = a->dump_view;
    if (session_wait(ss, &err) != 0) {
        fprintf(stderr, "rho: %s: %s\n", a->file, err.msg);
        rc = cli_exit_code(&err);
        goto out;
    }
    if (ui_goto(&u, ss, a->explain - 1, a->has_at ? a->at : NAN, &err) != 0) {
        fprintf(stderr, "rho: %s: --explain %d: %s\n", a->file, a->explain,
                err.msg);
        rc = 2;
        goto out;
    }
    memset(&x, 0, sizeof x);
    x.ss = ss;
    x.u = &u;
    canvas_init(&c, a->dump_w, a->dump_h, a->ascii);
    screen_draw(&c, &x);
    strbuf_init(&sb);
    canvas_dump(&c, &sb, a->ascii);
    fputs(strbuf_str(&sb), stdout);
    strbuf_fini(&sb);
    canvas_fini(&c);
out:
    ui_fini(&u);
    session_free(ss);
    return rc;
}

const struct cli_mode cli_dump_mode = {"dump", when, run, 0};
