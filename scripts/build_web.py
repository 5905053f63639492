"""Build the browser version of Thirteen: `make web`.

Writes build/web/ (the static site: index.html, the app archive, manifest,
service worker, icons) and build/thirteen-itch.zip (the same files for
itch.io), with no network access. Settings are in web/build.toml.

pygbag packs an app folder into APP_DIR/build/web. To keep tests, caches and
pygbag's own output out of the archive, and game/ untouched, it runs on a
temporary copy of only what the game needs; the results are copied out.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SETTINGS_FILE = WEB / "build.toml"
DEFAULT_OUT = ROOT / "build" / "web"
SW_BUILD_LINE = re.compile(r"^const BUILD = .*; // @build$", re.MULTILINE)


class BuildError(Exception):
    """A build that must stop, with a message that says what to do."""


def shown(path: Path) -> str:
    """A path as a message shows it: relative to the repository when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


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
    include: tuple[str, ...]
    exclude: tuple[str, ...]
    max_archive_bytes: int
    template: Path
    manifest: Path
    service_worker: Path
    favicon: Path
    icons: tuple[Path, ...]
    itch_zip: str
    package_index: str

    @property
    def archive(self) -> str:
        return f"{self.name}.apk"


def load_settings(path: Path = SETTINGS_FILE, cdn: str | None = None) -> Settings:
    """Read the build settings; `cdn` overrides the runtime address (tests use a fake one)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    pyg, app, site = data["pygbag"], data["app"], data["site"]
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
        include=tuple(app["include"]),
        exclude=tuple(app["exclude"]),
        max_archive_bytes=int(app["max_archive_bytes"]),
        template=WEB / site["template"],
        manifest=WEB / site["manifest"],
        service_worker=WEB / site["service_worker"],
        favicon=WEB / site["favicon"],
        icons=tuple(WEB / icon for icon in site["icons"]),
        itch_zip=site["itch_zip"],
        package_index=site["package_index"],
    )
    for url in (settings.cdn, settings.package_index):
        if not re.match(r"^https?://[^/]+/.*/$", url):
            raise BuildError(f"{path}: {url!r} must be an http(s) address ending with '/'")
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
    for path in (settings.template, settings.manifest, settings.service_worker, settings.favicon):
        if not path.is_file():
            raise BuildError(f"missing {shown(path)}")
    for icon in settings.icons:
        if not icon.is_file():
            raise BuildError(f"missing {shown(icon)}: run scripts/make_icons.py")


def _excluded(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)


def stage_app(settings: Settings, app_dir: Path) -> list[str]:
    """Copy what the game needs into app_dir; return the copied paths, sorted."""
    source = settings.source_dir
    if not (source / "main.py").is_file():
        raise BuildError(f"{shown(source)}/main.py is missing: pygbag starts there")
    copied: list[str] = []
    for entry in settings.include:
        start = source / entry
        if not start.exists():
            raise BuildError(f"{shown(start)} (listed in web/build.toml) is missing")
        if start.is_file():
            candidates = [start]
        else:
            candidates = []
            for folder, dirnames, filenames in os.walk(start):
                dirnames[:] = sorted(d for d in dirnames if not _excluded(d, settings.exclude))
                candidates.extend(Path(folder) / f for f in sorted(filenames))
        for path in candidates:
            if _excluded(path.name, settings.exclude):
                continue
            relative = path.relative_to(source)
            target = app_dir / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            copied.append(relative.as_posix())
    return sorted(copied)


def fingerprint(settings: Settings, app_dir: Path, files: list[str], label: str) -> str:
    """Build id: a hash of everything that goes into the site, so same sources, same id."""
    digest = hashlib.sha256()
    digest.update(json.dumps([settings.pygbag_version, settings.cdn, label]).encode())
    for name in files:
        digest.update(name.encode() + b"\0" + (app_dir / name).read_bytes() + b"\0")
    extras = [settings.template, settings.manifest, settings.service_worker, settings.favicon]
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
    return out


def write_service_worker(
    settings: Settings, site: Path, build_id: str, precache: list[str]
) -> None:
    """Copy sw.js with this build's id, precache list and runtime addresses filled in."""
    runtime = runtime_prefixes(settings)
    pin = [settings.cdn, settings.package_index, settings.python]
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
    }
    source = settings.service_worker.read_text(encoding="utf-8")
    line = f"const BUILD = {json.dumps(build)}; // @build"
    text, count = SW_BUILD_LINE.subn(lambda _match: line, source)
    if count != 1:
        raise BuildError(f"{settings.service_worker.name}: no single '// @build' line to fill in")
    (site / "sw.js").write_text(text, encoding="utf-8")


def assemble(settings: Settings, pygbag_out: Path, site: Path, build_id: str) -> None:
    """Lay out the site: pygbag's page, archive and favicon, plus our PWA files."""
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    for name in ("index.html", settings.archive, "favicon.png"):
        shutil.copyfile(pygbag_out / name, site / name)
    shutil.copyfile(settings.manifest, site / settings.manifest.name)
    (site / "icons").mkdir()
    for icon in settings.icons:
        shutil.copyfile(icon, site / "icons" / icon.name)
    precache = sorted(
        path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()
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
    with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted(site.rglob("*")):
            if path.is_file():
                bundle.write(path, path.relative_to(site).as_posix())


def build(
    out: Path = DEFAULT_OUT,
    zip_path: Path | None = None,
    cdn: str | None = None,
    label: str = "",
) -> dict[str, object]:
    """Build the site into `out` (and the itch.io zip, unless zip_path is None)."""
    started = time.monotonic()
    settings = load_settings(cdn=cdn)
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
    args = parser.parse_args(argv)
    try:
        zip_path = None
        if not args.no_zip:
            zip_path = args.zip or ROOT / "build" / load_settings().itch_zip
        info = build(out=args.out.resolve(), zip_path=zip_path, cdn=args.cdn, label=args.label)
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
    if info["zip"]:
        zip_file = Path(info["zip"])
        print(f"itch.io zip: {zip_file}  {zip_file.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
