/* The canvas: clipping, UTF-8 and wide characters, wrapping, bars,
   numbers, ASCII mode, dumps with roles, diffs; the role table. */
#include "harness.h"
#include "support_canvas.h"

#include <limits.h>

#include "view/canvas.h"
#include "view/roles.h"

/* The characters of row y as UTF-8 (tails left out), trailing blanks kept. */
static const char *
row(const struct canvas *c, int y)
{
    static char buf[512];
    size_t n = 0;

    for (int x = 0; x < c->w && n + 5 < sizeof buf; x++)
        if (c->cell[y * c->w + x].ch != CELL_WIDE_TAIL)
            n += (size_t)utf8_put(buf + n, c->cell[y * c->w + x].ch);
    buf[n] = '\0';
    return buf;
}

static void
test_basics(struct strbuf *sb)
{
    struct canvas c;

    canvas_init(&c, 10, 3, 0);
    CHECK(canvas_text(&c, 8, 0, -1, ROLE_DEFAULT, "abcdef") == 2,
          "text clips at the right edge");
    CHECK(canvas_text(&c, 0, 1, 4, ROLE_HEADER, "\u2191 up\u2014ok") == 4,
          "UTF-8: four characters, four columns");
    CHECK(canvas_at(&c, 0, 1)->ch == 0x2191 &&
              canvas_at(&c, 0, 1)->role == ROLE_HEADER,
          "the arrow and its role");
    CHECK(canvas_at(&c, 10, 0) == NULL && canvas_at(&c, -1, 0) == NULL,
          "outside is NULL");
    canvas_put(&c, 99, 99, 'x', 0);          /* no crash */
    canvas_text(&c, -3, 2, -1, 0, "abcdef"); /* starts left of the canvas */
    CHECK_STR(dump(&c, sb, 0), "        ab\n\u2191 up\ndef\n", "UTF-8 dump");
    CHECK_STR(dump(&c, sb, 1), "        ab\n^ up\ndef\n", "ASCII dump");
    canvas_fill(&c, -5, -5, 100, 100, 'z', 0);
    CHECK_STR(row(&c, 2), "zzzzzzzzzz", "a fill clips on every side");
    canvas_fill(&c, 0, 0, -3, 2, 'q', 0);
    CHECK(canvas_at(&c, 0, 0)->ch == 'z', "a negative width draws nothing");
    canvas_fini(&c);
    canvas_fini(&c); /* twice is harmless */
    canvas_fini(NULL);

    canvas_init(&c, 0, -4, 0);
    CHECK(c.w == 1 && c.h == 1, "sizes below 1 become 1");
    canvas_resize(&c, 7, 2);
    CHECK(c.w == 7 && c.h == 2 && canvas_at(&c, 6, 1)->ch == ' ',
          "resize: 7x2 of blanks");
    canvas_fini(&c);
}

