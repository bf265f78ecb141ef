/*
 * hwloc_import: a real machine as a rho topology. See hwloc_import.h.
 *
 * hwloc 2.x reads XML versions 1 and 2; version 3 (hwloc 3.0, the format
 * of the machines in hwloc's own test suite) differs in how OS devices
 * are typed (a bitmask instead of an enum), so its version is read as 2
 * and the OS device types are mapped here. The topology is walked once:
 * every normal object hands its I/O children and NUMA nodes to the root
 * complex of the package it belongs to, then each root complex writes
 * its subtree. Host bridges are part of their root complex (their root
 * ports become its children: peer-to-peer traffic between them crosses
 * the root complex, as in the paper).
 */
#include "import/hwloc_import.h"

#include <errno.h>
#include <hwloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/readfile.h"
#include "core/base/rho_alloc.h"
#include "core/base/units.h"

#define MAX_XML (64L << 20)

/* The link speeds (GB/s) written as such; outside (or NaN) a speed is
   unknown. No PCIe link is slower than 1 kB/s or faster than 1 PB/s: a
   figure past those is a broken file's (and "inf" or "0" to rho). */
#define MIN_SPEED 1e-6
#define MAX_SPEED 1e6

/* What an OS device is, whatever the XML version said. */
enum os_kind { OS_OTHER, OS_GPU, OS_NET, OS_OFED, OS_BLOCK };

/* An object handed to a root complex: I/O root or NUMA node. */
struct item {
    hwloc_obj_t obj;
    int rc;
};

/* A device written out, for pairs and distances. */
struct dev {
    hwloc_obj_t obj; /* the PCI device */
    char name[64];
    int rc;
    int gpu, host;
    hwloc_obj_t bridge[16]; /* its bridge ancestors (not host bridges) */
    int nbridge;
};

struct imp {
    hwloc_topology_t topo;
    int v3; /* the XML was version 3 */
    const struct import_opts *o;
    struct import_info *info;
    struct strbuf *out;
    int npkg;
    hwloc_obj_t *pkg;
    struct item *item;
    int nitem, capitem;
    struct dev *dev;
    int ndev, capdev;
    char (*used)[64];
    int nused, capused;
};

void
import_opts_init(struct import_opts *o)
{
    o->socket_bw = IMPORT_SOCKET_BW;
}

/* ---- reading the file ---- */

/* s (its first len bytes at most) as text for one line of a comment,
   a message or a name: at most n - 1 bytes, a control character as '?'.
   out may be s. Returns out. */
static char *
printable(const char *s, size_t len, char *out, size_t n)
{
    size_t i;

    for (i = 0; i < len && s[i] && i + 1 < n; i++) {
        unsigned char c = (unsigned char)s[i];
        out[i] = c < 32 || c == 127 ? '?' : (char)c;
    }
    out[i] = '\0';
    return out;
}

/*
 * The file into a NUL-ended buffer, its XML version checked (and 3 read
 * as 2). Returns the buffer (caller frees) or NULL with err.
 */
static char *
read_xml(const char *path, size_t *len, int *v3, struct rho_err *err)
{
    size_t n;
    char *buf = readfile(path, MAX_XML, "an hwloc XML file", &n, err), *t, *v,
         *gt;

    if (buf == NULL)
        return NULL;
    if (memchr(buf, '\0', n) != NULL ||
        (t = strstr(buf, "<topology")) == NULL ||
        (t[9] != '>' && t[9] != ' ' && t[9] != '\t' && t[9] != '\n' &&
         t[9] != '\r')) {
        rho_err_set(err, RHO_EINPUT,
                    "%s: not an hwloc XML file (no <topology> element)", path);
        free(buf);
        return NULL;
    }
    *v3 = 0;
    v = strstr(t, "version=\"");
    gt = strchr(t, '>');
    if (v != NULL && gt != NULL && v < gt) {
        char *end;
        long major = strtol(v + 9, &end, 10);
        if (end == v + 9 || (*end != '.' && *end != '"')) {
            char q[40];
            printable(v + 9, strcspn(v + 9, "\"\n"), q, sizeof q);
            rho_err_set(err, RHO_EINPUT,
                        "%s: the version attribute of <topology>, \"%s\", "
                        "is not a number (rho reads hwloc XML versions 1 to "
                        "3)",
                        path, q);
            free(buf);
            return NULL;
        }
        if (major < 1 || major > 3) {
            rho_err_set(err, RHO_EINPUT,
                        "%s: hwloc XML version %ld (rho reads versions 1 to "
                        "3)",
                        path, major);
            free(buf);
            return NULL;
        }
        if (major == 3) { /* hwloc 2.x reads it as 2; see os_kind() */
            end[-1] = '2';
            *v3 = 1;
        }
    }
    *len = n;
    return buf;
}

