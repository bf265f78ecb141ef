/*
 * scenario: scenarios as data. See scenario.h.
 */
#include "core/scenario.h"

#include <limits.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/net/net_phases.h"
#include "core/net/route.h"
#include "core/base/units.h"
#include "core/model.h"

struct scenario *
scenario_new(const char *title)
{
    struct scenario *s = xcalloc(1, sizeof *s);

    s->title = xstrdup(title ? title : "untitled");
    s->bandwidth = SCENARIO_DEFAULT_BW;
    s->tau = SCENARIO_DEFAULT_TAU;
    s->efficiency = PCIE_DEFAULT_EFFICIENCY;
    return s;
}

static void
src_unref(struct scen_src *src)
{
    if (src == NULL || atomic_fetch_sub(&src->refs, 1) > 1)
        return;
    free(src->text);
    scenario_free(src->base);
    free(src);
}

void
scenario_set_source(struct scenario *s, const char *text, size_t len)
{
    struct scen_src *src = xcalloc(1, sizeof *src);

    atomic_init(&src->refs, 1);
    src->text = xmalloc(len + 1);
    memcpy(src->text, text, len);
    src->text[len] = '\0';
    src->len = len;
    for (int i = 0; i < s->nflows; i++)
        s->flow[i].id = i;
    src_unref(s->src);
    s->src = NULL;
    src->base = scenario_clone(s);
    s->src = src;
}

void
scenario_free(struct scenario *s)
{
    if (s == NULL)
        return;
    src_unref(s->src);
    for (int i = 0; i < s->nflows; i++)
        free(s->flow[i].label);
    free(s->flow);
    free(s->title);
    free(s->path);
    free(s->rank_node);
    pcie_unref(s->pcie);
    net_scen_free(s->net);
    lesson_free(s->lesson);
    queue_scen_free(s->queue);
    free(s);
}

struct net_result *
scenario_net_solve(const struct scenario *s, const struct net_opts *o,
                   struct rho_err *err)
{
    const struct net_scen *l = s->net;
    struct net_job *jobs;
    struct net_opts opts;
    struct net_result *res;

