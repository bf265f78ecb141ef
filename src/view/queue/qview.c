/*
 * qview: the queueing model's view. See qview.h.
 *
 * Columns of a level row (w >= 60):
 *   name (up to 12) | bar (what is left) | util % (6) | delay (10) |
 *   hottest link's util (8, with the link model's bytes) | mark (2)
 */
#include "view/queue/qview.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/strbuf.h"
#include "core/base/units.h"
#include "view/heat.h"
#include "view/roles.h"

#define NAME_W 12
#define UTIL_W 7
#define DELAY_W 11
#define HOT_W 9
#define STEP 0.05

const char qview_keys_help[] = "+/- load  </> slim  x split  D delay  "
                               "o optimise  up/down level";

void
qview_state_init(struct qview_state *st)
{
    memset(st, 0, sizeof *st);
}

void
qview_state_fini(struct qview_state *st)
{
    free(st->links);
    qview_state_init(st);
}

void
qview_sync(struct qview_state *st, const struct queue_run *r,
           const struct qview_links *lk)
{
    if (r == NULL)
        return;
    if (st->sel >= r->q->k)
        st->sel = r->q->k - 1;
    if (st->sel < 0)
        st->sel = 0;
    if (r->links != NULL || lk == NULL || lk->bytes == NULL ||
        lk->net == NULL || r->map == NULL ||
        r->map->nlinks != net_links(lk->net) || !(lk->routed > 0)) {
        free(st->links); /* nothing to compare, or the run did itself */
        st->links = NULL;
        st->bytes = NULL;
        st->nlinks = 0;
        return;
    }
    if (st->links == NULL || st->qid != r->id || st->bytes != lk->bytes ||
        st->nlinks != r->q->k) {
        free(st->links);
        st->links = xcalloc((size_t)r->q->k, sizeof *st->links);
        queue_map_links(r->map, lk->net, lk->bytes, lk->routed, st->links);
        st->qid = r->id;
        st->bytes = lk->bytes;
        st->nlinks = r->q->k;
    }
}

static const char *
rate(char *b, size_t n, double v)
{
    if (!isfinite(v))
        snprintf(b, n, "-");
    else
        units_fmt_rate(b, n, v);
    return b;
}

/* One bar: length mu / scale of w columns, filled by the utilisation. */
static void
bar(const struct cview *v, int col, int row, int w, double mu, double scale,
    double rho, int used)
{
    int len = scale > 0 ? (int)(w * mu / scale + 0.5) : 0;

    if (len < 1 && mu > 0)
        len = 1;
    if (len > w)
        len = w;
    /* the capacity: dots; then the arrivals over them */
    cview_fill(v, col, row, len, 1, 0x00b7, ROLE_DIM); /* · */
    if (used && rho > 0) {
        double fill = len * (rho > 1 ? 1 : rho);
        int wf = (int)ceil(fill - 0.0625); /* no blank eighth */
        if (wf > 0)
            cview_bar(v, col, row, wf, fill / wf, heat_role(rho, HEAT_LINEAR),
                      ROLE_DIM);
    }
}

static void
util(const struct cview *v, int col, int row, double rho, int used, int sat)
{
    if (!used)
        cview_text_right(v, col, row, UTIL_W - 1, ROLE_DIM, "unused");
    else
        cview_printf(v, col, row, UTIL_W - 1,
                     sat ? ROLE_ERROR : heat_role(rho, HEAT_LINEAR), "%5.1f%%",
                     100 * rho);
}

static void
delay(const struct cview *v, int col, int row, double d, int used)
{
    char b[32];

    if (!used)
        return;
    if (isinf(d))
        cview_text_right(v, col, row, DELAY_W - 1, ROLE_ERROR, "saturated");
    else
        cview_text_right(v, col, row, DELAY_W - 1, ROLE_NUMBER,
                         units_fmt_time(b, sizeof b, d));
}

/* Fields side by side, gap blanks apart, from row: a field that does
   not fit goes to the next row (indented by two); returns the rows used. */
static int
fields_gap(const struct cview *v, int row, int role, const char *const *f,
           int n, int gap)
{
    int x = 0, rows = 1;

    for (int k = 0; k < n; k++) {
        int w = utf8_width(f[k]);
        if (k > 0 && x + gap + w > v->w) {
            row++;
            rows++;
            x = 2;
        } else if (k > 0) {
            x += gap;
        }
        x += cview_text(v, x, row, v->w - x, role, f[k]);
    }
    return rows;
}

