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
 * sooner), the rest in variations; with BENCH_LINE=1 (default FILE
 * /tmp/tessera-bench-line-MOVES.tessera) all MOVES plies on the main line instead (seed 1
 * plays 100 000 plies before the game ends). BENCH_STEPS (default 200) steps are made each
 * way; under valgrind --tool=callgrind a few will do. BENCH_SLOW_STEPS=1 prints every action
 * that took over 100 ms, with its number. */
#include "config.h"
#include "../thread-cpu.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <stdlib.h>
#include <time.h>

#include "records/game-random.h"
#include "rules/variant.h"
#include "tessera-window.h"
#include "test-util.h"

/* Wall-clock and main-thread CPU time (the machines are shared: the CPU time is the one
 * that does not depend on the load). */
typedef struct {
  gint64 wall, cpu;   /* µs */
} Stamp;

static Stamp
stamp (void)
{
  return (Stamp) { g_get_monotonic_time (), t_thread_cpu_us () };
}

static gint64 longest_iteration;   /* µs: the main loop's longest single dispatch */
static gint64 last_busy;           /* when the main loop last did something (settle) */

/* Everything the main loop has to do now (idle layout and drawing included). The polls
 * that find nothing to do (2 ms apart) do not count: last_busy is the end of the work. */
static void
settle (void)
{
  last_busy = g_get_monotonic_time ();
  for (guint quiet = 0; quiet < 3;)
    {
      gint64 t = g_get_monotonic_time ();
      gboolean dispatched = g_main_context_iteration (NULL, FALSE);

      longest_iteration = MAX (longest_iteration, g_get_monotonic_time () - t);
      if (dispatched)
        {
          quiet = 0;
          last_busy = g_get_monotonic_time ();
        }
      else
        {
          quiet++;
          g_usleep (2000);
        }
    }
}

/* One row: wall-clock time until the main loop was done and the main thread's CPU time,
 * from start. */
static void
report (const char *what, Stamp start, gint64 wall_us, gint64 cpu_us)
{
  g_print ("%-36s %9.2f ms %9.2f ms\n", what, (wall_us - start.wall) / 1000.0, (cpu_us - start.cpu) / 1000.0);
}

static int
compare_int64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static double
median_ms (GArray *us)
{
  g_array_sort (us, compare_int64);
  return us->len % 2 ? g_array_index (us, gint64, us->len / 2) / 1000.0
                     : (g_array_index (us, gint64, us->len / 2 - 1) + g_array_index (us, gint64, us->len / 2)) / 2000.0;
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

/* A random game of n plies, all on the main line. */
static TsGame *
make_line (guint n)
{
  TsGame *game = ts_game_new_random (ts_variant_lookup ("grossraumschach"), n, 0, FALSE, 1);

  if (count_moves (ts_game_root (game)) < n)
    g_error ("the random game ended after %u plies", count_moves (ts_game_root (game)));
  ts_game_clear_undo (game);
  ts_game_go_start (game);
  return game;
}

/* Does action times, each until the main loop has nothing left to do. One action: its
 * row; several: the median (a step's typical cost; the first steps after a fill also do
 * the text view's background layout), the mean and the longest. */
static void
report_action (TesseraWindow *window, const char *what, const char *action, GVariant *parameter, guint times)
{
  g_autoptr(GArray) walls = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) cpus = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 wall_sum = 0, cpu_sum = 0, wall_max = 0;

  if (parameter)
    g_variant_ref_sink (parameter);
  for (guint i = 0; i < times; i++)
    {
      Stamp t = stamp ();
      gint64 wall, cpu;

      gtk_widget_activate_action_variant (GTK_WIDGET (window), action, parameter);
      settle ();
      wall = last_busy - t.wall;
      cpu = t_thread_cpu_us () - t.cpu;
      if (g_getenv ("BENCH_SLOW_STEPS") && wall > 100000)
        g_print ("  %s %u: %.2f ms, %.2f ms of the main thread\n", what, i, wall / 1000.0, cpu / 1000.0);
      g_array_append_val (walls, wall);
      g_array_append_val (cpus, cpu);
      wall_sum += wall;
      cpu_sum += cpu;
      wall_max = MAX (wall_max, wall);
    }
  if (times == 1)
    g_print ("%-36s %9.2f ms %9.2f ms\n", what, wall_sum / 1000.0, cpu_sum / 1000.0);
  else
    g_print ("%-36s %9.2f ms %9.2f ms   mean %.2f ms, %.2f ms; longest %.2f ms\n", what, median_ms (walls),
             median_ms (cpus), wall_sum / 1000.0 / times, cpu_sum / 1000.0 / times, wall_max / 1000.0);
  if (parameter)
    g_variant_unref (parameter);
}

