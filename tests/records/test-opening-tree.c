/* The opening tree (core/records/opening-tree.h): its counts, scores and evaluations equal
 * a brute-force count over the games (positions compared as text, not by hash), positions
 * reached by different move orders are one; the cache is used when valid and never when
 * stale, damaged or forged; games and files that cannot be read are skipped and counted;
 * a build can be stopped. */
#include <gio/gio.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "records/collection.h"
#include "records/game-random.h"
#include "records/opening-tree.h"
#include "rules/postext.h"
#include "test-util.h"

static char *tmp_dir;
static GPtrArray *games;   /* every game written to the files, in order */
static char *files[3];

/* The position as its hash sees it: the text without the move counters. */
static char *
position_key_text (const TsPosition *p)
{
  g_autofree char *text = ts_position_to_text (p);
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; words[i]; i++)
    if (!g_str_has_prefix (words[i], "halfmove=") && !g_str_has_prefix (words[i], "ply="))
      g_string_append_printf (out, "%s ", words[i]);
  return g_string_free (out, FALSE);
}

typedef struct {
  guint  game;
  guint  ply;
  char  *san;      /* the move played there */
  char  *prefix;   /* the moves that led there */
} Visit;

static void
visit_free (Visit *v)
{
  g_free (v->san);
  g_free (v->prefix);
  g_free (v);
}

/* Position text -> every (game, ply) of a main line at it. */
static GHashTable *
visits_by_position (void)
{
  GHashTable *visits = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);

  for (guint g = 0; g < games->len; g++)
    {
      TsGame *game = games->pdata[g];
      g_autoptr (TsPosition) pos = ts_position_copy (ts_game_start_position (game));
      g_autoptr (GString) prefix = g_string_new (NULL);
      const TsGameNode *node = ts_game_root (game);

      for (guint ply = 0; ply < TS_OPENING_TREE_MAX_PLIES && ts_game_node_n_children (node) > 0; ply++)
        {
          const TsGameNode *child = ts_game_node_child (node, 0);
          char *key = position_key_text (pos);
          GPtrArray *list = g_hash_table_lookup (visits, key);
          Visit *v = g_new0 (Visit, 1);
          TsUndo undo;

          if (list == NULL)
            {
              list = g_ptr_array_new_with_free_func ((GDestroyNotify) visit_free);
              g_hash_table_insert (visits, key, list);
            }
          else
            g_free (key);
          v->game = g;
          v->ply = ply;
          v->san = g_strdup (child->san);
          v->prefix = g_strdup (prefix->str);
          g_ptr_array_add (list, v);
          g_string_append_printf (prefix, "%s ", child->san);
          ts_position_make (pos, child->move, &undo);
          node = child;
        }
    }
  return visits;
}

/* What the result gave the seat: 2 won, 1 drawn, 0 lost, -1 none. */
static int
score_for (const char *result, guint seat)
{
  g_auto (GStrv) parts = NULL;

  if (result == NULL || strcmp (result, "*") == 0)
    return -1;
  parts = g_strsplit (result, "-", -1);
  return strcmp (parts[seat], "1/2") == 0 ? 1 : strcmp (parts[seat], "1") == 0 ? 2 : 0;
}

typedef struct {
  guint  n, wins, draws, losses, n_evals;
  gint64 eval_sum;
} Count;

