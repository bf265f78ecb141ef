/*
 * The link part of a scenario as specs: every scenario with a link part
 * written back as Lua loads to the same specs and bit-identical link
 * results; the edits (routing, placement, seed, paths) give what a script
 * that says so gives; the makers report errors by name; the Lua binding
 * still raises them at the description's line.
 */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/net/route.h"
#include "core/net/net_scen.h"
#include "core/scenario.h"
#include "core/base/strbuf.h"
#include "script/lx.h"

static const char *const link_scenarios[] = {
    "scenarios/torus-5x5.lua",
    "scenarios/mesh-4x4-paths.lua",
    "scenarios/bgq-512-umesh.lua",
    "scenarios/dragonfly-small.lua",
    "scenarios/dragonfly-workload.lua",
    "scenarios/fattree-k4.lua",
    "scenarios/supernode-degeijn.lua",
    "scenarios/tca-ring.lua",
    "scenarios/table1-both-models.lua",
    "scenarios/supernode-reduce-twotier.lua",
    "scenarios/collectives-dragonfly.lua",
};

/* ---- comparisons ---- */

static int
same_doubles(const double *a, const double *b, long long n)
{
    if (n <= 0)
        return 1;
    if (a == NULL || b == NULL)
        return a == b;
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

/* Bit for bit: bytes per link and per job, the metrics, the messages. */
static int
same_result(const struct net_result *a, const struct net_result *b)
{
    if (a == NULL || b == NULL)
        return 0;
    return a->nlinks == b->nlinks && a->njobs == b->njobs &&
           same_doubles(a->bytes, b->bytes, a->nlinks) &&
           same_doubles(a->job_bytes, b->job_bytes,
                        a->job_bytes ? (long long)a->njobs * a->nlinks : 0) &&
           a->msgs == b->msgs && a->routed == b->routed &&
           same_doubles(&a->total_bytes, &b->total_bytes, 1) &&
           same_doubles(&a->routed_bytes, &b->routed_bytes, 1) &&
           same_doubles(&a->hop_bytes, &b->hop_bytes, 1) &&
           same_doubles(&a->hops_sum, &b->hops_sum, 1) &&
           same_doubles(&a->hops_max, &b->hops_max, 1) &&
           a->iterations == b->iterations && a->converged == b->converged &&
           a->nmsg == b->nmsg && same_doubles(a->msg_bw, b->msg_bw, a->nmsg) &&
           same_doubles(a->msg_bytes, b->msg_bytes, a->nmsg) &&
           same_doubles(&a->phase_time_ext, &b->phase_time_ext, 1);
}

static struct net_result *
solve(const struct scenario *s)
{
    struct net_opts o;
    struct rho_err err;
    struct net_result *r;

    net_opts_init(&o);
    o.per_job = 1;
    r = scenario_net_solve(s, &o, &err);
    if (r == NULL)
        printf("# solve: %s\n", err.msg);
    return r;
}

/* Both scenarios give the same link results. */
static int
same_solve(const struct scenario *a, const struct scenario *b)
{
    struct net_result *ra = solve(a), *rb = solve(b);
    int ok = same_result(ra, rb);

    net_result_free(ra);
    net_result_free(rb);
    return ok;
}

/* The first difference between two link parts' specs, or NULL. */
static const char *
link_diff(const struct scenario *a, const struct scenario *b)
{
    const struct net_scen *x = a->net, *y = b->net;

    if (x == NULL || y == NULL)
        return "link part";
    if (strcmp(a->title, b->title) != 0)
        return "title";
    if (a->seed != b->seed)
        return "seed";
    if (memcmp(&x->net_spec, &y->net_spec, sizeof x->net_spec) != 0)
        return "network spec";
    if (strcmp(x->net_desc, y->net_desc) != 0)
        return "net_desc";
    if (strcmp(x->place_desc, y->place_desc) != 0)
        return "place_desc";
    if (!net_place_spec_equal(&x->place, &y->place))
        return "placement spec";
    if (x->nranks != y->nranks ||
        placement_ranks(x->placement) != placement_ranks(y->placement) ||
        memcmp(placement_map(x->placement), placement_map(y->placement),
               (size_t)placement_ranks(x->placement) * sizeof(int)) != 0)
        return "placement";
    if (x->routing != y->routing || x->minimal != y->minimal)
        return "routing or paths";
    if (x->njobs != y->njobs)
        return "jobs";
    for (int j = 0; j < x->njobs; j++) {
        const struct net_scen_job *p = &x->job[j], *q = &y->job[j];
        if (strcmp(p->name, q->name) != 0 || p->offset != q->offset ||
            p->routing != q->routing || p->ranks != q->ranks ||
            p->rest != q->rest)
            return "a job";
        if (!net_pattern_spec_equal(&p->spec, &q->spec))
            return "a job's pattern spec";
        if (strcmp(pattern_name(p->pattern), pattern_name(q->pattern)) != 0)
            return "a job's pattern";
    }
    return NULL;
}

static struct scenario *
load_text(const char *text, struct rho_err *err)
{
    return lx_run_string("saved.lua", text, NULL, err);
}

/* Write s as Lua into a temporary file and load that. */
static struct scenario *
save_load(const struct scenario *s, struct strbuf *text, struct rho_err *err)
{
    char path[] = "/tmp/rho-scen-link-XXXXXX";
    int fd = mkstemp(path);
    struct scenario *back = NULL;
    FILE *f;

    strbuf_reset(text);
    scenario_to_lua(s, text);
    if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
        rho_err_set(err, RHO_EIO, "cannot write %s", path);
        return NULL;
    }
    fputs(strbuf_str(text), f);
    fclose(f);
    back = lx_run_file(path, NULL, err);
    unlink(path);
    return back;
}