    if (l == NULL || l->njobs == 0 || l->placement == NULL) {
        rho_err_set(err, RHO_EINPUT, "%s: no traffic for the link model",
                    s->path ? s->path : s->title);
        return NULL;
    }
    if (l->pending) { /* a caller's bug: the old placement is not this */
        rho_err_set(err, RHO_EINPUT,
                    "%s: the placement of an edit is not made yet "
                    "(scenario_net_ready)",
                    s->path ? s->path : s->title);
        return NULL;
    }
    if (o)
        opts = *o;
    else
        net_opts_init(&opts);
    opts.seed = s->seed ? s->seed : opts.seed;
    opts.minimal = l->minimal;
    if (l->bgq_threshold > 0)
        opts.bgq_threshold = l->bgq_threshold;
    jobs = xcalloc((size_t)l->njobs, sizeof *jobs);
    for (int j = 0; j < l->njobs; j++) {
        jobs[j].pattern = l->job[j].pattern;
        jobs[j].placement = l->placement;
        jobs[j].offset = l->job[j].offset;
        jobs[j].routing = l->job[j].routing;
    }
    res = net_phases_solve(l->net, jobs, l->njobs, &opts, err);
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
    c->net = s->net ? net_scen_clone(s->net) : NULL;
    c->lesson = lesson_clone(s->lesson);
    if (c->src)
        atomic_fetch_add(&c->src->refs, 1);
    c->queue = queue_scen_clone(s->queue);
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
    struct scen_flow f = {src, dst, bytes, start, line, NULL, -1, -1, 0, 0, -1};

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

/* Sort keys for scenario_apply_order(): (source, key, index). */
struct order_key {
    int src, key, idx;
};

static int
cmp_order_key(const void *a, const void *b)
{
    const struct order_key *x = a, *y = b;

    if (x->src != y->src)
        return (x->src > y->src) - (x->src < y->src);
    if (x->key != y->key)
        return (x->key > y->key) - (x->key < y->key);
    return (x->idx > y->idx) - (x->idx < y->idx);
}

void
scenario_apply_order(struct scenario *s, const int *prio)
{
    int n = s->nflows;
    struct scen_flow *out = xcalloc((size_t)(n ? n : 1), sizeof *out);
    struct order_key *slot = xcalloc((size_t)(n ? n : 1), sizeof *slot);
    struct order_key *by = xcalloc((size_t)(n ? n : 1), sizeof *by);

    /* the k-th slot of a source (list order) gets its k-th flow by prio:
       both sorted by source first, so they pair up in one pass */
    for (int i = 0; i < n; i++) {
        slot[i] = (struct order_key){s->flow[i].src, i, i};
        by[i] = (struct order_key){s->flow[i].src, prio[i], i};
    }
    qsort(slot, (size_t)n, sizeof *slot, cmp_order_key);
    qsort(by, (size_t)n, sizeof *by, cmp_order_key);
    for (int k = 0; k < n; k++)
        out[slot[k].idx] = s->flow[by[k].idx];
    if (n > 0)
        memcpy(s->flow, out, (size_t)n * sizeof *out);
    free(out);
    free(slot);
    free(by);
}

/* A network scenario: its link part is complete. */
static int
check_link(const struct net_scen *l, struct rho_err *err)
{
    if (l->net == NULL || l->placement == NULL)
        return rho_err_set(err, RHO_EINPUT, "the network has no placement");
    if (l->njobs == 0)
        return rho_err_set(err, RHO_EINPUT, "the network has no traffic");
    for (int j = 0; j < l->njobs; j++)
        if (l->job[j].pattern == NULL)
            return rho_err_set(err, RHO_EINPUT, "job '%s' has no pattern",
                               l->job[j].name);
    return 0;
}

int
scenario_check(const struct scenario *s, struct rho_err *err)
{
    if (s->pcie == NULL && s->net != NULL)
        return check_link(s->net, err);
    if (s->pcie == NULL && s->queue != NULL && s->queue->levels != NULL)
        return queue_scen_check(s->queue, s->queue->levels->k, err);
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

    if (s->pcie == NULL && s->net != NULL) {
        rho_err_set(err, RHO_EINPUT,
                    "the scenario is a network: it has no PCIe model");
        return NULL;
    }
    if (scenario_check(s, err) != 0)
        return NULL;
    fs = xcalloc((size_t)(s->nflows ? s->nflows : 1), sizeof *fs);
    for (int i = 0; i < s->nflows; i++)
        fs[i] = (struct pcie_flowspec){s->flow[i].src,   s->flow[i].dst,
                                       s->flow[i].bytes, s->flow[i].start,
                                       s->flow[i].via,   s->flow[i].stream};
    sim = pcie_sim_new(s->pcie, s->nflows, fs, s->bandwidth, s->tau, err);
    free(fs);
    return sim;
}

struct net *
scenario_tree_net(const struct scenario *s, struct rho_err *err)
{
    int n;
    int *parent;
    const char **names;
    struct net *net;

    if (s->pcie == NULL) {
        rho_err_set(err, RHO_EINPUT, "the scenario has no PCIe tree");
        return NULL;
    }
    n = pcie_nodes(s->pcie);
    parent = xcalloc((size_t)n, sizeof *parent);
    names = xcalloc((size_t)n, sizeof *names);
    for (int i = 0; i < n; i++) {
        parent[i] = pcie_node(s->pcie, i)->parent;
        names[i] = pcie_node(s->pcie, i)->name;
    }
    net = net_tree_new(n, parent, names, s->bandwidth, NULL, err);
    free(parent);
    free(names);
    return net;
}

static int
bad_routing(int routing, struct rho_err *err)
{
    if (routing >= 0 && routing < NET_ROUTING_COUNT)
        return 0;
    return rho_err_set(
        err, RHO_EINPUT,
        "routing %d is not DOR, SD, SI, AD, AI, AH, BGQ or UPDOWN", routing);
}

int
scenario_net_tree(struct scenario *s, int routing, int line,
                  struct rho_err *err)
{
    struct net_pattern_spec ps;
    struct net_place_spec pls;
    struct placement *pl;
    struct pattern *pat;
    struct net_scen *l;
    struct net *net;
    int n;

