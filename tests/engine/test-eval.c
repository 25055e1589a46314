/* The static evaluation made from the parent position's (by the cells a move changed)
 * equals the evaluation of the whole board, in every chess variant, after every legal
 * move and the null move of random games. */
#include <string.h>

#include "engine/eval.h"

/* The sides as a search from root's seat sees them (engine.c, ts_engine_set_sides). */
static void
sides_of (const TsVariant *v, guint root, guint side_of[4])
{
  for (guint s = 0; s < 4; s++)
    side_of[s] = s < v->n_seats && v->team[s] == v->team[root] ? 0 : 1;
}

static void
assert_same_state (const TsEval *ev, TsPosition *pos, const TsEvalState *a, const TsEvalState *b)
{
  TsCell cells[TS_MAX_CELLS];
  TsPiece pieces[TS_MAX_CELLS];
  guint n = ts_position_pieces (pos, cells, pieces);

  for (guint s = 0; s < ev->n_seats; s++)
    {
      g_assert_cmpint (a->cell_terms[s], ==, b->cell_terms[s]);
      g_assert_cmpint (a->npm_seat[s], ==, b->npm_seat[s]);
      g_assert_cmpint (a->mobility[s], ==, b->mobility[s]);
      g_assert_cmpint (a->shelter[s], ==, b->shelter[s]);
      g_assert_cmpint (a->king[s], ==, b->king[s]);
    }
  g_assert_cmpuint (a->attacks, ==, b->attacks);
  g_assert_cmpmem (a->board, ev->ncells * sizeof a->board[0], b->board, ev->ncells * sizeof b->board[0]);
  g_assert_cmpmem (a->walkers, ev->map_words * sizeof a->walkers[0], b->walkers, ev->map_words * sizeof b->walkers[0]);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (a->mob_at[cells[i]], ==, b->mob_at[cells[i]]);
      g_assert_cmpuint (a->att_at[cells[i]], ==, b->att_at[cells[i]]);
    }
}

/* The child of parent (state ps) after the move undone by u: from ps, as in full,
 * for each side. Returns whether the evaluation from ps read ps (a parent whose
 * mobility is off by 1000 gives another score). */
static gboolean
check_child (const TsEval *ev, TsPosition *pos, const guint side_of[4], const TsEvalState *ps,
             const TsUndo *u)
{
  TsCell changed[TS_UNDO_MAX_CHANGES];
  int n = ts_position_changed_cells (pos, u, changed);
  g_autofree TsEvalState *from = g_new (TsEvalState, 1);
  g_autofree TsEvalState *full = g_new (TsEvalState, 1);
  g_autofree TsEvalState *off = g_memdup2 (ps, sizeof *ps);
  gboolean used;

  g_assert_cmpint (n, >=, 0);
  for (guint side = 0; side < 2; side++)
    {
      gboolean pieces_from, pieces_full;
      int v_from = ts_eval_position_state (ev, pos, side_of, side, &pieces_from, ps, changed, n, from);
      int v_full = ts_eval_position_state (ev, pos, side_of, side, &pieces_full, NULL, NULL, 0, full);
      g_assert_cmpint (v_from, ==, v_full);
      g_assert_cmpint (v_full, ==, ts_eval_position (ev, pos, side_of, side, NULL));
      g_assert_cmpint (pieces_from, ==, pieces_full);
      assert_same_state (ev, pos, from, full);
    }
  off->mobility[0] += 1000;
  used = ts_eval_position_state (ev, pos, side_of, 0, NULL, off, changed, n, from) !=
         ts_eval_position_state (ev, pos, side_of, 0, NULL, NULL, NULL, 0, full);
  return used;
}

static void
test_incremental (gconstpointer data)
{
  const TsVariant *v = ts_variant_lookup (data);
  g_autoptr (GRand) r = g_rand_new_with_seed (23);
  g_autofree TsEvalState *ps = g_new (TsEvalState, 1);
  guint children = 0, from_parent = 0;
  TsEval ev;

  ts_eval_init (&ev, v);
  for (guint game = 0; game < 4; game++)
    {
      g_autoptr (TsPosition) pos = ts_position_new_initial (v);

      for (guint ply = 0; ply < 80; ply++)
        {
          guint side_of[4];
          TsMoveList l;
          TsUndo u;

          ts_move_list_init (&l);
          ts_position_generate_legal (pos, &l);
          if (l.n == 0)
            {
              ts_move_list_clear (&l);
              break;
            }
          sides_of (v, (game + ply) % v->n_seats, side_of);
          ts_eval_position_state (&ev, pos, side_of, 0, NULL, NULL, NULL, 0, ps);
          for (guint i = 0; i < l.n; i += 1 + l.n / 24)
            {
              ts_position_make (pos, l.moves[i], &u);
              from_parent += check_child (&ev, pos, side_of, ps, &u);
              children++;
              ts_position_unmake (pos, &u);
            }
          if (ts_position_make_null (pos, &u))
            {
              from_parent += check_child (&ev, pos, side_of, ps, &u);
              children++;
              ts_position_unmake (pos, &u);
            }
          ts_position_make (pos, l.moves[g_rand_int_range (r, 0, (gint32) l.n)], &u);
          ts_move_list_clear (&l);
        }
    }
  g_test_message ("%s: %u children, %u evaluated from the parent", v->id, children, from_parent);
  /* all but the king moves and the seats leaving */
  g_assert_cmpuint (from_parent, >=, children * 3 / 4);
  ts_eval_clear (&ev);
}

int
main (int argc, char **argv)
{
  guint n;
  const TsVariant *const *all;

  g_test_init (&argc, &argv, NULL);
  all = ts_variant_list (&n);
  for (guint i = 0; i < n; i++)
    if (all[i]->family != TS_FAMILY_DOSEKI)
      {
        g_autofree char *path = g_strdup_printf ("/engine/eval/incremental/%s", all[i]->id);
        g_test_add_data_func (path, all[i]->id, test_incremental);
      }
  return g_test_run ();
}
