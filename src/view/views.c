/*
 * views: the view table, one line per view. See view.h.
 *
 * A line names a view's entry, defined in the view's own file; the order
 * here is no view's tab order (a model's entry lists its views in that
 * order). Adding a view is adding its file and its line here.
 */
#include "view/view.h"

#include <string.h>

#define VIEWS(X)                                                               \
    /* every model's: a scenario's lesson (view/lview.c) */                    \
    X(lview_entry)                                                             \
    /* the PCIe model's (view/pcie) */                                         \
    X(pview_tree_entry)                                                        \
    X(pview_flows_entry)                                                       \
    X(pview_why_entry)                                                         \
    X(pview_stepper_entry)                                                     \
    X(pview_timeline_entry)                                                    \
    X(pview_heat_entry)                                                        \
    X(pview_stats_entry)                                                       \
    X(pview_search_entry)                                                      \
    X(pview_teach_entry)                                                       \
    /* the link model's (view/net) */                                          \
    X(nview_network_entry)                                                     \
    X(nview_links_entry)                                                       \
    X(nview_map_entry)                                                         \
    X(nview_classes_entry)                                                     \
    X(nview_rounds_entry)                                                      \
    X(nview_metrics_entry)                                                     \
    X(nview_jobs_entry)                                                        \
    /* the queueing model's (view/queue) */                                    \
    X(qview_queue_entry)

#define X(e) extern const struct view_entry e;
VIEWS(X)
#undef X

const struct view_entry *const view_table[] = {
#define X(e) &e,
    VIEWS(X)
#undef X
        NULL,
};

int
view_count(void)
{
    return (int)(sizeof view_table / sizeof view_table[0]) - 1;
}

int
view_find(const char *name)
{
    for (int k = 0; view_table[k] != NULL; k++)
        if (strcmp(view_table[k]->name, name) == 0)
            return k;
    return -1;
}

const char *
view_name(int k)
{
    return k >= 0 && k < view_count() ? view_table[k]->name : "?";
}

/* Does the space-separated list name w? */
static int
has_word(const char *list, const char *w)
{
    size_t n = strlen(w);

    for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

const struct model_entry *
view_model(const struct session *ss, int v)
{
    const struct model_entry *m;

    if (v < 0 || v >= view_count())
        return NULL;
    for (int k = 0; (m = session_model(ss, k)) != NULL; k++)
        if (has_word(m->views, view_table[v]->name))
            return m;
    return NULL;
}

int
view_list(const struct session *ss, int *views)
{
    const struct model_entry *m;
    int n = 0;

    /* every draw asks (the tabs, the clicks): no copies, no printf */
    for (int k = 0; (m = session_model(ss, k)) != NULL; k++) {
        const char *p = m->views;
        while (*p != '\0' && n < VIEW_MAX) {
            size_t len = strcspn(p, " ");
            for (int v = 0; view_table[v] != NULL; v++) {
                const char *name = view_table[v]->name;
                if (name[0] == p[0] && strncmp(name, p, len) == 0 &&
                    name[len] == '\0') {
                    int seen = 0;
                    for (int k2 = 0; k2 < n; k2++)
                        seen |= views[k2] == v;
                    if (!seen && (view_table[v]->shown == NULL ||
                                  view_table[v]->shown(ss)))
                        views[n++] = v; /* a view not bound has no tab */
                    break;
                }
            }
            p += len;
            p += strspn(p, " ");
        }
    }
    return n;
}
