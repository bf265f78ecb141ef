/*
 * nview_classes: the Classes view -- the statistics of the bytes per
 * link class as box plots on one scale and the selected class's
 * histogram (nview_stats()). Its state: the selected class, and its
 * histogram counted once per run, phase, class and width in sync (a pass
 * over every link: tens of ms on the thesis system, which a draw must
 * not spend).
 */
#include "view/net/nview_ui.h"

#include "view/ui.h"

static void
classes_sync(void *st, struct view_ctx *vc)
{
    struct nview_classes *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    struct nview_show sh;
    int cls;

    if (lr == NULL || vc->w < 1)
        return;
    sh = nview_show(vc->fam, lr);
    if (t->row < 0 || t->row >= sh.st->nclasses)
        return;
    cls = sh.st->cls[t->row].cls;
    if (t->hist_of == lr->id && t->hist_phase == sh.phase &&
        t->hist.cls == cls && t->hist.w == vc->w)
        return;
    nview_hist_count(&t->hist, lr->scen->net->net, sh.bytes, cls, vc->w);
    t->hist_of = lr->id;
    t->hist_phase = sh.phase;
}

static void
classes_draw(const void *st, const struct cview *v,
             const struct view_draw_ctx *dc)
{
    const struct nview_classes *t = st;
    struct cview b;
    const struct net_run *lr = nview_frame(v, dc, &b);

    struct nview_show sh;

    if (lr == NULL)
        return;
    sh = nview_show(dc->fam, lr);
    nview_stats(b.c, b.x, b.y, b.w, b.h, lr->scen->net->net, sh.bytes, sh.st,
                t->row,
                t->hist_of == lr->id && t->hist_phase == sh.phase ? &t->hist
                                                                  : NULL);
}

static int
classes_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_classes *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    int r;

    if (lr == NULL || (r = nview_moved(t->row, lr->st->nclasses, act)) < 0)
        return VIEW_NOT_MINE;
    t->row = r;
    return UI_REDRAW;
}

const struct view_entry nview_classes_entry = {
    .name = "classes",
    .title = "Classes",
    .family = &nview_family,
    .size = sizeof(struct nview_classes),
    .sync = classes_sync,
    .draw = classes_draw,
    .key = classes_key,
};
