/*
 * queue_scen: the queueing model's part of a scenario. See queue_scen.h.
 */
#include "core/queue/queue_scen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"
#include "core/base/units.h"

struct queue_scen *
queue_scen_new(void)
{
    struct queue_scen *qs = xcalloc(1, sizeof *qs);

    queue_group_init(&qs->group);
    qs->load = QUEUE_DEFAULT_LOAD;
    queue_opts_init(&qs->opts);
    return qs;
}

void
queue_scen_free(struct queue_scen *qs)
{
    if (qs == NULL)
        return;
    queue_free(qs->levels);
    queue_group_fini(&qs->group);
    free(qs->lat);
    free(qs);
}

struct queue_scen *
queue_scen_clone(const struct queue_scen *qs)
{
    struct queue_scen *c;

    if (qs == NULL)
        return NULL;
    c = xmalloc(sizeof *c);
    *c = *qs;
    c->levels = queue_clone(qs->levels);
    queue_group_copy(&c->group, &qs->group);
    c->lat = NULL;
    if (qs->nlat > 0) {
        c->lat = xmalloc((size_t)qs->nlat * sizeof *c->lat);
        memcpy(c->lat, qs->lat, (size_t)qs->nlat * sizeof *c->lat);
    }
    return c;
}

void
queue_scen_set_levels(struct queue_scen *qs, struct queue *q)
{
    queue_free(qs->levels);
    qs->levels = q;
}

void
queue_scen_set_latency(struct queue_scen *qs, int n, const double *lat)
{
    free(qs->lat);
    qs->lat = NULL;
    qs->nlat = n > 0 ? n : 0;
    if (qs->nlat > 0) {
        qs->lat = xmalloc((size_t)n * sizeof *qs->lat);
        memcpy(qs->lat, lat, (size_t)n * sizeof *qs->lat);
    }
}

int
queue_scen_check(const struct queue_scen *qs, int k, struct rho_err *err)
{
    if (!(qs->load >= 0) || !isfinite(qs->load))
        return rho_err_set(err, RHO_EINPUT,
                           "queue: load must be a number >= 0 (a fraction of "
                           "the saturation) or a rate");
    if (!(qs->slim >= 0 && qs->slim < 1))
        return rho_err_set(err, RHO_EINPUT,
                           "queue: slim must be from 0 to less than 1, got %g",
                           qs->slim);
    if (qs->split < 0 || qs->split >= QUEUE_POLICIES)
        return rho_err_set(err, RHO_EINPUT, "queue: unknown split %d",
                           qs->split);
    if (!(qs->budget >= 0) || !isfinite(qs->budget))
        return rho_err_set(err, RHO_EINPUT, "queue: budget must be >= 0");
    if (!(qs->opts.packet > 0) || !isfinite(qs->opts.packet))
        return rho_err_set(err, RHO_EINPUT, "queue: packet must be > 0");
    if (qs->nlat > 1 && qs->nlat != k)
        return rho_err_set(err, RHO_EINPUT,
                           "queue: latency has %d values for %d levels (give "
                           "one for all, or one per level)",
                           qs->nlat, k);
    for (int i = 0; i < qs->nlat; i++)
        if (!(qs->lat[i] >= 0) || !isfinite(qs->lat[i]))
            return rho_err_set(err, RHO_EINPUT, "queue: latency must be >= 0");
    return 0;
}

void
queue_scen_apply_latency(const struct queue_scen *qs, struct queue *q)
{
    for (int i = 0; i < q->k; i++)
        q->lat[i] = qs->nlat == 0   ? 0
                    : qs->nlat == 1 ? qs->lat[0]
                    : i < qs->nlat  ? qs->lat[i]
                                    : 0;
}

/* Start a field: one a line, the one before ended. */
static void
sep(struct strbuf *out, int *n)
{
    strbuf_puts(out, (*n)++ ? ",\n    " : "    ");
}

static void
group_to_lua(const struct queue_group_spec *g, struct strbuf *out)
{
    if (g->kind != QUEUE_GROUP_LIST) {
        strbuf_lua_quote(out, queue_group_name(g->kind));
        return;
    }
    strbuf_puts(out, "{");
    for (int i = 0; i < g->n; i++) {
        strbuf_puts(out, i ? ", { " : " { ");
        strbuf_lua_quote(out, g->lv[i].name);
        for (int j = 0; j < g->lv[i].nclasses; j++) {
            strbuf_puts(out, ", ");
            strbuf_lua_quote(out, g->lv[i].classes[j]);
        }
        strbuf_puts(out, " }");
    }
    strbuf_puts(out, " }");
}

