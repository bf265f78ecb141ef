/*
 * net_fast: the default engines of the link model (NET_ENGINE_FAST and
 * NET_ENGINE_EXACT). Same model, same routing code and the same random
 * draws as the reference (net_ref.c); what differs is how the work is
 * organised, so that it runs fast, on the full 8.8M-core system in bounded
 * memory, and on several MPI ranks with the same result.
 *
 *  - Sums are exact. Every per-link sum (requests, grants, attributed
 *    bytes) and every scalar sum (bandwidth granted in a round, the mapping
 *    metrics) is formed in 64-bit fixed point: a value v becomes
 *    floor(v * 2^e + 1/2) with one power-of-two scale e per kind of sum,
 *    chosen from bounds every rank computes alike (the number of messages
 *    times the largest one, the largest link bandwidth). Integer sums do
 *    not depend on their order, so the result is the same bits for any
 *    number of threads, any split of the work, and any number of MPI ranks
 *    (whose sums the caller's reduce hook combines). A term is off by at
 *    most half a unit (2^-e): about 1e-18 of the phase's bytes.
 *  - Identical messages are solved once (exact). Messages of one job with
 *    the same routers (endpoints, with injection links) and bytes whose
 *    paths are fixed (AD, and DOR or SD beside an adaptive job) request,
 *    obtain and split exactly alike, so they form one entity of
 *    multiplicity k whose integer contributions are k times one message's:
 *    the same bits as k separate messages.
 *  - Identical messages are folded (exact): an adaptive solve past
 *    opts.msgs_limit whose adaptive jobs are all AD and whose caller
 *    wants no message list keeps the messages of a chunk with one job,
 *    endpoints and bytes as one record with their count, in the order of
 *    their first messages (a worker keeps the records of the chunks it
 *    collects, as many as there turn out to be; they are put in chunk
 *    order after, and the memory they take is checked as they grow: no
 *    count pass emits every message twice to count them first). Entities
 *    add the counts. The result then lists no messages: the bandwidth
 *    summary and the per-job bandwidths (an exact sum) come from the
 *    records with their counts.
 *  - Fixed paths are stored once per set (a pair of routers and a path
 *    set), shared by every entity between those routers, without the
 *    injection and ejection links (an entity keeps its own two): a
 *    fat-tree's all-to-all has millions of paths but thousands of sets.
 *    They are padded to the longest minimal path (the pad link nl reads
 *    +infinity and sums into a scratch slot), fresh paths to
 *    route_draw_pad()'s widths, so that every loop over a path has a
 *    constant trip count. A torus's fresh paths are padded with the links
 *    nl .. nl + NF_PADS - 1 (route_spread_pads()): about half their
 *    entries are pads, and with one every addition to it would wait on
 *    the one before.
 *  - Fresh paths are drawn as the reference draws them (route_draw_pad()
 *    keyed by message and round). On a torus whose DOR paths come in cells
 *    (route_cells_new(): a DOR path is a few parts, one a group of
 *    dimensions, each a cell), a fresh path is its intermediate router
 *    alone: a pass reads the minima of its cells, made once a round from
 *    the links' (one step a cell), and adds its value to sums per cell,
 *    which go onto the links after the pass (one step a cell) -- the same
 *    floats and integers as over its links, a few cells a path instead
 *    of a walk and a pass over every link. Each round's drawn paths and their
 *    grants are recorded while they fit opts.record_budget (the links of
 *    the paths that ask only, one after the other, a grant of -1 marking
 *    one that asked and got none; the attribution then reads them back;
 *    on a torus under DOR, where a path is fixed by
 *    its endpoints and intermediate router (route_by_via()), the record
 *    keeps that router and the path's length, and the attribution adds the
 *    path's bytes to the sums of its parts' pairs of routers, each pair
 *    walked once at the end); past it a round keeps only its per-link state
 *    (remaining bandwidth above the cutoff and grant per unit of request,
 *    two floats a link) and which entities asked, the grant pass draws the
 *    paths again, and so does an attribution sweep that recomputes every
 *    grant -- the same doubles as in the solve.
 *  - Once the exposure is over, remaining bandwidth only shrinks: a fresh
 *    entity whose every possible path crosses a link below the cutoff
 *    (route_live) can never ask again and leaves the active list for good.
 *    In a round with links below the cutoff, a drawn dragonfly path that
 *    the same bounds rule out is not built (route_draw_live()): its
 *    numbers are drawn, its load is 0.
 *  - Memory is planned before anything is built (a counting pass over the
 *    patterns gives the messages per job): a run over opts.mem_limit is
 *    refused (RHO_ELIMIT) with what it needs and on how many ranks it
 *    would fit.
 *
 * NET_ENGINE_FAST only, when the run would draw more than opts.samples
 * fresh paths during the exposure of AI and AH:
 *  - on a dragonfly or a fat-tree, the incremental exposure (f rounds of
 *    1/f of the bandwidth) is compressed: f' = max(1, samples / paths a
 *    round) rounds of 1/f' each;
 *  - on a torus (where the exposure is not compressed: see rho-model(7)),
 *    identical AI and AH messages (one job, the same routers and bytes)
 *    are cut, in the global emission order, into runs of up to w (the
 *    fewest that bring the paths under the budget, at most NF_REP_MAX);
 *    each run is one entity of multiplicity up to w that draws one set of
 *    paths a round from a key of its group and its place in it, so that
 *    the result stays the same bits on any threads and ranks.
 * Everything else is as EXACT. rho-model(7) bounds what this changes.
 */
#include "core/net/net_engine.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/base/pool.h"
#include "core/base/rho_alloc.h"
#include "core/base/rng.h"
#include "core/base/scratch.h"
#include "core/base/units.h"
#include "core/net/route.h"

#define NF_CHUNKS 1024  /* unit chunks per job */
#define NF_BLOCK 2048   /* entities per task of a pass */
#define NF_RBLOCK 512   /* active entities per task of a round's passes
                           (a few dozen tasks a pass on a torus: the
                           threads end it together) */
#define NF_LINK_TASKS 64
#define NF_LIVE_TASKS 8
#define NF_PADS ROUTE_PADS /* pad links nl .. nl + NF_PADS - 1 of a padded
                              path (route_spread_pads()) */
#define NF_POST_ROUNDS 24 /* rounds after the exposure, for planning */
/* messages a representative (or a folded run of AI or AH:
   fold_runs_of()) stands for, at most */
#define NF_REP_MAX 4
#define NF_PAIR_MEM (64.0 * 1048576) /* for the attribution's sums per
                                         pair of routers, at most */
#define NF_KEEP_PATHS (1LL << 22) /* messages up to which the result lists
                                     the fixed path sets */
#define NF_CELLS_MAX (1LL << 22)  /* cells of a torus's DOR paths, at most */
#define NF_CELL_TASKS 64          /* tasks of a pass over the cells' rows */

typedef long long fix; /* the reduce hook takes long long */

/* v >= 0 in units of 1/s (s a power of two), rounded to nearest */
static inline fix
fx(double v, double s)
{
    return (fix)(v * s + 0.5);
}

/* the largest power of two s with bound * s <= 2^61 */
static double
scale_for(double bound)
{
    int e;

    if (!(bound > 0) || !isfinite(bound))
        return 1;
    frexp(bound, &e); /* bound < 2^e */
    return ldexp(1.0, 61 - e);
}

static inline uint64_t
hmix(uint64_t h, uint64_t v)
{
    uint64_t s = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));

    return rng_splitmix64(&s);
}

/* The solve's big arrays (per message, entity, path or link) come from
   the scratch cache (scratch.h), not from malloc(): the explorer solves
   again on every edit, and a cached block's pages are already there, so
   the next solve does not fault (and the kernel does not zero) them
   again. n elements of size bytes (at least one), contents undefined;
   released with scratch_put() where free() was. */
static size_t
sbytes(long long n, size_t size)
{
    size_t k = n > 0 ? (size_t)n : 1;

    if (k > SIZE_MAX / size)
        rho_fatal("out of memory (%lld x %zu bytes)", n, size);
    return k * size;
}

static void *
sarray(long long n, size_t size)
{
    return scratch_get(sbytes(n, size));
}

/* As sarray(), zeroed (where calloc() was): a new block's pages are
   faulted in only when touched, as calloc()'s. */
static void *
sarray0(long long n, size_t size)
{
    return scratch_get0(sbytes(n, size));
}

/* As sarray0(), for a table that is probed (read) before it is written:
   its pages written now. A new block's page that is read first maps the
   kernel's shared zero page, and the write after it copies that page and
   flushes the old mapping from every CPU the solve's threads run on (an
   interrupt each): the supernode's entity tables, filled by two threads,
   spent a quarter of an AD solve there. */
static void *
table0(long long n, size_t size)
{
    size_t b = sbytes(n, size);
    void *p = scratch_get(b);

    memset(p, 0, b);
    return p;
}

static int
fresh_paths(int routing)
{
    return routing == NET_SI || routing == NET_AI || routing == NET_AH;
}

/* Fixed-point metric sums. */
struct fsums {
    fix routed, rbytes, hopb, hsum, total, msgs;
    double hmax;
};

static void
fsums_add(struct fsums *to, const struct fsums *s)
{
    to->routed += s->routed;
    to->rbytes += s->rbytes;
    to->hopb += s->hopb;
    to->hsum += s->hsum;
    to->total += s->total;
    to->msgs += s->msgs;
    if (s->hmax > to->hmax)
        to->hmax = s->hmax;
}

/* Messages (struct of arrays). key (what a message's draws start from)
   only when some job draws (SI, AI, AH): NULL else. Folded (sv->fold),
   each is a run of cnt[i] identical messages (one job, the same
   endpoints and bytes) that came one after the other, src and dst the
   first's; cnt NULL else. job, src, dst and bytes go to the result
   (fill_messages()); es, ed and key are scratch arrays (scr 1). A worker
   folding keeps its records in one of its own (fworker.rec), and folded
   every array is scratch (scr 2). */
struct fmsgs {
    long long n, cap;
    int *job, *src, *dst, *es, *ed;
    double *bytes;
    uint64_t *key;
    int *cnt;
    int scr;
};

/* How many messages record i of m stands for. */
static inline int
fmsgs_cnt(const struct fmsgs *m, long long i)
{
    return m->cnt != NULL ? m->cnt[i] : 1;
}

/* A scratch array of n elements of size bytes holding the first k of p
   (a scratch array, or NULL), which it replaces (scratch_grow(): a
   mapped block's pages move, none is copied). */
static void *
sregrow(void *p, long long k, long long n, size_t size)
{
    return scratch_grow(p, k > 0 ? sbytes(k, size) : 0, sbytes(n, size));
}

static void
fmsgs_reserve(struct fmsgs *m, long long n, int keys)
{
    size_t c;

    if (n <= m->cap)
        return;
    m->scr = 1;
    c = m->cap == 0 ? (size_t)n : rho_grow_cap((size_t)m->cap, (size_t)n);
    m->job = xreallocarray(m->job, c, sizeof(int));
    m->src = xreallocarray(m->src, c, sizeof(int));
    m->dst = xreallocarray(m->dst, c, sizeof(int));
    m->bytes = xreallocarray(m->bytes, c, sizeof(double));
    m->es = sregrow(m->es, m->cap, (long long)c, sizeof(int));
    m->ed = sregrow(m->ed, m->cap, (long long)c, sizeof(int));
    if (keys)
        m->key = sregrow(m->key, m->cap, (long long)c, sizeof(uint64_t));
    m->cap = (long long)c;
}

/* Room for c records in m, every array scratch (scr 2): a folding
   worker's, which grow as they fill (copied to new blocks, the growth
   took as long as the count pass it replaced), and the records they are
   gathered into. */
static void
frecs_reserve(struct fmsgs *m, long long c)
{
    long long k = m->n;

    if (c <= m->cap)
        return;
    m->scr = 2;
    m->job = sregrow(m->job, k, c, sizeof *m->job);
    m->src = sregrow(m->src, k, c, sizeof *m->src);
    m->dst = sregrow(m->dst, k, c, sizeof *m->dst);
    m->es = sregrow(m->es, k, c, sizeof *m->es);
    m->ed = sregrow(m->ed, k, c, sizeof *m->ed);
    m->bytes = sregrow(m->bytes, k, c, sizeof *m->bytes);
    m->cnt = sregrow(m->cnt, k, c, sizeof *m->cnt);
    m->cap = c;
}

static void
fmsgs_free(struct fmsgs *m)
{
    if (m->scr == 2) {
        scratch_put(m->job);
        scratch_put(m->src);
        scratch_put(m->dst);
        scratch_put(m->bytes);
        scratch_put(m->cnt);
    } else {
        free(m->job);
        free(m->src);
        free(m->dst);
        free(m->bytes);
    }
    scratch_put(m->es);
    scratch_put(m->ed);
    scratch_put(m->key);
    memset(m, 0, sizeof *m);
}

struct fsolver;

/* A folded record of the chunk a worker collects (see fold_record()). */
struct fold_slot {
    double bytes;
    int job, es, ed;
    unsigned gen; /* the chunk's, or stale */
    long long at;
};

/* fold_record()'s hints: the record last found or made for a source
   endpoint and the parity of a destination, in front of the table (a
   collective's step sends from each node to two, and the chunk's next
   step to the same two: the table's slot, out of the first-level cache,
   was a third of the collection). A hint is the table's record for its
   key while its generation is the chunk's. */
#define NF_HINTS 2048 /* a power of 2 */
struct fold_hint {
    int job, es, ed;
    unsigned gen;
    long long at;
    double bytes; /* the record's (beside its key: reading them from the
                     records waited on a miss a stretch) */
};

struct fworker {
    struct fsolver *sv;
    struct route *rt;
    int *buf;  /* route_max_hops() + 1 */
    int *pbuf; /* padded paths of one entity */
    int *plen; /* their lengths */
    double *pl;
    unsigned char *dead; /* route_draw_live()'s, one entity's paths */
    double *pg; /* sv->cells: the grants of one entity's paths */
    fix *pv;    /* sv->cells: the values of one entity's paths */
    fix *acc;  /* (nl + NF_PADS) x nacc: this pass's link sums */
    fix *pair; /* sv->pairs: per pair of routers a, b, the bytes
                  attributed to the DOR path from a to b: paths that
                  start at a at a nr + b, the others (from an
                  intermediate router) at nr^2 + b nr + a, so that the
                  sums of an entity's paths stay in two rows */
    fix *csum; /* sv->cells: this pass's sums per cell (push_task() adds
                  them onto the links and leaves them zero) */
    fix gain;  /* this round's grants */
    int any;
    long long asking; /* paths that asked this round (x multiplicity) */
    struct fsums s;
    long long at, end; /* collect: where the chunk's next message goes
                          in sv->m, and where its messages end */
    long long lmax_n; /* count pass */
    long long *jn;    /* per job */
    double lmax_b;
    int job;
    const int *mend; /* with runs: where each rank's stretch of ranks on
                        its endpoint ends (sv->jend) */
    const int *map; /* the job's placement map from its offset, and its */
    int nr;         /* pattern's ranks (set with job, for every message) */
    long long unit;
    int idx;
    int failed;
    long long tick; /* messages since the last checkpoint() */
    struct rho_err err;
    /* static routing: a run of messages of one job between the same
       endpoints with the same bytes, routed once with its multiplicity
       when the run ends (k times one message's integer sums are the sums
       of k messages): a collective's cores of one node send to the cores
       of another in a row; folding, the run of the last record */
    struct {
        int job, es, ed, src, dst;
        double bytes;
        fix k;
    } run;
    /* folding: the records of the chunks this worker collected, one
       after the other (each chunk's start and number in ch_off, ch_got),
       the record the run adds to (-1: none), and the chunk's records by
       key (job, endpoints, bytes), those of generation gen */
    struct fmsgs rec;
    long long run_at;
    struct fold_slot *ftab;
    struct fold_hint *fhint; /* NF_HINTS */
    long long fcap, fn;
    unsigned fgen;
    /* static routing of a pattern's runs (pattern_emit_runs()): the
       chunk's stretches between the same endpoints, one record per job,
       endpoints and bytes in the order of their first messages, routed
       once each with their multiplicity (static_flush()) */
    struct srec *srec;
    long long sn, scap;
    struct sslot *stab;
    long long stcap;
    unsigned sgen;
};

struct srec {
    int job, es, ed, src, dst;
    double bytes;
    fix k;
};

struct sslot {
    unsigned gen;
    int rec;
};

struct fsolver {
    const struct net *net;
    const struct net_job *jobs;
    int njobs;
    struct net_opts o;
    int exact;
    int nl;
    const double *bw; /* the net's (net_link_bws()) */
    struct pool *pool;
    int nthreads;
    struct fworker *w;
    struct net_result *res;
    int adaptive; /* some job adaptive: collect and allocate */
    int keys;     /* some job draws (SI, AI, AH): messages keep their key */
    int keep;     /* messages go to the result */
    int may_fold; /* the solve may fold runs of identical messages (see
                     net_opts.msgs_limit) */
    int fold;     /* it does: sv->m holds runs (m.cnt) */
    int frun;     /* folded AI and AH: each record's messages solved in
                     runs of at most frun (fold_runs_of()); 0 else */
    long long nfresh_recs; /* then the runs of AI and AH records */
    double runs_need;      /* refused though they would fold: the bytes
                              in runs of NF_REP_MAX (else 0) */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    atomic_int cancel, fail;
    struct rho_err ferr;
    int fail_chunk;
    atomic_llong msgs_done; /* emitted and routed so far (route, collect) */
    long long msgs_mine;    /* this rank's messages (the count pass) */

    /* chunks of units: all jobs, in order; this rank's are [c0, c1) */
    int nchunks, c0, c1;
    int **jend; /* per job whose pattern has runs (pattern_has_runs()):
                   per rank r, the first rank after r on another endpoint
                   (or the pattern's ranks), so that a run's stretches
                   between the same endpoints take a step each */
    int *ch_job;
    long long *ch_u0, *ch_u1;
    long long *ch_cnt; /* messages per chunk (all ranks) */
    long long *ch_got; /* folded: records per chunk, */
    long long *ch_off; /* where they start in its worker's rec */
    int *ch_w;         /* and that worker */
    atomic_llong fold_cap; /* folded: the records the workers have room
                              for, all together */
    long long *ch_at; /* collect: where each chunk's messages start in m
                         (the count pass knows how many it has) */
    struct fmsgs m; /* this rank's messages, in emission order */
    struct fsums total;

    /* scales: loads and bytes, grants, the round's total grant, hop
       sums */
    double sL, sG, sgain, sH, sHB;
    double maxhops;

    /* entities */
    long long ne;
    long long *ent_msg; /* first message of the entity */
    int *ent_mult;
    uint64_t *ent_key; /* grouped fresh entities: the key of their draws
                          (NULL without grouping) */
    int reps;          /* > 0: identical AI/AH messages solved as
                          representatives of at most this many (FAST) */
    double *ent_bw;
    int *msg_ent; /* -1: needs no link */
    long long n_none; /* messages (or records) that need no link */
    unsigned char *ent_rt;
    int *poff; /* ne + 1 */
    long long *ent_slot; /* fixed entities: their first shared path (see
                            fixed_links()); fresh ones: their first slot
                            in vpad (NULL when no entity is fixed and
                            there is no vpad) */
    long long nfixed_paths;
    long long all_paths; /* paths of a round, every message's (all ranks) */
    int *plen;    /* per path (poff), with a round callback only */
    /* fixed paths, shared: every set (routers, mode) once, each path
       without its injection and ejection links, padded to Wf */
    long long nshared;  /* shared paths */
    int *links;         /* nshared x Wf */
    int *flen;          /* per shared path: its length with both ends */
    int *ent_end;       /* with injection links: per fixed entity, its
                           injection and ejection links (else NULL) */
    double *pload, *ptotal, *palloc;
    long long nfresh_paths; /* fresh paths a round (this rank) */
    int W, Wd;              /* padded widths */
    int Wf;                 /* a shared fixed path's: Wd without the ends */
    int slots_rt[NET_ROUTING_COUNT]; /* fresh slots of an entity */
    int nd_ah;

    /* the active entities of the round, in order */
    long long nact;
    int *act;  /* (entities are numbered in ints: msg_ent) */
    int *bact; /* per block: the entities that asked (alloc pass) */
    long long *bnact;
    long long *bcount; /* per block: fresh entities, slots, paths,
                          indirect paths */

    /* rounds */
    int fexpose;
    double *rem, *O, *G;
    double *cut;
    float *remc, *qf; /* nl + NF_PADS, the pads from nl */
    int iter;
    double exposed;
    struct route_live *live;
    int use_live;
    int any_fresh_adaptive;
    /* the rounds, kept for the attribution */
    int nrec, rec_cap;
    struct rround *rec;
    double rec_bytes;
    /* fresh paths fixed by their intermediate routers (route_by_via()):
       a recorded round keeps those, not the links; the round's links
       live in a scratch per block (kept from round to round) from the
       request pass to the grant pass */
    int via;
    int nr;    /* routers */
    int pairs; /* the attribution sums per pair of routers (pair) */
    int cell_attr; /* the attribution sums per cell (cells, csum) */
    long long nscr;
    int **scr;
    long long *scr_cap;
    int *vpad; /* the round callback's fresh paths (padded) */
    /* with sv->via, when the torus's DOR paths come in cells
       (route_cells_new()): a fresh path is its injection and ejection
       links and the cells of its parts (from its source's router to its
       intermediate one and on to its destination's), so that the passes
       neither walk nor store its links: they read the minima of its
       cells (cmr: of remc, cmq: of qf; cells_min()) and add to its
       worker's sums per cell (fworker.csum), which push_task() adds onto
       the links after the pass -- the same floats and integers */
    struct route_cells *cells;
    struct cend *cend; /* per entity (fresh ones) */
    float *cmr, *cmq;
    /* with cells, when some link is below the cutoff: per pair of routers
       a, b whether the DOR path from a to b crosses only links above it
       (dor_ok), and whether some path through an intermediate router
       does (via_ok; the direct path is the one through a): rows of nr
       bits, rw 64-bit words a row (cells_live()) */
    uint64_t *dor_ok, *via_ok;
    int rw;
    uint64_t rlast;            /* the bits of routers in a row's last word */
    fix *red;                  /* reduce scratch */
    double work_done, work_total;
    double planned; /* bytes the plan gives the solve (this rank) */
    int rounds_planned;
    long long n_all; /* messages, all ranks */
    long long *jcount; /* messages per job (count pass, all ranks) */
    double bwsum;

    /* the round callback's compact paths */
    long long *vstart;
    int *vlinks;
    int with_paths;
};

enum { FAIL_RANGE, FAIL_REACH };

static void
worker_fail(struct fworker *w, int kind, int job, int src, int dst)
{
    if (w->failed)
        return;
    w->failed = 1;
    net_msg_error(&w->err, kind == FAIL_REACH, job, src, dst);
}

/* The first worker's failure, if any, becomes the solve's. */
static int
take_failure(struct fsolver *sv)
{
    for (int i = 0; i < sv->nthreads; i++)
        if (sv->w[i].failed) {
            if (!sv->fail)
                sv->ferr = sv->w[i].err;
            sv->fail = 1;
        }
    return sv->fail ? -1 : 0;
}

/* Has the solve been cancelled (a callback said so, or the caller's stop
   flag is up)? Lock-free: every long loop polls it every few thousand
   steps. Stops the pool's loop too. */
