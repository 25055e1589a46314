/* Move ordering: a Doseki node's captures generated alone, then the rest, come in the
 * order that all its moves generated at once have; the root's moves sorted by score. */
#include "engine/engine-private.h"
#include "rules/notation.h"

/* Every move the picker gives, in order. */
static void
pick_all (TsEngine *e, TsMove hash_move, guint part, TsMoveList *out)
{
  TsPicker pk;
  TsMove m;

  ts_picker_init (&pk, e, 1, hash_move, FALSE, FALSE);
  pk.part = part;
  while (ts_picker_next (&pk, e, &m))
    ts_move_list_push (out, m);
}

/* The moves after the hash move come by descending score, ties by ascending move. */
static void
assert_best_first (TsEngine *e, const TsMoveList *picked, TsMove hash)
{
  TsMoveList rest = { .moves = picked->moves + 1, .n = picked->n - 1 };
  g_autofree TsScoredMove *sm = g_new (TsScoredMove, rest.n);

  ts_engine_score_moves (e, sm, &rest, hash, 1);
  for (guint k = 0; k + 1 < rest.n; k++)
    g_assert_true (sm[k].score > sm[k + 1].score ||
                   (sm[k].score == sm[k + 1].score && ts_move_key (sm[k].m) < ts_move_key (sm[k + 1].m)));
}

static void
test_doseki_captures_first (void)
{
  const TsVariant *v = ts_variant_lookup ("doseki");
  g_autoptr (GRand) r = g_rand_new_with_seed (16);
  TsEngine *e = ts_engine_new (v, 1);
  guint staged = 0, with_rest = 0;

  ts_engine_prepare (e);
  for (guint game = 0; game < 6; game++)
    {
      g_autoptr (TsPosition) pos = ts_position_new_initial (v);

      for (guint ply = 0; ply < 90; ply++)
        {
          TsMoveList l, all, captures_first;
          TsUndo u;

          ts_move_list_init (&l);
          ts_position_generate_legal (pos, &l);
          if (l.n == 0)
            break;
          if (ply % 15 == 14)
            {
              /* Scores that tie and scores that do not: history and killers as a
               * search leaves them, and a hash move that is a capture or not. */
              for (guint k = 0; k < 300; k++)
                e->history[g_rand_int_range (r, 0, 2)][g_rand_int_range (r, 0, 16)]
                          [g_rand_int_range (r, 0, (gint32) v->geometry.ncells)] = g_rand_int_range (r, -500, 500);
              e->killers[1][0] = l.moves[g_rand_int_range (r, 0, (gint32) l.n)];
              e->pos = pos;
              ts_move_list_init (&all);
              ts_move_list_init (&captures_first);
              TsMove hash = l.moves[g_rand_int_range (r, 0, (gint32) l.n)];
              pick_all (e, hash, TS_PICK_ALL, &all);
              pick_all (e, hash, TS_PICK_CAPTURES, &captures_first);
              g_assert_cmpuint (all.n, ==, l.n);
              g_assert_cmpuint (captures_first.n, ==, all.n);
              for (guint i = 0; i < all.n; i++)
                g_assert_true (ts_move_equal (captures_first.moves[i], all.moves[i]));
              /* The hash move first; then best first, equal scores by the move. */
              g_assert_true (ts_move_equal (all.moves[0], hash));
              assert_best_first (e, &all, hash);
              guint i = 1;
              while (i < all.n && (all.moves[i].flags & TS_MOVE_CAPTURE))
                i++;
              for (guint k = i; k < all.n; k++)
                g_assert_false (all.moves[k].flags & TS_MOVE_CAPTURE);
              staged++;
              with_rest += i < all.n;
              ts_move_list_clear (&all);
              ts_move_list_clear (&captures_first);
            }
          ts_position_make (pos, l.moves[g_rand_int_range (r, 0, (gint32) l.n)], &u);
          ts_move_list_clear (&l);
        }
    }
  g_assert_cmpuint (staged, >=, 30);
  g_assert_cmpuint (with_rest, >=, 30);
  ts_engine_free (e);
}

/* The root's sort after an iteration gives what a stable merge sort gives: with a few
 * scores among -infinity (as iterations leave them), and with every score rising
 * (which ends in the merge sort). */
static void
test_root_order (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (5);

  for (guint round = 0; round < 200; round++)
    {
      guint n = (guint) g_rand_int_range (r, 1, round % 2 ? 60 : 3000);
      g_autofree TsRootMove *a = g_new0 (TsRootMove, n);
      g_autofree TsRootMove *b = NULL;

      for (guint i = 0; i < n; i++)
        {
          a[i].m.to = (TsCell) i;
          if (round % 5 == 4)
            a[i].score = (int) i / 3;
          else
            a[i].score = g_rand_int_range (r, 0, 50) ? -TS_SCORE_INFINITE : g_rand_int_range (r, -40, 40);
        }
      b = g_memdup2 (a, n * sizeof *a);
      ts_engine_sort_root (a, n);
      g_qsort_with_data (b, n, sizeof *b, ts_engine_cmp_root, NULL);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpint (a[i].m.to, ==, b[i].m.to);
          g_assert_cmpint (a[i].score, ==, b[i].score);
        }
    }
}

static int
cmp_scored (gconstpointer a, gconstpointer b, gpointer data)
{
  const TsScoredMove *x = a, *y = b;

  return (y->score > x->score) - (y->score < x->score);
}

/* The stable sort of scored moves (the root's first order, the mate search's) gives
 * what GLib's stable merge sort gives, short lists and long, with many equal scores,
 * negative scores and the extremes. */
static void
test_stable_order (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (8);

  for (guint round = 0; round < 300; round++)
    {
      guint n = (guint) g_rand_int_range (r, 0, round % 3 ? 40 : 5000);
      g_autofree TsScoredMove *a = g_new0 (TsScoredMove, MAX (n, 1));
      g_autofree TsScoredMove *b = NULL;

      for (guint i = 0; i < n; i++)
        {
          a[i].m.to = (TsCell) i;
          a[i].score = round % 5 == 4 ? (i % 3 == 0 ? G_MININT : i % 3 == 1 ? G_MAXINT : 0)
                                      : g_rand_int_range (r, round % 4 > 1 ? -100000 : 0,
                                                          round % 2 ? 8 : 100000);
        }
      b = g_memdup2 (a, MAX (n, 1) * sizeof *a);
      ts_engine_sort_scored_stable (a, n);
      g_qsort_with_data (b, n, sizeof *b, cmp_scored, NULL);
      for (guint i = 0; i < n; i++)
        g_assert_true (ts_move_equal (a[i].m, b[i].m) && a[i].score == b[i].score);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/movepick/doseki-captures-first", test_doseki_captures_first);
  g_test_add_func ("/engine/movepick/root-order", test_root_order);
  g_test_add_func ("/engine/movepick/stable-order", test_stable_order);
  return g_test_run ();
}
