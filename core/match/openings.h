/* Openings for matches (docs/engine.md, "Matches"): a start position and a few moves,
 * so that the games of a match differ. A file holds one opening a line, in the form of
 * the protocol's `position` arguments (docs/engine-protocol.md):
 *
 *     # comment
 *     variant raumschach startpos moves NCb2 NCb4 Bb3
 *     variant raumschach text raumschach w:… b:… turn=w moves …
 *
 * ts_openings_generate makes such lines: random moves among those a shallow search
 * finds nearly as good as its best, kept when the position after them is balanced. */
#pragma once

#include <glib.h>

#include "rules/position.h"

G_BEGIN_DECLS

typedef struct {
  TsPosition *start;     /* the game's start position */
  gboolean    initial;   /* start is the variant's initial position */
  GStrv       san;       /* the opening's moves from start, as the rules core writes them */
  guint       line;      /* in the file, 0 if generated */
} TsOpening;

void       ts_opening_free      (TsOpening *opening);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsOpening, ts_opening_free)

/* The openings of variant v in filename, in file order (lines of other variants are
 * skipped). NULL and "FILE:LINE: reason" for a line that does not read, or
 * "FILE: no opening of VARIANT" when there is none. A GPtrArray of TsOpening. */
GPtrArray *ts_openings_load     (const char      *filename,
                                 const TsVariant *v,
                                 GError         **error);
/* The same for a file's contents: length bytes of data (with a NUL after them); filename
 * names it in messages. */
GPtrArray *ts_openings_parse    (const char      *data,
                                 gsize            length,
                                 const char      *filename,
                                 const TsVariant *v,
                                 GError         **error);

typedef struct {
  guint   min_plies, max_plies;   /* the length of each opening, drawn uniformly */
  int     margin_cp;              /* each move at most this far below the best */
  int     balance_cp;             /* the end position's score at most this far from 0 (four
                                     players: from the start position's score) */
  guint   depth;                  /* of the searches that judge moves and positions */
  guint32 seed;                   /* same seed, same openings */
} TsOpeningsParams;

/* Up to count different openings from v's initial position (fewer only if attempts run
 * out: 200 per opening). progress (if not NULL) is called after each one found. */
GPtrArray *ts_openings_generate (const TsVariant        *v,
                                 guint                   count,
                                 const TsOpeningsParams *params,
                                 void                  (*progress) (guint found, gpointer data),
                                 gpointer                data);
/* The opening as a line of an openings file. */
char      *ts_opening_to_line   (const TsOpening *opening);

G_END_DECLS
