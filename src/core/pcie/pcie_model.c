/*
 * pcie_model: Algorithm 1 of the SC16 paper. See pcie_model.h and the spec
 * (../shared/spec/pcie-model.md section 3); the comments below cite it.
 *
 * Workload: called once per time step of the congestion graph, millions of
 * times in a schedule search, on tens of flows and channels. Every array is
 * sized when the model is made; an evaluation only writes into them. The
 * channels in use are visited in the order of pcie_chan_rank(), which puts
 * each channel after the one by which any of its flows enters it, so the
 * factor entering a channel is always known when it is arbitrated.
 */
#include "core/pcie/pcie_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

struct pcie_model {
    struct pcie *p;
    int nflows;
    double tau;
    int *src, *dst;
    char *crc; /* flow crosses the root complex */
    int *plen; /* path length per flow */
    int *poff; /* offset of the flow's path in path[] and hop[] */
    int *path; /* channel ids, all flows */
    struct pcie_hop *hop;
    struct pcie_factors *fac;
    double *rr; /* final factor per flow */

    /* scratch, sized at creation */
    int nchan;
    const int *rank;
    int *ccount;   /* per channel: active entries */
    int *cstart;   /* per channel: offset in ent_f/ent_h */
    double *delta; /* per channel: D9 delta */
    int *used;     /* channels in use, in rank order */
    int nused;
    int *ent_f, *ent_h; /* entries: flow, hop index on its path */
    int *act;
    int nact;
    unsigned *seen; /* per node: stamp of step A */
    unsigned stamp;
    int *gkey, *gcount, *gidx; /* step C groups */
    double *gR, *gRp;
    char *gcr;
};

struct pcie_model *
pcie_model_new(struct pcie *p, int nflows, const int *src, const int *dst,
               double tau, struct rho_err *err)
{
    struct pcie_model *m;
    int total = 0, nn = pcie_nodes(p);

    for (int i = 0; i < nflows; i++) {
        if (src[i] < 0 || src[i] >= nn ||
            pcie_node(p, src[i])->kind != PCIE_ENDPOINT)
            return rho_err_set(err, RHO_EINPUT,
                               "flow %d: the source is not a device", i + 1),
                   NULL;
        if (dst[i] < 0 || dst[i] >= nn ||
            pcie_node(p, dst[i])->kind != PCIE_ENDPOINT)
            return rho_err_set(err, RHO_EINPUT,
                               "flow %d: the destination is not a device",
                               i + 1),
                   NULL;
        if (src[i] == dst[i])
            return rho_err_set(err, RHO_EINPUT, "flow %d: '%s' sends to itself",
                               i + 1, pcie_node(p, src[i])->name),
                   NULL;
        total += pcie_path(p, src[i], dst[i], NULL, 0);
    }

    m = xcalloc(1, sizeof *m);
    m->p = pcie_ref(p);
    m->nflows = nflows;
    m->tau = tau;
    m->nchan = pcie_nchan(p);
    m->rank = pcie_chan_rank(p);
    m->src = xcalloc((size_t)nflows, sizeof *m->src);
    m->dst = xcalloc((size_t)nflows, sizeof *m->dst);
    m->crc = xcalloc((size_t)nflows, 1);
    m->plen = xcalloc((size_t)nflows, sizeof *m->plen);
    m->poff = xcalloc((size_t)nflows, sizeof *m->poff);
    m->path = xcalloc((size_t)total, sizeof *m->path);
    m->hop = xcalloc((size_t)total, sizeof *m->hop);
    m->fac = xcalloc((size_t)nflows, sizeof *m->fac);
    m->rr = xcalloc((size_t)nflows, sizeof *m->rr);
    m->ccount = xcalloc((size_t)m->nchan, sizeof *m->ccount);
    m->cstart = xcalloc((size_t)m->nchan, sizeof *m->cstart);
    m->delta = xcalloc((size_t)m->nchan, sizeof *m->delta);
    m->used = xcalloc((size_t)m->nchan, sizeof *m->used);
    m->ent_f = xcalloc((size_t)total, sizeof *m->ent_f);
    m->ent_h = xcalloc((size_t)total, sizeof *m->ent_h);
    m->act = xcalloc((size_t)nflows, sizeof *m->act);
    m->seen = xcalloc((size_t)nn, sizeof *m->seen);
    m->gkey = xcalloc((size_t)nflows, sizeof *m->gkey);
    m->gcount = xcalloc((size_t)nflows, sizeof *m->gcount);
    m->gidx = xcalloc((size_t)nflows, sizeof *m->gidx);
    m->gR = xcalloc((size_t)nflows, sizeof *m->gR);
    m->gRp = xcalloc((size_t)nflows, sizeof *m->gRp);
    m->gcr = xcalloc((size_t)nflows, 1);

    for (int i = 0, off = 0; i < nflows; i++) {
        m->src[i] = src[i];
        m->dst[i] = dst[i];
        m->crc[i] = pcie_lca(p, src[i], dst[i]) == 0;
        m->poff[i] = off;
        m->plen[i] = pcie_path(p, src[i], dst[i], m->path + off, total - off);
        for (int h = 0; h < m->plen[i]; h++)
            m->hop[off + h].chan = m->path[off + h];
        off += m->plen[i];
    }
    return m;
}

