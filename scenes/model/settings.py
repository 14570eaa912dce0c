"""The player's settings: what they are, and reading/writing settings.json in the user data folder.

The file carries a format version; older versions are upgraded step by step (UPGRADES). A file
that cannot be read is set aside (scenes/model/files.py) and reported, and the defaults are used;
one from a newer version is left untouched.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from scenes.model.files import FileProblem, load_file, write_text
from scenes.model.userdata import settings_path

FORMAT_VERSION = 1
LANGUAGES = ("en", "de", "nl")
ANIMATION_SPEEDS = ("1x", "2x", "instant")
VOLUME_STEPS = 10  # the volume moves in tenths
# Show odds: "first_games" shows them until the player has finished FIRST_GAMES games
# (scenes/model/odds_setting.py), "on" and "off" as chosen (settings screen or the O key).
ODDS_MODES = ("first_games", "on", "off")


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    animation_speed: str = "1x"
    colour_glyphs: bool = True
    volume: int = 7  # 0..VOLUME_STEPS
    fullscreen: bool = False
    odds: str = "first_games"
    confirm_end: bool = False  # ask before every end of turn (a chance or usable dice: always asked)

    @property
    def volume_fraction(self) -> float:
        return self.volume / VOLUME_STEPS

    @property
    def speed_factor(self) -> float:
        """How much faster animations run; instant is handled by skipping tweens."""
        return 2.0 if self.animation_speed == "2x" else 1.0

    def changed(self, **changes: Any) -> Settings:
        return _sanitised(replace(self, **changes))


@dataclass(frozen=True)
class LoadResult:
    settings: Settings
    problem: FileProblem | None = None  # why the file could not be used (the title says so)
    defaults: bool = False  # no usable file: the settings are the defaults (the first start)


def language_from_locales(languages: Iterable[str]) -> str:
    """The first of the system's preferred languages ("de", "nl-BE", "en_GB") the game speaks, else
    English: the language of the first start, before the player chose one."""
    for language in languages:
        code = language.replace("_", "-").split("-")[0].strip().lower()
        if code in LANGUAGES:
            return code
    return Settings().language


def _sanitised(settings: Settings) -> Settings:
    """Clamp every value into its allowed set so a hand-edited file cannot break the game."""
    defaults = Settings()
    return Settings(
        language=settings.language if settings.language in LANGUAGES else defaults.language,
        animation_speed=(
            settings.animation_speed
            if settings.animation_speed in ANIMATION_SPEEDS
            else defaults.animation_speed
        ),
        colour_glyphs=bool(settings.colour_glyphs),
        volume=max(0, min(VOLUME_STEPS, int(settings.volume))),
        fullscreen=bool(settings.fullscreen),
        odds=settings.odds if settings.odds in ODDS_MODES else defaults.odds,
        confirm_end=bool(settings.confirm_end),
    )


def _upgrade_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    # Version 0 (never released) stored the volume as a fraction 0..1.
    volume = float(data.get("volume", 0.7))
    if not math.isfinite(volume):
        raise ValueError(f"the volume {volume} is not a fraction")
    data["volume"] = round(max(0.0, min(1.0, volume)) * VOLUME_STEPS)
    return data


UPGRADES = {0: _upgrade_0_to_1}


def settings_from_data(data: dict[str, Any]) -> Settings:
    version = data.get("version", 0)
    if type(version) is not int or version > FORMAT_VERSION or version < 0:  # a bool is no version
        raise ValueError(f"unknown settings version {version!r}")
    while version < FORMAT_VERSION:
        data = UPGRADES[version](data)
        version += 1
    known = {name: data[name] for name in asdict(Settings()) if name in data}
    defaults = asdict(Settings())
    for name, value in known.items():
        if type(value) is not type(defaults[name]):
            raise ValueError(f"setting {name!r} has the wrong type")
    return _sanitised(Settings(**known))


def load_settings(path: Path | None = None) -> LoadResult:
    """The stored settings, or the defaults with the reason the file could not be used."""
    loaded = load_file(path or settings_path(), _settings_from_file, FORMAT_VERSION)
    return LoadResult(loaded.value or Settings(), loaded.problem, defaults=loaded.value is None)


def _settings_from_file(data: object) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return settings_from_data(data)


def save_settings(settings: Settings, path: Path | None = None) -> FileProblem | None:
    """Write settings.json; None when written, else why not (the caller tells the player)."""
    data = {"version": FORMAT_VERSION, **asdict(settings)}
    return write_text(path or settings_path(), json.dumps(data, indent=2, sort_keys=True) + "\n")
