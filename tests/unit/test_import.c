/*
 * The hwloc importer on the machines of tests/lua/hwloc: two real ones
 * from hwloc's test suite (XML v3) and hand-made ones for many sockets,
 * deep switch chains, dozens of devices, NVSwitches, unknown speeds, the
 * v1 format and broken files. Each imported scenario is loaded back and
 * its tree and numbers checked.
 */
#include "harness.h"

#include <stdlib.h>

#include "core/base/strbuf.h"
#include "core/pcie/pcie.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "import/hwloc_import.h"
#include "script/lx.h"

#define DIR "tests/lua/hwloc/"

/* Import path, print the scenario, load it back. NULL on failure. */
static struct scenario *
load(const char *path, struct import_info *info, struct strbuf *text)
{
    struct strbuf topo;
    struct rho_err err;
    struct scenario *s = NULL;

    strbuf_init(&topo);
    strbuf_init(text);
    if (import_hwloc(path, NULL, info, &topo, &err) != 0) {
        printf("# %s\n", err.msg);
    } else {
        import_scenario(info, strbuf_str(&topo), 1.0, text);
        s = lx_run_string("imported.lua", strbuf_str(text), NULL, &err);
        if (s == NULL)
            printf("# %s\n%s\n", err.msg, strbuf_str(text));
    }
    strbuf_fini(&topo);
    return s;
}

static int
count_type(const struct scenario *s, const char *type)
{
    int n = 0;

    for (int k = 0; k < pcie_nendpoints(s->pcie); k++)
        n += strcmp(pcie_node(s->pcie, pcie_endpoint(s->pcie, k))->type,
                    type) == 0;
    return n;
}

static double
link_of(const struct scenario *s, const char *name)
{
    int id = pcie_find(s->pcie, name);

    return id < 0 ? -1 : pcie_node(s->pcie, id)->bw;
}

/* The rate of a lone flow a -> b in s, B/s. */
static double
lone(struct scenario *s, const char *a, const char *b)
{
    struct pcie_flowspec f = {
        pcie_find(s->pcie, a), pcie_find(s->pcie, b), 1e9, 0, 0, 0};
    struct pcie_sim *sim =
        pcie_sim_new(s->pcie, 1, &f, s->bandwidth, s->tau, NULL);
    struct pcie_sim_result res;
    double r;

    if (sim == NULL)
        return -1;
    pcie_sim_result_init(&res);
    pcie_sim_run(sim, NULL, &res, NULL);
    r = res.rate[0];
    pcie_sim_result_fini(&res);
    pcie_sim_free(sim);
    return r;
}

