/*
 * watch: file change detection by stat(). See watch.h.
 */
#include "core/base/watch.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static void
snapshot(const char *path, int *exists, unsigned long long *dev,
         unsigned long long *ino, unsigned long long *size, long long *mt)
{
    struct stat st;

    if (stat(path, &st) != 0) {
        *exists = 0;
        *dev = *ino = *size = 0;
        *mt = 0;
        return;
    }
    *exists = 1;
    *dev = (unsigned long long)st.st_dev;
    *ino = (unsigned long long)st.st_ino;
    *size = (unsigned long long)st.st_size;
    *mt = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

void
watch_init(struct watch *w, const char *path)
{
    memset(w, 0, sizeof *w);
    snprintf(w->path, sizeof w->path, "%s", path);
    watch_reset(w);
}

void
watch_reset(struct watch *w)
{
    snapshot(w->path, &w->exists, &w->dev, &w->ino, &w->size, &w->mtime_ns);
}

int
watch_changed(struct watch *w)
{
    int exists;
    unsigned long long dev, ino, size;
    long long mt;
    int changed;

    snapshot(w->path, &exists, &dev, &ino, &size, &mt);
    changed = exists != w->exists ||
              (exists && (dev != w->dev || ino != w->ino || size != w->size ||
                          mt != w->mtime_ns));
    w->exists = exists;
    w->dev = dev;
    w->ino = ino;
    w->size = size;
    w->mtime_ns = mt;
    return changed;
}
