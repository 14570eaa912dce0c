"""Issue 20 at the table: names not codes, refusals said in the player's language next to the field
clicked, text that follows a language switch at once and fits its box at a legible size."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.goennen.engine import (
    COLOURS,
    IllegalActionError,
    Phase,
    State,
    Write,
    apply,
    legal_actions,
    new_game,
    standard_deck,
    whose_turn,
)
from scenes.app import App
from scenes.core import fonts
from scenes.core.i18n import LANGUAGES, set_language, t
from scenes.core.surface_cache import SurfaceCache
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.userdata import save_path
from scenes.render import cards
from scenes.render.card_names import card_name
from scenes.render.cards import DISPLAY, ZOOMED, render_card
from scenes.table.deal import DealScene
from scenes.table.geometry import field_rects
from scenes.table.log_view import Record
from scenes.table.opening import open_table
from scenes.table.refusals import catalogue_key, explain
from scenes.table.scoring import ScoringScene
from scenes.table.turn import TurnScene
from tests.scenes.table_driver import click, deal_move, step, top, turn_move

CARD_ID = re.compile(r"\b[SB]\d\d\b")
CONFIG = GameConfig(
    (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy")), start_player=0
)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the scenes hand to the font layer while the test runs."""
    texts: list[str] = []
    plain, wrapped = fonts.text, fonts.block

    def text(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append(content)
        return plain(content, *args, **kwargs)  # type: ignore[arg-type]

    def block(content: str, *args: object, **kwargs: object) -> fonts.Block | None:
        texts.append(content)
        return wrapped(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fonts, "text", text)
    monkeypatch.setattr(fonts, "block", block)
    yield texts
    set_language("en")


def _play(app: App, frames: int, stop: Callable[[object], bool] | None = None) -> None:
    tried: set[str] = set()
    for _ in range(frames):
        scene = top(app)
        if isinstance(scene, ScoringScene) or (stop is not None and stop(scene)):
            return
        if isinstance(scene, DealScene) and scene.session.human_to_decide and scene.choices:
            deal_move(app, scene)
        elif isinstance(scene, TurnScene) and scene.choices is not None and not scene.paced:
            turn_move(app, scene, tried)
        else:
            step(app)


def test_no_text_the_table_draws_names_a_card_by_its_id(app: App, drawn: list[str]) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=11, save_path=save_path())
    open_table(app, session)
    step(app, 3)
    _play(app, 60000)
    assert isinstance(top(app), ScoringScene)
    step(app, 200)  # the tally, card by card
    lookup = session.state.card
    for language in LANGUAGES:  # the log and the bots' pop-ups, in every language
        set_language(language)
        for entry in session.log:
            if entry.seat is not None:
                drawn.append(Record(session.name(entry.seat), entry.action).text(lookup))
    assert len(drawn) > 1000
    with_ids = sorted({text for text in drawn if CARD_ID.search(text)})
    assert not with_ids, with_ids[:10]


def test_every_card_has_a_name_in_every_language() -> None:
    deck = standard_deck()
    for language in LANGUAGES:
        set_language(language)
        names = {card.id: card_name(card) for card in deck.cards}
        assert all(names.values()) and not any(CARD_ID.search(name) for name in names.values())
        titled = [card for card in deck.cards if card.title]
        if language != "en":  # every title is translated, not left in English
            assert all(card_name(card) != card.title for card in titled), language
    set_language("en")


def _to_passive_write(app: App, session: GameSession) -> TurnScene:
    """Play until the human may write a rerolled die as a passive player."""

    def passive(scene: object) -> bool:
        return (
            isinstance(scene, TurnScene) and session.human_to_decide and session.state.phase == Phase.PASSIVE
        )

    _play(app, 60000, passive)
    scene = top(app)
    assert isinstance(scene, TurnScene) and session.state.phase == Phase.PASSIVE
    return scene


def _refused_field(scene: TurnScene) -> tuple[Write, pygame.Rect]:
    """A chosen die and an empty field of the human's display that cannot take it."""
    state = scene.session.state
    choices = scene.choices
    assert choices is not None
    for die in choices.writes:
        allowed = choices.writes[die]
        for placed in state.display(state.decider):
            rects = field_rects(placed.card, scene.main.rect_of(placed.pos))
            for index, value in enumerate(placed.filled):
                if value is None and (placed.id, index) not in allowed:
                    return Write(die, placed.id, index), rects[index]
    raise AssertionError("no field refuses a die in this position")


