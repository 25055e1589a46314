/* The kill test: ts_game_save (in safe-file-child) and tessera-cli convert save a large game
 * over and over and are killed with SIGKILL at random moments, onto a plain file, through a
 * symbolic link and onto a file with a second hard link. After every kill the file holds
 * one complete version, its backup FILE~ too, the link is still a link and the other hard
 * link still holds the first version. A collection the same: one of its games edited and
 * the collection saved over and over (both forms, a plain file and a symbolic link): the
 * file always holds the old collection or the new, whole. A few rounds in the quick suite,
 * hundreds with -m slow. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "../kill-test.h"
#include "records/collection.h"
#include "records/game-random.h"
#include "records/game.h"
#include "test-util.h"

static char *tmp_dir;
static char *game_paths[2];
static GBytes *versions[3];

typedef enum { TARGET_PLAIN, TARGET_SYMLINK, TARGET_HARD_LINK } Target;

static void
run_case (gboolean use_cli, Target target)
{
  static const char *const target_names[] = { "plain", "symlink", "hard-link" };
  g_autofree char *dir = g_strdup_printf ("%s/%s-%s", tmp_dir, use_cli ? "convert" : "save",
                                          target_names[target]);
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *real = g_build_filename (real_dir, "game.tessera", NULL);
  g_autofree char *sym = g_build_filename (dir, "link.tessera", NULL);
  g_autofree char *other = g_build_filename (real_dir, "other.tessera", NULL);
  const char *path = target == TARGET_SYMLINK ? sym : real;
  g_autofree char *script = NULL;
  const char *save_argv[] = { g_getenv ("TS_SAFE_FILE_CHILD"), "save-loop", path,
                              game_paths[0], game_paths[1], NULL };
  const char *sh_argv[] = { "/bin/sh", "-c", NULL, NULL };
  KillTest kt = { use_cli ? sh_argv : save_argv, real, NULL, NULL, versions,
                  g_test_slow () ? 200 : 4, use_cli ? 1200000 : 300000 };
  KillTestStats stats;

  g_assert_nonnull (save_argv[0]);
  g_assert_nonnull (g_getenv ("TESSERA_CLI"));
  g_assert_cmpint (g_mkdir_with_parents (real_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (real, g_bytes_get_data (versions[0], NULL),
                                      g_bytes_get_size (versions[0]), NULL));
  if (target == TARGET_SYMLINK)
    {
      g_assert_cmpint (symlink (real, sym), ==, 0);
      kt.link = sym;
    }
  if (target == TARGET_HARD_LINK)
    {
      g_assert_cmpint (link (real, other), ==, 0);
      kt.other_link = other;
    }
  script = g_strdup_printf ("echo ready; while :; do '%1$s' convert '%2$s' '%4$s'; "
                            "'%1$s' convert '%3$s' '%4$s'; done",
                            g_getenv ("TESSERA_CLI"), game_paths[0], game_paths[1], path);
  sh_argv[2] = script;

  kill_test_run (&kt, &stats);
  g_test_message ("%s onto a %s file: %u kills; the file held the first version %u times, "
                  "the second %u times; %u kills landed inside a save (a temporary file "
                  "left)",
                  use_cli ? "tessera-cli convert" : "ts_game_save", target_names[target],
                  stats.rounds, stats.per_version[0], stats.per_version[1], stats.temp_left);
  /* Hundreds of kills at random moments must land inside saves, or the test proves nothing;
   * the file must have changed too. */
  if (g_test_slow ())
    {
      g_assert_cmpuint (stats.temp_left, >, 0);
      g_assert_cmpuint (stats.per_version[1], >, 0);
    }
}

static void test_save_plain (void) { run_case (FALSE, TARGET_PLAIN); }
static void test_save_symlink (void) { run_case (FALSE, TARGET_SYMLINK); }
static void test_save_hard_link (void) { run_case (FALSE, TARGET_HARD_LINK); }
static void test_convert_plain (void) { run_case (TRUE, TARGET_PLAIN); }
static void test_convert_symlink (void) { run_case (TRUE, TARGET_SYMLINK); }
static void test_convert_hard_link (void) { run_case (TRUE, TARGET_HARD_LINK); }

/* A collection of small games with one of the large games at COLLECTION_INDEX: the child
 * sets that game to the first large game, then the second, and so on. */
#define COLLECTION_INDEX 2

