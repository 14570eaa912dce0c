"""How many tables one table-server process holds: a load figure, not a pass/fail test.

    python -m tools.online_load --tables 100 --seconds 60 [--game penk] [--json]
    python -m tools.online_load --tables 200 --seconds 30 --redis redis://127.0.0.1:6391/0 --servers 2

This process runs the table server on loopback (or, with --redis, starts --servers processes of
tools.table_server sharing their tables in that Redis, each table's host on one process and its
guest on the next); a second process (the same module with --clients) opens the tables and plays
every seat with an easy bot deciding on the view the server sent, as fast as the server answers,
for a bounded time. Reported: actions a second (per server process too), the servers' CPU per
action, the p95 from a move to every seat of its table having the update, and the servers' memory
per table they hold. The figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.online import PROTOCOL
from game.online.server import TableServer
from game.registry import rulebook


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# --- the clients' process -------------------------------------------------------------------------


async def _seat(url: str, game: str, hello: dict[str, Any], until: float, log: dict[str, Any]) -> None:
    """One seat: answer every step in which it decides, note when each version arrived."""
    rules = rulebook(game)
    bot = rules.bot("easy")
    rng = random.Random(hash(json.dumps(hello, sort_keys=True)))
    acted: set[int] = set()
    async with connect(url, compression=None, max_size=None) as socket:
        await socket.send(json.dumps({"t": "hello", "proto": PROTOCOL, "game": game, **hello}))
        while (left := until - time.perf_counter()) > 0:
            try:
                raw = await asyncio.wait_for(socket.recv(), left)
            except TimeoutError:
                return
            message = json.loads(raw)
            now = time.perf_counter()
            if message["t"] == "refused":
                log.setdefault("refused", []).append(message["reason"])
            if message["t"] == "welcome":
                log["table"] = message["table"]
                if "codes" in message:
                    log["invite"] = message["codes"]["invite"]
            full = message["t"] == "lobby" and all(seat["taken"] for seat in message["seats"])
            if full and "invite" in log:  # the host starts its table once the guest sits
                if not message["started"] and not log.get("started"):
                    log["started"] = True
                    await socket.send(json.dumps({"t": "start"}))
            if message["t"] == "over":
                log["over"] = True
                return
            if message["t"] != "step":
                continue
            log.setdefault("arrived", {}).setdefault(message["v"], []).append(now)
            view = rules.view_from_data(message["view"], "a step")
            if rules.is_over(view):
                continue
            if log["me"] in message["deciders"] and message["seq"] not in acted:
                acted.add(message["seq"])
                action = bot(view, rng, 0.05)
                log.setdefault("sent", []).append((message["v"], time.perf_counter()))
                await socket.send(json.dumps({"t": "act", "seq": message["seq"], "a": str(action)}))


async def _table(url: str, game: str, until: float, guest_url: str | None = None) -> dict[str, Any]:
    host: dict[str, Any] = {"me": 0}
    opened = asyncio.create_task(_seat(url, game, {"players": 2, "name": "A"}, until, host))
    for _ in range(200):
        if "invite" in host:
            break
        await asyncio.sleep(0.01)
    guest: dict[str, Any] = {"me": 1}
    try:
        invited = {"invite": host["invite"], "name": "B"}
        await asyncio.gather(opened, _seat(guest_url or url, game, invited, until, guest))
    except (ConnectionClosed, KeyError, OSError):
        pass
    return {"host": host, "guest": guest}


async def _clients(url: str, game: str, tables: int, seconds: float) -> dict[str, Any]:
    until = time.perf_counter() + seconds
    urls = url.split(",")
    results = await asyncio.gather(
        *(_table(urls[n % len(urls)], game, until, urls[(n + 1) % len(urls)]) for n in range(tables))
    )
    latencies = []
    for result in results:
        seats = [result["host"], result["guest"]]
        for who in seats:
            for version, sent in who.get("sent", []):
                # the move's update: the first step past `version` that every seat received
                arrivals = []
                for seat in seats:
                    later = [min(times) for v, times in seat.get("arrived", {}).items() if v > version]
                    if later:
                        arrivals.append(min(later))
                if len(arrivals) == len(seats):
                    latencies.append(max(arrivals) - sent)
    refused = [reason for result in results for who in result.values() for reason in who.get("refused", [])]
    ended = sum(bool(result["host"].get("over")) for result in results)
    ids = [result["host"].get("table") for result in results]
    return {
        "latencies": latencies,
        "moves": len(latencies),
        "refused": refused,
        "ended": ended,
        "tables": ids,
    }


# --- the server's process -------------------------------------------------------------------------


async def _serve(game: str, tables: int, seconds: float) -> dict[str, Any]:
    most = 10 * tables + 10  # every client is local: one address
    server = TableServer(bot_budget=0.05, max_per_address=most, tables_per_player=most)
    async with server.serve("127.0.0.1", 0) as port:
        idle_rss, cpu_before = _rss_mb(), _cpu()
        started = time.perf_counter()
        clients = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tools.online_load", "--clients", f"ws://127.0.0.1:{port}",
            "--game", game, "--tables", str(tables), "--seconds", str(seconds),
            stdout=subprocess.PIPE,
        )  # fmt: skip
        peak = idle_rss

        async def sample() -> None:
            nonlocal peak
            while True:
                peak = max(peak, _rss_mb())
                await asyncio.sleep(0.5)

        sampler = asyncio.create_task(sample())
        assert clients.stdout is not None
        output = await clients.stdout.read()  # read while it runs: a full pipe would stall it
        await clients.wait()
        sampler.cancel()
        report = json.loads(output.decode().splitlines()[-1])
        elapsed = time.perf_counter() - started
        cpu = _cpu() - cpu_before
        actions = sum(len(room.table.log) for room in server.rooms.values() if room.table is not None)
        moves = sum(
            sum(entry.kind != "chance" for entry in room.table.log)
            for room in server.rooms.values()
            if room.table is not None
        )
    latencies = sorted(report["latencies"])
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    return {
        "game": game,
        "tables": tables,
        "seconds": round(elapsed, 1),
        "moves": moves,
        "log_entries": actions,
        "moves_per_second": round(moves / elapsed, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / max(moves, 1), 3),
        "server_cpu_share": round(cpu / elapsed, 2),
        "p95_move_to_every_seat_ms": round(1000 * p95, 2),
        "median_move_to_every_seat_ms": round(1000 * statistics.median(latencies), 2) if latencies else None,
        "memory_per_table_mb": round((peak - idle_rss) / tables, 3),
        "tables_ended": report["ended"],
        "refusals": len(report["refused"]),
        "server_rss_mb": {"idle": round(idle_rss, 1), "peak": round(peak, 1)},
    }


def _proc(pid: int) -> tuple[float, float]:
    """(CPU seconds, RSS MB) of another process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return cpu, int(line.split()[1]) / 1024
    return cpu, 0.0


