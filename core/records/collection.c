/* Collections: many games in one file, indexed on opening, each game read when asked for,
 * written back with every unchanged game byte for byte as it was read. */
#include "records/collection-private.h"
#include "records/game-private.h"
#include "records/safe-file.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>
#include <sys/stat.h>

/* The file as it was when read or last written: a save refuses to overwrite someone
 * else's changes. */
typedef struct {
  gboolean known;
  dev_t    dev;
  ino_t    ino;
  gint64   size;
  gint64   mtime_ns;
} FileStamp;

typedef struct {
  GPtrArray *games;
  GBytes    *prolog, *trailer;
  gboolean   single;
} Frame;

struct _TsCollection {
  gint          ref_count;
  char         *filename;
  TsGameFormat  format;
  GBytes       *data;      /* the file as read or last saved */
  Frame         now;
  Frame         saved;
  guint         next_id;
  gboolean      modified;
  FileStamp     stamp;
};

/* ---- Entries ---- */

TsCollectionEntry *
ts_collection_entry_new (void)
{
  TsCollectionEntry *e = g_new0 (TsCollectionEntry, 1);

  e->ref_count = 1;
  return e;
}

TsCollectionEntry *
ts_collection_entry_ref (TsCollectionEntry *e)
{
  g_atomic_int_inc (&e->ref_count);
  return e;
}

static void
entry_clear_header (TsCollectionEntry *e)
{
  for (guint f = 0; f < TS_GAME_N_FIELDS; f++)
    g_clear_pointer (&e->fields[f], g_free);
  for (guint s = 0; s < TS_MAX_SEATS; s++)
    g_clear_pointer (&e->players[s], g_free);
  e->variant = NULL;
  e->n_plies = 0;
  g_clear_error (&e->error);
}

void
ts_collection_entry_unref (TsCollectionEntry *e)
{
  if (!g_atomic_int_dec_and_test (&e->ref_count))
    return;
  entry_clear_header (e);
  g_clear_pointer (&e->bytes, g_bytes_unref);
  g_clear_pointer (&e->sep, g_bytes_unref);
  g_free (e);
}

void
ts_collection_entry_set_header (TsCollectionEntry *e, const TsGame *game)
{
  static const TsGameField indexed[] = {
    TS_GAME_EVENT, TS_GAME_SITE, TS_GAME_DATE, TS_GAME_ROUND, TS_GAME_RESULT, TS_GAME_STIPULATION,
  };
  const TsGameNode *node = ts_game_root (game);

  entry_clear_header (e);
  e->variant = ts_game_variant (game);
  for (guint i = 0; i < G_N_ELEMENTS (indexed); i++)
    e->fields[indexed[i]] = g_strdup (ts_game_get_field (game, indexed[i]));
  for (guint s = 0; s < e->variant->n_seats; s++)
    e->players[s] = g_strdup (ts_game_get_player (game, s));
  for (; ts_game_node_n_children (node) > 0; node = ts_game_node_child (node, 0))
    e->n_plies++;
}

/* The game with the file's line numbers: the readers count lines from the start of what
 * they are given, so the game's text is preceded by as many line ends as lines come
 * before it in the file. */
TsGame *
ts_collection_read_bytes (GBytes *game_bytes, guint line, const char *source, GError **error)
{
  gsize length, pad = line > 1 ? line - 1 : 0;
  const char *bytes = g_bytes_get_data (game_bytes, &length);
  g_autofree char *text = g_malloc (pad + length + 1);

  memset (text, '\n', pad);
  memcpy (text + pad, bytes, length);
  text[pad + length] = '\0';
  return ts_game_from_data (text, pad + length, source, error);
}

static TsCollectionEntry *
entry_copy (const TsCollectionEntry *src)
{
  TsCollectionEntry *e = ts_collection_entry_new ();

  e->bytes = g_bytes_ref (src->bytes);
  e->variant = src->variant;
  for (guint f = 0; f < TS_GAME_N_FIELDS; f++)
    e->fields[f] = g_strdup (src->fields[f]);
  for (guint s = 0; s < TS_MAX_SEATS; s++)
    e->players[s] = g_strdup (src->players[s]);
  e->n_plies = src->n_plies;
  e->error = src->error ? g_error_copy (src->error) : NULL;
  return e;
}