/* ---- classifying ---- */

static enum os_kind
os_kind(const struct imp *im, hwloc_obj_t o)
{
    unsigned t = (unsigned)o->attr->osdev.type;

    if (im->v3) /* hwloc 3.0: STORAGE 1, GPU 4, COPROC 8, NET 16, OFED 32 */
        return (t & 32)        ? OS_OFED
               : (t & 16)      ? OS_NET
               : (t & (4 | 8)) ? OS_GPU
               : (t & 1)       ? OS_BLOCK
                               : OS_OTHER;
    switch (t) {
    case HWLOC_OBJ_OSDEV_BLOCK:
        return OS_BLOCK;
    case HWLOC_OBJ_OSDEV_GPU:
    case HWLOC_OBJ_OSDEV_COPROC:
        return OS_GPU;
    case HWLOC_OBJ_OSDEV_NETWORK:
        return OS_NET;
    case HWLOC_OBJ_OSDEV_OPENFABRICS:
        return OS_OFED;
    default:
        return OS_OTHER;
    }
}

/* The OS device of o whose name starts with prefix (or of kind k when
   prefix is NULL), or NULL. */
static const char *
osdev_name(const struct imp *im, hwloc_obj_t o, const char *prefix, int k)
{
    for (hwloc_obj_t c = o->io_first_child; c; c = c->next_sibling) {
        if (c->type != HWLOC_OBJ_OS_DEVICE || c->name == NULL ||
            c->name[0] == '\0')
            continue;
        if (prefix ? strncmp(c->name, prefix, strlen(prefix)) == 0
                   : (int)os_kind(im, c) == k)
            return c->name;
    }
    return NULL;
}

static int
is_nvswitch(hwloc_obj_t o)
{
    return o->type == HWLOC_OBJ_PCI_DEVICE &&
           ((o->subtype && strcmp(o->subtype, "NVSwitch") == 0) ||
            (o->attr->pcidev.class_id == 0x0680 &&
             o->attr->pcidev.vendor_id == 0x10de));
}

/* rho's device type for PCI device o. */
static const char *
dev_type(const struct imp *im, hwloc_obj_t o)
{
    unsigned cls = o->attr->pcidev.class_id;
    int gpu_os = osdev_name(im, o, NULL, OS_GPU) != NULL;

    if (is_nvswitch(o))
        return "nvswitch";
    if (cls == 0x0302 || ((cls >> 8) == 0x03 && gpu_os) ||
        ((cls >> 8) == 0x12 && gpu_os))
        return "gpu";
    if ((cls >> 8) == 0x03)
        return "display";
    if ((cls >> 8) == 0x02 || cls == 0x0c06)
        return "nic";
    if (cls == 0x0108)
        return "nvme";
    if ((cls >> 8) == 0x01)
        return "storage";
    if ((cls >> 8) == 0x12 || cls == 0x0b40)
        return "accel";
    return "pci";
}

static void
bus_id(hwloc_obj_t o, char *buf, size_t n)
{
    const struct hwloc_pcidev_attr_s *a = o->type == HWLOC_OBJ_BRIDGE
                                              ? &o->attr->bridge.upstream.pci
                                              : &o->attr->pcidev;

    snprintf(buf, n, "%04x:%02x:%02x.%01x", a->domain, a->bus, a->dev, a->func);
}

/* base then suffix into out[n], base cut (at a UTF-8 character's
   start) so that all of suffix fits, a control character as '?' (rho
   refuses it in a name). */
static void
fit_name(char *out, size_t n, const char *base, const char *suffix)
{
    size_t ls = strlen(suffix), lb = strlen(base);

    if (ls > n - 1)
        ls = n - 1;
    if (lb > n - 1 - ls) {
        lb = n - 1 - ls;
        while (lb > 0 && ((unsigned char)base[lb] & 0xc0) == 0x80)
            lb--;
    }
    snprintf(out, n, "%.*s%.*s", (int)lb, base, (int)ls, suffix);
    printable(out, n, out, n);
}

