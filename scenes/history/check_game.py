"""Check this game: an overlay over an archived online game's replay (route "check-game") that
recomputes every roll, draw and the start player from the key the table revealed at the end
(scenes/model/online_games.py, on a thread of its own: some 30 ms on a long game), and says what it
found in a player's words: every roll follows from the key the table committed to at the start, or
the first action that does not, with what the log says and what the key gives. A table among
friends says plainly that the host's computer held the key during the game. Escape, C, Enter on
Close or a click beside the panel closes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.goennen.engine import Draw, Roll
from game.penk import Roll as PenkRoll
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.stack import Scene
from scenes.core.widgets import Button, FocusGroup
from scenes.model import online_games
from scenes.model.online_games import CheckJob, CheckReport
from scenes.model.replay import Replay
from scenes.penk.words import dice_words
from scenes.render.card_names import name_of
from scenes.render.shapes import dim, rounded_panel
from scenes.table.words import roll_words

if TYPE_CHECKING:
    from scenes.core.stack import Host

SCREEN = pygame.Rect(0, 0, 1280, 720)
WIDTH = 840  # the panel's; its height follows the message (at most MESSAGE_ROOM of text)
MARGIN = 40
HEADING_HEIGHT = 56
MESSAGE_ROOM = 330
BUTTON = (290, 56)
MESSAGE_SIZE = 22


class CheckScene(Scene):
    """The check of one archived online game, shown over its replay."""

    transparent = True
    name = "check-game"

    def __init__(self, app: Host, replay: Replay) -> None:
        super().__init__(app)
        self.replay = replay
        self.job = CheckJob(replay.session.to_data())
        self.panel = pygame.Rect(0, 0, WIDTH, 300)
        close = pygame.Rect(0, 0, *BUTTON)  # placed under the message as it is drawn
        self.close_button = Button(close, lambda: t("check.close"), self.close, primary=True, size=24)
        self.focus = FocusGroup([self.close_button], on_activate=lambda: app.play("click"))
        self.appear = 0.0
        self._shown = False  # the finished check drawn once (the idle loop draws only on request)

    def enter(self) -> None:
        self.tweens.animate(self, 0.15, "out_cubic", appear=1.0)

    def close(self) -> None:
        self.app.stack.pop()

    @property
    def report(self) -> CheckReport | None:
        return self.job.report if self.job.done else None

    @property
    def animating(self) -> bool:
        return self.tweens.active or not self.job.done  # frames go on until the check is done

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.job.done and not self._shown:
            self._shown = True
            self.app.request_draw()

    def handle(self, intent: Intent) -> None:
        if intent.action in (Action.BACK, Action.MENU, Action.CHECK):
            self.app.play("click")
            self.close()
            return
        outside = intent.pos is not None and not self.panel.collidepoint(intent.pos)
        if intent.action == Action.POINTER_UP and outside:
            self.close()
            return
        self.focus.handle(intent)

    def message(self) -> str:
        report = self.report
        if report is None:
            return t("check.running")
        return report_words(report, self.replay)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, round(170 * self.appear))
        report = self.report
        fitted = fonts.block(self.message(), MESSAGE_SIZE, (WIDTH - 2 * MARGIN, MESSAGE_ROOM), theme.CREAM)
        text_height = fitted.surface.get_height() if fitted is not None else 0
        # the panel as tall as its message, centred: no empty half-panel under a short verdict
        height = 22 + HEADING_HEIGHT + 12 + text_height + 24 + BUTTON[1] + 24
        self.panel = pygame.Rect(0, 0, WIDTH, height)
        self.panel.center = SCREEN.center
        self.close_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - 24)
        border = theme.FOCUS if report is None or report.ok else FAILED
        rounded_panel(surface, self.panel, (16, 48, 42), radius=24, border=border, border_width=3, shadow=18)
        heading = pygame.Rect(self.panel.x + MARGIN, self.panel.y + 22, WIDTH - 2 * MARGIN, HEADING_HEIGHT)
        title = t("check.heading")
        if report is not None:
            title = t("check.heading.ok") if report.ok else t("check.heading.failed")
        label = fonts.text(title, fonts.fit_size(title, 34, heading.width, "black"), theme.CREAM, "black")
        surface.blit(label, label.get_rect(midleft=heading.midleft))
        if fitted is not None:
            surface.blit(fitted.surface, (heading.x, heading.bottom + 12))
        self.focus.draw(surface)


FAILED = (226, 104, 84)  # the panel's border when a step does not follow


def report_words(report: CheckReport, replay: Replay) -> str:
    """What the check found, in a player's words; a table among friends says who held the key."""
    found = report.found
    if found == online_games.OK:
        words = t("check.ok")
    elif found == online_games.UNFINISHED:
        words = t("check.unfinished", steps=report.step or 0)
    elif found == online_games.COMMITMENT:
        words = t("check.commitment")
    elif found == online_games.START:
        words = t(
            "check.start",
            logged=_seat_name(replay, report.logged),
            expected=_seat_name(replay, report.expected),
        )
    elif found == online_games.CHANCE and report.step is not None:
        step = report.step
        words = "\n".join(  # the two outcomes on lines of their own, to compare at a glance
            [
                t("check.chance", step=step + 1, name=_chance_owner(replay, step)),
                t("check.logged", logged=_chance_words(replay, step, report.logged)),
                t("check.expected", expected=_chance_words(replay, step, report.expected)),
            ]
        )
    elif found == online_games.ILLEGAL and report.step is not None:
        words = t("check.illegal", step=report.step + 1, logged=str(report.logged))
    elif found == online_games.NO_KEY:
        words = t("check.no_key")
    else:
        words = t("check.damaged")
    held = t("check.host") if report.host_mode else t("check.server")
    return f"{words}\n\n{held}"


def _seat_name(replay: Replay, seat: Any) -> str:
    players = len(replay.session.seats)
    return replay.session.name(seat) if type(seat) is int and 0 <= seat < players else "?"


def _chance_owner(replay: Replay, step: int) -> str:
    """Whose roll or draw the step was: the seat whose turn it was."""
    state = replay.state(step)
    active = getattr(state, "active", None)
    return _seat_name(replay, active)


def _chance_words(replay: Replay, step: int, action: Any) -> str:
    """A roll with each die (the first game's colours), or the card drawn, by its name."""
    if isinstance(action, Roll):
        return t("check.roll", faces=roll_words(action))
    if isinstance(action, PenkRoll):
        return t("check.roll", faces=dice_words(action.faces))
    if isinstance(action, Draw):
        state = replay.state(step)
        return t("check.draw", card=name_of(action.card, state.card))
    return str(action)
