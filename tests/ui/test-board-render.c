/* Piece art, board layout, rendering and `tessera-cli diagram`, without GTK. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "board-render.h"
#include "piece-art.h"

/* ---- helpers ---- */

static cairo_surface_t *
blank_surface (int w, int h)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
}

static guint32
pixel_at (cairo_surface_t *s, int x, int y)
{
  cairo_surface_flush (s);
  guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  return *(guint32 *) (data + y * stride + x * 4);
}

static guint32
rgb_pixel (const TsRgb *c)
{
  return 0xff000000u | ((guint32) (c->r * 255 + 0.5) << 16) | ((guint32) (c->g * 255 + 0.5) << 8) |
         (guint32) (c->b * 255 + 0.5);
}

static gboolean
near_pixel (guint32 a, guint32 b, int tolerance)
{
  for (int shift = 0; shift < 32; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > tolerance)
      return FALSE;
  return TRUE;
}

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

static int
run_cli (const char *const *args, char **err)
{
  const char *cli = g_getenv ("TESSERA_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

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
    g_assert_cmpint (run_cli (args, &err), ==, 0);
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
    g_assert_cmpint (run_cli (args, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--select", "Bb1", "--output",
                           png, NULL };
    g_assert_cmpint (run_cli (args, &err), ==, 0);
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--select", "Cc3", "--output",
                           png, NULL };
    g_assert_cmpint (run_cli (args, &err), ==, 1);
    g_assert_nonnull (strstr (err, "Cc3 is empty"));
    g_clear_pointer (&err, g_free);
  }
  {
    /* the piece sheet: 12 images across, 6 armies down */
    const char *args[] = { "diagram", "--pieces", "--size", "288", "--output", png, NULL };
    g_assert_cmpint (run_cli (args, &err), ==, 0);
    g_clear_pointer (&err, g_free);
    s = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_image_surface_get_width (s), ==, 24 * TS_N_PIECE_IMAGES);
    g_assert_cmpint (cairo_image_surface_get_height (s), ==, 24 * TS_N_ARMIES);
    cairo_surface_destroy (s);
  }
  {
    const char *args[] = { "diagram", "--variant", "chaturanga", "--output", png, NULL };
    g_assert_cmpint (run_cli (args, &err), ==, 1);
    g_assert_nonnull (strstr (err, "chaturanga"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", NULL };
    g_assert_cmpint (run_cli (args, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--output"));
    g_clear_pointer (&err, g_free);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--output", "x.bmp", NULL };
    g_assert_cmpint (run_cli (args, &err), ==, 1);
    g_assert_nonnull (strstr (err, "x.bmp"));
    g_clear_pointer (&err, g_free);
  }
  g_remove (png);
  g_remove (pdf);
  g_rmdir (dir);
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
  g_test_add_func ("/board-render/cli-diagram", test_cli_diagram);
  return g_test_run ();
}
