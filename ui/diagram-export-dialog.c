/* TsDiagramExportDialog: the position as an image file or on the clipboard. */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n.h>
#include <math.h>

#include "board-view.h"
#include "diagram-export-dialog.h"
#include "file-folder.h"
#include "settings-choice.h"

struct _TsDiagramExportDialog
{
  GtkWindow      parent_instance;

  TsPosition    *pos;
  GArray        *shapes;
  guint          turns;
  GSettings     *settings;
  GtkDropDown   *format;
  GtkDropDown   *page;
  GtkWidget     *page_label;
  GtkLabel      *size_label;
  GtkSpinButton *size;
  GtkSwitch     *coordinates;
  GtkEntry      *caption;
  GtkLabel      *status;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (TsDiagramExportDialog, ts_diagram_export_dialog, GTK_TYPE_WINDOW)

static const char *const extensions[] = { ".png", ".svg", ".pdf" };
static const char *const formats[] = { "png", "svg", "pdf", NULL };
static const char *const pages[] = { "a4", "letter", "diagram", NULL };
enum { FORMAT_PNG, FORMAT_SVG, FORMAT_PDF };
enum { PAGE_A4, PAGE_LETTER, PAGE_DIAGRAM };

/* PDF pages, in points; the margin around a diagram on A4 or Letter */
static const struct { double width, height; } page_sizes[] = { { 595, 842 }, { 612, 792 } };
#define PAGE_MARGIN 36.0

static void
options_of (TsDiagramExportDialog *self, TsBoardRenderOptions *o)
{
  const char *caption = gtk_editable_get_text (GTK_EDITABLE (self->caption));

  ts_board_render_options_init (o, self->pos);
  o->coordinates = gtk_switch_get_active (self->coordinates);
  o->caption = *caption ? caption : NULL;
  o->shapes = (const TsShape *) self->shapes->data;
  o->n_shapes = self->shapes->len;
  o->turns = self->turns;
}

void
ts_diagram_export_dialog_set_view (TsDiagramExportDialog *self, const TsShape *shapes,
                                   guint n_shapes, guint turns)
{
  g_return_if_fail (TS_IS_DIAGRAM_EXPORT_DIALOG (self));

  g_array_set_size (self->shapes, 0);
  if (n_shapes > 0)
    g_array_append_vals (self->shapes, shapes, n_shapes);
  self->turns = turns;
}

void
ts_diagram_pdf_page (const TsBoardRenderOptions *options,
                     guint                       page,
                     double                      width,
                     cairo_t                    *cr,
                     double                     *page_width,
                     double                     *page_height)
{
  const TsVariant *v = ts_position_variant (options->position);
  TsBoardRenderOptions o = *options;
  TsBoardTheme white = *(options->theme ? options->theme : ts_board_theme_light ());
  double height, x = 0, y = 0;
  TsBoardLayout layout;

  white.background = (TsRgb) { 1, 1, 1 };
  o.theme = &white;
  o.fixed_arrangement = TRUE;
  if (page < PAGE_DIAGRAM)
    {
      *page_width = page_sizes[page].width;
      *page_height = page_sizes[page].height;
      width = *page_width - 2 * PAGE_MARGIN;
      height = ts_board_layout_natural_height (v, &o, width);
      if (height > *page_height - 2 * PAGE_MARGIN)
        {
          width *= (*page_height - 2 * PAGE_MARGIN) / height;
          height = ts_board_layout_natural_height (v, &o, width);
        }
      x = (*page_width - width) / 2;
      y = PAGE_MARGIN;
    }
  else
    {
      height = ts_board_layout_natural_height (v, &o, width);
      *page_width = width;
      *page_height = ceil (height);
    }
  if (cr == NULL)
    return;
  ts_board_layout_compute (&layout, v, &o, width, height);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, x, y);
  ts_board_render (cr, &layout, &o);
  cairo_restore (cr);
}

static gboolean
write_pdf (const TsBoardRenderOptions *options, const char *path, guint page, double width,
           GError **error)
{
  double page_w, page_h;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  ts_diagram_pdf_page (options, page, width, NULL, &page_w, &page_h);
  surface = cairo_pdf_surface_create (path, page_w, page_h);
  cr = cairo_create (surface);
  ts_diagram_pdf_page (options, page, width, cr, &page_w, &page_h);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot write “%s”: %s"), path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

gboolean
ts_diagram_export_dialog_export (TsDiagramExportDialog *self,
                                 GFile                 *file,
                                 GError               **error)
{
  TsBoardRenderOptions o;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *lower = NULL;
  guint format = gtk_drop_down_get_selected (self->format);
  gboolean known = FALSE;

  g_return_val_if_fail (TS_IS_DIAGRAM_EXPORT_DIALOG (self), FALSE);
  if (!path)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Diagrams can only be saved to local files"));
      return FALSE;
    }
  lower = g_ascii_strdown (path, -1);
  for (guint i = 0; i < G_N_ELEMENTS (extensions); i++)
    known |= g_str_has_suffix (lower, extensions[i]);
  if (!known && format < G_N_ELEMENTS (extensions))
    {
      char *with = g_strconcat (path, extensions[format], NULL);

      g_free (path);
      path = with;
    }
  options_of (self, &o);
  if (g_str_has_suffix (lower, ".pdf") || (!known && format == FORMAT_PDF))
    return write_pdf (&o, path, gtk_drop_down_get_selected (self->page),
                      gtk_spin_button_get_value (self->size), error);
  return ts_board_render_to_file (&o, path, gtk_spin_button_get_value_as_int (self->size), error);
}

