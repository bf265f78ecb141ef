/* Unit tests for core/units: every accepted unit, errors, printing. */
#include "harness.h"

#include "core/base/units.h"

static double
parse(enum unit_kind k, const char *s)
{
    double v = -1;
    struct rho_err err;

    if (units_parse(k, s, &v, &err) != 0)
        return -1;
    return v;
}

int
main(void)
{
    struct rho_err err;
    double v;
    char buf[64];

    CHECK_NEAR(parse(UNIT_SIZE, "300 MiB"), 300.0 * 1048576, 0, "300 MiB");
    CHECK_NEAR(parse(UNIT_SIZE, "300MiB"), 300.0 * 1048576, 0, "no space");
    CHECK_NEAR(parse(UNIT_SIZE, "1 MB"), 1e6, 0, "MB is SI");
    CHECK_NEAR(parse(UNIT_SIZE, "2 kB"), 2000, 0, "kB");
    CHECK_NEAR(parse(UNIT_SIZE, "2 KB"), 2000, 0, "KB");
    CHECK_NEAR(parse(UNIT_SIZE, "1 GB"), 1e9, 0, "GB");
    CHECK_NEAR(parse(UNIT_SIZE, "1 TB"), 1e12, 0, "TB");
    CHECK_NEAR(parse(UNIT_SIZE, "3 KiB"), 3072, 0, "KiB");
    CHECK_NEAR(parse(UNIT_SIZE, "1 GiB"), 1073741824.0, 0, "GiB");
    CHECK_NEAR(parse(UNIT_SIZE, "1 TiB"), 1099511627776.0, 0, "TiB");
    CHECK_NEAR(parse(UNIT_SIZE, "17 B"), 17, 0, "B");
    CHECK_NEAR(parse(UNIT_SIZE, "4096"), 4096, 0, "bare number is bytes");
    CHECK_NEAR(parse(UNIT_RATE, "11.6 GiB/s"), 11.6 * 1073741824.0, 1e-3,
               "GiB/s");
    CHECK_NEAR(parse(UNIT_RATE, "2 GB/s"), 2e9, 0, "GB/s");
    CHECK_NEAR(parse(UNIT_RATE, "100 Gbit/s"), 12.5e9, 0, "Gbit/s");
    CHECK_NEAR(parse(UNIT_RATE, "8 bit/s"), 1, 0, "bit/s");
    CHECK_NEAR(parse(UNIT_RATE, "5 B/s"), 5, 0, "B/s");
    CHECK_NEAR(parse(UNIT_TIME, "2 ms"), 2e-3, 1e-18, "ms");
    CHECK_NEAR(parse(UNIT_TIME, "3 us"), 3e-6, 1e-20, "us");
    CHECK_NEAR(parse(UNIT_TIME, "3 \xc2\xb5s"), 3e-6, 1e-20, "µs");
    CHECK_NEAR(parse(UNIT_TIME, "7 ns"), 7e-9, 1e-22, "ns");
    CHECK_NEAR(parse(UNIT_TIME, "1.5 s"), 1.5, 0, "s");

    /* spec section 5: T_ref = 300 MiB / 11.6 GiB/s = 25.26 ms */
    CHECK_NEAR(parse(UNIT_SIZE, "300 MiB") / parse(UNIT_RATE, "11.6 GiB/s"),
               0.0252560, 5e-7, "T_ref");

    CHECK(units_parse(UNIT_SIZE, "3 mb", &v, &err) == -1 &&
              err.code == RHO_EINPUT,
          "unknown unit is an error");
    CHECK_STR(err.msg,
              "unknown size unit 'mb' in '3 mb' (expected B, kB, KB, MB, GB, "
              "TB, PB, EB, KiB, MiB, GiB, TiB, PiB, EiB)",
              "unknown unit message");
    CHECK(units_parse(UNIT_RATE, "3 GiB", &v, &err) == -1,
          "a size is not a rate");
    CHECK(units_parse(UNIT_TIME, "3 MiB", &v, &err) == -1,
          "a size is not a time");
    CHECK(units_parse(UNIT_TIME, "3 min", &v, &err) == 0 && v == 180, "3 min");
    CHECK(units_parse(UNIT_TIME, "2 h", &v, &err) == 0 && v == 7200, "2 h");
    CHECK(units_parse(UNIT_TIME, "1 d", &v, &err) == 0 && v == 86400, "1 d");
    CHECK(units_parse(UNIT_TIME, "3 fortnight", &v, &err) == -1,
          "fortnight unknown");
    CHECK(units_parse(UNIT_SIZE, "2 EiB", &v, &err) == 0 &&
              v == 2 * 1152921504606846976.0,
          "EiB");
    CHECK(units_parse(UNIT_RATE, "1 PB/s", &v, &err) == 0 && v == 1e15, "PB/s");
    CHECK(units_parse(UNIT_SIZE, "lots", &v, &err) == -1, "no number");
    CHECK_STR(err.msg, "expected a size such as '300 MiB', got 'lots'",
              "no number message");
    CHECK(units_parse(UNIT_SIZE, "-1 MiB", &v, &err) == -1, "negative");
    CHECK(units_parse(UNIT_SIZE, "inf B", &v, &err) == -1, "infinite");
    CHECK(units_parse(UNIT_SIZE, "nan", &v, &err) == -1, "nan");

    CHECK_STR(units_fmt_size(buf, sizeof buf, 300.0 * 1048576), "300 MiB",
              "fmt 300 MiB");
    CHECK_STR(units_fmt_size(buf, sizeof buf, 1536), "1.5 KiB", "fmt 1.5 KiB");
    CHECK_STR(units_fmt_size(buf, sizeof buf, 17), "17 B", "fmt 17 B");
    CHECK_STR(units_fmt_rate(buf, sizeof buf, 11.6 * 1073741824.0),
              "11.6 GiB/s", "fmt rate");
    /* a screen's two forms of a rate agree to three digits: 11.18 GiB/s
       is "11.2G" in a B/s cell and "11.2 GiB/s" beside it */
    CHECK_STR(units_fmt_rate_short(buf, sizeof buf, 11.18 * 1073741824.0),
              "11.2G", "short rate: three digits");
    CHECK_STR(units_fmt_rate3(buf, sizeof buf, 11.18 * 1073741824.0),
              "11.2 GiB/s", "rate to three digits");
    CHECK_STR(units_fmt_rate3(buf, sizeof buf, 6.96 * 1073741824.0),
              "6.96 GiB/s", "rate to three digits under 10");
    CHECK_STR(units_fmt_rate_short(buf, sizeof buf, 200 * 1048576.0), "200M",
              "short 200M");
    CHECK_STR(units_fmt_rate_short(buf, sizeof buf, 1000), "0.98K",
              "short: 1000 B/s in 5 columns, its unit kept");
    CHECK_STR(units_fmt_rate_short(buf, sizeof buf, 999.4), "999",
              "short: 999 B/s");
    CHECK_STR(units_fmt_rate_short(buf, sizeof buf, 0), "0", "short: 0");
    CHECK_STR(units_fmt_rate_short(buf, sizeof buf, 2e18), "1.73E",
              "short: EiB/s");
    CHECK_STR(units_fmt_rate_short(buf, sizeof buf, 1e40), "huge",
              "short: past the units, still 5 columns");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 0.06494), "64.94 ms", "fmt ms");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 0), "0 s", "fmt zero");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 1.2e-6), "1.2 us", "fmt us");

    CHECK_STR(units_fmt_size_exact(buf, sizeof buf, 300.0 * 1048576), "300 MiB",
              "exact MiB");
    CHECK_STR(units_fmt_size_exact(buf, sizeof buf, 1e6), "1 MB", "exact MB");
    CHECK_STR(units_fmt_rate_exact(buf, sizeof buf, 11.6 * 1073741824.0),
              "11.6 GiB/s", "exact GiB/s");
    CHECK_STR(units_fmt_time_exact(buf, sizeof buf, 0.002), "2 ms", "exact ms");
    {
        double odd = 1234567.891, back;
        units_fmt_size_exact(buf, sizeof buf, odd);
        CHECK(units_parse(UNIT_SIZE, buf, &back, NULL) == 0 && back == odd,
              "exact size round trip (%s)", buf);
    }
    /* engineering units up to EiB and years, then scientific notation:
       never wider than a dozen columns */
    CHECK_STR(units_fmt_size(buf, sizeof buf, 5 * 1125899906842624.0), "5 PiB",
              "PiB");
    CHECK_STR(units_fmt_size(buf, sizeof buf, 1e30 * 1099511627776.0),
              "9.537e+23 EiB", "1e30 TiB: scientific past 9999 EiB");
    CHECK_STR(units_fmt_rate(buf, sizeof buf, 3e21), "2602 EiB/s", "EiB/s");
    CHECK_STR(units_fmt_size(buf, sizeof buf, 1023.6), "1 KiB",
              "1023.6 B would round to 1024 B: 1 KiB");
    CHECK_STR(units_fmt_size(buf, sizeof buf, 1e-10), "1e-10 B",
              "a tiny size: scientific, not 0");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 59.998), "1 min",
              "59.998 s would round to 60 s: 1 min");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 5400), "1.5 h", "hours");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 3 * 86400.0), "3 d", "days");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 2 * 31557600.0), "2 y", "years");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 1e30), "3.169e+22 y",
              "1e30 s: scientific years");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 4e-10), "0.4 ns",
              "under a nanosecond");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 1e-15), "1e-15 s",
              "not even 0.001 ns: scientific seconds");
    CHECK_STR(units_fmt_time(buf, sizeof buf, 0.021875), "21.88 ms",
              "21.875 ms rounds as written");
    CHECK_STR(units_fmt_time_exact(buf, sizeof buf, 7200), "7200 s",
              "exact times stay in seconds and below");

    CHECK_STR(units_fmt_int(buf, sizeof buf, 8847360), "8,847,360",
              "thousands");
    CHECK_STR(units_fmt_int(buf, sizeof buf, 999), "999", "under 1,000");
    CHECK_STR(units_fmt_int(buf, sizeof buf, 1000), "1,000", "1,000");
    CHECK_STR(units_fmt_int(buf, sizeof buf, -1234567), "-1,234,567",
              "negative");
    CHECK_STR(units_fmt_int(buf, sizeof buf, -9223372036854775807LL - 1),
              "-9,223,372,036,854,775,808", "the smallest");
    CHECK_STR(units_fmt_count(buf, sizeof buf, 1, "flow"), "1 flow",
              "one flow");
    CHECK_STR(units_fmt_count(buf, sizeof buf, 0, "thread"), "0 threads",
              "no threads");
    CHECK_STR(units_fmt_count(buf, sizeof buf, 1679616, "schedule"),
              "1,679,616 schedules", "many");

    CHECK_STR(units_fmt_num(buf, sizeof buf, 0.2), "0.2",
              "0.2, not 0.20000000000000001");
    CHECK_STR(units_fmt_num(buf, sizeof buf, 1.0 / 3), "0.3333333333333333",
              "16 digits when 15 do not read back");
    CHECK_STR(units_fmt_num(buf, sizeof buf, 0.1 + 0.2), "0.30000000000000004",
              "17 when nothing shorter does");
    CHECK_STR(units_fmt_num(buf, sizeof buf, 12e9), "12000000000",
              "a whole number");
    CHECK_STR(units_fmt_size_exact(buf, sizeof buf, 1234567.8910000001),
              "1.234567891 MB", "an odd size");
    CHECK_STR(units_fmt_size_exact(buf, sizeof buf, 0.1 + 0.2),
              "0.30000000000000004 B", "no unit fits: the shortest bytes");
    TEST_DONE();
}
