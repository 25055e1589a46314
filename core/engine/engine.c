/* The engine's context: creation, reference counting, tables; the greedy player; the
 * search info. The search itself is in search.c. See docs/engine.md. */
#include "engine/engine-private.h"

static gint n_alive;   /* engines alive in the process (ts_engine_n_alive) */

void
ts_search_limits_init (TsSearchLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  for (guint i = 0; i < 4; i++)
    limits->time_left_ms[i] = -1;
  limits->multipv = 1;
  limits->level = TS_ENGINE_LEVEL_FULL;
}

static guint8
doseki_shape_cells (char letter)
{
  switch (letter)
    {
    case 'P': return 1;
    case 'H': return 2;
    case 'B': return 3;
    case 'R': case 'A': case 'E': return 4;
    case 'G': case 'C': return 5;
    case 'J': case 'W': case 'M': return 6;
    case 'Q': return 7;
    case 'K': return 8;
    default:  return 1;
    }
}

TsEngine *
ts_engine_new (const TsVariant *v, guint hash_mb)
{
  TsEngine *e;

  g_return_val_if_fail (v != NULL, NULL);
  e = g_new0 (TsEngine, 1);
  e->ref_count = 1;
  g_mutex_init (&e->lock);
  g_mutex_init (&e->owner_lock);
  e->variant = v;
  e->hash_mb = hash_mb ? hash_mb : 16;
  for (guint i = 0; i < TS_PLY_SLOTS; i++)
    ts_move_list_init (&e->lists[i]);
  g_atomic_int_inc (&n_alive);
  return e;
}

/* The tables are made at first use, in the thread that searches: an engine made in a
 * window's main thread for its worker costs nothing there (the evaluation's probes
 * take tens of milliseconds on the big boards). */
void
ts_engine_prepare (TsEngine *e)
{
  const TsVariant *v = e->variant;

  if (!g_once_init_enter (&e->ready))
    return;
  ts_eval_init (&e->ev, v);
  ts_tt_init (&e->tt, e->hash_mb);
  /* Chess evaluates from the parent's evaluation; Doseki keeps a cache. */
  if (!e->ev.doseki)
    e->eval_state = g_new0 (TsEvalState, TS_PLY_SLOTS);
  else
    e->eval_cache = g_new0 (guint64, TS_EVAL_CACHE_SIZE);
  for (guint t = 0; t < v->n_piece_types; t++)
    {
      e->doseki_cells[t] = doseki_shape_cells (v->piece_types[t].letter);
      /* A king takes part in an exchange only as its last capture (where kings
       * cannot be taken) or is worth the game (where they can). */
      e->see_values[t] = v->piece_types[t].royal ? 20000 : e->ev.attack_value[t];
    }
  g_once_init_leave (&e->ready, 1);
}

TsEngine *
ts_engine_ref (TsEngine *e)
{
  g_atomic_int_inc (&e->ref_count);
  return e;
}

void
ts_engine_free (TsEngine *e)
{
  if (!e || !g_atomic_int_dec_and_test (&e->ref_count))
    return;
  if (e->ready)
    {
      ts_eval_clear (&e->ev);
      ts_tt_free (&e->tt);
      g_free (e->eval_state);
      g_free (e->eval_cache);
    }
  for (guint i = 0; i < TS_PLY_SLOTS; i++)
    {
      ts_move_list_clear (&e->lists[i]);
      g_free (e->scored[i]);
    }
  ts_engine_root_free (e);
  g_free (e->doseki_gains);
  g_mutex_clear (&e->lock);
  g_mutex_clear (&e->owner_lock);
  g_free (e);
  g_atomic_int_add (&n_alive, -1);
}

TsEngine *
ts_engine_reuse (TsEngine **slot, const TsVariant *v, guint hash_mb)
{
  if (*slot && (*slot)->variant != v)
    g_clear_pointer (slot, ts_engine_free);
  if (!*slot)
    *slot = ts_engine_new (v, hash_mb);
  return *slot;
}

guint
ts_engine_n_alive (void)
{
  return (guint) g_atomic_int_get (&n_alive);
}

const TsVariant *
ts_engine_variant (const TsEngine *e)
{
  return e->variant;
}

