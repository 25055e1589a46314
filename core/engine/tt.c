/* Transposition table with generation ageing (see tt.h). */
#include "engine/tt.h"

#include <stdint.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "engine/engine.h"

#define HUGE_PAGE ((gsize) 2 << 20)

/* Zeroed entries on 2 MiB pages where Linux gives them (transparent huge pages, asked
 * for with madvise): a probe is a random access into many megabytes, and with 4 KiB
 * pages most probes also missed the TLB, and the first search of a new table took a
 * page fault every 4 KiB. Elsewhere, or if the mapping fails, GLib's zeroed memory. */
static TsTTEntry *
alloc_entries (TsTT *tt, gsize bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= HUGE_PAGE && bytes % HUGE_PAGE == 0)
    {
      char *map = mmap (NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (map != MAP_FAILED)
        {
          /* Aligned to 2 MiB: the unaligned head and the tail go back. */
          char *start = (char *) (((uintptr_t) map + HUGE_PAGE - 1) & ~(uintptr_t) (HUGE_PAGE - 1));

          if (start > map)
            munmap (map, (gsize) (start - map));
          munmap (start + bytes, (gsize) (map + HUGE_PAGE - start));   /* never empty */
          madvise (start, bytes, MADV_HUGEPAGE);
          tt->mapped = bytes;
          return (TsTTEntry *) start;
        }
    }
#endif
  tt->mapped = 0;
  return g_malloc0 (bytes);
}

void
ts_tt_init (TsTT *tt, guint megabytes)
{
  gsize bytes = (gsize) MAX (megabytes, 1u) << 20;
  gsize n = 1;

  while (n * 2 * TS_TT_BUCKET * sizeof (TsTTEntry) <= bytes)
    n *= 2;
  tt->n_buckets = n;
  tt->entries = alloc_entries (tt, n * TS_TT_BUCKET * sizeof (TsTTEntry));
  tt->generation = 0;
  tt->salt = 0;
}

void
ts_tt_free (TsTT *tt)
{
#ifdef __linux__
  if (tt->entries && tt->mapped)
    munmap (tt->entries, tt->mapped);
  else
#endif
    g_free (tt->entries);
  tt->entries = NULL;
  tt->mapped = 0;
  tt->n_buckets = 0;
}

/* Empties the table without writing it (zeroing 16 MiB and more took longer than many
 * searches): the keys stored from now on are salted anew, so that no earlier entry
 * matches a probe (as often as two positions' keys collide: one in 2^32), and the
 * generation moves half its cycle on, so that the earlier entries are 32 searches
 * old and are replaced first, as empty ones are. */
void
ts_tt_clear (TsTT *tt)
{
  tt->salt += 0x9e3779b9u;   /* odd: 2^32 clears before a salt comes back */
  tt->generation = (tt->generation + 32) & 63;
}

void
ts_tt_new_search (TsTT *tt)
{
  tt->generation = (tt->generation + 1) & 63;
}

static int
score_to_tt (int score, int ply)
{
  if (score > TS_SCORE_MATE_BOUND)
    return score + ply;
  if (score < -TS_SCORE_MATE_BOUND)
    return score - ply;
  return score;
}

static int
score_from_tt (int score, int ply)
{
  if (score > TS_SCORE_MATE_BOUND)
    return score - ply;
  if (score < -TS_SCORE_MATE_BOUND)
    return score + ply;
  return score;
}

gboolean
ts_tt_probe (const TsTT *tt, guint64 key, int ply,
             TsMove *move, int *score, int *depth, int *bound)
{
  TsTTEntry *b = ts_tt_bucket (tt, key);
  guint32 k = (guint32) (key >> 32) ^ tt->salt;

  for (int i = 0; i < TS_TT_BUCKET; i++)
    if (b[i].key == k && (b[i].genbound & 3) != TS_BOUND_NONE)
      {
        /* Refresh the age so that a hit survives replacement. */
        b[i].genbound = (guint8) ((tt->generation << 2) | (b[i].genbound & 3));
        *move = b[i].move;
        *score = score_from_tt (b[i].score, ply);
        *depth = b[i].depth;
        *bound = b[i].genbound & 3;
        return TRUE;
      }
  return FALSE;
}

void
ts_tt_store (TsTT *tt, guint64 key, int ply, TsMove move, int score, int depth, int bound)
{
  TsTTEntry *b = ts_tt_bucket (tt, key);
  guint32 k = (guint32) (key >> 32) ^ tt->salt;
  TsTTEntry *victim = NULL;
  int worst = G_MAXINT;

  for (int i = 0; i < TS_TT_BUCKET; i++)
    {
      if (b[i].key == k || (b[i].genbound & 3) == TS_BOUND_NONE)
        {
          victim = &b[i];
          break;
        }
      /* Replace the shallowest entry, counting each generation of age as 8 plies. */
      int age = (tt->generation - (b[i].genbound >> 2)) & 63;
      int worth = b[i].depth - 8 * age;
      if (worth < worst)
        {
          worst = worth;
          victim = &b[i];
        }
    }

  /* Keep the old move when the new store has none for the same position. */
  if (victim->key == k && move.to == TS_NO_CELL && (victim->genbound & 3) != TS_BOUND_NONE)
    move = victim->move;
  if (victim->key == k && bound != TS_BOUND_EXACT && depth + 2 < victim->depth &&
      (victim->genbound >> 2) == tt->generation)
    return;

  victim->key = k;
  victim->move = move;
  victim->score = (gint16) score_to_tt (score, ply);
  victim->depth = (guint8) CLAMP (depth, 0, 255);
  victim->genbound = (guint8) ((tt->generation << 2) | bound);
}

guint
ts_tt_hashfull (const TsTT *tt)
{
  guint used = 0, total = 0;

  for (gsize i = 0; i < MIN (tt->n_buckets, (gsize) 250); i++)
    for (int j = 0; j < TS_TT_BUCKET; j++, total++)
      {
        const TsTTEntry *e = &tt->entries[i * TS_TT_BUCKET + j];
        if ((e->genbound & 3) != TS_BOUND_NONE && (e->genbound >> 2) == tt->generation)
          used++;
      }
  return total ? used * 1000 / total : 0;
}
