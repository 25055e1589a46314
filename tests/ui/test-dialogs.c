/* Preferences (GSettings bindings) and Export Diagram (files of each format from
 * the dialog's code path, the PNG's size; Copy Image). */
#include <cairo.h>
#include <glib/gstdio.h>
#include <adwaita.h>
#include <string.h>

#include "board-view.h"
#include "diagram-export-dialog.h"
#include "preferences-dialog.h"
#include "widget-test.h"

static void
destroy_and_check (GtkWidget *window)
{
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (window));
  while (window && g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (window);
}

static void
test_preferences (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.tessera.Tessera");
  GtkWidget *dialog = ts_preferences_dialog_new (NULL);
  g_autoptr(GPtrArray) switches = NULL, dropdowns = NULL;
  g_autofree char *theme = NULL, *scheme = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  switches = widget_test_collect (dialog, GTK_TYPE_SWITCH);
  dropdowns = widget_test_collect (dialog, ADW_TYPE_COMBO_ROW);
  g_assert_cmpuint (switches->len, ==, 3);     /* coordinates, animation, sound */
  g_assert_cmpuint (dropdowns->len, ==, 3);    /* pieces, colours, style */
  g_assert_true (ADW_IS_PREFERENCES_WINDOW (dialog));

  /* widgets show the keys */
  g_assert_true (gtk_switch_get_active (g_ptr_array_index (switches, 0)));
  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  g_assert_false (gtk_switch_get_active (g_ptr_array_index (switches, 0)));
  g_settings_set_string (settings, "piece-style", "letters");
  g_assert_cmpuint (adw_combo_row_get_selected (g_ptr_array_index (dropdowns, 0)), ==, 1);

  /* and write them */
  gtk_switch_set_active (g_ptr_array_index (switches, 1), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "animate-moves"));
  gtk_switch_set_active (g_ptr_array_index (switches, 2), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "sound"));
  adw_combo_row_set_selected (g_ptr_array_index (dropdowns, 1), 3);
  theme = g_settings_get_string (settings, "board-theme");
  g_assert_cmpstr (theme, ==, "high-contrast");

  /* the style: forced dark, then following the desktop (no portal here: light) */
  ts_preferences_follow_color_scheme (settings);
  adw_combo_row_set_selected (g_ptr_array_index (dropdowns, 2), 2);
  scheme = g_settings_get_string (settings, "color-scheme");
  g_assert_cmpstr (scheme, ==, "dark");
  g_assert_true (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  g_settings_set_string (settings, "color-scheme", "default");
  g_assert_false (adw_style_manager_get_dark (adw_style_manager_get_default ()));
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_DEFAULT);
  g_settings_set_string (settings, "color-scheme", "light");
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_settings_reset (settings, "color-scheme");
  g_settings_reset (settings, "show-coordinates");
  g_settings_reset (settings, "piece-style");
  g_settings_reset (settings, "animate-moves");
  g_settings_reset (settings, "sound");
  g_settings_reset (settings, "board-theme");
  destroy_and_check (dialog);
}

static void
png_size (const char *path, int *width, int *height)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  *width = cairo_image_surface_get_width (s);
  *height = cairo_image_surface_get_height (s);
  cairo_surface_destroy (s);
}

static void
assert_starts_with (const char *path, const char *magic)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (len, >, 1000);
  g_assert_nonnull (g_strstr_len (data, MIN (len, 400), magic));
}

static GSettings *
reset_export_settings (void)
{
  GSettings *settings = g_settings_new ("io.github.tessera.Tessera");

  widget_test_reset_settings (settings);
  return settings;
}

