/* TsPositionEditor: sets up positions of every variant, with live validation. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board-render.h"
#include "board-view.h"
#include "position-editor.h"
#include "problem-solver.h"
#include "rules/position-validate.h"
#include "rules/postext.h"
#include "save-problem-dialog.h"

struct _TsPositionEditor
{
  GtkWidget      parent_instance;

  TsPosition    *pos;
  GArray        *problems;
  char          *text_error;
  guint          chosen_seat;
  int            chosen_type;      /* -1: the eraser */
  TsCell         press_cell;
  gboolean       syncing;          /* controls are being set from the position */
  GtkWidget     *typing;           /* the hand entry being edited: left as typed */
  GPtrArray     *palette;          /* GtkToggleButton, data "seat"/"type" */
  GPtrArray     *castles;          /* GtkCheckButton, data "seat"/"castle" */
  GPtrArray     *hands;            /* GtkEntry (drops) or GtkSpinButton (Doseki), data "seat" */

  /* template children */
  GtkWidget     *root_box;
  TsBoardView   *board;
  GtkBox        *palette_box;
  GtkDropDown   *turn_dropdown;
  GtkSpinButton *move_spin;
  GtkWidget     *ep_label;
  GtkEntry      *ep_entry;
  GtkLabel      *ep_error_label;
  GtkBox        *castling_box;
  GtkBox        *hands_box;
  GtkLabel      *paste_error_label;
  GtkLabel      *problems_label;
  GtkWidget     *save_problem_button;
};

G_DEFINE_FINAL_TYPE (TsPositionEditor, ts_position_editor, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_LEGAL,
  N_PROPS
};

enum {
  SIGNAL_PLAY,
  SIGNAL_ANALYSE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const TsVariant *
variant_of (TsPositionEditor *self)
{
  return ts_position_variant (self->pos);
}

static gboolean
is_doseki (TsPositionEditor *self)
{
  return variant_of (self)->family == TS_FAMILY_DOSEKI;
}

/* ---- showing the position ---- */

static void
show_problems (TsPositionEditor *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (self->problems->len == 0)
    {
      gtk_label_set_text (self->problems_label, _("The position is legal."));
      gtk_widget_remove_css_class (GTK_WIDGET (self->problems_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->problems_label), "success");
      return;
    }
  g_string_append (text, _("The position cannot be played:"));
  for (guint i = 0; i < self->problems->len; i++)
    {
      g_autofree char *line = g_markup_escape_text (
        g_array_index (self->problems, TsPositionProblem, i).message, -1);

      g_string_append_printf (text, "\n• %s", line);
    }
  gtk_label_set_markup (self->problems_label, text->str);
  gtk_widget_remove_css_class (GTK_WIDGET (self->problems_label), "success");
  gtk_widget_add_css_class (GTK_WIDGET (self->problems_label), "error");
}

static void
sync_controls (TsPositionEditor *self)
{
  const TsVariant *v = variant_of (self);
  guint side = ts_position_side_to_move (self->pos);
  TsCell passed, pawn;

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->turn_dropdown, side);
  gtk_spin_button_set_value (self->move_spin, ts_position_ply (self->pos) / v->n_seats + 1);
  for (guint i = 0; i < self->castles->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->castles, i);
      guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "seat"));
      guint castle = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "castle"));
      gboolean right = ts_position_castling_right (self->pos, seat, castle);
      g_autoptr(TsPosition) probe = ts_position_copy (self->pos);

      gtk_check_button_set_active (check, right);
      /* only a castle whose king and rook stand at home can be given */
      gtk_widget_set_sensitive (GTK_WIDGET (check),
                                right || ts_position_set_castling_right (probe, seat, castle, TRUE));
    }
  for (guint i = 0; i < self->hands->len; i++)
    {
      GtkWidget *w = g_ptr_array_index (self->hands, i);
      guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (w), "seat"));

      if (GTK_IS_SPIN_BUTTON (w))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), ts_position_hand_count (self->pos, seat, 0));
      else
        {
          g_autoptr(GString) letters = g_string_new (NULL);

          for (guint t = 0; t < v->n_piece_types; t++)
            for (guint k = ts_position_hand_count (self->pos, seat, t); k > 0; k--)
              g_string_append_c (letters, v->piece_types[t].letter);
          if (w != self->typing &&
              g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (w)), letters->str) != 0)
            gtk_editable_set_text (GTK_EDITABLE (w), letters->str);
          gtk_widget_remove_css_class (w, "error");
        }
    }
  if (gtk_widget_get_visible (GTK_WIDGET (self->ep_entry)) &&
      !gtk_widget_has_focus (GTK_WIDGET (self->ep_entry)))
    {
      char a[8] = "", b[8] = "";
      g_autofree char *text = NULL;

      if (ts_position_en_passant (self->pos, &passed, &pawn))
        {
          ts_variant_cell_name (v, passed, a);
          ts_variant_cell_name (v, pawn, b);
          text = g_strdup_printf ("%s,%s", a, b);
        }
      gtk_editable_set_text (GTK_EDITABLE (self->ep_entry), text ? text : "");
      gtk_widget_set_visible (GTK_WIDGET (self->ep_error_label), FALSE);
    }
  self->syncing = FALSE;
}

