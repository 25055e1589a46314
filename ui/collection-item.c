/* TsCollectionItem: one row of the game list. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "collection-item.h"

struct _TsCollectionItem
{
  GObject  parent_instance;

  guint    number, id, moves;
  gboolean problem;
  char    *variant, *players, *event, *site, *date, *round, *result, *error;
  char    *folded;   /* every text, case-folded, for the filter */
};

G_DEFINE_FINAL_TYPE (TsCollectionItem, ts_collection_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NUMBER, PROP_ID, PROP_VARIANT, PROP_PLAYERS, PROP_EVENT, PROP_SITE, PROP_DATE,
  PROP_ROUND, PROP_RESULT, PROP_MOVES, PROP_PROBLEM, PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* "Anna – Boris" (two seats) or "Anna · Boris · Chen · Dana", as the window's header; an
 * unnamed seat by its seat name. */
static char *
players_line (TsCollection *c, guint i)
{
  const TsVariant *v = ts_collection_game_variant (c, i);
  GString *s = g_string_new (NULL);

  for (guint seat = 0; v && seat < v->n_seats; seat++)
    {
      const char *name = ts_collection_game_player (c, i, seat);

      if (seat > 0)
        g_string_append (s, v->n_seats == 2 ? " – " : " · ");
      g_string_append (s, name ? name : _(v->seat_names[seat]));
    }
  return g_string_free (s, FALSE);
}

TsCollectionItem *
ts_collection_item_new (TsCollection *c, guint i)
{
  TsCollectionItem *self = g_object_new (TS_TYPE_COLLECTION_ITEM, NULL);
  const TsVariant *v = ts_collection_game_variant (c, i);
  const GError *error = ts_collection_game_error (c, i);
  g_autofree char *all = NULL;

  self->number = i + 1;
  self->id = ts_collection_game_id (c, i);
  self->moves = ts_collection_game_n_plies (c, i);
  self->variant = g_strdup (v ? _(v->name) : "?");
  self->players = players_line (c, i);
  self->event = g_strdup (ts_collection_game_field (c, i, TS_GAME_EVENT));
  self->site = g_strdup (ts_collection_game_field (c, i, TS_GAME_SITE));
  self->date = g_strdup (ts_collection_game_field (c, i, TS_GAME_DATE));
  self->round = g_strdup (ts_collection_game_field (c, i, TS_GAME_ROUND));
  self->result = g_strdup (ts_collection_game_field (c, i, TS_GAME_RESULT));
  self->problem = ts_collection_game_field (c, i, TS_GAME_STIPULATION) != NULL;
  self->error = error ? g_strdup (error->message) : NULL;
  all = g_strjoin ("\n", self->variant, v ? v->id : "", self->players, self->event ? self->event : "",
                   self->site ? self->site : "", self->date ? self->date : "", self->round ? self->round : "",
                   self->result ? self->result : "", ts_collection_game_field (c, i, TS_GAME_STIPULATION) ?
                   ts_collection_game_field (c, i, TS_GAME_STIPULATION) : "", NULL);
  self->folded = g_utf8_casefold (all, -1);
  return self;
}

guint
ts_collection_item_get_id (TsCollectionItem *self)
{
  return self->id;
}

guint
ts_collection_item_get_number (TsCollectionItem *self)
{
  return self->number;
}

const char *
ts_collection_item_get_error (TsCollectionItem *self)
{
  return self->error;
}

gboolean
ts_collection_item_is_problem (TsCollectionItem *self)
{
  return self->problem;
}

gboolean
ts_collection_item_matches (TsCollectionItem *self, const char *const *words)
{
  for (guint i = 0; words[i]; i++)
    if (*words[i] && strstr (self->folded, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static void
ts_collection_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  TsCollectionItem *self = TS_COLLECTION_ITEM (object);

  switch (prop_id)
    {
    case PROP_NUMBER: g_value_set_uint (value, self->number); break;
    case PROP_ID: g_value_set_uint (value, self->id); break;
    case PROP_VARIANT: g_value_set_string (value, self->variant); break;
    case PROP_PLAYERS: g_value_set_string (value, self->players); break;
    case PROP_EVENT: g_value_set_string (value, self->event); break;
    case PROP_SITE: g_value_set_string (value, self->site); break;
    case PROP_DATE: g_value_set_string (value, self->date); break;
    case PROP_ROUND: g_value_set_string (value, self->round); break;
    case PROP_RESULT: g_value_set_string (value, self->result); break;
    case PROP_MOVES: g_value_set_uint (value, self->moves); break;
    case PROP_PROBLEM: g_value_set_boolean (value, self->problem); break;
    case PROP_ERROR: g_value_set_string (value, self->error); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_collection_item_finalize (GObject *object)
{
  TsCollectionItem *self = TS_COLLECTION_ITEM (object);

  g_free (self->variant);
  g_free (self->players);
  g_free (self->event);
  g_free (self->site);
  g_free (self->date);
  g_free (self->round);
  g_free (self->result);
  g_free (self->error);
  g_free (self->folded);
  G_OBJECT_CLASS (ts_collection_item_parent_class)->finalize (object);
}

static void
ts_collection_item_class_init (TsCollectionItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  static const char *const strings[] = { "variant", "players", "event", "site", "date", "round", "result" };

  object_class->get_property = ts_collection_item_get_property;
  object_class->finalize = ts_collection_item_finalize;
  properties[PROP_NUMBER] = g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_ID] = g_param_spec_uint ("id", NULL, NULL, 0, G_MAXUINT, 0, flags);
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    properties[PROP_VARIANT + i] = g_param_spec_string (strings[i], NULL, NULL, NULL, flags);
  properties[PROP_MOVES] = g_param_spec_uint ("moves", NULL, NULL, 0, G_MAXUINT, 0, flags);
  properties[PROP_PROBLEM] = g_param_spec_boolean ("problem", NULL, NULL, FALSE, flags);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ts_collection_item_init (TsCollectionItem *self)
{
}
