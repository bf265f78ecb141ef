/*
 * test_xsum: exact sums of doubles >= 0 -- the terms' order does not
 * matter, k times a value is k additions of it, merged sums are the sum
 * of every term, and the value is rounded once to the nearest double.
 */
#include "core/base/xsum.h"

#include <math.h>
#include <string.h>

#include "core/base/rng.h"
#include "harness.h"

int
main(void)
{
    struct xsum a, b, c;
    double two53 = 9007199254740992.0, v[1000];
    struct rng g;

    memset(&a, 0, sizeof a);
    CHECK(xsum_value(&a) == 0, "an empty sum is 0");
    xsum_add(&a, two53, 1);
    xsum_add(&a, 1, 1);
    xsum_add(&a, 1, 1);
    CHECK(xsum_value(&a) == two53 + 2,
          "2^53 + 1 + 1 is 2^53 + 2 (added one by one in doubles: 2^53)");
    memset(&a, 0, sizeof a);
    xsum_add(&a, 1, 1);
    xsum_add(&a, ldexp(1, -53), 1);
    CHECK(xsum_value(&a) == 1, "1 + 2^-53 rounds to 1 (a tie, to even)");
    xsum_add(&a, ldexp(1, -120), 1);
    CHECK(xsum_value(&a) == 1 + ldexp(1, -52),
          "1 + 2^-53 + 2^-120 rounds up (the bits below count)");
    memset(&a, 0, sizeof a);
    xsum_add(&a, 4.9406564584124654e-324, 3);
    CHECK(xsum_value(&a) == 3 * 4.9406564584124654e-324,
          "subnormal terms: 3 x the smallest");
    xsum_add(&a, -1, 1);
    xsum_add(&a, NAN, 1);
    xsum_add(&a, INFINITY, 1);
    CHECK(xsum_value(&a) == 3 * 4.9406564584124654e-324,
          "negative, NaN and infinite terms add nothing");

    rng_init(&g, 3);
    for (int i = 0; i < 1000; i++)
        v[i] = ldexp(rng_double(&g), (int)rng_below(&g, 80) - 40);
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    for (int i = 0; i < 1000; i++) {
        xsum_add(&a, v[i], 1);
        xsum_add(i < 500 ? &c : &b, v[999 - i], 1);
    }
    xsum_merge(&b, &c);
    CHECK(memcmp(&a, &b, sizeof a) == 0 && xsum_value(&a) == xsum_value(&b),
          "1000 terms forwards, and backwards in two merged halves: the "
          "same sum (%.17g)",
          xsum_value(&a));
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    for (int i = 0; i < 77777; i++)
        xsum_add(&a, 0.1, 1);
    xsum_add(&b, 0.1, 77777);
    xsum_add(&b, 0.1, 0);
    CHECK(memcmp(&a, &b, sizeof a) == 0,
          "77777 additions of 0.1 are one addition of 77777 x 0.1");
    CHECK(xsum_value(&a) == 7777.7000000000007,
          "and round once: %.17g (0.1 is 0.1000000000000000055511...)",
          xsum_value(&a));
    memset(&a, 0, sizeof a);
    xsum_add(&a, 1.7976931348623157e308, 0xffffffffULL);
    for (int i = 0; i < 16; i++)
        xsum_merge(&a, &a);
    CHECK(isinf(xsum_value(&a)),
          "2^48 x the largest double is kept (its value overflows)");
    TEST_DONE();
}
