"""The GitHub workflows: actionlint finds nothing, they do what the project needs, and no
job that deploys (GitHub Pages, a release, itch.io) can run unless the tests passed."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from webtools import ROOT

WORKFLOWS = ROOT / ".github" / "workflows"
TEST_JOBS = ("test", "real-runtime")
"""The jobs that run the tests: every job that deploys needs both."""
STATUS_CHECK = re.compile(r"\b(always|success|failure|cancelled)\s*\(")
"""A job whose ``if`` names one of these loses the implicit ``success()``: it could run
after a job it needs failed."""


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


# -- the workflows, read ---------------------------------------------------------------
class YamlSubset:
    """Reads the part of YAML the workflows are written in (block mappings and sequences,
    plain and quoted scalars, one-line flow lists, ``|`` and ``>`` block scalars, comments);
    anything else raises ValueError rather than being misread.  actionlint checks the
    files as YAML; this gives the tests their structure."""

    KEY = re.compile(r"""^("[^"]*"|'[^']*'|[^\s"'#:][^:#]*?):(?:\s+|$)""")

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.at = 0

    @classmethod
    def parse(cls, text: str) -> Any:
        reader = cls(text)
        indent = reader.next_indent()
        value = reader.block(indent) if indent >= 0 else None
        if reader.next_indent() >= 0:
            raise ValueError(f"line {reader.at + 1}: not read: {reader.lines[reader.at]!r}")
        return value

    def next_indent(self) -> int:
        """The indentation of the next line with content (skipped to), -1 at the end."""
        while self.at < len(self.lines):
            text = self.lines[self.at]
            if text.strip() and not text.lstrip().startswith("#"):
                if "\t" in text[: len(text) - len(text.lstrip())]:
                    raise ValueError(f"line {self.at + 1}: a tab in the indentation")
                return len(text) - len(text.lstrip())
            self.at += 1
        return -1

    def block(self, indent: int) -> Any:
        first = self.lines[self.at].strip()
        return (
            self.sequence(indent)
            if first == "-" or first.startswith("- ")
            else self.mapping(indent)
        )

    def mapping(self, indent: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        while self.next_indent() == indent:
            text = self.lines[self.at].strip()
            key = self.KEY.match(text)
            if key is None:
                raise ValueError(f"line {self.at + 1}: not a mapping entry: {text!r}")
            name = self.scalar(key.group(1))
            if name in out:
                raise ValueError(f"line {self.at + 1}: {name!r} twice")
            self.at += 1
            out[str(name)] = self.value(text[key.end() :], indent)
        if self.next_indent() > indent:
            raise ValueError(f"line {self.at + 1}: indented deeper than its mapping")
        return out

    def sequence(self, indent: int) -> list[Any]:
        out: list[Any] = []
        while self.next_indent() == indent:
            text = self.lines[self.at].strip()
            if not (text == "-" or text.startswith("- ")):
                break
            rest = text[1:].lstrip()
            if not rest:
                self.at += 1
                deeper = self.next_indent()
                out.append(self.block(deeper) if deeper > indent else None)
            elif self.KEY.match(rest):  # "- key: value ..." opens a mapping
                item = indent + len(text) - len(rest)
                self.lines[self.at] = " " * item + rest
                out.append(self.mapping(item))
            else:
                self.at += 1
                out.append(self.scalar(rest))
        return out

    def value(self, rest: str, indent: int) -> Any:
        rest = self.uncomment(rest)
        if rest in ("|", "|-", "|+", ">", ">-", ">+"):
            return self.block_scalar(indent, folded=rest[0] == ">")
        if rest:
            return self.scalar(rest)
        deeper = self.next_indent()
        return self.block(deeper) if deeper > indent else None

    def block_scalar(self, indent: int, folded: bool) -> str:
        taken: list[str] = []
        while self.at < len(self.lines):
            text = self.lines[self.at]
            if text.strip() and len(text) - len(text.lstrip()) <= indent:
                break
            taken.append(text)
            self.at += 1
        while taken and not taken[-1].strip():
            taken.pop()
        margin = min((len(t) - len(t.lstrip()) for t in taken if t.strip()), default=0)
        body = [t[margin:] for t in taken]
        return (" " if folded else "\n").join(body) + "\n"

    @staticmethod
    def uncomment(text: str) -> str:
        quote = ""
        for i, char in enumerate(text):
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'" and (i == 0 or text[i - 1] in " [,"):
                quote = char
            elif char == "#" and (i == 0 or text[i - 1] == " "):
                return text[:i].rstrip()
        return text.strip()

    def scalar(self, text: str) -> Any:
        text = self.uncomment(text)
        if text.startswith("[") and text.endswith("]"):
            inner = text[1:-1].strip()
            return [self.scalar(part) for part in inner.split(",")] if inner else []
        if text.startswith(("{", "&", "*", "!", "%", "@", "`")):
            raise ValueError(f"line {self.at + 1}: unsupported YAML: {text!r}")
        if len(text) >= 2 and text[0] == text[-1] == '"':
            return json.loads(text)
        if len(text) >= 2 and text[0] == text[-1] == "'":
            return text[1:-1].replace("''", "'")
        if text in ("true", "false"):
            return text == "true"
        if re.fullmatch(r"-?\d+", text):
            return int(text)
        return text


def workflows() -> dict[str, dict[str, Any]]:
    found = {
        path.name: YamlSubset.parse(path.read_text()) for path in sorted(WORKFLOWS.glob("*.y*ml"))
    }
    assert found, "no workflows"
    return found


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job.get("steps") or [])


