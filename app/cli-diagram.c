/* tessera-cli diagram and bench-draw: board images without GTK. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "board-render.h"
#include "cli-diagram.h"
#include "records/game.h"
#include "rules/postext.h"

/* Marks for --select: the piece and where it can go, or NULL after an error. */
static guint16 *
select_marks (const TsPosition *p, const char *name)
{
  const TsVariant *v = ts_position_variant (p);
  g_autoptr(TsPosition) work = ts_position_copy (p);
  g_autofree guint16 *marks = NULL;
  const char *end = NULL;
  TsMoveList legal;
  TsCell cell;

  if (v->family != TS_FAMILY_CHESS)
    {
      ts_cli_error (_("--select works for the chess variants only"));
      return NULL;
    }
  cell = ts_variant_parse_cell (v, name, &end);
  if (cell == TS_NO_CELL || (end && *end))
    {
      ts_cli_error (_("--select: “%s” is not a cell of %s"), name, v->id);
      return NULL;
    }
  if (ts_position_piece_at (p, cell) == 0)
    {
      ts_cli_error (_("--select: %s is empty"), name);
      return NULL;
    }
  marks = g_new0 (guint16, TS_MAX_CELLS);
  marks[cell] = TS_CELL_MARK_SELECTED;
  ts_move_list_init (&legal);
  ts_position_generate_legal (work, &legal);
  for (guint i = 0; i < legal.n; i++)
    if (legal.moves[i].from == cell)
      marks[legal.moves[i].to] |= (legal.moves[i].flags & TS_MOVE_CAPTURE)
                                  ? TS_CELL_MARK_CAPTURE : TS_CELL_MARK_TARGET;
  ts_move_list_clear (&legal);
  return g_steal_pointer (&marks);
}

/* --game FILE [--ply N]: the position after N plies of the main line (all of it without
 * --ply), and the shapes drawn there; NULL after printing why. */
static TsPosition *
game_position (const char *filename, int ply, GArray *shapes)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsGame) game = ts_game_load (filename, &error);
  TsGameNode *node;

  if (!game)
    {
      ts_cli_error ("%s", error->message);
      return NULL;
    }
  node = ts_game_root (game);
  for (int i = 0; (ply < 0 || i < ply) && ts_game_node_n_children (node) > 0; i++)
    node = ts_game_node_child (node, 0);
  if (ply >= 0 && ts_game_node_depth (node) != (guint) ply)
    {
      guint depth = ts_game_node_depth (node);

      ts_cli_error (ngettext ("--ply %d: the main line of %s has %u ply",
                              "--ply %d: the main line of %s has %u plies", depth),
                    ply, filename, depth);
      return NULL;
    }
  g_array_append_vals (shapes, node->annotation.shapes, node->annotation.n_shapes);
  return ts_game_position_at (game, node);
}

/* --bottom SEAT: a seat's number (1 to 4) or its name ("Black", "Red"); -1 after printing
 * why. */
static int
seat_by_name (const TsVariant *v, const char *name)
{
  guint64 n;

  if (g_ascii_string_to_unsigned (name, 10, 1, v->n_seats, &n, NULL))
    return n - 1;
  for (guint seat = 0; seat < v->n_seats; seat++)
    if (g_ascii_strcasecmp (name, v->seat_names[seat]) == 0 ||
        g_utf8_collate (name, _(v->seat_names[seat])) == 0)
      return seat;
  ts_cli_error (_("--bottom: “%s” is not a seat of %s (1 to %u, or a name such as “%s”)"),
                name, v->id, v->n_seats, v->seat_names[v->n_seats - 1]);
  return -1;
}

