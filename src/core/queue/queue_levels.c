/*
 * queue_levels: links grouped into levels. See queue_levels.h.
 */
#include "core/queue/queue_levels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/base/rho_alloc.h"

static const char *const group_names[] = {"default", "classes", "all", "list"};

const char *
queue_group_name(int kind)
{
    return kind >= 0 && kind <= QUEUE_GROUP_LIST ? group_names[kind] : "?";
}

int
queue_group_parse(const char *name)
{
    for (int i = 0; i <= QUEUE_GROUP_LIST; i++)
        if (strcmp(name, group_names[i]) == 0)
            return i;
    return -1;
}

void
queue_group_init(struct queue_group_spec *g)
{
    memset(g, 0, sizeof *g);
    g->kind = QUEUE_GROUP_DEFAULT;
}

void
queue_group_fini(struct queue_group_spec *g)
{
    for (int i = 0; i < g->n; i++) {
        for (int j = 0; j < g->lv[i].nclasses; j++)
            free(g->lv[i].classes[j]);
        free(g->lv[i].classes);
    }
    free(g->lv);
    queue_group_init(g);
}

static char *
sdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = xmalloc(n);

    memcpy(d, s, n);
    return d;
}

void
queue_group_copy(struct queue_group_spec *dst,
                 const struct queue_group_spec *src)
{
    *dst = *src;
    if (src->n == 0) {
        dst->lv = NULL;
        return;
    }
    dst->lv = xcalloc((size_t)src->n, sizeof *dst->lv);
    for (int i = 0; i < src->n; i++) {
        const struct queue_level_spec *s = &src->lv[i];
        struct queue_level_spec *d = &dst->lv[i];
        *d = *s;
        d->classes = xcalloc((size_t)s->nclasses, sizeof *d->classes);
        for (int j = 0; j < s->nclasses; j++)
            d->classes[j] = sdup(s->classes[j]);
    }
}

int
queue_group_equal(const struct queue_group_spec *a,
                  const struct queue_group_spec *b)
{
    if (a->kind != b->kind || a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++) {
        if (strcmp(a->lv[i].name, b->lv[i].name) != 0 ||
            a->lv[i].nclasses != b->lv[i].nclasses)
            return 0;
        for (int j = 0; j < a->lv[i].nclasses; j++)
            if (strcmp(a->lv[i].classes[j], b->lv[i].classes[j]) != 0)
                return 0;
    }
    return 1;
}

int
queue_group_add(struct queue_group_spec *g, const char *name, int nclasses,
                const char *const *classes, struct rho_err *err)
{
    struct queue_level_spec *l;

    if (g->n >= QUEUE_MAX_LEVELS)
        return rho_err_set(err, RHO_EINPUT, "more than %d levels",
                           QUEUE_MAX_LEVELS);
    if (name == NULL || name[0] == '\0' || strlen(name) >= QUEUE_NAME_MAX)
        return rho_err_set(err, RHO_EINPUT,
                           "a level needs a name of 1 to %d characters",
                           QUEUE_NAME_MAX - 1);
    if (nclasses < 1)
        return rho_err_set(err, RHO_EINPUT,
                           "level '%s': no classes (give { \"%s\", \"L1-row\", "
                           "... })",
                           name, name);
    for (int i = 0; i < g->n; i++)
        if (strcmp(g->lv[i].name, name) == 0)
            return rho_err_set(err, RHO_EINPUT, "level '%s' is given twice",
                               name);
    g->kind = QUEUE_GROUP_LIST;
    g->lv = xreallocarray(g->lv, (size_t)g->n + 1, sizeof *g->lv);
    l = &g->lv[g->n++];
    memset(l, 0, sizeof *l);
    snprintf(l->name, sizeof l->name, "%s", name);
    l->nclasses = nclasses;
    l->classes = xcalloc((size_t)nclasses, sizeof *l->classes);
    for (int j = 0; j < nclasses; j++)
        l->classes[j] = sdup(classes[j]);
    return 0;
}

/* ---- the default levels ---- */

/* The default level name of a class name into out: both directions of a
   class together. */
