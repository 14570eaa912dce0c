"""Screenshots of the one voice of advice (issue 33) for tools/screenshots.py: `chance-hint` (after
the third roll, the chance buttons' points with the best one marked, and the Hint recommending that
very option with the same numbers), `roll3-default` (Enter there asks before ending), and
`review-reroll` (a review telling rerolls by the dice kept)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.goennen.ai import advise
from game.goennen.engine import Pass, Phase, State
from scenes.app import App
from scenes.table.turn import TurnScene
from scenes.table.turn_options import Step
from tools.odds_shots import wait_for_odds
from tools.table_shots import FRAME, open_settled, session_at


def press_hint(app: App, scene: TurnScene) -> None:
    """H, then frames until the hint's answer is drawn."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(FRAME)
    scene.hints.wait()
    for _ in range(3):
        app.step(FRAME)


def _chance_advised(state: State) -> bool:
    if not (state.phase == Phase.ACTIVE and state.decider == 0 and state.rolls == 3 and not state.acted):
        return False
    return state.round >= 2 and advise(state).why.kind == "chance_take"


def shot_chance_hint(app: App) -> pygame.Surface:
    scene = open_settled(app, session_at(_chance_advised, seed=6))
    assert isinstance(scene, TurnScene)
    wait_for_odds(app, scene)
    press_hint(app, scene)
    app.draw()
    return app.screen


def shot_roll3_default(app: App) -> pygame.Surface:
    """Enter after the third roll, End turn focused, a chance open: the table asks first."""
    scene = open_settled(app, session_at(_chance_advised, seed=6))
    assert isinstance(scene, TurnScene)
    wait_for_odds(app, scene)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    for _ in range(3):
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_wild_colour(app: App) -> pygame.Surface:
    """The end of the game's wild-colour step: the best colour marked in words (the ★ drew as an
    empty box: the font has no such glyph)."""
    scene = open_settled(app, session_at(lambda s: s.phase == Phase.WILD and s.decider == 0, seed=4))
    assert isinstance(scene, TurnScene)
    app.draw()
    return app.screen


def shot_last_round(app: App) -> pygame.Surface:
    """The round in which a 9th card was placed: the header says one more round follows (it said
    "last round" a round too early)."""

    def ninth_card_round(s: State) -> bool:
        return (
            s.last_round is not None and s.round < s.last_round and s.phase == Phase.ACTIVE and s.decider == 0
        )

    scene = open_settled(app, session_at(ninth_card_round, seed=1))
    assert isinstance(scene, TurnScene)
    app.draw()
    return app.screen


def shot_solo_card_won_with_hints(app: App) -> pygame.Surface:
    """Level 1 won in a game played with hints: the card says so (it said "Not played yet", as a
    game with hints sets no best score)."""
    from game.goennen.engine import standard_deck
    from scenes.model.progress import Progress, record_game, save_progress, store

    booked = record_game(Progress(), 1, 97, "solo", deck=standard_deck(), hints=2)
    save_progress(booked.progress)
    store(app).progress = booked.progress
    app.go("solo-card", 1, fade=False)
    for _ in range(40):
        app.step(FRAME)
    app.draw()
    return app.screen


def bot_used_dice(app: App) -> TurnScene:
    """The table at a bot's turn just after it used dice (completed or bought): the table plays
    the bots' steps at their pace, the human passes; stops at the first step that used dice."""

    def before_bot_turn(s: State) -> bool:
        return s.phase == Phase.ACTIVE and s.active == 1 and s.rolls == 1 and not s.is_chance

    scene = open_settled(app, session_at(before_bot_turn, seed=4), seconds=1.0)
    assert isinstance(scene, TurnScene)
    for _ in range(int(30 / FRAME)):
        app.step(FRAME)
        state = scene.session.state
        if state.used and state.active != 0 and state.phase == Phase.ACTIVE:
            break
        if scene.session.human_to_decide and state.phase == Phase.PASSIVE and not scene.paced:
            scene.choose(Step("play", Pass()))  # the human lets the bot's dice go
    for _ in range(6):
        app.step(FRAME)
    return scene


def shot_bot_used_dice(app: App) -> pygame.Surface:
    """A bot's used dice crossed out, as a human's are."""
    bot_used_dice(app)
    app.draw()
    return app.screen


def shot_bot_why(app: App) -> pygame.Surface:
    """H while a bot plays: why it made its latest move, from its own numbers, over the log."""
    scene = bot_used_dice(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(FRAME)
    scene.hints.wait()
    for _ in range(3):
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_review_reroll(app: App) -> pygame.Surface:
    """The review of a game where the human once rerolled all five dice where the Hint keeps some:
    both rerolls told by the dice kept, by colour."""
    from scenes.history.review import ReviewScene
    from scenes.model import archive
    from scenes.model.archive_entry import FINISHED, entry_of_session
    from scenes.model.replay import Replay
    from scenes.model.review import ReviewJob
    from scenes.model.userdata import data_dir
    from tools.review_sample import rerolled_all

    session = rerolled_all()
    store = archive.store(data_dir())
    store.record(entry_of_session(session, FINISHED, "2026-12-02T08:30:00"))
    (row,) = store.games()
    replay = Replay(session)
    job = ReviewJob(replay, rollouts=8, luck_rollouts=4)
    job.run()
    store.keep_review(row.id, job.judgements, job.rollouts, job.lucks)
    app.go("review", row.id, replay, fade=False)
    for _ in range(40):
        app.step(FRAME)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    app.draw()
    return app.screen


def shot_replay_words(app: App) -> pygame.Surface:
    """A replay just after a roll: the step in words with each die's colour, the timeline above."""
    from game.goennen.engine import Roll
    from scenes.history.replay import ReplayScene
    from tools.history_shots import shot_replay

    shot_replay(app)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    step = next(
        i + 1 for i in range(scene.step, scene.replay.steps) if isinstance(scene.replay.moves[i].action, Roll)
    )
    scene.go_to(step)
    for _ in range(30):
        app.step(FRAME)
    app.draw()
    return app.screen


def shot_penk_final_why(app: App) -> pygame.Surface:
    """Penk!'s final score, saying why the game ended (tools/penk_shots.py's final score)."""
    from tools.penk_shots import shot_final

    return shot_final(app)


SHOTS: dict[str, Callable[[App], pygame.Surface]] = {
    "chance-hint": shot_chance_hint,
    "review-reroll": shot_review_reroll,
    "roll3-default": shot_roll3_default,
    "wild-colour": shot_wild_colour,
    "last-round": shot_last_round,
    "bot-used-dice": shot_bot_used_dice,
    "bot-why": shot_bot_why,
    "penk-final-why": shot_penk_final_why,
    "replay-words": shot_replay_words,
    "solo-card-won-with-hints": shot_solo_card_won_with_hints,
}