static void
test_wide(struct strbuf *sb)
{
    struct canvas c, a;
    char buf[8];
    const char *s;
    int w;

    canvas_init(&c, 10, 4, 0);
    CHECK(canvas_text(&c, 0, 0, -1, ROLE_TITLE, "a\u6f22b") == 4,
          "a wide character takes two columns");
    CHECK(canvas_at(&c, 1, 0)->ch == 0x6f22 &&
              canvas_at(&c, 2, 0)->ch == CELL_WIDE_TAIL &&
              canvas_at(&c, 2, 0)->role == ROLE_TITLE &&
              canvas_at(&c, 3, 0)->ch == 'b',
          "head, tail, next character");
    CHECK(canvas_text(&c, 8, 1, -1, 0, "\u6f22\u5b57") == 2,
          "only the wide character that fits is drawn");
    CHECK(canvas_at(&c, 8, 1)->ch == 0x6f22, "... at the edge");
    CHECK(canvas_text(&c, 0, 2, 3, 0, "\u6f22\u5b57") == 2,
          "maxw 3: the second wide character would straddle it");
    CHECK(canvas_at(&c, 2, 2)->ch == ' ', "... and is left out");
    CHECK_STR(dump(&c, sb, 0), "a\u6f22b\n        \u6f22\n\u6f22\n\n",
              "a UTF-8 dump leaves the tails out");
    CHECK_STR(dump(&c, sb, 1), "a??b\n        ??\n??\n\n",
              "an ASCII dump shows a wide character as ??");

    canvas_put(&c, 2, 0, 'x', 0); /* over the tail */
    CHECK_STR(row(&c, 0), "a xb      ", "overwriting a tail blanks its head");
    canvas_text(&c, 0, 3, -1, 0, "\u6f22");
    canvas_put(&c, 0, 3, 'y', 0); /* over the head */
    CHECK_STR(row(&c, 3), "y         ", "overwriting a head blanks its tail");
    canvas_put(&c, 9, 3, 0x6f22, 0);
    CHECK(canvas_at(&c, 9, 3)->ch == ' ',
          "a wide character in the last column becomes a blank");
    canvas_fill(&c, 0, 3, 10, 1, 0x5b57, 0);
    CHECK_STR(row(&c, 3), "\u5b57\u5b57\u5b57\u5b57\u5b57",
              "a fill with a wide character: every second column");

    /* copying cells one by one, as a view does from a scratch canvas */
    canvas_init(&a, 10, 1, 0);
    canvas_text(&a, 0, 0, -1, ROLE_PATH, "x\u6f22y");
    for (int x = 0; x < 10; x++)
        canvas_put(&c, x, 1, a.cell[x].ch, a.cell[x].role);
    CHECK(canvas_at(&c, 2, 1)->ch == CELL_WIDE_TAIL &&
              canvas_at(&c, 1, 1)->ch == 0x6f22,
          "cells copy one by one, tails included");
    canvas_fini(&a);
    canvas_fini(&c);

    /* an ASCII canvas keeps the layout */
    canvas_init(&c, 6, 1, 1);
    CHECK(canvas_text(&c, 0, 0, -1, 0, "\u6f22-\u2500") == 4 &&
              strcmp(dump(&c, sb, 0), "?\?--\n") == 0,
          "ASCII canvas: ?? for a wide character (%s)", strbuf_str(sb));
    canvas_fini(&c);

    /* widths */
    CHECK(utf8_width("\u6f22\u5b57ab") == 6, "width of CJK + ASCII");
    CHECK(utf8_width("e\u0301") == 1, "a combining accent has no width");
    CHECK(utf8_width("\xf0\x9f\x98\x80") == 2, "an emoji is wide");
    CHECK(utf8_width("\u2500\u2588\u00b7") == 3,
          "box drawing and blocks are narrow");
    CHECK(utf8_cp_width(0xac00) == 2 && utf8_cp_width(0xff21) == 2 &&
              utf8_cp_width(0x200b) == 0 && utf8_cp_width('a') == 1,
          "Hangul and fullwidth are wide, a zero-width space is not");
    CHECK(utf8_prefix("\u6f22\u5b57ab", 3, &w) == 3 && w == 2,
          "prefix of 3 columns: one wide character (3 bytes)");
    CHECK(utf8_prefix("abc", 10, &w) == 3 && w == 3, "all of it fits");
    CHECK(utf8_prefix("abc", 0, NULL) == 0, "nothing fits in 0 columns");

    canvas_init(&c, 8, 1, 0);
    canvas_text(&c, 0, 0, -1, 0, "e\u0301x");
    CHECK_STR(row(&c, 0), "ex      ", "combining marks are dropped");
    canvas_text(&c, 0, 0, -1, 0, "\x1b[31m\t");
    CHECK_STR(row(&c, 0), "?[31m   ",
              "control characters never reach the terminal");
    canvas_clear(&c, 0);
    CHECK(canvas_text_right(&c, 0, 0, 3, 0, "ab\u6f22") == 3 &&
              strcmp(row(&c, 0), "ab\u2026     ") == 0,
          "right-aligned text too wide keeps its start, cut with ... (%s)",
          row(&c, 0));
    canvas_clear(&c, 0);
    CHECK(canvas_text_right(&c, 0, 0, 5, 0, "838656 TiB") == 5 &&
              strcmp(row(&c, 0), "8386\u2026   ") == 0,
          "a number too wide is never cut from the left (%s)", row(&c, 0));
    canvas_fini(&c);

    /* decoding */
    s = "\xc0\xafz";
    CHECK(utf8_next(&s) == '?' && utf8_next(&s) == '?' && *s == 'z',
          "an overlong '/' is two bad bytes");
    s = "\xed\xa0\x80";
    CHECK(utf8_next(&s) == '?' && *s == '\0', "a surrogate is invalid");
    s = "\xe6\xbc";
    CHECK(utf8_next(&s) == '?' && *s == '\0',
          "a sequence cut by the NUL stops at it");
    s = "\xf4\x90\x80\x80";
    CHECK(utf8_next(&s) == '?', "past U+10FFFF is invalid");
    s = "\xf0\x9f\x98\x80";
    CHECK(utf8_next(&s) == 0x1f600 && *s == '\0', "a 4-byte character");
    CHECK(utf8_put(buf, 0x110000) == 1 && buf[0] == '?',
          "encoding past U+10FFFF gives '?'");
    CHECK(utf8_put(buf, 0x6f22) == 3 && memcmp(buf, "\u6f22", 3) == 0,
          "encoding a 3-byte character");
}

