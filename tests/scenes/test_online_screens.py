"""Online play through the real screens: Play online hosts a table, a friend joins with the code
from a second client, the host fills the last seat with a bot and starts; the game is played to its
final score on the online table (the host's moves through the scene's session, the friend's through
its own), the chat reaches the other seat, and a dropped line freezes the table until it is back."""

from __future__ import annotations

from scenes.core.intents import Action, Intent
from scenes.model import archive
from tools.online_shots import HostedTable, _frames, _until


def test_a_hosted_game_is_played_to_its_final_score_on_the_online_table(app, data_dir) -> None:
    app.change_settings(animation_speed="instant")
    table = HostedTable(app)
    try:
        assert app.stack.top.name == "online-lobby"
        assert (
            len(table.host.codes["invite"]) == 8 and table.host.codes["invite"] != table.host.codes["watch"]
        )
        lobby = app.stack.top
        assert not lobby.start_button.enabled  # seat 3 is open
        table.bots()
        _frames(app, 0.2)
        assert lobby.start_button.enabled
        table.start()
        assert app.stack.top.name == "online-table"
        table.guest.say("hello from Ben")
        _until(app, lambda: any(line.text == "hello from Ben" for line in table.host.chat), (table.guest,))
        table.play_until(lambda s: s.over)
        _frames(app, 1.0)
        assert app.stack.top.inner.name == "scoring"
        assert table.host.refusal is None
        _until(app, lambda: table.host.over is not None, (table.guest,))
        _frames(app, 0.2)
        assert table.host.session.archive_problem is None, table.host.session.archive_problem
        (row,) = archive.store(data_dir).games()  # the finished game is in the archive, checkable
        assert row.mode == "online_host"
    finally:
        table.close()


def test_a_dropped_line_freezes_the_table_and_comes_back(app) -> None:
    app.change_settings(animation_speed="instant")
    table = HostedTable(app)
    try:
        table.bots()
        table.start()
        table.play_until(lambda s: s.human_to_decide and s.state.round >= 2)
        table.host.link.drop()
        _until(app, lambda: table.host.line == "reconnecting")
        scene = app.stack.top
        assert scene.frozen
        before = table.host.session.state
        scene.handle(Intent(Action.CONFIRM))  # input waits while the line is down
        assert table.host.session.state is before
        _until(app, lambda: table.host.line == "connected", (table.guest,))
        assert not scene.frozen
        table.play_until(lambda s: s.over)
    finally:
        table.close()


def test_a_player_who_leaves_the_table_comes_back_with_continue(app) -> None:
    from scenes.model.online.ticket import TABLES

    app.change_settings(animation_speed="instant")
    table = HostedTable(app)
    try:
        table.bots()
        table.start()
        table.play_until(lambda s: s.human_to_decide and s.state.round >= 2)
        app.stack.top.leave()  # Pause -> Save and quit
        _frames(app, 1.0)
        title = app.stack.top
        assert title.name == "title" and "continue" in title.buttons
        title.buttons["continue"].activate()
        _until(app, lambda: app.stack.top.name == "online-table", (table.guest,))
        back = TABLES.current
        assert back is not None and back.seat == 0 and back is not table.host
        table.host = back
        table.play_until(lambda s: s.over)
    finally:
        table.close()


def test_continue_lists_every_online_table_marks_the_turn_and_resumes_the_one_chosen(app) -> None:
    from scenes.menus.continue_list import ContinueScene
    from scenes.model.online.ticket import TABLES, Ticket, keep_ticket, load_tickets

    app.change_settings(animation_speed="instant")
    table = HostedTable(app)
    try:
        table.bots()
        table.start()
        table.play_until(lambda s: s.human_to_decide and s.state.round >= 2)
        app.stack.top.leave()  # Pause -> Save and quit: Anna's seat waits for her decision
        _frames(app, 1.0)
        mine = load_tickets()[0]
        assert mine.turn and mine.players == ["Anna", "Ben", "Clara"]  # as the table names them
        other = Ticket(["ws://127.0.0.1:9"], "penk", "elsewhere", 1, "t", "Anna", players=["Cleo", "Anna"])
        assert keep_ticket(other) is None
        title = app.stack.top
        title.resume()
        title.buttons["continue"].activate()  # two tables: the list, not one of them at once
        _frames(app, 0.5)
        listed = app.stack.top
        assert isinstance(listed, ContinueScene) and [t.table for t, _, _ in listed.tables] == [
            "elsewhere",
            mine.table,
        ]
        words = [take.label() for _, take, _ in listed.tables]
        assert not words[0].startswith("Your turn") and "Cleo, Anna" in words[0] and "127.0.0.1:9" in words[0]
        assert words[1].startswith("Your turn") and "Anna, Ben" in words[1]
        listed.tables[1][1].activate()
        _until(app, lambda: app.stack.top.name == "online-table", (table.guest,))
        back = TABLES.current
        assert back is not None and back.table_id == mine.table and back.seat == 0
        table.host = back
        table.play_until(lambda s: s.over)
        _frames(app, 0.5)
        assert [t.table for t in load_tickets()] == ["elsewhere"]  # a finished table's ticket goes
    finally:
        table.close()


