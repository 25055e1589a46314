/* Doseki moves: hand-counted shapes, blocking, polycubes, captures, promotion, placement,
 * the end of the game, and the generator against a naive reference. */
#include "doseki-ref.h"

#define CELL(x, y, z) ((x) + 9 * ((y) + 9 * (z)))

/* The base shapes of RULES.md §7's table, in its order, as "xyz" offset triples. */
static const char *const base_cells[TS_DOSEKI_N_BASES] = {
  "000", "000 001", "000 001 010", "000 001 010 011", "000 001 010 100",
  "000 001 010 101", "000 001 010 110", "000 001 010 011 100", "000 001 010 101 110",
  "000 001 010 101 110 111", "000 001 010 011 100 101", "000 001 010 011 100 111",
  "000 001 010 011 100 101 110", "000 001 010 011 100 101 110 111",
};

static TsPosition *
place_shape (guint base, int x0, int y0, int z0)
{
  TsPosition *p = t_new_empty ();

  for (const char *s = base_cells[base]; *s; s += s[3] ? 4 : 3)
    t_set (p, CELL (x0 + s[0] - '0', y0 + s[1] - '0', z0 + s[2] - '0'), T_RED);
  return p;
}

/* Each shape alone, its 2×2×2 box at x, y, z = 4..5 (the middle of the 9×9×9 board).
 *
 * Working: a slide leaves the board when a cell would pass 0 or 8. Along an axis on
 * which the shape spans two cells (4 and 5) it has 3 steps towards + and 4 towards −;
 * on an axis where it sits at 4 only, 4 each way. A rider in a direction stops at the
 * smallest of those numbers over the direction's non-zero components.
 *   P  monocube, at 4,4,4: O(1) 6 directions = 6; F(1) only captures, none here.      6
 *   H  {000,001} spans z: O(2): 6 × 2 = 12; F(2): 12 × 2 = 24 (every room ≥ 2).       36
 *   B  {000,001,010} spans y, z: F in plane xy: (+x+y) 3, (+x−y) 4, (−x+y) 3,
 *      (−x−y) 4 = 14; plane xz the same 14; plane yz: 3+3+3+4 = 13.                  41
 *   R  {000,001,010,011} spans y, z: O: +x 4, −x 4, +y 3, −y 4, +z 3, −z 4.           22
 *   A  tripod spans x, y, z: O(2) 6 × 2 = 12; F: per plane 3+3+3+4 = 13, × 3 = 39.    51
 *   E  both screws span x, y, z: F 39; D(2) 8 × 2 = 16.                        55 each
 *   G  spans x, y, z: O: 3 × 3 + 3 × 4 = 21; F(2) 12 × 2 = 24.                       45
 *   C  spans x, y, z: F 39; D: all-minus 4, the 7 others 3 = 25.                       64
 *   J  F then F(2): the distinct translations t = k1·f1 + k2·f2 (f1, f2 face diagonals,
 *      not parallel, k1 ≥ 1, k2 = 1 or 2) with every component in −4..3 and the first
 *      slide on the board. Two kinds: f1, f2 in different planes sharing axis i:
 *      ±k1 on the other axis of f1, ±k2 on the other axis of f2, ±k1 ± k2 on i;
 *      f1, f2 in one plane (perpendicular): ±(k1 + k2) and ±(k1 − k2) there.
 *      By sorted absolute components, after removing repeats:
 *        (0,0,2) 6, (0,0,4) 3 (only −4 fits), (0,1,1) 12, (0,2,2) 12, (0,1,3) 24,
 *        (0,2,4) 12, (1,1,2) 24, (1,2,3) 48, (1,3,4) 24, (2,2,4) 12.                    177
 *   W  O then O(2): t has exactly two non-zero components u, v, each in −4..3
 *      (7 values), and one of them is the second slide, so |u| ≤ 2 or |v| ≤ 2:
 *      7 × 7 − 3 × 3 = 40 per pair of axes, × 3.                                    120
 *   M  O 21 + D 25.                                                                   46
 *   Q  O 21 + F 39.                                                                   60
 *   K  O 21 + F 39 + D 25.                                                            85 */
static const guint middle_counts[TS_DOSEKI_N_BASES] = {
  6, 36, 41, 22, 51, 55, 55, 45, 64, 177, 120, 46, 60, 85,
};

