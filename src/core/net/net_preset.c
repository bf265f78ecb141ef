/*
 * net_preset: named parameter sets of the machines in Jain's thesis (seed
 * 002) and the HA-PACS/TCA paper (seed 003), plus small machines to explore
 * interactively. A preset only fills a struct net_spec; net_new() builds
 * it. Bandwidths are B/s: the thesis's dragonfly uses the authors'
 * Damselfly value 5120 MiB/s on every link [EXT], BG/Q 2 GB/s per direction
 * (L470), the Ch. 6 prototypes 12.5 GB/s (Table 6.1), with the Ch. 6
 * dragonfly's global links 60% faster (L1677).
 */
#include "core/net/net.h"

#include <stdio.h>
#include <string.h>

#define MIB_S (1048576.0)
#define DF_BW (5120 * MIB_S)

/* n[] per family -- dragonfly: groups, chassis, routers, nodes per router,
   cores; torus: dimensions, cores, mesh mask (bit k: dimension k has no
   wrap), sizes...; fat-tree: radix, levels, cores; TCA: rings, nodes per
   ring. bw: link bandwidth (dragonfly local links); gbw: dragonfly global
   links. dims: torus dimension names, one letter each. */
static const struct preset {
    const char *name, *desc;
    int family;
    int n[11];
    double bw, gbw;
    const char *dims;
} presets[] = {
    {"df-thesis",
     "Jain Ch.3 dragonfly: 960 groups x 6x16 routers x 4 nodes x 24 cores "
     "(8,847,360 ranks)",
     NET_DRAGONFLY,
     {960, 6, 16, 4, 24},
     DF_BW,
     DF_BW,
     NULL},
    {"df-validate",
     "the same groups, 384 of them (36,864 routers), one rank per router "
     "(Jain's validation size)",
     NET_DRAGONFLY,
     {384, 6, 16, 1, 1},
     DF_BW,
     DF_BW,
     NULL},
    {"df-40",
     "40 thesis groups (3,840 routers), 4 nodes per router, 1 rank per "
     "node: interactive",
     NET_DRAGONFLY,
     {40, 6, 16, 4, 1},
     DF_BW,
     DF_BW,
     NULL},
    {"df-small",
     "9 groups x 2x4 routers x 2 nodes x 2 cores: a dragonfly to step "
     "through",
     NET_DRAGONFLY,
     {9, 2, 4, 2, 2},
     DF_BW,
     DF_BW,
     NULL},
    {"supernode-ch8",
     "Jain Ch.8 dragonfly: 64 supernodes x 16 nodes x 16 cores, nodes "
     "all-to-all",
     NET_DRAGONFLY,
     {64, 1, 16, 1, 16},
     DF_BW,
     DF_BW,
     NULL},
    {"df-ch6",
     "Jain Ch.6 dragonfly: 240 groups x 24 routers x 8 nodes x 64 ranks, "
     "global links +60%",
     NET_DRAGONFLY,
     {240, 1, 24, 8, 64},
     12.5e9,
     20e9,
     NULL},
    {"df-ch7",
     "Jain Ch.7 dragonfly: 201 groups x 20 routers x 6 nodes x 16 ranks",
     NET_DRAGONFLY,
     {201, 1, 20, 6, 16},
     12.5e9,
     12.5e9,
     NULL},
    {"bgq-128",
     "BG/Q 128 nodes: 1x4x4x4x2 torus (Table 3.1)",
     NET_TORUS,
     {5, 16, 0, 1, 4, 4, 4, 2},
     2e9,
     0,
     "ABCDE"},
    {"bgq-256",
     "BG/Q 256 nodes: 4x4x4x4x1 torus",
     NET_TORUS,
     {5, 16, 0, 4, 4, 4, 4, 1},
     2e9,
     0,
     "ABCDE"},
    {"bgq-512",
     "BG/Q 512 nodes: 4x4x4x4x2 torus",
     NET_TORUS,
     {5, 16, 0, 4, 4, 4, 4, 2},
     2e9,
     0,
     "ABCDE"},
    {"bgq-1024",
     "BG/Q 1024 nodes: 4x4x4x8x2, mesh in D",
     NET_TORUS,
     {5, 16, 8, 4, 4, 4, 8, 2},
     2e9,
     0,
     "ABCDE"},
    {"bgq-2048",
     "BG/Q 2048 nodes: 4x4x4x16x2 torus",
     NET_TORUS,
     {5, 16, 0, 4, 4, 4, 16, 2},
     2e9,
     0,
     "ABCDE"},
    {"bgq-4096",
     "BG/Q 4096 nodes: 4x8x4x16x2 torus",
     NET_TORUS,
     {5, 16, 0, 4, 8, 4, 16, 2},
     2e9,
     0,
     "ABCDE"},
    {"bgq-vulcan",
     "5D torus 8x8x12x16x2 (24,576 nodes, 16 ranks each; Jain Ch.7)",
     NET_TORUS,
     {5, 16, 0, 8, 8, 12, 16, 2},
     2e9,
     0,
     "ABCDE"},
    {"torus-6d",
     "Jain Ch.6 6D torus 6^6 (46,656 nodes, 64 ranks each)",
     NET_TORUS,
     {6, 64, 0, 6, 6, 6, 6, 6, 6},
     12.5e9,
     0,
     NULL},
    {"torus-5x5",
     "5x5 torus, one rank per router",
     NET_TORUS,
     {2, 1, 0, 5, 5},
     1e9,
     0,
     NULL},
    {"torus-8x8x8",
     "8x8x8 torus, one rank per router",
     NET_TORUS,
     {3, 1, 0, 8, 8, 8},
     1e9,
     0,
     NULL},
    {"mesh-4x4",
     "4x4 mesh, one rank per router",
     NET_TORUS,
     {2, 1, 3, 4, 4},
     1e9,
     0,
     NULL},
    {"fattree-ch6",
     "Jain Ch.6 fat-tree: radix 72, 3 levels (46,656 nodes, 64 ranks each)",
     NET_FATTREE,
     {72, 3, 64},
     12.5e9,
     0,
     NULL},
    {"fattree-k4",
     "radix-4 3-level fat-tree of Jain Fig. 5.2 (8 nodes)",
     NET_FATTREE,
     {4, 3, 1},
     1e9,
     0,
     NULL},
    {"fattree-k16",
     "radix-16 3-level fat-tree (512 nodes)",
     NET_FATTREE,
     {16, 3, 1},
     1e9,
     0,
     NULL},
    {"tca-8",
     "HA-PACS/TCA sub-cluster: 2 PEACH2 rings of 4 nodes (a 3-cube)",
     NET_GRAPH,
     {2, 4},
     4e9,
     0,
     NULL},
    {"tca-16",
     "HA-PACS/TCA: 2 PEACH2 rings of 8 nodes",
     NET_GRAPH,
     {2, 8},
     4e9,
     0,
     NULL},
};

