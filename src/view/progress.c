/*
 * progress: a run in progress in words. See progress.h.
 */
#include "view/progress.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The phases the models report (model_entry.phase), in words. */
static const struct {
    const char *name, *words;
} phase_words[] = {
    {"start", "starting"},
    {"count", "counting messages"},
    {"route", "routing"},
    {"collect", "collecting messages"},
    {"solve", "allocation rounds"},
    {"replay", "replaying the rounds"},
    {"stats", "statistics"},
    {"compare", "the link model beside it"},
    {"running", "running"},
};

const char *
progress_phase_words(const char *phase)
{
    if (phase == NULL)
        return "starting";
    for (size_t i = 0; i < sizeof phase_words / sizeof phase_words[0]; i++)
        if (strcmp(phase, phase_words[i].name) == 0)
            return phase_words[i].words;
    return phase;
}

char *
progress_left(double t, char *buf, size_t n)
{
    if (!(t >= 1))
        snprintf(buf, n, "under a second");
    else if (t < 90)
        snprintf(buf, n, "about %.0f s", t < 10 ? ceil(t) : 5 * ceil(t / 5));
    else if (t < 90 * 60)
        snprintf(buf, n, "about %.0f min", ceil(t / 60));
    else
        snprintf(buf, n, "about %.0f h", ceil(t / 3600));
    return buf;
}

char *
progress_text(const struct session_run *r, char *buf, size_t n)
{
    char left[48];

    if (r->left >= 0)
        snprintf(buf, n, "%s %.0f%%, %s left in this phase",
                 progress_phase_words(r->phase), floor(100 * r->frac),
                 progress_left(r->left, left, sizeof left));
    else
        snprintf(buf, n, "%s %.0f%%, estimating\u2026",
                 progress_phase_words(r->phase), floor(100 * r->frac));
    return buf;
}
