/* The preferences reach the board: GSettings keys drive a live TsBoardView (colours,
 * piece style, coordinates), a move made slides from its cell to its target, and a move
 * asks for a sound when sounds are on. */
#include <adwaita.h>
#include <string.h>

#include "board-view.h"
#include "board-test.h"
#include "game-session.h"
#include "tessera-window.h"
#include "rules/notation.h"
#include "rules/postext.h"

#define APP_SCHEMA "io.github.tessera.Tessera"
#define WIDTH  1000
#define HEIGHT 500

typedef struct {
  GtkWidget   *window;
  TsBoardView *view;
  GSettings   *settings;
  guint        sounds[TS_N_BOARD_SOUNDS];
} Fixture;

static void
on_play_sound (TsBoardView *view, guint sound, Fixture *f)
{
  g_assert_cmpuint (sound, <, TS_N_BOARD_SOUNDS);
  f->sounds[sound]++;
  /* counted, not played: the tests need no audio */
  g_signal_stop_emission_by_name (view, "play-sound");
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup ("raumschach"));

  memset (f, 0, sizeof *f);
  f->settings = g_settings_new (APP_SCHEMA);
  /* the memory backend is shared by the whole process: start from the defaults */
  g_settings_reset (f->settings, "board-theme");
  g_settings_reset (f->settings, "piece-style");
  g_settings_reset (f->settings, "show-coordinates");
  g_settings_reset (f->settings, "animate-moves");
  g_settings_reset (f->settings, "sound");
  f->window = board_test_window_new ((GtkWidget **) &f->view, WIDTH, HEIGHT);
  g_signal_connect (f->view, "play-sound", G_CALLBACK (on_play_sound), f);
  ts_board_view_bind_settings (f->view, f->settings);
  ts_board_view_set_position (f->view, p);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->view));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  board_test_destroy_window (f->window, GTK_WIDGET (f->view));
  g_clear_object (&f->settings);
}

/* ---- pixels of what the view shows ---- */

typedef struct {
  cairo_surface_t *surface;
  int width, height;
} Frame;

static void
frame_draw (Frame *fr, TsBoardView *view)
{
  cairo_t *cr;

  fr->width = gtk_widget_get_width (GTK_WIDGET (view));
  fr->height = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_cmpint (fr->width, >, 100);
  fr->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, fr->width, fr->height);
  cr = cairo_create (fr->surface);
  ts_board_view_draw (view, cr, fr->width, fr->height);
  cairo_destroy (cr);
  cairo_surface_flush (fr->surface);
}

static guint32
frame_pixel (Frame *fr, TsBoardView *view, TsCell cell, double fx, double fy)
{
  const TsBoardLayout *layout = ts_board_view_get_layout (view);
  guint8 *data = cairo_image_surface_get_data (fr->surface);
  int stride = cairo_image_surface_get_stride (fr->surface);
  double x, y, s;

  g_assert_true (ts_board_layout_cell_rect (layout, cell, &x, &y, &s));
  return *(guint32 *) (data + (int) (y + s * fy) * stride + (int) (x + s * fx) * 4);
}

#define rgb_pixel  board_test_rgb
#define near_pixel board_test_near

#define cell(view, name) board_test_cell (view, name)

static void
settle (TsBoardView *view)
{
  gtk_test_widget_wait_for_draw (GTK_WIDGET (view));
}

/* ---- settings ---- */

