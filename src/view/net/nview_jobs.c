/*
 * nview_jobs: the Jobs view -- one row per job of a multi-job workload
 * (Jain Table 3.4), each job on its own and against the others: its
 * ranks and the routers they are placed on, its messages and bytes, its
 * bytes on the links (hop-bytes), the share of them on links another job
 * uses too, the time its busiest link is busy with its bytes alone and
 * with every job's (an estimate, not the thesis's model) and their ratio,
 * and its busiest link with the other job that loads it most. Below the
 * table, the selected job: its bytes per link class, its busiest link and
 * who shares it, and in an adaptive run the bandwidth its messages
 * obtained. Every number is the core's (model_net_jobs(),
 * net_stats_jobs()), for the phase the link views show.
 *
 * Sorted by a column (F6 or > the next, < the other way, a click on a
 * header), '/' finds a job by name, Enter explains the selected job's
 * busiest link in the status line. Columns are dropped by priority on a
 * narrow screen (as the Flows view does). Shown only when the scenario
 * has more than one job.
 *
 * Its state: the selected job, the order, the first row shown and the
 * record of the run and phase shown, made in sync once per run and phase
 * (O(jobs x links + messages)).
 */
#include "view/net/nview_ui.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "view/keys.h"
#include "view/net/nview_int.h"
#include "view/roles.h"
#include "view/ui.h"

enum {
    JCOL_NUM,
    JCOL_NAME,
    JCOL_ROUTING,
    JCOL_RANKS,
    JCOL_ROUTERS,
    JCOL_MSGS,
    JCOL_BYTES,
    JCOL_LINKB,
    JCOL_SHARED,
    JCOL_ALONE,
    JCOL_WITH,
    JCOL_SLOW,
    JCOL_OTHER,
    JCOL_COUNT
};

static const char *const col_name[JCOL_COUNT] = {
    "#",      "job",   "route",  "ranks", "routers", "messages",
    "bytes",  "hop-bytes", "shared", "alone", "w/ all", "slowdn",
    "on its busiest",
};

/* Columns are as wide as their widest cell or their header with room
   for the sort arrow; the names (of a job, and of the other job on its
   busiest link) up to these many columns, longer ones cut with "…". */
#define NAME_W 20
#define OTHER_W 28

/* Left out first when the table does not fit: the routers, the routing
   (the header says it), the messages, the time alone, the number, the
   ranks (the selected job's are below the table), the hop-bytes, the
   bytes, the slowdown. The column sorted on always stays. */
static const int drop_order[] = {JCOL_ROUTERS, JCOL_ROUTING, JCOL_MSGS,
                                 JCOL_ALONE,   JCOL_NUM,     JCOL_RANKS,
                                 JCOL_LINKB,   JCOL_BYTES,   JCOL_SLOW};
#define NDROP ((int)(sizeof drop_order / sizeof drop_order[0]))

/* Where each column of width wd[k] starts at width w (colx[JCOL_COUNT]:
   the busiest link's name, when 20 columns are left for it), and which
   are shown. When every column that may go has gone, the names narrow
   (the other job's to its header, the job's to 6 columns). */
static void
lay_out(int sort_col, int w, int *wd, int *colx, int *shown)
{
    int next = 0;

    for (int k = 0; k < JCOL_COUNT; k++)
        shown[k] = 1;
    for (;;) {
        int col = 1, over;
        for (int k = 0; k < JCOL_COUNT; k++) {
            colx[k] = col;
            col += shown[k] ? wd[k] + 1 : 0;
        }
        colx[JCOL_COUNT] = col;
        if (col <= w)
            return;
        while (next < NDROP && drop_order[next] == sort_col)
            next++;
        if (next < NDROP) {
            shown[drop_order[next++]] = 0;
            continue;
        }
        over = col - w;
        if (wd[JCOL_OTHER] > utf8_width(col_name[JCOL_OTHER]) + 1) {
            wd[JCOL_OTHER] -= nview_min(
                over, wd[JCOL_OTHER] - utf8_width(col_name[JCOL_OTHER]) - 1);
            continue;
        }
        if (wd[JCOL_NAME] > 6) {
            wd[JCOL_NAME] -= nview_min(over, wd[JCOL_NAME] - 6);
            continue;
        }
        return;
    }
}

