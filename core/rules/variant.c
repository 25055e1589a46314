/* The variant registry: variants are read from keyfile descriptions (data/variants/,
 * embedded as a GResource, plus the user's own), one per file. */
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "rules/rules-private.h"
#include "rules/notation.h"
#include "doseki/doseki.h"
#include "rules-resources.h"

/* Rules families; another family hooks in with one line here. */
static const TsRulesOps *const families[] = {
  &ts_chess_ops,
  &ts_doseki_ops,
};

#define RESOURCE_DIR "/io/github/tessera/Tessera/variants"

static GPtrArray *registry;   /* of TsVariant*, sorted; never freed */

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += 0x9e3779b97f4a7c15ull);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static gboolean
parse_name_part (TsCellNamePart *part,
                 const char     *text,
                 GError        **error)
{
  const char *colon = strchr (text, ':');
  g_auto(GStrv) terms = NULL;

  if (!colon || colon == text)
    goto bad;
  {
    g_autofree char *expr = g_strndup (text, colon - text);
    terms = g_strsplit (expr, "+", 2);
  }
  part->n_terms = g_strv_length (terms);
  for (guint i = 0; i < part->n_terms; i++)
    {
      const char *t = terms[i];
      guint coef = 1;

      if (g_ascii_isdigit (*t))
        coef = *t++ - '0';
      if (t[1] != '\0' || !strchr ("xyzw", t[0]) || coef == 0)
        goto bad;
      part->axis[i] = strchr ("xyzw", t[0]) - "xyzw";
      part->coef[i] = coef;
    }
  if (strlen (colon + 1) >= sizeof part->alphabet)
    goto bad;
  strcpy (part->alphabet, colon + 1);
  return TRUE;

bad:
  g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
               "bad CellName part “%s” (expected e.g. “z:ABCDE” or “x+3z:abcdefghi”)", text);
  return FALSE;
}

static void
build_generic_tables (TsVariant *v)
{
  TsVariantRules *r = v->rules;
  const TsGeometry *g = &v->geometry;
  guint psize[TS_MAX_DIMS];
  guint64 seed = 0x7e55e7a000000000ull ^ g_str_hash (v->id);
  guint nkinds = v->n_seats * v->n_piece_types;

  r->n_padded = 1;
  for (guint i = 0; i < TS_MAX_DIMS; i++)
    {
      psize[i] = i < g->ndims ? g->size[i] + 2 * TS_PAD : 1;
      r->stride[i] = (int) r->n_padded;
      r->n_padded *= psize[i];
    }
  r->n_occ_words = (g->ncells + 63) / 64;
  r->to_padded = g_new (gint16, g->ncells);
  r->to_dense = g_new (gint16, r->n_padded);
  for (guint i = 0; i < r->n_padded; i++)
    r->to_dense[i] = -1;
  for (guint c = 0; c < g->ncells; c++)
    {
      int co[TS_MAX_DIMS];
      int pc = 0;

      ts_geometry_coords (g, (TsCell) c, co);
      for (guint i = 0; i < TS_MAX_DIMS; i++)
        pc += (co[i] + (i < g->ndims ? TS_PAD : 0)) * r->stride[i];
      r->to_padded[c] = (gint16) pc;
      r->to_dense[pc] = (gint16) c;
    }

  r->zobrist = g_new (guint64, (gsize) g->ncells * nkinds);
  for (gsize i = 0; i < (gsize) g->ncells * nkinds; i++)
    r->zobrist[i] = splitmix64 (&seed);
  r->zobrist_unmoved = g_new (guint64, g->ncells);
  r->zobrist_ep = g_new (guint64, g->ncells);
  for (guint i = 0; i < g->ncells; i++)
    {
      r->zobrist_unmoved[i] = splitmix64 (&seed);
      r->zobrist_ep[i] = splitmix64 (&seed);
    }
  for (guint s = 0; s < TS_MAX_SEATS; s++)
    {
      r->zobrist_side[s] = splitmix64 (&seed);
      r->zobrist_out[s] = splitmix64 (&seed);
      r->zobrist_checked[s] = splitmix64 (&seed);
      for (guint t = 0; t < TS_MAX_PIECE_TYPES; t++)
        for (guint n = 0; n < 64; n++)
          r->zobrist_hand[s][t][n] = n == 0 ? 0 : splitmix64 (&seed);
    }
  r->initial = g_new0 (guint8, r->n_padded);
  for (guint i = 0; i < r->n_padded; i++)
    r->initial[i] = r->to_dense[i] < 0 ? TS_CELL_OFF : 0;
}

static char *
dup_string (GKeyFile *kf, const char *group, const char *key, const char *fallback, GError **error)
{
  char *s = g_key_file_get_string (kf, group, key, NULL);

  if (s)
    return s;
  if (fallback)
    return g_strdup (fallback);
  g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
               "[%s] has no key %s", group, key);
  return NULL;
}

