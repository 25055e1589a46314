/* Special rules of the two-player variants, from hand-built positions (issue 3). */
#include "rules-test-util.h"

static void
test_promotion_raumschach (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAa1,PEa4 b:KCe3 turn=w");
  const char *choices[] = { "Ea5=Q", "Ea5=R", "Ea5=B", "Ea5=U", "Ea5=N" };

  g_assert_cmpuint (count_moves (p, 0, cell (p, "Ea4")), ==, 5);
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      g_autofree char *san = san_of (p, choices[i]);

      g_assert_cmpstr (san, ==, choices[i]);
    }
  assert_refused (p, "Ea5", TS_RULES_ERROR_ILLEGAL);
  assert_refused (p, "Ea5=K", TS_RULES_ERROR_ILLEGAL);
  play (p, "Ea5=U");
  g_assert_cmpuint (TS_PIECE_TYPE (ts_position_piece_at (p, cell (p, "Ea5"))), ==,
                    (guint) ts_variant_piece_type_by_letter (ts_position_variant (p), 'U'));
}

static void
test_promotion_parton_nihongi (void)
{
  g_autoptr(TsPosition) p = pos ("parton w:KAa1,PCc5 b:KFf1 turn=w");
  g_autoptr(TsPosition) n = pos ("nihongi w:Ka1,Ph9 b:Ke5 turn=w");

  /* nine cells one step forward, all on the last rank, on any level */
  g_assert_cmpuint (count_moves (p, 0, cell (p, "Cc5")), ==, 9 * 5);
  /* Nihongi: only the enemy king's corner i9 promotes, to Q, R, B or H */
  g_assert_cmpuint (count_moves (n, 0, cell (n, "h9")), ==, 4);
  play (n, "i9=H");
  g_assert_cmpuint (TS_PIECE_TYPE (ts_position_piece_at (n, cell (n, "i9"))), ==,
                    (guint) ts_variant_piece_type_by_letter (ts_position_variant (n), 'H'));
}

static void
test_castling_cubic8 (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8 w:KE1w*,RH1w*,RA1w* b:KE8k turn=w ep=-");
  g_autoptr(TsPosition) through = pos ("cubic8 w:KE1w*,RH1w*,RA1w* b:KE8k,RF8w turn=w ep=-");
  g_autoptr(TsPosition) bcell = pos ("cubic8 w:KE1w*,RH1w*,RA1w* b:KE8k,RB8w turn=w ep=-");
  g_autoptr(TsPosition) check = pos ("cubic8 w:KE1w*,RH1w*,RA1w* b:KE8k,RE8w turn=w ep=-");
  g_autoptr(TsPosition) moved = pos ("cubic8 w:KE1w,RH1w*,RA1w* b:KE8k turn=w ep=-");
  g_autoptr(TsPosition) dcell = pos ("cubic8 w:KE1w*,RH1w*,RA1w* b:KE8k,RD8w turn=w ep=-");

  g_assert_cmpuint (count_moves (p, TS_MOVE_CASTLE, -1), ==, 2);
  g_assert_cmpuint (count_moves (through, TS_MOVE_CASTLE, -1), ==, 1);
  assert_refused (through, "O-O", TS_RULES_ERROR_ILLEGAL);
  g_assert_cmpuint (count_moves (bcell, TS_MOVE_CASTLE, -1), ==, 2);   /* B may be attacked */
  g_assert_cmpuint (count_moves (check, TS_MOVE_CASTLE, -1), ==, 0);
  g_assert_cmpuint (count_moves (moved, TS_MOVE_CASTLE, -1), ==, 0);
  g_assert_cmpuint (count_moves (dcell, TS_MOVE_CASTLE, -1), ==, 1);
  play (p, "O-O");
  g_assert_cmpuint (ts_position_piece_at (p, cell (p, "G1w")), !=, 0);
  g_assert_cmpuint (ts_position_piece_at (p, cell (p, "F1w")), !=, 0);
  g_assert_cmpuint (ts_position_piece_at (p, cell (p, "H1w")), ==, 0);
  g_assert_false (ts_position_unmoved (p, cell (p, "A1w")) == FALSE);
  {
    g_autofree char *text = ts_position_to_text (p);

    g_assert_nonnull (strstr (text, "KG1w,RA1w*,RF1w"));
  }
}

