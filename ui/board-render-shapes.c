/* Arrows and marked cells over the board (docs/board-drawing.md, "Arrows and marked cells").
 *
 * An arrow inside one layer is drawn as on a 2D board. An arrow between layers is drawn in
 * both: in the layer it leaves, from its cell toward the target's file and rank there; in
 * the layer it reaches, from the origin's file and rank there to the target; each end
 * names the cell at the other end, and a faint dashed line joins the two real cells. When
 * the move goes straight up or down (same file and rank), each layer shows a ring with
 * the other cell's name. Nihongi's nine blocks form one 9×9 board: arrows go straight
 * across it. */
#include "board-render-private.h"

#include <math.h>

#include "rules/geometry.h"

/* As Lichess draws its brushes: green, red, blue, yellow; then the engine's violet and the
 * hint's teal, which no user colour takes. */
static const TsRgb shape_colours[TS_BOARD_N_SHAPE_COLOURS] = {
  [TS_SHAPE_GREEN]       = { 0.08, 0.47, 0.11 },
  [TS_SHAPE_RED]         = { 0.60, 0.13, 0.13 },
  [TS_SHAPE_BLUE]        = { 0.00, 0.19, 0.53 },
  [TS_SHAPE_YELLOW]      = { 0.90, 0.56, 0.00 },
  [TS_BOARD_SHAPE_ENGINE] = { 0.45, 0.20, 0.72 },
  [TS_BOARD_SHAPE_HINT]   = { 0.00, 0.53, 0.58 },
};

#define SHAPE_ALPHA 0.78

TsRgb
ts_board_shape_rgb (guint colour)
{
  return shape_colours[colour < TS_BOARD_N_SHAPE_COLOURS ? colour : TS_SHAPE_GREEN];
}

static void
set_shape_colour (cairo_t *cr, guint colour, double alpha)
{
  TsRgb c = ts_board_shape_rgb (colour);

  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

static gboolean
cell_centre (const TsBoardLayout *layout, TsCell cell, double *x, double *y)
{
  double size;

  if (!ts_board_layout_cell_rect (layout, cell, x, y, &size))
    return FALSE;
  *x += size / 2;
  *y += size / 2;
  return TRUE;
}

/* One closed outline, shaft and head, so that a translucent arrow has no darker overlap. */
static void
arrow_path (cairo_t *cr, double x1, double y1, double x2, double y2, double c)
{
  double len = hypot (x2 - x1, y2 - y1);
  double head = MIN (c * 0.42, len * 0.6), w = c * 0.15, hw = c * 0.44;
  double ux, uy, nx, ny, bx, by;

  if (len < 1)
    return;
  ux = (x2 - x1) / len;
  uy = (y2 - y1) / len;
  nx = -uy;
  ny = ux;
  bx = x2 - ux * head;
  by = y2 - uy * head;
  cairo_new_path (cr);
  cairo_move_to (cr, x1 + nx * w / 2, y1 + ny * w / 2);
  cairo_line_to (cr, bx + nx * w / 2, by + ny * w / 2);
  cairo_line_to (cr, bx + nx * hw / 2, by + ny * hw / 2);
  cairo_line_to (cr, x2, y2);
  cairo_line_to (cr, bx - nx * hw / 2, by - ny * hw / 2);
  cairo_line_to (cr, bx - nx * w / 2, by - ny * w / 2);
  cairo_line_to (cr, x1 - nx * w / 2, y1 - ny * w / 2);
  cairo_close_path (cr);
}

/* An arrow between the centres of two cells, its tip a little short of the target's centre. */
static void
draw_arrow (cairo_t *cr, const TsBoardLayout *layout, TsCell from, TsCell to, guint colour)
{
  double x1, y1, x2, y2, len, c = layout->cell;

  if (!cell_centre (layout, from, &x1, &y1) || !cell_centre (layout, to, &x2, &y2))
    return;
  len = hypot (x2 - x1, y2 - y1);
  if (len < 1)
    return;
  x2 -= (x2 - x1) / len * c * 0.12;
  y2 -= (y2 - y1) / len * c * 0.12;
  arrow_path (cr, x1, y1, x2, y2, c);
  set_shape_colour (cr, colour, SHAPE_ALPHA);
  cairo_fill (cr);
}

static void
draw_ring (cairo_t *cr, const TsBoardLayout *layout, TsCell cell, double radius, guint colour)
{
  double x, y, c = layout->cell;

  if (!cell_centre (layout, cell, &x, &y))
    return;
  cairo_new_path (cr);
  cairo_arc (cr, x, y, c * radius, 0, 2 * G_PI);
  set_shape_colour (cr, colour, SHAPE_ALPHA);
  cairo_set_line_width (cr, MAX (2.0, c * 0.09));
  cairo_stroke (cr);
}

/* The label's font, sized for the board's cells. */
static void
set_label_font (cairo_t *cr, double size)
{
  cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, MAX (7.0, size * 0.3));
}

