"""Build the browser version of Thirteen: `make web`.

Writes build/web/ (the static site: index.html and beside it a page per language,
de.html, fr.html..., its stylesheets and scripts, the app archive, manifest, service
worker, icons) and build/thirteen-itch.zip (the
same files for itch.io), with no network access. Settings are in web/build.toml.

pygbag packs an app folder into APP_DIR/build/web. To keep tests, caches and
pygbag's own output out of the archive, and game/ untouched, it runs on a
temporary copy of only what the game needs; the results are copied out.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import hashlib
import html
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling, imported by path too
import build_memo  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SETTINGS_FILE = WEB / "build.toml"
DEFAULT_OUT = ROOT / "build" / "web"
SW_BUILD_LINE = re.compile(r"^const BUILD = .*; // @build$", re.MULTILINE)
# Every file of a zip the build writes gets this date (the earliest a zip can hold)
# and these permissions, in sorted order: the same sources give the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
ZIP_FILE_MODE = 0o100644
PAGE_DATA = '<script type="application/json" id="{id}">{{}}</script>'
"""A line of the template the build fills in with JSON for the page's script."""
META_MARK = re.compile(r"^<!-- @meta: .* -->$", re.MULTILINE)
BASE_URL = re.compile(r"^https?://[^/\s]+/(\S*/)?$")


class BuildError(Exception):
    """A build that must stop, with a message that says what to do."""


def shown(path: Path) -> str:
    """A path as a message shows it: relative to the repository when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


@dataclass(frozen=True)
class Pin:
    """What one runtime file must be (web/build.toml [downloads]): its exact size, the
    SHA-384 of its bytes (base64, as Subresource Integrity writes it) and its blob id in
    the CDN's repository (the SHA-1 of "blob <size>\\0" and its bytes). None: not known."""

    bytes: int | None = None
    sha384: str | None = None
    git_blob: str | None = None

    def as_json(self) -> dict[str, int | str]:
        """The pin as the page and the service worker read it (only what is known)."""
        found = {"bytes": self.bytes, "sha384": self.sha384, "gitBlob": self.git_blob}
        return {key: value for key, value in found.items() if value is not None}


SHA384_BASE64 = re.compile(r"^[A-Za-z0-9+/]{64}$")
GIT_BLOB = re.compile(r"^[0-9a-f]{40}$")


def read_downloads(
    path: Path, entries: dict[str, dict[str, object]], base: str
) -> tuple[dict[str, int], dict[str, Pin]]:
    """One table of [downloads] (names relative to `base`): each file's size for the
    loading bar (its exact `bytes`, or `about`), and its pin."""
    sizes: dict[str, int] = {}
    pins: dict[str, Pin] = {}
    for name, entry in entries.items():
        where = f"{path}: [downloads] {name!r}"
        if not isinstance(entry, dict) or ("bytes" in entry) == ("about" in entry):
            raise BuildError(f"{where} needs either `bytes` (exact) or `about` (an estimate)")
        unknown = sorted(set(entry) - {"bytes", "about", "sha384", "git_blob"})
        if unknown:
            raise BuildError(f"{where}: unknown keys {unknown}")
        size = entry.get("bytes", entry.get("about"))
        sha384, git_blob = entry.get("sha384"), entry.get("git_blob")
        if not isinstance(size, int) or size <= 0:
            raise BuildError(f"{where}: every size under [downloads] must be a positive byte count")
        if sha384 is None and git_blob is None:
            raise BuildError(f"{where} needs its content pinned: `sha384` or `git_blob`")
        if sha384 is not None and not SHA384_BASE64.match(str(sha384)):
            raise BuildError(f"{where}: sha384 must be 64 base64 characters")
        if git_blob is not None and not GIT_BLOB.match(str(git_blob)):
            raise BuildError(f"{where}: git_blob must be 40 hex digits")
        sizes[base + name] = size
        pins[base + name] = Pin(
            bytes=size if "bytes" in entry else None,
            sha384=None if sha384 is None else str(sha384),
            git_blob=None if git_blob is None else str(git_blob),
        )
    return sizes, pins


@dataclass(frozen=True)
class Settings:
    """web/build.toml, checked."""

    pygbag_version: str
    cdn: str
    python: str
    ume_block: int
    can_close: int
    name: str
    title: str
    width: int
    height: int
    source_dir: Path
    entry: str
    packages: tuple[str, ...]
    exclude: tuple[str, ...]
    max_archive_bytes: int
    template: Path
    assets: tuple[Path, ...]
    """The page's stylesheets and scripts, copied in under fingerprinted names."""
    page_words: Path
    catalogues: Path
    """The page's own words in English (web/page_words.py)."""
    manifest: Path
    service_worker: Path
    favicon: Path
    icons: tuple[Path, ...]
    itch_zip: str
    package_index: str
    description: str
    preview: str
    preview_shot: tuple[str, ...]
    preview_alt: str
    screenshots: tuple[Screenshot, ...]
    """The pictures an install prompt shows (the manifest's ``screenshots``)."""
    base_url: str
    downloads: dict[str, int]
    """Full address -> bytes of each runtime file a first visit downloads."""
    pins: dict[str, Pin]
    """Full address -> what that runtime file must be (empty for a runtime of the tests')."""

    @property
    def archive(self) -> str:
        return f"{self.name}.apk"


