/* Arrows and marked cells in diagrams, the board seen from any seat, and the diagram
 * command's options for both; without GTK. Pixels are sampled where the layout API says
 * the cells are. */
#include <glib/gstdio.h>
#include <string.h>

#include "board-render.h"
#include "board-render-private.h"
#include "board-test.h"
#include "../cli-test-util.h"
#include "records/game.h"

#define W 1000
#define H 320

static const TsVariant *
variant (const char *id)
{
  const TsVariant *v = ts_variant_lookup (id);

  g_assert_nonnull (v);
  return v;
}

static TsCell
cell (const TsVariant *v, const char *name)
{
  TsCell c = ts_variant_parse_cell (v, name, NULL);

  g_assert_cmpint (c, !=, TS_NO_CELL);
  return c;
}

/* The pixel at a point of a cell, given as fractions of the cell from its top-left corner. */
static guint32
cell_pixel (cairo_surface_t *s, const TsBoardLayout *layout, TsCell c, double fx, double fy)
{
  double x, y, size;

  g_assert_true (ts_board_layout_cell_rect (layout, c, &x, &y, &size));
  return board_test_pixel (s, (int) (x + fx * size), (int) (y + fy * size));
}

/* The mean colour over a cell's inside. */
static guint32
cell_mean (cairo_surface_t *s, const TsBoardLayout *layout, TsCell c)
{
  guint sum[3] = { 0 }, n = 0;

  for (double fy = 0.1; fy < 0.9; fy += 0.04)
    for (double fx = 0.1; fx < 0.9; fx += 0.04)
      {
        guint32 p = cell_pixel (s, layout, c, fx, fy);

        for (guint k = 0; k < 3; k++)
          sum[k] += (p >> (8 * k)) & 0xff;
        n++;
      }
  return 0xff000000u | (sum[2] / n) << 16 | (sum[1] / n) << 8 | sum[0] / n;
}

/* Renders the options into a new surface of the given size; layout is filled. */
static cairo_surface_t *
render (TsBoardRenderOptions *o, TsBoardLayout *layout, int width, int height)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (s);

  ts_board_layout_compute (layout, ts_position_variant (o->position), o, width, height);
  ts_board_render (cr, layout, o);
  cairo_destroy (cr);
  return s;
}

/* Close to the shape colour c (drawn translucent over a light or a dark cell). */
static gboolean
looks_like (guint32 pixel, guint colour)
{
  TsRgb c = ts_board_shape_rgb (colour);
  int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
  int cr = c.r * 255, cg = c.g * 255, cb = c.b * 255;

  /* the strongest channel of the colour leads, and the pixel is near it */
  return ABS (r - cr) + ABS (g - cg) + ABS (b - cb) < 150 &&
         (cr >= cg && cr >= cb ? r >= g && r >= b : cg >= cb ? g >= r && g >= b : b >= r && b >= g);
}