void
pcie_model_free(struct pcie_model *m)
{
    if (m == NULL)
        return;
    pcie_unref(m->p);
    free(m->src);
    free(m->dst);
    free(m->crc);
    free(m->plen);
    free(m->poff);
    free(m->path);
    free(m->hop);
    free(m->fac);
    free(m->rr);
    free(m->ccount);
    free(m->cstart);
    free(m->delta);
    free(m->used);
    free(m->ent_f);
    free(m->ent_h);
    free(m->act);
    free(m->seen);
    free(m->gkey);
    free(m->gcount);
    free(m->gidx);
    free(m->gR);
    free(m->gRp);
    free(m->gcr);
    free(m);
}

void
pcie_model_set_tau(struct pcie_model *m, double tau)
{
    m->tau = tau;
}

int
pcie_arb_up(int n, const double *in, double *out)
{
    double s = 0;

    for (int i = 0; i < n; i++)
        s += in[i];
    if (s > 1 + PCIE_EPS) { /* Eq. 6 */
        for (int i = 0; i < n; i++)
            out[i] = in[i] / s;
        return 1;
    }
    for (int i = 0; i < n; i++)
        out[i] = in[i];
    return 0;
}

int
pcie_arb_down(int n, const double *R, const char *cr, int forced, double tau,
              double *Rp)
{
    double s = 0, share = 1.0 / n;
    int any_cr = 0;

    for (int g = 0; g < n; g++) {
        s += R[g];
        any_cr |= cr[g];
    }
    if (!(s > 1 + PCIE_EPS) && !forced) {
        for (int g = 0; g < n; g++)
            Rp[g] = R[g];
        return 0;
    }
    for (int g = 0; g < n; g++) { /* Eq. 7 and the RC rule */
        if (!any_cr)
            Rp[g] = fmin(R[g], share);
        else if (cr[g])
            Rp[g] = fmin(fmax(share - tau, 0.0), R[g]);
        else
            Rp[g] = fmin(share + tau, R[g]);
    }
    return 1;
}

/* Insertion sort of the used channels by processing rank. */
static void
sort_used(struct pcie_model *m)
{
    const int *rank = m->rank;

    for (int i = 1; i < m->nused; i++) {
        int c = m->used[i], j = i - 1;
        while (j >= 0 && rank[m->used[j]] > rank[c]) {
            m->used[j + 1] = m->used[j];
            j--;
        }
        m->used[j + 1] = c;
    }
}