/* Save s, load it back, and check that nothing changed. */
static void
check_round_trip(const struct scenario *s, const char *what)
{
    struct strbuf text, again;
    struct rho_err err;
    struct scenario *back;
    const char *d;

    strbuf_init(&text);
    strbuf_init(&again);
    back = save_load(s, &text, &err);
    CHECK(back != NULL, "%s: the saved text loads (%s)", what,
          back ? "" : err.msg);
    if (back == NULL) {
        printf("%s", strbuf_str(&text));
        goto out;
    }
    d = link_diff(s, back);
    CHECK(d == NULL, "%s: the same specs after a round trip (%s differs)", what,
          d ? d : "nothing");
    CHECK(same_solve(s, back), "%s: bit-identical link results", what);
    scenario_to_lua(back, &again);
    CHECK_STR(strbuf_str(&again), strbuf_str(&text),
              "%s: writing it again gives the same text", what);
    if (s->pcie != NULL) {
        CHECK(back->pcie != NULL && back->nflows == s->nflows &&
                  back->bandwidth == s->bandwidth && back->tau == s->tau,
              "%s: the PCIe part too", what);
    }
    scenario_free(back);
out:
    strbuf_fini(&text);
    strbuf_fini(&again);
}

/* ---- the scenarios ---- */

static void
test_scenarios(void)
{
    for (size_t i = 0; i < sizeof link_scenarios / sizeof *link_scenarios;
         i++) {
        struct rho_err err = {0}; /* (the checks print err.msg) */
        struct scenario *s = lx_run_file(link_scenarios[i], NULL, &err);
        CHECK(s != NULL && s->net != NULL, "%s loads with a link part",
              link_scenarios[i]);
        if (s == NULL || s->net == NULL) {
            scenario_free(s);
            continue;
        }
        CHECK(scenario_check(s, &err) == 0, "%s checks (%s)", link_scenarios[i],
              err.msg);
        check_round_trip(s, link_scenarios[i]);
        scenario_free(s);
    }
}

static const char torus_text[] =
    "-- written by rho: the scenario as it was edited\n"
    "return rho.scenario {\n"
    "  title = \"5x5 torus, dimension-order routing\",\n"
    "  topology = rho.torus { dims = { 5, 5 }, bandwidth = \"2 GB/s\" },\n"
    "  routing = \"DOR\",\n"
    "  paths = \"minimal\",\n"
    "  placement = \"linear\",\n"
    "  flows = {\n"
    "    { 0, 7, size = \"1 MiB\" },\n"
    "    { 3, 21, size = \"2 MiB\" },\n"
    "  },\n"
    "}\n";

static void
test_torus_text(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/torus-5x5.lua", NULL, &err);
    struct strbuf sb;
    const struct net_scen *l;

    strbuf_init(&sb);
    scenario_to_lua(s, &sb);
    CHECK_STR(strbuf_str(&sb), torus_text, "the 5x5 torus written as Lua");
    l = s->net;
    CHECK(l->net_spec.kind == NET_TOPO_PARAMS &&
              l->net_spec.net.family == NET_TORUS &&
              l->net_spec.net.torus.nd == 2 &&
              l->net_spec.net.torus.dim[1] == 5 &&
              l->net_spec.net.torus.wrap[0] && l->net_spec.net.torus.bw == 2e9,
          "its network spec: a 5x5 torus at 2 GB/s");
    CHECK_STR(l->net_desc, "5x5 torus", "net_desc");
    CHECK(l->njobs == 1 && l->job[0].spec.kind == NET_PAT_FLOWS &&
              l->job[0].spec.flows->n == 2 &&
              l->job[0].spec.flows->dst[1] == 21 &&
              l->job[0].spec.flows->bytes[1] == 2 * 1048576.0 &&
              l->job[0].ranks == 25,
          "one job: the 2 flows over 25 ranks");
    CHECK(l->place.kind == NET_PLACE_SCHEME &&
              l->place.scheme == PLACE_LINEAR && l->nranks == 25,
          "placed linearly, 25 ranks");
    strbuf_fini(&sb);
    scenario_free(s);
}

