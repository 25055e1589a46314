/* The game window driven as a user would: cells clicked on the board, the window's actions,
 * the notation entry; a short game of every variant saved and read back move by move; the
 * move list (clicks, comments, NAGs, variations); a computer game with the main loop's
 * longest stall measured. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <time.h>

#include "board-view.h"
#include "move-list.h"
#include "new-game-dialog.h"
#include "rules/notation.h"
#include "rules/postext.h"
#include "rules/variant.h"
#include "tessera-window.h"

#define PLIES 4

static void
reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i]; i++)
    g_settings_reset (settings, keys[i]);
}

static void
all_humans (TsSessionSetup *setup)
{
  ts_session_setup_init (setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    setup->kind[i] = TS_SEAT_HUMAN;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for ms milliseconds. */
static void
run_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, timeout_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static TesseraWindow *
new_window (const char *variant, const TsSessionSetup *setup)
{
  TesseraWindow *window = g_object_ref_sink (tessera_window_new (NULL, variant));

  tessera_window_new_game (window, variant, setup);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  return window;
}

static void
close_window (TesseraWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  run_for (10);
  g_assert_finalize_object (window);
}

static guint
ply (TesseraWindow *window)
{
  return ts_position_ply (ts_game_session_get_position (tessera_window_get_session (window)));
}

/* Plays one move by clicking cells on the board: a piece (or checker), then its target.
 * Tries the legal moves from index start on until a click pair plays one. Returns its SAN. */
static char *
click_a_move (TesseraWindow *window, guint start)
{
  TsGameSession *session = tessera_window_get_session (window);
  TsBoardView *board = TS_BOARD_VIEW (tessera_window_get_board (window));
  const TsBoardLayout *layout = ts_board_view_get_layout (board);
  g_autoptr(TsPosition) pos = ts_position_copy (ts_game_session_get_position (session));
  TsMoveList list;
  guint before = ply (window);
  char *san = NULL;
  gboolean tried[TS_MAX_CELLS] = { FALSE };

  ts_move_list_init (&list);
  ts_position_generate_legal (pos, &list);
  g_assert_cmpuint (list.n, >, 0);
  for (guint k = 0; k < list.n && san == NULL; k++)
    {
      TsMove m = list.moves[(start + k) % list.n];
      g_autofree guint16 *marks = g_new0 (guint16, TS_MAX_CELLS);
      double x, y, size;

      if (m.from == TS_NO_CELL || m.promo != TS_NO_PROMO || tried[m.from])
        continue;
      tried[m.from] = TRUE;
      /* Both cells are on screen, where a click would land. */
      g_assert_true (ts_board_layout_cell_rect (layout, m.from, &x, &y, &size));
      g_assert_true (ts_board_layout_cell_rect (layout, m.to, &x, &y, &size));
      g_assert_true (ts_board_view_get_interactive (board));
      ts_board_view_activate_cell (board, m.from);
      /* Play the first target the board offers for this piece (in Doseki one click selects
       * a single checker, whose targets are not every move of a set anchored there). */
      ts_board_view_get_marks (board, marks);
      for (guint j = 0; j < list.n; j++)
        if (list.moves[j].from == m.from && (marks[list.moves[j].to] & TS_CELL_MARK_TARGET))
          {
            m = list.moves[j];
            ts_board_view_activate_cell (board, m.to);
            break;
          }
      if (ply (window) == before + 1)
        {
          TsGameNode *node = ts_game_current (ts_game_session_get_game (session));

          san = g_strdup (node->san);
          g_assert_cmpint (node->move.from, ==, m.from);
          g_assert_cmpint (node->move.to, ==, m.to);
        }
      else
        ts_board_view_set_position (board, ts_game_session_get_position (session));   /* clears the selection */
    }
  ts_move_list_clear (&list);
  g_assert_nonnull (san);
  /* The board follows the game. */
  g_assert_cmpuint (ts_position_hash (ts_board_view_get_position (board)), ==,
                    ts_position_hash (ts_game_session_get_position (session)));
  return san;
}

