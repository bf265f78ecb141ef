/*
 * report: batch output of the PCIe model. See report.h.
 *
 * Text tables are built as cells first and printed with the column widths
 * they need (numbers right-aligned, names left-aligned).
 */
#include "report/report.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/pcie/pcie_model.h"
#include "core/base/rho_alloc.h"
#include "core/net/route.h"
#include "core/base/units.h"
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

#define TAB_MAXCOL 16

struct tab {
    int ncol, nrow, cap;
    char **cell; /* nrow x ncol, owned */
    char left[TAB_MAXCOL];
};

static void
tab_init(struct tab *t, int ncol, const char *const *head, const char *left)
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

static char **
tab_row(struct tab *t)
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

static void
tab_print(struct tab *t, FILE *out)
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

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));

static char *
fmt(const char *f, ...)
{
    va_list ap;
    char buf[256];

    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return xstrdup(buf);
}

static const char *
node_name(const struct scenario *s, int id)
{
    return pcie_node(s->pcie, id)->name;
}

static int
check_io(FILE *out, struct rho_err *err)
{
    if (fflush(out) != 0 || ferror(out))
        return rho_err_set(err, RHO_EIO, "cannot write the output");
    return 0;
}

/* CSV field: quoted when it holds a comma, quote or newline. */
static void
csv_str(FILE *out, const char *s)
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

static void
header_text(FILE *out, const struct scenario *s, const char *what)
{
    char bw[64];

    fprintf(out, "%s\n", s->title);
    fprintf(out, "%s: %d flows on %d devices, B = %s, tau = %g\n", what,
            s->nflows, pcie_nendpoints(s->pcie),
            units_fmt_rate(bw, sizeof bw, s->bandwidth), s->tau);
}

int
report_flows(FILE *out, const struct scenario *s,
             const struct pcie_sim_result *res, enum report_fmt f,
             struct rho_err *err)
{
    char a[64], b[64];

    if (f == REPORT_CSV) {
        fputs("flow,src,dst,bytes,start_s,end_s,elapsed_s,avg_Bps,label\n",
              out);
        for (int i = 0; i < s->nflows; i++) {
            const struct scen_flow *fl = &s->flow[i];
            double end = res->end[i], el = end - fl->start;
            fprintf(out, "%d,", i + 1);
            csv_str(out, node_name(s, fl->src));
            fputc(',', out);
            csv_str(out, node_name(s, fl->dst));
            if (isnan(end))
                fprintf(out, ",%.17g,%.17g,,,,", fl->bytes, fl->start);
            else
                fprintf(out, ",%.17g,%.17g,%.17g,%.17g,%.17g,", fl->bytes,
                        fl->start, end, el, el > 0 ? fl->bytes / el : 0);
            csv_str(out, fl->label ? fl->label : "");
            fputc('\n', out);
        }
        return check_io(out, err);
    }
    if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        yo_map(y);
        yo_kstr(y, "scenario", s->title);
        if (s->path)
            yo_kstr(y, "file", s->path);
        yo_knum(y, "bandwidth_Bps", s->bandwidth);
        yo_knum(y, "tau", s->tau);
        yo_kstr(y, "status", res->starved ? "starved" : "ok");
        if (res->starved)
            yo_knum(y, "starved_at_s", res->starved_at);
        else
            yo_knum(y, "makespan_s", res->makespan);
        yo_str(y, "flows");
        yo_seq(y);
        for (int i = 0; i < s->nflows; i++) {
            const struct scen_flow *fl = &s->flow[i];
            double end = res->end[i], el = end - fl->start;
            yo_map(y);
            yo_kint(y, "flow", i + 1);
            yo_kstr(y, "src", node_name(s, fl->src));
            yo_kstr(y, "dst", node_name(s, fl->dst));
            yo_knum(y, "bytes", fl->bytes);
            yo_knum(y, "start_s", fl->start);
            if (isnan(end)) {
                yo_str(y, "end_s");
                yo_null(y);
            } else {
                yo_knum(y, "end_s", end);
                yo_knum(y, "elapsed_s", el);
                yo_knum(y, "avg_Bps", el > 0 ? fl->bytes / el : 0);
                if (!isnan(res->rate[i])) /* while it sent */
                    yo_knum(y, "bandwidth_Bps", res->rate[i]);
            }
            if (fl->label)
                yo_kstr(y, "label", fl->label);
            yo_close_map(y);
        }
        yo_close_seq(y);
        yo_close_map(y);
        return yo_end(y, err);
    }

    {
        static const char *const head[] = {"flow",    "src",    "dst",
                                           "size",    "start",  "end",
                                           "elapsed", "avg bw", "label"};
        struct tab t;
        int labels = 0;

        for (int i = 0; i < s->nflows; i++)
            labels |= s->flow[i].label != NULL;
        header_text(out, s, "congestion graph");
        if (res->starved)
            fprintf(out,
                    "STARVED at %s: the flows marked * get factor 0 and "
                    "nothing else is pending\n",
                    units_fmt_time(a, sizeof a, res->starved_at));
        else
            fprintf(out, "makespan %s\n",
                    units_fmt_time(a, sizeof a, res->makespan));
        fputc('\n', out);
        tab_init(&t, labels ? 9 : 8, head, "rllrrrrrl");
        for (int i = 0; i < s->nflows; i++) {
            const struct scen_flow *fl = &s->flow[i];
            double end = res->end[i], el = end - fl->start;
            char **row = tab_row(&t);
            int starved = 0;
            for (int k = 0; k < res->nstarved; k++)
                starved |= res->starved_flows[k] == i;
            row[0] = fmt("%d%s", i + 1, starved ? "*" : "");
            row[1] = xstrdup(node_name(s, fl->src));
            row[2] = xstrdup(node_name(s, fl->dst));
            row[3] = xstrdup(units_fmt_size(a, sizeof a, fl->bytes));
            row[4] = xstrdup(units_fmt_time(a, sizeof a, fl->start));
            if (isnan(end)) {
                row[5] = xstrdup("-");
                row[6] = xstrdup("-");
                row[7] = xstrdup("-");
            } else {
                row[5] = xstrdup(units_fmt_time(a, sizeof a, end));
                row[6] = xstrdup(units_fmt_time(a, sizeof a, el));
                row[7] = xstrdup(
                    el > 0 ? units_fmt_rate(b, sizeof b, fl->bytes / el) : "-");
            }
            if (labels)
                row[8] = xstrdup(fl->label ? fl->label : "");
        }
        tab_print(&t, out);
    }
    return check_io(out, err);
}

