/* The opening tree: every (position, move) of the games' main lines counted under the
 * position's hash, built once from the files (or taken from the cache), queried by a
 * binary search. */
#include "records/opening-tree-private.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "records/collection-private.h"
#include "records/game-private.h"
#include "rules/notation.h"

#define MAX_FOLDER_FILES 10000
#define EVAL_CLAMP 1000

void
ts_tree_move_clear (TsTreeMove *m)
{
  g_clear_pointer (&m->san, g_free);
}

void
ts_tree_source_clear (TsTreeSource *s)
{
  g_clear_pointer (&s->path, g_free);
}

TsOpeningTree *
ts_opening_tree_new (void)
{
  TsOpeningTree *tree = g_new0 (TsOpeningTree, 1);

  tree->sans = g_ptr_array_new_with_free_func (g_free);
  tree->entries = g_array_new (FALSE, FALSE, sizeof (TsTreeEntry));
  tree->sources = g_array_new (FALSE, TRUE, sizeof (TsTreeSource));
  g_array_set_clear_func (tree->sources, (GDestroyNotify) ts_tree_source_clear);
  return tree;
}

void
ts_opening_tree_free (TsOpeningTree *tree)
{
  if (tree == NULL)
    return;
  g_ptr_array_unref (tree->sans);
  g_array_unref (tree->entries);
  g_array_unref (tree->sources);
  g_free (tree);
}

/* ---- Building ---- */

/* The games are read by several threads (reading checks every move: most of the time),
 * each with its own move table and records, merged at the end. */
#define MAX_THREADS 4

/* One move of one game's main line. */
typedef struct {
  guint64 key;
  guint32 san;        /* in the thread's table, then in the tree's */
  gint8   score;      /* for the mover: 2 won, 1 drawn, 0 lost, -1 no result */
  gboolean has_eval;
  gint16  eval;
} Record;

/* What the threads share while they read one file. */
typedef struct {
  TsCollection         *c;
  const char           *source;
  gint                  next;        /* the next game to take */
  gint                  cancelled;
  const gint           *stop;
  TsOpeningTreeProgress progress;
  gpointer              data;
  guint64               bytes_before, bytes_total;
  gssize                bytes_read;  /* of this file's games */
  gint64                last_report;
} Shared;

typedef struct {
  Shared     *shared;
  GHashTable *san_ids;   /* SAN -> id + 1 */
  GPtrArray  *sans;
  GArray     *records;
  guint       n_games, n_skipped;
  gboolean    reports;   /* the calling thread reports progress */
} Worker;

/* What the result gave seat: 2 a win, 1 a draw, 0 a loss, -1 when there is none. */
static int
seat_score (const char *result, guint n_seats, guint seat)
{
  g_auto (GStrv) parts = NULL;

  if (result == NULL || !ts_record_result_is_valid (result, n_seats) || strcmp (result, "*") == 0)
    return -1;
  parts = g_strsplit (result, "-", -1);
  if (strcmp (parts[seat], "1/2") == 0)
    return 1;
  return parts[seat][0] == '1' ? 2 : 0;
}

static gint16
clamped_eval (const TsEval *e)
{
  if (e->kind == TS_EVAL_MATE)
    return e->value > 0 ? EVAL_CLAMP : -EVAL_CLAMP;
  return (gint16) CLAMP (e->value, -EVAL_CLAMP, EVAL_CLAMP);
}

static guint32
san_id (Worker *w, const char *san)
{
  gpointer id = g_hash_table_lookup (w->san_ids, san);

  if (id == NULL)
    {
      char *copy = g_strdup (san);

      g_ptr_array_add (w->sans, copy);
      id = GUINT_TO_POINTER (w->sans->len);
      g_hash_table_insert (w->san_ids, copy, id);
    }
  return GPOINTER_TO_UINT (id) - 1;
}

static void
add_game (Worker *w, const TsGame *game)
{
  g_autoptr (TsPosition) pos = ts_position_copy (ts_game_start_position (game));
  const char *result = ts_game_get_field (game, TS_GAME_RESULT);
  guint n_seats = ts_game_variant (game)->n_seats;
  int scores[TS_MAX_SEATS];
  const TsGameNode *node = ts_game_root (game);

  for (guint s = 0; s < n_seats; s++)
    scores[s] = seat_score (result, n_seats, s);
  for (guint ply = 0; ply < TS_OPENING_TREE_MAX_PLIES && ts_game_node_n_children (node) > 0; ply++)
    {
      const TsGameNode *child = ts_game_node_child (node, 0);
      const TsEval *eval = &child->annotation.eval;
      Record r = { ts_position_hash (pos), san_id (w, child->san),
                   (gint8) scores[ts_position_side_to_move (pos)], eval->kind != TS_EVAL_NONE, 0 };
      TsUndo undo;

      if (r.has_eval)
        r.eval = clamped_eval (eval);
      g_array_append_val (w->records, r);
      ts_position_make (pos, child->move, &undo);
      node = child;
    }
  w->n_games++;
}

