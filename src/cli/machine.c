/*
 * machine: the modes for real machines -- `rho --import hwloc [FILE.xml]`
 * prints a scenario of a machine (instead of loading one), and `rho
 * --matrix SCENARIO` prints its bandwidth matrix.
 */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

#include "core/base/strbuf.h"
#include "core/matrix.h"
#include "core/pcie/pcie.h"
#include "import/hwloc_import.h"

/* Print to stdout a scenario of the machine in hwloc XML file (NULL: the
   machine rho runs on); kind must be "hwloc". Returns the exit status: 0,
   or 2 with a message on stderr (unknown kind, unreadable or malformed
   XML). */
static int
import_machine(const char *kind, const char *file)
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

/* Print the bandwidth matrix of scenario s in format fmt. Returns the
   exit status: 0, or 2 with a message on stderr (a network, fewer than two
   devices, a write error). */
static int
print_matrix(const struct scenario *s, enum report_fmt fmt)
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

static int
import_when(const struct cli_args *a)
{
    return a->import != NULL;
}

static int
import_run(struct cli_args *a, struct scenario **s)
{
    (void)s;
    return import_machine(a->import, a->file);
}

static int
matrix_when(const struct cli_args *a)
{
    return a->matrix;
}

static int
matrix_run(struct cli_args *a, struct scenario **s)
{
    return print_matrix(*s, a->fmt);
}

const struct cli_mode cli_import_mode = {"import", import_when, import_run, 1,
                                          "--import prints a Lua scenario"};
const struct cli_mode cli_matrix_mode = {"matrix", matrix_when, matrix_run, 0, NULL};
