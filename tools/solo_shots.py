"""Screenshots of the solo screens for tools/screenshots.py: the solo card, the end of a solo game,
the campaign (a shortfall decision and the triumph) and the table in the solo passive move.

Each shot writes a made-up progress into the shot's own empty data folder first. The end screen
and the passive move replay a stored game (tests/scenes/data/solo-level1-won.json, a level 1
game a bot won), so the pictures are the same on every run.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from game.goennen.engine import CampaignState
from scenes.app import App
from scenes.model.progress import GameRecord, Progress, save_progress, store
from scenes.model.session import GameSession

FRAME = 1 / 60
ROOT = Path(__file__).resolve().parent.parent
WON_GAME = ROOT / "tests" / "scenes" / "data" / "solo-level1-won.json"


def _settle(app: App, seconds: float = 4.0) -> None:
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
        if not app.stack.animating:
            break
    app.draw()


def _progress(app: App, progress: Progress) -> None:
    save_progress(progress)
    store(app).progress = progress


def _history() -> tuple[GameRecord, ...]:
    games = ((1, 74), (1, 96), (2, 88), (3, 71), (3, 85), (4, 61))
    return tuple(
        GameRecord(
            f"2025-03-0{index + 1}T20:00:00", level, score, score >= (90, 86, 82, 78)[level - 1], "solo"
        )
        for index, (level, score) in enumerate(games)
    )


def shot_solo_card(app: App) -> pygame.Surface:
    from scenes.solo.card import SoloCardScene

    _progress(
        app,
        Progress(won_levels=frozenset({1, 2, 3}), best={1: 96, 2: 88, 3: 85, 4: 61}, history=_history()),
    )
    app.go(SoloCardScene(app, selected=4), fade=False)
    _settle(app)
    return app.screen


def _won_session(data: Path) -> GameSession:
    target = data / "save.json"
    shutil.copyfile(WON_GAME, target)
    return GameSession.resume(target)


def shot_solo_end(app: App) -> pygame.Surface:
    from scenes.solo import play
    from scenes.solo.end import SoloEndScene

    _progress(app, Progress(best={1: 112}, history=_history()[:1]))
    session = _won_session(store(app).path.parent)
    summary = play.book(app, session)
    app.go(SoloEndScene(app, summary), fade=False)
    _settle(app, 8.0)
    return app.screen


def shot_campaign(app: App) -> pygame.Surface:
    """The shortfall question of the rules' example: level 4, 78 needed, 71 scored, 12 points banked."""
    from scenes.solo.campaign import CampaignScene

    campaign = CampaignState(level=4, points=12, history=((1, 104, 14), (2, 80, 8), (3, 86, 12)))
    _progress(
        app, Progress(won_levels=frozenset(range(1, 8)), campaign=campaign, pending=71, history=_history())
    )
    app.go(CampaignScene(app), fade=False)
    _settle(app, 2.0)
    return app.screen


def shot_campaign_triumph(app: App) -> pygame.Surface:
    """Level 7 passed with 50 or more campaign points: confetti caught in the air."""
    from scenes.solo.campaign import CampaignScene

    history = ((1, 104, 14), (2, 98, 26), (3, 80, 24), (4, 90, 36), (5, 80, 42), (6, 77, 49), (7, 72, 55))
    campaign = CampaignState(level=7, points=55, over=True, won=True, history=history)
    _progress(app, Progress(won_levels=frozenset(range(1, 8)), campaign=campaign))
    app.go(CampaignScene(app), fade=False)
    for _ in range(int(1.6 / FRAME)):  # mid-burst: flakes falling, the points counted up
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_solo_passive(app: App) -> pygame.Surface:
    """The table in the solo passive move of the stored game (mid-game, dice rolled, choices open)."""
    import json

    from game.goennen.engine import Phase, parse
    from scenes.core.i18n import t
    from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
    from scenes.table.opening import open_table

    recorded = json.loads(WON_GAME.read_text(encoding="utf-8"))
    config = GameConfig((SeatConfig(t("solo.player_name"), SeatKind.HUMAN),))
    session = GameSession.start(
        config, seed=recorded["setup"]["seed"], solo_level=1, context={"mode": "solo"}
    )
    passive_moves = 0
    for text in recorded["actions"]:
        if session.turn.kind == "chance":
            session.resolve_chance()
        else:
            session.play(parse(text))
        if session.state.phase == Phase.SOLO_PASSIVE and session.turn.kind == "seat":
            passive_moves += 1
            if passive_moves == 5:
                break
    open_table(app, session)
    _settle(app, 4.0)
    return app.screen
