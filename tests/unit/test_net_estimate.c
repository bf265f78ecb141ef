/* The estimate of SI's cost before a run (net_estimate.h): its packets
   against a whole count, its paths' length, threads, and the warning the
   front ends print. */
#include "harness.h"
#include "support_scen.h"

#include <math.h>
#include <string.h>

#include "core/scenario.h"
#include "core/net/net_estimate.h"
#include "core/net/pattern.h"
#include "core/net/placement.h"
#include "script/lx.h"

/* The packets of every message that crosses a link, counted whole. */
struct whole {
    const struct placement *pl;
    int offset;
    double packets;
};

static void
count(void *sink, int src, int dst, double bytes, int step)
{
    struct whole *w = sink;
    double pk = ceil(bytes / NET_SI_PACKET);

    (void)step;
    if (bytes > 0 && placement_endpoint(w->pl, w->offset + src) !=
                         placement_endpoint(w->pl, w->offset + dst))
        w->packets += pk < 1 ? 1 : pk;
}

int
main(void)
{
    struct scenario *s = load("scenarios/dragonfly-small.lua", "routing=SI");
    struct net_si_estimate e, e2;
    struct whole w = {NULL, 0, 0};
    char buf[160];

    if (s == NULL)
        TEST_DONE();
    w.pl = s->net->placement;
    for (int j = 0; j < s->net->njobs; j++) {
        const struct pattern *p = s->net->job[j].pattern;
        w.offset = s->net->job[j].offset;
        for (long long u = 0; u < pattern_units(p); u++)
            pattern_emit(p, u, count, &w);
    }
    CHECK(net_si_estimate(s->net, 1, &e) == 1, "SI: an estimate");
    CHECK(e.packets > 0.8 * w.packets && e.packets < 1.2 * w.packets,
          "packets %.4g, counted whole %.4g (within 20%%)", e.packets,
          w.packets);
    CHECK(e.hops >= 3 && e.hops <= 10,
          "a Valiant path on a dragonfly: 3 to 10 links (%.2f)", e.hops);
    CHECK(e.seconds > 0 && isfinite(e.seconds), "a time: %g s", e.seconds);
    memset(&e2, 0, sizeof e2);
    CHECK(net_si_estimate(s->net, 4, &e2) == 1, "four threads: an estimate");
    CHECK(e2.packets == e.packets && e2.seconds > 0,
          "four threads: the same packets, a time (%g s)", e2.seconds);
    /* the warning: past the threshold, and not under it */
    CHECK(net_si_warning(s->net, 1, 0, buf, sizeof buf) == 1 &&
              strncmp(buf, "SI routes every packet: about ", 30) == 0 &&
              strstr(buf, " on this scenario") != NULL,
          "past 0 s: '%s'", buf);
    CHECK(net_si_warning(s->net, 1, 1e9, buf, sizeof buf) == 0 &&
              buf[0] == '\0',
          "under 1e9 s: none");
    scenario_free(s);
    /* no link part (a PCIe scenario): none */
    CHECK(net_si_estimate(NULL, 1, &e) == 0 &&
              net_si_warning(NULL, 1, 0, buf, sizeof buf) == 0,
          "no link part: no estimate, no warning");
    /* not SI: no estimate, no warning */
    s = load("scenarios/dragonfly-small.lua", "routing=SD");
    if (s != NULL) {
        CHECK(net_si_estimate(s->net, 1, &e) == 0 && e.packets == 0,
              "SD: no estimate");
        CHECK(net_si_warning(s->net, 1, 0, buf, sizeof buf) == 0,
              "SD: no warning");
    }
    scenario_free(s);
    /* a workload of a 40-group dragonfly under SI: minutes */
    s = load("scenarios/dragonfly-workload.lua", "routing=SI");
    if (s != NULL) {
        CHECK(net_si_estimate(s->net, 2, &e) == 1, "the workload: an estimate");
        CHECK(e.seconds > 10,
              "the workload under SI: %.0f s on 2 threads (over 10)",
              e.seconds);
        CHECK(e.hops >= 3 && e.hops <= 10, "its paths: %.2f links", e.hops);
    }
    scenario_free(s);
    TEST_DONE();
}
