/* Four players, teams and drops (issue 4), from hand-built positions. */
#include "rules-test-util.h"

/* Seat 2's king A8k is walled in by its own knights and a pawn; N B4p-A6p mates. */
#define SMOTHER "1:KE1w,NB4p 2:KA8k,NB8k,NA7k,NB7k,NA8p,NA7p,NB7p,PB8p 3:KH8w 4:KD4g"
/* Seat 2's lone king A8k; R H6k-H7k takes its last cell without check. */
#define STALE "1:KE1w,RB1k,RA1p,RB1p,RH6k 2:KA8k 3:KH8w 4:KD4g"

static void
test_ffa_checkmate (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8-4p " SMOTHER " turn=1");
  g_autofree char *san = san_of (p, "NB4p-A6p");
  g_autofree char *text = NULL;
  TsResult r;

  g_assert_cmpstr (san, ==, "NA6p#");
  play (p, "NA6p");
  g_assert_false (ts_position_seat_active (p, 1));
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 2);   /* seat 2 is skipped */
  text = ts_position_to_text (p);
  g_assert_nonnull (strstr (text, "out=2#"));
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_NONE);
  g_assert_cmpuint (r.n_eliminated, ==, 1);
  g_assert_cmpuint (r.eliminated[0], ==, 1);
  /* the eliminated army stays, immovable, giving no check; its king may be captured */
  play (p, "KH7w; KD5g");
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 0);
  play (p, "NxA8k");
  g_assert_cmpuint (ts_position_piece_at (p, cell (p, "A8k")), ==, TS_PIECE_MAKE (0, 4));
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 2);
}

static void
test_ffa_stalemate (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8-4p " STALE " turn=1");
  g_autofree char *text = NULL;

  play (p, "RH7k");
  text = ts_position_to_text (p);
  g_assert_nonnull (strstr (text, "out=2="));
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 2);
}

static void
test_ffa_last_army (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8-4p " SMOTHER " turn=1 out=3#4=");
  TsResult r;

  play (p, "NA6p");
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  g_assert_cmpuint (r.winner_team, ==, 0);
  g_assert_cmpstr (r.reason, ==, "last army standing");
  g_assert_cmpuint (r.n_eliminated, ==, 3);
  g_assert_cmpuint (r.eliminated[2], ==, 1);
  g_assert_cmpuint (count_moves (p, 0, -1), ==, 0);
}

static void
test_teams_takeover (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8-teams-13 " SMOTHER " turn=1");
  TsMoveList l;

  play (p, "NA6p#");
  g_assert_false (ts_position_seat_active (p, 1));
  /* the partner (seat 4) moves seat 2's army from this very turn */
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 1);
  g_assert_cmpint (ts_position_controller (p, 1), ==, 3);
  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  g_assert_cmpuint (l.n, >, 0);
  for (guint i = 0; i < l.n; i++)
    g_assert_cmpuint (TS_PIECE_SEAT (ts_position_piece_at (p, l.moves[i].from)), ==, 1);
  ts_move_list_clear (&l);
  /* that army still gives check; its king has lost its protection */
  play (p, "NB8k-C6k; KH7w; KD5g");
  play (p, "NxA8k");
  g_assert_cmpuint (ts_position_piece_at (p, cell (p, "A8k")), ==, TS_PIECE_MAKE (0, 4));
}

static void
test_teams_stalemate_and_win (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8-teams-13 " STALE " turn=1");
  g_autoptr(TsPosition) w = pos ("cubic8-teams-13 " SMOTHER " turn=1 out=4#");
  g_autofree char *text = NULL;
  TsResult r;

  play (p, "RH7k");
  text = ts_position_to_text (p);
  g_assert_nonnull (strstr (text, "out=2="));
  /* the unprotected king may now step onto attacked cells: the partner moves it */
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 1);
  g_assert_cmpuint (count_moves (p, 0, -1), ==, 7);
  /* both of a team eliminated: the other team wins */
  play (w, "NA6p");
  ts_position_result (w, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  g_assert_cmpuint (r.winner_team, ==, 0);
}

