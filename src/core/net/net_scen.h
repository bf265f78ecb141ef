/*
 * net_scen: the link-utilization part of a scenario, kept as *specs* --
 * what the script asked for (which network builder with which parameters,
 * each job's pattern with every option, the placement scheme) -- beside
 * the objects built from them (net, patterns, placement). The specs are
 * what lets the program rebuild a piece after an edit (a new seed, another
 * placement) and write the scenario back as Lua, with no Lua at edit time.
 *
 * The Lua binding reads tables into specs and calls the makers here, so a
 * script and an edit build through the same code. Specs are small plain
 * structs; the only large data -- explicit flows and an explicit
 * placement -- are immutable and shared by reference, so copying a
 * scenario (one per undo step) stays cheap.
 *
 * Error messages name the object as a script writes it ("rho.pattern.umesh:
 * ...", "placement 'XYZ': ..."), so the binding raises them unchanged at
 * the description's line.
 */
#ifndef RHO_CORE_NET_NET_SCEN_H
#define RHO_CORE_NET_NET_SCEN_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/net/net.h"
#include "core/net/pattern.h"
#include "core/net/placement.h"
#include "core/base/rho_err.h"
#include "core/base/strbuf.h"

/* ---- the network ---- */

enum net_topo_kind {
    NET_TOPO_PARAMS, /* a builder: rho.torus/mesh, dragonfly, fattree, tca */
    NET_TOPO_PRESET, /* rho.network "name" */
    NET_TOPO_PROTO,  /* rho.prototype{}: Jain Table 6.1 (net_design.h) */
    NET_TOPO_TREE    /* a PCIe tree seen as a network (built from the
                        scenario's tree and bandwidth, see
                        scenario_tree_net()) */
};

struct net_topo_spec {
    int kind;            /* enum net_topo_kind */
    char preset[32];     /* NET_TOPO_PRESET: the preset's name */
    struct net_spec net; /* PARAMS, PRESET, PROTO: family (NET_GRAPH =
                            TCA) and parameters, as net_new() takes them */
    /* PROTO: what net_prototype() was given (radix: the one it used) */
    struct {
        int family, radix, cores;
        long long nodes;
        double bw;
    } proto;
};

/*
 * Fill spec with the Table 6.1 prototype of family for nodes nodes
 * (net_prototype(): radix 0 is the thesis's formula; cores; bw B/s, 0 for
 * 12.5 GB/s). Returns 0, or -1 with err filled.
 */
int net_topo_prototype(int family, long long nodes, int radix, int cores,
                       double bw, struct net_topo_spec *spec,
                       struct rho_err *err);

/*
 * Fill spec from the preset name. Returns 0, or -1 with err filled (unknown
 * name: net_preset()'s message).
 */
int net_topo_preset(const char *name, struct net_topo_spec *spec,
                    struct rho_err *err);

/*
 * Build the network of spec. Returns a new net (caller owns it: net_free())
 * or NULL with err filled (a bad parameter; a NET_TOPO_TREE spec, which is
 * built from its scenario instead).
 */
struct net *net_topo_make(const struct net_topo_spec *spec,
                          struct rho_err *err);

/* What the network is, into buf (n bytes, truncated): "5x5 torus",
   "dragonfly, 9 groups of 2x4 routers, 2 nodes x 2 cores", "bgq-512: BG/Q
   512 nodes: 4x4x4x4x2 torus". Returns buf. */
char *net_topo_describe(const struct net_topo_spec *spec, char *buf, size_t n);

/* Append the Lua expression that builds the network ("rho.torus { dims =
   { 5, 5 }, bandwidth = \"2 GB/s\" }", "rho.network \"df-40\""), exact
   values; "nil" for a NET_TOPO_TREE spec. */
void net_topo_to_lua(const struct net_topo_spec *spec, struct strbuf *out);

/* ---- explicit messages ---- */

/* An explicit list of messages between job ranks. Immutable once made and
   shared by reference (thread-safe counts); refs is private. */
struct net_flows {
    atomic_int refs;
    long long n;
    int *src, *dst; /* n each */
    double *bytes;  /* n */
    int *step;      /* n, >= 0 */
};

/* A new list of n messages (n >= 0), copied from the arrays, or zeroed
   when they are NULL (step NULL: every step 0) -- then the creator fills
   the arrays before it shares the list. Caller owns the reference. */
struct net_flows *net_flows_new(long long n, const int *src, const int *dst,
                                const double *bytes, const int *step);
/* Another reference (returns f) and its release (NULL is a no-op). */
struct net_flows *net_flows_ref(struct net_flows *f);
void net_flows_free(struct net_flows *f);

