"""What each seat may know and when several seats decide at once: the doors a table needs.

A table of players on different machines needs three things the one-screen game does not:

- `redact(before, action, viewer)`: what a seat (or a spectator, viewer None) may read of an
  action. A card dealt to or taken by another seat, and the card another seat returns, become
  '?'; everything else is public. Together with `engine.view` this is all a seat ever receives.
- `window_seats(state)`: the seats that may decide now, independently of each other, where the
  rules let several decide at once: the opening deal (each seat keeps 3 of its 4 cards and places
  them), the passive writes after a reroll (each passive seat may write one rerolled die), and the
  wild colours at the end. Elsewhere one seat decides, and the tuple is empty.
- `decision_window(state, seat)`: the state in which `seat` decides its window now, or None when
  it has no open window. A seat decides its whole window on such a private copy; the engine keeps
  its seat order, so the seat's buffered actions are later applied to the real game when the
  engine reaches that seat, and they close the window there exactly where they closed it on the
  copy (tests/game/test_seat_windows.py checks this over a thousand bot games).

Where a window closes is the engine's knowledge, per phase: the deal, once the hand is empty; a
passive write, once the decision leaves the seat; the wild colours, once the seat has no open wild
card (after a seat's first wild choice the engine may hand the decision to a lower seat that is
still choosing, while this seat's second wild card is open: asking `decision_window` again after
each action gives the seat its window back).
"""

from __future__ import annotations

from game.goennen.actions import CHANCE_ACTIONS, Action, Draw, ReturnCard, parse
from game.goennen.reasons import IllegalActionError
from game.goennen.scoring import wild_cards_to_choose
from game.goennen.state import CLEARED_WINDOW, DrawTo, Phase, State
from game.goennen.writes import could_write
from game.kit.action_text import MAX_ACTION_TEXT as MAX_ACTION_TEXT
from game.kit.action_text import read_sent as read_sent

HIDDEN = "?"  # a card a seat may not see, as views and redacted actions show it


def read_sent_action(text: str) -> Action:
    """`read_sent` for the first game."""
    return read_sent(text, parse, CHANCE_ACTIONS)


def check_may_decide(state: State, seat: int | None) -> None:
    """Whether `seat` (None: someone at no seat) may act now, in turn or in its open window;
    IllegalActionError saying why not (the reasons a table gives before the rules see a move)."""
    if seat is None:
        raise IllegalActionError("not_seated")
    if state.is_over:
        raise IllegalActionError("game_over")
    if seat in window_seats(state):
        return
    if state.phase in _WINDOW_PHASES and not (state.phase is _PHASE_PASSIVE and seat == state.active):
        raise IllegalActionError("window_closed")  # its window is decided, or it had none
    if state.is_chance or state.decider != seat:
        raise IllegalActionError("not_your_turn")


def redact(before: State, action: Action, viewer: int | None) -> Action:
    """`action`, played in `before`, as `viewer` (a seat, or None for a spectator) may read it."""
    if isinstance(action, Draw):
        target = before.draws[0] if before.draws else None
        if target is not None and target.to is not _DRAWTO_MARKET and target.index != viewer:
            return Draw(HIDDEN)  # dealt to, or taken by, another seat
        return action
    if isinstance(action, ReturnCard) and before.decider != viewer:
        return ReturnCard(HIDDEN)  # slid under its deck unseen
    return action


def window_seats(state: State) -> tuple[int, ...]:
    """The seats with an open decision window now (empty where one seat decides alone)."""
    phase = state.phase
    seats = state.seats
    if phase is _PHASE_SETUP_RETURN or phase is _PHASE_SETUP_PLACE:
        return tuple(index for index, seat in enumerate(seats) if seat.hand)
    if phase is _PHASE_PASSIVE:
        waiting = tuple(
            index
            for index in state.passive_queue
            if could_write(seats[index].display, state.dice, state.rerolled)
        )
        return tuple(sorted((state.decider, *waiting)))
    if phase is _PHASE_WILD:
        return tuple(index for index, seat in enumerate(seats) if wild_cards_to_choose(seat.display))
    return ()


def decision_window(state: State, seat: int) -> State | None:
    """The state in which `seat` decides its open window now, or None when it has none.

    For the seat the engine asks now this is the state itself (its window may be under way); for
    another seat it is the state with that seat deciding and its window fresh. A passive seat's
    copy has no seats waiting after it, so the decision leaves the seat when its window closes.
    """
    if seat not in window_seats(state):
        return None
    if seat == state.decider:
        return state
    phase = state.phase
    if phase is _PHASE_SETUP_RETURN or phase is _PHASE_SETUP_PLACE:
        returning = len(state.seats[seat].hand) == _DEALT_CARDS
        phase = _PHASE_SETUP_RETURN if returning else _PHASE_SETUP_PLACE
        return state.evolve(decider=seat, phase=phase, **CLEARED_WINDOW)
    if phase is _PHASE_PASSIVE:
        return state.evolve(decider=seat, passive_queue=(), **CLEARED_WINDOW)
    return state.evolve(decider=seat, **CLEARED_WINDOW)


_DEALT_CARDS = 4  # each seat is dealt 2 scoring and 2 bonus cards, and returns one

_WINDOW_PHASES = frozenset({Phase.SETUP_RETURN, Phase.SETUP_PLACE, Phase.PASSIVE, Phase.WILD})

# Enum members read once: on Python 3.11 a member read off its class costs as much as some
# 25 reads of a module name (docs/performance.md, Engine core).
_DRAWTO_MARKET = DrawTo.MARKET
_PHASE_PASSIVE = Phase.PASSIVE
_PHASE_SETUP_PLACE = Phase.SETUP_PLACE
_PHASE_SETUP_RETURN = Phase.SETUP_RETURN
_PHASE_WILD = Phase.WILD
