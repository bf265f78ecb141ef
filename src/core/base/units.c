/*
 * units: sizes, rates and times as text. See units.h.
 *
 * The paper's "MB" and "GB/s" are binary (spec section 5); scenarios
 * written for rho say MiB and GiB/s, and "MB" means 10^6 bytes.
 */
#include "core/base/units.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct unit {
    const char *name;
    double scale;
};

static const struct unit size_units[] = {
    {"B", 1.0},
    {"kB", 1e3},
    {"KB", 1e3},
    {"MB", 1e6},
    {"GB", 1e9},
    {"TB", 1e12},
    {"KiB", 1024.0},
    {"MiB", 1048576.0},
    {"GiB", 1073741824.0},
    {"TiB", 1099511627776.0},
    {"PB", 1e15},
    {"EB", 1e18},
    {"PiB", 1125899906842624.0},
    {"EiB", 1152921504606846976.0},
    {NULL, 0},
};

static const struct unit bit_units[] = {
    {"bit/s", 1.0 / 8},  {"kbit/s", 1e3 / 8}, {"Kbit/s", 1e3 / 8},
    {"Mbit/s", 1e6 / 8}, {"Gbit/s", 1e9 / 8}, {"Tbit/s", 1e12 / 8},
    {"Gb/s", 1e9 / 8},   {"Mb/s", 1e6 / 8},   {"Gbps", 1e9 / 8},
    {NULL, 0},
};

/* The units a time is read in; the first five are those it is written in
   exactly (units_fmt_time_exact()). */
static const struct unit time_units[] = {
    {"s", 1.0},          {"ms", 1e-3},          {"us", 1e-6},
    {"\xc2\xb5s", 1e-6}, /* µs */ {"ns", 1e-9}, {"min", 60.0},
    {"h", 3600.0},       {"d", 86400.0},        {NULL, 0},
};
#define TIME_EXACT 5 /* s, ms, us, µs, ns */

static const char size_list[] =
    "B, kB, KB, MB, GB, TB, PB, EB, KiB, MiB, GiB, TiB, PiB, EiB";
static const char rate_list[] =
    "B/s, kB/s, KB/s, MB/s, GB/s, TB/s, PB/s, EB/s, KiB/s, MiB/s, GiB/s, "
    "TiB/s, PiB/s, EiB/s, bit/s, kbit/s, Mbit/s, Gbit/s, Tbit/s";
static const char time_list[] = "s, ms, us, ns, min, h, d";

const char *
units_kind_name(enum unit_kind kind)
{
    switch (kind) {
    case UNIT_SIZE:
        return "size";
    case UNIT_RATE:
        return "rate";
    case UNIT_TIME:
        return "time";
    }
    return "quantity";
}

static const struct unit *
find(const struct unit *tab, const char *name, size_t len)
{
    for (; tab->name != NULL; tab++)
        if (strlen(tab->name) == len && memcmp(tab->name, name, len) == 0)
            return tab;
    return NULL;
}

/* Look up a unit of the given kind; returns its scale or 0 when unknown. */
static double
unit_scale(enum unit_kind kind, const char *u, size_t len)
{
    const struct unit *x;

    if (len == 0)
        return 1.0;
    switch (kind) {
    case UNIT_SIZE:
        x = find(size_units, u, len);
        return x ? x->scale : 0;
    case UNIT_RATE:
        if ((x = find(bit_units, u, len)) != NULL)
            return x->scale;
        if (len > 2 && memcmp(u + len - 2, "/s", 2) == 0 &&
            (x = find(size_units, u, len - 2)) != NULL)
            return x->scale;
        return 0;
    case UNIT_TIME:
        x = find(time_units, u, len);
        return x ? x->scale : 0;
    }
    return 0;
}

int
units_parse(enum unit_kind kind, const char *text, double *out,
            struct rho_err *err)
{
    const char *p = text, *u;
    char *end;
    double v, scale;
    size_t ulen;

