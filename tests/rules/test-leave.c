/* TS_MOVE_LEAVE: a seat of a four-player game leaves (its flag fell, or it resigned) and
 * its army is eliminated as RULES.md §4 and §5 say for an army without a legal move. */
#include "rules-test-util.h"
#include "rules/variant.h"

static TsPosition *
initial (const char *id)
{
  const TsVariant *v = ts_variant_lookup (id);

  g_assert_nonnull (v);
  return ts_position_new_initial (v);
}

static void
leave (TsPosition *p, TsUndo *u)
{
  g_autofree char *san = NULL;
  TsMove m;

  g_assert_true (ts_position_is_legal (p, ts_move_leave ()));
  san = ts_move_to_san (p, ts_move_leave ());
  g_assert_cmpstr (san, ==, TS_MOVE_LEAVE_TEXT);
  m = move (p, san);
  g_assert_true (ts_move_equal (m, ts_move_leave ()));
  ts_position_make (p, m, u);
}

/* Two players: nobody leaves that way (a flag or a resignation ends the game). */
static void
test_two_players (void)
{
  g_autoptr(TsPosition) p = initial ("raumschach");

  g_assert_false (ts_position_is_legal (p, ts_move_leave ()));
  assert_refused (p, TS_MOVE_LEAVE_TEXT, TS_RULES_ERROR_ILLEGAL);
}

/* Free for all: the seat is out, its army stays (king included, immovable), the turn goes
 * to the next seat; unmake brings everything back. */
static void
test_free_for_all (void)
{
  g_autoptr(TsPosition) p = initial ("cubic8-4p");
  g_autofree char *before = ts_position_to_text (p);
  guint64 hash = ts_position_hash (p);
  TsUndo u, u2, u3;
  TsResult r;
  TsMoveList l;

  leave (p, &u);
  g_assert_false (ts_position_seat_active (p, 0));
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 1);
  g_assert_cmpuint (ts_position_ply (p), ==, 1);
  g_assert_cmphex (ts_position_hash (p), !=, hash);
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_NONE);
  g_assert_cmpuint (r.n_eliminated, ==, 1);
  g_assert_cmpuint (r.eliminated[0], ==, 0);
  /* the eliminated army is still there */
  {
    g_autofree char *after = ts_position_to_text (p);

    g_assert_nonnull (strstr (after, "KE1w"));
  }
  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  g_assert_cmpuint (l.n, >, 0);
  for (guint i = 0; i < l.n; i++)
    g_assert_cmpuint (TS_PIECE_SEAT (ts_position_piece_at (p, l.moves[i].from)), ==, 1);
  ts_move_list_clear (&l);

  /* Two more leave: the last army wins. */
  leave (p, &u2);
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 2);
  leave (p, &u3);
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  g_assert_cmpuint (r.winner_team, ==, 3);
  g_assert_false (ts_position_is_legal (p, ts_move_leave ()));

  ts_position_unmake (p, &u3);
  ts_position_unmake (p, &u2);
  ts_position_unmake (p, &u);
  {
    g_autofree char *again = ts_position_to_text (p);

    g_assert_cmpstr (again, ==, before);
  }
  g_assert_cmphex (ts_position_hash (p), ==, hash);
}

/* Teams: the partner moves the army from this very turn; when the partner leaves too,
 * the other team wins. */
static void
test_teams (void)
{
  g_autoptr(TsPosition) p = initial ("cubic8-teams-12");
  const TsVariant *v = ts_position_variant (p);
  TsUndo u, u2;
  TsResult r;

  g_assert_cmpuint (v->team[0], ==, v->team[1]);
  leave (p, &u);
  g_assert_false (ts_position_seat_active (p, 0));
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 0);
  g_assert_cmpint (ts_position_controller (p, 0), ==, 1);
  /* the partner leaves, while moving seat 0's army */
  leave (p, &u2);
  g_assert_false (ts_position_seat_active (p, 1));
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  g_assert_cmpuint (r.winner_team, ==, v->team[2]);
  ts_position_unmake (p, &u2);
  ts_position_unmake (p, &u);
  g_assert_true (ts_position_seat_active (p, 0));
  g_assert_true (ts_position_seat_active (p, 1));
}

/* Grossraumschach: the eliminated Emperor leaves the board. */
static void
test_emperor_leaves (void)
{
  g_autoptr(TsPosition) p = initial ("grossraumschach");
  const TsVariant *v = ts_position_variant (p);
  guint kings = 0, kings_after = 0;
  TsUndo u;

  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      TsPiece q = ts_position_piece_at (p, c);

      kings += q && TS_PIECE_SEAT (q) == 0 && v->piece_types[TS_PIECE_TYPE (q)].royal;
    }
  leave (p, &u);
  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      TsPiece q = ts_position_piece_at (p, c);

      kings_after += q && TS_PIECE_SEAT (q) == 0 && v->piece_types[TS_PIECE_TYPE (q)].royal;
    }
  g_assert_cmpuint (kings, ==, 1);
  g_assert_cmpuint (kings_after, ==, 0);
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/leave/two-players", test_two_players);
  g_test_add_func ("/rules/leave/free-for-all", test_free_for_all);
  g_test_add_func ("/rules/leave/teams", test_teams);
  g_test_add_func ("/rules/leave/emperor-leaves", test_emperor_leaves);
  return g_test_run ();
}