/* Every builder, pattern kind, option and placement form round trips. */
static const char *const specials[] = {
    /* mixed wrap, names, nodes, cores, per-dimension and injection
       bandwidth; a blocked placement; stencil options */
    "return rho.scenario { title = \"t1\",\n"
    "  topology = rho.torus { dims = { 4, 2, 2 }, wrap = { true, false, "
    "true },\n"
    "    names = \"XYZ\", nodes = 2, cores = 2, bandwidth = \"3 GB/s\",\n"
    "    dim_bandwidth = { \"1 GB/s\", 0, \"5 GiB/s\" }, injection = \"8 "
    "GB/s\" },\n"
    "  seed = 11, placement = rho.place.blocked { dims = { 8, 8 }, block = "
    "{ 1, 2 } },\n"
    "  jobs = {\n"
    "    { name = \"st\", ranks = 36, traffic = rho.pattern.stencil { size "
    "= 4096, dims = { 6, 6 }, periodic = false, corners = true } },\n"
    "    { traffic = rho.pattern.spread { size = \"3 KiB\", min = 2, max = "
    "5, seed = 9 } },\n"
    "  },\n"
    "}\n",
    /* names as a list, a mesh, a rubik placement, suba2a and alltoall */
    "return rho.scenario { title = \"t2\",\n"
    "  topology = rho.mesh { dims = { 4, 4 }, names = { \"row\", \"col\" }, "
    "cores = 4 },\n"
    "  routing = \"SD\", paths = \"all\",\n"
    "  placement = rho.place.rubik { dims = { 8, 8 }, tile = { 2, 8 }, "
    "net_tile = { 1, 4, 4 } },\n"
    "  size = \"2 KiB\",\n"
    "  jobs = {\n"
    "    { name = \"sub\", ranks = 32, traffic = rho.pattern.suba2a { nd = "
    "3, along = { 1, 3 } } },\n"
    "    { name = \"all\", ranks = 16, routing = \"DOR\", traffic = "
    "rho.pattern.alltoall {} },\n"
    "    { name = \"h\", traffic = rho.pattern.halo { nd = 1 } },\n"
    "  },\n"
    "}\n",
    /* a dragonfly with its own bandwidths, umesh and near options,
       permutations, a torus order-less random placement */
    "return rho.scenario { title = \"t3\",\n"
    "  topology = rho.dragonfly { groups = 5, chassis = 2, routers = 3, "
    "nodes = 2, cores = 2, global = 2,\n"
    "    row_bandwidth = \"1 GB/s\", column_bandwidth = \"2 GB/s\", "
    "global_bandwidth = \"3 GB/s\", injection = \"9 GB/s\" },\n"
    "  routing = \"AD\", placement = \"rdr\", seed = 5,\n"
    "  traffic = rho.pattern.umesh { min = 1, max = 3, window = 7, "
    "symmetric = true },\n"
    "  jobs = {\n"
    "    { name = \"n\", ranks = 20, routing = \"SI\", traffic = "
    "rho.pattern.near { size = \"1 KiB\", min = 2, max = 4, window = 9 } "
    "},\n"
    "    { name = \"p\", ranks = 12, traffic = rho.pattern.permutation { size "
    "= \"1 MiB\", how = \"transpose\", rows = 3 } },\n"
    "    { name = \"r\", ranks = 8, traffic = rho.pattern.permutation { size "
    "= \"1 MiB\", how = \"random\" } },\n"
    "  },\n"
    "}\n",
    /* a fat-tree with cores and injection, collectives, thesis patterns,
       explicit flows with steps and an explicit placement */
    "return rho.scenario { title = \"t4\",\n"
    "  topology = rho.fattree { k = 4, levels = 2, cores = 4, bandwidth = "
    "\"10 GB/s\", injection = \"5 GB/s\" },\n"
    "  placement = { 3, 2, 1, 0, 3, 2, 1, 0, 1, 1, 2, 2, 0, 0, 3, 3 },\n"
    "  jobs = {\n"
    "    { name = \"c\", ranks = 8, traffic = rho.pattern.collective { "
    "algorithm = \"allreduce-ring\", size = \"8 MiB\", aggregate = true } "
    "},\n"
    "    { name = \"th\", ranks = 6, traffic = rho.pattern.thesis(\"umesh\", "
    "{ size = \"1 KiB\", seed = 3 }) },\n"
    "    { name = \"th2\", ranks = 2, traffic = rho.pattern.thesis "
    "\"perm\" },\n"
    "  },\n"
    "  flows = { { 0, 15, size = \"1 MiB\", step = 2 }, { src = 4, dst = 5, "
    "size = 100 } },\n"
    "}\n",
    /* a TCA cluster with its own bandwidths; a two-tier collective */
    "return rho.scenario { title = \"t5\",\n"
    "  topology = rho.tca { rings = 1, nodes = 4, port_bandwidth = \"3 "
    "GB/s\", gpu_bandwidth = \"12 GB/s\",\n"
    "    gpu_read_bandwidth = \"830 MB/s\", qpi_bandwidth = \"250 MB/s\" },\n"
    "  routing = \"SD\",\n"
    "  traffic = rho.pattern.collective { algorithm = \"scatter-twotier\", "
    "size = \"1 MiB\", supernodes = 2, nodes = 2, cores = 5 },\n"
    "}\n",
    /* traffic in phases, for the scenario and for a job; adaptive */
    "return rho.scenario { title = \"t7\",\n"
    "  topology = rho.torus { dims = { 4, 4 }, cores = 2 },\n"
    "  routing = \"AD\", seed = 4,\n"
    "  traffic = { rho.pattern.alltoall { size = \"4 KiB\" },\n"
    "              rho.pattern.stencil { dims = { 4, 4 }, size = \"256 KiB\" "
    "} },\n"
    "  jobs = { { name = \"p\", ranks = 16, routing = \"SD\", traffic = {\n"
    "    rho.pattern.spread { size = \"1 KiB\", min = 1, max = 3 },\n"
    "    rho.pattern.permutation { size = \"1 MiB\", how = \"shift\" },\n"
    "    rho.pattern.permutation { size = \"2 MiB\" } } } },\n"
    "}\n",
    /* a two-tier reduce whose geometry comes from the dragonfly */
    "return rho.scenario { title = \"t8\", topology = rho.network "
    "\"df-small\",\n"
    "  traffic = rho.pattern.collective { algorithm = \"reduce-twotier\", "
    "size = \"1 MiB\" } }\n",
    /* a Table 6.1 prototype, its radix written back */
    "return rho.scenario { title = \"t9\",\n"
    "  topology = rho.prototype { family = \"dragonfly\", nodes = 600, "
    "cores = 2 },\n"
    "  routing = \"AH\", traffic = rho.pattern.spread { size = \"1 KiB\" "
    "} }\n",
    /* a torus order placement on a preset */
    "return rho.scenario { title = \"t6\", topology = rho.network "
    "\"bgq-128\",\n"
    "  placement = \"TEDCBA\", seed = 2,\n"
    "  traffic = rho.pattern.thesis(\"stencil2d\", { size = \"2 KiB\" }) }\n",
};