@dataclass(frozen=True)
class Screenshot:
    """A picture of the game for the manifest, rendered at build time by ``shot``: its
    file in the site, the ``form_factor`` it shows ("narrow": a phone held upright;
    "wide": a computer's window), its label and the ``shot`` arguments that draw it."""

    file: str
    form_factor: str
    label: str
    shot: tuple[str, ...]


def load_settings(
    path: Path = SETTINGS_FILE,
    cdn: str | None = None,
    base_url: str | None = None,
    downloads: dict[str, int] | None = None,
    pins: dict[str, Pin] | None = None,
) -> Settings:
    """Read the build settings; `cdn` overrides the runtime address (tests use a fake one),
    `base_url` the site's published address, `downloads` the runtime's files and sizes
    and `pins` what they must be (full addresses). The pins of web/build.toml describe
    the pinned runtime's files: a build from another runtime address has only those of
    `pins`."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    pyg, app, site = data["pygbag"], data["app"], data["site"]
    if downloads is None:
        downloads, pinned = {}, {}
        bases = {"cdn": cdn or pyg["cdn"], "package_index": site["package_index"]}
        for table, base in bases.items():
            sizes, table_pins = read_downloads(path, data["downloads"][table], base)
            downloads.update(sizes)
            pinned.update(table_pins)
        if pins is None and cdn in (None, pyg["cdn"]):
            pins = pinned
    settings = Settings(
        pygbag_version=pyg["version"],
        cdn=cdn or pyg["cdn"],
        python=pyg["python"],
        ume_block=int(pyg["ume_block"]),
        can_close=int(pyg["can_close"]),
        name=app["name"],
        title=app["title"],
        width=int(app["width"]),
        height=int(app["height"]),
        source_dir=ROOT / app["source_dir"],
        entry=app["entry"],
        packages=tuple(app["packages"]),
        exclude=tuple(app["exclude"]),
        max_archive_bytes=int(app["max_archive_bytes"]),
        template=WEB / site["template"],
        assets=tuple(WEB / asset for asset in site["assets"]),
        page_words=WEB / site["page_words"],
        catalogues=ROOT / app["source_dir"] / site["catalogues"],
        manifest=WEB / site["manifest"],
        service_worker=WEB / site["service_worker"],
        favicon=WEB / site["favicon"],
        icons=tuple(WEB / icon for icon in site["icons"]),
        itch_zip=site["itch_zip"],
        package_index=site["package_index"],
        description=site["description"],
        preview=site["preview"],
        preview_shot=tuple(site["preview_shot"]),
        preview_alt=site["preview_alt"],
        screenshots=tuple(
            Screenshot(shot["file"], shot["form_factor"], shot["label"], tuple(shot["shot"]))
            for shot in site["screenshots"]
        ),
        base_url=site["base_url"] if base_url is None else base_url,
        downloads={url: int(size) for url, size in downloads.items()},
        pins=dict(pins or {}),
    )
    if any(size <= 0 for size in settings.downloads.values()):
        raise BuildError(f"{path}: every size under [downloads] must be a positive byte count")
    for url in (settings.cdn, settings.package_index):
        if not re.match(r"^https?://[^/]+/.*/$", url):
            raise BuildError(f"{path}: {url!r} must be an http(s) address ending with '/'")
    if settings.base_url and not BASE_URL.match(settings.base_url):
        raise BuildError(
            f"base URL {settings.base_url!r} must be an http(s) address ending with '/'"
        )
    if not re.fullmatch(r"[a-z][a-z0-9_]*", settings.name):
        raise BuildError(f"{path}: app name {settings.name!r} must be lower case (it names files)")
    return settings


def check_environment(settings: Settings) -> None:
    """Fail early if this Python would build something else than what is pinned."""
    try:
        installed = importlib.metadata.version("pygbag")
    except importlib.metadata.PackageNotFoundError:
        raise BuildError("pygbag is not installed: run `make .venv/.installed`") from None
    if installed != settings.pygbag_version:
        raise BuildError(
            f"pygbag {installed} is installed but web/build.toml pins {settings.pygbag_version}"
        )
    # pygbag reformats the app folder in place with black whenever black is
    # importable; even on our temporary copy that would ship reformatted code.
    if importlib.util.find_spec("black") is not None:
        raise BuildError(
            f"black is importable in {sys.executable}; pygbag would reformat the sources. "
            "Uninstall it from this environment (`pip uninstall black`) and build again."
        )
    page = [settings.template, *settings.assets, settings.page_words]
    for path in (*page, settings.manifest, settings.service_worker, settings.favicon):
        if not path.is_file():
            raise BuildError(f"missing {shown(path)}")
    for icon in settings.icons:
        if not icon.is_file():
            raise BuildError(f"missing {shown(icon)}: run scripts/make_icons.py")


def _excluded(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)


def _module_file(source: Path, module: str) -> Path | None:
    """The file of a module under source (a package's __init__.py), or None: not ours."""
    path = source.joinpath(*module.split("."))
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    return None


def _imported_names(tree: ast.AST, package: list[str]) -> set[str]:
    """Every module a module's code may import: import statements anywhere in it
    (function bodies too), each `from X import name` as X and X.name (it may be a
    submodule)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def page_modules(settings: Settings) -> list[str]:
    """The source files the page can import, starting from the entry script: relative
    paths, sorted. A module it can never reach (the command line, benchmarks, the
    screenshot driver) stays out of the archive."""
    source = settings.source_dir
    entry = source / settings.entry
    if not entry.is_file():
        raise BuildError(f"{shown(entry)} is missing: pygbag starts there")
    found: dict[str, Path] = {}
    files: dict[str, Path | None] = {}  # each module's file, looked up once
    waiting = [(entry.stem, entry)]
    while waiting:
        module, path = waiting.pop()
        if module in found:
            continue
        found[module] = path
        parts = module.split(".")
        package = parts if path.name == "__init__.py" else parts[:-1]
        try:
            names = build_memo.imports(path.read_bytes(), str(path), package, _imported_names)
        except SyntaxError as error:
            raise BuildError(f"{shown(path)}: {error}") from error
        for name in sorted(names):
            pieces = name.split(".")
            for depth in range(1, len(pieces) + 1):  # importing a.b.c runs a and a.b too
                parent = ".".join(pieces[:depth])
                if parent not in files:
                    files[parent] = _module_file(source, parent)
                target = files[parent]
                if target is not None and parent not in found:
                    waiting.append((parent, target))
    return sorted(p.relative_to(source).as_posix() for p in found.values())


def package_data(settings: Settings) -> list[str]:
    """The packages' files that are not Python (images, sounds): relative paths, sorted."""
    data: list[str] = []
    for package in settings.packages:
        start = settings.source_dir / package
        if not start.is_dir():
            raise BuildError(f"{shown(start)} (listed in web/build.toml) is missing")
        for folder, dirnames, filenames in os.walk(start):
            dirnames[:] = sorted(d for d in dirnames if not _excluded(d, settings.exclude))
            for name in sorted(filenames):
                if not name.endswith(".py") and not _excluded(name, settings.exclude):
                    data.append((Path(folder) / name).relative_to(settings.source_dir).as_posix())
    return sorted(data)


def stage_app(settings: Settings, app_dir: Path) -> list[str]:
    """Copy what the page runs into app_dir (the Python without its docstrings and
    comments: :mod:`slim_source`, each text slimmed once a process: :mod:`build_memo`);
    return the copied paths, sorted."""
    files = sorted(
        name
        for name in {*page_modules(settings), *package_data(settings)}
        if not any(_excluded(part, settings.exclude) for part in name.split("/"))
    )
    for name in files:
        target = app_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".py"):
            slimmed = build_memo.slimmed((settings.source_dir / name).read_text(encoding="utf-8"))
            if slimmed is None:
                raise BuildError(f"{name}: its code changed without its docstrings (a bug)")
            target.write_text(slimmed, encoding="utf-8")
        else:
            shutil.copyfile(settings.source_dir / name, target)
    return files


