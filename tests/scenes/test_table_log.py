"""The table's log with posted events: the whole game's history, opened large with a click,
scrolled with the wheel, closed with Escape, and the same history after Continue."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.goennen.engine import End, Pass, standard_deck
from game.goennen.state import Phase
from scenes.app import App
from scenes.menus.title import TitleScene
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession, LogEntry, replayed_log
from scenes.model.userdata import save_path
from scenes.table.log_view import LogView
from scenes.table.opening import open_table
from scenes.table.turn import TurnScene
from tests.scenes.table_driver import click, key, step, top
from tests.scenes.test_table_game import _play

CONFIG = GameConfig(
    (
        SeatConfig("Anna", SeatKind.HUMAN),
        SeatConfig("Robo", SeatKind.BOT, "easy"),
        SeatConfig("Bea", SeatKind.BOT, "easy"),
    ),
    start_player=0,
)


def wheel(app: App, pos: tuple[int, int], clicks: int) -> None:
    """Move the pointer to `pos` and turn the wheel (positive: away from the player, older lines)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(abs(clicks)):
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEWHEEL,
                x=0,
                y=1 if clicks > 0 else -1,
                flipped=False,
                precise_x=0.0,
                precise_y=float(clicks > 0),
                touch=False,
            )
        )
    step(app, 2)


def _to_round_three(app: App) -> tuple[GameSession, TurnScene]:
    app.change_settings(animation_speed="instant")
    session = GameSession.start(CONFIG, seed=8, save_path=save_path())
    open_table(app, session)
    step(app, 3)

    def there(scene: object) -> bool:
        state = session.state
        return (
            isinstance(scene, TurnScene)
            and state.round >= 2
            and state.phase == Phase.ACTIVE
            and (state.decider == 0 and state.rolls == 1)
        )

    _play(app, 30000, there)
    scene = top(app)
    assert isinstance(scene, TurnScene)
    return session, scene


def test_the_log_holds_the_whole_game_opens_scrolls_and_closes(app: App) -> None:
    session, scene = _to_round_three(app)
    log = scene.log
    assert len(log.records) > 3 * 4  # far more than the four lines the small panel shows
    rounds = [row.round for row in log.rows if row.record is None]
    assert rounds == [0, 1, 2]  # a separator before each round
    newest = log.shown()[-1][0].record
    assert newest is not None and newest is log.records[-1]

    wheel(app, log.area.center, 2)  # the small panel scrolls under the pointer
    assert log.back == 6 and log.shown()[-1][0].record is not log.records[-1]
    wheel(app, log.area.center, -2)
    assert log.back == 0

    click(app, log.area.center)
    assert log.expanded and log.capacity() > 20
    wheel(app, log.large.center, 3)
    assert log.back == 9
    key(app, pygame.K_UP)
    assert log.back == 10
    oldest_shown = log.shown()[0][0]
    key(app, pygame.K_ESCAPE)  # closes the log, does not open the pause menu
    assert not log.expanded and top(app) is scene
    assert oldest_shown in log.rows

    click(app, log.area.center)
    assert log.expanded
    click(app, (200, 200))  # outside: closed, and the click does nothing else
    assert not log.expanded and top(app) is scene


def test_continue_restores_the_whole_log(app: App, data_dir: Path) -> None:
    session, scene = _to_round_three(app)
    texts = [record.text(scene.log.lookup) for record in scene.log.records]
    # the record rebuilt equals the live one
    assert replayed_log(session.match, session.log_entry) == session.log
    # the program "dies" here; a new one starts on the same data folder and continues the game
    fresh = App(data_dir=data_dir)
    step(fresh, 5)
    title = top(fresh)
    assert isinstance(title, TitleScene)
    click(fresh, title.buttons["continue"].rect.center)
    step(fresh, 60)
    key(fresh, pygame.K_RETURN)
    step(fresh, 60)
    resumed = top(fresh)
    assert isinstance(resumed, TurnScene)
    assert [record.text(resumed.log.lookup) for record in resumed.log.records] == texts
    click(fresh, resumed.log.area.center)
    wheel(fresh, resumed.log.large.center, 200)  # all the way back to the deal
    first = resumed.log.shown()[0][0]
    assert first.record is None and first.round == 0


def test_the_log_follows_new_entries_and_an_undo() -> None:
    deck = standard_deck()
    log = LogView(pygame.Rect(0, 0, 440, 98), pygame.Rect(0, 0, 440, 600), lambda card_id: deck[card_id])
    entries = [LogEntry(0, Pass(), 0), LogEntry(1, Pass(), 0), LogEntry(0, End(), 1)]
    names = ["Anna", "Bo"].__getitem__
    log.follow(entries[:2], names, [(1, 2, 3)])
    log.follow(entries, names, [(1, 2, 3)])
    assert [r.action for r in log.records] == [Pass(), Pass(), End()]
    assert [row.round for row in log.rows if row.record is None] == [0, 1]
    undone = [*entries[:2], LogEntry(0, Pass(), 0)]  # the last step taken back, another played
    log.follow(undone, names, [(1, 2, 3)])
    assert [r.action for r in log.records] == [Pass(), Pass(), Pass()]
    assert [row.round for row in log.rows if row.record is None] == [0]
