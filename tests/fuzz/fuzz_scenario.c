/*
 * fuzz_scenario: the scenario loader on arbitrary text -- the sandbox,
 * rho's Lua library and every builder, run here (lx_run_text, as the
 * script's child process runs it) with small budgets -- and what a loaded
 * scenario is then used for: it must check, be written back as Lua that
 * loads again to the very same text (what the child hands its parent),
 * and run through both models when it is small.
 *
 * A script stuck inside C (a string pattern that backtracks for years)
 * is not stopped here, only by the real runner's kill: libFuzzer reports
 * it as a timeout, which `make fuzz` records but does not stop at.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/strbuf.h"
#include "core/net/net_model.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "script/lx_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
opts(struct lx_opts *o)
{
    memset(o, 0, sizeof *o);
    o->in_process = 1;
    o->max_instructions = 5000000;
    o->max_memory = (size_t)64 << 20;
    o->max_seconds = 2;
}

/* Both models, when the scenario is small enough to run them at once. */
static void
models(const struct scenario *s)
{
    struct rho_err err;

    if (s->pcie != NULL && s->nflows <= 64) {
        struct pcie_sim *sim = scenario_sim(s, &err);
        if (sim != NULL) {
            struct pcie_sim_result res;
            pcie_sim_result_init(&res);
            pcie_sim_run(sim, NULL, &res, &err);
            pcie_sim_result_fini(&res);
            pcie_sim_free(sim);
        }
    }
    if (s->net != NULL && net_routers(s->net->net) <= 64 &&
        net_slots(s->net->net) <= 64) {
        struct net_opts o;
        struct net_result *r;
        net_opts_init(&o);
        o.threads = 1;
        o.max_iters = 20;
        /* SI routes every 64-byte packet of a message by its own path:
           a GiB message is millions of paths, the model's cost and not a
           bug (budgets for the models are to come); sample instead */
        o.si_samples = 16;
        if ((r = scenario_net_solve(s, &o, &err)) != NULL)
            net_result_free(r);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct lx_opts o;
    struct rho_err err;
    struct scenario *s, *back;
    struct strbuf a, b;

    opts(&o);
    s = lx_run_text("fuzz.lua", (const char *)data, size, &o, &err);
    if (s == NULL) {
        if (err.msg[0] == '\0' || err.code == RHO_OK)
            abort(); /* a failure must say why */
        return 0;
    }
    if (scenario_check(s, &err) != 0)
        abort(); /* lx returns only scenarios that check */
    strbuf_init(&a);
    strbuf_init(&b);
    scenario_to_lua(s, &a);
    opts(&o);
    o.max_instructions = 0; /* rho's own text: the defaults */
    o.max_memory = 0;
    back = lx_run_text("back.lua", a.s, a.len, &o, &err);
    if (back == NULL)
        abort(); /* the child could not hand this scenario back */
    scenario_to_lua(back, &b);
    if (a.len != b.len || memcmp(a.s, b.s, a.len) != 0)
        abort(); /* and it would not be the same scenario */
    models(s);
    scenario_free(back);
    scenario_free(s);
    strbuf_fini(&a);
    strbuf_fini(&b);
    return 0;
}
