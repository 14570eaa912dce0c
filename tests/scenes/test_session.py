"""The table's game session: humans and bots take turns, undo stays inside one's own decision,
every action is saved, and a killed game resumes at the exact position."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.goennen.actions import Buy, Complete, End, Place, Reroll, ReturnCard, Write
from game.goennen.engine import IllegalActionError, result
from game.goennen.serialize import SaveError
from scenes.model import archive
from scenes.model.archive_entry import FINISHED
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession

HUMAN_VS_BOT = GameConfig(
    (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy")), start_player=0
)


def _human_choice(session: GameSession, rng: random.Random) -> object:
    """A simple human: completes or buys when possible, otherwise rerolls or ends."""
    legal = session.legal()
    for kind in (Complete, Buy, Place, ReturnCard, Write):
        options = [a for a in legal if isinstance(a, kind)]
        if options:
            return rng.choice(options)
    enders = [a for a in legal if isinstance(a, End)]
    rerolls = [a for a in legal if isinstance(a, Reroll)]
    return rng.choice(rerolls or enders or legal)


def _run_until(session: GameSession, stop: int, rng: random.Random) -> None:
    while not session.over and len(session.match.actions) < stop:
        if session.human_to_decide:
            session.play(_human_choice(session, rng))  # type: ignore[arg-type]
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()


def test_whole_game_human_against_bot_is_saved_and_scored(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    session = GameSession.start(HUMAN_VS_BOT, seed=11, save_path=save)
    _run_until(session, 10**6, random.Random(1))
    assert session.over
    assert len(result(session.state).scores) == 2
    resumed = GameSession.resume(save)
    assert resumed.state == session.state
    assert archive.keep(session, FINISHED) is None and not save.exists()
    assert archive.store(tmp_path).count() == 1


def test_killed_mid_turn_resumes_at_the_exact_position(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    session = GameSession.start(HUMAN_VS_BOT, seed=5, save_path=save)
    _run_until(session, 120, random.Random(2))
    # the process "dies" here: only the file on disk survives
    resumed = GameSession.resume(save)
    assert resumed.state == session.state
    assert resumed.match.actions == session.match.actions
    assert [s.name for s in resumed.seats] == ["Anna", "Robo"]
    assert resumed.seats[1].level == "easy"


def test_context_is_kept_with_the_save(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    config = GameConfig((SeatConfig("Solo", SeatKind.HUMAN),))
    GameSession.start(config, seed=2, solo_level=3, save_path=save, context={"mode": "campaign"})
    resumed = GameSession.resume(save)
    assert resumed.context == {"mode": "campaign"}
    assert resumed.state.config.solo_level == 3


def test_undo_only_inside_own_decision(tmp_path: Path) -> None:
    session = GameSession.start(HUMAN_VS_BOT, seed=3, save_path=tmp_path / "save.json")
    while not session.human_to_decide:
        session.resolve_chance() if not session.bot_to_decide else session.bot_decision_now()
    # the human's setup: returning a card and placing keeps the decision with the human
    before = session.state
    returned = next(a for a in session.legal() if isinstance(a, ReturnCard))
    session.play(returned)
    assert session.can_undo
    assert session.undo()
    assert session.state == before
    assert not session.undo()


def test_illegal_action_changes_nothing(tmp_path: Path) -> None:
    session = GameSession.start(HUMAN_VS_BOT, seed=3, save_path=tmp_path / "save.json")
    while not session.human_to_decide:
        session.resolve_chance()
    before = session.state, list(session.match.actions)
    with pytest.raises(IllegalActionError):
        session.play(End())
    assert (session.state, session.match.actions) == before


def test_bot_thinks_on_a_worker_thread(tmp_path: Path) -> None:
    config = GameConfig((SeatConfig("A", SeatKind.BOT, "hard"), SeatConfig("B", SeatKind.BOT, "normal")))
    session = GameSession.start(config, seed=9)
    while not session.bot_to_decide:
        session.resolve_chance()
    assert session.poll_bot() is None  # the first poll only starts the worker
    action = session.bot_decision_now()
    assert action is not None


def test_damaged_seats_are_refused_by_name(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    GameSession.start(HUMAN_VS_BOT, seed=1, save_path=save)
    save.write_text(save.read_text(encoding="utf-8").replace('"easy"', '"godlike"'), encoding="utf-8")
    with pytest.raises(SaveError, match="save.json"):
        GameSession.resume(save)