/* The same box at x = 0..1, y = 4..5, z = 0..1, along the edge where faces x = 0 and
 * z = 0 meet. Now −x and −z have 0 steps of room; +x and +z have 8 − 1 = 7 on an axis
 * the shape spans, 8 where it does not; y as before (4 towards −, 3 or 4 towards +).
 *   P  at 0,4,0: +x, ±y, +z = 4.                                                      4
 *   H  spans z: O(2): +x, ±y, +z, 2 each = 8; F(2): the diagonals without −x or −z:
 *      (+x±y), (+x+z), (±y+z) = 5 × 2 = 10.                                            18
 *   B  spans y, z: F: (+x+y) 3, (+x−y) 4, (+x+z) 7, (+y+z) 3, (−y+z) 4 = 21.            21
 *   R  spans y, z: O: +x 8, +y 3, −y 4, +z 7 = 22.                                      22
 *   A  spans all: O(2): +x, ±y, +z × 2 = 8; F: (+x+y) 3, (+x−y) 4, (+x+z) 7,
 *      (+y+z) 3, (−y+z) 4 = 21.                                                         29
 *   E  spans all: F 21; D(2): (+x±y+z) 2 × 2 = 4.                               25 each
 *   G  spans all: O: 7 + 3 + 4 + 7 = 21; F(2): 5 × 2 = 10.                               31
 *   C  spans all: F 21; D: (+x+y+z) 3, (+x−y+z) 4 = 7.                                   28
 *   J  as in the middle, with x, z in 0..7 and y in −4..3; by sorted absolute
 *      components: (0,0,2) 4, (0,0,4) 3, (0,1,1) 5, (0,1,3) 10, (0,1,5) 6, (0,2,2) 5,
 *      (0,2,4) 8, (0,2,6) 4, (0,3,5) 4, (0,3,7) 2, (0,4,6) 2, (0,5,7) 2, (1,1,2) 6,
 *      (1,2,3) 12, (1,3,4) 10, (1,4,5) 6, (1,5,6) 4, (1,6,7) 4, (2,2,4) 5, (2,3,5) 8,
 *      (2,4,6) 6, (2,5,7) 4.                                                              120
 *   W  pairs (x,z): 7 × 7 − 5 × 5 = 24; pairs (x,y) and (z,y): x in 1..7 (7 values,
 *      2 of them ≤ 2), y in −4..3 (7, 4 of them ≤ 2): 49 − 5 × 3 = 34 each.              92
 *   M  O 21 + D 7.                                                                       28
 *   Q  O 21 + F 21.                                                                      42
 *   K  O 21 + F 21 + D 7.                                                                49 */
static const guint edge_counts[TS_DOSEKI_N_BASES] = {
  4, 18, 21, 22, 29, 25, 25, 31, 28, 120, 92, 28, 42, 49,
};

static guint
count_shape_moves (TsPosition *p, guint base)
{
  TsMoveList l;
  guint n = 0;

  ts_move_list_init (&l);
  t_generate (p, &l);
  for (guint i = 0; i < l.n; i++)
    n += ts_doseki_orientation (l.moves[i].shape)->base == base;
  ts_move_list_clear (&l);
  return n;
}

static void
test_shapes_counts (void)
{
  for (guint b = 0; b < TS_DOSEKI_N_BASES; b++)
    {
      g_autoptr (TsPosition) mid = place_shape (b, 4, 4, 4);
      g_autoptr (TsPosition) edge = place_shape (b, 0, 4, 0);

      g_test_message ("base shape %u", b);
      g_assert_cmpuint (count_shape_moves (mid, b), ==, middle_counts[b]);
      g_assert_cmpuint (count_shape_moves (edge, b), ==, edge_counts[b]);
      ref_compare (mid);
      ref_compare (edge);
    }
}

/* The destinations of one set S's moves, as anchor cells, flags in the sign. */
static guint
moves_of (TsPosition *p, int from, guint shape, int *to, guint max)
{
  TsMoveList l;
  guint n = 0;

  ts_move_list_init (&l);
  t_generate (p, &l);
  for (guint i = 0; i < l.n; i++)
    if (l.moves[i].from == from && l.moves[i].shape == shape)
      {
        g_assert_cmpuint (n, <, max);
        to[n++] = l.moves[i].flags & TS_MOVE_CAPTURE ? -l.moves[i].to : l.moves[i].to;
      }
  ts_move_list_clear (&l);
  return n;
}

static gboolean
has_move (TsPosition *p, int from, guint shape, int to, gboolean capture)
{
  int dest[256];
  guint n = moves_of (p, from, shape, dest, G_N_ELEMENTS (dest));

  for (guint i = 0; i < n; i++)
    if (dest[i] == (capture ? -to : to))
      return TRUE;
  return FALSE;
}

