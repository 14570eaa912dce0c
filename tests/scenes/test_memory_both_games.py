"""tools.memory covers Penk! and the screens players use after a game (Played games, the replay):
a few games of each through the real scenes, the process inside the 20 % rule. The full check is
`python -m tools.memory --games 200 [--game penk]` (docs/performance.md)."""

from __future__ import annotations

import pytest

from scenes.app import App
from scenes.model.gameconfig import SeatConfig, SeatKind
from tools import memory

TWO_EASY_BOTS = (SeatConfig("Ada", SeatKind.BOT, "easy"), SeatConfig("Bram", SeatKind.BOT, "easy"))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["penk", "goennen-koennen"])
def test_games_and_a_look_back_at_them_stay_inside_the_rule(game: str) -> None:
    looked: list[str] = []
    real_look_back = memory.look_back

    def counted(app: App, frames: int = 3) -> None:
        real_look_back(app, frames)
        looked.append(type(app.stack.top).__name__)

    memory.look_back = counted  # type: ignore[assignment]
    try:
        samples = memory.play_games(6, seed=3, seats=TWO_EASY_BOTS, game_key=game, screens=True)
    finally:
        memory.look_back = real_look_back  # type: ignore[assignment]
    assert [sample.game for sample in samples] == list(range(1, 7))
    assert looked == ["PenkReplayScene" if game == "penk" else "ReplayScene"] * 6
    assert memory.growth(samples) <= memory.ALLOWED_GROWTH, [round(s.rss_mb, 1) for s in samples]
