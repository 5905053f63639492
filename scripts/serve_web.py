"""Serve the built site (build/web) on this machine: `make serve` (PORT=8000 by default).

It listens on 127.0.0.1 and prints that address, not "localhost": pygbag's
runtime treats pages whose address starts with http://localhost: as its own
developer server and then fetches the pygame-ce wheel from that server, which
this one is not.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SITE = ROOT / "build" / "web"

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".apk": "application/zip",
    ".wasm": "application/wasm",
    ".png": "image/png",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a PWA needs, never cached by the browser."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self) -> None:
        # A rebuilt site must show at once; the service worker does the caching.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib name)
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


def make_server(site: Path, port: int, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """An HTTP server for `site` (port 0 picks a free one)."""
    handler = functools.partial(SiteHandler, directory=str(site))
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=DEFAULT_SITE, help="site folder")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"serve_web: no {args.dir}/index.html: run `make web` first", file=sys.stderr)
        return 1
    with make_server(args.dir, args.port) as server:
        host, port = server.server_address[:2]
        print(f"Serving {args.dir} at http://{host}:{port}/  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
