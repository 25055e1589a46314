/* ts_safe_file_write: new and old files, permissions, the backup, symbolic and hard
 * links, pipes and devices; failures (full disk, I/O errors, denied permissions) injected
 * with the fail-io shim, and a real full disk on a small tmpfs where the machine allows. */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "records/game-random.h"
#include "records/game.h"
#include "records/safe-file.h"
#include "test-util.h"

static char *tmp_dir;

static char *
path_in (const char *dir, const char *name)
{
  return g_build_filename (dir, name, NULL);
}

static char *
new_dir (const char *name)
{
  char *dir = path_in (tmp_dir, name);

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  return dir;
}

static void
assert_contents (const char *path, const char *expected)
{
  g_autofree char *text = test_util_read_file (path);

  g_assert_cmpstr (text, ==, expected);
}

static struct stat
lstat_of (const char *path)
{
  struct stat st;

  g_assert_cmpint (lstat (path, &st), ==, 0);
  return st;
}

/* The folder holds exactly these names (NULL-terminated): no temporary file left over. */
static void
assert_dir_holds (const char *dir, const char *const *names)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_test_message ("%s holds %s", dir, name);
      g_assert_true (g_strv_contains (names, name));
      n++;
    }
  g_assert_cmpuint (n, ==, g_strv_length ((char **) names));
}

static void
write_ok (const char *path, const char *text, TsSafeFileFlags flags)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (ts_safe_file_write (path, text, strlen (text), flags, &error));
  g_assert_no_error (error);
}

static void
test_new_file (void)
{
  g_autofree char *dir = new_dir ("new");
  g_autofree char *plain = path_in (dir, "plain.tessera");
  g_autofree char *private = path_in (dir, "private.tessera");
  g_autofree char *empty = path_in (dir, "empty");
  mode_t mask = umask (022);

  umask (mask);
  write_ok (plain, "plain", TS_SAFE_FILE_BACKUP);
  write_ok (private, "private", TS_SAFE_FILE_PRIVATE);
  g_assert_true (ts_safe_file_write (empty, "", 0, TS_SAFE_FILE_NONE, NULL));
  assert_contents (plain, "plain");
  assert_contents (private, "private");
  assert_contents (empty, "");
  g_assert_cmpint (lstat_of (plain).st_mode & 07777, ==, 0666 & ~mask);
  g_assert_cmpint (lstat_of (private).st_mode & 07777, ==, 0600);
  /* A backup is only made of an old version. */
  assert_dir_holds (dir, (const char *[]) { "plain.tessera", "private.tessera", "empty", NULL });
}

static void
test_replace (void)
{
  g_autofree char *dir = new_dir ("replace");
  g_autofree char *path = path_in (dir, "game.tessera");
  g_autofree char *backup = path_in (dir, "game.tessera~");
  ino_t old_inode;

  test_util_write_file (path, "first version, longer than the next", -1);
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  old_inode = lstat_of (path).st_ino;

  write_ok (path, "second", TS_SAFE_FILE_NONE);
  assert_contents (path, "second");
  g_assert_cmpint (lstat_of (path).st_mode & 07777, ==, 0640);
  g_assert_cmpuint (lstat_of (path).st_ino, !=, old_inode);   /* replaced, not rewritten */
  assert_dir_holds (dir, (const char *[]) { "game.tessera", NULL });

  write_ok (path, "third", TS_SAFE_FILE_BACKUP);
  assert_contents (path, "third");
  assert_contents (backup, "second");
  g_assert_cmpint (lstat_of (backup).st_mode & 07777, ==, 0640);
  write_ok (path, "fourth", TS_SAFE_FILE_BACKUP);
  assert_contents (backup, "third");
  g_assert_cmpuint (lstat_of (backup).st_nlink, ==, 1);
  g_assert_cmpuint (lstat_of (path).st_nlink, ==, 1);
  assert_dir_holds (dir, (const char *[]) { "game.tessera", "game.tessera~", NULL });
}

/* A chain of links, relative and absolute, across folders: the real file is replaced in
 * its own folder, its backup beside it; the links stay links. */
