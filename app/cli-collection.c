/* tessera-cli collection list|add|extract|merge|stats|tree: collections on the command line
 * (core/records/collection.h, opening-tree.h; docs/collections.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli-collection.h"
#include "records/collection.h"
#include "records/opening-tree.h"

/* The collection in filename, or NULL after printing why. */
static TsCollection *
load (const char *filename)
{
  g_autoptr (GError) error = NULL;
  TsCollection *c = ts_collection_load (filename, &error);

  if (c == NULL)
    fprintf (stderr, "%s\n", error->message);
  return c;
}

/* FILE's collection when it exists, else a new one in the form its extension says. */
static TsCollection *
load_or_new (const char *filename)
{
  if (g_file_test (filename, G_FILE_TEST_EXISTS))
    return load (filename);
  return ts_collection_new (ts_game_format_for_filename (filename));
}

static gboolean
save (TsCollection *c, const char *filename)
{
  g_autoptr (GError) error = NULL;

  if (ts_collection_save (c, filename, &error))
    return TRUE;
  fprintf (stderr, "%s\n", error->message);
  return FALSE;
}

/* "Alice – Bob", the seats' players in order ("?" for one not given). */
char *
ts_cli_collection_players (TsCollection *c, guint i)
{
  const TsVariant *v = ts_collection_game_variant (c, i);
  GString *s = g_string_new (NULL);

  for (guint seat = 0; v && seat < v->n_seats; seat++)
    {
      const char *name = ts_collection_game_player (c, i, seat);

      g_string_append_printf (s, "%s%s", seat ? " – " : "", name ? name : "?");
    }
  return g_string_free (s, FALSE);
}

static const char *
or_empty (const char *text)
{
  return text ? text : "";
}

/* ---- list ---- */

static int
run_list (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — list the games of a collection"));
  g_autoptr (TsCollection) c = NULL;

  g_option_context_set_summary (context, _("One line per game, its fields separated by tabs: number, "
                                           "variant, players, event, date, result, moves of the main "
                                           "line. Games that cannot be read are named on standard error."));
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc != 2)
    {
      ts_cli_error (_("collection list: give one file"));
      return 2;
    }
  if ((c = load (argv[1])) == NULL)
    return 1;
  /* Translators: the column heads of "collection list", separated by tabs */
  printf ("%s\n", _("No.\tVariant\tPlayers\tEvent\tDate\tResult\tMoves"));
  for (guint i = 0; i < ts_collection_n_games (c); i++)
    {
      const TsVariant *v = ts_collection_game_variant (c, i);
      g_autofree char *players = ts_cli_collection_players (c, i);

      if (ts_collection_game_error (c, i))
        fprintf (stderr, _("game %u: %s\n"), i + 1, ts_collection_game_error (c, i)->message);
      printf ("%u\t%s\t%s\t%s\t%s\t%s\t%u\n", i + 1, v ? v->id : "?", players,
              or_empty (ts_collection_game_field (c, i, TS_GAME_EVENT)),
              or_empty (ts_collection_game_field (c, i, TS_GAME_DATE)),
              or_empty (ts_collection_game_field (c, i, TS_GAME_RESULT)),
              ts_collection_game_n_plies (c, i));
    }
  return 0;
}

/* ---- add, merge ---- */

/* Every game of each file appended to c; FALSE after printing why (c then partly
 * changed: the caller does not save it). */