static void
test_draw(struct strbuf *sb)
{
    struct canvas c;

    canvas_init(&c, 12, 4, 0);
    CHECK(canvas_wrap(&c, 0, 0, 12, 4, 0, "the quick brown fox jumps") == 3,
          "wrap: 3 lines");
    CHECK_STR(dump(&c, sb, 0), "the quick\nbrown fox\njumps\n\n",
              "wrapped at word boundaries");
    CHECK(canvas_wrap(&c, 0, 0, 12, 1, 0, "a b c d e f g h i j k l m n") == 3,
          "wrap counts lines past maxh");
    canvas_clear(&c, 0);
    CHECK(canvas_wrap(&c, 0, 0, 4, 4, 0, "\u6f22\u5b57 \u6f22\u5b57x") == 3,
          "wrap by display width");
    CHECK_STR(dump(&c, sb, 0), "\u6f22\u5b57\n\u6f22\u5b57\nx\n\n",
              "wide words wrapped");
    canvas_clear(&c, 0);
    CHECK(canvas_wrap(&c, 0, 0, 1, 3, 0, "\u6f22") == 1,
          "a character wider than the line still ends");
    CHECK(canvas_wrap(&c, 0, 0, 5, 4, 0, "ab\ncd\n\nef") == 4,
          "newlines start lines, an empty line counts");

    canvas_clear(&c, 0);
    canvas_bar(&c, 0, 0, 8, 0.5, ROLE_PLOT, ROLE_DEFAULT);
    canvas_bar(&c, 0, 1, 8, 0.5625, ROLE_PLOT, ROLE_DEFAULT);
    canvas_bar(&c, 0, 2, 8, 7, ROLE_PLOT, ROLE_DEFAULT);
    canvas_bar(&c, 0, 3, 8, 0.0 / 0.0, ROLE_PLOT, ROLE_DEFAULT);
    CHECK_STR(dump(&c, sb, 0),
              "\u2588\u2588\u2588\u2588\n\u2588\u2588\u2588\u2588\u258c\n"
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\n\n",
              "bars in eighths, clipped at 1, NaN empty");
    CHECK(canvas_at(&c, 5, 1)->role == ROLE_DEFAULT &&
              canvas_at(&c, 4, 1)->role == ROLE_PLOT,
          "the empty part is in empty_role");
    canvas_clear(&c, 0);
    canvas_box(&c, 0, 0, 12, 4, ROLE_BORDER, "T");
    CHECK_STR(dump(&c, sb, 1),
              "+ T -------+\n|          |\n|          |\n"
              "+----------+\n",
              "a box with a title, in ASCII");
    CHECK(canvas_at(&c, 2, 0)->role == ROLE_HEADER &&
              canvas_at(&c, 0, 1)->role == ROLE_BORDER,
          "the title is a header, the frame a border");
    canvas_clear(&c, 0);
    canvas_box(&c, 0, 0, 1, 4, ROLE_BORDER, NULL);
    CHECK_STR(dump(&c, sb, 0), "\n\n\n\n", "a box narrower than 2 is nothing");
    canvas_fini(&c);

    /* vertical bars */
    canvas_init(&c, 5, 2, 0);
    canvas_vbar(&c, 0, 0, 2, 0.5, ROLE_PLOT, ROLE_DEFAULT);
    canvas_vbar(&c, 1, 0, 2, 0.3, ROLE_PLOT, ROLE_DEFAULT);
    canvas_vbar(&c, 2, 0, 2, 0.001, ROLE_PLOT, ROLE_DEFAULT);
    canvas_vbar(&c, 3, 0, 2, 1, ROLE_PLOT, ROLE_DEFAULT);
    canvas_vbar(&c, 4, 0, 2, 0, ROLE_PLOT, ROLE_DEFAULT);
    CHECK_STR(dump(&c, sb, 0), "   \u2588\n\u2588\u2585\u2581\u2588\n",
              "vertical bars grow up in eighths; a little shows");
    CHECK_STR(dump(&c, sb, 1), "   #\n##_#\n", "... and in ASCII");
    canvas_fini(&c);

    /* an ASCII canvas maps as it draws */
    canvas_init(&c, 6, 1, 1);
    canvas_text(&c, 0, 0, -1, 0, "\u2500\u2502\u2588\u00b7\u2014x");
    CHECK_STR(dump(&c, sb, 0), "-|#.-x\n", "ASCII canvas");
    canvas_fini(&c);
}

