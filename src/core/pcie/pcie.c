/*
 * pcie: PCIe trees and their channels. See pcie.h.
 *
 * Names are found through a small open-addressing hash table so that
 * building a tree of n nodes costs O(n).
 */
#include "core/pcie/pcie.h"

#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"

struct pcie {
    atomic_int refs; /* trees are shared between threads (search, sweep) */
    int finished;
    int n, cap;
    struct pcie_node *node;
    int *hash; /* node id + 1, 0 = empty; size hcap (power of two) */
    int hcap;
    int nend;
    int *ends;
    int max_depth;
    int *rank; /* nchan */
    int ndirect;
    struct pcie_direct *direct;
    int nxsw, nport; /* fabrics, and their ports in all */
    struct pcie_xswitch *xsw;
    int *port_sw; /* per port (after finish): its fabric */
};

struct pcie *
pcie_new(void)
{
    struct pcie *p = xcalloc(1, sizeof *p);

    atomic_init(&p->refs, 1);
    return p;
}

struct pcie *
pcie_ref(struct pcie *p)
{
    atomic_fetch_add(&p->refs, 1);
    return p;
}

void
pcie_unref(struct pcie *p)
{
    if (p == NULL || atomic_fetch_sub(&p->refs, 1) > 1)
        return;
    for (int i = 0; i < p->n; i++) {
        free(p->node[i].name);
        free(p->node[i].type);
        free(p->node[i].child);
        free(p->node[i].link);
        free(p->node[i].bus);
    }
    for (int k = 0; k < p->ndirect; k++)
        free(p->direct[k].kind);
    free(p->direct);
    for (int k = 0; k < p->nxsw; k++) {
        free(p->xsw[k].name);
        free(p->xsw[k].kind);
        free(p->xsw[k].dev);
    }
    free(p->xsw);
    free(p->port_sw);
    free(p->node);
    free(p->hash);
    free(p->ends);
    free(p->rank);
    free(p);
}

