#pragma once

/* Internals shared by the rules families (chess here, Doseki in core/doseki/).
 * Not for other areas: they use the public headers. */

#include <glib.h>

#include "rules/rules-ops.h"

G_BEGIN_DECLS

/* Board bytes in TsPosition.board: 0 empty, TS_CELL_OFF outside the board,
 * else a TsPiece, possibly with TS_PIECE_UNMOVED (first-move rights) or'ed in. */
#define TS_CELL_OFF       ((guint8) 0x01)
#define TS_PIECE_UNMOVED  ((guint8) 0x40)
#define TS_PIECE_MASK     ((guint8) 0xbf)
#define TS_PAD            2     /* border width: a knight's leap stays inside */
#define TS_OCC_WORDS      ((TS_MAX_CELLS + 63) / 64)

typedef struct {
  guint n_terms;
  guint axis[2];
  guint coef[2];
  char  alphabet[TS_MAX_SIZE * TS_MAX_SIZE + 1];
} TsCellNamePart;

/* One movement component of a piece: direction offset, range, condition. */
typedef struct {
  int    off;       /* internal offset */
  guint8 range;     /* max steps; 1 for leaps and steps */
  guint8 cond;      /* 1: only while the owner's king has never been in check */
  guint8 dir;       /* index in the attack ray table */
  guint8 pad_;
} TsRay;

#define TS_MAX_RAYS      96
#define TS_MAX_ATK_RANGE 9

typedef struct {
  char    name[8];        /* "O-O" */
  gint16  king_from, king_to, rook_from, rook_to;   /* internal cells */
  guint8  n_empty, n_safe;
  gint16  empty[8];
  gint16  safe[8];
} TsCastle;

typedef struct {
  guint   n_rays;
  TsRay  *rays;
  /* pawn-like (seat-dependent) movement */
  guint   n_moves[TS_MAX_SEATS], n_captures[TS_MAX_SEATS];
  int     moves[TS_MAX_SEATS][16];
  int     captures[TS_MAX_SEATS][16];
  gboolean double_step;
  gboolean seat_dependent;
  /* for counting: unconditional leaps (range 1) and unlimited slides, if that is all */
  gboolean fast;
  guint    n_leaps, n_slides;
  int      leaps[TS_MAX_RAYS], slides[TS_MAX_RAYS];
} TsPieceMoves;

typedef enum {
  TS_ELIM_NONE,       /* two players: no move ends the game */
  TS_ELIM_IMMOBILE,   /* the army stays, immovable and harmless */
  TS_ELIM_PARTNER,    /* the partner moves it */
} TsElimination;

struct _TsVariantRules {
  /* Generic: built by variant.c for every family. */
  int       order;
  int       stride[TS_MAX_DIMS];
  guint     n_padded;
  guint     n_occ_words;          /* occupancy words in use: (ncells + 63) / 64 */
  gint16   *to_padded;            /* [ncells] */
  gint16   *to_dense;             /* [n_padded], -1 outside */
  guint     n_name_parts;
  TsCellNamePart name_parts[TS_MAX_DIMS];
  guint     name_len;             /* cell names all have this many characters */
  char      seat_keys[TS_MAX_SEATS][4];
  guint     halfmove_limit;
  guint64  *zobrist;              /* [ncells][n_seats * n_piece_types] */
  guint64  *zobrist_unmoved;      /* [ncells] */
  guint64  *zobrist_ep;           /* [ncells] */
  guint64   zobrist_side[TS_MAX_SEATS];
  guint64   zobrist_out[TS_MAX_SEATS];
  guint64   zobrist_checked[TS_MAX_SEATS];
  guint64   zobrist_hand[TS_MAX_SEATS][TS_MAX_PIECE_TYPES][64];
  guint8   *initial;              /* [n_padded] board of the initial position */

