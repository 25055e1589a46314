#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TS_TYPE_PREFERENCES_DIALOG (ts_preferences_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsPreferencesDialog, ts_preferences_dialog, TS, PREFERENCES_DIALOG, AdwPreferencesWindow)

/* The Preferences window (AdwPreferencesWindow): piece style, coordinates, move animation, sound, board
 * colours and the colour scheme, each bound to its GSettings key (changes apply at
 * once, nothing to confirm). */
GtkWidget *ts_preferences_dialog_new (GtkWindow *parent);

/* Binds the "color-scheme" key to the default AdwStyleManager: "default" follows the
 * desktop's preference (light without one), "light" and "dark" force one. The
 * application calls it at start-up; it keeps following the key. */
void       ts_preferences_follow_color_scheme (GSettings *settings);

G_END_DECLS
