/* The kill test for the window: the game window's Save (tests/ui/window-kill-child.c), and
 * its autosave of a record that shrinks and grows (a move taken back, a variation deleted,
 * each undone), killed
 * with SIGKILL at random moments. After every kill the saved file holds one complete
 * version (tests/kill-test.h checks it, and its backup FILE~); the autosave holds one
 * complete record, which a new window's restore reads back exactly. A few rounds in the
 * quick suite, hundreds with -m slow. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "../kill-test.h"
#include "autosave-slot.h"
#include "records/game-random.h"
#include "records/game.h"
#include "tessera-window.h"

static char *tmp_dir;
static char *game_paths[2];

static const char *
child_path (void)
{
  const char *path = g_getenv ("TESSERA_WINDOW_KILL_CHILD");

  g_assert_nonnull (path);
  return path;
}

/* What the window writes for the game in path: its own serialization of what it read. */
static GBytes *
window_version (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsGame) game = ts_game_load (path, &error);
  gsize length;
  char *xml;

  g_assert_no_error (error);
  xml = ts_game_to_xml (game, &length);
  return g_bytes_new_take (xml, length);
}

typedef enum { TARGET_PLAIN, TARGET_SYMLINK, TARGET_HARD_LINK } Target;

static const char *const target_names[] = { "plain", "symlinked", "hard-linked" };

static void
test_save (gconstpointer data)
{
  Target target = GPOINTER_TO_INT (data);
  g_autofree char *dir = g_build_filename (tmp_dir, target_names[target], NULL);
  g_autofree char *real = g_build_filename (dir, "game.tessera", NULL);
  g_autofree char *other = g_build_filename (dir, "link.tessera", NULL);
  GBytes *versions[3] = { window_version (game_paths[0]), window_version (game_paths[1]), NULL };
  const char *argv[] = { child_path (), "save", target == TARGET_SYMLINK ? other : real, game_paths[0], game_paths[1], NULL };
  KillTest kt = { argv, real, NULL, NULL, versions, g_test_slow () ? 200 : 3, 600000 };
  KillTestStats stats;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (real, g_bytes_get_data (versions[0], NULL), g_bytes_get_size (versions[0]), NULL));
  if (target == TARGET_SYMLINK)
    {
      g_assert_cmpint (symlink (real, other), ==, 0);
      kt.link = other;
    }
  else if (target == TARGET_HARD_LINK)
    {
      /* the other name keeps the first version: the save replaces real's name only */
      g_assert_cmpint (link (real, other), ==, 0);
      kt.other_link = other;
    }
  kill_test_run (&kt, &stats);
  g_test_message ("the window's Save onto a %s file: %u kills; the file held the first version %u times, "
                  "the second %u times; %u kills landed inside a save", target_names[target],
                  stats.rounds, stats.per_version[0], stats.per_version[1], stats.temp_left);
  if (g_test_slow ())
    {
      g_assert_cmpuint (stats.temp_left, >, 0);
      g_assert_cmpuint (stats.per_version[1], >, 0);
    }
  g_bytes_unref (versions[0]);
  g_bytes_unref (versions[1]);
}

static GBytes *
file_bytes (const char *path)
{
  char *data;
  gsize length;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  return g_bytes_new_take (data, length);
}

/* Removes the files a killed write may leave in dir (hidden temporary files); returns how
 * many there were. */
static guint
remove_hidden (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d && (name = g_dir_read_name (d)))
    if (name[0] == '.')
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_unlink (path);
        n++;
      }
  return n;
}

