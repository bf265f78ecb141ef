/*
 * net_scen: specs of a scenario's link part, and the makers that turn
 * them into nets, patterns and placements. See net_scen.h.
 *
 * Everything here is plain data and cheap: making a pattern only records
 * its parameters (patterns stream their messages), making a placement is
 * O(ranks), and a spec copy shares the large explicit lists.
 */
#include "core/net/net_scen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/net/net_design.h"
#include "core/net/net_model.h"
#include "core/base/rho_alloc.h"
#include "core/net/route.h"
#include "core/base/units.h"

/* ------------------------------------------------------------ network */

int
net_topo_preset(const char *name, struct net_topo_spec *spec,
                struct rho_err *err)
{
    struct net_spec ns;

    if (net_preset(name, &ns, err) != 0)
        return -1;
    memset(spec, 0, sizeof *spec);
    spec->kind = NET_TOPO_PRESET;
    snprintf(spec->preset, sizeof spec->preset, "%s", name);
    spec->net = ns;
    return 0;
}

int
net_topo_prototype(int family, long long nodes, int radix, int cores, double bw,
                   struct net_topo_spec *spec, struct rho_err *err)
{
    struct net_spec ns;

    if (net_prototype(family, nodes, &radix, cores, bw, &ns, err) != 0)
        return -1;
    memset(spec, 0, sizeof *spec);
    spec->kind = NET_TOPO_PROTO;
    spec->net = ns;
    spec->proto.family = family;
    spec->proto.nodes = nodes;
    spec->proto.radix = radix;
    spec->proto.cores = cores;
    spec->proto.bw = bw > 0 ? bw : 12.5e9;
    return 0;
}

static const char *
family_name(int f)
{
    static const char *const fam[] = {"torus", "dragonfly", "fattree", "tree",
                                      "graph"};

    return f >= 0 && f <= NET_GRAPH ? fam[f] : "?";
}

struct net *
net_topo_make(const struct net_topo_spec *spec, struct rho_err *err)
{
    if (spec->kind == NET_TOPO_TREE) {
        rho_err_set(err, RHO_EINPUT,
                    "a PCIe tree's network is made from its scenario");
        return NULL;
    }
    return net_new(&spec->net, err);
}

char *
net_topo_describe(const struct net_topo_spec *spec, char *buf, size_t n)
{
    const struct net_spec *ns = &spec->net;

    snprintf(buf, n, "network");
    if (spec->kind == NET_TOPO_TREE) {
        snprintf(buf, n, "PCIe tree as a network");
    } else if (spec->kind == NET_TOPO_PRESET) {
        for (int i = 0; i < net_preset_count(); i++)
            if (strcmp(net_preset_name(i), spec->preset) == 0)
                snprintf(buf, n, "%s: %s", spec->preset, net_preset_desc(i));
    } else if (spec->kind == NET_TOPO_PROTO) {
        struct net_topo_spec plain = *spec;
        char inner[200];
        plain.kind = NET_TOPO_PARAMS;
        snprintf(buf, n, "Jain Table 6.1 %s for %lld nodes, radix %d: %s",
                 family_name(spec->proto.family), spec->proto.nodes,
                 spec->proto.radix,
                 net_topo_describe(&plain, inner, sizeof inner));
    } else if (ns->family == NET_TORUS) {
        const struct net_torus_params *p = &ns->torus;
        char shape[96] = "";
        int mesh = 1, torus = 1;
        for (int k = 0; k < p->nd; k++) {
            size_t len = strlen(shape);
            snprintf(shape + len, sizeof shape - len, "%s%d", k ? "x" : "",
                     p->dim[k]);
            mesh &= !p->wrap[k];
            torus &= p->wrap[k] != 0;
        }
        snprintf(buf, n, "%s %s", shape,
                 torus  ? "torus"
                 : mesh ? "mesh"
                        : "torus (some dimensions without wrap)");
    } else if (ns->family == NET_DRAGONFLY) {
        const struct net_dragonfly_params *p = &ns->df;
        snprintf(buf, n,
                 "dragonfly, %d groups of %dx%d routers, %d node%s x %d "
                 "core%s",
                 p->groups, p->chassis, p->routers, p->nodes_per_router,
                 p->nodes_per_router == 1 ? "" : "s", p->cores,
                 p->cores == 1 ? "" : "s");
    } else if (ns->family == NET_FATTREE) {
        snprintf(buf, n, "fat-tree, radix %d, %d levels", ns->ft.k,
                 ns->ft.levels);
    } else if (ns->family == NET_GRAPH) {
        snprintf(buf, n, "PEACH2/TCA cluster, %d ring%s of %d nodes",
                 ns->tca.rings, ns->tca.rings > 1 ? "s" : "",
                 ns->tca.ring_nodes);
    }
    return buf;
}

/* ", key = <rate>": exact units; 0 as a plain number (a rate string must
   be > 0 in some fields, and 0 means "the default" in all of them). */
static void
put_rate(struct strbuf *out, const char *key, double v)
{
    char b[64];

    if (v == 0)
        strbuf_printf(out, ", %s = 0", key);
    else
        strbuf_printf(out, ", %s = \"%s\"", key,
                      units_fmt_rate_exact(b, sizeof b, v));
}