/*
 * A unique name of at most 63 bytes: base, or base-busid, or base-2, -3,
 * ..., base cut to leave room for the suffix. The suffixes -2, -3, ...
 * are whole and all different, so one of the first nused + 2 is free.
 */
static void
unique(struct imp *im, const char *base, const char *bus, char *out, size_t n)
{
    char try[64];
    int k = 1;

    fit_name(try, sizeof try, base, "");
    for (;;) {
        int taken = 0;
        char sfx[40];
        for (int i = 0; i < im->nused && !taken; i++)
            taken = strcmp(im->used[i], try) == 0;
        if (!taken)
            break;
        if (k == 1 && bus && strcmp(base, bus) != 0)
            snprintf(sfx, sizeof sfx, "-%s", bus);
        else
            snprintf(sfx, sizeof sfx, "-%d", k + 1);
        fit_name(try, sizeof try, base, sfx);
        k++;
    }
    if (im->nused == im->capused) {
        im->capused = im->capused ? 2 * im->capused : 64;
        im->used =
            xreallocarray(im->used, (size_t)im->capused, sizeof *im->used);
    }
    snprintf(im->used[im->nused++], sizeof im->used[0], "%s", try);
    snprintf(out, n, "%s", try);
}

/* The name of PCI device o: its OS device's (for a GPU the first of
   cudaN, nvmlN; for a NIC its OpenFabrics name), else its bus id. */
static void
dev_name(struct imp *im, hwloc_obj_t o, const char *type, char *out, size_t n)
{
    static const char *const gpu_pref[] = {"cuda", "nvml", "rsmi", "ze",
                                           "opencl"};
    const char *name = NULL;
    char bus[32];

    bus_id(o, bus, sizeof bus);
    if (strcmp(type, "gpu") == 0)
        for (size_t i = 0; !name && i < sizeof gpu_pref / sizeof *gpu_pref; i++)
            name = osdev_name(im, o, gpu_pref[i], 0);
    if (!name && strcmp(type, "nic") == 0)
        name = osdev_name(im, o, NULL, OS_OFED);
    if (!name && strcmp(type, "nic") == 0)
        name = osdev_name(im, o, NULL, OS_NET);
    if (!name && (strcmp(type, "nvme") == 0 || strcmp(type, "storage") == 0))
        name = osdev_name(im, o, NULL, OS_BLOCK);
    for (hwloc_obj_t c = o->io_first_child; !name && c; c = c->next_sibling)
        if (c->type == HWLOC_OBJ_OS_DEVICE && c->name && c->name[0])
            name = c->name;
    unique(im, name ? name : bus, bus, out, n);
}

/* ---- walking ---- */

/* The root complex (package index) that object o belongs to. */
static int
rc_of(const struct imp *im, hwloc_obj_t o)
{
    for (hwloc_obj_t a = o; a; a = a->parent)
        if (a->type == HWLOC_OBJ_PACKAGE)
            for (int i = 0; i < im->npkg; i++)
                if (im->pkg[i] == a)
                    return i;
    /* above the packages: the first package inside it */
    for (int i = 0; i < im->npkg; i++)
        if (o->cpuset && im->pkg[i]->cpuset &&
            hwloc_bitmap_isincluded(im->pkg[i]->cpuset, o->cpuset))
            return i;
    return 0;
}

static void
add_item(struct imp *im, hwloc_obj_t o, int rc)
{
    if (im->nitem == im->capitem) {
        im->capitem = im->capitem ? 2 * im->capitem : 32;
        im->item =
            xreallocarray(im->item, (size_t)im->capitem, sizeof *im->item);
    }
    im->item[im->nitem].obj = o;
    im->item[im->nitem++].rc = rc;
}

/* Every normal object: its NUMA nodes and I/O roots to its RC. */
static void
gather(struct imp *im, hwloc_obj_t o)
{
    if (o->type == HWLOC_OBJ_PU)
        return;
    for (hwloc_obj_t c = o->memory_first_child; c; c = c->next_sibling)
        if (c->type == HWLOC_OBJ_NUMANODE)
            add_item(im, c, rc_of(im, o));
        else
            gather(im, c); /* memory-side caches hold NUMA nodes */
    for (hwloc_obj_t c = o->io_first_child; c; c = c->next_sibling)
        add_item(im, c, rc_of(im, o));
    for (hwloc_obj_t c = o->first_child; c; c = c->next_sibling)
        gather(im, c);
}

