"""The public vocabulary of the rules engine, used alike by the screens, the bots and the tests.

    state = new_game(players=2, start_player=0)        # or solo_level=3 with players=1
    turn = whose_turn(state)                           # Turn("chance"), Turn("seat", 1), Turn("end")
    actions = legal_actions(state)                     # every legal action here
    state = apply(state, parse("reroll YOG"))          # IllegalActionError if not allowed
    state = apply_known(state, action)                 # an action known legal: no check again
    chance_outcomes(state) / sample_chance(state, rng) # when chance is due
    result(state)                                      # the Outcome once the game is over
    view(state, seat)                                  # what one seat (None: a spectator) may see
    redact(before, action, seat)                       # what one seat may read of an action
    window_seats(state) / decision_window(state, seat) # seats deciding at once, and each one's state

See docs/engine.md for examples.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.goennen import flow
from game.goennen.actions import Action, Row, parse
from game.goennen.cards import CardKind
from game.goennen.chance import chance_outcomes, sample_chance
from game.goennen.deck import Deck, standard_deck
from game.goennen.reasons import IllegalActionError
from game.goennen.rules import apply, apply_known, is_legal, legal_actions, price, refusal, usable_dice
from game.goennen.scoring import SeatScore, score_display, winners
from game.goennen.seats import (
    HIDDEN,
    MAX_ACTION_TEXT,
    check_may_decide,
    decision_window,
    read_sent_action,
    redact,
    window_seats,
)
from game.goennen.solo import LevelInfo, level_info
from game.goennen.state import MAX_SEATS, After, Config, Phase, Pile, Seat, State
from game.kit.errors import SetupError
from game.kit.turn import Turn

__all__ = [
    "HIDDEN",
    "MAX_ACTION_TEXT",
    "check_may_decide",
    "decision_window",
    "read_sent_action",
    "redact",
    "window_seats",
    "Action",
    "IllegalActionError",
    "Outcome",
    "Turn",
    "apply",
    "apply_known",
    "chance_outcomes",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse",
    "price",
    "refusal",
    "result",
    "sample_chance",
    "usable_dice",
    "view",
    "whose_turn",
]

# The door: the vocabulary screens and tools need, re-exported so that scenes/ and tools/ import the
# rules only from here (game.PUBLIC_MODULES lists the few other public modules; a test checks).
from game.goennen.actions import (  # noqa: E402
    CHANCE_ACTIONS,
    ActionSyntaxError,
    Adjust,
    Buy,
    Complete,
    Discard,
    Draw,
    End,
    Pass,
    Place,
    Recolour,
    Remove,
    Reroll,
    ReturnCard,
    Roll,
    Take,
    Wild,
    Write,
)
from game.goennen.cards import BONUS_USES, BonusKind, Card, Field, Relation, ScoringKind, Task  # noqa: E402
from game.goennen.colours import COLOURS, Colour  # noqa: E402
from game.goennen.deck import DECK_PATH, DeckError, load_deck  # noqa: E402
from game.goennen.display import Display, PlacedCard  # noqa: E402
from game.goennen.flow import solo_writes_allowed  # noqa: E402
from game.goennen.reasons import REASONS as REFUSAL_REASONS  # noqa: E402
from game.goennen.scoring import CardScore, best_wild_colours  # noqa: E402
from game.goennen.solo import (  # noqa: E402
    CAMPAIGN_GOAL_POINTS,
    CampaignState,
    CampaignStep,
    campaign_triumph,
    campaign_unlocked,
    level_won,
    record_level,
    shortfall_payable,
)
from game.goennen.solo import LEVELS as SOLO_LEVELS  # noqa: E402
from game.goennen.state import MARKET_SLOTS, ROWS  # noqa: E402
from game.goennen.writes import legal_writes  # noqa: E402

__all__ += [
    "BONUS_USES",
    "REFUSAL_REASONS",
    "CAMPAIGN_GOAL_POINTS",
    "CHANCE_ACTIONS",
    "COLOURS",
    "DECK_PATH",
    "MARKET_SLOTS",
    "MAX_SEATS",
    "ROWS",
    "SOLO_LEVELS",
    "ActionSyntaxError",
    "Adjust",
    "After",
    "BonusKind",
    "Buy",
    "CampaignState",
    "CampaignStep",
    "Card",
    "CardKind",
    "CardScore",
    "Colour",
    "Complete",
    "Deck",
    "DeckError",
    "Discard",
    "Display",
    "Draw",
    "End",
    "Field",
    "LevelInfo",
    "Pass",
    "Phase",
    "Place",
    "PlacedCard",
    "Recolour",
    "Relation",
    "Remove",
    "Reroll",
    "ReturnCard",
    "Roll",
    "Row",
    "ScoringKind",
    "SeatScore",
    "SetupError",
    "State",
    "Take",
    "Task",
    "Wild",
    "Write",
    "best_wild_colours",
    "campaign_triumph",
    "campaign_unlocked",
    "legal_writes",
    "level_info",
    "level_won",
    "load_deck",
    "record_level",
    "score_display",
    "shortfall_payable",
    "solo_writes_allowed",
    "standard_deck",
    "winners",
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: every seat's score with its per-card breakdown, and the winners."""

    scores: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    tie_broken: bool  # the top score was shared and empty fields decided
    solo_level: LevelInfo | None = None

    @property
    def solo_won(self) -> bool | None:
        if self.solo_level is None:
            return None
        return self.scores[0].total >= self.solo_level.target