  /* Chess family. */
  TsPieceMoves   moves[TS_MAX_PIECE_TYPES];
  guint          n_atk;           /* attack rays: distinct direction offsets */
  int            atk_off[TS_MAX_RAYS];
  guint8         atk_range[TS_MAX_RAYS];
  guint16        atk_mask[TS_MAX_RAYS][TS_MAX_ATK_RANGE + 1];   /* types attacking at distance r */
  guint16        atk_cond_mask[TS_MAX_RAYS][TS_MAX_ATK_RANGE + 1];
  guint          n_steps;         /* the first n_steps attack rays are the unit steps */
  guint          n_atk_slides, n_atk_leaps;   /* attack rays walked / looked at once */
  guint8         atk_slides[TS_MAX_RAYS], atk_leaps[TS_MAX_RAYS];
  guint16        pawnlike_mask;   /* types with seat-dependent movement */
  /* Attacks looked up by coordinate difference (ts_chess_attacked walks the attacking
   * side's pieces instead of every attack ray): atk_key[dense] gives a cell's index in
   * a box of differences, atk_delta[key(attacker) - key(target)] what can attack from
   * there (types, conditional types, the step toward the attacker, the distance) and
   * atk_pawn[seat][...] which pawn-like types capture from there (atk_any[seat][...]:
   * every type that may, for the scan's first test). NULL: the variant has an attack
   * direction that is a multiple of another vector (not looked up). */
  int           *atk_key;        /* [ncells] */
  struct TsAtkDelta { guint16 types, cond; gint16 step; guint8 dist, pad_; } *atk_delta;
  guint16       *atk_pawn[TS_MAX_SEATS];
  guint16       *atk_any[TS_MAX_SEATS];
  guint64       *atk_near;       /* [dense target][word]: cells a piece may attack it from */
  /* The same for the short-range types (short_mask: every ray one step, pawn-likes
   * without rays; set by chess.c after loading): a scan skips the pieces of those
   * types (TsPosition.occ_short) outside atk_near_short, most of the pieces on a
   * target's lines being pawns, knights and kings that cannot attack it from there. */
  guint16        short_mask;
  guint64       *atk_near_short;  /* [dense target][word] */
  guint16       *atk_any_all;     /* atk_any of every seat together (chess-attack.c) */
  /* The exchanges': the royal types where kings are checked (taking last), and the
   * seats on each side, [side << n_seats | out_mask][0: side's team, 1: the others]. */
  guint16        see_royal_mask;
  guint8       (*see_seats)[2];
  guint          max_piece_moves; /* at most one piece's pseudo-legal moves (chess.c) */
  /* Noisy generation's filter: the cells a leaper type reaches from a cell, [dense][word]
   * (n_occ_words words a cell; NULL for a type that rides), and for a pawn-like type
   * the cells it captures on and the promotion-zone cells it moves to, per seat
   * [seat][dense][word]: where they hold no enemy (nor, for a pawn, a zone cell of
   * promo_cells), the piece has no noisy move. */
  guint64       *reach[TS_MAX_PIECE_TYPES];
  guint64        promo_cells[TS_MAX_SEATS][TS_OCC_WORDS];   /* promo_zone, by dense cell */
  guint8        *promo_zone[TS_MAX_SEATS];   /* [n_padded] */
  guint8        *promo_mult[TS_MAX_SEATS];   /* [n_padded]: moves a pawn step there makes */
  guint          n_promos;
  guint8         promos[TS_MAX_PIECE_TYPES];
  guint          n_castles[TS_MAX_SEATS];
  TsCastle       castles[TS_MAX_SEATS][2];
  /* What a seat's moves may take, for each set of eliminated seats (st.out_mask), as
   * generation asks at every node: [seat << n_seats | out_mask]. */
  struct TsSeatTargets {
    guint8 enemies;      /* the seats that check its king (ts_chess_enemies) */
    guint8 cap_ok[256];  /* board values it may capture: not teammates, not a king check protects */
    guint8 cnt_ok[256];  /* the same, and empty cells */
  }             *seat_targets;
  guint16        unmoved_mask;    /* types whose first move matters */
  gboolean       check;           /* FALSE: kings are captured instead (parton-compulsion) */
  gboolean       compulsory_capture;
  gboolean       en_passant;
  gboolean       king_check_right; /* Nihongi */
  gboolean       eliminated_king_leaves;
  TsElimination  elimination;
};

/* The guarded king's checks and pins, as ts_chess_gen_init works them out. */
typedef struct {
  guint8  n_checkers, n_block, n_pinned;
  gint16  block[TS_MAX_SIZE];
  gint16  pinned[TS_MAX_RAYS];
} TsGuardScan;

