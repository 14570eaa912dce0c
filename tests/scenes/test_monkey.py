"""The monkey (tools/monkey.py): seeded random mouse, keyboard, text, gamepad and window events
over every screen of the real App raise no exception (issue 19, "How we will know")."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from tools import monkey

SEEDS = (1, 2, 3, 4)
FRAMES = 5_000  # 20,000 frames over the seeds
# screens the seeds together must reach: menus, both games' tables, the solo screens, the campaign
MUST_REACH = {
    "TitleScene",
    "NewGameScene",
    "SettingsScene",
    "RulesScene",
    "DealScene",
    "TurnScene",
    "PauseScene",
    "SoloCardScene",
    "CampaignScene",
    "ScoringScene",  # Continue with a saved bot game near its end (tools.monkey.prepare)
    "SoloEndScene",
    "PenkTableScene",  # a saved Penk! game of a person and a bot, or New game's choice
    # Penk!'s final score is reached only when a seed's monkey continues the prepared 2-bot game and
    # lets it end, which depends on its random path; the self-test reaches it every time
    # (tests/scenes/test_penk_table.py, --selftest --game penk)
}


@pytest.fixture(scope="module")
def reports() -> dict[int, monkey.Report]:
    return {seed: monkey.run(seed, FRAMES) for seed in SEEDS}


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_the_monkey_finds_no_exception(reports: dict[int, monkey.Report], seed: int) -> None:
    report = reports[seed]
    assert report.failure is None, f"seed {seed}, frame {report.frames}:\n{report.failure}"
    assert report.frames == FRAMES


@pytest.mark.slow
def test_the_monkeys_reach_every_kind_of_screen(reports: dict[int, monkey.Report]) -> None:
    reached = {screen for report in reports.values() for screen in report.screens}
    assert MUST_REACH <= reached, f"never reached: {sorted(MUST_REACH - reached)}"


def test_a_seed_gives_the_same_events() -> None:
    def events(seed: int) -> list[tuple[int, str]]:
        chooser = monkey.Monkey(_NoApp(), random.Random(seed))  # type: ignore[arg-type]
        return [(e.type, repr(sorted(e.dict.items()))) for _ in range(300) for e in chooser.events()]

    assert events(5) == events(5)
    assert events(5) != events(6)


def test_an_exception_is_reported_with_seed_and_frame(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from scenes.app import App

    def broken_step(self: App, dt: float) -> bool:
        if self.frames_drawn > 3:
            raise ZeroDivisionError("planted")
        return original(self, dt)

    original = App.step
    monkeypatch.setattr(App, "step", broken_step)
    report = monkey.run(7, 500, tmp_path)
    assert report.failure is not None and "ZeroDivisionError: planted" in report.failure
    assert 4 <= report.frames < 500
    assert monkey.main(["--seed", "7", "--frames", "500", "--data-dir", str(tmp_path)]) == 1


def test_the_typed_text_holds_control_characters_and_emoji() -> None:
    assert {"\x00", "\x1b", "\x7f"} <= set(monkey.TYPED)
    assert any(len(text.encode("utf-8")) == 4 for text in monkey.TYPED)  # beyond the BMP: emoji


class _NoApp:
    """Stands in for the App when only the choice of events is tested: no screen to click on."""

    class stack:  # noqa: N801 - mimics the attribute App.stack
        top = None


def test_pygame_events_posted_by_the_monkey_are_accepted() -> None:
    pygame.display.init()
    chooser = monkey.Monkey(_NoApp(), random.Random(3))  # type: ignore[arg-type]
    for _ in range(500):
        posted = chooser.events()
        for event in posted:
            pygame.event.post(event)
        received = pygame.event.get()
        assert [event.type for event in posted] == [event.type for event in received][: len(posted)]


def test_a_run_leaves_the_data_folder_and_language_as_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.core import i18n
    from scenes.model.userdata import ENV_OVERRIDE

    monkeypatch.setenv(ENV_OVERRIDE, str(tmp_path / "mine"))
    before = i18n.current_language()
    i18n.set_language("nl")
    try:
        monkey.run(2, 50)
        assert os.environ[ENV_OVERRIDE] == str(tmp_path / "mine")
        assert i18n.current_language() == "nl"
    finally:
        i18n.set_language(before)
