/* TsCollectionModel: a collection file as a list model, each edit written at once. */
#include "config.h"

#include <glib/gi18n.h>

#include "collection-model.h"

struct _TsCollectionModel
{
  GObject       parent_instance;

  TsCollection *collection;
  GPtrArray    *items;      /* TsCollectionItem, in the file's order */
  GFileMonitor *monitor;
  guint         check_source;
};

static void list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TsCollectionModel, ts_collection_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_init))

enum { SIGNAL_SAVED, SIGNAL_CHANGED_ON_DISK, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The models open, by file name (not holding them). */
static GHashTable *open_models;

static GType
get_item_type (GListModel *model)
{
  return TS_TYPE_COLLECTION_ITEM;
}

static guint
get_n_items (GListModel *model)
{
  return TS_COLLECTION_MODEL (model)->items->len;
}

static gpointer
get_item (GListModel *model, guint position)
{
  TsCollectionModel *self = TS_COLLECTION_MODEL (model);

  return position < self->items->len ? g_object_ref (self->items->pdata[position]) : NULL;
}

static void
list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* Every row made again from the collection (after an edit that moves rows). */
static void
rebuild (TsCollectionModel *self)
{
  guint old = self->items->len, n = ts_collection_n_games (self->collection);

  g_ptr_array_set_size (self->items, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->items, ts_collection_item_new (self->collection, i));
  g_list_model_items_changed (G_LIST_MODEL (self), 0, old, n);
}

/* The edit made to the collection, written; on failure undone. */
static gboolean
commit (TsCollectionModel *self, GError **error)
{
  if (!ts_collection_save (self->collection, NULL, error))
    {
      ts_collection_revert (self->collection);
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_SAVED], 0);
  return TRUE;
}

static gboolean
no_game (guint id, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("The game is no longer in the collection."));
  return FALSE;
}

/* Another program wrote the file: said once per change (our own saves leave the file as
 * the collection knows it). */
static gboolean
check_disk (gpointer data)
{
  TsCollectionModel *self = data;

  self->check_source = 0;
  if (ts_collection_changed_on_disk (self->collection))
    g_signal_emit (self, signals[SIGNAL_CHANGED_ON_DISK], 0);
  return G_SOURCE_REMOVE;
}

static void
file_changed (GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, gpointer data)
{
  TsCollectionModel *self = data;

  if (self->check_source == 0)
    self->check_source = g_timeout_add (200, check_disk, self);
}

TsCollectionModel *
ts_collection_model_lookup (const char *filename)
{
  TsCollectionModel *self = open_models ? g_hash_table_lookup (open_models, filename) : NULL;

  return self ? g_object_ref (self) : NULL;
}

TsCollectionModel *
ts_collection_model_get (TsCollection *c)
{
  const char *filename = ts_collection_get_filename (c);
  TsCollectionModel *self;
  g_autoptr (GFile) file = NULL;

  g_return_val_if_fail (filename != NULL, NULL);
  if ((self = ts_collection_model_lookup (filename)) != NULL)
    return self;
  self = g_object_new (TS_TYPE_COLLECTION_MODEL, NULL);
  self->collection = ts_collection_ref (c);
  rebuild (self);
  if (open_models == NULL)
    open_models = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_insert (open_models, g_strdup (filename), self);
  file = g_file_new_for_path (filename);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (file_changed), self);
  return self;
}

TsCollection *
ts_collection_model_get_collection (TsCollectionModel *self)
{
  return self->collection;
}

const char *
ts_collection_model_get_filename (TsCollectionModel *self)
{
  return ts_collection_get_filename (self->collection);
}

char *
ts_collection_model_get_name (TsCollectionModel *self)
{
  return g_filename_display_basename (ts_collection_model_get_filename (self));
}

int
ts_collection_model_find (TsCollectionModel *self, guint id)
{
  return ts_collection_find (self->collection, id);
}

TsGame *
ts_collection_model_read_game (TsCollectionModel *self, guint id, GError **error)
{
  int i = ts_collection_find (self->collection, id);
  TsGame *game;

  if (i < 0)
    {
      no_game (id, error);
      return NULL;
    }
  game = ts_collection_read_game (self->collection, i, error);
  if (game == NULL)
    {
      /* now marked with its error: its row shows why */
      g_object_unref (self->items->pdata[i]);
      self->items->pdata[i] = ts_collection_item_new (self->collection, i);
      g_list_model_items_changed (G_LIST_MODEL (self), i, 1, 1);
    }
  return game;
}

