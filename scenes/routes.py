"""The route table, the composition root of the screens: which scene serves each route name.

Screens never import each other; they ask the app for a route (`app.go("solo-card", level)`), and
only this module knows every screen. A new screen adds its route here; a second game's screens
(scenes/penk/) add theirs beside the table's. MODES says what a game's mode (session.context
["mode"]) changes at the table: where its end and its Resign lead, whether Restart is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scenes.core.confirm import ConfirmScene
from scenes.core.routing import ModeRoutes, RouteFactory
from scenes.history.archive_list import ArchiveScene
from scenes.history.penk_replay import PenkReplayScene
from scenes.history.replay import ReplayScene
from scenes.history.review import ReviewScene
from scenes.history.statistics import StatisticsScene
from scenes.menus.already_open import AlreadyOpenScene
from scenes.menus.continue_list import ContinueScene
from scenes.menus.newgame import NewGameScene
from scenes.menus.pause import PauseScene
from scenes.menus.reinstall import ReinstallScene
from scenes.menus.rules import RulesScene
from scenes.menus.settings import SettingsScene
from scenes.menus.title import TitleScene
from scenes.model.penk_tutorial import MODE as PENK_TUTORIAL_MODE
from scenes.model.penk_tutorial_session import PenkTutorialSession
from scenes.model.rulebooks import PENK
from scenes.model.tutorial import MODE as TUTORIAL_MODE
from scenes.model.tutorial_session import TutorialSession
from scenes.penk import opening as penk_opening
from scenes.penk.guide import PenkGuide
from scenes.penk.scoring import PenkScoringScene
from scenes.penk.table import PenkTableScene
from scenes.penk.tutorial_opening import penk_tutorial_scene
from scenes.solo.campaign import CampaignScene
from scenes.solo.card import SoloCardScene
from scenes.solo.end import SoloEndScene
from scenes.solo.play import book_and_keep, finish_game, resign_game
from scenes.solo.watch import WatchScene
from scenes.table.deal import DealScene
from scenes.table.opening import continue_scene, new_game_scene, stage
from scenes.table.pass_screen import PassScreen
from scenes.table.scoring import ScoringScene
from scenes.table.turn import TurnScene
from scenes.tutorial.done import TutorialDoneScene
from scenes.tutorial.guide import TutorialGuide
from scenes.tutorial.opening import tutorial_scene

if TYPE_CHECKING:
    from scenes.core.stack import Host, Scene
    from scenes.core.widgets import Text
    from scenes.model.replay import Replay
    from scenes.model.session import GameSession


def table(app: Host, session: GameSession) -> Scene:
    """The table's scene for the session's game and stage: the deal, the turns or the final score
    (Penk!: its table or its final score); an online seat's inside the online table."""
    if session.context.get("mode") == ONLINE_MODE:
        from scenes.online.table import online_table

        return online_table(app, session, _table(app, session))  # type: ignore[arg-type]
    return _table(app, session)


# Online play's screens and the check of an online game are loaded when first opened, so that the
# game starts as fast as it did before online play (its code is not needed for the title).
def play_online(app: Host, *arguments: Any) -> Scene:
    from scenes.online.play_online import PlayOnlineScene

    return PlayOnlineScene(app, *arguments)


def online_lobby(app: Host, client: Any) -> Scene:
    from scenes.online.lobby import LobbyScene

    return LobbyScene(app, client)


def check_game(app: Host, *arguments: Any) -> Scene:
    from scenes.history.check_game import CheckScene

    return CheckScene(app, *arguments)


def _table(app: Host, session: GameSession) -> Scene:
    if session.game == PENK:
        if penk_opening.stage(session) == penk_opening.SCORING:
            return PenkScoringScene(app, session)
        penk_table = PenkTableScene(app, session)
        if isinstance(session, PenkTutorialSession):  # Penk!'s guided game: the lessons over the table
            penk_table.guide = PenkGuide(penk_table, session)
        return penk_table
    kind = stage(session)
    if kind == "deal":
        return DealScene(app, session)
    if kind == "scoring":
        return ScoringScene(app, session)
    scene = TurnScene(app, session)
    if isinstance(session, TutorialSession):  # the guided first game: the lessons over the table
        scene.guide = TutorialGuide(scene, session)
    return scene


