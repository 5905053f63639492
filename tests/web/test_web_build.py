"""`make web` without a browser: what it writes and what it refuses to do."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import threading
import tomllib
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

import pytest
from webtools import ROOT, load_script

build_web = load_script("build_web")
serve_web = load_script("serve_web")
PINNED_CDN = "https://pygame-web.github.io/cdn/0.9.3/"
SITE_FILES = {
    "index.html",
    "thirteen.apk",
    "favicon.png",
    "manifest.webmanifest",
    "sw.js",
    "icons/icon-192.png",
    "icons/icon-512.png",
    "icons/maskable-512.png",
    "icons/apple-touch-icon.png",
}


def files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def sw_build(site: Path) -> dict[str, Any]:
    line = next(x for x in (site / "sw.js").read_text().splitlines() if x.endswith("// @build"))
    return json.loads(line.removeprefix("const BUILD = ").removesuffix("; // @build"))


def python_part(page: str) -> str:
    """The template's Python: the text of the runtime's script tag."""
    match = re.search(r'<script src="[^"]*pythons\.js"[^>]*>(.*?)</script>', page, re.DOTALL)
    assert match, "no pythons.js script tag"
    return match.group(1)


@pytest.fixture(scope="module")
def pinned_build(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A build with the real settings (pinned CDN), as `make web` makes it."""
    out = tmp_path_factory.mktemp("pinned") / "web"
    return build_web.build(out=out, zip_path=out.parent / "thirteen-itch.zip")


def test_site_has_the_page_archive_manifest_worker_and_icons(pinned_build: dict) -> None:
    site = Path(pinned_build["site"])
    assert files_under(site) == SITE_FILES
    precache = set(sw_build(site)["precache"])
    assert precache == SITE_FILES - {"sw.js"}


def test_runtime_and_versions_are_pinned(pinned_build: dict) -> None:
    settings = tomllib.loads((ROOT / "web" / "build.toml").read_text())
    assert settings["pygbag"]["cdn"] == PINNED_CDN
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'"pygbag=={settings["pygbag"]["version"]}"' in pyproject
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    assert f'<script src="{PINNED_CDN}pythons.js" type="module"' in page
    assert 'data-python="python3.12"' in page
    assert f'cdn: "{PINNED_CDN}"' in page
    assert "{{" not in page and "cookiecutter" not in page
    build = sw_build(Path(pinned_build["site"]))
    assert any(PINNED_CDN.startswith(prefix) for prefix in build["runtime"])
    # the files the page hands to the worker are the ones an upgrade stores at install
    assert build["cdn"] == PINNED_CDN
    assert build["core"] == [
        PINNED_CDN + name
        for name in (
            "pythons.js",
            "cpythonrc.py",
            "cpython312/main.js",
            "cpython312/main.wasm",
            "cpython312/main.data",
        )
    ]
    for name in ("pythons.js", "cpythonrc.py", "main.js", "main.wasm", "main.data"):
        assert f'"{name}"' in page


def test_a_new_runtime_version_gets_a_runtime_cache_of_its_own(tmp_path: Path) -> None:
    """The package index covers every version's folder, so the runtime addresses alone
    gave an upgraded runtime the old cache's name: it was never fetched at install,
    and the old one (about 8 MB) was never deleted."""
    keys = []
    for version in ("0.9.3", "0.9.4"):
        settings = build_web.load_settings(cdn=f"https://pygame-web.github.io/cdn/{version}/")
        site = tmp_path / version
        site.mkdir()
        build_web.write_service_worker(settings, site, "id", ["index.html"])
        keys.append(sw_build(site)["runtimeKey"])
    assert keys[0] != keys[1]


def test_page_loads_the_apk_everywhere(pinned_build: dict) -> None:
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    code = python_part(page)
    assert 'ARCHIVE = "thirteen.apk"' in code
    assert ".tar.gz" not in page


def test_page_shows_the_canvas_at_the_game_s_shape(pinned_build: dict) -> None:
    """The game picks its canvas from the box the page reports and tells the page the
    shape through --lw/--lh; the template's size is only the default."""
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    assert "user_canvas_managed: 1," in page  # the page sizes the canvas, not the runtime
    assert "--lw: 1280;" in page and "--lh: 720;" in page
    assert "calc(var(--fit-h) * var(--lw) / var(--lh))) !important;" in page
    assert "calc(var(--fit-w) * var(--lh) / var(--lw))) !important;" in page
    assert "window.thirteen_viewport = () =>" in page
    assert 'attributeFilter: ["width", "height"]' in page
    assert '<canvas id="canvas" width="1280" height="720"' in page


def test_page_has_no_turn_your_phone_notice(pinned_build: dict) -> None:
    """The game uses an upright phone fully."""
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    assert 'id="turn"' not in page and "#turn" not in page
    assert "sideways" not in page
    assert "orientation: portrait" not in page


def test_installed_game_is_not_locked_to_landscape(pinned_build: dict) -> None:
    """No "orientation" key: the installed game turns with the phone as the browser does
    and keeps to the player's rotation lock ("any" would override that lock on Android)."""
    manifest = json.loads((Path(pinned_build["site"]) / "manifest.webmanifest").read_text())
    assert "orientation" not in manifest
    assert manifest == json.loads((ROOT / "web" / "manifest.webmanifest").read_text())


