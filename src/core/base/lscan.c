/*
 * lscan: locating constructors in Lua text. See lscan.h.
 *
 * Two passes: the lexer turns the whole text into tokens (type, bytes,
 * line), skipping comments and whitespace as llex.c does; then the call is
 * found among the tokens and its constructor read field by field. A
 * field's value runs to the next ',' or ';' or '}' outside brackets and
 * blocks, which is where Lua's expression ends too (a comma can only
 * appear inside brackets or a function body).
 */
#include "core/base/lscan.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

enum tk { TK_NAME, TK_STRING, TK_NUMBER, TK_PUNCT, TK_DOTS };

struct tok {
    int type;        /* enum tk */
    size_t beg, end; /* bytes */
    int line;
};

struct lex {
    const char *s;
    size_t len, i;
    int line;
    struct tok *t;
    int n, cap;
    int part; /* a part of a text: no "#!" line */
};

/* A newline at s[i] ("\n", "\r", "\r\n", "\n\r" are one): its length,
   or 0. */
static size_t
newline(const char *s, size_t len, size_t i)
{
    if (i >= len || (s[i] != '\n' && s[i] != '\r'))
        return 0;
    if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') &&
        s[i + 1] != s[i])
        return 2;
    return 1;
}

/* At "[" or "[=*[": the level (number of '='), or -1. */
static int
long_open(const char *s, size_t len, size_t i)
{
    size_t j = i + 1;

    if (i >= len || s[i] != '[')
        return -1;
    while (j < len && s[j] == '=')
        j++;
    return j < len && s[j] == '[' ? (int)(j - i - 1) : -1;
}

/* Skip a long bracket of the given level opening at x->i. Returns 0, or
   -1 when it never closes. */
static int
skip_long(struct lex *x, int level)
{
    size_t i = x->i + (size_t)level + 2;

    while (i < x->len) {
        size_t nl = newline(x->s, x->len, i);
        if (nl) {
            x->line++;
            i += nl;
            continue;
        }
        if (x->s[i] == ']') {
            size_t j = i + 1;
            while (j < x->len && x->s[j] == '=')
                j++;
            if (j < x->len && x->s[j] == ']' && (int)(j - i - 1) == level) {
                x->i = j + 1;
                return 0;
            }
        }
        i++;
    }
    return -1;
}

/* Skip a quoted string opening at x->i. Returns 0, or -1 (unfinished). */
static int
skip_quoted(struct lex *x)
{
    char q = x->s[x->i];
    size_t i = x->i + 1;

    while (i < x->len) {
        char c = x->s[i];
        if (c == q) {
            x->i = i + 1;
            return 0;
        }
        if (newline(x->s, x->len, i))
            return -1;
        if (c == '\\') {
            size_t nl = newline(x->s, x->len, i + 1);
            if (nl) { /* an escaped newline is a newline in the string */
                x->line++;
                i += 1 + nl;
                continue;
            }
            if (i + 1 < x->len && x->s[i + 1] == 'z') { /* skips spaces */
                i += 2;
                while (i < x->len && isspace((unsigned char)x->s[i])) {
                    size_t n2 = newline(x->s, x->len, i);
                    if (n2) {
                        x->line++;
                        i += n2;
                    } else {
                        i++;
                    }
                }
                continue;
            }
            i += 2;
            continue;
        }
        i++;
    }
    return -1;
}

static void
push(struct lex *x, int type, size_t beg, size_t end, int line)
{
    if (x->n == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 256;
        x->t = xreallocarray(x->t, (size_t)x->cap, sizeof *x->t);
    }
    x->t[x->n].type = type;
    x->t[x->n].beg = beg;
    x->t[x->n].end = end;
    x->t[x->n].line = line;
    x->n++;
}

