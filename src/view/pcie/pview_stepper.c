/*
 * pview_stepper: the Stepper view -- Algorithm 1 on the step shown, one
 * frame at a time (view/pcie/pview_frames.h): the frame's sentence, the
 * columns A B C D8 D9 so far, every present flow's factor after the
 * frame (those it changed marked), and the port it acts at. Space and
 * Backspace step; a new time step starts again at frame 1. Its state:
 * the frames of the step shown, built by its sync, and the frame.
 */
#include "view/pcie/pview.h"

#include <math.h>
#include <stdio.h>

#include "core/base/strbuf.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

static void
stepper_view_fini(void *st)
{
    struct pview_stepper *t = st;

    pview_frames_fini(&t->st);
}

/* The frames of the family's step, made again when it was; the frame in
   range. */
static void
stepper_sync(void *st, struct view_ctx *vc)
{
    struct pview_stepper *t = st;
    const struct pview *p = vc->fam;

    if (t->of != p->evals) {
        pview_frames_fini(&t->st);
        if (p->d.m != NULL)
            pview_frames_build(&t->st, p->d.s, p->d.m, 0);
        t->of = p->evals;
    }
    if (t->moves != p->moves) { /* another time step: from the start */
        t->frame = 0;
        t->moves = p->moves;
    }
    if (t->st.n > 0 && t->frame >= t->st.n)
        t->frame = t->st.n - 1;
    if (t->frame < 0)
        t->frame = 0;
}

/* The flows present in the step, and the rows of a view w x h (its area,
   pview_area()) their table gets after the frame's sentence. */
static int
present(const struct pview_step *d)
{
    int np = 0;

    for (int i = 0; i < d->s->nflows; i++)
        np += d->state[i] != FS_LATER && d->state[i] != FS_DONE;
    return np;
}

static int
table_rows(const struct pview_frame *fr, const char *hidden, int nflows, int w,
           int h)
{
    struct canvas tmp;
    struct strbuf sb;
    int lines;

    strbuf_init(&sb);
    pview_frame_show(fr->text, fr->marked, hidden, nflows, &sb);
    canvas_init(&tmp, w > 3 ? w - 2 : 1, 1, 1);
    lines = canvas_wrap(&tmp, 0, 0, tmp.w, 5, ROLE_DEFAULT, strbuf_str(&sb));
    canvas_fini(&tmp);
    strbuf_fini(&sb);
    /* title, columns, blank, the sentence, blank, header; the port line */
    return h - (3 + (lines < 5 ? lines : 5) + 2) - 1;
}

/* Where the window of rows rows from top is on the np flows: right of
   the header at row y when it fits there ("flows 3-4 of 5", else
   "3-4/5"), else on the blank row above it, right-aligned. */
static void
window_line(const struct cview *a, int y, int top, int rows, int np)
{
    char pos[64];
    int room = a->w - 59; /* right of the D9 column */

    snprintf(pos, sizeof pos, "flows %d-%d of %d", top + 1, top + rows, np);
    if (utf8_width(pos) <= room) {
        cview_text(a, 58, y, room, ROLE_DIM, pos);
        return;
    }
    snprintf(pos, sizeof pos, "%d-%d/%d", top + 1, top + rows, np);
    if (utf8_width(pos) <= room) {
        cview_text(a, 58, y, room, ROLE_DIM, pos);
        return;
    }
    snprintf(pos, sizeof pos, "flows %d-%d of %d (j/k)", top + 1, top + rows,
             np);
    if (utf8_width(pos) > a->w - 2)
        snprintf(pos, sizeof pos, "%d-%d/%d", top + 1, top + rows, np);
    cview_text_right(a, 0, y - 1, a->w - 1, ROLE_DIM, pos);
}

