/*
 * scenario: scenarios as data. See scenario.h.
 */
#include "core/scenario.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rho_alloc.h"
#include "core/route.h"
#include "core/units.h"

struct scenario *
scenario_new(const char *title)
{
    struct scenario *s = xcalloc(1, sizeof *s);

    s->title = xstrdup(title ? title : "untitled");
    s->bandwidth = SCENARIO_DEFAULT_BW;
    s->tau = SCENARIO_DEFAULT_TAU;
    return s;
}

void
scenario_free(struct scenario *s)
{
    if (s == NULL)
        return;
    for (int i = 0; i < s->nflows; i++)
        free(s->flow[i].label);
    free(s->flow);
    free(s->title);
    free(s->path);
    free(s->rank_node);
    pcie_unref(s->pcie);
    scen_link_free(s->link);
    free(s);
}

struct scen_link *
scen_link_new(struct net *net)
{
    struct scen_link *l = xcalloc(1, sizeof *l);

    l->net = net_ref(net);
    l->routing = LINK_SD;
    l->minimal = ROUTE_MIN;
    return l;
}

void
scen_link_free(struct scen_link *l)
{
    if (l == NULL)
        return;
    for (int j = 0; j < l->njobs; j++) {
        free(l->job[j].name);
        pattern_free(l->job[j].pattern);
    }
    free(l->job);
    free(l->place_desc);
    free(l->net_desc);
    placement_free(l->placement);
    net_free(l->net);
    free(l);
}

static struct scen_link *
scen_link_clone(const struct scen_link *l)
{
    struct scen_link *c = xcalloc(1, sizeof *c);

    *c = *l;
    c->net = net_ref(l->net);
    c->placement = l->placement ? placement_ref(l->placement) : NULL;
    c->place_desc = l->place_desc ? xstrdup(l->place_desc) : NULL;
    c->net_desc = l->net_desc ? xstrdup(l->net_desc) : NULL;
    c->job = xcalloc((size_t)(l->njobs ? l->njobs : 1), sizeof *c->job);
    for (int j = 0; j < l->njobs; j++) {
        c->job[j] = l->job[j];
        c->job[j].name = xstrdup(l->job[j].name);
        c->job[j].pattern = pattern_ref(l->job[j].pattern);
    }
    return c;
}

int
scen_link_add_job(struct scen_link *l, const char *name,
                  struct pattern *pattern, int offset, int routing, int line)
{
    struct scen_job *j;

    l->job = xreallocarray(l->job, (size_t)l->njobs + 1, sizeof *l->job);
    j = &l->job[l->njobs];
    j->name = xstrdup(name);
    j->pattern = pattern;
    j->offset = offset;
    j->routing = routing;
    j->line = line;
    return l->njobs++;
}

struct link_result *
scenario_link_solve(const struct scenario *s, const struct link_opts *o,
                    struct rho_err *err)
{
    const struct scen_link *l = s->link;
    struct link_job *jobs;
    struct link_opts opts;
    struct link_result *res;

    if (l == NULL || l->njobs == 0 || l->placement == NULL) {
        rho_err_set(err, RHO_EINPUT, "%s: no traffic for the link model",
                    s->path ? s->path : s->title);
        return NULL;
    }
    if (o)
        opts = *o;
    else
        link_opts_init(&opts);
    opts.seed = s->seed ? s->seed : opts.seed;
    opts.minimal = l->minimal;
    jobs = xcalloc((size_t)l->njobs, sizeof *jobs);
    for (int j = 0; j < l->njobs; j++) {
        jobs[j].pattern = l->job[j].pattern;
        jobs[j].placement = l->placement;
        jobs[j].offset = l->job[j].offset;
        jobs[j].routing = l->job[j].routing;
    }
    res = link_model_solve(l->net, jobs, l->njobs, &opts, err);
    free(jobs);
    return res;
}

struct scenario *
scenario_clone(const struct scenario *s)
{
    struct scenario *c = xcalloc(1, sizeof *c);

    *c = *s;
    c->title = xstrdup(s->title);
    c->path = s->path ? xstrdup(s->path) : NULL;
    if (c->pcie)
        pcie_ref(c->pcie);
    c->capflows = s->nflows;
    c->flow = xcalloc((size_t)(s->nflows ? s->nflows : 1), sizeof *c->flow);
    for (int i = 0; i < s->nflows; i++) {
        c->flow[i] = s->flow[i];
        c->flow[i].label = s->flow[i].label ? xstrdup(s->flow[i].label) : NULL;
    }
    c->link = s->link ? scen_link_clone(s->link) : NULL;
    c->rank_node = NULL;
    if (s->nranks > 0) {
        c->rank_node = xcalloc((size_t)s->nranks, sizeof *c->rank_node);
        memcpy(c->rank_node, s->rank_node,
               (size_t)s->nranks * sizeof *c->rank_node);
    }
    return c;
}

void
scenario_set_tree(struct scenario *s, struct pcie *p)
{
    pcie_ref(p);
    pcie_unref(s->pcie);
    s->pcie = p;
}