def new_game(
    players: int,
    *,
    start_player: int = 0,
    solo_level: int | None = None,
    deck: Deck | None = None,
    deck_order: Mapping[Row, Sequence[str]] | None = None,
) -> State:
    """A new game, waiting for its first chance event (the market reveal and the deal).

    `deck_order` fixes the order of one or both decks (first card drawn first); without it the
    decks are shuffled, which the engine models by drawing any unseen card with equal chance.
    """
    if not 1 <= players <= MAX_SEATS:
        raise SetupError(f"a game has 1 to {MAX_SEATS} players, not {players}")
    if not 0 <= start_player < players:
        raise SetupError(f"the start player must be a seat from 0 to {players - 1}")
    if solo_level is not None and players != 1:
        raise SetupError("a solo level needs exactly one player")
    if players == 1:
        level_info(solo_level or 1)
    deck = deck or standard_deck()
    piles = []
    for row, kind in ((Row.SCORING, _CARDKIND_SCORING), (Row.BONUS, _CARDKIND_BONUS)):
        ids = deck.ids(kind)
        order = (deck_order or {}).get(row)
        if order is None:
            piles.append(Pile(tuple(sorted(ids))))
            continue
        if sorted(order) != sorted(ids):
            raise SetupError(f"the fixed order of the {kind.value} deck must hold each of its cards once")
        piles.append(Pile(tuple(order), ordered=True))
    config = Config(players, start_player, (solo_level or 1) if players == 1 else None)
    state = State(
        config=config,
        deck=deck,
        phase=_PHASE_DRAW,
        seats=tuple(Seat() for _ in range(players)),
        piles=(piles[0], piles[1]),
        market=((None,) * 4, (None,) * 4),
    )
    return flow.deal(state)


def whose_turn(state: State) -> Turn:
    if state.is_over:
        return Turn("end")
    if state.is_chance:
        return Turn("chance")
    return Turn("seat", state.decider)


def result(state: State) -> Outcome:
    """The final scores; only defined once the game is over."""
    if not state.is_over:
        raise IllegalActionError("not_over")
    scores = tuple(score_display(seat, state.display(seat)) for seat in range(state.config.players))
    won = winners(scores)
    totals = [s.total for s in scores]  # each a sum over the seat's cards: worked out once
    tie_broken = totals.count(max(totals)) > len(won)
    level = level_info(state.config.solo_level) if state.config.solo_level else None
    return Outcome(scores, won, tie_broken, level)


def current_scores(state: State) -> tuple[SeatScore, ...]:
    """Scores as they would stand if the game ended now (for running estimates on screen)."""
    return tuple(score_display(seat, state.display(seat)) for seat in range(state.config.players))


def view(state: State, seat: int | None) -> State:
    """The state as `seat` may see it; seat None is a spectator, who sits at no seat and sees
    what every seat sees and nothing that only its owner may see.

    Others' dealt cards and a card another seat took as a chance show as '?'. Every card the
    viewer cannot see (those, the cards slid under the decks, the unseen deck) is pooled, unordered,
    in its deck's unseen cards: leaving a hidden card out of the pool would tell where it is. The
    pooled decks may therefore look longer than they are while other seats hold dealt cards.
    """
    if seat is not None and not 0 <= seat < state.config.players:
        raise ValueError(f"no seat {seat} in a game of {state.config.players}")
    dealt_cards_held = state.then is _AFTER_SETUP and any(other.hand for other in state.seats)
    if state.chance != "take" and not dealt_cards_held:
        # most of the game nothing of the seats is hidden: only the decks are pooled
        scoring, bonus = state.piles
        piles = (scoring.pooled(), bonus.pooled())
        return state if piles[0] is scoring and piles[1] is bonus else state.with_piles(piles)
    hidden: dict[Row, list[str]] = {Row.SCORING: [], Row.BONUS: []}
    seats = []
    for index, other in enumerate(state.seats):
        pending = _visible_pending(state, index, seat)
        if index == seat or (not other.hand and pending == other.pending):
            seats.append(other)  # nothing of this seat's to hide
            continue
        covered = [*other.hand, *([other.pending] if pending == HIDDEN and other.pending else [])]
        for card_id in covered:
            if card_id != HIDDEN:  # a view of a view: that card is pooled already
                hidden[_row_of(state, card_id)].append(card_id)
        seats.append(Seat(other.display, tuple(HIDDEN for _ in other.hand), pending))
    scoring, bonus = (
        _pooled(pile, hidden[row]) for pile, row in zip(state.piles, (Row.SCORING, Row.BONUS), strict=True)
    )
    return state.evolve(seats=tuple(seats), piles=(scoring, bonus))


def _pooled(pile: Pile, hidden: list[str]) -> Pile:
    """The deck as a seat sees it: every card it cannot see, unordered (sorted)."""
    if not hidden:
        return pile.pooled()
    return Pile(tuple(sorted((*pile.unseen, *pile.bottom, *hidden))))


def _row_of(state: State, card_id: str) -> Row:
    return Row.SCORING if state.card(card_id).kind == _CARDKIND_SCORING else Row.BONUS


def _visible_pending(state: State, owner: int, viewer: int | None) -> str | None:
    pending = state.seats[owner].pending
    if pending is None or owner == viewer:
        return pending
    # a bought card is public; a card taken as a chance is seen only by its taker until placed
    return HIDDEN if state.chance == "take" else pending


# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_AFTER_SETUP = After.SETUP
_CARDKIND_BONUS = CardKind.BONUS
_CARDKIND_SCORING = CardKind.SCORING
_PHASE_DRAW = Phase.DRAW
