/* Move notation of the chess family (RULES.md §8). Parsing and minimal
 * disambiguation both work by matching text against the legal moves' written forms,
 * so whatever the writer produces the reader takes back, and ambiguity is exact. */
#include <glib/gi18n.h>
#include <string.h>

#include "rules/chess-private.h"

static const char *
castle_name (const TsPosition *p, TsMove m)
{
  const TsVariantRules *r = ts_rules (p);
  guint side = p->st.side;

  for (guint i = 0; i < r->n_castles[side]; i++)
    if (r->castles[side][i].king_from == r->to_padded[m.from] &&
        r->castles[side][i].king_to == r->to_padded[m.to])
      return r->castles[side][i].name;
  return "O-O";
}

/* The written form of m with the origin components in `subset` (bit i: name part i),
 * `sep` between origin and destination, and with or without the pawn letter. */
static void
form (const TsPosition *p, TsMove m, guint subset, const char *sep, gboolean pawn_letter,
      char *buf)
{
  const TsVariant *v = p->variant;
  char from[8], to[8];
  guint n = 0;

  ts_variant_cell_name (v, m.to, to);
  if (!v->piece_types[m.piece].pawn || pawn_letter)
    buf[n++] = v->piece_types[m.piece].letter;
  ts_variant_cell_name (v, m.from, from);
  for (guint i = 0; from[i]; i++)
    if (subset & (1u << i))
      buf[n++] = from[i];
  buf[n] = '\0';
  strcat (buf, sep);
  strcat (buf, to);
  if (m.promo != TS_NO_PROMO)
    {
      n = strlen (buf);
      buf[n++] = '=';
      buf[n++] = v->piece_types[m.promo].letter;
      buf[n] = '\0';
    }
}

/* Does text name move m in any accepted spelling? */
static gboolean
matches (const TsPosition *p, TsMove m, const char *text)
{
  const TsVariant *v = p->variant;
  guint full = (1u << ts_rules (p)->name_len) - 1;
  static const char *const seps[] = { "", "x", "-" };
  char buf[32];

  if (m.flags & TS_MOVE_DROP)
    {
      char to[8];

      ts_variant_cell_name (v, m.to, to);
      g_snprintf (buf, sizeof buf, "%c@%s", v->piece_types[m.piece].letter, to);
      return strcmp (buf, text) == 0;
    }
  if ((m.flags & TS_MOVE_CASTLE) && strcmp (text, castle_name (p, m)) == 0)
    return TRUE;
  /* quick reject: every form ends with the destination (and =X) */
  {
    char to[8];
    gsize tl = strlen (text), dl;
    const char *tail = text;

    ts_variant_cell_name (v, m.to, to);
    dl = strlen (to);
    if (m.promo != TS_NO_PROMO)
      {
        if (tl < 2 || text[tl - 2] != '=' || text[tl - 1] != v->piece_types[m.promo].letter)
          return FALSE;
        tl -= 2;
      }
    if (tl < dl || strncmp (tail + tl - dl, to, dl) != 0)
      return FALSE;
  }
  for (guint subset = 0; subset <= full; subset++)
    for (guint s = 0; s < G_N_ELEMENTS (seps); s++)
      for (int pl = 0; pl < 2; pl++)
        {
          if (pl && !v->piece_types[m.piece].pawn)
            continue;
          if (!(m.flags & TS_MOVE_CAPTURE) && s == 1)
            continue;
          form (p, m, subset, seps[s], pl, buf);
          if (strcmp (buf, text) == 0)
            return TRUE;
        }
  return FALSE;
}

static guint
count_matches (const TsPosition *p, const TsMoveList *l, const char *text, TsMove *first)
{
  guint n = 0;

  for (guint i = 0; i < l->n; i++)
    if (matches (p, l->moves[i], text))
      {
        if (n++ == 0 && first)
          *first = l->moves[i];
      }
  return n;
}

static void
legal_moves (TsPosition *p, TsMoveList *l)
{
  ts_move_list_init (l);
  ts_position_generate_legal (p, l);
}

static const char *
check_mark (TsPosition *p, TsMove m)
{
  const TsVariant *v = p->variant;
  guint side = p->st.side;
  guint8 mated = p->st.mated_mask;
  const char *mark = "";
  TsUndo u;

  if (!ts_rules (p)->check)
    return "";
  ts_position_make (p, m, &u);
  for (guint s = 0; s < v->n_seats; s++)
    if (v->team[s] != v->team[side] && ts_position_checked_king (p, s) != TS_NO_CELL)
      mark = "+";
  if (v->n_seats == 2 ? (*mark && !ts_chess_has_legal_move (p)) : (p->st.mated_mask & ~mated) != 0)
    mark = "#";
  ts_position_unmake (p, &u);
  return mark;
}