def test_a_spectator_watches_through_the_screens_and_never_decides(app) -> None:
    """Watch with a code: the lobby says so, the table follows the game, no seat is ever offered."""
    import random

    from scenes.model.online.client import OnlineClient
    from scenes.model.online.ticket import TABLES
    from scenes.online.play_online import PlayOnlineScene
    from scenes.online.selftest import play_easy, show_all

    app.change_settings(animation_speed="instant")
    host = OnlineClient.host_table("penk", 2, "Anna", "off", port=0)
    try:
        _until(app, lambda: (host.pump() or True) and bool(host.codes))
        host.set_bot(1, "easy")
        _until(app, lambda: (host.pump() or True) and len(host.seats) == 2 and host.seats[1].taken)
        scene = PlayOnlineScene(app, "watch")
        app.go(scene, fade=False)
        _frames(app, 0.2)
        scene.code.value = host.codes["watch"].lower()
        scene.address.value = f"127.0.0.1:{host.host.port}"
        scene.resume()
        assert scene.start_button.enabled
        scene.start()
        _until(app, lambda: app.stack.top.name == "online-lobby" and bool(TABLES.current.seats))
        watcher = TABLES.current
        assert watcher.watching and watcher.seat is None and watcher.token is None
        host.start_game()
        rng = random.Random(4)

        def host_plays() -> bool:
            host.pump()
            show_all(host)
            play_easy(host, rng)
            return watcher.session is not None and watcher.session.over

        _until(app, host_plays, ())
        assert app.stack.top.name == "online-table"
        assert not watcher.session.human_to_decide and watcher.session.humans == []
    finally:
        host.close()
        host.host.stop()
        TABLES.current = None


def test_a_muted_player_s_lines_are_not_shown() -> None:
    from scenes.model.online.client import ChatLine, OnlineClient

    client = OnlineClient.__new__(OnlineClient)
    client.chat = [ChatLine(1, "Ben", "hi"), ChatLine(2, "Cleo", "hello")]
    client.muted = set()
    client.toggle_mute(1)
    assert [line.text for line in client.shown_chat()] == ["hello"]
    client.toggle_mute(1)
    assert len(client.shown_chat()) == 2


def test_the_game_starts_without_loading_online_play() -> None:
    """Start to first frame stays as it was: the title needs none of online play's code."""
    import subprocess
    import sys

    probe = (
        "import sys; import scenes.app, scenes.routes, scenes.menus.title; "
        "loaded = [m for m in ('websockets', 'asyncio', 'game.online', 'scenes.model.online.client') "
        "if m in sys.modules]; print(loaded)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout + result.stderr


def test_the_title_drops_a_table_that_ended_with_a_notice_naming_it(app) -> None:
    from scenes.menus.title import TitleScene
    from scenes.model.online.ticket import TABLES, Ticket, keep_ticket, load_tickets

    TABLES.hosts.clear()  # the game that hosted this table was closed
    hosted = Ticket(
        ["ws://127.0.0.1:8765"], "penk", "hosted", 0, "t", "Anna", hosted=True, players=["Anna", "Ben"]
    )
    friends = Ticket(["ws://10.0.0.2:8765"], "penk", "friends", 1, "t", "Anna", players=["Cleo", "Anna"])
    keep_ticket(hosted)
    keep_ticket(friends)
    title = TitleScene(app)
    assert app.notice is not None and "Anna, Ben" in app.notice and "Cleo" not in app.notice
    assert [t.table for t in load_tickets()] == ["friends"]  # gone from the file: told once
    assert "continue" in title.buttons  # the friend's table still waits
