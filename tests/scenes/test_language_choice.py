"""The first start speaks the system's language (pygame.system.get_pref_locales) if the game knows it."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from scenes.app import App
from scenes.core import i18n
from scenes.model.settings import language_from_locales


@pytest.mark.parametrize(
    ("languages", "expected"),
    [
        (["de"], "de"),
        (["nl-BE"], "nl"),
        (["fr", "nl", "de"], "nl"),
        (["en_GB", "de"], "en"),
        (["fr", "it"], "en"),
        ([], "en"),
    ],
)
def test_the_first_known_system_language_wins(languages: list[str], expected: str) -> None:
    assert language_from_locales(languages) == expected


def fake_locales(monkeypatch: pytest.MonkeyPatch, *languages: str) -> None:
    monkeypatch.setattr(
        pygame.system, "get_pref_locales", lambda: [{"language": code, "country": None} for code in languages]
    )


def test_a_first_start_on_a_german_system_speaks_german(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_locales(monkeypatch, "fr", "de", "en")
    app = App(data_dir=data_dir)
    assert app.settings.language == "de"
    assert i18n.t("common.back") == "Zurück"


def test_a_first_start_on_an_unknown_language_speaks_english(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_locales(monkeypatch, "ja")
    assert App(data_dir=data_dir).settings.language == "en"


def test_a_chosen_language_beats_the_system(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text(json.dumps({"version": 1, "language": "en"}), encoding="utf-8")
    fake_locales(monkeypatch, "nl")
    assert App(data_dir=data_dir).settings.language == "en"


def test_a_system_that_cannot_tell_leaves_english(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> list[dict[str, str]]:
        raise pygame.error("no locale")

    monkeypatch.setattr(pygame.system, "get_pref_locales", broken)
    assert App(data_dir=data_dir).settings.language == "en"
