"""Best scores and history records of progress.json carry their deck version: scores only compare
within one deck version, so a later deck's best starts afresh while the older ones are kept.

No window here, except for one look at the solo card with a later deck."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.goennen.deck import load_deck, standard_deck
from scenes.app import App
from scenes.model import progress as progress_module
from scenes.model.progress import (
    FORMAT_VERSION,
    GameRecord,
    Progress,
    ProgressError,
    load_progress,
    progress_from_data,
    record_game,
    save_progress,
)
from tests.scenes.conftest import settle
from tests.scenes.test_solo import open_solo_card

FROZEN = Path(__file__).resolve().parent.parent / "game" / "data"
DECK_2 = load_deck(FROZEN / "deck-v2.toml")  # frozen copies: these tests are about two deck versions,
DECK_3 = load_deck(FROZEN / "deck-v3.toml")  # not about the deck this release deals


def test_the_frozen_decks_are_versions_2_and_3_and_old_files_were_deck_2() -> None:
    # The upgrade below tags old files with deck version 2, the deck before version 3's release.
    assert DECK_2.version == 2 == progress_module.VERSION_2_DECK
    assert DECK_3.version == 3
    assert standard_deck().version > 3


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def stored(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# --- the version 3 file ---------------------------------------------------------------------------


def test_a_progress_with_two_deck_versions_comes_back_the_same(tmp_path: Path) -> None:
    history = (
        GameRecord("2025-03-01T20:00:00", 1, 120, True, "solo", deck_version=2),
        GameRecord("2025-03-02T20:00:00", 3, 95, True, "campaign", game_id="7:310", deck_version=2),
        GameRecord("2026-01-05T19:30:00", 1, 80, False, "watch", bot="hard", deck_version=3),
    )
    progress = Progress(
        won_levels=frozenset({1, 2, 3}),
        best={1: 80},
        history=history,
        deck_version=3,
        other_best={2: {1: 120, 3: 95}},
    )
    path = tmp_path / "progress.json"
    save_progress(progress, path)
    data = stored(path)
    assert data["version"] == FORMAT_VERSION == 3
    assert data["best"] == {"2": {"1": 120, "3": 95}, "3": {"1": 80}}
    assert [game["deck"] for game in data["history"]] == [2, 2, 3]
    assert load_progress(path, DECK_3).progress == progress
    # Seen with deck 2, the same file shows deck 2's best scores and keeps deck 3's aside.
    with_deck_2 = load_progress(path, DECK_2).progress
    assert with_deck_2.best == {1: 120, 3: 95} and with_deck_2.other_best == {3: {1: 80}}
    assert with_deck_2.history == history and with_deck_2.won_levels == {1, 2, 3}


def test_a_booked_game_carries_its_deck_version() -> None:
    booked = record_game(Progress(deck_version=3), 2, 77, "solo", deck=DECK_3, date="2026-01-05T19:30:00")
    assert booked.record.deck_version == 3 and booked.progress.history == (booked.record,)


# --- older files ----------------------------------------------------------------------------------

VERSION_2_FILE: dict[str, Any] = {
    "version": 2,
    "won_levels": [1, 2],
    "best": {"1": 104, "2": 90, "3": 70},
    "campaign": {"level": 2, "points": 14, "over": False, "won": False, "history": [[1, 104, 14]]},
    "pending": None,
    "history": [
        {"date": "2025-03-01T20:00:00", "level": 1, "score": 104, "won": True, "mode": "campaign"},
        {
            "date": "2025-03-02T20:00:00",
            "level": 2,
            "score": 90,
            "won": True,
            "mode": "solo",
            "game": "5:300",
        },
        {"date": "2025-03-03T20:00:00", "level": 3, "score": 70, "won": False, "mode": "solo"},
        {"date": "2025-03-04T20:00:00", "level": 3, "score": 99, "won": True, "mode": "watch", "bot": "hard"},
    ],
    "campaigns": [{"date": "2025-02-01T18:00:00", "level": 3, "points": 4, "won": False}],
}


def test_a_version_2_file_was_played_with_deck_2(tmp_path: Path) -> None:
    path = write(tmp_path / "progress.json", VERSION_2_FILE)
    loaded = load_progress(path, DECK_2)
    assert loaded.problem is None
    progress = loaded.progress
    assert progress.best == {1: 104, 2: 90, 3: 70} and progress.other_best == {}
    assert [(game.level, game.score, game.mode, game.deck_version) for game in progress.history] == [
        (1, 104, "campaign", 2),
        (2, 90, "solo", 2),
        (3, 70, "solo", 2),
        (3, 99, "watch", 2),
    ]
    assert progress.history[1].game_id == "5:300" and progress.history[3].bot == "hard"
    assert progress.won_levels == {1, 2} and progress.campaign is not None
    assert progress.campaign.points == 14 and len(progress.campaigns) == 1
    save_progress(progress, path)
    assert stored(path)["best"] == {"2": {"1": 104, "2": 90, "3": 70}}


def test_a_version_1_file_goes_through_both_upgrades_to_deck_2(tmp_path: Path) -> None:
    old = {
        "version": 1,
        "ticks": [True, False],
        "best": {"1": 99, "2": 60},
        "history": [{"date": "2024-12-24T10:00:00", "level": 1, "score": 99, "won": True, "mode": "solo"}],
    }
    progress = load_progress(write(tmp_path / "progress.json", old), DECK_3).progress
    assert progress.won_levels == {1}
    assert progress.best == {} and progress.other_best == {2: {1: 99, 2: 60}}
    assert [game.deck_version for game in progress.history] == [2]


# --- a later deck ---------------------------------------------------------------------------------


def test_a_deck_2_best_does_not_count_with_deck_3_but_survives_a_save(tmp_path: Path) -> None:
    path = write(tmp_path / "progress.json", VERSION_2_FILE)
    progress = load_progress(path, DECK_3).progress
    assert progress.best == {} and progress.other_best == {2: {1: 104, 2: 90, 3: 70}}
    assert progress.won_levels == {1, 2} and progress.campaign is not None  # kept across decks
    first = record_game(progress, 2, 85, "solo", deck=DECK_3)
    assert first.previous_best is None and not first.new_best  # 90 was deck 2's
    assert first.progress.best == {2: 85}
    save_progress(first.progress, path)
    assert stored(path)["best"] == {"2": {"1": 104, "2": 90, "3": 70}, "3": {"2": 85}}
    assert load_progress(path, DECK_2).progress.best == {1: 104, 2: 90, 3: 70}
    second = record_game(load_progress(path, DECK_3).progress, 2, 88, "solo", deck=DECK_3)
    assert second.new_best and second.previous_best == 85


def test_games_played_count_only_the_current_deck(tmp_path: Path) -> None:
    # the solo card says "best 90 in 1 game": the count belongs with the best beside it
    path = write(tmp_path / "progress.json", VERSION_2_FILE)
    with_deck_2 = load_progress(path, DECK_2).progress
    assert [with_deck_2.played(level) for level in (1, 2, 3)] == [1, 1, 1]  # the watched game not
    with_deck_3 = load_progress(path, DECK_3).progress
    assert [with_deck_3.played(level) for level in (1, 2, 3)] == [0, 0, 0]
    booked = record_game(with_deck_3, 2, 85, "solo", deck=DECK_3).progress
    assert booked.played(2) == 1


def test_a_game_is_only_booked_into_the_progress_of_its_own_deck() -> None:
    with pytest.raises(ValueError, match="deck version 2"):
        record_game(Progress(deck_version=3), 1, 100, "solo", deck=DECK_2)
    with pytest.raises(ValueError, match="belong in 'best'"):
        Progress(deck_version=3, other_best={3: {1: 100}})


def test_the_solo_card_shows_the_best_scores_of_the_current_deck(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    path = write(data_dir / "progress.json", VERSION_2_FILE)  # this release deals a later deck
    app = App(data_dir=data_dir)
    settle(app)
    card = open_solo_card(app)
    assert card.progress.best == {} and card.progress.won_levels == {1, 2}
    assert card.selected == 3  # the opened levels stay open
    app.draw()
    current = standard_deck()
    card.store.update(record_game(card.progress, 1, 50, "solo", deck=current).progress)
    assert stored(path)["best"] == {"2": {"1": 104, "2": 90, "3": 70}, str(current.version): {"1": 50}}


# --- malformed entries ----------------------------------------------------------------------------


def version_3(**changes: Any) -> dict[str, Any]:
    return {"version": 3, "won_levels": [], "best": {}, "history": [], "campaigns": [], **changes}


GAME = {"date": "2026-01-05T19:30:00", "level": 1, "score": 80, "won": False, "mode": "solo", "deck": 3}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (version_3(best=[]), "'best' should be an object"),
        (version_3(best={"x": {}}), "'best' has a key 'x' that is not a deck version"),
        (version_3(best={"²": {}}), "'best' has a key '²' that is not a deck version"),
        (version_3(best={"0": {}}), "the deck version '0' in 'best' should be a whole number of at least 1"),
        (version_3(best={"2": 120}), "'best.2' should be an object"),
        (version_3(best={"2": {"one": 1}}), "'best.2' has a key 'one' that is not a level"),
        (version_3(best={"3": {"8": 1}}), "a level in 'best.3' should be a whole number from 1 to 7"),
        (version_3(best={"2": {"1": -5}}), "'best.2.1' should be a whole number of at least 0"),
        (version_3(best={"2": {"1": True}}), "'best.2.1' should be a whole number of at least 0"),
        (version_3(history=[GAME, {**GAME, "deck": None}]), "the deck of 'history' entry 2 should be"),
        (version_3(history=[{**GAME, "deck": "3"}]), "the deck of 'history' entry 1 should be"),
        (version_3(history=[{**GAME, "deck": 0}]), "the deck of 'history' entry 1 should be"),
        (
            version_3(history=[{k: v for k, v in GAME.items() if k != "deck"}]),
            "the deck of 'history' entry 1",
        ),
        ({**VERSION_2_FILE, "best": {"1": 90, "x": 3}}, "'best.2' has a key 'x' that is not a level"),
        ({**VERSION_2_FILE, "best": [90]}, "'best' should be an object"),
    ],
)
def test_a_malformed_deck_entry_is_named(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ProgressError) as error:
        progress_from_data(json.loads(json.dumps(data)), DECK_3)  # a copy: upgrades change what they read
    assert message in str(error.value)


def test_a_file_with_a_malformed_deck_entry_is_set_aside_not_lost(tmp_path: Path) -> None:
    path = write(tmp_path / "progress.json", version_3(best={"2": {"1": 104}, "3": {"1": "lots"}}))
    original = path.read_bytes()
    loaded = load_progress(path, DECK_3)
    assert loaded.problem is not None and loaded.problem.reason == "damaged"
    assert loaded.problem.detail == "'best.3.1' should be a whole number of at least 0"
    assert loaded.problem.kept_as is not None
    assert (tmp_path / loaded.problem.kept_as).read_bytes() == original
    assert not path.exists() and loaded.progress == Progress(deck_version=3)
