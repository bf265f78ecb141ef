/*
 * nview_rounds: the Rounds view -- the adaptive solve's allocation
 * rounds one at a time: what the round did in words, the bandwidth
 * granted per round, and the links granted most in it (while the run
 * kept per-link grants). Space and Backspace step; the arrows, PgUp,
 * PgDn, Home and End move the window on the text (view/scroll.h). Its
 * state: the round and the window.
 */
#include "view/net/nview_ui.h"

#include <stdio.h>

#include "core/base/units.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

static void
rounds_sync(void *st, struct view_ctx *vc)
{
    struct nview_rounds *t = st;
    const struct net_run *lr = nview_run(vc->ss);

    if (lr != NULL && lr->nrounds > 0 && t->round >= lr->nrounds)
        t->round = lr->nrounds - 1;
}

/* A sentence on what round k of the solve did. */
static void
round_text(const struct net_run *lr, int k, char *buf, size_t n)
{
    const struct net_run_round *r = &lr->round[k];
    char a[48], b[48], c[48], d[48];

    snprintf(buf, n,
             "Round %d of %d: %.0f%% of every link's bandwidth is exposed. "
             "%s of %s still ask (their tightest link has "
             "bandwidth left); each asks in proportion to its message's "
             "bytes and its tightest link, each link is shared among the "
             "paths asking it in proportion to their requests, and a path "
             "gets the least of its links' shares. This round granted %s in "
             "all; %s stays unused.",
             k + 1, lr->nrounds, 100 * r->exposed,
             units_fmt_int(c, sizeof c, r->asking),
             units_fmt_count(d, sizeof d, r->paths, "path"),
             units_fmt_rate(a, sizeof a, r->granted),
             units_fmt_rate(b, sizeof b, r->remaining));
}

#define ROUNDS_MINW 72   /* the text's columns, at least: less scrolls */
#define ROUNDS_ROWS 160  /* rounds drawn, at most (around the one shown) */
#define ROUNDS_LINKS 24  /* links granted most, at most */

/* Granted per round: a bar per round around round k, k marked, each
   with its value after it, under a caption giving a full bar's value, from
   row y of b; returns the row after them. */
static int
granted(const struct cview *b, const struct net_run *lr, int k, int y)
{
    double max = 0;
    int w = b->w - 14 - 12,
        show = lr->nrounds < ROUNDS_ROWS ? lr->nrounds : ROUNDS_ROWS;
    int from = k - show / 2 < 0 ? 0 : k - show / 2;
    char v[48];

    if (w < 10)
        w = 10;
    if (from + show > lr->nrounds)
        from = lr->nrounds - show;
    for (int i = 0; i < lr->nrounds; i++)
        if (lr->round[i].granted > max)
            max = lr->round[i].granted;
    cview_printf(b, 1, y++, b->w - 2, ROLE_HEADER,
                 "granted per round (a full bar: %s)",
                 units_fmt_rate(v, sizeof v, max));
    for (int i = from; i < from + show && y < b->h; i++, y++) {
        int role = i == k ? ROLE_STEP_CURRENT : ROLE_NUMBER;
        cview_printf(b, 1, y, 10, role, "%5d", i + 1);
        cview_bar(b, 8, y, w, max > 0 ? lr->round[i].granted / max : 0,
                  i == k ? ROLE_STEP_CURRENT : ROLE_TIMELINE_BAR,
                  ROLE_PROGRESS_EMPTY);
        cview_text_right(b, 8 + w + 1, y, 11, role,
                         units_fmt_rate(v, sizeof v, lr->round[i].granted));
    }
    return y;
}

/* The links granted most in round k, from row y of b. */
static void
granted_most(const struct cview *b, const struct net_run *lr, int k, int y)
{
    const struct net *net = lr->scen->net->net;
    int nl = net_links(net);
    const double *g = lr->granted + (size_t)k * (size_t)nl;
    const double *rem = lr->remaining + (size_t)k * (size_t)nl;
    int top[ROUNDS_LINKS], nt = 0, rows = b->h - y - 1;
    char name[NET_NAME_MAX], x[48], z[48];

    if (rows > ROUNDS_LINKS)
        rows = ROUNDS_LINKS;
    for (int l = 0; l < nl; l++) {
        int p;
        if (!(g[l] > 0))
            continue;
        if (nt < rows)
            nt++;
        else if (g[l] <= g[top[nt - 1]])
            continue;
        for (p = nt - 1; p > 0 && g[top[p - 1]] < g[l]; p--)
            top[p] = top[p - 1];
        top[p] = l;
    }
    cview_printf(b, 1, y++, b->w - 2, ROLE_HEADER, "%-28s %12s %12s",
                 "links granted most", "granted", "left");
    for (int i = 0; i < nt && y < b->h; i++, y++)
        cview_printf(b, 1, y, b->w - 2, ROLE_DEFAULT, "%-28.28s %12s %12s",
                     net_link_name(net, top[i], name, sizeof name),
                     units_fmt_rate(x, sizeof x, g[top[i]]),
                     units_fmt_rate(z, sizeof z, rem[top[i]]));
    if (nt == 0)
        cview_text(b, 1, y, b->w - 2, ROLE_DIM,
                   "no link granted anything this round");
}

