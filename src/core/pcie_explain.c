/*
 * explain: how a flow's factor came about. See pcie_explain.h.
 *
 * Everything is read from the model's per-hop record (struct pcie_hop) and
 * per-flow factors (struct pcie_factors); nothing is recomputed, so the
 * text cannot disagree with the numbers shown elsewhere.
 */
#include "core/pcie_explain.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"

__attribute__((format(printf, 5, 6))) static void
add(struct explain *ex, int kind, int chan, int flow, const char *fmt, ...)
{
    struct explain_line *l;
    va_list ap;
    char buf[512];

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (ex->n == ex->cap) {
        ex->cap = (int)rho_grow_cap((size_t)ex->cap, (size_t)ex->n + 1);
        ex->line = xreallocarray(ex->line, (size_t)ex->cap, sizeof *ex->line);
    }
    l = &ex->line[ex->n++];
    l->kind = kind;
    l->chan = chan;
    l->flow = flow;
    l->text = xstrdup(buf);
}

void
explain_fini(struct explain *ex)
{
    for (int i = 0; i < ex->n; i++)
        free(ex->line[i].text);
    free(ex->line);
    memset(ex, 0, sizeof *ex);
}

void
explain_text(const struct explain *ex, struct strbuf *out)
{
    for (int i = 0; i < ex->n; i++) {
        strbuf_puts(out, ex->line[i].text);
        strbuf_puts(out, "\n");
    }
}

/* A factor: "0.3 (3/10)" when it is a simple fraction, else "0.2667". */
static char *
num(char *buf, size_t n, double x)
{
    for (int q = 2; q <= 60; q++) { /* the smallest q is lowest terms */
        double p = x * q;
        if (fabs(p - round(p)) < 1e-9 && round(p) > 0 && round(p) < q) {
            snprintf(buf, n, "%.4g (%ld/%d)", x, (long)round(p), q);
            return buf;
        }
    }
    snprintf(buf, n, "%.4g", x);
    return buf;
}

/* Short factor, no fraction. */
static char *
sh(char *buf, size_t n, double x)
{
    snprintf(buf, n, "%.4g", x);
    return buf;
}

static const char *
name(const struct scenario *s, int node)
{
    return pcie_node(s->pcie, node)->name;
}

/* "3 (0->2)" */
static char *
flow_label(char *buf, size_t n, const struct scenario *s, int f)
{
    snprintf(buf, n, "%d (%s->%s)", f + 1, name(s, s->flow[f].src),
             name(s, s->flow[f].dst));
    return buf;
}

/* The flows of channel c, as "0->2, 1->4", leaving out flow f. */
static void
others(char *buf, size_t n, const struct pcie_model *m, int c, int f,
       int *count)
{
    int fl[256], k = pcie_model_chan_flows(m, c, fl, 256);
    size_t used = 0;

    buf[0] = '\0';
    *count = 0;
    for (int i = 0; i < k && i < 256 && used + 24 < n; i++) {
        if (fl[i] == f)
            continue;
        used += (size_t)snprintf(buf + used, n - used, "%s%d",
                                 *count ? ", " : "", fl[i] + 1);
        (*count)++;
    }
}

