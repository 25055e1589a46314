#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The board's sounds, from the GResource (data/sounds/, made by make-sounds.py). */
typedef enum {
  TS_BOARD_SOUND_MOVE,
  TS_BOARD_SOUND_CAPTURE,
  TS_N_BOARD_SOUNDS
} TsBoardSound;

/* Plays a sound through GTK's media backend (GStreamer). Without a backend, or when the
 * file cannot be played, it stays silent: no warning, and no further tries. */
void     ts_board_sound_play      (TsBoardSound sound);
/* FALSE once a sound has failed: no media backend, no decoder. */
gboolean ts_board_sound_available (TsBoardSound sound);

G_END_DECLS