static void
test_shapes_drawn (void)
{
  const TsVariant *v = variant ("raumschach");
  g_autoptr (TsPosition) p = ts_position_new_initial (v);
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  g_autoptr (GError) error = NULL;
  TsBoardRenderOptions o;
  TsBoardLayout plain_layout, layout;
  cairo_surface_t *plain, *drawn;

  /* level C is empty: a mark, an arrow inside the level, an arrow to level D */
  g_assert_true (ts_shapes_parse_list (v, "GCe5,RCa1-Cc3,BCa5-Dc3,YCe1-De1", shapes, &error));
  ts_board_render_options_init (&o, p);
  plain = render (&o, &plain_layout, W, H);
  o.shapes = (const TsShape *) shapes->data;
  o.n_shapes = shapes->len;
  drawn = render (&o, &layout, W, H);
  g_assert_cmpfloat (layout.cell, ==, plain_layout.cell);

  /* the mark: a green ring, not the middle */
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Ce5"), 0.5 + 0.42, 0.5), TS_SHAPE_GREEN));
  g_assert_cmphex (cell_pixel (drawn, &layout, cell (v, "Ce5"), 0.5, 0.5), ==,
                   cell_pixel (plain, &layout, cell (v, "Ce5"), 0.5, 0.5));
  /* the arrow inside level C goes through Cb2 */
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Cb2"), 0.5, 0.5), TS_SHAPE_RED));
  /* the arrow to level D: drawn in both levels, toward c3 in C and from a5 in D */
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Cb4"), 0.5, 0.5), TS_SHAPE_BLUE));
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Db4"), 0.5, 0.5), TS_SHAPE_BLUE));
  /* straight up: a ring in each level */
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Ce1"), 0.5 + 0.3, 0.5), TS_SHAPE_YELLOW));
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "De1"), 0.5 - 0.3, 0.5), TS_SHAPE_YELLOW));
  /* cells no shape touches stay as they were */
  g_assert_cmphex (cell_pixel (drawn, &layout, cell (v, "Cd2"), 0.5, 0.5), ==,
                   cell_pixel (plain, &layout, cell (v, "Cd2"), 0.5, 0.5));
  g_assert_cmphex (cell_pixel (drawn, &layout, cell (v, "Ad2"), 0.5, 0.5), ==,
                   cell_pixel (plain, &layout, cell (v, "Ad2"), 0.5, 0.5));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (drawn);
}

/* The labels of arrows between layers stay readable where they crowd: two arrows leaving
 * level B from neighbouring cells (both labels at the bottom edge of b3 and c3, where the
 * second covered the first) and two arrows leaving the same cell for two levels. No label
 * covers another, each stays on its cell, and each shows its colour at both ends. */
static void
test_shapes_labels (void)
{
  const TsVariant *v = variant ("raumschach");
  g_autoptr (TsPosition) p = ts_position_new_initial (v);
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  g_autoptr (GArray) labels = NULL;
  g_autoptr (GError) error = NULL;
  TsBoardRenderOptions o;
  TsBoardLayout layout;
  cairo_surface_t *drawn;
  cairo_t *cr;

  g_assert_true (ts_shapes_parse_list (v, "BBd2-Cb3,RBc1-Dc3,GCc3-Aa1,YCc3-Ea1", shapes, &error));
  ts_board_render_options_init (&o, p);
  o.shapes = (const TsShape *) shapes->data;
  o.n_shapes = shapes->len;
  drawn = render (&o, &layout, W, H);
  cr = cairo_create (drawn);
  labels = ts_board_shape_labels (cr, &layout, &o);
  cairo_destroy (cr);
  g_assert_cmpuint (labels->len, ==, 8);
  for (guint i = 0; i < labels->len; i++)
    {
      const TsBoardShapeLabel *a = &g_array_index (labels, TsBoardShapeLabel, i);
      double x, y, size;

      g_assert_true (ts_board_layout_cell_rect (&layout, a->cell, &x, &y, &size));
      g_assert_cmpfloat (a->x, <, x + size);
      g_assert_cmpfloat (a->x + a->width, >, x);
      g_assert_cmpfloat (a->y, <, y + size);
      g_assert_cmpfloat (a->y + a->height, >, y);
      for (guint j = 0; j < i; j++)
        {
          const TsBoardShapeLabel *b = &g_array_index (labels, TsBoardShapeLabel, j);

          g_assert_false (a->x < b->x + b->width && b->x < a->x + a->width &&
                          a->y < b->y + b->height && b->y < a->y + a->height);
        }
      /* the pill's rounded ends, left of and right of the name */
      g_assert_true (looks_like (board_test_pixel (drawn, a->x + a->height * 0.12, a->y + a->height / 2),
                                 a->colour));
      g_assert_true (looks_like (board_test_pixel (drawn, a->x + a->width - a->height * 0.12,
                                                   a->y + a->height / 2), a->colour));
    }
  /* the labels at b3 and c3 of level B name the far ends */
  {
    guint found = 0;

    for (guint i = 0; i < labels->len; i++)
      {
        const TsBoardShapeLabel *a = &g_array_index (labels, TsBoardShapeLabel, i);

        found += (a->cell == cell (v, "Bb3") && a->other == cell (v, "Cb3")) +
                 (a->cell == cell (v, "Bc3") && a->other == cell (v, "Dc3"));
      }
    g_assert_cmpuint (found, ==, 2);
  }
  cairo_surface_destroy (drawn);
}