static void
put_ints(struct strbuf *out, const char *key, const int *v, int n)
{
    strbuf_printf(out, "%s = {", key);
    for (int k = 0; k < n; k++)
        strbuf_printf(out, "%s %d", k ? "," : "", v[k]);
    strbuf_puts(out, " }");
}

static void
torus_to_lua(const struct net_torus_params *p, struct strbuf *out)
{
    int mesh = 1, torus = 1, named = 0, letters = 1, dimbw = 0;

    for (int k = 0; k < p->nd; k++) {
        mesh &= !p->wrap[k];
        torus &= p->wrap[k] != 0;
        named |= p->name[k][0] != '\0';
        letters &= p->name[k][0] != '\0' && p->name[k][1] == '\0';
        dimbw |= p->dim_bw[k] != 0;
    }
    strbuf_puts(out, mesh ? "rho.mesh { " : "rho.torus { ");
    put_ints(out, "dims", p->dim, p->nd);
    if (!mesh && !torus) {
        strbuf_puts(out, ", wrap = {");
        for (int k = 0; k < p->nd; k++)
            strbuf_printf(out, "%s %s", k ? "," : "",
                          p->wrap[k] ? "true" : "false");
        strbuf_puts(out, " }");
    }
    if (named && letters) {
        char nm[NET_MAX_DIMS + 1];
        for (int k = 0; k < p->nd; k++)
            nm[k] = p->name[k][0];
        nm[p->nd] = '\0';
        strbuf_puts(out, ", names = ");
        strbuf_lua_quote(out, nm);
    } else if (named) {
        strbuf_puts(out, ", names = {");
        for (int k = 0; k < p->nd; k++) {
            char nm[8];
            snprintf(nm, sizeof nm, "%s", p->name[k]);
            strbuf_puts(out, k ? ", " : " ");
            strbuf_lua_quote(out, nm);
        }
        strbuf_puts(out, " }");
    }
    if (p->nodes_per_router != 1)
        strbuf_printf(out, ", nodes = %d", p->nodes_per_router);
    if (p->cores != 1)
        strbuf_printf(out, ", cores = %d", p->cores);
    put_rate(out, "bandwidth", p->bw);
    if (dimbw) {
        char b[64];
        strbuf_puts(out, ", dim_bandwidth = {");
        for (int k = 0; k < p->nd; k++) {
            if (p->dim_bw[k] == 0)
                strbuf_printf(out, "%s 0", k ? "," : "");
            else
                strbuf_printf(out, "%s \"%s\"", k ? "," : "",
                              units_fmt_rate_exact(b, sizeof b, p->dim_bw[k]));
        }
        strbuf_puts(out, " }");
    }
    if (p->inj_bw > 0)
        put_rate(out, "injection", p->inj_bw);
    strbuf_puts(out, " }");
}

void
net_topo_to_lua(const struct net_topo_spec *spec, struct strbuf *out)
{
    const struct net_spec *ns = &spec->net;

    if (spec->kind == NET_TOPO_TREE) {
        strbuf_puts(out, "nil");
    } else if (spec->kind == NET_TOPO_PRESET) {
        strbuf_puts(out, "rho.network ");
        strbuf_lua_quote(out, spec->preset);
    } else if (spec->kind == NET_TOPO_PROTO) {
        strbuf_printf(out,
                      "rho.prototype { family = \"%s\", nodes = %lld, radix "
                      "= %d",
                      family_name(spec->proto.family), spec->proto.nodes,
                      spec->proto.radix);
        if (spec->proto.cores != 1)
            strbuf_printf(out, ", cores = %d", spec->proto.cores);
        put_rate(out, "bandwidth", spec->proto.bw);
        strbuf_puts(out, " }");
    } else if (ns->family == NET_TORUS) {
        torus_to_lua(&ns->torus, out);
    } else if (ns->family == NET_DRAGONFLY) {
        const struct net_dragonfly_params *p = &ns->df;
        strbuf_printf(out, "rho.dragonfly { groups = %d", p->groups);
        if (p->chassis != 6)
            strbuf_printf(out, ", chassis = %d", p->chassis);
        if (p->routers != 16)
            strbuf_printf(out, ", routers = %d", p->routers);
        if (p->nodes_per_router != 4)
            strbuf_printf(out, ", nodes = %d", p->nodes_per_router);
        if (p->cores != 1)
            strbuf_printf(out, ", cores = %d", p->cores);
        if (p->global_per_pair != 1)
            strbuf_printf(out, ", global = %d", p->global_per_pair);
        if (p->bw_row == p->bw_col && p->bw_row == p->bw_global) {
            put_rate(out, "bandwidth", p->bw_row);
        } else {
            put_rate(out, "row_bandwidth", p->bw_row);
            put_rate(out, "column_bandwidth", p->bw_col);
            put_rate(out, "global_bandwidth", p->bw_global);
        }
        if (p->inj_bw > 0)
            put_rate(out, "injection", p->inj_bw);
        strbuf_puts(out, " }");
    } else if (ns->family == NET_FATTREE) {
        const struct net_fattree_params *p = &ns->ft;
        strbuf_printf(out, "rho.fattree { k = %d, levels = %d", p->k,
                      p->levels);
        if (p->cores != 1)
            strbuf_printf(out, ", cores = %d", p->cores);
        put_rate(out, "bandwidth", p->bw);
        if (p->inj_bw > 0)
            put_rate(out, "injection", p->inj_bw);
        strbuf_puts(out, " }");
    } else if (ns->family == NET_GRAPH) {
        const struct net_tca_params *p = &ns->tca;
        strbuf_printf(out, "rho.tca { rings = %d, nodes = %d", p->rings,
                      p->ring_nodes);
        put_rate(out, "port_bandwidth", p->port_bw);
        put_rate(out, "gpu_bandwidth", p->gpu_bw);
        if (p->gpu_read_bw > 0)
            put_rate(out, "gpu_read_bandwidth", p->gpu_read_bw);
        put_rate(out, "qpi_bandwidth", p->qpi_bw);
        strbuf_puts(out, " }");
    } else {
        strbuf_puts(out, "nil");
    }
}

