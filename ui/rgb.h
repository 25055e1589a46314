#pragma once

/* sRGB colours, 0–1 per channel: mixing, and how far apart two colours look — WCAG 2's
 * contrast ratio (lightness only) and CIE's ΔE2000 (lightness, chroma and hue). */

#include "piece-art.h"

G_BEGIN_DECLS

/* a + (b − a) × t, per channel. */
TsRgb  ts_rgb_mix            (const TsRgb *a,
                              const TsRgb *b,
                              double       t);
/* WCAG 2 relative luminance, 0 (black) to 1 (white). */
double ts_rgb_luminance      (const TsRgb *c);
/* WCAG 2 contrast ratio, 1 (the same) to 21 (black on white). */
double ts_rgb_contrast_ratio (const TsRgb *a,
                              const TsRgb *b);
/* CIELAB under D65: L* 0–100, a*, b*. */
void   ts_rgb_to_lab         (const TsRgb *c,
                              double       lab[3]);
/* CIEDE2000 colour difference of two CIELAB colours (about 2: barely told apart). */
double ts_lab_delta_e2000    (const double lab1[3],
                              const double lab2[3]);
double ts_rgb_delta_e2000    (const TsRgb *a,
                              const TsRgb *b);

G_END_DECLS
