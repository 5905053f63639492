"""The GitHub workflows: actionlint finds nothing, and they do what the project needs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from webtools import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"


def actionlint() -> str:
    """The actionlint binary (pyproject's dev extra installs it into the venv)."""
    here = Path(sys.executable).parent
    found = shutil.which("actionlint", path=f"{here}{os.pathsep}{os.environ.get('PATH', '')}")
    if found:
        return found
    message = "actionlint is not installed (pip install -e '.[dev]')"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def test_actionlint_passes() -> None:
    files = sorted(str(path) for path in WORKFLOWS.glob("*.yml"))
    assert files, "no workflows"
    result = subprocess.run(
        [actionlint(), "-color=false", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_runs_the_readme_test_command() -> None:
    ci = (WORKFLOWS / "ci.yml").read_text()
    assert "run: make test" in ci
    assert "THIRTEEN_WASM_CACHE" in ci  # the WebAssembly test runs for real there
    assert 'npm pack "pyodide@$PYODIDE_VERSION"' in ci and 'PYODIDE_VERSION: "0.27.7"' in ci


def test_pages_builds_and_deploys_with_the_official_actions() -> None:
    pages = (WORKFLOWS / "pages.yml").read_text()
    assert "branches: [main]" in pages
    assert "run: make web" in pages
    for action in ("configure-pages", "upload-pages-artifact", "deploy-pages"):
        assert f"uses: actions/{action}@" in pages, action
    assert "path: build/web" in pages
    assert "pages: write" in pages and "id-token: write" in pages
    # A tag attaches the itch.io zip to its release.
    assert 'tags: ["v*"]' in pages
    assert "gh release upload" in pages and "thirteen-itch.zip" in pages


def test_ci_runs_the_site_on_pygbag_s_real_runtime_in_a_job_of_its_own() -> None:
    ci = (WORKFLOWS / "ci.yml").read_text()
    test_job, _, real_job = ci.partition("\n  real-runtime:\n")
    assert real_job, "no real-runtime job"
    assert "run: .venv/bin/python -m pytest -q -rs -s -m real_runtime tests/web" in real_job
    assert 'CI: "true"' in real_job
    assert 'PYTEST_ADDOPTS: -m "not real_runtime"' in test_job  # not twice
    assert (ROOT / "tests" / "web" / "test_web_real_runtime.py").is_file()