static void
test_settings_theme (Fixture *f, gconstpointer data)
{
  TsCell ac3 = cell (f->view, "Ac3"), ab3 = cell (f->view, "Ab3");
  Frame fr;

  frame_draw (&fr, f->view);
  g_assert_true (near_pixel (frame_pixel (&fr, f->view, ac3, 0.5, 0.5),
                             rgb_pixel (&ts_board_theme_light ()->dark), 2));
  cairo_surface_destroy (fr.surface);

  for (int id = 0; id < TS_N_BOARD_THEMES; id++)
    {
      const TsBoardTheme *theme = ts_board_theme_get (id, FALSE);
      g_autofree char *prop = NULL;

      g_settings_set_string (f->settings, "board-theme", ts_board_theme_name (id));
      g_object_get (f->view, "board-theme", &prop, NULL);
      g_assert_cmpstr (prop, ==, ts_board_theme_name (id));
      settle (f->view);
      frame_draw (&fr, f->view);
      g_assert_true (near_pixel (frame_pixel (&fr, f->view, ac3, 0.5, 0.5),
                                 rgb_pixel (&theme->dark), 2));
      g_assert_true (near_pixel (frame_pixel (&fr, f->view, ab3, 0.5, 0.5),
                                 rgb_pixel (&theme->light), 2));
      cairo_surface_destroy (fr.surface);
    }
}

/* The dark style picks each theme's dark colours. */
static void
test_settings_theme_dark (Fixture *f, gconstpointer data)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  TsCell ac3 = cell (f->view, "Ac3");
  Frame fr;

  g_settings_set_string (f->settings, "board-theme", "green");
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  settle (f->view);
  frame_draw (&fr, f->view);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_assert_true (near_pixel (frame_pixel (&fr, f->view, ac3, 0.5, 0.5),
                             rgb_pixel (&ts_board_theme_get (TS_BOARD_THEME_GREEN, TRUE)->dark), 2));
  cairo_surface_destroy (fr.surface);
}

static void
test_settings_piece_style (Fixture *f, gconstpointer data)
{
  TsCell aa1 = cell (f->view, "Aa1");
  guint32 figure, letter;
  Frame fr;

  frame_draw (&fr, f->view);
  figure = frame_pixel (&fr, f->view, aa1, 0.15, 0.5);
  cairo_surface_destroy (fr.surface);
  g_settings_set_string (f->settings, "piece-style", "letters");
  settle (f->view);
  frame_draw (&fr, f->view);
  letter = frame_pixel (&fr, f->view, aa1, 0.15, 0.5);
  cairo_surface_destroy (fr.surface);
  /* the disc reaches where the rook's figure leaves the cell bare */
  g_assert_true (near_pixel (figure, rgb_pixel (&ts_board_theme_light ()->dark), 3));
  g_assert_true (near_pixel (letter, rgb_pixel (&ts_army_colors (TS_ARMY_WHITE)->fill), 3));

  g_settings_set_string (f->settings, "piece-style", "figures");
  settle (f->view);
  frame_draw (&fr, f->view);
  g_assert_true (near_pixel (frame_pixel (&fr, f->view, aa1, 0.15, 0.5), figure, 3));
  cairo_surface_destroy (fr.surface);
}

static void
test_settings_coordinates (Fixture *f, gconstpointer data)
{
  gboolean coordinates = FALSE;
  double cell_on, cell_off;

  g_object_get (f->view, "coordinates", &coordinates, NULL);
  g_assert_true (coordinates);
  cell_on = ts_board_view_get_layout (f->view)->cell;
  g_settings_set_boolean (f->settings, "show-coordinates", FALSE);
  g_object_get (f->view, "coordinates", &coordinates, NULL);
  g_assert_false (coordinates);
  settle (f->view);
  /* without the labels' room the cells grow */
  cell_off = ts_board_view_get_layout (f->view)->cell;
  g_assert_cmpfloat (cell_off, >, cell_on);
}

/* ---- moves: slide and sound ---- */

static TsPosition *
after_move (const TsPosition *before, const char *text, TsMove *move)
{
  TsPosition *after = ts_position_copy (before);
  g_autoptr(GError) error = NULL;
  TsUndo undo;

  g_assert_true (ts_move_parse (after, text, move, &error));
  g_assert_no_error (error);
  ts_position_make (after, *move, &undo);
  return after;
}

static void
show (TsBoardView *view, const TsPosition *before, const TsPosition *after, const TsMove *move)
{
  ts_board_view_set_position (view, after);
  ts_board_view_set_last_move (view, before, move);
}

/* Runs the main loop until the slide ends; returns how many frames saw it between its
 * ends. */
