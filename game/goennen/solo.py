"""Solo levels and the campaign, as pure logic (the solo turn flow itself lives in game/goennen/flow.py).

The solo card: level -> (rounds, points needed). The campaign plays levels 1 to 7 in a row; points
above a level's target become campaign points; from level 2 on a shortfall may be paid 1:1 from
them; when they do not cover it the campaign is over (and starts again at level 1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

LEVELS = 7
CAMPAIGN_GOAL_POINTS = 50


@dataclass(frozen=True, slots=True)
class LevelInfo:
    level: int
    rounds: int
    target: int


_LEVELS: dict[int, LevelInfo] = {
    level: LevelInfo(level, rounds, target)
    for level, rounds, target in (
        (1, 15, 90),
        (2, 14, 86),
        (3, 13, 82),
        (4, 12, 78),
        (5, 11, 74),
        (6, 10, 70),
        (7, 9, 66),
    )
}


def level_info(level: int) -> LevelInfo:
    try:
        return _LEVELS[level]
    except KeyError:
        raise ValueError(f"solo levels are 1 to {LEVELS}, not {level}") from None


def all_levels() -> tuple[LevelInfo, ...]:
    return tuple(_LEVELS[level] for level in sorted(_LEVELS))


def level_won(level: int, score: int) -> bool:
    return score >= level_info(level).target


@dataclass(frozen=True, slots=True)
class CampaignState:
    """Where a campaign stands: the level to play next, the points banked, whether it is over."""

    level: int = 1
    points: int = 0
    over: bool = False
    won: bool = False  # level 7 passed
    history: tuple[tuple[int, int, int], ...] = ()  # (level, score, points after) per game played


@dataclass(frozen=True, slots=True)
class CampaignStep:
    """What one finished level did to the campaign, for the result screen's arithmetic."""

    level: int
    score: int
    target: int
    surplus: int  # points above the target (0 if below)
    shortfall: int  # points missing (0 if reached)
    paid: int  # campaign points spent on the shortfall
    can_pay: bool  # the shortfall may be paid and the banked points cover it
    state: CampaignState


def campaign_unlocked(levels_won: set[int] | frozenset[int]) -> bool:
    """The campaign opens once every level has been won at least once."""
    return all(level in levels_won for level in _LEVELS)


def shortfall_payable(campaign: CampaignState, score: int) -> bool:
    """A shortfall may be paid from level 2 on, if the banked points cover it."""
    info = level_info(campaign.level)
    shortfall = max(0, info.target - score)
    return shortfall > 0 and campaign.level >= 2 and campaign.points >= shortfall


def record_level(campaign: CampaignState, score: int, *, pay_shortfall: bool = True) -> CampaignStep:
    """Book one finished game of the campaign's current level.

    With `pay_shortfall` (the player's choice; default yes) a payable shortfall is paid and the
    campaign goes on; otherwise a missed target ends the campaign.
    """
    if campaign.over:
        raise ValueError("this campaign is over; start a new one at level 1")
    info = level_info(campaign.level)
    surplus = max(0, score - info.target)
    shortfall = max(0, info.target - score)
    can_pay = shortfall_payable(campaign, score)
    paid = shortfall if (shortfall and can_pay and pay_shortfall) else 0
    passed = shortfall == 0 or paid == shortfall
    points = campaign.points + surplus - paid
    history = (*campaign.history, (campaign.level, score, points))
    if not passed:
        new = replace(campaign, over=True, history=history)
    elif campaign.level == LEVELS:
        new = replace(campaign, points=points, over=True, won=True, history=history)
    else:
        new = replace(campaign, level=campaign.level + 1, points=points, history=history)
    return CampaignStep(info.level, score, info.target, surplus, shortfall, paid, can_pay, new)


def campaign_triumph(campaign: CampaignState) -> bool:
    """The goal of the campaign: level 7 passed with 50 or more campaign points."""
    return campaign.won and campaign.points >= CAMPAIGN_GOAL_POINTS
