/*
 * report_queue: the queueing model's section of a report (text, CSV,
 * YAML). See report.h.
 *
 * Text: what was modelled (levels, traffic, load), the levels at the
 * operating point, the saturation and bottleneck, every split of the
 * budget, the routing probabilities and the highest-level histogram
 * (networks with at most QR_MAX_P levels), and the link model's view of
 * each level. CSV: one row per (split, level), every number in full.
 * YAML: all of it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/strbuf.h"
#include "core/base/units.h"
#include "core/model_queue.h"
#include "core/net/net.h"
#include "report/report.h"
#include "report/csv.h"
#include "report/report_int.h"
#include "report/yamlout.h"
#include "view/plot.h"

#define QR_MAX_P 8 /* print p0, P and the histogram up to this many levels */
#define QR_TIE 1e-9
#define QR_POINTS 61 /* load points of the curves: 0 to 1.5 x saturation */
#define QR_PLOT_W 64
#define QR_PLOT_H 14

static const char *
rate(char *b, size_t n, double v)
{
    if (!isfinite(v))
        snprintf(b, n, v > 0 ? "unlimited" : "-");
    else
        units_fmt_rate(b, n, v);
    return b;
}

static const char *
delay(char *b, size_t n, double v)
{
    if (isinf(v))
        snprintf(b, n, "saturated");
    else
        units_fmt_time(b, n, v);
    return b;
}

/* The levels at the bottleneck of capacities mu: "L2", "L2 and L3", "all
   4 levels" (within QR_TIE of the saturation). */
static void
bottlenecks(const struct queue *q, const double *mu, char *b, size_t n)
{
    double sat = queue_saturation(q, mu, NULL);
    int m = 0, used = queue_used(q);
    size_t len = 0;

    b[0] = '\0';
    if (!isfinite(sat)) {
        snprintf(b, n, "none");
        return;
    }
    for (int i = 0; i < q->k; i++)
        if (q->v[i] > 0 &&
            (mu[i] > 0 ? mu[i] / q->v[i] : 0) <= sat * (1 + QR_TIE))
            m++;
    if (m == used && used > 2) {
        snprintf(b, n, "all %d levels", used);
        return;
    }
    for (int i = 0, j = 0; i < q->k && len + 1 < n; i++)
        if (q->v[i] > 0 &&
            (mu[i] > 0 ? mu[i] / q->v[i] : 0) <= sat * (1 + QR_TIE)) {
            len += (size_t)snprintf(b + len, n - len, "%s%s",
                                    j == 0       ? ""
                                    : j == m - 1 ? " and "
                                                 : ", ",
                                    q->name[i]);
            j++;
        }
}

static const char *
level_desc(const struct queue_run *r)
{
    return r->map == NULL ? "given levels"
                          : queue_group_name(r->opt->group.kind);
}

static void
header(FILE *out, const struct queue_run *r)
{
    const struct scenario *s = r->scen;
    const struct queue_scen *o = r->opt;
    char a[64], b[64], c[64];
    long long links = 0;

    for (int i = 0; i < r->q->k; i++)
        links += r->q->n[i];
    fprintf(out, "%s\n", s->title);
    if (r->map != NULL) {
        const struct net_scen *l = s->net;
        fprintf(out, "network    %s: %s in %d levels (%s)\n", l->net_desc,
                units_fmt_count(a, sizeof a, links, "link"), r->q->k,
                level_desc(r));
        fprintf(out, "traffic    %s, %s through the network",
                units_fmt_count(a, sizeof a, r->t->routed, "message"),
                units_fmt_size(b, sizeof b, r->t->W));
        if (r->t->msgs > r->t->routed)
            fprintf(out, " (%s within a router, %s)",
                    units_fmt_int(a, sizeof a, r->t->msgs - r->t->routed),
                    units_fmt_size(b, sizeof b, r->t->bytes - r->t->W));
        fprintf(out, "; routing %s, placement %s\n",
                net_routing_name(l->routing), l->place_desc);
    } else {
        fprintf(out, "levels     %d given levels, %s\n", r->q->k,
                units_fmt_count(a, sizeof a, links, "link"));
    }
    if (o->load_rate)
        fprintf(out,
                "load       %s offered (%.3g of the saturation as "
                "built)",
                rate(a, sizeof a, r->lambda),
                r->sat0 > 0 ? r->lambda / r->sat0 : 0);
    else
        fprintf(out, "load       %.3g of the saturation as built: %s offered",
                o->load, rate(a, sizeof a, r->lambda));
    fprintf(out, "; packet %s, delay %s\n",
            units_fmt_size(b, sizeof b, o->opts.packet),
            o->opts.delay == QUEUE_PER_LINK ? "per link" : "aggregate");
    if (o->slim > 0 || o->split != QUEUE_BUILT || o->budget > 0)
        fprintf(out, "capacity   %s%sslimmed %.3g per level; budget %s\n",
                o->split != QUEUE_BUILT ? queue_policy_name(o->split) : "",
                o->split != QUEUE_BUILT ? " split, " : "", o->slim,
                rate(c, sizeof c, r->U));
    fputc('\n', out);
}

