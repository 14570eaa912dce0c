"""The table server alone, for friends who want a table nobody's game has to keep open:

    python -m tools.table_server --port 8765 [--host 127.0.0.1]

It prints the port it serves on (port 0: any free one) and serves until stopped (Ctrl+C). A
client opens a table with a hello naming the game and the players, and shares its codes. Put a
TLS proxy in front of it for play over the internet (docs/online.md).
"""

from __future__ import annotations

import argparse
import asyncio
import logging

from game.online.server import TableServer


async def _serve(host: str, port: int) -> None:
    server = TableServer()
    async with server.serve(host, port) as bound:
        print(f"table server on {host}:{bound}", flush=True)
        await asyncio.Event().wait()  # until the process is stopped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: loopback)")
    parser.add_argument("--port", type=int, default=8765, help="the port (0: any free one)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        asyncio.run(_serve(args.host, args.port))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
