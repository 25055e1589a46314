/* Cubic Chess 8×8×8's coloured levels never hide a piece (ui/board-levels.c), and the
 * colour maths that says so (ui/rgb.c). No display needed. */
#include <math.h>

#include "board-levels.h"
#include "board-render.h"
#include "board-test.h"
#include "rgb.h"
#include "rules/postext.h"

/* CIEDE2000 against the published test data (Sharma, Wu and Dalal 2005, table 1: pairs 1,
 * 7, 17, 25 and 34), and WCAG's contrast ratio at its ends. */
static void
test_colour_maths (void)
{
  static const struct { double lab1[3], lab2[3], de; } pairs[] = {
    { { 50.0, 2.6772, -79.7751 }, { 50.0, 0.0, -82.7485 }, 2.0425 },
    { { 50.0, 0.0, 0.0 }, { 50.0, -1.0, 2.0 }, 2.3669 },
    { { 50.0, 2.5, 0.0 }, { 73.0, 25.0, -18.0 }, 27.1492 },
    { { 60.2574, -34.0099, 36.2677 }, { 60.4626, -34.1751, 39.4387 }, 1.2644 },
    { { 22.7233, 20.0904, -46.6940 }, { 23.0331, 14.9730, -42.5619 }, 2.0373 },
  };
  TsRgb white = { 1, 1, 1 }, black = { 0, 0, 0 }, grey = { 0.5, 0.5, 0.5 };
  double lab[3];

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      g_assert_cmpfloat_with_epsilon (ts_lab_delta_e2000 (pairs[i].lab1, pairs[i].lab2), pairs[i].de, 1e-4);
      g_assert_cmpfloat_with_epsilon (ts_lab_delta_e2000 (pairs[i].lab2, pairs[i].lab1), pairs[i].de, 1e-4);
    }
  ts_rgb_to_lab (&white, lab);
  g_assert_cmpfloat_with_epsilon (lab[0], 100.0, 0.01);
  g_assert_cmpfloat_with_epsilon (lab[1], 0.0, 0.01);
  g_assert_cmpfloat_with_epsilon (lab[2], 0.0, 0.01);
  g_assert_cmpfloat_with_epsilon (ts_rgb_contrast_ratio (&white, &black), 21.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ts_rgb_contrast_ratio (&grey, &grey), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ts_rgb_delta_e2000 (&grey, &grey), 0.0, 1e-9);
}

/* Every army on every cell of every level, in every theme and style: its body differs from
 * the cell by ΔE2000 15 or more, or it is drawn with the bold outline and that outline has
 * WCAG's 3:1 against the cell (the contrast of graphical objects, SC 1.4.11). Before, the
 * white pieces on the white level differed by 3.8 with a thin outline, and in the
 * high-contrast theme the black pieces' outline on the black level's dark cells had 2.8:1. */
static void
test_pieces_visible_on_levels (void)
{
  guint bold = 0, checked = 0;

  for (int t = 0; t < TS_N_BOARD_THEMES * 2; t++)
    {
      const TsBoardTheme *theme = ts_board_theme_get (t / 2, t % 2);

      for (int level = 0; level < 8; level++)
        {
          TsRgb cells[2];

          ts_board_level_cells (level, theme, &cells[0], &cells[1]);
          for (guint c = 0; c < 2; c++)
            for (TsArmy army = 0; army < TS_N_ARMIES; army++)
              {
                const TsArmyColors *colours = ts_army_colors (army);
                double de = ts_rgb_delta_e2000 (&colours->fill, &cells[c]);

                checked++;
                g_assert_cmpint (ts_board_piece_needs_outline (army, &cells[c]), ==,
                                 de < TS_BOARD_PIECE_MIN_DELTA_E);
                if (de >= TS_BOARD_PIECE_MIN_DELTA_E)
                  continue;
                bold++;
                if (ts_rgb_contrast_ratio (&colours->outline, &cells[c]) < 3.0)
                  g_error ("theme %d, level %s, %s cell: army %d differs by ΔE2000 %.1f, its outline has %.2f:1",
                           t, ts_board_level_name (level), c ? "dark" : "light", army, de,
                           ts_rgb_contrast_ratio (&colours->outline, &cells[c]));
              }
        }
    }
  g_assert_cmpuint (checked, ==, TS_N_BOARD_THEMES * 2 * 8 * 2 * TS_N_ARMIES);
  /* the white pieces on the white level are the case the rule is for */
  {
    TsRgb light, dark;

    ts_board_level_cells (0, ts_board_theme_get (TS_BOARD_THEME_CLASSIC, FALSE), &light, &dark);
    g_assert_true (ts_board_piece_needs_outline (TS_ARMY_WHITE, &light));
    g_assert_false (ts_board_piece_needs_outline (TS_ARMY_BLACK, &light));
  }
  g_test_message ("%u of %u piece-on-cell pairs drawn with the bold outline", bold, checked);
}

