/*
 * report: what every format shares, the table of the models' printers,
 * and parameter sweeps. See report.h.
 *
 * Text tables are built as cells first and printed with the column widths
 * they need (numbers right-aligned, names left-aligned).
 */
#include "report/report.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "report/csv.h"
#include "report/report_int.h"
#include "report/yamlout.h"
#include "view/plot.h"

int
report_parse_fmt(const char *name, enum report_fmt *fmt, struct rho_err *err)
{
    if (strcmp(name, "text") == 0)
        *fmt = REPORT_TEXT;
    else if (strcmp(name, "csv") == 0)
        *fmt = REPORT_CSV;
    else if (strcmp(name, "yaml") == 0)
        *fmt = REPORT_YAML;
    else
        return rho_err_set(err, RHO_EINPUT,
                           "unknown format '%s' (expected text, csv or yaml)",
                           name);
    return 0;
}

/* ---- a text table ---- */

void
report_tab_init(struct tab *t, int ncol, const char *const *head,
                const char *left)
{
    memset(t, 0, sizeof *t);
    t->ncol = ncol;
    for (int c = 0; c < ncol; c++)
        t->left[c] = left[c] == 'l';
    t->cap = 16;
    t->cell = xcalloc((size_t)t->cap * (size_t)ncol, sizeof *t->cell);
    for (int c = 0; c < ncol; c++)
        t->cell[c] = xstrdup(head[c]);
    t->nrow = 1;
}

char **
report_tab_row(struct tab *t)
{
    if (t->nrow == t->cap) {
        t->cap *= 2;
        t->cell = xreallocarray(t->cell, (size_t)t->cap * (size_t)t->ncol,
                                sizeof *t->cell);
    }
    memset(&t->cell[t->nrow * t->ncol], 0, (size_t)t->ncol * sizeof *t->cell);
    return &t->cell[t->nrow++ * t->ncol];
}

/* Display width of UTF-8 text: count code points. */
static int
width(const char *s)
{
    int w = 0;

    for (; *s; s++)
        w += ((unsigned char)*s & 0xc0) != 0x80;
    return w;
}

void
report_tab_print(struct tab *t, FILE *out)
{
    int w[TAB_MAXCOL] = {0};

    for (int r = 0; r < t->nrow; r++)
        for (int c = 0; c < t->ncol; c++) {
            const char *s = t->cell[r * t->ncol + c];
            if (s && width(s) > w[c])
                w[c] = width(s);
        }
    for (int r = 0; r < t->nrow; r++) {
        int last = t->ncol - 1;
        /* no trailing blanks: stop after the last non-empty cell */
        while (last > 0 && (t->cell[r * t->ncol + last] == NULL ||
                            t->cell[r * t->ncol + last][0] == '\0'))
            last--;
        for (int c = 0; c <= last; c++) {
            const char *s = t->cell[r * t->ncol + c];
            int pad = w[c] - width(s ? s : "");
            if (c > 0)
                fputs("  ", out);
            if (!t->left[c])
                fprintf(out, "%*s", pad, "");
            fputs(s ? s : "", out);
            if (t->left[c] && c < last)
                fprintf(out, "%*s", pad, "");
        }
        fputc('\n', out);
    }
    for (int i = 0; i < t->nrow * t->ncol; i++)
        free(t->cell[i]);
    free(t->cell);
}

char *
report_strf(const char *f, ...)
{
    va_list ap;
    char buf[256];

    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return xstrdup(buf);
}

int
report_check_io(FILE *out, struct rho_err *err)
{
    if (fflush(out) != 0 || ferror(out))
        return rho_err_set(err, RHO_EIO, "cannot write the output");
    return 0;
}

/* ---- the models' printers ---- */

static const struct printer {
    const char *model; /* model_entry.name */
    report_print_fn *print;
} printers[] = {
    {"pcie", report_pcie_batch},
    {"link", report_net_batch},
    {"queue", report_queue_batch},
    {NULL, NULL},
};