static void
test_real(void)
{
    struct import_info in;
    struct strbuf text;
    struct scenario *s = load(DIR "power8gpudistances.xml", &in, &text);

    CHECK(s != NULL, "power8 (XML v3) imports and loads back");
    if (s != NULL) {
        CHECK(in.nsockets == 2 && pcie_node(s->pcie, 0)->kind == PCIE_SYSTEM,
              "two packages: a machine of two root complexes");
        CHECK(count_type(s, "gpu") == 4 && count_type(s, "host") == 2,
              "4 GPUs, 2 NUMA nodes as host memory");
        CHECK(pcie_find(s->pcie, "cuda0") >= 0 &&
                  pcie_find(s->pcie, "nvml0") < 0,
              "GPUs named cudaN before nvmlN");
        CHECK(link_of(s, "cuda0") == 15.753846e9 &&
                  link_of(s, "0002:00:00.0") == 7.876923e9,
              "links at hwloc's speeds (efficiency 1)");
        CHECK(pcie_ndirect(s->pcie) == 6, "6 NVLinks from the distances");
        CHECK(lone(s, "cuda0", "cuda1") == 40e9,
              "cuda0 -> cuda1 over NVLink: 40 GB/s");
        CHECK(lone(s, "cuda0", "numa0") == 40e9,
              "cuda0 -> its socket's memory over its NVLink to the CPU");
        CHECK(strstr(strbuf_str(&text), "two GPUs across sockets") != NULL,
              "an example flow across sockets");
        CHECK(strcmp(in.fabric_name, "X-Bus") == 0, "POWER: X-Bus");
    }
    scenario_free(s);
    strbuf_fini(&text);

    s = load(DIR "24em64t-2n6c2t-pci.xml", &in, &text);
    CHECK(s != NULL, "24em64t (XML v3) imports and loads back");
    if (s != NULL) {
        CHECK(count_type(s, "gpu") == 3 && count_type(s, "nic") == 3 &&
                  count_type(s, "display") == 1 &&
                  count_type(s, "storage") == 2,
              "3 GPUs, 3 NICs, a VGA display, 2 SATA controllers");
        CHECK(pcie_find(s->pcie, "mlx4_0") >= 0 &&
                  pcie_find(s->pcie, "eth0") >= 0 &&
                  pcie_find(s->pcie, "sda") >= 0 &&
                  pcie_find(s->pcie, "0000:06:00.0") >= 0,
              "OS names (OpenFabrics first), else the bus id");
        CHECK(link_of(s, "eth0") == 0.2e9 &&
                  link_of(s, "0000:00:01.0") == 0.4e9,
              "0.2 and 0.4 GB/s links");
        CHECK(pcie_node(s->pcie, pcie_find(s->pcie, "0000:00:01.0"))->parent ==
                  pcie_find(s->pcie, "CPU0"),
              "a root port is a child of its root complex (host bridge "
              "folded in)");
    }
    scenario_free(s);
    strbuf_fini(&text);
}

static void
test_handmade(void)
{
    struct import_info in;
    struct strbuf text;
    struct scenario *s;

    s = load(DIR "pcie-switch.xml", &in, &text);
    CHECK(s != NULL && strcmp(in.pair_switch[0], "cuda0") == 0 &&
              strcmp(in.pair_switch[1], "cuda1") == 0,
          "two GPUs under one switch found");
    if (s != NULL) {
        CHECK(lone(s, "cuda0", "cuda1") == 15.753846e9,
              "efficiency 1: exactly 15.753846e9 B/s");
        CHECK(count_type(s, "nvme") == 1 && pcie_find(s->pcie, "nvme0n1") >= 0,
              "an NVMe drive named nvme0n1");
        CHECK(pcie_find(s->pcie, "mlx5_0") >= 0, "a NIC named mlx5_0");
    }
    scenario_free(s);
    strbuf_fini(&text);

    s = load(DIR "four-sockets.xml", &in, &text);
    CHECK(s != NULL && in.nsockets == 4 && pcie_node(s->pcie, 0)->nchild == 4,
          "four sockets: a machine of four root complexes");
    if (s != NULL)
        CHECK(link_of(s, "CPU3") == IMPORT_SOCKET_BW,
              "each socket's link: the stated default");
    scenario_free(s);
    strbuf_fini(&text);

    s = load(DIR "deep-chain.xml", &in, &text);
    CHECK(s != NULL &&
              pcie_node(s->pcie, pcie_find(s->pcie, "cuda1"))->depth == 13,
          "a chain of 12 switches: cuda1 at depth 13");
    if (s != NULL)
        CHECK(lone(s, "cuda1", "cuda0") == 15.753846e9,
              "a flow up the chain runs at the link speed");
    scenario_free(s);
    strbuf_fini(&text);

    s = load(DIR "dozens.xml", &in, &text);
    CHECK(s != NULL && count_type(s, "gpu") == 32 &&
              count_type(s, "nic") == 8 && count_type(s, "nvme") == 8,
          "dozens of devices: 32 GPUs, 8 NICs, 8 drives");
    scenario_free(s);
    strbuf_fini(&text);

    s = load(DIR "nvswitch.xml", &in, &text);
    CHECK(s != NULL && pcie_nxswitch(s->pcie) == 1 &&
              pcie_xswitch(s->pcie, 0)->nport == 8,
          "six NVSwitches: one fabric of 8 GPUs");
    if (s != NULL) {
        CHECK(pcie_xswitch(s->pcie, 0)->bw == 300e9,
              "each port: 6 x 50000 MB/s");
        CHECK(lone(s, "cuda0", "cuda7") == 300e9, "GPU to GPU: 300 GB/s");
        CHECK(count_type(s, "nvswitch") == 6,
              "the switches' PCI functions are devices of type nvswitch");
    }
    scenario_free(s);
    strbuf_fini(&text);

    s = load(DIR "unknown-speeds.xml", &in, &text);
    CHECK(s != NULL && in.nunknown == 5, "5 links of unknown speed");
    if (s != NULL) {
        CHECK(link_of(s, "cuda0") == 0 && link_of(s, "0000:00:02.0") > 0,
              "unknown: the scenario's bandwidth; known: hwloc's");
        CHECK(strstr(strbuf_str(&text), "-- link speed unknown") != NULL,
              "and a comment says so");
    }
    scenario_free(s);
    strbuf_fini(&text);

    s = load(DIR "v1-machine.xml", &in, &text);
    CHECK(s != NULL && in.nsockets == 2 && count_type(s, "gpu") == 2 &&
              pcie_find(s->pcie, "mlx4_0") >= 0,
          "XML v1: 2 sockets, 2 GPUs, a NIC");
    scenario_free(s);
    strbuf_fini(&text);
}

