/*
 * Batch output: the YAML written through libyaml's emitter parses back
 * (with libyaml's parser) to the values of the CSV and the model.
 */
#include "harness.h"

#include <stdlib.h>
#include <yaml.h>

#include "core/pcie/pcie_sim.h"
#include "report/report.h"
#include "script/lx.h"

/* Parse a YAML stream and collect "key=value" for scalar pairs, in order. */
static int
yaml_pairs(FILE *f, char pairs[][96], int max)
{
    yaml_parser_t p;
    yaml_event_t ev;
    int n = 0, done = 0, ok = 1;
    char key[48] = "";
    int want_value = 0;

    if (!yaml_parser_initialize(&p))
        return -1;
    yaml_parser_set_input_file(&p, f);
    while (!done) {
        if (!yaml_parser_parse(&p, &ev)) {
            ok = 0;
            break;
        }
        if (ev.type == YAML_SCALAR_EVENT) {
            const char *v = (const char *)ev.data.scalar.value;
            if (want_value) {
                if (n < max)
                    snprintf(pairs[n++], 96, "%s=%s", key, v);
                want_value = 0;
            } else {
                snprintf(key, sizeof key, "%s", v);
                want_value = 1;
            }
        } else if (ev.type == YAML_MAPPING_START_EVENT ||
                   ev.type == YAML_SEQUENCE_START_EVENT) {
            want_value = 0;
        }
        done = ev.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&p);
    return ok ? n : -1;
}

static int
has(char pairs[][96], int n, const char *want)
{
    for (int i = 0; i < n; i++)
        if (strcmp(pairs[i], want) == 0)
            return 1;
    return 0;
}

int
main(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
    struct pcie_sim *sim = scenario_sim(s, &err);
    struct pcie_sim_result res;
    char pairs[128][96];
    FILE *f = tmpfile();
    int n;

    pcie_sim_result_init(&res);
    pcie_sim_run(sim, NULL, &res, NULL);
    CHECK(report_flows(f, s, &res, REPORT_YAML, &err) == 0, "yaml written");
    rewind(f);
    n = yaml_pairs(f, pairs, 128);
    CHECK(n > 30, "yaml parses back (%d pairs)", n);
    CHECK(has(pairs, n, "scenario=Table I"), "title");
    CHECK(has(pairs, n, "status=ok"), "status");
    CHECK(has(pairs, n, "src=0") && has(pairs, n, "dst=4"),
          "device names stay strings");
    CHECK(has(pairs, n, "end_s=0.03607989532019705"),
          "36.08 ms, full precision");
    CHECK(has(pairs, n, "makespan_s=0.06494381157635468"),
          "makespan, the shortest digits that read back");
    CHECK(has(pairs, n, "bytes=314572800"), "bytes");
    fclose(f);

    f = tmpfile();
    CHECK(report_steps(f, s, sim, REPORT_YAML, &err) == 0, "steps yaml");
    rewind(f);
    n = yaml_pairs(f, pairs, 128);
    CHECK(has(pairs, n, "D9=0.7"), "D9 of 3->2 is 7/10, written 0.7");
    CHECK(has(pairs, n, "hol=true"), "the HOL flag");
    fclose(f);

    /* a title that looks like a number or holds YAML syntax stays a string */
    scenario_set_title(s, "1e3: {x}");
    f = tmpfile();
    report_flows(f, s, &res, REPORT_YAML, &err);
    rewind(f);
    n = yaml_pairs(f, pairs, 128);
    CHECK(has(pairs, n, "scenario=1e3: {x}"), "awkward title round trip");
    fclose(f);

    CHECK(report_parse_fmt("json", &(enum report_fmt){0}, &err) == -1 &&
              strcmp(err.msg, "unknown format 'json' (expected text, csv "
                              "or yaml)") == 0,
          "unknown format message");

    pcie_sim_result_fini(&res);
    pcie_sim_free(sim);
    scenario_free(s);
    TEST_DONE();
}