int
report_model(FILE *out, const struct model_entry *m, void *res,
             const struct report_opts *o, struct rho_err *err)
{
    for (const struct printer *p = printers; p->model != NULL; p++)
        if (strcmp(p->model, m->name) == 0)
            return p->print(out, res, o, err);
    return rho_err_set(err, RHO_EINPUT, "the %s has no batch report", m->title);
}

/* ---- sweeps ---- */

/* The models a sweep ran, and where their numbers are in a point. */
struct sweep_models {
    int n;
    const struct model_entry *m[MODEL_MAX];
    int off[MODEL_MAX];
    int nstatus; /* models with a status column */
    int width;   /* numbers per point */
};

static void
sweep_models(struct sweep_models *sm, const struct model_entry *const *table,
             unsigned ran)
{
    int off[MODEL_MAX], n = model_count(table);

    if (table == NULL)
        table = model_table;
    memset(sm, 0, sizeof *sm);
    sm->width = model_sweep_layout(table, off);
    for (int k = 0; k < n; k++)
        if (ran >> k & 1u) {
            sm->m[sm->n] = table[k];
            sm->off[sm->n++] = off[k];
            sm->nstatus += table[k]->failed_word != NULL;
        }
}

/* A status column's name: "status" alone, "pcie_status" among others. */
static const char *
status_name(const struct sweep_models *sm, const struct model_entry *m,
            char *buf, size_t n)
{
    if (sm->nstatus == 1)
        return "status";
    snprintf(buf, n, "%s_status", m->name);
    return buf;
}

static char *
col_text(const struct model_col *c, double x)
{
    char a[64];

    if (isinf(x))
        return xstrdup(x > 0 ? "inf" : "-inf");
    switch (MODEL_COL_KIND(c->kind)) {
    case MODEL_COL_TIME:
        return xstrdup(units_fmt_time(a, sizeof a, x));
    case MODEL_COL_BYTES:
        return xstrdup(units_fmt_size(a, sizeof a, x));
    case MODEL_COL_RATE:
        return xstrdup(units_fmt_rate(a, sizeof a, x));
    default:
        return report_strf("%.4g", x);
    }
}

/* A scale for values up to max of a column kind: the divisor and its
   unit ("" for numbers). */