static int
left(int k)
{
    return k == JCOL_NAME || k == JCOL_ROUTING || k == JCOL_OTHER;
}

static double
slowdown(const struct net_job_stats *o)
{
    return o->alone > 0 ? o->with / o->alone : 0;
}

static double
shared_frac(const struct net_job_stats *o)
{
    return o->link_bytes > 0 ? o->shared_bytes / o->link_bytes : 0;
}

/* The sort key of job j in column k (the name sorts apart). */
static double
key_of(const struct net_jobs_stats *js, const struct net_scen *l, int j,
       int k)
{
    const struct net_job_stats *o = &js->job[j];

    switch (k) {
    case JCOL_ROUTING:
        return l->job[j].routing;
    case JCOL_RANKS:
        return o->ranks;
    case JCOL_ROUTERS:
        return o->routers;
    case JCOL_MSGS:
        return (double)o->msgs;
    case JCOL_BYTES:
        return o->bytes;
    case JCOL_LINKB:
        return o->link_bytes;
    case JCOL_SHARED:
        return shared_frac(o);
    case JCOL_ALONE:
        return o->alone;
    case JCOL_WITH:
        return o->with;
    case JCOL_SLOW:
        return slowdown(o);
    default:
        return j;
    }
}

/* The order of the jobs (qsort has no context argument). */
static const struct nview_jobs *sort_t;
static const struct net_scen *sort_l;

static int
cmp_jobs(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb, c = 0;
    const struct nview_jobs *t = sort_t;

    if (t->sort_col == JCOL_NAME) {
        c = strcmp(sort_l->job[a].name, sort_l->job[b].name);
    } else {
        double x = key_of(t->js, sort_l, a, t->sort_col);
        double y = key_of(t->js, sort_l, b, t->sort_col);
        c = (x > y) - (x < y);
    }
    if (c == 0)
        c = (a > b) - (a < b);
    return t->sort_rev ? -c : c;
}

static void
jobs_fini(void *st)
{
    struct nview_jobs *t = st;

    net_jobs_stats_free(t->js);
    free(t->order);
    t->js = NULL;
    t->order = NULL;
}

/* The record of the run and phase shown, once per run and phase; the
   order, every time (the jobs are few). */
static void
jobs_sync(void *st, struct view_ctx *vc)
{
    struct nview_jobs *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    struct nview_show sh;
    struct rho_err err;

    if (lr == NULL)
        return;
    sh = nview_show(vc->fam, lr);
    if (t->of != lr->id || t->of_phase != sh.phase) {
        net_jobs_stats_free(t->js);
        t->err[0] = '\0';
        if ((t->js = model_net_jobs(lr->scen, lr->res, sh.phase, &err)) ==
            NULL)
            snprintf(t->err, sizeof t->err, "%.200s", err.msg);
        t->of = lr->id;
        t->of_phase = sh.phase;
        free(t->order);
        t->order = NULL;
        t->n = 0;
    }
    if (t->js == NULL)
        return;
    if (t->order == NULL)
        t->order = xcalloc((size_t)t->js->njobs, sizeof *t->order);
    t->n = t->js->njobs;
    for (int i = 0; i < t->n; i++)
        t->order[i] = i;
    sort_t = t;
    sort_l = lr->scen->net;
    qsort(t->order, (size_t)t->n, sizeof *t->order, cmp_jobs);
    t->job = nview_clamp(t->job, 0, t->n - 1);
    for (int i = 0; i < t->n; i++)
        if (t->order[i] == t->job)
            t->row = i;
}

