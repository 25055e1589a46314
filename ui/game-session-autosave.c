/* A session's autosave: the record (XML) and a small key file with the seats, the clocks,
 * the file name and the cursor, written into the window's autosave folder
 * (ui/autosave-slot.h) and read back after a crash. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game-session-private.h"

#define AUTOSAVE_META "session.ini"
static char *
seat_kinds_string (const TsSessionSetup *setup)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < TS_MAX_SEATS; i++)
    g_string_append_printf (s, "%s%s:%u", i ? ";" : "",
                            setup->kind[i] == TS_SEAT_COMPUTER ? "computer" : "human",
                            setup->level[i]);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* The key file: seats, clocks, file name, the cursor. */
static GBytes *
state_bytes (TsGameSession *self)
{
  g_autoptr(GKeyFile) meta = g_key_file_new ();
  g_autofree char *kinds = seat_kinds_string (&self->setup);
  char *data;
  gsize length;

  if (self->filename != NULL)
    g_key_file_set_string (meta, "session", "filename", self->filename);
  g_key_file_set_boolean (meta, "session", "modified", ts_game_session_is_modified (self));
  g_key_file_set_string (meta, "session", "seats", kinds);
  g_key_file_set_int64 (meta, "session", "base-ms", self->setup.base_ms);
  g_key_file_set_int64 (meta, "session", "increment-ms", self->setup.increment_ms);
  for (guint i = 0; i < TS_MAX_SEATS; i++)
    {
      g_autofree char *key = g_strdup_printf ("clock-%u", i);

      g_key_file_set_int64 (meta, "session", key, ts_game_session_clock_ms (self, i));
    }
  g_key_file_set_uint64 (meta, "session", "ply", ts_game_current_depth (self->game));
  data = g_key_file_to_data (meta, &length, NULL);
  return g_bytes_new_take (data, length);
}

void
ts_game_session_write_autosave (TsGameSession  *self,
                                TsAutosaveSlot *slot)
{
  GPtrArray *contents = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  char *names[] = { (char *) TS_AUTOSAVE_GAME, (char *) AUTOSAVE_META, NULL };
  char *data;
  gsize length;

  g_return_if_fail (TS_IS_GAME_SESSION (self));

  /* Serialized here (0.3 ms at 200 plies), written in the background; the game first. */
  data = ts_game_to_xml (self->game, &length);
  g_ptr_array_add (contents, g_bytes_new_take (data, length));
  g_ptr_array_add (contents, state_bytes (self));
  ts_autosave_slot_write (slot, g_strdupv (names), contents);
}

void
ts_game_session_write_autosave_state (TsGameSession  *self,
                                      TsAutosaveSlot *slot)
{
  GPtrArray *contents = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  char *names[] = { (char *) AUTOSAVE_META, NULL };

  g_return_if_fail (TS_IS_GAME_SESSION (self));

  g_ptr_array_add (contents, state_bytes (self));
  ts_autosave_slot_write (slot, g_strdupv (names), contents);
}

TsGameSession *
ts_game_session_read_autosave (const char *dir,
                               GError    **error)
{
  g_autofree char *game_path = g_build_filename (dir, TS_AUTOSAVE_GAME, NULL);
  g_autofree char *meta_path = g_build_filename (dir, AUTOSAVE_META, NULL);
  g_autoptr(GKeyFile) meta = g_key_file_new ();
  g_autoptr(GError) meta_error = NULL;
  g_autofree char *kinds = NULL;
  g_autofree char *filename = NULL;
  g_auto(GStrv) seats = NULL;
  TsSessionSetup setup;
  TsGameSession *self;
  TsGame *game;
  guint64 ply;

  /* The key file may be missing (a kill between the first two writes): the defaults. */
  if (!g_key_file_load_from_file (meta, meta_path, G_KEY_FILE_NONE, &meta_error) &&
      !g_error_matches (meta_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_propagate_error (error, g_steal_pointer (&meta_error));
      return NULL;
    }
  game = ts_game_load (game_path, error);
  if (game == NULL)
    return NULL;

  ts_session_setup_init (&setup);
  if (meta_error != NULL)
    for (guint i = 0; i < TS_MAX_SEATS; i++)
      setup.kind[i] = TS_SEAT_HUMAN;
  kinds = g_key_file_get_string (meta, "session", "seats", NULL);
  seats = g_strsplit (kinds ? kinds : "", ";", TS_MAX_SEATS);
  for (guint i = 0; seats[i] != NULL && i < TS_MAX_SEATS; i++)
    {
      setup.kind[i] = g_str_has_prefix (seats[i], "computer") ? TS_SEAT_COMPUTER : TS_SEAT_HUMAN;
      if (strchr (seats[i], ':'))
        setup.level[i] = CLAMP (atoi (strchr (seats[i], ':') + 1), TS_LEVEL_MIN, TS_LEVEL_MAX);
    }
  setup.base_ms = MAX (0, g_key_file_get_int64 (meta, "session", "base-ms", NULL));
  setup.increment_ms = MAX (0, g_key_file_get_int64 (meta, "session", "increment-ms", NULL));

  /* The cursor where it was, along the main line (or at its end). */
  ts_game_go_start (game);
  ply = g_key_file_has_key (meta, "session", "ply", NULL) ? g_key_file_get_uint64 (meta, "session", "ply", NULL)
                                                            : G_MAXUINT64;
  for (guint64 i = 0; i < ply && ts_game_forward (game, 0); i++)
    ;
  self = ts_game_session_new (ts_game_variant (game), game, &setup);
  for (guint i = 0; i < TS_MAX_SEATS && setup.base_ms > 0; i++)
    {
      g_autofree char *key = g_strdup_printf ("clock-%u", i);
      gint64 ms = g_key_file_get_int64 (meta, "session", key, NULL);

      if (ms > 0)
        self->clock[i] = ms;
    }
  filename = g_key_file_get_string (meta, "session", "filename", NULL);
  self->filename = g_steal_pointer (&filename);
  /* Whatever the key file says (only modified games are autosaved), a rescued game is
   * not saved anywhere as it is: opening another over it must not lose it. */
  self->force_modified = TRUE;
  return self;
}