/* The whole text into tokens. Returns 0, or -1 (not well formed). */
static int
lex_all(struct lex *x)
{
    static const char *const two[] = {"==", "~=", "<=", ">=", "//",
                                      "::", "<<", ">>", "..", NULL};

    if (!x->part && x->len > 0 && x->s[0] == '#') /* "#!..." as lua(1) */
        while (x->i < x->len && !newline(x->s, x->len, x->i))
            x->i++;
    while (x->i < x->len) {
        const char *s = x->s;
        size_t i = x->i, nl = newline(s, x->len, i);
        int line = x->line, level;

        if (nl) {
            x->line++;
            x->i += nl;
        } else if (isspace((unsigned char)s[i])) {
            x->i++;
        } else if (s[i] == '-' && i + 1 < x->len && s[i + 1] == '-') {
            x->i += 2;
            if ((level = long_open(s, x->len, x->i)) >= 0) {
                if (skip_long(x, level) != 0)
                    return -1;
            } else {
                while (x->i < x->len && !newline(s, x->len, x->i))
                    x->i++;
            }
        } else if ((level = long_open(s, x->len, i)) >= 0) {
            if (skip_long(x, level) != 0)
                return -1;
            push(x, TK_STRING, i, x->i, line);
        } else if (s[i] == '"' || s[i] == '\'') {
            if (skip_quoted(x) != 0)
                return -1;
            push(x, TK_STRING, i, x->i, line);
        } else if (isdigit((unsigned char)s[i]) ||
                   (s[i] == '.' && i + 1 < x->len &&
                    isdigit((unsigned char)s[i + 1]))) {
            size_t j = i + 1;
            int hex = s[i] == '0' && j < x->len && (s[j] == 'x' || s[j] == 'X');
            while (j < x->len) {
                char c = s[j];
                if ((hex ? (c == 'p' || c == 'P') : (c == 'e' || c == 'E')) &&
                    j + 1 < x->len && (s[j + 1] == '+' || s[j + 1] == '-'))
                    j += 2;
                else if (isalnum((unsigned char)c) || c == '.' || c == '_')
                    j++;
                else
                    break;
            }
            x->i = j;
            push(x, TK_NUMBER, i, j, line);
        } else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
            size_t j = i + 1;
            while (j < x->len && (isalnum((unsigned char)s[j]) || s[j] == '_'))
                j++;
            x->i = j;
            push(x, TK_NAME, i, j, line);
        } else if (s[i] == '.' && i + 2 < x->len && s[i + 1] == '.' &&
                   s[i + 2] == '.') {
            x->i += 3;
            push(x, TK_DOTS, i, i + 3, line);
        } else {
            size_t n = 1;
            for (int k = 0; two[k]; k++)
                if (i + 1 < x->len && s[i] == two[k][0] &&
                    s[i + 1] == two[k][1])
                    n = 2;
            x->i += n;
            push(x, TK_PUNCT, i, i + n, line);
        }
    }
    return 0;
}

/* ---- reading constructors ---- */

struct rd {
    const char *s;
    const struct tok *t;
    int n;
    struct lscan_map *map;
};

static int
is(const struct rd *r, int k, const char *text)
{
    size_t len = strlen(text);

    return k >= 0 && k < r->n && r->t[k].type != TK_STRING &&
           r->t[k].end - r->t[k].beg == len &&
           memcmp(r->s + r->t[k].beg, text, len) == 0;
}

static int
is_name(const struct rd *r, int k)
{
    static const char *const kw[] = {
        "and",      "break",  "do",   "else", "elseif", "end",   "false", "for",
        "function", "goto",   "if",   "in",   "local",  "nil",   "not",   "or",
        "repeat",   "return", "then", "true", "until",  "while", NULL};

    if (k < 0 || k >= r->n || r->t[k].type != TK_NAME)
        return 0;
    for (int i = 0; kw[i]; i++)
        if (is(r, k, kw[i]))
            return 0;
    return 1;
}

/* How token k changes the nesting: +1 opens, -1 closes, 0 neither. */
static int
nesting(const struct rd *r, int k)
{
    static const char *const open[] = {"(",  "[",  "{",      "function",
                                       "do", "if", "repeat", NULL};
    static const char *const close[] = {")", "]", "}", "end", "until", NULL};

    if (r->t[k].type != TK_PUNCT && r->t[k].type != TK_NAME)
        return 0;
    for (int i = 0; open[i]; i++)
        if (is(r, k, open[i]))
            return 1;
    for (int i = 0; close[i]; i++)
        if (is(r, k, close[i]))
            return -1;
    return 0;
}

