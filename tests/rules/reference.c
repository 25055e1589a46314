/* The reference generator for the cross-check tests: deliberately simple and slow,
 * sharing no code with core/rules beyond the public API. */
#include <stdlib.h>
#include <string.h>

#include "reference.h"

typedef struct {
  const TsVariant *v;
  const char      *id;
  int              nd;
  int              size[4];
} Ref;

static gboolean
is (const Ref *r, const char *id)
{
  return strcmp (r->id, id) == 0;
}

static gboolean
prefix (const Ref *r, const char *id)
{
  return g_str_has_prefix (r->id, id);
}

static void
coords (const Ref *r, TsCell c, int co[4])
{
  ts_geometry_coords (&r->v->geometry, c, co);
}

static TsCell
cell_at (const Ref *r, const int co[4])
{
  return ts_geometry_cell (&r->v->geometry, co);
}

static TsCell
offset (const Ref *r, TsCell c, const int d[4], int k)
{
  int co[4];

  coords (r, c, co);
  for (int i = 0; i < 4; i++)
    co[i] += k * d[i];
  return cell_at (r, co);
}

static char
letter (const Ref *r, TsPiece pc)
{
  return r->v->piece_types[TS_PIECE_TYPE (pc)].letter;
}

/* Pawn (or warder) directions of seat: forward moves, captures. */
static void
pawn_dirs (const Ref *r, guint seat, char l, int mv[16][4], int *nmv, int cap[16][4], int *ncap)
{
  *nmv = *ncap = 0;
#define ADD(arr, n, a, b, c, d) do { int t_[4] = { a, b, c, d }; memcpy (arr[(*n)++], t_, sizeof t_); } while (0)
  if (is (r, "raumschach"))
    {
      int s = seat == 0 ? 1 : -1;
      ADD (mv, nmv, 0, s, 0, 0); ADD (mv, nmv, 0, 0, s, 0);
      ADD (cap, ncap, 1, s, 0, 0); ADD (cap, ncap, -1, s, 0, 0);
      ADD (cap, ncap, 1, 0, s, 0); ADD (cap, ncap, -1, 0, s, 0); ADD (cap, ncap, 0, s, s, 0);
    }
  else if (prefix (r, "parton"))
    {
      int s = seat == 0 ? 1 : -1;
      for (int dx = -1; dx <= 1; dx++)
        for (int dz = -1; dz <= 1; dz++)
          {
            ADD (mv, nmv, dx, s, dz, 0);
            ADD (cap, ncap, dx, s, dz, 0);
          }
    }
  else if (prefix (r, "cubic8"))
    {
      /* forward y and vertical z per player (RULES.md §3, §4) */
      static const int fy[4] = { 1, -1, -1, 1 }, fz[4] = { 1, -1, 1, -1 };
      int y = fy[seat], z = fz[seat];
      ADD (mv, nmv, 0, y, 0, 0); ADD (mv, nmv, 0, 0, z, 0); ADD (mv, nmv, 0, y, z, 0);
      ADD (cap, ncap, 1, y, 0, 0); ADD (cap, ncap, -1, y, 0, 0);
      ADD (cap, ncap, 1, 0, z, 0); ADD (cap, ncap, -1, 0, z, 0);
    }
  else if (prefix (r, "grossraumschach"))
    {
      static const int fwd[4][2] = { { 1, 0 }, { 0, -1 }, { -1, 0 }, { 0, 1 } };
      int fx = fwd[seat][0], fy = fwd[seat][1];
      int sx = fx ? 0 : 1, sy = fx ? 1 : 0;   /* the other horizontal axis */
      if (l == 'P')
        {
          ADD (mv, nmv, fx, fy, 0, 0);
          ADD (cap, ncap, fx + sx, fy + sy, 0, 0); ADD (cap, ncap, fx - sx, fy - sy, 0, 0);
          ADD (cap, ncap, fx, fy, 1, 0); ADD (cap, ncap, fx, fy, -1, 0);
        }
      else
        {
          ADD (mv, nmv, fx + sx, fy + sy, 0, 0); ADD (mv, nmv, fx - sx, fy - sy, 0, 0);
          ADD (mv, nmv, fx, fy, 1, 0); ADD (mv, nmv, fx, fy, -1, 0);
          for (int a = -1; a <= 1; a += 2)
            for (int b = -1; b <= 1; b += 2)
              ADD (cap, ncap, fx + a * sx, fy + a * sy, b, 0);
        }
    }
  else if (is (r, "nihongi"))
    {
      int s = seat == 0 ? 1 : -1;
      for (int i = 0; i < 4; i++)
        {
          int d[4] = { 0, 0, 0, 0 };
          d[i] = s;
          memcpy (mv[(*nmv)++], d, sizeof d);
          memcpy (cap[(*ncap)++], d, sizeof d);
        }
    }
#undef ADD
}

