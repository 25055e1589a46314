/* Position text: round trips and error messages (docs/position-text.md). */
#include "rules-test-util.h"

static void
roundtrip_position (TsPosition *p)
{
  g_autofree char *text = ts_position_to_text (p);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPosition) q = ts_position_from_text (text, &error);
  g_autofree char *again = NULL;
  TsMoveList l, lq;

  g_assert_no_error (error);
  again = ts_position_to_text (q);
  g_assert_cmpstr (again, ==, text);
  g_assert_cmpuint (ts_position_hash (q), ==, ts_position_hash (p));
  g_assert_cmpuint (ts_position_side_to_move (q), ==, ts_position_side_to_move (p));
  g_assert_cmpuint (ts_position_ply (q), ==, ts_position_ply (p));
  ts_move_list_init (&l);
  ts_move_list_init (&lq);
  ts_position_generate_legal (p, &l);
  ts_position_generate_legal (q, &lq);
  g_assert_cmpuint (l.n, ==, lq.n);
  ts_move_list_clear (&lq);
  ts_move_list_clear (&l);
}

static void
test_roundtrip (gconstpointer data)
{
  visit_random_games (data, 3, 3, 60, 1, roundtrip_position);
}

static void
assert_error (const char *text, int code, const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPosition) p = ts_position_from_text (text, &error);

  g_assert_null (p);
  g_assert_error (error, TS_RULES_ERROR, code);
  g_test_message ("%s -> %s", text, error->message);
  if (!strstr (error->message, fragment))
    g_error ("“%s”: message “%s” lacks “%s”", text, error->message, fragment);
}

static void
test_errors (void)
{
  assert_error ("chess w:Ke1 b:Ke8 turn=w", TS_RULES_ERROR_UNKNOWN_VARIANT, "column 1");
  assert_error ("raumschach w:KAc1 b:KEa5,QAx3 turn=w", TS_RULES_ERROR_PARSE, "column 27");
  assert_error ("raumschach w:KAc1 b:KEa5,XAa3 turn=w", TS_RULES_ERROR_PARSE, "column 26");
  assert_error ("raumschach w:KAc1 b:KEa5,QAc1 turn=w", TS_RULES_ERROR_PARSE, "already taken");
  assert_error ("raumschach w:KAc1 b:QAa3 turn=w", TS_RULES_ERROR_PARSE, "no king");
  assert_error ("raumschach w:KAc1,KAc2 b:KEa5 turn=w", TS_RULES_ERROR_PARSE, "two kings");
  assert_error ("raumschach w:KAc1 b:KEa5 turn=x", TS_RULES_ERROR_PARSE, "column 31");
  assert_error ("raumschach w:KAc1 b:KEa5 turn=w halfmove=x", TS_RULES_ERROR_PARSE, "column 42");
  assert_error ("raumschach w:KAc1 b:KEa5 turn=w colour=w", TS_RULES_ERROR_PARSE, "unknown field");
  assert_error ("raumschach w:KAc1 turn=w", TS_RULES_ERROR_PARSE, "every seat");
  assert_error ("raumschach w:KAc1* b:KEa5 turn=w", TS_RULES_ERROR_PARSE, "column 18");
  assert_error ("raumschach w:KAc1,PEa5 b:KEe5 turn=w", TS_RULES_ERROR_PARSE, "promotion");
  assert_error ("raumschach w:KAc1,QEc1 b:KEc5 turn=w", TS_RULES_ERROR_PARSE, "in check");
  assert_error ("cubic8 w:KE1w b:KE8k turn=w ep=D3w", TS_RULES_ERROR_PARSE, "column 32");
  assert_error ("grossraumschach r:E1d6 o:E6a6 g:E6d1 b:E1d1 turn=r hand-r=E", TS_RULES_ERROR_PARSE, "in hand");
  assert_error ("cubic8-4p 1:KE1w 2:KE8k 3:KE8w 4:KE1k turn=1 out=2?", TS_RULES_ERROR_PARSE, "column 50");
  assert_error ("", TS_RULES_ERROR_UNKNOWN_VARIANT, "unknown variant");
}

static void
test_fields (void)
{
  g_autoptr(TsPosition) p = pos ("cubic8 w:KE1w,PD2w* b:KH8k,PC4w turn=w ep=- halfmove=7 ply=31");
  g_autofree char *text = NULL;

  g_assert_cmpuint (ts_position_ply (p), ==, 31);
  g_assert_cmpuint (ts_position_halfmove_clock (p), ==, 7);
  play (p, "D4w");
  text = ts_position_to_text (p);
  g_assert_cmpstr (text, ==, "cubic8 w:KE1w,PD4w b:KH8k,PC4w turn=b ep=D3w,D4w halfmove=0 ply=32");
  /* The halfmove clock stops at its largest value (it used to start again from 0: the
   * game over by the fifty-move rule was no longer over). */
  for (const char *const *t = (const char *const[]) {
         "cubic8 w:KE1w,RA1w b:KH8k turn=w ep=- halfmove=65535 ply=31",
         "doseki 9/9/9/9/9/9/9/9/rr7|9/9/9/9/9/9/9/9/9|9/9/9/9/9/9/9/9/9|9/9/9/9/9/9/9/9/9|"
         "9/9/9/9/9/9/9/9/9|9/9/9/9/9/9/9/9/9|9/9/9/9/9/9/9/9/9|9/9/9/9/9/9/9/9/9|"
         "9/9/9/9/9/9/9/9/bb7 turn=r halfmove=65535 ply=31 outside-r=0 outside-b=0", NULL };
       *t; t++)
    {
      g_autoptr (TsPosition) last = pos (*t);
      TsMoveList l;
      TsUndo undo;

      ts_move_list_init (&l);
      ts_position_generate_legal (last, &l);
      for (guint i = 0; i < l.n; i++)
        if (!(l.moves[i].flags & TS_MOVE_CAPTURE))
          {
            ts_position_make (last, l.moves[i], &undo);
            break;
          }
      ts_move_list_clear (&l);
      g_assert_cmpuint (ts_position_ply (last), ==, 32);
      g_assert_cmpuint (ts_position_halfmove_clock (last), ==, G_MAXUINT16);
      g_assert_cmpstr (ts_position_draw_by_rule (last), ==, "fifty-move rule");
    }
  /* an eliminated army's king may have been captured (team play) */
  ts_position_free (pos ("cubic8-teams-13 1:KE1w,NA8k 2:NB6g,PB8p 3:KG8r 4:KE4y turn=2 out=2#"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  add_per_variant ("/postext/roundtrip", test_roundtrip);
  g_test_add_func ("/postext/errors", test_errors);
  g_test_add_func ("/postext/fields", test_fields);
  return g_test_run ();
}
