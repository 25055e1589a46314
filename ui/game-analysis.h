#pragma once

#include <gtk/gtk.h>

#include "engine/annotate.h"
#include "eval-graph.h"
#include "game-session.h"

G_BEGIN_DECLS

#define TS_TYPE_GAME_ANALYSIS (ts_game_analysis_get_type ())
G_DECLARE_FINAL_TYPE (TsGameAnalysis, ts_game_analysis, TS, GAME_ANALYSIS, GtkWidget)

/* Under the board: whole-game analysis (docs/analysis.md) and the evaluation graph.
 *
 * ts_game_analysis_start () analyses the session's main line in a worker thread
 * (core/engine/annotate.h) with a progress bar and Cancel; the window stays usable and
 * the graph fills in as the moves are judged. At the end the result goes into the record
 * as one undo step and a summary per seat is shown beside the graph. An edit that
 * changes the analysed moves (take back, delete, promote, undo) stops the analysis and
 * says why; other edits are kept. The graph shows the evaluations stored in the main
 * line, marks the current move, and a click goes to a move.
 *
 * Actions: analysis.cancel. Signal: "finished" (gboolean written) when a run ends. */

GtkWidget   *ts_game_analysis_new          (void);
/* The session shown (NULL: none); a running analysis of another session is cancelled. */
void         ts_game_analysis_set_session  (TsGameAnalysis          *self,
                                            TsGameSession           *session);
/* FALSE if one runs already or the main line is empty. */
gboolean     ts_game_analysis_start        (TsGameAnalysis          *self,
                                            const TsAnnotateOptions *options);
void         ts_game_analysis_cancel       (TsGameAnalysis          *self);
gboolean     ts_game_analysis_is_running   (TsGameAnalysis          *self);
TsEvalGraph *ts_game_analysis_get_graph    (TsGameAnalysis          *self);
/* The summary of the last run as text (one line per seat), NULL if none; the message
 * shown after a stopped or failed run, NULL if none. */
char        *ts_game_analysis_get_summary_text (TsGameAnalysis      *self);
const char  *ts_game_analysis_get_message  (TsGameAnalysis          *self);

G_END_DECLS
