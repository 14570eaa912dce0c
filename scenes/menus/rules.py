"""The rules reference: the game's rules in its own words, page by page, with example cards; then
Penk!'s rules, with an example sheet and its dice.

Text comes from the catalogues (rules.<page>.title / .body), so it follows the language setting;
the pictures are drawn by the card and dice renderers. Left/right, Page Up/Down, the shoulder
buttons, the mouse wheel and the two buttons turn the pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import COLOURS, CardKind, standard_deck
from game.penk import State as PenkState
from game.penk import current_scores, new_game, read_sheet
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action, Intent
from scenes.core.menu import MenuScene
from scenes.core.widgets import Button
from scenes.render.cards import card_back, render_card
from scenes.render.dice import die_face, penk_face
from scenes.render.penk_sheet import draw_sheet
from scenes.render.shapes import rounded_panel

if TYPE_CHECKING:
    from scenes.core.stack import Host


@dataclass(frozen=True)
class CardPicture:
    card_id: str
    values: tuple[int | None, ...] = ()
    used: int = 0
    completed: bool = False


@dataclass(frozen=True)
class Page:
    key: str  # rules.<key>.title and rules.<key>.body in the catalogues
    cards: tuple[CardPicture, ...] = ()
    dice: tuple[int, ...] = ()  # a row of the five dice (yellow..purple) showing these values
    extra: str = ""  # "backs": the two decks; "display": a 3x3 display; "levels": the solo table
    penk_dice: tuple[int, ...] = ()  # Penk!'s dice (6: the jolly)
    sheet: str = ""  # a Penk! sheet: rows of 'o' circled, 'x' crossed, '.' clear, '/' between rows


PAGES: tuple[Page, ...] = (
    Page(
        "goal",
        cards=(CardPicture("S17", (1, 2, 3, 5, 6), completed=True), CardPicture("B06", (2, None, 5, None))),
    ),
    Page("setup", extra="backs"),
    Page("turn", dice=(3, 3, 5, 3, 1)),
    Page(
        "tasks",
        cards=(
            CardPicture("S01", (1, 2, 4, 5, 6), completed=True),
            CardPicture("S07"),
            CardPicture("S06", (3, None, None, None)),
            CardPicture("S05"),
        ),
    ),
    Page(
        "complete",
        cards=(CardPicture("B02", (1, 3, 4, 6), completed=True), CardPicture("S09", (None, 6, 6, None))),
        dice=(5, 1, 6, 2, 6),
    ),
    Page("market", dice=(4, 4, 2, 4, 6), extra="market"),
    Page(
        "passive",
        cards=(CardPicture("S14", (1, None, 4, 5, None)), CardPicture("B18", (None, None, 2, None))),
    ),
    Page("chance", dice=(2, 5, 5, 1, 3), extra="backs"),
    Page(
        "bonus",
        cards=(
            CardPicture("B01", (2, 5, 5, 5), used=1, completed=True),
            CardPicture("B06"),
            CardPicture("B10"),
            CardPicture("B14"),
            CardPicture("B17"),
        ),
    ),
    Page("scoring1", cards=(CardPicture("S02"), CardPicture("S06"), CardPicture("S11"), CardPicture("S16"))),
    Page("scoring2", cards=(CardPicture("S20"), CardPicture("S23"), CardPicture("S26"))),
    Page("end", extra="display"),
    Page("solo", extra="levels"),
    Page("penk_sheet", penk_dice=(1, 2, 3, 4, 5, 6), sheet="o.o.o/..o../...../...../....."),
    Page("penk_turn", penk_dice=(4, 4, 6, 2, 2, 5), sheet="...o./.o.../...../...../....."),
    Page("penk_penk", penk_dice=(3, 3, 3, 3, 6, 1), sheet="..o../..o../..o../..o../..o.."),
    Page("penk_end", sheet="oo.ox/.ooox/o.oox/...xx/...xx"),
)

PENK_FIRST_PAGE = next(index for index, page in enumerate(PAGES) if page.key.startswith("penk_"))
SOLO_LEVELS = ((1, 15, 90), (2, 14, 86), (3, 13, 82), (4, 12, 78), (5, 11, 74), (6, 10, 70), (7, 9, 66))
TEXT_SIZE = 21
PARAGRAPH_LINES = 40  # a paragraph may wrap onto this many lines, far more than any needs


class RulesScene(MenuScene):
    layout_name = "rules"
    name = "rules"

    def __init__(self, app: Host, page: int = 0) -> None:
        super().__init__(app)
        self.page = page
        self.slide = 0.0  # eased offset while a page turns
        self.previous_button = Button(
            self.layout["previous"],
            lambda: t("rules.previous"),
            lambda: self.turn(-1),
            hint=lambda: t("rules.turn.hint"),
            size=22,
        )
        self.next_button = Button(
            self.layout["next"],
            lambda: t("rules.next"),
            lambda: self.turn(1),
            hint=lambda: t("rules.turn.hint"),
            primary=True,
            size=22,
        )
        self.back_button = Button(
            self.layout["back"],
            lambda: t("common.back"),
            self.back,
            hint=lambda: t("common.back.hint"),
            size=22,
        )
        heading = self.layout["heading"]
        self.game_button = Button(
            pygame.Rect(heading.right - 250, heading.y + 8, 250, heading.height - 16),
            lambda: t("rules.other_game", game=self._other_game()[0]),
            lambda: self.turn(self._other_game()[1] - self.page),
            hint=lambda: t("rules.other_game.hint"),
            size=20,
        )
        self.learn_button = Button(  # on Penk!'s pages: its guided first game
            pygame.Rect(heading.right - 250 - 16 - 240, heading.y + 8, 240, heading.height - 16),
            lambda: t("penk.tutorial.learn"),
            lambda: app.go("penk-tutorial", how="reset"),
            hint=lambda: t("penk.tutorial.learn.hint"),
            size=20,
        )
        self.focus.widgets = [
            self.back_button,
            self.previous_button,
            self.next_button,
            self.game_button,
            self.learn_button,
        ]
        self.focus.focus(self.next_button)
        self._update_buttons()

    def _other_game(self) -> tuple[str, int]:
        """The other game's name and its first page (Penk!'s pages follow the first game's)."""
        if self.page >= PENK_FIRST_PAGE:
            return "Gönnen Können", 0
        return "Penk!", PENK_FIRST_PAGE

    def _update_buttons(self) -> None:
        self.learn_button.visible = self.page >= PENK_FIRST_PAGE and self.app.serves("penk-tutorial")
        self.previous_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(PAGES) - 1
        self.previous_button.disabled_reason = lambda: t("rules.first_page")
        self.next_button.disabled_reason = lambda: t("rules.last_page")

    def turn(self, step: int) -> None:
        page = max(0, min(len(PAGES) - 1, self.page + step))
        if page == self.page:
            return
        self.page = page
        self.slide = 40.0 * step
        self.tweens.cancel()
        self.tweens.animate(self, 0.22, "out_cubic", slide=0.0)
        self.app.play("card_slide")
        self._update_buttons()

    def handle(self, intent: Intent) -> None:
        action = intent.action
        if action in (Action.PAGE_NEXT, Action.PAGE_PREVIOUS):
            self.turn(1 if action == Action.PAGE_NEXT else -1)
            return
        if action in (Action.LEFT, Action.RIGHT):
            # Left/right turn pages directly: reading should not need the focus on a button.
            self.turn(1 if action == Action.RIGHT else -1)
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        page = PAGES[self.page]
        self.draw_heading(surface, t(f"rules.{page.key}.title"))
        offset = round(self.slide)
        text_area = self.layout["text"]
        rounded_panel(surface, text_area, theme.PAPER, radius=18, shadow=14)
        self._draw_text(surface, t(f"rules.{page.key}.body"), text_area.inflate(-40, -36).move(offset, 0))
        self._draw_pictures(surface, page, self.layout["pictures"].move(offset, 0))
        counter = fonts.text(f"{self.page + 1} / {len(PAGES)}", 22, theme.CREAM, "bold")
        surface.blit(counter, counter.get_rect(center=self.layout["page"].center))
        self.focus.draw(surface)

    def _draw_text(self, surface: pygame.Surface, body: str, area: pygame.Rect) -> None:
        size = TEXT_SIZE
        while True:
            paragraphs = _paragraphs(body, size, area.width)
            blank = round(fonts.font(size).get_linesize() * 0.55)
            height = sum(blank if text is None else text.get_height() for _, text in paragraphs)
            if height <= area.height or size <= fonts.LEGIBLE:
                break
            size -= 1
        y = area.y
        indent = fonts.font(size).size("•  ")[0]
        for bullet, text in paragraphs:
            if text is None:
                y += blank
                continue
            x = area.x
            if bullet:
                mark = fonts.text("•", size, (60, 140, 120), "black")
                surface.blit(mark, (x, y))
                x += indent
            surface.blit(text, (x, y))
            y += text.get_height()

    def _draw_pictures(self, surface: pygame.Surface, page: Page, area: pygame.Rect) -> None:
        glyphs = self.app.settings.colour_glyphs
        top = area.y
        if page.dice:
            size = 64
            gap = (area.width - size * len(page.dice)) // (len(page.dice) + 1)
            for index, (colour, value) in enumerate(zip(COLOURS, page.dice, strict=True)):
                face = die_face(colour, value, size, glyphs)
                surface.blit(face, (area.x + gap + index * (size + gap), top + 6))
            top += size + 30
        if page.penk_dice:
            size = 60
            gap = (area.width - size * len(page.penk_dice)) // (len(page.penk_dice) + 1)
            for index, value in enumerate(page.penk_dice):
                surface.blit(penk_face(value, size), (area.x + gap + index * (size + gap), top + 6))
            top += size + 24
        remaining = pygame.Rect(area.x, top, area.width, area.bottom - top)
        if page.sheet:
            self._draw_penk_sheet(surface, page.sheet, remaining)
        elif page.cards:
            self._draw_cards(surface, page.cards, remaining, glyphs)
        elif page.extra == "backs":
            self._draw_backs(surface, remaining)
        elif page.extra == "market":
            self._draw_market(surface, remaining)
        elif page.extra == "display":
            self._draw_display(surface, remaining, glyphs)
        elif page.extra == "levels":
            self._draw_levels(surface, remaining)

    def _draw_cards(
        self, surface: pygame.Surface, cards: tuple[CardPicture, ...], area: pygame.Rect, glyphs: bool
    ) -> None:
        deck = standard_deck()
        count = len(cards)
        columns = 1 if count == 1 else 2 if count <= 4 else 3
        rows = (count + columns - 1) // columns
        gap = 16
        width = min(
            (area.width - gap * (columns - 1)) // columns, int((area.height - gap * (rows - 1)) / rows / 1.4)
        )
        size = (width, round(width * 1.4))
        total_w = columns * size[0] + (columns - 1) * gap
        total_h = rows * size[1] + (rows - 1) * gap
        x0 = area.centerx - total_w // 2
        y0 = area.y + max(0, (area.height - total_h) // 2)
        for index, picture in enumerate(cards):
            row, column = divmod(index, columns)
            in_row = min(columns, count - row * columns)
            shift = (columns - in_row) * (size[0] + gap) // 2  # centre a short last row
            spot = (x0 + shift + column * (size[0] + gap), y0 + row * (size[1] + gap))
            card = render_card(
                deck[picture.card_id], size, picture.values, picture.used, picture.completed, glyphs
            )
            surface.blit(card, spot)

    def _draw_backs(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        size = (150, 210)
        for index, kind in enumerate((CardKind.SCORING, CardKind.BONUS)):
            back = card_back(kind, size)
            spot = back.get_rect(center=(area.centerx + (index * 2 - 1) * 95, area.y + 130))
            surface.blit(back, spot)
            label = fonts.text(t(f"rules.deck.{kind.value}"), 20, theme.CREAM, "bold")
            surface.blit(label, label.get_rect(midtop=(spot.centerx, spot.bottom + 10)))

    def _draw_market(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        # The market track: four slots per row, prices 4 equal dice (slots 1-2) and 3 (slots 3-4).
        slot_w, slot_h, gap = 96, 134, 12
        deck = standard_deck()
        x0 = area.centerx - (4 * slot_w + 3 * gap) // 2
        row_ids = (("S03", "S12", "S22", "S28"), ("B03", "B08", "B12", "B19"))
        for row, ids in enumerate(row_ids):
            y = area.y + row * (slot_h + 54)
            for slot, card_id in enumerate(ids):
                card = render_card(deck[card_id], (slot_w, slot_h), glyphs=self.app.settings.colour_glyphs)
                surface.blit(card, (x0 + slot * (slot_w + gap), y))
            if row == 0:
                for slot in range(4):
                    price = fonts.text(
                        t("rules.market.price", count=4 if slot < 2 else 3), 17, theme.FOCUS, "bold"
                    )
                    centre = (x0 + slot * (slot_w + gap) + slot_w // 2, y + slot_h + 27)
                    surface.blit(price, price.get_rect(center=centre))

    def _draw_display(self, surface: pygame.Surface, area: pygame.Rect, glyphs: bool) -> None:
        deck = standard_deck()
        ids = ("S02", "B07", "S16", "B04", "S23", "S13", "B17", "S28", "B11")
        size = (104, 146)
        gap = 10
        x0 = area.centerx - (3 * size[0] + 2 * gap) // 2
        for index, card_id in enumerate(ids):
            row, column = divmod(index, 3)
            card = render_card(deck[card_id], size, completed=index % 2 == 0, glyphs=glyphs)
            surface.blit(card, (x0 + column * (size[0] + gap), area.y + 10 + row * (size[1] + gap)))

    def _draw_penk_sheet(self, surface: pygame.Surface, text: str, area: pygame.Rect) -> None:
        state = _example_state(text)
        side = min(area.width, area.height)
        box = pygame.Rect(0, 0, side, side)
        box.midtop = (area.centerx, area.y)
        draw_sheet(surface, box, state.sheets[0], current_scores(state)[0])

    def _draw_levels(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        table = pygame.Rect(area.x + 30, area.y + 20, area.width - 60, 40 * (len(SOLO_LEVELS) + 1) + 20)
        rounded_panel(surface, table, theme.PAPER, radius=16, shadow=10)
        headers = (t("rules.solo.level"), t("rules.solo.rounds"), t("rules.solo.points"))
        columns = [table.x + table.width * f for f in (0.18, 0.5, 0.82)]
        y = table.y + 30
        for x, header in zip(columns, headers, strict=True):
            label = fonts.text(header, 20, theme.INK, "black")
            surface.blit(label, label.get_rect(center=(x, y)))
        pygame.draw.line(surface, theme.INK_SOFT, (table.x + 20, y + 20), (table.right - 20, y + 20), 2)
        for level in SOLO_LEVELS:
            y += 40
            for x, value in zip(columns, level, strict=True):
                label = fonts.text(str(value), 22, theme.INK, "bold")
                surface.blit(label, label.get_rect(center=(x, y + 4)))


def _example_state(text: str) -> PenkState:
    """A two-seat Penk! game whose first sheet is `text` (a rules picture)."""
    state = new_game(2)
    return state.evolve(sheets=(read_sheet(text), state.sheets[1]))


def _paragraphs(body: str, size: int, width: int) -> list[tuple[bool, pygame.Surface | None]]:
    """Each paragraph wrapped by pygame-ce: (whether it is a bullet, its text; None for a blank
    line). A paragraph starting with '# ' is a bold subheading, '- ' a bullet."""
    indent = fonts.font(size).size("•  ")[0]
    paragraphs: list[tuple[bool, pygame.Surface | None]] = []
    for paragraph in body.split("\n"):
        if not paragraph.strip():
            paragraphs.append((False, None))
            continue
        bullet = paragraph.startswith("- ")
        weight = "black" if paragraph.startswith("# ") else "regular"
        text = paragraph[2:] if bullet or weight == "black" else paragraph
        box = (width - (indent if bullet else 0), fonts.font(size, weight).get_linesize() * PARAGRAPH_LINES)
        fitted = fonts.block(text, size, box, theme.INK, weight, smallest=size, shorten=False)
        paragraphs.append((bullet, fitted.surface if fitted is not None else None))
    return paragraphs
