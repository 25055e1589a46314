/* Piece art, board layout, rendering and `tessera-cli diagram`, without GTK. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "board-render.h"
#include "board-test.h"
#include "../cli-test-util.h"
#include "piece-art.h"
#include "rules/postext.h"

/* ---- helpers ---- */

static cairo_surface_t *
blank_surface (int w, int h)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
}

#define pixel_at   board_test_pixel
#define rgb_pixel  board_test_rgb
#define near_pixel board_test_near

/* Jaccard distance of two silhouettes: the pixels covered by one image only,
 * over the pixels covered by either. */
static double
silhouette_difference (cairo_surface_t *a, cairo_surface_t *b, int size)
{
  int differ = 0, either = 0;

  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        gboolean in_a = (pixel_at (a, x, y) >> 24) > 128, in_b = (pixel_at (b, x, y) >> 24) > 128;
        differ += in_a != in_b;
        either += in_a || in_b;
      }
  return either ? (double) differ / either : 0;
}

static double
coverage (cairo_surface_t *s, int size)
{
  int n = 0;

  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      if ((pixel_at (s, x, y) >> 24) > 128)
        n++;
  return (double) n / (size * size);
}

/* ---- piece art ---- */

static void
test_piece_names (void)
{
  for (int i = 0; i < TS_N_PIECE_IMAGES; i++)
    g_assert_cmpint (ts_piece_image_from_name (ts_piece_image_name (i)), ==, i);
  g_assert_cmpint (ts_piece_image_from_name ("dragon"), ==, -1);
  g_assert_cmpint (ts_piece_image_from_name (NULL), ==, -1);
  g_assert_cmpint (ts_army_from_name ("orange"), ==, TS_ARMY_ORANGE);
  g_assert_cmpint (ts_army_from_name ("BLACK"), ==, TS_ARMY_BLACK);
  g_assert_cmpint (ts_army_from_name ("Purple"), ==, -1);
}

/* Every image covers a fair part of its square and differs in outline from
 * every other: no two pieces can be mistaken by their silhouettes. */
static void
test_piece_images_distinct (void)
{
  const int size = 64;
  cairo_surface_t *img[TS_N_PIECE_IMAGES];

  for (int i = 0; i < TS_N_PIECE_IMAGES; i++)
    {
      cairo_t *cr;
      img[i] = blank_surface (size, size);
      cr = cairo_create (img[i]);
      ts_piece_art_draw (cr, i, TS_ARMY_WHITE, 0, 0, size);
      cairo_destroy (cr);
      g_assert_cmpfloat (coverage (img[i], size), >, 0.12);
      g_assert_cmpfloat (coverage (img[i], size), <, 0.75);
    }
  for (int i = 0; i < TS_N_PIECE_IMAGES; i++)
    for (int j = i + 1; j < TS_N_PIECE_IMAGES; j++)
      {
        double d = silhouette_difference (img[i], img[j], size);
        g_test_message ("%s and %s: %.0f%% of their pixels differ", ts_piece_image_name (i),
                        ts_piece_image_name (j), d * 100);
        g_assert_cmpfloat (d, >=, 0.14);
      }
  for (int i = 0; i < TS_N_PIECE_IMAGES; i++)
    cairo_surface_destroy (img[i]);
}

/* The four-player armies carry four different marks; White and Black none. */
static void
test_army_marks (void)
{
  const int size = 40;
  cairo_surface_t *mark[TS_N_ARMIES];
  TsRgb black = { 0, 0, 0 };

  for (int a = 0; a < TS_N_ARMIES; a++)
    {
      cairo_t *cr;
      mark[a] = blank_surface (size, size);
      cr = cairo_create (mark[a]);
      ts_piece_art_draw_mark (cr, a, size / 2.0, size / 2.0, size * 0.4, &black);
      cairo_destroy (cr);
    }
  g_assert_cmpfloat (coverage (mark[TS_ARMY_WHITE], size), ==, 0);
  g_assert_cmpfloat (coverage (mark[TS_ARMY_BLACK], size), ==, 0);
  for (int a = TS_ARMY_RED; a < TS_N_ARMIES; a++)
    {
      g_assert_cmpfloat (coverage (mark[a], size), >, 0.1);
      for (int b = a + 1; b < TS_N_ARMIES; b++)
        g_assert_cmpfloat (silhouette_difference (mark[a], mark[b], size), >, 0.15);
    }
  for (int a = 0; a < TS_N_ARMIES; a++)
    cairo_surface_destroy (mark[a]);

  /* the army colours themselves are distinct */
  for (int a = 0; a < TS_N_ARMIES; a++)
    for (int b = a + 1; b < TS_N_ARMIES; b++)
      g_assert_false (near_pixel (rgb_pixel (&ts_army_colors (a)->fill),
                                  rgb_pixel (&ts_army_colors (b)->fill), 40));
}

/* ---- layout ---- */

