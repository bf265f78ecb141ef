/*
 * report_pcie: batch output of the PCIe model and its schedule search.
 * See report.h. The stepper's frames (--stepper) are a view model
 * (view/pcie/pview_frames.h) printed as text.
 */
#include "report/report.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/model_pcie.h"
#include "core/pcie/pcie_model.h"
#include "report/csv.h"
#include "report/report_int.h"
#include "report/yamlout.h"
#include "view/pcie/pview_frames.h"

static const char *
node_name(const struct scenario *s, int id)
{
    return pcie_node(s->pcie, id)->name;
}

static void
header_text(FILE *out, const struct scenario *s, const char *what)
{
    char bw[64], nf[48], nd[48];

    fprintf(out, "%s\n", s->title);
    fprintf(out, "%s: %s on %s, B = %s, tau = %g\n", what,
            units_fmt_count(nf, sizeof nf, s->nflows, "flow"),
            units_fmt_count(nd, sizeof nd, pcie_nendpoints(s->pcie), "device"),
            units_fmt_rate(bw, sizeof bw, s->bandwidth), s->tau);
}

int
report_flows(FILE *out, const struct scenario *s,
             const struct pcie_sim_result *res, enum report_fmt f,
             struct rho_err *err)
{
    char a[64], b[64];

    if (f == REPORT_CSV) {
        static const char *const head[] = {
            "flow",   "src",       "dst",     "bytes", "start_s",
            "end_s",  "elapsed_s", "avg_Bps", "label", NULL};
        struct csv c;
        csv_begin(&c, out);
        csv_header(&c, head);
        for (int i = 0; i < s->nflows; i++) {
            const struct scen_flow *fl = &s->flow[i];
            double end = res->end[i], el = end - fl->start;
            csv_int(&c, i + 1);
            csv_str(&c, node_name(s, fl->src));
            csv_str(&c, node_name(s, fl->dst));
            csv_num(&c, fl->bytes);
            csv_num(&c, fl->start);
            csv_num(&c, end); /* NaN, an empty field: starved */
            csv_num(&c, isnan(end) ? NAN : el);
            /* (no time: no average, an empty field as in the text's -) */
            csv_num(&c, isnan(end) || !(el > 0) ? NAN : fl->bytes / el);
            csv_str(&c, fl->label ? fl->label : "");
            csv_row(&c);
        }
        return report_check_io(out, err);
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
                if (el > 0)
                    yo_knum(y, "avg_Bps", fl->bytes / el);
                else { /* (no time: no average, as the text's -) */
                    yo_str(y, "avg_Bps");
                    yo_null(y);
                }
                /* while it sent: a flow of no bytes sent nothing */
                if (!isnan(res->rate[i]) && fl->bytes > 0)
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
        report_tab_init(&t, labels ? 9 : 8, head, "rllrrrrrl");
        for (int i = 0; i < s->nflows; i++) {
            const struct scen_flow *fl = &s->flow[i];
            double end = res->end[i], el = end - fl->start;
            char **row = report_tab_row(&t);
            int starved = 0;
            for (int k = 0; k < res->nstarved; k++)
                starved |= res->starved_flows[k] == i;
            row[0] = report_strf("%d%s", i + 1, starved ? "*" : "");
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
        report_tab_print(&t, out);
    }
    return report_check_io(out, err);
}

int
report_matrix(FILE *out, const struct scenario *s, const struct matrix *m,
              enum report_fmt f, struct rho_err *err)
{
    int n = m->n;

