/* Evaluation tables: material from computed piece values, centrality, mobility along
 * probed rays, pawn progress and king safety; the evaluation itself is in
 * eval-position.c. See docs/engine.md. */
#include "engine/eval-private.h"

#include <math.h>
#include <string.h>

#include "rules/lone-targets.h"
#include "rules/move.h"

/* The weights below can be set for a build (-DCENTRE_WEIGHT=4): tuning matches play such
 * builds against the defaults (scripts/build-baseline.sh, docs/engine.md "Tuning"). */

/* value = VALUE_BASE + VALUE_PER_TARGET × average empty-board mobility: fitted so that
 * orthodox 2D chess gives N 314, B 436, R 620, Q 926. Pawns are the unit (100). */
#ifndef VALUE_BASE
#define VALUE_BASE        130.0
#endif
#ifndef VALUE_PER_TARGET
#define VALUE_PER_TARGET  35.0
#endif
/* Matches chose 25 for Raumschach: +42.8 ± 30.2 Elo against 35 in 400 games; 45 lost
 * −57.9 ± 40.4, 20 was even. Not for every variant: in Nihongi 25 lost −68.6 ± 40.2
 * (docs/engine.md, "Tuning"). */
#ifndef RAUMSCHACH_VALUE_PER_TARGET
#define RAUMSCHACH_VALUE_PER_TARGET 25.0
#endif
/* Parton's 6×6×6 board too: +56.1 ± 32.5 Elo against 35 in 400 games (two opening sets);
 * its Compulsion form +72.6 ± 43.8 in 238 (all the openings two seeds give). */
#ifndef PARTON_VALUE_PER_TARGET
#define PARTON_VALUE_PER_TARGET 25.0
#endif
/* Nihongi's 3×3×3×3 the other way: 45 won +36.6 ± 30.2 against 35 in 400 games. */
#ifndef NIHONGI_VALUE_PER_TARGET
#define NIHONGI_VALUE_PER_TARGET 45.0
#endif
#define PAWN_VALUE        100

#ifndef CENTRE_WEIGHT
#define CENTRE_WEIGHT     2
#endif
/* A pawn δ cells further from its army's centre than at the start: ADVANCE_LINEAR × δ +
 * ADVANCE_SQUARE × δ² (half of it in the middlegame). */
#ifndef ADVANCE_LINEAR
#define ADVANCE_LINEAR    8
#endif
#ifndef ADVANCE_SQUARE
#define ADVANCE_SQUARE    3
#endif
/* Doubled for Raumschach by matches: +36.6 ± 30.9 Elo in 400 games, then +56.1 ± 43.0 in
 * 200 more on top of its piece values; Cubic 8×8×8 leaned the other way (−27.9 ± 44.0).
 * Tripled: +32.2 ± 30.9 in 400 games (two opening sets) against doubled; four times
 * +11.3 ± 31.6 against tripled, not kept. */
#ifndef RAUMSCHACH_ADVANCE_LINEAR
#define RAUMSCHACH_ADVANCE_LINEAR 24
#endif
#ifndef RAUMSCHACH_ADVANCE_SQUARE
#define RAUMSCHACH_ADVANCE_SQUARE 9
#endif
/* Parton's pawns want far more: doubled won +152.4 ± 34.3 Elo in 400 games (two opening
 * sets) against the default, tripled +144.1 ± 36.2 against doubled, five times
 * +158.7 ± 34.2 against tripled, eight times +214.8 ± 38.7 against five, twelve times
 * +178.3 ± 35.3 against eight, sixteen times +40.1 ± 32.2 against twelve (400 games each):
 * the gains are getting small. */
#ifndef PARTON_ADVANCE_LINEAR
#define PARTON_ADVANCE_LINEAR 128
#endif
#ifndef PARTON_ADVANCE_SQUARE
#define PARTON_ADVANCE_SQUARE 48
#endif
/* a attacks on the cells around a king: KING_ATTACK_SQUARE × a² + KING_ATTACK_LINEAR × a,
 * at most KING_ATTACK_MAX (middlegame). */
