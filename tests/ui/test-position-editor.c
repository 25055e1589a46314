/* TsPositionEditor: position text round trips, placing and removing pieces, the
 * controls, live validation with Play and Analyse, pasted errors (issue 9). */
#include <adwaita.h>
#include <string.h>

#include "position-editor.h"
#include "rules/position-validate.h"
#include "rules/notation.h"
#include "rules/postext.h"
#include "widget-test.h"

typedef struct {
  GtkWidget        *window;
  TsPositionEditor *editor;
  guint             n_play, n_analyse;
} Fixture;

static void
on_play (TsPositionEditor *editor, const TsPosition *p, Fixture *f)
{
  g_assert_true (p == ts_position_editor_get_position (editor));
  f->n_play++;
}

static void
on_analyse (TsPositionEditor *editor, const TsPosition *p, Fixture *f)
{
  f->n_analyse++;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(TsPosition) p = ts_position_new_initial (ts_variant_lookup (data ? data : "raumschach"));

  memset (f, 0, sizeof *f);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 700);
  f->editor = TS_POSITION_EDITOR (ts_position_editor_new (p));
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->editor));
  g_signal_connect (f->editor, "play", G_CALLBACK (on_play), f);
  g_signal_connect (f->editor, "analyse", G_CALLBACK (on_analyse), f);
  gtk_window_present (GTK_WINDOW (f->window));
  gtk_test_widget_wait_for_draw (GTK_WIDGET (f->editor));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  GtkWidget *editor = GTK_WIDGET (f->editor);

  g_object_add_weak_pointer (G_OBJECT (editor), (gpointer *) &editor);
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (editor && g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (editor);
}

static TsCell
cell (Fixture *f, const char *name)
{
  const TsVariant *v = ts_position_variant (ts_position_editor_get_position (f->editor));
  TsCell c = ts_variant_parse_cell (v, name, NULL);

  g_assert_cmpint (c, !=, TS_NO_CELL);
  return c;
}

static char *
text_of (Fixture *f)
{
  return ts_position_editor_get_text (f->editor);
}

/* Finds a descendant widget of a type whose accessible label or text is label. */
static GtkWidget *
find_widget (GtkWidget *root, GType type, const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        {
          const char *text = GTK_IS_CHECK_BUTTON (c) ? gtk_check_button_get_label (GTK_CHECK_BUTTON (c))
                           : GTK_IS_LABEL (c) ? gtk_label_get_text (GTK_LABEL (c)) : NULL;

          if (!label || g_strcmp0 (text, label) == 0)
            return c;
        }
      if ((found = find_widget (c, type, label)))
        return found;
    }
  return NULL;
}

/* Every descendant of a type, in depth-first order. */
/* Every variant: the position text of a game position goes through the editor and
 * comes back the same; the editor's own text reads back to the same position. */
static void
test_text_round_trip (Fixture *f, gconstpointer data)
{
  guint n;
  const TsVariant *const *list = ts_variant_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(TsPosition) p = ts_position_new_initial (list[i]);
      g_autofree char *in = NULL, *out = NULL, *again = NULL;
      g_autoptr(GError) error = NULL;

      for (guint ply = 0; ply < 5; ply++)
        {
          TsMoveList l;
          TsUndo u;

          ts_move_list_init (&l);
          ts_position_generate_legal (p, &l);
          if (l.n)
            ts_position_make (p, l.moves[(ply * 7) % l.n], &u);
          ts_move_list_clear (&l);
        }
      in = ts_position_to_text (p);
      g_assert_true (ts_position_editor_set_text (f->editor, in, &error));
      g_assert_no_error (error);
      g_assert_null (ts_position_editor_get_text_error (f->editor));
      out = text_of (f);
      g_assert_cmpstr (out, ==, in);
      g_assert_true (ts_position_editor_get_legal (f->editor));
      /* copy, edit nothing, set the copy: still the same */
      ts_position_editor_set_position (f->editor, ts_position_editor_get_position (f->editor));
      again = text_of (f);
      g_assert_cmpstr (again, ==, in);
    }
}

/* A position built by clicks and the controls gives the expected text, which reads
 * back into the same position. */