def needs(job: dict[str, Any]) -> list[str]:
    wanted = job.get("needs") or []
    return [wanted] if isinstance(wanted, str) else list(wanted)


def deploys(job: dict[str, Any]) -> list[str]:
    """Where a job publishes: GitHub Pages, a release, itch.io."""
    found = []
    for step in steps(job):
        uses, run = str(step.get("uses", "")), str(step.get("run", ""))
        if uses.startswith("actions/deploy-pages@"):
            found.append("GitHub Pages")
        if re.search(r"\bgh release\b", run):
            found.append("a release")
        if re.search(r"\bbutler push\b", run):
            found.append("itch.io")
    return found


def ungated_deploys(flows: dict[str, dict[str, Any]]) -> list[str]:
    """Each way a job that deploys could run without both test jobs having passed: it
    does not need each of them (in its own workflow), its ``if`` names a status check,
    or a test job or one of its steps may fail without failing (continue-on-error)."""
    problems = []
    for name, flow in flows.items():
        jobs = flow.get("jobs") or {}
        for job_id, job in jobs.items():
            if not deploys(job):
                continue
            where = f"{name}, job {job_id} ({', '.join(deploys(job))})"
            for test in TEST_JOBS:
                if test not in jobs:
                    problems.append(f"{where}: its workflow has no job {test}")
                elif test not in needs(job):
                    problems.append(f"{where}: does not need {test}")
                else:
                    tester = jobs[test]
                    if tester.get("continue-on-error") not in (None, False):
                        problems.append(f"{where}: {test} may fail without failing")
                    if any(s.get("continue-on-error") not in (None, False) for s in steps(tester)):
                        problems.append(f"{where}: a step of {test} may fail without failing")
            if STATUS_CHECK.search(str(job.get("if", ""))):
                problems.append(f"{where}: its if names a status check: {job['if']}")
    return problems


# -- the tests -------------------------------------------------------------------------
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


