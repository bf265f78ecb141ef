/*
 * report_net: batch output of the link-utilization model. See report.h.
 */
#include "report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/model_net.h"
#include "core/net/net_features.h"
#include "core/net/route.h"
#include "report/csv.h"
#include "report/report_int.h"
#include "report/yamlout.h"

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

/* The ranks job j uses: its own, or fewer when its pattern's grid is
   smaller (the explicit flows' job: the placement's). The offset of the
   next job is no bound: the flows' job has offset 0 after the others. */
static int
job_ranks(const struct net_scen *l, int j)
{
    int p = pattern_ranks(l->job[j].pattern);

    return p < l->job[j].ranks ? p : l->job[j].ranks;
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

/* Whether message m has a bandwidth: only the allocation rounds give one
   (adaptive runs; a static run's does not exist), and only to a message
   that crosses a link (one that stays on its router, or sends nothing,
   is in no round: not starved either, as the summary counts it). */
static int
has_msg_bw(const struct scenario *s, const struct net_result *res, long long m)
{
    return res->msg_bw != NULL && res->iterations > 0 && msg_routed(s, res, m);
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
    if (res->have_bwq && res->iterations > 0) { /* the engine's, all ranks' */
        memcpy(q, res->bwq, sizeof res->bwq);
        *starved = res->bwq_starved;
        return res->bwq_n > 0;
    }
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

/* The per-class link features, as (name, value) pairs of a class. */
#define CLASS_FEATURES 8
static const char *const class_feature_names[CLASS_FEATURES] = {
    "links",        "sum bytes",       "avg bytes",    "max bytes",
    "avg bytes AO", "#links AO bytes", "avg bytes TO", "avg bytes TO near max"};

static double
class_feature(const struct net_class_features *c, int i)
{
    switch (i) {
    case 0:
        return (double)c->links;
    case 1:
        return c->sum;
    case 2:
        return c->avg;
    case 3:
        return c->max;
    case 4:
        return c->avg_ao;
    case 5:
        return (double)c->n_ao;
    case 6:
        return c->avg_to;
    default:
        return c->avg_to_nearmax;
    }
}

/* The message features, as (name, value) pairs. */
#define MSG_FEATURES 7
static const char *const msg_feature_names[MSG_FEATURES] = {
    "messages",        "avg dilation", "max dilation",     "avg dilation AO",
    "sum dilation AO", "#messages AO", "minimal hop-bytes"};

static double
msg_feature(const struct net_features *f, int i)
{
    switch (i) {
    case 0:
        return (double)f->msgs;
    case 1:
        return f->avg_dilation;
    case 2:
        return f->max_dilation;
    case 3:
        return f->avg_dilation_ao;
    case 4:
        return f->sum_dilation_ao;
    case 5:
        return (double)f->n_dilation_ao;
    default:
        return f->hop_bytes;
    }
}

/* A count or ratio of Jain's Table 4.2 for people: a whole number with
   its thousands separated ("518,144"), else 6 digits. Returns buf. */
static char *
feature_num(char *buf, size_t n, double v)
{
    if (v == floor(v) && fabs(v) < 1e15)
        return units_fmt_int(buf, n, (long long)v);
    snprintf(buf, n, "%.6g", v);
    return buf;
}

static void
metrics_text(FILE *out, const struct net_features *f)
{
    char a[64], b[64], c[64], d[64], e[64];
    struct tab t;
    static const char *const head[] = {"class",  "links",      "avg",
                                       "max",    "avg AO",     "#links AO",
                                       "avg TO", "avg TOmax"};

    fprintf(out,
            "\nmetrics    Jain Tables 4.1 and 4.2: bytes on links (AO: above "
            "the mean; TO: at or above the 95th percentile; TOmax: within 5%% "
            "of the max)\n");
    report_tab_init(&t, 8, head, "lrrrrrrr");
    for (int k = 0; k < f->nclasses; k++) {
        const struct net_class_features *cf = &f->cls[k];
        char **r;
        if (cf->links == 0)
            continue;
        r = report_tab_row(&t);
        r[0] = xstrdup(cf->name);
        r[1] = xstrdup(units_fmt_int(a, sizeof a, cf->links));
        r[2] = xstrdup(units_fmt_size(a, sizeof a, cf->avg));
        r[3] = xstrdup(units_fmt_size(b, sizeof b, cf->max));
        r[4] = xstrdup(units_fmt_size(c, sizeof c, cf->avg_ao));
        r[5] = xstrdup(units_fmt_int(a, sizeof a, cf->n_ao));
        r[6] = xstrdup(units_fmt_size(d, sizeof d, cf->avg_to));
        r[7] = xstrdup(units_fmt_size(e, sizeof e, cf->avg_to_nearmax));
    }
    report_tab_print(&t, out);
    fprintf(out,
            "dilation   hops on the minimal route: %.4g on average, %g at "
            "most; %s of %s above the mean, %.4g hops on average, %s in "
            "all\n",
            f->avg_dilation, f->max_dilation,
            units_fmt_int(a, sizeof a, f->n_dilation_ao),
            units_fmt_count(b, sizeof b, f->msgs, "message"),
            f->avg_dilation_ao, feature_num(c, sizeof c, f->sum_dilation_ao));
    fprintf(out,
            "inj FIFO   %s at most in one (an approximation: a FIFO per "
            "outgoing link of a node)\n",
            units_fmt_count(a, sizeof a, f->max_inj_fifo, "message"));
    fprintf(out, "Table 4.2  ");
    for (int i = 0; i < NET_FEATURES; i++) {
        if (i > 0)
            fprintf(out, i % 3 == 0 ? ";\n           " : "; ");
        fprintf(out, "%s %s", net_feature_names[i],
                net_feature_text(f, i, a, sizeof a));
    }
    fprintf(out, "\n           (- needs buffers and packets: a packet-level "
                 "model)\n");
}

static void
metrics_csv(FILE *out, const struct net_features *f)
{
    static const char *const head[] = {"scope", "feature", "value", NULL};
    struct csv c;

    csv_begin(&c, out);
    csv_header(&c, head);
    for (int k = 0; k < f->nclasses; k++)
        for (int i = 0; i < CLASS_FEATURES && f->cls[k].links > 0; i++) {
            csv_str(&c, f->cls[k].name);
            csv_str(&c, class_feature_names[i]);
            csv_num(&c, class_feature(&f->cls[k], i));
            csv_row(&c);
        }
    for (int i = 0; i < MSG_FEATURES; i++) {
        csv_str(&c, "messages");
        csv_str(&c, msg_feature_names[i]);
        csv_num(&c, msg_feature(f, i));
        csv_row(&c);
    }
    csv_str(&c, "nodes");
    csv_str(&c, "max inj FIFO");
    csv_int(&c, f->max_inj_fifo);
    csv_row(&c);
    for (int i = 0; i < NET_FEATURES; i++) {
        csv_str(&c, "table 4.2");
        csv_str(&c, net_feature_names[i]);
        if (net_feature_computed(i))
            csv_num(&c, net_feature_value(f, i));
        else
            csv_empty(&c);
        csv_row(&c);
    }
}

/* A feature's name as a YAML key: "#links AO bytes" -> "n_links_ao_bytes". */
static const char *
yaml_key(const char *name, char *buf, size_t n)
{
    size_t k = 0;

    for (const char *p = name; *p != '\0' && k + 3 < n; p++) {
        if (*p == '#') {
            buf[k++] = 'n';
            buf[k++] = '_';
        } else if (*p == ' ' || *p == '-') {
            buf[k++] = '_';
        } else {
            buf[k++] = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
        }
    }
    buf[k] = '\0';
    return buf;
}

static void
metrics_yaml(struct yo *y, const struct net_features *f)
{
    char key[64];

    yo_str(y, "metrics");
    yo_map(y);
    yo_str(y, "classes");
    yo_seq(y);
    for (int k = 0; k < f->nclasses; k++) {
        if (f->cls[k].links == 0)
            continue;
        yo_map(y);
        yo_kstr(y, "class", f->cls[k].name);
        for (int i = 0; i < CLASS_FEATURES; i++)
            yo_knum(y, yaml_key(class_feature_names[i], key, sizeof key),
                    class_feature(&f->cls[k], i));
        yo_close_map(y);
    }
    yo_close_seq(y);
    yo_str(y, "messages");
    yo_map(y);
    for (int i = 0; i < MSG_FEATURES; i++)
        yo_knum(y, yaml_key(msg_feature_names[i], key, sizeof key),
                msg_feature(f, i));
    yo_close_map(y);
    yo_kint(y, "max_inj_fifo", f->max_inj_fifo);
    yo_str(y, "table_4_2");
    yo_map(y);
    for (int i = 0; i < NET_FEATURES; i++)
        if (net_feature_computed(i))
            yo_knum(y, yaml_key(net_feature_names[i], key, sizeof key),
                    net_feature_value(f, i));
        else
            yo_kstr(y, yaml_key(net_feature_names[i], key, sizeof key),
                    "not computed");
    yo_close_map(y);
    yo_close_map(y);
}

/* The busiest link of a result (-1 when no link carries anything). */
static int
busiest_link(const struct net_result *r)
{
    int best = -1;

    for (int l = 0; l < r->nlinks; l++)
        if (r->bytes[l] > 0 && (best < 0 || r->bytes[l] > r->bytes[best]))
            best = l;
    return best;
}

/* What runs in phase k: the phase's pattern for one job, else the jobs
   that have a phase k. Returns buf. */
static const char *
phase_traffic(const struct scenario *s, int k, char *buf, size_t n)
{
    const struct net_scen *l = s->net;
    int len = 0;

    buf[0] = '\0';
    if (l->njobs == 1) {
        const struct pattern *p = pattern_phase(l->job[0].pattern, k);
        snprintf(buf, n, "%s", p != NULL ? pattern_name(p) : "idle");
        return buf;
    }
    for (int j = 0; j < l->njobs && (size_t)len < n; j++)
        if (pattern_phase(l->job[j].pattern, k) != NULL)
            len += snprintf(buf + len, n - (size_t)len, "%s%s", len ? ", " : "",
                            l->job[j].name);
    return buf;
}

#define REPORT_MAX_COSTS 16

/* The collective jobs' costs (Jain Tables 8.1, 8.2) into c; their number. */
static int
coll_costs(const struct scenario *s, const struct net_result *res,
           struct net_coll_cost *c)
{
    int n = model_net_costs(s, res, c, REPORT_MAX_COSTS);

    return n < REPORT_MAX_COSTS ? n : REPORT_MAX_COSTS;
}

/* " + 2 n g" or " + 409.6 ms = 428.3 ms" after a bandwidth term t. */
static const char *
plus_reduce(const struct net_coll_cost *c, double gamma, double t, char *buf,
            size_t n)
{
    char a[64], b[64];

    if (c->cost.gamma == 0)
        snprintf(buf, n, "%s", "");
    else if (gamma > 0)
        snprintf(buf, n, " + %s = %s",
                 units_fmt_time(a, sizeof a, c->reduce_time),
                 units_fmt_time(b, sizeof b, t + c->reduce_time));
    else
        snprintf(buf, n, " + %g n g", c->cost.gamma);
    return buf;
}

/* The cost model of Jain Sec. 8.1.1 for every collective job. */
static void
costs_text(FILE *out, const struct scenario *s, const struct net_result *res)
{
    const struct net_scen *l = s->net;
    struct net_coll_cost c[REPORT_MAX_COSTS];
    int n = coll_costs(s, res, c);
    char a[64], b[64], d[64], e[128], who[96];

    for (int i = 0; i < n; i++) {
        const struct net_coll_cost *k = &c[i];
        who[0] = '\0';
        if (l->njobs > 1)
            snprintf(who, sizeof who, "job %s, ", l->job[k->job].name);
        if (res->nphases > 0)
            snprintf(who + strlen(who), sizeof who - strlen(who), "phase %d, ",
                     k->phase + 1);
        fprintf(out, "cost       %s%s: %s = %.6g n b%s\n", who, k->cost.source,
                k->cost.formula, k->cost.beta,
                plus_reduce(k, 0, 0, e, sizeof e));
        if (k->link < 0)
            continue;
        fprintf(out,
                "           n = %s, b = 1 / %s (the busiest link's): "
                "%s%s\n",
                units_fmt_size(a, sizeof a, k->cost.bytes),
                units_fmt_rate(b, sizeof b, 1 / k->beta),
                units_fmt_time(d, sizeof d, k->table_time),
                plus_reduce(k, l->gamma, k->table_time, e, sizeof e));
        fprintf(out,
                "           on rho's links: the busiest carries %s, %s b = "
                "%s%s\n",
                units_fmt_size(a, sizeof a, k->busiest),
                units_fmt_size(b, sizeof b, k->busiest),
                units_fmt_time(d, sizeof d, k->link_time),
                plus_reduce(k, l->gamma, k->link_time, e, sizeof e));
    }
}

/* Traffic in phases: one line per phase. */
static void
phases_text(FILE *out, const struct scenario *s, const struct net_result *res)
{
    const struct net *net = s->net->net;
    char a[64], b[64], c[64], name[NET_NAME_MAX], tr[256];
    struct tab t;
    static const char *const head[] = {"phase",   "traffic",      "messages",
                                       "bytes",   "busiest link", "its bytes",
                                       "estimate"};

    report_tab_init(&t, 7, head, "rlrrlrr");
    for (int k = 0; k < res->nphases; k++) {
        const struct net_result *r = res->phase[k];
        int hot = busiest_link(r);
        char **row = report_tab_row(&t);
        row[0] = report_strf("%d", k + 1);
        row[1] = xstrdup(phase_traffic(s, k, tr, sizeof tr));
        row[2] = xstrdup(units_fmt_int(c, sizeof c, r->msgs));
        row[3] = xstrdup(units_fmt_size(a, sizeof a, r->total_bytes));
        row[4] = xstrdup(hot >= 0 ? net_link_name(net, hot, name, sizeof name)
                                  : "-");
        row[5] =
            xstrdup(units_fmt_size(b, sizeof b, hot >= 0 ? r->bytes[hot] : 0));
        row[6] = xstrdup(units_fmt_time(c, sizeof c, r->phase_time_ext));
    }
    fprintf(out,
            "phases     %d, solved one after the other; the tables "
            "below are their sum\n",
            res->nphases);
    report_tab_print(&t, out);
    fputc('\n', out);
}

static void
link_text(FILE *out, const struct scenario *s, const struct net_result *res,
          const struct net_stats *st, int what)
{
    const struct net_scen *l = s->net;
    const struct net *net = l->net;
    struct job_sum *js = xcalloc((size_t)l->njobs, sizeof *js);
    char a[64], b[64], c[64], d[64], e[64], f[64], name[NET_NAME_MAX];
    char note[256];
    struct tab t;
    double q[5];
    long long starved;

    job_sums(s, res, js);
    fprintf(out, "%s\n", s->title);
    fprintf(out, "network    %s: %s, %s, %s, %s\n", l->net_desc,
            units_fmt_count(a, sizeof a, net_routers(net), "router"),
            units_fmt_count(b, sizeof b, net_links(net), "link"),
            units_fmt_count(c, sizeof c, net_endpoints(net), "node"),
            units_fmt_count(d, sizeof d, net_slots(net), "rank"));
    fprintf(
        out, "placement  %s, %s\n", l->place_desc,
        units_fmt_count(a, sizeof a, placement_ranks(l->placement), "rank"));
    if (l->njobs == 1)
        fprintf(out, "traffic    %s: %s, %s; routing %s%s\n",
                strcmp(l->job[0].name, "flows") == 0
                    ? "explicit flows"
                    : pattern_name(l->job[0].pattern),
                units_fmt_count(b, sizeof b, js[0].msgs, "message"),
                units_fmt_size(a, sizeof a, js[0].bytes), job_routing(s, 0),
                l->minimal == ROUTE_ALL ? " (all minimal paths)" : "");
    fputc('\n', out);
    if (l->njobs > 1) {
        static const char *const head[] = {"job",        "routing",  "ranks",
                                           "traffic",    "messages", "bytes",
                                           "link bytes", "max link"};
        report_tab_init(&t, 8, head, "llrlrrrr");
        for (int j = 0; j < l->njobs; j++) {
            char **r = report_tab_row(&t);
            r[0] = xstrdup(l->job[j].name);
            r[1] = xstrdup(job_routing(s, j));
            r[2] = xstrdup(units_fmt_int(a, sizeof a, job_ranks(l, j)));
            r[3] = xstrdup(pattern_name(l->job[j].pattern));
            r[4] = xstrdup(units_fmt_int(a, sizeof a, js[j].msgs));
            r[5] = xstrdup(units_fmt_size(a, sizeof a, js[j].bytes));
            r[6] = xstrdup(units_fmt_size(a, sizeof a, js[j].link_bytes));
            r[7] = xstrdup(units_fmt_size(a, sizeof a, js[j].link_max));
        }
        report_tab_print(&t, out);
        fputc('\n', out);
    }
    if (res->nphases > 0)
        phases_text(out, s, res);
    {
        static const char *const head[] = {"class", "links",   "used", "min",
                                           "q1",    "median",  "mean", "q3",
                                           "max",   "min used"};
        report_tab_init(&t, 10, head, "lrrrrrrrrr");
        for (int k = 0; k < st->nclasses; k++) {
            const struct net_class_stats *cs = &st->cls[k];
            char **r;
            if (cs->links == 0)
                continue;
            r = report_tab_row(&t);
            r[0] = xstrdup(cs->name);
            r[1] = xstrdup(units_fmt_int(a, sizeof a, cs->links));
            r[2] = xstrdup(units_fmt_int(a, sizeof a, cs->used));
            r[3] = xstrdup(units_fmt_size(a, sizeof a, cs->min));
            r[4] = xstrdup(units_fmt_size(b, sizeof b, cs->q1));
            r[5] = xstrdup(units_fmt_size(c, sizeof c, cs->median));
            r[6] = xstrdup(units_fmt_size(d, sizeof d, cs->mean));
            r[7] = xstrdup(units_fmt_size(e, sizeof e, cs->q3));
            r[8] = xstrdup(units_fmt_size(f, sizeof f, cs->max));
            r[9] = xstrdup(units_fmt_size(a, sizeof a, cs->min_used));
        }
        report_tab_print(&t, out);
    }
    if (st->cls[0].ntop > 0 && st->cls[0].top_bytes[0] > 0) {
        static const char *const head[] = {"hottest", "link", "class", "bytes",
                                           "busy"};
        fputc('\n', out);
        report_tab_init(&t, 5, head, "rllrr");
        for (int i = 0; i < st->cls[0].ntop; i++) {
            int id = st->cls[0].top[i];
            char **r;
            if (st->cls[0].top_bytes[i] <= 0)
                break;
            r = report_tab_row(&t);
            r[0] = report_strf("%d", i + 1);
            r[1] = xstrdup(net_link_name(net, id, name, sizeof name));
            r[2] = xstrdup(net_class_name(net, net_link_class(net, id)));
            r[3] =
                xstrdup(units_fmt_size(a, sizeof a, st->cls[0].top_bytes[i]));
            r[4] = xstrdup(units_fmt_time(
                b, sizeof b, st->cls[0].top_bytes[i] / net_link_bw(net, id)));
        }
        report_tab_print(&t, out);
    }
    fputc('\n', out);
    fprintf(out, "messages   %s (%s %s a link), %s\n",
            units_fmt_int(b, sizeof b, st->msgs),
            units_fmt_int(c, sizeof c, st->routed),
            st->routed == 1 ? "crosses" : "cross",
            units_fmt_size(a, sizeof a, st->total_bytes));
    fprintf(out,
            "hop-bytes  %s; %.4g hops per message on average, %.4g per "
            "byte, %g at most\n",
            units_fmt_size(a, sizeof a, st->hop_bytes), st->avg_hops,
            st->avg_hops_per_byte, st->max_hops);
    if (res->iterations > 0)
        fprintf(
            out, "solve      %s%s\n",
            units_fmt_count(a, sizeof a, res->iterations, "allocation round"),
            res->converged ? "" : " (stopped at the round limit)");
    if (net_note_exposure(res, note, sizeof note))
        fprintf(out, "exposure   %s\n", note);
    if (net_note_sharing(res, note, sizeof note))
        fprintf(out, "sharing    %s\n", note);
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
                    "starved    %s obtained no bandwidth (%s full before "
                    "%s asked)\n",
                    units_fmt_count(a, sizeof a, starved, "routed message"),
                    starved == 1 ? "its paths were" : "their paths were",
                    starved == 1 ? "it" : "they");
    }
    fprintf(out,
            "phase      %s (an estimate, not part of the thesis's "
            "model: %s%s)\n",
            units_fmt_time(a, sizeof a, st->phase_time_ext),
            res->iterations > 0 ? "the slowest message"
                                : "the busiest link's bytes / bandwidth",
            res->nphases > 0 ? ", summed over the phases" : "");
    costs_text(out, s, res);
    if (what & REPORT_LINK_LINKS) {
        static const char *const head[] = {"link",  "from",  "to",
                                           "class", "bytes", "name"};
        fputc('\n', out);
        report_tab_init(&t, 6, head, "rrrlrl");
        for (int k = 0; k < net_links(net); k++) {
            char **r = report_tab_row(&t);
            r[0] = report_strf("%d", k);
            r[1] = report_strf("%d", net_link_src(net, k));
            r[2] = report_strf("%d", net_link_dst(net, k));
            r[3] = xstrdup(net_class_name(net, net_link_class(net, k)));
            r[4] = xstrdup(units_fmt_size(a, sizeof a, res->bytes[k]));
            r[5] = xstrdup(net_link_name(net, k, name, sizeof name));
        }
        report_tab_print(&t, out);
    }
    if ((what & REPORT_LINK_MSGS) && res->nmsg > 0) {
        static const char *const head[] = {"msg", "job",   "src",
                                           "dst", "bytes", "bandwidth"};
        fputc('\n', out);
        report_tab_init(&t, 6, head, "rlrrrr");
        for (long long m = 0; m < res->nmsg; m++) {
            char **r = report_tab_row(&t);
            r[0] = report_strf("%lld", m + 1);
            r[1] = xstrdup(l->job[res->msg_job[m]].name);
            r[2] = report_strf("%d", res->msg_src[m]);
            r[3] = report_strf("%d", res->msg_dst[m]);
            r[4] = xstrdup(units_fmt_size(a, sizeof a, res->msg_bytes[m]));
            r[5] = has_msg_bw(s, res, m)
                       ? xstrdup(units_fmt_rate(b, sizeof b, res->msg_bw[m]))
                       : xstrdup("-");
        }
        report_tab_print(&t, out);
    }
    free(js);
}