#ifndef KING_ATTACK_SQUARE
#define KING_ATTACK_SQUARE 3
#endif
#ifndef KING_ATTACK_LINEAR
#define KING_ATTACK_LINEAR 6
#endif
#ifndef KING_ATTACK_MAX
#define KING_ATTACK_MAX   600
#endif

#ifndef KING_ATTACK
#define KING_ATTACK       1.0
#endif
/* Halved for Raumschach by matches: +77.7 ± 31.6 Elo in 400 games (two opening sets)
 * against the whole penalty (doubled had lost −65.9 in 64 games); a quarter, +30.5 ± 29.1
 * in 400 against a half. */
#ifndef RAUMSCHACH_KING_ATTACK
#define RAUMSCHACH_KING_ATTACK 0.25
#endif
/* Cubic 8×8×8's too: +65.0 ± 33.6 Elo in 400 games (two opening sets; a quarter against
 * a half: +12.2 ± 43.4 in 200, not kept); and Nihongi's, +95.3 ± 32.6 in 400, then a
 * quarter, +32.2 ± 31.8 in 400 against a half. */
#ifndef CUBIC8_KING_ATTACK
#define CUBIC8_KING_ATTACK 0.5
#endif
#ifndef NIHONGI_KING_ATTACK
#define NIHONGI_KING_ATTACK 0.25
#endif
/* Parton's: +33.1 ± 32.1 in 400; a quarter against a half, −6.9 ± 29.2 in 400: not kept.
 * Its Compulsion form keeps the whole penalty: a half lost −34.0 ± 34.6 in 400. */
#ifndef PARTON_KING_ATTACK
#define PARTON_KING_ATTACK 0.5
#endif

/* The variants tuned by matches; the others take the defaults. */
static const struct {
  const char    *id;
  TsEvalWeights  w;
} tuned[] = {
  { "raumschach", { RAUMSCHACH_VALUE_PER_TARGET, RAUMSCHACH_ADVANCE_LINEAR, RAUMSCHACH_ADVANCE_SQUARE,
                    RAUMSCHACH_KING_ATTACK } },
  { "parton", { PARTON_VALUE_PER_TARGET, PARTON_ADVANCE_LINEAR, PARTON_ADVANCE_SQUARE, PARTON_KING_ATTACK } },
  { "parton-compulsion", { PARTON_VALUE_PER_TARGET, ADVANCE_LINEAR, ADVANCE_SQUARE, KING_ATTACK } },
  { "nihongi", { NIHONGI_VALUE_PER_TARGET, ADVANCE_LINEAR, ADVANCE_SQUARE, NIHONGI_KING_ATTACK } },
  { "cubic8", { VALUE_PER_TARGET, ADVANCE_LINEAR, ADVANCE_SQUARE, CUBIC8_KING_ATTACK } },
};

void
ts_eval_weights (const TsVariant *v, TsEvalWeights *w)
{
  *w = (TsEvalWeights) { VALUE_PER_TARGET, ADVANCE_LINEAR, ADVANCE_SQUARE, KING_ATTACK };
  for (guint i = 0; i < G_N_ELEMENTS (tuned); i++)
    if (g_str_equal (v->id, tuned[i].id))
      *w = tuned[i].w;
}

static int
sq (int x)
{
  return x * x;
}

/* gcd_of[a][b]: the greatest common divisor of two coordinate differences (boards are
 * at most 9 wide); gcd_of[0][a] = a. */