static gboolean
promotes (const Ref *r, guint seat, TsCell c)
{
  int co[4];

  coords (r, c, co);
  if (is (r, "raumschach"))
    return seat == 0 ? co[1] == 4 && co[2] == 4 : co[1] == 0 && co[2] == 0;
  if (prefix (r, "parton"))
    return co[1] == (seat == 0 ? 5 : 0);
  if (prefix (r, "cubic8"))
    {
      static const int py[4] = { 7, 0, 0, 7 }, pz[4] = { 7, 0, 7, 0 };
      return co[1] == py[seat] && co[2] == pz[seat];
    }
  if (prefix (r, "grossraumschach"))
    return seat == 0 ? co[0] == 5 : seat == 1 ? co[1] == 0 : seat == 2 ? co[0] == 0 : co[1] == 5;
  if (is (r, "nihongi"))
    {
      int want = seat == 0 ? 2 : 0;
      return co[0] == want && co[1] == want && co[2] == want && co[3] == want;
    }
  return FALSE;
}

/* Does the piece pc on cell from attack cell to? checked: its owner's Nihongi flag. */
static gboolean
attacks (const Ref *r, const TsPosition *p, TsPiece pc, TsCell from, TsCell to)
{
  char l = letter (r, pc);
  int a[4], b[4], d[4], nz = 0, maxabs = 0, cls;
  gboolean line = TRUE;

  coords (r, from, a);
  coords (r, to, b);
  for (int i = 0; i < 4; i++)
    {
      d[i] = b[i] - a[i];
      if (d[i])
        {
          nz++;
          if (maxabs && ABS (d[i]) != maxabs)
            line = FALSE;
          maxabs = MAX (maxabs, ABS (d[i]));
        }
    }
  if (!nz)
    return FALSE;
  if (l == 'P' || l == 'W')
    {
      int mv[16][4], cap[16][4], nmv, ncap;

      pawn_dirs (r, TS_PIECE_SEAT (pc), l, mv, &nmv, cap, &ncap);
      for (int k = 0; k < ncap; k++)
        if (memcmp (cap[k], d, sizeof d) == 0)
          return TRUE;
      return FALSE;
    }
  if (l == 'N')
    {
      int ones = 0, twos = 0;
      for (int i = 0; i < 4; i++)
        ones += ABS (d[i]) == 1, twos += ABS (d[i]) == 2;
      return nz == 2 && ones == 1 && twos == 1;
    }
  if (!line)
    return FALSE;
  cls = nz;
  if (l == 'K' || l == 'E')
    {
      if (maxabs != 1)
        return FALSE;
      if (is (r, "nihongi"))
        return cls == 1 || (cls == 3 && !ts_position_has_been_checked (p, TS_PIECE_SEAT (pc)));
      return TRUE;
    }
  if (l == 'H')
    return maxabs == 1 && (cls == 1 || cls == 3);
  {
    gboolean ok;

    switch (l)
      {
      case 'Q': ok = is (r, "nihongi") ? cls <= 2 : TRUE; break;
      case 'S': ok = TRUE; break;
      case 'R': ok = cls == 1; break;
      case 'U': ok = cls == 3; break;
      case 'B': ok = prefix (r, "cubic8") ? (cls == 3 || (cls == 2 && d[2] == 0)) : cls == 2; break;
      default: ok = FALSE;
      }
    if (!ok)
      return FALSE;
    for (int i = 0; i < 4; i++)
      d[i] = d[i] ? d[i] / ABS (d[i]) : 0;
    for (int k = 1; k < maxabs; k++)
      if (ts_position_piece_at (p, offset (r, from, d, k)) != 0)
        return FALSE;
    return TRUE;
  }
}

static gboolean
gives_check (const Ref *r, const TsPosition *p, guint attacker, guint king_seat)
{
  const TsVariant *v = r->v;

  if (v->team[attacker] == v->team[king_seat])
    return FALSE;
  if (ts_position_seat_active (p, attacker))
    return TRUE;
  return g_str_has_prefix (v->id, "cubic8-teams");
}

