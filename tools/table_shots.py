"""Screenshots of the table for tools/screenshots.py: the deal, a turn, a passive prompt, a card
being completed, the market mid-slide, a chance card drawn, the final score, the pause menu over
the table, a field refusing the chosen die, and German chosen during a turn. Each position is
reached by a fixed seed and a plain scripted human."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.goennen.engine import (
    Action,
    Buy,
    Complete,
    End,
    Pass,
    Phase,
    Place,
    Reroll,
    ReturnCard,
    State,
    Take,
    Write,
)
from scenes.app import App
from scenes.core.stack import Scene
from scenes.model.gameconfig import GameConfig, SeatConfig, SeatKind
from scenes.model.session import GameSession
from scenes.table.turn_options import Step

FRAME = 1 / 60
SEATS = (
    SeatConfig("Anna", SeatKind.HUMAN),
    SeatConfig("Robo", SeatKind.BOT, "easy"),
    SeatConfig("Bea", SeatKind.BOT, "easy"),
    SeatConfig("Max", SeatKind.BOT, "easy"),
)


def human_move(session: GameSession, rng: random.Random) -> Action:
    legal = session.legal()
    state = session.state
    for kind in (Complete, Buy, Place, ReturnCard, Write):
        options = [a for a in legal if isinstance(a, kind)]
        if options:
            return options[0]
    takes = [a for a in legal if isinstance(a, Take)]
    if takes and state.rolls == 3:
        return takes[0]
    rerolls = [a for a in legal if isinstance(a, Reroll)]
    if rerolls:
        return rng.choice(rerolls)
    for kind2 in (End, Pass):
        options2 = [a for a in legal if isinstance(a, kind2)]
        if options2:
            return options2[0]
    return legal[0]


def session_at(
    done: Callable[[State], bool], seed: int = 4, seats: tuple[SeatConfig, ...] = SEATS
) -> GameSession:
    session = GameSession.start(GameConfig(seats, 0), seed=seed)
    rng = random.Random(seed)
    while not done(session.state) and not session.over:
        if session.human_to_decide:
            session.play(human_move(session, rng))
        elif session.bot_to_decide:
            session.bot_decision_now()
        else:
            session.resolve_chance()
    return session


def open_settled(app: App, session: GameSession, seconds: float = 2.5) -> Scene:
    """The table of `session`, settled (the deal's fade and the dice have landed)."""
    from scenes.table.opening import open_table

    open_table(app, session, how="reset")
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)
    scene = app.stack.top
    assert scene is not None
    return scene


def _human_active(rolls: int, round_: int = 2) -> Callable[[State], bool]:
    return lambda s: s.phase == Phase.ACTIVE and s.decider == 0 and s.rolls == rolls and s.round >= round_


def shot_deal(app: App) -> pygame.Surface:
    from scenes.table.deal import DealScene

    session = session_at(lambda s: s.phase == Phase.SETUP_PLACE and len(s.seats[0].hand) == 2)
    scene = open_settled(app, session)
    assert isinstance(scene, DealScene)
    scene.pick(scene.hand()[0])
    app.draw()
    return app.screen


def shot_deal_first(app: App) -> pygame.Surface:
    """The first game's deal after a card was put back: the guide's line, free cells not yet green,
    no focus ring on the first card."""
    from scenes.table.deal import DealScene

    session = session_at(lambda s: s.phase == Phase.SETUP_PLACE and len(s.seats[0].hand) == 3)
    scene = open_settled(app, session)
    assert isinstance(scene, DealScene) and scene.guide
    app.draw()
    return app.screen


def shot_turn(app: App) -> pygame.Surface:
    scene = open_settled(app, session_at(_human_active(1)))
    from scenes.table.turn import TurnScene

    assert isinstance(scene, TurnScene)
    loose = scene.tray.in_tray()
    scene.choose(Step("toggle", colour=loose[0]))
    scene.choose(Step("toggle", colour=loose[1]))
    app.draw()
    return app.screen


def shot_turn_passive(app: App) -> pygame.Surface:
    from scenes.table.turn import TurnScene

    session = session_at(lambda s: s.phase == Phase.PASSIVE and s.decider == 0 and s.round >= 2)
    scene = open_settled(app, session)
    assert isinstance(scene, TurnScene) and scene.choices is not None
    scene.choose(Step("select", colour=next(iter(scene.choices.writes))))
    app.draw()
    return app.screen


def shot_turn_complete(app: App) -> pygame.Surface:
    from game.goennen.engine import legal_actions
    from scenes.table.turn import TurnScene

    def can_complete(state: State) -> bool:
        return (
            state.phase == Phase.ACTIVE
            and state.decider == 0
            and state.round >= 1
            and any(isinstance(a, Complete) for a in legal_actions(state))
        )

    scene = open_settled(app, session_at(can_complete, seed=5))
    assert isinstance(scene, TurnScene) and scene.choices is not None
    scene.choose(Step("propose_complete", card=next(iter(scene.choices.completes))))
    app.draw()
    return app.screen


def shot_market_slide(app: App) -> pygame.Surface:
    from game.goennen.engine import Row
    from scenes.table.turn import TurnScene

    scene = open_settled(app, session_at(_human_active(1)))
    assert isinstance(scene, TurnScene)
    market = scene.session.state.market
    # show the scoring row as it moves after a purchase from slot 3: slots 1-2 slide on, a new
    # card comes out of the deck
    for index, card in enumerate(market[0]):
        if card is not None and index <= 2:
            spot = scene.market.spots[card]
            start = (
                scene.market.slot_rect(Row.SCORING, index) if index else scene.market.deck_rect(Row.SCORING)
            )
            spot.x, spot.y = float(start.x), float(start.y)
    scene.market.sync(market, scene.tweens)
    scene.dirty = True
    for _ in range(16):
        scene.tweens.update(FRAME)
    app.draw()
    return app.screen


