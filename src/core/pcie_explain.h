/*
 * explain: "why this number" -- how a flow's factor came about, as lines
 * of text: every channel it crosses, the arbitration step that acted
 * there, the other flows involved, and the formula with its numbers
 * (round-robin among 2 at the root complex, minus tau; divided by the sum
 * upstream; head-of-line blocked behind flow 2 ...). Pure: it reads a
 * model after an evaluation and writes lines; the Why view draws them,
 * `rho --explain N` prints them, and the PCIe model's explain hook
 * (model_pcie.h) is made of them. In the core, not the view layer, so
 * that the model interface can offer it to every front end.
 */
#ifndef RHO_CORE_PCIE_EXPLAIN_H
#define RHO_CORE_PCIE_EXPLAIN_H

#include "core/pcie/pcie_model.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "core/base/strbuf.h"

/* What each line is, so a view can colour it. */
enum explain_kind {
    EXPLAIN_TITLE,  /* the flow and its final factor */
    EXPLAIN_PATH,   /* the route */
    EXPLAIN_HOP,    /* one channel: step, rule, numbers */
    EXPLAIN_LIMIT,  /* the hop that set the final factor */
    EXPLAIN_STEP_D, /* HOL blocking and redistribution */
    EXPLAIN_RESULT, /* the factor times the bandwidth */
    EXPLAIN_NOTE    /* waiting, idle */
};

struct explain_line {
    int kind;   /* enum explain_kind */
    int chan;   /* the channel the line is about, or -1 */
    int flow;   /* another flow the line points at, or -1 */
    char *text; /* owned */
};

struct explain {
    int n, cap;
    struct explain_line *line;
};

/*
 * Explain flow f of scenario s with the model m, just evaluated on the
 * flows present at time t (the factors of the moment shown). res (may be
 * NULL) is the run t belongs to: it says when a flow that is not sending
 * starts or ended. Appends to ex (caller's storage, zeroed or reused after
 * explain_fini()).
 */
void explain_flow(struct explain *ex, const struct scenario *s,
                  const struct pcie_model *m, int f, double t,
                  const struct pcie_sim_result *res);

/* Release ex's lines and reset it. */
void explain_fini(struct explain *ex);

/* All lines as text, one per line, into out. */
void explain_text(const struct explain *ex, struct strbuf *out);

#endif
