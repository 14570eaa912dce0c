"""The card and dice renderers draw every card and die from data, at every size, and cache them."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.goennen.cards import CardKind
from game.goennen.colours import COLOURS
from game.goennen.deck import standard_deck
from scenes.core import theme
from scenes.core.tween import Tweens
from scenes.render.cards import SIZES, card_back, render_card
from scenes.render.dice import DiceRoll, die_face


@pytest.fixture(autouse=True)
def fonts_ready() -> None:
    pygame.font.init()


@pytest.mark.parametrize("size", SIZES)
def test_every_card_renders_at_every_table_size(size: tuple[int, int]) -> None:
    for card in standard_deck().cards:
        blank = render_card(card, size)
        assert blank.get_size() == size
        values = [field.number or 3 for field in card.task.fields]
        full = render_card(card, size, values, used=card.uses, completed=True, glyphs=False)
        assert full.get_size() == size


def test_written_values_marks_and_tick_change_the_picture() -> None:
    card = standard_deck()["B01"]
    blank = render_card(card)
    written = render_card(card, values=(5, 5, 2))
    marked = render_card(card, values=(5, 5, 2), used=2, completed=True)
    assert pygame.image.tobytes(blank, "RGBA") != pygame.image.tobytes(written, "RGBA")
    assert pygame.image.tobytes(written, "RGBA") != pygame.image.tobytes(marked, "RGBA")


def test_rendered_cards_are_cached() -> None:
    card = standard_deck()["S01"]
    assert render_card(card, values=(1, 2, 3)) is render_card(card, values=(1, 2, 3, None, None))


def test_card_backs_render_for_both_decks() -> None:
    for kind, size in itertools.product(CardKind, SIZES):
        assert card_back(kind, size).get_size() == size


def test_every_die_face_renders_with_and_without_glyphs() -> None:
    for colour, value, glyphs in itertools.product(COLOURS, range(1, 7), (True, False)):
        assert die_face(colour, value, 64, glyphs).get_size() == (64, 64)


def test_a_roll_tumbles_then_settles_on_the_given_values() -> None:
    tweens = Tweens()
    roll = DiceRoll(pygame.Rect(100, 100, 600, 200))
    roll.roll((6, 5, 4, 3, 2), tweens, seed=3)
    surface = pygame.Surface((800, 400))
    tweens.update(0.3)
    assert roll.rolling
    roll.draw(surface)
    tweens.update(5.0)
    assert not roll.rolling
    roll.draw(surface)
    assert [die.value for die in roll.dice] == [6, 5, 4, 3, 2]
    assert [die.shown for die in roll.dice] == [6, 5, 4, 3, 2]


def test_skip_lands_a_roll_at_once() -> None:
    tweens = Tweens()
    roll = DiceRoll(pygame.Rect(0, 0, 600, 200))
    roll.roll((1, 1, 1, 1, 1), tweens)
    tweens.skip()
    assert not roll.rolling


# Colour vision deficiency simulation (Machado et al. 2009, severity 1.0), on linear RGB.
CVD = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(rgb: tuple[int, int, int]) -> tuple[float, ...]:
    return tuple((c / 255 / 12.92) if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb)


def _simulate(rgb: tuple[int, int, int], matrix: tuple[tuple[float, ...], ...]) -> tuple[float, ...]:
    linear = _linear(rgb)
    return tuple(max(0.0, min(1.0, sum(m * c for m, c in zip(row, linear, strict=True)))) for row in matrix)


@pytest.mark.parametrize("kind", sorted(CVD))
def test_die_colours_stay_apart_for_colour_blind_players(kind: str) -> None:
    simulated = {colour: _simulate(theme.COLOUR_RGB[colour], CVD[kind]) for colour in COLOURS}
    for first, second in itertools.combinations(COLOURS, 2):
        distance = sum((a - b) ** 2 for a, b in zip(simulated[first], simulated[second], strict=True)) ** 0.5
        assert distance > 0.08, f"{first.word} and {second.word} look alike with {kind}"


def test_pips_and_glyphs_contrast_with_their_colour() -> None:
    for colour in COLOURS:
        rgb = theme.COLOUR_RGB[colour]
        assert theme.contrast_ratio(theme.ink_on(rgb), rgb) >= 3.0, colour.word


def test_every_colour_has_its_own_glyph() -> None:
    assert len({colour.glyph for colour in COLOURS}) == len(COLOURS)


def test_other_players_small_displays_are_legible_and_centred() -> None:
    from game.goennen.display import Display
    from scenes.table.panels import CARD_WIDTH, OtherPanels

    cards = [card for card in standard_deck().cards if card.kind == CardKind.SCORING][:3]
    row = Display()
    for col, card in enumerate(cards):
        row = row.place(card, (0, col))
    panels = OtherPanels(pygame.Rect(1016, 56, 248, 656))

    class _State:  # the panels only ask for each seat's display
        def display(self, seat: int) -> Display:
            return row

    panels.arrange(_State(), [1, 2, 3])  # type: ignore[arg-type]
    view = panels.views[1]
    rects = [view.rect_of((0, col)) for col in range(3)]
    assert all(60 <= rect.width <= CARD_WIDTH for rect in rects)  # was 40 px in a 3x3 frame
    middle = rects[1].centerx
    assert abs(middle - panels.rects[1].centerx) <= 2  # a small display sits in the middle


def test_a_filled_printed_number_is_circled_as_done_not_crossed_out() -> None:
    from scenes.render.cards import ZOOMED
    from scenes.table.geometry import field_rects

    pygame.font.init()
    card = next(c for c in standard_deck().cards if any(f.number is not None for f in c.task.fields))
    index = next(i for i, f in enumerate(card.task.fields) if f.number is not None)
    values = [None] * len(card.task.fields)
    values[index] = card.task.fields[index].number
    image = render_card(card, ZOOMED, values)
    field = field_rects(card, image.get_rect())[index]
    inset = field.inflate(-field.width // 4, -field.height // 4)
    corner = (inset.left + 3, inset.top + 3)  # where a cross's stroke would start
    assert tuple(image.get_at(corner))[:3] != theme.PEN
    ring = (round(field.centerx - field.width * 0.42) + 2, field.centery)
    assert tuple(image.get_at(ring))[:3] == theme.PEN


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_no_card_at_the_tables_sizes_leaves_its_reward_words_out(language: str) -> None:
    """Issue 33 item 5: German market cards left "+1 Würfel" out (the words did not fit). A bonus
    card's reward is told in words at every size; a scoring card's short line may give way to its
    icon on the smallest cards (the zoom on hover shows it), by design."""
    from scenes.core.i18n import set_language
    from scenes.core.layout import layout
    from scenes.render.cards import dropped_words
    from scenes.table.market_view import MarketView

    market = MarketView(layout("table")["market"]).size
    set_language(language)
    try:
        dropped = {
            (card.id, size): words
            for card in standard_deck().cards
            if card.kind == CardKind.BONUS
            for size in (market, *SIZES)
            if (words := dropped_words(card, size))
        }
    finally:
        set_language("en")
    assert dropped == {}
