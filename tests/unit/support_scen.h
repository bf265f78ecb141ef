/* Test helpers: a scenario script loaded as the program loads it.
   Include after harness.h: load() checks into the test's own counts. */
#ifndef RHO_TESTS_SUPPORT_SCEN_H
#define RHO_TESTS_SUPPORT_SCEN_H

#include <string.h>

#include "core/scenario.h"
#include "script/lx.h"

/* The script at path with one override param ("name=value", or NULL);
   a failed check and NULL when it does not load. */
__attribute__((unused)) static struct scenario *
load(const char *path, const char *param)
{
    struct lx_opts o;
    struct rho_err err;
    const char *params[2] = {param, NULL};
    struct scenario *s;

    memset(&o, 0, sizeof o);
    o.params = param ? params : NULL;
    s = lx_run_file(path, &o, &err);
    CHECK(s != NULL, "load %s", path);
    return s;
}

#endif