static void
levels_text(FILE *out, const struct queue_run *r)
{
    static const char *const head[] = {"level",    "links",     "link bw",
                                       "capacity", "visits",    "arrivals",
                                       "util",     "delay/hop", ""};
    const struct queue *q = r->q;
    struct tab t;
    char a[64], b[64];

    report_tab_init(&t, 9, head, "lrrrrrrrl");
    for (int i = 0; i < q->k; i++) {
        char **row = report_tab_row(&t);
        double bw = q->n[i] > 0 ? r->mu[i] / (double)q->n[i] : 0;
        row[0] = xstrdup(q->name[i]);
        row[1] = xstrdup(units_fmt_int(a, sizeof a, q->n[i]));
        if (r->mu[i] != q->mu[i] || q->bmin[i] == q->bmax[i])
            row[2] = xstrdup(rate(a, sizeof a, bw));
        else
            row[2] = report_strf("%s..%s", rate(a, sizeof a, q->bmin[i]),
                                 rate(b, sizeof b, q->bmax[i]));
        row[3] = xstrdup(rate(a, sizeof a, r->mu[i]));
        row[4] = report_strf("%.4f", q->v[i]);
        row[5] = xstrdup(rate(a, sizeof a, r->lv[i].x));
        row[6] = q->v[i] > 0 ? report_strf("%.1f%%", 100 * r->lv[i].rho)
                             : xstrdup("unused");
        row[7] = q->v[i] > 0 ? xstrdup(delay(a, sizeof a, r->lv[i].D))
                             : xstrdup("-");
        row[8] = xstrdup(i == r->pt.bottleneck ? "<- bottleneck" : "");
    }
    report_tab_print(&t, out);
}

static void
point_text(FILE *out, const struct queue_run *r)
{
    char a[64], b[64], c[64], bn[256];

    bottlenecks(r->q, r->mu, bn, sizeof bn);
    fprintf(out, "\nsaturation %s (bottleneck: %s)\n",
            rate(a, sizeof a, r->pt.sat), bn);
    fprintf(out, "throughput %s of %s offered; throttled %s (%.1f%%)\n",
            rate(a, sizeof a, r->pt.lambda_e), rate(b, sizeof b, r->lambda),
            rate(c, sizeof c, r->pt.d),
            r->lambda > 0 ? 100 * r->pt.d / r->lambda : 0);
    fprintf(out, "delay      %s end to end\n", delay(a, sizeof a, r->pt.delay));
}

static void
splits_text(FILE *out, const struct queue_run *r)
{
    static const char *const head[] = {"split",     "capacities", "saturation",
                                       "relative",  "throughput", "delay",
                                       "bottleneck"};
    const struct queue *q = r->q;
    size_t k = (size_t)q->k;
    struct tab t;
    char a[64], bn[256];

    fprintf(out, "\nsplits of %s (relative: saturation / as built)\n",
            rate(a, sizeof a, r->U));
    report_tab_init(&t, 7, head, "llrrrrl");
    for (int p = 0; p < QUEUE_POLICIES; p++) {
        char **row = report_tab_row(&t);
        const double *mu = r->pmu + (size_t)p * k;
        struct strbuf sb;
        strbuf_init(&sb);
        for (size_t i = 0; i < k && i < QR_MAX_P; i++)
            strbuf_printf(&sb, "%s%s", i ? " " : "", rate(a, sizeof a, mu[i]));
        if (k > QR_MAX_P)
            strbuf_puts(&sb, " ...");
        row[0] = report_strf("%s%s", queue_policy_name(p),
                             p == r->opt->split ? " *" : "");
        row[1] = xstrdup(strbuf_str(&sb));
        strbuf_fini(&sb);
        row[2] = xstrdup(rate(a, sizeof a, r->ppt[p].sat));
        row[3] =
            report_strf("%.4f", r->ppt[QUEUE_BUILT].sat > 0
                                    ? r->ppt[p].sat / r->ppt[QUEUE_BUILT].sat
                                    : 0);
        row[4] = xstrdup(rate(a, sizeof a, r->ppt[p].lambda_e));
        row[5] = xstrdup(delay(a, sizeof a, r->ppt[p].delay));
        bottlenecks(q, mu, bn, sizeof bn);
        row[6] = xstrdup(bn);
    }
    report_tab_print(&t, out);
}

