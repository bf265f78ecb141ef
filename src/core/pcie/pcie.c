/*
 * pcie: PCIe trees and their channels. See pcie.h.
 *
 * Names are found through a small open-addressing hash table so that
 * building a tree of n nodes costs O(n).
 */
#include "core/pcie/pcie.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

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
    int *rank; /* 2n */
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
    }
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
    if (kind != PCIE_RC && kind != PCIE_SWITCH && kind != PCIE_ENDPOINT)
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
        if (kind != PCIE_RC)
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
        if (kind == PCIE_RC)
            return rho_err_set(err, RHO_EINPUT,
                               "'%s': a root complex must be the root of the "
                               "tree",
                               name);
    }

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
                                            : "device");
    x->kind = kind;
    x->parent = parent;
    x->depth = parent < 0 ? 0 : p->node[parent].depth + 1;
    x->line = line;
    x->endpoint = -1;
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

static int
cmp_rank_key(const void *a, const void *b)
{
    const long *x = a, *y = b;

    return (*x > *y) - (*x < *y);
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
    p->max_depth = 0;
    for (int i = 0; i < p->n; i++)
        if (p->node[i].depth > p->max_depth)
            p->max_depth = p->node[i].depth;

    /*
     * rank: sort keys group * (depth range) * nchan + ...: group 0 = up
     * channels of endpoints, 1 = up channels of switches by decreasing tail
     * depth, 2 = down channels by increasing tail depth; ties by channel id.
     */
    nchan = 2 * p->n;
    p->rank = xcalloc((size_t)nchan, sizeof *p->rank);
    key = xcalloc((size_t)nchan, sizeof *key);
    for (int c = 2; c < nchan; c++) {
        int x = pcie_chan_node(c);
        int tail = pcie_chan_tail(p, c);
        long depth = p->node[tail].depth, group;

        if (pcie_chan_is_up(c))
            group = p->node[x].kind == PCIE_ENDPOINT ? 0 : 1;
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

int
pcie_nodes(const struct pcie *p)
{
    return p->n;
}

int
pcie_nchan(const struct pcie *p)
{
    return 2 * p->n;
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

int
pcie_chan_tail(const struct pcie *p, int c)
{
    int x = pcie_chan_node(c);

    return pcie_chan_is_up(c) ? x : p->node[x].parent;
}

int
pcie_chan_head(const struct pcie *p, int c)
{
    int x = pcie_chan_node(c);

    return pcie_chan_is_up(c) ? p->node[x].parent : x;
}

char *
pcie_chan_name(const struct pcie *p, int c, char *buf, int n)
{
    snprintf(buf, (size_t)n, "%s->%s", p->node[pcie_chan_tail(p, c)].name,
             p->node[pcie_chan_head(p, c)].name);
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

const int *
pcie_chan_rank(const struct pcie *p)
{
    return p->rank;
}