/* ------------------------------------------------------------- flows */

struct net_flows *
net_flows_new(long long n, const int *src, const int *dst, const double *bytes,
              const int *step)
{
    struct net_flows *f = xcalloc(1, sizeof *f);
    size_t m = (size_t)(n > 0 ? n : 1);

    atomic_init(&f->refs, 1);
    f->n = n > 0 ? n : 0;
    f->src = xcalloc(m, sizeof *f->src);
    f->dst = xcalloc(m, sizeof *f->dst);
    f->bytes = xcalloc(m, sizeof *f->bytes);
    f->step = xcalloc(m, sizeof *f->step);
    if (f->n > 0 && src != NULL)
        memcpy(f->src, src, (size_t)f->n * sizeof *f->src);
    if (f->n > 0 && dst != NULL)
        memcpy(f->dst, dst, (size_t)f->n * sizeof *f->dst);
    if (f->n > 0 && bytes != NULL)
        memcpy(f->bytes, bytes, (size_t)f->n * sizeof *f->bytes);
    if (f->n > 0 && step != NULL)
        memcpy(f->step, step, (size_t)f->n * sizeof *f->step);
    return f;
}

struct net_flows *
net_flows_ref(struct net_flows *f)
{
    atomic_fetch_add(&f->refs, 1);
    return f;
}

void
net_flows_free(struct net_flows *f)
{
    if (f == NULL || atomic_fetch_sub(&f->refs, 1) > 1)
        return;
    free(f->src);
    free(f->dst);
    free(f->bytes);
    free(f->step);
    free(f);
}

static int
flows_equal(const struct net_flows *a, const struct net_flows *b)
{
    if (a == b)
        return 1;
    if (a == NULL || b == NULL || a->n != b->n)
        return 0;
    for (long long i = 0; i < a->n; i++)
        if (a->src[i] != b->src[i] || a->dst[i] != b->dst[i] ||
            a->bytes[i] != b->bytes[i] || a->step[i] != b->step[i])
            return 0;
    return 1;
}

/* ----------------------------------------------------------- patterns */

static const char *const kind_names[NET_PAT_COUNT] = {
    "umesh",       "near",       "spread", "stencil", "alltoall", "suba2a",
    "permutation", "collective", "thesis", "flows",   "phases",
};

static const char *const perm_names[] = {"reverse", "shift", "transpose",
                                         "random"};

const char *
net_pattern_kind_name(int kind)
{
    return kind >= 0 && kind < NET_PAT_COUNT ? kind_names[kind] : "?";
}

int
net_pattern_kind_parse(const char *name)
{
    if (name == NULL)
        return -1;
    if (strcmp(name, "halo") == 0)
        return NET_PAT_STENCIL;
    for (int k = 0; k < NET_PAT_COUNT; k++)
        if (strcmp(name, kind_names[k]) == 0)
            return k;
    return -1;
}

void
net_pattern_spec_init(struct net_pattern_spec *p, int kind)
{
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->size = -1;
    p->min = 6;
    p->max = 20;
    p->window = 30;
    p->nd = 2;
    p->periodic = 1;
    p->how = PERM_REVERSE;
    p->rows = 1;
}

void
net_pattern_spec_fini(struct net_pattern_spec *p)
{
    free(p->name);
    net_flows_free(p->flows);
    for (int k = 0; k < p->nphases; k++)
        net_pattern_spec_fini(&p->phase[k]);
    free(p->phase);
    memset(p, 0, sizeof *p);
}

void
net_pattern_spec_copy(struct net_pattern_spec *dst,
                      const struct net_pattern_spec *src)
{
    *dst = *src;
    dst->name = src->name ? xstrdup(src->name) : NULL;
    dst->flows = src->flows ? net_flows_ref(src->flows) : NULL;
    dst->phase = NULL;
    if (src->nphases > 0) {
        dst->phase = xcalloc((size_t)src->nphases, sizeof *dst->phase);
        for (int k = 0; k < src->nphases; k++)
            net_pattern_spec_copy(&dst->phase[k], &src->phase[k]);
    }
}

void
net_pattern_spec_phases(struct net_pattern_spec *p,
                        struct net_pattern_spec *phases, int n)
{
    net_pattern_spec_init(p, NET_PAT_PHASES);
    p->nphases = n;
    p->phase = xcalloc((size_t)(n > 0 ? n : 1), sizeof *p->phase);
    for (int k = 0; k < n; k++) {
        p->phase[k] = phases[k];
        memset(&phases[k], 0, sizeof phases[k]);
    }
}