static double
plot_scale_of(int kind, double max, const char **unit)
{
    static const char *const rates[] = {"B/s",   "KiB/s", "MiB/s",
                                        "GiB/s", "TiB/s", "PiB/s"};
    static const char *const sizes[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    static const char *const times[] = {"ns", "us", "ms", "s"};
    double d = 1;
    int i = 0;

    *unit = "";
    switch (MODEL_COL_KIND(kind)) {
    case MODEL_COL_TIME:
        for (d = 1e-9; i < 3 && max / d >= 1000; i++)
            d *= 1000;
        *unit = times[i];
        break;
    case MODEL_COL_RATE:
    case MODEL_COL_BYTES:
        for (; i < 5 && max / d >= 1024; i++)
            d *= 1024;
        *unit = MODEL_COL_KIND(kind) == MODEL_COL_RATE ? rates[i] : sizes[i];
        break;
    default:
        break;
    }
    return d;
}

/*
 * Text sweeps: each column flagged MODEL_COL_PLOT drawn against the last
 * axis when its values are numbers (3 or more), one series per point of
 * the other axes (at most PLOT_MAX_SERIES); infinite values (a delay past
 * saturation) show as ^ on the top row.
 */
static void
sweep_plots(FILE *out, const struct sweep *sw, const double *data,
            const struct sweep_models *sm)
{
    static const uint32_t glyph[PLOT_MAX_SERIES] = {'*', '+', 'o', 'x',
                                                    '#', '@', '%', '='};
    const struct sweep_axis *ax = &sw->axis[sw->naxes - 1];
    long n = sweep_count(sw), nx = ax->n, ns = n / (nx > 0 ? nx : 1);
    double xs[SWEEP_MAX_VALUES], *ys;

    if (sw->naxes < 1 || nx < 3 || ns > PLOT_MAX_SERIES)
        return;
    for (long i = 0; i < nx; i++) {
        char *end;
        xs[i] = strtod(ax->value[i], &end);
        if (end == ax->value[i] || *end != '\0' || !isfinite(xs[i]))
            return; /* units or names: no numeric axis */
    }
    ys = xcalloc((size_t)n, sizeof *ys);
    for (int j = 0; j < sm->n; j++)
        for (int c = 0; c < sm->m[j]->ncols; c++) {
            const struct model_col *col = &sm->m[j]->cols[c];
            struct plot_axes pa = {0};
            struct canvas cv;
            struct strbuf sb;
            double max = 0, div;
            const char *unit;
            char yl[96];
            if (!(col->kind & MODEL_COL_PLOT))
                continue;
            for (long i = 0; i < n; i++) {
                const double *md = data + i * sm->width + sm->off[j];
                ys[i] = md[sm->m[j]->ncols] != 0 ? NAN : md[c];
                if (isfinite(ys[i]) && ys[i] > max)
                    max = ys[i];
            }
            div = plot_scale_of(col->kind, max, &unit);
            for (long i = 0; i < n; i++)
                ys[i] /= div;
            snprintf(yl, sizeof yl, "%s%s%s%s", col->head, unit[0] ? " (" : "",
                     unit, unit[0] ? ")" : "");
            pa.ylabel = yl;
            pa.xlabel = ax->name;
            fputc('\n', out);
            if (ns > 1) { /* the series: the other axes' values */
                const char *v[SWEEP_MAX_AXES];
                for (long s = 0; s < ns; s++) {
                    sweep_point(sw, s * nx, v);
                    fprintf(out, "%s%c", s ? ", " : "", (char)glyph[s]);
                    for (int k = 0; k + 1 < sw->naxes; k++)
                        fprintf(out, " %s=%s", sw->axis[k].name, v[k]);
                }
                fputc('\n', out);
            }
            canvas_init(&cv, 64, 14, 1);
            strbuf_init(&sb);
            if (plot_lines(&cv, 0, 0, 64, 14, xs, ys, (int)nx, (int)ns, glyph,
                           &pa) == 0) {
                canvas_dump(&cv, &sb, 1);
                fputs(strbuf_str(&sb), out);
            }
            strbuf_fini(&sb);
            canvas_fini(&cv);
        }
    free(ys);
}

/* The index of each axis's value at point i (as sweep_point(): the last
   axis fastest). */
static void
point_values(const struct sweep *sw, long i, long *vals)
{
    for (int k = sw->naxes - 1; k >= 0; k--) {
        vals[k] = i % sw->axis[k].n;
        i /= sw->axis[k].n;
    }
}

int
report_sweep(FILE *out, const char *title, const struct sweep *sw,
             const double *data, const struct model_entry *const *table,
             unsigned ran, enum report_fmt f, struct rho_err *err)
{
    long n = sweep_count(sw);
    const char *v[SWEEP_MAX_AXES];
    struct sweep_models sm;
    char name[64], cnt[48];

    sweep_models(&sm, table, ran);
    if (f == REPORT_CSV) {
        /* each axis as typed, and a quantity also as a number in base
           units beside it: "size,size_bytes" -> "40KiB,40960" */
        enum sweep_kind kind[SWEEP_MAX_AXES];
        double *base[SWEEP_MAX_AXES];
        long vals[SWEEP_MAX_AXES];
        struct csv c;
        csv_begin(&c, out);
        for (int k = 0; k < sw->naxes; k++) {
            base[k] = xcalloc((size_t)sw->axis[k].n, sizeof *base[k]);
            kind[k] = sweep_axis_kind(&sw->axis[k], base[k]);
            csv_str(&c, sw->axis[k].name);
            if (kind[k] > SWEEP_NUMBER) {
                snprintf(name, sizeof name, "%s_%s", sw->axis[k].name,
                         sweep_kind_unit(kind[k]));
                csv_str(&c, name);
            }
        }
        for (int j = 0; j < sm.n; j++)
            for (int col = 0; col < sm.m[j]->ncols; col++)
                csv_str(&c, sm.m[j]->cols[col].name);
        for (int j = 0; j < sm.n; j++)
            if (sm.m[j]->failed_word != NULL)
                csv_str(&c, status_name(&sm, sm.m[j], name, sizeof name));
        csv_row(&c);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * sm.width;
            sweep_point(sw, i, v);
            point_values(sw, i, vals);
            for (int k = 0; k < sw->naxes; k++) {
                csv_str(&c, v[k]);
                if (kind[k] > SWEEP_NUMBER)
                    csv_num(&c, base[k][vals[k]]);
            }
            for (int j = 0; j < sm.n; j++) {
                const double *md = d + sm.off[j];
                int failed = md[sm.m[j]->ncols] != 0;
                for (int col = 0; col < sm.m[j]->ncols; col++)
                    csv_num(&c, failed ? NAN : md[col]);
            }
            for (int j = 0; j < sm.n; j++)
                if (sm.m[j]->failed_word != NULL)
                    csv_str(&c, d[sm.off[j] + sm.m[j]->ncols] != 0
                                    ? sm.m[j]->failed_word
                                    : "ok");
            csv_row(&c);
        }
        for (int k = 0; k < sw->naxes; k++)
            free(base[k]);
        return report_check_io(out, err);
    }
    if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        enum sweep_kind kind[SWEEP_MAX_AXES];
        double *base[SWEEP_MAX_AXES];
        long vals[SWEEP_MAX_AXES];
        for (int k = 0; k < sw->naxes; k++) {
            base[k] = xcalloc((size_t)sw->axis[k].n, sizeof *base[k]);
            kind[k] = sweep_axis_kind(&sw->axis[k], base[k]);
        }
        yo_map(y);
        yo_kstr(y, "scenario", title);
        yo_str(y, "swept");
        yo_seq(y);
        for (int k = 0; k < sw->naxes; k++)
            yo_str(y, sw->axis[k].name);
        yo_close_seq(y);
        yo_str(y, "points");
        yo_seq(y);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * sm.width;
            sweep_point(sw, i, v);
            yo_map(y);
            point_values(sw, i, vals);
            for (int k = 0; k < sw->naxes; k++) {
                /* a bare number as a number; a quantity as typed, and in
                   base units beside it (size_bytes: 40960) */
                if (kind[k] == SWEEP_NUMBER) {
                    yo_knum(y, sw->axis[k].name, base[k][vals[k]]);
                    continue;
                }
                yo_kstr(y, sw->axis[k].name, v[k]);
                if (kind[k] > SWEEP_NUMBER) {
                    snprintf(name, sizeof name, "%s_%s", sw->axis[k].name,
                             sweep_kind_unit(kind[k]));
                    yo_knum(y, name, base[k][vals[k]]);
                }
            }
            for (int j = 0; j < sm.n; j++)
                if (sm.m[j]->failed_word != NULL)
                    yo_kstr(y, status_name(&sm, sm.m[j], name, sizeof name),
                            d[sm.off[j] + sm.m[j]->ncols] != 0
                                ? sm.m[j]->failed_word
                                : "ok");
            for (int j = 0; j < sm.n; j++) {
                const double *md = d + sm.off[j];
                if (md[sm.m[j]->ncols] != 0)
                    continue;
                for (int c = 0; c < sm.m[j]->ncols; c++)
                    yo_knum(y, sm.m[j]->cols[c].name, md[c]);
            }
            yo_close_map(y);
        }
        yo_close_seq(y);
        yo_close_map(y);
        for (int k = 0; k < sw->naxes; k++)
            free(base[k]);
        return yo_end(y, err);
    }
    {
        const char *head[TAB_MAXCOL];
        char left[TAB_MAXCOL + 1];
        struct tab t;
        int nc = sw->naxes;

        for (int k = 0; k < sw->naxes; k++) {
            head[k] = sw->axis[k].name;
            left[k] = 'r';
        }
        for (int j = 0; j < sm.n; j++)
            for (int c = 0; c < sm.m[j]->ncols && nc < TAB_MAXCOL; c++) {
                head[nc] = sm.m[j]->cols[c].head;
                left[nc++] = 'r';
            }
        left[nc] = '\0';
        fprintf(out, "%s\nsweep: %s", title,
                units_fmt_count(cnt, sizeof cnt, n, "point"));
        if (sm.n > 1 ||
            (sm.n == 1 && sm.m[0] != (table ? table : model_table)[0])) {
            for (int j = 0; j < sm.n; j++)
                fprintf(out, "%s%s", j ? ", then " : " (", sm.m[j]->title);
            fputc(')', out);
        }
        fputs("\n\n", out);
        report_tab_init(&t, nc, head, left);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * sm.width;
            char **row = report_tab_row(&t);
            int col = sw->naxes;
            sweep_point(sw, i, v);
            for (int k = 0; k < sw->naxes; k++)
                row[k] = xstrdup(v[k]);
            for (int j = 0; j < sm.n; j++) {
                const struct model_entry *m = sm.m[j];
                const double *md = d + sm.off[j];
                int failed = md[m->ncols] != 0;
                for (int c = 0; c < m->ncols && col < nc; c++)
                    row[col++] = failed ? xstrdup(c == 0 && m->failed_word
                                                      ? m->failed_word
                                                      : "-")
                                        : col_text(&m->cols[c], md[c]);
            }
        }
        report_tab_print(&t, out);
        sweep_plots(out, sw, data, &sm);
    }
    return report_check_io(out, err);
}

