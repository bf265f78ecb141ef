/* Sessions: edits recompute, failed edits change nothing, undo/redo,
   moving a rank, and what a save writes loads back the same. */
#include "harness.h"

#include <stdlib.h>

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
    double end0 = session_result(ss)->end[0];

    CHECK_NEAR(end0 * 1e3, 64.94, 0.005, "Table II to start with");
    CHECK(!session_dirty(ss) && !session_can_undo(ss), "clean");

    /* change flow 3's size: 3->2 and 6->4 no longer end together */
    f = s->flow[2];
    f.label = NULL;
    f.bytes = 150 * 1048576.0;
    CHECK(session_set_flow(ss, 2, &f, &err) == 0, "edit flow 3's size");
    s = session_scenario(ss);
    CHECK(s->flow[2].bytes == 150 * 1048576.0, "size changed");
    CHECK_NEAR(session_result(ss)->end[2] * 1e3, 36.08 / 2, 0.005,
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
    CHECK(session_result(ss)->end[0] == end0, "back to Table II exactly");
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
        double before = session_result(ss)->makespan;
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
        CHECK(session_result(ss)->makespan != before, "and the time changed");
        CHECK(session_undo(ss) == 0 && session_result(ss)->makespan == before,
              "undo the move");
    }
    session_free(ss);
    TEST_DONE();
}