/* ---- The collection ---- */

static void
frame_clear (Frame *f)
{
  g_clear_pointer (&f->games, g_ptr_array_unref);
  g_clear_pointer (&f->prolog, g_bytes_unref);
  g_clear_pointer (&f->trailer, g_bytes_unref);
}

static void
frame_copy (Frame *dst, const Frame *src)
{
  frame_clear (dst);
  dst->games = g_ptr_array_new_full (src->games->len, (GDestroyNotify) ts_collection_entry_unref);
  for (guint i = 0; i < src->games->len; i++)
    g_ptr_array_add (dst->games, ts_collection_entry_ref (src->games->pdata[i]));
  dst->prolog = g_bytes_ref (src->prolog);
  dst->trailer = g_bytes_ref (src->trailer);
  dst->single = src->single;
}

static GBytes *
static_bytes (const char *text)
{
  return g_bytes_new_static (text, strlen (text));
}

TsCollection *
ts_collection_new (TsGameFormat format)
{
  TsCollection *c = g_new0 (TsCollection, 1);
  gboolean xml = format == TS_GAME_FORMAT_XML;

  c->ref_count = 1;
  c->format = format;
  c->next_id = 1;
  c->now.games = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_collection_entry_unref);
  c->now.prolog = static_bytes (xml ? TS_COLLECTION_XML_PROLOG : "");
  c->now.trailer = static_bytes (xml ? TS_COLLECTION_XML_TRAILER : TS_COLLECTION_TEXT_TRAILER);
  frame_copy (&c->saved, &c->now);
  return c;
}

static const char *
source_name (const char *filename)
{
  /* Translators: names a collection not saved yet in messages ("collection:3: …") */
  return filename ? filename : _("collection");
}

TsCollection *
ts_collection_from_data (GBytes *data, const char *source, GError **error)
{
  TsCollectionIndex index;
  TsCollection *c;

  g_return_val_if_fail (data != NULL, NULL);

  if (!ts_collection_index (data, source_name (source), &index, error))
    return NULL;
  c = g_new0 (TsCollection, 1);
  c->ref_count = 1;
  c->filename = g_strdup (source);
  c->format = index.format;
  c->data = g_bytes_ref (data);
  c->now.games = g_steal_pointer (&index.entries);
  c->now.prolog = g_steal_pointer (&index.prolog);
  c->now.trailer = g_steal_pointer (&index.trailer);
  c->now.single = index.single && index.format == TS_GAME_FORMAT_XML;
  c->next_id = c->now.games->len + 1;
  frame_copy (&c->saved, &c->now);
  return c;
}

static FileStamp
stamp_of (const char *filename)
{
  FileStamp stamp = { FALSE };
  struct stat st;

  if (stat (filename, &st) == 0)
    {
      stamp.known = TRUE;
      stamp.dev = st.st_dev;
      stamp.ino = st.st_ino;
      stamp.size = st.st_size;
      stamp.mtime_ns = (gint64) st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    }
  return stamp;
}

static gboolean
stamp_equal (const FileStamp *a, const FileStamp *b)
{
  return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns;
}

TsCollection *
ts_collection_load (const char *filename, GError **error)
{
  /* Taken before reading: a change during the read makes a later save refuse, never
   * overwrite it. */
  FileStamp stamp = stamp_of (filename);
  g_autoptr (GBytes) data = NULL;
  TsCollection *c;
  gsize length;
  char *text;

  g_return_val_if_fail (filename != NULL, NULL);

  text = ts_record_read_file (filename, TS_COLLECTION_MAX_FILE_SIZE, &length, error);
  if (text == NULL)
    return NULL;
  data = g_bytes_new_take (text, length);
  c = ts_collection_from_data (data, filename, error);
  if (c)
    c->stamp = stamp;
  return c;
}

