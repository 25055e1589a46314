/* TsAnalysisPanel: the engine's analysis of the current position. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "analysis-panel.h"
#include "engine/engine.h"

#define MAX_LINES 8   /* as many labels as analysis-panel.ui has */

struct _TsAnalysisPanel
{
  GtkWidget      parent_instance;

  TsPosition    *pos;
  TsEngine      *engine;       /* kept across the analysis steps (its table) */
  TsSearch      *search;       /* the current search, or NULL */
  TsSearchInfo  *info;         /* its last progress */
  char          *scores[MAX_LINES];
  guint          order[MAX_LINES]; /* shown line -> info line: best first */
  guint          n_lines;

  GtkWidget     *box;
  GtkButton     *toggle;
  GtkSpinButton *lines_spin;
  GtkLabel      *stats;
  GtkLabel      *line_labels[MAX_LINES];
};

G_DEFINE_FINAL_TYPE (TsAnalysisPanel, ts_analysis_panel, GTK_TYPE_WIDGET)

enum { SIGNAL_LINE_ACTIVATED, SIGNAL_LINES_CHANGED, SIGNAL_LINE_HOVERED, N_SIGNALS };
static guint signals[N_SIGNALS];

static char *
score_text (const TsPosition *p, const TsSearchLine *line)
{
  const TsVariant *v = ts_position_variant (p);
  /* two players: from the first seat's side, as is usual; four: the side to move's */
  int sign = v->n_seats == 2 && ts_position_side_to_move (p) == 1 ? -1 : 1;

  if (line->is_mate)
    return g_strdup_printf ("%s#%d", line->mate_moves * sign < 0 ? "-" : "", ABS (line->mate_moves));
  return g_strdup_printf ("%+.2f", sign * line->score / 100.0);
}