/* Save as Problem: for legal positions of two-player variants; the tooltip says why not. */
static void
update_save_problem (TsPositionEditor *self, gboolean legal)
{
  g_autoptr(GError) why = NULL;
  gboolean supported = ts_problem_is_supported (self->pos, &why);
  const char *tip;

  if (!supported)
    tip = why->message;
  else if (!legal)
    tip = _("Only a legal position can be saved as a problem: see the reasons listed above.");
  else
    tip = _("Save the position as a mate problem, with its stipulation and, if solved, its solution");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save-problem", legal && supported);
  gtk_widget_set_tooltip_text (self->save_problem_button, tip);
}

/* After every change of the position. */
static void
position_changed (TsPositionEditor *self)
{
  gboolean was_legal = self->problems && self->problems->len == 0;
  gboolean legal;

  g_clear_pointer (&self->problems, g_array_unref);
  self->problems = ts_position_validate (self->pos);
  legal = self->problems->len == 0;
  ts_board_view_set_position (self->board, self->pos);
  sync_controls (self);
  show_problems (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play", legal);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.analyse", legal);
  update_save_problem (self, legal);
  if (legal != was_legal)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEGAL]);
}

/* ---- the controls, built per variant ---- */

static void
piece_draw (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  TsPositionEditor *self = data;
  const TsVariant *v = variant_of (self);
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "seat"));
  guint type = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "type"));
  double size = MIN (width, height);

  ts_piece_art_draw (cr, ts_board_piece_image (v, type), ts_board_seat_army (v, seat),
                     (width - size) / 2, (height - size) / 2, size);
}

static void
palette_toggled (GtkToggleButton *button, TsPositionEditor *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  self->chosen_seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));
  self->chosen_type = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "type"));
}

static GdkContentProvider *
palette_drag_prepare (GtkDragSource *source, double x, double y, gpointer data)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autofree char *what = g_strdup_printf ("tessera-piece:%u:%d",
                                           GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat")),
                                           GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "type")));

  return gdk_content_provider_new_typed (G_TYPE_STRING, what);
}

static GtkWidget *
palette_button (TsPositionEditor *self, guint seat, int type, GtkToggleButton *group)
{
  const TsVariant *v = variant_of (self);
  GtkWidget *button = gtk_toggle_button_new ();
  g_autofree char *tip = NULL;

  g_object_set_data (G_OBJECT (button), "seat", GUINT_TO_POINTER (seat));
  g_object_set_data (G_OBJECT (button), "type", GINT_TO_POINTER (type));
  if (type >= 0)
    {
      GtkWidget *area = gtk_drawing_area_new ();
      GtkDragSource *source = gtk_drag_source_new ();

      g_object_set_data (G_OBJECT (area), "seat", GUINT_TO_POINTER (seat));
      g_object_set_data (G_OBJECT (area), "type", GUINT_TO_POINTER ((guint) type));
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 26);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 26);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), piece_draw, self, NULL);
      gtk_button_set_child (GTK_BUTTON (button), area);
      tip = is_doseki (self) ? g_strdup_printf (_("%s checker"), _(v->seat_names[seat]))
                             : g_strdup_printf ("%s %s", _(v->seat_names[seat]), _(v->piece_types[type].name));
      g_signal_connect (source, "prepare", G_CALLBACK (palette_drag_prepare), NULL);
      gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
    }
  else
    {
      gtk_button_set_icon_name (GTK_BUTTON (button), "edit-clear-symbolic");
      tip = g_strdup (_("Remove pieces"));
    }
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  gtk_widget_add_css_class (button, "flat");
  if (group)
    gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
  g_signal_connect (button, "toggled", G_CALLBACK (palette_toggled), self);
  g_ptr_array_add (self->palette, button);
  return button;
}

