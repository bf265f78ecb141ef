/*
 * yamlout: YAML output through libyaml's emitter. See yamlout.h.
 */
#include "report/yamlout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"

struct yo {
    yaml_emitter_t e;
    FILE *out;
    int failed;
};

static void
emit(struct yo *y, yaml_event_t *ev, int ok)
{
    if (y->failed)
        return;
    if (!ok || !yaml_emitter_emit(&y->e, ev)) /* emit frees ev either way */
        y->failed = 1;
}

struct yo *
yo_begin(FILE *out)
{
    struct yo *y = xcalloc(1, sizeof *y);
    yaml_event_t ev;

    if (!yaml_emitter_initialize(&y->e))
        rho_fatal("libyaml: cannot initialise an emitter");
    yaml_emitter_set_output_file(&y->e, out);
    y->out = out;
    yaml_emitter_set_unicode(&y->e, 1);
    yaml_emitter_set_width(&y->e, 100);
    emit(y, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
    emit(y, &ev,
         yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
    return y;
}

void
yo_map(struct yo *y)
{
    yaml_event_t ev;

    emit(y, &ev,
         yaml_mapping_start_event_initialize(&ev, NULL,
                                             (yaml_char_t *)YAML_MAP_TAG, 1,
                                             YAML_BLOCK_MAPPING_STYLE));
}

void
yo_seq(struct yo *y)
{
    yaml_event_t ev;

    emit(y, &ev,
         yaml_sequence_start_event_initialize(&ev, NULL,
                                              (yaml_char_t *)YAML_SEQ_TAG, 1,
                                              YAML_BLOCK_SEQUENCE_STYLE));
}

void
yo_close_map(struct yo *y)
{
    yaml_event_t ev;

    emit(y, &ev, yaml_mapping_end_event_initialize(&ev));
}

void
yo_close_seq(struct yo *y)
{
    yaml_event_t ev;

    emit(y, &ev, yaml_sequence_end_event_initialize(&ev));
}

/* Bytes of the UTF-8 sequence at p (at most n bytes), or 0 if it is not
   one (a stray byte, an overlong form, a surrogate, past U+10FFFF). */
static size_t
utf8_len(const unsigned char *p, size_t n)
{
    size_t k;
    unsigned long c;

    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xC2 && p[0] <= 0xDF)
        k = 2, c = p[0] & 0x1F;
    else if (p[0] >= 0xE0 && p[0] <= 0xEF)
        k = 3, c = p[0] & 0x0F;
    else if (p[0] >= 0xF0 && p[0] <= 0xF4)
        k = 4, c = p[0] & 0x07;
    else
        return 0;
    if (k > n)
        return 0;
    for (size_t i = 1; i < k; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (p[i] & 0x3F);
    }
    if ((k == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) ||
        (k == 4 && (c < 0x10000 || c > 0x10FFFF)))
        return 0;
    return k;
}

/* s as valid UTF-8: each byte that is not part of a character becomes
   U+FFFD (a title or name read from a script may hold any bytes; YAML
   must be UTF-8). NULL when s is valid already; else the caller frees. */
static char *
utf8_fix(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s), i = 0, o = 0;
    char *out = NULL;

    while (i < n) {
        size_t k = utf8_len(p + i, n - i);
        if (k == 0 && out == NULL) {
            out = xmalloc(3 * n + 1);
            memcpy(out, s, i);
            o = i;
        }
        if (k == 0) {
            memcpy(out + o, "\xEF\xBF\xBD", 3);
            o += 3;
            i++;
            continue;
        }
        if (out != NULL)
            memcpy(out + o, s + i, k);
        o += k;
        i += k;
    }
    if (out != NULL)
        out[o] = '\0';
    return out;
}

static void
scalar(struct yo *y, const char *s, int quoted)
{
    yaml_event_t ev;
    char *fixed = utf8_fix(s);

    if (fixed != NULL)
        s = fixed;
    emit(y, &ev,
         yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s,
                                      (int)strlen(s), !quoted, quoted,
                                      quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
                                             : YAML_PLAIN_SCALAR_STYLE));
    free(fixed);
}

/* Whether s may be written plain: it starts with a letter and holds
   letters, digits, non-ASCII characters and " _./()+-" only, it does not
   end in a space, and no YAML 1.1 or 1.2 reader takes it for a boolean or
   null (yes, No, ON, n, null, ...). Anything else is quoted, so that it
   reads back as the same string in every reader: numbers (1_000, .inf,
   0x1F), dates (2001-12-14), tags and keys (=, <<), indicators. */
static int
plain_ok(const char *s)
{
    static const char *const words[] = {
        "y", "n", "yes", "no", "on", "off", "true", "false", "null",
    };
    size_t n = strlen(s);

    if (n == 0 ||
        !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')))
        return 0;
    if (s[n - 1] == ' ')
        return 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (!(*p >= 0x80 || (*p >= 'a' && *p <= 'z') ||
              (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr(" _./()+-", *p) != NULL))
            return 0;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcasecmp(s, words[i]) == 0)
            return 0;
    return 1;
}

void
yo_str(struct yo *y, const char *s)
{
    scalar(y, s, !plain_ok(s));
}

void
yo_num(struct yo *y, double v)
{
    char buf[64];

    if (isnan(v)) { /* a value that does not exist (rho(1) -f) */
        yo_null(y);
        return;
    }
    if (isinf(v))
        snprintf(buf, sizeof buf, v > 0 ? ".inf" : "-.inf");
    else {
        char *e;
        units_fmt_num(buf, sizeof buf, v); /* shortest that reads back */
        /* 1e-05 as 1.0e-05: a YAML 1.1 float has a point */
        if ((e = strchr(buf, 'e')) != NULL && strchr(buf, '.') == NULL &&
            strlen(buf) + 2 < sizeof buf) {
            memmove(e + 2, e, strlen(e) + 1);
            memcpy(e, ".0", 2);
        }
    }
    scalar(y, buf, 0);
}

void
yo_int(struct yo *y, long long v)
{
    char buf[32];

    snprintf(buf, sizeof buf, "%lld", v);
    scalar(y, buf, 0);
}

void
yo_bool(struct yo *y, int v)
{
    scalar(y, v ? "true" : "false", 0);
}

void
yo_null(struct yo *y)
{
    scalar(y, "null", 0);
}

void
yo_kstr(struct yo *y, const char *k, const char *v)
{
    scalar(y, k, 0);
    yo_str(y, v);
}

void
yo_knum(struct yo *y, const char *k, double v)
{
    scalar(y, k, 0);
    yo_num(y, v);
}

void
yo_kint(struct yo *y, const char *k, long long v)
{
    scalar(y, k, 0);
    yo_int(y, v);
}

int
yo_end(struct yo *y, struct rho_err *err)
{
    yaml_event_t ev;
    int rc = 0;

    emit(y, &ev, yaml_document_end_event_initialize(&ev, 1));
    emit(y, &ev, yaml_stream_end_event_initialize(&ev));
    if (!y->failed && !yaml_emitter_flush(&y->e))
        y->failed = 1;
    /* (what stdio still holds: a short document fails only here) */
    if (!y->failed && (fflush(y->out) != 0 || ferror(y->out)))
        y->failed = 1;
    if (y->failed)
        rc = rho_err_set(err, RHO_EIO, "yaml output: %s",
                         y->e.problem ? y->e.problem : "write error");
    yaml_emitter_delete(&y->e);
    free(y);
    return rc;
}