/* What a variant owns, for one that failed to load or was refused (loaded variants are
 * never freed): what variant_fill made here, and the family's tables. */
static void
variant_free (TsVariant *v)
{
  TsVariantRules *r = v->rules;

  if (v->ops == &ts_chess_ops)
    ts_variant_free_chess (v);
  g_free ((char *) v->id);
  g_free ((char *) v->name);
  for (guint s = 0; s < TS_MAX_SEATS; s++)
    {
      g_free ((char *) v->seat_names[s]);
      g_free ((char *) v->former_seat_names[s]);
    }
  for (guint t = 0; t < TS_MAX_PIECE_TYPES; t++)
    {
      g_free ((char *) v->piece_types[t].name);
      g_free ((char *) v->piece_types[t].image);
    }
  g_free (r->to_padded);
  g_free (r->to_dense);
  g_free (r->zobrist);
  g_free (r->zobrist_unmoved);
  g_free (r->zobrist_ep);
  g_free (r->initial);
  g_free (r);
  g_free (v);
}

static gboolean variant_fill (TsVariant *v, GKeyFile *kf, GError **error);

static TsVariant *
variant_load (GKeyFile *kf,
              GError  **error)
{
  TsVariant *v = g_new0 (TsVariant, 1);

  v->rules = g_new0 (TsVariantRules, 1);
  if (!variant_fill (v, kf, error))
    {
      variant_free (v);
      return NULL;
    }
  return v;
}

static gboolean
variant_fill (TsVariant *v,
              GKeyFile  *kf,
              GError   **error)
{
  TsVariantRules *r = v->rules;
  g_autofree char *family = NULL;
  g_auto(GStrv) seats = NULL, former = NULL, keys = NULL, pieces = NULL, parts = NULL;
  g_autofree gint *sizes = NULL;
  g_autofree gint *teams = NULL;
  gsize n_sizes = 0, n_teams = 0;
  guint usizes[TS_MAX_DIMS];
  const char *G = "Variant";

  if (!(v->id = dup_string (kf, G, "Id", NULL, error)) ||
      !(v->name = dup_string (kf, G, "Name", NULL, error)) ||
      !(family = dup_string (kf, G, "Family", NULL, error)))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (strcmp (families[i]->family, family) == 0)
      v->ops = families[i];
  if (!v->ops)
    return FALSE;   /* a family not built in: skipped without error */
  v->family = v->ops->family_id;
  r->order = g_key_file_get_integer (kf, G, "Order", NULL);

  sizes = g_key_file_get_integer_list (kf, G, "Size", &n_sizes, error);
  if (!sizes)
    return FALSE;
  if (n_sizes < 2 || n_sizes > TS_MAX_DIMS)
    goto bad;
  for (guint i = 0; i < n_sizes; i++)
    {
      if (sizes[i] < 1 || sizes[i] > TS_MAX_SIZE)
        goto bad;
      usizes[i] = (guint) sizes[i];
    }
  ts_geometry_init (&v->geometry, (guint) n_sizes, usizes);
  /* a position's arrays by cell (occupancy, type bits) and the engine's have this room */
  if (v->geometry.ncells > TS_MAX_CELLS)
    goto bad;

  parts = g_key_file_get_string_list (kf, G, "CellName", NULL, error);
  if (!parts)
    return FALSE;
  r->n_name_parts = g_strv_length (parts);
  if (r->n_name_parts == 0 || r->n_name_parts > TS_MAX_DIMS)
    goto bad;
  for (guint i = 0; i < r->n_name_parts; i++)
    if (!parse_name_part (&r->name_parts[i], parts[i], error))
      return FALSE;
  r->name_len = r->n_name_parts;

  seats = g_key_file_get_string_list (kf, G, "Seats", NULL, error);
  keys = g_key_file_get_string_list (kf, G, "SeatKeys", NULL, error);
  if (!seats || !keys)
    return FALSE;
  v->n_seats = g_strv_length (seats);
  if ((v->n_seats != 2 && v->n_seats != 4) || g_strv_length (keys) != v->n_seats)
    goto bad;
  teams = g_key_file_get_integer_list (kf, G, "Teams", &n_teams, NULL);
  former = g_key_file_get_string_list (kf, G, "FormerSeats", NULL, NULL);
  if (former && g_strv_length (former) != v->n_seats)
    goto bad;
  for (guint s = 0; s < v->n_seats; s++)
    {
      v->seat_names[s] = g_strdup (seats[s]);
      v->former_seat_names[s] = former ? g_strdup (former[s]) : NULL;
      if (strlen (keys[s]) != 1)
        goto bad;
      strcpy (r->seat_keys[s], keys[s]);
      /* a team is a seat number (masks of teams are 8 bits wide) */
      if (teams && s < n_teams && (teams[s] < 0 || teams[s] >= (int) v->n_seats))
        goto bad;
      v->team[s] = teams && s < n_teams ? (guint) teams[s] : s;
    }
  {
    /* The move counter is 16 bits: a limit it cannot reach would be no limit. */
    int limit = g_key_file_get_integer (kf, G, "HalfmoveLimit", NULL);

    if (limit < 0 || limit > G_MAXUINT16)
      goto bad;
    r->halfmove_limit = limit ? (guint) limit : 50 * v->n_seats;
  }

  pieces = g_key_file_get_string_list (kf, G, "Pieces", NULL, error);
  if (!pieces)
    return FALSE;
  v->n_piece_types = g_strv_length (pieces);
  if (v->n_piece_types == 0 || v->n_piece_types > TS_MAX_PIECE_TYPES - 1)
    goto bad;
  for (guint t = 0; t < v->n_piece_types; t++)
    {
      TsPieceType *pt = &v->piece_types[t];
      g_autofree char *group = g_strdup_printf ("Piece %s", pieces[t]);

      if (strlen (pieces[t]) != 1 || !g_ascii_isupper (pieces[t][0]))
        goto bad;
      pt->letter = pieces[t][0];
      if (!(pt->name = dup_string (kf, group, "Name", NULL, error)) ||
          !(pt->image = dup_string (kf, group, "Image", NULL, error)))
        return FALSE;
      pt->royal = g_key_file_get_boolean (kf, group, "Royal", NULL);
      pt->pawn = g_key_file_get_boolean (kf, group, "Pawn", NULL);
    }
  v->has_drops = g_key_file_get_boolean (kf, G, "Drops", NULL);

  build_generic_tables (v);
  if (v->ops->load_variant && !v->ops->load_variant (v, kf, error))
    return FALSE;
  return TRUE;

bad:
  g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
               "bad [Variant] section (sizes, seats, keys or pieces out of range)");
  return FALSE;
}

