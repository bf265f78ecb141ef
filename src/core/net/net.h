/*
 * net: the network graph of the functional link-utilization model
 * (Jain's DamselFly model, ../shared/spec/link-model.md) -- routers joined
 * by directed links, each with a bandwidth (B/s), a class and a readable
 * name, and the endpoints ("nodes") that host ranks, each attached to one
 * router.
 *
 * Vertices are the routers 0..routers-1, followed (only when the net has
 * injection links, inj_bw > 0) by one vertex per endpoint. Links are
 * numbered in the order of their source vertex, so the out-links of v are
 * exactly the ids [out_begin(v), out_end(v)) (compact CSR: no link list is
 * stored twice). Per link the net stores source, destination, bandwidth and
 * class (17 bytes); names are made on demand. Families are built from
 * parameters, and a structured family keeps the tables a route needs to
 * find a link in O(1):
 *
 *  - torus / mesh, N dimensions (up to NET_MAX_DIMS), wrap flag and
 *    optional name per dimension, nodes per router. Router id =
 *    x1 + d1*(x2 + d2*(x3 + ...)): the FIRST dimension varies fastest.
 *    A wrapped dimension of size 2 has two distinct links each way between
 *    the pair (the +1 and the -1 link), so a BG/Q E link is doubled; a mesh
 *    dimension of size 2 has one. Classes "<dim> +" and "<dim> -", where
 *    <dim> is the name ("A") or "dim k".
 *  - dragonfly (Jain Ch. 3): groups of chassis x routers; every router
 *    links to the other routers of its chassis (class "L1-row") and to the
 *    router of the same slot in every other chassis ("L1-col"); g links per
 *    group pair ("L2"). Global wiring (thesis Ch. 8 rule, the authors'
 *    def_connection.c): the j-th link from group G1 to group G2 leaves
 *    router (G2*g + j) mod R of G1 and lands on router (G1*g + j) mod R of
 *    G2 (R = routers per group; with g = 1: router G2 mod R of G1 to router
 *    G1 mod R of G2). Router id = (group*chassis + c)*routers + r; node e
 *    is on router e / nodes_per_router (also on tori). The Ch. 8
 *    "supernode" machine is a dragonfly with chassis = 1.
 *  - fat-tree (Jain Sec. 5.3.1): radix-k switches, n levels, h = k/2.
 *    Levels 0..n-2 have W = h^(n-1) switches each, the top level W/2
 *    with two parallel links to each switch it reaches; leaves serve h
 *    nodes each, (k/2)^n nodes in all. A switch's word has n-1 base-h
 *    digits; a switch of level l < n-2 links up to the h switches of level
 *    l+1 whose words differ only in digit l (so an L0 group and its L1
 *    group form a complete bipartite graph); a level n-2 switch u takes
 *    up-port c to top switch (u mod h^(n-2)) + h^(n-2) * (c / 2), the
 *    parallel link c mod 2. Switch id = level * W + word (the top: (n-1) *
 *    W + index); node e is on leaf e / h. Classes "up L<l>-L<l+1>" and
 *    "down L<l+1>-L<l>".
 *  - tree from a parent array (a PCIe tree seen as a graph): every tree node
 *    is a router and an endpoint; classes "up" (child->parent) and "down".
 *  - general graph from explicit links (used for the PEACH2/TCA preset),
 *    routed along shortest paths; at most NET_GRAPH_MAX vertices.
 *
 * A built net is immutable, reference counted (net_ref/net_free) and may
 * be shared between threads. The full
 * 8.8M-core dragonfly (92,160 routers, 2,763,840 links) takes about 50 MB
 * and builds in a fraction of a second.
 */
#ifndef RHO_CORE_NET_NET_H
#define RHO_CORE_NET_NET_H

#include "core/base/rho_err.h"

#define NET_MAX_DIMS 8
#define NET_MAX_CLASSES 250
#define NET_NAME_MAX 128   /* a buffer this large holds any link name */
#define NET_GRAPH_MAX 4096 /* vertices of a general graph */

enum net_family { NET_TORUS, NET_DRAGONFLY, NET_FATTREE, NET_TREE, NET_GRAPH };

