/*
 * test_rubik: Rubik's box operations against the examples in Rubik's own
 * documentation (arrayutils.py's shear docstring), hand-worked tilts and
 * zigzags, cuts (tile, div, mod), map (Jain Fig. 3.1: a 9x3x8 application
 * as eight 9x3x1 planes onto eight 3x3x3 cubes of a 6x6x6 network), and
 * errors.
 */
#include "core/net/rubik.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* The box's elements in row-major order equal want[0..n). */
static int
is(const struct rubik *b, const int *want, int n)
{
    for (int i = 0; i < n; i++)
        if (rubik_at(b, i) != want[i])
            return 0;
    return 1;
}

static void
test_docstring(void)
{
    int sh[2] = {3, 3};
    struct rubik *b = rubik_new(2, sh, NULL);
    /* Rubik's docstring draws axis 0 upward: "7 8 6 / 5 3 4 / 0 1 2" is
       rows 2, 1, 0 */
    static const int shear01[9] = {0, 1, 2, 5, 3, 4, 7, 8, 6};
    static const int shear102[9] = {0, 4, 8, 3, 7, 2, 6, 1, 5};
    struct rho_err e;

    CHECK(rubik_shear(b, 0, 0, 1, 1, &e) == 0 && is(b, shear01, 9),
          "shear(0, 1, 1): 0 1 2 / 5 3 4 / 7 8 6");
    rubik_free(b);
    b = rubik_new(2, sh, NULL);
    CHECK(rubik_shear(b, 0, 1, 0, 2, &e) == 0 && is(b, shear102, 9),
          "shear(1, 0, 2): 0 4 8 / 3 7 2 / 6 1 5");
    rubik_free(b);
    /* tilt(axis, dir) is shear(dir, axis) */
    b = rubik_new(2, sh, NULL);
    CHECK(rubik_tilt(b, 0, 1, 0, 1, &e) == 0 && is(b, shear01, 9),
          "tilt(1, 0, 1) = shear(0, 1, 1)");
    CHECK(rubik_tilt(b, 0, 1, 1, 1, &e) == -1 &&
              strcmp(e.msg, "rubik tilt: the axis and the direction are both "
                            "1") == 0,
          "the axis is not the direction: %s", e.msg);
    CHECK(rubik_tilt(b, 0, 2, 0, 1, &e) == -1, "no axis 2: %s", e.msg);
    rubik_free(b);
}

static void
test_zigzag_tilt(void)
{
    int sh[2] = {4, 4}, sh3[3] = {3, 3, 3};
    struct rubik *b = rubik_new(2, sh, NULL);
    /* zigzag(1, 0, depth 1, stride 1): rows 1 and 3 shift by 1, row 2 by
       0 (base = 3, |2 - 3| = 1) */
    static const int zz[16] = {0, 1, 2,  3,  7,  4,  5,  6,
                               8, 9, 10, 11, 15, 12, 13, 14};
    int ok = 1;
    struct rho_err e;

    CHECK(rubik_zigzag(b, 0, 1, 0, 1, 1, &e) == 0 && is(b, zz, 16),
          "zigzag: rows 1 and 3 roll by one");
    CHECK(rubik_zigzag(b, 0, 1, 0, 0, 1, &e) == -1, "depth 0: %s", e.msg);
    rubik_free(b);
    /* 3D tilt(0, 2, 1): the plane at z = i rolls by i along x */
    b = rubik_new(3, sh3, NULL);
    rubik_tilt(b, 0, 0, 2, 1, NULL);
    for (int x = 0; x < 3; x++)
        for (int y = 0; y < 3; y++)
            for (int z = 0; z < 3; z++)
                ok &= rubik_at(b, ((x + z) % 3 * 3 + y) * 3 + z) ==
                      (x * 3 + y) * 3 + z;
    CHECK(ok, "3D tilt: element (x,y,z) moves to (x+z mod 3, y, z)");
    CHECK(rubik_where(b, 1) == 10 && rubik_at(b, 10) == 1,
          "where: element 1 = (0,0,1) is now at (1,0,1)");
    rubik_free(b);
}

