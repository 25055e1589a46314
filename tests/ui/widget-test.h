/* Helpers shared by the widget tests: finding widgets in a tree, and destroying a window
 * whose widget a worker thread may still hold. */
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

G_END_DECLS