static int
stopped(struct fsolver *sv)
{
    if (sv->cancel)
        return 1;
    if (sv->o.stop != NULL &&
        atomic_load_explicit(sv->o.stop, memory_order_relaxed)) {
        sv->cancel = 1;
        if (sv->pool != NULL)
            pool_cancel(sv->pool);
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------- reducing */

/* Combine v[0..n) over the ranks (op NET_REDUCE_SUM, _MAX or _EXSCAN). */
static int
reduce(struct fsolver *sv, long long *v, long long n, int op)
{
    if (sv->o.reduce == NULL || sv->o.nranks <= 1) {
        if (op == NET_REDUCE_EXSCAN) /* (no rank before this one) */
            memset(v, 0, (size_t)n * sizeof *v);
        return 0;
    }
    if (sv->o.reduce(sv->o.reduce_ctx, v, n, op) != 0) {
        sv->cancel = 1;
        return -1;
    }
    return 0;
}

/* Every rank learns whether some rank failed or was cancelled, so that
   they all stop before the next reduce (a rank that stops alone would
   leave the others waiting). Returns nonzero when the solve must stop. */
static int
agree(struct fsolver *sv)
{
    long long f = sv->fail ? 2 : stopped(sv) ? 1 : 0;

    if (sv->o.reduce == NULL || sv->o.nranks <= 1)
        return f != 0;
    if (sv->o.reduce(sv->o.reduce_ctx, &f, 1, NET_REDUCE_MAX) != 0)
        f = f > 1 ? f : 1;
    if (f == 2 && !sv->fail) {
        sv->fail = 1;
        rho_err_set(&sv->ferr, RHO_EINPUT, "link model: another rank failed");
    } else if (f == 1)
        sv->cancel = 1;
    return f != 0;
}

/* Sum the workers' link arrays (k of them each, nl + NF_PADS apart) into
   out (k x nl), then over the ranks. With clear, the workers' arrays are
   left zero (but for the pad slots, which are never read), ready for the
   next pass. */
struct sum_ctx {
    struct fsolver *sv;
    int k, clear;
    fix *out;
};

static int
sum_task(void *ctx, long long t, int wi)
{
    struct sum_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    const long long nl = sv->nl, n = nl * c->k;
    long long a = n * t / NF_LINK_TASKS, b = n * (t + 1) / NF_LINK_TASKS;

    (void)wi;
    /* the links of one row j at a time (rows nl + NF_PADS apart in the
       workers' arrays), each array in a loop of its own, which
       vectorizes */
    while (a < b) {
        long long j = a / nl, l = a % nl;
        long long r = nl - l < b - a ? nl - l : b - a;
        size_t at = (size_t)(j * (nl + NF_PADS) + l);
        fix *out = c->out + a;
        memcpy(out, sv->w[0].acc + at, (size_t)r * sizeof(fix));
        for (int w = 1; w < sv->nthreads; w++) {
            const fix *x = sv->w[w].acc + at;
            for (long long i = 0; i < r; i++)
                out[i] += x[i];
        }
        if (c->clear)
            for (int w = 0; w < sv->nthreads; w++)
                memset(sv->w[w].acc + at, 0, (size_t)r * sizeof(fix));
        a += r;
    }
    return 0;
}

static int
sum_links_clear(struct fsolver *sv, int k, fix *out, int clear)
{
    struct sum_ctx c = {sv, k, clear, out};

    pool_for(sv->pool, NF_LINK_TASKS, 1, sum_task, &c);
    return reduce(sv, (long long *)out, (long long)sv->nl * k,
                  NET_REDUCE_SUM);
}

static int
sum_links(struct fsolver *sv, int k, fix *out)
{
    return sum_links_clear(sv, k, out, 0);
}

/* Ready the workers for a pass: their link arrays zero (when zero is set;
   else sum_links_clear() left them so), their scalars too. */
static void
zero_acc(struct fsolver *sv, int k, int zero)
{
    for (int w = 0; w < sv->nthreads; w++) {
        if (zero)
            memset(sv->w[w].acc, 0,
                   (size_t)(sv->nl + NF_PADS) * k * sizeof(fix));
        sv->w[w].gain = 0;
        sv->w[w].any = 0;
        sv->w[w].asking = 0;
    }
}

/* -------------------------------------------------------------- plan */

/* Bytes of memory a solve needs on one rank, roughly: for N messages of
   which nfresh have fresh paths, nfixed_ent entities of fixed paths with
   nfixed_paths paths of which nshared are stored (0 before they are
   built: the plan is then made again), with rounds allocation rounds.
   Rounds of fresh paths recorded for the attribution come on top, within
   opts.record_budget. */
struct plan {
    double base;  /* what every rank needs whatever its share */
    double share; /* what its messages need */
};

static void
plan_memory(const struct fsolver *sv, double N, double nfresh,
            double nfixed_ent, double nfixed_paths, double nshared,
            int rounds, struct plan *pl)
{
    double nl = sv->nl;
    double key = sv->keys ? 8 : 0;
    double per_msg = 5 * 4 + 8 + key + 4 + 8; /* fields, key, entity, bw */
    /* msg, mult, bw, rt, poff, slot, act and bact (ints), key (runs) */
    double per_ent = 8 + 4 + 8 + 1 + 4 + 8 + 4 + 4 + (sv->frun > 0 ? 8 : 0);
    double per_fixed_path = 8 + 8; /* load, total */
    double per_shared = 4 + 4.0 * sv->Wf;
    double links = 6 * 8 * nl + 2 * 4 * nl;
    double threads = (double)sv->nthreads *
                     ((nl + NF_PADS) * 8 * (sv->o.per_job ? sv->njobs : 1) +
                      (double)sv->W * 4 * 64 + 65536);

    pl->base = links + threads;
    if (!sv->adaptive) {
        pl->share = sv->keep ? N * (5 * 4 + 8 + key + 8) : 0;
        return;
    }
    pl->share = N * per_msg + (nfresh + nfixed_ent) * per_ent +
                nfixed_ent * (sv->Wf < sv->Wd ? 8 : 0) +
                nfixed_paths * per_fixed_path +
                nshared * per_shared;
    if (sv->o.keep_paths && N <= NF_KEEP_PATHS &&
        !sv->fold) /* the result's fixed path sets */
        pl->share += nfixed_paths * (8 + 4 + 8 + 4.0 * sv->Wd);
    if (sv->any_fresh_adaptive) {
        pl->base += (double)rounds * 8 * nl;
        pl->share += (double)rounds * (nfresh + nfixed_ent) / 8;
    }
}

/* The end of a refusal of AI or AH messages that would fold: what runs
   of NF_REP_MAX would need (fold_runs_of()), into buf. */
static const char *
runs_note(const struct fsolver *sv, char *buf, size_t n)
{
    snprintf(buf, n, "%.0fMiB in runs of %d identical messages)",
             ceil(sv->runs_need / 1048576.0), NF_REP_MAX);
    return buf;
}

/* How much of a solve a plan counts (plan_refusal()). */
enum plan_part {
    PLAN_WHOLE,   /* all of it: err names what would do */
    PLAN_FOLDING, /* a folded solve's records so far */
    PLAN_NO_PATHS /* before the fixed paths are built: they come on top,
                     so what would do is not known yet */
};

/* Whether pl (this rank's) passes the limit (-1, else 0); if so, err
   says what it needs and on how many ranks it would fit, or (a plan of
   part of it: lower) that it needs more. */
static int
plan_refusal(const struct fsolver *sv, const struct plan *pl, long long n_all,
             enum plan_part lower, struct rho_err *err)
{
    double lim = net_mem_limit(&sv->o), need = pl->base + pl->share;
    int nr = sv->o.nranks > 1 ? sv->o.nranks : 1, ranks;
    char a[32], b[32], c[32], d[96];

    if (need <= lim)
        return 0;
    ranks = lim > pl->base ? (int)ceil(pl->share * nr / (lim - pl->base)) : -1;
    units_fmt_size(a, sizeof a, need);
    units_fmt_size(b, sizeof b, lim);
    units_fmt_int(c, sizeof c, n_all);
    /* (a folded solve names no ranks: rho-mpi's ranks do not fold) */
    if (lower == PLAN_NO_PATHS)
        rho_err_set(err, RHO_ELIMIT,
                    "the link model needs more than %s for %s messages%s "
                    "(before their fixed paths are counted, which come on "
                    "top), more than the %s allowed (raise it with "
                    "--max-memory: past this count the paths are planned "
                    "too, and the message names what would do)",
                    a, c, nr > 1 ? " on each rank" : "", b);
    else if (lower == PLAN_FOLDING)
        rho_err_set(err, RHO_ELIMIT,
                    "the link model needs more than %s for %s messages "
                    "(counted while folding identical ones, before all "
                    "were collected), more than the %s allowed (raise it "
                    "with --max-memory)",
                    a, c, b);
    else if (ranks > nr && ranks <= 1000000 && !sv->fold)
        rho_err_set(err, RHO_ELIMIT,
                    "the link model needs about %s for %s messages%s, more "
                    "than the %s allowed: it would fit on %d MPI ranks "
                    "(rho-mpi), or with --max-memory %.0fMiB%s%s",
                    a, c, nr > 1 ? " on each rank" : "", b, ranks,
                    ceil(need / 1048576.0), sv->runs_need > 0 ? " (or " : "",
                    sv->runs_need > 0 ? runs_note(sv, d, sizeof d) : "");
    else
        rho_err_set(err, RHO_ELIMIT,
                    "the link model needs about %s for %s messages%s, more "
                    "than the %s allowed (--max-memory %.0fMiB would do)",
                    a, c, nr > 1 ? " on each rank" : "", b,
                    ceil(need / 1048576.0));
    return -1;
}

/* Refuse when pl (this rank's, of part: plan_refusal()) passes the
   limit. Returns 0 or -1. */
static int
check_plan(struct fsolver *sv, const struct plan *pl, long long n_all,
           enum plan_part part)
{
    sv->planned = pl->base + pl->share;
    if (plan_refusal(sv, pl, n_all, part, &sv->ferr) == 0)
        return 0;
    sv->fail = 1;
    return -1;
}

/* Room for one more record in folding worker w's (grown as they come:
   no count pass counts them before). 0, or -1 when the room of every
   worker's records would pass the memory limit: w fails with the
   refusal. */
static int
fold_room(struct fworker *w)
{
    struct fsolver *sv = w->sv;
    struct fmsgs *m = &w->rec;
    long long c, all;
    struct plan pl;

    if (m->n < m->cap)
        return 0;
    c = (long long)rho_grow_cap((size_t)m->cap, (size_t)m->n + 1);
    if (c < 4096)
        c = 4096;
    all = atomic_fetch_add(&sv->fold_cap, c - m->cap) + (c - m->cap);
    plan_memory(sv, (double)all, 0, 0, 0, 0, sv->rounds_planned, &pl);
    if (plan_refusal(sv, &pl, sv->n_all, PLAN_FOLDING, &w->err) != 0) {
        atomic_fetch_sub(&sv->fold_cap, c - m->cap);
        w->failed = 1;
        return -1;
    }
    frecs_reserve(m, c);
    return 0;
}

/* --------------------------------------------------------- progress */

static int
progress(struct fsolver *sv, const char *phase, double done)
{
    int stop = 0;

    if (sv->o.progress == NULL || stopped(sv))
        return sv->cancel;
    pthread_mutex_lock(&sv->mu);
    if (!sv->cancel)
        stop = sv->o.progress(sv->o.progress_ctx, phase,
                              done < 0 ? 0 : done > 1 ? 1 : done);
    if (stop)
        sv->cancel = 1;
    pthread_mutex_unlock(&sv->mu);
    if (stop)
        pool_cancel(sv->pool);
    return stop;
}

/* Work units (entity passes) done in the solve and attribution. */
static int
progress_work(struct fsolver *sv, double units)
{
    double d;

    pthread_mutex_lock(&sv->mu);
    sv->work_done += units;
    d = sv->work_total > 0 ? sv->work_done / sv->work_total : 0;
    pthread_mutex_unlock(&sv->mu);
    return progress(sv, "solve", d > 0.999 ? 0.999 : d);
}

/* A worker's checkpoint in the emission (every few thousand messages,
   and within a message of many packets): its messages count towards the
   phase's progress, reported when no other thread is reporting. Returns
   nonzero once the solve is cancelled. */
static int
checkpoint(struct fsolver *sv, struct fworker *w)
{
    long long done;

    if (w->tick > 0) {
        atomic_fetch_add_explicit(&sv->msgs_done, w->tick,
                                  memory_order_relaxed);
        w->tick = 0;
    }
    if (stopped(sv))
        return 1;
    if (sv->o.progress == NULL || pthread_mutex_trylock(&sv->mu) != 0)
        return 0;
    done = atomic_load_explicit(&sv->msgs_done, memory_order_relaxed);
    if (!sv->cancel &&
        sv->o.progress(sv->o.progress_ctx, sv->adaptive ? "collect" : "route",
                       sv->msgs_mine > 0 && done < sv->msgs_mine
                           ? (double)done / (double)sv->msgs_mine
                           : 1.0))
        sv->cancel = 1;
    pthread_mutex_unlock(&sv->mu);
    return sv->cancel;
}

#define NF_CHECK 2048 /* messages (or packets) between two checkpoints */

/* ----------------------------------------------------- static routing */

/* The path set of a message of a static or direct routing (not SI), as
   the reference's mode_of(). */
static int
mode_of(const struct fsolver *sv, int routing, double bytes)
{
    if (routing == NET_DOR)
        return ROUTE_ONE;
    if (routing == NET_BGQ)
        return bytes < sv->o.bgq_threshold ? ROUTE_BGQ : ROUTE_ALL;
    return sv->o.minimal;
}

/* Route one message statically (DOR, SD, SI or BGQ) into acc (mult times);
   adds its metrics to s. As the reference's route_static(), in fixed
   point. Returns 0, or -1 when an endpoint cannot reach the other. */
static int
route_static(struct fsolver *sv, struct route *rt, int *buf, int routing,
             int es, int ed, double bytes, uint64_t key, fix *acc, fix mult,
             struct fsums *s)
{
    double mean = 0, sL = sv->sL;
    int ml = 0;

    if (bytes <= 0)
        return 0;
    if (routing == NET_SI) {
        double c = route_count(rt, es, ed, sv->o.minimal), npk, b;
        long long samples;
        struct rng g;
        fix k;
        if (c < 0)
            return -1;
        if (c == 0)
            return 0;
        npk = ceil(bytes / sv->o.packet);
        if (npk < 1)
            npk = 1;
        samples = sv->o.si_samples > 0 && npk > (double)sv->o.si_samples
                      ? sv->o.si_samples
                      : (long long)npk;
        b = bytes / (double)samples;
        k = mult * fx(b, sL);
        rng_init(&g, key);
        for (long long i = 0; i < samples; i++) {
            int len;
            if ((i & (NF_CHECK - 1)) == NF_CHECK - 1 && stopped(sv))
                return 0; /* (the solve is discarded) */
            len = route_valiant(rt, es, ed, sv->o.minimal, &g, buf);
            if (len < 0)
                return -1;
            for (int j = 0; j < len; j++)
                acc[buf[j]] += k;
            mean += len;
            if (len > ml)
                ml = len;
        }
        mean /= (double)samples;
    } else {
        const struct route_share *sh;
        int mode = mode_of(sv, routing, bytes);
        int n = route_shares(rt, es, ed, mode, &sh, NULL, &ml);
        if (n < 0)
            return -1;
        for (int i = 0; i < n; i++) {
            acc[sh[i].link] += mult * fx(bytes * sh[i].frac, sL);
            mean += sh[i].frac;
        }
    }
    if (mean > 0) {
        s->routed += mult;
        s->rbytes += mult * fx(bytes, sL);
        s->hsum += mult * fx(mean, sv->sH);
        s->hopb += mult * fx(bytes * mean, sv->sHB);
        if (ml > s->hmax)
            s->hmax = ml;
    }
    return 0;
}

/* ------------------------------------------------- chunks and messages */

static void
make_chunks(struct fsolver *sv)
{
    sv->nchunks = net_jobs_chunks(sv->jobs, sv->njobs, NF_CHUNKS, &sv->ch_job,
                                  &sv->ch_u0, &sv->ch_u1);
    /* this rank's share: a contiguous run of chunks */
    if (sv->o.nranks > 1) {
        sv->c0 = (int)((long long)sv->nchunks * sv->o.rank / sv->o.nranks);
        sv->c1 =
            (int)((long long)sv->nchunks * (sv->o.rank + 1) / sv->o.nranks);
    } else {
        sv->c0 = 0;
        sv->c1 = sv->nchunks;
    }
}

/* w emits job j's messages. */
static void
set_job(struct fworker *w, int j)
{
    const struct net_job *nj = &w->sv->jobs[j];

    w->job = j;
    w->map = placement_map(nj->placement) + nj->offset;
    w->nr = pattern_ranks(nj->pattern);
    w->mend = w->sv->jend != NULL ? w->sv->jend[j] : NULL;
}

/* sv->jend (NULL when no job's pattern has runs). */
static void
make_stretches(struct fsolver *sv)
{
    for (int j = 0; j < sv->njobs; j++) {
        const struct net_job *nj = &sv->jobs[j];
        const int *map = placement_map(nj->placement) + nj->offset;
        int n = pattern_ranks(nj->pattern), *e;
        if (!pattern_has_runs(nj->pattern) || n < 1)
            continue;
        if (sv->jend == NULL)
            sv->jend = xcalloc((size_t)sv->njobs, sizeof *sv->jend);
        sv->jend[j] = e = xmalloc((size_t)n * sizeof *e);
        e[n - 1] = n;
        for (int r = n - 2; r >= 0; r--)
            e[r] = map[r + 1] == map[r] ? e[r + 1] : r + 1;
    }
}

/* Folding: a message of w->job between endpoints es and ed with bytes
   extends w's run (returns 1), or starts a new one (returns 0). */
static int
run_extend(struct fworker *w, int es, int ed, double bytes)
{
    if (w->run.k > 0 && w->run.k < INT_MAX && w->run.job == w->job &&
        w->run.es == es && w->run.ed == ed && w->run.bytes == bytes) {
        w->run.k++;
        return 1;
    }
    w->run.job = w->job;
    w->run.es = es;
    w->run.ed = ed;
    w->run.bytes = bytes;
    w->run.k = 1;
    return 0;
}

/* The count pass: messages and the largest message of this rank. */
static void
count_msg(void *v, int src, int dst, double bytes, int step)
{
    struct fworker *w = v;
    struct fsolver *sv = w->sv;

    if (sv->cancel || (sv->o.step >= 0 && step != sv->o.step))
        return;
    if ((++w->tick & (NF_CHECK - 1)) == 0)
        stopped(sv);
    w->lmax_n++;
    w->jn[w->job]++;
    if (bytes > w->lmax_b)
        w->lmax_b = bytes;
    (void)src;
    (void)dst;
}

/* The length of the stretch of w's run of k messages from i on (src + i
   to dst + i, ...) between the same endpoints (w->map's). */
static inline int
stretch(const struct fworker *w, int src, int dst, int i, int k)
{
    if (w->mend != NULL) { /* (where the first of the two ends changes) */
        int a = w->mend[src + i] - src, b = w->mend[dst + i] - dst;
        int j = a < b ? a : b;
        return (j < k ? j : k) - i;
    }
    return placement_stretch(w->map, src, dst, i, k);
}

/* count_msg() for a run of k messages (pattern_emit_runs()): the same
   counts at once. */
static void
count_run(void *v, int src, int dst, int k, double bytes, int step)
{
    struct fworker *w = v;
    struct fsolver *sv = w->sv;
    long long t0 = w->tick;

    if (src < 0 || dst < 0 || src > w->nr - k || dst > w->nr - k) {
        for (int i = 0; i < k; i++) /* (as count_msg() fails them) */
            count_msg(v, src + i, dst + i, bytes, step);
        return;
    }
    if (sv->cancel || (sv->o.step >= 0 && step != sv->o.step))
        return;
    w->tick += k;
    if (t0 / NF_CHECK != w->tick / NF_CHECK)
        stopped(sv);
    w->lmax_n += k;
    w->jn[w->job] += k;
    if (bytes > w->lmax_b)
        w->lmax_b = bytes;
}

/* Unit u of chunk task w's pattern p through fn, as runs when p has them
   (runs: runfn) and the count or collection takes them. */
static void
emit_unit(struct fworker *w, const struct pattern *p, long long u,
          pattern_emit_fn *fn, pattern_run_fn *runfn)
{
    if (runfn == NULL || pattern_emit_runs(p, u, runfn, w) != 0)
        pattern_emit(p, u, fn, w);
}

static int
count_task(void *ctx, long long i, int wi)
{
    struct fsolver *sv = ctx;
    struct fworker *w = &sv->w[wi];
    int c = sv->c0 + (int)i;
    const struct pattern *p = sv->jobs[sv->ch_job[c]].pattern;
    long long n0 = w->lmax_n;

    if (stopped(sv))
        return 1;

    set_job(w, sv->ch_job[c]);
    for (long long u = sv->ch_u0[c]; u < sv->ch_u1[c] && !sv->cancel; u++)
        emit_unit(w, p, u, count_msg, count_run);
    sv->ch_cnt[c] = w->lmax_n - n0;
    progress(sv, "count",
             (double)(i + 1) / (sv->c1 - sv->c0 > 0 ? sv->c1 - sv->c0 : 1));
    return stopped(sv);
}

/* Set the scales from the number of messages and the largest one over
   all ranks, and the links' bandwidths. */
static int
set_scales(struct fsolver *sv, long long n, double maxb)
{
    long long v[2];
    double T, maxbw = 0, sumbw = 0;

    v[0] = n;
    v[1] = (long long)(maxb >= 0 ? ceil(maxb) : 0);
    if (reduce(sv, v, 1, NET_REDUCE_SUM) != 0 ||
        reduce(sv, v + 1, 1, NET_REDUCE_MAX) != 0)
        return -1;
    T = (double)(v[0] > 0 ? v[0] : 1) * (double)(v[1] > 0 ? v[1] : 1);
    for (int l = 0; l < sv->nl; l++) {
        if (sv->bw[l] > maxbw)
            maxbw = sv->bw[l];
        sumbw += sv->bw[l];
    }
    sv->sL = scale_for(2 * T);
    sv->sHB = scale_for(2 * T * (sv->maxhops + 1));
    sv->sH = scale_for(2 * (double)(v[0] > 0 ? v[0] : 1) * (sv->maxhops + 1));
    sv->sG = scale_for(2 * maxbw);
    sv->sgain = scale_for(2 * sumbw);
    return 0;
}

/* Route w's run of identical messages (static routing), if any. */
static void
flush_run(struct fworker *w)
{
    struct fsolver *sv = w->sv;
    const struct net_job *j;

    if (w->run.k == 0)
        return;
    j = &sv->jobs[w->run.job];
    if (route_static(sv, w->rt, w->buf, j->routing, w->run.es, w->run.ed,
                     w->run.bytes, 0,
                     w->acc + (sv->res->job_bytes != NULL
                                   ? (size_t)w->run.job * (sv->nl + NF_PADS)
                                   : 0),
                     w->run.k, &w->s) != 0)
        worker_fail(w, FAIL_REACH, w->run.job, w->run.src, w->run.dst);
    w->run.k = 0;
}

/* Message at of the collection. */
static inline void
put_msg(struct fmsgs *m, long long at, int job, int src, int dst, int es,
        int ed, double bytes)
{
    m->job[at] = job;
    m->src[at] = src;
    m->dst[at] = dst;
    m->es[at] = es;
    m->ed[at] = ed;
    m->bytes[at] = bytes;
}

/* Folding: the record of the chunk with w's job, es, ed and bytes, with
   one more message, or a new one; the run adds to it from now on. A
   chunk's records are in the order of their first messages, and the
   messages of one record are identical, so the entities built from them
   (and their order) are those of the messages; the sums of their counts
   are integers. The table's hash is one multiply, its high half folded
   onto the low one that indexes the table: each of a collective's 33
   million stretches looks a record up (the hash only places records in
   the table, so it changes no result). */
static uint64_t
fold_hash(int job, int es, int ed, double bytes)
{
    uint64_t bb, h;

    memcpy(&bb, &bytes, sizeof bb);
    h = (((uint64_t)(unsigned)es << 32) | (unsigned)ed) ^
        (uint64_t)(unsigned)job * 0xff51afd7ed558ccdULL ^ (bb ^ bb >> 29);
    h *= 0x9e3779b97f4a7c15ULL;
    return h ^ h >> 32;
}

static void
fold_record(struct fworker *w, int src, int dst, int es, int ed, double bytes)
{
    struct fmsgs *m = &w->rec;
    long long k, at;
    struct fold_slot *t;
    struct fold_hint *hn;

    if (w->fhint == NULL)
        w->fhint = xcalloc(NF_HINTS, sizeof *w->fhint);
    hn = &w->fhint[((unsigned)es * 2u + ((unsigned)ed & 1u)) & (NF_HINTS - 1)];
    if (hn->gen == w->fgen && hn->es == es && hn->ed == ed &&
        hn->job == w->job && hn->bytes == bytes &&
        m->cnt[hn->at] < INT_MAX) {
        m->cnt[hn->at]++;
        w->run_at = hn->at;
        return;
    }

    if (2 * (w->fn + 1) > w->fcap) { /* (grown with the chunk's only) */
        long long nc = w->fcap > 0 ? 2 * w->fcap : 4096;
        struct fold_slot *n = table0(nc, sizeof *n);
        for (long long i = 0; i < w->fcap; i++) {
            const struct fold_slot *o = &w->ftab[i];
            if (o->gen != w->fgen)
                continue;
            k = (long long)(fold_hash(o->job, o->es, o->ed, o->bytes) &
                            (uint64_t)(nc - 1));
            while (n[k].gen == w->fgen)
                k = (k + 1) & (nc - 1);
            n[k] = *o;
        }
        scratch_put(w->ftab);
        w->ftab = n;
        w->fcap = nc;
    }
    k = (long long)(fold_hash(w->job, es, ed, bytes) &
                    (uint64_t)(w->fcap - 1));
    for (t = &w->ftab[k]; t->gen == w->fgen;
         k = (k + 1) & (w->fcap - 1), t = &w->ftab[k])
        if (t->job == w->job && t->es == es && t->ed == ed &&
            t->bytes == bytes) {
            if (m->cnt[t->at] < INT_MAX) {
                m->cnt[t->at]++;
                w->run_at = t->at;
                *hn = (struct fold_hint){w->job, es, ed, w->fgen, t->at,
                                         bytes};
                return;
            }
            break; /* (full: a new record takes its place) */
        }
    w->run_at = -1;
    if (fold_room(w) != 0)
        return;
    at = m->n++;
    put_msg(m, at, w->job, src, dst, es, ed, bytes);
    m->cnt[at] = 1;
    w->run_at = at;
    if (t->gen != w->fgen)
        w->fn++;
    t->job = w->job;
    t->es = es;
    t->ed = ed;
    t->bytes = bytes;
    t->gen = w->fgen;
    t->at = at;
    *hn = (struct fold_hint){w->job, es, ed, w->fgen, at, bytes};
}

/* A new chunk: no records, no run. */
static void
fold_chunk(struct fworker *w)
{
    w->run.k = 0;
    w->run_at = -1;
    w->fn = 0;
    if (++w->fgen == 0) { /* (wrapped: every slot stale again) */
        memset(w->ftab, 0, (size_t)w->fcap * sizeof *w->ftab);
        if (w->fhint != NULL)
            memset(w->fhint, 0, NF_HINTS * sizeof *w->fhint);
        w->fgen = 1;
    }
}

/* The key of w's message idx of its unit (what its draws start from),
   made only where it is used: kept when some job draws, handed to a
   static route (SI draws from it); an AD collection has no use for it. */
static inline uint64_t
msg_key(const struct fsolver *sv, const struct fworker *w, int idx)
{
    return hmix(hmix(hmix(sv->o.seed, (uint64_t)w->job), (uint64_t)w->unit),
                (uint64_t)idx);
}

/* Route w's static records (the chunk's so far), in the order of their
   first messages, each once with its multiplicity; the first that fails
   fails the chunk, as its first message would have. */
static void
static_flush(struct fworker *w)
{
    flush_run(w);
    for (long long i = 0; i < w->sn && !w->failed; i++) {
        const struct srec *r = &w->srec[i];
        w->run.job = r->job;
        w->run.es = r->es;
        w->run.ed = r->ed;
        w->run.src = r->src;
        w->run.dst = r->dst;
        w->run.bytes = r->bytes;
        w->run.k = r->k;
        flush_run(w);
    }
    w->sn = 0;
    if (++w->sgen == 0) { /* (wrapped: every slot stale again) */
        memset(w->stab, 0, (size_t)w->stcap * sizeof *w->stab);
        w->sgen = 1;
    }
}

#define NF_SREC_MAX 65536 /* static records a worker keeps before routing */

/* m messages of w->job from src to dst (the first of them) between
   endpoints es and ed with bytes, for static routing: onto their record. */
static void
static_add(struct fworker *w, int src, int dst, int es, int ed, double bytes,
           int m)
{
    long long k;
    struct sslot *t;

    if (w->sn >= NF_SREC_MAX)
        static_flush(w);
    if (2 * (w->sn + 1) > w->stcap) { /* (the table grows with the records) */
        long long nc = w->stcap > 0 ? 2 * w->stcap : 4096;
        scratch_put(w->stab);
        w->stab = table0(nc, sizeof *w->stab);
        w->stcap = nc;
        w->sgen = 1;
        for (long long i = 0; i < w->sn; i++) {
            const struct srec *r = &w->srec[i];
            k = (long long)(fold_hash(r->job, r->es, r->ed, r->bytes) &
                            (uint64_t)(nc - 1));
            while (w->stab[k].gen == w->sgen)
                k = (k + 1) & (nc - 1);
            w->stab[k].gen = w->sgen;
            w->stab[k].rec = (int)i;
        }
    }
    k = (long long)(fold_hash(w->job, es, ed, bytes) & (uint64_t)(w->stcap - 1));
    for (t = &w->stab[k]; t->gen == w->sgen;
         k = (k + 1) & (w->stcap - 1), t = &w->stab[k]) {
        struct srec *r = &w->srec[t->rec];
        if (r->job == w->job && r->es == es && r->ed == ed &&
            r->bytes == bytes) {
            r->k += m;
            return;
        }
    }
    if (w->sn == w->scap) {
        w->scap = w->scap > 0 ? 2 * w->scap : 1024;
        w->srec = xreallocarray(w->srec, (size_t)w->scap, sizeof *w->srec);
    }
    w->srec[w->sn] = (struct srec){w->job, es, ed, src, dst, bytes, m};
    t->gen = w->sgen;
    t->rec = (int)w->sn++;
}

/* Folding, one message (its endpoints es and ed): one more message of
   the run's record, or of another record. */
static void
fold_one(struct fworker *w, int src, int dst, int es, int ed, double bytes)
{
    struct fsolver *sv = w->sv;

    (void)sv;
    if (run_extend(w, es, ed, bytes) && w->run_at >= 0 &&
        w->rec.cnt[w->run_at] < INT_MAX) {
        w->rec.cnt[w->run_at]++;
        return;
    }
    fold_record(w, src, dst, es, ed, bytes);
}

static void
sink_msg(void *v, int src, int dst, double bytes, int step)
{
    struct fworker *w = v;
    struct fsolver *sv = w->sv;
    const struct net_job *j = &sv->jobs[w->job];
    int idx = w->idx++, es, ed;
    uint64_t key;

    if (w->failed || sv->cancel || (sv->o.step >= 0 && step != sv->o.step))
        return;
    if (++w->tick >= NF_CHECK && checkpoint(sv, w))
        return;
    if (src < 0 || src >= w->nr || dst < 0 || dst >= w->nr) {
        worker_fail(w, FAIL_RANGE, w->job, src, dst);
        return;
    }
    es = w->map[src];
    ed = w->map[dst];
    w->s.msgs++;
    w->s.total += fx(bytes, sv->sL);
    if (sv->fold) {
        fold_one(w, src, dst, es, ed, bytes);
        return;
    }
    if (!sv->adaptive && !sv->keep && j->routing != NET_SI) {
        /* (SI draws per message, from its key) */
        if (w->sn > 0)
            static_flush(w); /* (records of runs before) */
        if (w->run.k > 0 && (w->run.job != w->job || w->run.es != es ||
                             w->run.ed != ed || w->run.bytes != bytes))
            flush_run(w);
        if (w->run.k == 0) {
            w->run.job = w->job;
            w->run.es = es;
            w->run.ed = ed;
            w->run.src = src;
            w->run.dst = dst;
            w->run.bytes = bytes;
        }
        w->run.k++;
        return;
    }
    if (sv->adaptive || sv->keep) {
        struct fmsgs *m = &sv->m;
        long long at = w->at++;
        if (at >= w->end) /* (the count pass said otherwise) */
            return;
        put_msg(m, at, w->job, src, dst, es, ed, bytes);
        if (m->key != NULL)
            m->key[at] = msg_key(sv, w, idx);
    }
    if (sv->adaptive)
        return;
    key = msg_key(sv, w, idx);
    if (route_static(sv, w->rt, w->buf, j->routing, es, ed, bytes, key,
                     w->acc + (sv->res->job_bytes != NULL
                                   ? (size_t)w->job * (sv->nl + NF_PADS)
                                   : 0),
                     1, &w->s) != 0)
        worker_fail(w, FAIL_REACH, w->job, src, dst);
}

/* sink_msg() for a run of k messages (pattern_emit_runs()), when the
   solve folds or routes them statically (else one by one): a stretch of
   messages between the same endpoints at once, with the same sums,
   records and runs. Static routing adds the stretches to records
   (static_add()) routed once a chunk: a pairwise reduce-scatter's
   16,384 ranks send from 1,024 nodes to 1,024 in runs of 16 in every
   step, and a chunk's 16 steps are only 2,048 to 3,072 records. */
static void
sink_run(void *v, int src, int dst, int k, double bytes, int step)
{
    struct fworker *w = v;
    struct fsolver *sv = w->sv;
    int job_static = !sv->adaptive && !sv->keep &&
                     sv->jobs[w->job].routing != NET_SI;
    fix one;

    if ((!sv->fold && !job_static) || src < 0 || dst < 0 ||
        src > w->nr - k || dst > w->nr - k) {
        for (int i = 0; i < k; i++)
            sink_msg(v, src + i, dst + i, bytes, step);
        return;
    }
    w->idx += k;
    if (w->failed || sv->cancel || (sv->o.step >= 0 && step != sv->o.step))
        return;
    w->tick += k;
    if (w->tick >= NF_CHECK && checkpoint(sv, w))
        return;
    if (!sv->fold && w->run.k > 0)
        flush_run(w); /* (a run of single messages before) */
    one = fx(bytes, sv->sL);
    for (int i = 0, m; i < k && !w->failed; i += m) {
        int s = src + i, d = dst + i, es = w->map[s], ed = w->map[d];
        m = stretch(w, src, dst, i, k);
        w->s.msgs += m;
        w->s.total += one * m;
        if (!sv->fold) {
            static_add(w, s, d, es, ed, bytes, m);
            continue;
        }
        fold_one(w, s, d, es, ed, bytes);
        if (m > 1 && w->run_at >= 0 && w->run.k <= INT_MAX - (m - 1) &&
            w->rec.cnt[w->run_at] <= INT_MAX - (m - 1)) {
            w->run.k += m - 1; /* (what m - 1 fold_one() calls do) */
            w->rec.cnt[w->run_at] += m - 1;
        } else
            for (int j = 1; j < m; j++)
                fold_one(w, s + j, d + j, es, ed, bytes);
    }
}

/* Chunk c need not run: a chunk before it failed. */
static int
skip_chunk(struct fsolver *sv, int c)
{
    int skip = 0;

    if (sv->fail) {
        pthread_mutex_lock(&sv->mu);
        skip = sv->fail_chunk < c;
        pthread_mutex_unlock(&sv->mu);
    }
    return skip;
}

/* A chunk failed: the solve reports the failure of the earliest chunk
   that failed (every earlier chunk has started, so the report does not
   depend on the threads). */
static void
chunk_failed(struct fsolver *sv, struct fworker *w, int c)
{
    pthread_mutex_lock(&sv->mu);
    if (!sv->fail || c < sv->fail_chunk) {
        sv->ferr = w->err;
        sv->fail_chunk = c;
    }
    sv->fail = 1;
    pthread_mutex_unlock(&sv->mu);
    w->failed = 0;
}

/* Emit chunk i of this rank; static runs route it at once, adaptive ones
   write its messages into sv->m where the count pass placed them (chunk
   order, whichever thread runs the chunk), folded ones their records
   after the worker's (fold_gather() orders them). A chunk starts even
   after a later one failed, so that the earliest failure is reported. */
static int
chunk_task(void *ctx, long long i, int wi)
{
    struct fsolver *sv = ctx;
    struct fworker *w = &sv->w[wi];
    int c = sv->c0 + (int)i;
    const struct net_job *j = &sv->jobs[sv->ch_job[c]];

    long long *cnt = sv->ch_cnt, r0 = w->rec.n, m0 = w->s.msgs;

    set_job(w, sv->ch_job[c]);
    w->at = sv->ch_at != NULL ? sv->ch_at[c - sv->c0] : 0;
    w->end = sv->ch_at != NULL ? sv->ch_at[c - sv->c0 + 1] : 0;
    w->run.k = 0;
    if (sv->fold)
        fold_chunk(w);
    if (!sv->cancel && !skip_chunk(sv, c))
        for (long long u = sv->ch_u0[c];
             u < sv->ch_u1[c] && !w->failed && !sv->cancel; u++) {
            w->unit = u;
            w->idx = 0;
            emit_unit(w, j->pattern, u, sink_msg, sink_run);
        }
    if (sv->fold) {
        w->run.k = 0; /* (records, not routed) */
        sv->ch_w[c - sv->c0] = wi;
        sv->ch_off[c - sv->c0] = r0;
        sv->ch_got[c - sv->c0] = w->rec.n - r0;
    }
    static_flush(w);
    if (sv->ch_at != NULL && !w->failed && !sv->cancel && !skip_chunk(sv, c) &&
        (sv->fold ? w->s.msgs - m0 != cnt[c] : w->at != w->end)) {
        rho_err_set(&w->err, RHO_EINTERNAL,
                    "link model: job %d emitted %lld messages in a chunk "
                    "the count pass gave %lld",
                    w->job + 1,
                    sv->fold ? w->s.msgs - m0 : w->at - (w->end - cnt[c]),
                    cnt[c]);
        w->failed = 1;
    }
    if (w->failed)
        chunk_failed(sv, w, c);
    (void)i;
    checkpoint(sv, w);
    return sv->cancel || sv->fail;
}

/* ------------------------------------------------------------ entities */

static int
ndirect_of(const struct fsolver *sv, int routing)
{
    return routing == NET_AH ? sv->o.ah_direct : 0;
}

static int
npaths_fresh(const struct fsolver *sv, int routing)
{
    return routing == NET_AH ? sv->o.ah_direct + sv->o.ah_indirect
                             : sv->o.ai_paths;
}

/* The padded width of fresh path i of routing. */
static int
pwidth(const struct fsolver *sv, int routing, int i)
{
    return i < ndirect_of(sv, routing) ? sv->Wd : sv->W;
}

/* Slots of the fresh paths of one entity of routing. */
static int
fresh_slots(const struct fsolver *sv, int routing)
{
    return sv->slots_rt[routing];
}

static void
set_slots(struct fsolver *sv)
{
    for (int rt = 0; rt < NET_ROUTING_COUNT; rt++) {
        int n = npaths_fresh(sv, rt), s = 0;
        for (int i = 0; i < n; i++)
            s += pwidth(sv, rt, i);
        sv->slots_rt[rt] = s;
    }
}

/* Representatives (FAST, sv->reps = w > 0): the messages of an AI or AH
   job with the same routers (endpoints, with injection links) and bytes
   form a group; its messages, in the global emission order, are cut into
   runs of w, and each run is one entity (a representative) of
   multiplicity up to w, drawing its paths from a key of the group and the
   run alone. A message's run is its position among the messages of the
   group's slot (the top NF_SLOT_BITS of the group's hash; two groups may
   share one, which only shortens runs), counted over every rank before it
   (a reduce of the slots' counts): wherever its messages are (which
   thread, which MPI rank), a run draws the same paths with the same
   multiplicity in all, so the integer sums are the same bits. */
#define NF_SLOT_BITS 18

static int
grouped(const struct fsolver *sv, int routing)
{
    return sv->reps > 0 && (routing == NET_AI || routing == NET_AH);
}

/* The key entity e draws its fresh paths from. */
static inline uint64_t
draw_key(const struct fsolver *sv, long long e)
{
    return sv->ent_key != NULL ? sv->ent_key[e] : sv->m.key[sv->ent_msg[e]];
}

/* Folded AI and AH (sv->frun = w): the runs of record m (1 when it is
   not of an AI or AH job). */
static inline int
runs_of(const struct fsolver *sv, long long m)
{
    return sv->frun > 0 && fresh_paths(sv->jobs[sv->m.job[m]].routing)
               ? (sv->m.cnt[m] + sv->frun - 1) / sv->frun
               : 1;
}

/* Entities are built in passes over fixed blocks of messages and over
   parts of the hash space, and neither changes what they are: classify
   every message and hash the fixed-path ones by (job, routers
   -- or endpoints with injection links --, bytes), counting each block's
   messages of each part; in each part (a range of the hash's top bits),
   the messages in order, give every new key an entity; number the
   entities. Entity order: their first messages' (the emission order), so
   that when every entity is one message the entities' fixed paths are in
   the order the result lists them (fill_messages() hands their totals
   over as they are). A part's pass reads the messages in order, skipping
   the other parts' (sorted into 64 buckets first, as they once were, the
   messages of a bucket were read at random: a cache miss a field, a fifth
   of pf3d-rubik's AD solve); there are as many parts as threads, which
   changes how the work is split, not the entities. */
#define NF_PARTS 64 /* parts at most (ranges of the top 6 bits) */
#define ENT_NONE (-1)
#define ENT_FRESH (-2)
#define ENT_FIXED (-3)
/* until numbered, a fixed message's msg_ent is ENT_LOCAL(e, first): its
   entity's number e in its part, and whether it is the first message */
#define ENT_LOCAL(e, first) (-4 - 2 * (e) - !(first))

struct ent_ctx {
    struct fsolver *sv;
    uint64_t *h;
    int nparts;
    long long nblk;
    long long *cnt;  /* per block x nparts: fixed messages, then where the
                        block's start in the part's loc */
    long long *nfr;  /* per block: fresh messages, then their first id */
    long long *nnone; /* per block: messages without an entity */
    int *loc;        /* the parts' fixed messages' ENT_LOCAL(), part by
                        part, each in message order */
    long long *pbeg; /* nparts + 1: where each part's start in loc */
    long long **pfirst; /* per part: the entities' first messages, then
                           their numbers */
    long long *pfb;     /* per part x block: the part's entities whose
                           first message is in the block */
    int **pmult;
    long long fail_m;
    int inj;
    int pass;            /* ent_number_task()'s */
    int *run;            /* grouped fresh messages: their run (else 0) */
    uint64_t kfold;      /* folded AI and AH: the runs' keys' start */
    long long *slot_at;  /* per slot: messages before (other ranks), then
                            counted on */
};

/* The part of a fixed message with hash h: its top-6-bit bucket's (a
   representatives' slot, NF_SLOT_BITS bits, is in one part). */
static inline int
ent_part(const struct ent_ctx *c, uint64_t h)
{
    return (int)((h >> 58) * (uint64_t)c->nparts >> 6);
}

static int
ent_class_task(void *ctx, long long b, int wi)
{
    struct ent_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    struct fworker *w = &sv->w[wi];
    long long m0 = b * NF_BLOCK, m1 = m0 + NF_BLOCK < sv->m.n ? m0 + NF_BLOCK
                                                              : sv->m.n;
    long long *cnt = c->cnt + b * c->nparts, nfr = 0, none = 0;
    const int *epr = net_endpoint_routers(sv->net);

    if (stopped(sv))
        return 1;
    for (long long m = m0; m < m1; m++) {
        int rt = sv->jobs[sv->m.job[m]].routing;
        double n = sv->m.bytes[m] > 0 ? route_count(w->rt, sv->m.es[m],
                                                    sv->m.ed[m], sv->o.minimal)
                                      : 0;
        uint64_t bb, h;
        int a, z;
        if (n < 0) {
            pthread_mutex_lock(&sv->mu);
            if (c->fail_m < 0 || m < c->fail_m)
                c->fail_m = m;
            pthread_mutex_unlock(&sv->mu);
        }
        if (n <= 0) {
            sv->msg_ent[m] = ENT_NONE;
            none++;
            continue;
        }
        if (sv->with_paths || (fresh_paths(rt) && !grouped(sv, rt))) {
            sv->msg_ent[m] = ENT_FRESH;
            nfr += runs_of(sv, m);
            continue;
        }
        sv->msg_ent[m] = ENT_FIXED;
        a = c->inj ? sv->m.es[m] : epr[sv->m.es[m]];
        z = c->inj ? sv->m.ed[m] : epr[sv->m.ed[m]];
        memcpy(&bb, &sv->m.bytes[m], sizeof bb);
        h = hmix(hmix(hmix((uint64_t)sv->m.job[m] + 1, (uint64_t)a), (uint64_t)z),
                 bb);
        c->h[m] = h;
    }
    /* (counted apart: a count's address known only at the end of its
       hash made the loop above wait on it) */
    for (long long m = m0; m < m1; m++)
        if (sv->msg_ent[m] == ENT_FIXED)
            cnt[ent_part(c, c->h[m])]++;
    c->nfr[b] = nfr;
    c->nnone[b] = none;
    return 0;
}

/* A part's table of entities: a slot holds an entity's number (plus one:
   0 is empty) and the top half of its hash, 8 bytes, so that the table
   of 16,000 entities (pf3d-rubik) stays in the cache; the keys (the same
   job, routers -- or endpoints --, bytes, and representatives' run) are
   beside it in entity order, read when the tags agree. */
struct ent_slot {
    uint32_t tag;
    int e1;
};

struct ent_key {
    uint64_t h;
    double bytes;
    int job, a, z, run;
};

/* A new table of cap slots with the entities in[0..n) of keys (in NULL:
   entities 0 .. n - 1). */
static struct ent_slot *
ent_tab_new(long long cap, const struct ent_key *keys, const int *in,
            long long n)
{
    struct ent_slot *t = table0(cap, sizeof *t);

    for (long long i = 0; i < n; i++) {
        long long e = in != NULL ? in[i] : i;
        long long k = (long long)(keys[e].h & (uint64_t)(cap - 1));
        while (t[k].e1 != 0)
            k = (k + 1) & (cap - 1);
        t[k].tag = (uint32_t)(keys[e].h >> 32);
        t[k].e1 = (int)e + 1;
    }
    return t;
}

/* The key of entity e of keys[] is (h, job, bytes, ea, ez, run). */
static inline int
ent_is(const struct ent_key *keys, int e, uint64_t h, int job, double bytes,
       int ea, int ez, int run)
{
    const struct ent_key *y = &keys[e];

    return y->h == h && y->job == job && y->bytes == bytes && y->a == ea &&
           y->z == ez && y->run == run;
}

/* Part q: its messages in order, each one's ENT_LOCAL() into loc. An
   entity is found by its ends when there are no more pairs of ends than
   twice the part's messages (a slot a pair, ea * nends + ez: the first
   entity between them, whose messages come in runs from one source,
   so that its slots sit together), else, or when that slot holds
   another entity (another job or size), in a hash table (the supernode
   reduce-scatter's 2.1 million records, a million entities: one slot
   read for each, where the hash table's probes waited on two). */
static int
ent_part_task(void *ctx, long long q, int wi)
{
    struct ent_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    long long N = sv->m.n, at = c->pbeg[q], cap = 1024, ne = 0, fcap = 0;
    long long nh = 0, hcap = 0, nends = c->inj ? net_endpoints(sv->net)
                                               : sv->nr;
    struct ent_slot *tab;
    struct ent_key *keys = NULL;
    long long *first = NULL;
    int *mult = NULL, *dir = NULL, *hashed = NULL; /* (the table's) */
    const int *epr = net_endpoint_routers(sv->net);

    (void)wi;
    if ((double)nends * nends <= 2.0 * (double)(c->pbeg[q + 1] - c->pbeg[q]))
        dir = table0(nends * nends, sizeof *dir);
    tab = ent_tab_new(cap, NULL, NULL, 0);
    for (long long m = 0; m < N; m++) {
        long long k = -1, e = -1;
        uint64_t h;
        int isfirst = 0, job, run = 0, ea, ez, *d = NULL;
        double bytes;
        if ((m & 65535) == 65535 && stopped(sv))
            break;
        if (sv->msg_ent[m] != ENT_FIXED || ent_part(c, c->h[m]) != q)
            continue;
        h = c->h[m];
        job = sv->m.job[m];
        ea = c->inj ? sv->m.es[m] : epr[sv->m.es[m]];
        ez = c->inj ? sv->m.ed[m] : epr[sv->m.ed[m]];
        bytes = sv->m.bytes[m];
        if (c->run != NULL && grouped(sv, sv->jobs[job].routing)) {
            /* (the slot's bits select this part: no other task counts
               on it) */
            long long pos = c->slot_at[h >> (64 - NF_SLOT_BITS)]++;
            run = c->run[m] = (int)(pos / sv->reps);
            h = hmix(h, (uint64_t)run);
        }
        if (dir != NULL) {
            d = &dir[(long long)ea * nends + ez];
            if (*d != 0 && ent_is(keys, *d - 1, h, job, bytes, ea, ez, run))
                e = *d - 1;
            else if (*d != 0)
                d = NULL; /* (taken: the hash table) */
        }
        if (e < 0 && d == NULL) {
            k = (long long)(h & (uint64_t)(cap - 1));
            while (tab[k].e1 != 0) {
                if (tab[k].tag == (uint32_t)(h >> 32) &&
                    ent_is(keys, tab[k].e1 - 1, h, job, bytes, ea, ez, run)) {
                    e = tab[k].e1 - 1;
                    break;
                }
                k = (k + 1) & (cap - 1);
            }
        }
        if (e < 0) {
            if (ne == fcap) {
                fcap = (long long)rho_grow_cap((size_t)fcap, (size_t)ne + 1);
                first = xreallocarray(first, (size_t)fcap, sizeof *first);
                mult = xreallocarray(mult, (size_t)fcap, sizeof *mult);
                keys = xreallocarray(keys, (size_t)fcap, sizeof *keys);
            }
            e = ne++;
            keys[e].h = h;
            keys[e].bytes = bytes;
            keys[e].job = job;
            keys[e].a = ea;
            keys[e].z = ez;
            keys[e].run = run;
            first[e] = m;
            mult[e] = 0;
            isfirst = 1;
            c->pfb[q * c->nblk + m / NF_BLOCK]++;
            if (d != NULL)
                *d = (int)e + 1;
            else {
                if (dir != NULL && nh == hcap) { /* (else every one) */
                    hcap = (long long)rho_grow_cap((size_t)hcap,
                                                   (size_t)nh + 1);
                    hashed = xreallocarray(hashed, (size_t)hcap,
                                           sizeof *hashed);
                }
                if (dir != NULL)
                    hashed[nh] = (int)e;
                nh++;
                tab[k].tag = (uint32_t)(h >> 32);
                tab[k].e1 = (int)e + 1;
                if (2 * nh > cap) {
                    scratch_put(tab);
                    cap *= 2;
                    tab = ent_tab_new(cap, keys, hashed, nh);
                }
            }
        }
        mult[e] += fmsgs_cnt(&sv->m, m); /* (folded: a run's messages) */
        c->loc[at++] = (int)ENT_LOCAL(e, isfirst);
    }
    scratch_put(tab);
    scratch_put(dir);
    free(hashed);
    free(keys);
    c->pfirst[q] = first;
    c->pmult[q] = mult;
    return stopped(sv);
}

/* Numbering, the entities of block b counted (nfr[b]: its fresh
   messages and the parts' entities first in it) and summed over the
   blocks before it: pass 0 numbers them in order from there (a fixed
   message takes its ENT_LOCAL() from loc first); pass 1: the other
   messages of the fixed entities take their first's number. */
static int
ent_number_task(void *ctx, long long b, int wi)
{
    struct ent_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    long long m0 = b * NF_BLOCK, m1 = m0 + NF_BLOCK < sv->m.n ? m0 + NF_BLOCK
                                                              : sv->m.n;
    long long next = c->nfr[b], *at = c->cnt + b * c->nparts;

    if (stopped(sv))
        return 1;
    (void)wi;
    for (long long m = m0; m < m1; m++) {
        int v = sv->msg_ent[m], q;
        long long e;
        if (c->pass == 0 && v == ENT_FRESH) {
            /* (folded AI and AH: a run an entity, drawing from a key of
               the record's place, the same whatever the threads, and the
               run's) */
            int k = runs_of(sv, m), cm = fmsgs_cnt(&sv->m, m);
            sv->msg_ent[m] = (int)next;
            for (int i = 0; i < k; i++, next++) {
                sv->ent_msg[next] = m;
                sv->ent_mult[next] = i < k - 1 ? sv->frun : cm - i * sv->frun;
                if (sv->frun > 0)
                    sv->ent_key[next] =
                        hmix(hmix(c->kfold, (uint64_t)m), (uint64_t)i);
            }
            continue;
        }
        if (c->pass == 0 && v == ENT_FIXED) {
            q = ent_part(c, c->h[m]);
            v = c->loc[at[q]++];
            e = (-4 - (long long)v) / 2;
            if ((-4 - v) % 2 == 0) { /* (each entity has one first) */
                sv->ent_msg[next] = m;
                sv->ent_mult[next] = c->pmult[q][e];
                c->pfirst[q][e] = next;
                v = (int)next++;
            }
            sv->msg_ent[m] = v;
        } else if (c->pass == 1 && v <= -4) {
            q = ent_part(c, c->h[m]);
            e = (-4 - (long long)v) / 2;
            sv->msg_ent[m] = (int)c->pfirst[q][e];
        }
    }
    return 0;
}

/* Representatives: every grouped message's slot counted; slot_at[s] set
   to the grouped messages of slot s on the ranks before this one. */
static int
run_slots(struct fsolver *sv, struct ent_ctx *c)
{
    long long ns = 1LL << NF_SLOT_BITS, N = sv->m.n;

    c->run = sarray0(N, sizeof(int));
    c->slot_at = xcalloc((size_t)ns, sizeof(long long));
    if (sv->o.nranks <= 1 || sv->o.reduce == NULL)
        return 0;
    /* this rank's count a slot, then the earlier ranks' (one scan of
       2^NF_SLOT_BITS counts, whatever the number of ranks) */
    for (long long m = 0; m < N; m++)
        if (sv->msg_ent[m] == ENT_FIXED &&
            grouped(sv, sv->jobs[sv->m.job[m]].routing))
            c->slot_at[c->h[m] >> (64 - NF_SLOT_BITS)]++;
    return reduce(sv, c->slot_at, ns, NET_REDUCE_EXSCAN) != 0 ? -1 : 0;
}

/* Group the messages into entities (see above). */
static void
make_entities(struct fsolver *sv)
{
    long long N = sv->m.n, nblk = (N + NF_BLOCK - 1) / NF_BLOCK, ne = 0;
    struct ent_ctx c;
    int P = pool_threads(sv->pool);

    memset(&c, 0, sizeof c);
    c.sv = sv;
    c.fail_m = -1;
    c.inj = net_inj_link(sv->net, 0) >= 0;
    c.nparts = P < 1 ? 1 : P > NF_PARTS ? NF_PARTS : P;
    c.h = sarray(N, sizeof *c.h);
    c.cnt = xcalloc((size_t)(nblk + 1) * c.nparts, sizeof *c.cnt);
    c.nfr = xcalloc((size_t)nblk + 1, sizeof *c.nfr);
    c.nnone = xcalloc((size_t)nblk + 1, sizeof *c.nnone);
    c.pbeg = xcalloc((size_t)c.nparts + 1, sizeof *c.pbeg);
    c.pfirst = xcalloc((size_t)c.nparts, sizeof *c.pfirst);
    c.nblk = nblk;
    c.pfb = xcalloc((size_t)c.nparts * (size_t)(nblk + 1), sizeof *c.pfb);
    c.pmult = xcalloc((size_t)c.nparts, sizeof *c.pmult);
    sv->msg_ent = sarray(N, sizeof(int));
    pool_for(sv->pool, nblk, 1, ent_class_task, &c);
    sv->n_none = 0;
    for (long long b = 0; b < nblk; b++)
        sv->n_none += c.nnone[b];
    /* (every rank reduces, stopped or not) */
    if ((sv->reps > 0 && run_slots(sv, &c) != 0) || stopped(sv))
        goto out;
    if (c.fail_m >= 0) {
        long long m = c.fail_m;
        sv->fail = 1;
        rho_err_set(&sv->ferr, RHO_EINPUT,
                    "job %d: rank %d cannot reach rank %d", sv->m.job[m] + 1,
                    sv->m.src[m], sv->m.dst[m]);
    }
    /* where each part's messages start in loc, and each block's in its
       part's */
    {
        long long at = 0;
        for (int q = 0; q < c.nparts; q++) {
            c.pbeg[q] = at;
            for (long long b = 0; b < nblk; b++) {
                long long k = c.cnt[b * c.nparts + q];
                c.cnt[b * c.nparts + q] = at;
                at += k;
            }
        }
        c.pbeg[c.nparts] = at;
        c.loc = sarray(at, sizeof *c.loc);
    }
    pool_for(sv->pool, c.nparts, 1, ent_part_task, &c);
    if (stopped(sv))
        goto out;
    /* entity numbers: in their first messages' order */
    for (long long b = 0; b < nblk; b++) {
        long long k = c.nfr[b];
        for (int q = 0; q < c.nparts; q++)
            k += c.pfb[q * nblk + b];
        c.nfr[b] = ne;
        ne += k;
    }
    sv->ne = ne;
    sv->ent_msg = sarray(ne, sizeof(long long));
    sv->ent_mult = sarray(ne, sizeof(int));
    if (sv->frun > 0) {
        sv->ent_key = sarray(ne, sizeof(uint64_t));
        c.kfold = hmix(sv->o.seed, 0xf01du);
    }
    c.pass = 0;
    pool_for(sv->pool, nblk, 1, ent_number_task, &c);
    c.pass = 1;
    if (!stopped(sv))
        pool_for(sv->pool, nblk, 1, ent_number_task, &c);
    if (stopped(sv))
        goto out;
    if (c.run != NULL) {
        const int *epr = net_endpoint_routers(sv->net);
        sv->ent_key = sarray(ne, sizeof(uint64_t));
        for (long long e = 0; e < ne; e++) {
            long long m = sv->ent_msg[e];
            uint64_t bb, k;
            if (!grouped(sv, sv->jobs[sv->m.job[m]].routing)) {
                sv->ent_key[e] = sv->m.key[m];
                continue;
            }
            memcpy(&bb, &sv->m.bytes[m], sizeof bb);
            k = hmix(hmix(sv->o.seed, 0x9c0u), (uint64_t)sv->m.job[m]);
            k = hmix(k, (uint64_t)(c.inj ? sv->m.es[m] : epr[sv->m.es[m]]));
            k = hmix(k, (uint64_t)(c.inj ? sv->m.ed[m] : epr[sv->m.ed[m]]));
            sv->ent_key[e] = hmix(hmix(k, bb), (uint64_t)c.run[m]);
        }
    }
out:
    scratch_put(c.run);
    free(c.slot_at);
    for (int q = 0; q < c.nparts; q++) { /* (when cancelled) */
        free(c.pfirst[q]);
        free(c.pmult[q]);
    }
    scratch_put(c.h);
    free(c.cnt);
    free(c.nfr);
    free(c.nnone);
    scratch_put(c.loc);
    free(c.pbeg);
    free(c.pfirst);
    free(c.pfb);
    free(c.pmult);
    if (sv->cancel)
        return;
    sv->ent_bw = table0(ne, sizeof(double)); /* (added to) */
    sv->ent_rt = sarray(ne, 1);
    for (long long e = 0; e < ne; e++)
        sv->ent_rt[e] =
            (unsigned char)sv->jobs[sv->m.job[sv->ent_msg[e]]].routing;
}

/* ------------------------------------------------------ fixed paths */

/* Fixed paths are shared. The fixed path set of a message depends on its
   routers and its mode only (route_paths(): the paths between the two
   routers, each wrapped in the message's injection and ejection links
   when the network has them), so every set (routers, mode) is built and
   kept once, its paths without those two links and padded to sv->Wf (the
   pad link nl). A fixed entity keeps its set's first shared path
   (ent_slot) and, with injection links, its own two end links (ent_end):
   path i of the entity is its injection link, shared path i, its
   ejection link -- as route_paths() gives it. A fat-tree's uniform
   all-to-all has 65,280 entities with 3.4 million paths, but 64 x 64
   sets with 210,000. */

/* The links of fixed entity e's first shared path (the others follow,
   sv->Wf links each). */
static inline const int *
fixed_links(const struct fsolver *sv, long long e)
{
    return sv->links + sv->ent_slot[e] * sv->Wf;
}

/* The lengths of fixed entity e's paths, with both end links. */
static inline const int *
fixed_lens(const struct fsolver *sv, long long e)
{
    return sv->flen + sv->ent_slot[e];
}

/* Fixed entity e's end links: the injection and ejection links, or the
   pad link twice without them. */
static inline void
fixed_ends(const struct fsolver *sv, long long e, int *ea, int *ez)
{
    if (sv->ent_end != NULL) {
        *ea = sv->ent_end[2 * e];
        *ez = sv->ent_end[2 * e + 1];
    } else
        *ea = *ez = sv->nl;
}

/* The sets: found in one pass over the entities (in order, so that the
   numbering does not depend on the threads), then counted and built in
   parallel. */
struct paths_ctx {
    struct fsolver *sv;
    int fill;
    long long nsets;
    int *set;         /* per entity: its set (fresh entities: -1) */
    long long *rep;   /* per set: its first entity */
    int *mode;        /* per set: its mode */
    int *n;           /* per set: its paths */
    long long *first; /* per set: its first shared path */
};

/* find_sets()'s table: a set's routers, mode and number plus one (0:
   empty), so that a probe reads one slot. */
struct set_slot {
    int a, b, mode, s1;
};

#define NF_SETS_AHEAD 64 /* entities whose slots are fetched together */

/* Set s's slot for routers a, b and mode m in find_sets()'s tables: the
   slot of the pair (a, b) when there are few routers (a direct table,
   its slot one array access where the hash table's probes missed the
   cache: on the supernode machine, 1,024 routers and a million pairs,
   94 of an AD solve's 640 ms went there), and the hash table's for the
   pairs of another mode than the one that took their direct slot first
   (messages of different sizes under BGQ, or of jobs of different
   routings). */
struct set_tabs {
    struct set_slot *tab, *dir;
    long long cap;
    int nr;
};

static struct set_slot *
set_slot_of(struct set_tabs *t, int a, int b, int m, long long k)
{
    struct set_slot *s;

    if (t->dir != NULL) {
        s = &t->dir[(long long)a * t->nr + b];
        if (s->s1 == 0 || s->mode == m)
            return s;
        if (t->tab == NULL)
            t->tab = table0(t->cap, sizeof *t->tab);
    }
    for (s = &t->tab[k]; s->s1 != 0 && (s->a != a || s->b != b || s->mode != m);
         s = &t->tab[k])
        k = (k + 1) & (t->cap - 1);
    return s;
}

static void
find_sets(struct fsolver *sv, struct paths_ctx *c)
{
    const int *epr = net_endpoint_routers(sv->net);
    long long ne = sv->ne, nfe = 0, ns = 0;
    struct set_tabs t = {NULL, NULL, 16, sv->nr};

    for (long long e = 0; e < ne; e++)
        nfe += !fresh_paths(sv->ent_rt[e]);
    while (t.cap < 2 * nfe)
        t.cap *= 2;
    /* (the direct table when it is no larger than the hash table) */
    if ((double)sv->nr * sv->nr <= (double)t.cap)
        t.dir = table0((long long)sv->nr * sv->nr, sizeof *t.dir);
    else
        t.tab = table0(t.cap, sizeof *t.tab);
    c->set = sarray(ne, sizeof(int));
    c->rep = sarray(nfe, sizeof(long long));
    c->mode = sarray(nfe, sizeof(int));
    /* NF_SETS_AHEAD entities at a time: their keys and slots first, the
       slots fetched, then looked up in order (the table is larger than
       the cache: each lookup waited on its slot, half the time) */
    for (long long e0 = 0; e0 < ne; e0 += NF_SETS_AHEAD) {
        int ka[NF_SETS_AHEAD], kb[NF_SETS_AHEAD], km[NF_SETS_AHEAD];
        long long kk[NF_SETS_AHEAD];
        int nb = ne - e0 < NF_SETS_AHEAD ? (int)(ne - e0) : NF_SETS_AHEAD;
        for (int i = 0; i < nb; i++) {
            long long e = e0 + i, m = sv->ent_msg[e];
            int rt = sv->ent_rt[e];
            if (fresh_paths(rt)) {
                kk[i] = -1;
                continue;
            }
            ka[i] = epr[sv->m.es[m]];
            kb[i] = epr[sv->m.ed[m]];
            km[i] = mode_of(sv, rt, sv->m.bytes[m]);
            kk[i] = (long long)(hmix(hmix((uint64_t)ka[i], (uint64_t)kb[i]),
                                     (uint64_t)km[i]) &
                                (uint64_t)(t.cap - 1));
            __builtin_prefetch(t.dir != NULL
                                   ? &t.dir[(long long)ka[i] * t.nr + kb[i]]
                                   : &t.tab[kk[i]]);
        }
        for (int i = 0; i < nb; i++) {
            long long e = e0 + i;
            struct set_slot *s;
            if (kk[i] < 0) {
                c->set[e] = -1;
                continue;
            }
            s = set_slot_of(&t, ka[i], kb[i], km[i], kk[i]);
            if (s->s1 == 0) {
                s->a = ka[i];
                s->b = kb[i];
                s->mode = km[i];
                s->s1 = (int)ns + 1;
                c->rep[ns] = e;
                c->mode[ns] = km[i];
                ns++;
            }
            c->set[e] = s->s1 - 1;
        }
    }
    scratch_put(t.tab);
    scratch_put(t.dir);
    c->nsets = ns;
    c->n = sarray(ns, sizeof(int));
    c->first = sarray(ns + 1, sizeof(long long));
}

/* Count (pass 0) and build (pass 1) block b of the sets: route_paths()
   of its first entity, without the end links. */
static int
sets_task(void *ctx, long long b, int wi)
{
    struct paths_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    struct fworker *w = &sv->w[wi];
    long long s0 = b * NF_BLOCK, s1 = s0 + NF_BLOCK < c->nsets ? s0 + NF_BLOCK
                                                               : c->nsets;
    int inj = sv->ent_end != NULL, Wf = sv->Wf;

    if (stopped(sv))
        return 1;
    for (long long s = s0; s < s1 && !w->failed; s++) {
        long long m = sv->ent_msg[c->rep[s]];
        const struct route_set *set = NULL;
        int n;
        if (!c->fill) {
            double k = route_count(w->rt, sv->m.es[m], sv->m.ed[m], c->mode[s]);
            n = k <= sv->o.ad_max_paths ? (int)k : sv->o.ad_max_paths;
            c->n[s] = n > 0 ? n : 0;
            continue;
        }
        n = route_paths(w->rt, sv->m.es[m], sv->m.ed[m], c->mode[s],
                        sv->o.ad_max_paths, &set);
        if (n != c->n[s]) { /* (counted above) */
            worker_fail(w, FAIL_REACH, sv->m.job[m], sv->m.src[m],
                        sv->m.dst[m]);
            break;
        }
        for (int i = 0; i < n; i++) {
            long long p = c->first[s] + i;
            int *l = sv->links + p * Wf, k = 0;
            for (int j = set->off[i] + inj; j < set->off[i + 1] - inj; j++)
                l[k++] = set->links[j];
            while (k < Wf)
                l[k++] = sv->nl;
            sv->flen[p] = set->off[i + 1] - set->off[i];
        }
    }
    return 0;
}

/* Count (pass 0) and fill (pass 1) block b of the entities: their
   paths, their set and end links (pass 0); the zeros of their per-path
   arrays (pass 1: written here, by the thread that first touches them,
   not by calloc()'s zero page that the first update must copy). */
static int
paths_task(void *ctx, long long b, int wi)
{
    struct paths_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    long long e0 = b * NF_BLOCK, e1 = e0 + NF_BLOCK < sv->ne ? e0 + NF_BLOCK
                                                             : sv->ne;

    (void)wi;
    if (stopped(sv))
        return 1;
    if (c->fill) {
        long long p0 = sv->poff[e0], p1 = sv->poff[e1];
        if (sv->ptotal != NULL)
            memset(sv->ptotal + p0, 0, (size_t)(p1 - p0) * sizeof(double));
        if (sv->pload != NULL)
            memset(sv->pload + p0, 0, (size_t)(p1 - p0) * sizeof(double));
        if (sv->plen == NULL)
            return 0;
        for (long long e = e0; e < e1; e++) /* (fresh: watch_task()) */
            for (int p = sv->poff[e]; p < sv->poff[e + 1]; p++)
                sv->plen[p] = fresh_paths(sv->ent_rt[e])
                                  ? 0
                                  : fixed_lens(sv, e)[p - sv->poff[e]];
        return 0;
    }
    for (long long e = e0; e < e1; e++) {
        long long m = sv->ent_msg[e];
        int rt = sv->ent_rt[e], s = c->set[e];
        if (fresh_paths(rt)) {
            sv->poff[e + 1] = npaths_fresh(sv, rt);
            if (sv->ent_slot != NULL)
                sv->ent_slot[e] = sv->with_paths ? fresh_slots(sv, rt) : 0;
            continue;
        }
        sv->poff[e + 1] = c->n[s];
        sv->ent_slot[e] = c->first[s];
        if (sv->ent_end != NULL) {
            sv->ent_end[2 * e] = net_inj_link(sv->net, sv->m.es[m]);
            sv->ent_end[2 * e + 1] = net_ej_link(sv->net, sv->m.ed[m]);
        }
    }
    return 0;
}

static void
paths_ctx_free(struct paths_ctx *c)
{
    scratch_put(c->set);
    scratch_put(c->rep);
    scratch_put(c->mode);
    scratch_put(c->n);
    scratch_put(c->first);
}

static int
build_paths(struct fsolver *sv)
{
    long long ne = sv->ne, np = 0, fslots = 0, nfixed = 0, nsh = 0;
    long long nblk = (ne + NF_BLOCK - 1) / NF_BLOCK, sblk;
    struct paths_ctx c;

    memset(&c, 0, sizeof c);
    c.sv = sv;
    find_sets(sv, &c);
    sblk = (c.nsets + NF_BLOCK - 1) / NF_BLOCK;
    pool_for(sv->pool, sblk, 1, sets_task, &c);
    if (stopped(sv)) { /* (a cancel leaves counts unmade: garbage, which
                          sized the shared paths at terabytes and ended
                          rho, out of memory) */
        paths_ctx_free(&c);
        return -1;
    }
    for (long long s = 0; s < c.nsets; s++) {
        c.first[s] = nsh;
        nsh += c.n[s];
    }
    c.first[c.nsets] = nsh;
    sv->nshared = nsh;
    sv->links = sarray(nsh * sv->Wf, sizeof(int));
    sv->flen = sarray(nsh, sizeof(int));
    if (net_inj_link(sv->net, 0) >= 0)
        sv->ent_end = sarray(2 * ne, sizeof(int));
    c.fill = 1;
    if (!stopped(sv))
        pool_for(sv->pool, sblk, 1, sets_task, &c);
    take_failure(sv); /* (every rank must reach agree() below) */
    c.fill = 0;
    sv->poff = sarray0(ne + 1, sizeof(int));
    {
        /* (read by fixed entities and by the round callback's fresh
           ones only: the supernode machine's 134 million AI runs leave
           out a gigabyte) */
        int slots = sv->with_paths;
        for (long long e = 0; e < ne && !slots; e++)
            slots = !fresh_paths(sv->ent_rt[e]);
        sv->ent_slot = slots ? sarray0(ne + 1, sizeof(long long)) : NULL;
    }
    if (!stopped(sv))
        pool_for(sv->pool, nblk, 1, paths_task, &c);
    paths_ctx_free(&c);
    if (stopped(sv))
        return -1;
    for (long long e = 0; e < ne; e++) {
        int k = sv->poff[e + 1];
        np += k;
        if (!fresh_paths(sv->ent_rt[e]))
            nfixed += k;
        if (np > 2147483647LL) { /* (every rank must reach agree()) */
            if (!sv->fail)
                rho_err_set(&sv->ferr, RHO_ELIMIT, "more than 2^31 paths");
            sv->fail = 1;
            np = 0;
        }
        sv->poff[e + 1] = (int)np;
        if (fresh_paths(sv->ent_rt[e]) && sv->ent_slot != NULL) {
            /* slots in vpad */
            long long s = sv->ent_slot[e];
            sv->ent_slot[e] = fslots;
            fslots += s;
        }
    }
    sv->nfixed_paths = nfixed;
    {
        /* the plan again, with the fixed entities and paths as built */
        struct plan pl;
        long long nfe = 0, nfr = 0;
        for (long long e = 0; e < ne; e++) {
            if (fresh_paths(sv->ent_rt[e]))
                nfr++;
            else
                nfe++;
        }
        plan_memory(sv, (double)sv->m.n, (double)nfr, (double)nfe,
                    (double)nfixed, (double)nsh, sv->rounds_planned, &pl);
        if (!sv->fail)
            check_plan(sv, &pl, sv->n_all, PLAN_WHOLE);
        if (agree(sv))
            return -1;
    }
    sv->all_paths = 0;
    for (long long e = 0; e < ne; e++)
        sv->all_paths +=
            (long long)sv->ent_mult[e] * (sv->poff[e + 1] - sv->poff[e]);
    if (reduce(sv, &sv->all_paths, 1, NET_REDUCE_SUM) != 0)
        return -1;
    /* (zeroed by paths_task()) */
    if (sv->with_paths)
        sv->plen = sarray(np, sizeof(int));
    if (nfixed > 0)
        sv->ptotal = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(double));
    if (nfixed > 0 || sv->with_paths)
        sv->pload = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(double));
    if (sv->with_paths)
        sv->vpad = sarray0(fslots, sizeof(int));
    if (sv->with_paths)
        sv->palloc = sarray0(np, sizeof(double));
    c.fill = 1;
    pool_for(sv->pool, nblk, 1, paths_task, &c);
    return stopped(sv) ? -1 : 0;
}