/* Record the active flows on their channels. */
static void
occupy(struct pcie_model *m)
{
    int pos = 0;

    for (int i = 0; i < m->nused; i++)
        m->ccount[m->used[i]] = 0;
    m->nused = 0;
    for (int k = 0; k < m->nact; k++) {
        int f = m->act[k], off = m->poff[f];
        for (int h = 0; h < m->plen[f]; h++) {
            int c = m->path[off + h];
            if (m->ccount[c]++ == 0)
                m->used[m->nused++] = c;
        }
    }
    sort_used(m);
    for (int i = 0; i < m->nused; i++) {
        int c = m->used[i];
        m->cstart[c] = pos;
        pos += m->ccount[c];
        m->ccount[c] = 0;
    }
    for (int k = 0; k < m->nact; k++) {
        int f = m->act[k], off = m->poff[f];
        for (int h = 0; h < m->plen[f]; h++) {
            int c = m->path[off + h];
            int e = m->cstart[c] + m->ccount[c]++;
            m->ent_f[e] = f;
            m->ent_h[e] = h;
        }
    }
}

static inline struct pcie_hop *
hop_of(struct pcie_model *m, int f, int h)
{
    return &m->hop[m->poff[f] + h];
}

/* Step B at up channel c whose tail is a switch. */
static void
step_b(struct pcie_model *m, int c)
{
    int s0 = m->cstart[c], n = m->ccount[c];
    double sum = 0;

    for (int e = s0; e < s0 + n; e++) {
        struct pcie_hop *x = hop_of(m, m->ent_f[e], m->ent_h[e]);
        x->rin = x[-1].rho;
        sum += x->rin;
    }
    for (int e = s0; e < s0 + n; e++) {
        struct pcie_hop *x = hop_of(m, m->ent_f[e], m->ent_h[e]);
        x->step = STEP_B;
        x->nflows = n;
        x->sum = sum;
        if (sum > 1 + PCIE_EPS) { /* Eq. 6 */
            x->rho = x->rin / sum;
            x->arb = 1;
        } else {
            x->rho = x->rin;
        }
    }
}

/* Step C at down channel c: super communications and the RC penalty. */
static void
step_c(struct pcie_model *m, int c)
{
    int s0 = m->cstart[c], n = m->ccount[c], ng = 0, arb;
    int rc_tail = pcie_chan_tail(m->p, c) == 0;
    double sum = 0;

    for (int e = s0; e < s0 + n; e++) {
        int f = m->ent_f[e], h = m->ent_h[e], g;
        struct pcie_hop *x = hop_of(m, f, h);
        int in = x[-1].chan;

        x->rin = x[-1].rho;
        for (g = 0; g < ng && m->gkey[g] != in; g++)
            ;
        if (g == ng) {
            m->gkey[ng] = in;
            m->gR[ng] = 0;
            m->gcr[ng] = 0;
            m->gcount[ng] = 0;
            ng++;
        }
        m->gR[g] += x->rin;
        m->gcr[g] |= m->crc[f];
        m->gcount[g]++;
        m->gidx[e - s0] = g;
    }
    arb = pcie_arb_down(ng, m->gR, m->gcr, rc_tail, m->tau, m->gRp);
    for (int g = 0; g < ng; g++)
        sum += m->gR[g];
    for (int e = s0; e < s0 + n; e++) {
        int g = m->gidx[e - s0];
        struct pcie_hop *x = hop_of(m, m->ent_f[e], m->ent_h[e]);
        int any = 0;

        for (int k = 0; k < ng; k++)
            any |= m->gcr[k];
        x->step = STEP_C;
        x->nflows = n;
        x->ngroups = ng;
        x->group_size = m->gcount[g];
        x->sum = sum;
        x->R = m->gR[g];
        x->Rp = m->gRp[g];
        x->in_cr = m->gcr[g];
        x->cr_any = (char)any;
        x->rc_tail = (char)rc_tail;
        x->arb = (char)arb;
        if (!arb)
            x->rho = x->rin;
        else if (m->gR[g] > 0) /* Eq. 7 */
            x->rho = x->rin * m->gRp[g] / m->gR[g];
        else
            x->rho = 0;
    }
}

