/* Position text of the chess family (docs/position-text.md):
 *   <seat>:<pieces> ... turn=<seat> [ep=<cell>,<cell>] halfmove=N ply=N
 *   [checked=<seats>] [hand-<seat>=<letters>] [out=<seat><#|=>...] */
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "excerpt.h"
#include "rules/chess-private.h"

char *
ts_chess_to_text (const TsPosition *p)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  GString *s = g_string_new (NULL);
  char name[8];

  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      guint n = 0;

      g_string_append_printf (s, "%s:", r->seat_keys[seat]);
      for (guint t = 0; t < v->n_piece_types; t++)
        for (guint c = 0; c < v->geometry.ncells; c++)
          {
            guint8 val = p->board[r->to_padded[c]];

            if (!(val & 0x80) || TS_PIECE_SEAT (val) != seat || TS_PIECE_TYPE (val) != t)
              continue;
            ts_variant_cell_name (v, (TsCell) c, name);
            g_string_append_printf (s, "%s%c%s%s", n++ ? "," : "", v->piece_types[t].letter, name,
                                    (val & TS_PIECE_UNMOVED) ? "*" : "");
          }
      g_string_append (s, n ? " " : "- ");
    }
  g_string_append_printf (s, "turn=%s", r->seat_keys[p->st.side]);
  if (r->en_passant)
    {
      if (p->st.ep_cell >= 0)
        {
          char victim[8];

          ts_variant_cell_name (v, r->to_dense[p->st.ep_cell], name);
          ts_variant_cell_name (v, r->to_dense[p->st.ep_victim], victim);
          g_string_append_printf (s, " ep=%s,%s", name, victim);
        }
      else
        g_string_append (s, " ep=-");
    }
  g_string_append_printf (s, " halfmove=%u ply=%u", p->st.halfmove, p->ply);
  if (r->king_check_right)
    {
      g_string_append (s, " checked=");
      for (guint seat = 0; seat < v->n_seats; seat++)
        if (p->st.checked_mask & (1u << seat))
          g_string_append (s, r->seat_keys[seat]);
      if (!p->st.checked_mask)
        g_string_append_c (s, '-');
    }
  if (v->has_drops)
    for (guint seat = 0; seat < v->n_seats; seat++)
      {
        guint n = 0;

        g_string_append_printf (s, " hand-%s=", r->seat_keys[seat]);
        for (guint t = 0; t < v->n_piece_types; t++)
          for (guint k = 0; k < p->st.hand[seat][t]; k++, n++)
            g_string_append_c (s, v->piece_types[t].letter);
        if (!n)
          g_string_append_c (s, '-');
      }
  if (v->n_seats > 2)
    {
      g_string_append (s, " out=");
      for (guint i = 0; i < p->st.n_out; i++)
        g_string_append_printf (s, "%s%c", r->seat_keys[p->st.out_order[i]],
                                (p->st.mated_mask & (1u << p->st.out_order[i])) ? '#' : '=');
      if (!p->st.n_out)
        g_string_append_c (s, '-');
    }
  return g_string_free (s, FALSE);
}

static int
seat_by_key (const TsVariant *v, char key)
{
  for (guint s = 0; s < v->n_seats; s++)
    if (v->rules->seat_keys[s][0] == key)
      return (int) s;
  return -1;
}

#define FAIL(col, ...) G_STMT_START {                                         \
    g_autofree char *why_ = g_strdup_printf (__VA_ARGS__);                    \
    g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,                 \
                 _("column %u: %s"), (guint) (col), why_);                    \
    return FALSE;                                                             \
  } G_STMT_END