static void
build_palette (TsPositionEditor *self)
{
  const TsVariant *v = variant_of (self);
  GtkWidget *child, *eraser;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->palette_box))))
    gtk_box_remove (self->palette_box, child);
  g_ptr_array_set_size (self->palette, 0);
  eraser = palette_button (self, 0, -1, NULL);
  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      GtkWidget *flow = gtk_flow_box_new ();
      guint n_types = is_doseki (self) ? 1 : v->n_piece_types;

      gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
      gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 8);
      gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 4);
      gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
      gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 0);
      gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 0);
      for (guint t = 0; t < n_types; t++)
        gtk_flow_box_append (GTK_FLOW_BOX (flow),
                             palette_button (self, seat, (int) t, GTK_TOGGLE_BUTTON (eraser)));
      gtk_box_append (self->palette_box, flow);
    }
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *label = gtk_label_new (_("Remove"));

    gtk_box_append (GTK_BOX (row), eraser);
    gtk_box_append (GTK_BOX (row), label);
    gtk_box_append (self->palette_box, row);
  }
  /* the first army's first piece is chosen to start with */
  gtk_toggle_button_set_active (g_ptr_array_index (self->palette, 1), TRUE);
}

static void
castle_toggled (GtkCheckButton *check, TsPositionEditor *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "seat"));
  guint castle = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "castle"));

  if (self->syncing)
    return;
  ts_position_set_castling_right (self->pos, seat, castle, gtk_check_button_get_active (check));
  position_changed (self);
}

static void
build_castling (TsPositionEditor *self)
{
  const TsVariant *v = variant_of (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->castling_box))))
    gtk_box_remove (self->castling_box, child);
  g_ptr_array_set_size (self->castles, 0);
  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      GtkWidget *row;

      if (ts_variant_n_castles (v, seat) == 0)
        continue;
      if (!gtk_widget_get_first_child (GTK_WIDGET (self->castling_box)))
        {
          GtkWidget *heading = gtk_label_new (_("Castling rights"));

          gtk_label_set_xalign (GTK_LABEL (heading), 0);
          gtk_widget_add_css_class (heading, "heading");
          gtk_box_append (self->castling_box, heading);
        }
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      {
        GtkWidget *name = gtk_label_new (_(v->seat_names[seat]));

        /* the switches of every army line up */
        gtk_label_set_width_chars (GTK_LABEL (name), 8);
        gtk_label_set_xalign (GTK_LABEL (name), 0);
        gtk_box_append (GTK_BOX (row), name);
      }
      for (guint i = 0; i < ts_variant_n_castles (v, seat); i++)
        {
          GtkWidget *check = gtk_check_button_new_with_label (ts_variant_castle_name (v, seat, i));

          g_object_set_data (G_OBJECT (check), "seat", GUINT_TO_POINTER (seat));
          g_object_set_data (G_OBJECT (check), "castle", GUINT_TO_POINTER (i));
          g_signal_connect (check, "toggled", G_CALLBACK (castle_toggled), self);
          g_ptr_array_add (self->castles, check);
          gtk_box_append (GTK_BOX (row), check);
        }
      gtk_box_append (self->castling_box, row);
    }
}

static void
hand_changed (GtkWidget *w, TsPositionEditor *self)
{
  const TsVariant *v = variant_of (self);
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (w), "seat"));
  guint counts[TS_MAX_PIECE_TYPES] = { 0 };

  if (self->syncing)
    return;
  if (GTK_IS_SPIN_BUTTON (w))
    counts[0] = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w));
  else
    for (const char *c = gtk_editable_get_text (GTK_EDITABLE (w)); *c; c++)
      {
        int t = ts_variant_piece_type_by_letter (v, g_ascii_toupper (*c));

        if (t < 0 || v->piece_types[t].royal || counts[t] >= 63)
          {
            gtk_widget_add_css_class (w, "error");
            return;
          }
        counts[t]++;
      }
  gtk_widget_remove_css_class (w, "error");
  for (guint t = 0; t < v->n_piece_types; t++)
    ts_position_set_hand_count (self->pos, seat, t, counts[t]);
  self->typing = w;
  position_changed (self);
  self->typing = NULL;
}