static void
routing_text(FILE *out, const struct queue_run *r)
{
    const struct queue *q = r->q;
    size_t k = (size_t)q->k;
    const char **head;
    char *left;
    struct tab t;

    if (!q->has_p || q->k > QR_MAX_P)
        return;
    head = xcalloc(k + 4, sizeof *head);
    left = xcalloc(k + 5, 1);
    head[0] = "from";
    head[1] = "first";
    for (size_t j = 0; j < k; j++)
        head[2 + j] = q->name[j];
    head[2 + k] = "exit";
    head[3 + k] = r->t != NULL ? "highest" : "";
    memset(left, 'r', k + 4);
    left[0] = 'l';
    fprintf(out, "\nrouting    p0 (first hop), p_ij (a level-i hop, then j), "
                 "exit; highest level reached\n");
    report_tab_init(&t, (int)k + 4, head, left);
    for (size_t i = 0; i < k; i++) {
        char **row = report_tab_row(&t);
        row[0] = xstrdup(q->name[i]);
        row[1] = report_strf("%.4f", q->p0[i]);
        for (size_t j = 0; j < k; j++)
            row[2 + j] = report_strf("%.4f", q->P[i * k + j]);
        row[2 + k] = report_strf("%.4f", q->pexit[i]);
        row[3 + k] = r->t != NULL
                         ? report_strf("%.2f%%", 100 * r->t->top[i] / r->t->W)
                         : xstrdup("");
    }
    report_tab_print(&t, out);
    free(head);
    free(left);
    if (isfinite(r->check))
        fprintf(out,
                "check      v = p0 + P^T v solved: %.1e from the "
                "counted v%s\n",
                r->check,
                r->t != NULL && r->t->sampled > 0 ? " (transitions sampled)"
                                                  : "");
}

static void
links_text(FILE *out, const struct queue_run *r)
{
    static const char *const head[] = {
        "level", "v",         "hottest link", "load",
        "mean",  "imbalance", "saturation",   "util (hottest)"};
    const struct queue *q = r->q;
    const struct net *net;
    struct tab t;
    char a[64], name[NET_NAME_MAX];

    if (r->links == NULL || r->scen->net == NULL)
        return;
    net = r->scen->net->net;
    fprintf(out,
            "\nlink model, the same traffic level by level (load = "
            "bytes / bandwidth; utilisation at the throughput above)%s\n",
            r->link_routing_differs
                ? "; adaptive routing: its bytes follow its allocation"
                : "");
    report_tab_init(&t, 8, head, "lrlrrrrr");
    for (int i = 0; i < q->k; i++) {
        const struct queue_link_level *l = &r->links[i];
        char **row = report_tab_row(&t);
        row[0] = xstrdup(q->name[i]);
        row[1] = report_strf("%.4f", l->v);
        row[2] = l->hot >= 0
                     ? xstrdup(net_link_name(net, l->hot, name, sizeof name))
                     : xstrdup("-");
        row[3] = xstrdup(units_fmt_time(a, sizeof a, l->max_load));
        row[4] = xstrdup(units_fmt_time(a, sizeof a, l->mean_load));
        row[5] = l->hot >= 0 ? report_strf("%.3f", l->imbalance) : xstrdup("-");
        row[6] = xstrdup(rate(a, sizeof a, l->sat));
        {
            double hot = queue_run_hot_util(r, r->links, i);
            row[7] = isnan(hot) ? xstrdup("-")
                                : report_strf("%.1f%%%s", 100 * hot,
                                              hot >= 1 - QUEUE_EPS &&
                                                      !r->lv[i].saturated
                                                  ? " hidden"
                                                  : "");
        }
    }
    report_tab_print(&t, out);
    fprintf(out, "saturation %s seen link by link, %s in aggregate (%.3f)\n",
            rate(a, sizeof a, r->link_sat), rate(name, sizeof name, r->sat0),
            r->sat0 > 0 ? r->link_sat / r->sat0 : 0);
}