static const guint8 gcd_of[9][9] = {
  { 0, 1, 2, 3, 4, 5, 6, 7, 8 },
  { 1, 1, 1, 1, 1, 1, 1, 1, 1 },
  { 2, 1, 2, 1, 2, 1, 2, 1, 2 },
  { 3, 1, 1, 3, 1, 1, 3, 1, 1 },
  { 4, 1, 2, 1, 4, 1, 2, 1, 4 },
  { 5, 1, 1, 1, 1, 5, 1, 1, 1 },
  { 6, 1, 2, 3, 2, 1, 6, 1, 2 },
  { 7, 1, 1, 1, 1, 1, 1, 7, 1 },
  { 8, 1, 2, 1, 4, 1, 2, 1, 8 },
};

/* The order of a piece's targets in its rays: by reduced direction, the last dimension
 * the most significant, then step. The coordinate difference of two cells is a place
 * in a box of differences (as chess-load.c's attack table), and the box's order is
 * that of the directions: the differences are ranked once, each direction followed by
 * its multiples, and each cell's targets fall into their ranks (sorting each cell's
 * targets, and finding them by generating moves, were most of making an engine). */
typedef struct {
  guint    box;                 /* the differences */
  int      centre;              /* the zero difference */
  int      key[TS_MAX_CELLS];   /* key[a] - key[b] + centre: the difference from b to a */
  gint16  *rank;                /* [difference] */
  guint8  *extends;             /* [rank]: the direction of the rank before, a step on */
  guint64 *placed;              /* a bit a rank: a cell's targets (cleared as read) */
  TsCell  *at;                  /* [rank]: the cell of that target */
} RayOrder;

/* Ranks the multiples of the difference diff if it is a reduced direction; returns the
 * next rank. */
static guint
rank_multiples (RayOrder *o, const TsGeometry *g, guint diff, guint r)
{
  int rest = (int) diff, gcd = 0, steps = TS_MAX_SIZE;

  for (guint d = 0; d < g->ndims; d++)
    {
      int width = 2 * (int) g->size[d] - 1, delta = rest % width - ((int) g->size[d] - 1);

      rest /= width;
      gcd = gcd_of[gcd][ABS (delta)];
      if (delta)
        steps = MIN (steps, ((int) g->size[d] - 1) / ABS (delta));
    }
  for (int step = 1; gcd == 1 && step <= steps; step++, r++)
    {
      o->rank[o->centre + step * ((int) diff - o->centre)] = (gint16) r;
      o->extends[r] = step > 1;
    }
  return r;
}

static RayOrder *
ray_order_new (const TsEval *ev)
{
  const TsGeometry *g = &ev->variant->geometry;
  RayOrder *o = g_new0 (RayOrder, 1);
  int mult[TS_MAX_DIMS] = { 0 };
  guint r = 0;

  o->box = 1;
  for (guint d = 0; d < g->ndims; d++)
    {
      mult[d] = (int) o->box;
      o->centre += ((int) g->size[d] - 1) * mult[d];
      o->box *= 2 * g->size[d] - 1;
    }
  for (guint c = 0; c < ev->ncells; c++)
    for (guint d = 0; d < g->ndims; d++)
      o->key[c] += ev->coords[c][d] * mult[d];
  o->rank = g_new (gint16, o->box);
  o->extends = g_new0 (guint8, o->box);
  for (guint i = 0; i < o->box; i++)
    r = rank_multiples (o, g, i, r);
  o->rank[o->centre] = (gint16) r;   /* no target: ranked last */
  o->placed = g_new0 (guint64, (o->box + 63) / 64);
  o->at = g_new (TsCell, o->box);
  return o;
}

static void
ray_order_free (RayOrder *o)
{
  g_free (o->rank);
  g_free (o->extends);
  g_free (o->placed);
  g_free (o->at);
  g_free (o);
}

/* Ends the ray whose length is at longer[ray]: a ray of one cell moves to single. */
static inline void
end_ray (gint16 *longer, guint ray, guint *n_longer, gint16 *single, guint *n_single)
{
  if (*n_longer == ray + 2)
    {
      single[(*n_single)++] = longer[ray + 1];
      *n_longer = ray;
    }
  else
    longer[ray] = (gint16) (*n_longer - ray - 1);
}

