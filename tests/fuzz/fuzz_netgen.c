/*
 * fuzz_netgen: network scenarios built from the input's bytes -- a
 * builder (torus, mesh, dragonfly, fat-tree, TCA, a preset) with small
 * sizes, a routing, paths, a seed, a placement (schemes, torus orders,
 * blocked and Rubik maps, lists) and traffic (every pattern with its
 * options, explicit flows, several jobs) -- so that the C builders, the
 * placements, the patterns and both models see combinations random text
 * rarely reaches. The text is then checked as fuzz_scenario checks it
 * (fuzz_scenario.c is compiled in: its LLVMFuzzerTestOneInput is renamed).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int scenario_check_text(const uint8_t *data, size_t size);
#define LLVMFuzzerTestOneInput scenario_check_text
#include "fuzz_scenario.c"
#undef LLVMFuzzerTestOneInput

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a stream of choices (zeros once it runs out). */
struct in {
    const uint8_t *p;
    size_t n, i;
};

static int
pick(struct in *in, int n)
{
    int v = in->i < in->n ? in->p[in->i++] : 0;

    return n > 0 ? v % n : 0;
}

/* A small number, now and then an edge: 0, -1, a large one. */
static long
num(struct in *in, int lo, int hi)
{
    switch (pick(in, 16)) {
    case 0:
        return 0;
    case 1:
        return -1;
    case 2:
        return 5000;
    default:
        return lo + pick(in, hi - lo + 1);
    }
}

static void
dims(struct in *in, struct strbuf *sb, int maxd, int maxn)
{
    int nd = 1 + pick(in, maxd);

    strbuf_puts(sb, "{ ");
    for (int k = 0; k < nd; k++)
        strbuf_printf(sb, "%s%ld", k ? ", " : "", num(in, 1, maxn));
    strbuf_puts(sb, " }");
}

static const char *const sizes[] = {"1 KiB", "64 KiB", "1 MiB",  "0 B",
                                    "3 B",   "1e3",    "2.5 GiB"};
static const char *const routings[] = {"DOR", "SD", "SI", "AD", "AI", "AH"};
static const char *const schemes[] = {"linear", "random", "RDN", "RDR",
                                      "RDC",    "RDG",    "RRN", "RRR",
                                      "ABCDET", "TABCDE", "BA",  "AB"};
static const char *const presets[] = {"torus-5x5", "mesh-4x4",    "fattree-k4",
                                      "tca-8",     "df-validate", "bgq-128"};
static const char *const colls[] = {"bcast-degeijn",  "scatter-binomial",
                                    "allgather-ring", "allgather-rd",
                                    "rs-pairwise",    "nonsense"};
static const char *const thesis[] = {"umesh",     "spread", "stencil4d", "m2m",
                                     "stencil2d", "nn",     "perm",      "x"};
static const char *const hows[] = {"reverse", "shift", "transpose", "random",
                                   "other"};

static void
topology(struct in *in, struct strbuf *sb)
{
    switch (pick(in, 6)) {
    case 0:
    case 1:
        strbuf_printf(sb, "rho.%s { dims = ", pick(in, 2) ? "torus" : "mesh");
        dims(in, sb, 4, 5);
        if (pick(in, 3) == 0)
            strbuf_printf(sb, ", nodes = %ld, cores = %ld", num(in, 1, 3),
                          num(in, 1, 3));
        strbuf_puts(sb, " }");
        break;
    case 2:
        strbuf_printf(sb,
                      "rho.dragonfly { groups = %ld, chassis = %ld, routers "
                      "= %ld, nodes = %ld, cores = %ld, global = %ld }",
                      num(in, 1, 6), num(in, 1, 3), num(in, 1, 4),
                      num(in, 1, 2), num(in, 1, 2), num(in, 1, 2));
        break;
    case 3:
        strbuf_printf(sb, "rho.fattree { k = %ld, levels = %ld, cores = %ld }",
                      num(in, 2, 6), num(in, 2, 3), num(in, 1, 2));
        break;
    case 4:
        strbuf_printf(sb, "rho.tca { rings = %ld, nodes = %ld }", num(in, 1, 3),
                      num(in, 1, 6));
        break;
    default:
        strbuf_printf(sb, "rho.network \"%s\"", presets[pick(in, 6)]);
    }
}

