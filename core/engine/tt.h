/* Transposition table: buckets of four 16-byte entries (one cache line), replaced by
 * depth and age. Private to the engine. */
#pragma once

#include <glib.h>

#include "rules/move.h"

G_BEGIN_DECLS

enum { TS_BOUND_NONE = 0, TS_BOUND_UPPER = 1, TS_BOUND_LOWER = 2, TS_BOUND_EXACT = 3 };

/* Layout: key32 | move (8 bytes) | score16 | depth8 | generation6 + bound2. */
typedef struct {
  guint32 key;
  TsMove  move;
  gint16  score;
  guint8  depth;
  guint8  genbound;
} TsTTEntry;

#define TS_TT_BUCKET 4

typedef struct {
  TsTTEntry *entries;
  gsize      n_buckets;   /* a power of two */
  guint8     generation;  /* 0..63, advanced by each search */
  guint32    salt;        /* XORed into the stored keys: a clear changes it */
  gsize      mapped;      /* bytes mapped for the entries (0: allocated by GLib) */
} TsTT;

void     ts_tt_init   (TsTT *tt, guint megabytes);
void     ts_tt_free   (TsTT *tt);
void     ts_tt_clear  (TsTT *tt);
void     ts_tt_new_search (TsTT *tt);
/* Mate scores are stored relative to the node (ply-adjusted) and given back relative
 * to the root at the probing ply. */
gboolean ts_tt_probe  (const TsTT *tt, guint64 key, int ply,
                       TsMove *move, int *score, int *depth, int *bound);
void     ts_tt_store  (TsTT *tt, guint64 key, int ply,
                       TsMove move, int score, int depth, int bound);
static inline TsTTEntry *
ts_tt_bucket (const TsTT *tt, guint64 key)
{
  return tt->entries + (key & (tt->n_buckets - 1)) * TS_TT_BUCKET;
}

/* Starts loading key's bucket into the cache: called right after a move is made, the
 * child's probe then finds it there (a 16 MiB table misses the cache on most probes). */
static inline void
ts_tt_prefetch (const TsTT *tt, guint64 key)
{
  __builtin_prefetch (ts_tt_bucket (tt, key));
}

/* Per mille of the first 1000 buckets' entries written in this search. */
guint    ts_tt_hashfull (const TsTT *tt);

G_END_DECLS