int
net_pattern_spec_equal(const struct net_pattern_spec *a,
                       const struct net_pattern_spec *b)
{
    if (a->kind != b->kind || a->size != b->size || a->min != b->min ||
        a->max != b->max || a->window != b->window ||
        a->symmetric != b->symmetric || a->ndims != b->ndims ||
        a->nd != b->nd || a->periodic != b->periodic ||
        a->corners != b->corners || a->nalong != b->nalong ||
        a->how != b->how || a->rows != b->rows ||
        a->algorithm != b->algorithm || a->aggregate != b->aggregate ||
        a->tt.sn != b->tt.sn || a->tt.nps != b->tt.nps ||
        a->tt.cpn != b->tt.cpn || a->has_seed != b->has_seed ||
        (a->has_seed && a->seed != b->seed))
        return 0;
    for (int k = 0; k < a->ndims; k++)
        if (a->dims[k] != b->dims[k])
            return 0;
    for (int k = 0; k < a->nalong; k++)
        if (a->along[k] != b->along[k])
            return 0;
    if ((a->name == NULL) != (b->name == NULL) ||
        (a->name && strcmp(a->name, b->name) != 0))
        return 0;
    if (a->nphases != b->nphases)
        return 0;
    for (int k = 0; k < a->nphases; k++)
        if (!net_pattern_spec_equal(&a->phase[k], &b->phase[k]))
            return 0;
    return flows_equal(a->flows, b->flows);
}

/* The grid of a stencil or sub-communicator pattern over n ranks. */
static int
pattern_grid(const struct net_pattern_spec *p, int n, int *dims)
{
    int nd;

    if (p->ndims > 0) {
        memcpy(dims, p->dims, (size_t)p->ndims * sizeof *dims);
        return p->ndims;
    }
    nd = p->kind == NET_PAT_ALLTOALL ? 1 : p->nd;
    if (nd < 1 || nd > NET_MAX_DIMS)
        nd = 1;
    pattern_factor(n, nd, dims);
    return nd;
}

int
net_twotier_geometry(const struct net *net, struct pattern_twotier *tt,
                     struct rho_err *err)
{
    const struct net_dragonfly_params *df = net ? net_dragonfly(net) : NULL;
    char missing[64] = "";

    if (tt->sn > 0 && tt->nps > 0 && tt->cpn > 0)
        return 0;
    if (df != NULL && df->global_per_pair == 1) {
        if (tt->sn <= 0)
            tt->sn = df->groups;
        if (tt->nps <= 0)
            tt->nps = df->chassis * df->routers;
        if (tt->cpn <= 0)
            tt->cpn = df->nodes_per_router * df->cores;
        return 0;
    }
    {
        const char *name[3];
        int k = 0;
        if (tt->sn <= 0)
            name[k++] = "supernodes";
        if (tt->nps <= 0)
            name[k++] = "nodes";
        if (tt->cpn <= 0)
            name[k++] = "cores";
        for (int i = 0; i < k; i++) {
            size_t len = strlen(missing);
            snprintf(missing + len, sizeof missing - len, "%s%s =",
                     i == 0       ? ""
                     : i == k - 1 ? " and "
                                  : ", ",
                     name[i]);
        }
    }
    return rho_err_set(err, RHO_EINPUT, "give %s (%s)", missing,
                       df != NULL ? "the dragonfly has more than one L2 link "
                                    "per group pair"
                                  : "only a dragonfly gives them");
}

struct pattern *
net_pattern_make(const struct net_pattern_spec *p, const struct net *net, int n,
                 uint64_t seed, struct rho_err *err)
{
    struct pattern *pat = NULL;
    int dims[NET_MAX_DIMS], nd;
    unsigned mask = 0;

    if (p->kind == NET_PAT_PHASES) {
        struct pattern *ph[PATTERN_MAX_PHASES];
        int k;
        if (p->nphases < 1 || p->nphases > PATTERN_MAX_PHASES) {
            rho_err_set(err, RHO_EINPUT, "traffic: %d phases (1 to %d)",
                        p->nphases, PATTERN_MAX_PHASES);
            return NULL;
        }
        for (k = 0; k < p->nphases; k++)
            if ((ph[k] = net_pattern_make(&p->phase[k], net, n,
                                          seed + (uint64_t)k, err)) == NULL)
                break;
        if (k == p->nphases)
            pat = pattern_phases(p->nphases, ph, err);
        else
            rho_err_prefix(err, "phase %d", k + 1);
        while (k-- > 0)
            pattern_free(ph[k]);
        return pat;
    }
    seed = p->has_seed ? p->seed : (seed & 0x7fffffff);
    switch (p->kind) {
    case NET_PAT_THESIS:
        pat = pattern_thesis(p->name ? p->name : "?", n,
                             p->size > 0 ? p->size : 0, seed, err);
        break;
    case NET_PAT_UMESH:
    case NET_PAT_NEAR:
        pat = pattern_near(n, p->size, p->min, p->max, p->window, p->symmetric,
                           seed, err);
        break;
    case NET_PAT_SPREAD:
        pat = pattern_spread(n, p->size, p->min, p->max, seed, err);
        break;
    case NET_PAT_STENCIL:
        nd = pattern_grid(p, n, dims);
        for (int k = 0; k < p->nalong; k++)
            if (p->along[k] >= 1 && p->along[k] <= nd)
                mask |= 1u << (p->along[k] - 1);
        if (p->nalong == 0)
            mask = (1u << nd) - 1;
        pat = pattern_stencil_along(nd, dims, mask, p->periodic, p->corners,
                                    p->size, err);
        break;
    case NET_PAT_ALLTOALL:
    case NET_PAT_SUBA2A:
        nd = pattern_grid(p, n, dims);
        for (int k = 0; k < p->nalong; k++)
            if (p->along[k] >= 1 && p->along[k] <= nd)
                mask |= 1u << (p->along[k] - 1);
        if (p->nalong == 0)
            mask = (1u << nd) - 1;
        pat = pattern_subcomm_a2a(nd, dims, mask, p->size, err);
        break;
    case NET_PAT_PERMUTATION:
        pat = pattern_perm(n, p->how, p->rows, p->size, seed, err);
        break;
    case NET_PAT_COLLECTIVE: {
        struct pattern_twotier tt = p->tt;
        int tier = strstr(pattern_coll_name(p->algorithm), "twotier") != NULL;
        if (tier && net_twotier_geometry(net, &tt, err) != 0) {
            rho_err_prefix(err,
                           "rho.pattern.collective: %s needs the "
                           "supernode geometry",
                           pattern_coll_name(p->algorithm));
            return NULL;
        }
        pat = pattern_collective(p->algorithm, n, p->size, p->aggregate, &tt,
                                 err);
        break;
    }
    case NET_PAT_FLOWS:
        if (p->flows == NULL) {
            rho_err_set(err, RHO_EINPUT, "flows: no list");
            return NULL;
        }
        pat = pattern_list(n, p->flows->n, p->flows->src, p->flows->dst,
                           p->flows->bytes, p->flows->step, err);
        if (pat == NULL)
            rho_err_prefix(err, "flows");
        return pat;
    default:
        rho_err_set(err, RHO_EINPUT, "traffic: unknown pattern kind %d",
                    p->kind);
        return NULL;
    }
    if (pat == NULL)
        rho_err_prefix(err, "rho.pattern.%s", net_pattern_kind_name(p->kind));
    return pat;
}