static void
report (Shared *s)
{
  gint64 now = g_get_monotonic_time ();

  if (s->progress && now - s->last_report > 50000)
    {
      s->last_report = now;
      s->progress (s->bytes_total ? (double) (s->bytes_before + g_atomic_pointer_get (&s->bytes_read)) / s->bytes_total
                                  : 0, s->data);
    }
}

static gpointer
work (gpointer data)
{
  Worker *w = data;
  Shared *s = w->shared;
  guint n = ts_collection_n_games (s->c);

  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&s->next, 1);
      g_autoptr (TsGame) game = NULL;

      if (i >= n || g_atomic_int_get (&s->cancelled))
        break;
      if (s->stop && g_atomic_int_get (s->stop))
        {
          g_atomic_int_set (&s->cancelled, 1);
          break;
        }
      /* Read-only calls on the collection: the threads share it. */
      game = ts_collection_read_bytes (ts_collection_game_bytes (s->c, i), ts_collection_game_line (s->c, i),
                                       s->source, NULL);
      if (game)
        add_game (w, game);
      else
        w->n_skipped++;
      g_atomic_pointer_add (&s->bytes_read, g_bytes_get_size (ts_collection_game_bytes (s->c, i)));
      if (w->reports)
        report (s);
    }
  return NULL;
}

static void
hash_bytes (GBytes *bytes, guint8 out[32])
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize length = 32, size;
  const guchar *data = g_bytes_get_data (bytes, &size);

  g_checksum_update (sum, data, size);
  g_checksum_get_digest (sum, out, &length);
}

/* The file as it is now: its stamp taken before reading, so that a change during the
 * read makes the cache stale rather than wrong. */
static GBytes *
read_source (const char *path, TsTreeSource *source, GError **error)
{
  struct stat st;
  gsize length;
  char *text;
  GBytes *bytes;

  source->path = g_strdup (path);
  if (stat (path, &st) == 0)
    {
      source->size = st.st_size;
      source->mtime_ns = (gint64) st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    }
  text = ts_record_read_file (path, TS_COLLECTION_MAX_FILE_SIZE, &length, error);
  if (text == NULL)
    return NULL;
  bytes = g_bytes_new_take (text, length);
  hash_bytes (bytes, source->sha256);
  return bytes;
}

/* Reads one file's games with every worker; FALSE when stopped. */
static gboolean
add_file (TsOpeningTree *tree, Shared *s, Worker *workers, guint n_workers, const char *path)
{
  TsTreeSource source = { 0 };
  g_autoptr (GBytes) bytes = read_source (path, &source, NULL);
  g_autoptr (TsCollection) c = bytes ? ts_collection_from_data (bytes, path, NULL) : NULL;
  GThread *threads[MAX_THREADS] = { NULL };

  g_array_append_val (tree->sources, source);
  if (c == NULL)
    {
      tree->n_files_skipped++;
      return TRUE;
    }
  s->c = c;
  s->source = path;
  s->next = 0;
  s->bytes_read = 0;
  for (guint t = 1; t < n_workers; t++)
    threads[t] = g_thread_new ("opening-tree", work, &workers[t]);
  work (&workers[0]);
  for (guint t = 1; t < n_workers; t++)
    g_thread_join (threads[t]);
  s->bytes_before += source.size;
  return !g_atomic_int_get (&s->cancelled);
}

static int
compare_records (const void *a, const void *b)
{
  const Record *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->san < y->san ? -1 : x->san > y->san;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The workers' records with their moves numbered in one table (sorted, so that the same
 * games give the same file), counted by (position, move). */
