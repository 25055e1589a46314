/* A window's autosave folder, locked while the window lives; the background writer; the
 * search for the folders of windows that are gone. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autosave-slot.h"
#include "records/safe-file.h"

#define LOCK_NAME     "lock"
#define SLOT_PREFIX   "window-"
#define GAME_NAME     TS_AUTOSAVE_GAME
#define LEGACY_META   "session.ini"

struct _TsAutosaveSlot
{
  gatomicrefcount       ref;
  char                 *dir;
  int                   lock_fd;    /* flock'ed while the slot is ours; -1 once let go */
  TsAutosaveErrorFunc   error_func;
  gpointer              error_data;
};

/* The folders this process holds: a second look from this process must not take them for
 * orphans even where flock(2) is per process (some network file systems). */
static GHashTable *held;

char *
ts_autosave_root (void)
{
  return g_build_filename (g_get_user_data_dir (), "tessera", "autosave", NULL);
}

static TsAutosaveSlot *
slot_new (char *dir, int lock_fd)
{
  TsAutosaveSlot *slot = g_new0 (TsAutosaveSlot, 1);

  g_atomic_ref_count_init (&slot->ref);
  slot->dir = dir;
  slot->lock_fd = lock_fd;
  if (held == NULL)
    held = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_add (held, g_strdup (dir));
  return slot;
}

static TsAutosaveSlot *
slot_ref (TsAutosaveSlot *slot)
{
  g_atomic_ref_count_inc (&slot->ref);
  return slot;
}

static void
slot_unref (TsAutosaveSlot *slot)
{
  if (!g_atomic_ref_count_dec (&slot->ref))
    return;
  g_free (slot->dir);
  g_free (slot);
}

/* Lets go of the lock: from now on the folder is an orphan (or gone). */
static void
slot_unlock (TsAutosaveSlot *slot)
{
  if (slot->lock_fd < 0)
    return;
  g_hash_table_remove (held, slot->dir);
  close (slot->lock_fd);
  slot->lock_fd = -1;
  slot->error_func = NULL;
}

static void
set_folder_error (GError **error, const char *root)
{
  int saved = errno;
  g_autofree char *display = g_filename_display_name (root);

  /* Translators: the first %s is a folder, the second what went wrong */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               _("Cannot create the autosave folder in “%s”: %s"), display, g_strerror (saved));
}

TsAutosaveSlot *
ts_autosave_slot_new (const char *root,
                      GError    **error)
{
  g_autofree char *building = g_build_filename (root, ".new-XXXXXX", NULL);
  g_autofree char *lock_path = NULL;
  g_autofree char *uuid = g_uuid_string_random ();
  g_autofree char *name = g_strconcat (SLOT_PREFIX, uuid, NULL);
  char *dir = g_build_filename (root, name, NULL);
  int fd;

  if (g_mkdir_with_parents (root, 0700) != 0 || g_mkdtemp_full (building, 0700) == NULL)
    {
      set_folder_error (error, root);
      g_free (dir);
      return NULL;
    }
  lock_path = g_build_filename (building, LOCK_NAME, NULL);
  fd = open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || flock (fd, LOCK_EX | LOCK_NB) != 0 || g_rename (building, dir) != 0)
    {
      set_folder_error (error, root);
      if (fd >= 0)
        close (fd);
      g_remove (lock_path);
      g_rmdir (building);
      g_free (dir);
      return NULL;
    }
  return slot_new (dir, fd);
}

const char *
ts_autosave_slot_get_dir (TsAutosaveSlot *slot)
{
  g_return_val_if_fail (slot != NULL, NULL);

  return slot->dir;
}

void
ts_autosave_slot_set_error_func (TsAutosaveSlot     *slot,
                                 TsAutosaveErrorFunc func,
                                 gpointer            user_data)
{
  g_return_if_fail (slot != NULL);

  slot->error_func = func;
  slot->error_data = user_data;
}

/* Removes every file of dir but its lock. */
static void
remove_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (!g_str_equal (name, LOCK_NAME))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_remove (path);
      }
}