static void
test_play_save_open (gconstpointer data)
{
  const TsVariant *v = data;
  g_autofree char *dir = g_dir_make_tmp ("tessera-game-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.tessera", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sans = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  TesseraWindow *window, *reopened;
  TsGameSession *session;
  TsSessionSetup setup;

  reset_settings ();
  all_humans (&setup);
  window = new_window (v->id, &setup);
  session = tessera_window_get_session (window);
  g_assert_false (ts_game_session_is_modified (session));
  g_ptr_array_add (texts, ts_position_to_text (ts_game_session_get_position (session)));
  for (guint i = 0; i < PLIES; i++)
    {
      g_ptr_array_add (sans, click_a_move (window, 3 * i + 1));
      g_ptr_array_add (texts, ts_position_to_text (ts_game_session_get_position (session)));
    }
  g_assert_true (ts_game_session_is_modified (session));

  g_assert_true (tessera_window_save (window, path, &error));
  g_assert_no_error (error);
  g_assert_false (ts_game_session_is_modified (session));
  g_assert_cmpstr (ts_game_session_get_filename (session), ==, path);
  close_window (window);

  /* Opened again through the window's file path, then walked with the navigation actions. */
  reopened = new_window ("raumschach", NULL);
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    tessera_window_open_file (reopened, file);
  }
  session = tessera_window_get_session (reopened);
  g_assert_cmpstr (tessera_window_get_variant (reopened), ==, v->id);
  g_assert_false (ts_game_session_is_modified (session));
  gtk_widget_activate_action (GTK_WIDGET (reopened), "win.go-start", NULL);
  g_assert_cmpuint (ply (reopened), ==, 0);
  for (guint i = 0; i <= PLIES; i++)
    {
      g_autofree char *text = ts_position_to_text (ts_game_session_get_position (session));
      g_autofree char *shown = ts_position_to_text (ts_board_view_get_position (TS_BOARD_VIEW (tessera_window_get_board (reopened))));

      g_assert_cmpstr (text, ==, texts->pdata[i]);
      g_assert_cmpstr (shown, ==, texts->pdata[i]);
      if (i > 0)
        g_assert_cmpstr (ts_game_current (ts_game_session_get_game (session))->san, ==, sans->pdata[i - 1]);
      gtk_widget_activate_action (GTK_WIDGET (reopened), "win.go-forward", NULL);
    }
  g_assert_cmpuint (ply (reopened), ==, PLIES);
  close_window (reopened);

  g_unlink (path);
  {
    g_autofree char *backup = g_strconcat (path, "~", NULL);

    g_unlink (backup);
  }
  g_rmdir (dir);
}

static TsMoveListView *
find_move_list (GtkWidget *widget)
{
  if (TS_IS_MOVE_LIST_VIEW (widget))
    return TS_MOVE_LIST_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      TsMoveListView *found = find_move_list (child);

      if (found)
        return found;
    }
  return NULL;
}

static char *
list_text (TesseraWindow *window)
{
  return ts_move_list_view_get_text (find_move_list (GTK_WIDGET (window)));
}

/* Variations, comments, NAGs, promotion and deletion through the actions; the notation
 * entry with its error; ← → Home End ↑ ↓. */