static void
flows_to_lua(const struct net_flows *f, struct strbuf *out)
{
    char b[64];

    strbuf_puts(out, "{\n");
    for (long long i = 0; f != NULL && i < f->n; i++) {
        strbuf_printf(out, "    { %d, %d, size = \"%s\"", f->src[i], f->dst[i],
                      units_fmt_size_exact(b, sizeof b, f->bytes[i]));
        if (f->step[i] != 0)
            strbuf_printf(out, ", step = %d", f->step[i]);
        strbuf_puts(out, " },\n");
    }
    strbuf_puts(out, "  }");
}

void
net_pattern_to_lua(const struct net_pattern_spec *p, struct strbuf *out)
{
    char b[64];
    int k = p->kind;

    if (k == NET_PAT_FLOWS) {
        flows_to_lua(p->flows, out);
        return;
    }
    if (k == NET_PAT_PHASES) {
        strbuf_puts(out, "{");
        for (int i = 0; i < p->nphases; i++) {
            strbuf_puts(out, i ? ", " : " ");
            net_pattern_to_lua(&p->phase[i], out);
        }
        strbuf_puts(out, " }");
        return;
    }
    if (k == NET_PAT_THESIS) {
        strbuf_puts(out, "rho.pattern.thesis(");
        strbuf_lua_quote(out, p->name ? p->name : "?");
        if (p->size > 0 || p->has_seed) {
            strbuf_puts(out, ", {");
            if (p->size > 0)
                strbuf_printf(out, " size = \"%s\"%s",
                              units_fmt_size_exact(b, sizeof b, p->size),
                              p->has_seed ? "," : "");
            if (p->has_seed)
                strbuf_printf(out, " seed = %llu", (unsigned long long)p->seed);
            strbuf_puts(out, " }");
        }
        strbuf_puts(out, ")");
        return;
    }
    strbuf_printf(out, "rho.pattern.%s { ", net_pattern_kind_name(k));
    if (k == NET_PAT_COLLECTIVE)
        strbuf_printf(out, "algorithm = \"%s\", ",
                      pattern_coll_name(p->algorithm));
    strbuf_printf(out, "size = \"%s\"",
                  units_fmt_size_exact(b, sizeof b, p->size));
    switch (k) {
    case NET_PAT_UMESH:
    case NET_PAT_NEAR:
    case NET_PAT_SPREAD:
        if (p->min != 6)
            strbuf_printf(out, ", min = %d", p->min);
        if (p->max != 20)
            strbuf_printf(out, ", max = %d", p->max);
        if (k != NET_PAT_SPREAD && p->window != 30)
            strbuf_printf(out, ", window = %d", p->window);
        if (k != NET_PAT_SPREAD && p->symmetric)
            strbuf_puts(out, ", symmetric = true");
        break;
    case NET_PAT_STENCIL:
    case NET_PAT_SUBA2A:
        if (p->ndims > 0) {
            strbuf_puts(out, ", ");
            put_ints(out, "dims", p->dims, p->ndims);
        } else if (p->nd != 2) {
            strbuf_printf(out, ", nd = %d", p->nd);
        }
        if (k == NET_PAT_STENCIL && !p->periodic)
            strbuf_puts(out, ", periodic = false");
        if (k == NET_PAT_STENCIL && p->corners)
            strbuf_puts(out, ", corners = true");
        if (p->nalong > 0) {
            strbuf_puts(out, ", ");
            put_ints(out, "along", p->along, p->nalong);
        }
        break;
    case NET_PAT_PERMUTATION:
        if (p->how != PERM_REVERSE && p->how >= 0 && p->how <= PERM_RANDOM)
            strbuf_printf(out, ", how = \"%s\"", perm_names[p->how]);
        if (p->rows != 1)
            strbuf_printf(out, ", rows = %d", p->rows);
        break;
    case NET_PAT_COLLECTIVE:
        if (p->aggregate)
            strbuf_puts(out, ", aggregate = true");
        if (p->tt.sn != 0)
            strbuf_printf(out, ", supernodes = %d", p->tt.sn);
        if (p->tt.nps != 0)
            strbuf_printf(out, ", nodes = %d", p->tt.nps);
        if (p->tt.cpn != 0)
            strbuf_printf(out, ", cores = %d", p->tt.cpn);
        break;
    default:
        break;
    }
    if (p->has_seed)
        strbuf_printf(out, ", seed = %llu", (unsigned long long)p->seed);
    strbuf_puts(out, " }");
}

