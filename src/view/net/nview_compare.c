/*
 * nview_compare: compare mode of the link views (c) -- the session's last
 * link-model result against the one before it (session_opts.prev: the
 * result before the last edit, undo or reload whose run finished), as
 * Boxfish users compare two mappings: under the header of every link
 * view what changed ("routing SD -> AD"), the largest and the mean bytes
 * per link before and after, how many links changed and which way, the
 * phase estimate, and the largest bytes per class, all of the phase
 * picked ('[' ']'); the Links view lists the links by change
 * (nview_links.c), the Network view each row's change (nview_network.c,
 * nview_change()). The numbers are the core's (net_stats_diff()), made
 * once per pair of runs and phase in the family's sync while the mode is
 * on.
 */
#include "view/net/nview_ui.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/base/units.h"
#include "core/net/route.h"
#include "view/roles.h"
#include "view/ui.h"

/* Are a and b runs on the same network, link for link? */
static int
same_net(const struct net_run *a, const struct net_run *b, char *why,
         size_t n)
{
    const struct net_scen *x = a->scen->net, *y = b->scen->net;

    if (x->net == y->net ||
        (net_links(x->net) == net_links(y->net) &&
         strcmp(x->net_desc ? x->net_desc : "", y->net_desc ? y->net_desc : "") ==
             0))
        return 1;
    snprintf(why, n,
             "compare: the network changed (%.40s -> %.40s): no link-by-link "
             "comparison",
             x->net_desc ? x->net_desc : "?", y->net_desc ? y->net_desc : "?");
    return 0;
}

const struct net_result *
nview_phase_res(const struct net_run *r, int k)
{
    if (k == 0)
        return r->res;
    return k > 0 && k <= r->res->nphases ? r->res->phase[k - 1] : NULL;
}

void
nview_compare_sync(struct nview_fam *f, struct view_ctx *vc)
{
    const struct net_run *lr = nview_run(vc->ss);
    const struct net_run *prev = model_net_run_prev(vc->ss);
    const struct net_result *a, *b;
    struct rho_err err;

    if (!f->compare || lr == NULL || prev == NULL || prev->res == NULL)
        return;
    if (f->diff_of == lr->id && f->diff_prev == prev->id &&
        f->diff_phase == f->phase)
        return;
    net_diff_free(f->diff);
    f->diff = NULL;
    f->diff_err[0] = '\0';
    f->diff_of = lr->id;
    f->diff_prev = prev->id;
    f->diff_phase = f->phase;
    if (!same_net(prev, lr, f->diff_err, sizeof f->diff_err))
        return;
    /* the phase picked, on both sides: the same bytes the views show */
    a = nview_phase_res(prev, f->phase);
    b = nview_phase_res(lr, f->phase);
    if (a == NULL || b == NULL) {
        snprintf(f->diff_err, sizeof f->diff_err,
                 "compare: the result before has no phase %d ([ ] picks "
                 "another)",
                 f->phase);
        return;
    }
    f->diff = net_stats_diff(lr->scen->net->net, a->bytes, b->bytes, &err);
    if (f->diff == NULL)
        snprintf(f->diff_err, sizeof f->diff_err, "compare: %.140s", err.msg);
}

int
nview_compare_toggle(struct nview_fam *f, struct view_ctx *vc)
{
    const struct net_run *lr = nview_run(vc->ss);
    const struct net_run *prev = model_net_run_prev(vc->ss);
    char what[160];

    f->compare = !f->compare;
    if (!f->compare)
        ui_status(vc->u, 0, "compare mode off");
    else if (lr == NULL || prev == NULL || prev->res == NULL)
        ui_status(vc->u, 0,
                  "compare mode on: no earlier result yet (an edit -- R, P, "
                  "u, : -- keeps this one to compare with)");
    else
        ui_status(vc->u, 0, "compare mode on: %s",
                  nview_compare_what(prev, lr, what, sizeof what));
    return UI_REDRAW;
}