static void
test_move_list_editing (void)
{
  TesseraWindow *window;
  TsGameSession *session;
  TsMoveListView *list;
  TsGame *game;
  TsSessionSetup setup;
  g_autofree char *text = NULL;
  TsGameNode *first, *second;
  GtkWidget *w;

  reset_settings ();
  all_humans (&setup);
  window = new_window ("raumschach", &setup);
  w = GTK_WIDGET (window);
  session = tessera_window_get_session (window);
  game = ts_game_session_get_game (session);
  list = find_move_list (w);
  g_assert_nonnull (list);

  /* A move typed in the notation entry; a bad one leaves the game as it was. */
  gtk_widget_activate_action (w, "win.play-move", "s", "Nb1c3");
  g_assert_cmpuint (ply (window), ==, 0);   /* the knight is on level A: no such move */
  gtk_widget_activate_action (w, "win.play-move", "s", "zz9");
  g_assert_cmpuint (ply (window), ==, 0);
  {
    TsMoveList moves;
    g_autoptr(TsPosition) p = ts_position_copy (ts_game_session_get_position (session));
    g_autofree char *a = NULL, *b = NULL;

    ts_move_list_init (&moves);
    ts_position_generate_legal (p, &moves);
    a = ts_move_to_san (p, moves.moves[0]);
    b = ts_move_to_san (p, moves.moves[1]);
    ts_move_list_clear (&moves);

    gtk_widget_activate_action (w, "win.play-move", "s", a);
    g_assert_cmpuint (ply (window), ==, 1);
    first = ts_game_current (game);
    click_a_move (window, 0);
    second = ts_game_current (game);

    /* Back to the start, another first move: a variation. */
    gtk_widget_activate_action (w, "win.go-start", NULL);
    gtk_widget_activate_action (w, "win.play-move", "s", b);
    g_assert_false (ts_game_node_is_main_line (ts_game_current (game)));
    text = list_text (window);
    g_assert_nonnull (strstr (text, "("));
    g_assert_nonnull (strstr (text, b));
    g_clear_pointer (&text, g_free);

    /* ↑ moves to the main line's move, ↓ back to the variation. */
    gtk_widget_activate_action (w, "win.go-up", NULL);
    g_assert_true (ts_game_current (game) == first);
    gtk_widget_activate_action (w, "win.go-down", NULL);
    g_assert_false (ts_game_node_is_main_line (ts_game_current (game)));

    /* Comment and NAG on the variation's move, shown in the list. */
    gtk_widget_activate_action (w, "win.comment", "s", "a sideline");
    gtk_widget_activate_action (w, "win.nag", "u", 5);
    text = list_text (window);
    g_assert_nonnull (strstr (text, "a sideline"));
    g_assert_nonnull (strstr (text, "!?"));
    g_clear_pointer (&text, g_free);

    /* Promote it: it becomes the main line; then delete the old main line. */
    gtk_widget_activate_action (w, "win.promote-variation", NULL);
    g_assert_true (ts_game_node_is_main_line (ts_game_current (game)));
    ts_game_session_go_to (session, first);
    g_assert_false (ts_game_node_is_main_line (first));
    gtk_widget_activate_action (w, "win.delete-variation", NULL);
    g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 1);
    text = list_text (window);
    g_assert_null (strstr (text, "("));
    g_assert_null (strstr (text, a));
    g_clear_pointer (&text, g_free);

    /* Undo brings the line back; a click on its move in the list goes there. */
    gtk_widget_activate_action (w, "win.undo", NULL);
    g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 2);
    g_assert_cmpint (ts_move_list_view_node_offset (list, second), >=, 0);
    g_assert_true (ts_move_list_view_node_at (list, ts_move_list_view_node_offset (list, second)) == second);
  }

  /* Keys as on Lichess: End, Home, →, ←. */
  gtk_widget_activate_action (w, "win.go-start", NULL);
  g_assert_cmpuint (ply (window), ==, 0);
  gtk_widget_activate_action (w, "win.go-end", NULL);
  g_assert_cmpuint (ply (window), ==, 1);
  gtk_widget_activate_action (w, "win.go-back", NULL);
  g_assert_cmpuint (ply (window), ==, 0);
  gtk_widget_activate_action (w, "win.go-forward", NULL);
  g_assert_cmpuint (ply (window), ==, 1);

  /* Take back the main line's move: it is gone and the other line takes its place. */
  gtk_widget_activate_action (w, "win.go-end", NULL);
  gtk_widget_activate_action (w, "win.takeback", NULL);
  g_assert_cmpuint (ply (window), ==, 0);
  g_assert_cmpuint (ts_game_node_n_children (ts_game_root (game)), ==, 1);
  g_assert_true (ts_game_node_child (ts_game_root (game), 0) == first);
  /* Resign ends the game: the board stops taking moves. */
  gtk_widget_activate_action (w, "win.resign", NULL);
  g_assert_true (ts_game_session_is_over (session));
  g_assert_nonnull (ts_game_session_get_end_message (session));
  g_assert_false (ts_board_view_get_interactive (TS_BOARD_VIEW (tessera_window_get_board (window))));
  g_assert_nonnull (ts_game_get_field (game, TS_GAME_RESULT));

  close_window (window);
}

static GtkWidget *
find_toggle (GtkWidget *widget)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_get_visible (widget) &&
      g_object_get_data (G_OBJECT (widget), "piece-type") != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toggle (child);

      if (found)
        return found;
    }
  return NULL;
}