/* ---------------------------------------------------------- placement */

void
net_place_spec_init(struct net_place_spec *p)
{
    memset(p, 0, sizeof *p);
    p->kind = NET_PLACE_SCHEME;
    p->scheme = PLACE_LINEAR;
}

void
net_place_spec_fini(struct net_place_spec *p)
{
    free(p->order);
    placement_free(p->list);
    memset(p, 0, sizeof *p);
}

void
net_place_spec_copy(struct net_place_spec *dst,
                    const struct net_place_spec *src)
{
    *dst = *src;
    dst->order = src->order ? xstrdup(src->order) : NULL;
    dst->list = src->list ? placement_ref(src->list) : NULL;
}

int
net_place_spec_equal(const struct net_place_spec *a,
                     const struct net_place_spec *b)
{
    if (a->kind != b->kind)
        return 0;
    switch (a->kind) {
    case NET_PLACE_SCHEME:
        return a->scheme == b->scheme;
    case NET_PLACE_ORDER:
        return a->order && b->order && strcmp(a->order, b->order) == 0;
    case NET_PLACE_BLOCKED:
    case NET_PLACE_RUBIK:
        if (a->nd != b->nd)
            return 0;
        for (int k = 0; k < a->nd; k++)
            if (a->dims[k] != b->dims[k] || a->tile[k] != b->tile[k])
                return 0;
        for (int k = 0; a->kind == NET_PLACE_RUBIK && k <= NET_MAX_DIMS; k++)
            if (a->net_tile[k] != b->net_tile[k])
                return 0;
        return 1;
    case NET_PLACE_LIST:
        if (a->list == NULL || b->list == NULL ||
            placement_ranks(a->list) != placement_ranks(b->list))
            return 0;
        return memcmp(placement_map(a->list), placement_map(b->list),
                      (size_t)placement_ranks(a->list) * sizeof(int)) == 0;
    default:
        return 0;
    }
}

int
net_place_parse(const char *text, const struct net *net,
                struct net_place_spec *out, struct rho_err *err)
{
    int scheme = placement_scheme_parse(text);

    memset(out, 0, sizeof *out);
    if (scheme >= 0) {
        out->kind = NET_PLACE_SCHEME;
        out->scheme = scheme;
        return 0;
    }
    if (text != NULL && net_torus(net) != NULL && strchr(text, 'T') != NULL) {
        out->kind = NET_PLACE_ORDER;
        out->order = xstrdup(text);
        return 0;
    }
    return rho_err_set(err, RHO_EINPUT,
                       "placement '%s': expected linear, random, RDN, RDR, "
                       "RDC, RDG, RRN, RRR, a torus order such as "
                       "\"ABCDET\", rho.place.blocked{}, "
                       "rho.place.rubik{} or a list of node numbers",
                       text ? text : "");
}

static struct placement *place_make(const struct net_place_spec *p,
                                     const struct net *net, int nranks,
                                     uint64_t seed, const atomic_int *stop,
                                     struct rho_err *err);

struct placement *
net_place_make(const struct net_place_spec *p, const struct net *net,
               int nranks, uint64_t seed, struct rho_err *err)
{
    return place_make(p, net, nranks, seed, NULL, err);
}

/* net_place_make(), a scheme stopped when stop rises. */
static struct placement *
place_make(const struct net_place_spec *p, const struct net *net, int nranks,
           uint64_t seed, const atomic_int *stop, struct rho_err *err)
{
    const struct net_torus_params *tp;
    struct placement *pl = NULL;
    const char *kind = p->kind == NET_PLACE_BLOCKED ? "blocked" : "rubik";

    switch (p->kind) {
    case NET_PLACE_SCHEME:
        return placement_scheme_new_stop(net, p->scheme, nranks, seed, stop,
                                         err);
    case NET_PLACE_ORDER:
        return placement_torus_order(net, p->order, nranks, err);
    case NET_PLACE_BLOCKED:
        pl = placement_blocked(net, p->nd, p->dims, p->tile, err);
        break;
    case NET_PLACE_RUBIK:
        if ((tp = net_torus(net)) == NULL) {
            rho_err_set(err, RHO_EINPUT, "rho.place.rubik needs a torus");
            return NULL;
        }
        pl = placement_rubik(net, p->nd, p->dims, p->tile, p->net_tile, err);
        break;
    case NET_PLACE_LIST:
        if (p->list == NULL || placement_ranks(p->list) < nranks) {
            rho_err_set(err, RHO_EINPUT,
                        "placement: a list of %d nodes, the traffic needs %d "
                        "ranks",
                        p->list ? placement_ranks(p->list) : 0, nranks);
            return NULL;
        }
        return placement_ref(p->list);
    default:
        rho_err_set(err, RHO_EINPUT, "placement: unknown kind %d", p->kind);
        return NULL;
    }
    if (pl != NULL && placement_ranks(pl) < nranks) {
        rho_err_set(err, RHO_EINPUT,
                    "rho.place.%s places %d ranks, the traffic needs %d", kind,
                    placement_ranks(pl), nranks);
        placement_free(pl);
        return NULL;
    }
    return pl;
}