char *
ts_chess_move_to_san (TsPosition *p, TsMove m)
{
  const TsVariant *v = p->variant;
  guint full = (1u << ts_rules (p)->name_len) - 1;
  const char *sep = (m.flags & TS_MOVE_CAPTURE) ? "x" : "";
  char buf[32] = "";
  TsMoveList l;

  if (m.flags & TS_MOVE_CASTLE)
    g_strlcpy (buf, castle_name (p, m), sizeof buf);
  else if (m.flags & TS_MOVE_DROP)
    {
      char to[8];

      ts_variant_cell_name (v, m.to, to);
      g_snprintf (buf, sizeof buf, "%c@%s", v->piece_types[m.piece].letter, to);
    }
  else
    {
      gboolean pawn_capture = v->piece_types[m.piece].pawn && (m.flags & TS_MOVE_CAPTURE);

      legal_moves (p, &l);
      /* fewest origin components first, in name order; a pawn capture names at least one */
      for (guint size = pawn_capture ? 1 : 0; size <= ts_rules (p)->name_len && !*buf; size++)
        for (guint subset = 0; subset <= full && !*buf; subset++)
          {
            if ((guint) __builtin_popcount (subset) != size)
              continue;
            form (p, m, subset, sep, FALSE, buf);
            if (count_matches (p, &l, buf, NULL) != 1)
              buf[0] = '\0';
          }
      /* a pawn's letterless name can read as another piece's (level B, bishop B) */
      if (!*buf)
        {
          form (p, m, full, sep, TRUE, buf);
          if (count_matches (p, &l, buf, NULL) != 1)
            form (p, m, full, "-", TRUE, buf);
        }
      ts_move_list_clear (&l);
    }
  return g_strconcat (buf, check_mark (p, m), NULL);
}

char *
ts_chess_move_to_long (TsPosition *p, TsMove m)
{
  char buf[32];

  if (m.flags & TS_MOVE_DROP)
    {
      char to[8];

      ts_variant_cell_name (p->variant, m.to, to);
      g_snprintf (buf, sizeof buf, "%c@%s", p->variant->piece_types[m.piece].letter, to);
    }
  else
    form (p, m, (1u << ts_rules (p)->name_len) - 1,
          (m.flags & TS_MOVE_CAPTURE) ? "x" : "-", TRUE, buf);
  return g_strdup (buf);
}

/* Why no legal move matches text: it is a move of the pieces, but not allowed. */
static const char *
illegal_reason (TsPosition *p, const char *text)
{
  const TsVariantRules *r = ts_rules (p);
  TsChessGen g;
  TsMoveList l;
  const char *why = NULL;

  if (p->st.over)
    return _("the game is over");
  for (guint i = 0; i < r->n_promos; i++)
    {
      g_autofree char *with = g_strdup_printf ("%s=%c", text, p->variant->piece_types[r->promos[i]].letter);
      TsMoveList legal;
      guint n;

      ts_move_list_init (&legal);
      ts_position_generate_legal (p, &legal);
      n = count_matches (p, &legal, with, NULL);
      ts_move_list_clear (&legal);
      if (n)
        return _("a pawn reaching its last cells must promote: add =X");
    }
  ts_move_list_init (&l);
  ts_chess_gen_init (&g, p, p->st.side);
  ts_chess_gen_pseudo (&g, &l, FALSE, NULL);
  for (guint i = 0; i < l.n && !why; i++)
    if (matches (p, l.moves[i], text))
      {
        if (g.guard >= 0 && !ts_chess_test_move (&g, l.moves[i]))
          why = g.in_check ? _("the king is in check and this does not answer it")
                           : _("it would leave the king in check");
        else if (r->compulsory_capture)
          why = _("capturing is compulsory");
      }
  ts_move_list_clear (&l);
  return why ? why : _("no piece of that kind can go there");
}

gboolean
ts_chess_move_parse (TsPosition *p, const char *text, TsMove *out, GError **error)
{
  const TsVariant *v = p->variant;
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));
  gsize len = strlen (t);
  TsMoveList l;
  guint n;

  while (len > 0 && strchr ("+#!?", t[len - 1]))
    t[--len] = '\0';
  if (strcmp (t, "0-0") == 0 || strcmp (t, "0-0-0") == 0)
    g_strdelimit (t, "0", 'O');
  if (len == 0 || len > 24)
    {
      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                   _("“%s” is not a move: expected e.g. a piece letter and a cell"), text);
      return FALSE;
    }
  legal_moves (p, &l);
  n = count_matches (p, &l, t, out);
  if (n > 1)
    {
      GString *names = g_string_new (NULL);

      for (guint i = 0; i < l.n; i++)
        if (matches (p, l.moves[i], t))
          {
            g_autofree char *san = ts_chess_move_to_san (p, l.moves[i]);

            g_string_append_printf (names, "%s%s", names->len ? ", " : "", san);
          }
      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_AMBIGUOUS,
                   _("“%s” is ambiguous: it could be %s"), text, names->str);
      g_string_free (names, TRUE);
    }
  else if (n == 0)
    {
      /* say why: a well-formed move that is not legal, or not a move at all */
      const char *s = t;
      const char *dest = NULL;

      if (g_ascii_isupper (*s) && ts_variant_piece_type_by_letter (v, *s) >= 0 &&
          ts_variant_parse_cell (v, s, NULL) == TS_NO_CELL)
        s++;
      for (const char *q = s; *q && !dest; q++)
        {
          const char *end;

          if (ts_variant_parse_cell (v, q, &end) != TS_NO_CELL &&
              (*end == '\0' || *end == '='))
            dest = q;
        }
      if (g_str_has_prefix (t, "O-O"))
        g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL,
                     _("“%s”: castling is not possible here"), text);
      else if (!dest && !strchr (t, '@'))
        g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                     _("“%s” is not a move of %s: no destination cell found"), text, v->name);
      else
        g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL,
                     _("“%s” is not a legal move for %s here: %s"), text,
                     v->seat_names[p->st.side], illegal_reason (p, t));
    }
  ts_move_list_clear (&l);
  return n == 1;
}
