#include "config.h"

#include <glib/gi18n.h>

#include "clock-view.h"

struct _TsClockView
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkWidget     *labels[TS_MAX_SEATS];
  TsGameSession *session;
  guint          tick_id;
};

G_DEFINE_FINAL_TYPE (TsClockView, ts_clock_view, GTK_TYPE_WIDGET)

GtkWidget *
ts_clock_view_new (void)
{
  return g_object_new (TS_TYPE_CLOCK_VIEW, NULL);
}

char *
ts_clock_format (gint64 ms)
{
  gint64 s = MAX (ms, 0) / 1000;

  if (ms < 10000)
    return g_strdup_printf ("0:%02d.%d", (int) s, (int) (MAX (ms, 0) % 1000 / 100));
  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

static gboolean
update (gpointer user_data)
{
  TsClockView *self = user_data;
  const TsVariant *v;
  int running;

  if (self->session == NULL || ts_game_session_clock_ms (self->session, 0) < 0)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return G_SOURCE_CONTINUE;
    }
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  v = ts_game_session_get_variant (self->session);
  running = ts_game_session_running_clock (self->session);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      g_autofree char *time = NULL;
      g_autofree char *text = NULL;

      gtk_widget_set_visible (self->labels[i], i < v->n_seats);
      if (i >= v->n_seats)
        continue;
      time = ts_clock_format (ts_game_session_clock_ms (self->session, i));
      text = g_strdup_printf ("%s  %s", _(v->seat_names[i]), time);
      gtk_label_set_label (GTK_LABEL (self->labels[i]), text);
      if ((int) i == running)
        gtk_widget_add_css_class (self->labels[i], "running");
      else
        gtk_widget_remove_css_class (self->labels[i], "running");
    }
  return G_SOURCE_CONTINUE;
}

void
ts_clock_view_set_session (TsClockView   *self,
                           TsGameSession *session)
{
  g_return_if_fail (TS_IS_CLOCK_VIEW (self));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  /* at once when a move switches the running clock, not at the next tick */
  if (session != NULL)
    g_signal_connect_swapped (session, "changed", G_CALLBACK (update), self);
  update (self);
}

static void
ts_clock_view_map (GtkWidget *widget)
{
  TsClockView *self = TS_CLOCK_VIEW (widget);

  GTK_WIDGET_CLASS (ts_clock_view_parent_class)->map (widget);
  if (self->tick_id == 0)
    self->tick_id = g_timeout_add (100, update, self);
}

static void
ts_clock_view_unmap (GtkWidget *widget)
{
  TsClockView *self = TS_CLOCK_VIEW (widget);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  GTK_WIDGET_CLASS (ts_clock_view_parent_class)->unmap (widget);
}

static void
ts_clock_view_dispose (GObject *object)
{
  TsClockView *self = TS_CLOCK_VIEW (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (ts_clock_view_parent_class)->dispose (object);
}

static void
ts_clock_view_class_init (TsClockViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_clock_view_dispose;
  widget_class->map = ts_clock_view_map;
  widget_class->unmap = ts_clock_view_unmap;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "clocks");
}

static void
ts_clock_view_init (TsClockView *self)
{
  /* Two clocks a row: four in a row would widen the side pane and squeeze the board. */
  self->box = gtk_grid_new ();
  gtk_grid_set_column_homogeneous (GTK_GRID (self->box), TRUE);
  gtk_grid_set_column_spacing (GTK_GRID (self->box), 6);
  gtk_grid_set_row_spacing (GTK_GRID (self->box), 4);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      self->labels[i] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->labels[i], "clock");
      gtk_widget_add_css_class (self->labels[i], "numeric");
      gtk_grid_attach (GTK_GRID (self->box), self->labels[i], i % 2, i / 2, 1, 1);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
