"""`make web` without a browser: what it writes and what it refuses to do."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import os
import re
import subprocess
import sys
import threading
import time
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
    "preview.png",
    "screenshots/phone.png",
    "screenshots/wide.png",
    # the page's stylesheets and scripts, each as NAME.<hash>.EXT (see site_names)
    "page.css",
    "toolbar.css",
    "loader.js",
    "toolbar.js",
    "records.js",
    # each other language's page beside index.html (test_web_page_languages.py)
    "de.html",
    "es.html",
    "fr.html",
    "it.html",
}
ART = ROOT / "game" / "thirteen" / "ui" / "art"
"""The court pictures `make art` builds (the site carries their licence when they are)."""
if (ART / "LICENSE.txt").is_file():
    SITE_FILES = SITE_FILES | {"LICENSE-court-cards.txt"}
ART_BYTES = sum(p.stat().st_size for p in ART.glob("*")) if ART.is_dir() else 0
FONT = ROOT / "game" / "thirteen" / "ui" / "font"
"""The font `make font` builds (packed with the package; the site carries its licence)."""
if (FONT / "LICENSE.txt").is_file():
    SITE_FILES = SITE_FILES | {"LICENSE-font.txt"}
CATALOGUES = sorted((ROOT / "game" / "thirteen").rglob("locale/*.json"))
"""The languages' catalogues, the core's and each game's folder's: packed with the code,
and grown by the translated help."""
LOCALE_BYTES = sum(p.stat().st_size for p in CATALOGUES)


def files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


FINGERPRINTED = re.compile(r"^(\w+)\.[0-9a-f]{8}\.(css|js)$")
"""A page file's name in the site: page.3f2a9c1b.css."""


def site_names(names: set[str] | list[str]) -> set[str]:
    """Names of the site's files with the page files' fingerprints taken out."""
    return {FINGERPRINTED.sub(r"\1.\2", name) for name in names}


def whole_page(site: Path) -> str:
    """index.html followed by every stylesheet and script of the site it refers to."""
    page = (site / "index.html").read_text()
    refs = re.findall(r'\b(?:href|src)="([\w.]+\.(?:css|js))"', page)
    return "\n".join([page, *((site / ref).read_text() for ref in refs)])


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
    info = build_web.build(out=out, zip_path=out.parent / "thirteen-itch.zip")
    return {**info, "finished": time.time()}


def test_site_has_the_page_archive_manifest_worker_and_icons(pinned_build: dict) -> None:
    site = Path(pinned_build["site"])
    assert site_names(files_under(site)) == SITE_FILES
    precache = set(sw_build(site)["precache"])
    assert precache <= files_under(site)
    # the preview is for link cards, the screenshots for an install prompt
    pictures = {"preview.png", "screenshots/phone.png", "screenshots/wide.png"}
    assert site_names(precache) == SITE_FILES - {"sw.js", *pictures}


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
    loader = whole_page(Path(pinned_build["site"]))
    for name in ("pythons.js", "cpythonrc.py", "main.js", "main.wasm", "main.data"):
        assert f'"{name}"' in loader


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


RUNTIME_FILES = {
    # file: (relative to, hashed from the CDN's repository)
    "pythons.js": ("cdn", "sha384"),
    "cpythonrc.py": ("cdn", "sha384"),
    "cpython312/main.js": ("cdn", "sha384"),
    "cpython312/main.data": ("cdn", "git_blob"),
    "cpython312/main.wasm": ("cdn", "git_blob"),
    "index-0.9.3-cp312.json": ("package_index", "sha384"),
    "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl": ("package_index", "sha384"),
}


def test_every_runtime_file_is_pinned_by_its_content() -> None:
    """web/build.toml records what each runtime file a first visit downloads must be:
    its SHA-384 where the CDN's repository had the file, its git blob id where only
    that was there (main.data and main.wasm); and an exact size except main.wasm's."""
    settings = build_web.load_settings()
    bases = {"cdn": settings.cdn, "package_index": settings.package_index}
    expected = {bases[base] + name: kind for name, (base, kind) in RUNTIME_FILES.items()}
    assert set(settings.pins) == set(expected) == set(settings.downloads)
    for url, kind in expected.items():
        pin = settings.pins[url]
        assert getattr(pin, kind) is not None, url
        if not url.endswith("main.wasm"):
            assert pin.bytes == settings.downloads[url], url
    assert settings.pins[PINNED_CDN + "cpython312/main.wasm"].bytes is None  # an estimate