gboolean
ts_collection_open_file (const char *filename, TsGame **game, TsCollection **collection, GError **error)
{
  FileStamp stamp = stamp_of (filename);
  g_autoptr (GError) index_error = NULL;
  g_autoptr (GBytes) data = NULL;
  g_autoptr (TsCollection) c = NULL;
  gsize length;
  char *text;

  g_return_val_if_fail (filename != NULL && game != NULL && collection != NULL, FALSE);
  *game = NULL;
  *collection = NULL;
  text = ts_record_read_file (filename, TS_COLLECTION_MAX_FILE_SIZE, &length, error);
  if (text == NULL)
    return FALSE;
  data = g_bytes_new_take (text, length);
  c = ts_collection_from_data (data, filename, &index_error);
  if (c && !ts_collection_is_single_game (c))
    {
      c->stamp = stamp;
      *collection = g_steal_pointer (&c);
      return TRUE;
    }
  /* A collection whose frame is broken says so; anything else is a game file, read by
   * the game reader for its own messages. */
  if (c == NULL && ts_collection_index_looks_like_collection (data))
    {
      g_propagate_error (error, g_steal_pointer (&index_error));
      return FALSE;
    }
  if (length > TS_RECORD_MAX_FILE_SIZE)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, filename, 0, _("larger than %u bytes"),
                           TS_RECORD_MAX_FILE_SIZE);
      return FALSE;
    }
  *game = ts_game_from_data (g_bytes_get_data (data, NULL), length, filename, error);
  return *game != NULL;
}

TsCollection *
ts_collection_ref (TsCollection *c)
{
  g_atomic_int_inc (&c->ref_count);
  return c;
}

void
ts_collection_unref (TsCollection *c)
{
  if (!g_atomic_int_dec_and_test (&c->ref_count))
    return;
  frame_clear (&c->now);
  frame_clear (&c->saved);
  g_clear_pointer (&c->data, g_bytes_unref);
  g_free (c->filename);
  g_free (c);
}

const char *
ts_collection_get_filename (const TsCollection *c)
{
  return c->filename;
}

TsGameFormat
ts_collection_get_format (const TsCollection *c)
{
  return c->format;
}

gboolean
ts_collection_is_single_game (const TsCollection *c)
{
  return c->format == TS_GAME_FORMAT_XML ? c->now.single : c->now.games->len == 1;
}

GBytes *
ts_collection_get_data (const TsCollection *c)
{
  return c->data;
}

guint
ts_collection_n_games (const TsCollection *c)
{
  return c->now.games->len;
}

static TsCollectionEntry *
entry_at (const TsCollection *c, guint i)
{
  g_return_val_if_fail (i < c->now.games->len, NULL);
  return c->now.games->pdata[i];
}

guint
ts_collection_game_id (const TsCollection *c, guint i)
{
  return entry_at (c, i)->id;
}

int
ts_collection_find (const TsCollection *c, guint id)
{
  for (guint i = 0; i < c->now.games->len; i++)
    if (((TsCollectionEntry *) c->now.games->pdata[i])->id == id)
      return (int) i;
  return -1;
}

const TsVariant *
ts_collection_game_variant (const TsCollection *c, guint i)
{
  return entry_at (c, i)->variant;
}

const char *
ts_collection_game_field (const TsCollection *c, guint i, TsGameField field)
{
  g_return_val_if_fail (field < TS_GAME_N_FIELDS, NULL);
  return entry_at (c, i)->fields[field];
}

const char *
ts_collection_game_player (const TsCollection *c, guint i, guint seat)
{
  g_return_val_if_fail (seat < TS_MAX_SEATS, NULL);
  return entry_at (c, i)->players[seat];
}

guint
ts_collection_game_n_plies (const TsCollection *c, guint i)
{
  return entry_at (c, i)->n_plies;
}

guint
ts_collection_game_line (const TsCollection *c, guint i)
{
  return entry_at (c, i)->line;
}

const GError *
ts_collection_game_error (const TsCollection *c, guint i)
{
  return entry_at (c, i)->error;
}

GBytes *
ts_collection_game_bytes (const TsCollection *c, guint i)
{
  return entry_at (c, i)->bytes;
}

