/* The opening tree's cache file. It is input like any other file: every count and index is
 * checked against the file's size, a SHA-256 of the whole ends it, and it is used only
 * when it was made from the same files (paths, sizes and content hashes) by a program
 * whose position hashes are the same. Layout (host byte order, checked by the magic):
 *
 *   "TSTREE02" | u32 n_variants | u64 start-position hash of each registered variant
 *   u32 n_sources | each: u32 path length, path, u64 size, i64 mtime (ns), 32-byte SHA-256
 *   u32 games | u32 games skipped | u32 files skipped
 *   u32 n_sans | each: u16 length, UTF-8 text
 *   u32 n_entries | each: u64 key, u32 san, u32 games, wins, draws, losses, evals, i64 sum
 *   32-byte SHA-256 of everything before it */
#include "records/opening-tree-private.h"

#include <string.h>

#include "records/safe-file.h"

#define MAGIC "TSTREE02"
#define MAX_SAN 1024
#define MAX_COUNT (1u << 28)

/* Each variant's start position hash: the keys are position hashes, which a later
 * version of the rules may compute differently. */
static void
put_fingerprint (GByteArray *out)
{
  guint n;
  const TsVariant *const *variants = ts_variant_list (&n);
  guint32 count = n;

  g_byte_array_append (out, (const guint8 *) &count, 4);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (TsPosition) p = ts_position_new_initial (variants[i]);
      guint64 hash = ts_position_hash (p);

      g_byte_array_append (out, (const guint8 *) &hash, 8);
    }
}

static void
put_u32 (GByteArray *out, guint32 v)
{
  g_byte_array_append (out, (const guint8 *) &v, 4);
}

gboolean
ts_opening_tree_write_cache (const TsOpeningTree *tree, const char *path, GError **error)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;

  g_byte_array_append (out, (const guint8 *) MAGIC, 8);
  put_fingerprint (out);
  put_u32 (out, tree->sources->len);
  for (guint i = 0; i < tree->sources->len; i++)
    {
      const TsTreeSource *s = &g_array_index (tree->sources, TsTreeSource, i);

      put_u32 (out, strlen (s->path));
      g_byte_array_append (out, (const guint8 *) s->path, strlen (s->path));
      g_byte_array_append (out, (const guint8 *) &s->size, 8);
      g_byte_array_append (out, (const guint8 *) &s->mtime_ns, 8);
      g_byte_array_append (out, s->sha256, 32);
    }
  put_u32 (out, tree->n_games);
  put_u32 (out, tree->n_skipped);
  put_u32 (out, tree->n_files_skipped);
  put_u32 (out, tree->sans->len);
  for (guint i = 0; i < tree->sans->len; i++)
    {
      const char *san = tree->sans->pdata[i];
      guint16 n = (guint16) MIN (strlen (san), MAX_SAN);

      g_byte_array_append (out, (const guint8 *) &n, 2);
      g_byte_array_append (out, (const guint8 *) san, n);
    }
  put_u32 (out, tree->entries->len);
  g_byte_array_append (out, (const guint8 *) tree->entries->data, tree->entries->len * sizeof (TsTreeEntry));
  g_checksum_update (sum, out->data, out->len);
  g_checksum_get_digest (sum, digest, &length);
  g_byte_array_append (out, digest, sizeof digest);
  return ts_safe_file_write (path, out->data, out->len, TS_SAFE_FILE_PRIVATE, error);
}

/* A cursor over the file: every read checked against what is left. */
typedef struct {
  const guint8 *p, *end;
  gboolean      bad;
} Reader;

static const guint8 *
take (Reader *r, gsize n)
{
  const guint8 *at = r->p;

  if (r->bad || (gsize) (r->end - r->p) < n)
    {
      r->bad = TRUE;
      return NULL;
    }
  r->p += n;
  return at;
}

static guint32
take_u32 (Reader *r)
{
  const guint8 *at = take (r, 4);
  guint32 v = 0;

  if (at)
    memcpy (&v, at, 4);
  return v;
}

static guint64
take_u64 (Reader *r)
{
  const guint8 *at = take (r, 8);
  guint64 v = 0;

  if (at)
    memcpy (&v, at, 8);
  return v;
}