/* "15.753846 GB/s" for a link speed in GB/s: the fewest digits that
   read back as hwloc's float (so "%.9g" at most). */
static void
speed_text(float gbps, char *buf, size_t n)
{
    char num[32];

    for (int prec = 1; prec <= 9; prec++) {
        snprintf(num, sizeof num, "%.*g", prec, (double)gbps);
        if (strtof(num, NULL) == gbps)
            break;
    }
    snprintf(buf, n, "%s GB/s", num);
}

static float
link_speed(hwloc_obj_t o)
{
    if (o->type == HWLOC_OBJ_BRIDGE)
        return o->attr->bridge.upstream_type == HWLOC_OBJ_BRIDGE_PCI
                   ? o->attr->bridge.upstream.pci.linkspeed
                   : 0;
    return o->attr->pcidev.linkspeed;
}

/* ", { link = ..., bus = ... })" and the unknown-speed comment. */
static void
link_opts(struct imp *im, hwloc_obj_t o, const char *bus, int *unknown)
{
    float s = link_speed(o);
    char sp[48];

    /* 0 (hwloc's unknown), NaN, infinite or absurd: unknown */
    *unknown = !(s >= MIN_SPEED && s <= MAX_SPEED);
    if (*unknown) {
        im->info->nunknown++;
        strbuf_printf(im->out, ", { bus = \"%s\" })", bus);
        return;
    }
    speed_text(s, sp, sizeof sp);
    strbuf_printf(im->out, ", { link = \"%s\", bus = \"%s\" })", sp, bus);
}

static void emit_io(struct imp *im, hwloc_obj_t o, int rc, int indent,
                    hwloc_obj_t *anc, int nanc);

static void
emit_children(struct imp *im, hwloc_obj_t o, int rc, int indent,
              hwloc_obj_t *anc, int nanc)
{
    for (hwloc_obj_t c = o->io_first_child; c; c = c->next_sibling)
        emit_io(im, c, rc, indent, anc, nanc);
}

static void
emit_io(struct imp *im, hwloc_obj_t o, int rc, int indent, hwloc_obj_t *anc,
        int nanc)
{
    char bus[32], name[64];
    int unknown;

    if (o->type == HWLOC_OBJ_BRIDGE &&
        o->attr->bridge.upstream_type != HWLOC_OBJ_BRIDGE_PCI) {
        emit_children(im, o, rc, indent, anc, nanc); /* a host bridge */
        return;
    }
    if (o->type == HWLOC_OBJ_BRIDGE) {
        bus_id(o, bus, sizeof bus);
        unique(im, bus, NULL, name, sizeof name);
        im->info->nswitches++;
        strbuf_printf(im->out, "%*srho.switch(", indent, "");
        strbuf_lua_quote(im->out, name);
        strbuf_puts(im->out, ", {\n");
        if (nanc < 16)
            anc[nanc++] = o;
        emit_children(im, o, rc, indent + 2, anc, nanc);
        strbuf_printf(im->out, "%*s}", indent, "");
        link_opts(im, o, bus, &unknown);
        strbuf_puts(im->out, unknown ? ", -- link speed unknown\n" : ",\n");
        return;
    }
    if (o->type != HWLOC_OBJ_PCI_DEVICE)
        return; /* OS devices name their PCI device; Misc is left out */
    if (o->attr->pcidev.class_id >= 0x0600 &&
        o->attr->pcidev.class_id <= 0x0604)
        return; /* a bridge's own PCI function carries no data */
    {
        const char *type = dev_type(im, o);
        struct dev *d;

        bus_id(o, bus, sizeof bus);
        dev_name(im, o, type, name, sizeof name);
        strbuf_printf(im->out, "%*s", indent, "");
        if (strcmp(type, "gpu") == 0 || strcmp(type, "nic") == 0 ||
            strcmp(type, "nvme") == 0) {
            strbuf_printf(im->out, "rho.%s(", type);
        } else {
            strbuf_printf(im->out, "rho.device(\"%s\", ", type);
        }
        strbuf_lua_quote(im->out, name);
        link_opts(im, o, bus, &unknown);
        strbuf_puts(im->out, unknown ? ", -- link speed unknown\n" : ",\n");
        if (strcmp(type, "gpu") == 0)
            im->info->ngpus++;
        else if (strcmp(type, "nic") == 0)
            im->info->nnics++;
        else if (strcmp(type, "nvme") == 0 || strcmp(type, "storage") == 0)
            im->info->nstorage++;
        else
            im->info->nother++;
        if (im->ndev == im->capdev) {
            im->capdev = im->capdev ? 2 * im->capdev : 32;
            im->dev =
                xreallocarray(im->dev, (size_t)im->capdev, sizeof *im->dev);
        }
        d = &im->dev[im->ndev++];
        memset(d, 0, sizeof *d);
        d->obj = o;
        snprintf(d->name, sizeof d->name, "%s", name);
        d->rc = rc;
        d->gpu = strcmp(type, "gpu") == 0;
        d->nbridge = nanc;
        memcpy(d->bridge, anc, (size_t)nanc * sizeof *anc);
    }
}