/* ---- traffic patterns ---- */

enum net_pattern_kind {
    NET_PAT_UMESH,       /* rho.pattern.umesh */
    NET_PAT_NEAR,        /* rho.pattern.near */
    NET_PAT_SPREAD,      /* rho.pattern.spread */
    NET_PAT_STENCIL,     /* rho.pattern.stencil (and .halo) */
    NET_PAT_ALLTOALL,    /* rho.pattern.alltoall */
    NET_PAT_SUBA2A,      /* rho.pattern.suba2a */
    NET_PAT_PERMUTATION, /* rho.pattern.permutation */
    NET_PAT_COLLECTIVE,  /* rho.pattern.collective */
    NET_PAT_THESIS,      /* rho.pattern.thesis(name) */
    NET_PAT_FLOWS,       /* a scenario's explicit flows */
    NET_PAT_PHASES,      /* a list of patterns: traffic = { p1, p2 } */
    NET_PAT_COUNT
};

/* A pattern as described, for any number of ranks. Fields a kind does not
   use are ignored (and left at their defaults). */
struct net_pattern_spec {
    int kind;      /* enum net_pattern_kind */
    double size;   /* bytes per message (a collective's total); thesis:
                      > 0 replaces the thesis's size, else 0 */
    int min, max;  /* umesh, near, spread: partners per rank (6, 20) */
    int window;    /* umesh, near: 30 */
    int symmetric; /* umesh, near: 0 */
    int ndims;     /* stencil, alltoall, suba2a: the grid given in dims;
                      0: the most nearly equal grid of nd dimensions */
    int dims[NET_MAX_DIMS];
    int nd;       /* stencil, suba2a: 2 */
    int periodic; /* stencil: 1 */
    int corners;  /* stencil: 0 */
    int nalong;   /* suba2a: dimensions (1-based) in along[]; 0: all */
    int along[NET_MAX_DIMS];
    int how;       /* permutation: enum pattern_perm (PERM_REVERSE) */
    int rows;      /* permutation: 1 */
    int algorithm; /* collective: enum pattern_coll */
    int aggregate; /* collective: 0 */
    struct pattern_twotier tt; /* collective: supernodes, nodes, cores (0) */
    char *name;                /* thesis: the pattern's name; owned */
    int has_seed;              /* seed = given: it replaces the scenario's */
    uint64_t seed;
    struct net_flows *flows; /* FLOWS: one reference */
    int nphases;             /* PHASES: how many (1..PATTERN_MAX_PHASES) */
    struct net_pattern_spec *phase; /* PHASES: the phases in order, none of
                                       them PHASES; owned */
};

/* Set p to kind's defaults (size -1: none given). */
void net_pattern_spec_init(struct net_pattern_spec *p, int kind);
/* Release what p owns and zero it. A zeroed spec is a valid no-op. */
void net_pattern_spec_fini(struct net_pattern_spec *p);
/* A deep copy of src into dst (caller's storage, not initialised). */
void net_pattern_spec_copy(struct net_pattern_spec *dst,
                           const struct net_pattern_spec *src);
/* Two specs describe the same pattern (the flows compared by content). */
int net_pattern_spec_equal(const struct net_pattern_spec *a,
                           const struct net_pattern_spec *b);

/* "umesh", ..., "thesis", "flows", "phases", and back (-1 if unknown;
   "halo" is "stencil"). */
const char *net_pattern_kind_name(int kind);
int net_pattern_kind_parse(const char *name);

/*
 * Make a PHASES spec in p (caller's storage) of the n specs in phases,
 * which it takes over (their owned parts move; the array is the caller's
 * and left zeroed).
 */
void net_pattern_spec_phases(struct net_pattern_spec *p,
                             struct net_pattern_spec *phases, int n);

/*
 * Make the pattern p describes over n ranks on net (may be NULL; it gives
 * a two-tier collective the supernode geometry its spec leaves out, see
 * net_twotier_geometry()). seed is the job's (the scenario's seed + the
 * job's index); a spec with has_seed uses its own, otherwise the low 31
 * bits of seed are used (phase k of a PHASES spec: seed + k). Returns a
 * new pattern (caller owns it: pattern_free()) or NULL with err filled:
 * "rho.pattern.<kind>: <why>", "flows: <why>" or "phase 2: ...".
 */
struct pattern *net_pattern_make(const struct net_pattern_spec *p,
                                 const struct net *net, int n, uint64_t seed,
                                 struct rho_err *err);

