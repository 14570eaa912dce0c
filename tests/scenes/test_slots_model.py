"""Save slots without a window: which slot a game goes to, the list Continue shows (a damaged save
included, never a crash), the old single save.json taken over, and making room for a new game."""

from __future__ import annotations

import os
from pathlib import Path

from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.slots import (
    CAMPAIGN,
    SOLO,
    TABLE,
    adopt_old_save,
    delete_slot,
    has_unfinished_game,
    make_room,
    occupant,
    read_slot,
    slot_path,
    unfinished_games,
)

TWO = GameConfig((SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bruno", SeatKind.BOT, "easy")), 0)
ME = GameConfig((SeatConfig("Me", SeatKind.HUMAN),))


def _solo(folder: Path, level: int, mode: str = "solo", path: Path | None = None) -> GameSession:
    target = path or slot_path(mode, level, folder)
    return GameSession.start(ME, seed=level, solo_level=level, save_path=target, context={"mode": mode})


def test_each_mode_and_level_has_its_own_slot(tmp_path: Path) -> None:
    paths = {
        slot_path(None, None, tmp_path),
        slot_path("solo", 1, tmp_path),
        slot_path("solo", 2, tmp_path),
        slot_path("campaign", 2, tmp_path),
    }
    assert len(paths) == 4
    assert slot_path("campaign", 1, tmp_path) == slot_path("campaign", 5, tmp_path)  # one campaign
    assert slot_path("watch", 3, tmp_path) is None  # a watched bot game is not saved


def test_the_list_says_who_plays_which_mode_the_round_and_when(tmp_path: Path) -> None:
    GameSession.start(TWO, seed=4, save_path=slot_path(None, None, tmp_path))
    _solo(tmp_path, 3)
    _solo(tmp_path, 2, "campaign")
    os.utime(slot_path("solo", 3, tmp_path), (1_000_000, 1_000_000))  # played long ago
    games = unfinished_games(tmp_path)
    assert [(game.kind, game.level) for game in games][-1] == (SOLO, 3)  # the oldest last
    table = next(game for game in games if game.kind == TABLE)
    assert table.names == ("Anna", "Bruno") and table.round == 0 and table.resumable  # the deal
    campaign = next(game for game in games if game.kind == CAMPAIGN)
    assert campaign.level == 2 and campaign.names == ("Me",)
    assert has_unfinished_game(tmp_path)
    assert not has_unfinished_game(tmp_path / "nowhere")


def test_a_damaged_save_in_one_slot_is_listed_with_its_reason_beside_the_good_ones(tmp_path: Path) -> None:
    _solo(tmp_path, 1)
    damaged = {
        slot_path("solo", 2, tmp_path): "{ not json",
        slot_path("solo", 3, tmp_path): "[" * 100_000 + "]" * 100_000,  # too deep for the parser
        slot_path("solo", 4, tmp_path): '{"version": 1, "setup": {"seed": ' + "9" * 5000 + "}}",
        slot_path("campaign", 1, tmp_path): "\x00\xff binary",
    }
    for path, text in damaged.items():
        assert path is not None
        path.write_text(text, encoding="latin-1")
    (tmp_path / "save.json").mkdir()  # a folder where a file belongs is no slot
    games = unfinished_games(tmp_path)
    assert len(games) == 5
    broken = [game for game in games if not game.resumable]
    assert {game.path for game in broken} == set(damaged)
    assert all(game.problem for game in broken)
    assert read_slot(slot_path("solo", 1, tmp_path) or tmp_path).resumable


def test_the_old_single_save_of_a_solo_game_moves_to_its_own_slot(tmp_path: Path) -> None:
    old = tmp_path / "save.json"
    _solo(tmp_path, 4, path=old)
    assert adopt_old_save(tmp_path) == slot_path("solo", 4, tmp_path)
    assert not old.exists() and read_slot(slot_path("solo", 4, tmp_path) or old).level == 4
    _solo(tmp_path, 2, "campaign", path=old)
    assert adopt_old_save(tmp_path) == slot_path("campaign", 2, tmp_path)


def test_the_old_save_stays_where_it_is_for_a_table_game_a_taken_slot_or_damage(tmp_path: Path) -> None:
    old = tmp_path / "save.json"
    GameSession.start(TWO, seed=4, save_path=old)
    assert adopt_old_save(tmp_path) is None and old.exists()  # the multiplayer slot already
    _solo(tmp_path, 1)
    _solo(tmp_path, 1, path=old)
    assert adopt_old_save(tmp_path) is None and old.exists()  # its slot is taken: nothing replaced
    old.write_text("{ damaged", encoding="utf-8")
    assert adopt_old_save(tmp_path) is None and old.read_text(encoding="utf-8") == "{ damaged"


def test_making_room_sets_a_damaged_save_aside_and_leaves_a_good_one_to_be_replaced(tmp_path: Path) -> None:
    path = slot_path("solo", 5, tmp_path)
    assert path is not None and occupant(path) is None
    path.write_text("{ damaged", encoding="utf-8")
    occupied = occupant(path)
    assert occupied is not None and not occupied.resumable
    make_room(path)
    assert not path.exists() and list(tmp_path.glob("save-solo-5.json.broken-*"))
    _solo(tmp_path, 5)
    make_room(path)
    assert path.exists()  # a readable game is only replaced by the new game's save, after asking
    delete_slot(path)
    assert not path.exists() and occupant(path) is None


def test_a_game_past_its_deal_is_listed_in_round_one_as_its_header_counts(tmp_path: Path) -> None:
    path = slot_path(None, None, tmp_path)
    bots = (SeatConfig("Anna", SeatKind.BOT, "easy"), SeatConfig("Bruno", SeatKind.BOT, "easy"))
    both_bots = GameConfig(bots, 0)
    session = GameSession.start(both_bots, seed=4, save_path=path)
    assert read_slot(path).round == 0  # still dealing
    while session.state.phase in ("setup-return", "setup-place") or session.state.is_chance:
        if session.state.is_chance:
            session.resolve_chance()  # draws and plays the due card
        else:
            session.bot_decision_now()  # decides and plays
    assert session.state.round == 0  # the engine counts from 0 ...
    assert read_slot(path).round == 1  # ... the header and the Continue list say round 1
