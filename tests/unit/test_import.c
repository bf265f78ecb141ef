/*
 * The hwloc importer on the machines of tests/lua/hwloc: two real ones
 * from hwloc's test suite (XML v3) and hand-made ones for many sockets,
 * deep switch chains, dozens of devices, NVSwitches, unknown speeds, the
 * v1 format and broken files. Each imported scenario is loaded back and
 * its tree and numbers checked.
 */
#include "harness.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/base/strbuf.h"
#include "core/pcie/pcie.h"
#include "core/pcie/pcie_sim.h"
#include "core/scenario.h"
#include "import/hwloc_import.h"
#include "script/lx.h"

#define DIR "tests/lua/hwloc/"

static char tmp[64]; /* a directory of edited copies, removed at the end */

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
        {"none.xml", "cannot open: No such file or directory"},
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

/*
 * Write to the path dst the file src with its first from[i] replaced by
 * to[i] for each i < n. Returns dst, or NULL (and says why).
 */
static const char *
edit(const char *src, const char *dst, int n, const char *const *from,
     const char *const *to)
{
    FILE *f = fopen(src, "rb");
    char *buf = calloc(1, 1 << 20);
    size_t len = f ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    const char *ret = f && len > 0 ? dst : NULL;

    if (f)
        fclose(f);
    for (int i = 0; i < n && ret; i++) {
        char *at = strstr(buf, from[i]);
        size_t lf = strlen(from[i]), lt = strlen(to[i]);
        if (at == NULL || len - lf + lt >= 1 << 20) {
            printf("# %s: no '%s' to replace\n", src, from[i]);
            ret = NULL;
            break;
        }
        memmove(at + lt, at + lf, len - (size_t)(at - buf) - lf + 1);
        memcpy(at, to[i], lt);
        len = len - lf + lt;
    }
    if (ret != NULL) {
        int bad = (f = fopen(dst, "wb")) == NULL;
        if (!bad) {
            bad = fwrite(buf, 1, len, f) != len;
            bad |= fclose(f) != 0;
        }
        if (bad)
            ret = NULL;
    }
    if (ret == NULL)
        printf("# cannot make %s from %s\n", dst, src);
    free(buf);
    return ret;
}

/* Two devices whose names share their first 63 bytes (70 'n's, or 40
   two-byte 'é's, then A or B): the import ends, and the names are
   unique, fit in 63 bytes and are cut between characters. */
static void
test_long_names(void)
{
    static const char *const from[] = {"name=\"eth0\"", "name=\"eth1\""};

    for (int v = 0; v < 2; v++) {
        char base[128] = "", to[2][160], path[128], want[2][64];
        const char *tp[2] = {to[0], to[1]};
        struct import_info in;
        struct strbuf text;
        struct scenario *s;
        for (int i = 0; i < (v ? 40 : 70); i++)
            strcat(base, v ? "\xc3\xa9" : "n"); /* é: U+00E9 */
        for (int i = 0; i < 2; i++)
            snprintf(to[i], sizeof to[i], "name=\"%s%c\"", base, 'A' + i);
        /* base cut to 63 bytes (62 for 'é'), then to leave room for the
           bus id of the second */
        snprintf(want[0], sizeof want[0], "%.*s", v ? 62 : 63, base);
        snprintf(want[1], sizeof want[1], "%.50s-0000:04:00.1", base);
        snprintf(path, sizeof path, "%s/longname.xml", tmp);
        alarm(20); /* unique() used to loop for ever */
        s = edit(DIR "24em64t-2n6c2t-pci.xml", path, 2, from, tp)
                ? load(path, &in, &text)
                : NULL;
        alarm(0);
        CHECK(s != NULL && pcie_find(s->pcie, want[0]) >= 0 &&
                  pcie_find(s->pcie, want[1]) >= 0 &&
                  strcmp(pcie_node(s->pcie, pcie_find(s->pcie, want[1]))->bus,
                         "0000:04:00.1") == 0,
              "two NICs whose names share 63 bytes (%s): '%s', '%s'",
              v ? "'é'" : "'n'", want[0], want[1]);
        scenario_free(s);
        strbuf_fini(&text);
    }
}

/* A link speed rho cannot take is unknown; others are written exactly. */
static void
test_speeds(void)
{
    static const char *const from[] = {"pci_link_speed=\"0.200000\""};
    static const struct {
        const char *xml;
        double bw; /* eth0's link, B/s; 0: unknown */
    } cases[] = {
        {"1e40", 0}, /* inf as a float */
        {"inf", 0},
        {"nan", 0},  /* not a number */
        {"1e35", 0}, /* past 1e6 GB/s */
        {"1000001", 0},
        {"-3", 0},                   /* past the bound, below zero */
        {"0.0000001", 0},            /* under 1e-6 GB/s */
        {"1e6", 1e15},               /* the bound itself */
        {"123456.79", 123456.79e9},  /* "%.6f" added digits */
        {"0.0000015", 1.5e-6 * 1e9}, /* "%.6f" rounded to 0.000002 */
        {"15.753846", 15.753846e9},
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char to[64], path[128];
        const char *tp[1] = {to};
        struct import_info in;
        struct strbuf text;
        struct scenario *s;
        snprintf(to, sizeof to, "pci_link_speed=\"%s\"", cases[i].xml);
        snprintf(path, sizeof path, "%s/speed.xml", tmp);
        s = edit(DIR "24em64t-2n6c2t-pci.xml", path, 1, from, tp)
                ? load(path, &in, &text)
                : NULL;
        CHECK(s != NULL && link_of(s, "eth0") == cases[i].bw &&
                  in.nunknown == (cases[i].bw == 0) &&
                  strstr(strbuf_str(&text), cases[i].bw == 0
                                                ? "(1 such link)"
                                                : "(0 such links)") != NULL,
              "pci_link_speed=\"%s\": eth0's link %s (%.17g B/s)", cases[i].xml,
              cases[i].bw == 0 ? "unknown" : "as given",
              s ? link_of(s, "eth0") : -1);
        scenario_free(s);
        strbuf_fini(&text);
    }
}

