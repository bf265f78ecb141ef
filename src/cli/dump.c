/*
 * dump: --dump WxH:VIEW, the interactive screen drawn into a canvas of
 * that size and printed as text: what the terminal would show once every
 * model that runs has its result (session_wait). The golden screens.
 */
#include "cli/cli.h"

#include "core/base/strbuf.h"
#include "view/canvas.h"

static int
when(const struct cli_args *a)
{
    return a->dump_w > 0;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    struct cli_screen cs;
    struct canvas c;
    struct strbuf sb;
    int rc = cli_screen_open(&cs, a, *sp);

    if (rc != 0)
        return rc;
    canvas_init(&c, a->dump_w, a->dump_h, a->ascii);
    cli_screen_draw(&cs, &c);
    strbuf_init(&sb);
    canvas_dump(&c, &sb, a->ascii);
    fputs(strbuf_str(&sb), stdout);
    strbuf_fini(&sb);
    canvas_fini(&c);
    cli_screen_close(&cs);
    return 0;
}

const struct cli_mode cli_dump_mode = {"dump", when, run, 0, "--dump prints a screen, as text"};
