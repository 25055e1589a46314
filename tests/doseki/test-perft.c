/* Doseki perft from the starting position: a regression signature of the generator
 * (depth 1 is checked against the naive generator in test-moves). Slow suite. */
#include "doseki-ref.h"

static void
test_start_perft (void)
{
  g_autoptr (TsPosition) p = t_new_initial ();

  g_assert_cmpuint (ts_perft (p, 1), ==, 35195);
  g_assert_cmpuint (ts_perft (p, 2), ==, G_GUINT64_CONSTANT (1167339005));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/doseki/perft/start", test_start_perft);
  return g_test_run ();
}
