/* Collections in the window, driven as a user would (docs/collections.md): a collection
 * opened shows its game list; the list's filter and sort; a game opened from it, edited and
 * saved back into its place (the other games byte for byte); delete with undo, move up and
 * down, copy to another collection, add the current game; a problem set's next, previous
 * and score; the opening tree page's moves (the core's query) and a click playing one. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "collection-model.h"
#include "collection-place.h"
#include "collection-window.h"
#include "opening-tree-view.h"
#include "problem-set.h"
#include "records/collection.h"
#include "records/game-random.h"
#include "records/opening-tree.h"
#include "rules/notation.h"
#include "rules/postext.h"
#include "tessera-window.h"
#include "widget-test.h"

static char *tmp_dir;

#define MATE_IN_2 "raumschach w:KAa1,QCe4,QDd3 b:KAe1 turn=w"

static void
reset_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);

  widget_test_reset_settings (settings);
  g_settings_set_strv (settings, "seat-kinds", (const char *[]) { "human", "human", "human", "human", NULL });
}

/* Runs the main loop until check (data) holds; fails after 60 s. */
static void
wait_for (gboolean (*check) (gpointer), gpointer data, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!check (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

static gboolean
collection_window_shown (gpointer data)
{
  return find_toplevel (TS_TYPE_COLLECTION_WINDOW) != NULL;
}

/* Games that share openings, of two variants, with names to filter and sort by. */
static char *
write_collection (const char *name, guint n, TsGameFormat format)
{
  g_autoptr (TsCollection) c = ts_collection_new (format);
  char *path = g_build_filename (tmp_dir, name, NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TsGame) game = ts_game_new_random_opening (ts_variant_lookup (i % 5 == 4 ? "nihongi" : "raumschach"),
                                                            16, 6, 2, 100 + i);

      g_assert_true (ts_collection_insert_game (c, i, game, NULL));
    }
  g_assert_true (ts_collection_save (c, path, NULL));
  return path;
}

static TesseraWindow *
new_window (void)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Opens path in window as Open does (in the background) and waits for the game list. */
static TsCollectionWindow *
open_list (TesseraWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  tessera_window_open_file (window, file);
  wait_for (collection_window_shown, NULL, "the game list");
  return TS_COLLECTION_WINDOW (find_toplevel (TS_TYPE_COLLECTION_WINDOW));
}

static TsCollectionItem *
row (TsCollectionWindow *list, guint i)
{
  TsCollectionItem *item = g_list_model_get_item (ts_collection_window_get_rows (list), i);

  g_object_unref (item);   /* the model holds it */
  return item;
}

static guint
n_rows (TsCollectionWindow *list)
{
  return g_list_model_get_n_items (ts_collection_window_get_rows (list));
}

static void
close_all (TesseraWindow *window)
{
  GtkWindow *w;

  while ((w = find_toplevel (TS_TYPE_COLLECTION_WINDOW)) != NULL)
    gtk_window_destroy (w);
  gtk_window_destroy (GTK_WINDOW (window));
  widget_test_flush_events ();
  g_assert_finalize_object (window);
}

/* The list shows every game with the index's header; the filter finds words in any
 * column; the columns sort. */
static void
test_list_filter_sort (void)
{
  g_autofree char *path = write_collection ("list.pgn", 40, TS_GAME_FORMAT_TEXT);
  g_autoptr (TsCollection) c = ts_collection_load (path, NULL);
  TesseraWindow *window;
  TsCollectionWindow *list;
  guint anna = 0, nihongi = 0;

  reset_settings ();
  window = new_window ();
  list = open_list (window, path);
  /* the game window's own game is untouched */
  g_assert_null (ts_game_session_get_filename (tessera_window_get_session (window)));
  g_assert_cmpuint (n_rows (list), ==, 40);
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *event = NULL, *players = NULL;
      guint moves, number;

      g_object_get (row (list, i), "event", &event, "players", &players, "moves", &moves, "number", &number, NULL);
      g_assert_cmpuint (number, ==, i + 1);
      g_assert_cmpstr (event, ==, ts_collection_game_field (c, i, TS_GAME_EVENT));
      g_assert_cmpuint (moves, ==, ts_collection_game_n_plies (c, i));
      anna += g_strstr_len (players, -1, "Anna") != NULL && ts_collection_game_variant (c, i) == ts_variant_lookup ("raumschach");
      nihongi += ts_collection_game_variant (c, i) == ts_variant_lookup ("nihongi");
    }
  g_assert_cmpuint (nihongi, ==, 8);

  /* Filter: every word must match, case does not matter. */
  ts_collection_window_set_filter (list, "NIHONGI");
  g_assert_cmpuint (n_rows (list), ==, nihongi);
  ts_collection_window_set_filter (list, "anna raumschach");
  g_assert_cmpuint (n_rows (list), ==, anna);
  g_assert_cmpuint (anna, >, 0);
  ts_collection_window_set_filter (list, "no such player");
  g_assert_cmpuint (n_rows (list), ==, 0);
  ts_collection_window_set_filter (list, "");
  g_assert_cmpuint (n_rows (list), ==, 40);

  /* Sort: by moves descending, by event, back to the file's order. */
  ts_collection_window_sort_by (list, "moves", GTK_SORT_DESCENDING);
  for (guint i = 1; i < 40; i++)
    {
      guint a, b;

      g_object_get (row (list, i - 1), "moves", &a, NULL);
      g_object_get (row (list, i), "moves", &b, NULL);
      g_assert_cmpuint (a, >=, b);
    }
  ts_collection_window_sort_by (list, "event", GTK_SORT_ASCENDING);
  for (guint i = 1; i < 40; i++)
    {
      g_autofree char *a = NULL, *b = NULL;

      g_object_get (row (list, i - 1), "event", &a, NULL);
      g_object_get (row (list, i), "event", &b, NULL);
      g_assert_cmpint (g_utf8_collate (a, b), <=, 0);
    }
  ts_collection_window_sort_by (list, "number", GTK_SORT_ASCENDING);
  g_assert_cmpuint (ts_collection_item_get_number (row (list, 0)), ==, 1);
  close_all (window);
}