static void
test_symlinks (void)
{
  g_autofree char *a = new_dir ("links-a");
  g_autofree char *b = new_dir ("links-b");
  g_autofree char *real = path_in (b, "real.tessera");
  g_autofree char *middle = path_in (b, "middle.tessera");
  g_autofree char *link = path_in (a, "link.tessera");
  g_autoptr (GError) error = NULL;

  test_util_write_file (real, "old", -1);
  g_assert_cmpint (g_chmod (real, 0604), ==, 0);
  g_assert_cmpint (symlink ("real.tessera", middle), ==, 0);    /* relative */
  g_assert_cmpint (symlink (middle, link), ==, 0);               /* absolute */

  write_ok (link, "new", TS_SAFE_FILE_BACKUP);
  g_assert_true (S_ISLNK (lstat_of (link).st_mode));
  g_assert_true (S_ISLNK (lstat_of (middle).st_mode));
  assert_contents (real, "new");
  assert_contents (link, "new");
  g_assert_cmpint (lstat_of (real).st_mode & 07777, ==, 0604);
  {
    g_autofree char *backup = path_in (b, "real.tessera~");

    assert_contents (backup, "old");
  }
  assert_dir_holds (a, (const char *[]) { "link.tessera", NULL });
  assert_dir_holds (b, (const char *[]) { "real.tessera", "real.tessera~", "middle.tessera", NULL });

  /* A dangling link makes the file it points to. */
  {
    g_autofree char *dangling = path_in (a, "dangling.pgn");
    g_autofree char *target = path_in (b, "new.pgn");

    g_assert_cmpint (symlink (target, dangling), ==, 0);
    write_ok (dangling, "created", TS_SAFE_FILE_BACKUP);
    assert_contents (target, "created");
    g_assert_true (S_ISLNK (lstat_of (dangling).st_mode));
  }

  /* A loop is an error that names the file. */
  {
    g_autofree char *loop1 = path_in (a, "loop1");
    g_autofree char *loop2 = path_in (a, "loop2");

    g_assert_cmpint (symlink ("loop2", loop1), ==, 0);
    g_assert_cmpint (symlink ("loop1", loop2), ==, 0);
    g_assert_false (ts_safe_file_write (loop1, "x", 1, TS_SAFE_FILE_BACKUP, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_LOOP);
    g_test_message ("%s", error->message);
    g_assert_true (g_str_has_prefix (error->message, loop1));
    g_assert_true (S_ISLNK (lstat_of (loop1).st_mode));
  }
}

/* Other hard links keep the old version (a rename cannot change them, and writing in place
 * would not be atomic); the backup is a copy, not one more name for the old file. */
static void
test_hard_links (void)
{
  g_autofree char *dir = new_dir ("hard");
  g_autofree char *one = path_in (dir, "one.tessera");
  g_autofree char *two = path_in (dir, "two.tessera");
  g_autofree char *backup = path_in (dir, "one.tessera~");

  test_util_write_file (one, "old", -1);
  g_assert_cmpint (link (one, two), ==, 0);
  write_ok (one, "new", TS_SAFE_FILE_BACKUP);
  assert_contents (one, "new");
  assert_contents (two, "old");
  assert_contents (backup, "old");
  g_assert_cmpuint (lstat_of (backup).st_nlink, ==, 1);
  g_assert_cmpuint (lstat_of (two).st_nlink, ==, 1);
}

static gpointer
read_fifo (gpointer path)
{
  return test_util_read_file (path);
}

static void
test_special_files (void)
{
  g_autofree char *dir = new_dir ("special");
  g_autofree char *fifo = path_in (dir, "fifo");
  g_autoptr (GError) error = NULL;
  GThread *reader;
  g_autofree char *received = NULL;

  /* A folder: refused, named. */
  g_assert_false (ts_safe_file_write (dir, "x", 1, TS_SAFE_FILE_BACKUP, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_true (g_str_has_prefix (error->message, dir));
  g_clear_error (&error);

  /* A character device is written as a stream: no backup, no rename. */
  write_ok ("/dev/null", "discarded", TS_SAFE_FILE_BACKUP);
  g_assert_false (g_file_test ("/dev/null~", G_FILE_TEST_EXISTS));
  g_assert_true (S_ISCHR (lstat_of ("/dev/null").st_mode));

  /* So is a pipe. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  reader = g_thread_new ("fifo", read_fifo, fifo);
  write_ok (fifo, "through the pipe", TS_SAFE_FILE_BACKUP);
  received = g_thread_join (reader);
  g_assert_cmpstr (received, ==, "through the pipe");
  g_assert_true (S_ISFIFO (lstat_of (fifo).st_mode));
  assert_dir_holds (dir, (const char *[]) { "fifo", NULL });
}

/* Runs safe-file-child with args; with fail set, under the fail-io shim failing calls on
 * paths inside fail_path. Returns the exit status; *err gets stderr. */
static int
run_child (const char *const *args, const char *fail, const char *fail_path, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv) env = g_get_environ ();
  g_autoptr (GError) error = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) g_getenv ("TS_SAFE_FILE_CHILD"));
  for (const char *const *a = args; *a; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  g_assert_nonnull (argv->pdata[0]);
  if (fail)
    {
      const char *preload = g_getenv ("LD_PRELOAD");
      g_autofree char *both = preload ? g_strconcat (g_getenv ("TS_FAIL_IO_LIB"), ":", preload, NULL)
                                      : g_strdup (g_getenv ("TS_FAIL_IO_LIB"));

      g_assert_nonnull (g_getenv ("TS_FAIL_IO_LIB"));
      env = g_environ_setenv (env, "LD_PRELOAD", both, TRUE);
      env = g_environ_setenv (env, "TS_FAIL_IO", fail, TRUE);
      env = g_environ_setenv (env, "TS_FAIL_IO_PATH", fail_path, TRUE);
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

typedef struct {
  const char *fail;          /* TS_FAIL_IO */
  const char *step;          /* a part of the message */
  const char *reason;        /* strerror's part */
  const char *step_new;      /* for a new file, when not step */
} Failure;

static const Failure failures[] = {
  { "write=ENOSPC@10", "cannot write a temporary file in", "No space left on device" },
  { "write=EIO@0", "cannot write a temporary file in", "Input/output error" },
  { "write=EDQUOT@3000", "cannot write a temporary file in", "Disk quota exceeded" },
  { "fsync=EIO", "cannot write a temporary file in", "Input/output error" },
  { "close=EIO", "cannot write a temporary file in", "Input/output error" },
  { "open=EACCES", "cannot create a temporary file in", "Permission denied" },
  { "open=EROFS", "cannot create a temporary file in", "Read-only file system" },
  /* the first rename makes the backup */
  { "rename=EIO", "cannot keep the old version as", "Input/output error", "cannot replace the file" },
};

/* ts_safe_file_write onto an old file, a new one, and through a link: every failure leaves
 * the old file (and an older backup) byte for byte, no new file, no temporary file, and
 * says so. */
static void
test_injected_failures (void)
{
  g_autofree char *dir = new_dir ("failures");
  g_autofree char *path = path_in (dir, "game.tessera");
  g_autofree char *backup = path_in (dir, "game.tessera~");
  g_autofree char *link = path_in (dir, "link.tessera");
  g_autofree char *fresh = path_in (dir, "fresh.tessera");
  g_autofree char *source = path_in (tmp_dir, "failures-source");
  g_autofree char *new_text = g_strnfill (5000, 'n');
  g_autofree char *old_text = g_strnfill (7000, 'o');

  test_util_write_file (source, new_text, -1);
  test_util_write_file (path, old_text, -1);
  test_util_write_file (backup, "an older backup", -1);
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_cmpint (symlink ("game.tessera", link), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (failures); i++)
    {
      const Failure *f = &failures[i];
      const char *targets[] = { path, link, fresh };

      for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
        {
          g_autofree char *err = NULL;
          int status = run_child ((const char *[]) { "write", targets[t], source, "backup", NULL },
                                  f->fail, dir, &err);

          g_test_message ("%s onto %s: %s", f->fail, targets[t], err);
          g_assert_cmpint (status, ==, 1);
          g_assert_true (g_str_has_prefix (err, targets[t]));
          g_assert_nonnull (strstr (err, t == 2 && f->step_new ? f->step_new : f->step));
          g_assert_nonnull (strstr (err, f->reason));
          g_assert_nonnull (strstr (err, t < 2 ? "The old version of the file is intact."
                                               : "No file was created."));
          if (t == 1)
            g_assert_nonnull (strstr (err, "(a link to "));
          assert_contents (path, old_text);
          assert_contents (backup, "an older backup");
          g_assert_cmpint (lstat_of (path).st_mode & 07777, ==, 0640);
          g_assert_true (S_ISLNK (lstat_of (link).st_mode));
          assert_dir_holds (dir, (const char *[]) { "game.tessera", "game.tessera~", "link.tessera", NULL });
        }
    }

  /* The backup cannot be made: nothing changes either. */
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_child ((const char *[]) { "write", path, source, "backup", NULL },
                                "rename=EIO", "game.tessera~", &err), ==, 1);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "cannot keep the old version as"));
    g_assert_nonnull (strstr (err, "intact"));
    assert_contents (path, old_text);
    assert_contents (backup, "an older backup");
    assert_dir_holds (dir, (const char *[]) { "game.tessera", "game.tessera~", "link.tessera", NULL });
  }

  /* Without hard links (link () fails) the backup is a copy; when copying fills the disk,
   * nothing changes. */
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_child ((const char *[]) { "write", path, source, "backup", NULL },
                                "link=EPERM,write=ENOSPC@6000", dir, &err), ==, 1);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "cannot keep the old version"));
    g_assert_nonnull (strstr (err, "No space left on device"));
    assert_contents (path, old_text);
    assert_contents (backup, "an older backup");
    assert_dir_holds (dir, (const char *[]) { "game.tessera", "game.tessera~", "link.tessera", NULL });

    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_child ((const char *[]) { "write", path, source, "backup", NULL },
                                "link=EPERM", dir, &err), ==, 0);
    assert_contents (path, new_text);
    assert_contents (backup, old_text);
    g_assert_cmpint (lstat_of (backup).st_mode & 07777, ==, 0640);
  }
}

