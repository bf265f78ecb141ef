/*
 * matrix: the bandwidth matrix of a machine. See matrix.h.
 */
#include "core/matrix.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/pcie/pcie_model.h"

/* Compare two PCI bus ids field by field (hex). */
static int
bus_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        char *ea, *eb;
        unsigned long x = strtoul(a, &ea, 16), y = strtoul(b, &eb, 16);
        if (x != y)
            return x < y ? -1 : 1;
        if (ea == a || eb == b)
            break;
        a = *ea ? ea + 1 : ea;
        b = *eb ? eb + 1 : eb;
    }
    return strcmp(a, b);
}

/* The devices of the matrix: host memories, then GPUs. */
static int
pick(const struct pcie *p, int *node)
{
    int n = 0, ngpu = 0, allbus = 1;

    for (int k = 0; k < pcie_nendpoints(p); k++) {
        const struct pcie_node *x = pcie_node(p, pcie_endpoint(p, k));
        if (x->host)
            node[n++] = pcie_endpoint(p, k);
    }
    for (int k = 0; k < pcie_nendpoints(p); k++) {
        const struct pcie_node *x = pcie_node(p, pcie_endpoint(p, k));
        if (strcmp(x->type, "gpu") == 0) {
            node[n + ngpu++] = pcie_endpoint(p, k);
            allbus &= x->bus != NULL;
        }
    }
    if (ngpu == 0) { /* no GPU: every device */
        n = 0;
        for (int k = 0; k < pcie_nendpoints(p); k++)
            node[n++] = pcie_endpoint(p, k);
        return n;
    }
    for (int i = 1; allbus && i < ngpu; i++) { /* GPUs in bus order */
        int x = node[n + i], j = i - 1;
        while (j >= 0 && bus_cmp(pcie_node(p, node[n + j])->bus,
                                 pcie_node(p, x)->bus) > 0) {
            node[n + j + 1] = node[n + j];
            j--;
        }
        node[n + j + 1] = x;
    }
    return n + ngpu;
}

int
matrix_compute(const struct scenario *s, struct matrix *m, struct rho_err *err)
{
    const struct pcie *p = s->pcie;
    int n, nf = 0, *src, *dst, *cell, *present;
    struct pcie_model *md;

    memset(m, 0, sizeof *m);
    if (p == NULL)
        return rho_err_set(err, RHO_EINPUT,
                           "the scenario is a network: it has no PCIe tree");
    m->node = xcalloc((size_t)pcie_nendpoints(p), sizeof *m->node);
    n = m->n = pick(p, m->node);
    if (n < 2) {
        matrix_fini(m);
        return rho_err_set(err, RHO_EINPUT,
                           "a matrix needs two devices; the tree has %d", n);
    }
    m->alone = xcalloc((size_t)n * (size_t)n, sizeof *m->alone);
    m->together = xcalloc((size_t)n * (size_t)n, sizeof *m->together);
    src = xcalloc((size_t)n * (size_t)n, sizeof *src);
    dst = xcalloc((size_t)n * (size_t)n, sizeof *dst);
    cell = xcalloc((size_t)n * (size_t)n, sizeof *cell);
    present = xcalloc((size_t)n * (size_t)n, sizeof *present);
    for (int i = 0; i < n * n; i++)
        m->alone[i] = m->together[i] = NAN;
    /* the pairs a model accepts (a pair with no limited link has none) */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            struct pcie_model *one;
            if (i == j)
                continue;
            one = pcie_model_new((struct pcie *)p, 1, &m->node[i], &m->node[j],
                                 NULL, s->bandwidth, s->tau, NULL);
            if (one == NULL)
                continue;
            pcie_model_free(one);
            src[nf] = m->node[i];
            dst[nf] = m->node[j];
            cell[nf++] = i * n + j;
        }
    md = nf ? pcie_model_new((struct pcie *)p, nf, src, dst, NULL, s->bandwidth,
                             s->tau, err)
            : NULL;
    if (md != NULL) {
        for (int f = 0; f < nf; f++) { /* alone */
            pcie_model_eval(md, &f, 1, NULL);
            m->alone[cell[f]] = pcie_model_factors(md, f)->col[STEP_D9] *
                                pcie_model_demand(md, f);
        }
        for (int f = 0; f < nf; f++) /* all at once: a lane each */
            present[f] = f;
        pcie_model_set_lanes(md, present);
        pcie_model_eval(md, present, nf, NULL);
        for (int f = 0; f < nf; f++)
            m->together[cell[f]] = pcie_model_factors(md, f)->col[STEP_D9] *
                                   pcie_model_demand(md, f);
        pcie_model_free(md);
    }
    free(src);
    free(dst);
    free(cell);
    free(present);
    return 0;
}

void
matrix_fini(struct matrix *m)
{
    if (m == NULL)
        return;
    free(m->node);
    free(m->alone);
    free(m->together);
    memset(m, 0, sizeof *m);
}