static void
check_layout (const TsVariant *v, double w, double h, gboolean coordinates)
{
  TsBoardRenderOptions o;
  TsBoardLayout l;
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  guint n = ts_variant_n_layers (v);

  ts_board_render_options_init (&o, p);
  o.coordinates = coordinates;
  ts_board_layout_compute (&l, v, &o, w, h);
  g_assert_cmpuint (l.n_layers, ==, n);
  g_assert_cmpfloat (l.cell, >, 2);
  if (l.blocks)
    g_assert_cmpuint (l.cols * l.rows, ==, 9);
  else if (n <= 5)
    {
      /* one row, unless a grid of grids gives cells a quarter bigger */
      TsBoardLayout row;
      o.fixed_arrangement = TRUE;
      ts_board_layout_compute (&row, v, &o, w, h);
      o.fixed_arrangement = FALSE;
      g_assert_cmpuint (row.rows, ==, 1);
      g_assert_cmpfloat (l.cell, >=, row.cell);
      if (l.rows > 1)
        g_assert_cmpfloat (l.cell, >=, row.cell * 1.25 - 0.5);
    }
  else
    g_assert_cmpuint (l.rows, >=, 2);
  g_assert_cmpuint (l.cols * l.rows, >=, n);

  for (TsCell c = 0; c < (TsCell) v->geometry.ncells; c++)
    {
      double x, y, s;
      g_assert_true (ts_board_layout_cell_rect (&l, c, &x, &y, &s));
      g_assert_cmpfloat (x, >=, 0);
      g_assert_cmpfloat (y, >=, 0);
      g_assert_cmpfloat (x + s, <=, w + 0.01);
      g_assert_cmpfloat (y + s, <=, h + 0.01);
      /* hit testing inverts the placement, so no two cells share a place */
      g_assert_cmpint (ts_board_layout_cell_at (&l, x + s / 2, y + s / 2), ==, c);
      g_assert_cmpint (ts_board_layout_cell_at (&l, x + 0.5, y + s - 0.5), ==, c);
    }
  /* the status band and the margins hold no cell */
  g_assert_cmpint (ts_board_layout_cell_at (&l, 1, 1), ==, TS_NO_CELL);
  g_assert_cmpint (ts_board_layout_cell_at (&l, w / 2, l.status_y + l.status_h / 2), ==,
                   TS_NO_CELL);
  g_assert_cmpint (ts_board_layout_cell_at (&l, -5, h / 2), ==, TS_NO_CELL);
  g_assert_false (ts_board_layout_cell_rect (&l, TS_NO_CELL, &w, &h, &w));
  g_assert_false (ts_board_layout_cell_rect (&l, v->geometry.ncells, &w, &h, &w));
}

static void
test_layout_all_variants (void)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);
  static const double sizes[][2] = {
    { 1280, 800 }, { 600, 900 }, { 320, 200 }, { 2400, 600 }, { 1000, 1000 },
  };

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        check_layout (list[i], sizes[s][0], sizes[s][1], TRUE);
        check_layout (list[i], sizes[s][0], sizes[s][1], FALSE);
      }
}

/* Bigger rectangles never give smaller cells; the grid of grids picks the
 * arrangement that fills the rectangle best. */
static void
test_layout_fills (void)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (list[i]);
      TsBoardRenderOptions o;
      TsBoardLayout small, big;

      ts_board_render_options_init (&o, p);
      ts_board_layout_compute (&small, list[i], &o, 800, 500);
      ts_board_layout_compute (&big, list[i], &o, 1600, 1000);
      g_assert_cmpfloat (big.cell, >=, small.cell * 1.9);
      /* the layer grids use most of one side of the rectangle */
      double x0 = G_MAXDOUBLE, x1 = 0, y0 = G_MAXDOUBLE, y1 = 0;
      for (guint l = 0; l < big.n_layers; l++)
        {
          x0 = MIN (x0, big.layers[l].x);
          y0 = MIN (y0, big.layers[l].y);
          x1 = MAX (x1, big.layers[l].x + big.files * big.cell);
          y1 = MAX (y1, big.layers[l].y + big.ranks * big.cell);
        }
      g_test_message ("%s: cells use %.0f%% x %.0f%%", list[i]->id, (x1 - x0) / 16,
                      (y1 - y0) / 10);
      g_assert_true (x1 - x0 > 1600 * 0.6 || y1 - y0 > 1000 * 0.6);
    }
}

static void
test_piece_types_have_images (void)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    for (guint t = 0; t < list[i]->n_piece_types; t++)
      {
        if (ts_piece_image_from_name (list[i]->piece_types[t].image) < 0)
          g_test_message ("%s: piece %c has unknown image “%s”", list[i]->id,
                          list[i]->piece_types[t].letter, list[i]->piece_types[t].image);
        g_assert_cmpint (ts_piece_image_from_name (list[i]->piece_types[t].image), >=, 0);
      }
}

/* ---- rendering ---- */

typedef struct {
  cairo_surface_t *surface;
  TsBoardLayout    layout;
} Rendered;