static void
test_specials(void)
{
    for (size_t i = 0; i < sizeof specials / sizeof *specials; i++) {
        struct rho_err err;
        struct scenario *s = load_text(specials[i], &err);
        char what[32];
        snprintf(what, sizeof what, "special %d", (int)i + 1);
        CHECK(s != NULL, "%s loads (%s)", what, s ? "" : err.msg);
        if (s == NULL)
            continue;
        check_round_trip(s, what);
        scenario_free(s);
    }
}

/* What the specials' specs hold (the reader fills every option). */
static void
test_spec_values(void)
{
    struct rho_err err;
    struct scenario *s = load_text(specials[0], &err);
    const struct net_scen *l = s->net;
    const struct net_torus_params *tp = &l->net_spec.net.torus;
    const struct net_pattern_spec *st = &l->job[0].spec, *sp;

    CHECK(tp->wrap[0] && !tp->wrap[1] && tp->wrap[2] &&
              strcmp(tp->name[1], "Y") == 0 && tp->nodes_per_router == 2 &&
              tp->cores == 2 && tp->bw == 3e9 && tp->dim_bw[0] == 1e9 &&
              tp->dim_bw[1] == 0 && tp->dim_bw[2] == 5 * 1073741824.0 &&
              tp->inj_bw == 8e9,
          "torus spec: wraps, names, nodes, cores, bandwidths");
    CHECK_STR(l->net_desc, "4x2x2 torus (some dimensions without wrap)",
              "its description");
    CHECK(l->place.kind == NET_PLACE_BLOCKED && l->place.nd == 2 &&
              l->place.tile[1] == 2,
          "blocked placement spec");
    CHECK_STR(l->place_desc, "blocked", "place_desc");
    CHECK(st->kind == NET_PAT_STENCIL && st->ndims == 2 && st->dims[0] == 6 &&
              !st->periodic && st->corners && st->size == 4096 && !st->has_seed,
          "stencil spec");
    sp = &l->job[1].spec;
    CHECK(sp->kind == NET_PAT_SPREAD && sp->min == 2 && sp->max == 5 &&
              sp->has_seed && sp->seed == 9 && sp->size == 3072 &&
              l->job[1].rest && l->job[1].ranks == 64 - 36 &&
              strcmp(l->job[1].name, "job 2") == 0,
          "spread spec: a job that took the ranks left");
    scenario_free(s);

    s = load_text(specials[3], &err);
    l = s->net;
    CHECK(l->place.kind == NET_PLACE_LIST &&
              placement_ranks(l->place.list) == 16 &&
              placement_endpoint(l->placement, 0) == 3,
          "explicit placement spec");
    CHECK(l->njobs == 4 && l->job[3].spec.kind == NET_PAT_FLOWS &&
              l->job[3].spec.flows->step[0] == 2 &&
              l->job[3].spec.flows->src[1] == 4 &&
              l->job[3].spec.flows->bytes[1] == 100,
          "flows spec with steps");
    CHECK(l->job[1].spec.kind == NET_PAT_THESIS &&
              strcmp(l->job[1].spec.name, "umesh") == 0 &&
              l->job[1].spec.size == 1024 && l->job[1].spec.seed == 3,
          "thesis spec");
    CHECK(l->job[0].spec.kind == NET_PAT_COLLECTIVE &&
              l->job[0].spec.algorithm == COLL_ALLREDUCE_RING &&
              l->job[0].spec.aggregate,
          "collective spec");
    scenario_free(s);
}

/* ---- edits ---- */

/* The script at path with overrides (NULL-ended "name=value"). */
static struct scenario *
load_with(const char *path, const char *const *params)
{
    struct lx_opts o;
    struct rho_err err;

    memset(&o, 0, sizeof o);
    o.params = params;
    return lx_run_file(path, &o, &err);
}

/* A script's text with one substring replaced, loaded. */
static struct scenario *
load_replaced(const char *path, const char *from, const char *to)
{
    struct rho_err err;
    struct strbuf sb;
    struct scenario *s = NULL;
    char buf[8192], *at;
    FILE *f = fopen(path, "r");
    size_t n;

    if (f == NULL)
        return NULL;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    if ((at = strstr(buf, from)) == NULL)
        return NULL;
    strbuf_init(&sb);
    strbuf_add(&sb, buf, (size_t)(at - buf));
    strbuf_puts(&sb, to);
    strbuf_puts(&sb, at + strlen(from));
    s = lx_run_string(path, strbuf_str(&sb), NULL, &err);
    strbuf_fini(&sb);
    return s;
}

