/* Where the board's cells go on the screen: the layers' grids (or Nihongi's blocks) fitted
 * to a size with room for coordinates, the status line and a caption; the views from other
 * sides (quarter turns); hit testing. docs/board-drawing.md, "Layout" and "Views". */
#include "board-render.h"
#include "board-render-private.h"

#include <math.h>
#include <string.h>

#include "rules/geometry.h"

static gboolean
is_blocks (const TsVariant *v)
{
  /* Nihongi: a 4D board written as one 9×9 board of 3×3 blocks */
  return v->geometry.ndims == 4 && v->geometry.size[2] == 3 && v->geometry.size[3] == 3 &&
         v->geometry.size[0] == 3 && v->geometry.size[1] == 3;
}

typedef struct {
  gboolean coords, status, caption;
} LayoutNeeds;

/* Label font size for a cell size. */
static double
label_for_cell (double cell)
{
  return CLAMP (cell * 0.40, 9.0, 22.0);
}

/* Extent of an arrangement for cell size c; sets the bands when layout != NULL. */
static void
layout_extent (const TsVariant *v, guint cols, guint rows, gboolean blocks,
               const LayoutNeeds *needs, double c, double *w, double *h)
{
  guint files = v->geometry.size[0], ranks = v->geometry.size[1];
  double label = label_for_cell (c);
  double coord_w = needs->coords ? label * 1.3 : 0;
  double coord_h = needs->coords ? label * 1.5 : 0;
  double margin = label * 0.6;
  double caption_h = needs->caption ? label * 2.0 : 0;
  double status_h = needs->status ? label * 2.4 : 0;

  if (blocks)
    {
      double gap = c * 0.14;
      *w = 2 * margin + coord_w + cols * files * c + (cols - 1) * gap;
      *h = 2 * margin + coord_h + rows * ranks * c + (rows - 1) * gap + caption_h + status_h;
      return;
    }

  double title_h = label * 1.6;
  double gap = MAX (c * 0.35, label * 0.8);
  *w = 2 * margin + cols * (files * c + coord_w) + (cols - 1) * gap;
  *h = 2 * margin + rows * (ranks * c + title_h + coord_h) + (rows - 1) * gap * 0.5 +
       caption_h + status_h;
}

