/*
 * lm_place: rank to node maps. See lm_place.h.
 */
#include "core/lm_place.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/rho_alloc.h"
#include "core/rng.h"

static const char *const names[] = {
    "linear", "random", "RDN", "RDR", "RDC", "RDG",
    "RRN",    "RRR",    "ABCDET", "TABCDE", "tile", "list",
};

const char *
lm_place_name(int kind)
{
    return kind >= 0 && kind < (int)(sizeof names / sizeof names[0])
               ? names[kind]
               : "?";
}

int
lm_place_lookup(const char *name)
{
    for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
        if (strcasecmp(names[i], name) == 0)
            return i;
    return -1;
}

static void
identity(int *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
}

int
lm_place_init(struct lm_place *pl, const struct lm_net *net, int kind,
              uint64_t seed, struct rho_err *err)
{
    const struct lm_dragonfly_params *df = &net->df;
    struct rng g;

    memset(pl, 0, sizeof *pl);
    pl->kind = kind;
    pl->net = net;
    pl->slots = lm_net_slots(net);
    pl->unit = 1;
    pl->nunits = net->nep;
    rng_init(&g, seed);
    switch (kind) {
    case LM_PLACE_LINEAR:
        return 0;
    case LM_PLACE_RANDOM:
    case LM_PLACE_RDN:
        break;
    case LM_PLACE_RDR:
    case LM_PLACE_RDC:
    case LM_PLACE_RDG:
    case LM_PLACE_RRN:
    case LM_PLACE_RRR:
        if (net->family != LM_DRAGONFLY)
            return rho_err_set(err, RHO_EINPUT,
                               "placement %s needs a dragonfly",
                               lm_place_name(kind));
        if (kind == LM_PLACE_RDR || kind == LM_PLACE_RRR)
            pl->unit = df->nodes_per_router;
        else if (kind == LM_PLACE_RDC)
            pl->unit = df->nodes_per_router * df->cols;
        else if (kind == LM_PLACE_RDG)
            pl->unit = df->nodes_per_router * df->cols * df->rows;
        pl->nunits = net->nep / pl->unit;
        break;
    case LM_PLACE_ABCDET:
    case LM_PLACE_TABCDE:
        if (net->family != LM_TORUS || net->t.nodes_per_router != 1)
            return rho_err_set(err, RHO_EINPUT,
                               "placement %s needs a torus with one node per "
                               "router",
                               lm_place_name(kind));
        return 0;
    default:
        return rho_err_set(err, RHO_EINPUT, "unknown placement %d", kind);
    }
    pl->perm = xcalloc((size_t)pl->nunits, sizeof *pl->perm);
    if (kind == LM_PLACE_RRN || kind == LM_PLACE_RRR) {
        /* the i-th unit is unit i div G of group i mod G */
        int G = df->groups, per = pl->nunits / G;
        for (int i = 0; i < pl->nunits; i++)
            pl->perm[i] = (i % G) * per + i / G;
    } else {
        identity(pl->perm, pl->nunits);
        rng_shuffle_int(&g, pl->perm, pl->nunits);
    }
    return 0;
}

int
lm_place_init_tile(struct lm_place *pl, const struct lm_net *net, int nd,
                   const long long *box, const long long *tile,
                   const long long *ntile, struct rho_err *err)
{
    long long ranks_tile = 1, nodes_tile = 1;

    memset(pl, 0, sizeof *pl);
    pl->kind = LM_PLACE_TILE;
    pl->net = net;
    pl->slots = lm_net_slots(net);
    if (net->family != LM_TORUS || net->t.nodes_per_router != 1)
        return rho_err_set(err, RHO_EINPUT,
                           "tile placement needs a torus with one node per "
                           "router");
    if (nd < 1 || nd > 8)
        return rho_err_set(err, RHO_EINPUT, "tile: 1 to 8 dimensions");
    pl->nd = nd;
    for (int d = 0; d < nd; d++) {
        if (box[d] < 1 || tile[d] < 1 || box[d] % tile[d] != 0)
            return rho_err_set(err, RHO_EINPUT,
                               "tile: dimension %d of the box (%lld) is not "
                               "a multiple of the tile's (%lld)",
                               d + 1, box[d], tile[d]);
        pl->box[d] = box[d];
        pl->tile[d] = tile[d];
        ranks_tile *= tile[d];
    }
    for (int d = 0; d < net->t.nd; d++) {
        if (ntile[d] < 1 || net->t.dim[d] % ntile[d] != 0)
            return rho_err_set(err, RHO_EINPUT,
                               "tile: torus dimension %d (%d) is not a "
                               "multiple of the network tile's (%lld)",
                               d + 1, net->t.dim[d], ntile[d]);
        pl->ntile[d] = ntile[d];
        nodes_tile *= ntile[d];
    }
    if (ranks_tile != nodes_tile * net->cores)
        return rho_err_set(err, RHO_EINPUT,
                           "tile: %lld ranks per tile, but a network tile "
                           "holds %lld nodes x %d cores",
                           ranks_tile, nodes_tile, net->cores);
    return 0;
}