static guint
run_slide (TsBoardView *view)
{
  gint64 deadline = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  double last = 0;
  guint between = 0;

  while (ts_board_view_get_animation_progress (view) >= 0 && g_get_monotonic_time () < deadline)
    {
      double p;
      g_main_context_iteration (NULL, TRUE);
      p = ts_board_view_get_animation_progress (view);
      if (p > 0 && p < 1)
        {
          g_assert_cmpfloat (p, >=, last);
          last = p;
          between++;
        }
    }
  g_assert_cmpfloat (ts_board_view_get_animation_progress (view), ==, -1);
  return between;
}

static void
test_slide (Fixture *f, gconstpointer data)
{
  g_autoptr(TsPosition) before = ts_position_copy (ts_board_view_get_position (f->view));
  g_autoptr(TsPosition) after = NULL;
  guint32 white = rgb_pixel (&ts_army_colors (TS_ARMY_WHITE)->fill);
  TsCell from = cell (f->view, "Ab1"), to = cell (f->view, "Bb3");
  TsMove move;
  Frame fr;

  /* a knight from level A to level B: the slide crosses between the grids */
  after = after_move (before, "NAb1-Bb3", &move);
  show (f->view, before, after, &move);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), ==, 0);
  /* the first frame: the knight still on its cell, the target bare (both cells carry the
   * last-move tint) */
  frame_draw (&fr, f->view);
  g_assert_true (near_pixel (frame_pixel (&fr, f->view, from, 0.5, 0.6), white, 3));
  g_assert_false (near_pixel (frame_pixel (&fr, f->view, to, 0.5, 0.6), white, 40));
  cairo_surface_destroy (fr.surface);

  g_assert_cmpuint (run_slide (f->view), >, 0);
  /* it ends with the knight on its target and its cell empty */
  frame_draw (&fr, f->view);
  g_assert_false (near_pixel (frame_pixel (&fr, f->view, from, 0.5, 0.6), white, 40));
  g_assert_true (near_pixel (frame_pixel (&fr, f->view, to, 0.5, 0.6), white, 3));
  cairo_surface_destroy (fr.surface);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_MOVE], ==, 1);
}

/* No slide with the setting off, for a jump of several moves, or a repeated refresh. */
static void
test_no_slide (Fixture *f, gconstpointer data)
{
  g_autoptr(TsPosition) start = ts_position_copy (ts_board_view_get_position (f->view));
  g_autoptr(TsPosition) one = NULL, two = NULL, three = NULL;
  TsMove m1, m2, m3;

  one = after_move (start, "NAb1-Bb3", &m1);
  two = after_move (one, "NEb5-Db3", &m2);
  three = after_move (two, "NAd1-Bd3", &m3);

  g_settings_set_boolean (f->settings, "animate-moves", FALSE);
  show (f->view, start, one, &m1);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), ==, -1);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_MOVE], ==, 1);   /* sound is its own setting */

  g_settings_set_boolean (f->settings, "animate-moves", TRUE);
  /* navigating two moves on: no slide, no sound */
  show (f->view, two, three, &m3);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), ==, -1);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_MOVE], ==, 1);
  /* back to the start, then one step forward: slides */
  ts_board_view_set_position (f->view, start);
  ts_board_view_set_last_move (f->view, NULL, NULL);
  show (f->view, start, one, &m1);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), >=, 0);
  /* the same position shown again (a refresh): the slide runs on, no second sound */
  show (f->view, start, one, &m1);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), >=, 0);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_MOVE], ==, 2);
  run_slide (f->view);
  /* turning animations off stops a running slide */
  show (f->view, one, two, &m2);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), >=, 0);
  g_settings_set_boolean (f->settings, "animate-moves", FALSE);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), ==, -1);
}