static void
test_autosave (void)
{
  g_autofree char *root = ts_autosave_root ();
  g_autofree char *out_dir = g_build_filename (tmp_dir, "autosave-versions", NULL);
  const char *argv[] = { child_path (), "autosave", game_paths[0], out_dir, NULL };
  g_autoptr(GRand) rand = g_rand_new ();
  guint rounds = g_test_slow () ? 200 : 3;
  guint per_version[3] = { 0, 0, 0 }, temp_left = 0;

  g_assert_cmpint (g_mkdir_with_parents (out_dir, 0700), ==, 0);
  g_assert_cmpint (prctl (PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), ==, 0);
  for (guint round = 0; round < rounds; round++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) orphans = NULL;
      g_autoptr(TsGameSession) restored = NULL;
      g_autoptr(GBytes) held = NULL;
      g_autofree char *game = NULL;
      g_autofree char *xml = NULL;
      GBytes *versions[4] = { NULL, NULL, NULL, NULL };
      KillTest kt = { NULL, NULL, NULL, NULL, versions, 1, 0 };
      TsAutosaveSlot *slot;
      GPid pid;
      int out_fd, status, version;

      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                               kill_test_child_setup, NULL, &pid, NULL, &out_fd, NULL, &error));
      g_assert_no_error (error);
      if (!kill_test_wait_ready (out_fd))
        g_error ("round %u: the child did not say it was ready", round);
      g_usleep (g_rand_int_range (rand, 0, 400000));
      kill (-pid, SIGKILL);
      while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
        ;
      g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
      close (out_fd);
      g_spawn_close_pid (pid);

      /* The killed window's folder is an orphan now, holding one complete record. */
      for (guint i = 0; i < 3; i++)
        {
          g_autofree char *path = g_strdup_printf ("%s/version-%u", out_dir, i);

          versions[i] = file_bytes (path);
        }
      orphans = ts_autosave_claim_orphans (root);
      g_assert_cmpuint (orphans->len, ==, 1);
      slot = orphans->pdata[0];
      game = g_build_filename (ts_autosave_slot_get_dir (slot), "game.xml", NULL);
      version = kill_test_version_of (&kt, game);
      if (version < 0)
        g_error ("round %u: %s is %s", round, game, version == -1 ? "missing" : "not a complete record");
      per_version[version]++;
      held = file_bytes (game);
      restored = ts_game_session_read_autosave (ts_autosave_slot_get_dir (slot), &error);
      g_assert_no_error (error);
      xml = ts_game_to_xml (ts_game_session_get_game (restored), NULL);
      g_assert_cmpmem (xml, strlen (xml), g_bytes_get_data (held, NULL), g_bytes_get_size (held));
      ts_game_session_pause (restored);
      temp_left += remove_hidden (ts_autosave_slot_get_dir (slot)) > 0;
      g_ptr_array_set_free_func (orphans, (GDestroyNotify) ts_autosave_slot_remove);
      for (guint i = 0; i < 3; i++)
        g_bytes_unref (versions[i]);
    }
  g_test_message ("the autosave of a record that shrinks and grows: %u kills; the whole record %u times, "
                  "a move taken back %u times, a variation deleted %u times, each restored exactly; "
                  "%u kills landed inside a write", rounds, per_version[0], per_version[1], per_version[2], temp_left);
  if (g_test_slow ())
    for (guint i = 0; i < 3; i++)
      g_assert_cmpuint (per_version[i], >, 0);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = NULL;

  tmp_dir = g_dir_make_tmp ("test-window-kill-XXXXXX", NULL);
  data_home = g_build_filename (tmp_dir, "data", NULL);
  /* the children autosave here too */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* Two long games (a few hundred kB each), so that a save takes a while; not annotated: a
   * random Stipulation would open them as problems. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 600, 300, FALSE, 77 + i);

      game_paths[i] = g_strdup_printf ("%s/source-%u.tessera", tmp_dir, i);
      g_assert_true (ts_game_save (game, game_paths[i], TS_GAME_FORMAT_XML, NULL));
    }
  g_test_add_data_func ("/window-kill/save-plain", GINT_TO_POINTER (TARGET_PLAIN), test_save);
  g_test_add_data_func ("/window-kill/save-symlink", GINT_TO_POINTER (TARGET_SYMLINK), test_save);
  g_test_add_data_func ("/window-kill/save-hard-link", GINT_TO_POINTER (TARGET_HARD_LINK), test_save);
  g_test_add_func ("/window-kill/autosave", test_autosave);
  return g_test_run ();
}
