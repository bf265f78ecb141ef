/*
 * pcie: a PCIe tree -- root complexes, switches, endpoints -- its links
 * with their capacities, direct links beside the tree (NVLink) and switch
 * fabrics (NVSwitch), and the directed channels of all of them (spec
 * section 1, extended as man/rho-model.7 says).
 *
 * Nodes are numbered in the order they are added; node 0 is the root: a
 * root complex, or a PCIE_SYSTEM node (the inter-socket fabric: UPI,
 * Infinity Fabric, X-Bus) whose children are the root complexes of a
 * machine with several sockets. Every non-root node x has two channels:
 * up(x) = x -> parent(x), numbered 2x, and down(x) = parent(x) -> x,
 * numbered 2x + 1. Channels 0 and 1 do not exist. After the tree's 2n
 * channel ids come the channels of direct links (two per link: a -> b,
 * then b -> a) and of switch fabrics (two per port: device -> switch,
 * then switch -> device), in the order they were added. A channel is an
 * output port of its tail node.
 *
 * Each link has a capacity in bytes per second, the same both ways: 0
 * means "the scenario's bandwidth" (a tree without capacities is the
 * paper's), INFINITY means the link never limits (host memory's own link
 * by default). The tree is built once, then frozen by pcie_finish(); after
 * that it is read-only and may be shared between threads. Trees are small
 * (a server has tens of devices) but nothing here is quadratic in their
 * size.
 */
#ifndef RHO_CORE_PCIE_PCIE_H
#define RHO_CORE_PCIE_PCIE_H

#include "core/base/rho_err.h"

/* PCIE_SYSTEM: the root of a machine with several root complexes. */
enum pcie_kind { PCIE_RC, PCIE_SWITCH, PCIE_ENDPOINT, PCIE_SYSTEM };

/* Which way a flow may go (pcie_route()). */
enum pcie_via {
    PCIE_VIA_AUTO,   /* a direct link or switch fabric when there is one */
    PCIE_VIA_TREE,   /* always the PCIe tree */
    PCIE_VIA_DIRECT, /* a direct link or switch fabric, or no path */
};

/* What a channel is. */
enum pcie_chan_kind {
    PCIE_CH_UP,     /* tree: x -> parent(x) */
    PCIE_CH_DOWN,   /* tree: parent(x) -> x */
    PCIE_CH_DIRECT, /* a direct link, one way */
    PCIE_CH_XUP,    /* a switch fabric: device -> switch */
    PCIE_CH_XDOWN,  /* a switch fabric: switch -> device */
};

/* The device type of host memory endpoints (one per socket or NUMA node). */
#define PCIE_HOST_TYPE "host"

/*
 * The default payload efficiency of a PCIe link: the share of its data
 * rate (after line encoding) that carries payload -- TLP headers, DLLPs
 * and flow control take the rest. 0.8: the paper's 11.6 GiB/s measured on
 * a Gen3 x16 link is 0.79 of that link's 15.75 GB/s.
 */
#define PCIE_DEFAULT_EFFICIENCY 0.8

struct pcie_node {
    char *name; /* unique in the tree */
    char *type; /* "rc", "switch", "system", or the device kind: "gpu",
                   "nic", "host", ... */
    int kind;   /* enum pcie_kind */
    int parent; /* -1 for the root */
    int depth;  /* 0 for the root */
    int nchild;
    int *child;   /* children in declaration order */
    int line;     /* line of the script that declared it, 0 if unknown */
    int endpoint; /* index among endpoints (declaration order), or -1 */
    double bw;    /* capacity of the link to the parent, B/s each way: 0 =
                     the scenario's bandwidth, INFINITY = no limit */
    char *link;   /* that link as written ("16 GT/s x16"), or NULL */
    int streams;  /* endpoints: flows it sends at once (0: any number);
                     1 for devices, as in the paper; 0 for host memory */
    int host;     /* 1 for host memory (type "host") */
    char *bus;    /* PCI bus id ("0000:3b:00.0"), or NULL */
};

/* A direct link between two nodes (devices or root complexes). */
struct pcie_direct {
    int a, b;   /* node ids */
    double bw;  /* B/s each way, the count links together */
    double one; /* B/s each way of one link */
    int count;  /* links bundled (NVLink bricks), >= 1 */
    char *kind; /* "nvlink", "xgmi", ... */
    int line;
};