static uint32_t
hash_str(const char *s)
{
    uint32_t h = 2166136261u;

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static void
hash_insert(struct pcie *p, int id)
{
    uint32_t i = hash_str(p->node[id].name) & (uint32_t)(p->hcap - 1);

    while (p->hash[i] != 0)
        i = (i + 1) & (uint32_t)(p->hcap - 1);
    p->hash[i] = id + 1;
}

int
pcie_find(const struct pcie *p, const char *name)
{
    uint32_t i;

    if (p->hcap == 0)
        return -1;
    i = hash_str(name) & (uint32_t)(p->hcap - 1);
    while (p->hash[i] != 0) {
        if (strcmp(p->node[p->hash[i] - 1].name, name) == 0)
            return p->hash[i] - 1;
        i = (i + 1) & (uint32_t)(p->hcap - 1);
    }
    return -1;
}

static void
hash_grow(struct pcie *p)
{
    if (p->n * 2 < p->hcap)
        return;
    free(p->hash);
    p->hcap = p->hcap ? p->hcap * 2 : 64;
    p->hash = xcalloc((size_t)p->hcap, sizeof *p->hash);
    for (int i = 0; i < p->n; i++)
        hash_insert(p, i);
}

static const char *
kind_name(int kind)
{
    return kind == PCIE_RC       ? "root complex"
           : kind == PCIE_SWITCH ? "switch"
           : kind == PCIE_SYSTEM ? "machine"
                                 : "device";
}

int
pcie_add_node(struct pcie *p, int parent, int kind, const char *name,
              const char *type, int line, struct rho_err *err)
{
    struct pcie_node *x;
    int id;

    if (p->finished)
        return rho_err_set(err, RHO_EINPUT, "tree is already finished");
    if (name == NULL || name[0] == '\0')
        return rho_err_set(err, RHO_EINPUT, "%s without a name",
                           kind_name(kind));
    if (kind != PCIE_RC && kind != PCIE_SWITCH && kind != PCIE_ENDPOINT &&
        kind != PCIE_SYSTEM)
        return rho_err_set(err, RHO_EINPUT, "node '%s': unknown kind %d", name,
                           kind);
    if ((id = pcie_find(p, name)) >= 0) {
        if (p->node[id].line > 0)
            return rho_err_set(err, RHO_EINPUT,
                               "duplicate name '%s' (first declared at line "
                               "%d)",
                               name, p->node[id].line);
        return rho_err_set(err, RHO_EINPUT, "duplicate name '%s'", name);
    }
    if (parent < 0) {
        if (p->n > 0)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': a tree has one root, and it is '%s'",
                               name, p->node[0].name);
        if (kind != PCIE_RC && kind != PCIE_SYSTEM)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': the root must be a root complex, not a "
                               "%s",
                               name, kind_name(kind));
    } else {
        if (parent >= p->n)
            return rho_err_set(err, RHO_EINPUT, "'%s': unknown parent %d", name,
                               parent);
        if (p->node[parent].kind == PCIE_ENDPOINT)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': device '%s' cannot have children", name,
                               p->node[parent].name);
        if (kind == PCIE_SYSTEM)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': a machine must be the root of the tree",
                               name);
        if (kind == PCIE_RC && p->node[parent].kind != PCIE_SYSTEM)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': a root complex must be the root of the "
                               "tree, or a socket of a machine",
                               name);
        if (kind != PCIE_RC && p->node[parent].kind == PCIE_SYSTEM)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': a machine holds root complexes (one per "
                               "socket), not a %s",
                               name, kind_name(kind));
        if (kind == PCIE_ENDPOINT && type != NULL &&
            strcmp(type, PCIE_HOST_TYPE) == 0 &&
            p->node[parent].kind != PCIE_RC)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': host memory belongs to a root complex, "
                               "not to %s '%s'",
                               name, kind_name(p->node[parent].kind),
                               p->node[parent].name);
    }
    if (pcie_find_xswitch(p, name) >= 0)
        return rho_err_set(err, RHO_EINPUT,
                           "duplicate name '%s' (a switch fabric)", name);

    if (p->n == p->cap) {
        p->cap = (int)rho_grow_cap((size_t)p->cap, (size_t)p->n + 1);
        p->node = xreallocarray(p->node, (size_t)p->cap, sizeof *p->node);
    }
    id = p->n++;
    x = &p->node[id];
    memset(x, 0, sizeof *x);
    x->name = xstrdup(name);
    x->type = xstrdup(type                  ? type
                      : kind == PCIE_RC     ? "rc"
                      : kind == PCIE_SWITCH ? "switch"
                      : kind == PCIE_SYSTEM ? "system"
                                            : "device");
    x->kind = kind;
    x->parent = parent;
    x->depth = parent < 0 ? 0 : p->node[parent].depth + 1;
    x->line = line;
    x->endpoint = -1;
    x->host = kind == PCIE_ENDPOINT && strcmp(x->type, PCIE_HOST_TYPE) == 0;
    x->streams = x->host ? 0 : 1;
    x->bw = x->host ? INFINITY : 0;
    if (parent >= 0) {
        struct pcie_node *par = &p->node[parent];
        par->child = xreallocarray(par->child, (size_t)par->nchild + 1,
                                   sizeof *par->child);
        par->child[par->nchild++] = id;
    }
    if (kind == PCIE_ENDPOINT) {
        x->endpoint = p->nend;
        p->ends = xreallocarray(p->ends, (size_t)p->nend + 1, sizeof *p->ends);
        p->ends[p->nend++] = id;
    }
    hash_grow(p);
    if (p->hcap > 0 && pcie_find(p, name) < 0)
        hash_insert(p, id);
    return id;
}

int
pcie_set_link(struct pcie *p, int x, double bw, const char *text,
              struct rho_err *err)
{
    if (p->finished)
        return rho_err_set(err, RHO_EINPUT, "tree is already finished");
    if (x <= 0 || x >= p->n)
        return rho_err_set(err, RHO_EINPUT, "node %d has no link to a parent",
                           x);
    if (!(bw >= 0) || isnan(bw))
        return rho_err_set(err, RHO_EINPUT, "'%s': link capacity must be > 0",
                           p->node[x].name);
    p->node[x].bw = bw;
    free(p->node[x].link);
    p->node[x].link = text ? xstrdup(text) : NULL;
    return 0;
}

