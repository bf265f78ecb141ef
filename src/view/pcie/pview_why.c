/*
 * pview_why: the Why view ("explain") -- why the selected flow has its
 * factor in the step shown, line by line from the model's evaluation
 * (core/pcie_explain.h), each line wrapped with its continuation
 * indented. Up and Down choose the flow in the flow table's order. No
 * state of its own.
 */
#include "view/pcie/pview.h"

#include "core/pcie_explain.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

static int
line_role(int kind)
{
    switch (kind) {
    case EXPLAIN_TITLE:
        return ROLE_EMPHASIS;
    case EXPLAIN_PATH:
        return ROLE_PATH;
    case EXPLAIN_LIMIT:
        return ROLE_WARNING;
    case EXPLAIN_RESULT:
        return ROLE_EMPHASIS;
    case EXPLAIN_NOTE:
        return ROLE_DIM;
    default:
        return ROLE_DEFAULT;
    }
}

static void
why_draw(const void *st, const struct cview *v, const struct view_draw_ctx *dc)
{
    const struct pview *p = dc->fam;
    const struct pview_step *d = &p->d;
    struct cview a = pview_area(v);
    struct explain ex = {0};
    int y = 0;

    (void)st;
    if (p->flow < 0 || d->m == NULL) {
        cview_text(&a, 1, 0, a.w - 2, ROLE_DIM,
                   "no flow selected: pick one in the flow view (2)");
        return;
    }
    if (dc->hidden != NULL && p->flow < d->s->nflows && dc->hidden[p->flow]) {
        cview_printf(&a, 1, 0, a.w - 2, ROLE_DIM,
                     "flow %d: the lesson's question asks for its numbers; "
                     "= reveals them",
                     p->flow + 1);
        return;
    }
    explain_flow(&ex, d->s, d->m, p->flow, d->t0, d->res);
    /* each line wrapped, continuation lines indented */
    for (int i = 0; i < ex.n && y < a.h; i++) {
        struct canvas tmp;
        int need;
        canvas_init(&tmp, a.w - 2, 32, v->c->ascii);
        need = canvas_wrap(&tmp, 0, 0, a.w - 6, 32, line_role(ex.line[i].kind),
                           ex.line[i].text);
        for (int l = 0; l < need && l < 32 && y < a.h; l++, y++)
            for (int k = 0; k < tmp.w; k++) {
                const struct cell *cl = &tmp.cell[l * tmp.w + k];
                if (cl->ch != ' ' || cl->role != ROLE_DEFAULT) /* the view
                                                 is blank: only the text */
                    cview_put(&a, 1 + (l > 0 ? 4 : 0) + k, y, cl->ch, cl->role);
            }
        canvas_fini(&tmp);
    }
    explain_fini(&ex);
}

static int
why_key(void *st, struct view_ctx *vc, int act)
{
    (void)st;
    if (keys_motion(act) == 0)
        return VIEW_NOT_MINE;
    pview_move_flow(vc->fam, vc->ss, keys_motion(act));
    return UI_REDRAW;
}

const struct view_entry pview_why_entry = {
    .name = "explain",
    .title = "Why",
    .family = &pview_family,
    .draw = why_draw,
    .key = why_key,
};
