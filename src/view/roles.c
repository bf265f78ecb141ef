/*
 * roles: keys, descriptions and built-in styles of the roles. See roles.h.
 */
#include "view/roles.h"

#include <string.h>

#include "view/heat.h"

static const struct {
    const char *key;
    const char *doc;
    int fg, bg, attrs, mono;
} table[ROLE_COUNT] = {
#define X(id, k, f, b, a, m, d) {k, d, f, b, a, m},
    THEME_ROLES(X)
#undef X
};

const char *
theme_role_key(int role)
{
    return role >= 0 && role < ROLE_COUNT ? table[role].key : NULL;
}

const char *
theme_role_doc(int role)
{
    return role >= 0 && role < ROLE_COUNT ? table[role].doc : NULL;
}

int
theme_role_lookup(const char *key)
{
    if (key == NULL)
        return -1;
    for (int r = 0; r < ROLE_COUNT; r++)
        if (strcmp(table[r].key, key) == 0)
            return r;
    return -1;
}

void
theme_role_default(int role, int *fg, int *bg, int *attrs)
{
    if (role < 0 || role >= ROLE_COUNT)
        role = ROLE_DEFAULT;
    *fg = table[role].fg;
    *bg = table[role].bg;
    *attrs = table[role].attrs;
}

int
theme_role_mono(int role)
{
    return role >= 0 && role < ROLE_COUNT ? table[role].mono : 0;
}

int
role_heat(double load)
{
    return heat_role(load, HEAT_LINEAR);
}

int
role_factor(double f)
{
    if (!(f > 0))
        return ROLE_FLOW_WAITING;
    if (f >= 0.9995)
        return ROLE_FLOW_SENDING;
    return heat_role(1 - f > 0.001 ? 1 - f : 0.001, HEAT_LINEAR);
}
