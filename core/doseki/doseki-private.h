/* Doseki internals shared by the doseki-*.c files. */
#pragma once

#include "doseki/doseki.h"
#include "rules/rules-private.h"

G_BEGIN_DECLS

/* The rules core's padded mailbox (TS_PAD border cells on every side): one add per
 * step and one compare per stop. Doseki reads TsPosition.board directly. */
#define DK_PAD_B     2
#define DK_PAD_W     (TS_DOSEKI_SIZE + 2 * DK_PAD_B)
#define DK_PAD_CELLS (DK_PAD_W * DK_PAD_W * DK_PAD_W)
#define DK_OFF       TS_CELL_OFF
#define DK_N_DIRS    26
#define DK_O_WORDS   ((TS_DOSEKI_N_ORIENTATIONS + 63) / 64)
#define DK_OCC_WORDS ((TS_DOSEKI_CELLS + 63) / 64)   /* of TsPosition.occ[seat] */

enum { DK_CLASS_O = 1, DK_CLASS_F = 2, DK_CLASS_D = 3 };
enum { DK_KIND_ENEMY = 1, DK_KIND_STOP = 2 };   /* DkTables.cell_kind, ORed over cells */

/* Two cells' 64-bit words, ANDed and ORed as one (GCC's vector extension: two at a
 * time where the machine can, as SSE2 does on every x86-64). */
typedef guint64 DkCellPair __attribute__ ((vector_size (16)));

typedef struct {
  guint8 cls;     /* DK_CLASS_* */
  guint8 range;   /* 1..8 */
} DkMode;

typedef struct {
  char         letter;
  const char  *name;
  guint        n_cells;
  guint        n_modes;
  DkMode       modes[3];
  gboolean     compound;   /* modes[0] then modes[1], second not parallel to the first */
  gboolean     pawn;       /* modes[0] moves only, modes[1] captures only */
} DkPiece;

typedef struct {
  guint32 first_dirs;                              /* its piece's (DkTables.first_dirs) */
  guint8  compound;                                /* its piece's */
  gint16 cells[TS_DOSEKI_MAX_SET];                 /* padded offsets from the anchor */
  gint16 lead[DK_N_DIRS][TS_DOSEKI_MAX_SET];       /* (S + d) \ S, padded offsets */
  guint8 n_lead[DK_N_DIRS];
  guint8 n_at_rank[3];                             /* cells with y offset -1, 0, 1 */
  gint16 box;                                      /* padded offset from the anchor to the
                                                      low corner of S's 2×2×2 box */
} DkOrientTables;

typedef struct {
  TsDosekiOrientation orient[TS_DOSEKI_N_ORIENTATIONS];
  DkOrientTables      tab[TS_DOSEKI_N_ORIENTATIONS];
  /* leaves_box[o][y + 2 * z][x]: for S's cell at (x, y, z) in its 2×2×2 box, the
   * directions that leave S, and all the high 32 bits (they keep DkBoard.nb_stop's
   * sees); 0 where S has no cell. box_type[o]: which of the anchor's four boxes holds S
   * (bit 0: one file lower, bit 1: one rank lower; see DkAround). */
  DkCellPair          leaves_box[TS_DOSEKI_N_ORIENTATIONS][4];
  guint8              box_type[TS_DOSEKI_N_ORIENTATIONS];
  gint8               dir_vec[DK_N_DIRS][3];
  gint16              dir_pad[DK_N_DIRS];
  guint8              dir_opposite[DK_N_DIRS];
  guint8              class_dirs[4][12];   /* directions of each class */
  guint8              n_class_dirs[4];
  guint32             fit26[TS_DOSEKI_N_ORIENTATIONS]; /* directions from the anchor to
                                                          S's other cells (kept together
                                                          for a fast scan) */
  guint32             class_mask[4];           /* the directions of each class, as bits */
  guint32             toward_face[2];          /* per side: the directions whose rank step
                                                  goes to its opposite face */
  guint8              is_enemy[2][256];        /* per side and board byte: 1 if it holds an
                                                  enemy checker */
  guint8              cell_kind[2][256];       /* per side and board byte: DK_KIND_ENEMY,
                                                  DK_KIND_STOP (own, off the board) or 0 */
  guint16             pad_of[TS_DOSEKI_CELLS];
  gint16              dense_of[DK_PAD_CELLS]; /* -1 on the border */
  gint8               rank_of[DK_PAD_CELLS];  /* y of each cell, -1 on the border */
  const DkPiece      *pieces;                 /* the piece table */
  guint32             first_dirs[TS_DOSEKI_N_PIECES]; /* where a first step may go */
  /* Sets of orientations, bit o % 64 of word o / 64. fit26 holds only the 13 forward
   * directions (13..25: S's other cells follow the anchor in notation order), so the
   * orientations that fit an anchor whose own neighbours are nb are
   * fit_lo[nb >> 13 & 127] & fit_hi[nb >> 20 & 63]. */
  guint64             fit_lo[128][DK_O_WORDS], fit_hi[64][DK_O_WORDS];
  guint64             compound_set[DK_O_WORDS];   /* the compound pieces' orientations */
  guint32             capture_dirs[TS_DOSEKI_N_PIECES]; /* where a single slide may capture */
  guint32             compound_first;          /* the compound pieces' first directions */
  guint32             across[4][DK_N_DIRS];    /* a class's directions less d and its
                                                  opposite (a compound's second slides) */
  guint32             compound_across[DK_N_DIRS]; /* after a compound's first slide along d,
                                                     where its second may go */
  guint32             compound_second;         /* the compound pieces' second directions */
  /* face_near[side]: noisy generation's near marks (see dk_mark_near) of the cells of
   * the side's opposite face, for the compound pieces' second directions */
  guint32             face_near[2][DK_PAD_CELLS];
  /* single_at[j][k]: the single-slide orientations with a cell at offset j from the
   * anchor (0 the anchor, j the forward direction 12 + j) whose piece captures along
   * some class of k (bit cls - 1): recaptures' candidates around a lander. */
  guint64             single_at[14][8][DK_O_WORDS];
  /* line_of[f][c]: the line along direction f (0..12, and its opposite 25 - f) through
   * dense cell c, named by the cell where it enters the board */
  guint16             line_of[DK_N_DIRS / 2][TS_DOSEKI_CELLS];
} DkTables;