static gboolean
attacked (const Ref *r, const TsPosition *p, TsCell target, guint king_seat)
{
  for (guint c = 0; c < r->v->geometry.ncells; c++)
    {
      TsPiece pc = ts_position_piece_at (p, (TsCell) c);

      if (pc && gives_check (r, p, TS_PIECE_SEAT (pc), king_seat) &&
          attacks (r, p, pc, (TsCell) c, target))
        return TRUE;
    }
  return FALSE;
}

static TsCell
king_of (const Ref *r, const TsPosition *p, guint seat)
{
  for (guint c = 0; c < r->v->geometry.ncells; c++)
    {
      TsPiece pc = ts_position_piece_at (p, (TsCell) c);

      if (pc && TS_PIECE_SEAT (pc) == seat && r->v->piece_types[TS_PIECE_TYPE (pc)].royal)
        return (TsCell) c;
    }
  return TS_NO_CELL;
}

static gboolean
no_check_rule (const Ref *r)
{
  return is (r, "parton-compulsion");
}

/* Whose king must be safe when seat moves: itself, or its partner in team play. */
static int
guard_of (const Ref *r, const TsPosition *p, guint seat)
{
  if (no_check_rule (r))
    return -1;
  if (ts_position_seat_active (p, seat))
    return (int) seat;
  for (guint s = 0; s < r->v->n_seats; s++)
    if (s != seat && r->v->team[s] == r->v->team[seat] && ts_position_seat_active (p, s))
      return (int) s;
  return -1;
}

static gboolean
capturable (const Ref *r, const TsPosition *p, guint seat, TsPiece target)
{
  guint ts = TS_PIECE_SEAT (target);

  if (!target || r->v->team[ts] == r->v->team[seat])
    return FALSE;
  if (r->v->piece_types[TS_PIECE_TYPE (target)].royal && !no_check_rule (r) &&
      ts_position_seat_active (p, ts))
    return FALSE;
  return TRUE;
}

static void
add (TsMoveList *out, TsCell from, TsCell to, guint type, guint promo, guint flags)
{
  TsMove m = { from, to, (guint8) type, (guint8) promo, (guint8) flags, 0 };

  ts_move_list_push (out, m);
}

static void
add_pawn (const Ref *r, TsMoveList *out, guint seat, TsCell from, TsCell to, guint type, guint flags)
{
  static const char *const promos_std = "QRBUN", *const promos_c8 = "QRBN",
                    *const promos_nh = "QRBH", *const promos_gr = "SRBUN";
  const char *list = prefix (r, "cubic8") ? promos_c8 : is (r, "nihongi") ? promos_nh :
                     prefix (r, "grossraumschach") ? promos_gr : promos_std;

  if (!promotes (r, seat, to))
    {
      add (out, from, to, type, TS_NO_PROMO, flags);
      return;
    }
  for (const char *c = list; *c; c++)
    add (out, from, to, type, (guint) ts_variant_piece_type_by_letter (r->v, *c), flags);
}

static void
pseudo (const Ref *r, const TsPosition *p, guint seat, TsMoveList *out)
{
  const TsVariant *v = r->v;

  for (guint c = 0; c < v->geometry.ncells; c++)
    {
      TsPiece pc = ts_position_piece_at (p, (TsCell) c);
      char l;

      if (!pc || TS_PIECE_SEAT (pc) != seat)
        continue;
      l = letter (r, pc);
      if (l == 'P' || l == 'W')
        {
          int mv[16][4], cap[16][4], nmv, ncap;
          TsCell passed, victim;
          gboolean ep = ts_position_en_passant (p, &passed, &victim);

          pawn_dirs (r, seat, l, mv, &nmv, cap, &ncap);
          for (int k = 0; k < nmv; k++)
            {
              TsCell t = offset (r, (TsCell) c, mv[k], 1);

              if (t == TS_NO_CELL || ts_position_piece_at (p, t))
                continue;
              add_pawn (r, out, seat, (TsCell) c, t, TS_PIECE_TYPE (pc), 0);
              if (prefix (r, "cubic8") && ts_position_unmoved (p, (TsCell) c))
                {
                  TsCell t2 = offset (r, (TsCell) c, mv[k], 2);

                  if (t2 != TS_NO_CELL && !ts_position_piece_at (p, t2))
                    add_pawn (r, out, seat, (TsCell) c, t2, TS_PIECE_TYPE (pc), TS_MOVE_DOUBLE);
                }
            }
          for (int k = 0; k < ncap; k++)
            {
              TsCell t = offset (r, (TsCell) c, cap[k], 1);

              if (t == TS_NO_CELL)
                continue;
              if (capturable (r, p, seat, ts_position_piece_at (p, t)))
                add_pawn (r, out, seat, (TsCell) c, t, TS_PIECE_TYPE (pc), TS_MOVE_CAPTURE);
              else if (ep && t == passed && capturable (r, p, seat, ts_position_piece_at (p, victim)))
                add (out, (TsCell) c, t, TS_PIECE_TYPE (pc), TS_NO_PROMO,
                     TS_MOVE_CAPTURE | TS_MOVE_EN_PASSANT);
            }
          continue;
        }
      for (guint t = 0; t < v->geometry.ncells; t++)
        {
          TsPiece target = ts_position_piece_at (p, (TsCell) t);

          if (t == c || !attacks (r, p, pc, (TsCell) c, (TsCell) t))
            continue;
          /* the king's D step needs its own right, not the opponent's */
          if (!target)
            add (out, (TsCell) c, (TsCell) t, TS_PIECE_TYPE (pc), TS_NO_PROMO, 0);
          else if (capturable (r, p, seat, target))
            add (out, (TsCell) c, (TsCell) t, TS_PIECE_TYPE (pc), TS_NO_PROMO, TS_MOVE_CAPTURE);
        }
    }
}

