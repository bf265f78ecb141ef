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
 * class reads from the back of the room are three rows tall. Up, Down,
 * PgUp, PgDn, Home and End scroll the stepper (and the tree shown alone,
 * '<' and '>' sideways when it is wider than the screen; view/
 * scroll.h); the tree's window follows the port arbitrated until the
 * keys move it.
 */
#include "view/pcie/pview.h"

#include <string.h>

#include "core/model_pcie.h"
#include "view/keys.h"
#include "view/pcie/pview_scene.h"
#include "view/roles.h"
#include "view/scroll.h"
#include "view/ui.h"

/* A screen this large is a projector's: large text unless 'z' said no.
   The terminal's size, as rho(1) says, not the view's (4 rows less, and
   less again under a lesson's pane). */
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
        t->win.x = t->win.y = 0;
    }
    t->to_end = 0;
    /* (the draw sees the view alone) */
    t->projector = vc->u != NULL && vc->u->screen_w >= TEACH_BIG_W &&
                   vc->u->screen_h >= TEACH_BIG_H;
    if (t->frame >= t->st.n)
        t->frame = t->st.n - 1;
    if (t->frame < 0)
        t->frame = 0;
    if (rebuilt || !t->made || t->sc.frame != t->frame) {
        t->pinned = 0; /* the tree's window: to the frame's port */
        pview_scene_fini(&t->sc);
        if (p->d.m != NULL)
            pview_scene_build(&t->sc, p->d.s, p->d.m, &t->st, t->frame);
        else
            memset(&t->sc, 0, sizeof t->sc);
        t->made = 1;
    }
}

/* How the layout shows in a view w wide; large text by the screen's size
   (pview_teach.projector). */
static struct pview_look
look_of(const struct pview_teach *t, const struct pview *p, int w,
        const char *hidden)
{
    struct pview_look look = {0};

    look.panel = w >= TEACH_BOTH_MIN_W ? TEACH_BOTH
                 : t->other            ? TEACH_TREE
                                       : TEACH_STEPPER;
    look.big = t->big < 0 ? t->projector : t->big;
    look.hidden = hidden;
    look.sel = p->flow;
    look.tstep = p->d.k;
    look.ntsteps = p->d.res->nsteps;
    look.scroll = t->win;
    look.follow = !t->pinned;
    return look;
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
    look = look_of(t, p, v->w, dc->hidden);
    pview_scene_draw(&a, d->s, &t->st, &t->sc, &look);
}

/* Up, Down, PgUp, PgDn, Home, End, and '<' '>' (Left, Right: h and l
   step the algorithm): the window of the panel that scrolls. 1 when act
   was one. */
static int
teach_scroll(struct pview_teach *t, const struct view_ctx *vc, int act)
{
    const struct pview *p = vc->fam;
    int w = vc->w > 0 ? vc->w : 80, h = vc->h > 1 ? vc->h : 24;
    struct pview_look look;
    struct pview_scene_win win;

    if (keys_motion(act) == 0 && act != ACT_LEFT && act != ACT_RIGHT)
        return 0;
    if (p->d.m == NULL || !t->made)
        return 0;
    look = look_of(t, p, w, NULL);
    pview_scene_window(w, h - 1, 0, p->d.s, &t->st, &t->sc, &look, &win);
    if (look.panel == TEACH_TREE && !t->pinned)
        t->win.y = win.port_top; /* from where the window follows the port */
    if (!scroll_key(&t->win, act, 1, win.cw, win.ch, win.w, win.h))
        return 0;
    t->pinned = look.panel == TEACH_TREE;
    return 1;
}

static int
teach_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_teach *t = st;
    struct pview *p = vc->fam;
    int nsteps = p->d.res != NULL ? p->d.res->nsteps : 0;

    if (teach_scroll(t, vc, act))
        return UI_REDRAW;
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
        t->win.x = t->win.y = 0;
        t->pinned = 0;
        return UI_REDRAW;
    case ACT_BIG:
        t->big = t->big < 0 ? !t->projector : !t->big;
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