/* ts_game_save and tessera-cli convert report the writer's message and change nothing. */
static void
test_injected_game_save (void)
{
  g_autofree char *dir = new_dir ("game-save");
  g_autofree char *game_path = path_in (tmp_dir, "game-save-source.tessera");
  g_autofree char *old_path = path_in (dir, "old.pgn");
  g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 60, 5, TRUE, 9);
  g_autofree char *old_text = NULL;
  g_autofree char *err = NULL;

  g_assert_true (ts_game_save (game, game_path, TS_GAME_FORMAT_XML, NULL));
  test_util_write_file (old_path, "[Variant \"raumschach\"]\n\n*\n", -1);
  old_text = test_util_read_file (old_path);

  g_assert_cmpint (run_child ((const char *[]) { "save", old_path, game_path, NULL },
                              "write=ENOSPC@100", dir, &err), ==, 1);
  g_test_message ("ts_game_save: %s", err);
  g_assert_true (g_str_has_prefix (err, old_path));
  g_assert_nonnull (strstr (err, "No space left on device. The old version of the file is intact."));
  assert_contents (old_path, old_text);
  assert_dir_holds (dir, (const char *[]) { "old.pgn", NULL });

  /* tessera-cli convert under the same shim. */
  {
    const char *cli = g_getenv ("TESSERA_CLI");
    g_autofree char *new_path = path_in (dir, "new.pgn");
    const char *argv[] = { cli, "convert", game_path, old_path, NULL };
    g_auto (GStrv) env = g_get_environ ();
    int status;

    env = g_environ_setenv (env, "LD_PRELOAD", g_getenv ("TS_FAIL_IO_LIB"), TRUE);
    env = g_environ_setenv (env, "TS_FAIL_IO", "write=ENOSPC@100", TRUE);
    env = g_environ_setenv (env, "TS_FAIL_IO_PATH", dir, TRUE);
    for (guint i = 0; i < 2; i++)
      {
        g_clear_pointer (&err, g_free);
        argv[3] = i == 0 ? old_path : new_path;
        g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_STDOUT_TO_DEV_NULL,
                                     NULL, NULL, NULL, &err, &status, NULL));
        g_test_message ("convert: %s", err);
        g_assert_true (WIFEXITED (status));
        g_assert_cmpint (WEXITSTATUS (status), ==, 1);
        g_assert_true (g_str_has_prefix (err, argv[3]));
        g_assert_nonnull (strstr (err, "No space left on device"));
      }
    assert_contents (old_path, old_text);
    assert_dir_holds (dir, (const char *[]) { "old.pgn", NULL });
  }
}