static void
test_numbers(struct strbuf *sb)
{
    struct canvas c;

    canvas_init(&c, 8, 8, 0);
    CHECK(canvas_number(&c, 0, 0, 6, ROLE_NUMBER, 3.14159, 2) == 4,
          "3.14 in 6 columns");
    canvas_number(&c, 0, 1, 3, ROLE_NUMBER, 3.14159, 2);
    canvas_number(&c, 0, 2, 4, ROLE_NUMBER, 1234.4, 1);
    canvas_number(&c, 0, 3, 3, ROLE_NUMBER, 1234.4, 1);
    canvas_number(&c, 0, 4, 5, ROLE_NUMBER, 0.0 / 0.0, 1);
    canvas_number(&c, 0, 5, 5, ROLE_NUMBER, -0.001, 0);
    canvas_number(&c, 0, 6, 5, ROLE_NUMBER, 1.0 / 0.0, 0);
    canvas_number(&c, 0, 7, 8, ROLE_NUMBER, 123456789, 0);
    CHECK_STR(dump(&c, sb, 0),
              "  3.14\n3.1\n1234\n###\n    -\n    0\n  inf\n1.23e+08\n",
              "numbers: fewer decimals, %%g, ###, -, no -0");
    CHECK(canvas_at(&c, 2, 0)->role == ROLE_NUMBER, "in their role");
    canvas_fini(&c);
}

/* ---- views ---- */

#define SENT '%'

/* Fill c with the sentinel (in ROLE_WARNING, no attributes). */
static void
sentinel(struct canvas *c)
{
    canvas_fill(c, 0, 0, c->w, c->h, SENT, ROLE_WARNING);
}

/* Cells of c outside the rectangle (x, y, w, h) that lost the sentinel. */
static int
changed_outside(const struct canvas *c, int x, int y, int w, int h)
{
    int bad = 0;

    for (int j = 0; j < c->h; j++)
        for (int i = 0; i < c->w; i++) {
            const struct cell *cl = &c->cell[j * c->w + i];
            int in = i >= x && i < x + w && j >= y && j < y + h;
            if (!in &&
                (cl->ch != SENT || cl->role != ROLE_WARNING || cl->attrs != 0))
                bad++;
        }
    return bad;
}

/* Cells of c inside the rectangle that lost the sentinel. */
static int
changed_inside(const struct canvas *c, int x, int y, int w, int h)
{
    int n = 0;

    for (int j = y; j < y + h; j++)
        for (int i = x; i < x + w; i++) {
            const struct cell *cl = &c->cell[j * c->w + i];
            n += cl->ch != SENT || cl->role != ROLE_WARNING || cl->attrs != 0;
        }
    return n;
}

static int
same_view(struct cview v, int x, int y, int w, int h)
{
    return v.x == x && v.y == y && v.w == w && v.h == h;
}

static void
test_view_sub(void)
{
    struct canvas c;
    struct cview v, s, t;
    int ok = 1;
    unsigned seed = 7;

    canvas_init(&c, 20, 10, 0);
    v = cview_of(&c, 2, 3, 5, 4);
    CHECK(v.c == &c && same_view(v, 2, 3, 5, 4), "a view inside the canvas");
    CHECK(same_view(cview_of(&c, -3, -2, 10, 5), 0, 0, 7, 3),
          "a view over the top left corner keeps the part inside");
    CHECK(same_view(cview_of(&c, 15, 8, 10, 10), 15, 8, 5, 2),
          "... and over the bottom right corner");
    CHECK(cview_of(&c, 25, 0, 3, 3).w == 0 && cview_of(&c, 0, 0, -4, 3).w == 0,
          "a view right of the canvas or of negative width is empty");
    CHECK(same_view(cview_sub(&v, 1, 1, 2, 2), 3, 4, 2, 2),
          "a sub-view is offset from its parent");
    CHECK(same_view(cview_sub(&v, -2, -1, 4, 3), 2, 3, 2, 2),
          "a sub-view starting left of and above its parent is cut there");
    CHECK(same_view(cview_sub(&v, 3, 2, 10, 10), 5, 5, 2, 2),
          "a sub-view reaching past the parent is cut to it");
    CHECK(cview_sub(&v, 5, 0, 2, 2).w == 0 &&
              cview_sub(&v, 0, 4, 2, 2).h == 0 &&
              cview_sub(&v, 1, 1, -1, 2).w == 0,
          "sub-views at or past the edges, or of negative size, are empty");
    s = cview_sub(&v, INT_MAX, INT_MIN, INT_MAX, INT_MAX);
    t = cview_sub(&v, INT_MIN, INT_MIN, INT_MAX, INT_MAX);
    CHECK(s.w == 0 && t.w == 0 && t.h == 0 && s.x >= v.x && s.x <= v.x + v.w,
          "extreme arguments do not overflow");
    /* nesting: a sub-view of a sub-view lies inside both */
    for (int i = 0; i < 20000; i++) {
        int a[8];
        for (int k = 0; k < 8; k++) {
            seed = seed * 1103515245u + 12345u;
            a[k] = (int)((seed >> 16) % 15) - 5;
        }
        s = cview_sub(&v, a[0], a[1], a[2], a[3]);
        t = cview_sub(&s, a[4], a[5], a[6], a[7]);
        ok &= s.w >= 0 && s.h >= 0 && t.w >= 0 && t.h >= 0;
        ok &= s.w == 0 || s.h == 0 ||
              (s.x >= v.x && s.y >= v.y && s.x + s.w <= v.x + v.w &&
               s.y + s.h <= v.y + v.h);
        ok &= t.w == 0 || t.h == 0 ||
              (t.x >= s.x && t.y >= s.y && t.x + t.w <= s.x + s.w &&
               t.y + t.h <= s.y + s.h);
        /* and matches the arithmetic: the overlap of the two ranges */
        if (a[2] > 0 && a[0] >= 0 && a[0] + a[2] <= v.w && a[1] >= 0 &&
            a[3] > 0 && a[1] + a[3] <= v.h)
            ok &= same_view(s, v.x + a[0], v.y + a[1], a[2], a[3]);
    }
    CHECK(ok, "20000 random nestings stay inside their parents");
    canvas_fini(&c);
}