/*
 * Round k of lr, all of it, into out (made here: canvas_fini() it) for a
 * body w wide (ROUNDS_MINW at least): the sentence, the bars per round,
 * the links granted most; its size into *cw, *ch.
 */
static void
round_content(const struct net_run *lr, int k, int w, int ascii,
              struct canvas *out, int *cw, int *ch)
{
    int tw = w > ROUNDS_MINW ? w : ROUNDS_MINW, y = 0, noted = 0;
    struct cview b;
    char text[1024], note[512];

    canvas_init(out, tw, 16 + ROUNDS_ROWS + ROUNDS_LINKS, ascii);
    b = cview_of(out, 0, 0, out->w, out->h);
    cview_printf(&b, 1, y++, b.w - 2, ROLE_STEP_CURRENT,
                 "round %d/%d  (Space next, Backspace previous)", k + 1,
                 lr->nrounds);
    round_text(lr, k, text, sizeof text);
    y += cview_wrap(&b, 1, y, b.w - 2, 12, ROLE_DEFAULT, text) + 1;
    /* (where the fast engine departs from the model, as the batch says;
       a blank line after) */
    if (net_note_exposure(lr->res, note, sizeof note)) {
        snprintf(text, sizeof text, "Exposed %s.", note);
        noted += cview_wrap(&b, 1, y + noted, b.w - 2, 4, ROLE_DIM, text);
    }
    if (net_note_sharing(lr->res, note, sizeof note)) {
        snprintf(text, sizeof text, "Shared paths: %s.", note);
        noted += cview_wrap(&b, 1, y + noted, b.w - 2, 4, ROLE_DIM, text);
    }
    y += noted > 0 ? noted + 1 : 0;
    y = granted(&b, lr, k, y) + 1;
    if (!lr->recorded)
        cview_text(&b, 1, y, b.w - 2, ROLE_DIM,
                   "(per-link grants are kept only for smaller runs)");
    else
        granted_most(&b, lr, k, y);
    scroll_extent(out, cw, ch);
}

static void
rounds_draw(const void *st, const struct cview *v,
            const struct view_draw_ctx *dc)
{
    const struct nview_rounds *t = st;
    struct cview b;
    const struct net_run *lr = nview_frame(v, dc, &b);
    struct canvas text;
    int cw, ch;

    if (lr == NULL)
        return;
    if (lr->nrounds == 0) {
        cview_wrap(
            &b, 1, 0, b.w - 2, b.h, ROLE_DEFAULT,
            "No allocation rounds: this routing is static, so every message's "
            "bytes are split over its paths in one pass, whatever the "
            "bandwidth. Press R to cycle the routing; AD, AI and AH allocate "
            "bandwidth round by round, and this view steps through the "
            "rounds (Space next, Backspace previous).");
        return;
    }
    round_content(lr, t->round, b.w, v->c->ascii, &text, &cw, &ch);
    scroll_blit(&b, &text, cw, ch, &t->sc);
    canvas_fini(&text);
}

static int
rounds_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_rounds *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    int n;

    if (lr == NULL)
        return VIEW_NOT_MINE;
    n = lr->nrounds;
    switch (act) {
    case ACT_STEP_NEXT:
    case ACT_STEP_PREV:
        if (n == 0) {
            ui_status(vc->u, 0,
                      "no allocation rounds: %s is static (R cycles the "
                      "routing; AD, AI and AH allocate)",
                      net_routing_name(lr->scen->net->routing));
            return UI_REDRAW;
        }
        t->round =
            nview_clamp(t->round + (act == ACT_STEP_NEXT ? 1 : -1), 0, n - 1);
        return UI_REDRAW;
    default:
        break;
    }
    if (n == 0)
        return VIEW_NOT_MINE;
    {   /* the keys that move the window on the round's text */
        struct canvas text;
        int cw, ch, w = vc->w > 0 ? vc->w : 80,
                    h = vc->h - nview_header_rows(vc->ss, vc->fam);
        round_content(lr, t->round, w, 0, &text, &cw, &ch);
        canvas_fini(&text);
        return scroll_key(&t->sc, act, 1, cw, ch, w, h > 0 ? h : 1)
                   ? UI_REDRAW
                   : VIEW_NOT_MINE;
    }
}

const struct view_entry nview_rounds_entry = {
    .name = "rounds",
    .title = "Rounds",
    .family = &nview_family,
    .size = sizeof(struct nview_rounds),
    .sync = rounds_sync,
    .draw = rounds_draw,
    .key = rounds_key,
};
