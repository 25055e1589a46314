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
 * `sep` between origin and destination, and with or without the piece letter; a drop
 * is always "X@cell". */
static void
form (const TsPosition *p, TsMove m, guint subset, const char *sep, gboolean letter,
      char *buf)
{
  const TsVariant *v = p->variant;
  char from[8], to[8];
  guint n = 0;

  ts_variant_cell_name (v, m.to, to);
  if (m.flags & TS_MOVE_DROP)
    {
      buf[0] = v->piece_types[m.piece].letter;
      buf[1] = '@';
      strcpy (buf + 2, to);
      return;
    }
  if (letter)
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
      form (p, m, 0, "", TRUE, buf);
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
  /* SAN: the letter (none for a pawn, or P), any origin components, "x" if a capture.
   * Long: an optional letter, the full origin, "-" or "x". */
  for (guint subset = 0; subset <= full; subset++)
    for (guint s = 0; s < G_N_ELEMENTS (seps); s++)
      for (int letter = 0; letter < 2; letter++)
        {
          if (s == 1 && !(m.flags & TS_MOVE_CAPTURE))
            continue;
          if (s == 2 && subset != full)
            continue;
          if (!letter && !v->piece_types[m.piece].pawn && (s == 0 || subset != full))
            continue;
          form (p, m, subset, seps[s], letter, buf);
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

  if (m.flags & TS_MOVE_LEAVE)
    return g_strdup (TS_MOVE_LEAVE_TEXT);

  if (m.flags & TS_MOVE_CASTLE)
    g_strlcpy (buf, castle_name (p, m), sizeof buf);
  else if (m.flags & TS_MOVE_DROP)
    form (p, m, 0, "", TRUE, buf);
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
            form (p, m, subset, sep, !v->piece_types[m.piece].pawn, buf);
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

  if (m.flags & TS_MOVE_LEAVE)
    return g_strdup (TS_MOVE_LEAVE_TEXT);
  form (p, m, (1u << ts_rules (p)->name_len) - 1, (m.flags & TS_MOVE_CAPTURE) ? "x" : "-",
        TRUE, buf);
  return g_strdup (buf);
}

/* The origin of a long-algebraic text ("NAb1-Ac3", "Ab1xAc3"), or TS_NO_CELL when the
 * text is not one or could also be SAN with a partial origin ("Bb1xCc2": a bishop?). */
static TsCell
long_origin (const TsVariant *v, const char *t, char *letter)
{
  const char *end;
  TsCell from = ts_variant_parse_cell (v, t, &end);
  gboolean starts_with_letter = ts_variant_piece_type_by_letter (v, *t) >= 0;

  *letter = '\0';
  if (from == TS_NO_CELL && starts_with_letter)
    {
      *letter = *t;
      from = ts_variant_parse_cell (v, t + 1, &end);
    }
  if (from == TS_NO_CELL || (*end != '-' && *end != 'x') ||
      (!*letter && starts_with_letter && *end == 'x'))
    return TS_NO_CELL;
  if (ts_variant_parse_cell (v, end + 1, &end) == TS_NO_CELL || (*end && *end != '='))
    return TS_NO_CELL;
  return from;
}

/* Why no legal move matches text, which names a destination: a well-formed move that is
 * not allowed. */
static char *
illegal_reason (TsPosition *p, const TsMoveList *legal, const char *t)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = ts_rules (p);
  g_autofree char *base = g_strdup (t);
  char *eq = strchr (base, '=');
  const char *why = NULL;
  char letter;
  TsCell from;
  TsChessGen g;
  TsMoveList l;

  if (p->st.over)
    return g_strdup (_("the game is over"));
  if (strchr (t, '@'))
    {
      int type = ts_variant_piece_type_by_letter (v, t[0]);
      TsCell to = ts_variant_parse_cell (v, t + 2, NULL);
      char name[8];

      ts_variant_cell_name (v, to, name);
      if (!v->has_drops)
        return g_strdup_printf (_("%s has no drops"), _(v->name));
      if (ts_position_hand_count (p, p->st.side, (guint) type) == 0)
        /* TRANSLATORS: SEAT has no PIECE NAME in hand */
        return g_strdup_printf (_("%s has no %s in hand"), _(v->seat_names[p->st.side]),
                                _(v->piece_types[type].name));
      if (ts_position_piece_at (p, to) != TS_PIECE_NONE)
        return g_strdup_printf (_("%s is not empty"), name);
    }
  if (eq)
    {
      *eq = '\0';
      if (count_matches (p, legal, base, NULL))
        return g_strdup (_("this move is not a promotion: leave out “=”"));
    }
  for (guint i = 0; i < r->n_promos; i++)
    {
      g_autofree char *with = g_strdup_printf ("%s=%c", base, v->piece_types[r->promos[i]].letter);

      if (count_matches (p, legal, with, NULL))
        {
          g_autoptr(GString) choices = g_string_new (NULL);

          for (guint j = 0; j < r->n_promos; j++)
            g_string_append_printf (choices, "%s%c", j ? ", " : "",
                                    v->piece_types[r->promos[j]].letter);
          if (eq)
            return g_strdup_printf (_("a pawn cannot promote to “%s” here: choose one of %s"),
                                    eq + 1, choices->str);
          return g_strdup_printf (_("a pawn reaching its last cells must promote: add =X, "
                                    "X one of %s"), choices->str);
        }
    }
  if (strchr (t, 'x'))
    {
      g_auto(GStrv) parts = g_strsplit (t, "x", -1);
      g_autofree char *none = g_strjoinv ("", parts);
      g_autofree char *dash = g_strjoinv ("-", parts);

      if (count_matches (p, legal, dash, NULL) || count_matches (p, legal, none, NULL))
        return g_strdup (_("there is nothing to capture there: write “-” or leave out “x”"));
    }
  ts_move_list_init (&l);
  ts_chess_gen_init (&g, p, p->st.side);
  ts_chess_gen_pseudo (&g, &l, FALSE, NULL);
  for (guint i = 0; i < l.n && !why; i++)
    if (matches (p, l.moves[i], t))
      {
        if (g.guard >= 0 && !ts_chess_test_move (&g, l.moves[i]))
          why = g.in_check ? _("the king is in check and this does not answer it")
                           : _("it would leave the king in check");
        else if (r->compulsory_capture)
          why = _("capturing is compulsory");
      }
  ts_move_list_clear (&l);
  if (why)
    return g_strdup (why);

  if (strchr (t, '@') && v->piece_types[ts_variant_piece_type_by_letter (v, t[0])].pawn)
    return g_strdup (_("a pawn may not be dropped on the cells where it would promote"));
  from = long_origin (v, t, &letter);
  if (from != TS_NO_CELL)
    {
      TsPiece piece = ts_position_piece_at (p, from);
      char name[8];

      ts_variant_cell_name (v, from, name);
      if (piece == TS_PIECE_NONE)
        return g_strdup_printf (_("there is no piece on %s"), name);
      if (TS_PIECE_SEAT (piece) != p->st.side)
        return g_strdup_printf (_("the piece on %s belongs to %s"), name,
                                _(v->seat_names[TS_PIECE_SEAT (piece)]));
      if (letter && letter != v->piece_types[TS_PIECE_TYPE (piece)].letter)
        {
          int want = ts_variant_piece_type_by_letter (v, letter);

          /* TRANSLATORS: the piece on CELL is a PIECE NAME, not a PIECE NAME */
          return g_strdup_printf (_("the piece on %s is a %s, not a %s"), name,
                                  _(v->piece_types[TS_PIECE_TYPE (piece)].name),
                                  _(v->piece_types[want].name));
        }
      /* TRANSLATORS: the PIECE NAME on CELL cannot go there */
      return g_strdup_printf (_("the %s on %s cannot go there"),
                              _(v->piece_types[TS_PIECE_TYPE (piece)].name), name);
    }
  return g_strdup (_("no piece of that kind can go there"));
}

