"""The new-game screen: which game (Gönnen Können or Penk!), 1 to 4 seats, each a named human or a
bot (easy, normal, hard), and who starts.

Start hands a GameConfig to the chosen game's new-game route; until one is registered the button
stays disabled and says why. Each game has its own save slot, and Start asks before replacing it.
The setup started last, game included, is offered again (scenes/model/last_setup.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes.core import theme
from scenes.core.confirm import Confirmation, ask
from scenes.core.i18n import in_every_language, t
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button, Choice, TextField, Widget
from scenes.menus.slot_words import replace_button, replace_question
from scenes.model.gameconfig import BOT_LEVELS, GameConfig, SeatConfig, SeatKind
from scenes.model.games import GAMES, GOENNEN_KOENNEN, PENK_GAME, GameInfo
from scenes.model.last_setup import SEAT_OPTIONS, LastSetup, load_last_setup, save_last_setup
from scenes.model.slots import new_game_slot, occupant
from scenes.penk.tutorial_opening import offer_penk_tutorial

if TYPE_CHECKING:
    from scenes.core.stack import Host

MAX_SEATS = GOENNEN_KOENNEN.max_seats
DEFAULT_OPTIONS = ("human", "normal", "off", "off")
BOT_NAMES = ("Ada", "Bruno", "Clara", "Dora")  # names that read the same in every language


class NewGameScene(MenuScene):
    layout_name = "newgame"
    name = "newgame"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        last = load_last_setup()
        keys = [info.key for info in GAMES]
        self.game = Choice(
            self.layout["game"].inflate(-160, 0),
            lambda: t("newgame.game"),
            lambda: [info.name for info in GAMES],
            keys.index(last.game) if last is not None and last.game in keys else 0,
            lambda _index: self._game_changed(),
            hint=lambda: t("newgame.game.hint"),
        )
        area = self.layout["seats"]
        row_height = area.height // MAX_SEATS
        self.kinds: list[Choice] = []
        self.names: list[TextField] = []
        self.seat_options: list[tuple[str, ...]] = []
        defaults = last.options if last is not None else DEFAULT_OPTIONS
        for seat in range(MAX_SEATS):
            top = area.y + seat * row_height + 12
            options = SEAT_OPTIONS if seat else SEAT_OPTIONS[1:]
            start = options.index(defaults[seat])
            kind = Choice(
                pygame.Rect(area.x + 90, top, 430, row_height - 24),
                lambda: "",
                self._seat_labels(options),
                start,
                self._on_kind_change(seat),
                hint=lambda: t("newgame.seat.hint"),
            )
            self.seat_options.append(options)
            name = TextField(
                pygame.Rect(area.x + 560, top, 480, row_height - 24),
                self._shown_name(seat, last.names[seat], defaults[seat])
                if last is not None
                else self._default_name(seat, defaults[seat]),
                lambda _value: self._refresh(),
                hint=lambda: t("newgame.name.hint"),
            )
            self.kinds.append(kind)
            self.names.append(name)
        row = self.layout["start_player"]
        self.start_player = Choice(
            pygame.Rect(area.x + 80, row.y + 4, 960, row.height - 8),
            lambda: t("newgame.start_player"),
            self._start_player_options,
            last.start_player if last is not None else 0,
            lambda _index: None,
            hint=lambda: t("newgame.start_player.hint"),
        )
        self.back_button = Button(
            self.layout["back"], lambda: t("common.back"), self.back, hint=lambda: t("common.back.hint")
        )
        self.start_button = Button(
            self.layout["start"],
            lambda: t("newgame.start"),
            self.start,
            primary=True,
            # Penk! deals no cards: each game's own words for its start
            hint=lambda: t(
                "newgame.start.hint" if self.info.key == GOENNEN_KOENNEN.key else "newgame.start.hint.penk"
            ),
        )
        self.start_button.disabled_reason = self._why_not_startable
        widgets: list[Widget] = []
        for kind, name in zip(self.kinds, self.names, strict=True):
            widgets += [kind, name]
        self.focus.widgets = [self.game, *widgets, self.start_player, self.back_button, self.start_button]
        self.focus.focus(self.kinds[0])
        self._refresh()

    # -- the configuration ----------------------------------------------------------------------
    @property
    def info(self) -> GameInfo:
        """The game chosen."""
        return GAMES[self.game.index]

    def seat_mark(self, seat: int) -> tuple[int, int, int]:
        """The colour a row's badge shows: the one the seat has at the table (the seated rows are
        its seats, in order), grey for an empty seat."""
        seated = self.seated()
        return theme.SEAT_COLOURS[seated.index(seat) % 4] if seat in seated else (70, 92, 88)

    def seat_option(self, seat: int) -> str:
        return self.seat_options[seat][self.kinds[seat].index]

    def seated(self) -> list[int]:
        return [seat for seat in range(MAX_SEATS) if self.seat_option(seat) != "off"]

    def config(self) -> GameConfig:
        seats = []
        for seat in self.seated():
            option = self.seat_option(seat)
            name = self.names[seat].value.strip()
            if option == "human":
                seats.append(SeatConfig(name, SeatKind.HUMAN))
            else:
                seats.append(SeatConfig(name, SeatKind.BOT, option if option in BOT_LEVELS else "normal"))
        choice = self.start_player.index
        return GameConfig(tuple(seats), None if choice == 0 else choice - 1)

    @staticmethod
    def _seat_labels(options: tuple[str, ...]) -> Callable[[], list[str]]:
        return lambda: [t(f"newgame.seat.{option}") for option in options]

    def _on_kind_change(self, seat: int) -> Callable[[int], None]:
        return lambda _index: self._kind_changed(seat)

    def _default_name(self, seat: int, option: str) -> str:
        return t("newgame.default_name", number=seat + 1) if option == "human" else BOT_NAMES[seat]

    def _is_default(self, seat: int, name: str) -> bool:
        """Whether `name` is a seat's default: a bot's, or a human's in any language (the last
        setup may have been made in another one)."""
        return name == BOT_NAMES[seat] or name in in_every_language("newgame.default_name", number=seat + 1)

    def _shown_name(self, seat: int, kept: str, option: str) -> str:
        """The last setup's name, or the default in today's language if it was a default."""
        return self._default_name(seat, option) if self._is_default(seat, kept) else kept

    def _kind_changed(self, seat: int) -> None:
        # A name still at a default follows the kind (Player 2 <-> Bruno); a typed name stays.
        name = self.names[seat]
        if self._is_default(seat, name.value):
            name.value = self._default_name(seat, self.seat_option(seat))
        self._refresh()

    def _start_player_options(self) -> list[str]:
        names = [self.names[seat].value.strip() or "?" for seat in self.seated()]
        return [t("newgame.start_player.random"), *names]

    def _why_not_startable(self) -> str:
        if not self.app.serves(self.info.new_game_route):
            return t("newgame.start.unavailable")
        if len(self.seated()) < self.info.min_seats:
            return t("newgame.start.too_few", game=self.info.name, count=self.info.min_seats)
        options = [self.seat_option(seat) for seat in self.seated()]
        if any(option in BOT_LEVELS and option not in self.info.bot_levels for option in options):
            return t("newgame.start.no_such_bot", game=self.info.name)
        names = [self.names[seat].value.strip() for seat in self.seated()]
        if any(not name for name in names):
            return t("newgame.start.name_missing")
        if len(set(n.casefold() for n in names)) != len(names):
            return t("newgame.start.names_twice")
        return ""

    def _game_changed(self) -> None:
        self._refresh()
        if self.info is PENK_GAME:  # Penk! chosen the first time: its guided game
            offer_penk_tutorial(self.app)

    def _refresh(self) -> None:
        seated = self.seated()
        for seat, name in enumerate(self.names):
            name.enabled = seat in seated
        self.start_player.index = min(self.start_player.index, len(seated))
        self.start_button.enabled = not self._why_not_startable()

    def start(self) -> None:
        """The start_game hook: hand the configuration to the registered table scene."""
        if not self.app.serves(self.info.new_game_route) or not self.start_button.enabled:
            return
        config = self.config()
        occupied = occupant(new_game_slot(self.info.key))
        if occupied is None:
            self._start(config)
            return
        ask(
            self.app,
            Confirmation(
                lambda: replace_question(occupied), replace_button(occupied), lambda: self._start(config)
            ),
        )

    def _start(self, config: GameConfig) -> None:
        options = tuple(self.seat_option(seat) for seat in range(MAX_SEATS))
        names = tuple(name.value for name in self.names)
        save_last_setup(LastSetup(options, names, self.start_player.index, self.info.key))
        self.app.go(self.info.new_game_route, config, how="replace")

    def resume(self) -> None:
        self._refresh()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_heading(surface, t("newgame.title"))
        area = self.draw_rows(surface)
        row_height = area.height // MAX_SEATS
        for seat in range(MAX_SEATS):
            centre = (area.x + 44, area.y + seat * row_height + row_height // 2)
            mark = self.seat_mark(seat)
            self.draw_seat_badge(surface, centre, mark, seat)
            if seat < MAX_SEATS - 1:
                y = area.y + (seat + 1) * row_height
                pygame.draw.line(surface, (44, 96, 84), (area.x + 10, y), (area.right - 10, y), 1)
        self.focus.draw(surface)
        self.focus.draw_hint(surface, self.layout["hint"])
