"""Progress and slots keep one previous generation beside them: a damaged current file is set
aside and the previous one restored, with a notice naming both."""

from __future__ import annotations

from pathlib import Path

from scenes.app import App
from scenes.core import file_notices
from scenes.model import files
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.progress import Progress, ProgressStore, save_progress
from scenes.model.session import GameSession
from tests.scenes.conftest import settle

TWO_BOTS = GameConfig((SeatConfig("Ada", SeatKind.BOT, "easy"), SeatConfig("Bruno", SeatKind.BOT, "easy")))


def one_move(session: GameSession) -> None:
    if session.turn.kind == "chance":
        session.resolve_chance()
    else:
        session.play(session.legal()[0])


def test_progress_keeps_the_generation_before_its_last_write(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    save_progress(Progress(won_levels=frozenset({1})), path)
    assert not files.previous_of(path).exists()  # nothing came before the first write
    save_progress(Progress(won_levels=frozenset({1, 2})), path)
    path.write_bytes(b'{"version": 3, "won_levels": [1, 2, \x00')  # damaged on disk
    store = ProgressStore(path)
    assert store.progress.won_levels == {1}  # the generation before
    assert store.problem is not None and store.problem.restored and store.problem.kept_as
    assert (tmp_path / store.problem.kept_as).read_bytes().endswith(b"\x00")  # the damage, kept
    notice = file_notices.unreadable(file_notices.PROGRESS, store.problem)
    assert "progress.json" in notice and store.problem.kept_as in notice and "restored" in notice
    assert store.writable


def test_a_damaged_previous_is_no_rescue(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b"\xff")
    files.previous_of(path).write_bytes(b"[1, 2")
    store = ProgressStore(path)
    assert store.progress.won_levels == frozenset() and store.problem is not None
    assert not store.problem.restored


def test_a_damaged_slot_is_restored_at_start_with_a_notice(data_dir: Path) -> None:
    path = data_dir / "save.json"
    session = GameSession.start(TWO_BOTS, seed=4, save_path=path)
    one_move(session)  # a second save: the first is the previous now
    assert files.previous_of(path).is_file()
    path.write_bytes(path.read_bytes()[:-40])  # a write cut short
    app = App(data_dir=data_dir)
    settle(app)
    assert app.notice is not None and "save.json" in app.notice and "restored" in app.notice
    resumed = GameSession.resume(path)
    assert len(resumed.match.actions) == len(session.match.actions) - 1
    assert any(".broken-" in kept.name for kept in data_dir.iterdir())


def test_a_slot_that_leaves_takes_its_previous_along(data_dir: Path) -> None:
    from scenes.model.slots import delete_slot

    path = data_dir / "save.json"
    session = GameSession.start(TWO_BOTS, seed=4, save_path=path)
    one_move(session)
    delete_slot(path)
    assert not path.exists() and not files.previous_of(path).exists()
    # and a stale previous never becomes a new game's past
    files.previous_of(path).write_text("{}", encoding="utf-8")
    GameSession.start(TWO_BOTS, seed=5, save_path=path)
    assert not files.previous_of(path).exists()
