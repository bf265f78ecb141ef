/*
 * pcie: a PCIe tree -- root complex, switches, endpoints -- and its
 * directed channels (spec section 1).
 *
 * Nodes are numbered in the order they are added; node 0 is the root and
 * must be the root complex. Every non-root node x has two channels:
 * up(x) = x -> parent(x), numbered 2x, and down(x) = parent(x) -> x,
 * numbered 2x + 1. Channels 0 and 1 do not exist. A channel is an output
 * port of its tail node. The tree is built once, then frozen by
 * pcie_finish(); after that it is read-only and may be shared between
 * threads. Trees are small (a server has tens of devices) but nothing here
 * is quadratic in their size.
 */
#ifndef RHO_CORE_PCIE_PCIE_H
#define RHO_CORE_PCIE_PCIE_H

#include "core/base/rho_err.h"

enum pcie_kind { PCIE_RC, PCIE_SWITCH, PCIE_ENDPOINT };

struct pcie_node {
    char *name; /* unique in the tree */
    char *type; /* "rc", "switch", or the device kind: "gpu", "nic", ... */
    int kind;   /* enum pcie_kind */
    int parent; /* -1 for the root */
    int depth;  /* 0 for the root */
    int nchild;
    int *child;   /* children in declaration order */
    int line;     /* line of the script that declared it, 0 if unknown */
    int endpoint; /* index among endpoints (declaration order), or -1 */
};

struct pcie;

/* A new empty tree with one reference. Caller owns it: pcie_unref(). */
struct pcie *pcie_new(void);

/* Take another reference to p (thread-safe, as is pcie_unref). Returns p. */
struct pcie *pcie_ref(struct pcie *p);

/* Drop a reference; the last one frees the tree. NULL is a no-op. */
void pcie_unref(struct pcie *p);

/*
 * Add a node under parent (-1 for the root, which must come first and be a
 * PCIE_RC). type may be NULL (then "rc", "switch" or "device"). line is the
 * declaring line for messages. Returns the node's id, or -1 with err filled
 * (duplicate name, empty name, second root, child of an endpoint, a root
 * complex below the root, unknown parent, tree already finished). The
 * strings are copied.
 */
int pcie_add_node(struct pcie *p, int parent, int kind, const char *name,
                  const char *type, int line, struct rho_err *err);

/*
 * Freeze the tree: compute depths and the channel processing orders.
 * Returns 0, or -1 with err filled (no root, no endpoint).
 */
int pcie_finish(struct pcie *p, struct rho_err *err);

/* Number of nodes; number of channel slots (2 * nodes, 0 and 1 unused). */
int pcie_nodes(const struct pcie *p);
int pcie_nchan(const struct pcie *p);

/* Node i (0 <= i < nodes). Borrowed; valid while p lives. */
const struct pcie_node *pcie_node(const struct pcie *p, int i);

/* Node id by name, or -1. */
int pcie_find(const struct pcie *p, const char *name);

/* Endpoints in declaration order: count and the node id of the k-th. */
int pcie_nendpoints(const struct pcie *p);
int pcie_endpoint(const struct pcie *p, int k);

/* Depth of the deepest node. */
int pcie_max_depth(const struct pcie *p);

/* Channel helpers. */
static inline int
pcie_up(int x)
{
    return 2 * x;
}
static inline int
pcie_down(int x)
{
    return 2 * x + 1;
}
static inline int
pcie_chan_is_up(int c)
{
    return (c & 1) == 0;
}
static inline int
pcie_chan_node(int c) /* the non-root end: x of up(x) or down(x) */
{
    return c >> 1;
}

/* Tail (sending node) and head (receiving node) of channel c. */
int pcie_chan_tail(const struct pcie *p, int c);
int pcie_chan_head(const struct pcie *p, int c);

/* Write "tail->head" into buf (n bytes). Returns buf. */
char *pcie_chan_name(const struct pcie *p, int c, char *buf, int n);

/* Lowest common ancestor of a and b. */
int pcie_lca(const struct pcie *p, int a, int b);

/*
 * The path from src to dst as channel ids: up channels to the LCA, then
 * down channels to dst. Writes at most max ids to chans and returns the
 * path length (which may exceed max: call again with a larger buffer).
 * src == dst gives 0.
 */
int pcie_path(const struct pcie *p, int src, int dst, int *chans, int max);

/*
 * Channel processing order of Algorithm 1: rank[c] orders every channel:
 * up channels whose tail is a switch by decreasing tail depth (step B),
 * then down channels by increasing tail depth (step C). Up channels of
 * endpoints come first of all. Borrowed array of pcie_nchan() ints.
 */
const int *pcie_chan_rank(const struct pcie *p);

#endif