/* Fields three blanks apart (fields_gap()). */
static int
fields(const struct cview *v, int row, int role, const char *const *f, int n)
{
    return fields_gap(v, row, role, f, n, 3);
}

/* A line of queue_run_explain(): "word    text" keeps its text's column
   on the rows it wraps to. Returns the rows used (at most maxh). */
static int
explain_line(const struct cview *v, int row, int maxh, const char *line)
{
    const char *gap = strstr(line, "  ");
    int ind = 0, used;

    if (gap != NULL && gap - line < 10) {
        ind = (int)(gap - line);
        while (line[ind] == ' ')
            ind++;
    }
    if (ind == 0 || ind > v->w / 3) {
        used = cview_wrap(v, 0, row, v->w, maxh, ROLE_DIM, line);
    } else {
        cview_printf(v, 0, row, ind, ROLE_DIM, "%.*s", ind, line);
        used = cview_wrap(v, ind, row, v->w - ind, maxh, ROLE_DIM, line + ind);
    }
    return used < maxh ? used : maxh; /* cview_wrap: the rows it needed */
}

int
qview_draw(const struct cview *v, const struct queue_run *r,
           const struct qview_state *st)
{
    const struct queue_link_level *ln;
    const struct queue *q;
    const struct queue_point *pt;
    const double *mopt;
    double scale = 0;
    char a[64], b[64], c[64];
    int row = 0, barw, hotw, rows = 0, per, first = 0, avail;

    if (v->w < 40 || v->h < 6) {
        cview_text(v, 0, 0, -1, ROLE_DIM, "too small");
        return -1;
    }
    if (r == NULL) {
        cview_text(v, 0, 0, -1, ROLE_DIM, "queueing model: computing...");
        return 0;
    }
    q = r->q;
    pt = &r->pt;
    mopt = r->pmu + (size_t)QUEUE_OPTIMAL * (size_t)q->k;
    ln = r->links != NULL ? r->links
         : st->links != NULL && st->nlinks == q->k && st->qid == r->id
             ? st->links
             : NULL;

    /* the operating point: fields that wrap whole at a narrow width */
    {
        char f[5][192];
        const char *fp[5] = {f[0], f[1], f[2], f[3], f[4]};
        if (r->opt->load_rate) {
            snprintf(f[0], sizeof f[0], "load %s", rate(a, 64, r->lambda));
            row += fields(v, row, ROLE_HEADER, fp, 1);
        } else {
            snprintf(f[0], sizeof f[0], "load %.2f x %s = %s", r->opt->load,
                     rate(a, sizeof a, r->sat0), rate(b, sizeof b, r->lambda));
            snprintf(f[1], sizeof f[1], "slim %.2f", r->opt->slim);
            snprintf(f[2], sizeof f[2], "split %s",
                     queue_policy_name(r->opt->split));
            snprintf(f[3], sizeof f[3], "delay %s",
                     r->opt->opts.delay == QUEUE_PER_LINK ? "per link"
                                                          : "aggregate");
            row += fields(v, row, ROLE_HEADER, fp, 4);
        }
        snprintf(f[0], sizeof f[0], "saturation %s (bottleneck %s)",
                 rate(a, sizeof a, pt->sat),
                 pt->bottleneck >= 0 ? q->name[pt->bottleneck] : "none");
        snprintf(f[1], sizeof f[1], "throughput %s",
                 rate(b, sizeof b, pt->lambda_e));
        snprintf(f[2], sizeof f[2], "throttled %.1f%%",
                 r->lambda > 0 ? 100 * pt->d / r->lambda : 0);
        snprintf(f[3], sizeof f[3], "delay %s",
                 isinf(pt->delay) ? "saturated"
                                  : units_fmt_time(c, sizeof c, pt->delay));
        row += fields(v, row, pt->saturated ? ROLE_WARNING : ROLE_DEFAULT, fp,
                      4);
        if (st->optimise) { /* (fields: whole at a narrow width) */
            const struct queue_point *po = &r->ppt[QUEUE_OPTIMAL];
            snprintf(f[0], sizeof f[0],
                     "optimal split of %s (mu proportional to v):",
                     rate(a, sizeof a, r->U));
            snprintf(f[1], sizeof f[1], "saturation %s, %.3f x;",
                     rate(b, sizeof b, po->sat),
                     pt->sat > 0 ? po->sat / pt->sat : 0);
            snprintf(f[2], sizeof f[2], "every level at %.1f%%",
                     po->sat > 0 ? 100 * po->lambda_e / po->sat : 0);
            /* one sentence: its parts a blank apart, each whole */
            row += fields_gap(v, row, ROLE_EMPHASIS, fp, 3, 1);
        } else {
            row++;
        }
    }

    /* the level rows */
    hotw = ln != NULL ? HOT_W : 0;
    barw = v->w - NAME_W - UTIL_W - DELAY_W - hotw - 3;
    if (barw < 8) {
        hotw = 0;
        barw = v->w - NAME_W - UTIL_W - DELAY_W - 3;
    }
    for (int i = 0; i < q->k; i++) {
        if (r->mu[i] > scale)
            scale = r->mu[i];
        if (st->optimise && mopt[i] > scale)
            scale = mopt[i];
    }
    cview_text(v, 0, row, NAME_W, ROLE_HEADER, "level");
    {
        /* the longest that fits before the util column */
        char h[3][128];
        int k = 0;
        rate(a, sizeof a, scale);
        snprintf(h[0], sizeof h[0], "arrivals / capacity (full width %s)", a);
        snprintf(h[1], sizeof h[1], "arrivals/capacity (full %s)", a);
        snprintf(h[2], sizeof h[2], "arrivals/capacity");
        while (k < 2 && utf8_width(h[k]) > barw - 1)
            k++;
        cview_text(v, NAME_W, row, barw - 1, ROLE_HEADER, h[k]);
    }
    cview_text_right(v, NAME_W + barw, row, UTIL_W, ROLE_HEADER, "util");
    cview_text_right(v, NAME_W + barw + UTIL_W, row, DELAY_W, ROLE_HEADER,
                     "delay/hop");
    if (hotw)
        cview_text_right(v, NAME_W + barw + UTIL_W + DELAY_W, row, hotw,
                         ROLE_HEADER, "hottest");
    row++;
    per = st->optimise ? 2 : 1;
    avail = (v->h - row - 1) / per; /* the last row: the keys */
    if (avail < 1)
        avail = 1;
    if (st->sel >= avail)
        first = st->sel - avail + 1;
    for (int i = first; i < q->k && rows < avail; i++, rows++) {
        const struct queue_level_point *lv = &r->lv[i];
        int used = q->v[i] > 0, x = NAME_W;
        int nrole = i == st->sel ? ROLE_SELECTED : ROLE_DEFAULT;
        cview_text(v, 0, row, NAME_W - 1, nrole, q->name[i]);
        bar(v, x, row, barw - 1, r->mu[i], scale, lv->rho, used);
        x += barw;
        util(v, x, row, lv->rho, used, lv->saturated);
        x += UTIL_W;
        delay(v, x, row, lv->D, used);
        x += DELAY_W;
        if (hotw && used && !isnan(queue_run_hot_util(r, ln, i))) {
            /* the hottest link at the same throughput (as the report
               gives it) */
            double hot = queue_run_hot_util(r, ln, i);
            int hidden = hot >= 1 - QUEUE_EPS && !lv->saturated;
            cview_printf(v, x, row, hotw - 1,
                         hidden ? ROLE_WARNING : heat_role(hot, HEAT_LINEAR),
                         "%6.1f%%%s", 100 * hot, hidden ? "!" : "");
            x += hotw;
        } else {
            x += hotw;
        }
        if (i == pt->bottleneck)
            cview_text(v, x, row, -1, ROLE_ERROR, "<");
        row++;
        if (st->optimise) {
            const struct queue_level_point *lo =
                &r->plv[(size_t)QUEUE_OPTIMAL * (size_t)q->k + (size_t)i];
            cview_text(v, 2, row, NAME_W - 3, ROLE_DIM, "optimal");
            bar(v, NAME_W, row, barw - 1, mopt[i], scale, lo->rho, used);
            util(v, NAME_W + barw, row, lo->rho, used, lo->saturated);
            delay(v, NAME_W + barw + UTIL_W, row, lo->D, used);
            row++;
        }
    }
    if (first + rows < q->k)
        cview_printf(v, 0, row++, -1, ROLE_DIM, "... %d more levels (down)",
                     q->k - first - rows);
    if (ln != NULL && hotw) {
        int u = cview_wrap(v, 0, row, v->w, 2, ROLE_DIM,
                           "hottest: the level's busiest link (link model) "
                           "at this throughput; ! hidden by the aggregate; "
                           "< the bottleneck");
        row += u < 2 ? u : 2;
    }
    else if (pt->bottleneck >= 0)
        cview_text(v, 0, row++, -1, ROLE_DIM, "<: the bottleneck");
    /* why the selected level has its numbers, in the rows left */
    if (v->h - 1 - row >= 4) {
        struct strbuf sb;
        struct rho_err err;
        strbuf_init(&sb);
        if (queue_run_explain(r, st->sel, &sb, &err) == 0) {
            const char *p = strbuf_str(&sb);
            row++;
            while (*p != '\0' && row < v->h - 1) {
                const char *e = strchr(p, '\n');
                int len = e ? (int)(e - p) : (int)strlen(p);
                char line[512];
                snprintf(line, sizeof line, "%.*s", len, p);
                row += explain_line(v, row, v->h - 1 - row, line);
                p += len + (e != NULL);
            }
        }
        strbuf_fini(&sb);
    }
    { /* the keys that fit whole, in order */
        char keys[sizeof qview_keys_help] = "";
        const char *p = qview_keys_help;
        size_t n = 0;
        while (*p) {
            const char *e = strstr(p, "  ");
            size_t len = e ? (size_t)(e - p) : strlen(p);
            char item[64];
            snprintf(item, sizeof item, "%.*s", (int)len, p);
            if (utf8_width(keys) + (n > 0 ? 2 : 0) + utf8_width(item) > v->w)
                break;
            n += (size_t)snprintf(keys + n, sizeof keys - n, "%s%s",
                                  n > 0 ? "  " : "", item);
            p += len;
            while (*p == ' ')
                p++;
        }
        keys[n] = '\0';
        cview_fill(v, 0, v->h - 1, v->w, 1, ' ', ROLE_DEFAULT);
        cview_text(v, 0, v->h - 1, -1, ROLE_HELP_KEY, keys);
    }
    return rows;
}