/* The inter-socket link's name from the CPU's vendor. */
static const char *
fabric_of(hwloc_obj_t pkg)
{
    const char *v = pkg ? hwloc_obj_get_info_by_name(pkg, "CPUVendor") : NULL;
    const char *m = pkg ? hwloc_obj_get_info_by_name(pkg, "CPUModel") : NULL;

    if (v && strcmp(v, "GenuineIntel") == 0)
        return "UPI";
    if (v && strcmp(v, "AuthenticAMD") == 0)
        return "Infinity Fabric";
    if (m && strstr(m, "POWER"))
        return "X-Bus";
    return "inter-socket link";
}

/* The device (or RC) written for hwloc object o of a distances matrix:
   its name, or NULL; *sw = 1 for an NVSwitch. */
static const char *
dist_name(struct imp *im, hwloc_obj_t o, int *sw, char *rcname, size_t n)
{
    *sw = 0;
    if (o->type == HWLOC_OBJ_OS_DEVICE)
        o = o->parent;
    if (o == NULL)
        return NULL;
    if (o->type == HWLOC_OBJ_PACKAGE) {
        for (int i = 0; i < im->npkg; i++)
            if (im->pkg[i] == o) {
                snprintf(rcname, n, "CPU%d", i);
                return rcname;
            }
        return NULL;
    }
    if (is_nvswitch(o)) {
        *sw = 1;
        return NULL;
    }
    for (int i = 0; i < im->ndev; i++)
        if (im->dev[i].obj == o)
            return im->dev[i].name;
    return NULL;
}

/* Direct links and the NVSwitch fabric from the bandwidth matrices. */
static void
emit_links(struct imp *im, int indent)
{
    static const char *const names[][2] = {{"NVLinkBandwidth", "nvlink"},
                                           {"XGMIBandwidth", "xgmi"},
                                           {"XeLinkBandwidth", "xelink"}};
    double *port = xcalloc((size_t)(im->ndev ? im->ndev : 1), sizeof *port);

    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        struct hwloc_distances_s *d;
        unsigned nr = 1;
        if (hwloc_distances_get_by_name(im->topo, names[k][0], &nr, &d, 0) !=
                0 ||
            nr == 0)
            continue;
        for (unsigned i = 0; i < d->nbobjs; i++)
            for (unsigned j = 0; j < d->nbobjs; j++) {
                hwloc_uint64_t v = d->values[i * d->nbobjs + j];
                hwloc_uint64_t w = d->values[j * d->nbobjs + i];
                char ra[32], rb[32];
                int swa, swb;
                const char *a, *b;
                if (i == j || v == 0 || d->objs[i] == NULL ||
                    d->objs[j] == NULL)
                    continue;
                a = dist_name(im, d->objs[i], &swa, ra, sizeof ra);
                b = dist_name(im, d->objs[j], &swb, rb, sizeof rb);
                if (a && swb) { /* a device's port to the NVSwitches */
                    for (int x = 0; x < im->ndev; x++)
                        if (strcmp(im->dev[x].name, a) == 0)
                            port[x] += (double)v * 1e6;
                    continue;
                }
                if (!a || !b || j < i)
                    continue; /* each pair once; switch trunks left out */
                strbuf_printf(im->out, "%*srho.direct(", indent, "");
                strbuf_lua_quote(im->out, a);
                strbuf_puts(im->out, ", ");
                strbuf_lua_quote(im->out, b);
                strbuf_printf(im->out,
                              ", { bandwidth = \"%llu MB/s\", kind = \"%s\" "
                              "}),\n",
                              (unsigned long long)(w && w < v ? w : v),
                              names[k][1]);
                im->info->ndirect++;
            }
        hwloc_distances_release(im->topo, d);
    }
    {
        double lo = 0;
        int n = 0;
        char num[40];
        for (int x = 0; x < im->ndev; x++)
            if (port[x] > 0) {
                lo = n == 0 || port[x] < lo ? port[x] : lo;
                n++;
            }
        if (n >= 2) {
            int first = 1;
            strbuf_printf(im->out,
                          "%*s-- NVSwitches as one fabric: each GPU's port is "
                          "its links to all of them\n%*srho.nvswitch("
                          "\"nvswitch\", {",
                          indent, "", indent, "");
            for (int x = 0; x < im->ndev; x++)
                if (port[x] > 0) {
                    strbuf_puts(im->out, first ? " " : ", ");
                    strbuf_lua_quote(im->out, im->dev[x].name);
                    first = 0;
                }
            strbuf_printf(im->out, " }, { bandwidth = \"%s MB/s\" }),\n",
                          units_fmt_num(num, sizeof num, lo / 1e6));
            im->info->fabric = 1;
        }
    }
    free(port);
}

