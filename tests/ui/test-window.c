/* TesseraWindow and TesseraApplication in-process: state kept in GSettings, the content
 * area, the application's actions and accelerators. */
#include "config.h"

#include <adwaita.h>

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "question.h"
#include "tessera-about.h"
#include "rules/variant.h"
#include "tessera-application.h"
#include "tessera-window.h"
#include "widget-test.h"

static void
test_window_restores_state (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;
  int width, height;

  widget_test_reset_settings (settings);
  g_settings_set_int (settings, "window-width", 912);
  g_settings_set_int (settings, "window-height", 634);

  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 912);
  g_assert_cmpint (height, ==, 634);
  g_assert_cmpstr (tessera_window_get_variant (window), ==, "raumschach");
  g_assert_false (gtk_window_is_maximized (GTK_WINDOW (window)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

static void
test_window_saves_state (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  TesseraWindow *window;

  widget_test_reset_settings (settings);
  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));

  gtk_window_set_default_size (GTK_WINDOW (window), 1001, 703);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);

  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1001);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 703);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
}

static void
test_window_content (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  GtkWidget *first = gtk_label_new ("first board");
  GtkWidget *second = gtk_label_new ("second board");
  GtkStack *stack;

  g_object_add_weak_pointer (G_OBJECT (first), (gpointer *) &first);
  tessera_window_set_content (window, first);
  stack = GTK_STACK (gtk_widget_get_parent (first));
  g_assert_true (GTK_IS_STACK (stack));
  g_assert_true (gtk_stack_get_visible_child (stack) == first);

  /* A second board replaces the first, which is released. */
  tessera_window_set_content (window, second);
  g_assert_null (first);
  g_assert_true (gtk_stack_get_visible_child (stack) == second);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

static void
count_call (guint *n)
{
  (*n)++;
}

/* The toast API: text, an Undo button bound to the action, a new toast replacing the
 * one shown. */
static void
test_window_toast (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  AdwToast *first, *second;
  guint dismissed = 0;

  gtk_window_present (GTK_WINDOW (window));
  first = tessera_window_show_toast (window, "Game saved", NULL);
  g_assert_cmpstr (adw_toast_get_title (first), ==, "Game saved");
  g_assert_null (adw_toast_get_button_label (first));
  g_signal_connect_swapped (first, "dismissed", G_CALLBACK (count_call), &dismissed);

  second = tessera_window_show_toast (window, "Move <b> taken & back", "win.undo");
  g_assert_cmpstr (adw_toast_get_title (second), ==, "Move &lt;b&gt; taken &amp; back");
  g_assert_cmpstr (adw_toast_get_button_label (second), ==, "_Undo");
  g_assert_cmpstr (adw_toast_get_action_name (second), ==, "win.undo");
  /* the first was dismissed at once, not queued behind the second */
  g_assert_cmpuint (dismissed, ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

static void
record_answer (const char *answer, gpointer data)
{
  char **out = data;

  g_free (*out);
  *out = g_strdup (answer);
}

/* The question helper: buttons in order with their looks, Enter's and Escape's answers,
 * the callback called once with the answer, the dialog gone afterwards. */
static void
test_question (void)
{
  static const TsAnswer answers[] = {
    { "cancel", "_Cancel", ADW_RESPONSE_DEFAULT },
    { "discard", "_Discard", ADW_RESPONSE_DESTRUCTIVE },
    { "save", "_Save", ADW_RESPONSE_SUGGESTED },
  };
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  g_autofree char *answer = NULL;
  AdwMessageDialog *dialog;

  gtk_window_present (GTK_WINDOW (window));
  dialog = ts_question_ask (GTK_WINDOW (window), "Save changes?", "The game is not saved.",
                            answers, G_N_ELEMENTS (answers), "save", "cancel",
                            record_answer, &answer);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save changes?");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==, "The game is not saved.");
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "save");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "discard"), ==, "_Discard");
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "discard"), ==,
                   ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "save"), ==,
                   ADW_RESPONSE_SUGGESTED);

  adw_message_dialog_response (dialog, "discard");
  g_assert_cmpstr (answer, ==, "discard");
  while (dialog && g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (dialog);

  /* closing it (Escape) answers with the close answer */
  dialog = ts_question_ask (GTK_WINDOW (window), "Restore?", NULL, answers, 2, "discard",
                            "cancel", record_answer, &answer);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_cmpstr (answer, ==, "cancel");
  while (dialog && g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (dialog);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* AdwApplication loads the application's style.css: a banner has its padding
 * (6 px above and below its tallest child). */
static void
assert_style_applies (GtkWidget *window)
{
  g_autoptr(GPtrArray) boxes = widget_test_collect (window, GTK_TYPE_BOX);
  guint checked = 0;

  for (guint i = 0; i < boxes->len; i++)
    {
      GtkWidget *box = g_ptr_array_index (boxes, i);
      int box_height, tallest = 0;

      if (!gtk_widget_has_css_class (box, "banner"))
        continue;
      for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
        {
          int h;

          gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, -1, &h, NULL, NULL, NULL);
          tallest = MAX (tallest, h);
        }
      gtk_widget_measure (box, GTK_ORIENTATION_VERTICAL, -1, &box_height, NULL, NULL, NULL);
      g_assert_cmpint (box_height, ==, tallest + 12);
      checked++;
    }
  g_assert_cmpuint (checked, >, 0);
}

/* The About window: credits, licence, links, the metainfo's newest release notes. */
static void
test_about (void)
{
  GtkWidget *about = tessera_about_window_new (NULL);
  AdwAboutWindow *a = ADW_ABOUT_WINDOW (about);
  const char *notes;

  g_object_ref_sink (about);
  g_assert_cmpstr (adw_about_window_get_application_name (a), ==, "Tessera");
  g_assert_cmpstr (adw_about_window_get_version (a), ==, PACKAGE_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (a), ==, GTK_LICENSE_GPL_3_0);
  g_assert_cmpstr (adw_about_window_get_website (a), ==, "https://github.com/tessera/tessera");
  g_assert_nonnull (adw_about_window_get_issue_url (a));
  g_assert_nonnull (adw_about_window_get_developers (a));
  g_assert_cmpstr (adw_about_window_get_release_notes_version (a), ==, PACKAGE_VERSION);
  notes = adw_about_window_get_release_notes (a);
  g_assert_true (g_str_has_prefix (notes, "<p>The first version of Tessera.</p><ul><li>"));
  g_assert_nonnull (strstr (notes, "</li></ul>"));
  gtk_window_destroy (GTK_WINDOW (about));
  g_assert_finalize_object (about);
}

/* Release notes: the first release, paragraphs and lists only, text escaped, white space
 * collapsed as gettext extracts it, and each piece translated. */
static void
test_release_notes (void)
{
  static const char xml[] =
    "<component><releases>"
    "<release version=\"2.0\"><description><p>Faster &amp;\n   smaller.</p>"
    "<ul><li>One</li><li>Two &lt;b&gt;</li></ul><p>The first version of Tessera.</p>"
    "</description></release>"
    "<release version=\"1.0\"><description><p>Old.</p></description></release>"
    "</releases></component>";
  g_autofree char *po_dir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  g_autofree char *version = NULL, *notes = NULL, *german = NULL;

  notes = tessera_release_notes (xml, strlen (xml), &version);
  g_assert_cmpstr (version, ==, "2.0");
  g_assert_cmpstr (notes, ==, "<p>Faster &amp; smaller.</p><ul><li>One</li><li>Two &lt;b&gt;</li>"
                              "</ul><p>The first version of Tessera.</p>");
  g_assert_null (tessera_release_notes ("<component/>", 12, NULL));
  g_assert_null (tessera_release_notes ("not xml", 7, NULL));

  /* in German, with the translations of the build tree */
  g_setenv ("LANGUAGE", "de", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  german = tessera_release_notes (xml, strlen (xml), NULL);
  g_setenv ("LANGUAGE", "C", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  g_assert_nonnull (strstr (german, "<p>Die erste Version von Tessera.</p>"));
}

static guint
count_shortcuts_windows (GList *windows)
{
  guint n = 0;

  for (GList *l = windows; l; l = l->next)
    n += GTK_IS_SHORTCUTS_WINDOW (l->data);
  return n;
}

static void
test_application_actions (void)
{
  g_autoptr(TesseraApplication) app = tessera_application_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) quit_accels = NULL;
  g_auto(GStrv) shortcut_accels = NULL;
  g_autofree char *last_variant = NULL;
  static const char *actions[] = { "about", "shortcuts", "quit", "new-game" };
  GSettings *settings;
  GList *windows;
  guint n_variants;
  const TsVariant *const *variants = ts_variant_list (&n_variants);
  const char *first_variant = variants[0]->id;
  const char *last_id = variants[n_variants - 1]->id;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  settings = tessera_application_get_settings (app);
  widget_test_reset_settings (settings);

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), actions[i]));
  quit_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.quit");
  g_assert_cmpstr (quit_accels[0], ==, "<Control>q");
  shortcut_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.shortcuts");
  g_assert_cmpstr (shortcut_accels[0], ==, "<Control>question");

  /* Activation opens one window, and only one; a last variant that no longer exists
   * falls back to the first variant. */
  g_settings_set_string (settings, "last-variant", "no-such-variant");
  g_application_activate (G_APPLICATION (app));
  g_application_activate (G_APPLICATION (app));
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, 1);
  g_assert_cmpstr (tessera_window_get_variant (windows->data), ==, first_variant);
  assert_style_applies (windows->data);

  /* new-game opens another window and remembers the variant; unknown ids are refused. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", g_variant_new_string (last_id));
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, 2);
  g_assert_cmpstr (tessera_window_get_variant (windows->data), ==, last_id);
  last_variant = g_settings_get_string (settings, "last-variant");
  g_assert_cmpstr (last_variant, ==, last_id);

  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", g_variant_new_string ("bogus"));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 2);

  /* One shortcuts window however often it is asked for; activation does not mistake it for
   * a game window. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
  g_application_activate (G_APPLICATION (app));
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, 3);
  g_assert_cmpuint (count_shortcuts_windows (windows), ==, 1);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  textdomain (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/window/restores-state", test_window_restores_state);
  g_test_add_func ("/window/saves-state", test_window_saves_state);
  g_test_add_func ("/window/content", test_window_content);
  g_test_add_func ("/window/toast", test_window_toast);
  g_test_add_func ("/window/question", test_question);
  g_test_add_func ("/application/about", test_about);
  g_test_add_func ("/application/release-notes", test_release_notes);
  g_test_add_func ("/application/actions", test_application_actions);

  return g_test_run ();
}
