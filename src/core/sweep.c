/*
 * sweep: parameter studies over a scenario. See sweep.h.
 */
#include "core/sweep.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/pool.h"
#include "core/base/rho_alloc.h"
#include "core/base/units.h"

void
sweep_init(struct sweep *sw)
{
    memset(sw, 0, sizeof *sw);
}

void
sweep_fini(struct sweep *sw)
{
    for (int k = 0; k < sw->naxes; k++) {
        for (int v = 0; v < sw->axis[k].n; v++)
            free(sw->axis[k].value[v]);
        free(sw->axis[k].value);
        free(sw->axis[k].name);
    }
    sweep_init(sw);
}

static void
add_value(struct sweep_axis *a, const char *v)
{
    a->value = xreallocarray(a->value, (size_t)a->n + 1, sizeof *a->value);
    a->value[a->n++] = xstrdup(v);
}

/* Split "40KiB" into 40 and "KiB"; returns 0 or -1. */
static int
num_unit(const char *s, double *v, char *unit, size_t n)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    *v = strtod(s, &end);
    if (end == s || !isfinite(*v))
        return -1;
    while (isspace((unsigned char)*end))
        end++;
    snprintf(unit, n, "%s", end);
    for (size_t i = strlen(unit); i > 0 && isspace((unsigned char)unit[i - 1]);
         i--)
        unit[i - 1] = '\0';
    return 0;
}

static int
add_range(struct sweep_axis *a, const char *spec, struct rho_err *err)
{
    char buf[256], u1[32], u2[32], u3[32], text[96];
    char *p1, *p2;
    double lo, hi, step;
    int geometric;

    snprintf(buf, sizeof buf, "%s", spec);
    p1 = strchr(buf, ':');
    p2 = p1 ? strchr(p1 + 1, ':') : NULL;
    if (p2 == NULL)
        return rho_err_set(err, RHO_EINPUT,
                           "%s: a range is lo:hi:step or lo:hi:*factor",
                           a->name);
    *p1++ = '\0';
    *p2++ = '\0';
    geometric = *p2 == '*';
    if (num_unit(buf, &lo, u1, sizeof u1) || num_unit(p1, &hi, u2, sizeof u2) ||
        num_unit(p2 + geometric, &step, u3, sizeof u3))
        return rho_err_set(err, RHO_EINPUT, "%s: bad range '%s'", a->name,
                           spec);
    if (strcmp(u1, u2) != 0 || (!geometric && u3[0] && strcmp(u1, u3) != 0) ||
        (geometric && u3[0]))
        return rho_err_set(err, RHO_EINPUT,
                           "%s: the ends and the step of '%s' must have the "
                           "same unit",
                           a->name, spec);
    if (geometric ? !(step > 1) || !(lo > 0) : !(step > 0))
        return rho_err_set(err, RHO_EINPUT, "%s: the step of '%s' must be %s",
                           a->name, spec,
                           geometric ? "a factor > 1 (and lo > 0)" : "> 0");
    for (int k = 0;; k++) {
        double v = geometric ? lo * pow(step, k) : lo + step * k;
        if (v > hi * (1 + 1e-12) + (hi == 0 ? 1e-12 : 0))
            break;
        if (a->n >= SWEEP_MAX_VALUES)
            return rho_err_set(err, RHO_EINPUT, "%s: more than %d values",
                               a->name, SWEEP_MAX_VALUES);
        if (fabs(v) < 1e-15 * (fabs(step) + fabs(lo)))
            v = 0; /* 0.1 + 3 * -0.1 */
        snprintf(text, sizeof text, "%.12g%s%s", v, u1[0] ? " " : "", u1);
        add_value(a, text);
    }
    if (a->n == 0)
        return rho_err_set(err, RHO_EINPUT, "%s: the range '%s' is empty",
                           a->name, spec);
    return 0;
}

int
sweep_add_axis(struct sweep *sw, const char *spec, struct rho_err *err)
{
    const char *eq = strchr(spec, '=');
    struct sweep_axis *a;
    int rc = 0;

    if (eq == NULL || eq == spec)
        return rho_err_set(err, RHO_EINPUT, "a sweep is NAME=VALUES, got '%s'",
                           spec);
    if (sw->naxes == SWEEP_MAX_AXES)
        return rho_err_set(err, RHO_EINPUT, "at most %d swept names",
                           SWEEP_MAX_AXES);
    for (int k = 0; k < sw->naxes; k++)
        if (strlen(sw->axis[k].name) == (size_t)(eq - spec) &&
            strncmp(sw->axis[k].name, spec, (size_t)(eq - spec)) == 0)
            return rho_err_set(err, RHO_EINPUT, "%.*s is swept twice",
                               (int)(eq - spec), spec);
    a = &sw->axis[sw->naxes];
    memset(a, 0, sizeof *a);
    a->name = xstrndup(spec, (size_t)(eq - spec));
    if (strchr(eq + 1, ':') != NULL) {
        rc = add_range(a, eq + 1, err);
    } else {
        const char *p = eq + 1;
        while (rc == 0) {
            const char *c = strchr(p, ',');
            size_t len = c ? (size_t)(c - p) : strlen(p);
            char *v = xstrndup(p, len);
            char *s = v, *e;
            while (isspace((unsigned char)*s))
                s++;
            e = s + strlen(s);
            while (e > s && isspace((unsigned char)e[-1]))
                *--e = '\0';
            if (*s == '\0')
                rc = rho_err_set(err, RHO_EINPUT, "%s: an empty value in '%s'",
                                 a->name, eq + 1);
            else if (a->n >= SWEEP_MAX_VALUES)
                rc = rho_err_set(err, RHO_EINPUT, "%s: more than %d values",
                                 a->name, SWEEP_MAX_VALUES);
            else
                add_value(a, s);
            free(v);
            if (c == NULL)
                break;
            p = c + 1;
        }
    }
    sw->naxes++; /* counted even on error, so sweep_fini frees it */
    return rc;
}

