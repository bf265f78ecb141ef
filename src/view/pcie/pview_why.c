/*
 * pview_why: the Why view ("explain") -- why the selected flow has its
 * factor in the step shown, line by line from the model's evaluation
 * (core/pcie_explain.h), each line wrapped with its continuation
 * indented. Up, Down, PgUp, PgDn, Home and End scroll it, Left and Right
 * sideways when it is wider than the screen (view/scroll.h); Space and
 * Backspace choose the next and previous flow in the flow table's order.
 * While a lesson hides flows' numbers, neither a hidden flow nor a flow
 * sharing a port with one is explained: the sums, the groups and what
 * blocked flows leave would tell the hidden numbers. Its state: the
 * window's place.
 */
#include "view/pcie/pview.h"

#include "core/pcie/pcie_model.h"
#include "core/pcie_explain.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/scroll.h"
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

/* Its state: where the window is on the explanation, from the top again
   for another flow or step. */
struct pview_why {
    struct scroll sc;
    int flow;
    unsigned long evals;
};

#define WHY_MINW 72   /* text wraps at no fewer columns: less scrolls */
#define WHY_ROWS 1024 /* the explanation's rows, at most */

/*
 * The explanation of the selected flow into out (made here: canvas_fini()
 * it), wrapped to fit a view w wide (but WHY_MINW at least), each line's
 * continuation indented; its size into *cw, *ch.
 */
static void
why_content(const struct pview *p, int w, int ascii, struct canvas *out,
            int *cw, int *ch)
{
    const struct pview_step *d = &p->d;
    struct explain ex = {0};
    int tw = (w > WHY_MINW ? w : WHY_MINW) - 6, y = 0;

    canvas_init(out, tw + 6, WHY_ROWS, ascii);
    explain_flow(&ex, d->s, d->m, p->flow, d->t0, d->res);
    for (int i = 0; i < ex.n && y < WHY_ROWS; i++) {
        struct canvas tmp;
        int need;
        canvas_init(&tmp, tw, 32, ascii);
        need = canvas_wrap(&tmp, 0, 0, tw, 32, line_role(ex.line[i].kind),
                           ex.line[i].text);
        for (int l = 0; l < need && l < 32 && y < WHY_ROWS; l++, y++)
            for (int k = 0; k < tmp.w; k++) {
                const struct cell *cl = &tmp.cell[l * tmp.w + k];
                if (cl->ch != ' ' || cl->role != ROLE_DEFAULT)
                    canvas_put(out, 1 + (l > 0 ? 4 : 0) + k, y, cl->ch,
                               cl->role);
            }
        canvas_fini(&tmp);
    }
    explain_fini(&ex);
    scroll_extent(out, cw, ch);
}

/* The first hidden flow (0-based; hidden: per flow, may be NULL) that
   shares a port with flow f in the step shown, whose numbers f's
   explanation would tell, or -1. */
static int
hidden_neighbour(const struct pview_step *d, const char *hidden, int f)
{
    const struct pcie_model *m = d->m;
    int na = pcie_model_nactive(m), sends = 0;

    for (int k = 0; hidden != NULL && k < na; k++)
        sends |= pcie_model_active(m, k) == f;
    for (int k = 0; sends && k < na; k++) {
        int h = pcie_model_active(m, k);
        const struct pcie_hop *hp = pcie_model_hops(m, h);
        if (h == f || h >= d->s->nflows || !hidden[h])
            continue;
        for (int j = 0; j < pcie_model_path_len(m, h); j++)
            if (pcie_model_hop_index(m, f, hp[j].chan) >= 0)
                return h;
    }
    return -1;
}

static void
why_draw(const void *st, const struct cview *v, const struct view_draw_ctx *dc)
{
    const struct pview_why *t = st;
    const struct pview *p = dc->fam;
    const struct pview_step *d = &p->d;
    struct cview a = pview_area(v);
    struct canvas text;
    int cw, ch, h;

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
    if ((h = hidden_neighbour(d, dc->hidden, p->flow)) >= 0) {
        cview_printf(&a, 1, 0, a.w - 2, ROLE_DIM,
                     "flow %d shares a port with flow %d, whose numbers the "
                     "lesson's question asks for; = reveals them",
                     p->flow + 1, h + 1);
        return;
    }
    why_content(p, a.w, v->c->ascii, &text, &cw, &ch);
    scroll_blit(&a, &text, cw, ch, &t->sc);
    canvas_fini(&text);
}

/* Another flow or another step: the window goes back to the top. */
static void
why_sync(void *st, struct view_ctx *vc)
{
    struct pview_why *t = st;
    const struct pview *p = vc->fam;

    if (t->flow != p->flow || t->evals != p->evals) {
        t->sc.x = t->sc.y = 0;
        t->flow = p->flow;
        t->evals = p->evals;
    }
}

static int
why_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_why *t = st;
    struct pview *p = vc->fam;
    struct canvas text;
    int cw, ch, w = vc->w > 0 ? vc->w : 80, h = vc->h > 1 ? vc->h - 1 : 23;

    switch (act) {
    case ACT_STEP_NEXT: /* Space and Backspace: the next flow */
    case ACT_STEP_PREV:
        pview_move_flow(p, vc->ss, act == ACT_STEP_NEXT ? 1 : -1);
        return UI_REDRAW;
    default:
        break;
    }
    if (p->flow < 0 || p->d.m == NULL)
        return VIEW_NOT_MINE;
    why_content(p, w, 0, &text, &cw, &ch);
    canvas_fini(&text);
    return scroll_key(&t->sc, act, 1, cw, ch, w, h) ? UI_REDRAW
                                                     : VIEW_NOT_MINE;
}

const struct view_entry pview_why_entry = {
    .name = "explain",
    .title = "Why",
    .family = &pview_family,
    .size = sizeof(struct pview_why),
    .sync = why_sync,
    .draw = why_draw,
    .key = why_key,
};