static guint
selected_id (TsCollectionWindow *list)
{
  g_autoptr (GPtrArray) views = widget_test_collect (GTK_WIDGET (list), GTK_TYPE_COLUMN_VIEW);
  GtkSelectionModel *selection = gtk_column_view_get_model (GTK_COLUMN_VIEW (views->pdata[0]));
  gpointer item = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (selection));

  g_assert_nonnull (item);
  return ts_collection_item_get_id (item);
}

static gboolean
rows_are (gpointer data)
{
  gpointer *args = data;

  return n_rows (args[0]) == GPOINTER_TO_UINT (args[1]);
}

/* Typed in the filter, then Enter: the first game shown opens in the game window. */
static void
test_filter_enter (void)
{
  g_autofree char *path = write_collection ("enter.pgn", 10, TS_GAME_FORMAT_TEXT);
  TesseraWindow *window;
  TsCollectionWindow *list;
  GtkWidget *entry;
  guint id;

  reset_settings ();
  window = new_window ();
  list = open_list (window, path);
  {
    g_autoptr (GPtrArray) entries = widget_test_collect (GTK_WIDGET (list), GTK_TYPE_SEARCH_ENTRY);

    entry = entries->pdata[0];
  }
  gtk_editable_set_text (GTK_EDITABLE (entry), "nihongi");
  wait_for (rows_are, (gpointer[]) { list, GUINT_TO_POINTER (2) }, "the filter");
  id = ts_collection_item_get_id (row (list, 0));
  g_assert_cmpuint (selected_id (list), ==, id);
  g_signal_emit_by_name (entry, "activate");
  widget_test_flush_events ();
  {
    guint shown;

    g_assert_true (ts_collection_place_get (tessera_window_get_session (window), &shown) ==
                   ts_collection_window_get_model (list));
    g_assert_cmpuint (shown, ==, id);
    g_assert_true (ts_game_variant (ts_game_session_get_game (tessera_window_get_session (window))) ==
                   ts_variant_lookup ("nihongi"));
  }
  close_all (window);
}

static gboolean
session_ready (gpointer data)
{
  return !tessera_window_is_loading (data);
}

static GBytes *
game_bytes (const char *path, guint i)
{
  g_autoptr (TsCollection) c = ts_collection_load (path, NULL);

  g_assert_nonnull (c);
  return g_bytes_ref (ts_collection_game_bytes (c, i));
}

