#include "records/game-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "records/nag.h"
#include "rules/notation.h"
#include "rules/postext.h"

G_DEFINE_QUARK (ts-record-error-quark, ts_record_error)

#define MAX_SEATS 4
/* Bounds the memory held by removed subtrees. */
#define MAX_UNDO_STEPS 500

/* The fields, then the players of the seats. */
#define PLAYER_0 TS_GAME_N_FIELDS
#define N_STRINGS (TS_GAME_N_FIELDS + MAX_SEATS)

typedef struct {
  char      *strings[N_STRINGS];
  GPtrArray *tags;   /* name, value, name, value ... */
} Meta;

typedef enum {
  OP_INSERT,      /* node inserted as parent's child number index */
  OP_REMOVE,      /* the opposite */
  OP_MOVE_CHILD,  /* parent's child index moved to index2 */
  OP_ANNOTATION,
  OP_META,
} OpKind;

typedef struct {
  OpKind        kind;
  TsGameNode   *parent;
  TsGameNode   *node;
  guint         index, index2;
  TsAnnotation  old_annotation, new_annotation;
  Meta         *old_meta, *new_meta;
} Op;

typedef struct {
  GPtrArray *ops;
  guint64    revision_before, revision_after;
} Command;

struct _TsGame {
  const TsVariant *variant;
  TsPosition      *start;
  char            *setup;
  TsGameNode      *root;
  TsGameNode      *current;
  TsPosition      *position;   /* at current */
  /* The cursor's path: the nodes from the first move to current and the undo record of
   * each move, so that a step forward or back is one make or unmake. */
  GPtrArray       *path;
  GArray          *path_undos;
  /* How many of the path's first nodes lie on the main line, kept along by the steps;
   * recounted after an edit (which may reorder children). */
  guint            main_depth;
  gboolean         main_depth_valid;
  Meta            *meta;

  GPtrArray       *undo_stack;  /* of Command* */
  GPtrArray       *redo_stack;
  Command         *open_command;
  guint            edit_depth;
  guint64          revision, next_revision, saved_revision;
};

static const char *const field_names[TS_GAME_N_FIELDS] = {
  "Event", "Site", "Date", "Round", "Result", "Stipulation", "Solution", "TimeControl",
};

const char *
ts_game_field_name (TsGameField field)
{
  g_return_val_if_fail (field < TS_GAME_N_FIELDS, NULL);
  return field_names[field];
}

/* Seconds with up to three decimals, as milliseconds; the whole text must be read. */
static gboolean
parse_seconds (const char *text, const char *end, gint64 *ms)
{
  gint64 whole = 0, frac = 0;
  guint digits = 0, decimals = 0;
  const char *c = text;

  for (; c < end && g_ascii_isdigit (*c) && digits < 9; c++, digits++)
    whole = whole * 10 + (*c - '0');
  if (digits == 0)
    return FALSE;
  if (c < end && *c == '.')
    for (c++; c < end && g_ascii_isdigit (*c) && decimals < 3; c++, decimals++)
      frac = frac * 10 + (*c - '0');
  if (c != end)
    return FALSE;
  for (; decimals < 3; decimals++)
    frac *= 10;
  *ms = whole * 1000 + frac;
  return TRUE;
}

gboolean
ts_time_control_parse (const char *text, gint64 *base_ms, gint64 *increment_ms)
{
  const char *plus, *end;
  gint64 base, inc = 0;

  g_return_val_if_fail (base_ms != NULL && increment_ms != NULL, FALSE);
  if (text == NULL)
    return FALSE;
  end = text + strlen (text);
  plus = strchr (text, '+');
  if (!parse_seconds (text, plus ? plus : end, &base) ||
      (plus && !parse_seconds (plus + 1, end, &inc)) || base == 0)
    return FALSE;
  *base_ms = base;
  *increment_ms = inc;
  return TRUE;
}

static void
append_seconds (GString *s, gint64 ms)
{
  g_string_append_printf (s, "%" G_GINT64_FORMAT, ms / 1000);
  if (ms % 1000 != 0)
    {
      char frac[8];

      g_snprintf (frac, sizeof frac, ".%03d", (int) (ms % 1000));
      /* no trailing zeros: 1.5, not 1.500 */
      for (int i = strlen (frac) - 1; frac[i] == '0'; i--)
        frac[i] = '\0';
      g_string_append (s, frac);
    }
}

char *
ts_time_control_format (gint64 base_ms, gint64 increment_ms)
{
  GString *s = g_string_new (NULL);

  append_seconds (s, MAX (base_ms, 0));
  if (increment_ms > 0)
    {
      g_string_append_c (s, '+');
      append_seconds (s, increment_ms);
    }
  return g_string_free (s, FALSE);
}

/* Text */

