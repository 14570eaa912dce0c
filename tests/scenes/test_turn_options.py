"""What the deciding human may do now (scenes/table/turn_options.py), without a window: the offers
follow the engine's legal actions and the selection, and a step changes only the selection or
names the action to play."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from game.goennen.engine import COLOURS, Complete, Phase, Reroll, State
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.table.choices import build
from scenes.table.turn_options import Step, TurnOptions

ROOT = Path(__file__).resolve().parents[2]
SEATS = (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy"))


def session_at(done: Callable[[State], bool], seed: int = 4) -> GameSession:
    """Play a seeded game (the human at random among its legal actions) until `done`."""
    session = GameSession.start(GameConfig(SEATS, 0), seed=seed)
    rng = random.Random(seed)
    while not done(session.state):
        assert not session.over
        if session.human_to_decide:
            session.play(rng.choice(session.legal()))
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()
    return session


def human_active(state: State) -> bool:
    return state.phase == Phase.ACTIVE and state.decider == 0 and state.rolls == 1 and not state.is_chance


def test_the_options_are_built_without_pygame() -> None:
    code = "import sys, scenes.table.turn_options; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_the_active_player_may_keep_every_die_and_reroll_the_rest() -> None:
    state = session_at(human_active).state
    choices = build(state)
    options = TurnOptions()
    options.rebuild(None, state, choices)
    buttons, targets = options.offers(state, choices, frozenset())
    keys = [offer.key for offer in buttons]
    assert keys[0] == "reroll"
    assert [target.colour for target in targets if target.kind == "die"] == list(COLOURS)
    assert options.prompt(state, choices, "Anna", human=True).startswith("Anna")
    kept = frozenset(COLOURS[:2])
    action, changed = options.apply(Step("reroll"), state, choices, kept)
    assert isinstance(action, Reroll) and set(action.dice) == set(COLOURS[2:]) and not changed
    everything = frozenset(COLOURS)
    buttons, _targets = options.offers(state, choices, everything)
    assert not next(offer for offer in buttons if offer.key == "reroll").enabled  # nothing left to roll


def test_a_proposal_is_confirmed_cycled_or_cancelled() -> None:
    def can_complete(state: State) -> bool:
        return human_active(state) and any(isinstance(a, Complete) for a in build(state).legal)

    state = session_at(can_complete, seed=5).state
    choices = build(state)
    card = next(iter(choices.completes))
    options = TurnOptions()
    options.rebuild(None, state, choices)
    assert options.card_glow(state, choices)[card] == "can"
    assert options.apply(Step("propose_complete", card=card), state, choices, frozenset()) == (None, True)
    assert options.mode == "proposal" and options.proposal == choices.completes[card][0]
    assert options.card_glow(state, choices)[card] == "picked"
    buttons, _targets = options.offers(state, choices, frozenset())
    confirm = buttons[0]
    assert confirm.key == "confirm" and confirm.step == Step("play", choices.completes[card][0])
    assert options.cycle(1) == (len(choices.completes[card]) > 1)
    assert options.clicked_nothing(state) and options.mode == "" and options.proposal is None


def test_a_passive_write_picks_a_die_then_a_field() -> None:
    def passive(state: State) -> bool:
        return state.phase == Phase.PASSIVE and state.decider == 0 and len(build(state).writes) > 1

    state = session_at(passive, seed=4).state
    choices = build(state)
    options = TurnOptions()
    options.rebuild(None, state, choices)
    assert options.mode == "write" and options.selected is None
    _buttons, targets = options.offers(state, choices, frozenset())
    assert {target.kind for target in targets} == {"die"}
    colour = next(iter(choices.writes))
    options.apply(Step("select", colour=colour), state, choices, frozenset())
    _buttons, targets = options.offers(state, choices, frozenset())
    fields = [target for target in targets if target.kind == "field"]
    assert [target.step.action for target in fields] == list(choices.writes[colour].values())
    assert options.dice_rings(choices)[colour] == "picked"
    assert options.clicked_nothing(state) and options.selected is None and options.mode == "write"