void
scenario_set_title(struct scenario *s, const char *title)
{
    char *t = xstrdup(title);

    free(s->title);
    s->title = t;
}

void
scenario_set_path(struct scenario *s, const char *path)
{
    char *t = path ? xstrdup(path) : NULL;

    free(s->path);
    s->path = t;
}

static int
check_flow(const struct scenario *s, int i, const struct scen_flow *f,
           struct rho_err *err)
{
    int nn = s->pcie ? pcie_nodes(s->pcie) : 0;

    if (f->src < 0 || f->src >= nn ||
        pcie_node(s->pcie, f->src)->kind != PCIE_ENDPOINT)
        return rho_err_set(err, RHO_EINPUT,
                           "flow %d: the source is not a device", i + 1);
    if (f->dst < 0 || f->dst >= nn ||
        pcie_node(s->pcie, f->dst)->kind != PCIE_ENDPOINT)
        return rho_err_set(err, RHO_EINPUT,
                           "flow %d: the destination is not a device", i + 1);
    if (f->src == f->dst)
        return rho_err_set(err, RHO_EINPUT, "flow %d: '%s' sends to itself",
                           i + 1, pcie_node(s->pcie, f->src)->name);
    if (!(f->bytes >= 0) || !isfinite(f->bytes))
        return rho_err_set(err, RHO_EINPUT, "flow %d: size must be >= 0",
                           i + 1);
    if (!(f->start >= 0) || !isfinite(f->start))
        return rho_err_set(err, RHO_EINPUT, "flow %d: start must be >= 0",
                           i + 1);
    return 0;
}

int
scenario_add_flow(struct scenario *s, int src, int dst, double bytes,
                  double start, const char *label, int line,
                  struct rho_err *err)
{
    struct scen_flow f = {src, dst, bytes, start, line, NULL, -1, -1};

    if (check_flow(s, s->nflows, &f, err) != 0)
        return -1;
    f.label = label ? xstrdup(label) : NULL;
    scenario_insert_flow(s, s->nflows, &f);
    free(f.label);
    return s->nflows - 1;
}

void
scenario_insert_flow(struct scenario *s, int i, const struct scen_flow *f)
{
    if (s->nflows == s->capflows) {
        s->capflows =
            (int)rho_grow_cap((size_t)s->capflows, (size_t)s->nflows + 1);
        s->flow = xreallocarray(s->flow, (size_t)s->capflows, sizeof *s->flow);
    }
    memmove(&s->flow[i + 1], &s->flow[i],
            (size_t)(s->nflows - i) * sizeof *s->flow);
    s->flow[i] = *f;
    s->flow[i].label = f->label ? xstrdup(f->label) : NULL;
    s->nflows++;
}

void
scenario_del_flow(struct scenario *s, int i)
{
    free(s->flow[i].label);
    memmove(&s->flow[i], &s->flow[i + 1],
            (size_t)(s->nflows - i - 1) * sizeof *s->flow);
    s->nflows--;
}

int
scenario_move_rank(struct scenario *s, int r, int node, struct rho_err *err)
{
    if (r < 0 || r >= s->nranks)
        return rho_err_set(err, RHO_EINPUT,
                           "rank %d is not placed (ranks 0 "
                           "to %d are)",
                           r, s->nranks - 1);
    if (node < 0 || node >= pcie_nodes(s->pcie) ||
        pcie_node(s->pcie, node)->kind != PCIE_ENDPOINT)
        return rho_err_set(err, RHO_EINPUT, "rank %d: that is not a device", r);
    for (int i = 0; i < s->nflows; i++) {
        const struct scen_flow *f = &s->flow[i];
        int a = f->src_rank == r ? node : f->src;
        int b = f->dst_rank == r ? node : f->dst;
        if (a == b)
            return rho_err_set(err, RHO_EINPUT,
                               "rank %d on '%s': flow %d would send to itself",
                               r, pcie_node(s->pcie, node)->name, i + 1);
    }
    s->rank_node[r] = node;
    for (int i = 0; i < s->nflows; i++) {
        if (s->flow[i].src_rank == r)
            s->flow[i].src = node;
        if (s->flow[i].dst_rank == r)
            s->flow[i].dst = node;
    }
    return 0;
}

void
scenario_apply_order(struct scenario *s, const int *prio)
{
    int n = s->nflows;
    struct scen_flow *out = xcalloc((size_t)(n ? n : 1), sizeof *out);
    char *used = xcalloc((size_t)(n ? n : 1), 1);

    for (int i = 0; i < n; i++) {
        /* slot i belongs to flow i's source: fill it with that source's
           unused flow of lowest prio */
        int best = -1;
        for (int j = 0; j < n; j++)
            if (!used[j] && s->flow[j].src == s->flow[i].src &&
                (best < 0 || prio[j] < prio[best]))
                best = j;
        used[best] = 1;
        out[i] = s->flow[best];
    }
    memcpy(s->flow, out, (size_t)n * sizeof *out);
    free(out);
    free(used);
}

