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

#include "core/pcie_model.h"
#include "core/rho_alloc.h"
#include "core/units.h"
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

    if (f == REPORT_CSV) {
        fputs("step,t0_s,t1_s,flow,src,dst,factor,bytes_sent,bytes_left\n",
              out);
        for (int k = 0; k < res->nsteps; k++) {
            const struct pcie_tstep *st = &res->step[k];
            for (int r = st->off; r < st->off + st->n; r++) {
                int i = res->rec_flow[r];
                fprintf(out, "%d,%.17g,%.17g,%d,", k + 1, st->t0, st->t1,
                        i + 1);
                csv_str(out, node_name(s, s->flow[i].src));
                fputc(',', out);
                csv_str(out, node_name(s, s->flow[i].dst));
                fprintf(out, ",%.17g,%.17g,%.17g\n", res->rec_rho[r],
                        res->rec_bytes[r], res->rec_left[r]);
            }
        }
        return check_io(out, err);
    }
    if (f == REPORT_YAML) {
        struct yo *y = yo_begin(out);
        yo_map(y);
        yo_kstr(y, "scenario", s->title);
        yo_str(y, "steps");
        yo_seq(y);
        for (int k = 0; k < res->nsteps; k++) {
            const struct pcie_tstep *st = &res->step[k];
            yo_map(y);
            yo_kint(y, "step", k + 1);
            yo_knum(y, "t0_s", st->t0);
            yo_knum(y, "t1_s", st->t1);
            yo_str(y, "flows");
            yo_seq(y);
            for (int r = st->off; r < st->off + st->n; r++) {
                yo_map(y);
                yo_kint(y, "flow", res->rec_flow[r] + 1);
                yo_knum(y, "factor", res->rec_rho[r]);
                yo_knum(y, "bytes_sent", res->rec_bytes[r]);
                yo_knum(y, "bytes_left", res->rec_left[r]);
                yo_close_map(y);
            }
            yo_close_seq(y);
            yo_close_map(y);
        }
        yo_close_seq(y);
        yo_close_map(y);
        return yo_end(y, err);
    }
    header_text(out, s, "time steps");
    for (int k = 0; k < res->nsteps; k++) {
        static const char *const head[] = {"flow",   "src",  "dst",
                                           "factor", "sent", "left"};
        const struct pcie_tstep *st = &res->step[k];
        struct tab t;
        fprintf(out, "\nstep %d: %s to %s\n", k + 1,
                units_fmt_time(a, sizeof a, st->t0),
                units_fmt_time(b, sizeof b, st->t1));
        tab_init(&t, 6, head, "rllrrr");
        for (int r = st->off; r < st->off + st->n; r++) {
            int i = res->rec_flow[r];
            char **row = tab_row(&t);
            row[0] = fmt("%d", i + 1);
            row[1] = xstrdup(node_name(s, s->flow[i].src));
            row[2] = xstrdup(node_name(s, s->flow[i].dst));
            row[3] = fmt("%.4f", res->rec_rho[r]);
            row[4] = xstrdup(units_fmt_size(a, sizeof a, res->rec_bytes[r]));
            row[5] = xstrdup(units_fmt_size(a, sizeof a, res->rec_left[r]));
        }
        tab_print(&t, out);
    }
    return check_io(out, err);
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

int
report_sweep(FILE *out, const char *title, const struct sweep *sw,
             const double *data, enum report_fmt f, struct rho_err *err)
{
    long n = sweep_count(sw);
    const char *v[SWEEP_MAX_AXES];
    static const char *const col[] = {"makespan_s", "mean_elapsed_s",
                                      "max_elapsed_s"};

    if (f == REPORT_CSV) {
        for (int k = 0; k < sw->naxes; k++) {
            csv_str(out, sw->axis[k].name);
            fputc(',', out);
        }
        fputs("makespan_s,mean_elapsed_s,max_elapsed_s,status\n", out);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * SWEEP_NCOLS;
            sweep_point(sw, i, v);
            for (int k = 0; k < sw->naxes; k++) {
                csv_str(out, v[k]);
                fputc(',', out);
            }
            if (d[SWEEP_STARVED] != 0)
                fputs(",,,starved\n", out);
            else
                fprintf(out, "%.17g,%.17g,%.17g,ok\n", d[SWEEP_MAKESPAN],
                        d[SWEEP_MEAN], d[SWEEP_MAX]);
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
            sweep_point(sw, i, v);
            yo_map(y);
            for (int k = 0; k < sw->naxes; k++)
                yo_kstr(y, sw->axis[k].name, v[k]);
            yo_kstr(y, "status", d[SWEEP_STARVED] != 0 ? "starved" : "ok");
            if (d[SWEEP_STARVED] == 0)
                for (int c = 0; c < 3; c++)
                    yo_knum(y, col[c], d[c]);
            yo_close_map(y);
        }
        yo_close_seq(y);
        yo_close_map(y);
        return yo_end(y, err);
    }
    {
        const char *head[SWEEP_MAX_AXES + 3];
        char left[SWEEP_MAX_AXES + 4];
        struct tab t;
        char a[64];
        int nc = sw->naxes + 3;

        for (int k = 0; k < sw->naxes; k++) {
            head[k] = sw->axis[k].name;
            left[k] = 'r';
        }
        head[sw->naxes] = "makespan";
        head[sw->naxes + 1] = "mean elapsed";
        head[sw->naxes + 2] = "longest";
        memset(left + sw->naxes, 'r', 3);
        left[nc] = '\0';
        fprintf(out, "%s\nsweep: %ld points\n\n", title, n);
        tab_init(&t, nc, head, left);
        for (long i = 0; i < n; i++) {
            const double *d = data + i * SWEEP_NCOLS;
            char **row = tab_row(&t);
            sweep_point(sw, i, v);
            for (int k = 0; k < sw->naxes; k++)
                row[k] = xstrdup(v[k]);
            for (int c = 0; c < 3; c++)
                row[sw->naxes + c] =
                    d[SWEEP_STARVED] != 0
                        ? xstrdup(c == 0 ? "starved" : "-")
                        : xstrdup(units_fmt_time(a, sizeof a, d[c]));
        }
        tab_print(&t, out);
    }
    return check_io(out, err);
}
