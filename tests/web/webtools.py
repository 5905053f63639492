"""Helpers of the web tests: a switchable static server, script imports, page problems."""

from __future__ import annotations

import http.server
import sys
import threading
import time
from pathlib import Path
from typing import Any

from script_modules import load_script as load_script  # the web tests import it from here

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
"""Headless Chromium's switches for every browser test."""

ROOT = Path(__file__).resolve().parents[2]
READY = "() => window.thirteenLoader && thirteenLoader.state === 'ready'"


TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".apk": "application/zip",
    ".png": "image/png",
    ".wasm": "application/wasm",
}


class QuietServer(http.server.ThreadingHTTPServer):
    """The threading server, silent when a page goes away in the middle of an answer (a
    test that closes its page, or a worker that drops a download it no longer wants):
    under pytest-xdist the traceback would land in the run's output between the dots."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class Server:
    """A static HTTP server on 127.0.0.1 for one folder.

    Like GitHub Pages it allows any origin and lets browsers cache for 10 minutes (or
    ``max_age`` seconds). Tests can switch its folder (a new deploy), take it down (every
    request gets its connection closed, as when a host is unreachable), break single
    paths the same way, make them answer 404, send them slowly (``slow[path] = bytes per
    second``) or with a changed body (``changed[path] = how many answers``: the file with
    one byte altered, its size the same).
    ``sent[path]`` counts the bytes of each path's bodies written so far.
    """

    def __init__(self, root: Path, max_age: int = 600) -> None:
        self.root = root
        self.max_age = max_age
        """How long browsers may keep its answers, in seconds."""
        self.down = False
        self.missing: set[str] = set()
        self.broken: set[str] = set()
        self.slow: dict[str, float] = {}
        self.changed: dict[str, int] = {}
        self.sent: dict[str, int] = {}
        self.requests: list[str] = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

            def do_GET(self) -> None:
                server.requests.append(self.path)
                if server.down or self.path.split("?")[0] in server.broken:
                    self.close_connection = True
                    return
                if self.path.split("?")[0] in server.missing:
                    self.send_error(404)
                    return
                path = self.path.split("?")[0]
                if server.changed.get(path, 0) > 0:
                    server.changed[path] -= 1
                    self.send_changed(path)
                    return
                if path in server.slow:
                    self.send_slowly(path, server.slow[path])
                    return
                file = Path(self.translate_path(path))
                if file.is_file():  # counted before it goes: the page never has more
                    server.sent[path] = server.sent.get(path, 0) + file.stat().st_size
                super().do_GET()

            def send_changed(self, path: str) -> None:
                file = Path(self.translate_path(path))
                if not file.is_file():
                    self.send_error(404)
                    return
                data = bytearray(file.read_bytes())
                data[len(data) // 2] ^= 0x20  # a letter's case, or a bit of a binary
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(file)))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                server.sent[path] = server.sent.get(path, 0) + len(data)
                self.wfile.write(bytes(data))

            def send_slowly(self, path: str, rate: float) -> None:
                file = Path(self.translate_path(path))
                if not file.is_file():
                    self.send_error(404)
                    return
                data = file.read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(file)))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                chunk = max(256, int(rate / 20))  # about 20 writes a second
                for start in range(0, len(data), chunk):
                    # counted before it is written: a page that reads it at once never
                    # holds more than the count says
                    server.sent[path] = server.sent.get(path, 0) + len(data[start : start + chunk])
                    try:
                        self.wfile.write(data[start : start + chunk])
                        self.wfile.flush()
                    except OSError:  # the page went away meanwhile
                        self.close_connection = True
                        return
                    time.sleep(chunk / rate)

            def end_headers(self) -> None:
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Cache-Control", f"max-age={server.max_age}")
                super().end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

        def handler(*args: Any, **kwargs: Any) -> Handler:
            return Handler(*args, directory=str(self.root), **kwargs)

        self.httpd = QuietServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "", host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}/{path}"

    def reset(self) -> None:
        self.down = False
        self.missing.clear()
        self.broken.clear()
        self.slow.clear()
        self.changed.clear()
        self.sent.clear()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Problems:
    """Uncaught exceptions and console errors a page reported."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        self.log: list[str] = []
        page.on("console", lambda message: self.log.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on(
            "console",
            lambda message: (
                message.type == "error"
                and self.errors.append(f"console: {message.text} @ {message.location}")
            ),
        )
