"""Helpers of the web tests: a switchable static server, script imports, page problems."""

from __future__ import annotations

import http.server
import importlib.util
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
READY = "() => window.thirteenLoader && thirteenLoader.state === 'ready'"


def load_script(name: str) -> ModuleType:
    """Import scripts/<name>.py (the scripts folder is not a package)."""
    path = ROOT / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"thirteen_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".apk": "application/zip",
    ".png": "image/png",
    ".wasm": "application/wasm",
}


class Server:
    """A static HTTP server on 127.0.0.1 for one folder.

    Like GitHub Pages it allows any origin and lets browsers cache for 10
    minutes. Tests can switch its folder (a new deploy), take it down (every
    request gets its connection closed, as when a host is unreachable), break
    single paths the same way, or make them answer 404.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.down = False
        self.missing: set[str] = set()
        self.broken: set[str] = set()
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
                super().do_GET()

            def end_headers(self) -> None:
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Cache-Control", "max-age=600")
                super().end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

        def handler(*args: Any, **kwargs: Any) -> Handler:
            return Handler(*args, directory=str(self.root), **kwargs)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
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