static void
play_first_legal (TesseraWindow *window)
{
  g_autoptr (TsPosition) p = ts_position_copy (ts_game_session_get_position (tessera_window_get_session (window)));
  g_autofree char *san = NULL;
  TsMoveList list;

  ts_move_list_init (&list);
  ts_position_generate_legal (p, &list);
  g_assert_cmpuint (list.n, >, 0);
  san = ts_move_to_san (p, list.moves[0]);
  ts_move_list_clear (&list);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", san);
}

/* An edit of a finished game (which takes no more moves: its session is over): a comment
 * on the move before the last. */
#define COMMENT "Better was the other rook."

static void
add_comment (TesseraWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.comment", "s", COMMENT);
}

/* A game opened from the list, a move added, Save: the game is written back into its
 * place, every other game byte for byte as it was; the window says where the game is. */
static void
test_open_edit_save (void)
{
  g_autofree char *path = write_collection ("edit.tessera", 8, TS_GAME_FORMAT_XML);
  TesseraWindow *window;
  TsCollectionWindow *list;
  TsGameSession *session;
  GBytes *before[8];
  guint plies, id;

  reset_settings ();
  for (guint i = 0; i < 8; i++)
    before[i] = game_bytes (path, i);
  window = new_window ();
  list = open_list (window, path);
  id = ts_collection_item_get_id (row (list, 2));
  ts_collection_window_select (list, id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.open", NULL));
  widget_test_flush_events ();
  session = tessera_window_get_session (window);
  g_assert_true (ts_collection_place_get (session, NULL) == ts_collection_window_get_model (list));
  g_assert_null (ts_game_session_get_filename (session));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "edit.tessera, game 3"));
  plies = ts_position_ply (ts_game_session_get_position (session));

  /* Opening it again shows the same window: one window per game. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.open", NULL));
  g_assert_true (tessera_window_get_session (window) == session);

  add_comment (window);
  g_assert_true (ts_game_session_is_modified (session));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• edit.tessera, game 3"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  widget_test_flush_events ();
  g_assert_false (ts_game_session_is_modified (session));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "edit.tessera, game 3"));
  {
    g_autoptr (TsCollection) c = ts_collection_load (path, NULL);
    g_autoptr (TsGame) saved = ts_collection_read_game (c, 2, NULL);
    const TsGameNode *node = ts_game_root (saved);
    guint n = 0;

    g_assert_cmpuint (ts_collection_n_games (c), ==, 8);
    for (guint i = 0; i < 8; i++)
      if (i != 2)
        g_assert_true (g_bytes_equal (ts_collection_game_bytes (c, i), before[i]));
    g_assert_false (g_bytes_equal (ts_collection_game_bytes (c, 2), before[2]));
    /* the main line as it was, the comment on the move before the last */
    for (; ts_game_node_n_children (node); node = ts_game_node_child (node, 0))
      if (++n == plies - 1)
        g_assert_cmpstr (ts_game_node_child (node, 0)->annotation.comment_after, ==, COMMENT);
    g_assert_cmpuint (n, ==, plies);
    /* the list's collection is what the file holds */
    g_assert_true (g_bytes_equal (ts_collection_game_bytes (ts_collection_model_get_collection (
                                    ts_collection_window_get_model (list)), 2),
                                  ts_collection_game_bytes (c, 2)));
  }
  /* Save As makes it a file of its own, and Save then writes that file. */
  {
    g_autofree char *own = g_build_filename (tmp_dir, "own.tessera", NULL);
    g_autoptr (GError) error = NULL;

    g_assert_true (tessera_window_save (window, own, &error));
    g_assert_null (ts_collection_place_get (session, NULL));
    g_assert_cmpstr (ts_game_session_get_filename (session), ==, own);
  }
  for (guint i = 0; i < 8; i++)
    g_bytes_unref (before[i]);
  close_all (window);
}

/* Another program wrote the file (a match adding its games): Save refuses and says why,
 * the game stays modified, the file stays as the other program wrote it; the list offers
 * to read it again, which keeps the open game's place. */
