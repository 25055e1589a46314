/* Validation of hand-built positions and the editor setters (issue 9). */
#include "rules-test-util.h"
#include "rules/position-validate.h"

static void
put (TsPosition *p, const char *name, guint seat, char letter)
{
  int t = letter ? ts_variant_piece_type_by_letter (ts_position_variant (p), letter) : -1;

  ts_position_edit_piece (p, cell (p, name), t < 0 ? TS_PIECE_NONE : TS_PIECE_MAKE (seat, (guint) t));
}

/* Asserts the problems are exactly these kinds, in this order, and logs them. */
static void
expect (TsPosition *p, guint n, ...)
{
  g_autoptr(GArray) problems = ts_position_validate (p);
  va_list args;

  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", g_array_index (problems, TsPositionProblem, i).message);
  g_assert_cmpuint (problems->len, ==, n);
  va_start (args, n);
  for (guint i = 0; i < n; i++)
    {
      const TsPositionProblem *pr = &g_array_index (problems, TsPositionProblem, i);

      g_assert_cmpint (pr->kind, ==, va_arg (args, int));
      g_assert_nonnull (pr->message);
      g_assert_cmpuint (strlen (pr->message), >, 10);
    }
  va_end (args);
}

static const TsPositionProblem *
first (GArray *problems)
{
  g_assert_cmpuint (problems->len, >, 0);
  return &g_array_index (problems, TsPositionProblem, 0);
}

/* The text reader refuses what the validator reports. */
static void
assert_text_refused (TsPosition *p)
{
  g_autofree char *text = ts_position_to_text (p);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPosition) q = ts_position_from_text (text, &error);

  g_assert_null (q);
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE);
}

static void
test_initial_legal (void)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (list[i]);

      expect (p, 0);
    }
}

static void
test_kings (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAc1 b:KEc5 turn=w");
  g_autoptr(GArray) problems = NULL;

  expect (p, 0);
  put (p, "Ec5", 1, 0);
  problems = ts_position_validate (p);
  g_assert_cmpint (first (problems)->kind, ==, TS_POSITION_PROBLEM_NO_KING);
  g_assert_cmpint (first (problems)->seat, ==, 1);
  g_assert_nonnull (strstr (first (problems)->message, "Black"));
  assert_text_refused (p);
  g_clear_pointer (&problems, g_array_unref);

  put (p, "Ec5", 1, 'K');
  put (p, "Cc3", 0, 'K');
  problems = ts_position_validate (p);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpint (first (problems)->kind, ==, TS_POSITION_PROBLEM_TWO_KINGS);
  g_assert_cmpint (first (problems)->seat, ==, 0);
  g_assert_cmpint (first (problems)->cell, ==, cell (p, "Cc3"));
  assert_text_refused (p);

  /* Removing the first king leaves the second one as White's king. */
  put (p, "Ac1", 0, 0);
  expect (p, 0);
  {
    g_autofree char *text = ts_position_to_text (p);
    g_autoptr(TsPosition) q = pos (text);

    g_assert_cmpuint (ts_position_hash (q), ==, ts_position_hash (p));
  }
  /* The king found again is the one the rules see: a rook check on it counts. */
  put (p, "Cc5", 1, 'R');
  g_assert_true (ts_position_in_check (p));

  /* Both armies without a king: two reasons. */
  put (p, "Cc3", 0, 0);
  put (p, "Ec5", 1, 0);
  expect (p, 2, TS_POSITION_PROBLEM_NO_KING, TS_POSITION_PROBLEM_NO_KING);
}

static void
test_pawn_promotion (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAc1 b:KEc5 turn=w");
  g_autoptr(GArray) problems = NULL;

  put (p, "Ea5", 0, 'P');   /* White's last level and rank */
  problems = ts_position_validate (p);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpint (first (problems)->kind, ==, TS_POSITION_PROBLEM_PAWN_PROMOTION);
  g_assert_cmpint (first (problems)->cell, ==, cell (p, "Ea5"));
  assert_text_refused (p);
  /* A white pawn on Black's promotion cells is fine, a black one is not. */
  put (p, "Ea5", 0, 0);
  put (p, "Aa1", 0, 'P');
  expect (p, 0);
  put (p, "Ab1", 1, 'P');
  expect (p, 1, TS_POSITION_PROBLEM_PAWN_PROMOTION);
}

