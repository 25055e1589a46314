#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Numeric Annotation Glyphs, as in PGN: $1–$6 mark a move, $10–$19 judge the position. */
#define TS_NAG_MAX 255

typedef enum {
  TS_NAG_GOOD_MOVE        = 1,   /* !  */
  TS_NAG_MISTAKE          = 2,   /* ?  */
  TS_NAG_BRILLIANT        = 3,   /* !! */
  TS_NAG_BLUNDER          = 4,   /* ?? */
  TS_NAG_INTERESTING      = 5,   /* !? */
  TS_NAG_DUBIOUS          = 6,   /* ?! */
  TS_NAG_DRAWISH          = 10,
  TS_NAG_EQUAL_QUIET      = 11,
  TS_NAG_EQUAL_ACTIVE     = 12,
  TS_NAG_UNCLEAR          = 13,
  TS_NAG_FIRST_SLIGHT     = 14,  /* the first side (White, Red) stands slightly better */
  TS_NAG_SECOND_SLIGHT    = 15,
  TS_NAG_FIRST_MODERATE   = 16,
  TS_NAG_SECOND_MODERATE  = 17,
  TS_NAG_FIRST_DECISIVE   = 18,
  TS_NAG_SECOND_DECISIVE  = 19,
} TsNag;

gboolean    ts_nag_is_move_mark  (guint nag);
gboolean    ts_nag_is_evaluation (guint nag);
/* The glyph the UI shows ("!?", "±", "∞"); NULL for NAGs without one. */
const char *ts_nag_glyph         (guint nag);
/* The translated description ("Dubious move"); NULL for NAGs without one. */
const char *ts_nag_description   (guint nag);
/* The NAG whose glyph is exactly glyph (the six move marks and the evaluation glyphs);
 * for glyphs shared by several NAGs ("=") the first. 0 if none. */
guint       ts_nag_from_glyph    (const char *glyph);

G_END_DECLS