static void
pattern(struct in *in, struct strbuf *sb)
{
    const char *size = sizes[pick(in, 7)];

    switch (pick(in, 9)) {
    case 0:
        strbuf_printf(sb,
                      "rho.pattern.umesh { size = \"%s\", min = %ld, max = "
                      "%ld, window = %ld, symmetric = %s }",
                      size, num(in, 1, 4), num(in, 1, 8), num(in, 1, 12),
                      pick(in, 2) ? "true" : "false");
        break;
    case 1:
        strbuf_printf(sb,
                      "rho.pattern.spread { size = \"%s\", min = %ld, "
                      "max = %ld }",
                      size, num(in, 1, 3), num(in, 1, 6));
        break;
    case 2:
        strbuf_printf(sb,
                      "rho.pattern.stencil { size = \"%s\", nd = %ld, "
                      "periodic = %s, corners = %s",
                      size, num(in, 1, 3), pick(in, 2) ? "true" : "false",
                      pick(in, 2) ? "true" : "false");
        if (pick(in, 2)) {
            strbuf_puts(sb, ", dims = ");
            dims(in, sb, 3, 4);
        }
        strbuf_puts(sb, " }");
        break;
    case 3:
        strbuf_printf(sb, "rho.pattern.alltoall { size = \"%s\" }", size);
        break;
    case 4:
        strbuf_printf(sb, "rho.pattern.suba2a { size = \"%s\", dims = ", size);
        dims(in, sb, 3, 4);
        strbuf_printf(sb, ", along = { %ld } }", num(in, 1, 3));
        break;
    case 5:
        strbuf_printf(sb,
                      "rho.pattern.permutation { size = \"%s\", how = "
                      "\"%s\", rows = %ld }",
                      size, hows[pick(in, 5)], num(in, 1, 4));
        break;
    case 6:
        strbuf_printf(sb,
                      "rho.pattern.collective { algorithm = \"%s\", size "
                      "= \"%s\", aggregate = %s, supernodes = %ld, nodes = "
                      "%ld, cores = %ld }",
                      colls[pick(in, 6)], size, pick(in, 2) ? "true" : "false",
                      num(in, 1, 3), num(in, 1, 3), num(in, 1, 2));
        break;
    case 7:
        strbuf_printf(sb, "rho.pattern.thesis(\"%s\", { size = \"%s\" })",
                      thesis[pick(in, 8)], size);
        break;
    default:
        strbuf_printf(sb,
                      "rho.pattern.near { size = \"%s\", min = %ld, max "
                      "= %ld, window = %ld }",
                      size, num(in, 1, 4), num(in, 1, 8), num(in, 1, 40));
    }
}

static void
placement(struct in *in, struct strbuf *sb)
{
    switch (pick(in, 4)) {
    case 0:
        strbuf_puts(sb, "rho.place.blocked { dims = ");
        dims(in, sb, 3, 4);
        strbuf_puts(sb, ", block = ");
        dims(in, sb, 3, 3);
        strbuf_puts(sb, " }");
        break;
    case 1:
        strbuf_puts(sb, "rho.place.rubik { dims = ");
        dims(in, sb, 3, 4);
        strbuf_puts(sb, ", tile = ");
        dims(in, sb, 3, 3);
        strbuf_puts(sb, ", net_tile = ");
        dims(in, sb, 4, 3);
        strbuf_puts(sb, " }");
        break;
    case 2: {
        int n = pick(in, 8);
        strbuf_puts(sb, "{");
        for (int k = 0; k < n; k++)
            strbuf_printf(sb, "%s %ld", k ? "," : "", num(in, 0, 8));
        strbuf_puts(sb, " }");
        break;
    }
    default:
        strbuf_printf(sb, "\"%s\"", schemes[pick(in, 12)]);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct in in = {data, size, 0};
    struct strbuf sb;
    int jobs;

    strbuf_init(&sb);
    strbuf_puts(&sb, "return rho.scenario {\n  topology = ");
    topology(&in, &sb);
    strbuf_printf(&sb, ",\n  routing = \"%s\",\n", routings[pick(&in, 6)]);
    if (pick(&in, 3) == 0)
        strbuf_puts(&sb, "  paths = \"all\",\n");
    strbuf_printf(&sb, "  seed = %ld,\n", num(&in, 0, 9));
    if (pick(&in, 2)) {
        strbuf_puts(&sb, "  placement = ");
        placement(&in, &sb);
        strbuf_puts(&sb, ",\n");
    }
    switch (pick(&in, 3)) {
    case 0:
        strbuf_puts(&sb, "  traffic = ");
        pattern(&in, &sb);
        strbuf_puts(&sb, ",\n");
        break;
    case 1:
        jobs = 1 + pick(&in, 3);
        strbuf_puts(&sb, "  jobs = {\n");
        for (int j = 0; j < jobs; j++) {
            strbuf_printf(&sb,
                          "    { name = \"j%d\", ranks = %ld, routing = "
                          "\"%s\", traffic = ",
                          j, num(&in, 1, 8), routings[pick(&in, 6)]);
            pattern(&in, &sb);
            strbuf_puts(&sb, " },\n");
        }
        strbuf_puts(&sb, "  },\n");
        break;
    default: {
        int n = 1 + pick(&in, 6);
        strbuf_puts(&sb, "  flows = {");
        for (int k = 0; k < n; k++)
            strbuf_printf(&sb, " { %ld, %ld, size = \"%s\", step = %ld },",
                          num(&in, 0, 9), num(&in, 0, 9), sizes[pick(&in, 7)],
                          num(&in, 0, 2));
        strbuf_puts(&sb, " },\n");
    }
    }
    strbuf_puts(&sb, "}\n");
    if (getenv("NETGEN_PRINT") != NULL) /* to see what the bytes make */
        fputs(sb.s, stderr);
    scenario_check_text((const uint8_t *)sb.s, sb.len);
    strbuf_fini(&sb);
    return 0;
}