/* The token that closes the bracket or block opened at k, or -1. */
static int
match(const struct rd *r, int k)
{
    int depth = 0;

    for (int j = k; j < r->n; j++) {
        depth += nesting(r, j);
        if (depth == 0)
            return j;
        if (depth < 0)
            return -1;
    }
    return -1;
}

/* The last token of the expression starting at k: before the first ',' or
   ';' or unmatched closer at depth 0. -1 if there is none. */
static int
expr_end(const struct rd *r, int k)
{
    int depth = 0, j;

    for (j = k; j < r->n; j++) {
        if (depth == 0 && (is(r, j, ",") || is(r, j, ";")))
            break;
        depth += nesting(r, j);
        if (depth < 0)
            break;
    }
    return j > k ? j - 1 : -1;
}

static int read_table(struct rd *r, int k, int depth);

/* Is token k a field's key in a constructor (`{ k = ...`, `, k = ...`)? */
static int
is_key(const struct rd *r, int k)
{
    return is(r, k + 1, "=") &&
           (is(r, k - 1, "{") || is(r, k - 1, ",") || is(r, k - 1, ";"));
}

/*
 * The name at token use, when the text names it just twice -- `[local]
 * NAME = { ... }` before use, and use -- as the token of that '{'; else
 * -1. Any other mention (`NAME.tau = 1`, `f(NAME)`, a loop filling it)
 * could change the table after it is made, so nothing is said of it.
 * Keys (`{ NAME = ... }`) and fields (`x.NAME`) are not mentions.
 */
static int
assigned_table(const struct rd *r, int use)
{
    int found = -1, refs = 0;
    size_t n = r->t[use].end - r->t[use].beg;

    for (int k = 0; k < r->n && refs <= 2; k++) {
        if (r->t[k].type != TK_NAME || r->t[k].end - r->t[k].beg != n ||
            memcmp(r->s + r->t[k].beg, r->s + r->t[use].beg, n) != 0 ||
            is(r, k - 1, ".") || is(r, k - 1, ":") || is_key(r, k))
            continue;
        refs++;
        if (k < use && is(r, k + 1, "=") && is(r, k + 2, "{") &&
            match(r, k + 2) >= 0 && match(r, k + 2) < use &&
            (k == 0 || !is(r, k - 1, ",")))
            found = k + 2;
    }
    return refs == 2 ? found : -1;
}

/* The kind of the expression of tokens a..b, and whether it may give
   several values. */
static int
kind_of(struct rd *r, int a, int b, int *multi)
{
    *multi = 0;
    if (a == b) {
        switch (r->t[a].type) {
        case TK_STRING:
            return LSCAN_STRING;
        case TK_NUMBER:
            return LSCAN_NUMBER;
        case TK_DOTS:
            *multi = 1;
            return LSCAN_OTHER;
        default:
            return is(r, a, "nil")     ? LSCAN_NIL
                   : is(r, a, "true")  ? LSCAN_TRUE
                   : is(r, a, "false") ? LSCAN_FALSE
                                       : LSCAN_OTHER;
        }
    }
    if (b == a + 1 && is(r, a, "-") && r->t[b].type == TK_NUMBER)
        return LSCAN_NUMBER;
    if (is(r, a, "{") && match(r, a) == b)
        return LSCAN_TABLE;
    /* a call: ends with its arguments (and is not one parenthesised
       expression, which Lua cuts to one value) */
    if (is(r, b, ")") || is(r, b, "}") || r->t[b].type == TK_STRING)
        *multi = !(is(r, a, "(") && match(r, a) == b);
    return LSCAN_OTHER;
}

#define MAX_DEPTH 32

/* Read the constructor whose '{' is token k into the map. Returns its
   index, or -1. */