    while (isspace((unsigned char)*p))
        p++;
    v = strtod(p, &end);
    if (end == p)
        return rho_err_set(err, RHO_EINPUT,
                           "expected a %s such as %s, got '%s'",
                           units_kind_name(kind),
                           kind == UNIT_SIZE   ? "'300 MiB'"
                           : kind == UNIT_RATE ? "'11.6 GiB/s'"
                                               : "'2 ms'",
                           text);
    u = end;
    while (isspace((unsigned char)*u))
        u++;
    ulen = strlen(u);
    while (ulen > 0 && isspace((unsigned char)u[ulen - 1]))
        ulen--;
    scale = unit_scale(kind, u, ulen);
    if (scale == 0)
        return rho_err_set(err, RHO_EINPUT,
                           "unknown %s unit '%.*s' in '%s' (expected %s)",
                           units_kind_name(kind), (int)ulen, u, text,
                           kind == UNIT_SIZE   ? size_list
                           : kind == UNIT_RATE ? rate_list
                                               : time_list);
    if (!isfinite(v) || v < 0)
        return rho_err_set(err, RHO_EINPUT,
                           "%s '%s' must be a finite number >= 0",
                           units_kind_name(kind), text);
    *out = v * scale;
    if (!isfinite(*out))
        return rho_err_set(err, RHO_EINPUT, "%s '%s' is too large",
                           units_kind_name(kind), text);
    return 0;
}

static const char *const iec[] = {"B",   "KiB", "MiB", "GiB",
                                  "TiB", "PiB", "EiB"};
#define IEC_MAX 6

/*
 * Four significant digits (sig of them, fmt_sig_n(); under 1, sig - 1
 * decimals) without trailing zeros, and unit: "300 MiB",
 * "1.5 KiB", "17 B". Past 9999 of the largest unit, or under 0.001 of the
 * smallest, the number is written in scientific notation ("1.2e+24 EiB",
 * "5e-13 s"), so the text is never wider than about a dozen columns.
 */
static void
fmt_sig_n(char *buf, size_t n, double v, const char *unit, int sig)
{
    char num[64];
    double a = fabs(v);
    int digits = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;

    digits -= 4 - sig; /* sig 3: "11.2", "200", "1.5" */
    if (digits < 0)
        digits = 0;
    char *dot, *e;

    if (a >= 9999.5 || (a > 0 && a < 0.0005)) {
        snprintf(num, sizeof num, "%.3e", v);
        e = strchr(num, 'e');
        dot = strchr(num, '.');
        if (dot != NULL && e != NULL) { /* 1.200e+24 -> 1.2e+24 */
            char *z = e;
            while (z > dot + 1 && z[-1] == '0')
                z--;
            if (z == dot + 1)
                z = dot;
            memmove(z, e, strlen(e) + 1);
        }
    } else {
        snprintf(num, sizeof num, "%.*f", digits, v);
        if ((dot = strchr(num, '.')) != NULL) {
            e = num + strlen(num) - 1;
            while (e > dot && *e == '0')
                *e-- = '\0';
            if (e == dot)
                *e = '\0';
        }
    }
    snprintf(buf, n, "%s %s", num, unit);
}

static void
fmt_sig(char *buf, size_t n, double v, const char *unit)
{
    fmt_sig_n(buf, n, v, unit, 4);
}

static void
fmt_binary_n(char *buf, size_t n, double v, const char *suffix, int sig)
{
    int i = 0;
    char unit[16];

    /* 1023.5 KiB would print as "1024 KiB": the next unit then */
    while (i < IEC_MAX && fabs(v) >= 1023.5) {
        v /= 1024.0;
        i++;
    }
    snprintf(unit, sizeof unit, "%s%s", iec[i], suffix);
    fmt_sig_n(buf, n, v, unit, sig);
}

static void
fmt_binary(char *buf, size_t n, double v, const char *suffix)
{
    fmt_binary_n(buf, n, v, suffix, 4);
}

char *
units_fmt_size(char *buf, size_t n, double bytes)
{
    fmt_binary(buf, n, bytes, "");
    return buf;
}

char *
units_fmt_rate(char *buf, size_t n, double bps)
{
    fmt_binary(buf, n, bps, "/s");
    return buf;
}

char *
units_fmt_rate3(char *buf, size_t n, double bps)
{
    fmt_binary_n(buf, n, bps, "/s", 3);
    return buf;
}

