#!/usr/bin/env python3
"""Synthesizes the board's two sounds as small WAV files (mono, 16-bit, 22050 Hz):

  move.wav     a short wooden click: a decaying low tone with a touch of filtered noise
  capture.wav  a heavier double knock, lower and a little longer

Run from anywhere: it writes next to itself. Deterministic (a fixed noise seed), so the
committed files are exactly what this script makes. Python's standard library only.
"""
import math
import os
import random
import struct
import wave

RATE = 22050


def knock(freq, decay_ms, noise, length_ms, delay_ms=0.0, gain=1.0, seed=1):
    """A decaying sine with a short noise attack, starting delay_ms into a buffer."""
    rng = random.Random(seed)
    n = int(RATE * length_ms / 1000)
    start = int(RATE * delay_ms / 1000)
    tau = RATE * decay_ms / 1000
    out = [0.0] * n
    low = 0.0
    for i in range(start, n):
        t = i - start
        env = math.exp(-t / tau)
        # one-pole low-pass on the noise: a dull thud, not a hiss
        low += 0.25 * (rng.uniform(-1, 1) - low)
        attack = math.exp(-t / (RATE * 0.004))
        out[i] = gain * env * (math.sin(2 * math.pi * freq * t / RATE) + noise * attack * low * 4)
    return out


def mix(*tracks):
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def write(name, samples, peak=0.6):
    top = max(abs(s) for s in samples) or 1.0
    # fade the last 5 ms so the file ends in silence without a click
    fade = int(RATE * 0.005)
    frames = bytearray()
    for i, s in enumerate(samples):
        g = min(1.0, (len(samples) - i) / fade)
        frames += struct.pack('<h', int(32767 * peak * g * s / top))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
    with wave.open(path, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def main():
    write('move.wav', mix(knock(520, 14, 0.8, 70, seed=1),
                          knock(1250, 6, 0.0, 70, gain=0.35, seed=2)), peak=0.55)
    write('capture.wav', mix(knock(330, 22, 1.0, 130, seed=3),
                             knock(700, 9, 0.6, 130, gain=0.5, seed=4),
                             knock(300, 25, 1.0, 130, delay_ms=45, gain=0.8, seed=5)),
          peak=0.75)


if __name__ == '__main__':
    main()
