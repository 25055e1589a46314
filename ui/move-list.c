#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "clock-view.h"
#include "engine/annotate.h"
#include "game-info-dialog.h"
#include "move-list.h"
#include "records/nag.h"

typedef struct {
  int         start, end;   /* character offsets of the move's text */
  TsGameNode *node;
} Span;

/* A run of text with its tags, as written into the buffer. */
typedef struct {
  char       *text;
  GtkTextTag *tag, *tag2;
  int         start;        /* character offset */
} Segment;

static void
segment_clear (gpointer data)
{
  g_free (((Segment *) data)->text);
}

struct _TsMoveListView
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  GtkWidget     *scroller;
  GtkTextView   *text_view;
  GtkEntry      *comment_entry;
  GtkMenuButton *nag_button;
  gboolean       follow_end;    /* the current move ends the text: keep the end in view */
  GtkLabel      *players_label, *event_label;

  TsGame        *game;
  guint64        revision;    /* of the game as written */
  GArray        *spans;       /* Span, in text order */
  GHashTable    *span_of;     /* TsGameNode → its span's index + 1 */
  GArray        *segments;    /* Segment: what the buffer holds */
  int            current_start, current_end;   /* where tag_current is, or -1 */
  GtkTextTag    *tag_current, *tag_move, *tag_variation, *tag_comment, *tag_number, *tag_clock;
  GtkTextTag    *tag_eval, *tag_marks[TS_N_JUDGEMENTS];   /* [judgement]: ?! ? ?? in colour */
  gboolean       filling;
};

