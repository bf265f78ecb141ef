/* The canvas and the heat buckets: clipping, UTF-8, wrapping, bars,
   ASCII mode, dumps; roles and their keys. */
#include "harness.h"

#include "view/canvas.h"
#include "view/roles.h"

static const char *
dump(const struct canvas *c, struct strbuf *sb, int ascii)
{
    strbuf_reset(sb);
    canvas_dump(c, sb, ascii);
    return strbuf_str(sb);
}

int
main(void)
{
    struct canvas c;
    struct strbuf sb;

    strbuf_init(&sb);
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
    canvas_put(&c, 99, 99, 'x', 0); /* no crash */
    CHECK_STR(dump(&c, &sb, 0), "        ab\n\u2191 up\n\n", "UTF-8 dump");
    CHECK_STR(dump(&c, &sb, 1), "        ab\n^ up\n\n", "ASCII dump");
    canvas_fini(&c);

    canvas_init(&c, 12, 4, 0);
    CHECK(canvas_wrap(&c, 0, 0, 12, 4, 0, "the quick brown fox jumps") == 3,
          "wrap: 3 lines");
    CHECK_STR(dump(&c, &sb, 0), "the quick\nbrown fox\njumps\n\n",
              "wrapped at word boundaries");
    CHECK(canvas_wrap(&c, 0, 0, 12, 1, 0, "a b c d e f g h i j k l m n") == 3,
          "wrap counts lines past maxh");
    canvas_clear(&c, 0);
    canvas_bar(&c, 0, 0, 8, 0.5, ROLE_PLOT, ROLE_DEFAULT);
    canvas_bar(&c, 0, 1, 8, 0.5625, ROLE_PLOT, ROLE_DEFAULT);
    canvas_bar(&c, 0, 2, 8, 7, ROLE_PLOT, ROLE_DEFAULT);
    CHECK_STR(dump(&c, &sb, 0),
              "\u2588\u2588\u2588\u2588\n\u2588\u2588\u2588\u2588\u258c\n"
              "\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\n\n",
              "bars in eighths, clipped at 1");
    canvas_clear(&c, 0);
    canvas_box(&c, 0, 0, 12, 4, ROLE_BORDER, "T");
    CHECK_STR(dump(&c, &sb, 1), "+ T -------+\n|          |\n|          |\n"
                                "+----------+\n",
              "a box with a title, in ASCII");
    canvas_fini(&c);

    canvas_init(&c, 6, 1, 1); /* an ASCII canvas maps as it draws */
    canvas_text(&c, 0, 0, -1, 0, "\u2500\u2502\u2588\u00b7\u2014x");
    CHECK_STR(dump(&c, &sb, 0), "-|#.-x\n", "ASCII canvas");
    canvas_fini(&c);

    /* heat buckets */
    CHECK(role_heat(0) == ROLE_HEAT_IDLE, "0 is idle");
    CHECK(role_heat(0.05) == ROLE_HEAT_0, "5%% is level 0");
    CHECK(role_heat(0.1) == ROLE_HEAT_0, "10%% is level 0");
    CHECK(role_heat(0.30000000000000004) == ROLE_HEAT_2, "30%% is level 2");
    CHECK(role_heat(0.31) == ROLE_HEAT_3, "31%% is level 3");
    CHECK(role_heat(1.0) == ROLE_HEAT_9, "100%% is level 9");
    CHECK(role_heat(1.2) == ROLE_HEAT_OVER, "120%% is over capacity");
    CHECK(role_heat(0.0 / 0.0) == ROLE_DIM, "NaN is dim");
    /* roles */
    CHECK(role_lookup("heat.3") == ROLE_HEAT_3, "heat.3");
    CHECK(role_lookup("tree.switch") == ROLE_TREE_SWITCH, "tree.switch");
    CHECK(role_lookup("heat.warm") == -1, "unknown key");
    {
        int ok = 1;
        for (int r = 0; r < ROLE_COUNT; r++)
            ok &= role_lookup(role_key(r)) == r && role_doc(r) != NULL;
        CHECK(ok, "every role's key finds it again, and has a doc");
    }
    strbuf_fini(&sb);
    TEST_DONE();
}