/* Grossraumschach: captures until the side to move holds a piece, then a drop made with the
 * hand button and a click on a target cell. */
static void
test_drop_from_hand (void)
{
  TesseraWindow *window;
  TsGameSession *session;
  TsBoardView *board;
  TsSessionSetup setup;
  GtkWidget *button = NULL;
  g_autofree guint16 *marks = g_new0 (guint16, TS_MAX_CELLS);
  TsCell target = TS_NO_CELL;
  guint before;

  reset_settings ();
  all_humans (&setup);
  window = new_window ("grossraumschach", &setup);
  session = tessera_window_get_session (window);
  board = TS_BOARD_VIEW (tessera_window_get_board (window));
  for (guint i = 0; i < 200 && (button = find_toggle (GTK_WIDGET (window))) == NULL; i++)
    {
      g_autoptr(TsPosition) p = ts_position_copy (ts_game_session_get_position (session));
      TsMoveList list;
      TsMove m;

      ts_move_list_init (&list);
      ts_position_generate_legal (p, &list);
      g_assert_cmpuint (list.n, >, 0);
      m = list.moves[(i * 7) % list.n];
      for (guint j = 0; j < list.n; j++)
        if ((list.moves[j].flags & TS_MOVE_CAPTURE) && !(list.moves[j].flags & TS_MOVE_DROP))
          m = list.moves[j];
      ts_move_list_clear (&list);
      g_assert_true (ts_game_session_play (session, m));
    }
  g_assert_nonnull (button);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  ts_board_view_get_marks (board, marks);
  for (TsCell c = 0; c < TS_MAX_CELLS && target == TS_NO_CELL; c++)
    if (marks[c] & TS_CELL_MARK_TARGET)
      target = c;
  g_assert_cmpint (target, !=, TS_NO_CELL);
  before = ply (window);
  ts_board_view_activate_cell (board, target);
  g_assert_cmpuint (ply (window), ==, before + 1);
  g_assert_true (ts_game_current (ts_game_session_get_game (session))->move.flags & TS_MOVE_DROP);
  g_assert_cmpint (ts_game_current (ts_game_session_get_game (session))->move.to, ==, target);
  close_window (window);
}

/* The drop-down whose list has n items (the variants). */
static GtkDropDown *
find_dropdown (GtkWidget *widget, guint n)
{
  if (GTK_IS_DROP_DOWN (widget) && g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))) == n)
    return GTK_DROP_DOWN (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkDropDown *found = find_dropdown (child, n);

      if (found)
        return found;
    }
  return NULL;
}