/* Step D, Eq. 8 and Eq. 9. */
static void
step_d(struct pcie_model *m)
{
    /* suffix minima of arbitrated factors, per flow */
    for (int k = 0; k < m->nact; k++) {
        int f = m->act[k];
        double s = INFINITY;
        int sc = -1;
        for (int h = m->plen[f] - 1; h >= 0; h--) {
            struct pcie_hop *x = hop_of(m, f, h);
            x->sufmin = s;
            x->sufmin_chan = sc;
            if (x->arb && x->rho < s) {
                s = x->rho;
                sc = x->chan;
            }
        }
    }
    /* Eq. 8 */
    for (int k = 0; k < m->nact; k++) {
        int f = m->act[k];
        struct pcie_factors *F = &m->fac[f];
        double h = INFINITY;

        F->hol_by = F->hol_at = F->hol_chan = -1;
        for (int i = 0; i < m->plen[f]; i++) {
            int c = hop_of(m, f, i)->chan;
            int s0 = m->cstart[c], n = m->ccount[c];
            for (int e = s0; e < s0 + n; e++) {
                int b = m->ent_f[e];
                const struct pcie_hop *y;
                if (b == f)
                    continue;
                y = hop_of(m, b, m->ent_h[e]);
                if (y->sufmin < h) {
                    h = y->sufmin;
                    F->hol_by = b;
                    F->hol_at = c;
                    F->hol_chan = y->sufmin_chan;
                }
            }
        }
        F->hol = h < F->col[STEP_C] - PCIE_EPS;
        F->col[STEP_D8] = F->hol ? h : F->col[STEP_C];
        if (!F->hol)
            F->hol_by = F->hol_at = F->hol_chan = -1;
    }
    /* Eq. 9: what the blocked flows leave on each channel */
    for (int i = 0; i < m->nused; i++) {
        int c = m->used[i], s0 = m->cstart[c], n = m->ccount[c], nn = 0;
        double lost = 0;

        for (int e = s0; e < s0 + n; e++) {
            int b = m->ent_f[e];
            if (m->fac[b].hol)
                lost += hop_of(m, b, m->ent_h[e])->rho - m->fac[b].col[STEP_D8];
            else
                nn++;
        }
        m->delta[c] = (nn > 0 && nn < n) ? lost / nn : 0;
        for (int e = s0; e < s0 + n; e++)
            hop_of(m, m->ent_f[e], m->ent_h[e])->delta = m->delta[c];
    }
    for (int k = 0; k < m->nact; k++) {
        int f = m->act[k];
        struct pcie_factors *F = &m->fac[f];
        double v = 1.0;

        F->limit_chan = -1;
        if (F->hol) {
            v = F->col[STEP_D8];
        } else {
            for (int i = 0; i < m->plen[f]; i++) {
                const struct pcie_hop *x = hop_of(m, f, i);
                if (x->arb && x->rho + x->delta < v) {
                    v = x->rho + x->delta;
                    F->limit_chan = x->chan;
                }
            }
        }
        F->col[STEP_D9] = v > 1.0 ? 1.0 : v;
        m->rr[f] = F->col[STEP_D9];
    }
}

