/*
 * queue_levels: how a network's links are grouped into the levels of the
 * queueing model, and the levels' links and capacities.
 *
 * Groupings (enum queue_group):
 *  - DEFAULT: the link classes the network already has, with the two
 *    directions of a class together: "injection" and "ejection" make the
 *    level "nodes" (first, as the paper's level 1 of a fat-tree); a torus
 *    dimension's "A +" and "A -" make "A"; a fat-tree's "up L0-L1" and
 *    "down L1-L0" make "L0-L1"; TCA's "pcie up" and "pcie down" make
 *    "pcie"; a dragonfly keeps "L1-row", "L1-col" and "L2". On a tree (a
 *    PCIe tree seen as a graph) a link's level is the depth of its lower
 *    end, deepest first: "depth 1", the links of the root's children,
 *    comes last (the highest level, as a fat-tree's top).
 *  - CLASSES: one level per link class, as the net names them.
 *  - ALL: one level holding every link (K = 1).
 *  - LIST: levels given by name, each a list of class names (or default
 *    level names: "nodes", "A", "L0-L1", "depth 2"); every class with
 *    links must be in exactly one level.
 * Levels without links are left out (except in LIST, where they are an
 * error). The map is exhaustive: every link has a level.
 *
 * Building a map is O(links) (the full dragonfly's 2.76M links in a few
 * milliseconds); it keeps one byte per link.
 */
#ifndef RHO_CORE_QUEUE_QUEUE_LEVELS_H
#define RHO_CORE_QUEUE_QUEUE_LEVELS_H

#include "core/base/rho_err.h"
#include "core/net/net.h"
#include "core/queue/queue.h"

enum queue_group {
    QUEUE_GROUP_DEFAULT,
    QUEUE_GROUP_CLASSES,
    QUEUE_GROUP_ALL,
    QUEUE_GROUP_LIST
};

/* One level of a LIST grouping. */
struct queue_level_spec {
    char name[QUEUE_NAME_MAX];
    int nclasses;
    char **classes; /* owned; class or default level names */
};

/* A grouping as a scenario gives it (plain data; deep-copied with the
   scenario). */
struct queue_group_spec {
    int kind;                    /* enum queue_group */
    int n;                       /* LIST: levels */
    struct queue_level_spec *lv; /* LIST: owned */
};

/* A net's links grouped into k levels. */
struct queue_map {
    int k;
    char (*name)[QUEUE_NAME_MAX];
    int nlinks;
    unsigned char *of_link; /* the level of every link */
    long long *n;           /* links per level */
    double *mu;             /* sum of their bandwidths, B/s */
    double *bmin, *bmax;    /* the slowest and the fastest */
};

/* Set g to DEFAULT. */
void queue_group_init(struct queue_group_spec *g);
/* Release what g owns and set it to DEFAULT. */
void queue_group_fini(struct queue_group_spec *g);
/* A deep copy into dst (not initialised). */
void queue_group_copy(struct queue_group_spec *dst,
                      const struct queue_group_spec *src);
/* Two groupings are the same. */
int queue_group_equal(const struct queue_group_spec *a,
                      const struct queue_group_spec *b);

/*
 * Append a level named name (copied) with nclasses class names (copied)
 * to a LIST grouping (g becomes LIST). Returns 0, or -1 with err filled
 * (too many levels, an empty or duplicate name, no classes).
 */
int queue_group_add(struct queue_group_spec *g, const char *name, int nclasses,
                    const char *const *classes, struct rho_err *err);

/* "default", "classes", "all", "list" and back (-1 if unknown). */
const char *queue_group_name(int kind);
int queue_group_parse(const char *name);

/*
 * Group net's links as g says (NULL: DEFAULT). Returns a new map (caller
 * owns it: queue_map_free()) or NULL with err filled (LIST: "level 'x':
 * no class 'L3' (the network's classes are ...)", "class 'L2' is in no
 * level", "class 'L2' is in levels 'a' and 'b'"; more than
 * QUEUE_MAX_LEVELS levels; a net without links).
 */
struct queue_map *queue_map_new(const struct net *net,
                                const struct queue_group_spec *g,
                                struct rho_err *err);

/* Release m. NULL is a no-op. */
void queue_map_free(struct queue_map *m);

/* A model with m's levels: names, links and capacities; v still 0.
   Caller owns it (queue_free()). */
struct queue *queue_from_map(const struct queue_map *m);

/*
 * A level seen link by link: what the functional link model's bytes of
 * one phase say about the level, beside the aggregate view. A link's load
 * is bytes / bandwidth (seconds of the phase it is busy); at a total rate
 * lambda the level's links together run at lambda v / mu, its hottest at
 * lambda (bytes_hot / W) / b_hot = imbalance times that.
 */
struct queue_link_level {
    double bytes;     /* on the level's links */
    double v;         /* bytes / W: the aggregate model's v when the
                         routings agree */
    double mean_load; /* sum bytes / sum bandwidth, s */
    double max_load;  /* the hottest link's bytes / bandwidth, s */
    int hot;          /* that link, -1 when no link carries bytes */
    long long used;   /* links with bytes */
    double imbalance; /* max_load / mean_load (>= 1; 0 without bytes) */
    double sat;       /* saturation throughput seen link by link: W /
                         max_load (INFINITY without bytes); the aggregate
                         mu / v is imbalance times it */
};

/*
 * Fill out[0..m->k) from the per-link bytes of one phase on net (grouped
 * by m) whose messages carried W bytes through the network (> 0).
 * O(links).
 */
void queue_map_links(const struct queue_map *m, const struct net *net,
                     const double *bytes, double W,
                     struct queue_link_level *out);

#endif