async def _serve_many(game: str, tables: int, seconds: float, redis_url: str, servers: int) -> dict[str, Any]:
    """The load against `servers` processes of tools.table_server on one Redis."""
    from game.online.server import RedisStore

    processes, urls = [], []
    for _ in range(servers):
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tools.table_server", "--port", "0", "--redis", redis_url,
            "--max-per-address", str(10 * tables + 10), "--tables-per-player", str(10 * tables + 10),
            "--max-tables", str(10 * tables + 10),
            stdout=subprocess.PIPE,
        )  # fmt: skip
        assert process.stdout is not None
        line = (await process.stdout.readline()).decode()
        urls.append("ws://" + line.split()[-1])
        processes.append(process)
    try:
        await asyncio.sleep(1.0)  # settled: imports done
        before = [_proc(process.pid) for process in processes]
        peak = [rss for _, rss in before]
        started = time.perf_counter()
        clients = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tools.online_load", "--clients", ",".join(urls),
            "--game", game, "--tables", str(tables), "--seconds", str(seconds),
            stdout=subprocess.PIPE,
        )  # fmt: skip

        async def sample() -> None:
            while True:
                for index, process in enumerate(processes):
                    peak[index] = max(peak[index], _proc(process.pid)[1])
                await asyncio.sleep(0.5)

        sampler = asyncio.create_task(sample())
        assert clients.stdout is not None
        output = await clients.stdout.read()
        await clients.wait()
        elapsed = time.perf_counter() - started
        sampler.cancel()
        after = [_proc(process.pid) for process in processes]
    finally:
        for process in processes:
            process.kill()
            await process.wait()
    report = json.loads(output.decode().splitlines()[-1])
    store = RedisStore(redis_url)
    moves = entries = 0
    for table in report["tables"]:
        if table:
            records = [record for _, record in await store.entries(table)]
            moves += sum(record["k"] in ("seat", "bot", "timeout") for record in records)
            entries += len(records)
    await store.close()
    cpu = [a[0] - b[0] for a, b in zip(after, before, strict=True)]
    latencies = sorted(report["latencies"])
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
    return {
        "game": game,
        "tables": tables,
        "servers": servers,
        "seconds": round(elapsed, 1),
        "moves": moves,
        "journal_records": entries,
        "moves_per_second": round(moves / elapsed, 1),
        "moves_per_second_per_process": round(moves / elapsed / servers, 1),
        "server_cpu_ms_per_move": round(1000 * sum(cpu) / max(moves, 1), 3),
        "server_cpu_share_each": [round(c / elapsed, 2) for c in cpu],
        "p95_move_to_every_seat_ms": round(1000 * p95, 2),
        "median_move_to_every_seat_ms": round(1000 * statistics.median(latencies), 2) if latencies else None,
        "memory_per_table_mb": round(max(p - b[1] for p, b in zip(peak, before, strict=True)) / tables, 3),
        "tables_ended": report["ended"],
        "refusals": len(report["refused"]),
        "server_rss_mb": [
            {"idle": round(b[1], 1), "peak": round(p, 1)} for b, p in zip(before, peak, strict=True)
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0, help="at most 60: the run is bounded")
    parser.add_argument("--game", default="penk", choices=["penk", "goennen-koennen"])
    parser.add_argument("--clients", metavar="URL", help=argparse.SUPPRESS)  # the second process
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--redis", metavar="URL", help="run --servers table-server processes on this Redis")
    parser.add_argument("--servers", type=int, default=2)
    args = parser.parse_args(argv)
    seconds = min(args.seconds, 60.0)
    if args.clients:
        print(json.dumps(asyncio.run(_clients(args.clients, args.game, args.tables, seconds))))
        return 0
    if args.redis:
        report = asyncio.run(_serve_many(args.game, args.tables, seconds, args.redis, args.servers))
    else:
        report = asyncio.run(_serve(args.game, args.tables, seconds))
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:32} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
