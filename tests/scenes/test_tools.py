"""The launcher's no-display message, the screenshot tool and the frame benchmark run headless."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

import main
from tools import frame_bench, screenshots


def test_without_a_display_the_launcher_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main.main([]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "display" in error


def test_the_launcher_accepts_its_flags() -> None:
    args = main.build_parser().parse_args(["--fullscreen", "--lang", "de", "--data-dir", "x"])
    assert args.fullscreen and args.lang == "de" and args.data_dir == Path("x")


def test_screenshots_are_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOENNEN_DATA_DIR", str(tmp_path / "data"))
    written = screenshots.take(tmp_path, "de", ["title", "dice-rolling", "settings"])
    assert [path.name for path in written] == ["title.png", "settings.png", "dice-rolling.png"]
    assert pygame.image.load(str(written[0])).get_size() == (1280, 720)


def test_the_card_sheet_is_larger_than_the_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOENNEN_DATA_DIR", str(tmp_path / "data"))
    (path,) = screenshots.take(tmp_path, "en", ["cards"])
    width, height = pygame.image.load(str(path)).get_size()
    assert width > 1280 and height > 720


def test_the_frame_benchmark_reports_percentiles() -> None:
    result = frame_bench.bench_frames(frames=30)
    for case in ("title", "dice_roll"):
        timings = result[case]
        assert isinstance(timings, dict)
        assert 0 < timings["p50_ms"] <= timings["p95_ms"]
    assert isinstance(result["table_bot_thinking_max_ms"], float)  # 30 frames here; 240 in the tool