int
scenario_check(const struct scenario *s, struct rho_err *err)
{
    if (s->pcie == NULL)
        return rho_err_set(err, RHO_EINPUT, "the scenario has no topology");
    if (!(s->bandwidth > 0) || !isfinite(s->bandwidth))
        return rho_err_set(err, RHO_EINPUT, "bandwidth must be > 0");
    if (!(s->tau >= 0 && s->tau <= 1))
        return rho_err_set(err, RHO_EINPUT,
                           "tau must be between 0 and 1, got %g", s->tau);
    for (int i = 0; i < s->nflows; i++)
        if (check_flow(s, i, &s->flow[i], err) != 0)
            return -1;
    return 0;
}

struct pcie_sim *
scenario_sim(const struct scenario *s, struct rho_err *err)
{
    struct pcie_flowspec *fs;
    struct pcie_sim *sim;

    if (scenario_check(s, err) != 0)
        return NULL;
    fs = xcalloc((size_t)(s->nflows ? s->nflows : 1), sizeof *fs);
    for (int i = 0; i < s->nflows; i++)
        fs[i] = (struct pcie_flowspec){s->flow[i].src, s->flow[i].dst,
                                       s->flow[i].bytes, s->flow[i].start};
    sim = pcie_sim_new(s->pcie, s->nflows, fs, s->bandwidth, s->tau, err);
    free(fs);
    return sim;
}

char *
scenario_flow_name(const struct scenario *s, int i, char *buf, int n)
{
    snprintf(buf, (size_t)n, "%s->%s", pcie_node(s->pcie, s->flow[i].src)->name,
             pcie_node(s->pcie, s->flow[i].dst)->name);
    return buf;
}

static void
tree_to_lua(const struct pcie *p, int x, int indent, struct strbuf *out)
{
    const struct pcie_node *n = pcie_node(p, x);

    strbuf_printf(out, "%*s", indent, "");
    switch (n->kind) {
    case PCIE_RC:
    case PCIE_SWITCH:
        strbuf_puts(out, n->kind == PCIE_RC ? "rho.rc(" : "rho.switch(");
        strbuf_lua_quote(out, n->name);
        strbuf_puts(out, ", {\n");
        for (int i = 0; i < n->nchild; i++)
            tree_to_lua(p, n->child[i], indent + 2, out);
        strbuf_printf(out, "%*s})", indent, "");
        break;
    default:
        if (strcmp(n->type, "gpu") == 0) {
            strbuf_puts(out, "rho.gpu(");
        } else {
            strbuf_puts(out, "rho.device(");
            strbuf_lua_quote(out, n->type);
            strbuf_puts(out, ", ");
        }
        strbuf_lua_quote(out, n->name);
        strbuf_puts(out, ")");
    }
    strbuf_puts(out, indent ? ",\n" : "");
}

void
scenario_to_lua(const struct scenario *s, struct strbuf *out)
{
    char a[64], b[64];

    strbuf_puts(out, "-- written by rho: the scenario as it was edited\n"
                     "return rho.scenario {\n  title = ");
    strbuf_lua_quote(out, s->title);
    strbuf_puts(out, ",\n  topology = ");
    if (s->pcie)
        tree_to_lua(s->pcie, 0, 0, out);
    else
        strbuf_puts(out, "nil");
    strbuf_printf(out, ",\n  bandwidth = \"%s\",\n  tau = %.17g,\n",
                  units_fmt_rate_exact(a, sizeof a, s->bandwidth), s->tau);
    if (s->seed != 0)
        strbuf_printf(out, "  seed = %llu,\n", (unsigned long long)s->seed);
    if (s->nranks > 0) {
        strbuf_puts(out, "  placement = {");
        for (int r = 0; r < s->nranks; r++) {
            strbuf_puts(out, r ? ", " : " ");
            strbuf_lua_quote(out, pcie_node(s->pcie, s->rank_node[r])->name);
        }
        strbuf_puts(out, " },\n");
    }
    strbuf_puts(out, "  flows = {\n");
    for (int i = 0; i < s->nflows; i++) {
        const struct scen_flow *f = &s->flow[i];
        strbuf_puts(out, "    { ");
        if (f->src_rank >= 0)
            strbuf_printf(out, "%d", f->src_rank);
        else
            strbuf_lua_quote(out, pcie_node(s->pcie, f->src)->name);
        strbuf_puts(out, ", ");
        if (f->dst_rank >= 0)
            strbuf_printf(out, "%d", f->dst_rank);
        else
            strbuf_lua_quote(out, pcie_node(s->pcie, f->dst)->name);
        strbuf_printf(out, ", size = \"%s\"",
                      units_fmt_size_exact(a, sizeof a, f->bytes));
        if (f->start != 0)
            strbuf_printf(out, ", start = \"%s\"",
                          units_fmt_time_exact(b, sizeof b, f->start));
        if (f->label) {
            strbuf_puts(out, ", label = ");
            strbuf_lua_quote(out, f->label);
        }
        strbuf_puts(out, " },\n");
    }
    strbuf_puts(out, "  },\n}\n");
}