static void
test_cuts_map(void)
{
    int app_sh[3] = {9, 3, 8}, net_sh[3] = {6, 6, 6};
    int app_t[3] = {9, 3, 1}, net_t[3] = {3, 3, 3}, first, shape[3];
    struct rubik *app = rubik_new(3, app_sh, NULL);
    struct rubik *net = rubik_new(3, net_sh, NULL);
    struct rho_err e;
    int ok = 1;

    CHECK(rubik_cut(app, 0, RUBIK_TILE, app_t, &e) == 0 &&
              rubik_children(app, 0, &first) == 8 && first == 1 &&
              rubik_shape(app, 8, shape) == 3 && shape[2] == 1 &&
              rubik_size(app, 8) == 27,
          "the app box: eight 9x3x1 planes");
    CHECK(rubik_cut(net, 0, RUBIK_TILE, net_t, &e) == 0 &&
              rubik_children(net, 0, NULL) == 8,
          "the network: eight 3x3x3 cubes");
    CHECK(rubik_cut(app, 0, RUBIK_TILE, app_t, &e) == -1, "cut twice: %s",
          e.msg);
    CHECK(rubik_map(net, 0, app, 0, &e) == 0, "map (%s)", e.msg);
    /* rank (x,y,z) of the app is in plane z, which maps onto cube z = (a,
       b, c) of the 2x2x2 cube grid at element x*3 + y of the cube */
    for (int r = 0; r < 216; r++) {
        long long p = rubik_where(net, r);
        int x = r / 24, y = r / 8 % 3, z = r % 8, j = x * 3 + y;
        int a = z / 4, bb = z / 2 % 2, c = z % 2;
        int px = (int)(p / 36), py = (int)(p / 6 % 6), pz = (int)(p % 6);
        ok &= px == a * 3 + j / 9 && py == bb * 3 + j / 3 % 3 &&
              pz == c * 3 + j % 3;
    }
    CHECK(ok, "every rank in its cube, in row-major order");
    rubik_free(app);
    rubik_free(net);
    /* div with a remainder, mod with strides */
    {
        int sh[1] = {10}, three[1] = {3}, s[1];
        struct rubik *b = rubik_new(1, sh, NULL);
        rubik_cut(b, 0, RUBIK_DIV, three, NULL);
        rubik_shape(b, 3, s);
        CHECK(s[0] == 4 && rubik_size(b, 1) == 3,
              "div 10 in 3: 3, 3, and 4 in the last");
        rubik_cut(b, 3, RUBIK_MOD, (int[]){2}, NULL);
        rubik_shape(b, 5, s);
        CHECK(rubik_children(b, 3, &first) == 2 && first == 4 && s[0] == 2,
              "mod 2 of the last part (6..9): 6, 8 and 7, 9");
        rubik_transpose(b, 5, (int[]){0}, NULL);
        rubik_tilt(b, 0, 0, 0, 1, &e);
        CHECK(rubik_cut(b, 0, RUBIK_TILE, three, &e) == -1 &&
                  strstr(e.msg, "already cut") != NULL,
              "%s", e.msg);
        rubik_free(b);
    }
    /* transpose of a 2x3 view: the 3x2 transpose's elements in order */
    {
        int sh[2] = {2, 3};
        struct rubik *b = rubik_new(2, sh, NULL);
        static const int want[6] = {0, 3, 1, 4, 2, 5};
        CHECK(rubik_transpose(b, 0, (int[]){1, 0}, &e) == 0 && is(b, want, 6),
              "transpose: 0 3 1 / 4 2 5");
        CHECK(rubik_transpose(b, 0, (int[]){1, 1}, &e) == -1,
              "not a permutation: %s", e.msg);
        rubik_free(b);
    }
    /* map errors */
    {
        int a[2] = {4, 4}, b2[2] = {2, 8}, t[2] = {2, 2};
        struct rubik *x = rubik_new(2, a, NULL), *y = rubik_new(2, b2, NULL);
        rubik_cut(x, 0, RUBIK_TILE, t, NULL);
        CHECK(rubik_map(y, 0, x, 0, &e) == -1 &&
                  strcmp(e.msg, "rubik map: 4 partitions onto 1") == 0,
              "%s", e.msg);
        CHECK(rubik_map(y, 1, x, 0, &e) == -1, "%s", e.msg);
        rubik_free(x);
        rubik_free(y);
        x = rubik_new(2, a, NULL);
        y = rubik_new(1, (int[]){16}, NULL);
        rubik_cut(x, 0, RUBIK_DIV, (int[]){1, 3}, NULL); /* 4, 4, 8 */
        rubik_cut(y, 0, RUBIK_DIV, (int[]){3}, NULL);    /* 5, 5, 6 */
        CHECK(rubik_map(y, 0, x, 0, &e) == -1 &&
                  strcmp(e.msg, "rubik map: partition 0 has 5 elements "
                                "here, 4 in the other box") == 0,
              "%s", e.msg);
        rubik_free(x);
        rubik_free(y);
    }
    CHECK(rubik_new(0, NULL, &e) == NULL, "%s", e.msg);
}

int
main(void)
{
    test_docstring();
    test_zigzag_tilt();
    test_cuts_map();
    TEST_DONE();
}