/* Groups the targets of one piece, from, into rays: targets sharing a reduced
 * direction, in order of distance; a gap in the distances starts a new ray. With
 * sees, marks them in seen_from. Returns the number of targets. */
static guint
append_rays (TsEval *ev, GArray *rays, RayOrder *o, TsCell from, const guint64 *cells,
             gboolean sees)
{
  const gint16 *rank = o->rank + o->centre - o->key[from];
  guint64 *seen = ev->seen_from + from / 64, from_bit = G_GUINT64_CONSTANT (1) << (from % 64);
  guint n = 0;

  for (guint w = 0; w < ev->map_words; w++)
    for (guint64 bits = cells[w]; bits; bits &= bits - 1, n++)
      {
        TsCell to = (TsCell) (w * 64 + (guint) __builtin_ctzll (bits));
        guint r = (guint) rank[o->key[to]];

        o->placed[r / 64] |= G_GUINT64_CONSTANT (1) << (r % 64);
        o->at[r] = to;
        if (sees)
          seen[(gsize) to * ev->map_words] |= from_bit;
      }

  /* The rays of one cell (leaps, and slides cut short by the board's edge) come first:
   * each ray is listed with its length as it comes, and moves to single if it ends
   * after one cell. */
  gint16 single[TS_MAX_CELLS], longer[2 * TS_MAX_CELLS];
  guint n_single = 0, n_longer = 0, ray = 0, last = G_MAXUINT;
  for (guint w = 0; w < (o->box + 63) / 64; w++)
    if (o->placed[w])
      {
        for (guint64 bits = o->placed[w]; bits; bits &= bits - 1)
          {
            guint r = w * 64 + (guint) __builtin_ctzll (bits);

            if (!(r == last + 1 && o->extends[r]))
              {
                if (n_longer > 0)
                  end_ray (longer, ray, &n_longer, single, &n_single);
                ray = n_longer++;
              }
            longer[n_longer++] = o->at[r];
            last = r;
          }
        o->placed[w] = 0;
      }
  if (n_longer > 0)
    end_ray (longer, ray, &n_longer, single, &n_single);

  /* The count of single cells, those cells, each longer ray (its length, then its
   * cells), and a length of 0 to end the list. */
  guint start = rays->len;
  g_array_set_size (rays, start + n_single + n_longer + 2);
  gint16 *out = &g_array_index (rays, gint16, start);
  out[0] = (gint16) n_single;
  memcpy (out + 1, single, n_single * sizeof *out);
  memcpy (out + 1 + n_single, longer, n_longer * sizeof *out);
  out[1 + n_single + n_longer] = 0;
  return n;
}

/* Numbers type t's direction, not yet numbered, of the longer ray whose first two
 * cells are a and b (a step of the reduced direction), and marks every multiple of it
 * on the board in ev->ray_dir; none where the type has too many. */
static void
number_direction (TsEval *ev, const RayOrder *o, guint t, TsCell a, TsCell b)
{
  guint8 *dir = ev->ray_dir + (gsize) t * o->box + o->centre;
  int step = o->key[b] - o->key[a], steps = TS_MAX_SIZE;

  if (ev->n_dirs[t] == 0xff)
    return;
  for (guint k = 0; k < ev->variant->geometry.ndims; k++)
    {
      int delta = ev->coords[b][k] - ev->coords[a][k];
      if (delta)
        steps = MIN (steps, ((int) ev->variant->geometry.size[k] - 1) / ABS (delta));
    }
  for (int m = 1; m <= steps; m++)
    dir[m * step] = (guint8) ev->n_dirs[t];
  ev->n_dirs[t]++;
}

