/* tessera-cli analyse and bench, run as a user would. */
#include <string.h>

#include "../cli-test-util.h"
#include "rules/notation.h"
#include "rules/position.h"

static void
test_analyse (void)
{
  const char *args[] = { "analyse", "--variant", "raumschach", "--depth", "3", "--multipv", "2", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto (GStrv) lines = NULL;
  guint n_info = 0;
  const char *last = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  for (char **l = lines; *l; l++)
    {
      if (g_str_has_prefix (*l, "info "))
        {
          n_info++;
          g_assert_nonnull (strstr (*l, " pv "));
          g_assert_nonnull (strstr (*l, " score "));
        }
      if (**l)
        last = *l;
    }
  /* Three iterations, two lines each. */
  g_assert_cmpuint (n_info, ==, 6);
  g_assert_nonnull (last);
  g_assert_true (g_str_has_prefix (last, "bestmove "));

  /* The move is legal SAN in the start position. */
  g_autoptr (TsPosition) pos = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  g_autoptr (GError) error = NULL;
  TsMove m;
  g_assert_true (ts_move_parse (pos, last + strlen ("bestmove "), &m, &error));
  g_assert_no_error (error);
}

static void
test_analyse_errors (void)
{
  const char *unknown[] = { "analyse", "--variant", "no-such-variant", "--depth", "2", NULL };
  const char *no_limit[] = { "analyse", "--variant", "raumschach", NULL };
  const char *bad_move[] = { "analyse", "--variant", "raumschach", "--moves", "Zz9", "--depth", "1", NULL };
  g_autofree char *out1 = NULL, *err1 = NULL, *out2 = NULL, *err2 = NULL, *out3 = NULL, *err3 = NULL;

  g_assert_cmpint (run_cli (unknown, &out1, &err1), ==, 2);
  g_assert_nonnull (strstr (err1, "no-such-variant"));
  g_assert_cmpint (run_cli (no_limit, &out2, &err2), ==, 2);
  g_assert_nonnull (strstr (err2, "--depth"));
  g_assert_cmpint (run_cli (bad_move, &out3, &err3), ==, 2);
  g_assert_nonnull (strstr (err3, "Zz9"));
}

/* issue 13: a table larger than the machine's memory aborted the process (GLib's
 * allocation failure); now the option is refused with the limit. */
static void
test_analyse_hash_too_big (void)
{
  const char *args[] = { "analyse", "--variant", "raumschach", "--depth", "1", "--hash", "2000000000", NULL };
  const char *fits[] = { "analyse", "--variant", "raumschach", "--depth", "1", "--hash", "2", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
  g_assert_true (g_str_has_prefix (err, "tessera-cli: --hash 2000000000: at most "));
  g_assert_cmpint (run_cli (fits, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "bestmove "));
}

static void
test_mate_option (void)
{
  /* Not a position with a mate: the search must say so, not invent one. */
  const char *args[] = { "analyse", "--variant", "raumschach", "--mate", "1", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "no mate in 1"));
}

/* The bench's total; with -v also each position's line (nodes, the search's time),
 * which must add up to it. */
static guint64
bench_nodes (gboolean verbose)
{
  const char *args[] = { "bench", verbose ? "-v" : NULL, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  guint64 nodes = 0, sum = 0;
  guint n_lines, n_variants;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  n_lines = g_strv_length (lines);
  g_assert_cmpuint (n_lines, >=, 2);
  g_assert_cmpstr (lines[n_lines - 1], ==, "");
  g_assert_true (g_str_has_prefix (lines[n_lines - 2], "bench: "));
  nodes = g_ascii_strtoull (lines[n_lines - 2] + strlen ("bench: "), NULL, 10);
  g_assert_cmpuint (nodes, >, 0);
  ts_variant_list (&n_variants);
  g_assert_cmpuint (n_lines - 2, ==, verbose ? 2 * n_variants : 0);
  for (guint i = 0; i + 2 < n_lines; i++)
    {
      const char *at = strstr (lines[i], " nodes "), *time = strstr (lines[i], " time ");
      char *end = NULL;

      g_assert_nonnull (at);
      g_assert_nonnull (time);
      sum += g_ascii_strtoull (at + strlen (" nodes "), NULL, 10);
      g_assert_cmpfloat (g_ascii_strtod (time + strlen (" time "), &end), >=, 0);
      g_assert_cmpstr (end, ==, " ms");
    }
  if (verbose)
    g_assert_cmpuint (sum, ==, nodes);
  return nodes;
}

static void
test_bench_deterministic (void)
{
  guint64 a = bench_nodes (FALSE), b = bench_nodes (TRUE);

  g_test_message ("bench signature %" G_GUINT64_FORMAT, a);
  g_assert_cmpuint (a, ==, b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/cli/analyse", test_analyse);
  g_test_add_func ("/engine/cli/analyse-errors", test_analyse_errors);
  g_test_add_func ("/engine/cli/analyse-hash-too-big", test_analyse_hash_too_big);
  g_test_add_func ("/engine/cli/mate", test_mate_option);
  g_test_add_func ("/engine/cli/bench-deterministic", test_bench_deterministic);
  return g_test_run ();
}