const struct net_diff *
nview_diff(const void *fam, const struct session *ss, int *phase)
{
    const struct nview_fam *f = fam;
    const struct net_run *lr = nview_run(ss);
    const struct net_run *prev = model_net_run_prev(ss);

    if (f == NULL || !f->compare || f->diff == NULL || lr == NULL ||
        prev == NULL || f->diff_of != lr->id || f->diff_prev != prev->id ||
        f->diff_phase != f->phase)
        return NULL;
    if (phase != NULL)
        *phase = f->diff_phase;
    return f->diff;
}

const char *
nview_compare_what(const struct net_run *prev, const struct net_run *lr,
                   char *buf, size_t n)
{
    const struct net_scen *a = prev->scen->net, *b = lr->scen->net;
    size_t len = 0;

    buf[0] = '\0';
    if (a->routing != b->routing || a->minimal != b->minimal)
        len += (size_t)snprintf(
            buf + len, n - len, "routing %s%s -> %s%s",
            net_routing_name(a->routing),
            a->minimal == ROUTE_ALL ? " (all paths)" : "",
            net_routing_name(b->routing),
            b->minimal == ROUTE_ALL ? " (all paths)" : "");
    if (len < n && strcmp(a->place_desc ? a->place_desc : "",
                          b->place_desc ? b->place_desc : "") != 0)
        len += (size_t)snprintf(buf + len, n - len, "%splacement %s -> %s",
                                len ? ", " : "",
                                a->place_desc ? a->place_desc : "?",
                                b->place_desc ? b->place_desc : "?");
    if (len < n && prev->scen->seed != lr->scen->seed)
        len += (size_t)snprintf(buf + len, n - len, "%sseed %llu -> %llu",
                                len ? ", " : "",
                                (unsigned long long)prev->scen->seed,
                                (unsigned long long)lr->scen->seed);
    if (len == 0)
        snprintf(buf, n, "the result before the last edit -> this one");
    return buf;
}

const char *
nview_change(char *buf, size_t n, double a, double b, int *role)
{
    double big = fabs(a) > fabs(b) ? fabs(a) : fabs(b);

    if (isnan(a) || isnan(b))
        snprintf(buf, n, "-");
    else if (a > 0)
        snprintf(buf, n, "%+.0f%%", 100 * (b - a) / a);
    else
        snprintf(buf, n, b > 0 ? "new" : "+0%%");
    if (role != NULL)
        *role = isnan(a) || isnan(b) || fabs(b - a) <= 1e-9 * big
                    ? ROLE_DIM
                : b > a ? ROLE_HEAT_8
                        : ROLE_HEAT_2;
    return buf;
}

/* The change from a to b in per cent, for the summary lines. */
static const char *
pct(char *buf, size_t n, double a, double b)
{
    return nview_change(buf, n, a, b, NULL);
}

/* Fields of one line of v from column 1, each but the first starting
   with its separator: the first that does not fit whole ends the line (a
   number never loses its unit), the first field cut with "…" if it alone
   is too wide. */
static void
fields(const struct cview *v, int y, int role, const char *const *fld, int n)
{
    int x = 1 + cview_text_cut(v, 1, y, v->w - 2, role, fld[0]);

    for (int i = 1; i < n; i++) {
        int w = utf8_width(fld[i]);
        if (x + w > v->w - 1)
            break;
        x += cview_text(v, x, y, w, role, fld[i]);
    }
}