static void
test_edit_routing(void)
{
    static const char *const si[] = {"routing=SI", NULL};
    struct rho_err err;
    struct scenario *s =
        lx_run_file("scenarios/dragonfly-small.lua", NULL, &err);
    struct scenario *want = load_with("scenarios/dragonfly-small.lua", si);
    struct net_result *before = solve(s), *after;

    CHECK(scenario_net_set_routing(s, 99, &err) == -1, "routing 99 refused");
    CHECK_STR(err.msg, "routing 99 is not DOR, SD, SI, AD, AI, AH, BGQ or UPDOWN",
              "its message");
    after = solve(s);
    CHECK(same_result(before, after) && s->net->routing == NET_AD,
          "a refused edit changes nothing");
    net_result_free(after);
    CHECK(scenario_net_set_routing(s, NET_SI, &err) == 0, "routing SI");
    CHECK(s->net->routing == NET_SI && s->net->job[0].routing == NET_SI,
          "the scenario's and the job's");
    CHECK(link_diff(s, want) == NULL && same_solve(s, want),
          "the same as the script run with routing=SI");
    check_round_trip(s, "dragonfly-small, routing SI");
    net_result_free(before);
    scenario_free(want);
    scenario_free(s);

    /* every job's routing, on several jobs */
    s = load_text(specials[2], &err);
    CHECK(scenario_net_set_routing(s, NET_DOR, &err) == 0 &&
              s->net->job[1].routing == NET_DOR &&
              s->net->job[3].routing == NET_DOR,
          "every job gets the routing");
    check_round_trip(s, "special 3, routing DOR");
    scenario_free(s);
}

static void
test_edit_placement(void)
{
    static const char *const tabcde[] = {"placement=TABCDE", NULL};
    static const char *const rdn[] = {"placement=RDN", NULL};
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/bgq-512-umesh.lua", NULL, &err);
    struct scenario *want = load_with("scenarios/bgq-512-umesh.lua", tabcde);
    struct scenario *want2 = load_with("scenarios/bgq-512-umesh.lua", rdn);
    const struct placement *pl = s->net->placement;

    CHECK(scenario_net_set_placement(s, "XYZ", &err) == -1,
          "placement XYZ refused");
    CHECK_STR(err.msg,
              "placement 'XYZ': expected linear, random, RDN, RDR, RDC, RDG, "
              "RRN, RRR, a torus order such as \"ABCDET\", "
              "rho.place.blocked{}, rho.place.rubik{} or a list of node "
              "numbers",
              "the message of the Lua field");
    CHECK(scenario_net_set_placement(s, "RDC", &err) == -1,
          "RDC refused on a torus");
    CHECK_STR(err.msg, "placement RDC needs a dragonfly", "its message");
    CHECK(scenario_net_set_placement(s, "ABCDQT", &err) == -1,
          "a bad torus order refused");
    CHECK(s->net->placement == pl && strcmp(s->net->place_desc, "ABCDET") == 0,
          "refused edits leave the placement");
    CHECK(scenario_net_set_placement(s, "TABCDE", &err) == 0, "TABCDE");
    CHECK_STR(s->net->place_desc, "TABCDE", "place_desc follows");
    CHECK(link_diff(s, want) == NULL && same_solve(s, want),
          "the same as the script run with placement=TABCDE");
    check_round_trip(s, "bgq-512, placement TABCDE");
    CHECK(scenario_net_set_placement(s, "rdn", &err) == 0 &&
              strcmp(s->net->place_desc, "RDN") == 0,
          "rdn (any case) is RDN");
    CHECK(link_diff(s, want2) == NULL && same_solve(s, want2),
          "the same as the script run with placement=RDN (seeded)");
    check_round_trip(s, "bgq-512, placement RDN");
    scenario_free(s);

    /* deferred (the explorer's edits): checked at once, made later */
    s = lx_run_file("scenarios/bgq-512-umesh.lua", NULL, &err);
    pl = s->net->placement;
    CHECK(scenario_net_defer_placement(s, "XYZ", &err) == -1 &&
              strncmp(err.msg, "placement 'XYZ': expected linear", 32) == 0,
          "deferred: XYZ refused");
    CHECK(scenario_net_defer_placement(s, "RDC", &err) == -1,
          "deferred: RDC refused on a torus");
    CHECK_STR(err.msg, "placement RDC needs a dragonfly", "its message");
    CHECK(scenario_net_defer_placement(s, "ABCDQT", &err) == -1 &&
              strstr(err.msg, "ABCDQT") != NULL,
          "deferred: a bad torus order refused (%s)", err.msg);
    CHECK(!s->net->pending && s->net->placement == pl &&
              strcmp(s->net->place_desc, "ABCDET") == 0,
          "refused deferred edits leave everything");
    CHECK(scenario_net_defer_placement(s, "rdn", &err) == 0 &&
              s->net->pending && s->net->placement == pl &&
              strcmp(s->net->place_desc, "RDN") == 0,
          "deferred RDN: place_desc at once, the placement not made yet");
    {
        struct net_opts o;
        net_opts_init(&o);
        CHECK(scenario_net_solve(s, &o, &err) == NULL &&
                  strstr(err.msg, "not made yet") != NULL,
              "a solve before it is made is refused: %s", err.msg);
    }
    {
        struct scenario *c = scenario_clone(s);
        CHECK(scenario_net_ready(c, NULL, &err) == 0 && !c->net->pending &&
                  c->net->placement != pl && s->net->pending,
              "made on a copy; the original stays pending");
        CHECK(link_diff(c, want2) == NULL && same_solve(c, want2),
              "the same as the script run with placement=RDN (seeded)");
        CHECK(scenario_net_defer_placement(c, "TABCDE", &err) == 0 &&
                  scenario_net_defer_seed(c, 1, &err) == 0 &&
                  scenario_net_ready(c, NULL, &err) == 0 &&
                  link_diff(c, want) == NULL && same_solve(c, want),
              "two deferred edits made at once: the script's TABCDE");
        scenario_free(c);
    }
    {
        /* a run's job cancelled while it makes them: stopped, pending */
        atomic_int up;
        atomic_init(&up, 1);
        rho_err_clear(&err);
        CHECK(scenario_net_ready(s, &up, &err) == -1 &&
                  err.code == RHO_ECANCEL && s->net->pending &&
                  s->net->placement == pl,
              "made with the stop flag up: RHO_ECANCEL, still pending, the "
              "old placement kept (%s)",
              err.msg);
    }
    CHECK(scenario_net_ready(s, NULL, &err) == 0 && !s->net->pending &&
              scenario_net_ready(s, NULL, &err) == 0,
          "made; made again is nothing");
    scenario_free(want);
    scenario_free(want2);
    scenario_free(s);

    /* explicit flows follow the new placement's ranks */
    s = lx_run_file("scenarios/tca-ring.lua", NULL, &err);
    CHECK(scenario_net_set_placement(s, "random", &err) == 0 &&
              strcmp(s->net->place_desc, "random") == 0,
          "tca-ring: random placement");
    check_round_trip(s, "tca-ring, random placement");
    scenario_free(s);

    s = lx_run_file("scenarios/table1-both-models.lua", NULL, &err);
    CHECK(scenario_net_set_placement(s, "RDN", &err) == -1,
          "a PCIe tree's ranks are its nodes: refused");
    CHECK_STR(err.msg,
              "placement: the ranks of a PCIe tree seen as a network are "
              "its node ids",
              "its message");
    scenario_free(s);
}