static double
overlap (const TsBoardShapeLabel *a, double x, double y, double w, double h)
{
  double dx = MIN (a->x + a->width, x + w) - MAX (a->x, x);
  double dy = MIN (a->y + a->height, y + h) - MAX (a->y, y);

  return dx > 0 && dy > 0 ? dx * dy : 0;
}

/* Places the label of cell naming other among those placed before: at the edge of cell
 * toward the other end (the top edge when it lies above, else the bottom), unless that
 * covers a label already there — then the other edge, the middle, or one of them pushed
 * to the cell's side; failing all, where it covers least. */
static void
place_label (cairo_t *cr, const TsBoardLayout *layout, TsCell cell, TsCell other, guint colour,
             GArray *placed)
{
  TsBoardShapeLabel label = { .cell = cell, .other = other, .colour = colour };
  cairo_text_extents_t e;
  char name[8];
  double x, y, size, ox, oy, best = G_MAXDOUBLE;

  if (!ts_board_layout_cell_rect (layout, cell, &x, &y, &size) ||
      !cell_centre (layout, other, &ox, &oy))
    return;
  ts_variant_cell_name (layout->variant, other, name);
  set_label_font (cr, size);
  cairo_text_extents (cr, name, &e);
  label.width = e.x_advance + size * 0.14;
  label.height = size * 0.36;
  {
    double near_y = oy < y + size / 2 ? y - label.height * 0.35 : y + size - label.height * 0.65;
    double far_y = oy < y + size / 2 ? y + size - label.height * 0.65 : y - label.height * 0.35;
    const double ys[] = { near_y, far_y, y + (size - label.height) / 2 };
    const double xs[] = { x + (size - label.width) / 2, x, x + size - label.width };

    for (guint i = 0; i < G_N_ELEMENTS (xs) * G_N_ELEMENTS (ys) && best > 0; i++)
      {
        double cx = xs[i / G_N_ELEMENTS (ys)], cy = ys[i % G_N_ELEMENTS (ys)], covered = 0;

        for (guint j = 0; j < placed->len; j++)
          covered += overlap (&g_array_index (placed, TsBoardShapeLabel, j), cx, cy, label.width,
                              label.height);
        if (covered < best)
          {
            best = covered;
            label.x = cx;
            label.y = cy;
          }
      }
  }
  g_array_append_val (placed, label);
}

/* The name of the cell at the arrow's other end, white on a pill of the arrow's colour. */
static void
draw_label (cairo_t *cr, const TsBoardLayout *layout, const TsBoardShapeLabel *label)
{
  char name[8];
  cairo_text_extents_t e;
  double px = label->x, py = label->y, w = label->width, h = label->height, x, y, size;

  if (!ts_board_layout_cell_rect (layout, label->cell, &x, &y, &size))
    return;
  ts_variant_cell_name (layout->variant, label->other, name);
  set_label_font (cr, size);
  cairo_text_extents (cr, name, &e);
  cairo_new_path (cr);
  cairo_arc (cr, px + h / 2, py + h / 2, h / 2, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (cr, px + w - h / 2, py + h / 2, h / 2, -G_PI / 2, G_PI / 2);
  cairo_close_path (cr);
  set_shape_colour (cr, label->colour, 0.92);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, px + (w - e.x_advance) / 2, py + h / 2 - e.height / 2 - e.y_bearing);
  cairo_show_text (cr, name);
}

