/* How long the application takes with a large collection: Open until the game list shows
 * every game, the filter, a sort, a game opened from the list, the Tree page built for it
 * (in its worker thread) and read again from the cache. A benchmark, not a test.
 *
 * Usage: tests/ui/with-display build/tests/ui/bench-collection-window [GAMES [FILE]]
 * (in the environment meson gives the tests: GSETTINGS_SCHEMA_DIR=build/data,
 * GSETTINGS_BACKEND=memory, XDG_CACHE_HOME a folder of its own). FILE (default
 * /tmp/tessera-bench-collection-GAMES.pgn) is made if it does not exist: GAMES (default
 * 10000) Raumschach games of 60 plies sharing openings (ts_game_new_random_opening, as
 * tessera-cli bench-collection makes them). Figures: wall clock and the main thread's CPU
 * time (the machines are shared). */
#include "config.h"
#include "../thread-cpu.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <time.h>

#include "collection-model.h"
#include "collection-window.h"
#include "opening-tree-view.h"
#include "records/collection.h"
#include "records/game-random.h"
#include "tessera-window.h"
#include "widget-test.h"

typedef struct {
  gint64 wall, cpu;   /* µs */
} Stamp;

static Stamp
now (void)
{
  return (Stamp) { g_get_monotonic_time (), t_thread_cpu_us () };
}

static void
report (const char *what, Stamp start)
{
  Stamp end = now ();

  g_print ("%-40s %9.1f ms   main thread CPU %9.1f ms\n", what, (end.wall - start.wall) / 1000.0,
           (end.cpu - start.cpu) / 1000.0);
}

static void
iterate_until (gboolean (*done) (gpointer), gpointer data)
{
  while (!done (data))
    g_main_context_iteration (NULL, TRUE);
}

static void
flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static TsCollectionWindow *
list_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (TS_IS_COLLECTION_WINDOW (w))
        return TS_COLLECTION_WINDOW (w);
    }
  return NULL;
}

static gboolean
list_shown (gpointer data)
{
  return list_window () != NULL;
}

static gboolean
tree_ready (gpointer data)
{
  return !ts_opening_tree_view_is_building (data) && ts_opening_tree_view_get_moves (data) != NULL;
}

static void
make_collection (const char *path, guint n)
{
  g_autoptr (TsCollection) c = ts_collection_new (TS_GAME_FORMAT_TEXT);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TsGame) game = ts_game_new_random_opening (ts_variant_lookup ("raumschach"), 60, 8, 3, 1 + i);

      g_assert_true (ts_collection_insert_game (c, i, game, NULL));
    }
  if (!ts_collection_save (c, path, &error))
    g_error ("%s", error->message);
}

int
main (int argc, char **argv)
{
  guint n = argc > 1 ? (guint) atoi (argv[1]) : 10000;
  g_autofree char *path = argc > 2 ? g_strdup (argv[2]) : g_strdup_printf ("/tmp/tessera-bench-collection-%u.pgn", n);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *cache = g_dir_make_tmp ("tessera-bench-cache-XXXXXX", NULL);
  TesseraWindow *window;
  TsCollectionWindow *list;
  TsOpeningTreeView *view;
  Stamp start;

  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  gtk_init ();
  adw_init ();
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    make_collection (path, n);
  window = tessera_window_new (NULL, "raumschach");
  gtk_window_present (GTK_WINDOW (window));
  flush ();

  start = now ();
  tessera_window_open_file (window, file);
  iterate_until (list_shown, NULL);
  list = list_window ();
  flush ();
  report ("open: the game list shown", start);
  g_print ("  %u games\n", g_list_model_get_n_items (ts_collection_window_get_rows (list)));

  start = now ();
  ts_collection_window_set_filter (list, "hiro 1-0");
  flush ();
  report ("filter \"hiro 1-0\"", start);
  g_print ("  %u games shown\n", g_list_model_get_n_items (ts_collection_window_get_rows (list)));
  ts_collection_window_set_filter (list, NULL);

  start = now ();
  ts_collection_window_sort_by (list, "event", GTK_SORT_ASCENDING);
  flush ();
  report ("sort by event", start);
  ts_collection_window_sort_by (list, "number", GTK_SORT_ASCENDING);
  flush ();

  /* The game opened (read and shown at once); its Tree page starts building the
   * collection's tree in the worker thread then. */
  {
    g_autoptr (TsCollectionItem) item = g_list_model_get_item (ts_collection_window_get_rows (list), n / 2);
    g_autoptr (GPtrArray) views = widget_test_collect (GTK_WIDGET (window), TS_TYPE_OPENING_TREE_VIEW);

    view = views->pdata[0];
    ts_collection_window_select (list, ts_collection_item_get_id (item));
    start = now ();
    gtk_widget_activate_action (GTK_WIDGET (list), "collection.open", NULL);
    report ("open the middle game", start);
    iterate_until (tree_ready, view);
    report ("  and its Tree page built (worker thread)", start);
  }

  /* the same file in another window's Tree page: read from the cache */
  {
    TesseraWindow *other = tessera_window_new (NULL, "raumschach");
    g_autoptr (GPtrArray) views = widget_test_collect (GTK_WIDGET (other), TS_TYPE_OPENING_TREE_VIEW);

    gtk_window_present (GTK_WINDOW (other));
    flush ();
    view = views->pdata[0];
    start = now ();
    ts_opening_tree_view_choose (view, path, FALSE);
    iterate_until (tree_ready, view);
    report ("another window's Tree page (the cache)", start);
    gtk_window_destroy (GTK_WINDOW (other));
  }

  gtk_window_destroy (GTK_WINDOW (list));
  gtk_window_destroy (GTK_WINDOW (window));
  flush ();
  return 0;
}
