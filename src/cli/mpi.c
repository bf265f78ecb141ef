/*
 * mpi: everything MPI of rho-mpi (make MPI=1), compiled by mpicc; rho
 * links mpi_stub.c instead. See cli.h. The ranks of an MPI job split a
 * --search (ranges of schedules) or a --sweep (ranges of points); rank 0
 * merges the parts and prints what rho prints on one machine, the other
 * ranks are silent. In batch mode they split the link model itself: each
 * rank emits and solves its share of the messages, and the engine's sums
 * are combined here (net_model.h's reduce and gather hooks), so the core
 * never sees MPI. The link model may run on a job thread: MPI is started
 * with MPI_THREAD_SERIALIZED (one thread at a time calls it).
 */
#include "cli/cli.h"

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/units.h"

static int mpi_rank, mpi_size = 1, mpi_serialized;

int
cli_mpi_init(int *argc, char ***argv)
{
    int provided = MPI_THREAD_SINGLE;

    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
    mpi_serialized = provided >= MPI_THREAD_SERIALIZED;
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    if (mpi_rank != 0) { /* one voice: rank 0's */
        if (freopen("/dev/null", "w", stdout) == NULL ||
            freopen("/dev/null", "w", stderr) == NULL)
            return 70;
    }
    return 0;
}

void
cli_mpi_fini(void)
{
    MPI_Finalize();
}

int
cli_mpi_rank(void)
{
    return mpi_rank;
}

int
cli_mpi_size(void)
{
    return mpi_size;
}

int
cli_mpi_driver(void)
{
    return 1;
}

int
cli_mpi_same_scenario(const struct scenario *s, const char *file)
{
    struct strbuf sb;
    uint64_t h = 1469598103934665603ULL, h0; /* FNV-1a, 64 bits */
    int mine, first;

    if (mpi_size == 1)
        return 0;
    /* the scenario as loaded (-p values applied), as s would save it */
    strbuf_init(&sb);
    scenario_to_lua(s, &sb);
    for (size_t i = 0; i < sb.len; i++)
        h = (h ^ (unsigned char)strbuf_str(&sb)[i]) * 1099511628211ULL;
    strbuf_fini(&sb);
    h0 = h;
    MPI_Bcast(&h0, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    mine = h != h0 ? mpi_rank : mpi_size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == mpi_size)
        return 0;
    if (mpi_rank == 0)
        fprintf(stderr,
                "rho-mpi: rank %d loaded another scenario than rank 0 (%s); "
                "every rank must run the same scenario\n",
                first, file);
    return 2;
}

/* The link model's hooks: every rank calls them in the same order. */
static int
link_reduce(void *ctx, long long *v, long long n, int op)
{
    (void)ctx;
    for (long long at = 0; at < n; at += 1 << 28) { /* int counts */
        int k = n - at < (1 << 28) ? (int)(n - at) : 1 << 28;
        if (op == NET_REDUCE_EXSCAN) {
            if (MPI_Exscan(MPI_IN_PLACE, v + at, k, MPI_LONG_LONG, MPI_SUM,
                           MPI_COMM_WORLD) != MPI_SUCCESS)
                return -1;
            if (mpi_rank == 0) /* (MPI leaves rank 0's undefined) */
                memset(v + at, 0, (size_t)k * sizeof *v);
        } else if (MPI_Allreduce(MPI_IN_PLACE, v + at, k, MPI_LONG_LONG,
                                 op == NET_REDUCE_MAX ? MPI_MAX : MPI_SUM,
                                 MPI_COMM_WORLD) != MPI_SUCCESS)
            return -1;
    }
    return 0;
}

