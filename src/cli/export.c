/*
 * export: --export FMT WxH:VIEW, the interactive screen as a slide or a
 * handout: plain text, ANSI or SVG (view/export.h) in the colours of
 * --theme, on stdout; with --frames PREFIX every stepper frame of the time
 * step shown, one numbered file each (PREFIX-01.svg, ...), their names on
 * stdout.
 */
#include "cli/cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rho_config.h"

#include "core/base/savefile.h"
#include "core/base/strbuf.h"
#include "theme/theme.h"
#include "view/canvas.h"
#include "view/export.h"
#include "view/view.h"

static int
when(const struct cli_args *a)
{
    return a->export_fmt >= 0;
}

/* One screen in the chosen format into out. */
static void
render(struct cli_screen *cs, const struct cli_args *a,
       const struct export_palette *p, struct strbuf *out)
{
    struct canvas c;
    struct strbuf title; /* (a title has no length limit) */

    canvas_init(&c, a->dump_w, a->dump_h, a->ascii);
    cli_screen_draw(cs, &c);
    strbuf_init(&title);
    strbuf_printf(&title, "rho: %s (%s)", session_scenario(cs->ss)->title,
                  cs->u.view >= 0 ? view_table[cs->u.view]->title : "?");
    export_canvas(&c, a->export_fmt, p, a->ascii, strbuf_str(&title), out);
    strbuf_fini(&title);
    canvas_fini(&c);
}

static int
write_file(const char *path, const struct strbuf *sb)
{
    FILE *f = fopen(path, "w");

    if (f == NULL || fputs(strbuf_str(sb), f) == EOF || fclose(f) != 0) {
        fprintf(stderr, "rho: %s: cannot write: %s\n", path, strerror(errno));
        return 2;
    }
    return 0;
}

static int
run(struct cli_args *a, struct scenario **sp)
{
    struct cli_screen cs;
    struct export_palette p;
    struct theme t;
    struct rho_err err;
    struct strbuf sb;
    const char *nc = getenv("NO_COLOR");
    int depth = a->export_depth, rc;

    /* (a theme that cannot be read is never fatal: rho-theme(5)) */
    if (a->theme != NULL && theme_open(&t, a->theme, RHO_DATADIR, &err) != 0) {
        fprintf(stderr, "rho: --theme: %s; the default theme instead\n",
                err.msg);
        theme_default(&t);
    }
    if (a->theme == NULL)
        theme_default(&t);
    if (a->no_color ||
        (a->export_fmt == EXPORT_ANSI && nc != NULL && nc[0] != '\0'))
        depth = THEME_MONO;
    theme_export_palette(&t, depth, &p);
    if (a->frames != NULL && a->readonly) {
        fprintf(stderr, "rho: --frames writes files, and --readonly is on\n");
        return 2;
    }
    if ((rc = cli_screen_open(&cs, a, *sp)) != 0)
        return rc;
    strbuf_init(&sb);
    if (a->frames == NULL) {
        render(&cs, a, &p, &sb);
        fputs(strbuf_str(&sb), stdout);
    } else {
        int n = cli_screen_frames(&cs);
        if (n == 0) {
            fprintf(stderr,
                    "rho: %s: --frames: the %s view has no frames here (the "
                    "stepper has, on a PCIe time step where flows send)\n",
                    a->file, view_name(cs.u.view));
            rc = 2;
        }
        for (int f = 0; f < n && rc == 0; f++) {
            char path[4096];
            snprintf(path, sizeof path, "%s-%02d.%s", a->frames, f + 1,
                     export_ext(a->export_fmt));
            if (savefile_same(path, a->file)) {
                fprintf(stderr,
                        "rho: %s: --frames would overwrite the scenario; "
                        "give another prefix\n",
                        path);
                rc = 2;
                break;
            }
            cli_screen_frame(&cs, f);
            strbuf_reset(&sb);
            render(&cs, a, &p, &sb);
            if ((rc = write_file(path, &sb)) == 0)
                printf("%s\n", path);
        }
    }
    strbuf_fini(&sb);
    cli_screen_close(&cs);
    return rc;
}

const struct cli_mode cli_export_mode = {"export", when, run, 0, "--export prints a screen, as text, ANSI or SVG"};