int
nview_compare_lines(const struct cview *v, int y, const struct session *ss,
                    const void *fam)
{
    const struct nview_fam *f = fam;
    const struct net_run *lr = nview_run(ss);
    const struct net_run *prev = model_net_run_prev(ss);
    const struct net_diff *d;
    const struct net_diff_class *all;
    const char *fld[3 + 16];
    char what[160], a[48], b[48], c[48], e[48], g[48], h[48];
    char f1[208], f2[160], f3[160], f4[384], f5[64], f6[64];
    char cls[16][72];
    double ta, tb;
    int phase = 0, n;

    if (f == NULL || !f->compare || lr == NULL)
        return 0;
    if (prev == NULL || prev->res == NULL) {
        if (v != NULL)
            cview_text(v, 1, y, v->w - 2, ROLE_DIM,
                       "compare: no earlier result yet (an edit -- R, P, u, "
                       ": -- keeps this one to compare with; c: off)");
        return 1;
    }
    if ((d = nview_diff(fam, ss, &phase)) == NULL) {
        if (v != NULL)
            cview_text(v, 1, y, v->w - 2, ROLE_WARNING,
                       f->diff_err[0] ? f->diff_err : "compare: computing");
        return 1;
    }
    if (v == NULL)
        return 3;
    all = &d->cls[0];
    /* the phase estimate of each run, the report's and the Metrics
       view's (net_result.phase_time_ext): the slowest message of an
       adaptive routing, the busiest link's bytes / bandwidth of a static
       one; of the phase compared */
    ta = nview_phase_res(prev, phase)->phase_time_ext;
    tb = nview_phase_res(lr, phase)->phase_time_ext;
    snprintf(f1, sizeof f1,
             "compare %s:", nview_compare_what(prev, lr, what, sizeof what));
    snprintf(f2, sizeof f2, " max link %s -> %s (%s)",
             units_fmt_size(a, sizeof a, all->max_a),
             units_fmt_size(b, sizeof b, all->max_b),
             pct(c, sizeof c, all->max_a, all->max_b));
    fields(v, y, ROLE_HEADER, (const char *const[]){f1, f2}, 2);
    snprintf(f3, sizeof f3, "mean link %s -> %s (%s)",
             units_fmt_size(a, sizeof a, all->mean_a),
             units_fmt_size(b, sizeof b, all->mean_b),
             pct(c, sizeof c, all->mean_a, all->mean_b));
    /* the phase estimate is what the routing changes: the line drops
       its per cent, then the mean, then the estimate before */
    units_fmt_time(e, sizeof e, ta);
    units_fmt_time(g, sizeof g, tb);
    pct(h, sizeof h, ta, tb);
    snprintf(f4, sizeof f4, "%s, phase est. %s -> %s (%s)", f3, e, g, h);
    if (utf8_width(f4) > v->w - 2)
        snprintf(f4, sizeof f4, "%s, phase est. %s -> %s", f3, e, g);
    if (utf8_width(f4) > v->w - 2)
        snprintf(f4, sizeof f4, "phase est. %s -> %s (%s)", e, g, h);
    if (utf8_width(f4) > v->w - 2)
        snprintf(f4, sizeof f4, "phase est. %s", g);
    fields(v, y + 1, ROLE_DEFAULT, (const char *const[]){f4}, 1);
    snprintf(f5, sizeof f5, "%s of %s links changed",
             units_fmt_int(a, sizeof a, d->changed),
             units_fmt_int(b, sizeof b, all->links));
    snprintf(f6, sizeof f6, ", %s up, %s down",
             units_fmt_int(c, sizeof c, d->up),
             units_fmt_int(e, sizeof e, d->down));
    fld[0] = f5;
    fld[1] = f6;
    n = 2;
    for (int k = 1; k < d->nclasses && n < 2 + 16; k++) {
        const struct net_diff_class *cl = &d->cls[k];
        if (cl->links == 0)
            continue;
        snprintf(cls[n - 2], sizeof cls[n - 2], "%s%.47s %s",
                 n == 2 ? "; max " : " ", cl->name,
                 pct(a, sizeof a, cl->max_a, cl->max_b));
        fld[n] = cls[n - 2];
        n++;
    }
    fields(v, y + 2, ROLE_DEFAULT, fld, n);
    return 3;
}
