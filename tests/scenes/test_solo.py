"""Solo play on screen: the solo card, a game driven to its end, progress kept across a restart,
the campaign's shortfall and end, watching a bot, and a damaged progress file set aside."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.goennen.actions import parse
from game.goennen.deck import standard_deck
from game.goennen.solo import CampaignState
from scenes.app import App
from scenes.core.confirm import ConfirmScene
from scenes.core.i18n import t
from scenes.core.stack import Scene
from scenes.menus.title import TitleScene
from scenes.model import progress as progress_module
from scenes.model.progress import GameRecord, Progress, load_progress, save_progress, store
from scenes.model.session import GameSession
from scenes.solo import play
from scenes.solo.campaign import CampaignScene
from scenes.solo.card import SoloCardScene
from scenes.solo.end import SoloEndScene
from scenes.solo.watch import WatchScene
from scenes.table.scoring import ScoringScene
from tests.scenes.conftest import click, press, settle, top

WON_GAME = Path(__file__).parent / "data" / "solo-level1-won.json"


def open_solo_card(app: App) -> SoloCardScene:
    title = top(app)
    assert isinstance(title, TitleScene)
    assert title.buttons["solo"].enabled
    click(app, title.buttons["solo"].rect.center)
    card = top(app)
    assert isinstance(card, SoloCardScene)
    return card


def wait_for(app: App, kind: type[Scene], seconds: float = 60.0) -> Any:
    """Step frames (the table paces itself) until a scene of `kind` is on top."""
    for _ in range(int(seconds * 60)):
        scene = app.stack.top
        if isinstance(scene, kind) and not app.stack.has_pending:
            return scene
        app.step(1 / 60)
    raise AssertionError(f"no {kind.__name__} after {seconds} s; top is {app.stack.top!r}")


def table_session(app: App) -> GameSession:
    from scenes.table.base import TableBase
    from scenes.table.scoring import ScoringScene

    table = top(app)
    assert isinstance(table, (TableBase, ScoringScene))  # at instant speed a bot may be done already
    return table.session


def card_notice(card: SoloCardScene) -> str:
    from scenes.core import file_notices

    assert card.store.problem is not None
    return file_notices.unreadable(file_notices.PROGRESS, card.store.problem)


def finish_scoring(app: App) -> None:
    """The table's final tally: skip the count, then its Continue hands the game to the solo screens."""
    from scenes.table.scoring import ScoringScene

    scoring = top(app)
    assert isinstance(scoring, ScoringScene)
    if not scoring.done:
        press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)


# --- progress, without a window --------------------------------------------------------------------


def test_progress_books_ticks_best_scores_and_history(tmp_path: Path) -> None:
    progress = Progress()
    assert progress.is_open(1) and not progress.is_open(2)
    lost = progress_module.record_game(progress, 1, 80, "solo", deck=standard_deck())
    assert not lost.newly_won and lost.progress.best == {1: 80}
    won = progress_module.record_game(lost.progress, 1, 95, "solo", deck=standard_deck())
    assert won.newly_won and won.new_best and won.previous_best == 80
    assert won.progress.is_open(2) and won.progress.highest_open == 2
    watched = progress_module.record_game(won.progress, 2, 130, "watch", bot="hard", deck=standard_deck())
    assert watched.progress.best == {1: 95} and watched.progress.won_levels == {1}
    assert [game.mode for game in watched.progress.history] == ["solo", "solo", "watch"]
    path = tmp_path / "progress.json"
    save_progress(watched.progress, path)
    assert load_progress(path).progress == watched.progress


