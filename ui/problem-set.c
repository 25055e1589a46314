/* TsProblemSet: a collection's mate problems solved one after another. */
#include "config.h"

#include <glib/gi18n.h>

#include "collection-window.h"
#include "problem-set.h"

typedef struct {
  guint          id;       /* in the collection */
  TsProblemState state;
} Problem;

struct _TsProblemSet
{
  GtkWidget          parent_instance;

  TsCollectionModel *model;
  GArray            *problems;   /* Problem, in the collection's order */
  guint              index;
  GtkWidget         *solver;     /* the one shown, or NULL */

  GtkWidget         *box;
  GtkLabel          *position_label;
  GtkWidget         *next_button;
  GtkLabel          *title_label;
  GtkLabel          *score_label;
  GtkStack          *stack;
  AdwStatusPage     *error_page;
};

G_DEFINE_FINAL_TYPE (TsProblemSet, ts_problem_set, GTK_TYPE_WIDGET)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

gboolean
ts_problem_set_takes (const char *stipulation)
{
  guint64 n;

  return stipulation && stipulation[0] == '#' && g_ascii_string_to_unsigned (stipulation + 1, 10, 1, 50, &n, NULL);
}

static Problem *
current (TsProblemSet *self)
{
  return self->index < self->problems->len ? &g_array_index (self->problems, Problem, self->index) : NULL;
}

static void
update_labels (TsProblemSet *self)
{
  guint counts[3] = { 0, 0, 0 };
  Problem *p = current (self);
  g_autofree char *position = NULL;
  g_autofree char *score = NULL;
  static const char *const marks[] = { "", " ✓", " ✗" };

  for (guint i = 0; i < self->problems->len; i++)
    counts[g_array_index (self->problems, Problem, i).state]++;
  /* Translators: "Problem 3 of 12", then ✓ or ✗ when solved or missed */
  position = g_strdup_printf (_("Problem %u of %u%s"), self->index + 1, self->problems->len,
                              p ? marks[p->state] : "");
  gtk_label_set_label (self->position_label, position);
  /* Translators: the score of a problem set so far */
  score = g_strdup_printf (_("Solved %u · missed %u · left %u"), counts[TS_PROBLEM_SOLVED],
                           counts[TS_PROBLEM_MISSED], counts[TS_PROBLEM_LEFT]);
  gtk_label_set_label (self->score_label, score);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "problems.previous", self->index > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "problems.next", self->index + 1 < self->problems->len);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
solved (TsProblemSet *self)
{
  Problem *p = current (self);

  if (p && p->state == TS_PROBLEM_LEFT)
    p->state = TS_PROBLEM_SOLVED;
  /* Next is the answer to a solved problem. */
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  update_labels (self);
}

static void
failed (TsProblemSet *self)
{
  Problem *p = current (self);

  if (p && p->state == TS_PROBLEM_LEFT)
    p->state = TS_PROBLEM_MISSED;
  update_labels (self);
}

/* The solution shown before the problem was solved: not solved at the first try. */
static void
solution_shown (TsProblemSet *self)
{
  if (self->solver && !ts_problem_solver_is_solved (TS_PROBLEM_SOLVER (self->solver)))
    failed (self);
}

/* "Composer, Source 2026" from the event, the players and the date, when given. */
static char *
problem_title (TsGame *game)
{
  g_autoptr (GString) s = g_string_new (NULL);
  const char *parts[] = { ts_game_get_player (game, 0), ts_game_get_field (game, TS_GAME_EVENT),
                          ts_game_get_field (game, TS_GAME_DATE) };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i])
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", parts[i]);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