/* Nihongi's blocks are one 9×9 board: an arrow from g3 to g5 crosses the gap between
 * two blocks. */
static void
test_shapes_nihongi (void)
{
  const TsVariant *v = variant ("nihongi");
  g_autoptr (TsPosition) p = ts_position_new_initial (v);
  TsShape arrow = { cell (v, "g3"), cell (v, "g5"), TS_BOARD_SHAPE_ENGINE };
  TsBoardRenderOptions o;
  TsBoardLayout layout;
  cairo_surface_t *s;
  double x1, y1, x2, y2, size;

  ts_board_render_options_init (&o, p);
  o.shapes = &arrow;
  o.n_shapes = 1;
  s = render (&o, &layout, 600, 600);
  g_assert_true (ts_board_layout_cell_rect (&layout, cell (v, "g3"), &x1, &y1, &size));
  g_assert_true (ts_board_layout_cell_rect (&layout, cell (v, "g4"), &x2, &y2, &size));
  /* in the gap between the blocks of ranks 1–3 and 4–6 */
  g_assert_cmpfloat (y2 + size, <, y1 - 2);
  g_assert_true (looks_like (board_test_pixel (s, x1 + size / 2, (y1 + y2 + size) / 2), TS_BOARD_SHAPE_ENGINE));
  g_assert_true (looks_like (cell_pixel (s, &layout, cell (v, "g4"), 0.5, 0.5), TS_BOARD_SHAPE_ENGINE));
  cairo_surface_destroy (s);
}

/* Every view maps cells one to one onto the screen, and the ones asked for go where they
 * should. */
static void
test_turns_layout (void)
{
  guint n;
  const TsVariant *const *all = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    for (guint turns = 0; turns < 4; turns++)
      {
        g_autoptr (TsPosition) p = ts_position_new_initial (all[i]);
        TsBoardRenderOptions o;
        TsBoardLayout layout;

        if (!ts_board_turns_valid (all[i], turns))
          continue;
        ts_board_render_options_init (&o, p);
        o.turns = turns;
        ts_board_layout_compute (&layout, all[i], &o, 1200, 900);
        g_assert_cmpuint (layout.turns, ==, turns);
        for (guint c = 0; c < all[i]->geometry.ncells; c++)
          {
            double x, y, size;

            g_assert_true (ts_board_layout_cell_rect (&layout, c, &x, &y, &size));
            g_assert_cmpint (ts_board_layout_cell_at (&layout, x + size / 2, y + size / 2), ==, c);
          }
      }
}

/* Where cells a and b are on the screen: a's corner minus b's. */
static void
offset (const TsBoardLayout *layout, TsCell a, TsCell b, double *dx, double *dy)
{
  double ax, ay, bx, by, size;

  g_assert_true (ts_board_layout_cell_rect (layout, a, &ax, &ay, &size));
  g_assert_true (ts_board_layout_cell_rect (layout, b, &bx, &by, &size));
  *dx = ax - bx;
  *dy = ay - by;
}

static void
assert_left_of (const TsBoardLayout *layout, TsCell a, TsCell b)
{
  double dx, dy;

  offset (layout, a, b, &dx, &dy);
  g_assert_cmpfloat (dx, <, 0);
}

static void
assert_above (const TsBoardLayout *layout, TsCell a, TsCell b)
{
  double dx, dy;

  offset (layout, a, b, &dx, &dy);
  g_assert_cmpfloat (dy, <, 0);
}

