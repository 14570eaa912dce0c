"""Slots and confirmations through real events: nothing a player started is replaced, restarted,
resigned or deleted without a question naming it, with the focus on the safe answer; Resign ends
on the scores as they stood; the Continue list survives a damaged save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.goennen.engine import current_scores
from game.goennen.serialize import VERSION as SAVE_VERSION
from scenes.app import App
from scenes.core import i18n
from scenes.core.confirm import ConfirmScene
from scenes.menus.continue_list import ContinueScene
from scenes.menus.newgame import NewGameScene
from scenes.menus.pause import PauseScene
from scenes.menus.slot_words import row_words
from scenes.menus.title import TitleScene
from scenes.model import archive
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.progress import load_progress, save_progress
from scenes.model.session import GameSession
from scenes.model.slots import slot_path, table_slot, unfinished_games
from scenes.solo import play
from scenes.solo.campaign import CampaignScene
from scenes.solo.card import SoloCardScene
from scenes.table.opening import open_table
from scenes.table.scoring import ScoringScene
from tests.scenes.conftest import click, pad, press, settle, top
from tests.scenes.test_solo import campaign_progress

TWO = GameConfig((SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Bruno", SeatKind.BOT, "easy")), 0)


def _fresh(data_dir: Path) -> App:
    app = App(data_dir=data_dir)
    settle(app)
    return app


def _confirmation(app: App) -> ConfirmScene:
    scene = top(app)
    assert isinstance(scene, ConfirmScene)
    assert scene.focus.focused is scene.cancel_button  # the safe answer has the focus
    return scene


def _pause(app: App) -> PauseScene:
    press(app, pygame.K_ESCAPE)
    scene = top(app)
    assert isinstance(scene, PauseScene)
    return scene


def _table_game(app: App, seed: int = 4) -> GameSession:
    session = GameSession.start(TWO, seed=seed, save_path=table_slot())
    open_table(app, session)
    settle(app)
    return session


def test_the_title_focuses_continue_when_a_game_is_unfinished(data_dir: Path) -> None:
    title = top(_fresh(data_dir))
    assert isinstance(title, TitleScene) and "continue" not in title.buttons
    GameSession.start(TWO, seed=4, save_path=table_slot())
    title = top(_fresh(data_dir))
    assert isinstance(title, TitleScene)
    assert title.focus.focused is title.buttons["continue"]
    assert title.buttons["continue"].primary and not title.buttons["new_game"].primary  # drawn as the way on


def test_a_second_new_game_asks_and_keeps_the_first_when_refused(data_dir: Path) -> None:
    GameSession.start(TWO, seed=4, save_path=table_slot())
    first = table_slot().read_bytes()
    app = _fresh(data_dir)
    title = top(app)
    assert isinstance(title, TitleScene)
    click(app, title.buttons["new_game"].rect.center)
    new_game = top(app)
    assert isinstance(new_game, NewGameScene)
    click(app, new_game.start_button.rect.center)
    dialog = _confirmation(app)
    question = dialog.confirmation.question()
    assert "the game of Anna, Bruno (still dealing)" in question
    press(app, pygame.K_RETURN)  # Enter on the focused answer: keep the game
    assert top(app) is new_game and table_slot().read_bytes() == first
    click(app, new_game.start_button.rect.center)
    pad(app, pygame.CONTROLLER_BUTTON_B)  # B keeps it too
    assert top(app) is new_game and table_slot().read_bytes() == first
    click(app, new_game.start_button.rect.center)
    click(app, _confirmation(app).confirm_button.rect.center)
    assert top(app).name in ("deal", "turn") and table_slot().read_bytes() != first


def test_play_level_asks_before_replacing_that_levels_game_and_leaves_other_slots_alone(
    data_dir: Path,
) -> None:
    app = _fresh(data_dir)
    play.start_level(app, 1, seed=5)
    settle(app)
    solo_one = slot_path("solo", 1)
    assert solo_one is not None
    kept = solo_one.read_bytes()
    GameSession.start(TWO, seed=4, save_path=table_slot())  # a table game beside it
    app.go("solo-card", 1, how="reset")
    settle(app)
    card = top(app)
    assert isinstance(card, SoloCardScene)
    card.play_selected()
    settle(app)
    dialog = _confirmation(app)
    assert "level 1 game" in dialog.confirmation.question()
    press(app, pygame.K_ESCAPE)
    assert top(app) is card and solo_one.read_bytes() == kept
    card.play_selected()
    settle(app)
    click(app, _confirmation(app).confirm_button.rect.center)
    assert solo_one.read_bytes() != kept and table_slot().exists()


def test_a_dealt_campaign_level_is_resumed_never_dealt_again(data_dir: Path) -> None:
    save_progress(campaign_progress(2, 10), data_dir / "progress.json")
    app = _fresh(data_dir)
    session = play.play_campaign_level(app, seed=5)
    settle(app)
    click(app, _pause(app).buttons["quit_to_title"].rect.center)
    _table_game(app)  # a New game meanwhile takes its own slot, not the campaign's
    app.go("campaign", how="reset")
    settle(app)
    campaign = top(app)
    assert isinstance(campaign, CampaignScene)
    assert "Resume" in campaign.primary.label()
    click(app, campaign.primary.rect.center)
    resumed: Any = top(app)
    assert resumed.session.match.setup.seed == session.match.setup.seed
    assert resumed.session.match.actions == session.match.actions


def test_resign_asks_then_shows_the_scores_as_they_stood_marked_resigned(data_dir: Path) -> None:
    app = _fresh(data_dir)
    app.change_settings(animation_speed="instant")
    session = _table_game(app)
    table = top(app)
    click(app, _pause(app).buttons["resign"].rect.center)
    press(app, pygame.K_ESCAPE)  # Escape keeps playing
    assert top(app) is table and table_slot().exists()
    click(app, _pause(app).buttons["resign"].rect.center)
    click(app, _confirmation(app).confirm_button.rect.center)
    result = top(app)
    assert isinstance(result, ScoringScene) and result.resignation is not None
    assert result.outcome.scores == current_scores(session.state) and result.outcome.winners == ()
    assert not session.over and not table_slot().exists()  # archived: nothing left to continue
    assert [row.outcome for row in archive.store(data_dir).games()] == ["resigned"]
    settle(app, 10)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert "Play again" in [button.label() for button in result.focus.widgets]


def test_a_resigned_solo_level_is_booked_as_lost_then_the_level_list(data_dir: Path) -> None:
    app = _fresh(data_dir)
    play.start_level(app, 2, seed=5)
    settle(app)
    click(app, _pause(app).buttons["resign"].rect.center)
    click(app, _confirmation(app).confirm_button.rect.center)
    result = top(app)
    assert isinstance(result, ScoringScene) and result.resignation is not None
    (game,) = load_progress(data_dir / "progress.json").progress.history
    assert (game.level, game.mode, game.won) == (2, "solo", False)
    if not result.done:
        press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    card = top(app)
    assert isinstance(card, SoloCardScene) and card.selected == 2


def test_restart_asks_and_keeps_the_game_when_refused(data_dir: Path) -> None:
    app = _fresh(data_dir)
    session = _table_game(app)
    click(app, _pause(app).buttons["restart"].rect.center)
    press(app, pygame.K_RETURN)  # the focused answer keeps the game
    table: Any = top(app)
    assert table.session is session
    click(app, _pause(app).buttons["restart"].rect.center)
    click(app, _confirmation(app).confirm_button.rect.center)
    table = top(app)
    assert table.session is not session and table.session.save_path == table_slot()


def test_the_continue_list_survives_a_damaged_save_and_deletes_only_after_asking(data_dir: Path) -> None:
    GameSession.start(TWO, seed=4, save_path=table_slot())
    damaged = slot_path("solo", 3)
    assert damaged is not None
    damaged.write_text('{"version": 1, "setup": [', encoding="utf-8")
    app = _fresh(data_dir)
    title = top(app)
    assert isinstance(title, TitleScene)
    press(app, pygame.K_RETURN)  # Continue has the focus
    listing = top(app)
    assert isinstance(listing, ContinueScene) and len(listing.rows) == 2
    labels = [resume.label() for _info, resume, _delete in listing.rows]
    assert any("save-solo-3.json" in label for label in labels)
    assert any("Anna, Bruno" in label and "2 players" in label for label in labels)
    (_info, _resume, delete) = next(row for row in listing.rows if row[0].path == damaged)
    click(app, delete.rect.center)
    assert "save-solo-3.json" in _confirmation(app).confirmation.question()
    press(app, pygame.K_RETURN)  # refused: still there
    assert damaged.exists() and len(listing.rows) == 2
    click(app, delete.rect.center)
    click(app, _confirmation(app).confirm_button.rect.center)
    assert not damaged.exists() and len(listing.rows) == 1
    press(app, pygame.K_RETURN)  # the table game resumes
    assert top(app).name in ("deal", "turn")


def test_choosing_a_save_no_loader_can_read_sets_it_aside_and_the_title_says_so(data_dir: Path) -> None:
    deep = slot_path("solo", 2)
    assert deep is not None
    deep.parent.mkdir(parents=True, exist_ok=True)
    deep.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")  # deeper than the parser goes
    app = _fresh(data_dir)
    press(app, pygame.K_RETURN)  # Continue
    listing = top(app)
    assert isinstance(listing, ContinueScene) and not listing.rows[0][0].resumable
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), TitleScene)
    assert app.notice and "save-solo-2.json.broken-" in app.notice
    assert not deep.exists() and list(data_dir.glob("save-solo-2.json.broken-*"))


# --- a newer version's save is kept for it (issue 19, item 4) ------------------------------------


def _newer_save(path: Path) -> bytes:
    """A save as a later version of the game would write it: a format this version cannot read."""
    GameSession.start(TWO, seed=4, save_path=path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = SAVE_VERSION + 1
    path.write_text(json.dumps(data), encoding="utf-8")
    return path.read_bytes()


def test_new_game_over_a_newer_versions_save_says_so_and_keeps_the_file(data_dir: Path) -> None:
    newer = _newer_save(table_slot())
    app = _fresh(data_dir)
    app.go("new-game", how="reset")
    settle(app)
    new_game = top(app)
    assert isinstance(new_game, NewGameScene)
    click(app, new_game.start_button.rect.center)
    dialog = _confirmation(app)
    assert "newer version" in dialog.confirmation.question() and "save.json" in dialog.confirmation.question()
    assert dialog.confirmation.confirm_key == "slots.replace.keep_newer"
    press(app, pygame.K_ESCAPE)
    assert top(app) is new_game and table_slot().read_bytes() == newer  # refused: untouched
    click(app, new_game.start_button.rect.center)
    click(app, _confirmation(app).confirm_button.rect.center)
    assert top(app).name in ("deal", "turn")
    kept = list(data_dir.glob("save.json.newer-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == newer  # moved aside whole, for that version
    assert not list(data_dir.glob("*.broken-*"))


def test_a_newer_versions_save_is_listed_as_such_and_resuming_leaves_it(data_dir: Path) -> None:
    newer = _newer_save(table_slot())
    app = _fresh(data_dir)
    app.go("continue", how="reset")
    settle(app)
    info = unfinished_games()[0]
    assert info.newer and row_words(info) == i18n.t("slots.list.newer")
    app.go("table-continue", table_slot(), how="reset")
    settle(app)
    assert isinstance(top(app), TitleScene) and app.notice == i18n.t("files.newer", file="save.json")
    assert table_slot().read_bytes() == newer


def test_the_campaigns_level_asks_before_moving_a_newer_versions_save_aside(data_dir: Path) -> None:
    save_progress(campaign_progress(2, 10), data_dir / "progress.json")
    campaign_slot = slot_path("campaign")
    assert campaign_slot is not None
    newer = _newer_save(campaign_slot)
    app = _fresh(data_dir)
    play.offer_campaign_level(app)
    settle(app)
    assert "newer version" in _confirmation(app).confirmation.question()
    press(app, pygame.K_ESCAPE)
    assert campaign_slot.read_bytes() == newer
    play.offer_campaign_level(app)
    settle(app)
    click(app, _confirmation(app).confirm_button.rect.center)
    assert [path.read_bytes() for path in data_dir.glob("save-campaign.json.newer-*")] == [newer]
