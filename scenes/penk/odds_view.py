"""The odds at the Penk! table: small colour-coded badges on the deciding human's large sheet, as
the first game's (scenes/table/odds_view.py: the same worker-thread scheme, colours, percent and
"Show odds" setting with the O key; "first games" counts finished Penk! games here).

On each clear cell the chance to circle it this turn (bottom right), on each cell the free dice
can circle now what circling it adds (top right), by each row and under each column the chance to
circle one of its clear cells, and beside the dice the chance of a failed roll. The numbers are
scenes/model/penk_odds.py's, worked out for the dice picked to reroll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.penk import State
from scenes.core import fonts, theme
from scenes.core.i18n import t
from scenes.model.archive_entry import PENK
from scenes.model.odds_setting import finished_games
from scenes.model.odds_worker import Shown
from scenes.model.penk_odds import PenkBadge, PenkOddsRequest, penk_worker, shows_odds
from scenes.model.userdata import data_dir
from scenes.render.penk_sheet import SheetGeometry
from scenes.table.odds_view import GREEN, OddsView, chance_colour, percent_text
from scenes.table.words import points_text

if TYPE_CHECKING:
    from scenes.core.stack import Host

TEXT_SIZE = 12


class PenkOddsView(OddsView):
    def __init__(self, app: Host) -> None:  # the first game's view, with Penk!'s worker and games
        self.app = app
        self.worker = penk_worker()
        self.finished = finished_games(data_dir(), PENK)
        self.placed = []
        self.last: Shown | None = None

    def ask(self, state: State, seat: int | None, picked: tuple[int, ...]) -> bool:
        """Ask for the odds of what is shown now (`seat`: the human deciding, None: no human);
        True when new numbers arrived."""
        if not self.enabled:
            self.worker.ask(None)
            changed, self.last = self.last is not None, None
            return changed
        if seat is None or not shows_odds(state, seat):
            # the dice roll or a bot plays: nothing to work out, and the numbers kept for when
            # the same position is back (a roll shown again asks for nothing new)
            self.worker.ask(None)
            return False
        request = PenkOddsRequest(state, seat, picked)
        if self.last is not None and self.last.done and request.same(self.last.request):
            return False
        self.worker.ask(request)
        shown = self.worker.shown()
        changed = shown is not self.last
        self.last = shown
        return changed

    def draw_on(self, surface: pygame.Surface, geometry: SheetGeometry, dice: pygame.Rect) -> None:
        for badge in self.badges:
            assert isinstance(badge, PenkBadge)
            text, colour = face(badge)
            label = fonts.text(text, TEXT_SIZE, theme.WHITE, "black")
            box = label.get_rect().inflate(8, 2)
            if badge.kind == "cell":
                box.bottomright = geometry.cell_rect(*badge.target).move(-3, -3).bottomright  # type: ignore[arg-type]
            elif badge.kind == "add":
                box.topright = geometry.cell_rect(*badge.target).move(-3, 3).topright  # type: ignore[arg-type]
            elif badge.kind == "line" and badge.target[0] == "row":
                box.midleft = geometry.row_points_rect(int(str(badge.target[1]))).move(0, 14).midleft
            elif badge.kind == "line":  # under the column's points (drawn in the middle)
                points = geometry.column_points_rect(int(str(badge.target[1])))
                box.midtop = (points.centerx, points.centery + 13)
            else:  # on the dice panel's top edge, at its right: never over a die
                box.midright = (dice.right - 14, dice.top)
            pygame.draw.rect(surface, colour, box, border_radius=box.height // 2)
            pygame.draw.rect(surface, theme.WHITE, box, 1, border_radius=box.height // 2)
            surface.blit(label, label.get_rect(center=box.center))


def face(badge: PenkBadge) -> tuple[str, tuple[int, int, int]]:
    """What a badge says and its colour."""
    if badge.kind == "add":
        return points_text(badge.value), GREEN
    if badge.kind == "fail":
        return t("penk.odds.fail", chance=percent_text(badge.value)), chance_colour(1.0 - badge.value)
    return percent_text(badge.value), chance_colour(badge.value)


def badge_words(badge: PenkBadge) -> str:
    """A cell's badge as a sentence for the cell's tip ("" for the others)."""
    if badge.kind == "cell":
        return t("penk.odds.cell_tip", chance=percent_text(badge.value))
    if badge.kind == "add":
        return t("penk.odds.add_tip", points=points_text(badge.value))
    return ""
