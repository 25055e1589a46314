/* tessera-cli analyse and bench: the engine's command-line front end (match: cli-match.c). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-engine.h"
#include "engine/engine.h"
#include "rules/notation.h"
#include "rules/postext.h"

static void
print_info (const TsSearchInfo *info, gpointer data)
{
  for (guint i = 0; i < info->n_lines; i++)
    {
      g_autofree char *line = ts_search_line_to_string (info, i);
      printf ("%s\n", line);
    }
  fflush (stdout);
}

int
ts_cli_analyse (int argc, char **argv)
{
  g_auto (TsCliPositionOptions) where = { NULL };
  int depth = 0, movetime = 0, multipv = 1, mate = 0, level = TS_ENGINE_LEVEL_FULL, hash = 64;
  gint64 nodes = 0;
  GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Search depth in plies"), "N" },
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime, N_("Search time in milliseconds"), "MS" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Node limit"), "N" },
    { "multipv", 0, 0, G_OPTION_ARG_INT, &multipv, N_("Number of best lines"), "N" },
    { "mate", 0, 0, G_OPTION_ARG_INT, &mate, N_("Mate search: shortest mate in at most N moves"), "N" },
    { "level", 0, 0, G_OPTION_ARG_INT, &level, N_("Strength level, 1 (beginner) to 10 (full)"), "L" },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Transposition table size in MiB"), "MB" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("— search a position"));
  g_autoptr (GError) error = NULL;
  g_autoptr (TsPosition) pos = NULL;
  TsSearchLimits limits;
  TsSearchInfo info;
  TsEngine *engine;

  ts_cli_position_options_add (ctx, &where, TRUE);
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (depth < 0 || movetime < 0 || nodes < 0 || mate < 0 || hash <= 0 ||
      multipv < 1 || multipv > TS_ENGINE_MAX_MULTIPV || level < 1 || level > TS_ENGINE_LEVEL_FULL)
    {
      ts_cli_error (_("out-of-range option: --depth, --movetime, --nodes and --mate take "
                      "numbers ≥ 0, --multipv 1 to %d, --level 1 to %d, --hash ≥ 1"),
                    TS_ENGINE_MAX_MULTIPV, TS_ENGINE_LEVEL_FULL);
      return 2;
    }
  if (!ts_cli_hash_fits (hash))
    return 2;
  if (!depth && !movetime && !nodes && !mate)
    {
      ts_cli_error (_("give a limit: --depth N, --movetime MS, --nodes N or --mate N"));
      return 2;
    }
  if (!(pos = ts_cli_position_options_build (&where)))
    return 2;

  ts_search_limits_init (&limits);
  limits.depth = (guint) depth;
  limits.movetime_ms = (guint) movetime;
  limits.nodes = (guint64) nodes;
  limits.multipv = (guint) multipv;
  limits.mate_in = (guint) mate;
  limits.level = (guint) level;

  engine = ts_engine_new (ts_position_variant (pos), (guint) hash);
  if (!ts_engine_search (engine, pos, &limits, NULL, print_info, NULL, &info))
    {
      TsResult r;
      ts_position_result (pos, &r);
      printf ("bestmove (none)%s%s\n", r.kind != TS_RESULT_NONE ? " " : "",
              r.kind != TS_RESULT_NONE ? _(r.reason) : "");
      ts_engine_free (engine);
      return 1;
    }
  if (mate)
    {
      if (info.mate_proven)
        printf (_("mate in %d\n"), info.lines[0].mate_moves);
      else if (!info.stopped)
        printf (_("no mate in %d\n"), mate);
      else
        printf (_("mate search interrupted\n"));
    }
  {
    g_autofree char *san = ts_move_to_san (pos, info.best_move);
    printf ("bestmove %s\n", san);
  }
  ts_search_info_clear (&info);
  ts_engine_free (engine);
  return 0;
}

/* ---- bench ---- */

/* The middlegame of the speed figures: 24 plies of level-3 play with a fixed seed. */
static TsPosition *
middlegame (const TsVariant *v, TsEngine *engine)
{
  TsPosition *pos = ts_position_new_initial (v);

  for (guint ply = 0; ply < 24; ply++)
    {
      TsSearchLimits limits;
      TsSearchInfo info;
      TsUndo undo;

      ts_search_limits_init (&limits);
      limits.level = 3;
      limits.seed = ply;
      if (!ts_engine_search (engine, pos, &limits, NULL, NULL, NULL, &info))
        break;
      ts_position_make (pos, info.best_move, &undo);
      ts_search_info_clear (&info);
    }
  return pos;
}

