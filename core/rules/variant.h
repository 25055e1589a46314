#pragma once

#include <glib.h>

#include "rules/geometry.h"

G_BEGIN_DECLS

typedef enum {
  TS_FAMILY_CHESS,
  TS_FAMILY_DOSEKI,
} TsFamily;

#define TS_MAX_SEATS       4
#define TS_MAX_PIECE_TYPES 16

typedef struct {
  char        letter;   /* 'K', 'U', 'E', 'S', 'W', 'H', 'P' ... as in RULES.md notation */
  const char *name;     /* English, untranslated, marked N_() ("Unicorn"); translate with _() */
  const char *image;    /* one of: king queen rook bishop knight pawn unicorn emperor
                           empress horse warder checker — what the UI draws */
  gboolean    royal;    /* king / emperor */
  gboolean    pawn;     /* promotes; resets the move counter */
} TsPieceType;

typedef struct _TsRulesOps     TsRulesOps;
typedef struct _TsVariantRules TsVariantRules;

typedef struct _TsVariant TsVariant;
struct _TsVariant {
  /* Readable by everybody. */
  const char  *id;                    /* "raumschach" */
  const char  *name;                  /* "Raumschach", untranslated (N_()) */
  TsFamily     family;
  TsGeometry   geometry;
  guint        n_seats;               /* 2 or 4 */
  guint        team[TS_MAX_SEATS];    /* team index per seat; free-for-all: team[i] = i */
  const char  *seat_names[TS_MAX_SEATS]; /* "White","Black" / "Red","Orange","Green","Blue", N_() */
  const char  *former_seat_names[TS_MAX_SEATS]; /* what earlier versions called the seats
                                                   ("Player 1"…), NULL if never renamed:
                                                   files that use them still open */
  guint        n_piece_types;
  TsPieceType  piece_types[TS_MAX_PIECE_TYPES]; /* index = the type number in TsPiece and TsMove */
  gboolean     has_drops;

  /* Private to the rules code (rules-private.h and the family implementations). */
  const TsRulesOps *ops;
  TsVariantRules   *rules;
  gpointer          family_data;      /* for a family other than chess */
};

/* Variants are built once from the descriptions in data/variants/ (embedded in the
 * library) plus any *.variant in $XDG_DATA_HOME/tessera/variants; never freed. */
const TsVariant        *ts_variant_lookup (const char *id);          /* NULL if unknown */
const TsVariant *const *ts_variant_list   (guint      *n_variants);  /* all, in a stable order */

int    ts_variant_piece_type_by_letter (const TsVariant *v,
                                        char             letter);    /* -1 if none */
/* The one-character key of a seat in position text ('w', 'b'; '1'…'4'; 'r' 'o' 'g' 'b'). */
char   ts_variant_seat_key   (const TsVariant *v,
                              guint            seat);

/* Cell names as RULES.md gives them per variant ("Aa1", "E1w", "1a1", "e5", "Ab2"). */
void   ts_variant_cell_name  (const TsVariant *v,
                              TsCell           cell,
                              char             buf[8]);
/* TS_NO_CELL on error; *end (if not NULL) points after the name. */
TsCell ts_variant_parse_cell (const TsVariant *v,
                              const char      *text,
                              const char     **end);

/* For drawing: the board as a list of 2D layers, each a grid of files × ranks. */
guint  ts_variant_n_layers   (const TsVariant *v);   /* 5 for raumschach, 9 for nihongi */
void   ts_variant_layer_name (const TsVariant *v,
                              guint            layer,
                              char             buf[8]);  /* "A", "w", "a", nihongi block "a1" ... */
TsCell ts_variant_layer_cell (const TsVariant *v,
                              guint            layer,
                              guint            file,
                              guint            rank);    /* file = x, rank = y within the layer */
void   ts_variant_cell_layer (const TsVariant *v,
                              TsCell           cell,
                              guint           *layer,
                              guint           *file,
                              guint           *rank);

G_END_DECLS
