#include "rules/position.h"

static void
test_geometry_roundtrip (void)
{
  TsGeometry g;
  const guint sizes[4] = { 3, 4, 5, 2 };

  ts_geometry_init (&g, 4, sizes);
  g_assert_cmpuint (g.ncells, ==, 120);
  for (guint c = 0; c < g.ncells; c++)
    {
      int co[TS_MAX_DIMS];

      ts_geometry_coords (&g, (TsCell) c, co);
      g_assert_cmpint (ts_geometry_cell (&g, co), ==, (int) c);
      g_assert_cmpint (c, ==, co[0] + 3 * (co[1] + 4 * (co[2] + 5 * co[3])));
    }
  {
    int off[4] = { 3, 0, 0, 0 }, neg[4] = { 0, -1, 0, 0 };

    g_assert_cmpint (ts_geometry_cell (&g, off), ==, TS_NO_CELL);
    g_assert_cmpint (ts_geometry_cell (&g, neg), ==, TS_NO_CELL);
  }
}

static void
check_name (const char *variant, const int co[4], const char *name)
{
  const TsVariant *v = ts_variant_lookup (variant);
  TsCell c = ts_geometry_cell (&v->geometry, co);
  char buf[8];
  const char *end;

  ts_variant_cell_name (v, c, buf);
  g_assert_cmpstr (buf, ==, name);
  g_assert_cmpint (ts_variant_parse_cell (v, name, &end), ==, c);
  g_assert_true (*end == '\0');
}

static void
test_cell_names (void)
{
  check_name ("raumschach", (int[4]) { 0, 0, 0, 0 }, "Aa1");
  check_name ("raumschach", (int[4]) { 2, 4, 3, 0 }, "Dc5");
  check_name ("parton", (int[4]) { 5, 5, 5, 0 }, "Ff6");
  check_name ("cubic8", (int[4]) { 4, 0, 0, 0 }, "E1w");
  check_name ("cubic8", (int[4]) { 4, 7, 7, 0 }, "E8k");
  check_name ("cubic8", (int[4]) { 0, 0, 3, 0 }, "A1y");
  /* Grossraumschach: leftrank, level, rightrank */
  check_name ("grossraumschach", (int[4]) { 0, 5, 3, 0 }, "1d6");
  /* Nihongi: file = x + 3z, rank - 1 = y + 3w */
  check_name ("nihongi", (int[4]) { 0, 0, 0, 0 }, "a1");
  check_name ("nihongi", (int[4]) { 0, 0, 1, 0 }, "d1");
  check_name ("nihongi", (int[4]) { 2, 2, 2, 2 }, "i9");
  check_name ("nihongi", (int[4]) { 1, 0, 0, 1 }, "b4");
}

static void
test_bad_cells (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");

  g_assert_cmpint (ts_variant_parse_cell (v, "Fa1", NULL), ==, TS_NO_CELL);
  g_assert_cmpint (ts_variant_parse_cell (v, "Af1", NULL), ==, TS_NO_CELL);
  g_assert_cmpint (ts_variant_parse_cell (v, "Aa6", NULL), ==, TS_NO_CELL);
  g_assert_cmpint (ts_variant_parse_cell (v, "Aa", NULL), ==, TS_NO_CELL);
  g_assert_cmpint (ts_variant_parse_cell (v, "", NULL), ==, TS_NO_CELL);
  g_assert_null (ts_variant_lookup ("chess"));
}

static void
test_layers (void)
{
  const TsVariant *r = ts_variant_lookup ("raumschach");
  const TsVariant *n = ts_variant_lookup ("nihongi");
  const TsVariant *c = ts_variant_lookup ("cubic8");
  char buf[8];
  guint layer, file, rank;

  g_assert_cmpuint (ts_variant_n_layers (r), ==, 5);
  g_assert_cmpuint (ts_variant_n_layers (n), ==, 9);
  g_assert_cmpuint (ts_variant_n_layers (c), ==, 8);
  ts_variant_layer_name (r, 4, buf);
  g_assert_cmpstr (buf, ==, "E");
  ts_variant_layer_name (c, 7, buf);
  g_assert_cmpstr (buf, ==, "k");
  ts_variant_layer_name (n, 1, buf);
  g_assert_cmpstr (buf, ==, "d1");
  ts_variant_layer_name (n, 3, buf);
  g_assert_cmpstr (buf, ==, "a4");
  for (guint cell = 0; cell < n->geometry.ncells; cell++)
    {
      ts_variant_cell_layer (n, (TsCell) cell, &layer, &file, &rank);
      g_assert_cmpint (ts_variant_layer_cell (n, layer, file, rank), ==, (int) cell);
    }
  g_assert_cmpint (ts_variant_layer_cell (n, 9, 0, 0), ==, TS_NO_CELL);
}

static void
test_registry (void)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);
  const char *expected[] = { "raumschach", "parton", "parton-compulsion", "cubic8", "cubic8-4p",
                             "cubic8-teams-12", "cubic8-teams-13", "cubic8-teams-14",
                             "grossraumschach", "grossraumschach-warders", "nihongi" };

  g_assert_cmpuint (n, >=, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (list[i]->id, ==, expected[i]);
  g_assert_cmpint (ts_variant_piece_type_by_letter (list[0], 'U'), >=, 0);
  g_assert_cmpint (ts_variant_piece_type_by_letter (list[0], 'E'), ==, -1);
  g_assert_cmpuint (ts_variant_lookup ("cubic8-teams-13")->team[2], ==, 0);
  g_assert_cmpuint (ts_variant_lookup ("cubic8-teams-13")->team[1], ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/geometry/roundtrip", test_geometry_roundtrip);
  g_test_add_func ("/geometry/cell-names", test_cell_names);
  g_test_add_func ("/geometry/bad-cells", test_bad_cells);
  g_test_add_func ("/geometry/layers", test_layers);
  g_test_add_func ("/geometry/registry", test_registry);
  return g_test_run ();
}
