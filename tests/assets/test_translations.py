"""English, German and Dutch are complete and consistent, and the font can draw all of them."""

from __future__ import annotations

import pygame
import pytest

from scenes.core import fonts
from scenes.core.i18n import (
    LANGUAGES,
    Catalogue,
    CatalogueError,
    Translator,
    catalogue_path,
    load_catalogue,
    parse_po,
    placeholders,
)

OTHERS = [language for language in LANGUAGES if language != "en"]


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, str]]:
    """Every text by key; a message with plural forms adds "<key>[n]" for each form."""
    texts: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        catalogue = load_catalogue(language)
        texts[language] = dict(catalogue.texts)
        for key, forms in catalogue.plurals.items():
            texts[language].update({f"{key}[{index}]": form for index, form in enumerate(forms)})
    return texts


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
            formatted = text.format(**{name: "\x00" for name in placeholders(text)})
            assert formatted.count("\x00") >= len(placeholders(text)) and not placeholders(formatted), text


def test_a_broken_catalogue_names_the_file_and_line() -> None:
    text = 'msgid "a"\nmsgstr "A"\n\nmsgid "b"\nmsgid "c"\nmsgstr "C"\n'
    with pytest.raises(CatalogueError, match=r"^xx\.po: .*line 5"):
        parse_po(text, "xx.po")


def test_a_message_twice_is_refused() -> None:
    with pytest.raises(CatalogueError, match=r"xx\.po"):
        parse_po('msgid "a"\nmsgstr "A"\n\nmsgid "a"\nmsgstr "B"\n', "xx.po")


def test_continued_lines_and_escapes_are_read() -> None:
    catalogue = parse_po('# comment\nmsgid "k"\nmsgstr ""\n"one\\n"\n"two \\"quoted\\""\n', "ok.po")
    assert catalogue.texts == {"k": 'one\ntwo "quoted"'}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_catalogue_states_its_plural_rule_and_every_plural_has_each_form(language: str) -> None:
    import polib

    po = polib.pofile(str(catalogue_path(language)), encoding="utf-8")
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"  # en, de and nl alike
    for entry in po:
        if entry.msgid_plural:
            assert sorted(entry.msgstr_plural) == [0, 1], entry.msgid
            assert entry.msgid_plural == entry.msgid, "the key names both forms"
        assert not entry.fuzzy, entry.msgid


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_same_messages_have_plural_forms_in_every_language(language: str) -> None:
    assert set(load_catalogue(language).plurals) == set(load_catalogue("en").plurals)


def test_no_key_ends_in_the_old_singular_suffix() -> None:
    for language in LANGUAGES:
        catalogue = load_catalogue(language)
        assert [key for key in (*catalogue.texts, *catalogue.plurals) if key.endswith("_one")] == []


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Ann rerolls 1 die", "Ann rerolls 2 dice"),
        ("de", "Ann würfelt 1 Würfel neu", "Ann würfelt 2 Würfel neu"),
        ("nl", "Ann gooit 1 dobbelsteen opnieuw", "Ann gooit 2 dobbelstenen opnieuw"),
    ],
)
def test_the_plural_form_follows_the_count_in_each_language(language: str, one: str, two: str) -> None:
    t = Translator(language)
    assert t("log.reroll", name="Ann", count=1) == one
    assert t("log.reroll", name="Ann", count=2) == two
    assert t("log.reroll", name="Ann", count=0) == two.replace("2", "0")


def test_plural_forms_per_language() -> None:
    t = Translator("en")
    assert t("scoring.empty_fields", count=1) == "1 empty field"
    assert t("scoring.empty_fields", count=3) == "3 empty fields"
    assert t("table.header.rolls_left", count=0) == "rolls left: 0"
    t.set_language("de")
    assert t("scoring.empty_fields", count=1) == "1 leeres Feld"
    assert t("table.hint.bonus_fields", count=2) == "Bonuskreis nutzen: 2 weitere Felder passen"
    assert t("deal.prompt.place", count=1).startswith("Lege deine letzte Karte")
    t.set_language("nl")
    expected = "Ann: je mag 1 dobbelsteen in een vakje invullen"
    assert t("table.prompt.solo_passive", name="Ann", count=1) == expected
    assert t("slots.mode.table", count=1) == "1 speler"
    assert t("slots.mode.table", count=3) == "3 spelers"


def test_a_message_missing_in_a_language_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    t = Translator("de")
    german = t.catalogue("de")
    plurals = {key: forms for key, forms in german.plurals.items() if key != "log.reroll"}
    monkeypatch.setitem(t._catalogues, "de", Catalogue(german.texts, plurals, german.plural_form))
    assert t("log.reroll", name="Ann", count=1) == "Ann rerolls 1 die"
    assert t("no.such.key") == "no.such.key"
