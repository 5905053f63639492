"""The game's Python sources as the browser archive carries them: without docstrings
and comments, every line where it was.

A first visit downloads the whole archive, and about half of the sources' bytes are
their explanations, which the page never reads (nothing in the game looks at
``__doc__``).  Docstrings and comment text are blanked rather than removed, so every
line keeps its number and a traceback from the page points at the right line of the
real source.  A body left with nothing but its docstring gets ``...`` in its place.
"""

from __future__ import annotations

import ast
import io
import tokenize


def _is_bare_string(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _docstring_nodes(tree: ast.AST) -> list[ast.stmt]:
    """Every statement that is a bare string: docstrings, and the strings documenting
    a module's or class's names (each is a no-op when run)."""
    found: list[ast.stmt] = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        found += [statement for statement in body if _is_bare_string(statement)]
    return found


def slim(source: str) -> str:
    """``source`` with its docstrings and comments blanked, its line count unchanged.

    The result compiles to the same code as ``source`` bar the docstrings (checked by
    the build: see :func:`same_code`)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    keep_one: set[int] = set()  # bodies that would be empty: their first string stays as "..."
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and not isinstance(node, ast.Module):
            if all(_is_bare_string(statement) for statement in body):
                keep_one.add(id(body[0]))
    for statement in _docstring_nodes(tree):
        first, last = statement.lineno - 1, (statement.end_lineno or statement.lineno) - 1
        start, end = statement.col_offset, statement.end_col_offset or 0
        head, tail = lines[first][:start], lines[last][end:]
        if head.strip() or tail.strip() not in ("", ";") and not tail.lstrip().startswith("#"):
            continue  # shares its line with code: left as it is
        filler = "..." if id(statement) in keep_one else ""
        lines[first] = (head + filler).rstrip() + "\n"
        for index in range(first + 1, last + 1):
            lines[index] = "\n"
    text = "".join(lines)
    return _without_comments(text)


def _without_comments(text: str) -> str:
    """``text`` with every comment cut from its line (a comment is never inside a
    string, as the tokenizer tells them apart); the encoding line is a comment too,
    but the sources are UTF-8, Python's default."""
    lines = text.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:col].rstrip() + "\n"
    return "".join(lines)


def same_code(source: str, slimmed: str) -> bool:
    """Whether ``slimmed`` is ``source`` bar docstrings and comments: their syntax
    trees, with every bare string statement dropped, print the same."""

    def bare(text: str) -> str:
        tree = ast.parse(text)
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list):
                kept = [
                    s
                    for s in body
                    if not (
                        isinstance(s, ast.Expr)
                        and isinstance(s.value, ast.Constant)
                        and (isinstance(s.value.value, str) or s.value.value is Ellipsis)
                    )
                ]
                body[:] = kept or [ast.Pass()]
        return ast.dump(tree)

    return bare(source) == bare(slimmed)