def test_the_page_and_its_worker_get_the_pins(pinned_build: dict) -> None:
    """index.html loads pythons.js with Subresource Integrity, and carries every pin
    for its loader; the service worker carries them too."""
    settings = build_web.load_settings()
    site = Path(pinned_build["site"])
    page = (site / "index.html").read_text()
    pins = {url: pin.as_json() for url, pin in settings.pins.items()}
    assert page_data(page, "page-pins") == pins
    assert sw_build(site)["pins"] == pins
    tag = re.search(rf'<script src="{re.escape(PINNED_CDN)}pythons\.js"[^>]*>', page)
    assert tag is not None
    sha384 = settings.pins[PINNED_CDN + "pythons.js"].sha384
    assert tag[0].endswith(f' integrity="sha384-{sha384}" crossorigin="anonymous">'), tag[0]
    # one tag, with its own attributes and the runtime's failure report kept
    assert len(re.findall(r"<script src=[^>]*pythons\.js", page)) == 1
    assert 'id="site"' in tag[0] and "onerror=" in tag[0]


def test_other_pins_give_the_runtime_a_cache_of_their_own(tmp_path: Path) -> None:
    """A player's runtime cache filled before the files were pinned (or under other pins)
    is not trusted as it is: the build's runtime cache gets another name, and the worker
    takes from the old one only what matches."""
    settings = build_web.load_settings()
    url = PINNED_CDN + "pythons.js"
    other = {**settings.pins, url: dataclasses.replace(settings.pins[url], sha384="A" * 64)}
    keys = []
    for number, pins in enumerate([settings.pins, other, {}]):
        site = tmp_path / str(number)
        site.mkdir()
        build_web.write_service_worker(
            dataclasses.replace(settings, pins=pins), site, "id", ["index.html"]
        )
        keys.append(sw_build(site)["runtimeKey"])
    assert len(set(keys)) == 3


def test_a_build_from_another_runtime_address_has_no_pins() -> None:
    """build.toml's pins describe the pinned runtime's files: a build from another
    address (a test's runtime) is given its own, or none."""
    other = "https://example.org/cdn/0.9.3/"
    settings = build_web.load_settings(cdn=other)
    assert settings.pins == {}
    assert other + "pythons.js" in settings.downloads
    pins = {other + "pythons.js": build_web.Pin(bytes=3, sha384="B" * 64)}
    assert build_web.load_settings(cdn=other, pins=pins).pins == pins


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("{ sha384 = 'QQ' }", "needs either `bytes`"),
        ("{ bytes = 5, about = 5, git_blob = '" + "a" * 40 + "' }", "needs either `bytes`"),
        ("{ bytes = 5 }", "needs its content pinned"),
        ("{ bytes = 5, sha384 = 'short' }", "sha384 must be 64 base64"),
        ("{ bytes = 5, git_blob = 'XYZ' }", "git_blob must be 40 hex"),
        ("{ bytes = 0, git_blob = '" + "a" * 40 + "' }", "positive byte count"),
        ("{ bytes = 5, md5 = 'x', git_blob = '" + "a" * 40 + "' }", "unknown keys"),
    ],
)
def test_a_runtime_file_pinned_wrongly_stops_the_build(
    tmp_path: Path, entry: str, message: str
) -> None:
    text = (ROOT / "web" / "build.toml").read_text()
    line = next(x for x in text.splitlines() if x.startswith('"pythons.js" = '))
    broken = tmp_path / "build.toml"
    broken.write_text(text.replace(line, f'"pythons.js" = {entry}'))
    with pytest.raises(build_web.BuildError, match=re.escape(message)):
        build_web.load_settings(broken)