static void
test_changed_by_another_program (void)
{
  g_autofree char *path = write_collection ("changed.pgn", 5, TS_GAME_FORMAT_TEXT);
  g_autofree char *other = NULL, *after = NULL;
  g_autoptr (TsGame) extra = ts_game_new_random_opening (ts_variant_lookup ("raumschach"), 10, 4, 2, 7);
  TesseraWindow *window;
  TsCollectionWindow *list;
  TsGameSession *session;
  GtkWindow *dialog;

  reset_settings ();
  window = new_window ();
  list = open_list (window, path);
  ts_collection_window_select (list, ts_collection_item_get_id (row (list, 1)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.open", NULL));
  session = tessera_window_get_session (window);
  add_comment (window);

  /* the other program */
  {
    g_autoptr (TsCollection) c = ts_collection_load (path, NULL);

    g_usleep (20000);
    g_assert_true (ts_collection_insert_game (c, 5, extra, NULL));
    g_assert_true (ts_collection_save (c, NULL, NULL));
  }
  g_assert_true (g_file_get_contents (path, &other, NULL, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  widget_test_flush_events ();
  dialog = NULL;
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels) && !dialog; i++)
      {
        g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

        if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
          dialog = w;
      }
  }
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "Cannot save changed.pgn, game 2");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), "changed by another program"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_assert_true (ts_game_session_is_modified (session));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, other);

  /* Reload: six games; the open game keeps its place, and Save now works. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.reload", NULL));
  g_assert_cmpuint (n_rows (list), ==, 6);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  widget_test_flush_events ();
  g_assert_false (ts_game_session_is_modified (session));
  {
    g_autoptr (TsCollection) c = ts_collection_load (path, NULL);

    g_autoptr (TsGame) saved = ts_collection_read_game (c, 1, NULL);
    g_autofree char *text = ts_game_to_text (saved, NULL);

    g_assert_cmpuint (ts_collection_n_games (c), ==, 6);
    g_assert_nonnull (strstr (text, COMMENT));
  }
  close_all (window);
}

/* Delete (and Undo), move up and down, add the current game, copy to another collection. */
static void
test_edits (void)
{
  g_autofree char *path = write_collection ("edits.pgn", 6, TS_GAME_FORMAT_TEXT);
  g_autofree char *other_path = write_collection ("other.tessera", 2, TS_GAME_FORMAT_XML);
  g_autofree char *original = NULL, *now = NULL;
  TesseraWindow *window;
  TsCollectionWindow *list;
  guint id2, id3;

  reset_settings ();
  g_assert_true (g_file_get_contents (path, &original, NULL, NULL));
  window = new_window ();
  list = open_list (window, path);
  id2 = ts_collection_item_get_id (row (list, 1));
  id3 = ts_collection_item_get_id (row (list, 2));

  ts_collection_window_select (list, id2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.delete", NULL));
  g_assert_cmpuint (n_rows (list), ==, 5);
  g_assert_nonnull (ts_collection_window_get_toast (list));
  {
    g_autoptr (TsCollection) c = ts_collection_load (path, NULL);

    g_assert_cmpuint (ts_collection_n_games (c), ==, 5);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.undo-delete", NULL));
  g_assert_cmpuint (n_rows (list), ==, 6);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, original);
  g_clear_pointer (&now, g_free);
  /* the game back in its place, selected (a new number: numbers are never reused) */
  id2 = selected_id (list);
  g_assert_cmpuint (ts_collection_item_get_id (row (list, 1)), ==, id2);

  /* Move down: game 2 after game 3; up again: the file as it was. */
  ts_collection_window_select (list, id2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.move-down", NULL));
  g_assert_cmpuint (ts_collection_item_get_id (row (list, 1)), ==, id3);
  g_assert_cmpuint (ts_collection_item_get_id (row (list, 2)), ==, id2);
  g_assert_cmpuint (selected_id (list), ==, id2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.move-up", NULL));
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, original);
  g_clear_pointer (&now, g_free);

  /* Not in the file's order (sorted by event, or filtered): no moving. */
  ts_collection_window_sort_by (list, "event", GTK_SORT_DESCENDING);
  ts_collection_window_select (list, id3);
  gtk_widget_activate_action (GTK_WIDGET (list), "collection.move-up", NULL);
  ts_collection_window_sort_by (list, "number", GTK_SORT_ASCENDING);
  ts_collection_window_set_filter (list, "raumschach");
  gtk_widget_activate_action (GTK_WIDGET (list), "collection.move-down", NULL);
  ts_collection_window_set_filter (list, NULL);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, original);
  g_clear_pointer (&now, g_free);


  /* The game window's game added at the end. */
  play_first_legal (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.add-current", NULL));
  g_assert_cmpuint (n_rows (list), ==, 7);
  {
    g_autoptr (TsCollection) c = ts_collection_load (path, NULL);

    g_assert_cmpuint (ts_collection_n_games (c), ==, 7);
    g_assert_cmpuint (ts_collection_game_n_plies (c, 6), ==, 1);
  }

  /* Copied to another collection (what Copy to Collection… does with the file chosen):
   * its bytes as they are, converted to the other's form. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (TsCollection) other = ts_collection_load (other_path, NULL);
    g_autoptr (TsCollectionModel) target = ts_collection_model_get (other);
    g_autoptr (TsCollection) check = NULL;
    g_autoptr (TsGame) copied = NULL, original_game = NULL;

    g_assert_true (ts_collection_model_copy_from (target, ts_collection_window_get_model (list), id3, &error));
    g_assert_no_error (error);
    check = ts_collection_load (other_path, NULL);
    g_assert_cmpuint (ts_collection_n_games (check), ==, 3);
    copied = ts_collection_read_game (check, 2, NULL);
    original_game = ts_collection_model_read_game (ts_collection_window_get_model (list), id3, NULL);
    {
      g_autofree char *a = ts_game_to_xml (copied, NULL), *b = ts_game_to_xml (original_game, NULL);

      g_assert_cmpstr (a, ==, b);
    }
  }
  close_all (window);
}

/* A collection of mate problems opens in solving mode: next, previous, the score. */
static void
test_problem_set (void)
{
  const char *positions[] = { MATE_IN_2, "raumschach w:KAe1,QCa4,QDb3 b:KAa1 turn=w",
                              "raumschach w:KEa1,QCe4,QBd3 b:KEe1 turn=w", "raumschach w:KEe1,QCa4,QBb3 b:KEa1 turn=w" };
  g_autofree char *path = g_build_filename (tmp_dir, "problems.pgn", NULL);
  g_autoptr (TsCollection) c = ts_collection_new (TS_GAME_FORMAT_TEXT);
  TesseraWindow *window;
  TsProblemSet *set;
  TsProblemSolver *solver;

  reset_settings ();
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autoptr (TsPosition) p = ts_position_from_text (positions[i], NULL);
      g_autoptr (TsGame) game = ts_problem_to_game (p, 2, NULL);

      ts_game_set_player (game, 0, "Composer");
      g_assert_true (ts_collection_insert_game (c, i, game, NULL));
    }
  g_assert_true (ts_collection_save (c, path, NULL));
  window = new_window ();
  {
    g_autoptr (GFile) file = g_file_new_for_path (path);

    tessera_window_open_file (window, file);
  }
  wait_for (session_ready, window, "the file");
  widget_test_flush_events ();
  g_assert_null (find_toplevel (TS_TYPE_COLLECTION_WINDOW));
  {
    g_autoptr (GPtrArray) sets = NULL;
    GtkWindow *w = NULL;
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels) && !w; i++)
      {
        g_autoptr (GtkWindow) t = g_list_model_get_item (toplevels, i);
        g_autoptr (GPtrArray) found = widget_test_collect (GTK_WIDGET (t), TS_TYPE_PROBLEM_SET);

        if (found->len)
          w = t;
      }
    g_assert_nonnull (w);
    sets = widget_test_collect (GTK_WIDGET (w), TS_TYPE_PROBLEM_SET);
    set = sets->pdata[0];
  }
  g_assert_cmpuint (ts_problem_set_get_n (set), ==, 4);
  g_assert_cmpuint (ts_problem_set_get_index (set), ==, 0);
  g_assert_cmpstr (ts_problem_set_get_score_text (set), ==, "Solved 0 · missed 0 · left 4");

  /* Problem 1 solved: the key, the best defence (worker), the mate. */
  solver = ts_problem_set_get_solver (set);
  {
    g_autoptr (TsSolution) s = ts_problem_solve (ts_problem_solver_get_position (solver), 2, NULL);
    TsMove mate;

    g_assert_nonnull (s);
    g_assert_true (ts_problem_solver_play (solver, s->move));
    while (ts_problem_solver_is_busy (solver))
      g_main_context_iteration (NULL, TRUE);
    {
      g_autoptr (TsSolution) rest = ts_problem_solve (ts_problem_solver_get_position (solver), 1, NULL);

      g_assert_nonnull (rest);
      mate = rest->move;
    }
    g_assert_true (ts_problem_solver_play (solver, mate));
    g_assert_true (ts_problem_solver_is_solved (solver));
  }
  g_assert_cmpint (ts_problem_set_get_state (set, 0), ==, TS_PROBLEM_SOLVED);
  g_assert_cmpstr (ts_problem_set_get_score_text (set), ==, "Solved 1 · missed 0 · left 3");

  /* Problem 2 missed: two quiet moves that do not mate. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (set), "problems.next", NULL));
  g_assert_cmpuint (ts_problem_set_get_index (set), ==, 1);
  solver = ts_problem_set_get_solver (set);
  for (guint tries = 0; tries < 2 && !ts_problem_solver_is_solved (solver); tries++)
    {
      g_autoptr (TsPosition) p = ts_position_copy (ts_problem_solver_get_position (solver));
      TsMoveList list;

      ts_move_list_init (&list);
      ts_position_generate_legal (p, &list);
      /* the white king's first move: never a mate here */
      for (guint i = 0; i < list.n; i++)
        if (ts_position_piece_at (p, list.moves[i].from) == TS_PIECE_MAKE (0, 0) || i + 1 == list.n)
          {
            g_assert_true (ts_problem_solver_play (solver, list.moves[i]));
            break;
          }
      ts_move_list_clear (&list);
      while (ts_problem_solver_is_busy (solver))
        g_main_context_iteration (NULL, TRUE);
      if (ts_problem_set_get_state (set, 1) == TS_PROBLEM_MISSED)
        break;
    }
  g_assert_cmpint (ts_problem_set_get_state (set, 1), ==, TS_PROBLEM_MISSED);
  g_assert_cmpstr (ts_problem_set_get_score_text (set), ==, "Solved 1 · missed 1 · left 2");

  /* Problem 3: the solution shown first (Solve), then played: missed, not solved. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (set), "problems.next", NULL));
  solver = ts_problem_set_get_solver (set);
  ts_problem_solver_solve (solver);
  while (ts_problem_solver_get_solution_text (solver) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (ts_problem_set_get_state (set, 2), ==, TS_PROBLEM_MISSED);
  g_assert_cmpstr (ts_problem_set_get_score_text (set), ==, "Solved 1 · missed 2 · left 1");

  /* Previous goes back (the score stays, the problem starts again), next to the end and no further. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (set), "problems.previous", NULL));
  g_assert_cmpuint (ts_problem_set_get_index (set), ==, 1);
  g_assert_false (ts_problem_solver_is_solved (ts_problem_set_get_solver (set)));
  ts_problem_set_go (set, 3);
  g_assert_cmpuint (ts_problem_set_get_index (set), ==, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (set), "problems.next", NULL));
  g_assert_cmpuint (ts_problem_set_get_index (set), ==, 3);
  g_assert_cmpstr (ts_problem_set_get_score_text (set), ==, "Solved 1 · missed 2 · left 1");
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (set))));
  close_all (window);
}

static gboolean
tree_ready (gpointer data)
{
  TsOpeningTreeView *view = data;

  return !ts_opening_tree_view_is_building (view) && ts_opening_tree_view_get_moves (view) != NULL;
}

static TsOpeningTreeView *
tree_view_of (TesseraWindow *window)
{
  g_autoptr (GPtrArray) views = widget_test_collect (GTK_WIDGET (window), TS_TYPE_OPENING_TREE_VIEW);

  g_assert_cmpuint (views->len, ==, 1);
  return views->pdata[0];
}

/* The games the view's rows count together. */
static guint
games_shown (TsOpeningTreeView *view)
{
  GArray *shown = ts_opening_tree_view_get_moves (view);
  guint n = 0;

  for (guint i = 0; shown && i < shown->len; i++)
    n += g_array_index (shown, TsTreeMove, i).n_games;
  return n;
}

