"""Online play checked end to end, headless, as the bundle does it:

    main.py --host-selftest [--game G] [--port N]    hosts a two-seat table through the real screens,
                                                     prints "code <invite> port <port>", waits for a
                                                     friend, plays its seat to the final score
    main.py --join-selftest ADDRESS CODE             joins that table with the code and plays its seat
    main.py --watch-selftest ADDRESS CODE            watches a table with its watch code to the end

Each seat plays the easy bot's move when it is its turn (the host's through the online table
screen's session, at instant speed); each passes when the game reaches its final score on both
sides with the same result. Loopback or a LAN: the address is whatever the host printed.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from game.registry import GAMES
from scenes.model.online.client import OnlineClient
from scenes.model.online.ticket import TABLES

FRAME = 1 / 60
FRIEND_WITHIN = 60.0  # seconds the host waits for the friend to join
GAME_WITHIN = 240.0  # seconds a whole game may take
WATCH_WITHIN = 1200.0  # a person's game, watched (a player in a real window takes their time)


def show_all(client: OnlineClient) -> None:
    """Show every event the seat has been sent (as the table does at instant speed)."""
    session = client.session
    while session is not None:
        if session.turn.kind == "chance":
            session.resolve_chance()
        elif session.poll_bot() is None:
            return


def play_easy(client: OnlineClient, rng: random.Random, table: object = None) -> bool:
    """The easy bot's move for the seat when it is its turn, played through `table` (the table
    scene, as a click would) when given; whether it moved."""
    session = client.session
    if session is None or not session.human_to_decide or getattr(table, "paced", False):
        return False
    action = GAMES[client.game].bot("easy")(session.view, rng, 0.05)
    play = getattr(table, "play", None)
    if callable(play):
        play(action)
    else:
        session.play(action)
    return True


def _wait(step: Callable[[], object], done: Callable[[], bool], seconds: float, what: str) -> None:
    limit = time.monotonic() + seconds
    while not done():
        step()
        if time.monotonic() > limit:
            raise TimeoutError(what)
        time.sleep(0.002)


def host(game: str = "goennen-koennen", port: int | None = None) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory() as folder:
        return _host(game, port, Path(folder))


def _host(game: str, port: int | None, data: Path) -> tuple[bool, str]:
    from scenes.app import App
    from scenes.online.play_online import PlayOnlineScene

    app = App(data_dir=data)
    app.change_settings(animation_speed="instant")
    scene = PlayOnlineScene(app, "host")
    app.go(scene, fade=False)
    app.step(FRAME)
    scene.player.value = "Host"
    scene.game.index = list(GAMES).index(game)
    scene.players.index = 0  # two seats
    if port is not None:
        scene.port = port
    scene.start()
    client = TABLES.current
    try:
        _wait(lambda: app.step(FRAME), lambda: client is not None and bool(client.codes), 10, "no table")
        assert client is not None and client.host is not None
        print(f"code {client.codes['invite']} port {client.host.port}", flush=True)
        friend = lambda: len(client.seats) > 1 and client.seats[1].taken  # noqa: E731
        _wait(lambda: app.step(FRAME), friend, FRIEND_WITHIN, "nobody joined")
        client.start_game()
        rng = random.Random(1)

        def step() -> None:
            app.step(FRAME)
            play_easy(client, rng, getattr(app.stack.top, "inner", None))

        over = lambda: client.session is not None and client.session.over and client.over is not None  # noqa: E731
        _wait(step, over, GAME_WITHIN, "the game did not end")
        for _ in range(30):
            app.step(FRAME)
        top = app.stack.top
        shown = getattr(getattr(top, "inner", top), "name", "?")
        assert client.session is not None
        result = _summary(GAMES[game].result(client.session.view))
        return True, f"{game} hosted on port {client.host.port}, played to its end ({shown}): {result}"
    except (TimeoutError, AssertionError) as error:
        return False, f"hosting failed: {error or type(error).__name__}"
    finally:
        if client is not None:
            client.close()
            if client.host is not None:
                client.host.stop()
        app.close()  # as the game ends: nothing of the table's is left running at the exit


def join(address: str, code: str, watch: bool = False) -> tuple[bool, str]:
    """Join (or, with `watch`, only watch) the table at `address` with `code` to its end."""
    with tempfile.TemporaryDirectory() as folder:
        if watch:
            client = OnlineClient.watch(address, code, folder=Path(folder))
        else:
            client = OnlineClient.join(address, code, "Friend", folder=Path(folder))
        rng = random.Random(2)
        try:

            def step() -> None:
                client.pump()
                show_all(client)
                play_easy(client, rng)
                if client.fatal is not None:
                    raise TimeoutError(f"refused: {client.fatal.key}")

            over = lambda: client.session is not None and client.session.over  # noqa: E731
            _wait(step, over, WATCH_WITHIN if watch else GAME_WITHIN, "the game did not end")
            assert client.session is not None
            result = _summary(GAMES[client.game].result(client.session.view))
            how = "watched" if watch else "joined"
            return (
                True,
                f"{how} {address}, {client.game} to its end ({client.session.queued} to show): {result}",
            )
        except (TimeoutError, AssertionError) as error:
            return False, f"joining failed: {error}"
        finally:
            client.close()


def _summary(result: object) -> str:
    """A game's result in a few words: each seat's points where the result has them."""
    scores = getattr(result, "scores", None)
    totals = [getattr(score, "total", None) for score in scores] if isinstance(scores, tuple) else []
    if totals and all(isinstance(total, int) for total in totals):
        return "points " + " : ".join(str(total) for total in totals)
    return repr(result)[:100]


def report(passed: bool, text: str) -> int:
    print(
        ("online selftest passed: " if passed else "online selftest FAILED: ") + text,
        file=sys.stdout if passed else sys.stderr,
    )
    return 0 if passed else 1