void
ts_engine_clear (TsEngine *e)
{
  ts_engine_prepare (e);
  g_mutex_lock (&e->lock);
  ts_tt_clear (&e->tt);
  /* the rows of the seats, types and cells the variant has (the table is sized for
   * the largest) */
  for (guint s = 0; s < e->variant->n_seats; s++)
    for (guint t = 0; t < e->variant->n_piece_types; t++)
      memset (e->history[s][t], 0, e->variant->geometry.ncells * sizeof e->history[s][t][0]);
  memset (e->killers, 0, sizeof e->killers);
  if (e->eval_cache)
    memset (e->eval_cache, 0, TS_EVAL_CACHE_SIZE * sizeof e->eval_cache[0]);
  g_mutex_unlock (&e->lock);
}

int
ts_engine_piece_value (const TsEngine *e, guint type)
{
  g_return_val_if_fail (type < e->variant->n_piece_types, 0);
  ts_engine_prepare ((TsEngine *) e);   /* the tables, made once: not a change of state */
  return e->ev.value[type];
}

void
ts_engine_set_sides (TsEngine *e, guint root_seat)
{
  const TsVariant *v = e->variant;

  e->root_seat = root_seat;
  for (guint s = 0; s < 4; s++)
    e->side_of[s] = s < v->n_seats && v->team[s] == v->team[root_seat] ? 0 : 1;
}

int
ts_engine_evaluate (TsEngine *e, TsPosition *pos)
{
  guint stm = ts_position_side_to_move (pos);

  ts_engine_prepare (e);
  ts_engine_set_sides (e, stm);
  return ts_eval_position (&e->ev, pos, e->side_of, 0, NULL);
}

/* ---- Greedy player ---- */

gboolean
ts_engine_greedy_move (TsEngine *e, TsPosition *pos, guint32 seed, TsMove *out)
{
  TsMoveList l;
  int best = G_MININT, ties = 0;
  guint32 rng = seed * 2654435761u + 1;

  ts_engine_prepare (e);
  ts_move_list_init (&l);
  ts_position_generate_legal (pos, &l);
  ts_engine_set_sides (e, ts_position_side_to_move (pos));
  for (guint i = 0; i < l.n; i++)
    {
      TsUndo undo;
      TsResult r;
      int v;

      ts_position_make (pos, l.moves[i], &undo);
      /* Only a capture or a check can end the game at once (mate, king captured, last
       * checker taken): asking the rules after every move costs a generation each. */
      if ((l.moves[i].flags & (TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT)) || ts_position_in_check (pos))
        ts_position_result (pos, &r);
      else
        r.kind = TS_RESULT_NONE;
      if (r.kind == TS_RESULT_WIN)
        v = r.winner_team == e->variant->team[e->root_seat] ? TS_SCORE_MATE : -TS_SCORE_MATE;
      else if (r.kind == TS_RESULT_DRAW)
        v = 0;
      else
        v = ts_eval_material (&e->ev, pos, e->side_of, 0);
      ts_position_unmake (pos, &undo);
      if (v > best)
        {
          best = v;
          ties = 1;
          *out = l.moves[i];
        }
      else if (v == best)
        {
          rng = rng * 1664525u + 1013904223u;
          if ((rng >> 8) % (guint32) ++ties == 0)
            *out = l.moves[i];
        }
    }
  ts_move_list_clear (&l);
  return ties > 0;
}

/* ---- Info ---- */

void
ts_search_info_clear (TsSearchInfo *info)
{
  for (guint i = 0; i < TS_ENGINE_MAX_MULTIPV; i++)
    g_clear_pointer (&info->lines[i].san, g_free);
}

TsSearchInfo *
ts_search_info_copy (const TsSearchInfo *info)
{
  TsSearchInfo *c = g_memdup2 (info, sizeof *info);

  for (guint i = 0; i < TS_ENGINE_MAX_MULTIPV; i++)
    c->lines[i].san = g_strdup (info->lines[i].san);
  return c;
}

void
ts_search_info_free (TsSearchInfo *info)
{
  if (!info)
    return;
  ts_search_info_clear (info);
  g_free (info);
}

char *
ts_search_line_to_string (const TsSearchInfo *info, guint i)
{
  const TsSearchLine *l;
  g_autofree char *score = NULL;

  g_return_val_if_fail (i < info->n_lines, NULL);
  l = &info->lines[i];
  score = l->is_mate ? g_strdup_printf ("mate %d", l->mate_moves)
                     : g_strdup_printf ("cp %d", l->score);
  return g_strdup_printf ("info depth %u seldepth %u multipv %u score %s nodes %" G_GUINT64_FORMAT
                          " nps %" G_GUINT64_FORMAT " time %" G_GUINT64_FORMAT " pv %s",
                          info->depth, info->seldepth, i + 1, score, info->nodes, info->nps,
                          info->time_ms, l->san ? l->san : "");
}