    if (bad_routing(routing, err))
        return -1;
    if ((net = scenario_tree_net(s, err)) == NULL) {
        rho_err_prefix(err, "topology");
        return -1;
    }
    n = net_endpoints(net);
    l = net_scen_new(net, NULL);
    net_free(net); /* l holds it */
    l->routing = routing;
    net_place_spec_init(&pls);
    if ((pl = net_place_make(&pls, l->net, n, 0, err)) == NULL) {
        rho_err_prefix(err, "scenario");
        net_scen_free(l);
        return -1;
    }
    net_scen_set_placement(l, pl, &pls, n);
    net_pattern_spec_init(&ps, NET_PAT_FLOWS);
    ps.flows = net_flows_new(s->nflows, NULL, NULL, NULL, NULL);
    for (int i = 0; i < s->nflows; i++) {
        ps.flows->src[i] = s->flow[i].src;
        ps.flows->dst[i] = s->flow[i].dst;
        ps.flows->bytes[i] = s->flow[i].bytes;
    }
    if ((pat = net_pattern_make(&ps, l->net, n, 0, err)) == NULL) {
        rho_err_prefix(err, "scenario");
        net_pattern_spec_fini(&ps);
        net_scen_free(l);
        return -1;
    }
    net_scen_add_job(l, "flows", &ps, pat, n, 0, routing, line, 0);
    net_pattern_spec_fini(&ps);
    net_scen_free(s->net);
    s->net = l;
    return 0;
}

int
scenario_net_sync_tree(struct scenario *s, struct rho_err *err)
{
    const struct net_scen *l = s->net;
    int minimal, line;

    if (s->pcie == NULL || l == NULL || l->net_spec.kind != NET_TOPO_TREE)
        return 0;
    minimal = l->minimal;
    line = l->njobs > 0 ? l->job[0].line : 0;
    if (scenario_net_tree(s, l->routing, line, err) != 0)
        return -1;
    s->net->minimal = minimal;
    return 0;
}

static int
no_link(const struct scenario *s, struct rho_err *err)
{
    if (s->net != NULL)
        return 0;
    return rho_err_set(err, RHO_EINPUT, "the scenario has no link model");
}

int
scenario_net_set_routing(struct scenario *s, int routing, struct rho_err *err)
{
    if (no_link(s, err) || bad_routing(routing, err))
        return -1;
    s->net->routing = routing;
    for (int j = 0; j < s->net->njobs; j++)
        s->net->job[j].routing = routing;
    return 0;
}

/* Parse a placement for the scenario's network; build it now (rebuild) or
   leave the build to the run (defer). */
static int
net_place(struct scenario *s, const char *text, int defer,
          struct rho_err *err)
{
    struct net_place_spec spec;
    int rc;