int
report_matrix(FILE *out, const struct scenario *s, const struct matrix *m,
              enum report_fmt f, struct rho_err *err)
{
    int n = m->n;

    if (f == REPORT_CSV) {
        fputs("src,dst,alone_Bps,together_Bps\n", out);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (i == j)
                    continue;
                csv_str(out, node_name(s, m->node[i]));
                fputc(',', out);
                csv_str(out, node_name(s, m->node[j]));
                if (isnan(m->alone[i * n + j]))
                    fputs(",,\n", out);
                else
                    fprintf(out, ",%.17g,%.17g\n", m->alone[i * n + j],
                            m->together[i * n + j]);
            }
        return check_io(out, err);
    }
    if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        yo_map(y);
        yo_kstr(y, "scenario", s->title);
        yo_str(y, "pairs");
        yo_seq(y);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (i == j || isnan(m->alone[i * n + j]))
                    continue;
                yo_map(y);
                yo_kstr(y, "src", node_name(s, m->node[i]));
                yo_kstr(y, "dst", node_name(s, m->node[j]));
                yo_knum(y, "alone_Bps", m->alone[i * n + j]);
                yo_knum(y, "together_Bps", m->together[i * n + j]);
                yo_close_map(y);
            }
        yo_close_seq(y);
        yo_close_map(y);
        return yo_end(y, err);
    }
    fprintf(out, "%s\n", s->title);
    for (int pass = 0; pass < 2; pass++) {
        const double *v = pass ? m->together : m->alone;
        const char *head[TAB_MAXCOL];
        char left[TAB_MAXCOL + 1];
        int from = 0;
        fprintf(out,
                pass ? "\nbandwidth, GB/s, every copy at once (row: source, "
                       "column: destination)\n"
                     : "\nbandwidth, GB/s, one copy at a time (row: source, "
                       "column: destination)\n");
        do { /* at most TAB_MAXCOL - 1 destinations per table */
            int cols = n - from < TAB_MAXCOL - 1 ? n - from : TAB_MAXCOL - 1;
            struct tab t;
            head[0] = "";
            left[0] = 'l';
            for (int c = 0; c < cols; c++) {
                head[c + 1] = node_name(s, m->node[from + c]);
                left[c + 1] = 'r';
            }
            left[cols + 1] = '\0';
            if (from > 0)
                fputc('\n', out);
            tab_init(&t, cols + 1, head, left);
            for (int i = 0; i < n; i++) {
                char **row = tab_row(&t);
                row[0] = xstrdup(node_name(s, m->node[i]));
                for (int c = 0; c < cols; c++) {
                    double x = v[i * n + from + c];
                    row[c + 1] = isnan(x) ? xstrdup("-") : fmt("%.2f", x / 1e9);
                }
            }
            tab_print(&t, out);
            from += cols;
        } while (from < n);
    }
    return check_io(out, err);
}

static const char *const step_key[STEP_COUNT] = {"A", "B", "C", "D8", "D9"};

int
report_steps(FILE *out, const struct scenario *s, struct pcie_sim *sim,
             enum report_fmt f, struct rho_err *err)
{
    int *present =
        xcalloc((size_t)(s->nflows ? s->nflows : 1), sizeof *present);
    double t0 = INFINITY;
    struct pcie_model *m = pcie_sim_model(sim);
    int np, rc;

    for (int i = 0; i < s->nflows; i++)
        if (s->flow[i].start < t0)
            t0 = s->flow[i].start;
    np = s->nflows ? pcie_sim_eval_at(sim, t0, present) : 0;