def test_an_older_progress_file_is_upgraded_step_by_step(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    old = {"version": 1, "ticks": [True, True, False], "best": {"1": 99, "2": 90}, "history": []}
    path.write_text(json.dumps(old), encoding="utf-8")
    loaded = load_progress(path)
    assert loaded.problem is None
    assert loaded.progress.won_levels == {1, 2}  # the ticks hold across deck versions
    assert loaded.progress.other_best == {2: {1: 99, 2: 90}}  # a version 1 file was played with deck 2
    assert loaded.progress.best == {}  # and this release deals a later deck


# --- the solo card and a damaged file --------------------------------------------------------------


def test_a_damaged_progress_file_is_set_aside_and_reported(data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "progress.json").write_text('{"version": 2, "won_levels": [1, 9]', encoding="utf-8")
    app = App(data_dir=data_dir)
    settle(app)
    card = open_solo_card(app)
    aside = list(data_dir.glob("progress.json.broken-*"))
    assert len(aside) == 1 and not (data_dir / "progress.json").exists()
    assert card.store.problem is not None and card.store.problem.kept_as == aside[0].name
    assert card.store.problem.file == "progress.json"
    app.draw()  # the notice is drawn on the card, naming where the file went
    assert "progress.json.broken-" in card_notice(card)
    # a game booked afterwards starts a fresh file; the damaged one stays untouched beside it
    card.store.update(
        progress_module.record_game(card.progress, 1, 50, "solo", deck=standard_deck()).progress
    )
    assert load_progress(data_dir / "progress.json").progress.best == {1: 50}
    assert aside[0].read_text(encoding="utf-8").startswith('{"version": 2')


def test_the_card_shows_open_levels_and_locks_the_campaign(data_dir: Path) -> None:
    save_progress(Progress(won_levels=frozenset({1, 2}), best={1: 99, 2: 91}), data_dir / "progress.json")
    app = App(data_dir=data_dir)
    settle(app)
    card = open_solo_card(app)
    assert card.selected == 3  # the highest open level is chosen
    press(app, pygame.K_DOWN)
    assert card.selected == 4 and not card.play_button.enabled
    assert "level 3" in card.play_button.tooltip()
    assert not card.campaign_button.enabled and "2 of 7" in card.campaign_button.tooltip()
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)


def test_a_level_won_only_with_hints_says_so_on_the_card(data_dir: Path) -> None:
    """Issue 33 item 3: a game with hints wins the level but sets no best score; the card said
    "Not played yet"."""
    booked = progress_module.record_game(Progress(), 1, 97, "solo", deck=standard_deck(), hints=2)
    assert 1 in booked.progress.won_levels and 1 not in booked.progress.best
    save_progress(booked.progress, data_dir / "progress.json")
    app = App(data_dir=data_dir)
    settle(app)
    card = open_solo_card(app)
    lines = card.level_lines(1)
    assert t("solo.card.level.hinted", played=1) in lines and t("solo.card.level.new") not in lines


# --- a solo game through the table, and progress after a restart -----------------------------------


def test_a_won_solo_game_ticks_the_level_and_survives_a_restart(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorded = json.loads(WON_GAME.read_text(encoding="utf-8"))
    start = GameSession.start

    def seeded(*args: Any, **kwargs: Any) -> GameSession:
        kwargs["seed"] = recorded["setup"]["seed"]  # the stored game's deal, so its moves replay
        return start(*args, **kwargs)

    monkeypatch.setattr(GameSession, "start", seeded)
    app = App(data_dir=data_dir)
    app.change_settings(animation_speed="instant")
    settle(app)
    card = open_solo_card(app)
    assert card.selected == 1 and card.play_button.enabled
    click(app, card.play_button.rect.center)
    session = table_session(app)
    assert session.context == {"mode": "solo"} and session.state.config.solo_level == 1
    # The moves of the stored game (a bot's, in the player's seat), then the table follows.
    done = [str(action) for action in session.match.actions]  # the table has dealt meanwhile
    assert done == recorded["actions"][: len(done)]
    for text in recorded["actions"][len(done) :]:
        if session.over:
            break
        if session.turn.kind == "chance":
            assert str(session.resolve_chance()) == text
        else:
            session.play(parse(text))
    assert session.over
    from scenes.table.scoring import ScoringScene

    wait_for(app, ScoringScene)
    finish_scoring(app)
    end = wait_for(app, SoloEndScene)
    assert end.summary.won and end.summary.booked.newly_won
    score = end.summary.score
    settle(app, 10)
    app.draw()
    assert not (data_dir / "save.json").exists()  # the finished game left the Continue slot
    # A restart: a new App reads the stored progress.
    restarted = App(data_dir=data_dir)
    settle(restarted)
    card = open_solo_card(restarted)
    assert card.progress.won_levels == {1} and card.progress.best == {1: score}
    assert card.progress.is_open(2) and card.selected == 2
    assert [(game.level, game.score, game.won, game.mode) for game in card.progress.history] == [
        (1, score, True, "solo")
    ]


def test_watching_a_bot_changes_no_tick(data_dir: Path) -> None:
    app = App(data_dir=data_dir)
    settle(app)
    card = open_solo_card(app)
    card.bot_choice.index = 0  # the easy bot: quick
    card.focus.focus(card.watch_button)
    press(app, pygame.K_RETURN)
    watch = top(app)
    assert isinstance(watch, WatchScene)
    watch.focus.focus(watch.speed)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)  # 1x -> 2x -> instant, the setting itself
    assert app.settings.animation_speed == "instant"
    click(app, watch.start_button.rect.center)
    session = table_session(app)
    assert session.context["mode"] == "watch" and session.save_path is None
    from scenes.table.scoring import ScoringScene

    wait_for(app, ScoringScene, 120)
    finish_scoring(app)
    end = wait_for(app, SoloEndScene)
    assert end.summary.mode == "watch"
    stored = load_progress(data_dir / "progress.json").progress
    assert stored.won_levels == frozenset() and stored.best == {}
    assert [(game.mode, game.bot) for game in stored.history] == [("watch", "easy")]