/* A switch fabric (NVSwitch): devices joined through one switch. */
struct pcie_xswitch {
    char *name; /* unique among nodes and fabrics */
    char *kind; /* "nvswitch", ... */
    int nport;
    int *dev;   /* node ids of the devices, one per port */
    double bw;  /* per port, B/s each way, the count links together */
    double one; /* B/s each way of one link */
    int count;  /* links per port, >= 1 */
    int line;
    int first; /* index of its first port among all fabrics' ports */
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
 * Give node x's link to its parent a capacity: bw in B/s (> 0, INFINITY =
 * no limit, 0 = the scenario's bandwidth) and the text it was written as
 * (may be NULL; copied). Returns 0, or -1 with err filled (the root, bad
 * bw, finished tree).
 */
int pcie_set_link(struct pcie *p, int x, double bw, const char *text,
                  struct rho_err *err);

/*
 * Parse a link as written into its payload bandwidth (B/s): a PCIe
 * generation and width, "16 GT/s x16" or "Gen4 x16" (2.5, 5, 8, 16, 32,
 * 64 GT/s, i.e. Gen1 to Gen6, with their line encodings 8b/10b, 128b/130b
 * and 242/256; widths x1, x2, x4, x8, x12, x16, x32), or a data rate
 * after encoding ("15.753846 GB/s", any rate units_parse() reads) --
 * times efficiency (0 < efficiency <= 1). Returns 0, or -1 with err
 * filled (an unknown speed or width, a bad rate).
 */
int pcie_parse_link(const char *text, double efficiency, double *bw,
                    struct rho_err *err);

/* Give node x a PCI bus id (copied; NULL clears it). Returns 0 or -1 with
   err filled (unknown node, finished tree). */
int pcie_set_bus(struct pcie *p, int x, const char *bus, struct rho_err *err);

/*
 * How many flows endpoint x sends at once (0: any number). Returns 0, or
 * -1 with err filled (not an endpoint, negative, finished tree).
 */
int pcie_set_streams(struct pcie *p, int x, int streams, struct rho_err *err);

/*
 * Add a direct link between nodes a and b (two devices, or a device and a
 * root complex) of count links of bw B/s each way (capacity count * bw;
 * kind may be NULL: "direct"; copied). Returns the link's index, or -1
 * with err filled (unknown or unsuitable node, a == b, the same pair
 * twice, bw <= 0, count < 1, finished tree).
 */
int pcie_add_direct(struct pcie *p, int a, int b, double bw, int count,
                    const char *kind, int line, struct rho_err *err);

/*
 * Add a switch fabric name joining the n devices dev[] (n >= 2, all
 * different) through ports of count links of bw B/s each way (capacity
 * count * bw; kind may be NULL: "nvswitch"). Returns its index, or -1 with err
 * filled (name taken, not a device, a device twice, bw <= 0, finished tree).
 */
int pcie_add_xswitch(struct pcie *p, const char *name, const char *kind, int n,
                     const int *dev, double bw, int count, int line,
                     struct rho_err *err);

/* Direct links and switch fabrics (borrowed; valid while p lives). */
int pcie_ndirect(const struct pcie *p);
const struct pcie_direct *pcie_direct(const struct pcie *p, int k);
int pcie_nxswitch(const struct pcie *p);
const struct pcie_xswitch *pcie_xswitch(const struct pcie *p, int k);

/* A switch fabric by name, or -1. */
int pcie_find_xswitch(const struct pcie *p, const char *name);

/*
 * Freeze the tree: compute depths and the channel processing orders.
 * Returns 0, or -1 with err filled (no root, no endpoint, a root complex
 * of a several-socket machine without a device below it is fine).
 */
int pcie_finish(struct pcie *p, struct rho_err *err);

/*
 * Set the declaring line of node id (0 <= id < nodes; others are
 * ignored), for a tree made again from text: the Lua runner gives back
 * the lines of the user's script. Only while the caller holds the single
 * reference (a shared tree is read by other threads); ignored otherwise.
 */
void pcie_set_line(struct pcie *p, int id, int line);

/* Number of nodes; number of channel slots (2 * nodes for the tree, 0 and
   1 unused, then the direct links' and fabrics' channels). */
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

/* Channel helpers for tree channels (c < 2 * nodes). */
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

/* Is c a channel of the tree (not a direct link or a fabric's)? */
int pcie_chan_is_tree(const struct pcie *p, int c);

/* What channel c is (enum pcie_chan_kind). */
int pcie_chan_kind(const struct pcie *p, int c);

/*
 * Tail (sending node) and head (receiving node) of channel c; -1 for the
 * switch end of a fabric's channel.
 */
int pcie_chan_tail(const struct pcie *p, int c);
int pcie_chan_head(const struct pcie *p, int c);

/*
 * Capacity of channel c as declared: B/s, 0 = the scenario's bandwidth,
 * INFINITY = no limit. pcie_chan_count() is the number of links bundled
 * (1 in the tree); pcie_chan_link() the link as written, the kind of a
 * direct link or fabric, or NULL.
 */
double pcie_chan_bw(const struct pcie *p, int c);
int pcie_chan_count(const struct pcie *p, int c);
const char *pcie_chan_link(const struct pcie *p, int c);

/* The names of channel c's ends: a node's, or a fabric's (borrowed; valid
   while p lives). */
const char *pcie_chan_tail_name(const struct pcie *p, int c);
const char *pcie_chan_head_name(const struct pcie *p, int c);

/* Write "tail->head" into buf (n bytes); a fabric's end is its name.
   Returns buf. */
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
 * The route of a flow from endpoint src to endpoint dst as channel ids
 * (at most max written; returns the length, which may exceed max, or -1
 * when via is PCIE_VIA_DIRECT and there is no direct route). With
 * PCIE_VIA_AUTO or _DIRECT, in this order: a direct link between src and
 * dst; a switch fabric both are on; a direct link from src to the root
 * complex above host memory dst (or from the root complex above host
 * memory src to dst) followed (preceded) by host memory's own link.
 * Otherwise, and always with PCIE_VIA_TREE, the tree path (pcie_path()).
 */
int pcie_route(const struct pcie *p, int src, int dst, int via, int *chans,
               int max);

/*
 * Channel processing order of Algorithm 1: rank[c] orders every channel:
 * up channels whose tail is a switch or a root complex by decreasing tail
 * depth (step B; step C at a root complex's port to the inter-socket
 * link), then down channels by increasing tail depth (step C). Up
 * channels of endpoints, direct links from devices and fabric ports from
 * devices come first of all; a direct link from a root complex goes with
 * that root complex's down channels, a fabric's port to a device with
 * the down channels of depth 0. Borrowed array of pcie_nchan() ints.
 */
const int *pcie_chan_rank(const struct pcie *p);

#endif
