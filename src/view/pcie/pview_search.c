/*
 * pview_search: the Search view -- the schedule search (core/search.h),
 * which the loop runs in the background (struct view_env): its progress,
 * or how many schedules it would try, or its result -- the fastest,
 * median, slowest and the scenario's own schedule, one of them selected,
 * and the sorted curve of every schedule's time. S starts it; Enter asks
 * the loop to open the selected schedule. Its state: the selection, and
 * the size of the search space (its sync counts it).
 */
#include "view/pcie/pview.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/base/units.h"
#include "core/search.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

static const char *const what[] = {"fastest", "median", "slowest", "baseline"};

static void
search_sync(void *st, struct view_ctx *vc)
{
    struct pview_search *t = st;
    struct search_space *sp;

    if (t->space_of == session_version(vc->ss) + 1)
        return;
    sp = search_space_new(session_scenario(vc->ss), NULL);
    t->space = sp ? search_space_total(sp) : 0;
    if (sp != NULL)
        search_space_size_fmt(sp, t->space_fmt, sizeof t->space_fmt);
    search_space_free(sp);
    t->space_of = session_version(vc->ss) + 1;
}

/* The sorted curve of the schedules' times from row y, under the rest. */
static void
curve(const struct cview *a, const struct search_result *r, int y)
{
    int h = a->h - y - 1, w = a->w - 14;
    long long m = r->n - r->starved;
    double lo = r->t_fastest, hi = r->t_slowest;
    char b1[32], b2[32];

    if (h < 3 || w < 10 || m <= 0)
        return;
    for (int col = 0; col < w; col++) {
        long long k = (long long)((double)col / (w - 1) * (double)(m - 1));
        double t = r->sorted[k];
        int row = hi > lo ? (int)((t - lo) / (hi - lo) * (h - 1) + 0.5) : 0;
        cview_put(a, 12 + col, y + h - 1 - row, 0x2022, ROLE_PLOT);
    }
    cview_text_right(a, 0, y, 11, ROLE_AXIS, units_fmt_time(b1, sizeof b1, hi));
    cview_text_right(a, 0, y + h - 1, 11, ROLE_AXIS,
                     units_fmt_time(b2, sizeof b2, lo));
    cview_vline(a, 11, y, h, ROLE_AXIS);
}

