/*
 * rubik: Rubik's boxes. See rubik.h.
 *
 * A node is a view of the box: a flat corner and a flat stride per
 * dimension, so position x of the view is corner + sum x[k] step[k] in
 * the box. Every operation gathers the node's elements in row-major
 * order, permutes them and scatters them back.
 */
#include "core/net/rubik.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

struct rnode {
    int nd;
    int shape[RUBIK_MAX_DIMS];
    long long corner;
    long long step[RUBIK_MAX_DIMS];
    int nchild, first; /* children first .. first + nchild - 1 */
};

struct rubik {
    atomic_int refs;
    long long n;
    int *elem;  /* element at each flat position */
    int *where; /* flat position of each element, when !dirty */
    int dirty;
    int nnodes, cap;
    struct rnode *node;
};

struct rubik *
rubik_new(int nd, const int *shape, struct rho_err *err)
{
    struct rubik *b;
    long long n = 1;

    if (nd < 1 || nd > RUBIK_MAX_DIMS || shape == NULL) {
        rho_err_set(err, RHO_EINPUT, "rubik: a box of %d dimensions (1 to %d)",
                    nd, RUBIK_MAX_DIMS);
        return NULL;
    }
    for (int k = 0; k < nd; k++) {
        if (shape[k] < 1) {
            rho_err_set(err, RHO_EINPUT, "rubik: dimension %d has size %d", k,
                        shape[k]);
            return NULL;
        }
        n *= shape[k];
        if (n > INT_MAX) {
            rho_err_set(err, RHO_ELIMIT, "rubik: more than %d elements",
                        INT_MAX);
            return NULL;
        }
    }
    b = xcalloc(1, sizeof *b);
    atomic_init(&b->refs, 1);
    b->n = n;
    b->elem = xmalloc((size_t)n * sizeof *b->elem);
    b->where = xmalloc((size_t)n * sizeof *b->where);
    for (long long i = 0; i < n; i++)
        b->elem[i] = b->where[i] = (int)i;
    b->cap = 16;
    b->node = xcalloc((size_t)b->cap, sizeof *b->node);
    b->nnodes = 1;
    b->node[0].nd = nd;
    for (int k = nd - 1, s = 1; k >= 0; k--) {
        b->node[0].shape[k] = shape[k];
        b->node[0].step[k] = s;
        s *= shape[k];
    }
    return b;
}

struct rubik *
rubik_ref(struct rubik *b)
{
    atomic_fetch_add(&b->refs, 1);
    return b;
}

void
rubik_free(struct rubik *b)
{
    if (b == NULL || atomic_fetch_sub(&b->refs, 1) > 1)
        return;
    free(b->elem);
    free(b->where);
    free(b->node);
    free(b);
}

int
rubik_nodes(const struct rubik *b)
{
    return b->nnodes;
}

int
rubik_shape(const struct rubik *b, int node, int *shape)
{
    const struct rnode *v = &b->node[node];

    memcpy(shape, v->shape, (size_t)v->nd * sizeof *shape);
    return v->nd;
}

long long
rubik_size(const struct rubik *b, int node)
{
    const struct rnode *v = &b->node[node];
    long long n = 1;

    for (int k = 0; k < v->nd; k++)
        n *= v->shape[k];
    return n;
}

int
rubik_children(const struct rubik *b, int node, int *first)
{
    if (first != NULL)
        *first = b->node[node].first;
    return b->node[node].nchild;
}

static int
check_node(const struct rubik *b, int node, struct rho_err *err)
{
    if (node < 0 || node >= b->nnodes)
        return rho_err_set(err, RHO_EINPUT, "rubik: no partition %d", node);
    return 0;
}

int
rubik_cut(struct rubik *b, int node, int how, const int *arg,
          struct rho_err *err)
{
    struct rnode v;
    int parts[RUBIK_MAX_DIMS], count = 1, c[RUBIK_MAX_DIMS] = {0};
    static const char *const what[] = {"tile", "div", "mod"};

