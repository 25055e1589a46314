#include "config.h"

#include <glib/gi18n.h>

#include "help-pages.h"
#include "help-window.h"
#include "rules/variant.h"
#include "tessera-window.h"

struct _TesseraHelpWindow
{
  GtkWindow  parent_instance;
  GtkStack  *stack;
};

G_DEFINE_FINAL_TYPE (TesseraHelpWindow, tessera_help_window, GTK_TYPE_WINDOW)

static GtkWidget *
page_widget (const TesseraHelpPage *page,
             const char            *title)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *heading = g_object_new (GTK_TYPE_LABEL, "label", title,
                                     "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING, NULL);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_add_css_class (heading, "title-2");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_box_append (GTK_BOX (box), heading);

  for (guint i = 0; page->paragraphs[i] != NULL; i++)
    {
      GtkWidget *label = gtk_label_new (_(page->paragraphs[i]));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
      /* Selectable: focusable, so the keyboard and screen readers reach every paragraph. */
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  return scrolled;
}

static void
tessera_help_window_class_init (TesseraHelpWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraHelpWindow, stack);
}

static void
tessera_help_window_init (TesseraHelpWindow *self)
{
  guint n;
  const TesseraHelpPage *pages = tessera_help_pages (&n);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < n; i++)
    {
      const TsVariant *v = pages[i].title ? NULL : ts_variant_lookup (pages[i].id);
      const char *title = pages[i].title ? _(pages[i].title) : v ? _(v->name) : NULL;

      if (title == NULL)
        continue;   /* a variant this build does not have */
      gtk_stack_add_titled (self->stack, page_widget (&pages[i], title), pages[i].id, title);
    }
}

TesseraHelpWindow *
tessera_help_window_new (void)
{
  return g_object_new (TESSERA_TYPE_HELP_WINDOW, NULL);
}

gboolean
tessera_help_window_show_page (TesseraHelpWindow *self,
                               const char        *id)
{
  g_return_val_if_fail (TESSERA_IS_HELP_WINDOW (self), FALSE);

  if (id == NULL || gtk_stack_get_child_by_name (self->stack, id) == NULL)
    return FALSE;
  gtk_stack_set_visible_child_name (self->stack, id);
  return TRUE;
}

const char *
tessera_help_window_get_page (TesseraHelpWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_HELP_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

static void
help_destroyed (GtkApplication *app)
{
  g_object_set_data (G_OBJECT (app), "tessera-help-window", NULL);
}

void
tessera_help_present (GtkApplication *app,
                      GtkWindow      *parent,
                      const char     *id)
{
  TesseraHelpWindow *help = g_object_get_data (G_OBJECT (app), "tessera-help-window");

  if (help == NULL)
    {
      help = tessera_help_window_new ();
      gtk_window_set_application (GTK_WINDOW (help), app);
      /* Weak: closing the window destroys it, and the next request builds a new one. */
      g_object_set_data (G_OBJECT (app), "tessera-help-window", help);
      g_signal_connect_object (help, "destroy", G_CALLBACK (help_destroyed), app, G_CONNECT_SWAPPED);
    }
  if (!tessera_help_window_show_page (help, id))
    tessera_help_window_show_page (help, "general");
  if (parent != NULL && parent != GTK_WINDOW (help))
    gtk_window_set_transient_for (GTK_WINDOW (help), parent);
  gtk_window_present (GTK_WINDOW (help));
}

static void
present_help (GtkApplication *app,
              const char     *id)
{
  tessera_help_present (app, gtk_application_get_active_window (app), id);
}

static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *active = gtk_application_get_active_window (app);
  const char *id = NULL;

  if (active != NULL && TESSERA_IS_WINDOW (active))
    id = tessera_window_get_variant (TESSERA_WINDOW (active));
  present_help (app, id);
}

static void
help_variant_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  present_help (user_data, g_variant_get_string (parameter, NULL));
}

void
tessera_help_install_actions (GtkApplication *app)
{
  static const GActionEntry entries[] = {
    { "help", help_activated },
    { "help-variant", help_variant_activated, "s" },
  };
  const char *const accels[] = { "F1", NULL };

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  gtk_application_set_accels_for_action (app, "app.help", accels);
}