static int
read_table(struct rd *r, int k, int depth)
{
    struct lscan_map *m = r->map;
    int close = match(r, k), ti, j = k + 1, items = 0;
    int first_field;

    if (close < 0 || depth > MAX_DEPTH)
        return -1;
    ti = m->ntable++;
    if ((size_t)m->ntable > m->cap_table) {
        m->cap_table = rho_grow_cap(m->cap_table, (size_t)m->ntable);
        m->table = xreallocarray(m->table, m->cap_table, sizeof *m->table);
    }
    m->table[ti].open = r->t[k].beg;
    m->table[ti].close = r->t[close].beg;
    m->table[ti].line = r->t[k].line;
    m->table[ti].close_line = r->t[close].line;
    /* the fields are contiguous: reserve them before nested tables */
    first_field = m->nfield;
    m->table[ti].first = first_field;
    m->table[ti].n = 0;
    while (j < close) {
        struct lscan_field f;
        int a = j, b;

        memset(&f, 0, sizeof f);
        f.beg = r->t[j].beg;
        f.line = r->t[j].line;
        if (is(r, j, "[")) {
            int rb = match(r, j);
            if (rb < 0 || !is(r, rb + 1, "="))
                return -1;
            f.bracket = 1;
            a = rb + 2;
        } else if (is_name(r, j) && is(r, j + 1, "=")) {
            f.name = r->t[j].beg;
            f.nlen = r->t[j].end - r->t[j].beg;
            a = j + 2;
        } else {
            f.index = ++items;
        }
        if (a >= close || (b = expr_end(r, a)) < 0 || b >= close)
            return -1;
        f.vbeg = r->t[a].beg;
        f.vend = r->t[b].end;
        f.vline = r->t[a].line;
        f.kind = kind_of(r, a, b, &f.multi);
        f.alias = -1; /* named fields only: a list of names stays linear */
        if (f.nlen > 0 && a == b && is_name(r, a) &&
            (f.alias = assigned_table(r, a)) >= 0)
            f.alias = -2 - f.alias; /* read below, as nested tables are */
        j = b + 1;
        f.end = f.vend;
        if (j < close && (is(r, j, ",") || is(r, j, ";"))) {
            f.end = r->t[j].end;
            j++;
        }
        if (f.index == 0 || j < close)
            f.multi = 0; /* only the last list item expands */
        f.table = -1;
        if ((size_t)m->nfield + 1 > m->cap_field) { /* doubling: a list of
               n items is read in O(n), under ASan's realloc too */
            m->cap_field = rho_grow_cap(m->cap_field, (size_t)m->nfield + 1);
            m->field = xreallocarray(m->field, m->cap_field, sizeof *m->field);
        }
        m->field[m->nfield++] = f;
        m->table[ti].n++;
        /* nested constructors later, so that this table's fields stay
           contiguous: remember where the value's '{' is */
        if (f.kind == LSCAN_TABLE)
            m->field[m->nfield - 1].table = -2 - a; /* token of its '{' */
    }
    m->table[ti].items = items;
    for (int i = 0; i < m->table[ti].n; i++) {
        int fi = first_field + i;
        if (m->field[fi].table <= -2) {
            int sub = read_table(r, -2 - m->field[fi].table, depth + 1);
            if (sub < 0)
                return -1;
            m->field[fi].table = sub;
        }
        if (m->field[fi].alias <= -2) { /* a table of its own, else none */
            int sub = read_table(r, -2 - m->field[fi].alias, depth + 1);
            m->field[fi].alias = sub; /* after: read_table moves fields */
        }
    }
    return ti;
}

void
lscan_fini(struct lscan_map *map)
{
    if (map == NULL)
        return;
    free(map->table);
    free(map->field);
    memset(map, 0, sizeof *map);
}