static void
test_teammates_never_check (void)
{
  /* seat 4's rook on seat 2's king line: partners, so no check */
  g_autoptr(TsPosition) p = pos ("cubic8-teams-13 1:KE1w 2:KA8k 3:KH8w 4:KD4g,RA1k turn=2");
  g_autoptr(TsPosition) f = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (ts_position_checked_king (p, 1), ==, TS_NO_CELL);
  move (p, "KB7k");   /* attacked by nobody but its partner */
  g_assert_cmpint (count_moves (p, 0, cell (p, "A8k")), ==, 7);
  f = ts_position_from_text ("cubic8-4p 1:KE1w 2:KA8k 3:KH8w 4:KD4g,RA1k turn=2", &error);
  g_assert_nonnull (f);
  g_assert_cmpint (ts_position_checked_king (f, 1), ==, cell (f, "A8k"));
}

static void
test_three_way_check (void)
{
  /* seat 1's king attacked by seats 2 and 3 at once: blocking one check is refused */
  g_autoptr(TsPosition) p = pos ("cubic8-4p 1:KE1w,RD3w 2:KA8k,RE5w 3:KH8w,RA1w 4:KD4g turn=1");
  TsMoveList l;

  g_assert_true (ts_position_in_check (p));
  assert_refused (p, "RE3w", TS_RULES_ERROR_ILLEGAL);
  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  for (guint i = 0; i < l.n; i++)
    g_assert_cmpint (l.moves[i].from, ==, cell (p, "E1w"));
  g_assert_cmpuint (l.n, >, 0);
  ts_move_list_clear (&l);
  /* E2w stays on the rook's file, D1w on the other's rank */
  assert_refused (p, "KE2w", TS_RULES_ERROR_ILLEGAL);
  assert_refused (p, "KD1w", TS_RULES_ERROR_ILLEGAL);
  move (p, "KF2w");
}

static void
test_en_passant_next_player (void)
{
  const char *setup = "1:KE1w,PD2w* 2:KA8k,PC4w 3:KH8w,PE4w 4:KD4g turn=1";
  g_autofree char *ffa = g_strconcat ("cubic8-4p ", setup, NULL);
  g_autofree char *t12 = g_strconcat ("cubic8-teams-12 ", setup, NULL);
  g_autoptr(TsPosition) p = pos (ffa);
  g_autoptr(TsPosition) q = NULL;
  g_autoptr(TsPosition) t = pos (t12);

  play (p, "D4w");
  q = ts_position_copy (p);
  /* seat 2, next in turn, may take en passant */
  g_assert_cmpuint (count_moves (p, TS_MOVE_EN_PASSANT, -1), ==, 1);
  /* seat 3 may not, one turn later */
  play (q, "KA7k");
  g_assert_cmpuint (count_moves (q, TS_MOVE_EN_PASSANT, -1), ==, 0);
  /* teams 1&2: the next player is the pawn's partner: nobody may */
  play (t, "D4w");
  g_assert_cmpuint (count_moves (t, TS_MOVE_EN_PASSANT, -1), ==, 0);
  play (t, "KA7k");
  g_assert_cmpuint (count_moves (t, TS_MOVE_EN_PASSANT, -1), ==, 0);
}

static void
test_drop_mate (void)
{
  g_autoptr(TsPosition) p = pos ("grossraumschach r:E1d6,R6a2,B5f4 o:E6a6,S5a5,R6b6,R6c6,U5a6,U6b5,U5b6 "
                                 "g:E6d1 b:E1d1 turn=r hand-r=SU");
  g_autofree char *san = san_of (p, "S@4c4");
  g_autofree char *text = NULL;

  g_assert_cmpstr (san, ==, "S@4c4#");
  play (p, "S@4c4");
  text = ts_position_to_text (p);
  /* the emperor leaves the board; the army stays; the turn goes to Green */
  g_assert_nonnull (strstr (text, "out=o#"));
  g_assert_null (strstr (text, "E6a6"));
  g_assert_nonnull (strstr (text, "hand-r=U "));
  g_assert_cmpuint (ts_position_side_to_move (p), ==, 2);
  g_assert_cmpuint (ts_position_hand_count (p, 0, 4), ==, 1);
}

