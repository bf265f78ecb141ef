/*
 * mpi_stub: rho's side of cli.h's MPI functions -- one rank, no MPI (rho-mpi
 * links mpi.c instead).
 */
#include "cli/cli.h"

int
cli_mpi_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

void
cli_mpi_fini(void)
{
}

int
cli_mpi_rank(void)
{
    return 0;
}

int
cli_mpi_size(void)
{
    return 1;
}

int
cli_mpi_driver(void)
{
    return 0;
}

int
cli_mpi_search(const struct scenario *s, struct search_opts *o,
               struct search_result *res, struct rho_err *err)
{
    return search_run(s, o, res, err);
}

int
cli_mpi_sweep_merge(double **data, long n, int width, int rc,
                    struct rho_err *err)
{
    (void)data;
    (void)n;
    (void)width;
    (void)err;
    return rc;
}

void
cli_mpi_link_opts(struct net_opts *o)
{
    (void)o;
}

int
cli_mpi_agree(int rc, struct rho_err *err)
{
    (void)err;
    return rc != 0 ? -1 : 0;
}

int
cli_mpi_same_scenario(const struct scenario *s, const char *file)
{
    (void)s;
    (void)file;
    return 0;
}
