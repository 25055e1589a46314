/* tessera-cli bench-collection: opening a large collection, reading and saving one game of
 * it, building the opening tree and querying it (docs/collections.md, Performance). */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "cli.h"
#include "cli-collection.h"
#include "records/game-random.h"
#include "records/opening-tree.h"

typedef struct {
  double wall, cpu;   /* the best run's */
} Timing;

typedef struct {
  gint64 wall_start;
  double cpu_start;
} Clock;

static Clock
clock_start (void)
{
  return (Clock) { g_get_monotonic_time (), ts_cli_cpu_seconds () };
}

static void
clock_stop (const Clock *c, Timing *t)
{
  double wall = (g_get_monotonic_time () - c->wall_start) / 1e6, cpu = ts_cli_cpu_seconds () - c->cpu_start;

  if (t->wall == 0 || wall < t->wall)
    t->wall = wall;
  if (t->cpu == 0 || cpu < t->cpu)
    t->cpu = cpu;
}

static void
print_timing (const char *what, const Timing *t)
{
  printf ("%-34s %10.1f ms   CPU %10.1f ms\n", what, t->wall * 1e3, t->cpu * 1e3);
}

static gboolean
generate (const char *variant_id, guint n_games, guint plies, const char *text_path, const char *xml_path)
{
  const TsVariant *v = ts_cli_lookup_variant (variant_id);
  g_autoptr (TsCollection) text = ts_collection_new (TS_GAME_FORMAT_TEXT);
  g_autoptr (TsCollection) xml = ts_collection_new (TS_GAME_FORMAT_XML);
  g_autoptr (GError) error = NULL;
  Clock clock = clock_start ();
  Timing t = { 0 };

  if (v == NULL)
    return FALSE;
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr (TsGame) game = ts_game_new_random_opening (v, plies, 8, 3, 1 + i);

      if (!ts_collection_insert_game (text, i, game, &error) || !ts_collection_insert_game (xml, i, game, &error))
        break;
    }
  if (error == NULL && ts_collection_save (text, text_path, &error))
    ts_collection_save (xml, xml_path, &error);
  if (error)
    {
      ts_cli_error ("%s", error->message);
      return FALSE;
    }
  clock_stop (&clock, &t);
  printf ("generated %u %s games of up to %u plies (the first 8 from a narrow book) in %.1f s\n",
          n_games, v->id, plies, t.wall);
  return TRUE;
}

/* Opening the file, reading and saving back one game of it. */
static gboolean
bench_file (const char *path, int iterations)
{
  g_autoptr (GError) error = NULL;
  Timing open = { 0 }, read = { 0 }, save = { 0 };
  GStatBuf st;
  guint n = 0;

  for (int i = 0; i < iterations; i++)
    {
      Clock clock = clock_start ();
      g_autoptr (TsCollection) c = ts_collection_load (path, &error);
      g_autoptr (TsGame) game = NULL;
      guint middle;

      if (c == NULL)
        break;
      clock_stop (&clock, &open);
      n = ts_collection_n_games (c);
      middle = n / 2;
      clock = clock_start ();
      game = ts_collection_read_game (c, middle, &error);
      if (game == NULL)
        break;
      clock_stop (&clock, &read);
      ts_game_set_field (game, TS_GAME_SITE, i % 2 ? "Bench A" : "Bench B");
      clock = clock_start ();
      if (!ts_collection_set_game (c, middle, game, &error) || !ts_collection_save (c, NULL, &error))
        break;
      clock_stop (&clock, &save);
    }
  if (error)
    {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  g_stat (path, &st);
  printf ("\n%s: %u games, %.1f MB\n", path, n, st.st_size / 1e6);
  print_timing ("open (index every game)", &open);
  print_timing ("read the middle game", &read);
  print_timing ("save it back (the whole file)", &save);
  return TRUE;
}

/* The position after the first plies of the file's first game's main line. */
static TsPosition *
position_after (const char *path, guint plies)
{
  g_autoptr (TsCollection) c = ts_collection_load (path, NULL);
  g_autoptr (TsGame) game = c ? ts_collection_read_game (c, 0, NULL) : NULL;
  TsPosition *pos;
  const TsGameNode *node;

  if (game == NULL)
    return NULL;
  pos = ts_position_copy (ts_game_start_position (game));
  node = ts_game_root (game);
  for (guint i = 0; i < plies && ts_game_node_n_children (node) > 0; i++)
    {
      TsUndo undo;

      node = ts_game_node_child (node, 0);
      ts_position_make (pos, node->move, &undo);
    }
  return pos;
}

static void
bench_query (const TsOpeningTree *tree, const TsPosition *pos, const char *what)
{
  const guint n = 1000;
  Clock clock = clock_start ();
  Timing t = { 0 };
  guint n_moves = 0, n_games = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GArray) moves = ts_opening_tree_query (tree, pos);

      n_moves = moves->len;
      n_games = 0;
      for (guint m = 0; m < moves->len; m++)
        n_games += g_array_index (moves, TsTreeMove, m).n_games;
    }
  clock_stop (&clock, &t);
  printf ("%-34s %10.1f µs   CPU %10.1f µs   (%u moves, %u games)\n", what, t.wall * 1e6 / n,
          t.cpu * 1e6 / n, n_moves, n_games);
}