/* Every view function once at (col, row) with size k; returns nothing. */
static void
draw_one(const struct cview *v, int op, int col, int row, int k)
{
    static const char *const text[] = {
        "ab", "\u6f22\u5b57\u4e2d", "x\u6f22y\u5b57z",
        "some words \u6f22\u5b57 to wrap\nand a line"};
    const char *s = text[k % 4];

    switch (op) {
    case 0:
        cview_put(v, col, row, 'x', ROLE_PATH);
        break;
    case 1:
        cview_put(v, col, row, 0x6f22, ROLE_PATH);
        break;
    case 2:
        cview_text(v, col, row, k - 1, ROLE_PATH, s);
        break;
    case 3:
        cview_printf(v, col, row, -1, ROLE_PATH, "%s%d", s, k);
        break;
    case 4:
        cview_text_right(v, col, row, k, ROLE_PATH, s);
        break;
    case 5:
        cview_number(v, col, row, k, ROLE_NUMBER, 1234.5678, 2);
        break;
    case 6:
        cview_fill(v, col, row, k, k - 2, 'z', ROLE_PATH);
        break;
    case 7:
        cview_fill(v, col, row, k, k - 1, 0x5b57, ROLE_PATH);
        break;
    case 8:
        cview_paint(v, col, row, k, k, ROLE_PATH);
        break;
    case 9:
        cview_set_attrs(v, col, row, k, k, ATTR_REVERSE);
        break;
    case 10:
        cview_hline(v, col, row, k, ROLE_BORDER);
        cview_vline(v, col, row, k, ROLE_BORDER);
        break;
    case 11:
        cview_box(v, col, row, k, k - 1, ROLE_BORDER, s);
        break;
    case 12:
        cview_bar(v, col, row, k, 0.6, ROLE_PLOT, ROLE_DEFAULT);
        break;
    case 13:
        cview_vbar(v, col, row, k, 0.6, ROLE_PLOT, ROLE_DEFAULT);
        break;
    default:
        cview_wrap(v, col, row, k, k, ROLE_PATH, s);
        break;
    }
}

enum { VIEW_OPS = 15 };