int
lscan_call(struct lscan_map *map, const char *text, size_t len,
           const char *callee, int line)
{
    struct lex x = {text, len, 0, 1, NULL, 0, 0, 0};
    struct rd r;
    int found = -1, nfound = 0;

    memset(map, 0, sizeof *map);
    if (lex_all(&x) != 0) {
        free(x.t);
        return -1;
    }
    r.s = text;
    r.t = x.t;
    r.n = x.n;
    r.map = map;
    for (int k = 0; k < x.n; k++) {
        const char *p = callee;
        int j = k;

        if (x.t[k].line != line ||
            (k > 0 && (is(&r, k - 1, ".") || is(&r, k - 1, ":"))))
            continue;
        /* the dotted name, token by token */
        for (;;) {
            size_t n = strcspn(p, ".");
            if (j >= x.n || x.t[j].type != TK_NAME ||
                x.t[j].end - x.t[j].beg != n ||
                memcmp(text + x.t[j].beg, p, n) != 0)
                break;
            j++;
            if (p[n] == '\0') {
                if (is(&r, j, "{")) {
                    found = j;
                    nfound++;
                } else if (is(&r, j, "(") && is(&r, j + 1, "{") &&
                           match(&r, j + 1) == match(&r, j) - 1) {
                    found = j + 1;
                    nfound++;
                } else if (is(&r, j, "(") && is_name(&r, j + 1) &&
                           is(&r, j + 2, ")")) {
                    /* callee(NAME): the table it was made as */
                    found = assigned_table(&r, j + 1);
                    nfound += found >= 0 ? 1 : 2;
                }
                break;
            }
            if (!is(&r, j, "."))
                break;
            j++;
            p += n + 1;
        }
    }
    if (nfound != 1 || read_table(&r, found, 0) != 0) {
        lscan_fini(map);
        free(x.t);
        return -1;
    }
    free(x.t);
    return 0;
}

const struct lscan_field *
lscan_named(const struct lscan_map *map, int t, const char *text,
            const char *name)
{
    const struct lscan_field *best = NULL;
    size_t len = strlen(name);

    if (t < 0 || t >= map->ntable)
        return NULL;
    for (int i = 0; i < map->table[t].n; i++) {
        const struct lscan_field *f = &map->field[map->table[t].first + i];
        if (f->nlen == len && memcmp(text + f->name, name, len) == 0)
            best = f;
    }
    return best;
}

const struct lscan_field *
lscan_item(const struct lscan_map *map, int t, int k)
{
    if (t < 0 || t >= map->ntable || k < 1)
        return NULL;
    /* items are stored in order among the named fields, so the k-th is
       at k-1 or after it, past as many named fields as precede it: a
       list of n items is read in O(n), not O(n^2) */
    for (int i = k - 1; i < map->table[t].n; i++) {
        const struct lscan_field *f = &map->field[map->table[t].first + i];
        if (f->index == k)
            return f;
    }
    return NULL;
}

int
lscan_call_arg(const char *text, size_t beg, size_t end, const char *callee,
               int k, size_t *abeg, size_t *aend, int *kind)
{
    struct lex x = {text + beg, end - beg, 0, 1, NULL, 0, 0, 1};
    struct rd r;
    const char *p = callee;
    int j = 0, arg = 0, rc = -1;

    if (end <= beg || lex_all(&x) != 0)
        goto out;
    r.s = x.s;
    r.t = x.t;
    r.n = x.n;
    r.map = NULL;
    for (;;) { /* the dotted name */
        size_t n = strcspn(p, ".");
        if (j >= x.n || x.t[j].type != TK_NAME ||
            x.t[j].end - x.t[j].beg != n || memcmp(x.s + x.t[j].beg, p, n))
            goto out;
        j++;
        if (p[n] == '\0')
            break;
        if (!is(&r, j, "."))
            goto out;
        j++;
        p += n + 1;
    }
    if (!is(&r, j, "(") || match(&r, j) != x.n - 1)
        goto out;
    for (j++; j < x.n - 1; j++) {
        int a = j, b = expr_end(&r, j), multi;
        if (b < 0 || b >= x.n - 1)
            goto out;
        if (++arg == k) {
            *abeg = beg + x.t[a].beg;
            *aend = beg + x.t[b].end;
            *kind = kind_of(&r, a, b, &multi);
        }
        j = b + 1;
        if (j < x.n - 1 && !is(&r, j, ","))
            goto out;
    }
    rc = arg >= k ? 0 : -1;
out:
    free(x.t);
    return rc;
}

int
lscan_line_of(const char *text, size_t off)
{
    int line = 1;

    for (size_t i = 0; i < off;) {
        size_t nl = newline(text, off, i);
        if (nl) {
            line++;
            i += nl;
        } else {
            i++;
        }
    }
    return line;
}

/* ---- literals ---- */

static int
hexval(int c)
{
    return isdigit(c) ? c - '0' : isxdigit(c) ? tolower(c) - 'a' + 10 : -1;
}

