#pragma once

#include "tessera-window.h"

G_BEGIN_DECLS

/* The study tools of a game window (issue 15): arrows and marked cells drawn on the board
 * and kept in the record, the engine's and the hint's arrows, the view from any seat
 * (win.flip-board, win.bottom-seat (u)), the Game Information dialog (win.game-info) and
 * the material beside the board. Install after ts_editor_actions_install (it follows the
 * Analysis page). docs/window.md, "Study tools". */
void ts_study_tools_install (TesseraWindow *window);

/* The arrow of a move (a mark on its target for a drop or placement; FALSE for a seat
 * leaving the game). */
gboolean ts_study_tools_move_shape (TsMove   move,
                                    guint    colour,
                                    TsShape *shape);

G_END_DECLS
