/*
 * The optimised PCIe model against a plain, slow reference written
 * straight from the spec (../shared/spec/pcie-model.md sections 3-4), on
 * hundreds of seeded random trees and flow sets. The reference walks nodes
 * depth by depth as Algorithm 1 is printed, finds every set by scanning
 * every flow's path, and shares no code with src/core/pcie/pcie_model.c. The
 * first mismatch is reported with its seed.
 *
 * Every other seed gives the links random capacities (man/rho-model.7,
 * "Links of different speeds"). The reference then computes rates in
 * units of the default bandwidth -- a flow enters with its demand, the
 * slowest capacity on its path, and every sum is taken in units of the
 * channel's own capacity -- where the model works in shares of each
 * flow's demand: two formulations of the same rules. With every capacity
 * 1 the reference's arithmetic is the paper's, operation for operation.
 */
#include "harness.h"

#include <stdlib.h>

#include "core/pcie/pcie.h"
#include "core/pcie/pcie_model.h"
#include "core/pcie/pcie_sim.h"
#include "core/base/rng.h"

#define MAXN 40
#define MAXF 10
#define MAXP (2 * MAXN)

struct ref {
    int n;
    int parent[MAXN], depth[MAXN], kind[MAXN];
    double kap[MAXN]; /* capacity of x's link to its parent / default */
    double dem[MAXF]; /* per flow: slowest capacity on its path */
    double tau;
    int nf;
    int src[MAXF], dst[MAXF], crc[MAXF];
    int plen[MAXF];
    int tail[MAXF][MAXP], head[MAXF][MAXP];
    double rho[MAXF][MAXP];
    int arb[MAXF][MAXP];
    int active[MAXF];
    double colB[MAXF], colC[MAXF], colD8[MAXF], colD9[MAXF]; /* rates */
    int hol[MAXF];
};

/* Capacity of the channel (t, h): the link of its non-root end. */
static double
kap(const struct ref *r, int t, int h)
{
    return r->parent[t] == h ? r->kap[t] : r->kap[h];
}

static void
ref_paths(struct ref *r)
{
    for (int f = 0; f < r->nf; f++) {
        int up[MAXN], down[MAXN], nu = 0, nd = 0, a = r->src[f], b = r->dst[f];
        /* climb both to the same depth, then together: the LCA */
        while (r->depth[a] > r->depth[b]) {
            up[nu++] = a;
            a = r->parent[a];
        }
        while (r->depth[b] > r->depth[a]) {
            down[nd++] = b;
            b = r->parent[b];
        }
        while (a != b) {
            up[nu++] = a;
            down[nd++] = b;
            a = r->parent[a];
            b = r->parent[b];
        }
        r->crc[f] = a == 0;
        r->plen[f] = 0;
        r->dem[f] = 1e300;
        for (int i = 0; i < nu; i++) {
            r->tail[f][r->plen[f]] = up[i];
            r->head[f][r->plen[f]++] = r->parent[up[i]];
        }
        for (int i = nd - 1; i >= 0; i--) {
            r->tail[f][r->plen[f]] = r->parent[down[i]];
            r->head[f][r->plen[f]++] = down[i];
        }
        for (int i = 0; i < r->plen[f]; i++)
            if (kap(r, r->tail[f][i], r->head[f][i]) < r->dem[f])
                r->dem[f] = kap(r, r->tail[f][i], r->head[f][i]);
    }
}

/* index of channel (t, h) on flow f's path, or -1 */
static int
on_path(const struct ref *r, int f, int t, int h)
{
    for (int i = 0; i < r->plen[f]; i++)
        if (r->tail[f][i] == t && r->head[f][i] == h)
            return i;
    return -1;
}

static double
rin(const struct ref *r, int f, int i)
{
    return i == 0 ? r->dem[f] : r->rho[f][i - 1];
}

static void
ref_port_up(struct ref *r, int x)
{
    int t = x, h = r->parent[x];
    double S = 0;

    for (int f = 0; f < r->nf; f++) {
        int i = r->active[f] ? on_path(r, f, t, h) : -1;
        if (i >= 0)
            S += rin(r, f, i) / r->kap[x];
    }
    for (int f = 0; f < r->nf; f++) {
        int i = r->active[f] ? on_path(r, f, t, h) : -1;
        if (i < 0)
            continue;
        if (S > 1 + 1e-9) {
            r->rho[f][i] = rin(r, f, i) / S;
            r->arb[f][i] = 1;
        } else {
            r->rho[f][i] = rin(r, f, i);
        }
    }
}

