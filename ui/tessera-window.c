#include "config.h"

#include <glib/gi18n.h>

#include "rules/variant.h"
#include "tessera-window.h"

struct _TesseraWindow
{
  GtkApplicationWindow  parent_instance;

  GSettings            *settings;
  char                 *variant;

  /* template children */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkStack             *content_stack;
  GtkLabel             *placeholder_title;
  GtkLabel             *placeholder_description;
};

G_DEFINE_FINAL_TYPE (TesseraWindow, tessera_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_VARIANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

TesseraWindow *
tessera_window_new (GtkApplication *application,
                    const char     *variant_id)
{
  return g_object_new (TESSERA_TYPE_WINDOW,
                       "application", application,
                       "variant", variant_id,
                       NULL);
}

const char *
tessera_window_get_variant (TesseraWindow *self)
{
  g_return_val_if_fail (TESSERA_IS_WINDOW (self), NULL);

  return self->variant;
}

static void
set_variant (TesseraWindow *self,
             const char    *variant_id)
{
  const TsVariant *variant = ts_variant_lookup (variant_id);
  const char *name = variant ? _(variant->name) : variant_id;

  if (g_strcmp0 (self->variant, variant_id) == 0)
    return;
  g_free (self->variant);
  self->variant = g_strdup (variant_id);

  gtk_label_set_label (self->subtitle_label, name);
  gtk_label_set_label (self->placeholder_title, name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
}

void
tessera_window_open_file (TesseraWindow *self,
                          GFile         *file)
{
  g_autofree char *basename = NULL;
  g_autofree char *description = NULL;

  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* TODO(window): load the game through the records layer (core/records) and show it on the
   * board; until then the window only says which file was asked for. */
  basename = g_file_get_basename (file);
  description = g_strdup_printf (_("Opening saved games is not available yet (“%s”)."), basename);
  gtk_label_set_label (self->subtitle_label, basename);
  gtk_label_set_label (self->placeholder_description, description);
}

/* Puts @content (the board) in the window's content area, in place of the placeholder. */
void
tessera_window_set_content (TesseraWindow *self,
                            GtkWidget     *content)
{
  GtkWidget *old;

  g_return_if_fail (TESSERA_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WIDGET (content));

  old = gtk_stack_get_child_by_name (self->content_stack, "content");
  if (old != NULL)
    gtk_stack_remove (self->content_stack, old);
  gtk_stack_add_named (self->content_stack, content, "content");
  gtk_stack_set_visible_child (self->content_stack, content);
}

static void
save_window_state (TesseraWindow *self)
{
  gboolean maximized = gtk_window_is_maximized (GTK_WINDOW (self));
  int width, height;

  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  /* While maximized the default size may follow the screen: keep the last normal size. */
  if (maximized)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
}

static void
tessera_window_unrealize (GtkWidget *widget)
{
  /* Runs both when the window is closed and when app.quit destroys it. */
  save_window_state (TESSERA_WINDOW (widget));

  GTK_WIDGET_CLASS (tessera_window_parent_class)->unrealize (widget);
}

static void
tessera_window_constructed (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);
  int width, height;

  G_OBJECT_CLASS (tessera_window_parent_class)->constructed (object);

  width = g_settings_get_int (self->settings, "window-width");
  height = g_settings_get_int (self->settings, "window-height");
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
tessera_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      g_value_set_string (value, self->variant);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      set_variant (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
tessera_window_finalize (GObject *object)
{
  TesseraWindow *self = TESSERA_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->variant, g_free);

  G_OBJECT_CLASS (tessera_window_parent_class)->finalize (object);
}

static void
tessera_window_class_init (TesseraWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = tessera_window_constructed;
  object_class->get_property = tessera_window_get_property;
  object_class->set_property = tessera_window_set_property;
  object_class->finalize = tessera_window_finalize;
  widget_class->unrealize = tessera_window_unrealize;

  properties[PROP_VARIANT] =
    g_param_spec_string ("variant", NULL, NULL,
                         "raumschach",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/tessera-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, placeholder_title);
  gtk_widget_class_bind_template_child (widget_class, TesseraWindow, placeholder_description);
}

static void
tessera_window_init (TesseraWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
}
