"""Two game processes on one machine play an online table to its end: one hosts through the real
screens (`main.py --host-selftest`), the other joins with the code it printed (`--join-selftest`).
Loopback only; each process is bounded in time."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WITHIN = 240  # seconds for a whole game on a loaded machine


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _env(tmp_path: Path, name: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GOENNEN_NO_DIALOG="1")
    env["GOENNEN_DATA_DIR"] = str(tmp_path / name)
    return env


@pytest.mark.parametrize("game", ["goennen-koennen", "penk"])
def test_a_hosted_table_and_a_friend_in_another_process_play_to_the_end(game: str, tmp_path: Path) -> None:
    port = _free_port()
    command = [sys.executable, str(ROOT / "main.py")]
    host = subprocess.Popen(
        [*command, "--host-selftest", "--game", game, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(tmp_path, "host"),
    )
    try:
        assert host.stdout is not None
        limit = time.monotonic() + 60
        code = None
        while code is None and time.monotonic() < limit:
            line = host.stdout.readline()
            found = re.search(r"code ([A-Z]{8}) port (\d+)", line)
            code = found.group(1) if found else None
        assert code is not None, "the host printed no code"
        friend = subprocess.run(
            [*command, "--join-selftest", f"127.0.0.1:{port}", code],
            capture_output=True,
            text=True,
            timeout=WITHIN,
            env=_env(tmp_path, "friend"),
        )
        assert friend.returncode == 0, friend.stderr[-2000:]
        try:
            out, err = host.communicate(timeout=WITHIN)
        except subprocess.TimeoutExpired:  # where each of its threads stands, then the failure
            host.send_signal(signal.SIGUSR1)
            time.sleep(2)
            host.kill()
            out, err = host.communicate()
            threads = err[-6000:]
            raise AssertionError(f"the host did not exit; its threads:\n{threads}\n{out[-500:]}") from None
        assert host.returncode == 0, err[-2000:]
        assert "online selftest passed" in out and "online selftest passed" in friend.stdout
        points = re.findall(r"points ([\d : ]+)", out + friend.stdout)
        assert game == "penk" or (len(points) == 2 and points[0] == points[1])
    finally:
        if host.poll() is None:
            host.kill()
