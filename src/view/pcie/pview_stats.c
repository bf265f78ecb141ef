/*
 * pview_stats: the Stats view -- the link loads of the step shown per
 * direction as a summary table with box plots on one 0..1 scale
 * (view/plot.h), and a histogram of all links' loads. No state of its
 * own.
 */
#include "view/pcie/pview.h"

#include <stdlib.h>

#include "core/base/rho_alloc.h"
#include "view/plot.h"
#include "view/roles.h"

static void
stats_draw(const void *st, const struct cview *v,
           const struct view_draw_ctx *dc)
{
    static const char *const cls[] = {"all links", "up", "down"};
    const struct pview_step *d = &((const struct pview *)dc->fam)->d;
    const struct pcie *p = d->s->pcie;
    struct cview a = pview_area(v);
    int nc = pcie_nchan(p), y = 0, pw = a.w - 58;
    double *val = xcalloc((size_t)nc, sizeof *val);
    int hist[10] = {0}, hmax = 1;

    (void)st;
    if (pw > 50)
        pw = 50;
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
        for (int ch = 2; ch < nc; ch++)
            if (k == 0 || (k == 1 && pcie_chan_kind(p, ch) == PCIE_CH_UP) ||
                (k == 2 && pcie_chan_kind(p, ch) == PCIE_CH_DOWN))
                val[n++] = d->load[ch];
        if (n == 0)
            continue;
        plot_summarize_ranks(val, n, &sm);
        cview_printf(&a, 1, y, a.w - 2, ROLE_DEFAULT,
                     "%-11s %6d %5.2f %5.2f %5.2f %5.2f %5.2f %5.2f", cls[k], n,
                     sm.min, sm.q1, sm.median, sm.mean, sm.q3, sm.max);
        if (pw >= 10) /* on a 0..1 scale */
            plot_boxplot_as(a.c, a.x + 57, a.y + y, pw, &sm, 0, 1,
                            &plot_box_plain);
    }
    for (int ch = 2; ch < nc; ch++) {
        int b = (int)(d->load[ch] * 10);
        hist[b > 9 ? 9 : b < 0 ? 0 : b]++;
    }
    for (int b = 0; b < 10; b++)
        if (hist[b] > hmax)
            hmax = hist[b];
    y += 1;
    cview_text(&a, 1, y++, a.w - 2, ROLE_HEADER,
               "histogram of link loads (all links)");
    for (int b = 0; b < 10 && y < a.h; b++, y++) {
        cview_printf(&a, 1, y, 12, ROLE_AXIS, "%.1f-%.1f", b / 10.0,
                     (b + 1) / 10.0);
        cview_bar(&a, 11, y, 30, (double)hist[b] / hmax, ROLE_HEAT_0 + b,
                  ROLE_DEFAULT);
        cview_printf(&a, 42, y, 8, ROLE_NUMBER, "%d", hist[b]);
    }
    free(val);
}

const struct view_entry pview_stats_entry = {
    .name = "stats",
    .title = "Stats",
    .family = &pview_family,
    .draw = stats_draw,
};