G_DEFINE_FINAL_TYPE (TsMoveListView, ts_move_list_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_NODE_ACTIVATED,
  SIGNAL_COMMENT_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GtkWidget *
ts_move_list_view_new (void)
{
  return g_object_new (TS_TYPE_MOVE_LIST_VIEW, NULL);
}

/* The text is first written as segments, then only the part of the buffer that differs
 * is replaced: a move added at the end of a long game costs one insertion, not a refill. */
typedef struct {
  TsMoveListView *self;
  GArray         *segments;
  GArray         *spans;
  int             length;       /* characters written */
  guint           n_seats;
  guint           first_seat;   /* side to move at the start */
  guint           paragraph_moves;   /* moves in the paragraph being written */
  gboolean        opened;            /* a variation's "(" written last: no space */
} Writer;

/* A paragraph with variations in it ends at the first full move after this many moves. */
#define PARAGRAPH_MOVES 24

static void
put (Writer *w, const char *text, GtkTextTag *tag, GtkTextTag *tag2)
{
  Segment seg = { g_strdup (text), tag, tag2, w->length };

  g_array_append_val (w->segments, seg);
  w->length += g_utf8_strlen (text, -1);
}

static int
end_offset (Writer *w)
{
  return w->length;
}

static void
put_comment (Writer *w, const char *comment, GtkTextTag *depth_tag)
{
  if (comment == NULL || *comment == '\0')
    return;
  put (w, " ", NULL, NULL);
  put (w, comment, w->self->tag_comment, depth_tag);
}

/* ?! ? ?? in their colours (as on Lichess), the other glyphs as moves are. */
static GtkTextTag *
mark_tag (TsMoveListView *self, guint nag)
{
  for (TsJudgement j = TS_JUDGEMENT_INACCURACY; j < TS_N_JUDGEMENTS; j++)
    if (ts_judgement_nag (j) == nag)
      return self->tag_marks[j];
  return self->tag_move;
}

/* The engine's evaluation stored with the move, as the analysis panel shows scores:
 * White's side in two-seat games, the mover's in four-seat ones. A won game's last move
 * (mate 0) has none: the notation says it. */
static void
put_eval (Writer *w, TsGameNode *node, guint ply, GtkTextTag *depth_tag)
{
  const TsVariant *v = ts_game_variant (w->self->game);
  const TsEval *eval = &node->annotation.eval;
  TsEval shown;
  g_autofree char *text = NULL;

  if (eval->kind == TS_EVAL_NONE || (eval->kind == TS_EVAL_MATE && eval->value == 0))
    return;
  shown = ts_eval_shown (v, ply % w->n_seats, eval);
  text = ts_eval_format (&shown);
  put (w, "\u00a0", NULL, NULL);
  put (w, text, w->self->tag_eval, depth_tag);
}

/* ply: the node's ply counted from the first seat's move at the start. */
static void
put_move (Writer *w, TsGameNode *node, guint ply, gboolean with_number, GtkTextTag *depth_tag)
{
  guint number = ply / w->n_seats + 1;
  Span span;

  /* Each full move of the main line is a paragraph of its own: readable, and the text
   * view lays out only the last paragraph again when a move is added. Its variations
   * follow inline, up to PARAGRAPH_MOVES moves: a step lays out again the paragraphs
   * whose marks change, and a paragraph of thousands of moves (a long variation) cost
   * 20–100 ms a step. */
  if (end_offset (w) > 0 && !w->opened)
    {
      gboolean full_move = ply % w->n_seats == 0;
      gboolean paragraph = full_move && (depth_tag == NULL || w->paragraph_moves >= PARAGRAPH_MOVES);

      put (w, paragraph ? "\n" : " ", NULL, NULL);
      if (paragraph)
        w->paragraph_moves = 0;
    }
  w->opened = FALSE;
  w->paragraph_moves++;
  put_comment (w, node->annotation.comment_before, depth_tag);
  if (node->annotation.comment_before != NULL && *node->annotation.comment_before)
    put (w, " ", NULL, NULL);
  if (ply % w->n_seats == 0 || with_number)
    {
      g_autofree char *num = g_strdup_printf (ply % w->n_seats == 0 ? "%u." : "%u…", number);

      put (w, num, w->self->tag_number, depth_tag);
      put (w, " ", NULL, NULL);
    }
  span.start = end_offset (w);
  span.node = node;
  if (strchr (node->san, ' ') != NULL)
    {
      /* Doseki's "H Eb8,Fb8xEc9": the letter stays on the line of its cells */
      g_autoptr(GString) shown = g_string_new (node->san);

      g_string_replace (shown, " ", "\u00a0", 0);
      put (w, shown->str, w->self->tag_move, depth_tag);
    }
  else
    put (w, node->san, w->self->tag_move, depth_tag);
  for (guint i = 0; i < node->annotation.n_nags; i++)
    {
      const char *glyph = ts_nag_glyph (node->annotation.nags[i]);
      g_autofree char *dollar = NULL;

      if (glyph == NULL)
        glyph = dollar = g_strdup_printf (" $%u", node->annotation.nags[i]);
      else if (!ts_nag_is_move_mark (node->annotation.nags[i]))
        put (w, " ", NULL, NULL);
      put (w, glyph, mark_tag (w->self, node->annotation.nags[i]), depth_tag);
    }
  span.end = end_offset (w);
  g_array_append_val (w->spans, span);
  g_hash_table_insert (w->self->span_of, node, GUINT_TO_POINTER (w->spans->len));
  if (node->annotation.clock_ms != TS_CLOCK_NONE)
    {
      g_autofree char *clock = ts_clock_format (node->annotation.clock_ms);

      /* a no-break space: the clock stays on its move's line */
      put (w, "\u00a0", NULL, NULL);
      put (w, clock, w->self->tag_clock, depth_tag);
    }
  put_eval (w, node, ply, depth_tag);
  put_comment (w, node->annotation.comment_after, depth_tag);
}

/* Writes the line starting at node (at ply), with the variations that branch off it. The
 * plies are counted along, not looked up: ts_game_node_depth walks to the root, which made
 * writing a 5000-ply game take 0.1 s. */
static void
put_line (Writer *w, TsGameNode *node, guint ply, gboolean with_number, guint depth)
{
  GtkTextTag *depth_tag = depth > 0 ? w->self->tag_variation : NULL;

  for (; node != NULL; ply++)
    {
      TsGameNode *parent = node->parent;
      guint n = ts_game_node_n_children (parent);

      put_move (w, node, ply, with_number, depth_tag);
      with_number = node->annotation.comment_after != NULL && *node->annotation.comment_after;
      if (ts_game_node_child (parent, 0) == node && n > 1)
        {
          for (guint i = 1; i < n; i++)
            {
              put (w, " (", depth_tag ? depth_tag : w->self->tag_variation, NULL);
              w->opened = TRUE;
              put_line (w, ts_game_node_child (parent, i), ply, TRUE, MIN (depth + 1, TS_RECORD_MAX_NESTING));
              put (w, ")", depth_tag ? depth_tag : w->self->tag_variation, NULL);
            }
          with_number = TRUE;
        }
      node = ts_game_node_n_children (node) > 0 ? ts_game_node_child (node, 0) : NULL;
    }
}

static gboolean
segment_equal (const Segment *a, const Segment *b)
{
  return a->tag == b->tag && a->tag2 == b->tag2 && strcmp (a->text, b->text) == 0;
}

/* Replaces what differs between the buffer's segments and @segments, from the first
 * segment that differs to the end. */
static void
apply_segments (TsMoveListView *self, GArray *segments)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GArray *old = self->segments;
  guint same = 0;
  GtkTextIter start, end;

  while (same < old->len && same < segments->len &&
         segment_equal (&g_array_index (old, Segment, same), &g_array_index (segments, Segment, same)))
    same++;
  if (same < old->len)
    {
      gtk_text_buffer_get_iter_at_offset (buffer, &start, g_array_index (old, Segment, same).start);
      gtk_text_buffer_get_end_iter (buffer, &end);
      gtk_text_buffer_delete (buffer, &start, &end);
    }
  /* One insertion, then the tags: an insertion per segment cost 17 µs each (the buffer's
   * signals and its B-tree walked each time), 0.35 s for 20 000 moves. */
  if (same < segments->len)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = same; i < segments->len; i++)
        g_string_append (text, g_array_index (segments, Segment, i).text);
      gtk_text_buffer_get_end_iter (buffer, &end);
      gtk_text_buffer_insert (buffer, &end, text->str, text->len);
      gtk_text_buffer_get_iter_at_offset (buffer, &start, g_array_index (segments, Segment, same).start);
      for (guint i = same; i < segments->len; i++)
        {
          Segment *seg = &g_array_index (segments, Segment, i);
          int next = i + 1 < segments->len ? g_array_index (segments, Segment, i + 1).start
                                           : gtk_text_buffer_get_char_count (buffer);

          end = start;
          gtk_text_iter_forward_chars (&end, next - seg->start);
          if (seg->tag != NULL)
            gtk_text_buffer_apply_tag (buffer, seg->tag, &start, &end);
          if (seg->tag2 != NULL)
            gtk_text_buffer_apply_tag (buffer, seg->tag2, &start, &end);
          start = end;
        }
    }
  g_array_unref (self->segments);
  self->segments = g_array_ref (segments);
}

