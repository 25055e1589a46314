#pragma once

#include "game-analysis.h"
#include "tessera-window.h"

G_BEGIN_DECLS

/* Installs whole-game analysis in a game window (docs/analysis.md): a TsGameAnalysis
 * under the board following the window's session, the actions win.analyse-game (start;
 * disabled while one runs or without moves), win.cancel-analysis and
 * win.analysis-variations (the GSettings key analysis-variations). Returns the widget. */
TsGameAnalysis *ts_analysis_actions_install (TesseraWindow *window);

G_END_DECLS