/* The longer rays by direction (ray_dir, dir_ray; see eval.h), from the rays listed. */
static void
init_ray_dirs (TsEval *ev, const RayOrder *o)
{
  gsize n_dirs = 0;

  memcpy (ev->dir_key, o->key, sizeof ev->dir_key);
  ev->ray_dir = g_malloc ((gsize) ev->n_types * o->box);
  memset (ev->ray_dir, 0xff, (gsize) ev->n_types * o->box);
  for (guint t = 0; t < ev->n_types; t++)
    {
      guint8 *dir = ev->ray_dir + (gsize) t * o->box + o->centre;

      ev->ray_dir_of[t] = dir;
      for (guint c = 0; c < ev->ncells; c++)
        if (ev->ray_start_of[t][c] >= 0)
          {
            const gint16 *r = ev->rays + ev->ray_start_of[t][c];
            for (r += 1 + r[0]; *r; r += 1 + *r)
              if (dir[o->key[r[2]] - o->key[r[1]]] == 0xff)
                number_direction (ev, o, t, (TsCell) r[1], (TsCell) r[2]);
          }
      if (ev->n_dirs[t] == 0xff)
        ev->whole_rewalk |= 1u << t;
      n_dirs += ev->n_dirs[t] * ev->ncells;
    }

  ev->dir_ray = g_new (gint32, MAX (n_dirs, 1));
  memset (ev->dir_ray, 0xff, n_dirs * sizeof *ev->dir_ray);
  n_dirs = 0;
  for (guint t = 0; t < ev->n_types; t++)
    {
      const guint8 *dir = ev->ray_dir_of[t];
      gint32 *ray_of = ev->dir_ray + n_dirs;

      ev->dir_ray_of[t] = ray_of;
      n_dirs += ev->n_dirs[t] * ev->ncells;
      /* (a type of single cells only, as a leaper, has nothing to check) */
      for (guint c = 0; c < ev->ncells && ev->n_dirs[t] && !(ev->whole_rewalk & (1u << t));
           c++, ray_of += ev->n_dirs[t])
        if (ev->ray_start_of[t][c] >= 0)
          {
            gint32 start = ev->ray_start_of[t][c];
            const gint16 *r = ev->rays + start;
            for (r += 1 + r[0]; *r; r += 1 + *r)
              {
                guint8 number = dir[o->key[r[1]] - o->key[c]];
                if (ray_of[number] >= 0)
                  ev->whole_rewalk |= 1u << t;
                ray_of[number] = (gint32) (r - ev->rays);
              }
            /* a single target in the direction of a longer ray would be taken for it */
            r = ev->rays + start;
            for (int k = 1; k <= r[0]; k++)
              {
                guint8 number = dir[o->key[r[k]] - o->key[c]];
                if (number != 0xff && ray_of[number] >= 0)
                  ev->whole_rewalk |= 1u << t;
              }
          }
    }
}

/* The targets of a piece of type t alone on cell c of the empty board, as seat 0:
 * read from the rules' tables, or where they do not tell, its moves generated. */
static void
lone_targets (const TsEval *ev, TsPosition *board, TsMoveList *moves, guint t, TsCell c,
              guint64 *cells)
{
  if (ts_variant_lone_targets (ev->variant, t, c, cells))
    return;
  memset (cells, 0, ev->map_words * sizeof *cells);
  moves->n = 0;
  ts_position_set_piece (board, c, TS_PIECE_MAKE (0, t));
  ts_position_generate_legal (board, moves);
  ts_position_set_piece (board, c, 0);
  for (guint i = 0; i < moves->n; i++)
    {
      TsCell to = moves->moves[i].to;

      if (moves->moves[i].from == c && to != TS_NO_CELL && to != c)
        cells[to / 64] |= G_GUINT64_CONSTANT (1) << (to % 64);
    }
}

static double
distance (const TsEval *ev, TsCell c, const double centroid[TS_MAX_DIMS])
{
  double s = 0;

  for (guint d = 0; d < ev->variant->geometry.ndims; d++)
    s += (ev->coords[c][d] - centroid[d]) * (ev->coords[c][d] - centroid[d]);
  return sqrt (s);
}