static void
render (Rendered *r, const TsBoardRenderOptions *o, int w, int h)
{
  cairo_t *cr;

  r->surface = blank_surface (w, h);
  ts_board_layout_compute (&r->layout, ts_position_variant (o->position), o, w, h);
  cr = cairo_create (r->surface);
  ts_board_render (cr, &r->layout, o);
  cairo_destroy (cr);
}

static guint32
cell_centre (Rendered *r, TsCell cell, double fx, double fy)
{
  double x, y, s;

  g_assert_true (ts_board_layout_cell_rect (&r->layout, cell, &x, &y, &s));
  return pixel_at (r->surface, (int) (x + s * fx), (int) (y + s * fy));
}

static TsCell
cell_named (const TsVariant *v, const char *name)
{
  TsCell c = ts_variant_parse_cell (v, name, NULL);
  g_assert_cmpint (c, !=, TS_NO_CELL);
  return c;
}

static void
test_render_cells_and_pieces (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  const TsBoardTheme *theme = ts_board_theme_light ();
  TsBoardRenderOptions o;
  Rendered r;
  TsCell ac3 = cell_named (v, "Ac3"), ab3 = cell_named (v, "Ab3"), aa1 = cell_named (v, "Aa1");
  TsCell ee5 = cell_named (v, "Ee5");

  ts_board_render_options_init (&o, p);
  render (&r, &o, 1000, 320);
  /* empty cells show the theme's colours, alternating; Aa1 and Ac3 are dark */
  g_assert_true (near_pixel (cell_centre (&r, ac3, 0.5, 0.5), rgb_pixel (&theme->dark), 2));
  g_assert_true (near_pixel (cell_centre (&r, ab3, 0.5, 0.5), rgb_pixel (&theme->light), 2));
  /* a white rook on Aa1, a black rook on Ee5: their bodies hold the army fill */
  g_assert_true (near_pixel (cell_centre (&r, aa1, 0.5, 0.6),
                             rgb_pixel (&ts_army_colors (TS_ARMY_WHITE)->fill), 3));
  g_assert_true (near_pixel (cell_centre (&r, ee5, 0.5, 0.6),
                             rgb_pixel (&ts_army_colors (TS_ARMY_BLACK)->fill), 3));
  cairo_surface_destroy (r.surface);

  /* a hidden piece (being dragged) leaves its cell's colour */
  o.hidden = aa1;
  render (&r, &o, 1000, 320);
  g_assert_true (near_pixel (cell_centre (&r, aa1, 0.5, 0.6), rgb_pixel (&theme->dark), 2));
  cairo_surface_destroy (r.surface);
}

static void
test_render_marks (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  const TsBoardTheme *theme = ts_board_theme_light ();
  g_autofree guint16 *marks = g_new0 (guint16, TS_MAX_CELLS);
  TsBoardRenderOptions o;
  Rendered r;
  TsCell ac3 = cell_named (v, "Ac3"), ab3 = cell_named (v, "Ab3"), cc3 = cell_named (v, "Cc3");
  TsCell ad3 = cell_named (v, "Ad3");

  marks[ac3] = TS_CELL_MARK_TARGET;
  marks[ab3] = TS_CELL_MARK_HOVER;
  marks[cc3] = TS_CELL_MARK_ECHO;
  marks[ad3] = TS_CELL_MARK_LAST_MOVE;
  ts_board_render_options_init (&o, p);
  o.marks = marks;
  render (&r, &o, 1000, 320);
  /* a target dot in the centre, not at the corner */
  g_assert_false (near_pixel (cell_centre (&r, ac3, 0.5, 0.5), rgb_pixel (&theme->dark), 10));
  g_assert_true (near_pixel (cell_centre (&r, ac3, 0.1, 0.1), rgb_pixel (&theme->dark), 2));
  /* hover and its echo tint their cells, the echo less */
  guint32 hover = cell_centre (&r, ab3, 0.5, 0.5), echo = cell_centre (&r, cc3, 0.5, 0.5);
  g_assert_false (near_pixel (hover, rgb_pixel (&theme->light), 10));
  g_assert_false (near_pixel (echo, rgb_pixel (&theme->dark), 10));
  g_assert_cmpint (hover & 0xff, >, (hover >> 16) & 0xff);   /* blue tint */
  g_assert_false (near_pixel (cell_centre (&r, ad3, 0.1, 0.1), rgb_pixel (&theme->light), 10));
  cairo_surface_destroy (r.surface);
}

/* cubic8 colours each level's grid with its colour. */
static void
test_render_cubic8_levels (void)
{
  const TsVariant *v = ts_variant_lookup ("cubic8");
  g_autoptr(TsPosition) p = NULL;
  TsBoardRenderOptions o;
  Rendered r;

  if (!v)
    {
      g_test_skip ("cubic8 is not in the registry yet");
      return;
    }
  p = ts_position_new_initial (v);
  ts_board_render_options_init (&o, p);
  render (&r, &o, 1400, 800);
  /* an empty cell of the red level is red, of the blue level blue, of the green green */
  guint32 red = cell_centre (&r, cell_named (v, "D4r"), 0.5, 0.5);
  guint32 blue = cell_centre (&r, cell_named (v, "D4b"), 0.5, 0.5);
  guint32 green = cell_centre (&r, cell_named (v, "D4g"), 0.5, 0.5);
  g_assert_cmpint ((red >> 16) & 0xff, >, (red & 0xff) + 40);
  g_assert_cmpint (blue & 0xff, >, ((blue >> 16) & 0xff) + 40);
  g_assert_cmpint ((green >> 8) & 0xff, >, ((green >> 16) & 0xff) + 20);
  cairo_surface_destroy (r.surface);
}