static void
run_collection_case (TsGameFormat format, Target target)
{
  g_autofree char *dir = g_strdup_printf ("%s/collection-%s-%s", tmp_dir,
                                          format == TS_GAME_FORMAT_XML ? "xml" : "text",
                                          target == TARGET_SYMLINK ? "symlink" : "plain");
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *real = g_build_filename (real_dir, format == TS_GAME_FORMAT_XML ? "games.tessera" : "games.pgn",
                                            NULL);
  g_autofree char *sym = g_build_filename (dir, format == TS_GAME_FORMAT_XML ? "link.tessera" : "link.pgn", NULL);
  const char *path = target == TARGET_SYMLINK ? sym : real;
  g_autofree char *index = g_strdup_printf ("%u", COLLECTION_INDEX);
  const char *argv[] = { g_getenv ("TS_SAFE_FILE_CHILD"), "collection-loop", path, index,
                         game_paths[0], game_paths[1], NULL };
  GBytes *collection_versions[3] = { NULL, NULL, NULL };
  KillTest kt = { argv, real, NULL, NULL, (GBytes *const *) collection_versions, g_test_slow () ? 200 : 4, 300000 };
  KillTestStats stats;
  g_autoptr (TsCollection) c = ts_collection_new (format);

  g_assert_nonnull (argv[0]);
  g_assert_cmpint (g_mkdir_with_parents (real_dir, 0700), ==, 0);
  /* the versions, made as the child makes them: the large games as read from their files */
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr (TsGame) small = ts_game_new_random_opening (ts_variant_lookup ("raumschach"), 20, 4, 2, 7 + i);
      g_autoptr (TsGame) large = ts_game_load (game_paths[0], NULL);

      g_assert_true (ts_collection_insert_game (c, i, i == COLLECTION_INDEX ? large : small, NULL));
    }
  g_assert_true (ts_collection_save (c, real, NULL));
  collection_versions[0] = ts_collection_to_bytes (c);
  {
    g_autoptr (TsGame) second = ts_game_load (game_paths[1], NULL);

    g_assert_true (ts_collection_set_game (c, COLLECTION_INDEX, second, NULL));
    collection_versions[1] = ts_collection_to_bytes (c);
  }
  g_assert_false (g_bytes_equal (collection_versions[0], collection_versions[1]));
  if (target == TARGET_SYMLINK)
    {
      g_assert_cmpint (symlink (real, sym), ==, 0);
      kt.link = sym;
    }

  kill_test_run (&kt, &stats);
  g_test_message ("ts_collection_save (%s) onto a %s file: %u kills; the file held the old collection %u "
                  "times, the new %u times; %u kills landed inside a save (a temporary file left)",
                  format == TS_GAME_FORMAT_XML ? "XML" : "text", target == TARGET_SYMLINK ? "symlink" : "plain",
                  stats.rounds, stats.per_version[0], stats.per_version[1], stats.temp_left);
  if (g_test_slow ())
    {
      g_assert_cmpuint (stats.temp_left, >, 0);
      g_assert_cmpuint (stats.per_version[1], >, 0);
    }
  g_bytes_unref (collection_versions[0]);
  g_bytes_unref (collection_versions[1]);
}

static void test_collection_xml_plain (void) { run_collection_case (TS_GAME_FORMAT_XML, TARGET_PLAIN); }
static void test_collection_xml_symlink (void) { run_collection_case (TS_GAME_FORMAT_XML, TARGET_SYMLINK); }
static void test_collection_text_plain (void) { run_collection_case (TS_GAME_FORMAT_TEXT, TARGET_PLAIN); }
static void test_collection_text_symlink (void) { run_collection_case (TS_GAME_FORMAT_TEXT, TARGET_SYMLINK); }

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-kill-save-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  /* Two large games (a few hundred kB each), so that a save takes a while. */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (TsGame) game = ts_game_new_random (ts_variant_lookup ("raumschach"), 3000, 300,
                                                    TRUE, 4242 + i);
      gsize length;
      char *xml = ts_game_to_xml (game, &length);

      game_paths[i] = g_strdup_printf ("%s/source-%u.tessera", tmp_dir, i);
      g_assert_true (ts_game_save (game, game_paths[i], TS_GAME_FORMAT_XML, NULL));
      versions[i] = g_bytes_new_take (xml, length);
    }
  g_test_add_func ("/records/kill/save-plain", test_save_plain);
  g_test_add_func ("/records/kill/save-symlink", test_save_symlink);
  g_test_add_func ("/records/kill/save-hard-link", test_save_hard_link);
  g_test_add_func ("/records/kill/convert-plain", test_convert_plain);
  g_test_add_func ("/records/kill/convert-symlink", test_convert_symlink);
  g_test_add_func ("/records/kill/convert-hard-link", test_convert_hard_link);
  g_test_add_func ("/records/kill/collection-xml-plain", test_collection_xml_plain);
  g_test_add_func ("/records/kill/collection-xml-symlink", test_collection_xml_symlink);
  g_test_add_func ("/records/kill/collection-text-plain", test_collection_text_plain);
  g_test_add_func ("/records/kill/collection-text-symlink", test_collection_text_symlink);
  status = g_test_run ();
  for (guint i = 0; i < 2; i++)
    {
      g_free (game_paths[i]);
      g_bytes_unref (versions[i]);
    }
  test_util_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
