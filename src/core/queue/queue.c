/*
 * queue: the closed forms of the aggregate queueing model. See queue.h.
 */
#include "core/queue/queue.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

#define TOL 1e-9

static const char *const policy_names[QUEUE_POLICIES] = {
    "built", "equal", "optimal", "reversed", "sqrt",
};

static const char *const delay_names[] = {"per_link", "aggregate"};

void
queue_opts_init(struct queue_opts *o)
{
    o->packet = 64;
    o->delay = QUEUE_PER_LINK;
}

struct queue *
queue_new(int k)
{
    struct queue *q;
    size_t n = (size_t)k;

    if (k < 1 || k > QUEUE_MAX_LEVELS)
        return NULL;
    q = xcalloc(1, sizeof *q);
    q->k = k;
    q->name = xcalloc(n, sizeof *q->name);
    q->n = xcalloc(n, sizeof *q->n);
    q->mu = xcalloc(n, sizeof *q->mu);
    q->v = xcalloc(n, sizeof *q->v);
    q->lat = xcalloc(n, sizeof *q->lat);
    q->bmin = xcalloc(n, sizeof *q->bmin);
    q->bmax = xcalloc(n, sizeof *q->bmax);
    for (int i = 0; i < k; i++)
        snprintf(q->name[i], QUEUE_NAME_MAX, "L%d", i + 1);
    return q;
}

static void *
dup(const void *p, size_t size)
{
    void *d;

    if (p == NULL)
        return NULL;
    d = xmalloc(size);
    memcpy(d, p, size);
    return d;
}

struct queue *
queue_clone(const struct queue *q)
{
    struct queue *c;
    size_t n;

    if (q == NULL)
        return NULL;
    n = (size_t)q->k;
    c = xmalloc(sizeof *c);
    *c = *q;
    c->name = dup(q->name, n * sizeof *q->name);
    c->n = dup(q->n, n * sizeof *q->n);
    c->mu = dup(q->mu, n * sizeof *q->mu);
    c->v = dup(q->v, n * sizeof *q->v);
    c->lat = dup(q->lat, n * sizeof *q->lat);
    c->bmin = dup(q->bmin, n * sizeof *q->bmin);
    c->bmax = dup(q->bmax, n * sizeof *q->bmax);
    c->p0 = dup(q->p0, n * sizeof *q->p0);
    c->P = dup(q->P, n * n * sizeof *q->P);
    c->pexit = dup(q->pexit, n * sizeof *q->pexit);
    return c;
}

void
queue_free(struct queue *q)
{
    if (q == NULL)
        return;
    free(q->name);
    free(q->n);
    free(q->mu);
    free(q->v);
    free(q->lat);
    free(q->bmin);
    free(q->bmax);
    free(q->p0);
    free(q->P);
    free(q->pexit);
    free(q);
}

int
queue_used(const struct queue *q)
{
    int m = 0;

    for (int i = 0; i < q->k; i++)
        m += q->v[i] > 0;
    return m;
}

double
queue_visits_sum(const struct queue *q)
{
    double V = 0;

    for (int i = 0; i < q->k; i++)
        V += q->v[i] > 0 ? q->v[i] : 0;
    return V;
}

double
queue_saturation(const struct queue *q, const double *mu, int *bottleneck)
{
    double sat = INFINITY;
    int b = -1;

    if (mu == NULL)
        mu = q->mu;
    for (int i = 0; i < q->k; i++) {
        double s;
        if (!(q->v[i] > 0))
            continue;
        s = mu[i] > 0 ? mu[i] / q->v[i] : 0;
        if (b < 0 || s < sat) {
            sat = s;
            b = i;
        }
    }
    if (bottleneck != NULL)
        *bottleneck = b;
    return sat;
}

/* The delay of one hop of level i at arrivals x (s), without latency. */
static double
hop_delay(const struct queue *q, const double *mu, int i, double x,
          const struct queue_opts *o)
{
    double spare = mu[i] - x, links;

    if (!(mu[i] > 0) || spare <= QUEUE_EPS * mu[i])
        return INFINITY;
    links = o->delay == QUEUE_PER_LINK && q->n[i] > 0 ? (double)q->n[i] : 1;
    return links * o->packet / spare;
}

void
queue_eval(const struct queue *q, const double *mu, double lambda,
           const struct queue_opts *o, struct queue_point *pt,
           struct queue_level_point *lv)
{
    struct queue_opts def;
    double D = 0;

