/* Collections in the game window, and what the game list and the problem sets share. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "collection-actions.h"
#include "collection-place.h"
#include "collection-window.h"
#include "file-folder.h"
#include "opening-tree-view.h"
#include "problem-set.h"
#include "question.h"

static void
error_seen (const char *answer, gpointer data)
{
}

void
ts_collection_actions_show_error (GtkWindow *parent, const char *primary, const char *secondary)
{
  const TsAnswer answers[] = { { "close", _("_Close"), ADW_RESPONSE_DEFAULT } };
  AdwMessageDialog *dialog = ts_question_ask (parent, primary, secondary, answers, 1, "close", "close",
                                              error_seen, NULL);

  gtk_window_set_title (GTK_WINDOW (dialog), primary);
}

static GtkApplication *
application_of (GtkWindow *window)
{
  GtkApplication *app = window ? gtk_window_get_application (window) : NULL;

  return app ? app : GTK_APPLICATION (g_application_get_default ());
}

/* The game window showing game id of model, or NULL. */
static TesseraWindow *
window_showing (TsCollectionModel *model, guint id)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      guint shown;

      if (TESSERA_IS_WINDOW (w) &&
          ts_collection_place_get (tessera_window_get_session (TESSERA_WINDOW (w)), &shown) == model && shown == id)
        return TESSERA_WINDOW (w);
    }
  return NULL;
}

/* A game window to open games from: opener, else one of the application's, else new. */
static TesseraWindow *
game_window_for (GtkWindow *parent, GtkWindow *opener, const TsVariant *variant)
{
  GtkApplication *app = application_of (parent);

  if (TESSERA_IS_WINDOW (opener))
    return TESSERA_WINDOW (opener);
  for (GList *l = app ? gtk_application_get_windows (app) : NULL; l; l = l->next)
    if (TESSERA_IS_WINDOW (l->data))
      return l->data;
  return tessera_window_new (app, variant->id);
}

gboolean
ts_collection_actions_open_game (GtkWindow *parent, GtkWindow *opener, TsCollectionModel *model, guint id,
                                 GError **error)
{
  TesseraWindow *shown = window_showing (model, id);
  TsGame *game;

  /* One window per game: two would each write their own version into its place. */
  if (shown)
    {
      gtk_window_present (GTK_WINDOW (shown));
      return TRUE;
    }
  game = ts_collection_model_read_game (model, id, error);
  if (game == NULL)
    return FALSE;
  shown = tessera_window_open_collection_game (game_window_for (parent, opener, ts_game_variant (game)),
                                               game, model, id);
  gtk_window_present (GTK_WINDOW (shown));
  return TRUE;
}

TsCollectionModel *
ts_collection_actions_model_for_file (const char *filename, GError **error)
{
  TsCollectionModel *model = ts_collection_model_lookup (filename);
  g_autoptr (TsCollection) c = NULL;
  GStatBuf st;

  if (model)
    return model;
  if (g_stat (filename, &st) == 0 && S_ISREG (st.st_mode) && st.st_size == 0)
    {
      /* An empty file: a new collection in the form its name says. */
      c = ts_collection_new (ts_game_format_for_filename (filename));
      if (!ts_collection_save (c, filename, error))
        return NULL;
    }
  else if ((c = ts_collection_load (filename, error)) == NULL)
    return NULL;
  return ts_collection_model_get (c);
}

void
ts_collection_actions_open_collection (TesseraWindow *window, TsCollection *c)
{
  /* the model holds c, or the open model of its file: ours is dropped at the end */
  g_autoptr (TsCollectionModel) model = ts_collection_model_get (c);
  gboolean all_problems = ts_collection_n_games (c) > 0;

  for (guint i = 0; i < ts_collection_n_games (c) && all_problems; i++)
    all_problems = ts_problem_set_takes (ts_collection_game_field (c, i, TS_GAME_STIPULATION));
  /* A problem set opens in solving mode, as a single problem file does. */
  if (all_problems)
    ts_problem_set_present (model, GTK_WINDOW (window));
  else
    ts_collection_window_present (model, GTK_WINDOW (window));
  ts_collection_unref (c);
}

/* ---- choosing a collection ---- */

typedef struct {
  GtkWindow          *parent;
  TsCollectionChosen  chosen;
  gpointer            data;
} Choice;

static void
choice_response (GtkNativeDialog *chooser, int response, Choice *choice)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (GError) error = NULL;
      g_autoptr (TsCollectionModel) model = NULL;

      ts_file_folder_remember (GTK_FILE_CHOOSER (chooser));
      if (path && (model = ts_collection_actions_model_for_file (path, &error)) != NULL)
        choice->chosen (choice->parent, model, choice->data);
      else
        {
          g_autofree char *name = g_file_get_basename (file);
          /* Translators: %s is a file name */
          g_autofree char *primary = g_strdup_printf (_("Cannot open “%s”"), name);

          ts_collection_actions_show_error (choice->parent, primary,
                                            error ? error->message : _("Only local files can be opened."));
        }
    }
  g_object_unref (choice->parent);
  g_free (choice);
  g_object_unref (chooser);
}

void
ts_collection_actions_choose_collection (GtkWindow *parent, const char *title, const char *accept_label,
                                         TsCollectionChosen chosen, gpointer data)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                                               accept_label, _("_Cancel"));
  Choice *choice = g_new0 (Choice, 1);

  choice->parent = g_object_ref (parent);
  choice->chosen = chosen;
  choice->data = data;
  tessera_window_add_file_filters (GTK_FILE_CHOOSER (chooser));
  ts_file_folder_apply (GTK_FILE_CHOOSER (chooser));
  g_signal_connect (chooser, "response", G_CALLBACK (choice_response), choice);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