/* Doseki: neighbouring checkers of one colour in a layer are drawn joined;
 * checkers of different polycubes are not. */
static void
test_render_doseki_joined (void)
{
  const TsVariant *v = ts_variant_lookup ("doseki");
  g_autoptr(TsPosition) p = NULL;
  TsBoardRenderOptions o;
  Rendered r;

  if (!v)
    {
      g_test_skip ("doseki is not in the registry yet");
      return;
    }
  p = ts_position_new_empty (v);
  ts_position_set_piece (p, cell_named (v, "Ec5"), TS_PIECE_MAKE (0, 0));
  ts_position_set_piece (p, cell_named (v, "Ed5"), TS_PIECE_MAKE (0, 0));
  ts_position_set_piece (p, cell_named (v, "Ef5"), TS_PIECE_MAKE (0, 0));
  ts_board_render_options_init (&o, p);
  render (&r, &o, 1200, 1200);
  /* the border between Ec5 and Ed5 is covered; between Ed5 and empty Ee5 it is not */
  guint32 joined = cell_centre (&r, cell_named (v, "Ed5"), 0.0, 0.5);
  guint32 apart = cell_centre (&r, cell_named (v, "Ee5"), 0.0, 0.5);
  guint32 empty = cell_centre (&r, cell_named (v, "Ee5"), 0.5, 0.5);
  g_assert_false (near_pixel (joined, empty, 30));
  g_assert_false (near_pixel (joined, apart, 30));
  cairo_surface_destroy (r.surface);
}

/* ---- preferences: board colours, piece style, coordinates ---- */

static int
colour_distance (guint32 a, guint32 b)
{
  int d = 0;

  for (int shift = 0; shift < 24; shift += 8)
    d += ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff));
  return d;
}

static void
test_theme_names (void)
{
  for (int i = 0; i < TS_N_BOARD_THEMES; i++)
    g_assert_cmpint (ts_board_theme_from_name (ts_board_theme_name (i)), ==, i);
  for (int i = 0; i < TS_N_PIECE_STYLES; i++)
    g_assert_cmpint (ts_piece_style_from_name (ts_piece_style_name (i)), ==, i);
  g_assert_cmpint (ts_board_theme_from_name ("high-contrast"), ==, TS_BOARD_THEME_HIGH_CONTRAST);
  g_assert_cmpint (ts_board_theme_from_name ("pink"), ==, -1);
  g_assert_cmpint (ts_board_theme_from_name (NULL), ==, -1);
  g_assert_cmpint (ts_piece_style_from_name ("letters"), ==, TS_PIECE_STYLE_LETTERS);
  g_assert_cmpint (ts_piece_style_from_name ("Letters"), ==, -1);
  /* classic is the original pair */
  g_assert_true (ts_board_theme_get (TS_BOARD_THEME_CLASSIC, FALSE) == ts_board_theme_light ());
  g_assert_true (ts_board_theme_get (TS_BOARD_THEME_CLASSIC, TRUE) == ts_board_theme_dark ());
}

/* Every theme, light and dark style, paints its own cell colours: light and dark cells
 * apart, and no two themes alike. */
static void
test_theme_cells (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  TsCell ac3 = cell_named (v, "Ac3"), ab3 = cell_named (v, "Ab3");
  guint32 light[TS_N_BOARD_THEMES * 2], dark[TS_N_BOARD_THEMES * 2];

  for (int i = 0; i < TS_N_BOARD_THEMES * 2; i++)
    {
      const TsBoardTheme *theme = ts_board_theme_get (i / 2, i % 2);
      TsBoardRenderOptions o;
      Rendered r;

      ts_board_render_options_init (&o, p);
      o.theme = theme;
      render (&r, &o, 1000, 320);
      light[i] = cell_centre (&r, ab3, 0.5, 0.5);
      dark[i] = cell_centre (&r, ac3, 0.5, 0.5);
      g_assert_true (near_pixel (light[i], rgb_pixel (&theme->light), 2));
      g_assert_true (near_pixel (dark[i], rgb_pixel (&theme->dark), 2));
      g_assert_true (near_pixel (pixel_at (r.surface, 2, 2), rgb_pixel (&theme->background), 2));
      g_assert_cmpint (colour_distance (light[i], dark[i]), >, 120);
      cairo_surface_destroy (r.surface);
    }
  for (int i = 0; i < TS_N_BOARD_THEMES * 2; i++)
    for (int j = i + 1; j < TS_N_BOARD_THEMES * 2; j++)
      g_assert_cmpint (colour_distance (light[i], light[j]) + colour_distance (dark[i], dark[j]),
                       >, 60);
  /* high contrast: nearly white light cells, and a far stronger light/dark step */
  g_assert_cmpint (colour_distance (light[TS_BOARD_THEME_HIGH_CONTRAST * 2],
                                    dark[TS_BOARD_THEME_HIGH_CONTRAST * 2]),
                   >, colour_distance (light[0], dark[0]) + 100);
}

