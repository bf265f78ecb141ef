#include "core/base/xsum.h"

#include <math.h>
#include <string.h>

/* w added at limb i, carried upwards. */
static void
add_word(struct xsum *s, int i, uint64_t w)
{
    while (w != 0 && i < XSUM_LIMBS) {
        uint64_t o = s->limb[i];
        s->limb[i] = o + w;
        w = s->limb[i] < o;
        i++;
    }
}

void
xsum_add(struct xsum *s, double v, uint64_t k)
{
    uint64_t b, m, lo, hi;
    unsigned __int128 p;
    int e, pos, i, sh;

    if (!(v > 0) || isinf(v) || k == 0)
        return;
    memcpy(&b, &v, sizeof b);
    e = (int)((b >> 52) & 0x7ff);
    m = b & ((1ULL << 52) - 1);
    if (e != 0)
        m |= 1ULL << 52;
    pos = e != 0 ? e - 1 : 0; /* v = m * 2^(pos - 1074) */
    p = (unsigned __int128)m * (k & 0xffffffffULL);
    lo = (uint64_t)p;
    hi = (uint64_t)(p >> 64);
    i = pos / 64;
    sh = pos % 64;
    add_word(s, i, lo << sh);
    if (sh == 0) {
        add_word(s, i + 1, hi);
    } else {
        add_word(s, i + 1, (lo >> (64 - sh)) | (hi << sh));
        add_word(s, i + 2, hi >> (64 - sh));
    }
}

void
xsum_merge(struct xsum *a, const struct xsum *b)
{
    for (int i = 0; i < XSUM_LIMBS; i++)
        add_word(a, i, b->limb[i]);
}

double
xsum_value(const struct xsum *s)
{
    int t = XSUM_LIMBS - 1, bit = 63, sticky = 0;
    uint64_t top;

    while (t >= 0 && s->limb[t] == 0)
        t--;
    if (t < 0)
        return 0;
    while (!(s->limb[t] >> bit))
        bit--;
    /* the 64 bits from the leading one down, the rest as a sticky bit
       (below the rounding position of a 53-bit mantissa) */
    if (bit == 63) {
        top = s->limb[t];
        for (int i = t - 1; i >= 0 && !sticky; i--)
            sticky = s->limb[i] != 0;
    } else {
        top = s->limb[t] << (63 - bit);
        if (t > 0) {
            top |= s->limb[t - 1] >> (bit + 1);
            sticky = (s->limb[t - 1] & ((1ULL << (bit + 1)) - 1)) != 0;
        }
        for (int i = t - 2; i >= 0 && !sticky; i--)
            sticky = s->limb[i] != 0;
    }
    if (sticky)
        top |= 1;
    return ldexp((double)top, 64 * t + bit - 63 - 1074);
}