/* Dark pixels (the outline) of the piece on @cell. */
static int
dark_pixels (cairo_surface_t *surface, const TsBoardLayout *layout, TsCell cell)
{
  double x, y, s;
  int n = 0;

  g_assert_true (ts_board_layout_cell_rect (layout, cell, &x, &y, &s));
  for (int py = (int) y + 1; py < (int) (y + s) - 1; py++)
    for (int px = (int) x + 1; px < (int) (x + s) - 1; px++)
      {
        guint32 p = board_test_pixel (surface, px, py);

        n += ((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff) < 3 * 80;
      }
  return n;
}

/* The board draws it: a white knight on the white level's light cell has a bolder outline
 * than the same knight on the purple level's light cell, which differs enough in colour. */
static void
test_bold_outline_drawn (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsPosition) p = ts_position_from_text ("cubic8 w:KA1w,NC2w,NC2p b:KH8k turn=w ep=- halfmove=0 ply=0",
                                                    &error);
  const TsVariant *v;
  TsBoardRenderOptions o;
  TsBoardLayout layout;
  cairo_surface_t *surface;
  cairo_t *cr;
  int on_white, on_purple;

  g_assert_no_error (error);
  v = ts_position_variant (p);
  ts_board_render_options_init (&o, p);
  ts_board_layout_compute (&layout, v, &o, 1400, 800);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1400, 800);
  cr = cairo_create (surface);
  ts_board_render (cr, &layout, &o);
  cairo_destroy (cr);
  on_white = dark_pixels (surface, &layout, ts_variant_parse_cell (v, "C2w", NULL));
  on_purple = dark_pixels (surface, &layout, ts_variant_parse_cell (v, "C2p", NULL));
  g_test_message ("outline pixels: %d on the white level, %d on the purple", on_white, on_purple);
  g_assert_cmpint (on_purple, >, 50);
  g_assert_cmpint (on_white, >, on_purple * 3 / 2);
  cairo_surface_destroy (surface);
}

/* Dark pixels of a white knight drawn at @size with outline weight @line. */
static int
knight_dark_pixels (int size, double line)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  int n = 0;

  cairo_set_source_rgb (cr, 0.97, 0.97, 0.95);   /* the white level's light cell */
  cairo_paint (cr);
  ts_piece_art_draw_weighted (cr, TS_PIECE_IMAGE_KNIGHT, TS_ARMY_WHITE, 0, 0, size, line);
  cairo_destroy (cr);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        guint32 p = board_test_pixel (surface, x, y);

        n += ((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff) < 3 * 128;
      }
  cairo_surface_destroy (surface);
  return n;
}

/* A small piece's bold outline is no thicker than its usual one (0.8 px at least): doubled,
 * it filled a white piece of 9 px, which looked black. A large one is bolder. */
static void
test_small_pieces (void)
{
  g_assert_cmpint (knight_dark_pixels (10, 2.0), ==, knight_dark_pixels (10, 1.0));
  g_assert_cmpint (knight_dark_pixels (10, 2.0), <, 10 * 10 / 2);
  g_assert_cmpint (knight_dark_pixels (60, 2.0), >, knight_dark_pixels (60, 1.0) * 3 / 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board-levels/colour-maths", test_colour_maths);
  g_test_add_func ("/board-levels/pieces-visible", test_pieces_visible_on_levels);
  g_test_add_func ("/board-levels/bold-outline-drawn", test_bold_outline_drawn);
  g_test_add_func ("/board-levels/small-pieces", test_small_pieces);
  return g_test_run ();
}
