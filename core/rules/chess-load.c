/* Reading the chess family's part of a variant description (see docs/rules.md). */
#include <glib/gi18n.h>
#include <string.h>
#include <stdlib.h>

#include "rules/rules-private.h"
#include "rules/lone-targets.h"

static gboolean
fail (GError **error, const char *group, const char *key, const char *value, const char *why)
{
  g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
               "[%s] %s: “%s”: %s", group, key, value, why);
  return FALSE;
}

static int
vec_offset (const TsVariantRules *r, const int vec[TS_MAX_DIMS])
{
  int off = 0;

  for (guint i = 0; i < TS_MAX_DIMS; i++)
    off += vec[i] * r->stride[i];
  return off;
}

/* "1,0,-1" -> vec (ndims components), or FALSE with why. A component must be within
 * the border (TS_PAD): one step from any cell of the board then lands on the board or
 * on the border, which stops every walk; a longer one would land on another line of
 * the padded board (a leap:5,0 from f1 to a2 on a 6-wide board), or past its array,
 * from a cell near the edge. */
static gboolean
parse_vec (const TsVariant *v, const char *text, int vec[TS_MAX_DIMS], char **why)
{
  g_auto(GStrv) comps = g_strsplit (text, ",", -1);

  memset (vec, 0, sizeof (int) * TS_MAX_DIMS);
  if (g_strv_length (comps) != v->geometry.ndims)
    {
      *why = g_strdup_printf ("vector “%s”: expected %u numbers separated by commas",
                              text, v->geometry.ndims);
      return FALSE;
    }
  for (guint i = 0; comps[i]; i++)
    {
      char *end;
      long x = strtol (comps[i], &end, 10);

      if (*end || end == comps[i])
        {
          *why = g_strdup_printf ("vector “%s”: “%s” is not a number", text, comps[i]);
          return FALSE;
        }
      if (x < -TS_PAD || x > TS_PAD)
        {
          *why = g_strdup_printf ("vector “%s”: its components must be from -%d to %d (the "
                                  "border around the board is %d cells wide)",
                                  text, TS_PAD, TS_PAD, TS_PAD);
          return FALSE;
        }
      vec[i] = (int) x;
    }
  return TRUE;
}

/* The attack ray entry for offset `off`, added if new. */
static int
atk_index (TsVariantRules *r, int off)
{
  for (guint i = 0; i < r->n_atk; i++)
    if (r->atk_off[i] == off)
      return (int) i;
  if (r->n_atk == TS_MAX_RAYS)
    return -1;
  r->atk_off[r->n_atk] = off;
  return (int) r->n_atk++;
}

static void
enumerate_steps (const TsVariant *v, guint classes, int (*out)[TS_MAX_DIMS], guint *n)
{
  guint nd = v->geometry.ndims;
  guint total = 1;

  for (guint i = 0; i < nd; i++)
    total *= 3;
  *n = 0;
  for (guint code = 0; code < total; code++)
    {
      int vec[TS_MAX_DIMS] = { 0 };
      guint rest = code, cls = 0;

      for (guint i = 0; i < nd; i++, rest /= 3)
        {
          vec[i] = (int) (rest % 3) - 1;
          cls += vec[i] != 0;
        }
      if (cls && (classes & (1u << cls)))
        memcpy (out[(*n)++], vec, sizeof vec);
    }
}

/* All signed permutations of vec, without repeats. */
static void
enumerate_leaps (const TsVariant *v, const int base[TS_MAX_DIMS], int (*out)[TS_MAX_DIMS], guint *n, guint max)
{
  guint nd = v->geometry.ndims;
  guint perm[TS_MAX_DIMS];

  *n = 0;
  /* iterate over all index maps (nd^nd), keeping permutations */
  guint total = 1;
  for (guint i = 0; i < nd; i++)
    total *= nd;
  for (guint code = 0; code < total; code++)
    {
      guint rest = code, used = 0;
      gboolean ok = TRUE;

      for (guint i = 0; i < nd; i++, rest /= nd)
        {
          perm[i] = rest % nd;
          ok &= !(used & (1u << perm[i]));
          used |= 1u << perm[i];
        }
      if (!ok)
        continue;
      for (guint signs = 0; signs < (1u << nd); signs++)
        {
          int vec[TS_MAX_DIMS] = { 0 };
          gboolean dup = FALSE;

          for (guint i = 0; i < nd; i++)
            vec[i] = base[perm[i]] * ((signs >> i) & 1 ? -1 : 1);
          for (guint k = 0; k < *n && !dup; k++)
            dup = memcmp (out[k], vec, sizeof vec) == 0;
          if (!dup && *n < max)
            memcpy (out[(*n)++], vec, sizeof vec);
        }
    }
}

