/* The ':' command line: every edit a person can type, on Table I. */
#include "harness.h"

#include "core/net/net_model.h"
#include "core/scenario.h"
#include "core/session.h"
#include "script/lx.h"
#include "view/command.h"

static int
run(struct session *ss, const char *line, struct command_result *r,
    struct rho_err *err)
{
    return command_run(ss, line, r, err);
}

int
main(void)
{
    struct rho_err err;
    struct command_result r;
    struct session *ss =
        session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    const struct scenario *s;

    CHECK(run(ss, "  ", &r, &err) == 0 && r.kind == CMD_NOTHING, "empty");
    CHECK(run(ss, "tau 0.1", &r, &err) == 0 && r.kind == CMD_EDIT &&
              session_scenario(ss)->tau == 0.1,
          "tau 0.1");
    CHECK_STR(r.msg, "tau = 0.1", "tau message");
    CHECK(run(ss, "tau x", &r, &err) == -1, "tau x refused");
    CHECK(run(ss, "tau 3", &r, &err) == -1 &&
              session_scenario(ss)->tau == 0.1,
          "tau 3 refused, unchanged");
    CHECK(run(ss, "bw 10 GiB/s", &r, &err) == 0 &&
              session_scenario(ss)->bandwidth == 10 * 1073741824.0,
          "bw 10 GiB/s");
    CHECK(run(ss, "bandwidth 10 GiB", &r, &err) == -1, "a size is no rate");
    CHECK(run(ss, "size 3 150 MiB", &r, &err) == 0 &&
              session_scenario(ss)->flow[2].bytes == 150 * 1048576.0,
          "size 3 150 MiB");
    CHECK(run(ss, "size 9 1 MiB", &r, &err) == -1, "no flow 9");
    CHECK_STR(err.msg,
              "size FLOW SIZE (size 3 1 MiB): no flow 9 (flows 1 to 4)",
              "flow range message");
    /* the form rho(1) and the help once gave: it names the form */
    CHECK(run(ss, "size 1 MiB", &r, &err) == -1, "size 1 MiB: no size");
    CHECK_STR(err.msg,
              "size FLOW SIZE (size 3 1 MiB): expected a size such as "
              "'300 MiB', got 'MiB'",
              "size without its flow says the form");
    CHECK(run(ss, "start x 1 ms", &r, &err) == -1, "start x: no flow");
    CHECK_STR(err.msg,
              "start FLOW TIME (start 3 1 ms): expected a flow number, got 'x'",
              "start without its flow says the form");
    CHECK(run(ss, "start 2 5 ms", &r, &err) == 0 &&
              session_scenario(ss)->flow[1].start == 0.005,
          "start 2 5 ms");
    CHECK(run(ss, "dst 1 3", &r, &err) == 0, "dst 1 3");
    s = session_scenario(ss);
    CHECK_STR(pcie_node(s->pcie, s->flow[0].dst)->name, "3", "now 0->3");
    CHECK(run(ss, "src 1 3", &r, &err) == -1, "3 -> 3 refused");
    CHECK(run(ss, "dst 1 SA", &r, &err) == -1, "a switch is no device");
    CHECK(run(ss, "add 7 0 1 MiB at 2 ms", &r, &err) == 0 &&
              session_scenario(ss)->nflows == 5,
          "add 7 0 1 MiB at 2 ms");
    s = session_scenario(ss);
    CHECK(s->flow[4].bytes == 1048576.0 && s->flow[4].start == 0.002,
          "size and start of the new flow");
    CHECK(run(ss, "add 7 0", &r, &err) == -1, "add needs a size");
    CHECK(run(ss, "del 5", &r, &err) == 0 &&
              session_scenario(ss)->nflows == 4,
          "del 5");
    CHECK(run(ss, "undo", &r, &err) == 0 &&
              session_scenario(ss)->nflows == 5,
          "undo");
    CHECK(run(ss, "redo", &r, &err) == 0 &&
              session_scenario(ss)->nflows == 4,
          "redo");
    CHECK(run(ss, "redo", &r, &err) == -1, "nothing to redo");
    CHECK(run(ss, "move 0 5", &r, &err) == 0, "move rank 0 to GPU 5");
    CHECK(run(ss, "move 4294967296 5", &r, &err) == -1 &&
              strcmp(err.msg, "move: no rank 4294967296 (ranks count from "
                              "0)") == 0,
          "a rank past an int is refused, not cut to rank 0: %s", err.msg);
    CHECK(run(ss, "save /tmp/x.lua", &r, &err) == 0 && r.kind == CMD_SAVE &&
              strcmp(r.arg, "/tmp/x.lua") == 0,
          "save is the caller's");
    CHECK(run(ss, "theme dark", &r, &err) == 0 && r.kind == CMD_THEME &&
              strcmp(r.arg, "dark") == 0,
          "theme dark");
    CHECK(run(ss, "q", &r, &err) == 0 && r.kind == CMD_QUIT, "q");
    CHECK(run(ss, "frobnicate", &r, &err) == -1, "unknown command");
    CHECK(strncmp(err.msg, "unknown command 'frobnicate'", 28) == 0,
          "unknown command message");
    CHECK(r.cycle == 0, "not a routing or a placement edit");
    session_free(ss);

    /* the link model's R and P: what they bring, and that they brought it */
    ss = session_new(lx_run_file("scenarios/dragonfly-small.lua", NULL, &err));
    {
        char next[64];
        CHECK(command_next_routing(NET_AD) == NET_AI &&
                  command_next_routing(NET_ROUTING_COUNT - 1) == 0,
              "next routing: the enum's order, round");
        command_next_placement(session_scenario(ss), next, sizeof next);
        CHECK_STR(next, "RDR", "next placement after RDN on a dragonfly");
        CHECK(run(ss, "placement next", &r, &err) == 0 &&
                  r.cycle == CMD_CYCLE_PLACEMENT &&
                  strcmp(session_scenario(ss)->net->place_desc, "RDR") == 0,
              "placement next: RDR, a placement edit");
        CHECK(run(ss, "routing next", &r, &err) == 0 &&
                  r.cycle == CMD_CYCLE_ROUTING &&
                  session_scenario(ss)->net->routing == NET_AI,
              "routing next: AI, a routing edit");
        CHECK(run(ss, "placement RRR", &r, &err) == 0 &&
                  r.cycle == CMD_CYCLE_PLACEMENT,
              "placement RRR");
        command_next_placement(session_scenario(ss), next, sizeof next);
        CHECK_STR(next, "linear", "after the last: the first");
    }
    session_free(ss);

    /* the status line gives the size as kept, not as typed (80 nines
       are 1e80 bytes, not the 64 digits a cut message showed) */
    ss = session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    {
        char line[128] = "size 1 ";
        memset(line + 7, '9', 80);
        line[87] = '\0';
        CHECK(run(ss, line, &r, &err) == 0 &&
                  session_scenario(ss)->flow[0].bytes == 1e80,
              "80 nines: 1e80 bytes");
        CHECK_STR(r.msg, "flow 1: size 8.674e+61 EiB",
                  "the status gives the size kept");
        CHECK(run(ss, "start 1 2.5ms", &r, &err) == 0, "start 2.5ms");
        CHECK_STR(r.msg, "flow 1: start 2.5 ms", "the start kept");
    }
    session_free(ss);

    /* every command is known to command_run() and in command_docs (what
       the help screen and rho(1) list) */
    ss = session_new(lx_run_file("scenarios/table1.lua", NULL, &err));
    for (int i = 0; command_names[i] != NULL; i++) {
        const char *n = command_names[i];
        size_t len = strlen(n);
        int known, documented = 0;
        rho_err_clear(&err);
        known = run(ss, n, &r, &err) == 0 ||
                strstr(err.msg, "unknown command") == NULL;
        for (const struct command_doc *d = command_docs; d->use != NULL; d++)
            for (const char *p = d->use; (p = strstr(p, n)) != NULL; p++)
                documented |=
                    (p == d->use || p[-1] == ' ') &&
                    (p[len] == ' ' || p[len] == ',' || p[len] == '\0') &&
                    (p == d->use || p[-2] == ',');
        CHECK(known, "command '%s' is known", n);
        CHECK(documented, "command '%s' is in command_docs", n);
    }
    session_free(ss);
    TEST_DONE();
}