/* One bar chart per column: a row per point, its label the swept values,
   its bar (#, 50 columns at the largest value) and the value. */
int
report_sweep_plot(FILE *out, const struct sweep *sw, const double *data,
                  const struct model_entry *const *table, unsigned ran,
                  struct rho_err *err)
{
    enum { W = 50 };
    long n = sweep_count(sw);
    const char *v[SWEEP_MAX_AXES];
    struct sweep_models sm;
    int lw = 0;

    sweep_models(&sm, table, ran);
    for (long i = 0; i < n; i++) { /* the labels' width */
        int len = 0;
        sweep_point(sw, i, v);
        for (int k = 0; k < sw->naxes; k++)
            len += (int)strlen(v[k]) + (k ? 1 : 0);
        if (len > lw)
            lw = len;
    }
    for (int j = 0; j < sm.n; j++) {
        const struct model_entry *m = sm.m[j];
        for (int c = 0; c < m->ncols; c++) {
            double max = 0;
            for (long i = 0; i < n; i++) {
                const double *md = data + i * sm.width + sm.off[j];
                if (md[m->ncols] == 0 && md[c] > max)
                    max = md[c];
            }
            fprintf(out, "\n%s\n", m->cols[c].head);
            for (long i = 0; i < n; i++) {
                const double *md = data + i * sm.width + sm.off[j];
                char label[256] = "", *text;
                int len = 0, bar;
                sweep_point(sw, i, v);
                for (int k = 0; k < sw->naxes && len < (int)sizeof label; k++)
                    len += snprintf(label + len, sizeof label - (size_t)len,
                                    "%s%s", k ? " " : "", v[k]);
                if (md[m->ncols] != 0) {
                    fprintf(out, "%*s | %s\n", lw, label,
                            m->failed_word ? m->failed_word : "-");
                    continue;
                }
                bar = max > 0 && md[c] > 0 ? (int)(md[c] / max * W + 0.5) : 0;
                if (bar < 1 && md[c] > 0)
                    bar = 1;
                text = col_text(&m->cols[c], md[c]);
                fprintf(out, "%*s |%.*s %s\n", lw, label, bar,
                        "##################################################",
                        text);
                free(text);
            }
        }
    }
    return report_check_io(out, err);
}
