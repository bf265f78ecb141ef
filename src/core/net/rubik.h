/*
 * rubik: the box operations of LLNL's Rubik (Jain Sec. 3.1, Figs. 3.1 and
 * 3.4; Bhatele et al., SC13), the mapping tool the thesis's torus mappings
 * are written in, so that a scenario can state a mapping as the thesis's
 * scripts do.
 *
 * A box is an n-dimensional array (row-major: the LAST dimension varies
 * fastest, as in numpy) holding element ids, at first 0..size-1 in order.
 * Partitions form a tree: node 0 is the whole box; cutting a node (tile,
 * div, mod) makes its children, numbered consecutively, which are views
 * of the box (a corner and a stride per dimension), cut in turn. The
 * permutations (tilt, shear, zigzag, transpose) move elements inside a
 * node's view. map() copies another box's elements into this one leaf by
 * leaf: leaves in depth-first order, children in the row-major order of
 * their cut, elements of a leaf in row-major order. After torus.map(app)
 * the torus box holds application ranks, and the position of rank r is
 * where r runs (Rubik's write_map_file).
 *
 * Semantics follow Rubik's arrayutils.py exactly: np.roll moves element j
 * to (j + s) mod n; tilt(axis, dir, slope) rolls the hyperplane at index
 * i of dir by i * slope along axis, shear(axis, dir, slope) the
 * hyperplane at index i of axis by i * slope along dir, zigzag(axis, dir,
 * depth, stride) by depth - |i - base| * depth / stride with base = (i /
 * 2 stride) * 2 stride + stride. Axes here count from 0, as Rubik's; the
 * Lua binding counts them from 1.
 *
 * A box is reference counted (rubik_ref / rubik_free) and not
 * thread-safe. Boxes are up to RUBIK_MAX_DIMS dimensions and INT_MAX
 * elements; every operation is O(size of the node).
 */
#ifndef RHO_CORE_NET_RUBIK_H
#define RHO_CORE_NET_RUBIK_H

#include "core/base/rho_err.h"

#define RUBIK_MAX_DIMS 9

enum rubik_cut { RUBIK_TILE, RUBIK_DIV, RUBIK_MOD };

struct rubik;

/* A box of shape[0..nd) with elements 0..size-1 in row-major order.
   Caller owns it: rubik_free(). NULL with err filled on a bad shape. */
struct rubik *rubik_new(int nd, const int *shape, struct rho_err *err);

/* Another reference (returns b); rubik_free drops one (NULL is a no-op). */
struct rubik *rubik_ref(struct rubik *b);
void rubik_free(struct rubik *b);

/* Partition nodes: how many there are; a node's shape (returns nd), its
   size, and its children (returns their number, the first one's index
   into *first; 0 for a leaf). node must be valid (0 <= node < count). */
int rubik_nodes(const struct rubik *b);
int rubik_shape(const struct rubik *b, int node, int *shape);
long long rubik_size(const struct rubik *b, int node);
int rubik_children(const struct rubik *b, int node, int *first);

/*
 * Cut node into children. RUBIK_TILE: arg[k] is the size of a tile along
 * k (it must divide the node's size); RUBIK_DIV: arg[k] contiguous parts
 * along k (the last takes any remainder); RUBIK_MOD: arg[k] strided parts
 * (part c holds the indices c, c + arg[k], ...). Returns 0, or -1 with err
 * filled (already cut, a bad count, more parts than indices).
 */
int rubik_cut(struct rubik *b, int node, int how, const int *arg,
              struct rho_err *err);

/* The permutations, on node's view. Each returns 0, or -1 with err filled
   (an axis out of range, axis == dir, depth or stride < 1). */
int rubik_tilt(struct rubik *b, int node, int axis, int dir, int slope,
               struct rho_err *err);
int rubik_shear(struct rubik *b, int node, int axis, int dir, int slope,
                struct rho_err *err);
int rubik_zigzag(struct rubik *b, int node, int axis, int dir, int depth,
                 int stride, struct rho_err *err);
/* numpy's box.flat = box.transpose(axes).flat on the view: axes is a
   permutation of 0..nd-1. */
int rubik_transpose(struct rubik *b, int node, const int *axes,
                    struct rho_err *err);

/*
 * Map other's node onnode onto b's node: their leaves pair up in order
 * and must have equal counts and sizes; every leaf of b takes its pair's
 * elements in row-major order. Both nodes must be the whole boxes (0),
 * which then hold the same number of elements. Returns 0, or -1 with err.
 */
int rubik_map(struct rubik *b, int node, const struct rubik *other, int onode,
              struct rho_err *err);

/* The element at flat position pos of the box (row-major), and the flat
   position of element e (-1 if none; O(1) after the first call following
   a change). */
int rubik_at(const struct rubik *b, long long pos);
long long rubik_where(struct rubik *b, int e);

#endif