static gboolean
bench_tree (const char *path, const char *cache_dir, int iterations)
{
  const char *files[] = { path, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (TsOpeningTree) tree = NULL;
  g_autoptr (TsPosition) start = NULL, after = position_after (path, 6);
  Timing build = { 0 }, cached = { 0 };
  Clock clock = clock_start ();

  if (after == NULL)
    return FALSE;
  tree = ts_opening_tree_open (files, cache_dir, NULL, NULL, NULL, &error);
  if (tree == NULL)
    {
      ts_cli_error ("%s", error->message);
      return FALSE;
    }
  clock_stop (&clock, &build);
  for (int i = 0; i < iterations; i++)
    {
      g_autoptr (TsOpeningTree) again = NULL;

      clock = clock_start ();
      again = ts_opening_tree_open (files, cache_dir, NULL, NULL, NULL, &error);
      clock_stop (&clock, &cached);
      if (again == NULL || !ts_opening_tree_from_cache (again))
        {
          ts_cli_error ("the tree's cache was not used");
          return FALSE;
        }
    }
  printf ("\nopening tree of %s: %u games, %u (position, move) pairs\n", path,
          ts_opening_tree_n_games (tree), ts_opening_tree_n_entries (tree));
  print_timing ("build (and write the cache)", &build);
  print_timing ("open from the cache", &cached);
  start = ts_position_new_initial (ts_position_variant (after));
  bench_query (tree, start, "query: the start position");
  bench_query (tree, after, "query: after 6 plies");
  return TRUE;
}

static void
remove_folder (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_folder (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

/* The generated collection copied to the user's file, before the benchmark edits it. */
static gboolean
keep_generated (const char *generated, const char *save)
{
  g_autoptr (GFile) from = g_file_new_for_path (generated);
  g_autoptr (GFile) to = g_file_new_for_path (save);
  g_autoptr (GError) error = NULL;

  if (g_file_copy (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error))
    return TRUE;
  ts_cli_error ("%s", error->message);
  return FALSE;
}

int
ts_cli_bench_collection (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("— time opening a large collection and its opening tree"));
  g_autofree char *variant = NULL, *file = NULL, *save = NULL, *dir = NULL, *text_path = NULL, *xml_path = NULL, *cache = NULL;
  int games = 10000, plies = 60, iterations = 3;
  gboolean ok;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Games to generate (default 10000)"), "N" },
    { "plies", 0, 0, G_OPTION_ARG_INT, &plies, N_("Plies per game (default 60)"), "N" },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant (default raumschach)"), N_("ID") },
    { "file", 0, 0, G_OPTION_ARG_FILENAME, &file, N_("Time a copy of this collection instead"), N_("FILE") },
    { "iterations", 'n', 0, G_OPTION_ARG_INT, &iterations, N_("Repetitions; the best is shown (default 3)"), "N" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Keep the generated games in FILE (its form by its name)"),
      N_("FILE") },
    { NULL },
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, NULL) || games < 1 || plies < 6 || iterations < 1)
    {
      ts_cli_error (_("bench-collection: --games ≥ 1, --plies ≥ 6, --iterations ≥ 1"));
      return 2;
    }
  dir = g_dir_make_tmp ("tessera-bench-XXXXXX", NULL);
  if (dir == NULL)
    return 1;
  cache = g_build_filename (dir, "cache", NULL);
  text_path = g_build_filename (dir, "games.pgn", NULL);
  xml_path = g_build_filename (dir, "games.tessera", NULL);
  if (file)
    {
      /* A copy: the benchmark saves into the file. */
      g_autofree char *contents = NULL;
      g_autofree char *base = g_path_get_basename (file);
      g_autofree char *copy = g_build_filename (dir, base, NULL);
      g_autoptr (GError) error = NULL;
      gsize length;

      ok = g_file_get_contents (file, &contents, &length, &error) &&
           g_file_set_contents (copy, contents, length, &error);
      if (!ok)
        ts_cli_error ("%s", error->message);
      ok = ok && bench_file (copy, iterations) && bench_tree (copy, cache, iterations);
    }
  else
    {
      ok = generate (variant ? variant : "raumschach", games, plies, text_path, xml_path);
      if (ok && save)
        ok = keep_generated (ts_game_format_for_filename (save) == TS_GAME_FORMAT_XML ? xml_path : text_path, save);
      ok = ok && bench_file (text_path, iterations) && bench_file (xml_path, iterations) &&
           bench_tree (text_path, cache, iterations);
    }
  remove_folder (dir);
  return ok ? 0 : 1;
}
