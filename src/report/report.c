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
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "report/report_int.h"
#include "report/yamlout.h"

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
report_tab_init(struct tab *t, int ncol, const char *const *head, const char *left)
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

/* CSV field: quoted when it holds a comma, quote or newline. */
void
report_csv_str(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\n") == NULL) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}


/* ---- sweeps ---- */

/* The columns of a sweep: PCIe model ones, then link model ones. */
static const struct sweep_col {
    int slot, link, kind; /* kind: 0 time, 1 bytes, 2 number */
    const char *csv, *head;
} sweep_cols[] = {
    {SWEEP_MAKESPAN, 0, 0, "makespan_s", "makespan"},
    {SWEEP_MEAN, 0, 0, "mean_elapsed_s", "mean elapsed"},
    {SWEEP_MAX, 0, 0, "max_elapsed_s", "longest"},
    {SWEEP_LMAX, 1, 1, "max_link_bytes", "max link"},
    {SWEEP_LMEAN, 1, 1, "mean_link_bytes", "mean link"},
    {SWEEP_LHOPS, 1, 2, "avg_hops", "avg hops"},
    {SWEEP_LPHASE, 1, 0, "phase_estimate_s", "phase (est.)"},
};
#define NSWEEP_COLS ((int)(sizeof sweep_cols / sizeof sweep_cols[0]))

static int
col_shown(int c, int models)
{
    return models & (sweep_cols[c].link ? SWEEP_LINK : SWEEP_PCIE);
}

int
report_sweep(FILE *out, const char *title, const struct sweep *sw,
             const double *data, int models, enum report_fmt f,
             struct rho_err *err)
{
    long n = sweep_count(sw);
    const char *v[SWEEP_MAX_AXES];
    int pcie = models & SWEEP_PCIE;

    if (f == REPORT_CSV) {
        for (int k = 0; k < sw->naxes; k++) {
            report_csv_str(out, sw->axis[k].name);
            fputc(',', out);
        }
        for (int c = 0, first = 1; c < NSWEEP_COLS; c++)
            if (col_shown(c, models)) {
                fprintf(out, "%s%s", first ? "" : ",", sweep_cols[c].csv);
                first = 0;
            }
        fputs(pcie ? ",status\n" : "\n", out);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * SWEEP_NCOLS;
            int starved = pcie && d[SWEEP_STARVED] != 0;
            sweep_point(sw, i, v);
            for (int k = 0; k < sw->naxes; k++) {
                report_csv_str(out, v[k]);
                fputc(',', out);
            }
            for (int c = 0, first = 1; c < NSWEEP_COLS; c++) {
                if (!col_shown(c, models))
                    continue;
                if (!first)
                    fputc(',', out);
                first = 0;
                if (!(starved && !sweep_cols[c].link))
                    fprintf(out, "%.17g", d[sweep_cols[c].slot]);
            }
            fputs(!pcie ? "\n" : starved ? ",starved\n" : ",ok\n", out);
        }
        return report_check_io(out, err);
    }
    if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
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
            const double *d = data + i * SWEEP_NCOLS;
            int starved = pcie && d[SWEEP_STARVED] != 0;
            sweep_point(sw, i, v);
            yo_map(y);
            for (int k = 0; k < sw->naxes; k++)
                yo_kstr(y, sw->axis[k].name, v[k]);
            if (pcie)
                yo_kstr(y, "status", starved ? "starved" : "ok");
            for (int c = 0; c < NSWEEP_COLS; c++)
                if (col_shown(c, models) && !(starved && !sweep_cols[c].link))
                    yo_knum(y, sweep_cols[c].csv, d[sweep_cols[c].slot]);
            yo_close_map(y);
        }
        yo_close_seq(y);
        yo_close_map(y);
        return yo_end(y, err);
    }
    {
        const char *head[SWEEP_MAX_AXES + NSWEEP_COLS];
        char left[SWEEP_MAX_AXES + NSWEEP_COLS + 1];
        struct tab t;
        char a[64];
        int nc = sw->naxes;

        for (int k = 0; k < sw->naxes; k++) {
            head[k] = sw->axis[k].name;
            left[k] = 'r';
        }
        for (int c = 0; c < NSWEEP_COLS; c++)
            if (col_shown(c, models)) {
                head[nc] = sweep_cols[c].head;
                left[nc++] = 'r';
            }
        left[nc] = '\0';
        fprintf(out, "%s\nsweep: %ld points%s\n\n", title, n,
                models == SWEEP_LINK ? " (link model)"
                : models == (SWEEP_LINK | SWEEP_PCIE)
                    ? " (PCIe model, then link model)"
                    : "");
        report_tab_init(&t, nc, head, left);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * SWEEP_NCOLS;
            int starved = pcie && d[SWEEP_STARVED] != 0, col = sw->naxes;
            char **row = report_tab_row(&t);
            sweep_point(sw, i, v);
            for (int k = 0; k < sw->naxes; k++)
                row[k] = xstrdup(v[k]);
            for (int c = 0; c < NSWEEP_COLS; c++) {
                const struct sweep_col *sc = &sweep_cols[c];
                double x = d[sc->slot];
                if (!col_shown(c, models))
                    continue;
                if (starved && !sc->link)
                    row[col++] = xstrdup(c == 0 ? "starved" : "-");
                else if (sc->kind == 0)
                    row[col++] = xstrdup(units_fmt_time(a, sizeof a, x));
                else if (sc->kind == 1)
                    row[col++] = xstrdup(units_fmt_size(a, sizeof a, x));
                else
                    row[col++] = report_strf("%.4g", x);
            }
        }
        report_tab_print(&t, out);
    }
    return report_check_io(out, err);
}