/* The darkest of the pixels just above and below (x, y): a line drawn there. */
static guint32
darkest_near (cairo_surface_t *s, double x, double y)
{
  guint32 best = 0xffffffff;

  for (int dy = -1; dy <= 1; dy++)
    {
      guint32 px = pixel_at (s, (int) x, (int) y + dy);
      if (colour_distance (px, 0xff000000) < colour_distance (best, 0xff000000))
        best = px;
    }
  return best;
}

/* High contrast draws black lines between cells and thicker piece outlines. */
static void
test_theme_high_contrast (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  g_autofree guint16 *marks = g_new0 (guint16, TS_MAX_CELLS);
  TsCell ab3 = cell_named (v, "Ab3"), ab4 = cell_named (v, "Ab4"), ac3 = cell_named (v, "Ac3");
  TsCell aa1 = cell_named (v, "Aa1");
  TsBoardRenderOptions o;
  Rendered classic, hc;
  double x, y, s;
  int outline_classic = 0, outline_hc = 0;

  marks[ac3] = TS_CELL_MARK_TARGET;
  ts_board_render_options_init (&o, p);
  o.marks = marks;
  render (&classic, &o, 1000, 320);
  o.theme = ts_board_theme_get (TS_BOARD_THEME_HIGH_CONTRAST, FALSE);
  render (&hc, &o, 1000, 320);
  /* the edge between Ab3 and Ab4 (light and dark): black in high contrast only */
  g_assert_true (ts_board_layout_cell_rect (&hc.layout, ab3, &x, &y, &s));
  g_assert_true (near_pixel (darkest_near (hc.surface, x + s / 2, y), 0xff000000, 60));
  g_assert_true (ts_board_layout_cell_rect (&classic.layout, ab4, &x, &y, &s));
  g_assert_true (ts_board_layout_cell_rect (&classic.layout, ab3, &x, &y, &s));
  g_assert_false (near_pixel (darkest_near (classic.surface, x + s / 2, y), 0xff000000, 120));
  /* the target dot is darker and more opaque */
  g_assert_cmpint ((cell_centre (&hc, ac3, 0.5, 0.5) >> 8) & 0xff, <,
                   (cell_centre (&classic, ac3, 0.5, 0.5) >> 8) & 0xff);
  /* the rook on Aa1: more near-black outline pixels */
  for (double fy = 0.05; fy < 0.95; fy += 0.01)
    for (double fx = 0.05; fx < 0.95; fx += 0.01)
      {
        outline_classic += near_pixel (cell_centre (&classic, aa1, fx, fy), 0xff212121, 30);
        outline_hc += near_pixel (cell_centre (&hc, aa1, fx, fy), 0xff212121, 30);
      }
  g_assert_cmpint (outline_hc, >, outline_classic * 5 / 4);
  cairo_surface_destroy (classic.surface);
  cairo_surface_destroy (hc.surface);
}

/* cubic8: in every theme the eight levels keep eight different colours, and the four
 * armies stand out from each other. */
static void
test_theme_cubic8 (void)
{
  const TsVariant *v = ts_variant_lookup ("cubic8-4p");
  g_autoptr(TsPosition) p = NULL;
  static const char *const levels = "wroygbpk";
  static const char *const pawns[] = { "A2w", "A7r", "A7p", "A2k" };

  if (!v)
    {
      g_test_skip ("cubic8-4p is not in the registry yet");
      return;
    }
  p = ts_position_new_initial (v);
  for (int i = 0; i < TS_N_BOARD_THEMES * 2; i++)
    {
      TsBoardRenderOptions o;
      Rendered r;
      guint32 colour[16], army[4];

      ts_board_render_options_init (&o, p);
      o.theme = ts_board_theme_get (i / 2, i % 2);
      render (&r, &o, 1400, 800);
      for (int l = 0; l < 8; l++)
        {
          char name[8];
          g_snprintf (name, sizeof name, "D4%c", levels[l]);
          colour[2 * l] = cell_centre (&r, cell_named (v, name), 0.5, 0.5);
          g_snprintf (name, sizeof name, "E4%c", levels[l]);
          colour[2 * l + 1] = cell_centre (&r, cell_named (v, name), 0.5, 0.5);
        }
      for (int a = 0; a < 16; a++)
        for (int b = a + 1; b < 16; b++)
          if (a / 2 != b / 2)
            g_assert_cmpint (colour_distance (colour[a], colour[b]), >, 12);
          else
            g_assert_cmpint (colour_distance (colour[a], colour[b]), >, 40);
      /* a pawn body of each army */
      for (int a = 0; a < 4; a++)
        army[a] = cell_centre (&r, cell_named (v, pawns[a]), 0.5, 0.68);
      for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
          g_assert_cmpint (colour_distance (army[a], army[b]), >, 100);
      cairo_surface_destroy (r.surface);
    }
}