    if (f == REPORT_CSV) {
        fputs("flow,src,dst,A,B,C,D8,D9,hol\n", out);
        for (int k = 0; k < np; k++) {
            int i = present[k];
            const struct pcie_factors *F = pcie_model_factors(m, i);
            fprintf(out, "%d,", i + 1);
            csv_str(out, node_name(s, s->flow[i].src));
            fputc(',', out);
            csv_str(out, node_name(s, s->flow[i].dst));
            for (int st = 0; st < STEP_COUNT; st++)
                fprintf(out, ",%.17g", F->col[st]);
            fprintf(out, ",%d\n", F->hol);
        }
        rc = check_io(out, err);
    } else if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        yo_map(y);
        yo_kstr(y, "scenario", s->title);
        yo_knum(y, "tau", s->tau);
        yo_knum(y, "time_s", np ? t0 : 0);
        yo_str(y, "flows");
        yo_seq(y);
        for (int k = 0; k < np; k++) {
            int i = present[k];
            const struct pcie_factors *F = pcie_model_factors(m, i);
            yo_map(y);
            yo_kint(y, "flow", i + 1);
            yo_kstr(y, "src", node_name(s, s->flow[i].src));
            yo_kstr(y, "dst", node_name(s, s->flow[i].dst));
            for (int st = 0; st < STEP_COUNT; st++)
                yo_knum(y, step_key[st], F->col[st]);
            yo_str(y, "hol");
            yo_bool(y, F->hol);
            yo_close_map(y);
        }
        yo_close_seq(y);
        yo_close_map(y);
        rc = yo_end(y, err);
    } else {
        static const char *const head[] = {"flow", "src", "dst", "A", "B",
                                           "C",    "D8",  "D9",  ""};
        struct tab t;
        char a[64];

        header_text(out, s, "Algorithm 1");
        fprintf(out,
                "factors after each step for the flows present at %s\n"
                "(A source, B upstream ports, C downstream ports, D8 "
                "HOL blocking, D9 redistribution)\n\n",
                units_fmt_time(a, sizeof a, np ? t0 : 0));
        tab_init(&t, 9, head, "rllrrrrrl");
        for (int k = 0; k < np; k++) {
            int i = present[k];
            const struct pcie_factors *F = pcie_model_factors(m, i);
            char **row = tab_row(&t);
            row[0] = fmt("%d", i + 1);
            row[1] = xstrdup(node_name(s, s->flow[i].src));
            row[2] = xstrdup(node_name(s, s->flow[i].dst));
            for (int st = 0; st < STEP_COUNT; st++)
                row[3 + st] = fmt("%.4f", F->col[st]);
            if (!F->active)
                row[8] = xstrdup("waits for its source");
            else if (F->hol)
                row[8] = fmt("HOL-blocked by flow %d", F->hol_by + 1);
            else
                row[8] = xstrdup("");
        }
        tab_print(&t, out);
        rc = check_io(out, err);
    }
    free(present);
    return rc;
}

int
report_timeline(FILE *out, const struct scenario *s,
                const struct pcie_sim_result *res, enum report_fmt f,
                struct rho_err *err)
{
    char a[64], b[64];
    int *fl = xcalloc((size_t)(res->nflows ? res->nflows : 1), sizeof *fl);
    int rc;

    if (f == REPORT_CSV) {
        fputs("step,t0_s,t1_s,flow,src,dst,factor,bytes_sent,bytes_left\n",
              out);
        for (int k = 0; k < res->nsteps; k++) {
            const struct pcie_tstep *st = &res->step[k];
            int np = pcie_sim_step_flows(res, k, fl);
            for (int r = 0; r < np; r++) {
                int i = fl[r];
                double rho, sent, left;
                pcie_sim_step_rec(res, k, i, &rho, &sent, &left);
                fprintf(out, "%d,%.17g,%.17g,%d,", k + 1, st->t0, st->t1,
                        i + 1);
                csv_str(out, node_name(s, s->flow[i].src));
                fputc(',', out);
                csv_str(out, node_name(s, s->flow[i].dst));
                fprintf(out, ",%.17g,%.17g,%.17g\n", rho, sent, left);
            }
        }
        rc = check_io(out, err);
    } else if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        yo_map(y);
        yo_kstr(y, "scenario", s->title);
        yo_str(y, "steps");
        yo_seq(y);
        for (int k = 0; k < res->nsteps; k++) {
            const struct pcie_tstep *st = &res->step[k];
            int np = pcie_sim_step_flows(res, k, fl);
            yo_map(y);
            yo_kint(y, "step", k + 1);
            yo_knum(y, "t0_s", st->t0);
            yo_knum(y, "t1_s", st->t1);
            yo_str(y, "flows");
            yo_seq(y);
            for (int r = 0; r < np; r++) {
                double rho, sent, left;
                pcie_sim_step_rec(res, k, fl[r], &rho, &sent, &left);
                yo_map(y);
                yo_kint(y, "flow", fl[r] + 1);
                yo_knum(y, "factor", rho);
                yo_knum(y, "bytes_sent", sent);
                yo_knum(y, "bytes_left", left);
                yo_close_map(y);
            }
            yo_close_seq(y);
            yo_close_map(y);
        }
        yo_close_seq(y);
        yo_close_map(y);
        rc = yo_end(y, err);
    } else {
        header_text(out, s, "time steps");
        for (int k = 0; k < res->nsteps; k++) {
            static const char *const head[] = {"flow",   "src",  "dst",
                                               "factor", "sent", "left"};
            const struct pcie_tstep *st = &res->step[k];
            int np = pcie_sim_step_flows(res, k, fl);
            struct tab t;
            fprintf(out, "\nstep %d: %s to %s\n", k + 1,
                    units_fmt_time(a, sizeof a, st->t0),
                    units_fmt_time(b, sizeof b, st->t1));
            tab_init(&t, 6, head, "rllrrr");
            for (int r = 0; r < np; r++) {
                int i = fl[r];
                double rho, sent, left;
                char **row = tab_row(&t);
                pcie_sim_step_rec(res, k, i, &rho, &sent, &left);
                row[0] = fmt("%d", i + 1);
                row[1] = xstrdup(node_name(s, s->flow[i].src));
                row[2] = xstrdup(node_name(s, s->flow[i].dst));
                row[3] = fmt("%.4f", rho);
                row[4] = xstrdup(units_fmt_size(a, sizeof a, sent));
                row[5] = xstrdup(units_fmt_size(a, sizeof a, left));
            }
            tab_print(&t, out);
        }
        rc = check_io(out, err);
    }
    free(fl);
    return rc;
}

