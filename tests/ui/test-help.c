/* The in-app help: a page for every variant, reached through app.help (F1) and
 * app.help-variant; one help window at a time. */
#include "config.h"

#include <adwaita.h>

#include "help-pages.h"
#include "help-window.h"
#include "new-game-dialog.h"
#include "rules/variant.h"
#include "tessera-application.h"
#include "tessera-window.h"

static void
test_help_pages (void)
{
  guint n_variants, n_pages;
  const TsVariant *const *variants = ts_variant_list (&n_variants);
  const TesseraHelpPage *pages = tessera_help_pages (&n_pages);

  g_assert_cmpuint (n_variants, >, 0);
  for (guint i = 0; i < n_variants; i++)
    if (tessera_help_page_lookup (variants[i]->id) == NULL)
      g_error ("the variant “%s” has no help page (add one to ui/help-pages.c)", variants[i]->id);
  g_assert_nonnull (tessera_help_page_lookup ("general"));
  g_assert_null (tessera_help_page_lookup ("no-such-variant"));

  for (guint i = 0; i < n_pages; i++)
    {
      guint n = 0;

      g_assert_true (pages[i].title != NULL || ts_variant_lookup (pages[i].id) != NULL);
      for (; pages[i].paragraphs[n]; n++)
        g_assert_cmpuint (strlen (pages[i].paragraphs[n]), >, 20);
      g_assert_cmpuint (n, >=, 1);
    }
}

static TesseraHelpWindow *
find_help (GtkApplication *app, guint *n_help)
{
  TesseraHelpWindow *help = NULL;

  *n_help = 0;
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (TESSERA_IS_HELP_WINDOW (l->data))
      {
        help = l->data;
        (*n_help)++;
      }
  return help;
}

static void
test_help_actions (void)
{
  g_autoptr(TesseraApplication) app = tessera_application_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) accels = NULL;
  GtkApplication *gapp;
  TesseraHelpWindow *help;
  guint n_help;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  gapp = GTK_APPLICATION (app);
  accels = gtk_application_get_accels_for_action (gapp, "app.help");
  g_assert_cmpstr (accels[0], ==, "F1");

  /* From the new-game dialog: the page of the chosen variant. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "help-variant", g_variant_new_string ("nihongi"));
  help = find_help (gapp, &n_help);
  g_assert_cmpuint (n_help, ==, 1);
  g_assert_cmpstr (tessera_help_window_get_page (help), ==, "nihongi");

  /* The same window again, on another page; an unknown id shows the common rules. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "help-variant", g_variant_new_string ("doseki"));
  g_assert_true (find_help (gapp, &n_help) == help);
  g_assert_cmpuint (n_help, ==, 1);
  g_assert_cmpstr (tessera_help_window_get_page (help), ==, "doseki");
  g_action_group_activate_action (G_ACTION_GROUP (app), "help-variant", g_variant_new_string ("bogus"));
  g_assert_cmpstr (tessera_help_window_get_page (help), ==, "general");

  /* Closed, it is built anew; F1 (app.help) opens the page of the game window's variant. */
  g_object_add_weak_pointer (G_OBJECT (help), (gpointer *) &help);
  gtk_window_destroy (GTK_WINDOW (help));
  g_assert_null (help);
  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", g_variant_new_string ("grossraumschach"));
  gtk_window_present (GTK_WINDOW (gtk_application_get_windows (gapp)->data));
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  help = find_help (gapp, &n_help);
  g_assert_cmpuint (n_help, ==, 1);
  g_assert_cmpstr (tessera_help_window_get_page (help), ==, "grossraumschach");
  gtk_test_widget_wait_for_draw (GTK_WIDGET (help));
  /* its own header bar, as every other window: without one a window manager drew its
   * title bar, unlike the rest of the application */
  g_assert_true (ADW_IS_HEADER_BAR (gtk_window_get_titlebar (GTK_WINDOW (help))));

  /* The new-game dialog's Rules button shows the page of the variant chosen there, over
   * the modal dialog (transient for it, not for the game window under it, where the
   * dialog's modality took its input), and not modal itself. */
  {
    GtkWindow *game = GTK_WINDOW (gtk_application_get_windows (gapp)->data);
    GtkWidget *dialog = ts_new_game_dialog_new (TESSERA_IS_WINDOW (game) ? game : NULL,
                                                "cubic8-teams-13", NULL);
    GtkWidget *button = NULL;

    for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (dialog)); w && !button; )
      {
        const char *tip = gtk_widget_get_tooltip_text (w);

        if (GTK_IS_BUTTON (w) && tip && g_str_equal (tip, "Rules of this variant"))
          button = w;
        else if (gtk_widget_get_first_child (w))
          w = gtk_widget_get_first_child (w);
        else
          {
            while (w && !gtk_widget_get_next_sibling (w))
              w = gtk_widget_get_parent (w);
            w = w ? gtk_widget_get_next_sibling (w) : NULL;
          }
      }
    g_assert_nonnull (button);
    gtk_window_present (GTK_WINDOW (dialog));
    g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
    g_signal_emit_by_name (button, "clicked");
    g_assert_cmpstr (tessera_help_window_get_page (help), ==, "cubic8-teams-13");
    g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (help)) == GTK_WINDOW (dialog));
    g_assert_false (gtk_window_get_modal (GTK_WINDOW (help)));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  /* Activation presents a game window, never the help window. */
  g_application_activate (G_APPLICATION (app));
  find_help (gapp, &n_help);
  g_assert_cmpuint (n_help, ==, 1);
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (gapp)), ==, 2);

  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_null (gtk_application_get_windows (gapp));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/help/pages", test_help_pages);
  g_test_add_func ("/help/actions", test_help_actions);

  return g_test_run ();
}
