/*
 * hwloc_import: a real machine, read by libhwloc from hwloc XML (lstopo
 * --of xml; formats v1, v2 and v3) or from the machine rho runs on,
 * written as the Lua expression of a rho topology (see rho-lua(7),
 * "Real machines"): packages as root complexes (joined by rho.machine
 * when there are several), NUMA nodes as host memory, PCI bridges and
 * switches as switches, GPUs, NICs, NVMe and every other PCI device as
 * devices, each link at the speed hwloc gives, NVLink (and XGMI, XeLink)
 * from hwloc's bandwidth distances, NVSwitches merged into one fabric.
 *
 * This is the only code that includes <hwloc.h>. It returns text, never
 * hwloc objects: rho.hwloc() loads the text as a Lua chunk, and
 * `rho --import hwloc` prints it inside a scenario, so both give the same
 * topology. A 100 kB XML imports in a few milliseconds.
 */
#ifndef RHO_IMPORT_HWLOC_IMPORT_H
#define RHO_IMPORT_HWLOC_IMPORT_H

#include <stddef.h>

#include "core/base/rho_err.h"
#include "core/base/strbuf.h"

/* The inter-socket link when nothing says otherwise: two UPI links of
   20.8 GB/s each way (10.4 GT/s), a common two-socket Xeon. */
#define IMPORT_SOCKET_BW 41.6e9

struct import_opts {
    double socket_bw; /* B/s of each socket's link to the others (> 0) */
};

/* What was found, for the scenario around the topology. */
struct import_info {
    int nsockets, ngpus, nnics, nstorage, nother, nswitches, nhosts;
    int nunknown;            /* links of unknown speed */
    int ndirect;             /* direct links (NVLink, XGMI, XeLink) */
    int fabric;              /* 1 if NVSwitches became a fabric */
    char pair_switch[2][64]; /* two GPUs under one switch, or "" */
    char pair_socket[2][64]; /* two GPUs under different sockets, or "" */
    char pair_any[2][64];    /* any two devices (not host memory), or "" */
    char host[64];           /* the first host memory */
    char fabric_name[32];    /* "UPI", "Infinity Fabric", "X-Bus", ... */
    char source[256];        /* the file, or "this machine (hostname)" */
    double socket_bw;        /* the inter-socket link used, B/s */
};

/* Defaults: socket_bw = IMPORT_SOCKET_BW. */
void import_opts_init(struct import_opts *o);

/*
 * Read hwloc XML from path (NULL: discover the machine rho runs on) and
 * append the Lua expression of its topology to out (a call of rho.machine
 * or rho.rc, with comments where a default was used). info (may be NULL)
 * receives what was found. Returns 0, or -1 with err filled: "path: cannot
 * read: reason", "path: not a regular file" (a FIFO is never opened for
 * good: it would block), "path: not an hwloc XML file (no <topology>
 * element)", "path: hwloc XML version N (rho reads versions 1 to 3)",
 * "path: the version attribute of <topology>, "V", is not a number (...)",
 * "path: hwloc cannot read it: malformed XML[, or objects it does not
 * accept] (reason, when hwloc gives one)", "path: no PCI device and no
 * memory". A link speed outside 1e-6 to 1e6 GB/s (or not a number) is
 * unknown; a name is at most 63 bytes, a control character in it, in the
 * comments or in the title written as '?'. Never prints, never exits.
 */
int import_hwloc(const char *path, const struct import_opts *o,
                 struct import_info *info, struct strbuf *out,
                 struct rho_err *err);

/*
 * The whole scenario `rho --import hwloc` prints around a topology made
 * by import_hwloc(): comments on where the numbers come from, the
 * efficiency, and example flows (two GPUs under one switch, two across
 * sockets) so that it runs as it is. Appended to out.
 */
void import_scenario(const struct import_info *info, const char *topology,
                     double efficiency, struct strbuf *out);

#endif
