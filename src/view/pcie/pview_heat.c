/*
 * pview_heat: the Heat view -- every link of the tree in the step shown,
 * hottest first, with its load as a heat bar and the flows on it; the
 * selected flow's links marked. Up, Down, PgUp, PgDn, Home and End
 * scroll the links (view/scroll.h). Its state: the window's place.
 */
#include "view/pcie/pview.h"

#include <stdlib.h>

#include "core/base/rho_alloc.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/scroll.h"
#include "view/ui.h"

struct pview_heat {
    struct scroll sc;
};

static void
heat_draw(const void *st, const struct cview *v, const struct view_draw_ctx *dc)
{
    const struct pview_heat *t = st;
    const struct pview_step *d = &((const struct pview *)dc->fam)->d;
    const struct pcie *p = d->s->pcie;
    struct cview a = pview_area(v), rows;
    struct canvas text;
    int nc = pcie_nchan(p), n = 0, y = 0;
    int barw = a.w - 45; /* room for "99 flows" */
    int *ch = xcalloc((size_t)nc, sizeof *ch);

    if (barw > 40)
        barw = 40;
    for (int k = 2; k < nc; k++)
        ch[n++] = k;
    for (int i = 1; i < n; i++) { /* by load, then channel id */
        int c = ch[i], j = i - 1;
        while (j >= 0 && (d->load[ch[j]] < d->load[c] ||
                          (d->load[ch[j]] == d->load[c] && ch[j] > c))) {
            ch[j + 1] = ch[j];
            j--;
        }
        ch[j + 1] = c;
    }
    if (d->k < 0) /* (no flow: no time step) */
        cview_text(&a, 1, 0, a.w - 2, ROLE_HEADER,
                   "link loads: no time step (no flow sends), every link "
                   "idle");
    else
        cview_printf(&a, 1, 0, a.w - 2, ROLE_HEADER,
                     "link loads in time step %d (share of the bandwidth; "
                     "hottest first)",
                     d->k + 1);
    canvas_init(&text, a.w, n, v->c->ascii);
    rows = cview_of(&text, 0, 0, text.w, text.h);
    for (int i = 0; i < n; i++, y++) {
        char name[96];
        int k = ch[i], kind = pcie_chan_kind(p, k);
        pcie_chan_name(p, k, name, sizeof name);
        cview_text(&rows, 1, y, 22,
                   d->chan_on_path[k] ? ROLE_PATH : ROLE_DEFAULT, name);
        cview_text(&rows, 24, y, 2, ROLE_DIM,
                   kind == PCIE_CH_DIRECT                      ? "\u2192"
                   : kind == PCIE_CH_UP || kind == PCIE_CH_XUP ? "\u2191"
                                                               : "\u2193");
        if (d->count[k] == 0)
            cview_text(&rows, 27, y, 6, ROLE_HEAT_IDLE, "idle");
        else
            pview_load_bar(&rows, 27, y, barw + 6, d->load[k], d->count[k]);
        if (d->count[k] > 0)
            cview_printf(&rows, 34 + barw, y, a.w - barw - 35, ROLE_NUMBER,
                         "%d flow%s", d->count[k], d->count[k] > 1 ? "s" : "");
    }
    rows = cview_sub(&a, 0, 1, a.w, a.h - 1);
    scroll_blit(&rows, &text, a.w, n, &t->sc);
    canvas_fini(&text);
    free(ch);
}

static int
heat_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_heat *t = st;
    int n = pcie_nchan(session_scenario(vc->ss)->pcie) - 2;
    int w = vc->w > 0 ? vc->w : 80, h = vc->h > 2 ? vc->h - 2 : 22;

    return scroll_key(&t->sc, act, 0, w, n > 0 ? n : 0, w, h) ? UI_REDRAW
                                                               : VIEW_NOT_MINE;
}

const struct view_entry pview_heat_entry = {
    .name = "heat",
    .title = "Heat",
    .family = &pview_family,
    .size = sizeof(struct pview_heat),
    .draw = heat_draw,
    .key = heat_key,
};
