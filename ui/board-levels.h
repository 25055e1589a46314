#pragma once

#include "board-render.h"

G_BEGIN_DECLS

/* Cubic Chess 8×8×8's levels are named by colours (RULES.md §3: w r o y g b p k, top to
 * bottom) and each is drawn in its colour. The pieces must stay visible on every level:
 * a piece whose body colour is close to its cell's (CIEDE2000 below
 * TS_BOARD_PIECE_MIN_DELTA_E — the white pieces on the white level, orange on orange) is
 * drawn with the bold outline, which stands out from that cell. */

#define TS_BOARD_PIECE_MIN_DELTA_E 15.0

/* The level of a cubic8 layer, 0 (white) to 7 (black); -1 in other variants. */
int         ts_board_level_of_layer (const TsVariant    *v,
                                     guint               layer);
/* Its colour's name, untranslated (N_(): "white"). */
const char *ts_board_level_name     (int                 level);
/* The light and dark cells of a level in a theme (the high-contrast theme darkens the dark
 * cells). */
void        ts_board_level_cells    (int                 level,
                                     const TsBoardTheme *theme,
                                     TsRgb              *light,
                                     TsRgb              *dark);
/* Whether a piece of @army on a cell of colour @cell needs the bold outline to be seen. */
gboolean    ts_board_piece_needs_outline (TsArmy       army,
                                          const TsRgb *cell);
/* The same for a piece on @cell of a cubic8 level (FALSE elsewhere), from a table. */
gboolean    ts_board_level_piece_bold    (const TsVariant    *v,
                                          const TsBoardTheme *theme,
                                          TsCell              cell,
                                          TsArmy              army);

G_END_DECLS
