/*
 * nview_links: the Links view -- the hottest links of the run, a row
 * each (nview_hottest()). Enter explains the selected link in the status
 * line (the model's explain); '/' finds a link among them. Its state:
 * the selected row.
 */
#include "view/net/nview_ui.h"

#include <string.h>

#include "core/base/strbuf.h"
#include "view/keys.h"
#include "view/ui.h"

static void
links_draw(const void *st, const struct cview *v,
           const struct view_draw_ctx *dc)
{
    const struct nview_links *t = st;
    struct cview b;
    const struct net_run *lr = nview_frame(v, dc, &b);
    struct nview_opts o = {HEAT_LINEAR, 0, NVIEW_MEAN};
    struct nview_show sh;

    if (lr == NULL)
        return;
    sh = nview_show(dc->fam, lr);
    o.peak = sh.peak;
    nview_hottest(b.c, b.x, b.y, b.w, b.h, lr->scen->net->net, sh.bytes, sh.st,
                  -1, t->row, &o);
}

/* The selected link explained in the status line. */
static int
explain_link(struct nview_links *t, struct view_ctx *vc,
             const struct net_run *lr)
{
    static int top[NVIEW_TOP_MAX];
    const struct net *net = lr->scen->net->net;
    struct nview_show sh = nview_show(vc->fam, lr);
    int want = nview_clamp(t->row + 1, 1, NVIEW_TOP_MAX);
    int n = nview_top(net, sh.bytes, -1, want, top);
    struct rho_err err;
    struct strbuf sb;

    if (n < want) {
        ui_status(vc->u, 1, "no link on row %d carries traffic", t->row + 1);
        return UI_REDRAW;
    }
    strbuf_init(&sb);
    if (net_run_explain_phase(lr, sh.phase, top[want - 1], &sb, &err) == 0) {
        size_t len = sb.len; /* one line, without its newline */
        if (len > 0 && strbuf_str(&sb)[len - 1] == '\n')
            len--;
        ui_status(vc->u, 0, "%.*s", (int)len, strbuf_str(&sb));
    } else {
        ui_status(vc->u, 1, "%s", err.msg);
    }
    strbuf_fini(&sb);
    return UI_REDRAW;
}

static int
links_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_links *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    int r;

    if (lr == NULL)
        return VIEW_NOT_MINE;
    if (act == ACT_OPEN)
        return explain_link(t, vc, lr);
    if ((r = nview_moved(t->row, net_links(lr->scen->net->net), act)) < 0)
        return VIEW_NOT_MINE;
    t->row = r;
    return UI_REDRAW;
}

/* The next of the hottest links whose name holds text. */
static int
links_find(void *st, struct view_ctx *vc, const char *text)
{
    static int top[NVIEW_TOP_MAX];
    struct nview_links *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net *net;
    char name[NET_NAME_MAX];
    int n;

    if (lr == NULL)
        return 0;
    net = lr->scen->net->net;
    n = nview_top(net, nview_show(vc->fam, lr).bytes, -1, NVIEW_TOP_MAX, top);
    for (int k = 1; k <= n; k++) {
        int i = (t->row + k) % n;
        if (strstr(net_link_name(net, top[i], name, sizeof name), text)) {
            t->row = i;
            ui_status(vc->u, 0, "found %s, the %d%s hottest link", name, i + 1,
                      i == 0   ? "st"
                      : i == 1 ? "nd"
                      : i == 2 ? "rd"
                               : "th");
            return 1;
        }
    }
    ui_status(vc->u, 1, "'%s' is not among the %d hottest links", text, n);
    return 0;
}

const struct view_entry nview_links_entry = {
    .name = "links",
    .title = "Links",
    .family = &nview_family,
    .size = sizeof(struct nview_links),
    .draw = links_draw,
    .key = links_key,
    .find = links_find,
};
