"""One word per concept in each language (docs/glossary.md): the synonyms set aside stay away."""

from __future__ import annotations

import re

import pytest

from scenes.core.i18n import load_catalogue

SET_ASIDE = {
    "en": [r"\bBot: ", r"\bits circles\b"],
    "de": [r"Stufe", r"Bonusfeld", r"abschließ", r"abgeschlossen", r"\bBot: "],
    "nl": [r"(?i)niveau", r"\bveld(en)?\b", r"\bvak(ken)?\b", r"Bonusvakje", r"\bplaats [1-4]", r"\bBot: "],
}


@pytest.mark.parametrize("language", sorted(SET_ASIDE))
def test_no_text_uses_a_word_the_glossary_set_aside(language: str) -> None:
    catalogue = load_catalogue(language)
    texts = [(key, text) for key, text in catalogue.texts.items()]
    texts += [(key, form) for key, forms in catalogue.plurals.items() for form in forms]
    found = [
        (key, pattern) for key, text in texts for pattern in SET_ASIDE[language] if re.search(pattern, text)
    ]
    assert found == []
