/* tessera-cli analyse, match and bench: the engine's command-line front end. */
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

/* ---- match ---- */

typedef struct {
  char     *label;
  gboolean  greedy;
  guint     level;
  TsEngine *engine;
  double    score;
} Player;

static gboolean
parse_level (const char *text, Player *p)
{
  char *end;
  long l;

  p->label = g_strdup (text);
  if (g_ascii_strcasecmp (text, "greedy") == 0)
    return p->greedy = TRUE;
  if (g_ascii_strcasecmp (text, "full") == 0)
    return (p->level = TS_ENGINE_LEVEL_FULL), TRUE;
  if (g_ascii_strcasecmp (text, "beginner") == 0)
    return (p->level = TS_ENGINE_LEVEL_BEGINNER), TRUE;
  l = strtol (text, &end, 10);
  if (*end || l < TS_ENGINE_LEVEL_BEGINNER || l > TS_ENGINE_LEVEL_FULL)
    return FALSE;
  p->level = (guint) l;
  return TRUE;
}

int
ts_cli_match (int argc, char **argv)
{
  g_autofree char *variant = NULL;
  g_auto (GStrv) seats = NULL;
  int games = 2, movetime = 1000, depth = 0, max_plies = 400, seed = 1;
  gboolean adjudicate = FALSE;
  GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_STRING, &variant, N_("Variant id"), N_("ID") },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Number of games"), "N" },
    { "seat", 0, 0, G_OPTION_ARG_STRING_ARRAY, &seats,
      N_("A player: level 1–10, “beginner”, “full” or “greedy”; one per seat"), "LEVEL" },
    { "movetime", 0, 0, G_OPTION_ARG_INT, &movetime, N_("Time per move in milliseconds"), "MS" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth per move instead of time"), "N" },
    { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies, N_("Draw a game after this many plies"), "N" },
    { "adjudicate", 0, 0, G_OPTION_ARG_NONE, &adjudicate,
      N_("Call a game won when one side leads by a queen's worth for 10 plies"), NULL },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the weaker levels' randomness"), "N" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (_("— play the engine against itself"));
  g_autoptr (GError) error = NULL;
  const TsVariant *v;
  Player players[4] = { 0 };
  guint n_players;

  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (!variant)
    {
      ts_cli_error (_("give --variant ID"));
      return 2;
    }
  if (!(v = ts_cli_lookup_variant (variant)))
    return 2;
  n_players = seats ? g_strv_length (seats) : 0;
  if (n_players != v->n_seats)
    {
      ts_cli_error (_("%s has %u seats: give --seat LEVEL %u times (got %u)"), v->id,
                    v->n_seats, v->n_seats, n_players);
      return 2;
    }
  if (games < 1 || movetime < 1 || depth < 0 || max_plies < 1)
    {
      ts_cli_error (_("--games, --movetime and --max-plies must be ≥ 1, --depth ≥ 0"));
      return 2;
    }
  for (guint i = 0; i < n_players; i++)
    {
      if (!parse_level (seats[i], &players[i]))
        {
          ts_cli_error (_("--seat “%s”: expected a level 1 to %d, “beginner”, “full” or “greedy”"),
                        seats[i], TS_ENGINE_LEVEL_FULL);
          for (guint j = 0; j <= i; j++)
            g_free (players[j].label);
          return 2;
        }
      players[i].engine = ts_engine_new (v, 64);
    }

  int lead_needed = 0;
  for (guint t = 0; t < v->n_piece_types; t++)
    lead_needed = MAX (lead_needed, ts_engine_piece_value (players[0].engine, t));
  lead_needed = MAX (lead_needed, 1000);

  for (int g = 0; g < games; g++)
    {
      g_autoptr (TsPosition) pos = ts_position_new_initial (v);
      guint player_of_seat[4];
      TsResult r = { TS_RESULT_NONE };
      const char *reason = NULL;
      int lead_plies = 0, lead_sign = 0;
      guint plies = 0;

      /* Seats rotate between games. */
      for (guint s = 0; s < v->n_seats; s++)
        player_of_seat[s] = (s + (guint) g) % n_players;
      for (guint i = 0; i < n_players; i++)
        ts_engine_clear (players[i].engine);

      for (;;)
        {
          ts_position_result (pos, &r);
          if (r.kind != TS_RESULT_NONE)
            {
              reason = r.reason;
              break;
            }
          if (plies >= (guint) max_plies)
            {
              r.kind = TS_RESULT_DRAW;
              reason = N_("move limit");
              break;
            }
          guint seat = ts_position_side_to_move (pos);
          Player *p = &players[player_of_seat[seat]];
          TsMove m;
          TsUndo undo;
          gboolean ok;

          if (p->greedy)
            ok = ts_engine_greedy_move (p->engine, pos, (guint32) (seed * 7919 + g * 131 + plies), &m);
          else
            {
              TsSearchLimits limits;
              TsSearchInfo info;
              ts_search_limits_init (&limits);
              limits.level = p->level;
              limits.seed = (guint32) (seed + g * 1000 + (int) plies);
              if (depth)
                limits.depth = (guint) depth;
              else
                limits.movetime_ms = (guint) movetime;
              ok = ts_engine_search (p->engine, pos, &limits, NULL, NULL, NULL, &info);
              m = info.best_move;
              ts_search_info_clear (&info);
            }
          if (!ok || !ts_position_is_legal (pos, m))
            {
              ts_cli_error (_("game %d: the %s player found no legal move at ply %u"),
                            g + 1, p->label, plies);
              r.kind = TS_RESULT_NONE;
              reason = N_("engine failure");
              break;
            }
          ts_position_make (pos, m, &undo);
          plies++;

          if (adjudicate && v->n_seats == 2)
            {
              TsEngine *e = players[0].engine;
              int eval = ts_engine_evaluate (e, pos);
              /* ts_engine_evaluate is from the side to move's view: seat 0's is wanted. */
              if (ts_position_side_to_move (pos) != 0)
                eval = -eval;
              int sign = eval >= lead_needed ? 1 : eval <= -lead_needed ? -1 : 0;
              lead_plies = sign && sign == lead_sign ? lead_plies + 1 : sign ? 1 : 0;
              lead_sign = sign;
              if (lead_plies >= 10)
                {
                  r.kind = TS_RESULT_WIN;
                  r.winner_team = v->team[sign > 0 ? 0 : 1];
                  reason = N_("adjudicated");
                  break;
                }
            }
        }

      g_autoptr (GString) line = g_string_new (NULL);
      g_string_append_printf (line, "game %d:", g + 1);
      for (guint s = 0; s < v->n_seats; s++)
        g_string_append_printf (line, " %s=%s", _(v->seat_names[s]),
                                players[player_of_seat[s]].label);
      if (r.kind == TS_RESULT_WIN)
        {
          /* Each player of the winning team scores a point. */
          for (guint s = 0; s < v->n_seats; s++)
            if (v->team[s] == r.winner_team)
              players[player_of_seat[s]].score += 1.0;
          g_string_append_printf (line, " — won by %s", _(v->seat_names[r.winner_team]));
          for (guint s = 0; s < v->n_seats; s++)
            if (s != r.winner_team && v->team[s] == r.winner_team)
              g_string_append_printf (line, " & %s", _(v->seat_names[s]));
        }
      else if (r.kind == TS_RESULT_DRAW)
        {
          for (guint s = 0; s < v->n_seats; s++)
            players[player_of_seat[s]].score += 1.0 / v->n_seats;
          g_string_append (line, " — draw");
        }
      else
        g_string_append (line, " — no result");
      g_string_append_printf (line, " (%s, %u plies)", reason ? _(reason) : "", plies);
      printf ("%s\n", line->str);
      fflush (stdout);
    }

  printf ("score:");
  for (guint i = 0; i < n_players; i++)
    printf (" player %u (%s) %.1f%s", i + 1, players[i].label, players[i].score,
            i + 1 < n_players ? "," : "");
  printf (" of %d games\n", games);
  for (guint i = 0; i < n_players; i++)
    {
      ts_engine_free (players[i].engine);
      g_free (players[i].label);
    }
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
          ts_engine_search (engine, pos, &limits, NULL, NULL, NULL, &info);
          total += info.nodes;
          if (verbose)
            printf ("%-26s %s depth %u nodes %" G_GUINT64_FORMAT "\n", v->id,
                    k ? "middle" : "start ", limits.depth, info.nodes);
          ts_search_info_clear (&info);
        }
      ts_engine_free (engine);
    }

  gint64 us = MAX (g_get_monotonic_time () - start, 1);
  printf ("bench: %" G_GUINT64_FORMAT " nodes %" G_GUINT64_FORMAT " nps %" G_GINT64_FORMAT " ms\n",
          total, total * G_USEC_PER_SEC / (guint64) us, us / 1000);
  return 0;
}
