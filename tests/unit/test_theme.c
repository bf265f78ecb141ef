/* Themes: every shipped theme loads, errors carry file:line:column,
   both YAML forms, inheritance, lookup order, colours, documentation. */
#include "harness.h"

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

int
main(void)
{
    static const char *const shipped[] = {"default", "dark", "light",
                                          "colorblind", "mono"};
    struct theme t, d;
    struct rho_err err;
    char path[1024], want[512];
    int c;

    snprintf(dir, sizeof dir, "/tmp/rho-theme-XXXXXX");
    if (mkdtemp(dir) == NULL)
        return 1;
    theme_default(&d);

    for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
        snprintf(path, sizeof path, "themes/%s.yaml", shipped[i]);
        theme_default(&t);
        CHECK(theme_load(&t, path, NULL, &err) == 0, "%s loads (%s)",
              shipped[i], err.msg);
        CHECK_STR(t.name, shipped[i], "%s: its name", shipped[i]);
    }
    theme_default(&t);
    theme_load(&t, "themes/default.yaml", NULL, &err);
    CHECK(memcmp(t.role, d.role, sizeof t.role) == 0,
          "default.yaml is exactly the built-in default");
    theme_default(&t);
    theme_load(&t, "themes/mono.yaml", NULL, &err);
    {
        int ok = 1;
        for (int r = 0; r < ROLE_COUNT; r++)
            ok &= t.role[r].fg == -1 && t.role[r].bg == -1;
        CHECK(ok, "mono uses no colour at all");
        CHECK(t.role[ROLE_SELECTED].attrs & ATTR_REVERSE,
              "mono shows the selection reversed");
    }
    theme_default(&t);
    theme_load(&t, "themes/dark.yaml", NULL, &err);
    CHECK(t.role[ROLE_HEAT_9].fg == 196 && t.role[ROLE_HEAT_9].attrs ==
                                               ATTR_BOLD,
          "dark: heat.9 from the nested form");
    CHECK(t.role[ROLE_PATH].fg == d.role[ROLE_PATH].fg,
          "dark inherits what it does not say");

    /* both forms */
    CHECK(load_text("title: { fg: red, bg: \"#005f87\", attrs: [bold, "
                    "underline] }\nheat.3: green on default dim\n",
                    &t, &err) == 0,
          "mapping and string forms");
    CHECK(t.role[ROLE_TITLE].fg == 1 && t.role[ROLE_TITLE].bg == 24 &&
              t.role[ROLE_TITLE].attrs == (ATTR_BOLD | ATTR_UNDERLINE),
          "title: red on #005f87 (= 24) bold underline");
    CHECK(t.role[ROLE_HEAT_3].fg == 2 && t.role[ROLE_HEAT_3].bg == -1 &&
              t.role[ROLE_HEAT_3].attrs == ATTR_DIM,
          "heat.3: green on default dim");
    CHECK(load_text("tree.switch: cyan\n", &t, &err) == 0 &&
              t.role[ROLE_TREE_SWITCH].attrs == 0,
          "a style string sets the attributes it names, no more");
    CHECK(load_text("tree.switch: { fg: 33 }\n", &t, &err) == 0 &&
              t.role[ROLE_TREE_SWITCH].attrs == ATTR_BOLD,
          "a mapping keeps the attributes it does not name");
    CHECK_STR(t.name, "t", "no name: the file's");

    /* errors, with file:line:column */
    CHECK(load_text("title: red\nheat.warm: blue\n", &t, &err) == -1,
          "unknown role");
    snprintf(want, sizeof want, "%s/t.yaml:2:1: unknown role 'heat.warm'",
             dir);
    CHECK_STR(err.msg, want, "unknown role message");
    CHECK(memcmp(t.role, d.role, sizeof t.role) == 0,
          "a failed load leaves the theme as it was");
    load_text("heat:\n  12: red\n", &t, &err);
    snprintf(want, sizeof want, "%s/t.yaml:2:3: unknown role 'heat.12'", dir);
    CHECK_STR(err.msg, want, "unknown role in a group");
    load_text("title: grean\n", &t, &err);
    snprintf(want, sizeof want,
             "%s/t.yaml:1:8: title: unknown colour 'grean' (expected "
             "default, black, red, green, yellow, blue, magenta, cyan, "
             "white, bright-NAME, grey, 0-255 or #rrggbb)",
             dir);
    CHECK_STR(err.msg, want, "unknown colour message");
    CHECK(load_text("title: { fg: red, bg: [1] }\n", &t, &err) == -1,
          "bg must be a colour");
    CHECK(load_text("title: { fg: red, attrs: [bold, blink] }\n", &t, &err) ==
              -1,
          "unknown attribute");
    CHECK(strstr(err.msg, "unknown attribute 'blink'") != NULL,
          "unknown attribute message");
    CHECK(load_text("title: { fgg: red }\n", &t, &err) == -1 &&
              strstr(err.msg, "t.yaml:1:10: unknown style field 'fgg'"),
          "unknown style field (%s)", err.msg);
    load_text("title: \"red\nheader: blue\n", &t, &err);
    snprintf(want, sizeof want,
             "%s/t.yaml:3:1: found unexpected end of stream while scanning "
             "a quoted scalar",
             dir);
    CHECK_STR(err.msg, want, "a YAML syntax error, libyaml's words and place");
    CHECK(load_text("- title\n", &t, &err) == -1 &&
              strstr(err.msg, "expected a mapping of roles"),
          "a list is not a theme");
    CHECK(load_text("", &t, &err) == 0, "an empty file is the default");
    theme_default(&t);
    CHECK(theme_load(&t, "/no/such.yaml", NULL, &err) == -1 &&
              err.code == RHO_EIO,
          "a missing file");

    /* inheritance */
    write_file("base.yaml", "name: base\ntitle: red\nheader: blue\n");
    snprintf(path, sizeof path, "inherits: %s/base.yaml\nheader: green\n",
             dir);
    CHECK(load_text(path, &t, &err) == 0, "inherits a path (%s)", err.msg);
    CHECK(t.role[ROLE_TITLE].fg == 1 && t.role[ROLE_HEADER].fg == 2,
          "inherited title, own header");
    snprintf(path, sizeof path, "header: green\ninherits: %s/base.yaml\n",
             dir);
    load_text(path, &t, &err);
    CHECK(t.role[ROLE_HEADER].fg == 2,
          "the file's own lines win wherever inherits stands");
    write_file("loop.yaml", "inherits: loop\n");
    setenv("XDG_CONFIG_HOME", dir, 1);
    theme_default(&t);
    snprintf(path, sizeof path, "%s/loop.yaml", dir);
    CHECK(theme_load(&t, path, NULL, &err) == -1, "an inheritance loop stops");

    /* lookup: XDG, then the data directory, then ./themes */
    {
        char d2[128];
        snprintf(d2, sizeof d2, "%s/rho", dir);
        mkdir(d2, 0700);
        snprintf(d2, sizeof d2, "%s/rho/themes", dir);
        mkdir(d2, 0700);
        snprintf(path, sizeof path, "%s/dark.yml", d2);
        fclose(fopen(path, "w"));
        CHECK(theme_find("dark", NULL, path, sizeof path, &err) == 0 &&
                  strstr(path, "/rho/themes/dark.yml") != NULL,
              "a user theme in XDG_CONFIG_HOME wins, .yml accepted (%s)",
              path);
        CHECK(theme_find("light", NULL, path, sizeof path, &err) == 0 &&
                  strcmp(path, "themes/light.yaml") == 0,
              "then ./themes");
        CHECK(theme_find("nope", NULL, path, sizeof path, &err) == -1 &&
                  strstr(err.msg, "theme 'nope' not found (looked in "),
              "not found says where it looked");
        {
            char names[16][64];
            int n = theme_list(NULL, names, 16);
            CHECK(n >= 5 && strcmp(names[0], "default") == 0,
                  "theme list: default first (%d themes)", n);
        }
    }

    /* colours */
    CHECK(theme_colour("bright-red", &c, &err) == 0 && c == 9, "bright-red");
    CHECK(theme_colour("grey", &c, &err) == 0 && c == 8, "grey");
    CHECK(theme_colour("214", &c, &err) == 0 && c == 214, "214");
    CHECK(theme_colour("#ff8700", &c, &err) == 0 && c == 208,
          "#ff8700 is 208");
    CHECK(theme_colour("#000000", &c, &err) == 0 && c == 16,
          "#000000 is 16 (not 0, which terminals redefine)");
    CHECK(theme_colour("256", &c, &err) == -1, "256 is out of range");

    /* every role is in default.yaml and documented in rho-theme(5) */
    {
        FILE *f = fopen("themes/default.yaml", "rb");
        FILE *g = fopen("man/rho-theme.5", "rb");
        char *a = calloc(1, 1 << 16), *b = calloc(1, 1 << 17);
        int ok1 = 1, ok2 = 1;
        if (f && fread(a, 1, (1 << 16) - 1, f) > 0 && g &&
            fread(b, 1, (1 << 17) - 1, g) > 0) {
            for (int r = 0; r < ROLE_COUNT; r++) {
                char k[64];
                snprintf(k, sizeof k, "\n%s:", role_key(r));
                ok1 &= strstr(a, k) != NULL;
                snprintf(k, sizeof k, "\n.B %s\n", role_key(r));
                ok2 &= strstr(b, k) != NULL;
            }
        } else {
            ok1 = ok2 = 0;
        }
        CHECK(ok1, "every role is in themes/default.yaml");
        CHECK(ok2, "every role is documented in man/rho-theme.5");
        if (f)
            fclose(f);
        if (g)
            fclose(g);
        free(a);
        free(b);
    }
    TEST_DONE();
}