/* Largest cell size fitting (width, height); monotonic, so bisect. */
static double
fit_cell (const TsVariant *v, guint cols, guint rows, gboolean blocks, const LayoutNeeds *needs,
          double width, double height)
{
  double lo = 0, hi = MAX (width, height);

  for (int i = 0; i < 40; i++)
    {
      double mid = (lo + hi) / 2, w, h;
      layout_extent (v, cols, rows, blocks, needs, mid, &w, &h);
      if (w <= width && h <= height)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static void
preferred_arrangement (guint n, guint *cols, guint *rows)
{
  if (n <= 5)
    *cols = n;
  else if (n == 9)
    *cols = 3;
  else
    *cols = (n + 1) / 2;
  *rows = (n + *cols - 1) / *cols;
}

static void
layout_needs (const TsBoardRenderOptions *options, LayoutNeeds *needs)
{
  needs->coords = options->coordinates;
  needs->status = options->status;
  needs->caption = options->caption && options->caption[0];
}

gboolean
ts_board_turns_valid (const TsVariant *v, guint turns)
{
  return turns < 4 && (turns % 2 == 0 || v->geometry.size[0] == v->geometry.size[1]);
}

/* A cell's column and row on the layer grids' common plane (Nihongi: the 9×9 board). */
static void
plane_coords (const TsVariant *v, TsCell cell, double *x, double *y)
{
  int co[TS_MAX_DIMS];

  ts_geometry_coords (&v->geometry, cell, co);
  *x = is_blocks (v) ? co[2] * 3 + co[0] : co[0];
  *y = is_blocks (v) ? co[3] * 3 + co[1] : co[1];
}

guint
ts_board_turns_for_seat (const TsVariant *v, guint seat)
{
  g_autoptr (TsPosition) initial = ts_position_new_initial (v);
  /* [0]: pawns, [1]: the other pieces */
  double sx[2] = { 0 }, sy[2] = { 0 }, n[2] = { 0 }, fx, fy;

  g_return_val_if_fail (seat < v->n_seats, TS_BOARD_TURNS_NONE);
  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      TsPiece q = ts_position_piece_at (initial, c);
      guint kind;
      double x, y;

      if (q == 0 || TS_PIECE_SEAT (q) != seat)
        continue;
      kind = v->piece_types[TS_PIECE_TYPE (q)].pawn ? 0 : 1;
      plane_coords (v, c, &x, &y);
      sx[kind] += x;
      sy[kind] += y;
      n[kind]++;
    }
  if (n[1] == 0)
    return TS_BOARD_TURNS_NONE;
  /* the way the army faces: from its pieces to its pawns, or without pawns (Doseki) toward
   * the middle of the board; that way is up */
  if (n[0] > 0)
    {
      fx = sx[0] / n[0] - sx[1] / n[1];
      fy = sy[0] / n[0] - sy[1] / n[1];
    }
  else
    {
      fx = ((is_blocks (v) ? 9 : v->geometry.size[0]) - 1) / 2.0 - sx[1] / n[1];
      fy = ((is_blocks (v) ? 9 : v->geometry.size[1]) - 1) / 2.0 - sy[1] / n[1];
    }
  if (fabs (fy) >= fabs (fx) || !ts_board_turns_valid (v, TS_BOARD_TURNS_LEFT))
    return fy >= 0 ? TS_BOARD_TURNS_NONE : TS_BOARD_TURNS_HALF;
  return fx > 0 ? TS_BOARD_TURNS_LEFT : TS_BOARD_TURNS_RIGHT;
}

/* A layer's (file, rank) and its place in the layer's grid on the screen: the column from
 * the left and the row from the bottom. Quarter turns are counterclockwise. */
static void
to_screen (const TsBoardLayout *layout, guint f, guint r, guint *col, guint *row)
{
  guint lf = layout->files - 1, lr = layout->ranks - 1;

  switch (layout->turns)
    {
    case TS_BOARD_TURNS_LEFT:  *col = lr - r; *row = f; break;
    case TS_BOARD_TURNS_HALF:  *col = lf - f; *row = lr - r; break;
    case TS_BOARD_TURNS_RIGHT: *col = r; *row = lf - f; break;
    default:                   *col = f; *row = r; break;
    }
}

void
ts_board_layout_from_screen (const TsBoardLayout *layout, guint col, guint row, guint *f, guint *r)
{
  guint lf = layout->files - 1, lr = layout->ranks - 1;

  switch (layout->turns)
    {
    case TS_BOARD_TURNS_LEFT:  *f = row; *r = lr - col; break;
    case TS_BOARD_TURNS_HALF:  *f = lf - col; *r = lr - row; break;
    case TS_BOARD_TURNS_RIGHT: *f = lf - row; *r = col; break;
    default:                   *f = col; *r = row; break;
    }
}

/* Nihongi: a block's place among the 3×3 blocks (column from the left, row from the
 * bottom); turned round with the board. */
void
ts_board_layout_block_place (const TsBoardLayout *layout, guint layer, guint *bx, guint *by)
{
  int coords[TS_MAX_DIMS];
  gboolean half = layout->turns == TS_BOARD_TURNS_HALF;

  ts_geometry_coords (&layout->variant->geometry,
                      ts_variant_layer_cell (layout->variant, layer, 0, 0), coords);
  *bx = half ? 2 - coords[2] : coords[2];
  *by = half ? 2 - coords[3] : coords[3];
}

void
ts_board_layout_compute (TsBoardLayout *layout, const TsVariant *v,
                         const TsBoardRenderOptions *options, double width, double height)
{
  LayoutNeeds needs;
  guint n = ts_variant_n_layers (v);
  guint cols, rows;
  gboolean blocks = is_blocks (v);
  double best = -1;

  g_return_if_fail (n > 0 && n <= TS_BOARD_MAX_LAYERS);
  layout_needs (options, &needs);
  memset (layout, 0, sizeof *layout);
  layout->variant = v;
  layout->width = width;
  layout->height = height;
  layout->turns = ts_board_turns_valid (v, options->turns) ? options->turns : TS_BOARD_TURNS_NONE;
  layout->n_layers = n;
  layout->files = v->geometry.size[0];
  layout->ranks = v->geometry.size[1];
  layout->blocks = blocks;

  if (blocks)
    {
      cols = rows = 3;
      best = fit_cell (v, cols, rows, TRUE, &needs, width, height);
    }
  else if (options->fixed_arrangement)
    {
      preferred_arrangement (n, &cols, &rows);
      best = fit_cell (v, cols, rows, FALSE, &needs, width, height);
    }
  else
    {
      /* up to five layers stand in one row unless a grid of grids gives clearly
       * bigger cells (a tall window); six or more always form a grid */
      double row_cell = n <= 5 ? fit_cell (v, n, 1, FALSE, &needs, width, height) : -1;

      cols = rows = 1;
      for (guint c = 1; c <= n; c++)
        {
          guint r = (n + c - 1) / c;
          double cell;
          if (r < 2 || (r - 1) * c >= n)
            continue;
          cell = fit_cell (v, c, r, FALSE, &needs, width, height);
          if (cell > best + 0.01)
            {
              best = cell;
              cols = c;
              rows = r;
            }
        }
      if (n <= 5 && (best < row_cell * 1.25 || n == 1))
        {
          best = row_cell;
          cols = n;
          rows = 1;
        }
    }

  layout->cols = cols;
  layout->rows = rows;
  layout->cell = floor (best * 4) / 4;  /* keep cells on quarter pixels */
  layout->label = label_for_cell (layout->cell);

  /* centre the arrangement in the rectangle */
  double c = layout->cell, label = layout->label, w, h;
  layout_extent (v, cols, rows, blocks, &needs, c, &w, &h);
  double margin = label * 0.6;
  double x0 = floor ((width - w) / 2) + margin, y0 = floor ((height - h) / 2) + margin;
  double coord_w = needs.coords ? label * 1.3 : 0;
  double coord_h = needs.coords ? label * 1.5 : 0;

  layout->caption_h = needs.caption ? label * 2.0 : 0;
  layout->caption_y = y0;
  y0 += layout->caption_h;

  if (blocks)
    {
      double gap = c * 0.14;
      for (guint l = 0; l < n; l++)
        {
          guint bx, by;

          ts_board_layout_block_place (layout, l, &bx, &by);
          layout->layers[l].x = x0 + coord_w + bx * (3 * c + gap);
          layout->layers[l].y = y0 + (2 - by) * (3 * c + gap);
        }
      layout->status_y = y0 + 9 * c + 2 * gap + coord_h;
    }
  else
    {
      double title_h = label * 1.6;
      double gap = MAX (c * 0.35, label * 0.8);
      double box_w = layout->files * c + coord_w, box_h = layout->ranks * c + title_h + coord_h;
      for (guint l = 0; l < n; l++)
        {
          /* seen from the other side, the last layer comes first */
          guint slot = layout->turns == TS_BOARD_TURNS_HALF ? n - 1 - l : l;
          guint col = slot % cols, row = slot / cols;
          /* centre a short last row */
          guint in_row = MIN (cols, n - row * cols);
          double shift = (cols - in_row) * (box_w + gap) / 2;
          layout->layers[l].x = x0 + shift + col * (box_w + gap) + coord_w;
          layout->layers[l].y = y0 + row * (box_h + gap * 0.5) + title_h;
        }
      layout->status_y = y0 + rows * box_h + (rows - 1) * gap * 0.5;
    }
  layout->status_h = needs.status ? label * 2.4 : 0;
}

double
ts_board_layout_natural_height (const TsVariant *v, const TsBoardRenderOptions *options,
                                double width)
{
  LayoutNeeds needs;
  guint n = ts_variant_n_layers (v), cols, rows;
  gboolean blocks = is_blocks (v);
  double c, w, h;

  layout_needs (options, &needs);
  if (blocks)
    cols = rows = 3;
  else
    preferred_arrangement (n, &cols, &rows);
  c = fit_cell (v, cols, rows, blocks, &needs, width, G_MAXINT);
  layout_extent (v, cols, rows, blocks, &needs, floor (c * 4) / 4, &w, &h);
  return ceil (h);
}

TsCell
ts_board_layout_cell_at (const TsBoardLayout *layout, double x, double y)
{
  double c = layout->cell;

  if (c <= 0)
    return TS_NO_CELL;
  for (guint l = 0; l < layout->n_layers; l++)
    {
      double fx = (x - layout->layers[l].x) / c, fy = (y - layout->layers[l].y) / c;
      guint f, r;

      if (fx >= 0 && fy >= 0 && fx < layout->files && fy < layout->ranks)
        {
          ts_board_layout_from_screen (layout, (guint) fx, layout->ranks - 1 - (guint) fy, &f, &r);
          return ts_variant_layer_cell (layout->variant, l, f, r);
        }
    }
  return TS_NO_CELL;
}

gboolean
ts_board_layout_cell_rect (const TsBoardLayout *layout, TsCell cell, double *x, double *y,
                           double *size)
{
  guint layer, file, rank, col, row;

  if (cell < 0 || (guint) cell >= layout->variant->geometry.ncells || layout->cell <= 0)
    return FALSE;
  ts_variant_cell_layer (layout->variant, cell, &layer, &file, &rank);
  to_screen (layout, file, rank, &col, &row);
  *x = layout->layers[layer].x + col * layout->cell;
  *y = layout->layers[layer].y + (layout->ranks - 1 - row) * layout->cell;
  *size = layout->cell;
  return TRUE;
}
