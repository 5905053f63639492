"""One pinned npm package's tarball, as the build scripts fetch it (the court pictures'
and the font's): from a cache, else by ``npm pack`` through the user's npm
configuration, else, where npm is not installed, downloaded from the registry npm's
configuration names; checked against the SHA-512 integrity the registry states, either
way.  No registry address is written in the repository."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class NpmPackage:
    """``name@version`` with its pinned ``integrity``, kept in ``cache`` once fetched;
    failures raise ``error`` (the calling script's own exception) with one sentence."""

    name: str
    version: str
    integrity: str
    cache: Path
    error: type[Exception]
    what: str
    """What the package is for, in the messages (``make art``, ``make font``)."""

    @property
    def file_name(self) -> str:
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"

    def tarball(
        self,
        offline: bool,
        cache: Path | None = None,
        npm: str | None = None,
        download: Callable[[], bytes] | None = None,
    ) -> bytes:
        """The tarball: from the cache, or fetched once (:meth:`npm_pack`, or
        ``download`` where npm is not installed) and checked against the integrity.
        ``npm`` (the npm command, found on the PATH by default) exists for tests."""
        cached = (cache if cache is not None else self.cache) / self.file_name
        if cached.is_file():
            data = cached.read_bytes()
        elif offline:
            raise self.error(f"{cached} is missing (run `{self.what}` with the network once)")
        else:
            npm = npm if npm is not None else shutil.which("npm")
            data = self.npm_pack(npm) if npm else (download or self.download)()
        digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
        if digest != self.integrity:
            raise self.error(
                f"{self.name} {self.version}: the tarball's digest {digest} is not {self.integrity}"
            )
        if not cached.is_file():
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(data)
        return data

    def npm_pack(self, npm: str) -> bytes:
        """The tarball as ``npm pack`` fetches it: through the registry, proxy and cache
        of the user's npm configuration (and the project's ``.npmrc``)."""
        spec = f"{self.name}@{self.version}"
        with tempfile.TemporaryDirectory(prefix="thirteen-npm-") as folder:
            command = [npm, "pack", spec, "--pack-destination", folder, "--ignore-scripts"]
            try:
                subprocess.run(  # in the project, whose own .npmrc npm then reads too
                    command, cwd=ROOT, check=True, capture_output=True, text=True, timeout=300
                )
            except subprocess.CalledProcessError as error:
                said = (error.stderr or error.stdout or "").strip().splitlines()[-3:]
                raise self.error(f"npm pack {spec} failed: {' '.join(said)}") from None
            except (OSError, subprocess.TimeoutExpired) as error:
                raise self.error(f"npm pack {spec} failed: {error}") from None
            packed = sorted(Path(folder).glob("*.tgz"))
            if len(packed) != 1:
                raise self.error(f"npm pack {spec} left {len(packed)} tarballs")
            return packed[0].read_bytes()

    def registry(
        self, env: Mapping[str, str] | None = None, project: Path = ROOT, home: Path | None = None
    ) -> str | None:
        """The registry npm's configuration gives this package, read as npm reads it
        where npm itself is missing: each setting from the environment
        (``npm_config_<name>``), else the project's ``.npmrc``, else the user's
        (``npm_config_userconfig``, else ``~/.npmrc``); the package's scope's registry
        (``@scope:registry``) before the plain ``registry``.  None when nothing sets one."""
        env = os.environ if env is None else env
        from_env = {
            key.lower().removeprefix("npm_config_"): value.strip()
            for key, value in env.items()
            if key.lower().startswith("npm_config_")
        }
        home = Path.home() if home is None else home
        user = Path(from_env["userconfig"]) if from_env.get("userconfig") else home / ".npmrc"
        settings: dict[str, str] = {}
        for npmrc in (user, project / ".npmrc"):  # the later one wins
            try:
                lines = npmrc.read_text(encoding="utf-8").splitlines()
            except OSError:
                continue
            for line in lines:
                key, equals, value = line.strip().partition("=")
                if equals and not key.startswith(("#", ";")):
                    settings[key.strip()] = _expand(value.strip().strip("\"'"), env)
        settings.update((key, value) for key, value in from_env.items() if value)
        scope = self.name.partition("/")[0]
        return settings.get(f"{scope}:registry") or settings.get("registry") or None

    def download(self, registry: str | None = None) -> bytes:
        """The tarball downloaded from ``registry`` (by default the one npm's
        configuration names: :meth:`registry`); for a machine without npm."""
        registry = registry or self.registry()
        if not registry:
            raise self.error(
                f"npm is not installed and npm's configuration names no registry to fetch"
                f" {self.name} {self.version} from: install npm, or set npm_config_registry"
                " (or registry= in ~/.npmrc)"
            )
        # a scoped package's tarball is named without its scope on the registry
        plain = self.name.rpartition("/")[2]
        url = f"{registry.rstrip('/')}/{self.name}/-/{plain}-{self.version}.tgz"
        request = urllib.request.Request(url, headers={"User-Agent": "thirteen-build"})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return bytes(answer.read())
        except (OSError, ValueError) as error:
            raise self.error(
                f"could not fetch {self.name} {self.version} from {url}: {error}"
            ) from None


def _expand(value: str, env: Mapping[str, str]) -> str:
    """``${NAME}`` replaced by the environment's NAME, as npm reads its ``.npmrc``."""
    return re.sub(r"\$\{([^}]+)\}", lambda m: env.get(m.group(1), ""), value)