struct net_torus_params {
    int nd;                      /* 1..NET_MAX_DIMS */
    int dim[NET_MAX_DIMS];       /* size per dimension, >= 1 */
    int wrap[NET_MAX_DIMS];      /* 1 torus, 0 mesh, per dimension */
    char name[NET_MAX_DIMS][8];  /* "A".. or "" (then "dim k") */
    double dim_bw[NET_MAX_DIMS]; /* per dimension; 0 means bw */
    int nodes_per_router;        /* endpoints per router, >= 1 */
    int cores;                   /* ranks per endpoint, >= 1 */
    double bw;                   /* B/s per directed link, > 0 */
    double inj_bw;               /* > 0: injection/ejection links */
};

struct net_dragonfly_params {
    int groups;  /* >= 1 */
    int chassis; /* chassis (rows) per group, >= 1 */
    int routers; /* routers per chassis (columns), >= 1 */
    int nodes_per_router, cores;
    int global_per_pair; /* L2 links per ordered group pair, >= 1 */
    double bw_row, bw_col, bw_global; /* B/s */
    double inj_bw;                    /* > 0: injection/ejection links */
};

struct net_fattree_params {
    int k;      /* switch radix: even; a multiple of 4 when levels >= 2 */
    int levels; /* 1..4 */
    int cores;  /* ranks per node */
    double bw;  /* B/s per directed switch link */
    double inj_bw;
};

/* HA-PACS/TCA sub-cluster (Hanawa et al. 2013, seed 003), a general
   graph: one or two rings of nodes joined by PEACH2 boards (the E->W
   cables make a ring, classes "ring +" and "ring -"; an S cable joins node
   k of ring 0 and node k of ring 1, class "S": two rings of 4 make a
   3-cube); inside each node a PCIe graph: socket root complexes cpu0 and
   cpu1 joined by QPI ("qpi"), gpu0/gpu1 under cpu0, gpu2/gpu3 under cpu1,
   the PEACH2 port N under cpu0 ("pcie up" toward a root complex, "pcie
   down" away). Node i = ring * ring_nodes + k has vertices i*7 + 0..6:
   n<i>.peach2, .cpu0, .cpu1, .gpu0, .gpu1, .gpu2, .gpu3; its endpoints,
   i*5 + 0..4, are gpu0, gpu1, gpu2, gpu3 and the host (cpu0). Routes are
   shortest paths; at a tie the one-path routing takes "ring +". */
struct net_tca_params {
    int rings;          /* 1 or 2 (2 in the paper) */
    int ring_nodes;     /* nodes per ring, >= 1 */
    double port_bw;     /* PEACH2 ports (Gen2 x8): 4e9 B/s */
    double gpu_bw;      /* GPU slots (Gen3 x16, raw): 15.754e9 B/s */
    double gpu_read_bw; /* GPU -> root complex; 0 means gpu_bw. The paper
                           measured PEACH2 DMA reads of GPU memory at
                           0.83e9 B/s */
    double qpi_bw;      /* P2P across QPI: "several hundred MB/s" */
};

/* A parameter set of any family (what a preset fills in). */
struct net_spec {
    int family; /* enum net_family; NET_GRAPH means a TCA cluster */
    struct net_torus_params torus;
    struct net_dragonfly_params df;
    struct net_fattree_params ft;
    struct net_tca_params tca;
};

struct net;

/* What a generated network (torus, dragonfly, fat-tree) may take to
   build, links and their tables: 4 GiB, as much as rho lets a scenario's
   C side use (lx_proc). The model's own memory has its own budget. */
#define NET_BUILD_BUDGET (4.0 * 1024 * 1024 * 1024)

/* Builders. Each returns a new net (caller owns it: net_free()) or NULL
   with err filled (RHO_EINPUT: a bad parameter, named in the message;
   RHO_ELIMIT: more than 2^31-1 links, vertices or ranks, or more than
   NET_BUILD_BUDGET bytes, refused before anything is allocated, with
   the counts and the bytes they need). */
struct net *net_torus_new(const struct net_torus_params *p,
                          struct rho_err *err);
struct net *net_dragonfly_new(const struct net_dragonfly_params *p,
                              struct rho_err *err);
struct net *net_fattree_new(const struct net_fattree_params *p,
                            struct rho_err *err);