/* The letter style draws a disc with the notation letter: not the figure, different
 * letters for different pieces; Doseki's checkers look the same in both styles. */
static void
test_piece_style_letters (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  const TsVariant *dv = ts_variant_lookup ("doseki");
  TsCell aa1 = cell_named (v, "Aa1"), ab1 = cell_named (v, "Ab1"), ac1 = cell_named (v, "Ac1");
  TsBoardRenderOptions o;
  Rendered figures, letters;
  int differ = 0, rook_vs_knight = 0, rook_vs_king = 0, n = 0;

  ts_board_render_options_init (&o, p);
  render (&figures, &o, 1000, 320);
  o.piece_style = TS_PIECE_STYLE_LETTERS;
  render (&letters, &o, 1000, 320);
  for (double fy = 0.05; fy < 0.95; fy += 0.02)
    for (double fx = 0.05; fx < 0.95; fx += 0.02)
      {
        guint32 rook = cell_centre (&letters, aa1, fx, fy);
        differ += !near_pixel (cell_centre (&figures, aa1, fx, fy), rook, 20);
        rook_vs_knight += !near_pixel (cell_centre (&letters, ab1, fx, fy), rook, 20);
        rook_vs_king += !near_pixel (cell_centre (&letters, ac1, fx, fy), rook, 20);
        n++;
      }
  g_assert_cmpint (differ, >, n / 5);
  g_assert_cmpint (rook_vs_knight, >, n / 50);
  g_assert_cmpint (rook_vs_king, >, n / 50);
  /* the disc: the army fill near the cell's left edge at mid height, where the rook's
   * figure leaves the cell colour */
  g_assert_true (near_pixel (cell_centre (&letters, aa1, 0.15, 0.5),
                             rgb_pixel (&ts_army_colors (TS_ARMY_WHITE)->fill), 3));
  g_assert_true (near_pixel (cell_centre (&figures, aa1, 0.15, 0.5),
                             rgb_pixel (&ts_board_theme_light ()->dark), 3));
  cairo_surface_destroy (figures.surface);
  cairo_surface_destroy (letters.surface);

  if (dv)
    {
      g_autoptr(TsPosition) dp = ts_position_new_initial (dv);
      guint8 *a, *b;
      int stride, h;

      ts_board_render_options_init (&o, dp);
      render (&figures, &o, 900, 900);
      o.piece_style = TS_PIECE_STYLE_LETTERS;
      render (&letters, &o, 900, 900);
      cairo_surface_flush (figures.surface);
      cairo_surface_flush (letters.surface);
      a = cairo_image_surface_get_data (figures.surface);
      b = cairo_image_surface_get_data (letters.surface);
      stride = cairo_image_surface_get_stride (figures.surface);
      h = cairo_image_surface_get_height (figures.surface);
      g_assert_cmpint (memcmp (a, b, (gsize) stride * h), ==, 0);
      cairo_surface_destroy (figures.surface);
      cairo_surface_destroy (letters.surface);
    }
}

/* Letters stay readable when small: at 20 pixels the letter still has pixels of the
 * detail colour inside the disc. */
static void
test_piece_letter_small (void)
{
  const int size = 20;
  cairo_surface_t *s = blank_surface (size, size);
  cairo_t *cr = cairo_create (s);
  const TsArmyColors *c = ts_army_colors (TS_ARMY_BLACK);
  int detail = 0;

  ts_piece_art_draw_letter (cr, 'N', TS_ARMY_BLACK, 0, 0, size, 1.0);
  cairo_destroy (cr);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      detail += near_pixel (pixel_at (s, x, y), rgb_pixel (&c->detail), 60);
  g_assert_cmpint (detail, >=, 8);
  g_assert_cmpfloat (coverage (s, size), >, 0.4);
  cairo_surface_destroy (s);
}

/* Coordinates off: no file letters under a layer, no rank numbers beside it; the layer
 * names stay. */
