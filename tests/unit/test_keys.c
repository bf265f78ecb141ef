/* The key table: lookups, scopes, the help text, and that rho(1) lists
   exactly the keys the table generates. */
#include "harness.h"

#include <stdlib.h>
#include <string.h>

#include "view/keys.h"

int
main(void)
{
    struct strbuf sb;

    CHECK(keys_action('q', NULL) == ACT_QUIT, "q quits");
    CHECK(keys_action(RK_F10, "tree") == ACT_QUIT, "F10 quits anywhere");
    CHECK(keys_action('?', "flows") == ACT_HELP, "? helps");
    CHECK(keys_action(RK_F1, NULL) == ACT_HELP, "F1 helps");
    CHECK(keys_action(KEY_TAB_, NULL) == ACT_NEXT_VIEW, "Tab");
    CHECK(keys_action('j', "flows") == ACT_DOWN, "j is down");
    CHECK(keys_action('a', "flows") == ACT_ADD, "a adds");
    CHECK(keys_action('d', "flows") == ACT_DELETE, "d deletes");
    CHECK(keys_action('e', "flows") == ACT_EDIT, "e edits");
    CHECK(keys_action('u', NULL) == ACT_UNDO, "u undoes");
    CHECK(keys_action(KEY_CTRL_R, NULL) == ACT_REDO, "Ctrl-R redoes");
    CHECK(keys_action('s', NULL) == ACT_SAVE, "s saves");
    CHECK(keys_action('r', NULL) == ACT_RELOAD, "r reloads");
    CHECK(keys_action('t', NULL) == ACT_THEME, "t cycles themes");
    CHECK(keys_action('/', NULL) == ACT_SEARCH, "/ searches");
    CHECK(keys_action(RK_RIGHT, "stepper") == ACT_STEP_NEXT,
          "Right steps in the stepper");
    CHECK(keys_action(RK_RIGHT, "tree") == ACT_RIGHT, "Right moves elsewhere");
    CHECK(keys_action('Z', NULL) == ACT_NONE, "Z does nothing");

    /* no key is bound twice in one scope */
    {
        int dup = 0;
        for (const struct key_binding *a = key_table; a->key; a++)
            for (const struct key_binding *b = a + 1; b->key; b++)
                dup |= a->key == b->key &&
                       (a->view == b->view ||
                        (a->view && b->view && strcmp(a->view, b->view) == 0));
        CHECK(!dup, "no key bound twice in a scope");
    }

    strbuf_init(&sb);
    keys_help(&sb);
    CHECK(strstr(strbuf_str(&sb), "  q, F10               quit") != NULL,
          "help joins the keys of an action");
    CHECK(strstr(strbuf_str(&sb), "Ctrl-R") != NULL, "help lists Ctrl-R");
    strbuf_reset(&sb);
    keys_man(&sb);
    CHECK(strstr(strbuf_str(&sb), ".TP\n.B q, F10\nquit (asks first if "
                                  "there are unsaved edits).\n") != NULL,
          "man text for q");
    {
        FILE *f = fopen("man/rho.1", "rb");
        char *man = calloc(1, 1 << 20);
        size_t n = f ? fread(man, 1, (1 << 20) - 1, f) : 0;
        if (f)
            fclose(f);
        CHECK(n > 0 && strstr(man, strbuf_str(&sb)) != NULL,
              "rho(1) lists exactly the key table (regenerate the KEYS "
              "section with: build/rho --keys-man)");
        free(man);
    }
    strbuf_fini(&sb);
    TEST_DONE();
}