int
lm_place_init_list(struct lm_place *pl, const struct lm_net *net,
                   const long long *node, long long n, struct rho_err *err)
{
    memset(pl, 0, sizeof *pl);
    pl->kind = LM_PLACE_LIST;
    pl->net = net;
    pl->slots = n;
    for (long long i = 0; i < n; i++)
        if (node[i] < 0 || node[i] >= net->nep)
            return rho_err_set(err, RHO_EINPUT,
                               "rank %lld: there is no node %lld", i, node[i]);
    pl->list = xcalloc((size_t)(n ? n : 1), sizeof *pl->list);
    memcpy(pl->list, node, (size_t)n * sizeof *node);
    pl->nlist = n;
    return 0;
}

void
lm_place_fini(struct lm_place *pl)
{
    free(pl->perm);
    free(pl->list);
    pl->perm = NULL;
    pl->list = NULL;
}

/* Node of a torus from coordinates with the last dimension fastest. */
static long long
last_fastest(const struct lm_net *net, long long idx)
{
    int x[LM_MAX_DIMS];

    for (int d = net->t.nd - 1; d >= 0; d--) {
        x[d] = (int)(idx % net->t.dim[d]);
        idx /= net->t.dim[d];
    }
    return lm_torus_router(net, x);
}

long long
lm_place_node(const struct lm_place *pl, long long rank)
{
    const struct lm_net *net = pl->net;
    long long cores = net->cores, nodes = net->nep;

    if (rank < 0)
        return -1;
    switch (pl->kind) {
    case LM_PLACE_LIST:
        return rank < pl->nlist ? pl->list[rank] : -1;
    case LM_PLACE_ABCDET:
        if (rank >= nodes * cores)
            return -1;
        return last_fastest(net, rank / cores);
    case LM_PLACE_TABCDE:
        if (rank >= nodes * cores)
            return -1;
        return last_fastest(net, rank % nodes);
    case LM_PLACE_TILE: {
        long long x[8], t[8], in = 0, tidx = 0, box = 1, k = rank;
        long long per_tile = 1, ntiles_net[8], nt[8], r = 0;
        int nd = pl->nd;
        for (int d = 0; d < nd; d++)
            box *= pl->box[d];
        if (rank >= box)
            return -1;
        for (int d = 0; d < nd; d++) {
            x[d] = k % pl->box[d];
            k /= pl->box[d];
        }
        /* tile index and position inside, first dimension fastest */
        for (int d = nd - 1; d >= 0; d--) {
            tidx = tidx * (pl->box[d] / pl->tile[d]) + x[d] / pl->tile[d];
            in = in * pl->tile[d] + x[d] % pl->tile[d];
            t[d] = 0;
        }
        for (int d = 0; d < nd; d++)
            per_tile *= pl->tile[d];
        (void)per_tile;
        /* the tidx-th network tile, the (in / cores)-th node inside */
        for (int d = 0; d < net->t.nd; d++)
            ntiles_net[d] = net->t.dim[d] / pl->ntile[d];
        {
            long long tt = tidx, nn = in / cores;
            int y[LM_MAX_DIMS];
            for (int d = 0; d < net->t.nd; d++) {
                nt[d] = tt % ntiles_net[d];
                tt /= ntiles_net[d];
            }
            for (int d = 0; d < net->t.nd; d++) {
                y[d] = (int)(nt[d] * pl->ntile[d] + nn % pl->ntile[d]);
                nn /= pl->ntile[d];
            }
            r = lm_torus_router(net, y);
        }
        (void)t;
        return r;
    }
    default: {
        long long idx = rank / cores, u, within;
        if (idx >= nodes)
            return -1;
        if (pl->perm == NULL)
            return idx;
        u = idx / pl->unit;
        within = idx % pl->unit;
        return (long long)pl->perm[u] * pl->unit + within;
    }
    }
}
