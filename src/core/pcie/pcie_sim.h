/*
 * pcie_sim: the dynamic congestion graph (spec section 4).
 *
 * Events are starts and ends. At each event the present flows (started,
 * not finished) go through Algorithm 1 (pcie_model); the step lasts until
 * the next start or the first end; a flow sends rho * B * t bytes in it.
 * The elapsed time of a flow is end - start: waiting behind its source
 * counts. When the present flows have work left but every active one has
 * factor 0 and no start is pending, the model is starved: the run stops
 * and names the flows concerned. A run never loops: every step ends a flow
 * or reaches a start, so there are at most 2n steps.
 *
 * A flow sends at its factor times its demand (the slowest capacity on its
 * route; the scenario's bandwidth B on a tree without capacities). Step A
 * keeps a queue per source and stream: a device sends one flow of each
 * stream at once (one in all, as in the paper, when every flow is on
 * stream 0), host memory any number.
 *
 * The record of a run is linear in the number of flows: each time step
 * keeps a record for each flow that sends in it (at most one per stream
 * of each source), and a flow waiting behind its source has none -- it
 * has factor 0, has sent nothing and has all its bytes left, and
 * pcie_sim_step_flows() lists it among the step's present flows.
 *
 * A sim is made once for a flow set and run many times with different
 * priorities (the order in which a source serves flows that start
 * together): that is what a schedule search does. The factors of an active
 * set depend on nothing else, so a sim keeps them in a memo (for up to 64
 * flows) and evaluates Algorithm 1 once per distinct active set. A sim is
 * not thread-safe; make one per thread.
 */
#ifndef RHO_CORE_PCIE_PCIE_SIM_H
#define RHO_CORE_PCIE_PCIE_SIM_H

#include "core/pcie/pcie.h"
#include "core/pcie/pcie_model.h"
#include "core/base/rho_err.h"

struct pcie_flowspec {
    int src, dst; /* endpoint node ids */
    double bytes; /* >= 0 */
    double start; /* seconds, >= 0 */
    int via;      /* enum pcie_via (0: PCIE_VIA_AUTO) */
    int stream;   /* >= 0: a source's flows of different streams do not
                     wait behind each other (CUDA streams) */
};

/* One time step: [t0, t1), the flows present and what the active got. */
struct pcie_tstep {
    double t0, t1;
    int n;       /* present flows (active and waiting) */
    int off;     /* the records of its active flows in the rec_* arrays */
    int nactive; /* active flows: records off .. off + nactive - 1 */
};

struct pcie_sim_result {
    int nflows;
    double *end;   /* per flow: end time (s); NaN if never ended */
    double *begin; /* per flow: time it started sending (s); NaN if never */
    double *rate;  /* per flow: average rate while it sent (B/s): its bytes
                      over end - begin, or exactly its rate when it had
                      one throughout; NaN if it never ended */
    int *order;    /* every flow, first come first served (start, then
                      the run's priority, then index) */
    double *start; /* per flow: start (s) */
    double *size;  /* per flow: bytes */
    int *last;     /* per flow: the last step it sent in, or -1 */
    char *mixed;   /* per flow: its rate changed while it sent */
    int nsteps, capsteps;
    struct pcie_tstep *step;
    int nrec, caprec;
    int *rec_flow;     /* per record: flow index */
    double *rec_rho;   /* factor in the step */
    double *rec_bytes; /* bytes sent in the step */
    double *rec_left;  /* bytes left at the end of the step */
    int starved;       /* 1 if the run stopped starved */
    double starved_at; /* time it stopped */
    int nstarved;
    int *starved_flows;
    double makespan; /* last end time - first start time */
};

struct pcie_sim;

/*
 * Make a sim for n flows on the finished tree p with bandwidth bw (B/s,
 * > 0: the capacity of every link that declares none) and root complex
 * penalty tau (0..1). Takes a reference to p. Returns the sim (caller owns
 * it: pcie_sim_free()) or NULL with err filled (bad flow, bad bandwidth,
 * bad tau, negative size or start, no route; see pcie_model_new()).
 */
struct pcie_sim *pcie_sim_new(struct pcie *p, int n,
                              const struct pcie_flowspec *flows, double bw,
                              double tau, struct rho_err *err);

/* Free s. NULL is a no-op. */
void pcie_sim_free(struct pcie_sim *s);

/* The model inside s (to read factors after pcie_sim_eval_at()). */
struct pcie_model *pcie_sim_model(struct pcie_sim *s);

/*
 * Run the congestion graph to completion. prio (may be NULL: declaration
 * order) gives each flow's rank among flows of equal start: lower first.
 * res (may be NULL) receives the full record; it must have been set up
 * with pcie_sim_result_init() and may be reused across runs. Returns the
 * makespan in seconds (last end - first start), or -1 when starved (then
 * err, which may be NULL, says which flows and when: RHO_ESTARVED).
 */
double pcie_sim_run(struct pcie_sim *s, const int *prio,
                    struct pcie_sim_result *res, struct rho_err *err);

/*
 * Evaluate Algorithm 1 on the flows present at time t of the schedule in
 * declaration order with no one finished (only meaningful for t = the
 * first start; used by --steps). Returns the number of present flows and
 * writes their indices, in FCFS order, to present (n flows max).
 */
int pcie_sim_eval_at(struct pcie_sim *s, double t, int *present);

/*
 * Evaluate Algorithm 1 on the flows present in time step k of res (a run
 * of this sim), so that the model's per-flow details describe that step.
 * Returns the number of present flows, or -1 if k is out of range.
 */
int pcie_sim_eval_step(struct pcie_sim *s, const struct pcie_sim_result *res,
                       int k);

/* The step of res that contains time t; for a t in a gap where no flow
   sends, the step after it (the last one if t is past the end); -1 if
   res has no step. */
int pcie_sim_step_at(const struct pcie_sim_result *res, double t);

/*
 * The flows present in step k of res (started, not ended: active and
 * waiting), first come first served, into flows (room for res->nflows).
 * Returns how many, or -1 if k is out of range. O(flows).
 */
int pcie_sim_step_flows(const struct pcie_sim_result *res, int k, int *flows);

/*
 * What flow f did in step k: its factor, the bytes it sent and the bytes
 * it had left at the end of the step (any pointer may be NULL). Returns 1
 * if it sent in the step, 0 if it was waiting (factor 0, nothing sent, all
 * its bytes left), -1 if it was not present. O(active flows of the step).
 */
int pcie_sim_step_rec(const struct pcie_sim_result *res, int k, int f,
                      double *rho, double *sent, double *left);

/* Flow f's rate (B/s) in the runs of s when its factor is rho. */
double pcie_sim_rate(const struct pcie_sim *s, int f, double rho);

/* Memo statistics: distinct active sets evaluated, and lookups. */
void pcie_sim_memo_stats(const struct pcie_sim *s, long *evals, long *hits);

enum pcie_memo {
    PCIE_MEMO_OFF,   /* evaluate Algorithm 1 at every step */
    PCIE_MEMO_HASH,  /* a hash of active sets (n <= 64 flows); the default */
    PCIE_MEMO_DIRECT /* a table indexed by the active state when there are
                        few states (allocated on first use: for many runs,
                        as in a search), else the hash */
};

/* Choose the memo (enum pcie_memo). */
void pcie_sim_set_memo(struct pcie_sim *s, int mode);

/* Set up res (caller's storage) empty. */
void pcie_sim_result_init(struct pcie_sim_result *res);

/* Release what res holds. NULL is a no-op. */
void pcie_sim_result_fini(struct pcie_sim_result *res);

#endif