static void
clear_current (TsMoveListView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  GtkTextIter start, end;

  if (self->current_start < 0)
    return;
  gtk_text_buffer_get_iter_at_offset (buffer, &start, self->current_start);
  gtk_text_buffer_get_iter_at_offset (buffer, &end, self->current_end);
  gtk_text_buffer_remove_tag (buffer, self->tag_current, &start, &end);
  self->current_start = self->current_end = -1;
}

/* The NAG button shows the current move's glyphs ("!? ⩲"); without any, a dimmed "!?"
 * says what the button is for. */
static void
show_nags (TsMoveListView *self, TsGameNode *node)
{
  g_autoptr(GString) glyphs = g_string_new (NULL);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; node && i < node->annotation.n_nags; i++)
    {
      const char *glyph = ts_nag_glyph (node->annotation.nags[i]);

      if (glyph == NULL)
        continue;
      g_string_append_printf (glyphs, "%s%s", glyphs->len ? " " : "", glyph);
      g_string_append_printf (names, "%s%s", names->len ? ", " : "",
                              ts_nag_description (node->annotation.nags[i]));
    }
  if (glyphs->len == 0)
    {
      gtk_menu_button_set_label (self->nag_button, "!?");
      gtk_widget_add_css_class (GTK_WIDGET (self->nag_button), "dim-label");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->nag_button), _("Annotate the move"));
    }
  else
    {
      /* Translators: the NAG button's tooltip; %s lists the move's annotations */
      g_autofree char *tip = g_strdup_printf (_("Annotate the move (now: %s)"), names->str);

      gtk_menu_button_set_label (self->nag_button, glyphs->str);
      gtk_widget_remove_css_class (GTK_WIDGET (self->nag_button), "dim-label");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->nag_button), tip);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->nag_button), node && node->parent != NULL);
}