/* Column k of job j as text. */
static void
cell(const struct nview_jobs *t, const struct net_scen *l, int j, int k,
     char *buf, size_t n)
{
    const struct net_job_stats *o = &t->js->job[j];

    switch (k) {
    case JCOL_NUM:
        snprintf(buf, n, "%d", j + 1);
        break;
    case JCOL_NAME:
        snprintf(buf, n, "%s", l->job[j].name);
        break;
    case JCOL_ROUTING:
        snprintf(buf, n, "%s", net_routing_name(l->job[j].routing));
        break;
    case JCOL_RANKS:
        units_fmt_int(buf, n, o->ranks);
        break;
    case JCOL_ROUTERS:
        units_fmt_int(buf, n, o->routers);
        break;
    case JCOL_MSGS:
        units_fmt_int(buf, n, o->msgs);
        break;
    case JCOL_BYTES:
        units_fmt_size(buf, n, o->bytes);
        break;
    case JCOL_LINKB:
        units_fmt_size(buf, n, o->link_bytes);
        break;
    case JCOL_SHARED:
        snprintf(buf, n, "%.0f%%", 100 * shared_frac(o));
        break;
    case JCOL_ALONE:
        units_fmt_time(buf, n, o->alone);
        break;
    case JCOL_WITH:
        units_fmt_time(buf, n, o->with);
        break;
    case JCOL_SLOW:
        if (o->alone > 0)
            snprintf(buf, n, "%.*fx",
                     slowdown(o) < 10 ? 2 : slowdown(o) < 100 ? 1 : 0,
                     slowdown(o));
        else
            snprintf(buf, n, "-");
        break;
    case JCOL_OTHER:
        if (o->other >= 0)
            snprintf(buf, n, "%s %.0f%%", l->job[o->other].name,
                     100 * o->other_bytes / o->busiest_bytes);
        else
            snprintf(buf, n, o->busiest >= 0 ? "no other" : "-");
        break;
    default:
        buf[0] = '\0';
    }
}

/* The width of each column (wd[JCOL_COUNT]): its widest cell, or its
   header and the sort arrow; the names at most NAME_W and OTHER_W. */
static void
col_widths(const struct nview_jobs *t, const struct net_scen *l, int *wd)
{
    char s[NET_NAME_MAX + 64];

    for (int k = 0; k < JCOL_COUNT; k++) {
        wd[k] = utf8_width(col_name[k]) + 1;
        for (int j = 0; j < t->n; j++) {
            cell(t, l, j, k, s, sizeof s);
            if (utf8_width(s) > wd[k])
                wd[k] = utf8_width(s);
        }
    }
    wd[JCOL_NAME] = nview_min(wd[JCOL_NAME], NAME_W);
    wd[JCOL_OTHER] = nview_min(wd[JCOL_OTHER], OTHER_W);
}

/* The other job on job j's busiest link in w columns from x of row y:
   its name cut with "…" before its share, never the share. */
static void
draw_other(const struct nview_jobs *t, const struct net_scen *l,
           const struct cview *b, int x, int y, int w, int j)
{
    const struct net_job_stats *o = &t->js->job[j];
    char pct[16];
    int pw;

    if (o->other < 0) {
        cview_text(b, x, y, w, ROLE_DEFAULT,
                   o->busiest >= 0 ? "no other" : "-");
        return;
    }
    snprintf(pct, sizeof pct, " %.0f%%",
             100 * o->other_bytes / o->busiest_bytes);
    pw = utf8_width(pct);
    x += cview_text_cut(b, x, y, w - pw, ROLE_DEFAULT, l->job[o->other].name);
    cview_text(b, x, y, pw, ROLE_DEFAULT, pct);
}

/* The first row of the table shown when it has room for rows rows. */
static int
first_row(const struct nview_jobs *t, int rows)
{
    int first = t->first;

    if (rows < 1)
        rows = 1;
    if (t->row < first)
        first = t->row;
    if (t->row >= first + rows)
        first = t->row - rows + 1;
    if (first > t->n - rows)
        first = t->n - rows;
    return first < 0 ? 0 : first;
}

/* The rows the table takes of a body h rows high: the rest (at least 7)
   is the selected job's. */
static int
table_rows(int n, int h)
{
    int rows = h - 1 - 8;

    if (rows > n)
        rows = n;
    if (rows < 3)
        rows = h - 1 < n ? h - 1 : n;
    return rows < 0 ? 0 : rows;
}