/* Pairs of devices for the example flows. */
static void
find_pairs(struct imp *im)
{
    struct import_info *in = im->info;
    int any = 0;

    for (int i = 0; i < im->ndev; i++) {
        if (!im->dev[i].gpu)
            continue;
        for (int j = i + 1; j < im->ndev; j++) {
            const struct dev *a = &im->dev[i], *b = &im->dev[j];
            int shared = 0;
            if (!b->gpu)
                continue;
            for (int x = 0; x < a->nbridge && !shared; x++)
                for (int y = 0; y < b->nbridge && !shared; y++)
                    shared = a->bridge[x] == b->bridge[y];
            if (shared && in->pair_switch[0][0] == '\0') {
                snprintf(in->pair_switch[0], 64, "%s", a->name);
                snprintf(in->pair_switch[1], 64, "%s", b->name);
            }
            if (a->rc != b->rc && in->pair_socket[0][0] == '\0') {
                snprintf(in->pair_socket[0], 64, "%s", a->name);
                snprintf(in->pair_socket[1], 64, "%s", b->name);
            }
        }
    }
    for (int i = 0; i < im->ndev && any < 2; i++)
        snprintf(in->pair_any[any++], 64, "%s", im->dev[i].name);
}

static void
emit_rc(struct imp *im, int rc, int indent, int last_extras)
{
    strbuf_printf(im->out, "%*srho.rc(\"CPU%d\", {\n", indent, "", rc);
    for (int i = 0; i < im->nitem; i++) { /* host memory first */
        hwloc_obj_t o = im->item[i].obj;
        char base[32], name[64];
        if (im->item[i].rc != rc || o->type != HWLOC_OBJ_NUMANODE)
            continue;
        snprintf(base, sizeof base, "numa%u", o->os_index);
        unique(im, base, NULL, name, sizeof name);
        strbuf_printf(im->out, "%*srho.host(", indent + 2, "");
        strbuf_lua_quote(im->out, name);
        strbuf_puts(im->out, "),\n");
        if (im->info->host[0] == '\0')
            snprintf(im->info->host, sizeof im->info->host, "%s", name);
        im->info->nhosts++;
    }
    for (int i = 0; i < im->nitem; i++) {
        hwloc_obj_t anc[16];
        if (im->item[i].rc == rc && im->item[i].obj->type != HWLOC_OBJ_NUMANODE)
            emit_io(im, im->item[i].obj, rc, indent + 2, anc, 0);
    }
    if (last_extras)
        emit_links(im, indent + 2);
    strbuf_printf(im->out, "%*s})", indent, "");
}

/* " (reason)" for errno e, or "" when hwloc set none. Returns buf. */
static const char *
why(int e, char *buf, size_t n)
{
    if (e == 0)
        buf[0] = '\0';
    else
        snprintf(buf, n, " (%s)", strerror(e));
    return buf;
}

int
import_hwloc(const char *path, const struct import_opts *o,
             struct import_info *info, struct strbuf *out, struct rho_err *err)
{
    struct import_info tmp;
    struct import_opts def;
    struct imp im;
    char *buf = NULL, reason[128];
    size_t len = 0;
    int rc = -1, v3 = 0, npkg;

