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

/* The name of the cell at the arrow's other end, white on a pill of the arrow's colour, in
 * the corner of cell (toward the other end's side of the board). */
static void
draw_end_label (cairo_t *cr, const TsBoardLayout *layout, TsCell cell, TsCell other, guint colour)
{
  char name[8];
  cairo_text_extents_t e;
  double x, y, size, ox, oy, w, h, px, py;

  if (!ts_board_layout_cell_rect (layout, cell, &x, &y, &size) ||
      !cell_centre (layout, other, &ox, &oy))
    return;
  ts_variant_cell_name (layout->variant, other, name);
  cairo_select_font_face (cr, ts_board_label_font (), CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, MAX (7.0, size * 0.3));
  cairo_text_extents (cr, name, &e);
  w = e.x_advance + size * 0.14;
  h = size * 0.36;
  /* the top edge when the other end lies above, else the bottom edge */
  px = x + (size - w) / 2;
  py = oy < y + size / 2 ? y - h * 0.35 : y + size - h * 0.65;
  cairo_new_path (cr);
  cairo_arc (cr, px + h / 2, py + h / 2, h / 2, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (cr, px + w - h / 2, py + h / 2, h / 2, -G_PI / 2, G_PI / 2);
  cairo_close_path (cr);
  set_shape_colour (cr, colour, 0.92);
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

static void
draw_cross_layer_arrow (cairo_t *cr, const TsBoardLayout *layout, const TsShape *s)
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
  draw_end_label (cr, layout, leaving, s->to, s->colour);
  draw_end_label (cr, layout, arriving, s->from, s->colour);
}

void
ts_board_draw_shapes (cairo_t *cr, const TsBoardLayout *layout, const TsBoardRenderOptions *options)
{
  const TsVariant *v = layout->variant;

  if (options->n_shapes == 0 || layout->cell < 1)
    return;
  cairo_save (cr);
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
          draw_cross_layer_arrow (cr, layout, s);
      }
  cairo_restore (cr);
}