static gboolean
load_piece_moves (TsVariant *v, guint t, GKeyFile *kf, GError **error)
{
  TsVariantRules *r = v->rules;
  TsPieceMoves *pm = &r->moves[t];
  g_autofree char *group = g_strdup_printf ("Piece %c", v->piece_types[t].letter);
  g_auto(GStrv) items = g_key_file_get_string_list (kf, group, "Moves", NULL, NULL);
  TsRay rays[TS_MAX_RAYS * 2];
  guint n = 0;

  pm->double_step = g_key_file_get_boolean (kf, group, "Double", NULL);
  for (guint i = 0; items && items[i]; i++)
    {
      g_auto(GStrv) f = g_strsplit (items[i], ":", -1);
      guint nf = g_strv_length (f);
      int vecs[96][TS_MAX_DIMS];
      guint nv = 0, range = 0, cond = 0;
      gboolean leap;
      g_autofree char *why = NULL;

      if (nf < 2 || nf > 4)
        return fail (error, group, "Moves", items[i], "expected KIND:DIRECTIONS[:RANGE[:CONDITION]]");
      leap = strcmp (f[0], "leap") == 0;
      if (!leap && strcmp (f[0], "ride") != 0)
        return fail (error, group, "Moves", items[i], "kind must be ride or leap");
      if (nf >= 3 && *f[2])
        {
          guint64 cells;

          if (!g_ascii_string_to_unsigned (f[2], 10, 0, TS_MAX_SIZE, &cells, NULL))
            return fail (error, group, "Moves", items[i], "the range must be a number of cells");
          range = (guint) cells;
        }
      if (nf == 4)
        {
          if (strcmp (f[3], "unchecked") != 0)
            return fail (error, group, "Moves", items[i], "the only condition is “unchecked”");
          cond = 1;
        }
      if (leap)
        {
          int base[TS_MAX_DIMS];

          if (!parse_vec (v, f[1], base, &why))
            return fail (error, group, "Moves", items[i], why);
          enumerate_leaps (v, base, vecs, &nv, 96);
          range = 1;
        }
      else if (strspn (f[1], "OFDH") == strlen (f[1]) && *f[1])
        {
          guint classes = 0;

          for (const char *c = f[1]; *c; c++)
            classes |= 1u << (strchr ("OFDH", *c) - "OFDH" + 1);
          enumerate_steps (v, classes, vecs, &nv);
        }
      else
        {
          g_auto(GStrv) vs = g_strsplit (f[1], "|", -1);

          for (guint k = 0; vs[k] && nv < 96; k++)
            if (!parse_vec (v, vs[k], vecs[nv++], &why))
              return fail (error, group, "Moves", items[i], why);
        }
      if (range == 0 || range > 8)
        range = 8;
      for (guint k = 0; k < nv && n < G_N_ELEMENTS (rays); k++)
        {
          int off = vec_offset (r, vecs[k]);
          int back = atk_index (r, -off);

          if (back < 0)
            return fail (error, group, "Moves", items[i], "too many directions");
          /* all of it, the padding too: the tables are then the same bytes every load */
          rays[n] = (TsRay) { .off = off, .range = (guint8) range, .cond = (guint8) cond,
                              .dir = (guint8) back };
          n++;
          r->atk_range[back] = (guint8) MAX (r->atk_range[back], range);
          for (guint d = 1; d <= range; d++)
            {
              if (cond)
                r->atk_cond_mask[back][d] |= 1u << t;
              else
                r->atk_mask[back][d] |= 1u << t;
            }
        }
    }
  pm->n_rays = n;
  pm->rays = g_memdup2 (rays, n * sizeof (TsRay));
  pm->fast = TRUE;
  for (guint k = 0; k < n; k++)
    {
      if (rays[k].cond || (rays[k].range != 1 && rays[k].range < 8))
        pm->fast = FALSE;
      else if (rays[k].range == 1)
        pm->leaps[pm->n_leaps++] = rays[k].off;
      else
        pm->slides[pm->n_slides++] = rays[k].off;
    }
  return TRUE;
}