    if (info == NULL)
        info = &tmp;
    if (o == NULL) {
        import_opts_init(&def);
        o = &def;
    }
    memset(info, 0, sizeof *info);
    memset(&im, 0, sizeof im);
    im.o = o;
    im.info = info;
    im.out = out;
    if (path != NULL && (buf = read_xml(path, &len, &v3, err)) == NULL)
        return -1;
    im.v3 = v3;
    /* hwloc prints what it thinks of a broken XML on stderr: rho reports
       errors itself (and stderr may be under the interactive screen) */
    setenv("HWLOC_HIDE_ERRORS", "2", 0);
    if (hwloc_topology_init(&im.topo) != 0) {
        rho_err_set(err, RHO_EINPUT, "hwloc: cannot start: %s",
                    strerror(errno));
        free(buf);
        return -1;
    }
    hwloc_topology_set_io_types_filter(im.topo, HWLOC_TYPE_FILTER_KEEP_ALL);
    /* Linux's sysfs gives the PCI tree and link speeds; the libpciaccess
       plugin adds nothing to them but a leak */
    hwloc_topology_set_components(
        im.topo, HWLOC_TOPOLOGY_COMPONENTS_FLAG_BLACKLIST, "pci");
    errno = 0;
    if (buf != NULL &&
        hwloc_topology_set_xmlbuffer(im.topo, buf, (int)len + 1) != 0) {
        rho_err_set(err, RHO_EINPUT,
                    "%s: hwloc cannot read it: malformed XML%s", path,
                    why(errno, reason, sizeof reason));
        goto out;
    }
    errno = 0;
    if (hwloc_topology_load(im.topo) != 0) {
        if (path)
            rho_err_set(err, RHO_EINPUT,
                        "%s: hwloc cannot read it: malformed XML, or "
                        "objects it does not accept%s",
                        path, why(errno, reason, sizeof reason));
        else
            rho_err_set(err, RHO_EINPUT, "hwloc cannot read this machine%s",
                        why(errno, reason, sizeof reason));
        goto out;
    }
    if (path) {
        snprintf(info->source, sizeof info->source, "%s", path);
    } else {
        const char *h =
            hwloc_obj_get_info_by_name(hwloc_get_root_obj(im.topo), "HostName");
        snprintf(info->source, sizeof info->source, "this machine (%s)",
                 h ? h : "?");
    }
    npkg = hwloc_get_nbobjs_by_type(im.topo, HWLOC_OBJ_PACKAGE);
    im.npkg = npkg > 0 ? npkg : 1;
    im.pkg = xcalloc((size_t)im.npkg, sizeof *im.pkg);
    for (int i = 0; i < npkg; i++)
        im.pkg[i] =
            hwloc_get_obj_by_type(im.topo, HWLOC_OBJ_PACKAGE, (unsigned)i);
    if (npkg <= 0) /* no package: the machine is one root complex */
        im.pkg[0] = hwloc_get_root_obj(im.topo);
    info->nsockets = im.npkg;
    info->socket_bw = o->socket_bw;
    snprintf(info->fabric_name, sizeof info->fabric_name, "%s",
             fabric_of(npkg > 0 ? im.pkg[0] : NULL));
    gather(&im, hwloc_get_root_obj(im.topo));
    if (im.nitem == 0) {
        rho_err_set(err, RHO_EINPUT, "%s: no PCI device and no memory",
                    path ? path : "this machine");
        goto out;
    }
    for (int i = 0; i < im.npkg; i++) { /* names of the RCs are taken */
        char n[64], b[16];
        snprintf(b, sizeof b, "CPU%d", i);
        unique(&im, b, NULL, n, sizeof n);
    }
    unique(&im, "machine", NULL, (char[64]){0}, 64);
    unique(&im, "nvswitch", NULL, (char[64]){0}, 64);
    if (im.npkg == 1) {
        emit_rc(&im, 0, 0, 1);
    } else {
        char bw[32];
        strbuf_puts(out, "rho.machine(\"machine\", {\n");
        for (int i = 0; i < im.npkg; i++) {
            emit_rc(&im, i, 2, 0);
            strbuf_puts(out, ",\n");
        }
        emit_links(&im, 2);
        snprintf(bw, sizeof bw, "%.15g GB/s", o->socket_bw / 1e9);
        strbuf_printf(out, "}, { bandwidth = \"%s\", fabric = \"%s\" })", bw,
                      info->fabric_name);
    }
    find_pairs(&im);
    rc = 0;
out:
    hwloc_topology_destroy(im.topo);
    free(im.pkg);
    free(im.item);
    free(im.dev);
    free(im.used);
    free(buf);
    return rc;
}