int
ts_cli_diagram (int argc, char **argv)
{
  g_auto(TsCliPositionOptions) where = { NULL };
  g_autofree char *output = NULL;
  g_autofree char *caption = NULL;
  gboolean no_coordinates = FALSE, no_status = FALSE, dark = FALSE, list = FALSE;
  gboolean pieces = FALSE;
  g_autofree char *select = NULL;
  g_autofree char *shape_list = NULL;
  g_autofree char *game_file = NULL;
  g_autofree char *bottom = NULL;
  g_autoptr (GArray) shapes = g_array_new (FALSE, FALSE, sizeof (TsShape));
  gboolean flip = FALSE;
  int ply = -1;
  g_autofree char *theme = NULL;
  g_autofree char *piece_style = NULL;
  g_autofree guint16 *marks = NULL;
  int theme_id = TS_BOARD_THEME_CLASSIC, style = TS_PIECE_STYLE_FIGURES;
  int size = 800;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The image to write: .png, .svg or .pdf"), N_("FILE") },
    { "size", 0, 0, G_OPTION_ARG_INT, &size, N_("Width of the image in pixels; of a PDF page in points (default 800)"),
      N_("PIXELS") },
    { "caption", 0, 0, G_OPTION_ARG_STRING, &caption, N_("A caption above the board"),
      N_("TEXT") },
    { "no-coordinates", 0, 0, G_OPTION_ARG_NONE, &no_coordinates,
      N_("Leave out file and rank labels"), NULL },
    { "no-status", 0, 0, G_OPTION_ARG_NONE, &no_status,
      N_("Leave out the armies and the side to move"), NULL },
    { "dark", 0, 0, G_OPTION_ARG_NONE, &dark, N_("Use the dark colours"), NULL },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme,
      N_("Board colours: classic, green, blue or high-contrast"), N_("NAME") },
    { "piece-style", 0, 0, G_OPTION_ARG_STRING, &piece_style,
      N_("Pieces as figures or letters"), N_("STYLE") },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list, N_("List the variants and exit"), NULL },
    { "select", 0, 0, G_OPTION_ARG_STRING, &select,
      N_("Mark the piece on CELL and the cells it can move to"), N_("CELL") },
    { "pieces", 0, 0, G_OPTION_ARG_NONE, &pieces,
      N_("Draw every piece image in every army colour instead of a board"), NULL },
    { "shapes", 0, 0, G_OPTION_ARG_STRING, &shape_list,
      N_("Arrows and marked cells: a colour letter (G, R, B, Y) and a cell, or two cells for an arrow: “GAa1,RAa1-Bb2”"),
      N_("LIST") },
    { "game", 0, 0, G_OPTION_ARG_FILENAME, &game_file,
      N_("The position of a game record (its main line's end, or --ply), with the arrows and marked cells drawn there"),
      N_("FILE") },
    { "ply", 0, 0, G_OPTION_ARG_INT, &ply, N_("With --game: the position after N plies of the main line"),
      N_("N") },
    { "flip", 0, 0, G_OPTION_ARG_NONE, &flip, N_("Show the board from the other side"), NULL },
    { "bottom", 0, 0, G_OPTION_ARG_STRING, &bottom,
      N_("Show the board with this seat's army at the bottom (a number or a name)"), N_("SEAT") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(TsPosition) p = NULL;
  TsBoardRenderOptions options;

  g_option_context_set_summary (context, _("Write a diagram of a position as PNG, SVG or PDF."));
  ts_cli_position_options_add (context, &where, TRUE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (list)
    {
      ts_cli_print_variants ();
      return 0;
    }
  if (argc > 1)
    {
      ts_cli_error (_("unexpected argument “%s”"), argv[1]);
      return 2;
    }
  if (!output)
    {
      ts_cli_error (_("give --output FILE (.png, .svg or .pdf)"));
      return 2;
    }
  if (theme && (theme_id = ts_board_theme_from_name (theme)) < 0)
    {
      ts_cli_error (_("unknown board colours “%s”: use classic, green, blue or high-contrast"),
                    theme);
      return 2;
    }
  if (piece_style && (style = ts_piece_style_from_name (piece_style)) < 0)
    {
      ts_cli_error (_("unknown piece style “%s”: use figures or letters"), piece_style);
      return 2;
    }

  if (pieces)
    {
      if (!ts_piece_sheet_to_file (output, size, &error))
        {
          ts_cli_error ("%s", error->message);
          return 1;
        }
      return 0;
    }

  if (game_file && (where.variant || where.position || where.moves))
    {
      ts_cli_error (_("--game cannot be combined with --variant, --position or --moves"));
      return 2;
    }
  if (ply != -1 && (!game_file || ply < 0))
    {
      ts_cli_error (_("--ply needs --game and a number of plies ≥ 0"));
      return 2;
    }
  if (flip && bottom)
    {
      ts_cli_error (_("give --flip or --bottom, not both"));
      return 2;
    }
  p = game_file ? game_position (game_file, ply, shapes) : ts_cli_position_options_build (&where);
  if (!p)
    return 1;
  if (shape_list && !ts_shapes_parse_list (ts_position_variant (p), shape_list, shapes, &error))
    {
      ts_cli_error ("--shapes: %s", error->message);
      return 2;
    }

  if (select)
    {
      marks = select_marks (p, select);
      if (!marks)
        return 1;
    }

  ts_board_render_options_init (&options, p);
  options.marks = marks;
  options.coordinates = !no_coordinates;
  options.status = !no_status;
  options.caption = caption;
  options.theme = ts_board_theme_get (theme_id, dark);
  options.piece_style = style;
  options.shapes = (const TsShape *) shapes->data;
  options.n_shapes = shapes->len;
  if (flip)
    options.turns = TS_BOARD_TURNS_HALF;
  if (bottom)
    {
      int seat = seat_by_name (ts_position_variant (p), bottom);

      if (seat < 0)
        return 2;
      options.turns = ts_board_turns_for_seat (ts_position_variant (p), seat);
    }
  if (!ts_board_render_to_file (&options, output, size, &error))
    {
      ts_cli_error ("%s", error->message);
      return 1;
    }
  return 0;
}

static gint64
cpu_time_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Mean CPU time to draw one frame of a position into a width × height image
 * (CPU time, so that a busy machine does not inflate the figure). */
static double
time_frames (const TsPosition *p, int width, int height, guint16 *marks, guint *frames)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  TsBoardRenderOptions options;
  gint64 start, elapsed;
  guint n = 0;

  ts_board_render_options_init (&options, p);
  options.marks = marks;
  start = cpu_time_us ();
  do
    {
      /* layout is part of a frame: the window recomputes it on every resize */
      TsBoardLayout layout;
      ts_board_layout_compute (&layout, ts_position_variant (p), &options, width, height);
      ts_board_render (cr, &layout, &options);
      cairo_surface_flush (surface);
      n++;
      elapsed = cpu_time_us () - start;
    }
  while (elapsed < 300000 || n < 5);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  *frames = n;
  return elapsed / 1000.0 / n;
}

