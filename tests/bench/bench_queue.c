/*
 * bench_queue: the queueing model at the sizes that matter, beside the
 * link model on the same traffic.
 *
 *  1. interactive: df-40 (3,840 routers, UMesh over 15,360 ranks, RDN):
 *     the level totals (routing every message) and, after an edit of a
 *     queueing parameter (load, budget, slimming), the closed forms alone;
 *  2. an edit in the explorer: the model's whole run on df-40 (levels,
 *     routing, closed forms) cold, and again after an edit of the load
 *     or the slimming (the traffic from the cache);
 *  3. batch: the full 8.8M-core thesis system (92,160 routers, UMesh,
 *     about 115 million messages, streamed), SD, 2 threads: the level
 *     totals against the SD link model.
 * Each solve runs in a child process, so the peak memory printed (ru_maxrss)
 * is that solve's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/base/clock.h"
#include "core/model_queue.h"
#include "core/net/net_model.h"
#include "core/queue/queue_traffic.h"
#include "script/lx.h"

static double
peak_mib(void)
{
    struct rusage u;

    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024.0;
}

static void
child(void (*fn)(const char *, int, int), const char *a, int b, int c)
{
    pid_t pid = fork();

    if (pid == 0) {
        fn(a, b, c);
        fflush(stdout);
        _exit(0);
    }
    if (pid < 0)
        fn(a, b, c);
    else
        waitpid(pid, NULL, 0);
}

/* model = 0: the queueing model's level totals; 1: the SD link model. */
static void
run(const char *preset, int model, int threads)
{
    struct net_spec s;
    struct net *net;
    struct placement *pl;
    struct pattern *pat;
    struct net_job job;
    struct queue_map *m;
    struct queue *q;
    double t0, secs, edit = 0;
    struct rho_err err;
    long long msgs;

    net_preset(preset, &s, NULL);
    net = net_new(&s, NULL);
    pl = placement_scheme_new(net, PLACE_RDN, (int)net_slots(net), 3, NULL);
    pat = pattern_thesis("umesh", (int)net_slots(net), 0, 5, NULL);
    job = (struct net_job){pat, pl, 0, NET_SD};
    t0 = rho_wall();
    if (model == 0) {
        struct queue_traffic_opts o;
        struct queue_traffic *t;
        struct queue_point pt;
        struct queue_level_point lv[QUEUE_MAX_LEVELS];
        double mu[QUEUE_MAX_LEVELS];
        int reps = 1000;
        m = queue_map_new(net, NULL, &err);
        queue_traffic_opts_init(&o);
        o.threads = threads;
        t = queue_traffic_run(net, m, &job, 1, &o, &err);
        if (t == NULL) {
            fprintf(stderr, "bench_queue: %s\n", err.msg);
            exit(1);
        }
        q = queue_from_map(m);
        queue_apply_traffic(q, t, NULL, NULL);
        secs = rho_wall() - t0;
        msgs = t->msgs;
        /* an edit of load, budget or slimming: the closed forms only */
        t0 = rho_wall();
        for (int i = 0; i < reps; i++) {
            double U = 0;
            for (int l = 0; l < q->k; l++)
                U += q->mu[l];
            queue_eval(q, NULL, 0.5 * queue_saturation(q, NULL, NULL), NULL,
                       &pt, lv);
            for (int p = 0; p < QUEUE_POLICIES; p++) {
                queue_split(q, p, U, pt.lambda_e, NULL, mu);
                queue_eval(q, mu, pt.lambda, NULL, &pt, lv);
            }
            queue_slim(q, q->mu, 0.25, mu);
            queue_eval(q, mu, pt.lambda, NULL, &pt, lv);
        }
        edit = (rho_wall() - t0) / reps;
        queue_traffic_free(t);
        queue_free(q);
        queue_map_free(m);
    } else {
        struct net_opts o;
        struct net_result *r;
        net_opts_init(&o);
        o.threads = threads;
        r = net_model_solve(net, &job, 1, &o, &err);
        secs = rho_wall() - t0;
        msgs = r->msgs;
        net_result_free(r);
    }
    printf("%-11s %-28s %dT %10lld msgs %8.3f s", preset,
           model == 0 ? "queue: level totals" : "link model SD", threads, msgs,
           secs);
    if (model == 0)
        printf("  edit %7.1f us", edit * 1e6);
    printf("  peak %6.0f MiB\n", peak_mib());
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

/* The run as the explorer's session makes it, cold and after edits. */
static void
edits(const char *unused, int threads, int reps)
{
    static const char text[] =
        "return rho.scenario { title = 'df-40',\n"
        "  topology = rho.network 'df-40', routing = 'SD',\n"
        "  placement = 'RDN', traffic = rho.pattern.umesh {} }\n";
    struct rho_err err;
    struct scenario *s = lx_run_string("df-40", text, NULL, &err);
    struct queue_run r;
    double t0, cold, warm = 0;

    (void)unused;
    if (s == NULL) {
        fprintf(stderr, "bench_queue: %s\n", err.msg);
        exit(1);
    }
    queue_run_cache_clear();
    t0 = rho_wall();
    if (queue_run_compute(&r, scenario_clone(s), threads, NULL, &err) != 0) {
        fprintf(stderr, "bench_queue: %s\n", err.msg);
        exit(1);
    }
    cold = rho_wall() - t0;
    queue_run_fini(&r);
    for (int i = 0; i < reps; i++) {
        struct scenario *c = scenario_clone(s);
        if (c->queue == NULL)
            c->queue = queue_scen_new();
        c->queue->load = 0.05 * (i % 20);
        c->queue->slim = 0.25 * (i % 4);
        t0 = rho_wall();
        queue_run_compute(&r, c, threads, NULL, &err);
        warm += rho_wall() - t0;
        queue_run_fini(&r);
    }
    printf("df-40       %-28s %dT  cold %8.3f s  after an edit %7.3f ms  "
           "peak %6.0f MiB\n",
           "queue: the model's run", threads, cold, warm / reps * 1e3,
           peak_mib());
    scenario_free(s);
}

int
main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;

    for (int th = 1; th <= 2; th++) {
        child(run, "df-40", 0, th);
        child(run, "df-40", 1, th);
    }
    child(edits, NULL, 2, 50);
    if (!quick) {
        child(run, "df-thesis", 0, 2);
        child(run, "df-thesis", 1, 2);
    }
    return 0;
}
