"""A whole game through the table scenes with real posted events against a bot, to the scoring
screen; and a game killed mid-turn that Continue resumes at the exact position."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.goennen.actions import Buy, Complete, Place, Reroll, Write
from game.goennen.engine import result
from game.goennen.state import Phase
from scenes.app import App
from scenes.menus.title import TitleScene
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.model.userdata import save_path
from scenes.table.deal import DealScene
from scenes.table.opening import open_table
from scenes.table.scoring import ScoringScene
from scenes.table.turn import TurnScene
from tests.scenes.table_driver import click, deal_move, key, step, top, turn_move

CONFIG = GameConfig(
    (SeatConfig("Anna", SeatKind.HUMAN), SeatConfig("Robo", SeatKind.BOT, "easy")), start_player=0
)


def _play(app: App, frames: int, stop: object = None) -> None:
    tried: set[str] = set()
    for _ in range(frames):
        scene = top(app)
        if isinstance(scene, ScoringScene) or (stop is not None and stop(scene)):  # type: ignore[operator]
            return
        if isinstance(scene, DealScene) and scene.session.human_to_decide and scene.choices:
            deal_move(app, scene)
        elif isinstance(scene, TurnScene) and scene.choices is not None and not scene.paced:
            turn_move(app, scene, tried)
        else:
            step(app)


def test_whole_game_through_the_scenes_scores_like_the_engine(app: App) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=7, save_path=save_path())
    open_table(app, session)
    step(app, 3)
    _play(app, 60000)
    scene = top(app)
    assert isinstance(scene, ScoringScene), f"stuck in {scene.name} at {session.state.phase}"
    outcome = result(session.state)
    assert scene.outcome == outcome
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    step(app, 3)  # skip the tally: totals land on the engine's
    assert [round(tally.total) for tally in scene.tallies] == [s.total for s in outcome.scores]
    done = [type(entry.action) for entry in session.log if entry.seat == 0]
    for kind in (Reroll, Complete, Buy, Place, Write):
        assert kind in done, f"the human never did {kind.__name__}"
    passive = [e for e in session.log if e.seat == 0 and isinstance(e.action, Write)]
    assert passive
    assert not save_path().exists()  # archived: Continue disappears


def test_killed_mid_turn_continue_resumes_the_exact_position(app: App, data_dir: Path) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=3, save_path=save_path())
    open_table(app, session)
    step(app, 3)

    def mid_turn(scene: object) -> bool:
        state = session.state
        return state.phase == Phase.ACTIVE and state.decider == 0 and state.rolls == 2 and state.round >= 1

    _play(app, 20000, mid_turn)
    position = session.state
    assert position.phase == Phase.ACTIVE and position.rolls == 2
    # the program "dies" here; a new one starts on the same data folder
    fresh = App(data_dir=data_dir)
    step(fresh, 5)
    title = top(fresh)
    assert isinstance(title, TitleScene)
    click(fresh, title.buttons["continue"].rect.center)
    step(fresh, 60)
    key(fresh, pygame.K_RETURN)  # the Continue list's first row: the game just played
    step(fresh, 60)
    resumed = top(fresh)
    assert isinstance(resumed, TurnScene)
    assert resumed.session.state == position
    assert resumed.session.match.actions == session.match.actions


def test_unreadable_save_is_set_aside_and_the_player_told(app: App, data_dir: Path) -> None:
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text("{ not json", encoding="utf-8")
    fresh = App(data_dir=data_dir)
    step(fresh, 5)
    title = top(fresh)
    assert isinstance(title, TitleScene)
    click(fresh, title.buttons["continue"].rect.center)
    step(fresh, 60)
    key(fresh, pygame.K_RETURN)  # the Continue list shows the damaged save; choosing it sets it aside
    step(fresh, 60)
    assert isinstance(top(fresh), TitleScene)
    assert fresh.notice and "save.json.broken-" in fresh.notice
    assert not save_path().exists()
    assert list(data_dir.glob("save.json.broken-*"))


def test_ctrl_z_takes_back_the_humans_last_step(app: App) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=7, save_path=save_path())
    open_table(app, session)
    step(app, 3)
    _play(app, 20000, lambda scene: isinstance(scene, TurnScene) and session.can_undo)
    assert session.can_undo, "no undoable step came up"
    count, decider = len(session.match.actions), session.state.decider
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    )
    step(app, 2)
    assert len(session.match.actions) == count - 1 and session.state.decider == decider


def test_s_and_the_speed_pill_cycle_the_animation_speed_while_bots_play(app: App) -> None:
    bots = GameConfig((SeatConfig("Ada", SeatKind.BOT, "easy"), SeatConfig("Bo", SeatKind.BOT, "easy")))
    open_table(app, GameSession.start(bots, seed=2))
    step(app, 40)
    scene = top(app)
    assert isinstance(scene, (DealScene, TurnScene))
    speeds = []
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
        step(app, 2)
        speeds.append(app.settings.animation_speed)
    assert speeds == ["2x", "instant", "1x"]
    while not isinstance(top(app), TurnScene):
        step(app)
    turn = top(app)
    assert isinstance(turn, TurnScene)
    click(app, turn.speed_rect().center)
    assert app.settings.animation_speed == "2x"


def test_a_kept_die_slides_to_the_construction_site(app: App) -> None:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=7, save_path=save_path())
    open_table(app, session)
    step(app, 3)

    def can_keep(scene: object) -> bool:
        state = session.state
        return (
            isinstance(scene, TurnScene)
            and session.human_to_decide
            and state.phase == Phase.ACTIVE
            and 0 < state.rolls < 3
            and bool(scene.tray.in_tray())
            and not scene.paced
        )

    _play(app, 20000, can_keep)
    scene = top(app)
    assert isinstance(scene, TurnScene) and can_keep(scene)
    app.change_settings(animation_speed="1x")
    colour = scene.tray.in_tray()[0]
    start = scene.tray.die_rect(colour).center
    click(app, start)
    assert colour in scene.tray.kept and colour in scene.tray.slides
    slide = scene.tray.slides[colour]
    assert (round(slide.x), round(slide.y)) != scene.tray.site_rect(colour).center  # on its way
    step(app, 30)
    assert colour not in scene.tray.slides  # landed on the construction site
