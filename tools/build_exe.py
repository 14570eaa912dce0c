"""Build the downloadable game: a one-folder PyInstaller bundle in dist/ and a zip of it to upload.

    python -m tools.build_exe [--no-zip] [--dist DIR] [--work DIR] [--clean]
    python -m tools.build_exe --measure [--runs N]   # start-to-first-frame of the built bundle

One folder, not one file: a one-file program unpacks itself to a temp folder at every start, which
is slow on Windows and macOS. PyInstaller does not cross-compile, so each system builds its own
bundle (dist/GoennenKoennen/, plus GoennenKoennen.app on macOS). The arguments are generated here
rather than kept in a .spec file, so the excluded modules and the icon are plain Python data.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "GoennenKoennen"
SIZE_BUDGET_MB = 90  # 80 before online play: TLS (libssl, libcrypto) and asyncio cost about 7
START_BUDGET_S = 1.5
FIRST_FRAME_MARKER = "first frame drawn after"  # printed by main.py --smoke (scenes/startup.py)

# Never needed by the running game. The game's own import set is checked against this list by
# tests/test_packaging.py, so an exclusion can never remove something the game imports.
EXCLUDED_MODULES = (
    # test and development tools that sit in the same virtual environment
    "pytest", "_pytest", "pluggy", "iniconfig", "hypothesis", "sortedcontainers", "mypy", "mypyc",
    "ruff", "setuptools", "pkg_resources", "_distutils_hack", "distutils", "pip", "wheel",
    "PyInstaller", "altgraph", "pygments", "IPython",
    # standard library parts a local dice game does not use
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "lib2to3", "pydoc", "pydoc_data",
    "pdb", "doctest", "unittest", "test", "curses", "_curses", "readline",
    "multiprocessing", "xmlrpc", "ftplib", "socketserver", "webbrowser",
    # (asyncio, concurrent, ssl and http stay: online play's server and client need them)
    "_hashlib",  # OpenSSL's hashes; hashlib falls back to its built-in ones (ssl does not need it)
    "_decimal",  # decimal falls back to the pure-Python _pydecimal (only fractions/statistics use it)
    # East Asian codecs (the game never loads them): room for the archive's SQLite. unicodedata
    # stays: a host name is looked up through the idna codec, which needs it (online play)
    "_multibytecodec", "_codecs_jp", "_codecs_hk", "_codecs_cn", "_codecs_kr",
    "_codecs_tw", "_codecs_iso2022",
    # numpy's test suite, test helpers and Fortran tooling (the game uses its arrays only)
    "numpy.testing", "numpy.f2py", "numpy.distutils", "numpy._pyinstaller", "numpy.conftest",
    "numpy.tests", "numpy._core.tests", "numpy.lib.tests", "numpy.linalg.tests", "numpy.fft.tests",
    "numpy.random.tests", "numpy.ma.tests", "numpy.polynomial.tests", "numpy.typing.tests",
    "numpy.matrixlib.tests",
    # pygame's own examples, tests and documentation launcher
    "pygame.examples", "pygame.tests", "pygame.docs",
)  # fmt: skip
# Every module of the game and its screens, also any a static analysis might miss.
COLLECT_PACKAGES = ("game", "scenes")


@dataclass(frozen=True)
class Bundle:
    folder: Path  # the one-folder bundle (what gets zipped)
    program: Path  # the executable inside it


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def bundle_paths(dist: Path) -> Bundle:
    folder = dist / NAME
    program = folder / (f"{NAME}.exe" if sys.platform == "win32" else NAME)
    return Bundle(folder, program)


def pyinstaller_args(dist: Path, work: Path, clean: bool = False) -> list[str]:
    """The PyInstaller command line (after `python -m PyInstaller`) for this system."""
    args = [
        str(ROOT / "main.py"),
        "--name", NAME,
        "--onedir",
        "--noconfirm",
        "--noupx",  # UPX saves little on these libraries, costs start time and upsets virus scanners
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work),
        "--specpath", str(work),
        "--paths", str(ROOT),
        "--add-data", f"{ROOT / 'assets'}{os.pathsep}assets",
    ]  # fmt: skip
    for package in COLLECT_PACKAGES:
        args += ["--collect-submodules", package]
    for module in EXCLUDED_MODULES:
        args += ["--exclude-module", module]
    if sys.platform == "win32":
        args += ["--windowed", "--icon", str(ROOT / "assets" / "icons" / "icon.ico")]
    elif sys.platform == "darwin":
        args += ["--windowed", "--icon", str(ROOT / "assets" / "icons" / "icon.icns")]
        args += ["--osx-bundle-identifier", "org.goennen-koennen.game"]
    if clean:
        args.append("--clean")
    return args


def build(dist: Path, work: Path, clean: bool = False) -> Bundle:
    command = [sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist, work, clean)]
    # PyInstaller imports pygame while analysing; keep its greeting out of the build log.
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    subprocess.run(command, cwd=ROOT, check=True, env=env)
    bundle = bundle_paths(dist)
    if not bundle.program.is_file():
        raise SystemExit(f"PyInstaller finished but {bundle.program} is missing")
    if sys.platform.startswith("linux"):
        strip_interpreter(bundle.folder)
    return bundle


def strip_interpreter(folder: Path) -> int:
    """Remove debug info and local symbols from the interpreter's own libraries; returns bytes saved.

    Not PyInstaller's --strip: that strips every library, and the wheels' libraries (rewritten by
    auditwheel) stop loading ("ELF load command address/offset not page-aligned"). Only libpython
    and lib-dynload, built from source by pyenv and the like, carry debug info worth removing.
    """
    strip = shutil.which("strip")
    if not strip:
        return 0
    inner = folder / "_internal"
    targets = [*inner.glob("libpython*.so*"), *inner.glob("python3*/lib-dynload/*.so")]
    saved = 0
    for path in targets:
        if path.is_symlink() or b".debug_info" not in path.read_bytes():
            continue
        before = path.stat().st_size
        # --strip-unneeded keeps the dynamic symbols (PyInit_*, the C API) that loading needs.
        subprocess.run([strip, "--strip-unneeded", str(path)], check=True)
        saved += before - path.stat().st_size
    return saved


def tree_size(folder: Path) -> int:
    """Bytes of the files under `folder`; symbolic links count as links, not as their targets."""
    total = 0
    for path in folder.rglob("*"):
        if path.is_symlink() or path.is_file():
            total += path.lstat().st_size
    return total


def make_zip(bundle: Bundle, dist: Path) -> Path:
    """Zip the bundle for upload; symbolic links stay links (PyInstaller uses them on Linux/macOS)."""
    target = dist / f"{NAME}-{version()}-{platform_tag()}.zip"
    app = bundle.folder.parent / f"{NAME}.app"
    if sys.platform == "darwin" and app.is_dir() and shutil.which("ditto"):
        # ditto keeps the .app's links, permissions and signature the way Finder expects.
        target.unlink(missing_ok=True)
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(app), str(target)], check=True)
        return target
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in sorted(bundle.folder.rglob("*")):
            name = path.relative_to(bundle.folder.parent).as_posix()
            if path.is_symlink():
                info = zipfile.ZipInfo(name)
                info.create_system = 3  # Unix, so unzip honours the mode bits below
                info.external_attr = (0o120777 << 16) & 0xFFFF0000
                archive.writestr(info, os.readlink(path))
            elif path.is_file():
                archive.write(path, name)
    return target


def largest_parts(folder: Path, count: int = 6) -> list[tuple[int, str]]:
    sizes: dict[str, int] = {}
    inner = folder / "_internal" if (folder / "_internal").is_dir() else folder
    for path in inner.iterdir():
        sizes[path.name] = tree_size(path) if path.is_dir() else path.lstat().st_size
    return sorted(((size, name) for name, size in sizes.items()), reverse=True)[:count]


def smoke_env(data_dir: Path, headless: bool) -> dict[str, str]:
    env = dict(os.environ, GOENNEN_DATA_DIR=str(data_dir), GOENNEN_NO_DIALOG="1")
    if headless:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


@dataclass(frozen=True)
class StartTiming:
    outside: float  # spawn to the first-frame line, seen by this process
    inside: float | None  # process start to first frame by the program's own clock (Linux)
    cpu: float | None  # CPU seconds of the whole run (POSIX): steady even on a busy machine


def _children_cpu() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_first_frame(program: Path, headless: bool = True) -> StartTiming:
    """One start of `program --smoke 1`, timed from outside and by the program itself."""
    cpu_before = _children_cpu()
    with tempfile.TemporaryDirectory() as data:
        started = time.perf_counter()
        process = subprocess.Popen(
            [str(program), "--smoke", "1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=smoke_env(Path(data), headless),
        )
        assert process.stdout is not None
        outside: float | None = None
        inside: float | None = None
        for line in process.stdout:
            if line.startswith(FIRST_FRAME_MARKER) and outside is None:
                outside = time.perf_counter() - started
                if "(process start)" in line:
                    inside = float(line.split()[len(FIRST_FRAME_MARKER.split())])
        code = process.wait(timeout=60)
    if code != 0 or outside is None:
        raise SystemExit(f"{program} --smoke 1 failed (exit code {code})")
    cpu_after = _children_cpu()
    cpu = cpu_after - cpu_before if cpu_after is not None and cpu_before is not None else None
    return StartTiming(outside, inside, cpu)


def measure(program: Path, runs: int, headless: bool) -> float:
    """Start the bundle `runs` times; print each start and the median (the first one warms caches)."""
    video = "dummy" if headless else "real"
    print(f"start to first frame, {runs} runs of {program} --smoke 1 ({video} video):")
    timings = []
    for run in range(runs):
        timing = time_first_frame(program, headless)
        own = f", {timing.inside:.3f} s by its own clock" if timing.inside is not None else ""
        cpu = f", {timing.cpu:.3f} s CPU for the whole run" if timing.cpu is not None else ""
        print(f"  run {run + 1}: {timing.outside:.3f} s{own}{cpu}")
        timings.append(timing)
    median = statistics.median(timing.outside for timing in timings)
    verdict = "within" if median <= START_BUDGET_S else "OVER"
    print(f"median {median:.3f} s from spawn to first frame ({verdict} the {START_BUDGET_S} s budget)")
    insides = [timing.inside for timing in timings if timing.inside is not None]
    if insides:
        print(f"median {statistics.median(insides):.3f} s by the program's own process-start clock")
    cpus = [timing.cpu for timing in timings if timing.cpu is not None]
    if cpus:
        print(f"median {statistics.median(cpus):.3f} s CPU (user + system) per run")
    if hasattr(os, "getloadavg"):
        # Wall-clock starts stretch on a busy machine; the load says how busy it was.
        print(f"load average during the runs: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return median


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build_exe", description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle goes")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="build cache")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's caches first")
    parser.add_argument("--no-zip", action="store_true", help="skip the zip (faster, for tests)")
    parser.add_argument("--measure", action="store_true", help="time the built bundle's start instead")
    parser.add_argument("--runs", type=int, default=7, help="starts to time with --measure")
    parser.add_argument(
        "--real-display", action="store_true", help="with --measure: use the real display, not the dummy one"
    )
    args = parser.parse_args(argv)
    bundle = bundle_paths(args.dist)
    if args.measure:
        if not bundle.program.is_file():
            raise SystemExit(f"no bundle at {bundle.folder}: run python -m tools.build_exe first")
        median = measure(bundle.program, args.runs, headless=not args.real_display)
        return 0 if median <= START_BUDGET_S else 1
    started = time.perf_counter()
    bundle = build(args.dist, args.work, args.clean)
    seconds = time.perf_counter() - started
    size = tree_size(bundle.folder)
    print(f"built {bundle.program} in {seconds:.0f} s")
    verdict = "within" if size <= SIZE_BUDGET_MB * 1e6 else "OVER"
    print(f"bundle size {size / 1e6:.1f} MB unpacked ({verdict} the {SIZE_BUDGET_MB} MB budget)")
    print("largest parts:")
    for part_size, name in largest_parts(bundle.folder):
        print(f"  {part_size / 1e6:6.1f} MB  {name}")
    if not args.no_zip:
        archive = make_zip(bundle, args.dist)
        print(f"zip for upload: {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0 if size <= SIZE_BUDGET_MB * 1e6 else 1


if __name__ == "__main__":
    sys.exit(main())
