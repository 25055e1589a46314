/* The polycube set: every orientation generated once from the 14 base shapes. */
#include <glib/gi18n.h>
#include <string.h>

#include "doseki/doseki-private.h"

#define O8 { DK_CLASS_O, 8 }
#define F8 { DK_CLASS_F, 8 }
#define D8 { DK_CLASS_D, 8 }
#define O2 { DK_CLASS_O, 2 }
#define F2 { DK_CLASS_F, 2 }
#define D2 { DK_CLASS_D, 2 }
#define O1 { DK_CLASS_O, 1 }
#define F1 { DK_CLASS_F, 1 }

/* RULES.md §7, in the order of its table. */
static const DkPiece pieces[TS_DOSEKI_N_PIECES] = {
  { 'P', N_("Pawn"),       1, 2, { O1, F1 },     FALSE, TRUE },
  { 'H', N_("Horse"),      2, 2, { O2, F2 },     FALSE, FALSE },
  { 'B', N_("Bishop"),     3, 1, { F8 },         FALSE, FALSE },
  { 'R', N_("Rook"),       4, 1, { O8 },         FALSE, FALSE },
  { 'A', N_("Archbishop"), 4, 2, { O2, F8 },     FALSE, FALSE },
  { 'E', N_("Episcope"),   4, 2, { F8, D2 },     FALSE, FALSE },
  { 'G', N_("General"),    5, 2, { O8, F2 },     FALSE, FALSE },
  { 'C', N_("Cardinal"),   5, 2, { F8, D8 },     FALSE, FALSE },
  { 'J', N_("Joker"),      6, 2, { F8, F2 },     TRUE,  FALSE },
  { 'W', N_("Wisemen"),    6, 2, { O8, O2 },     TRUE,  FALSE },
  { 'M', N_("Marshal"),    6, 2, { O8, D8 },     FALSE, FALSE },
  { 'Q', N_("Queen"),      7, 2, { O8, F8 },     FALSE, FALSE },
  { 'K', N_("King"),       8, 3, { O8, F8, D8 }, FALSE, FALSE },
};

/* Base shapes as "xyz" offset triples inside the 2×2×2 box (RULES.md §7's table). */
static const struct {
  guint8      piece;
  const char *cells;
} bases[TS_DOSEKI_N_BASES] = {
  { 0,  "000" },
  { 1,  "000 001" },
  { 2,  "000 001 010" },
  { 3,  "000 001 010 011" },
  { 4,  "000 001 010 100" },
  { 5,  "000 001 010 101" },
  { 5,  "000 001 010 110" },
  { 6,  "000 001 010 011 100" },
  { 7,  "000 001 010 101 110" },
  { 8,  "000 001 010 101 110 111" },
  { 9,  "000 001 010 011 100 101" },
  { 10, "000 001 010 011 100 111" },
  { 11, "000 001 010 011 100 101 110" },
  { 12, "000 001 010 011 100 101 110 111" },
};

static DkTables tables;

const DkPiece *
dk_piece (guint piece)
{
  g_return_val_if_fail (piece < TS_DOSEKI_N_PIECES, NULL);
  return &pieces[piece];
}

const TsDosekiPieceInfo *
ts_doseki_piece_info (guint piece)
{
  static TsDosekiPieceInfo info[TS_DOSEKI_N_PIECES];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < TS_DOSEKI_N_PIECES; i++)
        info[i] = (TsDosekiPieceInfo) { pieces[i].letter, pieces[i].name, pieces[i].n_cells };
      g_once_init_leave (&done, 1);
    }
  g_return_val_if_fail (piece < TS_DOSEKI_N_PIECES, NULL);
  return &info[piece];
}

int
ts_doseki_piece_by_letter (char letter)
{
  for (guint i = 0; i < TS_DOSEKI_N_PIECES; i++)
    if (pieces[i].letter == letter)
      return (int) i;
  return -1;
}

static int
cmp_cell (const void *a, const void *b)
{
  const gint8 *p = a, *q = b;

  for (int k = 2; k >= 0; k--)
    if (p[k] != q[k])
      return p[k] - q[k];
  return 0;
}

/* Sorts into notation order and moves the first cell to the origin. */
static void
normalise (gint8 cells[][3], guint n)
{
  qsort (cells, n, sizeof cells[0], cmp_cell);
  gint8 a[3] = { cells[0][0], cells[0][1], cells[0][2] };
  for (guint i = 0; i < n; i++)
    for (int k = 0; k < 3; k++)
      cells[i][k] -= a[k];
}

static int
pad_offset (int x, int y, int z)
{
  return x + DK_PAD_W * (y + DK_PAD_W * z);
}

