/*
 * pview_teach: the Teach view -- the teaching layout of the step shown:
 * the tree with the port Algorithm 1 is at, the flows through it lit
 * along their paths and their factors beside them, the head-of-line
 * chains of D8 as arrows, and beside it the stepper (view/pcie/
 * pview_scene.h draws both). Space and Backspace move one frame; past
 * the last frame of a time step Space goes on into the next step of the
 * congestion graph, and Backspace before the first goes back to the end
 * of the step before. Under TEACH_BOTH_MIN_W columns one panel shows at
 * a time ('o' swaps them); from 200x55 on, or with 'z', the numbers a
 * class reads from the back of the room are three rows tall.
 */
#include "view/pcie/pview.h"

#include <string.h>

#include "core/model_pcie.h"
#include "view/keys.h"
#include "view/pcie/pview_scene.h"
#include "view/roles.h"
#include "view/ui.h"

/* A screen this large is a projector's: large text unless 'z' said no. */
#define TEACH_BIG_W 200
#define TEACH_BIG_H 55

static void
teach_fini(void *st)
{
    struct pview_teach *t = st;

    pview_scene_fini(&t->sc);
    pview_frames_fini(&t->st);
}

/* The frames of the family's step, made again when it was; the frame in
   range; the scene of the frame. */
static void
teach_sync(void *st, struct view_ctx *vc)
{
    struct pview_teach *t = st;
    const struct pview *p = vc->fam;
    int rebuilt = 0;

    if (t->of != p->evals) {
        pview_frames_fini(&t->st);
        if (p->d.m != NULL)
            pview_frames_build(&t->st, p->d.s, p->d.m, 0);
        t->of = p->evals;
        rebuilt = 1;
    }
    if (t->moves != p->moves) { /* another time step: from its start */
        t->frame = t->to_end ? t->st.n - 1 : 0;
        t->moves = p->moves;
    }
    t->to_end = 0;
    if (t->frame >= t->st.n)
        t->frame = t->st.n - 1;
    if (t->frame < 0)
        t->frame = 0;
    if (rebuilt || !t->made || t->sc.frame != t->frame) {
        pview_scene_fini(&t->sc);
        if (p->d.m != NULL)
            pview_scene_build(&t->sc, p->d.s, p->d.m, &t->st, t->frame);
        else
            memset(&t->sc, 0, sizeof t->sc);
        t->made = 1;
    }
}

static void
teach_draw(const void *st, const struct cview *v,
           const struct view_draw_ctx *dc)
{
    const struct pview_teach *t = st;
    const struct pview *p = dc->fam;
    const struct pview_step *d = &p->d;
    struct cview a = pview_area(v);
    struct pview_look look;

    if (d->m == NULL || !t->made) {
        cview_text(&a, 1, 0, a.w - 2, ROLE_DIM, "nothing to step");
        return;
    }
    look.panel = a.w >= TEACH_BOTH_MIN_W ? TEACH_BOTH
                 : t->other              ? TEACH_TREE
                                         : TEACH_STEPPER;
    look.big = t->big < 0 ? v->w >= TEACH_BIG_W && v->h >= TEACH_BIG_H : t->big;
    look.hidden = dc->hidden;
    look.sel = p->flow;
    look.tstep = d->k;
    look.ntsteps = d->res->nsteps;
    pview_scene_draw(&a, d->s, &t->st, &t->sc, &look);
}

static int
teach_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_teach *t = st;
    struct pview *p = vc->fam;
    int nsteps = p->d.res != NULL ? p->d.res->nsteps : 0;

    switch (act) {
    case ACT_STEP_NEXT:
        if (t->frame + 1 < t->st.n)
            t->frame++;
        else if (p->step + 1 < nsteps) /* on into the next time step */
            pview_set_step(p, vc, p->step + 1);
        else
            ui_status(vc->u, 0, "the last frame of the last time step");
        return UI_REDRAW;
    case ACT_STEP_PREV:
        if (t->frame > 0) {
            t->frame--;
        } else if (p->step > 0) { /* back to the end of the step before */
            t->to_end = 1;
            pview_set_step(p, vc, p->step - 1);
        }
        return UI_REDRAW;
    case ACT_PANEL:
        if (vc->w >= TEACH_BOTH_MIN_W)
            ui_status(vc->u, 0,
                      "both panels show from %d columns on; 'o' swaps them "
                      "on narrower screens",
                      TEACH_BOTH_MIN_W);
        t->other = !t->other;
        return UI_REDRAW;
    case ACT_BIG:
        t->big = t->big < 0 ? !(vc->w >= TEACH_BIG_W && vc->h >= TEACH_BIG_H)
                            : !t->big;
        ui_status(vc->u, 0, "large text %s", t->big ? "on" : "off");
        return UI_REDRAW;
    default:
        return VIEW_NOT_MINE;
    }
}

static int
teach_frames(const void *st)
{
    const struct pview_teach *t = st;

    return t->st.n;
}

static int
teach_frame(void *st, struct view_ctx *vc, const char *spec,
            struct rho_err *err)
{
    struct pview_teach *t = st;
    const struct pview *p = vc->fam;
    int f;

    if ((f = pview_frames_find(&t->st, p->d.s, spec, err)) < 0)
        return -1;
    t->frame = f;
    teach_sync(st, vc); /* the scene of the frame */
    return 0;
}

static void
teach_init(void *st)
{
    struct pview_teach *t = st;

    t->big = -1;
}

const struct view_entry pview_teach_entry = {
    .name = "teach",
    .title = "Teach",
    .family = &pview_family,
    .size = sizeof(struct pview_teach),
    .init = teach_init,
    .fini = teach_fini,
    .sync = teach_sync,
    .draw = teach_draw,
    .key = teach_key,
    .frames = teach_frames,
    .frame = teach_frame,
};