enum qview_done
qview_act(int a, int arg, const struct queue_run *r, struct qview_state *st,
          char *cmd, size_t n)
{
    const struct queue_scen *o;
    double f;

    if (r == NULL)
        return QVIEW_IGNORED;
    o = r->opt;
    switch (a) {
    case QVIEW_SELECT:
        st->sel = arg < 0 ? 0 : arg >= r->q->k ? r->q->k - 1 : arg;
        return QVIEW_REDRAW;
    case QVIEW_OPTIMISE:
        st->optimise = !st->optimise;
        return QVIEW_REDRAW;
    case QVIEW_LOAD_UP:
    case QVIEW_LOAD_DOWN:
        f = o->load_rate && r->sat0 > 0 ? o->load / r->sat0 : o->load;
        if (a == QVIEW_LOAD_DOWN && !(f > 0)) {
            snprintf(cmd, n, "the load is 0 already");
            return QVIEW_LIMIT;
        }
        f = floor(f / STEP + 0.5) * STEP +
            (a == QVIEW_LOAD_DOWN ? -STEP : STEP);
        snprintf(cmd, n, "load %.4g", f < 0 ? 0 : f);
        return QVIEW_EDIT;
    case QVIEW_SLIM_UP:
    case QVIEW_SLIM_DOWN:
        f = floor(o->slim / STEP + 0.5) * STEP +
            (a == QVIEW_SLIM_DOWN ? -STEP : STEP);
        f = f < 0 ? 0 : f > 0.95 ? 0.95 : f;
        if (fabs(f - o->slim) < 1e-9) {
            snprintf(cmd, n, "slimming is %g already (it goes from 0 to 0.95)",
                     o->slim);
            return QVIEW_LIMIT;
        }
        snprintf(cmd, n, "slim %.4g", f);
        return QVIEW_EDIT;
    case QVIEW_SPLIT_NEXT:
        snprintf(cmd, n, "split %s",
                 queue_policy_name((o->split + 1) % QUEUE_POLICIES));
        return QVIEW_EDIT;
    case QVIEW_DELAY_NEXT:
        snprintf(cmd, n, "delay %s",
                 queue_delay_name(o->opts.delay == QUEUE_PER_LINK
                                      ? QUEUE_AGGREGATE
                                      : QUEUE_PER_LINK));
        return QVIEW_EDIT;
    default:
        return QVIEW_IGNORED;
    }
}
