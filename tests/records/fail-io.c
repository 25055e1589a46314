/* An LD_PRELOAD shim for the failure tests: makes chosen file system calls fail, only on
 * paths that contain $TS_FAIL_IO_PATH, as a full disk, a failing disk or a denied
 * permission would.
 *
 *   TS_FAIL_IO="write=ENOSPC@4096"  writes fail once 4096 bytes were written (the write
 *                                    that crosses the mark writes what fits, as a disk
 *                                    that fills up does)
 *   TS_FAIL_IO="fsync=EIO"           also: rename=, link=, open= (creating a file), close=
 *
 * Several, separated by commas. Only calls the test program makes through the dynamic
 * linker are caught (its own and GLib's), which is all the writer uses. */
/* open and open64 are both defined here: no redirection of one to the other. */
#undef _FILE_OFFSET_BITS
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static const struct { const char *name; int value; } errnos[] = {
  { "ENOSPC", ENOSPC }, { "EIO", EIO }, { "EACCES", EACCES }, { "EPERM", EPERM },
  { "EDQUOT", EDQUOT }, { "EROFS", EROFS }, { "EXDEV", EXDEV },
};

static long long written;

/* The errno the call named op should fail with (0: it runs), and its byte mark. */
static int
planned (const char *op, long long *mark)
{
  const char *spec = getenv ("TS_FAIL_IO");
  char key[32];
  const char *at;

  if (spec == NULL)
    return 0;
  snprintf (key, sizeof key, "%s=", op);
  for (at = strstr (spec, key); at && at != spec && at[-1] != ','; at = strstr (at + 1, key))
    ;
  if (at == NULL)
    return 0;
  at += strlen (key);
  for (size_t i = 0; i < sizeof errnos / sizeof errnos[0]; i++)
    if (strncmp (at, errnos[i].name, strlen (errnos[i].name)) == 0)
      {
        const char *m = at + strlen (errnos[i].name);

        if (mark)
          *mark = *m == '@' ? atoll (m + 1) : 0;
        return errnos[i].value;
      }
  return 0;
}

static int
path_matches (const char *path)
{
  const char *want = getenv ("TS_FAIL_IO_PATH");

  return path && want && *want && strstr (path, want) != NULL;
}

static int
fd_matches (int fd)
{
  char link[64], path[PATH_MAX];
  ssize_t n;

  snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
  n = readlink (link, path, sizeof path - 1);
  if (n < 0)
    return 0;
  path[n] = '\0';
  return path_matches (path);
}

#define REAL(type, name, args) \
  static type (*real_##name) args; \
  if (real_##name == NULL) \
    real_##name = (type (*) args) dlsym (RTLD_NEXT, #name)

ssize_t
write (int fd, const void *buf, size_t count)
{
  long long mark = 0;
  int err;

  REAL (ssize_t, write, (int, const void *, size_t));
  err = planned ("write", &mark);
  if (err && fd_matches (fd))
    {
      if (written >= mark)
        {
          errno = err;
          return -1;
        }
      if (written + (long long) count > mark)
        count = mark - written;
      written += count;
    }
  return real_write (fd, buf, count);
}

static int
fail_fd (const char *op, int fd)
{
  int err = planned (op, NULL);

  if (err && fd_matches (fd))
    {
      errno = err;
      return -1;
    }
  return 0;
}

int
fsync (int fd)
{
  REAL (int, fsync, (int));
  return fail_fd ("fsync", fd) < 0 ? -1 : real_fsync (fd);
}

int
fdatasync (int fd)
{
  REAL (int, fdatasync, (int));
  return fail_fd ("fsync", fd) < 0 ? -1 : real_fdatasync (fd);
}

int
close (int fd)
{
  int failed;

  REAL (int, close, (int));
  failed = fail_fd ("close", fd) < 0;
  if (failed)
    {
      real_close (fd);   /* closed all the same, as the kernel does */
      errno = planned ("close", NULL);
      return -1;
    }
  return real_close (fd);
}

static int
fail_path (const char *op, const char *path)
{
  int err = planned (op, NULL);

  if (err && path_matches (path))
    {
      errno = err;
      return -1;
    }
  return 0;
}

int
rename (const char *from, const char *to)
{
  REAL (int, rename, (const char *, const char *));
  return fail_path ("rename", to) < 0 ? -1 : real_rename (from, to);
}

int
link (const char *from, const char *to)
{
  REAL (int, link, (const char *, const char *));
  return fail_path ("link", to) < 0 ? -1 : real_link (from, to);
}

#define OPEN(name) \
  int \
  name (const char *path, int flags, ...) \
  { \
    mode_t mode = 0; \
    REAL (int, name, (const char *, int, ...)); \
    if (flags & O_CREAT) \
      { \
        va_list args; \
        va_start (args, flags); \
        mode = va_arg (args, mode_t); \
        va_end (args); \
        if (fail_path ("open", path) < 0) \
          return -1; \
      } \
    return real_##name (path, flags, mode); \
  }

OPEN (open)
OPEN (open64)