TsGame *
ts_collection_read_game (TsCollection *c, guint i, GError **error)
{
  TsCollectionEntry *e = entry_at (c, i);
  GError *local_error = NULL;
  TsGame *game;

  g_return_val_if_fail (e != NULL, NULL);
  game = ts_collection_read_bytes (e->bytes, e->line, source_name (c->filename), &local_error);
  if (game == NULL)
    {
      if (e->error == NULL)
        e->error = g_error_copy (local_error);
      g_propagate_error (error, local_error);
    }
  return game;
}

/* ---- Editing ---- */

/* A one-game XML file that gains or loses a game becomes a collection. */
static void
edited (TsCollection *c, gboolean frame_changes)
{
  c->modified = TRUE;
  if (frame_changes && c->now.single)
    {
      g_bytes_unref (c->now.prolog);
      g_bytes_unref (c->now.trailer);
      c->now.prolog = static_bytes (TS_COLLECTION_XML_PROLOG);
      c->now.trailer = static_bytes (TS_COLLECTION_XML_TRAILER);
      c->now.single = FALSE;
    }
}

/* game in the collection's form: the single-game writer's text without the XML
 * declaration and the final line end. */
static TsCollectionEntry *
entry_for_game (TsCollection *c, const TsGame *game, GError **error)
{
  gsize length;
  g_autofree char *data = ts_game_to_data (game, c->format, &length, error);
  const char *start = data, *end;
  TsCollectionEntry *e;

  if (data == NULL)
    return NULL;
  end = data + length;
  if (c->format == TS_GAME_FORMAT_XML && g_str_has_prefix (start, "<?xml"))
    {
      start = strstr (start, "?>") + 2;
      while (start < end && g_ascii_isspace (*start))
        start++;
    }
  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  e = ts_collection_entry_new ();
  e->id = c->next_id++;
  e->bytes = g_bytes_new (start, end - start);
  ts_collection_entry_set_header (e, game);
  return e;
}

gboolean
ts_collection_set_game (TsCollection *c, guint i, const TsGame *game, GError **error)
{
  TsCollectionEntry *old = entry_at (c, i), *e;

  g_return_val_if_fail (old != NULL && game != NULL, FALSE);
  e = entry_for_game (c, game, error);
  if (e == NULL)
    return FALSE;
  /* The same game in the same place: its number, and what followed it in the file. */
  e->id = old->id;
  e->sep = old->sep ? g_bytes_ref (old->sep) : NULL;
  e->line = 0;
  g_ptr_array_index (c->now.games, i) = e;
  ts_collection_entry_unref (old);
  edited (c, FALSE);
  return TRUE;
}

gboolean
ts_collection_insert_game (TsCollection *c, guint i, const TsGame *game, GError **error)
{
  TsCollectionEntry *e;

  g_return_val_if_fail (i <= c->now.games->len && game != NULL, FALSE);
  if (c->now.games->len >= TS_COLLECTION_MAX_GAMES)
    {
      g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                   _("a collection holds at most %d games"), TS_COLLECTION_MAX_GAMES);
      return FALSE;
    }
  e = entry_for_game (c, game, error);
  if (e == NULL)
    return FALSE;
  g_ptr_array_insert (c->now.games, i, e);
  edited (c, TRUE);
  return TRUE;
}

gboolean
ts_collection_insert_from (TsCollection *c, guint i, TsCollection *src, guint j, GError **error)
{
  g_autoptr (TsGame) game = NULL;
  TsCollectionEntry *e;

  g_return_val_if_fail (i <= c->now.games->len && entry_at (src, j) != NULL, FALSE);
  if (src->format != c->format)
    {
      game = ts_collection_read_game (src, j, error);
      return game != NULL && ts_collection_insert_game (c, i, game, error);
    }
  if (c->now.games->len >= TS_COLLECTION_MAX_GAMES)
    {
      g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                   _("a collection holds at most %d games"), TS_COLLECTION_MAX_GAMES);
      return FALSE;
    }
  e = entry_copy (entry_at (src, j));
  e->id = c->next_id++;
  g_ptr_array_insert (c->now.games, i, e);
  edited (c, TRUE);
  return TRUE;
}

void
ts_collection_remove (TsCollection *c, guint i)
{
  g_return_if_fail (i < c->now.games->len);
  g_ptr_array_remove_index (c->now.games, i);
  edited (c, TRUE);
}