/* Are the len characters at s components of a cell name, in the name's order? */
static gboolean
origin_components (const TsVariantRules *r, const char *s, gsize len)
{
  guint part = 0;

  for (gsize i = 0; i < len; i++, part++)
    {
      while (part < r->n_name_parts && !strchr (r->name_parts[part].alphabet, s[i]))
        part++;
      if (part == r->n_name_parts)
        return FALSE;
    }
  return TRUE;
}

/* Sets the error for t (text without marks), which names no legal move: either not a
 * move at all (PARSE), or a move that is not allowed here (ILLEGAL), saying why. */
static void
refuse (TsPosition *p, const TsMoveList *legal, const char *text, const char *t, GError **error)
{
  const TsVariant *v = p->variant;
  const TsVariantRules *r = ts_rules (p);
  const char *dest = NULL, *end = NULL;
  gsize plen;

  if (g_str_has_prefix (t, "O-O"))
    {
      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL,
                   _("“%s”: castling is not possible here"), text);
      return;
    }
  /* the destination: the first cell name that runs to the end or to "=" */
  for (const char *q = t; *q && !dest; q++)
    if (ts_variant_parse_cell (v, q, &end) != TS_NO_CELL && (*end == '\0' || *end == '='))
      dest = q;
  if (!dest)
    {
      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                   _("“%s” is not a move of %s: no destination cell found"), text, _(v->name));
      return;
    }
  if (*end == '=' && (end[1] == '\0' || end[2] != '\0' ||
                      ts_variant_piece_type_by_letter (v, end[1]) < 0))
    {
      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                   _("“%s” is not a move of %s: “=” must be followed by one piece letter"),
                   text, _(v->name));
      return;
    }
  plen = (gsize) (dest - t);
  if (plen > 0 && t[plen - 1] == '@')
    {
      if (plen != 2 || ts_variant_piece_type_by_letter (v, t[0]) < 0)
        {
          g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                       _("“%s” is not a move of %s: a drop is a piece letter, “@” and a cell"),
                       text, _(v->name));
          return;
        }
    }
  else
    {
      if (plen > 0 && (t[plen - 1] == '-' || t[plen - 1] == 'x'))
        plen--;
      if (!origin_components (r, t, plen) &&
          !(plen > 0 && ts_variant_piece_type_by_letter (v, t[0]) >= 0 &&
            origin_components (r, t + 1, plen - 1)))
        {
          g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE,
                       _("“%s” is not a move of %s: “%.*s” before the destination is not a "
                         "piece letter and (part of) the origin cell"),
                       text, _(v->name), (int) plen, t);
          return;
        }
    }
  {
    g_autofree char *why = illegal_reason (p, legal, t);

    g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL,
                 _("“%s” is not a legal move for %s here: %s"), text,
                 _(v->seat_names[p->st.side]), why);
  }
}

gboolean
ts_chess_move_parse (TsPosition *p, const char *text, TsMove *out, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));
  gsize len = strlen (t);
  TsMoveList l;
  guint n;

  while (len > 0 && strchr ("+#!?", t[len - 1]))
    t[--len] = '\0';
  if (strcmp (t, "0-0") == 0 || strcmp (t, "0-0-0") == 0)
    g_strdelimit (t, "0", 'O');
  if (strcmp (t, TS_MOVE_LEAVE_TEXT) == 0)
    {
      *out = ts_move_leave ();
      if (ts_position_is_legal (p, *out))
        return TRUE;
      g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL,
                   _("“%s” (leaving the game) is only for a four-player game that is not over"), text);
      return FALSE;
    }
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
    refuse (p, &l, text, t, error);
  ts_move_list_clear (&l);
  return n == 1;
}
