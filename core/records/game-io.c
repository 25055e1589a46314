/* Files: size-limited reading, format detection, atomic saving with a backup. */
#include "records/game-private.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

TsGame *
ts_game_from_data (const char *data, gsize length, const char *source, GError **error)
{
  gsize i = 0;

  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (data[i]))
    i++;
  if (i < length && data[i] == '<')
    return ts_game_from_xml (data, length, source, error);
  return ts_game_from_text (data, length, source, error);
}

/* Reads at most TS_RECORD_MAX_FILE_SIZE bytes: a huge file is refused, not loaded. */
static char *
read_limited (const char *filename, gsize *length, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (filename);
  g_autoptr (GFileInputStream) in = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GByteArray) buf = g_byte_array_new ();
  guint8 chunk[65536];

  in = g_file_read (file, NULL, &local_error);
  if (in == NULL)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_IO, filename, 0, "%s", local_error->message);
      return NULL;
    }
  for (;;)
    {
      gssize n = g_input_stream_read (G_INPUT_STREAM (in), chunk, sizeof chunk, NULL, &local_error);

      if (n < 0)
        {
          ts_record_set_error (error, TS_RECORD_ERROR_IO, filename, 0, "%s", local_error->message);
          return NULL;
        }
      if (n == 0)
        break;
      if (buf->len + n > TS_RECORD_MAX_FILE_SIZE)
        {
          ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, filename, 0,
                               _("larger than %u bytes"), TS_RECORD_MAX_FILE_SIZE);
          return NULL;
        }
      g_byte_array_append (buf, chunk, n);
    }
  *length = buf->len;
  g_byte_array_append (buf, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&buf), FALSE);
}

TsGame *
ts_game_load (const char *filename, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (filename != NULL, NULL);

  data = read_limited (filename, &length, error);
  if (data == NULL)
    return NULL;
  return ts_game_from_data (data, length, filename, error);
}

TsGameFormat
ts_game_format_for_filename (const char *filename)
{
  g_autofree char *lower = g_ascii_strdown (filename, -1);

  if (g_str_has_suffix (lower, ".pgn") || g_str_has_suffix (lower, ".txt"))
    return TS_GAME_FORMAT_TEXT;
  return TS_GAME_FORMAT_XML;
}

gboolean
ts_game_save (TsGame *game, const char *filename, TsGameFormat format, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (filename);
  g_autoptr (GFileOutputStream) out = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  data = format == TS_GAME_FORMAT_TEXT ? ts_game_to_text (game, &length)
                                       : ts_game_to_xml (game, &length);
  /* g_file_replace writes a temporary file, syncs it and renames it over the old one,
   * which it keeps as FILE~. A pipe or device (/dev/stdout) is written to as it is: a
   * backup would read it, and a rename cannot replace it. */
  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_SPECIAL)
    out = g_file_append_to (file, G_FILE_CREATE_NONE, NULL, &local_error);
  else
    out = g_file_replace (file, NULL, TRUE, G_FILE_CREATE_NONE, NULL, &local_error);
  if (out != NULL &&
      !g_output_stream_write_all (G_OUTPUT_STREAM (out), data, length, NULL, NULL, &local_error))
    {
      /* Closing with a cancelled cancellable drops the temporary file: the old file stays. */
      g_autoptr (GCancellable) cancel = g_cancellable_new ();

      g_cancellable_cancel (cancel);
      g_output_stream_close (G_OUTPUT_STREAM (out), cancel, NULL);
    }
  else if (out != NULL)
    g_output_stream_close (G_OUTPUT_STREAM (out), NULL, &local_error);
  if (local_error)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_IO, filename, 0, _("cannot save: %s"),
                           local_error->message);
      return FALSE;
    }
  ts_game_set_unmodified (game);
  return TRUE;
}
