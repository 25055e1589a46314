/* The CPU time of the calling thread, for tests and benchmarks that tell a thread's own
 * work from waiting (idle waits, the main loop's share of a window's work). */
#pragma once

#include <glib.h>
#include <time.h>

/* In microseconds. */
static inline gint64
t_thread_cpu_us (void)
{
  struct timespec ts;

  g_assert_cmpint (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts), ==, 0);
  return ts.tv_sec * G_GINT64_CONSTANT (1000000) + ts.tv_nsec / 1000;
}