static void
follow_end_cb (TsMoveListView *self)
{
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->text_view));
  double end = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);

  if (self->follow_end && gtk_adjustment_get_value (adj) < end)
    gtk_adjustment_set_value (adj, end);
}

/* Marks the current move, scrolls to it and shows its comment. */
static void
show_current (TsMoveListView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  TsGameNode *current;
  GtkTextIter start, end;
  guint index;

  clear_current (self);
  if (self->game == NULL)
    return;
  current = ts_game_current (self->game);
  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->span_of, current));
  if (index > 0)
    {
      Span *span = &g_array_index (self->spans, Span, index - 1);

      gtk_text_buffer_get_iter_at_offset (buffer, &start, span->start);
      gtk_text_buffer_get_iter_at_offset (buffer, &end, span->end);
      gtk_text_buffer_apply_tag (buffer, self->tag_current, &start, &end);
      self->current_start = span->start;
      self->current_end = span->end;
      gtk_text_buffer_place_cursor (buffer, &start);
      gtk_text_view_scroll_to_mark (self->text_view, gtk_text_buffer_get_insert (buffer), 0.1, FALSE, 0, 0);
    }
  else
    {
      GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->text_view));

      /* at the start: the list's top (it stayed where the last move was shown) */
      gtk_text_buffer_get_start_iter (buffer, &start);
      gtk_text_buffer_place_cursor (buffer, &start);
      gtk_adjustment_set_value (adj, gtk_adjustment_get_lower (adj));
    }
  /* The text view measures new lines later, in idle time: in fast play the mark's place
   * was not yet known and the list stopped short. At the end of the text, the view follows
   * the end as the lines get measured (follow_end_cb). */
  self->follow_end = index > 0 && index == self->spans->len;
  if (self->follow_end)
    follow_end_cb (self);

  self->filling = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->comment_entry),
                         current->annotation.comment_after ? current->annotation.comment_after : "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->comment_entry), current->parent != NULL);
  self->filling = FALSE;
  show_nags (self, current);
}

static void
refill (TsMoveListView *self)
{
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  TsGameNode *root;
  Writer w = { self, segments, self->spans, 0, 2, 0 };

  g_array_set_clear_func (segments, segment_clear);
  g_array_set_size (self->spans, 0);
  g_hash_table_remove_all (self->span_of);
  if (self->game != NULL)
    {
      root = ts_game_root (self->game);
      self->revision = ts_game_revision (self->game);
      w.n_seats = ts_game_variant (self->game)->n_seats;
      w.first_seat = ts_position_side_to_move (ts_game_start_position (self->game));
      if (root->annotation.comment_before)
        put (&w, root->annotation.comment_before, self->tag_comment, NULL);
      if (ts_game_node_n_children (root) > 0)
        put_line (&w, ts_game_node_child (root, 0), w.first_seat, TRUE, 0);
      if (ts_game_get_field (self->game, TS_GAME_RESULT) != NULL)
        {
          put (&w, " ", NULL, NULL);
          put (&w, ts_game_get_field (self->game, TS_GAME_RESULT), self->tag_number, NULL);
        }
    }
  clear_current (self);      /* first: its offsets are the old text's */
  apply_segments (self, segments);
  show_current (self);
}

