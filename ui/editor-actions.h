#pragma once

#include "tessera-window.h"

G_BEGIN_DECLS

/* Installs the editor's parts in a game window: the actions win.edit-position,
 * win.preferences, win.export-diagram, win.copy-image and win.solve, and the
 * Analysis page of the side pane (following the game's current position). */
void ts_editor_actions_install (TesseraWindow *window);

G_END_DECLS