static void
merge (TsOpeningTree *tree, Worker *workers, guint n_workers)
{
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (Record));

  for (guint t = 0; t < n_workers; t++)
    for (guint i = 0; i < workers[t].sans->len; i++)
      if (!g_hash_table_contains (ids, workers[t].sans->pdata[i]))
        {
          g_hash_table_add (ids, workers[t].sans->pdata[i]);
          g_ptr_array_add (tree->sans, g_strdup (workers[t].sans->pdata[i]));
        }
  g_ptr_array_sort (tree->sans, compare_strings);
  for (guint i = 0; i < tree->sans->len; i++)
    g_hash_table_insert (ids, tree->sans->pdata[i], GUINT_TO_POINTER (i));
  for (guint t = 0; t < n_workers; t++)
    {
      Worker *w = &workers[t];

      for (guint i = 0; i < w->records->len; i++)
        {
          Record r = g_array_index (w->records, Record, i);

          r.san = GPOINTER_TO_UINT (g_hash_table_lookup (ids, w->sans->pdata[r.san]));
          g_array_append_val (records, r);
        }
      tree->n_games += w->n_games;
      tree->n_skipped += w->n_skipped;
    }
  qsort (records->data, records->len, sizeof (Record), compare_records);
  for (guint i = 0; i < records->len; i++)
    {
      const Record *r = &g_array_index (records, Record, i);
      TsTreeEntry *e = tree->entries->len ? &g_array_index (tree->entries, TsTreeEntry, tree->entries->len - 1) : NULL;

      if (e == NULL || e->key != r->key || e->san != r->san)
        {
          TsTreeEntry fresh = { r->key, r->san, 0, 0, 0, 0, 0, 0 };

          g_array_append_val (tree->entries, fresh);
          e = &g_array_index (tree->entries, TsTreeEntry, tree->entries->len - 1);
        }
      e->n_games++;
      e->wins += r->score == 2;
      e->draws += r->score == 1;
      e->losses += r->score == 0;
      if (r->has_eval)
        {
          e->n_evals++;
          e->eval_sum += r->eval;
        }
    }
}

static TsOpeningTree *
build (const char *const *files, const gint *stop, TsOpeningTreeProgress progress, gpointer data,
       GError **error)
{
  TsOpeningTree *tree = ts_opening_tree_new ();
  Shared shared = { NULL, NULL, 0, 0, stop, progress, data, 0, 0, 0, 0 };
  Worker workers[MAX_THREADS];
  guint n_workers = CLAMP (g_get_num_processors (), 1, MAX_THREADS);
  gboolean ok = TRUE;

  for (guint i = 0; files[i]; i++)
    {
      GStatBuf st;

      if (g_stat (files[i], &st) == 0)
        shared.bytes_total += st.st_size;
    }
  for (guint t = 0; t < n_workers; t++)
    workers[t] = (Worker) { &shared, g_hash_table_new (g_str_hash, g_str_equal),
                            g_ptr_array_new_with_free_func (g_free),
                            g_array_new (FALSE, FALSE, sizeof (Record)), 0, 0, t == 0 };
  for (guint i = 0; files[i] && ok; i++)
    ok = add_file (tree, &shared, workers, n_workers, files[i]);
  if (ok)
    merge (tree, workers, n_workers);
  for (guint t = 0; t < n_workers; t++)
    {
      g_hash_table_unref (workers[t].san_ids);
      g_ptr_array_unref (workers[t].sans);
      g_array_unref (workers[t].records);
    }
  if (!ok)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Stopped"));
      ts_opening_tree_free (tree);
      return NULL;
    }
  if (progress)
    progress (1.0, data);
  return tree;
}

/* What the files are now, for checking a cache: stamps and content hashes. */
static GArray *
current_sources (const char *const *files)
{
  GArray *sources = g_array_new (FALSE, TRUE, sizeof (TsTreeSource));

  g_array_set_clear_func (sources, (GDestroyNotify) ts_tree_source_clear);
  for (guint i = 0; files[i]; i++)
    {
      TsTreeSource source = { 0 };

      /* Only the file's stamp and hash are wanted here, not its bytes. */
      GBytes *bytes = read_source (files[i], &source, NULL);

      g_clear_pointer (&bytes, g_bytes_unref);
      g_array_append_val (sources, source);
    }
  return sources;
}

