/* lscan: finding the constructor of a call and its fields' bytes and
   lines in Lua text, through comments, strings of every form, blocks and
   calls; literals' values; and what it refuses. */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "core/base/lscan.h"

static const char script[] =
    "#!/usr/bin/env rho\n"                                      /* 1 */
    "-- a comment: rho.scenario { tau = 9 }\n"                  /* 2 */
    "local big = \"rho.scenario { }\" --[[ long\n"              /* 3 */
    "  comment ]] local s = [==[ ]] }\n"                        /* 4 */
    "]==]\n"                                                    /* 5 */
    "return rho.scenario {\n"                                   /* 6 */
    "  title = 'a \\'quoted\\' title',\n"                       /* 7 */
    "  topology = rho.t2(), -- a builder\n"                     /* 8 */
    "  tau = 0.2; bandwidth = \"11.6 GiB/s\",\n"                /* 9 */
    "  seed = -3,\n"                                            /* 10 */
    "  f = function(a, b) if a then return { a, b } end end,\n" /* 11 */
    "  flows = {\n"                                             /* 12 */
    "    { \"0\", \"2\", size = \"300 MiB\" },\n"               /* 13 */
    "    -- a comment, { \"9\" }\n"                             /* 14 */
    "    { 1, 3, size = 2^20, start = \"1 ms\" },\n"            /* 15 */
    "    [[x\n"                                                 /* 16 */
    "y]],\n"                                                    /* 17 */
    "  },\n"                                                    /* 18 */
    "  [\"odd key\"] = { },\n"                                  /* 19 */
    "  placement = rho.place.list { \"1\", \"0\" },\n"          /* 20 */
    "}\n";                                                      /* 21 */

/* The text of bytes [a, b). */
static const char *
bytes(const char *text, size_t a, size_t b)
{
    static char buf[256];

    snprintf(buf, sizeof buf, "%.*s", (int)(b - a), text + a);
    return buf;
}

static const char *
str_of(const char *text, const struct lscan_field *f)
{
    static struct strbuf sb;

    strbuf_fini(&sb);
    if (f == NULL || lscan_string(text, f->vbeg, f->vend, &sb) != 0)
        return "(not a string)";
    return strbuf_str(&sb);
}