void
pcie_model_eval_active(struct pcie_model *m, const int *active, int n,
                       double *rho_out)
{
    if (active != m->act)
        memcpy(m->act, active, (size_t)n * sizeof *active);
    m->nact = n;
    occupy(m);
    for (int k = 0; k < n; k++) {
        int f = m->act[k];
        struct pcie_hop *x = hop_of(m, f, 0);
        for (int h = 0; h < m->plen[f]; h++) {
            x[h].arb = 0;
            x[h].in_cr = x[h].cr_any = x[h].rc_tail = 0;
            x[h].ngroups = x[h].group_size = 0;
            x[h].sum = x[h].R = x[h].Rp = x[h].delta = 0;
        }
        x->rin = 1; /* source arbitration already picked it (step A) */
        x->rho = 1;
        x->step = STEP_A;
        x->nflows = 1;
    }
    for (int i = 0; i < m->nused; i++) {
        int c = m->used[i];
        if (pcie_chan_is_up(c)) {
            if (pcie_node(m->p, pcie_chan_node(c))->kind != PCIE_ENDPOINT)
                step_b(m, c);
        } else {
            step_c(m, c);
        }
    }
    for (int k = 0; k < n; k++) {
        int f = m->act[k], len = m->plen[f], last_up = 0;
        struct pcie_factors *F = &m->fac[f];
        const struct pcie_hop *x = hop_of(m, f, 0);

        while (last_up + 1 < len && pcie_chan_is_up(x[last_up + 1].chan))
            last_up++;
        F->active = 1;
        F->col[STEP_A] = 1;
        F->col[STEP_B] = x[last_up].rho;
        F->col[STEP_C] = x[len - 1].rho;
    }
    step_d(m);
    if (rho_out != NULL)
        for (int k = 0; k < n; k++)
            rho_out[m->act[k]] = m->rr[m->act[k]];
}

int
pcie_model_eval(struct pcie_model *m, const int *present, int n,
                double *rho_out)
{
    int na = 0;

    if (++m->stamp == 0) { /* wrapped: clear the stamps */
        memset(m->seen, 0, (size_t)pcie_nodes(m->p) * sizeof *m->seen);
        m->stamp = 1;
    }
    for (int i = 0; i < n; i++) { /* step A: first come, first served */
        int f = present[i], s = m->src[f];
        if (m->seen[s] != m->stamp) {
            m->seen[s] = m->stamp;
            m->act[na++] = f;
        } else {
            struct pcie_factors *F = &m->fac[f];
            memset(F, 0, sizeof *F);
            F->hol_by = F->hol_at = F->hol_chan = F->limit_chan = -1;
            m->rr[f] = 0;
            if (rho_out != NULL)
                rho_out[f] = 0;
        }
    }
    pcie_model_eval_active(m, m->act, na, rho_out);
    return na;
}

const struct pcie *
pcie_model_tree(const struct pcie_model *m)
{
    return m->p;
}

int
pcie_model_nflows(const struct pcie_model *m)
{
    return m->nflows;
}

double
pcie_model_tau(const struct pcie_model *m)
{
    return m->tau;
}

int
pcie_model_path_len(const struct pcie_model *m, int i)
{
    return m->plen[i];
}

const struct pcie_hop *
pcie_model_hops(const struct pcie_model *m, int i)
{
    return &m->hop[m->poff[i]];
}

int
pcie_model_src(const struct pcie_model *m, int i)
{
    return m->src[i];
}

int
pcie_model_dst(const struct pcie_model *m, int i)
{
    return m->dst[i];
}

int
pcie_model_crosses_rc(const struct pcie_model *m, int i)
{
    return m->crc[i];
}

const struct pcie_factors *
pcie_model_factors(const struct pcie_model *m, int i)
{
    return &m->fac[i];
}

int
pcie_model_chan_flows(const struct pcie_model *m, int c, int *out, int max)
{
    int n = 0;

    for (int i = 0; i < m->nused; i++) {
        if (m->used[i] != c)
            continue;
        n = m->ccount[c];
        for (int e = 0; e < n && e < max; e++)
            out[e] = m->ent_f[m->cstart[c] + e];
        break;
    }
    return n;
}

int
pcie_model_nactive(const struct pcie_model *m)
{
    return m->nact;
}

int
pcie_model_active(const struct pcie_model *m, int k)
{
    return m->act[k];
}

int
pcie_model_hop_index(const struct pcie_model *m, int i, int c)
{
    const int *path = m->path + m->poff[i];

    for (int j = 0; j < m->plen[i]; j++)
        if (path[j] == c)
            return j;
    return -1;
}
