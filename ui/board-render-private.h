#pragma once

#include "board-render.h"

G_BEGIN_DECLS

/* Shared by the files of the board renderer (board-render.c, board-layout.c,
 * board-render-shapes.c). */

/* The family the labels drawn on the board use (translatable: cairo's toy text API has no
 * font fallback). */
const char *ts_board_label_font (void);

/* Shared by board-layout.c and the drawing: a layer grid's column and row on the screen
 * (from the left, from the bottom) to the layer's file and rank, in the layout's view;
 * Nihongi's block of a layer among the 3×3 blocks. */
void        ts_board_layout_from_screen (const TsBoardLayout *layout,
                                         guint                col,
                                         guint                row,
                                         guint               *file,
                                         guint               *rank);
void        ts_board_layout_block_place (const TsBoardLayout *layout,
                                         guint                layer,
                                         guint               *block_x,
                                         guint               *block_y);

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