static gboolean
fingerprint_matches (Reader *r)
{
  g_autoptr (GByteArray) now = g_byte_array_new ();
  const guint8 *at;

  put_fingerprint (now);
  at = take (r, now->len);
  return at && memcmp (at, now->data, now->len) == 0;
}

/* The sources recorded, compared with what the files are now. */
static gboolean
sources_match (Reader *r, GArray *sources, TsOpeningTree *tree)
{
  guint32 n = take_u32 (r);

  if (r->bad || n != sources->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const TsTreeSource *now = &g_array_index (sources, TsTreeSource, i);
      guint32 length = take_u32 (r);
      const guint8 *path = take (r, length);
      TsTreeSource s = { 0 };
      const guint8 *hash;

      s.size = take_u64 (r);
      s.mtime_ns = (gint64) take_u64 (r);
      hash = take (r, 32);
      if (r->bad || length != strlen (now->path) || memcmp (path, now->path, length) != 0 ||
          s.size != now->size || memcmp (hash, now->sha256, 32) != 0)
        return FALSE;
      s.path = g_strdup (now->path);
      memcpy (s.sha256, hash, 32);
      g_array_append_val (tree->sources, s);
    }
  return TRUE;
}

static gboolean
read_entries (Reader *r, TsOpeningTree *tree)
{
  guint32 n_sans = take_u32 (r), n_entries;

  if (n_sans > MAX_COUNT)
    return FALSE;
  for (guint i = 0; i < n_sans && !r->bad; i++)
    {
      const guint8 *at = take (r, 2);
      guint16 n = 0;
      const guint8 *text;

      if (at)
        memcpy (&n, at, 2);
      text = take (r, n);
      if (r->bad || n == 0 || n > MAX_SAN || !g_utf8_validate_len ((const char *) text, n, NULL) ||
          memchr (text, '\0', n))
        return FALSE;
      g_ptr_array_add (tree->sans, g_strndup ((const char *) text, n));
    }
  n_entries = take_u32 (r);
  if (r->bad || n_entries > MAX_COUNT || (gsize) (r->end - r->p) != (gsize) n_entries * sizeof (TsTreeEntry))
    return FALSE;
  g_array_set_size (tree->entries, n_entries);
  memcpy (tree->entries->data, take (r, n_entries * sizeof (TsTreeEntry)), n_entries * sizeof (TsTreeEntry));
  for (guint i = 0; i < n_entries; i++)
    {
      const TsTreeEntry *e = &g_array_index (tree->entries, TsTreeEntry, i);
      const TsTreeEntry *prev = i ? e - 1 : NULL;

      /* In order, each index in the table, counts that add up. */
      if (e->san >= n_sans || e->n_games == 0 || (guint64) e->wins + e->draws + e->losses > e->n_games ||
          e->n_evals > e->n_games || e->eval_sum > (gint64) e->n_evals * 1000 ||
          e->eval_sum < -(gint64) e->n_evals * 1000 ||
          (prev && (prev->key > e->key || (prev->key == e->key && prev->san >= e->san))))
        return FALSE;
    }
  return TRUE;
}

TsOpeningTree *
ts_opening_tree_read_cache (const char *path, GArray *sources)
{
  g_autofree char *contents = NULL;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length, digest_length = sizeof digest;
  TsOpeningTree *tree;
  Reader r;

  if (!g_file_get_contents (path, &contents, &length, NULL) || length < 8 + 32 ||
      memcmp (contents, MAGIC, 8) != 0)
    return NULL;
  g_checksum_update (sum, (const guchar *) contents, length - 32);
  g_checksum_get_digest (sum, digest, &digest_length);
  if (memcmp (digest, contents + length - 32, 32) != 0)
    return NULL;
  r = (Reader) { (const guint8 *) contents + 8, (const guint8 *) contents + length - 32, FALSE };
  tree = ts_opening_tree_new ();
  if (!fingerprint_matches (&r) || !sources_match (&r, sources, tree))
    goto stale;
  tree->n_games = take_u32 (&r);
  tree->n_skipped = take_u32 (&r);
  tree->n_files_skipped = take_u32 (&r);
  if (r.bad || !read_entries (&r, tree))
    goto stale;
  tree->from_cache = TRUE;
  return tree;

stale:
  ts_opening_tree_free (tree);
  return NULL;
}
