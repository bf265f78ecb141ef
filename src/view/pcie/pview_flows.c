/*
 * pview_flows: the Flows view -- the flow table in the family's order
 * (struct pview: sort_col, sort_rev), each flow's numbers and its state in
 * the step shown, the field 'e' edits marked on the selected row. F6, >
 * and < sort; Left and Right choose the field; Enter explains the flow
 * (the Why view). No state of its own: what it selects is the family's.
 */
#include "view/pcie/pview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

static const char *const state_word[] = {
    "later", "waiting", "sending", "HOL-blocked", "done", "starved",
};

static const int state_role[] = {
    ROLE_DIM,      ROLE_FLOW_WAITING, ROLE_FLOW_SENDING,
    ROLE_FLOW_HOL, ROLE_FLOW_DONE,    ROLE_FLOW_STARVED,
};

static const int width[FCOL_COUNT] = {4, 8, 8, 10, 10, 10, 10, 8};

/* The columns left out first when the state does not fit (htop's way):
   the start (often 0 s), the end (the elapsed time stays), the size. The
   column sorted on always stays, and the field 'e' edits while it is
   edited or after Left or Right chose it (pview.field_kept). */
static const int drop_order[] = {FCOL_START, FCOL_END, FCOL_SIZE};

/* Where each column starts at width w (colx[FCOL_COUNT]: the state), and
   which are shown. labw: the widest label (0: none), for which the start
   and the end are left out too (the size only for the state). */
static void
lay_out(const struct pview *p, int w, int labw, int *colx, int *shown)
{
    size_t next = 0;

    for (int k = 0; k < FCOL_COUNT; k++)
        shown[k] = 1;
    for (;;) {
        int col = 1;
        for (int k = 0; k < FCOL_COUNT; k++) {
            colx[k] = col;
            col += shown[k] ? width[k] + 1 : 0;
        }
        colx[FCOL_COUNT] = col;
        if (col + 11 <= w && /* "HOL-blocked" */
            (labw == 0 || col + 12 + labw <= w))
            return;
        while (next < sizeof drop_order / sizeof drop_order[0] &&
               ((p->field_kept && drop_order[next] == p->field) ||
                drop_order[next] == p->sort_col))
            next++;
        if (next == sizeof drop_order / sizeof drop_order[0] ||
            (drop_order[next] == FCOL_SIZE && col + 11 <= w))
            return;
        shown[drop_order[next++]] = 0;
    }
}

/* The widest of the flows' labels (0: none has one). */
static int
label_width(const struct scenario *s)
{
    int w = 0;

    for (int i = 0; i < s->nflows; i++)
        if (s->flow[i].label != NULL && utf8_width(s->flow[i].label) > w)
            w = utf8_width(s->flow[i].label);
    return w;
}

/* Left-aligned columns; the numbers are right-aligned. */
static int
left(int k)
{
    return k == FCOL_NUM || k == FCOL_SRC || k == FCOL_DST;
}

static void
flows_draw(const void *st, const struct cview *v,
           const struct view_draw_ctx *dc)
{
    const struct pview *p = dc->fam;
    const struct pview_step *d = &p->d;
    const struct scenario *s = d->s;
    struct cview a = pview_area(v);
    int nf = s->nflows, *order, sel = 0, top;
    int colx[FCOL_COUNT + 1], shown[FCOL_COUNT];

    (void)st;
    lay_out(p, a.w, label_width(s), colx, shown);
    for (int k = 0; k < FCOL_COUNT; k++) {
        char h[32];
        if (!shown[k])
            continue;
        snprintf(h, sizeof h, "%s%s", pview_col_name(k),
                 k == p->sort_col ? (p->sort_rev ? "\u2193" : "\u2191") : "");
        if (left(k))
            cview_text(&a, colx[k], 0, width[k], ROLE_HEADER, h);
        else
            cview_text_right(&a, colx[k], 0, width[k], ROLE_HEADER, h);
    }
    cview_text(&a, colx[FCOL_COUNT], 0, a.w, ROLE_HEADER, "state");
    if (nf == 0) {
        cview_text(&a, 1, 2, a.w - 2, ROLE_DIM,
                   "no flows: a adds one (SRC DST SIZE)");
        return;
    }
    order = xcalloc((size_t)nf, sizeof *order);
    pview_flow_order(p, dc->ss, order);
    for (int i = 0; i < nf; i++)
        if (order[i] == p->flow)
            sel = i;
    top = pview_top(sel, a.h - 2);
    for (int r = top; r < nf && r - top < a.h - 2; r++) {
        int i = order[r], y = 1 + r - top;
        const struct scen_flow *f = &s->flow[i];
        double end = i < d->res->nflows ? d->res->end[i] : NAN;
        char t[FCOL_COUNT][48];
        snprintf(t[FCOL_NUM], 48, "%d", i + 1);
        snprintf(t[FCOL_SRC], 48, "%s", pview_node_name(s, f->src));
        snprintf(t[FCOL_DST], 48, "%s", pview_node_name(s, f->dst));
        units_fmt_size(t[FCOL_SIZE], 48, f->bytes);
        units_fmt_time(t[FCOL_START], 48, f->start);
        if (isnan(end)) {
            snprintf(t[FCOL_END], 48, "-");
            snprintf(t[FCOL_ELAPSED], 48, "-");
        } else {
            units_fmt_time(t[FCOL_END], 48, end);
            units_fmt_time(t[FCOL_ELAPSED], 48, end - f->start);
        }
        snprintf(t[FCOL_FACTOR], 48, "%.4f", d->factor[i]);
        if (dc->hidden != NULL && dc->hidden[i]) /* a lesson asks for them */
            for (int k = FCOL_END; k <= FCOL_FACTOR; k++)
                snprintf(t[k], 48, "?");
        for (int k = 0; k < FCOL_COUNT; k++) {
            int role = k == FCOL_FACTOR && !(dc->hidden && dc->hidden[i])
                           ? role_factor(d->factor[i])
                           : ROLE_DEFAULT;
            if (!shown[k])
                continue;
            if (k == FCOL_SRC || k == FCOL_DST) /* names: any length */
                cview_text_cut(
                    &a, colx[k], y, width[k], role,
                    pview_node_name(s, k == FCOL_SRC ? f->src : f->dst));
            else if (left(k))
                cview_text(&a, colx[k], y, width[k], role, t[k]);
            else
                cview_text_right(&a, colx[k], y, width[k], role, t[k]);
        }
        if (dc->hidden != NULL && dc->hidden[i])
            cview_text(&a, colx[FCOL_COUNT], y, a.w - colx[FCOL_COUNT],
                       ROLE_DIM, "?");
        else
            cview_text(&a, colx[FCOL_COUNT], y, a.w - colx[FCOL_COUNT],
                       state_role[(int)d->state[i]],
                       state_word[(int)d->state[i]]);
        if (f->label) { /* cut, it ends in "…" */
            int room = a.w - colx[FCOL_COUNT] - 12, cw;
            if (utf8_width(f->label) <= room)
                cview_text(&a, colx[FCOL_COUNT] + 12, y, room, ROLE_DIM,
                           f->label);
            else if (room >= 2)
                cview_printf(&a, colx[FCOL_COUNT] + 12, y, room, ROLE_DIM,
                             "%.*s\u2026", utf8_prefix(f->label, room - 1, &cw),
                             f->label);
        }
        if (r == sel) {
            cview_paint(&a, 0, y, a.w, 1, ROLE_SELECTED);
            if (shown[p->field])
                cview_paint(&a, colx[p->field], y, width[p->field], 1,
                            ROLE_FIELD);
        }
    }
    free(order);
}