static int
link_gather(void *ctx, const void *mine, long long n, int size, void *all)
{
    long long *counts = NULL;
    int *cnt = NULL, *disp = NULL, rc = 0;
    MPI_Datatype t;

    (void)ctx;
    if (mpi_rank == 0)
        counts = calloc((size_t)mpi_size, sizeof *counts);
    MPI_Gather(&n, 1, MPI_LONG_LONG, counts, 1, MPI_LONG_LONG, 0,
               MPI_COMM_WORLD);
    if (mpi_rank == 0) {
        long long at = 0;
        cnt = calloc((size_t)mpi_size, sizeof *cnt);
        disp = calloc((size_t)mpi_size, sizeof *disp);
        for (int r = 0; r < mpi_size; r++) {
            if (counts[r] > 2147483647LL || at > 2147483647LL)
                rc = -1;
            cnt[r] = (int)counts[r];
            disp[r] = (int)at;
            at += counts[r];
        }
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc == 0 && n <= 2147483647LL) {
        MPI_Type_contiguous(size, MPI_BYTE, &t);
        MPI_Type_commit(&t);
        rc = MPI_Gatherv(mine, (int)n, t, all, cnt, disp, t, 0,
                         MPI_COMM_WORLD) == MPI_SUCCESS
                 ? 0
                 : -1;
        MPI_Type_free(&t);
    }
    free(counts);
    free(cnt);
    free(disp);
    return rc;
}

void
cli_mpi_link_opts(struct net_opts *o)
{
    if (mpi_size <= 1 || !mpi_serialized)
        return;
    o->nranks = mpi_size;
    o->rank = mpi_rank;
    o->reduce = link_reduce;
    o->gather = link_gather;
    o->reduce_ctx = NULL;
}

int
cli_mpi_agree(int rc, struct rho_err *err)
{
    int mine = rc != 0 ? mpi_rank : mpi_size, first;

    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == mpi_size)
        return 0;
    MPI_Bcast(err, (int)sizeof *err, MPI_BYTE, first, MPI_COMM_WORLD);
    if (first != 0)
        rho_err_prefix(err, "rank %d", first);
    return -1;
}

/* What every part of a search shares: the space, the sample and the
   baseline (a rank with no schedules of its own has none of it). */
struct search_meta {
    long long total;
    double size, t_baseline;
    uint64_t seed;
    int sampled, has_baseline;
};

/* The bytes rank 0 keeps to merge a search of all schedules split as
   cli_mpi_search() splits them: its own part (ids when sampled), the
   other ranks' times and ids as they arrive, and the merged times and
   ids (search_merge()). */
static double
merge_need(long long all, int sampled)
{
    long long n0 = all / mpi_size; /* rank 0's: all * 1 / mpi_size */

    return (double)n0 *
               (double)(sizeof(double) + (sampled ? sizeof(long long) : 0)) +
           (double)(all - n0) * (double)(sizeof(double) + sizeof(long long)) +
           (double)all * (double)(sizeof(double) + sizeof(long long));
}

/*
 * Every rank searches its own range of the schedules (or of the sample),
 * rank 0 gathers the times and merges them as if it had run them all.
 */
int
cli_mpi_search(const struct scenario *s, struct search_opts *o,
               struct search_result *res, struct rho_err *err)
{
    struct search_space *sp;
    struct search_meta meta;
    long long total, all, lo, hi, n, *counts = NULL;
    struct search_result part;
    int rc, sampled;
    double need;