/* The brute-force count at one position, compared with the tree's answer. */
static void
check_position (const TsOpeningTree *tree, const TsPosition *pos, GPtrArray *visits)
{
  g_autoptr (GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr (GArray) moves = ts_opening_tree_query (tree, pos);
  guint seat = ts_position_side_to_move (pos);

  for (guint i = 0; i < visits->len; i++)
    {
      const Visit *v = visits->pdata[i];
      TsGame *game = games->pdata[v->game];
      const TsGameNode *node = ts_game_root (game);
      Count *c = g_hash_table_lookup (counts, v->san);
      int score = score_for (ts_game_get_field (game, TS_GAME_RESULT), seat);
      const TsEval *eval;

      for (guint p = 0; p <= v->ply; p++)
        node = ts_game_node_child (node, 0);
      eval = &node->annotation.eval;
      if (c == NULL)
        {
          c = g_new0 (Count, 1);
          g_hash_table_insert (counts, v->san, c);
        }
      c->n++;
      c->wins += score == 2;
      c->draws += score == 1;
      c->losses += score == 0;
      if (eval->kind == TS_EVAL_CP)
        {
          c->n_evals++;
          c->eval_sum += CLAMP (eval->value, -1000, 1000);
        }
    }
  g_assert_cmpuint (moves->len, ==, g_hash_table_size (counts));
  for (guint i = 0; i < moves->len; i++)
    {
      const TsTreeMove *m = &g_array_index (moves, TsTreeMove, i);
      const Count *c = g_hash_table_lookup (counts, m->san);

      g_assert_nonnull (c);
      g_assert_cmpuint (m->n_games, ==, c->n);
      g_assert_cmpuint (m->wins, ==, c->wins);
      g_assert_cmpuint (m->draws, ==, c->draws);
      g_assert_cmpuint (m->losses, ==, c->losses);
      g_assert_cmpuint (m->n_evals, ==, c->n_evals);
      if (c->n_evals)
        g_assert_cmpfloat_with_epsilon (m->eval, (double) c->eval_sum / c->n_evals, 1e-9);
      if (i > 0)
        g_assert_cmpuint (g_array_index (moves, TsTreeMove, i - 1).n_games, >=, m->n_games);
    }
}

/* Every position of every game's main line: the tree's answer is the brute force's. */
static void
check_positions (const TsOpeningTree *tree, guint n_games)
{
  g_autoptr (GHashTable) visits = visits_by_position ();
  guint checked = 0, transposed = 0;

  for (guint g = 0; g < n_games; g++)
    {
      TsGame *game = games->pdata[g];
      g_autoptr (TsPosition) pos = ts_position_copy (ts_game_start_position (game));
      const TsGameNode *node = ts_game_root (game);

      for (guint ply = 0; ply < 12 && ts_game_node_n_children (node) > 0; ply++)
        {
          g_autofree char *key = position_key_text (pos);
          GPtrArray *list = g_hash_table_lookup (visits, key);
          TsUndo undo;

          g_assert_nonnull (list);
          check_position (tree, pos, list);
          checked++;
          for (guint i = 1; i < list->len; i++)
            if (strcmp (((Visit *) list->pdata[i])->prefix, ((Visit *) list->pdata[0])->prefix) != 0)
              {
                transposed++;
                break;
              }
          node = ts_game_node_child (node, 0);
          ts_position_make (pos, node->move, &undo);
        }
    }
  g_test_message ("%u positions checked, %u of them reached by different move orders", checked, transposed);
  if (n_games == games->len)
    g_assert_cmpuint (transposed, >, 0);
}

static void
check_all_positions (const TsOpeningTree *tree)
{
  check_positions (tree, games->len);
}

static const char *const *
all_files (void)
{
  return (const char *const *) files;
}

static void
test_counts (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsOpeningTree) tree = ts_opening_tree_open (all_files (), NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (ts_opening_tree_n_games (tree), ==, games->len);
  g_assert_cmpuint (ts_opening_tree_n_skipped (tree), ==, 1);   /* the bad game */
  g_assert_false (ts_opening_tree_from_cache (tree));
  check_all_positions (tree);
  /* A position no game reached: nothing. */
  {
    g_autoptr (TsPosition) empty = ts_position_new_empty (ts_variant_lookup ("raumschach"));
    g_autoptr (GArray) moves = ts_opening_tree_query (tree, empty);

    g_assert_cmpuint (moves->len, ==, 0);
  }
}

static char *
cache_dir (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static gboolean
opened_from_cache (const char *dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsOpeningTree) tree = ts_opening_tree_open (all_files (), dir, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  check_positions (tree, 3);
  return ts_opening_tree_from_cache (tree);
}

/* Rewrites the cache file's checksum after an edit, as a forger would. */
static void
forge (const char *path, gsize offset_from_end, guint32 value)
{
  g_autofree char *contents = NULL;
  gsize length, digest_length = 32;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  memcpy (contents + length - 32 - offset_from_end, &value, 4);
  g_checksum_update (sum, (const guchar *) contents, length - 32);
  g_checksum_get_digest (sum, (guint8 *) contents + length - 32, &digest_length);
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
}

static void
test_cache (void)
{
  g_autofree char *dir = cache_dir ("cache");
  g_autofree char *path = ts_opening_tree_cache_path (all_files (), dir);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_false (opened_from_cache (dir));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (opened_from_cache (dir));

  /* Damaged: a byte changed, the file cut short. */
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  contents[length / 2] ^= 0x40;
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  g_assert_false (opened_from_cache (dir));
  g_assert_true (opened_from_cache (dir));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, length - 100, NULL));
  g_assert_false (opened_from_cache (dir));
  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  g_assert_false (opened_from_cache (dir));

  /* Forged with a good checksum: a move index out of the table, counts that do not add up
   * (the last entry's san at 32 bytes before the end of the entries, its games at 28). */
  forge (path, 32, 0x7fffffff);
  g_assert_false (opened_from_cache (dir));
  forge (path, 28, 0);
  g_assert_false (opened_from_cache (dir));
  g_assert_true (opened_from_cache (dir));
}

/* A file that changed is not read from the cache: the tree is made again, with the game
 * that was added. */