/* The dialog remembers format, width, PDF page, caption and coordinates for the next one. */
static void
test_export_remembers (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  g_autoptr(GSettings) settings = reset_export_settings ();
  GtkWidget *dialog = ts_diagram_export_dialog_new (NULL, p);
  g_autoptr(GPtrArray) spins = widget_test_collect (dialog, GTK_TYPE_SPIN_BUTTON);
  g_autoptr(GPtrArray) dropdowns = widget_test_collect (dialog, GTK_TYPE_DROP_DOWN);
  g_autoptr(GPtrArray) entries = widget_test_collect (dialog, GTK_TYPE_ENTRY);
  g_autoptr(GPtrArray) switches = widget_test_collect (dialog, GTK_TYPE_SWITCH);

  gtk_drop_down_set_selected (g_ptr_array_index (dropdowns, 0), 2);
  gtk_drop_down_set_selected (g_ptr_array_index (dropdowns, 1), 1);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 650);
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (entries, 0)), "White to play");
  gtk_switch_set_active (g_ptr_array_index (switches, 0), FALSE);
  destroy_and_check (dialog);

  dialog = ts_diagram_export_dialog_new (NULL, p);
  g_ptr_array_unref (spins);
  g_ptr_array_unref (dropdowns);
  g_ptr_array_unref (entries);
  g_ptr_array_unref (switches);
  spins = widget_test_collect (dialog, GTK_TYPE_SPIN_BUTTON);
  dropdowns = widget_test_collect (dialog, GTK_TYPE_DROP_DOWN);
  entries = widget_test_collect (dialog, GTK_TYPE_ENTRY);
  switches = widget_test_collect (dialog, GTK_TYPE_SWITCH);
  g_assert_cmpuint (gtk_drop_down_get_selected (g_ptr_array_index (dropdowns, 0)), ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (g_ptr_array_index (dropdowns, 1)), ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (g_ptr_array_index (spins, 0)), ==, 650);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (g_ptr_array_index (entries, 0))), ==, "White to play");
  g_assert_false (gtk_switch_get_active (g_ptr_array_index (switches, 0)));
  destroy_and_check (dialog);
  widget_test_reset_settings (settings);
}

/* The visible label of the width: its unit follows the format. */
static gboolean
label_shown (GtkWidget *root, const char *text)
{
  g_autoptr(GPtrArray) labels = widget_test_collect (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_visible (g_ptr_array_index (labels, i)) &&
        g_str_equal (gtk_label_get_label (g_ptr_array_index (labels, i)), text))
      return TRUE;
  return FALSE;
}

static void
pdf_media_box (const char *path, int *width, int *height)
{
  g_autofree char *data = NULL;
  const char *box;
  gsize length;

  /* binary: NUL bytes in the streams */
  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  box = memmem (data, length, "/MediaBox [", 11);
  g_assert_nonnull (box);
  g_assert_cmpint (sscanf (box, "/MediaBox [ 0 0 %d %d ]", width, height), ==, 2);
}

/* PDF: a page in points — A4, Letter or the diagram's size, the width labelled in points
 * and asked for only for the diagram's size — white around and under the board. */
static void
test_export_pdf_pages (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("cubic8"));
  g_autoptr(GSettings) settings = reset_export_settings ();
  GtkWidget *dialog = ts_diagram_export_dialog_new (NULL, p);
  g_autoptr(GPtrArray) spins = widget_test_collect (dialog, GTK_TYPE_SPIN_BUTTON);
  g_autoptr(GPtrArray) dropdowns = widget_test_collect (dialog, GTK_TYPE_DROP_DOWN);
  g_autofree char *dir = g_dir_make_tmp ("tessera-pdf-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "d.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (pdf);
  static const struct { guint page; int w, h; } pages[] = { { 0, 595, 842 }, { 1, 612, 792 } };
  TsBoardRenderOptions o;
  int w, h;

  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_true (label_shown (dialog, "_Width in pixels"));
  g_assert_false (label_shown (dialog, "_Page"));
  gtk_drop_down_set_selected (g_ptr_array_index (dropdowns, 0), 2);
  g_assert_true (label_shown (dialog, "_Page"));
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      gtk_drop_down_set_selected (g_ptr_array_index (dropdowns, 1), pages[i].page);
      g_assert_false (gtk_widget_get_visible (g_ptr_array_index (spins, 0)));
      g_assert_true (ts_diagram_export_dialog_export (TS_DIAGRAM_EXPORT_DIALOG (dialog), file, NULL));
      pdf_media_box (pdf, &w, &h);
      g_assert_cmpint (w, ==, pages[i].w);
      g_assert_cmpint (h, ==, pages[i].h);
    }
  gtk_drop_down_set_selected (g_ptr_array_index (dropdowns, 1), 2);
  g_assert_true (gtk_widget_get_visible (g_ptr_array_index (spins, 0)));
  g_assert_true (label_shown (dialog, "_Width in points"));
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 432);
  g_assert_true (ts_diagram_export_dialog_export (TS_DIAGRAM_EXPORT_DIALOG (dialog), file, NULL));
  pdf_media_box (pdf, &w, &h);
  g_assert_cmpint (w, ==, 432);
  g_assert_cmpint (h, >, 100);

  /* the page drawn: white at its corners and in the board's own margin */
  ts_board_render_options_init (&o, p);
  for (guint page = 0; page < 3; page++)
    {
      double pw, ph;
      cairo_surface_t *s;
      cairo_t *cr;
      guint32 *px;
      int stride;

      ts_diagram_pdf_page (&o, page, 432, NULL, &pw, &ph);
      s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) pw, (int) ph);
      cr = cairo_create (s);
      ts_diagram_pdf_page (&o, page, 432, cr, &pw, &ph);
      cairo_destroy (cr);
      cairo_surface_flush (s);
      px = (guint32 *) cairo_image_surface_get_data (s);
      stride = cairo_image_surface_get_stride (s) / 4;
      g_assert_cmphex (px[0] & 0xffffff, ==, 0xffffff);
      g_assert_cmphex (px[((int) ph - 1) * stride + (int) pw - 1] & 0xffffff, ==, 0xffffff);
      /* 2 points inside the board's top-left corner: its background, white on paper */
      g_assert_cmphex (px[(page < 2 ? 38 : 2) * stride + (page < 2 ? (int) (pw - 523) / 2 + 2 : 2)] & 0xffffff, ==, 0xffffff);
      cairo_surface_destroy (s);
    }
  g_unlink (pdf);
  g_rmdir (dir);
  destroy_and_check (dialog);
  widget_test_reset_settings (settings);
}