static void
ref_port_down(struct ref *r, int x, int y)
{
    /* groups keyed by the previous channel (pt, ph) */
    int gt[MAXF], gh[MAXF], ng = 0, gcr[MAXF] = {0}, anycr = 0;
    double R[MAXF] = {0}, sum = 0;

    for (int f = 0; f < r->nf; f++) {
        int i = r->active[f] ? on_path(r, f, x, y) : -1, g;
        if (i < 0)
            continue;
        for (g = 0; g < ng; g++)
            if (gt[g] == r->tail[f][i - 1] && gh[g] == r->head[f][i - 1])
                break;
        if (g == ng) {
            gt[ng] = r->tail[f][i - 1];
            gh[ng++] = r->head[f][i - 1];
        }
        R[g] += rin(r, f, i) / r->kap[y];
        if (r->crc[f])
            gcr[g] = 1;
    }
    for (int g = 0; g < ng; g++) {
        sum += R[g];
        anycr |= gcr[g];
    }
    for (int f = 0; f < r->nf; f++) {
        int i = r->active[f] ? on_path(r, f, x, y) : -1, g;
        double Rp, n = ng;
        if (i < 0)
            continue;
        for (g = 0; g < ng; g++)
            if (gt[g] == r->tail[f][i - 1] && gh[g] == r->head[f][i - 1])
                break;
        if (!(sum > 1 + 1e-9) && x != 0) {
            r->rho[f][i] = rin(r, f, i);
            continue;
        }
        r->arb[f][i] = 1;
        if (!anycr)
            Rp = R[g] < 1 / n ? R[g] : 1 / n;
        else if (gcr[g])
            Rp = fmin(fmax(1 / n - r->tau, 0), R[g]);
        else
            Rp = fmin(1 / n + r->tau, R[g]);
        r->rho[f][i] = R[g] > 0 ? rin(r, f, i) * Rp / R[g] : 0;
    }
}

static void
ref_eval(struct ref *r, const int *present, int np)
{
    int maxd = 0, seen[MAXN] = {0};

    for (int f = 0; f < r->nf; f++) {
        r->active[f] = 0;
        for (int i = 0; i < MAXP; i++) {
            r->rho[f][i] = r->dem[f]; /* the source channel: step A */
            r->arb[f][i] = 0;
        }
    }
    for (int k = 0; k < np; k++) { /* step A */
        if (!seen[r->src[present[k]]])
            r->active[present[k]] = 1;
        seen[r->src[present[k]]] = 1;
    }
    for (int x = 0; x < r->n; x++)
        if (r->depth[x] > maxd)
            maxd = r->depth[x];
    for (int d = maxd; d >= 0; d--) /* step B */
        for (int x = 0; x < r->n; x++)
            if (r->depth[x] == d && r->kind[x] == PCIE_SWITCH)
                ref_port_up(r, x);
    for (int f = 0; f < r->nf; f++) {
        int i = 0;
        while (i + 1 < r->plen[f] &&
               r->head[f][i + 1] == r->parent[r->tail[f][i + 1]])
            i++;
        r->colB[f] = r->rho[f][i];
    }
    for (int d = 0; d <= maxd; d++) /* step C */
        for (int x = 0; x < r->n; x++)
            if (r->depth[x] == d && r->kind[x] != PCIE_ENDPOINT)
                for (int y = 0; y < r->n; y++)
                    if (r->parent[y] == x)
                        ref_port_down(r, x, y);
    for (int f = 0; f < r->nf; f++)
        r->colC[f] = r->rho[f][r->plen[f] - 1];
    /* Eq. 8 */
    for (int c = 0; c < r->nf; c++) {
        double h = 1e300;
        if (!r->active[c])
            continue;
        for (int i = 0; i < r->plen[c]; i++)
            for (int b = 0; b < r->nf; b++) {
                int j;
                if (b == c || !r->active[b])
                    continue;
                j = on_path(r, b, r->tail[c][i], r->head[c][i]);
                if (j < 0)
                    continue;
                /* in factors: shares of each flow's own demand */
                for (int m = j + 1; m < r->plen[b]; m++)
                    if (r->arb[b][m] && r->rho[b][m] / r->dem[b] < h)
                        h = r->rho[b][m] / r->dem[b];
            }
        r->hol[c] = h < r->colC[c] / r->dem[c] - 1e-9;
        r->colD8[c] = r->hol[c] ? h * r->dem[c] : r->colC[c];
    }
    /* Eq. 9 */
    for (int c = 0; c < r->nf; c++) {
        double v = r->dem[c];
        if (!r->active[c])
            continue;
        if (r->hol[c]) {
            r->colD9[c] = r->colD8[c];
            continue;
        }
        for (int i = 0; i < r->plen[c]; i++) {
            double lost = 0, cap, k = kap(r, r->tail[c][i], r->head[c][i]);
            int nn = 0, nh = 0;
            if (!r->arb[c][i])
                continue;
            for (int b = 0; b < r->nf; b++) {
                int j = r->active[b]
                            ? on_path(r, b, r->tail[c][i], r->head[c][i])
                            : -1;
                if (j < 0)
                    continue;
                if (r->hol[b]) {
                    nh++;
                    lost += (r->rho[b][j] - r->colD8[b]) / k;
                } else {
                    nn++;
                }
            }
            cap = r->rho[c][i] + (nh > 0 ? lost / nn * k : 0);
            if (cap < v)
                v = cap;
        }
        r->colD9[c] = v > r->dem[c] ? r->dem[c] : v;
    }
}

