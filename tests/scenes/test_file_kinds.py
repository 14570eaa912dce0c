"""Every file the game reads, of any kind: a named pipe where settings, progress or the last setup
belong, a 0-byte shipped font, an empty catalogue, a hand-edited tutorial save with a NUL in a
name, and a damaged one that cannot be removed. Each is named or set aside, and play goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from scenes.app import App
from scenes.core import fonts, i18n
from scenes.menus.title import TitleScene
from scenes.model import tutorial
from scenes.model.tutorial_session import FORMAT, VERSION, TutorialSession, tutorial_slot
from tests.scenes.conftest import settle, top
from tests.scenes.test_shipped_files import assets_copy, start  # noqa: F401 (the fixture)

ROOT = Path(__file__).resolve().parents[2]

# A start of the game on the folder, then a look at the progress and the last setup, as the solo
# card and New game read them; a pipe opened for reading would wait here for ever.
START_AND_READ = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from scenes.app import App
    from scenes.model import last_setup, progress

    app = App(data_dir=Path(sys.argv[1]))
    app.step(1 / 60)
    app.draw()
    progress.store(app)
    last_setup.load_last_setup()
    print("started:", app.notice, flush=True)
    """
)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_named_pipes_for_settings_progress_and_last_setup_never_hang(tmp_path: Path) -> None:
    folder = tmp_path / "userdata"
    folder.mkdir()
    for name in ("settings.json", "progress.json", "last_setup.json"):
        os.mkfifo(folder / name)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GOENNEN_DATA_DIR=str(folder))
    child = subprocess.run(
        [sys.executable, "-c", START_AND_READ, str(folder)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    assert "started:" in child.stdout and "settings.json" in child.stdout  # the title names it
    for name in ("settings.json", "progress.json", "last_setup.json"):
        assert any(path.name.startswith(f"{name}.broken-") for path in folder.iterdir()), name


def test_a_zero_byte_font_is_named_and_pygames_font_stands_in(assets_copy: Path, data_dir: Path) -> None:  # noqa: F811
    (assets_copy / "assets" / "fonts" / "Lato-Regular.ttf").write_bytes(b"")
    app = start(data_dir)
    assert isinstance(top(app), TitleScene)
    assert app.notice is not None and "Lato-Regular.ttf" in app.notice
    assert fonts.text("Gönnen", 24, (0, 0, 0)).get_width() > 0


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_empty_catalogue_is_named(assets_copy: Path, data_dir: Path, language: str) -> None:  # noqa: F811
    (assets_copy / "assets" / "i18n" / f"{language}.po").write_bytes(b"")
    app = start(data_dir, language)
    assert isinstance(top(app), TitleScene)
    assert app.notice is not None and f"{language}.po" in app.notice
    if language == "de":
        assert i18n.t("title.quit") == "Quit"  # English stands in


def _tutorial_save(path: Path, names: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": FORMAT, "version": VERSION, "seed": tutorial.SEED, "names": names, "actions": []}
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_nul_in_a_tutorial_name_never_reaches_the_screen(app: App, data_dir: Path) -> None:
    _tutorial_save(tutorial_slot(data_dir), ["Ann\x00a", "\x00\x01"])
    resumed = TutorialSession.resume(tutorial_slot(data_dir))
    assert [seat.name for seat in resumed.seats] == ["Anna", "Player 2"]
    app.go("tutorial", fade=False)
    settle(app)
    app.draw()
    assert top(app).session.seats[0].name == "Anna"  # type: ignore[attr-defined]


def test_a_damaged_tutorial_that_cannot_be_removed_begins_it_anew(
    app: App, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tutorial_slot(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00\xff{")

    def read_only(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "unlink", read_only)
    app.go("tutorial", fade=False)
    settle(app)
    app.draw()
    session = top(app).session  # type: ignore[attr-defined]
    assert isinstance(session, TutorialSession) and session.lessons_done == 0