char *
units_fmt_rate_short(char *buf, size_t n, double bps)
{
    static const char *const prefix[] = {"", "K", "M", "G", "T", "P", "E"};
    char num[64];
    int i = 0;

    while (i < IEC_MAX && fabs(bps) >= 999.5) { /* at most 3 digits */
        bps /= 1024.0;
        i++;
    }
    if (!isfinite(bps) || fabs(bps) >= 999.5) {
        snprintf(buf, n, "huge");
        return buf;
    }
    /* three digits: "11.2", "0.98" (not "0.977": 5 columns at most) */
    fmt_sig_n(num, sizeof num, bps, "", 3);
    num[strlen(num) - 1] = '\0'; /* the blank before the (empty) unit */
    snprintf(buf, n, "%s%s", num, prefix[i]);
    return buf;
}

/* Units of time for people, largest first (a Julian year: 365.25 d). */
static const struct unit time_shown[] = {
    {"y", 31557600.0}, {"d", 86400.0}, {"h", 3600.0}, {"min", 60.0}, {"s", 1.0},
    {"ms", 1e-3},      {"us", 1e-6},   {"ns", 1e-9},  {NULL, 0},
};

char *
units_fmt_time(char *buf, size_t n, double s)
{
    double a = fabs(s);
    const struct unit *u = time_shown;

    if (a == 0 || !isfinite(a)) {
        snprintf(buf, n, "%g s", s);
        return buf;
    }
    /* the largest unit that shows it >= 1 (59.998 s would round to
       "60 s": it is 1 min) */
    while (u[1].name != NULL && a < u->scale * 0.99995)
        u++;
    if (a < 0.0005e-9)
        u = &time_shown[4]; /* not even 0.001 ns: seconds, scientific */
    /* under a second: times 1e3, 1e6, 1e9 (as exact as a product gets) */
    fmt_sig(buf, n, u->scale < 1 ? s * (1 / u->scale) : s / u->scale, u->name);
    return buf;
}

/*
 * Exact printing: try each unit from the largest; use it when the quotient
 * prints in few digits and parses back to the same double.
 */
static char *
fmt_exact(char *buf, size_t n, double v, enum unit_kind kind,
          const struct unit *tab, int ntab, const char *suffix,
          const char *base)
{
    const struct unit *best = NULL;

    for (const struct unit *u = tab; u->name != NULL && u - tab < ntab; u++) {
        char try[96];
        double back;
        double q = v / u->scale;

        if (q < 1 && v != 0)
            continue;
        snprintf(try, sizeof try, "%.10g %s%s", q, u->name, suffix);
        if (units_parse(kind, try, &back, NULL) == 0 && back == v &&
            (best == NULL || u->scale > best->scale))
            best = u;
    }
    if (best != NULL && v != 0) {
        snprintf(buf, n, "%.10g %s%s", v / best->scale, best->name, suffix);
    } else {
        char num[40];
        snprintf(buf, n, "%s %s", units_fmt_num(num, sizeof num, v), base);
    }
    return buf;
}

char *
units_fmt_int(char *buf, size_t n, long long v)
{
    char tmp[32];
    size_t len, out = 0, digits;
    const char *d = tmp;

    snprintf(tmp, sizeof tmp, "%lld", v);
    len = strlen(tmp);
    if (n == 0)
        return buf;
    if (*d == '-') {
        if (out + 1 < n)
            buf[out++] = '-';
        d++;
        len--;
    }
    for (digits = len; *d && out + 1 < n; d++, digits--) {
        buf[out++] = *d;
        if (digits > 1 && digits % 3 == 1 && out + 1 < n)
            buf[out++] = ',';
    }
    buf[out] = '\0';
    return buf;
}

char *
units_fmt_count(char *buf, size_t n, long long v, const char *noun)
{
    char num[40];

    snprintf(buf, n, "%s %s%s", units_fmt_int(num, sizeof num, v), noun,
             v == 1 ? "" : "s");
    return buf;
}

char *
units_fmt_num(char *buf, size_t n, double v)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return buf;
}

char *
units_fmt_size_exact(char *buf, size_t n, double bytes)
{
    return fmt_exact(buf, n, bytes, UNIT_SIZE, size_units, 99, "", "B");
}

char *
units_fmt_rate_exact(char *buf, size_t n, double bps)
{
    return fmt_exact(buf, n, bps, UNIT_RATE, size_units, 99, "/s", "B/s");
}

char *
units_fmt_time_exact(char *buf, size_t n, double s)
{
    /* "s" first so that whole seconds stay in seconds */
    return fmt_exact(buf, n, s, UNIT_TIME, time_units, TIME_EXACT, "", "s");
}