static void
link_csv(FILE *out, const struct scenario *s, const struct net_result *res,
         const struct net_stats *st, int what)
{
    const struct net_scen *l = s->net;
    const struct net *net = l->net;
    char name[NET_NAME_MAX], col[32];
    struct csv c;

    csv_begin(&c, out);
    if (what & REPORT_LINK_MSGS) {
        static const char *const head[] = {"msg",   "job",          "src", "dst",
                                           "bytes", "bandwidth_Bps", NULL};
        csv_header(&c, head);
        for (long long m = 0; m < res->nmsg; m++) {
            csv_int(&c, m + 1);
            csv_str(&c, l->job[res->msg_job[m]].name);
            csv_int(&c, res->msg_src[m]);
            csv_int(&c, res->msg_dst[m]);
            csv_num(&c, res->msg_bytes[m]);
            if (has_msg_bw(s, res, m))
                csv_num(&c, res->msg_bw[m]);
            else
                csv_empty(&c);
            csv_row(&c);
        }
    } else if (what & REPORT_LINK_LINKS) {
        static const char *const head[] = {"link",  "from",          "to",
                                           "class", "bytes",
                                           "bandwidth_Bps", "name", NULL};
        for (const char *const *h = head; *h != NULL; h++)
            csv_str(&c, *h);
        if (res->job_bytes)
            for (int j = 0; j < l->njobs; j++) {
                snprintf(col, sizeof col, "bytes_job%d", j + 1);
                csv_str(&c, col);
            }
        csv_row(&c);
        for (int k = 0; k < net_links(net); k++) {
            csv_int(&c, k);
            csv_int(&c, net_link_src(net, k));
            csv_int(&c, net_link_dst(net, k));
            csv_str(&c, net_class_name(net, net_link_class(net, k)));
            csv_num(&c, res->bytes[k]);
            csv_num(&c, net_link_bw(net, k));
            csv_str(&c, net_link_name(net, k, name, sizeof name));
            if (res->job_bytes)
                for (int j = 0; j < l->njobs; j++)
                    csv_num(&c, res->job_bytes[(size_t)j * (size_t)res->nlinks +
                                               k]);
            csv_row(&c);
        }
    } else {
        /* a class's links, the used ones, and the bytes a link carries */
        static const char *const head[] = {
            "class",     "links",      "used",        "min_bytes",
            "q1_bytes",  "median_bytes", "mean_bytes", "q3_bytes",
            "max_bytes", "min_used_bytes", NULL};
        csv_header(&c, head);
        for (int k = 0; k < st->nclasses; k++) {
            const struct net_class_stats *cs = &st->cls[k];
            if (cs->links == 0)
                continue;
            csv_str(&c, cs->name);
            csv_int(&c, cs->links);
            csv_int(&c, cs->used);
            csv_num(&c, cs->min);
            csv_num(&c, cs->q1);
            csv_num(&c, cs->median);
            csv_num(&c, cs->mean);
            csv_num(&c, cs->q3);
            csv_num(&c, cs->max);
            csv_num(&c, cs->min_used);
            csv_row(&c);
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
    yo_knum(y, "min_bytes", cs->min);
    yo_knum(y, "q1_bytes", cs->q1);
    yo_knum(y, "median_bytes", cs->median);
    yo_knum(y, "mean_bytes", cs->mean);
    yo_knum(y, "q3_bytes", cs->q3);
    yo_knum(y, "max_bytes", cs->max);
    yo_knum(y, "min_used_bytes", cs->min_used);
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
          const struct net_stats *st, int what, const struct net_features *nf,
          struct rho_err *err)
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
        yo_kint(y, "ranks", job_ranks(l, j));
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
    if (res->nphases > 0) {
        char tr[256];
        yo_str(y, "phases");
        yo_seq(y);
        for (int k = 0; k < res->nphases; k++) {
            const struct net_result *r = res->phase[k];
            int hot = busiest_link(r);
            yo_map(y);
            yo_kint(y, "phase", k + 1);
            yo_kstr(y, "traffic", phase_traffic(s, k, tr, sizeof tr));
            yo_kint(y, "messages", r->msgs);
            yo_knum(y, "bytes", r->total_bytes);
            yo_knum(y, "hop_bytes", r->hop_bytes);
            if (hot >= 0) {
                yo_kstr(y, "busiest_link",
                        net_link_name(net, hot, name, sizeof name));
                yo_knum(y, "busiest_link_bytes", r->bytes[hot]);
            }
            yo_knum(y, "phase_time_estimate_s", r->phase_time_ext);
            yo_close_map(y);
        }
        yo_close_seq(y);
    }
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
        yo_kint(y, "exposure_rounds", res->exposure);
        yo_kint(y, "exposure_model", res->exposure_model);
    }
    if (msg_bw_summary(s, res, q, &starved)) {
        yo_kint(y, "starved_messages", starved);
        yo_knum(y, "min_message_bw_Bps", q[0]);
        yo_knum(y, "median_message_bw_Bps", q[2]);
        yo_knum(y, "max_message_bw_Bps", q[4]);
    }
    yo_knum(y, "phase_time_estimate_s", st->phase_time_ext);
    if (nf != NULL)
        metrics_yaml(y, nf);
    {
        struct net_coll_cost c[REPORT_MAX_COSTS];
        int n = coll_costs(s, res, c);
        if (n > 0) {
            yo_str(y, "collective_costs");
            yo_seq(y);
        }
        for (int i = 0; i < n; i++) {
            yo_map(y);
            yo_kstr(y, "job", l->job[c[i].job].name);
            yo_kint(y, "phase", c[i].phase + 1);
            yo_kstr(y, "source", c[i].cost.source);
            yo_kstr(y, "formula", c[i].cost.formula);
            yo_knum(y, "n_bytes", c[i].cost.bytes);
            yo_knum(y, "beta_coefficient", c[i].cost.beta);
            yo_knum(y, "gamma_coefficient", c[i].cost.gamma);
            if (c[i].link >= 0) {
                yo_knum(y, "beta_s_per_B", c[i].beta);
                yo_kstr(y, "busiest_link",
                        net_link_name(net, c[i].link, name, sizeof name));
                yo_knum(y, "busiest_link_bytes", c[i].busiest);
                yo_knum(y, "table_time_s", c[i].table_time);
                yo_knum(y, "link_time_s", c[i].link_time);
            }
            if (l->gamma > 0)
                yo_knum(y, "reduce_time_s", c[i].reduce_time);
            yo_close_map(y);
        }
        if (n > 0)
            yo_close_seq(y);
    }
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
            yo_knum(y, "bandwidth_Bps", net_link_bw(net, k));
            yo_kstr(y, "name", net_link_name(net, k, name, sizeof name));
            if (res->job_bytes) /* (the CSV's columns, by the same keys) */
                for (int j = 0; j < l->njobs; j++) {
                    char key[32];
                    snprintf(key, sizeof key, "bytes_job%d", j + 1);
                    yo_knum(
                        y, key,
                        res->job_bytes[(size_t)j * (size_t)res->nlinks + k]);
                }
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
            if (has_msg_bw(s, res, m))
                yo_knum(y, "bandwidth_Bps", res->msg_bw[m]);
            else {
                yo_str(y, "bandwidth_Bps");
                yo_null(y);
            }
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
    struct net_features *nf = NULL;

    if ((what & REPORT_LINK_METRICS) &&
        (nf = model_net_features(s, res, 0, 1, NULL, err)) == NULL)
        return -1;
    if (f == REPORT_YAML) {
        int rc = link_yaml(out, s, res, st, what, nf, err);
        net_features_free(nf);
        return rc;
    }
    if (f == REPORT_CSV && nf != NULL && !(what & REPORT_LINK_MSGS) &&
        !(what & REPORT_LINK_LINKS))
        metrics_csv(out, nf);
    else if (f == REPORT_CSV)
        link_csv(out, s, res, st, what);
    else
        link_text(out, s, res, st, what);
    if (f == REPORT_TEXT && nf != NULL)
        metrics_text(out, nf);
    net_features_free(nf);
    return report_check_io(out, err);
}

