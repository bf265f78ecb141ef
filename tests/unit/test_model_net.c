/* The link model behind the model interface: rounds recorded, the
   bandwidth accounts of every round, a background run with progress and
   cancel, a lean run for sweeps, the explanation of a link, and the
   entry's hooks. */
#include "harness.h"
#include "support_scen.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "core/model_net.h"
#include "script/lx.h"

struct bg {
    struct net_run lr;
    struct scenario *s;
    int rc;
    struct rho_err err;
};

static int
bg_run(struct job *j, void *arg)
{
    struct bg *b = arg;

    struct model_ctx c = {2, j, MODEL_KEEP_VIEWS, 0};

    b->rc = net_run_compute(&b->lr, b->s, &c, &b->err);
    return b->rc;
}

/* A 4x4 torus with two phases -- a 2D stencil, then a ring allreduce --
   or one of them alone (which = 1, 2). */
static struct scenario *
phased(int which)
{
    static const char *const traffic[] = {
        "{ rho.pattern.stencil { dims = { 4, 4 }, size = \"64 KiB\" },\n"
        "  rho.pattern.collective { algorithm = \"allreduce-ring\", size = "
        "\"1 MiB\" } }",
        "rho.pattern.stencil { dims = { 4, 4 }, size = \"64 KiB\" }",
        "rho.pattern.collective { algorithm = \"allreduce-ring\", size = "
        "\"1 MiB\" }"};
    char text[1024];
    struct rho_err err;
    struct scenario *s;

    snprintf(text, sizeof text,
             "return rho.scenario { title = \"phases\",\n"
             "  topology = rho.torus { dims = { 4, 4 } },\n"
             "  routing = \"DOR\", placement = \"linear\",\n"
             "  traffic = %s }\n",
             traffic[which]);
    s = lx_run_string("phased.lua", text, NULL, &err);
    CHECK(s != NULL, "phased scenario %d: %s", which, s ? "" : err.msg);
    return s;
}

/* model_net_features() of phase k of a run equals the features of a run
   of phase k alone; explain in a phase equals explain of it alone. */
static void
test_phase_features(void)
{
    struct model_ctx c = {1, NULL, 0, 0};
    struct net_run both, one[2];
    struct rho_err err;

    CHECK(net_run_compute(&both, phased(0), &c, &err) == 0 &&
              both.res->nphases == 2,
          "two phases");
    CHECK(both.bounds == NULL, "no views kept: no boundaries made");
    for (int k = 1; k <= 2; k++) {
        struct net_features *a, *b;
        struct strbuf sa, sb;
        CHECK(net_run_compute(&one[k - 1], phased(k), &c, &err) == 0 &&
                  one[k - 1].res->nphases == 0,
              "phase %d alone", k);
        a = model_net_features(both.scen, both.res, k, 1, NULL, &err);
        b = model_net_features(one[k - 1].scen, one[k - 1].res, 0, 1, NULL, &err);
        CHECK(a != NULL && b != NULL, "features of phase %d", k);
        if (a == NULL || b == NULL)
            continue;
        CHECK(a->msgs == b->msgs && a->msgs > 0 &&
                  a->cls[0].sum == b->cls[0].sum &&
                  a->cls[0].max == b->cls[0].max &&
                  a->cls[0].n_ao == b->cls[0].n_ao &&
                  a->cls[0].avg_to == b->cls[0].avg_to &&
                  a->avg_dilation == b->avg_dilation &&
                  a->max_dilation == b->max_dilation &&
                  a->max_inj_fifo == b->max_inj_fifo,
              "phase %d: %lld messages, max %g B, as when it runs alone", k,
              a->msgs, a->cls[0].max);
        for (int i = 0; i < NET_FEATURES; i++)
            if (net_feature_computed(i))
                CHECK(net_feature_value(a, i) == net_feature_value(b, i),
                      "phase %d: %s", k, net_feature_names[i]);
        net_features_free(a);
        net_features_free(b);
        /* the busiest link of the phase, explained in it */
        {
            int hot = one[k - 1].st->cls[0].top[0];
            const char *p, *q;
            strbuf_init(&sa);
            strbuf_init(&sb);
            CHECK(net_run_explain_phase(&both, k, hot, &sa, &err) == 0 &&
                      net_run_explain(&one[k - 1], hot, &sb, &err) == 0,
                  "explain phase %d's busiest link", k);
            p = strstr(strbuf_str(&sa), ": ");
            q = strstr(strbuf_str(&sb), ": ");
            CHECK(strstr(strbuf_str(&sa),
                         k == 1 ? " in phase 1: " : " in phase 2: ") != NULL &&
                      p != NULL && q != NULL && strcmp(p, q) == 0 &&
                      strstr(p, "load 1.00 of the busiest") != NULL,
                  "in phase %d: %s", k, strbuf_str(&sa));
            strbuf_fini(&sa);
            strbuf_fini(&sb);
        }
        net_run_fini(&one[k - 1]);
    }
    {
        /* the sum: phase 0, every message */
        struct net_features *s0 =
            model_net_features(both.scen, both.res, 0, 1, NULL, &err);
        CHECK(s0 != NULL && s0->msgs == both.res->msgs,
              "phase 0 is the sum: %lld messages", s0 ? s0->msgs : -1LL);
        net_features_free(s0);
    }
    CHECK(model_net_features(both.scen, both.res, 3, 1, NULL, &err) == NULL &&
              strstr(err.msg, "no phase 3 (the traffic has 2)") != NULL,
          "phase 3: %s", err.msg);
    net_run_fini(&both);
}

