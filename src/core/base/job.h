/*
 * job: one computation on a background thread, so that a long model run
 * (a big link model, a schedule search) never freezes the interface. The
 * owner starts it, polls it from its event loop, reads its progress, and
 * cancels it when a newer edit makes it stale: the work function sees the
 * cancel flag through job_cancelled() (or a progress callback returning
 * nonzero) and returns early. One job per struct; start a new one after
 * the old one was joined.
 */
#ifndef RHO_CORE_BASE_JOB_H
#define RHO_CORE_BASE_JOB_H

#include <pthread.h>
#include <stdatomic.h>

struct job;

/* The work: runs on the job's thread with the caller's arg; returns a
   status the owner reads with job_status(). */
typedef int job_fn(struct job *j, void *arg);

struct job {
    pthread_t thread;
    job_fn *fn;
    void *arg;
    atomic_int running; /* 1 while fn runs */
    atomic_int cancel;
    atomic_llong done, total; /* progress, in the work's own units */
    int status;
    int started;
};

/* Set up j (caller's storage) idle. */
void job_init(struct job *j);

/* Start fn(j, arg) on a new thread. Returns 0, or -1 if j is busy or no
   thread could be made (then fn has not run). */
int job_start(struct job *j, job_fn *fn, void *arg);

/* 1 while the work runs. */
int job_running(const struct job *j);

/* Ask the work to stop (it returns when it next looks). */
void job_cancel(struct job *j);

/* For the work: has cancel been asked? */
int job_cancelled(const struct job *j);

/* For the work: report progress (done out of total). */
void job_progress(struct job *j, long long done, long long total);

/* Progress as a fraction in [0, 1] (0 when unknown). */
double job_fraction(const struct job *j);

/* Work in nphases named phases reports phase k (0-based) done to the
   fraction done (clamped to [0, 1]) as one number, k * 1000 + done * 999
   of nphases * 1000. Returns job_cancelled(j), as a progress callback
   does; j NULL: 0. */
int job_phase_progress(struct job *j, int k, int nphases, double done);

/* The phase job_phase_progress() last reported (its index), with its
   fraction done in *frac; -1 (and *frac 0) before the first report. */
int job_phase(const struct job *j, int nphases, double *frac);

/* Wait for the work to return, then return its status (0 if never
   started). Safe to call twice. */
int job_join(struct job *j);

#endif