static gboolean
parse_pieces (TsPosition *p, guint seat, const char *s, guint col, GError **error)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  const char *start = s;

  if (strcmp (s, "-") == 0)
    return TRUE;
  while (*s)
    {
      int t = ts_variant_piece_type_by_letter (v, *s);
      const char *end;
      TsCell c;
      guint8 val;

      if (t < 0)
        FAIL (col + (s - start), _("“%c” is not a piece letter of %s"), *s, v->name);
      c = ts_variant_parse_cell (v, s + 1, &end);
      if (c == TS_NO_CELL)
        FAIL (col + (s - start) + 1, _("expected a cell name of %s after “%c”"), v->name, *s);
      val = TS_PIECE_MAKE (seat, (guint) t);
      if (*end == '*')
        {
          if (!(r->unmoved_mask & (1u << t)))
            FAIL (col + (end - start), _("“*” (not moved yet) does not apply to this piece"));
          val |= TS_PIECE_UNMOVED;
          end++;
        }
      if (p->board[r->to_padded[c]] != 0)
        FAIL (col + (s - start) + 1, _("cell %.*s is already taken"), (int) (end - s - 1), s + 1);
      if (v->piece_types[t].royal && p->king[seat] >= 0)
        FAIL (col + (s - start), _("%s has two kings"), v->seat_names[seat]);
      if (v->piece_types[t].pawn && r->promo_zone[seat][r->to_padded[c]])
        FAIL (col + (s - start), _("a pawn cannot stand on its promotion cells"));
      ts_position_put (p, r->to_padded[c], val);
      s = end;
      if (*s == ',')
        s++;
      else if (*s)
        FAIL (col + (s - start), _("expected “,” between pieces"));
    }
  return TRUE;
}

static gboolean
parse_uint (const char *s, guint max, guint *out)
{
  guint64 x;

  if (!g_ascii_isdigit (*s) || !g_ascii_string_to_unsigned (s, 10, 0, max, &x, NULL))
    return FALSE;
  *out = (guint) x;
  return TRUE;
}

static gboolean
parse_field (TsPosition *p, const char *tok, guint col, guint8 *seen, GString *given, GError **error)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  const char *eq = strchr (tok, '=');
  const char *val = eq ? eq + 1 : NULL;
  g_autofree char *key = eq ? g_strndup (tok, eq - tok) : NULL;
  g_autofree char *padded = NULL;
  g_autofree char *key_excerpt = NULL;
  g_autofree char *val_excerpt = NULL;
  guint vcol = col + (guint) (val ? val - tok : 0);
  int seat;

  if (!eq)
    {
      const char *colon = strchr (tok, ':');

      if (!colon || colon - tok != 1 || (seat = seat_by_key (v, tok[0])) < 0)
        {
          g_autofree char *excerpt = ts_excerpt (tok, -1);

          FAIL (col, _("expected “SEAT:PIECES” or “KEY=VALUE”, not “%s”"), excerpt);
        }
      if (*seen & (1u << seat))
        FAIL (col, _("the pieces of %s are given twice"), v->seat_names[seat]);
      *seen |= 1u << seat;
      return parse_pieces (p, (guint) seat, colon + 1, col + 2, error);
    }
  key_excerpt = ts_excerpt (key, -1);
  val_excerpt = ts_excerpt (val, -1);
  padded = g_strdup_printf (" %s ", key);
  if (strstr (given->str, padded))
    FAIL (col, _("“%s” is given twice"), key_excerpt);
  g_string_append (given, padded + 1);
  if (strcmp (key, "turn") == 0)
    {
      if (strlen (val) != 1 || (seat = seat_by_key (v, val[0])) < 0)
        FAIL (vcol, _("“%s” is not a seat of %s"), val_excerpt, v->name);
      ts_position_set_side_to_move (p, (guint) seat);
    }
  else if (strcmp (key, "halfmove") == 0 || strcmp (key, "ply") == 0)
    {
      /* What the position holds (the move counter is 16 bits): nothing is cut silently. */
      guint max = key[0] == 'h' ? G_MAXUINT16 : 1000000, n;

      if (!parse_uint (val, max, &n))
        FAIL (vcol, _("“%s” is not a number from 0 to %u"), val_excerpt, max);
      if (key[0] == 'h')
        p->st.halfmove = (guint16) n;
      else
        p->ply = n;
    }
  else if (strcmp (key, "ep") == 0 && r->en_passant)
    {
      const char *end, *end2;
      TsCell a, b;

      if (strcmp (val, "-") == 0)
        return TRUE;
      a = ts_variant_parse_cell (v, val, &end);
      b = a != TS_NO_CELL && *end == ',' ? ts_variant_parse_cell (v, end + 1, &end2) : TS_NO_CELL;
      if (b == TS_NO_CELL || *end2)
        FAIL (vcol, _("expected “-” or two cells: the cell passed over and the pawn's cell"));
      p->st.ep_cell = r->to_padded[a];
      p->st.ep_victim = r->to_padded[b];
    }
  else if (strcmp (key, "checked") == 0 && r->king_check_right)
    {
      for (const char *c = val; strcmp (val, "-") != 0 && *c; c++)
        {
          if ((seat = seat_by_key (v, *c)) < 0)
            FAIL (vcol + (c - val), _("“%c” is not a seat of %s"), *c, v->name);
          p->st.checked_mask |= 1u << seat;
        }
    }
  else if (g_str_has_prefix (key, "hand-") && v->has_drops && strlen (key) == 6 &&
           (seat = seat_by_key (v, key[5])) >= 0)
    {
      for (const char *c = val; strcmp (val, "-") != 0 && *c; c++)
        {
          int t = ts_variant_piece_type_by_letter (v, *c);

          if (t < 0 || v->piece_types[t].royal)
            FAIL (vcol + (c - val), _("“%c” is not a piece that can be in hand"), *c);
          /* A hand holds at most 255 of a kind (the 256th became none). */
          if (p->st.hand[seat][t] == G_MAXUINT8)
            FAIL (vcol + (c - val), _("more than %u “%c” in hand"), (guint) G_MAXUINT8, *c);
          p->st.hand[seat][t]++;
        }
    }
  else if (strcmp (key, "out") == 0 && v->n_seats > 2)
    {
      for (const char *c = val; strcmp (val, "-") != 0 && *c; c += 2)
        {
          if ((seat = seat_by_key (v, c[0])) < 0 || (c[1] != '#' && c[1] != '=') ||
              (p->st.out_mask & (1u << seat)))
            FAIL (vcol + (c - val), _("expected a seat followed by # (checkmated) or = (stalemated)"));
          p->st.out_mask |= 1u << seat;
          if (c[1] == '#')
            p->st.mated_mask |= 1u << seat;
          p->st.out_order[p->st.n_out++] = (guint8) seat;
        }
    }
  else
    FAIL (col, _("unknown field “%s” for %s"), key_excerpt, v->name);
  return TRUE;
}

