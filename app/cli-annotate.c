/* tessera-cli annotate: whole-game analysis (core/engine/annotate.h, docs/analysis.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "cli-annotate.h"
#include "engine/annotate.h"
#include "records/collection.h"

/* On a terminal: how far the analysis is, on one line (data: "Game 3 of 40: " or ""). */
static void
show_progress (TsAnnotateJob *job, guint ply, guint n_plies, const TsAnnotatePly *result, gpointer data)
{
  fputc ('\r', stderr);
  fputs (data, stderr);
  fprintf (stderr, _("Analysing move %u of %u…"), ply + 1, n_plies);
  if (ply + 1 == n_plies)
    fputc ('\n', stderr);
  fflush (stderr);
}

/* A table: a row per seat, a column per count, each number under its column's head. */
static void
print_summary (const TsVariant *variant, const TsAnnotateSummary *summary)
{
  /* Translators: the column heads of annotate's summary, separated by "|"; ACPL is the
   * average centipawn loss. */
  g_auto (GStrv) heads = g_strsplit (_("Inaccuracies|Mistakes|Blunders|ACPL"), "|", 4);
  int width = 0, head_width[4];

  for (guint s = 0; s < summary->n_seats; s++)
    width = MAX (width, (int) g_utf8_strlen (_(variant->seat_names[s]), -1));
  printf ("%*s", width, "");
  for (guint c = 0; c < 4; c++)
    {
      head_width[c] = heads[c] ? MAX (4, (int) g_utf8_strlen (heads[c], -1)) : 4;
      printf ("  %s", heads[c] ? heads[c] : "");
    }
  printf ("\n");
  for (guint s = 0; s < summary->n_seats; s++)
    {
      const TsAnnotateSeatSummary *seat = &summary->seats[s];
      const char *name = _(variant->seat_names[s]);
      char acpl[32];

      g_snprintf (acpl, sizeof acpl, "%.0f", seat->acpl);
      /* printf pads by bytes: pad by characters for names that are not ASCII */
      printf ("%s%*s  %*u  %*u  %*u  %*s\n", name, width - (int) g_utf8_strlen (name, -1), "",
              head_width[0], seat->n_judged[TS_JUDGEMENT_INACCURACY],
              head_width[1], seat->n_judged[TS_JUDGEMENT_MISTAKE],
              head_width[2], seat->n_judged[TS_JUDGEMENT_BLUNDER], head_width[3], acpl);
    }
}

/* Annotates game (in place) and prints its summary; prefix for the progress line. */
static gboolean
annotate_game (TsGame *game, const TsAnnotateOptions *options, const char *prefix, GError **error)
{
  g_autoptr (TsAnnotateJob) job = ts_annotate_job_new (game, options);
  TsAnnotateSummary summary;

  if (!ts_annotate_job_run (job, NULL, isatty (STDERR_FILENO) ? show_progress : NULL, (gpointer) prefix, error))
    return FALSE;
  ts_annotate_job_apply (job, game);
  ts_annotate_job_summary (job, &summary);
  print_summary (ts_game_variant (game), &summary);
  return TRUE;
}

/* Every game of a collection annotated, written to out (a collection in out's form; out
 * the input itself: its games replaced). A game that cannot be read is said and kept as it
 * is (in a collection of the other form it cannot be: said). 1 when any game was not
 * annotated. */
static int
annotate_collection (TsCollection *in, const char *out, const TsAnnotateOptions *options)
{
  g_autoptr (GFile) in_file = g_file_new_for_path (ts_collection_get_filename (in));
  g_autoptr (GFile) out_file = g_file_new_for_path (out);
  gboolean in_place = g_file_equal (in_file, out_file);
  g_autoptr (TsCollection) written = in_place ? ts_collection_ref (in)
                                              : ts_collection_new (ts_game_format_for_filename (out));
  g_autoptr (GError) error = NULL;
  guint n = ts_collection_n_games (in), failed = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) game_error = NULL;
      g_autoptr (TsGame) game = ts_collection_read_game (in, i, &game_error);
      /* Translators: the progress line's prefix while annotating a collection */
      g_autofree char *prefix = g_strdup_printf (_("Game %u of %u: "), i + 1, n);

      /* Translators: the head of each game's summary when annotating a collection */
      printf (_("Game %u\n"), i + 1);
      if (game && annotate_game (game, options, isatty (STDERR_FILENO) ? prefix : "", &game_error) &&
          (in_place ? ts_collection_set_game (written, i, game, &game_error)
                    : ts_collection_insert_game (written, i, game, &game_error)))
        continue;
      fprintf (stderr, "%s\n", game_error->message);
      g_clear_error (&game_error);
      failed++;
      /* kept as it was */
      if (!in_place && !ts_collection_insert_from (written, ts_collection_n_games (written), in, i, &game_error))
        fprintf (stderr, "%s\n", game_error->message);
    }
  if (!ts_collection_save (written, in_place ? NULL : out, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  if (failed)
    ts_cli_error (ngettext ("annotate: %u game was not annotated", "annotate: %u games were not annotated", failed),
                  failed);
  return failed ? 1 : 0;
}

int
ts_cli_annotate (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("IN OUT — analyse every move of a game"));
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autoptr (TsCollection) collection = NULL;
  int movetime = 0, depth = 0, hash = 64;
  gboolean variations = FALSE;
  GOptionEntry entries[] = {
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime,
      N_("Search time per position in milliseconds (default 1000)"), "MS" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Search depth per position in plies"), "N" },
    { "variations", 0, 0, G_OPTION_ARG_NONE, &variations,
      N_("Add the engine's better line to every marked move"), NULL },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Transposition table size in MiB"), "MB" },
    { NULL },
  };
  TsAnnotateOptions options;

  g_option_context_set_summary (context, _("Searches every position of IN's main line, stores "
                                           "each move's evaluation, marks inaccuracies (?!), "
                                           "mistakes (?) and blunders (?\?), writes the game to "
                                           "OUT and prints how many each side made."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (argc != 3)
    {
      ts_cli_error (_("annotate: give an input and an output file"));
      return 2;
    }
  if (movetime < 0 || depth < 0 || hash <= 0 || (movetime > 0 && depth > 0))
    {
      ts_cli_error (_("annotate: give either --movetime MS or --depth N (numbers ≥ 1), "
                      "and --hash ≥ 1"));
      return 2;
    }
  if (!ts_cli_hash_fits (hash))
    return 2;

  if (!ts_collection_open_file (argv[1], &game, &collection, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  ts_annotate_options_init (&options);
  if (depth > 0 || movetime > 0)
    {
      options.depth = (guint) depth;
      options.movetime_ms = (guint) movetime;
    }
  options.variations = variations;
  options.hash_mb = (guint) hash;
  if (collection)
    return annotate_collection (collection, argv[2], &options);
  if (!annotate_game (game, &options, "", &error))
    {
      ts_cli_error ("%s", error->message);
      return 1;
    }
  if (!ts_game_save (game, argv[2], ts_game_format_for_filename (argv[2]), &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  return 0;
}