/* ------------------------------------------------------- the rounds */

/* The loops over the links of a path (see net_ref.c): constant trip
   counts for the common padded widths, so that they unroll. */
static inline float
path_min(const float *v, const int *l, int n)
{
    float mr = INFINITY;

#ifdef __GNUC__
#pragma GCC unroll 18
#endif
    for (int i = 0; i < n; i++)
        mr = v[l[i]] < mr ? v[l[i]] : mr;
    return mr;
}

/* a + b on the sums, wrapping instead of overflowing: the pad link of the
   padded paths collects every path's value and may pass LLONG_MAX (it is
   never read); a real link's sum stays in range by the choice of scale. */
static inline fix
fix_add(fix a, fix b)
{
    return (fix)((unsigned long long)a + (unsigned long long)b);
}

static inline void
path_add(fix *acc, const int *l, int n, fix v)
{
#ifdef __GNUC__
#pragma GCC unroll 18
#endif
    for (int i = 0; i < n; i++)
        acc[l[i]] = fix_add(acc[l[i]], v);
}

/* path_add() that also counts the links that are not pads (pad is the
   first). */
static inline int
path_add_len(fix *acc, const int *l, int n, fix v, int pad)
{
    int len = 0;

#ifdef __GNUC__
#pragma GCC unroll 18
#endif
    for (int i = 0; i < n; i++) {
        acc[l[i]] = fix_add(acc[l[i]], v);
        len += l[i] < pad;
    }
    return len;
}

