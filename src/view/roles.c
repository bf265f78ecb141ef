/*
 * roles: keys, docs and built-in styles of the roles. See roles.h.
 */
#include "view/roles.h"

#include <math.h>
#include <string.h>

static const struct {
    const char *key;
    const char *doc;
    int fg, bg, attrs;
} table[ROLE_COUNT] = {
#define X(id, k, f, b, a, d) {k, d, f, b, a},
    THEME_ROLES(X)
#undef X
};

const char *
role_key(int role)
{
    return role >= 0 && role < ROLE_COUNT ? table[role].key : NULL;
}

const char *
role_doc(int role)
{
    return role >= 0 && role < ROLE_COUNT ? table[role].doc : NULL;
}

int
role_lookup(const char *key)
{
    for (int r = 0; r < ROLE_COUNT; r++)
        if (strcmp(table[r].key, key) == 0)
            return r;
    return -1;
}

void
role_default(int role, int *fg, int *bg, int *attrs)
{
    if (role < 0 || role >= ROLE_COUNT)
        role = 0;
    *fg = table[role].fg;
    *bg = table[role].bg;
    *attrs = table[role].attrs;
}

int
role_heat(double load)
{
    int k;

    if (isnan(load))
        return ROLE_DIM;
    if (load <= 0)
        return ROLE_HEAT_IDLE;
    if (load > 1 + 1e-9)
        return ROLE_HEAT_OVER;
    k = (int)ceil(load * HEAT_LEVELS - 1e-9) - 1;
    if (k < 0)
        k = 0;
    if (k >= HEAT_LEVELS)
        k = HEAT_LEVELS - 1;
    return ROLE_HEAT_0 + k;
}