static void
test_gross_stalemate (void)
{
  g_autoptr(TsPosition) p = pos ("grossraumschach r:E3d3,R2b1,R5f6,R6f5,R5f5 o:E6a6 g:E6d1 b:E1d1 turn=r");
  g_autofree char *text = NULL;

  play (p, "R2b6");
  text = ts_position_to_text (p);
  g_assert_nonnull (strstr (text, "out=o="));
  g_assert_null (strstr (text, "E6a6"));
}

static void
test_gross_castling (void)
{
  g_autoptr(TsPosition) p = pos ("grossraumschach r:E1d6*,R1a6* o:E6a6 g:E6d1 b:E1d1 turn=r");
  g_autoptr(TsPosition) attacked = pos ("grossraumschach r:E1d6*,R1a6* o:E6a6,R6b6 g:E6d1 b:E1d1 turn=r");
  g_autoptr(TsPosition) gone = pos ("grossraumschach r:E1d6*,R1a6* o:R6b6 g:E6d1 b:E1d1 turn=r out=o#");
  g_autoptr(TsPosition) dropped = pos ("grossraumschach r:E1d6*,R1a6 o:E6a6 g:E6d1 b:E1d1 turn=r");

  play (p, "O-O");
  g_assert_cmpuint (TS_PIECE_TYPE (ts_position_piece_at (p, cell (p, "1b6"))), ==, 0);
  g_assert_cmpuint (TS_PIECE_TYPE (ts_position_piece_at (p, cell (p, "1c6"))), ==, 2);
  /* 1b6 attacked by an active opponent: refused; by an eliminated one: allowed */
  assert_refused (attacked, "O-O", TS_RULES_ERROR_ILLEGAL);
  move (gone, "O-O");
  /* a rook without its first-move right (e.g. dropped) never castles */
  assert_refused (dropped, "O-O", TS_RULES_ERROR_ILLEGAL);
}

static void
test_pawn_drop_edge (void)
{
  g_autoptr(TsPosition) p = pos ("grossraumschach r:E1d6 o:E6a6 g:E6d1 b:E1d1 turn=r hand-r=P");
  g_autoptr(TsPosition) w = pos ("grossraumschach-warders r:E1d6 o:E6a6 g:E6d1 b:E1d1 turn=r hand-r=W");

  assert_refused (p, "P@6c3", TS_RULES_ERROR_ILLEGAL);
  move (p, "P@5c3");
  assert_refused (w, "W@6c3", TS_RULES_ERROR_ILLEGAL);
  move (w, "W@5c3");
  /* a dropped pawn moves toward Red's edge: +leftrank */
  play (p, "P@5c3; E6a5; E6d2; E1d2");
  move (p, "6c3=S");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/multi/ffa/checkmate", test_ffa_checkmate);
  g_test_add_func ("/multi/ffa/stalemate", test_ffa_stalemate);
  g_test_add_func ("/multi/ffa/last-army", test_ffa_last_army);
  g_test_add_func ("/multi/teams/takeover", test_teams_takeover);
  g_test_add_func ("/multi/teams/stalemate-win", test_teams_stalemate_and_win);
  g_test_add_func ("/multi/teams/no-check-between-partners", test_teammates_never_check);
  g_test_add_func ("/multi/three-way-check", test_three_way_check);
  g_test_add_func ("/multi/en-passant-next-player", test_en_passant_next_player);
  g_test_add_func ("/multi/gross/drop-mate", test_drop_mate);
  g_test_add_func ("/multi/gross/stalemate", test_gross_stalemate);
  g_test_add_func ("/multi/gross/castling", test_gross_castling);
  g_test_add_func ("/multi/gross/pawn-drop-edge", test_pawn_drop_edge);
  return g_test_run ();
}