static void
init_pawn_progress (TsEval *ev, const TsEvalWeights *w)
{
  g_autoptr (TsPosition) start = ts_position_new_initial (ev->variant);
  const guint nd = ev->variant->geometry.ndims;

  for (guint s = 0; s < ev->n_seats; s++)
    {
      double centroid[TS_MAX_DIMS] = { 0 }, d0 = 0;
      guint n = 0, npawns = 0;

      for (guint c = 0; c < ev->ncells; c++)
        {
          TsPiece p = ts_position_piece_at (start, (TsCell) c);
          if (p && TS_PIECE_SEAT (p) == s)
            {
              for (guint d = 0; d < nd; d++)
                centroid[d] += ev->coords[c][d];
              n++;
            }
        }
      if (n == 0)
        continue;
      for (guint d = 0; d < nd; d++)
        centroid[d] /= n;
      for (guint c = 0; c < ev->ncells; c++)
        {
          TsPiece p = ts_position_piece_at (start, (TsCell) c);
          if (p && TS_PIECE_SEAT (p) == s && ev->variant->piece_types[TS_PIECE_TYPE (p)].pawn)
            {
              d0 += distance (ev, (TsCell) c, centroid);
              npawns++;
            }
        }
      if (npawns)
        d0 /= npawns;
      for (guint c = 0; c < ev->ncells; c++)
        {
          double delta = distance (ev, (TsCell) c, centroid) - d0;
          if (delta > 0)
            ev->advance[s * ev->ncells + c] = (gint16) (w->advance_linear * delta + w->advance_square * delta * delta);
        }
    }
}

/* The first pass's terms per piece and cell, summed once here. */
static void
init_piece_tables (TsEval *ev)
{
  gsize n = (gsize) 64 * ev->ncells;

  ev->pst = g_new0 (gint64, n);
  for (guint k = 0; k < 64; k++)
    ev->pst_of[k] = ev->pst + (gsize) k * ev->ncells;
  for (guint s = 0; s < ev->n_seats; s++)
    for (guint t = 0; t < ev->n_types; t++)
      {
        gint64 *pst = ev->pst + (gsize) (s << 4 | t) * ev->ncells;
        gboolean royal = ev->royal_mask & (1u << t), pawn = ev->pawn_mask & (1u << t);

        ev->npm[t] = royal || pawn ? 0 : ev->value[t];
        for (guint c = 0; c < ev->ncells; c++)
          {
            int centre = ev->centre[t * ev->ncells + c];
            int adv = ev->advance[s * ev->ncells + c];

            /* Kings hide in the middlegame and centralise in the endgame. */
            if (royal)
              pst[c] = EVAL_PACK ((gint16) -centre, (gint16) (2 * centre));
            else if (pawn)
              pst[c] = EVAL_PACK ((gint16) (ev->value[t] + adv / 2), (gint16) (ev->value[t] + adv));
            else
              pst[c] = EVAL_PACK ((gint16) (ev->value[t] + centre), (gint16) (ev->value[t] + centre / 2));
          }
      }
}

static void
init_phase (TsEval *ev)
{
  g_autoptr (TsPosition) start = ts_position_new_initial (ev->variant);

  ev->phase_total = 0;
  for (guint c = 0; c < ev->ncells; c++)
    {
      TsPiece p = ts_position_piece_at (start, (TsCell) c);
      if (p && !ev->variant->piece_types[TS_PIECE_TYPE (p)].pawn)
        ev->phase_total += ev->value[TS_PIECE_TYPE (p)];
    }
  ev->phase_total = MAX (ev->phase_total, 1);
}

