/*
 * pview_timeline: the Timeline view -- every flow's factor over the whole
 * run, one row per flow and one column per slice of time (its glyph and
 * colour the factor, a dot waiting), the selected
 * step marked on the axis. Up and Down choose the flow; Left and Right
 * (and [ ]) the step; Enter explains the flow. No state of its own.
 */
#include "view/pcie/pview.h"

#include <stdio.h>

#include "core/base/units.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

/* A sending flow's cell: its factor in the glyph too, so that it reads
   without colour (and where two colours are close): █ from 0.75, ▓ from
   0.5, ▒ from 0.25, ░ below. */
static uint32_t
factor_glyph(double f)
{
    return f >= 0.75 ? 0x2588 : f >= 0.5 ? 0x2593 : f >= 0.25 ? 0x2592 : 0x2591;
}

static void
timeline_draw(const void *st, const struct cview *v,
              const struct view_draw_ctx *dc)
{
    const struct pview *p = dc->fam;
    const struct pview_step *d = &p->d;
    const struct pcie_sim_result *res = d->res;
    const struct scenario *s = d->s;
    struct cview a = pview_area(v);
    int labw = 16, gw = a.w - labw - 10, nf = s->nflows, top, sel = 0;
    double t0, t1;
    char lo[32], hi[32];

    (void)st;
    if (res->nsteps == 0 || gw < 10) {
        cview_text(&a, 1, 0, a.w - 2, ROLE_DIM, "no time steps");
        return;
    }
    t0 = res->step[0].t0;
    t1 = res->step[res->nsteps - 1].t1;
    if (!(t1 > t0))
        t1 = t0 + 1e-9;
    cview_text(&a, 1, 0, labw, ROLE_HEADER, "flow");
    cview_text(&a, labw + 1, 0, gw, ROLE_DIM,
               "factor \u2588 .75+ \u2593 .5+ \u2592 .25+ \u2591 less  "
               "\u00b7 waiting");
    cview_text(&a, labw + gw + 2, 0, 8, ROLE_HEADER, "factor");
    if (p->flow >= 0 && p->flow < nf)
        sel = p->flow;
    top = pview_top(sel, a.h - 4);
    for (int i = top; i < nf && i - top < a.h - 3; i++) {
        int y = 1 + i - top;
        char name[64];
        snprintf(name, sizeof name, "%d %s\u2192%s", i + 1,
                 pview_node_name(s, s->flow[i].src),
                 pview_node_name(s, s->flow[i].dst));
        cview_text(&a, 1, y, labw - 1,
                   i == p->flow ? ROLE_SELECTED : ROLE_DEFAULT, name);
        for (int col = 0; col < gw; col++) {
            double t = t0 + (t1 - t0) * (col + 0.5) / gw, rho;
            int k = pcie_sim_step_at(res, t);
            if (pcie_sim_step_rec(res, k, i, &rho, NULL, NULL) < 0)
                continue;
            if (rho > 0)
                cview_put(&a, labw + 1 + col, y, factor_glyph(rho),
                          role_factor(rho));
            else
                cview_put(&a, labw + 1 + col, y, 0x00b7, ROLE_FLOW_WAITING);
        }
        cview_printf(&a, labw + gw + 2, y, 8, role_factor(d->factor[i]), "%.4f",
                     d->factor[i]);
    }
    /* the axis, with the selected step marked */
    {
        int y = a.h - 2;
        int c0 = (int)((d->t0 - t0) / (t1 - t0) * gw);
        int c1 = (int)((d->t1 - t0) / (t1 - t0) * gw + 0.999);
        cview_hline(&a, labw + 1, y, gw, ROLE_AXIS);
        if (c1 <= c0)
            c1 = c0 + 1;
        cview_fill(&a, labw + 1 + c0, y, c1 - c0, 1, 0x2580, ROLE_CURSOR);
        units_fmt_time(lo, sizeof lo, t0);
        units_fmt_time(hi, sizeof hi, t1);
        cview_text(&a, labw + 1, y + 1, gw / 2, ROLE_AXIS, lo);
        cview_text_right(&a, labw + 1, y + 1, gw, ROLE_AXIS, hi);
        cview_text(&a, 1, y, labw - 1, ROLE_DIM, "[ ] step");
    }
}

static int
timeline_key(void *st, struct view_ctx *vc, int act)
{
    (void)st;
    if (keys_motion(act) != 0) {
        pview_move_flow(vc->fam, vc->ss, keys_motion(act));
        return UI_REDRAW;
    }
    if (act == ACT_OPEN) {
        ui_show(vc->u, vc->ss, "explain");
        return UI_REDRAW;
    }
    return VIEW_NOT_MINE;
}

const struct view_entry pview_timeline_entry = {
    .name = "timeline",
    .title = "Timeline",
    .family = &pview_family,
    .draw = timeline_draw,
    .key = timeline_key,
};