    if (o == NULL) {
        queue_opts_init(&def);
        o = &def;
    }
    if (mu == NULL)
        mu = q->mu;
    if (!(lambda >= 0))
        lambda = 0;
    memset(pt, 0, sizeof *pt);
    pt->lambda = lambda;
    pt->sat = queue_saturation(q, mu, &pt->bottleneck);
    /* Theorem 3.2, corrected: d = max(0, max_i lambda - mu_i / v_i) */
    pt->lambda_e = lambda < pt->sat ? lambda : pt->sat;
    pt->d = lambda - pt->lambda_e;
    pt->saturated = pt->bottleneck >= 0 && lambda >= pt->sat;
    for (int i = 0; i < q->k; i++) {
        double x = pt->lambda_e * (q->v[i] > 0 ? q->v[i] : 0);
        double rho = mu[i] > 0 ? x / mu[i] : (x > 0 ? INFINITY : 0);
        double d = hop_delay(q, mu, i, x, o) + q->lat[i];
        int sat = q->v[i] > 0 && rho >= 1 - QUEUE_EPS;
        if (sat)
            d = INFINITY;
        if (lv != NULL) {
            lv[i].x = x;
            lv[i].rho = rho;
            lv[i].D = d;
            lv[i].saturated = sat;
        }
        if (q->v[i] > 0)
            D += q->v[i] * d;
    }
    pt->delay = pt->saturated ? INFINITY : D;
}

/* What level i's spare capacity weighs in the delay a packet sees, D =
   sum_i v_i n_i S / (mu_i - x_i) (n_i = 1 for the aggregate delay):
   the square-root split gives it spare in proportion to the root. */
static double
delay_weight(const struct queue *q, int i, const struct queue_opts *o)
{
    double links = o->delay == QUEUE_PER_LINK && q->n[i] > 0 ? q->n[i] : 1;

    return q->v[i] > 0 ? sqrt(q->v[i] * links) : 0;
}

double
queue_split(const struct queue *q, int policy, double U, double lambda_e,
            const struct queue_opts *o, double *mu)
{
    double V = queue_visits_sum(q);
    int m = queue_used(q);
    struct queue_opts def;

    if (o == NULL) {
        queue_opts_init(&def);
        o = &def;
    }

    switch (policy) {
    case QUEUE_BUILT:
        memcpy(mu, q->mu, (size_t)q->k * sizeof *mu);
        break;
    case QUEUE_EQUAL:
        for (int i = 0; i < q->k; i++)
            mu[i] = q->v[i] > 0 ? U / m : 0;
        break;
    case QUEUE_SQRT:
        if (V > 0 && lambda_e >= 0 && lambda_e * V < U) {
            double sq = 0, spare = U - lambda_e * V;
            for (int i = 0; i < q->k; i++)
                sq += delay_weight(q, i, o);
            for (int i = 0; i < q->k; i++)
                mu[i] = q->v[i] > 0 ? lambda_e * q->v[i] +
                                          spare * delay_weight(q, i, o) / sq
                                    : 0;
            break;
        }
        /* at or beyond saturation: the optimal split */
        /* fall through */
    case QUEUE_OPTIMAL:
        for (int i = 0; i < q->k; i++)
            mu[i] = q->v[i] > 0 ? U * q->v[i] / V : 0;
        break;
    case QUEUE_REVERSED: {
        /* the used levels' optimal shares, last to first */
        int lo = 0, hi = q->k - 1;
        for (int i = 0; i < q->k; i++)
            mu[i] = 0;
        while (lo <= hi) {
            while (lo < q->k && !(q->v[lo] > 0))
                lo++;
            while (hi >= 0 && !(q->v[hi] > 0))
                hi--;
            if (lo > hi)
                break;
            mu[lo] = U * q->v[hi] / V;
            mu[hi] = U * q->v[lo] / V;
            lo++;
            hi--;
        }
        break;
    }
    default:
        return -1;
    }
    return queue_saturation(q, mu, NULL);
}

void
queue_slim(const struct queue *q, const double *base, double r, double *mu)
{
    double f = 1;

    for (int i = 0; i < q->k; i++) {
        mu[i] = base[i] * f;
        f *= 1 - r;
    }
}

const char *
queue_policy_name(int policy)
{
    return policy >= 0 && policy < QUEUE_POLICIES ? policy_names[policy] : "?";
}

int
queue_policy_parse(const char *name)
{
    for (int i = 0; i < QUEUE_POLICIES; i++)
        if (strcmp(name, policy_names[i]) == 0)
            return i;
    return -1;
}

const char *
queue_delay_name(int mode)
{
    return mode == QUEUE_AGGREGATE ? delay_names[1] : delay_names[0];
}

int
queue_delay_parse(const char *name)
{
    if (strcmp(name, "per_link") == 0 || strcmp(name, "per-link") == 0)
        return QUEUE_PER_LINK;
    if (strcmp(name, "aggregate") == 0)
        return QUEUE_AGGREGATE;
    return -1;
}

static const char *
lname(char (*name)[QUEUE_NAME_MAX], int i, char *buf)
{
    if (name != NULL)
        return name[i];
    snprintf(buf, QUEUE_NAME_MAX, "L%d", i + 1);
    return buf;
}

