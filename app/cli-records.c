/* tessera-cli validate, convert and bench-records. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli-records.h"
#include "records/game-random.h"
#include "records/game.h"

int
ts_cli_validate (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE… — check game records"));
  int status = 0;

  g_option_context_set_summary (context, _("Reads each game record (XML or text form), checks "
                                           "every move for legality, and prints OK or the error."));
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc < 2)
    {
      ts_cli_error (_("validate: give at least one file"));
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (TsGame) game = ts_game_load (argv[i], &error);

      if (game)
        printf ("%s: OK\n", argv[i]);
      else
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
        }
    }
  return status;
}

int
ts_cli_convert (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("IN OUT — convert a game record"));
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autofree char *format = NULL;
  GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("Output form: xml or text (default: from OUT's extension, .pgn and .txt are text)"), N_("FORM") },
    { NULL },
  };
  TsGameFormat out_format;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (argc != 3)
    {
      ts_cli_error (_("convert: give an input and an output file"));
      return 2;
    }
  if (format == NULL)
    out_format = ts_game_format_for_filename (argv[2]);
  else if (strcmp (format, "xml") == 0)
    out_format = TS_GAME_FORMAT_XML;
  else if (strcmp (format, "text") == 0)
    out_format = TS_GAME_FORMAT_TEXT;
  else
    {
      ts_cli_error (_("convert: unknown form “%s” (xml or text)"), format);
      return 2;
    }

  game = ts_game_load (argv[1], &error);
  if (game == NULL || !ts_game_save (game, argv[2], out_format, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  return 0;
}

typedef struct {
  const char *name;
  double      best, total, cpu_best;
} Timing;

static void
timing_add (Timing *t, double seconds, double cpu)
{
  t->best = t->total == 0 ? seconds : MIN (t->best, seconds);
  t->cpu_best = t->total == 0 ? cpu : MIN (t->cpu_best, cpu);
  t->total += seconds;
}

/* Moves in the tree under node (and the nodes into all when not NULL). */
static guint
count_nodes (const TsGameNode *node, guint *variations, GPtrArray *all)
{
  guint n = 0;
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, (gpointer) node);
  while (stack->len)
    {
      const TsGameNode *x = g_ptr_array_steal_index (stack, stack->len - 1);

      n++;
      if (all)
        g_ptr_array_add (all, (gpointer) x);
      *variations += ts_game_node_n_children (x) > 1 ? ts_game_node_n_children (x) - 1 : 0;
      for (guint i = 0; i < ts_game_node_n_children (x); i++)
        g_ptr_array_add (stack, ts_game_node_child (x, i));
    }
  return n - 1;
}

/* What a user does with a long game: to the end, back to the start move by move, forward
 * again, then jumps to 100 moves anywhere (each as many steps as the moves between). */
static void
navigate (TsGame *game, GRand *rand, GPtrArray *nodes)
{
  ts_game_go_end (game);
  while (ts_game_back (game))
    ;
  ts_game_go_end (game);
  for (guint i = 0; i < 100 && nodes->len > 0; i++)
    ts_game_go_to (game, nodes->pdata[g_rand_int_range (rand, 0, nodes->len)]);
  ts_game_go_start (game);
}

typedef struct {
  const char *name;
  const char *before, *unit, *after;
  gsize       times;
  gboolean    numbered;   /* unit has a %07lu: distinct attribute names */
} Hostile;

#define XML_START "<?xml version=\"1.0\"?>\n<tessera-game format=\"1\" variant=\"raumschach\">\n"
#define MB        (1u << 20)

/* The worst inputs found (docs/file-format.md, "Hostile input"), each about 15 MB. */
static const Hostile hostile_inputs[] = {
  { "1.2 million attributes", XML_START "<moves", " a%07lu=\"\"", "/></tessera-game>", 15 * MB / 13, TRUE },
  { "15 MB element name", XML_START "<moves><", "x", "/></moves></tessera-game>", 15 * MB, FALSE },
  { "5 MB move (XML)", XML_START "<moves><move san=\"", "N", "\"/></moves></tessera-game>", 5 * MB, FALSE },
  { "deep elements", XML_START "<moves>", "<variation>", "", 15 * MB / 11, FALSE },
  { "1 million tags (XML)", XML_START, "<tag name=\"T\">v</tag>", "<moves/></tessera-game>", 15 * MB / 21, FALSE },
  { "15 MB token (text)", "[Variant \"raumschach\"]\n\n", "N", " *", 15 * MB, FALSE },
  { "2 million tags (text)", "[Variant \"raumschach\"]\n", "[T \"v\"]\n", "*", 15 * MB / 8, FALSE },
  { "15 MB open comment", "[Variant \"raumschach\"]\n\n1. NAb1-Ac3 {", "comment ", "", 15 * MB / 8, FALSE },
  { "parentheses (text)", "[Variant \"raumschach\"]\n\n1. NAb1-Ac3 ", "(", "", 15 * MB, FALSE },
};