/* A move dropped by drag and drop is on its target already: no slide, but a sound. */
static void
test_drag_no_slide (Fixture *f, gconstpointer data)
{
  g_autoptr(TsPosition) before = ts_position_copy (ts_board_view_get_position (f->view));
  g_autoptr(TsPosition) after = NULL;
  TsMove move;

  after = after_move (before, "NAb1-Bb3", &move);
  ts_board_view_drop_piece (f->view, cell (f->view, "Ab1"), cell (f->view, "Bb3"));
  show (f->view, before, after, &move);
  g_assert_cmpfloat (ts_board_view_get_animation_progress (f->view), ==, -1);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_MOVE], ==, 1);
}

/* A rook takes a knight, shown as a move made. */
static void
show_capture (Fixture *f, TsPosition **before, TsPosition **after, TsMove *move)
{
  *before = ts_position_from_text ("raumschach w:KAa1,RAe3 b:KEe5,NEe3 turn=w", NULL);
  g_assert_nonnull (*before);
  ts_board_view_set_position (f->view, *before);
  *after = after_move (*before, "RAe3xEe3", move);
  show (f->view, *before, *after, move);
}

static void
test_sound (Fixture *f, gconstpointer data)
{
  g_autoptr(TsPosition) before = NULL;
  g_autoptr(TsPosition) after = NULL;
  TsMove move;

  show_capture (f, &before, &after, &move);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_CAPTURE], ==, 1);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_MOVE], ==, 0);
  run_slide (f->view);

  /* sound off: nothing asked for */
  g_settings_set_boolean (f->settings, "sound", FALSE);
  ts_board_view_set_position (f->view, before);
  show (f->view, before, after, &move);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_CAPTURE], ==, 1);
  g_assert_cmpuint (f->sounds[TS_BOARD_SOUND_MOVE], ==, 0);
}

/* The captured piece fades where it stood while the rook slides onto its cell. */
static void
test_capture_fades (Fixture *f, gconstpointer data)
{
  g_autoptr(TsPosition) before = NULL;
  g_autoptr(TsPosition) after = NULL;
  TsCell target;
  TsMove move;
  Frame fr;

  show_capture (f, &before, &after, &move);
  target = cell (f->view, "Ee3");
  /* at the start the knight is still there, whole */
  frame_draw (&fr, f->view);
  g_assert_true (near_pixel (frame_pixel (&fr, f->view, target, 0.5, 0.6),
                             rgb_pixel (&ts_army_colors (TS_ARMY_BLACK)->fill), 3));
  cairo_surface_destroy (fr.surface);
  run_slide (f->view);
  frame_draw (&fr, f->view);
  g_assert_true (near_pixel (frame_pixel (&fr, f->view, target, 0.5, 0.6),
                             rgb_pixel (&ts_army_colors (TS_ARMY_WHITE)->fill), 3));
  cairo_surface_destroy (fr.surface);
}

/* The sound player itself: without audio hardware (and maybe without a media backend)
 * it stays silent, and never warns (the tests run with fatal warnings). */