    if (no_link(s, err))
        return -1;
    if (s->net->net_spec.kind == NET_TOPO_TREE)
        return rho_err_set(err, RHO_EINPUT,
                           "placement: the ranks of a PCIe tree seen as a "
                           "network are its node ids");
    if (net_place_parse(text, s->net->net, &spec, err) != 0)
        return -1;
    rc = defer ? net_scen_defer(s->net, &spec, s->seed, err)
               : net_scen_rebuild(s->net, &spec, s->seed, err);
    net_place_spec_fini(&spec);
    return rc;
}

int
scenario_net_set_placement(struct scenario *s, const char *text,
                           struct rho_err *err)
{
    return net_place(s, text, 0, err);
}

int
scenario_net_defer_placement(struct scenario *s, const char *text,
                             struct rho_err *err)
{
    return net_place(s, text, 1, err);
}

int
scenario_net_defer_seed(struct scenario *s, uint64_t seed, struct rho_err *err)
{
    if (no_link(s, err))
        return -1;
    if (s->net->net_spec.kind != NET_TOPO_TREE &&
        net_scen_defer(s->net, &s->net->place, seed, err) != 0)
        return -1;
    s->seed = seed;
    return 0;
}

int
scenario_net_ready(struct scenario *s, const atomic_int *stop,
                   struct rho_err *err)
{
    return s->net != NULL ? net_scen_ready(s->net, stop, err) : 0;
}

int
scenario_net_set_seed(struct scenario *s, uint64_t seed, struct rho_err *err)
{
    if (no_link(s, err))
        return -1;
    if (s->net->net_spec.kind != NET_TOPO_TREE &&
        net_scen_rebuild(s->net, &s->net->place, seed, err) != 0)
        return -1;
    s->seed = seed;
    return 0;
}

int
scenario_net_set_paths(struct scenario *s, int paths, struct rho_err *err)
{
    if (no_link(s, err))
        return -1;
    if (paths != ROUTE_MIN && paths != ROUTE_ALL)
        return rho_err_set(err, RHO_EINPUT,
                           "paths must be \"minimal\" or \"all\"");
    s->net->minimal = paths;
    return 0;
}

int
scenario_queue_set(struct scenario *s, const struct queue_scen *o,
                   struct rho_err *err)
{
    struct queue *levels = s->queue != NULL ? s->queue->levels : NULL;
    struct queue_scen *next;
    int k = levels != NULL ? levels->k : o->nlat > 1 ? o->nlat : 1;

