/* A game window's link to the collection its game came from. */
#include "config.h"

#include <glib/gi18n.h>

#include "collection-place.h"

#define PLACE_KEY "ts-collection-place"

typedef struct {
  TsCollectionModel *model;
  guint              id;
} Place;

static void
place_free (Place *place)
{
  g_object_unref (place->model);
  g_free (place);
}

void
ts_collection_place_set (TsGameSession *session, TsCollectionModel *model, guint id)
{
  Place *place = NULL;

  g_return_if_fail (TS_IS_GAME_SESSION (session));
  if (model)
    {
      place = g_new0 (Place, 1);
      place->model = g_object_ref (model);
      place->id = id;
    }
  g_object_set_data_full (G_OBJECT (session), PLACE_KEY, place, (GDestroyNotify) place_free);
}

TsCollectionModel *
ts_collection_place_get (TsGameSession *session, guint *id)
{
  Place *place = session ? g_object_get_data (G_OBJECT (session), PLACE_KEY) : NULL;

  if (place == NULL)
    return NULL;
  if (id)
    *id = place->id;
  return place->model;
}

gboolean
ts_collection_place_save (TsGameSession *session, GError **error)
{
  guint id;
  TsCollectionModel *model = ts_collection_place_get (session, &id);

  g_return_val_if_fail (model != NULL, FALSE);
  if (!ts_collection_model_save_game (model, id, ts_game_session_get_game (session), error))
    return FALSE;
  ts_game_session_mark_saved (session);
  return TRUE;
}

char *
ts_collection_place_title (TsGameSession *session)
{
  guint id;
  TsCollectionModel *model = ts_collection_place_get (session, &id);
  g_autofree char *name = NULL;
  int i;

  if (model == NULL)
    return NULL;
  name = ts_collection_model_get_name (model);
  i = ts_collection_model_find (model, id);
  if (i < 0)
    /* Translators: a game deleted from its collection while open: "matches.pgn, deleted game" */
    return g_strdup_printf (_("%s, deleted game"), name);
  /* Translators: the window's title for a game of a collection: "matches.pgn, game 12" */
  return g_strdup_printf (_("%s, game %d"), name, i + 1);
}
