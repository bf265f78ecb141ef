/*
 * cli_machine: --import and --matrix. See cli_machine.h.
 */
#include "cli_machine.h"

#include <stdio.h>
#include <string.h>

#include "core/base/strbuf.h"
#include "core/matrix.h"
#include "core/pcie/pcie.h"
#include "import/hwloc_import.h"

int
cli_import(const char *kind, const char *file)
{
    struct strbuf topo, out;
    struct import_info info;
    struct rho_err err;
    int rc = 0;

    if (strcmp(kind, "hwloc") != 0) {
        fprintf(stderr,
                "rho: --import: unknown kind '%s' (rho imports "
                "hwloc)\n",
                kind);
        return 2;
    }
    strbuf_init(&topo);
    strbuf_init(&out);
    if (import_hwloc(file, NULL, &info, &topo, &err) != 0) {
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    } else {
        import_scenario(&info, strbuf_str(&topo), PCIE_DEFAULT_EFFICIENCY,
                        &out);
        fputs(strbuf_str(&out), stdout);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "rho: cannot write the output\n");
            rc = 2;
        }
    }
    strbuf_fini(&topo);
    strbuf_fini(&out);
    return rc;
}

int
cli_matrix(const struct scenario *s, enum report_fmt fmt)
{
    struct matrix m;
    struct rho_err err;
    int rc = 0;

    if (matrix_compute(s, &m, &err) != 0) {
        fprintf(stderr, "rho: %s: --matrix: %s\n", s->path ? s->path : s->title,
                err.msg);
        return 2;
    }
    if (report_matrix(stdout, s, &m, fmt, &err) != 0) {
        fprintf(stderr, "rho: %s\n", err.msg);
        rc = 2;
    }
    matrix_fini(&m);
    return rc;
}
