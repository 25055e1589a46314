#include "records/game-private.h"

#include <glib/gi18n.h>

#include "excerpt.h"
#include "rules/notation.h"

/* The builder keeps the position after the last move added, with the undo records of the
 * moves leading there, so that variations can step back and forth without copies. */

typedef struct {
  TsGameNode *replaced;   /* the move the variation is an alternative to */
  guint       path_len;   /* moves on the path when the variation began */
} Frame;

struct _TsGameBuilder {
  TsGame     *game;
  const char *source;
  TsPosition *pos;
  GPtrArray  *path;    /* nodes from the first move to the last added */
  GArray     *undos;   /* TsUndo for each node of path */
  GArray     *frames;  /* open variations */
  guint       n_moves;
};

TsGameBuilder *
ts_game_builder_new (TsGame *game, const char *source)
{
  TsGameBuilder *b = g_new0 (TsGameBuilder, 1);

  b->game = game;
  b->source = source;
  b->pos = ts_position_copy (ts_game_start_position (game));
  b->path = g_ptr_array_new ();
  b->undos = g_array_new (FALSE, FALSE, sizeof (TsUndo));
  b->frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  return b;
}

void
ts_game_builder_free (TsGameBuilder *b)
{
  ts_position_free (b->pos);
  g_ptr_array_unref (b->path);
  g_array_unref (b->undos);
  g_array_unref (b->frames);
  g_free (b);
}

TsGameNode *
ts_game_builder_last (TsGameBuilder *b)
{
  return b->path->len > 0 ? b->path->pdata[b->path->len - 1] : ts_game_root (b->game);
}

const TsPosition *
ts_game_builder_position (TsGameBuilder *b)
{
  return b->pos;
}

guint
ts_game_builder_nesting (TsGameBuilder *b)
{
  return b->frames->len;
}

static void
push_move (TsGameBuilder *b, TsGameNode *node)
{
  TsUndo undo;

  ts_position_make (b->pos, node->move, &undo);
  g_array_append_val (b->undos, undo);
  g_ptr_array_add (b->path, node);
}

static void
pop_move (TsGameBuilder *b)
{
  ts_position_unmake (b->pos, &g_array_index (b->undos, TsUndo, b->undos->len - 1));
  g_array_set_size (b->undos, b->undos->len - 1);
  g_ptr_array_set_size (b->path, b->path->len - 1);
}

TsGameNode *
ts_game_builder_move (TsGameBuilder *b, const char *text, guint line, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  TsGameNode *parent = ts_game_builder_last (b);
  TsGameNode *node;
  TsMove move;

  if (b->n_moves == TS_RECORD_MAX_MOVES)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_TOO_LARGE, b->source, line,
                           _("more than %d moves"), TS_RECORD_MAX_MOVES);
      return NULL;
    }
  if (!ts_move_parse (b->pos, text, &move, &local_error) || ts_position_draw_by_rule (b->pos))
    {
      /* After the game's end nothing follows (RULES.md §0): say so rather than why the
       * move is illegal. A move that parses leaves only a draw by rule to check (cheap: a
       * full check lists the moves again). */
      g_autoptr (GError) over = NULL;

      if (!ts_game_check_playable (b->pos, &over))
        {
          g_clear_error (&local_error);
          local_error = g_steal_pointer (&over);
        }
    }
  if (local_error)
    {
      g_autofree char *shown = ts_excerpt (text, -1);

      ts_record_set_error (error, TS_RECORD_ERROR_ILLEGAL, b->source, line,
                           _("move “%s”: %s"), shown, local_error->message);
      return NULL;
    }
  for (guint i = 0; i < ts_game_node_n_children (parent); i++)
    if (ts_move_equal (ts_game_node_child (parent, i)->move, move))
      {
        ts_record_set_error (error, TS_RECORD_ERROR_INVALID, b->source, line,
                             _("move “%s” repeats a move already given at this point"), text);
        return NULL;
      }

  node = ts_game_node_new ();
  node->move = move;
  node->san = ts_move_to_san (b->pos, move);
  node->line = line;
  b->n_moves++;
  if (parent->children == NULL)
    parent->children = g_ptr_array_new ();
  g_ptr_array_add (parent->children, node);   /* the tree owns the new reference */
  node->parent = parent;
  push_move (b, node);
  return node;
}

gboolean
ts_game_builder_begin_variation (TsGameBuilder *b, guint line, GError **error)
{
  Frame frame;

  if (b->path->len == 0 || (b->frames->len > 0 &&
                            b->path->len == g_array_index (b->frames, Frame, b->frames->len - 1).path_len))
    {
      ts_record_set_error (error, TS_RECORD_ERROR_INVALID, b->source, line,
                           _("a variation must follow the move it replaces"));
      return FALSE;
    }
  if (b->frames->len >= TS_RECORD_MAX_NESTING)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_INVALID, b->source, line,
                           _("variations nested more than %d deep"), TS_RECORD_MAX_NESTING);
      return FALSE;
    }
  frame.replaced = ts_game_builder_last (b);
  pop_move (b);
  frame.path_len = b->path->len;
  g_array_append_val (b->frames, frame);
  return TRUE;
}

gboolean
ts_game_builder_end_variation (TsGameBuilder *b, guint line, GError **error)
{
  Frame frame;

  if (b->frames->len == 0)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_MALFORMED, b->source, line,
                           _("end of a variation that was not begun"));
      return FALSE;
    }
  frame = g_array_index (b->frames, Frame, b->frames->len - 1);
  if (b->path->len == frame.path_len)
    {
      ts_record_set_error (error, TS_RECORD_ERROR_INVALID, b->source, line,
                           _("empty variation"));
      return FALSE;
    }
  g_array_set_size (b->frames, b->frames->len - 1);
  while (b->path->len > frame.path_len)
    pop_move (b);
  push_move (b, frame.replaced);
  return TRUE;
}