static void
test_edit_seed(void)
{
    struct rho_err err;
    struct scenario *s =
        lx_run_file("scenarios/dragonfly-small.lua", NULL, &err);
    struct scenario *want =
        load_replaced("scenarios/dragonfly-small.lua", "seed = 3", "seed = 4");
    struct scenario *w7 = load_replaced("scenarios/dragonfly-workload.lua",
                                        "seed = 7", "seed = 70");
    struct net_result *before = solve(s), *after;

    CHECK(want != NULL && w7 != NULL, "reference scripts load");
    CHECK(scenario_net_set_seed(s, 4, &err) == 0 && s->seed == 4, "seed 4");
    after = solve(s);
    CHECK(!same_result(before, after), "another seed, other results");
    CHECK(link_diff(s, want) == NULL && same_solve(s, want),
          "the same as the script with seed = 4");
    check_round_trip(s, "dragonfly-small, seed 4");
    net_result_free(before);
    net_result_free(after);
    scenario_free(s);

    s = lx_run_file("scenarios/dragonfly-workload.lua", NULL, &err);
    CHECK(scenario_net_set_seed(s, 70, &err) == 0, "workload: seed 70");
    CHECK(link_diff(s, w7) == NULL && same_solve(s, w7),
          "five jobs reseeded as the script does (seed + job)");
    check_round_trip(s, "dragonfly-workload, seed 70");
    scenario_free(s);
    s = lx_run_file("scenarios/dragonfly-workload.lua", NULL, &err);
    CHECK(scenario_net_defer_seed(s, 70, &err) == 0 && s->seed == 70 &&
              s->net->pending && scenario_net_ready(s, NULL, &err) == 0,
          "workload: seed 70, deferred, then made");
    CHECK(link_diff(s, w7) == NULL && same_solve(s, w7),
          "deferred: the same as the script with seed = 70");
    scenario_free(s);

    /* a spec's own seed is kept */
    s = load_text(specials[0], &err);
    CHECK(scenario_net_set_seed(s, 12, &err) == 0 &&
              s->net->job[1].spec.seed == 9,
          "a pattern's own seed stays");
    check_round_trip(s, "special 1, seed 12");
    scenario_free(want);
    scenario_free(w7);
    scenario_free(s);
}

static void
test_edit_paths(void)
{
    struct rho_err err;
    struct scenario *s =
        lx_run_file("scenarios/mesh-4x4-paths.lua", NULL, &err);
    struct scenario *want =
        load_replaced("scenarios/mesh-4x4-paths.lua", "paths = \"all\",",
                      "paths = \"minimal\",");
    struct net_result *all = solve(s), *min;

    CHECK(scenario_net_set_paths(s, 7, &err) == -1, "paths 7 refused");
    CHECK_STR(err.msg, "paths must be \"minimal\" or \"all\"", "its message");
    CHECK(scenario_net_set_paths(s, ROUTE_MIN, &err) == 0, "paths minimal");
    min = solve(s);
    CHECK(!same_result(all, min), "one path per message now");
    CHECK(link_diff(s, want) == NULL && same_solve(s, want),
          "the same as the script with paths = \"minimal\"");
    check_round_trip(s, "mesh-4x4, minimal paths");
    net_result_free(all);
    net_result_free(min);
    scenario_free(want);
    scenario_free(s);
}