static void
test_coordinates_off (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  const TsBoardTheme *theme = ts_board_theme_light ();
  TsBoardRenderOptions o;
  Rendered on, off;
  cairo_t *cr;
  int under_on = 0, under_off = 0, title_on = 0, title_off = 0;
  double x0, y0, c, label;

  ts_board_render_options_init (&o, p);
  render (&on, &o, 1000, 320);
  /* the same layout, drawn without coordinates */
  off.layout = on.layout;
  off.surface = blank_surface (1000, 320);
  o.coordinates = FALSE;
  cr = cairo_create (off.surface);
  ts_board_render (cr, &off.layout, &o);
  cairo_destroy (cr);

  x0 = on.layout.layers[0].x;
  y0 = on.layout.layers[0].y;
  c = on.layout.cell;
  label = on.layout.label;
  for (int y = (int) (y0 + 5 * c + 2); y < (int) (y0 + 5 * c + label * 1.4); y++)
    for (int x = (int) x0; x < (int) (x0 + 5 * c); x++)
      {
        under_on += colour_distance (pixel_at (on.surface, x, y), rgb_pixel (&theme->background)) > 150;
        under_off += colour_distance (pixel_at (off.surface, x, y), rgb_pixel (&theme->background)) > 150;
      }
  for (int y = (int) (y0 - label * 1.5); y < (int) (y0 - 2); y++)
    for (int x = (int) x0; x < (int) (x0 + 5 * c); x++)
      {
        title_on += colour_distance (pixel_at (on.surface, x, y), rgb_pixel (&theme->background)) > 150;
        title_off += colour_distance (pixel_at (off.surface, x, y), rgb_pixel (&theme->background)) > 150;
      }
  g_assert_cmpint (under_on, >, 20);
  g_assert_cmpint (under_off, ==, 0);
  g_assert_cmpint (title_on, >, 20);
  g_assert_cmpint (title_off, ==, title_on);
  cairo_surface_destroy (on.surface);
  cairo_surface_destroy (off.surface);
}

/* TS_CELL_MARK_HIDDEN hides pieces like options.hidden, any number of them. */
static void
test_hidden_marks (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  g_autofree guint16 *marks = g_new0 (guint16, TS_MAX_CELLS);
  const TsBoardTheme *theme = ts_board_theme_light ();
  TsCell aa1 = cell_named (v, "Aa1"), ab2 = cell_named (v, "Ab2"), ac1 = cell_named (v, "Ac1");
  TsBoardRenderOptions o;
  Rendered r;

  marks[aa1] = marks[ab2] = TS_CELL_MARK_HIDDEN;
  ts_board_render_options_init (&o, p);
  o.marks = marks;
  render (&r, &o, 1000, 320);
  g_assert_true (near_pixel (cell_centre (&r, aa1, 0.5, 0.6), rgb_pixel (&theme->dark), 2));
  g_assert_true (near_pixel (cell_centre (&r, ab2, 0.5, 0.6), rgb_pixel (&theme->dark), 2));
  g_assert_false (near_pixel (cell_centre (&r, ac1, 0.5, 0.6), rgb_pixel (&theme->dark), 20));
  cairo_surface_destroy (r.surface);
}

/* ---- files ---- */

static char *
read_head (const char *path, gsize n)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  return g_strndup (contents, MIN (len, n));
}