/* ---- schedule search ---- */

/* "20,736" */
static char *
thousands(char *buf, size_t n, long long v)
{
    char tmp[32];
    int len, out = 0;

    snprintf(tmp, sizeof tmp, "%lld", v);
    len = (int)strlen(tmp);
    for (int i = 0; i < len && (size_t)out + 2 < n; i++) {
        buf[out++] = tmp[i];
        if ((len - i - 1) % 3 == 0 && i < len - 1 && tmp[i] != '-')
            buf[out++] = ',';
    }
    buf[out] = '\0';
    return buf;
}

static long long
sched_id(const struct search_result *r, long long i)
{
    return r->id ? r->id[i] : i;
}

static void
order_of(const struct scenario *s, const struct search_space *sp,
         const struct search_result *r, long long i, int *prio, char *buf,
         int n)
{
    if (i < 0) { /* the baseline */
        search_space_prio(sp, 0, prio);
    } else if (r->sampled) {
        /* sampled schedules are recreated from their sample number */
        search_space_sample_prio(sp, r->seed, sched_id(r, i), prio);
    } else {
        search_space_prio(sp, sched_id(r, i), prio);
    }
    search_space_describe(sp, s, prio, buf, n);
}

/* A plot of the sorted times: x = schedules (fastest left), y = time. */
static void
plot_curve(FILE *out, const struct search_result *r)
{
    enum { W = 60, H = 12 };
    char grid[H][W + 1];
    long long m = r->n - r->starved;
    double lo = r->t_fastest, hi = r->t_slowest, span = hi - lo;
    char a[32], b[32];

    if (m <= 0)
        return;
    for (int y = 0; y < H; y++) {
        memset(grid[y], ' ', W);
        grid[y][W] = '\0';
    }
    for (int x = 0; x < W; x++) {
        long long k = (long long)((double)x / (W - 1) * (double)(m - 1));
        double t = r->sorted[k];
        int y = span > 0 ? (int)((t - lo) / span * (H - 1) + 0.5) : 0;
        grid[H - 1 - y][x] = '*';
    }
    units_fmt_time(a, sizeof a, hi);
    units_fmt_time(b, sizeof b, lo);
    fputc('\n', out);
    for (int y = 0; y < H; y++) {
        int w = W;
        while (w > 0 && grid[y][w - 1] == ' ') /* no trailing blanks */
            grid[y][--w] = '\0';
        fprintf(out, "%10s |%s\n", y == 0 ? a : y == H - 1 ? b : "", grid[y]);
    }
    fprintf(out, "%10s +%.*s\n", "", W,
            "------------------------------------------------------------");
    fprintf(out, "%10s  fastest%*sslowest\n", "", W - 14, "");
    fprintf(out, "%10s  schedules sorted by time (the paper's Fig. 9)\n", "");
}

int
report_search(FILE *out, const struct scenario *s,
              const struct search_result *r, enum report_fmt f,
              struct rho_err *err)
{
    struct search_space *sp = search_space_new(s, err);
    int *prio;
    char ord[1024], a[64], b[64], c[64];
    static const char *const what[] = {"fastest", "median", "slowest"};
    long long idx[3];
    double t[3];
    int rc;

    if (sp == NULL)
        return -1;
    prio = xcalloc((size_t)s->nflows, sizeof *prio);
    idx[0] = r->fastest;
    idx[1] = r->median;
    idx[2] = r->slowest;
    t[0] = r->t_fastest;
    t[1] = r->t_median;
    t[2] = r->t_slowest;