    if (check_node(b, node, err) != 0)
        return -1;
    v = b->node[node];
    if (how < RUBIK_TILE || how > RUBIK_MOD || arg == NULL)
        return rho_err_set(err, RHO_EINPUT, "rubik: unknown cut");
    if (v.nchild > 0)
        return rho_err_set(err, RHO_EINPUT,
                           "rubik %s: the partition is "
                           "already cut",
                           what[how]);
    for (int k = 0; k < v.nd; k++) {
        if (arg[k] < 1 || arg[k] > v.shape[k])
            return rho_err_set(err, RHO_EINPUT,
                               "rubik %s: %d along dimension %d of size %d",
                               what[how], arg[k], k, v.shape[k]);
        if (how == RUBIK_TILE && v.shape[k] % arg[k] != 0)
            return rho_err_set(err, RHO_EINPUT,
                               "rubik tile: %d does not divide dimension %d "
                               "(size %d)",
                               arg[k], k, v.shape[k]);
        parts[k] = how == RUBIK_TILE ? v.shape[k] / arg[k] : arg[k];
        if ((long long)count * parts[k] > INT_MAX / 2)
            return rho_err_set(err, RHO_ELIMIT, "rubik %s: too many parts",
                               what[how]);
        count *= parts[k];
    }
    if (b->nnodes + count > b->cap) {
        b->cap = (int)rho_grow_cap((size_t)b->cap, (size_t)b->nnodes + count);
        b->node = xreallocarray(b->node, (size_t)b->cap, sizeof *b->node);
    }
    b->node[node].first = b->nnodes;
    b->node[node].nchild = count;
    for (int i = 0; i < count; i++) { /* row-major over the parts */
        struct rnode *ch = &b->node[b->nnodes++];
        memset(ch, 0, sizeof *ch);
        ch->nd = v.nd;
        ch->corner = v.corner;
        for (int k = 0; k < v.nd; k++) {
            int n = v.shape[k], p = parts[k], size = n / p, start = c[k] * size;
            if (how == RUBIK_MOD) {
                ch->corner += c[k] * v.step[k];
                ch->step[k] = v.step[k] * p;
                ch->shape[k] = (n - c[k] + p - 1) / p;
            } else {
                ch->corner += start * v.step[k];
                ch->step[k] = v.step[k];
                ch->shape[k] = c[k] == p - 1 ? n - start : size;
            }
        }
        for (int k = v.nd - 1; k >= 0; k--) { /* next part */
            if (++c[k] < parts[k])
                break;
            c[k] = 0;
        }
    }
    return 0;
}

/* The flat positions of node's view in row-major order (caller frees). */
static long long *
positions(const struct rubik *b, int node, long long *count)
{
    const struct rnode *v = &b->node[node];
    long long n = rubik_size(b, node), *pos;
    int x[RUBIK_MAX_DIMS] = {0};

    pos = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *pos);
    for (long long j = 0; j < n; j++) {
        long long p = v->corner;
        for (int k = 0; k < v->nd; k++)
            p += x[k] * v->step[k];
        pos[j] = p;
        for (int k = v->nd - 1; k >= 0; k--) {
            if (++x[k] < v->shape[k])
                break;
            x[k] = 0;
        }
    }
    *count = n;
    return pos;
}

static int
check_axes(const struct rubik *b, int node, int axis, int dir, const char *what,
           struct rho_err *err)
{
    int nd;

    if (check_node(b, node, err) != 0)
        return -1;
    nd = b->node[node].nd;
    if (axis < 0 || axis >= nd || dir < 0 || dir >= nd)
        return rho_err_set(err, RHO_EINPUT,
                           "rubik %s: axes %d and %d of a box of %d "
                           "dimensions",
                           what, axis, dir, nd);
    if (axis == dir)
        return rho_err_set(err, RHO_EINPUT,
                           "rubik %s: the axis and the "
                           "direction are both %d",
                           what, axis);
    return 0;
}

enum { OP_TILT, OP_SHEAR, OP_ZIGZAG };

/* Roll each hyperplane of node (index i of dimension plane) along dimension
   along by a shift of i. */
static void
roll_planes(struct rubik *b, int node, int plane, int along, int op, int a,
            int c)
{
    const struct rnode *v = &b->node[node];
    long long n, *pos = positions(b, node, &n);
    int *loc = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *loc);
    long long stride[RUBIK_MAX_DIMS];
    int x[RUBIK_MAX_DIMS] = {0};

    for (int k = v->nd - 1, s = 1; k >= 0; k--) {
        stride[k] = s;
        s *= v->shape[k];
    }
    for (long long j = 0; j < n; j++)
        loc[j] = b->elem[pos[j]];
    for (long long j = 0; j < n; j++) {
        long long shift, m = v->shape[along], to;
        int i = x[plane];
        if (op == OP_ZIGZAG) {
            int base = i / (2 * c) * (2 * c) + c, d = i - base;
            shift = i == 0 ? 0 : a - (long long)(d < 0 ? -d : d) * a / c;
        } else {
            shift = (long long)i * a;
        }
        to = ((x[along] + shift) % m + m) % m;
        b->elem[pos[j + (to - x[along]) * stride[along]]] = loc[j];
        for (int k = v->nd - 1; k >= 0; k--) {
            if (++x[k] < v->shape[k])
                break;
            x[k] = 0;
        }
    }
    b->dirty = 1;
    free(loc);
    free(pos);
}

int
rubik_tilt(struct rubik *b, int node, int axis, int dir, int slope,
           struct rho_err *err)
{
    if (check_axes(b, node, axis, dir, "tilt", err) != 0)
        return -1;
    roll_planes(b, node, dir, axis, OP_TILT, slope, 0);
    return 0;
}

