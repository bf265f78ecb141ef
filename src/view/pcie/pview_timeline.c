/*
 * pview_timeline: the Timeline view -- every flow's factor over the whole
 * run, one row per flow and one column per slice of time (its glyph and
 * colour the factor, a dot waiting), the selected
 * step marked on the axis. The flows go in the flow table's order. Up
 * and Down choose the flow, PgUp, PgDn, Home and End page through them
 * (view/scroll.h); when they do not all fit, the row above the axis says
 * which show ("lines 1-15 of 56"). Left and Right (and [ ]) choose the
 * step; Enter explains the flow. Its state: the window on the flows.
 */
#include "view/pcie/pview.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/scroll.h"
#include "view/ui.h"

struct pview_timeline {
    struct scroll sc; /* sc.y: the first flow row shown */
};

/* The rows for flows in a view of h rows (its area's, one less): all
   but the header, the axis and its labels. */
static int
flow_room(int h)
{
    return h - 1 - 3;
}

/* The window on nf flows in room rows, moved to show the flow at
   position pos (-1: none) and clamped; the rows it shows. */
static int
window(struct scroll *sc, int nf, int pos, int room)
{
    int rows = scroll_rows(1, nf, 1, room);

    if (pos >= 0 && pos < sc->y)
        sc->y = pos;
    if (pos >= 0 && pos >= sc->y + rows)
        sc->y = pos - rows + 1;
    scroll_clamp(sc, 1, nf, 1, room);
    return rows;
}

/* The selected flow's place in order, or -1. */
static int
place_of(const int *order, int nf, int flow)
{
    for (int r = 0; r < nf; r++)
        if (order[r] == flow)
            return r;
    return -1;
}

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
    const struct pview_timeline *tl = st;
    const struct pview *p = dc->fam;
    const struct pview_step *d = &p->d;
    const struct pcie_sim_result *res = d->res;
    const struct scenario *s = d->s;
    struct cview a = pview_area(v);
    int labw = 16, gw = a.w - labw - 10, nf = s->nflows, rows, *order;
    struct scroll at = tl->sc;
    double t0, t1;
    char lo[32], hi[32];

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
    order = xcalloc((size_t)(nf > 0 ? nf : 1), sizeof *order);
    pview_flow_order(p, dc->ss, order);
    rows = window(&at, nf, place_of(order, nf, p->flow), flow_room(v->h));
    for (int r = at.y; r < nf && r - at.y < rows; r++) {
        int i = order[r], y = 1 + r - at.y;
        char name[64];
        snprintf(name, sizeof name, "%d %s\u2192%s", i + 1,
                 pview_node_name(s, s->flow[i].src),
                 pview_node_name(s, s->flow[i].dst));
        cview_text(&a, 1, y, labw - 1,
                   i == p->flow ? ROLE_SELECTED : ROLE_DEFAULT, name);
        for (int col = 0; col < gw; col++) {
            /* the step at the column's middle; in a gap where nothing
               sends there is none (pcie_sim_step_at() gives the next),
               unless a step shorter than a column lies in the column:
               the highest factor the flow had in those */
            double ta = t0 + (t1 - t0) * col / gw, best = -1, rho;
            double tb = t0 + (t1 - t0) * (col + 1) / gw, tm = (ta + tb) / 2;
            int k = pcie_sim_step_at(res, tm);
            if (k >= 0 && tm >= res->step[k].t0 && tm < res->step[k].t1) {
                if (pcie_sim_step_rec(res, k, i, &rho, NULL, NULL) >= 0)
                    best = rho;
            } else {
                for (k = pcie_sim_step_at(res, ta);
                     k >= 0 && k < res->nsteps && res->step[k].t0 < tb; k++)
                    if (res->step[k].t1 > ta &&
                        pcie_sim_step_rec(res, k, i, &rho, NULL, NULL) >= 0 &&
                        rho > best)
                        best = rho;
            }
            if (best > 0)
                cview_put(&a, labw + 1 + col, y, factor_glyph(best),
                          role_factor(best));
            else if (best == 0)
                cview_put(&a, labw + 1 + col, y, 0x00b7, ROLE_FLOW_WAITING);
        }
        cview_printf(&a, labw + gw + 2, y, 8, role_factor(d->factor[i]), "%.4f",
                     d->factor[i]);
    }
    free(order);
    if (rows < nf) { /* where the window is, as view/scroll.h writes it */
        char line[96];
        snprintf(line, sizeof line, "lines %d-%d of %d (j/k, PgDn)", at.y + 1,
                 at.y + rows, nf);
        cview_text_right(&a, 0, 1 + rows, a.w, ROLE_DIM, line);
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
    struct pview_timeline *tl = st;
    struct pview *p = vc->fam;
    int nf = session_scenario(vc->ss)->nflows;

    if (keys_motion(act) != 0 && nf > 0) {
        int room = flow_room(vc->h > 1 ? vc->h : 24), *order, pos;
        order = xcalloc((size_t)nf, sizeof *order);
        pview_flow_order(p, vc->ss, order);
        pos = place_of(order, nf, p->flow);
        window(&tl->sc, nf, pos, room);
        if (act == ACT_PAGE_UP || act == ACT_PAGE_DOWN) {
            /* a page: the window and the selection move together */
            int y0 = tl->sc.y;
            scroll_key(&tl->sc, act, 0, 1, nf, 1, room);
            pos = (pos < 0 ? 0 : pos) + tl->sc.y - y0;
            if (tl->sc.y == y0) /* at an end: the selection goes there */
                pos = act == ACT_PAGE_UP ? 0 : nf - 1;
        } else {
            pos = pos < 0 ? 0 : pos + keys_motion(act);
        }
        pos = pos < 0 ? 0 : pos >= nf ? nf - 1 : pos;
        p->flow = order[pos];
        window(&tl->sc, nf, pos, room);
        free(order);
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
    .size = sizeof(struct pview_timeline),
    .draw = timeline_draw,
    .key = timeline_key,
};