    if (s->net == NULL && levels == NULL)
        return rho_err_set(err, RHO_EINPUT,
                           "the scenario has no queueing model (no network, "
                           "no levels)");
    if (queue_scen_check(o, k, err) != 0)
        return -1;
    next = queue_scen_clone(o);
    queue_scen_set_levels(next, queue_clone(levels));
    queue_scen_free(s->queue);
    s->queue = next;
    return 0;
}

char *
scenario_flow_name(const struct scenario *s, int i, char *buf, int n)
{
    snprintf(buf, (size_t)n, "%s->%s", pcie_node(s->pcie, s->flow[i].src)->name,
             pcie_node(s->pcie, s->flow[i].dst)->name);
    return buf;
}

/* The options of node x: its link and more; "" when it has none. */
static void
node_opts_to_lua(const struct pcie *p, int x, struct strbuf *out)
{
    const struct pcie_node *n = pcie_node(p, x);
    char a[64];
    int any = 0, def_streams = n->host ? 0 : 1;
    double def_bw = n->host ? INFINITY : 0;

#define SEP() strbuf_puts(out, any++ ? ", " : ", { ")
    if (n->bw != def_bw) {
        SEP();
        if (isinf(n->bw))
            strbuf_puts(out, "bandwidth = \"unlimited\"");
        else
            strbuf_printf(out, "bandwidth = \"%s\"",
                          units_fmt_rate_exact(a, sizeof a, n->bw));
    }
    if (n->link && n->kind != PCIE_RC) {
        SEP();
        strbuf_puts(out, "link = ");
        strbuf_lua_quote(out, n->link);
    }
    if (n->kind == PCIE_ENDPOINT && n->streams != def_streams) {
        SEP();
        strbuf_printf(out, "streams = %d", n->streams);
    }
    if (n->bus) {
        SEP();
        strbuf_puts(out, "bus = ");
        strbuf_lua_quote(out, n->bus);
    }
#undef SEP
    if (any)
        strbuf_puts(out, " }");
}

/* The direct links and switch fabrics, as children of the root. */
static void
extras_to_lua(const struct pcie *p, int indent, struct strbuf *out)
{
    char a[64];

    for (int k = 0; k < pcie_ndirect(p); k++) {
        const struct pcie_direct *d = pcie_direct(p, k);
        strbuf_printf(out, "%*srho.direct(", indent, "");
        strbuf_lua_quote(out, pcie_node(p, d->a)->name);
        strbuf_puts(out, ", ");
        strbuf_lua_quote(out, pcie_node(p, d->b)->name);
        strbuf_printf(out, ", { bandwidth = \"%s\", count = %d, kind = ",
                      units_fmt_rate_exact(a, sizeof a, d->one), d->count);
        strbuf_lua_quote(out, d->kind);
        strbuf_puts(out, " }),\n");
    }
    for (int k = 0; k < pcie_nxswitch(p); k++) {
        const struct pcie_xswitch *x = pcie_xswitch(p, k);
        strbuf_printf(out, "%*srho.nvswitch(", indent, "");
        strbuf_lua_quote(out, x->name);
        strbuf_puts(out, ", {");
        for (int j = 0; j < x->nport; j++) {
            strbuf_puts(out, j ? ", " : " ");
            strbuf_lua_quote(out, pcie_node(p, x->dev[j])->name);
        }
        strbuf_printf(out, " }, { bandwidth = \"%s\", count = %d, kind = ",
                      units_fmt_rate_exact(a, sizeof a, x->one), x->count);
        strbuf_lua_quote(out, x->kind);
        strbuf_puts(out, " }),\n");
    }
}

static void
tree_to_lua(const struct pcie *p, int x, int indent, struct strbuf *out)
{
    const struct pcie_node *n = pcie_node(p, x);

    strbuf_printf(out, "%*s", indent, "");
    switch (n->kind) {
    case PCIE_SYSTEM:
    case PCIE_RC:
    case PCIE_SWITCH:
        strbuf_puts(out, n->kind == PCIE_RC       ? "rho.rc("
                         : n->kind == PCIE_SYSTEM ? "rho.machine("
                                                  : "rho.switch(");
        strbuf_lua_quote(out, n->name);
        strbuf_puts(out, ", {\n");
        for (int i = 0; i < n->nchild; i++)
            tree_to_lua(p, n->child[i], indent + 2, out);
        if (x == 0)
            extras_to_lua(p, indent + 2, out);
        strbuf_printf(out, "%*s}", indent, "");
        if (n->kind == PCIE_SYSTEM && n->nchild > 0 &&
            pcie_node(p, n->child[0])->link) {
            strbuf_puts(out, ", { fabric = ");
            strbuf_lua_quote(out, pcie_node(p, n->child[0])->link);
            strbuf_puts(out, " }");
        }
        node_opts_to_lua(p, x, out);
        strbuf_puts(out, ")");
        break;
    default:
        if (strcmp(n->type, "gpu") == 0) {
            strbuf_puts(out, "rho.gpu(");
        } else if (n->host) {
            strbuf_puts(out, "rho.host(");
        } else {
            strbuf_puts(out, "rho.device(");
            strbuf_lua_quote(out, n->type);
            strbuf_puts(out, ", ");
        }
        strbuf_lua_quote(out, n->name);
        node_opts_to_lua(p, x, out);
        strbuf_puts(out, ")");
    }
    strbuf_puts(out, indent ? ",\n" : "");
}

/* Does the first job go in `traffic = `: the ranks left, named
   "traffic", the scenario's routing? */
static int
traffic_job(const struct net_scen *l)
{
    return l->njobs > 0 && l->job[0].spec.kind != NET_PAT_FLOWS &&
           l->job[0].rest && strcmp(l->job[0].name, "traffic") == 0 &&
           l->job[0].routing == l->routing;
}

/* The jobs of a network scenario that go in `jobs = { ... }`, or 0 when
   there are none. */
static int
jobs_to_lua(const struct net_scen *l, struct strbuf *out)
{
    int n = 0;

    for (int j = traffic_job(l); j < l->njobs; j++) {
        const struct net_scen_job *jb = &l->job[j];
        if (jb->spec.kind == NET_PAT_FLOWS)
            continue;
        strbuf_puts(out, n++ ? "    { name = " : "{\n    { name = ");
        strbuf_lua_quote(out, jb->name);
        if (!jb->rest)
            strbuf_printf(out, ", ranks = %d", jb->ranks);
        if (jb->routing != l->routing)
            strbuf_printf(out, ", routing = \"%s\"",
                          net_routing_name(jb->routing));
        strbuf_puts(out, ", traffic = ");
        net_pattern_to_lua(&jb->spec, out);
        strbuf_puts(out, " },\n");
    }
    if (n > 0)
        strbuf_puts(out, "  }");
    return n > 0;
}

static const char *
via_name(int via)
{
    return via == PCIE_VIA_TREE     ? "pcie"
           : via == PCIE_VIA_DIRECT ? "direct"
                                    : "auto";
}

void
scenario_flow_to_lua(const struct scenario *s, int i, struct strbuf *out)
{
    const struct scen_flow *f = &s->flow[i];
    char a[64];

    strbuf_puts(out, "{ ");
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
                      units_fmt_time_exact(a, sizeof a, f->start));
    if (f->label) {
        strbuf_puts(out, ", label = ");
        strbuf_lua_quote(out, f->label);
    }
    if (f->via != s->via)
        strbuf_printf(out, ", via = \"%s\"", via_name(f->via));
    if (f->stream != 0)
        strbuf_printf(out, ", stream = %d", f->stream);
    strbuf_puts(out, " }");
}

