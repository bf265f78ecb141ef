/*
 * job: a computation on a background thread. See job.h.
 */
#include "core/base/job.h"

#include <string.h>

void
job_init(struct job *j)
{
    memset(j, 0, sizeof *j);
    atomic_init(&j->running, 0);
    atomic_init(&j->cancel, 0);
    atomic_init(&j->done, 0);
    atomic_init(&j->total, 0);
}

static void *
trampoline(void *arg)
{
    struct job *j = arg;

    j->status = j->fn(j, j->arg);
    atomic_store(&j->running, 0);
    return NULL;
}

int
job_start(struct job *j, job_fn *fn, void *arg)
{
    if (j->started)
        return -1;
    j->fn = fn;
    j->arg = arg;
    j->status = 0;
    atomic_store(&j->cancel, 0);
    atomic_store(&j->done, 0);
    atomic_store(&j->total, 0);
    atomic_store(&j->running, 1);
    if (pthread_create(&j->thread, NULL, trampoline, j) != 0) {
        atomic_store(&j->running, 0);
        return -1;
    }
    j->started = 1;
    return 0;
}

int
job_running(const struct job *j)
{
    return atomic_load(&((struct job *)j)->running);
}

void
job_cancel(struct job *j)
{
    atomic_store(&j->cancel, 1);
}

int
job_cancelled(const struct job *j)
{
    return atomic_load(&((struct job *)j)->cancel);
}

void
job_progress(struct job *j, long long done, long long total)
{
    atomic_store(&j->done, done);
    atomic_store(&j->total, total);
}

double
job_fraction(const struct job *j)
{
    long long d = atomic_load(&((struct job *)j)->done);
    long long t = atomic_load(&((struct job *)j)->total);

    return t > 0 ? (double)d / (double)t : 0;
}

int
job_phase_progress(struct job *j, int k, int nphases, double done)
{
    if (j == NULL)
        return 0;
    if (!(done >= 0))
        done = 0;
    if (done > 1)
        done = 1;
    job_progress(j, (long long)k * 1000 + (long long)(done * 999),
                 (long long)nphases * 1000);
    return job_cancelled(j);
}

int
job_phase(const struct job *j, int nphases, double *frac)
{
    long long d = atomic_load(&((struct job *)j)->done);
    long long t = atomic_load(&((struct job *)j)->total);
    int k;

    *frac = 0;
    if (t <= 0)
        return -1;
    k = (int)(d / 1000);
    if (k >= nphases)
        k = nphases - 1;
    *frac = (double)(d % 1000) / 999.0;
    return k;
}

int
job_join(struct job *j)
{
    if (!j->started)
        return j->status;
    pthread_join(j->thread, NULL);
    j->started = 0;
    return j->status;
}