struct net *net_tca_new(const struct net_tca_params *p, struct rho_err *err);

/*
 * A tree of n nodes from a parent array (exactly one root, parent -1; no
 * cycles). names (may be NULL; entries may be NULL) are copied; a missing
 * name is "v<i>". Every node is a router and an endpoint with one rank, so
 * rank i is node i under a linear placement. Each tree edge gives two
 * links: up (i -> parent, class "up") and down (class "down"), both with
 * bandwidth link_bw[i] if link_bw is not NULL and link_bw[i] > 0, else bw.
 */
struct net *net_tree_new(int n, const int *parent, const char *const *names,
                         double bw, const double *link_bw, struct rho_err *err);

/*
 * A general graph: nv vertices (names copied, may be NULL), nl directed
 * links from[i] -> to[i] with bandwidth bw[i] and class cls[i] (a name;
 * classes are numbered in order of first appearance; NULL means "link").
 * Links are renumbered by source vertex, keeping the given order among the
 * links of one source. nep endpoints sit on vertices ep[0..nep), each with
 * cores ranks. Routes follow shortest paths (by hops); a message between
 * unreachable endpoints is an error of the solve. nv <= NET_GRAPH_MAX.
 * Builds an all-pairs hop table (2 bytes per vertex pair).
 */
struct net *net_graph_new(int nv, const char *const *names, int nl,
                          const int *from, const int *to, const double *bw,
                          const char *const *cls, int nep, const int *ep,
                          int cores, struct rho_err *err);

/* Build from a parameter set (dispatch on spec->family). */
struct net *net_new(const struct net_spec *spec, struct rho_err *err);

/*
 * Presets. net_preset() fills *spec with the named preset's parameters
 * (a caller may change them before net_new()); returns 0, or -1 with err
 * filled (unknown name; the message lists the names). Presets are listed
 * by index 0..net_preset_count()-1 with a one-line description.
 */
int net_preset(const char *name, struct net_spec *spec, struct rho_err *err);
int net_preset_count(void);
const char *net_preset_name(int i);
const char *net_preset_desc(int i);

/* Take another reference to net (thread-safe; so is net_free()), e.g. for
   a solve running in another thread. Returns net. */
struct net *net_ref(struct net *net);

/* Drop a reference; the last one frees the net. NULL is a no-op. */
void net_free(struct net *net);

/* Sizes. vertices = routers + (injection links ? endpoints : 0). */
int net_family(const struct net *net);
int net_routers(const struct net *net);
int net_vertices(const struct net *net);
int net_links(const struct net *net);
int net_endpoints(const struct net *net);
int net_cores(const struct net *net);       /* ranks per endpoint */
long long net_slots(const struct net *net); /* endpoints * cores */

/* Link l (0 <= l < links; not checked): source and destination vertex,
   bandwidth (B/s) and class id. */
int net_link_src(const struct net *net, int l);
int net_link_dst(const struct net *net, int l);
double net_link_bw(const struct net *net, int l);
int net_link_class(const struct net *net, int l);

/* Borrowed read-only views of the link arrays for tight loops (valid
   while net lives): per link source and destination vertex and
   bandwidth; the out-link offsets (vertices + 1 entries: the out-links of
   v are [off[v], off[v+1])); the dragonfly's L2 link table (the j-th link
   from g1 to g2 at [(g1 * groups + g2) * global_per_pair + j], -1 when
   g1 == g2; NULL on other families). */
const int *net_link_srcs(const struct net *net);
const int *net_link_dsts(const struct net *net);
const double *net_link_bws(const struct net *net);
const int *net_out_offsets(const struct net *net);
const int *net_df_globals(const struct net *net);
/* The router of every endpoint (endpoints entries), borrowed. */
const int *net_endpoint_routers(const struct net *net);

/* Out-links of vertex v are [net_out_begin(v), net_out_end(v)). */
int net_out_begin(const struct net *net, int v);
int net_out_end(const struct net *net, int v);

/* The first link a -> b, or -1. O(out-degree of a). */
int net_find_link(const struct net *net, int a, int b);

/* Link classes: count, and the name of class c (borrowed, lives with the
   net; "" for a bad c). */
int net_class_count(const struct net *net);
const char *net_class_name(const struct net *net, int c);
/* The class id of a name, or -1. */
int net_class_find(const struct net *net, const char *name);