def replay(app: Host, game: Replay, step: int = 0, note: Text | None = None) -> Scene:
    """The replay viewer of the game's own table: the first game's or Penk!'s."""
    if game.is_first_game:
        return ReplayScene(app, game, step, note)
    return PenkReplayScene(app, game, step, note)


ROUTES: dict[str, RouteFactory] = {
    # menus
    "title": TitleScene,
    "new-game": NewGameScene,
    "settings": SettingsScene,
    "rules": RulesScene,
    "pause": PauseScene,  # (PauseHooks)
    "confirm": ConfirmScene,  # (Confirmation): an overlay asking before anything is lost
    "continue": ContinueScene,  # the saved games, each resumed or deleted
    "reinstall": ReinstallScene,  # (file name): instead of the title when the deck is damaged
    "already-open": AlreadyOpenScene,  # (Holder): instead of the title when another copy has the folder
    # the table
    "table": table,  # (GameSession) at its stage
    "table-new": new_game_scene,  # (GameConfig)
    "table-continue": continue_scene,  # (save path or None)
    "table-resigned": ScoringScene,  # (GameSession, Resignation): the scores as they stood
    "pass-device": PassScreen,  # (the next player's name): hides private cards while hands change
    "tutorial": tutorial_scene,  # the guided first game, resumed at its lesson or begun
    "penk-tutorial": penk_tutorial_scene,  # Penk!'s guided first game, resumed at its lesson or begun
    "tutorial-done": TutorialDoneScene,  # (GameSession): after its final score, a real game or the title
    # Penk!, the second game (its saves are resumed by "table-continue" and shown by "table")
    "penk-new": penk_opening.new_game_scene,  # (GameConfig)
    "penk-resigned": PenkScoringScene,  # (GameSession, Resignation): the scores as they stood
    # solo
    "solo-card": SoloCardScene,  # (selected level or None)
    "solo-watch": WatchScene,  # (level, bot level)
    "solo-end": SoloEndScene,  # (GameSummary)
    "solo-finished": finish_game,  # (GameSession): booked, then the end screen
    "campaign": CampaignScene,  # (CampaignStep or None)
    "solo-resigned": resign_game,  # (GameSession): booked as lost, then the scores as they stood
    # online play
    "online": play_online,  # host a table, join or watch one with a code
    "online-lobby": online_lobby,  # (OnlineClient): the seats, the codes, Start
    "online-after": lambda app, _session: play_online(app),  # after an online game's final score
    # the history of played games
    "archive": ArchiveScene,  # every archived game (and the unfinished ones): replay, export, import
    "replay": replay,  # (Replay[, step, note]): the table as it stood at any step, read-only (either game)
    "check-game": check_game,  # (Replay): an online game's dice recomputed from the table's key, over it
    "statistics": StatisticsScene,  # the player's record counted from the archive
    "review": ReviewScene,  # (game id, Replay): the human's decisions against the hard bot's
}

ONLINE_MODE = "online"  # scenes/model/online/remote.py MODE

MODES: dict[str, ModeRoutes] = {
    # an online game is neither restarted nor resigned from here; its end leads back to Play online
    ONLINE_MODE: ModeRoutes(after_game="online-after", can_restart=False, can_resign=False),
    # the guided first game is left (and resumed) or played to its end, never restarted or resigned
    TUTORIAL_MODE: ModeRoutes(after_game="tutorial-done", can_restart=False, can_resign=False),
    PENK_TUTORIAL_MODE: ModeRoutes(can_restart=False, can_resign=False),
    # a finished solo, campaign or watched game is booked and archived as its final score appears
    "solo": ModeRoutes(after_game="solo-finished", resign="solo-resigned", book=book_and_keep),
    "watch": ModeRoutes(after_game="solo-finished", book=book_and_keep),
    # a campaign level is neither restarted (a bad deal would be redone) nor resigned without being
    # booked as played and lost
    "campaign": ModeRoutes(
        after_game="solo-finished", resign="solo-resigned", can_restart=False, book=book_and_keep
    ),
}