static void
test_build_by_clicks (Fixture *f, gconstpointer data)
{
  g_autofree char *text = NULL;
  g_autoptr(TsPosition) back = NULL;
  GtkDropDown *turn;
  GtkSpinButton *move;

  gtk_widget_activate_action (GTK_WIDGET (f->editor), "editor.clear", NULL);
  g_assert_false (ts_position_editor_get_legal (f->editor));
  ts_position_editor_choose (f->editor, 0, 0);          /* White king */
  ts_position_editor_click_cell (f->editor, cell (f, "Ac1"));
  ts_position_editor_choose (f->editor, 1, 0);          /* Black king */
  ts_position_editor_click_cell (f->editor, cell (f, "Ec5"));
  ts_position_editor_choose (f->editor, 0, 4);          /* White unicorn */
  ts_position_editor_click_cell (f->editor, cell (f, "Bb2"));
  ts_position_editor_click_cell (f->editor, cell (f, "Cd4"));
  ts_position_editor_click_cell (f->editor, cell (f, "Cd4"));   /* again: taken away */
  g_assert_true (ts_position_editor_get_legal (f->editor));

  turn = GTK_DROP_DOWN (find_widget (GTK_WIDGET (f->editor), GTK_TYPE_DROP_DOWN, NULL));
  move = GTK_SPIN_BUTTON (find_widget (GTK_WIDGET (f->editor), GTK_TYPE_SPIN_BUTTON, NULL));
  gtk_drop_down_set_selected (turn, 1);
  gtk_spin_button_set_value (move, 12);
  text = text_of (f);
  g_assert_cmpstr (text, ==, "raumschach w:KAc1,UBb2 b:KEc5 turn=b halfmove=0 ply=23");
  back = ts_position_from_text (text, NULL);
  g_assert_nonnull (back);
  g_assert_cmpuint (ts_position_hash (back), ==, ts_position_hash (ts_position_editor_get_position (f->editor)));

  /* the initial position again */
  gtk_widget_activate_action (GTK_WIDGET (f->editor), "editor.initial", NULL);
  g_clear_pointer (&text, g_free);
  text = text_of (f);
  {
    g_autoptr(TsPosition) initial = ts_position_new_initial (ts_variant_lookup ("raumschach"));
    g_autofree char *expected = ts_position_to_text (initial);

    g_assert_cmpstr (text, ==, expected);
  }
}

static void
test_remove_and_move (Fixture *f, gconstpointer data)
{
  const TsPosition *p = ts_position_editor_get_position (f->editor);
  TsPiece queen = ts_position_piece_at (p, cell (f, "Bc1"));

  g_assert_cmpuint (queen, !=, TS_PIECE_NONE);
  /* drag to an empty cell moves it */
  ts_position_editor_drag_piece (f->editor, cell (f, "Bc1"), cell (f, "Cc3"));
  p = ts_position_editor_get_position (f->editor);
  g_assert_cmpuint (ts_position_piece_at (p, cell (f, "Bc1")), ==, TS_PIECE_NONE);
  g_assert_cmpuint (ts_position_piece_at (p, cell (f, "Cc3")), ==, queen);
  /* drag off the board removes */
  ts_position_editor_drag_piece (f->editor, cell (f, "Cc3"), TS_NO_CELL);
  p = ts_position_editor_get_position (f->editor);
  g_assert_cmpuint (ts_position_piece_at (p, cell (f, "Cc3")), ==, TS_PIECE_NONE);
  /* right click (remove) on the black king: the position becomes illegal */
  ts_position_editor_remove (f->editor, cell (f, "Ec5"));
  g_assert_false (ts_position_editor_get_legal (f->editor));
  g_assert_cmpuint (ts_position_editor_get_problems (f->editor)->len, ==, 1);
  /* the eraser */
  ts_position_editor_choose (f->editor, 0, -1);
  ts_position_editor_click_cell (f->editor, cell (f, "Aa1"));
  p = ts_position_editor_get_position (f->editor);
  g_assert_cmpuint (ts_position_piece_at (p, cell (f, "Aa1")), ==, TS_PIECE_NONE);
}

