#pragma once

#include "board-render.h"

G_BEGIN_DECLS

/* Shared by the files of the board renderer (board-render.c, board-render-shapes.c). */

/* The family the labels drawn on the board use (translatable: cairo's toy text API has no
 * font fallback). */
const char *ts_board_label_font (void);

/* The arrows and marked cells of options, over everything else on the board. */
void        ts_board_draw_shapes (cairo_t                    *cr,
                                  const TsBoardLayout        *layout,
                                  const TsBoardRenderOptions *options);

/* The label at one end of an arrow between layers: the pill (x, y, width, height) at the
 * edge of cell, naming other. */
typedef struct {
  double x, y, width, height;
  TsCell cell;
  TsCell other;
  guint  colour;
} TsBoardShapeLabel;

/* Where ts_board_draw_shapes puts the labels of options' arrows (an array of
 * TsBoardShapeLabel, in drawing order; free it), drawing nothing. */
GArray     *ts_board_shape_labels (cairo_t                    *cr,
                                   const TsBoardLayout        *layout,
                                   const TsBoardRenderOptions *options);

G_END_DECLS