/* A seed as Lua reads it back: an integer. -9223372036854775808 would be
   a float (the literal 9223372036854775808 does not fit an integer). */
static void
seed_to_lua(uint64_t seed, struct strbuf *out)
{
    if ((long long)seed == LLONG_MIN)
        strbuf_puts(out, "math.mininteger");
    else
        strbuf_printf(out, "%lld", (long long)seed);
}

/* The fields scenario_to_lua() writes, in its order: of a PCIe scenario,
   of a network. */
static const char *const pcie_fields[] = {
    "title", "topology",  "bandwidth", "tau",   "efficiency", "via",
    "seed",  "placement", "routing",   "paths", "flows",      "models",
    "queue", "lesson", NULL,
};
static const char *const net_fields[] = {
    "title", "topology",  "routing", "paths", "seed", "gamma", "bgq_threshold",
    "placement", "traffic", "jobs", "flows", "models", "queue", "lesson", NULL,
};
static const char *const levels_fields[] = {
    "title", "topology", "seed", "models", "queue", "lesson", NULL,
};

/* A scenario of given levels (rho.levels): no tree, no network. */
static int
is_levels(const struct scenario *s)
{
    return s->pcie == NULL && s->net == NULL && s->queue != NULL &&
           s->queue->levels != NULL;
}

const char *const *
scenario_lua_fields(const struct scenario *s)
{
    return is_levels(s)                      ? levels_fields
           : s->pcie == NULL && s->net != NULL ? net_fields
                                               : pcie_fields;
}

/* A PCIe scenario's field (see scenario_field_to_lua()). */
static int
pcie_field(const struct scenario *s, const char *name, int full,
           struct strbuf *out)
{
    char a[64];