static void
hop_line(struct explain *ex, const struct scenario *s,
         const struct pcie_model *m, int f, int j)
{
    const struct pcie_hop *h = &pcie_model_hops(m, f)[j];
    const struct pcie *p = s->pcie;
    char ch[96], a[48], b[48], c[48], d[48], list[200];
    const char *tail = pcie_chan_tail_name(p, h->chan);
    int nother;

    pcie_chan_name(p, h->chan, ch, sizeof ch);
    others(list, sizeof list, m, h->chan, f, &nother);
    if (h->step == STEP_A && nother > 0) {
        add(ex, EXPLAIN_HOP, h->chan, -1,
            "  %-12s A  the source sends %d flows at once on its own link "
            "(with %s)%s%s: %s",
            ch, nother + 1, list,
            h->arb ? ": their shares add up to " : ", which carries them all",
            h->arb ? sh(a, sizeof a, h->sum) : "", num(b, sizeof b, h->rho));
        return;
    }
    if (h->step == STEP_A) {
        add(ex, EXPLAIN_HOP, h->chan, -1,
            "  %-12s A  the source sends this flow alone (one at a time, "
            "first come first served): %s",
            ch, sh(a, sizeof a, h->rho));
        return;
    }
    if (!isfinite(pcie_model_chan_cap(m, h->chan))) {
        add(ex, EXPLAIN_HOP, h->chan, -1,
            "  %-12s %c  a link without a limit, passes: %s", ch,
            h->step == STEP_B ? 'B' : 'C', num(a, sizeof a, h->rho));
        return;
    }
    if (h->step == STEP_B) {
        if (h->arb)
            add(ex, EXPLAIN_HOP, h->chan, -1,
                "  %-12s B  upstream port of %s shared with flow%s %s: the "
                "factors in add up to %s > 1, each is divided by it: %s / %s "
                "= %s",
                ch, tail, nother > 1 ? "s" : "", list, sh(a, sizeof a, h->sum),
                sh(b, sizeof b, h->rin), sh(c, sizeof c, h->sum),
                num(d, sizeof d, h->rho));
        else
            add(ex, EXPLAIN_HOP, h->chan, -1,
                "  %-12s B  upstream port of %s: %s in all <= 1, passes: %s",
                ch, tail, sh(a, sizeof a, h->sum), num(b, sizeof b, h->rho));
        return;
    }
    /* step C */
    {
        int in = pcie_model_hops(m, f)[j - 1].chan;
        char inname[96], share[320], rule[400];

        pcie_chan_name(p, in, inname, sizeof inname);
        if (!h->arb) {
            add(ex, EXPLAIN_HOP, h->chan, -1,
                "  %-12s C  downstream port of %s: %d group%s, %s in all <= 1, "
                "passes: %s",
                ch, tail, h->ngroups, h->ngroups > 1 ? "s" : "",
                sh(a, sizeof a, h->sum), num(b, sizeof b, h->rho));
            return;
        }
        if (h->ngroups > 1)
            snprintf(share, sizeof share,
                     "round robin among %d groups (this one came in by %s with "
                     "%d flow%s)",
                     h->ngroups, inname, h->group_size,
                     h->group_size > 1 ? "s" : "");
        else
            snprintf(share, sizeof share, "1 group (in by %s)", inname);
        if (!h->cr_any)
            snprintf(rule, sizeof rule, "min(R %s, 1/%d) = %s",
                     sh(a, sizeof a, h->R), h->ngroups, sh(b, sizeof b, h->Rp));
        else if (h->in_cr)
            snprintf(rule, sizeof rule,
                     "this group crosses the root complex: min(max(1/%d - tau "
                     "%s, 0), R %s) = %s",
                     h->ngroups, sh(a, sizeof a, pcie_model_tau(m)),
                     sh(b, sizeof b, h->R), sh(c, sizeof c, h->Rp));
        else
            snprintf(rule, sizeof rule,
                     "another group crosses the root complex: min(1/%d + tau "
                     "%s, R %s) = %s",
                     h->ngroups, sh(a, sizeof a, pcie_model_tau(m)),
                     sh(b, sizeof b, h->R), sh(c, sizeof c, h->Rp));
        add(ex, EXPLAIN_HOP, h->chan, -1,
            "  %-12s C  %s port of %s: %s; %s; %s x %s / %s = %s", ch,
            h->rc_tail ? "root-complex" : "downstream", tail, share, rule,
            sh(a, sizeof a, h->rin), sh(b, sizeof b, h->Rp),
            sh(c, sizeof c, h->R), num(d, sizeof d, h->rho));
    }
}