static void
search_draw(const void *st, const struct cview *v,
            const struct view_draw_ctx *dc)
{
    const struct pview_search *t = st;
    const struct view_env *x = dc->env;
    const struct search_result *r = x->search;
    struct cview a = pview_area(v);
    char b1[32];
    int y = 0;

    if (x->searching) {
        double fr = x->search_total > 0
                        ? (double)x->search_done / (double)x->search_total
                        : 0;
        char nt[48], nd[48];
        cview_printf(&a, 1, y++, a.w - 2, ROLE_HEADER, "searching %s ...",
                     units_fmt_count(nt, sizeof nt, x->search_total,
                                     "schedule"));
        cview_bar(&a, 1, ++y, a.w - 20, fr, ROLE_PROGRESS, ROLE_TAB);
        cview_printf(&a, a.w - 18, y, 18, ROLE_NUMBER, "%5.1f%%", fr * 100);
        y += 2;
        cview_printf(&a, 1, y, a.w - 2, ROLE_DIM,
                     "%s done, %.0f schedules/s, %.1f s left; an edit "
                     "cancels it",
                     units_fmt_int(nd, sizeof nd, x->search_done),
                     x->search_rate,
                     x->search_rate > 0
                         ? (double)(x->search_total - x->search_done) /
                               x->search_rate
                         : 0.0);
        return;
    }
    if (r == NULL) {
        char ns[64], nk[48], line[200];
        if (t->space == LLONG_MAX) /* counting it overflowed */
            snprintf(ns, sizeof ns, "%s schedules", t->space_fmt);
        else
            units_fmt_count(ns, sizeof ns, t->space, "schedule");
        if (t->space > SEARCH_DEFAULT_MAX) /* as the search samples them */
            snprintf(line, sizeof line,
                     "Every order of each source's flows makes %s here: the "
                     "schedule search tries a random %s of them.",
                     ns, units_fmt_int(nk, sizeof nk, SEARCH_DEFAULT_SAMPLE));
        else
            snprintf(line, sizeof line,
                     "Here the schedule search tries %s: every order of each "
                     "source's flows.",
                     ns);
        y += cview_wrap_pretty(&a, 1, y, a.w - 2, 3, ROLE_DEFAULT, line);
        cview_text(&a, 1, ++y, a.w - 2, ROLE_EMPHASIS,
                   "Press S to start it (it runs in the background).");
        return;
    }
    {
        double tk[4] = {r->t_fastest, r->t_median, r->t_slowest, r->t_baseline};
        long long nr = r->n - r->starved;
        char nn[48], rk[48];
        cview_printf(&a, 1, y++, a.w - 2, ROLE_HEADER,
                     "%s %s%s in %.2f s; slowest/fastest %.3f, "
                     "slowest/median %.3f",
                     units_fmt_int(nn, sizeof nn, nr),
                     r->sampled ? "random " : "",
                     nr == 1 ? "schedule" : "schedules", r->seconds,
                     r->t_slowest / r->t_fastest, r->t_slowest / r->t_median);
        y++;
        for (int k = 0; k < 4; k++, y++) {
            if (k == 3 && !r->has_baseline)
                continue;
            cview_printf(&a, 3, y, a.w - 4, ROLE_DEFAULT, "%-9s %10s", what[k],
                         units_fmt_time(b1, sizeof b1, tk[k]));
            if (k == 3)
                cview_printf(&a, 25, y, a.w - 26, ROLE_DIM,
                             "the scenario's own order: rank %s",
                             units_fmt_int(rk, sizeof rk, r->baseline_rank));
            if (k == t->sel)
                cview_paint(&a, 1, y, 22, 1, ROLE_SELECTED);
        }
        cview_text(&a, 1, ++y, a.w - 2, ROLE_DIM,
                   "Enter opens the selected schedule in the other views "
                   "(u undoes)");
        curve(&a, r, y + 2);
    }
}

/* The selection moved delta rows, as keys_motion() gives them: Up, Down
   and the wheel one; PgUp and PgDn a page, Home and End to an end --
   with four rows, either is the first (last) row once clamped. The
   fourth, the baseline, is there only when the search has one. */
static int
select_row(struct pview_search *t, const struct view_ctx *vc, int delta)
{
    const struct search_result *r = vc->u->env.search;
    int last = r != NULL && r->has_baseline ? 3 : 2;

    t->sel += delta;
    if (t->sel < 0)
        t->sel = 0;
    if (t->sel > last)
        t->sel = last;
    return UI_REDRAW;
}

static int
search_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_search *t = st;

    if (keys_motion(act) != 0)
        return select_row(t, vc, keys_motion(act));
    switch (act) {
    case ACT_OPEN: /* the loop opens the schedule */
        select_row(t, vc, 0); /* (a search since may have no baseline) */
        snprintf(vc->u->effect_arg, sizeof vc->u->effect_arg, "%s",
                 what[t->sel]);
        return UI_REDRAW | UI_OPEN;
    case ACT_RUN_SEARCH:
        vc->u->effect_arg[0] = '\0';
        return UI_REDRAW | UI_SEARCH;
    default:
        return VIEW_NOT_MINE;
    }
}

static int
search_click(void *st, struct view_ctx *vc, int col, int row, int button)
{
    (void)col;
    (void)row;
    if (button == 4 || button == 5)
        return select_row(st, vc, button == 4 ? -1 : 1);
    return 0;
}

const struct view_entry pview_search_entry = {
    .name = "search",
    .title = "Search",
    .family = &pview_family,
    .size = sizeof(struct pview_search),
    .sync = search_sync,
    .draw = search_draw,
    .key = search_key,
    .click = search_click,
};
