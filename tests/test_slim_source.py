"""The browser archive's sources without docstrings and comments (scripts/slim_source.py):
the same code, every line where it was, strings that look like comments untouched; and
slimmed once a process for each text (scripts/build_memo.py), a changed text anew."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from script_modules import load_script

ROOT = Path(__file__).resolve().parent.parent


# under their own names: build_memo imports slim_source as its sibling, this one
slim_source = load_script("slim_source", "slim_source")
build_memo = load_script("build_memo", "build_memo")

SOURCE = '''"""The module's docstring,
on two lines."""

X = 1
"""What X is."""


def only_doc():
    """Nothing but this."""


class Shape:
    """A class."""

    def area(self):  # the comment goes
        """How big."""
        # a whole-line comment
        return "# not a comment" + """
# nor this, inside a string"""
'''


def test_docstrings_and_comments_go_and_every_line_stays_where_it_was():
    slim = slim_source.slim(SOURCE)
    assert slim.count("\n") == SOURCE.count("\n")
    assert "docstring" not in slim and "What X is" not in slim and "How big" not in slim
    assert "the comment goes" not in slim and "whole-line comment" not in slim
    assert '"# not a comment"' in slim and "# nor this, inside a string" in slim
    namespace: dict = {}
    exec(compile(slim, "slim", "exec"), namespace)
    assert namespace["only_doc"]() is None and namespace["X"] == 1
    assert namespace["Shape"]().area().startswith("# not a comment")
    for line_number, line in enumerate(SOURCE.splitlines(), start=1):
        if line.strip().startswith("return"):
            assert slim.splitlines()[line_number - 1] == line
    assert slim_source.same_code(SOURCE, slim)


def test_a_change_to_the_code_is_seen():
    assert not slim_source.same_code(SOURCE, SOURCE.replace("X = 1", "X = 2"))


@pytest.mark.parametrize("path", sorted((ROOT / "game").rglob("*.py")), ids=lambda p: p.name)
def test_every_game_source_slims_to_the_same_code(path):
    source = path.read_text(encoding="utf-8")
    slim = slim_source.slim(source)
    assert slim_source.same_code(source, slim)
    assert slim.count("\n") == source.count("\n")
    assert ast.get_docstring(ast.parse(slim)) is None


def test_a_text_is_slimmed_and_checked_once_and_a_changed_text_anew(monkeypatch):
    """The build slims each text once a process: the same text gives the first slimming
    without slimming or checking again; a changed one, even of the same length and
    lines, is slimmed and checked again."""
    slims, checks = [], []
    monkeypatch.setattr(build_memo, "SLIMMED", {})
    monkeypatch.setattr(
        build_memo, "slim", lambda text: slims.append(text) or slim_source.slim(text)
    )
    monkeypatch.setattr(
        build_memo,
        "same_code",
        lambda text, slim: checks.append(text) or slim_source.same_code(text, slim),
    )
    first = build_memo.slimmed(SOURCE)
    assert first == slim_source.slim(SOURCE)
    assert build_memo.slimmed(SOURCE) == first
    assert (len(slims), len(checks)) == (1, 1)
    changed = SOURCE.replace("X = 1", "X = 2")
    assert len(changed) == len(SOURCE)
    again = build_memo.slimmed(changed)
    assert "X = 2" in again and "X = 1" not in again
    assert (len(slims), len(checks)) == (2, 2)
    assert build_memo.slimmed(SOURCE) == first
    assert (len(slims), len(checks)) == (2, 2)


def test_a_slimming_that_changes_the_code_is_refused_every_time(monkeypatch):
    monkeypatch.setattr(build_memo, "SLIMMED", {})
    monkeypatch.setattr(build_memo, "slim", lambda text: text.replace("X = 1", "X = 3"))
    assert build_memo.slimmed(SOURCE) is None
    assert build_memo.slimmed(SOURCE) is None
    assert build_memo.SLIMMED == {}