int
main(void)
{
    struct lscan_map m;
    const struct lscan_field *f, *g;
    size_t len = strlen(script);
    double v;
    int integer;

    CHECK(lscan_call(&m, script, len, "rho.scenario", 6) == 0,
          "the call on line 6, not those in comments and strings");
    CHECK(m.table[0].line == 6 && m.table[0].close_line == 21 &&
              m.table[0].n == 9 && m.table[0].items == 0,
          "its table: lines 6 to 21, 9 fields (got %d)", m.table[0].n);
    f = lscan_named(&m, 0, script, "title");
    CHECK(f && f->kind == LSCAN_STRING && f->line == 7, "title: a string");
    CHECK_STR(str_of(script, f), "a 'quoted' title", "its value");
    f = lscan_named(&m, 0, script, "topology");
    CHECK(f && f->kind == LSCAN_OTHER && !f->multi && f->line == 8,
          "topology: a builder call, line 8");
    CHECK_STR(bytes(script, f->vbeg, f->vend), "rho.t2()", "its bytes");
    CHECK_STR(bytes(script, f->beg, f->end), "topology = rho.t2(),",
              "the whole field, with its comma");
    f = lscan_named(&m, 0, script, "tau");
    g = lscan_named(&m, 0, script, "bandwidth");
    CHECK(f && f->kind == LSCAN_NUMBER && f->line == 9 && g &&
              g->kind == LSCAN_STRING && g->line == 9,
          "tau and bandwidth on line 9, after a ';'");
    CHECK(lscan_number(script, f->vbeg, f->vend, &v, &integer) == 0 &&
              v == 0.2 && !integer,
          "tau is 0.2, a float");
    f = lscan_named(&m, 0, script, "seed");
    CHECK(f && f->kind == LSCAN_NUMBER &&
              lscan_number(script, f->vbeg, f->vend, &v, &integer) == 0 &&
              v == -3 && integer,
          "seed -3: a negative integer");
    f = lscan_named(&m, 0, script, "f");
    CHECK(f && f->kind == LSCAN_OTHER && f->line == 11 &&
              strcmp(bytes(script, f->vend - 3, f->vend), "end") == 0,
          "a function value runs to its end, past its commas");
    f = lscan_named(&m, 0, script, "flows");
    CHECK(f && f->kind == LSCAN_TABLE && f->table > 0, "flows: a table");
    {
        int t = f->table;
        CHECK(m.table[t].n == 3 && m.table[t].items == 3 &&
                  m.table[t].line == 12 && m.table[t].close_line == 18,
              "3 items, lines 12 to 18");
        g = lscan_item(&m, t, 1);
        CHECK(g && g->kind == LSCAN_TABLE && g->line == 13, "flow 1: line 13");
        CHECK_STR(str_of(script, lscan_item(&m, g->table, 1)), "0", "src");
        CHECK_STR(str_of(script, lscan_named(&m, g->table, script, "size")),
                  "300 MiB", "size");
        g = lscan_item(&m, t, 2);
        CHECK(g && g->line == 15, "flow 2: line 15, the comment skipped");
        f = lscan_named(&m, g->table, script, "size");
        CHECK(f && f->kind == LSCAN_OTHER, "size = 2^20: an expression");
        f = lscan_item(&m, g->table, 1);
        CHECK(f && f->kind == LSCAN_NUMBER &&
                  lscan_number(script, f->vbeg, f->vend, &v, &integer) == 0 &&
                  v == 1 && integer,
              "src 1: an integer");
        g = lscan_item(&m, t, 3);
        CHECK(g && g->kind == LSCAN_STRING && g->line == 16,
              "a long string item");
        CHECK_STR(str_of(script, g), "x\ny", "its value");
        CHECK(lscan_item(&m, t, 4) == NULL, "no item 4");
    }
    f = lscan_named(&m, 0, script, "placement");
    CHECK(f && f->kind == LSCAN_OTHER && f->multi == 0 && f->line == 20,
          "placement: a call (named fields never expand)");
    CHECK(lscan_named(&m, 0, script, "odd key") == NULL,
          "a [\"key\"] field has no name");
    lscan_fini(&m);

    /* what it refuses */
    CHECK(lscan_call(&m, script, len, "rho.scenario", 5) == -1 && m.ntable == 0,
          "no call on line 5");
    CHECK(lscan_call(&m, "x = rho.scenario(t)", 19, "rho.scenario", 1) == -1,
          "a call without a constructor");
    {
        const char two[] = "a = rho.scenario {} b = rho.scenario {}";
        CHECK(lscan_call(&m, two, strlen(two), "rho.scenario", 1) == -1,
              "two calls on the line: which one is unknown");
    }
    {
        const char bad[] = "return rho.scenario { title = 'x }";
        CHECK(lscan_call(&m, bad, strlen(bad), "rho.scenario", 1) == -1,
              "an unfinished string");
    }
    {
        const char paren[] = "return rho.scenario({ a = 1, 2, f() })";
        CHECK(lscan_call(&m, paren, strlen(paren), "rho.scenario", 1) == 0,
              "callee({ ... })");
        f = lscan_item(&m, 0, 2);
        CHECK(f && f->multi && f->kind == LSCAN_OTHER,
              "a call as the last item may give several values");
        f = lscan_item(&m, 0, 1);
        CHECK(f && !f->multi, "the first item gives one");
        lscan_fini(&m);
    }
    {
        /* items among named fields: each found, in order, none at 0 */
        const char mix[] = "return rho.scenario { 1, x = 2, 3, y = 4, z = 5, 6 }";
        CHECK(lscan_call(&m, mix, strlen(mix), "rho.scenario", 1) == 0,
              "items among named fields");
        f = lscan_item(&m, 0, 1);
        CHECK_STR(f ? bytes(mix, f->vbeg, f->vend) : "-", "1", "item 1");
        f = lscan_item(&m, 0, 2);
        CHECK_STR(f ? bytes(mix, f->vbeg, f->vend) : "-", "3", "item 2, after x");
        f = lscan_item(&m, 0, 3);
        CHECK_STR(f ? bytes(mix, f->vbeg, f->vend) : "-", "6", "item 3, after y, z");
        CHECK(lscan_item(&m, 0, 4) == NULL && lscan_item(&m, 0, 0) == NULL &&
                  lscan_item(&m, 0, -1) == NULL,
              "no item 4, 0 or -1");
        lscan_fini(&m);
    }
    {
        const char par[] = "return rho.scenario { (f()) }";
        CHECK(lscan_call(&m, par, strlen(par), "rho.scenario", 1) == 0 &&
                  !lscan_item(&m, 0, 1)->multi,
              "(f()): one value");
        lscan_fini(&m);
    }
    {
        const char other[] = "x.rho.scenario { }";
        CHECK(lscan_call(&m, other, strlen(other), "rho.scenario", 1) == -1,
              "x.rho.scenario is another callee");
    }
    {
        const char esc[] = "return rho.scenario { a = '\\65\\x42\\z   C\\\n' }";
        CHECK(lscan_call(&m, esc, strlen(esc), "rho.scenario", 1) == 0,
              "escapes");
        CHECK_STR(str_of(esc, lscan_named(&m, 0, esc, "a")), "ABC\n",
                  "decoded");
        lscan_fini(&m);
    }
    {
        /* a name made once as a local constructor, and used once */
        const char loc[] = "local fl = { { 0, 1 } }\n"
                           "local s = {\n  tau = 0.5,\n  flows = fl,\n}\n"
                           "return rho.scenario(s)\n";
        CHECK(lscan_call(&m, loc, strlen(loc), "rho.scenario", 6) == 0 &&
                  m.table[0].line == 2,
              "callee(NAME): the table NAME was made as, line 2");
        f = lscan_named(&m, 0, loc, "tau");
        CHECK(f && f->line == 3, "its tau: line 3");
        f = lscan_named(&m, 0, loc, "flows");
        CHECK(f && f->kind == LSCAN_OTHER && f->alias > 0 &&
                  m.table[f->alias].line == 1 && m.table[f->alias].items == 1,
              "flows = fl: an alias of line 1's list");
        f = lscan_named(&m, 0, loc, "tau");
        CHECK(f && f->alias == -1, "a number has no alias");
        lscan_fini(&m);
    }
    {
        const char changed[] = "local s = { tau = 0.5 }\ns.tau = 0.7\n"
                               "return rho.scenario(s)\n";
        const char twice[] = "local s = { }\nlocal s = { }\n"
                             "return rho.scenario(s)\n";
        const char after[] = "local s\nreturn rho.scenario(s)\n";
        CHECK(lscan_call(&m, changed, strlen(changed), "rho.scenario", 3) == -1,
              "a local changed after it is made: not its constructor");
        CHECK(lscan_call(&m, twice, strlen(twice), "rho.scenario", 3) == -1,
              "a name made twice: which one is unknown");
        CHECK(lscan_call(&m, after, strlen(after), "rho.scenario", 2) == -1,
              "a name not made by a constructor");
    }
    CHECK(lscan_number("0x10", 0, 4, &v, &integer) == 0 && v == 16 && integer,
          "hex");
    CHECK(lscan_number("1e3", 0, 3, &v, &integer) == 0 && v == 1000 && !integer,
          "1e3 is a float");
    CHECK(lscan_number("- 2.5", 0, 5, &v, NULL) == 0 && v == -2.5, "- 2.5");
    CHECK(lscan_number("x", 0, 1, &v, NULL) == -1, "not a number");
    CHECK(lscan_line_of(script,
                        (size_t)(strstr(script, "tau = 0.2") - script)) == 9,
          "the line of a byte");
    lscan_fini(NULL);
    TEST_DONE();
}