static gboolean
append_files (TsCollection *c, char **files, guint n_files)
{
  for (guint f = 0; f < n_files; f++)
    {
      g_autoptr (TsCollection) src = load (files[f]);

      if (src == NULL)
        return FALSE;
      for (guint i = 0; i < ts_collection_n_games (src); i++)
        {
          g_autoptr (GError) error = NULL;

          if (!ts_collection_insert_from (c, ts_collection_n_games (c), src, i, &error))
            {
              fprintf (stderr, "%s\n", error->message);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static int
run_add (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE GAME… — add games to a collection"));
  g_autoptr (TsCollection) c = NULL;
  guint before;

  g_option_context_set_summary (context, _("Adds every game of each GAME file (a game or a collection) "
                                           "at the end of the collection FILE, which is made if it does "
                                           "not exist (XML, or text for .pgn and .txt). Nothing is "
                                           "written unless every game could be added."));
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc < 3)
    {
      ts_cli_error (_("collection add: give the collection and at least one game file"));
      return 2;
    }
  if ((c = load_or_new (argv[1])) == NULL)
    return 1;
  before = ts_collection_n_games (c);
  if (!append_files (c, argv + 2, argc - 2) || !save (c, argv[1]))
    return 1;
  printf (ngettext ("%s: %u game added, %u in all\n", "%s: %u games added, %u in all\n",
                    ts_collection_n_games (c) - before),
          argv[1], ts_collection_n_games (c) - before, ts_collection_n_games (c));
  return 0;
}

static int
run_merge (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("OUT IN… — merge collections into one"));
  g_autoptr (TsCollection) c = NULL;

  g_option_context_set_summary (context, _("Writes every game of the IN files, in order, to OUT as one "
                                           "collection (XML, or text for .pgn and .txt), replacing "
                                           "OUT (its old version is kept as OUT~)."));
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc < 3)
    {
      ts_cli_error (_("collection merge: give the output file and at least one input file"));
      return 2;
    }
  c = ts_collection_new (ts_game_format_for_filename (argv[1]));
  if (!append_files (c, argv + 2, argc - 2) || !save (c, argv[1]))
    return 1;
  printf (ngettext ("%s: %u game\n", "%s: %u games\n", ts_collection_n_games (c)), argv[1],
          ts_collection_n_games (c));
  return 0;
}

/* ---- extract ---- */

/* "3", "1,4-6": game numbers from 1, each at most n; NULL after printing why. */
GArray *
ts_cli_parse_game_list (const char *text, guint n)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; parts[i]; i++)
    {
      g_auto (GStrv) range = g_strsplit (g_strstrip (parts[i]), "-", 2);
      guint64 first, last;

      if (!g_ascii_string_to_unsigned (range[0], 10, 1, MAX (n, 1), &first, NULL) ||
          !g_ascii_string_to_unsigned (range[1] ? range[1] : range[0], 10, first, MAX (n, 1), &last, NULL) ||
          n == 0)
        {
          ts_cli_error (_("“%s”: expected game numbers from 1 to %u, as “3” or “1,4-6”"), parts[i], n);
          return NULL;
        }
      for (guint64 g = first; g <= last; g++)
        {
          guint index = (guint) g - 1;

          g_array_append_val (list, index);
        }
    }
  return g_steal_pointer (&list);
}

