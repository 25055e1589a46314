#pragma once

/* The kill test harness: starts a child that saves a file over and over, kills it with
 * SIGKILL at a random moment, and checks that the file holds one of the versions the child
 * writes, complete, and that its backup FILE~ (if any) does too. Used by
 * tests/records/test-kill-save.c (ts_game_save, tessera-cli convert); a window session
 * or autosave can be driven the same way: any child that prints a line on its standard
 * output once it is saving, then saves until killed.
 *
 * The child runs in a process group of its own, and this process becomes a subreaper,
 * so that a shell's children are killed and reaped too before the file is looked at. */
#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  const char *const *argv;       /* the child, NULL-terminated (argv[0] a path) */
  const char        *real;       /* the file the child really writes (a link's target) */
  const char        *link;       /* NULL, or the symbolic link the child saves through */
  const char        *other_link; /* NULL, or another hard link to real's first version */
  GBytes *const     *versions;   /* NULL-terminated: what real may hold; [0] is there first */
  guint              rounds;
  guint              max_delay_us;   /* the kill lands in [0, max_delay_us) after "ready" */
} KillTest;

typedef struct {
  guint rounds;
  guint temp_left;      /* kills that left a temporary file: they landed inside a save */
  guint per_version[8]; /* which version the file held after the kill */
} KillTestStats;

static void
kill_test_child_setup (gpointer data)
{
  setpgid (0, 0);
}

static int
kill_test_version_of (const KillTest *kt, const char *path)
{
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return -1;
  for (int i = 0; kt->versions[i]; i++)
    if (g_bytes_get_size (kt->versions[i]) == length &&
        memcmp (g_bytes_get_data (kt->versions[i], NULL), contents, length) == 0)
      return i;
  return -2;
}

/* Removes the hidden temporary files a kill may leave beside the file; returns how many. */
static guint
kill_test_remove_temps (const char *real)
{
  g_autofree char *dir = g_path_get_dirname (real);
  g_autofree char *base = g_path_get_basename (real);
  g_autofree char *prefix = g_strconcat (".", base, NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_prefix (name, prefix))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_unlink (path);
        n++;
      }
  return n;
}

/* Waits for a line on fd (the child's "ready"); FALSE after 60 s. */
static gboolean
kill_test_wait_ready (int fd)
{
  struct pollfd pfd = { fd, POLLIN, 0 };
  char c;

  for (;;)
    {
      if (poll (&pfd, 1, 60000) <= 0)
        return FALSE;
      if (read (fd, &c, 1) != 1)
        return FALSE;
      if (c == '\n')
        return TRUE;
    }
}

static void
kill_test_check (const KillTest *kt, KillTestStats *stats)
{
  g_autofree char *backup = g_strconcat (kt->real, "~", NULL);
  int version = kill_test_version_of (kt, kt->real);
  int backup_version = kill_test_version_of (kt, backup);

  if (version < 0)
    g_error ("round %u: %s is %s", stats->rounds, kt->real,
             version == -1 ? "missing" : "not one of the versions written (partial or mixed)");
  if (backup_version == -2)
    g_error ("round %u: %s is not a complete version", stats->rounds, backup);
  if (version < (int) G_N_ELEMENTS (stats->per_version))
    stats->per_version[version]++;
  if (kt->link)
    {
      GStatBuf st;
      g_autofree char *target = NULL;

      g_assert_cmpint (g_lstat (kt->link, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
      target = g_file_read_link (kt->link, NULL);
      g_assert_nonnull (target);
      g_assert_true (kill_test_version_of (kt, kt->link) == version);
    }
  if (kt->other_link)
    g_assert_cmpint (kill_test_version_of (kt, kt->other_link), ==, 0);
  stats->temp_left += kill_test_remove_temps (kt->real) > 0;
}

static void
kill_test_run (const KillTest *kt, KillTestStats *stats)
{
  g_autoptr (GRand) rand = g_rand_new ();

  memset (stats, 0, sizeof *stats);
  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), ==, 0);
  for (guint round = 0; round < kt->rounds; round++)
    {
      g_autoptr (GError) error = NULL;
      GPid pid;
      int out_fd, status;

      stats->rounds = round;
      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) kt->argv, NULL,
                                               G_SPAWN_DO_NOT_REAP_CHILD, kill_test_child_setup,
                                               NULL, &pid, NULL, &out_fd, NULL, &error));
      g_assert_no_error (error);
      if (!kill_test_wait_ready (out_fd))
        g_error ("round %u: %s did not say it was ready", round, kt->argv[0]);
      g_usleep (g_rand_int_range (rand, 0, (gint32) kt->max_delay_us));
      kill (-pid, SIGKILL);
      while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
        ;
      if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGKILL)
        g_error ("round %u: %s ended by itself (status %d) before it was killed", round,
                 kt->argv[0], status);
      /* The rest of the group (a shell's children, reparented to us) dead and reaped too. */
      while (waitpid (-pid, &status, 0) > 0 || errno == EINTR)
        ;
      close (out_fd);
      g_spawn_close_pid (pid);
      kill_test_check (kt, stats);
    }
  stats->rounds = kt->rounds;
}
