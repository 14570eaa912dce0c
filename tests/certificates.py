"""A self-signed certificate for 127.0.0.1 and localhost, made with openssl for TLS tests."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """(key, certificate) in `folder`; skips the test where openssl is missing (CI installs it)."""
    if shutil.which("openssl") is None and os.environ.get("CI") != "true":
        pytest.skip("openssl is needed to make a test certificate (.ci/run installs it)")
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
         "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return key, cert
