#pragma once

#include <adwaita.h>

#include "game-session.h"

G_BEGIN_DECLS

#define TS_TYPE_GAME_INFO_DIALOG (ts_game_info_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsGameInfoDialog, ts_game_info_dialog, TS, GAME_INFO_DIALOG, AdwWindow)

/* Game Information (win.game-info): the players of every seat, event, site, date, round,
 * result, annotator (the PGN tag "Annotator") and the free tags, edited together and
 * written into session's record as one undo step by Apply. Invalid values (a date not
 * "YYYY.MM.DD" with "??" for unknown parts, a result that does not fit the seats, a bad
 * tag name) mark their row and keep Apply insensitive. docs/study-tools.md. */
GtkWidget *ts_game_info_dialog_new   (GtkWindow        *parent,
                                      TsGameSession    *session);
/* What Apply does; FALSE (and nothing written) while a value is invalid. */
gboolean   ts_game_info_dialog_apply (TsGameInfoDialog *self);

/* The header lines the window shows: the players ("Alice – Bob", four seats with " · ")
 * and the event ("Tessera Cup · Berlin · 2026.12.02 · Round 3"); NULL when there is none. */
char      *ts_game_info_players_line (TsGame           *game);
char      *ts_game_info_event_line   (TsGame           *game);

G_END_DECLS
