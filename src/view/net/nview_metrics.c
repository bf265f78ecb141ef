/*
 * nview_metrics: the Metrics view -- Jain's Ch. 4 indicators (Tables 4.1
 * and 4.2) of what the link views show (the sum of the phases, or the
 * phase picked with '[' and ']'), as `rho --batch --metrics` prints them
 * and from the same functions (model_net_features()): per link class the
 * average and maximum bytes, the links above the mean (AO) and the top
 * 5% (TO); the messages' dilation; the injection FIFO approximation; the
 * 19 features of Table 4.2 over all links, "-" for the stall ones a
 * functional model cannot give. Below them what the thesis puts next to
 * them: the cost model of Tables 8.1/8.2 for collective traffic
 * (model_net_costs()) and the design's cost and rate per dollar of Sec.
 * 6.3/6.4 (net_cost_estimate(), as --compare reports it).
 *
 * Its state: the first line shown (it scrolls), and the indicators of
 * the run and phase shown. They cost O(links + messages) -- seconds on
 * the thesis system -- so the run makes them on a thread of its own the
 * first time the view shows that run and phase (net_run_features()), and
 * the view says "computing the metrics" with the part done meanwhile;
 * the rest of the explorer stays live, Esc stops them, Enter starts them
 * again.
 */
#include "view/net/nview_ui.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/base/units.h"
#include "core/net/net_design.h"
#include "view/keys.h"
#include "view/roles.h"
#include "view/ui.h"

#define COSTS_MAX NET_RUN_COLL_MAX

/* The indicators of the run and phase shown: asked of the run (which
   starts them the first time), collected when made. */
static void
metrics_sync(void *st, struct view_ctx *vc)
{
    struct nview_metrics *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    struct nview_show sh;
    const char *why;

    if (lr == NULL)
        return;
    sh = nview_show(vc->fam, lr);
    t->state =
        net_run_features(lr, sh.phase, NET_FEAT_ASK, &t->f, &t->frac, &why);
    snprintf(t->err, sizeof t->err, "%.200s", why);
    t->of = lr->id;
    t->of_phase = sh.phase;
    if (t->state == NET_FEAT_COMPUTING)
        ui_pending(vc->u); /* redraw the progress, and the end */
}

/* Where the lines go: line k of the view is row k - first of v, if v is
   not NULL and the row is inside it. */
struct out {
    const struct cview *v;
    int first, line;
};

static const struct cview *
at(struct out *o, int *row)
{
    *row = o->line - o->first;
    if (o->v == NULL || *row < 0 || *row >= o->v->h)
        return NULL;
    return o->v;
}

