/* The process tests/ui/test-window-kill.c runs and kills: a game window that saves or
 * autosaves over and over.
 *
 *   window-kill-child save PATH GAME_A GAME_B
 *       opens A and B in turn in the window and saves each to PATH (the window's Save)
 *   window-kill-child autosave GAME OUT_DIR
 *       opens GAME (with variations), comments its last move (a modified game is
 *       autosaved), then takes a move back and undoes it, deletes a variation and undoes
 *       that, over and over: the autosave's record shrinks and grows; before it starts it
 *       writes what the autosave may hold, version-0 to version-2, in OUT_DIR
 *
 * It prints "ready" once it has saved (autosaved) once, then saves until killed. */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <string.h>

#include "autosave-slot.h"
#include "records/game.h"
#include "tessera-window.h"

static void
write_version (const char *out_dir, guint i, TsGame *game)
{
  g_autofree char *path = g_strdup_printf ("%s/version-%u", out_dir, i);
  g_autoptr(GError) error = NULL;
  gsize length;
  g_autofree char *xml = ts_game_to_xml (game, &length);

  if (!g_file_set_contents (path, xml, length, &error))
    g_error ("%s", error->message);
}

static void
load (TesseraWindow *window, const char *path)
{
  g_autoptr(GError) error = NULL;

  if (!tessera_window_load (window, path, &error))
    g_error ("%s", error->message);
}

static void
ready (void)
{
  printf ("ready\n");
  fflush (stdout);
}

static int
save_loop (TesseraWindow *window, char **argv)
{
  const char *path = argv[2];
  const char *games[2] = { argv[3], argv[4] };

  for (guint i = 0, n = 0;; i ^= 1, n++)
    {
      g_autoptr(GError) error = NULL;

      load (window, games[i]);
      if (!tessera_window_save (window, path, &error))
        g_error ("%s", error->message);
      if (n == 0)
        ready ();
    }
  return 0;
}

/* The first move of the main line with a variation: its first variation's move. */
static TsGameNode *
first_variation (TsGame *game)
{
  for (TsGameNode *n = ts_game_root (game); ts_game_node_n_children (n) > 0; n = ts_game_node_child (n, 0))
    if (ts_game_node_n_children (n) > 1)
      return ts_game_node_child (n, 1);
  g_error ("the game has no variation");
}

static int
autosave_loop (TesseraWindow *window, char **argv)
{
  TsGameSession *session;
  TsGame *game;

  load (window, argv[2]);
  session = tessera_window_get_session (window);
  game = ts_game_session_get_game (session);
  ts_game_session_set_comment (session, "autosaved");
  write_version (argv[3], 0, game);
  ts_game_session_takeback (session);
  write_version (argv[3], 1, game);
  ts_game_session_undo (session);
  ts_game_session_go_to (session, first_variation (game));
  if (!ts_game_session_delete_variation (session))
    g_error ("the variation was not deleted");
  write_version (argv[3], 2, game);
  ts_game_session_undo (session);
  ts_autosave_flush ();
  ready ();
  /* each change autosaved before the next: the kill lands among the writes (undo leaves
   * the cursor where the edit put it: back to the end or the variation each time) */
  for (;;)
    {
      ts_game_session_go_end (session);
      ts_game_session_takeback (session);
      ts_autosave_flush ();
      ts_game_session_undo (session);
      ts_autosave_flush ();
      ts_game_session_go_to (session, first_variation (game));
      ts_game_session_delete_variation (session);
      ts_autosave_flush ();
      ts_game_session_undo (session);
      ts_autosave_flush ();
    }
  return 0;
}

int
main (int argc, char *argv[])
{
  TesseraWindow *window;

  gtk_init ();
  adw_init ();
  window = g_object_ref_sink (tessera_window_new (NULL, "raumschach"));
  if (argc == 5 && strcmp (argv[1], "save") == 0)
    return save_loop (window, argv);
  if (argc == 4 && strcmp (argv[1], "autosave") == 0)
    return autosave_loop (window, argv);
  fprintf (stderr, "usage: window-kill-child save PATH GAME_A GAME_B | autosave GAME OUT_DIR\n");
  return 2;
}