    if (f == REPORT_CSV) {
        static const char *const head[] = {"src", "dst", "alone_Bps",
                                           "together_Bps", NULL};
        struct csv c;
        csv_begin(&c, out);
        csv_header(&c, head);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                if (i == j)
                    continue;
                csv_str(&c, node_name(s, m->node[i]));
                csv_str(&c, node_name(s, m->node[j]));
                if (isnan(m->alone[i * n + j])) { /* no path */
                    csv_empty(&c);
                    csv_empty(&c);
                } else {
                    csv_num(&c, m->alone[i * n + j]);
                    csv_num(&c, m->together[i * n + j]);
                }
                csv_row(&c);
            }
        return report_check_io(out, err);
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
            report_tab_init(&t, cols + 1, head, left);
            for (int i = 0; i < n; i++) {
                char **row = report_tab_row(&t);
                row[0] = xstrdup(node_name(s, m->node[i]));
                for (int c = 0; c < cols; c++) {
                    double x = v[i * n + from + c];
                    row[c + 1] =
                        isnan(x) ? xstrdup("-") : report_strf("%.2f", x / 1e9);
                }
            }
            report_tab_print(&t, out);
            from += cols;
        } while (from < n);
    }
    return report_check_io(out, err);
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
        static const char *const head[] = {"flow", "src", "dst", "A",  "B",
                                           "C",    "D8",  "D9",  "hol", NULL};
        struct csv c;
        csv_begin(&c, out);
        csv_header(&c, head);
        for (int k = 0; k < np; k++) {
            int i = present[k];
            const struct pcie_factors *F = pcie_model_factors(m, i);
            csv_int(&c, i + 1);
            csv_str(&c, node_name(s, s->flow[i].src));
            csv_str(&c, node_name(s, s->flow[i].dst));
            for (int st = 0; st < STEP_COUNT; st++)
                csv_num(&c, F->col[st]);
            csv_int(&c, F->hol);
            csv_row(&c);
        }
        rc = report_check_io(out, err);
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
        report_tab_init(&t, 9, head, "rllrrrrrl");
        for (int k = 0; k < np; k++) {
            int i = present[k];
            const struct pcie_factors *F = pcie_model_factors(m, i);
            char **row = report_tab_row(&t);
            row[0] = report_strf("%d", i + 1);
            row[1] = xstrdup(node_name(s, s->flow[i].src));
            row[2] = xstrdup(node_name(s, s->flow[i].dst));
            for (int st = 0; st < STEP_COUNT; st++)
                row[3 + st] = report_strf("%.4f", F->col[st]);
            if (!F->active)
                row[8] = xstrdup("waits for its source");
            else if (F->hol)
                row[8] = report_strf("HOL-blocked by flow %d", F->hol_by + 1);
            else
                row[8] = xstrdup("");
        }
        report_tab_print(&t, out);
        rc = report_check_io(out, err);
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
        static const char *const head[] = {
            "step",   "t0_s",       "t1_s",       "flow", "src", "dst",
            "factor", "bytes_sent", "bytes_left", NULL};
        struct csv c;
        csv_begin(&c, out);
        csv_header(&c, head);
        for (int k = 0; k < res->nsteps; k++) {
            const struct pcie_tstep *st = &res->step[k];
            int np = pcie_sim_step_flows(res, k, fl);
            for (int r = 0; r < np; r++) {
                int i = fl[r];
                double rho, sent, left;
                pcie_sim_step_rec(res, k, i, &rho, &sent, &left);
                csv_int(&c, k + 1);
                csv_num(&c, st->t0);
                csv_num(&c, st->t1);
                csv_int(&c, i + 1);
                csv_str(&c, node_name(s, s->flow[i].src));
                csv_str(&c, node_name(s, s->flow[i].dst));
                csv_num(&c, rho);
                csv_num(&c, sent);
                csv_num(&c, left);
                csv_row(&c);
            }
        }
        rc = report_check_io(out, err);
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
            report_tab_init(&t, 6, head, "rllrrr");
            for (int r = 0; r < np; r++) {
                int i = fl[r];
                double rho, sent, left;
                char **row = report_tab_row(&t);
                pcie_sim_step_rec(res, k, i, &rho, &sent, &left);
                row[0] = report_strf("%d", i + 1);
                row[1] = xstrdup(node_name(s, s->flow[i].src));
                row[2] = xstrdup(node_name(s, s->flow[i].dst));
                row[3] = report_strf("%.4f", rho);
                row[4] = xstrdup(units_fmt_size(a, sizeof a, sent));
                row[5] = xstrdup(units_fmt_size(a, sizeof a, left));
            }
            report_tab_print(&t, out);
        }
        rc = report_check_io(out, err);
    }
    free(fl);
    return rc;
}

/* ---- schedule search ---- */

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
curve_text(FILE *out, const struct search_result *r)
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
    char ord[1024], a[64], b[64], c[64], d[64];
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
        if (r->total == LLONG_MAX) /* past a 64-bit count */
            yo_knum(y, "space", r->size);
        else
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
        search_space_size_fmt(sp, b, sizeof b);
        fprintf(out, "%s\n", s->title);
        fprintf(out,
                "schedule search: %s %s of %s (every order of each "
                "source's flows: %s from %s)\n",
                units_fmt_int(a, sizeof a, m),
                r->sampled ? "random schedules" : "schedules",
                b, units_fmt_count(c, sizeof c, s->nflows, "flow"),
                units_fmt_count(d, sizeof d, search_space_nsrc(sp), "source"));
        if (r->starved)
            fprintf(out, "%s starved and %s left out\n",
                    units_fmt_count(a, sizeof a, r->starved, "schedule"),
                    r->starved == 1 ? "is" : "are");
        if (r->ranks > 1)
            fprintf(out, "%s, ",
                    units_fmt_count(a, sizeof a, r->ranks, "MPI rank"));
        fprintf(out, "%s, %.2f s (%s schedules/s)\n\n",
                units_fmt_count(a, sizeof a, r->threads, "thread"), r->seconds,
                units_fmt_int(c, sizeof c,
                              r->seconds > 0
                                  ? (long long)((double)r->n / r->seconds)
                                  : 0));
        for (int k = 0; k < 3; k++) {
            order_of(s, sp, r, idx[k], prio, ord, sizeof ord);
            fprintf(out, "%-9s %10s  %s %-9s %s\n", what[k],
                    units_fmt_time(a, sizeof a, t[k]),
                    r->sampled ? "sample" : "#",
                    units_fmt_int(b, sizeof b, sched_id(r, idx[k])), ord);
        }
        if (r->has_baseline) {
            order_of(s, sp, r, -1, prio, ord, sizeof ord);
            fprintf(out, "%-9s %10s  %s %-9s %s\n", "baseline",
                    units_fmt_time(a, sizeof a, r->t_baseline), "#", "0", ord);
            fprintf(out, "%20s  the scenario's own order ranks %s of %s\n", "",
                    units_fmt_int(b, sizeof b, r->baseline_rank),
                    units_fmt_int(c, sizeof c, m));
        }
        fprintf(out, "\nslowest / fastest  %.3f\n",
                r->t_slowest / r->t_fastest);
        fprintf(out, "slowest / median   %.3f\n", r->t_slowest / r->t_median);
        if (r->has_baseline)
            fprintf(out, "baseline / fastest %.3f\n",
                    r->t_baseline / r->t_fastest);
        curve_text(out, r);
        rc = report_check_io(out, err);
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

    static const char *const head[] = {"rank", "time_s", NULL};
    struct csv c;

    csv_begin(&c, out);
    csv_header(&c, head);
    for (long long k = 0; k < m; k++) {
        csv_int(&c, k + 1);
        csv_num(&c, r->sorted[k]);
        csv_row(&c);
    }
    return report_check_io(out, err);
}

