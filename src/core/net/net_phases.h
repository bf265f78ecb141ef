/*
 * net_phases: the link model on traffic in phases. An application's
 * communication is often a sequence of phases (pF3D: all-to-alls over
 * sub-communicators, then sends between planes; MILC: halo exchanges,
 * then an allreduce), and the thesis's model takes one phase at a time:
 * every message of a phase is in flight together (Sec. 3.2.2). So a job
 * whose pattern has phases (pattern_phases()) is solved phase by phase:
 * phase k of the scenario is phase k of every job that has one (jobs with
 * fewer phases are idle in it), each solved alone with the same options,
 * and the results are summed -- bytes per link and per job, message and
 * byte counts, hop-bytes; the longest path is the max over the phases,
 * the phase time estimate the sum (the phases run one after the other).
 * Each phase's own result stays attached to the sum (net_result.phase).
 *
 * Under a static routing the sum equals a solve of all phases at once
 * (bytes add up); under an adaptive routing it does not, and only the
 * phase-by-phase solve is the thesis's model.
 */
#ifndef RHO_CORE_NET_NET_PHASES_H
#define RHO_CORE_NET_NET_PHASES_H

#include "core/net/net_model.h"

/* The number of phases of jobs[0..njobs): the most any job's pattern has
   (1 when no pattern has phases). */
int net_phases_count(const struct net_job *jobs, int njobs);

/*
 * Solve jobs phase by phase as the header says (net_model_solve() when
 * there is one phase: the result is then exactly its). opts as for
 * net_model_solve(); with phases, opts->step selects a step of each
 * phase's own numbering, and the progress and round callbacks run for
 * every phase in turn. Returns the summed result (caller owns it:
 * net_result_free(), which frees the phases too) or NULL with err filled
 * ("phase 2: ..." for a failing phase).
 */
struct net_result *net_phases_solve(const struct net *net,
                                    const struct net_job *jobs, int njobs,
                                    const struct net_opts *opts,
                                    struct rho_err *err);

/*
 * Add b into the sum a (both of the same net and jobs): bytes per link
 * and per job, counts, hop-bytes and the phase estimate add; hops_max and
 * iterations take the max and the sum; the exposure is the most
 * compressed phase's (else the longest asked for), the engine b's; kept
 * messages of b are appended with their paths (net_phases_solve() gathers
 * every phase's at once, at the end). Exposed for tests.
 */
void net_result_add(struct net_result *a, const struct net_result *b);

#endif
