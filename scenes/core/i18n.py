"""All player-facing text goes through `t(key, **params)`, from gettext catalogues assets/i18n/*.po.

Message ids are stable keys such as "title.new_game"; each catalogue (English included) gives the
text. Placeholders are written {name} and filled by str.format. A message that depends on a number
has real gettext plural forms (`msgid_plural`, `msgstr[0]`, `msgstr[1]`, chosen by the header's
Plural-Forms) and is called with `count=`. polib reads the files; a broken one raises
CatalogueError naming the file (and the line where polib knows it).
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import polib

from game.goennen.serialize import read_plain_text
from scenes.core import shipped
from scenes.core.resources import resource_path

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
FALLBACK = "en"
MAX_CATALOGUE_BYTES = 4_000_000  # a catalogue is some 200 kB


class CatalogueError(ValueError):
    """A .po file cannot be used; the message names the file and, where known, the line."""


@dataclass(frozen=True)
class Catalogue:
    """One language's messages: a key's text, or its plural forms in the order of Plural-Forms."""

    texts: dict[str, str]
    plurals: dict[str, tuple[str, ...]]
    plural_form: Callable[[int], int]  # the header's Plural-Forms: a count -> the index of its form

    def lookup(self, key: str, count: object = None) -> str | None:
        """The text for `key` (the form for `count` if it has plural forms), None when missing."""
        forms = self.plurals.get(key)
        if forms is None:
            return self.texts.get(key)
        index = self.plural_form(count) if isinstance(count, int) else len(forms) - 1
        return forms[min(index, len(forms) - 1)]


# The one text that must show even when English's own catalogue is damaged: the notice naming it
BUILT_IN = {
    "files.shipped_damaged": "Some of the game's own files are damaged ({files}). The game goes on with "
    "built-in replacements; reinstalling it repairs them.",
}


def parse_po(text: str, source: str) -> Catalogue:
    """Read a .po catalogue's translated messages; untranslated and fuzzy ones are left out."""
    try:
        po = polib.pofile(text, check_for_duplicates=True, encoding="utf-8")
    except (OSError, ValueError) as error:  # polib: "Syntax error in po file (line 5)", duplicates
        raise CatalogueError(f"{source}: {error}") from None
    plural_form = _plural_rule(po.metadata.get("Plural-Forms", ""), source)
    texts: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for entry in po.translated_entries():
        if entry.msgid_plural:
            plurals[entry.msgid] = tuple(entry.msgstr_plural[index] for index in sorted(entry.msgstr_plural))
        else:
            texts[entry.msgid] = entry.msgstr
    return Catalogue(texts, plurals, plural_form)


def _plural_rule(header: str, source: str) -> Callable[[int], int]:
    """The C expression after "plural=" in a Plural-Forms header as a function (gettext's own)."""
    if not header:
        return lambda count: 0 if count == 1 else 1  # gettext's default, English's rule
    _, _, expression = header.partition("plural=")
    try:
        return gettext.c2py(expression.strip().rstrip(";"))
    except (ValueError, RuntimeError) as error:
        raise CatalogueError(f"{source}: Plural-Forms cannot be read ({error})") from None


def placeholders(text: str) -> set[str]:
    """The {names} a message needs."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalogue_path(language: str) -> Path:
    return resource_path(f"assets/i18n/{language}.po")


def load_catalogue(language: str) -> Catalogue:
    path = catalogue_path(language)
    try:
        text = read_plain_text(path, MAX_CATALOGUE_BYTES)
    except (OSError, ValueError) as error:  # missing, a pipe, too large, not UTF-8
        raise CatalogueError(f"{path.name}: cannot be read ({error})") from error
    catalogue = parse_po(text, path.name)
    if not catalogue.texts and not catalogue.plurals:  # an empty file parses: it is damage all the same
        raise CatalogueError(f"{path.name}: holds no texts")
    return catalogue


class Translator:
    """Holds the loaded catalogues and the current language."""

    def __init__(self, language: str = FALLBACK) -> None:
        self._catalogues: dict[str, Catalogue] = {}
        self.language = FALLBACK
        self.set_language(language)

    def catalogue(self, language: str) -> Catalogue:
        if language not in self._catalogues:
            try:
                self._catalogues[language] = load_catalogue(language)
            except CatalogueError as error:  # damaged: its texts come from English (see __call__)
                shipped.report(catalogue_path(language).name, str(error))
                self._catalogues[language] = Catalogue({}, {}, lambda count: 0)
        return self._catalogues[language]

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            language = FALLBACK
        self.catalogue(language)
        self.language = language

    def __call__(self, key: str, **params: object) -> str:
        count = params.get("count")
        text = self.catalogue(self.language).lookup(key, count) or self.catalogue(FALLBACK).lookup(key, count)
        if text is None:
            text = BUILT_IN.get(key)
        if text is None:
            return key  # visible, so a missing key is noticed, never a crash
        if not params:
            return text
        # a damaged catalogue's placeholders ("{nam", "{0}") fall back to English's, then to the key
        for candidate in (text, self.catalogue(FALLBACK).lookup(key, count) or key):
            try:
                return candidate.format(**params)
            except (KeyError, IndexError, ValueError):
                continue
        return key


_translator: Translator | None = None


def translator() -> Translator:
    global _translator
    if _translator is None:
        _translator = Translator()
    return _translator


def set_language(language: str) -> None:
    translator().set_language(language)


def in_every_language(key: str, **params: object) -> set[str]:
    """The text for `key` in each language the game speaks (a default name typed in another
    language is still recognised as the default)."""
    found = set()
    for language in LANGUAGES:
        text = translator().catalogue(language).lookup(key, params.get("count"))
        if text is not None:
            try:
                found.add(text.format(**params))
            except (KeyError, IndexError, ValueError):
                continue
    return found


def current_language() -> str:
    return translator().language


def t(key: str, **params: object) -> str:
    """The text for `key` in the current language, with {placeholders} filled from params; a
    message with plural forms picks the form for `count`."""
    return translator()(key, **params)


def text_of(key: str, **params: object) -> Callable[[], str]:
    """A label that looks its text up whenever it is drawn (so a language switch shows at once)."""
    return lambda: t(key, **params)


def keys_with_prefix(prefix: str, language: str | None = None) -> Iterable[str]:
    catalogue = translator().catalogue(language or FALLBACK)
    return sorted(key for key in (*catalogue.texts, *catalogue.plurals) if key.startswith(prefix))