# --- the campaign ----------------------------------------------------------------------------------


def campaign_progress(level: int, points: int, pending: int | None = None) -> Progress:
    history = tuple((n, 90, points) for n in range(1, level))
    return Progress(
        won_levels=frozenset(range(1, 8)),
        campaign=CampaignState(level=level, points=points, history=history),
        pending=pending,
    )


def open_campaign(app: App) -> CampaignScene:
    card = open_solo_card(app)
    assert card.campaign_button.enabled
    click(app, card.campaign_button.rect.center)
    scene = top(app)
    assert isinstance(scene, CampaignScene)
    return scene


def test_a_shortfall_is_paid_from_campaign_points_and_kept(data_dir: Path) -> None:
    save_progress(campaign_progress(4, 12, pending=71), data_dir / "progress.json")
    app = App(data_dir=data_dir)
    settle(app)
    scene = open_campaign(app)
    assert scene.primary.label() == "Pay 7 points" and scene.secondary.visible
    click(app, scene.primary.rect.center)
    stored = load_progress(data_dir / "progress.json").progress
    assert stored.pending is None
    assert stored.campaign is not None
    assert (stored.campaign.level, stored.campaign.points, stored.campaign.over) == (5, 5, False)
    assert scene.step is not None and scene.step.paid == 7
    assert "paid 7 of 12" in scene._step_text(scene.step)


def test_declining_or_an_uncovered_shortfall_ends_the_campaign(data_dir: Path) -> None:
    save_progress(campaign_progress(3, 12, pending=75), data_dir / "progress.json")
    app = App(data_dir=data_dir)
    settle(app)
    scene = open_campaign(app)
    click(app, scene.secondary.rect.center)  # don't pay
    stored = load_progress(data_dir / "progress.json").progress
    assert stored.campaign is not None and stored.campaign.over and not stored.campaign.won
    assert [(c.level, c.points, c.won) for c in stored.campaigns] == [(3, 12, False)]
    assert scene._situation() == "over"
    # A new campaign starts again at level 1.
    click(app, scene.primary.rect.center)
    restarted = load_progress(data_dir / "progress.json").progress
    assert restarted.campaign == CampaignState()


def test_a_campaign_game_books_surplus_or_ends_when_points_do_not_cover(data_dir: Path) -> None:
    """From stored state: a finished campaign game of level 1 (won by 29) and one of level 3 missed."""
    save_progress(campaign_progress(1, 0), data_dir / "progress.json")
    app = App(data_dir=data_dir)
    settle(app)
    target = data_dir / "save.json"
    shutil.copyfile(WON_GAME, target)
    session = GameSession.resume(target)
    session.context = {"mode": "campaign"}
    summary = play.book(app, session)
    assert summary.step is not None and summary.step.surplus == 29
    assert play.book(app, session).step is None  # booked once only
    stored = load_progress(data_dir / "progress.json").progress
    assert stored.campaign == CampaignState(level=2, points=29, history=((1, 119, 29),))
    # The end screen's next step is the campaign, which shows the arithmetic.
    app.go(SoloEndScene(app, summary), how="replace", fade=False)
    settle(app, 10)
    end = top(app)
    assert isinstance(end, SoloEndScene)
    click(app, end.next_button.rect.center)
    campaign = top(app)
    assert isinstance(campaign, CampaignScene) and campaign._situation() == "next"
    assert "+29 campaign points" in campaign._step_text(summary.step)
    # Level 3 missed by 10 with 4 points banked: not payable, the campaign is over.
    store(app).update(campaign_progress(3, 4))
    progress, step = progress_module.book_campaign_game(store(app).progress, 72)
    assert not step.can_pay and progress.campaign is not None and progress.campaign.over


def test_level_7_with_50_points_is_celebrated(data_dir: Path) -> None:
    save_progress(campaign_progress(7, 45, pending=None), data_dir / "progress.json")
    app = App(data_dir=data_dir)
    settle(app)
    progress, step = progress_module.book_campaign_game(store(app).progress, 76)
    store(app).update(progress)
    assert step.state.won and step.state.points == 55
    app.go(CampaignScene(app, step), how="replace", fade=False)
    for _ in range(60):
        app.step(1 / 60)
    scene = top(app)
    assert isinstance(scene, CampaignScene) and scene._situation() == "triumph"
    assert len(scene.confetti.flakes) >= 200
    assert any(flake.y > 0 for flake in scene.confetti.flakes)  # falling