def write_zip(zip_path: Path, entries: list[tuple[str, bytes]]) -> None:
    """A zip whose bytes depend only on its entries: sorted names, one fixed date and
    mode, the best compression (no timestamps of the files on disk, no walk order)."""
    with zipfile.ZipFile(zip_path, "w") as bundle:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # unix, so that the mode below is read
            info.external_attr = ZIP_FILE_MODE << 16
            bundle.writestr(info, data, compresslevel=9)


def normalise_zip(zip_path: Path) -> None:
    """Rewrite a zip (pygbag's archive: file dates, the order of its folder walk) so
    that the same files give the same bytes."""
    with zipfile.ZipFile(zip_path) as bundle:
        entries = [(info.filename, bundle.read(info)) for info in bundle.infolist()]
    entries = [(name, data) for name, data in entries if not name.endswith("/")]
    write_zip(zip_path, entries)


def fingerprint(settings: Settings, app_dir: Path, files: list[str], label: str) -> str:
    """Build id: a hash of everything that goes into the site, so same sources, same id."""
    digest = hashlib.sha256()
    digest.update(
        json.dumps([settings.pygbag_version, settings.cdn, settings.base_url, label]).encode()
    )
    for name in files:
        digest.update(name.encode() + b"\0" + (app_dir / name).read_bytes() + b"\0")
    extras = [settings.template, *settings.assets, settings.page_words, settings.manifest]
    extras += [settings.service_worker, settings.favicon]
    for path in [*extras, *settings.icons, SETTINGS_FILE]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def runtime_prefixes(settings: Settings) -> list[str]:
    """Addresses whose responses the service worker keeps: runtime and wheel index."""
    prefixes = sorted({settings.cdn, settings.package_index})
    # Drop an address that another one already covers (the cdn path under the index).
    return [p for p in prefixes if not any(p != q and p.startswith(q) for q in prefixes)]


def python_tag(settings: Settings) -> str:
    """The runtime's CPython as its file names spell it: 3.12 -> "312" (cpython312/,
    index-<version>-cp312.json)."""
    return settings.python.replace(".", "")


def runtime_core(settings: Settings) -> list[str]:
    """The runtime files Python cannot start without (the page's list as well): what a
    build that pins a new runtime stores while it installs."""
    names = ["pythons.js", "cpythonrc.py"] + [
        f"cpython{python_tag(settings)}/main.{ext}" for ext in ("js", "wasm", "data")
    ]
    return [settings.cdn + name for name in names]


