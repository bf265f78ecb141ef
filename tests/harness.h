/*
 * harness.h: the unit-test harness (after Redis testhelp.h).
 *
 * Each test binary prints "ok N - descr" or "FAIL file:line descr" per
 * check and a last line "# N passed, N failed"; it exits 1 if any failed.
 * tests/run.sh adds the counts of every binary.
 */
#ifndef RHO_TESTS_HARNESS_H
#define RHO_TESTS_HARNESS_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <stdarg.h>

static int t_pass, t_fail;

__attribute__((format(printf, 4, 5), unused)) static void
t_check(int cond, const char *file, int line, const char *fmt, ...)
{
    char d[1024];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(d, sizeof d, fmt, ap);
    va_end(ap);
    if (cond) {
        t_pass++;
        printf("ok %d - %s\n", t_pass + t_fail, d);
    } else {
        t_fail++;
        printf("FAIL %s:%d %s\n", file, line, d);
    }
    fflush(stdout);
}

__attribute__((unused)) static const char *
t_show(const char *s)
{
    return s ? s : "(null)";
}

#define CHECK(cond, ...) t_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

/* |a - b| <= tol, reporting both values on failure. */
#define CHECK_NEAR(a, b, tol, ...)                                             \
    do {                                                                       \
        double t_a_ = (a), t_b_ = (b);                                         \
        char t_m_[512];                                                        \
        snprintf(t_m_, sizeof t_m_, __VA_ARGS__);                              \
        CHECK(fabs(t_a_ - t_b_) <= (tol), "%s (got %.12g, want %.12g)", t_m_,  \
              t_a_, t_b_);                                                     \
    } while (0)

/* Two strings are equal, showing both on failure. */
#define CHECK_STR(a, b, ...)                                                   \
    do {                                                                       \
        const char *t_a_ = (a), *t_b_ = (b);                                   \
        char t_m_[512];                                                        \
        snprintf(t_m_, sizeof t_m_, __VA_ARGS__);                              \
        CHECK(t_a_ != NULL && strcmp(t_a_, t_b_) == 0,                         \
              "%s (got '%s', want '%s')", t_m_, t_show(t_a_), t_b_);           \
    } while (0)

#define TEST_DONE()                                                            \
    do {                                                                       \
        printf("# %d passed, %d failed\n", t_pass, t_fail);                    \
        return t_fail ? 1 : 0;                                                 \
    } while (0)

#endif