int
pcie_set_bus(struct pcie *p, int x, const char *bus, struct rho_err *err)
{
    if (p->finished)
        return rho_err_set(err, RHO_EINPUT, "tree is already finished");
    if (x < 0 || x >= p->n)
        return rho_err_set(err, RHO_EINPUT, "unknown node %d", x);
    free(p->node[x].bus);
    p->node[x].bus = bus ? xstrdup(bus) : NULL;
    return 0;
}

/* GT/s of PCIe generations 1 to 6. */
static const double gen_gts[] = {2.5, 5, 8, 16, 32, 64};

int
pcie_parse_link(const char *text, double efficiency, double *bw,
                struct rho_err *err)
{
    static const char forms[] = "(expected a generation and width such as "
                                "\"16 GT/s x16\" or \"Gen4 x16\", or a "
                                "rate such as \"15.75 GB/s\")";
    char low[64], rest[64];
    double gts = 0, enc, rate;
    int gen, width = 0, used = 0;
    size_t n = strlen(text);

    if (!(efficiency > 0 && efficiency <= 1))
        return rho_err_set(err, RHO_EINPUT,
                           "efficiency must be > 0 and <= 1, got %g",
                           efficiency);
    if (n == 0 || n >= sizeof low)
        return rho_err_set(err, RHO_EINPUT, "link '%s': %s", text, forms);
    for (size_t i = 0; i <= n; i++)
        low[i] = (char)(text[i] >= 'A' && text[i] <= 'Z' ? text[i] - 'A' + 'a'
                                                         : text[i]);
    rest[0] = '\0';
    if (sscanf(low, " gen%d x%d %n", &gen, &width, &used) == 2 &&
        low[used] == '\0') {
        if (gen < 1 || gen > 6)
            return rho_err_set(err, RHO_EINPUT,
                               "link '%s': PCIe generations are Gen1 to Gen6",
                               text);
        gts = gen_gts[gen - 1];
    } else if (sscanf(low, " %lf gt/s x%d %n", &gts, &width, &used) == 2 &&
               low[used] == '\0') {
        int ok = 0;
        for (int g = 0; g < 6; g++)
            ok |= gts == gen_gts[g];
        if (!ok)
            return rho_err_set(err, RHO_EINPUT,
                               "link '%s': a PCIe lane runs at 2.5, 5, 8, 16, "
                               "32 or 64 GT/s",
                               text);
    } else if (strstr(low, "gt/s") != NULL || strncmp(low, "gen", 3) == 0 ||
               sscanf(low, " %*f gt/s %63s", rest) == 1) {
        return rho_err_set(err, RHO_EINPUT, "link '%s': %s", text, forms);
    } else {
        if (units_parse(UNIT_RATE, text, &rate, NULL) != 0 || !(rate > 0))
            return rho_err_set(err, RHO_EINPUT, "link '%s': %s", text, forms);
        *bw = rate * efficiency;
        return 0;
    }
    if (width != 1 && width != 2 && width != 4 && width != 8 && width != 12 &&
        width != 16 && width != 32)
        return rho_err_set(err, RHO_EINPUT,
                           "link '%s': widths are x1, x2, x4, x8, x12, x16 "
                           "and x32",
                           text);
    enc = gts <= 5 ? 8.0 / 10 : gts <= 32 ? 128.0 / 130 : 242.0 / 256;
    *bw = gts * 1e9 * enc * width / 8 * efficiency;
    return 0;
}

int
pcie_set_streams(struct pcie *p, int x, int streams, struct rho_err *err)
{
    if (p->finished)
        return rho_err_set(err, RHO_EINPUT, "tree is already finished");
    if (x < 0 || x >= p->n || p->node[x].kind != PCIE_ENDPOINT)
        return rho_err_set(err, RHO_EINPUT, "node %d is not a device", x);
    if (streams < 0)
        return rho_err_set(err, RHO_EINPUT, "'%s': streams must be >= 0",
                           p->node[x].name);
    p->node[x].streams = streams;
    return 0;
}