/*
 * The link that capped the flow: its demand is its slowest link's
 * capacity. Said only when the links on its path differ, or the demand is
 * not the scenario's bandwidth (on the paper's trees nothing is new).
 */
static void
demand_line(struct explain *ex, const struct scenario *s,
            const struct pcie_model *m, int f)
{
    const struct pcie_hop *h = pcie_model_hops(m, f);
    const struct pcie_factors *F = pcie_model_factors(m, f);
    double d = pcie_model_demand(m, f);
    int len = pcie_model_path_len(m, f), differ = d != s->bandwidth;
    char ch[96], a[48], b[48];

    for (int j = 0; j < len; j++)
        differ |= pcie_model_chan_cap(m, h[j].chan) != d;
    if (!differ || F->cap_chan < 0)
        return;
    pcie_chan_name(s->pcie, F->cap_chan, ch, sizeof ch);
    units_fmt_rate(a, sizeof a, d);
    if (F->col[STEP_D9] >= 1)
        add(ex, EXPLAIN_LIMIT, F->cap_chan, -1,
            "  capped by link %s: %s, the slowest on its path (%s)", ch, a,
            pcie_chan_link(s->pcie, F->cap_chan)
                ? pcie_chan_link(s->pcie, F->cap_chan)
                : "the scenario's bandwidth");
    else
        add(ex, EXPLAIN_NOTE, F->cap_chan, -1,
            "  its demand is %s, the slowest link on its path (%s, %s); "
            "congestion leaves it %s of that",
            a, ch,
            pcie_chan_link(s->pcie, F->cap_chan)
                ? pcie_chan_link(s->pcie, F->cap_chan)
                : "the scenario's bandwidth",
            sh(b, sizeof b, F->col[STEP_D9]));
}

