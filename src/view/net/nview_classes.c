/*
 * nview_classes: the Classes view -- the statistics of the bytes per
 * link class as box plots on one scale and the selected class's
 * histogram (nview_stats()). Its state: the selected class.
 */
#include "view/net/nview_ui.h"

#include "view/ui.h"

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
                t->row, NULL);
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
    .draw = classes_draw,
    .key = classes_key,
};
