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
        return 8L * hi + 1; /* past the usual range */
    default:
        return lo + pick(in, hi - lo + 1);
    }
}

/*
 * Everything below appends in the order the choices are read, one choice
 * per call: arguments of one call are evaluated in an order each compiler
 * picks (gcc and clang differ), and the same bytes must make the same
 * scenario in the fuzzer and in the replay.
 */

/* text, then a number from num() */
static void
put_num(struct in *in, struct strbuf *sb, const char *text, int lo, int hi)
{
    long v = num(in, lo, hi);

    strbuf_printf(sb, "%s%ld", text, v);
}

/* text, then one of the strings of list (n of them), quoted */
static void
put_str(struct in *in, struct strbuf *sb, const char *text,
        const char *const *list, int n)
{
    int k = pick(in, n);

    strbuf_printf(sb, "%s\"%s\"", text, list[k]);
}

static void
put_bool(struct in *in, struct strbuf *sb, const char *text)
{
    int b = pick(in, 2);

    strbuf_printf(sb, "%s%s", text, b ? "true" : "false");
}

static void
dims(struct in *in, struct strbuf *sb, int maxd, int maxn)
{
    int nd = 1 + pick(in, maxd);

    strbuf_puts(sb, "{ ");
    for (int k = 0; k < nd; k++)
        put_num(in, sb, k ? ", " : "", 1, maxn);
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
static const char *const families[] = {"torus", "mesh"};

static void
topology(struct in *in, struct strbuf *sb)
{
    switch (pick(in, 6)) {
    case 0:
    case 1:
        strbuf_printf(sb, "rho.%s { dims = ", families[pick(in, 2)]);
        dims(in, sb, 4, 5);
        if (pick(in, 3) == 0) {
            put_num(in, sb, ", nodes = ", 1, 3);
            put_num(in, sb, ", cores = ", 1, 3);
        }
        strbuf_puts(sb, " }");
        break;
    case 2:
        put_num(in, sb, "rho.dragonfly { groups = ", 1, 6);
        put_num(in, sb, ", chassis = ", 1, 3);
        put_num(in, sb, ", routers = ", 1, 4);
        put_num(in, sb, ", nodes = ", 1, 2);
        put_num(in, sb, ", cores = ", 1, 2);
        put_num(in, sb, ", global = ", 1, 2);
        strbuf_puts(sb, " }");
        break;
    case 3:
        put_num(in, sb, "rho.fattree { k = ", 2, 6);
        put_num(in, sb, ", levels = ", 2, 3);
        put_num(in, sb, ", cores = ", 1, 2);
        strbuf_puts(sb, " }");
        break;
    case 4:
        put_num(in, sb, "rho.tca { rings = ", 1, 3);
        put_num(in, sb, ", nodes = ", 1, 6);
        strbuf_puts(sb, " }");
        break;
    default:
        put_str(in, sb, "rho.network ", presets, 6);
    }
}

static void
pattern(struct in *in, struct strbuf *sb)
{
    int kind = pick(in, 9);

    switch (kind) {
    case 0:
    case 8:
        strbuf_printf(sb, "rho.pattern.%s {", kind ? "near" : "umesh");
        put_str(in, sb, " size = ", sizes, 7);
        put_num(in, sb, ", min = ", 1, 4);
        put_num(in, sb, ", max = ", 1, 8);
        put_num(in, sb, ", window = ", 1, 40);
        put_bool(in, sb, ", symmetric = ");
        break;
    case 1:
        put_str(in, sb, "rho.pattern.spread { size = ", sizes, 7);
        put_num(in, sb, ", min = ", 1, 3);
        put_num(in, sb, ", max = ", 1, 6);
        break;
    case 2:
        put_str(in, sb, "rho.pattern.stencil { size = ", sizes, 7);
        put_num(in, sb, ", nd = ", 1, 3);
        put_bool(in, sb, ", periodic = ");
        put_bool(in, sb, ", corners = ");
        if (pick(in, 2)) {
            strbuf_puts(sb, ", dims = ");
            dims(in, sb, 3, 4);
        }
        break;
    case 3:
        put_str(in, sb, "rho.pattern.alltoall { size = ", sizes, 7);
        break;
    case 4:
        put_str(in, sb, "rho.pattern.suba2a { size = ", sizes, 7);
        strbuf_puts(sb, ", dims = ");
        dims(in, sb, 3, 4);
        put_num(in, sb, ", along = { ", 1, 3);
        strbuf_puts(sb, " }");
        break;
    case 5:
        put_str(in, sb, "rho.pattern.permutation { size = ", sizes, 7);
        put_str(in, sb, ", how = ", hows, 5);
        put_num(in, sb, ", rows = ", 1, 4);
        break;
    case 6:
        put_str(in, sb, "rho.pattern.collective { algorithm = ", colls, 6);
        put_str(in, sb, ", size = ", sizes, 7);
        put_bool(in, sb, ", aggregate = ");
        put_num(in, sb, ", supernodes = ", 1, 3);
        put_num(in, sb, ", nodes = ", 1, 3);
        put_num(in, sb, ", cores = ", 1, 2);
        break;
    default:
        put_str(in, sb, "rho.pattern.thesis(", thesis, 8);
        put_str(in, sb, ", { size = ", sizes, 7);
        strbuf_puts(sb, " })");
        return;
    }
    strbuf_puts(sb, " }");
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
            put_num(in, sb, k ? ", " : " ", 0, 8);
        strbuf_puts(sb, " }");
        break;
    }
    default:
        put_str(in, sb, "", schemes, 12);
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
    put_str(&in, &sb, ",\n  routing = ", routings, 6);
    strbuf_puts(&sb, ",\n");
    if (pick(&in, 3) == 0)
        strbuf_puts(&sb, "  paths = \"all\",\n");
    put_num(&in, &sb, "  seed = ", 0, 9);
    strbuf_puts(&sb, ",\n");
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
            strbuf_printf(&sb, "    { name = \"j%d\"", j);
            put_num(&in, &sb, ", ranks = ", 1, 8);
            put_str(&in, &sb, ", routing = ", routings, 6);
            strbuf_puts(&sb, ", traffic = ");
            pattern(&in, &sb);
            strbuf_puts(&sb, " },\n");
        }
        strbuf_puts(&sb, "  },\n");
        break;
    default: {
        int n = 1 + pick(&in, 6);
        strbuf_puts(&sb, "  flows = {");
        for (int k = 0; k < n; k++) {
            put_num(&in, &sb, " { ", 0, 9);
            put_num(&in, &sb, ", ", 0, 9);
            put_str(&in, &sb, ", size = ", sizes, 7);
            put_num(&in, &sb, ", step = ", 0, 2);
            strbuf_puts(&sb, " },");
        }
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