static void
test_export (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  g_autoptr(GSettings) settings = reset_export_settings ();
  GtkWidget *dialog = ts_diagram_export_dialog_new (NULL, p);
  g_autofree char *dir = g_dir_make_tmp ("tessera-diagram-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "d.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "d.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "d.pdf", NULL);
  g_autofree char *bare = g_build_filename (dir, "bare", NULL);
  g_autofree char *bare_pdf = g_build_filename (dir, "bare.pdf", NULL);
  g_autoptr(GPtrArray) spins = NULL, dropdowns = NULL, entries = NULL;
  g_autoptr(GError) error = NULL;
  int w, h, w2, h2;

  gtk_window_present (GTK_WINDOW (dialog));
  spins = widget_test_collect (dialog, GTK_TYPE_SPIN_BUTTON);
  dropdowns = widget_test_collect (dialog, GTK_TYPE_DROP_DOWN);
  entries = widget_test_collect (dialog, GTK_TYPE_ENTRY);
  g_assert_cmpuint (spins->len, ==, 1);
  g_assert_cmpuint (dropdowns->len, ==, 2);    /* format, PDF page */
  g_assert_cmpuint (entries->len, ==, 1);
  /* the defaults: PNG, 800 pixels wide, coordinates on */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Export Diagram");
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_cmpuint (gtk_drop_down_get_selected (g_ptr_array_index (dropdowns, 0)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (g_ptr_array_index (dropdowns, 0))), ==, 3);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (g_ptr_array_index (spins, 0)), ==, 800);
  {
    g_autoptr(GPtrArray) switches = widget_test_collect (dialog, GTK_TYPE_SWITCH);

    g_assert_cmpuint (switches->len, ==, 1);
    g_assert_true (gtk_switch_get_active (g_ptr_array_index (switches, 0)));
  }

  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 640);