def test_the_wheel_the_webassembly_tests_use_is_the_pinned_one() -> None:
    """The pygame-ce wheel in THIRTEEN_WASM_CACHE (downloaded from the CDN by the CI
    workflow) is the file build.toml pins."""
    import base64

    folder = os.environ.get("THIRTEEN_WASM_CACHE")
    if not folder:
        pytest.skip("THIRTEEN_WASM_CACHE is not set")
    settings = build_web.load_settings()
    [(url, pin)] = [(u, p) for u, p in settings.pins.items() if u.endswith(".whl")]
    wheel = Path(folder) / url.rsplit("/", 1)[1]
    data = wheel.read_bytes()
    assert len(data) == pin.bytes
    assert base64.b64encode(hashlib.sha384(data).digest()).decode() == pin.sha384


def test_page_loads_the_apk_everywhere(pinned_build: dict) -> None:
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    code = python_part(page)
    assert 'ARCHIVE = "thirteen.apk"' in code
    assert ".tar.gz" not in page


def test_page_shows_the_canvas_at_the_game_s_shape(pinned_build: dict) -> None:
    """The game picks its canvas from the box the page reports and tells the page the
    shape through --lw/--lh; the template's size is only the default."""
    page = whole_page(Path(pinned_build["site"]))
    assert "user_canvas_managed: 1," in page  # the page sizes the canvas, not the runtime
    assert "--lw: 1280;" in page and "--lh: 720;" in page
    assert "calc(var(--fit-h) * var(--lw) / var(--lh))) !important;" in page
    assert "calc(var(--fit-w) * var(--lh) / var(--lw))) !important;" in page
    assert "window.thirteen_viewport = () =>" in page
    assert 'attributeFilter: ["width", "height"]' in page
    assert '<canvas id="canvas" width="1280" height="720"' in page


def test_page_gives_a_screen_reader_the_game_s_words_and_controls(pinned_build: dict) -> None:
    """The canvas has a name, a role and the keys' description; the live region and the
    hidden controls are there, each control named by the game's own words for it (which
    the game gives the page again in the player's language)."""
    sys.path.insert(0, str(ROOT / "game"))
    from thirteen.ui.access import CONTROL_LABELS

    page = (Path(pinned_build["site"]) / "index.html").read_text()
    canvas = re.search(r'<canvas id="canvas"[^>]*>', page)
    assert canvas is not None
    for attribute in (
        'role="application"',
        f'aria-label="{CONTROL_LABELS["canvas"]}"',
        'aria-describedby="a11y-keys"',
    ):
        assert attribute in canvas[0], canvas[0]
    assert '<div id="thirteen-live" class="sr-only" aria-live="polite"' in page
    keys = re.search(r'<p id="a11y-keys" class="sr-only">(.*?)</p>', page, re.S)
    assert keys is not None and " ".join(keys[1].split()) == CONTROL_LABELS["keys"]
    buttons = dict(re.findall(r'<button type="button" id="a11y-([a-z]+)"[^>]*>([^<]*)<', page))
    named = {k: v for k, v in CONTROL_LABELS.items() if k not in ("canvas", "keys")}
    assert buttons == named


def test_page_has_no_turn_your_phone_notice(pinned_build: dict) -> None:
    """The game uses an upright phone fully."""
    page = whole_page(Path(pinned_build["site"]))
    assert 'id="turn"' not in page and "#turn" not in page
    assert "sideways" not in page
    assert "orientation: portrait" not in page


def test_installed_game_is_not_locked_to_landscape(pinned_build: dict) -> None:
    """No "orientation" key: the installed game turns with the phone as the browser does
    and keeps to the player's rotation lock ("any" would override that lock on Android)."""
    manifest = json.loads((Path(pinned_build["site"]) / "manifest.webmanifest").read_text())
    assert "orientation" not in manifest
    source = json.loads((ROOT / "web" / "manifest.webmanifest").read_text())
    words = build_web.page_words(build_web.load_settings())
    assert source["name"] == "@words:appName" and source["description"] == "@words:appDescription"
    assert (manifest["name"], manifest["description"]) == (
        words["appName"],
        words["appDescription"],
    )
    built = ("name", "description", "translations", "screenshots")
    rest = {k: v for k, v in manifest.items() if k not in built}
    assert rest == {k: v for k, v in source.items() if k not in ("name", "description")}


