/* Atomic file writing (safe-file.h). Plain POSIX calls rather than GIO: on GLib 2.74
 * g_file_replace () rewrites a symbolic link's target or a file with several hard links
 * in place (truncated first), and g_file_set_contents_full () without CONSISTENT does not
 * even truncate; with CONSISTENT it replaces a symbolic link by a plain file. */
#include "records/safe-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINK_HOPS   40     /* the kernel's own limit before ELOOP */
#define TEMP_NAME_BYTES 200    /* of the file's name kept in a temporary file's name */
#define COPY_CHUNK      65536

typedef struct {
  const char  *filename;   /* as given */
  char        *real;       /* after following symbolic links */
  char        *dir;        /* real's folder */
  gboolean     exists;
  struct stat  st;         /* of real, when it exists */
  GError     **error;
} Target;

static gboolean fail (const Target *t, int err, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* "FILE: not saved: STEP: REASON. The old version is intact." */
static gboolean
fail (const Target *t, int err, const char *format, ...)
{
  g_autofree char *step = NULL;
  g_autofree char *who = NULL;
  va_list args;

  va_start (args, format);
  step = g_strdup_vprintf (format, args);
  va_end (args);
  if (t->real && strcmp (t->real, t->filename) != 0)
    who = g_strdup_printf (_("%s (a link to %s)"), t->filename, t->real);
  else
    who = g_strdup (t->filename);
  if (t->exists)
    g_set_error (t->error, G_FILE_ERROR, g_file_error_from_errno (err),
                 _("%s: not saved: %s: %s. The old version of the file is intact."),
                 who, step, g_strerror (err));
  else
    g_set_error (t->error, G_FILE_ERROR, g_file_error_from_errno (err),
                 _("%s: not saved: %s: %s. No file was created."), who, step, g_strerror (err));
  return FALSE;
}

static gboolean
write_all (int fd, const char *data, gsize length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      if (n == 0)
        {
          errno = EIO;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

static char *
read_link (const char *path)
{
  gsize size = 256;

  for (;;)
    {
      g_autofree char *buf = g_malloc (size);
      ssize_t n = readlink (path, buf, size);

      if (n < 0)
        return NULL;
      if ((gsize) n < size)
        {
          buf[n] = '\0';
          return g_steal_pointer (&buf);
        }
      size *= 2;
    }
}

/* The file a chain of symbolic links ends at (which may not exist yet: a dangling link
 * makes a new file where it points). NULL with errno set when the chain cannot be read. */
static char *
follow_links (const char *filename)
{
  g_autofree char *path = g_strdup (filename);

  for (guint hops = 0;; hops++)
    {
      struct stat st;
      g_autofree char *target = NULL;

      if (lstat (path, &st) != 0)
        return errno == ENOENT ? g_steal_pointer (&path) : NULL;
      if (!S_ISLNK (st.st_mode))
        return g_steal_pointer (&path);
      if (hops == MAX_LINK_HOPS)
        {
          errno = ELOOP;
          return NULL;
        }
      if ((target = read_link (path)) == NULL)
        return NULL;
      if (!g_path_is_absolute (target))
        {
          g_autofree char *dir = g_path_get_dirname (path);
          char *joined = g_build_filename (dir, target, NULL);

          g_free (target);
          target = joined;
        }
      g_free (path);
      path = g_steal_pointer (&target);
    }
}

/* A hidden name in the real file's folder: ".NAME.XXXXXX" (for g_mkstemp_full). */
static char *
temp_template (const Target *t, const char *suffix)
{
  g_autofree char *base = g_path_get_basename (t->real);

  if (strlen (base) > TEMP_NAME_BYTES)
    base[TEMP_NAME_BYTES] = '\0';
  return g_strdup_printf ("%s/.%s%s.XXXXXX", t->dir, base, suffix);
}

static int
create_temp (const Target *t, const char *suffix, int mode, char **path)
{
  *path = temp_template (t, suffix);
  return g_mkstemp_full (*path, O_WRONLY | O_CLOEXEC, mode);
}

/* Gives the temporary file the old file's permissions (and owner, where allowed). */
static gboolean
copy_permissions (const Target *t, int fd)
{
  if (fchmod (fd, t->st.st_mode & 07777) != 0)
    return FALSE;
  if ((t->st.st_uid != geteuid () || t->st.st_gid != getegid ()) &&
      fchown (fd, t->st.st_uid, t->st.st_gid) != 0 && errno != EPERM)
    return FALSE;
  return TRUE;
}

/* Writes and syncs a temporary file; on failure it is gone and errno says why. */
static gboolean
finish_temp (const Target *t, int fd, const char *path, const char *data, gsize length)
{
  gboolean ok = write_all (fd, data, length) && (!t->exists || copy_permissions (t, fd)) &&
                fsync (fd) == 0;
  int err = errno;

  if (close (fd) != 0 && ok)
    {
      ok = FALSE;
      err = errno;
    }
  if (!ok)
    {
      g_unlink (path);
      errno = err;
    }
  return ok;
}

/* A complete copy of the old file, synced, in a temporary file. */
static char *
copy_old (const Target *t)
{
  g_autofree char *path = NULL;
  g_autofree char *buf = g_malloc (COPY_CHUNK);
  int in, out, err = 0;
  gboolean ok = TRUE;

  if ((in = open (t->real, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0)
    return NULL;
  if ((out = create_temp (t, "~", 0600, &path)) < 0)
    {
      err = errno;
      close (in);
      errno = err;
      return NULL;
    }
  for (;;)
    {
      ssize_t n = read (in, buf, COPY_CHUNK);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0 || !write_all (out, buf, n))
        {
          ok = n == 0;
          err = errno;
          break;
        }
    }
  close (in);
  if (!ok)
    {
      close (out);
      g_unlink (path);
      errno = err;
      return NULL;
    }
  return finish_temp (t, out, path, NULL, 0) ? g_steal_pointer (&path) : NULL;
}

/* The old version as FILE~, beside the real file: a second hard link to it when it has only
 * one (it is never written again: the new version is a new file), else a copy (other hard
 * links might change it, and some file systems have no hard links). */
static gboolean
keep_backup (const Target *t)
{
  g_autofree char *backup = g_strconcat (t->real, "~", NULL);
  g_autofree char *path = NULL;
  int err;

  for (guint attempt = 0; t->st.st_nlink == 1 && attempt < 100 && path == NULL; attempt++)
    {
      g_autofree char *name = temp_template (t, "~");
      int fd = g_mkstemp_full (name, O_WRONLY | O_CLOEXEC, 0600);

      /* g_mkstemp_full finds a free name; link () needs it free again. */
      if (fd < 0)
        break;
      close (fd);
      g_unlink (name);
      if (link (t->real, name) == 0)
        path = g_steal_pointer (&name);
      else if (errno != EEXIST)
        break;
    }
  if (path == NULL && (path = copy_old (t)) == NULL)
    return fail (t, errno, _("cannot keep the old version as %s"), backup);
  if (rename (path, backup) != 0)
    {
      err = errno;
      g_unlink (path);
      return fail (t, err, _("cannot keep the old version as %s"), backup);
    }
  return TRUE;
}

/* So that the rename is on disk once we return; not every file system can (EINVAL). */
static void
sync_folder (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* A pipe, terminal or device takes the bytes as a stream (convert IN /dev/stdout). */
static gboolean
write_stream (const char *filename, const struct stat *st, const char *data, gsize length,
              GError **error)
{
  int fd, err;

  if (S_ISDIR (st->st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, _("%s: not saved: it is a folder"), filename);
      return FALSE;
    }
  if (!S_ISFIFO (st->st_mode) && !S_ISCHR (st->st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("%s: not saved: not a regular file, a pipe or a character device"), filename);
      return FALSE;
    }
  fd = open (filename, O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd >= 0 && write_all (fd, data, length) && close (fd) == 0)
    return TRUE;
  err = errno;
  if (fd >= 0)
    close (fd);
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), _("%s: cannot write: %s"),
               filename, g_strerror (err));
  return FALSE;
}

static gboolean
replace_file (Target *t, const char *data, gsize length, TsSafeFileFlags flags)
{
  g_autofree char *temp = NULL;
  int fd, err;

  if ((t->real = follow_links (t->filename)) == NULL)
    return fail (t, errno, _("cannot follow the symbolic link"));
  t->dir = g_path_get_dirname (t->real);
  if (lstat (t->real, &t->st) == 0)
    {
      t->exists = TRUE;
      if (!S_ISREG (t->st.st_mode))
        return fail (t, EINVAL, _("not a regular file"));
      /* A file the user made read-only stays as it is, though its folder would allow a
       * rename over it. */
      if (faccessat (AT_FDCWD, t->real, W_OK, AT_EACCESS) != 0)
        return fail (t, errno, _("the file is not writable"));
    }
  fd = create_temp (t, "", t->exists || (flags & TS_SAFE_FILE_PRIVATE) ? 0600 : 0666, &temp);
  if (fd < 0)
    return fail (t, errno, _("cannot create a temporary file in %s"), t->dir);
  if (!finish_temp (t, fd, temp, data, length))
    return fail (t, errno, _("cannot write a temporary file in %s"), t->dir);
  if ((flags & TS_SAFE_FILE_BACKUP) && t->exists && !keep_backup (t))
    {
      g_unlink (temp);
      return FALSE;
    }
  if (rename (temp, t->real) != 0)
    {
      err = errno;
      g_unlink (temp);
      return fail (t, err, _("cannot replace the file"));
    }
  sync_folder (t->dir);
  return TRUE;
}

gboolean
ts_safe_file_write (const char      *filename,
                    const void      *data,
                    gsize            length,
                    TsSafeFileFlags  flags,
                    GError         **error)
{
  Target t = { filename, NULL, NULL, FALSE, { 0 }, error };
  struct stat st;
  gboolean ok;

  g_return_val_if_fail (filename != NULL && *filename != '\0', FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (stat (filename, &st) == 0 && !S_ISREG (st.st_mode))
    return write_stream (filename, &st, data, length, error);
  ok = replace_file (&t, data, length, flags);
  g_free (t.real);
  g_free (t.dir);
  return ok;
}
