#pragma once

#include <string.h>

#include "records/game.h"

/* The i-th legal move at the game's cursor (asserts there is one). */
static inline TsMove
records_test_legal_move (TsGame *game, guint i)
{
  TsPosition *pos = ts_position_copy (ts_game_position (game));
  TsMoveList list;
  TsMove m;

  ts_move_list_init (&list);
  ts_position_generate_legal (pos, &list);
  g_assert_cmpuint (list.n, >, i);
  m = list.moves[i];
  ts_move_list_clear (&list);
  ts_position_free (pos);
  return m;
}

/* Reads a game of either form, which must load (unmodified). */
static inline TsGame *
records_test_read_ok (const char *data, const char *source)
{
  g_autoptr (GError) error = NULL;
  TsGame *game = ts_game_from_data (data, strlen (data), source, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_false (ts_game_is_modified (game));
  return game;
}

/* The first legal move at the game's cursor, from the i-th on (cycling), other than avoid,
 * after which the game goes on (no draw by repetition or the 50-move rule). */
static inline TsMove
records_test_playable_move (TsGame *game, guint i, const TsMove *avoid)
{
  TsPosition *pos = ts_position_copy (ts_game_position (game));
  TsMoveList list;
  TsMove m = { 0 };
  gboolean found = FALSE;

  ts_move_list_init (&list);
  ts_position_generate_legal (pos, &list);
  g_assert_cmpuint (list.n, >, 0);
  for (guint k = 0; k < list.n && !found; k++)
    {
      TsUndo undo;

      m = list.moves[(i + k) % list.n];
      if (avoid && ts_move_equal (m, *avoid))
        continue;
      ts_position_make (pos, m, &undo);
      found = ts_game_check_playable (pos, NULL);
      ts_position_unmake (pos, &undo);
    }
  g_assert_true (found);
  ts_move_list_clear (&list);
  ts_position_free (pos);
  return m;
}

/* xmllint --relaxng against data/tessera-game.rng. */
static inline gboolean
records_test_schema_accepts (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *schema = g_build_filename (g_getenv ("TESSERA_SOURCE_ROOT"), "data",
                                              "tessera-game.rng", NULL);
  g_autofree char *err = NULL;
  const char *argv[] = { "xmllint", "--noout", "--relaxng", schema, path, NULL };
  int status;

  g_assert_nonnull (g_getenv ("TESSERA_SOURCE_ROOT"));
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                NULL, NULL, NULL, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    {
      g_test_message ("xmllint on %s: %s", path, err);
      return FALSE;
    }
  return TRUE;
}