/* The New Game dialog: its choices make the new game and are remembered for the next start. */
static void
test_new_game_dialog (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *last = NULL;
  TesseraWindow *window;
  TsNewGameDialog *dialog = NULL;
  TsSessionSetup setup;
  GListModel *toplevels;
  const TsSessionSetup *got;

  reset_settings ();
  window = new_window ("raumschach", NULL);
  /* First start: White human, Black the computer at a middle level, no clock. */
  got = ts_game_session_get_setup (tessera_window_get_session (window));
  g_assert_cmpint (got->kind[0], ==, TS_SEAT_HUMAN);
  g_assert_cmpint (got->kind[1], ==, TS_SEAT_COMPUTER);
  g_assert_cmpuint (got->level[1], ==, 5);
  g_assert_cmpint (got->base_ms, ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && dialog == NULL; i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (TS_IS_NEW_GAME_DIALOG (w))
        dialog = TS_NEW_GAME_DIALOG (w);
    }
  g_assert_nonnull (dialog);
  g_assert_cmpstr (ts_new_game_dialog_get_variant (dialog)->id, ==, "raumschach");
  ts_new_game_dialog_get_setup (dialog, &setup);
  g_assert_cmpint (setup.kind[1], ==, TS_SEAT_COMPUTER);

  /* Nihongi, as chosen in the variant list, with the dialog's seats. */
  {
    guint n;
    const TsVariant *const *variants = ts_variant_list (&n);
    GtkDropDown *dropdown = find_dropdown (GTK_WIDGET (dialog), n);

    g_assert_nonnull (dropdown);
    for (guint i = 0; i < n; i++)
      if (g_str_equal (variants[i]->id, "nihongi"))
        gtk_drop_down_set_selected (dropdown, i);
  }
  g_assert_cmpstr (ts_new_game_dialog_get_variant (dialog)->id, ==, "nihongi");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_assert_cmpstr (tessera_window_get_variant (window), ==, "nihongi");
  g_assert_cmpuint (ply (window), ==, 0);
  last = g_settings_get_string (settings, "last-variant");
  g_assert_cmpstr (last, ==, "nihongi");
  close_window (window);
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct {
  TsGameSession *session;
  gint64         last_wall;
  double         last_cpu;
  gint64         max_wall_us;
  double         max_cpu_ms;
  guint          samples;
} Stall;

static gboolean
stall_tick (gpointer data)
{
  Stall *s = data;
  gint64 now = g_get_monotonic_time ();
  double cpu = thread_cpu_ms ();

  if (ts_game_session_is_thinking (s->session) && s->last_wall != 0)
    {
      s->max_wall_us = MAX (s->max_wall_us, now - s->last_wall);
      s->max_cpu_ms = MAX (s->max_cpu_ms, cpu - s->last_cpu);
      s->samples++;
    }
  s->last_wall = now;
  s->last_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

/* Two computers play while a 2 ms timer watches the main loop. A stall is the time between
 * two ticks while a search runs; the main thread's CPU time over that interval is what the
 * window itself spent (the wall time also counts the machine's other load). */
static void
test_computer_game (void)
{
  TesseraWindow *window;
  TsSessionSetup setup;
  Stall s = { 0 };
  guint id;
  gint64 deadline;

  reset_settings ();
  ts_session_setup_init (&setup);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      setup.kind[i] = TS_SEAT_COMPUTER;
      setup.level[i] = 6;
    }
  window = new_window ("raumschach", &setup);
  s.session = tessera_window_get_session (window);
  id = g_timeout_add (2, stall_tick, &s);
  deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (ply (window) < 4 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
  g_assert_cmpuint (ply (window), >=, 4);
  g_assert_cmpuint (s.samples, >, 20);
  g_test_message ("main loop during searches: %u ticks, longest stall %.1f ms wall, %.1f ms main-thread CPU",
                  s.samples, s.max_wall_us / 1000.0, s.max_cpu_ms);
  g_printerr ("# longest main-loop stall during a search: %.1f ms wall, %.1f ms main-thread CPU\n",
              s.max_wall_us / 1000.0, s.max_cpu_ms);
  g_assert_cmpfloat (s.max_cpu_ms, <=, 50.0);
  /* A blocking wait (joining the worker, a lock) spends no CPU: bound the wall time too,
   * generously, as the machine may be busy with other work (the wall figure is reported). */
  g_assert_cmpint (s.max_wall_us, <=, 2 * G_USEC_PER_SEC);
  close_window (window);
}

static void
test_hint (void)
{
  TesseraWindow *window;
  TsSessionSetup setup;
  gboolean got = FALSE;
  gint64 deadline;

  reset_settings ();
  all_humans (&setup);
  window = new_window ("raumschach", &setup);
  g_signal_connect_swapped (tessera_window_get_session (window), "hint", G_CALLBACK (timeout_cb), &got);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (!got && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (got);
  g_assert_cmpuint (ply (window), ==, 0);   /* a hint does not move */
  close_window (window);
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("tessera-data-XXXXXX", NULL);
  guint n;
  const TsVariant *const *variants;

  /* Autosaves of this program stay out of the other tests' way. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* Drawing in the main thread, so that its cost counts in the stall measurement (with
   * software GL it would run in llvmpipe's threads). */
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  variants = ts_variant_list (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("/game-window/play-save-open/%s", variants[i]->id);

      g_test_add_data_func (name, variants[i], test_play_save_open);
    }
  g_test_add_func ("/game-window/move-list-editing", test_move_list_editing);
  g_test_add_func ("/game-window/hint", test_hint);
  g_test_add_func ("/game-window/new-game-dialog", test_new_game_dialog);
  g_test_add_func ("/game-window/drop-from-hand", test_drop_from_hand);
  g_test_add_func ("/game-window/computer-game-responsive", test_computer_game);

  return g_test_run ();
}