static void
build_hands (TsPositionEditor *self)
{
  const TsVariant *v = variant_of (self);
  GtkWidget *child, *heading, *grid;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->hands_box))))
    gtk_box_remove (self->hands_box, child);
  g_ptr_array_set_size (self->hands, 0);
  if (!v->has_drops)
    return;
  heading = gtk_label_new (is_doseki (self) ? _("Outside checkers") : _("Pieces in hand"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (self->hands_box, heading);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  for (guint seat = 0; seat < v->n_seats; seat++)
    {
      GtkWidget *label = gtk_label_new (_(v->seat_names[seat]));
      GtkWidget *w;

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      if (is_doseki (self))
        {
          w = gtk_spin_button_new_with_range (0, 63, 1);
          g_signal_connect (w, "value-changed", G_CALLBACK (hand_changed), self);
        }
      else
        {
          w = gtk_entry_new ();
          gtk_widget_set_hexpand (w, TRUE);
          gtk_widget_set_tooltip_text (w, _("One letter per piece, such as “PPU”"));
          g_signal_connect (w, "changed", G_CALLBACK (hand_changed), self);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(v->seat_names[seat]), -1);
      g_object_set_data (G_OBJECT (w), "seat", GUINT_TO_POINTER (seat));
      g_ptr_array_add (self->hands, w);
      gtk_grid_attach (GTK_GRID (grid), label, 0, (int) seat, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), w, 1, (int) seat, 1, 1);
    }
  gtk_box_append (self->hands_box, grid);
}

static void
build_controls (TsPositionEditor *self)
{
  const TsVariant *v = variant_of (self);
  g_autoptr(GtkStringList) seats = gtk_string_list_new (NULL);
  gboolean ep = ts_variant_has_en_passant (v);

  self->syncing = TRUE;
  for (guint seat = 0; seat < v->n_seats; seat++)
    gtk_string_list_append (seats, _(v->seat_names[seat]));
  gtk_drop_down_set_model (self->turn_dropdown, G_LIST_MODEL (seats));
  gtk_widget_set_visible (self->ep_label, ep);
  gtk_widget_set_visible (GTK_WIDGET (self->ep_entry), ep);
  gtk_widget_set_visible (GTK_WIDGET (self->ep_error_label), FALSE);
  build_palette (self);
  build_castling (self);
  build_hands (self);
  self->syncing = FALSE;
}

/* ---- control callbacks ---- */

static void
turn_changed (GtkDropDown *dropdown, GParamSpec *pspec, TsPositionEditor *self)
{
  guint seat = gtk_drop_down_get_selected (dropdown);
  guint move = (guint) gtk_spin_button_get_value_as_int (self->move_spin);

  if (self->syncing || seat >= variant_of (self)->n_seats)
    return;
  ts_position_set_side_to_move (self->pos, seat);
  ts_position_set_ply (self->pos, (move - 1) * variant_of (self)->n_seats + seat);
  position_changed (self);
}

static void
move_changed (GtkSpinButton *spin, TsPositionEditor *self)
{
  guint move = (guint) gtk_spin_button_get_value_as_int (spin);

  if (self->syncing)
    return;
  ts_position_set_ply (self->pos, (move - 1) * variant_of (self)->n_seats +
                                  ts_position_side_to_move (self->pos));
  position_changed (self);
}

static void
ep_changed (GtkEditable *entry, TsPositionEditor *self)
{
  const TsVariant *v = variant_of (self);
  const char *text = gtk_editable_get_text (entry);
  const char *end = NULL;
  TsCell passed = TS_NO_CELL, pawn = TS_NO_CELL;

  if (self->syncing)
    return;
  while (*text == ' ')
    text++;
  if (*text && strcmp (text, "-") != 0)
    {
      passed = ts_variant_parse_cell (v, text, &end);
      if (passed != TS_NO_CELL && *end == ',')
        pawn = ts_variant_parse_cell (v, end + 1, &end);
      if (pawn == TS_NO_CELL || *end)
        {
          gtk_label_set_text (self->ep_error_label,
                              _("Expected two cells: the cell passed over and the pawn's cell, such as “E3w,E4w”."));
          gtk_widget_set_visible (GTK_WIDGET (self->ep_error_label), TRUE);
          return;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->ep_error_label), FALSE);
  ts_position_set_en_passant (self->pos, passed, pawn);
  position_changed (self);
}