typedef struct {
  GtkWindow *parent;
  GWeakRef   opener;
} NewCollection;

static void
new_response (GtkNativeDialog *chooser, int response, NewCollection *job)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr (TsCollection) c = ts_collection_new (TS_GAME_FORMAT_XML);
      g_autoptr (GError) error = NULL;
      g_autoptr (GtkWindow) opener = g_weak_ref_get (&job->opener);

      ts_file_folder_remember (GTK_FILE_CHOOSER (chooser));
      /* An empty collection exists only in the XML form: a text holds games or nothing. */
      if (path && ts_collection_save (c, path, &error))
        {
          g_autoptr (TsCollectionModel) model = ts_collection_model_get (c);

          ts_collection_window_present (model, opener);
        }
      else
        ts_collection_actions_show_error (job->parent, _("Cannot make the collection"),
                                          error ? error->message : _("Only local files can be opened."));
    }
  g_weak_ref_clear (&job->opener);
  g_object_unref (job->parent);
  g_free (job);
  g_object_unref (chooser);
}

void
ts_collection_actions_new_collection (GtkWindow *parent, GtkWindow *opener)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (_("New Collection"), parent,
                                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Create"),
                                                               _("_Cancel"));
  NewCollection *job = g_new0 (NewCollection, 1);

  job->parent = g_object_ref (parent);
  g_weak_ref_init (&job->opener, opener);
  ts_file_folder_apply (GTK_FILE_CHOOSER (chooser));
  /* Translators: the file name a new collection is offered */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("Collection.tessera"));
  g_signal_connect (chooser, "response", G_CALLBACK (new_response), job);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* ---- the game window's actions ---- */

static void
update_actions (TesseraWindow *window)
{
  GAction *show = g_action_map_lookup_action (G_ACTION_MAP (window), "show-collection");
  TsGameSession *session = tessera_window_get_session (window);

  if (show)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (show), session && ts_collection_place_get (session, NULL));
}

static void
add_chosen (GtkWindow *parent, TsCollectionModel *model, gpointer data)
{
  TesseraWindow *window = TESSERA_WINDOW (parent);
  TsGameSession *session = tessera_window_get_session (window);
  g_autoptr (GError) error = NULL;
  g_autofree char *name = ts_collection_model_get_name (model);
  g_autofree char *text = NULL;
  guint id;

  if (!ts_collection_model_add_game (model, ts_game_session_get_game (session), &id, &error))
    {
      /* Translators: %s is a collection's file name */
      g_autofree char *primary = g_strdup_printf (_("Cannot add the game to “%s”"), name);

      ts_collection_actions_show_error (parent, primary, error->message);
      return;
    }
  /* A game with no file of its own now lives in the collection: Save writes it there. */
  if (ts_game_session_get_filename (session) == NULL && ts_collection_place_get (session, NULL) == NULL)
    {
      ts_collection_place_set (session, model, id);
      ts_game_session_mark_saved (session);
    }
  update_actions (window);
  /* Translators: "Game added to “matches.pgn” as game 12" */
  text = g_strdup_printf (_("Game added to “%s” as game %d"), name, ts_collection_model_find (model, id) + 1);
  tessera_window_show_toast (window, text, NULL);
}

static void
action_add_to_collection (GSimpleAction *action, GVariant *param, gpointer data)
{
  ts_collection_actions_choose_collection (GTK_WINDOW (data), _("Add to Collection"), _("_Add"), add_chosen, NULL);
}

static void
action_show_collection (GSimpleAction *action, GVariant *param, gpointer data)
{
  TesseraWindow *window = data;
  guint id;
  TsCollectionModel *model = ts_collection_place_get (tessera_window_get_session (window), &id);

  if (model)
    ts_collection_window_select (ts_collection_window_present (model, GTK_WINDOW (window)), id);
}

static void
action_new_collection (GSimpleAction *action, GVariant *param, gpointer data)
{
  ts_collection_actions_new_collection (GTK_WINDOW (data), GTK_WINDOW (data));
}

static void
session_replaced (TesseraWindow *window)
{
  TsGameSession *session = tessera_window_get_session (window);

  update_actions (window);
  if (session && !g_object_get_data (G_OBJECT (session), "ts-collection-actions"))
    {
      g_object_set_data (G_OBJECT (session), "ts-collection-actions", window);
      g_signal_connect_object (session, "changed", G_CALLBACK (update_actions), window, G_CONNECT_SWAPPED);
    }
}

void
ts_collection_actions_install (TesseraWindow *window)
{
  static const GActionEntry entries[] = {
    { "add-to-collection", action_add_to_collection, NULL, NULL, NULL, { 0 } },
    { "show-collection", action_show_collection, NULL, NULL, NULL, { 0 } },
    { "new-collection", action_new_collection, NULL, NULL, NULL, { 0 } },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (window), entries, G_N_ELEMENTS (entries), window);
  gtk_notebook_append_page (tessera_window_get_side_notebook (window), ts_opening_tree_view_new (window),
                            gtk_label_new (_("Tree")));
  session_replaced (window);
  g_signal_connect_object (window, "notify::session", G_CALLBACK (session_replaced), window, G_CONNECT_SWAPPED);
}
