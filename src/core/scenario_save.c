/*
 * scenario_save: saving a scenario into its own script. See
 * scenario_save.h.
 *
 * The text is scanned again (lscan) for the constructor of the
 * rho.scenario call on the line the loader recorded; the literals found
 * there must say what the base scenario holds (title, tau, bandwidth,
 * seed, efficiency, and each flow's source, destination and size), or the
 * text is not trusted and the scenario is written whole. Then each field
 * scenario_to_lua() would write is compared between base and s (as the
 * text scenario_field_to_lua() gives, so "changed" means "would save
 * differently"), and each change becomes an edit: bytes [beg, end) of the
 * text replaced by new text. Edits never overlap; they are applied in one
 * pass. Edits inside a flow (a size, a source) are applied to that flow's
 * text first, so that a flow moved to another place in the list takes
 * its edits with it.
 */
#include "core/scenario_save.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/lscan.h"
#include "core/base/rho_alloc.h"
#include "core/base/units.h"
#include "core/net/route.h"

/* ---- edits of a text ---- */

struct edit {
    size_t beg, end; /* bytes replaced ([beg, beg): an insertion) */
    char *text;      /* owned */
    int seq;         /* order of insertions at one place */
};

struct edits {
    struct edit *e;
    int n;
};

static void
ed_add(struct edits *ed, size_t beg, size_t end, const char *text)
{
    ed->e = xreallocarray(ed->e, (size_t)ed->n + 1, sizeof *ed->e);
    ed->e[ed->n].beg = beg;
    ed->e[ed->n].end = end;
    ed->e[ed->n].text = xstrdup(text);
    ed->e[ed->n].seq = ed->n;
    ed->n++;
}

static void
ed_fini(struct edits *ed)
{
    for (int i = 0; i < ed->n; i++)
        free(ed->e[i].text);
    free(ed->e);
    ed->e = NULL;
    ed->n = 0;
}

static int
cmp_edit(const void *a, const void *b)
{
    const struct edit *x = a, *y = b;

    if (x->beg != y->beg)
        return x->beg < y->beg ? -1 : 1;
    if ((x->end == x->beg) != (y->end == y->beg)) /* insertions first */
        return x->end == x->beg ? -1 : 1;
    return x->seq - y->seq;
}

/* Bytes [lo, hi) of text with the edits (all inside them) applied,
   appended to out. Returns 0, or -1 when two edits overlap. */
static int
ed_apply(struct edits *ed, const char *text, size_t lo, size_t hi,
         struct strbuf *out)
{
    size_t at = lo;

    if (ed->n > 1)
        qsort(ed->e, (size_t)ed->n, sizeof *ed->e, cmp_edit);
    for (int i = 0; i < ed->n; i++) {
        const struct edit *e = &ed->e[i];
        if (e->beg < at || e->end > hi)
            return -1;
        strbuf_add(out, text + at, e->beg - at);
        strbuf_puts(out, e->text);
        at = e->end;
    }
    strbuf_add(out, text + at, hi - at);
    return 0;
}

/* ---- the text around a field ---- */

static size_t
line_start(const char *t, size_t off)
{
    while (off > 0 && t[off - 1] != '\n')
        off--;
    return off;
}

/* Just past the newline that ends the line of off (or len). */
static size_t
next_line(const char *t, size_t len, size_t off)
{
    while (off < len && t[off] != '\n')
        off++;
    return off < len ? off + 1 : len;
}

/* The spaces and tabs that start the line of off, into out. */
static void
indent_of(const char *t, size_t off, struct strbuf *out)
{
    size_t a = line_start(t, off), b = a;

    while (t[b] == ' ' || t[b] == '\t')
        b++;
    strbuf_add(out, t + a, b - a);
}

/* Is field f alone on its lines: only spaces before it on its first line,
   and after it (its separator included) only spaces and a line comment? */
static int
alone(const char *t, size_t len, const struct lscan_field *f)
{
    size_t i;

    for (i = line_start(t, f->beg); i < f->beg; i++)
        if (t[i] != ' ' && t[i] != '\t')
            return 0;
    for (i = f->end; i < len && t[i] != '\n'; i++) {
        if (t[i] == '-' && i + 1 < len && t[i + 1] == '-')
            return !(i + 2 < len && t[i + 2] == '['); /* not a long one */
        if (!isspace((unsigned char)t[i]))
            return 0;
    }
    return 1;
}

/* Text written for a field at column 2 (scenario_to_lua()), its lines
   after the first moved to a field indented ind. */
