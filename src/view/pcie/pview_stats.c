/*
 * pview_stats: the Stats view -- the link loads of the step shown per
 * direction as a summary table with box plots on one 0..1 scale
 * (view/plot.h), and a histogram of all links' loads. Up, Down, PgUp,
 * PgDn, Home and End scroll it when the screen is too short for it
 * (view/scroll.h). Its state: the window's place.
 */
#include "view/pcie/pview.h"

#include <stdlib.h>

#include "core/base/rho_alloc.h"
#include "view/plot.h"
#include "view/roles.h"
#include "view/scroll.h"
#include "view/ui.h"

struct pview_stats {
    struct scroll sc;
};

#define STATS_ROWS 32 /* the view's rows, at most */

/*
 * The tables of the step d into out (made here: canvas_fini() it), w
 * wide; their size into *cw, *ch.
 */
static void
stats_content(const struct pview_step *d, int w, int ascii, struct canvas *out,
              int *cw, int *ch)
{
    static const char *const cls[] = {"all links", "up", "down"};
    const struct pcie *p = d->s->pcie;
    int nc = pcie_nchan(p), y = 0, pw = w - 58;
    double *val = xcalloc((size_t)nc, sizeof *val);
    int hist[10] = {0}, hmax = 1;
    struct cview a;

    canvas_init(out, w > 1 ? w : 1, STATS_ROWS, ascii);
    a = cview_of(out, 0, 0, out->w, out->h);
    if (pw > 50)
        pw = 50;
    if (d->k < 0) /* (no flow: no time step) */
        cview_text(&a, 1, y++, a.w - 2, ROLE_HEADER,
                   "link loads: no time step (no flow sends), every link "
                   "idle");
    else
        cview_printf(&a, 1, y++, a.w - 2, ROLE_HEADER,
                     "link loads in time step %d, per direction (idle links "
                     "count)",
                     d->k + 1);
    cview_text(&a, 1, ++y, a.w, ROLE_HEADER,
               "class        links   min    q1   med  mean    q3   max");
    y++;
    for (int k = 0; k < 3; k++, y++) {
        struct plot_summary sm;
        int n = 0;
        for (int c = 2; c < nc; c++)
            if (k == 0 || (k == 1 && pcie_chan_kind(p, c) == PCIE_CH_UP) ||
                (k == 2 && pcie_chan_kind(p, c) == PCIE_CH_DOWN))
                val[n++] = d->load[c];
        if (n == 0)
            continue;
        plot_summarize_ranks(val, n, &sm);
        cview_printf(&a, 1, y, a.w - 2, ROLE_DEFAULT,
                     "%-11s %6d %5.2f %5.2f %5.2f %5.2f %5.2f %5.2f", cls[k], n,
                     sm.min, sm.q1, sm.median, sm.mean, sm.q3, sm.max);
        if (pw >= 10) /* on a 0..1 scale */
            plot_boxplot_as(out, 57, y, pw, &sm, 0, 1, &plot_box_plain);
    }
    for (int c = 2; c < nc; c++) {
        int b = (int)(d->load[c] * 10);
        hist[b > 9 ? 9 : b < 0 ? 0 : b]++;
    }
    for (int b = 0; b < 10; b++)
        if (hist[b] > hmax)
            hmax = hist[b];
    y += 1;
    cview_text(&a, 1, y++, a.w - 2, ROLE_HEADER,
               "histogram of link loads (all links)");
    for (int b = 0; b < 10; b++, y++) {
        cview_printf(&a, 1, y, 12, ROLE_AXIS, "%.1f-%.1f", b / 10.0,
                     (b + 1) / 10.0);
        cview_bar(&a, 11, y, 30, (double)hist[b] / hmax, ROLE_HEAT_0 + b,
                  ROLE_DEFAULT);
        cview_printf(&a, 42, y, 8, ROLE_NUMBER, "%d", hist[b]);
    }
    free(val);
    scroll_extent(out, cw, ch);
}

static void
stats_draw(const void *st, const struct cview *v,
           const struct view_draw_ctx *dc)
{
    const struct pview_stats *t = st;
    const struct pview_step *d = &((const struct pview *)dc->fam)->d;
    struct cview a = pview_area(v);
    struct canvas text;
    int cw, ch;

    stats_content(d, a.w, v->c->ascii, &text, &cw, &ch);
    scroll_blit(&a, &text, cw, ch, &t->sc);
    canvas_fini(&text);
}

static int
stats_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_stats *t = st;
    const struct pview *p = vc->fam;
    struct canvas text;
    int cw, ch, w = vc->w > 0 ? vc->w : 80, h = vc->h > 1 ? vc->h - 1 : 23;

    stats_content(&p->d, w, 0, &text, &cw, &ch);
    canvas_fini(&text);
    return scroll_key(&t->sc, act, 0, cw, ch, w, h) ? UI_REDRAW : VIEW_NOT_MINE;
}

const struct view_entry pview_stats_entry = {
    .name = "stats",
    .title = "Stats",
    .family = &pview_family,
    .size = sizeof(struct pview_stats),
    .draw = stats_draw,
    .key = stats_key,
};