static void
test_not_to_move_in_check (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAc1,REc1 b:KEc5 turn=b");
  g_autoptr(GArray) problems = NULL;

  expect (p, 0);
  ts_position_set_side_to_move (p, 0);
  problems = ts_position_validate (p);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpint (first (problems)->kind, ==, TS_POSITION_PROBLEM_NOT_TO_MOVE_CHECK);
  g_assert_cmpint (first (problems)->seat, ==, 1);
  g_assert_cmpint (first (problems)->cell, ==, cell (p, "Ec5"));
  assert_text_refused (p);
  /* A piece in between ends the check. */
  put (p, "Ec3", 1, 'N');
  expect (p, 0);
}

static void
test_not_to_move_in_check_four (void)
{
  /* Seat 1 has moved; seat 2 is to move; seat 1's king stands in seat 3's rook's line. */
  g_autoptr(TsPosition) p = pos ("cubic8-4p 1:KE1w 2:KA8k 3:KH8w,RA1r 4:KD4g turn=2");

  expect (p, 0);
  put (p, "E1r", 2, 'R');
  expect (p, 1, TS_POSITION_PROBLEM_NOT_TO_MOVE_CHECK);
  /* Checks on seats that move later are normal with four players. */
  ts_position_set_side_to_move (p, 1);
  put (p, "E1r", 2, 0);
  put (p, "A8g", 3, 'R');
  expect (p, 0);
}

static void
test_castling (void)
{
  const TsVariant *v = ts_variant_lookup ("cubic8");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  g_autoptr(TsPosition) q = NULL;
  g_autoptr(GArray) problems = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpuint (ts_variant_n_castles (v, 0), ==, 2);
  g_assert_cmpstr (ts_variant_castle_name (v, 0, 0), ==, "O-O");
  g_assert_true (ts_position_castling_right (p, 0, 0));
  g_assert_true (ts_position_castling_right (p, 0, 1));
  /* Taking O-O clears the H rook's flag, keeps the king's for O-O-O. */
  g_assert_true (ts_position_set_castling_right (p, 0, 0, FALSE));
  g_assert_false (ts_position_castling_right (p, 0, 0));
  g_assert_true (ts_position_castling_right (p, 0, 1));
  text = ts_position_to_text (p);
  g_assert_nonnull (strstr (text, "RH1w,"));
  g_assert_nonnull (strstr (text, "KE1w*"));
  g_assert_true (ts_position_set_castling_right (p, 0, 1, FALSE));
  g_clear_pointer (&text, g_free);
  text = ts_position_to_text (p);
  g_assert_nonnull (strstr (text, "KE1w,"));
  g_assert_true (ts_position_set_castling_right (p, 0, 0, TRUE));
  g_assert_true (ts_position_castling_right (p, 0, 0));
  expect (p, 0);
  /* No right without the rook at home. */
  put (p, "A1w", 0, 0);
  g_assert_false (ts_position_set_castling_right (p, 0, 1, TRUE));
  g_assert_false (ts_position_castling_right (p, 0, 1));

  /* A king with a castling right away from home, as position text may say. */
  q = pos ("cubic8 w:KD4r*,RA1w* b:KE8k,RH8k* turn=w ep=-");
  problems = ts_position_validate (q);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpint (first (problems)->kind, ==, TS_POSITION_PROBLEM_CASTLING);
  g_assert_cmpint (first (problems)->cell, ==, cell (q, "D4r"));
  g_assert_false (ts_position_castling_right (q, 0, 1));
  g_assert_false (ts_position_set_castling_right (q, 0, 1, TRUE));
  g_clear_pointer (&problems, g_array_unref);
  /* A rook's right away from home; a pawn's two-step right off its starting cell. */
  g_assert_true (ts_position_set_first_move (q, cell (q, "D4r"), FALSE));
  put (q, "B3w", 0, 'R');
  g_assert_true (ts_position_set_first_move (q, cell (q, "B3w"), TRUE));
  put (q, "C5y", 0, 'P');
  g_assert_true (ts_position_set_first_move (q, cell (q, "C5y"), TRUE));
  put (q, "C3y", 0, 'N');
  g_assert_false (ts_position_set_first_move (q, cell (q, "C3y"), TRUE));
  expect (q, 2, TS_POSITION_PROBLEM_CASTLING, TS_POSITION_PROBLEM_CASTLING);
}