/* The selected job in v, a line each. */
static void
detail(const struct nview_jobs *t, const struct net_scen *l,
       const struct cview *v, int y)
{
    int j = t->job, nc = t->js->nclasses;
    const struct net_job_stats *o = &t->js->job[j];
    char a[64], b[64], c[64], d[64], line[512], name[NET_NAME_MAX];
    int x, last = l->job[j].offset + o->ranks - 1;

    if (y >= v->h)
        return;
    cview_printf(v, 1, y++, v->w - 2, ROLE_HEADER, "%s: %s, routing %s",
                 l->job[j].name, pattern_name(l->job[j].pattern),
                 net_routing_name(l->job[j].routing));
    cview_printf(v, 1, y++, v->w - 2, ROLE_DEFAULT,
                 "placed    ranks %s-%s of %s on %s; %s, %s",
                 units_fmt_int(a, sizeof a, l->job[j].offset),
                 units_fmt_int(b, sizeof b, last < 0 ? 0 : last),
                 l->place_desc ? l->place_desc : "?",
                 units_fmt_count(c, sizeof c, o->routers, "router"),
                 units_fmt_count(d, sizeof d, o->msgs, "message"),
                 units_fmt_size(line, sizeof line, o->bytes));
    x = 1 + cview_printf(v, 1, y, v->w - 2, ROLE_DEFAULT,
                         "links     %s on %s:",
                         units_fmt_size(a, sizeof a, o->link_bytes),
                         units_fmt_count(b, sizeof b, o->links, "link"));
    for (int k = 0; k < nc; k++) {
        double cb = t->js->cls[(size_t)j * (size_t)nc + (size_t)k];
        if (!(cb > 0))
            continue;
        x += cview_printf(v, x, y, v->w - 1 - x, ROLE_DEFAULT, " %s %.0f%%",
                          net_class_name(l->net, k),
                          o->link_bytes > 0 ? 100 * cb / o->link_bytes : 0.0);
    }
    y++;
    cview_printf(v, 1, y++, v->w - 2, ROLE_DEFAULT,
                 "shared    %s of its links, %.0f%% of its bytes, carry "
                 "other jobs' too",
                 units_fmt_int(a, sizeof a, o->shared),
                 100 * shared_frac(o));
    if (o->busiest >= 0) {
        net_link_name(l->net, o->busiest, name, sizeof name);
        snprintf(line, sizeof line,
                 "busiest   %s (%s) %s: %.0f%% its, %d job%s",
                 name, net_class_name(l->net, net_link_class(l->net, o->busiest)),
                 units_fmt_size(a, sizeof a, o->busiest_bytes),
                 o->busiest_bytes > 0
                     ? 100 * o->busiest_own / o->busiest_bytes
                     : 0.0,
                 o->busiest_jobs, o->busiest_jobs == 1 ? "" : "s");
        if (o->other >= 0) {
            size_t len = strlen(line);
            snprintf(line + len, sizeof line - len, ", %s %.0f%%",
                     l->job[o->other].name,
                     100 * o->other_bytes / o->busiest_bytes);
        }
        cview_text(v, 1, y++, v->w - 2,
                   o->other >= 0 ? ROLE_WARNING : ROLE_DEFAULT, line);
        cview_printf(v, 1, y++, v->w - 2, ROLE_DEFAULT,
                     "time      %s among the others, %s alone%s "
                     "(an estimate)",
                     units_fmt_time(a, sizeof a, o->with),
                     units_fmt_time(b, sizeof b, o->alone),
                     o->alone > 0 && o->with > o->alone * (1 + 1e-9)
                         ? (snprintf(c, sizeof c, ": %.2fx", slowdown(o)), c)
                         : "");
    } else {
        cview_text(v, 1, y++, v->w - 2, ROLE_DIM,
                   "busiest   - (its messages cross no link)");
    }
    if (o->bw_n > 0)
        cview_printf(v, 1, y++, v->w - 2, ROLE_DEFAULT,
                     "bandwidth min %s, mean %s, max %s over %s; %lld "
                     "starved; slowest %s",
                     units_fmt_rate(a, sizeof a, o->bw_min),
                     units_fmt_rate(b, sizeof b, o->bw_mean),
                     units_fmt_rate(c, sizeof c, o->bw_max),
                     units_fmt_count(d, sizeof d, o->bw_n, "message"),
                     o->bw_starved,
                     isinf(o->worst) ? "never ends"
                                     : units_fmt_time(line, sizeof line,
                                                      o->worst));
}

