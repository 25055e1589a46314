#!/usr/bin/env python3
"""Combines the output of several two-player `tessera-cli match` runs into one result.

    scripts/match-combine.py [--drop-time-forfeits] A.log B.log …

Each log is what `tessera-cli match` printed (its `player 1:` line and its `game N:`
lines); the player the score is about is each log's player 1. Games 1 and 2, 3 and 4, …
of one log are the pairs (one opening with both colours), as the runner plays them. The
statistics are the runner's (core/match/match-stats.c, docs/engine.md "The result and
its error"): W/D/L, score, Elo and its 95 % margin over the pairs (pentanomial) when
every game is in a complete pair, else over the games (trinomial). Use it for a match
played in parts (two openings files at once, or a run stopped and resumed with the
openings it had not reached). --drop-time-forfeits leaves out every pair (both games of
an opening) in which an engine lost on time: on a loaded machine an engine that builds its
tables at its first `go` (the baseline f95e259 does) may not answer within the margin.
"""
import math
import re
import sys

Z95 = 1.959963984540054
# "game 7: White=A Black=B — 1-0, checkmate (49 plies)" (Doseki's seats: Red, Black)
GAME = re.compile(r"^game (\d+): \w+=(.*) \w+=(.*) — (1-0|0-1|1/2-1/2),")


def elo(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def read_log(path, drop_time_forfeits):
    first = None
    scores = {}
    forfeited = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^player 1: (.*) \(", line)
            if m:
                first = m.group(1)
            m = GAME.match(line)
            if not m:
                continue
            number, first_seat, second_seat, result = m.groups()
            if first not in (first_seat, second_seat):
                sys.exit(f"{path}: game {number}: player 1 ({first}) does not play")
            first_seat_score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            scores[int(number)] = first_seat_score if first_seat == first else 1.0 - first_seat_score
            if drop_time_forfeits and "did not answer in time" in line:
                forfeited.add(int(number))
    if first is None:
        sys.exit(f"{path}: no 'player 1:' line")
    for n in forfeited:
        pair = n - 1 if n % 2 == 0 else n
        scores.pop(pair, None)
        scores.pop(pair + 1, None)
    return [scores[n] for n in sorted(scores)], scores


def main(args):
    drop = "--drop-time-forfeits" in args
    paths = [a for a in args if a != "--drop-time-forfeits"]
    games, pairs = [], []
    complete = True
    for path in paths:
        ordered, by_number = read_log(path, drop)
        games += ordered
        for n in range(1, max(by_number, default=0) + 1, 2):
            if n in by_number and n + 1 in by_number:
                pairs.append((by_number[n] + by_number[n + 1]) / 2)
            elif n in by_number or n + 1 in by_number:
                complete = False
    if not games:
        sys.exit("no games")
    wins = sum(s > 0.5 for s in games)
    losses = sum(s < 0.5 for s in games)
    draws = len(games) - wins - losses
    units = pairs if complete and len(pairs) * 2 == len(games) else games
    n = len(units)
    mean = sum(units) / n
    variance = max(sum(u * u for u in units) / n - mean * mean, 0.0)
    kind = "pentanomial" if units is pairs else "trinomial"
    line = (f"result: {len(games)} games, +{wins} ={draws} -{losses}, "
            f"score {100 * sum(games) / len(games):.1f} %")
    if 0.0 < mean < 1.0:
        delta = Z95 * math.sqrt(variance / n)
        low, high = max(mean - delta, 1e-9), min(mean + delta, 1 - 1e-9)
        line += f", Elo {elo(mean):+.1f} ± {(elo(high) - elo(low)) / 2:.1f} (95 %, {kind})"
    print(line)
    if units is pairs:
        penta = [0] * 5
        for p in pairs:
            penta[min(max(round(p * 4), 0), 4)] += 1
        print("pairs: " + " ".join(map(str, penta)))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