static void
reindent(const char *text, const char *ind, struct strbuf *out)
{
    for (const char *p = text; *p; p++) {
        strbuf_add(out, p, 1);
        if (*p == '\n' && p[1] == ' ' && p[2] == ' ') {
            strbuf_puts(out, ind);
            p += 2;
        }
    }
}

/* ---- the saver ---- */

struct sv {
    const struct scenario *s, *base;
    const char *text;
    size_t len;
    struct lscan_map m;
    struct edits ed;
    struct strbuf note; /* the parts written anew */
};

/* Say that a part was written anew, and why. */
static void
anew(struct sv *v, const char *part, const char *why)
{
    char key[80];

    snprintf(key, sizeof key, "%s (", part); /* said once */
    if (strncmp(strbuf_str(&v->note), key, strlen(key)) == 0)
        return;
    snprintf(key, sizeof key, ", %s (", part);
    if (strstr(strbuf_str(&v->note), key) != NULL)
        return;
    strbuf_printf(&v->note, "%s%s (%s)", v->note.len ? ", " : "", part, why);
}

/* The value of string literal text (or "" when it is not one). Caller
   frees. */
static char *
string_of(const char *text, size_t beg, size_t end)
{
    struct strbuf sb;

    strbuf_init(&sb);
    if (lscan_string(text, beg, end, &sb) != 0)
        strbuf_reset(&sb);
    strbuf_add(&sb, "", 0);
    return sb.s;
}

/* new, a double-quoted Lua string (strbuf_lua_quote()), in the quotes of
   the literal at [beg, end) when it is single-quoted and new allows. */
static void
restyle(const char *text, size_t beg, const char *new, struct strbuf *out)
{
    size_t n = strlen(new);

    if (text[beg] == '\'' && n >= 2 && new[0] == '"' &&
        strpbrk(new + 1, "'\\") == NULL &&new[n - 1] == '"') {
        strbuf_puts(out, "'");
        strbuf_add(out, new + 1, n - 2);
        strbuf_puts(out, "'");
        return;
    }
    strbuf_puts(out, new);
}

/* The quote the script uses for strings in constructor t: that of its
   first string literal, else of the root constructor's, else '"'. */
static char
quote_of(const struct sv *v, int t)
{
    for (int k = 0; k < 2; k++, t = 0) {
        const struct lscan_table *tb = &v->m.table[t];
        for (int i = 0; i < tb->n; i++) {
            const struct lscan_field *f = &v->m.field[tb->first + i];
            if (f->kind == LSCAN_STRING &&
                (v->text[f->vbeg] == '"' || v->text[f->vbeg] == '\''))
                return v->text[f->vbeg];
        }
    }
    return '"';
}

/* Lua text as rho writes it (double quotes), its plain "..." strings in
   quote q, appended to out. */
static void
quote_all(const char *text, char q, struct strbuf *out)
{
    for (const char *p = text; *p; p++) {
        size_t n;
        if (q == '"' || *p != '"') {
            strbuf_add(out, p, 1);
            continue;
        }
        n = strcspn(p + 1, "\"'\\\n");
        if (p[1 + n] != '"') { /* escapes or quotes inside: as it is */
            strbuf_add(out, p, 1);
            continue;
        }
        strbuf_add(out, &q, 1);
        strbuf_add(out, p + 1, n);
        strbuf_add(out, &q, 1);
        p += n + 1;
    }
}

/* The literal at [beg, end) (of kind) replaced by the value new (as
   scenario_to_lua() writes it); num_value: the quantity in base units
   when the value is a quantity that a bare number may give, else NULL. */
static void
put_literal(struct sv *v, struct edits *ed, size_t beg, size_t end, int kind,
            const char *new, const double *num_value)
{
    struct strbuf sb;
    char num[40];
    size_t i = end, sp;
    long delta;

    strbuf_init(&sb);
    if (kind == LSCAN_NUMBER && num_value != NULL)
        strbuf_puts(&sb, units_fmt_num(num, sizeof num, *num_value));
    else if (kind == LSCAN_STRING)
        restyle(v->text, beg, new, &sb);
    else
        strbuf_puts(&sb, new);
    /* a comment after it, aligned with spaces, keeps its column */
    delta = (long)sb.len - (long)(end - beg);
    if (i < v->len && (v->text[i] == ',' || v->text[i] == ';'))
        i++;
    for (sp = 0; i + sp < v->len && v->text[i + sp] == ' '; sp++)
        ;
    if (delta != 0 && sp >= 2 && i + sp + 1 < v->len &&
        v->text[i + sp] == '-' && v->text[i + sp + 1] == '-') {
        strbuf_add(&sb, v->text + end, i - end);
        for (long k = 0; k < (long)sp - delta || k < 1; k++)
            strbuf_puts(&sb, " ");
        end = i + sp;
    }
    ed_add(ed, beg, end, strbuf_str(&sb));
    strbuf_fini(&sb);
}

