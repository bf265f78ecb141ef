/* Sessions: edits recompute, failed edits change nothing, undo/redo,
   moving a rank, and what a save writes loads back the same; network
   scenarios, the link model's edits and its run in the background (the
   runs in detail, with a model of the test's own: test_model.c). */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "core/net/route.h"
#include "core/model_net.h"
#include "core/model_pcie.h"
#include "core/session.h"
#include "script/lx.h"

int
main(void)
{
    struct rho_err err;
    struct session *ss =
        session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    const struct scenario *s = session_scenario(ss);
    struct scen_flow f;
    double end0 = model_pcie_result(ss)->end[0];

    CHECK_NEAR(end0 * 1e3, 64.94, 0.005, "Table II to start with");
    CHECK(!session_dirty(ss) && !session_can_undo(ss), "clean");

    /* change flow 3's size: 3->2 and 6->4 no longer end together */
    f = s->flow[2];
    f.label = NULL;
    f.bytes = 150 * 1048576.0;
    CHECK(session_set_flow(ss, 2, &f, &err) == 0, "edit flow 3's size");
    s = session_scenario(ss);
    CHECK(s->flow[2].bytes == 150 * 1048576.0, "size changed");
    CHECK_NEAR(model_pcie_result(ss)->end[2] * 1e3, 36.08 / 2, 0.005,
               "3->2 now ends at half the time");
    CHECK(session_dirty(ss) && session_can_undo(ss), "dirty, undoable");

    /* a bad edit changes nothing */
    f.dst = f.src;
    CHECK(session_set_flow(ss, 2, &f, &err) == -1, "a flow to itself");
    CHECK(session_scenario(ss) == s && s->flow[2].dst != s->flow[2].src,
          "nothing changed");
    CHECK(session_set_tau(ss, 2, &err) == -1, "tau 2 refused");
    CHECK_STR(err.msg, "tau must be between 0 and 1, got 2", "tau message");

    CHECK(session_set_tau(ss, 0, &err) == 0, "tau 0");
    CHECK(session_undo(ss) == 0 && session_scenario(ss)->tau == 0.2,
          "undo tau");
    CHECK(session_undo(ss) == 0, "undo the size");
    CHECK(model_pcie_result(ss)->end[0] == end0, "back to Table II exactly");
    CHECK(session_undo(ss) == -1, "nothing more to undo");
    CHECK(session_redo(ss) == 0 &&
              session_scenario(ss)->flow[2].bytes == 150 * 1048576.0,
          "redo the size");
    CHECK(session_can_redo(ss), "tau can be redone");
    CHECK(session_del_flow(ss, 0, &err) == 0, "delete flow 1");
    CHECK(!session_can_redo(ss), "a new edit drops the redo stack");
    CHECK(session_scenario(ss)->nflows == 3, "3 flows left");

    f = session_scenario(ss)->flow[0];
    f.label = NULL;
    f.start = 0.01;
    CHECK(session_add_flow(ss, &f, &err) == 0, "add a flow");
    CHECK(session_scenario(ss)->nflows == 4, "4 flows");
    CHECK(session_set_bandwidth(ss, 0, &err) == -1, "bandwidth 0 refused");
    session_mark_saved(ss);
    CHECK(!session_dirty(ss), "saved");
    session_free(ss);

    /* ranks */
    ss = session_new(lx_run_file("scenarios/halo2d-t2.lua", NULL, &err));
    s = session_scenario(ss);
    {
        int g7 = pcie_find(s->pcie, "7"), g1 = pcie_find(s->pcie, "1");
        double before = model_pcie_result(ss)->makespan;
        int moved = 0, ok = 1;
        CHECK(session_move_rank(ss, 0, g1, &err) == -1,
              "rank 0 onto GPU 1 would make 1 send to itself: refused");
        CHECK_STR(err.msg, "rank 0 on '1': flow 1 would send to itself",
                  "message");
        CHECK(session_move_rank(ss, 0, pcie_find(s->pcie, "SA"), &err) == -1,
              "onto a switch refused");
        CHECK(session_move_rank(ss, 0, g7, &err) == 0,
              "rank 0 onto GPU 7 (no flow between ranks 0 and 7)");
        s = session_scenario(ss);
        for (int i = 0; i < s->nflows; i++) {
            if (s->flow[i].src_rank == 0 || s->flow[i].dst_rank == 0) {
                moved++;
                ok &= (s->flow[i].src_rank == 0 ? s->flow[i].src
                                                : s->flow[i].dst) == g7;
            }
        }
        CHECK(moved == 4 && ok, "rank 0's 4 flows follow it to GPU 7");
        CHECK(s->rank_node[0] == g7, "the placement says so");
        CHECK(model_pcie_result(ss)->makespan != before,
              "and the time changed");
        CHECK(session_undo(ss) == 0 &&
                  model_pcie_result(ss)->makespan == before,
              "undo the move");
    }
    session_free(ss);

    /* a network scenario: no PCIe sim, the link model's edits */
    ss = session_new(lx_run_file("scenarios/torus-5x5.lua", NULL, &err));
    s = session_scenario(ss);
    CHECK(s->pcie == NULL && s->net != NULL, "a network scenario");
    CHECK(!session_has_model(ss, &model_pcie_entry) &&
              session_has_model(ss, &model_net_entry) &&
              model_pcie_sim(ss) == NULL && model_pcie_result(ss)->nflows == 0,
          "no PCIe model, an empty result; the link model");
    CHECK(scenario_check(s, &err) == 0, "it checks");
    {
        struct session_run r;
        CHECK(model_net_run(ss) == NULL &&
                  session_run(ss, &model_net_entry, &r) == 0 && !r.busy &&
                  r.result == NULL,
              "the link model runs in the background: nothing before a poll");
        CHECK(session_wait(ss, &err) == 0 && model_net_run(ss) != NULL &&
                  session_run(ss, &model_net_entry, &r) == 0 &&
                  r.version == session_version(ss) && r.serial == 1,
              "session_wait runs it to the end");
    }
    CHECK(session_set_tau(ss, 0.1, &err) == -1 &&
              session_add_flow(ss, &f, &err) == -1 &&
              session_move_rank(ss, 0, 1, &err) == -1,
          "PCIe edits refused");
    CHECK_STR(err.msg,
              "the scenario is a network: flows, tau, bandwidth and ranks "
              "are edited in its script",
              "message");
    CHECK(!session_can_undo(ss) && !session_dirty(ss), "still clean");
    {
        unsigned long v = session_version(ss);
        struct strbuf sb;
        struct scenario *back;
        struct net_result *r1, *r2;

        CHECK(session_set_routing(ss, NET_SD, &err) == 0 &&
                  session_scenario(ss)->net->routing == NET_SD &&
                  session_scenario(ss)->net->job[0].routing == NET_SD,
              "routing SD");
        CHECK(model_net_run(ss) != NULL &&
                  model_net_run(ss)->scen->net->routing == NET_DOR,
              "the last link result stays after an edit");
        for (int i = 0;
             i < 2000 && model_net_run(ss)->scen->net->routing != NET_SD; i++)
            session_poll(ss);
        CHECK(model_net_run(ss)->scen->net->routing == NET_SD,
              "a poll brings the new one (a small torus: within its wait)");
        CHECK(session_version(ss) == v + 1 && session_dirty(ss) &&
                  session_can_undo(ss),
              "an undoable edit");
        s = session_scenario(ss);
        CHECK(session_set_placement(ss, "RDC", &err) == -1 &&
                  session_scenario(ss) == s,
              "RDC refused on a torus, nothing changed");
        CHECK_STR(err.msg, "placement RDC needs a dragonfly", "message");
        CHECK(session_set_placement(ss, "random", &err) == 0 &&
                  strcmp(session_scenario(ss)->net->place_desc, "random") == 0,
              "random placement");
        CHECK(session_scenario(ss)->net->pending,
              "its placement is left to the runs (off the caller's thread)");
        CHECK(session_wait(ss, &err) == 0 &&
                  !model_net_run(ss)->scen->net->pending &&
                  strcmp(model_net_run(ss)->scen->net->place_desc, "random") ==
                      0,
              "the run made it: %s", err.msg);
        CHECK(session_set_seed(ss, 9, &err) == 0 &&
                  session_scenario(ss)->seed == 9,
              "seed 9");
        CHECK(session_set_paths(ss, ROUTE_ALL, &err) == 0 &&
                  session_scenario(ss)->net->minimal == ROUTE_ALL,
              "all paths");
        CHECK(session_set_paths(ss, 5, &err) == -1, "paths 5 refused");
        CHECK(model_pcie_run(ss) == NULL, "still no PCIe run");

        /* saved and loaded: the same link results */
        strbuf_init(&sb);
        scenario_to_lua(session_scenario(ss), &sb);
        CHECK(strstr(strbuf_str(&sb), "  routing = \"SD\",\n  paths = "
                                      "\"all\",\n  seed = 9,\n  placement = "
                                      "\"random\",\n") != NULL,
              "the edits are written");
        back = lx_run_string("saved.lua", strbuf_str(&sb), NULL, &err);
        {
            /* the edits' placement made, as a run makes it */
            struct scenario *made = scenario_clone(session_scenario(ss));
            CHECK(scenario_net_ready(made, NULL, &err) == 0, "made");
            r1 = scenario_net_solve(made, NULL, &err);
            scenario_free(made);
        }
        r2 = back ? scenario_net_solve(back, NULL, &err) : NULL;
        CHECK(r1 && r2 && r1->nlinks == r2->nlinks &&
                  memcmp(r1->bytes, r2->bytes,
                         (size_t)r1->nlinks * sizeof *r1->bytes) == 0,
              "the saved scenario gives the same bytes on every link");
        net_result_free(r1);
        net_result_free(r2);
        scenario_free(back);
        strbuf_fini(&sb);

        CHECK(session_undo(ss) == 0 &&
                  session_scenario(ss)->net->minimal == ROUTE_MIN,
              "undo the paths");
        CHECK(session_undo(ss) == 0 && session_scenario(ss)->seed == 0,
              "undo the seed");
        CHECK(session_undo(ss) == 0 &&
                  strcmp(session_scenario(ss)->net->place_desc, "linear") == 0,
              "undo the placement");
        CHECK(session_undo(ss) == 0 &&
                  session_scenario(ss)->net->routing == NET_DOR,
              "undo the routing");
        CHECK(session_undo(ss) == -1, "nothing more to undo");
        CHECK(session_redo(ss) == 0 && session_redo(ss) == 0 &&
                  strcmp(session_scenario(ss)->net->place_desc, "random") == 0,
              "redo routing and placement");
    }
    session_replace(ss,
                    lx_run_file("scenarios/dragonfly-small.lua", NULL, &err));
    CHECK(session_scenario(ss)->net->net_spec.net.family == NET_DRAGONFLY &&
              model_pcie_sim(ss) == NULL,
          "replaced by another network");
    CHECK(session_set_placement(ss, "RDC", &err) == 0, "RDC on a dragonfly");
    CHECK(session_undo(ss) == 0 && session_undo(ss) == 0 &&
              session_scenario(ss)->net->net_spec.net.family == NET_TORUS,
          "undo the placement and the replace");
    session_free(ss);

    /* both models: the tree's link part follows the PCIe edits */
    ss = session_new(
        lx_run_file("scenarios/table1-both-models.lua", NULL, &err));
    CHECK(model_pcie_sim(ss) != NULL && session_has_model(ss, &model_net_entry),
          "a PCIe sim and the link model");
    f = session_scenario(ss)->flow[0];
    f.label = NULL;
    f.bytes = 100 * 1048576.0;
    CHECK(session_set_flow(ss, 0, &f, &err) == 0, "flow 1: 100 MiB");
    CHECK(session_scenario(ss)->net->job[0].spec.flows->bytes[0] ==
              100 * 1048576.0,
          "the link model's flows follow");
    CHECK(session_set_routing(ss, NET_AD, &err) == 0 &&
              session_set_bandwidth(ss, 1e9, &err) == 0,
          "routing AD, then bandwidth 1 GB/s");
    s = session_scenario(ss);
    CHECK(net_link_bw(s->net->net, 0) == 1e9 && s->net->routing == NET_AD,
          "the tree's network has the new bandwidth, the routing stays");
    CHECK(session_set_placement(ss, "RDN", &err) == -1,
          "a tree's placement is its node ids");
    session_free(ss);

    /* unsaved edits are a state: the saved one, or not */
    ss = session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    CHECK(session_set_tau(ss, 0.3, &err) == 0 &&
              session_set_bandwidth(ss, 1e9, &err) == 0 && session_dirty(ss),
          "two edits: dirty");
    CHECK(session_undo(ss) == 0 && session_dirty(ss), "one undone: dirty");
    CHECK(session_undo(ss) == 0 && !session_dirty(ss),
          "both undone: clean (the state as loaded)");
    CHECK(session_redo(ss) == 0 && session_dirty(ss), "redo: dirty again");
    session_mark_saved(ss);
    CHECK(!session_dirty(ss), "saved: clean");
    CHECK(session_undo(ss) == 0 && session_dirty(ss),
          "a save then undo: dirty (the file has tau 0.3)");
    CHECK(session_redo(ss) == 0 && !session_dirty(ss),
          "redo to the saved state: clean");
    CHECK(session_set_tau(ss, 0.25, &err) == 0 && session_dirty(ss) &&
              session_set_tau(ss, 0.3, &err) == 0 && !session_dirty(ss),
          "an edit and its inverse: clean (the same scenario)");
    session_replace(ss, lx_run_file("scenarios/table1.lua", NULL, &err));
    CHECK(session_dirty(ss), "a reload of the script: not what was saved");
    CHECK(session_set_tau(ss, 0.3, &err) == 0 && !session_dirty(ss),
          "tau 0.3 on it: what was saved");
    for (int i = 0; i < SESSION_HISTORY + 6; i++)
        session_set_tau(ss, i % 2 ? 0.3 : 0.1, &err);
    CHECK(!session_dirty(ss), "more edits than the history holds, back to "
                              "the saved state: clean");
    session_free(ss);

    /* the link model's result one generation back: remembered whole,
       and shown again at once when its state comes back */
    {
        struct session_opts o = {NULL, 0, 1, MODEL_KEEP_VIEWS, 1};
        const struct net_run *a = NULL, *p;
        double *bytes;
        int nl;
        ss = session_new_with(
            lx_run_file("scenarios/dragonfly-small.lua", NULL, &err), &o);
        CHECK(session_wait(ss, &err) == 0 && (a = model_net_run(ss)) != NULL &&
                  a->res->nmsg > 0 && a->recorded,
              "AD: messages and rounds kept");
        if (a == NULL)
            TEST_DONE();
        nl = a->res->nlinks;
        bytes = malloc((size_t)nl * sizeof *bytes);
        memcpy(bytes, a->res->bytes, (size_t)nl * sizeof *bytes);
        CHECK(model_net_run_prev(ss) == NULL, "no result before the first");
        CHECK(session_set_routing(ss, NET_SD, &err) == 0 &&
                  session_wait(ss, &err) == 0,
              "routing SD, run");
        p = model_net_run_prev(ss);
        CHECK(p != NULL && p->scen->net->routing == NET_AD &&
                  model_net_run(ss)->scen->net->routing == NET_SD,
              "the AD result is one generation back, SD's current");
        CHECK(p == a && p->res->nmsg > 0 && p->recorded,
              "whole: the session remembers it");
        CHECK(p != NULL && p->res->nlinks == nl &&
                  memcmp(p->res->bytes, bytes, (size_t)nl * sizeof *bytes) ==
                      0 &&
                  p->st != NULL,
              "its bytes per link and statistics");
        {
            struct session_run r;
            const struct net_run *sd = model_net_run(ss);
            CHECK(session_undo(ss) == 0 && session_poll(ss) == 1 &&
                      model_net_run(ss) == a &&
                      session_run(ss, &model_net_entry, &r) == 0 &&
                      r.remembered && !r.busy &&
                      r.version == session_version(ss),
                  "undo to AD: its result at the first poll, remembered");
            CHECK(model_net_run_prev(ss) == sd, "and SD's kept back");
        }
        free(bytes);
        session_free(ss);
    }

    /* the look-ahead to the routing R brings: computed while the
       explorer waits, the same numbers as a run of that state */
    {
        struct session_opts o = {NULL, 0, 1, MODEL_KEEP_VIEWS, 1};
        struct session *s2;
        const struct net_run *ai = NULL, *want = NULL;
        struct session_run r;
        ss = session_new_with(
            lx_run_file("scenarios/dragonfly-small.lua", NULL, &err), &o);
        s2 = session_new_with(
            lx_run_file("scenarios/dragonfly-small.lua", NULL, &err), &o);
        CHECK(session_wait(ss, &err) == 0 &&
                  session_ahead_routing(ss, NET_AI, &err) == 0,
              "AD computed; look ahead to AI");
        CHECK(session_ahead_routing(ss, 99, &err) == -1 &&
                  strstr(err.msg, "routing") != NULL,
              "a look-ahead to a routing that does not exist: refused, and "
              "the one before stays");
        CHECK(session_ahead_ended(ss) == -1, "the look-ahead: asked for");
        {
            int hidden = 1;
            /* (a few ms computing; until it has ended, at most a minute:
               under a sanitizer it starts once the queueing model's run
               of the state has ended, seconds) */
            for (int i = 0; i < 6000 && (i < 20 || session_ahead_ended(ss) < 0);
                 i++) {
                struct timespec ts = {0, 10000000L};
                session_poll(ss);
                hidden &= session_run(ss, &model_net_entry, &r) == 0 && !r.busy;
                nanosleep(&ts, NULL);
            }
            CHECK(hidden, "the look-ahead is not shown as a run");
            CHECK(session_ahead_ended(ss) == 0,
                  "the look-ahead: ended, its result remembered");
        }
        CHECK(session_set_routing(ss, NET_AI, &err) == 0 &&
                  session_poll(ss) == 1 &&
                  session_run(ss, &model_net_entry, &r) == 0 && r.remembered &&
                  r.ahead && r.version == session_version(ss) &&
                  (ai = model_net_run(ss)) != NULL &&
                  ai->scen->net->routing == NET_AI,
              "R to AI: its result at the first poll, computed ahead");
        CHECK(session_set_routing(s2, NET_AI, &err) == 0 &&
                  session_wait(s2, &err) == 0 &&
                  (want = model_net_run(s2)) != NULL,
              "AI computed in another session");
        CHECK(ai != NULL && want != NULL &&
                  ai->res->nlinks == want->res->nlinks &&
                  memcmp(ai->res->bytes, want->res->bytes,
                         (size_t)want->res->nlinks * sizeof(double)) == 0 &&
                  ai->res->nmsg == want->res->nmsg &&
                  memcmp(ai->res->msg_bw, want->res->msg_bw,
                         (size_t)want->res->nmsg * sizeof(double)) == 0,
              "the same bytes on every link and bandwidths of every message");
        /* a look-ahead stopped (Esc) ends without a result, whether it
           had started (SI: every packet, a second or more) or not; and
           one to a state remembered already ends at once */
        CHECK(session_ahead_routing(ss, NET_SI, &err) == 0 &&
                  session_poll(ss) >= 0 && session_ahead_ended(ss) == -1 &&
                  session_stop(ss) == 0,
              "look ahead to SI; Esc");
        for (int i = 0; i < 500 && session_ahead_ended(ss) < 0; i++) {
            struct timespec ts = {0, 10000000L};
            session_poll(ss);
            nanosleep(&ts, NULL);
        }
        CHECK(session_ahead_ended(ss) == 1, "stopped: ended, no result");
        CHECK(session_ahead_routing(ss, NET_AH, &err) == 0 &&
                  session_stop(ss) == 0 && session_ahead_ended(ss) == 1,
              "asked for and stopped before it started: forgotten");
        CHECK(session_ahead_routing(ss, NET_AD, &err) == 0 &&
                  session_poll(ss) >= 0 && session_ahead_ended(ss) == 0,
              "a look-ahead to a state remembered (AD): ended at once");
        /* and to a placement: built by the look-ahead's run */
        CHECK(session_ahead_placement(ss, "RDG", &err) == 0,
              "look ahead to placement RDG");
        for (int i = 0; i < 6000 && (i < 20 || session_ahead_ended(ss) < 0);
             i++) {
            struct timespec ts = {0, 10000000L};
            session_poll(ss);
            nanosleep(&ts, NULL);
        }
        CHECK(session_set_placement(ss, "RDG", &err) == 0 &&
                  session_poll(ss) == 1 &&
                  session_run(ss, &model_net_entry, &r) == 0 && r.ahead &&
                  (ai = model_net_run(ss)) != NULL,
              "placement RDG: computed ahead");
        CHECK(session_set_placement(s2, "RDG", &err) == 0 &&
                  session_wait(s2, &err) == 0 &&
                  (want = model_net_run(s2)) != NULL,
              "RDG computed in the other session");
        CHECK(ai != NULL && want != NULL &&
                  memcmp(ai->res->bytes, want->res->bytes,
                         (size_t)want->res->nlinks * sizeof(double)) == 0,
              "the same bytes on every link");
        session_free(s2);
        session_free(ss);
    }

    /* a result that is not remembered (larger than the memory holds)
       goes one generation back shrunk to its bytes (retire) */
    {
        struct scenario *ds =
            lx_run_file("scenarios/dragonfly-small.lua", NULL, &err);
        struct model_ctx c = {1, NULL, MODEL_KEEP_VIEWS, 0};
        struct net_run *lr = model_net_entry.run(ds, &c, &err);
        CHECK(lr != NULL && lr->res->nmsg > 0 && lr->recorded &&
                  model_net_entry.shelve(lr) > (size_t)lr->res->nlinks * 8,
              "AD: messages and rounds, counted by shelve()");
        if (lr != NULL) {
            double b0 = lr->res->bytes[0];
            model_net_entry.retire(lr);
            CHECK(lr->res->nmsg == 0 && lr->res->msg_bw == NULL &&
                      lr->res->path_off == NULL && lr->granted == NULL &&
                      !lr->recorded && lr->res->bytes[0] == b0 &&
                      lr->st != NULL,
                  "retired: no messages, no paths, no rounds' records; its "
                  "bytes per link and statistics stay");
            model_net_entry.result_free(lr);
        }
    }
    TEST_DONE();
}
