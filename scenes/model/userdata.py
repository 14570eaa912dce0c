"""Where the player's own files live: settings, the saved game, solo progress.

Never next to the program (a bundled executable's folder can vanish or be read-only), always in
the platform's user data folder. GOENNEN_DATA_DIR overrides it (tests point it at a tmp folder).
Reading and writing these files goes through scenes/model/files.py.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_OVERRIDE = "GOENNEN_DATA_DIR"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "save.json"


def data_dir() -> Path:
    """The user data folder (not created here; writers create it when they first write)."""
    override = os.environ.get(ENV_OVERRIDE)
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        return (Path(appdata) if appdata else home / "AppData" / "Roaming") / "GoennenKoennen"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "GoennenKoennen"
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else home / ".local" / "share") / "goennen-koennen"


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def save_path() -> Path:
    """The saved game the title's Continue resumes (written by the table scene)."""
    return data_dir() / SAVE_FILE


def has_saved_game() -> bool:
    return save_path().is_file()
