/* Exports of a canvas: format names, ANSI sequences at each depth, the
   SVG's shapes and text, and the palette made from a theme. The pixels of
   rendered SVGs are checked by tests/export/run.sh. */
#include "harness.h"

#include "theme/theme.h"
#include "view/canvas.h"
#include "view/export.h"
#include "view/roles.h"

static const char *
out(const struct canvas *c, int fmt, const struct export_palette *p,
    struct strbuf *sb)
{
    strbuf_reset(sb);
    export_canvas(c, fmt, p, 0, "t", sb);
    return strbuf_str(sb);
}

static void
test_formats(void)
{
    struct rho_err err;
    int fmt = -1, depth = -1;

    CHECK(export_parse_fmt("svg", &fmt, &depth, &err) == 0 && fmt == EXPORT_SVG,
          "svg is a format");
    CHECK(export_parse_fmt("ansi16", &fmt, &depth, &err) == 0 &&
              fmt == EXPORT_ANSI && depth == EXPORT_16,
          "ansi16: ANSI at 16 colours");
    CHECK(export_parse_fmt("ansi", &fmt, &depth, &err) == 0 &&
              depth == EXPORT_256,
          "ansi: 256 colours");
    CHECK(export_parse_fmt("ansi24", &fmt, &depth, &err) == 0 &&
              depth == EXPORT_TRUECOLOR,
          "ansi24: 24-bit");
    CHECK(export_parse_fmt("png", &fmt, &depth, &err) == -1,
          "png is not a format");
    CHECK_STR(err.msg,
              "unknown export format 'png' (expected text, ansi, ansi8, "
              "ansi16, ansi256, ansi24 or svg)",
              "the error names the formats");
    CHECK_STR(export_ext(EXPORT_SVG), "svg", "extension svg");
    CHECK_STR(export_ext(EXPORT_ANSI), "ans", "extension ans");
    CHECK_STR(export_ext(EXPORT_TEXT), "txt", "extension txt");
}

static void
test_ansi(struct strbuf *sb)
{
    struct canvas c;
    struct theme t;
    struct export_palette p;

    theme_default(&t);
    canvas_init(&c, 8, 2, 0);
    canvas_text(&c, 0, 0, -1, ROLE_TITLE, "ab");
    canvas_text(&c, 2, 0, -1, ROLE_DEFAULT, "c");
    canvas_put(&c, 0, 1, 0x2588, ROLE_HEAT_5);
    theme_export_palette(&t, THEME_256, &p);
    CHECK_STR(out(&c, EXPORT_ANSI, &p, sb),
              "\033[0;1;38;5;15;48;5;24mab\033[0mc\033[0m\n"
              "\033[0;38;5;142m\u2588\033[0m\n",
              "256 colours: SGR only where the style changes, reset per row");
    theme_export_palette(&t, THEME_8, &p);
    CHECK_STR(out(&c, EXPORT_ANSI, &p, sb),
              "\033[0;1;37;46mab\033[0mc\033[0m\n\033[0;33m\u2588\033[0m\n",
              "8 colours: the nearest of the ANSI eight");
    theme_export_palette(&t, THEME_MONO, &p);
    CHECK_STR(out(&c, EXPORT_ANSI, &p, sb),
              "\033[0;1;7mab\033[0mc\033[0m\n\033[0m\u2588\033[0m\n",
              "no colour: the roles' monochrome attributes");
    theme_export_palette(&t, THEME_TRUECOLOR, &p);
    CHECK_STR(out(&c, EXPORT_ANSI, &p, sb),
              "\033[0;1;38;5;15;48;2;0;95;135mab\033[0mc\033[0m\n"
              "\033[0;38;2;175;175;0m\u2588\033[0m\n",
              "24-bit: the palette's RGB past the first 16 colours");
    /* a reversed blank at the end of a row is kept; plain blanks are not */
    canvas_clear(&c, ROLE_DEFAULT);
    canvas_text(&c, 0, 0, -1, ROLE_DEFAULT, "x");
    canvas_set_attrs(&c, 3, 0, 1, 1, ATTR_REVERSE);
    theme_export_palette(&t, THEME_256, &p);
    CHECK_STR(out(&c, EXPORT_ANSI, &p, sb), "\033[0mx  \033[0;7m \033[0m\n\n",
              "a cell's own attributes; trailing plain blanks dropped");
    canvas_fini(&c);
}