/*
 * Readable names written into buf (n bytes; NET_NAME_MAX always suffices;
 * truncated otherwise); each returns buf. Routers: torus "(1,2,0)",
 * dragonfly "g3.c1.r5", fat-tree "L1.12", tree and graph the given name.
 * Endpoint vertices: the router's name + ".n<k>" (torus, dragonfly), or
 * "n<e>" (fat-tree). Links: "<src>-><dst>"; a second parallel link gets a
 * suffix (" (E-)" for the -1 link of a wrapped size-2 torus dimension,
 * " #j" for the j-th of parallel dragonfly or fat-tree links).
 */
char *net_vertex_name(const struct net *net, int v, char *buf, int n);
char *net_link_name(const struct net *net, int l, char *buf, int n);
/* The name of endpoint e (the name of its vertex, or router + ".n<k>"). */
char *net_endpoint_name(const struct net *net, int e, char *buf, int n);

/* Endpoints: the router of endpoint e; the injection (endpoint -> router)
   and ejection (router -> endpoint) links, or -1 without injection links. */
int net_endpoint_router(const struct net *net, int e);
int net_inj_link(const struct net *net, int e);
int net_ej_link(const struct net *net, int e);
/* First endpoint of router r and how many it has (0 for switches above
   the leaves of a fat-tree or the inner vertices of a TCA node). */
int net_router_endpoints(const struct net *net, int r, int *first);

/* Family parameters, or NULL when net is of another family. Borrowed. */
const struct net_torus_params *net_torus(const struct net *net);
const struct net_dragonfly_params *net_dragonfly(const struct net *net);
const struct net_fattree_params *net_fattree(const struct net *net);
const struct net_tca_params *net_tca(const struct net *net);

/* Torus: the name of dimension k ("A" or "dim k"), the coordinates of
   router r into x (nd ints), the router at x (each x[k] taken modulo its
   size), and the link from r along dimension k in direction sign (+1 or
   -1), or -1 if there is none (mesh edge, size-1 dimension). */
const char *net_torus_dim_name(const struct net *net, int k, char *buf, int n);
void net_torus_coords(const struct net *net, int r, int *x);
int net_torus_router(const struct net *net, const int *x);
int net_torus_link(const struct net *net, int r, int k, int sign);
/* The tables behind the two above, built with the net (NULL on other
   families), for loops that walk many paths: router r's coordinates at
   [r * nd + k], its link along k at [(r * nd + k) * 2 + (0 for +, 1 for
   -)] (-1: none). Borrowed. */
const int *net_torus_coord_table(const struct net *net);
const int *net_torus_link_table(const struct net *net);
/* The dimension and sign (+1/-1) of torus link l (not an injection link):
   returns the dimension and sets *sign, or -1. */
int net_torus_link_dim(const struct net *net, int l, int *sign);

/* Dragonfly: group, chassis and router slot of router r; the router at
   (g, c, r); the j-th L2 link from group g1 to group g2 (or -1). */
void net_df_coords(const struct net *net, int r, int *g, int *c, int *slot);
int net_df_router(const struct net *net, int g, int c, int slot);
int net_df_global(const struct net *net, int g1, int g2, int j);
/* The local router index (c*routers + slot) owning the j-th link from
   group g1 to group g2, and the one it lands on in g2. */
int net_df_gateway(const struct net *net, int g1, int g2, int j);
int net_df_landing(const struct net *net, int g1, int g2, int j);

/* Fat-tree: level of router r (0 = leaf) and its index in the level. */
int net_ft_level(const struct net *net, int r, int *index);

/* Tree: the link v -> parent and parent -> v, or -1 (root, other family). */
int net_tree_up_link(const struct net *net, int v);
int net_tree_down_link(const struct net *net, int v);

/* General graph: hops on a shortest path from vertex a to vertex b, or -1
   when b cannot be reached (or the net is not a general graph). */
int net_graph_hops(const struct net *net, int a, int b);

/* Tree: parent of node v (-1 for the root) and its depth (root 0); -1
   for both on other families. */
int net_tree_parent(const struct net *net, int v);
int net_tree_depth(const struct net *net, int v);

#endif