static int
is_literal(int kind)
{
    return kind == LSCAN_STRING || kind == LSCAN_NUMBER || kind == LSCAN_TRUE ||
           kind == LSCAN_FALSE || kind == LSCAN_NIL;
}

/*
 * The value of field f (in table t) becomes new: its literal rewritten,
 * or rho.param()'s default, or else the expression replaced by new (and
 * said). what names the part for the note.
 */
static void
set_value(struct sv *v, struct edits *ed, int t, const struct lscan_field *f,
          const char *new, const double *num_value, const char *what)
{
    size_t a, b;
    int kind;
    struct strbuf ind, re, sb;

    if (is_literal(f->kind)) {
        put_literal(v, ed, f->vbeg, f->vend, f->kind, new, num_value);
        return;
    }
    if (lscan_call_arg(v->text, f->vbeg, f->vend, "rho.param", 2, &a, &b,
                       &kind) == 0) { /* the parameter's default */
        if (!is_literal(kind))
            anew(v, what, "was an expression");
        put_literal(v, ed, a, b, kind, new, num_value);
        return;
    }
    strbuf_init(&ind);
    strbuf_init(&re);
    strbuf_init(&sb);
    indent_of(v->text, f->beg, &ind);
    reindent(new, strbuf_str(&ind), &re);
    quote_all(strbuf_str(&re), quote_of(v, t), &sb);
    ed_add(ed, f->vbeg, f->vend, strbuf_str(&sb));
    strbuf_fini(&ind);
    strbuf_fini(&re);
    strbuf_fini(&sb);
    anew(v, what, f->kind == LSCAN_TABLE ? "rewritten" : "was an expression");
}

/*
 * Add `name = new` to constructor t: after its last field, on a line of
 * its own with that field's indentation when that field is alone on its
 * lines, else on its line.
 */
static void
add_field(struct sv *v, struct edits *ed, int t, const char *name,
          const char *new)
{
    const struct lscan_table *tb = &v->m.table[t];
    const struct lscan_field *last =
        tb->n > 0 ? &v->m.field[tb->first + tb->n - 1] : NULL;
    struct strbuf sb, ind, q;

    strbuf_init(&sb);
    strbuf_init(&ind);
    strbuf_init(&q);
    quote_all(new, quote_of(v, t), &q);
    new = strbuf_str(&q);
    if (last == NULL) {
        strbuf_printf(&sb, " %s = %s ", name, new);
        ed_add(ed, tb->open + 1, tb->close, strbuf_str(&sb));
    } else if (alone(v->text, v->len, last)) {
        indent_of(v->text, last->beg, &ind);
        if (last->end == last->vend)
            ed_add(ed, last->vend, last->vend, ",");
        strbuf_printf(&sb, "%s%s = ", strbuf_str(&ind), name);
        reindent(new, strbuf_str(&ind), &sb);
        strbuf_puts(&sb, ",\n");
        ed_add(ed, next_line(v->text, v->len, last->end),
               next_line(v->text, v->len, last->end), strbuf_str(&sb));
    } else {
        strbuf_printf(&sb, "%s%s = ", last->end == last->vend ? ", " : " ",
                      name);
        indent_of(v->text, last->beg, &ind);
        reindent(new, strbuf_str(&ind), &sb);
        if (last->end != last->vend)
            strbuf_puts(&sb, ",");
        ed_add(ed, last->end, last->end, strbuf_str(&sb));
    }
    strbuf_fini(&sb);
    strbuf_fini(&ind);
    strbuf_fini(&q);
}

/* Remove field f of a constructor: its lines when it is alone on them. */
static void
drop_field(struct sv *v, const struct lscan_field *f,
           const struct lscan_field *prev, int prev_dropped)
{
    size_t end = f->end;

    if (alone(v->text, v->len, f)) {
        ed_add(&v->ed, line_start(v->text, f->beg),
               next_line(v->text, v->len, f->end), "");
    } else if (f->end > f->vend) { /* "x, ": up to the next field */
        while (end < v->len && (v->text[end] == ' ' || v->text[end] == '\t'))
            end++;
        ed_add(&v->ed, f->beg, end, "");
    } else if (prev != NULL && !prev_dropped) { /* the last: ", x" */
        ed_add(&v->ed, prev->vend, f->vend, "");
    } else {
        ed_add(&v->ed, f->beg, f->vend, "");
    }
}

