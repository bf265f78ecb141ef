/*
 * model_pcie: the PCIe congestion model behind the model interface. See
 * model_pcie.h.
 */
#include "core/model_pcie.h"

#include <math.h>
#include <stdlib.h>

#include "core/base/rho_alloc.h"
#include "core/pcie_explain.h"

struct pcie_run *
pcie_run_new(struct scenario *s, struct rho_err *err)
{
    struct pcie_run *r;
    struct pcie_sim *sim = scenario_sim(s, err);

    if (sim == NULL) {
        scenario_free(s);
        return NULL;
    }
    r = xcalloc(1, sizeof *r);
    r->scen = s;
    r->sim = sim;
    pcie_sim_result_init(&r->res);
    rho_err_clear(&r->status);
    pcie_sim_run(sim, NULL, &r->res, &r->status);
    return r;
}

void
pcie_run_free(struct pcie_run *r)
{
    if (r == NULL)
        return;
    pcie_sim_result_fini(&r->res);
    pcie_sim_free(r->sim);
    scenario_free(r->scen);
    free(r);
}

double
pcie_run_eval_at(struct pcie_run *r, double t)
{
    const struct pcie_sim_result *res = &r->res;
    int k;

    if (isnan(t))
        t = res->nsteps ? res->step[0].t0 : 0;
    k = pcie_sim_step_at(res, t);
    if (k >= 0 && t >= res->step[k].t0 && t < res->step[k].t1 + 1e-300)
        pcie_sim_eval_step(r->sim, res, k);
    else
        pcie_model_eval(pcie_sim_model(r->sim), NULL, 0, NULL);
    return t;
}

/* ---- the entry ---- */

static int
applies(const struct scenario *s)
{
    return s->pcie != NULL;
}

static void *
run(struct scenario *s, const struct model_ctx *ctx, struct rho_err *err)
{
    (void)ctx; /* microseconds: one thread, nothing to report */
    return pcie_run_new(s, err);
}

static void
result_free(void *res)
{
    pcie_run_free(res);
}

static int
explain(void *res, int item, double t, struct strbuf *out, struct rho_err *err)
{
    struct pcie_run *r = res;
    struct explain ex = {0};

    if (item < 0 || item >= r->scen->nflows)
        return rho_err_set(err, RHO_EINPUT, "no flow %d (the scenario has %d)",
                           item + 1, r->scen->nflows);
    t = pcie_run_eval_at(r, t);
    explain_flow(&ex, r->scen, pcie_sim_model(r->sim), item, t, &r->res);
    explain_text(&ex, out);
    explain_fini(&ex);
    return 0;
}

static const struct model_col cols[] = {
    {"makespan", "makespan_s", MODEL_COL_TIME},
    {"mean elapsed", "mean_elapsed_s", MODEL_COL_TIME},
    {"longest", "max_elapsed_s", MODEL_COL_TIME},
};

static int
sweep(const void *res, double *out)
{
    const struct pcie_run *r = res;
    const struct scenario *s = r->scen;
    double sum = 0, max = 0;
    int starved = r->res.starved;

    for (int f = 0; f < s->nflows; f++) {
        double el = r->res.end[f] - s->flow[f].start;
        sum += el;
        if (el > max)
            max = el;
    }
    out[0] = starved ? NAN : r->res.makespan;
    out[1] = starved || s->nflows == 0 ? NAN : sum / s->nflows;
    out[2] = starved ? NAN : max;
    return starved != 0;
}

const struct model_entry model_pcie_entry = {
    .name = "pcie",
    .title = "PCIe model",
    .views = "tree flows explain stepper timeline heat stats search teach "
             "lesson",
    .background = 0,
    .applies = applies,
    .run = run,
    .result_free = result_free,
    .phase = NULL,
    .explain = explain,
    .cols = cols,
    .ncols = (int)(sizeof cols / sizeof cols[0]),
    .failed_word = "starved",
    .sweep = sweep,
};

/* ---- the session's run ---- */

struct pcie_run *
model_pcie_run(const struct session *ss)
{
    return session_result(ss, &model_pcie_entry);
}

struct pcie_sim *
model_pcie_sim(const struct session *ss)
{
    struct pcie_run *r = model_pcie_run(ss);

    return r ? r->sim : NULL;
}

const struct pcie_sim_result *
model_pcie_result(const struct session *ss)
{
    static const struct pcie_sim_result empty;
    struct pcie_run *r = model_pcie_run(ss);

    return r ? &r->res : &empty;
}