static void
remove_folder (const char *dir)
{
  g_autofree char *lock_path = g_build_filename (dir, LOCK_NAME, NULL);

  remove_files (dir);
  g_remove (lock_path);
  g_rmdir (dir);
}

/* The writer: one background thread writes the jobs in the order they were asked for, so
 * that a move never waits for the disk. */

typedef struct {
  TsAutosaveSlot *slot;
  GStrv           names;      /* NULL: remove the files */
  GPtrArray      *contents;   /* of GBytes */
} AutosaveJob;

static GThreadPool *writer;
static GMutex       writer_lock;
static GCond        writer_cond;
static guint        writer_queued;

static void
job_free (AutosaveJob *job)
{
  slot_unref (job->slot);
  g_strfreev (job->names);
  g_clear_pointer (&job->contents, g_ptr_array_unref);
  g_free (job);
}

typedef struct {
  TsAutosaveSlot *slot;
  GError         *error;
} ErrorReport;

/* In the main thread: tell the window, if it still owns the slot. */
static gboolean
report_error (gpointer data)
{
  ErrorReport *report = data;

  if (report->slot->error_func != NULL)
    report->slot->error_func (report->slot, report->error, report->slot->error_data);
  slot_unref (report->slot);
  g_error_free (report->error);
  g_free (report);
  return G_SOURCE_REMOVE;
}

/* Atomic (g_file_set_contents_full without CONSISTENT rewrote the file in place on GLib
 * 2.74 and did not truncate it: a shorter record kept the old one's tail). */
static gboolean
write_file (const char *path, GBytes *contents, GError **error)
{
  gsize length;
  const char *data = g_bytes_get_data (contents, &length);

  return ts_safe_file_write (path, data, length, TS_SAFE_FILE_PRIVATE, error);
}

static void
run_job (gpointer data, gpointer user_data)
{
  AutosaveJob *job = data;
  g_autoptr(GError) error = NULL;

  if (job->names == NULL)
    remove_files (job->slot->dir);
  /* In order: the game first (a folder is offered for its game). */
  for (guint i = 0; job->names != NULL && job->names[i] != NULL && error == NULL; i++)
    {
      g_autofree char *path = g_build_filename (job->slot->dir, job->names[i], NULL);

      write_file (path, job->contents->pdata[i], &error);
    }
  if (error != NULL)
    {
      ErrorReport *report = g_new0 (ErrorReport, 1);

      report->slot = slot_ref (job->slot);
      report->error = g_steal_pointer (&error);
      g_idle_add (report_error, report);
    }
  job_free (job);

  g_mutex_lock (&writer_lock);
  if (--writer_queued == 0)
    g_cond_broadcast (&writer_cond);
  g_mutex_unlock (&writer_lock);
}

static void
queue_job (TsAutosaveSlot *slot, GStrv names, GPtrArray *contents)
{
  AutosaveJob *job = g_new0 (AutosaveJob, 1);

  job->slot = slot_ref (slot);
  job->names = names;
  job->contents = contents;
  g_mutex_lock (&writer_lock);
  if (writer == NULL)
    writer = g_thread_pool_new (run_job, NULL, 1, FALSE, NULL);
  writer_queued++;
  g_mutex_unlock (&writer_lock);
  g_thread_pool_push (writer, job, NULL);
}

void
ts_autosave_slot_write (TsAutosaveSlot *slot,
                        GStrv           names,
                        GPtrArray      *contents)
{
  g_return_if_fail (slot != NULL && slot->lock_fd >= 0);
  g_return_if_fail (g_strv_length (names) == contents->len);

  queue_job (slot, names, contents);
}

void
ts_autosave_slot_clear (TsAutosaveSlot *slot)
{
  g_return_if_fail (slot != NULL && slot->lock_fd >= 0);

  queue_job (slot, NULL, NULL);
}

void
ts_autosave_flush (void)
{
  g_mutex_lock (&writer_lock);
  while (writer_queued > 0)
    g_cond_wait (&writer_cond, &writer_lock);
  g_mutex_unlock (&writer_lock);
}