static void
castles (const Ref *r, const TsPosition *p, guint seat, int guard, TsMoveList *out)
{
  TsCell k = king_of (r, p, seat);
  int co[4];

  if (k == TS_NO_CELL || !ts_position_unmoved (p, k) || guard < 0)
    return;
  coords (r, k, co);
  if (prefix (r, "cubic8"))
    {
      for (int side = 0; side < 2; side++)
        {
          int rook_x = side ? 0 : 7, dir = side ? -1 : 1;
          int rc[4] = { rook_x, co[1], co[2], 0 };
          TsCell rook = cell_at (r, rc);
          gboolean ok = ts_position_unmoved (p, rook) &&
                        letter (r, ts_position_piece_at (p, rook)) == 'R' &&
                        TS_PIECE_SEAT (ts_position_piece_at (p, rook)) == seat &&
                        !attacked (r, p, k, (guint) guard);

          for (int x = MIN (co[0], rook_x) + 1; x < MAX (co[0], rook_x) && ok; x++)
            {
              int cc[4] = { x, co[1], co[2], 0 };
              ok = !ts_position_piece_at (p, cell_at (r, cc));
            }
          for (int step = 1; step <= 2 && ok; step++)
            {
              int cc[4] = { co[0] + dir * step, co[1], co[2], 0 };
              ok = !attacked (r, p, cell_at (r, cc), (guint) guard);
            }
          if (ok)
            {
              int kc[4] = { co[0] + 2 * dir, co[1], co[2], 0 };
              add (out, k, cell_at (r, kc), TS_PIECE_TYPE (ts_position_piece_at (p, k)),
                   TS_NO_PROMO, TS_MOVE_CASTLE);
            }
        }
    }
  else if (prefix (r, "grossraumschach") && co[2] == 3)
    {
      int ac[4] = { co[0], co[1], 0, 0 }, bc[4] = { co[0], co[1], 1, 0 }, cc[4] = { co[0], co[1], 2, 0 };
      TsCell rook = cell_at (r, ac), b = cell_at (r, bc), c2 = cell_at (r, cc);
      TsPiece rp = ts_position_piece_at (p, rook);

      if (rp && letter (r, rp) == 'R' && TS_PIECE_SEAT (rp) == seat && ts_position_unmoved (p, rook) &&
          !ts_position_piece_at (p, b) && !ts_position_piece_at (p, c2) &&
          !attacked (r, p, k, (guint) guard) && !attacked (r, p, b, (guint) guard) &&
          !attacked (r, p, c2, (guint) guard))
        add (out, k, b, TS_PIECE_TYPE (ts_position_piece_at (p, k)), TS_NO_PROMO, TS_MOVE_CASTLE);
    }
}