int
queue_check_routing(int k, char (*name)[QUEUE_NAME_MAX], const double *p0,
                    const double *P, const double *pexit, struct rho_err *err)
{
    char b[QUEUE_NAME_MAX];
    double s0 = 0;

    for (int i = 0; i < k; i++) {
        double row = 0;
        if (!(p0[i] >= 0 && p0[i] <= 1 + TOL))
            return rho_err_set(err, RHO_EINPUT,
                               "level %s: p0 must be between 0 and 1, got %g",
                               lname(name, i, b), p0[i]);
        s0 += p0[i];
        for (int j = 0; j < k; j++) {
            double p = P[(size_t)i * (size_t)k + (size_t)j];
            if (!(p >= 0 && p <= 1 + TOL))
                return rho_err_set(
                    err, RHO_EINPUT,
                    "level %s: P[%d][%d] must be between 0 and 1, got %g",
                    lname(name, i, b), i + 1, j + 1, p);
            row += p;
        }
        if (pexit != NULL) {
            if (!(pexit[i] >= 0 && pexit[i] <= 1 + TOL))
                return rho_err_set(
                    err, RHO_EINPUT,
                    "level %s: the exit probability must be between 0 and 1, "
                    "got %g",
                    lname(name, i, b), pexit[i]);
            row += pexit[i];
            if (fabs(row - 1) > TOL)
                return rho_err_set(err, RHO_EINPUT,
                                   "level %s: its routing probabilities and "
                                   "exit sum to %g, not 1",
                                   lname(name, i, b), row);
        } else if (row > 1 + TOL) {
            return rho_err_set(err, RHO_EINPUT,
                               "level %s: its routing probabilities sum to "
                               "%g, more than 1",
                               lname(name, i, b), row);
        }
    }
    if (fabs(s0 - 1) > TOL)
        return rho_err_set(err, RHO_EINPUT,
                           "p0 (the first hops) sums to %g, not 1", s0);
    return 0;
}

int
queue_visits(int k, const double *p0, const double *P, double *v,
             struct rho_err *err)
{
    size_t n = (size_t)k;
    double *a = xmalloc(n * (n + 1) * sizeof *a);
    int rc = 0;

#define A(i, j) a[(size_t)(i) * (n + 1) + (size_t)(j)]
    /* (I - P^T) v = p0, augmented */
    for (int i = 0; i < k; i++) {
        for (int j = 0; j < k; j++)
            A(i, j) = (i == j) - P[(size_t)j * n + (size_t)i];
        A(i, k) = p0[i];
    }
    for (int c = 0; c < k; c++) {
        int piv = c;
        for (int r = c + 1; r < k; r++)
            if (fabs(A(r, c)) > fabs(A(piv, c)))
                piv = r;
        if (!(fabs(A(piv, c)) > 1e-12)) {
            rc = rho_err_set(err, RHO_EINPUT,
                             "the routing probabilities keep messages in the "
                             "network forever (I - P^T is singular)");
            goto out;
        }
        if (piv != c)
            for (int j = 0; j <= k; j++) {
                double t = A(c, j);
                A(c, j) = A(piv, j);
                A(piv, j) = t;
            }
        for (int r = c + 1; r < k; r++) {
            double f = A(r, c) / A(c, c);
            if (f == 0)
                continue;
            for (int j = c; j <= k; j++)
                A(r, j) -= f * A(c, j);
        }
    }
    for (int i = k - 1; i >= 0; i--) {
        double s = A(i, k);
        for (int j = i + 1; j < k; j++)
            s -= A(i, j) * v[j];
        v[i] = s / A(i, i);
        if (!(v[i] >= -TOL) || !isfinite(v[i])) {
            rc = rho_err_set(err, RHO_EINPUT,
                             "the routing probabilities give level %d a "
                             "negative or infinite visit ratio",
                             i + 1);
            goto out;
        }
        if (v[i] < 0)
            v[i] = 0;
    }
#undef A
out:
    free(a);
    return rc;
}

int
queue_set_routing(struct queue *q, const double *p0, const double *P,
                  const double *pexit, struct rho_err *err)
{
    size_t n = (size_t)q->k;
    double *v = xmalloc(n * sizeof *v);

    if (queue_check_routing(q->k, q->name, p0, P, pexit, err) != 0 ||
        queue_visits(q->k, p0, P, v, err) != 0) {
        free(v);
        return -1;
    }
    if (!q->has_p) {
        q->p0 = xmalloc(n * sizeof *q->p0);
        q->P = xmalloc(n * n * sizeof *q->P);
        q->pexit = xmalloc(n * sizeof *q->pexit);
        q->has_p = 1;
    }
    memcpy(q->p0, p0, n * sizeof *p0);
    memcpy(q->P, P, n * n * sizeof *P);
    for (int i = 0; i < q->k; i++) {
        double row = 0;
        for (int j = 0; j < q->k; j++)
            row += P[(size_t)i * n + (size_t)j];
        q->pexit[i] = pexit != NULL ? pexit[i] : (row < 1 ? 1 - row : 0);
    }
    memcpy(q->v, v, n * sizeof *v);
    free(v);
    return 0;
}