static gboolean
load_vec_list (TsVariant *v, GKeyFile *kf, const char *group, const char *key, int *offs, guint *n,
               gboolean *present, GError **error)
{
  g_auto(GStrv) items = g_key_file_get_string_list (kf, group, key, NULL, NULL);

  *n = 0;
  if (!items)
    return TRUE;
  *present = TRUE;
  for (guint i = 0; items[i]; i++)
    {
      int vec[TS_MAX_DIMS];
      g_autofree char *why = NULL;

      if (*n >= 16)
        return fail (error, group, key, items[i], "more than 16 vectors");
      if (!parse_vec (v, items[i], vec, &why))
        return fail (error, group, key, items[i], why);
      offs[(*n)++] = vec_offset (v->rules, vec);
    }
  return TRUE;
}

static gboolean
load_zone (TsVariant *v, GKeyFile *kf, const char *group, guint seat, GError **error)
{
  TsVariantRules *r = v->rules;
  g_auto(GStrv) items = g_key_file_get_string_list (kf, group, "Promotion", NULL, NULL);
  int want[TS_MAX_DIMS] = { -1, -1, -1, -1 };

  r->promo_zone[seat] = g_new0 (guint8, r->n_padded);
  for (guint i = 0; items && items[i]; i++)
    {
      const char *it = items[i];

      guint64 n;

      if (!strchr ("xyzw", it[0]) || it[0] == '\0' || it[1] != '=' ||
          !g_ascii_string_to_unsigned (it + 2, 10, 0, TS_MAX_SIZE, &n, NULL))
        return fail (error, group, "Promotion", it, "expected e.g. y=4");
      want[strchr ("xyzw", it[0]) - "xyzw"] = (int) n;
    }
  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      int co[TS_MAX_DIMS];
      gboolean in = items != NULL;   /* no Promotion key: no promotion */

      ts_geometry_coords (&v->geometry, (TsCell) c, co);
      for (guint i = 0; i < TS_MAX_DIMS; i++)
        in &= want[i] < 0 || co[i] == want[i];
      r->promo_zone[seat][r->to_padded[c]] = in;
    }
  r->promo_mult[seat] = g_new (guint8, r->n_padded);
  for (guint i = 0; i < r->n_padded; i++)
    r->promo_mult[seat][i] = r->promo_zone[seat][i] ? (guint8) MAX (r->n_promos, 1u) : 1;
  return TRUE;
}

/* Up to 8 cell names, separated by commas, into list. */
static gboolean
parse_cell_list (TsVariant *v, const char *text, gint16 list[8], guint8 *n_out, GError **error)
{
  int cells[8];
  guint n;

  if (!ts_variant_parse_cells (v, text, cells, 8, &n, error))
    return FALSE;
  *n_out = (guint8) n;
  for (guint k = 0; k < n; k++)
    list[k] = (gint16) cells[k];
  return TRUE;
}

