"""The solo campaign (rules-decisions.md section 6): surplus banked, shortfall paid from level 2 only,
the campaign over when the bank does not cover a shortfall, the goal of level 7 with 50+ points."""

from __future__ import annotations

import pytest

from game.goennen.solo import (
    CampaignState,
    all_levels,
    campaign_triumph,
    campaign_unlocked,
    level_info,
    level_won,
    record_level,
)


def test_solo_card_levels_rounds_and_targets() -> None:
    table = [(info.level, info.rounds, info.target) for info in all_levels()]
    assert table == [(1, 15, 90), (2, 14, 86), (3, 13, 82), (4, 12, 78), (5, 11, 74), (6, 10, 70), (7, 9, 66)]


def test_level_is_won_with_at_least_its_points() -> None:
    assert level_won(3, 82)
    assert not level_won(3, 81)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        level_info(8)


def test_campaign_opens_once_every_level_was_won() -> None:
    assert not campaign_unlocked({1, 2, 3, 4, 5, 6})
    assert campaign_unlocked({1, 2, 3, 4, 5, 6, 7})


def test_surplus_is_banked_as_campaign_points() -> None:
    step = record_level(CampaignState(), 97)
    assert (step.surplus, step.shortfall, step.paid) == (7, 0, 0)
    assert step.state.level == 2 and step.state.points == 7 and not step.state.over


def test_exact_target_banks_nothing_and_goes_on() -> None:
    step = record_level(CampaignState(), 90)
    assert step.state.level == 2 and step.state.points == 0


def test_shortfall_at_level_1_ends_the_campaign_even_with_points() -> None:
    step = record_level(CampaignState(level=1, points=20), 85)
    assert not step.can_pay
    assert step.state.over and not step.state.won


def test_shortfall_from_level_2_is_paid_one_to_one() -> None:
    step = record_level(CampaignState(level=2, points=10), 80)  # target 86: 6 short
    assert (step.shortfall, step.paid, step.can_pay) == (6, 6, True)
    assert step.state.level == 3 and step.state.points == 4 and not step.state.over


def test_shortfall_not_covered_ends_the_campaign() -> None:
    step = record_level(CampaignState(level=4, points=5), 70)  # target 78: 8 short
    assert not step.can_pay and step.paid == 0
    assert step.state.over and not step.state.won


def test_player_may_decline_to_pay_and_the_campaign_ends() -> None:
    step = record_level(CampaignState(level=2, points=10), 80, pay_shortfall=False)
    assert step.state.over and step.paid == 0


def test_a_finished_campaign_takes_no_more_games() -> None:
    over = record_level(CampaignState(), 10).state
    with pytest.raises(ValueError):
        record_level(over, 100)


def test_level_7_with_50_or_more_points_is_the_triumph() -> None:
    step = record_level(CampaignState(level=7, points=40), 76)  # target 66: +10
    assert step.state.won and step.state.over and step.state.points == 50
    assert campaign_triumph(step.state)


def test_level_7_passed_with_fewer_than_50_points_is_won_but_no_triumph() -> None:
    step = record_level(CampaignState(level=7, points=40), 70)
    assert step.state.won and step.state.points == 44
    assert not campaign_triumph(step.state)


def test_full_campaign_history() -> None:
    campaign = CampaignState()
    for score in (100, 90, 80, 90, 74, 75, 70):
        campaign = record_level(campaign, score).state
    # 1: +10, 2: +4, 3: -2 paid, 4: +12, 5: 0, 6: +5, 7: +4
    assert campaign.won and campaign.points == 33
    assert [h[0] for h in campaign.history] == [1, 2, 3, 4, 5, 6, 7]
