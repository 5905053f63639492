"""axe-core, the accessibility checker, for the browser tests: fetched once with npm
(``npm pack``, so that npm's own registry, proxy and cache settings apply), checked
against the integrity the registry states for the pinned version, and kept in a cache
folder outside the repository ($THIRTEEN_AXE_CACHE, else ~/.cache/thirteen-tests).

Without npm, or with no way to reach its registry, the tests that need axe skip saying
so (under CI=true they fail).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

import pytest

PACKAGE = "axe-core"
VERSION = "4.10.2"
INTEGRITY = (  # npm view axe-core@4.10.2 dist.integrity
    "sha512-RE3mdQ7P3FRSe7eqCWoeQ/Z9QXrtniSjp1wUjt5nRC3WIpz5rSCve6o3fsZ2aCpJtrZjSZgjwXAoTO5k4tEI0w=="
)
SCRIPT = "package/axe.min.js"
"""The file of the package the page is given (axe's whole checker in one script)."""


def cache_dir() -> Path:
    folder = os.environ.get("THIRTEEN_AXE_CACHE")
    return Path(folder) if folder else Path.home() / ".cache" / "thirteen-tests"


def integrity_of(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def unavailable(message: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(message + "; under CI=true the accessibility checks must run")
    pytest.skip(message)


def tarball() -> bytes:
    """The pinned package's tarball, from the cache or fetched with ``npm pack``."""
    cached = cache_dir() / f"{PACKAGE}-{VERSION}.tgz"
    if cached.is_file() and integrity_of(cached.read_bytes()) == INTEGRITY:
        return cached.read_bytes()
    npm = shutil.which("npm")
    if npm is None:
        unavailable(f"npm is not installed: cannot fetch {PACKAGE}@{VERSION}")
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [str(npm), "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", folder],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        packed = sorted(Path(folder).glob("*.tgz"))
        if result.returncode != 0 or len(packed) != 1:
            said = (result.stdout + result.stderr).strip().splitlines()[-3:]
            unavailable(f"npm pack {PACKAGE}@{VERSION} failed: {' '.join(said)}")
        data = packed[0].read_bytes()
    if integrity_of(data) != INTEGRITY:
        pytest.fail(f"{PACKAGE}@{VERSION} from npm is not the pinned package ({INTEGRITY})")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data


def axe_script() -> str:
    """axe.min.js of the pinned axe-core."""
    with tarfile.open(fileobj=io.BytesIO(tarball()), mode="r:gz") as bundle:
        member = bundle.extractfile(SCRIPT)
        assert member is not None, f"{PACKAGE}@{VERSION} has no {SCRIPT}"
        return member.read().decode("utf-8")


def violations(page: Any, script: str, context: Any = None) -> list[dict[str, Any]]:
    """axe's violations on ``page`` as it is now (every rule axe runs by default, best
    practices included), each as {id, impact, help, targets}; ``context``: what to check
    (axe's include/exclude), the whole page when None."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=script)
    found = page.evaluate(
        """async (context) => {
          const result = await axe.run(context || document, { resultTypes: ["violations"] });
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.map((n) => n.target.join(" ")),
          }));
        }""",
        context,
    )
    return list(found)
