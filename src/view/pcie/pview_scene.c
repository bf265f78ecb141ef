/*
 * teach: the teaching layout's data. See teach.h.
 *
 * Everything comes from the model's own record (its hops and D8
 * decisions) and the stepper's frames, so the layout and the stepper can
 * never disagree on a number.
 */
#include "view/pcie/pview_scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

void
pview_scene_fini(struct pview_scene *t)
{
    for (int i = 0; i < t->nflows; i++)
        free(t->flow[i].path);
    free(t->flow);
    free(t->hol);
    free(t->chan_lit);
    free(t->text);
    free(t->marked);
    memset(t, 0, sizeof *t);
}

const struct pview_scene_flow *
pview_scene_find(const struct pview_scene *t, int f)
{
    for (int i = 0; i < t->nflows; i++)
        if (t->flow[i].flow == f)
            return &t->flow[i];
    return NULL;
}

/* Flow f's hop at channel c, or NULL when its path does not cross c. */
static const struct pcie_hop *
hop_of(const struct pcie_model *m, int f, int c)
{
    int j = c < 0 ? -1 : pcie_model_hop_index(m, f, c);

    return j < 0 ? NULL : &pcie_model_hops(m, f)[j];
}

void
pview_scene_build(struct pview_scene *t, const struct scenario *s,
                  const struct pcie_model *m, const struct pview_frames *st,
                  int frame)
{
    const struct pview_frame *fr, *prev;
    int na = pcie_model_nactive(m);

    memset(t, 0, sizeof *t);
    t->nframes = st->n;
    t->chan = t->node = -1;
    if (st->n == 0)
        return;
    if (frame < 0)
        frame = 0;
    if (frame >= st->n)
        frame = st->n - 1;
    fr = &st->frame[frame];
    prev = frame > 0 ? &st->frame[frame - 1] : NULL;
    t->frame = frame;
    t->step = fr->step;
    t->chan = fr->chan;
    t->node = fr->chan >= 0 ? pcie_chan_tail(s->pcie, fr->chan) : -1;
    t->text = xstrdup(fr->text);
    t->marked = fr->marked ? xstrdup(fr->marked) : NULL;
    t->nchan = pcie_nchan(s->pcie);
    t->chan_lit = xcalloc((size_t)t->nchan, 1);
    t->flow = xcalloc((size_t)(na ? na : 1), sizeof *t->flow);
    t->hol = xcalloc((size_t)(na ? na : 1), sizeof *t->hol);

    for (int k = 0; k < na; k++) {
        int f = pcie_model_active(m, k);
        const struct pcie_factors *F = pcie_model_factors(m, f);
        const struct pcie_hop *h = pcie_model_hops(m, f), *at;
        struct pview_scene_flow *tf = &t->flow[t->nflows++];

        tf->flow = f;
        tf->before = prev ? prev->factor[f] : 0;
        tf->after = fr->factor[f];
        tf->changed = fr->changed[f];
        tf->in = tf->share_in = tf->share_out = tf->R = NAN;
        tf->gain_chan = -1;
        tf->npath = pcie_model_path_len(m, f);
        tf->path = xcalloc((size_t)(tf->npath ? tf->npath : 1), sizeof(int));
        for (int j = 0; j < tf->npath; j++)
            tf->path[j] = h[j].chan;
        at = hop_of(m, f, fr->chan);
        switch (fr->step) {
        case STEP_A:
            tf->lit = 1;
            break;
        case STEP_B:
        case STEP_C:
            if (at != NULL) {
                tf->lit = 1;
                tf->in = at->rin;
                tf->share_in = at->rin * at->ratio;
                tf->share_out = at->rho * at->ratio;
                if (at->step == STEP_C) {
                    tf->R = at->R;
                    tf->crossed = at->in_cr;
                }
            }
            break;
        case STEP_D9:
            tf->lit = tf->changed;
            if (tf->changed && !F->hol)
                tf->gain_chan = F->limit_chan;
            break;
        default:
            break;
        }
        if (fr->step >= STEP_D8 && F->hol) {
            struct pview_scene_hol *hl = &t->hol[t->nhol++];
            hl->blocked = f;
            hl->by = F->hol_by;
            hl->shared = F->hol_at;
            hl->cut = F->hol_chan;
            hl->to = F->col[STEP_D8];
        }
    }
    /* D8 lights the blocked flows and those that block them */
    if (fr->step == STEP_D8)
        for (int i = 0; i < t->nhol; i++)
            for (int k = 0; k < t->nflows; k++)
                if (t->flow[k].flow == t->hol[i].blocked ||
                    t->flow[k].flow == t->hol[i].by)
                    t->flow[k].lit = 1;
    for (int k = 0; k < t->nflows; k++)
        if (t->flow[k].lit)
            for (int j = 0; j < t->flow[k].npath; j++)
                if (t->flow[k].path[j] >= 0 && t->flow[k].path[j] < t->nchan)
                    t->chan_lit[t->flow[k].path[j]] = 1;
}