/* Can node x end a direct link? Devices (not host memory) and RCs. */
static int
direct_end(const struct pcie *p, int x)
{
    return (p->node[x].kind == PCIE_ENDPOINT && !p->node[x].host) ||
           p->node[x].kind == PCIE_RC;
}

int
pcie_add_direct(struct pcie *p, int a, int b, double bw, int count,
                const char *kind, int line, struct rho_err *err)
{
    struct pcie_direct *d;

    if (p->finished)
        return rho_err_set(err, RHO_EINPUT, "tree is already finished");
    if (a < 0 || a >= p->n || b < 0 || b >= p->n)
        return rho_err_set(err, RHO_EINPUT, "direct link: unknown node");
    if (a == b)
        return rho_err_set(err, RHO_EINPUT,
                           "direct link '%s'-'%s': a link "
                           "joins two different nodes",
                           p->node[a].name, p->node[b].name);
    for (int i = 0; i < 2; i++) {
        int x = i ? b : a;
        if (!direct_end(p, x))
            return rho_err_set(
                err, RHO_EINPUT,
                "direct link '%s'-'%s': '%s' is a %s; a direct "
                "link joins devices, or a device and a root "
                "complex",
                p->node[a].name, p->node[b].name, p->node[x].name,
                p->node[x].host ? "host memory" : kind_name(p->node[x].kind));
    }
    if (p->node[a].kind == PCIE_RC && p->node[b].kind == PCIE_RC)
        return rho_err_set(err, RHO_EINPUT,
                           "direct link '%s'-'%s': root complexes are joined "
                           "by the machine's inter-socket link",
                           p->node[a].name, p->node[b].name);
    if (!(bw > 0) || !isfinite(bw))
        return rho_err_set(err, RHO_EINPUT,
                           "direct link '%s'-'%s': bandwidth must be > 0",
                           p->node[a].name, p->node[b].name);
    if (count < 1)
        return rho_err_set(err, RHO_EINPUT,
                           "direct link '%s'-'%s': count must be >= 1",
                           p->node[a].name, p->node[b].name);
    for (int k = 0; k < p->ndirect; k++) {
        d = &p->direct[k];
        if ((d->a == a && d->b == b) || (d->a == b && d->b == a))
            return rho_err_set(err, RHO_EINPUT,
                               "direct link '%s'-'%s' given twice (first at "
                               "line %d; give one link a count instead)",
                               p->node[a].name, p->node[b].name, d->line);
    }
    p->direct =
        xreallocarray(p->direct, (size_t)p->ndirect + 1, sizeof *p->direct);
    d = &p->direct[p->ndirect];
    d->a = a;
    d->b = b;
    d->bw = bw * count;
    d->one = bw;
    d->count = count;
    d->kind = xstrdup(kind ? kind : "direct");
    d->line = line;
    return p->ndirect++;
}

int
pcie_find_xswitch(const struct pcie *p, const char *name)
{
    for (int k = 0; k < p->nxsw; k++)
        if (strcmp(p->xsw[k].name, name) == 0)
            return k;
    return -1;
}

int
pcie_add_xswitch(struct pcie *p, const char *name, const char *kind, int n,
                 const int *dev, double bw, int count, int line,
                 struct rho_err *err)
{
    struct pcie_xswitch *x;