static char *
line_markup (TsAnalysisPanel *self, guint i)
{
  const TsSearchLine *line = &self->info->lines[self->order[i]];
  const TsVariant *v = ts_position_variant (self->pos);
  g_auto(GStrv) sans = g_strsplit (line->san ? line->san : "", " ", -1);
  g_autoptr(GString) s = g_string_new (NULL);
  guint ply = ts_position_ply (self->pos);

  g_string_append_printf (s, "<b>%s</b> ", self->scores[i]);
  for (guint k = 0; sans[k] && *sans[k]; k++)
    {
      g_autofree char *san = g_markup_escape_text (sans[k], -1);
      guint at = ply + k;

      if (v->n_seats == 2 && at % 2 == 0)
        g_string_append_printf (s, " %u.", at / 2 + 1);
      else if (v->n_seats == 2 && k == 0)
        g_string_append_printf (s, " %u…", at / 2 + 1);
      g_string_append_printf (s, " <a href=\"%u:%u\">%s</a>", i, k + 1, san);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static void
show_info (TsAnalysisPanel *self)
{
  g_autofree char *stats = NULL;
  guint shown = self->info ? MIN (self->info->n_lines, MAX_LINES) : 0;

  for (guint i = 0; i < MAX_LINES; i++)
    {
      g_clear_pointer (&self->scores[i], g_free);
      if (i < shown)
        {
          g_autofree char *markup = NULL;

          self->scores[i] = score_text (self->pos, &self->info->lines[self->order[i]]);
          markup = line_markup (self, i);
          gtk_label_set_markup (self->line_labels[i], markup);
        }
      gtk_widget_set_visible (GTK_WIDGET (self->line_labels[i]), i < shown);
    }
  if (self->info)
    stats = g_strdup_printf (_("Depth %u · %.1f k nodes/s"), self->info->depth, self->info->nps / 1000.0);
  gtk_label_set_text (self->stats, stats ? stats : (self->search ? _("Thinking…") : ""));
  g_signal_emit (self, signals[SIGNAL_LINES_CHANGED], 0);
}

static void
search_progress (TsSearch *search, const TsSearchInfo *info, gpointer data)
{
  TsAnalysisPanel *self = data;

  if (search != self->search)
    return;
  g_clear_pointer (&self->info, ts_search_info_free);
  self->info = ts_search_info_copy (info);
  /* mid-iteration the engine's lines may be out of order: best first for the user */
  for (guint i = 0; i < MAX_LINES; i++)
    self->order[i] = i;
  for (guint i = 1; i < MIN (info->n_lines, MAX_LINES); i++)
    for (guint k = i; k > 0 && info->lines[self->order[k]].score > info->lines[self->order[k - 1]].score; k--)
      {
        guint t = self->order[k];

        self->order[k] = self->order[k - 1];
        self->order[k - 1] = t;
      }
  show_info (self);
}

static void
search_done (TsSearch *search, const TsSearchInfo *info, gpointer data)
{
  TsAnalysisPanel *self = data;

  if (search != self->search)
    return;
  if (info->n_lines > 0)
    search_progress (search, info, self);
  g_clear_pointer (&self->search, ts_search_unref);
  gtk_button_set_label (self->toggle, _("_Analyse"));
  show_info (self);
}

void
ts_analysis_panel_start (TsAnalysisPanel *self)
{
  TsSearchLimits limits;

  g_return_if_fail (TS_IS_ANALYSIS_PANEL (self));
  if (!self->pos)
    return;
  ts_analysis_panel_stop (self);
  ts_search_limits_init (&limits);
  limits.infinite = TRUE;
  limits.depth = 64;
  limits.multipv = self->n_lines;
  g_clear_pointer (&self->info, ts_search_info_free);
  self->search = ts_search_start_on (ts_engine_reuse (&self->engine, ts_position_variant (self->pos), 0),
                                     self->pos, &limits, NULL, search_progress, search_done,
                                     g_object_ref (self), g_object_unref);
  gtk_button_set_label (self->toggle, _("_Stop"));
  show_info (self);
}

void
ts_analysis_panel_stop (TsAnalysisPanel *self)
{
  g_return_if_fail (TS_IS_ANALYSIS_PANEL (self));
  if (!self->search)
    return;
  /* its done callback still runs later; it is no longer the current search */
  ts_search_stop (self->search);
  g_clear_pointer (&self->search, ts_search_unref);
  gtk_button_set_label (self->toggle, _("_Analyse"));
  show_info (self);
}

gboolean
ts_analysis_panel_is_running (TsAnalysisPanel *self)
{
  return self->search != NULL;
}

void
ts_analysis_panel_set_position (TsAnalysisPanel  *self,
                                const TsPosition *p)
{
  gboolean running = self->search != NULL;

  g_return_if_fail (TS_IS_ANALYSIS_PANEL (self));
  ts_analysis_panel_stop (self);
  g_clear_pointer (&self->pos, ts_position_free);
  g_clear_pointer (&self->info, ts_search_info_free);
  self->pos = p ? ts_position_copy (p) : NULL;
  show_info (self);
  if (running)
    ts_analysis_panel_start (self);
}

void
ts_analysis_panel_set_n_lines (TsAnalysisPanel *self, guint n_lines)
{
  gtk_spin_button_set_value (self->lines_spin, CLAMP (n_lines, 1, MAX_LINES));
}

guint
ts_analysis_panel_get_depth (TsAnalysisPanel *self)
{
  return self->info ? self->info->depth : 0;
}

guint
ts_analysis_panel_get_n_lines_shown (TsAnalysisPanel *self)
{
  return self->info ? MIN (self->info->n_lines, MAX_LINES) : 0;
}

const TsMove *
ts_analysis_panel_get_line (TsAnalysisPanel *self, guint line, guint *n_moves)
{
  *n_moves = 0;
  if (!self->info || line >= self->info->n_lines)
    return NULL;
  *n_moves = self->info->lines[self->order[line]].n_moves;
  return self->info->lines[self->order[line]].moves;
}

const char *
ts_analysis_panel_get_score_text (TsAnalysisPanel *self, guint line)
{
  return line < MAX_LINES ? self->scores[line] : NULL;
}

GtkWidget *
ts_analysis_panel_new (void)
{
  return g_object_new (TS_TYPE_ANALYSIS_PANEL, NULL);
}

static gboolean
link_activated (GtkLabel *label, const char *uri, TsAnalysisPanel *self)
{
  guint line, n;

  if (sscanf (uri, "%u:%u", &line, &n) == 2)
    g_signal_emit (self, signals[SIGNAL_LINE_ACTIVATED], 0, line, n);
  return TRUE;
}

/* The pointer over a line: its first move shows on the board (the window draws it). */
static void
line_enter (GtkEventControllerMotion *motion, double x, double y, TsAnalysisPanel *self)
{
  GtkWidget *label = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));

  for (guint i = 0; i < MAX_LINES; i++)
    if (label == GTK_WIDGET (self->line_labels[i]))
      g_signal_emit (self, signals[SIGNAL_LINE_HOVERED], 0, (int) i);
}

