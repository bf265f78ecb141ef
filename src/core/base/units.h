/*
 * units: parsing and printing of sizes, rates and times.
 *
 * Sizes: B, kB/KB, MB, GB, TB (SI, powers of 1000) and KiB, MiB, GiB, TiB
 * (IEC, powers of 1024). Rates: any size unit followed by "/s", and bit
 * rates bit/s, kbit/s, Mbit/s, Gbit/s, Tbit/s (SI). Times: s, ms, us (or
 * µs), ns. A bare number means bytes, bytes per second or seconds. Any other
 * unit is an error that lists the accepted ones. Values must be finite and
 * not negative.
 */
#ifndef RHO_CORE_BASE_UNITS_H
#define RHO_CORE_BASE_UNITS_H

#include <stddef.h>

#include "core/base/rho_err.h"

enum unit_kind { UNIT_SIZE, UNIT_RATE, UNIT_TIME };

/*
 * Parse text such as "300 MiB", "11.6 GiB/s" or "2 ms" as a quantity of the
 * given kind, in bytes, bytes per second or seconds. Returns 0 and sets *out,
 * or -1 with err filled (RHO_EINPUT), e.g. "unknown size unit 'mb' in
 * '3 mb' (expected B, kB, KB, MB, GB, TB, KiB, MiB, GiB, TiB)".
 */
int units_parse(enum unit_kind kind, const char *text, double *out,
                struct rho_err *err);

/* The name of a kind: "size", "rate", "time". */
const char *units_kind_name(enum unit_kind kind);

/*
 * Print bytes readably into buf (n bytes), with 4 significant digits in the
 * largest IEC unit that keeps the number >= 1: "300 MiB", "1.5 KiB", "17 B".
 * Returns buf.
 */
char *units_fmt_size(char *buf, size_t n, double bytes);

/* Print a rate in B/s readably: "11.6 GiB/s". Returns buf. */
char *units_fmt_rate(char *buf, size_t n, double bps);

/* A rate as units_fmt_rate() with three significant digits: "11.2 GiB/s",
   for a screen that also shows units_fmt_rate_short() figures. */
char *units_fmt_rate3(char *buf, size_t n, double bps);

/*
 * A rate in at most 5 columns, for a table whose header says B/s: three
 * digits (two decimals under 1) and the IEC prefix alone: "11.2G"
 * (11.2 GiB/s), "200M", "0.98K", "17", "0"; "huge" past 999 EiB/s.
 * Returns buf.
 */
char *units_fmt_rate_short(char *buf, size_t n, double bps);

/* Print seconds readably: "64.94 ms", "1.2 us", "0 s". Returns buf. */
char *units_fmt_time(char *buf, size_t n, double s);

/*
 * Print a size exactly, so that units_parse() reads back the same double:
 * "300 MiB" when bytes is a whole multiple of a unit, else the shortest
 * number of bytes that reads back (units_fmt_num()) and "B".
 */
char *units_fmt_size_exact(char *buf, size_t n, double bytes);

/* Print a rate exactly (as above): "11.6 GiB/s" or "N B/s". */
char *units_fmt_rate_exact(char *buf, size_t n, double bps);

/* Print a time exactly (as above): "2 ms" or "N s". */
char *units_fmt_time_exact(char *buf, size_t n, double s);

/*
 * Print an integer for people, its thousands separated by commas:
 * "8,847,360", "-1,024", "999". Returns buf.
 */
char *units_fmt_int(char *buf, size_t n, long long v);

/*
 * Print a count of things for people: the number as units_fmt_int() and
 * noun, with an "s" unless v is 1: "1 flow", "2 flows", "8,847,360
 * ranks". Returns buf.
 */
char *units_fmt_count(char *buf, size_t n, long long v, const char *noun);

/*
 * Print v in the shortest %g form that strtod() reads back as v: %.15g,
 * else %.16g, else %.17g ("0.2", not "0.20000000000000001"). For text
 * programs read (Lua written by rho). Returns buf.
 */
char *units_fmt_num(char *buf, size_t n, double v);

#endif