void
ts_autosave_slot_release (TsAutosaveSlot *slot)
{
  if (slot == NULL)
    return;
  ts_autosave_flush ();
  slot_unlock (slot);
  slot_unref (slot);
}

void
ts_autosave_slot_remove (TsAutosaveSlot *slot)
{
  if (slot == NULL)
    return;
  ts_autosave_flush ();
  /* Still locked while it goes: nobody takes it for an orphan half removed. */
  remove_folder (slot->dir);
  slot_unlock (slot);
  slot_unref (slot);
}

char *
ts_autosave_slot_set_aside (TsAutosaveSlot *slot)
{
  g_autofree char *root = g_path_get_dirname (slot->dir);
  g_autofree char *base = g_path_get_basename (slot->dir);
  g_autofree char *name = g_strconcat (".damaged-", base, NULL);
  char *aside = g_build_filename (root, name, NULL);

  ts_autosave_flush ();
  if (g_rename (slot->dir, aside) != 0)
    {
      g_free (aside);
      aside = g_strdup (slot->dir);
    }
  slot_unlock (slot);
  slot_unref (slot);
  return aside;
}

/* Orphans */

/* Locks dir's lock file if its owner is gone; -1 if it lives (or the folder went). */
static int
take_lock (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, LOCK_NAME, NULL);
  struct stat opened, named;
  int fd;

  if (held != NULL && g_hash_table_contains (held, dir))
    return -1;
  fd = open (path, O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return -1;
  /* The owner may have removed the folder between our open and our lock: the lock must
   * still be the file of that name. */
  if (flock (fd, LOCK_EX | LOCK_NB) != 0 || fstat (fd, &opened) != 0 || g_stat (path, &named) != 0 ||
      opened.st_ino != named.st_ino || opened.st_dev != named.st_dev)
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* An earlier version autosaved straight into root: its files move into a slot. */
static void
adopt_legacy_files (const char *root)
{
  g_autofree char *game = g_build_filename (root, GAME_NAME, NULL);
  g_autofree char *meta = g_build_filename (root, LEGACY_META, NULL);
  g_autofree char *new_game = NULL;
  g_autofree char *new_meta = NULL;
  TsAutosaveSlot *slot;

  if (!g_file_test (game, G_FILE_TEST_IS_REGULAR))
    return;
  slot = ts_autosave_slot_new (root, NULL);
  if (slot == NULL)
    return;
  new_game = g_build_filename (slot->dir, GAME_NAME, NULL);
  new_meta = g_build_filename (slot->dir, LEGACY_META, NULL);
  /* Another instance may move them first; the game never goes missing. */
  if (g_rename (game, new_game) == 0)
    g_rename (meta, new_meta);
  ts_autosave_slot_release (slot);
}

static gint64
game_mtime (TsAutosaveSlot *slot)
{
  g_autofree char *path = g_build_filename (slot->dir, GAME_NAME, NULL);
  struct stat st;

  return g_stat (path, &st) == 0 ? (gint64) st.st_mtime : 0;
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  gint64 ta = game_mtime (*(TsAutosaveSlot **) a);
  gint64 tb = game_mtime (*(TsAutosaveSlot **) b);

  return ta < tb ? 1 : ta > tb ? -1 : 0;
}

GPtrArray *
ts_autosave_claim_orphans (const char *root)
{
  GPtrArray *orphans = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_autosave_slot_release);
  g_autoptr(GDir) d = NULL;
  const char *name;

  adopt_legacy_files (root);
  d = g_dir_open (root, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *dir = NULL;
      g_autofree char *game = NULL;
      int fd;

      if (!g_str_has_prefix (name, SLOT_PREFIX))
        continue;
      dir = g_build_filename (root, name, NULL);
      fd = take_lock (dir);
      if (fd < 0)
        continue;
      game = g_build_filename (dir, GAME_NAME, NULL);
      if (g_file_test (game, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (orphans, slot_new (g_steal_pointer (&dir), fd));
      else
        {
          /* Gone before it wrote a game, or cleared: nothing to offer. */
          remove_folder (dir);
          close (fd);
        }
    }
  g_ptr_array_sort (orphans, newest_first);
  return orphans;
}