static void
line_leave (GtkEventControllerMotion *motion, TsAnalysisPanel *self)
{
  g_signal_emit (self, signals[SIGNAL_LINE_HOVERED], 0, -1);
}

static void
lines_changed (GtkSpinButton *spin, TsAnalysisPanel *self)
{
  self->n_lines = (guint) gtk_spin_button_get_value_as_int (spin);
  if (self->search)
    ts_analysis_panel_start (self);
}

static void
action_toggle (GtkWidget *widget, const char *name, GVariant *param)
{
  TsAnalysisPanel *self = TS_ANALYSIS_PANEL (widget);

  if (self->search)
    ts_analysis_panel_stop (self);
  else
    ts_analysis_panel_start (self);
}

static void
ts_analysis_panel_dispose (GObject *object)
{
  TsAnalysisPanel *self = TS_ANALYSIS_PANEL (object);

  if (self->search)
    ts_search_stop (self->search);
  g_clear_pointer (&self->search, ts_search_unref);
  g_clear_pointer (&self->engine, ts_engine_free);   /* a search still ending holds its own */
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_ANALYSIS_PANEL);
  G_OBJECT_CLASS (ts_analysis_panel_parent_class)->dispose (object);
}

static void
ts_analysis_panel_finalize (GObject *object)
{
  TsAnalysisPanel *self = TS_ANALYSIS_PANEL (object);

  g_clear_pointer (&self->pos, ts_position_free);
  g_clear_pointer (&self->info, ts_search_info_free);
  for (guint i = 0; i < MAX_LINES; i++)
    g_free (self->scores[i]);
  G_OBJECT_CLASS (ts_analysis_panel_parent_class)->finalize (object);
}

static void
ts_analysis_panel_class_init (TsAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_analysis_panel_dispose;
  object_class->finalize = ts_analysis_panel_finalize;
  signals[SIGNAL_LINE_ACTIVATED] =
    g_signal_new ("line-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[SIGNAL_LINES_CHANGED] =
    g_signal_new ("lines-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[SIGNAL_LINE_HOVERED] =
    g_signal_new ("line-hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_install_action (widget_class, "analysis.toggle", NULL, action_toggle);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/analysis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, TsAnalysisPanel, box);
  gtk_widget_class_bind_template_child (widget_class, TsAnalysisPanel, toggle);
  gtk_widget_class_bind_template_child (widget_class, TsAnalysisPanel, lines_spin);
  gtk_widget_class_bind_template_child (widget_class, TsAnalysisPanel, stats);
  /* the template's labels line_0 … line_7, one per line shown */
  for (guint i = 0; i < MAX_LINES; i++)
    {
      g_autofree char *id = g_strdup_printf ("line_%u", i);

      gtk_widget_class_bind_template_child_full (widget_class, id, FALSE,
                                                 G_STRUCT_OFFSET (TsAnalysisPanel, line_labels) +
                                                 i * sizeof (GtkLabel *));
    }
  gtk_widget_class_bind_template_callback (widget_class, link_activated);
  gtk_widget_class_bind_template_callback (widget_class, lines_changed);
}

static void
ts_analysis_panel_init (TsAnalysisPanel *self)
{
  self->n_lines = 1;
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < MAX_LINES; i++)
    {
      GtkEventController *motion = gtk_event_controller_motion_new ();

      g_signal_connect (motion, "enter", G_CALLBACK (line_enter), self);
      g_signal_connect (motion, "leave", G_CALLBACK (line_leave), self);
      gtk_widget_add_controller (GTK_WIDGET (self->line_labels[i]), motion);
    }
}