static gboolean
counts_one_more (gpointer data)
{
  gpointer *args = data;

  return games_shown (args[0]) == GPOINTER_TO_UINT (args[1]) + 1;
}

/* The view's rows are the core's query at the window's position. */
static void
assert_shows_query (TsOpeningTreeView *view, TsOpeningTree *tree, TsGameSession *session)
{
  g_autoptr (GArray) expected = ts_opening_tree_query (tree, ts_game_session_get_position (session));
  GArray *shown = ts_opening_tree_view_get_moves (view);

  g_assert_nonnull (shown);
  g_assert_cmpuint (shown->len, ==, expected->len);
  for (guint i = 0; i < shown->len; i++)
    {
      const TsTreeMove *a = &g_array_index (shown, TsTreeMove, i), *b = &g_array_index (expected, TsTreeMove, i);

      g_assert_cmpstr (a->san, ==, b->san);
      g_assert_cmpuint (a->n_games, ==, b->n_games);
      g_assert_cmpuint (a->wins, ==, b->wins);
      g_assert_cmpuint (a->draws, ==, b->draws);
      g_assert_cmpuint (a->losses, ==, b->losses);
    }
}

/* The tree page follows the game's collection: its moves are the core's query at the
 * window's position; a click on the game's own move goes there (a finished game). A new
 * game with a collection chosen for the tree: each click plays the most played move. */