#define PATH_MIN(v, l, n)                                                      \
    ((n) == 18   ? path_min(v, l, 18)                                          \
     : (n) == 9  ? path_min(v, l, 9)                                           \
     : (n) == 12 ? path_min(v, l, 12)                                          \
     : (n) == 10 ? path_min(v, l, 10)                                          \
     : (n) == 8  ? path_min(v, l, 8)                                           \
     : (n) == 7  ? path_min(v, l, 7)                                           \
     : (n) == 6  ? path_min(v, l, 6)                                           \
     : (n) == 5  ? path_min(v, l, 5)                                           \
                 : path_min(v, l, n))
#define PATH_ADD(acc, l, n, v)                                                 \
    ((n) == 18   ? path_add(acc, l, 18, v)                                     \
     : (n) == 9  ? path_add(acc, l, 9, v)                                      \
     : (n) == 12 ? path_add(acc, l, 12, v)                                     \
     : (n) == 10 ? path_add(acc, l, 10, v)                                     \
     : (n) == 8  ? path_add(acc, l, 8, v)                                      \
     : (n) == 7  ? path_add(acc, l, 7, v)                                      \
     : (n) == 6  ? path_add(acc, l, 6, v)                                      \
     : (n) == 5  ? path_add(acc, l, 5, v)                                      \
                 : path_add(acc, l, n, v))

/* An entity's bytes over its np paths from their minima (load[]): in
   proportion to them (adaptive) or evenly, none on a path with nothing
   left; *asked set if some path asks. Returns np. */
static inline int
share_loads(double *load, int np, double bytes, double sum, int adaptive,
            int *asked)
{
    for (int i = 0; i < np; i++) {
        if (load[i] <= 0) {
            load[i] = 0;
            continue;
        }
        load[i] = adaptive ? bytes * load[i] / sum : bytes / (double)np;
        *asked = 1;
    }
    return np;
}

/* The loads of entity e's paths in round it against remc, into load[]:
   fresh paths are drawn into dst (with their lengths into lens and the
   indirect ones' intermediate routers into via (route_draw_via()) unless
   NULL) when draw is set, else read from dst; fixed paths are the
   entity's own. With lv (route_live bounds updated for remc; else NULL)
   a drawn path that lv rules out is not written into dst (its load is
   0). Returns the number of paths; *asked is set when some load is
   positive. The same doubles for the same (e, it, remc). */
static int
loads_of(struct fsolver *sv, struct fworker *w, long long e, int it,
         const float *remc, int draw, int *dst, int *lens, int *via,
         const struct route_live *lv, double *load, int *asked)
{
    long long m = sv->ent_msg[e];
    int rt = sv->ent_rt[e], p0 = sv->poff[e], np = sv->poff[e + 1] - p0;
    int adaptive = net_routing_adaptive(rt), nd = ndirect_of(sv, rt);
    double sum = 0, bytes = sv->m.bytes[m];
    const int *l;
    const unsigned char *dead = NULL;

    *asked = 0;
    if (fresh_paths(rt)) {
        if (draw) {
            struct rng g;
            rng_init(&g, hmix(draw_key(sv, e), (uint64_t)it + 1));
            if (lv != NULL && via == NULL) {
                route_draw_live(w->rt, lv, sv->m.es[m], sv->m.ed[m],
                                sv->o.minimal, nd, np, &g, dst, lens, sv->nl,
                                w->dead);
                dead = w->dead;
            } else if (via != NULL)
                route_draw_via(w->rt, sv->m.es[m], sv->m.ed[m],
                               sv->o.minimal, nd, np, &g, dst, lens, sv->nl,
                               via);
            else
                route_draw_pad(w->rt, sv->m.es[m], sv->m.ed[m],
                               sv->o.minimal, nd, np, &g, dst, lens, sv->nl);
        }
        l = dst;
        for (int i = 0; i < np; i++) {
            int n = i < nd ? sv->Wd : sv->W;
            /* (with sv->via, the direct paths are one path) */
            float mr = dead != NULL && dead[i]      ? 0
                       : i > 0 && i < nd && sv->via ? (float)load[0]
                                                    : PATH_MIN(remc, l, n);
            if (mr < 0 || mr == INFINITY)
                mr = 0;
            load[i] = mr;
            sum += mr;
            l += n;
        }
    } else {
        int ea, ez;
        float me; /* the ends' (every path has them) */
        fixed_ends(sv, e, &ea, &ez);
        me = remc[ea] < remc[ez] ? remc[ea] : remc[ez];
        l = fixed_links(sv, e);
        for (int i = 0; i < np; i++, l += sv->Wf) {
            float mr = PATH_MIN(remc, l, sv->Wf);
            mr = me < mr ? me : mr;
            if (mr < 0 || mr == INFINITY)
                mr = 0;
            load[i] = mr;
            sum += mr;
        }
    }
    return share_loads(load, np, bytes, sum, adaptive, asked);
}

/* ------------------------------------------------ paths by their cells */

/* A fresh entity's ends as its paths see them (sv->cend, with sv->cells):
   its routers a and b, and its injection and ejection links (-1 without);
   a is -1 when its paths have no link at all (route.c's ends() 0: the
   same endpoint, or the same router without injection links); and its
   message's bytes, beside them (the passes read the entities in order,
   their messages far apart). */
struct cend {
    int a, b, li, le;
    double bytes;
};

/* A cell pass's body for ng parts (a constant where it is inlined, so
   that the loops over the parts unroll): per router its row of ft, the
   ng cells where its parts start (from) then the ng where they end (to),
   so that part g of the path from u to v is ft[u][g] + ft[v][ng + g]. */
#define CELL_ROW(ft, r, ng) ((ft) + 2 * (size_t)(r) * (ng))

#ifdef __GNUC__
#define CELL_INLINE __attribute__((always_inline)) inline
#else
#define CELL_INLINE inline
#endif

/* The smallest of cm over the cells of the DOR path from u to v (rows
   fu, fv); +infinity when u == v. */
static CELL_INLINE float
cmin_ng(const float *cm, const int *fu, const int *fv, int ng)
{
    float mr = INFINITY;

    for (int g = 0; g < ng; g++) {
        float x = cm[fu[g] + fv[ng + g]];
        mr = x < mr ? x : mr;
    }
    return mr;
}

static CELL_INLINE void
cadd_ng(fix *cs, const int *fu, const int *fv, int ng, fix v)
{
    for (int g = 0; g < ng; g++)
        cs[fu[g] + fv[ng + g]] = fix_add(cs[fu[g] + fv[ng + g]], v);
}

static CELL_INLINE int
chops_ng(const unsigned char *hops, const int *fu, const int *fv, int ng)
{
    int n = 0;

    for (int g = 0; g < ng; g++)
        n += hops[fu[g] + fv[ng + g]];
    return n;
}

/* Dispatch body(ng) on the number of parts, constant for the usual ones. */
#define CELL_DISPATCH(ng, body)                                                \
    switch (ng) {                                                              \
    case 1:                                                                    \
        body(1);                                                               \
    case 2:                                                                    \
        body(2);                                                               \
    case 3:                                                                    \
        body(3);                                                               \
    case 4:                                                                    \
        body(4);                                                               \
    default:                                                                   \
        body(ng);                                                              \
    }

/* loads_of() for a fresh entity with sv->cells: its intermediate routers
   drawn into via (with draw; else read from it), the minima of its paths
   from the cells' (cm) and from v at its ends. The same doubles. */
static CELL_INLINE int
cell_loads_ng(const struct fsolver *sv, long long e, int it, const float *cm,
              const float *v, int draw, int *via, double *load, int *asked,
              int ng)
{
    const struct cend ce = sv->cend[e];
    const int *ft = sv->cells->ft;
    int rt = sv->ent_rt[e], np = sv->poff[e + 1] - sv->poff[e];
    int adaptive = net_routing_adaptive(rt), nd = ndirect_of(sv, rt);
    double sum = 0, bytes = ce.bytes;
    float me = INFINITY, md;

    *asked = 0;
    if (draw) { /* (route_draw_via()'s draws: torus_draw_dor() draws one
                   router an indirect path, from router to router) */
        struct rng g;
        rng_init(&g, hmix(draw_key(sv, e), (uint64_t)it + 1));
        for (int i = nd; i < np; i++)
            via[i - nd] =
                ce.a >= 0 && ce.a != ce.b ? rng_below32(&g, sv->nr) : -1;
    }
    if (ce.a >= 0 && ce.li >= 0)
        me = v[ce.li] < v[ce.le] ? v[ce.li] : v[ce.le];
    md = me;
    if (ce.a >= 0 && ce.a != ce.b) {
        /* (row 0 for an entity whose paths have no link: never read) */
    const int *fa = CELL_ROW(ft, ce.a < 0 ? 0 : ce.a, ng);
    const int *fb = CELL_ROW(ft, ce.b < 0 ? 0 : ce.b, ng);
        if (nd > 0) {
            float x = cmin_ng(cm, fa, fb, ng);
            md = x < md ? x : md;
        }
        for (int i = nd; i < np; i++) {
            const int *fy = CELL_ROW(ft, via[i - nd], ng);
            float mr = cmin_ng(cm, fa, fy, ng), z = cmin_ng(cm, fy, fb, ng);
            mr = z < mr ? z : mr;
            mr = me < mr ? me : mr;
            load[i] = mr < 0 || mr == INFINITY ? 0 : mr;
        }
    } else
        for (int i = nd; i < np; i++)
            load[i] = me < 0 || me == INFINITY ? 0 : me;
    if (md < 0 || md == INFINITY)
        md = 0;
    for (int i = 0; i < nd; i++)
        load[i] = md;
    for (int i = 0; i < np; i++) /* (in loads_of()'s order) */
        sum += (float)load[i];
    return share_loads(load, np, bytes, sum, adaptive, asked);
}

static int
cell_loads(const struct fsolver *sv, long long e, int it, const float *cm,
           const float *v, int draw, int *via, double *load, int *asked)
{
#define CL(n) return cell_loads_ng(sv, e, it, cm, v, draw, via, load, asked, n)
    CELL_DISPATCH(sv->cells->ng, CL)
#undef CL
}

/* A fresh entity's values val[i] (per path, added where load[i] > 0) onto
   the cells of its paths (via: their intermediate routers) in cs and its
   ends in acc: the direct paths are one path, their value nd times at
   once (as the link passes do). Returns the paths that had a value. */
static CELL_INLINE int
cell_put_ng(const struct fsolver *sv, long long e, const int *via,
            const fix *val, const double *load, fix *cs, fix *acc, int ng)
{
    const struct cend ce = sv->cend[e];
    const int *ft = sv->cells->ft;
    int rt = sv->ent_rt[e], np = sv->poff[e + 1] - sv->poff[e];
    int nd = ndirect_of(sv, rt), n = 0, apart = ce.a != ce.b;
    /* (row 0 for an entity whose paths have no link: never read) */
    const int *fa = CELL_ROW(ft, ce.a < 0 ? 0 : ce.a, ng);
    const int *fb = CELL_ROW(ft, ce.b < 0 ? 0 : ce.b, ng);
    fix ends = 0;

    if (ce.a < 0)
        return 0;
    if (nd > 0 && load[0] > 0) {
        fix v = (fix)((unsigned long long)val[0] * (unsigned)nd);
        if (apart)
            cadd_ng(cs, fa, fb, ng, v);
        ends = fix_add(ends, v);
        n += nd;
    }
    for (int i = nd; i < np; i++) {
        if (!(load[i] > 0))
            continue;
        if (apart) {
            const int *fy = CELL_ROW(ft, via[i - nd], ng);
            cadd_ng(cs, fa, fy, ng, val[i]);
            cadd_ng(cs, fy, fb, ng, val[i]);
        }
        ends = fix_add(ends, val[i]);
        n++;
    }
    if (ce.li >= 0) {
        acc[ce.li] = fix_add(acc[ce.li], ends);
        acc[ce.le] = fix_add(acc[ce.le], ends);
    }
    return n;
}

static int
cell_put(const struct fsolver *sv, long long e, const int *via, const fix *val,
         const double *load, fix *cs, fix *acc)
{
#define CP(n) return cell_put_ng(sv, e, via, val, load, cs, acc, n)
    CELL_DISPATCH(sv->cells->ng, CP)
#undef CP
}

/* The grant pass's part of alloc_task() for a fresh entity with
   sv->cells: the grants of its paths (of their loads, load; qf per link
   and cq its minima per cell) into w->pg and their values into w->pv,
   the round's gain added to *gain; returns the bandwidth the entity
   obtained. The same doubles and integers as the links give. */