int
main(void)
{
    struct net_run lr;
    struct rho_err err;
    struct scenario *s = load("scenarios/dragonfly-small.lua", NULL);
    const struct net *net = s->net->net;
    int nl = net_links(net), over = 0, acct = 0;

    /* AD on the small dragonfly: 7 rounds, every one recorded */
    CHECK(net_run_compute(&lr, s,
                          &(struct model_ctx){2, NULL, MODEL_KEEP_VIEWS, 0},
                          &err) == 0,
          "AD runs");
    net = lr.scen->net->net;
    {
        /* the Network view's boundaries come made with the run: what
           leaves the groups is what the global links carry */
        const struct net_bounds *nb = lr.bounds ? lr.bounds[0] : NULL;
        double out = 0, global = 0;
        for (int g = 0; nb != NULL && g < nb->ntop; g++)
            out += nb->top[g].out;
        for (int l = 0; l < nl; l++)
            if (strcmp(net_class_name(net, net_link_class(net, l)), "L2") == 0)
                global += lr.res->bytes[l];
        CHECK(nb != NULL && nb->ntop == net_dragonfly(net)->groups &&
                  out == global && out > 0,
              "boundaries made with the run: %d groups send %g B on L2",
              nb ? nb->ntop : -1, out);
    }
    {
        /* the Links view's hottest links and the Map view's group pairs
           come made with the run too: the same as a pass over the links */
        const double *b = lr.res->bytes;
        const struct net_dragonfly_params *dp = net_dragonfly(net);
        const int *gl = net_df_globals(net);
        int used = 0, order = 1, pairs = 1, G = dp->groups;
        for (int l = 0; l < nl; l++)
            used += b[l] > 0;
        for (int i = 1; lr.hot != NULL && i < lr.nhot[0]; i++) {
            int a = lr.hot[i - 1], c = lr.hot[i];
            order &= b[a] > b[c] || (b[a] == b[c] && a < c);
        }
        for (int l = 0; lr.hot != NULL && lr.nhot[0] > 0 && l < nl; l++)
            order &= !(b[l] > b[lr.hot[0]]);
        CHECK(lr.hot != NULL && lr.nhot[0] == (used < 256 ? used : 256) &&
                  order,
              "the %d hottest links, hottest first, ties by id", lr.nhot[0]);
        for (int i = 0; lr.l2pair != NULL && i < G; i++)
            for (int j = 0; j < G; j++) {
                double sum = 0;
                for (int q = 0; q < dp->global_per_pair; q++) {
                    int l = gl[(i * G + j) * dp->global_per_pair + q];
                    if (l >= 0)
                        sum += b[l];
                }
                pairs &= lr.l2pair[0][i * G + j] == sum;
            }
        CHECK(lr.l2pair != NULL && pairs && lr.l2pair[0][0 * G + 1] > 0,
              "the L2 bytes of every pair of the %d groups", G);
    }
    CHECK(lr.nrounds == lr.res->iterations && lr.nrounds == 7,
          "a record per round: %d of %d", lr.nrounds, lr.res->iterations);
    CHECK(lr.recorded && lr.granted && lr.remaining, "per-link arrays kept");
    CHECK(lr.round[0].exposed == 1, "AD exposes everything at once");
    CHECK(lr.round[2].asking == 1647 && lr.round[2].paths == 6538,
          "round 3: 1647 of 6538 paths ask");
    /* the accounts: remaining = exposed x bw - everything granted so far,
       and no link is ever granted more than its bandwidth */
    for (int l = 0; l < nl; l++) {
        double bw = net_link_bw(net, l), sum = 0;
        for (int k = 0; k < lr.nrounds; k++) {
            double g = lr.granted[(size_t)k * nl + l];
            double rem = lr.remaining[(size_t)k * nl + l];
            sum += g;
            acct |= fabs(lr.round[k].exposed * bw - sum - rem) > 1e-6 * bw;
        }
        over |= sum > bw * (1 + 1e-9);
    }
    CHECK(!acct, "remaining = exposed bandwidth - grants, every link, "
                 "every round");
    CHECK(!over, "no link granted more than its bandwidth in all");
    {
        double tot = 0;
        for (int k = 0; k < lr.nrounds; k++) {
            double g = 0;
            for (int l = 0; l < nl; l++)
                g += lr.granted[(size_t)k * nl + l];
            tot += fabs(g - lr.round[k].granted);
        }
        CHECK(tot < 1e-3, "the round summaries sum the per-link grants");
    }
    CHECK(lr.peak > 0 &&
              lr.st->cls[0].max / 5120.0 / 1048576.0 <= lr.peak * (1 + 1e-12),
          "peak is the busiest link's time");

    /* the explanation of a link: the hottest of all, and an idle one */
    {
        struct strbuf sb;
        int hot = lr.st->cls[0].top[0], idle = -1;
        strbuf_init(&sb);
        CHECK(net_run_explain(&lr, hot, &sb, &err) == 0, "explain a link");
        CHECK(strstr(strbuf_str(&sb), "link g7.c1.r0->g7.c0.r0 (L1-col): "
                                      "3.892 MiB / ") != NULL &&
                  strstr(strbuf_str(&sb), "load 1.00 of the busiest; 1st of "
                                          "72 in its class\n") != NULL,
              "the hottest link: %s", strbuf_str(&sb));
        CHECK(model_net_entry.explain(&lr, nl, NAN, &sb, &err) == -1 &&
                  strcmp(err.msg, "no link 360 (the network has 360)") == 0,
              "no such link: %s", err.msg);
        for (int l = 0; l < nl && idle < 0; l++)
            if (!(lr.res->bytes[l] > 0))
                idle = l;
        CHECK(idle < 0, "every link of the small dragonfly carries bytes");
        strbuf_fini(&sb);
    }
    /* the entry's sweep columns are the statistics' */
    {
        double v[8];
        CHECK(model_net_entry.ncols == 4 &&
                  model_net_entry.sweep(&lr, v) == 0 &&
                  v[0] == lr.st->cls[0].max && v[2] == lr.st->avg_hops,
              "sweep: max link, mean link, avg hops, phase");
    }
    net_run_fini(&lr);

    /* lean (a sweep point): the same bytes, no rounds, no bytes per job */
    {
        struct net_run lean;
        s = load("scenarios/dragonfly-small.lua", NULL);
        CHECK(net_run_compute(&lean, s, &(struct model_ctx){1, NULL, 0, 0},
                              &err) == 0,
              "a lean run");
        s = load("scenarios/dragonfly-small.lua", NULL);
        CHECK(net_run_compute(&lr, s,
                              &(struct model_ctx){1, NULL, MODEL_KEEP_VIEWS, 0},
                              &err) == 0,
              "and a full one");
        CHECK(lean.nrounds == 0 && !lean.recorded && lr.nrounds == 7 &&
                  memcmp(lean.res->bytes, lr.res->bytes,
                         (size_t)nl * sizeof *lr.res->bytes) == 0,
              "lean: no rounds kept, the same bytes");
        net_run_fini(&lean);
    }

    net_run_fini(&lr);

    /* a static routing: no rounds */
    s = load("scenarios/dragonfly-small.lua", "routing=SD");
    CHECK(net_run_compute(&lr, s,
                          &(struct model_ctx){1, NULL, MODEL_KEEP_VIEWS, 0},
                          &err) == 0,
          "SD runs");
    CHECK(lr.nrounds == 0 && !lr.recorded, "SD has no rounds");
    net_run_fini(&lr);

    /* AH on 40 groups in the background: progress, then a cancel */
    {
        struct bg b;
        struct job j;
        double frac;
        const char *ph;
        struct timespec ts = {0, 20 * 1000 * 1000};
        memset(&b, 0, sizeof b);
        b.s = load("scenarios/dragonfly-workload.lua", "routing=AH");
        job_init(&j);
        ph = net_run_progress(&j, &frac);
        CHECK(strcmp(ph, "start") == 0 && frac == 0, "no progress yet");
        CHECK(job_start(&j, bg_run, &b) == 0, "job starts");
        nanosleep(&ts, NULL);
        job_cancel(&j);
        CHECK(job_join(&j) != 0 && b.rc != 0 && b.err.code == RHO_ECANCEL,
              "cancelled: %s", b.err.msg);
        CHECK(b.lr.res == NULL && b.lr.scen == NULL, "a cancelled run is "
                                                     "empty");
    }

    /* the same in the background to the end equals the direct run */
    {
        struct bg b;
        struct job j;
        struct net_run d;
        double frac;
        memset(&b, 0, sizeof b);
        b.s = load("scenarios/dragonfly-small.lua", "routing=AI");
        job_init(&j);
        CHECK(job_start(&j, bg_run, &b) == 0, "job starts");
        CHECK(job_join(&j) == 0 && b.rc == 0, "AI in the background");
        CHECK(strcmp(net_run_progress(&j, &frac), "stats") == 0,
              "progress went through the solve to the statistics");
        s = load("scenarios/dragonfly-small.lua", "routing=AI");
        CHECK(net_run_compute(&d, s,
                              &(struct model_ctx){1, NULL, MODEL_KEEP_VIEWS, 0},
                              &err) == 0,
              "AI directly");
        CHECK(memcmp(d.res->bytes, b.lr.res->bytes,
                     (size_t)d.res->nlinks * sizeof *d.res->bytes) == 0 &&
                  d.nrounds == b.lr.nrounds,
              "same bytes and rounds, 1 or 2 threads, thread or not");
        net_run_fini(&d);
        net_run_fini(&b.lr);
    }
    /* a run given a memory cap (the session's look-ahead) is refused at
       its plan past it, and runs without one */
    {
        struct net_run d;
        struct scenario *s2 =
            load("scenarios/dragonfly-small.lua", "routing=AI");
        CHECK(net_run_compute(
                  &d, s2, &(struct model_ctx){1, NULL, MODEL_KEEP_VIEWS, 65536},
                  &err) == -1 &&
                  err.code == RHO_ELIMIT,
              "AI with a cap of 64 KiB: refused (%s)", err.msg);
        s2 = load("scenarios/dragonfly-small.lua", "routing=AI");
        CHECK(net_run_compute(
                  &d, s2,
                  &(struct model_ctx){1, NULL, MODEL_KEEP_VIEWS, 1 << 30},
                  &err) == 0,
              "with a cap of 1 GiB: runs");
        net_run_fini(&d);
    }
    test_phase_features();
    TEST_DONE();
}
