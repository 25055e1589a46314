/* Colour maths: mixing, WCAG 2.1's contrast ratio and CIEDE2000 (Sharma, Wu and Dalal,
 * "The CIEDE2000 color-difference formula", 2005), for checking that a piece stands out
 * from the cells it can stand on. */
#include "rgb.h"

#include <math.h>

TsRgb
ts_rgb_mix (const TsRgb *a, const TsRgb *b, double t)
{
  return (TsRgb) { a->r + (b->r - a->r) * t, a->g + (b->g - a->g) * t, a->b + (b->b - a->b) * t };
}

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

double
ts_rgb_luminance (const TsRgb *c)
{
  return 0.2126 * linear (c->r) + 0.7152 * linear (c->g) + 0.0722 * linear (c->b);
}

double
ts_rgb_contrast_ratio (const TsRgb *a, const TsRgb *b)
{
  double la = ts_rgb_luminance (a), lb = ts_rgb_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static double
lab_f (double t)
{
  return t > 216.0 / 24389.0 ? cbrt (t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
}

void
ts_rgb_to_lab (const TsRgb *c, double lab[3])
{
  double r = linear (c->r), g = linear (c->g), b = linear (c->b);
  /* sRGB to XYZ, each relative to the D65 white */
  double fx = lab_f ((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
  double fy = lab_f (0.2126729 * r + 0.7151522 * g + 0.0721750 * b);
  double fz = lab_f ((0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883);

  lab[0] = 116.0 * fy - 16.0;
  lab[1] = 500.0 * (fx - fy);
  lab[2] = 200.0 * (fy - fz);
}

static double
degrees (double radians)
{
  return radians * 180.0 / G_PI;
}

static double
radians (double degrees)
{
  return degrees * G_PI / 180.0;
}

/* The hue angle of (a, b) in degrees, 0–360; 0 for a grey. */
static double
hue (double a, double b)
{
  double h;

  if (a == 0 && b == 0)
    return 0;
  h = degrees (atan2 (b, a));
  return h < 0 ? h + 360.0 : h;
}

double
ts_lab_delta_e2000 (const double lab1[3], const double lab2[3])
{
  double c_mean = (hypot (lab1[1], lab1[2]) + hypot (lab2[1], lab2[2])) / 2;
  double c7 = pow (c_mean, 7);
  double g = 0.5 * (1 - sqrt (c7 / (c7 + pow (25, 7))));
  double a1 = (1 + g) * lab1[1], a2 = (1 + g) * lab2[1];
  double c1 = hypot (a1, lab1[2]), c2 = hypot (a2, lab2[2]);
  double h1 = hue (a1, lab1[2]), h2 = hue (a2, lab2[2]);
  double dl = lab2[0] - lab1[0], dc = c2 - c1, dh = 0, h_mean = h1 + h2;
  double l_mean = (lab1[0] + lab2[0]) / 2, cp_mean = (c1 + c2) / 2, cp7, t, sl, sc, sh, rt, big_dh;

  if (c1 * c2 != 0)
    {
      dh = h2 - h1;
      if (dh > 180)
        dh -= 360;
      else if (dh < -180)
        dh += 360;
      if (fabs (h1 - h2) <= 180)
        h_mean = (h1 + h2) / 2;
      else
        h_mean = (h1 + h2 + (h1 + h2 < 360 ? 360 : -360)) / 2;
    }
  big_dh = 2 * sqrt (c1 * c2) * sin (radians (dh / 2));
  t = 1 - 0.17 * cos (radians (h_mean - 30)) + 0.24 * cos (radians (2 * h_mean)) +
      0.32 * cos (radians (3 * h_mean + 6)) - 0.20 * cos (radians (4 * h_mean - 63));
  cp7 = pow (cp_mean, 7);
  rt = -2 * sqrt (cp7 / (cp7 + pow (25, 7))) *
       sin (radians (60 * exp (-pow ((h_mean - 275) / 25, 2))));
  sl = 1 + 0.015 * pow (l_mean - 50, 2) / sqrt (20 + pow (l_mean - 50, 2));
  sc = 1 + 0.045 * cp_mean;
  sh = 1 + 0.015 * cp_mean * t;
  return sqrt (pow (dl / sl, 2) + pow (dc / sc, 2) + pow (big_dh / sh, 2) + rt * (dc / sc) * (big_dh / sh));
}

double
ts_rgb_delta_e2000 (const TsRgb *a, const TsRgb *b)
{
  double lab1[3], lab2[3];

  ts_rgb_to_lab (a, lab1);
  ts_rgb_to_lab (b, lab2);
  return ts_lab_delta_e2000 (lab1, lab2);
}
