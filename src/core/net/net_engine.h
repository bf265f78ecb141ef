/*
 * net_engine: the engines behind net_model_solve(), for core/net only.
 * net_model.c checks the jobs and clamps the options, then calls one of
 * them with opts never NULL:
 *  - net_ref_solve() (net_ref.c): the reference, the engine rho had first,
 *    kept bit for bit as it was;
 *  - net_fast_solve() (net_fast.c): the default engines, FAST and EXACT
 *    (exact set).
 */
#ifndef RHO_CORE_NET_NET_ENGINE_H
#define RHO_CORE_NET_NET_ENGINE_H

#include "core/net/net_model.h"

/* net_model_solve() with the jobs checked and opts clamped (see there for
   ownership and errors). */
struct net_result *net_ref_solve(const struct net *net,
                                 const struct net_job *jobs, int njobs,
                                 const struct net_opts *opts,
                                 struct rho_err *err);

/* The memory a solve may use: opts->mem_limit, or NET_MEM_LIMIT or 3/4 of
   the machine's memory, whichever is less. */
double net_mem_limit(const struct net_opts *opts);

/* The same for the default engines. */
struct net_result *net_fast_solve(const struct net *net,
                                  const struct net_job *jobs, int njobs,
                                  const struct net_opts *opts, int exact,
                                  struct rho_err *err);

#endif