def test_the_workflows_are_read_as_written() -> None:
    ci = workflows()["ci.yml"]
    assert ci["on"]["push"] == {"branches": ["main"], "tags": ["v*"]}
    assert list(ci["jobs"]) == ["test", "real-runtime", "site", "pages", "release", "itch"]
    assert ci["jobs"]["pages"]["permissions"] == {"pages": "write", "id-token": "write"}
    assert steps(ci["jobs"]["test"])[-1] == {
        "name": "Test",
        "env": {"PYTEST_ADDOPTS": '-m "not real_runtime"'},
        "run": "make test",
    }
    assert steps(ci["jobs"]["release"])[-1]["run"].startswith("if ! gh release view")
    with pytest.raises(ValueError, match="unsupported"):
        YamlSubset.parse("jobs: {test: {}}\n")


def test_ci_runs_the_readme_test_command() -> None:
    ci = (WORKFLOWS / "ci.yml").read_text()
    assert "run: make test" in ci
    assert "THIRTEEN_WASM_CACHE" in ci  # the WebAssembly test runs for real there
    assert 'npm pack "pyodide@$PYODIDE_VERSION"' in ci and 'PYODIDE_VERSION: "0.27.7"' in ci


def test_pages_builds_and_deploys_with_the_official_actions() -> None:
    ci = (WORKFLOWS / "ci.yml").read_text()
    assert "branches: [main]" in ci
    assert "run: make web" in ci
    for action in ("configure-pages", "upload-pages-artifact", "deploy-pages"):
        assert f"uses: actions/{action}@" in ci, action
    assert "path: build/web" in ci
    assert "pages: write" in ci and "id-token: write" in ci
    # A tag attaches the itch.io zip to its release.
    assert 'tags: ["v*"]' in ci
    assert "gh release upload" in ci and "thirteen-itch.zip" in ci


def test_ci_runs_the_site_on_pygbag_s_real_runtime_in_a_job_of_its_own() -> None:
    ci = (WORKFLOWS / "ci.yml").read_text()
    test_job, _, real_job = ci.partition("\n  real-runtime:\n")
    assert real_job, "no real-runtime job"
    assert "run: .venv/bin/python -m pytest -q -rs -s -m real_runtime tests/web" in real_job
    assert 'CI: "true"' in real_job
    assert 'PYTEST_ADDOPTS: -m "not real_runtime"' in test_job  # not twice
    assert (ROOT / "tests" / "web" / "test_web_real_runtime.py").is_file()


def test_nothing_is_deployed_unless_the_tests_passed() -> None:
    flows = workflows()
    assert ungated_deploys(flows) == []
    jobs = flows["ci.yml"]["jobs"]
    where = {job_id: deploys(job) for job_id, job in jobs.items() if deploys(job)}
    assert where == {"pages": ["GitHub Pages"], "release": ["a release"], "itch": ["itch.io"]}
    assert any(step.get("run") == "make test" for step in steps(jobs["test"]))
    assert any("-m real_runtime" in str(s.get("run", "")) for s in steps(jobs["real-runtime"]))
    assert jobs["pages"]["if"] == "github.ref == 'refs/heads/main'"
    for job_id in ("release", "itch"):
        assert jobs[job_id]["if"] == "startsWith(github.ref, 'refs/tags/v')"


def test_a_deploy_that_could_run_without_the_tests_is_found() -> None:
    """The check above fails for each way a deploy could escape the tests."""
    flows = workflows()

    def changed(change: Any) -> list[str]:
        copied = copy.deepcopy(flows)
        change(copied["ci.yml"]["jobs"])
        return ungated_deploys(copied)

    assert changed(lambda jobs: jobs["pages"].update(needs=["site"])) == [
        "ci.yml, job pages (GitHub Pages): does not need test",
        "ci.yml, job pages (GitHub Pages): does not need real-runtime",
    ]
    assert changed(lambda jobs: jobs["release"].update(needs="test")) == [
        "ci.yml, job release (a release): does not need real-runtime"
    ]
    problems = changed(lambda jobs: jobs["itch"].update({"if": "always() && true"}))
    assert problems == ["ci.yml, job itch (itch.io): its if names a status check: always() && true"]
    assert changed(lambda jobs: jobs["pages"].update({"if": "success() || true"}))
    assert len(changed(lambda jobs: jobs["test"].update({"continue-on-error": True}))) == 3
    assert (
        len(
            changed(
                lambda jobs: steps(jobs["real-runtime"])[-2].update({"continue-on-error": True})
            )
        )
        == 3
    )
    assert changed(lambda jobs: jobs.pop("real-runtime"))
    # a deploy in a workflow of its own cannot need the tests at all
    alone = {"jobs": {"deploy": {"steps": [{"uses": "actions/deploy-pages@v5"}]}}}
    assert ungated_deploys({**flows, "pages.yml": alone}) == [
        "pages.yml, job deploy (GitHub Pages): its workflow has no job test",
        "pages.yml, job deploy (GitHub Pages): its workflow has no job real-runtime",
    ]