    if (strcmp(name, "topology") == 0) {
        struct strbuf t;
        if (s->pcie == NULL) {
            strbuf_puts(out, "nil");
            return 1;
        }
        /* as a field at column 2: its inner lines two further in */
        strbuf_init(&t);
        tree_to_lua(s->pcie, 0, 0, &t);
        for (const char *p = strbuf_str(&t); *p; p++) {
            strbuf_add(out, p, 1);
            if (*p == '\n' && p[1] != '\0')
                strbuf_puts(out, "  ");
        }
        strbuf_fini(&t);
    } else if (strcmp(name, "bandwidth") == 0) {
        strbuf_printf(out, "\"%s\"",
                      units_fmt_rate_exact(a, sizeof a, s->bandwidth));
    } else if (strcmp(name, "tau") == 0) {
        strbuf_puts(out, units_fmt_num(a, sizeof a, s->tau));
    } else if (strcmp(name, "efficiency") == 0) {
        if (!s->efficiency_given && !full)
            return 0;
        strbuf_puts(out, units_fmt_num(a, sizeof a, s->efficiency));
    } else if (strcmp(name, "via") == 0) {
        if (s->via == PCIE_VIA_AUTO && !full)
            return 0;
        strbuf_printf(out, "\"%s\"", via_name(s->via));
    } else if (strcmp(name, "seed") == 0) {
        if (s->seed == 0 && !full)
            return 0;
        seed_to_lua(s->seed, out);
    } else if (strcmp(name, "placement") == 0) {
        if (s->nranks == 0)
            return 0;
        strbuf_puts(out, "{");
        for (int r = 0; r < s->nranks; r++) {
            strbuf_puts(out, r ? ", " : " ");
            strbuf_lua_quote(out, pcie_node(s->pcie, s->rank_node[r])->name);
        }
        strbuf_puts(out, " }");
    } else if (strcmp(name, "routing") == 0) {
        if (s->net == NULL || s->nflows == 0)
            return 0;
        strbuf_printf(out, "\"%s\"", net_routing_name(s->net->routing));
    } else if (strcmp(name, "paths") == 0) {
        if (s->net == NULL || s->nflows == 0 ||
            (s->net->minimal != ROUTE_ALL && !full))
            return 0;
        strbuf_puts(out,
                    s->net->minimal == ROUTE_ALL ? "\"all\"" : "\"minimal\"");
    } else if (strcmp(name, "flows") == 0) {
        strbuf_puts(out, "{\n");
        for (int i = 0; i < s->nflows; i++) {
            strbuf_puts(out, "    ");
            scenario_flow_to_lua(s, i, out);
            strbuf_puts(out, ",\n");
        }
        strbuf_puts(out, "  }");
    } else {
        return 0;
    }
    return 1;
}

/* A network scenario's field (see scenario_field_to_lua()). */
static int
net_field(const struct scenario *s, const char *name, int full,
          struct strbuf *out)
{
    const struct net_scen *l = s->net;
    char a[64];

    if (strcmp(name, "topology") == 0) {
        net_topo_to_lua(&l->net_spec, out);
    } else if (strcmp(name, "routing") == 0) {
        strbuf_printf(out, "\"%s\"", net_routing_name(l->routing));
    } else if (strcmp(name, "paths") == 0) {
        strbuf_puts(out, l->minimal == ROUTE_ALL ? "\"all\"" : "\"minimal\"");
    } else if (strcmp(name, "seed") == 0) {
        if (s->seed == 0 && !full)
            return 0;
        seed_to_lua(s->seed, out);
    } else if (strcmp(name, "gamma") == 0) {
        if (l->gamma <= 0)
            return 0;
        strbuf_printf(out, "\"%s\"",
                      units_fmt_time_exact(a, sizeof a, l->gamma));
    } else if (strcmp(name, "bgq_threshold") == 0) {
        if (l->bgq_threshold <= 0)
            return 0;
        strbuf_printf(out, "\"%s\"",
                      units_fmt_size_exact(a, sizeof a, l->bgq_threshold));
    } else if (strcmp(name, "placement") == 0) {
        net_place_to_lua(&l->place, out);
    } else if (strcmp(name, "traffic") == 0) {
        if (!traffic_job(l))
            return 0;
        net_pattern_to_lua(&l->job[0].spec, out);
    } else if (strcmp(name, "jobs") == 0) {
        return jobs_to_lua(l, out);
    } else if (strcmp(name, "flows") == 0) {
        int j;
        for (j = 0; j < l->njobs && l->job[j].spec.kind != NET_PAT_FLOWS; j++)
            ;
        if (j == l->njobs)
            return 0;
        net_pattern_to_lua(&l->job[j].spec, out);
    } else {
        return 0;
    }
    return 1;
}

