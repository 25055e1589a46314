/* The board's move and capture sounds, played with GtkMediaFile. */
#include "board-sound.h"

#include <gtk/gtk.h>

static const char *const sound_paths[TS_N_BOARD_SOUNDS] = {
  "/io/github/tessera/Tessera/sounds/move.wav",
  "/io/github/tessera/Tessera/sounds/capture.wav",
};

/* One stream per sound, kept for the life of the process and rewound for each play; a
 * stream that failed is replaced by a mark so it is not tried again. */
static GtkMediaStream *streams[TS_N_BOARD_SOUNDS];
static gboolean failed[TS_N_BOARD_SOUNDS];

static gboolean
check_failed (TsBoardSound sound)
{
  /* GTK without a media module gives a stream that is in error from the start; GStreamer
   * reports a missing decoder or sink the same way, later */
  if (!failed[sound] && streams[sound] && gtk_media_stream_get_error (streams[sound]))
    {
      failed[sound] = TRUE;
      g_clear_object (&streams[sound]);
    }
  return failed[sound];
}

gboolean
ts_board_sound_available (TsBoardSound sound)
{
  g_return_val_if_fail (sound < TS_N_BOARD_SOUNDS, FALSE);
  return !check_failed (sound);
}

void
ts_board_sound_play (TsBoardSound sound)
{
  GtkMediaStream *stream;

  g_return_if_fail (sound < TS_N_BOARD_SOUNDS);
  if (check_failed (sound))
    return;
  if (!streams[sound])
    {
      streams[sound] = gtk_media_file_new_for_resource (sound_paths[sound]);
      if (check_failed (sound))
        return;
    }
  stream = streams[sound];
  if (gtk_media_stream_get_playing (stream) || gtk_media_stream_get_ended (stream))
    gtk_media_stream_seek (stream, 0);
  gtk_media_stream_play (stream);
}