gboolean
ts_chess_from_text (TsPosition *p, const char *text, guint column, GError **error)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = v->rules;
  const char *s = text;
  guint8 seen = 0;
  g_autoptr (GString) given = g_string_new (" ");   /* " KEY KEY " of the fields read */

  while (*s)
    {
      const char *end;
      g_autofree char *tok = NULL;

      if (*s == ' ')
        {
          s++;
          continue;
        }
      end = s;
      while (*end && *end != ' ')
        end++;
      tok = g_strndup (s, end - s);
      if (!parse_field (p, tok, column + (guint) (s - text), &seen, given, error))
        return FALSE;
      s = end;
    }
  if (seen != (1u << v->n_seats) - 1)
    FAIL (column + (s - text), _("every seat needs a “SEAT:PIECES” field (“-” for none)"));
  for (guint seat = 0; seat < v->n_seats; seat++)
    if (r->check && p->king[seat] < 0 && !(p->st.out_mask & (1u << seat)))   /* an eliminated king may be gone */
      FAIL (column + (s - text), _("%s has no king"), v->seat_names[seat]);
  if (p->st.ep_cell >= 0 &&
      (p->board[p->st.ep_cell] != 0 || !(p->board[p->st.ep_victim] & 0x80) ||
       !v->piece_types[TS_PIECE_TYPE (p->board[p->st.ep_victim])].pawn))
    FAIL (column, _("the en passant cells do not fit the board"));
  if (v->n_seats == 2 && r->check &&
      ts_position_checked_king (p, 1 - p->st.side) != TS_NO_CELL)
    FAIL (column, _("%s, not to move, is in check"), v->seat_names[1 - p->st.side]);
  if (p->st.out_mask & (1u << p->st.side) && r->elimination != TS_ELIM_PARTNER)
    FAIL (column, _("the side to move has been eliminated"));
  /* the game may be over already */
  {
    guint8 alive = 0, kings = 0;

    for (guint seat = 0; seat < v->n_seats; seat++)
      {
        if (!(p->st.out_mask & (1u << seat)))
          alive |= 1u << v->team[seat];
        if (p->king[seat] >= 0)
          kings |= 1u << v->team[seat];
      }
    if (v->n_seats > 2 && !(alive & (alive - 1)))
      p->st.over = alive ? (guint8) (__builtin_ctz (alive) + 1) : 0xff;
    if (!r->check && kings && !(kings & (kings - 1)))
      p->st.over = (guint8) (__builtin_ctz (kings) + 1);
  }
  p->st.hash = ts_position_compute_hash (p);
  return TRUE;
}