static void
canonical(const char *c, char *out)
{
    size_t n = strlen(c);
    const char *rest;

    if (strcmp(c, "injection") == 0 || strcmp(c, "ejection") == 0) {
        snprintf(out, QUEUE_NAME_MAX, "nodes");
        return;
    }
    if (n > 2 && c[n - 2] == ' ' && (c[n - 1] == '+' || c[n - 1] == '-')) {
        snprintf(out, QUEUE_NAME_MAX, "%.*s", (int)(n - 2), c);
        return;
    }
    if (n > 3 && strcmp(c + n - 3, " up") == 0) {
        snprintf(out, QUEUE_NAME_MAX, "%.*s", (int)(n - 3), c);
        return;
    }
    if (n > 5 && strcmp(c + n - 5, " down") == 0) {
        snprintf(out, QUEUE_NAME_MAX, "%.*s", (int)(n - 5), c);
        return;
    }
    if (strncmp(c, "up ", 3) == 0) {
        snprintf(out, QUEUE_NAME_MAX, "%s", c + 3);
        return;
    }
    if (strncmp(c, "down ", 5) == 0) {
        const char *dash;
        rest = c + 5;
        dash = strchr(rest, '-');
        if (dash != NULL && strchr(dash + 1, '-') == NULL)
            /* "down L1-L0" is the other direction of "up L0-L1" */
            snprintf(out, QUEUE_NAME_MAX, "%s-%.*s", dash + 1,
                     (int)(dash - rest), rest);
        else
            snprintf(out, QUEUE_NAME_MAX, "%s", rest);
        return;
    }
    snprintf(out, QUEUE_NAME_MAX, "%s", c);
}

/* A list of level names. */
struct names {
    int n;
    char (*name)[QUEUE_NAME_MAX];
};

static int
names_find(const struct names *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->name[i], name) == 0)
            return i;
    return -1;
}

static int
names_add(struct names *s, const char *name)
{
    int i = names_find(s, name);

    if (i >= 0)
        return i;
    s->name = xreallocarray(s->name, (size_t)s->n + 1, sizeof *s->name);
    snprintf(s->name[s->n], QUEUE_NAME_MAX, "%s", name);
    return s->n++;
}

/* The tree depth of link l's lower end (>= 1). */
static int
tree_depth(const struct net *net, int l)
{
    int a = net_link_src(net, l), b = net_link_dst(net, l);
    int da = net_tree_depth(net, a), db = net_tree_depth(net, b);

    return da > db ? da : db;
}

/*
 * The default levels: *lev (nlinks entries) receives every link's level
 * in dn, whose names are in order ("nodes" first). Returns 0, or -1 when
 * there are too many.
 */
static int
default_levels(const struct net *net, int *lev, struct names *dn,
               struct rho_err *err)
{
    int nl = net_links(net), nc = net_class_count(net), tree;
    int *of_class = xmalloc(((size_t)nc + 1) * sizeof *of_class);
    int *cnt = xcalloc((size_t)nc + 1, sizeof *cnt);
    char key[QUEUE_NAME_MAX];
    struct names tmp = {0, NULL};
    int *order, rc = 0;

    tree = net_family(net) == NET_TREE;
    for (int l = 0; l < nl; l++)
        cnt[net_link_class(net, l)]++;
    if (tree) {
        int maxd = 0;
        for (int l = 0; l < nl; l++)
            if (tree_depth(net, l) > maxd)
                maxd = tree_depth(net, l);
        /* deepest first: level 1 is the devices' links, as a fat-tree's
           is its nodes', and the root's come last (the "highest") */
        for (int l = 0; l < nl; l++)
            lev[l] = maxd - tree_depth(net, l);
        if (maxd > QUEUE_MAX_LEVELS) {
            rc = rho_err_set(err, RHO_EINPUT,
                             "the tree is %d levels deep, more than %d", maxd,
                             QUEUE_MAX_LEVELS);
            goto out;
        }
        for (int d = maxd; d >= 1; d--) {
            snprintf(key, sizeof key, "depth %d", d);
            names_add(dn, key);
        }
        goto out;
    }
    /* classes with links, in order; "nodes" goes first */
    for (int c = 0; c < nc; c++) {
        of_class[c] = -1;
        if (cnt[c] == 0)
            continue;
        canonical(net_class_name(net, c), key);
        of_class[c] = names_add(&tmp, key);
    }
    if (tmp.n > QUEUE_MAX_LEVELS) {
        rc = rho_err_set(err, RHO_EINPUT,
                         "the network has %d levels, more "
                         "than %d",
                         tmp.n, QUEUE_MAX_LEVELS);
        goto out;
    }
    order = xmalloc(((size_t)tmp.n + 1) * sizeof *order);
    if (names_find(&tmp, "nodes") >= 0)
        order[names_find(&tmp, "nodes")] = names_add(dn, "nodes");
    for (int i = 0; i < tmp.n; i++)
        order[i] = names_add(dn, tmp.name[i]);
    for (int l = 0; l < nl; l++)
        lev[l] = order[of_class[net_link_class(net, l)]];
    free(order);
out:
    free(tmp.name);
    free(of_class);
    free(cnt);
    return rc;
}

