/* The players of tessera-cli match (see match-player.h). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "match-player.h"
#include "match/engine-process.h"
#include "match/protocol.h"
#include "rules/notation.h"

/* How long an engine may take to start and to set itself up. */
#define SETUP_US (30 * G_USEC_PER_SEC)

struct _MatchPlayer {
  const MatchPlayerSpec *spec;
  TsEngineProcess       *process;   /* protocol engines */
  TsEngine              *engine;    /* built-in players */
};

void
match_player_spec_free (MatchPlayerSpec *spec)
{
  if (!spec)
    return;
  g_free (spec->label);
  g_strfreev (spec->argv);
  g_free (spec);
}

void
match_answer_clear (MatchAnswer *answer)
{
  g_clear_pointer (&answer->text, g_free);
  memset (answer, 0, sizeof *answer);
}

static void
remember_id_name (const char *line, gpointer data)
{
  char **name = data;

  if (name && !*name && g_str_has_prefix (line, "id name "))
    *name = g_strstrip (g_strdup (line + strlen ("id name ")));
}

/* uci, the variant, the options, ucinewgame, isready: the engine is ready for a game
 * (isready gives it the time to make its tables before the clock runs). */
static gboolean
set_up (TsEngineProcess *process, const TsVariant *v, const char *const *options, char **id_name,
        GError **error)
{
  gint64 deadline = g_get_monotonic_time () + SETUP_US;
  g_autofree char *ok = NULL, *ready = NULL;
  g_autofree char *variant = g_strdup_printf ("setoption name UCI_Variant value %s", v->id);

  if (!ts_engine_process_send (process, "uci", error) ||
      !(ok = ts_engine_process_wait_for (process, "uciok", deadline, remember_id_name, id_name, error)) ||
      !ts_engine_process_send (process, variant, error))
    return FALSE;
  for (guint i = 0; options && options[i]; i++)
    {
      const char *eq = strchr (options[i], '=');
      g_autofree char *name = g_strndup (options[i], eq ? (gsize) (eq - options[i]) : strlen (options[i]));
      g_autofree char *line = eq ? g_strdup_printf ("setoption name %s value %s", name, eq + 1)
                                 : g_strdup_printf ("setoption name %s", name);
      if (!ts_engine_process_send (process, line, error))
        return FALSE;
    }
  return ts_engine_process_send (process, "ucinewgame", error) &&
         ts_engine_process_send (process, "isready", error) &&
         (ready = ts_engine_process_wait_for (process, "readyok", deadline, NULL, NULL, error));
}

MatchPlayer *
match_player_start (const MatchPlayerSpec *spec, const TsVariant *v, const char *const *options,
                    char **id_name, GError **error)
{
  g_autoptr (MatchPlayer) p = g_new0 (MatchPlayer, 1);

  p->spec = spec;
  if (!spec->argv)
    {
      p->engine = ts_engine_new (v, 64);
      return g_steal_pointer (&p);
    }
  if (id_name)
    *id_name = NULL;
  if (!(p->process = ts_engine_process_new ((const char *const *) spec->argv, error)) ||
      !set_up (p->process, v, options, id_name, error))
    return NULL;
  return g_steal_pointer (&p);
}

void
match_player_free (MatchPlayer *p)
{
  if (!p)
    return;
  if (p->process)
    ts_engine_process_close (p->process, 1000);
  if (p->engine)
    ts_engine_free (p->engine);
  g_free (p);
}

const char *
match_player_stderr (MatchPlayer *p)
{
  return p->process ? ts_engine_process_stderr_tail (p->process) : "";
}

/* "go …" for limits: clocks by the seats' keys (docs/engine-protocol.md). */
static char *
go_command (const TsVariant *v, const TsSearchLimits *limits)
{
  GString *s = g_string_new ("go");

  if (limits->depth)
    g_string_append_printf (s, " depth %u", limits->depth);
  if (limits->nodes)
    g_string_append_printf (s, " nodes %" G_GUINT64_FORMAT, limits->nodes);
  if (limits->movetime_ms)
    g_string_append_printf (s, " movetime %u", limits->movetime_ms);
  for (guint seat = 0; seat < v->n_seats; seat++)
    if (limits->time_left_ms[seat] >= 0)
      {
        char key = ts_variant_seat_key (v, seat);
        g_string_append_printf (s, " %ctime %" G_GINT64_FORMAT " %cinc %" G_GINT64_FORMAT, key,
                                limits->time_left_ms[seat], key, limits->increment_ms[seat]);
      }
  return g_string_free (s, FALSE);
}

