"""What the deciding human may do at the Penk! table right now, as plain data: which buttons are
live, the group the picked dice form and whether it may be circled, the cells the dice can reach,
the columns a failed roll may cross, what a press on a cell does, and the prompt. Built from the
engine's legal actions and the picked dice; no pygame, so it is tested without a window (as the
first game's scenes/table/turn_options.py). scenes/penk/table.py draws it and plays its actions."""

from __future__ import annotations

from dataclasses import dataclass

from game.penk import JOLLY, Action, Circle, Cross, Phase, Reroll, State, group_cell
from scenes.penk.why_not import Asked

Prompt = tuple[str, dict[str, int]]  # a catalogue key and its arguments


@dataclass(frozen=True)
class PenkOptions:
    state: State
    legal: tuple[Action, ...]  # the human's legal actions (none when nobody at the screen decides)
    picked: tuple[int, ...]  # the faces of the picked dice
    live: bool  # a human decides and nothing moves: the controls answer

    @property
    def group(self) -> Circle | None:
        """The picked dice as a group, or None when they form none."""
        try:
            group_cell(self.picked)
        except ValueError:
            return None
        return Circle(self.picked)

    @property
    def circles(self) -> list[Circle]:
        return [action for action in self.legal if isinstance(action, Circle)]

    @property
    def failed(self) -> bool:
        """The roll circles nothing: a column must be crossed."""
        return any(isinstance(action, Cross) for action in self.legal)

    @property
    def can_reroll(self) -> bool:
        return self.live and bool(self.picked) and Reroll(self.picked) in self.legal

    @property
    def can_circle(self) -> bool:
        group = self.group
        return self.live and group is not None and group in self.legal

    @property
    def can_end(self) -> bool:
        return self.live and self.state.phase is Phase.CIRCLE

    def crossable(self, column: int) -> bool:
        return self.live and self.failed and Cross(column) in self.legal

    def press_cell(self, row: int, column: int) -> Action | Asked:
        """What a press on a cell does: cross its column after a failed roll, circle it with the
        picked dice when they are its group, else with the fitting dice with the fewest jollies (a
        jolly is worth keeping for a later group); or the question "why not?" answers."""
        if self.failed:
            return Cross(column) if Cross(column) in self.legal else Asked(column=column)
        group = self.group
        if group is not None and group.cell == (row, column):
            return group
        fitting = [action for action in self.circles if action.cell == (row, column)]
        if fitting:
            return min(fitting, key=lambda action: action.group.count(JOLLY))
        return Asked(cell=(row, column))

    def prompt(self) -> Prompt:
        """The line above the dice while the human decides."""
        state = self.state
        if self.failed:
            return ("penk.prompt.failed_reroll" if state.rolls < 3 else "penk.prompt.failed"), {}
        if state.phase is Phase.CIRCLE:
            return "penk.prompt.more", {}
        group = self.group
        if group is not None and group not in self.legal:
            return "penk.refuse.not_clear", {}
        if state.rolls < 3:
            return "penk.prompt.choose", {"left": 3 - state.rolls}
        return "penk.prompt.circle", {}