int
report_net_batch(FILE *out, void *res, const struct report_opts *o,
                 struct rho_err *err)
{
    const struct net_run *lr = res;

    return report_link(out, lr->scen, lr->res, lr->st, o->fmt, o->what, err);
}

/* ---- designs compared (--compare) ---- */

int
report_compare(FILE *out, const char *title, const char *name,
               const struct report_design *d, int n, enum report_fmt fmt,
               struct rho_err *err)
{
    double rate0 = 0;

    if (n > 0 && d[0].time > 0 && d[0].cost.usd > 0)
        rate0 = d[0].bytes / d[0].time / d[0].cost.usd;
    if (fmt == REPORT_CSV || fmt == REPORT_YAML) {
        /* the columns after the value compared; one of the same name as
           the parameter compared (network, nodes) is called NAME_as_built
           (the network's description, the nodes it has: 486 where 512
           were asked), as the first column has that name, with the value
           compared */
        static const char *const head[] = {
            "network", "nodes",          "routers",          "radix",
            "cables",  "optical",        "router_usd",       "cable_usd",
            "usd",     "max_link_bytes", "mean_link_bytes",  "avg_hops",
            "time_s",  "rate_Bps",       "rate_Bps_per_usd", NULL};
        enum { NCOL = sizeof head / sizeof *head - 1 };
        const char *col[NCOL + 1];
        char built[64];
        struct csv c;
        struct yo *y = NULL;
        for (int k = 0; k < NCOL; k++) {
            col[k] = head[k];
            if (strcmp(head[k], name) == 0) {
                snprintf(built, sizeof built, "%s_as_built", head[k]);
                col[k] = built;
            }
        }
        col[NCOL] = NULL;
        if (fmt == REPORT_CSV) {
            csv_begin(&c, out);
            csv_str(&c, name);
            csv_header(&c, col);
        } else {
            y = yo_begin(out);
            yo_map(y);
            yo_kstr(y, "scenario", title);
            yo_kstr(y, "compared_over", name);
            yo_str(y, "designs");
            yo_seq(y);
        }
        for (int i = 0; i < n; i++) {
            const struct report_design *x = &d[i];
            double rate = x->time > 0 ? x->bytes / x->time : 0;
            const double num[NCOL] = {0,
                                      (double)x->nodes,
                                      (double)x->cost.routers,
                                      (double)x->cost.radix,
                                      (double)x->cost.cables,
                                      (double)x->cost.optical,
                                      x->cost.router_usd,
                                      x->cost.cable_usd,
                                      x->cost.usd,
                                      x->max_link,
                                      x->mean_link,
                                      x->avg_hops,
                                      x->time,
                                      rate,
                                      x->cost.usd > 0 ? rate / x->cost.usd : 0};
            if (y == NULL)
                csv_str(&c, x->value);
            else {
                yo_map(y);
                yo_kstr(y, name, x->value);
            }
            for (int k = 0; k < NCOL; k++) {
                if (k == 0) { /* network: its description */
                    if (y == NULL)
                        csv_str(&c, x->desc);
                    else
                        yo_kstr(y, col[k], x->desc);
                } else if (k <= 5) { /* nodes .. optical: counts */
                    if (y == NULL)
                        csv_int(&c, (long long)num[k]);
                    else
                        yo_kint(y, col[k], (long long)num[k]);
                } else if (y == NULL) {
                    csv_num(&c, num[k]);
                } else {
                    yo_knum(y, col[k], num[k]);
                }
            }
            if (y == NULL)
                csv_row(&c);
            else
                yo_close_map(y);
        }
        if (y == NULL)
            return report_check_io(out, err);
        yo_close_seq(y);
        yo_close_map(y);
        return yo_end(y, err);
    }
    {
        static const char *const head1[] = {
            "",        "nodes",    "routers",   "cables", "cost",
            "routers", "max link", "mean link", "hops",   "time (est.)",
            "rate",    "rate/$",   "vs first"};
        const char *head[13];
        struct tab t;
        char a[64], b[64], c[64], e[64];
        memcpy(head, head1, sizeof head);
        head[0] = name;
        report_tab_init(&t, 13, head, "rrrrrrrrrrrrr");
        for (int i = 0; i < n; i++) {
            const struct report_design *x = &d[i];
            double rate = x->time > 0 ? x->bytes / x->time : 0;
            double per = x->cost.usd > 0 ? rate / x->cost.usd : 0;
            char **r = report_tab_row(&t);
            r[0] = xstrdup(x->value);
            r[1] = xstrdup(units_fmt_int(a, sizeof a, x->nodes));
            r[2] = xstrdup(units_fmt_int(a, sizeof a, x->cost.routers));
            r[3] = xstrdup(units_fmt_int(a, sizeof a, x->cost.cables));
            r[4] = report_strf("$%.3gM", x->cost.usd / 1e6);
            r[5] = report_strf(
                "%.0f%%",
                x->cost.usd > 0 ? 100 * x->cost.router_usd / x->cost.usd : 0);
            r[6] = xstrdup(units_fmt_size(a, sizeof a, x->max_link));
            r[7] = xstrdup(units_fmt_size(b, sizeof b, x->mean_link));
            r[8] = report_strf("%.3g", x->avg_hops);
            r[9] = xstrdup(units_fmt_time(c, sizeof c, x->time));
            r[10] = xstrdup(units_fmt_rate(e, sizeof e, rate));
            r[11] = report_strf("%.4g B/s/$", per);
            r[12] = report_strf("%.3g", rate0 > 0 ? per / rate0 : 0);
        }
        fprintf(out,
                "%s\ndesigns compared over %s (Jain Ch. 6: the cost of "
                "Sec. 6.3, rate = bytes / the phase estimate)\n\n",
                title, name);
        report_tab_print(&t, out);
        fputc('\n', out);
        for (int i = 0; i < n; i++)
            fprintf(out, "%-*s %s\n", 10, d[i].value, d[i].desc);
        for (int i = 1; i < n; i++)
            if (d[i].same)
                fprintf(out, "%-*s vs %s: %s of %s links changed, %s up, %s "
                        "down\n",
                        10, d[i].value, d[0].value,
                        units_fmt_int(a, sizeof a, d[i].changed),
                        units_fmt_int(b, sizeof b, d[i].links),
                        units_fmt_int(c, sizeof c, d[i].up),
                        units_fmt_int(e, sizeof e, d[i].down));
    }
    return report_check_io(out, err);
}
