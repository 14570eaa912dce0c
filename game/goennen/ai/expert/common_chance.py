"""The same dice and cards for every candidate of one search (common random numbers).

Each sampled future is a table of die faces and card picks fixed before any candidate is played:
the k-th roll of the future gives die d the face `faces[k][d]`, whichever dice a candidate chose to
reroll, and the k-th card drawn is picked by the k-th number of the table. So two candidates that
reroll the red die see the same red face, and the difference of their outcomes is the difference
of the choices, not of the luck (docs/bots.md, "Expert").
"""

from __future__ import annotations

from game.goennen.actions import Action, Draw, Roll
from game.goennen.chance import ChanceStream
from game.goennen.colours import COLOURS
from game.goennen.state import Phase, State

_FACES = 6


class CommonChance:
    """One sampled future: faces and draws, read in order by every candidate alike."""

    __slots__ = ("_stream", "_faces", "_picks", "rolls", "draws")

    def __init__(self, seed: int) -> None:
        self._stream = ChanceStream(seed, 0)
        self._faces: list[tuple[int, ...]] = []
        self._picks: list[int] = []
        self.rolls = 0  # rolls and draws this candidate's playing has read so far
        self.draws = 0

    def restart(self) -> None:
        """Read the future from its start again (for the next candidate)."""
        self.rolls = self.draws = 0

    def outcome(self, state: State) -> Action:
        """The due chance event's outcome in this future."""
        if state.phase is Phase.ROLL:
            while len(self._faces) <= self.rolls:
                self._faces.append(tuple(self._face() for _ in COLOURS))
            faces = self._faces[self.rolls]
            self.rolls += 1
            return Roll(tuple((die, faces[die.slot]) for die in state.to_roll))
        if state.phase is Phase.DRAW:
            while len(self._picks) <= self.draws:
                self._picks.append(self._stream.getrandbits(30))
            pick = self._picks[self.draws]
            self.draws += 1
            cards = state.pile(state.draws[0].row).next_cards()
            return Draw(cards[pick % len(cards)])
        raise ValueError(f"no chance event is due in phase {state.phase}")

    def _face(self) -> int:
        value = self._stream.getrandbits(3)
        while value >= _FACES:
            value = self._stream.getrandbits(3)
        return value + 1
