"""Every refusal the engines can give has a stable key, English words and a text in every language."""

from __future__ import annotations

import ast
import pickle
import string
from pathlib import Path

import pytest

import game.registry  # noqa: F401  every game's rules: REFUSAL_REASONS holds every game's reasons
from game.goennen.engine import REFUSAL_REASONS, IllegalActionError, apply, new_game, parse, standard_deck
from scenes.core.i18n import LANGUAGES, Translator, placeholders
from scenes.table.refusals import catalogue_key, explain

ROOT = Path(__file__).resolve().parents[2]
CARD_ID = "S04"


def _raises_in_game() -> list[tuple[str, int, str, set[str]]]:
    """(file, line, key, keyword names) of every IllegalActionError(...) built under game/."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path.name == "reasons.py":  # the error itself (its unpickling builds one from any key)
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalActionError":
                assert node.args and isinstance(node.args[0], ast.Constant), f"{path.name}:{node.lineno}"
                keywords = {keyword.arg for keyword in node.keywords if keyword.arg}
                found.append((path.name, node.lineno, str(node.args[0].value), keywords))
    return found


def test_every_refusal_in_the_rules_names_a_known_key_with_exactly_its_parameters() -> None:
    raises = _raises_in_game()
    assert len(raises) > 60
    for name, line, key, keywords in raises:
        assert key in REFUSAL_REASONS, f"{name}:{line}: unknown reason {key!r}"
        assert keywords == placeholders(REFUSAL_REASONS[key]), f"{name}:{line}: {key}"
    unused = set(REFUSAL_REASONS) - {key for _, _, key, _ in raises}
    assert unused == set(), f"reasons nothing raises: {sorted(unused)}"


def _sample(name: str) -> object:
    if name == "card" or name.endswith("_card"):
        return CARD_ID
    if name in ("die", "colour"):
        return "blue"
    return 3


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_reason_key_is_told_in_every_language(language: str) -> None:
    translator = Translator(language)
    catalogue = translator.catalogue(language)
    for key, template in REFUSAL_REASONS.items():
        text = catalogue.texts.get(catalogue_key(key))
        assert text, f"{language}.po has no {catalogue_key(key)}"
        needed = placeholders(text)
        assert needed <= placeholders(template), f"{language}.po {catalogue_key(key)}: {needed}"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_refusal_is_told_with_card_names_and_colour_words(language: str) -> None:
    from scenes.core import i18n

    deck = standard_deck()
    i18n.set_language(language)
    try:
        for key, template in REFUSAL_REASONS.items():
            params = {name: _sample(name) for _, name, _, _ in string.Formatter().parse(template) if name}
            told = explain(IllegalActionError(key, **params), deck.__getitem__)
            assert CARD_ID not in told and "{" not in told, f"{language}: {key}: {told}"
            if language != "en":
                assert " blue " not in f" {told} ", f"{language}: {key}: {told}"
    finally:
        i18n.set_language("en")


def test_a_refusal_keeps_its_english_words_and_travels_between_processes() -> None:
    with pytest.raises(IllegalActionError) as refused:
        apply(new_game(2), parse("end"))
    error = refused.value
    assert str(error) == REFUSAL_REASONS[error.key].format(**error.params)
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.key, copy.params, str(copy)) == (error.key, error.params, str(error))