/* A scale for values up to max: the divisor and the unit's name. */
static double
scale_of(double max, int time, const char **unit)
{
    static const char *const rates[] = {"B/s",   "KiB/s", "MiB/s",
                                        "GiB/s", "TiB/s", "PiB/s"};
    static const char *const times[] = {"ns", "us", "ms", "s"};
    double d = 1;

    if (time) {
        int i = 0;
        d = 1e-9;
        while (i < 3 && max / d >= 1000) {
            d *= 1000;
            i++;
        }
        *unit = times[i];
        return d;
    }
    for (int i = 0; i < 6; i++, d *= 1024)
        if (i == 5 || max / d < 1024) {
            *unit = rates[i];
            return d;
        }
    return d;
}

/* Print a canvas as ASCII text, no trailing blanks. */
static void
put_canvas(FILE *out, const struct canvas *c)
{
    struct strbuf sb;

    strbuf_init(&sb);
    canvas_dump(c, &sb, 1);
    fputs(strbuf_str(&sb), out);
    strbuf_fini(&sb);
}

/*
 * The seed's curves against the offered load, from the closed forms:
 * throughput (Fig. 7/8) and end-to-end delay (Fig. 9), one series per
 * split of the budget (as built, equal, optimal, reversed).
 */
static void
curves_text(FILE *out, const struct queue_run *r)
{
    /* as built last: drawn over the others where they meet */
    static const int pol[] = {QUEUE_REVERSED, QUEUE_EQUAL, QUEUE_OPTIMAL,
                              QUEUE_BUILT};
    static const uint32_t glyph[] = {'x', 'o', '+', '*'};
    enum { NS = 4 };
    const struct queue *q = r->q;
    double xs[QR_POINTS], th[NS * QR_POINTS], de[NS * QR_POINTS];
    double tmax = 0, dmax = 0, dt, dd;
    const char *tu, *du;
    struct plot_axes ax = {0};
    struct queue_point pt;
    struct canvas c;
    char xl[64], yl[64];

    if (!(r->sat0 > 0) || !isfinite(r->sat0))
        return;
    for (int i = 0; i < QR_POINTS; i++) {
        xs[i] = 1.5 * i / (QR_POINTS - 1);
        for (int s = 0; s < NS; s++) {
            const double *mu = r->pmu + (size_t)pol[s] * (size_t)q->k;
            queue_eval(q, mu, xs[i] * r->sat0, &r->opt->opts, &pt, NULL);
            th[s * QR_POINTS + i] = pt.lambda_e;
            de[s * QR_POINTS + i] = pt.delay;
            if (pt.lambda_e > tmax)
                tmax = pt.lambda_e;
            if (isfinite(pt.delay) && pt.delay > dmax)
                dmax = pt.delay;
        }
    }
    /* delays near saturation run away: show up to 5 x the delay at the
       as-built split's half load */
    queue_eval(q, r->pmu, 0.5 * r->ppt[QUEUE_BUILT].sat, &r->opt->opts, &pt,
               NULL);
    if (isfinite(pt.delay) && pt.delay > 0 && dmax > 5 * pt.delay)
        dmax = 5 * pt.delay;
    dt = scale_of(tmax, 0, &tu);
    dd = scale_of(dmax, 1, &du);
    for (int i = 0; i < NS * QR_POINTS; i++) {
        th[i] /= dt;
        de[i] = isfinite(de[i]) && de[i] <= dmax ? de[i] / dd : INFINITY;
    }
    fprintf(out, "\ncurves     against the offered load (1 = the saturation "
                 "as built): * built, + optimal, o equal, x reversed\n");
    canvas_init(&c, QR_PLOT_W, QR_PLOT_H, 1);
    snprintf(yl, sizeof yl, "throughput (%s)", tu);
    snprintf(xl, sizeof xl, "offered load");
    ax.ylabel = yl;
    ax.xlabel = xl;
    ax.xlo = 0;
    ax.xhi = 1.5;
    if (plot_lines(&c, 0, 0, QR_PLOT_W, QR_PLOT_H, xs, th, QR_POINTS, NS, glyph,
                   &ax) == 0)
        put_canvas(out, &c);
    canvas_clear(&c, 0);
    snprintf(yl, sizeof yl, "delay (%s; ^ saturated or off the scale)", du);
    ax.ylabel = yl;
    if (plot_lines(&c, 0, 0, QR_PLOT_W, QR_PLOT_H, xs, de, QR_POINTS, NS, glyph,
                   &ax) == 0)
        put_canvas(out, &c);
    canvas_fini(&c);
}