int
queue_scen_to_lua(const struct queue_scen *qs, struct strbuf *out)
{
    struct strbuf f;
    char b[96];
    int n = 0;

    strbuf_init(&f);
    if (qs->load_rate) {
        sep(&f, &n);
        strbuf_printf(&f, "load = \"%s\"",
                      units_fmt_rate_exact(b, sizeof b, qs->load));
    } else if (qs->load != QUEUE_DEFAULT_LOAD) {
        sep(&f, &n);
        strbuf_printf(&f, "load = %s", units_fmt_num(b, sizeof b, qs->load));
    }
    if (qs->budget > 0) {
        sep(&f, &n);
        strbuf_printf(&f, "budget = \"%s\"",
                      units_fmt_rate_exact(b, sizeof b, qs->budget));
    }
    if (qs->slim > 0) {
        sep(&f, &n);
        strbuf_printf(&f, "slim = %s", units_fmt_num(b, sizeof b, qs->slim));
    }
    if (qs->split != QUEUE_BUILT) {
        sep(&f, &n);
        strbuf_printf(&f, "split = \"%s\"", queue_policy_name(qs->split));
    }
    if (qs->opts.packet != 64) {
        sep(&f, &n);
        strbuf_printf(&f, "packet = \"%s\"",
                      units_fmt_size_exact(b, sizeof b, qs->opts.packet));
    }
    if (qs->opts.delay != QUEUE_PER_LINK) {
        sep(&f, &n);
        strbuf_printf(&f, "delay = \"%s\"", queue_delay_name(qs->opts.delay));
    }
    if (qs->nlat == 1) {
        sep(&f, &n);
        strbuf_printf(&f, "latency = \"%s\"",
                      units_fmt_time_exact(b, sizeof b, qs->lat[0]));
    } else if (qs->nlat > 1) {
        sep(&f, &n);
        strbuf_puts(&f, "latency = {");
        for (int i = 0; i < qs->nlat; i++)
            strbuf_printf(&f, "%s\"%s\"", i ? ", " : " ",
                          units_fmt_time_exact(b, sizeof b, qs->lat[i]));
        strbuf_puts(&f, " }");
    }
    if (qs->compare) {
        sep(&f, &n);
        strbuf_puts(&f, "compare = true");
    }
    if (qs->group.kind != QUEUE_GROUP_DEFAULT) {
        sep(&f, &n);
        strbuf_puts(&f, "levels = ");
        group_to_lua(&qs->group, &f);
    }
    if (n > 0)
        strbuf_printf(out, "{\n%s,\n  }", strbuf_str(&f));
    strbuf_fini(&f);
    return n > 0;
}

void
queue_levels_to_lua(const struct queue *q, struct strbuf *out)
{
    char b[96];
    size_t k = (size_t)q->k;

    strbuf_puts(out, "rho.levels {\n");
    for (int i = 0; i < q->k; i++) {
        strbuf_puts(out, "    { ");
        strbuf_lua_quote(out, q->name[i]);
        if (!q->has_p)
            strbuf_printf(out, ", v = %s", units_fmt_num(b, sizeof b, q->v[i]));
        strbuf_printf(out, ", capacity = \"%s\"",
                      units_fmt_rate_exact(b, sizeof b, q->mu[i]));
        if (q->n[i] != 1)
            strbuf_printf(out, ", links = %lld", q->n[i]);
        strbuf_puts(out, " },\n");
    }
    if (q->has_p) {
        strbuf_puts(out, "    p0 = {");
        for (size_t i = 0; i < k; i++)
            strbuf_printf(out, "%s%s", i ? ", " : " ",
                          units_fmt_num(b, sizeof b, q->p0[i]));
        strbuf_puts(out, " },\n    P = {\n");
        for (size_t i = 0; i < k; i++) {
            strbuf_puts(out, "      {");
            for (size_t j = 0; j < k; j++)
                strbuf_printf(out, "%s%s", j ? ", " : " ",
                              units_fmt_num(b, sizeof b, q->P[i * k + j]));
            strbuf_puts(out, " },\n");
        }
        strbuf_puts(out, "    },\n");
    }
    strbuf_puts(out, "  }");
}