int
lscan_string(const char *text, size_t beg, size_t end, struct strbuf *out)
{
    struct strbuf v;
    size_t i;
    int level;

    if (end <= beg)
        return -1;
    strbuf_init(&v);
    strbuf_add(&v, "", 0);
    if ((level = long_open(text, end, beg)) >= 0) {
        /* [[...]]: raw; a first newline is skipped */
        size_t a = beg + (size_t)level + 2, b = end - (size_t)level - 2;
        if (b < a)
            goto bad;
        a += newline(text, b, a);
        strbuf_add(&v, text + a, b - a);
        goto good;
    }
    if ((text[beg] != '"' && text[beg] != '\'') || text[end - 1] != text[beg] ||
        end - beg < 2)
        goto bad;
    for (i = beg + 1; i < end - 1; i++) {
        char c = text[i], e;
        if (c != '\\') {
            strbuf_add(&v, &c, 1);
            continue;
        }
        e = text[++i];
        switch (e) {
        case 'n':
            c = '\n';
            break;
        case 't':
            c = '\t';
            break;
        case 'r':
            c = '\r';
            break;
        case 'a':
            c = '\a';
            break;
        case 'b':
            c = '\b';
            break;
        case 'f':
            c = '\f';
            break;
        case 'v':
            c = '\v';
            break;
        case '\\':
        case '"':
        case '\'':
            c = e;
            break;
        case '\n':
        case '\r':
            c = '\n';
            if (i + 1 < end - 1 &&
                (text[i + 1] == '\n' || text[i + 1] == '\r') &&
                text[i + 1] != e)
                i++;
            break;
        case 'x':
            if (i + 2 >= end - 1 || hexval((unsigned char)text[i + 1]) < 0 ||
                hexval((unsigned char)text[i + 2]) < 0)
                goto bad;
            c = (char)(hexval((unsigned char)text[i + 1]) * 16 +
                       hexval((unsigned char)text[i + 2]));
            i += 2;
            break;
        case 'z':
            while (i + 1 < end - 1 && isspace((unsigned char)text[i + 1]))
                i++;
            continue;
        default:
            if (isdigit((unsigned char)e)) {
                int d = 0, k = 0;
                while (k < 3 && i < end - 1 &&
                       isdigit((unsigned char)text[i])) {
                    d = d * 10 + (text[i] - '0');
                    i++;
                    k++;
                }
                i--;
                if (d > 255)
                    goto bad;
                c = (char)d;
                break;
            }
            goto bad; /* \u{...} and the like: not decoded here */
        }
        strbuf_add(&v, &c, 1);
    }
good:
    strbuf_add(out, v.s, v.len);
    strbuf_fini(&v);
    return 0;
bad:
    strbuf_fini(&v);
    return -1;
}

int
lscan_number(const char *text, size_t beg, size_t end, double *v, int *integer)
{
    char buf[128], *e;
    size_t i = beg, n;
    int neg = 0, isint;

    if (i < end && text[i] == '-') {
        neg = 1;
        i++;
        while (i < end && isspace((unsigned char)text[i]))
            i++;
    }
    n = end - i;
    if (n == 0 || n >= sizeof buf ||
        (!isdigit((unsigned char)text[i]) && text[i] != '.'))
        return -1;
    memcpy(buf, text + i, n);
    buf[n] = '\0';
    if (buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X'))
        isint = strpbrk(buf + 2, ".pP") == NULL;
    else
        isint = strpbrk(buf, ".eE") == NULL;
    errno = 0;
    if (isint && (buf[1] == 'x' || buf[1] == 'X')) {
        /* Lua's hex integers wrap around modulo 2^64 */
        unsigned long long u = strtoull(buf, &e, 16);
        *v = (double)(long long)u;
    } else if (isint) {
        /* a decimal integer that does not fit is a float, as in Lua */
        long long ll = strtoll(buf, &e, 10);
        if (errno == ERANGE) {
            *v = strtod(buf, &e);
            isint = 0;
        } else {
            *v = (double)ll;
        }
    } else {
        *v = strtod(buf, &e);
    }
    if (*e != '\0')
        return -1;
    if (neg)
        *v = -*v;
    if (integer)
        *integer = isint;
    return 0;
}