    if (f == REPORT_CSV) {
        rc = report_search_curve(out, r, err);
    } else if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        yo_map(y);
        yo_kstr(y, "scenario", s->title);
        yo_kint(y, "schedules", r->n - r->starved);
        yo_kint(y, "space", r->total);
        yo_str(y, "sampled");
        yo_bool(y, r->sampled);
        yo_kint(y, "starved", r->starved);
        yo_knum(y, "fastest_s", r->t_fastest);
        yo_knum(y, "median_s", r->t_median);
        yo_knum(y, "slowest_s", r->t_slowest);
        yo_knum(y, "slowest_over_fastest", r->t_slowest / r->t_fastest);
        yo_knum(y, "slowest_over_median", r->t_slowest / r->t_median);
        for (int k = 0; k < 3; k++) {
            yo_str(y, what[k]);
            yo_map(y);
            yo_kint(y, r->sampled ? "sample" : "schedule", sched_id(r, idx[k]));
            yo_knum(y, "time_s", t[k]);
            order_of(s, sp, r, idx[k], prio, ord, sizeof ord);
            yo_kstr(y, "order", ord);
            yo_close_map(y);
        }
        if (r->has_baseline) {
            yo_str(y, "baseline");
            yo_map(y);
            yo_kint(y, "schedule", 0);
            yo_knum(y, "time_s", r->t_baseline);
            yo_kint(y, "rank", r->baseline_rank);
            order_of(s, sp, r, -1, prio, ord, sizeof ord);
            yo_kstr(y, "order", ord);
            yo_close_map(y);
        }
        yo_kint(y, "threads", r->threads);
        if (r->ranks > 1)
            yo_kint(y, "ranks", r->ranks);
        yo_knum(y, "seconds", r->seconds);
        yo_close_map(y);
        rc = yo_end(y, err);
    } else {
        long long m = r->n - r->starved;
        fprintf(out, "%s\n", s->title);
        fprintf(out,
                "schedule search: %s %s of %s (every order of each "
                "source's flows: %d flows from %d sources)\n",
                thousands(a, sizeof a, m),
                r->sampled ? "random schedules" : "schedules",
                thousands(b, sizeof b, r->total), s->nflows,
                search_space_nsrc(sp));
        if (r->starved)
            fprintf(out, "%s schedules starved and are left out\n",
                    thousands(a, sizeof a, r->starved));
        if (r->ranks > 1)
            fprintf(out, "%d MPI ranks, ", r->ranks);
        fprintf(out, "%d threads, %.2f s (%s schedules/s)\n\n", r->threads,
                r->seconds,
                thousands(c, sizeof c,
                          r->seconds > 0
                              ? (long long)((double)r->n / r->seconds)
                              : 0));
        for (int k = 0; k < 3; k++) {
            order_of(s, sp, r, idx[k], prio, ord, sizeof ord);
            fprintf(out, "%-9s %10s  %s %-9s %s\n", what[k],
                    units_fmt_time(a, sizeof a, t[k]),
                    r->sampled ? "sample" : "#",
                    thousands(b, sizeof b, sched_id(r, idx[k])), ord);
        }
        if (r->has_baseline) {
            order_of(s, sp, r, -1, prio, ord, sizeof ord);
            fprintf(out, "%-9s %10s  %s %-9s %s\n", "baseline",
                    units_fmt_time(a, sizeof a, r->t_baseline), "#", "0", ord);
            fprintf(out, "%20s  the scenario's own order ranks %s of %s\n", "",
                    thousands(b, sizeof b, r->baseline_rank),
                    thousands(c, sizeof c, m));
        }
        fprintf(out, "\nslowest / fastest  %.3f\n",
                r->t_slowest / r->t_fastest);
        fprintf(out, "slowest / median   %.3f\n", r->t_slowest / r->t_median);
        if (r->has_baseline)
            fprintf(out, "baseline / fastest %.3f\n",
                    r->t_baseline / r->t_fastest);
        plot_curve(out, r);
        rc = check_io(out, err);
    }
    free(prio);
    search_space_free(sp);
    return rc;
}

int
report_search_curve(FILE *out, const struct search_result *r,
                    struct rho_err *err)
{
    long long m = r->n - r->starved;

    fputs("rank,time_s\n", out);
    for (long long k = 0; k < m; k++)
        fprintf(out, "%lld,%.17g\n", k + 1, r->sorted[k]);
    return check_io(out, err);
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
            csv_str(out, sw->axis[k].name);
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
                csv_str(out, v[k]);
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
        return check_io(out, err);
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
        tab_init(&t, nc, head, left);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * SWEEP_NCOLS;
            int starved = pcie && d[SWEEP_STARVED] != 0, col = sw->naxes;
            char **row = tab_row(&t);
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
                    row[col++] = fmt("%.4g", x);
            }
        }
        tab_print(&t, out);
    }
    return check_io(out, err);
}

/* ---- the link-utilization model ---- */

static const char *
job_routing(const struct scenario *s, int j)
{
    return net_routing_name(s->net->job[j].routing);
}

/* Per job: messages, bytes, and (per_job results) link bytes and max. */
struct job_sum {
    long long msgs;
    double bytes, link_bytes, link_max;
};

static void
job_sums(const struct scenario *s, const struct net_result *res,
         struct job_sum *js)
{
    const struct net_scen *l = s->net;

    for (int j = 0; j < l->njobs; j++) {
        memset(&js[j], 0, sizeof js[j]);
        if (l->njobs == 1) { /* the solve counted them: no second pass */
            js[j].msgs = res->msgs;
            js[j].bytes = res->total_bytes;
        } else {
            pattern_count(l->job[j].pattern, &js[j].msgs, &js[j].bytes);
        }
        if (res->job_bytes == NULL)
            continue;
        for (int k = 0; k < res->nlinks; k++) {
            double b = res->job_bytes[(size_t)j * (size_t)res->nlinks + k];
            js[j].link_bytes += b;
            if (b > js[j].link_max)
                js[j].link_max = b;
        }
    }
}

/* Does message m cross a link (different routers, some bytes)? */
static int
msg_routed(const struct scenario *s, const struct net_result *res, long long m)
{
    const struct net_scen *l = s->net;
    int off = l->job[res->msg_job[m]].offset;
    int a = placement_endpoint(l->placement, off + res->msg_src[m]);
    int b = placement_endpoint(l->placement, off + res->msg_dst[m]);

    return res->msg_bytes[m] > 0 &&
           net_endpoint_router(l->net, a) != net_endpoint_router(l->net, b);
}

/* Min, quartiles and max of the bandwidths of the routed messages
   (adaptive runs), and how many of them obtained none. */
static int
msg_bw_summary(const struct scenario *s, const struct net_result *res,
               double q[5], long long *starved)
{
    double *v;
    long long n = 0;

    *starved = 0;
    if (res->msg_bw == NULL || res->nmsg == 0 || res->iterations == 0)
        return 0;
    v = xcalloc((size_t)res->nmsg, sizeof *v);
    for (long long m = 0; m < res->nmsg; m++)
        if (msg_routed(s, res, m)) {
            v[n++] = res->msg_bw[m];
            *starved += !(res->msg_bw[m] > 0);
        }
    if (n > 0) {
        q[0] = net_stats_quantile(v, n, 0);
        q[1] = net_stats_quantile(v, n, 0.25);
        q[2] = net_stats_quantile(v, n, 0.5);
        q[3] = net_stats_quantile(v, n, 0.75);
        q[4] = net_stats_quantile(v, n, 1);
    }
    free(v);
    return n > 0;
}