static void
test_blocking (void)
{
  /* A rook (2×2 square in the yz plane at x = 4) sliding towards +x: empty, it has
   * anchors x = 5..8. One checker in the path stops it: own before, enemy on. */
  static const struct { int x, y, z; guint who; guint quiet; gboolean capture; } cases[] = {
    { 0, 0, 0, 0, 4, FALSE },                /* nothing in the way */
    { 5, 4, 5, T_RED, 0, FALSE },    /* own at the start */
    { 5, 4, 5, T_BLACK, 0, TRUE },   /* enemy at the start: capture in one step */
    { 7, 5, 4, T_RED, 2, FALSE },    /* own in the middle */
    { 7, 5, 4, T_BLACK, 2, TRUE },
    { 8, 5, 5, T_RED, 3, FALSE },    /* own at the end */
    { 8, 5, 5, T_BLACK, 3, TRUE },
  };
  int shape = -1;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (TsPosition) p = place_shape (3, 4, 4, 4);
      TsCell cells[4] = { CELL (4, 4, 4), CELL (4, 4, 5), CELL (4, 5, 4), CELL (4, 5, 5) };

      shape = ts_doseki_orientation_of_cells (cells, 4);
      g_assert_cmpint (shape, >=, 0);
      if (cases[i].who)
        t_set (p, CELL (cases[i].x, cases[i].y, cases[i].z), cases[i].who);
      for (int x = 5; x <= 8; x++)
        {
          gboolean quiet = (guint) (x - 4) <= cases[i].quiet;
          gboolean capture = cases[i].capture && (guint) (x - 4) == cases[i].quiet + 1;
          g_assert_cmpint (has_move (p, CELL (4, 4, 4), shape, CELL (x, 4, 4), FALSE), ==, quiet);
          g_assert_cmpint (has_move (p, CELL (4, 4, 4), shape, CELL (x, 4, 4), TRUE), ==, capture);
        }
      ref_compare (p);
    }

  /* A wisemen's first slide may not end on or pass an enemy; the second slide may
   * capture. W = {000,001,010,011,100,101} at 2,2,2; enemy at 2,4,2 blocks +y beyond
   * one step; the W can still go +y 1 then +x. */
  {
    g_autoptr (TsPosition) p = place_shape (10, 2, 2, 2);
    TsCell cells[6] = { CELL (2, 2, 2), CELL (2, 2, 3), CELL (2, 3, 2), CELL (2, 3, 3),
                              CELL (3, 2, 2), CELL (3, 2, 3) };
    int w = ts_doseki_orientation_of_cells (cells, 6);

    t_set (p, CELL (2, 5, 2), T_BLACK);
    g_assert_true (has_move (p, CELL (2, 2, 2), w, CELL (3, 3, 2), FALSE));   /* +y 1, +x 1 */
    g_assert_true (has_move (p, CELL (2, 2, 2), w, CELL (4, 3, 2), FALSE));   /* +y 1, +x 2 */
    g_assert_true (has_move (p, CELL (2, 2, 2), w, CELL (3, 4, 2), FALSE));   /* +y 2, +x 1 */
    /* The first slide cannot reach the enemy (+y 3), so nothing starts from there. */
    g_assert_false (has_move (p, CELL (2, 2, 2), w, CELL (3, 5, 2), FALSE));
    g_assert_false (has_move (p, CELL (2, 2, 2), w, CELL (3, 5, 2), TRUE));
    t_set (p, CELL (2, 5, 2), T_EMPTY);
    t_set (p, CELL (5, 3, 2), T_BLACK);
    /* +y 1 then +x: one step is quiet, the second captures the checker at 5,3,2. */
    g_assert_true (has_move (p, CELL (2, 2, 2), w, CELL (3, 3, 2), FALSE));
    g_assert_true (has_move (p, CELL (2, 2, 2), w, CELL (4, 3, 2), TRUE));
    ref_compare (p);
  }
}