/* ---- flows ---- */

static const char *
via_word(int via)
{
    return via == PCIE_VIA_TREE     ? "pcie"
           : via == PCIE_VIA_DIRECT ? "direct"
                                    : "auto";
}

/* An end of a flow as written: a rank or a quoted device name. */
static void
end_text(const struct scenario *s, int rank, int node, struct strbuf *out)
{
    if (rank >= 0)
        strbuf_printf(out, "%d", rank);
    else
        strbuf_lua_quote(out, pcie_node(s->pcie, node)->name);
}

/* Does the literal of field f (or NULL) say what end (rank, node) of
   flow i of the base is? Expressions say nothing against it. */
static int
end_agrees(const struct sv *v, const struct lscan_field *f, int rank, int node)
{
    double x;
    int integer, ok;
    char *name;

    if (f == NULL || !is_literal(f->kind))
        return 1;
    if (f->kind == LSCAN_NUMBER)
        return rank >= 0 &&
               lscan_number(v->text, f->vbeg, f->vend, &x, &integer) == 0 &&
               integer && x == rank;
    if (f->kind != LSCAN_STRING || rank >= 0)
        return 0;
    name = string_of(v->text, f->vbeg, f->vend);
    ok = strcmp(name, pcie_node(v->base->pcie, node)->name) == 0;
    free(name);
    return ok;
}

/* A quantity's literal (field f, or NULL) agrees with value. */
static int
qty_agrees(const struct sv *v, const struct lscan_field *f, enum unit_kind kind,
           double value)
{
    double x;
    char *text;
    int ok;

    if (f == NULL || !is_literal(f->kind))
        return 1;
    if (f->kind == LSCAN_NUMBER)
        return lscan_number(v->text, f->vbeg, f->vend, &x, NULL) == 0 &&
               x == value;
    if (f->kind != LSCAN_STRING)
        return 0;
    text = string_of(v->text, f->vbeg, f->vend);
    ok = units_parse(kind, text, &x, NULL) == 0 && x == value;
    free(text);
    return ok;
}

/* Field name (or list item k) of the flow constructor t. */
static const struct lscan_field *
flow_field(const struct sv *v, int t, const char *name, int k)
{
    const struct lscan_field *f = lscan_named(&v->m, t, v->text, name);

    return f != NULL || k == 0 ? f : lscan_item(&v->m, t, k);
}

/* Does item f of the flows list say what base flow i is? */
static int
flow_agrees(const struct sv *v, const struct lscan_field *f, int i)
{
    const struct scen_flow *b = &v->base->flow[i];
    int t = f->table;

    if (f->kind != LSCAN_TABLE)
        return f->kind == LSCAN_OTHER; /* a call, a name: nothing to see */
    return end_agrees(v, flow_field(v, t, "src", 1), b->src_rank, b->src) &&
           end_agrees(v, flow_field(v, t, "dst", 2), b->dst_rank, b->dst) &&
           qty_agrees(v, lscan_named(&v->m, t, v->text, "size"), UNIT_SIZE,
                      b->bytes) &&
           qty_agrees(v, lscan_named(&v->m, t, v->text, "start"), UNIT_TIME,
                      b->start);
}

/* Set field name of flow constructor t (list item k, 0: named only) to
   new: rewritten, or added before the constructor's end. */
static void
flow_set(struct sv *v, struct edits *ed, int t, const char *name, int k,
         const char *new, const double *num_value, int fno)
{
    const struct lscan_field *f = flow_field(v, t, name, k);
    char what[48];

    snprintf(what, sizeof what, "flow %d's %s", fno, name);
    if (f != NULL)
        set_value(v, ed, t, f, new, num_value, what);
    else
        add_field(v, ed, t, name, new);
}

/* The text of flow ci of s, made from the text of item f (base flow bi):
   the fields that differ rewritten in it. */
static void
flow_text(struct sv *v, const struct lscan_field *f, int bi, int ci,
          struct strbuf *out)
{
    const struct scen_flow *b = &v->base->flow[bi], *c = &v->s->flow[ci];
    struct strbuf bt, ct;
    struct edits ed = {NULL, 0};
    char q[64];
    int t = f->table;

