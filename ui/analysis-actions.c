/* Whole-game analysis hooked into the game window (analysis-actions.h). */
#include "config.h"

#include "analysis-actions.h"

static void
update_enabled (TsGameAnalysis *analysis, TesseraWindow *window)
{
  TsGameSession *session = tessera_window_get_session (window);
  gboolean has_moves = session && ts_game_node_n_children (ts_game_root (ts_game_session_get_game (session))) > 0;
  GAction *start = g_action_map_lookup_action (G_ACTION_MAP (window), "analyse-game");
  GAction *cancel = g_action_map_lookup_action (G_ACTION_MAP (window), "cancel-analysis");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (start), has_moves && !ts_game_analysis_is_running (analysis));
  g_simple_action_set_enabled (G_SIMPLE_ACTION (cancel), ts_game_analysis_is_running (analysis));
}

static void
session_changed (TesseraWindow *window)
{
  update_enabled (g_object_get_data (G_OBJECT (window), "ts-game-analysis"), window);
}

static void
action_analyse (GSimpleAction *action, GVariant *param, gpointer data)
{
  TesseraWindow *window = data;
  TsGameAnalysis *analysis = g_object_get_data (G_OBJECT (window), "ts-game-analysis");
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  TsAnnotateOptions options;

  ts_annotate_options_init (&options);
  options.variations = g_settings_get_boolean (settings, "analysis-variations");
  ts_game_analysis_start (analysis, &options);
  update_enabled (analysis, window);
}

static void
action_cancel (GSimpleAction *action, GVariant *param, gpointer data)
{
  ts_game_analysis_cancel (g_object_get_data (G_OBJECT (data), "ts-game-analysis"));
}

static void
session_replaced (TesseraWindow *window, GParamSpec *pspec, TsGameAnalysis *analysis)
{
  TsGameSession *session = tessera_window_get_session (window);

  ts_game_analysis_set_session (analysis, session);
  if (session)
    g_signal_connect_object (session, "changed", G_CALLBACK (session_changed), window, G_CONNECT_SWAPPED);
  update_enabled (analysis, window);
}

static void
finished (TsGameAnalysis *analysis, gboolean written, TesseraWindow *window)
{
  update_enabled (analysis, window);
}

TsGameAnalysis *
ts_analysis_actions_install (TesseraWindow *window)
{
  static const GActionEntry entries[] = {
    { "analyse-game", action_analyse, NULL, NULL, NULL, { 0 } },
    { "cancel-analysis", action_cancel, NULL, NULL, NULL, { 0 } },
  };
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GAction) variations = g_settings_create_action (settings, "analysis-variations");
  TsGameAnalysis *analysis = TS_GAME_ANALYSIS (ts_game_analysis_new ());
  GtkWidget *board = tessera_window_get_board (window);

  g_action_map_add_action_entries (G_ACTION_MAP (window), entries, G_N_ELEMENTS (entries), window);
  g_action_map_add_action (G_ACTION_MAP (window), variations);
  /* under the board, as wide as it */
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (board)), GTK_WIDGET (analysis), board);
  g_object_set_data (G_OBJECT (window), "ts-game-analysis", analysis);
  g_signal_connect_object (analysis, "finished", G_CALLBACK (finished), window, 0);
  g_signal_connect_object (window, "notify::session", G_CALLBACK (session_replaced), analysis, 0);
  session_replaced (window, NULL, analysis);
  return analysis;
}
