/* Openings for matches (see openings.h). */
#include <glib/gi18n.h>
#include <string.h>

#include "engine/engine.h"
#include "match/openings.h"
#include "match/protocol.h"
#include "rules/notation.h"

#define MAX_FILE_SIZE (16u << 20)
#define ATTEMPTS_PER_OPENING 200
/* Node budgets: a forced line (Nihongi's checks) can make a shallow search long. Counted
 * in nodes, not time, so that the same seed still gives the same openings. */
#define MOVE_NODES  100000
#define JUDGE_NODES 200000

void
ts_opening_free (TsOpening *o)
{
  if (!o)
    return;
  ts_position_free (o->start);
  g_strfreev (o->san);
  g_free (o);
}

/* The SAN of moves played from start. */
static GStrv
san_of (const TsPosition *start, const TsMove *moves, guint n)
{
  g_autoptr (TsPosition) p = ts_position_copy (start);
  GStrv san = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    {
      TsUndo undo;
      san[i] = ts_move_to_san (p, moves[i]);
      ts_position_make (p, moves[i], &undo);
    }
  return san;
}

GPtrArray *
ts_openings_load (const char *filename, const TsVariant *v, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree char *data = NULL;
  gsize length;

  if (!g_file_get_contents (filename, &data, &length, &local))
    {
      g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_SYNTAX, "%s", local->message);
      return NULL;
    }
  return ts_openings_parse (data, length, filename, v, error);
}

GPtrArray *
ts_openings_parse (const char *data, gsize length, const char *filename, const TsVariant *v,
                   GError **error)
{
  g_autoptr (GPtrArray) openings = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_opening_free);
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) lines = NULL;

  if (length > MAX_FILE_SIZE || strnlen (data, length) != length || !g_utf8_validate (data, length, NULL))
    {
      g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_SYNTAX,
                   _("%s: not an openings file (binary, not UTF-8, or over 16 MiB)"), filename);
      return NULL;
    }
  lines = g_strsplit (data, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      const char *line = g_strstrip (lines[i]);
      TsProtocolPosition parsed;
      TsResult result;
      TsOpening *o;

      if (!*line || *line == '#')
        continue;
      if (!ts_protocol_parse_position (line, v, &parsed, &local))
        {
          g_set_error (error, TS_PROTOCOL_ERROR, local->code, "%s:%u: %s", filename, i + 1, local->message);
          return NULL;
        }
      if (ts_position_variant (parsed.start) != v)
        {
          ts_protocol_position_clear (&parsed);
          continue;
        }
      /* A game decided by its opening would count in the match as if played. */
      ts_position_result (parsed.current, &result);
      if (result.kind != TS_RESULT_NONE)
        {
          g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_POSITION,
                       _("%s:%u: the game is over there (%s): not an opening"), filename, i + 1,
                       _(result.reason));
          ts_protocol_position_clear (&parsed);
          return NULL;
        }
      o = g_new0 (TsOpening, 1);
      o->san = san_of (parsed.start, (const TsMove *) parsed.moves->data, parsed.moves->len);
      o->start = g_steal_pointer (&parsed.start);
      o->initial = parsed.initial;
      o->line = i + 1;
      ts_protocol_position_clear (&parsed);
      g_ptr_array_add (openings, o);
    }
  if (openings->len == 0)
    {
      g_set_error (error, TS_PROTOCOL_ERROR, TS_PROTOCOL_ERROR_VARIANT, _("%s: no opening of %s"),
                   filename, v->id);
      return NULL;
    }
  return g_steal_pointer (&openings);
}

char *
ts_opening_to_line (const TsOpening *o)
{
  return ts_protocol_format_position (o->start, o->initial, (const char *const *) o->san,
                                      g_strv_length (o->san));
}

/* A move the shallow search finds within margin of its best, drawn at random among
 * those; FALSE if the side to move has none. */
static gboolean
sane_move (TsEngine *engine, TsPosition *pos, const TsOpeningsParams *params, GRand *rand, TsMove *out)
{
  TsSearchLimits limits;
  TsSearchInfo info;
  guint n = 0;

  ts_search_limits_init (&limits);
  limits.depth = params->depth;
  limits.nodes = MOVE_NODES;
  limits.multipv = 8;
  if (!ts_engine_search (engine, pos, &limits, NULL, NULL, NULL, &info))
    return FALSE;
  while (n < info.n_lines && info.lines[n].n_moves > 0 &&
         info.lines[n].score >= info.lines[0].score - params->margin_cp)
    n++;
  *out = n ? info.lines[g_rand_int_range (rand, 0, (gint32) n)].moves[0] : info.best_move;
  ts_search_info_clear (&info);
  return TRUE;
}

/* The score of pos at depth + 1 (from its side to move), in *score; FALSE for a
 * finished game or a forced mate. */
static gboolean
judge (TsEngine *engine, TsPosition *pos, const TsOpeningsParams *params, int *score)
{
  TsSearchLimits limits;
  TsSearchInfo info;
  TsResult r;
  gboolean ok;

  ts_position_result (pos, &r);
  if (r.kind != TS_RESULT_NONE)
    return FALSE;
  ts_search_limits_init (&limits);
  limits.depth = params->depth + 1;
  limits.nodes = JUDGE_NODES;
  if (!ts_engine_search (engine, pos, &limits, NULL, NULL, NULL, &info))
    return FALSE;
  ok = info.n_lines > 0 && !info.lines[0].is_mate;
  *score = ok ? info.lines[0].score : 0;
  ts_search_info_clear (&info);
  return ok;
}

GPtrArray *
ts_openings_generate (const TsVariant *v, guint count, const TsOpeningsParams *params,
                      void (*progress) (guint found, gpointer data), gpointer data)
{
  GPtrArray *openings = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_opening_free);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (params->seed);
  TsEngine *engine = ts_engine_new (v, 16);
  int even = 0, score;

  /* Four players: the paranoid score of the seat to move is far from 0 in the start
   * position already (one army against three); the openings are measured against it. */
  if (v->n_seats > 2)
    {
      g_autoptr (TsPosition) initial = ts_position_new_initial (v);
      judge (engine, initial, params, &even);
    }

  for (guint attempt = 0; openings->len < count && attempt < count * ATTEMPTS_PER_OPENING; attempt++)
    {
      g_autoptr (TsPosition) start = ts_position_new_initial (v);
      g_autoptr (TsPosition) pos = ts_position_copy (start);
      guint plies = (guint) g_rand_int_range (rand, (gint32) params->min_plies, (gint32) params->max_plies + 1);
      TsMove moves[64];
      guint n = 0;
      gint64 hash;
      TsOpening *o;

      while (n < MIN (plies, G_N_ELEMENTS (moves)) && sane_move (engine, pos, params, rand, &moves[n]))
        {
          TsUndo undo;
          ts_position_make (pos, moves[n++], &undo);
        }
      hash = (gint64) ts_position_hash (pos);
      if (n < plies || g_hash_table_contains (seen, &hash) || !judge (engine, pos, params, &score) ||
          ABS (score - even) > params->balance_cp)
        continue;
      g_hash_table_add (seen, g_memdup2 (&hash, sizeof hash));
      o = g_new0 (TsOpening, 1);
      o->start = g_steal_pointer (&start);
      o->initial = TRUE;
      o->san = san_of (o->start, moves, n);
      g_ptr_array_add (openings, o);
      if (progress)
        progress (openings->len, data);
    }
  ts_engine_free (engine);
  return openings;
}