def test_the_manifest_shows_an_upright_phone_and_a_wide_table(pinned_build: dict) -> None:
    """An install prompt shows the manifest's screenshots: one of each form factor, each
    a picture the build drew at the size it says."""
    site = Path(pinned_build["site"])
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    shots = {shot["form_factor"]: shot for shot in manifest["screenshots"]}
    assert set(shots) == {"narrow", "wide"}
    for form, shot in shots.items():
        width, height = build_web.png_size(site / shot["src"])
        assert shot["sizes"] == f"{width}x{height}" and shot["type"] == "image/png"
        assert (height > width) == (form == "narrow") and shot["label"]


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


PAGE_FILES = tomllib.loads((ROOT / "web" / "build.toml").read_text())["site"]["assets"]


def test_the_page_s_styles_and_scripts_are_files_named_by_their_content(
    pinned_build: dict,
) -> None:
    """The template refers to page.css, loader.js...; the site has each as
    NAME.<hash>.EXT, the same bytes, and index.html refers to that name only."""
    site = Path(pinned_build["site"])
    page = (site / "index.html").read_text()
    precache = set(sw_build(site)["precache"])
    for name in PAGE_FILES:
        source = ROOT / "web" / name
        stem, ext = name.rsplit(".", 1)
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:8]
        built = f"{stem}.{digest}.{ext}"
        assert (site / built).read_bytes() == source.read_bytes(), name
        assert [n for n in files_under(site) if site_names([n]) == {name}] == [built]
        attribute = "href" if ext == "css" else "src"
        assert page.count(f'{attribute}="{built}"') == 1, name
        assert f'"{name}"' not in page, name
        assert built in precache, name
    # no styles or scripts of the page's own left in the page itself: the one inline
    # script is the runtime's settings, from the template's variables
    assert "<style" not in page
    inline = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    assert len(inline) == 1 and inline[0].strip().startswith("var config = {")
    assert "{{" not in (ROOT / "web" / "page.css").read_text()  # pygbag fills only the template


def page_data(page: str, name: str) -> Any:
    found = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', page)
    assert found, name
    assert "<" not in found[1]
    return json.loads(found[1])