static CELL_INLINE double
cell_grants_ng(const struct fsolver *sv, struct fworker *w, long long e,
               const int *via, const double *load, const float *qf,
               const float *cq, fix mult, fix *gain, int ng)
{
    const struct cend ce = sv->cend[e];
    const int *ft = sv->cells->ft;
    int rt = sv->ent_rt[e], np = sv->poff[e + 1] - sv->poff[e];
    int nd = ndirect_of(sv, rt), apart = ce.a >= 0 && ce.a != ce.b;
    /* (row 0 for an entity whose paths have no link: never read) */
    const int *fa = CELL_ROW(ft, ce.a < 0 ? 0 : ce.a, ng);
    const int *fb = CELL_ROW(ft, ce.b < 0 ? 0 : ce.b, ng);
    float qe = INFINITY;
    double bw = 0, *ga = w->pg;

    if (ce.a >= 0 && ce.li >= 0)
        qe = qf[ce.li] < qf[ce.le] ? qf[ce.li] : qf[ce.le];
    if (nd > 0) { /* one path (as alloc_task()) */
        double ad = 0;
        if (load[0] > 0) {
            float q = qe;
            if (apart) {
                float x = cmin_ng(cq, fa, fb, ng);
                q = x < q ? x : q;
            }
            ad = (double)q * load[0];
            *gain += mult * fx(ad, sv->sgain) * nd;
        }
        for (int i = 0; i < nd; i++) {
            if (load[i] > 0)
                bw += ad;
            ga[i] = ad;
        }
        w->pv[0] = mult * fx(ad, sv->sG);
    }
    for (int i = nd; i < np; i++) {
        double ai = 0;
        if (load[i] > 0) {
            float q = qe;
            if (apart) {
                const int *fy = CELL_ROW(ft, via[i - nd], ng);
                float x = cmin_ng(cq, fa, fy, ng), z = cmin_ng(cq, fy, fb, ng);
                x = z < x ? z : x;
                q = x < q ? x : q;
            }
            ai = (double)q * load[i];
            *gain += mult * fx(ai, sv->sgain);
            bw += ai;
        }
        ga[i] = ai;
        w->pv[i] = mult * fx(ai, sv->sG);
    }
    return bw;
}

static double
cell_grants(const struct fsolver *sv, struct fworker *w, long long e,
            const int *via, const double *load, const float *qf,
            const float *cq, fix mult, fix *gain)
{
#define CG(n) return cell_grants_ng(sv, w, e, via, load, qf, cq, mult, gain, n)
    CELL_DISPATCH(sv->cells->ng, CG)
#undef CG
}

/* With cells, while sv->use_live: whether fresh entity e may ask in this
   round. 0 proves it will not: each of its paths crosses its injection
   and ejection links and, from router to router, is the DOR path from its
   source's router to some intermediate one and on to its destination's
   (the direct one: through the source's), and via_ok says whether any
   such path crosses only links above the cutoff. After the exposure,
   bandwidth only shrinks: 0 is then for good. */
static int
cell_live(const struct fsolver *sv, long long e)
{
    const struct cend ce = sv->cend[e];

    if (ce.a < 0)
        return 0;
    if (ce.li >= 0 && (sv->remc[ce.li] < 0 || sv->remc[ce.le] < 0))
        return 0;
    return ce.a == ce.b ||
           (sv->via_ok[(size_t)ce.a * sv->rw + (ce.b >> 6)] >> (ce.b & 63) & 1);
}

/* cells_live()'s tasks over the routers a in [nr t / T, nr (t + 1) / T):
   dor_ok's rows from the cells' minima (pass 0), then via_ok's as the
   union of the rows of dor_ok of every router x that a reaches (pass 1:
   a boolean product, nr^3 / 64 word operations in all). */
struct live_ctx {
    struct fsolver *sv;
    int pass;
};

static int
alive_task(void *ctx, long long t, int wi)
{
    struct live_ctx *x = ctx;
    struct fsolver *sv = x->sv;
    const struct route_cells *c = sv->cells;
    const int ng = c->ng, nr = sv->nr, rw = sv->rw;
    int a0 = (int)((long long)nr * t / NF_CELL_TASKS);
    int a1 = (int)((long long)nr * (t + 1) / NF_CELL_TASKS);

    (void)wi;
    for (int a = a0; a < a1; a++) {
        uint64_t *row =
            (x->pass == 0 ? sv->dor_ok : sv->via_ok) + (size_t)a * rw;
        const uint64_t *own = sv->dor_ok + (size_t)a * rw;
        memset(row, 0, (size_t)rw * sizeof *row);
        if (x->pass == 0) {
            const int *fa = c->ft + 2 * (size_t)a * ng;
            for (int b = 0; b < nr; b++) {
                const int *fb = c->ft + 2 * (size_t)b * ng + ng;
                int ok = 1;
                for (int g = 0; g < ng; g++)
                    ok &= sv->cmr[fa[g] + fb[g]] >= 0;
                row[b >> 6] |= (uint64_t)ok << (b & 63);
            }
            continue;
        }
        /* (until the row is full: while few links are below the cutoff,
           after a few routers) */
        for (int w = 0; w < rw; w++)
            for (uint64_t m = own[w]; m != 0; m &= m - 1) {
                int y = w * 64 + __builtin_ctzll(m);
                const uint64_t *oy = sv->dor_ok + (size_t)y * rw;
                uint64_t all = ~(uint64_t)0;
                for (int k = 0; k < rw; k++) {
                    row[k] |= oy[k];
                    all &= row[k] | (k == rw - 1 ? ~sv->rlast : 0);
                }
                if (all == ~(uint64_t)0) {
                    w = rw;
                    break;
                }
            }
    }
    return 0;
}

/* dor_ok and via_ok from sv->cmr (the cells' minima of remc). */
static void
cells_live(struct fsolver *sv)
{
    struct live_ctx x = {sv, 0};

    pool_for(sv->pool, NF_CELL_TASKS, 1, alive_task, &x);
    x.pass = 1;
    pool_for(sv->pool, NF_CELL_TASKS, 1, alive_task, &x);
}

/* (atomic: the request pass sets the bits of the entities of a task,
   and after the liveness compaction two tasks' entities may share a
   byte -- a plain |= of two threads lost one of the bits) */
static void
set_bit(unsigned char *bits, long long i)
{
    __atomic_fetch_or(&bits[i >> 3], (unsigned char)(1u << (i & 7)),
                      __ATOMIC_RELAXED);
}

static int
get_bit(const unsigned char *bits, long long i)
{
    return (bits[i >> 3] >> (i & 7)) & 1;
}

/* The fresh paths an entity asked on in a recorded round: its padded
   links and one double per path (its load, then its grant). */
struct rblock {
    long long n;     /* entities */
    int *ent;        /* n (entities are numbered in ints: msg_ent) */
    int *links;      /* their slots, one after the other (NULL with
                        sv->via) */
    int *via;        /* with sv->via: the intermediate routers of their
                        indirect paths (route_draw_via()) */
    unsigned char *vlen; /* and their lengths */
    double *val;     /* their paths' values */
    long long nlinks, nval, nvia;
};

/* A round kept for the attribution: recorded (blk) or, when that would
   pass opts.record_budget, the per-link state to draw the paths again
   (remc, qf, asked). */
struct rround {
    int recorded;
    int grants_only; /* recorded without the links: the attribution draws
                        the paths again (their links live one round) */
    long long nblk;
    struct rblock *blk;
    void *mem, *lmem; /* scratch blocks (the explorer solves again and
                         again: their pages stay): the blocks' entities
                         and values, their links */
    float *remc, *qf;
    unsigned char *asked;
};

static void
rround_free(struct rround *r)
{
    scratch_put(r->mem);
    scratch_put(r->lmem);
    free(r->blk);
    free(r->remc);
    free(r->qf);
    free(r->asked);
    memset(r, 0, sizeof *r);
}

/* The current round's record (NULL when the run has no fresh adaptive
   paths). */
static struct rround *
cur_round(struct fsolver *sv)
{
    return sv->nrec > 0 ? &sv->rec[sv->nrec - 1] : NULL;
}

/* The request pass over block b of the active entities. */
static int
load_task(void *ctx, long long b, int wi)
{
    struct fsolver *sv = ctx;
    struct fworker *w = &sv->w[wi];
    struct rround *rr = cur_round(sv);
    struct rblock *rb = rr != NULL && rr->recorded ? &rr->blk[b] : NULL;
    fix *acc = w->acc;
    long long a = b * NF_RBLOCK, z = a + NF_RBLOCK < sv->nact ? a + NF_RBLOCK
                                                           : sv->nact;
    long long nb = 0;
    int *out = sv->bact + a;
    /* the record's cursors, in registers: the blocks' records sit side by
       side, and counting in them from two threads shared their lines */
    long long rn = 0, rl = 0, rv = 0, ri = 0;
    int *links = rb == NULL          ? NULL
                 : sv->cells != NULL ? NULL
                 : sv->via           ? sv->scr[b]
                                     : rb->links;

    if (stopped(sv))
        return 1;
    for (long long k = a; k < z; k++) {
        long long e = sv->act[k], m = sv->ent_msg[e];
        int rt = sv->ent_rt[e], np, asked, fresh = fresh_paths(rt);
        int nd = ndirect_of(sv, rt), *dst = w->pbuf, *via = NULL;
        double *load = w->pl;
        fix mult = sv->ent_mult[e];
        /* (after the exposure keep_task() has just asked the same) */
        if (fresh && sv->use_live && sv->iter < sv->fexpose &&
            !(sv->cells != NULL
                  ? cell_live(sv, e)
                  : route_live_may(sv->live, sv->m.es[m], sv->m.ed[m])))
            continue;

        if (fresh && sv->cells != NULL) { /* (by their cells) */
            int *cv = rb != NULL ? rb->via + ri : w->plen;
            if (rb != NULL)
                load = rb->val + rv;
            np = cell_loads(sv, e, sv->iter, sv->cmr, sv->remc, 1, cv, load,
                            &asked);
            if (!asked)
                continue;
            out[nb++] = (int)e;
            if (rb != NULL) {
                rb->ent[rn++] = (int)e;
                rv += np;
                ri += np - nd;
            } else if (rr != NULL && rr->asked != NULL)
                set_bit(rr->asked, e);
            for (int i = 0; i < np; i++)
                w->pv[i] = load[i] > 0 ? mult * fx(load[i], sv->sL) : 0;
            w->asking += mult * cell_put(sv, e, cv, w->pv, load, w->csum, acc);
            continue;
        }
        if (fresh && rb != NULL) {
            dst = links + rl;
            load = rb->val + rv;
            via = sv->via ? rb->via + ri : NULL;
        } else if (!fresh && sv->pload != NULL)
            load = sv->pload + sv->poff[e];
        np = loads_of(sv, w, e, sv->iter, sv->remc, 1, dst,
                      via != NULL ? w->plen : NULL, via,
                      sv->use_live ? sv->live : NULL, load, &asked);
        if (!asked)
            continue;

        out[nb++] = (int)e;
        if (fresh && rb != NULL) {
            rb->ent[rn++] = (int)e;
            rv += np;
            if (via != NULL) {
                for (int i = nd; i < np; i++) /* (< 256: see open_round) */
                    rb->vlen[ri + i - nd] = (unsigned char)w->plen[i];
                ri += np - nd;
            }
        } else if (fresh && rr != NULL && rr->asked != NULL)
            set_bit(rr->asked, e);
        if (fresh) {
            const int *l = dst;
            int i = 0;
            if (sv->via && nd > 1) { /* the direct paths are one path: its
                                        value nd times at once (the same
                                        integers) */
                if (load[0] > 0) {
                    fix v = mult * fx(load[0], sv->sL);
                    PATH_ADD(acc, l, sv->Wd,
                             (fix)((unsigned long long)v * (unsigned)nd));
                    w->asking += mult * nd;
                }
                l += nd * sv->Wd;
                i = nd;
            }
            for (; i < np; i++) {
                int n = i >= nd ? sv->W : sv->Wd;
                if (load[i] > 0) {
                    PATH_ADD(acc, l, n, mult * fx(load[i], sv->sL));
                    w->asking += mult;
                }
                l += n;
            }
            if (rb != NULL && sv->via)
                rl += fresh_slots(sv, rt);
            else if (rb != NULL) { /* the record keeps the links of the
                                      paths that ask, one after the other
                                      (a quarter less on dragonfly-workload
                                      under AI: those others are stepped
                                      over by the grant pass and the
                                      attribution) */
                int *o = dst;
                const int *q = dst;
                for (i = 0; i < np; i++) {
                    int n = i < nd ? sv->Wd : sv->W;
                    if (load[i] > 0) {
                        if (o != q)
                            memmove(o, q, (size_t)n * sizeof *o);
                        o += n;
                    }
                    q += n;
                }
                rl += o - dst;
            }
        } else { /* the shared links, then the ends (the sum: the same
                    integers, added at once) */
            const int *l = fixed_links(sv, e);
            fix ends = 0;
            int ea, ez;
            for (int i = 0; i < np; i++, l += sv->Wf)
                if (load[i] > 0) {
                    fix v = mult * fx(load[i], sv->sL);
                    PATH_ADD(acc, l, sv->Wf, v);
                    ends = fix_add(ends, v);
                    w->asking += mult;
                }
            fixed_ends(sv, e, &ea, &ez);
            acc[ea] = fix_add(acc[ea], ends);
            acc[ez] = fix_add(acc[ez], ends);
        }
    }
    if (rb != NULL) {
        rb->n = rn;
        rb->nlinks = rl;
        rb->nval = rv;
        rb->nvia = ri;
    }
    sv->bnact[b] = nb;
    w->any |= nb > 0;
    if ((b & 15) == 15 && progress_work(sv, 16.0 * NF_RBLOCK))
        return 1;
    return 0;
}

/* The grant pass over the entities that asked in block b. */
static int
alloc_task(void *ctx, long long b, int wi)
{
    struct fsolver *sv = ctx;
    struct fworker *w = &sv->w[wi];
    struct rround *rr = cur_round(sv);
    struct rblock *rb = rr != NULL && rr->recorded ? &rr->blk[b] : NULL;
    fix *acc = w->acc, gain = 0;
    const int *in = sv->bact + b * NF_RBLOCK;
    long long rl = 0, rv = 0, ri = 0; /* cursors in rb */
    const int *links = rb == NULL          ? NULL
                       : sv->cells != NULL ? NULL
                       : sv->via           ? sv->scr[b]
                                           : rb->links;

    if (stopped(sv))
        return 1;
    for (long long k = 0; k < sv->bnact[b]; k++) {
        long long e = in[k];
        int rt = sv->ent_rt[e], np, asked, p0 = sv->poff[e];
        int fresh = fresh_paths(rt), nd = ndirect_of(sv, rt);
        /* (the record keeps the links of the paths that asked only:
           load_task()) */
        int packed = fresh && rb != NULL && !sv->via;
        const int *l;
        double *load;
        fix mult = sv->ent_mult[e];
        double bw = 0;
        if (fresh && sv->cells != NULL) { /* (by their cells) */
            int *cv;
            if (rb != NULL) {
                load = rb->val + rv;
                cv = rb->via + ri;
                np = sv->poff[e + 1] - p0;
                rv += np;
                ri += np - nd;
            } else { /* not kept: drawn again */
                load = w->pl;
                cv = w->plen;
                np = cell_loads(sv, e, sv->iter, sv->cmr, sv->remc, 1, cv, load,
                                &asked);
            }
            bw = cell_grants(sv, w, e, cv, load, sv->qf, sv->cmq, mult, &gain);
            cell_put(sv, e, cv, w->pv, w->pg, w->csum, acc);
            if (rb != NULL) /* the record keeps the grants */
                memcpy(load, w->pg, (size_t)np * sizeof *load);
            sv->ent_bw[e] += bw;
            continue;
        }
        if (fresh && rb != NULL) {
            l = links + rl;
            load = rb->val + rv;
            np = sv->poff[e + 1] - p0;
            rl += packed ? 0 : fresh_slots(sv, rt); /* (packed: as read) */
            rv += np;
        } else if (fresh) { /* not kept: draw them again */
            load = w->pl;
            np = loads_of(sv, w, e, sv->iter, sv->remc, 1, w->pbuf, NULL, NULL,
                          sv->use_live ? sv->live : NULL, load, &asked);
            l = w->pbuf;
        } else {
            l = fixed_links(sv, e);
            load = sv->pload != NULL ? sv->pload + p0 : w->pl;
            np = sv->poff[e + 1] - p0;
            if (sv->pload == NULL)
                loads_of(sv, w, e, sv->iter, sv->remc, 0, NULL, NULL, NULL,
                         NULL, load, &asked);
        }
        if (fresh) {
            int i = 0;
            if (sv->via && nd > 1) { /* the direct paths are one path (as
                                        load_task()): the same doubles and
                                        integers */
                double a = 0;
                if (load[0] > 0) {
                    fix v;
                    a = (double)PATH_MIN(sv->qf, l, sv->Wd) * load[0];
                    v = mult * fx(a, sv->sG);
                    PATH_ADD(acc, l, sv->Wd,
                             (fix)((unsigned long long)v * (unsigned)nd));
                    gain += mult * fx(a, sv->sgain) * nd;
                }
                for (; i < nd; i++) {
                    if (load[i] > 0)
                        bw += a;
                    if (sv->palloc != NULL)
                        sv->palloc[p0 + i] = a;
                    if (rb != NULL)
                        load[i] = a;
                }
                l += nd * sv->Wd;
            }
            for (; i < np; i++) {
                int n = i >= nd ? sv->W : sv->Wd, asks = load[i] > 0;
                double a = 0;
                if (asks) {
                    a = (double)PATH_MIN(sv->qf, l, n) * load[i];
                    PATH_ADD(acc, l, n, mult * fx(a, sv->sG));
                    gain += mult * fx(a, sv->sgain);
                    bw += a;
                }
                if (sv->palloc != NULL)
                    sv->palloc[p0 + i] = a;
                if (rb != NULL) /* the record keeps the grant; -1: it
                                   asked and got none (its links are
                                   there all the same) */
                    load[i] = packed && asks && !(a > 0) ? -1 : a;
                if (asks || !packed)
                    l += n;
                if (asks && packed)
                    rl += n;
            }
        } else { /* the shared links, then the ends (as load_task()) */
            const float *qf = sv->qf;
            fix ends = 0;
            int ea, ez;
            float qe;
            fixed_ends(sv, e, &ea, &ez);
            qe = qf[ea] < qf[ez] ? qf[ea] : qf[ez];
            for (int i = 0; i < np; i++, l += sv->Wf) {
                double a = 0;
                if (load[i] > 0) {
                    float q = PATH_MIN(qf, l, sv->Wf);
                    fix v;
                    a = (double)(qe < q ? qe : q) * load[i];
                    v = mult * fx(a, sv->sG);
                    PATH_ADD(acc, l, sv->Wf, v);
                    ends = fix_add(ends, v);
                    gain += mult * fx(a, sv->sgain);
                    sv->ptotal[p0 + i] += a;
                    bw += a;
                }
                if (sv->palloc != NULL)
                    sv->palloc[p0 + i] = a;
            }
            acc[ea] = fix_add(acc[ea], ends);
            acc[ez] = fix_add(acc[ez], ends);
        }
        sv->ent_bw[e] += bw;
    }
    w->gain += gain;
    if ((b & 15) == 15 && progress_work(sv, 16.0 * NF_RBLOCK))
        return 1;
    return 0;
}

static int
live_task(void *ctx, long long t, int wi)
{
    struct fsolver *sv = ctx;

    (void)wi;
    route_live_update(sv->live, sv->remc, (int)t, NF_LIVE_TASKS);
    return 0;
}

static float
remc_of(const struct fsolver *sv, int l)
{
    return sv->rem[l] >= sv->cut[l] && sv->rem[l] > 0 ? (float)sv->rem[l]
                                                      : -1.0f;
}

/* Per block of the active entities: the fresh ones, their slots, their
   paths and their indirect paths (bcount[4 b .. 4 b + 3]). */
static int
fresh_count_task(void *ctx, long long b, int wi)
{
    struct fsolver *sv = ctx;
    long long a = b * NF_RBLOCK, z = a + NF_RBLOCK < sv->nact ? a + NF_RBLOCK
                                                           : sv->nact;
    long long ne = 0, nl = 0, nv = 0, ni = 0;

    (void)wi;
    for (long long k = a; k < z; k++) {
        int rt = sv->ent_rt[sv->act[k]];
        if (!fresh_paths(rt))
            continue;
        ne++;
        nl += fresh_slots(sv, rt);
        nv += npaths_fresh(sv, rt);
        ni += npaths_fresh(sv, rt) - ndirect_of(sv, rt);
    }
    sv->bcount[4 * b] = ne;
    sv->bcount[4 * b + 1] = nl;
    sv->bcount[4 * b + 2] = nv;
    sv->bcount[4 * b + 3] = ni;
    return 0;
}

/* Open this round's record: recorded when the fresh paths of the active
   entities fit what is left of opts.record_budget, else the per-link
   state for a sweep. */
static void
open_round(struct fsolver *sv)
{
    struct rround *r;
    long long nblk = (sv->nact + NF_RBLOCK - 1) / NF_RBLOCK;
    double need = 0, links_need = 0;

    if (sv->nrec == sv->rec_cap) {
        sv->rec_cap =
            (int)rho_grow_cap((size_t)sv->rec_cap, (size_t)sv->nrec + 1);
        sv->rec = xreallocarray(sv->rec, (size_t)sv->rec_cap, sizeof *sv->rec);
    }
    r = &sv->rec[sv->nrec++];
    memset(r, 0, sizeof *r);
    pool_for(sv->pool, nblk, 1, fresh_count_task, sv);
    /* (integers: the same doubles in any order) */
    for (long long b = 0; b < nblk; b++) {
        long long nl = sv->bcount[4 * b + 1];
        need += (double)sv->bcount[4 * b + 2] * 8.0 +
                (double)sv->bcount[4 * b] * 4.0;
        if (!sv->via)
            links_need += (double)nl * 4.0;
        else {
            need += (double)sv->bcount[4 * b + 3] * 5.0;
            if (sv->cells == NULL && /* the scratch grows */
                (b >= sv->nscr || sv->scr_cap[b] < nl))
                need += (double)(nl - (b < sv->nscr ? sv->scr_cap[b] : 0)) *
                        4.0;
        }
    }
    /* the paths and their grants; else the grants only; else nothing */
    r->recorded = !sv->with_paths &&
                  sv->rec_bytes + need + links_need <= sv->o.record_budget;
    if (!r->recorded && !sv->with_paths &&
        sv->rec_bytes + need <= sv->o.record_budget)
        r->recorded = r->grants_only = 1;
    if (!r->recorded) {
        r->remc = xmalloc(((size_t)sv->nl + NF_PADS) * sizeof(float));
        memcpy(r->remc, sv->remc, ((size_t)sv->nl + NF_PADS) * sizeof(float));
        r->asked = xcalloc((size_t)(sv->ne / 8 + 1), 1);
        return;
    }
    r->nblk = nblk;
    r->blk = xcalloc((size_t)(nblk > 0 ? nblk : 1), sizeof *r->blk);
    {
        /* room for every active entity asking; a block uses the start of
           its part (pages of a new mapping it leaves alone cost nothing).
           mem: each block's entities, values, intermediate routers and
           their lengths (a multiple of 8 bytes); lmem: the links */
        size_t ev = 0, lk = 0;
        char *p, *q;
        for (long long b = 0; b < nblk; b++) {
            long long ni = sv->via ? sv->bcount[4 * b + 3] : 0;
            ev += ((size_t)sv->bcount[4 * b] * sizeof(int) + 7) / 8 * 8 +
                  (size_t)sv->bcount[4 * b + 2] * 8 +
                  ((size_t)ni * 5 + 7) / 8 * 8;
            if (!sv->via)
                lk += (size_t)sv->bcount[4 * b + 1] * sizeof(int);
        }
        p = r->mem = scratch_get(ev);
        q = r->lmem = sv->via ? NULL : scratch_get(lk);
        for (long long b = 0; b < nblk; b++) {
            long long nl = sv->bcount[4 * b + 1], ni = sv->bcount[4 * b + 3];
            r->blk[b].ent = (int *)(void *)p;
            p += ((size_t)sv->bcount[4 * b] * sizeof(int) + 7) / 8 * 8;
            r->blk[b].val = (double *)(void *)p;
            p += (size_t)sv->bcount[4 * b + 2] * sizeof(double);
            if (!sv->via) {
                r->blk[b].links = (int *)(void *)q;
                q += (size_t)nl * sizeof(int);
                continue;
            }
            r->blk[b].via = (int *)(void *)p;
            r->blk[b].vlen = (unsigned char *)(p + (size_t)ni * sizeof(int));
            p += ((size_t)ni * 5 + 7) / 8 * 8;
            if (sv->cells != NULL) /* (no links: the cells) */
                continue;
            if (b >= sv->nscr) { /* (blocks only get fewer after round 0) */
                sv->scr =
                    xreallocarray(sv->scr, (size_t)b + 1, sizeof *sv->scr);
                sv->scr_cap = xreallocarray(sv->scr_cap, (size_t)b + 1,
                                            sizeof *sv->scr_cap);
                sv->scr[b] = NULL;
                sv->scr_cap[b] = 0;
                sv->nscr = b + 1;
            }
            if (sv->scr_cap[b] < nl) {
                scratch_put(sv->scr[b]);
                sv->scr[b] = scratch_get((size_t)nl * sizeof(int));
                sv->rec_bytes += (double)(nl - sv->scr_cap[b]) * 4;
                sv->scr_cap[b] = nl;
            }
        }
    }
}

/* After the request pass: count what the record holds (against
   opts.record_budget). */
static void
count_round(struct fsolver *sv)
{
    struct rround *r = cur_round(sv);

    if (r == NULL || !r->recorded)
        return;
    for (long long b = 0; b < r->nblk; b++) {
        const struct rblock *k = &r->blk[b];
        sv->rec_bytes += (double)k->n * 4 + (double)k->nval * 8 +
                         (double)k->nvia * 5 +
                         (r->grants_only || k->links == NULL
                              ? 0
                              : (double)k->nlinks * 4);
    }
}

/* Compact paths and the round's data for the round callback (entities
   are messages then: nothing is aggregated, nothing recorded). */
static void
compact_paths(struct fsolver *sv)
{
    long long np = sv->poff[sv->ne], k = 0;

    if (sv->vstart == NULL) {
        long long slots = 0;
        for (long long e = 0; e < sv->ne; e++)
            slots += fresh_paths(sv->ent_rt[e])
                         ? fresh_slots(sv, sv->ent_rt[e])
                         : (long long)(sv->poff[e + 1] - sv->poff[e]) * sv->Wd;
        sv->vstart = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(long long));
        sv->vlinks = xmalloc((size_t)(slots > 0 ? slots : 1) * sizeof(int));
    }
    for (long long e = 0; e < sv->ne; e++) {
        int fresh = fresh_paths(sv->ent_rt[e]), ea = sv->nl, ez = sv->nl;
        const int *l = fresh ? sv->vpad + sv->ent_slot[e]
                             : fixed_links(sv, e);
        if (!fresh)
            fixed_ends(sv, e, &ea, &ez);
        for (int p = sv->poff[e]; p < sv->poff[e + 1]; p++) {
            int n = fresh ? pwidth(sv, sv->ent_rt[e], p - sv->poff[e]) : sv->Wf;
            sv->vstart[p] = k;
            if (ea != sv->nl)
                sv->vlinks[k++] = ea;
            for (int i = 0; i < n; i++)
                if (l[i] < sv->nl)
                    sv->vlinks[k++] = l[i];
            if (ez != sv->nl)
                sv->vlinks[k++] = ez;
            l += n;
        }
    }
}

/* With a round callback watching every path: draw the fresh paths of
   the round into vpad (the load pass draws into scratch), with their
   lengths and loads. */
static int
watch_task(void *ctx, long long b, int wi)
{
    struct fsolver *sv = ctx;
    struct fworker *w = &sv->w[wi];
    long long e0 = b * NF_BLOCK, e1 = e0 + NF_BLOCK < sv->ne ? e0 + NF_BLOCK
                                                             : sv->ne;

    if (stopped(sv))
        return 1;
    for (long long e = e0; e < e1; e++) {
        int asked, p0 = sv->poff[e];
        if (!fresh_paths(sv->ent_rt[e]))
            continue;
        loads_of(sv, w, e, sv->iter, sv->remc, 1, sv->vpad + sv->ent_slot[e],
                 sv->plen + p0, NULL, NULL, sv->pload + p0, &asked);
    }
    return 0;
}