    if (p->finished)
        return rho_err_set(err, RHO_EINPUT, "tree is already finished");
    if (name == NULL || name[0] == '\0')
        return rho_err_set(err, RHO_EINPUT, "switch fabric without a name");
    if (pcie_find(p, name) >= 0 || pcie_find_xswitch(p, name) >= 0)
        return rho_err_set(err, RHO_EINPUT, "duplicate name '%s'", name);
    if (n < 2)
        return rho_err_set(err, RHO_EINPUT,
                           "switch fabric '%s': it needs at least 2 devices",
                           name);
    for (int i = 0; i < n; i++) {
        if (dev[i] < 0 || dev[i] >= p->n ||
            p->node[dev[i]].kind != PCIE_ENDPOINT || p->node[dev[i]].host)
            return rho_err_set(err, RHO_EINPUT,
                               "switch fabric '%s': port %d is not a device",
                               name, i + 1);
        for (int j = 0; j < i; j++)
            if (dev[j] == dev[i])
                return rho_err_set(err, RHO_EINPUT,
                                   "switch fabric '%s': '%s' is on it twice",
                                   name, p->node[dev[i]].name);
    }
    if (!(bw > 0) || !isfinite(bw))
        return rho_err_set(err, RHO_EINPUT,
                           "switch fabric '%s': bandwidth must be > 0", name);
    if (count < 1)
        return rho_err_set(err, RHO_EINPUT,
                           "switch fabric '%s': count must be >= 1", name);
    p->xsw = xreallocarray(p->xsw, (size_t)p->nxsw + 1, sizeof *p->xsw);
    x = &p->xsw[p->nxsw];
    x->name = xstrdup(name);
    x->kind = xstrdup(kind ? kind : "nvswitch");
    x->nport = n;
    x->dev = xcalloc((size_t)n, sizeof *x->dev);
    memcpy(x->dev, dev, (size_t)n * sizeof *dev);
    x->bw = bw * count;
    x->one = bw;
    x->count = count;
    x->line = line;
    x->first = p->nport;
    p->nport += n;
    return p->nxsw++;
}

int
pcie_ndirect(const struct pcie *p)
{
    return p->ndirect;
}

const struct pcie_direct *
pcie_direct(const struct pcie *p, int k)
{
    return &p->direct[k];
}

int
pcie_nxswitch(const struct pcie *p)
{
    return p->nxsw;
}

const struct pcie_xswitch *
pcie_xswitch(const struct pcie *p, int k)
{
    return &p->xsw[k];
}

static int
cmp_rank_key(const void *a, const void *b)
{
    const long *x = a, *y = b;

    return (*x > *y) - (*x < *y);
}

/* First channel ids of the direct links and of the fabrics' ports. */
static inline int
direct_base(const struct pcie *p)
{
    return 2 * p->n;
}

static inline int
port_base(const struct pcie *p)
{
    return 2 * p->n + 2 * p->ndirect;
}

int
pcie_finish(struct pcie *p, struct rho_err *err)
{
    int nchan, k = 0;
    long *key;

    if (p->finished)
        return 0;
    if (p->n == 0)
        return rho_err_set(err, RHO_EINPUT, "the tree is empty");
    if (p->nend == 0)
        return rho_err_set(err, RHO_EINPUT, "the tree has no device");
    if (p->node[0].kind == PCIE_SYSTEM && p->node[0].nchild == 0)
        return rho_err_set(err, RHO_EINPUT, "machine '%s' has no root complex",
                           p->node[0].name);
    p->max_depth = 0;
    for (int i = 0; i < p->n; i++)
        if (p->node[i].depth > p->max_depth)
            p->max_depth = p->node[i].depth;

    /*
     * rank: sort keys group * (depth range) * nchan + ...: group 0 = the
     * first channels of flows (up channels of endpoints, direct links and
     * fabric ports from devices), 1 = up channels of switches and root
     * complexes by decreasing tail depth, 2 = down channels (and links
     * from root complexes, and fabric ports to devices) by increasing tail
     * depth; ties by channel id.
     */
    nchan = port_base(p) + 2 * p->nport;
    p->rank = xcalloc((size_t)nchan, sizeof *p->rank);
    p->port_sw = xcalloc((size_t)(p->nport ? p->nport : 1), sizeof *p->port_sw);
    for (int s = 0; s < p->nxsw; s++)
        for (int j = 0; j < p->xsw[s].nport; j++)
            p->port_sw[p->xsw[s].first + j] = s;
    key = xcalloc((size_t)nchan, sizeof *key);
    for (int c = 2; c < nchan; c++) {
        int kind = pcie_chan_kind(p, c), tail = pcie_chan_tail(p, c);
        long depth = tail >= 0 ? p->node[tail].depth : 0, group;

        if (kind == PCIE_CH_UP)
            group = p->node[tail].kind == PCIE_ENDPOINT ? 0 : 1;
        else if (kind == PCIE_CH_DIRECT)
            group = p->node[tail].kind == PCIE_RC ? 2 : 0;
        else if (kind == PCIE_CH_XUP)
            group = 0;
        else
            group = 2;
        if (group == 1)
            depth = p->max_depth - depth;
        key[k++] = ((group * (p->max_depth + 1) + depth) * nchan + c);
    }
    qsort(key, (size_t)k, sizeof *key, cmp_rank_key);
    for (int i = 0; i < k; i++)
        p->rank[key[i] % nchan] = i;
    free(key);
    p->finished = 1;
    return 0;
}