static int
flows_key(void *st, struct view_ctx *vc, int act)
{
    struct pview *p = vc->fam;

    (void)st;
    if (keys_motion(act) != 0) {
        pview_move_flow(p, vc->ss, keys_motion(act));
        return UI_REDRAW;
    }
    switch (act) {
    case ACT_LEFT:
        if (p->field > FCOL_SRC)
            p->field--;
        p->field_moved = p->field_kept = 1;
        return UI_REDRAW;
    case ACT_RIGHT:
        if (p->field < FCOL_START)
            p->field++;
        p->field_moved = p->field_kept = 1;
        return UI_REDRAW;
    case ACT_OPEN:
        ui_show(vc->u, vc->ss, "explain");
        return UI_REDRAW;
    case ACT_SORT:
        p->sort_col = (p->sort_col + 1) % FCOL_COUNT;
        ui_status(vc->u, 0, "sorted by %s", pview_col_name(p->sort_col));
        return UI_REDRAW;
    case ACT_SORT_REVERSE:
        p->sort_rev = !p->sort_rev;
        ui_status(vc->u, 0, "sorted by %s, %s", pview_col_name(p->sort_col),
                  p->sort_rev ? "descending" : "ascending");
        return UI_REDRAW;
    default:
        return VIEW_NOT_MINE;
    }
}

/* Button 1 on a row selects its flow. */
static int
flows_click(void *st, struct view_ctx *vc, int col, int row, int button)
{
    struct pview *p = vc->fam;
    const struct scenario *s = session_scenario(vc->ss);
    int *order, sel = 0, r;

    (void)st;
    if (button != 1)
        return VIEW_NOT_MINE;
    if (row == 1) { /* a column's header sorts on it; again, the other way */
        int colx[FCOL_COUNT + 1], shown[FCOL_COUNT];
        lay_out(p, vc->w, label_width(s), colx, shown);
        for (int k = 0; k < FCOL_COUNT; k++)
            if (shown[k] && col >= colx[k] && col <= colx[k] + width[k]) {
                p->sort_rev = k == p->sort_col ? !p->sort_rev : 0;
                p->sort_col = k;
                ui_status(vc->u, 0, "sorted by %s, %s", pview_col_name(k),
                          p->sort_rev ? "descending" : "ascending");
                return UI_REDRAW;
            }
        return 0;
    }
    if (row < 2 || row >= vc->h || s->nflows == 0)
        return 0;
    order = xcalloc((size_t)s->nflows, sizeof *order);
    pview_flow_order(p, vc->ss, order);
    for (int i = 0; i < s->nflows; i++)
        if (order[i] == p->flow)
            sel = i;
    r = row - 2 + pview_top(sel, vc->h - 1 - 2);
    if (r < s->nflows)
        p->flow = order[r];
    free(order);
    return r < s->nflows ? UI_REDRAW : 0;
}

const struct view_entry pview_flows_entry = {
    .name = "flows",
    .title = "Flows",
    .family = &pview_family,
    .draw = flows_draw,
    .key = flows_key,
    .click = flows_click,
};