static void
test_edit_errors(void)
{
    struct rho_err err;
    struct scenario *s = lx_run_file("scenarios/table1.lua", NULL, &err);
    struct scenario *c;

    CHECK(scenario_net_set_routing(s, NET_SD, &err) == -1 &&
              scenario_net_set_seed(s, 1, &err) == -1 &&
              scenario_net_set_paths(s, ROUTE_ALL, &err) == -1 &&
              scenario_net_set_placement(s, "RDN", &err) == -1,
          "a PCIe scenario without routing has no link edits");
    CHECK_STR(err.msg, "the scenario has no link model", "message");
    CHECK(s->seed == 0, "seed unchanged");
    scenario_free(s);

    /* the tree's link part: routing, seed and paths, and a sync */
    s = lx_run_file("scenarios/table1-both-models.lua", NULL, &err);
    CHECK(scenario_net_set_routing(s, NET_AD, &err) == 0 &&
              scenario_net_set_paths(s, ROUTE_ALL, &err) == 0 &&
              scenario_net_set_seed(s, 5, &err) == 0,
          "a tree's link part: routing, paths and seed");
    check_round_trip(s, "table1-both-models, AD, all paths, seed 5");
    c = scenario_clone(s);
    c->flow[0].bytes = 1;
    CHECK(scenario_net_sync_tree(c, &err) == 0 &&
              c->net->job[0].spec.flows->bytes[0] == 1 &&
              c->net->routing == NET_AD && c->net->minimal == ROUTE_ALL,
          "sync: the link part follows the flows, keeps routing and paths");
    c->bandwidth = 1e9;
    CHECK(scenario_net_sync_tree(c, &err) == 0 &&
              net_link_bw(c->net->net, 0) == 1e9,
          "sync: and the bandwidth");
    check_round_trip(c, "table1-both-models after a sync");
    scenario_free(c);
    scenario_free(s);
}

/* ---- the makers alone ---- */

static void
test_makers(void)
{
    struct rho_err err;
    struct net_pattern_spec p;
    struct net_place_spec pl;
    struct net_topo_spec ns;
    struct net *net;
    struct pattern *pat;
    struct placement *place;
    struct strbuf sb;
    char buf[256];

    strbuf_init(&sb);
    CHECK(net_topo_preset("torus-5x5", &ns, &err) == 0, "a preset spec");
    CHECK_STR(net_topo_describe(&ns, buf, sizeof buf),
              "torus-5x5: 5x5 torus, one rank per router", "described");
    net_topo_to_lua(&ns, &sb);
    CHECK_STR(strbuf_str(&sb), "rho.network \"torus-5x5\"", "as Lua");
    CHECK(net_topo_preset("nope", &ns, &err) == -1 &&
              strstr(err.msg, "unknown network preset 'nope'") != NULL,
          "an unknown preset");
    net_topo_preset("torus-5x5", &ns, &err);
    net = net_topo_make(&ns, &err);
    CHECK(net != NULL && net_routers(net) == 25, "made: 25 routers");

    net_pattern_spec_init(&p, NET_PAT_PERMUTATION);
    p.size = 1024;
    p.how = PERM_TRANSPOSE;
    p.rows = 4;
    pat = net_pattern_make(&p, NULL, 25, 0, &err);
    CHECK(pat == NULL, "a transpose of 4 rows on 25 ranks refused");
    CHECK(strncmp(err.msg, "rho.pattern.permutation: ", 25) == 0,
          "named as a script writes it (%s)", err.msg);
    net_pattern_spec_fini(&p);
    net_pattern_spec_init(&p, NET_PAT_STENCIL);
    p.size = 1024;
    p.ndims = 2;
    p.dims[0] = p.dims[1] = 5;
    pat = net_pattern_make(&p, NULL, 25, 0, &err);
    CHECK(pat != NULL && pattern_ranks(pat) == 25, "a 5x5 stencil");
    pattern_free(pat);
    strbuf_reset(&sb);
    net_pattern_to_lua(&p, &sb);
    CHECK_STR(strbuf_str(&sb),
              "rho.pattern.stencil { size = \"1 KiB\", dims = { 5, 5 } }",
              "the stencil as Lua");
    net_pattern_spec_fini(&p);

    net_pattern_spec_init(&p, NET_PAT_FLOWS);
    p.flows = net_flows_new(1, (const int[]){0}, (const int[]){30},
                            (const double[]){8}, NULL);
    CHECK(net_pattern_make(&p, NULL, 25, 0, &err) == NULL, "a flow to rank 30");
    CHECK_STR(err.msg, "flows: message 0: rank 0 -> 30 outside 0..24",
              "named flows");
    net_pattern_spec_fini(&p);

    CHECK(net_place_parse("TAB", net, &pl, &err) == 0 &&
              pl.kind == NET_PLACE_ORDER,
          "TAB is a torus order");
    place = net_place_make(&pl, net, 25, 0, &err);
    CHECK(place != NULL && placement_endpoint(place, 1) == 5,
          "TAB: rank 1 one step along B (fastest)");
    placement_free(place);
    CHECK_STR(net_place_describe(&pl, buf, sizeof buf), "TAB", "described");
    net_place_spec_fini(&pl);
    memset(&pl, 0, sizeof pl);
    pl.kind = NET_PLACE_BLOCKED;
    pl.nd = 2;
    pl.dims[0] = pl.dims[1] = 4;
    pl.tile[0] = pl.tile[1] = 1;
    CHECK(net_place_make(&pl, net, 25, 0, &err) == NULL,
          "16 blocked ranks for 25");
    CHECK_STR(err.msg,
              "rho.place.blocked places 16 ranks, the traffic needs 25",
              "its message");
    net_free(net);
    strbuf_fini(&sb);
}