static void
layout_with_turns (TsBoardLayout *layout, const TsPosition *p, guint turns)
{
  TsBoardRenderOptions o;

  ts_board_render_options_init (&o, p);
  o.turns = turns;
  ts_board_layout_compute (layout, ts_position_variant (p), &o, 1200, 900);
}

static void
test_turns_directions (void)
{
  const TsVariant *raum = variant ("raumschach"), *gross = variant ("grossraumschach");
  const TsVariant *quad = variant ("cubic8-4p");
  g_autoptr (TsPosition) rp = ts_position_new_initial (raum);
  g_autoptr (TsPosition) gp = ts_position_new_initial (gross);
  TsBoardLayout l;

  layout_with_turns (&l, rp, TS_BOARD_TURNS_NONE);
  assert_left_of (&l, cell (raum, "Aa1"), cell (raum, "Ab1"));
  assert_left_of (&l, cell (raum, "Ae1"), cell (raum, "Ba1"));
  assert_above (&l, cell (raum, "Aa2"), cell (raum, "Aa1"));
  /* from Black's side: files and ranks and the levels' order reversed */
  layout_with_turns (&l, rp, TS_BOARD_TURNS_HALF);
  assert_left_of (&l, cell (raum, "Ab1"), cell (raum, "Aa1"));
  assert_left_of (&l, cell (raum, "Ba1"), cell (raum, "Ae1"));
  assert_left_of (&l, cell (raum, "Ea1"), cell (raum, "Da5"));
  assert_above (&l, cell (raum, "Aa1"), cell (raum, "Aa2"));
  /* a quarter turn to the left: the left edge (leftrank 1) at the bottom */
  layout_with_turns (&l, gp, TS_BOARD_TURNS_LEFT);
  assert_above (&l, cell (gross, "2a1"), cell (gross, "1a1"));
  assert_left_of (&l, cell (gross, "1a2"), cell (gross, "1a1"));
  layout_with_turns (&l, gp, TS_BOARD_TURNS_RIGHT);
  assert_above (&l, cell (gross, "1a1"), cell (gross, "2a1"));
  assert_left_of (&l, cell (gross, "1a1"), cell (gross, "1a2"));

  /* each seat's pawns stand in front of its pieces, seen from its own side */
  g_assert_cmpuint (ts_board_turns_for_seat (raum, 0), ==, TS_BOARD_TURNS_NONE);
  g_assert_cmpuint (ts_board_turns_for_seat (raum, 1), ==, TS_BOARD_TURNS_HALF);
  g_assert_cmpuint (ts_board_turns_for_seat (gross, 0), ==, TS_BOARD_TURNS_LEFT);    /* Red */
  g_assert_cmpuint (ts_board_turns_for_seat (gross, 1), ==, TS_BOARD_TURNS_HALF);    /* Orange */
  g_assert_cmpuint (ts_board_turns_for_seat (gross, 2), ==, TS_BOARD_TURNS_RIGHT);   /* Green */
  g_assert_cmpuint (ts_board_turns_for_seat (gross, 3), ==, TS_BOARD_TURNS_NONE);    /* Blue */
  g_assert_cmpuint (ts_board_turns_for_seat (quad, 0), ==, TS_BOARD_TURNS_NONE);
  g_assert_cmpuint (ts_board_turns_for_seat (quad, 1), ==, TS_BOARD_TURNS_HALF);
  g_assert_cmpuint (ts_board_turns_for_seat (quad, 2), ==, TS_BOARD_TURNS_HALF);
  g_assert_cmpuint (ts_board_turns_for_seat (quad, 3), ==, TS_BOARD_TURNS_NONE);
  g_assert_cmpuint (ts_board_turns_for_seat (variant ("nihongi"), 1), ==, TS_BOARD_TURNS_HALF);
  g_assert_cmpuint (ts_board_turns_for_seat (variant ("doseki"), 1), ==, TS_BOARD_TURNS_HALF);
  g_assert_cmpuint (ts_board_turns_for_seat (variant ("doseki"), 0), ==, TS_BOARD_TURNS_NONE);

  /* the seat to put at the bottom: its pieces are on the lowest rows of the picture */
  for (guint seat = 0; seat < gross->n_seats; seat++)
    {
      double lowest[TS_MAX_SEATS] = { 0 };

      layout_with_turns (&l, gp, ts_board_turns_for_seat (gross, seat));
      for (guint c = 0; c < gross->geometry.ncells; c++)
        {
          TsPiece q = ts_position_piece_at (gp, c);
          double x, y, size;

          guint layer, f, r;

          ts_variant_cell_layer (gross, c, &layer, &f, &r);
          if (q == 0 || layer != 0)
            continue;
          ts_board_layout_cell_rect (&l, c, &x, &y, &size);
          lowest[TS_PIECE_SEAT (q)] = MAX (lowest[TS_PIECE_SEAT (q)], y);
        }
      for (guint other = 0; other < gross->n_seats; other++)
        g_assert_cmpfloat (lowest[seat], >=, lowest[other]);
    }
}