static void
link_text(FILE *out, const struct scenario *s, const struct net_result *res,
          const struct net_stats *st, int what)
{
    const struct net_scen *l = s->net;
    const struct net *net = l->net;
    struct job_sum *js = xcalloc((size_t)l->njobs, sizeof *js);
    char a[64], b[64], c[64], d[64], e[64], f[64], name[NET_NAME_MAX];
    struct tab t;
    double q[5];
    long long starved;

    job_sums(s, res, js);
    fprintf(out, "%s\n", s->title);
    fprintf(out, "network    %s: %d routers, %d links, %d nodes, %lld ranks\n",
            l->net_desc, net_routers(net), net_links(net), net_endpoints(net),
            net_slots(net));
    fprintf(out, "placement  %s, %d ranks\n", l->place_desc,
            placement_ranks(l->placement));
    if (l->njobs == 1)
        fprintf(out, "traffic    %s: %lld messages, %s; routing %s%s\n",
                strcmp(l->job[0].name, "flows") == 0
                    ? "explicit flows"
                    : pattern_name(l->job[0].pattern),
                js[0].msgs, units_fmt_size(a, sizeof a, js[0].bytes),
                job_routing(s, 0),
                l->minimal == ROUTE_ALL ? " (all minimal paths)" : "");
    fputc('\n', out);
    if (l->njobs > 1) {
        static const char *const head[] = {"job",        "routing",  "ranks",
                                           "traffic",    "messages", "bytes",
                                           "link bytes", "max link"};
        tab_init(&t, 8, head, "llrlrrrr");
        for (int j = 0; j < l->njobs; j++) {
            char **r = tab_row(&t);
            int next = j + 1 < l->njobs ? l->job[j + 1].offset
                                        : placement_ranks(l->placement);
            r[0] = xstrdup(l->job[j].name);
            r[1] = xstrdup(job_routing(s, j));
            r[2] = fmt("%d", pattern_ranks(l->job[j].pattern) <
                                     next - l->job[j].offset
                                 ? pattern_ranks(l->job[j].pattern)
                                 : next - l->job[j].offset);
            r[3] = xstrdup(pattern_name(l->job[j].pattern));
            r[4] = fmt("%lld", js[j].msgs);
            r[5] = xstrdup(units_fmt_size(a, sizeof a, js[j].bytes));
            r[6] = xstrdup(units_fmt_size(a, sizeof a, js[j].link_bytes));
            r[7] = xstrdup(units_fmt_size(a, sizeof a, js[j].link_max));
        }
        tab_print(&t, out);
        fputc('\n', out);
    }
    {
        static const char *const head[] = {"class", "links",   "used", "min",
                                           "q1",    "median",  "mean", "q3",
                                           "max",   "min used"};
        tab_init(&t, 10, head, "lrrrrrrrrr");
        for (int k = 0; k < st->nclasses; k++) {
            const struct net_class_stats *cs = &st->cls[k];
            char **r;
            if (cs->links == 0)
                continue;
            r = tab_row(&t);
            r[0] = xstrdup(cs->name);
            r[1] = fmt("%lld", cs->links);
            r[2] = fmt("%lld", cs->used);
            r[3] = xstrdup(units_fmt_size(a, sizeof a, cs->min));
            r[4] = xstrdup(units_fmt_size(b, sizeof b, cs->q1));
            r[5] = xstrdup(units_fmt_size(c, sizeof c, cs->median));
            r[6] = xstrdup(units_fmt_size(d, sizeof d, cs->mean));
            r[7] = xstrdup(units_fmt_size(e, sizeof e, cs->q3));
            r[8] = xstrdup(units_fmt_size(f, sizeof f, cs->max));
            r[9] = xstrdup(units_fmt_size(a, sizeof a, cs->min_used));
        }
        tab_print(&t, out);
    }
    if (st->cls[0].ntop > 0 && st->cls[0].top_bytes[0] > 0) {
        static const char *const head[] = {"hottest", "link", "class", "bytes",
                                           "busy"};
        fputc('\n', out);
        tab_init(&t, 5, head, "rllrr");
        for (int i = 0; i < st->cls[0].ntop; i++) {
            int id = st->cls[0].top[i];
            char **r;
            if (st->cls[0].top_bytes[i] <= 0)
                break;
            r = tab_row(&t);
            r[0] = fmt("%d", i + 1);
            r[1] = xstrdup(net_link_name(net, id, name, sizeof name));
            r[2] = xstrdup(net_class_name(net, net_link_class(net, id)));
            r[3] =
                xstrdup(units_fmt_size(a, sizeof a, st->cls[0].top_bytes[i]));
            r[4] = xstrdup(units_fmt_time(
                b, sizeof b, st->cls[0].top_bytes[i] / net_link_bw(net, id)));
        }
        tab_print(&t, out);
    }
    fputc('\n', out);
    fprintf(out, "messages   %lld (%lld cross a link), %s\n", st->msgs,
            st->routed, units_fmt_size(a, sizeof a, st->total_bytes));
    fprintf(out,
            "hop-bytes  %s; %.4g hops per message on average, %.4g per "
            "byte, %g at most\n",
            units_fmt_size(a, sizeof a, st->hop_bytes), st->avg_hops,
            st->avg_hops_per_byte, st->max_hops);
    if (res->iterations > 0)
        fprintf(out, "solve      %d allocation rounds%s\n", res->iterations,
                res->converged ? "" : " (stopped at the round limit)");
    if (msg_bw_summary(s, res, q, &starved)) {
        fprintf(out,
                "bandwidth  per message: min %s, q1 %s, median %s, q3 %s, "
                "max %s\n",
                units_fmt_rate(a, sizeof a, q[0]),
                units_fmt_rate(b, sizeof b, q[1]),
                units_fmt_rate(c, sizeof c, q[2]),
                units_fmt_rate(d, sizeof d, q[3]),
                units_fmt_rate(e, sizeof e, q[4]));
        if (starved > 0)
            fprintf(out,
                    "starved    %lld routed message%s obtained no bandwidth "
                    "(their paths were full before they asked)\n",
                    starved, starved == 1 ? "" : "s");
    }
    fprintf(out,
            "phase      %s (an estimate, not part of the thesis's "
            "model: %s)\n",
            units_fmt_time(a, sizeof a, st->phase_time_ext),
            res->iterations > 0 ? "the slowest message"
                                : "the busiest link's bytes / bandwidth");
    if (what & REPORT_LINK_LINKS) {
        static const char *const head[] = {"link",  "from",  "to",
                                           "class", "bytes", "name"};
        fputc('\n', out);
        tab_init(&t, 6, head, "rrrlrl");
        for (int k = 0; k < net_links(net); k++) {
            char **r = tab_row(&t);
            r[0] = fmt("%d", k);
            r[1] = fmt("%d", net_link_src(net, k));
            r[2] = fmt("%d", net_link_dst(net, k));
            r[3] = xstrdup(net_class_name(net, net_link_class(net, k)));
            r[4] = xstrdup(units_fmt_size(a, sizeof a, res->bytes[k]));
            r[5] = xstrdup(net_link_name(net, k, name, sizeof name));
        }
        tab_print(&t, out);
    }
    if ((what & REPORT_LINK_MSGS) && res->nmsg > 0) {
        static const char *const head[] = {"msg", "job",   "src",
                                           "dst", "bytes", "bandwidth"};
        fputc('\n', out);
        tab_init(&t, 6, head, "rlrrrr");
        for (long long m = 0; m < res->nmsg; m++) {
            char **r = tab_row(&t);
            r[0] = fmt("%lld", m + 1);
            r[1] = xstrdup(l->job[res->msg_job[m]].name);
            r[2] = fmt("%d", res->msg_src[m]);
            r[3] = fmt("%d", res->msg_dst[m]);
            r[4] = xstrdup(units_fmt_size(a, sizeof a, res->msg_bytes[m]));
            r[5] = xstrdup(units_fmt_rate(b, sizeof b, res->msg_bw[m]));
        }
        tab_print(&t, out);
    }
    free(js);
}

