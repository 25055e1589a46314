#pragma once

#include "records/collection.h"

G_BEGIN_DECLS

/* Shared by collection.c (editing, writing) and collection-index.c (finding the games in
 * a file); not for other areas. */

/* One game of a collection: its text and the header the index read from it. Shared
 * between a collection's games and its last saved state, hence counted. */
typedef struct {
  gint             ref_count;
  guint            id;
  GBytes          *bytes;    /* the game's text, from its first to its last character */
  GBytes          *sep;      /* what followed it in the file before the next game; NULL: none */
  guint            line;     /* of the file, where bytes begins; 0 when not from the file */
  const TsVariant *variant;
  char            *fields[TS_GAME_N_FIELDS];   /* only the indexed ones */
  char            *players[TS_MAX_SEATS];
  guint            n_plies;
  GError          *error;
} TsCollectionEntry;

TsCollectionEntry *ts_collection_entry_new   (void);
TsCollectionEntry *ts_collection_entry_ref   (TsCollectionEntry *e);
void               ts_collection_entry_unref (TsCollectionEntry *e);
/* The header from a game read or written. */
void               ts_collection_entry_set_header (TsCollectionEntry *e, const TsGame *game);
/* Reads a game's text that begins on line of the file source, with the file's line
 * numbers. */
TsGame            *ts_collection_read_bytes  (GBytes *bytes, guint line, const char *source,
                                              GError **error);

/* What indexing a file finds: the bytes before the first game (the XML declaration and
 * the root's start tag; a text's leading blank lines), the games, and the bytes after
 * the last game. */
typedef struct {
  TsGameFormat  format;
  gboolean      single;    /* XML: the root is <tessera-game>; text: one game */
  GBytes       *prolog;
  GBytes       *trailer;
  GPtrArray    *entries;   /* TsCollectionEntry */
} TsCollectionIndex;

gboolean ts_collection_index (GBytes *data, const char *source, TsCollectionIndex *out,
                              GError **error);
void     ts_collection_index_clear (TsCollectionIndex *index);
/* Whether data's XML root (after the declaration, comments and white space) is
 * <tessera-collection>. */
gboolean ts_collection_index_looks_like_collection (GBytes *data);

/* The frame of a new collection file in each form. */
#define TS_COLLECTION_XML_PROLOG  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tessera-collection format=\"1\">\n"
#define TS_COLLECTION_XML_TRAILER "\n</tessera-collection>\n"
#define TS_COLLECTION_XML_SEP     "\n"
#define TS_COLLECTION_TEXT_SEP    "\n\n"
#define TS_COLLECTION_TEXT_TRAILER "\n"

G_END_DECLS