/* Plays m on a copy with the editor API only. */
static TsPosition *
apply (const Ref *r, const TsPosition *p, guint seat, TsMove m)
{
  TsPosition *c = ts_position_copy (p);

  if (m.flags & TS_MOVE_DROP)
    {
      ts_position_set_piece (c, m.to, TS_PIECE_MAKE (seat, m.piece));
      return c;
    }
  if (m.flags & TS_MOVE_EN_PASSANT)
    {
      TsCell passed, victim;

      ts_position_en_passant (p, &passed, &victim);
      ts_position_set_piece (c, victim, 0);
    }
  if (m.flags & TS_MOVE_CASTLE)
    {
      int a[4], b[4];

      coords (r, m.from, a);
      coords (r, m.to, b);
      if (prefix (r, "cubic8"))
        {
          int rook[4] = { b[0] > a[0] ? 7 : 0, a[1], a[2], 0 };
          int rto[4] = { (a[0] + b[0]) / 2, a[1], a[2], 0 };
          ts_position_set_piece (c, cell_at (r, rto), ts_position_piece_at (p, cell_at (r, rook)));
          ts_position_set_piece (c, cell_at (r, rook), 0);
        }
      else
        {
          int rook[4] = { a[0], a[1], 0, 0 }, rto[4] = { a[0], a[1], 2, 0 };
          ts_position_set_piece (c, cell_at (r, rto), ts_position_piece_at (p, cell_at (r, rook)));
          ts_position_set_piece (c, cell_at (r, rook), 0);
        }
    }
  ts_position_set_piece (c, m.to, m.promo != TS_NO_PROMO ? TS_PIECE_MAKE (seat, m.promo)
                                                         : ts_position_piece_at (p, m.from));
  ts_position_set_piece (c, m.from, 0);
  return c;
}

void
ref_generate_legal (const TsPosition *p, TsMoveList *out)
{
  Ref ref = { ts_position_variant (p), ts_position_variant (p)->id, 0, { 0 } };
  const Ref *r = &ref;
  const TsVariant *v = r->v;
  guint seat = ts_position_side_to_move (p);
  int guard = guard_of (r, p, seat);
  TsMoveList pl;
  TsResult res;
  g_autoptr(TsPosition) tmp = ts_position_copy (p);
  gboolean any_capture = FALSE;
  guint start = out->n;

  /* game already decided: king captured or one army (team) left */
  ts_position_result (tmp, &res);
  if (res.kind == TS_RESULT_WIN && (no_check_rule (r) || v->n_seats == 4))
    return;
  if (v->n_seats == 4 && !ts_position_seat_active (p, seat) && !g_str_has_prefix (v->id, "cubic8-teams"))
    return;

  ts_move_list_init (&pl);
  pseudo (r, p, seat, &pl);
  if (guard >= 0 || no_check_rule (r))
    castles (r, p, seat, guard >= 0 ? guard : (int) seat, &pl);
  if (v->has_drops)
    for (guint t = 0; t < v->n_piece_types; t++)
      if (ts_position_hand_count (p, seat, t))
        for (guint c = 0; c < v->geometry.ncells; c++)
          if (!ts_position_piece_at (p, (TsCell) c) &&
              !(v->piece_types[t].pawn && promotes (r, seat, (TsCell) c)))
            add (&pl, TS_NO_CELL, (TsCell) c, t, TS_NO_PROMO, TS_MOVE_DROP);
  for (guint i = 0; i < pl.n; i++)
    {
      TsMove m = pl.moves[i];
      gboolean ok = TRUE;

      if (guard >= 0)
        {
          g_autoptr(TsPosition) after = apply (r, p, seat, m);
          TsCell k = king_of (r, after, (guint) guard);

          ok = k == TS_NO_CELL || !attacked (r, after, k, (guint) guard);
        }
      if (ok)
        {
          ts_move_list_push (out, m);
          any_capture |= (m.flags & TS_MOVE_CAPTURE) != 0;
        }
    }
  ts_move_list_clear (&pl);
  if (is (r, "parton-compulsion") && any_capture)
    {
      guint n = start;

      for (guint i = start; i < out->n; i++)
        if (out->moves[i].flags & TS_MOVE_CAPTURE)
          out->moves[n++] = out->moves[i];
      out->n = n;
    }
}

guint64
ref_perft (const TsPosition *p, guint depth)
{
  TsMoveList l;
  guint64 n = 0;

  if (depth == 0)
    return 1;
  ts_move_list_init (&l);
  ref_generate_legal (p, &l);
  if (depth == 1)
    n = l.n;
  else
    for (guint i = 0; i < l.n; i++)
      {
        g_autoptr(TsPosition) c = ts_position_copy (p);
        TsUndo u;

        ts_position_make (c, l.moves[i], &u);
        n += ref_perft (c, depth - 1);
      }
  ts_move_list_clear (&l);
  return n;
}

static int
cmp_moves (gconstpointer a, gconstpointer b)
{
  return memcmp (a, b, sizeof (TsMove));
}

void
ref_sort_moves (TsMoveList *l)
{
  if (l->n > 1)
    qsort (l->moves, l->n, sizeof (TsMove), cmp_moves);
}