static void
test_cache_stale (void)
{
  g_autofree char *dir = cache_dir ("stale");
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCollection) c = NULL;
  g_autoptr (TsGame) extra = ts_game_new_random_opening (ts_variant_lookup ("raumschach"), 20, 6, 3, 999);
  g_autoptr (TsOpeningTree) tree = NULL;

  g_assert_false (opened_from_cache (dir));
  g_assert_true (opened_from_cache (dir));
  c = ts_collection_load (files[0], &error);
  g_assert_no_error (error);
  g_assert_true (ts_collection_insert_game (c, ts_collection_n_games (c), extra, &error));
  g_assert_true (ts_collection_save (c, NULL, &error));
  g_ptr_array_add (games, g_steal_pointer (&extra));
  tree = ts_opening_tree_open (all_files (), dir, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (ts_opening_tree_from_cache (tree));
  g_assert_cmpuint (ts_opening_tree_n_games (tree), ==, games->len);
  check_all_positions (tree);
}

static void
test_stop (void)
{
  gint stop = 1;
  g_autoptr (GError) error = NULL;
  g_autoptr (TsOpeningTree) tree = ts_opening_tree_open (all_files (), NULL, &stop, NULL, NULL, &error);

  g_assert_null (tree);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
progress_seen (double fraction, gpointer data)
{
  double *last = data;

  g_assert_cmpfloat (fraction, >=, *last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  *last = fraction;
}

/* A folder: its game files, a file that is no game skipped; progress goes up to 1. */
static void
test_folder (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = NULL;
  g_autoptr (TsOpeningTree) tree = NULL;
  g_autofree char *junk = g_build_filename (tmp_dir, "games", "notes.txt", NULL);
  g_autofree char *dir = g_build_filename (tmp_dir, "games", NULL);
  double last = 0;

  g_assert_true (g_file_set_contents (junk, "shopping list\n", -1, NULL));
  list = ts_opening_tree_folder_files (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_ptr_array_add (list, NULL);
  tree = ts_opening_tree_open ((const char *const *) list->pdata, NULL, NULL, progress_seen, &last, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ts_opening_tree_n_files_skipped (tree), ==, 1);
  g_assert_cmpfloat (last, ==, 1.0);
  g_unlink (junk);
  g_assert_null (ts_opening_tree_folder_files (junk, &error));
}

static void
write_collections (void)
{
  const struct { const char *variant; guint n, plies, book, width; } sets[] = {
    { "raumschach", 120, 30, 8, 3 }, { "cubic8-4p", 40, 40, 8, 2 }, { "nihongi", 30, 24, 6, 2 },
  };
  g_autoptr (TsCollection) text = ts_collection_new (TS_GAME_FORMAT_TEXT);
  g_autoptr (TsCollection) xml = ts_collection_new (TS_GAME_FORMAT_XML);
  g_autofree char *dir = g_build_filename (tmp_dir, "games", NULL);
  g_autoptr (GError) error = NULL;
  guint32 seed = 1;

  g_mkdir (dir, 0700);
  games = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_game_free);
  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    for (guint i = 0; i < sets[s].n; i++)
      g_ptr_array_add (games, ts_game_new_random_opening (ts_variant_lookup (sets[s].variant), sets[s].plies,
                                                          sets[s].book, sets[s].width, seed++));
  for (guint i = 0; i < games->len; i++)
    {
      TsCollection *c = i % 3 == 2 ? xml : text;

      g_assert_true (ts_collection_insert_game (c, ts_collection_n_games (c), games->pdata[i], &error));
    }
  files[0] = g_build_filename (dir, "games.pgn", NULL);
  files[1] = g_build_filename (dir, "games.tessera", NULL);
  g_assert_true (ts_collection_save (xml, files[1], &error));
  /* a game that cannot be read among them: skipped */
  g_assert_true (ts_collection_save (text, files[0], &error));
  {
    g_autofree char *contents = NULL;
    g_autofree char *with_bad = NULL;

    g_assert_true (g_file_get_contents (files[0], &contents, NULL, NULL));
    with_bad = g_strconcat (contents, "\n[Variant \"raumschach\"]\n\n1. Xx9 *\n", NULL);
    g_assert_true (g_file_set_contents (files[0], with_bad, -1, NULL));
  }
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-opening-tree-XXXXXX", NULL);
  write_collections ();
  g_test_add_func ("/opening-tree/counts", test_counts);
  g_test_add_func ("/opening-tree/cache", test_cache);
  g_test_add_func ("/opening-tree/cache-stale", test_cache_stale);
  g_test_add_func ("/opening-tree/stop", test_stop);
  g_test_add_func ("/opening-tree/folder", test_folder);
  status = g_test_run ();
  test_util_remove_tree (tmp_dir);
  g_ptr_array_unref (games);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    g_free (files[i]);
  g_free (tmp_dir);
  return status;
}