static void
test_svg(struct strbuf *sb)
{
    struct canvas c;
    struct theme t;
    struct export_palette p;
    const char *s;

    theme_default(&t);
    theme_export_palette(&t, THEME_256, &p);
    CHECK(p.bg_rgb == 0x1c1c1c && p.fg_rgb == 0xd0d0d0,
          "default theme: light text on near-black");
    canvas_init(&c, 6, 2, 0);
    canvas_put(&c, 0, 0, 0x2500, ROLE_BORDER); /* ─ */
    canvas_put(&c, 1, 0, 0x258c, ROLE_HEAT_9); /* ▌ */
    canvas_text(&c, 2, 0, -1, ROLE_HEADER, "a<b");
    canvas_text(&c, 0, 1, -1, ROLE_TITLE, "\u4e2d x"); /* wide, blank, x */
    s = out(&c, EXPORT_SVG, &p, sb);
    CHECK(strstr(s,
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                 "width=\"60\" height=\"40\" viewBox=\"0 0 60 40\">") != NULL,
          "10 x 20 units a cell");
    CHECK(strstr(s, "<title>t</title>") != NULL, "the title");
    {
        /* what XML 1.0 does not allow in a document: '?' (a title from
           an imported machine's names, say) */
        struct strbuf x;
        strbuf_init(&x);
        export_canvas(&c, EXPORT_SVG, &p, 0, "T\x01 \x1b[2J\tok", &x);
        CHECK(strstr(strbuf_str(&x), "<title>T? ?[2J\tok</title>") != NULL,
              "control characters in the title: '?', a tab kept");
        strbuf_fini(&x);
    }
    CHECK(strstr(s, "<rect width=\"60\" height=\"40\" fill=\"#1c1c1c\"/>") !=
              NULL,
          "the default background");
    CHECK(strstr(s, "<path fill=\"#005f87\" d=\"M0 20h40v20h-40z\"/>") != NULL,
          "one background rectangle for the title's run of 4 cells");
    CHECK(
        strstr(s, "<path fill=\"#585858\" d=\"M0 9h6v2h-6zM4 9h6v2h-6z\"/>") !=
            NULL,
        "a light horizontal line: two arms meeting at the centre");
    CHECK(strstr(s, "<path fill=\"#ff0000\" d=\"M10 0h5v20h-5z\"/>") != NULL,
          "a left half block: a rectangle of half the cell");
    CHECK(strstr(s, "<text x=\"20 30 40\" y=\"15\" fill=\"#00afff\" "
                    "font-weight=\"bold\">a&lt;b</text>") != NULL,
          "a word: each letter at its cell, XML escaped, bold");
    CHECK(strstr(s, "<text x=\"0\" y=\"35\" fill=\"#ffffff\" "
                    "font-weight=\"bold\">\u4e2d</text>") != NULL,
          "a wide character at its first cell");
    CHECK(strstr(s, "<text x=\"30\" y=\"35\"") != NULL,
          "the word after a blank starts at its own cell");
    CHECK(strstr(s, "font-family=\"'DejaVu Sans Mono', 'Liberation Mono', "
                    "Menlo, Consolas, 'Courier New', monospace\"") != NULL,
          "a monospace font stack");
    CHECK(strstr(s, "\u2500") == NULL && strstr(s, "\u258c") == NULL,
          "lines and blocks are shapes, not text");

    /* colours of a cell: reverse swaps, dim blends towards the paper */
    {
        struct cell cl = {'x', ROLE_HEADER, ATTR_REVERSE};
        CHECK(export_cell_rgb(&p, &cl, 1) == 0x00afff &&
                  export_cell_rgb(&p, &cl, 0) == 0x1c1c1c,
              "reverse: the text colour behind, the paper's in front");
        cl.attrs = ATTR_DIM;
        CHECK(export_cell_rgb(&p, &cl, 0) == 0x0b74a4,
              "dim: 60%% of the text colour over the background (got %06x)",
              export_cell_rgb(&p, &cl, 0));
    }
    /* a light theme: white paper behind its dark default text */
    t.role[ROLE_DEFAULT].fg = 235;
    theme_export_palette(&t, THEME_256, &p);
    CHECK(p.bg_rgb == 0xffffff && p.fg_rgb == 0x262626,
          "dark default text: white paper");
    canvas_fini(&c);
}

static void
test_text(struct strbuf *sb)
{
    struct canvas c;

    canvas_init(&c, 5, 2, 0);
    canvas_text(&c, 0, 0, -1, ROLE_TITLE, "\u2514\u2500a");
    strbuf_reset(sb);
    export_canvas(&c, EXPORT_TEXT, NULL, 0, NULL, sb);
    CHECK_STR(strbuf_str(sb), "\u2514\u2500a\n\n", "text: the dump");
    strbuf_reset(sb);
    export_canvas(&c, EXPORT_TEXT, NULL, 1, NULL, sb);
    CHECK_STR(strbuf_str(sb), "+-a\n\n", "text in ASCII");
    canvas_fini(&c);
}

int
main(void)
{
    struct strbuf sb;

    strbuf_init(&sb);
    test_formats();
    test_ansi(&sb);
    test_svg(&sb);
    test_text(&sb);
    strbuf_fini(&sb);
    TEST_DONE();
}