char *
ts_record_clean_text (const char *text, gboolean single_line)
{
  g_autofree char *valid = NULL;
  GString *out;

  if (text == NULL)
    return NULL;
  valid = g_utf8_make_valid (text, -1);
  out = g_string_sized_new (strlen (valid));
  for (const char *p = valid; *p; p++)
    {
      char c = *p;

      if (c == '\r')
        {
          if (p[1] == '\n')
            p++;
          c = '\n';
        }
      /* U+FFFE and U+FFFF are valid UTF-8 but not XML characters. */
      if ((guchar) c == 0xef && (guchar) p[1] == 0xbf && ((guchar) p[2] & 0xfe) == 0xbe)
        p += 2;
      else if (c == '\n' || c == '\t')
        g_string_append_c (out, single_line ? ' ' : c);
      else if ((guchar) c >= 0x20)
        g_string_append_c (out, c);
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static gboolean
result_score_is_valid (const char *s, gsize len)
{
  return (len == 1 && (s[0] == '0' || s[0] == '1')) || (len == 3 && strncmp (s, "1/2", 3) == 0);
}

gboolean
ts_record_result_is_valid (const char *result, guint n_seats)
{
  g_auto (GStrv) parts = NULL;

  if (result == NULL)
    return FALSE;
  if (strcmp (result, "*") == 0)
    return TRUE;
  parts = g_strsplit (result, "-", -1);
  if (g_strv_length (parts) != n_seats)
    return FALSE;
  for (guint i = 0; parts[i]; i++)
    if (!result_score_is_valid (parts[i], strlen (parts[i])))
      return FALSE;
  return TRUE;
}

void
ts_record_set_error (GError     **error,
                     TsRecordError code,
                     const char  *source,
                     guint        line,
                     const char  *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (line > 0)
    g_set_error (error, TS_RECORD_ERROR, code, "%s:%u: %s", source, line, message);
  else
    g_set_error (error, TS_RECORD_ERROR, code, "%s: %s", source, message);
}

/* Annotations */

void
ts_annotation_init (TsAnnotation *a)
{
  memset (a, 0, sizeof *a);
  a->clock_ms = TS_CLOCK_NONE;
}

void
ts_annotation_clear (TsAnnotation *a)
{
  g_free (a->comment_before);
  g_free (a->comment_after);
  g_free (a->shapes);
  ts_annotation_init (a);
}

void
ts_annotation_copy (TsAnnotation *dst, const TsAnnotation *src)
{
  *dst = *src;
  dst->comment_before = g_strdup (src->comment_before);
  dst->comment_after = g_strdup (src->comment_after);
  dst->shapes = src->n_shapes ? g_memdup2 (src->shapes, src->n_shapes * sizeof (TsShape)) : NULL;
}

static gboolean
shapes_equal (const TsAnnotation *a, const TsAnnotation *b)
{
  if (a->n_shapes != b->n_shapes)
    return FALSE;
  for (guint i = 0; i < a->n_shapes; i++)
    if (ts_shape_compare (&a->shapes[i], &b->shapes[i]) != 0 ||
        a->shapes[i].colour != b->shapes[i].colour)
      return FALSE;
  return TRUE;
}

gboolean
ts_annotation_equal (const TsAnnotation *a, const TsAnnotation *b)
{
  return g_strcmp0 (a->comment_before, b->comment_before) == 0 &&
         g_strcmp0 (a->comment_after, b->comment_after) == 0 &&
         a->n_nags == b->n_nags && memcmp (a->nags, b->nags, a->n_nags) == 0 &&
         a->clock_ms == b->clock_ms && a->analysis == b->analysis && a->eval.kind == b->eval.kind &&
         (a->eval.kind == TS_EVAL_NONE ||
          (a->eval.value == b->eval.value && a->eval.depth == b->eval.depth)) &&
         shapes_equal (a, b);
}

static const char *const analysis_words[] = { "mark", "line" };   /* bit i: word i */

char *
ts_record_analysis_format (guint8 flags)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (analysis_words); i++)
    if (flags & (1u << i))
      g_string_append_printf (s, "%s%s", s->len ? " " : "", analysis_words[i]);
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

gboolean
ts_record_analysis_parse (const char *text, guint8 *flags)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t\n", -1);
  guint8 parsed = 0;

  for (guint i = 0; words[i]; i++)
    {
      guint k;

      if (words[i][0] == '\0')
        continue;
      for (k = 0; k < G_N_ELEMENTS (analysis_words); k++)
        if (strcmp (words[i], analysis_words[k]) == 0)
          break;
      if (k == G_N_ELEMENTS (analysis_words))
        return FALSE;
      parsed |= 1u << k;
    }
  if (parsed == 0)
    return FALSE;
  *flags = parsed;
  return TRUE;
}

/* Nodes */

TsGameNode *
ts_game_node_new (void)
{
  TsGameNode *node = g_new0 (TsGameNode, 1);

  ts_annotation_init (&node->annotation);
  node->ref_count = 1;
  return node;
}

TsGameNode *
ts_game_node_ref (TsGameNode *node)
{
  g_atomic_int_inc (&node->ref_count);
  return node;
}

/* Iterative: a hostile file can hold a line of a million moves. */
void
ts_game_node_unref (TsGameNode *node)
{
  g_autoptr (GPtrArray) pending = NULL;

  if (node == NULL || !g_atomic_int_dec_and_test (&node->ref_count))
    return;
  pending = g_ptr_array_new ();
  g_ptr_array_add (pending, node);
  while (pending->len > 0)
    {
      TsGameNode *n = g_ptr_array_steal_index_fast (pending, pending->len - 1);

      if (n->children)
        {
          for (guint i = 0; i < n->children->len; i++)
            {
              TsGameNode *child = n->children->pdata[i];

              child->parent = NULL;
              if (g_atomic_int_dec_and_test (&child->ref_count))
                g_ptr_array_add (pending, child);
            }
          g_ptr_array_free (n->children, TRUE);
        }
      g_free (n->san);
      ts_annotation_clear (&n->annotation);
      g_free (n);
    }
}