int
main (int argc, char *argv[])
{
  guint moves = argc > 1 ? (guint) atoi (argv[1]) : TS_RECORD_MAX_MOVES;
  gboolean line = g_strcmp0 (g_getenv ("BENCH_LINE"), "1") == 0;
  g_autofree char *path = argc > 2 ? g_strdup (argv[2])
                                   : g_strdup_printf ("/tmp/tessera-bench-%s%u.tessera", line ? "line-" : "", moves);
  g_autofree char *data_home = g_dir_make_tmp ("tessera-bench-XXXXXX", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  TesseraWindow *window;
  TsGameSession *session;
  Stamp start, showing = { 0, 0 }, shown = { 0, 0 }, drawn;
  gint64 reading_longest;
  /* BENCH_STEPS: how many steps forward and back (200; fewer under valgrind) */
  guint steps = g_getenv ("BENCH_STEPS") ? (guint) atoi (g_getenv ("BENCH_STEPS")) : 200;

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_set_prgname ("bench-window-open");
  g_set_application_name ("Tessera");
  gtk_init ();
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autoptr(TsGame) game = NULL;

      gint64 t = g_get_monotonic_time ();

      game = line ? make_line (moves) : make_game (moves);
      g_print ("made a random game of %u moves in %.0f ms\n", count_moves (ts_game_root (game)),
               (g_get_monotonic_time () - t) / 1000.0);
      if (!ts_game_save (game, path, TS_GAME_FORMAT_XML, &error))
        g_error ("%s", error->message);
    }

  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 780);
  gtk_window_present (GTK_WINDOW (window));
  settle ();

  g_print ("%-36s %12s %12s\n", "", "wall clock", "main thread");
  start = stamp ();
  tessera_window_open_file (window, file);
  longest_iteration = 0;
  while (tessera_window_is_loading (window))
    {
      Stamp t = stamp ();

      g_main_context_iteration (NULL, TRUE);
      if (tessera_window_is_loading (window))
        longest_iteration = MAX (longest_iteration, g_get_monotonic_time () - t.wall);
      else
        {
          shown = stamp ();
          showing = t;
        }
    }
  reading_longest = longest_iteration;
  settle ();
  drawn = stamp ();
  report ("open: read in a worker, until shown", start, shown.wall, shown.cpu);
  report ("  of which showing it (one dispatch)", showing, shown.wall, shown.cpu);
  report ("open: until drawn", start, last_busy, drawn.cpu);
  g_print ("%-36s %9.2f ms\n", "longest dispatch while reading", reading_longest / 1000.0);
  session = tessera_window_get_session (window);
  g_print ("%s: %u moves, %u plies on the main line\n", path,
           count_moves (ts_game_root (ts_game_session_get_game (session))),
           ts_position_ply (ts_game_session_get_position (session)));
  {
    g_autoptr(TsGame) alone = NULL;

    start = stamp ();
    alone = ts_game_load (path, NULL);
    g_assert_nonnull (alone);
    report ("ts_game_load alone (in this thread)", start, g_get_monotonic_time (), t_thread_cpu_us ());
  }
  longest_iteration = 0;
  report_action (window, "go to the start", "win.go-start", NULL, 1);
  g_autofree char *forward = g_strdup_printf ("step forward (median of %u)", steps);
  report_action (window, forward, "win.go-forward", NULL, steps);
  report_action (window, "go to the end", "win.go-end", NULL, 1);
  g_autofree char *back = g_strdup_printf ("step back (median of %u)", steps);
  report_action (window, back, "win.go-back", NULL, steps);
  report_action (window, "comment (a modified game: autosave)", "win.comment",
                 g_variant_new_string ("a comment: the game is modified"), 1);
  report_action (window, "step back, modified (median of 20)", "win.go-back", NULL, 20);
  g_print ("%-36s %9.2f ms\n", "longest dispatch after it was read", longest_iteration / 1000.0);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  settle ();
  /* The benchmark's data folder: the autosave of the game it modified. */
  test_util_remove_tree (data_home);
  return 0;
}
