/*
 * model_pcie: the PCIe congestion model (core/pcie, Martinasso et al.,
 * SC16) behind the model interface (model.h). A run is the scenario copy
 * it ran on, the congestion-graph sim made of its flows, the sim's run to
 * the end (or to where it starved) and its status. Cheap (microseconds
 * for the paper's scenarios): the session runs it at every edit.
 *
 * The views evaluate the time step they show on the run's sim
 * (pcie_sim_eval_step), so the sim's model describes the last step
 * evaluated: that is the one thing of a run that may change after it was
 * made, and the explain hook does it too.
 */
#ifndef RHO_CORE_MODEL_PCIE_H
#define RHO_CORE_MODEL_PCIE_H

#include "core/base/rho_err.h"
#include "core/model.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "core/session.h"

struct pcie_run {
    struct scenario *scen;      /* the copy it ran on; owned */
    struct pcie_sim *sim;       /* owned; never NULL */
    struct pcie_sim_result res; /* the run in declaration order */
    struct rho_err status;      /* code 0 and "", or why the run stopped
                                   (RHO_ESTARVED: res.starved) */
};

/* The model's entry: "pcie", views tree flows explain stepper timeline
   heat stats search, explain(item = a flow index, t = a time, NaN: the
   first start), sweep columns makespan, mean elapsed, longest. */
extern const struct model_entry model_pcie_entry;

/*
 * Run the model on s (taken: the run owns it, and frees it on failure).
 * Returns the run (caller owns it: pcie_run_free()), starved or not, or
 * NULL with err filled (no tree, an invalid flow).
 */
struct pcie_run *pcie_run_new(struct scenario *s, struct rho_err *err);

/* Free r. NULL is a no-op. */
void pcie_run_free(struct pcie_run *r);

/*
 * Evaluate the model on r's sim at time t (NaN: the first start), for
 * explanations: the step of r that holds t when there is one, else no
 * flow at all. Returns t (the first start for NaN).
 */
double pcie_run_eval_at(struct pcie_run *r, double t);

/* The session's PCIe run (borrowed until the next edit), or NULL when it
   does not run the model or the run failed. */
struct pcie_run *model_pcie_run(const struct session *ss);

/* Its sim, or NULL; its result, or an empty one (no flows, no steps):
   never NULL. Borrowed as model_pcie_run(). */
struct pcie_sim *model_pcie_sim(const struct session *ss);
const struct pcie_sim_result *model_pcie_result(const struct session *ss);

#endif
