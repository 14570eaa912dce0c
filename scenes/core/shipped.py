"""Damaged shipped files (the deck, layouts, fonts, catalogues): never a crash.

A shipped file can be damaged by a broken download, a disk error or a hand edit. Whoever reads one
reports it here when it cannot be used and goes on with a default where one can exist (a built-in
layout, pygame's own font, the English text); the title's notice then names the files
(file_notices.shipped_damaged) and the technical details go to the log, shortened. The deck has no
default: the app shows the reinstall screen instead (scenes/menus/reinstall.py).

No pygame and no i18n here, so every reader may report without an import cycle.
"""

from __future__ import annotations

from scenes.model.files import LOG, shorten

_damaged: dict[str, str] = {}  # file name -> what is wrong with it, in the order met


def report(file: str, detail: str) -> None:
    """`file` (its name, e.g. 'de.po') cannot be used; logged once."""
    if file not in _damaged:
        _damaged[file] = shorten(detail)
        LOG.warning("shipped file %s is damaged: %s", file, _damaged[file])


def damaged_files() -> list[str]:
    """The names of the damaged shipped files met so far."""
    return list(_damaged)


def forget() -> None:
    """Forget what was reported (tests, after putting a file back)."""
    _damaged.clear()