void
ts_collection_move (TsCollection *c, guint from, guint to)
{
  gpointer e;

  g_return_if_fail (from < c->now.games->len && to < c->now.games->len);
  if (from == to)
    return;
  e = g_ptr_array_steal_index (c->now.games, from);
  g_ptr_array_insert (c->now.games, to, e);
  edited (c, TRUE);
}

gboolean
ts_collection_is_modified (const TsCollection *c)
{
  return c->modified;
}

void
ts_collection_revert (TsCollection *c)
{
  frame_copy (&c->now, &c->saved);
  c->modified = FALSE;
}

gboolean
ts_collection_changed_on_disk (const TsCollection *c)
{
  FileStamp now;

  if (c->filename == NULL || !c->stamp.known)
    return FALSE;
  now = stamp_of (c->filename);
  return !now.known || !stamp_equal (&now, &c->stamp);
}

gboolean
ts_collection_reload (TsCollection *c, GError **error)
{
  g_autoptr (TsCollection) fresh = NULL;
  g_autoptr (GHashTable) old_ids = g_hash_table_new (g_bytes_hash, g_bytes_equal);
  guint next_id = c->next_id;

  g_return_val_if_fail (c->filename != NULL, FALSE);
  fresh = ts_collection_load (c->filename, error);
  if (fresh == NULL)
    return FALSE;
  for (guint i = 0; i < c->saved.games->len; i++)
    {
      TsCollectionEntry *e = c->saved.games->pdata[i];

      g_hash_table_insert (old_ids, e->bytes, GUINT_TO_POINTER (e->id));
    }
  for (guint i = 0; i < fresh->now.games->len; i++)
    {
      TsCollectionEntry *e = fresh->now.games->pdata[i];
      gpointer id = NULL;

      /* A game keeps its number once: two games with the same text get two. */
      if (g_hash_table_steal_extended (old_ids, e->bytes, NULL, &id))
        e->id = GPOINTER_TO_UINT (id);
      else
        e->id = next_id++;
    }
  frame_copy (&c->now, &fresh->now);
  frame_copy (&c->saved, &fresh->now);
  g_clear_pointer (&c->data, g_bytes_unref);
  c->data = g_bytes_ref (fresh->data);
  c->format = fresh->format;
  c->next_id = next_id;
  c->modified = FALSE;
  c->stamp = fresh->stamp;
  return TRUE;
}

/* ---- Writing ---- */

/* Where each piece went in the file written, to take the pieces from it afterwards. */
typedef struct {
  gsize offset, length;
  guint line;
} Placed;

typedef struct {
  GString *out;
  guint    line;
} Writer;

static Placed
put (Writer *w, const char *text, gsize length)
{
  Placed p = { w->out->len, length, w->line };

  for (gsize i = 0; i < length; i++)
    if (text[i] == '\n' || (text[i] == '\r' && (i + 1 == length || text[i + 1] != '\n')))
      w->line++;
  g_string_append_len (w->out, text, length);
  return p;
}

static Placed
put_bytes (Writer *w, GBytes *bytes)
{
  gsize length;
  const char *text = g_bytes_get_data (bytes, &length);

  return put (w, text, length);
}

/* In the XML form a game and the frame around it are kept on lines of their own. */
static void
put_junction (Writer *w, const TsCollection *c, GBytes *next)
{
  gsize length;
  const char *text = g_bytes_get_data (next, &length);

  if (c->format == TS_GAME_FORMAT_XML && w->out->len > 0 && !g_ascii_isspace (w->out->str[w->out->len - 1]) &&
      length > 0 && !g_ascii_isspace (text[0]))
    put (w, "\n", 1);
}