static void
stepper_draw(const void *st, const struct cview *v,
             const struct view_draw_ctx *dc)
{
    static const char *const col[] = {"A", "B", "C", "D8", "D9"};
    const struct pview_stepper *t = st;
    const struct pview *p = dc->fam;
    const struct pview_step *d = &p->d;
    struct cview a = pview_area(v);
    const struct pview_frame *fr;
    int y, nf = d->s->nflows, np = present(d), rows, top, row = 0;
    struct strbuf sb;

    if (d->m == NULL || t->st.n == 0) {
        cview_text(&a, 1, 0, a.w - 2, ROLE_DIM, "nothing to step");
        return;
    }
    fr = &t->st.frame[t->frame];
    cview_printf(&a, 1, 0, a.w - 2, ROLE_HEADER,
                 "Algorithm 1, time step %d: frame %d of %d (Space next, "
                 "Backspace back)",
                 d->k + 1, t->frame + 1, t->st.n);
    for (int k = 0; k < 5; k++) /* the columns so far */
        cview_text(&a, 1 + 5 * k, 1, 4,
                   k == fr->step ? ROLE_TAB_ACTIVE : ROLE_TAB, col[k]);
    cview_text(&a, 28, 1, a.w - 29, ROLE_DIM, "* changed by this frame");
    y = 3;
    /* a hidden flow's numbers as "?", and the results */
    strbuf_init(&sb);
    pview_frame_show(fr->text, fr->marked, dc->hidden, nf, &sb);
    y += cview_wrap(&a, 1, y, a.w - 2, 5, ROLE_EMPHASIS, strbuf_str(&sb));
    strbuf_fini(&sb);
    y++;
    cview_text(&a, 1, y, 16, ROLE_HEADER, "flow");
    for (int k = 0; k < 5; k++)
        cview_text_right(&a, 16 + 8 * k, y, 7, ROLE_HEADER, col[k]);
    rows = table_rows(fr, dc->hidden, nf, a.w, a.h);
    top = t->top > np - rows ? np - rows : t->top;
    top = top < 0 ? 0 : top;
    if (rows > 0 && np > rows) /* where the window is on the flows */
        window_line(&a, y, top, rows, np);
    y++;
    for (int i = 0; i < nf && y < a.h - 1; i++) {
        char name[64];
        if (d->state[i] == FS_LATER || d->state[i] == FS_DONE)
            continue; /* not present */
        if (row++ < top)
            continue; /* above the window */
        snprintf(name, sizeof name, "%d %s\u2192%s", i + 1,
                 pview_node_name(d->s, d->s->flow[i].src),
                 pview_node_name(d->s, d->s->flow[i].dst));
        cview_text(&a, 1, y, 15, i == p->flow ? ROLE_PATH : ROLE_DEFAULT, name);
        for (int k = 0; k <= fr->step; k++) {
            /* the value after the last frame of column k up to now */
            double val = NAN;
            int changed = 0;
            for (int f = 0; f <= t->frame; f++)
                if (t->st.frame[f].step == k) {
                    val = t->st.frame[f].factor[i];
                    changed = f == t->frame && t->st.frame[f].changed[i];
                }
            if (isnan(val))
                continue;
            if (dc->hidden != NULL && dc->hidden[i])
                /* a lesson's open question asks for its numbers */
                cview_text_right(&a, 16 + 8 * k, y, 7, ROLE_DIM, "?");
            else
                cview_printf(&a, 16 + 8 * k, y, 7,
                             changed ? ROLE_STEP_CHANGED : role_factor(val),
                             "%7.4f", val);
            if (changed) /* a mark that reads without colour too */
                cview_put(&a, 23 + 8 * k, y, '*', ROLE_STEP_CHANGED);
        }
        y++;
    }
    if (fr->chan >= 0 && y + 1 < a.h) {
        char ch[96];
        pcie_chan_name(d->s->pcie, fr->chan, ch, sizeof ch);
        cview_printf(&a, 1, a.h - 1, a.w - 2, ROLE_PATH, "at port %s", ch);
    }
}

static int
clamp(int v, int lo, int hi)
{
    return v > hi ? hi : v < lo ? lo : v;
}

static int
stepper_key(void *st, struct view_ctx *vc, int act)
{
    struct pview_stepper *t = st;
    const struct pview *p = vc->fam;
    int moved = keys_motion(act);

    if (moved != 0 && t->st.n > 0 && p->d.m != NULL) {
        /* Up, Down, PgUp, PgDn, Home, End: the window on the flows */
        int np = present(&p->d), rows;
        /* (the sentence as it shows with nothing hidden: as long) */
        rows = table_rows(&t->st.frame[t->frame], NULL, 0,
                          vc->w > 0 ? vc->w : 80, vc->h > 1 ? vc->h - 1 : 23);
        rows = rows > 1 ? rows : 1;
        if (act == ACT_PAGE_UP || act == ACT_PAGE_DOWN)
            moved = moved < 0 ? -(rows - 1) : rows - 1;
        t->top = clamp(t->top + moved, 0, np - rows);
        return UI_REDRAW;
    }
    switch (act) {
    case ACT_STEP_NEXT:
        if (t->frame + 1 < t->st.n)
            t->frame++;
        return UI_REDRAW;
    case ACT_STEP_PREV:
        if (t->frame > 0)
            t->frame--;
        return UI_REDRAW;
    default:
        return VIEW_NOT_MINE;
    }
}

static int
stepper_frames(const void *st)
{
    const struct pview_stepper *t = st;

    return t->st.n;
}

static int
stepper_frame(void *st, struct view_ctx *vc, const char *spec,
              struct rho_err *err)
{
    struct pview_stepper *t = st;
    const struct pview *p = vc->fam;
    int f;

    if ((f = pview_frames_find(&t->st, p->d.s, spec, err)) < 0)
        return -1;
    t->frame = f;
    return 0;
}

const struct view_entry pview_stepper_entry = {
    .name = "stepper",
    .title = "Stepper",
    .family = &pview_family,
    .size = sizeof(struct pview_stepper),
    .fini = stepper_view_fini,
    .sync = stepper_sync,
    .draw = stepper_draw,
    .key = stepper_key,
    .frames = stepper_frames,
    .frame = stepper_frame,
};
