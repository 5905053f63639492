"""How scripts/build_art.py fetches the court-card package: ``npm pack`` where npm is
installed, else a download from the registry npm's configuration names; the pinned
integrity checked either way; no registry address written in the repository."""

import base64
import hashlib
import io
import json
import sys
import tarfile
import urllib.request
from pathlib import Path

import pytest

from script_modules import load_script

ROOT = Path(__file__).resolve().parents[2]


art = load_script("build_art")


def package(text: str = "CC0") -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        data = text.encode()
        info = tarfile.TarInfo("package/LICENSE")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fake_npm(tmp_path: Path, packs: bytes | None, fails: str = "") -> tuple[Path, Path]:
    """An ``npm`` that writes ``packs`` where ``--pack-destination`` says (or fails,
    saying ``fails``), and logs its arguments and its folder."""
    (tmp_path / "packs.tgz").write_bytes(packs or b"")
    log = tmp_path / "npm.log"
    script = tmp_path / "npm"
    script.write_text(
        f"#!{sys.executable}\n"
        "import json, os, pathlib, shutil, sys\n"
        f"log = pathlib.Path({str(log)!r})\n"
        "log.write_text(json.dumps([sys.argv[1:], os.getcwd()]))\n"
        f"if {fails!r}:\n"
        f"    print({fails!r}, file=sys.stderr)\n"
        "    sys.exit(1)\n"
        "where = sys.argv[sys.argv.index('--pack-destination') + 1]\n"
        f"shutil.copy({str(tmp_path / 'packs.tgz')!r}, os.path.join(where, 'x-0.1.0.tgz'))\n"
    )
    script.chmod(0o755)
    return script, log


def test_npm_pack_fetches_the_package_and_its_integrity_is_checked(tmp_path, monkeypatch):
    data = package()
    monkeypatch.setattr(art, "INTEGRITY", integrity(data))
    npm, log = fake_npm(tmp_path, data)
    cache = tmp_path / "cache"
    assert art.tarball(offline=False, cache=cache, npm=str(npm)) == data
    argv, cwd = json.loads(log.read_text())
    assert (
        argv[:2]
        == ["pack", f"{art.PACKAGE}@{art.VERSION}"]
        == ["pack", "@letele/playing-cards@0.1.0"]
    )
    assert "--ignore-scripts" in argv
    assert Path(cwd) == ROOT  # where the project's own .npmrc applies
    assert (cache / "letele-playing-cards-0.1.0.tgz").read_bytes() == data
    log.unlink()
    assert art.tarball(offline=False, cache=cache, npm=str(npm)) == data
    assert not log.exists(), "the cached tarball was fetched again"


def test_a_tarball_npm_packs_that_is_not_the_pinned_one_is_refused(tmp_path):
    npm, _ = fake_npm(tmp_path, package("something else"))
    with pytest.raises(art.ArtError, match="digest"):
        art.tarball(offline=False, cache=tmp_path / "cache", npm=str(npm))
    assert not (tmp_path / "cache").exists()


def test_npm_failing_says_why_and_nothing_is_downloaded(tmp_path):
    npm, _ = fake_npm(tmp_path, None, fails="npm error code E404")

    def download() -> bytes:
        raise AssertionError("downloaded although npm is installed")

    with pytest.raises(art.ArtError, match="npm pack .* failed: npm error code E404"):
        art.tarball(offline=False, cache=tmp_path / "cache", npm=str(npm), download=download)


def test_without_npm_the_download_is_the_fallback(tmp_path, monkeypatch):
    data = package()
    monkeypatch.setattr(art, "INTEGRITY", integrity(data))
    assert art.tarball(offline=False, cache=tmp_path, npm="", download=lambda: data) == data
    with pytest.raises(art.ArtError, match="digest"):
        art.tarball(offline=False, cache=tmp_path / "other", npm="", download=lambda: package("x"))


def test_the_registry_is_the_one_npm_s_configuration_names(tmp_path):
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    assert art.npm_registry(env={}, project=project, home=home) is None
    (home / ".npmrc").write_text("; mine\nregistry=https://user.example/npm/\n")
    assert art.npm_registry(env={}, project=project, home=home) == "https://user.example/npm/"
    (project / ".npmrc").write_text('registry = "https://${MIRROR}/"\n')
    env = {"MIRROR": "project.example"}
    assert art.npm_registry(env=env, project=project, home=home) == "https://project.example/"
    env["NPM_CONFIG_REGISTRY"] = "https://env.example/"
    assert art.npm_registry(env=env, project=project, home=home) == "https://env.example/"
    # the package's scope has a registry of its own: it comes first, wherever it is set
    (home / ".npmrc").write_text("@letele:registry=https://scope.example/\n")
    assert art.npm_registry(env=env, project=project, home=home) == "https://scope.example/"
    other = tmp_path / "other.npmrc"
    other.write_text("registry=https://other.example/\n")
    env = {"npm_config_userconfig": str(other)}
    assert art.npm_registry(env=env, project=tmp_path, home=home) == "https://other.example/"


def test_the_download_goes_to_the_configured_registry_or_nowhere(monkeypatch):
    asked = []

    class Answer(io.BytesIO):
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    def urlopen(request, timeout):
        asked.append(request.full_url)
        return Answer(b"tarball")

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    assert art.download_from_registry("https://mirror.example/npm/") == b"tarball"
    assert asked == ["https://mirror.example/npm/@letele/playing-cards/-/playing-cards-0.1.0.tgz"]
    monkeypatch.setattr(art, "npm_registry", lambda: None)
    with pytest.raises(art.ArtError, match="no registry"):
        art.download_from_registry()
    assert len(asked) == 1


def test_no_registry_address_is_written_in_the_repository():
    places = [ROOT / "Makefile", ROOT / "pyproject.toml", ROOT / "README.md"]
    for folder in ("scripts", ".github", "web", "docs"):
        places += [p for p in (ROOT / folder).rglob("*") if p.is_file()]
    for path in places:
        text = path.read_text(encoding="utf-8", errors="replace").lower()
        for address in ("registry.npmjs.org", "registry.yarnpkg.com", "registry.npmjs.com"):
            assert address not in text, f"{path.relative_to(ROOT)} names {address}"
