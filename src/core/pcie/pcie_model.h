/*
 * pcie_model: congestion factors of one set of communications on a PCIe
 * tree -- Algorithm 1 of Martinasso et al. (SC16) exactly as
 * ../shared/spec/pcie-model.md section 3 reads it: step A (source
 * arbitration), B (upstream ports), C (downstream ports with the root
 * complex penalty tau), D(8) (who is head-of-line blocked) and D(9) (who
 * gains what the blocked ones no longer use).
 *
 * A model is prepared once for a fixed list of candidate flows (their
 * paths are computed then); pcie_model_eval() then computes the factors for
 * any subset of them, with no allocation. After an evaluation the model
 * keeps, for every active flow, the factor after each step and the details
 * at every channel it crosses (struct pcie_hop), so that a view can show
 * how each number came about.
 *
 * Per-link capacity (man/rho-model.7, "Links of different speeds"): a
 * flow's demand d is the smallest capacity on its route; its factor is the
 * share of d it gets (1 = as fast as alone on the machine). At a channel
 * of capacity c a flow with factor f holds the share f * d / c of it, and
 * the rules of steps B and C apply to those shares; D(8) compares factors
 * (how far each flow is throttled below its demand) and D(9) shares out
 * what the blocked flows leave of each channel's capacity. When every
 * link has the same capacity every d / c is exactly 1 and each number is
 * the paper's, bit for bit.
 *
 * Decisions beyond the spec (also in man/rho-model.7 and tests):
 *  - sums are compared with 1 using PCIE_EPS;
 *  - a group whose incoming factor is 0 leaves with 0 (no 0/0);
 *  - the final factor is clamped to at most 1;
 *  - a channel of unlimited capacity never arbitrates;
 *  - a source that sends several flows at once (host memory; devices with
 *    streams > 1) shares its first channel among them as step B does.
 */
#ifndef RHO_CORE_PCIE_PCIE_MODEL_H
#define RHO_CORE_PCIE_PCIE_MODEL_H

#include "core/pcie/pcie.h"
#include "core/base/rho_err.h"

#define PCIE_EPS 1e-9

enum pcie_step { STEP_A, STEP_B, STEP_C, STEP_D8, STEP_D9, STEP_COUNT };

/* What happened to one flow at one channel of its path. */
struct pcie_hop {
    int chan;        /* channel id (see pcie.h) */
    double ratio;    /* the flow's demand / the channel's capacity (1 when
                        all links are alike; 0 on an unlimited channel) */
    double rin;      /* factor entering the channel (1 on the first) */
    double rho;      /* factor after the channel's arbitration (B or C) */
    char arb;        /* the channel arbitrated this flow */
    char step;       /* STEP_A (source channel), STEP_B or STEP_C */
    char rc_tail;    /* the channel leaves the root complex */
    char in_cr;      /* step C: the flow's group holds an RC crossing */
    char cr_any;     /* step C: some group at this channel holds one */
    int nflows;      /* active flows on the channel */
    int ngroups;     /* step C: super communications at the channel */
    int group_size;  /* step C: flows in this flow's group */
    double sum;      /* step B: S; step C: sum of R_g over the groups
                        (shares of the channel's capacity) */
    double R, Rp;    /* step C: R_g and R'_g of this flow's group */
    double sufmin;   /* D8: min of rho at arbitrated channels after this
                        one */
    int sufmin_chan; /* D8: the channel where that min is reached, or -1 */
    double delta;    /* D9: delta(L) of the channel, a share of its
                        capacity (0 if none) */
};

/* The factors of one flow after each step, and how D(8) decided. */
struct pcie_factors {
    double col[STEP_COUNT]; /* Table I columns A, B, C, D8, D9 */
    int active;             /* 1: sending; 0: waiting behind its source */
    int hol;                /* 1: head-of-line blocked by D(8) */
    int hol_by;             /* D8: the flow b that set h(c), or -1 */
    int hol_at;             /* D8: the channel L shared with b, or -1 */
    int hol_chan;           /* D8: the channel M after L where b got h, or -1 */
    int limit_chan;         /* D9: channel whose cap set the final factor,
                               or -1 (never arbitrated / HOL) */
    int cap_chan;           /* the slowest channel on the route: it sets
                               the flow's demand */
};

struct pcie_model;

