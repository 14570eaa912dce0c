"""English, German and Dutch are complete and consistent, and the font can draw all of them."""

from __future__ import annotations

import pygame
import pytest

from scenes.core import fonts
from scenes.core.i18n import (
    LANGUAGES,
    ONE,
    CatalogueError,
    Translator,
    load_catalogue,
    parse_po,
    placeholders,
)

OTHERS = [language for language in LANGUAGES if language != "en"]


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, str]]:
    return {language: load_catalogue(language) for language in LANGUAGES}


@pytest.mark.parametrize("language", OTHERS)
def test_every_language_has_the_same_keys_as_english(
    catalogues: dict[str, dict[str, str]], language: str
) -> None:
    english, other = set(catalogues["en"]), set(catalogues[language])
    assert sorted(english - other) == [], f"missing in {language}.po"
    assert sorted(other - english) == [], f"unknown in {language}.po"


@pytest.mark.parametrize("language", OTHERS)
def test_placeholders_match_english(catalogues: dict[str, dict[str, str]], language: str) -> None:
    for key, text in catalogues["en"].items():
        assert placeholders(catalogues[language][key]) == placeholders(text), f"{language}.po: {key}"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_entry_is_empty(catalogues: dict[str, dict[str, str]], language: str) -> None:
    assert [key for key, text in catalogues[language].items() if not text.strip()] == []


@pytest.mark.parametrize("weight", sorted(fonts.WEIGHTS))
def test_the_font_has_every_character_the_texts_use(
    catalogues: dict[str, dict[str, str]], weight: str
) -> None:
    pygame.font.init()
    everything = "".join(text for catalogue in catalogues.values() for text in catalogue.values())
    assert fonts.missing_characters(everything, weight) == set()


def test_every_text_formats_with_its_placeholders(catalogues: dict[str, dict[str, str]]) -> None:
    for catalogue in catalogues.values():
        for text in catalogue.values():
            text.format(**{name: "x" for name in placeholders(text)})


def test_a_broken_catalogue_names_the_file_and_line() -> None:
    text = 'msgid "a"\nmsgstr "A"\n\nmsgid "b"\nmsgstr "unterminated\n'
    with pytest.raises(CatalogueError, match=r"^xx\.po:5: "):
        parse_po(text, "xx.po")


def test_a_message_without_msgstr_is_refused() -> None:
    with pytest.raises(CatalogueError, match=r"xx\.po"):
        parse_po('msgid "a"\nmsgid "b"\nmsgstr "B"\n', "xx.po")


def test_continued_lines_and_escapes_are_read() -> None:
    entries = parse_po('# comment\nmsgid "k"\nmsgstr ""\n"one\\n"\n"two \\"quoted\\""\n', "ok.po")
    assert entries == {"k": 'one\ntwo "quoted"'}


def test_every_singular_form_belongs_to_a_message_and_needs_nothing_more(
    catalogues: dict[str, dict[str, str]],
) -> None:
    for catalogue in catalogues.values():
        for key, text in catalogue.items():
            if key.endswith(ONE):
                base = key.removesuffix(ONE)
                assert base in catalogue, f"{key} has no {base}"
                assert placeholders(text) <= placeholders(catalogue[base]), key


def test_a_count_of_one_reads_the_singular_form() -> None:
    t = Translator("en")
    assert t("log.reroll", name="Ann", count=1) == "Ann rerolls 1 die"
    assert t("log.reroll", name="Ann", count=2) == "Ann rerolls 2 dice"
    assert t("scoring.empty_fields", count=1) == "1 empty field"
    assert t("table.header.rolls_left", count=1) == t("table.header.rolls_left_one")
    assert t("table.header.rolls_left", count=0) == "rolls left: 0"
    t.set_language("nl")
    expected = "Ann: je mag 1 dobbelsteen in een vak invullen"
    assert t("table.prompt.solo_passive", name="Ann", count=1) == expected


def test_a_language_without_a_singular_keeps_its_own_plural(monkeypatch: pytest.MonkeyPatch) -> None:
    t = Translator("de")
    german = dict(t.catalogue("de"))
    del german["log.reroll" + ONE]
    monkeypatch.setitem(t._catalogues, "de", german)
    assert t("log.reroll", name="Ann", count=1) == "Ann würfelt 1 Würfel neu"  # German's plural, not English
    del german["log.reroll"]
    assert t("log.reroll", name="Ann", count=1) == "Ann rerolls 1 die"  # then English