static int
run_extract (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE NUMBERS OUT — copy games out of a collection"));
  g_autoptr (TsCollection) c = NULL;
  g_autoptr (GArray) list = NULL;
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (context, _("Writes the games NUMBERS (“3”, “1,4-6”) of FILE to OUT: one "
                                           "game as a game file, several as a collection (XML, or text "
                                           "for .pgn and .txt)."));
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc != 4)
    {
      ts_cli_error (_("collection extract: give the collection, the game numbers and the output file"));
      return 2;
    }
  if ((c = load (argv[1])) == NULL)
    return 1;
  if ((list = ts_cli_parse_game_list (argv[2], ts_collection_n_games (c))) == NULL)
    return 2;
  if (list->len == 1)
    {
      g_autoptr (TsGame) game = ts_collection_read_game (c, g_array_index (list, guint, 0), &error);

      if (game == NULL || !ts_game_save (game, argv[3], ts_game_format_for_filename (argv[3]), &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      return 0;
    }
  {
    g_autoptr (TsCollection) out = ts_collection_new (ts_game_format_for_filename (argv[3]));

    for (guint i = 0; i < list->len; i++)
      if (!ts_collection_insert_from (out, i, c, g_array_index (list, guint, i), &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
    return save (out, argv[3]) ? 0 : 1;
  }
}

/* ---- stats ---- */

typedef struct {
  const TsVariant *variant;
  guint            n_games, n_plies, longest, n_problems;
  GHashTable      *results;   /* result text -> count */
} VariantStats;

static void
variant_stats_free (VariantStats *s)
{
  g_hash_table_unref (s->results);
  g_free (s);
}

static void
print_variant_stats (const VariantStats *s)
{
  GList *keys = g_list_sort (g_hash_table_get_keys (s->results), (GCompareFunc) strcmp);

  printf ("%s: ", s->variant->id);
  printf (ngettext ("%u game", "%u games", s->n_games), s->n_games);
  printf (_(", %.1f moves on average, the longest %u"), (double) s->n_plies / s->n_games, s->longest);
  if (s->n_problems)
    printf (ngettext (", %u problem", ", %u problems", s->n_problems), s->n_problems);
  printf ("\n ");
  for (GList *k = keys; k; k = k->next)
    printf (" %s ×%u", (const char *) k->data, GPOINTER_TO_UINT (g_hash_table_lookup (s->results, k->data)));
  printf ("\n");
  g_list_free (keys);
}

static int
run_stats (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — what a collection holds"));
  g_autoptr (TsCollection) c = NULL;
  g_autoptr (GHashTable) by_variant = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) variant_stats_free);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  gboolean check = FALSE;
  guint n_bad = 0;
  GOptionEntry entries[] = {
    { "check", 0, 0, G_OPTION_ARG_NONE, &check, N_("Read every game, checking every move"), NULL },
    { NULL },
  };

  g_option_context_set_summary (context, _("The number of games by variant, their lengths and results, "
                                           "the problems among them, and the games that cannot be read."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc != 2)
    {
      ts_cli_error (_("collection stats: give one file"));
      return 2;
    }
  if ((c = load (argv[1])) == NULL)
    return 1;
  for (guint i = 0; i < ts_collection_n_games (c); i++)
    {
      const TsVariant *v = ts_collection_game_variant (c, i);
      const char *result = ts_collection_game_field (c, i, TS_GAME_RESULT);
      VariantStats *s;

      if (check && ts_collection_game_error (c, i) == NULL)
        {
          /* a game that fails is marked with its error */
          TsGame *game = ts_collection_read_game (c, i, NULL);

          if (game)
            ts_game_free (game);
        }
      if (ts_collection_game_error (c, i))
        {
          fprintf (stderr, "%s\n", ts_collection_game_error (c, i)->message);
          n_bad++;
          continue;
        }
      if ((s = g_hash_table_lookup (by_variant, v)) == NULL)
        {
          s = g_new0 (VariantStats, 1);
          s->variant = v;
          s->results = g_hash_table_new (g_str_hash, g_str_equal);
          g_hash_table_insert (by_variant, (gpointer) v, s);
          g_ptr_array_add (order, s);
        }
      s->n_games++;
      s->n_plies += ts_collection_game_n_plies (c, i);
      s->longest = MAX (s->longest, ts_collection_game_n_plies (c, i));
      s->n_problems += ts_collection_game_field (c, i, TS_GAME_STIPULATION) != NULL;
      result = result ? result : "*";
      g_hash_table_insert (s->results, (gpointer) result,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (s->results, result)) + 1));
    }
  printf (ngettext ("%s: %u game", "%s: %u games", ts_collection_n_games (c)), argv[1], ts_collection_n_games (c));
  if (n_bad)
    printf (ngettext (", %u of them cannot be read", ", %u of them cannot be read", n_bad), n_bad);
  printf ("\n");
  for (guint i = 0; i < order->len; i++)
    print_variant_stats (order->pdata[i]);
  return n_bad ? 1 : 0;
}

