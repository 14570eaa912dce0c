"""The player's settings: what they are, and reading/writing settings.json in the user data folder.

The file carries a format version; older versions are upgraded step by step (UPGRADES). A file
that cannot be read is renamed aside with a timestamp and reported, and the defaults are used.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from scenes.model.userdata import keep_aside, settings_path, write_atomically

FORMAT_VERSION = 1
LANGUAGES = ("en", "de", "nl")
ANIMATION_SPEEDS = ("1x", "2x", "instant")
VOLUME_STEPS = 10  # the volume moves in tenths


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    animation_speed: str = "1x"
    colour_glyphs: bool = True
    volume: int = 7  # 0..VOLUME_STEPS
    fullscreen: bool = False

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
    problem: str | None = None  # a sentence for the player when the file was unreadable
    kept_aside: Path | None = None


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
    )


def _upgrade_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    # Version 0 (never released) stored the volume as a fraction 0..1.
    volume = data.get("volume", 0.7)
    data["volume"] = round(float(volume) * VOLUME_STEPS)
    return data


UPGRADES = {0: _upgrade_0_to_1}


def settings_from_data(data: dict[str, Any]) -> Settings:
    version = data.get("version", 0)
    if not isinstance(version, int) or version > FORMAT_VERSION or version < 0:
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
    path = path or settings_path()
    if not path.exists():
        return LoadResult(Settings())
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return LoadResult(settings_from_data(data))
    except (OSError, ValueError, TypeError) as error:
        try:
            aside: Path | None = keep_aside(path, time.strftime("%Y%m%d-%H%M%S"))
        except OSError:
            aside = None  # cannot even move it: leave it be, play on with the defaults
        return LoadResult(Settings(), problem=f"{path.name}: {error}", kept_aside=aside)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    data = {"version": FORMAT_VERSION, **asdict(settings)}
    write_atomically(path or settings_path(), json.dumps(data, indent=2, sort_keys=True) + "\n")