/* ---- the board ---- */

static TsCell
cell_at (TsPositionEditor *self, double x, double y)
{
  return ts_board_layout_cell_at (ts_board_view_get_layout (self->board), x, y);
}

static void
board_drag_begin (GtkGestureDrag *gesture, double x, double y, TsPositionEditor *self)
{
  self->press_cell = cell_at (self, x, y);
}

static void
board_drag_end (GtkGestureDrag *gesture, double dx, double dy, TsPositionEditor *self)
{
  double x, y;
  TsCell from = self->press_cell;

  self->press_cell = TS_NO_CELL;
  if (from == TS_NO_CELL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  if (dx * dx + dy * dy < 16)
    ts_position_editor_click_cell (self, from);
  else
    ts_position_editor_drag_piece (self, from, cell_at (self, x + dx, y + dy));
}

static void
board_right_click (GtkGestureClick *gesture, int n_press, double x, double y, TsPositionEditor *self)
{
  TsCell cell = cell_at (self, x, y);

  if (cell != TS_NO_CELL)
    ts_position_editor_remove (self, cell);
}

static gboolean
board_drop (GtkDropTarget *target, const GValue *value, double x, double y, TsPositionEditor *self)
{
  const char *what = g_value_get_string (value);
  TsCell cell = cell_at (self, x, y);
  guint seat;
  int type;

  if (cell == TS_NO_CELL || !what || sscanf (what, "tessera-piece:%u:%d", &seat, &type) != 2 ||
      seat >= variant_of (self)->n_seats || type < 0 || (guint) type >= variant_of (self)->n_piece_types)
    return FALSE;
  ts_position_edit_piece (self->pos, cell, TS_PIECE_MAKE (seat, (guint) type));
  position_changed (self);
  return TRUE;
}

/* ---- actions ---- */

static void
set_new_position (TsPositionEditor *self, TsPosition *p)
{
  gboolean rebuild = !self->pos || ts_position_variant (p) != variant_of (self);

  g_clear_pointer (&self->pos, ts_position_free);
  self->pos = p;
  if (rebuild)
    build_controls (self);
  position_changed (self);
}

static void
action_clear (GtkWidget *widget, const char *name, GVariant *param)
{
  TsPositionEditor *self = TS_POSITION_EDITOR (widget);

  set_new_position (self, ts_position_new_empty (variant_of (self)));
}

static void
action_initial (GtkWidget *widget, const char *name, GVariant *param)
{
  TsPositionEditor *self = TS_POSITION_EDITOR (widget);

  set_new_position (self, ts_position_new_initial (variant_of (self)));
}

static void
action_copy (GtkWidget *widget, const char *name, GVariant *param)
{
  g_autofree char *text = ts_position_editor_get_text (TS_POSITION_EDITOR (widget));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
paste_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(TsPositionEditor) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (!text)
    {
      g_free (self->text_error);
      self->text_error = g_strdup (error ? error->message : _("The clipboard holds no text."));
      gtk_label_set_text (self->paste_error_label, self->text_error);
      gtk_widget_set_visible (GTK_WIDGET (self->paste_error_label), TRUE);
      return;
    }
  ts_position_editor_set_text (self, g_strstrip (text), NULL);
}

static void
action_paste (GtkWidget *widget, const char *name, GVariant *param)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_done,
                                 g_object_ref (widget));
}

static void
action_play (GtkWidget *widget, const char *name, GVariant *param)
{
  TsPositionEditor *self = TS_POSITION_EDITOR (widget);

  if (ts_position_editor_get_legal (self))
    g_signal_emit (self, signals[strcmp (name, "editor.play") == 0 ? SIGNAL_PLAY : SIGNAL_ANALYSE], 0,
                   self->pos);
}

static void
action_save_problem (GtkWidget *widget, const char *name, GVariant *param)
{
  TsPositionEditor *self = TS_POSITION_EDITOR (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (!ts_position_editor_get_legal (self) || !ts_problem_is_supported (self->pos, NULL))
    return;
  gtk_window_present (GTK_WINDOW (ts_save_problem_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              self->pos)));
}

/* ---- public API ---- */