    strbuf_init(&bt);
    strbuf_init(&ct);
    scenario_flow_to_lua(v->base, bi, &bt);
    scenario_flow_to_lua(v->s, ci, &ct);
    if (strcmp(strbuf_str(&bt), strbuf_str(&ct)) == 0) {
        strbuf_add(out, v->text + f->vbeg, f->vend - f->vbeg);
        goto out;
    }
    if (f->kind != LSCAN_TABLE) {
        char what[32];
        snprintf(what, sizeof what, "flow %d", ci + 1);
        quote_all(strbuf_str(&ct), quote_of(v, 0), out);
        anew(v, what, "was an expression");
        goto out;
    }
    if (b->src_rank != c->src_rank || b->src != c->src) {
        strbuf_reset(&bt);
        end_text(v->s, c->src_rank, c->src, &bt);
        flow_set(v, &ed, t, "src", 1, strbuf_str(&bt), NULL, ci + 1);
    }
    if (b->dst_rank != c->dst_rank || b->dst != c->dst) {
        strbuf_reset(&bt);
        end_text(v->s, c->dst_rank, c->dst, &bt);
        flow_set(v, &ed, t, "dst", 2, strbuf_str(&bt), NULL, ci + 1);
    }
    if (b->bytes != c->bytes) {
        strbuf_reset(&bt);
        strbuf_printf(&bt, "\"%s\"",
                      units_fmt_size_exact(q, sizeof q, c->bytes));
        flow_set(v, &ed, t, "size", 0, strbuf_str(&bt), &c->bytes, ci + 1);
    }
    if (b->start != c->start) {
        strbuf_reset(&bt);
        strbuf_printf(&bt, "\"%s\"",
                      units_fmt_time_exact(q, sizeof q, c->start));
        flow_set(v, &ed, t, "start", 0, strbuf_str(&bt), &c->start, ci + 1);
    }
    if ((b->label == NULL) != (c->label == NULL) ||
        (b->label && strcmp(b->label, c->label) != 0)) {
        strbuf_reset(&bt);
        strbuf_lua_quote(&bt, c->label ? c->label : "");
        flow_set(v, &ed, t, "label", 0, strbuf_str(&bt), NULL, ci + 1);
    }
    if (b->via != c->via || v->base->via != v->s->via) {
        strbuf_reset(&bt);
        strbuf_printf(&bt, "\"%s\"", via_word(c->via));
        flow_set(v, &ed, t, "via", 0, strbuf_str(&bt), NULL, ci + 1);
    }
    if (b->stream != c->stream) {
        strbuf_reset(&bt);
        strbuf_printf(&bt, "%d", c->stream);
        flow_set(v, &ed, t, "stream", 0, strbuf_str(&bt), NULL, ci + 1);
    }
    if (ed_apply(&ed, v->text, f->vbeg, f->vend, out) != 0) {
        strbuf_reset(out);
        strbuf_puts(out, strbuf_str(&ct));
    }
out:
    ed_fini(&ed);
    strbuf_fini(&bt);
    strbuf_fini(&ct);
}

/* Flow i of s as rho writes it, its strings in quote q, appended to out. */
static void
put_flow(const struct sv *v, char q, int i, struct strbuf *out)
{
    struct strbuf sb;

    strbuf_init(&sb);
    scenario_flow_to_lua(v->s, i, &sb);
    quote_all(strbuf_str(&sb), q, out);
    strbuf_fini(&sb);
}

/* The quote of the flows in list t: its first flow's, else the root's. */
static char
list_quote(const struct sv *v, int t)
{
    const struct lscan_field *f = lscan_item(&v->m, t, 1);

    return f != NULL && f->kind == LSCAN_TABLE ? quote_of(v, f->table)
                                               : quote_of(v, 0);
}

/* New flows (cur indices ci[0..n)) written after item after (or before
   item first when after is NULL), or into the empty list t. */