static guint
dir_index (const DkTables *t, int x, int y, int z)
{
  for (guint d = 0; d < DK_N_DIRS; d++)
    if (t->dir_vec[d][0] == x && t->dir_vec[d][1] == y && t->dir_vec[d][2] == z)
      return d;
  g_assert_not_reached ();
}

static gboolean
orientation_has (const TsDosekiOrientation *o, int x, int y, int z)
{
  for (guint i = 0; i < o->n_cells; i++)
    if (o->cells[i][0] == x && o->cells[i][1] == y && o->cells[i][2] == z)
      return TRUE;
  return FALSE;
}

static void
build_directions (DkTables *t)
{
  guint n = 0;

  for (int z = -1; z <= 1; z++)
    for (int y = -1; y <= 1; y++)
      for (int x = -1; x <= 1; x++)
        {
          guint cls = (x != 0) + (y != 0) + (z != 0);
          if (cls == 0)
            continue;
          t->dir_vec[n][0] = x;
          t->dir_vec[n][1] = y;
          t->dir_vec[n][2] = z;
          t->dir_pad[n] = pad_offset (x, y, z);
          t->class_dirs[cls][t->n_class_dirs[cls]++] = n;
          t->class_mask[cls] |= 1u << n;
          n++;
        }
  /* Directions are listed symmetrically: d and 25 - d are opposite. */
  for (guint d = 0; d < DK_N_DIRS; d++)
    t->dir_opposite[d] = DK_N_DIRS - 1 - d;
}

/* The directions that bring a cell to a side's opposite face (Red's rank 9, Black's
 * rank 1): what noisy generation keeps for promotions. */
static void
build_face_masks (DkTables *t)
{
  for (guint d = 0; d < DK_N_DIRS; d++)
    for (guint side = 0; side < 2; side++)
      {
        int dy = t->dir_vec[d][1];

        if (dy == (side == 0 ? 1 : -1))
          t->toward_face[side] |= 1u << d;
      }
}

static void
build_orientations (DkTables *t)
{
  int rot[24][3][3];
  guint n_rot = 0, n = 0;
  static const int perms[6][3] = { {0,1,2}, {0,2,1}, {1,0,2}, {1,2,0}, {2,0,1}, {2,1,0} };
  static const int perm_sign[6] = { 1, -1, -1, 1, 1, -1 };

  /* The 24 proper rotations: signed permutation matrices with determinant +1. */
  for (guint p = 0; p < 6; p++)
    for (guint s = 0; s < 8; s++)
      {
        int sg[3] = { s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1 };
        if (perm_sign[p] * sg[0] * sg[1] * sg[2] != 1)
          continue;
        memset (rot[n_rot], 0, sizeof rot[n_rot]);
        for (int r = 0; r < 3; r++)
          rot[n_rot][r][perms[p][r]] = sg[r];
        n_rot++;
      }
  g_assert (n_rot == 24);

  for (guint b = 0; b < TS_DOSEKI_N_BASES; b++)
    {
      gint8 base[8][3];
      guint nc = 0;

      for (const char *s = bases[b].cells; *s; s += s[3] ? 4 : 3, nc++)
        for (int k = 0; k < 3; k++)
          base[nc][k] = s[k] - '0';

      for (guint r = 0; r < n_rot; r++)
        {
          TsDosekiOrientation o = { bases[b].piece, b, nc, { { 0 } } };
          gboolean seen = FALSE;

          for (guint i = 0; i < nc; i++)
            for (int k = 0; k < 3; k++)
              o.cells[i][k] = rot[r][k][0] * base[i][0] + rot[r][k][1] * base[i][1] +
                              rot[r][k][2] * base[i][2];
          normalise (o.cells, nc);
          for (guint j = 0; j < n && !seen; j++)
            seen = t->orient[j].n_cells == nc &&
                   memcmp (t->orient[j].cells, o.cells, sizeof o.cells) == 0;
          if (seen)
            continue;
          g_assert (n < TS_DOSEKI_N_ORIENTATIONS);
          t->orient[n++] = o;
        }
    }
  g_assert (n == TS_DOSEKI_N_ORIENTATIONS);
}

