"""The opening deal: each human sees their four dealt cards (behind a 'pass to <name>' screen when
several humans share the screen), puts one back and places three; bots choose at once.

One way to place a card, by mouse: click it (it lifts, ringed in gold), then a green cell; or drag
it there. The green cells only show once a card is chosen; a cell clicked before that says what
to do. The keyboard's focus ring shows only after a key was used, so it never looks like a choice.
In the player's first game a guide in the hand panel says what to do at each step."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.goennen.engine import IllegalActionError, Phase, Place, ReturnCard, State
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.core.intents import Action as Key
from scenes.core.intents import Intent
from scenes.core.layout import layout
from scenes.core.tooltip import Tip
from scenes.core.widgets import Button, FocusGroup, Widget
from scenes.model.first_game import first_game
from scenes.model.progress import store
from scenes.model.userdata import save_path
from scenes.render.cards import render_card
from scenes.render.shapes import felt_backdrop, rounded_panel
from scenes.table.base import TableBase
from scenes.table.choices import Choices, build
from scenes.table.display_view import DisplayView
from scenes.table.hint_view import HINT_COLOUR, HintHelper
from scenes.table.refusals import explain
from scenes.table.spots import Spot
from scenes.table.tips import deal_tip_at

CAPTION = 44  # the strip at the top of the hand and display panels for their names (and a focus ring)

if TYPE_CHECKING:
    from scenes.core.stack import Host
    from scenes.model.session import GameSession

CAN = (120, 230, 140)
FREE = (70, 110, 100)  # a free cell before a card is chosen: there, but not yet a target
HAND_GAP = 16
NAVIGATION = frozenset({Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT, Key.NEXT, Key.PREVIOUS})


class DealScene(TableBase):
    name = "deal"

    def __init__(self, app: Host, session: GameSession) -> None:
        super().__init__(app, session)
        self.layout = layout("deal")
        display = self.layout["display"]
        grid = pygame.Rect(display.x, display.y + CAPTION, display.width, display.height - CAPTION - 6)
        self.view = DisplayView(grid, gap=10, max_width=150)  # below its caption, never over it
        self.focus = FocusGroup(on_activate=lambda: app.play("click"))
        self.choices: Choices | None = None
        self.seen: object = None
        self.selected: str | None = None
        self.dragging: str | None = None
        self.drag_pos = (0, 0)
        self.drag_from = (0, 0)
        self.passed_to: int | None = None
        self.keyboard = False  # a navigation key was used: the focus ring shows from then on
        self.guide = first_game(store(app).progress, save_path().parent)
        self.hints = HintHelper(session)  # the Hint button and H, as at the table (hint_view.py)

    # -- driving ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.left:
            return
        if self.hints.poll():
            self.app.request_draw()
        session = self.session
        for _ in range(200):  # chance and bots at the deal take no visible time
            if self.follow():
                return
            if session.turn.kind == "chance":
                session.resolve_chance()
            elif session.bot_to_decide:
                if session.poll_bot() is None:
                    break
            else:
                break
        if session.view is not self.seen:
            self._sync()

    def _sync(self) -> None:
        session = self.session
        state = session.view
        self.seen = state
        self.choices = build(state, session.legal()) if session.human_to_decide else None
        if self.choices is not None and self.selected not in self.hand():
            self.selected = None
        if session.human_to_decide and len(session.humans) > 1 and self.passed_to != state.decider:
            self.passed_to = state.decider
            self.app.stack.push(self.app.scene("pass-device", session.name(state.decider)))
        self._widgets()
        self.app.request_draw()

    def hand(self) -> tuple[str, ...]:
        state = self.session.view
        return state.seats[state.decider].hand if self.session.human_to_decide else ()

    def hand_rects(self) -> list[pygame.Rect]:
        area = self.layout["hand"]
        count = len(self.hand())
        if not count:
            return []
        width = min(180, (area.width - HAND_GAP * 3) // 4)
        height = round(width * 1.4)
        total = count * width + (count - 1) * HAND_GAP
        x = area.centerx - total // 2
        return [pygame.Rect(x + i * (width + HAND_GAP), area.y + 40, width, height) for i in range(count)]

    def legal_cells(self) -> dict[tuple[int, int], Place]:
        if self.choices is None:
            return {}
        if self.selected is not None:
            return self.choices.places.get(self.selected, {})
        cells: dict[tuple[int, int], Place] = {}
        for per_card in self.choices.places.values():
            cells.update(per_card)
        return cells

    def _widgets(self) -> None:
        state = self.session.view
        self.view.arrange(state.display(state.decider), tuple(self.legal_cells()))
        widgets: list[Widget] = []
        for card, rect in zip(self.hand(), self.hand_rects(), strict=True):
            widgets.append(Spot(rect, (partial(self.pick, card)), self._card_hint, state.card(card)))
        if self.selected is not None:
            for pos, action in self.legal_cells().items():
                widgets.append(
                    Spot(self.view.rect_of(pos), (partial(self.play, action)), lambda: t("table.hint.cell"))
                )
        undo = Button(
            self.layout["buttons"].inflate(-400, -6).move(-200, 0),
            lambda: t("table.undo"),
            self.undo,
            size=20,
        )
        undo.enabled = self.session.can_undo
        undo.disabled_reason = lambda: t("table.undo.none")
        widgets.append(undo)
        hint = Button(undo.rect.move(undo.rect.width + 20, 0), lambda: t("hint.button"), self.hint, size=20)
        hint.hint = lambda: t("hint.button.hint")
        widgets.append(hint)
        self.focus.widgets = widgets
        self.focus.focus_index = 0

    def _card_hint(self) -> str:
        phase = self.session.view.phase
        return t("deal.hint.return" if phase == Phase.SETUP_RETURN else "deal.hint.pick")

    # -- the human's choices ---------------------------------------------------------------------
    def pick(self, card: str) -> None:
        state = self.session.view
        if state.phase == Phase.SETUP_RETURN:
            self.play(ReturnCard(card))
            return
        self.selected = None if self.selected == card else card
        self._widgets()
        cells = [w for w in self.focus.widgets if isinstance(w, Spot) and w.card is None]
        if cells:
            self.focus.focus(cells[0])
        self.app.request_draw()

    def play(self, action: ReturnCard | Place) -> None:
        try:
            self.session.play(action)
        except IllegalActionError as error:
            reason, lookup = error, self.session.view.card
            self.refuse(lambda: explain(reason, lookup))
            return
        self.app.play("card_slide")
        self.selected = None
        self.set_zoom(None)  # the card's large view closes with the move
        self._sync()

    def undo(self) -> None:
        if self.session.undo():
            self._sync()

    def hint(self) -> None:
        """Ask the hard bot which card to put back or where to place; asked again, do it."""
        advice = self.hints.current()
        if advice is not None and isinstance(advice.action, (ReturnCard, Place)):
            self.play(advice.action)
        elif self.hints.ask():
            self.app.play("click")
        self.app.request_draw()

    @property
    def animating(self) -> bool:
        return super().animating or self.hints.thinking

    def drop(self, card: str, point: tuple[int, int]) -> None:
        pos = self.view.pos_at(point)
        if pos is None:
            return
        action = (self.choices.places.get(card, {}) if self.choices else {}).get(pos)
        if action is None:
            self.refuse(lambda: t("deal.refused.cell"), near=self.view.rect_of(pos))
            return
        self.play(action)

    def handle(self, intent: Intent) -> None:
        self.observe_tip(intent, self.focus)
        if self.handle_common(intent):
            return
        if not self.session.human_to_decide:
            return
        if intent.action in (Key.ERASE, Key.UNDO):  # Backspace or Ctrl+Z
            self.undo()
            return
        if intent.action == Key.HINT:
            self.hint()
            return
        if intent.action in NAVIGATION:
            self.keyboard = True
        phase = self.session.view.phase
        if (
            intent.action == Key.POINTER_UP
            and intent.pos
            and self.dragging is None
            and self._cell_first(intent.pos)
        ):
            return
        if intent.action == Key.POINTER_DOWN and intent.pos and phase == Phase.SETUP_PLACE:
            for card, rect in zip(self.hand(), self.hand_rects(), strict=True):
                if rect.collidepoint(intent.pos):
                    self.dragging, self.drag_pos, self.drag_from = card, intent.pos, intent.pos
                    self.selected = card
                    self._widgets()
                    self.app.request_draw()
                    return
        if intent.action == Key.POINTER_MOVE and intent.pos:
            if self.dragging is not None:
                self.drag_pos = intent.pos
                self.app.request_draw()
                return
            self._hover(intent.pos)
        if intent.action == Key.POINTER_UP and intent.pos and self.dragging is not None:
            card, self.dragging = self.dragging, None
            moved = abs(intent.pos[0] - self.drag_from[0]) + abs(intent.pos[1] - self.drag_from[1]) > 12
            if moved:
                self.drop(card, intent.pos)
            self.app.request_draw()
            return
        self.focus.handle(intent)

    def _cell_first(self, pos: tuple[int, int]) -> bool:
        """A free cell clicked before a card is chosen: the card the keyboard focused goes there,
        else the player is told to pick a card first. True when the click was about that."""
        if self.session.view.phase != Phase.SETUP_PLACE or self.selected is not None:
            return False
        cell = self.view.pos_at(pos)
        if cell is None or cell not in self.legal_cells():
            return False
        focused = self.focus.focused
        if self.keyboard and isinstance(focused, Spot) and focused.card is not None:
            card = next((c for c in self.hand() if self.session.view.card(c) is focused.card), None)
            action = self.choices.places.get(card, {}).get(cell) if card and self.choices else None
            if action is not None:
                self.play(action)
                return True
        self.refuse(lambda: t("deal.refused.pick_first"), near=self.view.rect_of(cell))
        return True

    def _hover(self, pos: tuple[int, int]) -> None:
        state = self.session.view
        for card, rect in zip(self.hand(), self.hand_rects(), strict=True):
            if rect.collidepoint(pos):
                self.set_zoom(state.card(card), (), rect)
                return
        placed = self.view.card_at(state.display(state.decider), pos)
        if placed is not None:
            self.set_zoom(placed.card, placed.filled, self.view.rect_of(placed.pos))
            return
        self.set_zoom(None)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_backdrop(surface.get_size()), (0, 0))
        session = self.session
        if not session.human_to_decide:
            return
        state = session.view
        name = session.name(state.decider)
        heading = self.layout["heading"]
        title = t("deal.heading", name=name)
        fitted = fonts.line(title, 46, heading.width, theme.CREAM, "black")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=heading.midleft))
        pygame.draw.line(
            surface, theme.FOCUS, (heading.x, heading.bottom - 2), (heading.x + 120, heading.bottom - 2), 4
        )
        prompt = t(
            "deal.prompt.return" if state.phase == Phase.SETUP_RETURN else "deal.prompt.place",
            count=len(self.hand()),
        )
        area = self.layout["prompt"]
        fitted = fonts.block(prompt, 24, area.size, theme.FOCUS, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, fitted.surface.get_rect(midleft=area.midleft))
        hand_area = self.layout["hand"]
        rounded_panel(surface, hand_area, (16, 48, 42), radius=20, border=(44, 96, 84), border_width=2)
        caption = fonts.text(t("deal.hand"), 18, theme.CREAM, "bold")
        surface.blit(caption, (hand_area.x + 16, hand_area.y + 10))
        display_area = self.layout["display"]
        rounded_panel(surface, display_area, (18, 54, 47), radius=20, border=(44, 96, 84), border_width=2)
        caption = fonts.text(t("deal.display"), 18, theme.CREAM, "bold")
        surface.blit(caption, (display_area.x + 16, display_area.y + 10))
        glyphs = self.app.settings.colour_glyphs
        chosen = self.selected is not None or self.dragging is not None
        target = CAN if chosen else FREE
        cells = {pos: target for pos in self.legal_cells()} if state.phase == Phase.SETUP_PLACE else {}
        self.view.draw(surface, state.display(state.decider), glyphs, cells=cells)
        for card, rect in zip(self.hand(), self.hand_rects(), strict=True):
            if card == self.dragging:
                continue
            lift = -14 if card == self.selected else 0
            surface.blit(render_card(state.card(card), rect.size, glyphs=glyphs), rect.move(0, lift))
            if card == self.selected:
                pygame.draw.rect(
                    surface, theme.FOCUS, rect.move(0, lift).inflate(10, 10), 4, border_radius=14
                )
            row_word = t("table.row.scoring" if card.startswith("S") else "table.row.bonus")
            tag = fonts.text(row_word, 16, (190, 214, 206), "bold")
            surface.blit(tag, tag.get_rect(midtop=(rect.centerx, rect.bottom + 10)))
        focused = self.focus.focused if self.keyboard else None
        for widget in self.focus.widgets:
            if widget.visible:
                widget.draw(surface, widget is focused)
        guide_box = pygame.Rect(hand_area.x + 16, hand_area.bottom - 112, hand_area.width - 32, 96)
        if self.hints.draw_words(surface, guide_box):
            self._draw_hint_marks(surface, state)
        elif self.guide:
            self._draw_guide(surface, guide_box)
        if self.dragging is not None:
            image = render_card(state.card(self.dragging), self.view.size, glyphs=glyphs)
            surface.blit(image, image.get_rect(center=self.drag_pos))
        if self.keyboard:
            self.focus.draw_hint(surface, self.layout["hint"])
        self.draw_hover(surface)
        self.draw_notice(surface, self.layout["prompt"].move(0, 520))  # last: nothing covers a refusal

    def tip_at(self, point: tuple[int, int]) -> Tip | None:
        hand = list(zip(self.hand(), self.hand_rects(), strict=True))
        return deal_tip_at(self.session.view, point, hand, self.view)

    def guide_text(self) -> str:
        """The first game's line for this step of the deal."""
        if self.session.view.phase == Phase.SETUP_RETURN:
            return t("deal.guide.return")
        if self.selected is None and self.dragging is None:
            return t("deal.guide.pick")
        return t("deal.guide.cell")

    def _draw_hint_marks(self, surface: pygame.Surface, state: State) -> None:
        """Ring the card the hint names, and for a placement the cell it goes to."""
        advice = self.hints.current()
        if advice is None or not isinstance(advice.action, (ReturnCard, Place)):
            return
        hand = zip(self.hand(), self.hand_rects(), strict=True)
        rects = [rect for card, rect in hand if card == advice.action.card]
        if isinstance(advice.action, Place):
            rects.append(self.view.rect_of((advice.action.row, advice.action.col)))
        for rect in rects:
            pygame.draw.rect(surface, HINT_COLOUR, rect.inflate(12, 12), 4, border_radius=14)

    def _draw_guide(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        rounded_panel(surface, box, theme.PAPER, radius=14, border=theme.FOCUS, border_width=3)
        title = fonts.line(t("deal.guide.title"), 17, box.width - 28, theme.INK_SOFT, "black")
        if title is not None:
            surface.blit(title.surface, (box.x + 14, box.y + 8))
        fitted = fonts.block(self.guide_text(), 19, (box.width - 28, box.height - 38), theme.INK, "bold")
        if fitted is not None:
            surface.blit(fitted.surface, (box.x + 14, box.y + 32))
