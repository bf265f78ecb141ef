/*
 * test_net_phases: traffic in phases -- a composite pattern emits its
 * phases one after the other; the phase-by-phase solve equals each phase
 * solved alone, and under a static routing its sum equals one solve of
 * all phases at once (bit for bit: the bytes are binary fractions); jobs
 * with fewer phases idle; adaptive messages and per-job bytes add up;
 * the sum tells when a phase's exposure was compressed; errors name the
 * phase.
 */
#include "core/net/net_phases.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"

static struct net *
torus44(void)
{
    struct net_torus_params p;

    memset(&p, 0, sizeof p);
    p.nd = 2;
    p.dim[0] = p.dim[1] = 4;
    p.wrap[0] = p.wrap[1] = 1;
    p.nodes_per_router = 1;
    p.cores = 2;
    p.bw = 1e9;
    return net_torus_new(&p, NULL);
}

static int
same(const double *a, const double *b, int n)
{
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

struct counter {
    long long msgs;
    int max_step;
};

static void
count(void *v, int src, int dst, double bytes, int step)
{
    struct counter *c = v;

    (void)src;
    (void)dst;
    (void)bytes;
    c->msgs++;
    if (step > c->max_step)
        c->max_step = step;
}

static void
test_pattern(void)
{
    int dims[2] = {8, 4};
    struct pattern *a2a = pattern_subcomm_a2a(1, (int[]){32}, 1, 4096, NULL);
    struct pattern *st = pattern_stencil(2, dims, 1, 0, 262144, NULL);
    struct pattern *ph[2] = {a2a, st}, *p, *nested;
    struct counter c = {0, 0};
    struct rho_err e;
    long long m;
    double b;

    p = pattern_phases(2, ph, &e);
    CHECK(p != NULL && pattern_phase_count(p) == 2 && pattern_units(p) == 64 &&
              pattern_steps(p) == 2,
          "two phases: 32 + 32 units, 1 + 1 steps");
    CHECK(pattern_phase(p, 0) == a2a && pattern_phase(p, 1) == st &&
              pattern_phase(p, 2) == NULL,
          "the phases, in order");
    CHECK(pattern_phase_count(st) == 1 && pattern_phase(st, 0) == st &&
              pattern_phase(st, 1) == NULL,
          "a plain pattern is its own only phase");
    pattern_count(p, &m, &b);
    CHECK(m == 32 * 31 + 32 * 4 && b == 32 * 31 * 4096.0 + 128 * 262144.0,
          "992 all-to-all messages of 4 KiB, 128 stencil ones of 256 KiB");
    pattern_emit(p, 40, count, &c);
    CHECK(c.msgs == 4 && c.max_step == 1,
          "unit 40 is rank 8 of the stencil, in step 1");
    CHECK(strncmp(pattern_name(p), "2 phases: sub-a2a", 17) == 0,
          "named after its phases (%s)", pattern_name(p));
    nested = pattern_phases(2, (struct pattern *[]){p, st}, &e);
    CHECK(nested == NULL && strcmp(e.msg, "phase 1: a phase cannot have "
                                          "phases") == 0,
          "no phases inside phases: %s", e.msg);
    {
        struct pattern *small = pattern_perm(16, PERM_REVERSE, 1, 1, 0, NULL);
        CHECK(pattern_phases(2, (struct pattern *[]){a2a, small}, &e) == NULL &&
                  strcmp(e.msg, "phase 2: 16 ranks, phase 1 has 32") == 0,
              "phases over the same ranks: %s", e.msg);
        pattern_free(small);
    }
    CHECK(pattern_phases(0, ph, &e) == NULL, "no phase: %s", e.msg);
    pattern_free(a2a);
    pattern_free(st);
    CHECK(pattern_phase(p, 1) != NULL &&
              pattern_ranks(pattern_phase(p, 1)) == 32,
          "the composite keeps its phases alive");
    pattern_free(p);
}

static void
test_static(void)
{
    struct net *net = torus44();
    int dims[2] = {8, 4};
    struct pattern *a2a = pattern_subcomm_a2a(1, (int[]){32}, 1, 4096, NULL);
    struct pattern *st = pattern_stencil(2, dims, 1, 0, 262144, NULL);
    struct pattern *p = pattern_phases(2, (struct pattern *[]){a2a, st}, NULL);
    struct placement *pl = placement_scheme_new(net, PLACE_LINEAR, 32, 0, NULL);
    struct net_job job = {p, pl, 0, NET_DOR}, alone = job;
    struct net_result *sum, *all, *r0, *r1;
    struct rho_err e;
    int n = net_links(net), ok = 1;

    CHECK(net_phases_count(&job, 1) == 2, "the job has 2 phases");
    sum = net_phases_solve(net, &job, 1, NULL, &e);
    all = net_model_solve(net, &job, 1, NULL, &e); /* both phases at once */
    alone.pattern = a2a;
    r0 = net_model_solve(net, &alone, 1, NULL, &e);
    alone.pattern = st;
    r1 = net_model_solve(net, &alone, 1, NULL, &e);
    CHECK(sum != NULL && sum->nphases == 2, "solved in 2 phases");
    CHECK(same(sum->phase[0]->bytes, r0->bytes, n) &&
              same(sum->phase[1]->bytes, r1->bytes, n),
          "each phase is the phase solved alone");
    for (int l = 0; l < n; l++)
        ok &= sum->bytes[l] == r0->bytes[l] + r1->bytes[l];
    CHECK(ok, "the sum adds the phases' bytes");
    CHECK(same(sum->bytes, all->bytes, n),
          "DOR: the same bytes as all phases at once");
    CHECK(sum->msgs == 1120 && sum->msgs == r0->msgs + r1->msgs &&
              sum->total_bytes == r0->total_bytes + r1->total_bytes &&
              sum->hop_bytes == all->hop_bytes &&
              sum->hops_max ==
                  (r0->hops_max > r1->hops_max ? r0->hops_max : r1->hops_max),
          "counts and hop-bytes add, the longest path is the longest");
    CHECK(sum->phase_time_ext == r0->phase_time_ext + r1->phase_time_ext &&
              sum->phase_time_ext >= all->phase_time_ext,
          "the phases' estimates add (%g s + %g s), at least the estimate "
          "at once (%g s; here one link is the busiest of both)",
          r0->phase_time_ext, r1->phase_time_ext, all->phase_time_ext);
    net_result_free(sum);
    net_result_free(all);
    net_result_free(r0);
    net_result_free(r1);
    job.pattern = st;
    sum = net_phases_solve(net, &job, 1, NULL, &e);
    r1 = net_model_solve(net, &job, 1, NULL, &e);
    CHECK(sum->nphases == 0 && sum->phase == NULL &&
              same(sum->bytes, r1->bytes, n) &&
              sum->phase_time_ext == r1->phase_time_ext,
          "one phase: exactly net_model_solve");
    net_result_free(sum);
    net_result_free(r1);
    pattern_free(p);
    pattern_free(a2a);
    pattern_free(st);
    placement_free(pl);
    net_free(net);
}

/* Whether the kept messages of sum (and their paths) are its phases',
   one phase after the other, each as that phase lists them. */
static int
gathered(const struct net_result *sum)
{
    long long m0 = 0;

    for (int k = 0; k < sum->nphases; k++) {
        const struct net_result *r = sum->phase[k];
        for (long long i = 0; i < r->nmsg; i++) {
            long long m = m0 + i;
            if (m >= sum->nmsg || sum->msg_job[m] != r->msg_job[i] ||
                sum->msg_src[m] != r->msg_src[i] ||
                sum->msg_dst[m] != r->msg_dst[i] ||
                sum->msg_bytes[m] != r->msg_bytes[i] ||
                sum->msg_bw[m] != r->msg_bw[i])
                return 0;
            if ((sum->path_off != NULL) != (r->path_off != NULL))
                return 0;
            if (r->path_off == NULL)
                continue;
            if (sum->path_off[m + 1] - sum->path_off[m] !=
                r->path_off[i + 1] - r->path_off[i])
                return 0;
            for (int j = 0; j < r->path_off[i + 1] - r->path_off[i]; j++) {
                int ps = sum->path_off[m] + j, pr = r->path_off[i] + j;
                if (sum->path_len[ps] != r->path_len[pr] ||
                    sum->path_bw[ps] != r->path_bw[pr])
                    return 0;
                for (int h = 0; h < r->path_len[pr]; h++)
                    if (sum->links[sum->path_start[ps] + h] !=
                        r->links[r->path_start[pr] + h])
                        return 0;
            }
        }
        m0 += r->nmsg;
    }
    return m0 == sum->nmsg;
}

/* Three adaptive phases: the sum lists every phase's messages and paths
   once, in order. */
static void
test_three_phases(void)
{
    struct net *net = torus44();
    struct pattern *a = pattern_perm(16, PERM_SHIFT, 1, 1 << 20, 0, NULL);
    struct pattern *b = pattern_perm(16, PERM_REVERSE, 1, 1 << 19, 0, NULL);
    struct pattern *c = pattern_perm(16, PERM_SHIFT, 1, 1 << 18, 0, NULL);
    struct pattern *p = pattern_phases(3, (struct pattern *[]){a, b, c}, NULL);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, 16, 3, NULL);
    struct net_job job = {p, pl, 0, NET_AD};
    struct net_result *sum;
    struct net_opts o;
    struct rho_err e;

    net_opts_init(&o);
    o.keep_paths = 1;
    sum = net_phases_solve(net, &job, 1, &o, &e);
    CHECK(sum != NULL && sum->nphases == 3 && sum->nmsg == 48 &&
              sum->path_off != NULL &&
              sum->path_off[48] == sum->phase[0]->path_off[16] +
                                       sum->phase[1]->path_off[16] +
                                       sum->phase[2]->path_off[16] &&
              sum->path_off[48] > 16,
          "3 phases, 48 messages with their paths");
    CHECK(sum != NULL && gathered(sum),
          "the sum lists the phases' messages and paths, in order");
    CHECK(sum != NULL && sum->msg_bytes[0] == 1 << 20 &&
              sum->msg_bytes[16] == 1 << 19 && sum->msg_bytes[47] == 1 << 18,
          "phase by phase");
    net_result_free(sum);
    pattern_free(p);
    pattern_free(a);
    pattern_free(b);
    pattern_free(c);
    placement_free(pl);
    net_free(net);
}