static void
test_split_and_merge (void)
{
  g_autoptr (TsPosition) p = t_new_empty ();
  guint labels[TS_DOSEKI_CELLS];
  TsMove m;
  TsUndo u;
  g_autoptr (GError) error = NULL;

  /* A straight line of three is one polycube but no piece (no I shape in the set);
   * its end can leave it alone, and its end pair moves as a horse. */
  for (int x = 4; x <= 6; x++)
    t_set (p, CELL (x, 4, 4), T_RED);
  g_assert_cmpuint (ts_doseki_polycubes (p, labels), ==, 1);
  g_assert_true (ts_move_parse (p, "H Ef5,Eg5-Ef7", &m, &error));
  g_assert_no_error (error);
  g_assert_false (ts_move_parse (p, "B Ee5,Ef5,Eg5-Ee6", &m, &error));
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);

  g_assert_true (ts_move_parse (p, "P Eg5-Eg6", &m, &error));
  ts_position_make (p, m, &u);
  g_assert_cmpuint (ts_doseki_polycubes (p, labels), ==, 2);
  g_assert_cmpuint (labels[CELL (4, 4, 4)], ==, labels[CELL (5, 4, 4)]);
  g_assert_cmpuint (labels[CELL (6, 5, 4)], !=, labels[CELL (5, 4, 4)]);
  ts_position_unmake (p, &u);
  g_assert_cmpuint (ts_doseki_polycubes (p, labels), ==, 1);

  /* Merging: a lone checker joins the line; an L of three now exists and moves. */
  t_set (p, CELL (6, 6, 4), T_RED);
  g_assert_cmpuint (ts_doseki_polycubes (p, labels), ==, 2);
  g_assert_false (ts_move_parse (p, "B Eg5,Ef5,Eg6-Eg7", &m, NULL));
  g_assert_true (ts_move_parse (p, "P Eg7-Eg6", &m, &error));
  g_assert_no_error (error);
  ts_position_make (p, m, &u);
  g_assert_cmpuint (ts_doseki_polycubes (p, labels), ==, 1);
  ts_position_set_side_to_move (p, 0);
  g_assert_true (ts_move_parse (p, "B Ef5,Eg5,Eg6-Ee6", &m, &error));
  g_assert_no_error (error);
}

