/* File watching and background jobs. */
#include "harness.h"

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "core/base/job.h"
#include "core/base/watch.h"

static int
spin(struct job *j, void *arg)
{
    long long n = *(long long *)arg;

    for (long long i = 0; i < n; i++) {
        struct timespec ts = {0, 1000 * 1000};
        if (job_cancelled(j))
            return 2;
        job_progress(j, i + 1, n);
        nanosleep(&ts, NULL);
    }
    return 7;
}

int
main(void)
{
    char path[] = "/tmp/rho-watch-XXXXXX";
    int fd = mkstemp(path);
    struct watch w;
    struct job j;
    long long n = 20, forever = 1000000;
    FILE *f;

    CHECK(fd >= 0, "temporary file");
    close(fd);
    watch_init(&w, path);
    CHECK(!watch_changed(&w), "unchanged");
    f = fopen(path, "w");
    fputs("return 1\n", f);
    fclose(f);
    CHECK(watch_changed(&w), "a write is seen (size)");
    CHECK(!watch_changed(&w), "and only once");
    {
        /* an editor's save: a new file renamed over the old one */
        char tmp[64];
        snprintf(tmp, sizeof tmp, "%s.new", path);
        f = fopen(tmp, "w");
        fputs("return 2\n", f);
        fclose(f);
        rename(tmp, path);
    }
    CHECK(watch_changed(&w), "a rename over it is seen (inode)");
    unlink(path);
    CHECK(watch_changed(&w), "removal is a change");
    CHECK(!watch_changed(&w), "staying removed is not");

    job_init(&j);
    CHECK(job_start(&j, spin, &n) == 0, "job started");
    CHECK(job_start(&j, spin, &n) == -1, "a busy job refuses a second start");
    CHECK(job_join(&j) == 7, "job finished with its status");
    CHECK(!job_running(&j) && job_fraction(&j) == 1.0, "progress 1");
    CHECK(job_start(&j, spin, &forever) == 0, "long job started");
    for (int k = 0; k < 2000 && job_fraction(&j) == 0; k++) {
        struct timespec ts = {0, 1000 * 1000}; /* up to 2 s under load */
        nanosleep(&ts, NULL);
    }
    CHECK(job_running(&j) && job_fraction(&j) > 0, "running, with progress");
    job_cancel(&j);
    CHECK(job_join(&j) == 2, "cancelled job returns early");

    /* phases: 3 of them, the second half done, read back as reported */
    {
        struct job p;
        double fr = -1;
        job_init(&p);
        CHECK(job_phase(&p, 3, &fr) == -1 && fr == 0,
              "no phase before a report");
        CHECK(job_phase_progress(&p, 1, 3, 0.5) == 0, "not cancelled");
        CHECK(job_phase(&p, 3, &fr) == 1 && fabs(fr - 499.0 / 999) < 1e-12,
              "phase 1 at 499/999 (got %g)", fr);
        CHECK(fabs(job_fraction(&p) - 1499.0 / 3000) < 1e-12,
              "the whole: 1499 of 3000");
        job_phase_progress(&p, 2, 3, 7.0); /* clamped to 1 */
        CHECK(job_phase(&p, 3, &fr) == 2 && fr == 1, "done clamps to 1");
        job_phase_progress(&p, 0, 3, NAN); /* NaN: 0 */
        CHECK(job_phase(&p, 3, &fr) == 0 && fr == 0, "NaN counts as 0");
        job_cancel(&p);
        CHECK(job_phase_progress(&p, 0, 3, 0) == 1,
              "a cancelled job's report says stop");
        CHECK(job_phase_progress(NULL, 0, 3, 0) == 0, "no job: go on");
    }
    TEST_DONE();
}
