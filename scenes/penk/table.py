"""The Penk! table: the deciding player's sheet large, the others small beside it, the six dice,
and the controls for what the engine asks of a human now.

A human picks dice (a click, or the keys): picked dice are rerolled with Reroll, or, when they form
a group, the cell they would circle glows with its value and Circle (or a click on that cell)
circles it. A click on any cell the dice can reach circles it with the fitting dice. A failed roll
asks for a column, whose die face and cells glow. Bots' moves and rolls are shown at the chosen
animation speed (TableBase's pacing), skipped by a click or Enter. The Penk! moment flashes the
completed line and draws the crosses on the other sheets.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.penk import (
    ROW_VALUES,
    SIZE,
    Action,
    Circle,
    Cross,
    End,
    IllegalActionError,
    Phase,
    Reroll,
    Roll,
    State,
    completed_lines,
    current_scores,
)
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.layout import layout
from scenes.core.routing import Resignation
from scenes.core.widgets import Button, FocusGroup, Widget
from scenes.model.gameconfig import GameConfig
from scenes.model.rulebooks import PENK_RULES
from scenes.model.session import GameSession
from scenes.model.slots import make_room
from scenes.penk.dice_row import DiceRow, take
from scenes.penk.marks import Mark, draw_marks, hidden_crosses
from scenes.penk.opening import TABLE, stage
from scenes.penk.table_help import TableHelp
from scenes.penk.turn_options import PenkOptions
from scenes.penk.why_not import Asked
from scenes.penk.words import header_words, move_words, seat_kind
from scenes.render.dice import ROLL_SECONDS
from scenes.render.penk_sheet import SheetGeometry, draw_glow, draw_sheet
from scenes.render.shapes import felt_backdrop, rounded_panel
from scenes.table.base import BOT_STEP_SECONDS, SPEED_WIDTH, TableBase
from scenes.table.spots import Spot

if TYPE_CHECKING:
    from scenes.core.stack import Host

PENK_SECONDS = 1.4  # the completed line flashes, then the crosses are drawn
GLOW_OK = (110, 210, 130)
GLOW_NO = (230, 90, 80)
REACHABLE = (120, 190, 240)
LOG_LINE = 26  # pixels per line of the latest moves
TITLE_ROOM, KIND_ROOM = 30, 18  # a side panel's name line and its bot line above the sheet


def bit(row: int, column: int) -> int:
    return 1 << ((row - 1) * SIZE + column - 1)


class PenkTableScene(TableHelp, TableBase):
    name = TABLE

    def __init__(self, app: Host, session: GameSession) -> None:
        super().__init__(app, session)
        self.layout = layout("penk")
        self.notice_top = self.layout["dice"].top
        self.dice = DiceRow(self.layout["dice"])
        self.large = self._decider_or_first()  # whose sheet is large
        self.marks: list[Mark] = []
        self.note: Callable[[], str] | None = None  # the last bot move or the Penk! banner
        self.banner = 0.0  # the Penk! banner's life (1 -> 0)
        self.seen: State | None = None
        self.passed_to: int | None = None  # the human the screen was last passed to
        self._legal: tuple[State | None, list[Action]] = (None, [])
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))
        self._build_controls()
        self.build_help()  # the Hint (table_help.py)
        self._sync()

    # -- controls ------------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        area = self.layout["controls"]
        width = (area.width - 3 * 12) // 4
        boxes = [pygame.Rect(area.x + i * (width + 12), area.y, width, area.height) for i in range(4)]
        self.reroll_button = Button(
            boxes[0], self._reroll_label, self.reroll, hint=lambda: t("penk.reroll.hint"), size=20
        )
        self.circle_button = Button(
            boxes[1],
            lambda: t("penk.circle"),
            self.circle,
            hint=lambda: t("penk.circle.hint"),
            primary=True,
            size=20,
        )
        self.end_button = Button(
            boxes[2], lambda: t("penk.end"), self.end_turn, hint=lambda: t("penk.end.hint"), size=20
        )
        self.undo_button = Button(
            boxes[3], lambda: t("penk.undo"), self.undo, hint=lambda: t("penk.undo.hint"), size=20
        )
        self.reroll_button.disabled_reason = self._why_no_reroll
        self.circle_button.disabled_reason = lambda: t("penk.circle.none")
        self.end_button.disabled_reason = lambda: t("penk.end.not_yet")
        self.undo_button.disabled_reason = lambda: t("penk.undo.none")
        self.die_spots = [
            Spot(self.dice.rect(place), self._toggler(place), lambda: t("penk.die.hint"))
            for place in range(6)
        ]
        geometry = self.large_geometry
        self.cell_spots = {
            (row, column): Spot(
                geometry.cell_rect(row, column), self._cell_presser(row, column), self._cell_hint(row, column)
            )
            for row in range(1, SIZE + 1)
            for column in range(1, SIZE + 1)
        }
        self.column_spots = {
            column: Spot(
                geometry.header_rect(column), self._column_presser(column), lambda: t("penk.cross.hint")
            )
            for column in range(1, SIZE + 1)
        }
        buttons: list[Widget] = [self.reroll_button, self.circle_button, self.end_button, self.undo_button]
        self.focus.widgets = [
            *self.die_spots,
            *buttons,
            *self.column_spots.values(),
            *self.cell_spots.values(),
        ]
        self.focus.focus(self.die_spots[0])

    @property
    def large_geometry(self) -> SheetGeometry:
        return SheetGeometry(self.layout["sheet"])

    def _toggler(self, place: int) -> Callable[[], None]:
        return lambda: self.toggle(place)

    def _cell_presser(self, row: int, column: int) -> Callable[[], None]:
        return lambda: self.press_cell(row, column)

    def _column_presser(self, column: int) -> Callable[[], None]:
        return lambda: self.cross(column)

    def _cell_hint(self, row: int, column: int) -> Callable[[], str]:
        return lambda: (
            t("penk.cell.hint", row=row, column=column, value=ROW_VALUES[row - 1])
            + self.odds_note(row, column)
        )

    def _reroll_label(self) -> str:
        left = max(0, 3 - self.session.view.rolls)
        return t("penk.reroll", left=left)

    def _why_no_reroll(self) -> str:
        state = self.session.view
        if state.phase is Phase.CIRCLE:
            return t("penk.reroll.after_circle")
        if state.rolls >= 3:
            return t("penk.reroll.none_left")
        return t("penk.reroll.pick")

    # -- what the human may do now -----------------------------------------------------------------
    @property
    def deciding(self) -> bool:
        """A human decides and nothing is moving: the controls are live."""
        return self.session.human_to_decide and not self.paced and not self.dice.rolling

    def legal(self) -> list[Action]:
        """The human's legal actions now (asked of the engine once per state)."""
        if not self.session.human_to_decide:
            return []
        state = self.session.view
        if self._legal[0] is not state:
            self._legal = (state, self.session.legal())
        return self._legal[1]

    def options(self) -> PenkOptions:
        """What the human may do now, as plain data (turn_options.py)."""
        return PenkOptions(self.session.view, tuple(self.legal()), self.dice.picked_faces(), self.deciding)

    def picked_group(self) -> Circle | None:
        """The picked dice as a group, or None when they form none."""
        return self.options().group

    def circles(self) -> list[Circle]:
        return self.options().circles

    def failed(self) -> bool:
        return self.options().failed

    def _refresh_controls(self) -> None:
        options = self.options()
        self.reroll_button.enabled = options.can_reroll
        self.circle_button.enabled = options.can_circle
        self.end_button.enabled = options.can_end
        self.undo_button.enabled = options.live and self.session.can_undo
        for column, spot in self.column_spots.items():
            spot.visible = options.crossable(column)
        for place, spot in enumerate(self.die_spots):
            spot.visible = options.live and place in self.dice.free
        for spot in self.cell_spots.values():
            spot.visible = options.live

    # -- acting ------------------------------------------------------------------------------------
    def toggle(self, place: int) -> None:
        if not self.deciding:
            return
        self.dice.toggle(place)
        self._refresh_controls()
        self.app.request_draw()

    def reroll(self) -> None:
        picked = self.dice.picked_faces()
        if self.deciding and picked:
            self.play(Reroll(picked))

    def circle(self) -> None:
        group = self.picked_group()
        if self.deciding and group is not None:
            self.play(group)

    def end_turn(self) -> None:
        if self.deciding and self.session.view.phase is Phase.CIRCLE:
            self.play(End())

    def cross(self, column: int) -> None:
        if self.deciding:
            self.play(Cross(column), self.large_geometry.header_rect(column))

    def undo(self) -> None:
        if self.deciding and self.session.undo():
            self.dice.picked.clear()
            self.marks.clear()
            self.app.play("click")
            self._sync()

    def press_cell(self, row: int, column: int) -> None:
        """Circle this cell: with the picked dice if they are its group, else with fitting dice
        (after a failed roll: cross its column); what cannot be done says why (why_not.py)."""
        if not self.deciding:
            return
        geometry = self.large_geometry
        pressed = self.options().press_cell(row, column)
        if isinstance(pressed, Asked):
            where = geometry.cell_rect(row, column)
            self.explain_refusal(pressed, where)
        else:
            self.play(pressed, geometry.cell_rect(row, column))

    def play(self, action: Action, near: pygame.Rect | None = None) -> None:
        if not self.guide_allows(action, near):  # the guided game's lesson (table_help.py)
            return
        session = self.session
        before = session.view
        seat = before.active
        if isinstance(action, (Circle, Reroll)):
            places = self.places_of(action)
            if places is None:
                return
            self.dice.picked = set(places)
        try:
            session.play(action)
        except IllegalActionError:  # the controls offer legal moves only; this is a safety net
            self.refuse(lambda: t("penk.refuse.not_now"), near)
            return
        self.app.play("click")
        self.show_move(before, action, seat, bot=False)

    def places_of(self, action: Circle | Reroll) -> list[int] | None:
        faces = action.group if isinstance(action, Circle) else action.faces
        return take(self.dice.faces, faces, self.dice.free, self.dice.picked)

    # -- the game moving on ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.left:
            return
        self.banner = max(0.0, self.banner - dt / 2.5)
        self.move_game(held=self.dice.rolling)
        if self.session.human_to_decide and not self.paced:
            self._pass_screen()
        if self.session.view is not self.seen:
            self._sync()
        self._refresh_controls()
        self.update_help(dt)

    def follow(self) -> bool:
        if self.left or stage(self.session) == self.name:
            return False
        self.left = True
        self.app.go("table", self.session, how="replace", fade=False)
        return True

    def _pass_screen(self) -> None:
        """Couch play: with two or more people at the screen, it is handed to whoever decides."""
        seat = self.session.view.active
        if len(self.session.humans) < 2 or seat == self.passed_to:
            return
        self.passed_to = seat
        self.app.stack.push(self.app.scene("pass-device", self.session.name(seat)))

    def show_chance(self, before: State, action: Action) -> None:
        if not isinstance(action, Roll):
            return
        self.large = before.active
        if before.rolling == len(self.dice.faces):
            self.dice.faces = [0] * len(self.dice.faces)
            self.dice.used.clear()
        self.dice.throw(action.faces, self.tweens, seed=self.session.actions_played)
        self.app.play("dice_roll")
        self.hold(ROLL_SECONDS + 0.1)
        self.app.request_draw()

    def show_move(self, before: State, action: Action, seat: int, bot: bool) -> None:
        """Show a move where it happened; a bot's stays on screen for a moment."""
        after = self.session.view
        self.large = seat
        if isinstance(action, Reroll):
            self.dice.lift_for_reroll(action.faces)
        elif isinstance(action, Circle):
            self.dice.used |= set(self.places_of(action) or [])
            self.dice.picked.clear()
            self._show_circle(before, after, action, seat)
        elif isinstance(action, Cross):
            column_mask = sum(bit(row, action.column) for row in range(1, SIZE + 1))
            new = after.sheets[seat].crossed & ~before.sheets[seat].crossed
            self._animate(Mark(seat, "column", column_mask), 0.9)
            self._animate(Mark(seat, "crosses", new), 0.9)
            self.app.play("card_slide")
        if bot:
            self.note = move_words(self.session.name(seat), action)
        pause = BOT_STEP_SECONDS if bot else 0.35
        if isinstance(action, Reroll):
            pause = BOT_STEP_SECONDS * 0.6 if bot else 0.0
        if any(mark.kind == "line" for mark in self.marks):
            pause = max(pause, PENK_SECONDS + 0.3)
        if pause:
            self.hold(pause)
        self._sync()

    def _show_circle(self, before: State, after: State, action: Circle, seat: int) -> None:
        row, column = action.cell
        self._animate(Mark(seat, "cell", bit(row, column)), 0.6)
        lines = completed_lines(before.sheets[seat], after.sheets[seat])
        if not lines:
            return
        self._animate(Mark(seat, "line", lines), PENK_SECONDS)
        for other, sheet in enumerate(after.sheets):
            new = sheet.crossed & ~before.sheets[other].crossed
            if other != seat and new:
                mark = Mark(other, "crosses", new)
                self.marks.append(mark)
                self.tweens.animate(
                    mark, 0.8, "linear", partial(self._drop, mark), delay=PENK_SECONDS * 0.6, progress=1.0
                )
        name = self.session.name(seat)
        self.note = lambda: t("penk.penk", name=name)
        self.banner = 1.0
        self.app.play("card_slide")

    def _animate(self, mark: Mark, seconds: float) -> None:
        self.marks.append(mark)
        self.tweens.animate(mark, seconds, "linear", lambda: self._drop(mark), progress=1.0)

    def _drop(self, mark: Mark) -> None:
        if mark in self.marks:
            self.marks.remove(mark)
        self.app.request_draw()

    def _decider_or_first(self) -> int:
        state = self.session.view
        return int(state.active if not state.is_over else state.first)

    def _sync(self) -> None:
        """The state changed: the dice and the controls follow it."""
        state = self.session.view
        self.seen = state
        if not self.paced and not state.is_over:
            self.large = state.active
        if state.phase is not Phase.ROLL or not self.paced:  # a finished turn's dice stay while shown
            self.dice.sync(state.dice, state.used, self.dice.rolling)
        self.scores = current_scores(state)
        self._refresh_controls()
        self.app.request_draw()

    # -- input -------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if self.handle_help(intent) or self.handle_common(intent):
            return
        busy = self.paced or self.dice.rolling or not self.session.human_to_decide
        if busy and intent.action in (Key.CONFIRM, Key.POINTER_UP):
            self.skip()  # a click or Enter finishes what is shown
            self.app.request_draw()
            return
        if intent.action in (Key.ERASE, Key.UNDO):
            self.undo()
            return
        if self.focus.handle(intent):
            self._refresh_controls()
            self.app.request_draw()

    # -- pause menu: the first game's hooks, for Penk! ---------------------------------------------
    def _restart_now(self) -> None:
        old = self.session
        make_room(old.save_path)  # the replaced game goes into the archive, as New game does
        config = GameConfig(old.seats, old.first_seat)
        session = GameSession.start(config, save_path=old.save_path, context=old.context, rules=PENK_RULES)
        self.app.go("table", session, how="replace")

    def _resign_now(self) -> None:
        self.app.go("penk-resigned", self.session, Resignation(), how="replace")

    def _game_words(self) -> str:
        names = ", ".join(seat.name for seat in self.session.seats)
        return t("penk.game_words", names=names, round=self.session.view.round)

    def speed_rect(self) -> pygame.Rect | None:
        header = self.layout["header"]
        return pygame.Rect(header.right - SPEED_WIDTH, header.y + 4, SPEED_WIDTH, header.height - 8)

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        state = self.session.view
        self._draw_header(surface, state)
        self._draw_large(surface, state)
        self._draw_others(surface, state)
        rounded_panel(
            surface, self.layout["dice"], (18, 52, 46), radius=18, border=(44, 96, 84), border_width=3
        )
        self.dice.draw(surface)
        self.draw_odds(surface)
        self._draw_prompt(surface, state)
        if self.deciding:
            for button in (self.reroll_button, self.circle_button, self.end_button, self.undo_button):
                button.draw(surface, button is self.focus.focused)
            focused = self.focus.focused
            if isinstance(focused, Spot) and focused.visible:
                focused.draw(surface, True)
        self._draw_hint(surface)
        self.draw_help(surface)
        self._draw_banner(surface)
        self.draw_notice(surface, self.layout["sheet"])

    def _draw_header(self, surface: pygame.Surface, state: State) -> None:
        header = self.layout["header"]
        rounded_panel(surface, header, theme.FELT_DARK, radius=12)
        text = header_words(self.session, state, self.large)
        fitted = fonts.line(text, 22, header.width - SPEED_WIDTH - 40, theme.CREAM, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(header.x + 16, header.centery)))
        self.draw_speed(surface)

    def seat_title(self, seat: int, state: State) -> str:
        first = " (!)" if seat == state.first else ""
        return t("penk.seat_title", name=self.session.name(seat) + first, points=self.scores[seat].total)

    def _draw_large(self, surface: pygame.Surface, state: State) -> None:
        seat = self.large
        title = self.layout["title"]
        pygame.draw.circle(surface, theme.SEAT_COLOURS[seat % 4], (title.x + 14, title.centery), 10)
        fitted = fonts.line(self.seat_title(seat, state), 24, title.width - 36, theme.CREAM, "black")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(title.x + 32, title.centery)))
        self._draw_sheet(surface, self.large_geometry, seat, state)
        if seat == state.active and self.deciding:
            self._draw_glows(surface, state)

    def _draw_sheet(self, surface: pygame.Surface, geometry: SheetGeometry, seat: int, state: State) -> None:
        sheet = state.sheets[seat]
        hidden = hidden_crosses(self.marks, seat)
        if hidden:
            sheet = type(sheet)(sheet.circled, sheet.crossed & ~hidden)
        draw_sheet(surface, geometry.rect, sheet, self.scores[seat])
        draw_marks(surface, geometry, self.marks, seat)

    def _draw_glows(self, surface: pygame.Surface, state: State) -> None:
        geometry = self.large_geometry
        options = self.options()
        if options.failed:
            for column, spot in self.column_spots.items():
                if spot.visible:
                    draw_glow(surface, geometry.header_rect(column), GLOW_NO)
                    for row in range(1, SIZE + 1):
                        if state.sheet.is_clear(row, column):
                            pygame.draw.rect(
                                surface,
                                GLOW_NO,
                                geometry.cell_rect(row, column).inflate(-6, -6),
                                2,
                                border_radius=6,
                            )
            return
        for action in options.circles:
            box = geometry.cell_rect(*action.cell)
            pygame.draw.rect(surface, REACHABLE, box.inflate(-6, -6), 2, border_radius=6)
        group = options.group
        if group is not None:
            row, column = group.cell
            colour = GLOW_OK if group in options.legal else GLOW_NO
            draw_glow(surface, geometry.cell_rect(row, column), colour, f"+{ROW_VALUES[row - 1]}")

    def _draw_others(self, surface: pygame.Surface, state: State) -> None:
        area = self.layout["others"]
        seats = [seat for seat in range(state.players) if seat != self.large]
        width = area.width // max(1, len(seats))
        top = TITLE_ROOM + KIND_ROOM
        side = min(width - 22, area.height - top - 10)  # each sheet square, as large as the row allows
        for index, seat in enumerate(seats):
            box = pygame.Rect(area.x + index * width, area.y, width - 10, side + top + 10)
            rounded_panel(surface, box, (16, 48, 42), radius=14, border=(44, 96, 84), border_width=2)
            pygame.draw.circle(surface, theme.SEAT_COLOURS[seat % 4], (box.x + 16, box.y + 18), 7)
            fitted = fonts.line(self.seat_title(seat, state), 17, box.width - 36, theme.CREAM, "bold")
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(box.x + 30, box.y + 18)))
            kind = fonts.line(seat_kind(self.session, seat), fonts.LEGIBLE, box.width - 36, (170, 200, 190))
            if kind is not None:  # a bot says so under its name (a person's line stays empty)
                surface.blit(kind.surface, kind.surface.get_rect(midleft=(box.x + 30, box.y + 36)))
            sheet_box = pygame.Rect(0, box.y + top, side, side)
            sheet_box.centerx = box.centerx
            self._draw_sheet(surface, SheetGeometry(sheet_box), seat, state)
        log = pygame.Rect(area.x, area.y + side + 60, area.width - 10, area.bottom - area.y - side - 60)
        self._draw_log(surface, log)

    def _draw_log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The latest moves, newest first, in words (a resumed game shows its own too)."""
        lines = max(0, area.height // LOG_LINE)
        moves = [entry for entry in reversed(self.session.log) if entry.seat is not None][:lines]
        for index, entry in enumerate(moves):
            assert entry.seat is not None
            y = area.y + index * LOG_LINE + LOG_LINE // 2
            pygame.draw.circle(surface, theme.SEAT_COLOURS[entry.seat % 4], (area.x + 10, y), 6)
            text = move_words(self.session.name(entry.seat), entry.action)()
            fitted = fonts.line(text, 17, area.width - 28, theme.CREAM if index == 0 else (190, 214, 206))
            if fitted is not None:
                surface.blit(fitted.surface, fitted.surface.get_rect(midleft=(area.x + 24, y)))

    def _prompt(self, state: State) -> str:
        if self.note is not None and (self.paced or not self.session.human_to_decide):
            return self.note()
        if state.is_over or not self.session.human_to_decide:
            if self.session.thinking:
                return t("penk.prompt.thinking", name=self.session.name(state.active))
            return ""
        if self.dice.rolling:
            return ""
        key, arguments = self.options().prompt()
        return t(key, **arguments)

    def _draw_prompt(self, surface: pygame.Surface, state: State) -> None:
        area = self.layout["prompt"]
        text = self._prompt(state)
        if not text:
            return
        fitted = fonts.block(text, 20, (area.width - 16, area.height), theme.CREAM, "bold", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        area = self.layout["hint"]
        focused = self.focus.focused
        message = focused.tooltip() if self.deciding and focused is not None else t("penk.keys")
        fitted = fonts.block(message, 17, (area.width, area.height), theme.CREAM, "regular", "center")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(center=area.center))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner <= 0:
            return
        sheet = self.layout["sheet"]
        label = fonts.text("Penk!", 72, theme.FOCUS, "black")
        box = label.get_rect(center=sheet.center).inflate(40, 10)
        rounded_panel(surface, box, theme.FELT_DARK, radius=20, border=theme.FOCUS, border_width=3)
        surface.blit(label, label.get_rect(center=box.center))

    @property
    def animating(self) -> bool:
        return super().animating or self.banner > 0 or bool(self.marks) or self.help_animating