void
ts_problem_set_go (TsProblemSet *self, guint index)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = NULL;
  g_autofree char *title = NULL;
  GtkWidget *solver = NULL;

  g_return_if_fail (TS_IS_PROBLEM_SET (self));
  if (index >= self->problems->len)
    return;
  self->index = index;
  if (self->solver)
    {
      gtk_stack_remove (self->stack, self->solver);
      self->solver = NULL;
    }
  gtk_widget_remove_css_class (self->next_button, "suggested-action");
  game = ts_collection_model_read_game (self->model, current (self)->id, &error);
  if (game)
    solver = ts_problem_solver_new_from_game (game, &error);
  if (solver == NULL)
    {
      adw_status_page_set_description (self->error_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "error");
      gtk_label_set_label (self->title_label, "");
      update_labels (self);
      return;
    }
  title = problem_title (game);
  gtk_label_set_label (self->title_label, title);
  self->solver = solver;
  gtk_stack_add_named (self->stack, solver, "solver");
  gtk_stack_set_visible_child (self->stack, solver);
  g_signal_connect_object (solver, "solved", G_CALLBACK (solved), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (solver, "failed", G_CALLBACK (failed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (solver, "solution-ready", G_CALLBACK (solution_shown), self, G_CONNECT_SWAPPED);
  update_labels (self);
}

guint
ts_problem_set_get_n (TsProblemSet *self)
{
  return self->problems->len;
}

guint
ts_problem_set_get_index (TsProblemSet *self)
{
  return self->index;
}

TsProblemState
ts_problem_set_get_state (TsProblemSet *self, guint index)
{
  g_return_val_if_fail (index < self->problems->len, TS_PROBLEM_LEFT);
  return g_array_index (self->problems, Problem, index).state;
}

TsProblemSolver *
ts_problem_set_get_solver (TsProblemSet *self)
{
  return self->solver ? TS_PROBLEM_SOLVER (self->solver) : NULL;
}

const char *
ts_problem_set_get_score_text (TsProblemSet *self)
{
  return gtk_label_get_label (self->score_label);
}

static void
action_previous (GtkWidget *widget, const char *name, GVariant *param)
{
  TsProblemSet *self = TS_PROBLEM_SET (widget);

  if (self->index > 0)
    ts_problem_set_go (self, self->index - 1);
}

static void
action_next (GtkWidget *widget, const char *name, GVariant *param)
{
  TsProblemSet *self = TS_PROBLEM_SET (widget);

  ts_problem_set_go (self, self->index + 1);
}

GtkWidget *
ts_problem_set_new (TsCollectionModel *model)
{
  TsProblemSet *self = g_object_new (TS_TYPE_PROBLEM_SET, NULL);
  TsCollection *c = ts_collection_model_get_collection (model);

  self->model = g_object_ref (model);
  for (guint i = 0; i < ts_collection_n_games (c); i++)
    if (ts_problem_set_takes (ts_collection_game_field (c, i, TS_GAME_STIPULATION)))
      {
        Problem p = { ts_collection_game_id (c, i), TS_PROBLEM_LEFT };

        g_array_append_val (self->problems, p);
      }
  if (self->problems->len > 0)
    ts_problem_set_go (self, 0);
  else
    {
      adw_status_page_set_title (self->error_page, _("No Mate Problems"));
      adw_status_page_set_description (self->error_page,
                                       _("No game of the collection has a stipulation “#N” (mate in N)."));
      update_labels (self);
    }
  return GTK_WIDGET (self);
}

static void
show_list (TsCollectionModel *model, GtkButton *button)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (button));
  GtkWindow *parent = GTK_IS_WINDOW (root) ? gtk_window_get_transient_for (GTK_WINDOW (root)) : NULL;

  ts_collection_window_present (model, parent);
}

GtkWindow *
ts_problem_set_present (TsCollectionModel *model, GtkWindow *parent)
{
  GtkWidget *window = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  g_autofree char *name = ts_collection_model_get_name (model);
  /* Translators: the problem set window's title: "Problems — mates.tessera" */
  g_autofree char *title = g_strdup_printf (_("Problems — %s"), name);

  gtk_window_set_title (GTK_WINDOW (window), title);
  if (parent)
    {
      gtk_window_set_application (GTK_WINDOW (window), gtk_window_get_application (parent));
      gtk_window_set_transient_for (GTK_WINDOW (window), parent);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 680);
  {
    GtkWidget *list = gtk_button_new_with_mnemonic (_("_Game List"));

    gtk_widget_set_tooltip_text (list, _("The collection's games in a list"));
    g_signal_connect_object (list, "clicked", G_CALLBACK (show_list), model, G_CONNECT_SWAPPED);
    adw_header_bar_pack_end (ADW_HEADER_BAR (header), list);
  }
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), ts_problem_set_new (model));
  adw_window_set_content (ADW_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

static void
ts_problem_set_dispose (GObject *object)
{
  TsProblemSet *self = TS_PROBLEM_SET (object);

  self->solver = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), TS_TYPE_PROBLEM_SET);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (ts_problem_set_parent_class)->dispose (object);
}

static void
ts_problem_set_finalize (GObject *object)
{
  g_array_unref (TS_PROBLEM_SET (object)->problems);
  G_OBJECT_CLASS (ts_problem_set_parent_class)->finalize (object);
}

static void
ts_problem_set_class_init (TsProblemSetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ts_problem_set_dispose;
  object_class->finalize = ts_problem_set_finalize;
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/tessera/Tessera/problem-set.ui");
  gtk_widget_class_bind_template_child (widget_class, TsProblemSet, box);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSet, position_label);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSet, next_button);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSet, title_label);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSet, score_label);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSet, stack);
  gtk_widget_class_bind_template_child (widget_class, TsProblemSet, error_page);
  gtk_widget_class_install_action (widget_class, "problems.previous", NULL, action_previous);
  gtk_widget_class_install_action (widget_class, "problems.next", NULL, action_next);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "problems.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "problems.next", NULL);
}

static void
ts_problem_set_init (TsProblemSet *self)
{
  self->problems = g_array_new (FALSE, FALSE, sizeof (Problem));
  g_type_ensure (TS_TYPE_PROBLEM_SOLVER);
  gtk_widget_init_template (GTK_WIDGET (self));
}