static gboolean
load_castles (TsVariant *v, GKeyFile *kf, const char *group, guint seat, GError **error)
{
  TsVariantRules *r = v->rules;
  g_auto(GStrv) items = g_key_file_get_string_list (kf, group, "Castles", NULL, NULL);

  for (guint i = 0; items && items[i]; i++)
    {
      g_auto(GStrv) f = g_strsplit (items[i], ":", -1);
      TsCastle *c;
      int cells[8];
      guint n;

      if (g_strv_length (f) != 5 || strlen (f[0]) >= sizeof c->name || r->n_castles[seat] == 2)
        return fail (error, group, "Castles", items[i],
                     "expected NAME:KING>TO:ROOK>TO:EMPTY CELLS:SAFE CELLS");
      c = &r->castles[seat][r->n_castles[seat]++];
      strcpy (c->name, f[0]);
      for (guint k = 1; k <= 2; k++)
        {
          char *gt = strchr (f[k], '>');

          if (!gt)
            return fail (error, group, "Castles", items[i], "a move is FROM>TO");
          *gt = ',';
          if (!ts_variant_parse_cells (v, f[k], cells, 2, &n, error) || n != 2)
            return FALSE;
          if (k == 1)
            c->king_from = (gint16) cells[0], c->king_to = (gint16) cells[1];
          else
            c->rook_from = (gint16) cells[0], c->rook_to = (gint16) cells[1];
        }
      if (!parse_cell_list (v, f[3], c->empty, &c->n_empty, error) ||
          !parse_cell_list (v, f[4], c->safe, &c->n_safe, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_setup (TsVariant *v, GKeyFile *kf, const char *group, guint seat, GError **error)
{
  TsVariantRules *r = v->rules;
  g_auto(GStrv) items = g_key_file_get_string_list (kf, group, "Setup", NULL, NULL);

  for (guint i = 0; items && items[i]; i++)
    {
      int cells[TS_MAX_CELLS > 128 ? 128 : TS_MAX_CELLS];
      guint n;
      int t = items[i][0] ? ts_variant_piece_type_by_letter (v, items[i][0]) : -1;

      if (t < 0 || items[i][1] != ':')
        return fail (error, group, "Setup", items[i], "expected LETTER:CELL,CELL…");
      if (!ts_variant_parse_cells (v, items[i] + 2, cells, G_N_ELEMENTS (cells), &n, error))
        return FALSE;
      for (guint k = 0; k < n; k++)
        {
          if (r->initial[cells[k]] != 0)
            return fail (error, group, "Setup", items[i], "cell already taken");
          r->initial[cells[k]] = TS_PIECE_MAKE (seat, (guint) t) |
                                 (r->unmoved_mask & (1u << t) ? TS_PIECE_UNMOVED : 0);
        }
    }
  return TRUE;
}

static int
gcd_of (const int *vec, guint n)
{
  int g = 0;

  for (guint i = 0; i < n; i++)
    {
      int a = ABS (vec[i]);

      while (a)
        {
          int t = g % a;
          g = a;
          a = t;
        }
    }
  return g;
}

/* atk_near (see rules-private.h), from any_seat[key difference]: whether a piece of
 * some seat may attack from there. The cells of a row along x have consecutive keys:
 * a row's bits are read at once from a bitmap of those differences, 8 bytes from any
 * byte (a lookup a cell and difference was a third of loading a variant). */
static void
build_attack_near (TsVariant *v, const guint16 *any_seat, int centre)
{
  TsVariantRules *r = v->rules;
  guint ncells = v->geometry.ncells, nw = r->n_occ_words, width = v->geometry.size[0];
  guint n_diffs = 2 * (guint) centre + 1;
  guint8 *attacking = g_new0 (guint8, n_diffs / 8 + 9);   /* 8 bytes read from each */
  const int *key = r->atk_key;
  guint64 row_mask = (G_GUINT64_CONSTANT (1) << width) - 1;

  for (guint i = 0; i < n_diffs; i++)
    attacking[i / 8] |= (guint8) ((any_seat[(int) i - centre] != 0) << (i % 8));
  r->atk_near = g_new0 (guint64, ncells * nw);
  for (guint c = 0; c < ncells; c++)
    {
      guint64 *near = r->atk_near + c * nw;
      int base = centre - key[c];

      for (guint row = 0; row < ncells; row += width)
        {
          guint at = (guint) (key[row] + base), shift = row % 64;
          guint64 bits;

          memcpy (&bits, attacking + at / 8, sizeof bits);
          bits = GUINT64_FROM_LE (bits) >> (at % 8) & row_mask;
          near[row / 64] |= bits << shift;
          if (shift + width > 64)
            near[row / 64 + 1] |= bits >> (64 - shift);
        }
    }
  g_free (attacking);
}

/* The attack ray of each padded offset, or -1: atk_of[off] for |off| < n_padded (an
 * offset within the board's box; a longer leap is no such offset). */
static int *
atk_rays_by_offset (const TsVariantRules *r)
{
  int n = (int) r->n_padded, *atk_of = g_new (int, 2 * n + 1) + n;

  for (int off = -n; off <= n; off++)
    atk_of[off] = -1;
  for (guint a = 0; a < r->n_atk; a++)
    if (ABS (r->atk_off[a]) <= n)
      atk_of[r->atk_off[a]] = (int) a;
  return atk_of;
}

/* The pawn-like types capturing by each padded offset, 16 bits a seat (seat s's from
 * bit 16 s): caps_of[off] for |off| <= n_padded, as atk_rays_by_offset. */
static guint64 *
pawn_captures_by_offset (const TsVariant *v)
{
  const TsVariantRules *r = v->rules;
  int n = (int) r->n_padded;
  guint64 *caps_of = g_new0 (guint64, 2 * n + 1) + n;

  for (guint s = 0; s < v->n_seats; s++)
    for (guint t = 0; t < v->n_piece_types; t++)
      for (guint c = 0; c < r->moves[t].n_captures[s] && (r->pawnlike_mask & (1u << t)); c++)
        if (ABS (r->moves[t].captures[s][c]) <= n)
          caps_of[r->moves[t].captures[s][c]] |= (guint64) (1u << t) << (16 * s);
  return caps_of;
}

/* The box of coordinate differences the attack lookups are indexed by: a cell's key is
 * the sum of its coordinates times mult; returns the box's size, and in centre the
 * zero difference's index, which is also the largest key of a cell (the tables point
 * there; chess-attack.c's atk_any_all as well, from the largest key). */
static guint
attack_box (const TsGeometry *g, int mult[TS_MAX_DIMS], int *centre)
{
  guint box = 1;

  *centre = 0;
  for (guint d = 0; d < g->ndims; d++)
    {
      mult[d] = (int) box;
      *centre += ((int) g->size[d] - 1) * mult[d];
      box *= 2 * g->size[d] - 1;
    }
  return box;
}

/* The lookup tables of ts_chess_attacked (see rules-private.h). */
static void
build_attack_table (TsVariant *v)
{
  TsVariantRules *r = v->rules;
  const TsGeometry *g = &v->geometry;
  guint nd = g->ndims;
  int mult[TS_MAX_DIMS], centre;
  guint box = attack_box (g, mult, &centre);
  /* Every difference in the box: its attack direction (a primitive vector) and distance. */
  struct TsAtkDelta *table = g_new0 (struct TsAtkDelta, box);
  guint16 *pawn[TS_MAX_SEATS] = { NULL };
  for (guint s = 0; s < v->n_seats && r->pawnlike_mask; s++)
    pawn[s] = g_new0 (guint16, box);
  guint64 *caps_of = pawn_captures_by_offset (v);
  int *atk_of = atk_rays_by_offset (r);
  for (guint i = 0; i < box; i++)
    {
      int vec[TS_MAX_DIMS] = { 0 }, unit[TS_MAX_DIMS] = { 0 }, rest = (int) i;

      for (guint d = 0; d < nd; d++)
        {
          int w = 2 * (int) g->size[d] - 1;
          vec[d] = rest % w - ((int) g->size[d] - 1);
          rest /= w;
        }
      int k = gcd_of (vec, nd), off = vec_offset (r, vec);
      if (k == 0)
        continue;
      for (guint d = 0; d < nd; d++)
        unit[d] = vec[d] / k;
      int uoff = vec_offset (r, unit), a = atk_of[off], ua = atk_of[uoff];
      if (a >= 0 && k > 1)
        goto unsupported;   /* a leap that is a multiple of a step: two readings */
      if (ua >= 0 && k <= TS_MAX_ATK_RANGE)
        {
          table[i].types = r->atk_mask[ua][k];
          table[i].cond = r->atk_cond_mask[ua][k];
          table[i].step = (gint16) uoff;
          table[i].dist = (guint8) k;
        }
      for (guint s = 0; s < v->n_seats && caps_of[-off]; s++)
        pawn[s][i] |= (guint16) (caps_of[-off] >> 16 * s);
    }
  g_free (atk_of - r->n_padded);
  g_free (caps_of - r->n_padded);
  r->atk_key = g_new (int, g->ncells);
  for (guint c = 0; c < g->ncells; c++)
    {
      int co[TS_MAX_DIMS];

      ts_geometry_coords (g, (TsCell) c, co);
      r->atk_key[c] = 0;
      for (guint d = 0; d < nd; d++)
        r->atk_key[c] += co[d] * mult[d];
    }
  /* indexed by key(attacker) - key(target): the box's centre is the zero difference */
  r->atk_delta = table + centre;
  guint16 *any_seat = g_new0 (guint16, box);
  for (guint s = 0; s < v->n_seats; s++)
    {
      guint16 *any = g_new (guint16, box);

      for (guint i = 0; i < box; i++)
        {
          any[i] = table[i].types | table[i].cond | (pawn[s] ? pawn[s][i] : 0);
          any_seat[i] |= any[i];
        }
      r->atk_pawn[s] = pawn[s] ? pawn[s] + centre : NULL;
      r->atk_any[s] = any + centre;
    }
  build_attack_near (v, any_seat + centre, centre);
  g_free (any_seat);
  return;

unsupported:
  g_free (atk_of - r->n_padded);
  g_free (caps_of - r->n_padded);
  g_free (table);
  for (guint s = 0; s < v->n_seats; s++)
    g_free (pawn[s]);
}

/* The seat_targets table (see rules-private.h): what every seat may capture with every
 * set of eliminated seats, built once instead of at every generation. */
static void
build_seat_targets (TsVariant *v)
{
  TsVariantRules *r = v->rules;
  guint n_masks = 1u << v->n_seats;

  r->seat_targets = g_new0 (struct TsSeatTargets, v->n_seats * n_masks);
  for (guint side = 0; side < v->n_seats; side++)
    for (guint out_mask = 0; out_mask < n_masks; out_mask++)
      {
        struct TsSeatTargets *st = &r->seat_targets[side * n_masks + out_mask];

        for (guint s = 0; s < v->n_seats; s++)
          {
            gboolean protected_king = r->check && !(out_mask & (1u << s));

            if (v->team[s] == v->team[side])
              continue;
            if (!(out_mask & (1u << s)) || r->elimination == TS_ELIM_PARTNER)
              st->enemies |= (guint8) (1u << s);
            for (guint t = 0; t < v->n_piece_types; t++)
              {
                gboolean ok = !(v->piece_types[t].royal && protected_king);
                TsPiece pc = TS_PIECE_MAKE (s, t);

                st->cap_ok[pc] = st->cap_ok[pc | TS_PIECE_UNMOVED] = (guint8) ok;
              }
          }
        memcpy (st->cnt_ok, st->cap_ok, sizeof st->cnt_ok);
        st->cnt_ok[0] = 1;
      }
}

/* Sets the bit of the padded cell to in cells, if it is on the board. */
static void
reach_add (const TsVariantRules *r, guint64 *cells, int to)
{
  int dense = r->to_dense[to];

  if (dense >= 0)
    cells[dense / 64] |= G_GUINT64_CONSTANT (1) << (dense % 64);
}

/* The reach tables (see rules-private.h): each leap, capture and promoting step taken
 * from every cell. */
static void
build_reach (TsVariant *v)
{
  TsVariantRules *r = v->rules;
  guint ncells = v->geometry.ncells, nw = r->n_occ_words;

  for (guint s = 0; s < v->n_seats; s++)
    for (guint c = 0; c < ncells; c++)
      if (r->promo_zone[s][r->to_padded[c]])
        r->promo_cells[s][c / 64] |= G_GUINT64_CONSTANT (1) << (c % 64);
  for (guint t = 0; t < v->n_piece_types; t++)
    {
      const TsPieceMoves *pm = &r->moves[t];
      gboolean leaper = TRUE;

      for (guint k = 0; k < pm->n_rays; k++)
        leaper = leaper && pm->rays[k].range == 1;
      if (pm->seat_dependent)
        {
          r->reach[t] = g_new0 (guint64, v->n_seats * ncells * nw);
          for (guint s = 0; s < v->n_seats; s++)
            for (guint c = 0; c < ncells; c++)
              {
                guint64 *cells = &r->reach[t][(s * ncells + c) * nw];

                for (guint k = 0; k < pm->n_captures[s]; k++)
                  reach_add (r, cells, r->to_padded[c] + pm->captures[s][k]);
                for (guint k = 0; k < pm->n_moves[s]; k++)
                  if (r->promo_zone[s][r->to_padded[c] + pm->moves[s][k]])
                    reach_add (r, cells, r->to_padded[c] + pm->moves[s][k]);
              }
        }
      else if (leaper)
        {
          r->reach[t] = g_new0 (guint64, ncells * nw);
          for (guint c = 0; c < ncells; c++)
            for (guint k = 0; k < pm->n_rays; k++)
              reach_add (r, &r->reach[t][c * nw], r->to_padded[c] + pm->rays[k].off);
        }
    }
}

/* As the generator walks a lone piece's rays (chess.c, gen_rays and gen_fast): each
 * to its range, except that a piece of only unlimited rides walks to the border; it
 * stops at the border or on its own cell (a null offset). No condition is off on the
 * empty board (no king has been checked), and no castle or drop is there to play. */
gboolean
ts_variant_lone_targets (const TsVariant *v, guint type, TsCell from, guint64 *cells)
{
  const TsVariantRules *r = v->rules;
  const TsPieceMoves *pm = &r->moves[type];
  gboolean unlimited = pm->fast && pm->n_slides == pm->n_rays;
  int start = r->to_padded[from];

  if (v->family != TS_FAMILY_CHESS || pm->seat_dependent)
    return FALSE;
  memset (cells, 0, r->n_occ_words * sizeof *cells);
  for (guint k = 0; k < pm->n_rays; k++)
    {
      int off = pm->rays[k].off, dense;
      guint range = off == 0 ? 0 : unlimited ? G_MAXUINT : pm->rays[k].range;

      for (int to = start + off; range > 0 && (dense = r->to_dense[to]) >= 0; to += off, range--)
        cells[(guint) dense / 64] |= G_GUINT64_CONSTANT (1) << ((guint) dense % 64);
    }
  return TRUE;
}

/* Frees what the chess family's loading made, here and in chess-attack.c's
 * ts_chess_build_scan_tables (see rules-private.h), for a variant refused after it was
 * loaded (its id was taken) or while it was (whatever was made by then: the tables not
 * made are NULL). The attack lookups point at their box's centre. */
void
ts_variant_free_chess (TsVariant *v)
{
  TsVariantRules *r = v->rules;
  int mult[TS_MAX_DIMS], centre;

  attack_box (&v->geometry, mult, &centre);
  for (guint t = 0; t < TS_MAX_PIECE_TYPES; t++)
    {
      g_clear_pointer (&r->moves[t].rays, g_free);
      g_clear_pointer (&r->reach[t], g_free);
    }
  for (guint s = 0; s < TS_MAX_SEATS; s++)
    {
      if (r->atk_pawn[s])
        g_free (r->atk_pawn[s] - centre);
      if (r->atk_any[s])
        g_free (r->atk_any[s] - centre);
      r->atk_pawn[s] = r->atk_any[s] = NULL;
      g_clear_pointer (&r->promo_zone[s], g_free);
      g_clear_pointer (&r->promo_mult[s], g_free);
    }
  if (r->atk_delta)
    g_free (r->atk_delta - centre);
  if (r->atk_any_all)
    g_free (r->atk_any_all - centre);
  r->atk_delta = NULL;
  r->atk_any_all = NULL;
  g_clear_pointer (&r->atk_key, g_free);
  g_clear_pointer (&r->atk_near, g_free);
  g_clear_pointer (&r->atk_near_short, g_free);
  g_clear_pointer (&r->seat_targets, g_free);
  g_clear_pointer (&r->see_seats, g_free);
}

gboolean
ts_variant_load_chess (TsVariant *v, GKeyFile *kf, GError **error)
{
  TsVariantRules *r = v->rules;
  const char *G = "Variant";
  g_auto(GStrv) promos = g_key_file_get_string_list (kf, G, "Promotions", NULL, NULL);
  g_autofree char *elim = g_key_file_get_string (kf, G, "Elimination", NULL);
  g_autoptr(GError) local = NULL;

  r->check = g_key_file_get_boolean (kf, G, "Check", &local);
  if (local)
    r->check = TRUE;
  r->compulsory_capture = g_key_file_get_boolean (kf, G, "CompulsoryCapture", NULL);
  r->en_passant = g_key_file_get_boolean (kf, G, "EnPassant", NULL);
  r->king_check_right = g_key_file_get_boolean (kf, G, "KingCheckRight", NULL);
  r->eliminated_king_leaves = g_key_file_get_boolean (kf, G, "EliminatedKingLeaves", NULL);
  r->elimination = TS_ELIM_NONE;
  if (elim && strcmp (elim, "immobile") == 0)
    r->elimination = TS_ELIM_IMMOBILE;
  else if (elim && strcmp (elim, "partner") == 0)
    r->elimination = TS_ELIM_PARTNER;
  else if (elim && strcmp (elim, "none") != 0)
    return fail (error, G, "Elimination", elim, "expected none, immobile or partner");
  if (v->n_seats > 2 && r->elimination == TS_ELIM_NONE)
    return fail (error, G, "Elimination", "none", "four players need immobile or partner");

  for (guint i = 0; promos && promos[i]; i++)
    {
      int t = ts_variant_piece_type_by_letter (v, promos[i][0]);

      if (t < 0)
        return fail (error, G, "Promotions", promos[i], "unknown piece letter");
      r->promos[r->n_promos++] = (guint8) t;
    }

  /* unit steps first: pin detection walks them */
  {
    int vecs[96][TS_MAX_DIMS];
    guint n;

    enumerate_steps (v, 0x1e, vecs, &n);
    for (guint i = 0; i < n; i++)
      atk_index (r, vec_offset (r, vecs[i]));
    r->n_steps = r->n_atk;
  }

  for (guint t = 0; t < v->n_piece_types; t++)
    if (!load_piece_moves (v, t, kf, error))
      return FALSE;

  for (guint d = 0; d < r->n_atk; d++)
    {
      if (r->atk_range[d] > 1)
        r->atk_slides[r->n_atk_slides++] = (guint8) d;
      else if (r->atk_range[d] == 1)
        r->atk_leaps[r->n_atk_leaps++] = (guint8) d;
    }

  for (guint s = 0; s < v->n_seats; s++)
    {
      g_autofree char *group = g_strdup_printf ("Seat %s", r->seat_keys[s]);

      if (!g_key_file_has_group (kf, group))
        return fail (error, group, "", "", "missing section");
      for (guint t = 0; t < v->n_piece_types; t++)
        {
          TsPieceMoves *pm = &r->moves[t];
          g_autofree char *mk = g_strdup_printf ("%c-Moves", v->piece_types[t].letter);
          g_autofree char *ck = g_strdup_printf ("%c-Captures", v->piece_types[t].letter);
          gboolean present = FALSE;

          if (!load_vec_list (v, kf, group, mk, pm->moves[s], &pm->n_moves[s], &present, error) ||
              !load_vec_list (v, kf, group, ck, pm->captures[s], &pm->n_captures[s], &present, error))
            return FALSE;
          if (present)
            {
              pm->seat_dependent = TRUE;
              r->pawnlike_mask |= 1u << t;
            }
        }
      if (!load_zone (v, kf, group, s, error) || !load_castles (v, kf, group, s, error))
        return FALSE;
    }

  /* first-move rights matter for two-step pawns and castling pieces */
  for (guint t = 0; t < v->n_piece_types; t++)
    if (r->moves[t].double_step)
      r->unmoved_mask |= 1u << t;
  for (guint s = 0; s < v->n_seats; s++)
    if (r->n_castles[s])
      {
        int k = -1, rook = ts_variant_piece_type_by_letter (v, 'R');

        for (guint t = 0; t < v->n_piece_types; t++)
          if (v->piece_types[t].royal)
            k = (int) t;
        if (k >= 0)
          r->unmoved_mask |= 1u << k;
        if (rook >= 0)
          r->unmoved_mask |= 1u << rook;
      }

  for (guint s = 0; s < v->n_seats; s++)
    {
      g_autofree char *group = g_strdup_printf ("Seat %s", r->seat_keys[s]);

      if (!load_setup (v, kf, group, s, error))
        return FALSE;
    }
  build_attack_table (v);
  build_seat_targets (v);
  build_reach (v);
  return TRUE;
}