static void
check_ep (const char *text, const char *double_step, const char *passed, const char *victim)
{
  g_autoptr(TsPosition) p = pos (text);
  g_autoptr(TsPosition) later = NULL;
  TsCell a, b;
  TsMove m;

  play (p, double_step);
  g_assert_true (ts_position_en_passant (p, &a, &b));
  g_assert_cmpint (a, ==, cell (p, passed));
  g_assert_cmpint (b, ==, cell (p, victim));
  later = ts_position_copy (p);
  g_assert_cmpuint (count_moves (p, TS_MOVE_EN_PASSANT, -1), ==, 1);
  m = move (p, passed);
  g_assert_true (m.flags & TS_MOVE_EN_PASSANT);
  play (p, passed);
  g_assert_cmpuint (ts_position_piece_at (p, cell (p, victim)), ==, 0);
  g_assert_cmpuint (ts_position_piece_at (p, cell (p, passed)), !=, 0);
  /* only on the very next turn */
  play (later, "KH7k; KB1w");
  g_assert_cmpuint (count_moves (later, TS_MOVE_EN_PASSANT, -1), ==, 0);
}

static void
test_en_passant_cubic8 (void)
{
  check_ep ("cubic8 w:KA1w,PD2w* b:KH8k,PC4w turn=w ep=-", "D4w", "D3w", "D4w");
  check_ep ("cubic8 w:KA1w,PD2w* b:KH8k,PC3r turn=w ep=-", "D2o", "D2r", "D2o");
  check_ep ("cubic8 w:KA1w,PD2w* b:KH8k,PC4r turn=w ep=-", "D4o", "D3r", "D4o");
  {
    /* a pawn that has moved has no two-step */
    g_autoptr(TsPosition) p = pos ("cubic8 w:KA1w,PD2w b:KH8k turn=w ep=-");

    g_assert_cmpuint (count_moves (p, TS_MOVE_DOUBLE, -1), ==, 0);
  }
}

static guint
king_d_steps (TsPosition *p, const char *king)
{
  const TsVariant *v = ts_position_variant (p);
  TsMoveList l;
  guint n = 0;

  ts_move_list_init (&l);
  ts_position_generate_legal (p, &l);
  for (guint i = 0; i < l.n; i++)
    if (l.moves[i].from == cell (p, king))
      {
        int a[4], b[4], nz = 0;

        ts_geometry_coords (&v->geometry, l.moves[i].from, a);
        ts_geometry_coords (&v->geometry, l.moves[i].to, b);
        for (int k = 0; k < 4; k++)
          nz += a[k] != b[k];
        n += nz == 3;
      }
  ts_move_list_clear (&l);
  return n;
}

static void
test_nihongi_king_right (void)
{
  g_autoptr(TsPosition) p = pos ("nihongi w:Ke5,Pa1 b:Ki9,Rb2 turn=b checked=-");
  g_autoptr(TsPosition) q = pos ("nihongi w:Ke5,Pa1 b:Ki9,Rb2 turn=w checked=-");
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPosition) bad = NULL;

  /* 32 D steps from the centre, less 4 on the rook's lines and 4 next to the king i9 */
  g_assert_cmpuint (king_d_steps (q, "e5"), ==, 24);
  g_assert_false (ts_position_has_been_checked (p, 0));
  play (p, "Re2+");
  g_assert_true (ts_position_in_check (p));
  g_assert_true (ts_position_has_been_checked (p, 0));
  play (p, "Kxe2");
  g_assert_false (ts_position_in_check (p));
  play (p, "Kh9");
  /* the right is gone for good, although the king is no longer in check */
  g_assert_cmpuint (king_d_steps (p, "e2"), ==, 0);
  {
    g_autofree char *text = ts_position_to_text (p);

    g_assert_nonnull (strstr (text, "checked=w"));
  }
  /* kings D-adjacent: only a king with the right attacks the other */
  ts_position_free (pos ("nihongi w:Ke5 b:Ka4 turn=w checked=wb"));
  {
    g_autoptr(TsPosition) c = pos ("nihongi w:Ke5 b:Ka4 turn=b checked=b");

    g_assert_true (ts_position_in_check (c));
  }
  bad = ts_position_from_text ("nihongi w:Ke5 b:Ka4 turn=b checked=w", &error);
  g_assert_null (bad);
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE);
}