/* Each cell's neighbours (one step in any direction), ascending, ended by -1: the 3^d − 1
 * offsets with the last dimension the most significant, as in the cells' numbering.
 * An offset is a step in the cells' numbering and the borders it crosses (bit 2d: back
 * along dimension d, 2d + 1: forward); a cell, the borders it stands on. (Comparing
 * every pair of cells made this a tenth of the cost of making an engine.) */
static void
init_neighbours (TsEval *ev)
{
  const TsGeometry *g = &ev->variant->geometry;
  guint n_offsets = 1;
  int step[81] = { 0 };
  guint8 crosses[81] = { 0 };

  for (guint d = 0; d < g->ndims; d++)
    n_offsets *= 3;
  for (guint o = 0; o < n_offsets; o++)
    for (guint d = 0, rest = o, stride = 1; d < g->ndims; stride *= g->size[d], d++, rest /= 3)
      {
        int delta = (int) (rest % 3) - 1;

        step[o] += delta * (int) stride;
        crosses[o] |= (guint8) ((delta < 0) << 2 * d | (delta > 0) << (2 * d + 1));
      }
  /* zeroed: the bytes after each end marker are never read, but a byte hash of the
   * table (an exactness check) must repeat */
  ev->neighbours = g_new0 (gint16, (gsize) ev->ncells * 81);
  for (guint c = 0; c < ev->ncells; c++)
    {
      guint k = 0;
      guint8 borders = 0;

      for (guint d = 0; d < g->ndims; d++)
        borders |= (guint8) ((ev->coords[c][d] == 0) << 2 * d |
                             (ev->coords[c][d] == (int) g->size[d] - 1) << (2 * d + 1));
      for (guint o = 0; o < n_offsets; o++)
        if (!(crosses[o] & borders) && o != n_offsets / 2)
          ev->neighbours[c * 81 + k++] = (gint16) ((int) c + step[o]);
      ev->neighbours[c * 81 + k] = -1;
    }
}