/*
 * The supernode geometry of the two-tier collectives on net: the fields of
 * *tt that are 0 are taken from net when it is a dragonfly with one L2
 * link per group pair -- supernodes = groups, nodes = the routers of a
 * group (the two-tier "node" is a router: the thesis's rule that the link
 * from S1 to S2 leaves node S2 mod nps is the dragonfly's global wiring),
 * cores = nodes per router x cores. Returns 0, or -1 with err filled
 * ("give supernodes =, nodes = and cores =" naming the missing ones and
 * why the network cannot give them).
 */
int net_twotier_geometry(const struct net *net, struct pattern_twotier *tt,
                         struct rho_err *err);

/* Append the Lua expression of a pattern ("rho.pattern.umesh { size =
   \"64 KiB\" }"), exact values, options at their defaults left out. A
   FLOWS spec appends its list ("{\n    { 0, 7, size = \"1 MiB\" },\n ...
   }", indented for a scenario's top level), a PHASES spec the list of
   its phases ("{ rho.pattern.alltoall { ... }, rho.pattern.stencil { ...
   } }"). */
void net_pattern_to_lua(const struct net_pattern_spec *p, struct strbuf *out);

/* ---- placement ---- */

enum net_place_kind {
    NET_PLACE_SCHEME,  /* "linear", "RDN", ...: placement_scheme_new() */
    NET_PLACE_ORDER,   /* a torus order "ABCDET" */
    NET_PLACE_BLOCKED, /* rho.place.blocked{ dims, block } */
    NET_PLACE_RUBIK,   /* rho.place.rubik{ dims, tile, net_tile } */
    NET_PLACE_LIST     /* an explicit list of nodes */
};

struct net_place_spec {
    int kind;    /* enum net_place_kind */
    int scheme;  /* SCHEME: enum placement_scheme */
    char *order; /* ORDER: owned */
    int nd;      /* BLOCKED, RUBIK: the application grid */
    int dims[NET_MAX_DIMS];
    int tile[NET_MAX_DIMS];         /* BLOCKED: block; RUBIK: tile */
    int net_tile[NET_MAX_DIMS + 1]; /* RUBIK: torus dimensions, then T */
    struct placement *list;         /* LIST: the map; one reference */
};

/* Set p to the default placement (linear). */
void net_place_spec_init(struct net_place_spec *p);
/* Release what p owns and zero it. A zeroed spec is a valid no-op. */
void net_place_spec_fini(struct net_place_spec *p);
/* A deep copy (the explicit map is shared by reference). */
void net_place_spec_copy(struct net_place_spec *dst,
                         const struct net_place_spec *src);
/* Two specs describe the same placement (explicit maps by content). */
int net_place_spec_equal(const struct net_place_spec *a,
                         const struct net_place_spec *b);

/*
 * Parse the text form of a placement, as a scenario's `placement` string
 * field takes it: a scheme name ("RDN", any case; "in-order") or, on a
 * torus, an order such as "TABCDE". Fills *out (caller's storage; release
 * with net_place_spec_fini()) and returns 0, or -1 with err filled
 * ("placement 'X': expected linear, random, ...") and *out zeroed.
 */
int net_place_parse(const char *text, const struct net *net,
                    struct net_place_spec *out, struct rho_err *err);

/*
 * Place nranks ranks on net as p says (random schemes from seed). Returns
 * a new placement (caller owns it: placement_free()) or NULL with err
 * filled (the placement's own message; "rho.place.blocked places 16 ranks,
 * the traffic needs 25"; "placement: a list of 4 nodes, the traffic needs
 * 8 ranks").
 */
struct placement *net_place_make(const struct net_place_spec *p,
                                 const struct net *net, int nranks,
                                 uint64_t seed, struct rho_err *err);

/* How the ranks are placed, into buf: the scheme's name, the order,
   "blocked", "rubik" or "explicit". Returns buf. */
char *net_place_describe(const struct net_place_spec *p, char *buf, size_t n);

/* Append the Lua value of the placement ("\"RDN\"", "rho.place.blocked {
   dims = { 8, 8 }, block = { 2, 2 } }", "{ 0, 3, ... }"). */
void net_place_to_lua(const struct net_place_spec *p, struct strbuf *out);

/* ---- the link part of a scenario ---- */

/* A job of the link-utilization model: a pattern over its ranks, which
   run on placement ranks offset .. offset + ranks - 1. */
struct net_scen_job {
    char *name;                    /* owned, never NULL */
    struct pattern *pattern;       /* one reference; made from spec */
    int offset;                    /* into the scenario's placement */
    int routing;                   /* enum net_routing */
    int line;                      /* script line, 0 if unknown */
    int ranks;                     /* the job's ranks, for which the pattern
                                      is made (a FLOWS job: the placement's);
                                      a pattern on a given grid may use fewer */
    int rest;                      /* it took the ranks the other jobs left
                                      (`traffic =`, or a job without ranks) */
    struct net_pattern_spec spec;  /* owned */
};

