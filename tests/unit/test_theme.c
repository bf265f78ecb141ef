/* Themes: every shipped theme loads and agrees with the role table, errors
   carry file:line:column with exact text, both YAML forms and their mix,
   inheritance, lookup order, colours, degrading to fewer colours, and the
   documentation of every role in rho-theme(5). */
#include "harness.h"

#include <ctype.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "theme/theme.h"

static char dir[64];

static const char *
write_file(const char *name, const char *text)
{
    static char path[256];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (f == NULL)
        return "/nonexistent";
    fputs(text, f);
    fclose(f);
    return path;
}

static int
load_text(const char *text, struct theme *t, struct rho_err *err)
{
    theme_default(t);
    return theme_load(t, write_file("t.yaml", text), NULL, err);
}

/* The error of loading text, with the temporary directory cut off. */
static const char *
error_of(const char *text)
{
    static struct rho_err err;
    struct theme t;
    size_t n = strlen(dir);

    err.msg[0] = '\0';
    if (load_text(text, &t, &err) == 0)
        return "(loaded)";
    return strncmp(err.msg, dir, n) == 0 ? err.msg + n + 1 : err.msg;
}

static char *
slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = calloc(1, 1 << 18);

    if (f) {
        size_t n = fread(buf, 1, (1 << 18) - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    return buf;
}

static int
same_style(const struct theme_style *a, const struct theme_style *b)
{
    return a->fg == b->fg && a->bg == b->bg && a->attrs == b->attrs &&
           a->fg_rgb == b->fg_rgb && a->bg_rgb == b->bg_rgb;
}

/* Relative luminance (0..1) of a palette colour. */
static double
luminance(int c)
{
    int rgb = theme_palette_rgb(c);
    double ch[3] = {(rgb >> 16 & 255) / 255.0, (rgb >> 8 & 255) / 255.0,
                    (rgb & 255) / 255.0};

    for (int i = 0; i < 3; i++)
        ch[i] = ch[i] <= 0.04045 ? ch[i] / 12.92
                                 : pow((ch[i] + 0.055) / 1.055, 2.4);
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

static void
test_shipped(void)
{
    static const char *const shipped[] = {"default", "dark", "light",
                                          "colorblind", "mono"};
    struct theme t, d;
    struct rho_err err;
    char path[1024];

    theme_default(&d);
    CHECK_STR(d.name, "default", "the built-in theme's name");
    CHECK_STR(d.path, "", "... and no path");
    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        int readable = 1, roundtrip = 1;
        snprintf(path, sizeof path, "themes/%s.yaml", shipped[i]);
        theme_default(&t);
        CHECK(theme_load(&t, path, NULL, &err) == 0, "%s loads (%s)",
              shipped[i], err.msg);
        CHECK_STR(t.name, shipped[i], "%s: its name", shipped[i]);
        CHECK_STR(t.path, path, "%s: its path", shipped[i]);
        for (int r = 0; r < ROLE_COUNT; r++) {
            struct theme_style st = t.role[r];
            struct theme u;
            char text[128], line[200];
            readable &= st.fg < 0 || st.fg != st.bg;
            theme_style_format(&st, text, sizeof text);
            snprintf(line, sizeof line, "%s: \"%s\"\n", theme_role_key(r),
                     text);
            roundtrip &=
                load_text(line, &u, &err) == 0 && same_style(&u.role[r], &st);
        }
        CHECK(readable, "%s: no role's text is its own background", shipped[i]);
        CHECK(roundtrip, "%s: every style written out reads back the same",
              shipped[i]);
    }

    theme_default(&t);
    theme_load(&t, "themes/default.yaml", NULL, &err);
    CHECK(memcmp(t.role, d.role, sizeof t.role) == 0,
          "default.yaml is exactly the built-in default");

    theme_default(&t);
    theme_load(&t, "themes/mono.yaml", NULL, &err);
    {
        int nocolour = 1, agree = 1;
        for (int r = 0; r < ROLE_COUNT; r++) {
            nocolour &= t.role[r].fg == -1 && t.role[r].bg == -1;
            agree &= t.role[r].attrs == theme_role_mono(r);
        }
        CHECK(nocolour, "mono uses no colour at all");
        CHECK(agree, "mono.yaml is the mono column of the role table");
        CHECK(t.role[ROLE_SELECTED].attrs & ATTR_REVERSE,
              "mono shows the selection reversed");
    }

    theme_default(&t);
    theme_load(&t, "themes/dark.yaml", NULL, &err);
    CHECK(t.role[ROLE_HEAT_9].fg == 196 &&
              t.role[ROLE_HEAT_9].attrs == ATTR_BOLD,
          "dark: heat.9 from the nested form");
    CHECK(t.role[ROLE_TREE_SWITCH].fg == 117, "dark: tree.switch nested");
    CHECK(t.role[ROLE_TAB].fg == 245 && t.role[ROLE_TAB].bg == 235 &&
              t.role[ROLE_TAB].attrs == d.role[ROLE_TAB].attrs,
          "dark: tab's fields from a mapping, its attributes inherited");
    CHECK(t.role[ROLE_TAB_ACTIVE].fg == 15 && t.role[ROLE_TAB_ACTIVE].bg == 25,
          "dark: tab.active inside tab's mapping");
    CHECK(same_style(&t.role[ROLE_PATH], &d.role[ROLE_PATH]),
          "dark inherits what it does not say");

    theme_default(&t);
    theme_load(&t, "themes/colorblind.yaml", NULL, &err);
    {
        int rising = 1;
        for (int k = 1; k < HEAT_LEVELS; k++)
            rising &= luminance(t.role[ROLE_HEAT_0 + k].fg) >
                      luminance(t.role[ROLE_HEAT_0 + k - 1].fg);
        CHECK(rising, "colorblind: the heat scale's lightness rises "
                      "steadily (viridis)");
    }
}

static void
test_forms(void)
{
    struct theme t, d;
    struct rho_err err;

    theme_default(&d);
    CHECK(load_text("title: { fg: red, bg: \"#005f87\", attrs: [bold, "
                    "underline] }\nheat.3: green on default dim\n",
                    &t, &err) == 0,
          "mapping and string forms");
    CHECK(t.role[ROLE_TITLE].fg == 1 && t.role[ROLE_TITLE].bg == 24 &&
              t.role[ROLE_TITLE].bg_rgb == 0x005f87 &&
              t.role[ROLE_TITLE].fg_rgb == -1 &&
              t.role[ROLE_TITLE].attrs == (ATTR_BOLD | ATTR_UNDERLINE),
          "title: red on #005f87 (kept, and 24 beside it) bold underline");
    CHECK(t.role[ROLE_HEAT_3].fg == 2 && t.role[ROLE_HEAT_3].bg == -1 &&
              t.role[ROLE_HEAT_3].attrs == ATTR_DIM,
          "heat.3: green on default dim");
    CHECK(load_text("tree.switch: cyan\n", &t, &err) == 0 &&
              t.role[ROLE_TREE_SWITCH].attrs == 0,
          "a style string sets the attributes it names, no more");
    CHECK(load_text("tree.switch: { fg: 33 }\n", &t, &err) == 0 &&
              t.role[ROLE_TREE_SWITCH].attrs == ATTR_BOLD &&
              t.role[ROLE_TREE_SWITCH].fg == 33,
          "a mapping keeps the attributes it does not name");
    CHECK_STR(t.name, "t", "no name: the file's");
    CHECK(load_text("heat:\n  0: red\n  idle: blue\n  over: { bg: 201 }\n"
                    "tree: { rc: bold, guide: \"240 dim\" }\n",
                    &t, &err) == 0,
          "groups, block and flow (%s)", err.msg);
    CHECK(t.role[ROLE_HEAT_0].fg == 1 && t.role[ROLE_HEAT_IDLE].fg == 4 &&
              t.role[ROLE_HEAT_OVER].bg == 201 &&
              t.role[ROLE_HEAT_OVER].fg == d.role[ROLE_HEAT_OVER].fg &&
              t.role[ROLE_TREE_RC].fg == -1 &&
              t.role[ROLE_TREE_RC].attrs == ATTR_BOLD &&
              t.role[ROLE_TREE_GUIDE].attrs == ATTR_DIM,
          "heat.0, heat.idle, heat.over, tree.rc, tree.guide");
    CHECK(load_text("tab:\n  fg: 1\n  active: { fg: 2 }\nplot: { median: "
                    "red, attrs: underline }\n",
                    &t, &err) == 0,
          "a role that is also a group (%s)", err.msg);
    CHECK(t.role[ROLE_TAB].fg == 1 && t.role[ROLE_TAB].bg == 236 &&
              t.role[ROLE_TAB_ACTIVE].fg == 2 &&
              t.role[ROLE_PLOT].attrs == ATTR_UNDERLINE &&
              t.role[ROLE_PLOT_MEDIAN].fg == 1,
          "tab and tab.active, plot and plot.median");
    CHECK(load_text("title: \"#f80 on #000\"\nname: short\ndescription: "
                    "words\n",
                    &t, &err) == 0 &&
              t.role[ROLE_TITLE].fg_rgb == 0xff8800 &&
              t.role[ROLE_TITLE].bg_rgb == 0 && t.role[ROLE_TITLE].bg == 16,
          "#rgb colours");
    CHECK_STR(t.name, "short", "name: given");
    CHECK(load_text("title: default\n", &t, &err) == 0 &&
              t.role[ROLE_TITLE].fg == -1 && t.role[ROLE_TITLE].bg == -1 &&
              t.role[ROLE_TITLE].attrs == 0,
          "default: the terminal's colours, no attribute");
    CHECK(load_text("title: { attrs: [] }\n", &t, &err) == 0 &&
              t.role[ROLE_TITLE].attrs == 0 && t.role[ROLE_TITLE].bg == 24,
          "attrs: [] clears the attributes only");
    CHECK(load_text("", &t, &err) == 0 &&
              memcmp(t.role, d.role, sizeof t.role) == 0,
          "an empty file is the default");
    CHECK(load_text("# only a comment\n---\ntitle: red\n...\n", &t, &err) ==
                  0 &&
              t.role[ROLE_TITLE].fg == 1,
          "comments and document markers");
    CHECK(load_text("a: &x red\n", &t, &err) == -1, "anchors are fine, "
                                                    "unknown roles are not");
}

static void
test_errors(void)
{
    struct theme t, d;
    struct rho_err err;

    theme_default(&d);
    CHECK_STR(error_of("title: red\nheat.warm: blue\n"),
              "t.yaml:2:1: unknown role 'heat.warm'", "unknown role");
    load_text("title: red\nheat.warm: blue\n", &t, &err);
    CHECK(memcmp(t.role, d.role, sizeof t.role) == 0 && err.code == RHO_EINPUT,
          "a failed load leaves the theme as it was");
    CHECK_STR(error_of("heat:\n  12: red\n"),
              "t.yaml:2:3: unknown role 'heat.12'", "unknown role in a group");
    CHECK_STR(error_of("heat: red\n"), "t.yaml:1:1: unknown role 'heat'",
              "a group is not a role");
    CHECK_STR(error_of("title: grean\n"),
              "t.yaml:1:8: title: unknown colour 'grean' (expected default, "
              "black, red, green, yellow, blue, magenta, cyan, white, "
              "bright-NAME, grey, 0-255 or #rrggbb)",
              "unknown colour");
    CHECK_STR(error_of("title: { bg: \"#12345g\" }\n"),
              "t.yaml:1:14: title: unknown colour '#12345g' (expected "
              "default, black, red, green, yellow, blue, magenta, cyan, "
              "white, bright-NAME, grey, 0-255 or #rrggbb)",
              "unknown colour in a mapping");
    CHECK_STR(error_of("title: 256\n"),
              "t.yaml:1:8: title: unknown colour '256' (expected default, "
              "black, red, green, yellow, blue, magenta, cyan, white, "
              "bright-NAME, grey, 0-255 or #rrggbb)",
              "256 is out of range");
    CHECK_STR(error_of("title: { fg: red, bg: [1] }\n"),
              "t.yaml:1:23: title: bg: expected a colour",
              "bg must be a colour");
    CHECK_STR(error_of("title: { fg: red, attrs: [bold, blink] }\n"),
              "t.yaml:1:33: title: unknown attribute 'blink' (expected "
              "bold, dim, underline, reverse, italic)",
              "unknown attribute in a list");
    CHECK_STR(error_of("title:\n  attrs: bold blink\n"),
              "t.yaml:2:10: title: unknown attribute 'blink' (expected "
              "bold, dim, underline, reverse, italic)",
              "unknown attribute in a string");
    CHECK_STR(error_of("title: { attrs: { bold: 1 } }\n"),
              "t.yaml:1:17: title: attrs: expected a list",
              "attrs must be a list");
    CHECK_STR(error_of("selected: { fgg: red }\n"),
              "t.yaml:1:13: unknown style field 'fgg' (expected fg, bg, "
              "attrs)",
              "unknown style field");
    CHECK_STR(error_of("tab: { fgg: red }\n"),
              "t.yaml:1:8: unknown style field or role 'tab.fgg'",
              "unknown field of a role that is also a group");
    CHECK_STR(error_of("title: red blue\n"),
              "t.yaml:1:8: title: 'blue': expected 'on', an attribute (bold, "
              "dim, underline, reverse, italic) or nothing after the colour",
              "two foregrounds");
    CHECK_STR(error_of("title: red on\n"),
              "t.yaml:1:8: title: 'on' without a colour after it",
              "'on' and nothing");
    CHECK_STR(error_of("title: [red]\n"),
              "t.yaml:1:8: title: expected a style such as \"red on default "
              "bold\" or { fg: red, attrs: [bold] }",
              "a list is not a style");
    CHECK_STR(error_of("title: \"red\nheader: blue\n"),
              "t.yaml:3:1: found unexpected end of stream while scanning a "
              "quoted scalar (from 1:8)",
              "a YAML syntax error, libyaml's words and place");
    CHECK_STR(error_of("title: { fg: red, bg: blue\n"),
              "t.yaml:2:1: did not find expected ',' or '}' while parsing a "
              "flow mapping (from 1:8)",
              "an unclosed flow mapping");
    CHECK_STR(error_of("title: red\nstatus: red: blue\n"),
              "t.yaml:2:12: mapping values are not allowed in this context",
              "a problem without a context");
    CHECK_STR(error_of("- title\n"),
              "t.yaml:1:1: expected a mapping of roles to styles (role: "
              "style)",
              "a list is not a theme");
    CHECK_STR(error_of("name: [x]\n"), "t.yaml:1:7: name: expected text",
              "name must be text");
    CHECK_STR(error_of("{ [a]: red }\n"), "t.yaml:1:3: expected a role name",
              "a key must be a name");
    theme_default(&t);
    CHECK(theme_load(&t, "/no/such.yaml", NULL, &err) == -1 &&
              err.code == RHO_EIO &&
              strcmp(err.msg, "/no/such.yaml: cannot open: No such file or "
                              "directory") == 0,
          "a missing file (%s)", err.msg);
    CHECK(theme_load(&t, "/no/such.yaml", NULL, NULL) == -1, "err may be NULL");
}

/* Defects once accepted silently or reported at the wrong place. */
static void
test_strict(void)
{
    struct theme t;
    struct rho_err err = {0};
    char text[512];

    /* libyaml's reader errors have no mark, only a byte offset */
    CHECK_STR(error_of("name: x\ntitle: red\nstatus: \"\xff red\"\n"),
              "t.yaml:3:10: invalid leading UTF-8 octet",
              "an encoding error at its line and column");
    CHECK_STR(error_of("name: x\r\n# \xc3\xa9t\xc3\xa9\r\nstatus: "
                       "\"\xc3\xa9\xff\"\n"),
              "t.yaml:3:11: invalid leading UTF-8 octet",
              "... counting CR LF once and characters, not bytes");
    CHECK_STR(error_of("\xef\xbb\xbftitle: \"\x01\"\n"),
              "t.yaml:1:9: control characters are not allowed",
              "... and not counting a byte order mark");

    /* duplicate keys: refused, not the last one winning */
    CHECK_STR(error_of("title: 5\nstatus: red\ntitle: red\n"),
              "t.yaml:3:1: 'title' given twice (first at 1:1)",
              "a role given twice");
    CHECK_STR(error_of("title: { fg: red, fg: blue }\n"),
              "t.yaml:1:19: title: 'fg' given twice (first at 1:10)",
              "a style field given twice");
    CHECK_STR(error_of("tab:\n  attrs: [bold]\n  bg: 1\n  attrs: dim\n"),
              "t.yaml:4:3: tab: 'attrs' given twice (first at 2:3)",
              "attrs given twice in a block mapping");
    CHECK_STR(error_of("heat.0: red\nheat:\n  0: blue\n"),
              "t.yaml:3:3: 'heat.0' given twice (first at 1:1)",
              "a role given twice, dotted and nested");
    CHECK_STR(error_of("heat: { 1: red }\ntitle: red\nheat: { 2: red }\n"),
              "t.yaml:3:1: 'heat' given twice (first at 1:1)",
              "a group given twice");
    CHECK_STR(error_of("name: a\nname: b\n"),
              "t.yaml:2:1: 'name' given twice (first at 1:1)",
              "name given twice");
    CHECK(load_text("tab: { bg: 1 }\ntab.active: red\nheat.0: red\n"
                    "heat: { 1: blue }\n",
                    &t, &err) == 0 &&
              t.role[ROLE_TAB].bg == 1 && t.role[ROLE_TAB_ACTIVE].fg == 1 &&
              t.role[ROLE_HEAT_0].fg == 1 && t.role[ROLE_HEAT_1].fg == 4,
          "a role and its group, a group's roles in both forms (%s)", err.msg);
    write_file("base.yaml", "title: red\n");
    snprintf(text, sizeof text, "inherits: %s/base.yaml\ntitle: blue\n", dir);
    CHECK(load_text(text, &t, &err) == 0 && t.role[ROLE_TITLE].fg == 4,
          "a role of the inherited theme given again is no duplicate (%s)",
          err.msg);

    /* aliases */
    CHECK_STR(error_of("title: &x \"red bold\"\nstatus: *x\n"),
              "t.yaml:2:9: aliases (*x) are not supported in themes",
              "an alias is refused as such");
    CHECK_STR(error_of("title: { fg: &c red, bg: *c }\n"),
              "t.yaml:1:26: aliases (*c) are not supported in themes",
              "an alias in a style mapping");
    CHECK_STR(error_of("title: { attrs: [&b bold] }\nstatus: { attrs: [*b] }"
                       "\n"),
              "t.yaml:2:19: aliases (*b) are not supported in themes",
              "an alias in a list of attributes");
    CHECK(load_text("title: &x red\n", &t, &err) == 0 &&
              t.role[ROLE_TITLE].fg == 1,
          "an anchor alone is harmless (%s)", err.msg);

    /* long attribute lists and styles lose nothing */
    {
        char big[900];
        size_t n = 0;
        n += (size_t)snprintf(big + n, sizeof big - n, "title: { attrs: \"");
        for (int k = 0; k < 60; k++)
            n += (size_t)snprintf(big + n, sizeof big - n, "bold ");
        snprintf(big + n, sizeof big - n, "blink\" }\n");
        CHECK(strncmp(error_of(big),
                      "t.yaml:1:17: title: unknown attribute "
                      "'blink'",
                      45) == 0,
              "an unknown attribute after 255 characters (%s)", error_of(big));
        snprintf(big + n, sizeof big - n, "underline\" }\n");
        CHECK(load_text(big, &t, &err) == 0 &&
                  t.role[ROLE_TITLE].attrs == (ATTR_BOLD | ATTR_UNDERLINE),
              "an attribute after 255 characters (%s)", err.msg);
        n = (size_t)snprintf(big, sizeof big, "title: red");
        for (int k = 0; k < 60; k++)
            n += (size_t)snprintf(big + n, sizeof big - n, " dim");
        snprintf(big + n, sizeof big - n, " on blue italic\n");
        CHECK(load_text(big, &t, &err) == 0 && t.role[ROLE_TITLE].fg == 1 &&
                  t.role[ROLE_TITLE].bg == 4 &&
                  t.role[ROLE_TITLE].attrs == (ATTR_DIM | ATTR_ITALIC),
              "a style string of any length (%s)", err.msg);
    }

    /* one background */
    CHECK_STR(error_of("title: red on blue on green\n"),
              "t.yaml:1:8: title: a second 'on' (a style has one background)",
              "'on' twice");

    /* empty and null styles */
    CHECK_STR(error_of("title: \"\"\n"),
              "t.yaml:1:8: title: expected a style such as \"red on default "
              "bold\" or { fg: red, attrs: [bold] }",
              "an empty style");
    CHECK_STR(error_of("title: \" , \"\n"),
              "t.yaml:1:8: title: expected a style such as \"red on default "
              "bold\" or { fg: red, attrs: [bold] }",
              "a style of only spaces and commas");
    CHECK_STR(error_of("title:\nstatus: red\n"),
              "t.yaml:1:1: title: expected a style such as \"red on default "
              "bold\" or { fg: red, attrs: [bold] }",
              "a null style, at its key");
    CHECK_STR(error_of("status: red\ntitle: ~\n"),
              "t.yaml:2:1: title: expected a style such as \"red on default "
              "bold\" or { fg: red, attrs: [bold] }",
              "~ is null too");
    CHECK(load_text("title: \"null\"\n", &t, &err) == -1 &&
              strstr(err.msg, "unknown colour 'null'"),
          "a quoted \"null\" is text: not a colour (%s)", err.msg);
}

static void
test_inherits(void)
{
    struct theme t;
    struct rho_err err;
    char text[512], want[512];

    write_file("base.yaml", "name: base\ntitle: red\nheader: blue\n"
                            "tab: { fg: 5 }\n");
    snprintf(text, sizeof text, "inherits: %s/base.yaml\nheader: green\n", dir);
    CHECK(load_text(text, &t, &err) == 0, "inherits a path (%s)", err.msg);
    CHECK(t.role[ROLE_TITLE].fg == 1 && t.role[ROLE_HEADER].fg == 2,
          "inherited title, own header");
    CHECK_STR(t.name, "t", "the name is the inheriting file's");
    snprintf(text, sizeof text,
             "header: green\ntab: { bg: 3 }\ninherits: %s/base.yaml\n", dir);
    load_text(text, &t, &err);
    CHECK(t.role[ROLE_HEADER].fg == 2,
          "the file's own lines win wherever inherits stands");
    CHECK(t.role[ROLE_TAB].fg == 5 && t.role[ROLE_TAB].bg == 3,
          "a mapping before inherits: its field over the inherited style");
    CHECK(load_text("inherits: default\ntitle: red\n", &t, &err) == 0 &&
              t.role[ROLE_TITLE].fg == 1 && t.role[ROLE_HEADER].fg == 39,
          "inherits: default");

    /* a relative path is looked for beside the inheriting file */
    {
        char sub[128];
        snprintf(sub, sizeof sub, "%s/sub", dir);
        mkdir(sub, 0700);
        write_file("sub/b.yaml", "title: cyan\n");
        write_file("sub/a.yaml", "inherits: b.yaml\n");
        snprintf(text, sizeof text, "%s/sub/a.yaml", dir);
        theme_default(&t);
        CHECK(theme_load(&t, text, NULL, &err) == 0 &&
                  t.role[ROLE_TITLE].fg == 6,
              "inherits: b.yaml beside a.yaml (%s)", err.msg);
    }

    /* errors in and of the inherited theme */
    write_file("bad.yaml", "title: red\nnope: 1\n");
    snprintf(text, sizeof text, "inherits: %s/bad.yaml\n", dir);
    load_text(text, &t, &err);
    snprintf(want, sizeof want, "%s/bad.yaml:2:1: unknown role 'nope'", dir);
    CHECK_STR(err.msg, want, "an error in the inherited file names it");
    CHECK(strncmp(error_of("inherits: nope\n"),
                  "t.yaml:1:11: inherits: theme 'nope' not found (looked in ",
                  56) == 0,
          "an inherited theme not found (%s)", error_of("inherits: nope\n"));
    write_file("loop.yaml", "inherits: loop.yaml\n");
    snprintf(text, sizeof text, "%s/loop.yaml", dir);
    theme_default(&t);
    CHECK(theme_load(&t, text, NULL, &err) == -1 &&
              strstr(err.msg, "loop.yaml:1:11: inherits: more than 8 deep"),
          "an inheritance loop stops (%s)", err.msg);
}

static void
test_lookup(void)
{
    char path[1024], d[200], data[200];
    struct rho_err err;
    struct theme t;

    /* XDG_CONFIG_HOME, then the data directory, then ./themes */
    snprintf(d, sizeof d, "%s/rho", dir);
    mkdir(d, 0700);
    snprintf(d, sizeof d, "%s/rho/themes", dir);
    mkdir(d, 0700);
    snprintf(data, sizeof data, "%s/data", dir);
    mkdir(data, 0700);
    snprintf(path, sizeof path, "%s/data/themes", dir);
    mkdir(path, 0700);
    setenv("XDG_CONFIG_HOME", dir, 1);
    write_file("rho/themes/dark.yml", "name: mydark\n");
    write_file("data/themes/dark.yaml", "name: datadark\n");
    write_file("data/themes/light.yaml", "name: datalight\n");
    write_file("data/themes/only.yaml", "name: only\n");

    CHECK(theme_find("dark", data, path, sizeof path, &err) == 0 &&
              strstr(path, "/rho/themes/dark.yml") != NULL,
          "a user theme in XDG_CONFIG_HOME wins, .yml accepted (%s)", path);
    CHECK(theme_find("light", data, path, sizeof path, &err) == 0 &&
              strstr(path, "/data/themes/light.yaml") != NULL,
          "then the data directory, before ./themes (%s)", path);
    CHECK(theme_find("light", NULL, path, sizeof path, &err) == 0 &&
              strcmp(path, "themes/light.yaml") == 0,
          "then ./themes");
    CHECK(theme_find("only", data, path, sizeof path, &err) == 0,
          "a theme only in the data directory");
    CHECK(theme_find("nope", data, path, sizeof path, &err) == -1 &&
              err.code == RHO_EIO,
          "not found");
    {
        char want[700];
        snprintf(want, sizeof want,
                 "theme 'nope' not found (looked in %s/rho/themes, "
                 "%s/data/themes, themes)",
                 dir, dir);
        CHECK_STR(err.msg, want, "not found says where it looked, in order");
    }
    CHECK(theme_find("themes/mono.yaml", NULL, path, sizeof path, &err) == 0 &&
              strcmp(path, "themes/mono.yaml") == 0,
          "a path is a path");
    CHECK(theme_find("x.yml", NULL, path, sizeof path, &err) == -1 &&
              strcmp(err.msg, "x.yml: cannot open: No such file or "
                              "directory") == 0,
          "a name ending in .yml is a path too");

    unsetenv("XDG_CONFIG_HOME");
    setenv("HOME", dir, 1);
    snprintf(d, sizeof d, "%s/.config", dir);
    mkdir(d, 0700);
    snprintf(d, sizeof d, "%s/.config/rho", dir);
    mkdir(d, 0700);
    snprintf(d, sizeof d, "%s/.config/rho/themes", dir);
    mkdir(d, 0700);
    write_file(".config/rho/themes/home.yaml", "name: home\n");
    CHECK(theme_find("home", NULL, path, sizeof path, &err) == 0,
          "without XDG_CONFIG_HOME: ~/.config/rho/themes");
    setenv("XDG_CONFIG_HOME", dir, 1);

    /* theme_open: find and load over the built-in default */
    CHECK(theme_open(&t, "dark", data, &err) == 0 &&
              strcmp(t.name, "mydark") == 0 && t.role[ROLE_TITLE].fg == 15,
          "open by name");
    CHECK(theme_open(&t, "nope", data, &err) == -1 &&
              strcmp(t.name, "default") == 0 &&
              strstr(err.msg, "theme 'nope' not found"),
          "open: not found leaves the built-in default");
    write_file("rho/themes/broken.yaml", "title: grean\n");
    CHECK(theme_open(&t, "broken", data, &err) == -1 &&
              strcmp(t.name, "default") == 0 &&
              strstr(err.msg, "broken.yaml:1:8: title: unknown colour"),
          "open: a broken theme leaves the built-in default");
    {
        char names[16][64], few[2][64];
        int n = theme_list(data, names, 16), has_mydark = 0, sorted = 1;
        for (int k = 0; k < n && k < 16; k++) {
            has_mydark |= strcmp(names[k], "only") == 0;
            if (k > 1)
                sorted &= strcmp(names[k - 1], names[k]) < 0;
        }
        CHECK(n == 7 && strcmp(names[0], "default") == 0 && has_mydark &&
                  sorted,
              "theme list: default first, then sorted, each once (%d)", n);
        CHECK(theme_list(data, few, 2) == n && strcmp(few[0], "default") == 0,
              "a short list still counts them all and starts with default");
    }
}

static void
test_colours(void)
{
    struct theme t;
    struct rho_err err;
    int c, rgb;

    CHECK(theme_colour("bright-red", &c, &rgb, &err) == 0 && c == 9 &&
              rgb == -1,
          "bright-red");
    CHECK(theme_colour("grey", &c, NULL, &err) == 0 && c == 8, "grey");
    CHECK(theme_colour("214", &c, NULL, &err) == 0 && c == 214, "214");
    CHECK(theme_colour("default", &c, NULL, &err) == 0 && c == -1, "default");
    CHECK(theme_colour("#ff8700", &c, &rgb, &err) == 0 && c == 208 &&
              rgb == 0xff8700,
          "#ff8700 is 208, and kept");
    CHECK(theme_colour("#000000", &c, NULL, &err) == 0 && c == 16,
          "#000000 is 16 (not 0, which terminals redefine)");
    CHECK(theme_colour("-1", &c, NULL, &err) == -1 &&
              theme_colour("+5", &c, NULL, &err) == -1 &&
              theme_colour("", &c, NULL, &err) == -1 &&
              theme_colour("#12", &c, NULL, &err) == -1,
          "-1, +5, empty, #12: not colours");

    CHECK(theme_palette_rgb(0) == 0 && theme_palette_rgb(196) == 0xff0000 &&
              theme_palette_rgb(232) == 0x080808 &&
              theme_palette_rgb(24) == 0x005f87 && theme_palette_rgb(256) == -1,
          "the xterm palette");
    CHECK(theme_nearest(0xff8700, THEME_256) == 208 &&
              theme_nearest(0x000000, THEME_256) == 16 &&
              theme_nearest(0xeeeeee, THEME_256) == 255,
          "nearest of the 256");
    CHECK(theme_nearest(0xff0000, THEME_16) == 9 &&
              theme_nearest(0xff0000, THEME_8) == 1 &&
              theme_nearest(0x0000ff, THEME_16) == 4 &&
              theme_nearest(0xffffff, THEME_8) == 7 &&
              theme_nearest(0x101010, THEME_16) == 0,
          "nearest of 16 and 8");
    CHECK(theme_nearest(0xffffff, THEME_MONO) == -1 &&
              theme_nearest(-1, THEME_16) == -1,
          "no colour: -1");

    CHECK(theme_degrade_colour(-1, -1, THEME_16) == -1 &&
              theme_degrade_colour(196, -1, THEME_MONO) == -1,
          "default stays default; mono has none");
    CHECK(theme_degrade_colour(196, -1, THEME_16) == 9 &&
              theme_degrade_colour(196, -1, THEME_8) == 1 &&
              theme_degrade_colour(46, -1, THEME_16) == 10 &&
              theme_degrade_colour(46, -1, THEME_8) == 2 &&
              theme_degrade_colour(231, -1, THEME_16) == 15 &&
              theme_degrade_colour(232, -1, THEME_8) == 0,
          "palette colours to 16 and 8: the nearest");
    CHECK(theme_degrade_colour(9, -1, THEME_16) == 9 &&
              theme_degrade_colour(9, -1, THEME_8) == 1 &&
              theme_degrade_colour(200, -1, THEME_256) == 200 &&
              theme_degrade_colour(3, -1, THEME_8) == 3,
          "colours the terminal has are kept");
    CHECK(theme_degrade_colour(24, 0x005f87, THEME_16) ==
                  theme_nearest(0x005f87, THEME_16) &&
              theme_degrade_colour(16, 0x000001, THEME_8) == 0,
          "a 24-bit colour degrades from its own value");

    /* a faint colour on the terminal's own background does not vanish */
    theme_default(&t);
    theme_degrade(&t, THEME_8);
    CHECK(t.role[ROLE_TREE_GUIDE].fg == 7 &&
              (t.role[ROLE_TREE_GUIDE].attrs & ATTR_DIM) &&
              t.role[ROLE_HEAT_IDLE].fg == 7 && t.role[ROLE_HEAT_NONE].fg != 0 &&
              t.role[ROLE_TIMELINE_GRID].fg == 7,
          "8 colours, dark: grey guides and idle dots are dim white, not "
          "black on black (guide %d)",
          t.role[ROLE_TREE_GUIDE].fg);
    CHECK(t.role[ROLE_STATUS].bg >= 0 && t.role[ROLE_HEAT_9].fg == 1,
          "8 colours: the rest keep their nearest colours");
    theme_default(&t);
    theme_degrade(&t, THEME_16);
    CHECK(t.role[ROLE_TREE_GUIDE].fg == 8 && t.role[ROLE_HEAT_IDLE].fg == 8,
          "16 colours, dark: grey guides and idle dots are bright black");
    theme_default(&t);
    CHECK(theme_load(&t, "themes/light.yaml", NULL, &err) == 0, "light theme");
    theme_degrade(&t, THEME_8);
    CHECK(t.role[ROLE_TREE_GUIDE].fg == 0 &&
              (t.role[ROLE_TREE_GUIDE].attrs & ATTR_DIM),
          "8 colours, light: grey guides are dim black, not white on white "
          "(%d)",
          t.role[ROLE_TREE_GUIDE].fg);

    /* whole themes */
    theme_default(&t);
    theme_degrade(&t, THEME_MONO);
    CHECK(t.role[ROLE_SELECTED].fg == -1 && t.role[ROLE_SELECTED].bg == -1 &&
              t.role[ROLE_SELECTED].attrs == ATTR_REVERSE,
          "mono: the selection reversed");
    CHECK(t.role[ROLE_TITLE].attrs == (ATTR_BOLD | ATTR_REVERSE) &&
              t.role[ROLE_HEAT_5].attrs == 0 &&
              t.role[ROLE_HEAT_1].attrs == ATTR_DIM &&
              t.role[ROLE_DEFAULT].attrs == 0,
          "mono: each role's attributes added to its own");
    theme_default(&t);
    theme_load(&t, "themes/mono.yaml", NULL, &err);
    {
        struct theme m = t;
        theme_degrade(&m, THEME_MONO);
        CHECK(memcmp(&m, &t, sizeof t) == 0,
              "mono degraded to mono: unchanged (it had no colours)");
    }
    CHECK(load_text("title: \"#fefefe on 15\"\nheader: \"#ff0000 on "
                    "#00ff00\"\n",
                    &t, &err) == 0,
          "a 24-bit theme");
    {
        struct theme a = t, b = t, e = t;
        theme_degrade(&a, THEME_TRUECOLOR);
        CHECK(a.role[ROLE_HEADER].fg_rgb == 0xff0000 &&
                  a.role[ROLE_HEADER].bg_rgb == 0x00ff00,
              "24-bit terminals keep 24-bit colours");
        theme_degrade(&b, THEME_256);
        CHECK(b.role[ROLE_HEADER].fg == 196 && b.role[ROLE_HEADER].bg == 46 &&
                  b.role[ROLE_HEADER].fg_rgb == -1,
              "256: the nearest of the palette, 24-bit dropped");
        theme_degrade(&e, THEME_16);
        CHECK(e.role[ROLE_HEADER].fg == 9 && e.role[ROLE_HEADER].bg == 10,
              "16: bright red on bright green");
        CHECK(e.role[ROLE_TITLE].bg == 15 && e.role[ROLE_TITLE].fg == 7,
              "a foreground that would match its background takes the next "
              "nearest colour (%d on %d)",
              e.role[ROLE_TITLE].fg, e.role[ROLE_TITLE].bg);
    }
    {
        struct theme_style st = {196, -1, ATTR_BOLD | ATTR_ITALIC, -1, -1};
        char buf[64];
        theme_style_format(&st, buf, sizeof buf);
        CHECK_STR(buf, "196 bold italic", "a style as text");
        st.fg = 9;
        st.bg = 24;
        st.bg_rgb = 0x005f87;
        st.attrs = 0;
        theme_style_format(&st, buf, sizeof buf);
        CHECK_STR(buf, "bright-red on #005f87", "names and 24-bit colours");
        st.fg = st.bg = st.bg_rgb = -1;
        st.attrs = ATTR_REVERSE;
        CHECK(theme_style_format(&st, buf, 4) == 15 && strcmp(buf, "def") == 0,
              "cut to the buffer, the whole length returned");
    }
}

static void
test_documentation(void)
{
    char *yaml = slurp("themes/default.yaml"),
         *mono = slurp("themes/mono.yaml");
    char *page = slurp("man/rho-theme.5");
    int in_yaml = 1, in_mono = 1, in_page = 1;
    char missing[128] = "";

    for (int r = 0; r < ROLE_COUNT; r++) {
        char k[1024], style[128], attrs[200] = "", doc[256];
        struct theme_style st, m = {-1, -1, theme_role_mono(r), -1, -1};
        const char *key = theme_role_key(r);

        snprintf(k, sizeof k, "\n%s:", key);
        in_yaml &= strstr(yaml, k) != NULL;
        in_mono &= strstr(mono, k) != NULL;
        theme_role_default(r, &st.fg, &st.bg, &st.attrs);
        st.fg_rgb = st.bg_rgb = -1;
        theme_style_format(&st, style, sizeof style);
        if (m.attrs) {
            char t[128];
            theme_style_format(&m, t, sizeof t);
            snprintf(attrs, sizeof attrs, "; without colour: %s",
                     t + strlen("default "));
        }
        snprintf(doc, sizeof doc, "%s", theme_role_doc(r));
        doc[0] = (char)toupper((unsigned char)doc[0]);
        snprintf(k, sizeof k, "\n.TP\n.B %s\n%s.\nDefault: \\(lq%s\\(rq%s.\n",
                 key, doc, style, attrs);
        if (strstr(page, k) == NULL) {
            in_page = 0;
            if (!missing[0])
                snprintf(missing, sizeof missing, "%s", key);
        }
    }
    CHECK(in_yaml, "every role is in themes/default.yaml");
    CHECK(in_mono, "every role is in themes/mono.yaml");
    CHECK(in_page,
          "every role is documented in man/rho-theme.5 as roles.h says "
          "(first wrong: %s)",
          missing);
    free(yaml);
    free(mono);
    free(page);
}

int
main(void)
{
    snprintf(dir, sizeof dir, "/tmp/rho-theme-XXXXXX");
    if (mkdtemp(dir) == NULL)
        return 1;
    test_shipped();
    test_forms();
    test_errors();
    test_strict();
    test_inherits();
    test_lookup();
    test_colours();
    test_documentation();
    {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            printf("# could not remove %s\n", dir);
    }
    TEST_DONE();
}