static void
jobs_draw(const void *st, const struct cview *v,
          const struct view_draw_ctx *dc)
{
    const struct nview_jobs *t = st;
    struct cview b;
    const struct net_run *lr = nview_frame(v, dc, &b);
    const struct net_scen *l;
    int colx[JCOL_COUNT + 1], shown[JCOL_COUNT], wd[JCOL_COUNT], rows, first;

    if (lr == NULL)
        return;
    l = lr->scen->net;
    if (t->js == NULL || t->of != lr->id || t->n != l->njobs) {
        cview_text(&b, 1, 0, b.w - 2, t->err[0] ? ROLE_ERROR : ROLE_DIM,
                   t->err[0] ? t->err : "no jobs");
        return;
    }
    col_widths(t, l, wd);
    lay_out(t->sort_col, b.w, wd, colx, shown);
    for (int k = 0; k < JCOL_COUNT; k++) {
        char h[32];
        int role = k == t->sort_col ? ROLE_HEADER_SORTED : ROLE_HEADER;
        if (!shown[k])
            continue;
        snprintf(h, sizeof h, "%s%s", col_name[k],
                 k == t->sort_col ? (t->sort_rev ? "\u2193" : "\u2191") : "");
        if (left(k))
            cview_text_cut(&b, colx[k], 0, wd[k], role, h);
        else
            cview_text_right(&b, colx[k], 0, wd[k], role, h);
    }
    if (b.w - 1 - colx[JCOL_COUNT] >= 20)
        cview_text(&b, colx[JCOL_COUNT], 0, b.w - 1 - colx[JCOL_COUNT],
                   ROLE_HEADER, "its busiest link");
    rows = table_rows(t->n, b.h);
    first = first_row(t, rows);
    for (int r = first; r < t->n && r - first < rows; r++) {
        int j = t->order[r], y = 1 + r - first;
        char s[NET_NAME_MAX + 64];
        for (int k = 0; k < JCOL_COUNT; k++) {
            int role = ROLE_DEFAULT;
            if (!shown[k])
                continue;
            if (k == JCOL_OTHER) {
                draw_other(t, l, &b, colx[k], y, wd[k], j);
                continue;
            }
            cell(t, l, j, k, s, sizeof s);
            if (k == JCOL_SLOW && t->js->job[j].alone > 0)
                role = role_heat(1 - 1 / slowdown(&t->js->job[j]));
            if (left(k))
                cview_text_cut(&b, colx[k], y, wd[k], role, s);
            else
                cview_text_right(&b, colx[k], y, wd[k], role, s);
        }
        if (b.w - 1 - colx[JCOL_COUNT] >= 20 && t->js->job[j].busiest >= 0)
            cview_text(&b, colx[JCOL_COUNT], y, b.w - 1 - colx[JCOL_COUNT],
                       ROLE_DIM,
                       net_link_name(l->net, t->js->job[j].busiest, s,
                                     (int)sizeof s));
        if (r == t->row)
            cview_paint(&b, 0, y, b.w, 1, ROLE_SELECTED);
    }
    if (rows < t->n)
        cview_printf(&b, 1, 1 + rows, b.w - 2, ROLE_DIM,
                     "jobs %d-%d of %d", first + 1, first + rows, t->n);
    detail(t, l, &b, 2 + rows);
}

/* Enter: the selected job's busiest link explained in the status line. */
static int
explain(struct nview_jobs *t, struct view_ctx *vc, const struct net_run *lr)
{
    const struct net_job_stats *o = &t->js->job[t->job];

    if (o->busiest < 0) {
        ui_status(vc->u, 0, "job %s crosses no link",
                  lr->scen->net->job[t->job].name);
        return UI_REDRAW;
    }
    return nview_explain_status(vc, lr, t->of_phase, o->busiest);
}

static void
say_sort(const struct nview_jobs *t, struct view_ctx *vc)
{
    ui_status(vc->u, 0, "jobs sorted by %s, %s", col_name[t->sort_col],
              t->sort_rev ? "descending" : "ascending");
}

