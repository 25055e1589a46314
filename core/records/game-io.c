/* Files: size-limited reading, format detection, atomic saving with a backup. */
#include "records/game-private.h"
#include "records/safe-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static char *
io_error (const char *filename, int err, GError **error)
{
  ts_record_set_error (error, TS_RECORD_ERROR_IO, filename, 0, "%s", g_strerror (err));
  return NULL;
}

/* Reads a regular file of at most max_size bytes. A pipe or device is refused without
 * waiting for it (opened non-blocking, then looked at: a FIFO nobody writes to blocked
 * the open forever), and so is a folder; a huge file is refused before it is read. */
char *
ts_record_read_file (const char *filename, gsize max_size, gsize *length, GError **error)
{
  g_autoptr (GByteArray) buf = g_byte_array_new ();
  struct stat st;
  guint8 chunk[65536];
  int fd = open (filename, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  int err;

  if (fd < 0)
    return io_error (filename, errno, error);
  if (fstat (fd, &st) != 0)
    {
      err = errno;
      close (fd);
      return io_error (filename, err, error);
    }
  if (!S_ISREG (st.st_mode) || (gsize) st.st_size > max_size)
    {
      close (fd);
      if (S_ISDIR (st.st_mode))
        ts_record_set_error (error, TS_RECORD_ERROR_IO, filename, 0, _("a folder, not a game file"));
      else if (!S_ISREG (st.st_mode))
        ts_record_set_error (error, TS_RECORD_ERROR_IO, filename, 0,
                             _("not a regular file (a pipe, socket or device), not a game file"));
      else
        ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, filename, 0,
                             _("larger than %u bytes"), (guint) max_size);
      return NULL;
    }
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  for (;;)
    {
      ssize_t n = read (fd, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          err = errno;
          close (fd);
          return io_error (filename, err, error);
        }
      if (n == 0)
        break;
      /* It may have grown since fstat. */
      if (buf->len + (gsize) n > max_size)
        {
          close (fd);
          ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, filename, 0,
                               _("larger than %u bytes"), (guint) max_size);
          return NULL;
        }
      g_byte_array_append (buf, chunk, n);
    }
  close (fd);
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

  data = ts_record_read_file (filename, TS_RECORD_MAX_FILE_SIZE, &length, error);
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

typedef struct {
  const TsGameNode *node;
  guint             nesting;   /* variations this node is inside */
} Pending;

/* What the readers would refuse is refused before writing: the same limits on both sides. */
static gboolean
check_limits (const TsGame *game, GError **error)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Pending));
  Pending root = { ts_game_root (game), 0 };
  guint n_moves = 0, max_nesting = 0;

  g_array_append_val (stack, root);
  while (stack->len > 0)
    {
      Pending p = g_array_index (stack, Pending, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);
      max_nesting = MAX (max_nesting, p.nesting);
      for (guint i = 0; i < ts_game_node_n_children (p.node); i++)
        {
          Pending child = { ts_game_node_child (p.node, i), p.nesting + (i > 0) };

          n_moves++;
          g_array_append_val (stack, child);
        }
    }
  if (n_moves > TS_RECORD_MAX_MOVES)
    g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                 _("the game has %u moves, more than a game file may hold (%d)"), n_moves,
                 TS_RECORD_MAX_MOVES);
  else if (max_nesting > TS_RECORD_MAX_NESTING)
    g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                 _("variations are nested %u deep, more than a game file may hold (%d)"),
                 max_nesting, TS_RECORD_MAX_NESTING);
  else if (ts_game_n_tags (game) > TS_RECORD_MAX_TAGS)
    g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                 _("the game has %u tags, more than a game file may hold (%d)"),
                 ts_game_n_tags (game), TS_RECORD_MAX_TAGS);
  else
    return TRUE;
  return FALSE;
}

char *
ts_game_to_data (const TsGame *game, TsGameFormat format, gsize *length, GError **error)
{
  g_autofree char *data = NULL;
  gsize n;

  g_return_val_if_fail (game != NULL && length != NULL, NULL);

  if (!check_limits (game, error))
    return NULL;
  data = format == TS_GAME_FORMAT_TEXT ? ts_game_to_text (game, &n) : ts_game_to_xml (game, &n);
  if (n > TS_RECORD_MAX_FILE_SIZE)
    {
      g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                   _("the file would be %lu bytes, more than a game file may hold (%u)"),
                   (unsigned long) n, TS_RECORD_MAX_FILE_SIZE);
      return NULL;
    }
  *length = n;
  return g_steal_pointer (&data);
}

gboolean
ts_game_save (TsGame *game, const char *filename, TsGameFormat format, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *data = NULL;
  gsize length;

  data = ts_game_to_data (game, format, &length, &local_error);
  if (data == NULL)
    {
      g_set_error (error, TS_RECORD_ERROR, local_error->code, _("%s: not saved: %s"), filename,
                   local_error->message);
      return FALSE;
    }
  if (!ts_safe_file_write (filename, data, length, TS_SAFE_FILE_BACKUP, &local_error))
    {
      /* The message already names the file and says what is left of it. */
      g_set_error_literal (error, TS_RECORD_ERROR, TS_RECORD_ERROR_IO, local_error->message);
      return FALSE;
    }
  ts_game_set_unmodified (game);
  return TRUE;
}
