/* The mate search (limits.mate_in): an AND-OR proof search. At the root side's nodes
 * (its team's, in team play) one move must win, at the others every move must lose;
 * moves_left counts the root seat's own moves only, so "mate in n" means the game is
 * won before the root seat's (n+1)-th turn, whatever the number of players. Results
 * are kept in the table as bounds: a win proven with k moves holds for more, a
 * failure for fewer. See docs/engine.md. */
#include "engine/engine-private.h"

static gboolean
mate_node (TsEngine *e, int moves_left, int ply)
{
  TsPosition *pos = e->pos;
  TsMove tt_move;
  int tt_score, tt_depth, tt_bound, score;
  gboolean ours, found;
  guint64 key;

  e->pv_len[ply] = 0;
  if (ts_engine_poll_stop (e))
    return FALSE;
  e->nodes++;
  e->seldepth = MAX (e->seldepth, (guint) ply);
  if (ts_engine_game_over (e, ply, &score))
    return score == 0 ? FALSE : score > 0 ? ts_engine_stm_side (e) == 0 : ts_engine_stm_side (e) != 0;
  ours = ts_engine_stm_side (e) == 0;
  if ((ours && ts_position_side_to_move (pos) == e->root_seat && moves_left == 0) ||
      ply >= TS_ENGINE_MAX_PLY - 1)
    return FALSE;
  key = ts_position_hash (pos) ^ e->key_salt;
  e->path[ply] = key;
  if (ply > 0 && ts_engine_is_repetition (e, ply))
    return FALSE;
  if (ts_tt_probe (&e->tt, key, 0, &tt_move, &tt_score, &tt_depth, &tt_bound))
    {
      if (tt_bound == TS_BOUND_LOWER && tt_depth <= moves_left)
        return TRUE;
      if (tt_bound == TS_BOUND_UPPER && tt_depth >= moves_left)
        return FALSE;
    }
  else
    tt_move.to = TS_NO_CELL;

  TsMoveList *list = &e->lists[ply];
  list->n = 0;
  ts_position_generate_legal (pos, list);
  TsScoredMove *sm = ts_engine_scored_for (e, ply, list->n);
  ts_engine_score_moves (e, sm, list, tt_move, ply);
  ts_engine_sort_scored_stable (sm, list->n);

  int child_left = moves_left - (ours && ts_position_side_to_move (pos) == e->root_seat);
  found = !ours;
  for (guint i = 0; i < list->n; i++)
    {
      TsMove m = sm[i].m;
      TsUndo undo;
      gboolean win;

      ts_position_make (pos, m, &undo);
      win = mate_node (e, child_left, ply + 1);
      ts_position_unmake (pos, &undo);
      if (e->aborted)
        return FALSE;
      if (win == ours)
        {
          found = ours;
          if (ours)
            ts_engine_update_pv (e, ply, m);
          break;
        }
      if (!ours && i + 1 == list->n)
        ts_engine_update_pv (e, ply, m);
    }
  if (found && ours)
    ts_tt_store (&e->tt, key, 0, e->pv[ply][0], 1, moves_left, TS_BOUND_LOWER);
  else if (!found)
    ts_tt_store (&e->tt, key, 0, tt_move, 0, moves_left, TS_BOUND_UPPER);
  else
    ts_tt_store (&e->tt, key, 0, tt_move, 1, moves_left, TS_BOUND_LOWER);
  return found;
}

void
ts_engine_mate_search (TsEngine *e, guint max_moves, TsSearchInfoFunc info_func,
                       gpointer user_data, TsSearchInfo *out)
{
  for (guint n = 1; n <= max_moves; n++)
    {
      gboolean win = mate_node (e, (int) n, 0);
      if (e->aborted)
        break;
      if (win)
        {
          TsRootMove *rm = &e->root[0];
          for (guint i = 0; i < e->n_root; i++)
            if (ts_same_move (e->root[i].m, e->pv[0][0]))
              {
                TsRootMove t = e->root[i];
                e->root[i] = e->root[0];
                e->root[0] = t;
              }
          ts_engine_root_set_pv (rm, &e->pv[0][1], MAX (e->pv_len[0], 1u) - 1);
          rm->prev_score = TS_SCORE_MATE - (int) rm->pv_len;
        }
      ts_search_info_clear (out);
      ts_engine_fill_info (e, out, n, 1);
      if (win)
        {
          out->lines[0].is_mate = TRUE;
          out->lines[0].mate_moves = (int) n;
          out->mate_proven = TRUE;
        }
      if (info_func)
        info_func (out, user_data);
      if (win)
        break;
    }
}