def test_a_refused_field_says_why_in_the_players_language_next_to_it(app: App) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=5, save_path=save_path())
    open_table(app, session)
    step(app, 3)
    scene = _to_passive_write(app, session)
    write, field = _refused_field(scene)
    app.change_settings(language="de")
    click(app, scene.tray.die_rect(write.die).center)  # choose the die ...
    assert scene.controls.selected == write.die
    glowing = scene.controls.options.field_glow(scene.choices)
    assert glowing and (write.card, write.field) not in glowing  # only the fields that can take it
    before = session.state
    click(app, field.center)  # ... and click a field that cannot take it
    assert session.state is before  # nothing was written
    with pytest.raises(IllegalActionError) as refused:
        apply(before, write)
    assert scene.notice == explain(refused.value, before.card)
    assert scene.notice != catalogue_key(refused.value.key)  # told from the reason's key
    assert card_name(before.card(write.card)) in scene.notice  # its German name, not its id
    assert not CARD_ID.search(scene.notice)
    assert scene.notice_near == field  # shown where the player looked
    app.change_settings(language="en")
    assert scene.notice == explain(refused.value, before.card)  # and follows the language


def test_the_prompt_and_the_log_follow_a_language_switch_at_once(app: App, drawn: list[str]) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=5, save_path=save_path())
    open_table(app, session)
    step(app, 3)
    scene = _to_passive_write(app, session)
    english = scene.controls.prompt
    logged = scene.log.records[-1].text(scene.log.lookup)
    drawn.clear()
    app.change_settings(language="de")
    app.request_draw()
    step(app, 2)
    german = scene.controls.prompt
    assert german != english and german in drawn  # redrawn in German without any move
    assert scene.log.records[-1].text(scene.log.lookup) != logged
    assert scene.log.records[-1].text(scene.log.lookup) in drawn


def _states(seed: int, limit: int = 4000) -> Iterator[State]:
    """The positions of a seeded game played by taking the first legal action."""
    import random

    chooser = random.Random(seed)
    state = new_game(2)
    for _ in range(limit):
        yield state
        if state.phase == Phase.OVER:
            return
        turn = whose_turn(state)
        actions = legal_actions(state)
        if turn.kind == "chance":
            from game.goennen.engine import sample_chance

            state = apply(state, sample_chance(state, chooser))
        else:
            state = apply(state, chooser.choice(actions))


def test_every_write_refusal_the_engine_gives_is_told_in_words() -> None:
    seen: set[str] = set()
    for state in _states(3):
        if state.phase not in (Phase.PASSIVE, Phase.ACTIVE, Phase.CHANCE_WRITE):
            continue
        legal = set(legal_actions(state))
        for placed in state.display(state.decider):
            for die in COLOURS:
                for index in range(len(placed.filled)):
                    write = Write(die, placed.id, index)
                    if write in legal:
                        continue
                    try:
                        apply(state, write)
                    except IllegalActionError as error:
                        told = explain(error, state.card)
                        assert told != catalogue_key(error.key), f"{error.key} has no text"
                        assert not CARD_ID.search(told), told
                        seen.add(error.key)
    assert {"field_filled", "field_impossible"} <= seen, seen


SIZES = [DISPLAY, ZOOMED, (150, 210), (130, 182), (104, 146), (80, 112), (60, 84)]


def test_every_label_on_every_card_fits_its_box_at_a_legible_size(monkeypatch: pytest.MonkeyPatch) -> None:
    placed: list[tuple[str, tuple[int, int], fonts.Block]] = []
    wrapped = fonts.block

    def block(
        content: str, size: int, box: tuple[int, int], *args: object, **kwargs: object
    ) -> fonts.Block | None:
        fitted = wrapped(content, size, box, *args, **kwargs)  # type: ignore[arg-type]
        if fitted is not None:
            placed.append((content, box, fitted))
        return fitted

    words: list[tuple[str, int]] = []  # words set on one line (colour, "sum"), with their size
    plain = fonts.text

    def text(content: str, size: int, *args: object, **kwargs: object) -> pygame.Surface:
        if sum(char.isalpha() for char in content) >= 2:
            words.append((content, size))
        return plain(content, size, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fonts, "block", block)
    monkeypatch.setattr(fonts, "text", text)
    # paint every card afresh, none from an earlier test
    monkeypatch.setattr(cards, "_cache", SurfaceCache("cards", budget_bytes=32 * 2**20))
    deck = standard_deck()
    for language in LANGUAGES:
        set_language(language)
        for card in deck.cards:
            for size in SIZES:
                render_card(card, size, glyphs=language == "en")
    set_language("en")
    assert placed
    for content, box, fitted in placed:
        assert fitted.size >= fonts.LEGIBLE, content
        assert fitted.surface.get_width() <= box[0] and fitted.surface.get_height() <= box[1], content
    assert words and all(size >= fonts.LEGIBLE for _, size in words), [
        w for w in words if w[1] < fonts.LEGIBLE
    ]
    shown = {content for content, _, _ in placed}
    assert t("reward.short.adjacent-completed") in shown  # the words are there where there is room