/* ---- the model's batch printer ---- */

static int
print_stepper(FILE *out, struct pcie_run *r, double t, struct rho_err *err)
{
    static const char *const col[] = {"A", "B", "C", "D8", "D9"};
    const struct scenario *s = r->scen;
    struct pview_frames st;
    int k;

    int asked = !isnan(t);
    char a[64], b[64], c[64];

    if (r->res.nsteps == 0) { /* (as the explorer's stepper says it) */
        fprintf(out, "%s\nAlgorithm 1: nothing to step (no flow sends)\n",
                s->title);
        return report_check_io(out, err);
    }
    if (!asked)
        t = r->res.step[0].t0;
    k = pcie_sim_step_at(&r->res, t);
    if (k >= 0)
        pcie_sim_eval_step(r->sim, &r->res, k);
    pview_frames_build(&st, s, pcie_sim_model(r->sim), 0);
    fprintf(out, "%s\nAlgorithm 1", s->title);
    if (k >= 0)
        fprintf(out, " in time step %d of %d (%s to %s)", k + 1, r->res.nsteps,
                units_fmt_time(a, sizeof a, r->res.step[k].t0),
                units_fmt_time(b, sizeof b, r->res.step[k].t1));
    fprintf(out, ", %d frames\n(a * marks a factor the frame changed)\n", st.n);
    /* a moment past the end shows the last step: say so */
    if (asked && k >= 0 && t >= r->res.step[k].t1)
        fprintf(out,
                "--at %s is after the last flow ends (%s): this is the "
                "last time step\n",
                units_fmt_time(c, sizeof c, t),
                units_fmt_time(b, sizeof b, r->res.step[k].t1));
    for (int i = 0; i < st.n; i++) {
        const struct pview_frame *fr = &st.frame[i];
        fprintf(out, "\n[%d/%d %s] %s\n ", i + 1, st.n, col[fr->step],
                fr->text);
        for (int f = 0; f < st.nflows; f++)
            fprintf(out, " %d:%.4g%s", f + 1, fr->factor[f],
                    fr->changed[f] ? "*" : "");
        fputc('\n', out);
    }
    pview_frames_fini(&st);
    return report_check_io(out, err);
}

int
report_pcie_batch(FILE *out, void *res, const struct report_opts *o,
                  struct rho_err *err)
{
    struct pcie_run *r = res;
    const struct scenario *s = r->scen;

    if (o->explain > 0) {
        struct strbuf sb;
        int rc;
        char nf[64];
        if (o->explain > s->nflows)
            return rho_err_set(
                err, RHO_EINPUT, "--explain %d: the scenario has %s",
                o->explain, units_fmt_count(nf, sizeof nf, s->nflows, "flow"));
        strbuf_init(&sb);
        rc = model_pcie_entry.explain(r, o->explain - 1, o->at, &sb, err);
        fputs(strbuf_str(&sb), out);
        strbuf_fini(&sb);
        return rc != 0 ? -1 : report_check_io(out, err);
    }
    if (o->what & REPORT_STEPPER)
        return print_stepper(out, r, o->at, err);
    if (o->what & REPORT_STEPS)
        return report_steps(out, s, r->sim, o->fmt, err);
    if ((o->what & REPORT_TIMELINE
             ? report_timeline(out, s, &r->res, o->fmt, err)
             : report_flows(out, s, &r->res, o->fmt, err)) != 0)
        return -1;
    if (r->res.starved) {
        if (err != NULL)
            *err = r->status;
        return -1;
    }
    return 0;
}