static int
bench_speed (const TsVariant *const *variants, guint n_variants, guint ms)
{
  for (guint i = 0; i < n_variants; i++)
    {
      TsEngine *engine = ts_engine_new (variants[i], 64);
      g_autoptr (TsPosition) start = ts_position_new_initial (variants[i]);
      g_autoptr (TsPosition) middle = middlegame (variants[i], engine);

      for (guint k = 0; k < 2; k++)
        {
          TsSearchLimits limits;
          TsSearchInfo info;
          g_autofree char *text = k ? ts_position_to_text (middle) : NULL;

          ts_engine_clear (engine);
          ts_search_limits_init (&limits);
          limits.movetime_ms = ms;
          limits.infinite = FALSE;
          if (!ts_engine_search (engine, k ? middle : start, &limits, NULL, NULL, NULL, &info))
            continue;
          printf ("%-24s %s depth %2u seldepth %3u nodes %9" G_GUINT64_FORMAT " nps %7" G_GUINT64_FORMAT
                  " time %6" G_GUINT64_FORMAT "%s%s\n", variants[i]->id, k ? "middle" : "start ",
                  info.depth, info.seldepth, info.nodes, info.nps, info.time_ms,
                  k ? "  " : "", k ? text : "");
          fflush (stdout);
          ts_search_info_clear (&info);
        }
      ts_engine_free (engine);
    }
  return 0;
}

/* A fixed depth per kind of variant keeps the whole bench within a few seconds. */
static guint
bench_depth (const TsVariant *v)
{
  if (v->family == TS_FAMILY_DOSEKI)
    return 2;
  if (v->n_seats > 2)
    return 3;
  return v->geometry.ncells > 300 ? 4 : 5;
}

int
ts_cli_bench (int argc, char **argv)
{
  int depth = 0, speed = 0;
  gboolean verbose = FALSE, values = FALSE;
  GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth for every position instead of the defaults"), "N" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, N_("Print each position's count"), NULL },
    { "values", 0, 0, G_OPTION_ARG_NONE, &values, N_("Print the computed piece values and stop"), NULL },
    { "speed", 0, 0, G_OPTION_ARG_INT, &speed,
      N_("Instead: search the start and a middlegame of each variant for MS milliseconds"), "MS" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("— the engine's fixed-depth signature"));
  g_autoptr (GError) error = NULL;
  const TsVariant *const *variants;
  guint n_variants;
  guint64 total = 0;
  gint64 start = g_get_monotonic_time ();

  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (depth < 0)
    {
      ts_cli_error (_("--depth must be ≥ 0"));
      return 2;
    }
  variants = ts_variant_list (&n_variants);
  if (speed > 0)
    return bench_speed (variants, n_variants, (guint) speed);
  if (values)
    {
      for (guint i = 0; i < n_variants; i++)
        {
          TsEngine *engine = ts_engine_new (variants[i], 1);
          printf ("%-26s", variants[i]->id);
          for (guint t = 0; t < variants[i]->n_piece_types; t++)
            if (!variants[i]->piece_types[t].royal)
              printf (" %c=%d", variants[i]->piece_types[t].letter, ts_engine_piece_value (engine, t));
          printf ("\n");
          ts_engine_free (engine);
        }
      return 0;
    }
  for (guint i = 0; i < n_variants; i++)
    {
      const TsVariant *v = variants[i];
      TsEngine *engine = ts_engine_new (v, 16);
      g_autoptr (TsPosition) pos = ts_position_new_initial (v);

      /* Two positions per variant: the start, and after a fixed choice of six plies. */
      for (guint k = 0; k < 2; k++)
        {
          TsSearchLimits limits;
          TsSearchInfo info;

          if (k == 1)
            for (guint ply = 0; ply < 6; ply++)
              {
                TsMoveList l;
                TsUndo undo;
                ts_move_list_init (&l);
                ts_position_generate_legal (pos, &l);
                if (l.n)
                  ts_position_make (pos, l.moves[(ply * 7 + 3) % l.n], &undo);
                ts_move_list_clear (&l);
              }
          ts_engine_clear (engine);
          ts_search_limits_init (&limits);
          limits.depth = depth ? (guint) depth : bench_depth (v);
          memset (&info, 0, sizeof info);
          gint64 search_start = g_get_monotonic_time ();
          ts_engine_search (engine, pos, &limits, NULL, NULL, NULL, &info);
          total += info.nodes;
          /* The search's own time shows where the bench's goes (the total also counts
           * making the engines and the positions). */
          if (verbose)
            printf ("%-26s %s depth %u nodes %7" G_GUINT64_FORMAT " time %7.1f ms\n", v->id,
                    k ? "middle" : "start ", limits.depth, info.nodes,
                    (g_get_monotonic_time () - search_start) / 1000.0);
          ts_search_info_clear (&info);
        }
      ts_engine_free (engine);
    }

  gint64 us = MAX (g_get_monotonic_time () - start, 1);
  printf ("bench: %" G_GUINT64_FORMAT " nodes %" G_GUINT64_FORMAT " nps %" G_GINT64_FORMAT " ms\n",
          total, total * G_USEC_PER_SEC / (guint64) us, us / 1000);
  return 0;
}