/* A flipped diagram draws the same pieces on the same cells. */
static void
test_turns_pixels (void)
{
  const TsVariant *v = variant ("raumschach");
  g_autoptr (TsPosition) p = ts_position_new_initial (v);
  TsBoardRenderOptions o;
  TsBoardLayout l0, l2;
  cairo_surface_t *s0, *s2;
  const char *cells[] = { "Ac1", "Bc1", "Ec5", "Aa2", "Cc3", "Dd4" };

  ts_board_render_options_init (&o, p);
  s0 = render (&o, &l0, W, H);
  o.turns = TS_BOARD_TURNS_HALF;
  s2 = render (&o, &l2, W, H);
  /* the same piece on the same cell colour in every view: the same mean colour over the
   * cell (pixel rounding apart) */
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      guint32 a = cell_mean (s0, &l0, cell (v, cells[i])), b = cell_mean (s2, &l2, cell (v, cells[i]));

      g_test_message ("%s: %06x %06x", cells[i], a & 0xffffff, b & 0xffffff);
      g_assert_true (board_test_near (a, b, 10));
    }
  /* and the picture did change: Black's king is now in the first layer */
  g_assert_false (board_test_near (cell_pixel (s0, &l0, cell (v, "Ac1"), 0.5, 0.6),
                                   cell_pixel (s2, &l0, cell (v, "Ac1"), 0.5, 0.6), 8));
  cairo_surface_destroy (s0);
  cairo_surface_destroy (s2);
}

/* The diagram command: --shapes, --game and --ply, --flip and --bottom. */
static cairo_surface_t *
read_png (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  return s;
}

/* The layout tessera-cli diagram uses for a width. */
static void
diagram_layout (TsBoardLayout *layout, const TsPosition *p, guint turns, int width)
{
  TsBoardRenderOptions o;

  ts_board_render_options_init (&o, p);
  o.fixed_arrangement = TRUE;
  o.turns = turns;
  ts_board_layout_compute (layout, ts_position_variant (p), &o, width,
                           ts_board_layout_natural_height (ts_position_variant (p), &o, width));
}

