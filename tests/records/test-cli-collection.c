/* tessera-cli collection list|add|extract|merge|stats|tree and bench-collection. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli-test-util.h"
#include "records/collection.h"
#include "records/game-random.h"
#include "test-util.h"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static TsGame *
game_n (guint i)
{
  return ts_game_new_random_opening (ts_variant_lookup (i % 2 ? "cubic8-4p" : "raumschach"), 12, 4, 2, 50 + i);
}

/* Writes games first … first + n - 1 to path as a collection (or a game when n is 1). */
static void
write_games (const char *path, guint first, guint n)
{
  g_autoptr (TsCollection) c = ts_collection_new (ts_game_format_for_filename (path));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TsGame) game = game_n (first + i);

      if (n == 1)
        g_assert_true (ts_game_save (game, path, ts_game_format_for_filename (path), NULL));
      g_assert_true (ts_collection_insert_game (c, i, game, NULL));
    }
  if (n > 1)
    g_assert_true (ts_collection_save (c, path, NULL));
}

static void
assert_game_is (TsCollection *c, guint i, guint n)
{
  g_autoptr (TsGame) expected = game_n (n);
  g_autoptr (TsGame) game = ts_collection_read_game (c, i, NULL);
  g_autofree char *a = ts_game_to_xml (expected, NULL);
  g_autofree char *b = ts_game_to_xml (game, NULL);

  g_assert_cmpstr (a, ==, b);
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

static void
test_add_list (void)
{
  g_autofree char *one = tmp_path ("one.tessera");
  g_autofree char *three = tmp_path ("three.pgn");
  g_autofree char *coll = tmp_path ("all.pgn");
  g_autofree char *bad = tmp_path ("bad.txt");
  g_autofree char *out = NULL, *err = NULL, *before = NULL, *after = NULL;
  g_autoptr (TsCollection) c = NULL;

  write_games (one, 0, 1);
  write_games (three, 1, 3);
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "add", coll, one, three, NULL }, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "4 games added, 4 in all"));
  c = ts_collection_load (coll, NULL);
  g_assert_cmpuint (ts_collection_n_games (c), ==, 4);
  for (guint i = 0; i < 4; i++)
    assert_game_is (c, i, i);

  g_assert_cmpint (run_cli ((const char *[]) { "collection", "list", coll, NULL }, &out, &err), ==, 0);
  g_assert_cmpuint (count_lines (out), ==, 5);
  g_assert_true (g_str_has_prefix (out, "No.\tVariant\tPlayers\tEvent\tDate\tResult\tMoves\n1\traumschach\t"));
  g_assert_nonnull (strstr (out, "\n2\tcubic8-4p\t"));
  g_assert_cmpstr (err, ==, "");

  /* A file that is no game: nothing added, the collection as it was. */
  g_assert_true (g_file_set_contents (bad, "not a game\n", -1, NULL));
  g_assert_true (g_file_get_contents (coll, &before, NULL, NULL));
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "add", coll, one, bad, NULL }, &out, &err), ==, 1);
  g_assert_true (g_str_has_prefix (err, bad));
  g_assert_true (g_file_get_contents (coll, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  g_assert_cmpint (run_cli ((const char *[]) { "collection", "add", coll, NULL }, &out, &err), ==, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "frobnicate", NULL }, &out, &err), ==, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "--help", NULL }, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "extract"));
}

static void
test_extract_merge (void)
{
  g_autofree char *src = tmp_path ("src.tessera");
  g_autofree char *other = tmp_path ("other.pgn");
  g_autofree char *single = tmp_path ("single.pgn");
  g_autofree char *several = tmp_path ("several.tessera");
  g_autofree char *merged = tmp_path ("merged.pgn");
  g_autofree char *out = NULL, *err = NULL, *text = NULL;
  g_autoptr (TsCollection) c = NULL;

  write_games (src, 10, 6);
  write_games (other, 20, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "extract", src, "3", single, NULL }, &out, &err), ==, 0);
  {
    g_autoptr (TsGame) game = ts_game_load (single, NULL);
    g_autoptr (TsGame) expected = game_n (12);

    g_assert_nonnull (game);
    g_autofree char *a = ts_game_to_text (expected, NULL);

    g_assert_true (g_file_get_contents (single, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, a);
  }
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "extract", src, "1,4-6", several, NULL }, &out, &err), ==, 0);
  c = ts_collection_load (several, NULL);
  g_assert_cmpuint (ts_collection_n_games (c), ==, 4);
  assert_game_is (c, 0, 10);
  assert_game_is (c, 1, 13);
  assert_game_is (c, 3, 15);
  g_clear_pointer (&c, ts_collection_unref);
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "extract", src, "0", several, NULL }, &out, &err), ==, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "extract", src, "5-9", several, NULL }, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "from 1 to 6"));

  g_assert_cmpint (run_cli ((const char *[]) { "collection", "merge", merged, other, src, NULL }, &out, &err), ==, 0);
  c = ts_collection_load (merged, NULL);
  g_assert_cmpuint (ts_collection_n_games (c), ==, 8);
  assert_game_is (c, 0, 20);
  assert_game_is (c, 2, 10);
  assert_game_is (c, 7, 15);
}

static void
test_stats_tree (void)
{
  g_autofree char *path = tmp_path ("stats.pgn");
  g_autofree char *contents = NULL, *with_bad = NULL, *out = NULL, *err = NULL, *where = NULL;
  guint bad_line = 1;

  write_games (path, 30, 5);
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "stats", path, NULL }, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, ": 5 games\n"));
  g_assert_nonnull (strstr (out, "raumschach: 3 games"));
  g_assert_nonnull (strstr (out, "cubic8-4p: 2 games"));

  /* An illegal move is found by --check, with its line. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  with_bad = g_strconcat (contents, "\n[Variant \"raumschach\"]\n\n1. Xx9 *\n", NULL);
  for (const char *p = with_bad; *p; p++)
    bad_line += *p == '\n';
  bad_line -= 1;
  g_assert_true (g_file_set_contents (path, with_bad, -1, NULL));
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "stats", path, NULL }, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, ": 6 games\n"));
  g_assert_cmpint (run_cli ((const char *[]) { "collection", "stats", "--check", path, NULL }, &out, &err), ==, 1);
  where = g_strdup_printf ("%s:%u: move “Xx9”", path, bad_line);
  g_assert_true (g_str_has_prefix (err, where));
  g_assert_nonnull (strstr (out, ", 1 of them cannot be read"));

  g_assert_cmpint (run_cli ((const char *[]) { "collection", "tree", "--no-cache", "--variant", "raumschach", path, NULL },
                            &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "Move\tGames\tWon\tDrawn\tLost\tScore\tEval\n"));
  g_assert_nonnull (strstr (err, "1 games and 0 files could not be read"));
  {
    /* The three Raumschach games start from here: their first moves add up to 3. */
    g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
    guint total = 0;

    for (guint i = 1; lines[i] && *lines[i]; i++)
      {
        g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);

        total += atoi (fields[1]);
      }
    g_assert_cmpuint (total, ==, 3);
  }
}

static void
test_bench (void)
{
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli ((const char *[]) { "bench-collection", "--games", "12", "--plies", "10", "-n", "1", NULL },
                            &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "query: after 6 plies"));
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-cli-collection-XXXXXX", NULL);
  g_test_add_func ("/cli-collection/add-list", test_add_list);
  g_test_add_func ("/cli-collection/extract-merge", test_extract_merge);
  g_test_add_func ("/cli-collection/stats-tree", test_stats_tree);
  g_test_add_func ("/cli-collection/bench", test_bench);
  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  return status;
}