static void
build_lead_cells (DkTables *t)
{
  for (guint i = 0; i < TS_DOSEKI_N_ORIENTATIONS; i++)
    {
      const TsDosekiOrientation *o = &t->orient[i];
      DkOrientTables *ot = &t->tab[i];
      int low[3] = { 0, 0, 0 };   /* the low corner of the 2×2×2 box that holds S */

      for (guint c = 0; c < o->n_cells; c++)
        for (int k = 0; k < 3; k++)
          low[k] = MIN (low[k], o->cells[c][k]);
      /* S follows its anchor in notation order: its box's low corner is on the anchor's
       * layer, and at most one file and one rank lower */
      g_assert (low[2] == 0);
      ot->box = (gint16) pad_offset (low[0], low[1], low[2]);
      t->box_type[i] = (guint8) ((low[0] < 0 ? 1 : 0) | (low[1] < 0 ? 2 : 0));
      for (guint c = 0; c < o->n_cells; c++)
        {
          const gint8 *v = o->cells[c];
          guint64 leaves = (guint64) G_MAXUINT32 << 32;

          ot->cells[c] = pad_offset (v[0], v[1], v[2]);
          ot->n_at_rank[v[1] + 1]++;
          if (c > 0)
            t->fit26[i] |= 1u << dir_index (t, v[0], v[1], v[2]);
          for (guint d = 0; d < DK_N_DIRS; d++)
            if (!orientation_has (o, v[0] + t->dir_vec[d][0], v[1] + t->dir_vec[d][1],
                                  v[2] + t->dir_vec[d][2]))
              leaves |= 1u << d;
          t->leaves_box[i][(v[1] - low[1]) + 2 * v[2]][v[0] - low[0]] = leaves;
        }
      for (guint d = 0; d < DK_N_DIRS; d++)
        for (guint c = 0; c < o->n_cells; c++)
          {
            int x = o->cells[c][0] + t->dir_vec[d][0];
            int y = o->cells[c][1] + t->dir_vec[d][1];
            int z = o->cells[c][2] + t->dir_vec[d][2];
            if (orientation_has (o, x, y, z))
              continue;
            ot->lead[d][ot->n_lead[d]++] = pad_offset (x, y, z);
          }
    }
}

/* across, compound_first and compound_across (see DkTables). */
static void
build_compound_tables (DkTables *t)
{
  for (guint cls = DK_CLASS_O; cls <= DK_CLASS_D; cls++)
    for (guint d = 0; d < DK_N_DIRS; d++)
      t->across[cls][d] = t->class_mask[cls] & ~(1u << d) & ~(1u << t->dir_opposite[d]);
  for (guint i = 0; i < TS_DOSEKI_N_PIECES; i++)
    if (pieces[i].compound)
      for (guint32 ds = t->first_dirs[i]; ds; ds &= ds - 1)
        {
          guint d = (guint) __builtin_ctz (ds);

          t->compound_first |= 1u << d;
          t->compound_across[d] |= t->across[pieces[i].modes[1].cls][d];
          t->compound_second |= t->class_mask[pieces[i].modes[1].cls];
        }
  /* The recaptures' line filter (doseki-recaptures.c) walks directions 0–12 and takes
   * each one's opposite with it: that holds while every pair is split there and the
   * compound first directions, and what crosses them, are the same both ways. */
  for (guint d = 0; d < DK_N_DIRS; d++)
    {
      guint o = t->dir_opposite[d];

      g_assert ((d < 13) != (o < 13));
      g_assert (((t->compound_first >> d) & 1) == ((t->compound_first >> o) & 1));
      g_assert (t->compound_across[d] == t->compound_across[o]);
    }
}

/* face_near (see DkTables), once the padded cells are known. */
static void
build_face_near (DkTables *t)
{
  for (guint side = 0; side < 2; side++)
    for (guint c = 0; c < TS_DOSEKI_CELLS; c++)
      if (t->rank_of[t->pad_of[c]] == (side == 0 ? TS_DOSEKI_SIZE - 1 : 0))
        dk_mark_near (t->face_near[side], t, t->pad_of[c], t->compound_second);
}

/* line_of (see DkTables). */
static void
build_lines (DkTables *t)
{
  const int n = TS_DOSEKI_SIZE;

  for (guint f = 0; f < DK_N_DIRS / 2; f++)
    for (int c = 0; c < TS_DOSEKI_CELLS; c++)
      {
        int x = c % n, y = c / n % n, z = c / (n * n);
        const gint8 *v = t->dir_vec[f];

        while (x - v[0] >= 0 && x - v[0] < n && y - v[1] >= 0 && y - v[1] < n &&
               z - v[2] >= 0 && z - v[2] < n)
          x -= v[0], y -= v[1], z -= v[2];
        t->line_of[f][c] = (guint16) (x + n * (y + n * z));
      }
}