static void
link_csv(FILE *out, const struct scenario *s, const struct net_result *res,
         const struct net_stats *st, int what)
{
    const struct net_scen *l = s->net;
    const struct net *net = l->net;
    char name[NET_NAME_MAX];

    if (what & REPORT_LINK_MSGS) {
        fprintf(out, "msg,job,src,dst,bytes,bandwidth_Bps\n");
        for (long long m = 0; m < res->nmsg; m++)
            fprintf(out, "%lld,%s,%d,%d,%.17g,%.17g\n", m + 1,
                    l->job[res->msg_job[m]].name, res->msg_src[m],
                    res->msg_dst[m], res->msg_bytes[m], res->msg_bw[m]);
    } else if (what & REPORT_LINK_LINKS) {
        fprintf(out, "link,from,to,class,bytes,bandwidth_Bps,name");
        if (res->job_bytes)
            for (int j = 0; j < l->njobs; j++)
                fprintf(out, ",bytes_job%d", j + 1);
        fputc('\n', out);
        for (int k = 0; k < net_links(net); k++) {
            fprintf(out, "%d,%d,%d,\"%s\",%.17g,%.17g,\"%s\"", k,
                    net_link_src(net, k), net_link_dst(net, k),
                    net_class_name(net, net_link_class(net, k)), res->bytes[k],
                    net_link_bw(net, k),
                    net_link_name(net, k, name, sizeof name));
            if (res->job_bytes)
                for (int j = 0; j < l->njobs; j++)
                    fprintf(
                        out, ",%.17g",
                        res->job_bytes[(size_t)j * (size_t)res->nlinks + k]);
            fputc('\n', out);
        }
    } else {
        fprintf(out, "class,links,used,min,q1,median,mean,q3,max,min_used\n");
        for (int k = 0; k < st->nclasses; k++) {
            const struct net_class_stats *cs = &st->cls[k];
            if (cs->links == 0)
                continue;
            fprintf(out,
                    "\"%s\",%lld,%lld,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,"
                    "%.17g\n",
                    cs->name, cs->links, cs->used, cs->min, cs->q1, cs->median,
                    cs->mean, cs->q3, cs->max, cs->min_used);
        }
    }
}