/* Play and Analyse stay disabled while any reason is listed. */
static void
test_validation_gates_play (Fixture *f, gconstpointer data)
{
  GtkWidget *problems;

  gtk_widget_activate_action (GTK_WIDGET (f->editor), "editor.play", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->editor), "editor.analyse", NULL);
  g_assert_cmpuint (f->n_play, ==, 1);
  g_assert_cmpuint (f->n_analyse, ==, 1);

  ts_position_editor_choose (f->editor, 0, 0);
  ts_position_editor_click_cell (f->editor, cell (f, "Cc3"));   /* a second white king */
  ts_position_editor_choose (f->editor, 0, 6);
  ts_position_editor_click_cell (f->editor, cell (f, "Ec3"));   /* a pawn on its last rank... */
  ts_position_editor_drag_piece (f->editor, cell (f, "Ec3"), cell (f, "Ea5")); /* ...cell */
  g_assert_false (ts_position_editor_get_legal (f->editor));
  g_assert_cmpuint (ts_position_editor_get_problems (f->editor)->len, ==, 2);
  problems = find_widget (GTK_WIDGET (f->editor), GTK_TYPE_LABEL,
                          "The position cannot be played:\n• White has 2 kings (a second one on Cc3)\n"
                          "• White's pawn on Ea5 stands on its promotion cells");
  g_assert_nonnull (problems);
  gtk_widget_activate_action (GTK_WIDGET (f->editor), "editor.play", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->editor), "editor.analyse", NULL);
  g_assert_cmpuint (f->n_play, ==, 1);
  g_assert_cmpuint (f->n_analyse, ==, 1);

  ts_position_editor_remove (f->editor, cell (f, "Cc3"));
  ts_position_editor_remove (f->editor, cell (f, "Ea5"));
  g_assert_true (ts_position_editor_get_legal (f->editor));
  g_assert_nonnull (find_widget (GTK_WIDGET (f->editor), GTK_TYPE_LABEL, "The position is legal."));
  gtk_widget_activate_action (GTK_WIDGET (f->editor), "editor.play", NULL);
  g_assert_cmpuint (f->n_play, ==, 2);
}

static void
test_pasted_error (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = text_of (f);
  g_autofree char *after = NULL;

  g_assert_false (ts_position_editor_set_text (f->editor, "raumschach w:KAc1,QZz9 b:KEc5", &error));
  g_assert_error (error, TS_RULES_ERROR, TS_RULES_ERROR_PARSE);
  g_assert_nonnull (strstr (ts_position_editor_get_text_error (f->editor), "column 20"));
  after = text_of (f);
  g_assert_cmpstr (after, ==, before);
  /* the label shows the message and the text with the place marked */
  {
    gboolean shown = FALSE;
    GtkWidget *w = GTK_WIDGET (f->editor);
    GPtrArray *stack = g_ptr_array_new ();

    g_ptr_array_add (stack, w);
    while (stack->len)
      {
        GtkWidget *x = g_ptr_array_steal_index (stack, stack->len - 1);

        if (GTK_IS_LABEL (x) && gtk_widget_get_visible (x) &&
            strstr (gtk_label_get_text (GTK_LABEL (x)), "column 20") &&
            strstr (gtk_label_get_label (GTK_LABEL (x)), "<u><b>Z</b></u>"))
          shown = TRUE;
        for (GtkWidget *c = gtk_widget_get_first_child (x); c; c = gtk_widget_get_next_sibling (c))
          g_ptr_array_add (stack, c);
      }
    g_ptr_array_unref (stack);
    g_assert_true (shown);
  }
  /* a good text clears the error */
  g_assert_true (ts_position_editor_set_text (f->editor, "raumschach w:KAc1 b:KEc5 turn=w", NULL));
  g_assert_null (ts_position_editor_get_text_error (f->editor));
}

static void
test_castling_and_en_passant (Fixture *f, gconstpointer data)
{
  GtkCheckButton *oo;
  GtkEntry *ep;
  g_autofree char *text = NULL;
  TsCell passed, pawn;

  ts_position_editor_set_text (f->editor, "cubic8 w:KE1w*,RA1w*,RH1w*,PE4w b:KE8k,PD4w turn=b ep=E3w,E4w", NULL);
  g_assert_true (ts_position_editor_get_legal (f->editor));
  oo = GTK_CHECK_BUTTON (find_widget (GTK_WIDGET (f->editor), GTK_TYPE_CHECK_BUTTON, "O-O"));
  g_assert_nonnull (oo);
  g_assert_true (gtk_check_button_get_active (oo));
  gtk_check_button_set_active (oo, FALSE);
  text = text_of (f);
  g_assert_true (strstr (text, "RH1w,") || strstr (text, "RH1w "));
  g_assert_nonnull (strstr (text, "RA1w*"));
  /* removing the rook makes the right unavailable */
  ts_position_editor_remove (f->editor, cell (f, "H1w"));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (oo)));

  ep = GTK_ENTRY (find_widget (GTK_WIDGET (f->editor), GTK_TYPE_ENTRY, NULL));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ep)), ==, "E3w,E4w");
  gtk_editable_set_text (GTK_EDITABLE (ep), "D3w,D4w");   /* a pawn of the side to move */
  g_assert_true (ts_position_en_passant (ts_position_editor_get_position (f->editor), &passed, &pawn));
  g_assert_cmpint (passed, ==, cell (f, "D3w"));
  g_assert_false (ts_position_editor_get_legal (f->editor));
  gtk_editable_set_text (GTK_EDITABLE (ep), "");
  g_assert_false (ts_position_en_passant (ts_position_editor_get_position (f->editor), &passed, &pawn));
  g_assert_true (ts_position_editor_get_legal (f->editor));
}