def test_a_tag_is_pushed_to_itch_io_with_butler_when_itch_io_is_set_up() -> None:
    itch = workflows()["ci.yml"]["jobs"]["itch"]
    pinned = itch["env"]["BUTLER_VERSION"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned), "butler's version is pinned"
    assert itch["env"]["BUTLER_SHA256"] == "${{ vars.BUTLER_SHA256 }}"
    assert itch["env"]["ITCH_TARGET"] == "${{ vars.ITCH_TARGET }}"
    check, download, fetch, push = steps(itch)
    # without the secret or the variable: said, and nothing else runs
    assert check["env"] == {"HAS_KEY": "${{ secrets.BUTLER_API_KEY != '' }}"}
    assert "::notice" in check["run"] and "exit 0" in check["run"] and "push=false" in check["run"]
    for step in (download, fetch, push):
        assert step["if"] == "steps.itch.outputs.push == 'true'"
    assert download["with"] == {"name": "thirteen-itch"}
    # butler from itch.io's own distribution, at the pinned version, its checksum compared
    script = fetch["run"]
    assert "https://broth.itch.zone/butler/linux-amd64/$BUTLER_VERSION/archive/default" in script
    assert "LATEST" not in script
    assert 'sha256sum "$RUNNER_TEMP/butler.zip"' in script
    assert 'if [ -z "$BUTLER_SHA256" ]; then' in script  # unset: the job fails
    assert 'if [ "$got" != "$BUTLER_SHA256" ]; then' in script
    assert script.index("BUTLER_SHA256") < script.index("unzip")  # checked before it runs
    assert 'grep -qF "$BUTLER_VERSION"' in script
    # only the push sees the key
    assert push["env"]["BUTLER_API_KEY"] == "${{ secrets.BUTLER_API_KEY }}"
    assert push["run"] == 'butler push thirteen-itch.zip "$ITCH_TARGET" --userversion "${TAG#v}"'
    assert "BUTLER_API_KEY" not in json.dumps([download, fetch]) + json.dumps(itch["env"])


def test_make_itch_pushes_with_butler(tmp_path: Path) -> None:
    makefile = (ROOT / "Makefile").read_text()
    target = makefile[makefile.index("\nitch:") :].split("\n\n")[0]
    assert 'butler push build/thirteen-itch.zip "$(ITCH_TARGET)"' in target
    assert re.search(r"^\.PHONY:.*\bitch\b", makefile, re.M)
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make")
    # without a target or without butler it says so before building anything
    env = {k: v for k, v in os.environ.items() if k not in ("ITCH_TARGET", "MAKEFLAGS")}
    said = subprocess.run([make, "-s", "itch"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert said.returncode == 2
    assert said.stderr.startswith("make itch: set ITCH_TARGET=user/game:html5\n")
    env["PATH"] = str(tmp_path)  # no butler there
    said = subprocess.run(
        [make, "-s", "itch", "ITCH_TARGET=someone/thirteen:html5"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert said.returncode == 2
    assert said.stderr.startswith("make itch: butler is not installed (docs/web.md)\n")
