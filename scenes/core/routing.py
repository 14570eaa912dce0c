"""Navigation by route: a screen asks the app for a route by name (`app.go("solo-card")`), and the
route table (scenes/routes.py, the one module that knows every screen) says which scene serves it.

Screens therefore never import each other. A route nobody serves (a part left out of a build or a
test) leaves the buttons that lead there disabled with a reason (`Router.serves`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scenes.core.stack import Host, Scene

RouteFactory = Callable[..., "Scene"]  # factory(app, *arguments) -> the scene serving the route


@dataclass(frozen=True)
class Resignation:
    """The route "table-resigned"'s second argument: the game was resigned and shows its scores as
    they stood; Continue leads to `then` with `arguments` (None: Play again and Title instead)."""

    then: str | None = None
    arguments: tuple[Any, ...] = ()


@dataclass(frozen=True)
class ModeRoutes:
    """What a game's mode (session.context["mode"]) changes at the table, as routes: where its
    final score's Continue leads, what Resign does, whether Restart is offered. Looked up by the
    table itself (also after Continue), so a resumed solo or campaign game ends like one never left."""

    after_game: str | None = None  # route(app, session); None: the table's own Play again / Title
    # route(app, session): books the resigned game and returns the result screen ("table-resigned");
    # None: the save is archived and the result screen offers Play again and Title
    resign: str | None = None
    can_restart: bool = True  # False: Pause offers no Restart (a campaign level is not redone)
    can_resign: bool = True  # False: Pause offers no Resign (the guided game is only left or resumed)
    # book(app, session) -> where Continue leads: books a finished game (the player's progress) and
    # archives it in the same step, as its final score appears, so that a window closed on the final
    # score loses nothing; None: the final score only archives the game
    book: Callable[..., Resignation] | None = None


Hook = Callable[[], None]


@dataclass(frozen=True)
class PauseHooks:
    """The route "pause"'s argument: what the game scene offers besides resuming; None hides the
    button."""

    save_and_quit: Hook | None = None
    restart: Hook | None = None
    resign: Hook | None = None


class UnknownRouteError(KeyError):
    """A screen asked for a route the route table does not serve."""


class Router:
    def __init__(self, routes: Mapping[str, RouteFactory], modes: Mapping[str, ModeRoutes]) -> None:
        self.routes = dict(routes)
        self.modes = dict(modes)

    def serves(self, route: str) -> bool:
        return route in self.routes

    def scene(self, app: Host, route: str, *arguments: Any) -> Scene:
        """The scene serving `route`, made now (the caller puts it on the stack)."""
        try:
            factory = self.routes[route]
        except KeyError:
            raise UnknownRouteError(f"no scene serves the route {route!r}") from None
        return factory(app, *arguments)

    def mode(self, mode: object) -> ModeRoutes:
        """The routes for a game of `mode` (any value from a save); plain table behaviour if unknown."""
        return self.modes.get(mode, ModeRoutes()) if isinstance(mode, str) else ModeRoutes()