static void
test_cli (void)
{
  const TsVariant *v = variant ("raumschach");
  g_autofree char *dir = g_dir_make_tmp ("tessera-shapes-XXXXXX", NULL);
  g_autofree char *plain_png = g_build_filename (dir, "plain.png", NULL);
  g_autofree char *shapes_png = g_build_filename (dir, "shapes.png", NULL);
  g_autofree char *game_png = g_build_filename (dir, "game.png", NULL);
  g_autofree char *game_file = g_build_filename (dir, "game.tessera", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (TsGame) game = ts_game_new (v, NULL);
  g_autoptr (TsPosition) start = ts_position_new_initial (v);
  TsShape mark = { cell (v, "Cc3"), cell (v, "Cc3"), TS_SHAPE_BLUE };
  TsBoardLayout layout;
  cairo_surface_t *plain, *drawn;

  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--size", "900", "--output", plain_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--size", "900", "--shapes",
                           "RCa1-Cc3, GCe5", "--output", shapes_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  plain = read_png (plain_png);
  drawn = read_png (shapes_png);
  diagram_layout (&layout, start, 0, 900);
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Cb2"), 0.5, 0.5), TS_SHAPE_RED));
  g_assert_false (looks_like (cell_pixel (plain, &layout, cell (v, "Cb2"), 0.5, 0.5), TS_SHAPE_RED));
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Ce5"), 0.92, 0.5), TS_SHAPE_GREEN));
  g_assert_cmphex (cell_pixel (drawn, &layout, cell (v, "Cd1"), 0.5, 0.5), ==,
                   cell_pixel (plain, &layout, cell (v, "Cd1"), 0.5, 0.5));
  cairo_surface_destroy (drawn);

  /* a game's move with its shapes, seen from Black's side */
  ts_game_toggle_shape (game, ts_game_add_move_text (game, "NAb1-Ac3", NULL), &mark);
  ts_game_add_move_text (game, "NEb5-Ec3", NULL);
  g_assert_true (ts_game_save (game, game_file, TS_GAME_FORMAT_XML, NULL));
  {
    const char *args[] = { "diagram", "--game", game_file, "--ply", "1", "--flip", "--size", "900",
                           "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  drawn = read_png (game_png);
  ts_game_go_to (game, ts_game_node_child (ts_game_root (game), 0));
  diagram_layout (&layout, ts_game_position (game), TS_BOARD_TURNS_HALF, 900);
  g_assert_true (looks_like (cell_pixel (drawn, &layout, cell (v, "Cc3"), 0.08, 0.5), TS_SHAPE_BLUE));
  /* the knight stands on Ac3 after ply 1, not on Ab1 */
  g_assert_cmphex (cell_pixel (drawn, &layout, cell (v, "Ab1"), 0.5, 0.5), !=,
                   cell_pixel (drawn, &layout, cell (v, "Ac3"), 0.5, 0.5));
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (plain);

  /* --bottom by name and number */
  {
    const char *args[] = { "diagram", "--variant", "grossraumschach", "--bottom", "red", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  {
    const char *args[] = { "diagram", "--variant", "grossraumschach", "--bottom", "4", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  }
  /* mistakes are told */
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--shapes", "GAa1,Xb2", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "--shapes: bad shape “Xb2”"));
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--bottom", "Purple", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
    g_assert_nonnull (strstr (err, "“Purple” is not a seat of raumschach"));
  }
  {
    const char *args[] = { "diagram", "--game", game_file, "--ply", "7", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "--ply 7: the main line of"));
    g_assert_nonnull (strstr (err, "has 2 plies"));
  }
  {
    const char *args[] = { "diagram", "--game", game_file, "--variant", "raumschach", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--ply", "1", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
  }
  {
    const char *args[] = { "diagram", "--variant", "raumschach", "--flip", "--bottom", "1", "--output", game_png, NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 2);
  }
  g_remove (plain_png);
  g_remove (shapes_png);
  g_remove (game_png);
  g_remove (game_file);
  {
    g_autofree char *backup = g_strconcat (game_file, "~", NULL);
    g_remove (backup);
  }
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board-shapes/drawn", test_shapes_drawn);
  g_test_add_func ("/board-shapes/labels", test_shapes_labels);
  g_test_add_func ("/board-shapes/nihongi", test_shapes_nihongi);
  g_test_add_func ("/board-turns/layout", test_turns_layout);
  g_test_add_func ("/board-turns/directions", test_turns_directions);
  g_test_add_func ("/board-turns/pixels", test_turns_pixels);
  g_test_add_func ("/board-shapes/cli", test_cli);
  return g_test_run ();
}