static int cancel_after;

static int
cancel_round(void *ctx, const struct net_round *r)
{
    int *solves = ctx;

    if (r->iter == 0 && !r->replay)
        (*solves)++;
    return cancel_after > 0 && *solves > cancel_after;
}

/* Two jobs: job 0 has two phases (AD), job 1 one (SD, idle in phase 2). */
static void
test_adaptive_jobs(void)
{
    struct net *net = torus44();
    struct pattern *a = pattern_perm(16, PERM_SHIFT, 1, 1 << 20, 0, NULL);
    struct pattern *b = pattern_perm(16, PERM_REVERSE, 1, 1 << 19, 0, NULL);
    struct pattern *c = pattern_perm(16, PERM_REVERSE, 1, 1 << 18, 0, NULL);
    struct pattern *p = pattern_phases(2, (struct pattern *[]){a, b}, NULL);
    struct placement *pl = placement_scheme_new(net, PLACE_RDN, 32, 3, NULL);
    struct net_job jobs[2] = {{p, pl, 0, NET_AD}, {c, pl, 16, NET_SD}};
    struct net_job one[2] = {{a, pl, 0, NET_AD}, {c, pl, 16, NET_SD}};
    struct net_result *sum, *r0;
    struct net_opts o;
    struct rho_err e;
    int n = net_links(net), ok = 1, solves = 0;

    net_opts_init(&o);
    o.keep_paths = 1; /* (the fixed path sets, checked here) */
    o.per_job = 1;
    sum = net_phases_solve(net, jobs, 2, &o, &e);
    r0 = net_model_solve(net, one, 2, &o, &e);
    CHECK(sum != NULL && sum->nphases == 2, "2 phases");
    CHECK(same(sum->phase[0]->bytes, r0->bytes, n) &&
              sum->phase[0]->iterations == r0->iterations,
          "phase 1: both jobs, as solved alone");
    CHECK(sum->phase[1]->msgs == 16 && sum->msgs == 16 + 16 + 16,
          "phase 2: job 1 idles (16 messages), 48 in all");
    for (int l = 0; l < n; l++)
        ok &= sum->job_bytes[l] + sum->job_bytes[n + l] == sum->bytes[l];
    CHECK(ok, "per-job bytes add up over the phases");
    ok = 1;
    for (int l = 0; l < n; l++)
        ok &= sum->phase[1]->job_bytes[n + l] == 0;
    CHECK(ok, "job 1 carries nothing in phase 2");
    CHECK(sum->nmsg == sum->phase[0]->nmsg + sum->phase[1]->nmsg &&
              sum->nmsg == 48 && sum->msg_job[47] == 0 &&
              sum->msg_bytes[47] == 1 << 19 &&
              sum->msg_bw[47] == sum->phase[1]->msg_bw[15],
          "the kept messages of both phases, in order");
    CHECK(sum->path_off != NULL &&
              sum->path_off[48] ==
                  sum->phase[0]->path_off[32] + sum->phase[1]->path_off[16] &&
              sum->path_len[sum->path_off[32]] == sum->phase[1]->path_len[0] &&
              sum->links[sum->path_start[sum->path_off[32]]] ==
                  sum->phase[1]->links[0],
          "and their paths");
    CHECK(gathered(sum), "every message and path, as its phase lists it");
    CHECK(sum->iterations ==
              sum->phase[0]->iterations + sum->phase[1]->iterations,
          "allocation rounds add up (%d)", sum->iterations);
    net_result_free(sum);
    net_result_free(r0);

    o.round = cancel_round;
    o.round_ctx = &solves;
    cancel_after = 1;
    sum = net_phases_solve(net, jobs, 2, &o, &e);
    CHECK(sum == NULL && e.code == RHO_ECANCEL &&
              strncmp(e.msg, "phase 2: ", 9) == 0,
          "stopped in phase 2: %s", e.msg);
    pattern_free(p);
    pattern_free(a);
    pattern_free(b);
    pattern_free(c);
    placement_free(pl);
    net_free(net);
}

