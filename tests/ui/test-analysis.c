/* TsAnalysisPanel and TsEvalGraph: the engine in its worker thread finds a mate,
 * several lines, clickable moves, stop; the graph maps clicks to plies. */
#include <adwaita.h>
#include <string.h>

#include "analysis-panel.h"
#include "rules/notation.h"
#include "engine/engine.h"
#include "rules/postext.h"
#include "widget-test.h"

static GtkWidget *
window_with (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 500);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Runs the main loop until the panel stops or shows a line with a mate. */
static void
wait_for (TsAnalysisPanel *panel, gboolean (*done) (TsAnalysisPanel *))
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!done (panel) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (done (panel));
}

static gboolean
has_mate (TsAnalysisPanel *panel)
{
  const char *s = ts_analysis_panel_get_score_text (panel, 0);

  return s && s[0] == '#';
}

static gboolean
three_lines_deep (TsAnalysisPanel *panel)
{
  return ts_analysis_panel_get_n_lines_shown (panel) == 3 && ts_analysis_panel_get_depth (panel) >= 3;
}

static guint activated_line, activated_n;

static void
on_line (TsAnalysisPanel *panel, guint line, guint n, gpointer data)
{
  activated_line = line;
  activated_n = n;
}

static void
test_mate_in_one (void)
{
  g_autoptr(TsPosition) p = ts_position_from_text ("raumschach w:KAc5,QEb5,REc1,UBe1 b:KAa5 turn=w", NULL);
  TsAnalysisPanel *panel = TS_ANALYSIS_PANEL (ts_analysis_panel_new ());
  GtkWidget *window = window_with (GTK_WIDGET (panel));
  const TsMove *line;
  guint n;
  TsUndo u;
  TsResult r;

  g_assert_nonnull (p);
  ts_analysis_panel_set_position (panel, p);
  g_assert_false (ts_analysis_panel_is_running (panel));
  gtk_widget_activate_action (GTK_WIDGET (panel), "analysis.toggle", NULL);
  g_assert_true (ts_analysis_panel_is_running (panel));
  wait_for (panel, has_mate);
  g_assert_cmpstr (ts_analysis_panel_get_score_text (panel, 0), ==, "#1");
  line = ts_analysis_panel_get_line (panel, 0, &n);
  g_assert_cmpuint (n, >=, 1);
  /* the first move really mates */
  {
    g_autoptr(TsPosition) q = ts_position_copy (p);

    g_assert_true (ts_position_is_legal (q, line[0]));
    ts_position_make (q, line[0], &u);
    ts_position_result (q, &r);
    g_assert_cmpint (r.kind, ==, TS_RESULT_WIN);
    g_assert_cmpstr (r.reason, ==, "checkmate");
  }
  /* A proven mate can end the search by itself before this point; toggling then would
   * start a new one, so toggle only a search that still runs. */
  if (ts_analysis_panel_is_running (panel))
    gtk_widget_activate_action (GTK_WIDGET (panel), "analysis.toggle", NULL);
  g_assert_false (ts_analysis_panel_is_running (panel));
  widget_test_destroy_and_wait (window, panel);
}

static gboolean
link_in (GtkWidget *root, const char *uri)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      g_autofree char *quoted = g_strdup_printf ("\"%s\"", uri);

      if (GTK_IS_LABEL (c) && gtk_widget_get_visible (c) && strstr (gtk_label_get_label (GTK_LABEL (c)), quoted))
        {
          gboolean handled = FALSE;

          g_signal_emit_by_name (c, "activate-link", uri, &handled);
          return handled;
        }
      if (link_in (c, uri))
        return TRUE;
    }
  return FALSE;
}

static void
test_lines (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  TsAnalysisPanel *panel = TS_ANALYSIS_PANEL (ts_analysis_panel_new ());
  GtkWidget *window = window_with (GTK_WIDGET (panel));
  const TsMove *l0, *l1;
  guint n0, n1;

  g_signal_connect (panel, "line-activated", G_CALLBACK (on_line), NULL);
  ts_analysis_panel_set_position (panel, p);
  ts_analysis_panel_set_n_lines (panel, 3);
  ts_analysis_panel_start (panel);
  wait_for (panel, three_lines_deep);
  l0 = ts_analysis_panel_get_line (panel, 0, &n0);
  l1 = ts_analysis_panel_get_line (panel, 1, &n1);
  g_assert_cmpuint (n0, >=, 2);
  g_assert_cmpuint (n1, >=, 1);
  g_assert_false (ts_move_equal (l0[0], l1[0]));   /* distinct first moves */
  for (guint i = 0; i < 3; i++)
    {
      const char *s = ts_analysis_panel_get_score_text (panel, i);

      g_assert_nonnull (s);
      g_assert_true (s[0] == '+' || s[0] == '-');
      /* best first (White to move: the largest score first) */
      if (i > 0)
        g_assert_cmpfloat (g_ascii_strtod (s, NULL), <=,
                           g_ascii_strtod (ts_analysis_panel_get_score_text (panel, i - 1), NULL));
    }
  /* clicking line 2's second move asks for two plies of line 2 */
  g_assert_true (link_in (GTK_WIDGET (panel), "1:2"));
  g_assert_cmpuint (activated_line, ==, 1);
  g_assert_cmpuint (activated_n, ==, 2);
  /* a new position restarts the running analysis */
  {
    g_autoptr(TsPosition) q = ts_position_copy (p);
    TsUndo u;

    ts_position_make (q, l0[0], &u);
    ts_analysis_panel_set_position (panel, q);
    g_assert_true (ts_analysis_panel_is_running (panel));
    g_assert_cmpuint (ts_analysis_panel_get_n_lines_shown (panel), ==, 0);
  }
  ts_analysis_panel_stop (panel);
  /* The panel keeps its engine (its transposition table) for the next position. */
  for (gint64 end = g_get_monotonic_time () + 300 * 1000; g_get_monotonic_time () < end;)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (ts_engine_n_alive (), ==, 1);
  widget_test_destroy_and_wait (window, panel);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/analysis/mate-in-one", test_mate_in_one);
  g_test_add_func ("/analysis/lines", test_lines);
  return g_test_run ();
}
