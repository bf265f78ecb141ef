/*
 * bench_net: the link-utilization model at the sizes that matter.
 *
 *  1. interactive: the df-40 preset (3,840 routers; UMesh over 15,360
 *     ranks, about 200,000 messages, and over one rank per router) with
 *     SD, AD, AI and AH, 1 and 2 threads;
 *  2. Jain Sec. 3.2.4 on a small balanced dragonfly: UMesh under every
 *     routing for RDC and RDG (AI lowers SI's maximum, AH best);
 *  3. batch: SD on the full 8.8M-core thesis system (92,160 routers,
 *     8,847,360 ranks, UMesh, about 115 million messages, streamed), in
 *     order and RDN, 2 threads.
 * Every solve runs in a child process of its own, so that the peak memory
 * printed (getrusage ru_maxrss of the child: network, placement, pattern
 * and solve together) is that solve's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/net/net_model.h"
#include "core/net/net_stats.h"

#define MiB 1048576.0

static double
now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static double
peak_mib(void)
{
    struct rusage u;

    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024.0;
}

static struct net_result *
solve(const struct net *net, const struct pattern *pat,
      const struct placement *pl, int routing, int threads, double *secs)
{
    struct net_job job = {pat, pl, 0, routing};
    struct net_opts o;
    struct rho_err e;
    struct net_result *r;
    double t0;

    net_opts_init(&o);
    o.threads = threads;
    o.seed = 1;
    o.si_samples = 16;
    t0 = now();
    r = net_model_solve(net, &job, 1, &o, &e);
    *secs = now() - t0;
    if (r == NULL) {
        fprintf(stderr, "bench_net: %s\n", e.msg);
        exit(1);
    }
    return r;
}

static void
line(const struct net *net, const char *what, const char *pl, int routing,
     int threads, const struct net_result *r, double secs)
{
    struct net_stats *st = net_stats_result(net, r, 0, NULL);

    printf("%-28s %-6s %-3s %dT %10lld msgs %4d it %8.3f s  avg %8.3f "
           "max %9.2f MiB  peak %6.0f MiB\n",
           what, pl, net_routing_name(routing), threads, r->msgs, r->iterations,
           secs, st->cls[0].mean / MiB, st->cls[0].max / MiB, peak_mib());
    fflush(stdout);
    net_stats_free(st);
}

/* Run fn(a, b, c) in a child process and wait for it. */
static void
child(void (*fn)(int, int, int), int a, int b, int c)
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

static void
interactive(int npr, int routing, int threads)
{
    struct net_spec s;
    struct net *net;
    struct placement *pl;
    struct pattern *pat;
    struct net_result *r;
    char what[64];
    double secs;

    net_preset("df-40", &s, NULL);
    s.df.nodes_per_router = npr;
    net = net_new(&s, NULL);
    pl = placement_scheme_new(net, PLACE_RDN, (int)net_slots(net), 3, NULL);
    pat = pattern_thesis("umesh", (int)net_slots(net), 0, 5, NULL);
    snprintf(what, sizeof what, "df-40 (%d rank%s/router)", npr,
             npr > 1 ? "s" : "");
    r = solve(net, pat, pl, routing, threads, &secs);
    line(net, what, "RDN", routing, threads, r, secs);
    net_result_free(r);
    pattern_free(pat);
    placement_free(pl);
    net_free(net);
}

static void
findings(int scheme, int routing, int unused)
{
    struct net_dragonfly_params p;
    struct net *net;
    struct pattern *pat;
    struct placement *pl;
    struct net_result *res;
    double secs;

    (void)unused;
    memset(&p, 0, sizeof p);
    p.groups = 31;
    p.chassis = 3;
    p.routers = 4;
    p.nodes_per_router = 2;
    p.cores = 12;
    p.global_per_pair = 1;
    p.bw_row = p.bw_col = p.bw_global = 5120 * MiB;
    net = net_dragonfly_new(&p, NULL);
    pat = pattern_thesis("umesh", (int)net_slots(net), 0, 17, NULL);
    pl = placement_scheme_new(net, scheme, (int)net_slots(net), 23, NULL);
    res = solve(net, pat, pl, routing, 2, &secs);
    line(net, "31x3x4 dragonfly UMesh", placement_scheme_name(scheme), routing,
         2, res, secs);
    net_result_free(res);
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

static void
full_system(int scheme, int threads, int unused)
{
    struct net_spec s;
    struct net *net;
    struct pattern *pat;
    struct placement *pl;
    struct net_result *r;
    double t0 = now(), tb, secs;

    (void)unused;
    net_preset("df-thesis", &s, NULL);
    net = net_new(&s, NULL);
    tb = now() - t0;
    pat = pattern_thesis("umesh", (int)net_slots(net), 0, 5, NULL);
    t0 = now();
    pl = placement_scheme_new(net, scheme, (int)net_slots(net), 3, NULL);
    printf("full system: %d routers, %d links, %lld ranks; built in %.2f s, "
           "placement %s in %.2f s\n",
           net_routers(net), net_links(net), net_slots(net), tb,
           placement_scheme_name(scheme), now() - t0);
    r = solve(net, pat, pl, NET_SD, threads, &secs);
    line(net, "df-thesis 8.8M cores", placement_scheme_name(scheme), NET_SD,
         threads, r, secs);
    net_result_free(r);
    placement_free(pl);
    pattern_free(pat);
    net_free(net);
}

int
main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    static const int rt[4] = {NET_SD, NET_AD, NET_AI, NET_AH};

    fflush(stdout);
    for (int npr = 1; npr <= 4; npr += 3)
        for (int i = 0; i < 4; i++)
            for (int th = 1; th <= 2; th++)
                child(interactive, npr, rt[i], th);
    if (!quick)
        for (int sc = PLACE_RDC; sc <= PLACE_RDG; sc++)
            for (int r = NET_SD; r <= NET_AH; r++)
                child(findings, sc, r, 0);
    child(full_system, PLACE_LINEAR, 2, 0);
    child(full_system, PLACE_RDN, 2, 0);
    if (!quick)
        child(full_system, PLACE_RDN, 1, 0);
    return 0;
}
