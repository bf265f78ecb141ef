/*
 * Batch output: the YAML written through libyaml's emitter parses back
 * (with libyaml's parser) to the values of the CSV and the model.
 */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "core/pcie/pcie_sim.h"
#include "report/report.h"
#include "report/yamlout.h"
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

/* The first scalar of a YAML stream written by the yo_ calls in fill(),
   and whether it is plain (a reader resolves its type) or quoted. */
static int
first_scalar(void (*fill)(struct yo *, const void *), const void *arg,
             char *out, size_t n, int *plain)
{
    FILE *f = tmpfile();
    struct yo *y = yo_begin(f);
    struct rho_err err;
    yaml_parser_t p;
    yaml_event_t ev;
    int found = 0;

    fill(y, arg);
    if (yo_end(y, &err) != 0)
        return -1;
    rewind(f);
    yaml_parser_initialize(&p);
    yaml_parser_set_input_file(&p, f);
    while (!found && yaml_parser_parse(&p, &ev)) {
        int end = ev.type == YAML_STREAM_END_EVENT;
        if (ev.type == YAML_SCALAR_EVENT) {
            snprintf(out, n, "%s", (const char *)ev.data.scalar.value);
            *plain = ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
            found = 1;
        }
        yaml_event_delete(&ev);
        if (end)
            break;
    }
    yaml_parser_delete(&p);
    fclose(f);
    return found ? 0 : -1;
}

static void
fill_str(struct yo *y, const void *s)
{
    yo_str(y, s);
}

static void
fill_num(struct yo *y, const void *v)
{
    yo_num(y, *(const double *)v);
}

/* Strings a YAML 1.1 or 1.2 reader would take for something else are
   quoted; plain names stay plain. Numbers read as floats in both. */
static void
test_scalars(void)
{
    static const char *const quoted[] = {
        "NULL",  "True", "yes",        "No", "ON",   "off",  "y",      "n",
        "1_000", ".inf", "2001-12-14", "=",  "<<",   "0x1F", "1:30",   "",
        " a",    "a ",   "-x",         "~",  "a: b", "#x",   "K0->SA", "0o17",
        "*x",    "&x",   "!x",         "%x", "@x",
    };
    static const char *const plain[] = {
        "Table I", "K0",      "GPU 3", "sw.1",
        "nvme0n1", "GPU (x)", "a+b",   "Yesterday",
    };
    static const struct {
        double v;
        const char *text;
    } nums[] = {
        {1e-05, "1.0e-05"},   {1e-06, "1.0e-06"}, {1e+21, "1.0e+21"},
        {1.5e-07, "1.5e-07"}, {0.25, "0.25"},     {300, "300"},
    };
    char got[64];
    int pl;

    for (size_t i = 0; i < sizeof quoted / sizeof quoted[0]; i++)
        CHECK(first_scalar(fill_str, quoted[i], got, sizeof got, &pl) == 0 &&
                  !pl && strcmp(got, quoted[i]) == 0,
              "'%s' is quoted and reads back", quoted[i]);
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        CHECK(first_scalar(fill_str, plain[i], got, sizeof got, &pl) == 0 &&
                  pl && strcmp(got, plain[i]) == 0,
              "'%s' is plain", plain[i]);
    {
        /* a value that does not exist is null, never .nan (rho(1) -f) */
        double nan = NAN;
        CHECK(first_scalar(fill_num, &nan, got, sizeof got, &pl) == 0 && pl &&
                  strcmp(got, "null") == 0,
              "NaN is written null (got %s)", got);
    }
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        CHECK(first_scalar(fill_num, &nums[i].v, got, sizeof got, &pl) == 0 &&
                  pl && strcmp(got, nums[i].text) == 0 &&
                  strtod(got, NULL) == nums[i].v,
              "%.17g is written %s and reads back (got %s)", nums[i].v,
              nums[i].text, got);
    }
}

/* A short document that cannot be written fails at yo_end(), not later
   (stdio held it all). */
static void
test_write_error(void)
{
    FILE *f = fopen("/dev/full", "w");
    struct rho_err err;
    struct yo *y;

    if (f == NULL) {
        CHECK(1, "no /dev/full here: skipped");
        return;
    }
    y = yo_begin(f);
    yo_map(y);
    yo_kstr(y, "a", "b");
    yo_close_map(y);
    CHECK(yo_end(y, &err) == -1 && err.code == RHO_EIO,
          "a write error is reported: %s", err.msg);
    fclose(f);
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

    test_scalars();
    test_write_error();

    pcie_sim_result_fini(&res);
    pcie_sim_free(sim);
    scenario_free(s);
    TEST_DONE();
}