def test_history_keeps_dates_levels_scores_and_modes(data_dir: Path) -> None:
    record = GameRecord("2025-01-01T10:00:00", 2, 88, True, "campaign")
    save_progress(Progress(history=(record,)), data_dir / "progress.json")
    assert load_progress(data_dir / "progress.json").progress.history == (record,)


def test_continue_hands_solo_campaign_and_watch_games_back_to_the_solo_screens(app: App) -> None:
    from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
    from scenes.model.userdata import save_path

    assert app.serves("table-continue")
    for mode in ("solo", "campaign", "watch"):
        GameSession.start(
            GameConfig((SeatConfig("Me", SeatKind.HUMAN),)),
            seed=3,
            solo_level=2,
            save_path=save_path(),
            context={"mode": mode},
        )
        scene = app.scene("table-continue", None)
        assert getattr(scene, "after_game", None) == app.mode_routes(mode).after_game == "solo-finished"
    two = GameConfig((SeatConfig("A", SeatKind.HUMAN), SeatConfig("B", SeatKind.HUMAN)))
    GameSession.start(two, seed=3, save_path=save_path())
    plain = app.scene("table-continue", None)
    assert getattr(plain, "after_game", "missing") is None  # the table's own ending


def _pause_of_table(app: App) -> Any:
    from scenes.menus.pause import PauseScene

    press(app, pygame.K_ESCAPE)
    pause = top(app)
    assert isinstance(pause, PauseScene)
    return pause


def test_a_campaign_game_offers_no_restart_and_a_resign_is_booked_as_lost(data_dir: Path) -> None:
    save_progress(campaign_progress(1, 0), data_dir / "progress.json")
    app = App(data_dir=data_dir)
    settle(app)
    session = play.play_campaign_level(app, seed=5)
    settle(app)
    pause = _pause_of_table(app)
    assert "restart" not in pause.buttons and "resign" in pause.buttons
    click(app, pause.buttons["resign"].rect.center)
    confirm = top(app)
    assert isinstance(confirm, ConfirmScene)
    click(app, confirm.confirm_button.rect.center)
    result = top(app)
    assert isinstance(result, ScoringScene) and result.resignation is not None
    stored = load_progress(data_dir / "progress.json").progress  # booked before the result shows
    (game,) = stored.history
    assert (game.level, game.mode, game.won) == (1, "campaign", False)
    assert stored.campaign is not None and stored.campaign.over  # level 1's shortfall cannot be paid
    assert not (data_dir / "save-campaign.json").exists() and session.over is False
    if not result.done:
        press(app, pygame.K_RETURN)  # the tally at once
    press(app, pygame.K_RETURN)  # Continue
    campaign = top(app)
    assert isinstance(campaign, CampaignScene)
    assert campaign._situation() == "over"


def test_a_solo_game_may_be_restarted(data_dir: Path) -> None:
    app = App(data_dir=data_dir)
    settle(app)
    play.start_level(app, 1, seed=5)
    settle(app)
    assert "restart" in _pause_of_table(app).buttons


def test_the_solo_passive_move_shows_the_round_counter_pile_and_no_rolls_left(app: App) -> None:
    from game.goennen.state import Phase
    from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
    from scenes.table.opening import open_table
    from scenes.table.turn import TurnScene

    recorded = json.loads(WON_GAME.read_text(encoding="utf-8"))
    config = GameConfig((SeatConfig("Me", SeatKind.HUMAN),))
    seed = recorded["setup"]["seed"]
    session = GameSession.start(config, seed=seed, solo_level=1, context={"mode": "solo"})
    for text in recorded["actions"]:
        session.resolve_chance() if session.turn.kind == "chance" else session.play(parse(text))
        state = session.state
        if state.phase == Phase.SOLO_PASSIVE and session.turn.kind == "seat" and len(state.removed) >= 2:
            break
    open_table(app, session)
    settle(app)
    scene = top(app)
    assert isinstance(scene, TurnScene)
    state = session.state
    # only the level line: no "rolls left" (the passive move writes the last roll), no "whose turn"
    assert state.rolls and "   ·   " not in scene.header_text(state)
    rects = scene.counter.card_rects(len(state.removed), state.solo_rounds())
    assert len(rects) == len(state.removed) >= 2 and all(scene.layout["others"].contains(r) for r in rects)
    found = scene.card_at(rects[-1].center)  # the newest card of the pile zooms like any other
    assert found is not None and found[0] == state.card(state.removed[-1])