static void
test_tree (void)
{
  g_autofree char *path = write_collection ("tree.pgn", 60, TS_GAME_FORMAT_TEXT);
  const char *files[] = { path, NULL };
  g_autoptr (TsOpeningTree) tree = ts_opening_tree_open (files, NULL, NULL, NULL, NULL, NULL);
  TesseraWindow *window, *fresh;
  TsCollectionWindow *list;
  TsOpeningTreeView *view;
  TsGameSession *session;
  const TsGameNode *first;
  GArray *shown;
  guint own = G_MAXUINT;

  reset_settings ();
  window = new_window ();
  list = open_list (window, path);
  ts_collection_window_select (list, ts_collection_item_get_id (row (list, 0)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (list), "collection.open", NULL));
  session = tessera_window_get_session (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  view = tree_view_of (window);
  wait_for (tree_ready, view, "the tree");
  assert_shows_query (view, tree, session);
  /* the game's first move, clicked: the cursor goes there, nothing is edited */
  first = ts_game_node_child (ts_game_root (ts_game_session_get_game (session)), 0);
  shown = ts_opening_tree_view_get_moves (view);
  for (guint i = 0; i < shown->len; i++)
    if (g_strcmp0 (g_array_index (shown, TsTreeMove, i).san, first->san) == 0)
      own = i;
  g_assert_cmpuint (own, <, shown->len);
  ts_opening_tree_view_play (view, own);
  g_assert_true (ts_game_current (ts_game_session_get_game (session)) == first);
  g_assert_false (ts_game_session_is_modified (session));
  widget_test_flush_events ();
  assert_shows_query (view, tree, session);

  /* A new game, the collection chosen for its tree. */
  fresh = new_window ();
  session = tessera_window_get_session (fresh);
  view = tree_view_of (fresh);
  ts_opening_tree_view_choose (view, path, FALSE);
  wait_for (tree_ready, view, "the chosen tree");
  for (guint step = 0; step < 4; step++)
    {
      guint before = ts_position_ply (ts_game_session_get_position (session));

      assert_shows_query (view, tree, session);
      g_assert_cmpuint (ts_opening_tree_view_get_moves (view)->len, >, 0);
      ts_opening_tree_view_play (view, 0);
      widget_test_flush_events ();
      g_assert_cmpuint (ts_position_ply (ts_game_session_get_position (session)), ==, before + 1);
    }
  g_assert_true (ts_game_session_is_modified (session));

  /* The new game added to the collection (the file rewritten): the first window's tree,
   * which follows the collection, is built again and counts it. */
  {
    TsOpeningTreeView *first_view = tree_view_of (window);
    g_autoptr (GError) error = NULL;
    guint before;

    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
    widget_test_flush_events ();
    before = games_shown (first_view);
    g_assert_cmpuint (before, >, 0);
    g_usleep (20000);
    g_assert_true (ts_collection_model_add_game (ts_collection_window_get_model (list),
                                                 ts_game_session_get_game (session), NULL, &error));
    g_assert_no_error (error);
    wait_for (counts_one_more, (gpointer[]) { first_view, GUINT_TO_POINTER (before) }, "the tree built again");
  }
  gtk_window_destroy (GTK_WINDOW (fresh));
  widget_test_flush_events ();
  g_assert_finalize_object (fresh);
  close_all (window);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("tessera-collections-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  tmp_dir = data_home;
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/collections/list-filter-sort", test_list_filter_sort);
  g_test_add_func ("/collections/filter-enter", test_filter_enter);
  g_test_add_func ("/collections/open-edit-save", test_open_edit_save);
  g_test_add_func ("/collections/changed-by-another-program", test_changed_by_another_program);
  g_test_add_func ("/collections/edits", test_edits);
  g_test_add_func ("/collections/problem-set", test_problem_set);
  g_test_add_func ("/collections/tree", test_tree);
  return g_test_run ();
}
