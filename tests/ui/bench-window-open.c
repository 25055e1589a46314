/* How long the game window takes with a very long game: opening it (read in the worker
 * thread, then shown), going to the start, stepping, going to the end, and an edit (the
 * move list and the autosave of the whole record). A benchmark, not a test.
 *
 * Usage: tests/ui/with-display build/tests/ui/bench-window-open [PLIES [FILE]]
 * (in the environment meson gives the tests: GSETTINGS_SCHEMA_DIR=build/data,
 * GSETTINGS_BACKEND=memory, GSK_RENDERER=cairo to draw in the main thread). FILE (default
 * /tmp/tessera-bench-MOVES.tessera) is made if it does not exist: a random Grossraumschach
 * game of MOVES moves in all (default 100000, the most a file may hold) — its main line as
 * long as random play goes (about 15 000 plies; the 50-move rule ends the other variants'
 * sooner), the rest in variations. BENCH_STEPS (default 200) steps are made each way;
 * under valgrind --tool=callgrind a few will do. */
#include "config.h"

#include <gtk/gtk.h>
#include <stdlib.h>

#include "records/game-random.h"
#include "rules/variant.h"
#include "tessera-window.h"

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static gint64 longest_iteration;   /* µs: the main loop's longest single dispatch */

/* Everything the main loop has to do now (idle layout and drawing included). */
static void
settle (void)
{
  for (guint quiet = 0; quiet < 3;)
    {
      gint64 t = g_get_monotonic_time ();
      gboolean dispatched = g_main_context_iteration (NULL, FALSE);

      longest_iteration = MAX (longest_iteration, g_get_monotonic_time () - t);
      if (dispatched)
        quiet = 0;
      else
        {
          quiet++;
          g_usleep (2000);
        }
    }
}

static guint
count_moves (TsGameNode *root)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  guint n = 0;

  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      TsGameNode *node = g_ptr_array_steal_index (stack, stack->len - 1);

      n += node->parent != NULL;
      for (guint i = 0; i < ts_game_node_n_children (node); i++)
        g_ptr_array_add (stack, ts_game_node_child (node, i));
    }
  return n;
}

/* A random game of about n moves: the main line as long as random play goes, then
 * variations (4.5 moves each on average) until n is reached; cut back to n. */
static TsGame *
make_game (guint n)
{
  TsGame *game = ts_game_new_random (ts_variant_lookup ("grossraumschach"), n, 0, FALSE, 42);
  guint have = count_moves (ts_game_root (game));

  if (have < n)
    {
      ts_game_free (game);
      game = ts_game_new_random (ts_variant_lookup ("grossraumschach"), n, (n - have) * 2 / 9 + 100, FALSE, 42);
    }
  /* the main line's last moves off until n are left */
  for (have = count_moves (ts_game_root (game)); have > n;)
    {
      TsGameNode *parent;
      guint siblings;

      ts_game_go_end (game);
      parent = ts_game_current (game)->parent;
      siblings = ts_game_node_n_children (parent);
      ts_game_back (game);
      ts_game_truncate_after (game, parent);
      have = siblings == 1 ? have - 1 : count_moves (ts_game_root (game));
    }
  ts_game_clear_undo (game);
  ts_game_go_start (game);
  return game;
}

static double action_sync_ms;   /* of the last action_ms: the action itself, without drawing */

/* The mean time of action, done times, each until the main loop has nothing left to do. */
static double
action_ms (TesseraWindow *window, const char *action, guint times)
{
  gint64 start = g_get_monotonic_time ();
  gint64 sync = 0;

  for (guint i = 0; i < times; i++)
    {
      gint64 t = g_get_monotonic_time ();

      gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
      sync += g_get_monotonic_time () - t;
      settle ();
    }
  action_sync_ms = sync / 1000.0 / times;
  return ms_since (start) / times;
}

static void
report (const char *what, double ms)
{
  g_print ("%-34s %9.2f ms (the action itself %.2f ms)\n", what, ms, action_sync_ms);
}

int
main (int argc, char *argv[])
{
  guint moves = argc > 1 ? (guint) atoi (argv[1]) : TS_RECORD_MAX_MOVES;
  g_autofree char *path = argc > 2 ? g_strdup (argv[2]) : g_strdup_printf ("/tmp/tessera-bench-%u.tessera", moves);
  g_autofree char *data_home = g_dir_make_tmp ("tessera-bench-XXXXXX", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window;
  TsGameSession *session;
  gint64 start;
  double read_ms, show_ms = 0;
  /* BENCH_STEPS: how many steps forward and back (200; fewer under valgrind) */
  guint steps = g_getenv ("BENCH_STEPS") ? (guint) atoi (g_getenv ("BENCH_STEPS")) : 200;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_set_prgname ("bench-window-open");
  g_set_application_name ("Tessera");
  gtk_init ();
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autoptr(TsGame) game = NULL;

      start = g_get_monotonic_time ();
      game = make_game (moves);
      g_print ("made a random game of %u moves in %.0f ms\n", count_moves (ts_game_root (game)), ms_since (start));
      if (!ts_game_save (game, path, TS_GAME_FORMAT_XML, &error))
        g_error ("%s", error->message);
    }

  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 780);
  gtk_window_present (GTK_WINDOW (window));
  settle ();

  start = g_get_monotonic_time ();
  tessera_window_open_file (window, file);
  longest_iteration = 0;
  while (tessera_window_is_loading (window))
    {
      gint64 t = g_get_monotonic_time ();

      g_main_context_iteration (NULL, TRUE);
      if (tessera_window_is_loading (window))
        longest_iteration = MAX (longest_iteration, g_get_monotonic_time () - t);
      else
        show_ms = (g_get_monotonic_time () - t) / 1000.0;
    }
  g_print ("%-34s %9.2f ms\n", "longest main-loop dispatch reading", longest_iteration / 1000.0);
  g_print ("%-34s %9.2f ms\n", "showing the game read (one dispatch)", show_ms);
  read_ms = ms_since (start);
  longest_iteration = 0;
  settle ();
  session = tessera_window_get_session (window);
  g_print ("%s: %u moves, %u plies on the main line\n", path,
           count_moves (ts_game_root (ts_game_session_get_game (session))),
           ts_position_ply (ts_game_session_get_position (session)));
  {
    gint64 t = g_get_monotonic_time ();
    g_autoptr(TsGame) alone = ts_game_load (path, NULL);

    g_assert_nonnull (alone);
    g_print ("%-34s %9.2f ms\n", "ts_game_load alone", ms_since (t));
  }
  g_print ("%-34s %9.2f ms (until shown %.2f ms)\n", "open (read, shown, drawn)", ms_since (start), read_ms);
  g_print ("%-34s %9.2f ms\n", "longest dispatch after it was read", longest_iteration / 1000.0);
  report ("go to the start", action_ms (window, "win.go-start", 1));
  report ("step forward (mean)", action_ms (window, "win.go-forward", steps));
  report ("go to the end", action_ms (window, "win.go-end", 1));
  report ("step back (mean)", action_ms (window, "win.go-back", steps));
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.comment", "s", "a comment: the game is modified");
  settle ();
  g_print ("%-34s %9.2f ms\n", "comment (move list, autosave)", ms_since (start));
  report ("step back, modified (mean of 20)", action_ms (window, "win.go-back", 20));

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  return 0;
}
