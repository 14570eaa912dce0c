"""Build the downloadable bundle with PyInstaller and play it: the test CI runs for issue 7.

Slow (a build takes 20-60 s) but part of the normal suite. It builds into build/test-dist (never
over a bundle in dist/ someone is about to upload), reusing PyInstaller's cache in build/pyinstaller,
and skips the zip. The bundle then runs `--selftest` (a whole 4-bot game through the real scenes)
when main.py has it, else `--smoke` (title frames), with the dummy video driver, a fresh data folder
and a fresh home, and must leave its own folder, the home and the working folder untouched.
"""

from __future__ import annotations

import ast
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.certificates import make_certificate
from tools import build_exe

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "build" / "test-dist"
WORK = ROOT / "build" / "pyinstaller"
RUN_TIMEOUT_S = 600  # a whole bot game at instant speed; generous for a slow CI machine


@pytest.fixture(scope="module")
def bundle() -> Iterator[build_exe.Bundle]:
    yield build_exe.build(DIST, WORK)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        str(path.relative_to(folder)): (path.lstat().st_size, path.lstat().st_mtime_ns)
        for path in folder.rglob("*")
    }


def run_bundle(
    program: Path, args: list[str], home: Path, data: Path, cwd: Path
) -> subprocess.CompletedProcess[str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "XDG_DATA_HOME", "APPDATA")
    }
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        GOENNEN_DATA_DIR=str(data),
        GOENNEN_NO_DIALOG="1",
        HOME=str(home),
        USERPROFILE=str(home),
    )
    return subprocess.run(
        [str(program), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S
    )


def test_bundle_is_within_its_size_budget_and_holds_the_assets(bundle: build_exe.Bundle) -> None:
    size = build_exe.tree_size(bundle.folder)
    assert size <= build_exe.SIZE_BUDGET_MB * 1e6, f"{size / 1e6:.1f} MB"
    data = bundle.folder / "_internal"
    if not (data / "assets").is_dir():  # macOS keeps data under the .app; the folder build is enough
        data = bundle.folder
    for relative in (
        "assets/deck/deck.toml",
        "assets/fonts/Lato-Regular.ttf",
        "assets/fonts/OFL.txt",
        "assets/i18n/de.po",
        "assets/layouts/title.tmx",
        "assets/sounds/click.wav",
        "assets/icons/icon.png",
    ):
        assert (data / relative).is_file(), relative


def test_bundle_leaves_out_test_and_development_packages(bundle: build_exe.Bundle) -> None:
    # PyInstaller's table of the bundled Python modules (a Python literal in the work folder).
    toc = ast.literal_eval((WORK / build_exe.NAME / "PYZ-00.toc").read_text(encoding="utf-8"))
    modules = {entry[0] for entry in toc[1]}
    dev_tools = ("pytest", "_pytest", "hypothesis", "mypy", "setuptools", "pip", "tkinter", "numpy.testing")
    for excluded in dev_tools:
        assert not any(name == excluded or name.startswith(excluded + ".") for name in modules), excluded
    assert {"numpy", "pygame", "pytmx", "game.goennen.ai.kernels.odds", "scenes.app"} <= modules
    files = {path.name for path in bundle.folder.rglob("*")}
    assert not any(name.startswith(("_tkinter", "libtk", "libtcl")) for name in files)


def test_bundle_plays_headless_and_writes_only_to_the_data_folder(
    bundle: build_exe.Bundle, tmp_path: Path
) -> None:
    home, data, cwd = tmp_path / "home", tmp_path / "data", tmp_path / "cwd"
    for folder in (home, cwd):
        folder.mkdir()
    helped = run_bundle(bundle.program, ["--help"], home, data, cwd)
    assert helped.returncode == 0, helped.stderr
    args = ["--selftest"] if "--selftest" in helped.stdout else ["--smoke", "60"]
    before = snapshot(bundle.folder)
    result = run_bundle(bundle.program, args, home, data, cwd)
    assert result.returncode == 0, f"{args}: {result.stdout[-2000:]}\n{result.stderr[-4000:]}"
    expected = "selftest passed" if args == ["--selftest"] else build_exe.FIRST_FRAME_MARKER
    assert expected in result.stdout or not helped.stdout  # a windowed Windows build prints nothing
    assert not (data / "logs").exists(), "the bundle wrote a crash log"
    assert snapshot(bundle.folder) == before, "the bundle wrote into its own folder"
    assert list(home.rglob("*")) == [] and list(cwd.rglob("*")) == []
    if "--game" in helped.stdout:  # the bundle plays Penk! too
        penk = run_bundle(bundle.program, ["--selftest", "--game", "penk"], home, data, cwd)
        assert penk.returncode == 0, f"{penk.stdout[-2000:]}\n{penk.stderr[-4000:]}"
        assert "Penk!" in penk.stdout and snapshot(bundle.folder) == before


@pytest.mark.parametrize("tls", [False, True], ids=["ws", "wss-behind-a-tls-proxy"])
def test_bundle_hosts_a_table_that_a_second_bundle_process_joins_and_plays_to_its_end(
    bundle: build_exe.Bundle, tmp_path: Path, tls: bool
) -> None:
    """The executable hosts online (the server on a thread, websockets and asyncio inside) and a
    second run of it joins with the code the first printed: a two-seat game to its end; with
    `tls` the friend reaches the table through a TLS proxy (wss://, a certificate it trusts)."""
    import re
    import time

    home, cwd = tmp_path / "home", tmp_path / "cwd"
    for folder in (home, cwd):
        folder.mkdir()
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GOENNEN_NO_DIALOG="1", HOME=str(home))
    host = subprocess.Popen(
        [str(bundle.program), "--host-selftest", "--port", str(port)],
        cwd=cwd,
        env=env | {"GOENNEN_DATA_DIR": str(tmp_path / "host")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    proxy = None
    try:
        assert host.stdout is not None
        code, limit = None, time.monotonic() + 120
        while code is None and time.monotonic() < limit:
            found = re.search(r"code ([A-Z]{8}) port", host.stdout.readline())
            code = found.group(1) if found else None
        assert code is not None, "the bundle printed no code"
        address, extra = f"127.0.0.1:{port}", {}
        if tls:
            key, cert = make_certificate(tmp_path)
            proxy = TlsProxy(cert, key, port)
            address, extra = f"wss://127.0.0.1:{proxy.port}", {"SSL_CERT_FILE": str(cert)}
        friend = subprocess.run(
            [str(bundle.program), "--join-selftest", address, code],
            cwd=cwd,
            env=env | extra | {"GOENNEN_DATA_DIR": str(tmp_path / "friend")},
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
        )
        assert friend.returncode == 0, friend.stderr[-3000:]
        out, err = host.communicate(timeout=RUN_TIMEOUT_S)
        assert host.returncode == 0, err[-3000:]
        assert "online selftest passed" in out and "online selftest passed" in friend.stdout
    finally:
        if host.poll() is None:
            host.kill()
        if proxy is not None:
            proxy.stop()


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class TlsProxy:
    """A TLS terminating proxy on loopback (as a server's nginx would be) in front of `target`."""

    def __init__(self, cert: Path, key: Path, target: int) -> None:
        import asyncio
        import ssl
        import threading

        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                writer.close()

        async def serve(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
            reader, writer = await asyncio.open_connection("127.0.0.1", target)
            await asyncio.gather(pipe(client_reader, writer), pipe(reader, client_writer))

        async def start() -> None:
            self.server = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=context)
            self.port = self.server.sockets[0].getsockname()[1]
            ready.set()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(start())
            self.loop.run_forever()

        threading.Thread(target=run, daemon=True).start()
        assert ready.wait(10), "the TLS proxy did not start"

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
