/*
 * dump: --dump WxH:VIEW, the interactive screen drawn into a canvas of
 * that size and printed as text: what the terminal would show once every
 * model that runs has its result (cli_wait()). The golden screens.
 * WxH:VIEW,VIEW,... or WxH:all prints several views of one run, each
 * after a line "=== WxH:VIEW" naming it (the models run once).
 */
#include "cli/cli.h"

#include "core/base/strbuf.h"
#include "view/canvas.h"
#include "view/view.h"

static int
when(const struct cli_args *a)
{
    return a->dump_w > 0;
}

/* The screen showing view v (-1: the one the ui shows) on stdout. */
static void
print_view(struct cli_screen *cs, const struct cli_args *a, int v)
{
    struct canvas c;
    struct strbuf sb;

    if (v >= 0)
        cs->u.view = v;
    if (a->dump_list)
        printf("=== %dx%d:%s\n", a->dump_w, a->dump_h, view_name(cs->u.view));
    canvas_init(&c, a->dump_w, a->dump_h, a->ascii);
    cli_screen_draw(cs, &c);
    strbuf_init(&sb);
    canvas_dump(&c, &sb, a->ascii);
    fputs(strbuf_str(&sb), stdout);
    strbuf_fini(&sb);
    canvas_fini(&c);
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    struct cli_screen cs;
    int views[VIEW_MAX], nv;
    int rc = cli_screen_open(&cs, a, *sp);

    if (rc != 0)
        return rc;
    if (a->dump_all) {
        nv = view_list(cs.ss, views);
        for (int k = 0; k < nv; k++)
            print_view(&cs, a, views[k]);
    } else {
        for (int k = 0; k < a->ndump; k++)
            print_view(&cs, a, a->dump_views[k]);
    }
    cli_screen_close(&cs);
    return 0;
}

const struct cli_mode cli_dump_mode = {"dump", when, run, 0, "--dump prints a screen, as text"};