/* The last info line of the first best line: its depth and score. */
static void
read_info (const char *line, gpointer data)
{
  MatchAnswer *a = data;
  const char *score = strstr (line, " score "), *depth = strstr (line, " depth ");
  const char *multipv = strstr (line, " multipv ");

  if (!g_str_has_prefix (line, "info ") || !score || (multipv && atoi (multipv + 9) != 1))
    return;
  score += strlen (" score ");
  if (g_str_has_prefix (score, "cp "))
    {
      a->score_cp = atoi (score + 3);
      a->is_mate = FALSE;
    }
  else if (g_str_has_prefix (score, "mate "))
    {
      a->mate_moves = atoi (score + 5);
      a->is_mate = a->mate_moves != 0;
      a->score_cp = a->mate_moves > 0 ? TS_SCORE_MATE - (2 * a->mate_moves - 1)
                                      : -TS_SCORE_MATE + 2 * ABS (a->mate_moves);
    }
  else
    return;
  a->has_score = TRUE;
  a->depth = depth ? (guint) MAX (atoi (depth + 7), 0) : 0;
}

static MatchMoveStatus
protocol_move (MatchPlayer *p, const TsOpening *opening, const char *const *san, guint n_moves,
               TsPosition *pos, const TsSearchLimits *limits, gint64 deadline_us, MatchAnswer *a)
{
  g_autofree char *where = ts_protocol_format_position (opening->start, opening->initial, san, n_moves);
  g_autofree char *position = g_strconcat ("position ", where, NULL);
  g_autofree char *go = go_command (ts_position_variant (pos), limits);
  g_autofree char *best = NULL;
  g_autoptr (GError) error = NULL;
  char *ponder;

  if (!ts_engine_process_send (p->process, position, NULL) || !ts_engine_process_send (p->process, go, NULL))
    return MATCH_MOVE_CRASH;
  best = ts_engine_process_wait_for (p->process, "bestmove", deadline_us, read_info, a, &error);
  if (!best)
    return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT) ? MATCH_MOVE_TIMEOUT : MATCH_MOVE_CRASH;
  a->text = g_strdup (g_strstrip (strstr (best, "bestmove") + strlen ("bestmove")));
  if ((ponder = strstr (a->text, " ponder ")))
    *ponder = '\0';
  if (strcmp (a->text, "(none)") == 0 || !*a->text)
    return MATCH_MOVE_NONE;
  return ts_move_parse (pos, a->text, &a->move, NULL) ? MATCH_MOVE_OK : MATCH_MOVE_ILLEGAL;
}

static MatchMoveStatus
builtin_move (MatchPlayer *p, TsPosition *pos, const TsSearchLimits *limits, MatchAnswer *a)
{
  TsSearchLimits l = *limits;
  TsSearchInfo info;
  gboolean found;

  if (p->spec->greedy)
    return ts_engine_greedy_move (p->engine, pos, limits->seed, &a->move) ? MATCH_MOVE_OK : MATCH_MOVE_NONE;
  l.level = p->spec->level;
  found = ts_engine_search (p->engine, pos, &l, NULL, NULL, NULL, &info);
  if (found && info.n_lines > 0)
    {
      a->has_score = TRUE;
      a->score_cp = info.lines[0].score;
      a->is_mate = info.lines[0].is_mate;
      a->mate_moves = info.lines[0].mate_moves;
      a->depth = info.depth;
    }
  a->move = info.best_move;
  ts_search_info_clear (&info);
  return found ? MATCH_MOVE_OK : MATCH_MOVE_NONE;
}

MatchMoveStatus
match_player_move (MatchPlayer *p, const TsOpening *opening, const char *const *san, guint n_moves,
                   TsPosition *pos, const TsSearchLimits *limits, gint64 deadline_us, MatchAnswer *a)
{
  memset (a, 0, sizeof *a);
  if (p->process)
    return protocol_move (p, opening, san, n_moves, pos, limits, deadline_us, a);
  return builtin_move (p, pos, limits, a);
}