/* The game's head: its players, its event and its result; a click opens Game Information. */
static void
update_header (TsMoveListView *self)
{
  g_autofree char *players = self->game ? ts_game_info_players_line (self->game) : NULL;
  g_autofree char *event = self->game ? ts_game_info_event_line (self->game) : NULL;
  const char *result = self->game ? ts_game_get_field (self->game, TS_GAME_RESULT) : NULL;
  g_autofree char *with_result = NULL;

  if (result && !g_str_equal (result, "*"))
    with_result = g_strdup_printf ("%s  %s", players ? players : "", result);
  gtk_label_set_label (self->players_label, with_result ? with_result
                                            : players ? players : _("Add the players, the event…"));
  gtk_label_set_label (self->event_label, event ? event : "");
  gtk_widget_set_visible (GTK_WIDGET (self->event_label), event != NULL);
}

void
ts_move_list_view_set_game (TsMoveListView *self,
                            TsGame         *game)
{
  g_return_if_fail (TS_IS_MOVE_LIST_VIEW (self));

  self->game = game;
  refill (self);
  update_header (self);
}

void
ts_move_list_view_update (TsMoveListView *self)
{
  g_return_if_fail (TS_IS_MOVE_LIST_VIEW (self));

  if (self->game != NULL && ts_game_revision (self->game) == self->revision)
    show_current (self);
  else
    {
      refill (self);
      update_header (self);
    }
}

char *
ts_move_list_view_get_text (TsMoveListView *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (TS_IS_MOVE_LIST_VIEW (self), NULL);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

TsGameNode *
ts_move_list_view_node_at (TsMoveListView *self,
                           int             offset)
{
  guint lo = 0, hi;

  g_return_val_if_fail (TS_IS_MOVE_LIST_VIEW (self), NULL);

  /* The spans are in text order: the last one starting at or before offset. */
  hi = self->spans->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (self->spans, Span, mid).start <= offset)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo > 0 && offset < g_array_index (self->spans, Span, lo - 1).end)
    return g_array_index (self->spans, Span, lo - 1).node;
  return NULL;
}

int
ts_move_list_view_node_offset (TsMoveListView *self,
                               TsGameNode     *node)
{
  guint index;

  g_return_val_if_fail (TS_IS_MOVE_LIST_VIEW (self), -1);

  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->span_of, node));
  return index > 0 ? g_array_index (self->spans, Span, index - 1).start : -1;
}

static void
clicked_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            TsMoveListView  *self)
{
  GtkTextIter iter;
  int bx, by;
  TsGameNode *node;

  gtk_text_view_window_to_buffer_coords (self->text_view, GTK_TEXT_WINDOW_WIDGET, x, y, &bx, &by);
  if (!gtk_text_view_get_iter_at_location (self->text_view, &iter, bx, by))
    return;
  node = ts_move_list_view_node_at (self, gtk_text_iter_get_offset (&iter));
  if (node != NULL)
    g_signal_emit (self, signals[SIGNAL_NODE_ACTIVATED], 0, node);
}

static void
comment_commit (TsMoveListView *self)
{
  if (self->filling || self->game == NULL)
    return;
  g_signal_emit (self, signals[SIGNAL_COMMENT_CHANGED], 0,
                 gtk_editable_get_text (GTK_EDITABLE (self->comment_entry)));
}

static void
comment_focus_leave (GtkEventControllerFocus *focus,
                     TsMoveListView          *self)
{
  comment_commit (self);
}

static void
ts_move_list_view_dispose (GObject *object)
{
  TsMoveListView *self = TS_MOVE_LIST_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_MOVE_LIST_VIEW);
  g_clear_pointer (&self->spans, g_array_unref);
  g_clear_pointer (&self->span_of, g_hash_table_unref);
  g_clear_pointer (&self->segments, g_array_unref);

  G_OBJECT_CLASS (ts_move_list_view_parent_class)->dispose (object);
}