static int
jobs_key(void *st, struct view_ctx *vc, int act)
{
    struct nview_jobs *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    int r;

    if (lr == NULL || t->js == NULL || t->n == 0)
        return VIEW_NOT_MINE;
    switch (act) {
    case ACT_OPEN:
        return explain(t, vc, lr);
    case ACT_SORT:
        t->sort_col = (t->sort_col + 1) % JCOL_COUNT;
        t->sort_rev = 0;
        say_sort(t, vc);
        return UI_REDRAW;
    case ACT_SORT_REVERSE:
        t->sort_rev = !t->sort_rev;
        say_sort(t, vc);
        return UI_REDRAW;
    default:
        break;
    }
    if ((r = nview_moved(t->row, t->n, act)) < 0)
        return VIEW_NOT_MINE;
    t->row = r;
    t->job = t->order[r];
    t->first = first_row(t, table_rows(t->n, vc->h - nview_header_rows(
                                                          vc->ss, vc->fam)));
    return UI_REDRAW;
}

/* A header sorts on its column (again: the other way); a row selects its
   job. */
static int
jobs_click(void *st, struct view_ctx *vc, int col, int row, int button)
{
    struct nview_jobs *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    int top = nview_header_rows(vc->ss, vc->fam), rows, r;

    if (button != 1 || t->js == NULL || t->n == 0 || lr == NULL ||
        t->n != lr->scen->net->njobs)
        return VIEW_NOT_MINE;
    if (row == top) {
        int colx[JCOL_COUNT + 1], shown[JCOL_COUNT], wd[JCOL_COUNT];
        col_widths(t, lr->scen->net, wd);
        lay_out(t->sort_col, vc->w, wd, colx, shown);
        for (int k = 0; k < JCOL_COUNT; k++)
            if (shown[k] && col >= colx[k] && col <= colx[k] + wd[k]) {
                t->sort_rev = k == t->sort_col ? !t->sort_rev : 0;
                t->sort_col = k;
                say_sort(t, vc);
                return UI_REDRAW;
            }
        return 0;
    }
    rows = table_rows(t->n, vc->h - top);
    r = row - top - 1;
    if (r < 0 || r >= rows)
        return 0;
    r += first_row(t, rows);
    if (r >= t->n)
        return 0;
    t->row = r;
    t->job = t->order[r];
    return UI_REDRAW;
}

/* The next (dir -1: previous) job, in the order shown, whose name or
   traffic holds text. */
static int
jobs_find(void *st, struct view_ctx *vc, const char *text, int dir)
{
    struct nview_jobs *t = st;
    const struct net_run *lr = nview_run(vc->ss);
    const struct net_scen *l;
    int wrapped = 0;
    char what[160];

    if (lr == NULL || t->js == NULL || t->n == 0)
        return 0;
    l = lr->scen->net;
    for (int k = 1; k <= t->n; k++) {
        int i = ui_find_step(t->row, k, t->n, dir, &wrapped), j = t->order[i];
        if (strstr(l->job[j].name, text) ||
            strstr(pattern_name(l->job[j].pattern), text)) {
            t->row = i;
            t->job = j;
            snprintf(what, sizeof what, "job %s (%d of %d)", l->job[j].name,
                     j + 1, t->n);
            ui_found(vc->u, wrapped, what);
            return 1;
        }
    }
    ui_status(vc->u, 1, "no job's name or traffic holds '%s'", text);
    return 0;
}

/* Only a scenario of several jobs has the view. */
static int
jobs_shown(const struct session *ss)
{
    const struct scenario *s = session_scenario(ss);

    return s->net != NULL && s->net->njobs > 1;
}

const struct view_entry nview_jobs_entry = {
    .name = "jobs",
    .title = "Jobs",
    .family = &nview_family,
    .size = sizeof(struct nview_jobs),
    .fini = jobs_fini,
    .sync = jobs_sync,
    .draw = jobs_draw,
    .key = jobs_key,
    .click = jobs_click,
    .find = jobs_find,
    .shown = jobs_shown,
};