static void
test_compulsion (void)
{
  g_autoptr(TsPosition) p = pos ("parton-compulsion w:KAa1,RAa3 b:KFf6,PAa5 turn=w");
  g_autoptr(TsPosition) k = pos ("parton-compulsion w:KAa1,RAa3 b:KAa6 turn=w");
  g_autoptr(TsPosition) into = pos ("parton-compulsion w:KAa1 b:KFf6,RAb6 turn=w");
  g_autoptr(TsPosition) normal = pos ("parton w:KAa1 b:KFf6,RAb6 turn=w");
  TsResult r;

  /* a capture exists: only captures are legal */
  g_assert_cmpuint (count_moves (p, 0, -1), ==, 1);
  g_assert_cmpuint (count_moves (p, TS_MOVE_CAPTURE, -1), ==, 1);
  assert_refused (p, "KAb1", TS_RULES_ERROR_ILLEGAL);
  /* no check: the king may step onto an attacked cell */
  move (into, "KAb1");
  assert_refused (normal, "KAb1", TS_RULES_ERROR_ILLEGAL);
  /* capturing the king wins */
  play (k, "RxAa6");
  ts_position_result (k, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  g_assert_cmpuint (r.winner_team, ==, 0);
  g_assert_cmpstr (r.reason, ==, "king captured");
  g_assert_cmpuint (count_moves (k, 0, -1), ==, 0);
}

static void
test_stalemate_and_mate (void)
{
  g_autoptr(TsPosition) s = pos ("raumschach w:KAc1,QCa4,REb3 b:KEa5 turn=b");
  g_autoptr(TsPosition) m = pos ("raumschach w:KAc1,QEb5,REb4 b:KEa5 turn=b");
  TsResult r;

  ts_position_result (s, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_DRAW);
  g_assert_cmpstr (r.reason, ==, "stalemate");
  g_assert_false (ts_position_in_check (s));
  ts_position_result (m, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
  g_assert_cmpuint (r.winner_team, ==, 0);
  g_assert_cmpstr (r.reason, ==, "checkmate");
  g_assert_true (ts_position_in_check (m));
  g_assert_cmpint (ts_position_checked_king (m, 1), ==, cell (m, "Ea5"));
  g_assert_cmpint (ts_position_checked_king (m, 0), ==, TS_NO_CELL);
}

static void
test_repetition (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  TsResult r;

  play (p, "NAb1-Ac3; NEb5-Ec3; NAc3-Ab1; NEc3-Eb5");
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_NONE);
  play (p, "NAb1-Ac3; NEb5-Ec3; NAc3-Ab1");
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_NONE);
  play (p, "NEc3-Eb5");
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_DRAW);
  g_assert_cmpstr (r.reason, ==, "threefold repetition");
}

static void
test_fifty_moves (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAa1,RAe1 b:KEe5,PDa4 turn=w halfmove=98");
  g_autoptr(TsPosition) q = NULL;
  TsResult r;

  play (p, "RAe2");
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_NONE);
  q = ts_position_copy (p);
  play (p, "KEd5");
  ts_position_result (p, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_DRAW);
  g_assert_cmpstr (r.reason, ==, "fifty-move rule");
  /* a pawn move resets the count */
  play (q, "Ca4");
  g_assert_cmpuint (ts_position_halfmove_clock (q), ==, 0);
  ts_position_result (q, &r);
  g_assert_cmpint (r.kind, ==, TS_RESULT_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/promotion/raumschach", test_promotion_raumschach);
  g_test_add_func ("/rules/promotion/parton-nihongi", test_promotion_parton_nihongi);
  g_test_add_func ("/rules/castling/cubic8", test_castling_cubic8);
  g_test_add_func ("/rules/en-passant/cubic8", test_en_passant_cubic8);
  g_test_add_func ("/rules/nihongi-king-right", test_nihongi_king_right);
  g_test_add_func ("/rules/compulsion", test_compulsion);
  g_test_add_func ("/rules/stalemate-mate", test_stalemate_and_mate);
  g_test_add_func ("/rules/repetition", test_repetition);
  g_test_add_func ("/rules/fifty-moves", test_fifty_moves);
  return g_test_run ();
}
