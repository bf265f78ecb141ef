/*
 * model: the table of the models and what is read from it. See model.h.
 */
#include "core/model.h"

#include <stdio.h>
#include <string.h>

#include "core/model_net.h"
#include "core/model_pcie.h"
#include "core/model_queue.h"

/* One line per model: the order of their reports, tabs and sweep
   columns. */
const struct model_entry *const model_table[] = {
    &model_pcie_entry,
    &model_net_entry,
    &model_queue_entry,
    NULL,
};

int
model_count(const struct model_entry *const *table)
{
    int n = 0;

    if (table == NULL)
        table = model_table;
    while (table[n] != NULL && n < MODEL_MAX)
        n++;
    return n;
}

int
model_find(const struct model_entry *const *table, const char *name)
{
    int n = model_count(table);

    if (table == NULL)
        table = model_table;
    for (int k = 0; k < n; k++)
        if (strcmp(table[k]->name, name) == 0)
            return k;
    return -1;
}

char *
model_names(const struct model_entry *const *table, char *buf, int n)
{
    int used = 0, count = model_count(table);

    if (table == NULL)
        table = model_table;
    buf[0] = '\0';
    for (int k = 0; k < count && used < n; k++)
        used += snprintf(buf + used, (size_t)(n - used), "%s%s", k ? ", " : "",
                         table[k]->name);
    return buf;
}

int
model_parse_list(const struct model_entry *const *table, const char *list,
                 unsigned *mask, struct rho_err *err)
{
    const char *p = list;
    char names[256];

    *mask = 0;
    while (*p != '\0') {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char name[64];
        int k;

        snprintf(name, sizeof name, "%.*s", (int)len, p);
        p = e ? e + 1 : p + len;
        if (len == 0) /* "pcie,,link" */
            continue;
        if ((k = model_find(table, name)) < 0)
            return rho_err_set(err, RHO_EINPUT,
                               "unknown model '%s' (the models are %s)", name,
                               model_names(table, names, sizeof names));
        *mask |= 1u << k;
    }
    if (*mask == 0)
        return rho_err_set(err, RHO_EINPUT,
                           "no model named (the models are %s)",
                           model_names(table, names, sizeof names));
    return 0;
}

int
model_sweep_layout(const struct model_entry *const *table, int *off)
{
    int n = model_count(table), width = 0;

    if (table == NULL)
        table = model_table;
    for (int k = 0; k < n; k++) {
        if (off != NULL)
            off[k] = width;
        width += table[k]->ncols + 1;
    }
    return width;
}