static void
fill(const struct preset *p, struct net_spec *s)
{
    memset(s, 0, sizeof *s);
    s->family = p->family;
    switch (p->family) {
    case NET_DRAGONFLY:
        s->df.groups = p->n[0];
        s->df.chassis = p->n[1];
        s->df.routers = p->n[2];
        s->df.nodes_per_router = p->n[3];
        s->df.cores = p->n[4];
        s->df.global_per_pair = 1;
        s->df.bw_row = s->df.bw_col = p->bw;
        s->df.bw_global = p->gbw;
        break;
    case NET_TORUS:
        s->torus.nd = p->n[0];
        s->torus.cores = p->n[1];
        for (int k = 0; k < p->n[0]; k++) {
            s->torus.dim[k] = p->n[3 + k];
            s->torus.wrap[k] = !(p->n[2] >> k & 1);
            if (p->dims != NULL)
                s->torus.name[k][0] = p->dims[k];
        }
        s->torus.nodes_per_router = 1;
        s->torus.bw = p->bw;
        break;
    case NET_FATTREE:
        s->ft.k = p->n[0];
        s->ft.levels = p->n[1];
        s->ft.cores = p->n[2];
        s->ft.bw = p->bw;
        break;
    default:
        s->tca.rings = p->n[0];
        s->tca.ring_nodes = p->n[1];
        s->tca.port_bw = p->bw;   /* Gen2 x8, L108 */
        s->tca.gpu_bw = 15.754e9; /* Gen3 x16 raw */
        s->tca.gpu_read_bw = 0;   /* 0.83e9 models the DMA read cap */
        s->tca.qpi_bw = 0.3e9;    /* "several hundred MB/s", L270 */
        break;
    }
}

#define NPRESETS ((int)(sizeof presets / sizeof presets[0]))

int
net_preset_count(void)
{
    return NPRESETS;
}

const char *
net_preset_name(int i)
{
    return i >= 0 && i < NPRESETS ? presets[i].name : NULL;
}

const char *
net_preset_desc(int i)
{
    return i >= 0 && i < NPRESETS ? presets[i].desc : NULL;
}

int
net_preset(const char *name, struct net_spec *spec, struct rho_err *err)
{
    char list[600];
    int len = 0;

    for (int i = 0; i < NPRESETS; i++)
        if (name != NULL && strcmp(name, presets[i].name) == 0) {
            fill(&presets[i], spec);
            return 0;
        }
    for (int i = 0; i < NPRESETS && len < (int)sizeof list; i++)
        len += snprintf(list + len, sizeof list - (size_t)len, "%s%s",
                        i ? ", " : "", presets[i].name);
    return rho_err_set(err, RHO_EINPUT, "unknown network preset '%s' (%s)",
                       name != NULL ? name : "(null)", list);
}