static void
test_view_clip(void)
{
    struct canvas c;
    int escaped = 0, cases = 0, drew[VIEW_OPS] = {0}, all = 1;

    /* a 7x4 view at (5, 3) of a 17x10 canvas; odd and even edges both
       meet wide characters */
    for (int ascii = 0; ascii <= 1; ascii++) {
        canvas_init(&c, 17, 10, ascii);
        for (int vx = 5; vx <= 6; vx++) {
            struct cview v = cview_of(&c, vx, 3, 7, 4);
            for (int op = 0; op < VIEW_OPS; op++)
                for (int k = 0; k <= 12; k++)
                    for (int row = -5; row <= v.h + 2; row++)
                        for (int col = -14; col <= v.w + 2; col++) {
                            sentinel(&c);
                            draw_one(&v, op, col, row, k);
                            if (changed_outside(&c, v.x, v.y, v.w, v.h)) {
                                if (escaped < 5)
                                    printf("# op %d at %d,%d size %d (view "
                                           "x %d, ascii %d) wrote outside\n",
                                           op, col, row, k, vx, ascii);
                                escaped++;
                            }
                            drew[op] += changed_inside(&c, v.x, v.y, v.w, v.h);
                            cases++;
                        }
        }
        canvas_fini(&c);
    }
    /* far away: no overflow, nothing drawn */
    canvas_init(&c, 17, 10, 0);
    {
        static const int far[] = {INT_MIN, INT_MIN + 7, -100000, 100000,
                                  INT_MAX - 20};
        struct cview v = cview_of(&c, 5, 3, 7, 4);
        for (int op = 0; op < VIEW_OPS; op++)
            for (int i = 0; i < 5; i++)
                for (int j = 0; j < 5; j++) {
                    sentinel(&c);
                    draw_one(&v, op, far[i], far[j], 12);
                    draw_one(&v, op, far[i], 1, 12);
                    draw_one(&v, op, 1, far[j], 12);
                    if (changed_outside(&c, v.x, v.y, v.w, v.h))
                        escaped++;
                    cases += 3;
                }
    }
    canvas_fini(&c);
    for (int op = 0; op < VIEW_OPS; op++)
        all &= drew[op] > 0;
    CHECK(escaped == 0 && all,
          "%d draws at every edge, every function, wide characters at "
          "odd and even edges: nothing outside the view (%d escaped)",
          cases, escaped);
}

static void
test_view_edges(struct strbuf *sb)
{
    struct canvas c;
    struct cview v, s;

    canvas_init(&c, 10, 4, 0);
    v = cview_of(&c, 2, 1, 5, 2);

    sentinel(&c);
    cview_put(&v, 4, 0, 0x6f22, ROLE_PATH);
    CHECK(canvas_at(&c, 6, 1)->ch == ' ' && canvas_at(&c, 7, 1)->ch == SENT,
          "a wide character in the view's last column is a blank, and its "
          "tail stays out");
    cview_put(&v, -1, 1, 0x6f22, ROLE_PATH);
    CHECK(canvas_at(&c, 1, 2)->ch == SENT && canvas_at(&c, 2, 2)->ch == SENT,
          "one left of the view is not drawn, not even its tail");

    sentinel(&c);
    CHECK(cview_text(&v, 0, 0, -1, ROLE_PATH, "ab\u6f22\u5b57") == 4,
          "text: the wide character that would straddle the edge is left "
          "out");
    CHECK_STR(row(&c, 1), "%%ab\u6f22%%%%", "... and nothing past the edge");
    CHECK(cview_text(&v, -1, 1, -1, ROLE_PATH, "xyz\u6f22") == 5 &&
              strcmp(row(&c, 2), "%%yz\u6f22%%%%") == 0,
          "text from left of the view: its visible part (%s)", row(&c, 2));
    sentinel(&c);
    CHECK(cview_text(&v, -1, 0, -1, ROLE_PATH, "\u6f22ab") == 4 &&
              strcmp(row(&c, 1), "%%%ab%%%%%") == 0,
          "a wide character across the left edge is left out (%s)", row(&c, 1));
    CHECK(cview_text(&v, 0, 2, -1, ROLE_PATH, "x") == 0 &&
              cview_text(&v, 5, 0, -1, ROLE_PATH, "x") == 0,
          "text below or right of the view draws nothing");

    sentinel(&c);
    cview_text_right(&v, 2, 0, 6, ROLE_NUMBER, "12 MiB");
    CHECK_STR(row(&c, 1), "%%%%12\u2026%%%",
              "a right-aligned field cut by the edge: its start and ... at "
              "the edge, never the units alone");
    cview_number(&v, -3, 1, 5, ROLE_NUMBER, 12, 0);
    cview_number(&v, 3, 1, 5, ROLE_NUMBER, 1234, 0);
    CHECK_STR(row(&c, 2), "%%12%##%%%",
              "numbers are fitted to the part of their field inside: never "
              "a misleading part of one");
    sentinel(&c);
    cview_bar(&v, 3, 0, 4, 1.0, ROLE_PLOT, ROLE_DEFAULT);
    CHECK_STR(row(&c, 1), "%%%%%\u2588\u2588%%%",
              "a bar cut by the edge is drawn narrower");
    sentinel(&c);
    cview_vbar(&v, 0, 1, 3, 0.5, ROLE_PLOT, ROLE_DEFAULT);
    CHECK(canvas_at(&c, 2, 2)->ch == 0x2584 && canvas_at(&c, 2, 3)->ch == SENT,
          "a vertical bar cut by the bottom edge: its bottom is the view's");

    sentinel(&c);
    cview_box(&v, -1, -1, 7, 4, ROLE_BORDER, NULL);
    CHECK(changed_inside(&c, 0, 0, 10, 4) == 0,
          "a box just around the view draws nothing");
    cview_box(&v, 0, 0, 8, 3, ROLE_BORDER, "T");
    CHECK_STR(dump(&c, sb, 1),
              "%%%%%%%%%%\n%%+ T -%%%\n%%|%%%%%%%\n"
              "%%%%%%%%%%\n",
              "a box cut by the right and bottom edges: the parts inside");

    sentinel(&c);
    CHECK(cview_wrap(&v, 1, 0, 6, 3, ROLE_PATH, "one two three") == 3,
          "wrap counts its lines");
    CHECK_STR(dump(&c, sb, 0),
              "%%%%%%%%%%\n%%%one%%%%\n%%%two%%%%\n"
              "%%%%%%%%%%\n",
              "wrapped lines are cut at the view's edges");

    /* the documented exception: a wide character across the edge */
    sentinel(&c);
    canvas_put(&c, 1, 1, 0x6f22, ROLE_PATH);
    cview_put(&v, 0, 0, 'x', ROLE_PATH);
    CHECK(canvas_at(&c, 1, 1)->ch == ' ' && canvas_at(&c, 2, 1)->ch == 'x',
          "overwriting the half inside of a wide character across the edge "
          "blanks its half outside");

    /* a sub-view clips to itself and so to its parent */
    sentinel(&c);
    s = cview_sub(&v, 3, 1, 10, 10);
    cview_fill(&s, -5, -5, 50, 50, 'z', ROLE_PATH);
    CHECK(same_view(s, 5, 2, 2, 1) && changed_inside(&c, 5, 2, 2, 1) == 2 &&
              changed_outside(&c, 5, 2, 2, 1) == 0,
          "a fill through a sub-view covers exactly the sub-view");

    /* views are values; hand-set fields past the canvas are clipped by it */
    sentinel(&c);
    v.w = 100;
    cview_fill(&v, 0, 0, 100, 2, 0x6f22, ROLE_PATH);
    CHECK_STR(row(&c, 1), "%%\u6f22\u6f22\u6f22\u6f22",
              "a view past the canvas: the canvas clips too");
    canvas_fini(&c);
}