static void
test_en_passant (void)
{
  /* White played E2w-E4w. */
  g_autoptr(TsPosition) p = pos ("cubic8 w:KE1w,PE4w b:KE8k,PD4w turn=b ep=E3w,E4w");
  TsCell passed, pawn;

  expect (p, 0);
  g_assert_true (ts_position_en_passant (p, &passed, &pawn));
  /* the cell it came from is taken */
  put (p, "E2w", 1, 'N');
  expect (p, 1, TS_POSITION_PROBLEM_EN_PASSANT);
  put (p, "E2w", 0, 0);
  /* the passed cell is taken */
  put (p, "D3w", 0, 'N');
  ts_position_set_en_passant (p, cell (p, "D3w"), cell (p, "D4w"));
  expect (p, 1, TS_POSITION_PROBLEM_EN_PASSANT);
  put (p, "D3w", 0, 0);
  g_assert_false (ts_position_en_passant (p, &passed, &pawn));
  /* a pawn of the side to move */
  ts_position_set_en_passant (p, cell (p, "D3w"), cell (p, "D4w"));
  expect (p, 1, TS_POSITION_PROBLEM_EN_PASSANT);
  /* no pawn on the pawn's cell */
  ts_position_set_en_passant (p, cell (p, "F3w"), cell (p, "F4w"));
  expect (p, 1, TS_POSITION_PROBLEM_EN_PASSANT);
  /* not a two-step line */
  ts_position_set_en_passant (p, cell (p, "E2w"), cell (p, "E4w"));
  expect (p, 1, TS_POSITION_PROBLEM_EN_PASSANT);
  /* back to the right one; removing the pawn takes the right away */
  ts_position_set_en_passant (p, cell (p, "E3w"), cell (p, "E4w"));
  expect (p, 0);
  put (p, "E4w", 0, 0);
  g_assert_false (ts_position_en_passant (p, &passed, &pawn));
  expect (p, 0);
}

static void
test_side_out (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8-4p 1:KE1w 2:KA8k 3:KH8w 4:KD4g turn=1 out=3#");

  expect (p, 0);
  ts_position_set_side_to_move (p, 2);
  expect (p, 1, TS_POSITION_PROBLEM_SIDE_OUT);
}

static void
test_every_reason_at_once (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAc1,REc1 b:KEc5 turn=b");

  ts_position_set_side_to_move (p, 0);
  put (p, "Cc3", 0, 'K');
  put (p, "Ea5", 0, 'P');
  expect (p, 3, TS_POSITION_PROBLEM_TWO_KINGS, TS_POSITION_PROBLEM_PAWN_PROMOTION,
          TS_POSITION_PROBLEM_NOT_TO_MOVE_CHECK);
}

static void
test_ply (void)
{
  g_autoptr(TsPosition) p = pos ("raumschach w:KAc1 b:KEc5 turn=w");
  g_autofree char *text = NULL;

  ts_position_set_ply (p, 41);
  g_assert_cmpuint (ts_position_ply (p), ==, 41);
  text = ts_position_to_text (p);
  g_assert_nonnull (strstr (text, "ply=41"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/validate/initial-legal", test_initial_legal);
  g_test_add_func ("/validate/kings", test_kings);
  g_test_add_func ("/validate/pawn-promotion", test_pawn_promotion);
  g_test_add_func ("/validate/not-to-move-in-check", test_not_to_move_in_check);
  g_test_add_func ("/validate/not-to-move-in-check-four", test_not_to_move_in_check_four);
  g_test_add_func ("/validate/castling", test_castling);
  g_test_add_func ("/validate/en-passant", test_en_passant);
  g_test_add_func ("/validate/side-out", test_side_out);
  g_test_add_func ("/validate/every-reason-at-once", test_every_reason_at_once);
  g_test_add_func ("/validate/ply", test_ply);
  return g_test_run ();
}