static void
test_multi_capture (void)
{
  g_autoptr (TsPosition) p = place_shape (3, 4, 4, 4);
  g_autofree char *before = NULL, *after = NULL;
  TsMove m;
  TsUndo u;
  g_autoptr (GError) error = NULL;

  /* The rook square lands on four black checkers at x = 6 (and a fifth beside them
   * stays). */
  for (int y = 4; y <= 5; y++)
    for (int z = 4; z <= 5; z++)
      t_set (p, CELL (6, y, z), T_BLACK);
  t_set (p, CELL (6, 6, 4), T_BLACK);
  ts_position_set_hand_count (p, 0, 0, 0);
  before = ts_position_to_text (p);
  g_assert_false (ts_move_parse (p, "R Ee5,Ee6,Fe5,Fe6-Eh5", &m, NULL));
  g_assert_true (ts_move_parse (p, "R Ee5,Ee6,Fe5,Fe6xEg5", &m, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (m.flags & TS_MOVE_CAPTURE, !=, 0);
  ts_position_make (p, m, &u);
  g_assert_cmpuint (t_count (p, 1), ==, 1);
  g_assert_cmpuint (t_count (p, 0), ==, 4);
  g_assert_cmpuint (t_at (p, CELL (6, 5, 5)), ==, T_RED);
  g_assert_cmpuint (t_at (p, CELL (4, 4, 4)), ==, T_EMPTY);
  g_assert_cmpuint (ts_position_halfmove_clock (p), ==, 0);
  ts_position_unmake (p, &u);
  after = ts_position_to_text (p);
  g_assert_cmpstr (before, ==, after);
}

static guint
gain_of (TsPosition *p, const char *move)
{
  TsMove m;
  TsUndo u;
  guint before = t_outside (p, ts_position_side_to_move (p)), gained, predicted;
  g_autoptr (GError) error = NULL;

  g_assert_true (ts_move_parse (p, move, &m, &error));
  g_assert_no_error (error);
  predicted = ts_doseki_move_promotions (p, m);
  ts_position_make (p, m, &u);
  gained = t_outside (p, !ts_position_side_to_move (p)) - before;
  g_assert_cmpuint (gained, ==, predicted);
  ts_position_unmake (p, &u);
  g_assert_cmpuint (t_outside (p, ts_position_side_to_move (p)), ==, before);
  return gained;
}

static void
test_promotion (void)
{
  g_autoptr (TsPosition) p = t_new_empty ();

  /* Red's opposite face is rank 9 (y = 8). */
  t_set (p, CELL (4, 7, 4), T_RED);     /* Ee8 */
  t_set (p, CELL (1, 8, 1), T_RED);     /* Bb9, on the face */
  t_set (p, CELL (2, 8, 1), T_RED);     /* Bc9 */
  t_set (p, CELL (7, 6, 7), T_RED);     /* Hh7 */
  t_set (p, CELL (7, 7, 7), T_RED);     /* Hh8 */
  t_set (p, CELL (8, 6, 7), T_RED);     /* Hi7 */
  t_set (p, CELL (8, 7, 7), T_RED);     /* Hi8 */
  t_set (p, CELL (0, 0, 8), T_BLACK);

  g_assert_cmpuint (gain_of (p, "P Ee8-Ee9"), ==, 1);        /* arrives on the face */
  g_assert_cmpuint (gain_of (p, "P Ee8-Ef8"), ==, 0);
  g_assert_cmpuint (gain_of (p, "H Bb9,Bc9-Bd9"), ==, 0);    /* along the face */
  g_assert_cmpuint (gain_of (p, "H Bb9,Bc9-Cb9"), ==, 0);
  g_assert_cmpuint (gain_of (p, "H Bb9,Bc9-Bb7"), ==, 0);    /* leaves it */
  g_assert_cmpuint (gain_of (p, "P Bb9-Bb8"), ==, 0);
  g_assert_cmpuint (gain_of (p, "R Hh7,Hi7,Hh8,Hi8-Hh8"), ==, 2);  /* two cells arrive */
  g_assert_cmpuint (gain_of (p, "H Hh7,Hh8-Hh8"), ==, 1);    /* one arrives, one was below */
  g_assert_cmpuint (gain_of (p, "R Hh7,Hi7,Hh8,Hi8-Hh6"), ==, 0);

  /* Black's opposite face is rank 1. */
  ts_position_set_side_to_move (p, 1);
  t_set (p, CELL (4, 1, 4), T_BLACK);
  g_assert_cmpuint (gain_of (p, "P Ee2-Ee1"), ==, 1);
  g_assert_cmpuint (gain_of (p, "P Ia1-Ib1"), ==, 0);
  g_assert_cmpuint (gain_of (p, "P Ia1-Ia2"), ==, 0);
}

static void
test_placement (void)
{
  g_autoptr (TsPosition) p = t_new_initial ();
  g_autoptr (GError) error = NULL;
  TsMove m;
  TsUndo u;
  guint without = t_generate (p, NULL);

  g_assert_false (ts_move_parse (p, "@Ee5", &m, &error));
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  ts_position_set_hand_count (p, 0, 0, 2);
  /* 729 − 324 = 405 empty cells. */
  g_assert_cmpuint (t_generate (p, NULL), ==, without + 405);
  g_assert_false (ts_move_parse (p, "@Ea1", &m, &error));
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (ts_move_parse (p, "@Ea9", &m, &error));   /* Black's checker */
  g_clear_error (&error);
  g_assert_true (ts_move_parse (p, "@Ee5", &m, &error));
  g_assert_no_error (error);
  g_assert_true (ts_position_is_legal (p, m));
  ts_position_make (p, m, &u);
  g_assert_cmpuint (t_at (p, CELL (4, 4, 4)), ==, T_RED);
  g_assert_cmpuint (t_outside (p, 0), ==, 1);
  g_assert_cmpuint (t_count (p, 0), ==, 163);
  ts_position_unmake (p, &u);
  g_assert_cmpuint (t_at (p, CELL (4, 4, 4)), ==, T_EMPTY);
  g_assert_cmpuint (t_outside (p, 0), ==, 2);
  /* Placing is a legal move even with no checker on the board. */
  {
    g_autoptr (TsPosition) q = t_new_empty ();
    g_assert_cmpint (t_end (q), ==, T_LOSS);
    ts_position_set_hand_count (q, 0, 0, 1);
    g_assert_cmpuint (t_generate (q, NULL), ==, 729);
    g_assert_cmpint (t_end (q), ==, T_ONGOING);
  }
}

/* An editor may put any of the variant's piece types on the board: each is a checker
 * of its seat, and unmake gives back the exact bytes. */
static void
test_any_type_is_a_checker (void)
{
  g_autoptr (TsPosition) p = t_new_empty ();
  g_autofree char *before = NULL;
  TsMove m;
  TsUndo u;

  ts_position_set_piece (p, CELL (4, 4, 4), TS_PIECE_MAKE (0, 1));
  ts_position_set_piece (p, CELL (5, 4, 4), TS_PIECE_MAKE (0, 12));
  ts_position_set_piece (p, CELL (4, 6, 4), TS_PIECE_MAKE (1, 7));
  ts_position_set_piece (p, CELL (5, 6, 4), TS_PIECE_MAKE (1, 0));
  ref_compare (p);
  m = t_parse_ok (p, "H Ee5,Ef5xEe7");
  ts_position_make (p, m, &u);
  g_assert_cmpuint (t_count (p, 1), ==, 0);
  g_assert_cmpuint (ts_position_piece_at (p, CELL (4, 6, 4)), ==, TS_PIECE_MAKE (0, 0));
  ts_position_unmake (p, &u);
  g_assert_cmpuint (ts_position_piece_at (p, CELL (4, 4, 4)), ==, TS_PIECE_MAKE (0, 1));
  g_assert_cmpuint (ts_position_piece_at (p, CELL (5, 4, 4)), ==, TS_PIECE_MAKE (0, 12));
  g_assert_cmpuint (ts_position_piece_at (p, CELL (4, 6, 4)), ==, TS_PIECE_MAKE (1, 7));
  before = ts_position_to_text (p);
  g_assert_nonnull (strstr (before, "/4bb3/"));
}

static void
test_end (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsPosition) p = t_new_empty ();
  static const char *const shuffle[] = { "P Aa1-Aa2", "P Ii9-Ii8", "P Aa2-Aa1", "P Ii8-Ii9" };
  TsUndo u[8];

  /* A red checker boxed in by black ones can only capture. */
  t_set (p, CELL (0, 0, 0), T_RED);
  t_set (p, CELL (8, 8, 8), T_BLACK);
  g_assert_cmpint (t_end (p), ==, T_ONGOING);
  /* Threefold repetition: the start position occurs the third time after 8 plies. */
  for (guint i = 0; i < 8; i++)
    {
      TsMove m;
      g_assert_cmpint (t_end (p), ==, T_ONGOING);
      g_assert_true (ts_move_parse (p, shuffle[i % 4], &m, &error));
      g_assert_no_error (error);
      ts_position_make (p, m, &u[i]);
    }
  g_assert_cmpint (t_end (p), ==, T_DRAW_REPETITION);
  for (guint i = 8; i-- > 0; )
    ts_position_unmake (p, &u[i]);
  g_assert_cmpint (t_end (p), ==, T_ONGOING);

  /* 100 plies without a capture. */
  {
    g_autofree char *text = ts_position_to_text (p);
    g_autoptr (TsPosition) q = NULL;
    char *clock = strstr (text, " turn=r halfmove=0 ply=0 ");

    g_assert_nonnull (clock);
    *clock = '\0';
    {
      g_autofree char *t99 = g_strdup_printf ("%s turn=r halfmove=99 ply=99", text);
      g_autofree char *t100 = g_strdup_printf ("%s turn=r halfmove=100 ply=100", text);
      q = ts_position_from_text (t99, &error);
      g_assert_no_error (error);
      g_assert_cmpint (t_end (q), ==, T_ONGOING);
      ts_position_free (q);
      q = ts_position_from_text (t100, &error);
      g_assert_no_error (error);
      g_assert_cmpint (t_end (q), ==, T_DRAW_CLOCK);
    }
  }

  /* No legal move loses: Red's only checker is walled in by its own board edge and
   * black checkers it cannot capture (a pawn captures only diagonally). */
  {
    g_autoptr (TsPosition) q = t_new_empty ();
    t_set (q, CELL (0, 0, 0), T_RED);
    t_set (q, CELL (1, 0, 0), T_BLACK);
    t_set (q, CELL (0, 1, 0), T_BLACK);
    t_set (q, CELL (0, 0, 1), T_BLACK);
    g_assert_cmpint (t_end (q), ==, T_LOSS);
    t_set (q, CELL (1, 1, 0), T_BLACK);
    g_assert_cmpint (t_end (q), ==, T_ONGOING);   /* F(1) capture */
  }
}

static void
test_against_reference (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (20100719);
  g_autoptr (TsPosition) start = t_new_initial ();

  /* RULES.md §7's starting position. */
  ref_compare (start);
  g_assert_cmpuint (t_generate (start, NULL), ==, 35195);
  for (guint i = 0; i < 24; i++)
    {
      g_autoptr (TsPosition) p = random_position (r);
      ref_compare (p);
    }
}

static void
test_make_unmake (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (7);

  for (guint i = 0; i < 12; i++)
    {
      g_autoptr (TsPosition) p = random_position (r);
      g_autofree char *before = ts_position_to_text (p);
      guint64 hash = ts_position_hash (p);
      TsMoveList l;

      ts_move_list_init (&l);
      t_generate (p, &l);
      for (guint j = 0; j < l.n; j += 1 + l.n / 150)
        {
          TsUndo u;
          g_autofree char *after = NULL;
          g_autoptr (TsPosition) again = NULL;

          g_assert_true (ts_position_is_legal (p, l.moves[j]));
          ts_position_make (p, l.moves[j], &u);
          /* The incremental hash equals the hash of the same position built afresh. */
          after = ts_position_to_text (p);
          again = ts_position_from_text (after, NULL);
          g_assert_nonnull (again);
          g_assert_cmpuint (ts_position_hash (again), ==, ts_position_hash (p));
          g_assert_cmpuint (t_count (again, 0), ==, t_count (p, 0));
          g_assert_cmpuint (t_count (again, 1), ==, t_count (p, 1));
          ts_position_unmake (p, &u);
          g_assert_cmpuint (ts_position_hash (p), ==, hash);
        }
      {
        g_autofree char *restored = ts_position_to_text (p);
        g_assert_cmpstr (restored, ==, before);
      }
      ts_move_list_clear (&l);
    }
}

/* perft(2) of sparse random positions: the fast counts after make against the naive
 * generator's lists, child by child. */
static void
test_perft_children (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (4242);

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (TsPosition) p = t_new_empty ();
      double density = 0.03 + 0.01 * i;
      TsMoveList l;
      guint64 expected = 0;

      for (int c = 0; c < 729; c++)
        {
          double v = g_rand_double (r);
          t_set (p, c, v < density ? T_RED : v < 2 * density ? T_BLACK : T_EMPTY);
        }
      ts_position_set_hand_count (p, 1, 0, i);
      ts_move_list_init (&l);
      ts_position_generate_legal (p, &l);
      for (guint j = 0; j < l.n; j++)
        {
          RefList ref = { NULL, 0, 0 };
          TsUndo u;

          ts_position_make (p, l.moves[j], &u);
          ref_generate (p, &ref);
          expected += ref.n;
          g_free (ref.moves);
          ts_position_unmake (p, &u);
        }
      g_assert_cmpuint (ts_perft (p, 2), ==, expected);
      g_assert_cmpuint (ts_perft (p, 1), ==, l.n);
      ts_move_list_clear (&l);
    }
}