void
pcie_set_line(struct pcie *p, int id, int line)
{
    if (id >= 0 && id < p->n && atomic_load(&p->refs) == 1)
        p->node[id].line = line;
}

int
pcie_nodes(const struct pcie *p)
{
    return p->n;
}

int
pcie_nchan(const struct pcie *p)
{
    return port_base(p) + 2 * p->nport;
}

int
pcie_chan_is_tree(const struct pcie *p, int c)
{
    return c < 2 * p->n;
}

int
pcie_chan_kind(const struct pcie *p, int c)
{
    if (c < 2 * p->n)
        return pcie_chan_is_up(c) ? PCIE_CH_UP : PCIE_CH_DOWN;
    if (c < port_base(p))
        return PCIE_CH_DIRECT;
    return ((c - port_base(p)) & 1) == 0 ? PCIE_CH_XUP : PCIE_CH_XDOWN;
}

const struct pcie_node *
pcie_node(const struct pcie *p, int i)
{
    return &p->node[i];
}

int
pcie_nendpoints(const struct pcie *p)
{
    return p->nend;
}

int
pcie_endpoint(const struct pcie *p, int k)
{
    return p->ends[k];
}

int
pcie_max_depth(const struct pcie *p)
{
    return p->max_depth;
}

/* The device of fabric port channel c. */
static int
port_dev(const struct pcie *p, int c)
{
    int j = (c - port_base(p)) >> 1;
    const struct pcie_xswitch *x = &p->xsw[p->port_sw[j]];

    return x->dev[j - x->first];
}

int
pcie_chan_tail(const struct pcie *p, int c)
{
    int x;

    if (c >= 2 * p->n) {
        if (c < port_base(p)) {
            const struct pcie_direct *d = &p->direct[(c - direct_base(p)) >> 1];
            return ((c - direct_base(p)) & 1) ? d->b : d->a;
        }
        return ((c - port_base(p)) & 1) ? -1 : port_dev(p, c);
    }
    x = pcie_chan_node(c);
    return pcie_chan_is_up(c) ? x : p->node[x].parent;
}

int
pcie_chan_head(const struct pcie *p, int c)
{
    int x;

    if (c >= 2 * p->n) {
        if (c < port_base(p)) {
            const struct pcie_direct *d = &p->direct[(c - direct_base(p)) >> 1];
            return ((c - direct_base(p)) & 1) ? d->a : d->b;
        }
        return ((c - port_base(p)) & 1) ? port_dev(p, c) : -1;
    }
    x = pcie_chan_node(c);
    return pcie_chan_is_up(c) ? p->node[x].parent : x;
}

double
pcie_chan_bw(const struct pcie *p, int c)
{
    if (c < 2 * p->n)
        return p->node[pcie_chan_node(c)].bw;
    if (c < port_base(p))
        return p->direct[(c - direct_base(p)) >> 1].bw;
    return p->xsw[p->port_sw[(c - port_base(p)) >> 1]].bw;
}

int
pcie_chan_count(const struct pcie *p, int c)
{
    if (c < 2 * p->n)
        return 1;
    if (c < port_base(p))
        return p->direct[(c - direct_base(p)) >> 1].count;
    return p->xsw[p->port_sw[(c - port_base(p)) >> 1]].count;
}