int
scenario_field_to_lua(const struct scenario *s, const char *name, int full,
                      struct strbuf *out)
{
    if (strcmp(name, "title") == 0) {
        strbuf_lua_quote(out, s->title);
        return 1;
    }
    if (strcmp(name, "lesson") == 0) {
        if (s->lesson == NULL || s->lesson->n == 0)
            return 0;
        lesson_to_lua(s->lesson, out);
        return 1;
    }
    if (strcmp(name, "queue") == 0)
        return s->queue != NULL && queue_scen_to_lua(s->queue, out);
    if (strcmp(name, "models") == 0) {
        int first = 1;
        if (s->models == 0)
            return 0;
        strbuf_puts(out, "{");
        for (int k = 0; model_table[k] != NULL; k++)
            if (s->models >> k & 1u) {
                strbuf_puts(out, first ? " " : ", ");
                strbuf_lua_quote(out, model_table[k]->name);
                first = 0;
            }
        strbuf_puts(out, " }");
        return 1;
    }
    if (is_levels(s)) {
        if (strcmp(name, "topology") == 0) {
            queue_levels_to_lua(s->queue->levels, out);
            return 1;
        }
        if (strcmp(name, "seed") == 0 && (s->seed != 0 || full)) {
            seed_to_lua(s->seed, out);
            return 1;
        }
        return 0;
    }
    if (s->pcie == NULL && s->net != NULL)
        return net_field(s, name, full, out);
    return pcie_field(s, name, full, out);
}

/* Is name in the NULL-terminated list (NULL: empty)? */
static int
listed(const char *const *list, const char *name)
{
    for (int i = 0; list != NULL && list[i] != NULL; i++)
        if (strcmp(list[i], name) == 0)
            return 1;
    return 0;
}

void
scenario_to_lua(const struct scenario *s, struct strbuf *out)
{
    scenario_to_lua_but(s, NULL, out);
}

/* The first place of needle (m > 0 bytes) in hay (n bytes), or NULL. */
static const char *
find_bytes(const char *hay, size_t n, const char *needle, size_t m)
{
    const char *p = hay, *end = hay + n;

    while (m <= (size_t)(end - p) &&
           (p = memchr(p, needle[0], (size_t)(end - p) - m + 1)) != NULL) {
        if (memcmp(p, needle, m) == 0)
            return p;
        p++;
    }
    return NULL;
}

void
scenario_lua_cut(const struct scenario *s, const char *text, size_t len,
                 const char *const *skip, struct strbuf *out)
{
    struct strbuf line;
    size_t at = 0;

    strbuf_init(&line);
    /* the fields come in scenario_lua_fields() order, each a line of its
       own ("  NAME = VALUE,\n"; a value's own lines are further in, and a
       string's newline is written \n): each skipped one is cut where it
       is, the text between copied */
    for (const char *const *f = scenario_lua_fields(s); *f != NULL; f++) {
        const char *p;
        if (!listed(skip, *f))
            continue;
        strbuf_reset(&line);
        strbuf_printf(&line, "\n  %s = ", *f);
        if (!scenario_field_to_lua(s, *f, 0, &line))
            continue;
        strbuf_puts(&line, ",\n");
        if ((p = find_bytes(text + at, len - at, strbuf_str(&line),
                            line.len)) == NULL)
            continue;
        strbuf_add(out, text + at, (size_t)(p - text) + 1 - at);
        at = (size_t)(p - text) + line.len;
    }
    strbuf_add(out, text + at, len - at);
    strbuf_fini(&line);
}

void
scenario_to_lua_but(const struct scenario *s, const char *const *skip,
                    struct strbuf *out)
{
    const char *const *f = scenario_lua_fields(s);
    struct strbuf v;

    strbuf_puts(out, "-- written by rho: the scenario as it was edited\n"
                     "return rho.scenario {\n");
    strbuf_init(&v);
    for (int i = 0; f[i] != NULL; i++) {
        strbuf_reset(&v);
        if (listed(skip, f[i]))
            continue;
        if (scenario_field_to_lua(s, f[i], 0, &v))
            strbuf_printf(out, "  %s = %s,\n", f[i], strbuf_str(&v));
    }
    strbuf_fini(&v);
    strbuf_puts(out, "}\n");
}