guint
ts_game_node_n_children (const TsGameNode *node)
{
  return node->children ? node->children->len : 0;
}

TsGameNode *
ts_game_node_child (const TsGameNode *node, guint i)
{
  g_return_val_if_fail (i < ts_game_node_n_children (node), NULL);
  return node->children->pdata[i];
}

guint
ts_game_node_depth (const TsGameNode *node)
{
  guint depth = 0;

  for (; node->parent; node = node->parent)
    depth++;
  return depth;
}

gboolean
ts_game_node_is_main_line (const TsGameNode *node)
{
  for (; node->parent; node = node->parent)
    if (node->parent->children->pdata[0] != node)
      return FALSE;
  return TRUE;
}

static guint
child_index (const TsGameNode *node)
{
  guint i;

  g_assert (node->parent != NULL);
  for (i = 0; node->parent->children->pdata[i] != node; i++)
    ;
  return i;
}

/* The tree holds one reference per child. */
static void
node_insert_child (TsGameNode *parent, guint index, TsGameNode *child)
{
  g_assert (child->parent == NULL);
  if (parent->children == NULL)
    parent->children = g_ptr_array_new ();
  g_ptr_array_insert (parent->children, index, ts_game_node_ref (child));
  child->parent = parent;
}

static void
node_remove_child (TsGameNode *parent, guint index)
{
  TsGameNode *child = g_ptr_array_steal_index (parent->children, index);

  child->parent = NULL;
  ts_game_node_unref (child);
}

static void
node_move_child (TsGameNode *parent, guint from, guint to)
{
  gpointer child = g_ptr_array_steal_index (parent->children, from);

  g_ptr_array_insert (parent->children, to, child);
}

/* Metadata */

static Meta *
meta_new (void)
{
  Meta *m = g_new0 (Meta, 1);

  m->tags = g_ptr_array_new_with_free_func (g_free);
  return m;
}

static void
meta_free (Meta *m)
{
  if (m == NULL)
    return;
  for (guint i = 0; i < N_STRINGS; i++)
    g_free (m->strings[i]);
  g_ptr_array_unref (m->tags);
  g_free (m);
}

static Meta *
meta_copy (const Meta *src)
{
  Meta *m = meta_new ();

  for (guint i = 0; i < N_STRINGS; i++)
    m->strings[i] = g_strdup (src->strings[i]);
  for (guint i = 0; i < src->tags->len; i++)
    g_ptr_array_add (m->tags, g_strdup (src->tags->pdata[i]));
  return m;
}

static int
meta_find_tag (const Meta *m, const char *name)
{
  for (guint i = 0; i < m->tags->len; i += 2)
    if (strcmp (m->tags->pdata[i], name) == 0)
      return i;
  return -1;
}

static void
meta_set_tag (Meta *m, const char *name, const char *value)
{
  int i = meta_find_tag (m, name);
  char *clean = ts_record_clean_text (value, TRUE);

  if (i >= 0 && clean == NULL)
    g_ptr_array_remove_range (m->tags, i, 2);
  else if (i >= 0)
    {
      g_free (m->tags->pdata[i + 1]);
      m->tags->pdata[i + 1] = clean;
    }
  else if (clean != NULL)
    {
      g_ptr_array_add (m->tags, g_strdup (name));
      g_ptr_array_add (m->tags, clean);
    }
}

static char *
seat_tag_of (const char *seat_name, guint seat)
{
  GString *tag = g_string_new (NULL);

  for (const char *p = seat_name; *p; p++)
    if (g_ascii_isalnum (*p) || *p == '_')
      g_string_append_c (tag, *p);
  if (tag->len == 0)
    g_string_append_printf (tag, "Seat%u", seat + 1);
  return g_string_free (tag, FALSE);
}

char *
ts_record_seat_tag (const TsVariant *variant, guint seat)
{
  return seat_tag_of (variant->seat_names[seat], seat);
}

char *
ts_record_former_seat_tag (const TsVariant *variant, guint seat)
{
  const char *former = variant->former_seat_names[seat];

  return former ? seat_tag_of (former, seat) : NULL;
}

gboolean
ts_game_init_displaced_tag (TsGame *game, const char *name, const char *value)
{
  g_autoptr (GString) free_name = g_string_new (name);

  do
    g_string_append_c (free_name, '_');
  while (ts_game_get_tag (game, free_name->str) != NULL && free_name->len < TS_RECORD_MAX_TAG_NAME);
  return ts_game_get_tag (game, free_name->str) == NULL && ts_game_init_tag (game, free_name->str, value);
}

gboolean
ts_game_tag_name_is_valid (const TsGame *game, const char *name)
{
  if (name == NULL || *name == '\0' || strlen (name) > TS_RECORD_MAX_TAG_NAME)
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  /* Names the file forms use for other things, exactly as written: the text form tells
   * them apart by strcmp, and a later version's new field must not make an earlier
   * version's free tag of another spelling ("timecontrol") unreadable. */
  return ts_record_reserved_tag (game->variant, name, NULL, NULL) == TS_RESERVED_NONE;
}