struct _TsPosition {
  const TsVariant *variant;
  TsPositionState  st;
  guint            ply;
  guint8          *board;          /* [n_padded] */
  guint64          occ[TS_MAX_SEATS][TS_OCC_WORDS];   /* dense cells per seat */
  guint64          occ_short[TS_OCC_WORDS];           /* of short_mask types, every seat */
  guint16          type_bit[TS_MAX_CELLS];            /* dense: 1 << the piece's type, 0 empty */
  gint16           king[TS_MAX_SEATS];                /* internal cell or -1 */
  guint64         *history;        /* hashes of earlier positions, for repetition */
  /* Whether the side to move is in check, as last worked out (by a generation or a
   * check test) for the position of hash check_hash: searches ask after every move. */
  guint64          check_hash;
  gint8            check_state;    /* -1 unknown, 0 no, 1 yes */
  /* The side to move's guard scan, for the position of hash guard_hash (if
   * guard_known): after a four-player move, the next seat's 'has a legal move' test
   * and the search's generation that follows ask for the same. */
  gboolean         guard_known;
  guint64          guard_hash;
  TsGuardScan      guard_scan;
  guint            n_history, history_capacity;
};

static inline const TsVariantRules *
ts_rules (const TsPosition *p)
{
  return p->variant->rules;
}

/* The hash key of value on the dense cell. */
static inline guint64
ts_piece_key (const TsVariant *v,
              int              dense,
              guint8           value)
{
  const TsVariantRules *r = v->rules;
  guint64 k = r->zobrist[(gsize) dense * v->n_seats * v->n_piece_types +
                         TS_PIECE_SEAT (value) * v->n_piece_types + TS_PIECE_TYPE (value)];

  if (value & TS_PIECE_UNMOVED)
    k ^= r->zobrist_unmoved[dense];
  return k;
}

/* Sets an internal cell, keeping occupancy (by seat, of the short-range types), the
 * type bits and king cells right, and the hash with hash (without: for an undo, which
 * puts the saved state back after). Inline: make and unmake call it for every cell
 * they change. */
static inline G_ALWAYS_INLINE void
ts_position_put_hashed (TsPosition *p,
                        int         cell,
                        guint8      value,
                        gboolean    hash)
{
  const TsVariant *v = p->variant;
  guint8 old = p->board[cell];
  int dense = v->rules->to_dense[cell];

  if (old & 0x80)
    {
      guint s = TS_PIECE_SEAT (old);

      if (hash)
        p->st.hash ^= ts_piece_key (v, dense, old);
      p->occ[s][dense >> 6] &= ~(G_GUINT64_CONSTANT (1) << (dense & 63));
      p->occ_short[dense >> 6] &= ~(G_GUINT64_CONSTANT (1) << (dense & 63));
      if (p->king[s] == cell && v->piece_types[TS_PIECE_TYPE (old)].royal)
        p->king[s] = -1;
    }
  p->board[cell] = value;
  p->type_bit[dense] = (guint16) ((value >> 7) << TS_PIECE_TYPE (value));   /* 0: no piece */
  if (value & 0x80)
    {
      guint s = TS_PIECE_SEAT (value);

      if (hash)
        p->st.hash ^= ts_piece_key (v, dense, value);
      p->occ[s][dense >> 6] |= G_GUINT64_CONSTANT (1) << (dense & 63);
      if (v->rules->short_mask & (1u << TS_PIECE_TYPE (value)))
        p->occ_short[dense >> 6] |= G_GUINT64_CONSTANT (1) << (dense & 63);
      if (v->piece_types[TS_PIECE_TYPE (value)].royal)
        p->king[s] = (gint16) cell;
    }
}

/* Sets an internal cell, keeping hash, occupancy and king cells right. */
static inline void
ts_position_put (TsPosition *p,
                 int         cell,
                 guint8      value)
{
  ts_position_put_hashed (p, cell, value, TRUE);
}

/* One more ply without a capture or pawn move. The clock stops at its largest value: a
 * position text may start it there (halfmove=65535), and a game played on from it must
 * stay over by the fifty-move rule, not start again from 0. */
static inline void
ts_position_tick_halfmove (TsPosition *p)
{
  if (p->st.halfmove < G_MAXUINT16)
    p->st.halfmove++;
}

void     ts_position_history_push  (TsPosition *p);
void     ts_position_reset         (TsPosition *p);    /* empty board, default state */
guint64  ts_position_compute_hash  (const TsPosition *p);
guint64  ts_hand_key               (const TsVariantRules *r, guint seat, guint type, guint count);

gboolean ts_variant_load_chess     (TsVariant *v, GKeyFile *kf, GError **error);
void     ts_variant_free_chess     (TsVariant *v);   /* what loading it made, for a refused one */
gboolean ts_variant_parse_cells    (const TsVariant *v, const char *text, int *cells, guint max,
                                    guint *n, GError **error);   /* "Aa1,Ab2" -> internal */

/* How often the position occurred before, since the last capture or pawn move. */
guint ts_position_repetitions (const TsPosition *p);

G_END_DECLS