static void
queue_text(FILE *out, const struct queue_run *r)
{
    header(out, r);
    levels_text(out, r);
    point_text(out, r);
    splits_text(out, r);
    routing_text(out, r);
    links_text(out, r);
    curves_text(out, r);
}

static void
queue_csv(FILE *out, const struct queue_run *r)
{
    static const char *const head[] = {
        "split",          "level",        "links",         "capacity_Bps",
        "v",              "arrivals_Bps", "utilisation",   "delay_s",
        "saturated",      "saturation_Bps", "relative",    "throughput_Bps",
        "throttled_Bps",  "end_to_end_s", NULL};
    const struct queue *q = r->q;
    size_t k = q != NULL ? (size_t)q->k : 0; /* (idle: the header) */
    struct csv c;

    csv_begin(&c, out);
    csv_header(&c, head);
    for (int p = 0; p < QUEUE_POLICIES; p++) {
        const struct queue_point *pt = &r->ppt[p];
        for (size_t i = 0; i < k; i++) {
            const struct queue_level_point *lv = &r->plv[(size_t)p * k + i];
            csv_str(&c, queue_policy_name(p));
            csv_str(&c, q->name[i]);
            csv_int(&c, q->n[i]);
            csv_num(&c, r->pmu[(size_t)p * k + i]);
            csv_num(&c, q->v[i]);
            csv_num(&c, lv->x);
            csv_num(&c, lv->rho);
            csv_num(&c, lv->D);
            csv_int(&c, lv->saturated);
            csv_num(&c, pt->sat);
            csv_num(&c, r->ppt[QUEUE_BUILT].sat > 0
                            ? pt->sat / r->ppt[QUEUE_BUILT].sat
                            : 0);
            csv_num(&c, pt->lambda_e);
            csv_num(&c, pt->d);
            csv_num(&c, pt->delay);
            csv_row(&c);
        }
    }
}

static void
point_yaml(struct yo *y, const struct queue *q, const struct queue_point *pt,
           const struct queue_level_point *lv, const double *mu, double rel)
{
    yo_map(y);
    yo_knum(y, "saturation_Bps", pt->sat);
    yo_knum(y, "relative", rel);
    yo_kstr(y, "bottleneck",
            pt->bottleneck >= 0 ? q->name[pt->bottleneck] : "none");
    yo_knum(y, "throughput_Bps", pt->lambda_e);
    yo_knum(y, "throttled_Bps", pt->d);
    yo_knum(y, "delay_s", pt->delay);
    yo_str(y, "levels");
    yo_seq(y);
    for (int i = 0; i < q->k; i++) {
        yo_map(y);
        yo_kstr(y, "level", q->name[i]);
        yo_knum(y, "capacity_Bps", mu[i]);
        yo_knum(y, "arrivals_Bps", lv[i].x);
        yo_knum(y, "utilisation", lv[i].rho);
        yo_knum(y, "delay_s", lv[i].D);
        yo_close_map(y);
    }
    yo_close_seq(y);
    yo_close_map(y);
}

