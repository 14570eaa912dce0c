"""Where a match draws its chance: a source of random bits for each chance event of a game.

The engines hold no random generator. A match (game/kit/match.py) asks its source for the bits of
the chance event at step n (the number of actions so far) and samples the outcome with its game's
rules; the outcome becomes an ordinary action that is recorded, so a game replays identically from
its action list and a loaded game goes on exactly as it would have.

Seeded bits are SplitMix64 at a position set by the step, in plain integer arithmetic, so every
platform and Python version rolls the same dice. Why not a `random.Random` seeded afresh per event:
seeding a Mersenne Twister fills and twists 624 words, some 7 microseconds at each of the 90 or so
rolls and draws of a game, which was the largest single cost of a simulated game between easy bots.
"""

from __future__ import annotations

import hashlib
import random
from typing import Protocol


class RandomBits(Protocol):
    """What sampling needs of a generator: `random.Random` and `ChanceStream` both have it."""

    def getrandbits(self, k: int, /) -> int: ...

    def randrange(self, stop: int, /) -> int: ...


_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step: the odd integer nearest 2^64 / golden ratio
_BLOCKS_PER_EVENT = 16  # 64-bit blocks set aside for each chance event (the first nearly always does)


def _mix64(z: int) -> int:
    """SplitMix64's output function: a 64-bit value -> a well-mixed 64-bit value."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _seed_key(seed: int) -> int:
    """A 64-bit key for any integer seed, folded 64 bits at a time (large or negative seeds too);
    each step mixes the chunk plus SplitMix64's step, as 0 is a fixed point of the mixing alone."""
    key = _mix64(((seed & _MASK64) + _GAMMA) & _MASK64)
    rest = seed >> 64
    while rest not in (0, -1):
        key = _mix64(((key ^ (rest & _MASK64)) + _GAMMA) & _MASK64)
        rest >>= 64
    return key if seed >= 0 else _mix64(((key ^ _MASK64) + _GAMMA) & _MASK64)


class ChanceStream:
    """The random bits of one chance event of a seeded game: the SplitMix64 sequence keyed by the
    seed, read 64 bits a block from position step x 16 + 1 on. Each event has its own stretch of
    one well-tested generator, computed directly from (seed, step)."""

    __slots__ = ("_state", "_bits", "_left")

    def __init__(self, seed: int, step: int) -> None:
        self._state = (_seed_key(seed) + step * _BLOCKS_PER_EVENT * _GAMMA) & _MASK64
        self._bits = 0
        self._left = 0

    def getrandbits(self, k: int, /) -> int:
        """`k` random bits (0 < k <= 64), as random.Random.getrandbits gives them."""
        if k > self._left:
            self._state = state = (self._state + _GAMMA) & _MASK64
            self._bits = _mix64(state)
            self._left = 64
        value = self._bits & ((1 << k) - 1)
        self._bits >>= k
        self._left -= k
        return value

    def randrange(self, stop: int, /) -> int:
        return _randrange(self, stop)


class ChanceSource(Protocol):
    """Where a match draws its chance: the bits of each chance event, and the few picks made
    before the first one (the start player). The outcome of a step is a function of the source
    and the step alone, so two processes holding the same source roll the same dice, and a
    replay needs only the recorded outcomes."""

    def bits(self, step: int, /) -> RandomBits: ...

    def pick(self, purpose: str, stop: int, /) -> int: ...


class SeededChance:
    """Today's replayable chance: ChanceStream(seed, step); a pick from random.Random(purpose),
    the formula every pinned game, save and scenario was recorded with. Anyone who knows the
    seed knows every outcome: for tools, tests, scenarios and the tutorial, never for a secret."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def bits(self, step: int, /) -> RandomBits:
        return ChanceStream(self.seed, step)

    def pick(self, purpose: str, stop: int, /) -> int:
        return random.Random(purpose).randrange(stop)


class SystemChance:
    """Chance nobody can look ahead in: every event drawn afresh from the operating system's
    randomness. A match with it records each outcome as it records every action, so a loaded game
    replays its past exactly, and nothing that is saved tells a future roll: for games played in
    the app, where a save file must not let a player (or a friend at the table) look ahead."""

    __slots__ = ()

    def bits(self, step: int, /) -> RandomBits:
        return _SYSTEM

    def pick(self, purpose: str, stop: int, /) -> int:
        return _SYSTEM.randrange(stop)


_SYSTEM = random.SystemRandom()


KEY_BYTES = 32  # a 256-bit secret
_BLOCK_BYTES = 64  # one BLAKE2b output: 512 bits


class KeyedChance:
    """Chance that keeps a secret: every bit comes from BLAKE2b keyed with a 256-bit key over
    (step, block), so nobody without the key can tell a future roll from the past ones, and
    whoever holds the key (a server node, or anyone after it is revealed) can recompute each."""

    __slots__ = ("_key",)

    def __init__(self, key: bytes) -> None:
        if len(key) != KEY_BYTES:
            raise ValueError(f"a chance key has {KEY_BYTES} bytes, not {len(key)}")
        self._key = bytes(key)

    def __repr__(self) -> str:  # never the key: reprs end up in logs and error texts
        return "KeyedChance(<secret>)"

    def bits(self, step: int, /) -> RandomBits:
        return KeyedBits(self._key, step)

    def pick(self, purpose: str, stop: int, /) -> int:
        return _randrange(KeyedBits(self._key, -1, purpose.encode("utf-8")), stop)


class KeyedBits:
    """The bits of one chance event of a keyed source, read block by block:
    block n = BLAKE2b(key, person "gk-chance")(step as 8 signed bytes, n as 8 bytes, purpose)."""

    __slots__ = ("_key", "_prefix", "_purpose", "_block", "_bits", "_left")

    def __init__(self, key: bytes, step: int, purpose: bytes = b"") -> None:
        self._key = key
        self._prefix = step.to_bytes(8, "big", signed=True)
        self._block = 0
        self._purpose = purpose
        self._bits = 0
        self._left = 0

    def __repr__(self) -> str:
        return "KeyedBits(<secret>)"

    def getrandbits(self, k: int, /) -> int:
        """`k` random bits (0 < k <= 64)."""
        if not 0 < k <= 64:
            raise ValueError(f"draw 1 to 64 bits at a time, not {k}")
        if k > self._left:
            digest = hashlib.blake2b(
                self._prefix + self._block.to_bytes(8, "big") + self._purpose,
                key=self._key,
                digest_size=_BLOCK_BYTES,
                person=b"gk-chance",
            ).digest()
            self._block += 1
            # unread bits of the old block are dropped: each draw takes fresh bits of one block
            self._bits = int.from_bytes(digest, "big")
            self._left = _BLOCK_BYTES * 8
        value = self._bits & ((1 << k) - 1)
        self._bits >>= k
        self._left -= k
        return value

    def randrange(self, stop: int, /) -> int:
        return _randrange(self, stop)


def _randrange(bits: RandomBits, stop: int) -> int:
    """A random integer in range(stop), each equally likely (bits drawn again while too big)."""
    if stop <= 0:
        raise ValueError(f"empty range for randrange({stop})")
    width = (stop - 1).bit_length()
    value = bits.getrandbits(width) if width else 0
    while value >= stop:
        value = bits.getrandbits(width)
    return value
