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

G_END_DECLS