static int
queue_yaml(FILE *out, const struct queue_run *r, struct rho_err *err)
{
    const struct queue *q = r->q;
    const struct queue_scen *o = r->opt;
    size_t k = (size_t)q->k;
    struct yo *y = yo_begin(out);

    yo_map(y);
    yo_kstr(y, "title", r->scen->title);
    yo_kstr(y, "model", "queue");
    yo_kstr(y, "levels_from", level_desc(r));
    if (r->t != NULL) {
        yo_kint(y, "messages", r->t->msgs);
        yo_kint(y, "routed", r->t->routed);
        yo_knum(y, "bytes", r->t->bytes);
        yo_knum(y, "routed_bytes", r->t->W);
        yo_kint(y, "sampled", r->t->sampled);
    }
    yo_knum(y, "check", r->check);
    yo_knum(y, "load", o->load_rate ? NAN : o->load);
    yo_knum(y, "offered_Bps", r->lambda);
    yo_knum(y, "slim", o->slim);
    yo_knum(y, "budget_Bps", r->U);
    yo_knum(y, "packet_bytes", o->opts.packet);
    yo_kstr(y, "delay", queue_delay_name(o->opts.delay));
    yo_knum(y, "saturation_as_built_Bps", r->sat0);
    yo_kstr(y, "split", queue_policy_name(o->split));
    yo_str(y, "levels");
    yo_seq(y);
    for (size_t i = 0; i < k; i++) {
        yo_map(y);
        yo_kstr(y, "level", q->name[i]);
        yo_kint(y, "links", q->n[i]);
        yo_knum(y, "bandwidth_min_Bps", q->bmin[i]);
        yo_knum(y, "bandwidth_max_Bps", q->bmax[i]);
        yo_knum(y, "capacity_as_built_Bps", q->mu[i]);
        yo_knum(y, "v", q->v[i]);
        yo_knum(y, "latency_s", q->lat[i]);
        if (q->has_p) {
            yo_knum(y, "p0", q->p0[i]);
            yo_knum(y, "exit", q->pexit[i]);
            yo_str(y, "p");
            yo_seq(y);
            for (size_t j = 0; j < k; j++)
                yo_num(y, q->P[i * k + j]);
            yo_close_seq(y);
        }
        if (r->t != NULL)
            yo_knum(y, "highest_share", r->t->top[i] / r->t->W);
        if (r->links != NULL) {
            const struct queue_link_level *l = &r->links[i];
            yo_knum(y, "link_v", l->v);
            yo_knum(y, "link_max_load_s", l->max_load);
            yo_knum(y, "link_mean_load_s", l->mean_load);
            yo_knum(y, "link_imbalance", l->imbalance);
            yo_kint(y, "link_hottest", l->hot);
            yo_knum(y, "link_saturation_Bps", l->sat);
        }
        yo_close_map(y);
    }
    yo_close_seq(y);
    yo_str(y, "splits");
    yo_map(y);
    for (int p = 0; p < QUEUE_POLICIES; p++) {
        yo_str(y, queue_policy_name(p));
        point_yaml(y, q, &r->ppt[p], r->plv + (size_t)p * k,
                   r->pmu + (size_t)p * k,
                   r->ppt[QUEUE_BUILT].sat > 0
                       ? r->ppt[p].sat / r->ppt[QUEUE_BUILT].sat
                       : 0);
    }
    yo_close_map(y);
    if (r->links != NULL)
        yo_knum(y, "link_saturation_Bps", r->link_sat);
    yo_close_map(y);
    return yo_end(y, err);
}

/* A network whose messages all stay on their routers: what the model
   would queue is nothing (CSV: its header alone). */
static int
queue_idle(FILE *out, const struct queue_run *r, enum report_fmt f,
           struct rho_err *err)
{
    long long n = r->idle_msgs;

    if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        yo_map(y);
        yo_kstr(y, "title", r->scen->title);
        yo_kstr(y, "model", "queue");
        yo_kint(y, "messages", n);
        yo_kint(y, "routed", 0);
        yo_kstr(y, "idle", "no message crosses a link: nothing to queue");
        yo_close_map(y);
        return yo_end(y, err);
    }
    if (f == REPORT_CSV)
        queue_csv(out, r);
    else
        fprintf(out,
                "no message crosses a link (%lld message%s, %s between "
                "ends on one router or of no bytes): nothing to queue\n",
                n, n == 1 ? "" : "s", n == 1 ? "it is" : "each");
    return report_check_io(out, err);
}

int
report_queue(FILE *out, const struct queue_run *r, enum report_fmt f,
             struct rho_err *err)
{
    if (r->idle)
        return queue_idle(out, r, f, err);
    if (f == REPORT_YAML)
        return queue_yaml(out, r, err);
    if (f == REPORT_CSV)
        queue_csv(out, r);
    else
        queue_text(out, r);
    return report_check_io(out, err);
}

int
report_queue_batch(FILE *out, void *res, const struct report_opts *o,
                   struct rho_err *err)
{
    const struct queue_run *r = res;
    struct strbuf sb;

    if (o->explain > 0) {
        strbuf_init(&sb);
        if (queue_run_explain(r, o->explain - 1, &sb, err) != 0) {
            strbuf_fini(&sb);
            return -1;
        }
        fputs(strbuf_str(&sb), out);
        strbuf_fini(&sb);
        return report_check_io(out, err);
    }
    return report_queue(out, r, o->fmt, err);
}