/* The sum keeps what the batch output says of the exposure: the most
   compressed phase's, else the longest the model asked for. */
static void
test_exposure(void)
{
    struct net_result a, b, c;

    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    b.exposure = b.exposure_model = 1;   /* AD */
    c.exposure = 14;                     /* AH, compressed */
    c.exposure_model = 50;
    c.engine = NET_ENGINE_FAST;
    net_result_add(&a, &b);
    CHECK(a.exposure == 1 && a.exposure_model == 1, "AD: 1 of 1");
    net_result_add(&a, &c);
    CHECK(a.exposure == 14 && a.exposure_model == 50 &&
              a.engine == NET_ENGINE_FAST,
          "then AH over 14 of 50 rounds: 14 of 50 (%d of %d)", a.exposure,
          a.exposure_model);
    c.exposure = c.exposure_model = 50; /* AI, not compressed */
    net_result_add(&a, &c);
    net_result_add(&a, &b);
    CHECK(a.exposure == 14 && a.exposure_model == 50,
          "a later uncompressed phase leaves it (%d of %d)", a.exposure,
          a.exposure_model);
    memset(&a, 0, sizeof a);
    net_result_add(&a, &b);
    net_result_add(&a, &c);
    CHECK(a.exposure == 50 && a.exposure_model == 50,
          "none compressed: 50 of 50 (%d of %d)", a.exposure,
          a.exposure_model);
    /* a torus phase in runs of identical messages: the longest runs */
    c.reps = 4;
    b.reps = 0;
    net_result_add(&a, &c);
    net_result_add(&a, &b);
    CHECK(a.reps == 4, "a phase in runs of 4, then one without: up to 4 "
                       "(%d)",
          a.reps);
}

int
main(void)
{
    test_pattern();
    test_static();
    test_adaptive_jobs();
    test_three_phases();
    test_exposure();
    TEST_DONE();
}