/* The link-utilization part of a scenario: a network, a placement of the
   ranks of every job on its endpoints, the jobs, and the model's options.
   The jobs of patterns come first (job j seeded by the scenario's seed +
   j), then at most one FLOWS job (the scenario's flows, at offset 0). */
struct net_scen {
    struct net *net;             /* one reference */
    struct placement *placement; /* one reference */
    int routing;                 /* the scenario's, enum net_routing */
    int minimal;                 /* ROUTE_MIN or ROUTE_ALL */
    double gamma;                /* seconds per byte reduced (Jain's g in
                                    Tables 8.1, 8.2), 0 if not given */
    double bgq_threshold;        /* routing BGQ: bytes from which messages
                                    take the dynamic routing; 0: the
                                    model's default (64 KiB) */
    char *place_desc;            /* how the ranks were placed ("RDN"); owned */
    char *net_desc;              /* what the network is ("5x5 torus"); owned */
    int njobs;
    struct net_scen_job *job; /* owned */
    struct net_topo_spec net_spec;
    struct net_place_spec place;  /* owned */
    int nranks;                   /* ranks the placement is made for: the
                                     jobs' (all the net's with flows only) */
    int pending; /* an edit left the placement and the patterns to be
                    made again from place and pending_seed
                    (net_scen_defer(), net_scen_ready()): until then they
                    are those before it, which only an estimate may
                    read */
    uint64_t pending_seed;
};

/*
 * A new link part on net (takes a new reference) built as spec says
 * (copied; may be NULL: a NET_TOPO_TREE spec), with the default routing
 * (SD), ROUTE_MIN, no placement and no jobs; net_desc is set from spec.
 * Caller owns it: net_scen_free(). NULL is never returned.
 */
struct net_scen *net_scen_new(struct net *net,
                              const struct net_topo_spec *spec);
/* Release l. NULL is a no-op. */
void net_scen_free(struct net_scen *l);
/* A deep copy (net, placement and patterns shared by reference). */
struct net_scen *net_scen_clone(const struct net_scen *l);

/*
 * Set the placement: takes over the caller's reference to pl, copies the
 * spec and sets place_desc and nranks.
 */
void net_scen_set_placement(struct net_scen *l, struct placement *pl,
                            const struct net_place_spec *spec, int nranks);

/*
 * Append a job of ranks ranks: takes over the caller's reference to
 * pattern (made from spec for ranks ranks; spec is copied); name is
 * copied. Returns its index.
 */
int net_scen_add_job(struct net_scen *l, const char *name,
                     const struct net_pattern_spec *spec,
                     struct pattern *pattern, int ranks, int offset,
                     int routing, int line, int rest);

/*
 * Make the placement from spec (nranks of l, random schemes from seed)
 * and every job's pattern from its spec again; only when all succeed do
 * they replace l's (and l's placement spec, place_desc). Returns 0, or -1
 * with err filled and l unchanged.
 */
int net_scen_rebuild(struct net_scen *l, const struct net_place_spec *spec,
                     uint64_t seed, struct rho_err *err);

/*
 * net_scen_rebuild() later, off the caller's thread: spec is checked as
 * net_place_make() checks it (a scheme the family lacks, a bad torus
 * order, a list too short) without making the placement, then taken as
 * l's placement spec (place_desc follows), and l is marked pending with
 * seed; its placement and patterns stay the old ones until
 * net_scen_ready(). A blocked or Rubik spec is made at once
 * (net_scen_rebuild()). Returns 0, or -1 with err filled and l
 * unchanged. O(endpoints) at most (the check of a scheme), where
 * net_scen_rebuild() is O(ranks): 8.8M ranks take 100-250 ms.
 */
int net_scen_defer(struct net_scen *l, const struct net_place_spec *spec,
                   uint64_t seed, struct rho_err *err);

/*
 * Make what net_scen_defer() left pending: net_scen_rebuild(l, &l->place,
 * l->pending_seed), on a run's job thread: stop (may be NULL) is looked
 * at every 65536 ranks and between the steps (a quit or an edit must not
 * wait for the 8.8M ranks of the thesis). Returns 0 (also when nothing
 * is pending), or -1 with err filled (RHO_ECANCEL when stop rose; l
 * stays pending).
 */
int net_scen_ready(struct net_scen *l, const atomic_int *stop,
                   struct rho_err *err);

#endif
