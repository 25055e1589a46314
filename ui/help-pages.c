/* The texts of the in-app help, from docs/rules.md (RULES.md). Each paragraph is one
 * message, so a paragraph shared by several variants is translated once. Cell names and
 * notation are not translated. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "help-pages.h"

#define P_KEYS N_("With the keyboard: the arrow keys move the cell cursor, Page Up and Page Down go to the next or the previous layer, Enter or Space selects a piece and then its target, and Escape cancels. F1 opens this help.")
#define P_LIKE_RAUMSCHACH N_("The pieces move as in Raumschach: the king one step in any of the 26 directions; the queen slides in any of the 26 directions; the rook slides orthogonally, the bishop along face diagonals, the unicorn along space diagonals; the knight leaps.")
#define P_PARTON_PAWN N_("A pawn moves or captures to any of the nine cells one step forward: straight ahead, or with one step to the side, one level up or down, or both; never straight up or down. There is no double step, no en passant and no castling. A pawn promotes on the last rank, on any level, to a queen, rook, bishop, unicorn or knight.")
#define P_4P_BOARD N_("Four players play on the 8×8×8 board with the pieces and pawn rules of Cubic Chess 8×8×8, in the turn order Red, Orange, Green, Blue (players 1 to 4 of the rules). Red starts on level w, ranks 1–2; Orange on level k, ranks 8–7; Green on level w, ranks 8–7; Blue on level k, ranks 1–2. Each promotes on its last rank of its farthest level. The armies differ by colour and by a mark.")
#define P_4P_TEAMS N_("Partners never check each other and never capture each other's pieces. A player with no legal move on his turn is eliminated; from then on his partner moves the eliminated army on its turns. Those pieces still give check, but their king has lost its protection and may be captured. When both players of a team are eliminated, the other team wins.")
#define P_4P_DRAW N_("A game is drawn after 50 moves per player without a capture or a pawn move, or on the third repetition of a position.")
#define P_GROSS_ARMIES N_("Grossraumschach (Charles Gilman) is played by four armies — Red, Orange, Green and Blue, in this turn order — on a 6×6×6 cube. A cell is named leftrank, level, rightrank: 1a1. Level a is at the top. Each army starts in a corner: an Emperor, an Empress, two rooks, four unicorns, two bishops, two knights and twelve pawns.")
#define P_GROSS_PIECES N_("The Emperor moves one step in any of the 26 directions; the Empress slides in any of the 26 directions; rook, bishop, unicorn and knight move as in Raumschach.")
#define P_GROSS_DROPS N_("Drops: a captured piece goes to the capturer's hand as his own. Instead of moving, a player may drop a piece from his hand on any empty cell — but not a pawn on its promotion edge. Drops may give check and mate.")
#define P_GROSS_CASTLING N_("Castling: the unmoved Emperor goes to level b and the unmoved rook of the same corner from level a to level c, when both cells are empty, the Emperor is not in check and neither cell is attacked.")
#define P_GROSS_END N_("A player with no legal move on his turn is eliminated: his Emperor leaves the board; the rest of his army stays, immovable, and anyone may capture it. The last army left wins. A game is drawn after 200 plies without a capture, a pawn move or a drop, or on the third repetition of a position.")

static const char *const general[] = {
  N_("The board is drawn as a row of two-dimensional layers. A step goes from a cell to a neighbouring cell and changes each coordinate by at most one. A step is orthogonal when one coordinate changes, a face diagonal when two change, a space diagonal (triagonal) when three change and, in four dimensions, a hyper diagonal when four change. In three dimensions there are 26 steps: 6 orthogonal, 12 face-diagonal and 8 space-diagonal."),
  N_("A rider slides any number of steps in one direction over empty cells; it stops on an empty cell or captures an enemy piece on the cell where it stops. The knight leaps to any cell two steps away along one axis and one step along another, over anything in between: 24 cells in three dimensions."),
  N_("Unless a variant says otherwise: checkmate wins; stalemate is a draw; so are 50 moves by each side without a capture or a pawn move, and the third repetition of a position. No move may leave the mover's own king in check."),
  N_("Moves are written in algebraic notation: the piece letter (none for a pawn), the destination cell, x for a capture, =X for a promotion, + for check and # for mate, O-O and O-O-O for castling, X@cell for a drop. The notation and the cell names are the same in every language."),
  P_KEYS,
  N_("Arrows and marked cells, as on Lichess: a right-click marks a cell, and a drag with the right button from one cell to another draws an arrow — green; with Shift red, with Alt (or Ctrl+Shift) blue, with Ctrl yellow. The same gesture again removes it. On the keyboard, M marks the cursor's cell, and A pressed at both ends draws an arrow. They belong to the move shown and are saved with the game. Flip Board (Ctrl+Shift+F) turns the board round; View From in the main menu puts any seat's army at the bottom."),
  NULL
};

static const char *const raumschach[] = {
  N_("Raumschach (Ferdinand Maack, 1907) is played on a 5×5×5 cube. Levels A to E go from the bottom to the top, files a to e and ranks 1 to 5; a cell is named level, file, rank: Aa1, Ee5."),
  N_("White starts on levels A and B: rooks, knights and king on level A, bishops, unicorns and queen on level B, and five pawns on the second rank of each. Black is set up the same way on levels E and D, turned through the centre of the cube. White moves first."),
  P_LIKE_RAUMSCHACH,
  N_("A pawn moves one step forward or one level up (Black: back or down) to an empty cell, and captures one step sideways and forward, sideways and up, or forward and up. There is no double step, no en passant and no castling. A pawn promotes on the last rank of the last level (White Ea5–Ee5, Black Aa1–Ae1) to a queen, rook, bishop, unicorn or knight."),
  NULL
};

static const char *const parton[] = {
  N_("Cubic Chess (V. R. Parton, 1970) is played on a 6×6×6 cube: levels A to F, files a to f, ranks 1 to 6. Each side has a king, a queen, a bishop, a unicorn, a knight and a rook on the first rank of level A, and twelve pawns in front of them and on level B. White moves first."),
  P_LIKE_RAUMSCHACH,
  P_PARTON_PAWN,
  NULL
};

static const char *const parton_compulsion[] = {
  N_("As Cubic Chess (Parton), with three changes: capturing is compulsory — a player who can capture must, choosing among his captures; there is no check, so a king may stand on an attacked cell; and the game is won by capturing the opponent's king. A player with no move at all draws."),
  P_LIKE_RAUMSCHACH,
  P_PARTON_PAWN,
  NULL
};

static const char *const cubic8[] = {
  N_("Cubic Chess 8×8×8 is played on eight chessboards stacked as levels. Files A–H, ranks 1–8; the levels are named by colour from the top down: white, red, orange, yellow, green, blue, purple, black (w r o y g b p k), and each is drawn in its colour. A cell is file, rank, level: E1w."),
  N_("White sets up a chess army on level w: the pieces on rank 1, pawns on rank 2 and on ranks 1 and 2 of level r — 24 pawns. Black is set up the same way on levels k and p. White moves first."),
  N_("The rook slides orthogonally; the knight leaps; the king steps in any of the 26 directions; the queen slides in any of them. The bishop slides along the four diagonals of its level and along the eight space diagonals, but not along the diagonals of the vertical planes. There is no unicorn."),
  N_("A pawn moves one step to an empty cell: forward, vertically (toward the far level), or both at once. From its starting cell it may instead move two steps in one of these directions if both cells are empty. It captures one file to the side together with one step forward or one step vertically. After a two-step move, on the very next turn only, an enemy pawn that could capture on the skipped cell may take the pawn en passant."),
  N_("A pawn promotes on the last rank of the farthest level to a queen, rook, bishop or knight. Castling is as in chess, on the back rank of the home level."),
  NULL
};

static const char *const cubic8_4p[] = {
  P_4P_BOARD,
  N_("Every player plays for himself. A player with no legal move on his turn is eliminated (checkmated or stalemated); his army stays on the board, immovable and giving no check, and any player may capture its pieces, king included. The last player left wins."),
  P_4P_DRAW,
  NULL
};

static const char *const cubic8_teams_12[] = {
  P_4P_BOARD,
  N_("Red and Orange play as a team against Green and Blue."),
  P_4P_TEAMS,
  P_4P_DRAW,
  NULL
};

static const char *const cubic8_teams_13[] = {
  P_4P_BOARD,
  N_("Red and Green play as a team against Orange and Blue."),
  P_4P_TEAMS,
  P_4P_DRAW,
  NULL
};

static const char *const cubic8_teams_14[] = {
  P_4P_BOARD,
  N_("Red and Blue play as a team against Orange and Green."),
  P_4P_TEAMS,
  P_4P_DRAW,
  NULL
};

static const char *const grossraumschach[] = {
  P_GROSS_ARMIES,
  P_GROSS_PIECES,
  N_("A pawn moves one step toward the next army's camp to an empty cell and captures on the four face diagonals that go forward. There is no double step. It promotes on the far edge to an Empress, rook, bishop, unicorn or knight."),
  P_GROSS_DROPS,
  P_GROSS_CASTLING,
  P_GROSS_END,
  NULL
};

static const char *const grossraumschach_warders[] = {
  N_("As Grossraumschach, with every pawn replaced by a Warder, in the setup, in promotion and in drops. A Warder moves without capturing one step along one of the four face diagonals that go forward, and captures one step along one of the four space diagonals that go forward. It promotes on the far edge, like a pawn."),
  P_GROSS_ARMIES,
  P_GROSS_PIECES,
  P_GROSS_DROPS,
  P_GROSS_CASTLING,
  P_GROSS_END,
  NULL
};

static const char *const nihongi[] = {
  N_("Nihongi (I. G. Kosintsev, 2010) is played on a 3×3×3×3 board in four dimensions, written as a 9×9 grid of nine 3×3 blocks, like a Sudoku: files a–i, ranks 1–9. Neighbouring cells in a block are one step apart, and so are the same cells of neighbouring blocks: a1–b1 and a1–d1 are one orthogonal step each, while c1 and d1 are not neighbours."),
  N_("Each side has a king, a queen, two rooks, two bishops, two horses and seven pawns. White starts around a1, Black around i9; White moves first."),
  N_("The horse makes one orthogonal or one space-diagonal step. The bishop slides along face diagonals, the rook orthogonally, the queen orthogonally or along face diagonals. The king makes one orthogonal step, or one space-diagonal step as long as it has never been in check."),
  N_("A pawn makes one orthogonal step toward the enemy king's corner, to an empty cell or capturing. There is no double step, no en passant and no castling. A pawn promotes on the enemy king's starting cell (White i9, Black a1) to a queen, rook, bishop or horse."),
  NULL
};

static const char *const doseki[] = {
  N_("Doseki (I. G. Kosintsev, 2010) is played with checkers on a 9×9×9 cube. Red fills ranks 1 and 2, Black ranks 8 and 9; Red moves first. A cell is layer, file, rank: Ab2."),
  N_("A player's checkers that touch through faces form polycubes. A move takes a connected set of the mover's checkers that has the shape of a piece — a whole polycube or a part of a larger one — and moves it by one translation, as that piece moves."),
  N_("The pieces are the shapes that fit in a 2×2×2 box: Pawn (one checker), Horse (two), Bishop (three, an L), Rook (a 2×2 square), Archbishop (a tripod), Episcope (a screw), General and Cardinal (five), Joker, Wisemen and Marshal (six), Queen (seven) and King (the whole box, eight)."),
  N_("Pawn: one orthogonal step without capturing, one face-diagonal step to capture. Horse: up to two orthogonal or face-diagonal steps. Bishop: face diagonals. Rook: orthogonal. Archbishop: up to two orthogonal steps, or face diagonals. Episcope: face diagonals, or up to two space-diagonal steps. Cardinal: face or space diagonals. General: orthogonal, or up to two face-diagonal steps. Joker: a face-diagonal slide, then up to two face-diagonal steps in another direction. Marshal: orthogonal or space diagonals. Wisemen: an orthogonal slide, then up to two orthogonal steps in another direction. Queen: orthogonal or face diagonals. King: any direction."),
  N_("The set slides step by step over empty cells; after its last step, its checkers capture the enemy checkers they land on. Afterwards, touching checkers merge and separated ones fall apart: only the moving set has to be a piece."),
  N_("Each checker that reaches the mover's opposite face gives him an outside checker. Instead of moving, a player may place an outside checker on any empty cell. A player with no legal move or placement on his turn loses. A game is drawn on the third repetition of a position or after 100 plies without a capture."),
  NULL
};

static const TesseraHelpPage pages[] = {
  { "general", N_("How to Play"), general },
  { "raumschach", NULL, raumschach },
  { "parton", NULL, parton },
  { "parton-compulsion", NULL, parton_compulsion },
  { "cubic8", NULL, cubic8 },
  { "cubic8-4p", NULL, cubic8_4p },
  { "cubic8-teams-12", NULL, cubic8_teams_12 },
  { "cubic8-teams-13", NULL, cubic8_teams_13 },
  { "cubic8-teams-14", NULL, cubic8_teams_14 },
  { "grossraumschach", NULL, grossraumschach },
  { "grossraumschach-warders", NULL, grossraumschach_warders },
  { "nihongi", NULL, nihongi },
  { "doseki", NULL, doseki },
};

const TesseraHelpPage *
tessera_help_pages (guint *n_pages)
{
  *n_pages = G_N_ELEMENTS (pages);
  return pages;
}

const TesseraHelpPage *
tessera_help_page_lookup (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (strcmp (pages[i].id, id) == 0)
      return &pages[i];
  return NULL;
}