gboolean
ts_collection_model_save_game (TsCollectionModel *self, guint id, const TsGame *game, GError **error)
{
  int i = ts_collection_find (self->collection, id);

  if (i < 0)
    return no_game (id, error);
  if (!ts_collection_set_game (self->collection, i, game, error) || !commit (self, error))
    return FALSE;
  g_object_unref (self->items->pdata[i]);
  self->items->pdata[i] = ts_collection_item_new (self->collection, i);
  g_list_model_items_changed (G_LIST_MODEL (self), i, 1, 1);
  return TRUE;
}

gboolean
ts_collection_model_add_game (TsCollectionModel *self, const TsGame *game, guint *id, GError **error)
{
  guint n = ts_collection_n_games (self->collection);

  if (!ts_collection_insert_game (self->collection, n, game, error) || !commit (self, error))
    return FALSE;
  if (id)
    *id = ts_collection_game_id (self->collection, n);
  g_ptr_array_add (self->items, ts_collection_item_new (self->collection, n));
  g_list_model_items_changed (G_LIST_MODEL (self), n, 0, 1);
  return TRUE;
}

gboolean
ts_collection_model_copy_from (TsCollectionModel *self, TsCollectionModel *src, guint id, GError **error)
{
  guint n = ts_collection_n_games (self->collection);
  int j = ts_collection_find (src->collection, id);

  if (j < 0)
    return no_game (id, error);
  if (!ts_collection_insert_from (self->collection, n, src->collection, j, error) || !commit (self, error))
    return FALSE;
  g_ptr_array_add (self->items, ts_collection_item_new (self->collection, n));
  g_list_model_items_changed (G_LIST_MODEL (self), n, 0, 1);
  return TRUE;
}

gboolean
ts_collection_model_remove (TsCollectionModel *self, guint id, TsCollection **removed, GError **error)
{
  int i = ts_collection_find (self->collection, id);
  g_autoptr (TsCollection) keep = ts_collection_new (ts_collection_get_format (self->collection));

  if (i < 0)
    return no_game (id, error);
  /* The game's bytes as they are, whatever they hold: the undo puts them back. */
  if (!ts_collection_insert_from (keep, 0, self->collection, i, error))
    return FALSE;
  ts_collection_remove (self->collection, i);
  if (!commit (self, error))
    return FALSE;
  rebuild (self);
  if (removed)
    *removed = g_steal_pointer (&keep);
  return TRUE;
}

gboolean
ts_collection_model_restore (TsCollectionModel *self, guint index, TsCollection *removed, guint *id,
                             GError **error)
{
  index = MIN (index, ts_collection_n_games (self->collection));
  if (!ts_collection_insert_from (self->collection, index, removed, 0, error) || !commit (self, error))
    return FALSE;
  if (id)
    *id = ts_collection_game_id (self->collection, index);
  rebuild (self);
  return TRUE;
}

gboolean
ts_collection_model_move (TsCollectionModel *self, guint id, int delta, GError **error)
{
  int i = ts_collection_find (self->collection, id);
  int to = i + delta;

  if (i < 0)
    return no_game (id, error);
  if (to < 0 || to >= (int) ts_collection_n_games (self->collection))
    return TRUE;
  ts_collection_move (self->collection, i, to);
  if (!commit (self, error))
    return FALSE;
  rebuild (self);
  return TRUE;
}

gboolean
ts_collection_model_reload (TsCollectionModel *self, GError **error)
{
  if (!ts_collection_reload (self->collection, error))
    return FALSE;
  rebuild (self);
  g_signal_emit (self, signals[SIGNAL_SAVED], 0);
  return TRUE;
}

static void
ts_collection_model_dispose (GObject *object)
{
  TsCollectionModel *self = TS_COLLECTION_MODEL (object);

  g_clear_handle_id (&self->check_source, g_source_remove);
  if (self->monitor)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  G_OBJECT_CLASS (ts_collection_model_parent_class)->dispose (object);
}

static void
ts_collection_model_finalize (GObject *object)
{
  TsCollectionModel *self = TS_COLLECTION_MODEL (object);

  if (self->collection)
    {
      const char *filename = ts_collection_get_filename (self->collection);

      if (open_models && g_hash_table_lookup (open_models, filename) == self)
        g_hash_table_remove (open_models, filename);
      ts_collection_unref (self->collection);
    }
  g_ptr_array_unref (self->items);
  G_OBJECT_CLASS (ts_collection_model_parent_class)->finalize (object);
}

static void
ts_collection_model_class_init (TsCollectionModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ts_collection_model_dispose;
  object_class->finalize = ts_collection_model_finalize;
  signals[SIGNAL_SAVED] = g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CHANGED_ON_DISK] = g_signal_new ("changed-on-disk", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ts_collection_model_init (TsCollectionModel *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}
