/* Perft from the start of every variant and from hand-built positions. The start
 * counts have no outside reference; test-reference checks the generator they come from
 * against an independent one. Deeper counts run in GTest's slow mode. */
#include "../cli-test-util.h"
#include "rules-test-util.h"
#include "positions.h"

typedef struct {
  const char *variant;
  guint64     perft[4];   /* depths 1 to 4; 0: not checked */
} StartCounts;

static const StartCounts starts[] = {
  { "raumschach",              { 61, 3615, 237316, 15587032 } },
  { "parton",                  { 92, 8447, 839132, 82839079 } },
  { "parton-compulsion",       { 92, 8464, 507996, 30205690 } },
  { "cubic8",                  { 124, 15376, 1950364, 247290481 } },
  { "cubic8-4p",               { 124, 15376, 1906624, 236421376 } },
  { "cubic8-teams-12",         { 124, 15376, 1906624, 0 } },
  { "cubic8-teams-13",         { 124, 15376, 1906624, 0 } },
  { "cubic8-teams-14",         { 124, 15376, 1906624, 0 } },
  { "grossraumschach",         { 52, 2701, 138166, 6973231 } },
  { "grossraumschach-warders", { 78, 6067, 464835, 35111864 } },
  { "nihongi",                 { 65, 4131, 278955, 18531280 } },
};

static void
test_start (gconstpointer data)
{
  const StartCounts *sc = data;
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup (sc->variant));
  guint64 hash = ts_position_hash (p);
  /* the quick run stays under about a million nodes per variant */
  guint64 budget = g_test_slow () ? G_GUINT64_CONSTANT (300000000) : 1000000;

  for (guint d = 1; d <= 4 && sc->perft[d - 1] && sc->perft[d - 1] <= budget; d++)
    g_assert_cmpuint (ts_perft (p, d), ==, sc->perft[d - 1]);
  g_assert_cmpuint (ts_position_hash (p), ==, hash);
}

static void
test_position (gconstpointer data)
{
  const TestPosition *tp = data;
  g_autoptr(TsPosition) p = pos (tp->text);
  g_autofree char *before = ts_position_to_text (p);
  g_autofree char *after = NULL;

  for (guint d = 1; d <= 3; d++)
    g_assert_cmpuint (ts_perft (p, d), ==, tp->perft[d - 1]);
  /* make/unmake leave the position as it was */
  after = ts_position_to_text (p);
  g_assert_cmpstr (after, ==, before);
}

/* tessera-cli perft prints the same counts, with --moves and --divide */
static void
test_cli (void)
{
  const char *argv1[] = { "perft", "--variant", "raumschach", "--depth", "2", "--divide", NULL };
  const char *argv2[] = { "perft", "--variant", "cubic8", "--depth", "1", "--moves", "D4w; D5k", NULL };
  const char *argv3[] = { "perft", "--variant", "raumschach", "--depth", "1", "--moves", "Zz9", NULL };
  g_autofree char *out = NULL, *err = NULL;

  if (!g_getenv ("TESSERA_CLI"))
    {
      g_test_skip ("TESSERA_CLI not set");
      return;
    }
  g_assert_cmpint (run_cli (argv1, &out, &err), ==, 0);
  g_assert_true (g_str_has_suffix (out, "Nodes searched: 3615\n"));
  g_assert_nonnull (strstr (out, "\nCd2: 61\n"));
  g_assert_cmpint (run_cli (argv2, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "Nodes searched: "));
  g_assert_cmpint (run_cli (argv3, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "move 1"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      g_autofree char *path = g_strdup_printf ("/perft/start/%s", starts[i].variant);

      g_test_add_data_func (path, &starts[i], test_start);
    }
  for (guint i = 0; i < G_N_ELEMENTS (test_positions); i++)
    {
      g_autofree char *path = g_strdup_printf ("/perft/position/%u", i);

      g_test_add_data_func (path, &test_positions[i], test_position);
    }
  g_test_add_func ("/perft/cli", test_cli);
  return g_test_run ();
}