void
ts_eval_init (TsEval *ev, const TsVariant *v)
{
  memset (ev, 0, sizeof *ev);
  ev->variant = v;
  ev->doseki = v->family == TS_FAMILY_DOSEKI;
  ev->n_seats = v->n_seats;
  ev->n_types = v->n_piece_types;
  ev->ncells = v->geometry.ncells;
  for (guint i = 0; i < v->n_seats; i++)
    for (guint j = 0; j < i; j++)
      ev->teams |= v->team[i] == v->team[j];

  for (guint c = 0; c < ev->ncells; c++)
    ts_geometry_coords (&v->geometry, (TsCell) c, ev->coords[c]);
  for (guint t = 0; t < ev->n_types; t++)
    {
      ev->royal_mask |= (guint) v->piece_types[t].royal << t;
      ev->pawn_mask |= (guint) v->piece_types[t].pawn << t;
    }

  init_neighbours (ev);

  ev->centre = g_new0 (gint16, (gsize) ev->n_types * ev->ncells);
  ev->advance = g_new0 (gint16, (gsize) 4 * ev->ncells);
  ev->ray_start = g_new (gint32, (gsize) ev->n_types * ev->ncells);
  for (gsize i = 0; i < (gsize) ev->n_types * ev->ncells; i++)
    ev->ray_start[i] = -1;
  for (guint t = 0; t < ev->n_types; t++)
    ev->ray_start_of[t] = ev->ray_start + (gsize) t * ev->ncells;
  for (guint s = 0; s < 4; s++)
    for (guint q = 0; q < 256; q++)
      ev->reachable[s][q] = q == 0 || TS_PIECE_SEAT (q) != s;

  if (ev->doseki)
    {
      /* Every checker is worth the same; shapes only exist while moving. */
      for (guint t = 0; t < ev->n_types; t++)
        ev->value[t] = ev->attack_value[t] = DOSEKI_CHECKER;
      for (guint s = 0; s < ev->n_seats; s++)
        ev->doseki_forward[s] = s == 0 ? 1 : -1;
      ev->phase_total = 1;
      return;
    }

  /* Each piece type alone on the empty board, on every cell, as seat 0. Its targets
   * are the cells of its rays (ray_map) but for a king's: those give its value (for
   * exchanges), not mobility. */
  g_autoptr (TsPosition) board = ts_position_new_empty (v);
  TsEvalWeights weights;
  g_autoptr (GArray) rays = g_array_new (FALSE, FALSE, sizeof (gint16));
  TsMoveList moves;
  int *count = g_new0 (int, ev->ncells);
  RayOrder *order = ray_order_new (ev);
  gsize type_words;
  guint64 *king_cells;

  ev->map_words = (ev->ncells + 63) / 64;
  type_words = (gsize) ev->ncells * ev->map_words;
  king_cells = g_new (guint64, type_words);
  ev->ray_map = g_new0 (guint64, ev->n_types * type_words);
  for (guint t = 0; t < ev->n_types; t++)
    ev->ray_map_of[t] = ev->ray_map + t * type_words;
  ev->seen_from = g_new0 (guint64, type_words);
  ts_eval_weights (v, &weights);
  ts_move_list_init (&moves);
  for (guint t = 0; t < ev->n_types; t++)
    {
      const TsPieceType *pt = &v->piece_types[t];
      guint64 *cells = pt->royal ? king_cells : ev->ray_map + t * type_words;
      double total = 0;

      if (pt->pawn)
        {
          ev->value[t] = ev->attack_value[t] = PAWN_VALUE;
          continue;
        }
      for (guint c = 0; c < ev->ncells; c++)
        lone_targets (ev, board, &moves, t, (TsCell) c, cells + c * ev->map_words);
      for (guint c = 0; c < ev->ncells; c++)
        {
          if (!pt->royal)
            ev->ray_start[t * ev->ncells + c] = (gint32) rays->len;
          count[c] = (int) append_rays (ev, rays, order, (TsCell) c, cells + c * ev->map_words,
                                        !pt->royal);
          total += count[c];
        }
      ev->mobility[t] = total / ev->ncells;
      ev->mobility_base[t] = (int) lround (MOBILITY_WEIGHT * ev->mobility[t] / 2);
      ev->attack_value[t] = (int) lround (VALUE_BASE + weights.value_per_target * ev->mobility[t]);
      ev->value[t] = pt->royal ? 0 : ev->attack_value[t];
      for (guint c = 0; c < ev->ncells; c++)
        ev->centre[t * ev->ncells + c] =
          (gint16) lround (CENTRE_WEIGHT * (count[c] - ev->mobility[t]));
    }
  ts_move_list_clear (&moves);
  g_free (count);
  g_free (king_cells);
  ev->rays = (gint16 *) g_array_free (g_steal_pointer (&rays), FALSE);
  init_ray_dirs (ev, order);
  ray_order_free (order);

  init_pawn_progress (ev, &weights);
  init_phase (ev);
  init_piece_tables (ev);
  for (int a = 0; a < TS_EVAL_KING_ATTACKS; a++)
    ev->king_attack[a] = (gint16) MIN (KING_ATTACK_MAX,
                                       lround (weights.king_attack * (KING_ATTACK_SQUARE * sq (a) + KING_ATTACK_LINEAR * a)));
}

void
ts_eval_clear (TsEval *ev)
{
  g_clear_pointer (&ev->ray_start, g_free);
  g_clear_pointer (&ev->rays, g_free);
  g_clear_pointer (&ev->centre, g_free);
  g_clear_pointer (&ev->advance, g_free);
  g_clear_pointer (&ev->neighbours, g_free);
  g_clear_pointer (&ev->pst, g_free);
  g_clear_pointer (&ev->ray_map, g_free);
  g_clear_pointer (&ev->seen_from, g_free);
  g_clear_pointer (&ev->ray_dir, g_free);
  g_clear_pointer (&ev->dir_ray, g_free);
}