/* A real full disk: a 256 kB tmpfs in a private mount namespace (as root, or as a user
 * with user namespaces). Where neither is allowed the injected failures above still run. */
static void
test_full_disk (void)
{
  g_autofree char *mount_point = new_dir ("tmpfs");
  g_autofree char *script = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *child = g_getenv ("TS_SAFE_FILE_CHILD");
  const char *unshare_args[2][6] = {
    { "unshare", "--mount", NULL },
    { "unshare", "--user", "--map-root-user", "--mount", NULL },
  };
  gboolean ran = FALSE;
  g_autofree char *old_src = path_in (tmp_dir, "full-old");
  g_autofree char *new_src = path_in (tmp_dir, "full-new");
  g_autofree char *old_text = g_strnfill (60000, 'o');
  g_autofree char *new_text = g_strnfill (120000, 'n');

  g_assert_nonnull (child);
  test_util_write_file (old_src, old_text, -1);
  test_util_write_file (new_src, new_text, -1);
  /* The old file, then a filler up to the brim, then a bigger new version; then the same
   * onto a new file. Every step prints what it found; the test reads it. */
  script = g_strdup_printf (
    "mount -t tmpfs -o size=256k tmpfs '%1$s' || exit 77\n"
    "cd '%1$s' || exit 3\n"
    "'%2$s' write game.tessera '%3$s' || exit 3\n"
    "head -c 1000000 /dev/zero > filler 2>/dev/null\n"
    "'%2$s' write game.tessera '%4$s' backup 2>&1; echo \"status $?\"\n"
    "cmp game.tessera '%3$s' && echo old-intact\n"
    "'%2$s' write fresh.tessera '%4$s' 2>&1; echo \"status $?\"\n"
    "ls -A | tr '\\n' ' '; echo\n",
    mount_point, child, old_src, new_src);

  for (guint i = 0; i < G_N_ELEMENTS (unshare_args) && !ran; i++)
    {
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      int status;

      for (const char *const *a = unshare_args[i]; *a; a++)
        g_ptr_array_add (argv, (gpointer) *a);
      g_ptr_array_add (argv, "sh");
      g_ptr_array_add (argv, "-c");
      g_ptr_array_add (argv, script);
      g_ptr_array_add (argv, NULL);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                         &out, &err, &status, NULL))
        continue;
      g_test_message ("%s: status %d\n%s%s", unshare_args[i][1], status, out, err);
      if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
        ran = TRUE;
    }
  if (!ran)
    {
      g_test_skip ("no tmpfs can be mounted here (no mount rights, no user namespaces); "
                   "the injected full-disk failures cover this");
      return;
    }
  g_assert_nonnull (strstr (out, "game.tessera: not saved: cannot write a temporary file in"));
  g_assert_nonnull (strstr (out, "No space left on device. The old version of the file is intact.\nstatus 1\n"));
  g_assert_nonnull (strstr (out, "old-intact\n"));
  g_assert_nonnull (strstr (out, "fresh.tessera: not saved: cannot write a temporary file in"));
  g_assert_nonnull (strstr (out, "No space left on device. No file was created.\nstatus 1\n"));
  g_assert_true (g_str_has_suffix (out, "\ngame.tessera filler \n") ||
                 g_str_has_suffix (out, "\nfiller game.tessera \n"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-safe-file-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_test_add_func ("/records/safe-file/new-file", test_new_file);
  g_test_add_func ("/records/safe-file/replace", test_replace);
  g_test_add_func ("/records/safe-file/symlinks", test_symlinks);
  g_test_add_func ("/records/safe-file/hard-links", test_hard_links);
  g_test_add_func ("/records/safe-file/special-files", test_special_files);
  g_test_add_func ("/records/safe-file/injected-failures", test_injected_failures);
  g_test_add_func ("/records/safe-file/injected-game-save", test_injected_game_save);
  g_test_add_func ("/records/safe-file/full-disk", test_full_disk);
  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