static void
test_bad(void)
{
    static const char *const bad[][2] = {
        {"bad-truncated.xml", "hwloc cannot read it: malformed XML"},
        {"bad-not-hwloc.xml", "not an hwloc XML file (no <topology> element)"},
        {"bad-newer.xml", "hwloc XML version 9 (rho reads versions 1 to 3)"},
        {"bad-objects.xml", "hwloc cannot read it"},
        {"none.xml", "cannot read: No such file or directory"},
        {"README.md", "not an hwloc XML file"},
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[128];
        struct strbuf out;
        struct rho_err err;
        int rc;
        snprintf(path, sizeof path, DIR "%s", bad[i][0]);
        strbuf_init(&out);
        rc = import_hwloc(path, NULL, NULL, &out, &err);
        CHECK(rc == -1 && strstr(err.msg, bad[i][1]) != NULL &&
                  strncmp(err.msg, path, strlen(path)) == 0,
              "%s: '%s'", bad[i][0], rc ? err.msg : "accepted");
        strbuf_fini(&out);
    }
}

/* Every prefix of a good file: an error or a machine, never a crash. */
static void
test_truncations(void)
{
    FILE *f = fopen(DIR "nvswitch.xml", "rb");
    char *buf = calloc(1, 1 << 16);
    size_t n = f ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    int errors = 0, ok = 0;

    if (f)
        fclose(f);
    for (size_t cut = 0; cut < n; cut += 97) {
        FILE *g = fopen("build/tests/cut.xml", "wb");
        struct strbuf out;
        struct rho_err err;
        if (g == NULL)
            break;
        fwrite(buf, 1, cut, g);
        fclose(g);
        strbuf_init(&out);
        if (import_hwloc("build/tests/cut.xml", NULL, NULL, &out, &err) != 0)
            errors++;
        else
            ok++;
        strbuf_fini(&out);
    }
    remove("build/tests/cut.xml");
    CHECK(errors > 50, "%d truncated files refused with a message (%d read)",
          errors, ok);
    free(buf);
}

static void
test_this_machine(void)
{
    struct strbuf out;
    struct import_info in;
    struct rho_err err;
    int rc;

    strbuf_init(&out);
    rc = import_hwloc(NULL, NULL, &in, &out, &err);
    CHECK(rc == 0 && strstr(in.source, "this machine") != NULL,
          "the machine rho runs on imports (%s)", rc ? err.msg : in.source);
    strbuf_fini(&out);
}

int
main(void)
{
    test_real();
    test_handmade();
    test_bad();
    test_truncations();
    test_this_machine();
    TEST_DONE();
}