/* A control character in the path or a name: '?' in the comment, the
   title and the name, never code nor a name rho refuses. */
static void
test_control_chars(void)
{
    static const char *const from[] = {"name=\"eth0\""};
    static const char *const to[] = {"name=\"a&#10;b&#9;c\""};
    char path[128], title[128], want[192];
    struct import_info in;
    struct strbuf text;
    struct scenario *s;

    snprintf(path, sizeof path, "%s/nl\nerror('injected') --.xml", tmp);
    snprintf(title, sizeof title, "%s/nl?error('injected') --.xml", tmp);
    snprintf(want, sizeof want, "-- A rho scenario of %s, imported from",
             title);
    s = edit(DIR "power8gpudistances.xml", path, 0, NULL, NULL)
            ? load(path, &in, &text)
            : NULL;
    CHECK(s != NULL && strncmp(strbuf_str(&text), want, strlen(want)) == 0,
          "a newline in the path: '?' in the comment, which stays one line");
    if (s != NULL)
        CHECK(strcmp(s->title, title) == 0, "and in the title: '%s'", s->title);
    scenario_free(s);
    strbuf_fini(&text);
    remove(path);

    snprintf(path, sizeof path, "%s/ctrl-name.xml", tmp);
    s = edit(DIR "24em64t-2n6c2t-pci.xml", path, 1, from, to)
            ? load(path, &in, &text)
            : NULL;
    CHECK(s != NULL && pcie_find(s->pcie, "a?b?c") >= 0,
          "a newline and a tab in a device's name: 'a?b?c'");
    scenario_free(s);
    strbuf_fini(&text);
}

/* Errors: what is not a regular file, a version that is not a number,
   hwloc refusing a file without a reason. */
static void
test_bad_more(void)
{
    static const char *const ver_from[] = {"<topology version=\"3.0\">"};
    static const char *const ver_to[] = {"<topology version=\"abc\">"};
    static const char one_pu[] =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<!DOCTYPE topology SYSTEM \"hwloc2.dtd\">\n"
        "<topology version=\"2.0\">\n"
        "  <object type=\"Machine\" os_index=\"0\" cpuset=\"0x1\" "
        "complete_cpuset=\"0x1\" allowed_cpuset=\"0x1\" nodeset=\"0x1\" "
        "complete_nodeset=\"0x1\" allowed_nodeset=\"0x1\" gp_index=\"1\">\n"
        "    <object type=\"PU\" os_index=\"0\" cpuset=\"0x1\" "
        "complete_cpuset=\"0x1\" nodeset=\"0x1\" complete_nodeset=\"0x1\" "
        "gp_index=\"2\"/>\n"
        "  </object>\n"
        "</topology>\n";
    char fifo[128], ver[128], pu[128];
    const char *path[4] = {ver, pu, tmp, fifo}; /* the FIFO last */
    static const char *const what[4] = {
        "version=\"abc\"", "one PU, no NUMA node", "a directory", "a FIFO"};
    const char *want[4] = {
        "the version attribute of <topology>, \"abc\", is not a number",
        "hwloc cannot read it: malformed XML, or objects it does not accept",
        "not a regular file", "not a regular file"};
    FILE *f;

    snprintf(fifo, sizeof fifo, "%s/fifo.xml", tmp);
    snprintf(ver, sizeof ver, "%s/version.xml", tmp);
    snprintf(pu, sizeof pu, "%s/one-pu.xml", tmp);
    if (mkfifo(fifo, 0600) != 0)
        printf("# mkfifo %s failed\n", fifo);
    edit(DIR "24em64t-2n6c2t-pci.xml", ver, 1, ver_from, ver_to);
    if ((f = fopen(pu, "wb")) != NULL) {
        fputs(one_pu, f);
        fclose(f);
    }
    for (int i = 0; i < 4; i++) {
        struct strbuf out;
        struct rho_err err;
        int rc;
        strbuf_init(&out);
        alarm(20); /* a FIFO used to block in fopen() for ever */
        rc = import_hwloc(path[i], NULL, NULL, &out, &err);
        alarm(0);
        CHECK(rc == -1 && strncmp(err.msg, path[i], strlen(path[i])) == 0 &&
                  strstr(err.msg, want[i]) != NULL &&
                  strstr(err.msg, "Success") == NULL,
              "%s: '%s'", what[i], rc ? err.msg : "accepted");
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
    snprintf(tmp, sizeof tmp, "/tmp/rho-import-XXXXXX");
    if (mkdtemp(tmp) == NULL)
        return 1;
    test_real();
    test_handmade();
    test_bad();
    test_long_names();
    test_speeds();
    test_control_chars();
    test_bad_more();
    test_truncations();
    test_this_machine();
    {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
        if (system(cmd) != 0)
            printf("# could not remove %s\n", tmp);
    }
    TEST_DONE();
}
