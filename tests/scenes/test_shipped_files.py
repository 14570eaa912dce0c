"""A damaged shipped file (issue 19, item 4): the deck, a layout, a font, a catalogue.

Each test damages a copy of assets/ (the real files are never touched), points the game at it and
starts the real App: a notice names the file in the player's language and the game goes on with a
default (the layouts as shipped, pygame's own font, the English text); a damaged deck, which has
no default, shows the translated reinstall screen instead of the title.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.goennen.deck
from scenes.app import App
from scenes.core import fonts, i18n, layout, resources, shipped
from scenes.menus.reinstall import ReinstallScene
from scenes.menus.title import TitleScene
from tests.scenes.conftest import press, settle
from tools import builtin_layouts

DAMAGE = b'\x00\xff<?xml garbage [[[ msgid "{\n' * 20


def _forget_shipped_files() -> None:
    layout.layout.cache_clear()
    fonts.font.cache_clear()
    fonts._text_cache.clear()
    game.goennen.deck.standard_deck.cache_clear()
    shipped.forget()
    i18n._translator = None


@pytest.fixture
def assets_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped files the game reads instead of the real ones; afterwards the real
    ones are read afresh."""
    root = tmp_path / "install"
    shutil.copytree(resources.resource_path("assets"), root / "assets")
    monkeypatch.setattr(resources, "_CHECKOUT_ROOT", root)
    monkeypatch.setattr(game.goennen.deck, "DECK_PATH", root / "assets" / "deck" / "deck.toml")
    _forget_shipped_files()
    yield root
    monkeypatch.undo()
    _forget_shipped_files()


def start(data_dir: Path, language: str = "en") -> App:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "settings.json").write_text(f'{{"language": "{language}"}}', encoding="utf-8")
    app = App(data_dir=data_dir)
    pygame.event.clear()
    settle(app)
    app.draw()
    return app


def test_the_builtin_layouts_are_the_shipped_ones() -> None:
    assert builtin_layouts.TARGET.read_text(encoding="utf-8") == builtin_layouts.source(), (
        "a layout file changed: run python -m tools.builtin_layouts"
    )


def test_a_damaged_layout_is_named_and_the_screen_uses_the_shipped_regions(
    assets_copy: Path, data_dir: Path
) -> None:
    shipped_regions = layout.builtin_layout("title").regions
    (assets_copy / "assets" / "layouts" / "title.tmx").write_bytes(DAMAGE)
    app = start(data_dir, "de")
    assert isinstance(app.stack.top, TitleScene)
    assert app.notice is not None and "title.tmx" in app.notice
    assert app.notice.startswith("Einige Dateien des Spiels")  # in the player's language
    assert layout.layout("title").regions == shipped_regions
    assert "title.tmx" in (data_dir / "logs" / "files.log").read_text(encoding="utf-8")


def test_a_damaged_font_is_named_and_pygames_font_stands_in(assets_copy: Path, data_dir: Path) -> None:
    (assets_copy / "assets" / "fonts" / "Lato-Bold.ttf").write_bytes(DAMAGE * 50)
    app = start(data_dir, "nl")
    assert app.notice is not None and "Lato-Bold.ttf" in app.notice
    assert app.notice.startswith("Sommige bestanden")
    assert fonts.text("Gönnen", 24, (0, 0, 0), "bold").get_width() > 0


def test_a_damaged_catalogue_is_named_and_english_stands_in(assets_copy: Path, data_dir: Path) -> None:
    (assets_copy / "assets" / "i18n" / "de.po").write_bytes(DAMAGE)
    app = start(data_dir, "de")
    assert isinstance(app.stack.top, TitleScene)
    assert app.notice is not None and "de.po" in app.notice
    assert i18n.t("title.quit") == "Quit"


def test_a_catalogue_with_broken_placeholders_falls_back_to_english(
    assets_copy: Path, data_dir: Path
) -> None:
    catalogue = assets_copy / "assets" / "i18n" / "nl.po"
    text = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(text.replace("{kept}", "{kept"), encoding="utf-8")  # still a readable .po
    start(data_dir, "nl")
    assert i18n.t("files.kept_as", kept="x.json") == "The file was kept as x.json."


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_a_damaged_deck_shows_the_reinstall_screen_in_the_players_language(
    assets_copy: Path, data_dir: Path, language: str
) -> None:
    deck = assets_copy / "assets" / "deck" / "deck.toml"
    deck.write_bytes(deck.read_bytes()[:2000])  # cut short, as a broken download leaves it
    app = start(data_dir, language)
    scene = app.stack.top
    assert isinstance(scene, ReinstallScene)
    assert scene.file == "deck.toml"
    message = i18n.t("reinstall.message", file="deck.toml")
    assert "deck.toml" in message and (language == "en") == message.startswith("The game's card deck")
    press(app, pygame.K_RETURN)
    assert not app.running  # its one button quits


def test_a_deck_nested_past_pythons_stack_is_a_damaged_deck(assets_copy: Path, data_dir: Path) -> None:
    (assets_copy / "assets" / "deck" / "deck.toml").write_text("version = " + "[" * 100_000, encoding="utf-8")
    assert isinstance(start(data_dir).stack.top, ReinstallScene)