static int
report_round(struct fsolver *sv, long long asking)
{
    struct net_round r;

    if (sv->o.round == NULL)
        return 0;
    memset(&r, 0, sizeof r);
    r.iter = sv->iter;
    r.replay = 0;
    r.exposed = sv->exposed;
    r.nlinks = sv->nl;
    r.remaining = sv->rem;
    r.request = sv->O;
    r.granted = sv->G;
    r.asking = asking;
    r.paths = sv->all_paths;
    if (sv->with_paths) {
        r.nmsgs = sv->ne;
        r.msg_bw = sv->ent_bw;
        compact_paths(sv);
        r.path_off = sv->poff;
        r.path_start = sv->vstart;
        r.path_len = sv->plen;
        r.links = sv->vlinks;
        r.path_load = sv->pload;
        r.path_alloc = sv->palloc;
    }
    return sv->o.round(sv->o.round_ctx, &r);
}

/* The per-link steps of a round, over NF_LINK_TASKS ranges of links:
   the exposure's share of the bandwidth (LT_EXPOSE), the grant per unit
   of request from the requests' sums (LT_QF), the grants from theirs
   (LT_GRANT). Those that set remc say whether some link is below the
   cutoff (neg). With sums NULL (a solve without other ranks) a task sums
   the workers' link arrays over its links itself, leaving them zero as
   sum_links_clear() does: one pass over the links instead of two and no
   array of sums between them. O and G are kept only for a round
   callback. */
enum { LT_EXPOSE, LT_QF, LT_GRANT };

struct link_ctx {
    struct fsolver *sv;
    int mode, f;
    const fix *sums;
    unsigned char neg[NF_LINK_TASKS];
};

/* Link l's sum over the workers' arrays (left zero). */
static inline fix
take_sum(const struct fsolver *sv, int l)
{
    fix s = 0;

    for (int w = 0; w < sv->nthreads; w++) {
        s += sv->w[w].acc[l];
        sv->w[w].acc[l] = 0;
    }
    return s;
}

static int
link_task(void *ctx, long long t, int wi)
{
    struct link_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    int nl = sv->nl, f = c->f, neg = 0, keep = sv->o.round != NULL;
    int a = (int)((long long)nl * t / NF_LINK_TASKS);
    int b = (int)((long long)nl * (t + 1) / NF_LINK_TASKS);
    const fix *sums = c->sums;

    (void)wi;
    switch (c->mode) {
    case LT_EXPOSE:
        for (int l = a; l < b; l++) {
            sv->rem[l] += sv->bw[l] / f;
            sv->remc[l] = remc_of(sv, l);
            neg |= sv->remc[l] < 0;
        }
        break;
    case LT_QF:
        for (int l = a; l < b; l++) {
            double s =
                (double)(sums != NULL ? sums[l] : take_sum(sv, l)) / sv->sL;
            float qf = s > 0 ? (float)(sv->rem[l] / s) : 0;
            if (keep)
                sv->O[l] = s;
            /* rounded down, so that the grants never exceed Rem */
            if (s > 0 && (double)qf > sv->rem[l] / s)
                qf = nextafterf(qf, 0);
            sv->qf[l] = qf;
        }
        break;
    default:
        for (int l = a; l < b; l++) {
            double g =
                (double)(sums != NULL ? sums[l] : take_sum(sv, l)) / sv->sG;
            if (keep)
                sv->G[l] = g;
            sv->rem[l] -= g;
            if (sv->rem[l] < 0)
                sv->rem[l] = 0;
            sv->remc[l] = remc_of(sv, l);
            neg |= sv->remc[l] < 0;
        }
    }
    c->neg[t] = (unsigned char)neg;
    return 0;
}

/* Run the per-link step mode; returns whether some link is below the
   cutoff (for the modes that set remc). */
static int
link_step(struct fsolver *sv, int mode, const fix *sums)
{
    struct link_ctx c;
    int neg = 0;

    memset(&c, 0, sizeof c);
    c.sv = sv;
    c.mode = mode;
    c.f = sv->fexpose;
    c.sums = sums;
    pool_for(sv->pool, NF_LINK_TASKS, 1, link_task, &c);
    for (int t = 0; t < NF_LINK_TASKS; t++)
        neg |= c.neg[t];
    return neg;
}

/* The cells' passes over rows [nrows t / T, nrows (t + 1) / T): the
   minima of v per cell (cells_min()), or the workers' sums per cell onto
   the links (push_cells(): into the running worker's acc, leaving the
   sums zero). */
struct cell_ctx {
    struct fsolver *sv;
    const float *v;
    float *out;
};

static int
cmin_task(void *ctx, long long t, int wi)
{
    struct cell_ctx *x = ctx;
    const struct route_cells *c = x->sv->cells;
    const float *v = x->v;
    float *out = x->out;
    int r0 = (int)((long long)c->nrows * t / NF_CELL_TASKS);
    int r1 = (int)((long long)c->nrows * (t + 1) / NF_CELL_TASKS);

    (void)wi;
    for (int r = r0; r < r1; r++) {
        long long f = c->rfirst[r], z = c->rfirst[r + 1];
        out[c->ord[f]] = INFINITY; /* (no hop) */
        for (long long i = f + 1; i < z; i++) {
            int y = c->ord[i];
            float m = v[c->last[y]], p = out[c->par[y]];
            out[y] = p < m ? p : m;
        }
    }
    return 0;
}

static void
cells_min(struct fsolver *sv, const float *v, float *out)
{
    struct cell_ctx x = {sv, v, out};

    pool_for(sv->pool, NF_CELL_TASKS, 1, cmin_task, &x);
}

static int
push_task(void *ctx, long long t, int wi)
{
    struct fsolver *sv = ctx;
    const struct route_cells *c = sv->cells;
    fix *acc = sv->w[wi].acc, *c0 = sv->w[0].csum;
    int r0 = (int)((long long)c->nrows * t / NF_CELL_TASKS);
    int r1 = (int)((long long)c->nrows * (t + 1) / NF_CELL_TASKS);

    for (int r = r0; r < r1; r++) {
        long long f = c->rfirst[r], z = c->rfirst[r + 1];
        /* (longest first: a cell's sum goes onto its last link and into
           its parent's, which comes before it in the row) */
        for (long long i = z - 1; i > f; i--) {
            int y = c->ord[i];
            fix v = 0;
            for (int k = 0; k < sv->nthreads; k++) {
                v = fix_add(v, sv->w[k].csum[y]);
                sv->w[k].csum[y] = 0;
            }
            if (v != 0) {
                acc[c->last[y]] = fix_add(acc[c->last[y]], v);
                c0[c->par[y]] = fix_add(c0[c->par[y]], v);
            }
        }
        for (int k = 0; k < sv->nthreads; k++)
            sv->w[k].csum[c->ord[f]] = 0;
    }
    return 0;
}

static void
push_cells(struct fsolver *sv)
{
    pool_for(sv->pool, NF_CELL_TASKS, 1, push_task, sv);
}

/* After the exposure: keep, of block b of the active entities, those that
   may still ask (into bact, their count into bnact). */
static int
keep_task(void *ctx, long long b, int wi)
{
    struct fsolver *sv = ctx;
    long long a = b * NF_RBLOCK, z = a + NF_RBLOCK < sv->nact ? a + NF_RBLOCK
                                                           : sv->nact;
    long long k = a;

    (void)wi;
    for (long long i = a; i < z; i++) {
        long long e = sv->act[i], m = sv->ent_msg[e];
        if (!fresh_paths(sv->ent_rt[e]) ||
            (sv->cells != NULL
                 ? cell_live(sv, e)
                 : route_live_may(sv->live, sv->m.es[m], sv->m.ed[m])))
            sv->bact[k++] = (int)e;
    }
    sv->bnact[b] = k - a;
    return 0;
}

/* The allocation rounds. Returns 0, or -1 when cancelled or failed. */
static int
iterate(struct fsolver *sv)
{
    int f = sv->fexpose, nl = sv->nl;
    fix *sums = sarray((long long)nl + 2, sizeof(fix));
    int rc = 0, neg = 0;
    /* no other rank to add its sums: the link steps take the workers'
       sums themselves */
    int alone = sv->o.reduce == NULL || sv->o.nranks <= 1;

    sv->res->converged = 0;
    for (sv->iter = 0; sv->iter < sv->o.max_iters; sv->iter++) {
        long long v[2], nblk, asking = 0;
        double gain;
        int any;
        if (sv->iter < f) {
            neg = link_step(sv, LT_EXPOSE, NULL);
            sv->exposed = (double)(sv->iter + 1) / f;
        }
        sv->use_live = 0;
        if (sv->cells != NULL)
            cells_min(sv, sv->remc, sv->cmr);
        if (sv->live != NULL && !sv->with_paths) {
            sv->use_live = neg;
            if (sv->use_live) {
                route_live_mark(sv->live, sv->remc);
                pool_for(sv->pool, NF_LIVE_TASKS, 1, live_task, sv);
            }
        } else if (sv->dor_ok != NULL && neg) {
            sv->use_live = 1;
            cells_live(sv);
        }
        /* after the exposure, an entity that cannot ask never will */
        if (sv->use_live && sv->iter >= f) {
            long long k = 0;
            nblk = (sv->nact + NF_RBLOCK - 1) / NF_RBLOCK;
            pool_for(sv->pool, nblk, 1, keep_task, sv);
            for (long long b = 0; b < nblk; b++) {
                memmove(sv->act + k, sv->bact + b * NF_RBLOCK,
                        (size_t)sv->bnact[b] * sizeof *sv->act);
                k += sv->bnact[b];
            }
            sv->nact = k;
        }
        if (sv->any_fresh_adaptive)
            open_round(sv);
        nblk = (sv->nact + NF_RBLOCK - 1) / NF_RBLOCK;
        zero_acc(sv, 1, sv->iter == 0);
        pool_for(sv->pool, nblk, 1, load_task, sv);
        if (sv->cells != NULL)
            push_cells(sv);
        if (agree(sv)) {
            rc = -1;
            break;
        }
        count_round(sv);
        if (sv->with_paths)
            pool_for(sv->pool, (sv->ne + NF_BLOCK - 1) / NF_BLOCK, 1,
                     watch_task, sv);
        any = 0;
        for (int t = 0; t < sv->nthreads; t++) {
            any |= sv->w[t].any;
            asking += sv->w[t].asking;
        }
        v[0] = any;
        v[1] = asking;
        if (reduce(sv, v, 2, NET_REDUCE_SUM) != 0) {
            rc = -1;
            break;
        }
        any = v[0] > 0;
        if (!any && sv->iter >= f - 1) {
            sv->res->converged = 1;
            if (sv->any_fresh_adaptive) /* the round did nothing */
                rround_free(&sv->rec[--sv->nrec]);
            break;
        }
        if (!alone && sum_links_clear(sv, 1, sums, 1) != 0) {
            rc = -1;
            break;
        }
        link_step(sv, LT_QF, alone ? NULL : sums);
        if (sv->cells != NULL)
            cells_min(sv, sv->qf, sv->cmq);
        if (cur_round(sv) != NULL && !cur_round(sv)->recorded) {
            struct rround *r = cur_round(sv);
            r->qf = xmalloc(((size_t)nl + NF_PADS) * sizeof(float));
            memcpy(r->qf, sv->qf, ((size_t)nl + NF_PADS) * sizeof(float));
        }
        zero_acc(sv, 1, 0);
        if (sv->palloc != NULL)
            memset(sv->palloc, 0,
                   (size_t)(sv->poff[sv->ne] > 0 ? sv->poff[sv->ne] : 1) *
                       sizeof(double));
        pool_for(sv->pool, nblk, 1, alloc_task, sv);
        if (sv->cells != NULL)
            push_cells(sv);
        if (cur_round(sv) != NULL && cur_round(sv)->grants_only) {
            struct rround *r = cur_round(sv);
            scratch_put(r->lmem);
            r->lmem = NULL;
            for (long long b = 0; b < r->nblk; b++)
                r->blk[b].links = NULL;
        }
        if (agree(sv) || (!alone && sum_links_clear(sv, 1, sums, 1) != 0)) {
            rc = -1;
            break;
        }
        sums[nl] = 0;
        for (int t = 0; t < sv->nthreads; t++)
            sums[nl] += sv->w[t].gain;
        if (reduce(sv, (long long *)sums + nl, 1, NET_REDUCE_SUM) != 0) {
            rc = -1;
            break;
        }
        neg = link_step(sv, LT_GRANT, alone ? NULL : sums);
        gain = (double)sums[nl] / sv->sgain;
        sv->bwsum += gain;
        if (report_round(sv, v[1]) != 0)
            sv->cancel = 1;
        progress_work(sv, 0);
        if (agree(sv)) {
            rc = -1;
            break;
        }
        /* no message gains more than a cutoff's worth any more */
        if (sv->iter >= f - 1 && gain <= sv->o.cutoff * sv->bwsum) {
            sv->res->converged = 1;
            sv->iter++;
            break;
        }
    }
    scratch_put(sums);
    sv->res->iterations = sv->iter;
    return rc;
}

/* -------------------------------------------------------- attribution */

static fix *
attr_acc(const struct fsolver *sv, struct fworker *w, long long e)
{
    return w->acc + (sv->res->job_bytes != NULL
                         ? (size_t)sv->m.job[sv->ent_msg[e]] * (sv->nl + NF_PADS)
                         : 0);
}

/* c * a bytes (c = bytes / bandwidth of the message) on the n padded
   links of one fresh path at l; returns its length (for the hops).
   (Inlined: called for every path of every recorded round.) */
static CELL_INLINE int
attribute_path(const struct fsolver *sv, fix *acc, const int *l, int n,
               double c, double a, fix mult)
{
    fix v = mult * fx(c * a, sv->sL);

    return n == 10   ? path_add_len(acc, l, 10, v, sv->nl)
           : n == 12 ? path_add_len(acc, l, 12, v, sv->nl)
           : n == 8  ? path_add_len(acc, l, 8, v, sv->nl)
           : n == 7  ? path_add_len(acc, l, 7, v, sv->nl)
           : n == 5  ? path_add_len(acc, l, 5, v, sv->nl)
                     : path_add_len(acc, l, n, v, sv->nl);
}

/* The hops of an entity's attributed paths: sum of a * len (al) over
   them, hmax the longest. */
static void
attribute_hops(const struct fsolver *sv, struct fworker *w, double al,
               double bytes, double bw, int hmax, fix mult)
{
    if (!(al > 0))
        return;
    w->s.hsum += mult * fx(al / bw, sv->sH);
    w->s.hopb += mult * fx(bytes * al / bw, sv->sHB);
    if (hmax > w->s.hmax)
        w->s.hmax = hmax;
}

/* Attribute recorded round r, block b. */
struct attr_ctx {
    struct fsolver *sv;
    int r;
};

/* Attribute fresh entity e by the cells (sv->cell_attr): val[i] the grant
   of its path i (via: the intermediate routers of the indirect ones),
   bytes / bandwidth times it onto the cells of the path's parts and its
   ends; and the entity's hops. As via_attr_task() by pairs: the same
   integers and doubles. */
static CELL_INLINE void
cell_attribute_ng(const struct fsolver *sv, struct fworker *w, long long e,
                  const int *via, const double *val, int ng)
{
    const struct route_cells *cc = sv->cells;
    const struct cend ce = sv->cend[e];
    const int *ft = cc->ft;
    int np = sv->poff[e + 1] - sv->poff[e], nd = ndirect_of(sv, sv->ent_rt[e]);
    int hmax = 0, dlen = -1, inj = ce.li >= 0, apart = ce.a != ce.b;
    double bw = sv->ent_bw[e], bytes = ce.bytes, cb = bytes / bw;
    double al = 0;
    fix *acc = attr_acc(sv, w, e), mult = sv->ent_mult[e], ends = 0;
    /* (row 0 for an entity whose paths have no link: never read) */
    const int *fa = CELL_ROW(ft, ce.a < 0 ? 0 : ce.a, ng);
    const int *fb = CELL_ROW(ft, ce.b < 0 ? 0 : ce.b, ng);

    if (ce.a < 0)
        return;
    for (int i = 0; i < np; i++) {
        int len = 0;
        fix v;
        if (!(val[i] > 0))
            continue;
        v = mult * fx(cb * val[i], sv->sL);
        if (apart && i < nd) {
            if (dlen < 0)
                dlen = chops_ng(cc->hops, fa, fb, ng);
            len = dlen;
            cadd_ng(w->csum, fa, fb, ng, v);
        } else if (apart) {
            const int *fy = CELL_ROW(ft, via[i - nd], ng);
            cadd_ng(w->csum, fa, fy, ng, v);
            cadd_ng(w->csum, fy, fb, ng, v);
            len =
                chops_ng(cc->hops, fa, fy, ng) + chops_ng(cc->hops, fy, fb, ng);
        }
        len += 2 * inj;
        ends += v;
        al += val[i] * len;
        hmax = len > hmax ? len : hmax;
    }
    if (inj && ends != 0) {
        acc[ce.li] += ends;
        acc[ce.le] += ends;
    }
    attribute_hops(sv, w, al, bytes, bw, hmax, mult);
}

static void
cell_attribute(const struct fsolver *sv, struct fworker *w, long long e,
               const int *via, const double *val)
{
#define CA(n)                                                                  \
    cell_attribute_ng(sv, w, e, via, val, n);                                  \
    return
    CELL_DISPATCH(sv->cells->ng, CA)
#undef CA
}

/* rec_attr_task() for a round recorded by intermediate routers (sv->via):
   each path walked again (route_via_path()), the direct ones once; or,
   with sv->pairs, each path's value added to its injection and ejection
   links and to the sums of its DOR parts' pairs of routers, which
   pair_task() walks once at the end. The links are those the round drew,
   so the sums are the same integers. */
static int
via_attr_task(void *ctx, long long b, int wi)
{
    struct attr_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    struct fworker *w = &sv->w[wi];
    const struct rblock *rb = &sv->rec[c->r].blk[b];
    const double *val = rb->val;
    const int *via = rb->via, *epr = net_endpoint_routers(sv->net);
    const unsigned char *vlen = rb->vlen;
    const int nr = sv->nr, inj = sv->Wf < sv->Wd;
    fix *pair = w->pair;
    const struct route_cells *cc = sv->cell_attr ? sv->cells : NULL;

    if (stopped(sv))
        return 1;
    for (long long k = 0; k < rb->n; k++) {
        long long e = rb->ent[k], m = sv->ent_msg[e];
        int rt = sv->ent_rt[e], np = npaths_fresh(sv, rt);
        int nd = ndirect_of(sv, rt), hmax = 0, dlen = -1;
        int es = sv->m.es[m], ed = sv->m.ed[m], ra = epr[es], rz = epr[ed];
        double bw = sv->ent_bw[e], bytes = sv->m.bytes[m];
        fix *acc = attr_acc(sv, w, e), mult = sv->ent_mult[e], ends = 0;
        double cb = bytes / bw, al = 0;
        if (!net_routing_adaptive(rt) || !(bw > 0) || cc != NULL) {
            if (cc != NULL && net_routing_adaptive(rt) && bw > 0)
                cell_attribute(sv, w, e, via, val);
            val += np;
            via += np - nd;
            vlen += np - nd;
            continue;
        }
        for (int i = 0; i < np; i++) {
            int len;
            fix v;
            if (!(val[i] > 0))
                continue;
            v = mult * fx(cb * val[i], sv->sL);
            if (pair == NULL) {
                const int *l = w->buf;
                if (i >= nd) {
                    len = route_via_path(w->rt, es, ed, via[i - nd], w->pbuf);
                    l = w->pbuf;
                } else if (dlen < 0)
                    len = dlen = route_via_path(w->rt, es, ed, -1, w->buf);
                else
                    len = dlen;
                for (int j = 0; j < len; j++)
                    acc[l[j]] += v;
            } else {
                int x = i >= nd ? via[i - nd] : -1;
                if (ra == rz)
                    len = 0;
                else if (x < 0) {
                    if (dlen < 0)
                        dlen = route_dor_hops(w->rt, ra, rz);
                    len = dlen;
                    pair[(size_t)ra * nr + rz] += v;
                } else {
                    if (x != ra)
                        pair[(size_t)ra * nr + x] += v;
                    if (x != rz)
                        pair[((size_t)nr + rz) * nr + x] += v;
                    len = vlen[i - nd] - 2 * inj;
                }
                len += 2 * inj;
                ends += v;
            }
            al += val[i] * len;
            hmax = len > hmax ? len : hmax;
        }
        if (inj && ends != 0) {
            acc[net_inj_link(sv->net, es)] += ends;
            acc[net_ej_link(sv->net, ed)] += ends;
        }
        attribute_hops(sv, w, al, bytes, bw, hmax, mult);
        val += np;
        via += np - nd;
        vlen += np - nd;
    }
    if ((b & 15) == 15 && progress_work(sv, 16.0 * NF_RBLOCK))
        return 1;
    return 0;
}

/* The pairs of routers a, z with a in [nr t / T, nr (t + 1) / T): every
   worker's sums on each, onto the links of its DOR path (z the outer
   loop, so that both halves of the sums are read a line at a time). */
#define NF_PAIR_TASKS 64

static int
pair_task(void *ctx, long long t, int wi)
{
    struct fsolver *sv = ctx;
    struct fworker *w = &sv->w[wi];
    const size_t nr = (size_t)sv->nr;
    int a0 = (int)((long long)nr * t / NF_PAIR_TASKS);
    int a1 = (int)((long long)nr * (t + 1) / NF_PAIR_TASKS);

    for (size_t z = 0; z < nr; z++)
        for (int a = a0; a < a1; a++) {
            fix v = 0;
            int n;
            for (int i = 0; i < sv->nthreads; i++)
                v += sv->w[i].pair[a * nr + z] +
                     sv->w[i].pair[(nr + z) * nr + (size_t)a];
            if (v == 0)
                continue;
            n = route_dor_path(w->rt, a, (int)z, w->buf);
            for (int j = 0; j < n; j++)
                w->acc[w->buf[j]] += v;
        }
    return 0;
}

static int
rec_attr_task(void *ctx, long long b, int wi)
{
    struct attr_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    struct fworker *w = &sv->w[wi];
    const struct rround *rr = &sv->rec[c->r];
    const struct rblock *rb = &rr->blk[b];
    const int *l = rb->links;
    const double *val = rb->val;

    if (stopped(sv))
        return 1;
    for (long long k = 0; k < rb->n; k++) {
        long long e = rb->ent[k], m = sv->ent_msg[e];
        int rt = sv->ent_rt[e], np = npaths_fresh(sv, rt);
        int nd = ndirect_of(sv, rt);
        double bw = sv->ent_bw[e], bytes = sv->m.bytes[m];
        fix *acc = attr_acc(sv, w, e);
        int adaptive = net_routing_adaptive(rt) && bw > 0, hmax = 0;
        double cb = bytes / bw, al = 0;
        fix mult = sv->ent_mult[e];
        if (rr->grants_only) { /* the paths of that round, again */
            struct rng g;
            if (!adaptive) {
                val += np;
                continue;
            }
            rng_init(&g, hmix(draw_key(sv, e), (uint64_t)c->r + 1));
            route_draw_pad(w->rt, sv->m.es[m], sv->m.ed[m], sv->o.minimal,
                           nd, np, &g, w->pbuf, NULL, sv->nl);
            l = w->pbuf;
        }
        for (int i = 0; i < np; i++) {
            int n = i >= nd ? sv->W : sv->Wd;
            if (adaptive && val[i] > 0) {
                int len = attribute_path(sv, acc, l, n, cb, val[i], mult);
                al += val[i] * len;
                hmax = len > hmax ? len : hmax;
            }
            if (val[i] != 0 || rr->grants_only) /* (the record keeps the
                                                  links of the paths that
                                                  asked: load_task()) */
                l += n;
        }
        if (adaptive)
            attribute_hops(sv, w, al, bytes, bw, hmax, mult);
        val += np;
        if (rr->grants_only)
            l = NULL;
    }
    if ((b & 15) == 15 && progress_work(sv, 16.0 * NF_RBLOCK))
        return 1;
    return 0;
}

/* Attribute unrecorded round r, entity block b: draw the paths again. */
static int
sweep_task(void *ctx, long long b, int wi)
{
    struct attr_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    struct fworker *w = &sv->w[wi];
    const struct rround *r = &sv->rec[c->r];
    long long e0 = b * NF_BLOCK, e1 = e0 + NF_BLOCK < sv->ne ? e0 + NF_BLOCK
                                                             : sv->ne;

    if (stopped(sv))
        return 1;
    for (long long e = e0; e < e1; e++) {
        int rt = sv->ent_rt[e], np, asked, nd;
        const int *l;
        double bytes, bw = sv->ent_bw[e];
        fix *acc;
        if (!fresh_paths(rt) || !net_routing_adaptive(rt) ||
            !get_bit(r->asked, e) || !(bw > 0))
            continue;
        if (sv->cell_attr) { /* by the cells of the round (sv->cmr and
                                sv->cmq hold its minima) */
            fix gain = 0;
            cell_loads(sv, e, c->r, sv->cmr, r->remc, 1, w->plen, w->pl,
                       &asked);
            cell_grants(sv, w, e, w->plen, w->pl, r->qf, sv->cmq,
                        sv->ent_mult[e], &gain);
            cell_attribute(sv, w, e, w->plen, w->pg);
            continue;
        }
        np = loads_of(sv, w, e, c->r, r->remc, 1, w->pbuf, NULL, NULL, NULL,
                      w->pl, &asked);
        nd = ndirect_of(sv, rt);
        bytes = sv->m.bytes[sv->ent_msg[e]];
        acc = attr_acc(sv, w, e);
        l = w->pbuf;
        {
            double cb = bytes / bw, al = 0;
            int hmax = 0;
            for (int i = 0; i < np; l += i < nd ? sv->Wd : sv->W, i++) {
                int n = i < nd ? sv->Wd : sv->W, len;
                double a;
                if (w->pl[i] <= 0)
                    continue;
                a = (double)PATH_MIN(r->qf, l, n) * w->pl[i];
                if (!(a > 0))
                    continue;
                len = attribute_path(sv, acc, l, n, cb, a, sv->ent_mult[e]);
                al += a * len;
                hmax = len > hmax ? len : hmax;
            }
            attribute_hops(sv, w, al, bytes, bw, hmax, sv->ent_mult[e]);
        }
    }
    if ((b & 15) == 15 && progress_work(sv, 16.0 * NF_BLOCK))
        return 1;
    return 0;
}

/* Fixed-path and static entities, and the routed count of fresh ones. */
static int
attribute_task(void *ctx, long long b, int wi)
{
    struct fsolver *sv = ctx;
    struct fworker *w = &sv->w[wi];
    long long e0 = b * NF_BLOCK, e1 = e0 + NF_BLOCK < sv->ne ? e0 + NF_BLOCK
                                                             : sv->ne;

    if (stopped(sv))
        return 1;
    for (long long e = e0; e < e1 && !w->failed; e++) {
        long long m = sv->ent_msg[e];
        int rt = sv->ent_rt[e], p0 = sv->poff[e], np = sv->poff[e + 1] - p0;
        double bytes = sv->m.bytes[m], mean = 0, bw = sv->ent_bw[e];
        fix mult = sv->ent_mult[e], *acc = attr_acc(sv, w, e);
        if (!net_routing_adaptive(rt)) {
            if (route_static(sv, w->rt, w->buf, rt, sv->m.es[m], sv->m.ed[m],
                             bytes, sv->m.key != NULL ? sv->m.key[m] : 0,
                             acc, mult, &w->s) != 0)
                worker_fail(w, FAIL_REACH, sv->m.job[m], sv->m.src[m],
                            sv->m.dst[m]);
            continue;
        }
        if (np == 0)
            continue;
        if (fresh_paths(rt)) {
            if (bw > 0) {
                w->s.routed += mult;
                w->s.rbytes += mult * fx(bytes, sv->sL);
            }
            continue;
        }
        {
            const int *l = fixed_links(sv, e), *len = fixed_lens(sv, e);
            int ea, ez, inj = sv->ent_end != NULL;
            fix ends = 0;
            for (int i = 0; i < np; i++, l += sv->Wf) {
                double f = bw > 0 ? bytes * sv->ptotal[p0 + i] / bw
                                  : bytes / np;
                fix v;
                if (f <= 0)
                    continue;
                v = mult * fx(f, sv->sL);
                for (int j = 0; j < len[i] - 2 * inj; j++)
                    acc[l[j]] += v;
                ends += v;
                mean += f * len[i] / bytes;
                if (len[i] > w->s.hmax)
                    w->s.hmax = len[i];
            }
            fixed_ends(sv, e, &ea, &ez);
            if (inj) {
                acc[ea] += ends;
                acc[ez] += ends;
            }
        }
        if (mean > 0) {
            w->s.routed += mult;
            w->s.rbytes += mult * fx(bytes, sv->sL);
            w->s.hsum += mult * fx(mean, sv->sH);
            w->s.hopb += mult * fx(bytes * mean, sv->sHB);
        }
    }
    return 0;
}