void
ts_diagram_copy_image (GtkWidget                  *widget,
                       const TsBoardRenderOptions *options,
                       int                         size)
{
  g_autoptr(GdkTexture) texture = ts_board_diagram_texture (options, size);

  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
}

static void
copy_clicked (TsDiagramExportDialog *self)
{
  TsBoardRenderOptions o;
  g_autoptr(GdkTexture) texture = NULL;

  options_of (self, &o);
  texture = ts_board_diagram_texture (&o, gtk_spin_button_get_value_as_int (self->size));
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
  gtk_label_set_text (self->status, _("The image is on the clipboard."));
  gtk_widget_set_visible (GTK_WIDGET (self->status), TRUE);
}

static void
chooser_response (GtkNativeDialog *chooser, int response, TsDiagramExportDialog *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      ts_file_folder_remember (GTK_FILE_CHOOSER (chooser));
      if (ts_diagram_export_dialog_export (self, file, &error))
        gtk_window_close (GTK_WINDOW (self));
      else
        {
          gtk_label_set_text (self->status, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->status), TRUE);
        }
    }
  g_clear_object (&self->chooser);
}

static void
export_clicked (TsDiagramExportDialog *self)
{
  guint format = gtk_drop_down_get_selected (self->format);
  g_autofree char *name = g_strconcat (_("diagram"), extensions[MIN (format, 2u)], NULL);

  self->chooser = gtk_file_chooser_native_new (_("Export Diagram"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), NULL);
  ts_file_folder_apply (GTK_FILE_CHOOSER (self->chooser));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

GtkWidget *
ts_diagram_export_dialog_new (GtkWindow        *parent,
                              const TsPosition *p)
{
  TsDiagramExportDialog *self;

  g_return_val_if_fail (p != NULL, NULL);
  self = g_object_new (TS_TYPE_DIAGRAM_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->pos = ts_position_copy (p);
  return GTK_WIDGET (self);
}

static gboolean
int_to_double (GValue *value, GVariant *variant, gpointer data)
{
  g_value_set_double (value, g_variant_get_int32 (variant));
  return TRUE;
}

static GVariant *
double_to_int (const GValue *value, const GVariantType *type, gpointer data)
{
  return g_variant_new_int32 ((gint32) round (g_value_get_double (value)));
}

/* The width is in the unit of the format: pixels (PNG, SVG), points (a PDF page of the
 * diagram's size); A4 and Letter pages set it themselves. */
static void
show_units (TsDiagramExportDialog *self)
{
  gboolean pdf = gtk_drop_down_get_selected (self->format) == FORMAT_PDF;
  gboolean own_page = gtk_drop_down_get_selected (self->page) == PAGE_DIAGRAM;

  gtk_widget_set_visible (self->page_label, pdf);
  gtk_widget_set_visible (GTK_WIDGET (self->page), pdf);
  gtk_widget_set_visible (GTK_WIDGET (self->size_label), !pdf || own_page);
  gtk_widget_set_visible (GTK_WIDGET (self->size), !pdf || own_page);
  gtk_label_set_text_with_mnemonic (self->size_label, pdf ? _("_Width in points")
                                                          : _("_Width in pixels"));
}

static void
ts_diagram_export_dialog_finalize (GObject *object)
{
  TsDiagramExportDialog *self = TS_DIAGRAM_EXPORT_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->pos, ts_position_free);
  g_clear_pointer (&self->shapes, g_array_unref);
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (ts_diagram_export_dialog_parent_class)->finalize (object);
}

static void
ts_diagram_export_dialog_class_init (TsDiagramExportDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = ts_diagram_export_dialog_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/diagram-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, format);
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, page);
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, page_label);
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, size_label);
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, size);
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, coordinates);
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, caption);
  gtk_widget_class_bind_template_child (widget_class, TsDiagramExportDialog, status);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked);
}

static void
ts_diagram_export_dialog_init (TsDiagramExportDialog *self)
{
  self->shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  gtk_widget_init_template (GTK_WIDGET (self));

  /* the dialog remembers what it was set to, for the next diagram */
  self->settings = g_settings_new (APP_ID);
  ts_settings_bind_choice (self->settings, "export-format", self->format, "selected", formats);
  ts_settings_bind_choice (self->settings, "export-page", self->page, "selected", pages);
  g_settings_bind_with_mapping (self->settings, "export-width", self->size, "value",
                                G_SETTINGS_BIND_DEFAULT, int_to_double, double_to_int, NULL, NULL);
  g_settings_bind (self->settings, "export-caption", self->caption, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "export-coordinates", self->coordinates, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_swapped (self->format, "notify::selected", G_CALLBACK (show_units), self);
  g_signal_connect_swapped (self->page, "notify::selected", G_CALLBACK (show_units), self);
  show_units (self);
}
