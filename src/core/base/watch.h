/*
 * watch: has a file changed? The TUI reloads a scenario when it is saved
 * in another editor. A watch remembers the file's identity (device, inode,
 * size, modification time in nanoseconds) and says when it differs; editors
 * that save by writing a new file and renaming it change the inode, those
 * that write in place change the size or the time. Polling keeps it
 * portable and cheap (one stat per call).
 */
#ifndef RHO_CORE_BASE_WATCH_H
#define RHO_CORE_BASE_WATCH_H

struct watch {
    char path[4096];
    int exists;
    unsigned long long dev, ino, size;
    long long mtime_ns;
};

/* Start watching path (caller's storage). */
void watch_init(struct watch *w, const char *path);

/*
 * 1 if the file changed since the last call (or watch_init), else 0. A
 * file that disappears is a change; one that stays missing is not.
 */
int watch_changed(struct watch *w);

/* Forget changes so far (after the caller wrote the file itself). */
void watch_reset(struct watch *w);

#endif