/* ---- tree ---- */

static void
print_tree_moves (GArray *moves)
{
  /* Translators: the column heads of "collection tree", separated by tabs */
  printf ("%s\n", _("Move\tGames\tWon\tDrawn\tLost\tScore\tEval"));
  for (guint i = 0; i < moves->len; i++)
    {
      const TsTreeMove *m = &g_array_index (moves, TsTreeMove, i);
      guint decided = m->wins + m->draws + m->losses;

      printf ("%s\t%u\t%u\t%u\t%u\t", m->san, m->n_games, m->wins, m->draws, m->losses);
      if (decided)
        printf ("%.0f%%\t", 100.0 * (m->wins + 0.5 * m->draws) / decided);
      else
        printf ("–\t");
      if (m->n_evals)
        printf ("%+.2f\n", m->eval / 100);
      else
        printf ("–\n");
    }
}

static int
run_tree (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE… — the moves played from a position"));
  g_auto (TsCliPositionOptions) position_options = { NULL };
  g_autoptr (TsPosition) pos = NULL;
  g_autoptr (TsOpeningTree) tree = NULL;
  g_autoptr (GArray) moves = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *cache = NULL;
  gboolean no_cache = FALSE;
  GOptionEntry entries[] = {
    { "no-cache", 0, 0, G_OPTION_ARG_NONE, &no_cache, N_("Neither read nor write the tree's cache"), NULL },
    { NULL },
  };

  g_option_context_set_summary (context, _("The opening tree of the games in the files: the moves played "
                                           "from the position (--variant's start, or --position, after "
                                           "--moves), how often, how they scored for the side that played "
                                           "them and their mean stored evaluation."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  ts_cli_position_options_add (context, &position_options, TRUE);
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc < 2)
    {
      ts_cli_error (_("collection tree: give at least one file"));
      return 2;
    }
  if ((pos = ts_cli_position_options_build (&position_options)) == NULL)
    return 2;
  cache = no_cache ? NULL : ts_opening_tree_cache_dir ();
  tree = ts_opening_tree_open ((const char *const *) argv + 1, cache, NULL, NULL, NULL, &error);
  if (tree == NULL)
    {
      ts_cli_error ("%s", error->message);
      return 1;
    }
  moves = ts_opening_tree_query (tree, pos);
  print_tree_moves (moves);
  if (ts_opening_tree_n_skipped (tree) || ts_opening_tree_n_files_skipped (tree))
    ts_cli_error (_("%u games and %u files could not be read and are not counted"),
                  ts_opening_tree_n_skipped (tree), ts_opening_tree_n_files_skipped (tree));
  return 0;
}

static const TsCliCommand subcommands[] = {
  { "list", N_("List the games: variant, players, event, date, result, moves"), run_list },
  { "add", N_("Add games to a collection (made if missing)"), run_add },
  { "extract", N_("Copy games out of a collection"), run_extract },
  { "merge", N_("Write the games of several files as one collection"), run_merge },
  { "stats", N_("Count the games by variant, result and length"), run_stats },
  { "tree", N_("The moves played from a position in the games (the opening tree)"), run_tree },
  { NULL, NULL, NULL },
};

int
ts_cli_collection (int argc, char **argv)
{
  if (argc >= 2)
    for (const TsCliCommand *c = subcommands; c->name; c++)
      if (strcmp (argv[1], c->name) == 0)
        return c->run (argc - 1, argv + 1);
  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      printf (_("Usage: tessera-cli collection COMMAND [OPTION…] FILE…\n\nCommands:\n"));
      for (const TsCliCommand *c = subcommands; c->name; c++)
        printf ("  %-8s %s\n", c->name, _(c->summary));
      return 0;
    }
  ts_cli_error (_("collection: give one of list, add, extract, merge, stats, tree (“tessera-cli collection --help”)"));
  return 2;
}
