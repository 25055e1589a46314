#include <glib.h>
#include <string.h>

#include "records/nag.h"

static void
test_move_marks (void)
{
  static const char *const marks[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

  for (guint nag = 1; nag <= 6; nag++)
    {
      g_assert_true (ts_nag_is_move_mark (nag));
      g_assert_false (ts_nag_is_evaluation (nag));
      g_assert_cmpstr (ts_nag_glyph (nag), ==, marks[nag]);
      g_assert_cmpuint (ts_nag_from_glyph (marks[nag]), ==, nag);
      g_assert_nonnull (ts_nag_description (nag));
    }
  g_assert_false (ts_nag_is_move_mark (0));
  g_assert_false (ts_nag_is_move_mark (7));
}

static void
test_evaluations (void)
{
  for (guint nag = 10; nag <= 19; nag++)
    {
      const char *glyph = ts_nag_glyph (nag);

      g_assert_true (ts_nag_is_evaluation (nag));
      g_assert_nonnull (glyph);
      g_assert_true (g_utf8_validate (glyph, -1, NULL));
      /* Shared glyphs map back to the first NAG that has them. */
      g_assert_cmpuint (ts_nag_glyph (ts_nag_from_glyph (glyph))[0], ==, glyph[0]);
      g_assert_cmpuint (ts_nag_from_glyph (glyph), <=, nag);
    }
  g_assert_cmpstr (ts_nag_glyph (13), ==, "∞");
  g_assert_cmpstr (ts_nag_glyph (16), ==, "±");
  g_assert_cmpstr (ts_nag_glyph (19), ==, "−+");
  g_assert_cmpuint (ts_nag_from_glyph ("="), ==, 10);
  g_assert_cmpuint (ts_nag_from_glyph ("∓"), ==, 17);
  g_assert_false (ts_nag_is_evaluation (9));
  g_assert_false (ts_nag_is_evaluation (20));
}

static void
test_unknown (void)
{
  g_assert_null (ts_nag_glyph (0));
  g_assert_null (ts_nag_glyph (7));
  g_assert_null (ts_nag_glyph (140));
  g_assert_null (ts_nag_description (255));
  g_assert_cmpuint (ts_nag_from_glyph ("!!!"), ==, 0);
  g_assert_cmpuint (ts_nag_from_glyph (""), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/records/nag/move-marks", test_move_marks);
  g_test_add_func ("/records/nag/evaluations", test_evaluations);
  g_test_add_func ("/records/nag/unknown", test_unknown);
  return g_test_run ();
}