/* The net's class names with links, for a message. */
static void
class_list(const struct net *net, const struct names *dn, char *buf,
           size_t size)
{
    size_t len = 0;

    buf[0] = '\0';
    for (int c = 0; c < net_class_count(net) && len + 1 < size; c++)
        len += (size_t)snprintf(buf + len, size - len, "%s'%s'", c ? ", " : "",
                                net_class_name(net, c));
    for (int i = 0; i < dn->n && len + 1 < size; i++)
        if (net_class_find(net, dn->name[i]) < 0)
            len +=
                (size_t)snprintf(buf + len, size - len, ", '%s'", dn->name[i]);
}

/* LIST: resolve g's names to every link's level. */
static int
list_levels(const struct net *net, const struct queue_group_spec *g,
            const int *dlev, const struct names *dn, int *lev,
            struct rho_err *err)
{
    int nl = net_links(net), nc = net_class_count(net), rc = 0;
    int *by_class = xmalloc(((size_t)nc + 1) * sizeof *by_class);
    int *by_dlev = xmalloc(((size_t)dn->n + 1) * sizeof *by_dlev);
    char list[400];

    for (int c = 0; c < nc; c++)
        by_class[c] = -1;
    for (int d = 0; d < dn->n; d++)
        by_dlev[d] = -1;
    for (int i = 0; i < g->n && rc == 0; i++)
        for (int j = 0; j < g->lv[i].nclasses && rc == 0; j++) {
            const char *cn = g->lv[i].classes[j];
            int c = net_class_find(net, cn), d = names_find(dn, cn);
            int *slot = c >= 0 ? &by_class[c] : d >= 0 ? &by_dlev[d] : NULL;
            if (slot == NULL) {
                class_list(net, dn, list, sizeof list);
                rc = rho_err_set(err, RHO_EINPUT,
                                 "level '%s': the network has no class '%s' "
                                 "(it has %s)",
                                 g->lv[i].name, cn, list);
            } else if (*slot >= 0 && *slot != i) {
                rc = rho_err_set(err, RHO_EINPUT,
                                 "class '%s' is in levels '%s' and '%s'", cn,
                                 g->lv[*slot].name, g->lv[i].name);
            } else {
                *slot = i;
            }
        }
    for (int l = 0; l < nl && rc == 0; l++) {
        int c = net_link_class(net, l), a = by_class[c], b = by_dlev[dlev[l]];
        if (a >= 0 && b >= 0 && a != b)
            rc = rho_err_set(err, RHO_EINPUT,
                             "class '%s' is in levels '%s' and '%s' (as '%s')",
                             net_class_name(net, c), g->lv[a].name,
                             g->lv[b].name, dn->name[dlev[l]]);
        else if (a < 0 && b < 0)
            rc = rho_err_set(err, RHO_EINPUT,
                             "class '%s' is in no level (name it, or '%s', "
                             "in one)",
                             net_class_name(net, c), dn->name[dlev[l]]);
        lev[l] = a >= 0 ? a : b;
    }
    free(by_class);
    free(by_dlev);
    return rc;
}

struct queue_map *
queue_map_new(const struct net *net, const struct queue_group_spec *g,
              struct rho_err *err)
{
    struct queue_group_spec def;
    struct queue_map *m = NULL;
    struct names dn = {0, NULL}, lv = {0, NULL};
    int nl = net_links(net), *dlev = NULL, *lev = NULL, k = 0;