/*
 * Prepare a model for nflows candidate flows on the finished tree p: flow i
 * goes from node src[i] to node dst[i] (both endpoints, different) by the
 * route pcie_route() gives for via[i] (enum pcie_via; via may be NULL: all
 * PCIE_VIA_AUTO). bw (> 0) is the capacity of every link that declares
 * none; tau is the root complex penalty (0 <= tau <= 1). Takes a
 * reference to p. Returns the model (caller owns it: pcie_model_free()),
 * or NULL with err filled (a source or destination that is not a device,
 * a flow to itself, no direct route where one is required, a route with
 * no link of finite capacity).
 */
struct pcie_model *pcie_model_new(struct pcie *p, int nflows, const int *src,
                                  const int *dst, const int *via, double bw,
                                  double tau, struct rho_err *err);

/* Free m and drop its reference to the tree. NULL is a no-op. */
void pcie_model_free(struct pcie_model *m);

/* Change tau (cheap). */
void pcie_model_set_tau(struct pcie_model *m, double tau);

/*
 * Step A's queues: flows with the same lane[i] (0 <= lane[i] < flows, all
 * of one lane from one source) wait behind each other; a source may have
 * several lanes (its streams). Default: one lane per source. Copied.
 */
void pcie_model_set_lanes(struct pcie_model *m, const int *lane);

/*
 * Compute the factors of the present flows. present lists n distinct flow
 * indices in first-come-first-served order (earliest start first, ties by
 * declaration order): step A keeps the first of each source and sets the
 * others waiting (factor 0); with lanes (pcie_model_set_lanes()), the
 * first of each lane, or as many as the source's streams allow (any
 * number for host memory). rho_out (may be NULL) receives the final
 * factor of each present flow, indexed by flow; entries of other flows are
 * not touched. Returns the number of active flows. Never fails, never
 * allocates. The per-flow details stay readable until the next call.
 */
int pcie_model_eval(struct pcie_model *m, const int *present, int n,
                    double *rho_out);

/*
 * The same with step A already done by the caller: active lists n flows
 * with pairwise different sources.
 */
void pcie_model_eval_active(struct pcie_model *m, const int *active, int n,
                            double *rho_out);

/* The tree, the number of flows, tau, the default capacity B (B/s). */
const struct pcie *pcie_model_tree(const struct pcie_model *m);
int pcie_model_nflows(const struct pcie_model *m);
double pcie_model_tau(const struct pcie_model *m);
double pcie_model_bw(const struct pcie_model *m);

/*
 * Flow i's demand: the smallest capacity on its route, B/s. Its rate is
 * its factor times this.
 */
double pcie_model_demand(const struct pcie_model *m, int i);

/* Channel c's capacity in B/s (the default B where the tree declares
   none; INFINITY when it never limits). */
double pcie_model_chan_cap(const struct pcie_model *m, int c);

/* Flow i's path length and hops (valid after an eval that included i). */
int pcie_model_path_len(const struct pcie_model *m, int i);
const struct pcie_hop *pcie_model_hops(const struct pcie_model *m, int i);

/* The index of channel c on flow i's path, or -1. */
int pcie_model_hop_index(const struct pcie_model *m, int i, int c);

/* Flow i's source and destination node, and whether it crosses the RC. */
int pcie_model_src(const struct pcie_model *m, int i);
int pcie_model_dst(const struct pcie_model *m, int i);
int pcie_model_crosses_rc(const struct pcie_model *m, int i);

/* Flow i's factors by step (valid after an eval that included i). */
const struct pcie_factors *pcie_model_factors(const struct pcie_model *m,
                                              int i);

/*
 * The flows of the last evaluation on channel c (active ones only): writes
 * at most max flow indices to out and returns how many there are.
 */
int pcie_model_chan_flows(const struct pcie_model *m, int c, int *out, int max);

/* Number of active flows in the last evaluation, and the k-th of them. */
int pcie_model_nactive(const struct pcie_model *m);
int pcie_model_active(const struct pcie_model *m, int k);

/*
 * The pure arbitration rules, exposed for tests and for the teaching view.
 * Upstream (Eq. 6): out[i] = in[i] / S when S = sum(in) > 1, else in[i];
 * returns 1 if arbitrated. Downstream (Eq. 7) for n groups with incoming
 * R[g] and RC flags cr[g]: writes R'[g] into Rp; forced marks a channel
 * leaving the root complex (always arbitrated); returns 1 if arbitrated.
 */
int pcie_arb_up(int n, const double *in, double *out);
int pcie_arb_down(int n, const double *R, const char *cr, int forced,
                  double tau, double *Rp);

#endif