def shot_chance(app: App) -> pygame.Surface:
    session = session_at(lambda s: s.phase == Phase.PLACE and s.chance == "take" and s.decider == 0, seed=6)
    open_settled(app, session)
    app.draw()
    return app.screen


def shot_scoring(app: App) -> pygame.Surface:
    session = session_at(lambda s: s.is_over, seed=4)
    scene = open_settled(app, session, seconds=0.5)
    scene.tweens.skip()
    for _ in range(10):
        app.step(FRAME)
    app.draw()
    return app.screen


def _final(app: App, seats: tuple[SeatConfig, ...], seed: int, zoom: bool) -> pygame.Surface:
    session = session_at(lambda s: s.is_over, seed=seed, seats=seats)
    scene = open_settled(app, session, seconds=0.5)
    scene.tweens.skip()
    for _ in range(10):
        app.step(FRAME)
    # the pointer on the second seat: its cards in words at the right (with `zoom` on a card of it,
    # shown large)
    from scenes.table.scoring import ScoringScene

    assert isinstance(scene, ScoringScene)
    rects = scene.card_rects(1)
    scored = {card.card_id for card in scene.outcome.scores[1].cards}
    spot = next((rect for card, rect in rects.items() if card in scored), next(iter(rects.values())))
    if not zoom:
        spot = pygame.Rect(scene.seat_rects()[1].midbottom, (0, 0)).move(0, -8)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(3):
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_final_score(app: App) -> pygame.Surface:
    """The final score of a game of two."""
    return _final(app, SEATS[:2], seed=4, zoom=False)


def shot_final_score_4(app: App) -> pygame.Surface:
    """The final score of a game of four, a card zoomed."""
    return _final(app, SEATS, seed=4, zoom=True)


def shot_pause(app: App) -> pygame.Surface:
    from scenes.table.turn import TurnScene

    scene = open_settled(app, session_at(_human_active(1)))
    assert isinstance(scene, TurnScene)
    scene.open_pause()
    for _ in range(30):
        app.step(FRAME)
    return app.screen


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    for _ in range(3):
        app.step(FRAME)


def shot_refusal(app: App) -> pygame.Surface:
    """A passive die chosen, then a field clicked that cannot take it: the reason above the field."""
    from scenes.table.geometry import field_rects
    from scenes.table.turn import TurnScene

    session = session_at(lambda s: s.phase == Phase.PASSIVE and s.decider == 0 and s.round >= 2)
    scene = open_settled(app, session)
    assert isinstance(scene, TurnScene) and scene.choices is not None
    state = session.state
    for die, fields in scene.choices.writes.items():
        for placed in state.display(0):
            rects = field_rects(placed.card, scene.main.rect_of(placed.pos))
            refused = [i for i, v in enumerate(placed.filled) if v is None and (placed.id, i) not in fields]
            if refused:
                _click(app, scene.tray.die_rect(die).center)
                _click(app, rects[refused[0]].center)
                app.draw()
                return app.screen
    raise RuntimeError("no field refuses a die in this position")


def shot_language_switched(app: App) -> pygame.Surface:
    """German chosen in the settings while a turn is on: prompt, log and buttons follow at once."""
    from scenes.table.turn import TurnScene

    scene = open_settled(app, session_at(_human_active(2)))
    assert isinstance(scene, TurnScene)
    app.change_settings(language="de")
    for _ in range(3):
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_log_expanded(app: App) -> pygame.Surface:
    """The log opened large in round 4, scrolled back a little: rounds apart, cards by chip and name."""
    from scenes.table.turn import TurnScene

    scene = open_settled(app, session_at(_human_active(1, round_=3)))
    assert isinstance(scene, TurnScene)
    _click(app, scene.log.area.center)
    assert scene.log.expanded
    scene.log.scroll(6)
    app.draw()
    return app.screen


def shot_bot_turn(app: App) -> pygame.Surface:
    """A bot's move mid-flight at Normal speed: its dice ringed in its colour on their way to the
    fields (or the market card) they are used for."""
    from scenes.table.turn import TurnScene

    session = session_at(lambda s: s.round >= 2 and s.phase == Phase.ACTIVE and s.active == 1, seed=4)
    scene = open_settled(app, session, seconds=0.4)
    assert isinstance(scene, TurnScene)
    for _ in range(6000):
        flying = [f for f in scene.effects.flyers if f.aspect == 1.0]
        if flying and all(0.35 <= f.progress <= 0.6 for f in flying):
            break
        if session.thinking:
            session.bot_decision_wait()
        app.step(FRAME)
    else:
        raise RuntimeError("no bot used its dice")
    app.draw()
    return app.screen


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {
    "deal": shot_deal,
    "deal-first": shot_deal_first,
    "turn": shot_turn,
    "turn-passive": shot_turn_passive,
    "turn-complete": shot_turn_complete,
    "market-slide": shot_market_slide,
    "chance": shot_chance,
    "scoring": shot_scoring,
    "pause": shot_pause,
    "refusal": shot_refusal,
    "language-switched": shot_language_switched,
    "log-expanded": shot_log_expanded,
    "bot-turn": shot_bot_turn,
    "final-score": shot_final_score,
    "final-score-4": shot_final_score_4,
}