GtkWidget *
ts_position_editor_new (const TsPosition *p)
{
  TsPositionEditor *self = g_object_new (TS_TYPE_POSITION_EDITOR, NULL);

  ts_position_editor_set_position (self, p);
  return GTK_WIDGET (self);
}

void
ts_position_editor_set_position (TsPositionEditor *self,
                                 const TsPosition *p)
{
  g_return_if_fail (TS_IS_POSITION_EDITOR (self));
  g_return_if_fail (p != NULL);

  set_new_position (self, ts_position_copy (p));
}

const TsPosition *
ts_position_editor_get_position (TsPositionEditor *self)
{
  g_return_val_if_fail (TS_IS_POSITION_EDITOR (self), NULL);
  return self->pos;
}

gboolean
ts_position_editor_get_legal (TsPositionEditor *self)
{
  g_return_val_if_fail (TS_IS_POSITION_EDITOR (self), FALSE);
  return self->problems && self->problems->len == 0;
}

GArray *
ts_position_editor_get_problems (TsPositionEditor *self)
{
  g_return_val_if_fail (TS_IS_POSITION_EDITOR (self), NULL);
  return self->problems;
}

void
ts_position_editor_choose (TsPositionEditor *self,
                           guint             seat,
                           int               type)
{
  g_return_if_fail (TS_IS_POSITION_EDITOR (self));

  for (guint i = 0; i < self->palette->len; i++)
    {
      GtkToggleButton *b = g_ptr_array_index (self->palette, i);
      int t = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (b), "type"));
      guint s = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (b), "seat"));

      if (t == type && (type < 0 || s == seat))
        gtk_toggle_button_set_active (b, TRUE);
    }
}

void
ts_position_editor_click_cell (TsPositionEditor *self,
                               TsCell            cell)
{
  TsPiece piece;

  g_return_if_fail (TS_IS_POSITION_EDITOR (self));
  if (cell < 0 || (guint) cell >= variant_of (self)->geometry.ncells)
    return;
  piece = self->chosen_type < 0 ? TS_PIECE_NONE
                                : TS_PIECE_MAKE (self->chosen_seat, (guint) self->chosen_type);
  /* the same piece again takes it away */
  if (piece && ts_position_piece_at (self->pos, cell) == piece)
    piece = TS_PIECE_NONE;
  ts_position_edit_piece (self->pos, cell, piece);
  position_changed (self);
}

void
ts_position_editor_drag_piece (TsPositionEditor *self,
                               TsCell            from,
                               TsCell            to)
{
  guint ncells;
  TsPiece piece;

  g_return_if_fail (TS_IS_POSITION_EDITOR (self));
  ncells = variant_of (self)->geometry.ncells;
  if (from < 0 || (guint) from >= ncells || from == to)
    return;
  piece = ts_position_piece_at (self->pos, from);
  ts_position_edit_piece (self->pos, from, TS_PIECE_NONE);
  if (piece && to >= 0 && (guint) to < ncells)
    ts_position_edit_piece (self->pos, to, piece);
  position_changed (self);
}

void
ts_position_editor_remove (TsPositionEditor *self,
                           TsCell            cell)
{
  ts_position_editor_drag_piece (self, cell, TS_NO_CELL);
}

char *
ts_position_editor_get_text (TsPositionEditor *self)
{
  g_return_val_if_fail (TS_IS_POSITION_EDITOR (self), NULL);
  return ts_position_to_text (self->pos);
}

/* The message, and the text with the character at the error's column underlined. */
static void
show_text_error (TsPositionEditor *self, const char *text, const char *message)
{
  const char *col = strstr (message, "column ");
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  glong n = g_utf8_strlen (text, -1);

  g_string_append_printf (markup, "%s", escaped);
  if (col && n < 400)
    {
      glong at = strtol (col + 7, NULL, 10) - 1;
      glong from = MAX (0, at - 20), to = MIN (n, at + 20);
      g_autofree char *before = NULL, *here = NULL, *after = NULL;
      const char *a = g_utf8_offset_to_pointer (text, from);
      const char *b = g_utf8_offset_to_pointer (text, CLAMP (at, 0, n));
      const char *c = g_utf8_offset_to_pointer (text, CLAMP (at + 1, 0, n));
      const char *d = g_utf8_offset_to_pointer (text, to);

      before = g_markup_escape_text (a, b - a);
      here = g_markup_escape_text (b, c - b);
      after = g_markup_escape_text (c, d - c);
      g_string_append_printf (markup, "\n<tt>%s%s<u><b>%s</b></u>%s%s</tt>",
                              from > 0 ? "…" : "", before, at >= n ? "␣" : here, after,
                              to < n ? "…" : "");
    }
  g_free (self->text_error);
  self->text_error = g_strdup (message);
  gtk_label_set_markup (self->paste_error_label, markup->str);
  gtk_widget_set_visible (GTK_WIDGET (self->paste_error_label), TRUE);
}

