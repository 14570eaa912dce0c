"""A guide at the table: what a guided game (scenes/tutorial/) lays over the turn scene. The turn
scene asks it before carrying out any choice of the player and lets it draw last (only a refusal
goes over it, placed clear of its words); a plain game
has none. Not a screen: the turn scene holds one, the route table hands it over."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from game.goennen.engine import Action
    from scenes.table.turn_options import Step


class Guide(Protocol):
    def allows_step(self, step: Step) -> bool:
        """Whether a control's step (keep a die, propose a card, reroll ...) may go ahead."""
        ...

    def allows_action(self, action: Action) -> bool:
        """Whether the player's move may be played."""
        ...

    def chose(self, step: Step) -> None:
        """A step went ahead (the guide may adjust the selection it led to)."""
        ...

    def refusal(self) -> str:
        """What the player is told when a step or move is not allowed (in the player's language)."""
        ...

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Drawn over the table, last but for a refusal; returns where its words are (a refusal is
        placed clear of them)."""
        ...