static void
add_flows(struct sv *v, int t, const struct lscan_field *after,
          const struct lscan_field *first, const int *ci, int n,
          const struct lscan_field *list)
{
    struct strbuf sb, ind;
    const struct lscan_table *tb = &v->m.table[t];
    char q = list_quote(v, t);

    strbuf_init(&sb);
    strbuf_init(&ind);
    if (after != NULL && alone(v->text, v->len, after)) {
        indent_of(v->text, after->beg, &ind);
        if (after->end == after->vend)
            ed_add(&v->ed, after->vend, after->vend, ",");
        for (int k = 0; k < n; k++) {
            strbuf_puts(&sb, strbuf_str(&ind));
            put_flow(v, q, ci[k], &sb);
            strbuf_puts(&sb, ",\n");
        }
        ed_add(&v->ed, next_line(v->text, v->len, after->end),
               next_line(v->text, v->len, after->end), strbuf_str(&sb));
    } else if (after != NULL) {
        for (int k = 0; k < n; k++) {
            strbuf_puts(&sb, ", ");
            put_flow(v, q, ci[k], &sb);
        }
        ed_add(&v->ed, after->vend, after->vend, strbuf_str(&sb));
    } else if (first != NULL && alone(v->text, v->len, first)) {
        indent_of(v->text, first->beg, &ind);
        for (int k = 0; k < n; k++) {
            strbuf_puts(&sb, strbuf_str(&ind));
            put_flow(v, q, ci[k], &sb);
            strbuf_puts(&sb, ",\n");
        }
        ed_add(&v->ed, line_start(v->text, first->beg),
               line_start(v->text, first->beg), strbuf_str(&sb));
    } else if (first != NULL) {
        for (int k = 0; k < n; k++) {
            put_flow(v, q, ci[k], &sb);
            strbuf_puts(&sb, ", ");
        }
        ed_add(&v->ed, first->beg, first->beg, strbuf_str(&sb));
    } else { /* an empty list: one flow a line, indented under the field */
        indent_of(v->text, list->beg, &ind);
        strbuf_puts(&sb, "\n");
        for (int k = 0; k < n; k++) {
            strbuf_printf(&sb, "%s  ", strbuf_str(&ind));
            put_flow(v, q, ci[k], &sb);
            strbuf_puts(&sb, ",\n");
        }
        strbuf_puts(&sb, strbuf_str(&ind));
        ed_add(&v->ed, tb->open + 1, tb->close, strbuf_str(&sb));
    }
    strbuf_fini(&sb);
    strbuf_fini(&ind);
}

/*
 * The flows of a PCIe scenario in the script's list t (its items are the
 * base's flows): each flow kept takes the place of a kept item, in its
 * new order, with its own text (edited); an item whose flow was deleted
 * goes with its line; a new flow goes after the flow before it.
 */
static void
edit_flow_list(struct sv *v, const struct lscan_field *list)
{
    int t = list->table, nb = v->base->nflows, nc = v->s->nflows;
    int *kept = xcalloc((size_t)nb + 1, sizeof *kept);   /* base -> cur */
    int *slot = xcalloc((size_t)nc + 1, sizeof *slot);   /* cur -> base */
    int *fresh = xcalloc((size_t)nc + 1, sizeof *fresh); /* new flows */
    int nslot = 0, *slots = xcalloc((size_t)nb + 1, sizeof *slots);
    const struct lscan_field *after = NULL;
    struct strbuf sb;

    for (int i = 0; i < nb; i++)
        kept[i] = -1;
    for (int j = 0; j < nc; j++) {
        int id = v->s->flow[j].id;
        slot[j] = -1;
        if (id >= 0 && id < nb && kept[id] < 0)
            kept[id] = j;
    }
    for (int i = 0; i < nb; i++)
        if (kept[i] >= 0)
            slots[nslot++] = i;
    /* the k-th kept flow (in its new order) takes the k-th kept item */
    for (int j = 0, k = 0; j < nc; j++) {
        int id = v->s->flow[j].id;
        if (id >= 0 && id < nb && kept[id] == j)
            slot[j] = slots[k++];
    }
    strbuf_init(&sb);
    for (int j = 0; j < nc; j++) {
        const struct lscan_field *to, *from;
        if (slot[j] < 0)
            continue;
        to = lscan_item(&v->m, t, slot[j] + 1);
        from = lscan_item(&v->m, t, v->s->flow[j].id + 1);
        strbuf_reset(&sb);
        flow_text(v, from, v->s->flow[j].id, j, &sb);
        if (to != from || sb.len != to->vend - to->vbeg ||
            memcmp(sb.s, v->text + to->vbeg, sb.len) != 0)
            ed_add(&v->ed, to->vbeg, to->vend, strbuf_str(&sb));
    }
    for (int i = 0; i < nb; i++)
        if (kept[i] < 0)
            drop_field(v, lscan_item(&v->m, t, i + 1),
                       i > 0 ? lscan_item(&v->m, t, i) : NULL,
                       i > 0 && kept[i - 1] < 0);
    /* new flows, in runs after the kept flow before them */
    for (int j = 0; j < nc;) {
        int n = 0;
        if (slot[j] >= 0) {
            after = lscan_item(&v->m, t, slot[j] + 1);
            j++;
            continue;
        }
        while (j + n < nc && slot[j + n] < 0) {
            fresh[n] = j + n;
            n++;
        }
        add_flows(v, t, after, lscan_item(&v->m, t, 1), fresh, n, list);
        j += n;
    }
    strbuf_fini(&sb);
    free(kept);
    free(slot);
    free(fresh);
    free(slots);
}

