/*
 * lm_net: the network of the link-utilization model -- routers joined by
 * directed links (each with a bandwidth, a class and a readable name) and
 * the endpoints ("nodes") that host ranks, each attached to a router.
 *
 * Families are built from parameters, never listed by hand:
 *  - N-dimensional torus or mesh (wrap flag per dimension, named
 *    dimensions, nodes per router); router id = x1 + d1*(x2 + d2*(...)),
 *    the first dimension varying fastest;
 *  - dragonfly (groups of chassis x routers, all-to-all rows and columns
 *    inside a group, one global link per group pair wired by the thesis's
 *    round-robin rule: the link G1->G2 leaves router (G2 mod R) of G1 and
 *    lands on router (G1 mod R) of G2);
 *  - the node-level "supernode" dragonfly of Jain's Ch. 8;
 *  - the fat-tree of Jain's Sec. 5 (k-ary, 2 or 3 levels, radix-k switches,
 *    a top level of half as many switches with doubled links);
 *  - a tree from a parent array (a PCIe tree seen as a graph);
 *  - any graph from explicit links (routes are shortest paths).
 * Links of the structured families are numbered by formula, so a route
 * finds its links in O(1); the full 92,160-router dragonfly has 2.76
 * million directed links and builds in a fraction of a second. A net is
 * immutable once built and may be shared between threads.
 */
#ifndef RHO_CORE_LM_NET_H
#define RHO_CORE_LM_NET_H

#include <stdint.h>

#include "core/rho_err.h"

#define LM_MAX_DIMS 8
#define LM_MAX_CLASSES 32

enum lm_family {
    LM_TORUS,
    LM_DRAGONFLY,
    LM_SUPERNODE,
    LM_FATTREE,
    LM_TREE,
    LM_GRAPH
};

struct lm_torus_params {
    int nd;
    int dim[LM_MAX_DIMS];
    int wrap[LM_MAX_DIMS];        /* 1 torus, 0 mesh, per dimension */
    char name[LM_MAX_DIMS][8];    /* "A", "B", ...; "" for x1, x2, ... */
    int nodes_per_router;         /* >= 1 */
    int cores;                    /* ranks per node, >= 1 */
    double bw;                    /* B/s per directed link */
    int all_minimal;              /* SD/AD use every minimal path, not DOR */
};

struct lm_dragonfly_params {
    int groups, rows, cols;       /* rows = chassis per group, cols =
                                     routers per chassis */
    int nodes_per_router, cores;
    double bw_row, bw_col, bw_global;
};

struct lm_supernode_params {
    int sn, nps, cpn;             /* supernodes, nodes per supernode,
                                     cores per node */
    double bw_l1, bw_l2;
};

struct lm_fattree_params {
    int k;                        /* switch radix, a multiple of 4 */
    int levels;                   /* 2 or 3 */
    int cores;
    double bw;
};

struct lm_net {
    int family;
    int nr, nl;          /* routers, directed links */
    int *lfrom, *lto;    /* per link: routers */
    double *lbw;         /* per link: B/s */
    uint8_t *lclass;     /* per link: class */
    int ncls;
    char cls[LM_MAX_CLASSES][32];
    int *out_off, *out_link; /* CSR: out links of each router */
    int nep;             /* endpoints (nodes hosting ranks) */
    int *ep_router;      /* per endpoint: its router */
    int cores;           /* ranks per endpoint */
    char **rname;        /* per router: a name (trees, graphs), or NULL */
    int *parent;         /* trees: per router, or NULL */
    int *level;          /* fat-trees: per router (0 = leaf), or NULL */

    struct lm_torus_params t;  /* LM_TORUS */
    int *tlink;          /* per router, dim, sign: link id or -1 */
    struct lm_dragonfly_params df;
    struct lm_supernode_params sn;
    struct lm_fattree_params ft;
    int ft_per_level;    /* switches per level below the top */
    int ft_groups;       /* L0 groups of k/2 leaves */
};

/* Builders. Each returns the net (caller owns: lm_net_free()) or NULL
   with err filled (bad parameters, too large: more than 2^31 links). */
struct lm_net *lm_torus_new(const struct lm_torus_params *p,
                            struct rho_err *err);
struct lm_net *lm_dragonfly_new(const struct lm_dragonfly_params *p,
                                struct rho_err *err);
struct lm_net *lm_supernode_new(const struct lm_supernode_params *p,
                                struct rho_err *err);
struct lm_net *lm_fattree_new(const struct lm_fattree_params *p,
                              struct rho_err *err);

/*
 * A tree from a parent array (parent[0] = -1); names are copied (may be
 * NULL). Every node is a router; the nodes in ep (nep of them) are the
 * endpoints, each hosting cores ranks. Links up and down carry bw.
 */
struct lm_net *lm_tree_new(int n, const int *parent,
                           const char *const *names, int nep, const int *ep,
                           int cores, double bw, struct rho_err *err);

/*
 * Any graph: n routers with names, nl directed links (from, to, bw, class
 * name); the routers in ep are endpoints. Routes are shortest paths.
 */
struct lm_net *lm_graph_new(int n, const char *const *names, int nl,
                            const int *from, const int *to, const double *bw,
                            const char *const *cls, int nep, const int *ep,
                            int cores, struct rho_err *err);

void lm_net_free(struct lm_net *net);

/* A readable name of router r ("(1,2,0)", "g3.c1.r5", "L1.7", "GPU0"). */
char *lm_router_name(const struct lm_net *net, int r, char *buf, int n);

/* A readable name of link l ("(1,2)->(2,2) x+", "g0.c1.r5->g7.c0.r2"). */
char *lm_link_name(const struct lm_net *net, int l, char *buf, int n);

/* The link from router a to router b, or -1 (the first if several). */
int lm_link_between(const struct lm_net *net, int a, int b);

/* Torus: coordinates of router r into x (nd ints); router of coords. */
void lm_torus_coords(const struct lm_net *net, int r, int *x);
int lm_torus_router(const struct lm_net *net, const int *x);

/* Dragonfly: group, chassis (row) and router-in-chassis (col) of r. */
void lm_df_place(const struct lm_net *net, int r, int *g, int *row, int *col);

/* Total endpoints' ranks: nep * cores. */
long long lm_net_slots(const struct lm_net *net);

#endif