TsReservedTag
ts_record_reserved_tag (const TsVariant *variant, const char *name, guint *field, guint *seat)
{
  for (guint i = 0; i < TS_GAME_N_FIELDS; i++)
    if (strcmp (name, field_names[i]) == 0)
      {
        if (field)
          *field = i;
        return TS_RESERVED_FIELD;
      }
  for (guint i = 0; i < variant->n_seats; i++)
    {
      g_autofree char *seat_tag = ts_record_seat_tag (variant, i);
      g_autofree char *former_tag = ts_record_former_seat_tag (variant, i);

      if (strcmp (name, seat_tag) == 0 || g_strcmp0 (name, former_tag) == 0)
        {
          if (seat)
            *seat = i;
          return TS_RESERVED_SEAT;
        }
    }
  if (strcmp (name, "Variant") == 0 || strcmp (name, "Position") == 0)
    return TS_RESERVED_OTHER;
  return TS_RESERVED_NONE;
}

/* Game */

TsGame *
ts_game_new (const TsVariant *variant, const TsPosition *start)
{
  TsGame *game;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (start == NULL || ts_position_variant (start) == variant, NULL);

  game = g_new0 (TsGame, 1);
  game->variant = variant;
  game->start = start ? ts_position_copy (start) : ts_position_new_initial (variant);
  if (start)
    {
      g_autoptr (TsPosition) initial = ts_position_new_initial (variant);
      g_autofree char *initial_text = ts_position_to_text (initial);
      g_autofree char *start_text = ts_position_to_text (start);

      if (g_strcmp0 (initial_text, start_text) != 0)
        game->setup = g_steal_pointer (&start_text);
    }
  game->root = ts_game_node_new ();
  game->current = game->root;
  game->main_depth_valid = TRUE;
  game->position = ts_position_copy (game->start);
  game->path = g_ptr_array_new ();
  game->path_undos = g_array_new (FALSE, FALSE, sizeof (TsUndo));
  game->meta = meta_new ();
  game->undo_stack = g_ptr_array_new ();
  game->redo_stack = g_ptr_array_new ();
  game->next_revision = 1;
  return game;
}

static void command_free (Command *c);

void
ts_game_free (TsGame *game)
{
  if (game == NULL)
    return;
  g_ptr_array_set_free_func (game->undo_stack, (GDestroyNotify) command_free);
  g_ptr_array_set_free_func (game->redo_stack, (GDestroyNotify) command_free);
  g_ptr_array_unref (game->undo_stack);
  g_ptr_array_unref (game->redo_stack);
  if (game->open_command)
    command_free (game->open_command);
  ts_game_node_unref (game->root);
  ts_position_free (game->start);
  ts_position_free (game->position);
  g_ptr_array_unref (game->path);
  g_array_unref (game->path_undos);
  g_free (game->setup);
  meta_free (game->meta);
  g_free (game);
}

const TsVariant *
ts_game_variant (const TsGame *game)
{
  return game->variant;
}

const TsPosition *
ts_game_start_position (const TsGame *game)
{
  return game->start;
}

const char *
ts_game_setup (const TsGame *game)
{
  return game->setup;
}

TsGameNode *
ts_game_root (const TsGame *game)
{
  return game->root;
}

/* Navigation */

TsGameNode *
ts_game_current (const TsGame *game)
{
  return game->current;
}

const TsPosition *
ts_game_position (const TsGame *game)
{
  return game->position;
}

TsPosition *
ts_game_position_at (const TsGame *game, const TsGameNode *node)
{
  g_autoptr (GPtrArray) path = g_ptr_array_new ();
  TsPosition *pos = ts_position_copy (game->start);

  for (; node->parent; node = node->parent)
    g_ptr_array_add (path, (gpointer) node);
  for (guint i = path->len; i > 0; i--)
    {
      const TsGameNode *n = path->pdata[i - 1];
      TsUndo undo;

      ts_position_make (pos, n->move, &undo);
    }
  return pos;
}

/* Plies from the start, and whether node is in this game's tree (not in a removed
 * subtree): a walk up, pointers only. */
static gboolean
node_in_tree_at (const TsGame *game, const TsGameNode *node, guint *depth)
{
  guint d = 0;

  for (; node->parent; node = node->parent)
    d++;
  if (depth)
    *depth = d;
  return node == game->root;
}

static gboolean
node_in_tree (const TsGame *game, const TsGameNode *node)
{
  return node_in_tree_at (game, node, NULL);
}

/* child->parent == game->current */
static void
cursor_push (TsGame *game, TsGameNode *child)
{
  TsUndo undo;

  ts_position_make (game->position, child->move, &undo);
  g_array_append_val (game->path_undos, undo);
  if (game->main_depth == game->path->len && child->parent->children->pdata[0] == child)
    game->main_depth++;
  g_ptr_array_add (game->path, child);
  game->current = child;
}

static void
cursor_pop (TsGame *game)
{
  guint n = game->path->len;

  ts_position_unmake (game->position, &g_array_index (game->path_undos, TsUndo, n - 1));
  g_array_set_size (game->path_undos, n - 1);
  g_ptr_array_set_size (game->path, n - 1);
  game->main_depth = MIN (game->main_depth, n - 1);
  game->current = n > 1 ? game->path->pdata[n - 2] : game->root;
}