char *
net_place_describe(const struct net_place_spec *p, char *buf, size_t n)
{
    switch (p->kind) {
    case NET_PLACE_SCHEME:
        snprintf(buf, n, "%s", placement_scheme_name(p->scheme));
        break;
    case NET_PLACE_ORDER:
        snprintf(buf, n, "%s", p->order ? p->order : "?");
        break;
    case NET_PLACE_BLOCKED:
        snprintf(buf, n, "blocked");
        break;
    case NET_PLACE_RUBIK:
        snprintf(buf, n, "rubik");
        break;
    default:
        snprintf(buf, n, "explicit");
        break;
    }
    return buf;
}

void
net_place_to_lua(const struct net_place_spec *p, struct strbuf *out)
{
    switch (p->kind) {
    case NET_PLACE_SCHEME:
        strbuf_lua_quote(out, placement_scheme_name(p->scheme));
        break;
    case NET_PLACE_ORDER:
        strbuf_lua_quote(out, p->order ? p->order : "");
        break;
    case NET_PLACE_BLOCKED:
    case NET_PLACE_RUBIK:
        strbuf_printf(out, "rho.place.%s { ",
                      p->kind == NET_PLACE_BLOCKED ? "blocked" : "rubik");
        put_ints(out, "dims", p->dims, p->nd);
        strbuf_puts(out, ", ");
        put_ints(out, p->kind == NET_PLACE_BLOCKED ? "block" : "tile", p->tile,
                 p->nd);
        if (p->kind == NET_PLACE_RUBIK) {
            int nt = NET_MAX_DIMS + 1;
            while (nt > 1 && p->net_tile[nt - 1] == 0)
                nt--;
            strbuf_puts(out, ", ");
            put_ints(out, "net_tile", p->net_tile, nt);
        }
        strbuf_puts(out, " }");
        break;
    default: {
        /* (by hand, not a printf a rank: the session writes the scenario
           at every edit, and milc-bgq places 65,536 ranks -- 25 ms) */
        int n = p->list ? placement_ranks(p->list) : 0;
        char buf[32];
        strbuf_puts(out, "{");
        for (int r = 0; r < n; r++) {
            char *q = buf + sizeof buf;
            long v = placement_endpoint(p->list, r);
            unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
            do
                *--q = (char)('0' + u % 10);
            while ((u /= 10) != 0);
            if (v < 0)
                *--q = '-';
            if (r > 0)
                strbuf_puts(out, r % 16 == 0 ? ",\n   " : ", ");
            else
                strbuf_puts(out, " ");
            strbuf_add(out, q, (size_t)(buf + sizeof buf - q));
        }
        strbuf_puts(out, " }");
        break;
    }
    }
}

/* ----------------------------------------------------- the link part */

struct net_scen *
net_scen_new(struct net *net, const struct net_topo_spec *spec)
{
    struct net_scen *l = xcalloc(1, sizeof *l);
    char desc[256];

    l->net = net_ref(net);
    l->routing = NET_SD;
    l->minimal = ROUTE_MIN;
    if (spec != NULL)
        l->net_spec = *spec;
    else
        l->net_spec.kind = NET_TOPO_TREE;
    l->net_desc = xstrdup(net_topo_describe(&l->net_spec, desc, sizeof desc));
    net_place_spec_init(&l->place);
    return l;
}

void
net_scen_free(struct net_scen *l)
{
    if (l == NULL)
        return;
    for (int j = 0; j < l->njobs; j++) {
        free(l->job[j].name);
        pattern_free(l->job[j].pattern);
        net_pattern_spec_fini(&l->job[j].spec);
    }
    free(l->job);
    free(l->place_desc);
    free(l->net_desc);
    net_place_spec_fini(&l->place);
    placement_free(l->placement);
    net_free(l->net);
    free(l);
}

struct net_scen *
net_scen_clone(const struct net_scen *l)
{
    struct net_scen *c = xcalloc(1, sizeof *c);

    *c = *l;
    c->net = net_ref(l->net);
    c->placement = l->placement ? placement_ref(l->placement) : NULL;
    c->place_desc = l->place_desc ? xstrdup(l->place_desc) : NULL;
    c->net_desc = l->net_desc ? xstrdup(l->net_desc) : NULL;
    net_place_spec_copy(&c->place, &l->place);
    c->job = xcalloc((size_t)(l->njobs ? l->njobs : 1), sizeof *c->job);
    for (int j = 0; j < l->njobs; j++) {
        c->job[j] = l->job[j];
        c->job[j].name = xstrdup(l->job[j].name);
        c->job[j].pattern = pattern_ref(l->job[j].pattern);
        net_pattern_spec_copy(&c->job[j].spec, &l->job[j].spec);
    }
    return c;
}

