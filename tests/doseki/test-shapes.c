/* Doseki shape tables: generated orientations against RULES.md §7's table. */
#include <stdlib.h>
#include <string.h>

#include "doseki/doseki.h"

static void
test_orientation_counts (void)
{
  /* RULES.md §7: P 1, H 3, B 12, R 3, A 8, E 12 + 12, G 24, C 24, J 4, W 12, M 12, Q 8, K 1. */
  static const struct { char letter; guint cells; guint orientations; } expected[] = {
    { 'P', 1, 1 }, { 'H', 2, 3 }, { 'B', 3, 12 }, { 'R', 4, 3 }, { 'A', 4, 8 },
    { 'E', 4, 24 }, { 'G', 5, 24 }, { 'C', 5, 24 }, { 'J', 6, 4 }, { 'W', 6, 12 },
    { 'M', 6, 12 }, { 'Q', 7, 8 }, { 'K', 8, 1 },
  };
  guint per_base[TS_DOSEKI_N_BASES] = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      int piece = ts_doseki_piece_by_letter (expected[i].letter);
      guint n = 0;

      g_assert_cmpint (piece, >=, 0);
      g_assert_cmpuint (ts_doseki_piece_info (piece)->n_cells, ==, expected[i].cells);
      for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
        if (ts_doseki_orientation (o)->piece == (guint) piece)
          {
            g_assert_cmpuint (ts_doseki_orientation (o)->n_cells, ==, expected[i].cells);
            n++;
          }
      g_assert_cmpuint (n, ==, expected[i].orientations);
    }
  /* The two screws are mirror images, not rotations of each other: 12 each. */
  for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
    per_base[ts_doseki_orientation (o)->base]++;
  g_assert_cmpuint (per_base[5], ==, 12);
  g_assert_cmpuint (per_base[6], ==, 12);
}

static gboolean
face_connected (const TsDosekiOrientation *o)
{
  guint reached = 1, changed = 1;

  while (changed)
    {
      changed = 0;
      for (guint i = 0; i < o->n_cells; i++)
        for (guint j = 0; j < o->n_cells; j++)
          {
            int d = abs (o->cells[i][0] - o->cells[j][0]) + abs (o->cells[i][1] - o->cells[j][1]) +
                    abs (o->cells[i][2] - o->cells[j][2]);
            if ((reached & (1u << i)) && !(reached & (1u << j)) && d == 1)
              reached |= 1u << j, changed = 1;
          }
    }
  return reached == (1u << o->n_cells) - 1;
}

static void
test_orientations_well_formed (void)
{
  for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
    {
      const TsDosekiOrientation *or = ts_doseki_orientation (o);
      int lo[3] = { 9, 9, 9 }, hi[3] = { -9, -9, -9 };

      /* Anchored at the first cell, listed in notation order (layer, rank, file). */
      g_assert_cmpint (or->cells[0][0], ==, 0);
      g_assert_cmpint (or->cells[0][1], ==, 0);
      g_assert_cmpint (or->cells[0][2], ==, 0);
      for (guint i = 0; i < or->n_cells; i++)
        {
          if (i > 0)
            {
              int a = or->cells[i - 1][0] + 9 * (or->cells[i - 1][1] + 9 * or->cells[i - 1][2]);
              int b = or->cells[i][0] + 9 * (or->cells[i][1] + 9 * or->cells[i][2]);
              g_assert_cmpint (a, <, b);
            }
          for (int k = 0; k < 3; k++)
            {
              lo[k] = MIN (lo[k], or->cells[i][k]);
              hi[k] = MAX (hi[k], or->cells[i][k]);
            }
        }
      /* Inside a 2×2×2 box and face-connected. */
      for (int k = 0; k < 3; k++)
        g_assert_cmpint (hi[k] - lo[k], <=, 1);
      g_assert_true (face_connected (or));
      /* Distinct from every other orientation. */
      for (guint p = 0; p < o; p++)
        {
          const TsDosekiOrientation *q = ts_doseki_orientation (p);
          g_assert_false (q->n_cells == or->n_cells &&
                          memcmp (q->cells, or->cells, sizeof q->cells) == 0);
        }
    }
}

static void
test_orientation_lookup (void)
{
  /* Every orientation placed anywhere on the board is found again, whatever the order. */
  for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
    {
      const TsDosekiOrientation *or = ts_doseki_orientation (o);
      TsCell cells[TS_DOSEKI_MAX_SET];
      int ax = 4, ay = 3, az = 5;

      for (guint i = 0; i < or->n_cells; i++)
        cells[or->n_cells - 1 - i] = (ax + or->cells[i][0]) +
                                     9 * ((ay + or->cells[i][1]) + 9 * (az + or->cells[i][2]));
      g_assert_cmpint (ts_doseki_orientation_of_cells (cells, or->n_cells), ==, (int) o);
    }
  /* A line of three cells is no piece. */
  TsCell line[3] = { 0, 1, 2 };
  g_assert_cmpint (ts_doseki_orientation_of_cells (line, 3), ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/doseki/shapes/orientation-counts", test_orientation_counts);
  g_test_add_func ("/doseki/shapes/well-formed", test_orientations_well_formed);
  g_test_add_func ("/doseki/shapes/lookup", test_orientation_lookup);
  return g_test_run ();
}