guint
ts_game_current_depth (const TsGame *game)
{
  return game->path->len;
}

guint
ts_game_current_main_depth (const TsGame *game)
{
  TsGame *self = (TsGame *) game;   /* a cache */

  if (!self->main_depth_valid)
    {
      guint n = 0;

      while (n < self->path->len && ts_game_node_child (((TsGameNode *) self->path->pdata[n])->parent, 0) == self->path->pdata[n])
        n++;
      self->main_depth = n;
      self->main_depth_valid = TRUE;
    }
  return self->main_depth;
}

/* Back to the nearest ancestor that node and the cursor share, then down to node (at
 * depth): as many steps as the moves between them, never a replay from the start. */
static void
cursor_move (TsGame *game, TsGameNode *node, guint depth)
{
  g_autoptr (GPtrArray) down = g_ptr_array_new ();

  for (; depth > 0 && (depth > game->path->len || game->path->pdata[depth - 1] != node); depth--)
    {
      g_ptr_array_add (down, node);
      node = node->parent;
    }
  while (game->path->len > depth)
    cursor_pop (game);
  for (guint i = down->len; i > 0; i--)
    cursor_push (game, down->pdata[i - 1]);
}

void
ts_game_go_to (TsGame *game, TsGameNode *node)
{
  guint depth;

  g_return_if_fail (node != NULL);

  /* A step is checked for free: the cursor is always in the tree. */
  if (node == game->current)
    return;
  if (node->parent == game->current)
    cursor_push (game, node);
  else if (node == game->current->parent)
    cursor_pop (game);
  else
    {
      g_return_if_fail (node_in_tree_at (game, node, &depth));
      cursor_move (game, node, depth);
    }
}

gboolean
ts_game_forward (TsGame *game, guint child)
{
  if (child >= ts_game_node_n_children (game->current))
    return FALSE;
  ts_game_go_to (game, game->current->children->pdata[child]);
  return TRUE;
}

gboolean
ts_game_back (TsGame *game)
{
  if (game->current->parent == NULL)
    return FALSE;
  ts_game_go_to (game, game->current->parent);
  return TRUE;
}

void
ts_game_go_start (TsGame *game)
{
  ts_game_go_to (game, game->root);
}

void
ts_game_go_end (TsGame *game)
{
  while (ts_game_forward (game, 0))
    ;
}

/* Undo machinery: every edit is a list of primitive operations that can run both ways. */

static void
op_free (Op *op)
{
  if (op->parent)
    ts_game_node_unref (op->parent);
  if (op->node)
    ts_game_node_unref (op->node);
  ts_annotation_clear (&op->old_annotation);
  ts_annotation_clear (&op->new_annotation);
  meta_free (op->old_meta);
  meta_free (op->new_meta);
  g_free (op);
}

static void
command_free (Command *c)
{
  g_ptr_array_set_free_func (c->ops, (GDestroyNotify) op_free);
  g_ptr_array_unref (c->ops);
  g_free (c);
}

static gboolean
node_is_ancestor (const TsGameNode *ancestor, const TsGameNode *node)
{
  for (; node; node = node->parent)
    if (node == ancestor)
      return TRUE;
  return FALSE;
}