#define EXPORT(path) \
  G_STMT_START { \
    g_autoptr(GFile) file = g_file_new_for_path (path); \
    g_assert_true (ts_diagram_export_dialog_export (TS_DIAGRAM_EXPORT_DIALOG (dialog), file, &error)); \
    g_assert_no_error (error); \
  } G_STMT_END
  EXPORT (png);
  png_size (png, &w, &h);
  g_assert_cmpint (w, ==, 640);
  g_assert_cmpint (h, >, 100);
  /* a caption makes it taller at the same width */
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (entries, 0)), "Raumschach, the start");
  EXPORT (png);
  png_size (png, &w2, &h2);
  g_assert_cmpint (w2, ==, 640);
  g_assert_cmpint (h2, >, h);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 1000);
  EXPORT (png);
  png_size (png, &w2, &h2);
  g_assert_cmpint (w2, ==, 1000);

  EXPORT (svg);
  assert_starts_with (svg, "<svg");
  EXPORT (pdf);
  assert_starts_with (pdf, "%PDF");
  /* no extension: the chosen format's */
  gtk_drop_down_set_selected (g_ptr_array_index (dropdowns, 0), 2);
  EXPORT (bare);
  assert_starts_with (bare_pdf, "%PDF");
  /* an unwritable place: an error, no crash */
  {
    g_autofree char *bad = g_build_filename (dir, "no", "such", "dir.png", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (bad);

    g_assert_false (ts_diagram_export_dialog_export (TS_DIAGRAM_EXPORT_DIALOG (dialog), file, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_unlink (bare_pdf);
  g_rmdir (dir);
  destroy_and_check (dialog);
  widget_test_reset_settings (settings);
}

static void
test_copy_image (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("nihongi"));
  GtkWidget *window = gtk_window_new ();
  TsBoardRenderOptions o;
  g_autoptr(GdkTexture) texture = NULL;
  GdkClipboard *clipboard;

  ts_board_render_options_init (&o, p);
  texture = ts_board_diagram_texture (&o, 300);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 300);
  g_assert_cmpint (gdk_texture_get_height (texture), >, 100);
  /* not blank: the corners (background) differ from somewhere on the board */
  {
    int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
    g_autofree guint32 *pixels = g_new (guint32, (gsize) width * height);
    guint differ = 0;

    gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
    for (int i = 0; i < width * height; i++)
      differ += pixels[i] != pixels[0];
    g_assert_cmpuint (differ, >, (guint) (width * height / 10));
  }

  gtk_window_present (GTK_WINDOW (window));
  ts_diagram_copy_image (window, &o, 400);
  clipboard = gtk_widget_get_clipboard (window);
  g_assert_true (gdk_content_formats_contain_gtype (gdk_clipboard_get_formats (clipboard), GDK_TYPE_TEXTURE));
  {
    GdkContentProvider *content = gdk_clipboard_get_content (clipboard);
    GValue value = G_VALUE_INIT;

    g_assert_nonnull (content);
    g_value_init (&value, GDK_TYPE_TEXTURE);
    g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
    g_assert_cmpint (gdk_texture_get_width (g_value_get_object (&value)), ==, 400);
    g_value_unset (&value);
  }
  destroy_and_check (window);
}

static GtkWidget *
button_labelled (GtkWidget *root, const char *label)
{
  g_autoptr(GPtrArray) buttons = widget_test_collect (root, GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), label) == 0)
      return g_ptr_array_index (buttons, i);
  return NULL;
}

/* The dialog's Copy Image button: the diagram at the chosen width on the clipboard. */
static void
test_export_copy_button (void)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));
  GtkWidget *dialog = ts_diagram_export_dialog_new (NULL, p);
  g_autoptr(GPtrArray) spins = NULL, labels = NULL;
  GtkWidget *copy;
  GdkContentProvider *content;
  GValue value = G_VALUE_INIT;
  gboolean status_shown = FALSE;

  gtk_window_present (GTK_WINDOW (dialog));
  spins = widget_test_collect (dialog, GTK_TYPE_SPIN_BUTTON);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 300);
  copy = button_labelled (dialog, "_Copy Image");
  g_assert_nonnull (copy);
  g_assert_nonnull (button_labelled (dialog, "_Export…"));
  g_signal_emit_by_name (copy, "clicked");
  content = gdk_clipboard_get_content (gtk_widget_get_clipboard (dialog));
  g_assert_nonnull (content);
  g_value_init (&value, GDK_TYPE_TEXTURE);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  g_assert_cmpint (gdk_texture_get_width (g_value_get_object (&value)), ==, 300);
  g_value_unset (&value);
  labels = widget_test_collect (dialog, GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len; i++)
    status_shown |= gtk_widget_get_visible (g_ptr_array_index (labels, i)) &&
                    g_str_equal (gtk_label_get_label (g_ptr_array_index (labels, i)), "The image is on the clipboard.");
  g_assert_true (status_shown);
  destroy_and_check (dialog);
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/dialogs/preferences", test_preferences);
  g_test_add_func ("/dialogs/export-diagram", test_export);
  g_test_add_func ("/dialogs/export-remembers", test_export_remembers);
  g_test_add_func ("/dialogs/export-pdf-pages", test_export_pdf_pages);
  g_test_add_func ("/dialogs/copy-image", test_copy_image);
  g_test_add_func ("/dialogs/export-copy-button", test_export_copy_button);
  return g_test_run ();
}
