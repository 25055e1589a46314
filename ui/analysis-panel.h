#pragma once

#include <gtk/gtk.h>

#include "rules/move.h"
#include "rules/position.h"

G_BEGIN_DECLS

#define TS_TYPE_ANALYSIS_PANEL (ts_analysis_panel_get_type ())
G_DECLARE_FINAL_TYPE (TsAnalysisPanel, ts_analysis_panel, TS, ANALYSIS_PANEL, GtkWidget)

/* The Analysis side pane: start and stop, the number of lines, depth, score and
 * nodes per second, and the principal variations as clickable notation (the game's
 * evaluation graph is under the board: ui/game-analysis.h). The engine runs in its
 * worker thread (TsSearch); the main loop only receives copies of its progress.
 *
 * Actions: analysis.toggle (start or stop). Signals: "line-activated" (guint line,
 * guint n_plies) when a move of a line is clicked — the owner plays the line's
 * first n_plies moves (ts_analysis_panel_get_line); "lines-changed" () whenever the
 * lines shown or the running state change; "line-hovered" (int line, -1 when the
 * pointer leaves) — the owner shows the line's first move on the board. */

GtkWidget    *ts_analysis_panel_new          (void);
/* Copies p; a running analysis restarts on it. */
void          ts_analysis_panel_set_position (TsAnalysisPanel  *self,
                                              const TsPosition *p);
void          ts_analysis_panel_start        (TsAnalysisPanel  *self);
void          ts_analysis_panel_stop         (TsAnalysisPanel  *self);
gboolean      ts_analysis_panel_is_running   (TsAnalysisPanel  *self);
void          ts_analysis_panel_set_n_lines  (TsAnalysisPanel  *self,
                                              guint             n_lines);
guint         ts_analysis_panel_get_depth    (TsAnalysisPanel  *self);
guint         ts_analysis_panel_get_n_lines_shown (TsAnalysisPanel *self);
/* Line i's moves (NULL if none); *n_moves set. */
const TsMove *ts_analysis_panel_get_line     (TsAnalysisPanel  *self,
                                              guint             line,
                                              guint            *n_moves);
/* Line i's score as shown ("+0.35", "#2", "-#3"), or NULL. */
const char   *ts_analysis_panel_get_score_text (TsAnalysisPanel *self,
                                              guint             line);

G_END_DECLS