long
sweep_count(const struct sweep *sw)
{
    long n = 1;

    for (int k = 0; k < sw->naxes; k++)
        n *= sw->axis[k].n;
    return n;
}

void
sweep_point(const struct sweep *sw, long i, const char **values)
{
    for (int k = sw->naxes - 1; k >= 0; k--) { /* the last axis fastest */
        values[k] = sw->axis[k].value[i % sw->axis[k].n];
        i /= sw->axis[k].n;
    }
}

/* The kind of one value, and its number in base units. */
static enum sweep_kind
value_kind(const char *text, double *v)
{
    static const struct {
        enum unit_kind unit;
        enum sweep_kind kind;
    } kinds[] = {{UNIT_SIZE, SWEEP_BYTES},
                 {UNIT_RATE, SWEEP_BPS},
                 {UNIT_TIME, SWEEP_SECONDS}};
    struct rho_err err;
    char *end;

    *v = strtod(text, &end);
    if (end != text && *end == '\0' && isfinite(*v))
        return SWEEP_NUMBER;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (units_parse(kinds[k].unit, text, v, &err) == 0)
            return kinds[k].kind;
    return SWEEP_TEXT;
}

enum sweep_kind
sweep_axis_kind(const struct sweep_axis *ax, double *v)
{
    enum sweep_kind kind = SWEEP_NUMBER;
    double x;

    for (int i = 0; i < ax->n; i++) {
        enum sweep_kind k = value_kind(ax->value[i], &x);
        if (k == SWEEP_TEXT)
            return SWEEP_TEXT;
        if (k != SWEEP_NUMBER) { /* a quantity: all of one kind */
            if (kind != SWEEP_NUMBER && kind != k)
                return SWEEP_TEXT;
            kind = k;
        }
        if (v != NULL)
            v[i] = x;
    }
    return kind;
}

const char *
sweep_kind_unit(enum sweep_kind kind)
{
    switch (kind) {
    case SWEEP_BYTES:
        return "bytes";
    case SWEEP_BPS:
        return "Bps";
    case SWEEP_SECONDS:
        return "s";
    default:
        return "";
    }
}

struct sjob {
    const struct sweep *sw;
    int ncols;
    sweep_eval_fn *fn;
    void *ctx;
    double *out;
    pthread_mutex_t lock;
    long err_at; /* lowest failing point, or -1 */
    struct rho_err err;
    int (*progress)(void *, long long, long long);
    void *pctx;
};

/* Point i on any worker. A failing point stops the sweep; the lowest
   failing point is the one reported. */
static int
run_point(void *arg, long long i, int w)
{
    struct sjob *j = arg;
    const char *values[SWEEP_MAX_AXES];
    struct rho_err e;

    (void)w;
    sweep_point(j->sw, (long)i, values);
    if (j->fn(j->ctx, (long)i, values, j->out + i * j->ncols, &e) == 0)
        return 0;
    pthread_mutex_lock(&j->lock);
    if (j->err_at < 0 || i < j->err_at) {
        char pt[256];
        size_t used = 0;
        pt[0] = '\0';
        for (int k = 0; k < j->sw->naxes && used < sizeof pt - 8; k++)
            used += (size_t)snprintf(pt + used, sizeof pt - used, "%s%s=%s",
                                     k ? ", " : "", j->sw->axis[k].name,
                                     values[k]);
        j->err_at = (long)i;
        j->err = e;
        rho_err_prefix(&j->err, "point %ld (%s)", (long)i + 1, pt);
    }
    pthread_mutex_unlock(&j->lock);
    return 1;
}

static int
watch(void *arg, long long done, long long n)
{
    struct sjob *j = arg;

    return j->progress(j->pctx, done, n);
}

int
sweep_run(const struct sweep *sw, int threads, int ncols, sweep_eval_fn *fn,
          void *ctx, double *out, int (*progress)(void *, long long, long long),
          void *pctx, struct rho_err *err)
{
    struct sjob j;
    struct pool *pool;
    int nt = threads > 0 ? threads : pool_cpus();
    long n = sweep_count(sw);
    int stopped;

    memset(&j, 0, sizeof j);
    j.sw = sw;
    j.ncols = ncols;
    j.fn = fn;
    j.ctx = ctx;
    j.out = out;
    j.err_at = -1;
    j.progress = progress;
    j.pctx = pctx;
    pthread_mutex_init(&j.lock, NULL);
    if (nt > POOL_MAX_THREADS - 1)
        nt = POOL_MAX_THREADS - 1;
    if (nt > n)
        nt = (int)n;
    /* with a progress callback the caller watches and nt threads work */
    pool = pool_new(progress != NULL ? nt + 1 : nt);
    if (progress != NULL)
        stopped = pool_for_watched(pool, n, 1, run_point, &j, watch, &j, 100);
    else
        stopped = pool_for(pool, n, 1, run_point, &j);
    pool_free(pool);
    pthread_mutex_destroy(&j.lock);
    if (j.err_at >= 0) {
        if (err)
            *err = j.err;
        return -1;
    }
    if (stopped)
        return rho_err_set(err, RHO_ECANCEL, "sweep cancelled");
    return 0;
}