/* place_desc from the spec ("node ids" on a PCIe tree). */
static void
set_place_desc(struct net_scen *l)
{
    char b[128];

    free(l->place_desc);
    l->place_desc = xstrdup(l->net_spec.kind == NET_TOPO_TREE
                                ? "node ids"
                                : net_place_describe(&l->place, b, sizeof b));
}

void
net_scen_set_placement(struct net_scen *l, struct placement *pl,
                       const struct net_place_spec *spec, int nranks)
{
    struct net_place_spec copy;

    net_place_spec_copy(&copy, spec); /* spec may be l's own */
    net_place_spec_fini(&l->place);
    l->place = copy;
    placement_free(l->placement);
    l->placement = pl;
    l->nranks = nranks;
    set_place_desc(l);
}

int
net_scen_add_job(struct net_scen *l, const char *name,
                 const struct net_pattern_spec *spec, struct pattern *pattern,
                 int ranks, int offset, int routing, int line, int rest)
{
    struct net_scen_job *j;

    l->job = xreallocarray(l->job, (size_t)l->njobs + 1, sizeof *l->job);
    j = &l->job[l->njobs];
    memset(j, 0, sizeof *j);
    j->name = xstrdup(name);
    j->pattern = pattern;
    j->offset = offset;
    j->routing = routing;
    j->line = line;
    j->ranks = ranks;
    j->rest = rest;
    net_pattern_spec_copy(&j->spec, spec);
    return l->njobs++;
}

/* net_scen_rebuild(), stopped when stop (may be NULL) rises. */
static int
rebuild(struct net_scen *l, const struct net_place_spec *spec, uint64_t seed,
        const atomic_int *stop, struct rho_err *err)
{
    struct placement *pl;
    struct pattern **pat;
    int j;

    pl = place_make(spec, l->net, l->nranks, seed, stop, err);
    if (pl == NULL)
        return -1;
    pat = xcalloc((size_t)(l->njobs ? l->njobs : 1), sizeof *pat);
    for (j = 0; j < l->njobs; j++) {
        const struct net_scen_job *jb = &l->job[j];
        int n =
            jb->spec.kind == NET_PAT_FLOWS ? placement_ranks(pl) : jb->ranks;
        if (stop != NULL && atomic_load(stop)) {
            rho_err_set(err, RHO_ECANCEL, "placement: stopped");
            break;
        }
        pat[j] =
            net_pattern_make(&jb->spec, l->net, n, seed + (uint64_t)j, err);
        if (pat[j] == NULL)
            break;
    }
    if (j < l->njobs) {
        if (err == NULL || err->code != RHO_ECANCEL)
            rho_err_prefix(err, "%s", l->job[j].name);
        while (j-- > 0)
            pattern_free(pat[j]);
        free(pat);
        placement_free(pl);
        return -1;
    }
    for (j = 0; j < l->njobs; j++) {
        pattern_free(l->job[j].pattern);
        l->job[j].pattern = pat[j];
        if (l->job[j].spec.kind == NET_PAT_FLOWS)
            l->job[j].ranks = placement_ranks(pl);
    }
    free(pat);
    net_scen_set_placement(l, pl, spec, l->nranks);
    return 0;
}

int
net_scen_rebuild(struct net_scen *l, const struct net_place_spec *spec,
                 uint64_t seed, struct rho_err *err)
{
    return rebuild(l, spec, seed, NULL, err);
}

int
net_scen_defer(struct net_scen *l, const struct net_place_spec *spec,
               uint64_t seed, struct rho_err *err)
{
    struct net_place_spec check;
    struct placement *pl;
    int n = l->nranks;

    if (spec->kind == NET_PLACE_BLOCKED || spec->kind == NET_PLACE_RUBIK)
        return net_scen_rebuild(l, spec, seed, err);
    /* the checks net_place_make() makes, on one rank (a list: all of
       them, O(1)); random places by slots, not endpoints: checked as
       linear, which has no other condition */
    net_place_spec_copy(&check, spec);
    if (check.kind == NET_PLACE_SCHEME && check.scheme == PLACE_RANDOM)
        check.scheme = PLACE_LINEAR;
    pl = net_place_make(&check, l->net, check.kind == NET_PLACE_LIST ? n : 1,
                        seed, err);
    net_place_spec_fini(&check);
    if (pl == NULL)
        return -1;
    placement_free(pl);
    if (n > net_slots(l->net))
        return rho_err_set(err, RHO_EINPUT,
                           "placement: %d ranks but the network has %lld "
                           "cores",
                           n, net_slots(l->net));
    /* the spec, as net_scen_set_placement() takes it; the old placement
       stays until net_scen_ready() */
    net_place_spec_copy(&check, spec); /* spec may be l's own */
    net_place_spec_fini(&l->place);
    l->place = check;
    set_place_desc(l);
    l->pending = 1;
    l->pending_seed = seed;
    return 0;
}

int
net_scen_ready(struct net_scen *l, const atomic_int *stop,
               struct rho_err *err)
{
    if (l == NULL || !l->pending)
        return 0;
    if (rebuild(l, &l->place, l->pending_seed, stop, err) != 0)
        return -1;
    l->pending = 0;
    return 0;
}