/* Outside checkers a move gains, by RULES.md §7's words: its checkers that end on the
 * mover's opposite face and did not start on it (cell index = x + 9 (y + 9 z)). */
static guint
promotions_by_cells (const TsPosition *p, TsMove m)
{
  TsCell cells[TS_DOSEKI_MAX_SET];
  guint n = ts_doseki_move_cells (m, cells), gained = 0;
  int face = ts_position_side_to_move (p) == 0 ? 8 : 0;
  int shift = m.to - m.from;

  for (guint i = 0; i < n; i++)
    gained += (cells[i] + shift) / 9 % 9 == face && cells[i] / 9 % 9 != face;
  return gained;
}

/* Noisy generation is the full list's captures and promotions, in the same order; the
 * promotion count agrees with the rule's definition, and a capture's gains in one call
 * with the two functions. */
static void
test_noisy (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (99);
  guint promoting = 0;

  for (guint i = 0; i < 40; i++)
    {
      g_autoptr (TsPosition) p = random_position (r);
      TsMoveList all, noisy;
      guint k = 0;

      ts_move_list_init (&all);
      ts_move_list_init (&noisy);
      t_generate (p, &all);
      t_generate_noisy (p, &noisy);
      for (guint j = 0; j < all.n; j++)
        {
          TsMove m = all.moves[j];
          guint gained = promotions_by_cells (p, m);
          guint16 gains;

          g_assert_cmpuint (ts_doseki_move_promotions (p, m), ==, gained);
          promoting += gained > 0;
          ts_doseki_capture_gains (p, &m, 1, &gains);
          if (m.flags & TS_MOVE_CAPTURE)
            g_assert_cmpuint (gains, ==, ts_doseki_move_captures (p, m) | gained << 8);
          else
            g_assert_cmpuint (gains, ==, 0);
          if (!(m.flags & TS_MOVE_CAPTURE) && gained == 0)
            continue;
          g_assert_cmpuint (k, <, noisy.n);
          g_assert_true (ts_move_equal (noisy.moves[k], m));
          k++;
        }
      g_assert_cmpuint (noisy.n, ==, k);
      ts_move_list_clear (&all);
      ts_move_list_clear (&noisy);
    }
  g_assert_cmpuint (promoting, >, 100);
}

