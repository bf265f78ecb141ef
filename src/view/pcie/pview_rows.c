/*
 * pview_rows: the PCIe tree flattened into rows. See pview_rows.h.
 */
#include "view/pcie/pview_rows.h"

#include <stdio.h>
#include <string.h>

void
pview_loads(const struct pcie_model *m, double *load, int *count)
{
    int nc = pcie_nchan(pcie_model_tree(m));

    memset(load, 0, (size_t)nc * sizeof *load);
    if (count)
        memset(count, 0, (size_t)nc * sizeof *count);
    for (int k = 0; k < pcie_model_nactive(m); k++) {
        int f = pcie_model_active(m, k);
        const struct pcie_hop *h = pcie_model_hops(m, f);
        double r = pcie_model_factors(m, f)->col[STEP_D9];
        for (int j = 0; j < pcie_model_path_len(m, f); j++) {
            load[h[j].chan] += r * h[j].ratio; /* ratio 1: the paper's */
            if (count)
                count[h[j].chan]++;
        }
    }
}

void
pview_rates(const struct pcie_model *m, double *bps)
{
    int nc = pcie_nchan(pcie_model_tree(m));

    memset(bps, 0, (size_t)nc * sizeof *bps);
    for (int k = 0; k < pcie_model_nactive(m); k++) {
        int f = pcie_model_active(m, k);
        const struct pcie_hop *h = pcie_model_hops(m, f);
        double r =
            pcie_model_factors(m, f)->col[STEP_D9] * pcie_model_demand(m, f);
        for (int j = 0; j < pcie_model_path_len(m, f); j++)
            bps[h[j].chan] += r;
    }
}

struct walk {
    const struct pcie *p;
    const char *collapsed;
    const double *load;
    const int *count;
    int ascii;
    struct pview_row *rows;
    int max, n;
};

static void
visit(struct walk *w, int x, const char *guides, int last)
{
    const struct pcie_node *nd = pcie_node(w->p, x);
    char mine[PVIEW_PREFIX_MAX], below[PVIEW_PREFIX_MAX];

    if (nd->depth == 0) {
        mine[0] = below[0] = '\0';
    } else {
        snprintf(mine, sizeof mine, "%s%s", guides,
                 w->ascii ? (last ? "`-" : "|-")
                          : (last ? "\u2514\u2500" : "\u251c\u2500"));
        snprintf(below, sizeof below, "%s%s", guides,
                 w->ascii ? (last ? "  " : "| ") : (last ? "  " : "\u2502 "));
    }
    if (w->n < w->max) {
        struct pview_row *r = &w->rows[w->n];
        memset(r, 0, sizeof *r);
        r->node = x;
        r->depth = nd->depth;
        snprintf(r->prefix, sizeof r->prefix, "%s", mine);
        r->has_children = nd->nchild > 0;
        r->collapsed = w->collapsed && w->collapsed[x] && nd->nchild > 0;
        if (x != 0 && w->load) {
            r->up = w->load[pcie_up(x)];
            r->down = w->load[pcie_down(x)];
        }
        if (x != 0 && w->count) {
            r->nup = w->count[pcie_up(x)];
            r->ndown = w->count[pcie_down(x)];
        }
    }
    w->n++;
    if (w->collapsed && w->collapsed[x])
        return;
    for (int i = 0; i < nd->nchild; i++)
        visit(w, nd->child[i], below, i == nd->nchild - 1);
}

int
pview_rows(const struct pcie *p, const char *collapsed, const double *load,
           const int *count, int ascii, struct pview_row *rows, int max)
{
    struct walk w = {p, collapsed, load, count, ascii, rows, max, 0};

    visit(&w, 0, "", 1);
    return w.n;
}
