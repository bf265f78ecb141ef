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
 *
 * Capacities: every hop keeps ratio = demand / capacity, so a factor f
 * (a share of the flow's own demand) is the share f * ratio of the
 * channel. With all links alike every ratio is exactly 1.0 and the
 * arithmetic below is the paper's, operation for operation.
 */
#include "core/pcie/pcie_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

enum chan_role {
    ROLE_SRC, /* the first channel of its flows: step A */
    ROLE_B,   /* an upstream port of a switch: step B */
    ROLE_C,   /* a downstream port, or any port of a root complex: step C */
};

struct pcie_model {
    struct pcie *p;
    int nflows;
    double tau;
    double bw; /* default capacity */
    int *src, *dst;
    char *crc;    /* flow crosses a root complex peer to peer */
    double *dem;  /* per flow: demand, B/s */
    int *capc;    /* per flow: its slowest channel */
    double *cap;  /* per channel: capacity, B/s (INFINITY: no limit) */
    char *role;   /* per channel: enum chan_role */
    char *rctail; /* per channel: its tail is a root complex */
    int *plen;    /* path length per flow */
    int *poff;    /* offset of the flow's path in path[] and hop[] */
    int *path;    /* channel ids, all flows */
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
    int *lane; /* per flow: its source's queue (see set_lanes) */
    int nlane;
    unsigned *seen; /* per lane: stamp of step A */
    int *nsent;     /* per lane: flows step A let it send */
    unsigned stamp;
    int *gkey, *gcount, *gidx; /* step C groups */
    double *gR, *gRp;
    char *gcr;
};

/* Channel roles and capacities of p with default capacity bw. */
static void
chan_setup(struct pcie_model *m, const struct pcie *p, double bw)
{
    for (int c = 2; c < m->nchan; c++) {
        int kind = pcie_chan_kind(p, c), tail = pcie_chan_tail(p, c);
        int tkind = tail >= 0 ? pcie_node(p, tail)->kind : PCIE_SWITCH;
        double b = pcie_chan_bw(p, c);

        m->cap[c] = b > 0 ? b : bw;
        m->rctail[c] = tkind == PCIE_RC;
        if (kind == PCIE_CH_XUP || tkind == PCIE_ENDPOINT)
            m->role[c] = ROLE_SRC;
        else if (kind == PCIE_CH_UP && tkind != PCIE_RC)
            m->role[c] = ROLE_B;
        else
            m->role[c] = ROLE_C;
    }
}

struct pcie_model *
pcie_model_new(struct pcie *p, int nflows, const int *src, const int *dst,
               const int *via, double bw, double tau, struct rho_err *err)
{
    struct pcie_model *m;
    int total = 0, nn = pcie_nodes(p);

    for (int i = 0; i < nflows; i++) {
        int len;
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
        len = pcie_route(p, src[i], dst[i], via ? via[i] : PCIE_VIA_AUTO, NULL,
                         0);
        if (len < 0)
            return rho_err_set(err, RHO_EINPUT,
                               "flow %d: no direct link or switch fabric "
                               "joins '%s' and '%s' (via = \"direct\")",
                               i + 1, pcie_node(p, src[i])->name,
                               pcie_node(p, dst[i])->name),
                   NULL;
        total += len;
    }
    if (!(bw > 0) || !isfinite(bw))
        return rho_err_set(err, RHO_EINPUT, "bandwidth must be > 0"), NULL;

    m = xcalloc(1, sizeof *m);
    m->p = pcie_ref(p);
    m->nflows = nflows;
    m->tau = tau;
    m->bw = bw;
    m->nchan = pcie_nchan(p);
    m->rank = pcie_chan_rank(p);
    m->src = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->src);
    m->dst = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->dst);
    m->crc = xcalloc((size_t)(nflows ? nflows : 1), 1);
    m->dem = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->dem);
    m->capc = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->capc);
    m->cap = xcalloc((size_t)m->nchan, sizeof *m->cap);
    m->role = xcalloc((size_t)m->nchan, 1);
    m->rctail = xcalloc((size_t)m->nchan, 1);
    m->plen = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->plen);
    m->poff = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->poff);
    m->path = xcalloc((size_t)(total ? total : 1), sizeof *m->path);
    m->hop = xcalloc((size_t)(total ? total : 1), sizeof *m->hop);
    m->fac = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->fac);
    m->rr = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->rr);
    m->ccount = xcalloc((size_t)m->nchan, sizeof *m->ccount);
    m->cstart = xcalloc((size_t)m->nchan, sizeof *m->cstart);
    m->delta = xcalloc((size_t)m->nchan, sizeof *m->delta);
    m->used = xcalloc((size_t)m->nchan, sizeof *m->used);
    m->ent_f = xcalloc((size_t)(total ? total : 1), sizeof *m->ent_f);
    m->ent_h = xcalloc((size_t)(total ? total : 1), sizeof *m->ent_h);
    m->act = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->act);
    m->nlane = nn > nflows ? nn : nflows;
    m->lane = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->lane);
    m->seen = xcalloc((size_t)m->nlane, sizeof *m->seen);
    m->nsent = xcalloc((size_t)m->nlane, sizeof *m->nsent);
    m->gkey = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->gkey);
    m->gcount = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->gcount);
    m->gidx = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->gidx);
    m->gR = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->gR);
    m->gRp = xcalloc((size_t)(nflows ? nflows : 1), sizeof *m->gRp);
    m->gcr = xcalloc((size_t)(nflows ? nflows : 1), 1);
    chan_setup(m, p, bw);

    for (int i = 0, off = 0; i < nflows; i++) {
        double d = INFINITY;
        int through_rc = 0, cc = -1;
        m->src[i] = src[i];
        m->dst[i] = dst[i];
        m->lane[i] = src[i];
        m->poff[i] = off;
        m->plen[i] = pcie_route(p, src[i], dst[i], via ? via[i] : PCIE_VIA_AUTO,
                                m->path + off, total - off);
        for (int h = 0; h < m->plen[i]; h++) {
            int c = m->path[off + h], head = pcie_chan_head(p, c);
            m->hop[off + h].chan = c;
            if (m->cap[c] < d) {
                d = m->cap[c];
                cc = c;
            }
            if (h + 1 < m->plen[i] && head >= 0 &&
                pcie_node(p, head)->kind == PCIE_RC)
                through_rc = 1;
        }
        if (!isfinite(d)) {
            /* (the hint names host memory only when an end is one) */
            int host = pcie_node(p, src[i])->host || pcie_node(p, dst[i])->host;
            pcie_model_free(m);
            return rho_err_set(err, RHO_EINPUT,
                               "flow %d: no link from '%s' to '%s' has a "
                               "capacity (give %s a bandwidth)",
                               i + 1, pcie_node(p, src[i])->name,
                               pcie_node(p, dst[i])->name,
                               host ? "host memory" : "a link on its path"),
                   NULL;
        }
        for (int h = 0; h < m->plen[i]; h++) {
            int c = m->path[off + h];
            m->hop[off + h].ratio = isfinite(m->cap[c]) ? d / m->cap[c] : 0;
        }
        m->dem[i] = d;
        m->capc[i] = cc;
        /* peer to peer through a root complex: the RC penalty applies */
        m->crc[i] = through_rc && !pcie_node(p, src[i])->host &&
                    !pcie_node(p, dst[i])->host;
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
    free(m->dem);
    free(m->capc);
    free(m->cap);
    free(m->role);
    free(m->rctail);
    free(m->nsent);
    free(m->lane);
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

void
pcie_model_set_lanes(struct pcie_model *m, const int *lane)
{
    for (int i = 0; i < m->nflows; i++)
        m->lane[i] = lane[i];
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

/* Step B at up channel c whose tail is a switch (or, with several flows,
   a source's own channel: then the flows enter with factor 1). */
static void
step_b(struct pcie_model *m, int c)
{
    int s0 = m->cstart[c], n = m->ccount[c], first = m->role[c] == ROLE_SRC;
    double sum = 0;

    for (int e = s0; e < s0 + n; e++) {
        struct pcie_hop *x = hop_of(m, m->ent_f[e], m->ent_h[e]);
        x->rin = first ? 1 : x[-1].rho;
        sum += x->rin * x->ratio;
    }
    for (int e = s0; e < s0 + n; e++) {
        struct pcie_hop *x = hop_of(m, m->ent_f[e], m->ent_h[e]);
        x->step = first ? STEP_A : STEP_B;
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

/* A channel of unlimited capacity: every flow passes. */
static void
step_pass(struct pcie_model *m, int c)
{
    int s0 = m->cstart[c], n = m->ccount[c];

    for (int e = s0; e < s0 + n; e++) {
        struct pcie_hop *x = hop_of(m, m->ent_f[e], m->ent_h[e]);
        int h = m->ent_h[e];
        x->rin = h == 0 ? 1 : x[-1].rho;
        x->rho = x->rin;
        x->step = h == 0 ? STEP_A : m->role[c] == ROLE_B ? STEP_B : STEP_C;
        x->nflows = n;
    }
}

/* Step C at down channel c (or a root complex's port to the inter-socket
   link): super communications and the RC penalty. */
static void
step_c(struct pcie_model *m, int c)
{
    int s0 = m->cstart[c], n = m->ccount[c], ng = 0, arb;
    int rc_tail = m->rctail[c];
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
        m->gR[g] += x->rin * x->ratio;
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
        else if (m->gR[g] > 0) /* Eq. 7: within a group, in proportion */
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
            if (!isfinite(m->cap[c])) /* a link that never limits holds */
                continue;             /* no buffer to share */
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
            if (m->fac[b].hol) {
                const struct pcie_hop *y = hop_of(m, b, m->ent_h[e]);
                lost += (y->rho - m->fac[b].col[STEP_D8]) * y->ratio;
            } else
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
                double cap;
                if (!x->arb)
                    continue;
                cap = x->rho + x->delta / x->ratio; /* delta: a share of L */
                if (cap < v) {
                    v = cap;
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
        if (!isfinite(m->cap[c]))
            step_pass(m, c);
        else if (m->role[c] == ROLE_B ||
                 (m->role[c] == ROLE_SRC && m->ccount[c] > 1))
            step_b(m, c);
        else if (m->role[c] == ROLE_C)
            step_c(m, c);
    }
    for (int k = 0; k < n; k++) {
        int f = m->act[k], len = m->plen[f], last_up = 0;
        struct pcie_factors *F = &m->fac[f];
        const struct pcie_hop *x = hop_of(m, f, 0);

        while (last_up + 1 < len && m->role[x[last_up + 1].chan] != ROLE_C)
            last_up++;
        F->active = 1;
        F->col[STEP_A] = x[0].rho;
        F->col[STEP_B] = x[last_up].rho;
        F->col[STEP_C] = x[len - 1].rho;
        F->cap_chan = m->capc[f];
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
        memset(m->seen, 0, (size_t)m->nlane * sizeof *m->seen);
        m->stamp = 1;
    }
    for (int i = 0; i < n; i++) { /* step A: first come, first served */
        int f = present[i], s = m->lane[f];
        int streams = pcie_node(m->p, m->src[f])->streams;
        if (m->seen[s] != m->stamp) {
            m->seen[s] = m->stamp;
            m->nsent[s] = 0;
        }
        if (streams == 0 || m->nsent[s] < streams) {
            m->nsent[s]++;
            m->act[na++] = f;
        } else {
            struct pcie_factors *F = &m->fac[f];
            memset(F, 0, sizeof *F);
            F->hol_by = F->hol_at = F->hol_chan = F->limit_chan = -1;
            F->cap_chan = m->capc[f];
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

double
pcie_model_bw(const struct pcie_model *m)
{
    return m->bw;
}

double
pcie_model_demand(const struct pcie_model *m, int i)
{
    return m->dem[i];
}

double
pcie_model_chan_cap(const struct pcie_model *m, int c)
{
    return m->cap[c];
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