/* is_legal looks at the named set alone: it agrees with the full list on listed moves
 * and on altered ones (another shape, anchor, target, capture flag; placements on any
 * cell, with and without outside checkers). */
static void
test_is_legal (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (7);

  for (guint i = 0; i < 30; i++)
    {
      g_autoptr (TsPosition) p = random_position (r);
      TsMoveList all;

      ts_move_list_init (&all);
      t_generate (p, &all);
      for (guint k = 0; k < 300 && all.n > 0; k++)
        {
          TsMove m = all.moves[g_rand_int_range (r, 0, (gint32) all.n)], alt = m;

          g_assert_true (ts_position_is_legal (p, m));
          switch (g_rand_int_range (r, 0, 5))
            {
            case 0: alt.shape = (guint8) g_rand_int_range (r, 0, TS_DOSEKI_N_ORIENTATIONS + 2); break;
            case 1: alt.from = (TsCell) g_rand_int_range (r, -1, 729); break;
            case 2: alt.to = (TsCell) g_rand_int_range (r, 0, 729); break;
            case 3: alt.flags ^= TS_MOVE_CAPTURE; break;
            default: alt = (TsMove) { TS_NO_CELL, (TsCell) g_rand_int_range (r, 0, 729), 0,
                                      TS_NO_PROMO, TS_MOVE_PLACE, 0 }; break;
            }
          g_assert_cmpint (ts_position_is_legal (p, alt), ==, ts_move_list_contains (&all, alt));
        }
      ts_move_list_clear (&all);
    }
}