void
explain_flow(struct explain *ex, const struct scenario *s,
             const struct pcie_model *m, int f, double t,
             const struct pcie_sim_result *res)
{
    const struct pcie *p = s->pcie;
    const struct pcie_factors *F = pcie_model_factors(m, f);
    const struct pcie_hop *h;
    char fl[96], a[64], b[64], c[96], tm[32];
    int len, present = 0;

    flow_label(fl, sizeof fl, s, f);
    units_fmt_time(tm, sizeof tm, t);
    for (int k = 0; k < pcie_model_nactive(m); k++)
        present |= pcie_model_active(m, k) == f;
    if (!present) {
        int by = -1;
        add(ex, EXPLAIN_TITLE, -1, -1, "flow %s at %s: factor 0", fl, tm);
        for (int k = 0; k < pcie_model_nactive(m); k++)
            if (s->flow[pcie_model_active(m, k)].src == s->flow[f].src)
                by = pcie_model_active(m, k);
        if (t < s->flow[f].start)
            add(ex, EXPLAIN_NOTE, -1, -1, "  it starts at %s",
                units_fmt_time(a, sizeof a, s->flow[f].start));
        else if (res != NULL && f < res->nflows && !isnan(res->end[f]) &&
                 t >= res->end[f])
            add(ex, EXPLAIN_NOTE, -1, -1, "  it ended at %s",
                units_fmt_time(a, sizeof a, res->end[f]));
        else if (by >= 0)
            add(ex, EXPLAIN_NOTE, -1, by,
                "  it waits: %s sends flow %s first (a source sends one flow "
                "at a time, first come first served)",
                name(s, s->flow[f].src), flow_label(b, sizeof b, s, by));
        else
            add(ex, EXPLAIN_NOTE, -1, -1, "  it is not sending");
        return;
    }
    h = pcie_model_hops(m, f);
    len = pcie_model_path_len(m, f);
    add(ex, EXPLAIN_TITLE, -1, -1, "flow %s at %s: factor %s", fl, tm,
        num(a, sizeof a, F->col[STEP_D9]));
    {
        char path[400];
        size_t used = 0;
        used +=
            (size_t)snprintf(path, sizeof path, "%s", name(s, s->flow[f].src));
        for (int j = 0; j < len && used + 40 < sizeof path; j++)
            used += (size_t)snprintf(path + used, sizeof path - used, " -> %s",
                                     pcie_chan_head_name(p, h[j].chan));
        add(ex, EXPLAIN_PATH, -1, -1, "  path %s (%d channels%s)", path, len,
            pcie_model_crosses_rc(m, f) ? ", crosses the root complex" : "");
    }
    add(ex, EXPLAIN_NOTE, -1, -1,
        "  factors after A %s, B %s, C %s, D8 %s, D9 %s",
        sh(a, sizeof a, F->col[STEP_A]), sh(b, sizeof b, F->col[STEP_B]),
        sh(c, sizeof c, F->col[STEP_C]), sh(tm, sizeof tm, F->col[STEP_D8]),
        sh(fl, sizeof fl, F->col[STEP_D9]));
    flow_label(fl, sizeof fl, s, f);
    for (int j = 0; j < len; j++)
        hop_line(ex, s, m, f, j);

    /* D8 */
    if (F->hol) {
        char at[96], where[96], by[96];
        pcie_chan_name(p, F->hol_at, at, sizeof at);
        pcie_chan_name(p, F->hol_chan, where, sizeof where);
        flow_label(by, sizeof by, s, F->hol_by);
        add(ex, EXPLAIN_STEP_D, F->hol_at, F->hol_by,
            "  D8 head-of-line blocked: it shares %s with flow %s, which gets "
            "only %s further on at %s; the shared input buffer runs out of "
            "credits, so this flow drops from %s to %s",
            at, by, sh(a, sizeof a, F->col[STEP_D8]), where,
            sh(b, sizeof b, F->col[STEP_C]), num(c, sizeof c, F->col[STEP_D8]));
    } else {
        add(ex, EXPLAIN_STEP_D, -1, -1,
            "  D8 not head-of-line blocked: no flow it shares a channel with "
            "is cut below %s further on",
            sh(a, sizeof a, F->col[STEP_C]));
    }
    /* D9 */
    if (F->hol) {
        add(ex, EXPLAIN_STEP_D, -1, -1,
            "  D9 a blocked flow keeps its D8 factor: %s",
            num(a, sizeof a, F->col[STEP_D9]));
    } else if (F->limit_chan < 0) {
        add(ex, EXPLAIN_STEP_D, -1, -1,
            "  D9 never arbitrated on its path: factor 1");
    } else {
        int j = pcie_model_hop_index(m, f, F->limit_chan);
        char where[96];
        pcie_chan_name(p, F->limit_chan, where, sizeof where);
        for (int k = 0; k < len; k++)
            if (h[k].arb && h[k].delta > 0) {
                char ch[96];
                double up = h[k].delta / h[k].ratio; /* in this flow's units */
                pcie_chan_name(p, h[k].chan, ch, sizeof ch);
                add(ex, EXPLAIN_STEP_D, h[k].chan, -1,
                    "  D9 at %s blocked flows leave %s to share: %s + %s = %s",
                    ch, sh(a, sizeof a, up), sh(b, sizeof b, h[k].rho),
                    sh(c, sizeof c, up), sh(tm, sizeof tm, h[k].rho + up));
            }
        add(ex, EXPLAIN_LIMIT, F->limit_chan, -1,
            "  D9 the lowest share over the ports that arbitrated it is at "
            "%s: %s",
            where, num(a, sizeof a, h[j].rho + h[j].delta / h[j].ratio));
    }
    demand_line(ex, s, m, f);
    add(ex, EXPLAIN_RESULT, -1, -1, "  rate %s x %s = %s",
        sh(a, sizeof a, F->col[STEP_D9]),
        units_fmt_rate(b, sizeof b, pcie_model_demand(m, f)),
        units_fmt_rate(c, sizeof c, F->col[STEP_D9] * pcie_model_demand(m, f)));
}