def run_pygbag(settings: Settings, app_dir: Path) -> Path:
    """Run pygbag on the staged app folder (offline: local template and icon)."""
    command = [
        sys.executable,
        "-m",
        "pygbag",
        "--build",
        "--no_opt",  # no lossy PNG or audio re-encoding: ship the files as they are
        "--template",
        str(settings.template),
        "--icon",
        str(settings.favicon),
        "--cdn",
        settings.cdn,
        "--PYBUILD",
        settings.python,
        "--ume_block",
        str(settings.ume_block),
        "--can_close",
        str(settings.can_close),
        "--width",
        str(settings.width),
        "--height",
        str(settings.height),
        "--title",
        settings.title,
        str(app_dir),
    ]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    try:
        result = subprocess.run(
            command,
            cwd=app_dir.parent,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        raise BuildError("pygbag did not finish in 300 s (is it trying to download?)") from error
    out = app_dir / "build" / "web"
    expected = [out / "index.html", out / settings.archive, out / "favicon.png"]
    if result.returncode != 0 or not all(path.is_file() for path in expected):
        log = (result.stdout + result.stderr).strip().splitlines()
        raise BuildError(f"pygbag failed (exit {result.returncode}):\n" + "\n".join(log[-30:]))
    normalise_zip(out / settings.archive)
    return out


def write_service_worker(
    settings: Settings, site: Path, build_id: str, precache: list[str]
) -> None:
    """Copy sw.js with this build's id, precache list and runtime addresses filled in."""
    runtime = runtime_prefixes(settings)
    pins = {url: pin.as_json() for url, pin in sorted(settings.pins.items())}
    # the files' pins too: a build that pins other contents stores its runtime anew,
    # taking from the old cache only what matches
    pin = [settings.cdn, settings.package_index, settings.python, pins]
    tag = python_tag(settings)
    build = {
        "id": build_id,
        # the pinned version path, not the prefixes: the index covers every version's
        # folder, so prefixes alone would give an upgraded runtime the old cache's name
        "runtimeKey": hashlib.sha256(json.dumps(pin).encode()).hexdigest()[:12],
        "precache": precache,
        "runtime": runtime,
        "cdn": settings.cdn,
        "cpython": f"cpython{tag}",
        "index": settings.package_index + f"index-{settings.pygbag_version}-cp{tag}.json",
        "core": runtime_core(settings),
        "pins": pins,
    }
    source = settings.service_worker.read_text(encoding="utf-8")
    line = f"const BUILD = {json.dumps(build)}; // @build"
    text, count = SW_BUILD_LINE.subn(lambda _match: line, source)
    if count != 1:
        raise BuildError(f"{settings.service_worker.name}: no single '// @build' line to fill in")
    (site / "sw.js").write_text(text, encoding="utf-8")


def render_preview(settings: Settings, target: Path) -> None:
    """The link-preview picture: a table drawn by the game's own `shot` command, headless."""
    render_shot(settings, settings.preview_shot, target)


def render_shot(settings: Settings, arguments: Sequence[str], target: Path) -> None:
    """A picture drawn by the game's own `shot` command, headless, into ``target`` (the
    same bytes again if an earlier build of this process drew it: :mod:`build_memo`)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    key = build_memo.shot_key(settings.source_dir, arguments)
    build_memo.drawn(key, target, lambda: draw_shot(settings, arguments, target))


def draw_shot(settings: Settings, arguments: Sequence[str], target: Path) -> None:
    """Run the game's `shot` command, headless, to draw into ``target``."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONPATH=os.pathsep.join(
            [str(settings.source_dir), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
    )
    command = [sys.executable, "-m", "thirteen", "shot", *arguments]
    result = subprocess.run(
        [*command, "--out", str(target)],
        cwd=settings.source_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if result.returncode != 0 or not target.is_file():
        raise BuildError(f"{target.name} failed: {(result.stdout + result.stderr).strip()}")


@dataclass(frozen=True)
class PageLanguage:
    """One language's page of the site: its code, its file (index.html for English, the
    others CODE.html beside it, so that every address in the page stays the same), its
    Open Graph locale, and the page's words in it (English where its catalogue lacks
    one)."""

    code: str
    file: str
    locale: str
    words: dict[str, str]


SOURCE_LANGUAGE = "en"


def page_languages(settings: Settings) -> list[PageLanguage]:
    """Every language of the page's words, English first: each gets a page of its own,
    because search engines and link previews read a page's words without running its
    scripts."""
    share = page_share(settings)
    locales = page_locales(settings)
    english = share[SOURCE_LANGUAGE]
    same = {"appDescription": settings.description, "previewAlt": settings.preview_alt}
    for key, value in same.items():
        if english.get(key) != value:
            setting = "description" if key == "appDescription" else "preview_alt"
            raise BuildError(
                f"{shown(settings.page_words)}'s {key} must be web/build.toml's {setting} "
                "word for word (the catalogues translate it for each language's page)"
            )
    languages = []
    for code in [SOURCE_LANGUAGE, *sorted(set(share) - {SOURCE_LANGUAGE})]:
        if code not in locales:
            raise BuildError(
                f"{shown(settings.page_words)}: LOCALES has no Open Graph locale for {code!r}"
            )
        file = "index.html" if code == SOURCE_LANGUAGE else f"{code}.html"
        languages.append(PageLanguage(code, file, locales[code], {**english, **share[code]}))
    return languages


def page_locales(settings: Settings) -> dict[str, str]:
    """web/page_words.py's LOCALES: language code -> Open Graph locale (en_GB)."""
    locales = getattr(load_page_words(settings), "LOCALES", None)
    if not isinstance(locales, dict):
        raise BuildError(f"{shown(settings.page_words)}: LOCALES must map codes to locales")
    return {str(code): str(locale) for code, locale in locales.items()}


def page_meta(
    settings: Settings,
    preview_size: tuple[int, int],
    language: PageLanguage | None = None,
    languages: Sequence[PageLanguage] = (),
) -> str:
    """The description, Open Graph and Twitter tags, the canonical link and the links to
    the other languages' pages, in ``language`` (English when None); the ones that need
    an absolute address only when the site's base URL is set."""
    words = language.words if language is not None else {}
    text = html.escape(words.get("appDescription", settings.description))
    title = html.escape(settings.title)
    tags = [
        f'<meta name="description" content="{text}">',
        '<meta property="og:type" content="website">',
        f'<meta property="og:site_name" content="{title}">',
        f'<meta property="og:title" content="{title}">',
        f'<meta property="og:description" content="{text}">',
        f'<meta name="twitter:title" content="{title}">',
        f'<meta name="twitter:description" content="{text}">',
    ]
    base = settings.base_url
    if language is not None:
        tags.append(f'<meta property="og:locale" content="{language.locale}">')
        tags += [
            f'<meta property="og:locale:alternate" content="{other.locale}">'
            for other in languages
            if other.code != language.code
        ]
        # hreflang: every language's page, this one's included, and the English one as
        # the page for any other language (relative: the pages lie side by side)
        for other in [*languages, None]:
            page = other if other is not None else languages[0]
            href = html.escape(base + ("" if page.file == "index.html" else page.file))
            tags.append(
                f'<link rel="alternate" hreflang="{other.code if other else "x-default"}" '
                f'href="{href or "./"}">'
            )
    if base:
        image = html.escape(base + settings.preview)
        alt = html.escape(words.get("previewAlt", settings.preview_alt))
        here = base if language is None or language.file == "index.html" else base + language.file
        tags += [
            f'<link rel="canonical" href="{html.escape(here)}">',
            f'<meta property="og:url" content="{html.escape(here)}">',
            f'<meta property="og:image" content="{image}">',
            '<meta property="og:image:type" content="image/png">',
            f'<meta property="og:image:width" content="{preview_size[0]}">',
            f'<meta property="og:image:height" content="{preview_size[1]}">',
            f'<meta property="og:image:alt" content="{alt}">',
            '<meta name="twitter:card" content="summary_large_image">',
            f'<meta name="twitter:image" content="{image}">',
            f'<meta name="twitter:image:alt" content="{alt}">',
        ]
    else:
        tags.append('<meta name="twitter:card" content="summary">')
    return "\n".join(tags)


WORDS_ELEMENT = re.compile(
    r'<(?P<tag>\w+)(?P<attrs>[^>]*\bdata-words="(?P<id>\w+)"[^>]*)>(?P<body>.*?)</(?P=tag)>',
    re.DOTALL,
)
"""An element of the template whose text is a page word (``data-words="id"``)."""
LABELLED_TAG = re.compile(r'<[^>]*\bdata-words-label="(\w+)"[^>]*>')
"""A start tag whose aria-label is a page word (``data-words-label="id"``)."""
FIRST_VISIT_MB = re.compile(r'<span id="first-visit-mb">[^<]*</span>&nbsp;MB')


def page_in_language(settings: Settings, text: str, language: PageLanguage) -> str:
    """index.html's text with its words in ``language`` where a page that runs no script
    shows them: the ``lang`` attribute, every ``data-words`` element's text (<noscript>
    too) and ``data-words-label`` aria-label. The loader still picks the words again
    when the page runs (the English page: in the browser's language)."""

    def word(key: str) -> str:
        return html.escape(language.words[key].replace("{title}", settings.title), quote=False)

    def element(found: re.Match[str]) -> str:
        body = word(found["id"])
        if "data-words-html" in found["attrs"]:
            mb = FIRST_VISIT_MB.search(found["body"])
            body = body.replace("{mb}", mb[0] if mb else "")
        return f"<{found['tag']}{found['attrs']}>{body}</{found['tag']}>"

    def label(found: re.Match[str]) -> str:
        value = html.escape(language.words[found[1]])
        return re.sub(r'\baria-label="[^"]*"', lambda _m: f'aria-label="{value}"', found[0])

    text = WORDS_ELEMENT.sub(element, text)
    text = LABELLED_TAG.sub(label, text)
    html_tag = re.compile(r'^<html lang="en"', re.MULTILINE)
    marked = f'<html lang="{language.code}"'
    if language.code != SOURCE_LANGUAGE:  # the loader keeps this page's language
        marked += f' data-page-language="{language.code}"'
    text, count = html_tag.subn(lambda _match: marked, text, count=1)
    if count != 1:
        raise BuildError(f'{settings.template.name} must begin with <html lang="en"')
    return text


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise BuildError(f"{path.name} is not a PNG")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def first_visit(settings: Settings, archive_bytes: int) -> dict[str, int]:
    """Every file a first visit downloads and its size: the runtime's and the archive."""
    return {**settings.downloads, settings.archive: archive_bytes}


def load_page_words(settings: Settings) -> ModuleType:
    """web/page_words.py, imported."""
    spec = importlib.util.spec_from_file_location("thirteen_page_words", settings.page_words)
    if spec is None or spec.loader is None:
        raise BuildError(f"{shown(settings.page_words)} cannot be read")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_words(settings: Settings) -> dict[str, str]:
    """The page's own words: id -> the English text (web/page_words.py's WORDS)."""
    words = getattr(load_page_words(settings), "WORDS", None)
    if not isinstance(words, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in words.items()
    ):
        raise BuildError(f"{shown(settings.page_words)}: WORDS must map ids to English texts")
    return dict(words)


WORD_USES = (
    re.compile(r'\bdata-words(?:-label)?="(\w+)"'),  # the template's elements
    re.compile(r'\bwords\("(\w+)"'),  # the scripts' calls
    re.compile(r'"@words:(\w+)"'),  # the manifest's values
)
BUILD_WORDS = frozenset({"previewAlt"})
"""Words only the build uses: the preview picture's description in each language's
link-preview tags (the description itself is the manifest's appDescription)."""


def check_page_words_used(settings: Settings, words: dict[str, str]) -> None:
    """The page uses exactly the ids web/page_words.py declares: none missing (it would
    show its id), none left over (the page's share holds only what the page shows)."""
    used: set[str] = set(BUILD_WORDS)
    for path in (settings.template, *settings.assets, settings.manifest):
        text = path.read_text(encoding="utf-8")
        for pattern in WORD_USES:
            used.update(pattern.findall(text))
    if used - set(words):
        raise BuildError(
            f"the page uses words {sorted(used - set(words))} that "
            f"{shown(settings.page_words)} does not declare"
        )
    if set(words) - used:
        raise BuildError(
            f"{shown(settings.page_words)} declares words the page does not use: "
            f"{sorted(set(words) - used)}"
        )


def catalogue_dir(settings: Settings) -> Path:
    """The core's catalogues (<code>.json), which translate the page's words."""
    if not any(settings.catalogues.glob("*.json")):
        raise BuildError(f"{shown(settings.catalogues)} holds no catalogues (<code>.json)")
    return settings.catalogues


def page_share(settings: Settings) -> dict[str, dict[str, str]]:
    """The page's words in English and in each language of the game's catalogues, by id.
    A word a catalogue lacks is left out: the page shows it in English, as the game does."""
    words = page_words(settings)
    check_page_words_used(settings, words)
    share = {"en": words}
    for path in sorted(catalogue_dir(settings).glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            code, messages = data["language"], data["messages"]
        except (ValueError, KeyError, TypeError) as error:
            raise BuildError(f"{shown(path)} is not a catalogue: {error}") from error
        if code != path.stem:
            raise BuildError(f"{shown(path)} says its language is {code!r}")
        share[code] = {
            key: messages[english]
            for key, english in words.items()
            if isinstance(messages.get(english), str)
        }
    return share


def write_manifest(settings: Settings, site: Path) -> None:
    """The site's manifest: web/manifest.webmanifest with each ``"@words:ID"`` value the
    page word's English, and a ``translations`` member (each language's name and
    description, where its catalogue has both) from the catalogues."""
    manifest = json.loads(settings.manifest.read_text(encoding="utf-8"))
    share = page_share(settings)

    def words(code: str) -> dict[str, str]:
        found = {}
        for key, value in manifest.items():
            if isinstance(value, str) and value.startswith("@words:"):
                word = share[code].get(value.removeprefix("@words:"))
                if word is None:
                    return {}
                found[key] = word
        return found

    translations = {
        code: translated for code in sorted(share) if code != "en" and (translated := words(code))
    }
    manifest.update(words("en"))  # (after the translations: it replaces the "@words:" values)
    manifest["translations"] = translations
    manifest["screenshots"] = [
        {
            "src": shot.file,
            "sizes": "{}x{}".format(*png_size(site / shot.file)),
            "type": "image/png",
            "form_factor": shot.form_factor,
            "label": shot.label,
        }
        for shot in settings.screenshots
    ]
    text = json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"
    (site / settings.manifest.name).write_text(text, encoding="utf-8")


def page_json(data: object) -> str:
    """JSON to sit inside a script element: compact, sorted, and with no "<" (so that no
    "</script>" or "<!--" in a text can end the element)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c")


def write_page_data(settings: Settings, site: Path) -> None:
    """Fill in the page's data: its words in every language (#page-words), and every file
    a first visit downloads with its size (#page-downloads: the loading bar counts bytes
    against these)."""
    page = site / "index.html"
    sizes = first_visit(settings, (site / settings.archive).stat().st_size)
    text = page.read_text(encoding="utf-8")
    for name, data in (("page-words", page_share(settings)), ("page-downloads", sizes)):
        empty = PAGE_DATA.format(id=name)
        if text.count(empty) != 1:
            raise BuildError(f"{settings.template.name}: no single {empty!r} line to fill in")
        text = text.replace(empty, empty.replace("{}", page_json(data)))
    page.write_text(text, encoding="utf-8")


RUNTIME_TAG = '<script src="{cdn}pythons.js"'
"""How index.html's tag that loads the runtime begins."""


def write_pins(settings: Settings, site: Path) -> None:
    """Give index.html the runtime files' pins: as JSON after #page-downloads (#page-pins:
    the page checks what the runtime fetches against them), and as the Subresource
    Integrity of the tag that loads pythons.js."""
    page = site / "index.html"
    text = page.read_text(encoding="utf-8")
    pins = {url: pin.as_json() for url, pin in sorted(settings.pins.items())}
    downloads = re.compile(
        r'^<script type="application/json" id="page-downloads">.*</script>$', re.M
    )
    line = PAGE_DATA.format(id="page-pins").replace("{}", page_json(pins))
    text, count = downloads.subn(lambda found: found[0] + "\n" + line, text)
    if count != 1:
        raise BuildError("index.html: no single #page-downloads line to put the pins after")
    pythons = settings.pins.get(settings.cdn + "pythons.js")
    if pythons is not None and pythons.sha384 is not None:
        start = RUNTIME_TAG.format(cdn=settings.cdn)
        tag = re.compile(re.escape(start) + r"[^>]*>")
        integrity = f' integrity="sha384-{pythons.sha384}" crossorigin="anonymous">'
        text, count = tag.subn(lambda found: found[0][:-1] + integrity, text, count=1)
        if count != 1:
            raise BuildError(f"index.html has no {start}...> tag to pin")
    page.write_text(text, encoding="utf-8")


def fingerprinted(path: Path) -> str:
    """The name a page file has in the site: its content's hash between stem and suffix
    (page.css -> page.3f2a9c1b.css), so that a changed file is a new address."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:8]
    return f"{path.stem}.{digest}{path.suffix}"


def write_assets(settings: Settings, site: Path) -> dict[str, str]:
    """Copy the page's stylesheets and scripts in under fingerprinted names and point
    index.html at them; return each file's name -> its name in the site."""
    page = site / "index.html"
    text = page.read_text(encoding="utf-8")
    names: dict[str, str] = {}
    for asset in settings.assets:
        names[asset.name] = fingerprinted(asset)
        reference = re.compile(rf'\b(href|src)="{re.escape(asset.name)}"')
        text, count = reference.subn(rf'\g<1>="{names[asset.name]}"', text)
        if count != 1:
            raise BuildError(
                f"{settings.template.name} must refer to {asset.name} once (found {count})"
            )
        shutil.copyfile(asset, site / names[asset.name])
    page.write_text(text, encoding="utf-8")
    return names


def write_pages(settings: Settings, site: Path) -> list[str]:
    """From index.html with its @meta line: each language's page (index.html in English,
    CODE.html for the others), with its words, description, link-preview tags and links
    to the others; return the pages' file names."""
    source = (site / "index.html").read_text(encoding="utf-8")
    if len(META_MARK.findall(source)) != 1:
        raise BuildError(f"{settings.template.name}: no single '<!-- @meta: ... -->' line")
    preview = png_size(site / settings.preview)
    languages = page_languages(settings)
    for language in languages:
        tags = page_meta(settings, preview, language, languages)
        text = META_MARK.sub(lambda _match, tags=tags: tags, source)
        (site / language.file).write_text(
            page_in_language(settings, text, language), encoding="utf-8"
        )
    return [language.file for language in languages]


ART_LICENCE = ROOT / "game" / "thirteen" / "ui" / "art" / "LICENSE.txt"
"""Written with the court-card pictures by scripts/build_art.py (``make art``)."""
FONT_LICENCE = ROOT / "game" / "thirteen" / "ui" / "font" / "LICENSE.txt"
"""Written with the game's font by scripts/build_font.py (``make font``); the font itself
is packed into the archive with the package's other files."""


def assemble(settings: Settings, pygbag_out: Path, site: Path, build_id: str) -> None:
    """Lay out the site: pygbag's page, archive and favicon, plus our PWA files."""
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    for name in ("index.html", settings.archive, "favicon.png"):
        shutil.copyfile(pygbag_out / name, site / name)
    for shot in settings.screenshots:
        render_shot(settings, shot.shot, site / shot.file)
    write_manifest(settings, site)
    (site / "icons").mkdir()
    for icon in settings.icons:
        shutil.copyfile(icon, site / "icons" / icon.name)
    if ART_LICENCE.is_file():  # the court pictures' licence, beside the page too
        shutil.copyfile(ART_LICENCE, site / "LICENSE-court-cards.txt")
    if FONT_LICENCE.is_file():  # the font's licence (SIL OFL 1.1), beside the page too
        shutil.copyfile(FONT_LICENCE, site / "LICENSE-font.txt")
    render_preview(settings, site / settings.preview)
    write_page_data(settings, site)
    write_pins(settings, site)
    write_assets(settings, site)
    write_pages(settings, site)  # last: each language's copy of the finished page
    # the preview is for other sites' link cards, the screenshots for an install prompt:
    # the game never needs them offline
    pictures = {settings.preview, *(shot.file for shot in settings.screenshots)}
    precache = sorted(
        name
        for name in (path.relative_to(site).as_posix() for path in site.rglob("*"))
        if (site / name).is_file() and name not in pictures
    )
    write_service_worker(settings, site, build_id, precache)


def check_site(settings: Settings, site: Path) -> int:
    """Check what was built; return the archive's size in bytes."""
    page = (site / "index.html").read_text(encoding="utf-8")
    left = sorted(set(re.findall(r"\{\{\s*cookiecutter\.\w+\s*\}\}", page)))
    if left:
        raise BuildError(f"index.html: template variables pygbag does not know: {left}")
    if f'src="{settings.cdn}pythons.js"' not in page:
        raise BuildError(f"index.html does not load the runtime from {settings.cdn}")
    archive = site / settings.archive
    with zipfile.ZipFile(archive) as bundle:
        names = bundle.namelist()
        if names != sorted(names) or any(i.date_time != ZIP_DATE for i in bundle.infolist()):
            raise BuildError(f"{archive.name} is not in the build's fixed order and date")
        if "assets/main.py" not in names:
            raise BuildError(f"{archive.name} has no assets/main.py")
        for name in names:
            parts = name.split("/")
            if parts[0] != "assets" or any(_excluded(p, settings.exclude) for p in parts[1:]):
                raise BuildError(f"{archive.name} must not contain {name}")
            if name.endswith(".py"):
                try:
                    compile(bundle.read(name), name, "exec", dont_inherit=True)
                except SyntaxError as error:
                    raise BuildError(f"{name} in {archive.name}: {error}") from error
    size = archive.stat().st_size
    if size > settings.max_archive_bytes:
        raise BuildError(
            f"{archive.name} is {size:,} bytes, over the {settings.max_archive_bytes:,}-byte limit"
        )
    return size


def write_itch_zip(site: Path, zip_path: Path) -> None:
    """The whole site in one zip, index.html at its top, as itch.io wants it."""
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    if zip_path.exists():
        zip_path.unlink()
    files = [path for path in site.rglob("*") if path.is_file()]
    write_zip(zip_path, [(p.relative_to(site).as_posix(), p.read_bytes()) for p in files])


def build(
    out: Path = DEFAULT_OUT,
    zip_path: Path | None = None,
    cdn: str | None = None,
    label: str = "",
    base_url: str | None = None,
    downloads: dict[str, int] | None = None,
    pins: dict[str, Pin] | None = None,
) -> dict[str, object]:
    """Build the site into `out` (and the itch.io zip, unless zip_path is None)."""
    started = time.monotonic()
    settings = load_settings(cdn=cdn, base_url=base_url, downloads=downloads, pins=pins)
    check_environment(settings)
    with tempfile.TemporaryDirectory(prefix="thirteen-web-") as tmp:
        app_dir = Path(tmp) / settings.name  # pygbag names the archive after the folder
        app_dir.mkdir()
        files = stage_app(settings, app_dir)
        build_id = fingerprint(settings, app_dir, files, label)
        pygbag_out = run_pygbag(settings, app_dir)
        assemble(settings, pygbag_out, out, build_id)
    size = check_site(settings, out)
    if zip_path is not None:
        write_itch_zip(out, zip_path)
    return {
        "build": build_id,
        "site": out,
        "zip": zip_path,
        "archive": settings.archive,
        "archive_bytes": size,
        "limit": settings.max_archive_bytes,
        "files": files,
        "cdn": settings.cdn,
        "downloads": first_visit(settings, size),
        "seconds": time.monotonic() - started,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="site folder (build/web)")
    parser.add_argument(
        "--zip",
        type=Path,
        default=None,
        help="itch.io zip (default: build/<itch_zip from web/build.toml>)",
    )
    parser.add_argument("--no-zip", action="store_true", help="do not write the itch.io zip")
    parser.add_argument("--cdn", help="runtime address instead of the pinned one (for tests)")
    parser.add_argument("--label", default="", help="mixed into the build id (tests)")
    parser.add_argument(
        "--base-url",
        help="the address the site is published at, ending with '/' (default: web/build.toml)",
    )
    args = parser.parse_args(argv)
    try:
        zip_path = None
        if not args.no_zip:
            zip_path = args.zip or ROOT / "build" / load_settings().itch_zip
        info = build(
            out=args.out.resolve(),
            zip_path=zip_path,
            cdn=args.cdn,
            label=args.label,
            base_url=args.base_url,
        )
    except BuildError as error:
        print(f"build_web: error: {error}", file=sys.stderr)
        return 1
    site = Path(info["site"])
    limit = int(info["limit"])
    size = int(info["archive_bytes"])
    print(f"build {info['build']} in {info['seconds']:.1f} s, runtime from {info['cdn']}")
    print(f"packed {len(info['files'])} files: {', '.join(info['files'])}")
    print(
        f"app archive {info['archive']}: {size:,} bytes ({size / 1024:.1f} KiB), "
        f"{100 * size / limit:.0f}% of the {limit:,}-byte limit"
    )
    for path in sorted(site.rglob("*")):
        if path.is_file():
            print(f"  {shown(path)}  {path.stat().st_size:,} bytes")
    first = dict(info["downloads"])
    print(f"a first visit downloads {sum(first.values()):,} bytes (before compression):")
    for url, bytes_ in first.items():
        print(f"  {url}  {bytes_:,} bytes")
    if info["zip"]:
        zip_file = Path(info["zip"])
        print(f"itch.io zip: {zip_file}  {zip_file.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
