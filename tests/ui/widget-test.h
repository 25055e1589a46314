/* Helpers shared by the widget tests: finding widgets in a tree, running the main loop, and
 * destroying a window whose widget a worker thread may still hold; the settings back to
 * their defaults. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Every widget of type under root, depth first. */
static inline GPtrArray *
widget_test_collect (GtkWidget *root, GType type)
{
  GPtrArray *out = g_ptr_array_new ();

  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      g_autoptr(GPtrArray) sub = NULL;

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        g_ptr_array_add (out, c);
      sub = widget_test_collect (c, type);
      g_ptr_array_extend (out, sub, NULL, NULL);
    }
  return out;
}

static inline gboolean
widget_test_timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for ms milliseconds. */
static inline void
widget_test_run_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, widget_test_timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Dispatches what the main loop has pending, in five rounds: a round ends when nothing is
 * ready, and what it dispatched may make more ready just after. */
static inline void
widget_test_flush_events (void)
{
  for (guint i = 0; i < 5; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

/* Destroys window and waits (up to 10 s) until widget is finalized: the worker's done
 * callback may hold the last reference. */
static inline void
widget_test_destroy_and_wait (GtkWidget *window, gpointer widget)
{
  g_object_add_weak_pointer (G_OBJECT (widget), &widget);
  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; widget && i < 20000; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
  g_assert_null (widget);
}

/* Every key of settings back to its default. */
static inline void
widget_test_reset_settings (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i]; i++)
    g_settings_reset (settings, keys[i]);
}

G_END_DECLS