static void
test_hands (Fixture *f, gconstpointer data)
{
  GtkSpinButton *red;
  const TsPosition *p;

  /* Doseki: outside checkers, and the palette's checkers */
  {
    g_autoptr(TsPosition) d = ts_position_new_initial (ts_variant_lookup ("doseki"));

    ts_position_editor_set_position (f->editor, d);
  }
  /* the move number spin comes first; the outside checkers follow */
  {
    g_autoptr(GPtrArray) spins = widget_test_collect (GTK_WIDGET (f->editor), GTK_TYPE_SPIN_BUTTON);

    g_assert_cmpuint (spins->len, ==, 3);
    red = g_ptr_array_index (spins, 1);
  }
  gtk_spin_button_set_value (red, 3);
  p = ts_position_editor_get_position (f->editor);
  g_assert_cmpuint (ts_position_hand_count (p, 0, 0), ==, 3);
  ts_position_editor_choose (f->editor, 1, 0);
  ts_position_editor_click_cell (f->editor, cell (f, "Ee5"));
  p = ts_position_editor_get_position (f->editor);
  g_assert_cmpuint (ts_position_piece_at (p, cell (f, "Ee5")), ==, TS_PIECE_MAKE (1, 0));
  g_assert_true (ts_position_editor_get_legal (f->editor));
  {
    g_autofree char *text = text_of (f);
    g_autoptr(TsPosition) back = ts_position_from_text (text, NULL);

    g_assert_nonnull (back);
    g_assert_cmpuint (ts_position_hand_count (back, 0, 0), ==, 3);
  }

  /* Grossraumschach: pieces in hand as letters */
  {
    g_autoptr(TsPosition) g = ts_position_new_initial (ts_variant_lookup ("grossraumschach"));
    GtkEntry *hand;
    g_autofree char *text = NULL;

    ts_position_editor_set_position (f->editor, g);
    /* the first entry is the en passant one, hidden here; then one per army */
    g_autoptr(GPtrArray) entries = widget_test_collect (GTK_WIDGET (f->editor), GTK_TYPE_ENTRY);

    g_assert_cmpuint (entries->len, ==, 5);
    hand = g_ptr_array_index (entries, 0);
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (hand)));
    gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (entries, 1)), "PPU");
    p = ts_position_editor_get_position (f->editor);
    g_assert_cmpuint (ts_position_hand_count (p, 0, (guint) ts_variant_piece_type_by_letter (ts_position_variant (p), 'P')), ==, 2);
    text = text_of (f);
    g_assert_nonnull (strstr (text, "hand-r=UPP"));
  }
}

int
main (int argc, char **argv)
{
  /* llvmpipe's shader compiles take seconds per window on a loaded machine */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
#define ADD(path, func, variant) \
  g_test_add (path, Fixture, variant, fixture_set_up, func, fixture_tear_down)
  ADD ("/position-editor/text-round-trip", test_text_round_trip, NULL);
  ADD ("/position-editor/build-by-clicks", test_build_by_clicks, NULL);
  ADD ("/position-editor/remove-and-move", test_remove_and_move, NULL);
  ADD ("/position-editor/validation-gates-play", test_validation_gates_play, NULL);
  ADD ("/position-editor/pasted-error", test_pasted_error, NULL);
  ADD ("/position-editor/castling-and-en-passant", test_castling_and_en_passant, "cubic8");
  ADD ("/position-editor/hands", test_hands, NULL);
  return g_test_run ();
}