/* Link bytes (and per job) from the workers' attribution arrays. */
static int
finish_links(struct fsolver *sv)
{
    int k = sv->res->job_bytes != NULL ? sv->njobs : 1, nl = sv->nl;
    fix *out = sarray((long long)nl * k, sizeof(fix));

    if (sum_links(sv, k, out) != 0) {
        scratch_put(out);
        return -1;
    }
    for (int l = 0; l < nl; l++) {
        fix s = 0;
        for (int j = 0; j < k; j++) {
            s += out[(size_t)j * nl + l];
            if (sv->res->job_bytes != NULL)
                sv->res->job_bytes[(size_t)j * nl + l] =
                    (double)out[(size_t)j * nl + l] / sv->sL;
        }
        sv->res->bytes[l] = (double)s / sv->sL;
    }
    scratch_put(out);
    return 0;
}

/* The metric sums of every worker, then of every rank, into the result. */
static int
finish_sums(struct fsolver *sv)
{
    struct fsums t = sv->total;
    long long v[6], hmax;
    struct net_result *res = sv->res;

    for (int i = 0; i < sv->nthreads; i++)
        fsums_add(&t, &sv->w[i].s);
    v[0] = t.msgs;
    v[1] = t.routed;
    v[2] = t.total;
    v[3] = t.rbytes;
    v[4] = t.hopb;
    v[5] = t.hsum;
    hmax = (long long)t.hmax;
    if (reduce(sv, v, 6, NET_REDUCE_SUM) != 0 ||
        reduce(sv, &hmax, 1, NET_REDUCE_MAX) != 0)
        return -1;
    res->msgs = v[0];
    res->routed = v[1];
    res->total_bytes = (double)v[2] / sv->sL;
    res->routed_bytes = (double)v[3] / sv->sL;
    res->hop_bytes = (double)v[4] / sv->sHB;
    res->hops_sum = (double)v[5] / sv->sH;
    res->hops_max = (double)hmax;
    return 0;
}

/* -------------------------------------------------------------- solve */

static int exposure(const struct fsolver *sv, long long nfresh_paths);
static int exposure_of(const struct fsolver *sv);

/* The cells of the torus's DOR paths (sv->cells), when the rounds' fresh
   paths are recorded by intermediate router, no callback watches their
   links, and a round's passes over the cells (about four steps a cell)
   cost less than what they save on the paths (nfp fresh paths a round
   on this rank, each of several links a pass); within the memory the
   plan leaves. */
static void
use_cells(struct fsolver *sv, long long nfp)
{
    long long cap = 4 * nfp < NF_CELLS_MAX ? 4 * nfp : NF_CELLS_MAX;
    const struct route_cells *c;
    size_t np;

    if (!sv->via || sv->with_paths || nfp <= 0 || sv->o.no_cells)
        return;
    sv->cells = route_cells_new(sv->w[0].rt, cap);
    if (sv->cells == NULL)
        return;
    c = sv->cells;
    if ((double)c->n * (21.0 + 8.0 * sv->nthreads) + 24.0 * sv->ne >
        net_mem_limit(&sv->o) - sv->planned) {
        route_cells_free(sv->cells);
        sv->cells = NULL;
        return;
    }
    sv->res->cells = 1;
    /* the liveness of pairs of routers (cells_live(): nr^3 / 64 word
       operations a round, while some link is below the cutoff) when it
       costs less than a round's paths */
    sv->rw = (sv->nr + 63) / 64;
    sv->rlast =
        sv->nr % 64 == 0 ? ~(uint64_t)0 : ((uint64_t)1 << (sv->nr % 64)) - 1;
    if ((double)sv->nr * sv->nr * sv->rw <= 256.0 * (double)nfp) {
        sv->dor_ok = xmalloc((size_t)sv->nr * sv->rw * sizeof(uint64_t));
        sv->via_ok = xmalloc((size_t)sv->nr * sv->rw * sizeof(uint64_t));
    }
    sv->cmr = sarray(c->n, sizeof(float));
    sv->cmq = sarray(c->n, sizeof(float));
    np = (size_t)(npaths_fresh(sv, NET_AH) > sv->o.ai_paths
                      ? npaths_fresh(sv, NET_AH)
                      : sv->o.ai_paths);
    sv->cend = sarray(sv->ne, sizeof *sv->cend);
    for (long long e = 0; e < sv->ne; e++) {
        struct cend *x = &sv->cend[e];
        long long m = sv->ent_msg[e];
        int es = sv->m.es[m], ed = sv->m.ed[m];
        const int *epr = net_endpoint_routers(sv->net);
        x->bytes = sv->m.bytes[m];
        x->li = net_inj_link(sv->net, es);
        x->le = net_ej_link(sv->net, ed);
        x->a = es == ed ? -1 : epr[es];
        x->b = es == ed ? -1 : epr[ed];
        if (x->a >= 0 && x->a == x->b && x->li < 0)
            x->a = x->b = -1; /* (no link at all) */
    }
    for (int i = 0; i < sv->nthreads; i++) {
        sv->w[i].csum = sarray0(c->n, sizeof(fix));
        sv->w[i].pv = xmalloc(np * sizeof(fix));
        sv->w[i].pg = xmalloc(np * sizeof(double));
    }
}

/* Whether a dragonfly's liveness bounds (route_live_new()) may pay for
   their updates: some entity draws fresh paths, and of those (every
   (ne / 65536)-th looked at) at least one in eight joins two groups --
   the bounds rule out only such an entity. Placed in order on the full
   system, UMesh's partners share a group: there the bounds would cost 5%
   more CPU and rule out none; at RDN they halve the time. A choice of
   speed: the bounds change no result. */
static int
live_pays(const struct fsolver *sv)
{
    const struct net_dragonfly_params *dp = net_dragonfly(sv->net);
    const int *epr = net_endpoint_routers(sv->net);
    long long step = sv->ne / 65536 + 1, fresh = 0, seen = 0, apart = 0;
    int R;

    if (dp == NULL)
        return 0;
    R = dp->chassis * dp->routers;
    for (long long e = 0; e < sv->ne; e++) {
        long long m;
        int a, b;
        if (!fresh_paths(sv->ent_rt[e]) || fresh++ % step != 0)
            continue;
        m = sv->ent_msg[e];
        a = sv->m.es[m];
        b = sv->m.ed[m];
        seen++;
        apart += a >= 0 && b >= 0 && epr[a] / R != epr[b] / R;
    }
    return seen > 0 && 8 * apart >= seen;
}

static int
solve_adaptive(struct fsolver *sv)
{
    long long ne, nfp = 0;
    int nt = sv->nthreads;

    make_entities(sv);
    if (agree(sv))
        return -1;
    ne = sv->ne;
    for (long long e = 0; e < ne; e++)
        if (fresh_paths(sv->ent_rt[e]))
            nfp += npaths_fresh(sv, sv->ent_rt[e]);
    {
        long long v = nfp;
        if (reduce(sv, &v, 1, NET_REDUCE_SUM) != 0)
            return -1;
        sv->nfresh_paths = v; /* all ranks' */
    }
    sv->fexpose = exposure(sv, sv->nfresh_paths);
    sv->res->reps = sv->reps > 0 ? sv->reps : sv->frun;

    sv->res->exposure_model = sv->exact ? sv->fexpose : exposure_of(sv);
    sv->res->exposure = sv->fexpose;
    /* what the plan leaves may keep the rounds' fresh paths */
    if (sv->o.record_budget > net_mem_limit(&sv->o) - sv->planned)
        sv->o.record_budget = net_mem_limit(&sv->o) - sv->planned;
    build_paths(sv);
    if (agree(sv))
        return -1;
    sv->rem = table0((long long)sv->nl + 1, sizeof(double)); /* (added to) */
    sv->O = sarray0((long long)sv->nl + 1, sizeof(double));
    sv->G = sarray0((long long)sv->nl + 1, sizeof(double));
    sv->cut = sarray0((long long)sv->nl + 1, sizeof(double));
    sv->qf = sarray0((long long)sv->nl + NF_PADS, sizeof(float));
    sv->remc = sarray0((long long)sv->nl + NF_PADS, sizeof(float));
    for (int j = 0; j < NF_PADS; j++) /* the pad links */
        sv->qf[sv->nl + j] = sv->remc[sv->nl + j] = INFINITY;
    for (int l = 0; l < sv->nl; l++)
        sv->cut[l] = sv->o.cutoff * sv->bw[l];
    sv->act = sarray(ne, sizeof *sv->act);
    sv->bact = sarray(ne, sizeof *sv->bact);
    sv->bnact = xcalloc((size_t)(ne / NF_RBLOCK + 2), sizeof(long long));
    sv->bcount = xcalloc((size_t)(ne / NF_RBLOCK + 2) * 4, sizeof(long long));
    sv->nact = ne;
    for (long long e = 0; e < ne; e++)
        sv->act[e] = (int)e;
    if (sv->any_fresh_adaptive && live_pays(sv))
        sv->live = route_live_new(sv->net);
    for (int i = 0; i < nt; i++) {
        int np = npaths_fresh(sv, NET_AH) > sv->o.ai_paths
                     ? npaths_fresh(sv, NET_AH)
                     : sv->o.ai_paths;
        sv->w[i].pbuf = xmalloc((size_t)np * (size_t)sv->W * sizeof(int));
        sv->w[i].plen = xmalloc((size_t)(np > 64 ? np : 64) * sizeof(int));
        sv->w[i].pl = xmalloc(
            (size_t)(np > sv->o.ad_max_paths ? np : sv->o.ad_max_paths) *
            sizeof(double));
        sv->w[i].dead = xmalloc((size_t)np);
    }
    use_cells(sv, nfp);
    sv->work_total = (double)ne * 2 * (sv->fexpose + 2) +
                     (sv->any_fresh_adaptive ? (double)ne * sv->fexpose : 0);
    if (iterate(sv) != 0)
        return -1;

    /* attribution */
    {
        int k = sv->res->job_bytes != NULL ? sv->njobs : 1;
        long long nblk = (ne + NF_BLOCK - 1) / NF_BLOCK;
        for (int i = 0; i < nt; i++) {
            scratch_put(sv->w[i].acc);
            sv->w[i].acc =
                sarray0(((long long)sv->nl + NF_PADS) * k, sizeof(fix));
        }
        for (long long b = 0; b < sv->nscr; b++) { /* (the rounds' links) */
            scratch_put(sv->scr[b]);
            sv->scr[b] = NULL;
            sv->rec_bytes -= (double)sv->scr_cap[b] * 4;
            sv->scr_cap[b] = 0;
        }
        {
            /* (only rounds recorded by intermediate router add to the
               pairs: without one, as under AD, the tables would be
               cleared and scanned for nothing -- 32 MiB a phase on
               pf3d-rubik) */
            double pb = 2.0 * sv->nr * sv->nr * sizeof(fix) * nt;
            int recorded = 0;
            for (int r = 0; r < sv->nrec; r++)
                recorded |= sv->rec[r].recorded;
            sv->cell_attr = sv->cells != NULL && k == 1;
            sv->pairs =
                sv->via && !sv->cell_attr && recorded && k == 1 &&
                pb <= NF_PAIR_MEM &&
                pb <= net_mem_limit(&sv->o) - sv->planned - sv->rec_bytes;
        }
        for (int i = 0; i < nt && sv->pairs; i++)
            sv->w[i].pair =
                sarray0(2 * (long long)sv->nr * sv->nr, sizeof(fix));
        for (int r = 0; r < sv->nrec && !stopped(sv); r++) {
            struct attr_ctx c = {sv, r};
            struct rround *rr = &sv->rec[r];
            if (!rr->recorded && sv->cell_attr) {
                cells_min(sv, rr->remc, sv->cmr);
                cells_min(sv, rr->qf, sv->cmq);
            }
            pool_for(sv->pool, rr->recorded ? rr->nblk : nblk, 1,
                     !rr->recorded ? sweep_task
                     : sv->via     ? via_attr_task
                                   : rec_attr_task,
                     &c);
            rround_free(rr);
        }
        if (!sv->cancel) /* (else solver_free() frees the rest) */
            sv->nrec = 0;
        if (sv->pairs && !stopped(sv))
            pool_for(sv->pool, NF_PAIR_TASKS, 1, pair_task, sv);
        if (sv->cell_attr && !stopped(sv))
            push_cells(sv);
        pool_for(sv->pool, nblk, 1, attribute_task, sv);
        take_failure(sv);
        if (agree(sv) || finish_links(sv) != 0)
            return -1;
    }
    return 0;
}

/* The per-message results, block b of the messages: pass 0 writes
   every message's bandwidth and, with paths, counts its paths (into
   path_off[m + 1]) and the block's paths and links (bpaths[b],
   blinks[b]); pass 1, the blocks' starts known, turns the counts into
   offsets and copies the paths. */
struct fill_ctx {
    struct fsolver *sv;
    int pass;
    int paths;   /* the result lists the fixed path sets */
    int bw_done; /* path_bw is the totals as they are */
    long long *bpaths, *blinks;
};

static int
fill_task(void *ctx, long long b, int wi)
{
    struct fill_ctx *c = ctx;
    struct fsolver *sv = c->sv;
    struct net_result *res = sv->res;
    long long m0 = b * NF_BLOCK;
    long long m1 = m0 + NF_BLOCK < sv->m.n ? m0 + NF_BLOCK : sv->m.n;
    long long nlinks = 0, np = 0;

    (void)wi;
    if (c->pass == 0) {
        for (long long m = m0; m < m1; m++) {
            int e = sv->msg_ent[m], k = 0;
            res->msg_bw[m] = e >= 0 ? sv->ent_bw[e] : 0;
            if (!c->paths)
                continue;
            if (e >= 0 && !fresh_paths(sv->ent_rt[e])) {
                const int *len = fixed_lens(sv, e);
                k = sv->poff[e + 1] - sv->poff[e];
                for (int i = 0; i < k; i++)
                    nlinks += len[i];
            }
            res->path_off[m + 1] = k;
            np += k;
        }
        c->bpaths[b] = np;
        c->blinks[b] = nlinks;
        return 0;
    }
    np = c->bpaths[b];
    nlinks = c->blinks[b];
    for (long long m = m0; m < m1; m++) {
        int e = sv->msg_ent[m];
        res->path_off[m + 1] = (int)(np + res->path_off[m + 1]);
        if (e < 0 || fresh_paths(sv->ent_rt[e]))
            continue;
        const int *l = fixed_links(sv, e), *len = fixed_lens(sv, e);
        int ea, ez, inj = sv->ent_end != NULL, p0 = sv->poff[e];
        fixed_ends(sv, e, &ea, &ez);
        for (int i = 0; i < sv->poff[e + 1] - p0; i++, l += sv->Wf) {
            int *out = res->links + nlinks, n = len[i] - 2 * inj;
            res->path_start[np] = nlinks;
            res->path_len[np] = len[i];
            if (!c->bw_done)
                res->path_bw[np] = sv->ptotal[p0 + i];
            if (inj)
                *out++ = ea;
            for (int j = 0; j < n; j++)
                out[j] = l[j];
            if (inj)
                out[n] = ez;
            nlinks += len[i];
            np++;
        }
    }
    return 0;
}

/* Per-message results: bandwidths, and the fixed path sets. */
static void
fill_messages(struct fsolver *sv)
{
    struct net_result *res = sv->res;
    long long N = sv->m.n, nblk = (N + NF_BLOCK - 1) / NF_BLOCK, np = 0,
              nlinks = 0;
    struct fill_ctx c = {sv, 0, 0, 1, NULL, NULL};

    res->nmsg = N;
    res->msg_job = sv->m.job;
    res->msg_src = sv->m.src;
    res->msg_dst = sv->m.dst;
    res->msg_bytes = sv->m.bytes;
    sv->m.job = sv->m.src = sv->m.dst = NULL;
    sv->m.bytes = NULL;
    if (N == 0) {
        res->msg_job = xreallocarray(res->msg_job, 1, sizeof(int));
        res->msg_src = xreallocarray(res->msg_src, 1, sizeof(int));
        res->msg_dst = xreallocarray(res->msg_dst, 1, sizeof(int));
        res->msg_bytes = xreallocarray(res->msg_bytes, 1, sizeof(double));
    }
    if (!sv->adaptive) {
        res->msg_bw = xcalloc((size_t)(N > 0 ? N : 1), sizeof(double));
        return;
    }
    res->msg_bw = xmalloc((size_t)(N > 0 ? N : 1) * sizeof(double));
    /* fixed path sets with their total bandwidth, per message: counted
       and copied by blocks of messages on the pool (not under MPI:
       gather_messages() drops them) */
    c.paths = sv->o.keep_paths && N <= NF_KEEP_PATHS && sv->o.nranks <= 1;
    if (c.paths) {
        /* every entity one message with fixed paths: the entities are in
           the messages' order, and so are their paths' totals */
        for (long long e = 0; e < sv->ne && c.bw_done; e++)
            c.bw_done = !fresh_paths(sv->ent_rt[e]) && sv->ent_mult[e] == 1;
        c.bw_done = c.bw_done && sv->ptotal != NULL;
        res->path_off = xmalloc(((size_t)N + 1) * sizeof(int));
        res->path_off[0] = 0;
    }
    c.bpaths = xcalloc((size_t)nblk + 1, sizeof(long long));
    c.blinks = xcalloc((size_t)nblk + 1, sizeof(long long));
    pool_for(sv->pool, nblk, 1, fill_task, &c);
    if (c.paths) {
        for (long long b = 0; b < nblk; b++) { /* counts to starts */
            long long k = c.bpaths[b], l = c.blinks[b];
            c.bpaths[b] = np;
            c.blinks[b] = nlinks;
            np += k;
            nlinks += l;
        }
        /* the requests' array is dead and its pages are mapped: when it
           holds as many (every fixed entity one message), the starts go
           there rather than into pages the kernel must clear first */
        if (sv->pload != NULL && np <= sv->poff[sv->ne]) {
            res->path_start = xreallocarray(
                sv->pload, (size_t)(np > 0 ? np : 1), sizeof(long long));
            sv->pload = NULL;
        } else
            res->path_start =
                xmalloc((size_t)(np > 0 ? np : 1) * sizeof(long long));
        res->path_len = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(int));
        if (c.bw_done) { /* (np == poff[ne]) */
            res->path_bw = sv->ptotal;
            sv->ptotal = NULL;
        } else
            res->path_bw = xmalloc((size_t)(np > 0 ? np : 1) * sizeof(double));
        res->links = xmalloc((size_t)(nlinks > 0 ? nlinks : 1) * sizeof(int));
        c.pass = 1;
        pool_for(sv->pool, nblk, 1, fill_task, &c);
    }
    free(c.bpaths);
    free(c.blinks);
}

/* The k[t]-th smallest (0-based) of the n values v >= 0 of every rank,
   for t < T (T <= 10), into out[t]: a radix selection on the values' bit
   patterns (ordered like the values) less the smallest one, over the bits
   where the smallest and the largest differ, 16 bits a pass from the top,
   the histograms summed over the ranks. (From the top of the pattern,
   the first 16 bits are the sign, the exponent and 4 bits of mantissa:
   on dragonfly-workload under AI 72% of the bandwidths shared the
   quartiles' bins, and the next pass read them all again.) Targets that
   share their prefix so far share a histogram (on the first pass, all of
   them). Exact. After each pass only the values under some target's
   prefix can matter: they are kept (a few bins' worth), and the next pass
   reads only them. wt: value i stands for wt[i] values (NULL: each for
   one). */
static int
select_ranks(struct fsolver *sv, const double *v, const int *wt, long long n,
             const long long *k, int T, double *out)
{
    uint64_t prefix[10], up[10], lo = INT64_MAX, hi = 0;
    long long rem[10], ext[2];
    int u[10], ord[10], top = 0;
    long long *hist = NULL;
    uint64_t *cand = NULL; /* the values still under some prefix, less lo */
    int *cw = NULL;        /* their weights (with wt) */
    int rc = 0;

    for (long long i = 0; i < n; i++) {
        uint64_t b;
        memcpy(&b, &v[i], sizeof b);
        lo = b < lo ? b : lo;
        hi = b > hi ? b : hi;
    }
    /* (the patterns of values >= 0 are below INT64_MAX: the smallest is
       taken as the largest of INT64_MAX less them) */
    ext[0] = (long long)hi;
    ext[1] = (long long)(INT64_MAX - lo);
    if (reduce(sv, ext, 2, NET_REDUCE_MAX) != 0)
        return -1;
    hi = (uint64_t)ext[0];
    lo = INT64_MAX - (uint64_t)ext[1];
    while (lo < hi && top < 64 && (hi - lo) >> top != 0)
        top++;
    for (int t = 0; t < T; t++) {
        prefix[t] = 0;
        rem[t] = k[t];
    }
    if (top > 0)
        hist = sarray((long long)T * 65536, sizeof(long long));
    for (int pass = 0; 16 * pass < top; pass++) {
        /* this pass's bits: width of them above shift */
        int shift = top - 16 * (pass + 1) > 0 ? top - 16 * (pass + 1) : 0;
        int width = top - 16 * pass - shift, nb = 1 << width, nu = 0;
        uint64_t mask = (uint64_t)nb - 1;
        /* the distinct prefixes (in the order of the targets: every rank
           finds the same) */
        for (int t = 0; t < T; t++) {
            int d = 0;
            while (d < nu && up[d] != prefix[t])
                d++;
            if (d == nu)
                up[nu++] = prefix[t];
            u[t] = d;
        }
        memset(hist, 0, (size_t)nu * (size_t)nb * sizeof(long long));
        if (pass == 0) /* (every prefix is 0) */
            for (long long i = 0; i < n; i++) {
                uint64_t b;
                memcpy(&b, &v[i], sizeof b);
                hist[(b - lo) >> shift] += wt != NULL ? wt[i] : 1;
            }
        else {
            /* keep the values under this pass's prefixes (from v on the
               second pass, from the kept ones after it) */
            long long nc = 0;
            if (cand == NULL)
                cand = sarray(n, sizeof *cand);
            if (cw == NULL && wt != NULL)
                cw = sarray(n, sizeof *cw);
            for (long long i = 0; i < n; i++) {
                uint64_t b;
                int x = 1;
                if (pass == 1) {
                    memcpy(&b, &v[i], sizeof b);
                    b -= lo;
                    if (wt != NULL)
                        x = wt[i];
                } else {
                    b = cand[i];
                    if (cw != NULL)
                        x = cw[i];
                }
                for (int d = 0; d < nu; d++)
                    if ((b >> (shift + width)) == up[d]) {
                        hist[(size_t)d * nb + ((b >> shift) & mask)] += x;
                        if (cw != NULL)
                            cw[nc] = x;
                        cand[nc++] = b;
                        break;
                    }
            }
            n = nc;
        }
        if (reduce(sv, hist, (long long)nu * nb, NET_REDUCE_SUM) != 0) {
            rc = -1;
            break;
        }
        /* each histogram walked once for all its targets, in the order
           of their ranks (a target's bin is the first whose count takes
           the histogram's sum past its rank: a higher rank's is never
           before it) */
        for (int t = 0; t < T; t++) { /* (insertion: stable, T <= 10) */
            int i = t;
            for (; i > 0 && rem[ord[i - 1]] > rem[t]; i--)
                ord[i] = ord[i - 1];
            ord[i] = t;
        }
        for (int d = 0; d < nu; d++) {
            const long long *h = hist + (size_t)d * nb;
            long long below = 0;
            int bin = 0;
            for (int i = 0; i < T; i++) {
                int t = ord[i];
                if (u[t] != d)
                    continue;
                while (bin < nb - 1 && rem[t] >= below + h[bin])
                    below += h[bin++];
                rem[t] -= below;
                prefix[t] = (prefix[t] << width) | (uint64_t)bin;
            }
        }
    }
    for (int t = 0; t < T; t++) {
        uint64_t b = lo + prefix[t];
        memcpy(&out[t], &b, sizeof out[t]);
    }
    scratch_put(hist);
    scratch_put(cand);
    scratch_put(cw);
    return rc;
}

/* Job j's bandwidths: k more messages that obtained bw, of bytes each
   (as net_stats_jobs() adds them from the messages, one by one: the sum
   is exact, so in any order). */
static void
bw_stats_add(struct net_bw_stats *o, double bw, double bytes, int k)
{
    if (o->n == 0 || bw < o->min)
        o->min = bw;
    if (o->n == 0 || bw > o->max)
        o->max = bw;
    xsum_add(&o->sum, bw, (uint64_t)k);
    o->n += k;
    if (bw > 0) {
        if (bytes / bw > o->worst)
            o->worst = bytes / bw;
    } else {
        o->starved += k;
        o->worst = INFINITY;
    }
}

/* The bandwidth summary's collection: the value and weight of every
   entity that stands for routed messages, and its job's bandwidths. */
struct bws_ctx {
    struct fsolver *sv;
    const int *epr, *mjob;
    const double *mbytes;
    double *v;
    int *wt;
    long long *bn;           /* per block: its values, the messages they
                                stand for, and those that obtained none */
    struct net_bw_stats *js; /* per worker x job, or NULL */
};

/* Collect the entities of block b into v and wt at the block's start,
   their count into bn[3b], their messages into bn[3b + 1], the starved
   among those into bn[3b + 2]. */
static int
bws_task(void *ctx, long long b, int wi)
{
    struct bws_ctx *c = ctx;
    const struct fsolver *sv = c->sv;
    long long e0 = b * NF_BLOCK,
              e1 = e0 + NF_BLOCK < sv->ne ? e0 + NF_BLOCK : sv->ne;
    long long n = e0, msgs = 0, starved = 0;
    struct net_bw_stats *js =
        c->js != NULL ? c->js + (size_t)wi * (size_t)sv->njobs : NULL;

    for (long long e = e0; e < e1; e++) {
        long long m = sv->ent_msg[e];
        int a = sv->m.es[m], z = sv->m.ed[m], k = sv->ent_mult[e];
        double bytes = c->mbytes[m], bw = sv->ent_bw[e];
        if (!(bytes > 0) || a < 0 || z < 0 || c->epr[a] == c->epr[z])
            continue;
        c->wt[n] = k;
        c->v[n++] = bw > 0 ? bw : 0;
        msgs += k;
        starved += bw > 0 ? 0 : k;
        if (js != NULL)
            bw_stats_add(&js[c->mjob[m]], bw, bytes, k);
    }
    c->bn[3 * b] = n - e0;
    c->bn[3 * b + 1] = msgs;
    c->bn[3 * b + 2] = starved;
    return 0;
}

/* The bandwidth summary of the routed messages (every rank's), as
   net_stats_quantile() computes it on all of them; on one rank, the
   bandwidths per job too. By entity, each standing for its messages
   (those of an entity have one job, the same routers and bytes, and its
   bandwidth; the selection and the sums are exact, so k values of one
   entity count as k messages'), over the workers, then the messages (or
   folded runs) without one, as the result lists them. */
