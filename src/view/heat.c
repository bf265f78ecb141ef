/*
 * heat: load fractions to buckets and roles. See heat.h.
 */
#include "view/heat.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int
heat_bucket(double load, enum heat_scale scale)
{
    double pos;
    int k;

    if (isnan(load) || load < 0)
        return HEAT_NONE;
    if (load == 0)
        return HEAT_IDLE;
    if (load > 1 + HEAT_EPS)
        return HEAT_OVER;
    if (scale == HEAT_LOG) {
        /* 0 at the floor, HEAT_LEVELS at 1 */
        pos = (log10(load) + HEAT_LOG_DECADES) / HEAT_LOG_DECADES * HEAT_LEVELS;
    } else {
        pos = load * HEAT_LEVELS;
    }
    k = pos > 0 ? (int)ceil(pos - HEAT_EPS * HEAT_LEVELS) - 1 : 0;
    if (k < 0)
        k = 0;
    if (k >= HEAT_LEVELS)
        k = HEAT_LEVELS - 1;
    return k;
}

int
heat_bucket_role(int bucket)
{
    if (bucket >= 0 && bucket < HEAT_LEVELS)
        return ROLE_HEAT_0 + bucket;
    if (bucket == HEAT_IDLE)
        return ROLE_HEAT_IDLE;
    if (bucket == HEAT_OVER)
        return ROLE_HEAT_OVER;
    return ROLE_HEAT_NONE;
}

int
heat_role(double load, enum heat_scale scale)
{
    return heat_bucket_role(heat_bucket(load, scale));
}

/* The upper edge of level k (0 <= k < HEAT_LEVELS) of a scale. */
static double
edge(int k, enum heat_scale scale)
{
    if (k >= HEAT_LEVELS - 1)
        return 1;
    if (scale == HEAT_LOG)
        return pow(10, -HEAT_LOG_DECADES +
                           (double)HEAT_LOG_DECADES * (k + 1) / HEAT_LEVELS);
    return (double)(k + 1) / HEAT_LEVELS;
}

void
heat_bucket_bounds(int bucket, enum heat_scale scale, double *lo, double *hi)
{
    if (bucket == HEAT_IDLE) {
        *lo = *hi = 0;
    } else if (bucket == HEAT_OVER) {
        *lo = 1;
        *hi = INFINITY;
    } else if (bucket >= 0 && bucket < HEAT_LEVELS) {
        *lo = bucket == 0 ? 0 : edge(bucket - 1, scale);
        *hi = edge(bucket, scale);
    } else {
        *lo = *hi = NAN;
    }
}

/* A fraction as a percentage: whole from 10% up, else two significant
   digits ("0.2", "1.6", "25", "100"). */
static void
pct(double f, char *buf, size_t n)
{
    snprintf(buf, n, f >= 0.1 ? "%.0f" : "%.2g", f * 100);
}

int
heat_bucket_label(int bucket, enum heat_scale scale, char *buf, size_t n)
{
    char a[16], b[16];
    double lo, hi;

    if (buf == NULL)
        n = 0;
    if (bucket == HEAT_IDLE)
        return snprintf(buf, n, "idle");
    if (bucket == HEAT_OVER)
        return snprintf(buf, n, "over");
    if (bucket < 0 || bucket >= HEAT_LEVELS)
        return snprintf(buf, n, "none");
    heat_bucket_bounds(bucket, scale, &lo, &hi);
    pct(lo, a, sizeof a);
    pct(hi, b, sizeof b);
    return snprintf(buf, n, "%s-%s%%", a, b);
}

void
heat_roles(const double *load, size_t n, enum heat_scale scale,
           unsigned char *role)
{
    for (size_t i = 0; i < n; i++)
        role[i] = (unsigned char)heat_role(load[i], scale);
}

/* Put s at (x, y) in role and return its width. */
static int
put(struct canvas *c, int x, int y, int role, const char *s)
{
    return canvas_text(c, x, y, utf8_width(s), role, s);
}

int
heat_legend(struct canvas *c, int x, int y, int w, enum heat_scale scale)
{
    return heat_legend_glyphs(c, x, y, w, scale, NULL);
}

/* The glyph of bucket in the legend: glyph's, or a full block. */
static uint32_t
swatch(heat_glyph_fn *glyph, int bucket, int ascii)
{
    return glyph != NULL ? glyph(bucket, ascii) : 0x2588;
}

int
heat_legend_glyphs(struct canvas *c, int x, int y, int w,
                   enum heat_scale scale, heat_glyph_fn *glyph)
{
    char lo[16];
    const char *hi = "100%";
    int lab, ends, cw, used, x0 = x;

    if (w < HEAT_LEVELS)
        return 0;
    if (scale == HEAT_LOG)
        snprintf(lo, sizeof lo, "%.2g%%", 100 * pow(10, -HEAT_LOG_DECADES));
    else
        snprintf(lo, sizeof lo, "0%%");
    lab = (int)strlen(lo) + 1 + 1 + (int)strlen(hi); /* "lo " " hi" */
    ends = utf8_width("\u2588 idle  ") + utf8_width("  \u2588 over");
    /* the widest swatches that fit with as much text as fits */
    if (w >= HEAT_LEVELS + lab + ends) {
        used = lab + ends;
    } else if (w >= HEAT_LEVELS + lab) {
        used = lab;
        ends = 0;
    } else {
        used = lab = ends = 0;
    }
    cw = (w - used) / HEAT_LEVELS;
    if (cw > 3)
        cw = 3;
    if (ends) {
        canvas_put(c, x++, y, swatch(glyph, HEAT_IDLE, c->ascii),
                   ROLE_HEAT_IDLE);
        x += put(c, x, y, ROLE_PLOT_LABEL, " idle  ");
    }
    if (lab) {
        x += put(c, x, y, ROLE_PLOT_LABEL, lo);
        x += put(c, x, y, ROLE_PLOT_LABEL, " ");
    }
    for (int k = 0; k < HEAT_LEVELS; k++)
        for (int i = 0; i < cw; i++)
            canvas_put(c, x++, y, swatch(glyph, k, c->ascii), ROLE_HEAT_0 + k);
    if (lab) {
        x += put(c, x, y, ROLE_PLOT_LABEL, " ");
        x += put(c, x, y, ROLE_PLOT_LABEL, hi);
    }
    if (ends) {
        x += put(c, x, y, ROLE_PLOT_LABEL, "  ");
        canvas_put(c, x++, y, swatch(glyph, HEAT_OVER, c->ascii),
                   ROLE_HEAT_OVER);
        x += put(c, x, y, ROLE_PLOT_LABEL, " over");
    }
    return x - x0;
}