static void
add_from_data (const char *data,
               gsize       len,
               const char *source)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  TsVariant *v;

  if (!g_key_file_load_from_data (kf, data, len, G_KEY_FILE_NONE, &error))
    {
      g_warning ("variant description %s: %s", source, error->message);
      return;
    }
  v = variant_load (kf, &error);
  if (!v)
    {
      if (error)
        g_warning ("variant description %s: %s", source, error->message);
      return;
    }
  for (guint i = 0; i < registry->len; i++)
    if (strcmp (((TsVariant *) registry->pdata[i])->id, v->id) == 0)
      {
        g_warning ("variant description %s: id “%s” already defined", source, v->id);
        variant_free (v);
        return;
      }
  g_ptr_array_add (registry, v);
}

static int
compare_variants (gconstpointer a,
                  gconstpointer b)
{
  const TsVariant *va = *(TsVariant *const *) a;
  const TsVariant *vb = *(TsVariant *const *) b;

  if (va->rules->order != vb->rules->order)
    return va->rules->order < vb->rules->order ? -1 : 1;
  return strcmp (va->id, vb->id);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The user's descriptions, in the order of their file names: of two with the same id,
 * the first is kept, whichever order the folder lists them in. */
static void
load_user_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (!d)
    return;
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".variant"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      g_autofree char *data = NULL;
      gsize len;

      if (g_file_get_contents (path, &data, &len, NULL))
        add_from_data (data, len, path);
    }
}

static gpointer
registry_init (gpointer unused)
{
  GResource *res = ts_rules_get_resource ();
  g_auto(GStrv) names = NULL;
  g_autofree char *user = NULL;

  registry = g_ptr_array_new ();
  names = g_resource_enumerate_children (res, RESOURCE_DIR, 0, NULL);
  for (guint i = 0; names && names[i]; i++)
    {
      g_autofree char *path = g_strconcat (RESOURCE_DIR "/", names[i], NULL);
      g_autoptr(GBytes) bytes = g_resource_lookup_data (res, path, 0, NULL);
      gsize len;
      const char *data = g_bytes_get_data (bytes, &len);

      add_from_data (data, len, path);
    }
  user = g_build_filename (g_get_user_data_dir (), "tessera", "variants", NULL);
  load_user_dir (user);
  g_ptr_array_sort (registry, compare_variants);
  return NULL;
}

const TsVariant *const *
ts_variant_list (guint *n_variants)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, registry_init, NULL);
  if (n_variants)
    *n_variants = registry->len;
  return (const TsVariant *const *) registry->pdata;
}

const TsVariant *
ts_variant_lookup (const char *id)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n && id; i++)
    if (strcmp (list[i]->id, id) == 0)
      return list[i];
  return NULL;
}

int
ts_variant_piece_type_by_letter (const TsVariant *v,
                                 char             letter)
{
  for (guint t = 0; t < v->n_piece_types; t++)
    if (v->piece_types[t].letter == letter)
      return (int) t;
  return -1;
}