gboolean
ts_position_editor_set_text (TsPositionEditor *self,
                             const char       *text,
                             GError          **error)
{
  g_autoptr(GError) local = NULL;
  TsPosition *p;

  g_return_val_if_fail (TS_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  p = ts_position_from_text (text, &local);
  if (!p)
    {
      show_text_error (self, text, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_clear_pointer (&self->text_error, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->paste_error_label), FALSE);
  set_new_position (self, p);
  return TRUE;
}

const char *
ts_position_editor_get_text_error (TsPositionEditor *self)
{
  g_return_val_if_fail (TS_IS_POSITION_EDITOR (self), NULL);
  return self->text_error;
}

/* ---- GObject ---- */

static void
ts_position_editor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_LEGAL:
      g_value_set_boolean (value, ts_position_editor_get_legal (TS_POSITION_EDITOR (object)));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ts_position_editor_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_POSITION_EDITOR);
  G_OBJECT_CLASS (ts_position_editor_parent_class)->dispose (object);
}

static void
ts_position_editor_finalize (GObject *object)
{
  TsPositionEditor *self = TS_POSITION_EDITOR (object);

  g_clear_pointer (&self->pos, ts_position_free);
  g_clear_pointer (&self->problems, g_array_unref);
  g_clear_pointer (&self->palette, g_ptr_array_unref);
  g_clear_pointer (&self->castles, g_ptr_array_unref);
  g_clear_pointer (&self->hands, g_ptr_array_unref);
  g_clear_pointer (&self->text_error, g_free);
  G_OBJECT_CLASS (ts_position_editor_parent_class)->finalize (object);
}

static void
ts_position_editor_class_init (TsPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ts_position_editor_get_property;
  object_class->dispose = ts_position_editor_dispose;
  object_class->finalize = ts_position_editor_finalize;

  properties[PROP_LEGAL] =
    g_param_spec_boolean ("legal", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_PLAY] =
    g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_ANALYSE] =
    g_signal_new ("analyse", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  g_type_ensure (TS_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, root_box);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, board);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, palette_box);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, turn_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, move_spin);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, ep_label);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, ep_entry);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, ep_error_label);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, castling_box);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, hands_box);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, paste_error_label);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, problems_label);
  gtk_widget_class_bind_template_child (widget_class, TsPositionEditor, save_problem_button);

  gtk_widget_class_install_action (widget_class, "editor.clear", NULL, action_clear);
  gtk_widget_class_install_action (widget_class, "editor.initial", NULL, action_initial);
  gtk_widget_class_install_action (widget_class, "editor.copy", NULL, action_copy);
  gtk_widget_class_install_action (widget_class, "editor.paste", NULL, action_paste);
  gtk_widget_class_install_action (widget_class, "editor.play", NULL, action_play);
  gtk_widget_class_install_action (widget_class, "editor.analyse", NULL, action_play);
  gtk_widget_class_install_action (widget_class, "editor.save-problem", NULL, action_save_problem);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ts_position_editor_init (TsPositionEditor *self)
{
  GtkGesture *drag, *click;
  GtkDropTarget *target;

  self->palette = g_ptr_array_new ();
  self->castles = g_ptr_array_new ();
  self->hands = g_ptr_array_new ();
  self->press_cell = TS_NO_CELL;
  self->chosen_type = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);
    ts_board_view_bind_settings (self->board, settings);
  }

  g_signal_connect (self->turn_dropdown, "notify::selected", G_CALLBACK (turn_changed), self);
  g_signal_connect (self->move_spin, "value-changed", G_CALLBACK (move_changed), self);
  g_signal_connect (self->ep_entry, "changed", G_CALLBACK (ep_changed), self);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (board_drag_begin), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (board_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (drag));
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (board_right_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (click));
  target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (board_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (target));
}
