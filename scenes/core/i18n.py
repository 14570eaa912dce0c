"""All player-facing text goes through `t(key, **params)`, from gettext catalogues assets/i18n/*.po.

Message ids are stable keys such as "title.new_game"; each catalogue (English included) gives the
text. Placeholders are written {name} and filled by str.format; a message called with count=1
reads "<key>_one" instead when the catalogue has it. The reader below understands
the part of the .po format we use (comments, msgid/msgstr, continued "..." lines, escapes); a
broken catalogue raises CatalogueError naming the file and the line.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Callable, Iterable
from pathlib import Path

from scenes.core import shipped
from scenes.core.resources import resource_path

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}
FALLBACK = "en"
ONE = "_one"  # the suffix of a message's singular form, used when its count is 1 (see Translator)


class CatalogueError(ValueError):
    """A .po file cannot be used; the message names the file and the line."""


def parse_po(text: str, source: str) -> dict[str, str]:
    """Read a .po catalogue into {msgid: msgstr}; the header entry (empty msgid) is dropped."""
    entries: dict[str, str] = {}
    current: str | None = None  # "msgid" or "msgstr" while reading continued lines
    msgid: list[str] = []
    msgstr: list[str] = []
    start_line = 0

    def finish(line_number: int) -> None:
        if not msgid and not msgstr:
            return
        if not msgstr and current == "msgid":
            raise CatalogueError(f"{source}:{line_number}: msgid without msgstr")
        key = "".join(msgid)
        if key in entries:
            raise CatalogueError(f"{source}:{start_line}: message {key!r} appears twice")
        if key:
            entries[key] = "".join(msgstr)

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("msgid "):
            finish(number)
            msgid, msgstr, start_line = [_unquote(line[6:], source, number)], [], number
            current = "msgid"
        elif line.startswith("msgstr "):
            if current != "msgid":
                raise CatalogueError(f"{source}:{number}: msgstr without a msgid before it")
            msgstr = [_unquote(line[7:], source, number)]
            current = "msgstr"
        elif line.startswith('"'):
            if current == "msgid":
                msgid.append(_unquote(line, source, number))
            elif current == "msgstr":
                msgstr.append(_unquote(line, source, number))
            else:
                raise CatalogueError(f"{source}:{number}: text outside a message")
        else:
            raise CatalogueError(f"{source}:{number}: cannot read {line[:30]!r}")
    finish(len(text.splitlines()))
    if current == "msgid":
        raise CatalogueError(f"{source}: ends inside a message without msgstr")
    return entries


def _unquote(token: str, source: str, number: int) -> str:
    token = token.strip()
    if len(token) < 2 or not token.startswith('"') or not token.endswith('"'):
        raise CatalogueError(f"{source}:{number}: expected text in double quotes")
    try:
        value = ast.literal_eval(token)  # the .po escapes (\n, \", \\) are Python's
    except (ValueError, SyntaxError):
        raise CatalogueError(f"{source}:{number}: broken escape in {token[:30]!r}") from None
    if not isinstance(value, str):
        raise CatalogueError(f"{source}:{number}: expected text in double quotes")
    return value


def placeholders(text: str) -> set[str]:
    """The {names} a message needs."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalogue_path(language: str) -> Path:
    return resource_path(f"assets/i18n/{language}.po")


def load_catalogue(language: str) -> dict[str, str]:
    path = catalogue_path(language)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CatalogueError(f"{path.name}: cannot be read ({error})") from error
    return parse_po(text, path.name)


class Translator:
    """Holds the loaded catalogues and the current language."""

    def __init__(self, language: str = FALLBACK) -> None:
        self._catalogues: dict[str, dict[str, str]] = {}
        self.language = FALLBACK
        self.set_language(language)

    def catalogue(self, language: str) -> dict[str, str]:
        if language not in self._catalogues:
            try:
                self._catalogues[language] = load_catalogue(language)
            except CatalogueError as error:  # damaged: its texts come from English (see __call__)
                shipped.report(catalogue_path(language).name, str(error))
                self._catalogues[language] = {}
        return self._catalogues[language]

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            language = FALLBACK
        self.catalogue(language)
        self.language = language

    def __call__(self, key: str, **params: object) -> str:
        # a count of exactly one reads from "<key>_one" where a language has it ("1 die", not
        # "1 dice"); the current language is asked first, so its plural beats English's singular
        keys = (key + ONE, key) if params.get("count") == 1 else (key,)
        text = _first(self.catalogue(self.language), keys) or _first(self.catalogue(FALLBACK), keys)
        if text is None:
            return key  # visible, so a missing key is noticed, never a crash
        if not params:
            return text
        # a damaged catalogue's placeholders ("{nam", "{0}") fall back to English's, then to the key
        for candidate in (text, _first(self.catalogue(FALLBACK), keys) or key):
            try:
                return candidate.format(**params)
            except (KeyError, IndexError, ValueError):
                continue
        return key


def _first(catalogue: dict[str, str], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        text = catalogue.get(key)
        if text:
            return text
    return None


_translator: Translator | None = None


def translator() -> Translator:
    global _translator
    if _translator is None:
        _translator = Translator()
    return _translator


def set_language(language: str) -> None:
    translator().set_language(language)


def current_language() -> str:
    return translator().language


def t(key: str, **params: object) -> str:
    """The text for `key` in the current language, with {placeholders} filled from params."""
    return translator()(key, **params)


def text_of(key: str, **params: object) -> Callable[[], str]:
    """A label that looks its text up whenever it is drawn (so a language switch shows at once)."""
    return lambda: t(key, **params)


def keys_with_prefix(prefix: str, language: str | None = None) -> Iterable[str]:
    catalogue = translator().catalogue(language or FALLBACK)
    return sorted(key for key in catalogue if key.startswith(prefix))