/* Is list t of the script the base's flows, item by item? */
static int
flow_list_agrees(const struct sv *v, int t)
{
    const struct lscan_table *tb = &v->m.table[t];

    /* as many items as flows: a call as the last item gave one */
    if (tb->items != tb->n || tb->items != v->base->nflows)
        return 0;
    for (int i = 0; i < tb->items; i++)
        if (!flow_agrees(v, lscan_item(&v->m, t, i + 1), i))
            return 0;
    return 1;
}

/* ---- placement (PCIe): a list of device names ---- */

static int
edit_placement_list(struct sv *v, const struct lscan_field *f)
{
    const struct lscan_table *tb;
    const struct scenario *b = v->base, *s = v->s;
    struct strbuf q;

    if (f->kind != LSCAN_TABLE || b->nranks != s->nranks)
        return -1;
    tb = &v->m.table[f->table];
    if (tb->items != tb->n || tb->items != b->nranks)
        return -1;
    for (int r = 0; r < b->nranks; r++) {
        const struct lscan_field *e = lscan_item(&v->m, f->table, r + 1);
        char *name;
        int ok;
        if (e->kind != LSCAN_STRING)
            return -1;
        name = string_of(v->text, e->vbeg, e->vend);
        ok = strcmp(name, pcie_node(b->pcie, b->rank_node[r])->name) == 0;
        free(name);
        if (!ok)
            return -1;
    }
    strbuf_init(&q);
    for (int r = 0; r < s->nranks; r++) {
        const struct lscan_field *e = lscan_item(&v->m, f->table, r + 1);
        if (s->rank_node[r] == b->rank_node[r])
            continue;
        strbuf_reset(&q);
        strbuf_lua_quote(&q, pcie_node(s->pcie, s->rank_node[r])->name);
        put_literal(v, &v->ed, e->vbeg, e->vend, e->kind, strbuf_str(&q), NULL);
    }
    strbuf_fini(&q);
    return 0;
}

/* ---- the fields ---- */

/* Field f, or when its value is a name made once as `local NAME = {
   ... }` (lscan's alias), f as if that constructor were written there
   (in *g): its list is edited where the local is written. */
static const struct lscan_field *
unalias(const struct sv *v, const struct lscan_field *f, struct lscan_field *g)
{
    if (f->kind != LSCAN_OTHER || f->alias < 0)
        return f;
    *g = *f;
    g->kind = LSCAN_TABLE;
    g->table = f->alias;
    g->beg = g->vbeg = v->m.table[f->alias].open;
    g->vend = g->end = v->m.table[f->alias].close + 1;
    return g;
}

/* The number a field holds when a bare number may give it (bandwidth in
   B/s), else NULL. */
static const double *
number_of(const struct scenario *s, const char *name)
{
    if (strcmp(name, "bandwidth") == 0 && s->pcie != NULL)
        return &s->bandwidth;
    return NULL;
}

static void
edit_field(struct sv *v, const char *name)
{
    struct strbuf bt, ct;
    struct lscan_field g;
    const struct lscan_field *f = lscan_named(&v->m, 0, v->text, name);
    int bh, ch, pcie = v->s->pcie != NULL;

    strbuf_init(&bt);
    strbuf_init(&ct);
    bh = scenario_field_to_lua(v->base, name, 1, &bt);
    ch = scenario_field_to_lua(v->s, name, 1, &ct);
    if (bh == ch && strcmp(strbuf_str(&bt), strbuf_str(&ct)) == 0)
        goto out; /* not edited */
    if (!ch) {    /* the scenario no longer has it */
        if (f != NULL) {
            const struct lscan_table *tb = &v->m.table[0];
            int k = (int)(f - &v->m.field[tb->first]);
            drop_field(v, f, k > 0 ? f - 1 : NULL, 0);
        }
        goto out;
    }
    if (f == NULL) {
        add_field(v, &v->ed, 0, name, strbuf_str(&ct));
        goto out;
    }
    f = unalias(v, f, &g);
    if (pcie && strcmp(name, "flows") == 0) {
        if (f->kind == LSCAN_TABLE && flow_list_agrees(v, f->table)) {
            edit_flow_list(v, f);
            goto out;
        }
        anew(v, "flows",
             f->kind == LSCAN_TABLE ? "the list is not theirs"
                                    : "made by code");
        set_value(v, &v->ed, 0, f, strbuf_str(&ct), NULL, "flows");
        goto out;
    }
    if (pcie && strcmp(name, "placement") == 0 &&
        edit_placement_list(v, f) == 0)
        goto out;
    set_value(v, &v->ed, 0, f, strbuf_str(&ct), number_of(v->s, name), name);
out:
    strbuf_fini(&bt);
    strbuf_fini(&ct);
}

