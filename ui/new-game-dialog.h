#pragma once

#include <adwaita.h>

#include "game-session.h"

G_BEGIN_DECLS

/* Variant, for each seat human or computer with its level, and the time control, in a
 * modal libadwaita window. Emits "start" when the user starts the game (Start, Enter, or
 * the action new-game.start), then destroys itself; Cancel and Escape close it. */

#define TS_TYPE_NEW_GAME_DIALOG (ts_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsNewGameDialog, ts_new_game_dialog, TS, NEW_GAME_DIALOG, AdwWindow)

GtkWidget       *ts_new_game_dialog_new         (GtkWindow            *parent,
                                                 const char           *variant_id,
                                                 const TsSessionSetup *setup);
const TsVariant *ts_new_game_dialog_get_variant (TsNewGameDialog      *self);
void             ts_new_game_dialog_get_setup   (TsNewGameDialog      *self,
                                                 TsSessionSetup       *setup);

G_END_DECLS