def test_the_page_s_words_are_the_catalogues_share(pinned_build: dict) -> None:
    """Each word of the page is translated once, in the game's catalogues: the build
    writes the page's share (its words, by id, in English and every catalogue's
    language) into index.html, and the page uses exactly those ids."""
    from thirteen.core import i18n

    words = build_web.page_words(build_web.load_settings())
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    share = page_data(page, "page-words")
    assert share["en"] == words
    assert sorted(share) == sorted(i18n.LANGUAGES)
    for code in i18n.LANGUAGES:
        if code != i18n.SOURCE:
            assert share[code] == {key: i18n.catalogue(code)[text] for key, text in words.items()}
    everything = whole_page(Path(pinned_build["site"]))
    used = set(re.findall(r'data-words(?:-label)?="(\w+)"', everything))
    used |= set(re.findall(r'\bwords\("(\w+)"', everything))
    manifest = (ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8")
    used |= set(re.findall(r'"@words:(\w+)"', manifest))  # the manifest's name and description
    used |= build_web.BUILD_WORDS  # the link-preview tags' (each language's page)
    assert used == set(words)
    downloads = page_data(page, "page-downloads")
    assert downloads == pinned_build["downloads"]


def test_a_page_word_not_declared_or_not_used_stops_the_build(tmp_path: Path) -> None:
    settings = build_web.load_settings()
    words = build_web.page_words(settings)
    template = tmp_path / "index.tmpl"
    text = settings.template.read_text()
    template.write_text(text.replace('data-words="tagline"', 'data-words="motto"'))
    odd = dataclasses.replace(settings, template=template)
    with pytest.raises(build_web.BuildError, match=r"uses words \['motto'\]"):
        build_web.check_page_words_used(odd, words)
    with pytest.raises(build_web.BuildError, match=r"does not use: \['spare'\]"):
        build_web.check_page_words_used(settings, {**words, "spare": "Spare"})


def test_page_data_cannot_end_its_script_element() -> None:
    text = build_web.page_json({"en": {"x": "</script><!-- & é"}})
    assert "<" not in text
    assert json.loads(text) == {"en": {"x": "</script><!-- & é"}}


def test_archive_holds_only_the_game_and_is_small(pinned_build: dict) -> None:
    archive = Path(pinned_build["site"]) / "thirteen.apk"
    size = archive.stat().st_size
    assert size == pinned_build["archive_bytes"] < 300_000 + ART_BYTES + LOCALE_BYTES
    with zipfile.ZipFile(archive) as bundle:
        names = bundle.namelist()
    assert "assets/main.py" in names and "assets/thirteen/__init__.py" in names
    if ART_BYTES:
        assert {"assets/thirteen/ui/art/ks.png", "assets/thirteen/ui/art/LICENSE.txt"} <= set(names)
    assert sorted(name.removeprefix("assets/") for name in names) == pinned_build["files"]
    unwanted = re.compile(r"(__pycache__|\.pyc$|(^|/)tests?/|(^|/)test_|\.egg-info|/build/)")
    for name in names:
        assert name.startswith("assets/")
        assert not unwanted.search(name), name


FIRST_VISIT_ARCHIVE_BYTES = 600_000
"""The app archive a first visit downloads besides the runtime, court pictures and the
game's font included."""


def test_the_archive_with_court_pictures_and_font_stays_under_600_kb(pinned_build: dict) -> None:
    """The build refuses a larger archive (web/build.toml), and this one is smaller; the
    browser's court pictures are indexed PNGs (colour type 3), the desktop's large ones
    stay out."""
    assert build_web.load_settings().max_archive_bytes <= FIRST_VISIT_ARCHIVE_BYTES
    archive = Path(pinned_build["site"]) / "thirteen.apk"
    assert archive.stat().st_size <= FIRST_VISIT_ARCHIVE_BYTES
    with zipfile.ZipFile(archive) as bundle:
        pictures = [n for n in bundle.namelist() if n.startswith("assets/thirteen/ui/art/")]
        assert not [n for n in pictures if "/desktop/" in n]
        pngs = {n: bundle.read(n) for n in pictures if n.endswith(".png")}
    if ART_BYTES:
        assert len(pngs) == 12
    for name, data in pngs.items():
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[25] == 3, name  # IHDR colour type


def test_the_archive_s_python_has_no_docstrings_or_comments_and_keeps_its_lines(
    pinned_build: dict,
) -> None:
    """The page never reads a docstring: the archive carries the sources without them
    (and without comments), each line where it was, so a traceback names the source's
    line; the code is the same."""
    archive = Path(pinned_build["site"]) / "thirteen.apk"
    with zipfile.ZipFile(archive) as bundle:
        packed = {
            n.removeprefix("assets/"): bundle.read(n).decode("utf-8")
            for n in bundle.namelist()
            if n.endswith(".py")
        }
    assert "thirteen/ui/app.py" in packed
    for name, text in packed.items():
        source = (ROOT / "game" / name).read_text(encoding="utf-8")
        assert text.count("\n") == source.count("\n"), name
        assert not any(line.lstrip().startswith("#") for line in text.splitlines()), name
        tree = ast.parse(text)
        assert ast.get_docstring(tree) is None, name
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                assert ast.get_docstring(node) is None, (name, node.name)
    sources = sum(len((ROOT / "game" / name).read_bytes()) for name in packed)
    assert sum(len(text.encode()) for text in packed.values()) < 0.75 * sources


def test_itch_zip_is_the_whole_site(pinned_build: dict) -> None:
    with zipfile.ZipFile(pinned_build["zip"]) as bundle:
        assert set(bundle.namelist()) == files_under(Path(pinned_build["site"]))
        assert site_names(bundle.namelist()) == SITE_FILES
        site_apk = Path(pinned_build["site"]) / "thirteen.apk"
        assert bundle.read("thirteen.apk") == site_apk.read_bytes()


def test_same_sources_give_the_same_build(
    pinned_build: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every file, the archive and the itch.io zip too: they used to carry the time of
    the build (zip dates have a 2 s resolution, so the builds are 2 s apart or more).
    The second build slims, parses and draws afresh, not taking what the first one did
    as a build within a process does, so that all of it is compared too."""
    for memo in ("SLIMMED", "IMPORTS", "SHOTS"):
        monkeypatch.setattr(build_web.build_memo, memo, {})
    time.sleep(max(0.0, pinned_build["finished"] + 2.1 - time.time()))
    again = build_web.build(out=tmp_path / "web", zip_path=tmp_path / "itch.zip")
    assert again["build"] == pinned_build["build"]
    first = Path(pinned_build["site"])
    assert files_under(tmp_path / "web") == files_under(first)
    for name in sorted(files_under(first)):
        assert (tmp_path / "web" / name).read_bytes() == (first / name).read_bytes(), name
    assert (tmp_path / "itch.zip").read_bytes() == Path(pinned_build["zip"]).read_bytes()
    for archive in (first / "thirteen.apk", tmp_path / "itch.zip"):
        with zipfile.ZipFile(archive) as bundle:
            names = bundle.namelist()
            assert names == sorted(names), archive.name
            assert {info.date_time for info in bundle.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    other = build_web.build(out=tmp_path / "other", zip_path=None, label="x")
    assert other["build"] != pinned_build["build"]


DEV_ONLY = [
    "thirteen/__main__.py",
    *(
        p.relative_to(ROOT / "game").as_posix()
        for p in (ROOT / "game" / "thirteen" / "tools").rglob("*.py")
    ),
]
"""What the page never imports: the whole command line and the tools folder, as the game's
own preloading skips them (it imports every other module before the first frame, so the
archive must hold exactly those)."""


def test_archive_holds_only_what_the_page_imports(pinned_build: dict) -> None:
    """The command line, the benchmarks, the odds, the simulated players and the screenshot driver
    (about 60 KB of source) were packed although the page never imports them; the
    modules the page imports inside functions (the screens) and the solvers its games'
    records import are packed (test_web_wasm_game.py runs the game from this archive)."""
    packed = set(pinned_build["files"])
    art = {name for name in packed if name.startswith("thirteen/ui/art/")}
    assert bool(art) == bool(ART_BYTES)  # the court pictures, when `make art` built them
    font = {name for name in packed if name.startswith("thirteen/ui/font/")}
    assert bool(font) == FONT.is_dir()  # the font and its licence, when `make font` built it
    locale = {name for name in packed if "/locale/" in name}
    game = ROOT / "game"
    # the catalogues of every language offered (the page speaks the player's language),
    # the core's and each game's folder's
    assert locale == {p.relative_to(game).as_posix() for p in CATALOGUES}
    assert "thirteen/core/locale/de.json" in locale
    assert "thirteen/games/pyramids/locale/de.json" in locale
    files = packed - art - font - locale
    everything = {
        p.relative_to(game).as_posix()
        for p in game.rglob("*.py")
        if "__pycache__" not in p.parts and "build" not in p.parts
    }
    cli = {name for name in everything if name.startswith("thirteen/cli/")}
    assert cli and not cli & files
    assert set(DEV_ONLY) <= everything and not set(DEV_ONLY) & files
    assert files == everything - cli - set(DEV_ONLY)
    for needed in (
        "thirteen/ui/screens/end.py",  # imported inside App's methods
        "thirteen/games/thirteens/heuristic.py",  # a record's hook
        "thirteen/games/pyramids/rounds.py",
    ):
        assert needed in files, needed


def test_page_modules_follow_every_import(tmp_path: Path) -> None:
    sources = {
        "main.py": "from pkg.app import run\n",
        "pkg/__init__.py": "",
        "pkg/app.py": "def run():\n    from .screens import end\n    from . import later\n",
        "pkg/screens/__init__.py": "",
        "pkg/screens/end.py": "from ..spec import S\nimport pkg.deep.leaf\n",
        "pkg/later.py": "",
        "pkg/spec.py": "from pkg.hooks import solve\nS = dict(solver=solve, id='pkg.bench:base')\n",
        "pkg/hooks.py": "import json\n",
        "pkg/bench.py": "",
        "pkg/cli.py": "from .app import run\n",
        "pkg/deep/__init__.py": "",
        "pkg/deep/leaf.py": "",
        "pkg/data/card.png": "",
    }
    for name, text in sources.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    settings = dataclasses.replace(
        build_web.load_settings(), source_dir=tmp_path, packages=("pkg",)
    )
    files = build_web.stage_app(settings, tmp_path / "stage")
    assert files == [
        "main.py",
        "pkg/__init__.py",
        "pkg/app.py",
        "pkg/data/card.png",
        "pkg/deep/__init__.py",
        "pkg/deep/leaf.py",
        "pkg/hooks.py",
        "pkg/later.py",
        "pkg/screens/__init__.py",
        "pkg/screens/end.py",
        "pkg/spec.py",
    ]
    assert files_under(tmp_path / "stage") == set(files)


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
        "thirteen/tests/data.txt",
        "thirteen/test_y.py",
        "thirteen/.hidden",
    ):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text("x = 1\n")
    (source / "main.py").write_text("import thirteen\nimport thirteen.test_y\n")
    settings = dataclasses.replace(build_web.load_settings(), source_dir=source)
    files = build_web.stage_app(settings, tmp_path / "stage")
    assert files == ["main.py", "thirteen/__init__.py", "thirteen/assets/card.png"]


def test_staging_slims_a_changed_source_again_and_follows_its_new_imports(
    tmp_path: Path,
) -> None:
    """A build within a process re-uses the slimmed texts and the imports of the sources
    it has seen, by their contents: a changed source is staged as it is now."""
    source = tmp_path / "src"
    (source / "thirteen").mkdir(parents=True)
    (source / "main.py").write_text("import thirteen\n")
    (source / "thirteen" / "__init__.py").write_text('"""Doc."""\nX = 1  # one\n')
    (source / "thirteen" / "extra.py").write_text("Y = 2\n")
    settings = dataclasses.replace(build_web.load_settings(), source_dir=source)
    assert build_web.stage_app(settings, tmp_path / "one") == ["main.py", "thirteen/__init__.py"]
    assert (tmp_path / "one" / "thirteen" / "__init__.py").read_text() == "\nX = 1\n"
    (source / "thirteen" / "__init__.py").write_text('"""Doc."""\nX = 3  # one\n')
    assert build_web.stage_app(settings, tmp_path / "two") == ["main.py", "thirteen/__init__.py"]
    assert (tmp_path / "two" / "thirteen" / "__init__.py").read_text() == "\nX = 3\n"
    (source / "thirteen" / "__init__.py").write_text("from thirteen import extra\n")
    files = build_web.stage_app(settings, tmp_path / "three")
    assert files == ["main.py", "thirteen/__init__.py", "thirteen/extra.py"]


FAKE_SHOT = """import sys
from pathlib import Path

out = Path(sys.argv[sys.argv.index("--out") + 1])
here = Path(__file__).parent
with open(here.parent.parent / "drawn.txt", "a") as log:
    log.write(" ".join(sys.argv[1:]) + "\\n")
out.write_bytes((here / "picture.txt").read_bytes() + " ".join(sys.argv[2:-2]).encode())
"""
"""A stand-in for the game's `shot` command: draws its picture file and its arguments,
and notes each drawing in drawn.txt beside the game's folder."""


def test_a_screenshot_is_drawn_once_a_process_and_again_when_what_draws_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Builds within a process take a screenshot drawn earlier only if every file of the
    game's folder and the arguments are the same; the picture is the same bytes."""
    monkeypatch.setattr(build_web.build_memo, "SHOTS", {})
    source = tmp_path / "src"
    (source / "thirteen").mkdir(parents=True)
    (source / "thirteen" / "__init__.py").write_text("")
    (source / "thirteen" / "__main__.py").write_text(FAKE_SHOT)
    (source / "thirteen" / "picture.txt").write_text("red ")
    settings = dataclasses.replace(build_web.load_settings(), source_dir=source)

    def drawings() -> int:
        return len((tmp_path / "drawn.txt").read_text().splitlines())

    build_web.render_shot(settings, ["--game", "a"], tmp_path / "one" / "a.png")
    build_web.render_shot(settings, ["--game", "a"], tmp_path / "two" / "a.png")
    assert drawings() == 1
    assert (tmp_path / "two" / "a.png").read_bytes() == b"red --game a"
    build_web.render_shot(settings, ["--game", "b"], tmp_path / "two" / "b.png")
    assert drawings() == 2
    assert (tmp_path / "two" / "b.png").read_bytes() == b"red --game b"
    (source / "thirteen" / "picture.txt").write_text("tan ")
    build_web.render_shot(settings, ["--game", "a"], tmp_path / "three" / "a.png")
    assert drawings() == 3
    assert (tmp_path / "three" / "a.png").read_bytes() == b"tan --game a"
    (source / "thirteen" / "font.txt").write_text("a new file")
    build_web.render_shot(settings, ["--game", "a"], tmp_path / "four" / "a.png")
    assert drawings() == 4


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
    assert re.search(
        r"^web: .*\n\t\$\(PY\) scripts/build_web\.py"
        r" \$\(if \$\(BASE_URL\),--base-url \$\(BASE_URL\)\)$",
        makefile,
        re.MULTILINE,
    )
    assert re.search(r"^serve: web\n\t\$\(PY\) scripts/serve_web\.py", makefile, re.MULTILINE)


def head_tags(page: str) -> dict[str, str]:
    """The page's <meta name|property=... content=...> and canonical link, by name."""
    tags = dict(re.findall(r'<meta (?:name|property)="([^"]+)" content="([^"]*)">', page))
    canonical = re.findall(r'<link rel="canonical" href="([^"]*)">', page)
    if canonical:
        tags["canonical"] = canonical[0]
    return tags


def test_the_page_describes_itself_for_search_and_link_previews(tmp_path: Path) -> None:
    """A shared link showed a bare address: no og:/Twitter tags, no preview picture, no
    canonical link. They come from web/build.toml; the picture is the game's own shot."""
    base = "https://example.github.io/thirteen/"
    info = build_web.build(out=tmp_path / "web", zip_path=None, base_url=base)
    site = Path(info["site"])
    page = (site / "index.html").read_text()
    settings = tomllib.loads((ROOT / "web" / "build.toml").read_text())["site"]
    tags = head_tags(page)
    for name in ("description", "og:description", "twitter:description"):
        assert tags[name] == settings["description"], name
    assert tags["og:title"] == tags["twitter:title"] == "Thirteen"
    assert tags["canonical"] == tags["og:url"] == base
    assert tags["og:image"] == tags["twitter:image"] == base + "preview.png"
    assert tags["twitter:card"] == "summary_large_image"
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["og:image:alt"] == settings["preview_alt"]
    assert page.index("og:image") < page.index("</head>")
    # the picture: a PNG of the table as `shot` draws it
    import pygame

    picture = pygame.image.load(str(site / "preview.png"))
    assert picture.get_size() == (1200, 630)
    colours = {tuple(picture.get_at((x, y))) for x in range(0, 1200, 7) for y in range(0, 630, 7)}
    assert len(colours) > 50, "the preview shows no table"
    shot = tmp_path / "shot.png"
    subprocess.run(
        [sys.executable, "-m", "thirteen", "shot", *settings["preview_shot"], "--out", str(shot)],
        cwd=ROOT / "game",
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        check=True,
        capture_output=True,
    )
    assert shot.read_bytes() == (site / "preview.png").read_bytes()


def test_without_a_base_url_the_tags_that_need_one_are_left_out(pinned_build: dict) -> None:
    """og:image, og:url and the canonical link must be absolute addresses: with no base URL
    set they are left out, and the card falls back to a plain summary."""
    page = (Path(pinned_build["site"]) / "index.html").read_text()
    tags = head_tags(page)
    assert tags["description"] and tags["og:title"] == "Thirteen" and tags["og:description"]
    assert tags["twitter:card"] == "summary"
    for name in ("canonical", "og:url", "og:image", "twitter:image"):
        assert name not in tags, name
    assert "@meta" not in page


@pytest.mark.parametrize("bad", ["example.org/", "https://example.org/game", "ftp://x/"])
def test_a_base_url_must_be_an_address_ending_with_a_slash(bad: str) -> None:
    with pytest.raises(build_web.BuildError, match="base URL"):
        build_web.load_settings(base_url=bad)