static void line(struct out *o, int role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
line(struct out *o, int role, const char *fmt, ...)
{
    const struct cview *v;
    char buf[512];
    va_list ap;
    int row;

    if ((v = at(o, &row)) != NULL) {
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        cview_text(v, 1, row, v->w - 2, role, buf);
    }
    o->line++;
}

/* The cells of class c's row of the class table. */
#define NCOLS 8
static void
class_cells(const struct net_class_features *c, char b[NCOLS][48])
{
    snprintf(b[0], sizeof b[0], "%s", c->name);
    units_fmt_int(b[1], sizeof b[1], c->links);
    units_fmt_size(b[2], sizeof b[2], c->avg);
    units_fmt_size(b[3], sizeof b[3], c->max);
    units_fmt_size(b[4], sizeof b[4], c->avg_ao);
    units_fmt_int(b[5], sizeof b[5], c->n_ao);
    units_fmt_size(b[6], sizeof b[6], c->avg_to);
    units_fmt_size(b[7], sizeof b[7], c->avg_to_nearmax);
}

/* The table of bytes on links per class: each column as wide as its
   widest cell and a blank, the rightmost dropped first when they do not
   fit. */
static void
class_table(struct out *o, const struct net_features *f, int w)
{
    static const char *const head[NCOLS] = {"class",  "links",      "avg",
                                            "max",    "avg AO",     "#links AO",
                                            "avg TO", "avg TOmax"};
    int cw[NCOLS], ncols, x, row;
    const struct cview *v;
    char buf[NCOLS][48];

    for (int i = 0; i < NCOLS; i++)
        cw[i] = (int)strlen(head[i]) + (i > 0);
    for (int k = 0; k < f->nclasses; k++) {
        if (f->cls[k].links == 0)
            continue;
        class_cells(&f->cls[k], buf);
        for (int i = 0; i < NCOLS; i++) {
            int n = (int)strlen(buf[i]) + (i > 0);
            if (n > cw[i])
                cw[i] = n;
        }
    }
    for (x = 1, ncols = 0; ncols < NCOLS; ncols++)
        x += cw[ncols];
    for (int i = 1; i < NCOLS && x + NCOLS - 1 <= w; i++)
        cw[i]++; /* two blanks between columns where there is room */
    for (x = 1, ncols = 0; ncols < NCOLS && x + cw[ncols] <= w; ncols++)
        x += cw[ncols];
    for (int k = -1; k < f->nclasses; k++) {
        const struct net_class_features *c = k >= 0 ? &f->cls[k] : NULL;
        if (c != NULL && c->links == 0)
            continue;
        if ((v = at(o, &row)) != NULL) {
            if (c != NULL)
                class_cells(c, buf);
            x = 1;
            for (int i = 0; i < ncols; i++) {
                const char *s = c != NULL ? buf[i] : head[i];
                int role = c == NULL ? ROLE_HEADER : ROLE_DEFAULT;
                if (i == 0)
                    cview_text(v, x, row, cw[0], role, s);
                else
                    cview_text_right(v, x, row, cw[i], role, s);
                x += cw[i];
            }
        }
        o->line++;
    }
}

/* The 19 features of Table 4.2, as many to a row as fit. */
static void
table42(struct out *o, const struct net_features *f, int w)
{
    enum { CELL = 34 };
    int per = w / CELL > 0 ? w / CELL : 1;
    int rows = (NET_FEATURES + per - 1) / per, row;
    const struct cview *v;
    char val[48];

    for (int r = 0; r < rows; r++) {
        if ((v = at(o, &row)) != NULL)
            for (int c = 0; c < per; c++) {
                int i = c * rows + r; /* down the columns, in the table's
                                         order */
                if (i >= NET_FEATURES)
                    continue;
                cview_text(v, 1 + c * CELL + 1, row, 20, ROLE_DIM,
                           net_feature_names[i]);
                cview_text_right(v, 1 + c * CELL + 21, row, CELL - 23,
                                 net_feature_computed(i) ? ROLE_DEFAULT
                                                         : ROLE_DIM,
                                 net_feature_text(f, i, val, sizeof val));
            }
        o->line++;
    }
}

/* The cost model of Tables 8.1/8.2 for the collectives of the phase
   shown (every phase for the sum). */
static void
costs(struct out *o, const struct net_run *lr, const struct nview_show *sh)
{
    const struct net_scen *l = lr->scen->net;
    const struct net_run_costs *rc = net_run_costs(lr);
    struct net_coll_cost mine[COSTS_MAX];
    const struct net_coll_cost *c = rc != NULL ? rc->coll : mine;
    int n = rc != NULL ? rc->ncoll
                       : model_net_costs(lr->scen, lr->res, mine, COSTS_MAX),
        shown = 0;
    char a[48], b[48], d[48], e[48], g[48], who[96], red[96];

    for (int i = 0; i < n && i < COSTS_MAX; i++) {
        const struct net_coll_cost *k = &c[i];
        if (sh->phase > 0 && k->phase != sh->phase - 1)
            continue;
        if (shown++ == 0) {
            line(o, ROLE_DEFAULT, "%s", "");
            line(o, ROLE_HEADER,
                 "collectives: the cost model of Tables 8.1 and 8.2 (n b on "
                 "the busiest link, g per byte reduced)");
        }
        who[0] = '\0';
        if (l->njobs > 1)
            snprintf(who, sizeof who, "job %s, ", l->job[k->job].name);
        if (sh->nphases > 0)
            snprintf(who + strlen(who), sizeof who - strlen(who), "phase %d, ",
                     k->phase + 1);
        red[0] = '\0';
        if (k->cost.gamma != 0)
            snprintf(red, sizeof red, " + %g n g", k->cost.gamma);
        line(o, ROLE_DEFAULT, "%s%s: %s = %.6g n b%s", who, k->cost.source,
             k->cost.formula, k->cost.beta, red);
        if (k->link < 0)
            continue;
        red[0] = '\0';
        if (k->cost.gamma != 0 && l->gamma > 0)
            snprintf(red, sizeof red, " + %s reduced",
                     units_fmt_time(a, sizeof a, k->reduce_time));
        else if (k->cost.gamma != 0)
            snprintf(red, sizeof red, " + %g n g", k->cost.gamma);
        line(o, ROLE_DEFAULT,
             "  n = %s, b = 1 / %s: the table predicts %s%s; on rho's links "
             "(the busiest carries %s) %s%s",
             units_fmt_size(a, sizeof a, k->cost.bytes),
             units_fmt_rate(b, sizeof b, 1 / k->beta),
             units_fmt_time(d, sizeof d, k->table_time), red,
             units_fmt_size(e, sizeof e, k->busiest),
             units_fmt_time(g, sizeof g, k->link_time), red);
    }
}

/* The design's cost (Sec. 6.3) and rate per dollar (Sec. 6.4), as
   --compare reports them. */
static void
design(struct out *o, const struct net_run *lr, const struct nview_show *sh)
{
    const struct net_scen *l = lr->scen->net;
    const struct net_run_costs *rc = net_run_costs(lr);
    struct net_cost c;
    double time = sh->st->phase_time_ext, rate;
    char a[48], b[48], d[48];

    if (rc != NULL) /* made with the indicators */
        c = rc->design;
    else
        net_cost_estimate(l->net,
                          l->net_spec.kind == NET_TOPO_PROTO
                              ? l->net_spec.proto.radix
                              : 0,
                          &c);
    rate = time > 0 ? sh->st->total_bytes / time : 0;
    line(o, ROLE_DEFAULT, "%s", "");
    line(o, ROLE_HEADER,
         "design: the cost model of Sec. 6.3 (a model to compare designs, "
         "not a quote) and the rate per dollar of Sec. 6.4");
    line(o, ROLE_DEFAULT,
         "%lld routers of radix %d, %lld cables (%lld optical, %.0f m): "
         "$%.3gM, routers %.0f%%",
         c.routers, c.radix, c.cables, c.optical, c.cable_m, c.usd / 1e6,
         c.usd > 0 ? 100 * c.router_usd / c.usd : 0);
    line(o, ROLE_DEFAULT, "%s in %s (the phase estimate): %s, %.4g B/s/$",
         units_fmt_size(a, sizeof a, sh->st->total_bytes),
         units_fmt_time(b, sizeof b, time), units_fmt_rate(d, sizeof d, rate),
         c.usd > 0 ? rate / c.usd : 0);
}

/*
 * The lines of the view from line `first` into v (NULL: count them only),
 * w columns wide; returns how many lines there are.
 */
static int
layout(const struct nview_metrics *t, const struct net_run *lr,
       const struct nview_show *sh, const struct cview *v, int first, int w)
{
    const struct net_features *f = t->f;
    struct out o = {v, first, 0};
    char a[48], b[64], c[48];

    if (t->state == NET_FEAT_STOPPED) {
        line(&o, ROLE_DIM,
             "the metrics were stopped (Esc) before they were made: Enter "
             "computes them again");
        return o.line;
    }
    if (f == NULL && t->state == NET_FEAT_FAILED) {
        line(&o, ROLE_ERROR, "metrics: %s", t->err);
        return o.line;
    }
    if (f == NULL) { /* computing (or about to) */
        line(&o, ROLE_DIM, "computing the metrics\u2026 %d%% (Esc stops)",
             (int)(100 * t->frac));
        line(&o, ROLE_DIM,
             "(every message is routed once more: seconds on a large "
             "system; the other views stay live)");
        return o.line;
    }
    line(&o, ROLE_HEADER,
         "Jain 4.1/4.2, bytes on links (AO: > mean, TO: top 5%%, TOmax: "
         ">= 0.95 max)");
    class_table(&o, f, w);
    line(&o, ROLE_DEFAULT,
         "dilation  %.4g hops on average on the minimal route, %g at most",
         f->avg_dilation, f->max_dilation);
    line(&o, ROLE_DEFAULT,
         "          %s of %s above the mean: avg %.4g, sum %s",
         units_fmt_int(a, sizeof a, f->n_dilation_ao),
         units_fmt_count(b, sizeof b, f->msgs, "message"), f->avg_dilation_ao,
         net_feature_text(f, 2, c, sizeof c)); /* sum dilation AO */
    line(&o, ROLE_DEFAULT,
         "inj FIFO  %s at most in one (approximated: one FIFO per out-link)",
         units_fmt_count(a, sizeof a, f->max_inj_fifo, "message"));
    line(&o, ROLE_DEFAULT, "%s", "");
    line(&o, ROLE_HEADER,
         "Table 4.2 over all links (-: needs buffers and packets, a "
         "packet-level model)");
    table42(&o, f, w);
    costs(&o, lr, sh);
    design(&o, lr, sh);
    return o.line;
}

static void
metrics_draw(const void *st, const struct cview *v,
             const struct view_draw_ctx *dc)
{
    const struct nview_metrics *t = st;
    struct cview b, body;
    const struct net_run *lr = nview_frame(v, dc, &b);
    struct nview_show sh;
    int n, first, rows;

    if (lr == NULL)
        return;
    sh = nview_show(dc->fam, lr);
    if (t->of != lr->id || t->of_phase != sh.phase) {
        cview_text(&b, 1, 0, b.w - 2, ROLE_DIM, "computing the metrics\u2026");
        return;
    }
    n = layout(t, lr, &sh, NULL, 0, b.w - 2);
    rows = n > b.h ? b.h - 1 : b.h; /* a row to say there is more */
    first = nview_clamp(t->first, 0, n > rows ? n - rows : 0);
    body = cview_sub(&b, 0, 0, b.w, rows);
    layout(t, lr, &sh, &body, first, b.w - 2);
    if (n > rows)
        cview_printf(&b, 1, b.h - 1, b.w - 2, ROLE_DIM,
                     "lines %d-%d of %d (Up, Down, PgUp, PgDn scroll)",
                     first + 1, first + rows, n);
}

/* The motions scroll: a line, a page (the rows shown less one), the
   ends. */
static int
metrics_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_metrics *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    struct nview_show sh;
    int n, rows, page, m, d = keys_motion(act);

    if (lr == NULL)
        return VIEW_NOT_MINE;
    sh = nview_show(vc->fam, lr);
    if (act == ACT_STOP && t->state == NET_FEAT_COMPUTING) {
        /* the metrics, and the models' runs that compute too */
        const struct model_entry *me;
        char what[160] = "";
        size_t len = 0;
        for (int k = 0; (me = session_model(vc->ss, k)) != NULL; k++) {
            struct session_run r;
            if (session_run(vc->ss, me, &r) == 0 && r.busy &&
                len < sizeof what)
                len += (size_t)snprintf(what + len, sizeof what - len,
                                        " and the %s", me->title);
        }
        session_stop(vc->ss);
        net_run_features_stop(lr);
        t->state = NET_FEAT_STOPPED;
        ui_status(vc->u, 0, "stopped the metrics%s: Enter computes them again",
                  what);
        return UI_REDRAW;
    }
    if (act == ACT_OPEN && t->state == NET_FEAT_STOPPED) {
        const char *why;
        t->state = net_run_features(lr, sh.phase, NET_FEAT_AGAIN, &t->f,
                                    &t->frac, &why);
        ui_status(vc->u, 0, "the metrics start again");
        return UI_REDRAW;
    }
    if (d == 0)
        return VIEW_NOT_MINE;
    rows = vc->h - nview_header_rows(vc->ss, vc->fam);
    n = layout(t, lr, &sh, NULL, 0, vc->w - 2);
    if (n > rows)
        rows--;
    page = rows > 2 ? rows - 1 : 1;
    m = n > rows ? n - rows : 0;
    if (d == 10 || d == -10)
        d = d > 0 ? page : -page;
    t->first = nview_clamp(nview_clamp(t->first, 0, m) + d, 0, m);
    return UI_REDRAW;
}

const struct view_entry nview_metrics_entry = {
    .name = "metrics",
    .title = "Metrics",
    .family = &nview_family,
    .size = sizeof(struct nview_metrics),
    .sync = metrics_sync,
    .draw = metrics_draw,
    .key = metrics_key,
};