LONG_NAME = "Maximiliane"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_prompt_fits_the_prompt_line_whole(language: str) -> None:
    from scenes.core.layout import layout

    box = layout("table")["prompt"]
    set_language(language)
    deck = standard_deck()
    longest = max((card_name(card) for card in deck.cards), key=len)
    from scenes.core.i18n import keys_with_prefix

    try:
        for key in keys_with_prefix("table.prompt."):
            text = t(
                key, name=LONG_NAME, card=longest, colour=t("colour.purple"), count=2, counter=12, rounds=15
            )
            fitted = fonts.block(text, 24, (box.width - 8, box.height), (255, 255, 255), "black")
            assert fitted is not None and not fitted.shortened, (key, text)
            assert fitted.size >= fonts.LEGIBLE
    finally:
        set_language("en")


def test_a_humans_turn_and_passive_choice_are_announced_and_every_score_shows(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.table.effects import Effects

    banners: list[str] = []
    sounds: list[str] = []
    monkeypatch.setattr(Effects, "banner", lambda self, rect, text, seconds=1.3: banners.append(text()))
    played = app.play
    monkeypatch.setattr(app, "play", lambda name: (sounds.append(name), played(name))[1])
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=5, save_path=save_path())
    open_table(app, session)
    step(app, 3)
    scene = _to_passive_write(app, session)
    assert t("table.cue.turn", name="Anna") in banners  # her first turn came before
    assert banners[-1] == t("table.cue.passive", name="Anna")
    assert "click" in sounds
    count = len(banners)
    assert scene.choices is not None
    click(app, scene.tray.die_rect(next(iter(scene.choices.writes))).center)
    assert len(banners) == count  # choosing within the same choice announces nothing new
    header = scene.header_text(session.state)
    assert t("table.header.score", name="Anna", points=scene.scores[0].total) in header


def test_every_button_label_of_a_game_fits_at_a_legible_size_in_every_language(app: App) -> None:
    """A whole game with the language changing every few moves: each table button's label fits
    its button whole (wrapped if need be) at 14 px or more."""
    from scenes.core.widgets import Button

    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=2, save_path=save_path())
    open_table(app, session)
    step(app, 3)
    languages = sorted(LANGUAGES)
    tight: set[tuple[str, str]] = set()
    tried: set[str] = set()
    for frame in range(60000):
        scene = top(app)
        if isinstance(scene, ScoringScene):
            break
        if frame % 7 == 0:
            app.change_settings(language=languages[frame // 7 % 3])
        if isinstance(scene, (TurnScene, DealScene)):
            for widget in scene.focus.widgets:
                if not isinstance(widget, Button):
                    continue
                fitted = fonts.block(widget.label(), widget.size, widget.label_box(), (0, 0, 0), "bold")
                if fitted is None or fitted.shortened or fitted.size < fonts.LEGIBLE:
                    tight.add((app.settings.language, widget.label()))
        if isinstance(scene, DealScene) and scene.session.human_to_decide and scene.choices:
            deal_move(app, scene)
        elif isinstance(scene, TurnScene) and scene.choices is not None and not scene.paced:
            turn_move(app, scene, tried)
        else:
            step(app)
    app.change_settings(language="en")
    assert isinstance(top(app), ScoringScene)
    assert not tight, sorted(tight)


def test_the_header_says_last_round_only_in_the_last_round() -> None:
    """Issue 33 item 3: after a 9th card the round in play is not the last one yet."""
    from scenes.table.words import round_note

    assert round_note(7, None) == ""
    assert round_note(8, 9) == t("table.header.one_more_round")  # the 9th card was placed in round 8
    assert round_note(9, 9) == t("table.header.last_round")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_hint_line_never_goes_below_the_legible_size(language: str) -> None:
    """Issue 33 item 10: the Hint button's hover line was set in about 8 px to fit one line."""
    from scenes.core import fonts
    from scenes.core.widgets import Button, FocusGroup

    set_language(language)
    try:
        button = Button(pygame.Rect(0, 0, 110, 34), lambda: t("hint.button"), lambda: None)
        button.hint = lambda: t("hint.button.hint")
        focus = FocusGroup([button])
        drawn = focus.draw_hint(pygame.Surface((1280, 720)), pygame.Rect(16, 660, 520, 32))
        assert drawn is not None and drawn.size >= fonts.LEGIBLE and not drawn.shortened
    finally:
        set_language("en")