    if (mpi_size == 1)
        return search_run(s, o, res, err);
    if ((sp = search_space_new(s, err)) == NULL)
        return -1;
    total = search_space_total(sp);
    search_space_free(sp);
    sampled = o->sample > 0 || total > SEARCH_DEFAULT_MAX;
    all = sampled ? (o->sample > 0 ? o->sample : SEARCH_DEFAULT_SAMPLE) : total;
    if (all > SEARCH_DEFAULT_MAX && o->sample == 0)
        o->sample = all;
    memset(res, 0, sizeof *res);
    /* rank 0 holds every time and id to merge them: within its budget,
       as one process's search is (every rank works this out alike) */
    need = merge_need(all, sampled);
    if (o->max_memory > 0 && need > o->max_memory) {
        char cb[32], nb[32], bb[32];
        units_fmt_int(cb, sizeof cb, all);
        units_fmt_size(nb, sizeof nb, need);
        units_fmt_size(bb, sizeof bb, o->max_memory);
        return rho_err_set(err, RHO_ELIMIT,
                           "a search of %s schedules on %d MPI ranks would "
                           "need %s on rank 0 to merge their times, more "
                           "than the memory budget of %s (--max-memory to "
                           "allow more, or a smaller --sample)",
                           cb, mpi_size, nb, bb);
    }
    lo = all * mpi_rank / mpi_size;
    hi = all * (mpi_rank + 1) / mpi_size;
    o->first = lo;
    o->count = hi - lo;
    memset(&part, 0, sizeof part);
    if (hi == lo) { /* more ranks than schedules */
        rc = 0;
    } else {
        rc = search_run(s, o, &part, err);
        /* a range where every schedule starved is still a part */
        if (rc != 0 && err->code == RHO_ESTARVED && part.time != NULL)
            rc = 0;
    }
    if (cli_mpi_agree(rc, err) != 0) {
        search_result_fini(&part);
        return -1;
    }
    /* the last rank always has schedules (all >= 1): its space, sample
       and baseline are every part's */
    memset(&meta, 0, sizeof meta);
    meta.total = part.total;
    meta.size = part.size;
    meta.t_baseline = part.t_baseline;
    meta.seed = part.seed;
    meta.sampled = part.sampled;
    meta.has_baseline = part.has_baseline;
    MPI_Bcast(&meta, (int)sizeof meta, MPI_BYTE, mpi_size - 1, MPI_COMM_WORLD);
    part.total = meta.total;
    part.size = meta.size;
    part.t_baseline = meta.t_baseline;
    part.seed = meta.seed;
    part.sampled = meta.sampled;
    part.has_baseline = meta.has_baseline;
    n = part.n;
    if (mpi_rank == 0)
        counts = calloc((size_t)mpi_size, sizeof *counts);
    MPI_Gather(&n, 1, MPI_LONG_LONG, counts, 1, MPI_LONG_LONG, 0,
               MPI_COMM_WORLD);
    if (mpi_rank == 0) {
        struct search_result *parts = calloc((size_t)mpi_size, sizeof *parts);
        parts[0] = part;
        for (int r = 1; r < mpi_size; r++) {
            parts[r] = part; /* the same space, seed and baseline */
            parts[r].n = counts[r];
            parts[r].time =
                calloc((size_t)(counts[r] ? counts[r] : 1), sizeof(double));
            parts[r].id =
                calloc((size_t)(counts[r] ? counts[r] : 1), sizeof(long long));
            parts[r].sorted = NULL;
            MPI_Recv(parts[r].time, (int)counts[r], MPI_DOUBLE, r, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Recv(parts[r].id, (int)counts[r], MPI_LONG_LONG, r, 2,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Recv(&parts[r].seconds, 1, MPI_DOUBLE, r, 3, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            MPI_Recv(&parts[r].threads, 1, MPI_INT, r, 4, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        }
        rc = search_merge(parts, mpi_size, res, err);
        for (int r = 1; r < mpi_size; r++) {
            free(parts[r].time);
            free(parts[r].id);
        }
        free(parts);
        free(counts);
    } else {
        long long *ids = calloc((size_t)(n ? n : 1), sizeof *ids);
        for (long long i = 0; i < n; i++)
            ids[i] = part.id ? part.id[i] : lo + i;
        MPI_Send(part.time, (int)n, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
        MPI_Send(ids, (int)n, MPI_LONG_LONG, 0, 2, MPI_COMM_WORLD);
        MPI_Send(&part.seconds, 1, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD);
        MPI_Send(&part.threads, 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
        free(ids);
        rc = 0;
    }
    search_result_fini(&part);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc != 0 && mpi_rank != 0)
        rho_err_set(err, RHO_ESTARVED, "every schedule starved");
    return rc;
}

int
cli_mpi_sweep_merge(double **data, long n, int width, int rc,
                    struct rho_err *err)
{
    int mine, first;
    double *sum;

    if (mpi_size == 1)
        return rc;
    /* every point was computed by one rank; the others hold zeros */
    sum = mpi_rank == 0 ? calloc((size_t)n * (size_t)width, sizeof *sum) : NULL;
    MPI_Reduce(*data, sum, (int)(n * width), MPI_DOUBLE, MPI_SUM, 0,
               MPI_COMM_WORLD);
    /* the lowest rank that failed reports its (lowest) point */
    mine = rc != 0 ? mpi_rank : mpi_size;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first < mpi_size) {
        if (first != 0 && mpi_rank == first)
            MPI_Send(err, (int)sizeof *err, MPI_BYTE, 0, 5, MPI_COMM_WORLD);
        if (mpi_rank == 0 && first != 0)
            MPI_Recv(err, (int)sizeof *err, MPI_BYTE, first, 5, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        rc = cli_exit_code(err);
    }
    free(*data);
    *data = sum;
    return rc;
}