static int
bench_hostile (int iterations)
{
  for (guint h = 0; h < G_N_ELEMENTS (hostile_inputs); h++)
    {
      const Hostile *in = &hostile_inputs[h];
      g_autoptr (GString) data = g_string_new (in->before);
      Timing timing = { in->name };
      g_autofree char *message = NULL;

      for (gsize i = 0; i < in->times; i++)
        {
          if (in->numbered)
            g_string_append_printf (data, " a%07lu=\"\"", (gulong) i);
          else
            g_string_append (data, in->unit);
        }
      g_string_append (data, in->after);
      for (int i = 0; i < iterations; i++)
        {
          g_autoptr (GError) error = NULL;
          gint64 start = g_get_monotonic_time ();
          double cpu_start = ts_cli_cpu_seconds ();
          g_autoptr (TsGame) game = ts_game_from_data (data->str, data->len, "hostile", &error);

          timing_add (&timing, (g_get_monotonic_time () - start) / 1e6, ts_cli_cpu_seconds () - cpu_start);
          g_free (message);
          message = game ? g_strdup ("(opened)") : g_strdup (error->message);
        }
      printf ("%-24s %5.1f MB  best %8.2f ms  best CPU time %8.2f ms  %s\n", in->name,
              data->len / 1048576.0, timing.best * 1e3, timing.cpu_best * 1e3, message);
    }
  return 0;
}

int
ts_cli_bench_records (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("— time loading and saving game records"));
  g_autofree char *variant_id = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *xml_path = NULL;
  g_autofree char *text_path = NULL;
  int moves = 1000, variations = 200, iterations = 5;
  gboolean hostile = FALSE;
  guint n_variations = 0, n_nodes, main_line = 0;
  const TsVariant *variant;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant_id, N_("Variant (default raumschach)"), N_("ID") },
    { "moves", 'm', 0, G_OPTION_ARG_INT, &moves, N_("Plies on the main line (default 1000)"), N_("N") },
    { "variations", 'V', 0, G_OPTION_ARG_INT, &variations, N_("Variations (default 200)"), N_("N") },
    { "iterations", 'n', 0, G_OPTION_ARG_INT, &iterations, N_("Repetitions (default 5)"), N_("N") },
    { "hostile", 0, 0, G_OPTION_ARG_NONE, &hostile,
      N_("Time refusing hostile files instead (thousands of attributes, huge tokens, deep nesting)"), NULL },
    { NULL },
  };
  Timing timings[] = {
    { "save xml" }, { "load xml" }, { "save text" }, { "load text" }, { "navigate" },
  };
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!ts_cli_parse_options (context, &argc, &argv))
    return 2;
  if (!(variant = ts_cli_lookup_variant (variant_id ? variant_id : "raumschach")))
    return 2;
  if (moves < 0 || variations < 0 || iterations < 1)
    {
      ts_cli_error (_("bench-records: --moves and --variations must be ≥ 0, --iterations ≥ 1"));
      return 2;
    }

  if (hostile)
    return bench_hostile (iterations);
  game = ts_game_new_random (variant, moves, variations, TRUE, 1907);
  n_nodes = count_nodes (ts_game_root (game), &n_variations, nodes);
  for (const TsGameNode *n = ts_game_root (game); ts_game_node_n_children (n) > 0; n = ts_game_node_child (n, 0))
    main_line++;
  dir = g_dir_make_tmp ("tessera-bench-XXXXXX", &error);
  if (dir == NULL)
    {
      ts_cli_error ("%s", error->message);
      return 1;
    }
  xml_path = g_build_filename (dir, "game.tessera", NULL);
  text_path = g_build_filename (dir, "game.pgn", NULL);

  for (int i = 0; i < iterations && error == NULL; i++)
    for (guint t = 0; t < G_N_ELEMENTS (timings) && error == NULL; t++)
      {
        gboolean text = t >= 2;
        const char *path = text ? text_path : xml_path;
        gint64 start = g_get_monotonic_time ();
        double cpu_start = ts_cli_cpu_seconds ();

        if (t == 4)
          navigate (game, rand, nodes);
        else if (t % 2 == 0)
          {
            if (!ts_game_save (game, path, text ? TS_GAME_FORMAT_TEXT : TS_GAME_FORMAT_XML, &error))
              break;
          }
        else
          {
            g_autoptr (TsGame) loaded = ts_game_load (path, &error);

            if (loaded == NULL)
              break;
          }
        timing_add (&timings[t], (g_get_monotonic_time () - start) / 1e6, ts_cli_cpu_seconds () - cpu_start);
      }

  if (error == NULL)
    {
      GStatBuf xml_st, text_st;

      g_stat (xml_path, &xml_st);
      g_stat (text_path, &text_st);
      printf ("game: %s, %u moves in all, %u on the main line, %u variations; "
              "XML %ld bytes, text %ld bytes\n",
              variant->id, n_nodes, main_line, n_variations,
              (long) xml_st.st_size, (long) text_st.st_size);
      for (guint t = 0; t < G_N_ELEMENTS (timings); t++)
        printf ("%-10s best %8.2f ms   mean %8.2f ms   best CPU time %8.2f ms   (%d runs)\n",
                timings[t].name, timings[t].best * 1e3, timings[t].total * 1e3 / iterations,
                timings[t].cpu_best * 1e3, iterations);
    }

  for (guint i = 0; i < 2; i++)
    {
      const char *path = i ? text_path : xml_path;
      g_autofree char *backup = g_strconcat (path, "~", NULL);

      g_unlink (path);
      g_unlink (backup);
    }
  g_rmdir (dir);
  if (error)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  return 0;
}