static void
test_roles_dump(struct strbuf *sb)
{
    struct canvas a, b;

    canvas_init(&a, 6, 3, 0);
    canvas_text(&a, 0, 0, -1, ROLE_TITLE, "rho   ");
    canvas_text(&a, 1, 1, -1, ROLE_HEAT_3, "##");
    canvas_text(&a, 3, 1, -1, ROLE_TITLE, "t");
    canvas_set_attrs(&a, 0, 0, 3, 1, ATTR_REVERSE);
    CHECK(canvas_at(&a, 2, 0)->attrs == ATTR_REVERSE &&
              canvas_at(&a, 3, 0)->attrs == 0,
          "attribute overrides on a rectangle");
    canvas_paint(&a, 0, 0, 1, 1, ROLE_SELECTED);
    CHECK(canvas_at(&a, 0, 0)->attrs == ATTR_REVERSE &&
              canvas_at(&a, 0, 0)->ch == 'r',
          "painting keeps characters and overrides");
    strbuf_reset(sb);
    canvas_dump_roles(&a, sb);
    CHECK_STR(strbuf_str(sb),
              "-- roles\nABBBBB\n CCB\n\n-- legend\nA selected\nB title\n"
              "C heat.3\n",
              "the role map and its legend");

    canvas_init(&b, 6, 3, 0);
    CHECK(canvas_diff(&a, &a, NULL, 0) == 0, "a canvas equals itself");
    strbuf_reset(sb);
    canvas_text(&b, 0, 0, -1, ROLE_TITLE, "rho   ");
    canvas_text(&b, 1, 1, -1, ROLE_HEAT_3, "##");
    canvas_text(&b, 3, 1, -1, ROLE_TITLE, "t");
    canvas_set_attrs(&b, 0, 0, 3, 1, ATTR_REVERSE);
    CHECK(canvas_diff(&a, &b, sb, 10) == 1, "one cell differs");
    CHECK_STR(strbuf_str(sb),
              "0,0: 'r' selected +attrs 8 | 'r' title +attrs 8\n",
              "... and says which");
    canvas_text(&b, 0, 2, -1, 0, "xyz");
    strbuf_reset(sb);
    CHECK(canvas_diff(&a, &b, sb, 1) == 4, "four cells differ");
    CHECK(strstr(strbuf_str(sb), "... 3 more\n") != NULL,
          "past max: a count (%s)", strbuf_str(sb));
    canvas_resize(&b, 7, 3);
    strbuf_reset(sb);
    CHECK(canvas_diff(&a, &b, sb, 10) == -1 &&
              strcmp(strbuf_str(sb), "size 6x3 | 7x3\n") == 0,
          "sizes differ");
    canvas_fini(&a);
    canvas_fini(&b);
}