def test_template_python_part_compiles(pinned_build: dict) -> None:
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    code = python_part(page)
    assert code.startswith("#<!--\n") and code.rstrip().endswith("# -->")
    compile(code, "index.html", "exec")
    # After "<!--", a "<script" would change how the HTML parser ends this tag.
    assert "<script" not in code.lower()
    # The runtime's asyncio.run() treats a coroutine by this name specially.
    assert "async def custom_site()" in code
    assert "asyncio.run(custom_site())" in code
    # The runtime installs the wheels of what this code imports (pygame-ce).
    assert "import pygame" in code


def test_archive_holds_only_the_game_and_is_small(pinned_build: dict) -> None:
    archive = Path(pinned_build["site"]) / "thirteen.apk"
    size = archive.stat().st_size
    assert size == pinned_build["archive_bytes"] < 300_000
    with zipfile.ZipFile(archive) as bundle:
        names = bundle.namelist()
    assert "assets/main.py" in names and "assets/thirteen/__init__.py" in names
    assert sorted(name.removeprefix("assets/") for name in names) == pinned_build["files"]
    unwanted = re.compile(r"(__pycache__|\.pyc$|(^|/)tests?/|(^|/)test_|\.egg-info|/build/)")
    for name in names:
        assert name.startswith("assets/")
        assert not unwanted.search(name), name


def test_itch_zip_is_the_whole_site(pinned_build: dict) -> None:
    with zipfile.ZipFile(pinned_build["zip"]) as bundle:
        assert set(bundle.namelist()) == SITE_FILES
        site_apk = Path(pinned_build["site"]) / "thirteen.apk"
        assert bundle.read("thirteen.apk") == site_apk.read_bytes()


def test_same_sources_give_the_same_build(pinned_build: dict, tmp_path: Path) -> None:
    again = build_web.build(out=tmp_path / "web", zip_path=None)
    assert again["build"] == pinned_build["build"]
    for name in ("index.html", "sw.js"):
        first = Path(pinned_build["site"]) / name
        assert (tmp_path / "web" / name).read_text() == first.read_text()
    other = build_web.build(out=tmp_path / "other", zip_path=None, label="x")
    assert other["build"] != pinned_build["build"]


def test_build_leaves_game_folder_alone(tmp_path: Path) -> None:
    def snapshot() -> dict[str, tuple[int, int]]:
        return {
            p.relative_to(ROOT).as_posix(): (p.stat().st_mtime_ns, p.stat().st_size)
            for p in (ROOT / "game").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts
        }

    before = snapshot()
    build_web.build(out=tmp_path / "web", zip_path=None)
    assert snapshot() == before  # nothing written, reformatted or left behind


def test_build_refuses_when_black_is_importable(tmp_path: Path) -> None:
    fake = tmp_path / "fake-site"
    (fake / "black").mkdir(parents=True)
    (fake / "black" / "__init__.py").write_text("")
    env = dict(os.environ, PYTHONPATH=str(fake))
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_web.py"), "--out", str(tmp_path / "web")],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "black is importable" in result.stderr
    assert not (tmp_path / "web").exists()


def test_build_refuses_an_archive_over_the_limit(pinned_build: dict) -> None:
    settings = dataclasses.replace(build_web.load_settings(), max_archive_bytes=1000)
    with pytest.raises(build_web.BuildError, match="over the 1,000-byte limit"):
        build_web.check_site(settings, Path(pinned_build["site"]))


def test_build_needs_main_py(tmp_path: Path) -> None:
    (tmp_path / "thirteen").mkdir()
    settings = dataclasses.replace(build_web.load_settings(), source_dir=tmp_path)
    with pytest.raises(build_web.BuildError, match="main.py is missing"):
        build_web.stage_app(settings, tmp_path / "stage")


def test_staging_skips_caches_and_tests(tmp_path: Path) -> None:
    source = tmp_path / "src"
    for name in (
        "main.py",
        "thirteen/__init__.py",
        "thirteen/assets/card.png",
        "thirteen/__pycache__/x.cpython-311.pyc",
        "thirteen/tests/test_x.py",
        "thirteen/test_y.py",
        "thirteen/.hidden",
    ):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text("x = 1\n")
    settings = dataclasses.replace(build_web.load_settings(), source_dir=source)
    files = build_web.stage_app(settings, tmp_path / "stage")
    assert files == ["main.py", "thirteen/__init__.py", "thirteen/assets/card.png"]


def test_serve_script_gives_pwa_types(pinned_build: dict) -> None:
    server = serve_web.make_server(Path(pinned_build["site"]), 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        expected = {
            "": "text/html; charset=utf-8",
            "sw.js": "text/javascript; charset=utf-8",
            "manifest.webmanifest": "application/manifest+json",
            "thirteen.apk": "application/zip",
        }
        for path, kind in expected.items():
            with urllib.request.urlopen(base + path) as response:
                assert response.headers["Content-Type"] == kind, path
                assert response.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def test_makefile_has_web_and_serve() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^web: .*\n\t\$\(PY\) scripts/build_web\.py$", makefile, re.MULTILINE)
    assert re.search(r"^serve: web\n\t\$\(PY\) scripts/serve_web\.py", makefile, re.MULTILINE)
