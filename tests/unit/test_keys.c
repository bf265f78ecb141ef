/* The key table: lookups, scopes, the help text, and that rho(1) lists
   exactly the keys the table generates. */
#include "harness.h"

#include <stdlib.h>

#include "view/keys.h"

int
main(void)
{
    struct strbuf sb;

    CHECK(keys_action('q', SCOPE_GLOBAL) == ACT_QUIT, "q quits");
    CHECK(keys_action(RK_F10, SCOPE_TREE) == ACT_QUIT, "F10 quits anywhere");
    CHECK(keys_action('?', SCOPE_FLOWS) == ACT_HELP, "? helps");
    CHECK(keys_action(RK_F1, SCOPE_GLOBAL) == ACT_HELP, "F1 helps");
    CHECK(keys_action(KEY_TAB_, SCOPE_GLOBAL) == ACT_NEXT_VIEW, "Tab");
    CHECK(keys_action('j', SCOPE_FLOWS) == ACT_DOWN, "j is down");
    CHECK(keys_action('a', SCOPE_FLOWS) == ACT_ADD, "a adds");
    CHECK(keys_action('d', SCOPE_FLOWS) == ACT_DELETE, "d deletes");
    CHECK(keys_action('e', SCOPE_FLOWS) == ACT_EDIT, "e edits");
    CHECK(keys_action('u', SCOPE_GLOBAL) == ACT_UNDO, "u undoes");
    CHECK(keys_action(KEY_CTRL_R, SCOPE_GLOBAL) == ACT_REDO, "Ctrl-R redoes");
    CHECK(keys_action('s', SCOPE_GLOBAL) == ACT_SAVE, "s saves");
    CHECK(keys_action('r', SCOPE_GLOBAL) == ACT_RELOAD, "r reloads");
    CHECK(keys_action('t', SCOPE_GLOBAL) == ACT_THEME, "t cycles themes");
    CHECK(keys_action('/', SCOPE_GLOBAL) == ACT_SEARCH, "/ searches");
    CHECK(keys_action(RK_RIGHT, SCOPE_STEPPER) == ACT_STEP_NEXT,
          "Right steps in the stepper");
    CHECK(keys_action(RK_RIGHT, SCOPE_TREE) == ACT_RIGHT,
          "Right moves elsewhere");
    CHECK(keys_action('Z', SCOPE_GLOBAL) == ACT_NONE, "Z does nothing");

    /* no key is bound twice in one scope */
    {
        int dup = 0;
        for (const struct key_binding *a = key_table; a->key; a++)
            for (const struct key_binding *b = a + 1; b->key; b++)
                dup |= a->key == b->key && a->scope == b->scope;
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