static GBytes *
write_all (const TsCollection *c, Placed *games, Placed *seps, Placed *prolog, Placed *trailer)
{
  Writer w = { g_string_new (NULL), 1 };
  const char *default_sep = c->format == TS_GAME_FORMAT_XML ? TS_COLLECTION_XML_SEP : TS_COLLECTION_TEXT_SEP;
  guint n = c->now.games->len;

  *prolog = put_bytes (&w, c->now.prolog);
  for (guint i = 0; i < n; i++)
    {
      TsCollectionEntry *e = c->now.games->pdata[i];

      if (i == 0)
        put_junction (&w, c, e->bytes);
      games[i] = put_bytes (&w, e->bytes);
      if (i + 1 < n)
        seps[i] = e->sep ? put_bytes (&w, e->sep) : put (&w, default_sep, strlen (default_sep));
    }
  put_junction (&w, c, c->now.trailer);
  *trailer = put_bytes (&w, c->now.trailer);
  return g_string_free_to_bytes (w.out);
}

GBytes *
ts_collection_to_bytes (const TsCollection *c)
{
  g_autofree Placed *games = g_new (Placed, c->now.games->len + 1);
  g_autofree Placed *seps = g_new (Placed, c->now.games->len + 1);
  Placed prolog, trailer;

  return write_all (c, games, seps, &prolog, &trailer);
}

static GBytes *
piece_of (GBytes *data, Placed p)
{
  return g_bytes_new_from_bytes (data, p.offset, p.length);
}

/* After a save the games' text is taken from the file written, so that the old file's
 * bytes can go, and their lines are the new file's. */
static void
take_pieces (TsCollection *c, GBytes *data, const Placed *games, const Placed *seps, Placed prolog,
             Placed trailer)
{
  guint n = c->now.games->len;

  for (guint i = 0; i < n; i++)
    {
      TsCollectionEntry *e = c->now.games->pdata[i];

      g_bytes_unref (e->bytes);
      e->bytes = piece_of (data, games[i]);
      e->line = games[i].line;
      g_clear_pointer (&e->sep, g_bytes_unref);
      if (i + 1 < n)
        e->sep = piece_of (data, seps[i]);
    }
  g_bytes_unref (c->now.prolog);
  g_bytes_unref (c->now.trailer);
  c->now.prolog = piece_of (data, prolog);
  c->now.trailer = piece_of (data, trailer);
  g_clear_pointer (&c->data, g_bytes_unref);
  c->data = g_bytes_ref (data);
  frame_copy (&c->saved, &c->now);
  c->modified = FALSE;
}

gboolean
ts_collection_save (TsCollection *c, const char *filename, GError **error)
{
  g_autofree Placed *games = g_new (Placed, c->now.games->len + 1);
  g_autofree Placed *seps = g_new (Placed, c->now.games->len + 1);
  g_autoptr (GBytes) data = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *target = g_strdup (filename ? filename : c->filename);
  Placed prolog, trailer;
  gsize length;
  const char *bytes;

  g_return_val_if_fail (target != NULL, FALSE);

  if (c->stamp.known && g_strcmp0 (target, c->filename) == 0)
    {
      FileStamp now = stamp_of (target);

      if (now.known && !stamp_equal (&now, &c->stamp))
        {
          g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_IO,
                       _("%s: not saved: the file was changed by another program since it was "
                         "opened, and is left as that program wrote it. Open it again to edit it."),
                       target);
          return FALSE;
        }
    }
  data = write_all (c, games, seps, &prolog, &trailer);
  bytes = g_bytes_get_data (data, &length);
  if (length > TS_COLLECTION_MAX_FILE_SIZE)
    {
      g_set_error (error, TS_RECORD_ERROR, TS_RECORD_ERROR_TOO_LARGE,
                   _("%s: not saved: the file would be %lu bytes, more than a collection may hold (%u)"),
                   target, (unsigned long) length, TS_COLLECTION_MAX_FILE_SIZE);
      return FALSE;
    }
  if (!ts_safe_file_write (target, bytes, length, TS_SAFE_FILE_BACKUP, &local_error))
    {
      /* The message names the file, what failed and what is left of it. */
      g_set_error_literal (error, TS_RECORD_ERROR, TS_RECORD_ERROR_IO, local_error->message);
      return FALSE;
    }
  take_pieces (c, data, games, seps, prolog, trailer);
  g_free (c->filename);
  c->filename = g_steal_pointer (&target);
  c->stamp = stamp_of (c->filename);
  return TRUE;
}