static void
test_render_to_file (void)
{
  const TsVariant *v = ts_variant_lookup ("raumschach");
  g_autoptr(TsPosition) p = ts_position_new_initial (v);
  g_autofree char *dir = g_dir_make_tmp ("tessera-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "board.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "board.SVG", NULL);
  g_autofree char *pdf = g_build_filename (dir, "board.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "board.gif", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "board.png", NULL);
  g_autoptr(GError) error = NULL;
  TsBoardRenderOptions o;
  cairo_surface_t *s;

  ts_board_render_options_init (&o, p);
  o.caption = "Raumschach, initial position";
  g_assert_true (ts_board_render_to_file (&o, png, 640, &error));
  g_assert_no_error (error);
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 640);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==,
                   (int) ts_board_layout_natural_height (v, &(TsBoardRenderOptions) {
                     .position = p, .coordinates = TRUE, .status = TRUE,
                     .caption = o.caption, .fixed_arrangement = TRUE }, 640));
  /* one row of five grids: wider than tall */
  g_assert_cmpint (cairo_image_surface_get_height (s), <, 640 / 2);
  cairo_surface_destroy (s);

  g_assert_true (ts_board_render_to_file (&o, svg, 500, &error));
  g_assert_no_error (error);
  {
    g_autofree char *head = read_head (svg, 200);
    g_assert_nonnull (strstr (head, "<svg"));
  }
  g_assert_true (ts_board_render_to_file (&o, pdf, 500, &error));
  g_assert_no_error (error);
  {
    g_autofree char *head = read_head (pdf, 5);
    g_assert_cmpstr (head, ==, "%PDF-");
  }

  g_assert_false (ts_board_render_to_file (&o, bad, 500, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, ".png"));
  g_clear_error (&error);
  g_assert_false (ts_board_render_to_file (&o, png, 10, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ts_board_render_to_file (&o, missing, 500, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);

  g_remove (png);
  g_remove (svg);
  g_remove (pdf);
  g_rmdir (dir);
}

/* ---- tessera-cli diagram ---- */

static void
test_cli_diagram (void)
{
  g_autofree char *dir = g_dir_make_tmp ("tessera-diagram-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "d.png", NULL);
  g_autofree char *pdf = g_build_filename (dir, "d.pdf", NULL);
  g_autofree char *err = NULL;
  cairo_surface_t *s;

  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--output", png, "--size", "480",
                           "--caption", "Test", NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 0);
    g_clear_pointer (&err, g_free);
  }
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 480);
  g_assert_cmpint (cairo_image_surface_get_height (s), >, 60);
  cairo_surface_destroy (s);
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--output", pdf,
                           "--no-coordinates", NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--select", "Bb1", "--output",
                           png, NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 0);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--select", "Cc3", "--output",
                           png, NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 1);
    g_assert_nonnull (strstr (err, "Cc3 is empty"));
    g_clear_pointer (&err, g_free);
  }
  {
    /* the piece sheet: 12 images across, 6 armies down */
    const char *args[] = { "diagram", "--pieces", "--size", "288", "--output", png, NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    s = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_image_surface_get_width (s), ==, 24 * TS_N_PIECE_IMAGES);
    g_assert_cmpint (cairo_image_surface_get_height (s), ==, 24 * TS_N_ARMIES);
    cairo_surface_destroy (s);
  }
  {
    const char *args[] = { "diagram", "--variant", "chaturanga", "--output", png, NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 1);
    g_assert_nonnull (strstr (err, "chaturanga"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--output"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--theme", "high-contrast",
                           "--piece-style", "letters", "--dark", "--output", png, NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    s = cairo_image_surface_create_from_png (png);
    /* the dark high-contrast background */
    g_assert_true (near_pixel (pixel_at (s, 1, 1), 0xff000000, 2));
    cairo_surface_destroy (s);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--theme", "pink", "--output",
                           png, NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 2);
    g_assert_nonnull (strstr (err, "pink"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--piece-style", "runes",
                           "--output", png, NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 2);
    g_assert_nonnull (strstr (err, "runes"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--output", "x.bmp", NULL };
    g_assert_cmpint (run_cli (args, NULL, &err), ==, 1);
    g_assert_nonnull (strstr (err, "x.bmp"));
    g_clear_pointer (&err, g_free);
  }
  g_remove (png);
  g_remove (pdf);
  g_rmdir (dir);
}

/* The army line marks the side to move, but not a mated side: the game is over. */
static void
test_status_game_over (void)
{
  g_autoptr(TsPosition) p = ts_position_from_text ("raumschach w:KAc5,QEb5,REc1,UBe1 b:KAa5 turn=w", NULL);
  TsMoveList moves;
  guint mates = 0;

  g_assert_nonnull (p);
  g_assert_cmpuint (ts_board_status_seat_to_move (p), ==, 0);
  {
    g_autofree char *white = ts_board_status_label (p, 0, 0);
    g_autofree char *black = ts_board_status_label (p, 1, 0);

    g_assert_nonnull (strstr (white, "to move"));
    g_assert_null (strstr (black, "to move"));
  }
  ts_move_list_init (&moves);
  ts_position_generate_legal (p, &moves);
  for (guint i = 0; i < moves.n; i++)
    {
      g_autoptr(TsPosition) q = ts_position_copy (p);
      TsResult r;
      TsUndo u;

      ts_position_make (q, moves.moves[i], &u);
      ts_position_result (q, &r);
      if (r.kind == TS_RESULT_NONE)
        {
          g_assert_cmpuint (ts_board_status_seat_to_move (q), ==, 1);
          continue;
        }
      mates++;
      g_assert_cmpuint (ts_board_status_seat_to_move (q), ==, G_MAXUINT);
      for (guint seat = 0; seat < 2; seat++)
        {
          g_autofree char *label = ts_board_status_label (q, seat, ts_board_status_seat_to_move (q));

          g_assert_null (strstr (label, "to move"));
        }
    }
  ts_move_list_clear (&moves);
  /* the position is a mate in one */
  g_assert_cmpuint (mates, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/piece-art/names", test_piece_names);
  g_test_add_func ("/piece-art/distinct", test_piece_images_distinct);
  g_test_add_func ("/piece-art/army-marks", test_army_marks);
  g_test_add_func ("/board-render/piece-types-have-images", test_piece_types_have_images);
  g_test_add_func ("/board-render/layout/all-variants", test_layout_all_variants);
  g_test_add_func ("/board-render/layout/fills", test_layout_fills);
  g_test_add_func ("/board-render/cells-and-pieces", test_render_cells_and_pieces);
  g_test_add_func ("/board-render/marks", test_render_marks);
  g_test_add_func ("/board-render/cubic8-levels", test_render_cubic8_levels);
  g_test_add_func ("/board-render/doseki-joined", test_render_doseki_joined);
  g_test_add_func ("/board-render/to-file", test_render_to_file);
  g_test_add_func ("/board-render/theme/names", test_theme_names);
  g_test_add_func ("/board-render/theme/cells", test_theme_cells);
  g_test_add_func ("/board-render/theme/high-contrast", test_theme_high_contrast);
  g_test_add_func ("/board-render/theme/cubic8", test_theme_cubic8);
  g_test_add_func ("/board-render/piece-style/letters", test_piece_style_letters);
  g_test_add_func ("/board-render/piece-style/small", test_piece_letter_small);
  g_test_add_func ("/board-render/coordinates-off", test_coordinates_off);
  g_test_add_func ("/board-render/hidden-marks", test_hidden_marks);
  g_test_add_func ("/board-render/cli-diagram", test_cli_diagram);
  g_test_add_func ("/board-render/status-game-over", test_status_game_over);
  return g_test_run ();
}
