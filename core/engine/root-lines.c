/* The root's moves: their principal variations, their order by score, and the search
 * info made from them (lines with SAN). The root search itself is in search.c. */
#include "engine/engine-private.h"

#include "rules/notation.h"

/* The PV of a root move: its move, then the n moves of pv. */
void
ts_engine_root_set_pv (TsRootMove *rm, const TsMove *pv, guint n)
{
  n = MIN (n, TS_ENGINE_MAX_PLY - 1);
  if (n > 0 && !rm->line)
    rm->line = g_new (TsMove, TS_ENGINE_MAX_PLY);
  if (n > 0)
    memcpy (rm->line, pv, n * sizeof (TsMove));
  rm->pv_len = 1 + n;
}

TsMove
ts_engine_root_pv_move (const TsRootMove *rm, guint i)
{
  return i == 0 ? rm->m : rm->line[i - 1];
}

void
ts_engine_root_free (TsEngine *e)
{
  for (guint i = 0; e->root && i < e->n_root; i++)
    g_free (e->root[i].line);
  g_clear_pointer (&e->root, g_free);
  e->n_root = 0;
}

int
ts_engine_cmp_root (gconstpointer a, gconstpointer b, gpointer data)
{
  const TsRootMove *x = a, *y = b;

  return (y->score > x->score) - (y->score < x->score);
}

/* Best score first, equal scores in their order (a stable sort). After an iteration
 * only the moves that raised alpha have scores, the rest are -infinity and keep their
 * places: an insertion sort moves the few with scores past the moves before them (a
 * Doseki root has ~30 000 moves; a merge sort of them was 1.5 % of the bench). Should
 * many move far, the merge sort finishes: both keep equal scores in order, so the
 * result is the same. */
void
ts_engine_sort_root (TsRootMove *rm, guint n)
{
  gsize moved = 0;

  for (guint i = 1; i < n; i++)
    if (rm[i].score > rm[i - 1].score)
      {
        TsRootMove x = rm[i];
        guint j = i - 1;
        while (j > 0 && rm[j - 1].score < x.score)
          j--;
        memmove (rm + j + 1, rm + j, (i - j) * sizeof *rm);
        rm[j] = x;
        if ((moved += i - j) > 4 * (gsize) n + 64)
          {
            g_qsort_with_data (rm, n, sizeof *rm, ts_engine_cmp_root, NULL);
            return;
          }
      }
}

static void
fill_line (TsEngine *e, TsSearchLine *line, const TsRootMove *rm, int score)
{
  TsPosition *pos = e->pos;
  TsUndo undo[TS_ENGINE_MAX_PLY];
  GString *san = g_string_new (NULL);
  guint n = 0;

  line->score = score;
  line->is_mate = ABS (score) > TS_SCORE_MATE_BOUND;
  if (line->is_mate)
    {
      int plies = TS_SCORE_MATE - ABS (score);
      line->mate_moves = score > 0 ? (plies - 1) / (int) e->cycle + 1
                                   : -MAX (1, plies / (int) e->cycle);
    }
  guint own_moves = 0;
  for (; n < rm->pv_len; n++)
    {
      TsMove m = ts_engine_root_pv_move (rm, n);
      if (!ts_position_is_legal (pos, m))
        break;
      own_moves += ts_position_side_to_move (pos) == e->root_seat;
      g_autofree char *s = ts_move_to_san (pos, m);
      if (n)
        g_string_append_c (san, ' ');
      g_string_append (san, s);
      line->moves[n] = m;
      ts_position_make (pos, m, &undo[n]);
    }
  /* A PV that reaches the mate tells the exact count of the root seat's moves (seats
   * without a move drop out of the turn order on the way). */
  if (line->is_mate && (int) n == TS_SCORE_MATE - ABS (score))
    line->mate_moves = score > 0 ? (int) own_moves : -(int) MAX (own_moves, 1u);
  line->n_moves = n;
  while (n-- > 0)
    ts_position_unmake (pos, &undo[n]);
  g_free (line->san);
  line->san = g_string_free (san, FALSE);
}

void
ts_engine_fill_info (TsEngine *e, TsSearchInfo *info, guint depth, guint n_lines)
{
  gint64 us = MAX (g_get_monotonic_time () - e->start_us, 1);

  info->depth = depth;
  info->seldepth = e->seldepth;
  info->nodes = e->nodes;
  info->time_ms = (guint64) us / 1000;
  info->nps = e->nodes * G_USEC_PER_SEC / (guint64) us;
  info->n_lines = n_lines;
  for (guint i = 0; i < n_lines; i++)
    {
      int score = e->root[i].prev_score;
      /* Before the first iteration completes the moves carry no score yet. */
      fill_line (e, &info->lines[i], &e->root[i], score == -TS_SCORE_INFINITE ? 0 : score);
      /* limits.for_seat: the seat to move is on the other side of the seat asked for */
      if (ts_engine_stm_side (e) != 0)
        {
          info->lines[i].score = -info->lines[i].score;
          info->lines[i].mate_moves = -info->lines[i].mate_moves;
        }
    }
  info->best_move = e->root[0].m;
}