/* Two-tier collectives take the supernode geometry from a dragonfly. */
static void
test_twotier_geometry(void)
{
    struct net_spec ns;
    struct net *sn, *df, *torus;
    struct pattern_twotier tt;
    struct net_pattern_spec p;
    struct pattern *pat;
    struct rho_err err;

    net_preset("supernode-ch8", &ns, NULL);
    sn = net_new(&ns, NULL);
    net_preset("df-small", &ns, NULL);
    df = net_new(&ns, NULL);
    net_preset("torus-5x5", &ns, NULL);
    torus = net_new(&ns, NULL);
    memset(&tt, 0, sizeof tt);
    CHECK(net_twotier_geometry(sn, &tt, &err) == 0 && tt.sn == 64 &&
              tt.nps == 16 && tt.cpn == 16,
          "supernode-ch8: 64 supernodes x 16 nodes x 16 cores");
    memset(&tt, 0, sizeof tt);
    CHECK(net_twotier_geometry(df, &tt, &err) == 0 && tt.sn == 9 &&
              tt.nps == 8 && tt.cpn == 4,
          "df-small: 9 groups x 2x4 routers x (2 nodes x 2 cores)");
    tt.sn = 5;
    tt.nps = 0;
    tt.cpn = 0;
    CHECK(net_twotier_geometry(df, &tt, &err) == 0 && tt.sn == 5 && tt.nps == 8,
          "a given field is kept");
    memset(&tt, 0, sizeof tt);
    tt.nps = 5;
    CHECK(net_twotier_geometry(torus, &tt, &err) == -1, "not on a torus");
    CHECK_STR(err.msg,
              "give supernodes = and cores = (only a dragonfly gives them)",
              "the message names what is missing");
    tt.sn = tt.cpn = 1;
    CHECK(net_twotier_geometry(NULL, &tt, &err) == 0, "complete: no net");

    net_pattern_spec_init(&p, NET_PAT_COLLECTIVE);
    p.algorithm = COLL_REDUCE_TWOTIER;
    p.size = 1 << 20;
    pat = net_pattern_make(&p, sn, 16384, 0, &err);
    CHECK(pat != NULL && pattern_steps(pat) == 5, "reduce-twotier on it");
    pattern_free(pat);
    pat = net_pattern_make(&p, sn, 8192, 0, &err);
    CHECK_STR(err.msg,
              "rho.pattern.collective: reduce-twotier: 64 supernodes x 16 "
              "nodes x 16 cores = 16384 ranks, the job has 8192",
              "a job on half the machine");
    pat = net_pattern_make(&p, torus, 25, 0, &err);
    CHECK(pat == NULL, "no geometry on a torus");
    CHECK_STR(err.msg,
              "rho.pattern.collective: reduce-twotier needs the supernode "
              "geometry: give supernodes =, nodes = and cores = (only a "
              "dragonfly gives them)",
              "the scenario's error");
    p.tt.sn = 5;
    p.tt.nps = 5;
    p.tt.cpn = 1;
    pat = net_pattern_make(&p, torus, 25, 0, &err);
    CHECK(pat != NULL, "on a torus with the geometry given");
    pattern_free(pat);
    net_pattern_spec_fini(&p);
    net_free(sn);
    net_free(df);
    net_free(torus);
}

/* The Lua side still raises the makers' errors at the description. */
static void
test_lua_lines(void)
{
    struct rho_err err;
    struct scenario *s = load_text(
        "return rho.scenario {\n"
        "  topology = rho.torus { dims = { 5, 5 } },\n"
        "  traffic =\n"
        "    rho.pattern.permutation { how = \"transpose\", rows = 4, size "
        "= 1 },\n"
        "}\n",
        &err);

    CHECK(s == NULL &&
              strncmp(err.msg, "saved.lua:4: rho.pattern.permutation: ", 38) ==
                  0,
          "a pattern's error at its line (%s)", err.msg);
    s = load_text("return rho.scenario {\n"
                  "  topology = rho.torus { dims = { 5, 5 } },\n"
                  "  placement =\n"
                  "    rho.place.blocked { dims = { 4, 4 }, block = { 1, 1 } "
                  "},\n"
                  "  traffic = rho.pattern.alltoall { size = 1 },\n"
                  "}\n",
                  &err);
    CHECK_STR(err.msg,
              "saved.lua:4: rho.place.blocked places 16 ranks, the traffic "
              "needs 25",
              "a placement error at its line");
    CHECK(s == NULL, "refused");
}

int
main(void)
{
    test_torus_text();
    test_scenarios();
    test_specials();
    test_spec_values();
    test_edit_routing();
    test_edit_placement();
    test_edit_seed();
    test_edit_paths();
    test_edit_errors();
    test_makers();
    test_twotier_geometry();
    test_lua_lines();
    TEST_DONE();
}