TsOpeningTree *
ts_opening_tree_open (const char *const    *files,
                      const char           *cache_dir,
                      const gint           *stop,
                      TsOpeningTreeProgress progress,
                      gpointer              data,
                      GError              **error)
{
  g_autofree char *cache = cache_dir ? ts_opening_tree_cache_path (files, cache_dir) : NULL;
  TsOpeningTree *tree = NULL;

  g_return_val_if_fail (files != NULL, NULL);

  if (cache && g_file_test (cache, G_FILE_TEST_EXISTS))
    {
      g_autoptr (GArray) sources = current_sources (files);

      tree = ts_opening_tree_read_cache (cache, sources);
      if (tree)
        return tree;
    }
  tree = build (files, stop, progress, data, error);
  if (tree == NULL)
    return NULL;
  if (tree->n_files_skipped == tree->sources->len)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("None of the files could be read as games."));
      ts_opening_tree_free (tree);
      return NULL;
    }
  if (cache)
    {
      /* Only a faster start next time: a cache that cannot be written is not an error. */
      g_mkdir_with_parents (cache_dir, 0700);
      ts_opening_tree_write_cache (tree, cache, NULL);
    }
  return tree;
}

/* ---- Queries ---- */

static int
compare_moves (gconstpointer a, gconstpointer b)
{
  const TsTreeMove *x = a, *y = b;

  if (x->n_games != y->n_games)
    return x->n_games > y->n_games ? -1 : 1;
  return strcmp (x->san, y->san);
}

GArray *
ts_opening_tree_query (const TsOpeningTree *tree, const TsPosition *pos)
{
  GArray *moves = g_array_new (FALSE, TRUE, sizeof (TsTreeMove));
  g_autoptr (TsPosition) work = ts_position_copy (pos);
  guint64 key = ts_position_hash (pos);
  guint lo = 0, hi = tree->entries->len;

  g_array_set_clear_func (moves, (GDestroyNotify) ts_tree_move_clear);
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (tree->entries, TsTreeEntry, mid).key < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i < tree->entries->len; i++)
    {
      const TsTreeEntry *e = &g_array_index (tree->entries, TsTreeEntry, i);
      TsTreeMove m = { NULL };

      if (e->key != key)
        break;
      /* Only what is legal here: a hash shared by another position is not trusted. */
      if (!ts_move_parse (work, tree->sans->pdata[e->san], &m.move, NULL))
        continue;
      m.san = ts_move_to_san (work, m.move);
      m.n_games = e->n_games;
      m.wins = e->wins;
      m.draws = e->draws;
      m.losses = e->losses;
      m.n_evals = e->n_evals;
      m.eval = e->n_evals ? (double) e->eval_sum / e->n_evals : 0;
      g_array_append_val (moves, m);
    }
  g_array_sort (moves, compare_moves);
  return moves;
}

guint
ts_opening_tree_n_games (const TsOpeningTree *tree)
{
  return tree->n_games;
}

guint
ts_opening_tree_n_skipped (const TsOpeningTree *tree)
{
  return tree->n_skipped;
}

guint
ts_opening_tree_n_files_skipped (const TsOpeningTree *tree)
{
  return tree->n_files_skipped;
}

guint
ts_opening_tree_n_entries (const TsOpeningTree *tree)
{
  return tree->entries->len;
}

gboolean
ts_opening_tree_from_cache (const TsOpeningTree *tree)
{
  return tree->from_cache;
}

/* ---- Files ---- */

static gboolean
is_game_file (const char *name)
{
  static const char *const suffixes[] = { ".tessera", ".xml", ".pgn", ".txt" };
  g_autofree char *lower = g_ascii_strdown (name, -1);

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_str_has_suffix (lower, suffixes[i]))
      return TRUE;
  return FALSE;
}

static void
list_folder (const char *dir, GPtrArray *files, guint depth)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)) && files->len < MAX_FOLDER_FILES)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (name[0] == '.')
        continue;
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        {
          if (depth < 8)
            list_folder (path, files, depth + 1);
        }
      else if (is_game_file (name) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
ts_opening_tree_folder_files (const char *dir, GError **error)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY, _("%s is not a folder"), dir);
      g_ptr_array_unref (files);
      return NULL;
    }
  list_folder (dir, files, 0);
  g_ptr_array_sort (files, compare_paths);
  return files;
}

char *
ts_opening_tree_cache_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "tessera", "opening-trees", NULL);
}

char *
ts_opening_tree_cache_path (const char *const *files, const char *cache_dir)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *name = NULL;

  for (guint i = 0; files[i]; i++)
    g_checksum_update (sum, (const guchar *) files[i], strlen (files[i]) + 1);
  name = g_strconcat (g_checksum_get_string (sum), ".tree", NULL);
  return g_build_filename (cache_dir, name, NULL);
}