void
import_scenario(const struct import_info *in, const char *topology,
                double efficiency, struct strbuf *out)
{
    const char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    char src[sizeof in->source];
    int stream = 0;

    /* a newline in the path would end the comment (the rest: code), and
       a title has no control character: they are written as '?' */
    strbuf_puts(out, "-- A rho scenario of ");
    strbuf_puts(out, printable(in->source, sizeof in->source, src, sizeof src));
    strbuf_printf(out,
                  ", imported from hwloc.\n-- %d socket%s, %d GPU%s, %d "
                  "NIC%s, %d storage, %d other device%s, %d switch%s.\n",
                  in->nsockets, in->nsockets == 1 ? "" : "s", in->ngpus,
                  in->ngpus == 1 ? "" : "s", in->nnics,
                  in->nnics == 1 ? "" : "s", in->nstorage, in->nother,
                  in->nother == 1 ? "" : "s", in->nswitches,
                  in->nswitches == 1 ? "" : "es");
    strbuf_puts(out,
                "-- A link's speed is hwloc's pci_link_speed (GB/s after "
                "line encoding)\n-- times the efficiency below; a link "
                "hwloc gives no speed for has the\n-- scenario's bandwidth "
                "(");
    strbuf_printf(out,
                  "%d such link%s). Host memory (one per NUMA node) is "
                  "not a\n-- bottleneck unless given a bandwidth.%s",
                  in->nunknown, in->nunknown == 1 ? "" : "s",
                  in->nsockets > 1 ? " " : "\n");
    if (in->nsockets > 1)
        strbuf_printf(out,
                      "The link between the sockets (%s) is a\n-- stated "
                      "default, %.15g GB/s each way: change it in rho.machine "
                      "below.\n",
                      in->fabric_name, in->socket_bw / 1e9);
    if (in->ndirect > 0 || in->fabric)
        strbuf_puts(out, "-- NVLink (and XGMI, XeLink) come from hwloc's "
                         "bandwidth distances (MB/s).\n");
    strbuf_puts(out, "local topology = ");
    strbuf_puts(out, topology);
    strbuf_puts(out, "\n\nreturn rho.scenario {\n  title = ");
    strbuf_lua_quote(out, src);
    strbuf_printf(out,
                  ",\n  topology = topology,\n  efficiency = %g, -- payload "
                  "share of a PCIe link's data rate\n  bandwidth = \"11.6 "
                  "GiB/s\", -- links of unknown speed\n  flows = {\n",
                  efficiency);
    if (in->pair_switch[0][0]) {
        a = in->pair_switch[0];
        b = in->pair_switch[1];
    }
    if (in->pair_socket[0][0]) {
        c = in->pair_socket[0];
        d = in->pair_socket[1];
        if (a && strcmp(a, c) == 0) /* c also sends: on a stream of its own */
            stream = 1;
    }
    if (a) {
        strbuf_puts(out, "    { ");
        strbuf_lua_quote(out, a);
        strbuf_puts(out, ", ");
        strbuf_lua_quote(out, b);
        strbuf_puts(out, ", size = \"1 GiB\", label = \"two GPUs under one "
                         "switch\" },\n");
    }
    if (c) {
        strbuf_puts(out, "    { ");
        strbuf_lua_quote(out, c);
        strbuf_puts(out, ", ");
        strbuf_lua_quote(out, d);
        strbuf_printf(out,
                      ", size = \"1 GiB\", label = \"two GPUs across "
                      "sockets\"%s },\n",
                      stream ? ", stream = 1" : "");
    }
    if (!a && !c && in->pair_any[1][0]) {
        strbuf_puts(out, "    -- no two GPUs under one switch or across "
                         "sockets: two devices\n    { ");
        strbuf_lua_quote(out, in->pair_any[0]);
        strbuf_puts(out, ", ");
        strbuf_lua_quote(out, in->pair_any[1]);
        strbuf_puts(out, ", size = \"1 GiB\" },\n");
    } else if (!a && !c && in->pair_any[0][0] && in->host[0]) {
        strbuf_puts(out, "    -- one device: a copy from host memory\n    { ");
        strbuf_lua_quote(out, in->host);
        strbuf_puts(out, ", ");
        strbuf_lua_quote(out, in->pair_any[0]);
        strbuf_puts(out, ", size = \"1 GiB\" },\n");
    }
    strbuf_puts(out, "  },\n}\n");
}