/* Whether m (a move of the side to move) lands a checker on one of cells[0..n). */
static gboolean
lands_on (TsMove m, const TsCell *cells, guint n)
{
  TsMove at = m;
  TsCell to[TS_DOSEKI_MAX_SET];
  guint k;

  at.from = m.to;   /* the cells of S anchored where it lands */
  k = ts_doseki_move_cells (at, to);
  for (guint i = 0; i < k; i++)
    for (guint j = 0; j < n; j++)
      if (to[i] == cells[j])
        return TRUE;
  return FALSE;
}

/* The recaptures of a move are the full list's captures that land on a cell it moved
 * to, in the full list's order: after moves of random positions (captures among them),
 * and for moves that do not fit the board (any shape at any cell). Placements have
 * none. */
static void
test_recaptures (void)
{
  g_autoptr (GRand) r = g_rand_new_with_seed (5);
  guint found = 0, compound = 0;

  for (guint i = 0; i < 60; i++)
    {
      g_autoptr (TsPosition) p = random_position (r);
      TsMoveList before;

      ts_move_list_init (&before);
      t_generate (p, &before);
      for (guint k = 0; k < 6 && before.n > 0; k++)
        {
          TsMove last = before.moves[g_rand_int_range (r, 0, (gint32) before.n)];
          TsMoveList all, re;
          TsCell cells[TS_DOSEKI_MAX_SET];
          TsUndo undo;
          guint n, j = 0;

          if (k == 5)   /* any shape anywhere: the cells need not be the other side's */
            last = (TsMove) { 0, (TsCell) g_rand_int_range (r, 0, 729), 0, TS_NO_PROMO,
                              TS_MOVE_CAPTURE, (guint8) g_rand_int_range (r, 0, 136) };
          else
            ts_position_make (p, last, &undo);
          TsMove at = last;
          at.from = last.to;
          n = (last.flags & TS_MOVE_PLACE) ? 0 : ts_doseki_move_cells (at, cells);
          ts_move_list_init (&all);
          ts_move_list_init (&re);
          t_generate (p, &all);
          g_assert_cmpuint (ts_doseki_generate_recaptures (p, last, &re), ==, re.n);
          for (guint a = 0; a < all.n; a++)
            {
              TsMove m = all.moves[a];
              if (!(m.flags & TS_MOVE_CAPTURE) || !lands_on (m, cells, n))
                continue;
              g_assert_cmpuint (j, <, re.n);
              g_assert_true (ts_move_equal (re.moves[j], m));
              compound += m.piece == (guint8) ts_doseki_piece_by_letter ('J') ||
                          m.piece == (guint8) ts_doseki_piece_by_letter ('W');
              j++;
            }
          g_assert_cmpuint (re.n, ==, j);
          found += j;
          if (k != 5)
            ts_position_unmake (p, &undo);
          ts_move_list_clear (&all);
          ts_move_list_clear (&re);
        }
      ts_move_list_clear (&before);
    }
  /* The positions must give the comparison something to compare. */
  g_assert_cmpuint (found, >, 200);
  g_assert_cmpuint (compound, >, 5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/doseki/moves/shape-counts", test_shapes_counts);
  g_test_add_func ("/doseki/moves/blocking", test_blocking);
  g_test_add_func ("/doseki/moves/split-merge", test_split_and_merge);
  g_test_add_func ("/doseki/moves/multi-capture", test_multi_capture);
  g_test_add_func ("/doseki/moves/promotion", test_promotion);
  g_test_add_func ("/doseki/moves/placement", test_placement);
  g_test_add_func ("/doseki/moves/end", test_end);
  g_test_add_func ("/doseki/moves/any-type", test_any_type_is_a_checker);
  g_test_add_func ("/doseki/moves/reference", test_against_reference);
  g_test_add_func ("/doseki/moves/make-unmake", test_make_unmake);
  g_test_add_func ("/doseki/moves/noisy", test_noisy);
  g_test_add_func ("/doseki/moves/is-legal", test_is_legal);
  g_test_add_func ("/doseki/moves/recaptures", test_recaptures);
  g_test_add_func ("/doseki/moves/perft-children", test_perft_children);
  return g_test_run ();
}