static void
link_yaml_class(struct yo *y, const struct net *net,
                const struct net_class_stats *cs)
{
    char name[NET_NAME_MAX];

    yo_map(y);
    yo_kstr(y, "class", cs->name);
    yo_kint(y, "links", cs->links);
    yo_kint(y, "used", cs->used);
    yo_knum(y, "min", cs->min);
    yo_knum(y, "q1", cs->q1);
    yo_knum(y, "median", cs->median);
    yo_knum(y, "mean", cs->mean);
    yo_knum(y, "q3", cs->q3);
    yo_knum(y, "max", cs->max);
    yo_knum(y, "min_used", cs->min_used);
    yo_str(y, "hottest");
    yo_seq(y);
    for (int i = 0; i < cs->ntop && cs->top_bytes[i] > 0; i++) {
        yo_map(y);
        yo_kstr(y, "link", net_link_name(net, cs->top[i], name, sizeof name));
        yo_kint(y, "id", cs->top[i]);
        yo_knum(y, "bytes", cs->top_bytes[i]);
        yo_close_map(y);
    }
    yo_close_seq(y);
    yo_close_map(y);
}

static int
link_yaml(FILE *out, const struct scenario *s, const struct net_result *res,
          const struct net_stats *st, int what, struct rho_err *err)
{
    const struct net_scen *l = s->net;
    const struct net *net = l->net;
    struct job_sum *js = xcalloc((size_t)l->njobs, sizeof *js);
    struct yo *y = yo_begin(out);
    char name[NET_NAME_MAX];
    double q[5];
    long long starved;

    job_sums(s, res, js);
    yo_map(y);
    yo_kstr(y, "scenario", s->title);
    if (s->path)
        yo_kstr(y, "file", s->path);
    yo_str(y, "network");
    yo_map(y);
    yo_kstr(y, "description", l->net_desc);
    yo_kint(y, "routers", net_routers(net));
    yo_kint(y, "links", net_links(net));
    yo_kint(y, "nodes", net_endpoints(net));
    yo_kint(y, "ranks", net_slots(net));
    yo_close_map(y);
    yo_kstr(y, "placement", l->place_desc);
    yo_kstr(y, "paths", l->minimal == ROUTE_ALL ? "all" : "minimal");
    yo_str(y, "jobs");
    yo_seq(y);
    for (int j = 0; j < l->njobs; j++) {
        yo_map(y);
        yo_kstr(y, "name", l->job[j].name);
        yo_kstr(y, "traffic", pattern_name(l->job[j].pattern));
        yo_kstr(y, "routing", job_routing(s, j));
        yo_kint(y, "ranks", pattern_ranks(l->job[j].pattern));
        yo_kint(y, "offset", l->job[j].offset);
        yo_kint(y, "messages", js[j].msgs);
        yo_knum(y, "bytes", js[j].bytes);
        if (res->job_bytes) {
            yo_knum(y, "link_bytes", js[j].link_bytes);
            yo_knum(y, "max_link_bytes", js[j].link_max);
        }
        yo_close_map(y);
    }
    yo_close_seq(y);
    yo_str(y, "classes");
    yo_seq(y);
    for (int k = 0; k < st->nclasses; k++)
        if (st->cls[k].links > 0)
            link_yaml_class(y, net, &st->cls[k]);
    yo_close_seq(y);
    yo_kint(y, "messages", st->msgs);
    yo_kint(y, "routed", st->routed);
    yo_knum(y, "total_bytes", st->total_bytes);
    yo_knum(y, "hop_bytes", st->hop_bytes);
    yo_knum(y, "avg_hops", st->avg_hops);
    yo_knum(y, "avg_hops_per_byte", st->avg_hops_per_byte);
    yo_knum(y, "max_hops", st->max_hops);
    if (res->iterations > 0) {
        yo_kint(y, "rounds", res->iterations);
        yo_kstr(y, "converged", res->converged ? "yes" : "no");
    }
    if (msg_bw_summary(s, res, q, &starved)) {
        yo_kint(y, "starved_messages", starved);
        yo_knum(y, "min_message_bw_Bps", q[0]);
        yo_knum(y, "median_message_bw_Bps", q[2]);
        yo_knum(y, "max_message_bw_Bps", q[4]);
    }
    yo_knum(y, "phase_time_estimate_s", st->phase_time_ext);
    if (what & REPORT_LINK_LINKS) {
        yo_str(y, "links");
        yo_seq(y);
        for (int k = 0; k < net_links(net); k++) {
            yo_map(y);
            yo_kint(y, "link", k);
            yo_kint(y, "from", net_link_src(net, k));
            yo_kint(y, "to", net_link_dst(net, k));
            yo_kstr(y, "class", net_class_name(net, net_link_class(net, k)));
            yo_knum(y, "bytes", res->bytes[k]);
            yo_kstr(y, "name", net_link_name(net, k, name, sizeof name));
            yo_close_map(y);
        }
        yo_close_seq(y);
    }
    if ((what & REPORT_LINK_MSGS) && res->nmsg > 0) {
        yo_str(y, "message_list");
        yo_seq(y);
        for (long long m = 0; m < res->nmsg; m++) {
            yo_map(y);
            yo_kstr(y, "job", l->job[res->msg_job[m]].name);
            yo_kint(y, "src", res->msg_src[m]);
            yo_kint(y, "dst", res->msg_dst[m]);
            yo_knum(y, "bytes", res->msg_bytes[m]);
            yo_knum(y, "bandwidth_Bps", res->msg_bw[m]);
            yo_close_map(y);
        }
        yo_close_seq(y);
    }
    yo_close_map(y);
    free(js);
    return yo_end(y, err);
}

int
report_link(FILE *out, const struct scenario *s, const struct net_result *res,
            const struct net_stats *st, enum report_fmt f, int what,
            struct rho_err *err)
{
    if (f == REPORT_YAML)
        return link_yaml(out, s, res, st, what, err);
    if (f == REPORT_CSV)
        link_csv(out, s, res, st, what);
    else
        link_text(out, s, res, st, what);
    return check_io(out, err);
}