    if (g == NULL) {
        queue_group_init(&def);
        g = &def;
    }
    if (nl < 1) {
        rho_err_set(err, RHO_EINPUT, "the network has no links");
        return NULL;
    }
    dlev = xmalloc((size_t)nl * sizeof *dlev);
    lev = xmalloc((size_t)nl * sizeof *lev);
    if (default_levels(net, dlev, &dn, err) != 0)
        goto out;
    switch (g->kind) {
    case QUEUE_GROUP_CLASSES: {
        int nc = net_class_count(net);
        int *of = xmalloc((size_t)nc * sizeof *of);
        for (int c = 0; c < nc; c++)
            of[c] = -1;
        for (int l = 0; l < nl; l++) {
            int c = net_link_class(net, l);
            if (of[c] < 0)
                of[c] = -2; /* has links */
        }
        for (int c = 0; c < nc; c++)
            if (of[c] == -2)
                of[c] = names_add(&lv, net_class_name(net, c));
        for (int l = 0; l < nl; l++)
            lev[l] = of[net_link_class(net, l)];
        free(of);
        k = lv.n;
        break;
    }
    case QUEUE_GROUP_ALL:
        names_add(&lv, "all");
        for (int l = 0; l < nl; l++)
            lev[l] = 0;
        k = 1;
        break;
    case QUEUE_GROUP_LIST:
        if (g->n < 1) {
            rho_err_set(err, RHO_EINPUT, "no levels listed");
            goto out;
        }
        if (list_levels(net, g, dlev, &dn, lev, err) != 0)
            goto out;
        for (int i = 0; i < g->n; i++)
            names_add(&lv, g->lv[i].name);
        k = g->n;
        break;
    default:
        memcpy(lev, dlev, (size_t)nl * sizeof *lev);
        lv = dn;
        dn.name = NULL;
        dn.n = 0;
        k = lv.n;
        break;
    }
    if (k > QUEUE_MAX_LEVELS) {
        rho_err_set(err, RHO_EINPUT, "%d levels, more than %d", k,
                    QUEUE_MAX_LEVELS);
        goto out;
    }
    m = xcalloc(1, sizeof *m);
    m->k = k;
    m->nlinks = nl;
    m->name = xcalloc((size_t)k, sizeof *m->name);
    memcpy(m->name, lv.name, (size_t)k * sizeof *m->name);
    m->of_link = xmalloc((size_t)nl);
    m->n = xcalloc((size_t)k, sizeof *m->n);
    m->mu = xcalloc((size_t)k, sizeof *m->mu);
    m->bmin = xcalloc((size_t)k, sizeof *m->bmin);
    m->bmax = xcalloc((size_t)k, sizeof *m->bmax);
    for (int l = 0; l < nl; l++) {
        int i = lev[l];
        double b = net_link_bw(net, l);
        m->of_link[l] = (unsigned char)i;
        if (m->n[i] == 0 || b < m->bmin[i])
            m->bmin[i] = b;
        if (m->n[i] == 0 || b > m->bmax[i])
            m->bmax[i] = b;
        m->n[i]++;
        m->mu[i] += b;
    }
    if (g->kind == QUEUE_GROUP_LIST)
        for (int i = 0; i < k; i++)
            if (m->n[i] == 0) {
                rho_err_set(err, RHO_EINPUT, "level '%s' has no links",
                            m->name[i]);
                queue_map_free(m);
                m = NULL;
                goto out;
            }
out:
    free(dn.name);
    free(lv.name);
    free(dlev);
    free(lev);
    return m;
}

void
queue_map_free(struct queue_map *m)
{
    if (m == NULL)
        return;
    free(m->name);
    free(m->of_link);
    free(m->n);
    free(m->mu);
    free(m->bmin);
    free(m->bmax);
    free(m);
}

struct queue *
queue_from_map(const struct queue_map *m)
{
    struct queue *q = queue_new(m->k);

    for (int i = 0; i < m->k; i++) {
        memcpy(q->name[i], m->name[i], QUEUE_NAME_MAX);
        q->n[i] = m->n[i];
        q->mu[i] = m->mu[i];
        q->bmin[i] = m->bmin[i];
        q->bmax[i] = m->bmax[i];
    }
    return q;
}

void
queue_map_links(const struct queue_map *m, const struct net *net,
                const double *bytes, double W, struct queue_link_level *out)
{
    memset(out, 0, (size_t)m->k * sizeof *out);
    for (int i = 0; i < m->k; i++)
        out[i].hot = -1;
    for (int l = 0; l < m->nlinks; l++) {
        struct queue_link_level *o = &out[m->of_link[l]];
        double t = bytes[l] / net_link_bw(net, l);
        if (!(bytes[l] > 0))
            continue;
        o->bytes += bytes[l];
        o->used++;
        if (o->hot < 0 || t > o->max_load) {
            o->max_load = t;
            o->hot = l;
        }
    }
    for (int i = 0; i < m->k; i++) {
        struct queue_link_level *o = &out[i];
        o->v = W > 0 ? o->bytes / W : 0;
        o->mean_load = m->mu[i] > 0 ? o->bytes / m->mu[i] : 0;
        o->imbalance = o->mean_load > 0 ? o->max_load / o->mean_load : 0;
        o->sat = o->max_load > 0 ? W / o->max_load : INFINITY;
    }
}