/* The tables, built on first use. Inline: the engine asks for a move's captures and
 * promotions for every move it orders. */
extern GOnce dk_tables_once;
gpointer dk_build_tables (gpointer data);

static inline const DkTables *
dk_tables (void)
{
  return g_once (&dk_tables_once, dk_build_tables, NULL);
}

const DkPiece  *dk_piece (guint piece);

/* Marks the cells one and two steps before padded cell x along each direction d of dirs
 * (near[y] |= d): the border is two cells wide, so they stay in the array. */
static inline void
dk_mark_near (guint32 *near, const DkTables *t, int x, guint32 dirs)
{
  for (; dirs; dirs &= dirs - 1)
    {
      guint d = (guint) __builtin_ctz (dirs);

      near[x - t->dir_pad[d]] |= 1u << d;
      near[x - 2 * t->dir_pad[d]] |= 1u << d;
    }
}

/* CELL (i) for each cell i of a set of n cells (1 to 8), last to first: unrolled by the
 * count (a switch that falls through). A loop over S's few cells costs more: with a test for an
 * early end, or gcc vectorises it into gathers. */
#define DK_EACH_CELL(n, CELL)             \
  switch (n)                              \
    {                                     \
    case 8: CELL (7); /* fall through */  \
    case 7: CELL (6); /* fall through */  \
    case 6: CELL (5); /* fall through */  \
    case 5: CELL (4); /* fall through */  \
    case 4: CELL (3); /* fall through */  \
    case 3: CELL (2); /* fall through */  \
    case 2: CELL (1); /* fall through */  \
    default: CELL (0);                    \
    }

/* Board bytes, as in TsPosition.board: every checker is piece type 0. */
#define DK_EMPTY    0
#define DK_CHECKER(seat) TS_PIECE_MAKE (seat, 0)
/* The seat part of a board byte: a checker of any type counts as a checker of its
 * seat (an editor may put any of the variant's types); TS_CELL_OFF gives 0. */
#define DK_OWNER(v)      ((guint8) ((v) & 0xf0))

/* The padded layout must be the rules core's: checked when the variant loads. */
G_STATIC_ASSERT (DK_PAD_B == TS_PAD);

/* ray[d][c] = 2 * r + e, where r is how many cells from c on, in direction d, are
 * empty, and e is 1 if the cell that ends that run holds an enemy (0 if it is own or
 * off the board). A single slide never meets its own vacated cells after the first
 * step (every shape fits a 2×2×2 box), so the smallest ray over S's leading cells tells
 * the whole slide: r free steps, then a capture if every leading cell stopped at that
 * step holds an enemy. */
typedef guint8 DkRays[DK_N_DIRS][DK_PAD_CELLS];

void     dk_compute_rays (const DkTables *t, const guint8 *sq, guint8 enemy, DkRays ray);

/* Outside checkers gained when S (orientation o, anchor padded cell a) moves to anchor b:
 * its cells whose rank offset puts them on the face. A checker moving along the face
 * gains nothing: only a move that changes the rank can bring one there from off it. */
static inline guint
dk_promotions (const DkTables *t, guint o, int a, int b, guint side)
{
  int yb = t->rank_of[b];
  int off = (side == 0 ? TS_DOSEKI_SIZE - 1 : 0) - yb;

  if (t->rank_of[a] == yb || off < -1 || off > 1)
    return 0;
  return t->tab[o].n_at_rank[off + 1];
}

void     dk_make         (TsPosition *p, TsMove m, TsUndo *u);
void     dk_unmake       (TsPosition *p, const TsUndo *u);
void     dk_setup        (TsPosition *p);
gboolean dk_load_variant (TsVariant *v, GKeyFile *kf, GError **error);

void     dk_cell_name (TsCell c, char buf[4]);
TsCell   dk_parse_cell (const char *text, const char **end);
guint    dk_generate (TsPosition *p, TsMoveList *out, gboolean noisy_only);

char    *dk_move_to_san  (TsPosition *p, TsMove m);
gboolean dk_move_parse   (TsPosition *p, const char *text, TsMove *out, GError **error);
char    *dk_to_text      (const TsPosition *p);
gboolean dk_from_text    (TsPosition *p, const char *text, guint column, GError **error);

G_END_DECLS
