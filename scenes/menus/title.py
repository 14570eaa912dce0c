"""The title screen: the game's name, the main menu, a fan of cards and a throw of the dice."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import COLOURS, standard_deck
from scenes.core import fonts, theme
from scenes.core.i18n import current_language, t, text_of
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button
from scenes.model.archive import has_archive
from scenes.model.games import GOENNEN_KOENNEN
from scenes.model.online.ticket import drop_stale, online_tickets
from scenes.model.slots import has_unfinished_game
from scenes.model.tutorial_session import answer_offer, should_offer
from scenes.render.cards import render_card
from scenes.render.dice import DiceRoll
from scenes.render.shapes import colour_chip, rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host

VERSION = "0.1.0"
CONTINUE_LIST = "continue"  # the route listing the saved games
NOTICE_TEXT_SIZE = 17  # a notice of two or three sentences wraps onto a few lines
NOTICE_SECONDS = 8.0  # how long a notice stays before it fades (whatever the animation speed)
NOTICE_FADE_SECONDS = 1.2
# The cards fanned out on the title: (card id, values written on it, completed)
SHOWCASE = (
    ("B06", (2, 4, None, None), False),
    ("S20", (2, 3, 4, 5), True),
    ("S07", (3, 3, None, 5, 5), False),
)


class TitleScene(MenuScene):
    layout_name = "title"
    name = "title"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.rng = random.Random()
        self.dice = DiceRoll(
            self.layout["dice"].inflate(-40, -50), size=70, glyphs=app.settings.colour_glyphs
        )
        self.dice.show((6, 5, 4, 3, 2))
        self.buttons: dict[str, Button] = {}
        self.offering = self._offers_tutorial()
        self._build_menu()
        self.notice_alpha = 255.0
        self.notice_shown = 0.0  # seconds the current notice has been up
        self._fan = pygame.Surface((1, 1))
        self._fan_key: tuple[bool, str] | None = None
        self._still = pygame.Surface((1, 1))
        self._still_key: tuple[bool, str, bool] | None = None

    def _offers_tutorial(self) -> bool:
        """The first start offers the guided game in the dice tray's place until answered."""
        return self.app.serves("tutorial") and should_offer()

    def _build_menu(self) -> None:
        gone = drop_stale()  # tables surely over: off the list, and the player is told which
        if gone:
            tables = "; ".join(", ".join(ticket.players) or ticket.name for ticket in gone)
            self.app.notice = t("continue.online.dropped", tables=tables)
        tables_waiting = bool(online_tickets())
        entries = [
            ("new_game", lambda: self._open("new-game"), True),
            ("solo", self._solo, True),
            ("online", lambda: self._open("online"), self.app.serves("online")),
            ("continue", self._continue, has_unfinished_game() or tables_waiting),
            ("rules", lambda: self._open("rules"), True),
            ("learn", self._learn, self.app.serves("tutorial")),
            ("settings", lambda: self._open("settings"), True),
            ("archive", lambda: self._open("archive"), has_archive() and self.app.serves("archive")),
            ("quit", self.app.quit, True),
        ]
        area = self.layout["menu"]
        shown = [entry for entry in entries if entry[2]]
        # the way on is drawn as the main button: Continue while a game is unfinished
        primary = "continue" if any(key == "continue" for key, _, _ in shown) else "new_game"
        gap = 10 if len(shown) < 7 else 6 if len(shown) < 9 else 4  # clear of the hint line
        height = min(46, (area.height + gap) // len(shown) - gap)
        self.focus.widgets.clear()
        self.buttons.clear()
        for index, (key, action, _shown) in enumerate(shown):
            rect = pygame.Rect(area.x, area.y + index * (height + gap), area.width, height)
            button = Button(
                rect,
                text_of(f"title.{key}"),
                action,
                hint=text_of(f"title.{key}.hint"),
                primary=key == primary,
                size=24,
            )
            self.buttons[key] = button
            self.focus.widgets.append(button)
        if self.offering:  # after the menu, so the menu's keys and Tab order stay as they are
            self.focus.widgets += self._offer_buttons()
        solo = self.buttons["solo"]
        solo.enabled = GOENNEN_KOENNEN.solo_route is not None and self.app.serves(GOENNEN_KOENNEN.solo_route)
        solo.disabled_reason = lambda: t("title.solo.unavailable")
        if "continue" in self.buttons:
            resume = self.buttons["continue"]
            routes = (CONTINUE_LIST, GOENNEN_KOENNEN.continue_route)
            resume.enabled = all(self.app.serves(route) for route in routes)
            resume.disabled_reason = lambda: t("title.continue.unavailable")
            self.focus.focus(resume)  # an unfinished game: Enter resumes it, not a new one

    def _offer_buttons(self) -> list[Button]:
        tray = self.layout["dice"]
        width = (tray.width - 3 * 20) // 2
        top = tray.bottom - 20 - 50
        learn = Button(
            pygame.Rect(tray.x + 20, top, width, 50),
            text_of("tutorial.offer.learn"),
            self._learn,
            primary=True,
            size=22,
        )
        skip = Button(
            pygame.Rect(tray.right - 20 - width, top, width, 50),
            text_of("tutorial.offer.skip"),
            self._skip,
            size=22,
        )
        self.buttons["offer_learn"], self.buttons["offer_skip"] = learn, skip
        return [learn, skip]

    def _learn(self) -> None:
        answer_offer()
        self._open("tutorial")

    def _skip(self) -> None:
        answer_offer()
        focused = self.focus.focused
        self.offering = False
        self.buttons.pop("offer_learn", None)
        self.buttons.pop("offer_skip", None)
        self.focus.widgets = [w for w in self.focus.widgets if w in self.buttons.values()]
        if focused not in self.focus.widgets:
            self.focus.focus(self.buttons["new_game"])
        self.app.request_draw()

    def enter(self) -> None:
        self.throw()
        self.notice_shown = 0.0

    def resume(self) -> None:
        # Settings may have changed (glyphs) and a game may have been saved meanwhile.
        self.dice.glyphs = self.app.settings.colour_glyphs
        focused = self.focus.focused
        key = next((k for k, b in self.buttons.items() if b is focused), "new_game")
        self.offering = self.offering and self._offers_tutorial()
        self._build_menu()
        if key in self.buttons:
            self.focus.focus(self.buttons[key])

    def update(self, dt: float) -> None:
        super().update(dt)
        self._age_notice(dt)

    def _age_notice(self, dt: float) -> None:
        """The notice stays NOTICE_SECONDS, then fades. A reading time, not an animation: kept out
        of the tweens, which the "instant" speed completes at once (it was gone before drawn)."""
        if not self.app.notice:
            self.notice_shown, self.notice_alpha = 0.0, 255.0
            return
        self.notice_shown += dt
        fading = (self.notice_shown - NOTICE_SECONDS) / NOTICE_FADE_SECONDS
        if fading >= 1.0:
            self.app.notice = None
            self.notice_shown, self.notice_alpha = 0.0, 255.0
            self.app.request_draw()
        elif fading > 0.0:
            self.notice_alpha = 255.0 * (1.0 - fading * fading)  # as the "in_quad" fade it replaces
            self.app.request_draw()

    def throw(self) -> None:
        values = [self.rng.randint(1, 6) for _ in COLOURS]
        self.dice.roll(values, self.tweens, seed=self.rng.randrange(1 << 30))
        self.app.play("dice_roll")

    def _open(self, route: str) -> None:
        self.app.go(route)

    def _solo(self) -> None:
        route = GOENNEN_KOENNEN.solo_route
        if route is not None and self.app.serves(route):
            self.app.go(route, how="replace")

    def _continue(self) -> None:
        """The saved games and online tables; with no saved game and a seat at one online table
        only, back to that table."""
        if not has_unfinished_game() and len(online_tickets()) == 1 and self.app.serves("online"):
            self.app.go("online", "back")
            return
        if self.app.serves(CONTINUE_LIST):
            self.app.go("continue")

    def handle(self, intent: Intent) -> None:
        if self.app.notice and intent.action in (Action.CONFIRM, Action.BACK) and self.notice_alpha > 0:
            self.app.notice = None
            return
        if intent.action == Action.BACK:
            self.focus.focus(self.buttons["quit"])  # Escape on the title points at Quit, no surprise exit
            return
        if (
            intent.action == Action.POINTER_UP
            and intent.pos
            and self.layout["dice"].collidepoint(intent.pos)
            and not self.dice.rolling
            and not self.offering
        ):
            self.throw()
            return
        self.focus.handle(intent)

    @property
    def animating(self) -> bool:
        return self.tweens.active

    def draw(self, surface: pygame.Surface) -> None:
        # Everything that does not move is composed once into one picture (redone on a language
        # or glyph change), so a frame is one copy plus the dice and the buttons.
        key = (self.app.settings.colour_glyphs, current_language(), self.offering)
        if self._still_key != key or self._still.get_size() != surface.get_size():
            self._still = self._compose_still(surface)
            self._still_key = key
        surface.blit(self._still, (0, 0))
        if not self.offering:  # the offer takes the dice tray's place
            self.dice.draw(surface)
        self.focus.draw(surface)
        self.draw_hint_line(surface)
        if self.app.notice:
            self._draw_notice(surface)

    def _compose_still(self, like: pygame.Surface) -> pygame.Surface:
        still = pygame.Surface(like.get_size()).convert(like)
        self.draw_backdrop(still)
        self._draw_logo(still)
        self._draw_cards(still)
        tray = self.layout["dice"]
        rounded_panel(still, tray, (18, 52, 46), radius=24, border=(44, 96, 84), border_width=3)
        if self.offering:
            room = (tray.width - 40, tray.height - 20 - 50 - 30)
            fitted = fonts.block(t("tutorial.offer"), 24, room, theme.CREAM, "bold", "center")
            if fitted is not None:
                spot = fitted.surface.get_rect(midtop=(tray.centerx, tray.y + 20))
                still.blit(fitted.surface, spot)
        area = self.layout["footer"]
        left = fonts.text(t("title.footer.credit", version=VERSION), 16, (170, 200, 190))
        still.blit(left, left.get_rect(midleft=area.midleft))
        right = fonts.text(t("title.footer.keys"), 16, (170, 200, 190))
        still.blit(right, right.get_rect(midright=area.midright))
        return still

    def _draw_logo(self, surface: pygame.Surface) -> None:
        area = self.layout["logo"]
        small = fonts.text(t("title.pretitle").upper(), 28, theme.FOCUS, "black")
        surface.blit(small, (area.x + 4, area.y + 6))
        name = t("title.name")
        size = fonts.fit_size(name, 92, area.width, "black")
        shadow = fonts.text(name, size, (8, 26, 22), "black")
        big = fonts.text(name, size, theme.CREAM, "black")
        spot = big.get_rect(topleft=(area.x, area.y + 38))
        surface.blit(shadow, spot.move(4, 5))
        surface.blit(big, spot)
        chip = 34
        for index, colour in enumerate(COLOURS):
            surface.blit(
                colour_chip(colour, chip), (area.x + 4 + index * (chip + 10), area.bottom - chip - 4)
            )
        tagline = self.layout["tagline"]
        label = fonts.text(
            t("title.tagline"), fonts.fit_size(t("title.tagline"), 24, tagline.width), theme.CREAM
        )
        surface.blit(label, label.get_rect(midleft=tagline.midleft))

    def _draw_cards(self, surface: pygame.Surface) -> None:
        area = self.layout["cards"]
        key = (self.app.settings.colour_glyphs, current_language())
        if self._fan_key != key:
            self._fan = _card_fan(area.size, self.app.settings.colour_glyphs)
            self._fan_key = key
        surface.blit(self._fan, area)

    def draw_hint_line(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The focused button's hint under the menu; returns where it went."""
        hint = self.focus.focused.tooltip() if self.focus.focused else ""
        if hint:
            colour = theme.FOCUS if self.focus.focused and not self.focus.focused.enabled else theme.CREAM
            menu, footer = self.layout["menu"], self.layout["footer"]
            fitted = fonts.line(hint, 18, self.layout["dice"].x - menu.x - 16, colour)
            if fitted is None:
                return None
            label = fitted.surface
            bottom = max(b.rect.bottom for b in self.buttons.values())
            # below the buttons, but clear of the footer's line (seven buttons leave little room)
            top = min(bottom + 12, footer.y + (footer.height - 16) // 2 - label.get_height() - 4)
            return surface.blit(label, (menu.x, top))
        return None

    def _draw_notice(self, surface: pygame.Surface) -> None:
        """The notice in the layout's region, wrapped; a long one grows the panel downwards."""
        area = self.layout["notice"]
        message = self.app.notice or ""
        size = NOTICE_TEXT_SIZE
        text = fonts.paragraph(message, size, area.width - 30, theme.WHITE, "bold", "center")
        panel = pygame.Surface((area.width, max(area.height, text.get_height() + 16)), pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.WARNING, 235), panel.get_rect(), border_radius=12)
        panel.blit(text, text.get_rect(center=panel.get_rect().center))
        panel.set_alpha(round(self.notice_alpha))
        surface.blit(panel, area)


def _card_fan(size: tuple[int, int], glyphs: bool) -> pygame.Surface:
    """The showcase cards, turned and shadowed, composed once onto one surface."""
    fan = pygame.Surface(size, pygame.SRCALPHA)
    deck = standard_deck()
    centre_x, centre_y = size[0] // 2, size[1] // 2
    for (card_id, values, done), angle, offset in zip(SHOWCASE, (11, 0, -11), (-135, 0, 135), strict=True):
        card = render_card(deck[card_id], (192, 269), values, completed=done, glyphs=glyphs)
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        shadow = pygame.mask.from_surface(turned).to_surface(setcolor=(0, 0, 0, 90), unsetcolor=(0, 0, 0, 0))
        lift = 26 if angle == 0 else 0
        spot = turned.get_rect(center=(centre_x + offset, centre_y + 20 - lift))
        fan.blit(shadow, spot.move(6, 10))
        fan.blit(turned, spot)
    return fan