static void
test_role_table(void)
{
    int ok = 1, fg, bg, at;

    CHECK(theme_role_lookup("heat.3") == ROLE_HEAT_3, "heat.3");
    CHECK(theme_role_lookup("tree.switch") == ROLE_TREE_SWITCH, "tree.switch");
    CHECK(theme_role_lookup("heat.warm") == -1 &&
              theme_role_lookup(NULL) == -1 && theme_role_lookup("") == -1,
          "unknown keys");
    CHECK(theme_role_key(-1) == NULL && theme_role_key(ROLE_COUNT) == NULL &&
              theme_role_doc(ROLE_COUNT) == NULL,
          "out of range: NULL");
    for (int r = 0; r < ROLE_COUNT; r++) {
        const char *k = theme_role_key(r), *d = theme_role_doc(r);
        ok &= theme_role_lookup(k) == r && d != NULL && d[0] != '\0' &&
              d[strlen(d) - 1] != '.';
        theme_role_default(r, &fg, &bg, &at);
        ok &= fg >= -1 && fg <= 255 && bg >= -1 && bg <= 255 &&
              (at & ~ATTR_MASK) == 0 && (theme_role_mono(r) & ~ATTR_MASK) == 0;
        ok &= fg < 0 || fg != bg; /* readable */
        for (int q = 0; q < r; q++)
            ok &= strcmp(k, theme_role_key(q)) != 0;
    }
    CHECK(ok, "every key is unique, finds its role, and has a doc and a "
              "readable style");
    theme_role_default(-5, &fg, &bg, &at);
    CHECK(fg == -1 && bg == -1 && at == 0, "out of range: the default role");
    CHECK(ROLE_HEAT_0 + HEAT_LEVELS - 1 == ROLE_HEAT_9, "heat roles in a row");
    CHECK(role_heat(0.35) == ROLE_HEAT_3 && role_heat(0) == ROLE_HEAT_IDLE &&
              role_heat(0.0 / 0.0) == ROLE_HEAT_NONE,
          "role_heat is heat_role on the linear scale");
}

/* A paragraph wraps without a widow: the search view's old sentence at 78
   columns left "here." alone on its second line. */
static void
test_wrap_pretty(struct strbuf *sb)
{
    static const char para[] = "The schedule search tries every order of "
                               "each source's flows: 20,736 schedules here.";
    struct canvas c;
    struct cview v;

    canvas_init(&c, 80, 4, 1);
    v = cview_of(&c, 0, 0, 80, 4);
    CHECK(cview_wrap(&v, 0, 0, 78, 4, ROLE_DEFAULT, para) == 2 &&
              strstr(dump(&c, sb, 0), "\nhere.\n") != NULL,
          "plain wrap at 78: a widow");
    canvas_clear(&c, ROLE_DEFAULT);
    CHECK(cview_wrap_pretty(&v, 0, 0, 78, 4, ROLE_DEFAULT, para) == 2 &&
              strstr(dump(&c, sb, 0), "20,736\nschedules here.\n") != NULL,
          "pretty wrap at 78: as many lines, two words on the last (%s)",
          dump(&c, sb, 0));
    canvas_clear(&c, ROLE_DEFAULT);
    CHECK(cview_wrap_pretty(&v, 0, 0, 80, 4, ROLE_DEFAULT, "one two") == 1,
          "a line that fits stays one line");
    canvas_clear(&c, ROLE_DEFAULT);
    CHECK(cview_wrap_pretty(&v, 0, 0, 9, 4, ROLE_DEFAULT,
                            "aaaa bbbb cccccccc") == 2,
          "no narrower width keeps 2 lines: the plain wrap");
    CHECK_STR(dump(&c, sb, 0), "aaaa bbbb\ncccccccc\n\n\n",
              "the plain wrap, widow and all, rather than a third line");
    canvas_fini(&c);
}

int
main(void)
{
    struct strbuf sb;

    strbuf_init(&sb);
    test_basics(&sb);
    test_wide(&sb);
    test_draw(&sb);
    test_numbers(&sb);
    test_view_sub();
    test_view_clip();
    test_view_edges(&sb);
    test_roles_dump(&sb);
    test_role_table();
    test_wrap_pretty(&sb);
    strbuf_fini(&sb);
    TEST_DONE();
}