/* The same file and rank as cell, in another layer. */
static TsCell
in_layer (const TsVariant *v, TsCell cell, guint layer)
{
  guint l, f, r;

  ts_variant_cell_layer (v, cell, &l, &f, &r);
  return ts_variant_layer_cell (v, layer, f, r);
}

/* The arrow's halves in the two layers; the labels of its ends are placed in labels
 * (drawn last, over every arrow). */
static void
draw_cross_layer_arrow (cairo_t *cr, const TsBoardLayout *layout, const TsShape *s, GArray *labels)
{
  const TsVariant *v = layout->variant;
  guint from_layer, to_layer, f, r;
  TsCell leaving, arriving;
  double x1, y1, x2, y2, c = layout->cell;

  ts_variant_cell_layer (v, s->from, &from_layer, &f, &r);
  ts_variant_cell_layer (v, s->to, &to_layer, &f, &r);
  leaving = in_layer (v, s->to, from_layer);
  arriving = in_layer (v, s->from, to_layer);

  /* the faint connector first, under both halves */
  if (cell_centre (layout, s->from, &x1, &y1) && cell_centre (layout, s->to, &x2, &y2))
    {
      double dash[] = { c * 0.2, c * 0.15 };

      cairo_new_path (cr);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
      set_shape_colour (cr, s->colour, 0.3);
      cairo_set_line_width (cr, MAX (1.0, c * 0.05));
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (leaving == s->from)
    draw_ring (cr, layout, s->from, 0.3, s->colour);
  else
    draw_arrow (cr, layout, s->from, leaving, s->colour);
  if (arriving == s->to)
    draw_ring (cr, layout, s->to, 0.3, s->colour);
  else
    draw_arrow (cr, layout, arriving, s->to, s->colour);
  place_label (cr, layout, leaving, s->to, s->colour, labels);
  place_label (cr, layout, arriving, s->from, s->colour, labels);
}

/* Draws the marks, then the arrows (one of the record's shapes at a time, skipping cells
 * outside the variant); fills labels with where the cross-layer arrows' labels go. */
static void
draw_marks_and_arrows (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options,
                       GArray *labels)
{
  const TsVariant *v = layout->variant;

  /* marks under arrows, as the record orders them */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < options->n_shapes; i++)
      {
        const TsShape *s = &options->shapes[i];
        guint from_layer, to_layer, f, r;

        if (s->from < 0 || (guint) s->from >= v->geometry.ncells || s->to < 0 ||
            (guint) s->to >= v->geometry.ncells || ts_shape_is_arrow (s) != (pass == 1))
          continue;
        if (!ts_shape_is_arrow (s))
          {
            draw_ring (cr, layout, s->from, 0.42, s->colour);
            continue;
          }
        ts_variant_cell_layer (v, s->from, &from_layer, &f, &r);
        ts_variant_cell_layer (v, s->to, &to_layer, &f, &r);
        if (from_layer == to_layer || layout->blocks)
          draw_arrow (cr, layout, s->from, s->to, s->colour);
        else
          draw_cross_layer_arrow (cr, layout, s, labels);
      }
}

GArray *
ts_board_shape_labels (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options)
{
  GArray *labels = g_array_new (FALSE, FALSE, sizeof (TsBoardShapeLabel));

  if (options->n_shapes == 0 || layout->cell < 1)
    return labels;
  cairo_save (cr);
  /* measured only: nothing reaches the surface */
  cairo_push_group (cr);
  draw_marks_and_arrows (cr, layout, options, labels);
  cairo_pattern_destroy (cairo_pop_group (cr));
  cairo_restore (cr);
  return labels;
}

void
ts_board_draw_shapes (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options)
{
  g_autoptr (GArray) labels = NULL;

  if (options->n_shapes == 0 || layout->cell < 1)
    return;
  labels = g_array_new (FALSE, FALSE, sizeof (TsBoardShapeLabel));
  cairo_save (cr);
  draw_marks_and_arrows (cr, layout, options, labels);
  for (guint i = 0; i < labels->len; i++)
    draw_label (cr, layout, &g_array_index (labels, TsBoardShapeLabel, i));
  cairo_restore (cr);
}