/*
 * Does the scenario's constructor say what the base holds? Its literal
 * title, tau, bandwidth, seed and efficiency must be the base's; a
 * mismatch means the text is not what made the scenario (or the call is
 * not this one).
 */
static int
ctor_agrees(const struct sv *v)
{
    const struct scenario *b = v->base;
    const struct lscan_field *f;
    double x;
    int integer;

    if ((f = lscan_named(&v->m, 0, v->text, "title")) != NULL &&
        f->kind == LSCAN_STRING) {
        char *t = string_of(v->text, f->vbeg, f->vend);
        int ok = strcmp(t, b->title) == 0;
        free(t);
        if (!ok)
            return 0;
    }
    if (b->pcie != NULL) {
        if ((f = lscan_named(&v->m, 0, v->text, "tau")) != NULL &&
            f->kind == LSCAN_NUMBER &&
            (lscan_number(v->text, f->vbeg, f->vend, &x, NULL) != 0 ||
             x != b->tau))
            return 0;
        if ((f = lscan_named(&v->m, 0, v->text, "efficiency")) != NULL &&
            f->kind == LSCAN_NUMBER &&
            (lscan_number(v->text, f->vbeg, f->vend, &x, NULL) != 0 ||
             x != b->efficiency))
            return 0;
        if (!qty_agrees(v, lscan_named(&v->m, 0, v->text, "bandwidth"),
                        UNIT_RATE, b->bandwidth))
            return 0;
    }
    if ((f = lscan_named(&v->m, 0, v->text, "seed")) != NULL &&
        f->kind == LSCAN_NUMBER &&
        (lscan_number(v->text, f->vbeg, f->vend, &x, &integer) != 0 ||
         !integer || (uint64_t)(long long)x != b->seed))
        return 0;
    return 1;
}

static int
whole(const struct scenario *s, struct strbuf *out, struct strbuf *note,
      const char *why)
{
    scenario_to_lua(s, out);
    if (note != NULL)
        strbuf_puts(note, why);
    return SAVE_WHOLE;
}

int
scenario_save_lua(const struct scenario *s, struct strbuf *out,
                  struct strbuf *note)
{
    const char *const *fields = scenario_lua_fields(s);
    struct strbuf text;
    struct sv v;
    int rc;

    if (s->src == NULL)
        return whole(s, out, note, "the scenario has no script");
    memset(&v, 0, sizeof v);
    v.s = s;
    v.base = s->src->base;
    v.text = s->src->text;
    v.len = s->src->len;
    strbuf_init(&v.note);
    if ((v.base->pcie == NULL) != (s->pcie == NULL))
        return whole(s, out, note, "it is another kind of scenario");
    if (lscan_call(&v.m, v.text, v.len, "rho.scenario", v.base->line) != 0)
        return whole(s, out, note,
                     "the script does not write out the table "
                     "given to rho.scenario");
    if (!ctor_agrees(&v)) {
        lscan_fini(&v.m);
        return whole(s, out, note,
                     "the script's rho.scenario { } does not say what it "
                     "made");
    }
    for (int i = 0; fields[i] != NULL; i++)
        edit_field(&v, fields[i]);
    rc = v.note.len > 0 ? SAVE_PARTS : SAVE_INPLACE;
    strbuf_init(&text);
    if (ed_apply(&v.ed, v.text, 0, v.len, &text) != 0) {
        rc = whole(s, out, note, "its edits could not be placed in the text");
    } else {
        strbuf_add(out, text.s ? text.s : "", text.len);
        if (note != NULL)
            strbuf_puts(note, strbuf_str(&v.note));
    }
    strbuf_fini(&text);
    ed_fini(&v.ed);
    lscan_fini(&v.m);
    strbuf_fini(&v.note);
    return rc;
}
