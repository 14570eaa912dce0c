"""The table server alone, for friends who want a table nobody's game has to keep open:

    python -m tools.table_server --port 8765 [--host 127.0.0.1]

or, for a public server, as many processes as cores sharing their tables in Redis (any of them
serves any table; docs/online.md, "Deployment"):

    python -m tools.table_server --port 8765 --redis redis://127.0.0.1:6379/0 --bots 1

It prints the port it serves on (port 0: any free one) and serves until stopped (Ctrl+C). A
client opens a table with a hello naming the game and the players, and shares its codes. Put a
TLS proxy in front of it for play over the internet (docs/online.md).

For the kill test only: with GK_DIE_AFTER_APPENDS=N in its environment the process kills itself
(SIGKILL) right after its N-th append to the store, before it sends anyone the news.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import logging
import os
import signal
from collections.abc import Callable

from game.online.server import MemoryStore, RedisStore, Store, TableServer
from game.online.server import node as server_node


def _dies_after(appends: int) -> Callable[[str, int], None]:
    done = [0]

    def appended(table: str, records: int) -> None:
        done[0] += 1
        if done[0] >= appends:
            os.kill(os.getpid(), signal.SIGKILL)  # between the append and the send

    return appended


async def _serve(args: argparse.Namespace) -> None:
    store: Store = RedisStore(args.redis) if args.redis else MemoryStore()
    pool = concurrent.futures.ProcessPoolExecutor(args.bots) if args.bots else None
    die = os.environ.get("GK_DIE_AFTER_APPENDS")
    server = TableServer(
        store=store,
        pool=pool,
        max_per_address=args.max_per_address,
        tables_per_player=args.tables_per_player,
        max_rooms=args.max_tables,
        on_append=_dies_after(int(die)) if die else None,
    )
    try:
        async with server.serve(args.host, args.port) as bound:
            print(f"table server on {args.host}:{bound}", flush=True)
            await asyncio.Event().wait()  # until the process is stopped
    finally:
        await store.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback)")
    parser.add_argument("--port", type=int, default=8765, help="the port (0: any free one)")
    parser.add_argument("--redis", metavar="URL", help="share tables in this Redis (default: in memory)")
    parser.add_argument("--bots", type=int, default=0, help="bot worker processes (0: a thread)")
    parser.add_argument(
        "--max-tables", type=int, default=server_node.MAX_ROOMS, help="tables this process holds"
    )
    parser.add_argument("--tables-per-player", type=int, default=server_node.TABLES_PER_PLAYER)
    parser.add_argument("--max-per-address", type=int, default=server_node.MAX_PER_ADDRESS)
    args = parser.parse_args(argv)
    level = os.environ.get("GK_LOG", "WARNING")  # INFO: every hello, welcome and lost race
    logging.basicConfig(level=level, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        asyncio.run(_serve(args))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
