"""Issue 21 items 2 and 3 at the table: the Hint button and H (the adviser's choice, shown with one
sentence why, done when asked again), "why not?" with ? or a right-click (the engine's reasons),
and a game with hints marked on its result and in the solo records, its count kept in the save."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.goennen.ai import advise
from game.goennen.engine import COLOURS, Buy, Complete, IllegalActionError, Phase, Row, State, Write, refusal
from game.goennen.match import Match
from scenes.app import App
from scenes.core.i18n import LANGUAGES, set_language, t
from scenes.core.widgets import Button
from scenes.model.archive_entry import entry_of_session
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.hints import HINTS, hints_used
from scenes.model.progress import Progress, progress_from_data, progress_to_data, record_game
from scenes.model.session import GameSession
from scenes.render.card_names import name_of
from scenes.table.deal import DealScene
from scenes.table.hint_words import percent, points, sentence
from scenes.table.opening import open_table
from scenes.table.refusals import explain
from scenes.table.turn import TurnScene
from scenes.table.why_not import Thing, answer
from tests.scenes.table_driver import click, deal_move, step, top

HUMAN_VS_BOT = GameConfig(
    (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy")), start_player=0
)


def _press(app: App, code: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0))
    step(app, 2)


def _right_click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=pos))
    step(app, 2)


def test_a_whole_turn_and_a_passive_choice_played_by_following_only_the_hints(app: App) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(HUMAN_VS_BOT, seed=3)
    open_table(app, session, how="reset")
    step(app, 5)
    followed: list[tuple[Phase, str]] = []  # (phase, action) of each hint followed
    active_turn_done = passive_done = False
    for _ in range(4000):
        if active_turn_done and passive_done:
            break
        scene = top(app)
        if not isinstance(scene, TurnScene):
            if scene.__class__.__name__ == "DealScene" and session.human_to_decide:
                deal_move(app, scene)  # type: ignore[arg-type]
            else:
                step(app)
            continue
        if not session.human_to_decide or scene.paced:
            session.bot_decision_wait()
            step(app)
            continue
        state = session.state
        _press(app, pygame.K_h)  # ask
        scene.hints.wait()
        step(app, 2)
        advice = scene.hints.current()
        assert advice is not None, "the hint shows once the bot has answered"
        assert advice.action == advise(state).action
        shown = sentence(advice, state, state.card)
        assert shown and not shown.startswith("hint.")
        count = len(session.match.actions)
        _press(app, pygame.K_h)  # and follow it
        assert session.match.actions[count] == advice.action
        assert scene.hints.current() is None  # the hint goes once the player acted
        followed.append((state.phase, str(advice.action)))
        if state.phase == Phase.PASSIVE:
            passive_done = True
        if state.phase == Phase.ACTIVE and session.state.active != state.active:
            active_turn_done = True  # the turn passed on: the human's turn was played to its end
    assert active_turn_done and passive_done, followed
    assert any(phase == Phase.ACTIVE for phase, _ in followed)
    assert hints_used(session.context) == len(followed)


def _position(seed: int, done: Callable[[State], bool]) -> State:
    """The first position of a game played by the hints alone where `done` holds."""
    match = Match.new(2, seed, start_player=0)
    while True:
        match.advance()
        state = match.state
        if done(state):
            return state
        match.play(advise(state).action)


def test_the_sentence_names_the_bots_numbers_in_every_language() -> None:
    state = _position(4, lambda s: s.phase == Phase.ACTIVE and s.rolls == 1 and advise(s).why.kind == "keep")
    advice = advise(state)
    why = advice.why
    assert why.chance is not None and why.card is not None
    texts = set()
    try:
        for language in LANGUAGES:
            set_language(language)
            text = sentence(advice, state, state.card)
            assert f"{percent(why.chance)}\u00a0%" in text, (language, text)
            assert points(why.gain) in text, (language, text)
            assert name_of(why.card, state.card) in text
            assert "{" not in text and "hint." not in text
            kept = [c for c in COLOURS if c not in advice.action.dice]  # type: ignore[attr-defined]
            assert all(t(f"colour.{c.word}") in text for c in kept), (language, text)  # dice by colour
            texts.add(text)
    finally:
        set_language("en")
    assert len(texts) == len(LANGUAGES)


def test_why_not_gives_the_engines_reason_for_illegal_choices_and_offers_legal_ones() -> None:
    state = _position(7, lambda s: s.phase == Phase.ACTIVE and s.rolls == 1 and s.decider == 0)
    display = state.display(0)
    open_card = next(p for p in display if not p.completed)
    field = next(i for i, v in enumerate(open_card.filled) if v is None)
    # a field in the active turn: the dice completing its card, the reason told about that field
    found = answer(state, Thing(card=open_card.id, field=field))
    assert found is not None
    if found.error is not None:
        assert found.error.key in ("task_unfulfilled", "die_does_not_fit", "fill_all")
        assert found.text(state, state.card) == explain(found.error, state.card)
        if found.error.key == "die_does_not_fit":
            assert found.error.params["field"] == field + 1 or all(
                e.params.get("field") != field + 1 for e in _refusals(state, open_card.id)
            )
    # a market slot the dice cannot pay for, and one they can
    for slot in range(1, 5):
        found = answer(state, Thing(slot=(Row.SCORING, slot)))
        assert found is not None
        if found.error is not None:
            assert found.error.key in ("buy_cost", "buy_equal", "display_full", "slot_empty")
        else:
            assert refusal(state, found.action) is None  # type: ignore[arg-type]
            assert found.text(state, state.card).startswith(t("why_not.can", what="")[:7])
    # a die before the third roll may be rerolled: said as possible
    found = answer(state, Thing(die=COLOURS[0]))
    assert found is not None and found.action is not None
    # a card: either a completion the engine accepts or the engine's reason for the best try
    found = answer(state, Thing(card=open_card.id))
    assert found is not None
    if found.error is not None:
        assert found.error.key in ("task_unfulfilled", "die_does_not_fit", "fill_all")
    # a passive player's die that was not rerolled
    passive = _position(2, lambda s: s.phase == Phase.PASSIVE)
    kept = [c for c in COLOURS if c not in passive.rerolled]
    if kept:
        found = answer(passive, Thing(die=kept[0]))
        assert found is not None and found.error is not None
        assert found.error.key == refusal(passive, Write(kept[0], found_card(passive), 0)).key  # type: ignore[union-attr]


def _refusals(state: State, card: str) -> list[IllegalActionError]:
    from scenes.table.why_not import candidates

    errors = [refusal(state, action) for action in candidates(state, Thing(card=card))]
    return [error for error in errors if error is not None]


def found_card(state: State) -> str:
    return next(p.id for p in state.display(state.decider) if not p.completed)


def test_right_click_on_a_field_tells_the_engines_reason_next_to_it(app: App) -> None:
    session = GameSession.start(HUMAN_VS_BOT, seed=7)
    while not (session.human_to_decide and session.state.phase == Phase.ACTIVE and session.state.rolls == 1):
        if session.human_to_decide:
            session.play(advise(session.state).action)
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()
    open_table(app, session, how="reset")
    step(app, 60)
    scene = top(app)
    assert isinstance(scene, TurnScene)
    state = session.state
    placed = next(p for p in state.display(0) if not p.completed)
    index = next(i for i, v in enumerate(placed.filled) if v is None)
    from scenes.table.geometry import field_rects

    rect = field_rects(placed.card, scene.main.rect_of(placed.pos))[index]
    expected = answer(state, Thing(card=placed.id, field=index))
    assert expected is not None
    _right_click(app, rect.center)
    assert scene.why_not.showing and scene.why_not.legal == (expected.action is not None)
    assert scene.why_not.text is not None
    assert scene.why_not.text() == expected.text(state, state.card)
    assert scene.why_not.near == rect
    assert session.state is state  # asking changes nothing


def test_hints_are_kept_in_the_save_and_old_saves_load_with_none(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    session = GameSession.start(HUMAN_VS_BOT, seed=5, save_path=save, context={"mode": "solo"})
    assert hints_used(session.context) == 0
    session.context[HINTS] = 2
    session.save()
    assert hints_used(GameSession.resume(save).context) == 2
    # the archive keeps the count in the record it replays
    assert entry_of_session(session, "finished", "now").record["context"][HINTS] == 2
    session.context.pop(HINTS)  # a save from before hints existed
    session.save()
    assert hints_used(GameSession.resume(save).context) == 0
    assert hints_used({HINTS: "many"}) == 0 and hints_used({HINTS: -3}) == 0


def test_a_hinted_solo_game_is_kept_and_marked_but_sets_no_best_score() -> None:
    from game.goennen.engine import standard_deck

    deck = standard_deck()
    progress = Progress(deck_version=deck.version)
    plain = record_game(progress, 1, 40, "solo", deck=deck, game_id="a")
    hinted = record_game(plain.progress, 1, 60, "solo", deck=deck, game_id="b", hints=3)
    assert hinted.progress.best[1] == 40 and not hinted.new_best
    assert hinted.record.hints == 3 and hinted.record in hinted.progress.history
    again = progress_from_data(progress_to_data(hinted.progress), deck)
    assert [game.hints for game in again.history] == [0, 3]
    old = progress_to_data(plain.progress)
    assert "hints" not in old["history"][0]  # unhinted games are written as before


def test_the_final_score_says_a_game_was_played_with_hints(app: App) -> None:
    session = GameSession.start(HUMAN_VS_BOT, seed=2)
    while not session.over:
        if session.human_to_decide:
            session.play(advise(session.state).action)
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()
    session.context[HINTS] = 4
    from scenes.table.scoring import ScoringScene

    scene = ScoringScene(app, session)
    assert t("result.hints", count=4) in scene.banner_text()
    session.context.pop(HINTS)
    assert t("result.hints", count=4) not in scene.banner_text()


def test_h_question_mark_and_right_click_become_the_hint_and_why_not_intents() -> None:
    from scenes.core.intents import Action, IntentMapper

    mapper = IntentMapper()

    def keydown(code: int, unicode: str, mod: int = 0) -> list[Action]:
        event = pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)
        return [intent.action for intent in mapper.map(event)]

    assert keydown(pygame.K_h, "h") == [Action.HINT]
    assert keydown(pygame.K_SLASH, "?", pygame.KMOD_SHIFT) == [Action.WHY_NOT]  # "?" wherever it lies
    assert keydown(pygame.K_h, "h", pygame.KMOD_CTRL) == []
    up = mapper.map(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(10, 20)))
    assert [(i.action, i.pos) for i in up] == [(Action.WHY_NOT, (10, 20))]
    mapper.text_entry = True  # a name being typed keeps its letters
    assert keydown(pygame.K_h, "h") == [] and keydown(pygame.K_SLASH, "?", pygame.KMOD_SHIFT) == []


def test_the_opening_deal_is_played_by_following_only_the_hints(app: App) -> None:
    """The deal has the Hint button and H too: the card to put back, then each card and its cell."""
    app.change_settings(animation_speed="instant")
    session = GameSession.start(HUMAN_VS_BOT, seed=3)
    open_table(app, session, how="reset")
    step(app, 5)
    followed = []
    for _ in range(200):
        scene = top(app)
        if not isinstance(scene, DealScene) or not session.human_to_decide:
            break
        assert isinstance(scene, DealScene)
        buttons = [w for w in scene.focus.widgets if isinstance(w, Button)]
        hint_button = next(b for b in buttons if b.label() == t("hint.button"))
        state = session.state
        click(app, hint_button.rect.center)  # asked with the button ...
        scene.hints.wait()
        step(app, 2)
        advice = scene.hints.current()
        assert advice is not None and advice.action == advise(state).action
        assert state.phase in (Phase.SETUP_RETURN, Phase.SETUP_PLACE)
        assert sentence(advice, state, state.card).startswith(("Put", "Place"))
        count = len(session.match.actions)
        _press(app, pygame.K_h)  # ... and followed with H
        assert session.match.actions[count] == advice.action
        followed.append(str(advice.action))
    assert followed[0].startswith("return") and sum(a.startswith("place") for a in followed) == 3, followed
    assert hints_used(session.context) == 4


def test_a_plan_that_completes_and_buys_names_every_act_in_every_language() -> None:
    def two_acts(state: State) -> bool:
        if state.phase != Phase.ACTIVE or state.acted:
            return False
        return sum(isinstance(step, (Complete, Buy)) for step in advise(state).steps) >= 2

    state = _position(2, two_acts)
    advice = advise(state)
    acts = [step for step in advice.steps if isinstance(step, (Complete, Buy))]
    cards = [act.card if isinstance(act, Complete) else state.market_card(act.row, act.slot) for act in acts]
    try:
        for language in LANGUAGES:
            set_language(language)
            names = [name_of(card, state.card) for card in cards if card is not None]
            assert len(names) == len(acts)
            text = sentence(advice, state, state.card)
            assert all(name in text for name in names), (language, text)
            assert points(advice.why.gain) in text and "{" not in text
    finally:
        set_language("en")


def test_h_while_a_bot_plays_tells_why_it_made_its_move_from_its_own_numbers(app: App) -> None:
    """Issue 33 item 7: the same sentence builder as the Hint, from the bot's own numbers; no hint
    is counted, and the answer goes once the player acts."""
    from game.goennen.ai import explain
    from scenes.model.hints import hints_used
    from tools.advice_shots import bot_used_dice

    scene = bot_used_dice(app)
    session = scene.session
    assert not session.human_to_decide
    _press(app, pygame.K_h)
    scene.hints.wait()
    step(app, 2)
    explained = scene.hints.bot_why()
    assert explained is not None
    why, before = explained
    move = scene.hints.bot_move()
    assert move is not None and move[0] is before
    level = session.seats[before.decider].level
    assert why == explain(before, move[1], level or "normal") and why.bot == level
    assert sentence(why, before, before.card)
    assert hints_used(session.context) == 0  # asking why of a bot is no hint


def test_a_hint_that_puts_kept_dice_back_says_which_and_why() -> None:
    """Issue 33 item 1: a reroll of dice on the construction site is told, with the reason."""
    from scenes.table.words import dice_words

    state = _position(4, lambda s: s.phase == Phase.ACTIVE and s.rolls == 1 and advise(s).why.kind == "keep")
    advice = advise(state)
    rerolled = advice.action.dice  # type: ignore[attr-defined]
    kept = {rerolled[0]}  # the player had put this die on the construction site
    text = sentence(advice, state, state.card, kept)
    why = advice.why
    assert why.card is not None
    expected = t(
        "hint.put_back", dice=dice_words([rerolled[0]], state), card=name_of(why.card, state.card), count=1
    )
    assert text.endswith(expected)
    assert sentence(advice, state, state.card) == text[: -len(expected) - 1]  # nothing kept: nothing said