/* capture_dirs and single_at (see DkTables). */
static void
build_single_at (DkTables *t)
{
  for (guint i = 0; i < TS_DOSEKI_N_PIECES; i++)
    for (guint m = pieces[i].pawn ? 1 : 0; m < pieces[i].n_modes && !pieces[i].compound; m++)
      t->capture_dirs[i] |= t->class_mask[pieces[i].modes[m].cls];
  for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
    for (guint c = 0; c < t->orient[o].n_cells; c++)
      {
        const gint8 *v = t->orient[o].cells[c];
        guint j = c == 0 ? 0 : dir_index (t, v[0], v[1], v[2]) - 12;

        for (guint k = 0; k < 8; k++)
          for (guint cls = DK_CLASS_O; cls <= DK_CLASS_D; cls++)
            if ((k >> (cls - 1) & 1) && (t->capture_dirs[t->orient[o].piece] & t->class_mask[cls]))
              t->single_at[j][k][o / 64] |= G_GUINT64_CONSTANT (1) << (o % 64);
      }
}

/* What generation asks of each piece and orientation, worked out once. */
static void
build_piece_tables (DkTables *t)
{
  t->pieces = pieces;
  for (guint i = 0; i < TS_DOSEKI_N_PIECES; i++)
    for (guint m = 0; m < (pieces[i].compound ? 1 : pieces[i].n_modes); m++)
      t->first_dirs[i] |= t->class_mask[pieces[i].modes[m].cls];
  for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
    {
      guint32 lo = t->fit26[o] >> 13 & 127, hi = t->fit26[o] >> 20;
      guint64 bit = G_GUINT64_CONSTANT (1) << (o % 64);

      g_assert ((t->fit26[o] & 0x1fff) == 0);
      for (guint nb = 0; nb < 128; nb++)
        if ((nb & lo) == lo)
          t->fit_lo[nb][o / 64] |= bit;
      for (guint nb = 0; nb < 64; nb++)
        if ((nb & hi) == hi)
          t->fit_hi[nb][o / 64] |= bit;
      if (pieces[t->orient[o].piece].compound)
        t->compound_set[o / 64] |= bit;
      t->tab[o].first_dirs = t->first_dirs[t->orient[o].piece];
      t->tab[o].compound = pieces[t->orient[o].piece].compound;
    }
  build_single_at (t);
  build_compound_tables (t);
  build_lines (t);
}

gpointer
dk_build_tables (gpointer data)
{
  DkTables *t = &tables;

  build_directions (t);
  build_face_masks (t);
  build_orientations (t);
  build_lead_cells (t);
  build_piece_tables (t);

  for (guint v = 0; v < 256; v++)
    for (guint side = 0; side < 2; side++)
      {
        t->is_enemy[side][v] = DK_OWNER (v) == DK_CHECKER (1 - side);
        t->cell_kind[side][v] = v == DK_EMPTY ? 0 : t->is_enemy[side][v] ? DK_KIND_ENEMY
                                                                          : DK_KIND_STOP;
      }
  for (guint i = 0; i < DK_PAD_CELLS; i++)
    {
      t->dense_of[i] = -1;
      t->rank_of[i] = -1;
    }
  for (int z = 0; z < TS_DOSEKI_SIZE; z++)
    for (int y = 0; y < TS_DOSEKI_SIZE; y++)
      for (int x = 0; x < TS_DOSEKI_SIZE; x++)
        {
          int c = x + TS_DOSEKI_SIZE * (y + TS_DOSEKI_SIZE * z);
          int p = pad_offset (x + DK_PAD_B, y + DK_PAD_B, z + DK_PAD_B);
          t->pad_of[c] = p;
          t->dense_of[p] = c;
          t->rank_of[p] = (gint8) y;
        }
  build_face_near (t);
  return t;
}

GOnce dk_tables_once = G_ONCE_INIT;

const TsDosekiOrientation *
ts_doseki_orientation (guint index)
{
  g_return_val_if_fail (index < TS_DOSEKI_N_ORIENTATIONS, NULL);
  return &dk_tables ()->orient[index];
}

int
ts_doseki_orientation_of_cells (const TsCell *cells, guint n)
{
  const DkTables *t = dk_tables ();
  gint8 set[TS_DOSEKI_MAX_SET][3];

  if (n == 0 || n > TS_DOSEKI_MAX_SET)
    return -1;
  for (guint i = 0; i < n; i++)
    {
      if (cells[i] < 0 || cells[i] >= TS_DOSEKI_CELLS)
        return -1;
      set[i][0] = cells[i] % TS_DOSEKI_SIZE;
      set[i][1] = cells[i] / TS_DOSEKI_SIZE % TS_DOSEKI_SIZE;
      set[i][2] = cells[i] / (TS_DOSEKI_SIZE * TS_DOSEKI_SIZE);
    }
  normalise (set, n);
  for (guint o = 0; o < TS_DOSEKI_N_ORIENTATIONS; o++)
    if (t->orient[o].n_cells == n && memcmp (t->orient[o].cells, set, n * 3) == 0)
      return (int) o;
  return -1;
}