char
ts_variant_seat_key (const TsVariant *v,
                     guint            seat)
{
  g_return_val_if_fail (seat < v->n_seats, '?');
  return v->rules->seat_keys[seat][0];
}

static guint
part_value (const TsCellNamePart *part,
            const int             co[TS_MAX_DIMS])
{
  guint value = 0;

  for (guint i = 0; i < part->n_terms; i++)
    value += part->coef[i] * (guint) co[part->axis[i]];
  return value;
}

void
ts_variant_cell_name (const TsVariant *v,
                      TsCell           cell,
                      char             buf[8])
{
  const TsVariantRules *r = v->rules;
  int co[TS_MAX_DIMS];
  guint n = 0;

  if (cell < 0 || (guint) cell >= v->geometry.ncells)
    {
      strcpy (buf, "?");
      return;
    }
  ts_geometry_coords (&v->geometry, cell, co);
  for (guint i = 0; i < r->n_name_parts && n < 7; i++)
    buf[n++] = r->name_parts[i].alphabet[part_value (&r->name_parts[i], co)];
  buf[n] = '\0';
}

TsCell
ts_variant_parse_cell (const TsVariant *v,
                       const char      *text,
                       const char     **end)
{
  const TsVariantRules *r = v->rules;
  int co[TS_MAX_DIMS] = { 0 };

  for (guint i = 0; i < r->n_name_parts; i++)
    {
      const TsCellNamePart *part = &r->name_parts[i];
      const char *hit = text[i] ? strchr (part->alphabet, text[i]) : NULL;
      guint value;

      if (!hit)
        return TS_NO_CELL;
      value = (guint) (hit - part->alphabet);
      /* "a + k*b": the first term is value mod k, the second value div k */
      if (part->n_terms == 2)
        {
          co[part->axis[0]] = (int) (value % part->coef[1]);
          co[part->axis[1]] = (int) (value / part->coef[1]);
        }
      else
        co[part->axis[0]] = (int) (value / part->coef[0]);
    }
  if (end)
    *end = text + r->n_name_parts;
  return ts_geometry_cell (&v->geometry, co);
}

guint
ts_variant_n_layers (const TsVariant *v)
{
  return v->geometry.ncells / (v->geometry.size[0] * v->geometry.size[1]);
}

void
ts_variant_layer_name (const TsVariant *v,
                       guint            layer,
                       char             buf[8])
{
  const TsVariantRules *r = v->rules;
  int co[TS_MAX_DIMS] = { 0 };
  guint n = 0;

  co[2] = (int) (layer % v->geometry.size[2]);
  co[3] = (int) (layer / v->geometry.size[2]);
  for (guint i = 0; i < r->n_name_parts; i++)
    {
      const TsCellNamePart *part = &r->name_parts[i];
      gboolean layered = FALSE;

      for (guint k = 0; k < part->n_terms; k++)
        layered |= part->axis[k] >= 2;
      if (layered)
        buf[n++] = part->alphabet[part_value (part, co)];
    }
  buf[n] = '\0';
}

TsCell
ts_variant_layer_cell (const TsVariant *v,
                       guint            layer,
                       guint            file,
                       guint            rank)
{
  guint per_layer = v->geometry.size[0] * v->geometry.size[1];

  if (layer >= ts_variant_n_layers (v) || file >= v->geometry.size[0] ||
      rank >= v->geometry.size[1])
    return TS_NO_CELL;
  return (TsCell) (layer * per_layer + rank * v->geometry.size[0] + file);
}

void
ts_variant_cell_layer (const TsVariant *v,
                       TsCell           cell,
                       guint           *layer,
                       guint           *file,
                       guint           *rank)
{
  guint per_layer = v->geometry.size[0] * v->geometry.size[1];

  *layer = (guint) cell / per_layer;
  *file = (guint) cell % v->geometry.size[0];
  *rank = ((guint) cell % per_layer) / v->geometry.size[0];
}

gboolean
ts_variant_parse_cells (const TsVariant *v,
                        const char      *text,
                        int             *cells,
                        guint            max,
                        guint           *n,
                        GError         **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);

  *n = 0;
  for (guint i = 0; items[i]; i++)
    {
      const char *end;
      const char *item = g_strstrip (items[i]);
      TsCell c;

      if (!*item)
        continue;
      c = ts_variant_parse_cell (v, item, &end);
      if (c == TS_NO_CELL || *end || *n >= max)
        {
          g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                       "%s: bad cell “%s”", v->id, item);
          return FALSE;
        }
      cells[(*n)++] = v->rules->to_padded[c];
    }
  return TRUE;
}

GQuark
ts_rules_error_quark (void)
{
  return g_quark_from_static_string ("ts-rules-error-quark");
}