#define BW 10e9

/* Random tree with n nodes; returns both the core tree and the ref. With
   caps, every link gets a capacity of 1/4 to 2 times BW. */
static struct pcie *
random_tree(struct rng *g, struct ref *r, int caps)
{
    struct pcie *p = pcie_new();
    int n = 4 + (int)rng_below(g, MAXN - 4), nsw = 1 + (int)rng_below(g, 6);
    char name[16];
    int inner[MAXN], ninner = 1, ne = 0;

    if (nsw > n - 3)
        nsw = n - 3;
    r->n = n;
    pcie_add_node(p, -1, PCIE_RC, "RC", NULL, 0, NULL);
    r->parent[0] = -1;
    r->depth[0] = 0;
    r->kind[0] = PCIE_RC;
    inner[0] = 0;
    for (int i = 1; i < n; i++) {
        int par = inner[rng_below(g, (uint64_t)ninner)];
        int kind = i <= nsw ? PCIE_SWITCH : PCIE_ENDPOINT;
        snprintf(name, sizeof name, "%s%d", kind == PCIE_SWITCH ? "S" : "g", i);
        pcie_add_node(p, par, kind, name, NULL, 0, NULL);
        r->parent[i] = par;
        r->depth[i] = r->depth[par] + 1;
        r->kind[i] = kind;
        if (kind == PCIE_SWITCH)
            inner[ninner++] = i;
        else
            ne++;
    }
    r->kap[0] = 1;
    for (int i = 1; i < n; i++) {
        static const double k[] = {0.25, 0.5, 1, 1, 2};
        r->kap[i] = caps ? k[rng_below(g, 5)] : 1;
        if (caps)
            pcie_set_link(p, i, r->kap[i] * BW, NULL, NULL);
    }
    pcie_finish(p, NULL);
    return p;
}

static int
random_flows(struct rng *g, const struct pcie *p, struct ref *r,
             struct pcie_flowspec *f)
{
    int ne = pcie_nendpoints(p);

    r->nf = 1 + (int)rng_below(g, MAXF);
    for (int i = 0; i < r->nf; i++) {
        int a = (int)rng_below(g, (uint64_t)ne), b;
        do
            b = (int)rng_below(g, (uint64_t)ne);
        while (b == a);
        r->src[i] = f[i].src = pcie_endpoint(p, a);
        r->dst[i] = f[i].dst = pcie_endpoint(p, b);
        f[i].bytes = (double)(1 + rng_below(g, 8)) * 1048576.0;
        f[i].start = (double)rng_below(g, 3) * 1e-4;
        f[i].via = PCIE_VIA_AUTO;
        f[i].stream = 0;
    }
    return r->nf;
}

/* Reference time stepping: literal spec section 4. */
static double
ref_sim(struct ref *r, const struct pcie_flowspec *f, double bw, double *end)
{
    double left[MAXF], now = 1e300, first;
    int done[MAXF] = {0}, ndone = 0;

    for (int i = 0; i < r->nf; i++) {
        left[i] = f[i].bytes;
        if (f[i].start < now)
            now = f[i].start;
    }
    first = now;
    while (ndone < r->nf) {
        int present[MAXF], np = 0, used[MAXF] = {0};
        double next = 1e300, dt = 1e300;
        /* FCFS order: by start, then declaration */
        for (int k = 0; k < r->nf; k++) {
            int best = -1;
            for (int i = 0; i < r->nf; i++)
                if (!used[i] && !done[i] && f[i].start <= now &&
                    (best < 0 || f[i].start < f[best].start))
                    best = i;
            if (best < 0)
                break;
            used[best] = 1;
            present[np++] = best;
        }
        for (int i = 0; i < r->nf; i++)
            if (f[i].start > now && f[i].start < next)
                next = f[i].start;
        if (np == 0) {
            now = next;
            continue;
        }
        ref_eval(r, present, np);
        for (int k = 0; k < np; k++) {
            int i = present[k];
            if (r->active[i] && r->colD9[i] > 0 &&
                left[i] / (r->colD9[i] * bw) < dt)
                dt = left[i] / (r->colD9[i] * bw);
        }
        if (dt == 1e300 && next == 1e300)
            return -1;
        if (next - now < dt)
            dt = next - now;
        for (int k = 0; k < np; k++) {
            int i = present[k];
            if (!r->active[i])
                continue;
            if (r->colD9[i] > 0 &&
                left[i] / (r->colD9[i] * bw) <= dt * (1 + 1e-12)) {
                left[i] = 0;
                done[i] = 1;
                end[i] = now + dt;
                ndone++;
            } else {
                left[i] -= r->colD9[i] * bw * dt;
            }
        }
        now += dt;
    }
    return now - first;
}