int
rubik_shear(struct rubik *b, int node, int axis, int dir, int slope,
            struct rho_err *err)
{
    if (check_axes(b, node, axis, dir, "shear", err) != 0)
        return -1;
    roll_planes(b, node, axis, dir, OP_SHEAR, slope, 0);
    return 0;
}

int
rubik_zigzag(struct rubik *b, int node, int axis, int dir, int depth,
             int stride, struct rho_err *err)
{
    if (check_axes(b, node, axis, dir, "zigzag", err) != 0)
        return -1;
    if (depth < 1 || stride < 1)
        return rho_err_set(err, RHO_EINPUT,
                           "rubik zigzag: depth %d and stride %d (both >= 1)",
                           depth, stride);
    roll_planes(b, node, dir, axis, OP_ZIGZAG, depth, stride);
    return 0;
}

int
rubik_transpose(struct rubik *b, int node, const int *axes, struct rho_err *err)
{
    const struct rnode *v;
    long long n, *pos, stride[RUBIK_MAX_DIMS];
    int *loc, seen[RUBIK_MAX_DIMS] = {0}, y[RUBIK_MAX_DIMS] = {0}, tshape[9];

    if (check_node(b, node, err) != 0)
        return -1;
    v = &b->node[node];
    for (int k = 0; k < v->nd; k++) {
        if (axes == NULL || axes[k] < 0 || axes[k] >= v->nd || seen[axes[k]]++)
            return rho_err_set(err, RHO_EINPUT,
                               "rubik transpose: the axes must be a "
                               "permutation of 0..%d",
                               v->nd - 1);
        tshape[k] = v->shape[axes[k]];
    }
    for (int k = v->nd - 1, s = 1; k >= 0; k--) {
        stride[k] = s;
        s *= v->shape[k];
    }
    pos = positions(b, node, &n);
    loc = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *loc);
    for (long long j = 0; j < n; j++)
        loc[j] = b->elem[pos[j]];
    for (long long j = 0; j < n; j++) { /* y: row-major over the transpose */
        long long src = 0;
        for (int k = 0; k < v->nd; k++)
            src += y[k] * stride[axes[k]];
        b->elem[pos[j]] = loc[src];
        for (int k = v->nd - 1; k >= 0; k--) {
            if (++y[k] < tshape[k])
                break;
            y[k] = 0;
        }
    }
    b->dirty = 1;
    free(loc);
    free(pos);
    return 0;
}

/* The leaves under node in depth-first order into out (returns count). */
static int
leaves(const struct rubik *b, int node, int *out, int k)
{
    const struct rnode *v = &b->node[node];

    if (v->nchild == 0) {
        out[k] = node;
        return k + 1;
    }
    for (int i = 0; i < v->nchild; i++)
        k = leaves(b, v->first + i, out, k);
    return k;
}

int
rubik_map(struct rubik *b, int node, const struct rubik *other, int onode,
          struct rho_err *err)
{
    int *lb, *lo, nb, no, rc = 0;

    if (check_node(b, node, err) != 0 || check_node(other, onode, err) != 0)
        return -1;
    if (node != 0 || onode != 0)
        return rho_err_set(err, RHO_EINPUT,
                           "rubik map: map whole boxes (their partitions "
                           "pair up)");
    if (b->n != other->n)
        return rho_err_set(err, RHO_EINPUT,
                           "rubik map: %lld elements onto a box of %lld",
                           other->n, b->n);
    lb = xmalloc((size_t)b->nnodes * sizeof *lb);
    lo = xmalloc((size_t)other->nnodes * sizeof *lo);
    nb = leaves(b, node, lb, 0);
    no = leaves(other, onode, lo, 0);
    if (nb != no) {
        rc = rho_err_set(err, RHO_EINPUT, "rubik map: %d partitions onto %d",
                         no, nb);
        goto out;
    }
    for (int i = 0; i < nb; i++)
        if (rubik_size(b, lb[i]) != rubik_size(other, lo[i])) {
            rc = rho_err_set(err, RHO_EINPUT,
                             "rubik map: partition %d has %lld elements "
                             "here, %lld in the other box",
                             i, rubik_size(b, lb[i]), rubik_size(other, lo[i]));
            goto out;
        }
    for (int i = 0; i < nb; i++) {
        long long n, m, *pb = positions(b, lb[i], &n),
                        *po = positions(other, lo[i], &m);
        for (long long j = 0; j < n; j++)
            b->elem[pb[j]] = other->elem[po[j]];
        free(pb);
        free(po);
    }
    b->dirty = 1;
out:
    free(lb);
    free(lo);
    return rc;
}

int
rubik_at(const struct rubik *b, long long pos)
{
    return pos >= 0 && pos < b->n ? b->elem[pos] : -1;
}

long long
rubik_where(struct rubik *b, int e)
{
    if (e < 0 || e >= b->n)
        return -1;
    if (b->dirty) {
        for (long long i = 0; i < b->n; i++)
            b->where[b->elem[i]] = (int)i;
        b->dirty = 0;
    }
    return b->where[e];
}