static void
ts_move_list_view_class_init (TsMoveListViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_move_list_view_dispose;

  signals[SIGNAL_NODE_ACTIVATED] =
    g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_COMMENT_CHANGED] =
    g_signal_new ("comment-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, TsMoveListView, box);
  gtk_widget_class_bind_template_child (widget_class, TsMoveListView, scroller);
  gtk_widget_class_bind_template_child (widget_class, TsMoveListView, text_view);
  gtk_widget_class_bind_template_child (widget_class, TsMoveListView, comment_entry);
  gtk_widget_class_bind_template_child (widget_class, TsMoveListView, nag_button);
  gtk_widget_class_bind_template_child (widget_class, TsMoveListView, players_label);
  gtk_widget_class_bind_template_child (widget_class, TsMoveListView, event_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
}

static void
ts_move_list_view_init (TsMoveListView *self)
{
  GtkTextBuffer *buffer;
  GtkGesture *click;
  GtkEventController *focus;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->spans = g_array_new (FALSE, FALSE, sizeof (Span));
  self->span_of = g_hash_table_new (NULL, NULL);
  self->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_array_set_clear_func (self->segments, segment_clear);
  self->current_start = self->current_end = -1;

  g_signal_connect_swapped (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->text_view)),
                            "changed", G_CALLBACK (follow_end_cb), self);
  buffer = gtk_text_view_get_buffer (self->text_view);
  /* written by the program only: no undo history of its inserts (memory and time) */
  gtk_text_buffer_set_enable_undo (buffer, FALSE);
  self->tag_move = gtk_text_buffer_create_tag (buffer, "move", "weight", PANGO_WEIGHT_SEMIBOLD, NULL);
  self->tag_number = gtk_text_buffer_create_tag (buffer, "number", "foreground-rgba", &(GdkRGBA) { 0.5, 0.5, 0.5, 1 }, NULL);
  self->tag_variation = gtk_text_buffer_create_tag (buffer, "variation", "weight", PANGO_WEIGHT_NORMAL,
                                                    "scale", 0.9, "foreground-rgba", &(GdkRGBA) { 0.35, 0.45, 0.6, 1 }, NULL);
  self->tag_comment = gtk_text_buffer_create_tag (buffer, "comment", "style", PANGO_STYLE_ITALIC,
                                                  "foreground-rgba", &(GdkRGBA) { 0.2, 0.55, 0.3, 1 }, NULL);
  /* the mover's clock after the move, from the record */
  self->tag_clock = gtk_text_buffer_create_tag (buffer, "clock", "scale", 0.8, "foreground-rgba", &(GdkRGBA) { 0.5, 0.5, 0.5, 1 },
                                                "font-features", "tnum", NULL);
  /* the engine's evaluation after the move, from the record */
  self->tag_eval = gtk_text_buffer_create_tag (buffer, "eval", "scale", 0.8, "foreground-rgba", &(GdkRGBA) { 0.45, 0.45, 0.5, 1 },
                                               "font-features", "tnum", NULL);
  self->tag_marks[TS_JUDGEMENT_INACCURACY] =
    gtk_text_buffer_create_tag (buffer, "inaccuracy", "weight", PANGO_WEIGHT_BOLD,
                                "foreground-rgba", &(GdkRGBA) { 0x56 / 255.0, 0xb4 / 255.0, 0xe9 / 255.0, 1 }, NULL);
  self->tag_marks[TS_JUDGEMENT_MISTAKE] =
    gtk_text_buffer_create_tag (buffer, "mistake", "weight", PANGO_WEIGHT_BOLD,
                                "foreground-rgba", &(GdkRGBA) { 0xe6 / 255.0, 0x9f / 255.0, 0x00 / 255.0, 1 }, NULL);
  self->tag_marks[TS_JUDGEMENT_BLUNDER] =
    gtk_text_buffer_create_tag (buffer, "blunder", "weight", PANGO_WEIGHT_BOLD,
                                "foreground-rgba", &(GdkRGBA) { 0xdf / 255.0, 0x53 / 255.0, 0x53 / 255.0, 1 }, NULL);
  self->tag_current = gtk_text_buffer_create_tag (buffer, "current", "background-rgba", &(GdkRGBA) { 0.21, 0.52, 0.89, 0.35 }, NULL);

  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (clicked_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->text_view), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_swapped (self->comment_entry, "activate", G_CALLBACK (comment_commit), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (comment_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->comment_entry), focus);
}