const char *
pcie_chan_link(const struct pcie *p, int c)
{
    if (c < 2 * p->n)
        return p->node[pcie_chan_node(c)].link;
    if (c < port_base(p))
        return p->direct[(c - direct_base(p)) >> 1].kind;
    return p->xsw[p->port_sw[(c - port_base(p)) >> 1]].kind;
}

static const char *
end_name(const struct pcie *p, int c, int x)
{
    if (x >= 0)
        return p->node[x].name;
    return p->xsw[p->port_sw[(c - port_base(p)) >> 1]].name;
}

const char *
pcie_chan_tail_name(const struct pcie *p, int c)
{
    return end_name(p, c, pcie_chan_tail(p, c));
}

const char *
pcie_chan_head_name(const struct pcie *p, int c)
{
    return end_name(p, c, pcie_chan_head(p, c));
}

char *
pcie_chan_name(const struct pcie *p, int c, char *buf, int n)
{
    snprintf(buf, (size_t)n, "%s->%s", end_name(p, c, pcie_chan_tail(p, c)),
             end_name(p, c, pcie_chan_head(p, c)));
    return buf;
}

int
pcie_lca(const struct pcie *p, int a, int b)
{
    while (p->node[a].depth > p->node[b].depth)
        a = p->node[a].parent;
    while (p->node[b].depth > p->node[a].depth)
        b = p->node[b].parent;
    while (a != b) {
        a = p->node[a].parent;
        b = p->node[b].parent;
    }
    return a;
}

int
pcie_path(const struct pcie *p, int src, int dst, int *chans, int max)
{
    int lca = pcie_lca(p, src, dst);
    int len = 0, ndown = 0;

    for (int x = src; x != lca; x = p->node[x].parent, len++)
        if (len < max)
            chans[len] = pcie_up(x);
    for (int x = dst; x != lca; x = p->node[x].parent)
        ndown++;
    /* down channels go from the LCA towards dst: fill them backwards */
    for (int x = dst, i = len + ndown - 1; x != lca; x = p->node[x].parent, i--)
        if (i < max)
            chans[i] = pcie_down(x);
    return len + ndown;
}

/* The direct link between a and b as a channel a -> b, or -1. */
static int
direct_chan(const struct pcie *p, int a, int b)
{
    for (int k = 0; k < p->ndirect; k++) {
        const struct pcie_direct *d = &p->direct[k];
        if (d->a == a && d->b == b)
            return direct_base(p) + 2 * k;
        if (d->a == b && d->b == a)
            return direct_base(p) + 2 * k + 1;
    }
    return -1;
}

int
pcie_route(const struct pcie *p, int src, int dst, int via, int *chans, int max)
{
    int c, r, out[2];

    if (via == PCIE_VIA_TREE)
        return pcie_path(p, src, dst, chans, max);
    if ((c = direct_chan(p, src, dst)) >= 0) {
        out[0] = c;
        r = 1;
        goto found;
    }
    for (int s = 0; s < p->nxsw; s++) {
        const struct pcie_xswitch *x = &p->xsw[s];
        int js = -1, jd = -1;
        for (int j = 0; j < x->nport; j++) {
            if (x->dev[j] == src)
                js = j;
            if (x->dev[j] == dst)
                jd = j;
        }
        if (js >= 0 && jd >= 0) {
            out[0] = port_base(p) + 2 * (x->first + js);
            out[1] = port_base(p) + 2 * (x->first + jd) + 1;
            r = 2;
            goto found;
        }
    }
    if (p->node[dst].host &&
        (c = direct_chan(p, src, p->node[dst].parent)) >= 0) {
        out[0] = c;
        out[1] = pcie_down(dst);
        r = 2;
        goto found;
    }
    if (p->node[src].host &&
        (c = direct_chan(p, p->node[src].parent, dst)) >= 0) {
        out[0] = pcie_up(src);
        out[1] = c;
        r = 2;
        goto found;
    }
    if (via == PCIE_VIA_DIRECT)
        return -1;
    return pcie_path(p, src, dst, chans, max);
found:
    for (int i = 0; i < r && i < max; i++)
        chans[i] = out[i];
    return r;
}

const int *
pcie_chan_rank(const struct pcie *p)
{
    return p->rank;
}
