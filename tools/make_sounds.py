"""Synthesise the game's sound effects into assets/sounds/*.wav (pure Python, deterministic).

    python -m tools.make_sounds [--out DIR]

Every run with the same code gives byte-identical files (fixed seeds), so the committed .wav files
can always be rebuilt and checked.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent


def _envelope(t: float, attack: float, decay: float) -> float:
    return min(1.0, t / attack) * math.exp(-t / decay) if attack > 0 else math.exp(-t / decay)


def _knock(samples: list[float], start: float, rng: random.Random, loudness: float, pitch: float) -> None:
    """One die hitting wood: a short noise burst through a resonant ring."""
    begin = int(start * RATE)
    length = int(0.06 * RATE)
    low = 0.0
    for i in range(length):
        if begin + i >= len(samples):
            break
        t = i / RATE
        low += (rng.uniform(-1, 1) - low) * 0.35  # a one-pole low-pass softens the click
        ring = math.sin(2 * math.pi * pitch * t) * 0.6 + math.sin(2 * math.pi * pitch * 2.7 * t) * 0.25
        samples[begin + i] += loudness * _envelope(t, 0.0008, 0.012) * (0.7 * low + 0.5 * ring)


def dice_roll() -> list[float]:
    rng = random.Random(20240501)
    samples = [0.0] * int(1.0 * RATE)
    t = 0.02
    gap = 0.035
    loudness = 0.9
    while t < 0.9:
        for _die in range(rng.randint(1, 2)):
            _knock(
                samples,
                t + rng.uniform(0, 0.012),
                rng,
                loudness * rng.uniform(0.6, 1.0),
                rng.uniform(700, 1400),
            )
        t += gap * rng.uniform(0.7, 1.4)
        gap *= 1.12  # the dice slow down: the knocks spread out
        loudness *= 0.9
    return samples


def click() -> list[float]:
    samples = []
    for i in range(int(0.05 * RATE)):
        t = i / RATE
        tone = math.sin(2 * math.pi * 1800 * t) * 0.6 + math.sin(2 * math.pi * 2700 * t) * 0.3
        samples.append(0.55 * _envelope(t, 0.001, 0.008) * tone)
    return samples


def card_slide() -> list[float]:
    rng = random.Random(7)
    samples = []
    low = 0.0
    duration = 0.28
    for i in range(int(duration * RATE)):
        t = i / RATE
        cutoff = 0.05 + 0.25 * (t / duration)  # the swish brightens as the card speeds up
        low += (rng.uniform(-1, 1) - low) * cutoff
        shape = math.sin(math.pi * t / duration) ** 1.5
        samples.append(0.8 * shape * low)
    return samples


def score_tally() -> list[float]:
    notes = (523.25, 659.25, 783.99, 1046.5)  # C major arpeggio, rising
    samples = [0.0] * int(0.75 * RATE)
    for index, frequency in enumerate(notes):
        begin = int(index * 0.09 * RATE)
        for i in range(int(0.4 * RATE)):
            if begin + i >= len(samples):
                break
            t = i / RATE
            tone = math.sin(2 * math.pi * frequency * t) + 0.35 * math.sin(2 * math.pi * frequency * 2 * t)
            samples[begin + i] += 0.28 * _envelope(t, 0.004, 0.12) * tone
    return samples


def fanfare() -> list[float]:
    """The campaign's triumph: a bright rising fanfare ending on a held major chord with sparkle."""
    samples = [0.0] * int(2.2 * RATE)

    def note(start: float, frequency: float, length: float, loudness: float) -> None:
        begin = int(start * RATE)
        for i in range(int(length * RATE)):
            if begin + i >= len(samples):
                break
            t = i / RATE
            tone = (
                math.sin(2 * math.pi * frequency * t)
                + 0.5 * math.sin(2 * math.pi * frequency * 2 * t)
                + 0.25 * math.sin(2 * math.pi * frequency * 3 * t)
            )
            samples[begin + i] += loudness * _envelope(t, 0.01, length * 0.6) * tone

    for index, frequency in enumerate((392.0, 523.25, 659.25, 783.99)):  # G C E G, rising
        note(index * 0.12, frequency, 0.22, 0.22)
    for frequency in (523.25, 659.25, 783.99, 1046.5):  # the held C major chord
        note(0.5, frequency, 1.5, 0.14)
    rng = random.Random(50)
    for _ in range(14):  # sparkles over the chord
        note(0.55 + rng.random() * 1.2, rng.choice((1567.98, 2093.0, 2637.02)), 0.12, 0.08)
    return samples


EFFECTS: dict[str, Callable[[], list[float]]] = {
    "dice_roll": dice_roll,
    "click": click,
    "card_slide": card_slide,
    "score_tally": score_tally,
    "fanfare": fanfare,
}


def write_wav(path: Path, samples: list[float]) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.85 / peak if peak > 0.85 else 1.0
    frames = b"".join(struct.pack("<h", round(max(-1.0, min(1.0, s * scale)) * 32767)) for s in samples)
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(frames)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        write_wav(args.out / f"{name}.wav", make())
        print(f"wrote {args.out / f'{name}.wav'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
