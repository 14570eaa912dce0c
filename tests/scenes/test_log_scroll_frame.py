"""Scrolling the table's small log redraws the log alone, and the picture is the very one a whole
redraw of the table gives (posted wheel events over a full log)."""

from __future__ import annotations

import pygame

from scenes.app import App
from scenes.table.turn import TurnScene
from tests.scenes.conftest import FRAME, top
from tools.table_bench import table_late
from tools.table_shots import SEATS


def test_a_wheel_over_the_small_log_shows_what_a_whole_redraw_shows(app: App) -> None:
    table_late(app, SEATS)
    scene = top(app)
    assert isinstance(scene, TurnScene) and scene.log.most_back() > 10
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=scene.log.area.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(FRAME)
    composed = 0
    real_compose = scene._compose

    def counted(like: pygame.Surface) -> pygame.Surface:
        nonlocal composed
        composed += 1
        return real_compose(like)

    scene._compose = counted  # type: ignore[method-assign]
    for notch in (1, 1, 1, -1, 1):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notch, flipped=False, precise_y=float(notch))
        )
        app.step(FRAME)
    assert scene.log.back == 9 and composed == 0  # three lines a notch; the table was not composed again
    quick = app.screen.copy()
    scene.dirty = True
    app.draw()
    assert composed == 1
    assert pygame.image.tobytes(quick, "RGB") == pygame.image.tobytes(app.screen, "RGB")