int
main(void)
{
    int mismatch = 0, cases = 0, sims = 0, hol = 0, capped = 0;
    uint64_t bad_seed = 0;

    for (uint64_t seed = 1; seed <= 600 && !mismatch; seed++) {
        struct rng g;
        struct ref r;
        struct pcie_flowspec f[MAXF];
        struct pcie *p;
        struct pcie_model *m;
        struct pcie_sim *s;
        int src[MAXF], dst[MAXF], present[MAXF];
        double tau;

        rng_init(&g, seed);
        p = random_tree(&g, &r, seed % 2 == 0);
        random_flows(&g, p, &r, f);
        tau = (double)rng_below(&g, 5) / 10; /* 0 .. 0.4 */
        r.tau = tau;
        ref_paths(&r);
        for (int i = 0; i < r.nf; i++) {
            src[i] = f[i].src;
            dst[i] = f[i].dst;
            present[i] = i;
        }
        /* all present at once, declaration order */
        m = pcie_model_new(p, r.nf, src, dst, NULL, BW, tau, NULL);
        pcie_model_eval(m, present, r.nf, NULL);
        ref_eval(&r, present, r.nf);
        for (int i = 0; i < r.nf && !mismatch; i++) {
            const struct pcie_factors *F = pcie_model_factors(m, i);
            double d = r.dem[i];
            double want[5] = {r.active[i], r.colB[i] / d, r.colC[i] / d,
                              r.colD8[i] / d, r.colD9[i] / d};
            if (!r.active[i])
                continue;
            hol += r.hol[i];
            capped += seed % 2 == 0 && r.hol[i];
            if (fabs(pcie_model_demand(m, i) - d * BW) > 1e-6) {
                printf("# seed %llu flow %d: demand %.15g want %.15g\n",
                       (unsigned long long)seed, i, pcie_model_demand(m, i),
                       d * BW);
                mismatch = 1;
                bad_seed = seed;
            }
            for (int k = 0; k < 5; k++)
                if (fabs(F->col[k] - want[k]) > 1e-12) {
                    printf("# seed %llu flow %d step %d: got %.15g want "
                           "%.15g\n",
                           (unsigned long long)seed, i, k, F->col[k], want[k]);
                    mismatch = 1;
                    bad_seed = seed;
                }
        }
        cases++;
        pcie_model_free(m);

        /* the whole dynamic graph */
        s = pcie_sim_new(p, r.nf, f, BW, tau, NULL);
        if (s != NULL && !mismatch) {
            struct pcie_sim_result res;
            double end[MAXF], want, got;
            pcie_sim_result_init(&res);
            got = pcie_sim_run(s, NULL, &res, NULL);
            want = ref_sim(&r, f, BW, end);
            if ((got < 0) != (want < 0) ||
                (got >= 0 && fabs(got - want) > 1e-12 * (1 + want))) {
                printf("# seed %llu: makespan %.15g, reference %.15g\n",
                       (unsigned long long)seed, got, want);
                mismatch = 1;
                bad_seed = seed;
            }
            for (int i = 0; i < r.nf && !mismatch && got >= 0; i++)
                if (fabs(res.end[i] - end[i]) > 1e-12 * (1 + end[i])) {
                    printf("# seed %llu flow %d: end %.15g, reference %.15g\n",
                           (unsigned long long)seed, i, res.end[i], end[i]);
                    mismatch = 1;
                    bad_seed = seed;
                }
            sims++;
            pcie_sim_result_fini(&res);
        }
        pcie_sim_free(s);
        pcie_unref(p);
    }
    CHECK(!mismatch,
          "model == reference on %d random flow sets (first "
          "mismatch at seed %llu)",
          cases, (unsigned long long)bad_seed);
    CHECK(sims == cases, "dynamic graph == reference on %d random schedules",
          sims);
    CHECK(hol > 20, "the random sets exercise HOL blocking (%d flows)", hol);
    CHECK(capped > 10, "... also on links of different capacities (%d flows)",
          capped);
    TEST_DONE();
}
