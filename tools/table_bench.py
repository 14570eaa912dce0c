"""Frame build times at the table for tools/frame_bench.py: a dice roll, a market slide, a bot's
dice flying to a card and the log opened large and scrolling, with four displays on screen; and the
longest frame while a hard bot thinks on its worker thread."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from game.goennen.engine import COLOURS, Buy, Phase, Row
from scenes.app import App
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession

FRAME = 1 / 60


class Timer(Protocol):
    wall: list[float]
    cpu: list[float]

    def time(self, step: Callable[[], object]) -> None: ...


def _table(app: App, seats: tuple[SeatConfig, ...], seed: int = 4, round_: int = 2) -> object:
    """The table at seat 0's active turn in round `round_` (counted from 0) or later, settled."""
    from scenes.table.opening import open_table
    from tools.table_shots import session_at

    session = session_at(
        lambda s: s.phase == Phase.ACTIVE and s.decider == 0 and s.round >= round_, seed, seats
    )
    open_table(app, session, how="reset")
    for _ in range(90):
        app.step(FRAME)
    return app.stack.top


def bench_table(
    app: App,
    frames: int,
    make_timer: Callable[[], Timer],
    percentiles: Callable[[list[float], list[float]], dict[str, float]],
) -> dict[str, object]:
    from scenes.table.turn import TurnScene
    from tools.table_shots import SEATS

    results: dict[str, object] = {}
    scene = _table(app, SEATS)
    assert isinstance(scene, TurnScene)
    timer = make_timer()
    seed = 0
    while len(timer.wall) < frames:
        seed += 1
        scene.tray.throw(scene.session.state.dice, COLOURS, scene.tweens, seed)
        while scene.tray.rolling and len(timer.wall) < frames:
            timer.time(lambda: app.step(FRAME))
    results["table_dice_roll"] = percentiles(timer.wall, timer.cpu)

    timer = make_timer()
    market = scene.session.state.market
    while len(timer.wall) < frames:
        for index, card in enumerate(market[0]):
            if card is not None and index <= 2:
                spot = scene.market.spots[card]
                start = (
                    scene.market.slot_rect(Row.SCORING, index)
                    if index
                    else scene.market.deck_rect(Row.SCORING)
                )
                spot.x, spot.y = float(start.x), float(start.y)
        scene.market.sync(market, scene.tweens)
        while scene.market.moving and len(timer.wall) < frames:
            timer.time(lambda: app.step(FRAME))
    results["table_market_slide"] = percentiles(timer.wall, timer.cpu)

    # a bot's step: three dice ringed, flying to a market card, its pop-up over the controls
    timer = make_timer()
    scene.tweens.skip()  # a throw cut short above may still tumble: the dice must lie still
    while len(timer.wall) < frames:
        buy = Buy(Row.SCORING, 1, COLOURS[:3])
        if not scene.moves.fly_dice(scene.session.view, buy, 1, None):
            raise RuntimeError("the bot's dice did not fly: nothing to time")
        scene.effects.toast(scene.layout["controls"], lambda: "Robo bought Yellow three")
        while scene.effects.flyers and len(timer.wall) < frames:
            timer.time(lambda: app.step(FRAME))
    results["table_bot_dice"] = percentiles(timer.wall, timer.cpu)

    # the log opened large, scrolled a line every frame
    scene.log.open()
    timer = make_timer()
    step = 1
    while len(timer.wall) < frames:
        if not scene.log.scroll(step):
            step = -step
        app.request_draw()  # as the wheel's scroll does
        timer.time(lambda: app.step(FRAME))
    scene.log.close()
    results["table_log_open"] = percentiles(timer.wall, timer.cpu)
    results["table_log_scroll"] = _log_scroll(app, frames, make_timer, percentiles)
    results["table_bot_thinking_max_ms"] = _bot_thinking(app, min(frames, 240))
    return results


def _log_scroll(
    app: App,
    frames: int,
    make_timer: Callable[[], Timer],
    percentiles: Callable[[list[float], list[float]], dict[str, float]],
) -> dict[str, float]:
    """The small log of a game in its last rounds (a full log) scrolled by the mouse wheel, a
    notch every frame, the pointer resting on it: posted events, as a player's wheel sends them."""
    import pygame

    from scenes.table.turn import TurnScene
    from tools.table_shots import SEATS

    scene = table_late(app, SEATS)
    assert isinstance(scene, TurnScene)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=scene.log.area.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(FRAME)
    timer = make_timer()
    notch = 1
    while len(timer.wall) < frames:
        if scene.log.back in (0, scene.log.most_back()):
            notch = 1 if scene.log.back == 0 else -1
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notch, flipped=False, precise_y=float(notch))
        )
        timer.time(lambda: app.step(FRAME))
    return percentiles(timer.wall, timer.cpu)


def table_late(app: App, seats: tuple[SeatConfig, ...], seed: int = 4) -> object:
    """The table in round 12 or later, its log full of the game so far."""
    return _table(app, seats, seed, round_=11)


def _bot_thinking(app: App, frames: int = 240) -> float:
    """The longest of `frames` frames while a hard bot decides (it thinks on a worker thread);
    the budget is 50 ms. Frames come at 60 fps, so 240 take four seconds of bots thinking."""
    seats = (SeatConfig("Anna", SeatKind.BOT, "hard"), SeatConfig("Robo", SeatKind.BOT, "hard"))
    session = GameSession.start(GameConfig(seats, 0), seed=9)
    from scenes.table.opening import open_table

    app.change_settings(animation_speed="instant")
    open_table(app, session, how="reset")
    return longest_thinking_frame(app, session, frames)


def longest_thinking_frame(app: App, session: GameSession, frames: int) -> float:
    """The longest of `frames` frames while a bot decides on its worker thread, frames coming at
    60 fps (the table is open at instant speed; the speed goes back to 1x after)."""
    longest = 0.0
    thinking_frames = 0
    started = time.perf_counter()
    while thinking_frames < frames and not session.over and time.perf_counter() - started < 20:
        begin = time.perf_counter()
        app.step(FRAME)
        spent = (time.perf_counter() - begin) * 1000
        if session.thinking:
            thinking_frames += 1
            longest = max(longest, spent)
        time.sleep(max(0.0, FRAME - spent / 1000))
    app.change_settings(animation_speed="1x")
    return round(longest, 3)
