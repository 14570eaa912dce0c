"""The one way to find a shipped file (font, sound, layout, catalogue), in a checkout or a bundle.

PyInstaller unpacks data next to the program (sys._MEIPASS for one-file builds, the executable's
folder for one-folder builds); from a checkout, assets/ sits at the repository root.
"""

from __future__ import annotations

import sys
from pathlib import Path

_CHECKOUT_ROOT = Path(__file__).resolve().parents[2]


def bundle_root() -> Path:
    """The folder that holds assets/: the bundle's data folder when frozen, else the checkout."""
    if getattr(sys, "frozen", False):
        meipass = getattr(sys, "_MEIPASS", None)
        return Path(meipass) if meipass else Path(sys.executable).resolve().parent
    return _CHECKOUT_ROOT


def resource_path(relative: str) -> Path:
    """The absolute path of a shipped file, given relative to the project root ('assets/...')."""
    return bundle_root() / relative