static int
bw_summary(struct fsolver *sv)
{
    struct net_result *res = sv->res;
    long long nv = sv->ne + sv->n_none;
    long long nblk = (sv->ne + NF_BLOCK - 1) / NF_BLOCK;
    long long n = 0, tot[2] = {0, 0}, k[10];
    double sel[10];
    int T = 0, rc, nw = pool_threads(sv->pool);
    struct net_bw_stats *js = NULL;
    struct bws_ctx c;

    memset(&c, 0, sizeof c);
    c.sv = sv;
    c.epr = net_endpoint_routers(sv->net);
    c.mjob = sv->fold ? sv->m.job : res->msg_job;
    c.mbytes = sv->fold ? sv->m.bytes : res->msg_bytes;
    c.v = sarray(nv, sizeof(double));
    c.wt = sarray(nv, sizeof(int));
    c.bn = xcalloc((size_t)(3 * nblk + 1), sizeof *c.bn);
    if (sv->o.nranks <= 1) {
        js = res->job_bws =
            xcalloc((size_t)(sv->njobs > 0 ? sv->njobs : 1), sizeof *js);
        c.js = xcalloc((size_t)nw * (size_t)(sv->njobs > 0 ? sv->njobs : 1),
                       sizeof *c.js);
    }
    pool_for(sv->pool, nblk, 1, bws_task, &c);
    for (long long b = 0; b < nblk; b++) { /* (the blocks' values, packed) */
        if (n != b * NF_BLOCK) {
            memmove(c.v + n, c.v + b * NF_BLOCK,
                    (size_t)c.bn[3 * b] * sizeof *c.v);
            memmove(c.wt + n, c.wt + b * NF_BLOCK,
                    (size_t)c.bn[3 * b] * sizeof *c.wt);
        }
        n += c.bn[3 * b];
        tot[0] += c.bn[3 * b + 1];
        tot[1] += c.bn[3 * b + 2];
    }
    for (int i = 0; js != NULL && i < nw; i++)
        for (int j = 0; j < sv->njobs; j++)
            net_bw_stats_merge(&js[j],
                               &c.js[(size_t)i * (size_t)sv->njobs + j]);
    /* the messages without an entity (they obtained none) */
    for (long long m = 0, left = sv->n_none; left > 0; m++) {
        int a, z, cnt;
        if (sv->msg_ent[m] >= 0)
            continue;
        left--;
        a = sv->m.es[m];
        z = sv->m.ed[m];
        cnt = fmsgs_cnt(&sv->m, m);
        if (!(c.mbytes[m] > 0) || a < 0 || z < 0 || c.epr[a] == c.epr[z])
            continue;
        c.wt[n] = cnt;
        c.v[n++] = 0;
        tot[0] += cnt;
        tot[1] += cnt;
        if (js != NULL)
            bw_stats_add(&js[c.mjob[m]], 0, c.mbytes[m], cnt);
    }
    free(c.js);
    free(c.bn);
    rc = reduce(sv, tot, 2, NET_REDUCE_SUM);
    res->bwq_n = tot[0];
    res->bwq_starved = tot[1];
    if (rc == 0 && tot[0] > 0) {
        static const double qs[5] = {0, 0.25, 0.5, 0.75, 1};
        for (int q = 0; q < 5; q++) {
            double h = (double)(tot[0] - 1) * qs[q];
            long long kk = (long long)h;
            k[T++] = kk;
            k[T++] = kk + 1 < tot[0] ? kk + 1 : kk;
        }
        rc = select_ranks(sv, c.v, c.wt, n, k, T, sel);
        for (int q = 0; q < 5 && rc == 0; q++) {
            double h = (double)(tot[0] - 1) * qs[q], lo = sel[2 * q];
            long long kk = (long long)h;
            res->bwq[q] = kk + 1 >= tot[0] || h == (double)kk
                              ? lo
                              : lo + (h - (double)kk) * (sel[2 * q + 1] - lo);
        }
    }
    scratch_put(c.v);
    scratch_put(c.wt);
    if (rc != 0)
        return -1;
    res->have_bwq = 1;
    return 0;
}

/* A distributed solve: rank 0 gathers every rank's messages when they fit
   its memory (all ranks decide alike); the path sets are dropped. */
static int
gather_one(struct fsolver *sv, void **arr, long long n, long long n_all,
           int size)
{
    void *all = sv->o.rank == 0 ? xmalloc((size_t)(n_all > 0 ? n_all : 1) *
                                          (size_t)size)
                                : NULL;
    int rc = sv->o.gather(sv->o.reduce_ctx, *arr, n, size, all);

    free(*arr);
    *arr = sv->o.rank == 0 ? all : xmalloc((size_t)size);
    return rc;
}

static int
gather_messages(struct fsolver *sv)
{
    struct net_result *res = sv->res;
    long long v[2] = {res->nmsg, 0}, n_all;
    int rc = 0;

    free(res->path_off);
    free(res->path_start);
    free(res->path_len);
    free(res->path_bw);
    free(res->links);
    res->path_off = NULL;
    res->path_start = NULL;
    res->path_len = NULL;
    res->path_bw = NULL;
    res->links = NULL;
    if (res->msg_bw == NULL)
        return 0;
    if (reduce(sv, v, 1, NET_REDUCE_SUM) != 0)
        return -1;
    n_all = v[0];
    /* rank 0 says whether it has room */
    v[1] = sv->o.rank == 0 &&
           sv->planned + (double)(n_all - res->nmsg) * (3 * 4 + 8 + 8) <=
               net_mem_limit(&sv->o);
    if (reduce(sv, v + 1, 1, NET_REDUCE_SUM) != 0)
        return -1;
    if (v[1] && sv->o.gather != NULL) {
        rc |= gather_one(sv, (void **)&res->msg_job, res->nmsg, n_all,
                         sizeof(int));
        rc |= gather_one(sv, (void **)&res->msg_src, res->nmsg, n_all,
                         sizeof(int));
        rc |= gather_one(sv, (void **)&res->msg_dst, res->nmsg, n_all,
                         sizeof(int));
        rc |= gather_one(sv, (void **)&res->msg_bytes, res->nmsg, n_all,
                         sizeof(double));
        rc |= gather_one(sv, (void **)&res->msg_bw, res->nmsg, n_all,
                         sizeof(double));
        res->nmsg = sv->o.rank == 0 ? n_all : 0;
    } else
        res->nmsg = 0;
    return rc != 0 ? -1 : 0;
}

static void
solver_free(struct fsolver *sv)
{
    for (int j = 0; j < sv->njobs && sv->jend != NULL; j++)
        free(sv->jend[j]);
    free(sv->jend);
    for (int i = 0; i < sv->nthreads && sv->w != NULL; i++) {
        route_free(sv->w[i].rt);
        free(sv->w[i].buf);
        free(sv->w[i].pbuf);
        free(sv->w[i].plen);
        free(sv->w[i].pl);
        free(sv->w[i].dead);
        scratch_put(sv->w[i].acc);
        fmsgs_free(&sv->w[i].rec);
        scratch_put(sv->w[i].pair);
        scratch_put(sv->w[i].csum);
        free(sv->w[i].pv);
        free(sv->w[i].pg);
        free(sv->w[i].jn);
        scratch_put(sv->w[i].ftab);
        free(sv->w[i].fhint);
        free(sv->w[i].srec);
        scratch_put(sv->w[i].stab);
    }
    free(sv->w);
    free(sv->jcount);
    free(sv->ch_job);
    free(sv->ch_u0);
    free(sv->ch_u1);
    free(sv->ch_cnt);
    free(sv->ch_got);
    free(sv->ch_off);
    free(sv->ch_w);
    free(sv->ch_at);
    fmsgs_free(&sv->m);
    scratch_put(sv->ent_msg);
    scratch_put(sv->ent_mult);
    scratch_put(sv->ent_key);
    scratch_put(sv->ent_bw);
    scratch_put(sv->msg_ent);
    scratch_put(sv->ent_rt);
    scratch_put(sv->poff);
    scratch_put(sv->ent_slot);
    scratch_put(sv->plen);
    scratch_put(sv->links);
    scratch_put(sv->flen);
    scratch_put(sv->ent_end);
    free(sv->pload);
    free(sv->ptotal);
    scratch_put(sv->palloc);
    scratch_put(sv->act);
    scratch_put(sv->bact);
    free(sv->bnact);
    free(sv->bcount);
    for (long long b = 0; b < sv->nscr; b++)
        scratch_put(sv->scr[b]);
    free(sv->scr);
    free(sv->scr_cap);
    scratch_put(sv->rem);
    scratch_put(sv->O);
    scratch_put(sv->G);
    scratch_put(sv->cut);
    scratch_put(sv->qf);
    scratch_put(sv->remc);
    scratch_put(sv->cend);
    free(sv->dor_ok);
    free(sv->via_ok);
    scratch_put(sv->cmr);
    scratch_put(sv->cmq);
    route_cells_free(sv->cells);
    route_live_free(sv->live);
    for (int r = 0; r < sv->nrec; r++)
        rround_free(&sv->rec[r]);
    free(sv->rec);
    scratch_put(sv->vpad);
    free(sv->vstart);
    free(sv->vlinks);
}

/* The count pass without emitting (one rank, every step): when every
   chunk's pattern knows its messages (pattern_units_msgs()) and they are
   too few for the solve to fold (folding needs the runs of identical
   messages, which only emitting counts), their counts go to ch_cnt and
   the largest message to *maxb, and it returns 1; else 0, ch_cnt left
   zero. pf3d-rubik's all-to-alls and milc-bgq's stencil are counted so. */
static int
quick_count(struct fsolver *sv, double *maxb)
{
    double mb = 0;

    if (sv->o.nranks > 1 || sv->o.step >= 0)
        return 0;
    for (int c = sv->c0; c < sv->c1; c++) {
        double b;
        long long k = pattern_units_msgs(sv->jobs[sv->ch_job[c]].pattern,
                                         sv->ch_u0[c], sv->ch_u1[c], &b);
        if (k < 0) {
            memset(sv->ch_cnt, 0, (size_t)sv->nchunks * sizeof *sv->ch_cnt);
            return 0;
        }
        sv->ch_cnt[c] = k;
        if (b > mb)
            mb = b;
    }
    if (mb > *maxb)
        *maxb = mb;
    return 1;
}

/* How many messages the jobs emit on this rank (a counting pass), and
   the largest; for the plan and the scales. */
static int
count_messages(struct fsolver *sv, long long *n, double *maxb)
{
    long long all = 0, at = 0;

    *n = 0;
    *maxb = 0;
    sv->jcount = xcalloc((size_t)sv->njobs, sizeof(long long));
    sv->ch_cnt = xcalloc((size_t)sv->nchunks + 1, sizeof(long long));
    for (int i = 0; i < sv->nthreads; i++) {
        sv->w[i].lmax_n = 0;
        sv->w[i].lmax_b = 0;
        sv->w[i].jn = xcalloc((size_t)sv->njobs, sizeof(long long));
    }
    if (!quick_count(sv, maxb))
        pool_for(sv->pool, sv->c1 - sv->c0, 1, count_task, sv);
    for (int i = 0; i < sv->nthreads; i++) {
        if (sv->w[i].lmax_b > *maxb)
            *maxb = sv->w[i].lmax_b;
        sv->w[i].tick = 0;
    }
    /* every rank learns every chunk's count, and takes a run of chunks
       holding about its share of the messages (the counting split them by
       chunks alone) */
    if (reduce(sv, sv->ch_cnt, sv->nchunks, NET_REDUCE_SUM) != 0)
        return -1;
    for (int c = 0; c < sv->nchunks; c++) {
        all += sv->ch_cnt[c];
        sv->jcount[sv->ch_job[c]] += sv->ch_cnt[c];
    }
    if (sv->o.nranks > 1) {
        long long lo = (long long)((double)all * sv->o.rank / sv->o.nranks);
        long long hi =
            (long long)((double)all * (sv->o.rank + 1) / sv->o.nranks);
        sv->c0 = sv->c1 = sv->nchunks;
        for (int c = 0; c < sv->nchunks; c++) {
            if (at >= lo && sv->c0 == sv->nchunks)
                sv->c0 = c;
            if (at >= hi && sv->c1 == sv->nchunks) {
                sv->c1 = c;
                break;
            }
            at += sv->ch_cnt[c];
        }
        if (sv->o.rank == sv->o.nranks - 1)
            sv->c1 = sv->nchunks;
        if (sv->c1 < sv->c0)
            sv->c1 = sv->c0;
    }
    if (sv->adaptive || sv->keep)
        sv->ch_at = xmalloc((size_t)(sv->c1 - sv->c0 + 1) * sizeof(long long));
    for (int c = sv->c0; c < sv->c1; c++) {
        if (sv->ch_at != NULL)
            sv->ch_at[c - sv->c0] = *n;
        *n += sv->ch_cnt[c];
    }
    if (sv->ch_at != NULL)
        sv->ch_at[sv->c1 - sv->c0] = *n;
    sv->msgs_mine = *n;
    return sv->cancel ? -1 : 0;
}

/* The model's f. */
static int
exposure_of(const struct fsolver *sv)
{
    int f = sv->o.expose > 0 ? sv->o.expose : sv->any_fresh_adaptive ? 50 : 1;

    return f > sv->o.max_iters ? sv->o.max_iters : f;
}

/* The exposure the solve will use (f; FAST may compress it) for a round
   of nfresh_paths fresh paths (all ranks). */
static int
exposure(const struct fsolver *sv, long long nfresh_paths)
{
    int f = exposure_of(sv);

    /* (only on a dragonfly and a fat-tree: their indirect paths are all
       about as long, so fewer rounds change the noise, not the paths
       taken; on a torus the early rounds would favour long paths -- see
       rho-model(7)) */
    if (!sv->exact && sv->any_fresh_adaptive && sv->o.samples > 0 &&
        (net_family(sv->net) == NET_DRAGONFLY ||
         net_family(sv->net) == NET_FATTREE) &&
        (double)nfresh_paths * f > (double)sv->o.samples) {
        long long k = sv->o.samples / (nfresh_paths > 0 ? nfresh_paths : 1);
        f = k < 1 ? 1 : (int)k;
    }
    return f;
}

/* How many identical AI or AH messages a representative stands for at
   most (0: none, every message is solved), for nfp fresh paths a round
   (every message's, all ranks): on a torus, the fewest that bring the
   paths of the exposure under opts.samples, at most NF_REP_MAX. */
static int
representatives(const struct fsolver *sv, double nfp)
{
    double need;

    if (sv->exact || !sv->any_fresh_adaptive || sv->with_paths ||
        sv->o.samples <= 0 || net_family(sv->net) != NET_TORUS)
        return 0;
    need = ceil(nfp * exposure_of(sv) / (double)sv->o.samples);
    return need < 2 ? 0 : need > NF_REP_MAX ? NF_REP_MAX : (int)need;
}

/* Array t of the records m (where m keeps it), and its element size. */
static void **
rec_array(struct fmsgs *m, long long t, size_t *z)
{
    *z = t == 6 ? sizeof *m->bytes : sizeof *m->job;
    return t == 0   ? (void **)&m->job
           : t == 1 ? (void **)&m->src
           : t == 2 ? (void **)&m->dst
           : t == 3 ? (void **)&m->es
           : t == 4 ? (void **)&m->ed
           : t == 5 ? (void **)&m->cnt
                    : (void **)&m->bytes;
}

/* fold_gather()'s array t: every chunk's records, in chunk order, from
   its worker's, whose array t then goes back to the system (so that the
   records are not all twice in memory). */
static int
gather_task(void *ctx, long long t, int wi)
{
    struct fsolver *sv = ctx;
    size_t z;
    char *to = *rec_array(&sv->m, t, &z);
    long long n = 0;

    (void)wi;
    for (int c = 0; c < sv->c1 - sv->c0; c++) {
        long long k = sv->ch_got[c];
        if (k > 0)
            memcpy(to + (size_t)n * z,
                   (char *)*rec_array(&sv->w[sv->ch_w[c]].rec, t, &z) +
                       (size_t)sv->ch_off[c] * z,
                   (size_t)k * z);
        n += k;
    }
    for (int i = 0; i < sv->nthreads; i++) {
        void **a = rec_array(&sv->w[i].rec, t, &z);
        scratch_release(*a);
        *a = NULL;
    }
    return 0;
}

/* Folded: the records in sv->m, every chunk's after the one before
   (each worker kept those of the chunks it collected), an array a task.
   Returns the records. */
static long long
fold_gather(struct fsolver *sv)
{
    long long n = 0;

    for (int c = 0; c < sv->c1 - sv->c0; c++)
        n += sv->ch_got[c];
    frecs_reserve(&sv->m, n > 0 ? n : 1);
    pool_for(sv->pool, 7, 1, gather_task, sv);
    for (int i = 0; i < sv->nthreads; i++)
        fmsgs_free(&sv->w[i].rec);
    return n;
}

/* The messages of AI and AH jobs (all ranks), and their fresh paths a
   round. */
static void
fresh_counts(const struct fsolver *sv, double *nfresh, double *nfp)
{
    *nfresh = *nfp = 0;
    for (int j = 0; j < sv->njobs; j++) {
        int rt = sv->jobs[j].routing;
        if (fresh_paths(rt)) {
            *nfresh += (double)sv->jcount[j];
            *nfp += (double)sv->jcount[j] * npaths_fresh(sv, rt);
        }
    }
}

/* Folded AI and AH (FAST, one rank): the messages of an AI or AH job
   that the solve folds come in records of identical ones, and each
   record is cut into runs of w, each run solved as one entity of
   multiplicity w that draws its own paths (ent_number_task()), as a torus's
   representatives are (see grouped()). Returns w: 0 when every message
   fits the memory one by one (net_opts.mem_limit; then they are kept
   and solved so, exactly as below the folding's threshold), else the
   fewest of 2 .. NF_REP_MAX that fit the plan, or 0 when none does
   (check_memory() refuses then, naming what it needs); or what
   net_opts.fold_runs forces. */
static int
fold_runs_of(struct fsolver *sv)
{
    double nfresh, nfp, lim = net_mem_limit(&sv->o);
    struct plan pl;

    if (sv->o.fold_runs != 0 || sv->exact)
        return sv->o.fold_runs < 0 || sv->exact ? 0 : sv->o.fold_runs;
    fresh_counts(sv, &nfresh, &nfp);
    plan_memory(sv, (double)sv->n_all, nfresh, 0, 0, 0,
                exposure(sv, (long long)nfp) + NF_POST_ROUNDS, &pl);
    if (pl.base + pl.share <= lim)
        return 0;
    sv->res->reps_need = pl.base + pl.share;
    for (int w = 2; w <= NF_REP_MAX; w++) {
        /* (at most: the other jobs' messages fold too) */
        double nf = ceil(nfresh / w), n = (double)sv->n_all - nfresh + nf;
        plan_memory(sv, n, nf, 0, 0, 0,
                    exposure(sv, (long long)(nfp / w)) + NF_POST_ROUNDS, &pl);
        if (pl.base + pl.share <= lim)
            return w;
    }
    sv->res->reps_need = 0;
    sv->runs_need = pl.base + pl.share;
    return 0;
}

/* Whether the solve folds runs of identical messages (net_opts.msgs_limit:
   more messages than it, all ranks'): then the workers keep the records
   of the chunks they collect, as many as they turn out to be (no count
   pass counts them first: it would emit every message twice), and
   fold_gather() puts them in order. *nrec: the records to plan before
   collecting (0 when folded: fold_room() checks them as they grow, and
   the plan is made again once they are known). */
static void
fold_or_not(struct fsolver *sv, long long *nrec)
{
    long long lim = sv->o.msgs_limit == 0 ? NET_MSGS_LIMIT : sv->o.msgs_limit;
    size_t nc = (size_t)(sv->c1 - sv->c0 + 1);

    if (!sv->may_fold || (lim >= 0 && sv->n_all <= lim))
        return;
    if (sv->keys) { /* AI or AH: in runs, or not at all */
        if ((sv->frun = fold_runs_of(sv)) == 0)
            return;
        sv->keys = 0; /* (the runs' keys: ent_number_task()) */
    }
    sv->fold = 1;
    sv->keep = 0;
    sv->ch_got = xcalloc(nc, sizeof(long long));
    sv->ch_off = xcalloc(nc, sizeof(long long));
    sv->ch_w = xcalloc(nc, sizeof(int));
    *nrec = 0;
}

/* The plan before the messages are collected (the fixed paths are
   planned again once built): refuse what cannot fit. */
static int
check_memory(struct fsolver *sv, long long n_all, long long nrec)
{
    struct plan pl;
    double nfresh = 0, nfp = 0;
    int nr = sv->o.nranks > 1 ? sv->o.nranks : 1, fixed;

    fresh_counts(sv, &nfresh, &nfp);
    fixed = nfresh < (double)n_all;
    if (sv->frun > 0 && nfresh > 0) { /* the runs (before they are
                                          known: at most) */
        double k = sv->fold && nrec > 0 ? (double)sv->nfresh_recs
                                        : ceil(nfresh / sv->frun);
        nfp = nfp / nfresh * k;
        nfresh = k;
    }
    sv->reps = sv->frun > 0 ? 0 : representatives(sv, nfp);
    sv->rounds_planned = exposure(sv, (long long)nfp) + NF_POST_ROUNDS;
    plan_memory(sv, sv->fold ? (double)nrec : ceil((double)n_all / nr),
                ceil(nfresh / nr), 0, 0, 0, sv->rounds_planned, &pl);
    return check_plan(sv, &pl, n_all, fixed ? PLAN_NO_PATHS : PLAN_WHOLE);
}

struct net_result *
net_fast_solve(const struct net *net, const struct net_job *jobs, int njobs,
               const struct net_opts *opts, int exact, struct rho_err *err)
{
    struct fsolver sv;
    struct net_result *res;
    long long n_msgs = 0;
    double maxb = 0;

    memset(&sv, 0, sizeof sv);
    atomic_init(&sv.cancel, 0);
    atomic_init(&sv.fail, 0);
    atomic_init(&sv.msgs_done, 0);
    atomic_init(&sv.fold_cap, 0);
    sv.o = *opts;
    sv.exact = exact;
    sv.net = net;
    sv.jobs = jobs;
    sv.njobs = njobs;
    sv.nl = net_links(net);
    sv.nthreads = sv.o.threads;
    for (int j = 0; j < njobs; j++) {
        sv.adaptive |= net_routing_adaptive(jobs[j].routing);
        sv.any_fresh_adaptive |=
            jobs[j].routing == NET_AI || jobs[j].routing == NET_AH;
        sv.keys |= jobs[j].routing == NET_SI || jobs[j].routing == NET_AI ||
                   jobs[j].routing == NET_AH;
    }
    sv.keep = sv.o.keep_msgs || sv.adaptive;
    sv.with_paths = sv.o.round != NULL && sv.o.round_paths;
    /* (SI draws per message: never folded; AI and AH in runs) */
    sv.may_fold =
        sv.adaptive && !sv.o.keep_msgs && sv.o.nranks <= 1 && !sv.with_paths;
    for (int j = 0; j < njobs; j++)
        sv.may_fold &= jobs[j].routing != NET_SI;
    sv.bw = net_link_bws(net);
    res = xcalloc(1, sizeof *res);
    sv.res = res;
    res->nlinks = sv.nl;
    res->njobs = njobs;
    res->engine = exact ? NET_ENGINE_EXACT : NET_ENGINE_FAST;
    res->bytes = xcalloc((size_t)(sv.nl > 0 ? sv.nl : 1), sizeof(double));
    if (sv.o.per_job)
        res->job_bytes = xcalloc(
            (size_t)njobs * (size_t)(sv.nl > 0 ? sv.nl : 1), sizeof(double));
    sv.w = xcalloc((size_t)sv.nthreads, sizeof *sv.w);
    for (int i = 0; i < sv.nthreads; i++) {
        struct fworker *w = &sv.w[i];
        w->sv = &sv;
        w->rt = route_new(net);
        route_spread_pads(w->rt, NF_PADS);
        w->buf = xmalloc(((size_t)route_max_hops(w->rt) + 1) * sizeof(int));
        w->acc = sarray0(((long long)sv.nl + NF_PADS) *
                             (sv.o.per_job && !sv.adaptive ? njobs : 1),
                         sizeof(fix));
    }
    sv.W = route_max_hops(sv.w[0].rt);
    sv.Wd = route_max_min_hops(sv.w[0].rt);
    sv.Wf = sv.Wd - (net_inj_link(net, 0) >= 0 ? 2 : 0);
    set_slots(&sv);
    sv.maxhops = sv.W;
    sv.via = route_by_via(sv.w[0].rt, sv.o.minimal) && sv.W < 256;
    sv.nr = net_routers(net);
    pthread_mutex_init(&sv.mu, NULL);
    pthread_cond_init(&sv.cv, NULL);
    sv.pool = pool_new(sv.nthreads); /* (maybe fewer: workers unused) */
    make_chunks(&sv);
    make_stretches(&sv);

    count_messages(&sv, &n_msgs, &maxb);
    if (!agree(&sv) && set_scales(&sv, n_msgs, maxb) == 0) {
        long long n_all = n_msgs, n_recs = n_msgs;
        if (reduce(&sv, &n_all, 1, NET_REDUCE_SUM) == 0) {
            sv.n_all = n_all;
            fold_or_not(&sv, &n_recs);
            check_memory(&sv, n_all, n_recs);
        }
        if (!agree(&sv)) {
            if ((sv.adaptive || sv.keep) && !sv.fold) /* (no growing: the
                                                         count is known) */
                fmsgs_reserve(&sv.m, n_recs > 0 ? n_recs : 1, sv.keys);
            pool_for(sv.pool, sv.c1 - sv.c0, 1, chunk_task, &sv);
            take_failure(&sv);
            if ((sv.adaptive || sv.keep) && !sv.cancel && !sv.fail)
                sv.m.n = sv.fold ? fold_gather(&sv) : n_recs;
            if (sv.frun > 0 && !sv.cancel && !sv.fail)
                for (long long m = 0; m < sv.m.n; m++)
                    sv.nfresh_recs += fresh_paths(sv.jobs[sv.m.job[m]].routing)
                                          ? runs_of(&sv, m)
                                          : 0;
            if (sv.fold && !sv.cancel && !sv.fail)
                check_memory(&sv, n_all, sv.m.n); /* (the records known) */
            if (!agree(&sv)) {
                for (int i = 0; i < sv.nthreads; i++)
                    fsums_add(&sv.total, &sv.w[i].s);
                for (int i = 0; i < sv.nthreads; i++)
                    memset(&sv.w[i].s, 0, sizeof sv.w[i].s);
                if (sv.adaptive) {
                    /* route sums come from the attribution */
                    sv.total.routed = sv.total.rbytes = sv.total.hopb =
                        sv.total.hsum = 0;
                    sv.total.hmax = 0;
                    if (solve_adaptive(&sv) != 0 && !sv.fail)
                        sv.cancel = 1;
                } else if (finish_links(&sv) != 0)
                    sv.cancel = 1;
            }
        }
    }
    if (!agree(&sv) && finish_sums(&sv) != 0)
        sv.cancel = 1;
    pthread_mutex_destroy(&sv.mu);
    pthread_cond_destroy(&sv.cv);
    if (sv.cancel || sv.fail) {
        if (sv.fail) {
            if (err != NULL)
                *err = sv.ferr;
        } else
            rho_err_set(err, RHO_ECANCEL, "link model: cancelled");
        pool_free(sv.pool);
        solver_free(&sv);
        net_result_free(res);
        return NULL;
    }
    if (sv.keep)
        fill_messages(&sv);
    res->phase_time_ext = 0;
    if (sv.adaptive) {
        const double *mb = sv.fold ? sv.m.bytes : res->msg_bytes;
        for (long long e = 0; e < sv.ne; e++) {
            double t, bytes = mb[sv.ent_msg[e]];
            if (sv.poff[e + 1] == sv.poff[e] || bytes <= 0)
                continue;
            t = sv.ent_bw[e] > 0 ? bytes / sv.ent_bw[e] : INFINITY;
            if (t > res->phase_time_ext)
                res->phase_time_ext = t;
        }
        if (sv.o.nranks > 1 && sv.o.reduce != NULL) {
            long long b;
            memcpy(&b, &res->phase_time_ext, sizeof b); /* >= 0: ordered */
            sv.o.reduce(sv.o.reduce_ctx, &b, 1, NET_REDUCE_MAX);
            memcpy(&res->phase_time_ext, &b, sizeof b);
        }
    } else {
        for (int l = 0; l < sv.nl; l++)
            if (res->bytes[l] / sv.bw[l] > res->phase_time_ext)
                res->phase_time_ext = res->bytes[l] / sv.bw[l];
    }
    /* (the summary's collection runs on the workers) */
    if ((sv.adaptive && bw_summary(&sv) != 0) ||
        (sv.o.nranks > 1 && gather_messages(&sv) != 0)) {
        pool_free(sv.pool);
        solver_free(&sv);
        net_result_free(res);
        rho_err_set(err, RHO_ECANCEL, "link model: cancelled");
        return NULL;
    }
    pool_free(sv.pool);
    sv.pool = NULL;
    solver_free(&sv);
    return res;
}