/* Removing a subtree that holds the cursor moves the cursor to the subtree's parent. */
static void
op_apply (TsGame *game, Op *op, gboolean forward)
{
  game->main_depth_valid = FALSE;
  switch (op->kind)
    {
    case OP_INSERT:
    case OP_REMOVE:
      if ((op->kind == OP_INSERT) == forward)
        node_insert_child (op->parent, op->index, op->node);
      else
        {
          if (node_is_ancestor (op->node, game->current))
            while (game->current != op->parent)
              cursor_pop (game);
          node_remove_child (op->parent, op->index);
        }
      break;
    case OP_MOVE_CHILD:
      if (forward)
        node_move_child (op->parent, op->index, op->index2);
      else
        node_move_child (op->parent, op->index2, op->index);
      break;
    case OP_ANNOTATION:
      ts_annotation_clear (&op->node->annotation);
      ts_annotation_copy (&op->node->annotation, forward ? &op->new_annotation : &op->old_annotation);
      break;
    case OP_META:
      meta_free (game->meta);
      game->meta = meta_copy (forward ? op->new_meta : op->old_meta);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
begin_command (TsGame *game)
{
  if (game->edit_depth++ == 0)
    {
      game->open_command = g_new0 (Command, 1);
      game->open_command->ops = g_ptr_array_new ();
      game->open_command->revision_before = game->revision;
    }
}

static void
end_command (TsGame *game)
{
  Command *c;

  g_return_if_fail (game->edit_depth > 0);
  if (--game->edit_depth > 0)
    return;
  c = g_steal_pointer (&game->open_command);
  if (c->ops->len == 0)
    {
      command_free (c);
      return;
    }
  c->revision_after = game->revision;
  g_ptr_array_add (game->undo_stack, c);
  if (game->undo_stack->len > MAX_UNDO_STEPS)
    command_free (g_ptr_array_steal_index (game->undo_stack, 0));
  while (game->redo_stack->len > 0)
    command_free (g_ptr_array_steal_index (game->redo_stack, game->redo_stack->len - 1));
}

/* Runs op forward and records it in the open command. */
static void
run_op (TsGame *game, Op *op)
{
  begin_command (game);
  op_apply (game, op, TRUE);
  g_ptr_array_add (game->open_command->ops, op);
  game->revision = game->next_revision++;
  end_command (game);
}

static Op *
op_new (OpKind kind, TsGameNode *parent, TsGameNode *node, guint index)
{
  Op *op = g_new0 (Op, 1);

  op->kind = kind;
  op->parent = parent ? ts_game_node_ref (parent) : NULL;
  op->node = node ? ts_game_node_ref (node) : NULL;
  op->index = index;
  ts_annotation_init (&op->old_annotation);
  ts_annotation_init (&op->new_annotation);
  return op;
}

void
ts_game_begin_edit (TsGame *game)
{
  begin_command (game);
}

void
ts_game_end_edit (TsGame *game)
{
  end_command (game);
}

gboolean
ts_game_can_undo (const TsGame *game)
{
  return game->undo_stack->len > 0 && game->edit_depth == 0;
}

gboolean
ts_game_can_redo (const TsGame *game)
{
  return game->redo_stack->len > 0 && game->edit_depth == 0;
}

gboolean
ts_game_undo (TsGame *game)
{
  Command *c;

  if (!ts_game_can_undo (game))
    return FALSE;
  c = g_ptr_array_steal_index (game->undo_stack, game->undo_stack->len - 1);
  for (guint i = c->ops->len; i > 0; i--)
    op_apply (game, c->ops->pdata[i - 1], FALSE);
  game->revision = c->revision_before;
  g_ptr_array_add (game->redo_stack, c);
  return TRUE;
}

gboolean
ts_game_redo (TsGame *game)
{
  Command *c;

  if (!ts_game_can_redo (game))
    return FALSE;
  c = g_ptr_array_steal_index (game->redo_stack, game->redo_stack->len - 1);
  for (guint i = 0; i < c->ops->len; i++)
    op_apply (game, c->ops->pdata[i], TRUE);
  game->revision = c->revision_after;
  g_ptr_array_add (game->undo_stack, c);
  return TRUE;
}

void
ts_game_clear_undo (TsGame *game)
{
  g_return_if_fail (game->edit_depth == 0);
  while (game->undo_stack->len > 0)
    command_free (g_ptr_array_steal_index (game->undo_stack, game->undo_stack->len - 1));
  while (game->redo_stack->len > 0)
    command_free (g_ptr_array_steal_index (game->redo_stack, game->redo_stack->len - 1));
}

guint64
ts_game_revision (const TsGame *game)
{
  return game->revision;
}

gboolean
ts_game_is_modified (const TsGame *game)
{
  return game->revision != game->saved_revision;
}

void
ts_game_set_unmodified (TsGame *game)
{
  game->saved_revision = game->revision;
}

/* Edits */

static TsGameNode *
find_child (const TsGameNode *node, TsMove move)
{
  for (guint i = 0; i < ts_game_node_n_children (node); i++)
    {
      TsGameNode *child = node->children->pdata[i];

      if (ts_move_equal (child->move, move))
        return child;
    }
  return NULL;
}

gboolean
ts_game_check_playable (TsPosition *pos, GError **error)
{
  TsResult result;

  ts_position_result (pos, &result);
  if (result.kind == TS_RESULT_NONE)
    return TRUE;
  g_set_error (error, TS_RULES_ERROR, TS_RULES_ERROR_ILLEGAL, _("the game is already over (%s)"),
               _(result.reason));
  return FALSE;
}

TsGameNode *
ts_game_add_move (TsGame *game, TsMove move)
{
  g_autoptr (TsGameNode) node = NULL;
  TsGameNode *existing;

  g_return_val_if_fail (ts_position_is_legal (game->position, move), NULL);
  /* (after checkmate or stalemate no move is legal) */
  g_return_val_if_fail (ts_position_draw_by_rule (game->position) == NULL, NULL);

  existing = find_child (game->current, move);
  if (existing)
    {
      ts_game_go_to (game, existing);
      return existing;
    }
  node = ts_game_node_new ();
  node->move = move;
  node->san = ts_move_to_san (game->position, move);
  run_op (game, op_new (OP_INSERT, game->current, node, ts_game_node_n_children (game->current)));
  ts_game_go_to (game, node);
  return node;
}

TsGameNode *
ts_game_add_move_text (TsGame *game, const char *text, GError **error)
{
  TsMove move;

  if (!ts_game_check_playable (game->position, error) ||
      !ts_move_parse (game->position, text, &move, error))
    return NULL;
  return ts_game_add_move (game, move);
}

/* The first node of the variation that contains node: the nearest ancestor (or node)
 * that is not its parent's first child. */
static TsGameNode *
variation_start (TsGameNode *node)
{
  for (; node->parent; node = node->parent)
    if (node->parent->children->pdata[0] != node)
      return node;
  return NULL;
}

gboolean
ts_game_promote_variation (TsGame *game, TsGameNode *node)
{
  TsGameNode *start;
  Op *op;

  g_return_val_if_fail (node != NULL && node_in_tree (game, node), FALSE);
  start = variation_start (node);
  if (start == NULL)
    return FALSE;
  op = op_new (OP_MOVE_CHILD, start->parent, NULL, child_index (start));
  op->index2 = 0;
  run_op (game, op);
  return TRUE;
}

gboolean
ts_game_delete_variation (TsGame *game, TsGameNode *node)
{
  TsGameNode *start;

  g_return_val_if_fail (node != NULL && node_in_tree (game, node), FALSE);
  start = variation_start (node);
  if (start == NULL)
    return FALSE;
  run_op (game, op_new (OP_REMOVE, start->parent, start, child_index (start)));
  return TRUE;
}

gboolean
ts_game_truncate_after (TsGame *game, TsGameNode *node)
{
  guint n;

  g_return_val_if_fail (node != NULL && node_in_tree (game, node), FALSE);
  n = ts_game_node_n_children (node);
  if (n == 0)
    return FALSE;
  ts_game_begin_edit (game);
  for (guint i = n; i > 0; i--)
    run_op (game, op_new (OP_REMOVE, node, node->children->pdata[i - 1], i - 1));
  ts_game_end_edit (game);
  return TRUE;
}

void
ts_game_set_annotation (TsGame *game, TsGameNode *node, const TsAnnotation *a)
{
  Op *op;

  g_return_if_fail (node != NULL && node_in_tree (game, node));
  g_return_if_fail (a->n_nags <= TS_RECORD_MAX_NAGS);
  g_return_if_fail ((a->clock_ms >= 0 && a->clock_ms <= TS_RECORD_MAX_CLOCK_MS) ||
                    a->clock_ms == TS_CLOCK_NONE);
  g_return_if_fail (ABS (a->eval.value) <= TS_RECORD_MAX_EVAL);
  g_return_if_fail ((a->analysis & ~(TS_ANALYSIS_MARK | TS_ANALYSIS_LINE)) == 0);
  for (guint i = 0; i < a->n_nags; i++)
    g_return_if_fail (a->nags[i] >= 1);
  g_return_if_fail (ts_shapes_are_canonical (game->variant, a->shapes, a->n_shapes));

  op = op_new (OP_ANNOTATION, NULL, node, 0);
  ts_annotation_copy (&op->old_annotation, &node->annotation);
  ts_annotation_copy (&op->new_annotation, a);
  g_free (op->new_annotation.comment_before);
  g_free (op->new_annotation.comment_after);
  op->new_annotation.comment_before = ts_record_clean_text (a->comment_before, FALSE);
  op->new_annotation.comment_after = ts_record_clean_text (a->comment_after, FALSE);
  if (ts_annotation_equal (&op->old_annotation, &op->new_annotation))
    {
      op_free (op);
      return;
    }
  run_op (game, op);
}

void
ts_game_set_comment (TsGame *game, TsGameNode *node, gboolean before, const char *text)
{
  TsAnnotation a;

  ts_annotation_copy (&a, &node->annotation);
  g_free (before ? a.comment_before : a.comment_after);
  if (before)
    a.comment_before = g_strdup (text);
  else
    a.comment_after = g_strdup (text);
  ts_game_set_annotation (game, node, &a);
  ts_annotation_clear (&a);
}

void
ts_game_toggle_nag (TsGame *game, TsGameNode *node, guint nag)
{
  TsAnnotation a;
  gboolean present = FALSE;
  guint n = 0;

  g_return_if_fail (nag >= 1 && nag <= TS_NAG_MAX);

  ts_annotation_copy (&a, &node->annotation);
  for (guint i = 0; i < a.n_nags; i++)
    {
      guint old = a.nags[i];
      gboolean same_class = (ts_nag_is_move_mark (nag) && ts_nag_is_move_mark (old)) ||
                            (ts_nag_is_evaluation (nag) && ts_nag_is_evaluation (old));

      if (old == nag)
        present = TRUE;
      if (old != nag && !same_class)
        a.nags[n++] = old;
    }
  if (!present && n < TS_RECORD_MAX_NAGS)
    a.nags[n++] = nag;
  a.n_nags = n;
  /* the user's mark now: analysing again leaves it alone */
  if (ts_nag_is_move_mark (nag))
    a.analysis &= ~TS_ANALYSIS_MARK;
  ts_game_set_annotation (game, node, &a);
  ts_annotation_clear (&a);
}

/* Shapes */

void
ts_game_set_shapes (TsGame *game, TsGameNode *node, const TsShape *shapes, guint n)
{
  g_autoptr (GArray) sorted = g_array_new (FALSE, FALSE, sizeof (TsShape));
  TsAnnotation a;

  g_return_if_fail (node != NULL && node_in_tree (game, node));
  /* a later shape on the same cells replaces an earlier one */
  for (guint i = 0; i < n; i++)
    {
      guint j;

      for (j = 0; j < sorted->len; j++)
        if (ts_shape_compare (&g_array_index (sorted, TsShape, j), &shapes[i]) == 0)
          break;
      if (j < sorted->len)
        g_array_index (sorted, TsShape, j) = shapes[i];
      else
        g_array_append_val (sorted, shapes[i]);
    }
  g_array_sort (sorted, (GCompareFunc) ts_shape_compare);
  g_return_if_fail (ts_shapes_are_canonical (game->variant, (TsShape *) sorted->data, sorted->len));

  ts_annotation_copy (&a, &node->annotation);
  g_free (a.shapes);
  a.n_shapes = sorted->len;
  a.shapes = a.n_shapes ? g_memdup2 (sorted->data, a.n_shapes * sizeof (TsShape)) : NULL;
  ts_game_set_annotation (game, node, &a);
  ts_annotation_clear (&a);
}

gboolean
ts_game_toggle_shape (TsGame *game, TsGameNode *node, const TsShape *shape)
{
  const TsAnnotation *a = &node->annotation;
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  gboolean present = FALSE;

  for (guint i = 0; i < a->n_shapes; i++)
    {
      if (ts_shape_compare (&a->shapes[i], shape) != 0)
        g_array_append_val (shapes, a->shapes[i]);
      else if (a->shapes[i].colour == shape->colour)
        present = TRUE;
    }
  if (!present)
    {
      if (shapes->len == TS_RECORD_MAX_SHAPES)
        return FALSE;
      g_array_append_val (shapes, *shape);
    }
  ts_game_set_shapes (game, node, (TsShape *) shapes->data, shapes->len);
  return !present;
}

/* Metadata edits */

static void
set_meta (TsGame *game, Meta *new_meta)
{
  Op *op = op_new (OP_META, NULL, NULL, 0);

  op->old_meta = meta_copy (game->meta);
  op->new_meta = new_meta;
  run_op (game, op);
}

static void
init_string (TsGame *game, guint i, const char *value)
{
  g_free (game->meta->strings[i]);
  game->meta->strings[i] = ts_record_clean_text (value, TRUE);
}

static void
set_string (TsGame *game, guint i, const char *value)
{
  g_autofree char *clean = ts_record_clean_text (value, TRUE);
  Meta *m;

  if (g_strcmp0 (clean, game->meta->strings[i]) == 0)
    return;
  m = meta_copy (game->meta);
  g_free (m->strings[i]);
  m->strings[i] = g_steal_pointer (&clean);
  set_meta (game, m);
}

const char *
ts_game_get_field (const TsGame *game, TsGameField field)
{
  g_return_val_if_fail (field < TS_GAME_N_FIELDS, NULL);
  return game->meta->strings[field];
}

void
ts_game_init_field (TsGame *game, TsGameField field, const char *value)
{
  g_return_if_fail (field < TS_GAME_N_FIELDS);
  init_string (game, field, value);
}

char *
ts_game_result_text (const TsVariant *v, TsResultKind kind, guint winner_team)
{
  GString *s;

  if (kind == TS_RESULT_NONE)
    return g_strdup ("*");
  s = g_string_new (NULL);
  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      if (seat > 0)
        g_string_append_c (s, '-');
      if (kind == TS_RESULT_DRAW)
        g_string_append (s, "1/2");
      else
        g_string_append (s, v->team[seat] == winner_team ? "1" : "0");
    }
  return g_string_free (s, FALSE);
}

void
ts_game_set_field (TsGame *game, TsGameField field, const char *value)
{
  g_return_if_fail (field < TS_GAME_N_FIELDS);
  set_string (game, field, value);
}

const char *
ts_game_get_player (const TsGame *game, guint seat)
{
  g_return_val_if_fail (seat < game->variant->n_seats, NULL);
  return game->meta->strings[PLAYER_0 + seat];
}

void
ts_game_init_player (TsGame *game, guint seat, const char *name)
{
  g_return_if_fail (seat < game->variant->n_seats);
  init_string (game, PLAYER_0 + seat, name);
}

void
ts_game_set_player (TsGame *game, guint seat, const char *name)
{
  g_return_if_fail (seat < game->variant->n_seats);
  set_string (game, PLAYER_0 + seat, name);
}

const char *
ts_game_get_tag (const TsGame *game, const char *name)
{
  int i = meta_find_tag (game->meta, name);

  return i >= 0 ? game->meta->tags->pdata[i + 1] : NULL;
}

gboolean
ts_game_init_tag (TsGame *game, const char *name, const char *value)
{
  if (!ts_game_tag_name_is_valid (game, name))
    return FALSE;
  meta_set_tag (game->meta, name, value);
  return TRUE;
}

gboolean
ts_game_set_tag (TsGame *game, const char *name, const char *value)
{
  g_autofree char *clean = ts_record_clean_text (value, TRUE);
  Meta *m;

  if (!ts_game_tag_name_is_valid (game, name))
    return FALSE;
  if (g_strcmp0 (clean, ts_game_get_tag (game, name)) == 0)
    return TRUE;
  /* The readers take no more (the same limit on both sides). */
  if (clean && ts_game_get_tag (game, name) == NULL && ts_game_n_tags (game) >= TS_RECORD_MAX_TAGS)
    return FALSE;
  m = meta_copy (game->meta);
  meta_set_tag (m, name, clean);
  set_meta (game, m);
  return TRUE;
}

guint
ts_game_n_tags (const TsGame *game)
{
  return game->meta->tags->len / 2;
}

void
ts_game_tag_nth (const TsGame *game, guint i, const char **name, const char **value)
{
  g_return_if_fail (i < ts_game_n_tags (game));
  *name = game->meta->tags->pdata[2 * i];
  *value = game->meta->tags->pdata[2 * i + 1];
}