/* What the board shows while a user picks a move: the piece with most legal
 * moves selected, its targets, a hovered cell with its echoes, the last move. */
static void
typical_marks (const TsPosition *p, guint16 *marks)
{
  const TsVariant *v = ts_position_variant (p);
  g_autoptr(TsPosition) work = ts_position_copy (p);
  guint count[TS_MAX_CELLS] = { 0 };
  TsCell best = TS_NO_CELL, hover;
  guint layer, file, rank;
  TsMoveList legal;

  ts_move_list_init (&legal);
  ts_position_generate_legal (work, &legal);
  for (guint i = 0; i < legal.n; i++)
    {
      TsCell from = legal.moves[i].from;
      if (from == TS_NO_CELL)
        continue;
      count[from]++;
      if (best == TS_NO_CELL || count[from] > count[best])
        best = from;
    }
  for (guint i = 0; i < legal.n; i++)
    if (legal.moves[i].from == best && best != TS_NO_CELL)
      marks[legal.moves[i].to] |= (legal.moves[i].flags & TS_MOVE_CAPTURE)
                                  ? TS_CELL_MARK_CAPTURE : TS_CELL_MARK_TARGET;
  if (best != TS_NO_CELL)
    marks[best] |= TS_CELL_MARK_SELECTED;
  ts_move_list_clear (&legal);

  hover = v->geometry.ncells / 2;
  ts_variant_cell_layer (v, hover, &layer, &file, &rank);
  for (guint l = 0; l < ts_variant_n_layers (v); l++)
    marks[ts_variant_layer_cell (v, l, file, rank)] |= TS_CELL_MARK_ECHO;
  marks[hover] |= TS_CELL_MARK_HOVER;
  marks[0] |= TS_CELL_MARK_LAST_MOVE;
  marks[v->geometry.ncells - 1] |= TS_CELL_MARK_LAST_MOVE;
}

int
ts_cli_bench_draw (int argc, char **argv)
{
  int width = 1280, height = 800;
  g_autofree char *only = NULL;
  const GOptionEntry entries[] = {
    { "width", 0, 0, G_OPTION_ARG_INT, &width, N_("Width of the board in pixels (1280)"),
      N_("PIXELS") },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, N_("Height of the board in pixels (800)"),
      N_("PIXELS") },
    { "variant", 0, 0, G_OPTION_ARG_STRING, &only, N_("Only this variant"), N_("ID") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  const TsVariant *const *list;
  guint n;

  g_option_context_set_summary (context,
                                _("Measure the time to draw each variant's board (initial "
                                  "position; and with every cell highlighted)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      ts_cli_error ("%s", error->message);
      return 2;
    }
  if (width < 64 || height < 64 || width > 8192 || height > 8192)
    {
      ts_cli_error (_("--width and --height must be between 64 and 8192"));
      return 2;
    }
  if (only && !ts_cli_lookup_variant (only))
    return 2;

  list = ts_variant_list (&n);
  printf ("%-26s %6s %7s %10s %10s %10s\n", "variant", "cells", "layers", "plain", "selected",
          "all");
  for (guint i = 0; i < n; i++)
    {
      const TsVariant *v = list[i];
      g_autoptr(TsPosition) p = NULL;
      g_autofree guint16 *marks = NULL;
      guint frames, frames_marked;
      double ms, ms_selected, ms_marked;

      if (only && strcmp (only, v->id) != 0)
        continue;
      p = ts_position_new_initial (v);
      ms = time_frames (p, width, height, NULL, &frames);
      /* the worst case: a mark on every cell */
      marks = g_new0 (guint16, TS_MAX_CELLS);
      typical_marks (p, marks);
      ms_selected = time_frames (p, width, height, marks, &frames_marked);
      for (guint c = 0; c < TS_MAX_CELLS; c++)
        marks[c] = (c % 2) ? TS_CELL_MARK_TARGET | TS_CELL_MARK_ECHO : TS_CELL_MARK_CAPTURE;
      ms_marked = time_frames (p, width, height, marks, &frames_marked);
      printf ("%-26s %6u %7u %10.2f %10.2f %10.2f\n", v->id, v->geometry.ncells,
              ts_variant_n_layers (v), ms, ms_selected, ms_marked);
    }
  printf ("(%d×%d ARGB image surface; CPU ms per frame, layout included, mean over at least "
          "0.3 s. plain: the initial position; selected: the piece with most moves selected, "
          "its targets, a hover and its echoes; all: a highlight on every cell)\n",
          width, height);
  return 0;
}
