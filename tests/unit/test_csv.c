/*
 * The CSV writer: RFC 4180 fields that a reader of the RFC takes back
 * as they were written, and numbers in the shortest form that reads back.
 */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/sweep.h"
#include "report/csv.h"

/* What c wrote since f was opened, as a string (caller frees). */
static char *
text_of(FILE *f)
{
    long n;
    char *s;

    fflush(f);
    n = ftell(f);
    rewind(f);
    s = xcalloc((size_t)n + 1, 1);
    if (fread(s, 1, (size_t)n, f) != (size_t)n)
        s[0] = '\0';
    return s;
}

/*
 * An RFC 4180 reader of one record: fields into out[] (each malloc'd),
 * returns how many, *p past the record's line end. Quoted fields may hold
 * commas, CR, LF and doubled quotes.
 */
static int
read_record(const char **p, char **out, int max)
{
    const char *s = *p;
    int n = 0;

    for (;;) {
        char *f = xcalloc(strlen(s) + 1, 1);
        size_t k = 0;
        if (*s == '"') {
            for (s++; *s; s++) {
                if (*s == '"' && s[1] == '"')
                    f[k++] = *s++;
                else if (*s == '"')
                    break;
                else
                    f[k++] = *s;
            }
            if (*s == '"')
                s++;
        } else {
            while (*s && *s != ',' && *s != '\n')
                f[k++] = *s++;
        }
        if (n < max)
            out[n++] = f;
        else
            free(f);
        if (*s == ',') {
            s++;
            continue;
        }
        if (*s == '\n')
            s++;
        break;
    }
    *p = s;
    return n;
}

int
main(void)
{
    static const char *const hostile[] = {
        "plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere",
        "\"", "", " spaced ", "r0 -> r1 (x+)", NULL};
    FILE *f = tmpfile();
    struct csv c;
    char *t, *field[16];
    const char *p;
    int n;

    /* quoting: only when needed, quotes doubled */
    csv_begin(&c, f);
    csv_str(&c, "a");
    csv_str(&c, "b,c");
    csv_str(&c, "say \"hi\"");
    csv_str(&c, NULL);
    csv_str(&c, "x\ny");
    csv_row(&c);
    t = text_of(f);
    CHECK_STR(t, "a,\"b,c\",\"say \"\"hi\"\"\",,\"x\ny\"\n",
              "RFC 4180 quoting");
    free(t);
    fclose(f);

    /* every hostile string reads back as written, one record */
    f = tmpfile();
    csv_begin(&c, f);
    for (int i = 0; hostile[i]; i++)
        csv_str(&c, hostile[i]);
    csv_row(&c);
    csv_int(&c, 7);
    csv_row(&c);
    t = text_of(f);
    p = t;
    n = read_record(&p, field, 16);
    CHECK(n == 9, "9 fields in the first record (got %d)", n);
    for (int i = 0; i < n && hostile[i]; i++) {
        CHECK_STR(field[i], hostile[i], "field %d reads back", i + 1);
        free(field[i]);
    }
    n = read_record(&p, field, 16);
    CHECK(n == 1 && strcmp(field[0], "7") == 0 && *p == '\0',
          "then the second record, and the end");
    if (n >= 1)
        free(field[0]);
    free(t);
    fclose(f);

    /* numbers: the shortest that read back; NaN empty; infinities */
    {
        static const double v[] = {0.3,    0.1 + 0.2, 7.0 / 10,
                                   1e300,  -0.0,      314572800,
                                   1.0 / 3, 5e-324,   0.064943811576354676};
        static const char *const want =
            "0.3,0.30000000000000004,0.7,1e+300,-0,314572800,"
            "0.3333333333333333,4.94065645841247e-324,"
            "0.06494381157635468,,inf,-inf,-12\n";
        f = tmpfile();
        csv_begin(&c, f);
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            csv_num(&c, v[i]);
        csv_num(&c, NAN);
        csv_num(&c, INFINITY);
        csv_num(&c, -INFINITY);
        csv_int(&c, -12);
        csv_row(&c);
        t = text_of(f);
        CHECK_STR(t, want, "numbers");
        p = t;
        n = read_record(&p, field, 16);
        for (int i = 0; i < n && i < (int)(sizeof v / sizeof v[0]); i++)
            CHECK(strtod(field[i], NULL) == v[i], "number %d reads back (%s)",
                  i + 1, field[i]);
        for (int i = 0; i < n; i++)
            free(field[i]);
        free(t);
        fclose(f);
    }

    /* a header, and the writer starts each row afresh */
    {
        static const char *const head[] = {"src", "dst", "alone_Bps", NULL};
        f = tmpfile();
        csv_begin(&c, f);
        csv_header(&c, head);
        csv_str(&c, "gpu0");
        csv_empty(&c);
        csv_num(&c, 12e9);
        csv_row(&c);
        t = text_of(f);
        CHECK_STR(t, "src,dst,alone_Bps\ngpu0,,12000000000\n", "header, row");
        free(t);
        fclose(f);
    }

    /* sweep axes as numbers: what the CSV writes beside the typed values */
    {
        static const struct {
            const char *spec;
            enum sweep_kind kind;
            double first, last;
        } ax[] = {
            {"size=40KiB,1MiB", SWEEP_BYTES, 40960, 1048576},
            {"size=0,2KiB", SWEEP_BYTES, 0, 2048},
            {"tau=0.1,0.25", SWEEP_NUMBER, 0.1, 0.25},
            {"bw=1GiB/s,12 GB/s", SWEEP_BPS, 1073741824, 12e9},
            {"t=2ms,1us", SWEEP_SECONDS, 0.002, 1e-6},
            {"routing=DOR,BGQ", SWEEP_TEXT, 0, 0},
            {"mixed=1KiB,2ms", SWEEP_TEXT, 0, 0},
        };
        for (size_t i = 0; i < sizeof ax / sizeof ax[0]; i++) {
            struct sweep sw;
            struct rho_err err;
            double v[2] = {-1, -1};
            sweep_init(&sw);
            CHECK(sweep_add_axis(&sw, ax[i].spec, &err) == 0, "%s", ax[i].spec);
            CHECK(sweep_axis_kind(&sw.axis[0], v) == ax[i].kind, "%s: kind",
                  ax[i].spec);
            if (ax[i].kind != SWEEP_TEXT)
                CHECK(v[0] == ax[i].first && v[1] == ax[i].last,
                      "%s: %.17g and %.17g", ax[i].spec, v[0], v[1]);
            sweep_fini(&sw);
        }
        CHECK_STR(sweep_kind_unit(SWEEP_BYTES), "bytes", "unit of sizes");
        CHECK_STR(sweep_kind_unit(SWEEP_BPS), "Bps", "unit of rates");
        CHECK_STR(sweep_kind_unit(SWEEP_SECONDS), "s", "unit of times");
        CHECK_STR(sweep_kind_unit(SWEEP_NUMBER), "", "bare numbers");
    }
    TEST_DONE();
}
