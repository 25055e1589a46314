#pragma once

#include "tessera-window.h"

G_BEGIN_DECLS

/* Installs the editor's parts in a game window: the actions win.edit-position,
 * win.preferences, win.export-diagram, win.copy-image and win.solve, and the
 * Analysis page of the side pane (following the game's current position). */
void ts_editor_actions_install (TesseraWindow *window);
/* Shows solver (a TsProblemSolver, floating) in its own window over window, as
 * win.solve does; returns that window. */
GtkWindow *ts_editor_actions_present_solver (TesseraWindow *window, GtkWidget *solver);

G_END_DECLS
