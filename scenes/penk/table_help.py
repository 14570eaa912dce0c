"""The help at the Penk! table, the first game's in Penk!'s terms: the Hint (H and its button, a
second H plays it; scenes/penk/hint.py), the odds (O shows or hides them; scenes/penk/odds_view.py),
"why not?" (? or a right-click on a die, a cell, a column's die or the Reroll button;
scenes/penk/why_not.py), whose answer also tells why a click on a cell circled nothing, and the
guided game's guard and lessons (scenes/penk/guide.py). The table scene mixes this in; it keeps
the table's own file to the game itself."""

from __future__ import annotations

from typing import Any

import pygame

from scenes.core.i18n import t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.widgets import Button
from scenes.model.penk_odds import PenkBadge
from scenes.penk.hint import PenkHints
from scenes.penk.odds_view import PenkOddsView, badge_words
from scenes.penk.why_not import Asked, answer
from scenes.table.why_not import WhyNotNote

HINT_WIDTH = 150


class TableHelp:
    """Mixed into PenkTableScene, whose session, app, layout, focus, dice, buttons, geometry,
    deciding, play and refuse it uses."""

    session: Any
    app: Any
    layout: Any
    focus: Any
    dice: Any

    def build_help(self) -> None:
        title = self.layout["title"]
        box = pygame.Rect(title.right - HINT_WIDTH, title.y, HINT_WIDTH, title.height)
        self.hint_button = Button(
            box, lambda: t("hint.button"), self.hint, hint=lambda: t("hint.button.hint"), size=17
        )
        self.hints = PenkHints(self.session)
        self.why_not = WhyNotNote()
        self.odds = PenkOddsView(self.app)
        self.pointer: tuple[int, int] | None = None
        self.guide: Any = None  # Penk!'s guided game (scenes/penk/guide.py) sets its lessons here
        self.focus.widgets.append(self.hint_button)

    # -- the hint ------------------------------------------------------------------------------------
    def hint(self) -> None:
        """Ask the expert; asked again while its hint shows, do what it says."""
        if not self.deciding:  # type: ignore[attr-defined]
            return
        advice = self.hints.current()
        if advice is not None:
            self.play(advice.action)  # type: ignore[attr-defined]
        elif self.hints.ask():
            self.app.play("click")
        self.app.request_draw()

    # -- why not? ------------------------------------------------------------------------------------
    def asked_at(self, pos: tuple[int, int]) -> tuple[Asked, pygame.Rect] | None:
        """What is at `pos` to ask about, and where it is."""
        if self.reroll_button.rect.collidepoint(pos):  # type: ignore[attr-defined]
            return Asked(reroll=self.dice.picked_faces()), self.reroll_button.rect  # type: ignore[attr-defined]
        place = self.dice.place_at(pos)
        if place is not None:
            faces = self.dice.picked_faces() if place in self.dice.picked else (self.dice.faces[place],)
            return Asked(reroll=faces), self.dice.rect(place)
        geometry = self.large_geometry  # type: ignore[attr-defined]
        for column in range(1, 6):
            if geometry.header_rect(column).collidepoint(pos):
                return Asked(column=column), geometry.header_rect(column)
            for row in range(1, 6):
                if geometry.cell_rect(row, column).collidepoint(pos):
                    return Asked(cell=(row, column)), geometry.cell_rect(row, column)
        return None

    def answer_for(self, asked: Asked) -> Any:
        state = self.session.view
        return answer(state, asked, self.dice.picked_faces(), self.free_faces())

    def free_faces(self) -> tuple[int, ...]:
        return tuple(sorted(self.dice.faces[place] for place in self.dice.free))

    def ask_why_not(self, pos: tuple[int, int] | None) -> None:
        """Say what the rules allow with the thing at `pos`."""
        state = self.session.view
        thing = self.asked_at(pos) if pos is not None and self.deciding else None  # type: ignore[attr-defined]
        found = self.answer_for(thing[0]) if thing is not None else None
        if thing is None or found is None:
            self.why_not.show(lambda: t("penk.why_not.nothing"), False, None)
        else:
            self.why_not.show(lambda: found.text(state), found.action is not None, thing[1])
        self.app.play("click")
        self.app.request_draw()

    def explain_refusal(self, asked: Asked, near: pygame.Rect) -> None:
        """A click that did nothing: the engine's reason beside it (the notice line)."""
        state = self.session.view
        found = self.answer_for(asked)
        if found is not None and found.action is None:
            self.refuse(lambda: found.text(state), near)  # type: ignore[attr-defined]

    def guide_allows(self, action: Any, near: pygame.Rect | None) -> bool:
        """In the guided game only the lesson's move goes ahead; another is refused kindly."""
        if self.guide is None or self.guide.allows(action):
            return True
        self.refuse(self.guide.refusal, near)  # type: ignore[attr-defined]
        return False

    # -- the scene's hooks ---------------------------------------------------------------------------
    def handle_help(self, intent: Intent) -> bool:
        if intent.action == Key.POINTER_MOVE and intent.pos is not None:
            self.pointer = intent.pos
        if intent.action == Key.HINT:
            self.hint()
            return True
        if intent.action == Key.ODDS:
            self.odds.toggle()
            return True
        if intent.action == Key.WHY_NOT:
            focused = self.focus.focused
            keys = focused.rect.center if focused is not None and intent.pos is None else None
            self.ask_why_not(intent.pos or keys or self.pointer)
            return True
        return False

    def update_help(self, dt: float) -> None:
        self.hint_button.enabled = self.deciding  # type: ignore[attr-defined]
        seat = self.session.view.active if self.deciding else None  # type: ignore[attr-defined]
        arrived = self.odds.ask(self.session.view, seat, self.dice.picked_faces())
        if self.hints.poll() | self.why_not.update(dt) | arrived:
            self.app.request_draw()

    def odds_note(self, row: int, column: int) -> str:
        """The cell's odds in words, for its tip: the chance this turn and what circling adds."""
        if not self.odds.enabled or not self.deciding:  # type: ignore[attr-defined]
            return ""
        badges = [badge for badge in self.odds.badges if isinstance(badge, PenkBadge)]
        here = [badge for badge in badges if badge.target == (row, column)]
        words = [badge_words(badge) for badge in here]
        return "".join(" · " + text for text in words if text)

    def draw_odds(self, surface: pygame.Surface) -> None:
        """The odds on the large sheet (drawn under the controls' glows)."""
        if self.deciding and self.large == self.session.view.active:  # type: ignore[attr-defined]
            self.odds.draw_on(surface, self.large_geometry, self.layout["dice"])  # type: ignore[attr-defined]

    def draw_help(self, surface: pygame.Surface) -> None:
        if self.deciding:  # type: ignore[attr-defined]
            self.hint_button.draw(surface, self.hint_button is self.focus.focused)
        self.hints.draw(surface, self)
        self.why_not.draw(surface, self.layout["sheet"])
        if self.guide is not None:
            self.guide.draw(surface)

    @property
    def help_animating(self) -> bool:
        return self.hints.thinking or self.why_not.showing or self.odds.waiting or self.guide is not None