static void
test_sound_player (void)
{
  gint64 deadline = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

  ts_board_sound_play (TS_BOARD_SOUND_MOVE);
  ts_board_sound_play (TS_BOARD_SOUND_CAPTURE);
  ts_board_sound_play (TS_BOARD_SOUND_MOVE);
  while (g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  /* either way, asking again is harmless */
  ts_board_sound_play (TS_BOARD_SOUND_MOVE);
  g_test_message ("move sound available: %d", ts_board_sound_available (TS_BOARD_SOUND_MOVE));
  g_assert_nonnull (g_resources_lookup_data ("/io/github/tessera/Tessera/sounds/move.wav", 0, NULL));
}

static void
count_window_sound (TsBoardView *view, guint sound, guint *count)
{
  count[sound]++;
  g_signal_stop_emission_by_name (view, "play-sound");
}

/* The game window's board follows the preferences, and the moves of both players, the
 * user's and the computer's, slide and sound. */
static void
test_game_window (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_SCHEMA);
  TsSessionSetup setup;
  TesseraWindow *window;
  TsBoardView *board;
  TsGameSession *session;
  g_autofree char *theme = NULL, *style = NULL;
  gboolean coordinates = TRUE, slid = FALSE;
  guint count[TS_N_BOARD_SOUNDS] = { 0 };
  gint64 deadline;
  TsMove move;

  g_settings_reset (settings, "animate-moves");
  g_settings_reset (settings, "sound");
  ts_session_setup_init (&setup);
  setup.kind[0] = TS_SEAT_HUMAN;
  setup.kind[1] = TS_SEAT_COMPUTER;
  setup.level[1] = TS_LEVEL_MIN;
  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  tessera_window_new_game (window, "raumschach", &setup);
  gtk_window_present (GTK_WINDOW (window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (window));
  board = TS_BOARD_VIEW (tessera_window_get_board (window));
  session = tessera_window_get_session (window);
  g_signal_connect (board, "play-sound", G_CALLBACK (count_window_sound), count);

  g_settings_set_string (settings, "board-theme", "high-contrast");
  g_settings_set_string (settings, "piece-style", "letters");
  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  g_object_get (board, "board-theme", &theme, "piece-style", &style, "coordinates",
                &coordinates, NULL);
  g_assert_cmpstr (theme, ==, "high-contrast");
  g_assert_cmpstr (style, ==, "letters");
  g_assert_false (coordinates);

  g_assert_true (ts_move_parse ((TsPosition *) ts_game_session_get_position (session), "NAb1-Bb3",
                                &move, NULL));
  g_assert_true (ts_game_session_play (session, move));
  g_assert_cmpfloat (ts_board_view_get_animation_progress (board), >=, 0);
  g_assert_cmpuint (count[TS_BOARD_SOUND_MOVE] + count[TS_BOARD_SOUND_CAPTURE], ==, 1);
  /* the computer answers: its move slides and sounds as well */
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (ts_position_ply (ts_game_session_get_position (session)) < 2 &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ts_position_ply (ts_game_session_get_position (session)), ==, 2);
  slid = ts_board_view_get_animation_progress (board) >= 0;
  g_assert_true (slid);
  g_assert_cmpuint (count[TS_BOARD_SOUND_MOVE] + count[TS_BOARD_SOUND_CAPTURE], ==, 2);

  g_settings_reset (settings, "board-theme");
  g_settings_reset (settings, "piece-style");
  g_settings_reset (settings, "show-coordinates");
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (window);
}

/* An unbound view neither slides nor sounds. */
static void
test_unbound_view (void)
{
  TsBoardView *view = TS_BOARD_VIEW (g_object_ref_sink (ts_board_view_new ()));
  gboolean animate = TRUE, sound = TRUE;
  g_autofree char *theme = NULL, *style = NULL;

  g_object_get (view, "animate", &animate, "sound", &sound, "board-theme", &theme,
                "piece-style", &style, NULL);
  g_assert_false (animate);
  g_assert_false (sound);
  g_assert_cmpstr (theme, ==, "classic");
  g_assert_cmpstr (style, ==, "figures");
  ts_board_view_set_board_theme (view, "no-such-theme");
  g_clear_pointer (&theme, g_free);
  g_object_get (view, "board-theme", &theme, NULL);
  g_assert_cmpstr (theme, ==, "classic");
  g_assert_finalize_object (view);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
#define ADD(path, func) \
  g_test_add ("/board-prefs/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("settings/theme", test_settings_theme);
  ADD ("settings/theme-dark", test_settings_theme_dark);
  ADD ("settings/piece-style", test_settings_piece_style);
  ADD ("settings/coordinates", test_settings_coordinates);
  ADD ("slide", test_slide);
  ADD ("no-slide", test_no_slide);
  ADD ("drag-no-slide", test_drag_no_slide);
  ADD ("sound", test_sound);
  ADD ("capture-fades", test_capture_fades);
#undef ADD
  g_test_add_func ("/board-prefs/sound-player", test_sound_player);
  g_test_add_func ("/board-prefs/unbound-view", test_unbound_view);
  g_test_add_func ("/board-prefs/game-window", test_game_window);
  return g_test_run ();
}
