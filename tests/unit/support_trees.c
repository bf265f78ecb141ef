/* Test helpers: the paper's topologies built in C. See support_trees.h. */
#include "support_trees.h"

#include <stdio.h>
#include <stdlib.h>

static void
k80(struct pcie *p, int parent, const char *name, const char *a, const char *b)
{
    int k = pcie_add_node(p, parent, PCIE_SWITCH, name, NULL, 0, NULL);
    pcie_add_node(p, k, PCIE_ENDPOINT, a, "gpu", 0, NULL);
    pcie_add_node(p, k, PCIE_ENDPOINT, b, "gpu", 0, NULL);
}

struct pcie *
tree_t2(void)
{
    struct pcie *p = pcie_new();
    int rc = pcie_add_node(p, -1, PCIE_RC, "RC", NULL, 0, NULL);
    int sa = pcie_add_node(p, rc, PCIE_SWITCH, "SA", NULL, 0, NULL);
    int sb;

    k80(p, sa, "K0", "0", "1");
    k80(p, sa, "K1", "2", "3");
    sb = pcie_add_node(p, rc, PCIE_SWITCH, "SB", NULL, 0, NULL);
    k80(p, sb, "K2", "4", "5");
    k80(p, sb, "K3", "6", "7");
    pcie_finish(p, NULL);
    return p;
}

struct pcie *
tree_t1(void)
{
    struct pcie *p = pcie_new();
    int rc = pcie_add_node(p, -1, PCIE_RC, "RC", NULL, 0, NULL);
    int s = pcie_add_node(p, rc, PCIE_SWITCH, "S", NULL, 0, NULL);

    k80(p, s, "K0", "0", "1");
    k80(p, s, "K1", "2", "3");
    k80(p, s, "K2", "4", "5");
    k80(p, s, "K3", "6", "7");
    pcie_finish(p, NULL);
    return p;
}

int
tree_id(const struct pcie *p, const char *name)
{
    int id = pcie_find(p, name);

    if (id < 0) {
        fprintf(stderr, "no node '%s'\n", name);
        abort();
    }
    return id;
}
